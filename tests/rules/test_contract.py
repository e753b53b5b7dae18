"""The rule-object contract: what a rule can do is asked of the rule, never guessed.

No module outside the ``ono99.rules`` package tests a rule's class or compares
its ``type`` string: the engine, checker, players, rulebook, simulator and
``ono99.testing`` ask each rule object through its protocol
(:class:`ono99.rules.Effect`, :class:`~ono99.rules.Condition`,
:class:`~ono99.rules.Trigger`, :class:`~ono99.rules.Outcome`). A scan of the
package's syntax trees enforces it. Every shipped class of every kind, looked up
in the registries, has every member of its protocol, inheriting the neutral ones
from its base (:class:`~ono99.rules.BaseEffect` and the rest) and stating only
what differs.
"""

from __future__ import annotations

import ast
import inspect
import pickle
import typing
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

import ono99
from ono99 import rules
from ono99.rules import (
    Add,
    AddChoice,
    AimAt,
    BaseCondition,
    BaseEffect,
    BaseOutcome,
    BaseTrigger,
    CardIs,
    ChooseNext,
    Condition,
    Declare,
    Deflect,
    Draw,
    Effect,
    FollowsDeclared,
    ForcePlays,
    Hold,
    Multiply,
    Never,
    NotAsAnswer,
    OncePerTurn,
    Outcome,
    PreviousCard,
    RepeatPrevious,
    Reverse,
    SetTotal,
    Skip,
    TableCount,
    TotalAtLeast,
    TotalAtMost,
    TotalEven,
    TotalMultipleOf,
    TotalOdd,
    Trigger,
    When,
    _deprecated,
    rule_types,
)
from ono99.rules._contract import KINDS as RULE_KINDS
from ono99.rules._contract import members
from ono99.rules._deprecated import DEPRECATED
from ono99.rules._follows import FOLLOWS, MOMENTS, work_out

if TYPE_CHECKING:
    from collections.abc import Mapping

PACKAGE = Path(ono99.__file__).parent
RULE_CLASSES = {cls.__name__ for kind in RULE_KINDS for cls in rule_types(kind).values()}


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts)


def _is_type_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "type"


def _strings(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_strings(e) for e in node.elts)
    return False


def _names(node: ast.AST) -> set[str]:
    """The names a class test refers to: ``Never``, ``rules.Never``, ``(A, B)``, ``A | B``."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return set().union(*(_names(e) for e in node.elts))
    if isinstance(node, ast.BinOp):
        return _names(node.left) | _names(node.right)
    return set()


def violations(source: str, filename: str) -> list[str]:
    """Where ``source`` tests a rule's class or compares a ``type`` with a string."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            classes = _names(node.args[1]) & RULE_CLASSES
            if classes:
                found.append(f"{where}: {node.func.id}(..., {', '.join(sorted(classes))})")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_type_attribute(s) for s in sides) and any(_strings(s) for s in sides):
                found.append(f"{where}: compares a .type with a string")
            for side in sides:
                classes = _names(side) & RULE_CLASSES
                calls_type = any(
                    isinstance(s, ast.Call)
                    and isinstance(s.func, ast.Name)
                    and s.func.id == "type"
                    for s in sides
                )
                if classes and calls_type:
                    found.append(f"{where}: type(...) compared with {', '.join(sorted(classes))}")
        if isinstance(node, ast.MatchClass) and _names(node.cls) & RULE_CLASSES:
            found.append(f"{where}: matches a rule class")
    return found


def test_no_module_outside_rules_tests_a_rules_class_or_type_string() -> None:
    """No module outside ``ono99/rules/`` tests a rule's class or compares its ``type`` string."""
    found = []
    for path in _modules():
        found += violations(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        "isinstance(effect, SetTotal)",
        "isinstance(c, rules.Never)",
        "isinstance(c, (Never, OncePerTurn))",
        "isinstance(c, Never | OncePerTurn)",
        'effect.type == "add"',
        'a.type in ("force_plays", "deflect")',
        '"never" != condition.type',
        "type(e) is Skip",
        "match e:\n    case Add(amount=a):\n        pass",
    ],
)
def test_the_scan_finds_each_kind_of_test(source: str) -> None:
    """The scan would fail on each way of recognising a rule by class or name."""
    assert violations(source, "x.py")


def test_the_scan_leaves_protocol_questions_alone() -> None:
    source = "any(c.blocks_every_play for c in card.conditions)\nrecord = {'type': e.type}\n"
    assert violations(source, "x.py") == []


def _members(protocol: type) -> set[str]:
    names = {n for n in vars(protocol) if not n.startswith("_")}
    return names | {n for n in protocol.__annotations__ if not n.startswith("__")}


# Each kind of rule object: its protocol, its neutral base, the shipped classes.
KINDS: dict[str, tuple[type, type, Mapping[str, type]]] = {
    "effect": (Effect, BaseEffect, rule_types("effect", shipped_only=True)),
    "condition": (Condition, BaseCondition, rule_types("condition", shipped_only=True)),
    "trigger": (Trigger, BaseTrigger, rule_types("trigger", shipped_only=True)),
    "outcome": (Outcome, BaseOutcome, rule_types("outcome", shipped_only=True)),
}
SHIPPED = [
    pytest.param(kind, cls, id=f"{kind}-{name}")
    for kind, (_, _, shipped) in KINDS.items()
    for name, cls in shipped.items()
]


@pytest.mark.parametrize(("kind", "cls"), SHIPPED)
def test_every_shipped_rule_object_has_the_whole_protocol(kind: str, cls: type) -> None:
    """Each member of its protocol (:class:`Effect`, :class:`Condition`, :class:`Trigger`
    or :class:`Outcome`) is there, on the class or inherited from its neutral base."""
    protocol, base, _ = KINDS[kind]
    assert attrs.has(cls)
    assert issubclass(cls, base)
    assert cls.kind == kind  # type: ignore[attr-defined]
    assert "type" in vars(cls)
    assert [m for m in _members(protocol) if not hasattr(cls, m)] == []
    # The docstring quotes the rule it implements.
    assert "Rule" in (inspect.getdoc(cls) or "")


@pytest.mark.parametrize(("kind", "cls"), SHIPPED)
def test_no_shipped_rule_object_restates_a_neutral_default(kind: str, cls: type) -> None:
    """A class states only what differs: no class attribute it sets, nor any class
    between it and its base, repeats the value its base gives."""
    _, base, _ = KINDS[kind]
    for klass in cls.__mro__[: cls.__mro__.index(base)]:
        for name, value in vars(klass).items():
            neutral = inspect.getattr_static(base, name, None)
            if isinstance(neutral, property) and not isinstance(value, property):
                neutral = neutral.fget(None)  # type: ignore[misc]  # a constant answer
            if isinstance(value, bool | int | tuple | str) and not name.startswith("_"):
                assert value != neutral, f"{cls.__name__}.{name} restates {neutral!r}"
            if callable(neutral) and value is neutral:
                pytest.fail(f"{cls.__name__}.{name} names the neutral method")


# The declarations that may follow from what a class writes, by kind.
FOLLOWING: dict[str, set[str]] = {
    kind: {d for d, _ in FOLLOWS[kind]}
    | (set(MOMENTS) if kind == "trigger" else set())
    | ({"ends_round"} if kind == "outcome" else set())
    for kind in KINDS
}


@pytest.mark.parametrize(("kind", "cls"), SHIPPED)
def test_no_shipped_rule_object_contradicts_or_restates_what_it_writes(
    kind: str, cls: type
) -> None:
    """Its declarations agree with its methods (it would not import otherwise), and it
    states none that follows from them: ``acts`` from ``apply``, ``changes_total`` from
    ``total_after``... (see :data:`ono99.rules._follows.FOLLOWS`)."""
    _, base, _ = KINDS[kind]
    assert work_out(cls, base)[1] == []
    for klass in cls.__mro__[: cls.__mro__.index(base)]:
        for name, value in vars(klass).items():
            if name not in FOLLOWING[kind] or name in vars(klass).get("_follows", ()):
                continue
            if isinstance(value, property):
                continue  # worked out from the settings
            values, faults = work_out(cls, base, ignore={name})
            assert not (faults == [] and values.get(name) == value), (
                f"{cls.__name__}.{name} states what follows from its methods"
            )


def test_the_registry_answers_for_each_kind_through_one_function() -> None:
    """``rule_types(kind)`` is the registry's one way in: the shipped classes are among
    all, each of its kind; the eight older ``*_types()`` names are only its deprecated
    shims (``tests/test_deprecations.py``)."""
    for kind in RULE_KINDS:
        shipped = rule_types(kind, shipped_only=True)
        assert shipped.items() <= rule_types(kind).items()
        assert all(cls.kind == kind for cls in shipped.values())
        for old in (f"{kind}_types", f"shipped_{kind}_types"):
            assert old in DEPRECATED
            assert getattr(rules, old) is getattr(_deprecated, old)
    with pytest.raises(ono99.ArgumentError, match="kind: expected one of 'effect', 'condition'"):
        rule_types("card")  # type: ignore[call-overload]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_registry_checks_what_the_protocol_lists(kind: str) -> None:
    """The registry refuses a plugin class by the members the protocols themselves list."""
    assert set(members(kind)) == _members(KINDS[kind][0])


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_base_gives_every_protocol_member_but_type_and_the_class_s_own(kind: str) -> None:
    """What a class must write itself is its ``type``, :meth:`describe` and, for a
    condition, :meth:`check`; the base gives every other member its neutral value."""
    protocol, base, _ = KINDS[kind]
    own = {"type", "describe"} | ({"check"} if kind == "condition" else set())
    # A trigger's outcomes are a field of each class: the base only annotates them.
    given = {m for m in _members(protocol) if hasattr(base, m)} | {"outcomes"}
    assert _members(protocol) - given == own


def test_a_class_that_only_names_itself_is_neutral() -> None:
    """An effect inheriting :class:`BaseEffect` that states nothing but its ``type`` and
    words changes nothing: the total stays, no choice, no player named, no fault."""

    @attrs.frozen
    class Nothing(BaseEffect):
        type = "nothing"

        def describe(self) -> str:
            return "does nothing"

    effect = Nothing()
    assert effect.total_after(41) == 41
    assert (effect.changes_total, effect.acts, effect.changes_hands) == (False, False, False)
    assert (effect.choices, effect.chooses_player, effect.forces_plays) == ((), False, 0)
    assert effect.problems() == effect.problems_at(99, 0) == effect.referenced_cards() == []
    assert not hasattr(effect, "__dict__")  # the bases keep a slotted class slotted


def test_the_rule_classes_report_the_public_module() -> None:
    """Reprs, docs and pickles name ``ono99.rules``, not the private module a class is
    written in; their annotations still resolve there (cattrs reads them)."""
    for name in rules.__all__:
        value = getattr(rules, name)
        if isinstance(value, type):
            assert value.__module__ == "ono99.rules", name
            if attrs.has(value):
                typing.get_type_hints(value)
    assert repr(rules.Reverse) == "<class 'ono99.rules.Reverse'>"
    assert pickle.loads(pickle.dumps(rules.Skip(2))) == rules.Skip(2)  # noqa: S301


def test_registries() -> None:
    """The TOML names of the shipped rule objects are a contract: each names its class."""
    assert rule_types("effect", shipped_only=True) == {
        "add": Add,
        "hold": Hold,
        "reverse": Reverse,
        "force_plays": ForcePlays,
        "deflect": Deflect,
        "add_choice": AddChoice,
        "set_total": SetTotal,
        "skip": Skip,
        "choose_next": ChooseNext,
        "multiply": Multiply,
        "draw": Draw,
        "when": When,
        "repeat_previous": RepeatPrevious,
        "declare": Declare,
        "aim": AimAt,
    }
    assert rule_types("condition", shipped_only=True) == {
        "never": Never,
        "total_multiple_of": TotalMultipleOf,
        "not_as_answer": NotAsAnswer,
        "once_per_turn": OncePerTurn,
        "total_at_least": TotalAtLeast,
        "total_at_most": TotalAtMost,
        "total_even": TotalEven,
        "total_odd": TotalOdd,
        "card": CardIs,
        "previous_card": PreviousCard,
        "table_count": TableCount,
        "follows_declared": FollowsDeclared,
    }
    # Installed plugins come on top of the shipped types, never instead of them.
    assert rule_types("effect", shipped_only=True).items() <= rule_types("effect").items()
    assert rule_types("condition", shipped_only=True).items() <= rule_types("condition").items()
