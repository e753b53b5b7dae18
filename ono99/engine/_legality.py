"""The play phase's legal moves, and why any other move is not one, in words.

The moves of the seat to move in the play (:func:`play_moves`, which the
play phase lists), and the checks of a move a caller passes before it is
played (:func:`why_not_played`), for :meth:`ono99.Game.why_illegal` and the
error an illegal move raises. Both are built from the same predicates: a
card's conditions (``Engine.why_blocked``), the choices it leaves (its
amounts, the players it may name), the bust limit (``Engine.safe``) and the
redraw's timing. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99._args import is_int, shown
from ono99._limits import MAX_TOTAL

from ._compiled import LEGAL_MEMO_SIZE, card_index
from ._moves import Decline, Move, Play, Redraw, chosen

if TYPE_CHECKING:
    from ._compiled import CompiledCard
    from ._engine import Engine

__all__ = ["play_moves", "why_bust", "why_choice", "why_declared", "why_not_played"]


def play_moves(game: Engine) -> tuple[Move, ...]:
    """The legal plays of the current player (the play phase's moves); kept in ``game.legal``."""
    rules = game.rules
    r = game.r
    hand = r.hands[game.current]
    total = r.total
    # The kinds of card held, as the bits of an integer (bit k: card index k):
    # cheaper than sorting the hand at every move.
    redraw_card = rules.redraw_card
    kinds = 0
    for index in hand:
        kinds |= 1 << index
    # Whether the hand holds enough redraw cards (-1: the variant has none).
    redraws = redraw_card >= 0 and hand.count(redraw_card) >= rules.redraw_count
    # A hand of quick-tested cards plays the kinds the total allows, and
    # each set of kinds has its moves listed once (rules.legal_memo).
    playable = -1
    if not kinds & ~rules.quick_kinds and 0 <= total < len(rules.playable):
        playable = kinds & rules.playable[total]
        found = rules.legal_memo.get(playable)
        if found is not None:
            legal = found
            if redraws and not game.redraw_too_late():
                legal = (*found, Redraw())
            game.legal = legal
            return legal
    quick = rules.quick
    moves: list[Move] = []
    while kinds:  # each kind of card once, in the variant's order
        low = kinds & -kinds  # the lowest bit set: the next kind held
        kinds ^= low
        index = low.bit_length() - 1
        test = quick[index]
        if test is None:
            game.card_moves(rules.cards[index], total, moves)
        elif test and total < test[0]:  # an empty test: never playable
            moves.append(test[1])
    if playable >= 0 and len(rules.legal_memo) < LEGAL_MEMO_SIZE:
        rules.legal_memo[playable] = tuple(moves)
    if redraws and not game.redraw_too_late():
        moves.append(Redraw())
    legal = game.legal = tuple(moves)
    return legal


def why_not_played(game: Engine, move: object) -> str | None:
    """Why ``move`` is no play now, in words; ``None`` when it is legal.

    ``move`` may be anything a caller passes: first its shape (a
    :class:`~ono99.Play` of a card of the variant, or a
    :class:`~ono99.Redraw`), then the rules. Every field of a move is
    checked here, in one place, before anything is recorded: the card,
    what the move says (a whole number), then its amount and target
    (exactly the choices the card leaves open).
    """
    rules = game.rules
    r = game.r
    player = game.current
    if isinstance(move, Play):
        # Typed str, but a caller may pass anything: read untyped, since the
        # compiled engine would refuse a card that is not a string outright.
        card_id: object = getattr(move, "card")  # noqa: B009
        index = card_index(rules, card_id)
        if index is None:
            known = ", ".join(rules.ids)
            if is_int(card_id):  # Play(10): the id is the string "10"
                return (
                    f"a card is named by its id, a string (such as {shown(str(card_id))}), "
                    f"not {shown(card_id)}; the cards of {game.variant.id}: {known}"
                )
            return f"there is no card {shown(card_id)} in {game.variant.id} (its cards: {known})"
        card = rules.cards[index]
        if card.index not in r.hands[player]:
            return f"player {player} holds no {card.name}"
        amount, target, declare = chosen(move)
        said: object = getattr(move, "say")  # noqa: B009 - read untyped, as the card
        if said is not None and not is_int(said):
            return f"a move says the total as a whole number (say=N), not {shown(said)}"
        if said is not None and not -MAX_TOTAL <= said <= MAX_TOTAL:
            return f"no total is as far from 0 as say={shown(said)}"
        return (
            game.why_blocked(card)
            or why_choice(game, card, amount, target)
            or why_bust(game, card, move.amount)  # checked: None or a choice of the card
            or why_declared(game, card, declare)
        )
    if isinstance(move, Decline):
        return "no reaction is open: there is nothing to decline"
    if not isinstance(move, Redraw):
        return f"{shown(move)} is not a move (expected Play or Redraw)"
    if rules.redraw_card < 0:
        return f"{game.variant.name} has no redraw"
    card = rules.cards[rules.redraw_card]
    held = r.hands[player].count(card.index)
    if held < rules.redraw_count:
        return (
            f"a redraw needs {rules.redraw_count} {card.name} cards; player {player} holds {held}"
        )
    if game.redraw_too_late():
        return "a redraw may only be the first play of a turn"
    return None


def why_choice(game: Engine, card: CompiledCard, amount: object, target: object) -> str | None:
    """Whether ``amount`` and ``target`` are exactly the choices ``card`` leaves open."""
    if card.repeats and (card.choices or card.chooses_player) and game.repeats_now():
        if amount is None and target is None:
            return None
        given = ", ".join(
            f"{name}={shown(value)}"
            for name, value in (("amount", amount), ("target", target))
            if value is not None
        )
        return (
            f"{card.name} does what the card before it did, with that card's choices: "
            f"the move makes none (it gives {given})"
        )
    if card.choices:
        options = _amounts_in_words(card.choices)
        if amount is None:
            return (
                f"{card.name} counts {options}: the move must say which, "
                f'e.g. Play("{card.id}", amount={card.choices[0]})'
            )
        if not is_int(amount) or amount not in card.choices:
            return f"{card.name} counts {options}, not {shown(amount)}"
    elif amount is not None:
        return f"{card.name} leaves no amount to choose (the move gives amount={shown(amount)})"
    if card.chooses_player:
        targets = game.targets(card)
        if target is None:
            seats = ", ".join(str(seat) for seat in targets)
            return (
                f"{card.name} names the next player: the move must give a target "
                f"(one of players {seats})"
            )
        if not is_int(target) or target not in targets:
            seats = ", ".join(str(seat) for seat in targets)
            return f"{card.name} may name one of players {seats}, not {shown(target)}"
    elif target is not None:
        return f"{card.name} names no player (the move gives target={shown(target)})"
    return None


def why_declared(game: Engine, card: CompiledCard, declare: object) -> str | None:
    """Whether ``declare`` is one of the things ``card`` lets its player name (or none)."""
    if not card.declares or (card.repeats and game.repeats_now()):
        if declare is None:
            return None
        what = (
            "does what the card before it did, and names nothing"
            if card.declares
            else ("names nothing")
        )
        return f"{card.name} {what} (the move gives declare={shown(declare)})"
    words = game.declarations(card)
    options = ", ".join(words)
    if declare is None:
        return (
            f"{card.name} names a {card.declares} as it is played: the move must say "
            f'which, e.g. Play("{card.id}", declare="{words[0]}") (one of {options})'
        )
    if declare not in words:  # a string, or anything a caller passed
        return f"{card.name} names one of {options}, not {shown(declare)}"
    return None


def why_bust(game: Engine, card: CompiledCard, amount: int | None) -> str | None:
    """Why playing ``card`` for ``amount`` would bust, in words; ``None`` if it would not."""
    total = game.r.total
    if game.safe(card, total, amount):
        return None
    rules = game.rules
    what = card.name if amount is None else f"{card.name} for {amount}"
    played = card
    if card.repeats:
        card, amount = game.acting_card(card, amount)
    if card.reads_table:
        raw = game.total_read(played, card, total, amount)
    else:
        raw = card.total_after(total, amount)
    new = rules.floored(raw)
    if rules.floor_illegal and rules.floor is not None and raw < rules.floor:
        if rules.floor_busts:
            return f"{what} would take the total to {raw}; below {rules.floor} it busts"
        return f"{what} would take the total to {raw}; it may not go below {rules.floor}"
    return f"{what} would take the total to {new}; it must stay below {rules.bust}"


def _amounts_in_words(amounts: tuple[int, ...]) -> str:
    """``1 or 11``; a run of more than five amounts as ``any of -10 to 10``."""
    if len(amounts) > 5 and list(amounts) == list(range(amounts[0], amounts[-1] + 1)):
        return f"any of {amounts[0]} to {amounts[-1]}"
    return " or ".join(str(a) for a in amounts)
