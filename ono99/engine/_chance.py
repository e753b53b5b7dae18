"""Uniform random choices from a seeded generator, with as few calls as possible.

Both functions draw from ``rng.getrandbits`` exactly as :meth:`random.Random.choice`
and :meth:`random.Random.shuffle` of CPython 3.11 do, so they give the same
results, and they keep giving them should those methods change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

__all__ = ["choice", "shuffle"]

T = TypeVar("T")


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """A uniformly chosen item of ``items`` (which must not be empty).

    >>> import random
    >>> choice(random.Random(5), "abcde") == random.Random(5).choice("abcde")
    True
    """
    n = len(items)
    k = n.bit_length()
    bits = rng.getrandbits
    i = bits(k)
    while i >= n:  # rejection sampling: every index equally likely
        i = bits(k)
    return items[i]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates), every order equally likely.

    >>> import random
    >>> mine, theirs = list(range(20)), list(range(20))
    >>> shuffle(random.Random(5), mine)
    >>> random.Random(5).shuffle(theirs)
    >>> mine == theirs
    True
    """
    size = len(items)
    if size < 2:
        return
    bits = rng.getrandbits
    # k is n.bit_length() for each n from size down to 2, kept as n falls
    # (below ``low`` it has one bit fewer) rather than asked at every step.
    k = size.bit_length()
    low = 1 << (k - 1)
    for i in range(size - 1, 0, -1):
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
