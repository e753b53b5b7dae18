"""Scenario tests for ``ninety-nine-everything2``, the rules of Everything2.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play, events


@pytest.fixture(scope="module")
def e2() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-everything2")


def test_e2_five_names_the_next_player_not_himself(e2: ono99.Variant) -> None:
    """Everything2 (elwen): "Fives allow the player to select the next person to play,
    not himself. Play then continues normally from that person"."""
    deck = stacked(
        [["5", "2", "3", "6"], ["6", "7", "8", "9"], ["2", "3", "6", "7"], ["8", "9", "2", "3"]],
        ["6", "7", "8", "9"],
    )
    game = ono99.Game(e2, players=4, seed=1, deck=deck)
    fives = [m for m in game.legal_moves() if isinstance(m, Play) and m.card == "5"]
    assert fives == [Play("5", target=1), Play("5", target=2), Play("5", target=3)]
    assert game.why_illegal(Play("5")) == (
        "5 names the next player: the move must give a target (one of players 1, 2, 3)"
    )
    assert game.why_illegal(Play("5", target=0)) == "5 may name one of players 1, 2, 3, not 0"
    assert game.why_illegal(Play("2", target=2)) == "2 names no player (the move gives target=2)"
    happened = game.play(Play("5", target=2))
    assert happened[0] == events.Played(0, "5", 0, target=2)
    assert game.current_player == 2
    game.play(Play("2"))
    assert game.current_player == 3


def test_e2_five_after_a_reverse(e2: ono99.Variant) -> None:
    """Everything2 (elwen): "Fours reverse the direction of play"; after a Five play
    "continues normally from that person", in the direction play is going."""
    deck = stacked(
        [["4", "2", "3", "6"], ["6", "7", "8", "9"], ["2", "3", "6", "7"], ["5", "9", "2", "3"]],
        ["6", "7", "8", "9"],
    )
    game = ono99.Game(e2, players=4, seed=1, deck=deck)
    game.play(Play("4"))
    assert game.current_player == 3
    game.play(Play("5", target=1))
    assert game.current_player == 1
    game.play(Play("6"))
    assert game.current_player == 0


def test_e2_queen_and_ten_by_choice_never_below_zero(e2: ono99.Variant) -> None:
    """Everything2 (elwen): "Tens add or subtract 10, at the player's choice"; "Queens
    add or subtract 20, at the player's choice"; "The sum cannot go below 0"."""
    deck = stacked([["7", "2", "3", "6"], ["queen", "10", "8", "9"]], ["6", "7", "8"])
    game = ono99.Game(e2, players=2, seed=1, deck=deck)
    game.play(Play("7"))
    moves = game.legal_moves()
    assert Play("queen", amount=20) in moves and Play("queen", amount=-20) in moves
    assert Play("10", amount=10) in moves and Play("10", amount=-10) in moves
    game.play(Play("queen", amount=-20))
    assert game.total == 0


@pytest.mark.parametrize("move", [Play("4"), Play("5", target=1), Play("jack")])
def test_e2_two_players_four_five_jack_alike(e2: ono99.Variant, move: Play) -> None:
    """Everything2 (elwen): "When there are only two players, fours, fives, and Jacks
    all have essentially the same effect": the total stays and the other player
    plays next, then play comes back."""
    deck = stacked([["7", "4", "5", "jack"], ["6", "7", "8", "9"]], ["2", "3", "6", "7"])
    game = ono99.Game(e2, players=2, seed=1, deck=deck)
    drive(game, "7", "6", move)
    assert game.total == 13 and game.current_player == 1
    game.play(Play("7"))
    assert game.total == 20 and game.current_player == 0


def test_e2_the_player_who_cannot_play_is_out_and_the_rest_play_on(e2: ono99.Variant) -> None:
    """Everything2 (elwen): "A player loses when he cannot play a card without going
    over 99"; "The goal is to force the other player(s) out of the game"."""
    deck = stacked(
        [["king", "2", "3", "6"], ["6", "7", "8", "9"], ["jack", "2", "3", "7"]],
        ["8", "9", "3"],
    )
    game = ono99.Game(e2, players=3, seed=1, deck=deck)
    happened = game.play(Play("king"))
    assert events.LaidDown(1, ("6", "7", "8", "9")) in happened
    assert game.in_round == (True, False, True)
    assert game.total == 99 and game.current_player == 2
    assert not game.is_over
    game.play(Play("jack"))
    # Seat 0 holds 2, 3, 6, 8 at 99: out; seat 2 is the last standing.
    assert game.winner == 2
