"""What the library says when a rule object fails, whoever asked it.

A rule object is code the library calls: it may raise, or give back a value
its protocol does not allow. Every caller (the engine, the variant checks, the
rulebook, ``ono99 validate``) turns such a failure into one
:class:`~ono99.RuleError` made here, which says where the variant holds the
rule object, its kind and ``type``, what failed, and where its class comes
from (for an installed package, the entry point and the package).
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from ono99._args import is_int, shown
from ono99._errors import RuleError
from ono99._limits import clip

from ._contract import Condition, Effect, Outcome, Trigger, members
from ._defaults import BASES
from ._follows import FOLLOWS, NEEDS, unasked, writes
from ._registry import is_shipped, origin

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["NOTHING", "HeldCard", "Holder", "ask", "held_at", "rule_error", "vet"]

NOTHING: Any = object()
"""No value was returned (the rule object raised instead)."""


def _class_text(rule: object, name: str) -> str:
    """A class attribute of ``rule`` that should be a string, or ``""``."""
    try:
        value = getattr(type(rule), name, None)
    except Exception:  # a class whose attribute raises says nothing
        return ""
    return value if isinstance(value, str) else ""


def _origin(rule: object) -> str:
    """Where the class of ``rule`` comes from, for a message ("" for the library's own)."""
    cls = type(rule)
    found = origin(cls)
    if found is not None:
        return f" (from the {found})"
    if is_shipped(rule):
        return ""
    return f" (class {clip(repr(f'{cls.__module__}.{cls.__qualname__}')[1:-1])})"


class HeldCard(Protocol):
    """A card as it holds rule objects (:class:`ono99.Card` is one)."""

    @property
    def id(self) -> str:
        """The card's id: its table in the variant file."""
        ...

    @property
    def effects(self) -> Sequence[object]:
        """Its effects, in order."""
        ...

    @property
    def conditions(self) -> Sequence[object]:
        """Its conditions."""
        ...


class Holder(Protocol):
    """What holds rule objects at key paths: a variant (:class:`ono99.Variant` is one)."""

    @property
    def cards(self) -> Sequence[HeldCard]:
        """The cards, each holding its effects and conditions."""
        ...

    @property
    def triggers(self) -> Sequence[Any]:
        """The triggers, each holding its outcomes."""
        ...


def _find(items: Sequence[object], rule: object, path: str) -> str:
    """Where among ``items`` (at ``path``), or among the rules they hold, ``rule`` is; or ``""``.

    A rule object holds others in a field that is a tuple of them (a ``when``'s
    conditions and branches, a plugin's own).
    """
    for i, item in enumerate(items):
        here = f"{path}[{i}]"
        if item is rule:
            return here
        cls = type(item)
        if not attrs.has(cls):
            continue
        for field in attrs.fields(cls):
            value = getattr(item, field.name, None)  # attrs fields: plain slots
            if isinstance(value, tuple) and value and all(hasattr(v, "kind") for v in value):
                found = _find(value, rule, f"{here}.{field.name}")
                if found:
                    return found
    return ""


def held_at(variant: Holder, rule: object, within: object = None) -> str:
    """The key path at which ``variant`` holds ``rule`` (that object, not an equal one).

    Args:
        variant: The variant.
        rule: One of its rule objects: an effect or condition of a card (or one
            such a rule holds, as a ``when`` holds its branches), a trigger, or
            a trigger's outcome.
        within: Where to look: the id of the card that holds it, or the trigger
            whose outcome it is (``None``: anywhere, the first place found).

    Returns:
        The key path (``cards.seven.effects[1]``, ``triggers[0].outcomes[1]``);
        where it is not found, the card's or the trigger's own path, or ``""``.

    >>> import ono99
    >>> from ono99.rules import held_at
    >>> variant = ono99.load_variant("ninety-nine-bradwilson")
    >>> held_at(variant, variant.card("4").effects[0])
    'cards.4.effects[0]'
    >>> trigger = variant.triggers[0]
    >>> held_at(variant, trigger.outcomes[0], within=trigger)
    'triggers[0].outcomes[0]'
    """
    if within is None or isinstance(within, str):
        for card in variant.cards:
            if within is not None and card.id != within:
                continue
            for key in ("effects", "conditions"):
                found = _find(getattr(card, key), rule, f"cards.{card.id}.{key}")
                if found:
                    return found
        if within is not None:
            return f"cards.{within}"
    for i, trigger in enumerate(variant.triggers):
        if within is not None and trigger is not within:
            continue
        if trigger is rule:
            return f"triggers[{i}]"
        found = _find(tuple(getattr(trigger, "outcomes", ())), rule, f"triggers[{i}].outcomes")
        if found or within is not None:
            return found or f"triggers[{i}]"
    return ""


def rule_error(
    rule: object,
    where: str | Holder,
    member: str,
    *,
    within: object = None,
    raised: BaseException | None = None,
    returned: object = NOTHING,
    expected: str = "",
    problem: str = "",
) -> RuleError:
    """The error for a failure of ``rule``: "``path``: the effect 'x' failed: ...".

    The one builder of the library's :class:`~ono99.RuleError`: it names the
    rule object's kind and ``type``, where its variant holds it, what failed,
    and where its class comes from (an installed package's entry point, or its
    module).

    Args:
        rule: The rule object.
        where: Its TOML key path in the variant (``cards.seven.effects[1]``, or
            ``""``), or the variant itself, in which the path is found
            (:func:`held_at`).
        member: What was asked of it: a method (``"apply()"``) or a declaration
            (``"choices"``).
        within: With a variant: the id of the card that holds ``rule``, or the
            trigger whose outcome it is (see :func:`held_at`).
        raised: What it raised, if it raised.
        returned: What it gave back, if that was of the wrong kind.
        expected: What it should have given back.
        problem: What it did wrong, in words, when it neither raised nor
            returned a wrong value (``"apply() set skip to -1, ..."``).

    >>> from ono99.rules import Add, rule_error
    >>> print(rule_error(Add(2), "cards.two.effects[0]", "total_after()", returned="3",
    ...                  expected="an integer"))
    cards.two.effects[0]: the effect 'add' failed: total_after() returned '3', expected an integer
    >>> import ono99
    >>> variant = ono99.load_variant("ninety-nine-bradwilson")
    >>> print(rule_error(variant.card("4").effects[0], variant, "apply()", within="4",
    ...                  raised=KeyError("x")))
    cards.4.effects[0]: the effect 'add' failed: apply() raised KeyError('x')
    """
    path = where if isinstance(where, str) else held_at(where, rule, within)
    kind = _class_text(rule, "kind") or "rule object"
    name = _class_text(rule, "type")
    what = f"the {kind} {shown(name)}" if name else f"the {kind}"
    called = member.endswith("()")
    if problem:
        what_failed = problem
    elif raised is not None:
        verb = f"{member} raised" if called else f"reading {member} raised"
        what_failed = f"{verb} {shown(raised, 200)}"
    else:
        verb = f"{member} returned" if called else f"{member} is"
        what_failed = f"{verb} {shown(returned)}, expected {expected}"
    head = f"{path}: " if path else ""
    error = RuleError(f"{head}{what} failed: {what_failed}{_origin(rule)}", name or None, path)
    # Its cause, set here: the compiled engine's ``raise ... from`` does not set it.
    error.__cause__ = raised
    return error


def ask(
    rule: object,
    path: str,
    method: str,
    *args: object,
    check: Callable[[Any], bool] | None = None,
    expected: str = "",
) -> Any:
    """Call ``rule.method(*args)``; what it returns, checked by ``check`` when given.

    Raises:
        RuleError: If the call raises, or ``check`` refuses what it returns.
    """
    try:
        value = getattr(rule, method)(*args)
    except Exception as error:
        raise rule_error(rule, path, f"{method}()", raised=error) from error
    if check is not None and not check(value):
        raise rule_error(rule, path, f"{method}()", returned=value, expected=expected)
    return value


def is_text(value: object) -> bool:
    """Whether ``value`` is a string."""
    return isinstance(value, str)


def is_pairs(value: object) -> bool:
    """Whether ``value`` is a list of ``(str, str)`` pairs (what ``problems()`` returns)."""
    return isinstance(value, list | tuple) and all(
        isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(s, str) for s in pair)
        for pair in value
    )


def _is_flag(value: object) -> bool:
    return isinstance(value, bool)


def _is_choices(value: object) -> bool:
    return isinstance(value, tuple) and all(is_int(a) for a in value)


def _is_count(value: object) -> bool:
    return is_int(value) and value >= 0


# What each declaration of the protocols must be, and how a message says it.
_DECLARATIONS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "type": (is_text, "a string"),
    "choices": (_is_choices, "a tuple of integers"),
    "forces_plays": (_is_count, "a whole number, 0 or more"),
    "outcomes": (lambda v: isinstance(v, tuple), "a tuple of outcomes"),
    **dict.fromkeys(
        (
            "changes_total",
            "adds_to_total",
            "acts",
            "answers_forced_plays",
            "changes_hands",
            "chooses_player",
            "blocks_every_play",
            "reads_turn_plays",
            "ends_round",
            "wins_round",
            "loses_round",
            "after_play",
            "on_loss",
            "on_round_end",
            "on_count_end",
            "on_show",
            "on_turn_up",
            "reads_table",
            "reads_announcement",
            "reads_card",
            "repeats_previous",
        ),
        (_is_flag, "True or False"),
    ),
}


# The protocol of each kind: a member it defines as a function is a method; one
# annotated ClassVar[bool] is a flag; any other is a declaration to read.
_PROTOCOLS: dict[str, type] = {
    "effect": Effect,
    "condition": Condition,
    "trigger": Trigger,
    "outcome": Outcome,
}


def vet(rule: object, kind: str, path: str) -> None:
    """Check that ``rule`` is a rule object of ``kind`` whose declarations can be read.

    Every member the protocol of ``kind`` lists is read once: each declaration
    (``acts``, ``choices``, ``forces_plays``...) must be there and of its type,
    each method callable (a method that is missing fails only if it is asked);
    a trigger's outcomes are checked as outcomes. What is checked here is then
    read without care by the engine.

    Raises:
        RuleError: Naming the first member that is missing or of the wrong type.
    """
    declared = _class_text(rule, "kind")
    if declared != kind:
        raise rule_error(rule, path, "kind", returned=declared or None, expected=repr(kind))
    protocol = _PROTOCOLS[kind]
    for member in members(kind):
        if member == "kind":
            continue
        method = inspect.isfunction(vars(protocol).get(member))
        try:
            value = getattr(rule, member)
        except AttributeError:
            if method:
                continue  # asked only when called, and a call that fails is a RuleError
            raise rule_error(rule, path, member, problem=f"it has no {member}") from None
        except Exception as error:
            raise rule_error(rule, path, member, raised=error) from error
        test = _DECLARATIONS.get(member)
        if test is None and protocol.__annotations__.get(member) == "ClassVar[bool]":
            test = (_is_flag, "True or False")  # a flag this table does not list yet
        if test is not None:
            if not test[0](value):
                raise rule_error(rule, path, member, returned=value, expected=test[1])
        elif method and not callable(value):
            raise rule_error(rule, path, member, returned=value, expected="a method")
        if member == "outcomes":
            for i, outcome in enumerate(value):
                vet(outcome, "outcome", f"{path}.outcomes[{i}]")
    _vet_methods(rule, kind, path)


def _vet_methods(rule: object, kind: str, path: str) -> None:
    """Refuse a declaration worked out from the settings that its class cannot honour.

    What a class states as a plain value is checked when the class is made;
    a property (``acts`` from the settings) only says, for each object, whether
    the engine asks the method it pairs with. A class of no base, which writes
    every method itself, is refused for a method it writes that would never be
    called (:func:`~ono99.rules._follows.unasked`; the registry refuses such an
    installed class when it loads it, this one made in a program).

    Raises:
        RuleError: For a declaration that is true while its method is the base's neutral
            one, or for a class of no base writing a method never called.
    """
    base = BASES[kind]
    cls = type(rule)
    if not issubclass(cls, base):
        faults = _unasked(cls, kind)
        if faults:
            raise rule_error(rule, path, kind, problem="; ".join(faults))
        return
    for declaration, method in (*FOLLOWS[kind], *NEEDS[kind]):
        if getattr(rule, declaration) and not writes(cls, base, method):
            raise rule_error(
                rule,
                path,
                declaration,
                problem=f"{declaration} is {getattr(rule, declaration)!r}, but the class "
                f"writes no {method}(): what {declaration} says would never happen",
            )


# What unasked() says of each class of no base, worked out once for each.
_UNASKED: dict[tuple[type, str], tuple[str, ...]] = {}


def _unasked(cls: type, kind: str) -> tuple[str, ...]:
    """:func:`~ono99.rules._follows.unasked`, worked out once for each class."""
    found = _UNASKED.get((cls, kind))
    if found is None:
        found = _UNASKED[cls, kind] = tuple(unasked(cls, kind))
    return found
