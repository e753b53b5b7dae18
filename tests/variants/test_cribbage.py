"""Scenario tests for a six-card ``cribbage`` file: the crib, the starter and the show.

The file (``files/cribbage.toml``) is not shipped yet: it is the put-aside phase's
test bed until the environments take the new move.

Each test plays a rule on a stacked deck (``stacking.stacked``: the hands, then the
stock from its top, whose first card is the starter), quoting Bicycle Cards'
"Cribbage" (BIC), Hoyle's Games (HG) or the other sources the variant file names.
The last seat deals the first round, so seat 0 (the non-dealer) lays away first.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.engine import game_state
from ono99.players._put_aside import show_points

PONE = ["5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades", "2_of_clubs"]
PONE.append("9_of_diamonds")
DEALER = ["ace_of_hearts", "2_of_hearts", "3_of_hearts", "4_of_hearts", "king_of_clubs"]
DEALER.append("queen_of_spades")


FILE = Path(__file__).parent / "files" / "cribbage.toml"


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant(FILE)


def deal(variant: ono99.Variant, starter: str = "7_of_hearts") -> ono99.Game:
    return ono99.Game(variant, players=2, seed=1, deck=stacked([PONE, DEALER], [starter]))


def laid(game: ono99.Game, *cards: tuple[str, ...]) -> ono99.Game:
    for chosen in cards:
        game.play(ono99.PutAside(chosen))
    return game


def test_each_player_lays_two_of_six_away_first(cribbage: ono99.Variant) -> None:
    """BIC: "Each player looks at their six cards and 'lays away' two of them face down to
    reduce the hand to four": the non-dealer's moves are the 15 ways of choosing two of
    six, each once; no card is played before both have laid away."""
    game = deal(cribbage)
    legal = game.legal_moves()
    assert len(legal) == 15
    assert all(isinstance(m, ono99.PutAside) and len(m.cards) == 2 for m in legal)
    assert game.current_player == 0
    before = game.starter
    assert before is None  # "After the crib is laid away, the non-dealer cuts" (BIC)
    laid(game, ("2_of_clubs", "9_of_diamonds"))
    assert game.current_player == 1
    assert all(isinstance(m, ono99.PutAside) for m in game.legal_moves())
    laid(game, ("king_of_clubs", "queen_of_spades"))
    assert game.hand(0) == ("5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades")
    assert game.starter == "7_of_hearts"
    assert all(isinstance(m, ono99.Play) for m in game.legal_moves())
    assert game.current_player == 0  # "Nondealer begins the play" (HOY)


def test_a_way_of_laying_away_is_listed_once_whatever_copies_the_hand_holds(
    tmp_path: Path,
) -> None:
    """BIC: each player "'lays away' two of them": which two cards, not which copy. In a
    deck of ranks alone, a hand with two 3s lays away "a 3 and a king" one way, listed
    once: of its 15 pairs of places, the two 3s, a 3 with each of the 4 others and the 6
    pairs of the others are 11 ways."""
    path = tmp_path / "ranks.toml"
    path.write_text(
        'extends = "cribbage-pegging"\nid = "ranks"\n[players]\nmin = 2\nmax = 2\n'
        '[deal]\nhand_size = 6\nput_aside = 2\n[zones.crib]\nowner = "dealer"\n'
    )
    hands = [["4", "3", "2", "king", "6", "3"], ["ace", "5", "7", "8", "9", "10"]]
    game = ono99.Game(ono99.load_variant(path), players=2, seed=1, deck=stacked(hands, ["jack"]))
    legal = game.legal_moves()
    assert len(legal) == 11
    ways = [tuple(sorted(m.cards)) for m in legal if isinstance(m, ono99.PutAside)]
    assert len(set(ways)) == 11
    assert ono99.PutAside(("3", "king")) in legal  # the first 3, in the hand's order
    assert game.is_legal(ono99.PutAside(("king", "3")))  # either order is the same way


def test_a_wrong_lay_away_is_refused_in_words(cribbage: ono99.Variant) -> None:
    """An illegal move says why, in words, and leaves the game as it was."""
    game = deal(cribbage)
    assert game.why_illegal(ono99.Play("5_of_clubs")) == (
        "play 5_of_clubs is not a move now: player 0 first lays 2 cards away into the crib "
        "(PutAside)"
    )
    assert game.why_illegal(ono99.PutAside(("5_of_clubs",))) == (
        "player 0 lays 2 cards away into the crib, not 1"
    )
    assert game.why_illegal(ono99.PutAside(("5_of_clubs", "ace_of_hearts"))) == (
        "player 0 holds no 'ace_of_hearts' to lay away"
    )
    assert game.why_illegal(ono99.PutAside(("5_of_clubs", "5_of_clubs"))) == (
        "player 0 holds no '5_of_clubs' to lay away"
    )
    before = game.hand(0)
    with pytest.raises(ono99.IllegalMoveError):
        game.play(ono99.PutAside(("5_of_clubs",)))
    assert game.hand(0) == before


def show_scores(game: ono99.Game) -> list[tuple[int, int]]:
    """The first round's show, in order: (seat, points) of each score of a hand or crib."""
    worth = {"hand_fifteens": 2, "hand_pairs": 2}
    starts = [i for i, e in enumerate(game.events) if isinstance(e, ev.RoundStarted)]
    first = game.events[: starts[1]] if len(starts) > 1 else game.events
    return [
        (e.player, worth.get(e.trigger, 1))
        for e in first
        if isinstance(e, ev.TriggerFired)
        and e.trigger.startswith("hand_")
        and e.player is not None
    ]


def test_the_crib_is_the_dealer_s_and_counted_last(cribbage: ono99.Variant) -> None:
    """HG: "the non-dealer first, then the dealer, to count and take for his hand and crib
    ... always including the turned up-card": the crib (10, jack, king, queen, with the 5
    starter: four fifteens and a run of four, 12) is scored for the dealer after both
    hands; the hands shown are the four cards each kept."""
    game = deal(cribbage, starter="5_of_hearts")
    laid(game, ("10_of_hearts", "jack_of_spades"), ("king_of_clubs", "queen_of_spades"))
    crib = ["10_of_hearts", "jack_of_spades", "king_of_clubs", "queen_of_spades"]
    assert game_state(game)["zones"]["crib"] == [crib]
    while game.round == 1 and not game.is_over:
        game.play(game.legal_moves()[0])
    score = show_points(cribbage)
    pone = score(
        ("5_of_clubs", "5_of_diamonds", "2_of_clubs", "9_of_diamonds"), "5_of_hearts", False
    )
    hand = score(tuple(DEALER[:4]), "5_of_hearts", False)
    assert score(tuple(crib), "5_of_hearts", True) == 12
    shown = show_scores(game)
    seats = [seat for seat, _ in shown]
    assert seats == sorted(seats)  # the non-dealer's first, then the dealer's
    assert sum(p for seat, p in shown if seat == 0) == pone
    assert sum(p for seat, p in shown if seat == 1) == hand + 12
    assert shown[-2:] == [(1, 1), (1, 1)]  # the crib's run of four ends the show


def test_a_flush_in_the_crib_needs_the_starter_s_suit(cribbage: ono99.Variant) -> None:
    """EB11: "In crib, no flush is reckoned unless the start is of the same suit as the cards
    in crib": four hearts in the crib with a club turned up score no flush (nothing at
    all: ace, 2, 3, 4 of hearts are a run of four, though); the dealer's hand of four
    clubs scores its flush of four."""
    pone = ["ace_of_hearts", "2_of_hearts", "king_of_spades", "queen_of_diamonds", "9_of_spades"]
    pone.append("8_of_diamonds")
    dealer = [
        "3_of_hearts",
        "4_of_hearts",
        "2_of_clubs",
        "6_of_clubs",
        "8_of_clubs",
        "10_of_clubs",
    ]
    game = ono99.Game(
        cribbage, players=2, seed=1, deck=stacked([pone, dealer], ["jack_of_diamonds"])
    )
    laid(game, ("ace_of_hearts", "2_of_hearts"), ("3_of_hearts", "4_of_hearts"))
    while game.round == 1 and not game.is_over:
        game.play(game.legal_moves()[0])
    starts = [i for i, e in enumerate(game.events) if isinstance(e, ev.RoundStarted)]
    fired = [
        (e.player, e.trigger)
        for e in game.events[: starts[1]]
        if isinstance(e, ev.TriggerFired) and e.trigger == "hand_flush"
    ]
    assert fired == [(1, "hand_flush")] * 4  # the dealer's clubs; none for the crib


def test_his_heels_scores_once_the_crib_is_laid_away(cribbage: ono99.Variant) -> None:
    """BIC: "After the crib is laid away ... If the starter is a jack, it is called 'His
    Heels,' and the dealer pegs (scores) 2 points at once"."""
    game = deal(cribbage, starter="jack_of_diamonds")
    assert game.scores == (0, 0)
    laid(game, ("2_of_clubs", "9_of_diamonds"), ("king_of_clubs", "queen_of_spades"))
    assert game.scores == (0, 2)
    assert len(game.moves) == 2  # before any card is played


def test_a_game_with_the_crib_is_recorded_and_replayed(cribbage: ono99.Variant) -> None:
    """The record holds the cards laid away as moves; replayed, as data too, it plays
    the same game; a player's own log shows its cards and only the count of the other's."""
    game = ono99.Game(cribbage, players=2, seed=5)
    player = ono99.CautiousPlayer()
    for _ in range(40):
        game.play(player.choose(game.observation(game.current_player)))
    record = game.record()
    assert isinstance(record.moves[0], ono99.PutAside)
    again = ono99.Game.replay(ono99.from_data(ono99.to_data(record)), cribbage)
    assert again.events == game.events
    mine = [e for e in game.player_log(0) if isinstance(e, ev.LaidAway | ev.LaidAwayUnseen)]
    assert isinstance(mine[0], ev.LaidAway) and mine[0].player == 0
    assert mine[1] == ev.LaidAwayUnseen(1, 2, "crib")


def test_the_rulebook_says_what_is_laid_away(cribbage: ono99.Variant) -> None:
    """The rulebook's words for the put-aside settings, and the crib counted at the show."""
    text = " ".join(ono99.rulebook(cribbage).split())
    assert "Once the hands are dealt, each player lays 2 cards away into the crib." in text
    assert "to the dealer, then the crib, for the dealer (the rules for the show" in text
    three = attrs.evolve(
        cribbage,
        players=ono99.PlayerCount(2, 3),
        deal=attrs.evolve(
            cribbage.deal,
            put_aside_by_players=(ono99.PlayerStep(2, 1),),
            from_stock_by_players=(ono99.PlayerStep(2, 1),),
        ),
    )
    words = " ".join(ono99.rulebook(three).split())
    assert (
        "With 3 players, once the hands are dealt, the stock gives the crib 1 card, then" in words
    )
    assert "each player lays 1 card away into the crib." in words
