"""The thinking player beats the random one at each shipped cribbage game.

"In laying out cards for the crib, it is requisite, that every player should
consider not only his own hand, but also to whom the crib belongs" (Hoyle's Games,
"Cribbage"): ``cautious`` lays away by its heuristic (the hand kept that scores
most at the show, the crib counted for or against it as its owner is the player or
not) and plays safe in the count; ``random`` picks any legal move. Each game is
seeded (:func:`ono99.simulate`, seed 49, the seats rotated), so the rates are the
same on every run; the bound asserted is far below the rate measured, so that no
change of a few games makes the test fail while a player that stopped thinking
(about half, or a third, of the wins) would.
"""

from __future__ import annotations

import pytest

import ono99

GAMES = 40
CASES = [
    # (variant, seats, a bound far below the measured rate); the rate measured of the
    # cautious seats over these 40 games, with its 95% interval, above each.
    # 97.5% (87.1% to 99.6%), fair 50%:
    ("cribbage", ["cautious", "random"], 0.7),
    # 95.0% (83.5% to 98.6%), fair 50%:
    ("cribbage-five-card", ["cautious", "random"], 0.7),
    # 75.0% (59.8% to 85.8%), fair 33%:
    ("cribbage-three-hand", ["cautious", "random", "random"], 0.5),
    # the cautious side: 90.0% (76.9% to 96.0%), fair 50%:
    ("cribbage-four-hand", ["cautious", "random", "cautious", "random"], 0.65),
]


@pytest.mark.parametrize(("variant", "seats", "bound"), CASES, ids=[c[0] for c in CASES])
def test_cautious_beats_random_at_each_cribbage(
    variant: str, seats: list[str], bound: float
) -> None:
    """Invariant: over 40 seeded games the cautious seats (at four, a side of two
    partners) win more than ``bound`` of them, well above a fair share (a half; a
    third at three players)."""
    result = ono99.simulate(
        variant, players=len(seats), games=GAMES, strategies=seats, seed=49, jobs=1, rotate=True
    )
    (cautious,) = [rate for rate in result.by_strategy if rate.label == "cautious"]
    low, _ = cautious.interval
    print(f"{variant}: cautious wins {cautious} ({cautious.wins} of {cautious.games})")
    assert cautious.rate > bound > cautious.fair
    assert low > cautious.fair
