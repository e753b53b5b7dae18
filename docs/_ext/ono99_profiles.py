"""The design profiles the docs show, computed once and checked in: ``docs/_data/profiles.json``.

A profile of every shipped variant takes minutes, too long for each docs
build, so this script makes them (and the worked example of the how-to "Is
my house rule any good?") into a JSON file kept in the repository; the
build only reads it. ``tests/test_docs_profiles.py`` keeps it current: it
fails when a shipped variant has no profile or its rules changed since (its
fingerprint), and, as a slow test, plays one variant's profile again and
compares every figure. After changing a variant or a player, run::

    python docs/_ext/ono99_profiles.py            # every profile (a few minutes)
    python docs/_ext/ono99_profiles.py ono99-1980 # just these
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import ono99

DATA = Path(__file__).resolve().parent.parent / "_data" / "profiles.json"

RULEBOOK = {"games": 400, "search_games": 20, "importance_games": 100, "seed": 2026}
"""The settings of each rulebook page's profile (at 4 players, or the variant's nearest)."""

WORKED_VARIANT = "ono99-1980"
"""The how-to's example: a shipped house rule against its base."""

WORKED_RULES = ("ono99-card-option",)
WORKED_PLAYERS = 4
WORKED_GAMES = 1000
WORKED_SEED = 1


def load() -> dict[str, Any]:
    """The checked-in data: ``settings``, ``variants`` (id to profile data), ``worked``."""
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def rulebook_profile(variant_id: str, jobs: int | None = None) -> ono99.Profile:
    """The profile a rulebook page shows, played now."""
    return ono99.analyse(
        variant_id,
        games=RULEBOOK["games"],
        search_games=RULEBOOK["search_games"],
        importance_games=RULEBOOK["importance_games"],
        seed=RULEBOOK["seed"],
        jobs=jobs,
    )


def worked_profiles(jobs: int | None = None) -> list[ono99.Profile]:
    """The how-to's two profiles: the base variant, and it with the house rule."""
    return [
        ono99.analyse(
            WORKED_VARIANT,
            house_rules=given,
            players=WORKED_PLAYERS,
            games=WORKED_GAMES,
            seed=WORKED_SEED,
            jobs=jobs,
        )
        for given in ((), WORKED_RULES)
    ]


def summary_rst(profile: ono99.Profile) -> str:
    """A rulebook page's section: the profile's headline figures as a list table."""
    command = rulebook_command(profile)
    lines = [
        "Profile",
        "-------",
        "",
        f"What these rules do to the game, measured by :func:`ono99.analyse` at "
        f"{profile.players} players (seed {profile.seed}; {profile.games} games of cautious "
        f"players, {profile.search_games} with a search player on each rung, "
        f"{profile.importance_games} for card importance). Each figure has its 95% interval; "
        ":doc:`/howto/is-my-house-rule-any-good` says how to read them. To see it all:",
        "",
        ".. code-block:: console",
        "",
        f"   $ {command}",
        "",
        ".. list-table::",
        "   :widths: 35 65",
        "",
    ]
    for name, value in profile.summary():
        lines += [f"   * - {_esc(name)}", f"     - {_esc(value)}"]
    return "\n".join(lines) + "\n"


def rulebook_command(profile: ono99.Profile) -> str:
    """The command that prints ``profile`` in full."""
    settings = RULEBOOK
    return (
        f"ono99 analyse {profile.variant} --players {profile.players} --games "
        f"{settings['games']} --search-games {settings['search_games']} "
        f"--importance-games {settings['importance_games']} --seed {settings['seed']}"
    )


def _esc(text: str) -> str:
    """Text for a reST cell: the characters reST would read as markup are escaped."""
    for char in "\\*`|_[]":
        text = text.replace(char, "\\" + char)
    return text


def main(argv: list[str]) -> None:
    """Profile the variants named (all when none) and write them into :data:`DATA`."""
    jobs = os.cpu_count()
    data: dict[str, Any] = (
        load() if DATA.exists() else {"settings": RULEBOOK, "variants": {}, "worked": []}
    )
    wanted = argv or ono99.list_variants()
    if data.get("settings") != RULEBOOK:
        data = {"settings": RULEBOOK, "variants": {}, "worked": []}
        wanted = ono99.list_variants()
    for variant_id in wanted:
        print(f"profiling {variant_id} ...", file=sys.stderr)
        data["variants"][variant_id] = rulebook_profile(variant_id, jobs).to_data()
    if not argv or not data.get("worked"):
        print("profiling the worked example ...", file=sys.stderr)
        data["worked"] = [p.to_data() for p in worked_profiles(jobs)]
    data["variants"] = dict(sorted(data["variants"].items()))
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])


def worked_rst(profiles: list[ono99.Profile]) -> tuple[str, str]:
    """The how-to's worked example: substitutions for its prose, and the side-by-side table."""
    base, other = profiles
    found = {d.figure: d for d in base.differences(other)}
    card = "importance of O'NO 99"
    lines = [
        f".. |w-base| replace:: ``{base.variant}``",
        f".. |w-other| replace:: ``{other.variant}``",
        f".. |w-players| replace:: {base.players}",
        f".. |w-seed| replace:: {base.seed}",
        f".. |w-games| replace:: {base.games:,}",
        f".. |w-search-games| replace:: {base.search_games:,}",
        f".. |w-importance-games| replace:: {base.importance_games:,}",
        f".. |w-seat0| replace:: {base.fairness.seats[0]}",
        f".. |w-seat-p| replace:: {base.fairness.p_value:.2f}",
        f".. |w-advantage| replace:: {base.fairness.advantage}",
        f".. |w-card-base| replace:: {found[card].base}",
        f".. |w-card-other| replace:: {found[card].other}",
        f".. |w-card-p| replace:: {found[card].p_value:.2g}",
        f".. |w-plays-base| replace:: {base.duration.plays.mean}",
        f".. |w-plays-other| replace:: {other.duration.plays.mean}",
        f".. |w-gap| replace:: {base.skill.gap.win_rate}",
        f".. |w-search-base| replace:: {found['search among cautious'].base}",
        f".. |w-search-other| replace:: {found['search among cautious'].other}",
        f".. |w-search-p| replace:: {found['search among cautious'].p_value:.2g}",
        f".. |w-branch-base| replace:: {found['legal moves a move'].base.value:.2f}",
        f".. |w-branch-other| replace:: {found['legal moves a move'].other.value:.2f}",
        f".. |w-marked| replace:: {sum(d.significant for d in found.values())}",
        f".. |w-figures| replace:: {len(found)}",
    ]
    table = [
        ".. list-table:: The two profiles side by side (differences in percentage points for "
        "shares; * marked by Benjamini-Hochberg at a false discovery rate of 5%)",
        "   :header-rows: 1",
        "   :widths: 34 18 18 22 8",
        "",
        "   * - figure",
        f"     - {_esc(base.variant)}",
        f"     - {_esc(other.variant)}",
        "     - difference (95% interval)",
        "     - p",
    ]
    for d in found.values():
        share = d.base.kind in {"rate", "share", "difference"}
        scale, digits = (100, 1) if share else (1, 2)
        mark = " \\*" if d.significant else ""
        table += [
            f"   * - {_esc(d.figure)}",
            f"     - {_esc(_short(d.base))}",
            f"     - {_esc(_short(d.other))}",
            f"     - {d.difference * scale:+.{digits}f} ({d.low * scale:+.{digits}f} to "
            f"{d.high * scale:+.{digits}f}){mark}",
            f"     - {d.p_value:.3f}",
        ]
    return "\n".join(lines) + "\n", "\n".join(table) + "\n"


def _short(estimate: ono99.Estimate) -> str:
    if estimate.kind == "difference":
        return f"{estimate.value * 100:+.1f} pts"
    if estimate.kind in {"rate", "share"}:
        return f"{estimate.value:.1%}"
    return f"{estimate.value:.2f}"
