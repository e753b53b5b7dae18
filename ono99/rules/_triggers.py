"""The shipped triggers, rules of a variant fired by the total or the round, and their outcomes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from attrs import field, frozen

from ono99._args import shown
from ono99._limits import MAX_TOTAL

from ._contract import Outcome
from ._defaults import BaseOutcome, BaseTrigger
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import Table

__all__ = [
    "ChangePoints",
    "ChangeTokens",
    "EndRound",
    "LandOn",
    "LoseRound",
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
        """A change of nothing, or of more than a count may hold (``MAX_TOTAL``)."""
        if not self.by:
            return [("by", "expected a number other than 0")]
        if not -MAX_TOTAL <= self.by <= MAX_TOTAL:
            return [
                (
                    "by",
                    f"expected a number from -10**18 to 10**18 (ono99's limit), "
                    f"got {shown(self.by)}",
                )
            ]
        return []

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
    ``match.tokens.play_on_at_zero`` keeps them in (or nobody would be left:
    see :class:`~ono99.Tokens`).

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


@shipped
@frozen
class LoseRound(BaseOutcome):
    """The player loses the round: out of it at once, as after a bust.

    Once the play that fired the trigger is made, the player is out of the
    round and one of its losers (a token lost, or the bust's points, as the
    match scores a lost round); the others play on, or the round ends as
    after any loss. Fired at the show, or by a trigger of the round's end,
    it takes nobody out: no round is being played then.

    Rule: "players must state the running total after playing and lose if
    they're wrong" (betaveros.wordpress.com, "99", a house rule reported
    there).
    """

    type = "lose_round"
    loses_round = True

    def describe(self) -> str:
        """The outcome in words."""
        return "the player loses the round"


# ------------------------------------------------------------------ triggers


@frozen
class _Totals(BaseTrigger):
    """A trigger that watches one total, or every multiple of a number."""

    # For the JSON Schema of variant files: one of value and every, and outcomes.
    json_schema: ClassVar[dict[str, Any]] = {
        "anyOf": [
            {
                "required": ["value"],
                "properties": {"value": {"type": "integer"}, "every": {"const": 0}},
            },
            {
                "required": ["every"],
                "not": {"required": ["value"]},
                "properties": {"every": {"minimum": 1}},
            },
        ],
    }
    value: int | None = None
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    every: int = 0
    except_every: int = 0

    def _watched(self, total: int) -> bool:
        """Whether ``total`` is one the trigger watches."""
        if not self.every:
            return total == self.value
        return total % self.every == 0 and not (
            self.except_every and total % self.except_every == 0
        )

    def _between(self, low: int, high: int) -> int:
        """How many watched totals lie strictly between ``low`` and ``high``."""
        if not self.every:
            return int(self.value is not None and low < self.value < high)
        count = _multiples(low, high, self.every)
        if self.except_every:
            count -= _multiples(low, high, math.lcm(self.every, self.except_every))
        return count

    def problems(self) -> list[tuple[str, str]]:
        """``value`` or ``every``, one of the two; and the outcomes' problems."""
        found = super().problems()
        if self.value is None and not self.every:
            found.append(("value", "missing required key (or every, to watch its multiples)"))
        elif self.value is not None and self.every:
            found.append(("every", "expected 0 with value: one total, or every multiple"))
        if self.every < 0:
            found.append(("every", f"expected 1 or more, got {self.every}"))
        if self.except_every < 0 or (self.except_every and not self.every):
            found.append(("except_every", "expected a number above 0, with every"))
        return found

    def _totals_words(self) -> str:
        if not self.every:
            return str(self.value)
        text = f"a multiple of {self.every}"
        if self.except_every:
            text += f" (but not of {self.except_every})"
        return text


def _multiples(low: int, high: int, n: int) -> int:
    """How many multiples of ``n`` lie strictly between ``low`` and ``high``."""
    return max(0, (high - 1) // n - low // n) if high > low else 0


@shipped
@frozen
class LandOn(_Totals):
    """Fires when a play brings the total exactly to ``value`` (from another total).

    Rule: "Landing exactly on 33 or 66: every other player loses 1 token"
    (qcsalon.net, "Ninety-nine"). A play that leaves the total where it was
    (a Hold at 33) does not land on it. With ``every`` it fires on any
    multiple of that number ("Whenever the count lands on a multiple of 10,
    score 1", a milestone house rule), and ``except_every`` leaves out the
    multiples of another, which a trigger of their own may score otherwise.

    Attributes:
        value: The total landed on.
        outcomes: What happens then, in order.
        every: Land on any multiple of this instead (0: ``value`` alone).
        except_every: With ``every``, not on the multiples of this.
    """

    type = "land_on"

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total moved onto a watched total."""
        return after != before and self._watched(after)

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """A value no play can land on (at or above the bust, below the floor)."""
        if self.value is not None and self.value > bust:
            return [("value", f"expected a total no higher than the bust limit {bust}")]
        return []

    def describe(self) -> str:
        """The trigger in words."""
        then = self.outcome_words()
        return f"when a play brings the total to exactly {self._totals_words()}: {then}"


@shipped
@frozen
class PassOver(_Totals):
    """Fires when a play takes the total past ``value`` without landing on it.

    Rule: "Passing over 33 or 66 without landing on it: the player loses 1
    token" (qcsalon.net); "crossing 33, 66 or 99 costs the player one point"
    (bradwilson.io). Only a rising total passes over by default: the sources
    speak of counting up, and a Minus Ten taking 40 to 30 is not said to cost
    anything; ``direction`` lets a rule set count a crossing downwards too.
    With ``every``, a play that passes one or more multiples of it fires the
    trigger once.

    Attributes:
        value: The total passed over.
        outcomes: What happens then, in order.
        every: Pass any multiple of this instead (0: ``value`` alone).
        except_every: With ``every``, not the multiples of this.
        direction: ``"up"`` (the total rises past it), ``"down"`` (falls
            past it) or ``"either"``.
    """

    type = "pass_over"
    direction: Literal["up", "down", "either"] = "up"

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total crossed a watched total in the direction asked."""
        if after > before:
            return self.direction != "down" and self._between(before, after) > 0
        if after < before:
            return self.direction != "up" and self._between(after, before) > 0
        return False

    def describe(self) -> str:
        """The trigger in words."""
        # Up is how the total is counted: "past" alone, as the sources say it.
        way = {"up": "", "down": " down", "either": " up or down"}[self.direction]
        return (
            f"when a play takes the total{way} past {self._totals_words()} without landing "
            f"on it: {self.outcome_words()}"
        )


@shipped
@frozen
class ReachBust(BaseTrigger):
    """Fires when a play takes the total to the bust limit or beyond.

    Rule: "Going over 99: the player loses 2 tokens and the round ends"
    (qcsalon.net, "Ninety-nine"). Such a play is always the card a player
    with no safe play must play (``no_safe_play.action = "play_lowest"``).
    Only the bust limit fires it: where the total counts down to a floor
    that busts (``total.below_floor = "busts"``), ``player_loses`` says what
    a bust costs.

    Attributes:
        outcomes: What happens then, in order.
    """

    type = "reach_bust"
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
