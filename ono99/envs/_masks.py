"""Action masks as numpy arrays, each made once per set of legal actions and copied out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Masks"]

# How many sets of legal actions a Masks keeps (then it starts afresh): a few
# hundred occur in a variant's games; this bounds the memory of a strange one.
_KEPT = 4096


class Masks:
    """The masks of one environment: ``1`` (or ``True``) for each legal action.

    Each mask returned is a new array, the caller's to keep or change.

    Args:
        size: How many actions the variant has.
        dtype: The masks' type (``np.int8``, ``np.bool_``).
    """

    def __init__(self, size: int, dtype: Any) -> None:
        self._size = size
        self._dtype = dtype
        self._none: NDArray[Any] = np.zeros(size, dtype=dtype)
        self._made: dict[tuple[int, ...], NDArray[Any]] = {}

    def of(self, actions: list[int]) -> NDArray[Any]:
        """A mask with ``actions`` legal."""
        key = tuple(actions)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= _KEPT:
                self._made.clear()
            made = np.zeros(self._size, dtype=self._dtype)
            made[actions] = 1
            self._made[key] = made
        return made.copy()

    def none(self) -> NDArray[Any]:
        """A mask with no legal action."""
        return self._none.copy()
