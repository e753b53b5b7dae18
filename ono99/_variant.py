"""The variant model: a whole rule set as frozen attrs objects.

A :class:`Variant` is what a TOML file in ``variants/`` structures into. Every
rule that differs between editions is a field here, never a branch in the
engine.
"""

from __future__ import annotations

import os
from typing import Literal, TypeAlias

from attrs import field, frozen

from ._args import is_int, shown
from ._errors import VariantError
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
    "Deck",
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
    "Tokens",
    "Total",
    "Variant",
    "VariantLike",
    "card_name",
]

NONE = "none"
"""How a TOML file spells ``None`` for an integer setting that may be unset
(TOML has no null): ``floor = "none"``."""

NONE_MEANS = "none means"
"""The metadata key of an ``int | None`` field that says what ``None`` means
there, for messages: ``expected an integer, or "none" for no floor``."""

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


@frozen
class Teams:
    """Which player counts play in partnerships, and how many partners a team has.

    Partners sit alternately (opposite each other at four), so that seat ``s``
    of ``n`` players is in team ``s % (n // size)``: with four players the
    teams are seats 0 and 2, and 1 and 3. Partners share their points or
    tokens ("Scores made by partners are combined", Bicycle Cards, Four-Hand
    Cribbage), and win together::

        [players]
        min = 2
        max = 4
        teams = { at = [4], size = 2 }

    Attributes:
        at: The player counts played in teams (none by default: every player
            plays alone).
        size: How many players a team has.
    """

    at: tuple[int, ...] = ()
    size: int = 2

    def for_players(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The teams of a ``players``-player game, each its seats; empty when played alone.

        >>> from ono99 import Teams
        >>> Teams(at=(4, 6)).for_players(4), Teams(at=(4, 6)).for_players(6)
        (((0, 2), (1, 3)), ((0, 3), (1, 4), (2, 5)))
        >>> Teams(at=(4,)).for_players(3)
        ()
        """
        if players not in self.at or self.size < 1 or players % self.size:
            return ()
        count = players // self.size
        return tuple(tuple(range(team, players, count)) for team in range(count))


@frozen
class PlayerCount:
    """How many players the game allows, and at which counts they play in teams.

    Attributes:
        min: The fewest players.
        max: The most players.
        teams: The player counts played in partnerships (see :class:`Teams`).

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").players
    PlayerCount(min=2, max=8, teams=Teams(at=(), size=2))
    """

    min: int = 2
    max: int = 6
    teams: Teams = Teams()


@frozen
class PlayerStep:
    """A setting's value when more than a number of players play.

    Used where a rule depends on the player count, such as "if more than 4
    people are playing use 2 decks and give each player just 3 pennies"
    (pagat.com, "99")::

        [deck]
        copies = 1
        copies_by_players = [{ more_than = 4, value = 2 }]

    Attributes:
        more_than: The step applies with more players than this.
        value: The setting's value then.

    >>> import ono99
    >>> ono99.load_variant("ninety-nine").deck.copies_by_players[0]
    PlayerStep(more_than=8, value=2)
    """

    more_than: int
    value: int


def by_players(base: int, steps: tuple[PlayerStep, ...], players: int) -> int:
    """The value of a setting for ``players`` players.

    The step with the highest ``more_than`` below ``players`` gives it; with
    no such step the setting keeps its ``base`` value.

    >>> by_players(1, (PlayerStep(4, 2), PlayerStep(8, 3)), 6)
    2
    >>> by_players(1, (PlayerStep(4, 2),), 4)
    1
    """
    best: PlayerStep | None = None
    for step in steps:
        if players > step.more_than and (best is None or step.more_than > best.more_than):
            best = step
    return base if best is None else best.value


@frozen
class Deck:
    """How the deck is built from the cards.

    Attributes:
        copies: How many copies of the whole deck are shuffled together.
        copies_by_players: Other numbers of copies for more players, such as
            two decks when more than four play.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").deck
    Deck(copies=1, copies_by_players=())
    """

    copies: int = 1
    copies_by_players: tuple[PlayerStep, ...] = ()

    def copies_for(self, players: int) -> int:
        """How many copies a game of ``players`` players uses."""
        return by_players(self.copies, self.copies_by_players, players)


@frozen
class Deal:
    """Dealing and who leads.

    Attributes:
        hand_size: Cards dealt to each player, and the hand size kept by
            drawing after each play.
        first_dealer: ``"last_seat"`` (the last seat deals the first round, so
            seat 0 leads it) or ``"random"`` (drawn with the game's seed).
        leader: Who leads each round: ``"left_of_dealer"``, or ``"last_loser"``
            (the loser of the previous round leads the next).
        refill: Whether a player draws back up to ``hand_size`` after each
            play. With ``false`` hands run out: "four cards each for the play"
            (Cribbage); a round in which nobody holds a card and none can be
            drawn ends there, as a drawn round.
        starter: Whether a card is turned up from the stock once the hands are
            dealt ("the top card of the deck is turned up. This card is used by
            both players for scoring their hands", Noddy): every player sees
            it, it is nobody's, and it is out of play until the round ends.
        show: When each hand is scored, with the starter, by the triggers that
            score at the show (``hand_fifteens``, ``hand_pairs``...):
            ``"none"``; ``"at_deal"``, once the hands are dealt, before the
            first play (Noddy: "the players total up the points in their hands
            ... The non-dealing player counts first"); or ``"at_round_end"``,
            once the play is over, before the round is scored (Cribbage's
            show). Each hand is the cards its player was dealt, shown in turn
            from the player after the dealer round to the dealer.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").deal
    Deal(hand_size=4, first_dealer='last_seat', leader='left_of_dealer', refill=True, ...)
    """

    hand_size: int = 4
    first_dealer: Literal["last_seat", "random"] = "last_seat"
    leader: Literal["left_of_dealer", "last_loser"] = "left_of_dealer"
    refill: bool = True
    starter: bool = False
    show: Literal["none", "at_deal", "at_round_end"] = "none"


@frozen
class Total:
    """The running total: where it starts, what busts, and its floor.

    Attributes:
        start: The total at the start of each round.
        bust: A total of this or more loses: with 99, 98 is safe and 99 busts.
        floor: The total never goes below this (it is raised to it), or
            ``None`` for no floor (negative totals allowed).
        below_floor: What a play that would take the total below the floor
            is: ``"raised"`` (played, the total raised to the floor) or
            ``"illegal"`` (not a legal move: "a card may not take the total
            below 0").
        restart: ``"never"``, or ``"when_all_pass"``: once every player in
            the round has passed in a row (``no_safe_play.action = "pass"``),
            the count starts again at ``start``, led by the player after the
            last to play ("the count then starts again at 0", Cribbage). With
            ``"never"`` such a round ends there: nobody can play.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").total
    Total(start=0, bust=99, floor=None, below_floor='raised', restart='never')
    """

    start: int = 0
    bust: int = 99
    floor: int | None = field(default=None, metadata={NONE_MEANS: "no floor"})
    below_floor: Literal["raised", "illegal"] = "raised"
    restart: Literal["never", "when_all_pass"] = "never"


@frozen
class ForcedPlay:
    """How forced plays (Double Play, Play 2) combine.

    Attributes:
        stacking: ``"none"`` (the next player owes exactly what the card
            says), ``"multiply"`` or ``"add"`` (a forced player who plays one
            passes on the product or sum of what they owed and what the card
            says).
        stack_on: Which forcing cards of a forced player stack, when
            ``stacking`` is not ``"none"``. ``"answer"``: only one played as
            the answer (the first play of the forced turn, back to back with
            the card that forced it); it passes the combined plays on and ends
            the turn, and a ``not_as_answer`` condition gives way to it. One
            played later in the turn passes on only what it says.
            ``"any_play"``: any forcing card a forced player plays stacks,
            on the first play or a later one.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").forced_play
    ForcedPlay(stacking='none', stack_on='any_play')
    """

    stacking: Literal["none", "multiply", "add"] = "none"
    stack_on: Literal["any_play", "answer"] = "any_play"


@frozen
class NoSafePlay:
    """What happens to a player who has no safe play.

    Attributes:
        action: ``"play_lowest"``: the player must play the card that gives
            the lowest total, busting, and draws; a player who can play no
            card at all (a hand of O'NO 99 cards) loses without playing.
            ``"lay_down"``: the player plays nothing, lays the hand down and
            loses. ``"pass"``: the player plays nothing this turn, keeps the
            hand and stays in ("Go", in Cribbage); see ``total.restart``.
        laid_down: Where a laid-down hand goes: ``"out_of_play"`` (the cards
            leave play until the next round, as the 2022 edition says) or
            ``"discard_pile"`` (they are shuffled in with the played cards
            when the draw pile runs out, so the deck keeps its make-up).
        undo_bust: When play goes on after a player busts with
            ``"play_lowest"`` (``round.end = "last_standing"``), whether the
            busting card's total is undone: the players still in go on from
            the total the loser could not play on. With ``false`` the busting
            total stands, and the next player must bring it back under the
            limit (with a Minus Ten) or bust too.
        count_ends: With ``"pass"``, when the passes end the count:
            ``"all_passed"``, once every player in the round has passed in a
            row; ``"two_passed"``, once two have, though a third could still
            play ("If the first player after the Go cannot play, the second
            player does not play", Bicycle, Three-Hand Cribbage). At two
            players the two are the same.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").no_safe_play
    NoSafePlay(action='play_lowest', laid_down='out_of_play', undo_bust=True, ...
    """

    action: Literal["play_lowest", "lay_down", "pass"] = "lay_down"
    laid_down: Literal["out_of_play", "discard_pile"] = "out_of_play"
    undo_bust: bool = True
    count_ends: Literal["all_passed", "two_passed"] = "all_passed"


@frozen
class Reshuffle:
    """Forming a new draw pile when it runs out.

    Attributes:
        keep_top_card: Whether the last card played stays on the discard
            pile instead of being shuffled in.
        enabled: Whether the discard pile is shuffled into a new draw pile
            when it runs out. With ``false`` the stock runs out: nobody draws
            any more this round.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").reshuffle
    Reshuffle(keep_top_card=False, enabled=True)
    """

    keep_top_card: bool = False
    enabled: bool = True


@frozen
class RedrawRule:
    """Trading in a hand of unplayable cards.

    Attributes:
        card: The id of the card to trade in.
        count: How many of them must be discarded together; the player then
            draws as many. This is the turn's play (or one of its plays).
        when: ``"any_play"``: on any play of a turn, the second play owed
            to a Play 2 included. ``"first_play"``: only as the first play of
            a turn.

    >>> import ono99
    >>> ono99.load_variant("ono99-2022").redraw
    RedrawRule(card='ono99', count=4, when='any_play')
    """

    card: str
    count: int = 4
    when: Literal["any_play", "first_play"] = "any_play"


@frozen
class RoundRules:
    """When a round ends.

    Attributes:
        end: ``"first_loss"``: the first player to lose ends the round.
            ``"last_standing"``: losers drop out and play goes on until one
            player is left.
        max_plays: The most cards a round may see played (redraws count as
            plays). A round that reaches it ends at once with no winner and
            no loser (a drawn round: nobody gains or loses anything for it).
            The default, 10,000, is far beyond any round of the shipped
            rule sets; it is there so that every valid variant ends.
        max_rounds: The most rounds a game may have. When the last of them
            ends without a winner, the player with the most tokens (token
            games), the lowest score (points games, the highest when
            ``match.points.at_target = "win"``) wins, the first such seat
            on a tie; with no scoring, the first player still in.
        max_game_plays: The most cards a whole game may see played (redraws
            count as plays). A game that reaches it ends at once as after
            its last round (``max_rounds``): the round in progress ends with
            no winner and the best placed player wins. The default, 100,000,
            is some 70 times the longest game of the shipped rule sets; it
            bounds what ``max_plays`` times ``max_rounds`` (ten million plays,
            minutes of play) would allow a game whose rounds never end by
            themselves, to about a second.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").round
    RoundRules(end='first_loss', max_plays=10000, max_rounds=1000, max_game_plays=100000)
    """

    end: Literal["first_loss", "last_standing"] = "last_standing"
    max_plays: int = 10_000
    max_rounds: int = 1_000
    max_game_plays: int = 100_000


@frozen
class Tokens:
    """Token scoring: each lost round costs a token.

    Attributes:
        count: Tokens each player starts with.
        play_on_at_zero: Whether a player with no tokens left stays in until
            losing once more (the 1980 rule: out on the fourth loss). Without
            it a player left with none, however (a trigger may take tokens
            from players who did not lose), is out when the round ends;
            if that would leave nobody, one stays, with no tokens, and as the
            last player left wins: the round's winner, else the first of
            those who did not lose the round with the most tokens.
        count_by_players: Other starting counts for more players.
        lost: Tokens a player gives up for losing a round (0 when only
            triggers take tokens).
        out_at_zero: Without ``play_on_at_zero``, when a player whom a rule
            leaves with no tokens in the middle of a round goes out:
            ``"round_end"``, when the round ends; ``"at_once"``, at once,
            losing the round then and there (as by busting), and out of the
            game when it ends.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").match.tokens
    Tokens(count=3, play_on_at_zero=True, count_by_players=(), lost=1, out_at_zero='round_end')
    """

    count: int = 3
    play_on_at_zero: bool = True
    count_by_players: tuple[PlayerStep, ...] = ()
    lost: int = 1
    out_at_zero: Literal["round_end", "at_once"] = "round_end"

    def count_for(self, players: int) -> int:
        """Tokens each player starts with in a game of ``players`` players."""
        return by_players(self.count, self.count_by_players, players)


@frozen
class Points:
    """Points scoring: the lowest score wins, or the first to a target.

    Attributes:
        target: The score that knocks a player out (or ends the game).
        at_target: ``"out"``: a player at or over the target is out and play
            goes on to the last player; ``"end"``: the game ends when anyone
            reaches it, the lowest score wins, tied players play on;
            ``"win"``: points are good, the first to reach the target wins
            (the highest score when several reach it at once; tied players
            play on).
        bust: Added to the score of each player who lost the round.
        stuck_is_bust: Whether a player who lost without playing (a hand of
            O'NO 99 cards) also takes the ``bust`` points.
        missing_card: Added for each card a hand is short of its size.
        survivor: Added to the score of the round's winner or last player
            standing ("the last player left scores 1 point", Gronemann).
        negative: Whether a score may go below 0 (an outcome that takes
            points takes them all); by default it stops at 0.
        reached: With ``at_target = "win"``, when reaching the target wins:
            ``"round_end"``, when the round is scored; ``"at_once"``, the
            moment a score reaches it, in the middle of a round ("As soon as
            someone reaches or passes 121 points, that player wins", pagat.com,
            Six Card Cribbage): the round stops there.

    >>> import ono99
    >>> variant = ono99.load_variant("ono99-1980")
    >>> variant.match.points
    Points(target=500, at_target='out', bust=25, stuck_is_bust=True, ...
    """

    target: int = 500
    at_target: Literal["out", "end", "win"] = "out"
    bust: int = 25
    stuck_is_bust: bool = True
    missing_card: int = 15
    survivor: int = 0
    negative: bool = False
    reached: Literal["round_end", "at_once"] = "round_end"


@frozen
class Match:
    """How rounds make a whole game.

    Attributes:
        scoring: ``"none"``: one round, its last player standing wins.
            ``"tokens"`` and ``"points"``: rounds until one player is left.
        tokens: Settings for token scoring.
        points: Settings for points scoring.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").match.scoring
    'tokens'
    """

    scoring: Literal["none", "tokens", "points"] = "none"
    tokens: Tokens = Tokens()
    points: Points = Points()


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
