"""The variants the environments are checked on.

Each shipped variant at two player counts, a user's file with a house rule, and a
variant whose moves say the total (where an action must play the move that says it).
"""

from __future__ import annotations

from pathlib import Path

import ono99

ROOT = Path(__file__).resolve().parent.parent
USER_VARIANT = str(ROOT / "docs" / "examples" / "hot-potato.toml")
HOUSE_RULE = "two-decks"


def _cases() -> list[tuple[str, tuple[str, ...], int]]:
    cases: list[tuple[str, tuple[str, ...], int]] = []
    for variant_id in ono99.list_variants():
        players = ono99.load_variant(variant_id).players
        for count in sorted({players.min, min(4, players.max)}):
            cases.append((variant_id, (), count))
    cases += [(USER_VARIANT, (HOUSE_RULE,), 2), (USER_VARIANT, (HOUSE_RULE,), 4)]
    cases += [("ninety-nine", ("announce-the-total",), 3)]
    return cases


CASES = _cases()
IDS = [f"{Path(v).stem}{'+' + '+'.join(h) if h else ''}-{n}p" for v, h, n in CASES]
