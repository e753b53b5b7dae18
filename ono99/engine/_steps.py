"""The fast core's entry points for code that plays many moves: the environments, the players.

What the compiled loops above the engine use (the environments' kernel, the
search player's playouts, the simulation's batch), so that none of them reads
the engine's round: the legal moves as the engine keeps them, quick players
played until a seat that decides otherwise is to move, a round played out,
and the few facts about a game such a loop asks after each move. Each plays
moves only through the engine's checked entry point (``Engine.play_checked``)
or, for moves taken from the legal ones, its unchecked one (``Engine.play``).

Wheels built with mypyc compile it with the engine (``hatch_build.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99._variant import Variant

    from ._engine import Engine
    from ._moves import Move

__all__ = [
    "ROUND_NOT_OVER",
    "cut_short",
    "hand_now",
    "legal_now",
    "losers",
    "play_decided",
    "play_quick",
    "play_round",
    "players_in",
    "players_in_round",
    "seat_done",
    "total",
    "turn_starts",
    "unseen_now",
    "won",
]


def legal_now(engine: Engine) -> tuple[Move, ...]:
    """The legal moves of the player to move (the engine's list, made once per position)."""
    moves = engine.legal
    if moves is None:
        moves = engine.legal_moves()
    return moves


def hand_now(engine: Engine) -> list[str]:
    """The cards of the player to move (card ids, in the order they were received)."""
    cards = engine.rules.cards
    return [cards[k].id for k in engine.r.hands[engine.current]]


def unseen_now(engine: Engine, seat: int) -> tuple[list[tuple[int, int]], list[str]]:
    """Where the cards ``seat`` cannot see lie, and those cards (ids), for :func:`redealt`.

    The places are the other seats' hands (place ``s`` for seat ``s``, each
    with its size) and the piles of the declared zones the seat does not
    see (a crib less the cards it laid away: places from ``players`` on);
    the cards are theirs in that order, then the draw pile's.
    """
    places, cards = engine.unseen(seat)
    ids = engine.rules.ids
    return places, [ids[k] for k in cards]


def total(engine: Engine) -> int:
    """The running total."""
    return engine.r.total


def players_in(engine: Engine) -> int:
    """How many players are still in the game."""
    return engine.in_game.count(True)


def players_in_round(engine: Engine) -> int:
    """How many players are still in the round."""
    return engine.r.players_in_round


def losers(engine: Engine) -> list[int]:
    """The seats out of the round in progress, in the order they went out."""
    return engine.r.losers


def won(engine: Engine, seat: int) -> bool:
    """Whether the game is over and ``seat`` won it (alone, or with its partners)."""
    winner = engine.winner
    return winner is not None and winner in engine.mates[seat]


def turn_starts(engine: Engine) -> bool:
    """Whether the move due is the first of a turn: no play made in it yet."""
    r = engine.r
    return r.plays_made == 0 and not r.turn_plays


def seat_done(engine: Engine, seat: int) -> bool:
    """Whether the game is over or ``seat`` is out of it."""
    return engine.winner is not None or not engine.in_game[seat]


def cut_short(engine: Engine) -> bool:
    """Whether the game ended at one of its limits (``round.max_game_plays``, ``max_rounds``)."""
    rules = engine.rules
    return engine.winner is not None and (
        len(engine.moves) >= rules.max_game_plays or engine.round >= rules.max_rounds
    )


def play_quick(engine: Engine, seat: int, picks: list[Any], variant: Variant) -> int:
    """Play the other seats' quick players until ``seat`` is to move or out.

    ``picks`` holds each seat's ``pick`` method (``None`` for ``seat`` and
    for players that decide from an observation). A quick player is handed
    back as one that needs an observation where the move due needs one
    (``Engine.needs_observation``: laying cards away, or a move whose total
    depends on the table).

    Returns:
        The seat to move whose player needs an observation, or -1: ``seat``
        is to move, out of the game, or the game is over.

    Raises:
        IllegalMoveError: If a player picks an illegal move (the game is unchanged).
    """
    observe = engine.rules.may_observe  # else needs_observation is never true
    while engine.winner is None and engine.in_game[seat]:
        current = engine.current
        if current == seat:
            return -1
        pick = picks[current]
        if pick is None or (observe and engine.needs_observation()):
            return current
        engine.play_checked(pick(legal_now(engine), engine.r.total, variant))
    return -1


def play_decided(engine: Engine, picks: list[Any], variant: Variant) -> int:
    """Play the quick players (``picks``) until a seat without one is to move.

    Returns:
        That seat (an agent's, or a player's that decides from an
        observation, as a quick player does where the move due needs one:
        see :func:`play_quick`), or -1 once the game is over.

    Raises:
        IllegalMoveError: If a player picks an illegal move (the game is unchanged).
    """
    observe = engine.rules.may_observe  # else needs_observation is never true
    while engine.winner is None:
        current = engine.current
        pick = picks[current]
        if pick is None or (observe and engine.needs_observation()):
            return current
        engine.play_checked(pick(legal_now(engine), engine.r.total, variant))
    return -1


ROUND_NOT_OVER = -2
"""What :func:`play_round` says of a round still going on after its limit of moves."""


def play_round(
    engine: Engine,
    me: int,
    mine: Callable[[tuple[Move, ...], int, bool], Move],
    others: Callable[[tuple[Move, ...], int], Move],
    limit: int,
) -> int:
    """Play the round in progress out: ``me`` by ``mine``, the other seats by ``others``.

    A seat with one legal move plays it; else ``mine(legal, total,
    answering)`` or ``others(legal, total)`` picks one of ``legal`` (a move
    taken from the legal ones is played unchecked). For a copy made to play
    one round (``Engine.copy(round_only=True)``, which halts when the round
    ends).

    Returns:
        ``me``'s place among the round's losers (0 for the first out) if
        ``me`` went out while the round went on; -1 if the round ended (or the
        game: the caller reads ``last_losers`` and ``last_survivor``); or
        :data:`ROUND_NOT_OVER` if it had not ended after ``limit`` moves.
    """
    play = engine.play
    for _ in range(limit):
        if engine.halted or engine.winner is not None:
            return -1
        r = engine.r
        if not r.in_round[me]:
            return r.losers.index(me)
        # After a move the engine has listed the next player's moves: often one.
        moves = legal_now(engine)
        if len(moves) == 1:
            play(moves[0])
        elif engine.current == me:
            play(mine(moves, r.total, r.answering))
        else:
            play(others(moves, r.total))
    return ROUND_NOT_OVER
