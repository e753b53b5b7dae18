"""Players that choose moves, and a loop that plays a game out with them."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ._compiled import compile_rules
from ._errors import Ono99Error
from ._moves import Move, Play, Redraw

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._game import Game
    from ._observation import Observation

__all__ = ["CautiousPlayer", "Player", "RandomPlayer", "play_out"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move from what its seat may know.

    A player sees only its :class:`~ono99.Observation`, whose ``legal_moves``
    lists what it may do; it must return one of them.

    >>> import ono99
    >>> class FirstMove:
    ...     def choose(self, observation: ono99.Observation) -> ono99.Move:
    ...         return observation.legal_moves[0]
    >>> isinstance(FirstMove(), ono99.Player)
    True
    """

    def choose(self, observation: Observation) -> Move:
        """Pick one of ``observation.legal_moves``."""
        ...


class RandomPlayer:
    """Picks a legal move uniformly at random, from its own seeded generator.

    Args:
        seed: Seed of the player's generator (``None``: a random seed).
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Move:
        """A uniformly random legal move."""
        return self._rng.choice(observation.legal_moves)

    def __repr__(self) -> str:
        return "RandomPlayer()"


class CautiousPlayer:
    """Plays the highest safe number card and keeps its helper cards until forced.

    This is the strategy the 1980 edition's reviewers describe: "the optimum
    play is to save all special cards until the very end. As long as you can
    play a valued card without hitting 99 or more points, you should hold onto
    the special cards." A *number card* is one whose only effect adds a
    non-negative amount; every other playable card is a helper. A card that
    lets the player choose the amount counts as played: an Ace played for 11
    is a number card, a Ten played for -10 a helper, so the player takes the
    highest safe amount. When forced to use a helper it prefers one that keeps
    the total highest (holding rather than subtracting, a King that sets 99
    rather than a pass), then one that passes forced plays on. A card that names
    the next player names the first player it may. A redraw is always taken.
    """

    def choose(self, observation: Observation) -> Move:
        """The cautious choice among the legal moves."""
        legal = observation.legal_moves
        for move in legal:
            if isinstance(move, Redraw):
                return move
        rules = compile_rules(observation.variant)
        total = observation.total
        best: tuple[int, int, int] | None = None
        choice: Move = legal[0]
        for move in legal:
            if not isinstance(move, Play):
                continue
            card = rules.cards[rules.index[move.card]]
            new = rules.total_after(card, total, move.amount)
            added = card.adds(move.amount)
            plain = not card.actions and added is not None and added >= 0
            # Rank: number cards first, highest total; then helpers keeping the
            # total highest (holding rather than subtracting), forcing cards first.
            forcing = any(a.type in ("force_plays", "deflect") for a in card.actions)
            key = (1 if plain else 0, new, 1 if forcing else 0)
            if best is None or key > best:
                best, choice = key, move
        return choice

    def __repr__(self) -> str:
        return "CautiousPlayer()"


def play_out(game: Game, players: Sequence[Player], *, max_moves: int = 1_000_000) -> int:
    """Let ``players`` (one per seat) play ``game`` to its end.

    Args:
        game: The game, in any state.
        players: One player per seat.
        max_moves: A guard against a game that never ends.

    Returns:
        The winner's seat.

    Raises:
        Ono99Error: If the players do not fit the seats, or the game did not
            end within ``max_moves``.
        IllegalMoveError: If a player chose an illegal move.
    """
    if len(players) != game.players:
        raise Ono99Error(f"{len(players)} players given for {game.players} seats")
    for _ in range(max_moves):
        winner = game.winner
        if winner is not None:
            return winner
        seat = game.current_player
        game.play(players[seat].choose(game.observation(seat)))
    raise Ono99Error(f"the game did not end within {max_moves} moves")
