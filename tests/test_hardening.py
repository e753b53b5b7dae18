"""Hardening: every bad input gets the library's own error, and no move or file hangs.

Each test names the defect it guards against; the files it loads are the
regression corpus in ``tests/hardening/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ono99

CORPUS = Path(__file__).parent / "hardening"


# ------------------------------------------------ moves of any type, one judgement


class MyPlay(ono99.Play):
    pass


class MyRedraw(ono99.Redraw):
    pass


@pytest.mark.parametrize("variant", ["ono99-1980", "ono99-2022", "ninety-nine"])
def test_a_subclass_of_play_is_played_as_the_play_it_stands_for(variant: str) -> None:
    """A subclass of Play is judged and played as a Play: the card leaves the hand."""
    game, plain = ono99.Game(variant, 3, seed=42), ono99.Game(variant, 3, seed=42)
    move = game.legal_moves()[0]
    assert isinstance(move, ono99.Play)
    mine = MyPlay(move.card, amount=move.amount, target=move.target)
    assert game.why_illegal(mine) is None
    assert game.play(mine) == plain.play(move)
    assert game.moves == plain.moves
    assert type(game.moves[0]) is ono99.Play
    assert game.hand(0) == plain.hand(0)


def test_an_illegal_subclass_move_is_refused_and_changes_nothing() -> None:
    """In a variant without redraw a Play subclass never reaches the redraw code."""
    game = ono99.Game("ono99-2022", 3, seed=42)
    held = game.hand(0)
    card = next(c.id for c in game.variant.cards if c.id not in held)
    before = (game.events, game.moves, game.hand(0))
    for move in (MyPlay(card), MyRedraw()):
        with pytest.raises(ono99.IllegalMoveError):
            game.play(move)
        assert (game.events, game.moves, game.hand(0)) == before


def test_a_subclass_of_redraw_is_played_as_a_redraw() -> None:
    deck = ["ono99", "1"] * 4  # dealt one at a time: seat 0 holds the four ONO 99s
    game = ono99.Game("ono99-2022", 2, seed=1, deck=deck)
    plain = ono99.Game("ono99-2022", 2, seed=1, deck=deck)
    assert ono99.Redraw() in game.legal_moves()
    assert game.play(MyRedraw()) == plain.play(ono99.Redraw())
    assert game.moves == (ono99.Redraw(),)


# ------------------------------------------ no sentinel collides with a reachable total


def _position(variant: ono99.Variant, hands: list[list[str]], total: int) -> ono99.Game:
    pile = [c.id for c in variant.cards for _ in range(c.count * variant.deck.copies_for(2))]
    for hand in hands:
        for card in hand:
            pile.remove(card)
    return ono99.Game.from_position(variant, hands, pile, total=total, seed=1)


@pytest.mark.parametrize("total", [-(2**60) - 1, -(2**61), -(10**30), -(2**60), 0, 50])
def test_a_never_card_stays_unplayable_at_any_total(total: int) -> None:
    """legal_moves and why_illegal agree on a ``never`` card, however low the total."""
    v = ono99.load_variant("ono99-2022")
    game = _position(v, [["ono99", "ono99", "10", "1"], ["1", "2", "3", "4"]], total)
    listed = {m.card for m in game.legal_moves() if isinstance(m, ono99.Play)}
    assert "ono99" not in listed
    assert game.why_illegal(ono99.Play("ono99")) == "ONO 99 can never be played"
    for move in game.legal_moves():
        assert game.why_illegal(move) is None


# --------------------------------------------- every count a file sets has a bound


@pytest.mark.parametrize(
    ("name", "path", "bound"),
    [
        ("skip-trillion-players", "players.max", "at most 100"),
        ("skip-trillion", "cards.9.effects[0].players", "at most 100"),
        ("choice-1000-amounts", "cards.ace.effects[0].amounts", "at most 12 amounts"),
        ("hand-5000", "deal.hand_size", "at most 100"),
        ("tokens-trillion", "match.tokens.count", "at most 100"),
    ],
)
def test_a_count_beyond_what_a_game_can_use_is_refused_with_its_bound(
    name: str, path: str, bound: str
) -> None:
    with pytest.raises(ono99.VariantError) as caught:
        ono99.load_variant(CORPUS / f"{name}.toml")
    assert any(p.startswith(path) and bound in p for p in caught.value.problems), caught.value


def test_skipping_more_players_than_are_in_the_round_goes_round_the_table() -> None:
    """Skipping k players in a round of n is skipping k mod n: 4 in a 3-player round is 1."""
    text = (
        'extends = "ninety-nine-chicago"\nid = "s"\n'
        '[cards.9]\neffects = [{{ type = "skip", players = {} }}]\n'
    )
    one = ono99.loads_variant(text.format(1))
    four = ono99.loads_variant(text.format(4))
    deck = ["9", "2", "3"]  # seat 1 (the dealer's left) leads with the 9
    games = [ono99.Game(v, 3, seed=5, deck=deck) for v in (one, four)]
    for game in games:
        game.play(ono99.Play("9"))
    assert games[0].current_player == games[1].current_player
