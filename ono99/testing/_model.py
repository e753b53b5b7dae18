"""The checker's model of a game, rebuilt from its event log, and its state checks.

:class:`LogModel` follows the events one by one, each to a handler
``_on_<event type>`` of the subject's class (``_cards``, ``_turns``,
``_rounds``), then compares what it rebuilt with the game's state.
:class:`~ono99.testing.GameChecker` is built on them all.
"""

from __future__ import annotations

import typing
from collections import Counter
from typing import TYPE_CHECKING, Any

from ono99 import events as ev
from ono99.engine import compile_variant, game_state
from ono99.rules import DeclaredCard, each_effect

from ._invariants import InvariantError
from ._view import CountView, Unknown

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99.engine import Game
    from ono99.rules import CardInfo, Declaration, Trigger

__all__ = ["LogModel"]


class LogModel:
    """A game's state rebuilt from its events, checked event by event and against the game.

    The handlers of the events are the subclasses'; an event type without one
    is skipped, and :meth:`check_state` still compares its outcome.

    Args:
        game: A game, in any state.
        where: How to name the game in errors (default: variant, seats, seed).
    """

    # What the count's last play said of the total; what its card was declared to
    # be, and the card's before it (set in __init__).
    _said: int | None
    # The reaction open, as (the seat it is aimed at, who aimed it, what).
    _reaction: tuple[int, int, str] | None
    _declared: Declaration | None
    _declared_before: Declaration | None
    # Whether a score reached a target that wins at once this round.
    _reached = False
    _dealer: int  # the round's dealer (set when each round starts)
    _given_due: list[tuple[int, int]]  # the points the deal's start still gives
    _zoned = 0  # the cards in the zones a variant declares (the crib), this round
    # The cards each seat laid away this round, as the events told (none before a deal is seen).
    _laid: tuple[list[str], ...] = ()

    def __init__(self, game: Game, where: str | None = None) -> None:
        self.game = game
        self.variant = game.variant
        self.rules = compile_variant(game.variant)
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
        self._redrew = False
        self._forced_plays = sorted(
            {
                e.forces_plays
                for c in game.variant.cards
                for e in each_effect(c.resolved_effects)
                if e.forces_plays
            }
        )
        self._owed_seen: set[int] = set(self._forced_plays)
        self._direction = 1
        self._deflected: int | None = None
        self._rounds = 0
        self._won = 0
        self._last_played: int | None = None
        self._below_floor = False  # the last play tried to take the total below an illegal floor
        # Whether the last card played has an effect that changes hands, which
        # may make any player draw, and hands grow beyond the hand size.
        self._acting = False
        self._grows = self.rules.changes_hands
        # Triggers: the ones due to fire next, as (text, player), whether the
        # events that follow are a trigger's outcomes, and the round-end
        # triggers fired for the round about to end.
        # A trigger that reads the table beyond what the model knows (a hand,
        # say) may or may not be due: it is due "maybe" (the third field).
        self._due: list[tuple[str, int | None, bool]] = []
        self._triggered = False
        self._ended: list[tuple[str, int | None]] = []
        self._play_texts = {self._describe(t) for t in self.rules.play_triggers}
        self._end_texts = [self._describe(t) for t in self.rules.end_triggers]
        self._count_texts = {self._describe(t) for t in self.rules.count_triggers}
        # The show's triggers, and the turn-up's (for the round's dealer: _dealer).
        self._show_texts, self._turn_up_texts = (
            {self._describe(t) for t in self.rules.show_triggers},
            {self._describe(t) for t in self.rules.turn_up_triggers},
        )
        # The count (see total.restart): the cards played in it, the card whose
        # effects the last play applied and its amount (what a repeat does
        # again), what the last play said, players who passed in a row, and
        # how often the stock was made anew this round.
        self._count: list[str] = []
        self._last_acting: str | None = None
        self._last_amount: int | None = None
        self._said = self._declared = self._declared_before = self._reaction = None
        self._passes = 0
        self._reshuffles = 0
        self._last_in_count = -1
        self._last_actor = -1
        # Rounds that ended without a loser (drawn, or won by a trigger), and
        # without a survivor; plays made this round.
        self._lossless = 0
        self._unwon = 0
        self._given = 0
        # The seat whose hand a round just scored, and its points: its partners'
        # share follows at once (ScoreChanged, automatic, by the same points).
        self._share: tuple[int, int] | None = None
        self._round_plays = 0

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

    # -- following the log

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
        due = [(text, player) for text, player, maybe in self._due if not maybe]
        self._due = []
        self.expect(
            not due,
            "triggers fire",
            lambda: f"expected {due} to fire (text, player), in this order",
        )

    def _close_refill(self) -> None:
        player = self._refilling
        if player is None:
            return
        self._refilling = None
        self._redrew = False
        size = self.rules.hand_size
        held = len(self._hands[player])
        self.expect(
            held <= size or self._grows,
            "hand size",
            f"player {player} holds {held} > {size} cards",
        )
        if held < size and self.rules.refill:
            spare = 0
            if self.rules.reshuffles:
                spare = len(self._discard) - (
                    1 if self.rules.keep_top_card and self._discard else 0
                )
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
        if not isinstance(event, ev.Scored | ev.ScoreChanged):
            self._share = None
        if not effect and not isinstance(
            event,
            ev.Played | ev.Drew | ev.Reshuffled | ev.DirectionChanged | ev.Deflected | ev.Declined,
        ):
            self._last_played = None
            self._acting = False
            self._triggered = False

    def _played(self) -> None:
        """A move (a play or a redraw) was made: count it against ``round.max_plays``."""
        self._round_plays += 1
        self.expect(
            self._round_plays <= self.rules.max_plays,
            "round bound",
            f"{self._round_plays} plays in a round of at most {self.rules.max_plays}",
        )

    def _effect_event(self, player: int, outcome: bool = False) -> None:
        self.expect(
            self._acting or (outcome and self._triggered),
            "event log",
            f"an effect changed player {player}'s cards, tokens or score, but the card last "
            "played has no effect that changes hands"
            + (", and no trigger fired" if outcome else ""),
        )

    def _lost(self, player: int) -> None:
        """``player`` lost the round: every loss trigger is due, for them."""
        self._due = [
            (self._describe(trigger), player, False) for trigger in self.rules.loss_triggers
        ]

    def _fires(self, trigger: Trigger, table: CountView) -> bool | None:
        """Whether ``trigger`` fires on ``table``; ``None`` if it reads what the model lacks."""
        asked: Any = trigger  # a trigger of another package is guarded, as in the engine
        try:
            fired: bool = asked.fires_on(table)
        except Unknown:
            return None
        return fired

    def _count_view(self, player: int, before: int, playing: bool) -> CountView:
        """The table as the model knows it: the count, the total, what was said.

        ``before``: the total before the play being made (``playing``), or the total.
        """
        cards: list[CardInfo] = [self.variant.card(card) for card in self._count]
        declared = self._declared_before if playing else self._declared
        # As the engine's table: the card before is as it was declared; the count's
        # cards are as they are (a flush reads their own suits).
        previous = (cards[-2] if playing else cards[-1]) if len(cards) > playing else None
        if declared is not None and previous is not None:
            previous = DeclaredCard(previous, declared)
        return CountView(
            player=player,
            total=self._total,
            total_before=before,
            direction=self._direction,
            said=self._said,
            bust=self.rules.bust,
            count_cards=tuple(cards),
            previous_card=previous,
            players_in_round=sum(self._in_round),
            reshuffles=self._reshuffles,
            declared=declared,
            declaring=self._declared if playing else None,
            playing=playing,
        )

    def _describe(self, trigger: Trigger) -> str:
        """What ``trigger.describe()`` says (a RuleError if it fails, as in the engine)."""
        return trigger.describe()

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
        if self.variant.zones:
            zoned = [
                c
                for piles in game_state(game, logs=False)["zones"].values()
                for p in piles
                for c in p
            ]
            everything += Counter(zoned)
            self.expect(
                len(zoned) == self._zoned,
                "event log",
                lambda: f"{len(zoned)} cards in the zones; the events give {self._zoned}",
            )
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
        for team in game.teams:
            scores = [game.scores[s] for s in team]
            tokens = [game.tokens[s] for s in team]
            self.expect(
                len(set(scores)) == 1 and len(set(tokens)) == 1,
                "partners",
                f"partners {team} hold scores {scores} and tokens {tokens}",
            )
        if game.is_over:
            standing = [seat for seat in range(n) if game.in_game[seat]]
            self.expect(
                self._won == 1
                and game.winner is not None
                and game.in_game[game.winner]
                and bool(standing)
                and all(seat in game.winners for seat in standing),
                "one winner",
                f"game over with winner {game.winner} (winners {game.winners}), "
                f"in game {game.in_game}",
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


_EFFECT_EVENTS = (
    ev.ReactionOpened,
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
