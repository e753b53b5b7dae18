"""The deprecation policy (docs/reference/api/deprecations.rst), held.

A public name that goes away keeps working for one minor release with a
``DeprecationWarning`` naming its replacement. ``tests/public_names.txt`` lists
every public name of ``ono99``, ``ono99.rules``, ``ono99.events`` and
``ono99.testing`` as of the last release (regenerated when one is made, with
:func:`public_names`): each must still be there, as itself or as a deprecated
shim that warns.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99 import events, rules, testing
from ono99.rules._deprecated import DEPRECATED

if TYPE_CHECKING:
    from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reference" / "api" / "deprecations.rst"
MODULES: tuple[ModuleType, ...] = (ono99, rules, events, testing)


def public_names() -> set[str]:
    """Every public name of the four modules, as ``tests/public_names.txt`` lists them."""
    return {f"{module.__name__}.{name}" for module in MODULES for name in module.__all__}


def _listed() -> list[str]:
    text = (Path(__file__).parent / "public_names.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line]


def test_no_public_name_of_the_last_release_is_gone() -> None:
    """Every name the last release made public is still public: removed only after a
    release of deprecation (it stays in ``__all__`` as a shim while it warns)."""
    gone = sorted(set(_listed()) - public_names())
    assert gone == [], f"keep these as deprecated shims for a release (see {PAGE.name}): {gone}"


@pytest.mark.parametrize("name", sorted(DEPRECATED))
def test_a_deprecated_name_works_and_warns_with_its_replacement(name: str) -> None:
    """``effect_types()`` and its seven siblings answer what their replacement answers,
    with a ``DeprecationWarning`` that names it and points at the caller's line."""
    replacement = DEPRECATED[name]
    with pytest.warns(DeprecationWarning, match="is deprecated") as caught:
        got = getattr(rules, name)()
    (warning,) = caught
    assert f"ono99.rules.{replacement}" in str(warning.message)
    assert warning.filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        expected = eval(f"rules.{replacement}")  # noqa: S307 - the table's own text
    assert dict(got) == dict(expected)
    assert got


def test_the_deprecations_page_lists_each_deprecated_name_and_its_replacement() -> None:
    """The docs' table is the table the shims warn with: no more, no fewer."""
    text = PAGE.read_text(encoding="utf-8")
    rows = re.findall(r"^   \* - ``(\w+)\(\)``\n     - ``(.+)``$", text, re.M)
    assert dict(rows) == DEPRECATED
    for name in DEPRECATED:
        assert f".. autofunction:: {name}\n" in text


def test_the_policy_is_stated_for_names_keys_and_shipped_variants() -> None:
    """The page says what happens to a name, a file's key and a shipped variant."""
    flat = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert "keeps working for one more minor release" in flat
    assert "DeprecationWarning" in flat
    assert "ono99 validate" in flat
    assert "says so in its file and in the changelog" in flat
