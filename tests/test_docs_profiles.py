"""The profiles the docs show (``docs/_data/profiles.json``) are those the library makes now.

They are computed by ``docs/_ext/ono99_profiles.py`` and checked in, since
profiling every shipped variant takes minutes; these tests fail when they
fall behind, and say how to make them again.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ono99

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import ono99_profiles  # noqa: E402

AGAIN = "run python docs/_ext/ono99_profiles.py to profile it again"


def test_every_shipped_variant_has_a_current_profile() -> None:
    """Each shipped variant has a profile, made at the settings the script uses, of its
    rules as they are now (the fingerprint), and it reads back as a Profile."""
    data = ono99_profiles.load()
    assert data["settings"] == ono99_profiles.RULEBOOK, AGAIN
    assert sorted(data["variants"]) == sorted(ono99.list_variants()), AGAIN
    for variant_id, stored in data["variants"].items():
        profile = ono99.Profile.from_data(stored)
        variant = ono99.load_variant(variant_id)
        assert profile.fingerprint == ono99.fingerprint(variant), f"{variant_id}: {AGAIN}"
        assert profile.seed == ono99_profiles.RULEBOOK["seed"]
        assert profile.games == ono99_profiles.RULEBOOK["games"]


def test_the_worked_example_is_current() -> None:
    """The how-to's two profiles are of the variant and house rule it names, as they are now."""
    base, other = (ono99.Profile.from_data(d) for d in ono99_profiles.load()["worked"])
    variant = ono99_profiles.WORKED_VARIANT
    assert base.fingerprint == ono99.fingerprint(ono99.load_variant(variant)), AGAIN
    with_rule = ono99.load_variant(variant, list(ono99_profiles.WORKED_RULES))
    assert other.fingerprint == ono99.fingerprint(with_rule), AGAIN
    assert (base.games, base.seed, base.players) == (
        ono99_profiles.WORKED_GAMES,
        ono99_profiles.WORKED_SEED,
        ono99_profiles.WORKED_PLAYERS,
    )


@pytest.mark.parametrize("variant_id", ["ono99-2022"])
def test_a_stored_profile_is_played_again_alike(variant_id: str) -> None:
    """A profile played now is the stored one, figure for figure: the players and the
    engine still play those games as they did (a change of either shows here first)."""
    stored = ono99.Profile.from_data(ono99_profiles.load()["variants"][variant_id])
    assert ono99_profiles.rulebook_profile(variant_id, jobs=2) == stored, AGAIN


def test_a_rulebook_page_shows_the_profile() -> None:
    """The section a rulebook page gets: the command to see it all, and each headline."""
    stored = ono99.Profile.from_data(ono99_profiles.load()["variants"]["ono99-1980"])
    text = ono99_profiles.summary_rst(stored)
    assert "ono99 analyse ono99-1980 --players 4" in text
    for name, _ in stored.summary():
        assert f"* - {ono99_profiles._esc(name)}" in text
