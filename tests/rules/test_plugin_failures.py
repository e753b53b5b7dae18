"""An installed package's rule object that fails is named with its entry point and package.

The misbehaving rule objects of ``tests/misbehaving.py`` are handed to the
registry as the entry points of a package ``ono99-wild`` would be, so that
variant files name them by type; each misbehaves in one member, and every
entry point (loading, validate, the rulebook, a game) answers with the
library's error naming the rule object, the entry point and the package.
"""

from __future__ import annotations

import importlib
import json
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from misbehaving import WILD

import ono99
from ono99 import rules
from ono99.cli._main import main
from ono99.loading import _loader
from ono99.rules import _registry

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

GROUP = rules.ENTRY_POINT_GROUP
PACKAGE = SimpleNamespace(name="ono99-wild", version="1.0")


@attrs.frozen
class FakeEntryPoint:
    """An entry point of an installed distribution, as importlib.metadata gives one."""

    name: str
    value: str
    dist: Any = PACKAGE
    group: str = GROUP

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        return getattr(importlib.import_module(module), attribute)


def _install(monkeypatch: pytest.MonkeyPatch, points: list[FakeEntryPoint]) -> None:
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    _registry._found.cache_clear()
    monkeypatch.setattr(_loader, "_LOADED", {})


@pytest.fixture
def wild(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The misbehaving rule objects, installed as the package ono99-wild 1.0."""
    _install(
        monkeypatch,
        [FakeEntryPoint(name, f"misbehaving:{cls.__name__}") for name, cls in WILD.items()],
    )
    yield
    _registry._found.cache_clear()


ORIGIN = (
    "entry point wild_effect = 'misbehaving:WildEffect' "
    "(group ono99.rules, package ono99-wild 1.0)"
)


def _variant_file(tmp_path: Path, effect: str) -> Path:
    path = tmp_path / "wild.toml"
    path.write_text(
        f'extends = "ono99-2022"\nid = "wild"\n[cards.1]\n'
        f'effects = [{{ type = "add", amount = 1 }}, {{ type = "wild_effect", {effect} }}]\n'
    )
    return path


def test_a_failing_plugin_rule_in_a_game_names_its_entry_point_and_package(
    wild: None, tmp_path: Path
) -> None:
    variant = ono99.load_variant(_variant_file(tmp_path, 'member = "apply"'))
    deck = ["1", "2", "1", "3", "1", "4", "1", "5"]
    game = ono99.Game(variant, 2, seed=1, deck=deck)
    with pytest.raises(ono99.RuleError) as caught:
        game.play(ono99.Play("1"))
    assert str(caught.value) == (
        "cards.1.effects[1]: the effect 'wild_effect' failed: apply() raised "
        f"KeyError('misbehaving on purpose') (from the {ORIGIN})"
    )
    assert (caught.value.rule, caught.value.path) == ("wild_effect", "cards.1.effects[1]")
    assert isinstance(caught.value.__cause__, KeyError)
    assert game.moves == ()


def test_a_plugin_rule_whose_checks_fail_is_a_finding_of_validate(
    wild: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """problems() raising: load_variant says so, check_file reports it, --json prints JSON."""
    path = _variant_file(tmp_path, 'member = "problems", error = 3')
    with pytest.raises(ono99.RuleError, match=r"problems\(\) raised IndexError"):
        ono99.load_variant(path)
    (finding,) = ono99.check_file(path)
    assert (finding.level, finding.path) == ("error", "cards.1.effects[1]")
    assert finding.message.startswith("the effect 'wild_effect' failed: problems() raised")
    assert ORIGIN in finding.message
    assert main(["validate", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["files"][0]["findings"][0]["path"] == "cards.1.effects[1]"
    assert main(["validate", str(path)]) == 1
    assert "problems() raised IndexError" in capsys.readouterr().err


def test_a_plugin_rule_whose_problems_are_not_pairs_is_named(wild: None, tmp_path: Path) -> None:
    path = _variant_file(tmp_path, 'member = "problems", how = "return", value = "bad"')
    with pytest.raises(ono99.RuleError, match="expected a list of \\(key, message\\) pairs"):
        ono99.load_variant(path)


def test_a_describe_that_raises_is_a_rule_error_of_the_rulebook(
    wild: None, tmp_path: Path
) -> None:
    """``ono99.rulebook`` (and ``ono99 rules``) once crashed with the plugin's own error."""
    path = _variant_file(tmp_path, 'member = "describe"')
    with pytest.raises(ono99.RuleError, match=r"cards\.1\.effects\[1\]: .* describe\(\) raised"):
        ono99.rulebook(path)
    assert main(["rules", str(path)]) == 1


def test_an_entry_point_that_fails_to_import_names_itself_and_its_package(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plugin's own ImportError once came alone, without the entry point or package."""
    monkeypatch.delitem(sys.modules, "no_such_plugin_module", raising=False)
    _install(monkeypatch, [FakeEntryPoint("broken", "no_such_plugin_module:Rule")])
    try:
        message = str(rules.plugin_errors()["broken"])
        assert message.startswith(
            "entry point broken = 'no_such_plugin_module:Rule' "
            "(group ono99.rules, package ono99-wild 1.0): it could not be imported: "
        )
        assert "ModuleNotFoundError" in message
    finally:
        _registry._found.cache_clear()
