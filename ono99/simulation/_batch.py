"""Many games in one call: the inner loop of :func:`~ono99.simulate`, compiled with the engine.

A chunk of games is played here from start to end, with no Python code of
the simulation's own between two games or two moves when the seats are the
shipped strategies (compiled too): each game is dealt, played out by the
engine's own loop, and reduced to the few numbers a simulation keeps.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeAlias

from ono99 import events as ev
from ono99.engine import deal, engine_of, play_to_end

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant
    from ono99.engine import Player

__all__ = ["Outcome", "SeatMaker", "deciding_card", "play_games"]

# One game: winner's seat, strategy index of the winner, cards played, rounds,
# deciding card id ("" for none).
Outcome: TypeAlias = tuple[int, int, int, int, str]

# Makes the player of one seat of one game: (the game's generator, the game's
# number, the seat) -> player.
SeatMaker: TypeAlias = "Callable[[random.Random, int, int], Player]"


def play_games(
    variant: Variant,
    players: int,
    games: range,
    game_seed: Callable[[int], int],
    seats: Sequence[SeatMaker],
    *,
    rotate: bool,
    max_moves: int,
    done: Callable[[], object] | None,
    failed: Callable[[int, int, Exception], Exception],
) -> list[Outcome]:
    """Play ``games`` (their numbers) of ``variant`` and say how each ended.

    Args:
        variant: The variant (checked, and ``players`` with it).
        players: Players per game.
        games: The games' numbers.
        game_seed: The seed of game ``i``.
        seats: The strategies, as makers of a seat's player. With
            ``rotate``, game ``i``'s seat ``s`` plays
            ``seats[(s + i) % players]``, else ``seats[s]``.
        rotate: Whether strategies move round the table from game to game.
        max_moves: A guard against a game that never ends.
        done: Called after each game.
        failed: Turns what went wrong in a game (its number, its seed, the
            exception) into the exception to raise.

    Returns:
        Each game's :data:`Outcome`, in order.
    """
    out: list[Outcome] = []
    # One generator, seeded again for each game: the same as a new one, at less cost.
    rng = random.Random()
    for index in games:
        shift = index % players if rotate else 0
        kinds = [(seat + shift) % players for seat in range(players)]
        seed = game_seed(index)
        try:
            rng.seed(seed)
            game = deal(variant, players, seed, rng)
            engine = engine_of(game)
            chosen = [seats[kinds[seat]](rng, index, seat) for seat in range(players)]
            winner = play_to_end(game, chosen, max_moves)
        except Exception as exc:
            raise failed(index, seed, exc) from exc
        deciding = deciding_card(engine.events)
        out.append((winner, kinds[winner], engine.cards_played, engine.round, deciding))
        if done is not None:
            done()
    return out


def deciding_card(events: Sequence[ev.Event]) -> str:
    """The last card another player played before the final loss ("" for none)."""
    losses = (ev.Busted, ev.Stuck, ev.LaidDown)
    played, started = ev.Played, ev.RoundStarted
    loser = -1
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if loser < 0:
            if isinstance(event, losses):
                loser = event.player
        elif isinstance(event, played):
            if event.player != loser:
                return event.card
        elif isinstance(event, started):
            return ""
    return ""
