"""The variant model: a whole rule set as frozen attrs objects.

A :class:`Variant` is what a TOML file in ``variants/`` structures into. Every
rule that differs between editions is a field here, never a branch in the
engine.
"""

from __future__ import annotations

import os
from typing import TypeAlias

from attrs import frozen

from ._args import is_int, shown
from ._errors import VariantError
from ._settings import (
    NONE,
    NONE_MEANS,
    Deal,
    DealScore,
    Deck,
    ExtraCard,
    ForcedPlay,
    Match,
    NoSafePlay,
    PlayerCount,
    PlayerStep,
    Points,
    RedrawRule,
    Reshuffle,
    RoundRules,
    Teams,
    Tokens,
    Total,
    by_players,
)
from ._zones import Zone
from .rules import (
    STANDARD_RANKS,
    STANDARD_SUITS,
    SUIT_COLOURS,
    AnyCondition,
    AnyEffect,
    AnyTrigger,
    ask,
)

__all__ = [
    "NONE",
    "NONE_MEANS",
    "NOT_RULES",
    "STANDARD_RANKS",
    "STANDARD_SUITS",
    "SUIT_COLOURS",
    "Card",
    "Deal",
    "DealScore",
    "Deck",
    "ExtraCard",
    "ForcedPlay",
    "Match",
    "NoSafePlay",
    "PlayerCount",
    "PlayerStep",
    "Points",
    "RankRules",
    "RedrawRule",
    "Reshuffle",
    "RoundRules",
    "StandardDeck",
    "Teams",
    "Tokens",
    "Total",
    "Variant",
    "VariantLike",
    "by_players",
    "card_name",
]

NOT_RULES = ("id", "name", "description", "aliases", "source")
"""The settings of a :class:`Variant` that name or describe it without changing how it plays."""


@frozen
class Card:
    """One kind of card: its name, how many are in the deck, and its rules.

    A card may say what it is on a playing card (its ``rank`` and ``suit``,
    and so its :attr:`colour`) and carry ``tags`` of the variant's own, which
    rule objects read: "a black card adds, a red one subtracts", "a pair is
    two cards of the same rank". A standard deck declares them all in a few
    lines (:class:`~ono99.StandardDeck`).

    Attributes:
        id: The card's id, the key of its table in the variant file
            (``[cards.minus_ten]``). Moves and events name cards by id.
        name: The printed name, used in messages and rulebooks.
        count: How many cards of this kind one deck holds.
        effects: Rule objects applied in order when the card is played.
        conditions: Rule objects that must all allow a play of the card.
        points: What the card costs its holder when a round is scored.
        text: An optional note for the rulebook.
        rank: The card's rank on a playing card (``"king"``, ``"7"``), or
            ``""`` for a card that has none (a Hold).
        suit: The card's suit (``"spades"``), or ``""`` when the kind stands
            for cards of several suits, or of none.
        tags: Words of the variant's own that rule objects may ask of a card
            (``["face"]``).

    >>> from ono99 import Card
    >>> king = Card("king_of_spades", "King of spades", 1, rank="king", suit="spades")
    >>> king.rank, king.suit, king.colour
    ('king', 'spades', 'black')
    """

    id: str
    name: str
    count: int
    effects: tuple[AnyEffect, ...] = ()
    conditions: tuple[AnyCondition, ...] = ()
    points: int = 0
    text: str = ""
    rank: str = ""
    suit: str = ""
    tags: tuple[str, ...] = ()

    @property
    def colour(self) -> str:
        """``"black"`` (clubs, spades), ``"red"`` (diamonds, hearts), or ``""`` for no suit."""
        return SUIT_COLOURS.get(self.suit, "")

    @property
    def value(self) -> int | None:
        """What the card adds to the total, when that is a fixed amount; else ``None``.

        What it counts in a hand at the show (a 7 counts 7, a king 10 in
        Cribbage); a card that changes the total in any other way, or leaves
        an amount to choose, counts nothing there.

        >>> import ono99
        >>> v = ono99.load_variant("cribbage-pegging")
        >>> v.card("king").value, v.card("ace").value
        (10, 1)
        """
        effects = [e for e in self.resolved_effects if e.changes_total]
        if not all(e.adds_to_total and not e.choices for e in effects):
            return None
        total = 0
        for effect in effects:
            total = effect.total_after(total)
        return total

    @property
    def resolved_effects(self) -> tuple[AnyEffect, ...]:
        """The effects as they are on this card, any that asks what the card is decided.

        A ``when`` written for a whole rank that differs by suit becomes the
        branch this card's suit takes (:meth:`ono99.rules.Effect.for_card`);
        every other effect is itself. What the engine plays, and what the
        checks and the players read.
        """
        return tuple(effect for _, effect in self.resolved)

    @property
    def resolved(self) -> tuple[tuple[int, AnyEffect], ...]:
        """:attr:`resolved_effects`, each with the index in ``effects`` it comes from.

        Raises:
            RuleError: If an effect's ``for_card`` fails.
        """
        out: list[tuple[int, AnyEffect]] = []
        for index, effect in enumerate(self.effects):
            made = ask(
                effect,
                f"cards.{self.id}.effects[{index}]",
                "for_card",
                self,
                check=_is_effects,
                expected="a tuple of effects",
            )
            out += [(index, e) for e in made]
        return tuple(out)

    def plays_as_number(self, amount: int | None = None) -> bool:
        """Whether playing the card only adds a non-negative amount to the total.

        Such a card plays like a number card: it has no conditions, no effect
        that acts on the table, and every effect that changes the total adds
        to it (a card that changes nothing, like a Hold, adds 0). A card that
        leaves an amount to choose plays as a number only for a chosen
        ``amount`` that adds a non-negative amount (an Ace for 11, not a Ten
        for -10). The shipped players and :func:`ono99.simulate`'s deciding
        cards both ask this.

        Raises:
            RuleError: If an effect's ``total_after`` fails.

        >>> import ono99
        >>> v = ono99.load_variant("ninety-nine")
        >>> v.card("9").plays_as_number(), v.card("ace").plays_as_number(11)
        (True, True)
        >>> v.card("ace").plays_as_number(), v.card("10").plays_as_number(-10)
        (False, False)
        """
        effects = self.resolved_effects
        if self.conditions or any(e.acts for e in effects):
            return False
        totals = [e for e in effects if e.changes_total]
        if not all(e.adds_to_total for e in totals):
            return False
        choices = [a for e in totals for a in e.choices]
        if choices and amount not in choices:
            return False
        added = 0
        for i, effect in enumerate(self.effects):
            if effect.changes_total:
                where = f"cards.{self.id}.effects[{i}]"
                added = ask(
                    effect,
                    where,
                    "total_after",
                    added,
                    amount,
                    check=is_int,
                    expected="an integer",
                )
        return added >= 0


@frozen
class StandardDeck:
    """A deck of playing cards, ranks by suits, declared in a few lines.

    In a variant file, ``[standard_deck]`` makes a card for each rank (one
    kind holding a card of each suit), or for each rank and suit (a kind of
    its own, ``"king_of_spades"``) where suits matter; ``[ranks.<rank>]``
    gives the rules of every card of a rank; and a ``[cards.<id>]`` table
    changes or adds one kind, key by key::

        [standard_deck]
        by_suit = ["king"]        # the kings are told apart by suit

        [ranks.king]
        effects = [{ type = "add", amount = 10 }]

        [cards.king_of_spades]    # but for the King of spades
        effects = [{ type = "set_total", value = 99 }]

    The cards it makes come first, in the order of ``ranks`` (and of
    ``suits`` within a rank told apart by suit), then the jokers, then the
    kinds that only ``[cards]`` tables make. Several decks are
    ``deck.copies``.

    Attributes:
        ranks: The ranks, low to high (the order a run is read in).
        suits: The suits.
        by_suit: The ranks whose cards are told apart by suit: a kind for each
            suit, with the id ``<rank>_of_<suit>`` and the name "King of
            spades". Every other rank is one kind, with the rank as its id,
            holding a card of each suit.
        all_by_suit: Tell every rank apart by suit (52 kinds in a full deck).
        jokers: How many jokers the deck holds (the kind ``joker``).
        leave_out: Cards of the deck left out, by id (``"2_of_clubs"``).

    The file above, laid over a variant that has a standard deck:

    >>> import ono99
    >>> variant = ono99.loads_variant('''
    ... extends = "ninety-nine"
    ... id = "kings"
    ... [standard_deck]
    ... by_suit = ["king"]
    ... [ranks.king]
    ... effects = [{ type = "add", amount = 10 }]
    ... [cards.king_of_spades]
    ... effects = [{ type = "set_total", value = 99 }]
    ... ''')
    >>> [card.id for card in variant.cards][-4:]
    ['king_of_clubs', 'king_of_diamonds', 'king_of_hearts', 'king_of_spades']
    >>> variant.card("king_of_hearts").effects, variant.card("king_of_spades").effects
    ((Add(amount=10),), (SetTotal(value=99),))
    >>> ono99.StandardDeck(jokers=2).suits
    ('clubs', 'diamonds', 'hearts', 'spades')
    """

    ranks: tuple[str, ...] = STANDARD_RANKS
    suits: tuple[str, ...] = STANDARD_SUITS
    by_suit: tuple[str, ...] = ()
    all_by_suit: bool = False
    jokers: int = 0
    leave_out: tuple[str, ...] = ()


@frozen
class RankRules:
    """The rules of every card of one rank of a :class:`~ono99.StandardDeck` (``[ranks.<rank>]``).

    Each key is the card's key of the same name (:class:`Card`); a
    ``[cards.<id>]`` table sets it again for one kind.

    Attributes:
        name: The rank's printed name (``"Ace"``); by default the rank,
            capitalised.
        effects: The effects of each card of the rank.
        conditions: Their conditions.
        points: What each costs its holder when a round is scored.
        text: A note for the rulebook.
        tags: Words of the variant's own for each card of the rank.

    >>> import ono99
    >>> ono99.RankRules(name="King", effects=(ono99.rules.Add(10),), points=10)
    RankRules(name='King', effects=(Add(amount=10),), conditions=(), points=10, text='', tags=())
    """

    name: str = ""
    effects: tuple[AnyEffect, ...] = ()
    conditions: tuple[AnyCondition, ...] = ()
    points: int = 0
    text: str = ""
    tags: tuple[str, ...] = ()


def _is_effects(value: object) -> bool:
    """Whether ``value`` is a tuple of effects (what ``for_card`` returns)."""
    return isinstance(value, tuple) and all(getattr(e, "kind", None) == "effect" for e in value)


@frozen(cache_hash=True)
class Variant:
    """A complete rule set: an edition, a relative, or an edition with house rules.

    Load one with :func:`ono99.load_variant`; every field has a TOML key of the
    same name.

    Attributes:
        id: The variant's id (``"ono99-2022"``).
        name: Its full name.
        description: One line on what it is.
        aliases: Other ids that find it.
        source: Where its rules come from.
        players: How many may play.
        deck: How the deck is built.
        deal: Dealing and leading.
        total: Start, bust limit and floor of the running total.
        forced_play: How forced plays combine.
        no_safe_play: What a player with no safe play does.
        reshuffle: How the draw pile is renewed.
        redraw: The trade-in of unplayable cards, if the variant has one.
        round: When a round ends.
        match: How rounds make a game.
        triggers: Rules of the variant rather than of a card, fired by what
            happens to the total or the round (:class:`ono99.rules.Trigger`),
            in the order they fire.
        zones: The zones the variant declares beside the stock, the pile, the
            hands, the starter and the cards out of play (:class:`Zone`), in
            the order of the file; each starts a round empty.
        cards: The kinds of card, in deck order.

    >>> import ono99
    >>> variant = ono99.load_variant("ono99-1980")
    >>> variant.id, variant.deck_size, len(variant.cards)
    ('ono99-1980', 54, 14)
    >>> variant.card("hold").count, variant.total.bust
    (4, 99)
    """

    id: str
    name: str
    cards: tuple[Card, ...]
    description: str = ""
    aliases: tuple[str, ...] = ()
    source: str = ""
    players: PlayerCount = PlayerCount()
    deck: Deck = Deck()
    deal: Deal = Deal()
    total: Total = Total()
    forced_play: ForcedPlay = ForcedPlay()
    no_safe_play: NoSafePlay = NoSafePlay()
    reshuffle: Reshuffle = Reshuffle()
    redraw: RedrawRule | None = None
    round: RoundRules = RoundRules()
    match: Match = Match()
    triggers: tuple[AnyTrigger, ...] = ()
    zones: tuple[Zone, ...] = ()

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            VariantError: If the variant has no such card.
        """
        card = _find_card(self, card_id)
        if card is not None:
            return card
        known = ", ".join(repr(c.id) for c in self.cards)
        raise VariantError(f"no card {shown(card_id)} in {self.id}; its cards are {known}")

    @property
    def deck_size(self) -> int:
        """How many cards the whole deck holds (with ``deck.copies`` copies)."""
        return sum(card.count for card in self.cards) * self.deck.copies

    def deck_size_for(self, players: int) -> int:
        """How many cards the deck holds in a game of ``players`` players."""
        return sum(card.count for card in self.cards) * self.deck.copies_for(players)


VariantLike: TypeAlias = Variant | str | os.PathLike[str]
"""A variant, or where to find one: a :class:`Variant`, a shipped id or the path of a TOML file."""


def _find_card(variant: Variant, card_id: str) -> Card | None:
    for card in variant.cards:
        if card.id == card_id:
            return card
    return None


def card_name(variant: Variant, card_id: str) -> str:
    """The name of the card with this id, or the id itself if the variant has no such card.

    For text about cards that may come from elsewhere (a record, an event log).

    >>> import ono99
    >>> v = ono99.load_variant("ono99-1980")
    >>> card_name(v, "hold"), card_name(v, "joker")
    ('Hold', 'joker')
    """
    card = _find_card(variant, card_id)
    return card_id if card is None else card.name
