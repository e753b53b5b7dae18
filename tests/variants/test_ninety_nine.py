"""Scenario tests for the standard-deck "99" family.

Each test plays a rule of one variant's source on a stacked deck and checks the
outcome; the docstring quotes the source. Cards are dealt one at a time from the
dealer's left, and seat 0 leads the first round (see ``stacking.stacked``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from stacking import FAMILY, drive, stacked

import ono99
from ono99 import Play, events

RANKS = ["ace", *map(str, range(2, 11)), "jack", "queen", "king"]


def cards_in_play(game: ono99.Game) -> Counter[str]:
    cards: Counter[str] = Counter(game.draw_pile)
    for seat in range(game.players):
        cards.update(game.hand(seat))
    cards.update(game.discard_pile)
    cards.update(game.out_of_play)
    return cards


@pytest.mark.parametrize("variant_id", FAMILY)
def test_a_standard_deck(variant_id: str) -> None:
    """The family plays "a standard 52 card deck" (pagat.com), four cards of each
    rank; a card that matters by its suit (the King of spades) is a card of its own,
    and the joker rules add "jokers=2" (t_games)."""
    variant = ono99.load_variant(variant_id)
    counts = Counter[str]()
    for card in variant.cards:
        rank = "king" if card.id == "king_spades" else card.id
        counts[rank] += card.count
    jokers = counts.pop("joker", 0)
    assert counts == dict.fromkeys(RANKS, 4)
    assert jokers == (2 if variant_id == "ninety-nine-jokers" else 0)


# ------------------------------------------------------------------- ninety-nine


@pytest.fixture(scope="module")
def common() -> ono99.Variant:
    return ono99.load_variant("ninety-nine")


def test_common_facts(common: ono99.Variant) -> None:
    """considerable.com: "3 tokens for each player"; "receive three cards from the
    dealer"; "Each player must play a card without sending the total number of
    points higher than 99" (so 99 itself is safe)."""
    assert ono99.load_variant("99") == common
    assert common.deal.hand_size == 3
    assert common.total.bust == 100
    assert common.match.scoring == "tokens"
    assert common.match.tokens.count == 3
    assert not common.match.tokens.play_on_at_zero
    assert common.round.end == "first_loss"


def test_common_ace_counts_one_or_eleven(common: ono99.Variant) -> None:
    """considerable.com: "An Ace adds either 1 or 11 points, announced by the player
    who plays it". Both amounts are legal moves while they keep the total at or
    below 99; the move must say which."""
    deck = stacked([["ace", "2", "3"], ["5", "6", "7"], ["8", "jack", "queen"]], ["4"] * 4)
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    assert game.legal_moves() == (
        Play("ace", amount=1),
        Play("ace", amount=11),
        Play("2"),
        Play("3"),
    )
    with pytest.raises(ono99.IllegalMoveError, match="Ace counts 1 or 11: the move must say"):
        game.play(Play("ace"))
    happened = game.play(Play("ace", amount=11))
    assert happened[0] == events.Played(0, "ace", 11, amount=11)
    assert game.total == 11


def test_common_ace_for_eleven_only_when_safe(common: ono99.Variant) -> None:
    """considerable.com: "Each player must play a card without sending the total
    number of points higher than 99": at 89 an Ace may count 1 but not 11."""
    deck = stacked(
        [["king", "ace", "2"], ["10", "5", "6"], ["9", "jack", "8"]], ["3", "4", "5", "6"]
    )
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "king", "10", "9")
    assert game.total == 89 and game.current_player == 0
    assert Play("ace", amount=1) in game.legal_moves()
    assert Play("ace", amount=11) not in game.legal_moves()
    assert game.why_illegal(Play("ace", amount=11)) == (
        "Ace for 11 would take the total to 100; it must stay below 100"
    )
    game.play(Play("ace", amount=1))
    assert game.total == 90


def test_common_four_reverses_and_nine_passes(common: ono99.Variant) -> None:
    """considerable.com: "A 4 reverses play (and does not change the total number of
    points)"; "A 9 is a pass (and does not change the total number of points"."""
    deck = stacked([["5", "4", "2"], ["6", "7", "8"], ["9", "3", "2"]], ["5", "6", "7"])
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "5", "6", "9")
    assert game.total == 11 and game.current_player == 0
    game.play(Play("4"))
    assert game.total == 11 and game.direction == -1 and game.current_player == 2
    game.play(Play("3"))
    assert game.total == 14 and game.current_player == 1


def test_common_ten_subtracts_ten(common: ono99.Variant) -> None:
    """considerable.com: "A 10 subtracts 10 points from the total". Nothing stops the
    total going below 0."""
    deck = stacked([["5", "2", "3"], ["10", "7", "8"]], ["4", "6"])
    game = ono99.Game(common, players=2, seed=1, deck=deck)
    drive(game, "5", "10")
    assert game.total == -5
    assert Play("10", amount=-10) not in game.legal_moves()


def test_common_king_takes_the_total_to_99_or_keeps_it(common: ono99.Variant) -> None:
    """considerable.com: "A King takes the point total to 99 (or keeps it 99 if the
    total is already 99)"."""
    deck = stacked([["2", "3", "4"], ["king", "5", "6"], ["king", "7", "8"]], ["9"] * 3)
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "2", "king")
    assert game.total == 99
    assert game.legal_moves() == (Play("king"),)
    game.play(Play("king"))
    assert game.total == 99 and game.current_player == 0


def test_common_99_is_safe_and_who_cannot_stay_below_100_loses_a_token(
    common: ono99.Variant,
) -> None:
    """considerable.com: "If a player cannot play a card that keeps the total at or
    less than 99, that player loses a token and the round ends. The cards are then
    shuffled and dealt, and the process begins again." Reaching exactly 99 is safe."""
    deck = stacked([["king", "5", "6"], ["10", "7", "8"], ["jack", "2", "3"]], ["7", "8", "3"])
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "king", "10")
    assert game.total == 89
    happened = game.play(Play("jack"))
    assert happened[0] == events.Played(2, "jack", 99)
    # Seat 0 holds 5, 6, 7 at 99: no card keeps the total at or below 99.
    assert happened[2:6] == (
        events.LaidDown(0, ("5", "6", "7")),
        events.RoundEnded(1, (0,), None),
        events.TokenLost(0, 2),
        events.RoundStarted(2, 0, 1, 0),
    )
    assert game.tokens == (2, 3, 3) and game.total == 0 and game.current_player == 1


def test_common_out_with_the_third_token(common: ono99.Variant) -> None:
    """considerable.com: "Players are eliminated when they lose the third token"; "The
    last player with a token remaining is the winner"."""
    for seed in range(5):
        game = ono99.Game(common, players=4, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(4)])
        lost: Counter[int] = Counter()
        for event in game.events:
            if isinstance(event, events.TokenLost):
                lost[event.player] += 1
                assert event.tokens == 3 - lost[event.player]
            elif isinstance(event, events.Eliminated):
                assert lost[event.player] == 3
        assert game.tokens[game.winner or 0] > 0
        assert sorted(seat for seat in range(4) if lost[seat] == 3) == sorted(
            seat for seat in range(4) if seat != game.winner
        )


def test_common_two_decks_for_more_than_eight(common: ono99.Variant) -> None:
    """99 card game directions: "Use two decks of cards when playing with more than
    eight players"."""
    assert sum(cards_in_play(ono99.Game(common, 8, seed=1)).values()) == 52
    nine = cards_in_play(ono99.Game(common, 9, seed=1))
    assert sum(nine.values()) == 104 and nine["king"] == 8


# ------------------------------------------------------------------ pagat.com


@pytest.fixture(scope="module")
def pagat() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-pagat")


def test_pagat_pennies_and_packs(pagat: ono99.Variant) -> None:
    """pagat.com: "Each player begins the game with 5 pennies (or chips). Deal out 3
    cards to each player from a standard 52 card deck (if more than 4 people are
    playing use 2 decks and give each player just 3 pennies)"."""
    four = ono99.Game(pagat, 4, seed=1)
    five = ono99.Game(pagat, 5, seed=1)
    assert four.tokens == (5,) * 4 and five.tokens == (3,) * 5
    assert sum(cards_in_play(four).values()) == 52
    assert sum(cards_in_play(five).values()) == 104
    assert [len(four.hand(seat)) for seat in range(4)] == [3] * 4


def test_pagat_ten_plus_or_minus(pagat: ono99.Variant) -> None:
    """pagat.com: "Ten - increases or reduces the value of the pile by ten, at the
    player's choice"."""
    deck = stacked([["10", "2", "3"], ["king", "5", "6"], ["10", "7", "8"]], ["4"] * 3)
    game = ono99.Game(pagat, players=3, seed=1, deck=deck)
    assert {Play("10", amount=10), Play("10", amount=-10)} <= set(game.legal_moves())
    assert Play("10") not in game.legal_moves()
    game.play(Play("10", amount=10))
    assert game.total == 10
    game.play(Play("king"))
    # At 99 only minus ten keeps the total at or below 99.
    assert Play("10", amount=-10) in game.legal_moves()
    assert Play("10", amount=10) not in game.legal_moves()
    game.play(Play("10", amount=-10))
    assert game.total == 89


def test_pagat_pass_to_you_back_on_you(pagat: ono99.Variant) -> None:
    """pagat.com: "Player 1 plays a King and says "99". Player 2 plays a nine and says
    (looking at player 3) "pass to you 99". Player 3 plays a four and says (looking at
    player 2, since play order will now run counterclockwise) "back on you 99"."""
    deck = stacked(
        [["king", "2", "3"], ["9", "10", "6"], ["4", "7", "8"], ["jack", "queen", "2"]],
        ["3", "5", "6"],
    )
    game = ono99.Game(pagat, players=4, seed=1, deck=deck)
    game.play(Play("king"))
    assert (game.total, game.current_player) == (99, 1)
    game.play(Play("9"))
    assert (game.total, game.current_player) == (99, 2)
    game.play(Play("4"))
    assert (game.total, game.current_player, game.direction) == (99, 1, -1)


def test_pagat_lay_down_and_toss_a_penny(pagat: ono99.Variant) -> None:
    """pagat.com: "If you cannot play without taking the value of the pile over 99,
    you lay down your hand. The play ends, and you toss one penny into the
    center"."""
    deck = stacked([["king", "2", "3"], ["5", "6", "7"]], ["8"])
    game = ono99.Game(pagat, players=2, seed=1, deck=deck)
    happened = game.play(Play("king"))
    assert events.LaidDown(1, ("5", "6", "7")) in happened
    assert events.TokenLost(1, 4) in happened
    assert game.tokens == (5, 4) and game.round == 2


# ------------------------------------------------------------ Parlett style


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


# ------------------------------------------------------------------ Chicago


def test_chicago_nine_counts_zero_and_skips() -> None:
    """t_games, option group chicago: "zero=4/9 skip=9": a 9 adds nothing and the next
    player misses a turn; the 10 counts minus ten ("minus=T plus-minus=!")."""
    chicago = ono99.load_variant("ninety-nine-chicago")
    deck = stacked([["5", "2", "3"], ["9", "6", "7"], ["8", "jack", "queen"]], ["4"] * 3)
    game = ono99.Game(chicago, players=3, seed=1, deck=deck)
    drive(game, "5", "9")
    assert game.total == 5 and game.current_player == 0
    assert chicago.card("10").effects == (ono99.rules.Add(-10),)
    assert chicago.card("king").effects == (ono99.rules.SetTotal(99),)
    assert chicago.card("4").effects == (ono99.rules.Reverse(),)


# -------------------------------------------------------------- joker rules


@pytest.fixture(scope="module")
def jokers() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-jokers")


def test_jokers_take_the_total_to_99(jokers: ono99.Variant) -> None:
    """t_games, option group joker-rules: "jokers=2" and "99=x": a joker takes the
    total to 99."""
    assert jokers.deck_size == 54 and jokers.card("joker").count == 2
    deck = stacked([["7", "9", "3"], ["joker", "5", "6"]], ["8", "2"])
    game = ono99.Game(jokers, players=2, seed=1, deck=deck)
    drive(game, "7", "joker")
    assert game.total == 99


def test_jokers_king_counts_zero_and_reverses(jokers: ono99.Variant) -> None:
    """t_games, option group joker-rules: "zero=9/k reverse=k": the King adds nothing
    and reverses the order of play, the 9 adds nothing, and the 4 is an ordinary
    card."""
    deck = stacked([["4", "2", "3"], ["king", "5", "6"], ["9", "7", "8"]], ["2", "3", "5"])
    game = ono99.Game(jokers, players=3, seed=1, deck=deck)
    game.play(Play("4"))
    assert game.total == 4
    game.play(Play("king"))
    assert game.total == 4 and game.direction == -1 and game.current_player == 0
    game.play(Play("2"))
    game.play(Play("9"))
    assert game.total == 6 and game.current_player == 1


# ------------------------------------------------------------ King of spades


def test_only_the_king_of_spades_goes_to_99() -> None:
    """convocards.com: "J, Q and K are worth 10 points"; "King of Spades takes the
    point total to 99. If the point total is already at 99, the card acts like a
    pass"."""
    variant = ono99.load_variant("ninety-nine-king-of-spades")
    assert variant.card("king_spades").count == 1 and variant.card("king").count == 3
    assert (variant.players.min, variant.players.max) == (3, 13)
    # Nine face cards climb to 90 (the plain kings count 10), then an 8 and an Ace
    # for 1 make 99, and the King of spades keeps it there.
    deck = stacked(
        [["jack", "jack", "jack"], ["queen", "queen", "queen"], ["king", "king", "king"]],
        ["8", "ace", "king_spades", "2", "3", "5", "6", "7", "2", "3", "5"],
    )
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    happened = drive(game, *["jack", "queen", "king"] * 3)
    assert [e.total for e in happened if isinstance(e, events.Played)] == list(range(10, 91, 10))
    drive(game, "8", Play("ace", amount=1))
    assert game.total == 99 and game.current_player == 2
    assert game.legal_moves() == (Play("king_spades"),)
    happened = list(game.play(Play("king_spades")))
    assert happened[0] == events.Played(2, "king_spades", 99)
    # From a low total it goes straight to 99.
    low = ono99.Game(variant, players=3, seed=1, deck=["king_spades"])
    assert low.play(Play("king_spades"))[0] == events.Played(0, "king_spades", 99)


# -------------------------------------------------------------- Ninety-eight


@pytest.fixture(scope="module")
def ninety_eight() -> ono99.Variant:
    return ono99.load_variant("ninety-eight")


def test_ninety_eight_example(ninety_eight: ono99.Variant) -> None:
    """pagat.com, Ninety-eight: "The first player plays an 8 and says 8; the next player
    plays a 6 and says 14; the next player plays a king and says 98; the next player
    plays a jack and says 98; the next player plays a ten and says 88; the next player
    plays a 7 and says 95; the next player's four cards are 4, 5, 6, 9 - this player
    must lose." The loser drops out and the others play on at 95
    (en.shram.kiev.ua)."""
    deck = stacked(
        [
            ["8", "10", "2", "3"],
            ["6", "7", "ace", "2"],
            ["king", "4", "5", "6"],
            ["jack", "queen", "3", "ace"],
        ],
        ["jack", "queen", "9", "2", "3", "ace"],
    )
    game = ono99.Game(ninety_eight, players=4, seed=1, deck=deck)
    said = [game.play(Play(card))[0] for card in ("8", "6", "king", "jack", "10", "7")]
    assert [event.total for event in said if isinstance(event, events.Played)] == [
        8,
        14,
        98,
        98,
        88,
        95,
    ]
    laid = [e for e in game.events if isinstance(e, events.LaidDown)]
    assert laid == [events.LaidDown(2, ("4", "5", "6", "9"))]
    assert game.in_round == (True, True, False, True)
    assert game.total == 95 and game.current_player == 3
    # The laid-down cards join the played cards.
    assert Counter(("4", "5", "6", "9")) <= Counter(game.discard_pile)


def test_ninety_eight_limits(ninety_eight: ono99.Variant) -> None:
    """pagat.com, Ninety-eight: "The aim is to avoid taking the value above 98";
    "king....the value is set to 98"; "jack, queen....the value stays the same"."""
    deck = stacked([["king", "2", "3", "4"], ["king", "queen", "ace", "5"]], ["6", "7"])
    game = ono99.Game(ninety_eight, players=2, seed=1, deck=deck)
    game.play(Play("king"))
    assert game.total == 98
    assert game.legal_moves() == (Play("queen"), Play("king"))
    game.play(Play("queen"))
    assert game.total == 98


# ------------------------------------------------------------- Everything2


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
