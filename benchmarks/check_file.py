"""How long ``check_file`` (``ono99 validate``) takes on the worst files within the bounds.

Usage::

    python benchmarks/check_file.py            # each file checked 3 times, the best kept
    python benchmarks/check_file.py --repeat 1

``check_file`` works out what a variant does at the totals a round can reach;
what it asks of the cards is bounded (``MOST_ASKS`` in
``ono99/authoring/_warnings.py``), and so is every count a file may set (the
*Bounds* table of the TOML reference). The files here are built to cost the
most within those bounds:

``wide``
    a variant whose totals run to 10**18: 1,000 kinds of card, 50 of them with
    20 rule objects each (10 effects, 10 conditions, all different), so that
    no two cards are asked as one, and the reachable totals never end;
``late``
    the file of the report that had no bound: 45 cards whose conditions let
    them be played only near a bust of a million (12 s before the bound);
``house``
    a house rule for every variant (no ``for``) adding 980 kinds of card and
    960 rule objects: laid over each of the 18 shipped variants, checked in each;
``kinds``
    a variant of 1,000 kinds of card, one of them in the deck, the others
    ``count = 0``: what loading and the checks cost by kind of card.

Each figure is the CPU time of one ``check_file`` in this process (the file
read and parsed anew, the shipped files already read), the best of the
repeats. Measured on a two-core machine shared with other jobs (load average
8), pure-Python engine: wide 0.17 s, late 0.03 s, house 0.80 s, kinds 0.03 s
(the compiled engine the same: the checks are pure Python); ``ono99
validate`` on the house rule, a process from start to end, 1.2 s of CPU.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ono99 import check_file


def wide() -> str:
    out = [
        'id = "wide"',
        'name = "Wide"',
        "[total]",
        "bust = 1000000000000000000",
        "[players]",
        "min = 2",
        "max = 2",
        "[deal]",
        "hand_size = 1",
    ]
    out += _cards(1000, 50, at_most=10**17)
    return "\n".join(out) + "\n"


def late() -> str:
    out = [
        'id = "late"',
        'name = "Late"',
        "[total]",
        "bust = 1000000",
        "floor = 0",
        "[cards.up]",
        'name = "Up"',
        "count = 40",
        'effects = [{ type = "add", amount = 1 }]',
    ]
    for i in range(45):
        out += [
            f"[cards.c{i}]",
            f'name = "C{i}"',
            "count = 1",
            'effects = [{ type = "add", amount = 1 }]',
            'conditions = [{ type = "total_at_least", value = 999999 }]',
        ]
    return "\n".join(out) + "\n"


def house() -> str:
    return "\n".join(_cards(980, 48, at_most=50)) + "\n"


def kinds() -> str:
    out = [
        'id = "kinds"',
        'name = "Kinds"',
        "[cards.up]",
        'name = "Up"',
        "count = 100",
        'effects = [{ type = "add", amount = 1 }]',
    ]
    for i in range(999):
        out += [f"[cards.z{i}]", f'name = "Z{i}"', "count = 0"]
    return "\n".join(out) + "\n"


def _cards(count: int, ruled: int, *, at_most: int) -> list[str]:
    """``count`` cards, the first ``ruled`` with 10 effects and 10 conditions each."""
    out = []
    for i in range(count):
        out += [f"[cards.c{i}]", f'name = "C{i}"', "count = 1"]
        if i < ruled:
            adds = ", ".join(f'{{ type = "add", amount = {i * 20 + j + 1} }}' for j in range(10))
            limits = ", ".join(
                f'{{ type = "total_at_most", value = {at_most + i * 10 + j} }}' for j in range(10)
            )
            out += [f"effects = [{adds}]", f"conditions = [{limits}]"]
    return out


FILES = {"wide": wide, "late": late, "house": house, "kinds": kinds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each file (the best kept)")
    args = parser.parse_args()
    check_file(Path(__file__))  # read the shipped files once, as a long-running process has
    with tempfile.TemporaryDirectory() as folder:
        for name, build in FILES.items():
            path = Path(folder) / f"{name}.toml"
            best = float("inf")
            for _ in range(args.repeat):
                path.write_text(build(), encoding="utf-8")  # a new file: read and parsed anew
                start = time.process_time()
                found = check_file(path)
                best = min(best, time.process_time() - start)
            errors = [f for f in found if f.level == "error"]
            size = path.stat().st_size
            note = f", {len(errors)} errors (not within the bounds)" if errors else ""
            print(f"{name:6} {size / 1000:5.0f} kB  {best:5.2f} s  {len(found)} findings{note}")


if __name__ == "__main__":
    main()
