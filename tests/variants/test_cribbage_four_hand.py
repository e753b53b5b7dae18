"""Scenario tests for ``cribbage-four-hand``: partners, one card each to the crib, a team's score.

Each test plays a rule on a stacked deck (``stacking.stacked``: the hands, then the
stock from its top, whose first card is the starter), quoting Bicycle Cards'
"Four-Hand Cribbage" (BIC4) or the other sources the variant file names. The last
seat (3) deals the first round; seats 0 and 2 are partners against 1 and 3.
"""

from __future__ import annotations

import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.engine import game_state

HANDS = [
    ["5_of_clubs", "5_of_hearts", "king_of_spades", "2_of_clubs", "ace_of_diamonds"],
    ["9_of_clubs", "9_of_hearts", "8_of_spades", "3_of_clubs", "ace_of_hearts"],
    ["6_of_clubs", "6_of_hearts", "queen_of_spades", "4_of_clubs", "ace_of_spades"],
    ["7_of_clubs", "7_of_hearts", "jack_of_spades", "10_of_clubs", "ace_of_clubs"],
]


@pytest.fixture(scope="module")
def four() -> ono99.Variant:
    return ono99.load_variant("cribbage-four-hand")


def test_partners_score_together_and_the_crib_is_the_dealer_s_side(
    four: ono99.Variant,
) -> None:
    """BIC4: "Five cards are dealt to each player, one at a time. Each player puts one card
    into the crib, which belongs to the dealer ... Scores made by partners are combined in
    a running total". Each lays an ace away: the crib of four aces (six pairs, 12) is
    counted last, for the dealer (seat 3), and every point of the deal, in the play and
    the show, is given to both partners of a side, so their scores never part."""
    game = ono99.Game(four, players=4, seed=1, deck=stacked(HANDS, ["5_of_spades"]))
    assert all(len(m.cards) == 1 for m in game.legal_moves() if isinstance(m, ono99.PutAside))
    for seat in range(4):
        game.play(ono99.PutAside((HANDS[seat][4],)))
    crib = game_state(game)["zones"]["crib"]
    assert crib == [["ace_of_diamonds", "ace_of_hearts", "ace_of_spades", "ace_of_clubs"]]
    assert [len(game.hand(seat)) for seat in range(4)] == [4, 4, 4, 4]
    while game.round == 1:
        game.play(game.legal_moves()[0])
    fired = [e for e in game.events if isinstance(e, ev.TriggerFired)]
    assert [(e.player, e.trigger) for e in fired[-6:]] == [(3, "hand_pairs")] * 6
    changes = [e for e in game.events if isinstance(e, ev.ScoreChanged)]
    assert {e.player for e in changes} == {0, 1, 2, 3}
    for first, second in zip(changes[::2], changes[1::2], strict=True):
        # each score is given to a seat and at once to its partner
        assert (first.player + 2) % 4 == second.player
        assert (first.change, first.score) == (second.change, second.score)
    assert game.scores[0] == game.scores[2] and game.scores[1] == game.scores[3]


def test_a_side_wins_together(four: ono99.Variant) -> None:
    """BIC4: "Scores made by partners are combined in a running total ... Game is 121
    points": the game ends with both partners of the side that reached 121 the winners,
    at the same score."""
    for seed in range(3):
        game = ono99.Game(four, players=4, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed * 4 + seat) for seat in range(4)])
        (won,) = [e for e in game.events if isinstance(e, ev.GameWon)]
        side = (won.player % 2, won.player % 2 + 2)
        assert game.winners == side
        assert game.scores[side[0]] == game.scores[side[1]] >= 121
        assert max(game.scores[(side[0] + 1) % 4], game.scores[(side[0] + 3) % 4]) < 121
