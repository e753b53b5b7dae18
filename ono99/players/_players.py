"""The shipped players, and :func:`play_out`, which lets players play a game to its end."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ono99._args import shown, whole
from ono99._errors import ArgumentError, IllegalMoveError
from ono99.engine import Game, choice, play_to_end

from ._policies import Traits, cautious_move, reckless_move, told_of, traits_of
from ._put_aside import lays_away, put_aside_move

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ono99._variant import Variant
    from ono99.engine import Move, Observation, Player

__all__ = [
    "CautiousPlayer",
    "RandomPlayer",
    "RecklessPlayer",
    "play_out",
]


class RandomPlayer:
    """Picks a legal move uniformly at random, from its own seeded generator.

    Args:
        seed: Seed of the player's generator (``None``: a random seed).

    Two players given one seed choose alike, whatever else is playing:

    >>> import ono99
    >>> game = ono99.Game("ono99-1980", players=3, seed=42)
    >>> first, second = ono99.RandomPlayer(seed=7), ono99.RandomPlayer(seed=7)
    >>> [first.choose(game.observation(0)) for _ in range(3)]
    [Play(card='10'), Play(card='7'), Play(card='reverse')]
    >>> [second.choose(game.observation(0)) for _ in range(3)]
    [Play(card='10'), Play(card='7'), Play(card='reverse')]
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Move:
        """A uniformly random legal move."""
        return self.pick(observation.legal_moves, observation.total, observation.variant)

    def pick(
        self,
        legal_moves: Sequence[Move],
        total: int,  # noqa: ARG002 - the protocol's signature; chance needs no total
        variant: Variant,  # noqa: ARG002
    ) -> Move:
        """What :meth:`choose` would pick (see :class:`QuickPlayer`)."""
        return choice(self._rng, legal_moves)

    def __repr__(self) -> str:
        return "RandomPlayer()"


class _RankingPlayer:
    """A deterministic quick player that takes the legal move its strategy ranks first."""

    # Whether it lays cards away into the crib by the heuristic (put_aside_move).
    lays_away_well: ClassVar[bool] = False

    def __init__(self) -> None:
        self._cache: list[Traits] = []

    def choose(self, observation: Observation) -> Move:
        """The strategy's choice among the legal moves (by the totals the observation tells)."""
        if self.lays_away_well and lays_away(observation):
            return put_aside_move(observation)  # the crib: the cards whose keeping scores most
        traits = traits_of(self._cache, observation.variant)
        return self._best(traits, observation.legal_moves, observation.total, told_of(observation))

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """What :meth:`choose` would pick (see :class:`QuickPlayer`)."""
        return self._best(traits_of(self._cache, variant), legal_moves, total)

    @staticmethod
    def _best(
        traits: Traits,
        legal: Sequence[Move],
        total: int,
        told: Mapping[tuple[str, int | None], int] | None = None,
    ) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class CautiousPlayer(_RankingPlayer):
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
    Aimed at, it answers whenever a card may, ranking the answers as cards that
    keep the total (an answer's effects do not act), and declines otherwise.

    The player is deterministic: it has no seed.

    Holding Reverse, 10, 7 and 5 at a total of 0, it plays the 10 and keeps
    the Reverse (a :class:`RecklessPlayer` would play the Reverse):

    >>> import ono99
    >>> game = ono99.Game("ono99-1980", players=3, seed=42)
    >>> game.hand(0), game.total
    (('reverse', '10', '7', '5'), 0)
    >>> ono99.CautiousPlayer().choose(game.observation(0))
    Play(card='10')
    >>> ono99.RecklessPlayer().choose(game.observation(0))
    Play(card='reverse')
    """

    _best = staticmethod(cautious_move)
    lays_away_well: ClassVar[bool] = True


class RecklessPlayer(_RankingPlayer):
    """Spends its helper cards as soon as it can, then plays its highest number card.

    The opposite of :class:`CautiousPlayer`: it plays a helper (a card that
    does more than add a non-negative amount) whenever one is legal, those
    that force or pass on plays first, then the one leaving the highest total;
    with only number cards it plays the highest it safely can. A redraw is
    always taken; aimed at, it answers as :class:`CautiousPlayer` does. It
    shows what the reviewers' advice is worth: "save all special cards until
    the very end".

    The player is deterministic: it has no seed.

    >>> import ono99
    >>> game = ono99.Game("ono99-1980", players=3, seed=42)
    >>> game.hand(0)
    ('reverse', '10', '7', '5')
    >>> ono99.RecklessPlayer().choose(game.observation(0))
    Play(card='reverse')
    """

    _best = staticmethod(reckless_move)


def play_out(game: Game, players: Sequence[Player], *, max_moves: int = 1_000_000) -> int:
    """Let ``players`` (one per seat) play ``game`` to its end.

    Each player is asked with ``choose(observation)``, or with ``pick`` if
    it is a :class:`QuickPlayer`.

    Args:
        game: The game, in any state.
        players: One player per seat.
        max_moves: A guard against a game that never ends.

    Returns:
        The winner's seat.

    Raises:
        ArgumentError: If the players do not fit the seats, or one of them
            is no player (it has no ``choose`` method); the message names its
            seat.
        IllegalMoveError: If a player chose an illegal move; the message
            names its seat, and the game is left as it was before that move.
        Ono99Error: If the game did not end within ``max_moves``.

    >>> from ono99 import CautiousPlayer, Game, play_out
    >>> game = Game("ono99-2022", players=2, seed=1)
    >>> play_out(game, [CautiousPlayer()])
    Traceback (most recent call last):
    ...
    ono99.ArgumentError: players: 1 player given for 2 seats; give one per seat
    """
    if not isinstance(game, Game):
        raise ArgumentError("game", f"expected a Game, got {shown(game)}")
    if not isinstance(players, list | tuple):
        raise ArgumentError(
            "players", f"expected a list of players, one per seat, got {shown(players)}"
        )
    if len(players) != game.players:
        given = f"{len(players)} player{'s' if len(players) != 1 else ''}"
        raise ArgumentError(
            "players", f"{given} given for {game.players} seats; give one per seat"
        )
    for seat, player in enumerate(players):
        if isinstance(player, type):
            name = player.__name__
            raise ArgumentError(
                f"players[{seat}]",
                f"got the class {name}, not a player: pass one made of it ({name}(), or "
                f"{name}(seed) for a seeded one), one per seat",
            )
        if not (
            callable(getattr(player, "choose", None)) or callable(getattr(player, "pick", None))
        ):
            raise ArgumentError(
                f"players[{seat}]",
                f"the player at seat {seat} has no choose(observation) method: {shown(player)}",
            )
    whole("max_moves", max_moves, 1)
    try:
        return play_to_end(game, players, max_moves)  # the engine's own loop
    except IllegalMoveError as exc:
        # The engine refused the move and left the game as it was: the seat to
        # move is the one that chose it.
        seat = game.current_player
        raise IllegalMoveError(
            f"the player at seat {seat} ({shown(players[seat], 60)}) chose an illegal "
            f"move, {exc.move!r}: {exc.reason}",
            exc.move,
        ) from None
