"""A rule class's declarations follow from what it writes; one that contradicts it is refused.

Issue 36: "a plugin effect class that writes ``apply`` (or ``total_after``) but
does not also set ``acts = True`` (or ``changes_total = True``) does nothing at
all ... (a "+50" effect left the total at 0; no ``RuleActed`` event)". Each
declaration that pairs with a method (:data:`ono99.rules._follows.FOLLOWS`)
follows from the class when it is made; a statement that contradicts the
class raises :class:`ono99.PluginError` then, which the registry reports with
the entry point of a plugin.
"""

from __future__ import annotations

import random
import sys
import textwrap
from importlib.metadata import EntryPoint
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from misbehaving import with_rule

import ono99
from ono99 import events as ev
from ono99 import rules
from ono99.loading import _loader
from ono99.rules import (
    BaseCondition,
    BaseEffect,
    BaseOutcome,
    BaseTrigger,
    ChangePoints,
    Flush,
    _registry,
)
from ono99.testing import GameChecker

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

GROUP = rules.ENTRY_POINT_GROUP
BASE = ono99.load_variant("ono99-2022")

# A plugin as its author would write it: methods, and no declaration at all.
SILENT = """
from attrs import frozen
from ono99.rules import BaseEffect, BaseOutcome, BaseTrigger

@frozen
class PlusFifty(BaseEffect):
    type = "plus_fifty"

    def total_after(self, total, amount=None):
        return total + 50

    def describe(self):
        return "adds 50"

@frozen
class Shout(BaseEffect):
    type = "shout"

    def apply(self, table, card):
        table.tell(self.type, "shouts", (table.player,))

    def describe(self):
        return "shouts"
"""

# A plugin whose statement contradicts what its class writes.
CONTRADICTING = """
from attrs import frozen
from ono99.rules import BaseEffect

@frozen
class Loud(BaseEffect):
    type = "loud"
    acts = False

    def apply(self, table, card):
        table.tell(self.type, "is loud", (table.player,))

    def describe(self):
        return "is loud"
"""


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The two throw-away plugin modules on the path, their classes installed as entry points."""
    (tmp_path / "throwaway_silent.py").write_text(textwrap.dedent(SILENT))
    (tmp_path / "throwaway_contradicting.py").write_text(textwrap.dedent(CONTRADICTING))
    monkeypatch.syspath_prepend(str(tmp_path))
    points = [
        EntryPoint("plus_fifty", "throwaway_silent:PlusFifty", GROUP),
        EntryPoint("shout", "throwaway_silent:Shout", GROUP),
        EntryPoint("loud", "throwaway_contradicting:Loud", GROUP),
    ]
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    _registry._found.cache_clear()
    monkeypatch.setattr(_loader, "_LOADED", {})
    yield
    _registry._found.cache_clear()
    for name in ("throwaway_silent", "throwaway_contradicting"):
        sys.modules.pop(name, None)


def _file(tmp_path: Path, effects: str) -> Path:
    path = tmp_path / "plugin-variant.toml"
    path.write_text(f'extends = "ono99-2022"\nid = "plugin"\n[cards.1]\neffects = [{effects}]\n')
    return path


def test_a_plugin_effect_that_writes_its_methods_acts_without_declaring(
    plugin: None, tmp_path: Path
) -> None:
    """The "+50" effect of the issue takes the total to 50; ``apply`` alone is told."""
    variant = ono99.load_variant(_file(tmp_path, '{ type = "plus_fifty" }, { type = "shout" }'))
    game = ono99.Game(variant, 2, seed=1, deck=["1", "2", "1", "3", "1", "4", "1", "5"])
    happened = game.play(ono99.Play("1"))
    assert game.total == 50
    assert ev.RuleActed(0, "1", "shout", "shouts", (0,)) in happened
    effects = variant.card("1").effects
    assert [(e.changes_total, e.acts) for e in effects] == [(True, False), (False, True)]


def test_a_plugin_class_that_contradicts_itself_is_refused_naming_it_and_its_entry_point(
    plugin: None, tmp_path: Path
) -> None:
    """``acts = False`` beside an ``apply``: refused as the plugin loads, the others stay."""
    error = rules.plugin_errors()["loud"]
    assert isinstance(error, ono99.PluginError)
    assert str(error).startswith(
        "entry point loud = 'throwaway_contradicting:Loud' (group ono99.rules): "
        "the effect class throwaway_contradicting.Loud: it writes apply() but states "
        "acts = False, so apply() would never be called"
    )
    with pytest.raises(
        ono99.VariantError, match=r"cards\.1\.effects\[0\]\.type: entry point loud"
    ):
        ono99.load_variant(_file(tmp_path, '{ type = "loud" }'))
    assert "plus_fifty" in rules.rule_types("effect")


def _made(base: type, body: dict[str, Any]) -> type:
    """A frozen attrs rule class of ``base`` with ``body`` (and a ``type`` and ``describe``)."""
    namespace: dict[str, Any] = {"type": "made", "describe": lambda self: "made", **body}
    return attrs.frozen(type("Made", (base,), namespace))


def _apply(self: object, table: object, card: object) -> None: ...
def _total_after(self: object, total: int, amount: int | None = None) -> int:
    return total


def _fires(self: object, before: int, after: int, bust: int) -> bool:
    return True


def _fires_on(self: object, table: object) -> bool:
    return True


def _targets(self: object, table: object) -> list[int]:
    return []


def _allows_card(self: object, card: object) -> bool | None:
    return True


def _check(self: object, table: object, card: object) -> str | None:
    return None


OUTCOMES: dict[str, Any] = {"outcomes": attrs.field(factory=tuple)}


@pytest.mark.parametrize(
    ("base", "body", "says"),
    [
        (BaseEffect, {"acts": True}, "it states acts = True but writes no apply()"),
        (
            BaseEffect,
            {"acts": False, "apply": _apply},
            "it writes apply() but states acts = False",
        ),
        (
            BaseEffect,
            {"changes_total": True},
            "states changes_total = True but writes no total_after",
        ),
        (
            BaseEffect,
            {"changes_total": False, "total_after": _total_after},
            "it writes total_after() but states changes_total = False",
        ),
        (BaseEffect, {"chooses_player": True}, "chooses_player = True but writes no targets()"),
        (BaseEffect, {"adds_to_total": True}, "adds_to_total = True but writes no total_after()"),
        (BaseEffect, {"choices": (1, 11)}, "choices = (1, 11) but writes no total_after()"),
        (BaseEffect, {"changes_hands": True}, "changes_hands = True but writes no apply()"),
        (BaseEffect, {"forces_plays": 2}, "forces_plays = 2 but writes no apply()"),
        (BaseEffect, {"answers_forced_plays": True}, "answers_forced_plays = True but writes no"),
        (
            BaseCondition,
            {"check": _check, "reads_card": True},
            "reads_card = True but writes no allows_card()",
        ),
        (
            BaseTrigger,
            {**OUTCOMES, "on_loss": True, "fires": _fires},
            "it writes fires() or fires_on(), which are asked only after a play",
        ),
        (
            BaseTrigger,
            {**OUTCOMES, "after_play": False, "fires": _fires},
            "and states none of them",
        ),
        (BaseTrigger, OUTCOMES, "it states no moment"),
        (
            BaseTrigger,
            {**OUTCOMES, "after_play": True, "reads_table": True},
            "reads_table = True but writes no fires_on()",
        ),
        (
            BaseTrigger,
            {**OUTCOMES, "after_play": True, "reads_announcement": True},
            "reads_announcement = True but writes no fires_on()",
        ),
        (
            BaseOutcome,
            {"wins_round": True, "ends_round": False},
            "states wins_round = True and ends_round = False",
        ),
    ],
)
def test_a_declaration_that_contradicts_the_class_is_refused_when_it_is_made(
    base: type, body: dict[str, Any], says: str
) -> None:
    """Each pair both ways, each declaration that needs a method, a trigger never asked."""
    with pytest.raises(ono99.PluginError, match=r"the .* class .*Made: ") as info:
        _made(base, body)
    assert says in str(info.value)


@pytest.mark.parametrize(
    ("base", "body", "follows"),
    [
        (BaseEffect, {"apply": _apply}, {"acts": True}),
        (BaseEffect, {"total_after": _total_after}, {"changes_total": True}),
        (
            BaseEffect,
            {"targets": _targets, "apply": _apply},
            {"chooses_player": True, "acts": True},
        ),
        (BaseTrigger, {**OUTCOMES, "fires": _fires}, {"after_play": True, "reads_table": False}),
        (
            BaseTrigger,
            {**OUTCOMES, "fires_on": _fires_on},
            {"after_play": True, "reads_table": True},
        ),
        (
            BaseTrigger,
            {**OUTCOMES, "on_count_end": True, "fires_on": _fires_on},
            {"after_play": False, "reads_table": True},
        ),
        (BaseOutcome, {"wins_round": True}, {"ends_round": True}),
    ],
)
def test_what_a_class_writes_makes_its_declarations(
    base: type, body: dict[str, Any], follows: dict[str, bool]
) -> None:
    """Read as plain class attributes, as the engine reads them (compiled or not)."""
    cls = _made(base, body)
    assert {name: getattr(cls, name) for name in follows} == follows
    assert not hasattr(cls(), "__dict__")  # still slotted


def test_a_subclass_inherits_what_follows_and_may_not_contradict_it() -> None:
    """A plugin's subclass of a shipped class keeps its methods' declarations."""

    @attrs.frozen
    class Turn(rules.Reverse):
        type = "turn"

    assert Turn().acts is True
    with pytest.raises(ono99.PluginError, match="writes apply\\(\\) but states acts = False"):
        _made(rules.Reverse, {"acts": False})


def test_a_declaration_worked_out_from_the_settings_needs_its_method_too() -> None:
    """A property says, for each object, what its class then has to do: checked when played."""

    @attrs.frozen
    class Sometimes(BaseEffect):
        type = "sometimes"
        loud: bool = True

        @property
        def acts(self) -> bool:
            return self.loud

        def describe(self) -> str:
            return "sometimes"

    ono99.Game(with_rule(BASE, Sometimes(loud=False)), 2)  # it does nothing, and says so
    with pytest.raises(ono99.RuleError) as info:
        ono99.Game(with_rule(BASE, Sometimes()), 2)
    assert "acts is True, but the class writes no apply()" in str(info.value)


def test_the_checker_reads_a_flush_from_the_cards_own_suits_after_a_declaration() -> None:
    """A flush is "cards of the same suit laid down successively" (Hoyle's Games,
    "Cribbage"): it reads each card's own suit, and a declaration names what the next
    card follows, not the suit of the card that made it. The checker's table agrees with
    the engine's: an eight declared as another suit, then a card of that suit, is no
    flush in the game, and the checker expects none."""
    variant = ono99.load_variant("ninety-nine", house_rules=["crazy-eights"])
    flush = Flush(length=2, outcomes=(ChangePoints(who="player", by=1),))
    variant = attrs.evolve(variant, triggers=(*variant.triggers, flush))
    declared_away = 0
    for seed in range(4):
        game = ono99.Game(variant, 2, seed=seed)
        checker = GameChecker(game)
        rng = random.Random(seed)
        while game.winner is None and len(game.moves) < 300:
            moves = game.legal_moves()
            away = [
                m
                for m in moves
                if isinstance(m, ono99.Play)
                and m.declare is not None
                and m.declare != variant.card(m.card).suit
            ]
            declared_away += bool(away)
            checker.play(away[0] if away else rng.choice(moves))
    assert declared_away > 0
