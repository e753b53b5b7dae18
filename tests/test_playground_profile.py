"""The playground's Profile action (``docs/_playground/ono99_playground.py``), no browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

# Imported by name: pyproject.toml puts docs/_playground on the tests' path.
from ono99_playground import MAX_PROFILE_GAMES, Playground

import ono99

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = (ROOT / "variants" / "ono99-2022.toml").read_text("utf-8")


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Playground:
    monkeypatch.chdir(tmp_path)
    return Playground(Path())


def ask(page: Playground, progress: Any = None, **args: Any) -> dict[str, Any]:
    request = json.dumps({"call": "profile", "args": args})
    answer: dict[str, Any] = json.loads(page.handle(request, progress))
    return answer


def test_a_profile_answers_what_ono99_analyse_finds(page: Playground) -> None:
    """Every figure of :func:`ono99.analyse` with the page's game counts, each with its
    interval around it; the headline figures in words; progress up to every game."""
    progress: list[tuple[int, int]] = []
    answer = ask(
        page,
        lambda done, total: progress.append((done, total)),
        text=SHIPPED,
        house_rules=["two-decks"],
        players=3,
        games=20,
        seed=4,
    )
    expected = ono99.analyse(
        ono99.load_variant("ono99-2022", house_rules=["two-decks"]),
        players=3,
        games=20,
        search_games=2,
        importance_games=5,
        seed=4,
        jobs=1,
    )
    assert (answer["games"], answer["search_games"], answer["importance_games"]) == (20, 2, 5)
    assert [f["figure"] for f in answer["figures"]] == list(expected.figures())
    assert [f["text"] for f in answer["figures"]] == [str(e) for e in expected.figures().values()]
    for figure in answer["figures"]:
        assert figure["low"] - 1e-9 <= figure["value"] <= figure["high"] + 1e-9
    assert answer["summary"] == [list(pair) for pair in expected.summary()]
    kinds = sum(1 for c in expected_variant().cards if c.count)
    total = 2 * 20 + 2 * 2 + (kinds + 1) * 5  # the unrestricted player, then each card
    assert progress[-1] == (total, total)
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)


def expected_variant() -> ono99.Variant:
    return ono99.load_variant("ono99-2022", house_rules=["two-decks"])


@pytest.mark.parametrize(("games", "players"), [(0, 2), (MAX_PROFILE_GAMES + 1, 2), (5, 9)])
def test_a_profile_out_of_bounds_is_an_error(page: Playground, games: int, players: int) -> None:
    answer = ask(page, text=SHIPPED, house_rules=[], players=players, games=games, seed=1)
    assert set(answer) == {"error"}


def test_a_file_that_does_not_load_has_its_error(page: Playground) -> None:
    answer = ask(page, text="id = 3\n", house_rules=[], players=2, games=5, seed=1)
    assert set(answer) == {"error"}
    assert "variant.toml" in answer["error"]


def test_a_house_rule_is_profiled_beside_its_variant(page: Playground) -> None:
    """A house rule has no variant of its own: it is profiled laid over the variant
    chosen, side by side with that variant without it, on one seed (as ``ono99
    analyse VARIANT --house-rule FILE``), each difference marked as the command marks it."""
    rule = 'for = ["ono99-1980"]\n\n[cards.minus_ten]\ncount = 6\n'
    answer = ask(page, text=rule, kind="house-rule", over="ono99-1980", house_rules=[],
                 players=2, games=12, seed=3)  # fmt: skip
    assert "error" not in answer, answer
    assert answer["compared"] == "ono99-1980"
    options = {"players": 2, "games": 12, "search_games": 2, "importance_games": 4, "seed": 3}
    base = ono99.analyse("ono99-1980", **options)  # type: ignore[arg-type]
    path = page.write(rule, "house-rule")
    other = ono99.analyse("ono99-1980", house_rules=[str(path)], **options)  # type: ignore[arg-type]
    expected = base.differences(other)
    assert [row["figure"] for row in answer["side_by_side"]] == [d.figure for d in expected]
    assert [row["significant"] for row in answer["side_by_side"]] == [
        d.significant for d in expected
    ]
