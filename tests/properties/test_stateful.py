"""A state machine that plays a game move by move and checks it after every step."""

from __future__ import annotations

import json

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import ono99
from ono99.engine._moves import unsaid
from ono99.testing import GameChecker, any_variants, candidate_moves, snapshot


class PlayAGame(RuleBasedStateMachine):
    """Plays one game of a shipped or generated variant, one step at a time.

    Steps: a legal move, an illegal move (which must change nothing), a save
    and replay, or a look at one player's observation. After every step the
    invariants of ``ono99.testing.INVARIANTS`` are checked against the state
    and the event log.
    """

    checker: GameChecker

    @initialize(variant=any_variants(), data=st.data())
    def start(self, variant: ono99.Variant, data: st.DataObject) -> None:
        players = data.draw(st.integers(variant.players.min, variant.players.max), "players")
        seed = data.draw(st.integers(0, 2**32), "seed")
        self.checker = GameChecker(ono99.Game(variant, players, seed))

    @property
    def game(self) -> ono99.Game:
        return self.checker.game

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        """Any legal move is accepted; its events are checked one by one."""
        move = data.draw(st.sampled_from(self.game.legal_moves()), "move")
        self.checker.play(move)

    @rule(data=st.data())
    def illegal_move(self, data: st.DataObject) -> None:
        """A move that is not legal raises IllegalMoveError and changes nothing."""
        # What a move says of the total makes no move illegal.
        legal = {unsaid(m) for m in self.game.legal_moves()}
        illegal = [m for m in candidate_moves(self.game) if unsaid(m) not in legal]
        move = data.draw(st.sampled_from([*illegal, None, "redraw"]), "illegal move")
        before = snapshot(self.game)
        with pytest.raises(ono99.IllegalMoveError):
            self.game.play(move)  # type: ignore[arg-type]
        assert snapshot(self.game) == before

    @rule()
    def save_and_replay(self) -> None:
        """The record, through JSON, replays to the same state; the replay goes on alike."""
        game = self.game
        record = ono99.from_data(json.loads(json.dumps(ono99.to_data(game.record()))))
        again = ono99.Game.replay(record, game.variant)
        assert snapshot(again) == snapshot(game)
        if not game.is_over:
            move = game.legal_moves()[-1]
            copy = game.copy()
            assert copy.play(move) == again.play(move)
            assert snapshot(copy) == snapshot(again)

    @rule(data=st.data())
    def observe(self, data: st.DataObject) -> None:
        """An observation shows the player's own cards and public facts only."""
        player = data.draw(st.integers(0, self.game.players - 1), "player")
        self.checker.check_observation(player)
        self.checker.check_player_log(player)

    @invariant()
    def state_is_sound(self) -> None:
        """Cards conserved, hands, floor, plays owed, players in and out, scores, tokens."""
        if hasattr(self, "checker"):
            self.checker.check_state()
            self.checker.check_legal_moves()


TestPlayAGame = PlayAGame.TestCase
