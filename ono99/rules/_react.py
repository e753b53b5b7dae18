"""Reactions: an effect aimed at a player, who may answer it at once, out of turn.

A card's :class:`AimAt` effect names a player and opens a *reaction* for
them (:meth:`~ono99.rules.Table.open_reaction`): before play goes on, that
player (not the next in turn) either answers with a card the rule allows,
sending it back to the one who aimed it (who may answer in turn), or
declines and takes it (:class:`ono99.Decline`). :class:`Reaction` is the
reaction open, as every player sees it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from attrs import frozen

from ._contract import AnyCondition, AnyOutcome
from ._defaults import BaseEffect, out_of_range
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = ["MAX_ANSWERS", "AimAt", "Reaction"]

MAX_ANSWERS = 20
"""The most answers a chain of reactions may hold (``max_answers``)."""


@frozen
class Reaction:
    """A reaction open: who may answer it, and what they take if they do not.

    What :attr:`ono99.Game.reaction` and :attr:`ono99.Observation.reaction`
    show, to every player.

    Attributes:
        seat: The player who may answer it now (the player to move).
        by: The player who aimed it at them.
        card: The id of the card it was aimed (or last sent back) with.
        what: What is aimed, in words (``"a drink"``).
        outcomes: What the player takes who declines (outcome rule objects).
        answer: What a card must be to answer it (conditions, all of which
            must allow it).
        answered: What an answer does: ``"send_back"`` (the one who aimed it
            may answer in turn) or ``"block"`` (nobody takes it).
        answers: How many answers the chain holds so far.
        max_answers: The most answers it may hold: then the player it is
            aimed at can only take it.
    """

    seat: int
    by: int
    card: str
    what: str
    outcomes: tuple[AnyOutcome, ...]
    answer: tuple[AnyCondition, ...]
    answered: Literal["send_back", "block"] = "send_back"
    answers: int = 0
    max_answers: int = 4

    @property
    def can_answer(self) -> bool:
        """Whether the chain may hold another answer."""
        return self.answers < self.max_answers

    def __str__(self) -> str:
        return f"player {self.by} aims {self.what} at player {self.seat} with {self.card}"


@shipped
@frozen
class AimAt(BaseEffect):
    """The player names another, who takes what the card aims at them, unless they answer.

    The move names the player (``Play("king", target=2)``), any other still
    in the round. That player may then answer at once, out of turn, with a
    card the ``answer`` conditions allow (``Play("king")``, no choice of its
    own: the answer's effects do not act, and the total stays), which sends
    it back to the one who aimed it, who may answer in turn, and so on, at
    most ``max_answers`` times; or decline (``Decline()``), and take the
    ``outcomes``. Play then goes on as the aiming card left it. A card
    played without a target (the rules' play for a player with no safe play),
    or naming its own player (where another of its effects chooses whom it
    names, as ``choose_next`` with ``include_self``), aims at nobody.

    Rule: "Whoever throws a king may appoint someone to drink a drink. If
    this player also throws up a king, the drink is returned" (drinkspellen.info,
    "99"); a drink is a penalty point::

        [ranks.king]
        effects = [{ type = "aim", what = "a drink",
                     outcomes = [{ type = "points", by = 1 }],
                     answer = [{ type = "card", rank = ["king"] }] }]

    Attributes:
        what: What is aimed, in words, for the log and the players.
        outcomes: What the player who declines takes (outcomes, as a
            trigger's: ``points``, ``tokens``, ``lose_round``...).
        answer: What a card must be to answer (conditions that read the card:
            ``card``, with its ``rank``, ``suit``, ``colour``, ``tags``).
        answered: ``"send_back"``: an answer sends it back to the one who
            aimed it; ``"block"``: an answer ends it, nobody taking it.
        max_answers: The most answers a chain may hold, from 1 to 20.

    >>> import textwrap
    >>> from ono99.rules import AimAt, CardIs, ChangePoints
    >>> aim = AimAt("a drink", (ChangePoints("player", 1),), (CardIs(rank=("king",)),))
    >>> print(textwrap.fill(aim.describe(), 72))
    names another player to take a drink (the player gains 1 point), unless
    they answer at once with a card (only if the card is a king), which
    sends it back (at most 4 times in all)
    """

    type = "aim"
    opens_reactions = True
    what: str
    outcomes: tuple[AnyOutcome, ...]
    answer: tuple[AnyCondition, ...]
    answered: Literal["send_back", "block"] = "send_back"
    max_answers: int = 4

    def apply(self, table: Table, card: CardInfo) -> None:
        """Open the reaction for the player the move names (another than its own)."""
        if table.target is not None and table.target != table.player:
            table.open_reaction(
                Reaction(
                    seat=table.target,
                    by=table.player,
                    card=card.id,
                    what=self.what,
                    outcomes=self.outcomes,
                    answer=self.answer,
                    answered=self.answered,
                    max_answers=self.max_answers,
                )
            )

    def targets(self, table: Table) -> list[int]:
        """Any other player still in the round."""
        return sorted(seat for seat in table.seats_in_round() if seat != table.player)

    def problems(self) -> list[tuple[str, str]]:
        """No outcome, no answer, a condition that does not read the card, a bound out of range."""
        found: list[tuple[str, str]] = []
        if not self.outcomes:
            found.append(("outcomes", "expected at least one outcome (what is taken)"))
        for i, outcome in enumerate(self.outcomes):
            found += [(f"outcomes[{i}].{k}", what) for k, what in outcome.problems()]
        if not self.answer:
            found.append(("answer", "expected at least one condition (what may answer)"))
        for i, condition in enumerate(self.answer):
            if not condition.reads_card:
                found.append(
                    (
                        f"answer[{i}]",
                        f"a {condition.type} condition does not say what a card is: "
                        "an answer is told by the card (card)",
                    )
                )
            found += [(f"answer[{i}].{k}", what) for k, what in condition.problems()]
        if not self.what.strip():
            found.append(("what", "expected what is aimed, in words"))
        found += out_of_range("max_answers", self.max_answers, 1, MAX_ANSWERS)
        return found

    def describe(self) -> str:
        """The effect in words."""
        taken = ", ".join(outcome.describe() for outcome in self.outcomes)
        answer = "; ".join(condition.describe() for condition in self.answer)
        times = {1: "once", 2: "twice"}.get(self.max_answers, f"{self.max_answers} times")
        then = (
            f"which sends it back (at most {times} in all)"
            if self.answered == "send_back"
            else "which ends it"
        )
        return (
            f"names another player to take {self.what} ({taken}), unless they answer at "
            f"once with a card ({answer}), {then}"
        )
