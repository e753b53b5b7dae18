"""The changelog is one users upgrade by (Keep a Changelog, 1.1.0).

Its "Unreleased" section has the five sections of changes users act on, in
order, each with entries, and stays short enough to read before upgrading:
what a user sees, not the measurements along the way (those are on the speed
page). The deprecated names are listed under "Deprecated" with what to write
instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ono99.rules._deprecated import DEPRECATED

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
SECTIONS = ("Added", "Changed", "Deprecated", "Removed", "Fixed")
MOST_LINES = 250

pytestmark = pytest.mark.skipif(not CHANGELOG.is_file(), reason="no CHANGELOG.md in this tree")


def _unreleased() -> str:
    text = CHANGELOG.read_text(encoding="utf-8")
    return text.split("\n## [Unreleased]\n", 1)[1].split("\n## ", 1)[0]


def _sections() -> dict[str, str]:
    parts = re.split(r"^### (.+)\n", _unreleased(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_unreleased_has_the_five_sections_in_order_each_with_entries() -> None:
    """Added, Changed, Deprecated, Removed, Fixed, and no other: a change that can
    break a file or a program has a section to go in that a user reads first."""
    sections = _sections()
    assert tuple(sections) == SECTIONS
    for name, body in sections.items():
        assert re.search(r"^- \S", body, re.M), f"### {name} has no entry"


def test_unreleased_is_short_enough_to_read_before_upgrading() -> None:
    """At most 250 lines, every line within 80 columns."""
    lines = _unreleased().strip("\n").splitlines()
    assert len(lines) <= MOST_LINES, f"{len(lines)} lines: say what a user sees, in fewer"
    assert [line for line in lines if len(line) > 80] == []


def test_unreleased_holds_no_measurements() -> None:
    """Speed figures and benchmark runs belong on the speed page, not here."""
    text = _unreleased()
    assert "benchmarks/" not in text
    assert not re.search(r"\d+(?:\.\d+)?x\b|\d+(?:\.\d+)? ?(?:ms|µs|s)\b", text)


def test_each_deprecated_name_is_listed_with_its_replacement() -> None:
    """The "Deprecated" section names every shim and what to write instead."""
    flat = " ".join(_sections()["Deprecated"].split())
    for name in DEPRECATED:
        assert f"{name}()" in flat, name
    assert 'rule_types("effect")' in flat
    assert "shipped_only=True" in flat


def test_a_shipped_variant_that_changes_who_plays_it_says_so_here_and_in_its_file() -> None:
    """cribbage-pegging plays four in partnerships now: the changelog and the file both
    say so, and what becomes of a file extending it for fewer players."""
    changed = " ".join(_sections()["Changed"].split())
    assert "`cribbage-pegging` plays four players" in changed
    assert "`teams = { at = [] }`" in changed
    file = (ROOT / "variants" / "cribbage-pegging.toml").read_text(encoding="utf-8")
    said = " ".join(line.lstrip("# ") for line in file.splitlines() if line.startswith("#"))
    assert "Changed since 0.1.0, which allowed two or three players: four now play" in said
    assert "allows fewer (max = 2 or 3) plays without them" in said
