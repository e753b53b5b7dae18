"""Cribbage's scores outside the play: his heels at the turn-up, and the first to the target.

Each test plays one rule on a stacked deck (``stacking.stacked``: the hands, then
the stock from its top, whose first card is the starter), in a variant that extends
``cribbage-pegging`` with the starter, the show after the play and his heels, and
quotes the book it follows. Seat 0 leads the first round (the last seat deals).
"""

from __future__ import annotations

import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.testing import check_invariants

SHOWN = """
extends = "cribbage-pegging"
id = "cribbage-shown"
name = "Cribbage's play, with a starter and a show"

[players]
max = 2

[standard_deck]
all_by_suit = true

[deal]
starter = true
show = "at_round_end"

[match.points]
target = {target}

[[add_triggers]]
type = "hand_fifteens"
outcomes = [{{ type = "points", who = "player", by = 2 }}]

[[add_triggers]]
type = "hand_pairs"
outcomes = [{{ type = "points", who = "player", by = 2 }}]

[[add_triggers]]
type = "turned_up"
rank = ["jack"]
outcomes = [{{ type = "points", who = "player", by = 2 }}]
"""


def shown_variant(target: int = 121) -> ono99.Variant:
    return ono99.loads_variant(SHOWN.format(target=target))


def deal(variant: ono99.Variant, *hands: list[str], starter: str) -> ono99.Game:
    return ono99.Game(variant, players=len(hands), seed=1, deck=stacked(hands, [starter]))


LOW = ["ace_of_clubs", "2_of_clubs", "3_of_hearts", "4_of_spades"]
HIGH = ["6_of_diamonds", "7_of_diamonds", "8_of_hearts", "9_of_spades"]


def test_his_heels_scores_for_the_dealer_at_the_turn_up() -> None:
    """Bicycle Cards, Cribbage: "If the starter is a jack, it is called 'His Heels,' and
    the dealer pegs (scores) 2 points at once": the dealer (seat 1) has 2 before the
    first card is played, and the score comes straight after the starter."""
    game = deal(shown_variant(), LOW, HIGH, starter="jack_of_hearts")
    assert game.moves == ()
    assert game.scores == (0, 2)
    kinds = [type(e) for e in game.events]
    turned = kinds.index(ev.StarterTurned)
    fired = game.events[turned + 1]
    assert isinstance(fired, ev.TriggerFired)
    assert (fired.player, fired.trigger) == (1, "turned_up")


def test_no_heels_for_a_starter_of_another_rank() -> None:
    """His heels is for a jack alone ("If the starter is a jack"): a queen scores nothing."""
    game = deal(shown_variant(), LOW, HIGH, starter="queen_of_hearts")
    assert game.scores == (0, 0)
    assert not any(isinstance(e, ev.TriggerFired) for e in game.events)


def test_his_heels_wins_at_once_when_it_reaches_the_target() -> None:
    """ "The game ends immediately either player reaches the final hole even if this is
    during the play or when the dealer pegs 'two for his heels'" (Six Card Cribbage,
    members.shaw.ca): with a target of 2, the dealer wins at the turn-up."""
    game = deal(shown_variant(target=2), LOW, HIGH, starter="jack_of_hearts")
    assert game.is_over
    assert game.winner == 1
    assert game.moves == ()


def test_the_show_after_the_play_is_still_scored_with_the_starter() -> None:
    """The show comes after the play ("the non-dealer first, then the dealer", Hoyle):
    with his heels scored at the turn-up, the jack is not scored again at the show."""
    game = deal(shown_variant(), LOW, HIGH, starter="jack_of_hearts")
    while not game.is_over and game.round == 1:
        game.play(game.legal_moves()[0])
    starts = [i for i, e in enumerate(game.events) if isinstance(e, ev.RoundStarted)]
    first = game.events[: starts[1]]  # the first deal's events: the next deal has begun
    fired = [e.trigger for e in first if isinstance(e, ev.TriggerFired)]
    assert fired.count("turned_up") == 1
    assert "hand_fifteens" in fired  # the show came: 6, 9 and 7, 8 make fifteens


@pytest.mark.parametrize("when", ["turned_up", "starter_is"])
def test_where_the_books_differ_the_file_says_when_the_jack_scores(when: str) -> None:
    """Noddy's "if a Knave (Jack) is turned up, the dealer gets 2 points" (Guild of St
    Ives) says not when; ``starter_is`` scores it at the show, with the dealer's hand,
    ``turned_up`` at once: only the second has scored before the first play."""
    text = SHOWN.format(target=121).replace('type = "turned_up"', f'type = "{when}"')
    game = deal(ono99.loads_variant(text), LOW, HIGH, starter="jack_of_hearts")
    assert game.scores == ((0, 2) if when == "turned_up" else (0, 0))


def with_points(extra: str, target: int = 121) -> ono99.Variant:
    """The variant with ``extra`` written in its ``[match.points]``."""
    text = SHOWN.format(target=target)
    return ono99.loads_variant(text.replace("[[add_triggers]]", f"{extra}\n\n[[add_triggers]]", 1))


THREE_FOR_LAST = 'at_deal = [{ seat = "left_of_dealer", points = 3, deals = "first" }]'


def given(game: ono99.Game) -> list[list[tuple[int, int]]]:
    """For each deal begun, the points given before its first play: (seat, points)."""
    deals: list[list[tuple[int, int]]] = []
    dealing = False
    for e in game.events:
        if isinstance(e, ev.RoundStarted):
            deals.append([])
            dealing = True
        elif isinstance(e, ev.Played | ev.TriggerFired):
            dealing = False
        elif dealing and isinstance(e, ev.ScoreChanged):
            deals[-1].append((e.player, e.change))
    return deals


def second_deal(game: ono99.Game) -> ono99.Game:
    """``game`` played on, the first legal move each time, until the second deal begins."""
    while not game.is_over and game.round == 1:
        game.play(game.legal_moves()[0])
    assert game.round == 2
    return game


def test_three_for_last_is_the_non_dealer_s_at_the_first_deal_only() -> None:
    """Hoyle's Games: "The non-dealer at the commencement of the game in five-card
    cribbage scores 3 points, called taking three for last": seat 0 (the dealer's left)
    has 3 once the first deal is dealt, before the first play; the next deal gives none."""
    game = deal(with_points(THREE_FOR_LAST), LOW, HIGH, starter="queen_of_hearts")
    assert game.scores == (3, 0)
    assert given(second_deal(game)) == [[(0, 3)], []]


@pytest.mark.parametrize(
    ("seat", "deals", "expected"),
    [
        ("dealer", "first", [[(1, 3)], []]),
        ("each", "every", [[(0, 3), (1, 3)], [(1, 3), (0, 3)]]),
    ],
)
def test_a_deal_s_points_go_to_the_seats_and_deals_the_file_names(
    seat: str, deals: str, expected: list[list[tuple[int, int]]]
) -> None:
    """``match.points.at_deal``: points a seat is given at a deal: the dealer's,
    or each player's (from the dealer's left), at the first deal only or at every deal."""
    text = f'at_deal = [{{ seat = "{seat}", points = 3, deals = "{deals}" }}]'
    game = deal(with_points(text), LOW, HIGH, starter="queen_of_hearts")
    assert given(second_deal(game)) == expected


def test_a_seat_starts_a_deal_with_the_score_the_file_gives() -> None:
    """A score a seat starts a deal with ("the losing player pegs three holes to compensate
    him for the disadvantage that his opponent has in getting the first crib", Bicycle
    Cards, Five-Card Cribbage) is ``match.points.at_deal``: the seat sees it in its score
    at its first decision of the deal, before any card is played, at every deal the file
    names."""
    text = 'at_deal = [{ seat = "dealer", points = 5, deals = "every" }]'
    game = deal(with_points(text), LOW, HIGH, starter="queen_of_hearts")
    assert game.moves == ()
    assert game.observation(game.current_player).scores == (0, 5)  # seat 1 deals first
    second = second_deal(game)
    # The deal passes to the left: seat 0 deals the second, and has 5 more before its
    # first card is played.
    assert given(second) == [[(1, 5)], [(0, 5)]]


def test_a_deal_s_points_are_checked_at_their_key_path() -> None:
    """A bad value is reported where the file wrote it."""
    negative = r"match\.points\.at_deal\[0\]\.points: expected 0 or more, got -1"
    with pytest.raises(ono99.VariantError, match=negative):
        with_points("at_deal = [{ points = -1 }]")
    with pytest.raises(ono99.VariantError, match=r"match\.points\.at_deal\[0\]\.seat"):
        with_points('at_deal = [{ seat = "pone", points = 3 }]')


def test_three_for_last_can_win_at_once() -> None:
    """Points given at a deal are scored as any others: with a target of 3 where the first
    there wins at once ("As soon as someone reaches or passes 121 points, that player
    wins", pagat.com), three for last wins before a card is played, and no more is
    scored: a jack turned up gives the dealer nothing."""
    game = deal(with_points(THREE_FOR_LAST, target=3), LOW, HIGH, starter="jack_of_hearts")
    assert game.is_over
    assert game.winner == 0
    assert game.moves == ()
    assert game.scores == (3, 0)


@pytest.mark.parametrize("target", [3, 61])
def test_every_invariant_holds_with_heels_and_three_for_last(target: int) -> None:
    """Invariant: with points at the turn-up and at a deal, every game ends with one winner,
    no card is lost or made, each trigger fires when its moment comes (the turn-up's for
    the dealer, before the first play), and the log replays."""
    variant = with_points(THREE_FOR_LAST, target=target)
    checked = check_invariants(variant, games=6, seed=3, players=2)
    assert checked.games == 6


def test_the_rulebook_says_his_heels_and_three_for_last() -> None:
    """The rulebook's words for the new settings: points at a deal and at the turn-up."""
    text = " ".join(ono99.rulebook(with_points(THREE_FOR_LAST)).split())
    assert (
        "At the first deal of the game, once the cards are dealt, the player left of the "
        "dealer scores 3 points."
    ) in text
    assert "When the starter turned up is a jack, for the dealer, at once" in text


def test_the_first_to_the_target_in_the_order_of_counting_wins_in_mid_show() -> None:
    """ "The non-dealer always counts up first ... as a player may just get sixty-one points
    and win. The dealer may also have sixty-one, but as his show has not been the first it
    does not count" (Cassell's Book of In-door Amusements, Cribbage): both hands reach 12,
    the non-dealer's is counted first and its six fifteens win at once, before its pair
    is counted; the dealer's hand is never counted."""
    text = SHOWN.format(target=12).replace('show = "at_round_end"', 'show = "at_deal"')
    pone = ["5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades"]
    dealer = ["5_of_hearts", "5_of_spades", "king_of_clubs", "king_of_diamonds"]
    game = deal(ono99.loads_variant(text), pone, dealer, starter="queen_of_hearts")
    assert game.is_over
    assert game.winner == 0
    assert game.scores == (12, 0)
    assert not any(isinstance(e, ev.TriggerFired) and e.player == 1 for e in game.events)
