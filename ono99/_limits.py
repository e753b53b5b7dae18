"""The most of each thing a file, a record or a caller may ask for.

Every count a variant file can set is bounded by what a game can use, so that
a typo (``players = 1000000000000``) is an error naming the bound rather than
a game whose every move takes seconds; and what the loader reads, and what a
message repeats, is bounded too.
"""

from __future__ import annotations

__all__ = [
    "MAX_CARD_RULES",
    "MAX_CHOICES",
    "MAX_DECK_SIZE",
    "MAX_DECLARATIONS",
    "MAX_DEPTH",
    "MAX_ECHO",
    "MAX_EXTENDS",
    "MAX_FILE_BYTES",
    "MAX_GAMES",
    "MAX_HAND_SIZE",
    "MAX_KINDS",
    "MAX_PLAYERS",
    "MAX_POINTS_TARGET",
    "MAX_RANGE",
    "MAX_RULES",
    "MAX_SHOW_ASKS",
    "MAX_SHOW_SCORES",
    "MAX_SKIP",
    "MAX_TOKENS",
    "MAX_TOTAL",
    "MAX_TRIGGERS",
    "clip",
]

MAX_DECK_SIZE = 10_000
"""The most cards a deck may hold: far more than any card game needs, few enough
that a typo such as ``count = 1000000000`` is an error rather than a game that
cannot be dealt."""

MAX_PLAYERS = 100
"""The most players at one table (``players.max``)."""

MAX_HAND_SIZE = 100
"""The most cards a hand is dealt (``deal.hand_size``)."""

MAX_CHOICES = 201
"""The most amounts a card may offer to choose from: any effect's ``choices``, shipped
(``add_choice``'s ``amounts``) or a plugin's; any value from -100 to +100, say, written
as the range ``{ from = -100, to = 100 }``."""

MAX_RANGE = MAX_CHOICES
"""The most integers a range (``{ from = a, to = b }``, in place of an array of
integers) may hold."""

MAX_DECLARATIONS = 64
"""The most things a card's declaration may offer (``Declare``): every rank of a deck."""

MAX_SKIP = MAX_PLAYERS
"""The most players one card may skip (``skip`` ``players``)."""

MAX_TOKENS = 100
"""The most tokens a player may start with (``match.tokens.count``)."""

MAX_POINTS_TARGET = 100_000
"""The highest points target (``match.points.target``)."""

MAX_TOTAL = 10**18
"""The furthest from 0 a total may go. A play that would take the total
further leaves it at ``-MAX_TOTAL`` or ``MAX_TOTAL`` (as a floor would), so that
no rule (a ``multiply`` by a large factor of a negative total, say) makes a
number that grows without end; the plays owed, and a player's tokens and
points, never exceed it either. A variant's ``total`` settings must lie within
it. (Under 2**62: the compiled engine keeps every number a machine word.)"""

MAX_TRIGGERS = 100
"""The most ``[[triggers]]`` a variant may have: the engine asks each trigger
fired by a play whether it fires after every card played."""

MAX_SHOW_SCORES = 1_000
"""The most times one trigger scores one hand at the show (a hand of many cards
could make more fifteens than a game could count): more are counted as this many."""

MAX_SHOW_ASKS = 100
"""The most scorings of a hand by a trigger at one show: ``players.max`` times the
triggers that score at the show (``deal.show``), each asked of every hand at every
deal. With :data:`MAX_SHOW_SCORES`, a deal's show fires its triggers at most
100,000 times, and takes well under a second."""

MAX_KINDS = 1_000
"""The most kinds of card (``[cards.<id>]`` tables, and the cards a
``[standard_deck]`` makes) a variant may have, a house rule add or change; a
kind of card that is not in the deck (``count = 0``) counts too. (The shipped
variants have at most 16; a standard deck told apart by suit, 54.)"""

MAX_CARD_RULES = 20
"""The most effects and conditions one card may have together, counting the
effects a ``when`` holds (the shipped cards have at most 3): the engine asks each
of them at every play of the card."""

MAX_RULES = 1_000
"""The most rule objects a variant may have in all: every card's effects and
conditions (as :data:`MAX_CARD_RULES` counts them) and every trigger with its
outcomes (the shipped variants have at most 40). What ``ono99 validate`` works
out of a variant grows with them."""

MAX_GAMES = 100_000_000
"""The most games one simulation plays."""

MAX_FILE_BYTES = 1_000_000
"""The largest variant or house-rule file the loader reads (shipped ones are under 20 kB)."""

MAX_DEPTH = 20
"""The deepest nesting of tables and arrays in a file or in data read back."""

MAX_EXTENDS = 32
"""The longest chain of files each extending the next."""

MAX_ECHO = 60
"""The most characters of a value a message repeats."""


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text``, cut to ``limit`` characters with a note of how much was left out.

    >>> clip("x" * 100, 10)
    'xxxxxxxxxx... (90 more characters)'
    >>> clip("short")
    'short'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"
