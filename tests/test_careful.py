"""The careful policy the search player's own moves follow (``careful_move``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import ono99
from ono99.players._policies import Traits, careful_move, cautious_move
from ono99.testing import games


def _position(hand: list[str], total: int, **settings: object) -> ono99.Game:
    """A 2022 heads-up game at ``total`` with ``hand`` to play."""
    variant = ono99.load_variant("ono99-2022")
    other = ["1", "2", "3", "4"]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in hand + other:
        pile.remove(card)
    return ono99.Game.from_position(variant, [hand, other], pile, total=total, **settings)  # type: ignore[arg-type]


def _choices(game: ono99.Game) -> tuple[ono99.Move, ono99.Move]:
    """The careful and the cautious choice of the player to move."""
    seen = game.observation(game.current_player)
    traits = Traits(game.variant)
    careful = careful_move(traits, seen.legal_moves, seen.total, seen.answering)
    return careful, cautious_move(traits, seen.legal_moves, seen.total)


def test_a_number_card_is_played_as_the_cautious_player_does() -> None:
    """With a number card that does not bust, the highest one, keeping the helpers."""
    game = _position(["9", "4", "minus_ten", "play_2"], total=50)
    assert _choices(game) == (ono99.Play("9"), ono99.Play("9"))


def test_with_helpers_only_the_total_decides_which_to_spend() -> None:
    """Below 10 under the bust limit (99: "the total hit or exceed 99", M22) the helper
    that lowers the total goes first and the Play 2 is kept; from there on the Play 2
    goes first, costing the next player two safe plays ("The next player must play 2
    cards", M22). The cautious player spends the Reverse at both."""
    hand = ["reverse", "play_2", "minus_ten", "ono99"]
    assert _choices(_position(hand, total=50)) == (ono99.Play("minus_ten"), ono99.Play("reverse"))
    assert _choices(_position(hand, total=88)) == (ono99.Play("minus_ten"), ono99.Play("reverse"))
    assert _choices(_position(hand, total=89)) == (ono99.Play("play_2"), ono99.Play("reverse"))


def test_forced_plays_near_the_limit_are_passed_on_at_once() -> None:
    """Owing two plays from 6 under the limit, the Reverse "sends it back the other way"
    (M22) before any number card, and before the Play 2, which is kept to attack."""
    hand = ["3", "play_2", "reverse", "minus_ten"]
    game = _position(hand, total=93, plays_owed=2, forced_by="play_2")
    assert game.observation(0).answering
    assert _choices(game) == (ono99.Play("reverse"), ono99.Play("3"))
    # At 92 it does not pass them on, but lowers the total first (see the next test).
    game = _position(hand, total=92, plays_owed=2, forced_by="play_2")
    assert _choices(game)[0] == ono99.Play("minus_ten")


def test_owing_two_plays_it_lowers_the_total_before_a_number_card() -> None:
    """From 9 under the limit, owing two plays and holding a number card, the -10 goes
    first so that the second play has room; below that, the number card as usual."""
    hand = ["3", "5", "minus_ten", "ono99"]
    game = _position(hand, total=90, plays_owed=2, forced_by="play_2")
    assert _choices(game) == (ono99.Play("minus_ten"), ono99.Play("5"))
    game = _position(hand, total=89, plays_owed=2, forced_by="play_2")
    assert _choices(game) == (ono99.Play("5"), ono99.Play("5"))


def test_a_redraw_is_taken() -> None:
    """ "If you have 4 ONO 99 cards in your hand, you may discard all 4" (M22)."""
    game = _position(["ono99"] * 4, total=40)
    assert _choices(game)[0] == ono99.Redraw()


@given(game=games(max_moves=60), seed=st.integers(0, 2**32 - 1))
def test_the_careful_choice_is_always_a_legal_move(game: ono99.Game, seed: int) -> None:
    """Invariant: in any game of a shipped or generated variant (cards of every kind,
    choices of amounts and players, redraws, forced plays), the careful choice is one
    of the legal moves, whatever the total and whether plays are owed."""
    traits = Traits(game.variant)
    pick = random.Random(seed)
    while not game.is_over:
        seen = game.observation(game.current_player)
        move = careful_move(traits, seen.legal_moves, seen.total, seen.answering)
        assert move in seen.legal_moves
        game.play(pick.choice(seen.legal_moves))
