"""``ono99 play`` with a crib: the person lays cards away, and the crib is told.

"Each player looks at their six cards and 'lays away' two of them face down to
reduce the hand to four. The four cards laid away together constitute 'the
crib'. The crib belongs to the dealer" (Bicycle Cards, Cribbage, cited as BIC),
and "the non-dealer first, then the dealer, to count and take for his hand and
crib" (Hoyle's Games, "Cribbage", HG). The six-card file is
``tests/variants/files/cribbage.toml``; its last seat deals the first round.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from stacking import stacked

import ono99
from ono99.cli._interactive import _Printer, play_in_terminal

FILE = Path(__file__).parent / "variants" / "files" / "cribbage.toml"
PONE = ["5_of_clubs", "5_of_diamonds", "10_of_hearts", "jack_of_spades", "2_of_clubs"]
PONE.append("9_of_diamonds")
DEALER = ["ace_of_hearts", "2_of_hearts", "3_of_hearts", "4_of_hearts", "king_of_clubs"]
DEALER.append("queen_of_spades")


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant(FILE)


def _play(variant: ono99.Variant, answers: list[str], seed: int = 3) -> tuple[str, list[str]]:
    """The text of a game at the terminal given ``answers`` (then 'quit'), and its prompts."""
    given = iter([*answers, "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(given)

    out = io.StringIO()
    assert play_in_terminal(variant, players=2, seed=seed, read=read, out=out, pause=False) == 0
    return out.getvalue(), prompts


def test_the_person_lays_cards_away_by_number(cribbage: ono99.Variant) -> None:
    """BIC: "'lays away' two of them face down". The prompt lists the hand numbered, with
    whose the crib is; two numbers lay those two cards away, and the play follows."""
    text, _ = _play(cribbage, ["1 2"])
    assert "Round 1: lay 2 cards away. The crib is player 1's." in text
    assert "The crib is player 1's." in text.split("You are dealt")[0]  # told at the deal
    hand = re.search(r"Your hand: 1\) (.*)", text)
    assert hand is not None
    first = hand.group(1).split("  2) ")[0]
    second = hand.group(1).split("  2) ")[1].split("  3) ")[0]
    laid = re.search(r"You lay away (.*) to the crib\n", text)
    assert laid is not None
    assert sorted(laid.group(1).split(", ")) == sorted([first, second])
    assert "Player 1 lays away 2 cards to the crib, face down" in text
    assert "The starter is turned up" in text
    # Face down, but known to the person: the observation's laid_away, at each turn after.
    known = re.search(r"You laid away into the crib: (.*)\.\n", text)
    assert known is not None and sorted(known.group(1).split(", ")) == sorted([first, second])


def test_a_wrong_lay_away_is_said_in_words_and_asked_again(cribbage: ono99.Variant) -> None:
    """A wrong count, a card not held, a number past the hand, a card named twice or no
    card at all: each gets its reason (the game's own for the first two) and the
    question again, and nothing is laid away until a right one; names work too."""
    answers = ["1", "ace of hearts, 9 of spades", "7 1", "1 1", "banana", "help"]
    answers.append("King of spades, 10 of clubs")
    text, prompts = _play(cribbage, answers)
    assert prompts[: len(answers)] == ["Your move: "] * len(answers)
    flat = re.sub(r"\s+", " ", text)
    said = [
        "Not that: you lay 2 cards away into the crib, not 1. Try again.",
        "Not that: you hold no 'ace_of_hearts' to lay away. Try again.",
        "Not that: choose numbers from 1 to 6, not 7. Try again.",
        "Not that: card 1 is named twice. Try again.",
        "Not that: 'banana' is not a card of this game. Try again.",
        "by their numbers in your hand as shown (such as 1 4), or by their names",
    ]
    for line in said:
        assert line in flat
    before_right = flat.split("Not that: 'banana'")[0]
    assert "You lay away" not in before_right  # nothing was laid away meanwhile
    assert "You lay away King of spades, 10 of clubs to the crib" in flat  # the hand's order


def test_the_crib_is_told_at_the_show_with_its_score(cribbage: ono99.Variant) -> None:
    """HG: the dealer counts "his hand and crib" after the non-dealer. Laid away: 5s by
    the non-dealer, King and Queen by the dealer; with the 7 of hearts turned up the
    crib counts four fifteens (5 + King, 5 + Queen, each 5 twice: 8) and the pair of 5s
    (2): 10, told once the show has scored it. The dealer's laid-away cards are never
    named to the non-dealer before then."""
    game = ono99.Game(cribbage, 2, seed=1, deck=stacked([PONE, DEALER], ["7_of_hearts"]))
    out = io.StringIO()
    say = _Printer(game, 0, out)
    say.events(game.events)
    for move in (("5_of_clubs", "5_of_diamonds"), ("king_of_clubs", "queen_of_spades")):
        say.before = game.copy()
        say.events(game.play(ono99.PutAside(move)))
    while game.round == 1:
        say.before = game.copy()
        say.events(game.play(game.legal_moves()[0]))
    text = re.sub(r"\s+", " ", out.getvalue())
    told = (
        "Player 1's crib: 5 of clubs, 5 of diamonds, King of clubs, Queen of spades. "
        "It scores 10 of the points above."
    )
    assert told in text
    before, after = text.split(told)
    assert "King of clubs" not in before and "Queen of spades" not in before
    assert "Player 1 lays away 2 cards to the crib, face down" in before
    assert after.index("Round 1 ends") < after.index("Round 2")
    assert "The crib is yours." in after  # the deal passes, and the crib with it
