"""The self-play batch of the Gymnasium adapter: :class:`Ono99SelfPlayVectorEnv`.

It lives beside :mod:`ono99.envs.gymnasium`, which exports it (``make_vec``
with a list of seats makes one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ono99._errors import IllegalMoveError
from ono99.engine import Game

from ._actions import action_table
from ._batch import AUTORESET, Batch, autoreset_arg
from ._common import Opponent, Opponents, Seeds, learning_seats, make_variant
from ._encoding import observation_encoder
from ._kernel import CUT, GOES_ON, OVER
from ._seats import Seats
from ._universal import Widen, universal_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine import Move
    from ono99.loading import PathName

    from ._policy import BatchedPlayer

__all__ = ["Ono99SelfPlayVectorEnv"]

# What _bind() makes again after unpickling, rather than pickle.
_MADE_BY_BIND = frozenset(("_observations", "_masks", "_seat_rows", "_seeds_seen", "_seed_rows"))


class Ono99SelfPlayVectorEnv(Batch):
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

    ``gymnasium.make_vec("ono99/Ono99-v2", num_envs=64, seat=[0, 1, 2, 3],
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
    >>> envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=8, seat=[0, 1], players=2)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations.shape, int(infos["action_mask"].any(axis=1).sum())  # a seat in each game
    ((8, 124), 4)
    """

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
        mode = autoreset_arg(autoreset_mode)
        self.universal = universal = universal_of(spaces, announce)
        if universal is not None:
            max_players = universal.max_players
        self.variant = loaded = make_variant(variant, house_rules)
        Game(loaded, players, 0)  # checks the player count now, not at reset
        learners = learning_seats(seats, players, "seats")
        k = len(learners)
        count: object = num_envs  # typed int, but a caller may pass anything
        if isinstance(count, bool) or not isinstance(count, int) or count < k or count % k:
            raise ValueError(
                f"num_envs must be a multiple of the {k} learning seats, not {num_envs!r}"
            )
        self.players = players
        self.seats = learners
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
        self._start(num_envs, k, Widen(universal, self.encoder, self.table), mode)
        self._bind()

    def _bind(self) -> None:
        k = len(self.seats)
        self._observations = np.zeros((self.num_envs, len(self.encoder)), np.float32)
        self._masks = np.zeros((self.num_envs, len(self.table)), np.int8)
        for i, game in enumerate(self.games):
            rows = slice(i * k, i * k + k)
            game.bind(list(self._observations[rows]), list(self._masks[rows]))
        # Each row's seat, which never changes, made once.
        self._seat_rows = np.tile(np.array(self.seats, np.int64), len(self.games))
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

    # ------------------------------------------- what the batch core asks of it

    def _deal(self, i: int, seed: int | None) -> None:
        self.games[i].deal(seed, stop=True)

    def _move(
        self,
        given: list[int],
        chosen: list[int],
        rewards: list[float],  # noqa: ARG002 - set by _settle
        illegal: list[str | None],  # noqa: ARG002 - an illegal action is raised
    ) -> list[tuple[int, bool]]:
        """Play, in each game, the action of the seat to move (one that ended is dealt afresh).

        Raises:
            IllegalMoveError: If the action of a seat to move is not legal
                (nothing is played).
        """
        checked = self._checked(given, chosen)
        k = len(self.seats)
        ended, truncated = self._ended, self._truncated
        moved = []
        for i, game in enumerate(self.games):
            at = i * k
            if ended[at] or truncated[at]:
                game.deal(None, stop=True)
                ended[at : at + k] = truncated[at : at + k] = [False] * k
                moved.append((i, True))
                continue
            if (to_play := checked[i]) is not None:
                game.play_move(to_play, stop=True)
            moved.append((i, False))
        return moved

    def _settle(self, i: int, rewards: list[float], illegal: list[str | None]) -> None:  # noqa: ARG002 - none here
        k = len(self.seats)
        game = self.games[i]
        state = game.rows.settle(rewards, i * k, game.out)
        if state != GOES_ON:
            self._ended[i * k : i * k + k] = [state == OVER] * k
            self._truncated[i * k : i * k + k] = [state == CUT] * k

    def _show(self, i: int) -> None:
        self.games[i].rows.show()

    def _waiter(self, i: int) -> tuple[Game, int, BatchedPlayer] | None:
        game = self.games[i]
        return game.waiter() if game.waiting >= 0 else None

    def _play_on(self, i: int) -> None:
        self.games[i].play_on()

    def _dealt_seeds(self) -> list[int]:
        return [game.dealt().seed for game in self.games]

    def _seats(self) -> NDArray[np.int64]:
        return self._seat_rows.copy()

    def _checked(self, given: list[int], chosen: list[int]) -> list[Move | None]:
        """The move of each game's seat to move (``None`` where none moves), all checked.

        Raises:
            IllegalMoveError: If the action of a seat to move is not legal.
        """
        wide = self._wide
        k = len(self.seats)
        checked: list[Move | None] = [None] * len(self.games)
        ended, truncated = self._ended, self._truncated
        for i, game in enumerate(self.games):  # every action checked before any is played
            if ended[i * k] or truncated[i * k]:
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
