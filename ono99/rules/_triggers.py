"""The shipped triggers, rules of a variant fired by the total or the round, and their outcomes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from attrs import frozen

from ._contract import Outcome
from ._defaults import BaseOutcome, BaseTrigger
from ._registry import shipped

if TYPE_CHECKING:
    from ._contract import Table

__all__ = [
    "ChangePoints",
    "ChangeTokens",
    "EndRound",
    "LandOn",
    "PassOver",
    "PlayerLoses",
    "ReachBust",
    "RoundEnds",
    "WinRound",
]

# ------------------------------------------------------------------ outcomes


@frozen
class _Change(BaseOutcome):
    """The player, or every other player in the round, gains or loses some ``unit``.

    What tokens and points have in common: who it concerns and by how much;
    each subclass says which count it changes.
    """

    unit: ClassVar[str]
    change: ClassVar[str]  # the Table method that changes the count
    who: Literal["player", "others"]
    by: int

    def apply(self, table: Table, seat: int) -> None:
        """Change the count of the trigger's player ``seat``, or of every other player in."""
        if self.who == "player":
            seats = [seat] if seat >= 0 else []
        else:
            seats = [s for s in table.seats_in_round() if s != seat]
        change = getattr(table, self.change)
        for s in seats:
            change(s, self.by)

    def problems(self) -> list[tuple[str, str]]:
        """A change of nothing."""
        return [] if self.by else [("by", "expected a number other than 0")]

    def describe(self) -> str:
        """``"every other player in the round loses 2 tokens"`` and the like."""
        verb = "gains" if self.by > 0 else "loses"
        subject = "the player" if self.who == "player" else "every other player in the round"
        count = abs(self.by)
        return f"{subject} {verb} {count} {self.unit}{'' if count == 1 else 's'}"


@shipped
@frozen
class ChangeTokens(_Change):
    """The player, or every other player in the round, gains or loses tokens.

    Rule: "landing exactly on 33 or 66: every other player loses 1 token ...
    passing over 33 or 66 without landing on it: the player loses 1 token"
    (qcsalon.net, "Ninety-nine"). A player never goes below 0 tokens; one
    left with none is out when the round is scored, unless
    ``match.tokens.play_on_at_zero`` keeps them in.

    Attributes:
        who: ``"player"`` (the trigger's player) or ``"others"`` (every other
            player in the round).
        by: Tokens gained (negative: lost).
    """

    type = "tokens"
    unit = "token"
    change = "change_tokens"


@shipped
@frozen
class ChangePoints(_Change):
    """The player, or every other player in the round, gains or loses points.

    Rule: "crossing 33, 66 or 99 costs the player one point" (bradwilson.io,
    "99"); a score never goes below 0.

    Attributes:
        who: ``"player"`` or ``"others"``.
        by: Points gained (negative: lost).
    """

    type = "points"
    unit = "point"
    change = "change_score"


@shipped
@frozen
class WinRound(BaseOutcome):
    """The player wins the round, which ends at once; nobody loses it.

    Rule: "Landing exactly on 99: every other player loses 2 tokens and the
    player wins the round" (qcsalon.net, "Ninety-nine").
    """

    type = "win_round"
    ends_round = True
    wins_round = True

    def describe(self) -> str:
        """The outcome in words."""
        return "the player wins the round"


@shipped
@frozen
class EndRound(BaseOutcome):
    """The round ends at once; those who lost it so far are its losers.

    Rule: "Going over 99: the player loses 2 tokens and the round ends"
    (qcsalon.net, "Ninety-nine").
    """

    type = "end_round"
    ends_round = True

    def describe(self) -> str:
        """The outcome in words."""
        return "the round ends"


# ------------------------------------------------------------------ triggers


@shipped
@frozen
class LandOn(BaseTrigger):
    """Fires when a play brings the total exactly to ``value`` (from another total).

    Rule: "Landing exactly on 33 or 66: every other player loses 1 token"
    (qcsalon.net, "Ninety-nine"). A play that leaves the total where it was
    (a Hold at 33) does not land on it.

    Attributes:
        value: The total landed on.
        outcomes: What happens then, in order.
    """

    type = "land_on"
    after_play = True
    value: int
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total moved onto ``value``."""
        return after == self.value and before != self.value

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """A value no play can land on (at or above the bust, below the floor)."""
        if self.value > bust:
            return [("value", f"expected a total no higher than the bust limit {bust}")]
        return []

    def describe(self) -> str:
        """The trigger in words."""
        then = self.outcome_words()
        return f"when a play brings the total to exactly {self.value}: {then}"


@shipped
@frozen
class PassOver(BaseTrigger):
    """Fires when a play takes the total up past ``value`` without landing on it.

    Rule: "Passing over 33 or 66 without landing on it: the player loses 1
    token" (qcsalon.net); "crossing 33, 66 or 99 costs the player one point"
    (bradwilson.io). Only a rising total passes over: the sources speak of
    counting up, and a Minus Ten taking 40 to 30 is not said to cost anything.

    Attributes:
        value: The total passed over.
        outcomes: What happens then, in order.
    """

    type = "pass_over"
    after_play = True
    value: int
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total rose from below ``value`` to above it."""
        return before < self.value < after

    def describe(self) -> str:
        """The trigger in words."""
        return (
            f"when a play takes the total past {self.value} without landing on it: "
            f"{self.outcome_words()}"
        )


@shipped
@frozen
class ReachBust(BaseTrigger):
    """Fires when a play takes the total to the bust limit or beyond.

    Rule: "Going over 99: the player loses 2 tokens and the round ends"
    (qcsalon.net, "Ninety-nine"). Such a play is always the card a player
    with no safe play must play (``no_safe_play.action = "play_lowest"``).

    Attributes:
        outcomes: What happens then, in order.
    """

    type = "reach_bust"
    after_play = True
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total reached the bust limit."""
        return after >= bust

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a play reaches the bust limit: {self.outcome_words()}"


@shipped
@frozen
class PlayerLoses(BaseTrigger):
    """Fires when a player loses the round: busts, lays the hand down or is stuck.

    Rule: a bust that costs more than one token ("the player loses 2 tokens",
    qcsalon.net) or a point ("You lose a point for going over", a common
    scoring of "99").

    Attributes:
        outcomes: What happens then (to the player who lost), in order.
    """

    type = "player_loses"
    on_loss = True
    outcomes: tuple[Outcome, ...]

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a player loses the round: {self.outcome_words()}"


@shipped
@frozen
class RoundEnds(BaseTrigger):
    """Fires when a round ends; the player is its winner or last player standing.

    Rule: "the round goes on until one player is left, who scores 1 point"
    (Gronemann, "Ninety-Nine"). With no winner (a round ended by
    ``end_round``), outcomes for ``"player"`` do nothing and ``"others"``
    means every player still in the round.

    Attributes:
        outcomes: What happens then, in order (``end_round`` and
            ``win_round`` add nothing: the round is already over).
    """

    type = "round_ends"
    on_round_end = True
    outcomes: tuple[Outcome, ...]

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a round ends, for its winner: {self.outcome_words()}"
