"""Scenario tests for ``ninety-nine-parlett``, the rules in Parlett's style.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play


@pytest.fixture(scope="module")
def parlett() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-parlett")


def test_parlett_facts(parlett: ono99.Variant) -> None:
    """denexa.com: "a simple counting game for two to six players"; "deal four cards
    to each player"; "three tokens" each."""
    assert (parlett.players.min, parlett.players.max) == (2, 6)
    assert parlett.deal.hand_size == 4
    assert parlett.match.tokens.count == 3


def test_parlett_nine_takes_the_count_to_99(parlett: ono99.Variant) -> None:
    """denexa.com: "9 | Count automatically becomes 99"."""
    deck = stacked([["7", "2", "3", "4"], ["9", "5", "6", "8"]], ["jack", "queen"])
    game = ono99.Game(parlett, players=2, seed=1, deck=deck)
    drive(game, "7", "9")
    assert game.total == 99


def test_parlett_king_counts_nothing(parlett: ono99.Variant) -> None:
    """denexa.com: "K | 0": the King adds nothing (it does not reset the count)."""
    deck = stacked([["7", "2", "3", "4"], ["king", "5", "6", "8"]], ["jack", "queen"])
    game = ono99.Game(parlett, players=2, seed=1, deck=deck)
    drive(game, "7", "king")
    assert game.total == 7 and game.current_player == 0


def test_parlett_three_adds_three_and_skips(parlett: ono99.Variant) -> None:
    """denexa.com: "3 | +3 | Next player skipped". With two players the skipped
    player is the other one, and the turn comes straight back."""
    deck = stacked(
        [["3", "2", "4", "5"], ["6", "7", "8", "2"], ["jack", "queen", "2", "5"]], ["6"] * 3
    )
    game = ono99.Game(parlett, players=3, seed=1, deck=deck)
    game.play(Play("3"))
    assert game.total == 3 and game.current_player == 2
    game.play(Play("jack"))
    assert game.current_player == 0
    two = ono99.Game(parlett, players=2, seed=1, deck=stacked([["3", "2"] * 2, ["6", "7"] * 2]))
    two.play(Play("3"))
    assert two.total == 3 and two.current_player == 0


def test_parlett_four_reverses(parlett: ono99.Variant) -> None:
    """denexa.com: "4 | 0 | Order of play is reversed in games with more than two
    players"."""
    deck = stacked(
        [["4", "2", "5", "6"], ["6", "7", "8", "2"], ["jack", "queen", "2", "5"]], ["7"] * 3
    )
    game = ono99.Game(parlett, players=3, seed=1, deck=deck)
    game.play(Play("4"))
    assert game.total == 0 and game.direction == -1 and game.current_player == 2


def test_parlett_ten_and_ace_at_the_players_option(parlett: ono99.Variant) -> None:
    """denexa.com: "Ace | +1 or +11 | Value at player's option"; "10 | ±10 | Value at
    player's option"."""
    deck = stacked([["ace", "10", "2", "5"], ["6", "7", "8", "2"]], ["6"] * 3)
    game = ono99.Game(parlett, players=2, seed=1, deck=deck)
    choices = {m for m in game.legal_moves() if isinstance(m, Play) and m.card in ("ace", "10")}
    assert choices == {
        Play("ace", amount=1),
        Play("ace", amount=11),
        Play("10", amount=10),
        Play("10", amount=-10),
    }
    drive(game, Play("ace", amount=11), "6", Play("10", amount=-10))
    assert game.total == 7
