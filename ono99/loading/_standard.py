"""A standard deck declared in a few lines, made into the cards of a variant.

``[standard_deck]`` and ``[ranks.<rank>]`` say how to make the ``cards`` of a
variant rather than what the variant is (see :class:`~ono99.StandardDeck`):
once a file and everything it builds on are merged, :func:`expand` replaces
them with the cards they make, each ``[cards.<id>]`` table laid over the card
of that id key by key. A problem in a card made from a rank is reported at
the rank's key path, where the file wrote it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99._args import shown
from ono99._limits import MAX_DECK_SIZE
from ono99._variant import STANDARD_RANKS, STANDARD_SUITS

from ._checks import MINIMUMS, NON_EMPTY
from ._problems import Problem, ProblemsError, describe_value, key_name, suggest

if TYPE_CHECKING:
    from ono99._variant import StandardDeck

__all__ = ["DECK_KEYS", "card_id", "expand", "made_ids", "origin"]

DECK_KEYS = ("standard_deck", "ranks")
"""The keys of a variant file that make its cards from a standard deck."""

_CARD_FROM_RANK = ("name", "effects", "conditions", "points", "text", "tags")


def card_id(rank: str, suit: str) -> str:
    """The id of the card of ``rank`` and ``suit`` in a deck told apart by suit.

    >>> card_id("king", "spades")
    'king_of_spades'
    """
    return f"{rank}_of_{suit}"


def made_ids(data: dict[str, Any]) -> list[str]:
    """The ids of the cards a file's ``[standard_deck]`` makes, as far as it can be read.

    For the checks made before the file is structured (a house rule that
    changes a card must name one the variant has); a value of the wrong type
    is taken as its default here, and reported when the deck is structured.
    """
    deck = data.get("standard_deck")
    if not isinstance(deck, dict):
        return []

    def strings(key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        value = deck.get(key, default)
        ok = isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
        return tuple(value) if ok else default

    ranks = strings("ranks", STANDARD_RANKS)
    suits = strings("suits", STANDARD_SUITS)
    by_suit = strings("by_suit", ())
    every = deck.get("all_by_suit") is True
    ids = [
        card_id(r, s) if every or r in by_suit else r
        for r in ranks
        for s in (suits if every or r in by_suit else suits[:1])
    ]
    if deck.get("jokers"):
        ids.append("joker")
    return ids


def _deck_problems(deck: StandardDeck) -> list[Problem]:
    """What is wrong with the deck's own settings: no ranks or suits, jokers out of range.

    Reported here, at the deck's keys, before the cards it makes are checked
    (where the same fault would show at ``cards.joker.count``, or as a deck
    too large for the file it extends).
    """
    out = [
        Problem(path, f"expected at least one {item} (a standard deck without one makes no cards)")
        for path, item in NON_EMPTY.items()
        if not getattr(deck, path.rpartition(".")[2])
    ]
    low = MINIMUMS["standard_deck.jokers"]
    if deck.jokers < low:
        out.append(Problem("standard_deck.jokers", f"expected {low} or more, got {deck.jokers}"))
    elif deck.jokers > MAX_DECK_SIZE:
        out.append(
            Problem(
                "standard_deck.jokers",
                f"expected at most {MAX_DECK_SIZE} (the most cards a deck may hold), "
                f"got {shown(deck.jokers)}",
            )
        )
    return out


def _rank_name(rank: str, table: dict[str, Any]) -> str:
    name = table.get("name")
    return name if isinstance(name, str) and name else rank[:1].upper() + rank[1:]


def expand(data: dict[str, Any], deck: StandardDeck | None) -> dict[str, Any]:
    """``data`` with ``standard_deck`` and ``ranks`` replaced by the cards they make.

    ``deck`` is the ``standard_deck`` table, structured; a file with neither
    key is returned as it is.

    Raises:
        ProblemsError: If ``ranks`` or ``standard_deck.leave_out`` is not as expected.
    """
    if not any(key in data for key in DECK_KEYS):
        return data
    ranks_data = data.get("ranks", {})
    data = {key: value for key, value in data.items() if key not in DECK_KEYS}
    if deck is None:
        raise ProblemsError(
            [Problem("ranks", "a [ranks] table needs a [standard_deck] to make its cards")]
        )
    problems = _deck_problems(deck)
    if problems:
        raise ProblemsError(problems)
    if not isinstance(ranks_data, dict):
        raise ProblemsError(
            [Problem("ranks", f"expected a table of ranks, got {describe_value(ranks_data)}")]
        )
    for rank, table in ranks_data.items():
        if rank not in deck.ranks:
            known = ", ".join(deck.ranks)
            problems.append(Problem(f"ranks.{rank}", f"no rank {rank!r} in the deck ({known})"))
        elif not isinstance(table, dict):
            problems.append(
                Problem(f"ranks.{rank}", f"expected a table, got {describe_value(table)}")
            )
        else:
            keys = ", ".join(_CARD_FROM_RANK)
            problems += [
                Problem(
                    f"ranks.{rank}.{key_name(key)}",
                    f"unknown key{suggest(key, _CARD_FROM_RANK)} (the keys here are {keys})",
                )
                for key in table
                if key not in _CARD_FROM_RANK
            ]
    every = {card_id(r, s) for r in deck.ranks for s in deck.suits}
    for position, left in enumerate(deck.leave_out):
        if left not in every:
            problems.append(
                Problem(
                    f"standard_deck.leave_out[{position}]",
                    f"no card {left!r} in the deck (a card is <rank>_of_<suit>, "
                    f"such as {card_id(deck.ranks[0], deck.suits[0])!r})",
                )
            )
    if problems:
        raise ProblemsError(problems)
    explicit = data.get("cards", {})
    if not isinstance(explicit, dict):
        return data  # reported when the cards are structured
    made: dict[str, Any] = {}
    left_out = set(deck.leave_out)
    for rank in deck.ranks:
        table = ranks_data.get(rank, {})
        rules = {key: table[key] for key in _CARD_FROM_RANK if key in table}
        name = _rank_name(rank, table)
        suits = [s for s in deck.suits if card_id(rank, s) not in left_out]
        if not suits:
            continue
        if deck.all_by_suit or rank in deck.by_suit:
            for suit in suits:
                made[card_id(rank, suit)] = {
                    **rules,
                    "name": f"{name} of {suit}",
                    "count": 1,
                    "rank": rank,
                    "suit": suit,
                }
        else:
            made[rank] = {**rules, "name": name, "count": len(suits), "rank": rank}
    if deck.jokers:
        made["joker"] = {"name": "Joker", "count": deck.jokers, "rank": "joker"}
    else:
        _no_joker_to_rule(explicit)
    for key, table in explicit.items():
        if key in made and isinstance(table, dict):
            made[key] = {**made[key], **table}
        elif key in deck.ranks and isinstance(table, dict) and _by_suit(deck, key):
            # A rank's table, where the deck tells its cards apart by suit (a file
            # laid over one that does so): each card of the rank takes it.
            for suit in deck.suits:
                if card_id(key, suit) in made:
                    made[card_id(key, suit)] = {**made[card_id(key, suit)], **table}
        else:
            made[key] = table
    data["cards"] = made
    return data


def _no_joker_to_rule(explicit: dict[str, Any]) -> None:
    """Refuse the joker's rules (``cards.joker``) for a deck that makes no joker.

    Such a file sets ``jokers = 0`` over one with jokers, whose ``[cards.joker]``
    gives them their rules: the count is at fault, and the file that set it is
    told so, not the one with the rules, which would lack a name and a count.
    """
    joker = explicit.get("joker")
    if isinstance(joker, dict) and not {"name", "count"} <= joker.keys():
        raise ProblemsError(
            [
                Problem(
                    "standard_deck.jokers",
                    "0 makes no joker, but cards.joker gives the joker its rules "
                    "(without the name and count of a card of its own): set "
                    "standard_deck.jokers to 1 or more, or give cards.joker a name "
                    "and a count (0 for a deck without jokers)",
                )
            ]
        )


def _by_suit(deck: StandardDeck, rank: str) -> bool:
    """Whether the deck makes a card of each suit of ``rank`` (``<rank>_of_<suit>``)."""
    return deck.all_by_suit or rank in deck.by_suit


def origin(path: str, data: dict[str, Any]) -> str:
    """Where a problem at ``path`` of the expanded cards was written in ``data``.

    A key a card took from its rank's table is reported there
    (``cards.king_of_hearts.effects[0]`` as ``ranks.king.effects[0]``); any
    other path is returned as it is.
    """
    prefix, dot, rest = path.partition(".")
    if prefix != "cards" or not dot:
        return path
    card, _, key = rest.partition(".")
    field = key.split("[", 1)[0].split(".", 1)[0]
    ranks = data.get("ranks")
    explicit = data.get("cards")
    if field not in _CARD_FROM_RANK or not isinstance(ranks, dict):
        return path
    if isinstance(explicit, dict) and field in (explicit.get(card) or {}):
        return path
    for rank, table in ranks.items():
        if isinstance(table, dict) and field in table and card.split("_of_")[0] == rank:
            return f"ranks.{rank}.{key}"
    return path
