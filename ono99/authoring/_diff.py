"""The rules that differ between two variants, key by key."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ono99._variant import NOT_RULES, Variant, VariantLike
from ono99.loading import toml_value, unstructure_variant, variant_arg

from ._rulebook import card_rules

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["diff_variants"]

_MISSING = object()


def _flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Leaf key paths of plain data, an array being one value: ``("total.bust", 99)``."""
    if isinstance(data, dict):
        if not data and prefix:
            yield prefix, {}
        for key, value in data.items():
            yield from _flatten(value, f"{prefix}.{key}" if prefix else str(key))
    else:
        yield prefix, data


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(not set)"
    if isinstance(value, str):
        return value
    return toml_value(value)


def _group(key: str) -> str:
    """The rows of one card stay together: ``cards.<id>``; any other key is its own."""
    parts = key.split(".")
    return ".".join(parts[:2]) if parts[0] == "cards" and len(parts) > 1 else key


def _top(key: str) -> str:
    """The top-level key of a key path."""
    return re.split(r"[.\[]", key, maxsplit=1)[0]


def _is_card_text(key: str) -> bool:
    parts = key.split(".")
    return len(parts) == 3 and parts[0] == "cards" and parts[2] == "text"


def _leaves(variant: Variant) -> dict[str, Any]:
    return {
        key: value
        for key, value in _flatten(unstructure_variant(variant))
        if _top(key) not in NOT_RULES and not _is_card_text(key)
    }


def diff_variants(a: VariantLike, b: VariantLike) -> list[tuple[str, str, str]]:
    """Every rule that differs between two variants, by TOML key path.

    Compares the resolved variants' plain data key by key, names and
    descriptions aside. An array (a card's effects, say) is one value, shown
    as in TOML. A key one variant lacks shows as ``(not set)``; a card only
    one variant has is one row, saying what the card does.

    Returns:
        ``(key path, value in a, value in b)`` triples, values as text, in
        the order of ``a``'s keys, then ``b``'s, the rows of one card together.

    Raises:
        VariantError: If either variant cannot be loaded.

    >>> import ono99
    >>> for row in ono99.diff_variants("ono99-1980", "ono99-1980-points"):
    ...     print(row)
    ('match.scoring', 'tokens', 'points')
    """
    a, b = variant_arg(a, "a"), variant_arg(b, "b")
    left, right = _leaves(a), _leaves(b)
    for one, other, variant in ((left, right, a), (right, left, b)):
        for card in variant.cards:
            if f"cards.{card.id}.count" not in other:
                for key in [k for k in one if k.startswith(f"cards.{card.id}.")]:
                    del one[key]
                cards = f"{card.count} card{'' if card.count == 1 else 's'}"
                one[f"cards.{card.id}"] = f"{card.name} ({cards}): {card_rules(card)}"
    rows = []
    for key in dict.fromkeys([*left, *right]):
        x, y = left.get(key, _MISSING), right.get(key, _MISSING)
        if x != y or type(x) is not type(y):
            rows.append((key, _show(x), _show(y)))
    order = {group: i for i, group in enumerate(dict.fromkeys(_group(k) for k, _, _ in rows))}
    return sorted(rows, key=lambda row: order[_group(row[0])])
