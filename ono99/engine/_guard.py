"""Rule objects of other packages, guarded once: when a variant is compiled.

The library's own rule objects answer as their protocols say and leave the
table sound, so the engine calls them as they are. Any other (a plugin's, or
one of the library's holding a plugin's, as a ``when`` may hold one in a
branch) is wrapped here, once, when its variant is compiled, in an object the
engine calls the same way. The wrapper asks the rule object; turns anything it
raises, or an answer its protocol does not allow, into the
:class:`~ono99.RuleError` that names it and where the variant holds it
(:func:`ono99.rules.rule_error`); and after an ``apply`` checks that the table
is still sound. So the engine has one code path, with no guard of its own; a
move of a variant that holds a wrapped rule object is also played on a
checkpoint (``Engine.play_checked``), so that a failure leaves the game as it
was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from ono99._args import is_int, shown
from ono99._limits import MAX_TOTAL
from ono99.rules import is_shipped, rule_error

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ono99._errors import RuleError
    from ono99.rules import Condition, Effect, Trigger

    from ._table import Table

__all__ = ["guard_condition", "guard_effect", "guard_trigger", "guarded", "wholly_shipped"]


def _held(rule: object) -> Iterator[object]:
    """``rule`` and every rule object it holds, in a field that is a tuple of them."""
    yield rule
    cls = type(rule)
    if not attrs.has(cls):
        return
    for field in attrs.fields(cls):
        value = getattr(rule, field.name, None)
        if isinstance(value, tuple):
            for item in value:
                if hasattr(item, "kind"):
                    yield from _held(item)


def wholly_shipped(rule: object) -> bool:
    """Whether ``rule``, and every rule object it holds, is of a class the library ships."""
    return all(is_shipped(held) for held in _held(rule))


def guarded(rule: object) -> bool:
    """Whether ``rule`` is one of this module's wrappers."""
    return isinstance(rule, _Guarded)


def _table_problem(table: Table) -> str:
    """What a rule object left wrong on the table, in words; ``""`` if nothing.

    The fields a rule object sets must be of their type and in range (those
    it only reads it cannot set). A total out of range is brought back
    within it, as any total is.
    """
    engine = table.game
    rules = engine.rules
    # Each field read as an object: in pure Python a rule object may have set
    # any value (the compiled Round refuses a value of the wrong type).
    r: Any = table.r
    total: object = r.total
    if type(total) is not int:
        return f"set total to {shown(total)}, expected an integer"
    if total < rules.lowest or total > rules.highest:
        r.total = rules.floored(total)
    direction: object = r.direction
    if type(direction) is not int or direction not in {1, -1}:
        return f"set direction to {shown(direction)}, expected 1 or -1"
    owed: object = r.next_owed
    if type(owed) is not int or owed < 0 or owed > MAX_TOTAL:
        return f"set next_owed to {shown(owed)}, expected a whole number, 0 or more"
    forced_by: object = r.next_forced_by
    if type(forced_by) is not str:
        return f"set next_forced_by to {shown(forced_by)}, expected a card id"
    ends: object = r.ends_turn
    if type(ends) is not bool:
        return f"set ends_turn to {shown(ends)}, expected True or False"
    skip: object = r.skip
    if type(skip) is not int or skip < 0 or skip > MAX_TOTAL:
        return f"set skip to {shown(skip)}, expected a whole number, 0 or more"
    seat: object = r.next_player
    if seat is not None and (
        type(seat) is not int or seat < 0 or seat >= engine.n or not r.in_round[seat]
    ):
        return f"set next_player to {shown(seat)}, expected None or a seat still in the round"
    return ""


class _Guarded:
    """A rule object as the engine calls it, each failure the error that names it.

    Its declarations are the rule object's own (vetted when the variant was
    loaded), read through.
    """

    def __init__(self, rule: Any, path: str) -> None:
        self.rule = rule
        self.path = path  # where the variant holds it

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rule, name)

    def __repr__(self) -> str:
        return repr(self.rule)

    def failed(
        self,
        member: str,
        raised: BaseException | None = None,
        *,
        returned: object = None,
        expected: str = "",
        problem: str = "",
    ) -> RuleError:
        """The error for a failure of the rule object (see :func:`ono99.rules.rule_error`)."""
        extra: dict[str, Any] = {"returned": returned} if expected else {}
        return rule_error(
            self.rule,
            self.path,
            member,
            raised=raised,
            expected=expected,
            problem=problem,
            **extra,
        )

    def acted(self, table: Table, *args: object) -> None:
        """``apply(table, *args)``, then the check that it left the table sound."""
        try:
            self.rule.apply(table, *args)
        except Exception as error:
            raise self.failed("apply()", error) from error
        problem = _table_problem(table)
        if problem:
            raise self.failed("apply()", problem=f"apply() {problem}")


class _GuardedEffect(_Guarded):
    def total_after(self, total: int, amount: int | None = None) -> int:
        try:
            new: object = (
                self.rule.total_after(total)
                if amount is None
                else self.rule.total_after(total, amount)
            )
        except Exception as error:
            raise self.failed("total_after()", error) from error
        if type(new) is not int:
            raise self.failed("total_after()", returned=new, expected="an integer")
        return new

    def total_on(self, table: Table, card: object, total: int, amount: int | None = None) -> int:
        try:
            new: object = (
                self.rule.total_on(table, card, total)
                if amount is None
                else self.rule.total_on(table, card, total, amount)
            )
        except Exception as error:
            raise self.failed("total_on()", error) from error
        if type(new) is not int:
            raise self.failed("total_on()", returned=new, expected="an integer")
        return new

    def apply(self, table: Table, card: object) -> None:
        self.acted(table, card)

    def targets(self, table: Table) -> list[int]:
        try:
            found: object = self.rule.targets(table)
        except Exception as error:
            raise self.failed("targets()", error) from error
        n = table.game.n
        if isinstance(found, list | tuple) and all(
            is_int(seat) and 0 <= seat < n for seat in found
        ):
            return list(found)
        raise self.failed("targets()", returned=found, expected=f"a list of seats (0 to {n - 1})")

    def declarations(self, table: Table | None) -> list[str]:
        try:
            found: object = self.rule.declarations(table)
        except Exception as error:
            raise self.failed("declarations()", error) from error
        if (
            isinstance(found, list | tuple)
            and found
            and all(type(word) is str and word for word in found)
            and len(set(found)) == len(found)
        ):
            return list(found)
        raise self.failed(
            "declarations()", returned=found, expected="a list of distinct words, not empty"
        )


class _GuardedCondition(_Guarded):
    def check(self, table: Table, card: object) -> str | None:
        try:
            reason: object = self.rule.check(table, card)
        except Exception as error:
            raise self.failed("check()", error) from error
        if reason is not None and type(reason) is not str:
            raise self.failed("check()", returned=reason, expected="a str or None")
        return reason


class _GuardedOutcome(_Guarded):
    def apply(self, table: Table, seat: int) -> None:
        self.acted(table, seat)


class _GuardedTrigger(_Guarded):
    def __init__(self, rule: Any, path: str) -> None:
        super().__init__(rule, path)
        self.outcomes = tuple(
            outcome
            if wholly_shipped(outcome)
            else _GuardedOutcome(outcome, f"{path}.outcomes[{i}]")
            for i, outcome in enumerate(rule.outcomes)
        )

    def _answer(self, member: str, fired: object) -> bool:
        if type(fired) is not bool:
            raise self.failed(member, returned=fired, expected="True or False")
        return fired

    def fires(self, before: int, after: int, bust: int) -> bool:
        try:
            fired: object = self.rule.fires(before, after, bust)
        except Exception as error:
            raise self.failed("fires()", error) from error
        return self._answer("fires()", fired)

    def fires_on(self, table: Table) -> bool:
        try:
            fired: object = self.rule.fires_on(table)
        except Exception as error:
            raise self.failed("fires_on()", error) from error
        return self._answer("fires_on()", fired)

    def times_on(self, table: Table) -> int:
        try:
            times: object = self.rule.times_on(table)
        except Exception as error:
            raise self.failed("times_on()", error) from error
        if not is_int(times) or not 0 <= times <= MAX_TOTAL:
            raise self.failed("times_on()", returned=times, expected="a whole number, 0 or more")
        return times

    def describe(self) -> str:
        try:
            text: object = self.rule.describe()
        except Exception as error:
            raise self.failed("describe()", error) from error
        if type(text) is not str:
            raise self.failed("describe()", returned=text, expected="a str")
        return text


def guard_effect(effect: Effect, path: str) -> Effect:
    """``effect``, held at ``path``, wrapped unless it is wholly the library's own."""
    if wholly_shipped(effect):
        return effect
    return cast("Effect", _GuardedEffect(effect, path))


def guard_condition(condition: Condition, path: str) -> Condition:
    """``condition``, held at ``path``, wrapped unless it is wholly the library's own."""
    if wholly_shipped(condition):
        return condition
    return cast("Condition", _GuardedCondition(condition, path))


def guard_trigger(trigger: Trigger, path: str) -> Trigger:
    """``trigger``, held at ``path``, its outcomes wrapped, unless all are the library's own."""
    if wholly_shipped(trigger):
        return trigger
    return cast("Trigger", _GuardedTrigger(trigger, path))
