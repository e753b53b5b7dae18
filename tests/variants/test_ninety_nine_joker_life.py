"""Scenario tests for a card dealt to every hand on top of the deal (``deal.extra``).

The rule set is ``files/ninety-nine-joker-life.toml``: ninety-nine with a Joker
dealt to each player besides the three cards, a life (it holds the total). Its
published text was not found (the file says so); the tests check the rule as the
file writes it, on stacked decks (see ``stacking.stacked``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from stacking import cards_in_play, stacked

import ono99
from ono99 import Play, events
from ono99.testing import check_invariants

FILE = Path(__file__).parent / "files" / "ninety-nine-joker-life.toml"


@pytest.fixture(scope="module")
def life() -> ono99.Variant:
    return ono99.load_variant(FILE)


def test_each_player_is_dealt_a_joker_on_top_of_three_cards(life: ono99.Variant) -> None:
    """The file: "each is given a Joker from the deck besides" the three cards dealt: four
    cards in each hand, one of them a Joker, and the deck's 56 cards all still there."""
    for players in (2, 3, 4):
        game = ono99.Game(life, players, seed=players)
        hands = [game.hand(seat) for seat in range(players)]
        assert all(len(hand) == 4 and "joker" in hand for hand in hands)
        assert sum(cards_in_play(game).values()) == 56
        assert cards_in_play(game)["joker"] == 4


def test_the_jokers_are_taken_from_the_deck_before_the_deal(life: ono99.Variant) -> None:
    """The Jokers come out of the deck first, so the deal proper deals the stacked hands
    as they are: each hand is its three cards and a Joker, and the draws follow."""
    deck = stacked([["2", "3", "5"], ["6", "7", "8"]], ["jack", "queen"])
    game = ono99.Game(life, 2, seed=1, deck=deck)
    assert Counter(game.hand(0)) == Counter(["joker", "2", "3", "5"])
    assert Counter(game.hand(1)) == Counter(["joker", "6", "7", "8"])
    dealt = [e for e in game.events if isinstance(e, events.Dealt)]
    assert [Counter(e.cards)["joker"] for e in dealt] == [1, 1]


def test_a_hand_is_kept_at_four_by_drawing(life: ono99.Variant) -> None:
    """The file: "four cards in hand, kept at four by drawing after each play", the Joker
    played or not."""
    deck = stacked([["2", "3", "5"], ["6", "7", "8"]], ["jack", "queen", "2"])
    game = ono99.Game(life, 2, seed=1, deck=deck)
    game.play(Play("2"))
    assert len(game.hand(0)) == 4 and "jack" in game.hand(0)
    game.play(Play("joker"))
    assert len(game.hand(1)) == 4 and "queen" in game.hand(1) and "joker" not in game.hand(1)


def test_the_joker_is_a_life(life: ono99.Variant) -> None:
    """Ninety-nine: "A player who cannot play without causing this total to surpass 99
    loses that hand" (Wikipedia); the Joker keeps the total, so its holder plays it at 99
    when every other card would go over, and the next player, with no Joker, loses."""
    deck = stacked([["king", "jack", "queen"], ["8", "7", "6"]], ["jack", "queen", "8"])
    game = ono99.Game(life, 2, seed=1, deck=deck)
    game.play(Play("joker"))  # seat 0 holds the total at 0; seat 1 plays on
    game.play(Play("8"))
    game.play(Play("king"))  # 99
    assert game.legal_moves() == (Play("joker"),)  # seat 1: only the life is safe
    happened = game.play(Play("joker"))
    # Seat 0 holds a jack, a queen, a jack and an 8 at 99, no Joker: it loses the hand.
    assert any(isinstance(e, events.LaidDown) and e.player == 0 for e in happened)
    assert game.tokens == (2, 3)


@pytest.mark.slow
def test_every_invariant_holds_with_a_joker_each(life: ono99.Variant) -> None:
    """Invariant: with a card dealt to every hand, every game ends with one winner, no card
    is lost or made at the deals and redeals, and the log replays."""
    checked = check_invariants(life, games=12, seed=3)
    assert checked.games == 12


def with_extra(extra: str, jokers: int = 4) -> str:
    """The file with another ``deal.extra`` and number of jokers."""
    text = FILE.read_text(encoding="utf-8")
    text = text.replace('extra = [{ card = "joker", count = 1 }]', f"extra = {extra}")
    return text.replace("jokers = 4", f"jokers = {jokers}")


def test_the_deck_must_hold_the_cards_for_every_player() -> None:
    """The cards are taken from the deck, none made: a deck of three Jokers cannot give
    one to each of four players, and the file is refused where it says so."""
    with pytest.raises(ono99.VariantError, match=r"deal\.extra: the deck holds 3 of 'joker'"):
        ono99.loads_variant(with_extra('[{ card = "joker", count = 1 }]', jokers=3))
    with pytest.raises(ono99.VariantError, match=r"expected at least 8"):
        ono99.loads_variant(with_extra('[{ card = "joker", count = 2 }]'))


def test_a_bad_extra_card_is_told_at_its_key_path() -> None:
    """An unknown card, or a count below 1, is reported where the file wrote it."""
    with pytest.raises(ono99.VariantError, match=r"deal\.extra\[0\]\.card: no card 'jokr'"):
        ono99.loads_variant(with_extra('[{ card = "jokr" }]'))
    with pytest.raises(ono99.VariantError, match=r"deal\.extra\[0\]\.count: expected 1 or more"):
        ono99.loads_variant(with_extra('[{ card = "joker", count = 0 }]'))
    with pytest.raises(ono99.VariantError, match=r"deal\.extra"):
        ono99.loads_variant(with_extra('{ card = "joker" }'))


def test_the_rulebook_says_the_joker_each(life: ono99.Variant) -> None:
    """The rulebook describes the card dealt on top of the deal in words."""
    book = " ".join(ono99.rulebook(life).split())
    assert "each player is given 1 \u00d7 Joker from the deck" in book
    assert "draws back up to 4 after each play" in book
