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
saying why (the game is left as it was).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ono99._game import Game
from ono99._simulate import make_player

from ._actions import action_table
from ._common import Seeds, make_variant
from ._encoding import observation_encoder
from ._kernel import Vector, play_quick, seat_done
from ._masks import Masks
from ._render import table_text

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._files import PathName
    from ono99._players import Player
    from ono99._variant import Variant

__all__ = ["ENV_ID", "Ono99Env"]

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
        variant: Variant | PathName = "ono99-2022",
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
        # The agent's vector, kept up to date slot by slot, and copied out.
        self._array = np.zeros(len(self.encoder), np.float32)
        self._vector = Vector(self.encoder.layout, self._array.data)
        self._masks = Masks(len(self.table), np.bool_)

    # ----------------------------------------------------------------- the API

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (``seed``, or the sequence's next seed); play to the agent's turn."""
        super().reset(seed=seed)
        self.game = game = Game(self.variant, self.players, self._seeds.next(seed))
        if seed is not None or not self._seated:
            self._seat_players()
        self._play_others(game)
        return self._observe(game), self._info(game)

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the others until it is the agent's turn again."""
        game = self._require_game()
        engine, seat = game._e, self.seat  # the kernel reads the engine
        if seat_done(engine, seat):
            raise RuntimeError("the episode is over: reset() the environment")
        index = int(action)
        moves, actions = self.table.actions_now(game)
        if index not in actions:
            reason = (
                game.why_illegal(self.table.moves[index])
                if 0 <= index < len(self.table)
                else f"there is no action {index} (the actions are 0 to {len(self.table) - 1})"
            )
            info = self._info(game)
            info["illegal"] = reason or f"action {index} is not legal now"
            return self._observe(game), -1.0, True, False, info
        engine.play_checked(moves[actions.index(index)], game.why_illegal)
        self._play_others(game)
        reward = 0.0
        done = seat_done(engine, seat)
        if done:
            reward = 1.0 if engine.winner == seat else -1.0
            mask = self._masks.none()
        else:
            mask = self._masks.of(self.table.actions_now(game)[1])
        if self.render_mode == "human":
            self.render()
        self._vector.update(engine, seat)
        return self._array.copy(), reward, done, False, {"action_mask": mask, "seed": game.seed}

    def action_masks(self) -> NDArray[np.bool_]:
        """Which actions are legal now (all ``False`` once the episode is over)."""
        return self._mask(self._require_game())

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

    def _done(self, game: Game) -> bool:
        return seat_done(game._e, self.seat)

    def _play_others(self, game: Game) -> None:
        """Let the built-in players move until the agent is to move or the episode ends."""
        engine = game._e
        seat, picks, variant, why_illegal = self.seat, self._picks, self.variant, game.why_illegal
        while (mover := play_quick(engine, seat, picks, variant, why_illegal)) >= 0:
            player = self._seated[mover]
            assert player is not None  # noqa: S101 - only the agent's seat is empty
            game.play(player.choose(game.observation(mover)))

    def _observe(self, game: Game) -> NDArray[np.float32]:
        self._vector.update(game._e, self.seat)
        return self._array.copy()

    def _mask(self, game: Game) -> NDArray[np.bool_]:
        if self._done(game):
            return self._masks.none()
        return self._masks.of(self.table.actions_now(game)[1])

    def _info(self, game: Game) -> dict[str, Any]:
        return {"action_mask": self._mask(game), "seed": game.seed}

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:Ono99Env")
