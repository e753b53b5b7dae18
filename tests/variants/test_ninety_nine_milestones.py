"""Scenario tests for ``ninety-nine-milestones``: a "99" rule set with triggers.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import FILLER, drive, stacked

import ono99
from ono99 import Play, events


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
    """PlayAural: "2 = x2, or /2 if the total is over 49 and even": one card, whose
    effect the total before it decides."""
    variant = ono99.load_variant("ninety-nine-milestones", house_rules=["playaural-two"])
    assert variant.card("2").count == 4
    deck = stacked([["jack", "2", "3"], ["queen", "2", "5"], ["king", "2", "7"]], FILLER)
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king")
    game.play(Play("2"))  # 30: doubled
    assert game.total == 60
    game.play(Play("2"))  # 60, over 49 and even: halved
    assert game.total == 30
    drive(game, "7", "3", "5")  # 37, 40, 45
    drive(game, "2")  # 45 doubled: 90
    assert game.total == 90
