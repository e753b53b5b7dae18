"""What one player may know of a game."""

from __future__ import annotations

from attrs import field, frozen

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99._variant import Variant
from ono99._zones import LAID_AWAY
from ono99.rules import Declaration, Reaction

from ._compiled import card_index, compile_variant
from ._moves import Decline, Move, Play, PutAside, Redraw

__all__ = ["Observation", "SeenZone"]


@frozen
class SeenZone:
    """What one seat sees of a zone the variant declares (:class:`ono99.Zone`).

    Attributes:
        name: The zone's name.
        cards: For each of its piles (one, or one for each seat or team), the
            cards in it (card ids, in the order they were put there), or
            ``None`` where the seat may not see them.
        sizes: For each of its piles, how many cards it holds, or ``None``
            where the seat may not know.

    >>> import ono99
    >>> text = ["extends = 'ninety-nine'", "id = 'crib'", "[zones.crib]", "owner = 'dealer'"]
    >>> variant = ono99.loads_variant(chr(10).join(text))
    >>> ono99.Game(variant, 2, seed=1).observation(0).zones
    (SeenZone(name='crib', cards=(None,), sizes=(0,)),)
    """

    name: str
    cards: tuple[tuple[str, ...] | None, ...]
    sizes: tuple[int | None, ...]


@frozen
class Observation:
    """A player's view of the game: their own hand and everything public.

    It never holds another player's cards or the order of the draw pile. The
    history the player saw is :meth:`ono99.Game.player_log`.
    Seats are numbered from 0; per-seat tuples are indexed by seat.

    Attributes:
        player: Whose view this is.
        hand: The player's own cards (card ids).
        total: The running total.
        direction: ``1`` clockwise, ``-1`` after a reverse (with two players
            in the round a Reverse acts as a Hold and leaves it as it is).
        current_player: The seat whose move it is.
        plays_owed: Plays this player still has to make this turn (0 when it
            is not their turn).
        answering: Whether the play now due is the answer to forced plays:
            the first play of a forced turn, the one that may pass them on
            (a Reverse, a Hold, a Play 2) or that some cards may not be.
        played_this_turn: The cards the current player has played so far
            this turn (card ids, in order), public as they were played.
        forced_by: The id of the card that forced the current turn's plays,
            or ``None`` on a turn that is not forced.
        hand_sizes: How many cards each seat holds.
        tokens: Tokens left per seat.
        scores: Points per seat.
        in_game: Per seat, whether still in the game.
        in_round: Per seat, whether still in this round.
        round: The round's number.
        draw_pile_size: Cards left in the draw pile.
        discard_pile: The played cards not yet reshuffled, oldest first.
        out_of_play: Cards laid down this round, face up.
        winner: The winner, once the game is over.
        legal_moves: The player's legal moves when it is their turn.
        variant: The rules being played (public knowledge).
        count: The cards played since the count last started (card ids,
            the latest last): what ``previous_card``, runs and cards of a
            kind read.
        last_play: The count's last play, as ``(card, amount, target)``:
            the card whose effects acted (for a card that repeated the card
            before it, that card), the amount it chose and the player it
            named; ``None`` before the count's first play. What a card that
            repeats the card before it does now.
        last_player: The seat that played the count's last card (``None``
            before any play this round).
        passes: The players who passed in a row since the last play (where
            players pass, all passing ends the count).
        teams: The partnerships, each its seats (empty when every player
            plays alone), as :attr:`ono99.Game.teams`.
        starter: The card turned up at the deal (``deal.starter``), seen by
            all, or ``None``.
        table_totals: For the player to move, the total each play of a card
            it holds makes where that total depends on the table (a ``when``
            decided by the card before, the reshuffles...; see
            ``reads_table``, see :class:`ono99.rules.Effect`), as ``(card, amount,
            total)`` for each amount the card offers; empty otherwise. What
            :meth:`total_after` tells of those moves: the total the play makes.
        reaction: The reaction open, aimed at the player to move
            (:class:`ono99.rules.Reaction`), or ``None``: that player answers
            with a card it allows (``Play(card)``), or declines
            (:class:`~ono99.Decline`).
        declared: What the player of the count's last card named with it (a
            suit, a colour, a rank: :class:`ono99.rules.Declare`), or ``None``:
            what the next card may have to follow.
        zones: What the player sees of each zone the variant declares
            (:class:`SeenZone`), in the variant's order: its cards, its size, or
            neither, as the zone's visibility says; for a variant that lays
            cards away, then the record of the cards each seat laid away this
            round (``laid_away``: the player's own pile its cards, the others'
            their sizes; see :attr:`laid_away`). Empty for a variant that
            declares none.
        dealer: The seat that dealt the round (whose is the crib), or -1 if
            not told.
    """

    player: int
    hand: tuple[str, ...]
    total: int
    direction: int
    current_player: int
    plays_owed: int
    answering: bool
    played_this_turn: tuple[str, ...]
    forced_by: str | None
    hand_sizes: tuple[int, ...]
    tokens: tuple[int, ...]
    scores: tuple[int, ...]
    in_game: tuple[bool, ...]
    in_round: tuple[bool, ...]
    round: int
    draw_pile_size: int
    discard_pile: tuple[str, ...]
    out_of_play: tuple[str, ...]
    winner: int | None
    legal_moves: tuple[Move, ...]
    variant: Variant = field(repr=False, eq=False)
    count: tuple[str, ...] = ()
    last_play: tuple[str, int | None, int | None] | None = None
    last_player: int | None = None
    passes: int = 0
    teams: tuple[tuple[int, ...], ...] = ()
    starter: str | None = None
    table_totals: tuple[tuple[str, int | None, int], ...] = ()
    declared: Declaration | None = None
    reaction: Reaction | None = None
    zones: tuple[SeenZone, ...] = ()
    # Told, not compared: a position rebuilt without its dealer sees the same game.
    dealer: int = field(default=-1, eq=False)

    @property
    def laid_away(self) -> tuple[str, ...]:
        """The cards the player laid away this round (into the crib), empty for none.

        "Each player looks at their six cards and 'lays away' two of them
        face down" (Bicycle Cards, Cribbage): face down to the others, known
        to the player, the dealer too (his own two of the crib). Read from
        :attr:`zones` (the record :data:`ono99.LAID_AWAY`, the player's pile);
        the crib itself is seen as its visibility says (its size until the
        show).

        >>> import ono99
        >>> game = ono99.Game("cribbage", 2, seed=1)
        >>> game.current_player, game.observation(0).laid_away
        (0, ())
        >>> move = game.legal_moves()[0]
        >>> _ = game.play(move)
        >>> game.observation(0).laid_away == move.cards, game.observation(1).laid_away
        (True, ())
        """
        for zone in self.zones:
            if zone.name == LAID_AWAY:
                return zone.cards[self.player] or ()
        return ()

    @property
    def is_my_turn(self) -> bool:
        """Whether this player is to move."""
        return self.current_player == self.player and self.winner is None

    def total_after(self, move: Move) -> int:
        """The total that ``move`` would leave, as the rules work it out.

        Every effect of the card that changes the total is applied, with the
        amount the move chooses, and then the floor, if the variant has one;
        a card that repeats the card before it applies that card's effects
        (:attr:`last_play`). A move that leaves the total where it is (a
        Hold, a Redraw) gives the total as it is. The move need not be legal:
        a total at or above the bust limit is what a busting play would make.
        A card that answers the :attr:`reaction` open is thrown without its
        effects: it gives the total as it is.

        Where the card's total depends on the table (the card played before
        it, how often the stock was reshuffled...), the total is the one the
        engine worked out on the table for the player to move
        (:attr:`table_totals`), which the play makes; for a card the player
        does not hold, or a seat not to move, the total its effects make
        where no table is known.

        Args:
            move: A move, usually one of :attr:`legal_moves`.

        Raises:
            ArgumentError: If ``move`` is not a move, plays a card the
                variant does not have, or, outside a reaction, gives a card
                that counts one of several amounts none of them.

        >>> import ono99
        >>> game = ono99.Game("ono99-2022", players=2, seed=1)
        >>> seen = game.observation(0)
        >>> seen.total, [(m.card, seen.total_after(m)) for m in seen.legal_moves]
        (0, [('10', 10), ('minus_ten', 0), ('play_2', 0)])
        """
        if not isinstance(move, Play):
            if isinstance(move, Redraw | Decline | PutAside):
                return self.total
            raise ArgumentError(
                "move", f"expected a move (Play, Redraw, Decline or PutAside), got {shown(move)}"
            )
        rules = compile_variant(self.variant)
        index = card_index(rules, move.card)
        if index is None:
            raise ArgumentError(
                "move", f"there is no card {shown(move.card)} in {self.variant.id}"
            )
        if self.reaction is not None:
            return self.total  # an answer: the card is thrown, its effects do not act
        card, amount = rules.cards[index], move.amount
        for told, chosen, total in self.table_totals:
            if told == move.card and chosen == amount:
                return total
        last = self.last_play
        if card.repeats and last is not None and self.count:  # it does what that card did
            card, amount = rules.cards[rules.index[last[0]]], last[1]
        elif amount not in card.amounts:
            raise ArgumentError(
                "move",
                f"{card.name} counts {' or '.join(map(str, card.choices))}: the move must "
                f"say which, not {shown(amount)}"
                if card.choices
                else f"{card.name} offers no choice of amount (the move gives {shown(amount)})",
            )
        return rules.total_after(card, self.total, amount)
