"""Rule objects from other packages, registered through the ``ono99.rules`` entry points.

The example plugin package of the docs (``docs/examples/hand-rules``) stands in
for an installed one: its entry points are handed to the registry as if its
distribution were installed, so these tests run without installing it. CI also
installs it for real and runs its own tests.
"""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs
import pytest
from hypothesis import find

import ono99
from ono99 import events as ev
from ono99 import rules
from ono99.authoring import _reference, _schema
from ono99.cli._main import main
from ono99.engine._narrate import describe_event
from ono99.loading import _loader
from ono99.loading._checks import check_variant
from ono99.rules import _registry
from ono99.testing import effects

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hand-rules"
SEVEN_O = EXAMPLE / "variants" / "ninety-nine-seven-o.toml"
GROUP = rules.ENTRY_POINT_GROUP


def _install(monkeypatch: pytest.MonkeyPatch, points: list[EntryPoint]) -> None:
    """Make ``points`` the installed entry points, and read them afresh."""
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    _registry._found.cache_clear()
    monkeypatch.setattr(_loader, "_LOADED", {})


@pytest.fixture
def hand_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The docs' example plugin package, as if installed."""
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    _install(
        monkeypatch,
        [
            EntryPoint("swap_hands", "ono99_hand_rules:SwapHands", GROUP),
            EntryPoint("pass_hands", "ono99_hand_rules:PassHands", GROUP),
        ],
    )
    yield
    _registry._found.cache_clear()
    sys.modules.pop("ono99_hand_rules", None)


@pytest.fixture
def no_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _install(monkeypatch, [])
    yield
    _registry._found.cache_clear()


def test_a_plugin_rule_is_named_by_type_like_a_shipped_one(hand_rules: None) -> None:
    variant = ono99.load_variant(SEVEN_O)
    swap = variant.card("7").effects[1]
    assert swap.type == "swap_hands"
    assert rules.rule_types("effect")["swap_hands"] is type(swap)
    assert "swap_hands" not in rules.rule_types("effect", shipped_only=True)


def test_plugin_rules_round_trip_and_have_fingerprints(hand_rules: None) -> None:
    """``dump_variant`` writes a plugin rule out and reading it back gives the same variant."""
    variant = ono99.load_variant(SEVEN_O)
    text = ono99.dump_variant(variant)
    assert 'type = "swap_hands"' in text
    assert ono99.loads_variant(text) == variant
    plain = ono99.load_variant("ninety-nine")
    assert ono99.fingerprint(variant) != ono99.fingerprint(plain)
    seven = next(c for c in variant.cards if c.id == "7")
    # The plugin's class, which mypy knows only as an Effect, takes include_self.
    swap = cast("Callable[..., rules.Effect]", type(seven.effects[1]))
    changed = attrs.evolve(
        variant,
        cards=tuple(
            attrs.evolve(c, effects=(*c.effects[:1], swap(include_self=True)))
            if c.id == "7"
            else c
            for c in variant.cards
        ),
    )
    assert ono99.fingerprint(changed) != ono99.fingerprint(variant)


def test_plugin_rules_are_in_the_rulebook_and_the_diff(hand_rules: None) -> None:
    variant = ono99.load_variant(SEVEN_O)
    assert "swaps hands with a player of their choice" in ono99.rulebook(variant)
    rows = ono99.diff_variants(ono99.load_variant("ninety-nine"), variant)
    assert any("swap" in str(row) for row in rows)


def test_plugin_rules_are_in_the_generated_reference(hand_rules: None) -> None:
    """``python -m ono99.authoring._schema`` documents the installed rules' settings too."""
    paths = _schema.key_paths()
    assert "effect swap_hands.include_self" in paths
    assert "effect pass_hands.against_play" in paths
    assert 'type = "swap_hands"' in "\n".join(_reference.generated())


def test_plugin_settings_are_checked_with_key_paths(hand_rules: None) -> None:
    text = SEVEN_O.read_text().replace(
        '{ type = "swap_hands" }', '{ type = "swap_hands", include_self = "yes" }'
    )
    with pytest.raises(ono99.VariantError) as info:
        ono99.loads_variant(text)
    assert "cards.7.effects[1].include_self: expected true or false" in str(info.value)


def test_a_plugin_rule_plays_and_is_told(hand_rules: None) -> None:
    """ "7: the player who plays it must trade hands with another player of their choice"."""
    variant = ono99.load_variant(SEVEN_O)
    game = ono99.Game(variant, 2, seed=1, deck=["7", "2", "9", "3", "4", "5", "ace"])
    happened = game.play(ono99.Play("7", target=1))
    assert ev.HandsSwapped(0, 1) in happened
    told = next(e for e in happened if isinstance(e, ev.RuleActed))
    assert describe_event(told, game.variant) == ("Player 0's 7: swaps hands with player 1")
    assert ono99.from_data(ono99.to_data(told)) == told


def test_generated_variants_use_installed_plugin_rules(hand_rules: None) -> None:
    """``ono99.testing`` draws plugin rules like shipped ones."""
    found = find(effects(), lambda e: e.type == "pass_hands")
    assert found.type == "pass_hands"


def test_a_known_plugin_that_is_not_installed_names_its_package(no_plugins: None) -> None:
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_variant(SEVEN_O)
    message = str(info.value)
    assert "cards.7.effects[1].type" in message
    assert "ono99-hand-rules, which is not installed (pip install ono99-hand-rules)" in message
    assert "the effects installed are add, add_choice, aim, choose_next" in message


def test_an_unknown_rule_lists_the_installed_types(no_plugins: None) -> None:
    text = SEVEN_O.read_text().replace("swap_hands", "swop_hands")
    text = text.replace(', { type = "pass_hands" }', "")
    with pytest.raises(ono99.VariantError) as info:
        ono99.loads_variant(text)
    assert 'unknown effect "swop_hands"' in str(info.value)
    assert "pip install" not in str(info.value)


@attrs.frozen
class _Lacking:
    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "lacking"

    def total_after(self, total: int, amount: int | None = None) -> int:
        return total


@attrs.frozen
class _Shadow:
    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "never"
    blocks_every_play: ClassVar[bool] = True
    reads_turn_plays: ClassVar[bool] = False
    reads_card: ClassVar[bool] = False
    reads_table: ClassVar[bool] = False

    def check(self, table: Any, card: Any) -> str | None:
        return "no"

    def allows_at(self, total: int) -> bool | None:
        return None

    def allows_card(self, card: Any) -> bool | None:
        return None

    def problems(self) -> list[tuple[str, str]]:
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        return []

    def referenced_cards(self) -> list[tuple[str, str]]:
        return []

    def describe(self) -> str:
        return "no"


class _Plain:
    kind = "effect"
    type = "plain"


@pytest.mark.parametrize(
    ("name", "cls", "says"),
    [
        ("lacking", _Lacking, "the effect protocol needs changes_total, adds_to_total"),
        ("never", _Shadow, "'never' is a rule type the library ships"),
        ("plain", _Plain, "expected a frozen attrs class"),
        ("other", _Shadow, "the class's type is 'never', not the entry point's name"),
    ],
)
def test_a_broken_plugin_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, name: str, cls: type, says: str
) -> None:
    """The entry point is named in its error; the registry holds the shipped types still."""
    monkeypatch.setitem(sys.modules, "broken_plugin", type(sys)("broken_plugin"))
    monkeypatch.setattr(sys.modules["broken_plugin"], "Rule", cls, raising=False)
    _install(monkeypatch, [EntryPoint(name, "broken_plugin:Rule", GROUP)])
    try:
        error = rules.plugin_errors()[name]
        assert isinstance(error, ono99.PluginError)
        assert isinstance(error, TypeError)
        assert says in str(error)
        assert str(error).startswith(f"entry point {name} = 'broken_plugin:Rule'")
        assert rules.rule_types("effect") == rules.rule_types("effect", shipped_only=True)
        if name not in rules.rule_types("condition"):
            with pytest.raises(ono99.PluginError, match=says):
                _registry.rule_class("effect", name)
    finally:
        _registry._found.cache_clear()


def test_a_plugin_that_fails_to_import_leaves_the_other_plugins_working(
    hand_rules: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant of one plugin's rules loads and plays while another plugin is broken.

    Issue 39, item 8: "One installed plugin that fails to import stops variants
    that use a different, working plugin."
    """
    monkeypatch.delitem(sys.modules, "no_such_plugin_module", raising=False)
    points = _registry._entry_points()
    _install(monkeypatch, [*points, EntryPoint("broken_rule", "no_such_plugin_module:R", GROUP)])
    variant = ono99.load_variant(SEVEN_O)
    game = ono99.Game(variant, 2, seed=1, deck=["7", "2", "9", "3", "4", "5", "ace"])
    assert ev.HandsSwapped(0, 1) in game.play(ono99.Play("7", target=1))
    assert set(rules.plugin_errors()) == {"broken_rule"}
    assert {"swap_hands", "pass_hands"} <= set(rules.rule_types("effect"))


def test_a_variant_that_needs_a_broken_plugin_names_its_entry_point(
    hand_rules: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The type a broken entry point would give: the loader and ``ono99 validate`` name it."""
    monkeypatch.delitem(sys.modules, "no_such_plugin_module", raising=False)
    points = _registry._entry_points()
    _install(monkeypatch, [*points, EntryPoint("broken_rule", "no_such_plugin_module:R", GROUP)])
    path = tmp_path / "broken.toml"
    path.write_text(
        SEVEN_O.read_text().replace('{ type = "pass_hands" }', '{ type = "broken_rule" }')
    )
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_variant(path)
    message = str(info.value)
    assert "cards.10.effects[1].type: entry point broken_rule = 'no_such_plugin_module:R'" in (
        message
    )
    assert "it could not be imported: ModuleNotFoundError" in message
    with pytest.raises(ono99.PluginError, match="entry point broken_rule"):
        _registry.rule_class("effect", "broken_rule")
    (finding,) = ono99.check_file(path)
    assert (finding.level, finding.path) == ("error", "cards.10.effects[1].type")
    assert finding.message.startswith("entry point broken_rule = 'no_such_plugin_module:R'")
    assert main(["validate", str(path)]) == 1


def test_shipped_variants_never_read_the_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading a variant of shipped rules asks the registry nothing it has to look up."""

    def fail() -> list[EntryPoint]:
        raise AssertionError("the entry points were read")

    monkeypatch.setattr(_registry, "_entry_points", fail)
    monkeypatch.setattr(_loader, "_LOADED", {})
    _registry._found.cache_clear()
    try:
        variant = ono99.load_variant("ono99-2022")
        assert check_variant(variant) == []
    finally:
        _registry._found.cache_clear()
