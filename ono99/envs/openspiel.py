"""The OpenSpiel game ``python_ono99``: any variant, for OpenSpiel's algorithms.

Importing this module registers the game::

    import pyspiel
    import ono99.envs.openspiel

    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    state = game.new_initial_state()

Parameters: ``variant`` (an id or path; house rules may follow the id,
joined by ``+``: ``"ono99-1980+last-standing"``) and ``players``.

**Actions** are the variant's :class:`~ono99.envs.ActionTable` indices.

**Chance.** Every random choice of the engine is an explicit chance node.
The engine draws its randomness as uniform random bits (the shuffle of the
first deal, of each new round and of each reshuffled discard pile, and a
random first dealer where the variant has one), and the state stops before
each draw: a chance node with ``2**k`` equally likely outcomes, the value of
``k`` random bits, exactly as the engine would have drawn them. Cards are
then drawn from the pile those outcomes shuffled, so the draws follow the
chance nodes, with the same odds as in any game. (A value too large for the
shuffle is rejected by the engine and drawn again, so a few chance nodes
have no effect but to be drawn again; sampling the outcomes by their
probabilities is the engine's own shuffle, while a rule that always picks
the same rejected value would draw for ever.)

**Information.** ``observation_string``/``observation_tensor`` show the
player's :class:`~ono99.Observation` now (the tensor is the vector of
:class:`~ono99.envs.ObservationEncoder`); ``information_state_string`` is
every observation the player has had, in order (perfect recall), never
another player's cards. There is no information-state tensor: a game has
no bound on its length, so its whole history has no fixed-size encoding,
and a fixed-size summary (the observation with counts of the cards each
seat has played) would give one tensor to information states that differ,
where the algorithms that read these tensors take each tensor for one
information state.

**Returns** are +1 for the winner of the game and -1 for every other
player, at the end (the game is constant-sum: ``2 - players``).

OpenSpiel's random-simulation test, its ``evaluate_bots``, algorithms that
walk states and information-state strings, and its IS-MCTS bot run on it:
:meth:`Ono99State.resample_from_infostate` deals the cards a player has not
seen anew, keeping what the player knows. (The bot to use is OpenSpiel's
Python one, ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: the C++
``pyspiel.ISMCTSBot`` crashes on this game before it first asks for a
resampled state.)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from ono99 import events as ev
from ono99.engine._game import Game
from ono99.engine._tables import compile_variant
from ono99.envs._actions import action_table
from ono99.envs._common import make_variant
from ono99.envs._encoding import observation_encoder

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99.engine._moves import Move
    from ono99.engine._observation import Observation

__all__ = ["GAME_NAME", "Ono99Game", "Ono99State"]

GAME_NAME = "python_ono99"
"""The name the game is registered under."""

_MOST_PLAYERS = 16
_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="O'NO 99 and its relatives (ono99)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MOST_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "ono99-2022", "players": 2},
)


class _NeedBits(Exception):  # noqa: N818 - a signal, not an error
    """The engine asked for random bits the chance nodes have not given yet."""

    def __init__(self, bits: int) -> None:
        super().__init__(bits)
        self.bits = bits


class _ChanceBits(random.Random):
    """A generator that gives the engine the bits chosen at chance nodes, in order."""

    def __init__(self, script: list[int] | None = None) -> None:
        super().__init__(0)
        self.script = script or []
        self.used = 0

    def getrandbits(self, k: int) -> int:
        if self.used == len(self.script):
            raise _NeedBits(k)
        value = self.script[self.used]
        self.used += 1
        return value


class _Held:
    """A game held by a state: a cloned state gets a copy made by :meth:`Game.copy`."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.copy())


class Ono99Game(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_ono99`` of one variant and player count.

    Args:
        params: ``{"variant": id or path, "players": count}``.

    Raises:
        VariantError: If the variant cannot be loaded or the player count
            does not fit it.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        variant = make_variant(str(params["variant"]))
        players = int(params["players"])
        Game(variant, players, 0)  # checks the player count
        table = action_table(variant)
        deck = max(
            variant.deck_size_for(p) for p in range(variant.players.min, variant.players.max + 1)
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table),
            max_chance_outcomes=1 << max(deck, players).bit_length(),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=float(2 - players),
            # Every game ends within round.max_game_plays moves.
            max_game_length=variant.round.max_game_plays,
        )
        # (pybind11 keeps only the attributes set once the base class is made.)
        super().__init__(_GAME_TYPE, info, params)
        self.variant = variant
        self.players = players
        self.table = table
        self.encoder = observation_encoder(variant, players)

    def __deepcopy__(self, memo: dict[int, Any]) -> Ono99Game:
        # A cloned state shares its game, which never changes.
        return self

    def new_initial_state(self) -> Ono99State:
        """The state before the first deal: a chance node."""
        return Ono99State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of observations (and, with perfect recall, information states)."""
        if params:
            raise ValueError(f"python_ono99 observers take no parameters, got {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall=perfect_recall)


class Ono99State(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_ono99``: a :class:`~ono99.Game`, or a chance node on the way to one."""

    def __init__(self, game: Ono99Game) -> None:
        super().__init__(game)
        self._spec: Ono99Game = game
        self._held: _Held | None = None  # None until the first deal is done
        self._before: _Held | None = None  # the game a pending move is played on
        self._move: Move | None = None  # the player's move waiting for chance
        self._bits: list[int] = []  # the chance outcomes given to it so far
        self._need = 0  # how many bits the next chance node draws (0: no chance node)
        self._seen: list[list[str]] = [[] for _ in range(game.players)]
        self._resolve()

    @property
    def game(self) -> Game | None:
        """The game, once dealt (while a move waits for chance, the game before it)."""
        if self._before is not None:
            return self._before.game
        return None if self._held is None else self._held.game

    # ------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        if self._need:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.game is not None  # noqa: S101 - no chance node left: there is a game
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None  # noqa: S101
        if self.game.is_over or player != self.game.current_player:
            return []
        return sorted(self._spec.table.legal_actions(self.game))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The values of the random bits the engine draws next, equally likely."""
        count = 1 << self._need
        return [(value, 1.0 / count) for value in range(count)]

    def _apply_action(self, action: int) -> None:
        if self._need:
            self._bits.append(action)
        else:
            assert self.game is not None  # noqa: S101
            self._move = self._spec.table.legal_actions(self.game)[action]
            self._before, self._held = self._held, None
            self._bits = []
        self._resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"random bits {action}"
        return str(self._spec.table.moves[action])

    def is_terminal(self) -> bool:
        """Whether the game has a winner."""
        return not self._need and self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        """+1 for the winner and -1 for the others once the game is over; 0 before."""
        players = self._spec.players
        if not self.is_terminal():
            return [0.0] * players
        assert self.game is not None  # noqa: S101
        return [1.0 if seat == self.game.winner else -1.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> Ono99State:
        """A state ``player_id`` cannot tell from this one, the cards it cannot see dealt anew.

        The determinisation OpenSpiel's IS-MCTS bot searches: the player's own
        hand and everything public (the total, the turn, the piles, who is in,
        tokens and scores) stay as they are; every card the player has not
        seen is dealt at random to the other hands (each keeping its size)
        and the draw pile. A card the player knows another holds stays with
        it: a card the player gave them (until it is played, discarded or
        laid down), and what such a holder passes on in a swap of hands. (A
        card given between two other players is unseen: what the player knew
        of the giver's hand is then forgotten; so is the hand the player
        gives away in a swap.) The new state has the same information state
        for ``player_id``, and its future chance nodes are its own.

        Args:
            player_id: The seat whose information state to keep.
            probability_sampler: OpenSpiel's sampler (a callable giving a
                float in [0, 1)); the deal is seeded from it.
        """
        game = self.game
        if game is None or self._need:
            raise pyspiel.SpielError("resample_from_infostate: only at a player's decision")
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        known = _known_cards(game.player_log(player_id), player_id, game.players)
        variant = game.variant
        rules = compile_variant(variant)
        hand, discard, out = game.card_counts(player_id)
        pool = Counter(rules.ids[k] for k in rules.deck_for(game.players))
        for counts in (hand, discard, out):
            pool.subtract({card: n for card, n in zip(rules.ids, counts, strict=True) if n})
        sizes = game.hand_sizes
        hands: list[list[str]] = []
        for seat, size in enumerate(sizes):
            keep: list[str] = []
            if seat != player_id:
                for card in known[seat]:
                    if len(keep) < size and pool[card] > 0:
                        keep.append(card)
                        pool[card] -= 1
            hands.append(keep)
        unseen = list(pool.elements())
        rng.shuffle(unseen)
        for seat, size in enumerate(sizes):
            if seat == player_id:
                hands[seat] = list(game.hand(seat))
            else:
                take = size - len(hands[seat])
                hands[seat] += unseen[:take]
                del unseen[:take]
        world = Game.from_position(
            variant,
            hands,
            unseen,
            discard_pile=game.discard_pile,
            out_of_play=game.out_of_play,
            total=game.total,
            direction=game.direction,
            current_player=game.current_player,
            plays_owed=game.plays_owed,
            played_this_turn=game.played_this_turn,
            forced_by=game.forced_by or "",
            in_round=game.in_round,
            in_game=game.in_game,
            tokens=game.tokens,
            scores=game.scores,
            round=game.round,
            dealer=game.dealer,
            seed=rng.getrandbits(63),
        )
        state = Ono99State(self._spec)
        state._held, state._before, state._move = _Held(world), None, None
        state._bits, state._need = [], 0
        state._seen = [list(seen) for seen in self._seen]
        return state

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        lines = [repr(self.game)]
        lines += [f"player {s}: {' '.join(self.game.hand(s))}" for s in range(self.game.players)]
        return "\n".join(lines)

    # --------------------------------------------------------------- internals

    def _resolve(self) -> None:
        """Play the pending deal or move with the bits given; a chance node if it needs more."""
        rng = _ChanceBits(self._bits)
        try:
            if self._before is None:
                game = _dealt(self._spec, rng)
            else:
                game = self._before.game._copy(rng)  # drawing from the chance nodes
                assert self._move is not None  # noqa: S101
                game.play(self._move)
        except _NeedBits as need:
            self._need = need.bits
            return
        self._held, self._before, self._move = _Held(game), None, None
        self._bits, self._need = [], 0
        for seat, seen in enumerate(self._seen):
            seen.append(_describe(game.observation(seat)))

    def information_state_lines(self, player: int) -> list[str]:
        """Each observation ``player`` has had, oldest first."""
        return self._seen[player]


def _known_cards(log: Sequence[ev.Event], me: int, players: int) -> list[list[str]]:
    """Per seat, the cards ``me`` knows it holds, from ``me``'s log (``player_log``)."""
    known: list[list[str]] = [[] for _ in range(players)]

    def drop(seat: int, card: str) -> None:
        if card in known[seat]:
            known[seat].remove(card)

    for event in log:
        if isinstance(event, ev.RoundStarted):
            known = [[] for _ in range(players)]
        elif isinstance(event, ev.CardGiven):
            if event.player == me:
                known[event.to].append(event.card)
            else:
                drop(event.player, event.card)
        elif isinstance(event, ev.CardGivenUnseen):
            known[event.player] = []
        elif isinstance(event, ev.HandsSwapped):
            a, b = event.player, event.other
            known[a], known[b] = known[b], known[a]
            known[me] = []
        elif isinstance(event, ev.Played | ev.Discarded):
            drop(event.player, event.card)
        elif isinstance(event, ev.Redrew):
            for card in event.cards:
                drop(event.player, card)
        elif isinstance(event, ev.LaidDown):
            known[event.player] = []
    return known


def _dealt(spec: Ono99Game, rng: random.Random) -> Game:
    """A new game whose first dealer and first deal are drawn from ``rng``."""
    return Game._dealt(spec.variant, spec.players, 0, rng)  # from the chance nodes, not a seed


def _describe(obs: Observation) -> str:
    """An observation in one line of text."""
    seats = range(len(obs.hand_sizes))
    who = " ".join(
        f"{seat}:{obs.hand_sizes[seat]}{'' if obs.in_round[seat] else 'x'}"
        f"/{obs.tokens[seat]}/{obs.scores[seat]}"
        for seat in seats
        if obs.in_game[seat]
    )
    return (
        f"p{obs.player} round {obs.round} total {obs.total} dir {obs.direction} "
        f"to move {obs.current_player} owes {obs.plays_owed} hand [{' '.join(obs.hand)}] "
        f"seats [{who}] pile {obs.draw_pile_size} discard [{' '.join(obs.discard_pile)}] "
        f"out [{' '.join(obs.out_of_play)}]"
        + ("" if obs.winner is None else f" winner {obs.winner}")
    )


class _Observer:
    """OpenSpiel's observer: the observation vector, and strings of what a player saw."""

    def __init__(self, game: Ono99Game, *, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(len(game.encoder), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Ono99State, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation vector (zeros before the deal)."""
        game = state.game
        if game is None:
            self.tensor.fill(0)
        else:
            self._game.encoder.encode_game(game, player, self.tensor)

    def string_from(self, state: Ono99State, player: int) -> str:
        """``player``'s observation now, or (with perfect recall) all of them in order."""
        if self._perfect_recall:
            return "\n".join(state.information_state_lines(player))
        game = state.game
        return "before the deal" if game is None else _describe(game.observation(player))


pyspiel.register_game(_GAME_TYPE, Ono99Game)
