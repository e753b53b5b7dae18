"""Two rule objects that reach into hands, for the "Seven-O" house rule of UNO.

"7: the player who plays it must trade hands with another player of their
choice. 0: all players pass their hands to the next player in the direction
of play" (the "Seven-O" house rule printed with Mattel's UNO rules).

Each class follows :class:`ono99.rules.Effect`: a frozen attrs class whose
fields are its TOML settings, with every member of the protocol written out.
The package registers them through the ``ono99.rules`` entry-point group (see
``pyproject.toml``), so a variant file names them by ``type`` like any rule
the library ships::

    [cards.7]
    effects = [{ type = "add", amount = 7 }, { type = "swap_hands" }]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen

if TYPE_CHECKING:
    from ono99.rules import CardInfo, Table

__all__ = ["PassHands", "SwapHands"]


@frozen
class SwapHands:
    """Swap hands with a player of your choice.

    Rule: "7: the player who plays it must trade hands with another player of
    their choice" (UNO, "Seven-O" house rule). The move names the player:
    ``Play("7", target=2)``. The card is played before the swap, so the player
    hands over the rest of their hand and draws up to the hand size after.

    Attributes:
        include_self: Whether the player may name themselves (and so keep
            their hand).
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "swap_hands"
    changes_total: ClassVar[bool] = False
    adds_to_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = True
    forces_plays: ClassVar[int] = 0
    include_self: bool = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Swap the player's hand with the named player's, and say so."""
        target = table.target
        if target is None or target == table.player:
            return
        table.swap_hands(table.player, target)
        table.tell(self.type, f"swaps hands with player {target}", (table.player, target))

    def targets(self, table: Table) -> list[int]:
        """The other players still in the round (and the player, with ``include_self``)."""
        seats = table.seats_in_round()
        return sorted(s for s in seats if self.include_self or s != table.player)

    def problems(self) -> list[tuple[str, str]]:
        """No setting can be out of range."""
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Any bust limit and floor will do."""
        return []

    def referenced_cards(self) -> list[tuple[str, str]]:
        """It names no card."""
        return []

    def describe(self) -> str:
        """The effect in words, for the rulebook."""
        return "swaps hands with a player of their choice"


@frozen
class PassHands:
    """Every player in the round passes their hand to the next player.

    Rule: "0: all players pass their hands to the next player in the direction
    of play" (UNO, "Seven-O" house rule). The card is played first, so the
    player passes on the rest of their hand.

    Attributes:
        against_play: Pass against the direction of play instead.
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "pass_hands"
    changes_total: ClassVar[bool] = False
    adds_to_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    against_play: bool = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Rotate the hands one seat on, by swapping the player's with each in turn."""
        seats = table.seats_in_round()
        if self.against_play:
            seats = [seats[0], *reversed(seats[1:])]
        # Swapping the first seat's hand with each other seat's in order moves
        # every hand one seat on along ``seats``.
        for seat in seats[1:]:
            table.swap_hands(seats[0], seat)
        if len(seats) > 1:
            table.tell(self.type, "every player passes their hand on", tuple(seats))

    def targets(self, table: Table) -> list[int]:
        """It names no player."""
        return []

    def problems(self) -> list[tuple[str, str]]:
        """No setting can be out of range."""
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Any bust limit and floor will do."""
        return []

    def referenced_cards(self) -> list[tuple[str, str]]:
        """It names no card."""
        return []

    def describe(self) -> str:
        """The effect in words, for the rulebook."""
        way = "against" if self.against_play else "in"
        return f"makes every player pass their hand to the next, {way} the direction of play"
