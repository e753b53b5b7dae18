"""Scenario tests for the shipped ``cribbage``: six cards, the crib, his heels, 121 at once.

The shipped file is the game of ``files/cribbage.toml`` (the put-aside phase's test
bed, whose scenarios are in ``test_cribbage.py``); these play what that file does not
reach: the target of 121, won at the turn-up or in the middle of the show. A score
at 121 is reached by starting the first deal with points (``match.points.at_deal``),
the rules otherwise the shipped file's.

Each test plays a rule on a stacked deck (``stacking.stacked``: the hands, then the
stock from its top, whose first card is the starter), quoting Bicycle Cards'
"Cribbage" (BIC), Hoyle's Games (HG), Cassell's Book of In-door Amusements (CAS) or
the other sources the variant file names. The last seat deals the first round, so
seat 0 (the non-dealer) lays away first.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.engine import game_state

PONE = ["5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades", "2_of_clubs"]
PONE.append("9_of_diamonds")
DEALER = ["ace_of_hearts", "2_of_hearts", "3_of_hearts", "4_of_hearts", "king_of_clubs"]
DEALER.append("queen_of_spades")
TEST_FILE = Path(__file__).parent / "files" / "cribbage.toml"


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant("cribbage")


def starting_with(variant: ono99.Variant, pone: int, dealer: int) -> ono99.Variant:
    """``variant`` whose first deal starts the non-dealer and the dealer with these scores."""
    given = (ono99.DealScore("left_of_dealer", pone), ono99.DealScore("dealer", dealer))
    points = attrs.evolve(variant.match.points, at_deal=given)
    return attrs.evolve(variant, match=attrs.evolve(variant.match, points=points))


def deal(variant: ono99.Variant, starter: str) -> ono99.Game:
    return ono99.Game(variant, players=2, seed=1, deck=stacked([PONE, DEALER], [starter]))


def lay_away(game: ono99.Game) -> None:
    game.play(ono99.PutAside(("10_of_hearts", "jack_of_spades")))
    game.play(ono99.PutAside(("king_of_clubs", "queen_of_spades")))


def test_the_shipped_file_is_the_test_beds_game(cribbage: ono99.Variant) -> None:
    """The shipped six-card game and the crib's test file are one game: every setting,
    card and trigger the same, only the sources named differ; so the scenarios of
    ``test_cribbage.py`` (the crib laid away and counted last, its flush, his heels at
    the turn-up, the record) hold of the shipped file."""
    bed = ono99.load_variant(TEST_FILE)
    assert attrs.evolve(bed, source=cribbage.source) == cribbage
    assert cribbage.match.points.target == 121
    assert cribbage.deal.put_aside_for(2) == 2


def test_the_crib_holds_the_cards_laid_away_and_is_the_dealer_s(
    cribbage: ono99.Variant,
) -> None:
    """BIC: "Each player looks at their six cards and 'lays away' two of them face down
    to reduce the hand to four. The four cards laid away together constitute 'the crib'.
    The crib belongs to the dealer": the four chosen cards are the crib, the hands the
    four kept; the crib (10, jack, king, queen, with a 5 turned up: four fifteens and a
    run of four, 12) is scored for the dealer, the last of the show."""
    game = deal(cribbage, "5_of_hearts")
    lay_away(game)
    assert game_state(game)["zones"]["crib"] == [
        ["10_of_hearts", "jack_of_spades", "king_of_clubs", "queen_of_spades"]
    ]
    assert game.hand(1) == ("ace_of_hearts", "2_of_hearts", "3_of_hearts", "4_of_hearts")
    while game.round == 1:
        game.play(game.legal_moves()[0])
    shown = [
        (e.player, e.trigger)
        for e in game.events
        if isinstance(e, ev.TriggerFired) and e.trigger.startswith("hand_")
    ]
    # The crib's score ends the show: four fifteens, then the run of four.
    assert shown[-8:] == [(1, "hand_fifteens")] * 4 + [(1, "hand_runs")] * 4
    seats = [seat for seat, _ in shown]
    assert seats == [0] * seats.count(0) + [1] * seats.count(1)  # the non-dealer's first


def test_his_heels_wins_the_game_at_the_turn_up(cribbage: ono99.Variant) -> None:
    """BIC: "If the starter is a jack, it is called 'His Heels,' and the dealer pegs
    (scores) 2 points at once"; "the game ends immediately either player reaches the
    final hole even if this is ... when the dealer pegs 'two for his heels'" (Six Card
    Cribbage, members.shaw.ca): a dealer at 119 wins as the jack is turned up, before a
    card is played."""
    game = deal(starting_with(cribbage, 0, 119), "jack_of_diamonds")
    lay_away(game)
    assert game.is_over and game.winner == 1
    assert game.scores == (0, 121)
    assert not any(isinstance(e, ev.Played) for e in game.events)
    game = deal(starting_with(cribbage, 0, 110), "jack_of_diamonds")
    lay_away(game)
    assert not game.is_over and game.scores == (0, 112)


def test_the_first_to_121_wins_in_the_middle_of_the_show(cribbage: ono99.Variant) -> None:
    """CAS: "a player may just get sixty-one points and win. The dealer may also have
    sixty-one, but as his show has not been the first it does not count"; PAG: "As soon
    as someone reaches or passes 121 points, that player wins". The non-dealer, at 115
    after the play, counts first: the pair royal of 5s and their fifteen (8) take it past
    121 and the game ends there, though the dealer's hand and crib (24) would have taken
    the dealer from 102 past 121 too; neither is counted."""
    game = deal(starting_with(cribbage, 113, 100), "5_of_hearts")
    lay_away(game)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.winner == 0 and game.scores == (123, 102)
    assert game.round == 1
    after_play = max(i for i, e in enumerate(game.events) if isinstance(e, ev.Played))
    shown = [e for e in game.events[after_play:] if isinstance(e, ev.TriggerFired)]
    assert {e.player for e in shown if e.trigger.startswith("hand_")} == {0}
    assert isinstance(game.events[-1], ev.GameWon)
