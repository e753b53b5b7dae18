"""The engine, scene by scene: dealt hands, one rule at a time, every event checked.

Each scene deals chosen hands (``Game(deck=...)``) from a toy variant whose card
names differ from their ids, so that messages and events can be told apart.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import ono99
from ono99 import events as ev
from ono99.rules import (
    Add,
    Deflect,
    ForcePlays,
    Hold,
    Never,
    NotAsAnswer,
    OncePerTurn,
    Reverse,
    TotalMultipleOf,
)

TOY = ono99.Variant(
    id="toy",
    name="Toy",
    cards=(
        ono99.Card("1", "One", 20, effects=(Add(1),), points=1),
        ono99.Card("5", "Five", 10, effects=(Add(5),), points=5),
        ono99.Card("10", "Ten", 10, effects=(Add(10),), points=10),
        ono99.Card("hold", "Hold", 4, effects=(Hold(),), points=15),
        ono99.Card("rev", "Rev", 4, effects=(Reverse(), Deflect()), points=15),
        ono99.Card("p2", "Play Two", 4, effects=(ForcePlays(2), Deflect()), points=15),
        ono99.Card("dp", "Double", 2, effects=(ForcePlays(2),), conditions=(NotAsAnswer(),)),
        ono99.Card("m10", "Minus", 4, effects=(Add(-10),), points=15),
        ono99.Card("x", "Ex", 8, conditions=(Never(),), points=20),
    ),
    players=ono99.PlayerCount(2, 6),
)


def toy(**changes: Any) -> ono99.Variant:
    """The toy variant with some tables changed: ``toy(total={"start": 90})``."""
    variant = TOY
    for name, value in changes.items():
        table = attrs.evolve(getattr(variant, name), **value) if isinstance(value, dict) else value
        variant = attrs.evolve(variant, **{name: table})
    return variant


def deal(
    variant: ono99.Variant, hands: list[list[str]], top: list[str] | None = None
) -> list[str]:
    """The deck order that deals ``hands`` (seat 0 first) and puts ``top`` on the draw pile."""
    size = variant.deal.hand_size
    order = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    return order + (top or [])


def game_of(
    hands: list[list[str]], top: list[str] | None = None, seed: int = 1, **changes: Any
) -> ono99.Game:
    variant = toy(**changes)
    return ono99.Game(variant, len(hands), seed, deck=deal(variant, hands, top))


ONES = ["1", "1", "1", "1"]


def test_deal_one_at_a_time_and_the_left_of_the_dealer_leads() -> None:
    """ "deals each player 4 cards, one at a time ... starting to the dealer's left"; "Player to
    the dealer's left will start" (1980): the last seat deals, seat 0 leads."""
    game = game_of([["5", "1", "1", "1"], ["10", "1", "1", "1"], ONES], top=["hold", "rev"])
    assert game.events[:4] == (
        ev.RoundStarted(1, 2, 0, 0),
        ev.Dealt(0, ("5", "1", "1", "1")),
        ev.Dealt(1, ("10", "1", "1", "1")),
        ev.Dealt(2, tuple(ONES)),
    )
    assert game.draw_pile[:2] == ("hold", "rev")
    assert len(game.draw_pile) == TOY.deck_size - 12
    assert (game.current_player, game.total, game.direction, game.round) == (0, 0, 1, 1)
    assert game.plays_owed == 1
    assert game.in_game == game.in_round == (True, True, True)
    assert (game.tokens, game.scores) == ((3, 3, 3), (0, 0, 0))
    assert (game.discard_pile, game.out_of_play, game.moves) == ((), (), ())
    assert game.players == 3
    assert not game.is_over
    assert game.winner is None


def test_a_play_adds_and_the_player_draws() -> None:
    """ "Play 1 card, announce the new total" then draw back up to four (Mattel 2022)."""
    game = game_of([["5", "1", "1", "1"], ONES], top=["hold", "rev"])
    assert game.legal_moves() == (ono99.Play("1"), ono99.Play("5"))
    happened = game.play(ono99.Play("5"))
    assert happened == (ev.Played(0, "5", 5), ev.Drew(0, "hold"))
    assert game.hand(0) == ("1", "1", "1", "hold")
    assert game.discard_pile == ("5",)
    assert game.draw_pile[0] == "rev"
    assert (game.current_player, game.total) == (1, 5)
    assert game.moves == (ono99.Play("5"),)
    assert game.events[-2:] == happened


def test_why_a_move_is_illegal() -> None:
    game = game_of([["x", "1", "5", "1"], ONES], total={"start": 94})
    assert game.why_illegal(ono99.Play("nope")) == (
        "there is no card 'nope' in toy (its cards: 1, 5, 10, hold, rev, p2, dp, m10, x)"
    )
    assert game.why_illegal(ono99.Play("10")) == "player 0 holds no Ten"
    assert game.why_illegal(ono99.Play("x")) == "Ex can never be played"
    assert game.why_illegal(ono99.Play("5")) == (
        "Five would take the total to 99; it must stay below 99"
    )
    assert game.why_illegal(ono99.Play("1")) is None
    assert game.why_illegal(ono99.Redraw()) == "Toy has no redraw"
    assert game.why_illegal("play 1") == "'play 1' is not a move (expected Play or Redraw)"
    assert game.is_legal(ono99.Play("1"))
    assert not game.is_legal(ono99.Play("5"))
    assert game.legal_moves() == (ono99.Play("1"),)
    with pytest.raises(ono99.IllegalMoveError) as info:
        game.play(ono99.Play("5"))
    assert info.value.reason == "Five would take the total to 99; it must stay below 99"
    assert info.value.move == ono99.Play("5")


def test_the_last_safe_total_is_one_below_the_bust_limit() -> None:
    """ "avoid totaling 99 points or more": 98 is safe, 99 busts (1980)."""
    game = game_of([["5", "1", "1", "1"], ONES], total={"start": 93})
    game.play(ono99.Play("5"))
    assert game.total == 98


def test_reverse_sends_play_back() -> None:
    """ "reverses the same point value and play-back in the opposite direction" (1980)."""
    game = game_of([["rev", "1", "1", "1"], ONES, ONES])
    game.play(ono99.Play("rev"))
    assert (game.direction, game.current_player, game.total) == (-1, 2, 0)
    game.play(ono99.Play("1"))
    assert game.current_player == 1
    game.play(ono99.Play("1"))
    assert game.current_player == 0


def test_forced_plays_are_made_one_after_another() -> None:
    """ "The next player must play 2 cards: play one, call the total, draw, then play the
    second" (Mattel 2022)."""
    game = game_of([["p2", "1", "1", "1"], ["1", "5", "1", "1"], ONES])
    happened = game.play(ono99.Play("p2"))
    assert happened[-1] == ev.PlaysOwed(1, 2, "p2")
    assert (game.current_player, game.plays_owed) == (1, 2)
    game.play(ono99.Play("1"))
    assert (game.current_player, game.plays_owed) == (1, 1)
    game.play(ono99.Play("5"))
    assert (game.current_player, game.plays_owed, game.total) == (2, 1, 6)


def test_a_forced_player_may_pass_the_plays_on() -> None:
    """ "The targeted player may instead answer with a Reverse (sends it back the other way) or
    their own Play 2 (passes it on). Either way they play only that one card" (Mattel 2022)."""
    game = game_of([["p2", "1", "1", "1"], ["p2", "1", "1", "1"], ONES])
    game.play(ono99.Play("p2"))
    happened = game.play(ono99.Play("p2"))
    assert happened[-1] == ev.PlaysOwed(2, 2, "p2")
    assert (game.current_player, game.plays_owed) == (2, 2)

    game = game_of([["p2", "1", "1", "1"], ["rev", "1", "1", "1"], ONES])
    game.play(ono99.Play("p2"))
    happened = game.play(ono99.Play("rev"))
    assert happened[-1] == ev.PlaysOwed(0, 2, "p2")
    assert (game.current_player, game.plays_owed, game.direction) == (0, 2, -1)


def test_a_deflecting_card_played_second_does_not_end_the_turn() -> None:
    game = game_of([["p2", "1", "1", "1"], ["1", "rev", "1", "1"], ONES])
    game.play(ono99.Play("p2"))
    game.play(ono99.Play("1"))
    game.play(ono99.Play("rev"))
    assert (game.current_player, game.plays_owed, game.direction) == (0, 1, -1)


def test_a_double_play_may_not_answer_a_double_play() -> None:
    """ "A player affected by the Double Play card may not play another Double Play card on his
    first play" (1980); on the second play it forces the next player again."""
    game = game_of([["dp", "1", "1", "1"], ["dp", "1", "1", "1"], ONES], top=["1", "1"])
    game.play(ono99.Play("dp"))
    assert game.why_illegal(ono99.Play("dp")) == (
        "Double may not answer forced plays (the first play of a forced turn)"
    )
    assert game.legal_moves() == (ono99.Play("1"),)
    game.play(ono99.Play("1"))
    assert game.legal_moves() == (ono99.Play("1"), ono99.Play("dp"))
    happened = game.play(ono99.Play("dp"))
    assert happened[-1] == ev.PlaysOwed(2, 2, "dp")
    assert game.plays_owed == 2


def test_an_ordinary_turn_is_no_answer() -> None:
    """Only a forced turn's first play answers: on an ordinary turn a Double Play may be played
    and a Reverse only reverses."""
    game = game_of([ONES, ["dp", "rev", "1", "1"], ONES], top=["1", "1"])
    game.play(ono99.Play("1"))
    assert game.legal_moves() == (ono99.Play("1"), ono99.Play("rev"), ono99.Play("dp"))
    game.play(ono99.Play("rev"))
    assert (game.current_player, game.plays_owed, game.direction) == (0, 1, -1)


@pytest.mark.parametrize(("stacking", "owed"), [("none", 2), ("multiply", 4), ("add", 4)])
def test_stacking_combines_forced_plays(stacking: str, owed: int) -> None:
    """House rule: back-to-back Double Plays stack (x2 then x2 makes x4)."""
    hands = [["dp", "1", "1", "1"], ["1", "dp", "1", "1"], ONES]
    game = game_of(hands, forced_play={"stacking": stacking})
    game.play(ono99.Play("dp"))
    game.play(ono99.Play("1"))
    game.play(ono99.Play("dp"))
    assert (game.current_player, game.plays_owed) == (2, owed)


def test_a_player_with_no_safe_play_lays_down_and_is_out() -> None:
    """ "If every card in your hand would make the total hit or exceed 99, you are out ... lay
    your cards face up" (Mattel 2022); the next player is not forced."""
    hands = [["p2", "1", "1", "1"], ["10", "10", "x", "10"], ONES]
    game = game_of(hands, total={"start": 89}, no_safe_play={"action": "lay_down"})
    happened = game.play(ono99.Play("p2"))
    assert ev.LaidDown(1, ("10", "10", "x", "10")) in happened
    assert game.out_of_play == ("10", "10", "x", "10")
    assert game.hand(1) == ()
    assert game.in_round == (True, False, True)
    assert (game.current_player, game.plays_owed) == (2, 1)
    game.play(ono99.Play("1"))
    assert game.current_player == 0  # seat 1 is skipped


def test_the_last_player_standing_wins() -> None:
    """ "the last player remaining wins" (Mattel 2022)."""
    game = game_of([["10", "10", "x", "10"], ONES], total={"start": 90})
    assert game.is_over
    assert game.winner == 1
    assert game.events[-4:] == (
        ev.LaidDown(0, ("10", "10", "x", "10")),
        ev.RoundEnded(1, (0,), 1),
        ev.Eliminated(0),
        ev.GameWon(1),
    )
    assert game.in_game == (False, True)
    assert game.plays_owed == 0
    assert game.legal_moves() == ()
    assert game.why_illegal(ono99.Play("1")) == "the game is over"
    assert game.observation(1).winner == 1
    assert repr(game) == "<Game toy players=2 seed=1 winner=1>"


def test_without_scoring_every_other_player_is_eliminated_at_once() -> None:
    hands = [["10", "10", "x", "10"], ["10", "10", "x", "10"], ONES]
    game = game_of(hands, total={"start": 90})
    assert game.events[-5:] == (
        ev.LaidDown(1, ("10", "10", "x", "10")),
        ev.RoundEnded(1, (0, 1), 2),
        ev.Eliminated(0),
        ev.Eliminated(1),
        ev.GameWon(2),
    )


FIRST_LOSS: dict[str, Any] = {
    "round": ono99.RoundRules("first_loss"),
    "no_safe_play": ono99.NoSafePlay("play_lowest"),
}


def test_with_no_safe_play_the_lowest_card_is_played_and_busts() -> None:
    """ "If player #2 doesn't have a Helper Card, he must play his lowest numbered card, making
    the point value 99 or greater, then he must draw a card ... to end the round" (1980)."""
    hands = [["10", "5", "x", "10"], ONES]
    game = game_of(
        hands,
        top=["hold"],
        total={"start": 95},
        match={"scoring": "tokens"},
        **FIRST_LOSS,
    )
    assert game.events[3:8] == (
        ev.Played(0, "5", 100, automatic=True),  # the rules play it: no decision
        ev.Drew(0, "hold", automatic=True),
        ev.Busted(0, 100),
        ev.RoundEnded(1, (0,), 1),
        ev.TokenLost(0, 2),
    )
    assert game.events[8] == ev.RoundStarted(2, 0, 1, 95)
    assert game.round == 2
    assert game.tokens == (2, 3)
    assert game.current_player == 1


def test_a_hand_of_unplayable_cards_loses_without_playing() -> None:
    """ "a player holding only O'NO 99 cards automatically loses ... He does not discard and
    draw" (1980)."""
    game = game_of([["x", "x", "x", "x"], ONES, ONES], match={"scoring": "tokens"}, **FIRST_LOSS)
    assert game.events[4:7] == (ev.Stuck(0), ev.RoundEnded(1, (0,), None), ev.TokenLost(0, 2))
    assert game.discard_pile == ()


@pytest.mark.parametrize(("play_on", "events"), [
    (True, [ev.TokenLost(0, 0), ev.RoundStarted(2, 0, 1, 0)]),
    (False, [ev.TokenLost(0, 0), ev.Eliminated(0), ev.GameWon(1)]),
])  # fmt: skip
def test_the_last_token(play_on: bool, events: list[ev.Event]) -> None:
    """ "If all three tokens are lost, a player is allowed to lose one more round" (1980)."""
    game = game_of(
        [["x", "x", "x", "x"], ONES],
        match={"scoring": "tokens", "tokens": ono99.Tokens(1, play_on)},
        **FIRST_LOSS,
    )
    assert list(game.events[5 : 5 + len(events)]) == events
    assert game.in_game == (play_on, True)


def test_a_loss_without_tokens_is_out() -> None:
    """ "On a fourth loss, that player is completely out" (1980)."""
    variant = toy(match={"scoring": "tokens", "tokens": ono99.Tokens(1)}, **FIRST_LOSS)
    hands = [ONES, ["x", "x", "x", "x"]]
    pile = [card.id for card in variant.cards for _ in range(card.count)]
    for card in hands[0] + hands[1]:
        pile.remove(card)
    game = ono99.Game.from_position(variant, hands, pile, tokens=[1, 0])  # seat 1 has none left
    happened = game.play(ono99.Play("1"))
    assert happened[-4:] == (
        ev.Stuck(1),
        ev.RoundEnded(1, (1,), 0),
        ev.Eliminated(1),
        ev.GameWon(0),
    )


POINTS: dict[str, Any] = {"scoring": "points", "points": ono99.Points(target=500)}


def test_points_for_cards_in_hand_and_for_busting() -> None:
    """ "Player that reaches 99 points or greater adds 25 points to his score"; "99 card in
    hand - 20 points each"; number cards "count as face value" (1980)."""
    game = game_of([["x", "x", "x", "x"], ["5", "1", "10", "hold"]], match=POINTS, **FIRST_LOSS)
    assert game.events[5:7] == (ev.Scored(0, 105, 105), ev.Scored(1, 31, 31))
    assert game.scores == (105, 31)


def test_a_stuck_player_may_be_spared_the_bust_points() -> None:
    points = {"scoring": "points", "points": ono99.Points(stuck_is_bust=False)}
    game = game_of([["x", "x", "x", "x"], ONES], match=points, **FIRST_LOSS)
    assert game.scores == (80, 4)


def test_missing_cards_cost_points() -> None:
    """ "Player with less than four cards in hand ... adds 15 points for each missing card"."""
    game = game_of(
        [["10", "10", "10", "10"], ONES],
        total={"start": 90},
        match=POINTS,
        round=ono99.RoundRules("first_loss"),
        no_safe_play=ono99.NoSafePlay("lay_down"),
    )
    assert game.scores == (60 + 25, 4)


def test_reaching_the_target_is_out() -> None:
    """ "Once a player reaches the total or greater, he is out and the play continues until only
    one player is left" (1980): exactly the target is enough."""
    points = {"scoring": "points", "points": ono99.Points(target=105)}
    hands = [["x", "x", "x", "x"], ["10", "1", "1", "1"], ONES]
    game = game_of(hands, match=points, **FIRST_LOSS)
    assert game.scores == (105, 13, 4)
    assert ev.Eliminated(0) in game.events
    assert game.in_game == (False, True, True)
    assert not game.is_over
    game = game_of(hands, match={"scoring": "points", "points": ono99.Points(target=106)})
    assert game.in_game == (True, True, True)


def test_at_target_end_the_lowest_score_wins() -> None:
    """ "if one player reaches or exceeds 500 ... the game is over and the lowest score wins"."""
    points = {"scoring": "points", "points": ono99.Points(target=100, at_target="end")}
    game = game_of([["x", "x", "x", "x"], ["10", "1", "1", "1"], ONES], match=points, **FIRST_LOSS)
    assert game.scores == (105, 13, 4)
    assert game.winner == 2
    assert game.events[-3:] == (ev.Eliminated(0), ev.Eliminated(1), ev.GameWon(2))


def test_at_target_end_tied_players_play_on() -> None:
    """ "In the event of a draw, the tied players continue until one wins" (1980)."""
    points = {"scoring": "points", "points": ono99.Points(target=100, at_target="end")}
    game = game_of([["x", "x", "x", "x"], ONES, ONES], match=points, **FIRST_LOSS)
    assert game.in_game == (False, True, True)
    assert not game.is_over


def test_when_everyone_reaches_the_target_the_lowest_stays() -> None:
    points = {"scoring": "points", "points": ono99.Points(target=1)}
    game = game_of([["x", "x", "x", "x"], ["10", "1", "1", "1"]], match=points, **FIRST_LOSS)
    assert game.winner == 1


def test_the_loser_may_lead_the_next_round() -> None:
    game = game_of(
        [ONES, ONES, ["x", "x", "x", "x"]],
        match={"scoring": "tokens"},
        deal={"leader": "last_loser"},
        **FIRST_LOSS,
    )
    game.play(ono99.Play("1"))
    game.play(ono99.Play("1"))
    assert game.round == 2
    started = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert started[1] == ev.RoundStarted(2, 0, 2, 0)
    assert game.current_player == 2


def test_an_eliminated_loser_does_not_lead() -> None:
    variant = toy(
        match={"scoring": "tokens", "tokens": ono99.Tokens(1, play_on_at_zero=False)},
        deal=ono99.Deal(leader="last_loser"),
        **FIRST_LOSS,
    )
    order = deal(variant, [ONES, ["x", "x", "x", "x"], ONES])
    game = ono99.Game(variant, 3, 1, deck=order)
    game.play(ono99.Play("1"))
    started = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert ev.Eliminated(1) in game.events
    assert started[1].dealer == 0
    assert started[1].leader == 2


def test_the_deal_moves_left_and_skips_players_out() -> None:
    game = ono99.Game("ono99-1980", players=3, seed=3)
    ono99.play_out(game, [ono99.RandomPlayer(1)] * 3)
    dealers = [e.dealer for e in game.events if isinstance(e, ev.RoundStarted)]
    assert dealers[:3] == [2, 0, 1]


def test_a_random_first_dealer_comes_from_the_seed() -> None:
    for seed in range(5):
        game = ono99.Game(toy(deal={"first_dealer": "random"}), 4, seed)
        dealer = random.Random(seed).randrange(4)
        assert game.events[0] == ev.RoundStarted(1, dealer, (dealer + 1) % 4, 0)


def run_out(keep_top_card: bool) -> ono99.Game:
    variant = ono99.Variant(
        id="tiny",
        name="Tiny",
        cards=(ono99.Card("1", "One", 4, effects=(Add(1),)),),
        players=ono99.PlayerCount(2, 2),
        deal=ono99.Deal(hand_size=1),
        reshuffle=ono99.Reshuffle(keep_top_card=keep_top_card),
    )
    game = ono99.Game(variant, 2, 1)
    for _ in range(3):
        game.play(ono99.Play("1"))
    return game


def test_the_discard_pile_is_reshuffled_into_a_new_draw_pile() -> None:
    """ "the dealer will reshuffle all exposed used cards to form a new draw pile" (1980)."""
    game = run_out(keep_top_card=False)
    assert ev.Reshuffled(3) in game.events
    assert game.discard_pile == ()
    assert len(game.draw_pile) == 2
    game = run_out(keep_top_card=True)
    assert ev.Reshuffled(2) in game.events
    assert game.discard_pile == ("1",)
    assert len(game.draw_pile) == 1


def test_an_empty_draw_pile_with_nothing_to_reshuffle_leaves_hands_short() -> None:
    variant = ono99.Variant(
        id="tiny",
        name="Tiny",
        cards=(ono99.Card("1", "One", 2, effects=(Add(1),)),),
        players=ono99.PlayerCount(2, 2),
        deal=ono99.Deal(hand_size=1),
        reshuffle=ono99.Reshuffle(keep_top_card=True),
    )
    game = ono99.Game(variant, 2, 1)
    happened = game.play(ono99.Play("1"))  # only the top card to keep: nothing to draw
    assert happened == (ev.Played(0, "1", 1),)
    assert game.hand(0) == ()
    assert game.discard_pile == ("1",)


REDRAW: dict[str, Any] = {"redraw": ono99.RedrawRule("x", 4)}


def test_only_one_card_of_a_kind_a_turn() -> None:
    """ "Only (1) O'NO 99 card may be played during a player's turn" (1980 option)."""
    zed = ono99.Card(
        "z", "Zed", 4, effects=(Hold(),), conditions=(TotalMultipleOf(10), OncePerTurn())
    )
    variant = attrs.evolve(TOY, cards=(*TOY.cards, zed))
    order = deal(variant, [["dp", "1", "1", "1"], ["z", "z", "1", "1"], ONES])
    game = ono99.Game(variant, 3, 1, deck=order)
    game.play(ono99.Play("dp"))
    game.play(ono99.Play("z"))
    assert game.why_illegal(ono99.Play("z")) == "only one Zed may be played in a turn"
    game.play(ono99.Play("1"))
    assert game.current_player == 2


def test_four_unplayable_cards_may_be_traded_in() -> None:
    """ "If you have 4 ONO 99 cards in your hand, you may discard all 4 ... and draw 4 new
    cards" (Mattel 2022)."""
    game = game_of([["x", "x", "x", "x"], ONES], top=["5", "1", "10", "hold"], **REDRAW)
    assert game.legal_moves() == (ono99.Redraw(),)
    assert game.why_illegal(ono99.Redraw()) is None
    happened = game.play(ono99.Redraw())
    assert happened == (
        ev.Redrew(0, ("x", "x", "x", "x")),
        ev.Drew(0, "5"),
        ev.Drew(0, "1"),
        ev.Drew(0, "10"),
        ev.Drew(0, "hold"),
    )
    assert game.discard_pile == ("x",) * 4
    assert (game.current_player, game.total) == (1, 0)


def test_the_first_card_may_be_the_redraw_card() -> None:
    first = attrs.evolve(TOY, cards=(TOY.cards[-1], *TOY.cards[:-1]), **REDRAW)
    order = deal(first, [["x", "x", "x", "x"], ONES])
    game = ono99.Game(first, 2, 1, deck=order)
    assert game.why_illegal(ono99.Redraw()) is None
    assert game.legal_moves() == (ono99.Redraw(),)


def test_a_card_id_that_is_not_a_string_is_no_card() -> None:
    game = game_of([ONES, ONES])
    reason = game.why_illegal(ono99.Play(["1"]))  # type: ignore[arg-type]
    assert reason is not None
    assert reason.startswith("there is no card ['1'] in toy")


def test_a_redraw_needs_all_the_cards() -> None:
    game = game_of([["x", "x", "x", "1"], ONES], **REDRAW)
    assert game.why_illegal(ono99.Redraw()) == "a redraw needs 4 Ex cards; player 0 holds 3"
    assert game.legal_moves() == (ono99.Play("1"),)


def test_a_redraw_is_one_of_the_plays_owed() -> None:
    """A redraw is the turn's play, or one of the two plays owed to a Play 2; it answers
    nothing, so the play after it is an ordinary one."""
    top = ["1", "dp", "rev", "1", "1"]
    game = game_of([["p2", "1", "1", "1"], ["x", "x", "x", "x"], ONES], top=top, **REDRAW)
    game.play(ono99.Play("p2"))
    game.play(ono99.Redraw())
    assert (game.current_player, game.plays_owed) == (1, 1)
    assert game.hand(1) == ("dp", "rev", "1", "1")
    assert game.why_illegal(ono99.Play("dp")) is None
    game.play(ono99.Play("rev"))  # played second, it only reverses
    assert (game.current_player, game.plays_owed, game.direction) == (0, 1, -1)


def test_a_redraw_as_the_second_play_ends_the_turn() -> None:
    top = ["x", "x", "x", "x", "1", "1", "1", "1"]
    game = game_of([["p2", "1", "1", "1"], ["1", "x", "x", "x"], ONES], top=top, **REDRAW)
    game.play(ono99.Play("p2"))
    game.play(ono99.Play("1"))
    assert game.hand(1) == ("x", "x", "x", "x")
    game.play(ono99.Redraw())
    assert (game.current_player, game.plays_owed) == (2, 1)


def test_bad_games_are_refused() -> None:
    with pytest.raises(ono99.VariantError, match="Toy is for 2 to 6 players, not 1"):
        ono99.Game(TOY, 1)
    with pytest.raises(ono99.VariantError, match="not 7"):
        ono99.Game(TOY, 7)
    with pytest.raises(ono99.ArgumentError, match="players: expected a whole number, got True"):
        ono99.Game(TOY, True)
    with pytest.raises(ono99.ArgumentError, match="seed: expected a whole number, got '1'"):
        ono99.Game(TOY, 2, "1")  # type: ignore[arg-type]
    with pytest.raises(ono99.ArgumentError, match="seed: expected a whole number"):
        ono99.Game(TOY, 2, True)
    with pytest.raises(ono99.VariantError, match=r"deck\[1\]: there is no card 'zz' in toy"):
        ono99.Game(TOY, 2, deck=["1", "zz"])
    with pytest.raises(ono99.VariantError, match=r"deck\[2\]: the deck holds only 2 of card 'dp'"):
        ono99.Game(TOY, 2, deck=["dp", "dp", "dp"])
    assert ono99.Game(TOY, 2).seed >= 0
    assert ono99.Game(TOY, 6, 0).players == 6
    assert ono99.Game("ono99-2022", 2, 0).variant.id == "ono99-2022"


def test_seats_are_checked() -> None:
    game = game_of([ONES, ONES])
    with pytest.raises(ono99.ArgumentError, match="player: no player 2: seats are 0 to 1"):
        game.hand(2)
    with pytest.raises(ono99.ArgumentError, match="no player -1"):
        game.hand(-1)
    with pytest.raises(ono99.ArgumentError, match="no player True"):
        game.hand(True)
    assert game.hand(1) == ONES_T


ONES_T = ("1", "1", "1", "1")


def test_a_game_shows_its_state() -> None:
    game = game_of([ONES, ONES], seed=5, total={"start": 3})
    assert repr(game) == "<Game toy players=2 seed=5 round=1, total=3, current_player=0>"


def test_a_copy_is_independent_and_goes_on_alike() -> None:
    game = ono99.Game("ono99-2022", 3, 4)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    copy = game.copy()
    before = game.events
    copy.play(copy.legal_moves()[-1])
    assert game.events == before
    assert game.hand(0) != copy.hand(0) or game.moves != copy.moves
    again = game.copy()
    for _ in range(30):
        if game.is_over:
            break
        move = game.legal_moves()[0]
        assert game.play(move) == again.play(move)


def test_observations_show_turns_only_to_the_player_to_move() -> None:
    game = game_of([["p2", "1", "1", "1"], ONES, ONES])
    game.play(ono99.Play("p2"))
    mine = game.observation(1)
    assert (mine.plays_owed, mine.legal_moves, mine.is_my_turn) == (2, (ono99.Play("1"),), True)
    other = game.observation(0)
    assert (other.plays_owed, other.legal_moves, other.is_my_turn) == (0, (), False)
    assert other.hand == game.hand(0)
    assert other.hand_sizes == (4, 4, 4)
    assert other.variant is game.variant
    with pytest.raises(ono99.ArgumentError):
        game.observation(3)


def test_a_record_replays_to_the_same_game() -> None:
    game = ono99.Game("ono99-2022", 3, 8, deck=["ono99", "5"])
    for _ in range(6):
        game.play(game.legal_moves()[-1])
    record = game.record()
    assert record == ono99.GameRecord(
        variant="ono99-2022",
        fingerprint=ono99.fingerprint(game.variant),
        players=3,
        seed=8,
        deck=("ono99", "5"),
        moves=game.moves,
    )
    again = ono99.Game.replay(record)
    assert again.events == game.events
    assert ono99.Game.replay(record, "ono99-2022").events == game.events
    assert ono99.Game.replay(record, game.variant).events == game.events


def test_a_record_is_not_replayed_under_other_rules() -> None:
    game = ono99.Game("ono99-2022", 2, 1)
    record = game.record()
    other = ono99.fingerprint(ono99.load_variant("ono99-1980"))
    with pytest.raises(ono99.ReplayError) as info:
        ono99.Game.replay(record, "ono99-1980")
    assert str(info.value) == (
        f"the game was played under rules with fingerprint {record.fingerprint} (ono99-2022); "
        f"ono99-1980 has fingerprint {other}: replaying it under other rules is refused"
    )


def test_a_record_with_an_illegal_move_is_refused() -> None:
    game = ono99.Game("ono99-2022", 2, 1)
    first = game.legal_moves()[0]
    record = attrs.evolve(game.record(), moves=(first, ono99.Play("ono99")))
    with pytest.raises(ono99.ReplayError, match=r"move 2 \(play ono99\) is illegal: player 1"):
        ono99.Game.replay(record)


def test_a_forcing_card_played_for_a_bust_passes_nothing_on() -> None:
    """A player with no safe play "must play his lowest numbered card, making the point
    value 99 or greater" (1980); when that card forces plays, nothing is passed on and
    nothing is logged as deflected: the player loses, and "the next player does not have
    to play 2" (Mattel 2022, on a player out during a Play 2 turn)."""
    up = ono99.Card("up", "Up", 4, effects=(Add(5), ForcePlays(2)), points=5)
    variant = attrs.evolve(
        toy(
            total={"start": 95},
            forced_play={"stacking": "multiply"},
            no_safe_play={"action": "play_lowest"},
        ),
        cards=(*TOY.cards, up),
    )
    hands = [["p2", "1", "1", "1"], ["up", "up", "x", "x"], ONES]
    game = ono99.Game(variant, 3, 1, deck=deal(variant, hands, ["1", "1", "1"]))
    happened = game.play(ono99.Play("p2"))
    assert ev.Played(1, "up", 100, automatic=True) in happened
    assert ev.Busted(1, 100) in happened
    assert not any(isinstance(e, ev.Deflected) for e in happened)
    assert (game.current_player, game.plays_owed) == (2, 1)
