"""A player out of safe plays, and out of the round: what the rules do with them.

A player with no safe play lays down, plays their lowest card, passes or loses,
as ``no_safe_play`` says; a player who loses the round leaves it, and a rule
that ends the round, the turn or the game in the middle of a play is settled
once the play is over. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99 import events as ev

from ._play import play_a_card
from ._round import HAND, OUT_OF_PLAY, PILE, move_card
from ._scoring import end_round, pass_turn, win_at_once

if TYPE_CHECKING:
    from ._compiled import CompiledCard
    from ._engine import Engine

__all__ = ["least_bust", "lose", "no_safe_play", "settled"]


def no_safe_play(game: Engine) -> None:
    """Deal with a current player who has no legal move, as ``no_safe_play`` says."""
    r = game.r
    rules = game.rules
    player = game.current
    hand = r.hands[player]
    undo_to: int | None = None
    if rules.passes:
        pass_turn(game, player)
        return
    if rules.lay_down:
        cards = tuple(rules.cards[k].id for k in hand)
        to = PILE if rules.laid_down_discarded else OUT_OF_PLAY
        for k in hand[:]:  # in the hand's order, as it lies
            move_card(r, HAND, player, to, 0, k)
        game.emit(ev.LaidDown(player, cards))
    else:
        # Every card the conditions allow would bust (there is no legal
        # move): the rules play the one that busts least.
        playable = [
            card
            for card in map(rules.cards.__getitem__, sorted(set(hand)))
            if not card.conditions or game.why_blocked(card) is None
        ]
        if playable:
            before = r.total
            if rules.floor_busts:
                card, amount = least_bust(game, playable)
            else:
                # The lowest total any card (for any amount it offers) gives.
                _, card, amount = min(
                    (
                        (game.total_said(c, r.total, a), c, a)  # a repeat's, what it repeats
                        for c in playable
                        for a in c.amounts
                    ),
                    key=lambda option: option[0],
                )
            play_a_card(game, card, amount, automatic=True)
            if game.logging:
                game.emit(ev.Busted(player, r.total))
            undo_to = before if rules.undo_bust else None
        else:
            r.stuck.append(player)
            game.emit(ev.Stuck(player))
    lose(game, player, undo_to)


def least_bust(game: Engine, playable: list[CompiledCard]) -> tuple[CompiledCard, int | None]:
    """The play of ``playable`` that busts by least, where the floor busts too.

    Counting down to a floor that busts (``total.below_floor = "busts"``), a
    player with no safe play busts with the play that goes least far beyond
    the safe totals: the highest total below the floor, or the lowest at or
    over the bust limit; the first such card, for its first such amount, on
    a tie. Each total is the card's own, before the floor holds it.
    """
    rules = game.rules
    total = game.r.total
    high, low = rules.bust - 1, rules.floor
    best: tuple[int, CompiledCard, int | None] | None = None
    for card in playable:
        for amount in card.amounts:
            acting, acting_amount = game.acting_card(card, amount)
            if acting.reads_table:
                raw = game.total_read(card, acting, total, acting_amount)
            else:
                raw = acting.total_after(total, acting_amount)
            beyond = raw - high if raw > high else (low - raw if low is not None else 0)
            if best is None or beyond < best[0]:
                best = (beyond, card, amount)
    assert best is not None  # noqa: S101 - playable is never empty here
    return best[1], best[2]


def settled(game: Engine) -> bool:
    """Settle what rules decided in the middle of a move, once it is played.

    A score that reached a target that wins at once ends the game; the
    players a rule made lose the round (an outcome such as
    ``lose_round``, or no tokens left where that puts a player out at
    once) go out of it, the player who moved last, as after a bust.

    Returns:
        Whether that ended the game, the round or the turn: nothing more
        of the move is left to do.
    """
    r = game.r
    current = game.current
    for _ in range(game.n + 1):  # a loss may fire triggers that decide more
        if r.reached >= 0:
            win_at_once(game, r.reached)
            return True
        losing = list(dict.fromkeys(seat for seat in r.losing if r.in_round[seat]))
        r.losing = ()
        if not losing:
            break
        for seat in losing:
            if seat != current and r.in_round[seat]:
                game.emit(ev.OutOfRound(seat))
                if game.take_out(seat):
                    return True
        if current in losing and r.in_round[current]:
            game.emit(ev.OutOfRound(current))
            lose(game, current)
            return True
    if r.round_over:
        end_round(game)
        return True
    return False


def lose(game: Engine, player: int, undo_to: int | None = None) -> None:
    """Take ``player`` out of the round, and end it or play on."""
    r = game.r
    if game.take_out(player):
        return
    if undo_to is not None:
        # Play goes on after a bust: the others go on from the total before it.
        r.total = undo_to
    # The next player is not forced or skipped, whatever the loser owed or passed on.
    r.next_owed, r.next_forced_by = 0, ""
    r.skip, r.next_player = 0, None
    game.next_turn()
