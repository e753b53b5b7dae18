"""The seeds of a simulation: each game's and each player's, from the master seed.

They are derived from the master seed and the game's number (and the seat), the
same on every machine and process, so that a simulation's result does not
depend on how its games were shared out.
"""

from __future__ import annotations

import hashlib

__all__ = ["game_seed", "player_seed"]


def _derive(*parts: int) -> int:
    """A 63-bit seed from integers, the same on every machine and process."""
    text = "ono99/" + "/".join(str(p) for p in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a simulation with master seed ``seed``.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return _derive(seed, index)


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` in game ``index`` of a simulation."""
    return _derive(seed, index, seat)
