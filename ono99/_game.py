"""The engine: one :class:`Game` runs a whole match of any variant."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from attrs import frozen

from . import events as ev
from ._chance import shuffle
from ._compiled import CompiledCard, Rules, compile_rules
from ._errors import IllegalMoveError, Ono99Error, ReplayError, VariantError
from ._loader import fingerprint, load_variant
from ._moves import Move, Play, Redraw
from ._observation import Observation

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ._players import Player
    from ._variant import Variant
    from .rules import Stacking

__all__ = ["Game", "GameRecord"]

_NO_MOVES: tuple[Move, ...] = ()


def _is_int(value: object) -> bool:
    """Whether ``value`` is an integer and not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


def _card_indices(
    rules: Rules, cards: Sequence[str], where: str, problems: list[str]
) -> list[int]:
    """The cards' indices; a problem for each unknown card id."""
    found = []
    for position, card_id in enumerate(cards):
        key: object = card_id  # callers may pass anything
        index = rules.index.get(key) if isinstance(key, str) else None
        if index is None:
            problems.append(f"{where}[{position}]: there is no card {card_id!r}")
        else:
            found.append(index)
    return found


def _per_seat(
    values: Sequence[Any] | None, where: str, default: list[Any], problems: list[str]
) -> list[Any]:
    """``values`` as a list, one per seat (``default`` if not given or misfit)."""
    if values is None:
        return default
    if len(values) != len(default):
        problems.append(f"{where}: expected {len(default)} values, one per seat")
        return default
    return list(values)


def _missing_cards(rules: Rules, deck: tuple[int, ...], r: _Round) -> list[str]:
    """A problem for each kind of card the position holds more or fewer of than the deck."""
    placed = sorted([*(k for h in r.hands for k in h), *r.draw, *r.discard, *r.out])
    if placed == sorted(deck):
        return []
    problems = []
    for card in rules.cards:
        have, want = placed.count(card.index), deck.count(card.index)
        if have != want:
            problems.append(
                f"cards.{card.id}: the position holds {have}, the deck {want} ({card.name})"
            )
    return problems


def _position_problems(
    *,
    alive: list[bool],
    in_game: list[bool],
    current_player: int,
    direction: int,
    plays_owed: int,
    dealer: int | None,
    round_no: int,
    total: int | None,
) -> list[str]:
    """What is wrong with the settings of :meth:`Game.from_position`, one line each."""
    problems = []
    players = len(alive)
    if any(a and not g for a, g in zip(alive, in_game, strict=True)):
        problems.append("in_round: a seat out of the game cannot be in the round")
    if sum(alive) < 2:
        problems.append("in_round: at least two players must be in the round")
    if not _is_int(current_player) or not 0 <= current_player < players:
        problems.append(f"current_player: no seat {current_player!r}")
    elif not alive[current_player]:
        problems.append(f"current_player: seat {current_player} is not in the round")
    if direction not in (1, -1):
        problems.append(f"direction: expected 1 or -1, got {direction!r}")
    if not _is_int(plays_owed) or plays_owed < 1:
        problems.append(f"plays_owed: expected 1 or more, got {plays_owed!r}")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
        problems.append(f"dealer: no seat {dealer!r}")
    if not _is_int(round_no) or round_no < 1:
        problems.append(f"round: expected 1 or more, got {round_no!r}")
    if total is not None and not _is_int(total):
        problems.append(f"total: expected an integer, got {total!r}")
    return problems


@frozen
class GameRecord:
    """Everything needed to replay a game: its rules, seed, deck and moves.

    Get one from :meth:`Game.record`; :meth:`Game.replay` plays it again to
    the same state. :func:`ono99.to_data` turns it into plain data.

    Attributes:
        variant: The variant's id.
        fingerprint: The content hash of the variant's rules.
        players: How many played.
        seed: The seed of the game's shuffles.
        deck: The explicit first deck order, if one was given.
        moves: The moves, in order.
    """

    variant: str
    fingerprint: str
    players: int
    seed: int
    deck: tuple[str, ...] | None
    moves: tuple[Move, ...]


class _Round:
    """The state of the round in progress; the :class:`~ono99.rules.Table` rule objects see."""

    __slots__ = (
        "alive",
        "answering",
        "direction",
        "discard",
        "draw",
        "ends_turn",
        "forced",
        "forced_by",
        "hands",
        "losers",
        "next_forced_by",
        "next_owed",
        "next_player",
        "out",
        "players_in_round",
        "plays_made",
        "skip",
        "stacking",
        "stuck",
        "target",
        "total",
        "turn_plays",
    )

    def __init__(self, stacking: Stacking) -> None:
        self.total = 0
        self.direction = 1
        self.forced = 1
        self.forced_by = ""
        self.answering = False
        self.players_in_round = 0
        self.stacking = stacking
        self.next_owed = 0
        self.next_forced_by = ""
        self.ends_turn = False
        self.skip = 0
        self.target: int | None = None
        self.next_player: int | None = None
        self.plays_made = 0
        self.turn_plays: list[str] = []
        self.hands: list[list[int]] = []
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.out: list[int] = []
        self.alive: list[bool] = []
        self.losers: list[int] = []
        self.stuck: list[int] = []

    def times_played_this_turn(self, card_id: str) -> int:
        return self.turn_plays.count(card_id)

    def copy(self) -> _Round:
        new = _Round.__new__(_Round)
        for name in _Round.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [v[:] for v in value] if name == "hands" else value[:]
            setattr(new, name, value)
        return new


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
        variant: Variant | str,
        players: int,
        seed: int | None = None,
        *,
        deck: Sequence[str] | None = None,
    ) -> None:
        if isinstance(variant, str):
            variant = load_variant(variant)
        low, high = variant.players.min, variant.players.max
        if not _is_int(players) or not low <= players <= high:
            raise VariantError(f"{variant.name} is for {low} to {high} players, not {players!r}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        elif not _is_int(seed):
            raise TypeError(f"seed must be an integer, not {seed!r}")
        self.variant = variant
        self._rules: Rules = compile_rules(variant)
        self._n = players
        self._full_deck = self._rules.deck_for(players)
        self._drew, self._played = self._rules.event_tables(players)
        self._cards_played = 0
        self.seed: int = seed
        self._rng = random.Random(seed)
        self._deck = tuple(deck) if deck is not None else None
        self._winner: int | None = None
        self._round_no = 0
        self._current = 0
        self._r = _Round(self._rules.stacking)
        first_order = self._explicit_order(self._deck) if self._deck is not None else None
        self._events: list[ev.Event] = []
        self._moves: list[Move] = []
        self._in_game = [True] * players
        self._tokens = [variant.match.tokens.count_for(players)] * players
        self._scores = [0] * players
        self._last_losers: tuple[int, ...] = ()
        self._legal: tuple[Move, ...] | None = None
        if variant.deal.first_dealer == "random":
            self._dealer = self._rng.randrange(players)
        else:
            self._dealer = players - 1
        self._start_round(first_order, first=True)
        self._advance()

    # ---------------------------------------------------------------- queries

    @property
    def players(self) -> int:
        """How many players the game was started with."""
        return self._n

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The winner's seat, or ``None`` while the game goes on."""
        return self._winner

    @property
    def current_player(self) -> int:
        """The seat whose move it is (once the game is over, the seat that moved last)."""
        return self._current

    @property
    def total(self) -> int:
        """The running total."""
        return self._r.total

    @property
    def direction(self) -> int:
        """``1`` while play goes clockwise (to the left), ``-1`` after a reverse."""
        return self._r.direction

    @property
    def plays_owed(self) -> int:
        """How many plays the current player still has to make this turn."""
        if self._winner is not None:
            return 0
        return self._r.forced - self._r.plays_made

    @property
    def round(self) -> int:
        """The number of the round in progress (or last played), from 1."""
        return self._round_no

    @property
    def cards_played(self) -> int:
        """How many cards have been played (a bust's card included, a redraw's not)."""
        return self._cards_played

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """The whole log of events, oldest first."""
        return tuple(self._events)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played, in order."""
        return tuple(self._moves)

    @property
    def tokens(self) -> tuple[int, ...]:
        """Tokens left per seat (token scoring)."""
        return tuple(self._tokens)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat (points scoring; lower is better)."""
        return tuple(self._scores)

    @property
    def in_game(self) -> tuple[bool, ...]:
        """Per seat, whether the player is still in the game."""
        return tuple(self._in_game)

    @property
    def in_round(self) -> tuple[bool, ...]:
        """Per seat, whether the player is still in the round."""
        return tuple(self._r.alive)

    def hand(self, player: int) -> tuple[str, ...]:
        """The cards in a player's hand (card ids, in the order they were received)."""
        cards = self._rules.cards
        return tuple(cards[k].id for k in self._r.hands[self._seat(player)])

    @property
    def draw_pile(self) -> tuple[str, ...]:
        """The draw pile, top card first (what no player may see)."""
        cards = self._rules.cards
        return tuple(cards[k].id for k in reversed(self._r.draw))

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """The played cards not yet reshuffled, oldest first."""
        cards = self._rules.cards
        return tuple(cards[k].id for k in self._r.discard)

    @property
    def out_of_play(self) -> tuple[str, ...]:
        """Cards that left play this round (hands laid down)."""
        cards = self._rules.cards
        return tuple(cards[k].id for k in self._r.out)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the current player; empty once the game is over.

        Each card id appears once however many copies the hand holds, in the
        variant's card order, then :class:`~ono99.Redraw` when allowed. A card
        that leaves a choice appears once for each safe choice: each amount in
        the order the card lists them, each player it may name by seat.
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return legal

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
        if self._winner is not None:
            return "the game is over"
        rules = self._rules
        r = self._r
        player = self._current
        if isinstance(move, Play):
            card_id: object = move.card  # typed str, but a caller may pass anything
            index = rules.index.get(card_id) if isinstance(card_id, str) else None
            if index is None:
                known = ", ".join(c.id for c in rules.cards)
                return f"there is no card {move.card!r} in {self.variant.id} (its cards: {known})"
            card = rules.cards[index]
            if index not in r.hands[player]:
                return f"player {player} holds no {card.name}"
            return (
                self._why_blocked(card)
                or self._why_choice(card, move)
                or self._why_bust(card, move.amount)
            )
        if isinstance(move, Redraw):
            if rules.redraw_card < 0:
                return f"{self.variant.name} has no redraw"
            card = rules.cards[rules.redraw_card]
            held = r.hands[player].count(card.index)
            if held < rules.redraw_count:
                return (
                    f"a redraw needs {rules.redraw_count} {card.name} cards; "
                    f"player {player} holds {held}"
                )
            return None
        return f"{move!r} is not a move (expected Play or Redraw)"

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal now."""
        return self.why_illegal(move) is None

    def observation(self, player: int) -> Observation:
        """All that ``player`` may know, and nothing else.

        The player's own hand, the total, direction, whose turn it is and the
        plays they owe, the other players' hand sizes, tokens, scores, who is
        still in, the played cards and the draw pile's size; never another
        player's cards or the order of the draw pile.
        """
        seat = self._seat(player)
        r = self._r
        name = self._rules.ids.__getitem__
        mine = seat == self._current and self._winner is None
        return Observation(
            player=seat,
            hand=tuple(map(name, r.hands[seat])),
            total=r.total,
            direction=r.direction,
            current_player=self._current,
            plays_owed=self.plays_owed if mine else 0,
            hand_sizes=tuple(map(len, r.hands)),
            tokens=tuple(self._tokens),
            scores=tuple(self._scores),
            in_game=tuple(self._in_game),
            in_round=tuple(r.alive),
            round=self._round_no,
            draw_pile_size=len(r.draw),
            discard_pile=tuple(map(name, r.discard)),
            out_of_play=tuple(map(name, r.out)),
            winner=self._winner,
            legal_moves=self.legal_moves() if mine else _NO_MOVES,
            variant=self.variant,
        )

    # ------------------------------------------------------------------ moves

    def play(self, move: Move) -> tuple[ev.Event, ...]:
        """Play a move for the current player.

        Returns:
            The events the move caused, up to the next decision (including
            later players who had no safe play, and new rounds).

        Raises:
            IllegalMoveError: If the move is not legal; the game is unchanged.
        """
        mark = len(self._events)
        self._play(move)
        return tuple(self._events[mark:])

    def _play(self, move: Move) -> None:
        """Check and play ``move``, as :meth:`play` does, without returning its events."""
        # One of the very objects legal_moves() listed needs no further check;
        # anything else (even an equal move) gets the full check and its reason.
        for listed in self._legal or _NO_MOVES:
            if listed is move:
                break
        else:
            reason = self.why_illegal(move)
            if reason is not None:
                raise IllegalMoveError(reason, move)
        self._moves.append(move)
        self._legal = None
        if type(move) is Play:
            self._play_card(self._rules.by_id[move.card], move.amount, move.target)
        else:
            self._redraw()
        r = self._r
        if r.ends_turn or r.plays_made >= r.forced:
            self._next_turn()
        # What _advance() does, with its first step inline: most moves leave
        # the next player a safe play.
        if not self._compute_legal():
            self._advance()

    def _play_out(self, players: Sequence[Player], max_moves: int) -> int | None:
        """Let ``players`` (one per seat) move, for at most ``max_moves`` moves.

        Returns:
            The winner, or ``None`` if the game has not ended.
        """
        variant = self.variant
        # A quick player decides from the legal moves and the total: no observation.
        picks = [getattr(player, "pick", None) for player in players]
        play = self._play
        for _ in range(max_moves):
            if self._winner is not None:
                break
            seat = self._current
            pick = picks[seat]
            if pick is None:
                move = players[seat].choose(self.observation(seat))
            else:
                move = pick(self._legal or self.legal_moves(), self._r.total, variant)
            play(move)
        return self._winner

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
            players=self._n,
            seed=self.seed,
            deck=self._deck,
            moves=tuple(self._moves),
        )

    @classmethod
    def replay(cls, record: GameRecord, variant: Variant | str | None = None) -> Game:
        """Play a saved game again, to the same state.

        Args:
            record: What :meth:`record` returned (or :func:`ono99.from_data` read).
            variant: The rules to replay under; by default the record's
                variant id is loaded. Their fingerprint must match the record's.

        Raises:
            ReplayError: If the rules differ from the record's, or a move is
                illegal under them.
        """
        if variant is None:
            variant = record.variant
        if isinstance(variant, str):
            variant = load_variant(variant)
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
                raise ReplayError(f"move {number} ({move}) is illegal: {reason}")
            game.play(move)
        return game

    @classmethod
    def from_position(
        cls,
        variant: Variant | str,
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
            forced_by: The name of the card that forced the plays owed.
            in_round: Per seat, whether still in the round (default: all
                those in the game). Seats in the game but out of the round
                count as this round's losers, in seat order.
            in_game: Per seat, whether still in the game (default: all).
            tokens: Tokens left per seat (default: the variant's count).
            scores: Points per seat (default: 0).
            round: The round's number.
            dealer: The seat that dealt this round (default: the seat before
                ``current_player``); the next deal passes to its left.
            seed: The seed of later shuffles (``None``: a random seed).

        Returns:
            The game, with the current player to move (a player with no safe
            play there is dealt with at once, as in any game).

        Raises:
            VariantError: If the position does not fit the variant: unknown
                cards, cards missing from or added to the deck, or seats and
                settings out of range.

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
        if isinstance(variant, str):
            variant = load_variant(variant)
        players = len(hands)
        game = cls(variant, players, seed)
        game._from_position = True
        rules = game._rules
        problems: list[str] = []

        def indices(cards: Sequence[str], where: str) -> list[int]:
            return _card_indices(rules, cards, where, problems)

        def flags(values: Sequence[Any] | None, where: str, default: list[Any]) -> list[Any]:
            return _per_seat(values, where, default, problems)

        r = _Round(rules.stacking)
        r.hands = [indices(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
        r.draw = indices(draw_pile, "draw_pile")[::-1]
        r.discard = indices(discard_pile, "discard_pile")
        r.out = indices(out_of_play, "out_of_play")
        if not problems:
            problems += _missing_cards(rules, game._full_deck, r)
        game._in_game = flags(in_game, "in_game", [True] * players)
        r.alive = flags(in_round, "in_round", game._in_game[:])
        game._tokens = flags(tokens, "tokens", game._tokens)
        game._scores = flags(scores, "scores", [0] * players)
        problems += _position_problems(
            alive=r.alive,
            in_game=game._in_game,
            current_player=current_player,
            direction=direction,
            plays_owed=plays_owed,
            dealer=dealer,
            round_no=round,
            total=total,
        )
        turn = indices(played_this_turn, "played_this_turn")
        if problems:
            raise VariantError(problems, "position")
        r.total = rules.start if total is None else total
        r.direction = direction
        r.players_in_round = sum(r.alive)
        r.losers = [s for s in range(players) if game._in_game[s] and not r.alive[s]]
        r.turn_plays = [rules.cards[k].id for k in turn]
        r.plays_made = len(turn)
        r.forced = plays_owed + r.plays_made
        r.forced_by = forced_by  # read only while plays are owed
        r.answering = r.forced > 1 and not turn
        game._r = r
        game._round_no = round
        game._current = current_player
        game._dealer = (
            dealer if dealer is not None else game._next_seat(current_player, r.alive, -1)
        )
        game._events.clear()
        game._moves.clear()
        game._legal = None
        game._advance()
        return game

    def copy(self) -> Game:
        """An independent copy of the game, random state included."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._events = self._events[:]
        new._moves = self._moves[:]
        new._in_game = self._in_game[:]
        new._tokens = self._tokens[:]
        new._scores = self._scores[:]
        new._r = self._r.copy()
        return new

    def __repr__(self) -> str:
        state = (
            f"winner={self._winner}"
            if self._winner is not None
            else (f"round={self._round_no}, total={self._r.total}, current_player={self._current}")
        )
        return f"<Game {self.variant.id} players={self._n} seed={self.seed} {state}>"

    # --------------------------------------------------------------- internals

    def _seat(self, player: int) -> int:
        if not _is_int(player) or not 0 <= player < self._n:
            raise IndexError(f"no player {player!r}: seats are 0 to {self._n - 1}")
        return player

    def _explicit_order(self, deck: Iterable[str]) -> list[int]:
        rules = self._rules
        remaining = list(self._full_deck)
        for position, card_id in enumerate(deck):
            index = rules.index.get(card_id)
            if index is None:
                raise VariantError(
                    f"deck[{position}]: there is no card {card_id!r} in {self.variant.id}"
                )
            try:
                remaining.remove(index)
            except ValueError:
                raise VariantError(
                    f"deck[{position}]: the deck holds only {self._full_deck.count(index)} "
                    f"of card {card_id!r}, and the order asks for more"
                ) from None
        order = [rules.index[c] for c in deck]
        shuffle(self._rng, remaining)
        return order + remaining

    def _why_blocked(self, card: CompiledCard) -> str | None:
        r = self._r
        for condition in card.conditions:
            reason = condition.check(r, card)
            if reason is not None:
                return reason
        return None

    def _why_bust(self, card: CompiledCard, amount: int | None) -> str | None:
        rules = self._rules
        new = rules.total_after(card, self._r.total, amount)
        if new >= rules.bust:
            what = card.name if amount is None else f"{card.name} for {amount}"
            return f"{what} would take the total to {new}; it must stay below {rules.bust}"
        return None

    def _why_choice(self, card: CompiledCard, move: Play) -> str | None:
        """Whether the move makes exactly the choices the card leaves open."""
        amount, target = move.amount, move.target
        if card.choices:
            options = " or ".join(str(a) for a in card.choices)
            if amount is None:
                return (
                    f"{card.name} counts {options}: the move must say which, "
                    f'e.g. Play("{card.id}", amount={card.choices[0]})'
                )
            if not _is_int(amount) or amount not in card.choices:
                return f"{card.name} counts {options}, not {amount!r}"
        elif amount is not None:
            return f"{card.name} leaves no amount to choose (the move gives amount={amount!r})"
        if card.chooses_player:
            seats = ", ".join(str(seat) for seat in self._targets())
            if target is None:
                return (
                    f"{card.name} names the next player: the move must give a target "
                    f"(one of players {seats})"
                )
            if not _is_int(target) or target not in self._targets():
                return f"{card.name} may name one of players {seats}, not {target!r}"
        elif target is not None:
            return f"{card.name} names no player (the move gives target={target!r})"
        return None

    def _targets(self) -> list[int]:
        """The players a card may name: the others still in the round."""
        alive, current = self._r.alive, self._current
        return [seat for seat in range(self._n) if alive[seat] and seat != current]

    def _compute_legal(self) -> tuple[Move, ...]:
        """List the current player's legal moves and keep them in ``_legal``."""
        if self._winner is not None:
            self._legal = _NO_MOVES
            return _NO_MOVES
        r = self._r
        rules = self._rules
        hand = r.hands[self._current]
        total = r.total
        quick = rules.quick
        moves: list[Move] = []
        for index in sorted(set(hand)):
            test = quick[index]
            if test is None:
                self._card_moves(rules.cards[index], total, moves)
            elif total < test[0]:
                moves.append(test[1])
        if rules.redraw_card >= 0 and hand.count(rules.redraw_card) >= rules.redraw_count:
            moves.append(Redraw())
        legal = self._legal = tuple(moves)
        return legal

    def _card_moves(self, card: CompiledCard, total: int, moves: list[Move]) -> None:
        """Add the legal moves of ``card`` (held by the current player) to ``moves``."""
        if card.conditions and self._why_blocked(card) is not None:
            return
        rules = self._rules
        bust = rules.bust
        if card.play is not None:  # no choice to make: one move or none
            if rules.total_after(card, total) < bust:
                moves.append(card.play)
            return
        targets: list[int | None] = [None]
        if card.chooses_player:
            targets = list(self._targets())
        for amount in card.amounts:
            if rules.total_after(card, total, amount) < bust:
                moves.extend(Play(card.id, amount=amount, target=t) for t in targets)

    def _emit(self, event: ev.Event) -> None:
        self._events.append(event)

    def _next_seat(self, seat: int, alive: list[bool], direction: int = 1) -> int:
        n = self._n
        for _ in range(n):
            seat = (seat + direction) % n
            if alive[seat]:
                return seat
        return seat

    def _start_round(self, order: list[int] | None = None, *, first: bool = False) -> None:
        rules = self._rules
        self._round_no += 1
        if not first or not self._in_game[self._dealer]:
            self._dealer = self._next_seat(self._dealer, self._in_game)
        if order is None:
            order = list(self._full_deck)
            shuffle(self._rng, order)
        r = self._r = _Round(rules.stacking)
        r.total = rules.start
        r.alive = self._in_game[:]
        r.players_in_round = sum(r.alive)
        r.hands = [[] for _ in range(self._n)]
        dealer = self._dealer
        left = self._next_seat(dealer, r.alive)
        leader = left
        if self.variant.deal.leader == "last_loser" and self._last_losers:
            loser = self._last_losers[-1]
            if self._in_game[loser]:
                leader = loser
        self._emit(ev.RoundStarted(self._round_no, dealer, leader, r.total))
        seats = []
        seat = left
        for _ in range(r.players_in_round):
            seats.append(seat)
            seat = self._next_seat(seat, r.alive)
        # One card at a time round the table: the i-th seat gets every k-th card.
        k = len(seats)
        dealt = min(len(order), k * rules.hand_size)
        for i, seat in enumerate(seats):
            r.hands[seat] = order[i:dealt:k]
        r.draw = order[dealt:][::-1]  # the top card last
        name = rules.ids.__getitem__
        for seat in seats:
            self._emit(ev.Dealt(seat, tuple(map(name, r.hands[seat]))))
        self._current = leader
        self._legal = None

    def _refill(self, player: int) -> None:
        r = self._r
        hand = r.hands[player]
        missing = self._rules.hand_size - len(hand)
        if missing <= 0:
            return
        drew = self._drew[player]
        events = self._events
        for _ in range(missing):
            if not r.draw and not self._reshuffle():
                return
            index = r.draw.pop()
            hand.append(index)
            events.append(drew[index])

    def _reshuffle(self) -> bool:
        r = self._r
        pile = r.discard
        keep = pile[-1:] if self._rules.keep_top_card else []
        cards = pile[: len(pile) - len(keep)]
        if not cards:
            return False
        shuffle(self._rng, cards)
        r.draw = cards
        r.discard = keep
        self._emit(ev.Reshuffled(len(cards)))
        return True

    def _play_card(
        self, card: CompiledCard, amount: int | None = None, target: int | None = None
    ) -> None:
        r = self._r
        rules = self._rules
        player = self._current
        index = card.index
        hand = r.hands[player]
        hand.remove(index)
        r.discard.append(index)
        delta = card.delta
        if delta is not None:
            total = r.total + delta
            floor = rules.floor
            if floor is not None and total < floor:
                total = floor
            r.total = total
        else:
            r.total = total = rules.total_after(card, r.total, amount)
        r.ends_turn = False
        if card.actions:
            r.target = target
            for effect in card.actions:
                effect.apply(r, card)
            r.target = None
            total = r.total
        if rules.counts_turn_plays:
            r.turn_plays.append(card.id)
        r.plays_made += 1
        r.answering = False
        self._cards_played += 1
        events = self._events
        if amount is None and target is None:
            shared = self._played[player][index]
            event = shared.get(total)
            if event is None:
                event = shared[total] = ev.Played(player, card.id, total)
            events.append(event)
        else:
            events.append(ev.Played(player, card.id, total, amount=amount, target=target))
        self._refill(player)

    def _redraw(self) -> None:
        r = self._r
        rules = self._rules
        player = self._current
        hand = r.hands[player]
        card = rules.cards[rules.redraw_card]
        for _ in range(rules.redraw_count):
            hand.remove(card.index)
            r.discard.append(card.index)
        r.ends_turn = False
        r.plays_made += 1
        r.answering = False
        self._emit(ev.Redrew(player, (card.id,) * rules.redraw_count))
        self._refill(player)

    def _next_turn(self) -> None:
        r = self._r
        seat = r.next_player
        if seat is None:
            alive, direction = r.alive, r.direction
            seat = (self._current + direction) % self._n
            if not alive[seat]:
                seat = self._next_seat(seat, alive, direction)
            if r.skip:
                for _ in range(r.skip):
                    seat = self._next_seat(seat, alive, direction)
                r.skip = 0
        else:
            r.skip, r.next_player = 0, None
        self._current = seat
        r.ends_turn = False
        r.plays_made = 0
        if r.turn_plays:
            r.turn_plays.clear()
        owed = r.next_owed
        if owed:
            forced_by = r.next_forced_by
            r.next_owed, r.next_forced_by = 0, ""
            if owed > 1:
                r.forced, r.forced_by = owed, forced_by
                r.answering = True
                self._emit(ev.PlaysOwed(seat, owed, forced_by))
                return
        if r.forced != 1:
            r.forced, r.forced_by = 1, ""
        r.answering = False

    def _advance(self) -> None:
        """Resolve every player who has no safe play, until a decision is due."""
        while self._winner is None:
            if self._compute_legal():
                return
            self._no_safe_play()

    def _no_safe_play(self) -> None:
        r = self._r
        rules = self._rules
        player = self._current
        hand = r.hands[player]
        undo_to: int | None = None
        if rules.lay_down:
            cards = tuple(rules.cards[k].id for k in hand)
            (r.discard if rules.laid_down_discarded else r.out).extend(hand)
            hand.clear()
            self._emit(ev.LaidDown(player, cards))
        else:
            playable = [
                rules.cards[k]
                for k in sorted(set(hand))
                if not any(c.check(r, rules.cards[k]) for c in rules.cards[k].conditions)
            ]
            if playable:
                before = r.total
                # The lowest total any card (for any amount it offers) gives.
                _, card, amount = min(
                    (
                        (rules.total_after(c, r.total, a), c, a)
                        for c in playable
                        for a in c.amounts
                    ),
                    key=lambda option: option[0],
                )
                self._play_card(card, amount)
                self._emit(ev.Busted(player, r.total))
                undo_to = before if rules.undo_bust else None
            else:
                r.stuck.append(player)
                self._emit(ev.Stuck(player))
        self._lose(player, undo_to)

    def _lose(self, player: int, undo_to: int | None = None) -> None:
        r = self._r
        r.alive[player] = False
        r.players_in_round -= 1
        r.losers.append(player)
        if self._rules.first_loss_ends_round or r.players_in_round <= 1:
            self._end_round()
            return
        if undo_to is not None:
            # Play goes on after a bust: the others go on from the total before it.
            r.total = undo_to
        # The next player is not forced or skipped, whatever the loser owed or passed on.
        r.next_owed, r.next_forced_by = 0, ""
        r.skip, r.next_player = 0, None
        self._next_turn()

    def _end_round(self) -> None:
        r = self._r
        match = self.variant.match
        survivor = r.alive.index(True) if r.players_in_round == 1 else None
        losers = tuple(r.losers)
        self._last_losers = losers
        self._emit(ev.RoundEnded(self._round_no, losers, survivor))
        if match.scoring == "none":
            if survivor is not None:
                for seat in range(self._n):
                    if seat != survivor and self._in_game[seat]:
                        self._eliminate(seat)
        elif match.scoring == "tokens":
            tokens = match.tokens
            for seat in losers:
                if self._tokens[seat] > 0:
                    self._tokens[seat] -= 1
                    self._emit(ev.TokenLost(seat, self._tokens[seat]))
                    if self._tokens[seat] == 0 and not tokens.play_on_at_zero:
                        self._eliminate(seat)
                else:
                    self._eliminate(seat)
        else:
            self._score_round(losers)
        standing = [seat for seat in range(self._n) if self._in_game[seat]]
        if len(standing) == 1:
            self._winner = standing[0]
            self._legal = None
            self._emit(ev.GameWon(standing[0]))
            return
        self._start_round()

    def _score_round(self, losers: tuple[int, ...]) -> None:
        r = self._r
        rules = self._rules
        points = self.variant.match.points
        standing = [seat for seat in range(self._n) if self._in_game[seat]]
        for seat in standing:
            hand = r.hands[seat]
            gained = sum(rules.cards[k].points for k in hand)
            gained += points.missing_card * max(0, rules.hand_size - len(hand))
            if seat in losers and (points.stuck_is_bust or seat not in r.stuck):
                gained += points.bust
            self._scores[seat] += gained
            self._emit(ev.Scored(seat, gained, self._scores[seat]))
        reached = [seat for seat in standing if self._scores[seat] >= points.target]
        if not reached:
            return
        best = min(self._scores[seat] for seat in standing)
        if points.at_target == "out" and len(reached) < len(standing):
            leaving = reached
        else:
            # Game over at the target (or everyone reached it): the lowest score
            # wins; players tied for it play on.
            leaving = [seat for seat in standing if self._scores[seat] > best]
        for seat in leaving:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        self._in_game[seat] = False
        self._emit(ev.Eliminated(seat))
