"""The game checker: every invariant, checked move by move.

:class:`GameChecker` follows the game's log with the handlers of each subject
(cards, turns, rounds) on the model of ``_model``, and adds the checks that need
more than a move: legality, illegal moves, what a player sees, and replays.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, cast

import attrs

from ono99 import events as ev
from ono99._errors import IllegalMoveError, ReplayError
from ono99.engine import (
    Decline,
    Game,
    Move,
    Observation,
    Play,
    PutAside,
    Redraw,
    from_data,
    redealt_unseen,
    to_data,
    unsaid,
)

from ._cards import CardEvents
from ._invariants import snapshot
from ._rounds import RoundEvents
from ._turns import TurnEvents

if TYPE_CHECKING:
    from collections.abc import Iterable


_OBSERVATION_FIELDS = frozenset(
    {
        "player",
        "hand",
        "total",
        "direction",
        "current_player",
        "plays_owed",
        "answering",
        "played_this_turn",
        "forced_by",
        "hand_sizes",
        "tokens",
        "scores",
        "in_game",
        "in_round",
        "round",
        "draw_pile_size",
        "discard_pile",
        "count",
        "last_play",
        "last_player",
        "passes",
        "teams",
        "starter",
        "table_totals",
        "declared",
        "reaction",
        "zones",  # each declared zone as its visibility lets this player see it
        "dealer",  # who dealt the round: public
        "out_of_play",
        "winner",
        "legal_moves",
        "variant",
    }
)
"""The fields an :class:`~ono99.Observation` may have: the player's own hand and
public facts. A new field must be reviewed for what it reveals, then added here."""


class GameChecker(CardEvents, TurnEvents, RoundEvents):
    """Watches a game move by move and checks every invariant of :data:`INVARIANTS`.

    Play through :meth:`play`: it checks the events the move caused and the
    state after it. :meth:`check_illegal`, :meth:`check_observation` and
    :meth:`check_replay` check what needs more work than a move.

    Args:
        game: A game, in any state: its event log is checked from the start.
        where: How to name the game in errors (default: variant, seats, seed).

    Raises:
        InvariantError: From any method, when an invariant does not hold.
    """

    def __init__(self, game: Game, where: str | None = None) -> None:
        super().__init__(game, where)
        self._follow()
        self.check_state()

    # -- moves

    def play(self, move: Move) -> tuple[ev.Event, ...]:
        """Play ``move`` (which must be legal) and check everything it caused."""
        game = self.game
        mover = game.current_player
        self.expect(
            game.in_game[mover] and game.in_round[mover],
            "eliminated never act",
            f"player {mover} is to move but is out",
        )
        # What the mover is told the move makes, before it is played.
        answering = game.reaction is not None  # an answer makes no total
        told = (
            game.observation(mover).total_after(move)
            if isinstance(move, Play) and not answering
            else None
        )
        try:
            happened = game.play(move)
        except IllegalMoveError as exc:
            self.fail("legal moves", f"{move} was listed as legal but refused: {exc}")
        if told is not None:
            made = next((e.total for e in happened if isinstance(e, ev.Played)), None)
            self.expect(
                made == told,
                "told total",
                lambda: f"{move} was told it makes {told}, the play made {made}",
            )
        flags = [event.automatic for event in happened]
        first = happened[0] if happened else None
        self.expect(
            first is not None
            and not first.automatic
            and getattr(first, "player", None) == mover
            and flags == sorted(flags),
            "move then consequences",
            lambda: f"{move} returned {happened!r}",
        )
        self._follow()
        self.check_state()
        return happened

    # -- deeper checks

    def check_legal_moves(self) -> None:
        """Every move the rules could mean is legal exactly when ``legal_moves()`` lists it.

        What a move says the total is (``Play.say``) makes no move illegal: a
        listed move says the true total, and the same move saying another is
        legal too (a rule may judge it). Moves are compared without it.
        """
        game = self.game
        legal = {unsaid(m) for m in game.legal_moves()}
        for move in candidate_moves(game):
            listed = unsaid(move) in legal
            reason = game.why_illegal(move)
            self.expect(
                listed == (reason is None),
                "legal moves",
                f"{move} is {'' if listed else 'not '}listed but why_illegal says {reason!r}",
            )

    def check_illegal(self, moves: Iterable[object] | None = None) -> int:
        """Play illegal moves: each must raise and leave the game exactly as it was.

        Args:
            moves: The moves to try (default: every illegal one of
                :func:`candidate_moves`, and a few non-moves).

        Returns:
            How many illegal moves were tried.
        """
        game = self.game
        if moves is None:
            legal = game.legal_moves()
            moves = [m for m in candidate_moves(game) if m not in legal]
            moves += [None, "play 7", Play.__name__]
        # The logs as their length and last entry: a check that costs the same
        # however long the game has gone on.
        before = snapshot(game, logs=False)
        tried = 0
        for move in moves:
            if game.why_illegal(move) is None:
                continue
            tried += 1
            try:
                game.play(move)  # type: ignore[arg-type]
            except IllegalMoveError as exc:
                self.expect(
                    bool(str(exc)), "illegal move", f"{move!r} was refused without a reason"
                )
            else:
                self.fail("illegal move", f"{move!r} was played though why_illegal refused it")
            self.expect(
                snapshot(game, logs=False) == before,
                "illegal move",
                f"refusing {move!r} changed the game",
            )
        return tried

    def check_observation(self, player: int, rng: random.Random | None = None) -> Observation:
        """Check ``player``'s observation: own cards and public facts only.

        Structurally, the observation has only the known fields, its hand is
        the player's, and its public fields match the game. Then the hidden
        information (other players' cards, swapped among them, and the draw
        order) is shuffled in a copy of the game: the observation must not
        change.
        """
        game = self.game
        obs = game.observation(player)
        names = {a.name for a in attrs.fields(Observation)}
        self.expect(
            names == _OBSERVATION_FIELDS,
            "observation",
            f"the observation's fields changed: {sorted(names ^ _OBSERVATION_FIELDS)}; "
            "review what they reveal",
        )
        self.expect(obs.hand == game.hand(player), "observation", "the hand is not the player's")
        public = {
            "total": game.total,
            "direction": game.direction,
            "current_player": game.current_player,
            "answering": game.answering,
            "played_this_turn": game.played_this_turn,
            "forced_by": game.forced_by,
            "hand_sizes": tuple(len(game.hand(p)) for p in range(self._n)),
            "tokens": game.tokens,
            "scores": game.scores,
            "in_game": game.in_game,
            "in_round": game.in_round,
            "round": game.round,
            "draw_pile_size": len(game.draw_pile),
            "discard_pile": game.discard_pile,
            "out_of_play": game.out_of_play,
            "winner": game.winner,
            "teams": game.teams,
            "starter": game.starter,  # turned up for all to see
            "declared": self._declared,  # named aloud with the card
            "reaction": game.reaction,  # aimed aloud
            # The count, as the events told it (the checker's own record).
            "count": tuple(self._count),
            "passes": self._passes,
            "last_player": None if self._last_in_count < 0 else self._last_in_count,
        }
        for name, value in public.items():
            self.expect(
                getattr(obs, name) == value,
                "observation",
                f"{name} is {getattr(obs, name)!r}, the game says {value!r}",
            )
        # The count's last play: the card that acted and its amount, as the events told.
        acted = (self._last_acting, self._last_amount) if self._count else None
        self.expect(
            (obs.last_play and obs.last_play[:2]) == acted,
            "observation",
            lambda: f"last_play is {obs.last_play!r}, the events say {acted!r}",
        )
        # The cards the player laid away this round, as the events told: its
        # own, and no other seat's ("lays away two of them face down", Bicycle).
        laid = tuple(self._laid[player]) if self._laid else obs.laid_away  # no deal seen
        self.expect(
            obs.laid_away == laid,
            "observation",
            lambda: f"laid_away is {obs.laid_away!r}, the player laid away {laid!r}",
        )
        records = {zone.name for zone in self.rules.zones if zone.records}
        others = [
            (zone.name, k)
            for zone in obs.zones
            if zone.name in records
            for k, pile in enumerate(zone.cards)
            if k != player and pile is not None
        ]
        self.expect(
            not others,
            "observation",
            lambda: f"player {player} sees what other seats laid away: {others}",
        )
        mine = game.current_player == player and not game.is_over
        self.expect(
            obs.legal_moves == (game.legal_moves() if mine else ()),
            "observation",
            "legal moves shown to a player whose turn it is not",
        )
        hidden = redealt_unseen(game, player, rng or random.Random(len(game.moves)))
        self.expect(
            hidden.observation(player) == obs,
            "observation",
            "the observation changed when other players' cards or the draw order changed",
        )
        return obs

    def check_player_log(self, player: int, rng: random.Random | None = None) -> None:
        """Check ``player``'s view of the log: no card another player was dealt or drew.

        Every event of :meth:`~ono99.Game.player_log` is the event of the
        whole log, except another player's deal and draws, and a card given
        between two other players, which carry only who and how many; and the
        view is the same when the cards of those events are changed.
        """
        game = self.game
        log = game.player_log(player)
        full = game.events
        self.expect(len(log) == len(full), "player log", "the player's log skips events")
        for seen, event in zip(log, full, strict=True):
            if isinstance(event, ev.Dealt | ev.Drew) and event.player != player:
                self.expect(
                    isinstance(seen, ev.DealtUnseen | ev.DrewUnseen)
                    and seen.player == event.player
                    and seen.automatic == event.automatic,
                    "player log",
                    f"player {player} sees {seen!r} for {event!r}",
                )
                if isinstance(seen, ev.DealtUnseen) and isinstance(event, ev.Dealt):
                    self.expect(
                        seen.cards == len(event.cards),
                        "player log",
                        f"player {player} sees {seen!r} for {event!r}",
                    )
            elif isinstance(event, ev.LaidAway) and event.player != player:
                self.expect(
                    seen == ev.LaidAwayUnseen(event.player, len(event.cards), event.zone),
                    "player log",
                    f"player {player} sees {seen!r} for {event!r}",
                )
            elif isinstance(event, ev.CardGiven) and player not in (event.player, event.to):
                self.expect(
                    seen == ev.CardGivenUnseen(event.player, event.to, automatic=event.automatic),
                    "player log",
                    f"player {player} sees {seen!r} for {event!r}",
                )
            else:
                self.expect(seen == event, "player log", f"{event!r} read as {seen!r}")
        # The same log with every card of another player's deal and draws (and
        # of cards given between two others) changed must read the same from
        # the player's seat.
        rng = rng or random.Random(len(full))
        ids = [card.id for card in self.variant.cards]
        changed: list[ev.Event] = []
        for event in full:
            if isinstance(event, ev.Dealt | ev.LaidAway) and event.player != player:
                cards = tuple(rng.choice(ids) for _ in event.cards)
                changed.append(attrs.evolve(event, cards=cards))
            elif (isinstance(event, ev.Drew) and event.player != player) or (
                isinstance(event, ev.CardGiven) and player not in (event.player, event.to)
            ):
                changed.append(attrs.evolve(event, card=rng.choice(ids)))
            else:
                changed.append(event)
        self.expect(
            ev.seen_by(changed, player) == log,
            "player log",
            "the player's log changed when other players' cards changed",
        )

    def check_replay(self) -> None:
        """Same seed and moves give the same events; a record saved as JSON replays alike."""
        game = self.game
        again = Game(game.variant, game.players, game.seed)
        for number, move in enumerate(game.moves, 1):
            try:
                again.play(move)
            except IllegalMoveError as exc:
                self.fail(
                    "deterministic", f"move {number} ({move}) is illegal the second time: {exc}"
                )
        self.expect(
            again.events == game.events,
            "deterministic",
            "the same seed and moves gave another event log",
        )
        text = json.dumps(to_data(game.record()))
        record = from_data(json.loads(text))
        try:
            replayed = Game.replay(record, game.variant)
        except ReplayError as exc:
            self.fail("replay", f"the saved game does not replay: {exc}")
        self.expect(
            snapshot(replayed) == snapshot(game),
            "replay",
            "the replayed game's state differs from the original's",
        )


def candidate_moves(game: Game) -> list[Move]:
    """Moves to test legality with.

    A play of every card of the variant, a redraw, a play of an unknown card,
    cards laid away (none, an unknown card, each card alone), and every legal
    move with one of its fields changed (other than the card, the cards laid
    away, and what it says of the total, which makes no move illegal).
    """
    out: list[Move] = [Play(card.id) for card in game.variant.cards]
    out += [Redraw(), Decline(), Play("no such card"), PutAside(()), PutAside(("no such card",))]
    out += [PutAside((card.id,)) for card in game.variant.cards]
    for move in game.legal_moves():
        if isinstance(move, PutAside) and len(move.cards) > 1:
            out.append(PutAside(move.cards[:1] * len(move.cards)))  # one card twice
        for field in attrs.fields(type(move)):
            if field.name in ("card", "say", "cards"):
                continue
            for value in (None, -1, 0, 1, 11, 99, 10**6):
                try:
                    changed: Any = attrs.evolve(cast("Any", move), **{field.name: value})
                    out.append(changed)
                except (TypeError, ValueError):
                    continue
    seen: list[Move] = []
    for move in out:
        if move not in seen:
            seen.append(move)
    return seen
