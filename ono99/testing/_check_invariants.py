"""One call that plays seeded games of a variant and checks every invariant."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from ono99.engine import Game
from ono99.loading import variant_arg
from ono99.players import RandomPlayer

from ._checker import GameChecker

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import VariantLike


@attrs.frozen
class Checked:
    """What :func:`check_invariants` checked.

    Attributes:
        games: Games played to the end.
        moves: Moves checked, in all.
        rounds: Rounds played, in all.
    """

    games: int
    moves: int
    rounds: int


def check_invariants(
    variant: VariantLike,
    *,
    games: int = 20,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    max_moves: int | None = None,
    deep: bool = True,
) -> Checked:
    """Play seeded games of a variant and check every invariant after every move.

    Each game is played by :class:`~ono99.RandomPlayer` players. After every
    move the state is checked (:meth:`GameChecker.check_state`); with
    ``deep``, also the legality of every candidate move, illegal moves, the
    mover's observation, and at the end of each game its replay.

    Every game ends: the engine stops one at ``round.max_game_plays`` plays
    (100,000 by default), so by default a game still going after that many
    moves breaks the invariant "game ends".

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        games: How many games to play.
        seed: The seed of the games (game ``i`` uses ``seed + i``).
        players: The seat counts to play, cycled (default: every count the
            variant allows).
        max_moves: A game still going after this many moves breaks the
            invariant "game ends" (default: the variant's
            ``round.max_game_plays``, where the engine ends every game).
        deep: Also run the more expensive checks.

    Returns:
        How many games, moves and rounds were checked.

    Raises:
        InvariantError: When an invariant does not hold; it names the
            invariant, the variant, seats, seed and move.
        VariantError: If the variant cannot be loaded.
        ArgumentError: If ``variant`` is not a variant, an id or a path.
    """
    variant = variant_arg(variant)
    if players is None:
        counts = list(range(variant.players.min, variant.players.max + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    limit = variant.round.max_game_plays if max_moves is None else max_moves
    moves = rounds = 0
    for i in range(games):
        game_seed = seed + i
        checker = GameChecker(Game(variant, counts[i % len(counts)], game_seed))
        game = checker.game
        bots = [RandomPlayer(game_seed * 1_000 + p) for p in range(game.players)]
        rng = random.Random(game_seed)
        while not game.is_over:
            if len(game.moves) >= limit:
                checker.fail("game ends", f"the game is still going after {limit} moves")
            player = game.current_player
            if deep:
                checker.check_legal_moves()
                checker.check_observation(player, rng)
                if rng.random() < 0.1:
                    checker.check_illegal()
            checker.play(bots[player].choose(game.observation(player)))
        if deep:
            checker.check_replay()
            for player in range(game.players):
                checker.check_player_log(player, rng)
        moves += len(game.moves)
        rounds += game.round
    return Checked(games=games, moves=moves, rounds=rounds)
