"""Scenario tests for ``noddy``: three cards each, the starter, the hands shown first, one count.

Each test plays a rule on a stacked deck (see ``stacking.stacked``: the hands,
then the stock from its top, whose first card is the starter), quoting the
Guild of St Ives' "Noddy" (GSI) or the other sources the variant file names.
The first dealer is made the last seat, so seat 0 leads the first round.
"""

from __future__ import annotations

import attrs
import pytest
from stacking import drive, stacked

import ono99
from ono99 import events as ev
from ono99.testing import GameChecker


@pytest.fixture(scope="module")
def noddy() -> ono99.Variant:
    variant = ono99.load_variant("noddy")
    return attrs.evolve(variant, deal=attrs.evolve(variant.deal, first_dealer="last_seat"))


def deal(variant: ono99.Variant, *hands: list[str], starter: str = "2_of_clubs") -> ono99.Game:
    return ono99.Game(
        variant, players=len(hands), seed=1, deck=stacked(hands, [starter, "3_of_clubs"])
    )


def shown(game: ono99.Game, seat: int) -> list[str]:
    """The words of each score the show gave ``seat``, in order."""
    return [
        e.text
        for e in game.events
        if isinstance(e, ev.TriggerFired) and e.player == seat and "hand" in e.text
    ]


def test_the_starter_is_turned_up_for_all_to_see(noddy: ono99.Variant) -> None:
    """GSI: "As in the modern game, the top card of the deck is turned up. This card is
    used by both players for scoring their hands"."""
    game = deal(
        noddy,
        ["ace_of_clubs", "2_of_hearts", "3_of_spades"],
        ["king_of_hearts", "queen_of_clubs", "8_of_diamonds"],
        starter="9_of_spades",
    )
    assert game.starter == "9_of_spades"
    assert ev.StarterTurned("9_of_spades") in game.events
    assert game.observation(0).starter == game.observation(1).starter == "9_of_spades"
    assert "9_of_spades" in game.out_of_play
    assert "9_of_spades" not in game.draw_pile


def test_the_hands_are_scored_with_the_starter_before_the_play(noddy: ono99.Variant) -> None:
    """GSI: "the players total up the points in their hands announcing each scoring
    combination ... The non-dealing player counts first. The game play then proceeds":
    "Fifteen - 2 points", "Pair Royal (3 of a kind) - 6 points". Seat 0's 5, 10 and
    king make two fifteens (4); seat 1's three 7s with the starter 7 are a double pair
    royal (12)."""
    game = deal(
        noddy,
        ["5_of_clubs", "10_of_hearts", "king_of_spades"],
        ["7_of_clubs", "7_of_hearts", "7_of_spades"],
        starter="7_of_diamonds",
    )
    assert game.scores == (4, 12)
    assert game.moves == () and game.current_player == 0
    scored = [e.player for e in game.events if isinstance(e, ev.TriggerFired)]
    assert scored == [0, 0, *[1] * 6]  # the non-dealer first, then the dealer


def test_a_sequence_and_a_flush_score_a_point_a_card(noddy: ono99.Variant) -> None:
    """GSI: "Sequence of Three or more - 1 point each card; Flush of Three or more - 1
    point each card": seat 0's 2, 3 and 4 of hearts, with the starter 5 of hearts, are
    a run of four (4) and a flush of four (4); all four count 14, so no fifteen."""
    game = deal(
        noddy,
        ["2_of_hearts", "3_of_hearts", "4_of_hearts"],
        ["king_of_clubs", "queen_of_diamonds", "9_of_spades"],
        starter="5_of_hearts",
    )
    assert game.scores[0] == 8
    assert len([t for t in shown(game, 0) if "run" in t]) == 4
    assert len([t for t in shown(game, 0) if "suit" in t]) == 4


def test_knave_noddy_and_the_dealers_knave(noddy: ono99.Variant) -> None:
    """GSI: "if a Knave (Jack) is turned up, the dealer gets 2 points. Otherwise, the
    person with the Knave of the suit turned up (called Knave Noddy) receives 1
    point"."""
    game = deal(
        noddy,
        ["jack_of_spades", "2_of_clubs", "6_of_diamonds"],
        ["king_of_clubs", "queen_of_diamonds", "9_of_spades"],
        starter="ace_of_spades",
    )
    assert game.scores == (1, 0)
    game = deal(
        noddy,
        ["ace_of_clubs", "2_of_clubs", "6_of_diamonds"],
        ["king_of_clubs", "8_of_diamonds", "9_of_spades"],
        starter="jack_of_hearts",
    )
    assert game.scores == (0, 2)  # seat 1 deals


def test_there_is_no_new_count_after_the_go(noddy: ono99.Variant) -> None:
    """GSI: "There is no reset to zero and continuing to lay cards": once neither player
    can play on, the deal ends, cards still in hand."""
    game = deal(
        noddy,
        ["king_of_clubs", "9_of_clubs", "ace_of_hearts"],
        ["queen_of_hearts", "jack_of_diamonds", "10_of_spades"],
        starter="4_of_spades",
    )
    happened = drive(game, "king_of_clubs", "queen_of_hearts", "9_of_clubs")  # 29
    happened += drive(game, "ace_of_hearts")  # 30: seat 1 cannot play, nor seat 0 again
    assert not any(isinstance(e, ev.CountStarted) for e in happened)
    assert any(isinstance(e, ev.RoundEnded) for e in happened)
    assert game.round == 2


def test_the_first_to_the_target_wins_at_once(noddy: ono99.Variant) -> None:
    """GSI: "the object is to collect 31 points"; WIK: "it was played all the three
    ways, as 15, 21 and 31 points at the choice of the players". Played to 20, seat 1's
    three 5s with the starter 5 (a double pair royal, 12, and four fifteens, 8) win at
    the show itself, before a card is played; played to 31, the game goes on."""
    hands = (
        ["ace_of_clubs", "2_of_clubs", "6_of_diamonds"],
        ["5_of_clubs", "5_of_hearts", "5_of_spades"],
    )
    points = attrs.evolve(noddy.match.points, target=20)
    to_20 = attrs.evolve(noddy, match=attrs.evolve(noddy.match, points=points))
    game = deal(to_20, *hands, starter="5_of_diamonds")
    assert game.is_over and game.winner == 1 and game.scores == (0, 20)
    assert game.moves == ()
    game = deal(noddy, *hands, starter="5_of_diamonds")
    assert not game.is_over and game.scores == (0, 20)


def test_a_round_is_not_lost_at_the_show(noddy: ono99.Variant) -> None:
    """An outcome that loses the round fired at the show takes nobody out: the show
    comes before the play, and nobody is put out of a round not yet played."""
    losing = attrs.evolve(
        noddy,
        triggers=(
            *noddy.triggers,
            ono99.rules.HandPairs(outcomes=(ono99.rules.LoseRound(),)),
            ono99.rules.HandPairs(outcomes=(ono99.rules.LoseRound(),)),
        ),
    )
    game = deal(
        losing,
        ["ace_of_clubs", "2_of_clubs", "6_of_diamonds"],
        ["7_of_clubs", "7_of_hearts", "king_of_spades"],
        starter="4_of_spades",
    )
    assert game.in_round == (True, True)
    game.play(ono99.Play("ace_of_clubs"))
    assert game.in_round == (True, True)
    assert not any(isinstance(e, ev.OutOfRound) for e in game.events)


def test_a_game_won_at_the_show_ends_there_without_the_rounds_end(noddy: ono99.Variant) -> None:
    """GSI: "the object is to collect 31 points"; the file's reading, "The first there
    wins at once" (as in Cribbage: "As soon as someone reaches or passes 121 points, that
    player wins", pagat.com). Played to 20, seat 1's show wins before a card is played:
    the game ends there, so the round never reaches its end, and a ``round_ends``
    trigger (which fires "when a round ends ... before the round is scored") does not
    fire. The checker's "triggers fire" holds of that game too (regression: it expected
    the round's end triggers after a game won at once in the middle of a round)."""
    points = attrs.evolve(noddy.match.points, target=20)
    rounds_end = ono99.rules.RoundEnds(
        outcomes=(ono99.rules.ChangePoints(who="others", by=5), ono99.rules.EndRound())
    )
    to_20 = attrs.evolve(
        noddy,
        match=attrs.evolve(noddy.match, points=points),
        triggers=(*noddy.triggers, rounds_end),
    )
    game = deal(
        to_20,
        ["ace_of_clubs", "2_of_clubs", "6_of_diamonds"],
        ["5_of_clubs", "5_of_hearts", "5_of_spades"],
        starter="5_of_diamonds",
    )
    assert game.is_over and game.winner == 1 and game.scores == (0, 20)
    ended = [e for e in game.events if isinstance(e, ev.RoundEnded)]
    assert ended == [ev.RoundEnded(1, (), 1)]
    fired = [e.text for e in game.events if isinstance(e, ev.TriggerFired)]
    assert rounds_end.describe() not in fired
    GameChecker(game).check_state()
