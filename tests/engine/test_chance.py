"""The engine's random choices draw exactly as Python's ``random`` module does."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ono99.engine._chance import choice, shuffle


@given(st.integers(0, 2**64), st.integers(1, 300))
def test_choice_is_random_choice(seed: int, n: int) -> None:
    """For any seed and length, choice() picks the item random.Random.choice() picks, and
    leaves the generator in the same state."""
    mine, theirs = random.Random(seed), random.Random(seed)
    items = list(range(n))
    for _ in range(5):
        assert choice(mine, items) == theirs.choice(items)
    assert mine.getstate() == theirs.getstate()


@given(st.integers(0, 2**64), st.integers(0, 300))
def test_shuffle_is_random_shuffle(seed: int, n: int) -> None:
    """For any seed and length, shuffle() gives random.Random.shuffle()'s order and state."""
    mine, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    shuffle(mine, a)
    theirs.shuffle(b)
    assert a == b
    assert mine.getstate() == theirs.getstate()
