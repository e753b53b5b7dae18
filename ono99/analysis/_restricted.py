"""The restricted player of card importance: a cautious player who never plays one card.

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted
Play" (AIIDE 2012): how much a card matters is how much a player loses by
giving it up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99.engine import Play
from ono99.players import CautiousPlayer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import Variant
    from ono99.engine import Move, Observation

__all__ = ["AvoidingPlayer", "Tally", "TallyingPlayer"]


class AvoidingPlayer:
    """A cautious player who never plays ``card`` while it has another legal move.

    It chooses as :class:`~ono99.CautiousPlayer` does among its legal moves
    without the card; when the card is all it may play, it plays it (a player
    must move). Where the card is not among the legal moves, it plays exactly
    as a cautious player. It is deterministic: the seed a simulation gives it
    is ignored.

    Args:
        card: The id of the card it avoids.
        seed: Ignored (a simulation gives each player one).

    >>> import ono99
    >>> player = ono99.AvoidingPlayer("10")
    >>> player.pick([ono99.Play("10"), ono99.Play("2")], 50, ono99.load_variant("ono99-2022"))
    Play(card='2')
    >>> player.pick([ono99.Play("10")], 50, ono99.load_variant("ono99-2022"))
    Play(card='10')
    """

    def __init__(self, card: str, seed: int | None = None) -> None:  # noqa: ARG002 - see Args
        self.card = card
        self._cautious = CautiousPlayer()

    def choose(self, observation: Observation) -> Move:
        """What :meth:`pick` picks for the observation's legal moves."""
        return self.pick(observation.legal_moves, observation.total, observation.variant)

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """The cautious choice among ``legal_moves`` without the card (all, if none is left)."""
        return _avoiding(self._cautious, self.card, legal_moves, total, variant)

    def __repr__(self) -> str:
        return f"AvoidingPlayer({self.card!r})"


def _avoiding(
    cautious: CautiousPlayer, card: str, legal_moves: Sequence[Move], total: int, variant: Variant
) -> Move:
    """The cautious choice among ``legal_moves`` without ``card`` (all, if none is left)."""
    kept = [m for m in legal_moves if not (isinstance(m, Play) and m.card == card)]
    return cautious.pick(kept or legal_moves, total, variant)


class Tally:
    """What forbidding each card would have done to one player's choices, game by game.

    Attributes:
        legal: For each card id, the decisions in which a play of it was legal.
        changed: For each card id, the decisions in which the player that
            avoids it would have chosen otherwise.
        games: For each game, in order, the cards whose avoiding player
            would have chosen otherwise at least once in it.
    """

    __slots__ = ("changed", "games", "legal")

    def __init__(self) -> None:
        self.legal: dict[str, int] = {}
        self.changed: dict[str, int] = {}
        self.games: list[set[str]] = []

    def player(self, seed: int | None = None) -> TallyingPlayer:  # noqa: ARG002 - a factory's
        """The unrestricted player of one new game, counting into this tally."""
        changed: set[str] = set()
        self.games.append(changed)
        return TallyingPlayer(self, changed)


class TallyingPlayer:
    """The restricted player with nothing restricted, who counts what each restriction changes.

    It chooses exactly as :class:`AvoidingPlayer` does when the card it
    avoids is not among the legal moves: the cautious choice. At each
    decision it also asks, for each card among the legal plays, what the
    player avoiding that card would choose, and counts it in its
    :class:`Tally` where the two differ. Until that first difference a game
    of the avoiding player is this game, move for move (the deal, the other
    players and every choice alike), so a game in which no choice differs is
    the same game with the card avoided.
    """

    def __init__(self, tally: Tally, changed: set[str]) -> None:
        self._cautious = CautiousPlayer()
        self._tally = tally
        self._changed = changed

    def choose(self, observation: Observation) -> Move:
        """What :meth:`pick` picks for the observation's legal moves."""
        return self.pick(observation.legal_moves, observation.total, observation.variant)

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """The cautious choice; for each card it could play, whether avoiding it changes that."""
        cautious = self._cautious
        chosen = cautious.pick(legal_moves, total, variant)
        tally = self._tally
        for card in dict.fromkeys(m.card for m in legal_moves if isinstance(m, Play)):
            tally.legal[card] = tally.legal.get(card, 0) + 1
            if _avoiding(cautious, card, legal_moves, total, variant) != chosen:
                tally.changed[card] = tally.changed.get(card, 0) + 1
                self._changed.add(card)
        return chosen

    def __repr__(self) -> str:
        return "TallyingPlayer()"
