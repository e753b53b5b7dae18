"""A single-agent Gymnasium environment for any variant: ``ono99/Ono99-v2``.

Importing this module registers the environment, so either of these works::

    import gymnasium
    import ono99.envs.gymnasium

    env = gymnasium.make("ono99/Ono99-v2", variant="ono99-2022", players=2)
    env = gymnasium.make("ono99.envs.gymnasium:ono99/Ono99-v2", players=2)  # imports it

**Versions.** An id's spaces never change. ``ono99/Ono99-v2`` (the latest),
``ono99/Ono99-v1`` and ``ono99/Ono99-v0`` differ only in the universal
spaces (``spaces="universal"``, :class:`~ono99.envs.UniversalSpaces`):
version ``v2``'s under ``Ono99-v2`` (803 slots, 213 actions: ``v1``'s, then
the crib games'), ``v1``'s under ``Ono99-v1`` (685 slots, 193 actions: a
crib game is refused, naming ``v2``), version ``v0``'s under ``Ono99-v0``
(308 slots, 45 actions: the layout the variants shipped before ``noddy``
made, rebuilt exactly; a variant with cards or moves it lacks is refused,
naming the version that holds it). Gymnasium warns that ``Ono99-v0`` and
``Ono99-v1`` are out of date (a ``DeprecationWarning``).
``spaces="universal-v0"``, ``"universal-v1"`` or ``"universal-v2"`` names
a version under any id; the variant's own spaces (``spaces="variant"``)
are the same under every id.

The agent plays one seat (the same each game, or ``seat="random"``: a seat
drawn for each game); the others are played by built-in players
(:func:`ono99.list_strategies` names them), by any :class:`~ono99.Player`
objects given, or by policies (:class:`~ono99.envs.Policy`: a trained agent
as an opponent). An observation is the vector of
:class:`~ono99.envs.ObservationEncoder` (``max_players`` pads it, so one
policy plays every player count); the legal actions are in
``info["action_mask"]`` (``int8``, as ``env.action_space.sample(mask)``
wants) and :meth:`Ono99Env.action_masks` (``bool``, the name action-masking
algorithms look for).

The whole game is one episode: it ends (``terminated``) when the game is
won, or when the agent is knocked out of it. The reward is +1 for winning
the game and -1 for losing it, given at the end; every other step gives 0.
A game stopped at one of the variant's limits (``round.max_game_plays``,
``round.max_rounds``: a time limit) ends ``truncated``, with reward 0. An
illegal action also ends the episode, with -1 and ``info["illegal"]``
saying why (the game is left as it was); a value that is no action of the
space (``1.5``, ``"1"``, ``True``, ``None``, ``99``) is refused with
:class:`~ono99.ArgumentError`, the game unchanged: the policy of every
environment (see :mod:`ono99.envs`). In the rare game that
ends for the agent before its first turn (knocked out by the rules when it
has no safe play), :meth:`~Ono99Env.reset` shows an empty mask and the
first step tells the end, its action unplayed.

``render_mode="rgb_array"`` draws the table (:meth:`Ono99Env.render`), so
Gymnasium's ``RecordVideo`` and Stable-Baselines3's ``make_vec_env`` work;
``"ansi"`` and ``"human"`` give it as text. Environments pickle and copy
(``copy.deepcopy``) with their game, seeds and players, so subprocess
vector environments and searches can make them.

:class:`Ono99VectorEnv` plays many games at once, for
``gymnasium.make_vec``; :class:`Ono99SelfPlayVectorEnv` (``make_vec`` with
a list of seats) plays several learning seats of each, a row each, for
self-play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces as gym_spaces

from ono99.engine import Game, Vector, engine_of, play_checked, play_quick, seat_done, won

from ._actions import action_table
from ._batch import AUTORESET, Batch, autoreset_arg, seed_arg
from ._common import Opponent, Opponents, Seeds, action_index, cut_short, make_variant, seated
from ._encoding import observation_encoder
from ._kernel import (
    DEAL,
    ILLEGAL,
    Agent,
    Mask,
    step_batch,
)
from ._mix import Ono99MixVectorEnv
from ._policy import BatchedPlayer, PolicyPlayer
from ._render import table_image, table_text
from ._selfplay import Ono99SelfPlayVectorEnv
from ._universal import Widen, universal_of

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine import Player
    from ono99.loading import PathName

__all__ = [
    "ENV_ID",
    "Ono99Env",
    "Ono99MixVectorEnv",
    "Ono99SelfPlayVectorEnv",
    "Ono99VectorEnv",
]

ENV_ID = "ono99/Ono99-v2"
"""The latest id the environment is registered under (``ono99/Ono99-v0`` and
``ono99/Ono99-v1`` are the earlier)."""

_KERNEL = ("_vector", "_mask_writer", "_agent", "_picks")  # rebuilt, not pickled


def _seat_arg(seat: object, players: int) -> int | str:
    if seat == "random":
        return "random"
    if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < players:
        raise ValueError(f"seat must be one of 0 to {players - 1}, or 'random', not {seat!r}")
    return int(seat)


class Ono99Env(gymnasium.Env[Any, np.int64]):
    """One seat of a game of a variant; built-in players, players or policies take the others.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play (the agent included).
        house_rules: House rules to lay over the variant (ids or paths).
        opponents: Who plays the other seats: a strategy's name
            (``"random"``, ``"cautious"``...), a :class:`~ono99.Player` or a
            :class:`~ono99.envs.Policy` for all of them, or a list with one
            for each other seat in seat order. Named players are made at the
            first :meth:`reset` and at each one given a seed, seeded from
            it, and play on from game to game in between (so a seed
            reproduces every game after it). A policy reads the vectors the
            agent reads (the same ``max_players``).
        seat: The agent's seat, or ``"random"``: a seat drawn for each game
            (from the environment's seeds), the opponents taking the other
            seats in seat order.
        render_mode: ``"rgb_array"`` (:meth:`render` returns a picture of
            the table), ``"ansi"`` (the table as text), ``"human"`` (it
            prints it), or ``None``.
        max_players: Pad the observation vector to this many seats (see
            :class:`~ono99.envs.ObservationEncoder`); by default ``players``.
        announce: Where a rule judges what a move says of the total
            (``announce-the-total``): ``"true_total"``, the agent's actions
            announce the true total; ``"choose"``, each play also has an
            action saying nothing (see :class:`~ono99.envs.ActionTable`).
        spaces: ``"variant"``: the variant's own observation and action
            spaces; ``"universal"``: the spaces every shipped variant and
            house rule shares (:class:`~ono99.envs.UniversalSpaces`), so
            that one agent trains on a mix of them (``max_players`` is then
            theirs; a policy given as an opponent reads them too): the
            environment id's version of them (``ono99/Ono99-v2``'s ``v2``),
            or the latest made directly; ``"universal-v0"``,
            ``"universal-v1"`` or ``"universal-v2"``: that version.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If the seat, the opponents, the render mode, ``announce``
            or ``spaces`` are wrong (``spaces="universal"`` with a variant
            whose cards or moves no shipped variant has).

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> env = gymnasium.make("ono99/Ono99-v2", variant="ninety-nine", players=2)
    >>> observation, info = env.reset(seed=1)
    >>> observation.shape, env.action_space, int(info["action_mask"].sum()) > 0
    ((110,), Discrete(14), True)
    >>> action = env.action_space.sample(info["action_mask"])
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 2}  # noqa: RUF012 - as Env declares it

    def __init__(
        self,
        variant: VariantLike = "ono99-2022",
        players: int = 2,
        *,
        house_rules: Sequence[PathName] | PathName = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | str = 0,
        render_mode: str | None = None,
        max_players: int | None = None,
        announce: str = "true_total",
        spaces: str = "variant",
    ) -> None:
        self.universal = universal_of(spaces, announce)
        if self.universal is not None:
            max_players = self.universal.max_players
        self.variant = make_variant(variant, house_rules)
        Game(self.variant, players, 0)  # checks the player count now, not at reset
        self.seat = _seat_arg(seat, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be 'rgb_array', 'ansi', 'human' or None, not {render_mode!r}"
            )
        self.players = players
        self.render_mode = render_mode
        self.encoder = observation_encoder(self.variant, players, max_players)
        self._opponents = Opponents(
            opponents,
            players - 1,
            variant=self.variant,
            players=players,
            max_players=self.encoder.max_players,
            announce=announce,
            spaces=spaces,
        )
        self.opponents: tuple[str | Player, ...] = self._opponents.given
        self.table = action_table(self.variant, announce=announce)
        self._wide = Widen(self.universal, self.encoder, self.table)
        self.observation_space = gym_spaces.Box(self._wide.low, self._wide.high, dtype=np.float32)
        self.action_space = gym_spaces.Discrete(self._wide.actions)
        self._seeds = Seeds()
        self._made: list[Player] = []  # the opponents' players, once made
        self._seat = 0 if self.seat == "random" else int(self.seat)  # this game's
        self._seated: list[Player | None] = []
        self._picks: list[Any] = []
        self.game: Game | None = None
        self._waiting = -1  # the batched opponent's seat to move, when a batch asks it
        self._ended = False  # whether a step has told the episode's end
        self._agent: Agent | None = None  # made at the first deal
        self._bind(np.zeros(len(self.encoder), np.float32), np.zeros(len(self.table), np.int8))

    # ----------------------------------------------------------------- the API

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (``seed``, or the sequence's next seed); play to the agent's turn.

        Raises:
            ArgumentError: If ``seed`` is neither a whole number nor ``None``.
        """
        seed = seed_arg(seed)
        super().reset(seed=seed)
        game = self._deal(seed)
        self._ended = False
        return self._show(game)

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the others until it is the agent's turn again.

        Raises:
            ArgumentError: If ``action`` is no whole number (the game is unchanged).
            RuntimeError: Before the first :meth:`reset`, or after the episode's end.
        """
        game = self._require_game()
        if self._ended:
            raise RuntimeError("the episode is over: reset() the environment")
        index = action_index(action, self._wide.actions)
        # (A game that ended for the agent before its first turn plays nothing:
        # the end is told now.)
        what = self._play(game, self._wide.native(index))
        if what == ILLEGAL:
            self._ended = True
            observation, info = self._show(game)
            info["illegal"] = self._why_illegal(game, index)
            return observation, -1.0, True, False, info
        engine, seat = engine_of(game), self._seat  # the kernel reads the engine
        reward = 0.0
        done = self._ended = seat_done(engine, seat)
        truncated = done and cut_short(game)
        if done and not truncated:
            reward = 1.0 if won(engine, seat) else -1.0
        if self.render_mode == "human":
            self.render()
        observation, info = self._show(game)
        return observation, reward, done and not truncated, truncated, info

    def action_masks(self) -> NDArray[np.bool_]:
        """Which actions are legal now (all ``False`` once the episode is over)."""
        self._show(self._require_game())
        mask: NDArray[np.bool_] = self._wide.masks(self._mask[None])[0].astype(np.bool_)
        return mask

    def render(self) -> Any:
        """The table: a picture (``"rgb_array"``), text (``"ansi"``), or print it (``"human"``).

        The picture is a ``uint8`` array of shape ``(height, width, 3)``,
        the same for every game of the environment: the total, the way
        play goes, the last cards played, and each seat's cards (the
        agent's face up), tokens or points.
        """
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return table_image(self._require_game(), self._seat)
        text = table_text(self._require_game(), self._seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def __getstate__(self) -> dict[str, Any]:
        # The kernel's writers hold views of the arrays: they are made again.
        return {k: v for k, v in self.__dict__.items() if k not in _KERNEL}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._picks = [getattr(player, "pick", None) for player in self._seated]
        self._bind(self._array, self._mask)
        if self.game is not None:
            self._follow(self.game)

    # --------------------------------------------------------------- internals

    def _bind(self, observation: NDArray[np.float32], mask: NDArray[np.int8]) -> None:
        """Keep the agent's vector and mask in these arrays (rows of a batch, say)."""
        observation[:] = 0
        mask[:] = 0
        self._array = observation
        self._mask = mask
        self._vector = Vector(self.encoder.layout, observation.data)
        self._mask_writer = Mask(mask.data)
        self._agent = None

    def _deal(self, seed: int | None, *, stop: bool = False) -> Game:
        """Deal a new game (``seed``, or the sequence's next seed); play to the agent's turn.

        With ``stop``, play only to the first move of a batched opponent, if
        one comes first: :attr:`_waiting` says whose.
        """
        self.game = game = Game(self.variant, self.players, self._seeds.next(seed))
        if seed is not None or not self._made:
            self._made = self._opponents.make(self._seeds)
        if self.seat == "random":
            self._seat = self._seeds.spawn() % self.players
        self._seated = seated(self._made, [self._seat], self.players)
        # A quick player's pick() decides from the legal moves and the total alone.
        self._picks = [getattr(player, "pick", None) for player in self._seated]
        self._waiting = self._play_others(game, stop=stop)
        self._follow(game)
        return game

    def _follow(self, game: Game) -> None:
        """Point the kernel's agent at ``game``."""
        engine = engine_of(game)  # the kernel reads the engine
        if self._agent is None:
            self._agent = Agent(
                self._seat,
                self.table.kernel,
                self.variant,
                self._vector,
                self._mask_writer,
                engine=engine,
                picks=self._picks,
            )
        else:
            self._agent.deal(engine, self._picks, self._seat)

    def _play(self, game: Game, index: int) -> int:
        """Play action ``index`` for the agent, then the others up to its next turn.

        Returns:
            :data:`ILLEGAL` if the action is not legal now (nothing is played).
        """
        assert self._agent is not None  # noqa: S101 - made with the game
        what = self._agent.play(index)
        if what >= 0:
            self._play_others(game, what)
        return what

    def _why_illegal(self, game: Game, index: int) -> str:
        """Why action ``index`` (of the action space) is not legal now, in words."""
        wide = self._wide
        native = wide.native(index)
        if native < 0 <= index < wide.actions:
            return f"action {index}, {wide.move(index)!r}, is no move of {self.variant.id}"
        index = native
        reason = (
            self.table.why_illegal(game, index)
            if 0 <= index < len(self.table)
            else f"there is no action {index} (the actions are 0 to {len(self.table) - 1})"
        )
        return reason or f"action {index} is not legal now"

    def _play_others(self, game: Game, mover: int | None = None, *, stop: bool = False) -> int:
        """Let the others move until the agent is to move or the episode ends.

        ``mover`` is the seat to move, when known to be one whose player
        decides from an observation. With ``stop``, a batched opponent's
        move is left to the caller (the batch asks for many at once).

        Returns:
            The seat of the batched opponent to move (with ``stop``), else -1.
        """
        engine = engine_of(game)
        seat, picks, variant = self._seat, self._picks, self.variant
        if mover is None:
            mover = play_quick(engine, seat, picks, variant)
        while mover >= 0:
            player = self._seated[mover]
            if isinstance(player, PolicyPlayer):
                if stop and isinstance(player, BatchedPlayer):
                    return mover
                play_checked(game, player.choose_in(game, mover))
            else:
                assert player is not None  # noqa: S101 - only the agent's seat is empty
                play_checked(game, player.choose(game.observation(mover)))
            mover = play_quick(engine, seat, picks, variant)
        return -1

    def _show(self, game: Game) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """The agent's vector now, and the info: its action mask, the game's seed."""
        assert self._agent is not None  # noqa: S101 - made with the game
        self._agent.show()
        wide = self._wide
        mask = wide.masks(self._mask[None])[0]
        info = {"action_mask": mask, "seed": game.seed, "seat": self._seat}
        return wide.vectors(self._array[None])[0], info

    def _require_agent(self) -> Agent:
        if self._agent is None:
            raise RuntimeError("reset() the environment before using it")
        return self._agent

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game


# Gymnasium 1.1 names the autoreset modes; 1.0 knows only this one, "next step".


class Ono99VectorEnv(Batch):
    """Many games at once, the agent at one seat of each: a batched :class:`Ono99Env`.

    It gives what :class:`gymnasium.vector.SyncVectorEnv` over ``num_envs``
    :class:`Ono99Env` gives, step for step (the tests compare the two),
    with the observations and masks of all games written straight into
    batched arrays: observations of shape ``(num_envs, n)``,
    ``info["action_mask"]`` of shape ``(num_envs, actions)``, actions one
    per game. ``reset(seed=s)`` seeds game ``i`` with ``s + i``; a game that
    ended is dealt afresh at the next :meth:`step`, which ignores its action
    (Gymnasium's "next step" autoreset). It pickles and copies, as
    :class:`Ono99Env` does.

    ``gymnasium.make_vec("ono99/Ono99-v2", num_envs=64, ...)`` makes one,
    with :class:`Ono99Env`'s arguments.

    Args:
        num_envs: How many games.
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play in each game (the agent included).
        house_rules: House rules to lay over the variant (ids or paths).
        opponents: Who plays the other seats, as for :class:`Ono99Env`
            (player objects and policies given are shared by all games).
        seat: The agent's seat, or ``"random"`` (drawn for each game).
        max_players: Pad the observation vectors to this many seats.
        render_mode: Taken for ``make_vec``'s sake; the batch draws nothing
            (its games' :class:`Ono99Env` in ``envs`` do).
        announce: ``"true_total"`` or ``"choose"``, as for :class:`Ono99Env`.
        spaces: ``"variant"`` or ``"universal"``, as for :class:`Ono99Env`.
        autoreset_mode: When a game that ended is dealt afresh: at the next
            step (``AutoresetMode.NEXT_STEP``, the default), or in the step
            it ends (``AutoresetMode.SAME_STEP``, or ``"same-step"`` where
            Gymnasium names no modes): the step then returns the new game's
            first observation and mask in that row, the ended game's last
            observation being in ``info["final_obs"]`` (marked by
            ``info["_final_obs"]``). Stable-Baselines3 resets so
            (:mod:`ono99.envs.stable_baselines3`).

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If ``num_envs``, the seat or the opponents are wrong.
        ArgumentError: If ``autoreset_mode`` is neither mode.

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=8, variant="ninety-nine", players=2)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations.shape, infos["action_mask"].shape, envs.action_space
    ((8, 110), (8, 14), MultiDiscrete([14 14 14 14 14 14 14 14]))
    """

    def __init__(
        self,
        num_envs: int = 1,
        variant: VariantLike = "ono99-2022",
        players: int = 2,
        *,
        house_rules: Sequence[PathName] | PathName = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | str = 0,
        max_players: int | None = None,
        render_mode: str | None = None,
        announce: str = "true_total",
        autoreset_mode: Any = AUTORESET,
        spaces: str = "variant",
    ) -> None:
        mode = autoreset_arg(autoreset_mode)
        given: object = num_envs  # typed int, but a caller may pass anything
        if isinstance(given, bool) or not isinstance(given, int) or given < 1:
            raise ValueError(f"num_envs must be a whole number, 1 or more, not {num_envs!r}")
        loaded = make_variant(variant, house_rules)
        self.envs = [
            Ono99Env(
                loaded,
                players,
                opponents=opponents,
                seat=seat,
                max_players=max_players,
                render_mode=render_mode,
                announce=announce,
                spaces=spaces,
            )
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.universal = first.universal
        self.variant = loaded
        self.players = players
        self.seat = first.seat
        self.render_mode = render_mode
        self._start(num_envs, 1, first._wide, mode)
        self._bind()

    def _bind(self) -> None:
        """Make the batch's arrays, each game writing into its rows."""
        first = self.envs[0]
        self._observations = np.zeros((self.num_envs, len(first.encoder)), np.float32)
        self._masks = np.zeros((self.num_envs, len(first.table)), np.int8)
        for env, observation, mask in zip(self.envs, self._observations, self._masks, strict=True):
            env._bind(observation, mask)
        self._agents: list[Agent] = []  # the games' agents in the kernel, once dealt

    def __getstate__(self) -> dict[str, Any]:
        # The games' kernel objects write into the batch's rows: they are made again.
        return {k: v for k, v in self.__dict__.items() if k != "_agents"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()
        for env in self.envs:
            if env.game is not None:
                env._follow(env.game)
                assert env._agent is not None  # noqa: S101 - made by _follow
                env._agent.show()

    # ------------------------------------------- what the batch core asks of it

    def _deal(self, i: int, seed: int | None) -> None:
        self.envs[i]._deal(seed, stop=True)

    def _move(
        self,
        given: list[int],
        chosen: list[int],
        rewards: list[float],
        illegal: list[str | None],
    ) -> list[tuple[int, bool]]:
        """Play one action in each game: the kernel steps every game it can alone."""
        if not self._agents:
            self._agents = [env._require_agent() for env in self.envs]
        left = step_batch(self._agents, chosen, rewards, self._ended, self._truncated)
        # The rest are dealt, refused or played on here.
        for i, what in left:
            env = self.envs[i]
            if what == DEAL:
                env._deal(None, stop=True)
            elif what == ILLEGAL:
                illegal[i] = env._why_illegal(env._require_game(), given[i])
                env._waiting = -1
            else:  # the agent moved: the others play on to its next turn
                env._waiting = env._play_others(env._require_game(), what, stop=True)
        return [(i, what == DEAL) for i, what in left]

    def _settle(self, i: int, rewards: list[float], illegal: list[str | None]) -> None:
        env = self.envs[i]
        game = env._require_game()
        if illegal[i] is not None:
            self._ended[i], rewards[i] = True, -1.0
        elif seat_done(engine_of(game), env._seat):
            if cut_short(game):
                self._truncated[i] = True
            else:
                self._ended[i] = True
                rewards[i] = 1.0 if env._seat in game.winners else -1.0

    def _show(self, i: int) -> None:
        self.envs[i]._require_agent().show()

    def _waiter(self, i: int) -> tuple[Game, int, BatchedPlayer] | None:
        env = self.envs[i]
        seat = env._waiting
        if seat < 0:
            return None
        player = env._seated[seat]
        assert isinstance(player, BatchedPlayer)  # noqa: S101 - what _waiting holds
        return env._require_game(), seat, player

    def _play_on(self, i: int) -> None:
        env = self.envs[i]
        env._waiting = env._play_others(env._require_game(), stop=True)

    def _dealt_seeds(self) -> list[int]:
        return [env._require_game().seed for env in self.envs]

    def _seats(self) -> NDArray[np.int64]:
        if self.seat == "random":
            return np.array([env._seat for env in self.envs], np.int64)
        return np.full(self.num_envs, self.seat, np.int64)


def _make_vec(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``make_vec``'s entry point: a list of seats makes a self-play batch."""
    seat = kwargs.get("seat", 0)
    if isinstance(seat, Sequence) and not isinstance(seat, str):
        return Ono99SelfPlayVectorEnv(num_envs, seats=kwargs.pop("seat"), **kwargs)
    return Ono99VectorEnv(num_envs, **kwargs)


def _at(version: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with ``spaces="universal"`` pinned to the environment id's ``version``."""
    if kwargs.get("spaces") == "universal":
        return {**kwargs, "spaces": f"universal-{version}"}
    return kwargs


def _make_v0(**kwargs: Any) -> Ono99Env:
    """``ono99/Ono99-v0``'s entry point: its universal spaces are version ``v0``'s."""
    return Ono99Env(**_at("v0", kwargs))


def _make_vec_v0(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``ono99/Ono99-v0``'s ``make_vec`` entry point."""
    return _make_vec(num_envs, **_at("v0", kwargs))


def _make_v1(**kwargs: Any) -> Ono99Env:
    """``ono99/Ono99-v1``'s entry point: its universal spaces are version ``v1``'s."""
    return Ono99Env(**_at("v1", kwargs))


def _make_vec_v1(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``ono99/Ono99-v1``'s ``make_vec`` entry point."""
    return _make_vec(num_envs, **_at("v1", kwargs))


def _make_v2(**kwargs: Any) -> Ono99Env:
    """``ono99/Ono99-v2``'s entry point: its universal spaces are version ``v2``'s."""
    return Ono99Env(**_at("v2", kwargs))


def _make_vec_v2(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``ono99/Ono99-v2``'s ``make_vec`` entry point."""
    return _make_vec(num_envs, **_at("v2", kwargs))


# Documented and pickled as this module's, where users find it.
Ono99SelfPlayVectorEnv.__module__ = __name__

for _version in ("v0", "v1", "v2"):
    if f"ono99/Ono99-{_version}" not in gymnasium.registry:
        gymnasium.register(
            id=f"ono99/Ono99-{_version}",
            entry_point=f"{__name__}:_make_{_version}",
            vector_entry_point=f"{__name__}:_make_vec_{_version}",
        )
