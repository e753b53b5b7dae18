"""The public :class:`Game`: it checks what a caller passes, then plays it on the engine."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ono99 import events as ev
from ono99._args import is_int, is_list, shown, whole
from ono99._errors import ArgumentError, Ono99Error, ReplayError, VariantError
from ono99._variant import Variant, VariantLike
from ono99.loading import fingerprint, variant_arg

from ._compiled import compile_variant
from ._engine import Engine
from ._moves import Decline, Move, Play, PutAside, Redraw
from ._position import deck_order, place
from ._record import GameRecord, check_record

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from ono99.rules import Declaration, Reaction

    from ._observation import Observation
    from ._protocols import Player

__all__ = [
    "Game",
    "GameRecord",
    "copy_drawing",
    "deal",
    "engine_of",
    "play_checked",
    "play_to_end",
    "redealt",
    "redealt_unseen",
    "seat_of",
]


class Game:
    """A whole game (every round, to the final winner) of one variant.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play; seats are numbered from 0.
        seed: The seed of every shuffle. ``None`` picks one at random, which
            is then kept in :attr:`seed` so the game can still be replayed.
        deck: An explicit order for the first deal: card ids, top card first.
            It may list the whole deck or only its top; the rest is shuffled
            underneath. Later shuffles use the seed.

    Raises:
        VariantError: If the variant cannot be loaded, or the player count or
            deck does not fit it.
        ArgumentError: If ``variant`` is not a variant, an id or a path, or
            ``players`` or ``seed`` is not a whole number.

    Cards are dealt one at a time clockwise from the dealer's left, and the
    player left of the dealer leads. A player with no safe play is dealt with
    at once by the variant's ``no_safe_play`` rule, so whenever the game is
    not over the current player has at least one legal move.

    >>> import ono99
    >>> game = ono99.Game("ono99-2022", players=3, seed=7)
    >>> game.current_player, game.total
    (0, 0)
    >>> move = game.legal_moves()[0]
    >>> events = game.play(move)
    >>> events[0]
    Played(player=0, card='8', total=8)
    """

    _from_position = False

    def __init__(
        self,
        variant: VariantLike,
        players: int,
        seed: int | None = None,
        *,
        deck: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(variant, Variant):  # a Variant needs no loading (the usual case)
            variant = variant_arg(variant)
        whole("players", players)
        low, high = variant.players.min, variant.players.max
        if not low <= players <= high:
            raise VariantError(
                f"{variant.name} is for {low} to {high} players, not {shown(players)}"
            )
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        elif not is_int(seed):
            raise ArgumentError("seed", f"expected a whole number, got {shown(seed)}")
        if deck is not None and not is_list(deck):
            raise VariantError(
                f"deck: expected a list of card ids, top card first, got {shown(deck)}"
            )
        self._deal(variant, players, seed, tuple(deck) if deck is not None else None)

    def _deal(
        self,
        variant: Variant,
        players: int,
        seed: int,
        deck: tuple[str, ...] | None,
        rng: random.Random | None = None,
        *,
        pick: Callable[[list[int]], int] | None = None,
    ) -> None:
        """Set the game up and deal the first round."""
        self.variant = variant
        self.seed: int = seed
        self._deck = deck
        if rng is None:
            rng = random.Random(seed)
        self._e = Engine(variant, compile_variant(variant), players, rng)
        self._e.pick = pick
        self._e.begin(deck_order(self._e, deck) if deck is not None else None)

    # ---------------------------------------------------------------- queries

    @property
    def players(self) -> int:
        """How many players the game was started with."""
        return self._e.n

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self._e.winner is not None

    @property
    def winner(self) -> int | None:
        """The winner's seat, or ``None`` while the game goes on."""
        return self._e.winner

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships, each its seats; empty when every player plays alone.

        Partners (``players.teams``) share their points or tokens and win
        together.

        >>> import ono99
        >>> ono99.Game("cribbage-pegging", players=4, seed=1).teams
        ((0, 2), (1, 3))
        >>> ono99.Game("cribbage-pegging", players=2, seed=1).teams
        ()
        """
        return self._e.teams

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (the winner and its partners), or none while the game goes on.

        >>> import ono99
        >>> game = ono99.Game("ono99-2022", players=3, seed=1)
        >>> winner = ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
        >>> game.winners == (winner,)
        True
        """
        winner = self._e.winner
        return () if winner is None else tuple(self._e.mates[winner])

    @property
    def current_player(self) -> int:
        """The seat whose move it is (once the game is over, the seat that moved last).

        While a reaction is open (:attr:`reaction`), the player it is aimed at,
        who answers out of turn.
        """
        return self._e.current

    @property
    def reaction(self) -> Reaction | None:
        """The reaction open, or ``None`` (see :class:`ono99.rules.AimAt`).

        While one is open, the player it is aimed at is the player to move: the
        legal moves are the cards that answer it (``Play(card)``) and
        :class:`~ono99.Decline`; then play goes on from the player whose turn
        it was.
        """
        return self._e.r.reaction if self._e.winner is None else None

    @property
    def total(self) -> int:
        """The running total."""
        return self._e.r.total

    @property
    def direction(self) -> int:
        """``1`` while play goes clockwise (to the left), ``-1`` after a reverse.

        With two players in the round a Reverse acts as a Hold, as both
        editions say, and the direction stays as it is.
        """
        return self._e.r.direction

    @property
    def plays_owed(self) -> int:
        """How many plays the current player still has to make this turn."""
        if self._e.winner is not None:
            return 0
        return self._e.r.forced - self._e.r.plays_made

    @property
    def answering(self) -> bool:
        """Whether the play now due is the answer to forced plays (a forced turn's first)."""
        return self._e.winner is None and self._e.r.answering

    @property
    def played_this_turn(self) -> tuple[str, ...]:
        """The cards the current player has played so far this turn (card ids)."""
        if self._e.winner is not None:
            return ()
        return tuple(self._e.r.turn_plays)

    @property
    def forced_by(self) -> str | None:
        """The id of the card that forced the current turn, or ``None`` if it is not forced."""
        r = self._e.r
        if self._e.winner is not None or r.forced < 2:
            return None
        return r.forced_by or None

    @property
    def round(self) -> int:
        """The number of the round in progress (or last played), from 1."""
        return self._e.round

    @property
    def cards_played(self) -> int:
        """How many cards have been played (a bust's and an answer's included, a redraw's not).

        Each is a :class:`~ono99.events.Played` or :class:`~ono99.events.Answered` event.
        """
        return self._e.cards_played

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """The whole log of events, oldest first."""
        return tuple(self._e.events)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played, in order."""
        return tuple(self._e.moves)

    @property
    def tokens(self) -> tuple[int, ...]:
        """Tokens left per seat (token scoring)."""
        return tuple(self._e.tokens)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat (points scoring).

        Lower is better where reaching ``match.points.target`` puts a player
        out or ends the game (``at_target`` ``"out"`` or ``"end"``); higher
        where reaching it wins (``"win"``).
        """
        return tuple(self._e.scores)

    @property
    def in_game(self) -> tuple[bool, ...]:
        """Per seat, whether the player is still in the game."""
        return tuple(self._e.in_game)

    @property
    def in_round(self) -> tuple[bool, ...]:
        """Per seat, whether the player is still in the round."""
        return tuple(self._e.r.in_round)

    @property
    def dealer(self) -> int:
        """The seat that dealt this round (the next deal passes to its left)."""
        return self._e.dealer

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(map(len, self._e.r.hands))

    @property
    def draw_pile_size(self) -> int:
        """How many cards are left in the draw pile."""
        return len(self._e.r.draw)

    def player_log(self, player: int) -> tuple[ev.Event, ...]:
        """The log as ``player`` saw it: :attr:`events` without another player's cards.

        Another player's deal and draws appear as counts
        (:class:`~ono99.events.DealtUnseen`, :class:`~ono99.events.DrewUnseen`);
        see :func:`ono99.events.seen_by`.

        >>> import ono99
        >>> game = ono99.Game("ono99-2022", players=2, seed=1)
        >>> game.player_log(1)[1:3]
        (DealtUnseen(player=0, cards=4), Dealt(player=1, cards=('reverse', '1', '1', 'play_2')))
        """
        return ev.seen_by(self._e.events, self._seat(player))

    def hand(self, player: int) -> tuple[str, ...]:
        """The cards in a player's hand (card ids, in the order they were received)."""
        cards = self._e.rules.cards
        return tuple(cards[k].id for k in self._e.r.hands[self._seat(player)])

    @property
    def draw_pile(self) -> tuple[str, ...]:
        """The draw pile, top card first (what no player may see)."""
        cards = self._e.rules.cards
        return tuple(cards[k].id for k in reversed(self._e.r.draw))

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """The played cards not yet reshuffled, oldest first."""
        cards = self._e.rules.cards
        return tuple(cards[k].id for k in self._e.r.discard)

    @property
    def out_of_play(self) -> tuple[str, ...]:
        """Cards that left play this round (hands laid down)."""
        cards = self._e.rules.cards
        return tuple(cards[k].id for k in self._e.r.out_of_play)

    @property
    def starter(self) -> str | None:
        """The card turned up at this round's deal (``deal.starter``), or ``None``.

        Every player sees it; it lies out of play (in :attr:`out_of_play`) until
        the round ends.
        """
        index = self._e.r.starter
        return None if index < 0 else self._e.rules.ids[index]

    def card_counts(self, player: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """How many of each card ``player`` may see: in their hand, the discard pile, out of play.

        Three tuples, each with one count per card of the variant, in the
        order of :attr:`ono99.Variant.cards`: the counts of
        :meth:`observation`'s ``hand``, ``discard_pile`` and ``out_of_play``,
        without building the observation (for code that turns positions into
        numbers many times a second).

        >>> import ono99
        >>> game = ono99.Game("ono99-2022", players=2, seed=1)
        >>> hand, discard, out = game.card_counts(0)
        >>> ids = [card.id for card in game.variant.cards]
        >>> sorted(i for i, n in zip(ids, hand) for _ in range(n)) == sorted(game.hand(0))
        True
        >>> sum(discard), sum(out)
        (0, 0)
        """
        seat = self._seat(player)
        n = len(self._e.rules.cards)
        r = self._e.r

        def count(cards: list[int]) -> tuple[int, ...]:
            counts = [0] * n
            for k in cards:
                counts[k] += 1
            return tuple(counts)

        return count(r.hands[seat]), count(r.discard), count(r.out_of_play)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the current player; empty once the game is over.

        Each card id appears once however many copies the hand holds, in the
        variant's card order, then :class:`~ono99.Redraw` when allowed. A card
        that leaves a choice appears once for each safe choice: each amount in
        the order the card lists them, each player it may name by seat.
        """
        return self._e.legal_moves()

    def why_illegal(self, move: object) -> str | None:
        """Why ``move`` is illegal now, in words; ``None`` when it is legal.

        >>> import ono99
        >>> game = ono99.Game("ono99-2022", players=2, seed=1)
        >>> game.hand(0)
        ('play_2', '10', 'ono99', 'minus_ten')
        >>> game.why_illegal(ono99.Play("ono99"))
        'ONO 99 can never be played'
        >>> game.why_illegal(ono99.Play("reverse"))
        'player 0 holds no Reverse'
        >>> game.why_illegal(ono99.Play("10")) is None
        True

        A card that leaves a choice needs it, and only a choice it offers:

        >>> game = ono99.Game("ninety-nine", players=3, seed=1, deck=["ace"])
        >>> game.why_illegal(ono99.Play("ace"))
        'Ace counts 1 or 11: the move must say which, e.g. Play("ace", amount=1)'
        >>> game.why_illegal(ono99.Play("ace", amount=5))
        'Ace counts 1 or 11, not 5'
        >>> game.why_illegal(ono99.Play("ace", amount=11)) is None
        True
        """
        return self._e.why_illegal(move)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal now."""
        return self.why_illegal(move) is None

    def observation(self, player: int) -> Observation:
        """All that ``player`` may know, and nothing else.

        The player's own hand, the total, direction, whose turn it is, the
        plays they owe and the state of the turn (whether the play due is the
        answer to forced plays, the cards played so far this turn, the card
        that forced it), the other players' hand sizes, tokens, scores, who is
        still in, the played cards and the draw pile's size; never another
        player's cards or the order of the draw pile.
        """
        return self._e.observation(self._seat(player))

    # ------------------------------------------------------------------ moves

    def play(self, move: Move) -> tuple[ev.Event, ...]:
        """Play a move for the current player.

        Returns:
            The events the move caused, up to the next decision (including
            later players who had no safe play, and new rounds).

        Raises:
            IllegalMoveError: If the move is not legal; the game is unchanged.
        """
        return self._e.play_returning(move)

    def record(self) -> GameRecord:
        """A record of the game so far, to save and replay.

        Raises:
            Ono99Error: If the game was set up with :meth:`from_position`,
                which a record (seed, deck and moves) cannot reproduce.
        """
        if self._from_position:
            raise Ono99Error("a game set up from a position cannot be recorded for replay")
        return GameRecord(
            variant=self.variant.id,
            fingerprint=fingerprint(self.variant),
            players=self._e.n,
            seed=self.seed,
            deck=self._deck,
            moves=tuple(self._e.moves),
        )

    @classmethod
    def replay(cls, record: GameRecord, variant: VariantLike | None = None) -> Game:
        """Play a saved game again, to the same state.

        Args:
            record: What :meth:`record` returned (or :func:`ono99.from_data` read).
            variant: The rules to replay under; by default the record's
                variant id is loaded. Their fingerprint must match the record's.

        Raises:
            ReplayError: If the rules differ from the record's, or a move is
                illegal under them.
        """
        if not isinstance(record, GameRecord):
            raise ArgumentError(
                "record", f"expected a GameRecord (Game.record, from_data), got {shown(record)}"
            )
        check_record(record)
        variant = variant_arg(record.variant if variant is None else variant)
        found = fingerprint(variant)
        if found != record.fingerprint:
            raise ReplayError(
                f"the game was played under rules with fingerprint {record.fingerprint} "
                f"({record.variant}); {variant.id} has fingerprint {found}: "
                "replaying it under other rules is refused"
            )
        game = cls(variant, record.players, record.seed, deck=record.deck)
        for number, move in enumerate(record.moves, 1):
            reason = game.why_illegal(move)
            if reason is not None:
                given: object = move  # typed a Move, but a hand-built record may hold anything
                what = (
                    given
                    if isinstance(given, Play | Redraw | Decline | PutAside)
                    else shown(given)
                )
                raise ReplayError(f"move {number} ({what}) is illegal: {reason}")
            game.play(move)
        return game

    @classmethod
    def from_position(
        cls,
        variant: VariantLike,
        hands: Sequence[Sequence[str]],
        draw_pile: Sequence[str],
        *,
        discard_pile: Sequence[str] = (),
        out_of_play: Sequence[str] = (),
        total: int | None = None,
        direction: int = 1,
        current_player: int = 0,
        plays_owed: int = 1,
        played_this_turn: Sequence[str] = (),
        forced_by: str = "",
        in_round: Sequence[bool] | None = None,
        in_game: Sequence[bool] | None = None,
        tokens: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        round: int = 1,
        dealer: int | None = None,
        count: Sequence[str] = (),
        last_play: tuple[str, int | None, int | None] | None = None,
        last_player: int | None = None,
        passes: int = 0,
        starter: str | None = None,
        declared: Declaration | None = None,
        reaction: Reaction | None = None,
        resume: int | None = None,
        zones: Mapping[str, Sequence[Any]] | None = None,
        seed: int | None = None,
    ) -> Game:
        """A game set up in the middle of a round, from an explicit position.

        Every card of the deck must be somewhere: in a hand, the draw pile,
        the discard pile or out of play. This is how a player who searches
        ahead builds a game consistent with what it knows (its observation),
        with the unseen cards dealt at random; it also sets up puzzles and
        tests. The game goes on from here under the variant's rules; the
        events log starts empty.

        Args:
            variant: A :class:`~ono99.Variant`, or the id or path to load one.
            hands: One hand per seat (card ids); ``len(hands)`` players.
            draw_pile: The draw pile, top card first.
            discard_pile: The played cards, oldest first.
            out_of_play: Cards that left play this round (hands laid down).
            total: The running total (default: the variant's start).
            direction: ``1`` clockwise, ``-1`` after a reverse.
            current_player: The seat to move.
            plays_owed: Plays the current player still has to make this turn.
            played_this_turn: Cards the current player already played this
                turn (for once-a-turn conditions; when empty, the next play is
                the turn's first, which may answer forced plays).
            forced_by: The id of the card that forced the plays owed (as in
                :class:`~ono99.events.PlaysOwed`), or ``""``.
            in_round: Per seat, whether still in the round (default: all
                those in the game). Seats in the game but out of the round
                count as this round's losers, in seat order.
            in_game: Per seat, whether still in the game (default: all).
            tokens: Tokens left per seat (default: the variant's count).
            scores: Points per seat (default: 0).
            round: The round's number.
            dealer: The seat that dealt this round (default: the seat before
                ``current_player``); the next deal passes to its left.
            count: The cards played since the count last started (card ids,
                the latest last; default: a count just started), as
                :attr:`~ono99.Observation.count`.
            last_play: The count's last play, ``(card, amount, target)``, as
                :attr:`~ono99.Observation.last_play` (what a card that
                repeats the card before it does); it needs a ``count``.
            last_player: The seat that played the count's last card.
            passes: The players who passed in a row since the last play.
            starter: The card turned up at the deal (``deal.starter``), as
                :attr:`~ono99.Observation.starter`; it lies out of play, so
                ``out_of_play`` holds it too.
            declared: What the player of the count's last card named with it,
                as :attr:`~ono99.Observation.declared`.
            reaction: The reaction open, as :attr:`~ono99.Observation.reaction`:
                aimed at ``current_player``, who answers it or declines.
            resume: With a reaction open, the seat whose turn it is once it
                closes (default: the seat after the one who aimed it).
            zones: The cards of the zones the variant declares
                (:class:`~ono99.Zone`), by name: for a zone of one pile, its
                cards (card ids); for a zone a seat or team, one such list
                for each. A zone not named is empty (``"laid_away"``, the
                cards each seat laid away into the crib, is inferred or refused).
            seed: The seed of later shuffles (``None``: a random seed).

        Returns:
            The game, with the current player to move (a player with no safe
            play there is dealt with at once, as in any game).

        Raises:
            VariantError: If the position does not fit the variant: unknown
                cards, cards missing from or added to the deck, or seats and
                settings out of range.

        Where the variant lays cards away into a crib (``deal.put_aside``), a
        position in which nothing is played yet, no starter is turned up and
        the player to move holds more cards than a hand keeps is in the
        put-aside phase: its moves are :class:`~ono99.PutAside`, and the
        cards laid away so far are the crib's, given in ``zones``. Any other
        position is in the play.

        A game set up this way cannot be recorded for replay: :meth:`record`
        refuses it.

        >>> import ono99
        >>> v = ono99.load_variant("ono99-1980")
        >>> hands = [["10", "9", "hold", "2"], ["ono99", "ono99", "ono99", "ono99"]]
        >>> pile = [c.id for c in v.cards for _ in range(c.count)]
        >>> for card in hands[0] + hands[1]:
        ...     pile.remove(card)
        >>> game = ono99.Game.from_position(v, hands, pile, total=90, seed=1)
        >>> game.legal_moves()
        (Play(card='2'), Play(card='hold'))
        """
        variant = variant_arg(variant)
        if not is_list(hands):
            raise VariantError(
                [f"hands: expected one list of cards per seat, got {shown(hands)}"], "position"
            )
        game = cls(variant, len(hands), seed)
        game._from_position = True
        place(
            game._e,
            variant.id,
            hands,
            draw_pile,
            discard_pile=discard_pile,
            out_of_play=out_of_play,
            total=total,
            direction=direction,
            current_player=current_player,
            plays_owed=plays_owed,
            played_this_turn=played_this_turn,
            forced_by=forced_by,
            in_round=in_round,
            in_game=in_game,
            tokens=tokens,
            scores=scores,
            round=round,
            dealer=dealer,
            count=count,
            last_play=last_play,
            last_player=last_player,
            passes=passes,
            starter=starter,
            declared=declared,
            reaction=reaction,
            resume=resume,
            zones=zones,
        )
        return game

    def copy(self) -> Game:
        """An independent copy of the game, random state included."""
        return self._copy()

    def _copy(self, rng: random.Random | None = None) -> Game:
        """:meth:`copy`, or a copy drawing from ``rng`` if given."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._e = self._e.copy(rng)
        return new

    def _redealt_unseen(self, player: int, rng: random.Random) -> Game:
        """A copy, drawing from ``rng``, in which the cards ``player`` cannot see are dealt again.

        What the observation check of :mod:`ono99.testing` compares with: the
        player's view must not change (:meth:`Engine.redealt
        <ono99.engine._engine.Engine.redealt>`, the one way cards are dealt
        again).
        """
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        seats, cards = self._e.unseen(player)
        new._e = self._e.redealt(rng, seats, cards)
        return new

    def _redealt(self, rng: random.Random, seats: list[tuple[int, int]], cards: list[str]) -> Game:
        """A copy drawing from ``rng`` in which ``cards`` (ids) are dealt again, in their order.

        Each ``(seat, size)`` of ``seats`` in turn takes its next ``size``
        cards; the rest become the draw pile, top card last: the engine's one
        way to redeal the cards a player cannot see (:meth:`Engine.redealt`),
        for code that holds a :class:`Game`. The copy keeps the log, and
        cannot be recorded for replay.
        """
        index = self._e.rules.index
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._from_position = True
        new._e = self._e.redealt(rng, seats, [index[card] for card in cards], shuffled=False)
        return new

    def __repr__(self) -> str:
        e = self._e
        state = (
            f"winner={e.winner}"
            if e.winner is not None
            else f"round={e.round}, total={e.r.total}, current_player={e.current}"
        )
        return f"<Game {self.variant.id} players={e.n} seed={self.seed} {state}>"

    # --------------------------------------------------------------- internals

    def _seat(self, player: int) -> int:
        if not is_int(player) or not 0 <= player < self._e.n:
            raise ArgumentError(
                "player", f"no player {shown(player)}: seats are 0 to {self._e.n - 1}"
            )
        return player


def engine_of(game: Game) -> Engine:
    """The engine under ``game``: the one way in for code that reads its state directly.

    The compiled loops that play many moves (the env kernel, the batch loop of
    :func:`~ono99.simulate`, the search player's playouts) read the engine's
    fields rather than :class:`Game`'s properties, each of which builds a new
    tuple. They read its state and move it on only through its own methods;
    nothing outside :class:`Game` and the engine writes the engine's fields.
    """
    return game._e


def seat_of(game: Game, player: int) -> int:
    """``player`` if it is a seat of ``game``; else :class:`~ono99.ArgumentError` says why."""
    return game._seat(player)


def deal(
    variant: Variant,
    players: int,
    seed: int,
    rng: random.Random,
    *,
    pick: Callable[[list[int]], int] | None = None,
) -> Game:
    """``Game(variant, players, seed)`` for arguments already checked (a simulation's).

    ``rng`` is the generator to use, seeded with ``seed`` (a simulation
    seeds one again for each game, rather than make one per game), or one
    the seed does not describe (an OpenSpiel state's chance nodes). With
    ``pick``, every card dealt or drawn is the one it picks from the draw
    pile, which is never shuffled (see the engine's ``to_top``).
    """
    game = Game.__new__(Game)
    game._deal(variant, players, seed, None, rng, pick=pick)
    return game


def play_to_end(game: Game, players: Sequence[Player], max_moves: int) -> int:
    """Let ``players`` (one per seat, already checked) play ``game`` to its end.

    The engine's loop asks them, and checks and plays their moves.

    Returns:
        The winner's seat.

    Raises:
        Ono99Error: If the game did not end within ``max_moves`` moves.
        IllegalMoveError: If a player chose an illegal move (the game is
            left as it was before it).
    """
    winner = game._e.play_out(players, max_moves)
    if winner is None:
        raise Ono99Error(f"the game did not end within {max_moves} moves")
    return winner


def redealt(
    game: Game, rng: random.Random, seats: list[tuple[int, int]], cards: list[str]
) -> Game:
    """A copy of ``game`` drawing from ``rng`` in which ``cards`` (ids) are dealt again, in order.

    Each ``(seat, size)`` of ``seats`` in turn takes its next ``size``
    cards; the rest become the draw pile, top card last: the engine's one
    way to redeal the cards a player cannot see (``Engine.redealt``). The
    copy keeps the log, and cannot be recorded for replay.
    """
    return game._redealt(rng, seats, cards)


def redealt_unseen(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game``, drawing from ``rng``, with the cards ``player`` cannot see dealt again.

    What the observation check of :mod:`ono99.testing` compares with: the
    player's view must not change.
    """
    return game._redealt_unseen(player, rng)


def copy_drawing(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` that draws its random choices from ``rng`` (a chance node's)."""
    return game._copy(rng)


def play_checked(game: Game, move: Move) -> None:
    """Check and play ``move``, as :meth:`Game.play` does, without returning its events.

    Raises:
        IllegalMoveError: If the move is not legal; the game is unchanged.
    """
    game._e.play_checked(move)
