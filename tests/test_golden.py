"""Golden games: fixed seeds and players whose whole event logs are checked in.

Any change in how the rules play out shows up here as a diff of a file in
``tests/golden/``. When a change is intended, regenerate the files with
``ONO99_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import ono99

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("ono99-2022", 4, 2022),
    ("ono99-1980", 3, 1980),
    ("ono99-1980-points", 3, 500),
    ("ono99-1980-option", 2, 10),
    ("ono99-1980-points-first", 4, 1981),
    ("ninety-nine-pagat", 5, 99),
    ("ninety-nine-parlett", 3, 9),
    ("ninety-nine-everything2", 4, 5),
    ("ninety-nine-milestones", 3, 33),
    ("ninety-nine-bradwilson", 3, 15),
    ("ninety-nine-gronemann", 3, 5),
    ("ninety-nine-taiwan", 4, 99),
    ("ninety-nine", 4, 1),
    ("ninety-eight", 3, 98),
    ("ninety-nine-chicago", 5, 7),
    ("ninety-nine-jokers", 4, 52),
    ("ninety-nine-king-of-spades", 6, 13),
    ("cribbage-pegging", 2, 31),
    ("cribbage-pegging", 3, 61),
    ("cribbage-pegging", 4, 121),
    ("cribbage", 2, 121),
    ("cribbage-five-card", 2, 61),
    ("cribbage-three-hand", 3, 3),
    ("cribbage-four-hand", 4, 4),
    ("noddy", 2, 31),
    ("noddy", 4, 1589),
    ("ninety-nine-drinks", 3, 99),
]
# House rules that change how cards play (the others only change settings the
# variants' own golden games already pin), each over a variant it is for.
HOUSE_CASES = [
    ("ninety-nine", "announce-the-total", 3, 100),
    ("ninety-nine-milestones", "playaural-two", 3, 2),
    ("ninety-nine", "crazy-eights", 3, 8),
    # The ace of spades resets the total twice, then, the stock reshuffled four
    # times, does nothing.
    ("ninety-nine-taiwan", "spade-ace-four-shuffles", 4, 1),
    ("ninety-nine", "wild-jacks", 3, 1),  # jacks played for -6, -3, -1, 4, 8...
    ("ninety-nine", "wrong-total-loses", 3, 1),  # every total said, and said right
]


def play(variant_id: str, players: int, seed: int, house_rule: str | None = None) -> str:
    variant = ono99.load_variant(variant_id, [house_rule] if house_rule else [])
    game = ono99.Game(variant, players, seed=seed)
    seats = [ono99.RandomPlayer(seed + i) for i in range(players)]
    ono99.play_out(game, seats)
    lines = [json.dumps(ono99.to_data(game.record()), sort_keys=True)]
    lines += [json.dumps(ono99.to_data(e), sort_keys=True) for e in game.events]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("variant_id", "players", "seed"), CASES)
def test_golden_game(variant_id: str, players: int, seed: int) -> None:
    """The game's record and event log match the checked-in file exactly."""
    path = GOLDEN / f"{variant_id}-{players}p-seed{seed}.jsonl"
    text = play(variant_id, players, seed)
    if os.environ.get("ONO99_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(("variant_id", "house_rule", "players", "seed"), HOUSE_CASES)
def test_golden_house_rule_game(variant_id: str, house_rule: str, players: int, seed: int) -> None:
    """A house rule's game matches its checked-in file exactly (the moves say the total
    where the house rule judges it)."""
    path = GOLDEN / f"{variant_id}+{house_rule}-{players}p-seed{seed}.jsonl"
    text = play(variant_id, players, seed, house_rule)
    if os.environ.get("ONO99_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


def test_every_shipped_variant_has_a_golden_game() -> None:
    """A new rule set in ``variants/`` gets a golden game, so its play is pinned too."""
    assert {case[0] for case in CASES} == set(ono99.list_variants())
