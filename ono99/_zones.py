"""Zones: the named places the cards of a round lie in, each with an owner and a visibility.

Every card of a round is in one zone: the stock, the pile, a hand, the
starter, out of play, or a zone the variant declares (``[zones.<name>]``).
What a zone is, who owns it and who sees its cards are data, here; what a
seat sees of the table, a copy of a round, a game's state and a rebuilt
position read them (``ono99.engine``), so that a zone a variant declares
reaches all of them with no other change.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from attrs import frozen

__all__ = [
    "BUILT_IN_ZONES",
    "LAID_AWAY",
    "OWNERS",
    "VISIBILITIES",
    "Owner",
    "RecordZone",
    "Visibility",
    "Zone",
]

Owner: TypeAlias = Literal["nobody", "seat", "dealer", "team"]
"""Who a zone belongs to: nobody; each seat (a zone a seat, as the hands); the
round's dealer; each partnership (a zone a team, a seat alone being its own
team where nobody plays in partnership)."""

Visibility: TypeAlias = Literal["everyone", "owner", "size", "nobody", "show"]
"""Who sees a zone's cards: everyone; its owner alone (the others its size);
everyone its size alone; nobody, not even its size; its size until the show,
which scores its cards (as the hands as dealt)."""

OWNERS: tuple[Owner, ...] = ("nobody", "seat", "dealer", "team")
"""Every :data:`Owner`, in the order the docs list them."""

VISIBILITIES: tuple[Visibility, ...] = ("everyone", "owner", "size", "nobody", "show")
"""Every :data:`Visibility`, in the order the docs list them."""


@frozen
class Zone:
    """A named place cards lie in during a round: who owns it, and who sees its cards.

    A variant declares a zone of its own with a table of its file
    (the zone's name is the table's)::

        [zones.crib]
        owner = "dealer"
        visibility = "show"

    A zone a variant declares starts each round empty; the cards a rule puts
    there are shown to each seat as its visibility says, in
    :attr:`ono99.Observation.zones` and the observation vector, kept in a
    copy of the game and its state, and placed by
    :meth:`ono99.Game.from_position` (``zones=``).

    Attributes:
        name: The zone's name (a bare TOML key).
        owner: Who it belongs to: ``"nobody"``, ``"dealer"``,
            ``"seat"`` (a zone of that name for each seat) or ``"team"`` (one
            for each partnership).
        visibility: Who sees its cards: ``"everyone"``,
            ``"owner"`` (the others see its size), ``"size"`` (everyone sees its
            size alone), ``"nobody"`` (not even its size) or ``"show"`` (its
            size until the show).

    >>> from ono99 import Zone
    >>> Zone("crib", owner="dealer", visibility="show")
    Zone(name='crib', owner='dealer', visibility='show')
    """

    name: str
    owner: Owner = "nobody"
    visibility: Visibility = "size"

    @property
    def records(self) -> str:
        """The zone whose cards this one records, or ``""`` (a zone of cards of its own).

        A record's cards lie in the zone it records too, where they are
        counted: see :class:`RecordZone`.
        """
        return ""

    @property
    def per_owner(self) -> bool:
        """Whether the zone is one of the name for each seat or team (not one for the table)."""
        return self.owner in {"seat", "team"}

    def piles(self, players: int, teams: tuple[tuple[int, ...], ...]) -> int:
        """How many of it a table of ``players`` has: one, or one for each seat or team.

        >>> from ono99 import Zone
        >>> Zone("kitty", owner="team").piles(4, ((0, 2), (1, 3)))
        2
        """
        if self.owner == "seat" or (self.owner == "team" and not teams):
            return players
        if self.owner == "team":
            return len(teams)
        return 1

    def seen_by(
        self,
        owner: int,
        seat: int,
        dealer: int,
        teams: tuple[tuple[int, ...], ...],
        shown: bool = False,
    ) -> int:
        """What ``seat`` sees of the zone's ``owner``-th pile: 2 its cards, 1 its size, 0 nothing.

        Args:
            owner: Which of the zone's piles (the seat's or team's index; 0 for
                a zone of one).
            seat: The seat that looks.
            dealer: The round's dealer.
            teams: The partnerships (empty: each plays alone).
            shown: Whether the round's show has happened: a zone seen
                ``"show"`` shows its cards from then on, its size before.

        >>> from ono99 import Zone
        >>> crib = Zone("crib", owner="dealer", visibility="show")
        >>> crib.seen_by(0, 1, 0, ()), crib.seen_by(0, 1, 0, (), shown=True)
        (1, 2)
        """
        visibility = self.visibility
        if visibility == "everyone" or (shown and visibility == "show"):
            return 2
        if visibility == "nobody":
            return 0
        if visibility != "owner":
            return 1  # "size", and "show" until the show
        if self.owner == "seat" or (self.owner == "team" and not teams):
            mine = owner == seat
        elif self.owner == "team":
            mine = seat in teams[owner]
        else:
            mine = self.owner == "dealer" and seat == dealer
        return 2 if mine else 1

    def describe(self) -> str:
        """The zone in the words of a rulebook.

        >>> from ono99 import Zone
        >>> print(Zone("crib", owner="dealer", visibility="show").describe())
        crib: the dealer's; its size is seen until the show, which shows its cards
        """
        whose = {
            "nobody": "nobody's",
            "seat": "one for each player",
            "dealer": "the dealer's",
            "team": "one for each partnership",
        }[self.owner]
        seen = {
            "everyone": "every player sees its cards",
            "owner": "its owner sees its cards, the others its size",
            "size": "every player sees its size alone",
            "nobody": "nobody sees its cards or its size",
            "show": "its size is seen until the show, which shows its cards",
        }[self.visibility]
        return f"{self.name}: {whose}; {seen}"


@frozen
class RecordZone(Zone):
    """A zone that records which of another zone's cards each of its owners put there.

    Its cards lie in the zone it records too (:attr:`of`), and are counted
    there alone: no card is in a record alone. So what a seat knows of a pile
    it does not see, because it put the cards there, is a zone of the table
    like any other: seen as its visibility says, kept in a copy and a game's
    state, placed by :meth:`ono99.Game.from_position` (``zones=``), and left
    as it is when the cards a seat cannot see are dealt again.

    The engine makes one for a variant that lays cards away
    (``deal.put_aside``): :data:`LAID_AWAY`, a pile for each seat that only
    its owner sees, recording the cards it laid away into the crib this round
    ("each player looks at their six cards and 'lays away' two of them face
    down", Bicycle Cards, Cribbage: face down to the others, known to the one
    who laid them away).

    Attributes:
        of: The name of the zone recorded (one pile: the crib).

    >>> from ono99 import RecordZone
    >>> zone = RecordZone("laid_away", owner="seat", visibility="owner", of="crib")
    >>> zone.records, zone.seen_by(1, 1, 0, ()), zone.seen_by(0, 1, 0, ())
    ('crib', 2, 1)
    """

    of: str = ""

    @property
    def records(self) -> str:
        """The zone whose cards this one records (:attr:`of`)."""
        return self.of


LAID_AWAY = "laid_away"
"""The name of the record of the cards each seat laid away this round (a
:class:`RecordZone` the engine adds to a variant that lays cards away); no
zone a variant declares takes it."""


BUILT_IN_ZONES: tuple[Zone, ...] = (
    Zone("stock", "nobody", "size"),
    Zone("pile", "nobody", "everyone"),
    Zone("hand", "seat", "owner"),
    Zone("starter", "nobody", "everyone"),
    Zone("out_of_play", "nobody", "everyone"),
    Zone("dealt", "seat", "show"),
)
"""The zones of every variant: the stock (the draw pile), the pile (the cards
played), each seat's hand, the starter turned up at the deal (``deal.starter``),
the cards out of play (hands laid down, the starter) and the hands as dealt,
which the show scores. A zone a variant declares takes none of these names."""
