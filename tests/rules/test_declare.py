"""Declarations (``declare``, ``follows_declared``) as rule objects on a stand-in table.

Rule: "All 8s are wild ... The person who plays the 8 calls out what suit they want it
to represent and the next player must play a card of that suit" (Hella Entertainment,
"Crazy Eights"). Play with it is tested on the engine in
``tests/variants/test_house_rules.py`` (the ``crazy-eights`` house rule).
"""

from __future__ import annotations

from ruletable import FakeCard, FakeTable

from ono99.rules import Declaration, Declare, DeclaredCard, FollowsDeclared

NINE_OF_HEARTS = FakeCard("9h", "9 of hearts", rank="9", suit="hearts", colour="red")
NINE_OF_CLUBS = FakeCard("9c", "9 of clubs", rank="9", suit="clubs", colour="black")


def test_what_may_be_named_is_every_suit_colour_or_rank_or_the_options() -> None:
    """ "Calls out what suit": by default any suit, colour or rank of a standard deck, in
    its order; ``options`` narrows it."""
    assert Declare("suit").declarations(None) == ["clubs", "diamonds", "hearts", "spades"]
    assert Declare("colour").declarations(None) == ["black", "red"]
    assert Declare("rank").declarations(None)[::4] == ["ace", "5", "9", "king"]
    assert Declare("suit", ("spades", "hearts")).declarations(None) == ["spades", "hearts"]
    assert Declare("rank").declares == "rank"


def test_every_option_that_is_not_of_the_kind_named_is_reported() -> None:
    """Validation names each option that is not a suit (a colour, a rank...), at its index,
    with what was expected, and an option given twice; the options before a mistake are
    reported too, not only the last."""
    assert Declare("suit", ("joker", "red", "hearts", "hearts")).problems() == [
        ("options[0]", "expected a suit (clubs, diamonds, hearts or spades), got 'joker'"),
        ("options[1]", "expected a suit (clubs, diamonds, hearts or spades), got 'red'"),
        ("options", "expected each option once"),
    ]
    assert Declare("colour", ("red", "hearts")).problems() == [
        ("options[1]", "expected a colour (black or red), got 'hearts'")
    ]
    assert Declare("rank", ("queen", "joker")).problems() == [
        (
            "options[1]",
            "expected a rank (ace, 2, 3, 4, 5, 6, 7, 8, 9, 10, jack, queen or king), got 'joker'",
        )
    ]
    assert Declare("colour", ("black", "red")).problems() == []


def test_the_rulebook_words_of_a_declaration() -> None:
    """The rulebook lists what may be named: one, two ("spades or hearts"), or more."""
    assert Declare("colour").describe() == "its player names a colour (black or red)"
    assert Declare("suit", ("spades",)).describe() == "its player names a suit (spades)"
    assert Declare("suit").describe() == (
        "its player names a suit (clubs, diamonds, hearts or spades)"
    )


def test_only_a_card_of_the_suit_named_may_follow() -> None:
    """ "The next player must play a card of that suit": after an eight named hearts, a
    nine of hearts may follow and a nine of clubs may not, saying why; with nothing
    named, any card may."""
    named = Declaration("suit", "hearts", "8c", 1)
    follows = FollowsDeclared()
    table = FakeTable(declared=named)
    assert follows.check(table, NINE_OF_HEARTS) is None
    assert follows.check(table, NINE_OF_CLUBS) == (
        "9 of clubs may not follow 8c: player 1 named hearts, so only a card of suit "
        "hearts may be played"
    )
    assert follows.check(FakeTable(declared=None), NINE_OF_CLUBS) is None
    assert follows.describe() == (
        "only of the suit, colour or rank named with the card before, if one was"
    )


def test_a_declared_card_is_seen_as_what_was_named() -> None:
    """The card before is seen as what its player named: a suit named gives its colour
    too; a rank named leaves its suit; its id, name, tags and value stay its own."""
    eight = FakeCard("8c", "8 of clubs", rank="8", suit="clubs", colour="black", value=8)
    as_hearts = DeclaredCard(eight, Declaration("suit", "hearts", "8c", 1))
    assert (as_hearts.suit, as_hearts.colour, as_hearts.rank) == ("hearts", "red", "8")
    assert (as_hearts.id, as_hearts.name, as_hearts.tags, as_hearts.value) == (
        "8c",
        "8 of clubs",
        (),
        8,
    )
    as_red = DeclaredCard(eight, Declaration("colour", "red", "8c", 1))
    assert (as_red.suit, as_red.colour, as_red.rank) == ("clubs", "red", "8")
    as_king = DeclaredCard(eight, Declaration("rank", "king", "8c", 1))
    assert (as_king.suit, as_king.colour, as_king.rank) == ("clubs", "black", "king")
    assert (
        repr(as_king)
        == "DeclaredCard('8c', Declaration(of='rank', value='king', card='8c', seat=1))"
    )
    assert str(as_king.declaration) == "king (named by player 1 with 8c)"
