"""Playing a card: its effects on the table, the triggers it fires, its events and the refill.

Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ono99 import events as ev
from ono99.rules import Declaration

from ._deal import draw, redraw
from ._moves import Play
from ._table import Table

if TYPE_CHECKING:
    from ono99.rules import Outcome

    from ._compiled import CompiledCard
    from ._engine import Engine
    from ._moves import Move

__all__ = [
    "act",
    "apply_outcomes",
    "new_played",
    "note_play",
    "play_a_card",
    "play_fired",
    "play_move",
    "played_event",
    "played_with",
    "refill_after",
]


def play_move(game: Engine, move: Move) -> None:
    """Play ``move``, a play found legal: the card (or the redraw); the play phase's part."""
    if type(move) is Play:
        card = game.rules.by_id[move.card]
        if move is card.play:  # the card's one move: no amount, no target
            play_a_card(game, card)
        else:
            play_a_card(game, card, move.amount, move.target, say=move.say, declare=move.declare)
    else:
        redraw(game)


def play_a_card(
    game: Engine,
    card: CompiledCard,
    amount: int | None = None,
    target: int | None = None,
    *,
    automatic: bool = False,
    say: int | None = None,
    declare: str | None = None,
) -> None:
    """Play ``card`` (for ``amount``, naming ``target``): effects, events, refill.

    ``automatic`` when the rules play it (a bust's card), not a move;
    ``say``: what the move says the total is; ``declare``: what it names
    with the card.
    """
    r = game.r
    rules = game.rules
    player = game.current
    before = r.total_before = r.total
    played = card
    if card.repeats:  # it does what the card before it did (see acting_card)
        card, amount = game.acting_card(card, amount)
        if card is not played:
            target = game.repeated_target(card)
    delta = card.delta
    if delta is not None:
        # rules.floored(before + delta), inline: every play of a number card
        total = before + delta
        if total < rules.lowest:
            total = rules.lowest
        elif total > rules.highest:
            total = rules.highest
    else:
        # Before the card leaves the hand: a rule object that fails here changes
        # nothing; one that reads the table reads it as a question about the play did.
        total = (
            rules.floored(game.total_read(played, card, before, amount))
            if card.reads_table
            else rules.total_after(card, before, amount)
        )
    index = played.index
    # move_card(r, HAND, player, PILE, 0, index), inline: every play moves its card
    r.hands[player].remove(index)
    r.discard.append(index)
    r.total = total
    r.ends_turn = False
    note_play(game, played, card, amount, target, say, declare=declare)
    events = game.events
    logging = game.logging
    # Events the effects record follow the card's Played event.
    mark = len(events) if logging else 0
    turned = deflected = False
    if card.actions:
        turned, deflected = act(game, card, target, automatic)
        total = r.total
    r.answering = False
    if logging:
        # A repeat's own choices are none: what it repeated is the card before's.
        own = played is card
        event = played_event(
            game,
            played,
            total,
            amount if own else None,
            target if own else None,
            automatic,
            say=say,
            declare=declare,
        )
        if len(events) == mark:
            events.append(event)
        else:
            events.insert(mark, event)
        if turned:
            events.append(game.rules.turned(player, r.direction, automatic))
        if deflected:
            events.append(ev.Deflected(player, card.id, r.next_owed))
    if rules.refill:
        refill_after(game, player, automatic)
    if rules.play_triggers:
        play_fired(game, before, total, automatic)
    # The play is over; what the card was declared to be is now the card before's.
    r.playing, r.declared, r.declaring = False, r.declaring, None


def note_play(  # noqa: PLR0917 - the engine, then the play's facts in the order they are known
    game: Engine,
    played: CompiledCard,
    card: CompiledCard,
    amount: int | None,
    target: int | None,
    say: int | None,
    *,
    declare: str | None = None,
) -> None:
    """Keep the turn's and the count's record of a play of ``played`` (``card`` acting).

    ``declare``: what the move names with the card (``Play.declare``).
    """
    r = game.r
    r.turn_plays.append(played.id)
    r.plays_made += 1
    game.cards_played += 1
    r.history.append(played.index)
    r.passes = 0
    r.last_player = game.current
    r.last_card, r.last_amount, r.last_target = card.index, amount, target
    r.said = say
    r.playing = True
    if declare is not None:
        r.declaring = Declaration(played.declares, declare, played.id, game.current)


def refill_after(game: Engine, player: int, automatic: bool) -> None:
    """What :meth:`refill` does after every play, a single card drawn inline."""
    r = game.r
    hand = r.hands[player]  # an effect may have swapped it for another
    missing = game.rules.hand_size - len(hand)
    if missing == 1 and r.draw and not game.logging and game.pick is None:
        # What draw_cards does for one card, no event: move_card(r, STOCK, 0, HAND,
        # player), inline.
        hand.append(r.draw.pop())
    elif missing > 0:
        draw(game, player, missing, automatic)


def play_fired(game: Engine, before: int, after: int, automatic: bool) -> None:
    """Fire the play triggers that a play from ``before`` to ``after`` fires, in order."""
    rules = game.rules
    player = game.current
    reads = rules.play_reads
    bust = rules.bust
    table: Table | None = None  # one for every trigger that reads it, made when one does
    for i, trigger in enumerate(rules.play_triggers):
        if reads[i]:
            if table is None:
                table = Table(game, reading=True)
            fired = trigger.fires_on(table)
        else:
            fired = trigger.fires(before, after, bust)
        if fired:
            game.fire(trigger, player, automatic)


def act(
    game: Engine, card: CompiledCard, target: int | None, automatic: bool
) -> tuple[bool, bool]:
    """Apply the effects of ``card`` that act on the table (naming ``target``).

    Returns:
        Whether they turned the direction of play, and whether they
        answered forced plays by passing them on.
    """
    r = game.r
    # What the effects did is read from the table they changed: a new
    # direction, or an answer that ended the turn passing plays on.
    direction, answering = r.direction, r.answering
    r.target = target
    table = Table(game, card.id, automatic)
    try:
        for effect in card.actions:
            effect.apply(table, card)
    finally:
        r.target = None
    # A card the rules play for a player who busts passes nothing on: the
    # player loses, and the plays owed are cleared (see lose).
    deflected = answering and r.ends_turn and r.next_owed > 1 and not automatic
    return r.direction != direction, deflected


def apply_outcomes(
    game: Engine, outcomes: tuple[Outcome, ...], seat: int, automatic: bool
) -> None:
    """Apply ``outcomes`` (a trigger's, or what a declined reaction aimed) to ``seat``."""
    r = game.r
    table = Table(game, "", automatic)
    for outcome in outcomes:
        outcome.apply(table, seat)
        if outcome.wins_round and seat >= 0 and not r.round_over:
            r.round_winner = seat
        if outcome.loses_round and seat >= 0 and r.in_round[seat]:
            r.losing = (*r.losing, seat)  # out of the round once the play is made
        if outcome.ends_round:
            r.round_over = True


def played_event(  # noqa: PLR0917 - the engine, then the play's facts in the order they are known
    game: Engine,
    card: CompiledCard,
    total: int,
    amount: int | None,
    target: int | None,
    automatic: bool,
    *,
    say: int | None = None,
    declare: str | None = None,
) -> ev.Played:
    """The ``Played`` event of ``card``: a shared one for a plain move at ``total``."""
    player = game.current
    if automatic:
        return new_played(player, card.id, total, amount, target, say, None, True)
    if say is None and declare is None:
        shared = game.played[player][card.index]
        if not 0 <= total < len(shared):
            return new_played(player, card.id, total, amount, target)
        if amount is None and target is None:
            event = shared[total]
            if event is None:
                event = shared[total] = new_played(player, card.id, total)
            return event
        # A move with a choice, at a shared total: made once for each choice too
        # (an amount of the card's few, a seat), as making it costs more than the move.
        return game.rules.shared(played_with, player, card.id, total, amount, target)
    return new_played(player, card.id, total, amount, target, say, declare)


def played_with(
    player: int, card: str, total: int, amount: int | None, target: int | None
) -> ev.Played:
    """``Played(player, card, total, amount=amount, target=target)``: what a choice shares."""
    return new_played(player, card, total, amount, target)


# How new_played makes an event: the object, then each field through
# object.__setattr__ bound to it, as attrs' own __init__ does (a frozen class
# refuses its own __setattr__).
_NEW: Final[Any] = object.__new__
_SET: Final[Any] = object.__setattr__
_PLAYED: Final = ev.Played


def new_played(  # noqa: PLR0917 - the event's fields, in its order
    player: int,
    card: str,
    total: int,
    amount: int | None = None,
    target: int | None = None,
    say: int | None = None,
    declare: str | None = None,
    automatic: bool = False,
) -> ev.Played:
    """``Played(player, card, total, amount=amount, ..., automatic=automatic)``, made faster.

    The same event, equal and alike in every field, made without calling the
    class: attrs writes ``Played.__init__`` in Python, which the compiled
    engine would run interpreted at every play it makes a new event for
    (about a quarter of a compiled game's instructions). Every field of
    :class:`ono99.events.Played` is set, in its order; a test holds the two
    ways of making it to the same fields.
    """
    event = _NEW(_PLAYED)
    put = _SET.__get__(event)  # bound once, as attrs does: each call is then the cheaper
    put("player", player)
    put("card", card)
    put("total", total)
    put("amount", amount)
    put("target", target)
    put("say", say)
    put("declare", declare)
    put("automatic", automatic)
    made: ev.Played = event
    return made
