"""The put-aside heuristic of the thinking players: which cards to lay away into the crib.

Scored with a shipped variant's own show (``noddy``: fifteens, pairs, runs, flushes
and the knave, with the starter), on six-card hands as Cribbage deals them.
"""

from __future__ import annotations

import attrs
import pytest

import ono99
from ono99.players._put_aside import CribOwner, best_put_aside, show_points
from ono99.rules import ChangePoints, HandFlush


@pytest.fixture(scope="module")
def noddy() -> ono99.Variant:
    return ono99.load_variant("noddy")


def unseen(variant: ono99.Variant, hand: list[str]) -> list[str]:
    return [c.id for c in variant.cards if c.id not in hand]


def test_the_cards_that_score_least_are_put_aside(noddy: ono99.Variant) -> None:
    """A 5, a 5, a 10 and a jack make four fifteens and a pair (10 points) whatever the
    starter: the 2 and the 9 go, whoever owns the crib."""
    hand = ["5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades", "2_of_clubs"]
    hand.append("9_of_diamonds")
    score = show_points(noddy)
    owners: tuple[CribOwner, ...] = ("mine", "theirs", "nobody")
    for owner in owners:
        chosen = best_put_aside(hand, 2, score, unseen(noddy, hand), owner)
        assert chosen == ("2_of_clubs", "9_of_diamonds")


def test_the_crib_s_owner_changes_what_is_put_aside(noddy: ono99.Variant) -> None:
    """Hoyle: "In laying out cards for the crib, it is requisite, that every player should
    consider not only his own hand, but also to whom the crib belongs": a pair of tens is
    worth laying in one's own crib, and kept from an opponent's (a king and a 3 go)."""
    hand = ["king_of_clubs", "3_of_diamonds", "10_of_hearts", "4_of_spades", "4_of_hearts"]
    hand.append("10_of_spades")
    score = show_points(noddy)
    rest = unseen(noddy, hand)
    assert best_put_aside(hand, 2, score, rest, "mine") == ("10_of_hearts", "10_of_spades")
    assert best_put_aside(hand, 2, score, rest, "theirs") == ("king_of_clubs", "3_of_diamonds")


def test_the_choice_is_averaged_over_the_starters(noddy: ono99.Variant) -> None:
    """With a 5 sure to be turned up, the king and the queen are worth keeping (each makes
    fifteen with it) and the 8 and the 4 go; with every unseen card as likely to be turned
    up, the 8, the 4 and the pair of 9s are worth more on average, and the king and the
    queen go."""
    hand = ["8_of_spades", "king_of_hearts", "9_of_hearts", "9_of_clubs", "queen_of_clubs"]
    hand.append("4_of_clubs")
    score = show_points(noddy)
    five = best_put_aside(hand, 2, score, ["5_of_clubs"], "nobody")
    assert five == ("8_of_spades", "4_of_clubs")
    spread = best_put_aside(hand, 2, score, unseen(noddy, hand), "nobody")
    assert spread == ("king_of_hearts", "queen_of_clubs")


def test_every_way_is_tried_and_the_bounds_hold(noddy: ono99.Variant) -> None:
    """Putting none aside or the whole hand is one way each; more than the hand, or fewer
    than none, is refused in words; the same hand gives the same choice."""
    hand = ["ace_of_clubs", "2_of_clubs", "3_of_clubs"]
    score = show_points(noddy)
    assert best_put_aside(hand, 0, score, [], "mine") == ()
    assert best_put_aside(hand, 3, score, [], "mine") == tuple(hand)
    with pytest.raises(ValueError, match="expected 0 to 3 cards to put aside, got 4"):
        best_put_aside(hand, 4, score, [], "mine")
    assert best_put_aside(hand * 2, 2, score, [], "theirs") == best_put_aside(
        hand * 2, 2, score, [], "theirs"
    )


def test_the_crib_is_scored_by_the_variant_s_own_crib_rule(noddy: ono99.Variant) -> None:
    """Britannica: "In crib, no flush is reckoned unless the start is of the same suit as
    the cards in crib" (``crib = "with_starter"``): four hearts score the flush as a hand
    with a club turned up, and nothing as the crib."""
    flush = HandFlush(outcomes=(ChangePoints(who="player", by=1),), length=4, crib="with_starter")
    strict = attrs.evolve(noddy, triggers=(flush,))
    hearts = ("2_of_hearts", "7_of_hearts", "9_of_hearts", "king_of_hearts")
    score = show_points(strict)
    assert score(hearts, "4_of_clubs", False) == 4
    assert score(hearts, "4_of_clubs", True) == 0
    assert score(hearts, "4_of_hearts", True) == 5
