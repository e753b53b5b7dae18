"""Scenario tests for the 2022 Mattel edition.

Each test plays an example of the Mattel rule sheet (cited as M22) on a stacked
deck and checks the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play, Redraw, events
from ono99.engine._narrate import describe_event

if TYPE_CHECKING:
    from pathlib import Path


@pytest.fixture(scope="module")
def v2022() -> ono99.Variant:
    return ono99.load_variant("ono99-2022")


def test_edition_facts(v2022: ono99.Variant) -> None:
    """M22: "112 Cards": 8 x 0, 6 each of 1-9, 10 x 10, 10 ONO 99, 10 Reverse,
    10 -10, 10 Play 2; 2-6 players; deal 4 cards to each player."""
    assert v2022.deck_size == 112
    counts = {card.id: card.count for card in v2022.cards}
    assert counts == {
        "0": 8,
        **{str(n): 6 for n in range(1, 10)},
        "10": 10,
        "minus_ten": 10,
        "reverse": 10,
        "play_2": 10,
        "ono99": 10,
    }
    assert (v2022.players.min, v2022.players.max) == (2, 6)
    assert v2022.deal.hand_size == 4
    assert v2022.total.floor == 0


def test_minus_ten_never_below_zero(v2022: ono99.Variant) -> None:
    """M22: "-10: subtracts 10; negative totals are not allowed" — at 5 it gives 0."""
    deck = stacked([["5", "1", "2", "3"], ["minus_ten", "6", "7", "8"]])
    game = ono99.Game(v2022, players=2, seed=1, deck=deck)
    game.play(Play("5"))
    game.play(Play("minus_ten"))
    assert game.total == 0


def test_two_player_reverse_is_a_zero(v2022: ono99.Variant) -> None:
    """M22: "With 2 players [Reverse] has the same effect as discarding a 0"."""
    deck = stacked([["4", "1", "2", "3"], ["reverse", "6", "7", "8"]])
    game = ono99.Game(v2022, players=2, seed=1, deck=deck)
    game.play(Play("4"))
    game.play(Play("reverse"))
    assert game.total == 4 and game.current_player == 0
    game.play(Play("1"))
    assert game.current_player == 1


# Two players climb to 89 with planned plays and draws: seat 1 then holds 9, ONO 99,
# 10, 10 and seat 0 holds 1, 2, ONO 99, 3.
CLIMB_DECK = stacked(
    [["10", "10", "10", "10"], ["10", "10", "10", "10"]],
    ["9", "9", "1", "ono99", "2", "10", "ono99", "10", "3", "4"],
)


def test_98_is_safe_99_is_out_and_the_last_player_wins(v2022: ono99.Variant) -> None:
    """M22: you are out if every card in your hand would make the total "hit or exceed
    99"; the eliminated player plays no card and lays the hand down; "the last player
    remaining wins"."""
    game = ono99.Game(v2022, players=2, seed=1, deck=CLIMB_DECK)
    drive(game, *["10"] * 8, "9")
    assert game.total == 89 and game.current_player == 1
    assert game.legal_moves() == (Play("9"),)
    assert game.why_illegal(Play("10")) == "10 would take the total to 99; it must stay below 99"
    happened = game.play(Play("9"))
    assert happened == (
        events.Played(1, "9", 98),
        events.Drew(1, "4"),
        events.LaidDown(0, ("1", "2", "ono99", "3")),
        events.RoundEnded(1, (0,), 1),
        events.Eliminated(0),
        events.GameWon(1),
    )
    assert game.is_over and game.winner == 1 and game.legal_moves() == ()
    assert game.out_of_play == ("1", "2", "ono99", "3")
    with pytest.raises(ono99.IllegalMoveError, match="the game is over"):
        game.play(Play("4"))


def test_four_ono99_cards_redraw(v2022: ono99.Variant) -> None:
    """M22: "If you have 4 ONO 99 cards in your hand, you may discard all 4 ... adding
    nothing to the pile total, and draw 4 new cards" — as the turn's play."""
    deck = stacked([["ono99"] * 4, ["1", "2", "3", "4"]], ["5", "6", "7", "8"])
    game = ono99.Game(v2022, players=2, seed=1, deck=deck)
    assert game.legal_moves() == (Redraw(),)
    assert game.why_illegal(Play("ono99")) == "ONO 99 can never be played"
    happened = game.play(Redraw())
    assert happened == (
        events.Redrew(0, ("ono99",) * 4),
        events.Drew(0, "5"),
        events.Drew(0, "6"),
        events.Drew(0, "7"),
        events.Drew(0, "8"),
    )
    assert game.total == 0 and game.current_player == 1
    assert game.discard_pile == ("ono99",) * 4
    # Seat 1 may not redraw: it holds no ONO 99 cards.
    assert game.why_illegal(Redraw()) == "a redraw needs 4 ONO 99 cards; player 1 holds 0"


def test_play_2_deflected_back_and_on_never_stacks(v2022: ono99.Variant) -> None:
    """M22: the targeted player "may instead answer with a Reverse (sends it back the
    other way) or their own Play 2 (passes it on). Either way they play only that one
    card"; "Play 2's don't 'stack'"; "play one, call the total, draw, then play the
    second"."""
    deck = stacked(
        [["play_2", "play_2", "1", "2"], ["reverse", "4", "5", "6"], ["7", "8", "9", "3"]],
        ["1", "2", "3", "4", "5", "6"],
    )
    game = ono99.Game(v2022, players=3, seed=1, deck=deck)
    game.play(Play("play_2"))
    assert (game.current_player, game.plays_owed) == (1, 2)
    happened = game.play(Play("reverse"))
    assert (game.current_player, game.plays_owed, game.direction) == (0, 2, -1)
    assert events.PlaysOwed(0, 2, "play_2") in happened
    happened = game.play(Play("play_2"))
    # Passed on in the direction of play, reversed by now: seat 2 owes 2 plays, not 4.
    assert (game.current_player, game.plays_owed) == (2, 2)
    assert events.PlaysOwed(2, 2, "play_2") in happened
    happened = game.play(Play("7"))
    assert [type(e) for e in happened] == [events.Played, events.Drew]
    assert (game.current_player, game.plays_owed) == (2, 1)
    game.play(Play("8"))
    assert (game.current_player, game.plays_owed) == (1, 1)
    assert game.total == 15


def test_out_on_the_second_play_2_card(v2022: ono99.Variant) -> None:
    """M22: "If you play the first card but cannot play a legal second one, you are out,
    and the next player does not have to play 2." """
    deck = stacked(
        [["10", "10", "10", "play_2"], ["10", "10", "10", "9"], ["10", "10", "9", "minus_ten"]],
        ["4", "1", "8", "5", "2", "8", "6", "ono99", "8", "7", "3"],
    )
    game = ono99.Game(v2022, players=3, seed=1, deck=deck)
    drive(game, *["10"] * 8, "9")
    assert game.total == 89 and game.current_player == 0
    game.play(Play("play_2"))
    assert (game.current_player, game.plays_owed) == (1, 2)
    happened = game.play(Play("9"))
    assert happened == (
        events.Played(1, "9", 98),
        events.Drew(1, "3"),
        events.LaidDown(1, ("1", "2", "ono99", "3")),
    )
    assert game.in_round == (True, False, True)
    assert (game.current_player, game.plays_owed) == (2, 1)
    assert game.legal_moves() == (Play("minus_ten"),)
    game.play(Play("minus_ten"))
    assert game.total == 88 and game.current_player == 0


def test_one_game_to_the_last_player(v2022: ono99.Variant) -> None:
    """M22: a single elimination game: players drop out one by one, "the last player
    remaining wins"; no tokens and no points."""
    for seed in range(30):
        game = ono99.Game(v2022, players=5, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed * 7 + i) for i in range(5)])
        kinds = [type(e) for e in game.events]
        assert kinds.count(events.RoundStarted) == 1
        assert kinds.count(events.LaidDown) == 4
        assert events.TokenLost not in kinds and events.Scored not in kinds
        ended = next(e for e in game.events if isinstance(e, events.RoundEnded))
        assert ended.survivor == game.winner and len(ended.losers) == 4


# ------------------------------------------------------- the redraw's timing

REDRAW_SECOND = stacked(
    [["play_2", "2", "3", "4"], ["ono99", "ono99", "ono99", "1"]], ["5", "ono99", "6", "7"]
)


def test_the_redraw_may_be_the_second_play_owed_to_a_play_2(v2022: ono99.Variant) -> None:
    """M22 gives the redraw no timing ("you may discard all 4 ... and draw 4 new
    cards"); by default (redraw.when = "any_play") it may be the second of the
    two plays a Play 2 forces."""
    assert v2022.redraw is not None and v2022.redraw.when == "any_play"
    game = ono99.Game(v2022, players=2, seed=1, deck=REDRAW_SECOND)
    drive(game, "play_2", "1")
    assert game.hand(1).count("ono99") == 4 and game.plays_owed == 1
    assert game.legal_moves() == (Redraw(),)
    happened = game.play(Redraw())
    assert happened[0] == events.Redrew(1, ("ono99",) * 4)
    assert game.current_player == 0


def test_a_first_play_redraw_is_not_a_second_play(tmp_path: Path) -> None:
    """With redraw.when = "first_play" (reading "at once" as the start of a turn) the
    player holding four ONO 99 cards on the second play has no safe play, and is out
    (M22: "If every card in your hand would make the total hit or exceed 99, you are
    out")."""
    rule = tmp_path / "first.toml"
    rule.write_text('[redraw]\nwhen = "first_play"\n', encoding="utf-8")
    variant = ono99.load_variant("ono99-2022", [rule])
    game = ono99.Game(variant, players=2, seed=1, deck=REDRAW_SECOND)
    drive(game, "play_2")
    happened = game.play(Play("1"))
    assert events.LaidDown(1, ("ono99",) * 4) in happened
    assert game.winner == 0


def test_a_first_play_redraw_is_refused_with_the_reason(tmp_path: Path) -> None:
    rule = tmp_path / "first.toml"
    rule.write_text('[redraw]\nwhen = "first_play"\n', encoding="utf-8")
    variant = ono99.load_variant("ono99-2022", [rule])
    hands = [["ono99", "ono99", "ono99", "ono99", "1"], ["1", "2", "3", "4"]]  # one card over
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in hands[0] + hands[1] + ["5"]:
        pile.remove(card)
    game = ono99.Game.from_position(
        variant, hands, pile, discard_pile=["5"], plays_owed=1, played_this_turn=["5"], seed=1
    )
    assert game.why_illegal(Redraw()) == "a redraw may only be the first play of a turn"


# ------------------------------------------------- what the log tells a player


def test_deflection_and_direction_are_events(v2022: ono99.Variant) -> None:
    """M22: a Reverse "sends it back the other way": the log says the direction
    changed and the plays were passed on; the narration tells both."""
    deck = stacked([["play_2", "1", "2", "3"], ["reverse", "4", "5", "6"], ["7", "8", "9", "3"]])
    game = ono99.Game(v2022, players=3, seed=1, deck=deck)
    game.play(Play("play_2"))
    obs = game.observation(1)
    assert (obs.answering, obs.played_this_turn, obs.forced_by) == (True, (), "play_2")
    happened = game.play(Play("reverse"))
    assert happened[1:3] == (events.DirectionChanged(1, -1), events.Deflected(1, "reverse", 2))
    assert happened[-1] == events.PlaysOwed(0, 2, "play_2")
    assert game.direction == game.observation(2).direction == -1
    told = [describe_event(e, v2022) for e in happened[1:3]]
    assert told == [
        "Play now goes counter-clockwise",
        "Player 1 answers with Reverse: the 2 plays pass on",
    ]
    game.play(Play("1"))  # player 0's first play of two: no longer the answer
    obs = game.observation(0)
    assert (obs.answering, obs.played_this_turn, obs.forced_by) == (False, ("1",), "play_2")


def test_a_two_player_reverse_acts_as_a_0_and_turns_nothing(v2022: ono99.Variant) -> None:
    """M22: "Reverse ... With 2 players it has the same effect as discarding a 0": the
    direction stays, and no DirectionChanged event is logged."""
    deck = stacked([["reverse", "1", "2", "3"], ["4", "5", "6", "7"]])
    game = ono99.Game(v2022, players=2, seed=1, deck=deck)
    happened = game.play(Play("reverse"))
    assert not any(isinstance(e, events.DirectionChanged) for e in happened)
    assert game.direction == game.observation(0).direction == 1
    assert game.current_player == 1
