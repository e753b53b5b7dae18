"""Reactions out of turn: a card aims something at a player, who answers it or declines.

The reaction is an interrupt phase (``_phases.React``), opened over the
play once the aiming move is played and closed when it is answered or
declined: its moves (each card that answers it, and a decline), why any
other move is not one, and playing them. The end of such a move is the play's
(``Engine.apply_move``). Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99 import events as ev
from ono99._args import shown
from ono99.rules import Reaction

from ._compiled import card_index
from ._moves import Decline, Move, Play, Redraw, chosen
from ._play import (
    apply_outcomes,
    refill_after,
)
from ._round import HAND, PILE, move_card
from ._scoring import lapse
from ._table import Table

if TYPE_CHECKING:
    from ._engine import Engine

__all__ = ["open_reaction", "react", "reaction_moves", "why_not_reaction"]


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
    r.push(game.rules.react_phase)  # the interrupt phase, over the play


def react(game: Engine, move: Move) -> None:
    """Play ``move``, an answer to the reaction open or a decline (found legal).

    Once answered (unless sent back) or declined, the reaction closes: the
    phase under it goes on.
    """
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
            r.pop()
            game.current = r.resume
    else:  # a decline: the player takes what was aimed
        r.reaction = None
        r.pop()
        game.current = r.resume
        game.emit(ev.Declined(seat, reaction.what))
        apply_outcomes(game, reaction.outcomes, seat, False)


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


def why_not_reaction(game: Engine, move: object) -> str | None:
    """Why ``move`` is no answer to the reaction open (nor a decline); ``None`` if it is."""
    r = game.r
    reaction = r.reaction
    assert reaction is not None  # noqa: S101 - asked only with one open
    player = game.current
    open_text = (
        f"player {reaction.by} aims {reaction.what} at player {player}, who answers "
        "with a card or declines (Decline())"
    )
    if isinstance(move, Decline):
        return None
    if isinstance(move, Redraw):
        return f"no redraw now: {open_text}"
    if not isinstance(move, Play):
        return f"{shown(move)} is not a move (expected Play or Decline): {open_text}"
    card_id: object = getattr(move, "card")  # noqa: B009 - read untyped: a caller may pass anything
    index = card_index(game.rules, card_id)
    if index is None:
        return f"there is no card {shown(card_id)} in {game.variant.id}"
    card = game.rules.cards[index]
    if card.index not in r.hands[player]:
        return f"player {player} holds no {card.name}"
    amount, target, declare = chosen(move)
    said: object = getattr(move, "say")  # noqa: B009 - read untyped, as the card
    given = [
        f"{name}={shown(value)}"
        for name, value in (
            ("amount", amount),
            ("target", target),
            ("say", said),
            ("declare", declare),
        )
        if value is not None
    ]
    if given:
        gives = ", ".join(given)
        return f"an answer is the card alone, with no choice (the move gives {gives})"
    if not reaction.can_answer:
        return (
            f"{reaction.what} has been answered {_times(reaction.answers)}, as often as "
            f"it may be: player {player} can only take it (Decline())"
        )
    table = Table(game, reading=True)
    for condition in reaction.answer:
        reason = condition.check(table, card)
        if reason is not None:
            return f"{card.name} does not answer {reaction.what}: {reason}"
    return None


def _times(count: int) -> str:
    """``"once"``, ``"twice"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
