"""Variants that can never end: ``validate`` proves it, and every game still ends.

"Give variants a documented, explicit rule for a round or a match that runs
too long ... so that every valid variant ends and ``demo``, ``simulate`` and
``play_out`` never hang; make ``ono99 validate`` refuse (or warn about, with
``--strict`` refusing) the variants it can show can never end" (issue 14).
Each file under ``tests/loading/never_ends/`` loads and, before ``round.max_plays``,
``round.max_rounds`` and ``round.max_game_plays``, played until a guard
stopped it; each is a different way of never ending.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

import ono99
from ono99 import check_file, list_house_rules, list_variants
from ono99.cli._main import main
from ono99.events import RoundEnded
from ono99.loading._files import house_rules_dir, variants_dir
from ono99.rules import (
    NotAsAnswer,
    OncePerTurn,
    TotalAtLeast,
    TotalAtMost,
    TotalEven,
    TotalMultipleOf,
    TotalOdd,
)

if TYPE_CHECKING:
    from ono99.rules import Condition

HERE = Path(__file__).parent / "never_ends"
ROUNDS = ["tens-both-ways", "up-and-down", "reset-or-thirty"]  # nobody can lose a round
MATCHES = {  # rounds end, but nobody can win the game
    "tokens-never-lost": "match.tokens.lost",
    "points-never-gained": "match.points.bust",
    "pass-and-stay-in": "no_safe_play.action",
}


def _never_findings(path: Path) -> list[ono99.Finding]:
    return [f for f in check_file(path) if "can never end" in f.message]


@pytest.mark.parametrize("name", ROUNDS)
def test_validate_warns_of_a_round_nobody_can_lose(name: str) -> None:
    (finding,) = _never_findings(HERE / f"{name}.toml")
    assert (finding.level, finding.path) == ("warning", "cards")
    assert "a round can never end by itself" in finding.message
    assert "nobody can ever lose" in finding.message


@pytest.mark.parametrize(("name", "key"), list(MATCHES.items()))
def test_validate_warns_of_a_match_nobody_can_win(name: str, key: str) -> None:
    (finding,) = _never_findings(HERE / f"{name}.toml")
    assert (finding.level, finding.path) == ("warning", key)
    assert "the game can never end by itself" in finding.message


@pytest.mark.parametrize("name", [*ROUNDS, *MATCHES])
def test_strict_refuses_and_json_reports(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(HERE / f"{name}.toml")
    assert main(["validate", path]) == 0
    assert main(["validate", "--strict", path]) == 1
    capsys.readouterr()
    main(["validate", "--json", path])
    data = json.loads(capsys.readouterr().out)
    assert "can never end" in json.dumps(data)


@pytest.mark.parametrize("name", ROUNDS)
def test_the_proof_holds_in_play(name: str) -> None:
    """What validate proves is what happens: with short rounds, nobody ever loses one."""
    variant = ono99.load_variant(HERE / f"{name}.toml")
    rounds = attrs.evolve(variant.round, max_plays=300, max_rounds=4)
    variant = attrs.evolve(variant, round=rounds)
    for seed in range(5):
        game = ono99.Game(variant, 2 + seed % 3, seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + s) for s in range(game.players)])
        ended = [e for e in game.events if isinstance(e, RoundEnded)]
        assert ended
        assert all(e.losers == () for e in ended)


@pytest.mark.parametrize("name", [*ROUNDS, *MATCHES])
def test_play_out_ends_within_the_game_limit(name: str) -> None:
    variant = ono99.load_variant(HERE / f"{name}.toml")
    game = ono99.Game(variant, 3, seed=1)
    winner = ono99.play_out(game, [ono99.CautiousPlayer() for _ in range(3)])
    assert game.winner == winner
    assert game.cards_played <= variant.round.max_game_plays
    assert game.round <= variant.round.max_rounds


def test_a_game_whose_rounds_never_end_stops_at_max_game_plays() -> None:
    """``round.max_game_plays``: the game ends at once, the best placed player wins."""
    variant = ono99.load_variant(HERE / "tens-both-ways.toml")
    variant = attrs.evolve(variant, round=attrs.evolve(variant.round, max_game_plays=2500))
    game = ono99.Game(variant, 4, seed=3)
    ono99.play_out(game, [ono99.CautiousPlayer() for _ in range(4)])
    assert len(game.moves) == 2500
    assert game.round == 1  # the first round, drawn at 2,500 plays (max_plays 10,000)
    assert game.winner == 0  # tokens all equal: the first seat


def test_simulate_and_demo_end(capsys: pytest.CaptureFixture[str]) -> None:
    path = HERE / "up-and-down.toml"
    result = ono99.simulate(path, players=2, games=1, jobs=1)
    assert result.games == 1
    assert result.plays == ono99.load_variant(path).round.max_game_plays
    assert main(["demo", "--variant", str(path), "--players", "2", "--seed", "0"]) == 0
    assert "wins the game" in capsys.readouterr().out


@pytest.mark.parametrize("variant_id", list_variants())
def test_no_shipped_variant_is_said_never_to_end(variant_id: str) -> None:
    """No false alarm: every shipped variant, alone and with each house rule for it."""
    assert _never_findings(variants_dir() / f"{variant_id}.toml") == []


@pytest.mark.parametrize("rule_id", list_house_rules())
def test_no_shipped_house_rule_is_said_never_to_end(rule_id: str) -> None:
    """A house rule is laid over each variant it names (every one when it names none)."""
    assert _never_findings(house_rules_dir() / f"{rule_id}.toml") == []


@attrs.define
class _At:
    total: int
    answering: bool = False
    stacking: str = "none"
    stack_on: str = "any_play"

    def times_played_this_turn(self, card_id: str) -> int:
        return 1


@attrs.frozen
class _Card:
    id: str = "card"
    name: str = "Card"


CONDITIONS: list[Condition] = [
    TotalAtLeast(5),
    TotalAtMost(5),
    TotalEven(),
    TotalOdd(),
    TotalMultipleOf(10),
    TotalMultipleOf(10, negative=False),
    NotAsAnswer(),
    OncePerTurn(),
]


@pytest.mark.parametrize("condition", CONDITIONS, ids=lambda c: c.describe())
def test_allows_at_agrees_with_check(condition: Condition) -> None:
    """``allows_at`` answers for the total alone: when it says yes or no, ``check`` agrees
    at that total whatever the turn; a condition that reads the turn says ``None``."""
    for total in range(-30, 31):
        said = condition.allows_at(total)
        turns = [_At(total), _At(total, answering=True)]
        verdicts = {condition.check(t, _Card()) is None for t in turns}  # type: ignore[arg-type]
        if said is None:
            assert len(verdicts) == 2 or condition.reads_turn_plays
        else:
            assert verdicts == {said}
