"""Scenario tests for ``ninety-nine-king-of-spades``.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

from stacking import drive, stacked

import ono99
from ono99 import Play, events


def test_only_the_king_of_spades_goes_to_99() -> None:
    """convocards.com: "J, Q and K are worth 10 points"; "King of Spades takes the
    point total to 99. If the point total is already at 99, the card acts like a
    pass"."""
    variant = ono99.load_variant("ninety-nine-king-of-spades")
    kings = [card for card in variant.cards if card.rank == "king"]
    assert [(k.id, k.suit, k.count) for k in kings] == [
        ("king_of_clubs", "clubs", 1),
        ("king_of_diamonds", "diamonds", 1),
        ("king_of_hearts", "hearts", 1),
        ("king_of_spades", "spades", 1),
    ]
    assert (variant.players.min, variant.players.max) == (3, 13)
    # Nine face cards climb to 90 (the plain kings count 10), then an 8 and an Ace
    # for 1 make 99, and the King of spades keeps it there.
    deck = stacked(
        [
            ["jack", "jack", "jack"],
            ["queen", "queen", "queen"],
            ["king_of_clubs", "king_of_diamonds", "king_of_hearts"],
        ],
        ["8", "ace", "king_of_spades", "2", "3", "5", "6", "7", "2", "3", "5"],
    )
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    plain = ["king_of_clubs", "king_of_diamonds", "king_of_hearts"]
    happened = drive(game, *[move for k in plain for move in ("jack", "queen", k)])
    assert [e.total for e in happened if isinstance(e, events.Played)] == list(range(10, 91, 10))
    drive(game, "8", Play("ace", amount=1))
    assert game.total == 99 and game.current_player == 2
    assert game.legal_moves() == (Play("king_of_spades"),)
    happened = list(game.play(Play("king_of_spades")))
    assert happened[0] == events.Played(2, "king_of_spades", 99)
    # From a low total it goes straight to 99.
    low = ono99.Game(variant, players=3, seed=1, deck=["king_of_spades"])
    assert low.play(Play("king_of_spades"))[0] == events.Played(0, "king_of_spades", 99)
