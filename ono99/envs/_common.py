"""What the environments share: the variant they play and the seeds of their games."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ono99._variant import Variant
from ono99.loading._loader import load_variant

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import VariantLike
    from ono99.loading._files import PathName

__all__ = ["Seeds", "make_variant"]


def make_variant(variant: VariantLike, house_rules: Sequence[PathName] | PathName = ()) -> Variant:
    """The variant to play: ``variant`` (loaded if named) with ``house_rules`` laid over it.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded.
        ValueError: If house rules come with a variant that is already loaded.
    """
    if not isinstance(variant, Variant):
        return load_variant(variant, house_rules)
    if house_rules:
        raise ValueError(
            "house_rules: give the variant by id or path to lay house rules over it "
            "(or load it with them: ono99.load_variant(id, house_rules))"
        )
    return variant


class Seeds:
    """The seeds of an environment's games, all from the one seed a user gives.

    A seed given to ``reset`` starts a new sequence; a reset without one
    takes the next seed of the current sequence. With no seed ever given,
    each game's seed (and each built-in player's) is drawn from the
    operating system, never from the global random generator; the game keeps
    its seed, so it can still be replayed.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else None

    def next(self, seed: int | None = None) -> int | None:
        """The seed of the next game (``seed`` restarts the sequence)."""
        if seed is not None:
            self._rng = random.Random(seed)
        if self._rng is None:
            return None
        return self._rng.getrandbits(63)

    def spawn(self) -> int:
        """A seed for something else the environment draws (its built-in players)."""
        rng = self._rng if self._rng is not None else random.SystemRandom()
        return rng.getrandbits(63)
