"""Cards from the stock: the deal of a round, draws, the reshuffle and the redraw.

Each moves cards between the zones of the round's zone table (the stock,
the hands, the pile, out of play; see ``_round``). Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99 import events as ev

from ._chance import shuffle
from ._round import DEALT, HAND, OUT_OF_PLAY, PILE, STARTER, STOCK, Round, move_card
from ._table import Table

if TYPE_CHECKING:
    from ._engine import Engine

__all__ = [
    "deal_round",
    "draw",
    "extra_cards",
    "given",
    "redraw",
    "refill",
    "reshuffle",
    "to_top",
    "turn_up",
    "turned_up",
]


def deal_round(game: Engine, order: list[int] | None = None, *, first: bool = False) -> None:
    """Pass the deal on (unless ``first``), shuffle (unless ``order`` is given) and deal."""
    rules = game.rules
    game.round += 1
    if not first or not game.in_game[game.dealer]:
        game.dealer = game.next_seat(game.dealer, game.in_game)
    pick = game.pick
    if order is None:
        order = list(game.full_deck)
        if pick is None:
            game.keep_rng()
            shuffle(game.rng, order)
    r = game.r = Round(rules.stacking, rules.stack_on, rules.empty_zones(game.n))
    r.total = rules.start
    r.in_round = game.in_game[:]
    r.players_in_round = sum(r.in_round)
    dealer = game.dealer
    left = game.next_seat(dealer, r.in_round)
    leader = left
    if game.variant.deal.leader == "last_loser" and game.last_losers:
        loser = game.last_losers[-1]
        if game.in_game[loser]:
            leader = loser
    game.emit(rules.shared(ev.RoundStarted, game.round, dealer, leader, r.total))
    seats = []
    seat = left
    for _ in range(r.players_in_round):
        seats.append(seat)
        seat = game.next_seat(seat, r.in_round)
    # One card at a time round the table, from the top of the stock: the i-th
    # seat gets every k-th card.
    k = len(seats)
    r.draw[:] = order if pick is not None else order[::-1]  # the top card last
    if rules.extra:
        extra_cards(game, seats)
    dealt = min(len(r.draw), k * rules.dealt_size)
    if pick is None:
        # move_card(r, STOCK, 0, HAND, seat) for each card, inline: the top
        # cards dealt, the top one first, taken off the stock at once.
        stock = r.draw
        rest = len(stock) - dealt
        top = stock[rest:][::-1]
        del stock[rest:]
        for i, seat in enumerate(seats):
            r.hands[seat].extend(top[i::k])
    else:
        for i in range(dealt):
            to_top(game, r.draw)
            move_card(r, STOCK, 0, HAND, seats[i % k])
    if game.logging:
        name = rules.ids.__getitem__
        for seat in seats:
            game.emit(ev.Dealt(seat, tuple(map(name, r.hands[seat]))))
    game.current = leader
    game.legal = None
    if rules.show_at_deal or rules.show_at_end:
        r.set_record(DEALT, [hand[:] for hand in r.hands])  # the hands as dealt, for the show
    if rules.deal_scores:
        given(game)  # a target reached wins as the play would begin (see PlayPhase)


def extra_cards(game: Engine, seats: list[int]) -> None:
    """Give each seat the cards it is dealt on top of the deal (``deal.extra``).

    Taken from the stock before the hands are dealt, so that the deal proper
    never deals them (the cards of a kind are alike: which of them is taken
    is no chance), seat by seat from the dealer's left; the load check makes
    sure the deck holds enough.
    """
    r = game.r
    for card, count in game.rules.extra:
        for seat in seats:
            for _ in range(count):
                move_card(r, STOCK, 0, HAND, seat, card)


def given(game: Engine) -> None:
    """Score the points seats are given at a deal, once dealt (``match.points.at_deal``).

    "The non-dealer at the commencement of the game in five-card cribbage
    scores 3 points, called taking three for last" (Hoyle's Games).
    """
    r = game.r
    table = Table(game, automatic=True)
    n = game.n
    left = game.next_seat(game.dealer, r.in_round)
    for score in game.rules.deal_scores:
        if score.deals == "first" and game.round != 1:
            continue
        if score.seat == "dealer":
            seats = [game.dealer]
        elif score.seat == "left_of_dealer":
            seats = [left]
        else:  # each, from the dealer's left round to the dealer
            seats = [(left + i) % n for i in range(n) if r.in_round[(left + i) % n]]
        for seat in seats:
            table.change_score(seat, score.points)
            if r.reached >= 0:
                return


def turn_up(game: Engine) -> None:
    """Turn the starter up from the stock (the turn-up phase's work), and fire its triggers."""
    r = game.r
    if r.draw:
        if game.pick is not None:
            to_top(game, r.draw)
        starter = move_card(r, STOCK, 0, OUT_OF_PLAY, 0)
        r.set_record(STARTER, [[starter]])  # a record: it lies out of play
        game.emit(ev.StarterTurned(game.rules.ids[starter]))
        if game.rules.turn_up_triggers:
            turned_up(game)  # his heels: at once (a target reached wins as the play begins)


def turned_up(game: Engine) -> None:
    """Fire the triggers of the turn-up for the dealer, in order, as the starter says.

    "If the starter is a jack ... the dealer pegs (scores) 2 points at once"
    (Bicycle Cards, Cribbage): before the play and before any show.
    """
    if game.r.reached >= 0:
        return  # the game is won already: it ends as the play would begin
    table = Table(game, reading=True)
    for trigger in game.rules.turn_up_triggers:
        if trigger.fires_on(table):
            game.fire(trigger, game.dealer, True)
            if game.r.reached >= 0:
                return


def refill(game: Engine, player: int, automatic: bool = False) -> None:
    """Draw up to the hand size, reshuffling the discard pile when the draw pile is empty.

    ``automatic`` when the play before it was (the events say so).
    """
    r = game.r
    hand = r.hands[player]
    missing = game.rules.hand_size - len(hand)
    if missing > 0:
        draw(game, player, missing, automatic)


def draw(game: Engine, player: int, count: int, automatic: bool = False) -> int:
    """``player`` draws ``count`` cards, reshuffling as needed; how many were drawn.

    ``automatic`` when the play before it was (the events say so).
    """
    r = game.r
    hand = r.hands[player]
    drew = game.drew[player]
    events = game.events
    logging = game.logging
    ids = game.rules.ids
    for done in range(count):
        if not r.draw and not reshuffle(game, automatic):
            return done
        if game.pick is not None:
            to_top(game, r.draw)
        # move_card(r, STOCK, 0, HAND, player), inline: every draw
        index = r.draw.pop()
        hand.append(index)
        if not logging:
            continue
        if automatic:
            events.append(ev.Drew(player, ids[index], automatic=True))
        else:
            events.append(drew[index])
    return count


def reshuffle(game: Engine, automatic: bool = False) -> bool:
    """Shuffle the discard pile into a new draw pile; whether there was anything to shuffle.

    Never where the stock runs out (``reshuffle.enabled = false``).
    """
    r = game.r
    if not game.rules.reshuffles:
        return False
    pile = r.discard
    keep = pile[-1:] if game.rules.keep_top_card else []
    cards = pile[: len(pile) - len(keep)]
    if not cards:
        return False
    if game.pick is None:
        game.keep_rng()
        shuffle(game.rng, cards)
    r.draw[:] = cards
    r.discard[:] = keep
    r.reshuffles += 1
    game.emit(ev.Reshuffled(len(cards), automatic=automatic))
    return True


def to_top(game: Engine, pile: list[int]) -> None:
    """Put the card ``pick`` chooses from ``pile`` on its top, in the place of the top card.

    Drawing each card uniformly at random from the cards not yet drawn
    deals exactly as shuffling them and drawing from the top does; an
    engine with a ``pick`` leaves its piles unshuffled and draws this way,
    so that whoever picks (an OpenSpiel state's chance nodes) decides
    each card as it is drawn. The card is then moved from the top.
    """
    pick = game.pick
    if pick is not None:
        at = pick(pile)
        pile[at], pile[-1] = pile[-1], pile[at]


def redraw(game: Engine) -> None:
    """Discard the redraw cards and draw as many."""
    r = game.r
    rules = game.rules
    player = game.current
    card = rules.cards[rules.redraw_card]
    for _ in range(rules.redraw_count):
        move_card(r, HAND, player, PILE, 0, card.index)
    r.ends_turn = False
    r.plays_made += 1
    r.answering = False
    game.emit(ev.Redrew(player, (card.id,) * rules.redraw_count))
    if rules.refill:
        refill(game, player)
    else:  # a hand that is not refilled after a play gets back what it traded in
        draw(game, player, rules.redraw_count)
