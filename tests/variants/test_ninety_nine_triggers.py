"""Scenario tests for the "99" rule sets written with triggers and round scoring.

Each test plays a rule of one variant's source on a stacked deck (``deck=``) and
checks the outcome; the docstring quotes the source. Seat 0 leads the first round.
"""

from __future__ import annotations

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play, events

FILLER = ["5", "6", "7", "5", "6", "7", "5", "6", "7"]


@pytest.fixture(scope="module")
def milestones() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-milestones")


def test_milestones_facts(milestones: ono99.Variant) -> None:
    """qcsalon.net: "3 cards, 9 tokens each"; "J/Q/K = +10"; "10 = +10 or -10"."""
    assert milestones.deal.hand_size == 3
    assert milestones.match.tokens.count == 9
    assert milestones.card("king").plays_as_number()
    assert milestones.card("10").effects[0].choices == (10, -10)


def test_milestones_landing_on_33_costs_every_other_player_a_token(
    milestones: ono99.Variant,
) -> None:
    """qcsalon.net: "Landing exactly on 33 or 66: every other player loses 1 token"."""
    deck = stacked([["jack", "3", "2"], ["queen", "6", "7"], ["king", "8", "2"]], FILLER)
    game = ono99.Game(milestones, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king")
    assert game.tokens == (9, 9, 9)
    happened = game.play(Play("3"))
    assert game.total == 33
    assert game.tokens == (9, 8, 8)
    fired = [e for e in happened if isinstance(e, events.TriggerFired)]
    assert len(fired) == 1 and fired[0].player == 0 and fired[0].trigger == "land_on"
    assert events.TokensChanged(1, -1, 8, automatic=False) in happened


def test_milestones_passing_over_66_costs_the_player_a_token(milestones: ono99.Variant) -> None:
    """qcsalon.net: "Passing over 33 or 66 without landing on it: the player loses 1
    token": the 2 at 65 passes over 66 to 67."""
    deck = stacked([["jack", "queen", "8"], ["queen", "jack", "7"], ["king", "9", "2"]], FILLER)
    game = ono99.Game(milestones, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king", "queen")  # the Queen takes 30 past 33 to 40
    assert game.tokens == (8, 9, 9)
    drive(game, "jack", "9", "8", "7")
    assert game.total == 65 and game.tokens == (8, 9, 9)
    happened = game.play(Play("2"))
    assert game.total == 67
    assert game.tokens == (8, 9, 8)
    assert events.TokensChanged(2, -1, 8) in happened


def test_milestones_exactly_99_wins_the_round_and_costs_the_others_2(
    milestones: ono99.Variant,
) -> None:
    """qcsalon.net: "Landing exactly on 99: every other player loses 2 tokens and the
    player wins the round"."""
    hands = [["jack"] * 3, ["queen"] * 3, ["king", "king", "8"]]
    deck = stacked(hands, ["ace", *FILLER])
    game = ono99.Game(milestones, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king", "jack", "queen", "king", "jack", "queen", "8")
    assert game.total == 88 and game.current_player == 0
    assert game.tokens == (7, 9, 9)  # seat 0 passed over 33 and 66
    happened = game.play(Play("ace", amount=11))
    assert game.tokens == (7, 7, 7)
    assert events.RoundEnded(1, (), 0) in happened
    assert game.round == 2


def test_milestones_going_over_99_costs_2_and_ends_the_round(milestones: ono99.Variant) -> None:
    """qcsalon.net: "Going over 99: the player loses 2 tokens and the round ends"."""
    hands = [["jack"] * 3, ["queen"] * 3, ["king"] * 3]
    draws = ["jack", "5", "5", "queen", "5", "5", "king", "6", "6"]
    game = ono99.Game(milestones, players=3, seed=1, deck=stacked(hands, draws))
    drive(game, "jack", "queen", "king", "jack", "queen", "king", "jack", "queen", "king")
    # At 90 seat 0 holds only cards worth 10: it must play one and go over.
    assert game.round == 2
    assert game.tokens == (5, 9, 9)
    assert events.RoundEnded(1, (0,), None) in game.events


def test_milestones_house_rule_two_doubles_or_halves() -> None:
    """PlayAural: "a 2 doubles the total, or halves it when it is above 49 and even"."""
    variant = ono99.load_variant("ninety-nine-milestones", house_rules=["playaural-two"])
    deck = stacked([["jack", "2", "3"], ["queen", "2_halves", "4"], ["king", "6", "7"]], FILLER)
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king")
    assert Play("2_halves") not in game.legal_moves()
    game.play(Play("2"))
    assert game.total == 60
    game.play(Play("2_halves"))
    assert game.total == 30


# ------------------------------------------------------------------- bradwilson


def test_bradwilson_crossing_33_costs_a_point_and_15_ends_the_game() -> None:
    """bradwilson.io: "crossing 33, 66 or 99 costs the player one point; game to 15"."""
    variant = ono99.load_variant("ninety-nine-bradwilson")
    deck = stacked([["jack", "queen", "2"], ["queen", "jack", "3"], ["king", "9", "7"]], FILLER)
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king")
    assert game.scores == (0, 0, 0)
    game.play(Play("queen"))
    assert game.total == 40 and game.scores == (1, 0, 0)
    assert variant.match.points.target == 15 and variant.match.points.at_target == "end"
    for seed in range(5):
        game = ono99.Game(variant, players=3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed=seed)] * 3)
        assert max(game.scores) >= 15
        assert game.winner is not None
        assert game.scores[game.winner] == min(game.scores)


# -------------------------------------------------------------------- Gronemann


def test_gronemann_survivor_scores_1_and_5_wins() -> None:
    """Gronemann: "the round goes on until one player is left, who scores 1 point;
    first to 5 points wins"."""
    variant = ono99.load_variant("ninety-nine-gronemann")
    deck = stacked([["king", "4", "5"], ["jack", "queen", "jack"]], FILLER)
    game = ono99.Game(variant, players=2, seed=1, deck=deck)
    game.play(Play("king"))  # 99: seat 1 holds only cards worth 10 and drops out
    assert game.round == 2 and game.scores == (1, 0)
    for seed in range(5):
        game = ono99.Game(variant, players=3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed=seed)] * 3)
        assert game.winner is not None
        assert game.scores[game.winner] == 5
        assert sorted(game.scores)[-2] < 5


# ----------------------------------------------------------------------- Taiwan


@pytest.fixture(scope="module")
def taiwan() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-taiwan")


def test_taiwan_5_may_name_its_player(taiwan: ono99.Variant) -> None:
    """blog.vero.site: "5: choose anyone to play next, including yourself"."""
    five = ["5", "2", "3", "6", "7"]
    deck = stacked([five, ["8", "9", "10", "4", "8"], ["9", "10", "4", "8", "9"]], ["2", "3"])
    game = ono99.Game(taiwan, players=3, seed=1, deck=deck)
    assert {Play("5", target=s) for s in range(3)} <= set(game.legal_moves())
    game.play(Play("5", target=0))
    assert game.current_player == 0 and game.total == 0


def test_taiwan_ace_of_spades_sets_0_and_queen_minus_20_at_15_gives_0(
    taiwan: ono99.Variant,
) -> None:
    """blog.vero.site: "The ace of spades resets the total to 0"; "Q: +20 or -20";
    "If the total would go below 0, it becomes 0"."""
    hands = [["6", "7", "3", "4", "8"], ["9", "2", "3", "4", "8"], ["queen", "ace_of_spades"]]
    hands[2] += ["queen", "8", "9"]
    game = ono99.Game(taiwan, players=3, seed=1, deck=stacked(hands, FILLER))
    drive(game, "6", "9")
    assert game.total == 15
    game.play(Play("queen", amount=-20))
    assert game.total == 0
    drive(game, "7", "2")
    assert game.total == 9
    game.play(Play("ace_of_spades"))
    assert game.total == 0
    assert taiwan.card("ace_of_spades").count == 1 and taiwan.card("ace").count == 3
