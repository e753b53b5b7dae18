"""A variant's rules in words, and the rules that differ between two variants.

Both are generated from the resolved variant, never written by hand, so they
cannot drift from the TOML: :func:`rulebook` says every setting in a sentence
and every card through its rule objects' ``describe()``, and lists any
setting it has no sentence for under "Other settings"; :func:`diff_variants`
compares the variants' plain data key by key.
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import TYPE_CHECKING, Any

from ._convert import unstructure_variant
from ._loader import load_variant

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from ._variant import Card, Variant

__all__ = ["diff_variants", "rulebook"]

# Metadata that names or describes a variant without changing how it plays.
_NOT_RULES = frozenset({"id", "name", "description", "aliases", "source"})


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card_line(card: Card) -> str:
    """One card in words: its count, points and what it does."""
    does = [effect.describe() for effect in card.effects]
    text = "; ".join(does) if does else "does nothing when played"
    unplayable = [c for c in card.conditions if c.type == "never"]
    others = [c for c in card.conditions if c.type != "never"]
    if unplayable:
        text = (
            unplayable[0].describe() if not does else f"{text}; but it {unplayable[0].describe()}"
        )
    if others:
        text += "; playable " + " and ".join(c.describe() for c in others)
    extra = f" {card.text}" if card.text else ""
    return (
        f"- {card.name} ({_plural(card.count, 'card')}, {_plural(card.points, 'point')}): "
        f"{text}.{extra}"
    )


def _wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(text, width=79, subsequent_indent=indent, break_on_hyphens=False)


def _heading(text: str, mark: str) -> list[str]:
    return [text, mark * len(text), ""]


# Each setting's sentence; the keys are the variant's TOML key paths.
_Sentences = dict[str, "Callable[[Any], str]"]

_SETTINGS: _Sentences = {
    "players.min": lambda v: f"At least {v} players.",
    "players.max": lambda v: f"At most {v} players.",
    "deck.copies": lambda v: (
        "One deck." if v == 1 else f"{v} copies of the deck are shuffled together."
    ),
    "deal.hand_size": lambda v: (
        f"Each player is dealt {_plural(v, 'card')}, and draws after each play "
        f"to hold {v} again while the draw pile lasts."
    ),
    "deal.first_dealer": lambda v: {
        "last_seat": "The last seat deals the first round, so the first seat leads it.",
        "random": "The first dealer is drawn at random.",
    }.get(v, f"First dealer: {v}."),
    "deal.leader": lambda v: {
        "left_of_dealer": "The player to the dealer's left leads; the deal passes to the left "
        "each round.",
        "last_loser": "The loser of the previous round leads the next one.",
    }.get(v, f"Leader: {v}."),
    "total.start": lambda v: f"The total starts each round at {v}.",
    "total.bust": lambda v: (
        f"A play may not take the total to {v} or more: {v - 1} is safe, {v} busts."
    ),
    "total.floor": lambda v: (
        "The total may go below zero." if v == "none" else f"The total never goes below {v}."
    ),
    "forced_play.stacking": lambda v: {
        "none": "Forced plays do not stack: a forced player who forces the next passes on "
        "exactly what the card says.",
        "multiply": "Forced plays stack by multiplying: x2 then x2 makes x4.",
        "add": "Forced plays stack by adding: 2 then 2 makes 4.",
    }.get(v, f"Forced plays stack: {v}."),
    "no_safe_play.action": lambda v: {
        "play_lowest": "A player with no safe play must play the card giving the lowest "
        "total, busting, and loses the round; a player who can play no card at all loses "
        "without playing.",
        "lay_down": "A player with no safe play plays nothing, lays the hand down (those "
        "cards leave play) and loses the round.",
    }.get(v, f"With no safe play: {v}."),
    "reshuffle.keep_top_card": lambda v: (
        "When the draw pile runs out, the discard pile but its top card is shuffled into a new "
        "draw pile; the total is kept."
        if v
        else "When the draw pile runs out, the discard pile is shuffled into a new draw pile; "
        "the total is kept."
    ),
    "redraw.card": lambda v: f"Redraw: a player may discard their {v} cards and draw anew.",
    "redraw.count": lambda v: (
        f"The redraw takes {v} of them together and is the turn's play (or one of its plays)."
    ),
    "round.end": lambda v: {
        "first_loss": "The first player to lose ends the round.",
        "last_standing": "Losers drop out and play goes on until one player is left.",
    }.get(v, f"Round end: {v}."),
    "match.scoring": lambda v: {
        "none": "The game is one round: its last player standing wins.",
        "tokens": "Rounds are played for tokens until one player is left.",
        "points": "Rounds are scored in points (lowest is best) until one player is left.",
    }.get(v, f"Scoring: {v}."),
    "match.tokens.count": lambda v: (
        f"Each player starts with {_plural(v, 'token')}; each lost round costs one."
    ),
    "match.tokens.play_on_at_zero": lambda v: (
        "A player with no tokens left plays on, and is out on losing once more."
        if v
        else "A player who loses the last token is out."
    ),
    "match.points.target": lambda v: f"The points target is {v}.",
    "match.points.at_target": lambda v: {
        "out": "A player who reaches the target is out; the last player left wins.",
        "end": "The game ends when anyone reaches the target: the lowest score wins, and "
        "players tied for it play on.",
    }.get(v, f"At the target: {v}."),
    "match.points.bust": lambda v: f"Each player who lost the round scores {v} more.",
    "match.points.stuck_is_bust": lambda v: (
        "That includes a player who lost without being able to play."
        if v
        else "A player who lost without being able to play does not."
    ),
    "match.points.missing_card": lambda v: (
        f"Each card a hand is short of its size scores {v}; cards left in hand score their points."
    ),
}

_SECTIONS = (
    ("Players", ("players.",)),
    ("The deal", ("deck.", "deal.")),
    ("The total", ("total.",)),
    ("Forced plays", ("forced_play.",)),
    ("When a player cannot play safely", ("no_safe_play.", "redraw.")),
    ("The draw pile", ("reshuffle.",)),
    ("Rounds and the game", ("round.", "match.scoring")),
    ("Tokens", ("match.tokens.",)),
    ("Points", ("match.points.",)),
)


def _flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Leaf key paths of plain data: ``("cards.reverse.effects[1].type", "deflect")``."""
    if isinstance(data, dict):
        if not data and prefix:
            yield prefix, {}
        for key, value in data.items():
            yield from _flatten(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(data, list):
        if not data:
            yield prefix, []
        for index, value in enumerate(data):
            yield from _flatten(value, f"{prefix}[{index}]")
    else:
        yield prefix, data


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(not set)"
    if isinstance(value, str):
        return value
    return json.dumps(value)


_MISSING = object()


def rulebook(variant: Variant | str) -> str:
    """The variant's rules in words: every setting, then every card.

    Generated from the resolved variant (inheritance and house rules applied):
    settings from their values, cards from their rule objects' ``describe()``.
    The text is plain and also valid reStructuredText.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.

    Raises:
        VariantError: If the variant cannot be loaded.

    >>> import ono99
    >>> text = ono99.rulebook("ono99-2022")
    >>> print(text.splitlines()[0])
    ONO 99 (Mattel, 2022)
    >>> "- Reverse (10 cards, 15 points): reverses the direction of play" in text
    True
    """
    if isinstance(variant, str):
        variant = load_variant(variant)
    data = unstructure_variant(variant)
    settings = {
        key: value
        for key, value in _flatten({k: v for k, v in data.items() if k != "cards"})
        if _top(key) not in _NOT_RULES
    }
    if variant.redraw is not None and variant.redraw.card in {c.id for c in variant.cards}:
        settings["redraw.card"] = variant.card(variant.redraw.card).name
    # Token and point settings only matter under their scoring.
    unused = {"tokens": ("Points",), "points": ("Tokens",), "none": ("Tokens", "Points")}
    skip = unused.get(variant.match.scoring, ())
    lines = _heading(variant.name, "=")
    if variant.description:
        lines += [_wrap(variant.description), ""]
    if variant.source:
        lines += [f"Source: {variant.source.rstrip('.')}.", ""]
    lines += [f"Variant id: ``{variant.id}``.", ""]
    done: set[str] = set()
    for title, prefixes in _SECTIONS:
        keys = [k for k in settings if k.startswith(prefixes) and k in _SETTINGS]
        done.update(keys)
        if not keys or title in skip:
            continue
        lines += _heading(title, "-")
        lines += [_wrap(" ".join(_SETTINGS[k](settings[k]) for k in keys)), ""]
    others = [k for k in settings if k not in done]
    if others:
        lines += _heading("Other settings", "-")
        lines += [f"- ``{k}`` = {_show(settings[k])}" for k in others] + [""]
    lines += _heading(f"The cards ({variant.deck_size} in all)", "-")
    lines += [_wrap(_card_line(card), indent="  ") for card in variant.cards]
    return "\n".join(lines) + "\n"


def diff_variants(a: Variant | str, b: Variant | str) -> list[tuple[str, str, str]]:
    """Every rule that differs between two variants, by TOML key path.

    Compares the resolved variants' plain data leaf by leaf, names and
    descriptions aside. A key one variant lacks shows as ``(not set)``.

    Returns:
        ``(key path, value in a, value in b)`` triples, values as text, in
        the order of ``a``'s keys, then ``b``'s.

    >>> import ono99
    >>> for row in ono99.diff_variants("ono99-1980", "ono99-1980-points"):
    ...     print(row)
    ('match.scoring', 'tokens', 'points')
    """
    if isinstance(a, str):
        a = load_variant(a)
    if isinstance(b, str):
        b = load_variant(b)

    def leaves(variant: Variant) -> dict[str, Any]:
        data = unstructure_variant(variant)
        return {
            key: value
            for key, value in _flatten(data)
            if _top(key) not in _NOT_RULES and not _is_card_text(key)
        }

    left, right = leaves(a), leaves(b)
    for one, other, variant in ((left, right, a), (right, left, b)):
        for card in variant.cards:
            if f"cards.{card.id}.count" not in other:
                for key in [k for k in one if k.startswith(f"cards.{card.id}.")]:
                    del one[key]
                one[f"cards.{card.id}"] = _card_line(card)[2:]
    rows = []
    for key in dict.fromkeys([*left, *right]):
        x, y = left.get(key, _MISSING), right.get(key, _MISSING)
        if x != y or type(x) is not type(y):
            rows.append((key, _show(x), _show(y)))
    return rows


def _top(key: str) -> str:
    """The top-level key of a key path."""
    return re.split(r"[.\[]", key, maxsplit=1)[0]


def _is_card_text(key: str) -> bool:
    parts = key.split(".")
    return len(parts) == 3 and parts[0] == "cards" and parts[2] == "text"
