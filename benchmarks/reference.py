"""A straight-line ONO 99 (2022) loop with plain ints and lists, for comparison only.

It implements the same rules as the ``ono99-2022`` variant (112 cards, floor 0,
bust at 99, Play 2 answered by Reverse or Play 2, never stacking, four ONO 99
cards redrawn, a player with no safe play lays the hand down, last player
standing wins) with every card hard-coded and no rule objects, and picks
uniformly among the legal moves as ``ono99.RandomPlayer`` does. It exists so that
the engine's speed can be compared with what a throwaway script would do; it is
never used by the library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random

# Card codes: 0..10 add their value; the rest are specials.
MINUS_TEN, REVERSE, PLAY_2, ONO99 = 11, 12, 13, 14
DECK = (
    [0] * 8
    + [n for n in range(1, 10) for _ in range(6)]
    + [10] * 10
    + [MINUS_TEN] * 10
    + [REVERSE] * 10
    + [PLAY_2] * 10
    + [ONO99] * 10
)
REDRAW = -1


def play_game(players: int, rng: random.Random) -> int:
    """Play one game with random players; returns the number of cards played."""
    order = DECK[:]
    rng.shuffle(order)
    draw = order[::-1]
    discard: list[int] = []
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(4):
        for seat in range(players):
            hands[seat].append(draw.pop())
    alive = [True] * players
    left = players
    total = 0
    direction = 1
    current = 0
    forced = 1
    made = 0
    plays = 0
    while left > 1:
        hand = hands[current]
        moves = []
        for card in set(hand):
            if card <= 10:
                if total + card < 99:
                    moves.append(card)
            elif card != ONO99:
                moves.append(card)  # -10, reverse and play 2 never raise the total
        if hand.count(ONO99) >= 4:
            moves.append(REDRAW)
        if not moves:
            hand.clear()  # lay the hand down: out of play
            alive[current] = False
            left -= 1
            forced, made = 1, 0
            current = _next(current, direction, alive, players)
            continue
        move = rng.choice(moves)
        answering = made == 0 and forced > 1
        ends = False
        next_owed = 0
        if move == REDRAW:
            for _ in range(4):
                hand.remove(ONO99)
                discard.append(ONO99)
        else:
            hand.remove(move)
            discard.append(move)
            plays += 1
            if move <= 10:
                total += move
            elif move == MINUS_TEN:
                total = max(0, total - 10)
            elif move == REVERSE:
                direction = -direction
                if answering:
                    ends, next_owed = True, forced
            elif move == PLAY_2:
                next_owed = 2
                if answering:
                    ends = True
        while len(hand) < 4:
            if not draw:
                if not discard:
                    break
                rng.shuffle(discard)
                draw, discard = discard, []
            hand.append(draw.pop())
        made += 1
        if ends or made >= forced:
            current = _next(current, direction, alive, players)
            forced, made = (next_owed, 0) if next_owed > 1 else (1, 0)
    return plays


def _next(seat: int, direction: int, alive: list[bool], players: int) -> int:
    for _ in range(players):
        seat = (seat + direction) % players
        if alive[seat]:
            return seat
    return seat
