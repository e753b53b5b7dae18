"""The ``ono99`` command."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ._errors import Ono99Error
from ._game import Game
from ._loader import list_variants, load_variant
from ._narrate import describe_event
from ._players import CautiousPlayer, Player, RandomPlayer

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant)
    players = args.players if args.players is not None else min(4, variant.players.max)
    game = Game(variant, players, seed=args.seed)
    seats: list[Player] = [
        CautiousPlayer() if seat % 2 == 0 else RandomPlayer(game.seed + seat)
        for seat in range(players)
    ]
    kinds = ", ".join(f"{seat}: {type(p).__name__}" for seat, p in enumerate(seats))
    print(f"{variant.name}, {players} players, seed {game.seed} ({kinds})")
    for event in game.events:
        _show(event, game, args.verbose)
    while not game.is_over:
        seat = game.current_player
        for event in game.play(seats[seat].choose(game.observation(seat))):
            _show(event, game, args.verbose)
    return 0


def _show(event: object, game: Game, verbose: bool) -> None:
    line = describe_event(event, game.variant, hidden=not verbose)  # type: ignore[arg-type]
    if line is not None:
        print(line)


def _variants(_: argparse.Namespace) -> int:
    for variant_id in list_variants():
        variant = load_variant(variant_id)
        print(f"{variant_id:28} {variant.description}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = argparse.ArgumentParser(
        prog="ono99", description="Play, read and simulate O'NO 99 and its relatives."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    demo = commands.add_parser(
        "demo", help="watch built-in players play a whole game, turn by turn"
    )
    demo.add_argument("--variant", default="ono99-2022", help="variant id or TOML file path")
    demo.add_argument("--players", type=int, help="number of players (default: 4)")
    demo.add_argument("--seed", type=int, help="seed of the shuffles (default: random)")
    demo.add_argument("--verbose", action="store_true", help="also show the cards dealt and drawn")
    demo.set_defaults(run=_demo)
    variants = commands.add_parser("variants", help="list the shipped variants")
    variants.set_defaults(run=_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except Ono99Error as exc:
        print(f"ono99: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (``ono99 demo | head``)
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
