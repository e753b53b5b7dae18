"""Scenario tests for a total that counts down to a floor that busts.

The rule set is ``files/hundred-down.toml``: the count starts at 100, the cards
take it down, and whoever must take it below 0 loses (``total.below_floor =
"busts"``). Its published text was not found (the file says so); the tests check
the rule as the file writes it, on stacked decks (see ``stacking.stacked``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import attrs
import pytest
from stacking import stacked

import ono99
from ono99 import Play, events
from ono99.testing import check_invariants

FILE = Path(__file__).parent / "files" / "hundred-down.toml"


@pytest.fixture(scope="module")
def down() -> ono99.Variant:
    return ono99.load_variant(FILE)


def test_the_count_starts_at_100_and_cards_take_it_down(down: ono99.Variant) -> None:
    """The file: "the count starts at 100 and the cards take it down"."""
    deck = stacked([["7", "2", "3"], ["8", "5", "6"]], ["2", "3"])
    game = ono99.Game(down, 2, seed=1, deck=deck)
    assert game.total == 100
    game.play(Play("7"))
    game.play(Play("8"))
    assert game.total == 85


def test_a_card_may_not_take_the_count_below_0(down: ono99.Variant) -> None:
    """The file: "0 is safe, below it busts": at 5, a 5 is safe and a 6 is not a legal
    move, and why says so in words."""
    deck = stacked([["king", "5", "2"], ["10", "6", "5"]], ["2", "3"])
    game = ono99.Game(down, 2, seed=1, deck=deck)
    game.play(Play("king"))  # to 0
    game.play(Play("10"))  # back up to 10
    game.play(Play("5"))
    assert game.total == 5
    assert Play("5") in game.legal_moves()
    assert Play("6") not in game.legal_moves()
    assert game.why_illegal(Play("6")) == "6 would take the total to -1; below 0 it busts"
    game.play(Play("5"))
    assert game.total == 0


def test_whoever_must_go_below_0_loses_a_token(down: ono99.Variant) -> None:
    """Ninety-nine's rule turned round: "A player who cannot play without causing this
    total to surpass 99 loses that hand and must forfeit one token" (Wikipedia): here,
    whoever cannot play without taking the count below 0."""
    deck = stacked([["king", "queen", "jack"], ["2", "5", "6"]], ["jack", "7", "8"])
    game = ono99.Game(down, 2, seed=1, deck=deck)
    game.play(Play("king"))  # 0
    # Seat 1 holds 2, 5, 6: each takes the count below 0.
    assert game.tokens == (3, 2)
    assert game.round == 2


def test_the_rules_play_the_card_that_busts_by_least() -> None:
    """With ``no_safe_play.action = "play_lowest"``, the mirror of playing the lowest card:
    a player with no safe play busts with the highest total below the floor (a 2 at 1,
    not the 6), the total held at the floor, and the ``player_loses`` trigger fires."""
    variant = ono99.loads_variant(
        FILE.read_text(encoding="utf-8").replace('id = "hundred-down"', 'id = "down-lowest"')
        + '\n[no_safe_play]\naction = "play_lowest"\n'
        + '\n[[triggers]]\ntype = "player_loses"\n'
        + 'outcomes = [{ type = "tokens", who = "player", by = -1 }]\n'
    )
    deck = stacked([["king", "queen", "jack"], ["6", "2", "5"]], ["ace", "7", "8"])
    game = ono99.Game(variant, 2, seed=1, deck=deck)
    game.play(Play("king"))  # 0
    happened = [e for e in game.events if isinstance(e, events.Busted)]
    assert happened == [events.Busted(1, 0)]
    played = [e for e in game.events if isinstance(e, events.Played) and e.player == 1]
    assert [e.card for e in played] == ["2"]
    assert game.tokens == (3, 1)  # the bust's token and the trigger's


def test_a_ten_over_100_busts_too(down: ono99.Variant) -> None:
    """The file: "a 10 that would take the count over 100 busts as well": both ends bust."""
    deck = stacked([["10", "2", "3"], ["5", "6", "7"]], ["2", "3"])
    game = ono99.Game(down, 2, seed=1, deck=deck)
    assert Play("10") not in game.legal_moves()
    assert game.why_illegal(Play("10")) == "10 would take the total to 110; it must stay below 101"


def test_a_floor_that_busts_needs_a_floor() -> None:
    """``below_floor = "busts"`` without a floor is refused where the file says it."""
    text = FILE.read_text(encoding="utf-8").replace("floor = 0", 'floor = "none"')
    with pytest.raises(ono99.VariantError, match=r"total\.below_floor: expected a floor"):
        ono99.loads_variant(text)


def test_the_rulebook_says_the_count_goes_down(down: ono99.Variant) -> None:
    """The rulebook says the total counts down and busts below the floor."""
    book = " ".join(ono99.rulebook(down).split())
    assert "The total starts at 100 each round." in book
    assert "The total counts down to 0: a card may not take it below 0 either" in book


@pytest.mark.slow
@pytest.mark.parametrize("action", ["lay_down", "play_lowest"])
def test_every_invariant_holds_counting_down(
    down: ono99.Variant, action: Literal["lay_down", "play_lowest"]
) -> None:
    """Invariant: counting down to a floor that busts, every game ends with one winner, no
    card is lost or made, the total never leaves the floor and the limit, and the log
    replays."""
    variant = attrs.evolve(down, no_safe_play=attrs.evolve(down.no_safe_play, action=action))
    assert check_invariants(variant, games=8, seed=5, players=[2, 3, 5]).games == 8
