"""The neutral answers of each kind of rule object, for a class to inherit.

A rule class states only what is particular to it: its ``type``, the
declarations that are true of it, its settings and the methods it needs. What
it leaves out keeps the neutral value its base gives here, the value that
means "this rule does nothing of the kind": an effect that inherits
:class:`BaseEffect` and sets nothing else leaves the total as it is, does
nothing to the table, offers no choice, and finds no fault with its settings.

A declaration that pairs with a method follows from the class, worked out
when the class is made: an effect that writes ``apply`` acts, one that writes
``total_after`` changes the total; a declaration that contradicts what the
class writes is refused with :class:`~ono99.PluginError` (see
``_follows.py``, which holds the pairs).

>>> from attrs import frozen
>>> @frozen
... class Shout(BaseEffect):
...     type = "shout"
...
...     def describe(self) -> str:
...         return "does nothing but make a noise"
>>> Shout().total_after(41), Shout().acts, Shout().problems()
(41, False, [])
>>> @frozen
... class Fifty(BaseEffect):
...     type = "fifty"
...
...     def total_after(self, total: int, amount: int | None = None) -> int:
...         return total + 50
...
...     def describe(self) -> str:
...         return "adds 50"
>>> Fifty().changes_total
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ._follows import settle

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ._contract import Effect, Outcome
    from ._table import CardInfo, Table

__all__ = [
    "BASES",
    "BaseCondition",
    "BaseEffect",
    "BaseOutcome",
    "BaseTrigger",
    "out_of_range",
]


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
            players: int = 1

            def apply(self, table, card):
                table.skip += self.players

            def describe(self):
                return f"skips the next {self.players} players"

    Each class sets ``type`` and writes
    :meth:`~ono99.rules.Effect.describe` itself. One that writes
    :meth:`total_after` changes the total, one that writes :meth:`apply` acts,
    one that writes :meth:`targets` chooses a player, one that writes
    :meth:`~ono99.rules.Effect.total_on` (beside :meth:`total_after`) reads the table for the
    total: ``changes_total``, ``acts``, ``chooses_player`` and
    ``reads_table`` follow from the class,
    and a class that states one against what it writes is refused.
    """

    __slots__ = ()

    kind: ClassVar[str] = "effect"
    type: ClassVar[str]

    # What follows from what the class writes (see work_out), set on it here.
    _follows: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        settle(cls, BaseEffect)

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
    def reads_table(self) -> bool:
        """The total it makes depends only on the total and the amount."""
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

    @property
    def declares(self) -> str:
        """The move names nothing."""
        return ""

    @property
    def opens_reactions(self) -> bool:
        """No player is asked to answer out of turn."""
        return False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def total_on(self, table: Table, card: CardInfo, total: int, amount: int | None = None) -> int:
        """What :meth:`total_after` says: the table plays no part."""
        return self.total_after(total) if amount is None else self.total_after(total, amount)

    def apply(self, table: Table, card: CardInfo) -> None:
        """Nothing happens on the table."""

    def targets(self, table: Table) -> list[int]:
        """No player to name."""
        return []

    def declarations(self, table: Table | None) -> list[str]:
        """Nothing to name."""
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

    # What follows from what the class writes (see work_out), set on it here.
    _follows: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        settle(cls, BaseCondition)

    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
    reads_card: ClassVar[bool] = False
    reads_table: ClassVar[bool] = False

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
    One that declares ``wins_round`` ends the round (``ends_round`` follows).
    """

    __slots__ = ()

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str]

    # What follows from what the class writes (see work_out), set on it here.
    _follows: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        settle(cls, BaseOutcome)

    ends_round: ClassVar[bool] = False
    wins_round: ClassVar[bool] = False
    loses_round: ClassVar[bool] = False

    def apply(self, table: Table, seat: int) -> None:
        """Nothing happens on the table."""

    def problems(self) -> list[tuple[str, str]]:
        """No setting out of range."""
        return []


class BaseTrigger:
    """The neutral trigger: asked at no moment, it fires whenever it is asked.

    A trigger class sets ``type``, its ``outcomes`` field and
    :meth:`~ono99.rules.Trigger.describe`, and says when it is asked: one that
    writes :meth:`fires` (or :meth:`fires_on`, with the table: ``reads_table``
    follows) is asked after each play unless it declares ``on_count_end``;
    one that fires on a loss or at a round's end declares ``on_loss`` or
    ``on_round_end``. A trigger asked at no moment is refused, as is one that
    writes ``fires`` but is asked only at a loss or a round's end (see
    :class:`~ono99.rules.Trigger`). :meth:`problems` checks the outcomes.
    """

    __slots__ = ()

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str]

    # What follows from what the class writes (see work_out), set on it here.
    _follows: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        settle(cls, BaseTrigger)

    after_play: ClassVar[bool] = False
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = False
    on_count_end: ClassVar[bool] = False
    on_show: ClassVar[bool] = False
    on_turn_up: ClassVar[bool] = False
    reads_table: ClassVar[bool] = False
    reads_announcement: ClassVar[bool] = False
    outcomes: tuple[Outcome, ...]  # a field of each trigger class

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Always: the engine asks only at the moment the class declares."""
        return True

    def fires_on(self, table: Table) -> bool:
        """What :meth:`fires` says of the play just made (the totals before and after it)."""
        return self.fires(table.total_before, table.total, table.bust)

    def times_on(self, table: Table) -> int:
        """At the show, once when :meth:`fires_on` says it fires."""
        return 1 if self.fires_on(table) else 0

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


BASES: Mapping[str, type] = {
    "effect": BaseEffect,
    "condition": BaseCondition,
    "trigger": BaseTrigger,
    "outcome": BaseOutcome,
}
"""The neutral base of each kind."""

# Steps of a function's code that do nothing, and the loads a placeholder may return.
