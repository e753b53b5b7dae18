"""The same generated variants, played on the pure-Python and the compiled engine.

Three steps, each a command of this script::

    python tests/compare_engines.py write DIR          # the variant files (needs Hypothesis)
    python tests/compare_engines.py play DIR >DIGESTS  # one digest line a file
    python tests/compare_engines.py compare A B        # fails on any difference

``write`` draws a fixed set of variant files from the loader fuzz's generator of the
newest keys (``new_keys``: aims, declines, declarations, ``{ from, to }`` ranges,
teams, the starter and the show), derandomised, so every run writes the same files.
``play`` needs the library alone: it loads each file and plays a few seeded games,
and prints the file's name and, for each game, a hash of its event log (or the
error's class and message where the file is refused or a game raises). Run with the
compiled engine and with the pure one on the same files, ``compare`` names each file
and seed whose games differ.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w

import ono99
from ono99.engine import COMPILED

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

FILES = 400
SEEDS = (0, 1, 2, 3)
MAX_MOVES = 250


def write(folder: Path, files: int = FILES) -> list[Path]:
    """Write ``files`` generated variant files into ``folder``; the same ones every time."""
    fuzz_folder = str(Path(__file__).parent / "loading")
    if fuzz_folder not in sys.path:
        sys.path.insert(0, fuzz_folder)
    # Hypothesis and the fuzz's generator only here: ``play`` needs the library alone.
    from hypothesis import HealthCheck, Phase, given, settings  # noqa: PLC0415
    from test_loader_fuzz import new_keys  # noqa: PLC0415

    drawn: list[tuple[dict[str, Any], list[str]]] = []

    @settings(
        derandomize=True,
        database=None,
        max_examples=files,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(new_keys())
    def draw(case: tuple[dict[str, Any], list[str]]) -> None:
        drawn.append(case)

    draw()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index, (data, wrong) in enumerate(drawn[:files]):
        texts = {f"v{index:04}": data}
        sound = _made_sound(data, wrong)
        if sound != data:
            texts[f"v{index:04}-sound"] = sound
        for stem, text in texts.items():
            path = folder / f"{stem}.toml"
            path.write_text(tomli_w.dumps(text), "utf-8")
            written.append(path)
    return written


_WRONG_KEY = re.compile(r"cards\.(?P<card>.+)\.effects\[(?P<index>\d+)\]\.(?P<key>\w+)")


def _made_sound(data: dict[str, Any], wrong: list[str]) -> dict[str, Any]:
    """``data`` with each aim key and range the generator drew wrong set to a sound value.

    So too a card dealt on top of the deal none at a time, and a floor that busts
    with no floor.

    Most aims drawn have a key wrong (or an outcome by 0), and a file with one is
    refused; its sound twin is played (the card that aims also answers it), so that
    aims are played often.
    """
    data = copy.deepcopy(data)
    for card in data["cards"].values():
        for effect in card.get("effects", []):
            for outcome in effect.get("outcomes", []) if effect.get("type") == "aim" else []:
                if outcome.get("by") == 0:
                    outcome["by"] = 1
    for path in wrong:
        if path == "deal.extra[0].count":  # none dealt on top of the deal: one each
            data["deal"]["extra"][0]["count"] = 1
            continue
        if path == "total.below_floor":  # a floor to bust below: at the start
            data["total"]["floor"] = data["total"]["start"]
            continue
        found = _WRONG_KEY.fullmatch(path)
        assert found is not None, path
        card = found["card"]
        sound: dict[str, Any] = {
            "what": "a drink",
            "outcomes": [{"type": "points", "who": "player", "by": 1}],
            "answer": [{"type": "card", "rank": [card]}],
            "answered": "send_back",
            "max_answers": 3,
            "amounts": {"from": -5, "to": 5},
        }
        data["cards"][card]["effects"][int(found["index"])][found["key"]] = sound[found["key"]]
    return data


def _error(exc: BaseException, path: Path | None = None) -> str:
    """The error's class and message on one line (the file named without its folder)."""
    message = str(exc) if path is None else str(exc).replace(str(path), path.name)
    return json.dumps(f"{type(exc).__name__}: {message}")


def game_digest(variant: ono99.Variant, seed: int) -> str:
    """A hash of one seeded game's event log, or the error it raised.

    Seeds after the first two seat a cautious and a reckless player among the
    random ones, at the most players the variant allows (their choices read the
    totals a move would give, more of the engine); a game stops after
    ``MAX_MOVES`` moves.
    """
    players = variant.players.min if seed < 2 else variant.players.max
    seats: list[ono99.Player] = [ono99.RandomPlayer(seed + i) for i in range(players)]
    if seed >= 2:
        seats[1::3] = [ono99.CautiousPlayer()] * len(seats[1::3])
        seats[2::3] = [ono99.RecklessPlayer()] * len(seats[2::3])
    digest = hashlib.sha256()
    try:
        game = ono99.Game(variant, players, seed=seed)
        for _ in range(MAX_MOVES):
            if game.is_over:
                break
            seat = game.current_player
            game.play(seats[seat].choose(game.observation(seat)))
        for event in game.events:
            digest.update(json.dumps(ono99.to_data(event), sort_keys=True).encode())
            digest.update(b"\n")
    except Exception as exc:  # the error is the digest, compared
        return _error(exc)
    return digest.hexdigest()[:16]


def file_digest(path: Path, seeds: Sequence[int] = SEEDS) -> str:
    """One line: the file's name, then each seed's ``seed:digest`` (or the refusal)."""
    try:
        variant = ono99.load_variant(path)
    except Exception as exc:  # a refusal is compared like a game
        return f"{path.name}\trefused:{_error(exc, path)}"
    return "\t".join([path.name, *(f"{seed}:{game_digest(variant, seed)}" for seed in seeds)])


def digests(folder: Path) -> list[str]:
    """Each ``.toml`` file's digest line, in the order of their names."""
    return [file_digest(path) for path in sorted(folder.glob("*.toml"))]


def _fields(lines: Iterable[str]) -> dict[str, dict[str, str]]:
    """Each file's digests by seed (``refused`` for a file refused)."""
    out: dict[str, dict[str, str]] = {}
    for line in lines:
        name, *games = line.rstrip("\n").split("\t")
        out[name] = dict(game.split(":", 1) for game in games)
    return out


def differences(first: Iterable[str], second: Iterable[str]) -> list[str]:
    """Each file and seed whose digests differ between two runs of ``play``, in words."""
    a, b = _fields(first), _fields(second)
    out = [f"{name}: only in the first run" for name in sorted(a.keys() - b.keys())]
    out += [f"{name}: only in the second run" for name in sorted(b.keys() - a.keys())]
    for name in sorted(a.keys() & b.keys()):
        for seed in sorted(a[name].keys() | b[name].keys()):
            left, right = a[name].get(seed, "-"), b[name].get(seed, "-")
            if left != right:
                out.append(f"{name} seed {seed}: {left} != {right}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    write_command = commands.add_parser("write", help="write the generated variant files")
    write_command.add_argument("folder", type=Path)
    write_command.add_argument("--files", type=int, default=FILES)
    play_command = commands.add_parser("play", help="print each file's digest line")
    play_command.add_argument("folder", type=Path)
    play_command.add_argument("--engine", choices=["compiled", "pure"])
    compare_command = commands.add_parser("compare", help="fail on any difference")
    compare_command.add_argument("first", type=Path)
    compare_command.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    if args.command == "write":
        print(f"{len(write(args.folder, args.files))} files written to {args.folder}")
    elif args.command == "play":
        if args.engine is not None and (args.engine == "compiled") != COMPILED:
            print(f"expected the {args.engine} engine, not this one", file=sys.stderr)
            return 2
        for line in digests(args.folder):
            print(line, flush=True)
    else:
        first = args.first.read_text("utf-8").splitlines()
        second = args.second.read_text("utf-8").splitlines()
        found = differences(first, second)
        for line in found:
            print(line)
        runs = _fields(first).values()
        refused = sum("refused" in seeds for seeds in runs)
        games = sum(len(seeds) for seeds in runs) - refused
        print(f"{len(first)} files ({refused} refused), {games} games: {len(found)} differences")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
