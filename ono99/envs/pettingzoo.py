"""A PettingZoo AEC environment for any variant.

::

    from ono99.envs.pettingzoo import env

    table = env(variant="ono99-2022", players=4, seed=1)
    table.reset()
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            action = None
        else:
            mask = observation["action_mask"]
            action = int(mask.nonzero()[0][0])  # your policy here
        table.step(action)

Agents are ``"player_0"``, ``"player_1"``..., one per seat. Each observation
is a dict: ``"observation"``, the vector of
:class:`~ono99.envs.ObservationEncoder` (what that player may know, with
seats counted from theirs), and ``"action_mask"``, 1 for each legal action of
the variant's :class:`~ono99.envs.ActionTable` (all 0 when it is not the
agent's turn).

Rewards: the whole game (every round of a token or points match) is one
episode. A player knocked out of the game gets -1 then and is terminated;
when the game ends the winner gets +1 and every player still in it -1. So
each agent's return is +1 if it won the game and -1 if not, whatever the
scoring of the variant.

Actions follow the policy of every environment (see :mod:`ono99.envs`): a
value that is no action of the space is an :class:`~ono99.ArgumentError`;
an illegal one ends the game with -1 for the agent that chose it in
:func:`env` and :func:`parallel_env`, and is an
:class:`~ono99.IllegalMoveError` in :class:`raw_env`.

**The state** (``state()``, in ``state_space``; the names of its slots in
``state_names``) is the whole table as one vector, for a centralised critic
(QMIX, MAPPO and the like): seat 0's observation vector, then what the
player to move still owes, every hand by card, the draw pile by card, and
the draw pile in order, top card first (see :class:`~ono99.envs.TableState`
for each slot). It is **hidden information**: every hand and the order of
the cards to come. Train a critic on it, never a policy that plays: a policy
must act on its own agent's observation alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ono99._args import shown
from ono99._errors import ArgumentError, IllegalMoveError
from ono99.engine import Game, SeatVectors, engine_of, players_in

from ._actions import action_table
from ._common import (
    Opponent,
    Opponents,
    Seeds,
    action_index,
    cut_short,
    learning_seats,
    make_variant,
)
from ._encoding import observation_encoder
from ._kernel import ILLEGAL, Mask, Turns
from ._render import table_image, table_text
from ._seats import Seats
from ._state import TableState

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import VariantLike
    from ono99.loading import PathName

    from ._actions import ActionTable
    from ._encoding import ObservationEncoder

__all__ = ["Ono99ParallelEnv", "env", "parallel_env", "raw_env"]

Observation = dict[str, Any]


def _render_mode(render_mode: str | None, metadata: dict[str, Any]) -> str | None:
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise ValueError(
            f"render_mode must be 'rgb_array', 'ansi', 'human' or None, not {render_mode!r}"
        )
    return render_mode


def _spaces(
    encoder: ObservationEncoder, table: ActionTable
) -> tuple[spaces.Dict, spaces.Discrete, TableState]:
    """An agent's observation and action spaces, and the table's state, as both forms show them.

    The AEC and the parallel environment build them here alone, so that they
    cannot drift apart: every agent's observation is a dict of the
    observation vector and the action mask, its action one of the variant's.
    """
    observation = spaces.Dict(
        {
            "observation": spaces.Box(encoder.low, encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(table),), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(len(table)), TableState(encoder)


def _render(render_mode: str | None, game: Game, seat: int | None) -> Any:
    """What ``render()`` gives in ``render_mode``, ``seat``'s hand face up."""
    if render_mode is None:
        return None
    if render_mode == "rgb_array":
        return table_image(game, seat)
    text = table_text(game, seat)
    if render_mode == "human":
        print(text)
        return None
    return text


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name for it
    """The PettingZoo AEC environment of a variant, without PettingZoo's checking wrappers.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play.
        house_rules: House rules to lay over the variant (ids or paths).
        render_mode: ``"rgb_array"`` (:meth:`render` returns a picture of
            the table, an ``(height, width, 3)`` array of ``uint8``),
            ``"ansi"`` (the table as text), ``"human"`` (it prints it), or
            ``None``.
        seed: The seed of the first game's shuffles, and of every later
            game's seed; :meth:`reset` may give another.
        max_players: Pad the observation vectors to this many seats.
        announce: Where a rule judges what a move says of the total
            (``announce-the-total``): ``"true_total"``, the actions announce the
            true total; ``"choose"``, each play also has an action saying
            nothing (see :class:`~ono99.envs.ActionTable`).

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If the render mode or ``announce`` is wrong.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "ono99_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        variant: VariantLike = "ono99-2022",
        players: int = 4,
        house_rules: Sequence[PathName] | PathName = (),
        render_mode: str | None = None,
        seed: int | None = None,
        *,
        max_players: int | None = None,
        announce: str = "true_total",
    ) -> None:
        super().__init__()
        self.variant = make_variant(variant, house_rules)
        Game(self.variant, players, 0)  # checks the player count now, not at reset
        self.render_mode = _render_mode(render_mode, self.metadata)
        self.players = players
        self.table = action_table(self.variant, announce=announce)
        self.encoder = observation_encoder(self.variant, players, max_players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space, self._action_space, self._state = _spaces(
            self.encoder, self.table
        )
        self._action_count = len(self.table)
        self.state_space = spaces.Box(self._state.low, self._state.high, dtype=np.float32)
        """The space of :meth:`state`."""
        self.state_names = self._state.names
        """The name of each slot of :meth:`state`."""
        self._seeds = Seeds(seed)
        self.game: Game | None = None
        self._bind()
        # True while no reward is due and no agent is terminated, with
        # _players_in players in the game: a move that knocks nobody out and
        # ends nothing then leaves rewards, terminations and agents as they are.
        self._quiet = False
        self._players_in = players

    def _bind(self) -> None:
        """Keep every seat's vector up to date slot by slot, to be gathered out.

        What all seats see is kept once (see :class:`~ono99.engine.SeatVectors`):
        a seat's observation is ``self._vectors[self._places[seat]]``.
        """
        players, layout = self.players, self.encoder.layout
        self._vectors = np.zeros(layout.size * (players + 1), np.float32)
        self._places = [np.array(layout.places(seat), np.intp) for seat in range(players)]
        seats = SeatVectors(layout, self._vectors.data)
        self._masks = [np.zeros(len(self.table), np.int8) for _ in range(players)]
        masks = [Mask(mask.data) for mask in self._masks]
        self._turns = Turns(self.table.kernel, seats, masks)
        if self.game is not None:
            self._turns.deal(engine_of(self.game))

    def __getstate__(self) -> dict[str, Any]:
        # The writers hold views of the arrays: they are made again.
        kernel = ("_vectors", "_places", "_masks", "_turns")
        return {k: v for k, v in self.__dict__.items() if k not in kernel}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    def observation_space(self, agent: str) -> spaces.Space[Any]:  # noqa: ARG002 - one for all
        """The space of ``agent``'s observations (the same for every agent)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:  # noqa: ARG002 - one for all
        """The space of ``agent``'s actions: the variant's ``Discrete(n)``."""
        return self._action_space

    def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - PettingZoo's signature
    ) -> None:
        """Deal a new game (with ``seed``, or the next seed of the sequence)."""
        self.game = Game(self.variant, self.players, self._seeds.next(seed))
        self._turns.deal(engine_of(self.game))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._quiet = True
        self._players_in = players_in(engine_of(self.game))

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation vector and its action mask."""
        if self.game is None:
            self._require_game()
        seat = self._seat[agent]
        self._turns.show(seat)
        return {
            "observation": self._vectors[self._places[seat]],  # a new array
            "action_mask": self._masks[seat].copy(),
        }

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation, reward, termination, truncation and info."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The whole table now, for a centralised critic: hidden information.

        Every hand and the draw pile in order, besides what every seat sees
        (see the module's description and :class:`~ono99.envs.TableState`);
        a vector of ``state_space``. Never give it to a policy that plays.
        """
        return self._state.of(self._require_game())

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for an agent that is done).

        Raises:
            IllegalMoveError: If the action is not legal now (the game is unchanged).
            ArgumentError: If it is no action of the space (see :mod:`ono99.envs`).
        """
        agent = self.agent_selection
        turns = self._turns
        if self._quiet and type(action) is int and 0 <= action < self._action_count:
            # The usual case, a plain int in range while nobody is done: a move
            # that knocks nobody out and ends nothing changes the agent alone.
            after = turns.play(action)
            if after == self._players_in:
                self._cumulative_rewards[agent] = 0.0
                self.agent_selection = self.possible_agents[turns.engine.current]
                if self.render_mode == "human":
                    self.render()
                return
            self._stepped(agent, action, after)
            return
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._require_game()
        index = action_index(action, self._action_count)
        # The players still in after the move (-1 once the game is over).
        self._stepped(agent, index, turns.play(index))

    def _stepped(self, agent: str, index: int, after: int) -> None:
        """Finish the step of ``agent``'s action ``index``, after which ``after`` are in.

        (``after`` is :data:`ILLEGAL` if the action was not played: it is
        played through the game to raise why.)
        """
        game = self._require_game()
        engine = engine_of(game)
        if after == ILLEGAL:
            # Not a legal action: say why, and leave the game as it was.
            try:
                move = self.table.move_of(index, game)
            except ValueError as error:  # a way of laying away more cards than the hand holds
                raise IllegalMoveError(f"action {index} is not legal: {error}", index) from None
            game.play(move)  # an action not legal now: IllegalMoveError, with the reason
            after = -1 if engine.winner is not None else players_in(engine)
        self._cumulative_rewards[agent] = 0.0
        if not (self._quiet and after == self._players_in):
            self._reward(game)
        self.agent_selection = self.possible_agents[engine.current]
        if not self._quiet:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _reward(self, game: Game) -> None:
        """Reward and terminate the agents the last move knocked out, or all when it won.

        (A game cut short at a limit truncates everyone still in, reward 0.)
        """
        self._clear_rewards()
        winner, winners, in_game = game.winner, game.winners, game.in_game
        terminations, rewards = self.terminations, self.rewards
        cut = cut_short(game)
        for other in self.agents:
            seat = self._seat[other]
            if winner is not None and not cut:
                terminations[other] = True
                rewards[other] = 1.0 if seat in winners else -1.0  # partners win together
            elif not in_game[seat] and not terminations[other] and not cut:
                terminations[other] = True
                rewards[other] = -1.0
            elif cut and not terminations[other]:
                self.truncations[other] = True
        self._accumulate_rewards()
        self._quiet = not any(rewards.values()) and not any(terminations.values())
        self._quiet = self._quiet and not any(self.truncations.values())
        self._players_in = sum(in_game)

    def render(self) -> Any:
        """The table: a picture (``"rgb_array"``), text (``"ansi"``), or print it (``"human"``).

        The hand shown face up is the player to move's.
        """
        return _render(self.render_mode, self._require_game(), None)

    def close(self) -> None:
        """Nothing to release."""

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game


def env(
    variant: VariantLike = "ono99-2022",
    players: int = 4,
    house_rules: Sequence[PathName] | PathName = (),
    render_mode: str | None = None,
    seed: int | None = None,
    *,
    max_players: int | None = None,
    announce: str = "true_total",
) -> AECEnv:
    """The PettingZoo AEC environment of a variant, in PettingZoo's usual wrappers.

    The arguments are those of :class:`raw_env`. The wrappers are
    PettingZoo's own: an illegal action ends the game with -1 for the agent
    that made it, an action out of the space is refused, and the methods
    must be called in order (``reset`` first). They read every attribute
    through each layer, which makes a step several times slower than
    :class:`raw_env`'s: train on ``raw_env`` once the loop is right.

    >>> from ono99.envs.pettingzoo import env
    >>> table = env("ninety-nine", players=3, seed=1)
    >>> table.reset()
    >>> table.agent_selection, table.action_space("player_0")
    ('player_0', Discrete(14))
    """
    wrapped: AECEnv = raw_env(
        variant,
        players,
        house_rules,
        render_mode,
        seed,
        max_players=max_players,
        announce=announce,
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = _ActionsOfTheSpace(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class _ActionsOfTheSpace(wrappers.BaseWrapper):  # type: ignore[misc]
    """Refuses a value that is no action of the space with ArgumentError (see :mod:`ono99.envs`).

    In place of PettingZoo's ``AssertOutOfBoundsWrapper``, whose ``assert``
    says nothing of what was given, and is gone under ``python -O``.
    """

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if not (self.terminations[agent] or self.truncations[agent]):
            action = action_index(action, self.action_space(agent).n)
        super().step(action)


class Ono99ParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel form: every learning seat an agent, stepped together; self-play.

    The agents are the seats in ``learners`` (by default all of them);
    ``opponents`` play the others, as in the Gymnasium environment (a
    strategy's name, a :class:`~ono99.Player`, or a
    :class:`~ono99.envs.Policy`: a trained agent). Each :meth:`step` takes
    an action from every agent and plays the one of the agent to move (the
    others' actions are not read: their masks are all 0), then the
    opponents, until an agent is to move again. So a batch of these, one
    agent a row (SuperSuit's ``pettingzoo_env_to_vec_env_v1`` and
    ``concat_vec_envs_v1``), steps several learning seats of many games
    together.

    Observations are dicts of ``"observation"`` and ``"action_mask"``, as
    in :class:`raw_env`. Every agent stays until the game ends (what
    SuperSuit's vector environments need): one knocked out before then gets
    -1 when it is, and all 0 masks after; at the end the winner gets +1 and
    every other agent still in -1, and all are terminated (truncated, with
    0, when the game stops at a limit of the variant). The environment
    pickles and copies.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play.
        learners: The agents' seats (by default every seat).
        opponents: Who plays the other seats (one for all, or one each in
            seat order).
        house_rules: House rules to lay over the variant (ids or paths).
        render_mode: ``"rgb_array"``, ``"ansi"``, ``"human"`` or ``None``.
        seed: The seed of the first game, and of every later game's seed.
        max_players: Pad the observation vectors to this many seats.
        announce: ``"true_total"`` or ``"choose"``, as for :class:`raw_env`.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
        ValueError: If the learners, opponents, render mode or ``announce`` are wrong.

    >>> from ono99.envs.pettingzoo import parallel_env
    >>> table = parallel_env("ono99-2022", players=3, learners=[0, 2], opponents="cautious")
    >>> observations, infos = table.reset(seed=1)
    >>> sorted(observations), table.agents
    (['player_0', 'player_2'], ['player_0', 'player_2'])
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "ono99_parallel_v0",
        "render_fps": 2,
    }

    def __init__(
        self,
        variant: VariantLike = "ono99-2022",
        players: int = 4,
        *,
        learners: Sequence[int] | None = None,
        opponents: Opponent | Sequence[Opponent] = "random",
        house_rules: Sequence[PathName] | PathName = (),
        render_mode: str | None = None,
        seed: int | None = None,
        max_players: int | None = None,
        announce: str = "true_total",
    ) -> None:
        self.variant = make_variant(variant, house_rules)
        Game(self.variant, players, 0)  # checks the player count now, not at reset
        self.render_mode = _render_mode(render_mode, self.metadata)
        seats = learning_seats(learners, players, "learners")
        self.players = players
        self.learners = seats
        self.table = action_table(self.variant, announce=announce)
        self.encoder = observation_encoder(self.variant, players, max_players)
        self._opponents = Opponents(
            opponents,
            players - len(seats),
            variant=self.variant,
            players=players,
            max_players=self.encoder.max_players,
            announce=announce,
        )
        self.possible_agents = [f"player_{seat}" for seat in seats]
        self._observation_space, self._action_space, self._state = _spaces(
            self.encoder, self.table
        )
        self.state_space = spaces.Box(self._state.low, self._state.high, dtype=np.float32)
        """The space of :meth:`state`."""
        self.state_names = self._state.names
        """The name of each slot of :meth:`state`."""
        self._seats = Seats(
            self.variant,
            players,
            learners=self.learners,
            opponents=self._opponents,
            encoder=self.encoder,
            table=self.table,
            seeds=Seeds(seed),
        )
        self.agents: list[str] = []
        self._bind()

    @property
    def game(self) -> Game | None:
        """The game in play (``None`` before the first :meth:`reset`)."""
        return self._seats.game

    def _bind(self) -> None:
        n = len(self.table)
        self._arrays = [np.zeros(len(self.encoder), np.float32) for _ in self.learners]
        self._masks = [np.zeros(n, np.int8) for _ in self.learners]
        self._seats.bind(self._arrays, self._masks)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("_arrays", "_masks")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()
        if self._seats.game is not None:
            self._seats.show()

    def observation_space(self, agent: str) -> spaces.Space[Any]:  # noqa: ARG002 - one for all
        """The space of ``agent``'s observations (the same for every agent)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:  # noqa: ARG002 - one for all
        """The space of ``agent``'s actions: the variant's ``Discrete(n)``."""
        return self._action_space

    def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - PettingZoo's signature
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deal a new game (with ``seed``, or the next seed of the sequence)."""
        self._seats.deal(seed)
        self.agents = self.possible_agents[:]
        return self._observe(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to move, then the opponents up to the next agent's turn.

        An action of the agent to move that is not legal now ends the game: -1
        for that agent, 0 for the others, all terminated, and the reason in its
        ``infos[agent]["illegal"]`` (the game is left as it was).

        Raises:
            ArgumentError: If ``actions`` is no dict of the agents' actions,
                lacks the agent to move's, or holds a value that is no action
                of the space for any agent (see :mod:`ono99.envs`); nothing is played.
        """
        table = self._seats
        if table.game is None or not self.agents:
            raise RuntimeError("reset() the environment before stepping it")
        if not isinstance(actions, dict):
            raise ArgumentError(
                "actions", f"expected a dict of the agents' actions, got {shown(actions)}"
            )
        count = len(self.table)
        for agent, action in actions.items():
            if agent not in self.agents:
                raise ArgumentError(
                    "actions", f"no agent {shown(agent)} (the agents are {', '.join(self.agents)})"
                )
            action_index(action, count)  # every agent's, moving or not
        mover = table.mover()
        illegal = ""
        if mover >= 0:
            moving = self.possible_agents[mover]
            if moving not in actions:
                raise ArgumentError(
                    "actions", f"expected an action of {moving}, the agent to move"
                )
            try:
                table.play(actions[moving])
            except IllegalMoveError as error:
                illegal = str(error)
        agents = self.agents
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        if illegal:
            over, cut = True, False
            rewards = [-1.0 if k == mover else 0.0 for k in range(len(agents))]
            infos[self.possible_agents[mover]]["illegal"] = illegal
        else:
            rewards, over, cut = table.settle()
        observations = self._observe()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return (
            observations,
            dict(zip(agents, rewards, strict=True)),
            dict.fromkeys(agents, over and not cut),
            dict.fromkeys(agents, cut),
            infos,
        )

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The whole table now, for a centralised critic: hidden information.

        As :meth:`raw_env.state`: every hand and the draw pile in order,
        besides what every seat sees. Never give it to a policy that plays.
        """
        return self._state.of(self._seats.dealt())

    def render(self) -> Any:
        """The table: a picture (``"rgb_array"``), text (``"ansi"``), or print it (``"human"``)."""
        return _render(self.render_mode, self._seats.dealt(), None)

    def close(self) -> None:
        """Nothing to release."""

    def _observe(self) -> dict[str, Observation]:
        self._seats.show()
        return {
            agent: {"observation": array.copy(), "action_mask": mask.copy()}
            for agent, array, mask in zip(
                self.possible_agents, self._arrays, self._masks, strict=True
            )
        }


def parallel_env(
    variant: VariantLike = "ono99-2022",
    players: int = 4,
    *,
    learners: Sequence[int] | None = None,
    opponents: Opponent | Sequence[Opponent] = "random",
    house_rules: Sequence[PathName] | PathName = (),
    render_mode: str | None = None,
    seed: int | None = None,
    max_players: int | None = None,
    announce: str = "true_total",
) -> Ono99ParallelEnv:
    """The parallel form of a variant's game, for self-play: :class:`Ono99ParallelEnv`."""
    return Ono99ParallelEnv(
        variant,
        players,
        learners=learners,
        opponents=opponents,
        house_rules=house_rules,
        render_mode=render_mode,
        seed=seed,
        max_players=max_players,
        announce=announce,
    )
