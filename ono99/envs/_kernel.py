"""The environments' hot path: the legal actions of a game, and a step of a batch of games.

Each legal move has an action index (:class:`Actions`); an agent's step plays
the move of its action and then the other seats' quick players, and writes
the agent's vector and mask (:class:`Agent`, :func:`step_batch`); in a game
whose every seat is an agent, a step plays one move (:class:`Turns`); a game of
the self-play batch keeps its learning seats' rows (:class:`Rows`). It reaches
the engine only through the engine's face: the legal moves as the engine
keeps them (``legal_now``), its checked entry point for a move
(``Engine.play_checked``), the loop that plays quick players on
(``play_quick``), and what a seat sees written as numbers (``Vector``, the
one writer of the vector, which reads what :meth:`ono99.Game.observation`
shows and nothing else). It knows no rule.

Wheels built with mypyc compile it together with the engine
(``hatch_build.py``); it imports neither numpy nor the ecosystems' libraries,
so it compiles and runs without them.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

from ono99.engine import (
    Decline,
    Play,
    PutAside,
    Redraw,
    cut_short,
    hand_now,
    legal_now,
    play_decided,
    play_quick,
    players_in,
    seat_done,
    unsaid,
    won,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import Variant
    from ono99.engine import Engine, Move, SeatVectors, Vector

    # What Actions.known keeps of one tuple of legal moves: the tuple, its actions, the
    # moves with the silent plays, the actions in increasing order, each action's move.
    Known = tuple[tuple[Move, ...], list[int], tuple[Move, ...], list[int], dict[int, Move]]

__all__ = [
    "CUT",
    "DEAL",
    "GOES_ON",
    "ILLEGAL",
    "OVER",
    "Actions",
    "Agent",
    "Followed",
    "Mask",
    "Rows",
    "Turns",
    "act",
    "chances",
    "choice_rank",
    "step_batch",
]


_KNOWN = 1024  # the most tuples of legal moves an Actions keeps the actions of


def chances(counts: list[int], size: int) -> list[tuple[int, float]]:
    """Each kind of card ``counts`` holds any of, with its chance of being drawn of ``size``.

    (An OpenSpiel chance node's outcomes: a drawn card's, compiled.)
    """
    return [(kind, n / size) for kind, n in enumerate(counts) if n]


def choice_rank(positions: tuple[int, ...] | list[int]) -> int:
    """Where the choice of the hand's cards at ``positions`` (increasing) comes among its size's.

    The choices of ``k`` places of a hand are ranked in colexicographic order
    (the combinatorial number system): ``(0, 1), (0, 2), (1, 2), (0, 3), ...``,
    the rank of ``p_1 < ... < p_k`` being ``C(p_1, 1) + ... + C(p_k, k)``. So
    the choices within the first ``h`` places come first, whatever the hand's
    size: the 10 choices of 2 of 5 cards are the first 10 of the 15 of 2 of 6.
    """
    return sum(comb(p, i + 1) for i, p in enumerate(positions))


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
        declarations: For each card id whose player names something, what
            may be named, in order (innermost in the card's actions).
        plain: For each card id with a choice, the action that plays it with
            none (a repeat of the card before, or an answer to a reaction).
        decline: The action of :class:`~ono99.Decline` (-1 for none).
        plays: How many actions play cards with their choices (those a
            silent twin is made for); all of them when not given.
        laying: For each number of cards laid away at once
            (:class:`~ono99.PutAside`), where its choices' actions start.
        order: Each card id's place in the variant's order (the order the
            hand is sorted in to number the choices).
        hand_size: The most cards a hand holds when it lays cards away.
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
        declarations: dict[str, list[str]] | None = None,
        plain: dict[str, int] | None = None,
        decline: int = -1,
        plays: int | None = None,
        laying: dict[int, int] | None = None,
        order: dict[str, int] | None = None,
        hand_size: int = 0,
    ) -> None:
        self.first = first
        self.amounts = amounts
        self.targets = targets
        self.redraw = redraw
        self.silent = silent
        self.repeats = repeats or {}
        self.declarations = declarations or {}
        self.plain = {**self.repeats, **(plain or {})}
        self.decline = decline
        self.plays = plays
        self.laying = laying or {}
        self.order = order or {}
        self.hand_size = hand_size
        # What known() worked out, by the id of each tuple of legal moves (each entry
        # holds its tuple, so no other tuple can have that id).
        self.worked: dict[int, Known] = {}

    def known(self, legal: tuple[Move, ...], engine: Engine | None = None) -> Known:
        """The actions of ``legal``, a tuple of legal moves the engine handed out, worked out once.

        Ways of laying cards away (:class:`~ono99.PutAside`) are counted in
        the hand of ``engine``'s player to move (:meth:`laid`); ``engine``
        must be given for them.

        The engine hands out the same tuple for the same kinds of card
        playable, so each is worked out once and kept while it is (up to
        1,024 of them): the tuple, its actions (:meth:`of`), the moves with
        the silent plays (:meth:`silent_moves`), the actions in increasing
        order, and each action's move. Do not change them.
        """
        found = self.worked.get(id(legal))
        if found is None or found[0] is not legal:
            if len(self.worked) >= _KNOWN:
                self.worked.clear()
            if legal and type(legal[0]) is PutAside:
                if engine is None:
                    raise ValueError("the ways of laying cards away need the game's hand")
                actions = self.laid(legal, hand_now(engine))
            else:
                actions = self.of(legal)
            moves = self.silent_moves(legal)
            mapping = dict(zip(actions, moves, strict=True))
            found = (legal, actions, moves, sorted(actions), mapping)
            self.worked[id(legal)] = found
        return found

    def action(self, move: Move) -> int:
        """The action of ``move`` (a move of the variant)."""
        if not isinstance(move, Play):
            kind = type(move)
            if kind is Redraw:
                return self.redraw
            return self.decline if kind is Decline else -1  # a PutAside: laid()
        card = move.card
        action = self.first[card]
        amounts = self.amounts[card]
        if amounts:
            target = move.target
            if (
                target is None
                and move.amount is None
                and move.declare is None
                and card in self.plain
            ):
                return self.plain[card]
            named = self.declarations.get(card)
            if named is None:
                action += amounts.index(move.amount) * self.targets[card]
                if target is not None:
                    action += target
            else:
                pair = amounts.index(move.amount) * self.targets[card] + (target or 0)
                action += pair * len(named) + named.index(move.declare or "")
        return action

    def laid(self, moves: tuple[Move, ...], hand: Sequence[str]) -> list[int]:
        """The action of each of ``moves``, ways of laying cards of ``hand`` away.

        The hand is sorted in the variant's order of cards (:attr:`order`,
        stable); a way is the places of its cards in the sorted hand, each
        copy of a kind the first free place of that kind (so that a way is
        one action, however the hand's copies were dealt), ranked by
        :func:`choice_rank` after the actions of the ways of fewer cards.

        Raises:
            ValueError: If a move's cards are not in ``hand``, or the hand
                is longer than the table's hands.
        """
        order = self.order
        ranked = sorted(hand, key=order.__getitem__)
        if len(ranked) > self.hand_size:
            raise ValueError(
                f"a hand of {len(ranked)} cards lays cards away; the actions count "
                f"{self.hand_size}"
            )
        first: dict[str, int] = {}
        for i in range(len(ranked)):
            first.setdefault(ranked[i], i)
        actions = []
        for move in moves:
            cards = move.cards if isinstance(move, PutAside) else ()
            taken: dict[str, int] = {}
            places = []
            for card in sorted(cards, key=order.__getitem__):
                copy = taken.get(card, 0)
                taken[card] = copy + 1
                if card not in first or first[card] + copy >= len(ranked):
                    raise ValueError(f"the hand holds no {card} to lay away")
                places.append(first[card] + copy)
            actions.append(self.laying[len(places)] + choice_rank(places))
        return actions

    def of(self, moves: tuple[Move, ...]) -> list[int]:
        """The action of each of ``moves`` (moves of the variant, as the engine lists them).

        With silent plays, each play's silent action follows, after them all
        (see :meth:`silent_moves`).
        """
        actions = [self.action(move) for move in moves]
        silent = self.silent
        if silent >= 0:
            twinned = self.twinned
            actions += [silent + action for action in actions if twinned(action)]
        return actions

    def twinned(self, action: int) -> bool:
        """Whether play action ``action`` has a silent twin (not a redraw, answer or decline)."""
        plays = self.plays
        if plays is None:
            return action not in (self.redraw, self.decline)
        return action < plays

    def silent_moves(self, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """``moves``, then with silent plays each play saying nothing: the moves of :meth:`of`."""
        if self.silent < 0:
            return moves
        return moves + tuple(
            unsaid(move)
            for move in moves
            if isinstance(move, Play) and self.twinned(self.action(move))
        )

    def legal(self, engine: Engine) -> list[int]:
        """The current player's legal actions, in the engine's order of its moves."""
        moves = legal_now(engine)
        if moves and type(moves[0]) is PutAside:
            return self.known(moves, engine)[1]
        if self.silent >= 0:
            return self.of(moves)
        return [self.action(move) for move in moves]


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
        before = self.set
        if actions is before:
            return  # the very list last written (a position's actions are kept: Followed)
        target = self.target
        for action in before:
            if action not in actions:
                target[action] = False
        for action in actions:
            if action not in before:
                target[action] = True
        self.set = actions


_NONE: list[int] = []  # no legal action (never changed)


class Followed:
    """A game the kernel follows, with the legal actions of its position worked out once.

    The actions of the legal moves serve the check of an action, the move
    it plays and the mask alike, until the position changes (each tuple of
    legal moves worked out once: :meth:`Actions.known`).

    Args:
        actions: The variant's actions.
    """

    def __init__(self, actions: Actions) -> None:
        self.actions = actions
        # The legal moves last met (held, so an identity test is safe), their
        # actions, and the move of each action (silent plays included).
        self.legal: tuple[Move, ...] = ()
        self.legal_actions: list[int] = []
        self.moves: tuple[Move, ...] = ()

    def follow(self, engine: Engine) -> None:
        """Follow a new game."""
        self.engine = engine
        self.legal = ()
        self.legal_actions = []
        self.moves = ()

    def now(self) -> list[int]:
        """The legal actions of the player to move (do not change the list)."""
        legal = legal_now(self.engine)
        if legal is not self.legal:
            known = self.actions.known(legal, self.engine)
            self.legal, self.legal_actions, self.moves = known[0], known[1], known[2]
        return self.legal_actions

    def move(self, action: int) -> Move | None:
        """The move of ``action`` for the player to move, or ``None`` if it is not legal now."""
        actions = self.now()
        for i in range(len(actions)):
            if actions[i] == action:
                return self.moves[i]
        return None


class Turns(Followed):
    """One game whose every seat is an agent, one move a step: what the AEC environment runs.

    Each seat's vector and mask are written only when asked for
    (:meth:`show`).

    Args:
        actions: The variant's actions.
        vectors: Where every seat's vector is kept.
        masks: Where each seat's action mask is kept.
    """

    def __init__(self, actions: Actions, vectors: SeatVectors, masks: list[Mask]) -> None:
        super().__init__(actions)
        self.vectors = vectors
        self.masks = masks

    def deal(self, engine: Engine) -> None:
        """Follow a new game."""
        self.follow(engine)

    def show(self, seat: int) -> None:
        """Write ``seat``'s vector and mask now (its legal actions, none when not to move)."""
        engine = self.engine
        self.vectors.update(engine, seat)
        if seat == engine.current and engine.winner is None:
            self.masks[seat].update(self.now())
        else:
            self.masks[seat].update(_NONE)

    def play(self, action: int) -> int:
        """Play ``action`` for the player to move.

        Returns:
            :data:`ILLEGAL` if ``action`` is not legal now (nothing is
            played); else -1 if the game is over, or how many players are
            still in it.
        """
        move = self.move(action)
        if move is None:
            return ILLEGAL
        engine = self.engine
        engine.play_checked(move)
        return -1 if engine.winner is not None else players_in(engine)


class Rows(Followed):
    """One game of the self-play batch: its learning seats, a row each, all written every step.

    Args:
        actions: The variant's actions.
        learners: The learning seats, in order (row ``k`` is ``learners[k]``).
        vectors: Each row's vector.
        masks: Each row's action mask.
    """

    def __init__(
        self,
        actions: Actions,
        variant: Variant,
        learners: list[int],
        vectors: list[Vector],
        masks: list[Mask],
    ) -> None:
        super().__init__(actions)
        self.variant = variant
        self.learners = learners
        self.vectors = vectors
        self.masks = masks
        self.picks: list[Any] = []

    def deal(self, engine: Engine, picks: list[Any]) -> None:
        """Follow a new game, its quick players' ``pick`` at their seats (else ``None``)."""
        self.follow(engine)
        self.picks = picks

    def play(self, move: Move) -> int:
        """Play ``move`` (one of :meth:`move`'s), then the quick players (:func:`play_decided`).

        Returns:
            The seat of an opponent to move that decides from an observation,
            left to the caller; -1 once a learning seat is to move or the game
            is over.
        """
        engine = self.engine
        engine.play_checked(move)
        mover = play_decided(engine, self.picks, self.variant)
        if mover < 0 or mover in self.learners:
            return -1
        return mover

    def settle(self, rewards: list[float], at: int, out: set[int]) -> int:
        """Set the rows' rewards for the last step, from ``rewards[at]`` on.

        A learning seat knocked out gets -1 once (``out`` keeps those that
        have); at the end the winner's partners and it get +1, every other
        seat still in -1; a game cut short at a limit rewards nobody.

        Returns:
            :data:`GOES_ON`, :data:`OVER` once the game is over, or :data:`CUT`
            if it was cut short at a limit.
        """
        engine = self.engine
        over = engine.winner is not None
        cut = over and cut_short(engine)
        learners = self.learners
        for k in range(len(learners)):
            seat = learners[k]
            if cut or seat in out:
                continue
            if over:
                rewards[at + k] = 1.0 if won(engine, seat) else -1.0
            elif not engine.in_game[seat]:
                rewards[at + k] = -1.0
                out.add(seat)
        if cut:
            return CUT
        return OVER if over else GOES_ON

    def mover(self) -> int:
        """The row of the learning seat to move, or -1 (the game is over, or no row moves)."""
        engine = self.engine
        if engine.winner is not None:
            return -1
        current = engine.current
        learners = self.learners
        for k in range(len(learners)):
            if learners[k] == current:
                return k
        return -1

    def show(self) -> None:
        """Write every row's vector, and its mask (all 0 but the row of the seat to move)."""
        engine = self.engine
        current = engine.current if engine.winner is None else -1
        learners = self.learners
        for k in range(len(learners)):
            seat = learners[k]
            self.vectors[k].update(engine, seat)
            self.masks[k].update(self.now() if seat == current else _NONE)


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
    moves = legal_now(engine)
    silent = actions.silent
    if 0 <= silent <= action:
        # A play saying nothing: the legal play of the action it is the silent twin of.
        action -= silent
        for move in moves:
            if isinstance(move, Play) and actions.action(move) == action:
                engine.play_checked(unsaid(move))
                return play_quick(engine, seat, picks, variant)
        return ILLEGAL
    for move in moves:
        if actions.action(move) == action:
            engine.play_checked(move)
            return play_quick(engine, seat, picks, variant)
    if moves and type(moves[0]) is PutAside:  # ways of laying cards away
        known = actions.known(moves, engine)
        chosen = known[4].get(action)
        if chosen is not None:
            engine.play_checked(chosen)
            return play_quick(engine, seat, picks, variant)
    return ILLEGAL


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


GOES_ON = 0
"""What :meth:`Rows.settle` says of a game that goes on."""
OVER = 1
"""What :meth:`Rows.settle` says of a game that is over."""
CUT = 2
"""What :meth:`Rows.settle` says of a game cut short at one of the variant's limits."""
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
                rewards[i] = 1.0 if won(engine, seat) else -1.0
        agent.show()
    return left
