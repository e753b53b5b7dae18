"""Rank tables that change nothing: each key of a ``[ranks.X]`` table shadowed by card tables.

A card table wins over its rank's table key by key, in whichever file either
is. :func:`rank_probe` makes a house rule that sets each key of the file's
rank tables to a value no file is likely to give; loaded over the variant,
the cards that do not show it have their own table for that key
(:func:`shadowed_ranks` says which rank tables, or keys, are shadowed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99.loading import CARD_ID, toml_value
from ono99.rules import Add, TotalAtLeast

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Card, Variant

__all__ = ["rank_probe", "shadowed_ranks"]


# What a probe sets each key of a rank table to: a value no file is likely to
# give a card. A card that shows it took the key from its rank's table.
_PROBE_WORD = "rankprobe"
_PROBE_NUMBER = 7919


def _probe_values(table: dict[str, Any]) -> dict[str, Any]:
    """The probe's value of each key a rank table sets (its tags kept, the probe's added)."""
    tags = table.get("tags")
    return {
        "name": _PROBE_WORD,
        "text": _PROBE_WORD,
        "points": _PROBE_NUMBER,
        "tags": [*(tags if isinstance(tags, list) else []), _PROBE_WORD],
        "effects": [{"type": "add", "amount": _PROBE_NUMBER}],
        "conditions": [{"type": "total_at_least", "value": -_PROBE_NUMBER}],
    }


# Whether a card took each key from its rank's table, as the probe set it.
_TOOK: dict[str, Callable[[Card], bool]] = {
    "name": lambda card: _PROBE_WORD in card.name,  # "<name> of <suit>" for a rank by suit
    "text": lambda card: card.text == _PROBE_WORD,
    "points": lambda card: card.points == _PROBE_NUMBER,
    "tags": lambda card: _PROBE_WORD in card.tags,
    "effects": lambda card: card.effects == (Add(_PROBE_NUMBER),),
    "conditions": lambda card: card.conditions == (TotalAtLeast(-_PROBE_NUMBER),),
}


def rank_probe(ranks: dict[str, Any]) -> dict[str, Any]:
    """A ``[ranks]`` table to lay over a variant to see which cards take a file's rank tables.

    Every key the file's ``[ranks.<rank>]`` tables set is set again, to a
    value of the probe's own; :func:`shadowed_ranks` reads the variant so made.

    Args:
        ranks: The file's ``ranks`` table, as read.
    """
    out: dict[str, Any] = {}
    for rank, table in ranks.items():
        if isinstance(table, dict):
            values = _probe_values(table)
            out[rank] = {key: values[key] for key in table if key in values}
    return out


def _card_tables(cards: Sequence[Card]) -> str:
    """The card tables of ``cards`` by key path, the first six named."""
    named = [f"cards.{card.id}" for card in cards[:6]]
    more = f" and {len(cards) - 6} more" if len(cards) > 6 else ""
    return ", ".join(named) + more


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def shadowed_ranks(ranks: dict[str, Any], probed: Variant) -> list[tuple[str, str]]:
    """Rank tables, and keys of them, that no card of the rank takes: each card's table sets them.

    A ``[cards.<id>]`` table is laid over the card its rank's table makes, key
    by key, whichever file either is in; a key of ``[ranks.<rank>]`` that
    every card of the rank sets in its own table changes nothing. The whole
    table is warned of when that holds for every key it sets, each such key
    otherwise; a key some card of the rank takes (the other kings, where the
    King of spades has its own effects) is no warning. A rank none of whose
    cards is in the deck is not reported.

    Args:
        ranks: The file's ``ranks`` table, as read.
        probed: The variant with :func:`rank_probe` laid over it.

    Returns:
        ``(key path, message)`` pairs, in the file's order.
    """
    out = []
    for rank, table in ranks.items():
        if not isinstance(table, dict):
            continue
        keys = [key for key in table if key in _TOOK]
        cards = [
            card
            for card in probed.cards
            if card.rank == rank and card.id in (rank, f"{rank}_of_{card.suit}")
        ]
        if not keys or not cards:
            continue
        unused = [key for key in keys if not any(_TOOK[key](card) for card in cards)]
        where = _card_tables(cards)
        rank_path = f"ranks.{rank if CARD_ID.fullmatch(rank) else toml_value(rank)}"
        if unused == keys:
            out.append(
                (
                    rank_path,
                    "changes nothing: every card of the rank has its own table setting "
                    f"{_and(keys)} ({where})",
                )
            )
            continue
        out += [
            (
                f"{rank_path}.{key}",
                f"changes nothing: every card of the rank has its own {key} ({where})",
            )
            for key in unused
        ]
    return out
