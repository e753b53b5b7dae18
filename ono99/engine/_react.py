"""Reactions out of turn: a card aims something at a player, who answers it or declines.

Opening one once the aiming move is played, its moves (each card that
answers it, and a decline) and playing them. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99 import events as ev
from ono99.rules import Reaction

from ._moves import Decline, Move, Play
from ._out import settled
from ._play import (
    apply_outcomes,
    refill_after,
)
from ._round import HAND, PILE, move_card
from ._scoring import count_over, end_round, lapse, out_of_cards
from ._table import Table

if TYPE_CHECKING:
    from ._engine import Engine

__all__ = ["open_reaction", "react", "reaction_moves"]


def open_reaction(game: Engine) -> None:
    """Once a move that opened a reaction is played: the player it names answers first."""
    r = game.r
    reaction = r.reaction
    if reaction is None:
        return
    if game.winner is not None or game.halted or not r.in_round[reaction.seat]:
        lapse(game)  # nobody is left to answer it
        return
    r.resume = game.current
    game.current = reaction.seat


def react(game: Engine, move: Move) -> None:
    """Play ``move``, an answer to the reaction open or a decline (found legal)."""
    r = game.r
    rules = game.rules
    reaction = r.reaction
    assert reaction is not None  # noqa: S101 - react() is called only with one open
    seat = game.current
    if type(move) is Play:
        card = rules.by_id[move.card]
        move_card(r, HAND, seat, PILE, 0, card.index)
        game.cards_played += 1
        back = reaction.answered == "send_back" and r.in_round[reaction.by]
        game.emit(ev.Answered(seat, card.id, reaction.by if back else None))
        if rules.refill:
            refill_after(game, seat, False)
        if back:
            r.reaction = Reaction(
                seat=reaction.by,
                by=seat,
                card=card.id,
                what=reaction.what,
                outcomes=reaction.outcomes,
                answer=reaction.answer,
                answered=reaction.answered,
                answers=reaction.answers + 1,
                max_answers=reaction.max_answers,
            )
            game.current = reaction.by
        else:
            r.reaction = None
            game.current = r.resume
    else:  # a decline: the player takes what was aimed
        r.reaction = None
        game.current = r.resume
        game.emit(ev.Declined(seat, reaction.what))
        apply_outcomes(game, reaction.outcomes, seat, False)
    r.round_plays += 1
    if (r.reached >= 0 or r.losing) and settled(game):
        pass  # what was taken ended the game, the round or the turn
    elif (
        r.round_over
        or r.round_plays >= rules.max_plays
        or (len(game.moves) >= rules.max_game_plays and game.winner is None)
    ):
        end_round(game)
    elif rules.can_run_out and out_of_cards(game):
        count_over(game)
    if not game.compute_legal():
        game.advance()


def reaction_moves(game: Engine) -> tuple[Move, ...]:
    """The moves of the player a reaction is open for: each card that answers, and Decline."""
    r = game.r
    reaction = r.reaction
    assert reaction is not None  # noqa: S101 - asked only with one open
    moves: list[Move] = []
    if reaction.can_answer:
        table = Table(game, reading=True)
        for index in sorted(set(r.hands[game.current])):
            card = game.rules.cards[index]
            if all(c.check(table, card) is None for c in reaction.answer):
                moves.append(Play(card.id))
    moves.append(Decline())
    legal = game.legal = tuple(moves)
    return legal
