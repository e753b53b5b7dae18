"""The game checker: every invariant, checked move by move."""

from __future__ import annotations

import json
import random
import typing
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

import attrs

from ono99 import events as ev
from ono99._compiled import compile_rules
from ono99._errors import IllegalMoveError, ReplayError
from ono99._game import Game
from ono99._moves import Move, Play, Redraw
from ono99._observation import Observation
from ono99._serial import from_data, to_data

from ._invariants import InvariantError, snapshot

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from ono99._variant import Variant


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
        "out_of_play",
        "winner",
        "legal_moves",
        "variant",
    }
)
"""The fields an :class:`~ono99.Observation` may have: the player's own hand and
public facts. A new field must be reviewed for what it reveals, then added here."""


class GameChecker:
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
        self.game = game
        self.variant = game.variant
        self.rules = compile_rules(game.variant)
        self.where = where or f"{game.variant.id!r} ({game.players} players, seed {game.seed})"
        self._n = game.players
        self._seen = 0
        self._hands: list[list[str]] = [[] for _ in range(self._n)]
        self._draw = 0
        self._discard: list[str] = []
        self._out = 0
        self._total = 0
        self._in_game = [True] * self._n
        self._in_round = [True] * self._n
        self._tokens = [game.variant.match.tokens.count_for(self._n)] * self._n
        self._deck = self.rules.deck_for(self._n)
        self._before_bust: int | None = None
        self._undo: int | None = None
        self._scores = [0] * self._n
        self._refilling: int | None = None
        self._forced_plays = sorted(
            {e.forces_plays for c in game.variant.cards for e in c.effects if e.forces_plays}
        )
        self._owed_seen: set[int] = set(self._forced_plays)
        self._direction = 1
        self._deflected: int | None = None
        self._rounds = 0
        self._won = 0
        self._last_played: int | None = None
        # Whether the last card played has an effect that changes hands, which
        # may make any player draw, and hands grow beyond the hand size.
        self._acting = False
        self._grows = self.rules.changes_hands
        # Triggers: the ones due to fire next, as (text, player), whether the
        # events that follow are a trigger's outcomes, and the round-end
        # triggers fired for the round about to end.
        self._due: list[tuple[str, int | None]] = []
        self._triggered = False
        self._ended: list[tuple[str, int | None]] = []
        self._play_texts = {t.describe() for t in self.rules.play_triggers}
        self._end_texts = [t.describe() for t in self.rules.end_triggers]
        # Rounds that ended without a loser (drawn, or won by a trigger), and
        # without a survivor; plays made this round.
        self._lossless = 0
        self._unwon = 0
        self._given = 0
        self._round_plays = 0
        self._follow()
        self.check_state()

    # -- failing

    def fail(self, invariant: str, detail: str) -> typing.NoReturn:
        """Raise :class:`InvariantError` for this game at this move."""
        where = f"{self.where} after {len(self.game.moves)} moves"
        if self.game.moves:
            where += f" (last: {self.game.moves[-1]})"
        raise InvariantError(invariant, detail, where)

    def expect(self, ok: bool, invariant: str, detail: str | Callable[[], str]) -> None:
        """Fail ``invariant`` unless ``ok``; ``detail`` may be a function, called on failure."""
        if not ok:
            self.fail(invariant, detail() if callable(detail) else detail)

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
        try:
            happened = game.play(move)
        except IllegalMoveError as exc:
            self.fail("legal moves", f"{move} was listed as legal but refused: {exc}")
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

    def _follow(self) -> None:
        """Check the new events one by one against a model rebuilt from the log."""
        log = self.game.events
        for event in log[self._seen :]:
            self._event(event)
        self._seen = len(log)
        self._close_refill()
        self._all_fired()
        if self._undo is not None:
            self._undone(ended=False)

    def _undone(self, ended: bool) -> None:
        """After a bust with ``undo_bust``: the total goes back, unless the round ended."""
        if not ended and self._undo is not None:
            self._total = self._undo
        self._undo = None

    def _all_fired(self) -> None:
        self.expect(
            not self._due,
            "triggers fire",
            lambda: f"expected {self._due} to fire (text, player), in this order",
        )

    def _close_refill(self) -> None:
        player = self._refilling
        if player is None:
            return
        self._refilling = None
        size = self.rules.hand_size
        held = len(self._hands[player])
        self.expect(
            held <= size or self._grows,
            "hand size",
            f"player {player} holds {held} > {size} cards",
        )
        if held < size:
            spare = len(self._discard) - (1 if self.rules.keep_top_card and self._discard else 0)
            self.expect(
                self._draw == 0 and spare == 0,
                "hand size",
                lambda: (
                    f"player {player} stopped drawing at {held} of {size} cards while "
                    f"{self._draw} cards were left to draw and {spare} to reshuffle"
                ),
            )

    def _actor(self, player: int, what: str) -> None:
        self.expect(
            self._in_game[player],
            "eliminated never act",
            f"player {player}, out of the game, {what}",
        )
        self.expect(
            self._in_round[player],
            "eliminated never act",
            f"player {player}, out of the round, {what}",
        )

    def _event(self, event: ev.Event) -> None:
        if self._undo is not None and not isinstance(event, _OUTCOME_EVENTS):
            self._undone(ended=isinstance(event, ev.RoundEnded))
        # What a card's effects record comes between its Played event and the refill.
        effect = isinstance(event, _EFFECT_EVENTS)
        if not effect and not isinstance(
            event, ev.Drew | ev.Reshuffled | ev.DirectionChanged | ev.Deflected
        ):
            self._close_refill()
            # A play's triggers fire after its refill; a loss's right after it.
            self._all_fired()
        # One method per event type; an event type added later and not known
        # here is skipped, and the state checks still compare the outcome.
        handler = getattr(self, f"_on_{event.type}", None)
        if handler is not None:
            handler(event)
        if not effect and not isinstance(
            event, ev.Played | ev.Drew | ev.Reshuffled | ev.DirectionChanged | ev.Deflected
        ):
            self._last_played = None
            self._acting = False
            self._triggered = False

    def _on_round_started(self, event: ev.RoundStarted) -> None:
        self._rounds += 1
        self._hands = [[] for _ in range(self._n)]
        self._draw = len(self._deck)
        self._discard = []
        self._out = 0
        self._total = event.total
        self._in_round = self._in_game[:]
        self._direction = 1
        self._round_plays = 0
        self._deflected = None
        self._actor(event.leader, "leads")

    def _on_dealt(self, event: ev.Dealt) -> None:
        self._actor(event.player, "is dealt cards")
        self._hands[event.player] = list(event.cards)
        self._draw -= len(event.cards)
        self.expect(self._draw >= 0, "cards conserved", "more cards dealt than the deck has")

    def _on_played(self, event: ev.Played) -> None:
        self._actor(event.player, f"plays {event.card}")
        self._take(event.player, [event.card])
        self._discard.append(event.card)
        expected = _total_after(self.variant, event.card, self._total, event.amount)
        self.expect(
            event.total == expected,
            "total follows the card",
            lambda: (
                f"{event.card} took the total from {self._total} to {event.total}, "
                f"its effects say {expected}"
            ),
        )
        floor = self.rules.floor
        self.expect(
            floor is None or event.total >= floor,
            "floor",
            f"the total went to {event.total}, below the floor {floor}",
        )
        self._before_bust = self._total
        self._due = [
            (trigger.describe(), event.player)
            for trigger in self.rules.play_triggers
            if trigger.fires(self._total, event.total, self.rules.bust)
        ]
        self._total = event.total
        self._refilling = event.player
        self._last_played = event.player
        self._acting = any(e.changes_hands for e in self.variant.card(event.card).effects)
        if not event.automatic:
            self._played()

    def _played(self) -> None:
        """A move (a play or a redraw) was made: count it against ``round.max_plays``."""
        self._round_plays += 1
        self.expect(
            self._round_plays <= self.rules.max_plays,
            "round bound",
            f"{self._round_plays} plays in a round of at most {self.rules.max_plays}",
        )

    def _on_redrew(self, event: ev.Redrew) -> None:
        self._actor(event.player, "redraws")
        self._take(event.player, list(event.cards))
        self._discard.extend(event.cards)
        self._refilling = event.player
        self._played()

    def _on_drew(self, event: ev.Drew) -> None:
        self.expect(
            self._refilling == event.player or self._acting,
            "hand size",
            f"player {event.player} drew outside a refill after their play",
        )
        self._actor(event.player, "draws")
        self.expect(self._draw > 0, "cards conserved", "a card was drawn from an empty pile")
        self._draw -= 1
        self._hands[event.player].append(event.card)

    def _on_reshuffled(self, event: ev.Reshuffled) -> None:
        keep = 1 if self.rules.keep_top_card and self._discard else 0
        self.expect(
            self._draw == 0 and event.cards == len(self._discard) - keep > 0,
            "cards conserved",
            lambda: (
                f"reshuffled {event.cards} cards with {self._draw} left to draw "
                f"and {len(self._discard)} discarded"
            ),
        )
        self._draw = event.cards
        self._discard = self._discard[len(self._discard) - keep :]

    def _on_laid_down(self, event: ev.LaidDown) -> None:
        self._actor(event.player, "lays down")
        self.expect(
            Counter(event.cards) == Counter(self._hands[event.player]),
            "event log",
            f"player {event.player} laid down {event.cards}, not the hand held",
        )
        if self.rules.laid_down_discarded:
            self._discard.extend(event.cards)
        else:
            self._out += len(event.cards)
        self._hands[event.player] = []
        self._in_round[event.player] = False
        self._lost(event.player)

    def _on_busted(self, event: ev.Busted) -> None:
        self.expect(
            self._last_played == event.player and event.total >= self.rules.bust,
            "event log",
            f"player {event.player} busted at {event.total} without playing to the limit",
        )
        self._in_round[event.player] = False
        self._lost(event.player)
        rules = self.rules
        if rules.undo_bust and not rules.first_loss_ends_round and sum(self._in_round) > 1:
            # Play goes on from the total the loser could not play on, unless a
            # trigger ends the round (its outcomes follow the Busted event).
            self._undo = self._before_bust

    def _on_discarded(self, event: ev.Discarded) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._discard.append(event.card)

    def _on_card_given(self, event: ev.CardGiven) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._hands[event.to].append(event.card)

    def _on_hands_swapped(self, event: ev.HandsSwapped) -> None:
        self._effect_event(event.player)
        hands = self._hands
        hands[event.player], hands[event.other] = hands[event.other], hands[event.player]

    def _on_tokens_changed(self, event: ev.TokensChanged) -> None:
        self._effect_event(event.player, outcome=True)
        before = self._tokens[event.player]
        self.expect(
            event.tokens == before + event.change >= 0,
            "tokens never increase",
            f"player {event.player} went from {before} to {event.tokens} tokens, "
            f"a change of {event.change}",
        )
        self._tokens[event.player] = event.tokens
        self._given += max(0, event.change)

    def _on_score_changed(self, event: ev.ScoreChanged) -> None:
        self._effect_event(event.player, outcome=True)
        before = self._scores[event.player]
        self.expect(
            event.score == before + event.change >= 0,
            "scores never decrease",
            f"player {event.player} went from {before} to {event.score}, "
            f"a change of {event.change}",
        )
        self._scores[event.player] = event.score

    def _effect_event(self, player: int, outcome: bool = False) -> None:
        self.expect(
            self._acting or (outcome and self._triggered),
            "event log",
            f"an effect changed player {player}'s cards, tokens or score, but the card last "
            "played has no effect that changes hands"
            + (", and no trigger fired" if outcome else ""),
        )

    def _on_stuck(self, event: ev.Stuck) -> None:
        self._in_round[event.player] = False
        self._lost(event.player)

    def _lost(self, player: int) -> None:
        """``player`` lost the round: every loss trigger is due, for them."""
        self._due = [(trigger.describe(), player) for trigger in self.rules.loss_triggers]

    def _on_plays_owed(self, event: ev.PlaysOwed) -> None:
        self._actor(event.player, "owes plays")
        self._plays_owed(event.plays)
        deflected, self._deflected = self._deflected, None
        self.expect(
            deflected is None or deflected == event.plays,
            "event log",
            f"{deflected} plays were passed on and player {event.player} owes {event.plays}",
        )

    def _on_direction_changed(self, event: ev.DirectionChanged) -> None:
        self.expect(
            event.direction == -self._direction and sum(self._in_round) > 2,
            "event log",
            lambda: (
                f"the direction went from {self._direction} to {event.direction} with "
                f"{sum(self._in_round)} players in the round"
            ),
        )
        self._direction = event.direction

    def _on_deflected(self, event: ev.Deflected) -> None:
        self._actor(event.player, "answers forced plays")
        self._deflected = event.plays

    def _on_trigger_fired(self, event: ev.TriggerFired) -> None:
        # A trigger's outcomes (tokens and scores changed) follow it.
        self._triggered = True
        fired = (event.text, event.player)
        if self._due and self._due[0] == fired:
            self._due.pop(0)
            return
        self.expect(
            not self._due and event.text not in self._play_texts,
            "triggers fire",
            lambda: f"{event!r} fired, but {self._due or 'no play trigger'} was due",
        )
        # Not due at a play or a loss: a round-end trigger.
        self._ended.append(fired)

    def _on_round_ended(self, event: ev.RoundEnded) -> None:
        self._in_round = [False] * self._n
        expected = [(text, event.survivor) for text in self._end_texts]
        ended, self._ended = self._ended, []
        self.expect(
            ended == expected,
            "triggers fire",
            f"the round ended after {ended} fired, not {expected}",
        )
        self._lossless += not event.losers
        self._unwon += event.survivor is None

    def _on_token_lost(self, event: ev.TokenLost) -> None:
        before = self._tokens[event.player]
        self.expect(
            event.tokens == before - 1 >= 0,
            "tokens never increase",
            f"player {event.player} went from {before} to {event.tokens} tokens",
        )
        self._tokens[event.player] = event.tokens

    def _on_scored(self, event: ev.Scored) -> None:
        before = self._scores[event.player]
        self.expect(
            event.points >= 0 and event.score == before + event.points,
            "scores never decrease",
            f"player {event.player} scored {event.points}: {before} to {event.score}",
        )
        self._scores[event.player] = event.score

    def _on_eliminated(self, event: ev.Eliminated) -> None:
        self.expect(
            self._in_game[event.player],
            "eliminated never act",
            f"player {event.player} was eliminated twice",
        )
        self._in_game[event.player] = False

    def _on_game_won(self, event: ev.GameWon) -> None:
        self._won += 1
        self.expect(
            self._won == 1 and sum(self._in_game) == 1 and self._in_game[event.player],
            "one winner",
            lambda: (
                f"player {event.player} won with {sum(self._in_game)} players in the game "
                f"({self._won} GameWon events)"
            ),
        )

    def _take(self, player: int, cards: Sequence[str]) -> None:
        hand = self._hands[player]
        for card in cards:
            self.expect(
                card in hand, "cards conserved", f"player {player} played {card} not in {hand}"
            )
            hand.remove(card)

    def _plays_owed(self, plays: int) -> None:
        stacking = self.rules.stacking
        allowed = set(self._forced_plays) | self._owed_seen
        for seen in self._owed_seen:
            for fresh in self._forced_plays:
                if stacking == "multiply":
                    allowed.add(seen * fresh)
                elif stacking == "add":
                    allowed.add(seen + fresh)
        self.expect(
            plays > 1 and plays in allowed,
            "plays owed",
            lambda: (
                f"{plays} plays owed; the cards force {self._forced_plays} with stacking "
                f"{stacking!r}, and {sorted(self._owed_seen)} were owed before"
            ),
        )
        self._owed_seen.add(plays)

    # -- state

    def check_state(self) -> None:
        """Check the game's state against the model and every state invariant."""
        game = self.game
        rules = self.rules
        n = self._n
        hands = [game.hand(p) for p in range(n)]
        held = Counter(c for hand in hands for c in hand)
        everything = held + Counter(game.draw_pile) + Counter(game.discard_pile)
        everything += Counter(game.out_of_play)
        deck = Counter(rules.cards[k].id for k in self._deck)
        self.expect(
            everything == deck,
            "cards conserved",
            lambda: f"cards in play {dict(everything)} differ from the deck {dict(deck)}",
        )
        for p, hand in enumerate(hands):
            self.expect(
                len(hand) <= rules.hand_size or self._grows,
                "hand size",
                f"player {p} holds {len(hand)} cards, more than {rules.hand_size}",
            )
            if Counter(hand) != Counter(self._hands[p]):
                self.fail(
                    "event log", f"player {p} holds {hand}; the events give {self._hands[p]}"
                )
        self.expect(
            len(game.draw_pile) == self._draw
            and list(game.discard_pile) == self._discard
            and len(game.out_of_play) == self._out,
            "event log",
            lambda: (
                f"piles of {len(game.draw_pile)}/{len(game.discard_pile)}/"
                f"{len(game.out_of_play)} cards; the events give {self._draw}/"
                f"{len(self._discard)}/{self._out}"
            ),
        )
        self.expect(
            rules.floor is None or game.total >= rules.floor,
            "floor",
            f"the total is {game.total}, below the floor {rules.floor}",
        )
        self.expect(
            game.total == self._total,
            "event log",
            f"the total is {game.total}; the events give {self._total}",
        )
        self.expect(
            list(game.tokens) == self._tokens,
            "tokens never increase",
            f"tokens {game.tokens}; the events give {self._tokens}",
        )
        self.expect(
            list(game.scores) == self._scores,
            "scores never decrease",
            f"scores {game.scores}; the events give {self._scores}",
        )
        self.expect(
            list(game.in_game) == self._in_game,
            "eliminated never act",
            f"in game {game.in_game}; the events give {self._in_game}",
        )
        self.expect(
            self._rounds == game.round,
            "event log",
            f"round {game.round}; the events started {self._rounds}",
        )
        self._check_rounds()
        if game.is_over:
            self.expect(
                self._won == 1
                and game.winner is not None
                and game.in_game.count(True) == 1
                and game.in_game[game.winner],
                "one winner",
                f"game over with winner {game.winner}, in game {game.in_game}",
            )
            self.expect(game.legal_moves() == (), "legal moves", "a finished game lists moves")
            return
        current = game.current_player
        self.expect(
            game.in_game[current] and game.in_round[current] and self._in_round[current],
            "eliminated never act",
            f"player {current} is to move but is out",
        )
        self.expect(
            game.in_round == tuple(self._in_round),
            "eliminated never act",
            f"in round {game.in_round}; the events give {self._in_round}",
        )
        self.expect(
            game.direction == self._direction or game.is_over,
            "event log",
            f"the direction is {game.direction}; the events give {self._direction}",
        )
        owed = game.plays_owed
        self.expect(
            1 <= owed <= max(self._owed_seen | {1}),
            "plays owed",
            f"{owed} plays owed; at most {max(self._owed_seen | {1})} can be",
        )
        self.expect(bool(game.legal_moves()), "legal moves", "the player to move has no move")

    def _check_rounds(self) -> None:
        match = self.variant.match
        rounds = self.game.round
        bound = self.rules.max_rounds
        if match.scoring == "none":
            # One round, played to the last player standing, unless it ends without one.
            bound = min(bound, 1 + self._unwon)
        elif match.scoring == "tokens" and match.tokens.lost:
            # Every round with a loser costs a token (each token given back pays
            # for one more) or, with none left, puts a player out.
            count = match.tokens.count_for(self._n)
            bound = min(bound, self._n * (count + 1) + self._lossless + self._given)
        self.expect(rounds <= bound, "round bound", f"round {rounds} of at most {bound}")

    # -- deeper checks

    def check_legal_moves(self) -> None:
        """Every move the rules could mean is legal exactly when ``legal_moves()`` lists it."""
        game = self.game
        legal = game.legal_moves()
        for move in candidate_moves(game):
            listed = move in legal
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
        before = snapshot(game)
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
                snapshot(game) == before,
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
        }
        for name, value in public.items():
            self.expect(
                getattr(obs, name) == value,
                "observation",
                f"{name} is {getattr(obs, name)!r}, the game says {value!r}",
            )
        mine = game.current_player == player and not game.is_over
        self.expect(
            obs.legal_moves == (game.legal_moves() if mine else ()),
            "observation",
            "legal moves shown to a player whose turn it is not",
        )
        hidden = _shuffle_hidden(game, player, rng or random.Random(len(game.moves)))
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
            if isinstance(event, ev.Dealt) and event.player != player:
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


_EFFECT_EVENTS = (
    ev.Discarded,
    ev.CardGiven,
    ev.HandsSwapped,
    ev.TokensChanged,
    ev.ScoreChanged,
    ev.RuleActed,
    ev.TriggerFired,
)
"""The events a card's effects record (through :class:`ono99.rules.Table`)."""

_OUTCOME_EVENTS = (ev.TriggerFired, ev.TokensChanged, ev.ScoreChanged)
"""A trigger firing, and what its outcomes record."""


def _total_after(variant: Variant, card_id: str, total: int, amount: int | None = None) -> int:
    """The total after a card, straight from the variant's rule objects and floor."""
    for effect in variant.card(card_id).effects:
        total = effect.total_after(total, amount)
    floor = variant.total.floor
    return total if floor is None else max(total, floor)


def candidate_moves(game: Game) -> list[Move]:
    """Moves to test legality with.

    A play of every card of the variant, a redraw, a play of an unknown card,
    and every legal move with one of its fields (other than the card) changed.
    """
    out: list[Move] = [Play(card.id) for card in game.variant.cards]
    out += [Redraw(), Play("no such card")]
    for move in game.legal_moves():
        for field in attrs.fields(type(move)):
            if field.name == "card":
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


def _shuffle_hidden(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` with the information ``player`` cannot see shuffled."""
    other = game.copy()
    # A test of the observation check, not a way to play: it changes what no
    # public method may change (the cards ``player`` cannot see), so it alone
    # outside the engine and Game writes the engine's fields, on purpose.
    r = other._e.r
    others = [p for p in range(game.players) if p != player]
    pool = [card for p in others for card in r.hands[p]] + r.draw
    rng.shuffle(pool)
    for p in others:
        size = len(r.hands[p])
        r.hands[p], pool = pool[:size], pool[size:]
    r.draw = pool
    other._e.legal = None
    return other
