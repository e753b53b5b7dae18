"""The checker's handlers of how rounds start and end, and what they cost or score.

Tokens only go down and scores only up (unless an effect or a trigger says
so), each trigger fires when due, and the game ends with one winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._model import LogModel

if TYPE_CHECKING:
    from ono99 import events as ev

__all__ = ["RoundEvents"]


class RoundEvents(LogModel):
    """Rounds started and ended, losses, triggers, tokens, scores and the game's end."""

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
        self._zoned = 0
        self._laid = tuple([] for _ in range(self._n))
        self._dealer = event.dealer
        self._given_due = self._deal_given(event.dealer)
        self._deflected = None
        self._new_count()
        self._reshuffles = 0
        self._last_in_count = -1
        self._reached = False
        self._actor(event.leader, "leads")

    def _show_now(self) -> bool:
        """Whether the show may be scoring now: before the round's first play, or at its end."""
        rules = self.rules
        return (rules.show_at_deal and self._round_plays == 0) or rules.show_at_end

    def _new_count(self) -> None:
        self._count = []
        self._last_acting = self._last_amount = self._said = None
        self._declared = self._declared_before = None
        self._passes = 0

    def _count_fired(self) -> list[tuple[str, int | None]]:
        """The count triggers its end fires, for the last to play, in order.

        One that reads what the model does not know is taken as fired if it did.
        """
        if not self.rules.count_triggers:
            return []
        last = self._last_in_count
        view = self._count_view(self._last_actor, self._total, playing=False)
        fired: list[tuple[str, int | None]] = []
        ended = self._ended
        for trigger in self.rules.count_triggers:
            text = self._describe(trigger)
            fires = self._fires(trigger, view)
            if fires is None:
                fires = (text, last) in ended
            if fires:
                fired.append((text, last))
        return fired

    def _on_passed(self, event: ev.Passed) -> None:
        self._actor(event.player, "passes")
        self.expect(
            self.rules.passes,
            "event log",
            f"player {event.player} passed, but a player with no legal move "
            "does not pass in this variant",
        )
        self._passes += 1
        self._last_actor = event.player

    def _on_count_started(self, event: ev.CountStarted) -> None:
        self._actor(event.player, "leads the count")
        rules = self.rules
        self.expect(
            rules.restarts and event.total == rules.start and bool(self._count),
            "event log",
            lambda: (
                f"a count started at {event.total} after {len(self._count)} cards "
                f"(the variant {'starts counts again' if rules.restarts else 'has one count'}"
                f" at {rules.start})"
            ),
        )
        expected, ended = self._count_fired(), self._ended
        self._ended = []
        self.expect(
            ended == expected,
            "triggers fire",
            f"the count ended after {ended} fired, not {expected}",
        )
        self._new_count()
        self._total = event.total

    def _on_busted(self, event: ev.Busted) -> None:
        self.expect(
            self._last_played == event.player
            and (event.total >= self.rules.bust or self._below_floor),
            "event log",
            f"player {event.player} busted at {event.total} without playing to the limit "
            "(or below the floor, where that is illegal)",
        )
        self._in_round[event.player] = False
        self._lost(event.player)
        rules = self.rules
        if rules.undo_bust and not rules.first_loss_ends_round and sum(self._in_round) > 1:
            # Play goes on from the total the loser could not play on, unless a
            # trigger ends the round (its outcomes follow the Busted event).
            self._undo = self._before_bust

    def _on_stuck(self, event: ev.Stuck) -> None:
        self._in_round[event.player] = False
        self._lost(event.player)

    def _on_out_of_round(self, event: ev.OutOfRound) -> None:
        self.expect(
            self._in_round[event.player],
            "eliminated never act",
            f"player {event.player} was taken out of a round they were not in",
        )
        self._in_round[event.player] = False
        self._lost(event.player)

    def _on_trigger_fired(self, event: ev.TriggerFired) -> None:
        # A trigger's outcomes (tokens and scores changed) follow it.
        self._triggered = True
        if event.text in self._show_texts and self._show_now():
            return  # the show scores a hand (as often as it says), before or after the play
        if event.text in self._turn_up_texts and self._round_plays == 0:
            self.expect(
                event.player == self._dealer,
                "triggers fire",
                f"{event!r} fired at the turn-up for player {event.player}, not the dealer",
            )
            return  # the turn-up scores for the dealer, before the round's first play
        fired = (event.text, event.player)
        due = self._due
        while due and due[0][2] and due[0][:2] != fired:
            due.pop(0)  # maybe due, and it did not fire
        if due and due[0][:2] == fired:
            due.pop(0)
            return
        self.expect(
            not due and (event.text not in self._play_texts or event.text in self._count_texts),
            "triggers fire",
            lambda: f"{event!r} fired, but {self._due or 'no play trigger'} was due",
        )
        # Not due at a play or a loss: a count's or a round's end fired it.
        self._ended.append(fired)

    def _on_round_ended(self, event: ev.RoundEnded) -> None:
        reaction = self._reaction
        self.expect(
            reaction is None,
            "reactions",
            lambda: (
                f"the round ended with {reaction[2] if reaction else ''} open, "
                "neither answered, declined nor lapsed"
            ),
        )
        expected = [(text, event.survivor) for text in self._end_texts]
        counted = self._count_fired()
        ended, self._ended = self._ended, []
        self._in_round = [False] * self._n
        # A score that reached a target that wins at once ends the game there: in the
        # middle of a round (at the show, a play, a count's end), the round never comes
        # to its end, and its end's triggers do not fire.
        stopped = ([], counted) if self._reached else ()
        self.expect(
            ended in (expected, counted + expected, *stopped),
            "triggers fire",
            f"the round ended after {ended} fired, not {expected}",
        )
        self._lossless += not event.losers
        self._unwon += event.survivor is None

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

    def _partners_share(self, event: ev.ScoreChanged) -> bool:
        """Whether ``event`` is a partner's share of what a round just scored a seat's hand.

        Partners share their points: the engine records a seat's ``Scored`` and
        then, for each partner, an automatic ``ScoreChanged`` by the same points.
        """
        share = self._share
        if share is None or not event.automatic:
            return False
        seat, points = share
        team = next((t for t in self.game.teams if seat in t), ())
        return event.player != seat and event.player in team and event.change == points

    def _deal_given(self, dealer: int) -> list[tuple[int, int]]:
        """The points a deal's start gives (``match.points.at_deal``), partners' shares too.

        As ``(seat, points)``, in order: each score's seats from the dealer's
        left round to the dealer.
        """
        n, in_round = self._n, self._in_round
        order = [(dealer + i) % n for i in range(1, n + 1) if in_round[(dealer + i) % n]]
        due: list[tuple[int, int]] = []
        for score in self.rules.deal_scores:
            if (score.deals == "first" and self._rounds != 1) or not score.points:
                continue
            seats = {"dealer": [dealer], "left_of_dealer": order[:1]}.get(score.seat, order)
            for seat in seats:
                team = next((t for t in self.game.teams if seat in t), (seat,))
                due += [(mate, score.points) for mate in team]
        return due

    def _on_score_changed(self, event: ev.ScoreChanged) -> None:
        due = self._given_due
        if due and due[0] == (event.player, event.change):
            due.pop(0)  # given at the deal, before the starter and the first play
        elif not self._partners_share(event):
            self._effect_event(event.player, outcome=True)
        before = self._scores[event.player]
        self.expect(
            event.score == before + event.change
            and (event.score >= 0 or self.rules.negative_scores),
            "scores never decrease",
            f"player {event.player} went from {before} to {event.score}, "
            f"a change of {event.change}",
        )
        self._scores[event.player] = event.score
        wins_at = self.rules.wins_at
        self._reached = self._reached or bool(wins_at and event.score >= wins_at)

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
        self._share = (event.player, event.points)

    def _on_eliminated(self, event: ev.Eliminated) -> None:
        self.expect(
            self._in_game[event.player],
            "eliminated never act",
            f"player {event.player} was eliminated twice",
        )
        self._in_game[event.player] = False

    def _on_game_won(self, event: ev.GameWon) -> None:
        self._won += 1
        team = next((t for t in self.game.teams if event.player in t), (event.player,))
        standing = [seat for seat, there in enumerate(self._in_game) if there]
        self.expect(
            self._won == 1
            and self._in_game[event.player]
            and all(seat in team for seat in standing),
            "one winner",
            lambda: (
                f"player {event.player} won with {sum(self._in_game)} players in the game "
                f"({self._won} GameWon events)"
            ),
        )
