"""The environments' hot path: a player's numbers and the legal actions, read from the engine.

This is the one module of the environments that reads the engine's state
(:class:`~ono99.engine._engine.Engine`) rather than a :class:`~ono99.Game`'s public
properties, so that a step copies nothing it does not need. It reads only
what :meth:`ono99.Game.observation` shows the observer: their own hand, the
sizes of the other hands and piles, the played cards, the turn state; never
another hand's cards or the order of the draw pile (the tests compare it
with the observation at every move). It plays moves only through the
engine's own checked entry point; it knows no rule.

Wheels built with mypyc compile it together with the engine
(``hatch_build.py``); it imports neither numpy nor the ecosystems' libraries,
so it compiles and runs without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99.engine import Play, unsaid

if TYPE_CHECKING:
    from ono99._variant import Variant
    from ono99.engine import Engine, Move, Round

__all__ = [
    "DEAL",
    "ILLEGAL",
    "Actions",
    "Agent",
    "Layout",
    "Mask",
    "Vector",
    "act",
    "cut_short",
    "fill",
    "play_decided",
    "play_quick",
    "players_in",
    "seat_done",
    "step_batch",
]


class Layout:
    """Where each group of slots of the observation vector starts, for one variant and count.

    The order is :class:`~ono99.envs.ObservationEncoder`'s (it checks that
    the two agree when it is made).

    Args:
        card_index: Each card id's index in the variant's card order.
        players: How many play.
        seats: How many seats the vector has room for (``players`` or more:
            the others' slots stay 0).
        bounds: The least total, the most total, plays owed and tokens, the
            least and most score, the most rounds, and the most of one card
            in the count (values past them are shown as the bound).
    """

    def __init__(
        self, card_index: dict[str, int], players: int, seats: int, bounds: list[int]
    ) -> None:
        cards = len(card_index)
        self.card_index = card_index
        self.cards = cards
        self.players = players
        self.seats = seats
        (
            self.total_low,
            self.total_high,
            self.owed_high,
            self.tokens_high,
            self.score_low,
            self.score_high,
            self.round_high,
            self.count_high,
        ) = bounds
        self.scalars = cards  # total, direction, plays_owed
        self.per_seat = cards + 3  # to_move, hand_size, tokens, score, in_game, in_round
        self.piles = self.per_seat + 6 * seats  # round, draw_pile
        self.discard = self.piles + 2
        self.out_of_play = self.discard + cards
        self.answering = self.out_of_play + cards
        self.this_turn = self.answering + 1
        self.forced_by = self.this_turn + cards
        self.count = self.forced_by + cards  # the count's cards, by card
        self.last_play = self.count + cards  # the card the count's last play acted as
        self.passes = self.last_play + cards
        self.size = self.passes + 1


def fill(engine: Engine, player: int, layout: Layout, values: list[int]) -> None:
    """Write ``player``'s observation vector now into ``values`` (``layout.size`` zeros).

    ``player`` must be a seat of the game, and the game of ``layout``'s
    variant and player count.
    """
    Vector(layout, values).update(engine, player)


class Vector:
    """One observer's vector, kept in a buffer that only the slots that changed are written to.

    Args:
        layout: The layout of the vector.
        target: A writable buffer of ``layout.size`` numbers, all 0 (a
            memoryview of a numpy array, say).
    """

    def __init__(self, layout: Layout, target: Any) -> None:
        self._layout = layout
        self.target = target
        self.shown = [0] * layout.size
        self.counts = [0] * layout.cards

    def put(self, i: int, value: int) -> None:
        """Set slot ``i`` to ``value``, writing the target only if it changed."""
        if self.shown[i] != value:
            self.shown[i] = value
            self.target[i] = value

    def put_counts(self, start: int, cards: list[int]) -> None:
        """Set the slots from ``start`` on to how many of each card index ``cards`` holds."""
        counts = self.counts
        for k in range(len(counts)):
            counts[k] = 0
        for k in cards:
            counts[k] += 1
        shown = self.shown
        for k in range(len(counts)):
            value = counts[k]
            if shown[start + k] != value:
                shown[start + k] = value
                self.target[start + k] = value

    def update(self, engine: Engine, player: int) -> None:
        """Write ``player``'s vector now into the target."""
        layout = self._layout
        r = engine.r
        n = layout.players
        over = engine.winner is not None
        current = engine.current
        self.put_counts(0, r.hands[player])
        i = layout.scalars
        self.put(i, min(max(r.total, layout.total_low), layout.total_high))
        self.put(i + 1, r.direction)
        owed = r.forced - r.plays_made if current == player and not over else 0
        self.put(i + 2, min(owed, layout.owed_high))
        i = layout.per_seat
        m = layout.seats
        hands = r.hands
        tokens = engine.tokens
        scores = engine.scores
        in_game = engine.in_game
        in_round = r.in_round
        tokens_high, score_low, score_high = (
            layout.tokens_high,
            layout.score_low,
            layout.score_high,
        )
        for k in range(n):
            seat = (player + k) % n
            self.put(i + k, 1 if seat == current and not over else 0)
            self.put(i + m + k, len(hands[seat]))
            self.put(i + 2 * m + k, min(max(tokens[seat], 0), tokens_high))
            self.put(i + 3 * m + k, min(max(scores[seat], score_low), score_high))
            self.put(i + 4 * m + k, 1 if in_game[seat] else 0)
            self.put(i + 5 * m + k, 1 if in_round[seat] else 0)
        i = layout.piles
        self.put(i, min(engine.round, layout.round_high))
        self.put(i + 1, len(r.draw))
        self.put_counts(layout.discard, r.discard)
        self.put_counts(layout.out_of_play, r.out_of_play)
        self.put(layout.answering, 1 if r.answering and not over else 0)
        card_index = layout.card_index
        turn: list[int] = []
        forced: list[int] = []
        if not over:
            for card in r.turn_plays:
                turn.append(card_index[card])
            if r.forced >= 2 and r.forced_by:
                forced.append(card_index[r.forced_by])
        self.put_counts(layout.this_turn, turn)
        self.put_counts(layout.forced_by, forced)
        self.put_count(r)

    def put_count(self, r: Round) -> None:
        """Write the count's slots: its cards, the last play's card, the passes."""
        layout = self._layout
        history = r.history
        self.put_counts(layout.count, history)
        high = layout.count_high
        if len(history) > high:  # a count gone on past a reshuffle: shown at the bound
            start = layout.count
            for k in range(layout.cards):
                if self.shown[start + k] > high:
                    self.put(start + k, high)
        self.put_counts(layout.last_play, [r.last_card] if r.last_card >= 0 else [])
        self.put(layout.passes, min(r.passes, layout.seats))


class Actions:
    """The action index of each legal move, without hashing moves.

    Args:
        first: Each card id's first action.
        amounts: Each card id's amounts, in the card's order (empty for a
            card with one action).
        targets: For each card id with a choice, how many seats its actions
            name (1 for a card that names none).
        redraw: The redraw's action (-1 for none).
        silent: Where the silent plays' actions start (-1 for none): with
            ``announce="choose"``, the play of action ``a`` saying nothing
            is action ``silent + a``.
        repeats: For each card id with a choice that repeats the card before
            it, the action that repeats it (a play that makes no choice).
    """

    def __init__(
        self,
        first: dict[str, int],
        amounts: dict[str, list[int | None]],
        targets: dict[str, int],
        redraw: int,
        silent: int = -1,
        *,
        repeats: dict[str, int] | None = None,
    ) -> None:
        self.first = first
        self.amounts = amounts
        self.targets = targets
        self.redraw = redraw
        self.silent = silent
        self.repeats = repeats or {}

    def action(self, move: Move) -> int:
        """The action of ``move`` (a move of the variant)."""
        if not isinstance(move, Play):
            return self.redraw
        card = move.card
        action = self.first[card]
        amounts = self.amounts[card]
        if amounts:
            target = move.target
            if target is None and move.amount is None and card in self.repeats:
                return self.repeats[card]
            action += amounts.index(move.amount) * self.targets[card]
            if target is not None:
                action += target
        return action

    def of(self, moves: tuple[Move, ...]) -> list[int]:
        """The action of each of ``moves`` (moves of the variant, as the engine lists them).

        With silent plays, each play's silent action follows, after them all
        (see :meth:`silent_moves`).
        """
        actions = [self.action(move) for move in moves]
        silent = self.silent
        if silent >= 0:
            redraw = self.redraw
            actions += [silent + action for action in actions if action != redraw]
        return actions

    def silent_moves(self, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """``moves``, then with silent plays each play saying nothing: the moves of :meth:`of`."""
        if self.silent < 0:
            return moves
        return moves + tuple(unsaid(move) for move in moves if isinstance(move, Play))

    def legal(self, engine: Engine) -> list[int]:
        """The current player's legal actions, in the engine's order of its moves."""
        legal = engine.legal
        if legal is None:
            legal = engine.legal_moves()
        if self.silent >= 0:
            return self.of(legal)
        return [self.action(move) for move in legal]


class Mask:
    """One game's action mask, kept in a buffer that only the actions that changed are written to.

    Args:
        target: A writable buffer of one flag per action, all unset.
    """

    def __init__(self, target: Any) -> None:
        self.target = target
        self.set: list[int] = []

    def update(self, actions: list[int]) -> None:
        """Set the flags of ``actions``, and only theirs."""
        target = self.target
        for action in self.set:
            target[action] = False
        for action in actions:
            target[action] = True
        self.set = actions


def act(
    engine: Engine,
    action: int,
    *,
    actions: Actions,
    seat: int,
    picks: list[Any],
    variant: Variant,
) -> int:
    """Play ``action`` for ``seat`` (to move), then the others' quick players (:func:`play_quick`).

    Returns:
        -2 if ``action`` is not legal now (nothing is played), else what
        :func:`play_quick` returns.
    """
    legal = engine.legal
    if legal is None:
        legal = engine.legal_moves()
    silent = actions.silent
    if 0 <= silent <= action:
        # A play saying nothing: the legal play of the action it is the silent twin of.
        action -= silent
        for move in legal:
            if isinstance(move, Play) and actions.action(move) == action:
                engine.play_checked(unsaid(move))
                return play_quick(engine, seat, picks, variant)
        return ILLEGAL
    for move in legal:
        if actions.action(move) == action:
            engine.play_checked(move)
            return play_quick(engine, seat, picks, variant)
    return ILLEGAL


def play_quick(
    engine: Engine,
    seat: int,
    picks: list[Any],
    variant: Variant,
) -> int:
    """Play the other seats' quick players until ``seat`` is to move or out.

    ``picks`` holds each seat's ``pick`` method (``None`` for ``seat`` and
    for players that decide from an observation).

    Returns:
        The seat to move whose player needs an observation, or -1: ``seat``
        is to move, out of the game, or the game is over.

    Raises:
        IllegalMoveError: If a player picks an illegal move (the game is unchanged).
    """
    while engine.winner is None and engine.in_game[seat]:
        current = engine.current
        if current == seat:
            return -1
        pick = picks[current]
        if pick is None:
            return current
        legal = engine.legal
        if legal is None:
            legal = engine.legal_moves()
        engine.play_checked(pick(legal, engine.r.total, variant))
    return -1


def play_decided(
    engine: Engine,
    picks: list[Any],
    variant: Variant,
) -> int:
    """Play the quick players (``picks``) until a seat without one is to move.

    Returns:
        That seat (an agent's, or a player's that decides from an
        observation), or -1 once the game is over.

    Raises:
        IllegalMoveError: If a player picks an illegal move (the game is unchanged).
    """
    while engine.winner is None:
        current = engine.current
        pick = picks[current]
        if pick is None:
            return current
        legal = engine.legal
        if legal is None:
            legal = engine.legal_moves()
        engine.play_checked(pick(legal, engine.r.total, variant))
    return -1


def seat_done(engine: Engine, seat: int) -> bool:
    """Whether the game is over or ``seat`` is out of it."""
    return engine.winner is not None or not engine.in_game[seat]


def cut_short(engine: Engine) -> bool:
    """Whether the game ended at one of its limits (``round.max_game_plays``, ``max_rounds``)."""
    rules = engine.rules
    return engine.winner is not None and (
        len(engine.moves) >= rules.max_game_plays or engine.round >= rules.max_rounds
    )


def players_in(engine: Engine) -> int:
    """How many players are still in the game."""
    return engine.in_game.count(True)


class Agent:
    """One game of a batch, the agent at one seat: what a step of it needs, held between steps.

    Args:
        seat: The agent's seat.
        actions: The variant's actions.
        variant: The variant (what quick players are told).
        vector: Where the agent's vector is kept.
        mask: Where its action mask is kept.
        engine: The game's engine (:meth:`deal` follows the next game).
        picks: Each seat's quick player's ``pick`` (``None`` for the
            agent and players that decide from an observation).
    """

    def __init__(
        self,
        seat: int,
        actions: Actions,
        variant: Variant,
        vector: Vector,
        mask: Mask,
        *,
        engine: Engine,
        picks: list[Any],
    ) -> None:
        self.seat = seat
        self.actions = actions
        self.variant = variant
        self.vector = vector
        self.mask = mask
        self.engine = engine
        self.picks = picks

    def deal(self, engine: Engine, picks: list[Any], seat: int) -> None:
        """Follow a new game, the agent at ``seat``."""
        self.engine = engine
        self.picks = picks
        self.seat = seat

    def play(self, action: int) -> int:
        """Play ``action`` for the agent, then the others' quick players, as :func:`act` does.

        A game that already ended for the agent (before its first turn)
        plays nothing and gives -1.
        """
        engine = self.engine
        if seat_done(engine, self.seat):
            return -1
        return act(
            engine,
            action,
            actions=self.actions,
            seat=self.seat,
            picks=self.picks,
            variant=self.variant,
        )

    def show(self) -> None:
        """Write the agent's vector and mask now."""
        engine = self.engine
        self.vector.update(engine, self.seat)
        if seat_done(engine, self.seat):
            self.mask.update([])
        else:
            self.mask.update(self.actions.legal(engine))


DEAL = -3
"""What :func:`step_batch` says of a game that ended at the last step: deal a new one."""
ILLEGAL = -2
"""What :func:`act` and :func:`step_batch` say of an action that is not legal now."""


def step_batch(
    agents: list[Agent],
    chosen: list[int],
    rewards: list[float],
    ended: list[bool],
    truncated: list[bool],
) -> list[tuple[int, int]]:
    """Step each game of a batch whose step the kernel can play alone.

    A game that ``ended`` (or ``truncated``) says ended at the last step is
    left alone; ``rewards``, ``ended`` and ``truncated`` are set for the
    others (a game that ended for the agent before its first turn ends now,
    its action unplayed; one cut short at a limit is truncated, reward 0).

    Returns:
        The games left to the caller, each as ``(i, what)``: :data:`DEAL` (it
        had ended: deal a new one), :data:`ILLEGAL` (its action is not legal
        now: nothing was played), or the seat to move whose player decides
        from an observation (the agent's move was played).
    """
    left: list[tuple[int, int]] = []
    for i in range(len(agents)):
        if ended[i] or truncated[i]:
            ended[i] = truncated[i] = False
            rewards[i] = 0.0
            left.append((i, DEAL))
            continue
        agent = agents[i]
        mover = agent.play(chosen[i])
        if mover != -1:
            left.append((i, mover))
            continue
        engine = agent.engine
        seat = agent.seat
        if seat_done(engine, seat):
            if cut_short(engine):
                truncated[i] = True
            else:
                ended[i] = True
                rewards[i] = 1.0 if engine.winner == seat else -1.0
        agent.show()
    return left
