"""Many games in one call: the inner loop of :func:`~ono99.simulate`, compiled with the engine.

A chunk of games is played here from start to end, with no Python code of
the simulation's own between two games or two moves when the seats are the
shipped strategies (compiled too): each game is dealt, played out by the
engine's own loop, and reduced to the few numbers a simulation keeps.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeAlias

from ono99 import events as ev
from ono99.engine import deal, engine_of, play_to_end, turn_starts

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant
    from ono99.engine import Engine, Move, Observation, Player

__all__ = ["Details", "Outcome", "SeatMaker", "deciding_card", "play_games"]

# What a game with details shows besides its outcome: turns, turns with a
# choice (more than one distinct legal move at one of its moves), moves the
# players chose, their legal moves summed over those moves, lead changes,
# whether the winner was behind at the half-way round, whether a cap ended it.
Details: TypeAlias = tuple[int, int, int, int, int, bool, bool, int]

# One game: winner's seat, strategy index of the winner, cards played, rounds,
# deciding card id ("" for none), and its details when they were asked for.
Outcome: TypeAlias = tuple[int, int, int, int, str, Details | None]


# Makes the player of one seat of one game: (the game's generator, the game's
# number, the seat) -> player.
SeatMaker: TypeAlias = "Callable[[random.Random, int, int], Player]"


def play_games(
    variant: Variant,
    players: int,
    games: range,
    game_seed: Callable[[int], int],
    seats: Sequence[SeatMaker],
    *,
    rotate: bool,
    max_moves: int,
    done: Callable[[], object] | None,
    failed: Callable[[int, int, Exception], Exception],
    details: bool = False,
) -> list[Outcome]:
    """Play ``games`` (their numbers) of ``variant`` and say how each ended.

    Args:
        variant: The variant (checked, and ``players`` with it).
        players: Players per game.
        games: The games' numbers.
        game_seed: The seed of game ``i``.
        seats: The strategies, as makers of a seat's player. With
            ``rotate``, game ``i``'s seat ``s`` plays
            ``seats[(s + i) % players]``, else ``seats[s]``.
        rotate: Whether strategies move round the table from game to game.
        max_moves: A guard against a game that never ends.
        done: Called after each game.
        failed: Turns what went wrong in a game (its number, its seed, the
            exception) into the exception to raise.
        details: Watch every move for the game's :data:`Details` (each
            player is asked through a :class:`_Watch`, which costs time).

    Returns:
        Each game's :data:`Outcome`, in order.
    """
    out: list[Outcome] = []
    # One generator, seeded again for each game: the same as a new one, at less cost.
    rng = random.Random()
    for index in games:
        shift = index % players if rotate else 0
        kinds = [(seat + shift) % players for seat in range(players)]
        seed = game_seed(index)
        try:
            rng.seed(seed)
            game = deal(variant, players, seed, rng)
            engine = engine_of(game)
            chosen = [seats[kinds[seat]](rng, index, seat) for seat in range(players)]
            if details:
                watch = _Watch(engine)
                winner = play_to_end(game, [watch.seat(player) for player in chosen], max_moves)
                seen: Details | None = watch.details(winner)
            else:
                winner = play_to_end(game, chosen, max_moves)
                seen = None
        except Exception as exc:
            raise failed(index, seed, exc) from exc
        deciding = deciding_card(engine.events)
        out.append((winner, kinds[winner], engine.cards_played, engine.round, deciding, seen))
        if done is not None:
            done()
    return out


def deciding_card(events: Sequence[ev.Event]) -> str:
    """The last card another player played before the final loss ("" for none)."""
    losses = (ev.Busted, ev.Stuck, ev.LaidDown)
    played, started = ev.Played, ev.RoundStarted
    loser = -1
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if loser < 0:
            if isinstance(event, losses):
                loser = event.player
        elif isinstance(event, played):
            if event.player != loser:
                return event.card
        elif isinstance(event, started):
            return ""
    return ""


class _Watch:
    """Watches one game's moves for its :data:`Details`, between the engine and its players.

    Each player is asked through a :class:`_Watched` seat, which counts the
    move's legal moves before the player sees them. The turns are counted
    from the engine's state at each move (a move with no play yet made this
    turn, or by another seat, starts one); the standings (tokens or points)
    are read when a new round asks for its first move, and at the end.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        match = engine.variant.match
        self.scoring = match.scoring
        self.high_wins = match.points.at_target == "win"
        self.turns = 0
        self.choice_turns = 0
        self.moves = 0
        self.options = 0
        self.last_seat = -1
        self.last_round = 0
        self.turn_chose = False
        # The leaders (seats best placed) after each round, from the second round's start.
        self.leaders: list[tuple[int, ...]] = []
        # The moves chosen by then, one for each of the leaders.
        self.leaders_at: list[int] = []

    def seat(self, player: Player) -> Player:
        """``player``, asked through this watch."""
        if getattr(player, "pick", None) is not None:
            return _WatchedQuick(self, player)
        return _Watched(self, player)

    def saw(self, legal: int) -> None:
        """A player is asked to choose among ``legal`` distinct legal moves."""
        engine = self.engine
        seat = engine.current
        round_now = engine.round
        if round_now != self.last_round:
            if self.last_round:
                self.leaders.append(self.leading())
                self.leaders_at.append(self.moves)
            self.last_round = round_now
            self.last_seat = -1
        if seat != self.last_seat or turn_starts(engine):
            self.turns += 1
            self.turn_chose = False
        self.last_seat = seat
        self.moves += 1
        self.options += legal
        if legal > 1 and not self.turn_chose:
            self.turn_chose = True
            self.choice_turns += 1

    def leading(self) -> tuple[int, ...]:
        """The seats best placed now, by tokens or points (none when scoring neither)."""
        engine = self.engine
        standing = [seat for seat in range(engine.n) if engine.in_game[seat]]
        if self.scoring == "tokens":
            marks = engine.tokens
            best = max(marks[seat] for seat in standing)
        elif self.scoring == "points":
            marks = engine.scores
            pick = max if self.high_wins else min
            best = pick(marks[seat] for seat in standing)
        else:
            return ()
        return tuple(seat for seat in standing if marks[seat] == best)

    def details(self, winner: int) -> Details:
        """The game's details, once it is over and ``winner`` won it."""
        engine = self.engine
        leaders = [*self.leaders, (winner,)]
        changes = 0
        if self.scoring != "none":
            # At the start every seat is level: all lead together.
            last: tuple[int, ...] = tuple(range(engine.n))
            for best in leaders:
                if best != last:
                    changes += 1
                last = best
        # The standings after round R // 2 of R rounds (none in a game of one round).
        half = len(leaders) // 2
        behind = half >= 1 and bool(leaders[half - 1]) and winner not in leaders[half - 1]
        # The moves chosen when the winner came to lead alone at every later round's end.
        decided = self.moves
        if self.scoring != "none":
            at = [*self.leaders_at, self.moves]
            alone = (winner,)
            i = len(leaders) - 1
            while i > 0 and leaders[i - 1] == alone:
                i -= 1
            decided = at[i]
        rules = engine.rules
        capped = engine.round >= rules.max_rounds or len(engine.moves) >= rules.max_game_plays
        return (
            self.turns,
            self.choice_turns,
            self.moves,
            self.options,
            changes,
            behind,
            capped,
            decided,
        )


class _Watched:
    """A player that decides from observations, asked through a :class:`_Watch`."""

    def __init__(self, watch: _Watch, player: Player) -> None:
        self.watch = watch
        self.player = player

    def choose(self, observation: Observation) -> Move:
        """The player's choice, its legal moves counted first."""
        self.watch.saw(len(observation.legal_moves))
        return self.player.choose(observation)


class _WatchedQuick:
    """A quick player (one with ``pick``), asked through a :class:`_Watch`."""

    def __init__(self, watch: _Watch, player: Player) -> None:
        self.watch = watch
        self.player = player
        self.quick: Callable[[Sequence[Move], int, Variant], Move] = player.pick  # type: ignore[attr-defined]

    def choose(self, observation: Observation) -> Move:
        """The player's choice, its legal moves counted first."""
        self.watch.saw(len(observation.legal_moves))
        return self.player.choose(observation)

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """The player's quick choice, its legal moves counted first."""
        self.watch.saw(len(legal_moves))
        return self.quick(legal_moves, total, variant)
