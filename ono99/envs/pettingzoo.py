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
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ono99.engine._game import Game, engine_of

from ._actions import action_table, action_to_move
from ._common import Seeds, make_variant
from ._encoding import observation_encoder
from ._kernel import Mask, Vector, players_in
from ._render import table_text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import VariantLike
    from ono99.loading._files import PathName

__all__ = ["env", "raw_env"]

Observation = dict[str, Any]

_NONE: list[int] = []  # no legal action (never changed)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name for it
    """The PettingZoo AEC environment of a variant, without PettingZoo's checking wrappers.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: How many play.
        house_rules: House rules to lay over the variant (ids or paths).
        render_mode: ``"ansi"`` (:meth:`render` returns the table as text),
            ``"human"`` (it prints it), or ``None``.
        seed: The seed of the first game's shuffles, and of every later
            game's seed; :meth:`reset` may give another.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, or
            the player count does not fit it.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "ono99_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: VariantLike = "ono99-2022",
        players: int = 4,
        house_rules: Sequence[PathName] | PathName = (),
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.variant = make_variant(variant, house_rules)
        Game(self.variant, players, 0)  # checks the player count now, not at reset
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.players = players
        self.table = action_table(self.variant)
        self.encoder = observation_encoder(self.variant, players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n = len(self.table)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(n)
        self._seeds = Seeds(seed)
        self.game: Game | None = None
        # Each seat's vector, kept up to date slot by slot, and copied out.
        self._arrays = [np.zeros(len(self.encoder), np.float32) for _ in range(players)]
        self._vectors = [Vector(self.encoder._layout, a.data) for a in self._arrays]
        self._masks = [np.zeros(n, np.int8) for _ in range(players)]
        self._mask_writers = [Mask(mask.data) for mask in self._masks]
        # True while no reward is due and no agent is terminated, with
        # _players_in players in the game: a move that knocks nobody out and
        # ends nothing then leaves rewards, terminations and agents as they are.
        self._quiet = False
        self._players_in = players

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
        game = self._require_game()
        seat = self._seat[agent]
        engine = engine_of(game)
        self._vectors[seat].update(engine, seat)
        if seat == engine.current and engine.winner is None:
            self._mask_writers[seat].update(self.table._actions_now(game)[1])
        else:
            self._mask_writers[seat].update(_NONE)
        return {"observation": self._arrays[seat].copy(), "action_mask": self._masks[seat].copy()}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for an agent that is done).

        Raises:
            IllegalMoveError: If the action is not legal now (the game is unchanged).
            ActionError: If there is no such action.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._require_game()
        try:
            index: object = operator.index(action)  # type: ignore[arg-type]  # int, numpy int
        except TypeError:
            index = action
        moves, actions = self.table._actions_now(game)
        try:
            move = moves[actions.index(index)]  # type: ignore[arg-type]
        except ValueError:
            # Not a legal action: say why, and leave the game as it was.
            move = action_to_move(self.variant, index)  # type: ignore[arg-type]  # ActionError
            game.play(move)  # an action not legal now: IllegalMoveError, with the reason
        else:
            game._play(move)
        self._cumulative_rewards[agent] = 0.0
        engine = engine_of(game)
        if not (self._quiet and engine.winner is None and players_in(engine) == self._players_in):
            self._reward(game)
        self.agent_selection = self.possible_agents[engine.current]
        if not self._quiet:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _reward(self, game: Game) -> None:
        """Reward and terminate the agents the last move knocked out, or all when it won."""
        self._clear_rewards()
        winner, in_game = game.winner, game.in_game
        terminations, rewards = self.terminations, self.rewards
        for other in self.agents:
            seat = self._seat[other]
            if winner is not None:
                terminations[other] = True
                rewards[other] = 1.0 if seat == winner else -1.0
            elif not in_game[seat] and not terminations[other]:
                terminations[other] = True
                rewards[other] = -1.0
        self._accumulate_rewards()
        self._quiet = not any(rewards.values()) and not any(terminations.values())
        self._players_in = sum(in_game)

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or print it (``"human"``)."""
        if self.render_mode is None:
            return None
        text = table_text(self._require_game())
        if self.render_mode == "human":
            print(text)
            return None
        return text

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
    wrapped: AECEnv = raw_env(variant, players, house_rules, render_mode, seed)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
