"""One game of self-play: some seats are agents, the others are played by opponents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99._errors import IllegalMoveError
from ono99.engine import Game, Vector, engine_of, play_checked, play_decided

from ._common import action_index, seated
from ._kernel import CUT, GOES_ON, Mask, Rows
from ._policy import BatchedPlayer, PolicyPlayer

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from ono99._variant import Variant
    from ono99.engine import Move, Player

    from ._actions import ActionTable
    from ._common import Opponents, Seeds
    from ._encoding import ObservationEncoder

__all__ = ["Seats"]


class Seats:
    """A game whose seats ``learners`` are agents, the others played by ``opponents``.

    What the parallel PettingZoo environment and the self-play vector
    environment step: the agent to move plays an action, then the opponents
    play until an agent is to move again or the game ends. Every agent stays
    to the end of the game: one knocked out before then is rewarded -1 when
    it is, and has no legal action after; at the end the winner gets +1 and
    every other agent still in -1 (all 0 when the game stops at a limit of
    the variant). Each agent's vector and mask are written into the arrays
    :meth:`bind` gives.

    Args:
        variant: The variant.
        players: How many play.
        learners: The agents' seats, in order.
        opponents: Who plays the other seats.
        encoder: The observation vectors' encoder.
        table: The variant's actions.
        seeds: The seeds of the games (and of named opponents).
    """

    def __init__(
        self,
        variant: Variant,
        players: int,
        *,
        learners: tuple[int, ...],
        opponents: Opponents,
        encoder: ObservationEncoder,
        table: ActionTable,
        seeds: Seeds,
    ) -> None:
        self.variant = variant
        self.players = players
        self.learners = learners
        self.opponents = opponents
        self.encoder = encoder
        self.table = table
        self.seeds = seeds
        self.game: Game | None = None
        self._made: list[Player] = []
        self._seated: list[Player | None] = []
        self._picks: list[Any] = []
        self.out: set[int] = set()
        """The agents knocked out (and rewarded) already."""
        self.waiting = -1  # the seat of a batched opponent to move, left to the owner
        self._rows: Rows | None = None  # the rows' writers, once bound

    def bind(self, arrays: list[NDArray[np.float32]], masks: list[NDArray[np.int8]]) -> None:
        """Write each agent's vector and mask into these arrays (all 0 now)."""
        for array, mask in zip(arrays, masks, strict=True):
            array[:] = 0
            mask[:] = 0
        vectors = [Vector(self.encoder.layout, array.data) for array in arrays]
        writers = [Mask(mask.data) for mask in masks]
        self._rows = Rows(self.table.kernel, self.variant, list(self.learners), vectors, writers)
        if self.game is not None:
            self._rows.deal(engine_of(self.game), self._picks)

    def __getstate__(self) -> dict[str, Any]:
        # The writers hold views of their owner's arrays: the owner binds again.
        return {k: v for k, v in self.__dict__.items() if k not in ("_rows", "_picks")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._picks = [getattr(player, "pick", None) for player in self._seated]
        self._rows = None

    def deal(self, seed: int | None, *, stop: bool = False) -> None:
        """Deal a new game (``seed``, or the sequence's next) and play to an agent's turn.

        With ``stop``, play only to a batched opponent's move, if one comes
        first (:attr:`waiting`).
        """
        self.game = game = Game(self.variant, self.players, self.seeds.next(seed))
        if seed is not None or not self._made:
            self._made = self.opponents.make(self.seeds)
        self._seated = seated(self._made, self.learners, self.players)
        # A quick player's pick() decides from the legal moves and the total alone.
        self._picks = [getattr(player, "pick", None) for player in self._seated]
        self.out = set()
        self.rows.deal(engine_of(game), self._picks)
        self._play_on(game, stop)

    def mover(self) -> int:
        """The index (in ``learners``) of the agent to move, or -1 once the game is over."""
        self.dealt()
        return self.rows.mover()

    def check(self, action: object) -> Move:
        """The move of ``action`` for the agent to move.

        Raises:
            ArgumentError: If ``action`` is no whole number.
            IllegalMoveError: If it is not legal now.
        """
        game = self.dealt()
        count = len(self.table)
        index = action_index(action, count)
        move = self.rows.move(index)
        if move is None:
            reason = self.table.why_illegal(game, index) if 0 <= index < count else None
            raise IllegalMoveError(
                f"action {index} is not legal: "
                + (reason or f"there is no such action (the actions are 0 to {count - 1})"),
                index,
            )
        return move

    def play(self, action: object, *, stop: bool = False) -> None:
        """Play ``action`` for the agent to move, then the opponents to the next agent's turn.

        With ``stop``, play only to a batched opponent's move (:attr:`waiting`).

        Raises:
            ArgumentError: If ``action`` is no whole number.
            IllegalMoveError: If it is not legal now (the game is unchanged).
        """
        self.play_move(self.check(action), stop=stop)

    def play_move(self, move: Move, *, stop: bool = False) -> None:
        """Play ``move``, which :meth:`check` gave for the agent to move, then the opponents.

        With ``stop``, play only to a batched opponent's move (:attr:`waiting`).
        """
        self.waiting = -1
        if self.rows.play(move) >= 0:  # an opponent that decides from an observation
            self._play_on(self.dealt(), stop)

    def waiter(self) -> tuple[Game, int, BatchedPlayer] | None:
        """The game, seat and player of the batched opponent waiting to move, if one is."""
        seat = self.waiting
        player = self._seated[seat] if seat >= 0 else None
        if not isinstance(player, BatchedPlayer):
            return None
        return self.dealt(), seat, player

    def play_on(self) -> None:
        """After the waiting batched opponent's move, play on (to the next one, if it comes)."""
        self._play_on(self.dealt(), stop=True)

    def settle(self) -> tuple[list[float], bool, bool]:
        """Each agent's reward for the last step, whether the game is over, and cut short."""
        self.dealt()
        rewards = [0.0] * len(self.learners)
        state = self.rows.settle(rewards, 0, self.out)
        return rewards, state != GOES_ON, state == CUT

    def show(self) -> None:
        """Write each agent's vector, and its mask (all 0 but the agent to move's)."""
        self.dealt()
        self.rows.show()

    def _play_on(self, game: Game, stop: bool = False) -> None:
        """Let the opponents move until an agent is to move, or the game ends.

        With ``stop``, a batched opponent's move is left to the owner:
        :attr:`waiting` is its seat (else -1).
        """
        engine = engine_of(game)
        picks, variant = self._picks, self.variant
        self.waiting = -1
        while True:
            # The quick players move in the kernel; it stops at any other seat.
            mover = play_decided(engine, picks, variant)
            if mover < 0 or mover in self.learners:
                return
            player = self._seated[mover]
            if stop and isinstance(player, BatchedPlayer):
                self.waiting = mover
                return
            if isinstance(player, PolicyPlayer):
                play_checked(game, player.choose_in(game, mover))
            else:
                assert player is not None  # noqa: S101 - only the learners' seats are empty
                play_checked(game, player.choose(game.observation(mover)))

    @property
    def rows(self) -> Rows:
        """The game's rows in the kernel (:meth:`bind` makes them; :meth:`deal` deals them)."""
        if self._rows is None:
            raise RuntimeError("the game's rows are not bound to arrays")
        return self._rows

    def dealt(self) -> Game:
        """The game in progress; a ``RuntimeError`` before the first reset."""
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game
