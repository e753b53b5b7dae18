"""A stand-in for the engine's table and a card, for testing rule objects one at a time.

The engine hands rule objects a :class:`ono99.rules.Table`; these plain classes have the
same fields, so a test can set up any moment of a turn and read what a rule changed.
"""

from __future__ import annotations

import random
from typing import NoReturn

import attrs

from ono99.rules import CardInfo, Declaration, Reaction, Stacking, StackOn


@attrs.define
class FakeTable:
    """A table as the engine shows it to rule objects (the :class:`ono99.rules.Table`
    protocol): the turn's state as fields, seats numbered round the table, and no
    hands, tokens or scores, which the rule objects tested with it never touch."""

    total: int = 0
    total_before: int = 0
    direction: int = 1
    forced: int = 1
    forced_by: str = ""
    answering: bool = False
    players_in_round: int = 3
    stacking: Stacking = "none"
    stack_on: StackOn = "any_play"
    next_owed: int = 0
    next_forced_by: str = ""
    ends_turn: bool = False
    skip: int = 0
    target: int | None = None
    next_player: int | None = None
    said: int | None = None
    reshuffles: int = 0
    bust: int = 99
    played: list[str] = attrs.Factory(list)
    # The cards of the count, the latest last; ``playing``: one is being played now.
    count_cards: tuple[CardInfo, ...] = ()
    playing: bool = True
    rng: random.Random = attrs.field(factory=lambda: random.Random(0), eq=False)
    # The show: the dealer, the starter, and the hand shown (showing: its seat, or -1),
    # or the declared zone shown for that seat (shown_zone: the crib).
    dealer: int = 0
    starter: CardInfo | None = None
    showing: int = -1
    shown: tuple[CardInfo, ...] = ()
    shown_zone: str = ""
    # What the card before was declared to be, and what the play being made declares.
    declared: Declaration | None = None
    declaring: Declaration | None = None
    # The reaction open, which an effect's open_reaction() sets.
    reaction: Reaction | None = None

    @property
    def player(self) -> int:
        return 0

    @property
    def previous_card(self) -> CardInfo | None:
        back = 2 if self.playing else 1
        return self.count_cards[-back] if len(self.count_cards) >= back else None

    def seats_in_round(self) -> list[int]:
        return list(range(self.players_in_round))

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players_in_round

    def times_played_this_turn(self, card_id: str) -> int:
        return self.played.count(card_id)

    def hand(self, seat: int) -> tuple[str, ...]:
        _no_hands()

    def draw_cards(self, seat: int, cards: int) -> int:
        _no_hands()

    def discard_card(self, seat: int, card_id: str) -> None:
        _no_hands()

    def give_card(self, seat: int, to: int, card_id: str) -> None:
        _no_hands()

    def swap_hands(self, seat: int, other: int) -> None:
        _no_hands()

    def tokens(self, seat: int) -> int:
        _no_hands()

    def score(self, seat: int) -> int:
        _no_hands()

    def change_tokens(self, seat: int, by: int) -> None:
        _no_hands()

    def change_score(self, seat: int, by: int) -> None:
        _no_hands()

    def tell(self, rule: str, text: str, seats: tuple[int, ...] = ()) -> None:
        pass

    def open_reaction(self, reaction: Reaction) -> None:
        self.reaction = reaction


def _no_hands() -> NoReturn:
    raise AssertionError("a rule object tested on FakeTable reached for hands or scores")


@attrs.frozen
class FakeCard:
    id: str = "p2"
    name: str = "Play 2"
    rank: str = ""
    suit: str = ""
    colour: str = ""
    tags: tuple[str, ...] = ()
    value: int | None = None


def ranks(*names: str) -> tuple[FakeCard, ...]:
    """Cards of these ranks (``"7"``, ``"king"``), of no suit."""
    return tuple(FakeCard(name, name.title(), rank=name) for name in names)


CARD = FakeCard()
