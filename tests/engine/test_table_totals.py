"""The total a move is told to make is the total it makes, where the table decides it.

Played on the documentation's ``previous-colour`` example, whose rule is "a seven
adds 7 when the card before it is red, and takes 7 away when it is black" (no
published rule set is cited for it): the seven's total depends on the card before
it, which neither the seven nor the total tells. Each scenario deals a stacked
deck and checks one thing that tells a player what a move makes.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from stacking import stacked

import ono99
from ono99.testing import GameChecker, check_invariants

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "previous-colour.toml"
HOUSE = Path(__file__).resolve().parents[2] / "variants" / "house" / "announce-the-total.toml"
# Low cards to draw, so that what a scenario checks is not changed by a draw.
FILL = ["2_of_clubs", "2_of_spades", "3_of_spades", "5_of_spades", "6_of_spades", "2_of_diamonds"]


@pytest.fixture(scope="module")
def variant() -> ono99.Variant:
    return ono99.load_variant(EXAMPLE)


def _game(variant: ono99.Variant, *hands: list[str]) -> ono99.Game:
    dealt = {card for hand in hands for card in hand}
    draws = [card for card in FILL if card not in dealt]
    return ono99.Game(variant, players=len(hands), deck=stacked(hands, draws))


def test_a_seven_on_a_red_card_adds_and_on_a_black_one_takes_away(
    variant: ono99.Variant,
) -> None:
    """ "A seven adds 7 when the card before it is red, and takes 7 away when it is
    black": the observation tells the total the play then makes."""
    game = _game(
        variant,
        ["5_of_hearts", "8_of_spades", "4_of_clubs"],
        ["7_of_clubs", "7_of_diamonds", "4_of_spades"],
    )
    game.play(ono99.Play("5_of_hearts"))
    seen = game.observation(1)
    assert seen.table_totals == (("7_of_clubs", None, 12), ("7_of_diamonds", None, 12))
    assert seen.total_after(ono99.Play("7_of_clubs")) == 12
    game.play(ono99.Play("7_of_clubs"))
    assert game.total == 12
    game.play(ono99.Play("8_of_spades"))  # black
    seen = game.observation(1)
    assert seen.total_after(ono99.Play("7_of_diamonds")) == 13
    game.play(ono99.Play("7_of_diamonds"))
    assert game.total == 13


def test_a_seven_is_legal_on_a_black_king_and_busts_on_a_red_one(
    variant: ono99.Variant,
) -> None:
    """The king sets 99: a seven then takes the total to 92 after a black king, and to
    106 after a red one, which busts: the legal moves and why_illegal say so."""
    game = _game(
        variant,
        ["king_of_spades", "king_of_hearts", "4_of_clubs"],
        ["7_of_clubs", "9_of_clubs", "4_of_spades"],
    )
    game.play(ono99.Play("king_of_spades"))
    assert ono99.Play("7_of_clubs") in game.legal_moves()
    assert game.observation(1).total_after(ono99.Play("7_of_clubs")) == 92
    game.play(ono99.Play("9_of_clubs"))  # holds at 99
    game.play(ono99.Play("king_of_hearts"))
    assert ono99.Play("7_of_clubs") not in game.legal_moves()
    assert game.why_illegal(ono99.Play("7_of_clubs")) == (
        "7 of clubs would take the total to 106; it must stay below 100"
    )
    assert game.observation(1).total_after(ono99.Play("7_of_clubs")) == 106


def test_with_no_safe_play_the_rules_play_the_card_that_busts_least(
    variant: ono99.Variant,
) -> None:
    """After a red king (99) a seven makes 106 and a three 102: the three is played,
    though a seven would take 7 away after a black card (no_safe_play "play_lowest":
    the player must play the card that gives the lowest total)."""
    lowest = attrs.evolve(
        variant, no_safe_play=attrs.evolve(variant.no_safe_play, action="play_lowest")
    )
    game = _game(
        lowest,
        ["king_of_hearts", "5_of_clubs", "5_of_spades"],
        ["7_of_clubs", "3_of_clubs", "7_of_spades"],
    )
    happened = game.play(ono99.Play("king_of_hearts"))
    busted = [e for e in happened if isinstance(e, ono99.events.Played) and e.automatic]
    assert [(e.card, e.total) for e in busted] == [("3_of_clubs", 102)]


def test_an_announced_total_is_the_total_the_table_makes(variant: ono99.Variant) -> None:
    """With "Announce the total", the legal moves say the true total (betaveros:
    "players must state the running total after playing"), read on the table."""
    announcing = ono99.load_variant(EXAMPLE, HOUSE)
    game = _game(
        announcing,
        ["5_of_hearts", "8_of_spades", "4_of_clubs"],
        ["7_of_clubs", "6_of_clubs", "4_of_spades"],
    )
    game.play(next(m for m in game.legal_moves() if m.card == "5_of_hearts"))  # type: ignore[union-attr]
    assert game.total == 5
    says = {m.card: m.say for m in game.legal_moves() if isinstance(m, ono99.Play)}
    assert says["7_of_clubs"] == 12


def test_the_quick_players_rank_a_seven_by_the_total_it_makes(variant: ono99.Variant) -> None:
    """The cautious player keeps the total highest among its helpers: on a red card the
    seven (which adds 7) over the reverse (which keeps the total), as played through
    the engine's loop and as chosen from the observation."""
    game = _game(
        variant,
        ["5_of_hearts", "8_of_spades", "2_of_hearts"],
        ["7_of_clubs", "4_of_clubs", "10_of_clubs"],
    )
    game.play(ono99.Play("5_of_hearts"))
    assert ono99.CautiousPlayer().choose(game.observation(1)) == ono99.Play("7_of_clubs")
    with pytest.raises(ono99.Ono99Error, match="did not end within 1 moves"):
        ono99.play_out(game, [ono99.CautiousPlayer(), ono99.CautiousPlayer()], max_moves=1)
    assert game.moves[-1] == ono99.Play("7_of_clubs")
    assert game.total == 12


def test_other_seats_are_told_no_table_totals(variant: ono99.Variant) -> None:
    """Only the player to move is told the totals the table makes of its cards."""
    game = _game(
        variant,
        ["5_of_hearts", "8_of_spades", "4_of_clubs"],
        ["7_of_clubs", "7_of_diamonds", "4_of_spades"],
    )
    assert game.observation(1).table_totals == ()
    assert game.observation(0).table_totals == ()  # seat 0 holds no seven


def test_shipped_variants_read_no_table() -> None:
    for name in ono99.list_variants():
        variant = ono99.load_variant(name)
        game = ono99.Game(variant, players=variant.players.min, seed=1)
        assert game.observation(game.current_player).table_totals == ()


def test_games_of_the_example_keep_every_invariant(variant: ono99.Variant) -> None:
    """The told total is the played total, and every other invariant, over seeded games."""
    assert check_invariants(variant, games=4, seed=3).games == 4
    checker = GameChecker(ono99.Game(variant, players=3, seed=9))
    while not checker.game.is_over and len(checker.game.moves) < 200:
        seen = checker.game.observation(checker.game.current_player)
        checker.play(ono99.CautiousPlayer().choose(seen))
