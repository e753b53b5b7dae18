"""The reaction a card aims at a player (``aim``), as a rule object on a stand-in table.

Rule: "Whoever throws a king may appoint someone to drink a drink. If this player also
throws up a king, the drink is returned" (drinkspellen.info, "99"). Play with it, out
of turn, is tested on the engine in ``tests/variants/test_ninety_nine_drinks.py``.
"""

from __future__ import annotations

from ruletable import CARD, FakeTable

from ono99.rules import (
    AimAt,
    CardIs,
    ChangePoints,
    ChangeTokens,
    LoseRound,
    Reaction,
    TableCount,
)

KING = (CardIs(rank=("king",)),)
DRINK = (ChangePoints("player", 1),)


def test_the_king_opens_a_reaction_for_the_player_named() -> None:
    """ "Whoever throws a king may appoint someone": the move names any other player still
    in the round, and that player may answer; everything the reaction carries is the
    card's, aimed by the player who played it."""
    aim = AimAt("a drink", DRINK, KING, answered="block", max_answers=3)
    table = FakeTable(players_in_round=4, target=2)
    assert aim.targets(table) == [1, 2, 3]
    aim.apply(table, CARD)
    assert table.reaction == Reaction(
        seat=2,
        by=0,
        card=CARD.id,
        what="a drink",
        outcomes=DRINK,
        answer=KING,
        answered="block",
        answers=0,
        max_answers=3,
    )


def test_a_king_played_with_nobody_named_aims_at_nobody() -> None:
    """A card the rules play for a player with no safe play names nobody: no reaction."""
    table = FakeTable(target=None)
    AimAt("a drink", DRINK, KING).apply(table, CARD)
    assert table.reaction is None


def test_every_mistake_of_an_aim_is_reported_at_its_key_path() -> None:
    """Validation reports every mistake, each at its key path: an outcome's own (a change
    of 0 points), an answer that does not read the card (with that condition's own
    problem), no words for what is aimed, and more answers than a chain may hold."""
    aim = AimAt(
        " ",
        (ChangePoints("player", 0), ChangeTokens("others", 2)),
        (CardIs(rank=("king",)), TableCount("reshuffles")),
        max_answers=21,
    )
    assert aim.problems() == [
        ("outcomes[0].by", "expected a number other than 0"),
        (
            "answer[1]",
            "a table_count condition does not say what a card is: an answer is told by "
            "the card (card)",
        ),
        ("answer[1].at_least", "expected at_least, at_most or both"),
        ("what", "expected what is aimed, in words"),
        ("max_answers", "expected at most 20, got 21"),
    ]


def test_an_aim_needs_something_taken_and_something_to_answer_with() -> None:
    """No outcome and no answer are two mistakes, both reported; no answers at all is a
    third bound."""
    assert AimAt("a drink", (), ()).problems() == [
        ("outcomes", "expected at least one outcome (what is taken)"),
        ("answer", "expected at least one condition (what may answer)"),
    ]
    assert AimAt("a drink", (LoseRound(),), KING, max_answers=0).problems() == [
        ("max_answers", "expected 1 or more, got 0")
    ]
    assert AimAt("a drink", (LoseRound(),), KING, max_answers=20).problems() == []


def test_the_rulebook_words_of_an_aim() -> None:
    """The rulebook says what is aimed, what is taken (every outcome), what answers (every
    condition), and what an answer does: sends it back, at most once, twice or N times
    in all, or ends it."""
    aim = AimAt(
        "a penalty",
        (ChangePoints("player", 2), ChangeTokens("others", -1)),
        (CardIs(rank=("king",)), CardIs(suit=("hearts",))),
        answered="block",
        max_answers=1,
    )
    assert aim.describe() == (
        "names another player to take a penalty (the player gains 2 points, every other "
        "player in the round loses 1 token), unless they answer at once with a card (only "
        "if the card is a king; only if the card is a card of hearts), which ends it"
    )
    back = "names another player to take a drink (the player loses the round), unless they "
    back += "answer at once with a card (only if the card is a king), which sends it back "
    assert AimAt("a drink", (LoseRound(),), KING, max_answers=1).describe() == (
        back + "(at most once in all)"
    )
    assert AimAt("a drink", (LoseRound(),), KING, max_answers=2).describe() == (
        back + "(at most twice in all)"
    )
    assert AimAt("a drink", (LoseRound(),), KING, max_answers=3).describe() == (
        back + "(at most 3 times in all)"
    )


def test_a_chain_holds_at_most_max_answers() -> None:
    """ "If this player also throws up a king, the drink is returned", at most
    ``max_answers`` times: then the player it is aimed at can only take it."""
    open_ = Reaction(seat=2, by=0, card="king", what="a drink", outcomes=DRINK, answer=KING)
    assert str(open_) == "player 0 aims a drink at player 2 with king"
    assert Reaction(2, 0, "king", "a drink", DRINK, KING, answers=3, max_answers=4).can_answer
    assert not Reaction(2, 0, "king", "a drink", DRINK, KING, answers=4).can_answer
