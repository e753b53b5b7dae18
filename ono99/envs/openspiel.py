"""The OpenSpiel game ``python_ono99``: any variant, for OpenSpiel's algorithms.

Importing this module registers the game::

    import pyspiel
    import ono99.envs.openspiel

    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    state = game.new_initial_state()

Parameters: ``variant`` (an id or path; house rules may follow the id,
joined by ``+``: ``"ono99-1980+last-standing"``), ``players``,
``announce``: where a rule judges what a move says of the total
(``"ninety-nine+announce-the-total"``), ``"true_total"`` (the default) has every
action announce the true total, ``"choose"`` adds an action for each play
saying nothing (see :class:`~ono99.envs.ActionTable`); and ``recall``, how
many of the latest events the information-state tensor holds (0, the
default: none, see **Information**).

**Actions** are the variant's :class:`~ono99.envs.ActionTable` indices.

**Chance.** Every card dealt or drawn is a chance node whose outcomes are
cards: the kinds of card in the stock that no chance node has fixed yet,
each with the chance of drawing it, its count over their number. An
outcome's action is the card's index in the variant's order of cards
(:attr:`ono99.Variant.cards`), so a game has at most one chance outcome per
kind of card (``max_chance_outcomes()``), and ``chance_outcomes()`` lists
exactly the cards that can come next. The deal is one chance node per card
dealt (a hand's worth for each, given in a row before the deal is played),
dealt round the table from the dealer's left; a variant with a random first
dealer starts with a chance node of one outcome per seat. After each move
(once the stock is dealt from), a chance node fixes the stock's next card,
the one the next move draws first: the top card of a shuffled stock, face
down, which no player sees (no observation or information state changes).
A card a move needs beyond the fixed one is a chance node after the move,
before the game goes on. When the stock is gathered before its fixed card is
drawn (a new deal, a reshuffle of the discard pile), that card is shuffled
with the others, as at a table: it is dropped, and the new stock's cards are
chance nodes again. Drawing each card at random from those not yet drawn
deals exactly as shuffling the stock and drawing from the top does, so the
games have the odds of any other game of the variant. A plugin's rule object that draws from
``Table.rng`` during a move (``randrange``, ``randint``, ``choice``,
``shuffle``, ``sample``) makes a chance node of equally likely outcomes
(``"rule draws 2"``); for such a variant ``max_chance_outcomes()`` is the
deck's size, the most a draw may have. A float (``random()``, ``uniform``)
has no finite outcomes: drawing one is the rule object's
:class:`~ono99.RuleError`, and the state stays as it was.

**Information.** ``observation_string``/``observation_tensor`` show the
player's :class:`~ono99.Observation` now (the tensor is the vector of
:class:`~ono99.envs.ObservationEncoder`, written by the engine's one
writer of it); ``information_state_string`` is the game's log as the player
saw it (:meth:`ono99.Game.player_log`: every event in order, no card
another player holds), so it has perfect recall and never shows another
player's cards. ``information_state_tensor`` is the observation vector,
followed, where ``recall`` is above 0, by that many of the latest events of
the player's log, newest first, each a block of about a hundred slots
(every field of the event: its kind, the seats it names counted from the
player's, its numbers, its card, a hand's cards by kind and in order), then
how many earlier events it left out. Its perfect recall is bounded so: a game has no
bound on its length the tensor could hold (a variant's cap is 100,000
moves), so the tensor has perfect recall (two information-state strings
never share it) in every state whose whole log fits the window, its last
slot 0, and each hand in it (a deal, cards laid down) at most twice a hand
dealt. Beyond, it recalls exactly the latest ``recall`` events and their
count. With ``recall`` 0 (the default) the tensor is the observation vector
alone (``information_state_tensor_shape() == observation_tensor_shape()``),
which keeps what of the history bears on play (the cards played since the
last reshuffle, those laid down, the count, the turn's plays, the passes,
every seat's tokens and scores) and not its order: two states that differ
only in the order of earlier plays share it, so it is not perfect recall.
It is read from the player's own information alone either way, so two
states a player cannot tell apart (the same information-state string) have
the same tensor. Algorithms that assume perfect recall (Deep CFR, ESCHER)
want a ``recall`` as long as the games they play: in 200 games of random
play the longest log a player saw had 234 events in ``ninety-nine`` at two
players, 146 in ``ono99-2022``, 257 in ``ninety-nine-taiwan``, 513 in
``ono99-1980`` (1,144 at four players), and a block is 107 to 117 slots
there. The neural algorithms that read it (NFSP, Deep CFR,
OpenSpiel's ``rl_environment``, which reads it by default) take it as their
network's input; the tabular ones key on the string. Before the deal both
tensors are all 0; at a chance node on the way through a move they show the
state before the move.

**Returns** are +1 for the winner of the game and -1 for every other
player, at the end (the game is constant-sum: ``2 - players``).

**Errors.** An action that is not legal in the state (a chance outcome
that cannot happen there, or any action once the game is over) raises
:class:`IllegalActionError`, both the library's
:class:`~ono99.IllegalMoveError` and OpenSpiel's own ``pyspiel.SpielError``;
the state is left as it was.

OpenSpiel's random-simulation test (with serialisation), its
``evaluate_bots``, ``rl_environment``, algorithms that walk states and
information-state strings or read the tensors, and its Python IS-MCTS bot
run on it; :class:`PlayerBot` makes any of the library's players an
OpenSpiel bot, and :meth:`Ono99State.resample_from_infostate` deals the
cards a player has not seen anew, keeping what the player knows. OpenSpiel's C++ search bots
(``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash the interpreter (a
segmentation fault) on games written in Python, OpenSpiel's own
``python_tic_tac_toe`` and ``python_kuhn_poker`` as well as this one: use
the Python ones, ``open_spiel.python.algorithms.mcts.MCTSBot`` and
``open_spiel.python.algorithms.ismcts.ISMCTSBot``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import pyspiel

from ono99._args import shown
from ono99._errors import ArgumentError, IllegalMoveError
from ono99.engine import (
    Game,
    copy_drawing,
    deal,
    engine_of,
    play_checked,
    redealt,
    unseen_now,
)
from ono99.envs._kernel import chances
from ono99.envs._spiel_chance import (
    DRAWS,
    SNAPSHOT_EVERY,
    Held,
    NeedChance,
    Played,
    Snapshot,
    params_spec,
    spec_of,
)
from ono99.envs._spiel_info import Observer, describe, known_cards
from ono99.players import make_player

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99._variant import Variant
    from ono99.engine import Move, Player
    from ono99.envs._actions import ActionTable

__all__ = ["GAME_NAME", "IllegalActionError", "Ono99Game", "Ono99State", "PlayerBot"]

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
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "variant": "ono99-2022",
        "players": 2,
        "announce": "true_total",
        "recall": 0,
    },
)

_CHANCE: int = pyspiel.PlayerId.CHANCE.value
# The kinds of chance node: a card the pending deal or move draws; the next card
# of the stock, fixed after a move; a first dealer or a rule object's draw.
_CARD, _AHEAD, _ROLL = 0, 1, 2
_TERMINAL: int = pyspiel.PlayerId.TERMINAL.value


class IllegalActionError(IllegalMoveError, pyspiel.SpielError):  # type: ignore[misc]
    """An action that is not legal in the state it was applied to; the state is unchanged.

    Both the library's :class:`~ono99.IllegalMoveError` and OpenSpiel's
    ``pyspiel.SpielError``, which OpenSpiel's own games raise for such
    actions: code that catches either catches it.
    """


def _winners(variant: Variant, players: int) -> int:
    """How many players win a game: one, or the partners of a team."""
    teams = variant.players.teams.for_players(players)
    return len(teams[0]) if teams else 1


class Ono99Game(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_ono99`` of one variant and player count.

    Args:
        params: ``{"variant": id or path, "players": count, "announce": "true_total"
            or "choose"}``.

    Raises:
        VariantError: If the variant cannot be loaded or the player count
            does not fit it.
        ArgumentError: If ``announce`` is neither ``"true_total"`` nor ``"choose"``.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        spec = params_spec(params)
        variant, players = spec.variant, spec.players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.table),
            max_chance_outcomes=spec.most,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            # +1 for the winners (one player, or one team of partners), -1 for the others.
            utility_sum=float(2 * _winners(variant, players) - players),
            # Every game ends within round.max_game_plays moves.
            max_game_length=variant.round.max_game_plays,
        )
        super().__init__(_GAME_TYPE, info, params)

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return spec_of(self).variant

    @property
    def table(self) -> ActionTable:
        """The variant's actions."""
        return spec_of(self).table

    def __deepcopy__(self, memo: dict[int, Any]) -> Ono99Game:
        # A cloned state shares its game, which never changes.
        return self

    def new_initial_state(self) -> Ono99State:
        """The state before the first deal: a chance node."""
        return Ono99State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer of observations (and, with perfect recall, information states)."""
        if params:
            raise ValueError(f"python_ono99 observers take no parameters, got {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(spec_of(self), perfect_recall=perfect_recall)


class Ono99State(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_ono99``: a :class:`~ono99.Game`, or a chance node on the way to one.

    Args:
        game: The game.
        world: A game to start from (a state resampled from another's
            information state); by default the first deal.
    """

    def __init__(self, game: pyspiel.Game, world: Game | None = None) -> None:
        super().__init__(game)
        self._spec = spec_of(game)
        self._held: Held | None = None  # the game, once dealt; None while chance is due
        self._move: Move | None = None  # the player's move waiting for chance
        # A copy of the game some moves ago, and those moves (see Played).
        self._snapshot: Snapshot | None = None
        self._played: Played | None = None
        # The stock (see Chance): the cards chance has fixed on top of it (the next
        # last), and how many of each kind are left unfixed (None: not yet counted).
        self._ahead: list[int] = []
        self._stock: list[int] | None = None
        # The cards given by chance nodes to the pending deal or move (each with its
        # pile's epoch), and its rule objects' draws.
        self._given: tuple[tuple[int, int], ...] = ()
        self._rolls: tuple[int, ...] = ()
        # The chance node now: its kind; the unfixed stock it draws a card from
        # (_CARD: the move's, copied; _AHEAD: the state's own), with its size and
        # epoch, and how many more cards to give before the move is played again;
        # or, for _ROLL, how many equally likely outcomes.
        self._kind = _CARD
        self._from: list[int] = []
        self._size = 0
        self._epoch = 0
        self._left = 0
        self._rolled = 0
        self._player = _CHANCE
        spec = self._spec
        if world is not None:
            self._done(world)
        elif spec.deals_first:
            # The deal's cards come first, from the whole deck (what playing the deal
            # up to its first card would ask for): the first pile it counts, epoch 1.
            self._from, self._size, self._epoch = spec.deck_counts[:], spec.deck, 1
            self._left = spec.dealt
        else:
            self._resolve()

    @property
    def game(self) -> Game | None:
        """The library's :class:`~ono99.Game` this state holds, to read or to copy.

        ``None`` before the deal is done (while the chance nodes of the
        deal are due). While a player's move waits for the cards it draws
        (a chance node after the move), it is the game as it was before
        that move; once the chance outcomes are given, the game after it.
        It is the whole table, every hand included: what a player may know
        is :meth:`~ono99.Game.observation` of their seat (what the tensors
        and strings show). Play on the state, never on this game: a move
        played on it directly is not in the state's history. A cloned state
        holds a copy of its own.

        >>> import pyspiel, ono99.envs.openspiel
        >>> game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022"})
        >>> state = game.new_initial_state()
        >>> state.game is None
        True
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> state.game.hand_sizes, state.game.current_player == state.current_player()
        ((4, 4), True)
        """
        return None if self._held is None else self._held.game

    # ------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        return self._player

    def is_chance_node(self) -> bool:
        """Whether chance is to act (a card, a first dealer or a rule object's draw)."""
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The actions of ``player`` (by default the one to act), in increasing order.

        At a chance node, its outcomes; none for another player, nor once
        the game is over. (What OpenSpiel's own ``legal_actions`` gives, asked
        in Python without going through OpenSpiel's C++ state.)
        """
        now = self._player
        if player is not None and player != now:
            return []
        if now == _CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        held = self._held
        if now == _TERMINAL or held is None:
            return []
        return self._spec.table.sorted_actions(held.game)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player or self._held is None:
            return []
        return self._spec.table.sorted_actions(self._held.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can be drawn next (by index), each with its chance.

        (Or, where the variant draws its first dealer, each seat, equally
        likely.)
        """
        if self._player != _CHANCE:
            return []
        if self._kind == _ROLL:
            rolled = self._rolled
            return [(outcome, 1 / rolled) for outcome in range(rolled)]
        return chances(self._from, self._size)

    def _apply_action(self, action: int) -> None:
        player = self._player
        if player == _CHANCE:
            if self._kind == _AHEAD and type(action) is int and 0 <= action < len(self._from):
                counts = self._from
                if counts[action] > 0:  # the next card of the stock, fixed: nothing is played
                    counts[action] -= 1
                    self._size -= 1
                    self._ahead.append(action)
                    self._player = self._held.game.current_player  # type: ignore[union-attr]
                    return
            self._chance(action)
            return
        if player == _TERMINAL or self._held is None:
            raise IllegalActionError(f"the game is over: no action can be applied ({action!r})")
        game = self._held.game
        legal = self._spec.table.legal_actions(game)
        given: object = action  # typed int, but a caller may pass anything
        move = legal.get(action) if type(given) is int else None
        if move is None:
            last = len(self._spec.table) - 1
            raise IllegalActionError(
                f"action {action!r} is not legal: player {player}'s legal actions are "
                f"{sorted(legal)} (of the actions 0 to {last})",
                move=action,
            )
        played = self._played
        if self._snapshot is None or (played is not None and played.count >= SNAPSHOT_EVERY):
            self._snapshot, self._played = Snapshot(copy_drawing(game, DRAWS)), None
        # The move, played on the state's own game, drawing the cards fixed ahead.
        spec = self._spec
        ahead, stock = self._ahead, self._stock
        DRAWS.start(ahead[:], None if stock is None else stock[:], (), (), spec)
        try:
            play_checked(game, move)
        except NeedChance:
            # It needs a card not fixed yet: from the game as it was before the move
            # (see _resolve), the move waits for the chance nodes of its cards.
            if not spec.guarded:
                self._held = Held(self._replayed())
            self._move = move
            try:
                self._resolve()
            except Exception:  # a rule object failed: the state is as it was
                self._move = None
                raise
            return
        except BaseException:  # a rule object failed: the state is as it was
            if not spec.guarded:
                self._held = Held(self._replayed())
            raise
        self._ahead, self._stock, free = DRAWS.result()
        self._played = Played((move, ahead, stock, (), ()), self._played)
        if game.is_over:
            self._player = _TERMINAL
        elif not self._ahead and free > 0:  # the next card of the stock is fixed now
            self._kind, self._from, self._size = _AHEAD, self._stock, free  # type: ignore[assignment]
            self._player = _CHANCE
        else:
            self._player = game.current_player

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            cards = self._spec.variant.cards
            if self._kind != _ROLL and 0 <= action < len(cards):
                return f"draw {cards[action].id}"
            if self._move is None:
                return f"seat {action}"  # the first dealer, drawn at the deal
            return f"rule draws {action}"  # a rule object's draw (Table.rng) during a move
        table = self._spec.table
        if not 0 <= action < len(table):
            return f"action {action}"
        if table.silent is not None and action >= table.silent:
            # The silent twin of a play plays the same move saying nothing of the
            # total: its string must differ from the announcing play's (OpenSpiel
            # requires every action's string to be its own).
            return f"{table.moves[action]} saying nothing"
        return str(table.moves[action])

    def is_terminal(self) -> bool:
        """Whether the game has a winner."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """+1 for the winner (and its partners) and -1 for the others once the game is over."""
        players = self._spec.players
        if self._player != _TERMINAL or self._held is None:
            return [0.0] * players
        winners = self._held.game.winners
        return [1.0 if seat in winners else -1.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> Ono99State:
        """A state ``player_id`` cannot tell from this one, the cards it cannot see dealt anew.

        The determinisation OpenSpiel's IS-MCTS bot searches: the player's own
        hand and everything public (the total, the turn, the piles, who is in,
        tokens and scores) stay as they are; every card the player has not
        seen is dealt at random to the other hands, the piles of a zone it
        does not see (a crib: the cards it laid away there stay) and the
        stock, each keeping its size. A card the player knows another holds stays with it:
        a card the player gave them (until it is played, discarded or laid
        down), and what such a holder passes on in a swap of hands. (A card
        given between two other players is unseen: what the player knew of
        the giver's hand is then forgotten; so is the hand the player gives
        away in a swap.) The new state has the same information state for
        ``player_id``, and its future chance nodes are its own.

        Args:
            player_id: The seat whose information state to keep.
            probability_sampler: OpenSpiel's sampler (a callable giving a
                float in [0, 1)); the deal is seeded from it.

        Raises:
            IllegalActionError: If the state is a chance node or over.
        """
        if self._player < 0 or self._held is None:
            raise IllegalActionError("resample_from_infostate: only at a player's decision")
        game = self._held.game
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        players = game.players
        known = known_cards(game.player_log(player_id), player_id, players)
        # The cards the player cannot see, and where: the other hands, the
        # piles of a zone it does not see (a crib, less what it laid away),
        # and the stock.
        seats, hidden = unseen_now(engine_of(game), player_id)
        pool = Counter(hidden)
        kept: list[list[str]] = []
        for seat, size in seats:
            keep: list[str] = []
            for card in known[seat] if seat < players else ():
                if len(keep) < size and pool[card] > 0:
                    keep.append(card)
                    pool[card] -= 1
            kept.append(keep)
        unseen = list(pool.elements())
        rng.shuffle(unseen)
        cards: list[str] = []
        for (_, size), keep in zip(seats, kept, strict=True):
            take = size - len(keep)
            cards += keep + unseen[:take]
            del unseen[:take]
        world = redealt(game, DRAWS, seats, cards + unseen)
        return Ono99State(self.get_game(), world)

    def __str__(self) -> str:
        game = self.game
        if game is None:
            return "before the deal"
        lines = [repr(game)]
        lines += [f"player {s}: {' '.join(game.hand(s))}" for s in range(game.players)]
        return "\n".join(lines)

    # --------------------------------------------------------------- internals

    def _chance(self, action: int) -> None:
        """Apply the chance outcome ``action``; the state is as it was should it fail."""
        given: object = action  # typed int, but a caller may pass anything
        kind = self._kind
        if kind == _ROLL:
            legal = type(given) is int and 0 <= action < self._rolled
        else:
            legal = type(given) is int and 0 <= action < len(self._from) and self._from[action] > 0
        if not legal:
            raise IllegalActionError(
                f"chance outcome {action!r} cannot happen here: the outcomes are "
                f"{[outcome for outcome, _ in self.chance_outcomes()]}"
            )
        if kind == _AHEAD:  # the next card of the stock, fixed; nothing is played
            self._from[action] -= 1
            self._size -= 1
            self._ahead.append(action)
            held = self._held
            assert held is not None  # noqa: S101 - fixed after a move, with its game
            self._player = held.game.current_player
            return
        if kind == _ROLL:
            self._rolls += (action,)
            try:
                self._resolve()
            except Exception:  # a rule object failed: the state is as it was
                self._rolls = self._rolls[:-1]
                self._player = _CHANCE
                raise
            return
        # A card the pending deal or move draws: give as many as it is expected
        # to need, then play it again.
        self._from[action] -= 1
        self._size -= 1
        self._given += ((action, self._epoch),)
        self._left -= 1
        if self._left > 0 and self._size > 0:
            return
        try:
            self._resolve()
        except Exception:  # a rule object failed: the state is as it was
            self._given = self._given[:-1]
            self._from[action] += 1
            self._size += 1
            self._left += 1
            self._kind, self._player = _CARD, _CHANCE
            raise

    def _resolve(self) -> None:
        """Play the pending deal or move with the outcomes given (a chance node: more needed)."""
        spec = self._spec
        chance = DRAWS
        stock = self._stock
        ahead = self._ahead
        chance.start(ahead[:], None if stock is None else stock[:], self._given, self._rolls, spec)
        move = self._move
        try:
            if self._held is None:
                game = deal(spec.variant, spec.players, 0, chance, pick=chance.card)
            else:
                assert move is not None  # noqa: S101 - a move pending, on a dealt game
                # Played on a copy: should the move need more chance outcomes (or a
                # rule object fail), the game before it stays as it was.
                game = copy_drawing(self._held.game, chance)
                play_checked(game, move)
        except NeedChance as need:
            self._player = _CHANCE
            if need.stock is None:
                self._kind, self._rolled = _ROLL, need.outcomes
                return
            self._kind, self._from, self._epoch = _CARD, need.stock, need.epoch
            self._size = size = sum(need.stock)
            # A new deal takes a hand's worth of cards for each: give them all before
            # it is played again; otherwise a card at a time.
            self._left = spec.dealt if size == spec.deck else 1
            return
        self._ahead, self._stock, free = chance.result()
        self._done(game)  # a new game: a new snapshot before the next move
        if not self._ahead and free > 0 and self._player >= 0:
            # The next card of the stock is fixed now (a chance node no player sees),
            # so that the next move draws it without being played again.
            self._kind, self._from, self._size = _AHEAD, self._stock, free  # type: ignore[assignment]
            self._player = _CHANCE

    def _done(self, game: Game) -> None:
        """Hold ``game``, no chance node or move pending."""
        if self._held is None or self._held.game is not game:
            self._held, self._snapshot, self._played = Held(game), None, None
        self._move = None
        self._given = self._rolls = ()
        self._player = _TERMINAL if game.is_over else game.current_player

    def _replayed(self) -> Game:
        """The game before the pending move: its snapshot with the moves since played again."""
        snapshot = self._snapshot
        assert snapshot is not None  # noqa: S101 - taken before the move
        game = copy_drawing(snapshot.game, DRAWS)
        played: list[Played] = []
        link = self._played
        while link is not None:
            played.append(link)
            link = link.before
        for again in reversed(played):
            move, ahead, stock, given, rolls = again.entry
            DRAWS.start(ahead[:], None if stock is None else stock[:], given, rolls, self._spec)
            play_checked(game, move)
        return game

    def information_state_lines(self, player: int) -> list[str]:
        """The game's log as ``player`` saw it, one event a line, then what they see now.

        (Empty before the deal.)
        """
        game = self.game
        if game is None:
            return []
        lines = [repr(event) for event in game.player_log(player)]
        lines.append(describe(game.observation(player)))
        if self._move is not None:  # a move waiting for the cards it draws
            lines.append(f"player {game.current_player} plays {self._move}")
        return lines


class PlayerBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the library's players as an OpenSpiel bot, for ``evaluate_bots`` and the like.

    At its seat's turn, :meth:`step` shows the player its
    :class:`~ono99.Observation` (what the seat may know, and nothing
    else) and returns the action of the move it chooses, as the variant's
    :class:`~ono99.envs.ActionTable` (with the game's ``announce``) numbers
    it. A player that keeps no memory of the game needs nothing else: the
    bot ignores :meth:`inform_action` and :meth:`restart_at`.

    Args:
        game: The ``python_ono99`` game it plays.
        player_id: Its seat.
        player: A :class:`~ono99.Player` (anything with
            ``choose(observation)``: a shipped one, your own, a
            :class:`~ono99.envs.PolicyPlayer`), or a shipped strategy's
            name (``"random"``, ``"cautious"``, ``"reckless"``, ``"search"``).
        seed: The seed of a player made from a strategy's name.

    Raises:
        ArgumentError: If ``player`` is neither a player nor a strategy's
            name, or ``player_id`` is no seat of the game.

    >>> import numpy as np, pyspiel
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> from ono99.envs.openspiel import PlayerBot
    >>> game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    >>> bots = [PlayerBot(game, 0, "cautious"), PlayerBot(game, 1, "random", seed=1)]
    >>> sorted(evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1)))
    [-1.0, 1.0]
    """

    def __init__(
        self, game: pyspiel.Game, player_id: int, player: Player | str, *, seed: int = 0
    ) -> None:
        pyspiel.Bot.__init__(self)
        players = game.num_players()
        seat: object = player_id  # typed int, but a caller may pass anything
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ArgumentError(
                "player_id", f"expected a seat from 0 to {players - 1}, got {shown(player_id)}"
            )
        if isinstance(player, str):
            player = make_player(player, seed)
        elif not callable(getattr(player, "choose", None)):
            raise ArgumentError(
                "player",
                f"expected a player (with a choose(observation) method) or a strategy's "
                f"name, got {shown(player)}",
            )
        self._seat = player_id
        self._table = spec_of(game).table
        self.player: Player = player
        """The player it asks."""

    def player_id(self) -> int:
        """Its seat."""
        return self._seat

    def provides_policy(self) -> bool:
        """False: a player gives a move, not a distribution over moves."""
        return False

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to do: the player reads each observation afresh."""

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to do: the player reads each observation afresh."""

    def step(self, state: Ono99State) -> int:
        """The action of the move the player chooses in ``state``, at its seat's turn.

        Raises:
            IllegalActionError: If it is not the bot's seat's turn in ``state``.
            IllegalMoveError: If the player chooses a move that is not legal.
        """
        game = state.game
        if state.current_player() != self._seat or game is None:
            raise IllegalActionError(
                f"the bot of player {self._seat} was asked to move, but the player to "
                f"move is {state.current_player()}"
            )
        observation = game.observation(self._seat)
        move = self.player.choose(observation)
        if move not in observation.legal_moves:
            raise IllegalMoveError(
                f"{self.player!r} chose {move}, which is not legal here", move=move
            )
        return self._table.action_of(move, observation.hand)


pyspiel.register_game(_GAME_TYPE, Ono99Game)
