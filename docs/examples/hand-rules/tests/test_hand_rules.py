"""The Seven-O rule objects, in scenarios and under the library's invariant checks.

Run with the package installed (``pip install -e .[test]``): the library finds
the rules through the ``ono99.rules`` entry points, as it would for any user.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from ono99_hand_rules import PassHands, SwapHands, TakeUnseen

import ono99
from ono99 import events as ev
from ono99.testing import check_invariants, variants

VARIANT = Path(__file__).parent.parent / "variants" / "ninety-nine-seven-o.toml"
OLD_MAID = Path(__file__).parent.parent / "variants" / "ninety-nine-old-maid.toml"


def test_the_library_finds_the_rules_through_their_entry_points() -> None:
    assert ono99.rules.rule_types("effect")["swap_hands"] is SwapHands
    assert ono99.rules.rule_types("effect")["pass_hands"] is PassHands
    variant = ono99.load_variant(VARIANT)
    assert variant.card("7").effects[1] == SwapHands()


def test_a_seven_swaps_hands_with_the_player_named() -> None:
    """ "7: the player who plays it must trade hands with another player of their
    choice" (UNO, Seven-O).
    """
    deck = ["7", "2", "9", "3", "4", "5", "ace"]  # seat 0: 7, 9, 4; seat 1: 2, 3, 5
    game = ono99.Game(ono99.load_variant(VARIANT), 2, seed=1, deck=deck)
    assert ono99.Play("7", target=1) in game.legal_moves()
    happened = game.play(ono99.Play("7", target=1))
    assert happened[0] == ev.Played(0, "7", 7, target=1)
    assert ev.HandsSwapped(0, 1) in happened
    # Seat 0 holds seat 1's old hand; seat 1 what seat 0 had left after the 7.
    assert sorted(game.hand(1)) == ["4", "9"]
    assert sorted(game.hand(0)) == ["2", "3", "5"]
    told = [e for e in happened if isinstance(e, ev.RuleActed)]
    assert told == [ev.RuleActed(0, "7", "swap_hands", "swaps hands with player 1", (0, 1))]
    assert ono99.from_data(ono99.to_data(told[0])) == told[0]


def test_a_ten_passes_every_hand_on() -> None:
    """ "0: all players pass their hands to the next player in the direction of play"
    (UNO, Seven-O); here the 10, which still takes 10 off.
    """
    deck = ["10", "2", "3", "4", "5", "6", "7", "8", "9", "king"]
    game = ono99.Game(ono99.load_variant(VARIANT), 3, seed=1, deck=deck)
    before = [game.hand(p) for p in range(3)]
    game.play(ono99.Play("10"))
    assert game.total == -10
    assert sorted(game.hand(1)) == sorted(before[0][1:])  # seat 0's rest went to seat 1
    assert sorted(game.hand(2)) == sorted(before[1])
    assert sorted(game.hand(0))[:3] == sorted(before[2])


def test_the_rulebook_and_dump_know_the_plugin_rules() -> None:
    variant = ono99.load_variant(VARIANT)
    text = ono99.rulebook(variant)
    assert "swaps hands with a player of their choice" in text
    assert ono99.loads_variant(ono99.dump_variant(variant)) == variant


def test_games_of_the_variant_keep_every_invariant() -> None:
    """Every invariant of ono99.testing holds, after every move, in games of the variant."""
    checked = check_invariants(VARIANT, games=30)
    assert checked.games == 30


def test_a_five_takes_a_card_unseen_from_the_next_hand() -> None:
    """ "each player in turn draws a card from the hand of the player to the left"
    (Old Maid): which card, the game's seed decides."""
    variant = ono99.load_variant(OLD_MAID)
    assert variant.card("5").effects[1] == TakeUnseen()
    deck = ["5", "2", "9", "3", "4", "6", "ace", "7"]  # seat 0: 5, 9, 4; seat 1: 2, 3, 6
    taken = set()
    for seed in range(8):
        game = ono99.Game(variant, 2, seed=seed, deck=deck)
        happened = game.play(ono99.Play("5"))
        (given,) = [e for e in happened if isinstance(e, ev.CardGiven)]
        assert (given.player, given.to) == (1, 0) and given.card in {"2", "3", "6"}
        assert len(game.hand(0)) == 3 and len(game.hand(1)) == 2  # 9, 4 and the card taken
        again = ono99.Game(variant, 2, seed=seed, deck=deck)
        assert again.play(ono99.Play("5")) == happened  # the seed reproduces it
        taken.add(given.card)
    assert len(taken) > 1  # and it is not always the same card


def test_old_maid_games_keep_every_invariant() -> None:
    checked = check_invariants(OLD_MAID, games=20)
    assert checked.games == 20


def test_take_unseen_checks_its_count() -> None:
    assert TakeUnseen(0).problems() == [("cards", "expected 1 or more, got 0")]
    assert TakeUnseen(2).describe() == "takes 2 cards, unseen, from the next player's hand"


@settings(max_examples=20, deadline=None)
@given(variants())
def test_generated_variants_keep_every_invariant(variant: ono99.Variant) -> None:
    """Generated variants draw the installed rules too; their games keep every invariant."""
    check_invariants(variant, games=2)
