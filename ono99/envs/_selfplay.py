"""The self-play batch of the Gymnasium adapter: :class:`Ono99SelfPlayVectorEnv`.

It lives beside :mod:`ono99.envs.gymnasium`, which exports it (``make_vec``
with a list of seats makes one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.vector.utils import batch_space

from ono99._args import shown
from ono99._errors import ArgumentError, IllegalMoveError
from ono99.engine import Game

from ._actions import action_table
from ._common import Opponent, Opponents, Seeds, action_index, make_variant
from ._encoding import observation_encoder
from ._kernel import CUT, GOES_ON, OVER
from ._policy import play_batched
from ._seats import Seats
from ._universal import Widen, universal_of

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine import Move
    from ono99.loading import PathName

__all__ = [
    "AUTORESET",
    "SAME_STEP",
    "Ono99SelfPlayVectorEnv",
    "actions_of",
    "autoreset_arg",
    "batch_seeds",
    "final_observations",
    "seed_arg",
]

_MODES = getattr(gymnasium.vector, "AutoresetMode", None)  # Gymnasium 1.1 names the modes
AUTORESET = getattr(_MODES, "NEXT_STEP", "next-step")
"""How the vector environments reset a game that ended: at the next step (Gymnasium's default)."""
SAME_STEP = getattr(_MODES, "SAME_STEP", "same-step")
"""The other mode they offer: a game that ends is dealt afresh in the same step."""


def autoreset_arg(mode: object) -> Any:
    """``mode`` as one of the two autoreset modes; else :class:`~ono99.ArgumentError`.

    Gymnasium's ``AutoresetMode.NEXT_STEP`` or ``AutoresetMode.SAME_STEP``,
    or their values (``"NextStep"``, ``"SameStep"``), or ``"next-step"``,
    ``"same-step"``.
    """
    for known, names in (
        (AUTORESET, ("NextStep", "next-step")),
        (SAME_STEP, ("SameStep", "same-step")),
    ):
        if mode is known or (isinstance(mode, str) and mode in names):
            return known
    raise ArgumentError(
        "autoreset_mode",
        f"expected AutoresetMode.NEXT_STEP or AutoresetMode.SAME_STEP, got {shown(mode)}",
    )


def final_observations(
    observations: NDArray[np.float32], rows: Sequence[int]
) -> tuple[NDArray[np.object_], NDArray[np.bool_]]:
    """``info["final_obs"]`` and ``info["_final_obs"]``: the last observation of ``rows``."""
    final = np.full(len(observations), None, dtype=object)
    there = np.zeros(len(observations), np.bool_)
    for i in rows:
        final[i] = observations[i].copy()
        there[i] = True
    return final, there


def batch_seeds(seed: object, n: int) -> list[int | None]:
    """The seed of each of a batch's ``n`` games: ``seed + i`` for game ``i``, or each given.

    The one reading of a batch's ``reset(seed=...)``, for every batch: a whole
    number (game ``i`` dealt with ``seed + i``), ``None`` (each game its next
    seed), or a list of one of those for each game.

    Raises:
        ArgumentError: If ``seed`` is none of those (nothing is dealt).
    """
    if seed is None or (isinstance(seed, int | np.integer) and not isinstance(seed, bool)):
        first = seed_arg(seed)
        return [None if first is None else first + i for i in range(n)]
    if isinstance(seed, Sequence | np.ndarray) and not isinstance(seed, str | bytes):
        if len(seed) != n:
            raise ArgumentError("seed", f"expected one for each of the {n} games, got {len(seed)}")
        return [seed_arg(one) for one in seed]
    raise ArgumentError(
        "seed", f"expected a whole number, None or a list of them, got {shown(seed)}"
    )


def seed_arg(seed: object) -> int | None:
    """``seed`` as a whole number or ``None``; else :class:`~ono99.ArgumentError` says why."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ArgumentError("seed", f"expected a whole number or None, got {shown(seed)}")
    return int(seed)


# What _bind() makes again after unpickling, rather than pickle.
_MADE_BY_BIND = frozenset(
    ("_observations", "_masks", "_everywhere", "_seat_rows", "_seeds_seen", "_seed_rows")
)


class Ono99SelfPlayVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Many games of self-play at once: several learning seats of each game, a row each.

    Rows ``i * k`` to ``i * k + k - 1`` are game ``i``'s ``k`` learning
    ``seats``, in order; the other seats are played by ``opponents`` (names,
    players or policies, as for :class:`Ono99Env`). Each :meth:`step` plays,
    in each game, the action in the row of the seat to move, then the
    opponents until a learning seat is to move again; the game's other rows
    wait (their masks are all 0 and their actions are not read). So one
    batch of actions moves every game, the policy deciding for all its
    seats together: the rows are those SuperSuit's vector environments
    make of :func:`ono99.envs.pettingzoo.parallel_env` with the same
    learners, step for step (the tests compare the two), without them.

    Every row of a game stays to its end: a seat knocked out before then is
    rewarded -1 when it is; at the end the winner gets +1 and every other
    learning seat still in -1, and all the game's rows end together
    (``terminated``; ``truncated`` with 0 at a limit of the variant). A game
    that ended is dealt afresh at the next step (Gymnasium's "next step"
    autoreset), or, with ``autoreset_mode=AutoresetMode.SAME_STEP``, in the
    step it ends, its rows' last observations in ``info["final_obs"]`` (as
    for :class:`~ono99.envs.gymnasium.Ono99VectorEnv`). ``reset(seed=s)``
    seeds game ``i`` with ``s + i``.

    ``gymnasium.make_vec("ono99/Ono99-v1", num_envs=64, seat=[0, 1, 2, 3],
    players=4)`` makes one (16 games of 4 rows): a list of seats as
    ``seat``.

    Args:
        num_envs: How many rows: a multiple of the number of ``seats``.
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play in each game.
        seats: The learning seats of every game (by default all).
        house_rules: House rules to lay over the variant (ids or paths).
        opponents: Who plays the other seats (one for all, or one each).
        max_players: Pad the observation vectors to this many seats.
        render_mode: Taken for ``make_vec``'s sake; nothing is drawn.
        announce: ``"true_total"`` or ``"choose"``, as for :class:`Ono99Env`.
        autoreset_mode: When a game that ended is dealt afresh: at the next
            step (the default) or in the same step.
        spaces: ``"variant"``, ``"universal"`` or a version of it
            (``"universal-v0"``), as for :class:`Ono99Env`.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If ``num_envs``, the seats or the opponents are wrong.
        ArgumentError: If ``autoreset_mode`` is neither mode.

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> envs = gymnasium.make_vec("ono99/Ono99-v1", num_envs=8, seat=[0, 1], players=2)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations.shape, int(infos["action_mask"].any(axis=1).sum())  # a seat in each game
    ((8, 124), 4)
    """

    # "rows": a batch of the library's, which Ono99MixVectorEnv joins.
    metadata = {"autoreset_mode": AUTORESET, "rows": "ono99"}  # noqa: RUF012 - as VectorEnv declares it

    def __init__(
        self,
        num_envs: int = 2,
        variant: VariantLike = "ono99-2022",
        players: int = 2,
        *,
        seats: Sequence[int] | None = None,
        house_rules: Sequence[PathName] | PathName = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        max_players: int | None = None,
        render_mode: str | None = None,
        announce: str = "true_total",
        autoreset_mode: Any = AUTORESET,
        spaces: str = "variant",
    ) -> None:
        self.metadata = {"autoreset_mode": autoreset_arg(autoreset_mode), "rows": "ono99"}
        self._same_step = self.metadata["autoreset_mode"] is SAME_STEP
        self.universal = universal = universal_of(spaces, announce)
        if universal is not None:
            max_players = universal.max_players
        self.variant = loaded = make_variant(variant, house_rules)
        Game(loaded, players, 0)  # checks the player count now, not at reset
        given: list[object] = list(range(players)) if seats is None else list(seats)
        learners = [s for s in given if isinstance(s, int) and not isinstance(s, bool)]
        if (
            not learners
            or learners != given
            or sorted(set(learners)) != learners
            or not 0 <= learners[0] <= learners[-1] < players
        ):
            raise ValueError(
                f"seats: expected seats from 0 to {players - 1} in order, at least one, "
                f"got {seats!r}"
            )
        k = len(learners)
        count: object = num_envs  # typed int, but a caller may pass anything
        if isinstance(count, bool) or not isinstance(count, int) or count < k or count % k:
            raise ValueError(
                f"num_envs must be a multiple of the {k} learning seats, not {num_envs!r}"
            )
        self.num_envs = num_envs
        self.players = players
        self.seats = tuple(learners)
        self.render_mode = render_mode
        self.encoder = observation_encoder(loaded, players, max_players)
        self.table = action_table(loaded, announce=announce)
        opponents_of = Opponents(
            opponents,
            players - k,
            variant=loaded,
            players=players,
            max_players=self.encoder.max_players,
            announce=announce,
            spaces=spaces,
        )
        self.games = [
            Seats(
                loaded,
                players,
                learners=self.seats,
                opponents=opponents_of,
                encoder=self.encoder,
                table=self.table,
                seeds=Seeds(),
            )
            for _ in range(num_envs // k)
        ]
        self._wide = wide = Widen(universal, self.encoder, self.table)
        self.single_observation_space = gym_spaces.Box(wide.low, wide.high, dtype=np.float32)
        self.single_action_space = gym_spaces.Discrete(wide.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._bind()
        self._started = False
        self._over = [False] * len(self.games)
        self._cut = [False] * len(self.games)

    def _bind(self) -> None:
        k = len(self.seats)
        self._observations = np.zeros((self.num_envs, len(self.encoder)), np.float32)
        self._masks = np.zeros((self.num_envs, len(self.table)), np.int8)
        for i, game in enumerate(self.games):
            rows = slice(i * k, i * k + k)
            game.bind(list(self._observations[rows]), list(self._masks[rows]))
        # What every step's info holds that changes only with a deal, made once.
        self._everywhere = np.ones(self.num_envs, np.bool_)
        self._seat_rows = np.tile(self.seats, len(self.games))
        self._seeds_seen: list[int] = []
        self._seed_rows = np.zeros(self.num_envs, np.int64)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in _MADE_BY_BIND}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()
        for game in self.games:
            if game.game is not None:
                game.show()

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game in each (``seed + i`` for game ``i``, or each its next seed).

        Raises:
            ArgumentError: If ``seed`` is neither a whole number, ``None``,
                nor a list of one of those for each game (nothing is dealt).
        """
        n = len(self.games)
        seeds = batch_seeds(seed, n)
        for game, one in zip(self.games, seeds, strict=True):
            game.deal(one, stop=True)
        self._ask_batched(self.games)
        for game in self.games:
            game.show()
        self._started = True
        self._over = [False] * n
        self._cut = [False] * n
        return self._wide.vectors(self._observations), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play, in each game, the action of the seat to move (a game that ended is dealt afresh).

        Raises:
            ArgumentError: If ``actions`` are not one whole number for each
                row (nothing is played).
            IllegalMoveError: If the action of a seat to move is not legal
                (nothing is played).
        """
        if not self._started:
            raise RuntimeError("reset() the environment before using it")
        wide = self._wide
        given = actions_of(actions, self.num_envs, wide.actions)
        chosen = wide.natives(given)
        k = len(self.seats)
        checked = self._checked(given, chosen)
        over, cut = self._over, self._cut
        rewards = [0.0] * self.num_envs
        ended = [False] * self.num_envs
        truncated = [False] * self.num_envs
        dealt: set[int] = set()
        for i, game in enumerate(self.games):
            if over[i] or cut[i]:
                game.deal(None, stop=True)
                over[i] = cut[i] = False
                dealt.add(i)
            elif (to_play := checked[i]) is not None:
                game.play_move(to_play, stop=True)
        self._ask_batched(self.games)
        for i, game in enumerate(self.games):
            rows = game.rows
            if i not in dealt:
                state = rows.settle(rewards, i * k, game.out)
                if state != GOES_ON:
                    ended[i * k : i * k + k] = [state == OVER] * k
                    truncated[i * k : i * k + k] = [state == CUT] * k
                    over[i], cut[i] = state == OVER, state == CUT
            rows.show()
        final = None
        if self._same_step and (any(self._over) or any(self._cut)):
            done = [i for i in range(len(self.games)) if self._over[i] or self._cut[i]]
            final = final_observations(
                wide.vectors(self._observations), [i * k + j for i in done for j in range(k)]
            )
            for i in done:  # dealt afresh now, not at the next step
                self.games[i].deal(None, stop=True)
                self._over[i] = self._cut[i] = False
            self._ask_batched([self.games[i] for i in done])
            for i in done:
                self.games[i].show()
        info = self._info()
        if final is not None:
            info["final_obs"], info["_final_obs"] = final
        return (
            wide.vectors(self._observations),
            np.array(rewards),
            np.array(ended),
            np.array(truncated),
            info,
        )

    def _checked(self, given: list[int], chosen: list[int]) -> list[Move | None]:
        """The move of each game's seat to move (``None`` where none moves), all checked.

        Raises:
            IllegalMoveError: If the action of a seat to move is not legal.
        """
        wide = self._wide
        k = len(self.seats)
        checked: list[Move | None] = [None] * len(self.games)
        over, cut = self._over, self._cut
        for i, game in enumerate(self.games):  # every action checked before any is played
            if over[i] or cut[i]:
                continue
            rows = game.rows
            mover = rows.mover()
            if mover < 0:
                continue
            row = i * k + mover
            if chosen[row] < 0:
                move = wide.move(given[row])
                raise IllegalMoveError(
                    f"row {row}: action {given[row]}, {move!r}, is no move of {self.variant.id}",
                    given[row],
                )
            checked[i] = rows.move(chosen[row])
            if checked[i] is None:
                try:
                    game.check(chosen[row])  # not legal: it says why
                except IllegalMoveError as error:
                    raise IllegalMoveError(f"row {row}: {error}", error.move) from None
        return checked

    def _ask_batched(self, games: list[Seats]) -> None:
        """Play on the games where a batched opponent waits, asking each policy once a round."""
        waiting = [game for game in games if game.waiting >= 0]
        while waiting:
            play_batched([one for game in waiting if (one := game.waiter()) is not None])
            for game in waiting:
                game.play_on()
            waiting = [game for game in waiting if game.waiting >= 0]

    def _info(self) -> dict[str, Any]:
        seeds = [game.dealt().seed for game in self.games]
        if seeds != self._seeds_seen:
            self._seeds_seen = seeds
            self._seed_rows = np.repeat(seeds, len(self.seats))
        everywhere = self._everywhere
        return {
            "action_mask": self._wide.masks(self._masks),
            "_action_mask": everywhere.copy(),
            "seed": self._seed_rows.copy(),
            "_seed": everywhere.copy(),
            "seat": self._seat_rows.copy(),
            "_seat": everywhere.copy(),
        }


def actions_of(actions: Any, n: int, count: int) -> list[int]:
    """``actions`` as one action index for each of ``n`` rows, checked before any is played."""
    given = np.asarray(actions, dtype=object if isinstance(actions, list | tuple) else None)
    if given.shape != (n,):
        raise ArgumentError(
            "actions",
            f"expected one for each of the {n} games, got an array of shape {given.shape}",
        )
    if given.dtype.kind in "iu" and (not n or 0 <= given.min() <= given.max() < count):
        chosen: list[int] = given.tolist()  # Python ints already, each an action of the space
        return chosen
    return [action_index(action, count) for action in given.tolist()]
