"""The neutral answers of each kind of rule object, for a class to inherit.

A rule class states only what is particular to it: its ``type``, the
declarations that are true of it, its settings and the methods it needs. What
it leaves out keeps the neutral value its base gives here, the value that
means "this rule does nothing of the kind": an effect that inherits
:class:`BaseEffect` and sets nothing else leaves the total as it is, does
nothing to the table, offers no choice, and finds no fault with its settings.

>>> from attrs import frozen
>>> @frozen
... class Shout(BaseEffect):
...     type = "shout"
...
...     def describe(self) -> str:
...         return "does nothing but make a noise"
>>> Shout().total_after(41), Shout().acts, Shout().problems()
(41, False, [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ._contract import CardInfo, Effect, Outcome, Table

__all__ = ["BaseCondition", "BaseEffect", "BaseOutcome", "BaseTrigger", "out_of_range"]


def out_of_range(
    field: str, value: int, low: int, high: int | None = None
) -> list[tuple[str, str]]:
    """A setting's problem when ``value`` is below ``low`` or above ``high``, else none.

    What :meth:`~ono99.rules.Effect.problems` returns for a count out of range.

    >>> out_of_range("plays", 1, 2), out_of_range("plays", 3, 2, 10)
    ([('plays', 'expected 2 or more, got 1')], [])
    """
    if value < low:
        return [(field, f"expected {low} or more, got {value}")]
    if high is not None and value > high:
        return [(field, f"expected at most {high}, got {value}")]
    return []


class _NoFaults:
    """The neutral checks of an effect or a condition: nothing to find in its settings."""

    __slots__ = ()

    def problems(self) -> list[tuple[str, str]]:
        """No setting out of range."""
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """No setting that the bust limit or the floor rules out."""
        return []

    def referenced_cards(self) -> list[tuple[str, str]]:
        """No card named in the settings."""
        return []


class BaseEffect(_NoFaults):
    """The neutral effect: it leaves the total and the table as they are.

    Inherit it in an effect class and state what differs (see
    :class:`~ono99.rules.Effect` for what each member means)::

        @frozen
        class Skip(BaseEffect):
            type = "skip"
            acts = True
            players: int = 1

            def apply(self, table, card):
                table.skip += self.players

            def describe(self):
                return f"skips the next {self.players} players"

    Each class sets ``type`` and writes
    :meth:`~ono99.rules.Effect.describe` itself; an effect that sets
    ``changes_total`` writes :meth:`total_after`, and one that sets ``acts``
    writes :meth:`apply`.
    """

    __slots__ = ()

    kind: ClassVar[str] = "effect"
    type: ClassVar[str]

    # The declarations are properties, so that a class may state one as a plain
    # value (acts = True) or work it out from its settings.

    @property
    def changes_total(self) -> bool:
        """The total is left as it is."""
        return False

    @property
    def adds_to_total(self) -> bool:
        """No amount is added."""
        return False

    @property
    def acts(self) -> bool:
        """Nothing is done on the table."""
        return False

    @property
    def answers_forced_plays(self) -> bool:
        """Forced plays are not passed on."""
        return False

    @property
    def changes_hands(self) -> bool:
        """No card moves, no token or score changes."""
        return False

    @property
    def repeats_previous(self) -> bool:
        """The card does what its own effects say."""
        return False

    @property
    def choices(self) -> tuple[int, ...]:
        """No amounts to choose among."""
        return ()

    @property
    def chooses_player(self) -> bool:
        """The move names no player."""
        return False

    @property
    def forces_plays(self) -> int:
        """The next player owes no plays."""
        return 0

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Nothing happens on the table."""

    def targets(self, table: Table) -> list[int]:
        """No player to name."""
        return []

    def for_card(self, card: CardInfo) -> tuple[Effect, ...]:
        """The same on every card: the effect itself."""
        return (self,)  # type: ignore[return-value]  # a subclass of it is an Effect


class BaseCondition(_NoFaults):
    """The neutral condition's declarations: it neither reads the turn's plays nor blocks all.

    Each class sets ``type`` and writes :meth:`~ono99.rules.Condition.check`
    and :meth:`~ono99.rules.Condition.describe` itself (see
    :class:`~ono99.rules.Condition`).
    """

    __slots__ = ()

    kind: ClassVar[str] = "condition"
    type: ClassVar[str]
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
    reads_card: ClassVar[bool] = False

    def allows_at(self, total: int) -> bool | None:
        """It depends on more than the total, or the class does not say (``None``)."""
        return None

    def allows_card(self, card: CardInfo) -> bool | None:
        """It depends on the game, not on what the card is (``None``)."""
        return None


class BaseOutcome:
    """The neutral outcome: it neither ends nor wins the round, and changes nothing.

    Each class sets ``type`` and writes :meth:`~ono99.rules.Outcome.describe`
    itself; one that changes tokens or scores writes
    :meth:`~ono99.rules.Outcome.apply` (see :class:`~ono99.rules.Outcome`).
    """

    __slots__ = ()

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str]
    ends_round: ClassVar[bool] = False
    wins_round: ClassVar[bool] = False

    def apply(self, table: Table, seat: int) -> None:
        """Nothing happens on the table."""

    def problems(self) -> list[tuple[str, str]]:
        """No setting out of range."""
        return []


class BaseTrigger:
    """The neutral trigger: asked at no moment, it fires whenever it is asked.

    A trigger class sets ``type``, the moment it is asked at (``after_play``,
    ``on_loss`` or ``on_round_end``), its ``outcomes`` field and
    :meth:`~ono99.rules.Trigger.describe`; one asked after a play writes
    :meth:`fires` to say which plays fire it (see
    :class:`~ono99.rules.Trigger`). :meth:`problems` checks the outcomes.
    """

    __slots__ = ()

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str]
    after_play: ClassVar[bool] = False
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = False
    on_count_end: ClassVar[bool] = False
    reads_table: ClassVar[bool] = False
    reads_announcement: ClassVar[bool] = False
    outcomes: tuple[Outcome, ...]  # a field of each trigger class

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Always: the engine asks only at the moment the class declares."""
        return True

    def fires_on(self, table: Table) -> bool:
        """What :meth:`fires` says of the play just made (the totals before and after it)."""
        return self.fires(table.total_before, table.total, table.bust)

    def problems(self) -> list[tuple[str, str]]:
        """The outcomes' problems, at their key paths; none at all is one too."""
        found: list[tuple[str, str]] = []
        if not self.outcomes:
            found.append(("outcomes", "expected at least one outcome"))
        for i, outcome in enumerate(self.outcomes):
            found += [(f"outcomes[{i}].{key}", what) for key, what in outcome.problems()]
        return found

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """No setting that the bust limit or the floor rules out."""
        return []

    def outcome_words(self) -> str:
        """The outcomes in words, joined (for :meth:`~ono99.rules.Trigger.describe`)."""
        return "; ".join(outcome.describe() for outcome in self.outcomes)
