"""The settings and rule objects of counts, passes, hands that run out and announcements.

Each scenario builds a variant from a few lines of TOML over a shipped one, deals a
stacked deck (see ``stacking.stacked``) and checks what the engine does, quoting
the rule the setting stands for.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import pytest
from stacking import FILLER, drive, stacked

import ono99
from ono99 import Play
from ono99 import events as ev
from ono99.rules import BaseEffect

if TYPE_CHECKING:
    from ono99.rules import CardInfo, Table


def over(base: str, toml: str) -> ono99.Variant:
    return ono99.loads_variant(f'extends = "{base}"\nid = "test"\n{toml}')


# ------------------------------------------------------------- the floor


BELOW_ILLEGAL = over("ono99-2022", '[total]\nbelow_floor = "illegal"\n')


def test_a_play_below_the_floor_can_be_illegal() -> None:
    """Cribbage's count "may be carried only to 31, no further" (HOY) bounds a count
    from above; ``below_floor = "illegal"`` bounds it the same way from below: a card
    that would take the total under the floor is no legal play (not raised to it)."""
    hands = [["5", "1", "2", "3"], ["minus_ten", "4", "6", "7"]]
    draws = ["8", "9", "8", "9", "8", "9"]
    game = ono99.Game(BELOW_ILLEGAL, 2, seed=1, deck=stacked(hands, draws))
    drive(game, "5")
    assert Play("minus_ten") not in game.legal_moves()
    assert game.why_illegal(Play("minus_ten")) == (
        "-10 would take the total to -5; it may not go below 0"
    )
    drive(game, "4", "1")  # 9, 10
    drive(game, "minus_ten")
    assert game.total == 0
    # The edition itself raises such a total to the floor: "can't go below 0" (2022).
    raised = ono99.Game("ono99-2022", 2, seed=1, deck=stacked(hands, draws))
    drive(raised, "5", "minus_ten")
    assert raised.total == 0


# --------------------------------------------------------- hands run out


def test_without_refill_hands_run_out_and_the_round_ends() -> None:
    """Cribbage: the cards played stay played, "until all the cards are played out"
    (Encyclopaedia Britannica, 9th ed.): nobody draws, and the deal ends with the
    last card."""
    game = ono99.Game("cribbage-pegging", 2, seed=3)
    stock = len(game.draw_pile)
    first = game.hand(0)
    game.play(game.legal_moves()[0])
    assert len(game.hand(0)) == len(first) - 1
    assert len(game.draw_pile) == stock
    while game.round == 1:
        game.play(game.legal_moves()[0])
    ended = next(e for e in game.events if isinstance(e, ev.RoundEnded))
    assert ended.losers == ()  # nobody loses a deal of the play


def test_a_stock_that_is_never_renewed() -> None:
    """``reshuffle.enabled = false``: when the stock is gone, players play on from
    their hands, and the count ends when nobody holds a card."""
    variant = over("ono99-2022", "[reshuffle]\nenabled = false\n")
    for seed in range(6):
        game = ono99.Game(variant, 3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + s) for s in range(3)])
        assert game.is_over
        assert not any(isinstance(e, ev.Reshuffled) for e in game.events)


def test_hands_run_out_without_a_reshuffle() -> None:
    """With the stock gone and not renewed, a play leaves the hand a card short."""
    variant = over("cribbage-pegging", "[deal]\nrefill = true\n[reshuffle]\nenabled = false\n")
    game = ono99.Game(variant, 2, seed=1)
    shrank = 0
    while game.round == 1:
        seat = game.current_player
        held, stock = len(game.hand(seat)), len(game.draw_pile)
        happened = game.play(game.legal_moves()[0])
        if any(isinstance(e, ev.RoundEnded) for e in happened):
            break
        assert len(game.hand(seat)) == (held - 1 if stock == 0 else held)
        shrank += stock == 0
    assert shrank > 0


# ------------------------------------------------------------------ passing


def test_a_player_with_no_legal_move_passes_and_stays_in() -> None:
    """Cribbage: "If a player is unable to play another card without exceeding 31, he
    must say 'Go'" (HOY), and plays on in the next count."""
    hands = [["king", "9", "king", "king"], ["queen", "jack", "jack", "10"]]
    game = ono99.Game("cribbage-pegging", 2, seed=1, deck=stacked(hands))
    happened = drive(game, "king", "queen", "9")  # 29
    assert ev.Passed(1) in happened
    assert game.in_round == (True, True)
    assert "pass" in str(ono99.describe_event(ev.Passed(1), game.variant)).lower()


def test_passing_without_a_restart_ends_the_round_when_all_pass() -> None:
    """``no_safe_play.action = "pass"`` with ``total.restart = "never"``: once every
    player has passed in a row, nobody can play, and the round ends without a loser."""
    variant = over("cribbage-pegging", '[total]\nrestart = "never"\n')
    hands = [["king", "queen", "jack", "10"], ["king", "queen", "jack", "10"]]
    game = ono99.Game(variant, 2, seed=1, deck=stacked(hands))
    happened = drive(game, "king", "queen", "jack")  # 30
    assert [type(e) for e in happened if isinstance(e, ev.Passed | ev.RoundEnded)] == [
        ev.Passed,
        ev.Passed,
        ev.RoundEnded,
    ]
    assert not any(isinstance(e, ev.CountStarted) for e in happened)


# ----------------------------------------------------------------- repeats


ECHO = over(
    "ninety-nine",
    '[cards.echo]\nname = "Echo"\ncount = 4\neffects = [{ type = "repeat_previous" }]\n',
)


def test_a_card_that_does_what_the_card_before_it_did() -> None:
    """ "this card does what the last one did": a house rule's card, with the amount
    the card before chose; a repeat of a repeat repeats the first."""
    hands = [["ace", "echo", "jack"], ["echo", "queen", "8"]]
    game = ono99.Game(ECHO, 2, seed=1, deck=stacked(hands, FILLER))
    game.play(Play("ace", amount=11))
    happened = game.play(Play("echo"))
    assert game.total == 22
    assert ev.Played(1, "echo", 22) in happened  # no amount of its own
    game.play(Play("echo"))
    assert game.total == 33


def test_a_repeat_with_nothing_before_it_does_nothing() -> None:
    hands = [["echo", "2", "3"], ["6", "8", "jack"]]
    game = ono99.Game(ECHO, 2, seed=1, deck=stacked(hands, FILLER))
    game.play(Play("echo"))
    assert game.total == 0


NAMING_ECHO = over(
    "ninety-nine",
    """[round]
end = "last_standing"
[cards.namer]
name = "Namer"
count = 4
effects = [{ type = "choose_next" }]
[cards.echo]
name = "Echo"
count = 4
effects = [{ type = "repeat_previous" }]
""",
)


def test_a_repeat_names_no_player_gone_out_of_the_round() -> None:
    """ "this card does what the last one did", with the player it named; but a player
    out of the round "never moves again": one named before going out is not named by
    the repeat, which names nobody, and play passes on as usual (found by the fuzz of
    generated variants: the player out was made to play, and lost the round twice)."""
    hands = [["king", "echo", "jack"], ["namer", "queen", "8"], ["2", "3", "5"]]
    game = ono99.Game(NAMING_ECHO, 3, seed=1, deck=stacked(hands, FILLER))
    drive(game, "king")  # 99
    game.play(Play("namer", target=2))  # player 2 has no safe play and is out
    assert game.current_player == 0
    happened = game.play(Play("echo"))
    losses = [e for e in happened if isinstance(e, ev.RoundEnded)]
    assert len(losses) == 1
    assert losses[0].losers == (2, 1)  # player 1, next in turn, was asked to play


def test_a_repeat_names_the_one_playing_only_where_the_card_may() -> None:
    """A card that names "any other player" (not the one playing) repeated by the
    player it named names nobody: play passes on as usual."""
    hands = [["namer", "echo", "jack"], ["queen", "8", "7"], ["echo", "3", "5"]]
    game = ono99.Game(NAMING_ECHO, 3, seed=1, deck=stacked(hands, FILLER))
    game.play(Play("namer", target=2))
    assert game.current_player == 2
    game.play(Play("echo"))
    assert game.current_player == 0


def test_a_repeat_that_would_bust_is_no_legal_play() -> None:
    """What a repeat would do decides whether it is safe, as for any card."""
    hands = [["king", "jack", "2"], ["10", "echo", "10"]]
    game = ono99.Game(ECHO, 2, seed=1, deck=stacked(hands, FILLER))
    drive(game, "king", "10", "jack")  # 99, 89, 99
    assert game.legal_moves() == (Play("10"),)  # another jack's 10 would make 109
    assert game.why_illegal(Play("echo")) == (
        "Echo would take the total to 109; it must stay below 100"
    )


CHOOSING_ECHO = over(
    "ninety-nine",
    """[cards.echo]
name = "Echo"
count = 4
effects = [{ type = "repeat_previous" }, { type = "add_choice", amounts = [1, 2] }]
""",
)


def test_a_repeat_makes_none_of_its_own_choices_after_a_card() -> None:
    """A repeat does what the card before it did "in place of effects of its own": its
    own choice (1 or 2, with nothing before it) is no part of its move then. One move
    plays it, at the total the repeat makes; a move that chooses is refused, the game
    unchanged, and the observation and the forced play read the repeat too."""
    hands = [["6", "echo", "jack"], ["echo", "queen", "8"]]
    game = ono99.Game(CHOOSING_ECHO, 2, seed=1, deck=stacked(hands, FILLER))
    # Nothing before it in the count: its own effects, its own choice.
    echo = [m for m in game.legal_moves() if isinstance(m, Play) and m.card == "echo"]
    assert echo == [Play("echo", amount=1), Play("echo", amount=2)]
    game.play(Play("6"))
    echo = [m for m in game.legal_moves() if isinstance(m, Play) and m.card == "echo"]
    assert echo == [Play("echo")]
    assert game.observation(1).total_after(Play("echo")) == 12
    before = game.copy()
    assert game.why_illegal(Play("echo", amount=2)) == (
        "Echo does what the card before it did, with that card's choices: "
        "the move makes none (it gives amount=2)"
    )
    with pytest.raises(ono99.IllegalMoveError):
        game.play(Play("echo", amount=2))
    assert game.record() == before.record()
    game.play(Play("echo"))
    assert game.total == 12


def test_the_forced_play_reads_what_a_repeat_would_do() -> None:
    """``play_lowest``, "the player must play the card that gives the lowest total": a
    repeat gives what the card before it gives (a jack's 10 more, 109), not what its own
    choice would (1, 100): the 5 (104) is the one played."""
    variant = over(
        "ninety-nine",
        '[no_safe_play]\naction = "play_lowest"\n'
        '[cards.echo]\nname = "Echo"\ncount = 4\n'
        'effects = [{ type = "repeat_previous" }, { type = "add_choice", amounts = [1, 2] }]\n',
    )
    hands = [["king", "jack", "8"], ["10", "echo", "5"]]
    game = ono99.Game(variant, 2, seed=1, deck=stacked(hands, FILLER))
    drive(game, "king", "10")  # 99, 89; player 1 draws a 6: echo, 5, 6
    happened = drive(game, "jack")  # 99: player 1 has no safe play
    played = [e for e in happened if isinstance(e, ev.Played)]
    assert played == [ev.Played(0, "jack", 99), ev.Played(1, "5", 104, automatic=True)]


# ----------------------------------------------------------- announcements


ANNOUNCED = ono99.load_variant("ninety-nine", ["announce-the-total"])


def test_the_legal_moves_say_the_total_they_make() -> None:
    """ "Add the value of your card to the previous total ... and announce the new
    total" (Mattel 2022): each legal move says the total it makes."""
    hands = [["ace", "10", "5"], ["6", "3", "8"]]
    game = ono99.Game(ANNOUNCED, 2, seed=1, deck=stacked(hands, FILLER))
    moves = game.legal_moves()
    assert all(isinstance(m, Play) and m.say is not None for m in moves)
    assert Play("ace", amount=11, say=11) in moves
    assert Play("10", say=-10) in moves  # below zero: "a total may go below 0" here
    # Saying another total makes no move illegal: a rule judges what was said.
    assert game.why_illegal(Play("5", say=98)) is None
    assert game.why_illegal(Play("5")) is None


def test_an_illegal_move_is_illegal_whatever_it_says() -> None:
    hands = [["ace", "10", "5"], ["6", "3", "8"]]
    game = ono99.Game(ANNOUNCED, 2, seed=1, deck=stacked(hands, FILLER))
    before = game.record()
    with pytest.raises(ono99.IllegalMoveError, match="holds no 7"):
        game.play(Play("7", say=7))
    assert game.record() == before


# ---------------------------------------------------------------- scores


def test_scores_may_go_below_zero_when_the_variant_says() -> None:
    """``match.points.negative``: a trigger that takes points away may leave a score
    under 0 (by default "a score never goes below 0")."""
    toml = """
[[triggers]]
type = "pass_over"
value = 33
outcomes = [{ type = "points", who = "player", by = -1 }]
"""
    hands = [["jack", "king", "5"], ["queen", "4", "6"]]
    deck = stacked(hands, FILLER)
    for negative, score in ((True, -1), (False, 0)):
        variant = over(
            "ninety-nine-bradwilson",
            toml + f"[match.points]\nnegative = {str(negative).lower()}\n",
        )
        game = ono99.Game(variant, 2, seed=1, deck=deck)
        drive(game, "jack", "queen", "king")  # 30: nothing crossed
        drive(game, "6")  # 36: seat 1 passes over 33
        assert game.scores == (0, score)


# ------------------------------------------------------------- chance


@attrs.frozen
class _TakeAtRandom(BaseEffect):
    """Take a card at random from the next player ("draw one from your neighbour")."""

    type = "take_at_random"
    acts = True
    changes_hands = True

    def apply(self, table: Table, card: CardInfo) -> None:
        other = table.next_seat(table.player)
        held = table.hand(other)
        if held:
            table.give_card(other, table.player, table.rng.choice(sorted(held)))

    def describe(self) -> str:
        return "takes a card at random from the next player"


def test_a_rule_that_draws_on_chance_uses_the_games_generator() -> None:
    """``Table.rng``: a rule's random choice flows from the game's seed, so a seed
    reproduces the game, and a move undone (an illegal one) takes nothing from it."""
    base = ono99.load_variant("ninety-nine")
    thief = attrs.evolve(base.card("5"), effects=(ono99.rules.Add(5), _TakeAtRandom()))
    variant = attrs.evolve(base, cards=tuple(thief if c.id == "5" else c for c in base.cards))

    def played(seed: int) -> tuple[ev.Event, ...]:
        game = ono99.Game(variant, 3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + s) for s in range(3)])
        return game.events

    assert played(4) == played(4)
    assert any(isinstance(e, ev.CardGiven) for e in played(4))
    assert played(4) != played(5)
    random.seed(0)  # the global generator plays no part
    first = played(4)
    random.seed(1)
    assert played(4) == first
