"""A single-agent Gymnasium environment for any variant: ``ono99/Ono99-v0``.

Importing this module registers the environment, so either of these works::

    import gymnasium
    import ono99.envs.gymnasium

    env = gymnasium.make("ono99/Ono99-v0", variant="ono99-2022", players=2)
    env = gymnasium.make("ono99.envs.gymnasium:ono99/Ono99-v0", players=2)  # imports it

The agent plays one seat; the others are played by built-in players
(:func:`ono99.list_strategies` names them) or by any
:class:`~ono99.Player` objects given. An observation is the vector of
:class:`~ono99.envs.ObservationEncoder`; the legal actions are in
``info["action_mask"]`` and :meth:`Ono99Env.action_masks` (the name
action-masking algorithms look for).

The whole game is one episode: it ends (``terminated``) when the game is
won, or when the agent is knocked out of it. The reward is +1 for winning
the game and -1 for losing it, given at the end; every other step gives 0.
An illegal action also ends the episode, with -1 and ``info["illegal"]``
saying why (the game is left as it was). In the rare game that ends for the
agent before its first turn (knocked out by the rules when it has no safe
play), :meth:`~Ono99Env.reset` shows an empty mask and the first step tells
the end, its action unplayed.

:class:`Ono99VectorEnv` plays many games at once, for
``gymnasium.make_vec``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from ono99.engine._game import Game, engine_of
from ono99.players._factory import make_player

from ._actions import action_table
from ._common import Seeds, make_variant
from ._encoding import observation_encoder
from ._kernel import (
    DEAL,
    ILLEGAL,
    Agent,
    Mask,
    Vector,
    play_quick,
    seat_done,
    step_batch,
)
from ._render import table_text

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine._protocols import Player
    from ono99.loading._files import PathName

__all__ = ["ENV_ID", "Ono99Env", "Ono99VectorEnv"]

ENV_ID = "ono99/Ono99-v0"
"""The id the environment is registered under."""

Opponent = "str | Player"


class Ono99Env(gymnasium.Env[Any, np.int64]):
    """One seat of a game of a variant; built-in players take the others.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play (the agent included).
        house_rules: House rules to lay over the variant (ids or paths).
        opponents: Who plays the other seats: a strategy's name
            (``"random"``, ``"cautious"``...) or a :class:`~ono99.Player`
            for all of them, or a list with one for each other seat in seat
            order. Named players are made at the first :meth:`reset` and
            at each one given a seed, seeded from it, and play on from game
            to game in between (so a seed reproduces every game after it).
        seat: The agent's seat.
        render_mode: ``"ansi"`` (:meth:`render` returns the table as text),
            ``"human"`` (it prints it), or ``None``.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If the seat, the opponents or the render mode are wrong.

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> env = gymnasium.make("ono99/Ono99-v0", variant="ninety-nine", players=2)
    >>> observation, info = env.reset(seed=1)
    >>> observation.shape, env.action_space, int(info["action_mask"].sum()) > 0
    ((83,), Discrete(14), True)
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 - as Env declares it

    def __init__(
        self,
        variant: VariantLike = "ono99-2022",
        players: int = 2,
        *,
        house_rules: Sequence[PathName] | PathName = (),
        opponents: str | Player | Sequence[str | Player] = "random",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        self.variant = make_variant(variant, house_rules)
        Game(self.variant, players, 0)  # checks the player count now, not at reset
        given: object = seat  # typed int, but a caller may pass anything
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < players:
            raise ValueError(f"seat must be one of 0 to {players - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        others = players - 1
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            opponents = [opponents] * others
        if len(opponents) != others:
            raise ValueError(
                f"opponents: expected one for each of the {others} other seats, "
                f"got {len(opponents)}"
            )
        for opponent in opponents:
            if isinstance(opponent, str):
                make_player(opponent, 0)  # an unknown name fails now, with the known ones
            elif not callable(getattr(opponent, "choose", None)):
                raise ValueError(
                    f"opponents: {opponent!r} is neither a strategy's name nor a player "
                    "(an object with a choose(observation) method)"
                )
        self.players = players
        self.seat = seat
        self.render_mode = render_mode
        self.opponents: tuple[str | Player, ...] = tuple(opponents)
        self.table = action_table(self.variant)
        self.encoder = observation_encoder(self.variant, players)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.table))
        self._seeds = Seeds()
        self._seated: list[Player | None] = []
        self._picks: list[Any] = []
        self.game: Game | None = None
        self._ended = False  # whether a step has told the episode's end
        self._agent: Agent | None = None  # made at the first deal
        self._bind(np.zeros(len(self.encoder), np.float32), np.zeros(len(self.table), np.bool_))

    # ----------------------------------------------------------------- the API

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (``seed``, or the sequence's next seed); play to the agent's turn."""
        super().reset(seed=seed)
        game = self._deal(seed)
        self._ended = False
        return self._show(game)

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the others until it is the agent's turn again."""
        game = self._require_game()
        if self._ended:
            raise RuntimeError("the episode is over: reset() the environment")
        index = int(action)
        # (A game that ended for the agent before its first turn plays nothing:
        # the end is told now.)
        what = self._play(game, index)
        if what == ILLEGAL:
            self._ended = True
            observation, info = self._show(game)
            info["illegal"] = self._why_illegal(game, index)
            return observation, -1.0, True, False, info
        engine, seat = engine_of(game), self.seat  # the kernel reads the engine
        reward = 0.0
        done = self._ended = seat_done(engine, seat)
        if done:
            reward = 1.0 if engine.winner == seat else -1.0
        if self.render_mode == "human":
            self.render()
        observation, info = self._show(game)
        return observation, reward, done, False, info

    def action_masks(self) -> NDArray[np.bool_]:
        """Which actions are legal now (all ``False`` once the episode is over)."""
        self._show(self._require_game())
        return self._mask.copy()

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or print it (``"human"``)."""
        if self.render_mode is None:
            return None
        text = table_text(self._require_game(), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --------------------------------------------------------------- internals

    def _seat_players(self) -> None:
        """Seat the opponents: named ones made afresh, seeded from the environment's seeds."""
        seated: list[Player | None] = []
        for seat in range(self.players):
            if seat == self.seat:
                seated.append(None)
                continue
            opponent = self.opponents[seat if seat < self.seat else seat - 1]
            if isinstance(opponent, str):
                opponent = make_player(opponent, self._seeds.spawn())
            seated.append(opponent)
        self._seated = seated
        # A quick player's pick() decides from the legal moves and the total alone.
        self._picks = [getattr(player, "pick", None) for player in seated]

    def _bind(self, observation: NDArray[np.float32], mask: NDArray[np.bool_]) -> None:
        """Keep the agent's vector and mask in these arrays (rows of a batch, say)."""
        self._array = observation
        self._mask = mask
        self._vector = Vector(self.encoder._layout, observation.data)
        self._mask_writer = Mask(mask.data)
        self._agent = None

    def _deal(self, seed: int | None) -> Game:
        """Deal a new game (``seed``, or the sequence's next seed); play to the agent's turn."""
        self.game = game = Game(self.variant, self.players, self._seeds.next(seed))
        if seed is not None or not self._seated:
            self._seat_players()
        self._play_others(game)
        engine = engine_of(game)  # the kernel reads the engine
        if self._agent is None:
            self._agent = Agent(
                self.seat,
                self.table._actions,
                self.variant,
                self._vector,
                self._mask_writer,
                engine=engine,
                picks=self._picks,
            )
        else:
            self._agent.deal(engine, self._picks)
        return game

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
        """Why action ``index`` is not legal now, in words."""
        reason = (
            game.why_illegal(self.table.moves[index])
            if 0 <= index < len(self.table)
            else f"there is no action {index} (the actions are 0 to {len(self.table) - 1})"
        )
        return reason or f"action {index} is not legal now"

    def _play_others(self, game: Game, mover: int | None = None) -> None:
        """Let the others move until the agent is to move or the episode ends.

        ``mover`` is the seat to move, when known to be one whose player
        decides from an observation.
        """
        engine = engine_of(game)
        seat, picks, variant = self.seat, self._picks, self.variant
        if mover is None:
            mover = play_quick(engine, seat, picks, variant)
        while mover >= 0:
            player = self._seated[mover]
            assert player is not None  # noqa: S101 - only the agent's seat is empty
            game.play(player.choose(game.observation(mover)))
            mover = play_quick(engine, seat, picks, variant)

    def _show(self, game: Game) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """The agent's vector now, and the info: its action mask, the game's seed."""
        assert self._agent is not None  # noqa: S101 - made with the game
        self._agent.show()
        return self._array.copy(), {"action_mask": self._mask.copy(), "seed": game.seed}

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game


# Gymnasium 1.1 names the autoreset modes; 1.0 knows only this one, "next step".
_AUTORESET = getattr(getattr(gymnasium.vector, "AutoresetMode", None), "NEXT_STEP", "next-step")


class Ono99VectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Many games at once, the agent at one seat of each: a batched :class:`Ono99Env`.

    It gives what :class:`gymnasium.vector.SyncVectorEnv` over ``num_envs``
    :class:`Ono99Env` gives, step for step (the tests compare the two),
    with the observations and masks of all games written straight into
    batched arrays: observations of shape ``(num_envs, n)``,
    ``info["action_mask"]`` of shape ``(num_envs, actions)``, actions one
    per game. ``reset(seed=s)`` seeds game ``i`` with ``s + i``; a game that
    ended is dealt afresh at the next :meth:`step`, which ignores its action
    (Gymnasium's "next step" autoreset).

    ``gymnasium.make_vec("ono99/Ono99-v0", num_envs=64, ...)`` makes one,
    with :class:`Ono99Env`'s arguments.

    Args:
        num_envs: How many games.
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play in each game (the agent included).
        house_rules: House rules to lay over the variant (ids or paths).
        opponents: Who plays the other seats, as for :class:`Ono99Env`
            (player objects given are shared by all games).
        seat: The agent's seat.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If ``num_envs``, the seat or the opponents are wrong.

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> envs = gymnasium.make_vec("ono99/Ono99-v0", num_envs=8, variant="ninety-nine", players=2)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations.shape, infos["action_mask"].shape, envs.action_space
    ((8, 83), (8, 14), MultiDiscrete([14 14 14 14 14 14 14 14]))
    """

    metadata = {"autoreset_mode": _AUTORESET}  # noqa: RUF012 - as VectorEnv declares it

    def __init__(
        self,
        num_envs: int = 1,
        variant: VariantLike = "ono99-2022",
        players: int = 2,
        *,
        house_rules: Sequence[PathName] | PathName = (),
        opponents: str | Player | Sequence[str | Player] = "random",
        seat: int = 0,
    ) -> None:
        given: object = num_envs  # typed int, but a caller may pass anything
        if isinstance(given, bool) or not isinstance(given, int) or given < 1:
            raise ValueError(f"num_envs must be a whole number, 1 or more, not {num_envs!r}")
        loaded = make_variant(variant, house_rules)
        self.envs = [
            Ono99Env(loaded, players, opponents=opponents, seat=seat) for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.variant = loaded
        self.players = players
        self.seat = seat
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self._observations = np.zeros((num_envs, len(first.encoder)), np.float32)
        self._masks = np.zeros((num_envs, len(first.table)), np.bool_)
        for env, observation, mask in zip(self.envs, self._observations, self._masks, strict=True):
            env._bind(observation, mask)  # each game writes into its rows of the batch
        self._agents: list[Agent] = []  # made at the first reset
        self._ended = [False] * num_envs

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game in each (``seed + i`` for game ``i``, or each its next seed)."""
        n = self.num_envs
        seeds: Sequence[int | None]
        if seed is None:
            seeds = [None] * n
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = seed
            if len(seeds) != n:
                raise ValueError(f"seed: expected one for each of the {n} games, got {len(seeds)}")
        agents = []
        for i, env in enumerate(self.envs):
            env._deal(seeds[i])
            agent = env._agent
            assert agent is not None  # noqa: S101 - made with the game
            agent.show()
            agents.append(agent)
        self._agents = agents
        self._ended = [False] * n
        return self._observations.copy(), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play one action in each game (a game that ended is dealt afresh instead)."""
        if not self._agents:
            raise RuntimeError("reset() the environment before using it")
        n = self.num_envs
        try:
            given = np.asarray(actions, dtype=np.int64)
        except (TypeError, ValueError):
            raise ValueError(f"actions: expected {n} action indices, got {actions!r}") from None
        if given.shape != (n,):
            raise ValueError(
                f"actions: expected one for each of the {n} games, got an array of shape "
                f"{given.shape}"
            )
        chosen = given.tolist()
        rewards = [0.0] * n
        ended = self._ended
        illegal: list[str | None] = [None] * n
        seat = self.seat
        # The kernel steps every game it can alone; the rest are dealt, refused or
        # played on here.
        for i, what in step_batch(self._agents, chosen, rewards, ended):
            env, agent = self.envs[i], self._agents[i]
            game = env.game
            assert game is not None  # noqa: S101 - every game was dealt at reset
            if what == DEAL:
                game = env._deal(None)
            else:
                if what == ILLEGAL:
                    illegal[i] = env._why_illegal(game, int(chosen[i]))
                else:  # the agent moved: the others play on to its next turn
                    env._play_others(game, what)
                if illegal[i] is not None:
                    ended[i], rewards[i] = True, -1.0
                elif seat_done(engine_of(game), seat):
                    ended[i] = True
                    rewards[i] = 1.0 if game.winner == seat else -1.0
            agent.show()
        info = self._info()
        if any(reason is not None for reason in illegal):
            info["illegal"] = np.array(illegal, dtype=object)
            info["_illegal"] = np.array([reason is not None for reason in illegal])
        return (
            self._observations.copy(),
            np.array(rewards),
            np.array(ended),
            np.zeros(n, np.bool_),
            info,
        )

    def _info(self) -> dict[str, Any]:
        everywhere = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self._masks.copy(),
            "_action_mask": everywhere,
            "seed": np.array([env.game.seed for env in self.envs if env.game is not None]),
            "_seed": everywhere.copy(),
        }


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point=f"{__name__}:Ono99Env",
        vector_entry_point=f"{__name__}:Ono99VectorEnv",
    )
