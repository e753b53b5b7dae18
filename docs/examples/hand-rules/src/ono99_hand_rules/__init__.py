"""Rule objects that reach into hands: the "Seven-O" house rule of UNO, and a blind draw.

"7: the player who plays it must trade hands with another player of their
choice. 0: all players pass their hands to the next player in the direction
of play" (the "Seven-O" house rule printed with Mattel's UNO rules). And a
card that takes a card unseen from the next player's hand, as each player
does in Old Maid.

Each class is a frozen attrs class whose fields are its TOML settings; it
inherits the neutral answers of :class:`ono99.rules.BaseEffect` and states
only what differs: what follows from its methods it does not state (writing
``apply``, it acts; writing ``targets``, a move names a player). The package
registers them through the ``ono99.rules`` entry-point group (see
``pyproject.toml``), so a variant file names them by ``type`` like any rule
the library ships::

    [cards.7]
    effects = [{ type = "add", amount = 7 }, { type = "swap_hands" }]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from ono99.rules import BaseEffect

if TYPE_CHECKING:
    from ono99.rules import CardInfo, Table

__all__ = ["PassHands", "SwapHands", "TakeUnseen"]


@frozen
class SwapHands(BaseEffect):
    """Swap hands with a player of your choice.

    Rule: "7: the player who plays it must trade hands with another player of
    their choice" (UNO, "Seven-O" house rule). The move names the player:
    ``Play("7", target=2)``. The card is played before the swap, so the player
    hands over the rest of their hand and draws up to the hand size after.

    Attributes:
        include_self: Whether the player may name themselves (and so keep
            their hand).
    """

    type = "swap_hands"
    changes_hands = True
    include_self: bool = False

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

    def describe(self) -> str:
        """The effect in words, for the rulebook."""
        return "swaps hands with a player of their choice"


@frozen
class PassHands(BaseEffect):
    """Every player in the round passes their hand to the next player.

    Rule: "0: all players pass their hands to the next player in the direction
    of play" (UNO, "Seven-O" house rule). The card is played first, so the
    player passes on the rest of their hand.

    Attributes:
        against_play: Pass against the direction of play instead.
    """

    type = "pass_hands"
    changes_hands = True
    against_play: bool = False

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

    def describe(self) -> str:
        """The effect in words, for the rulebook."""
        way = "against" if self.against_play else "in"
        return f"makes every player pass their hand to the next, {way} the direction of play"


@frozen
class TakeUnseen(BaseEffect):
    """Take a card, unseen, from the next player's hand.

    Rule: "each player in turn draws a card from the hand of the player to
    the left, without seeing it" (Old Maid, as card-game books state it). The
    card is chosen at random with the game's own generator
    (:attr:`ono99.rules.Table.rng`), so the game's seed reproduces it. The
    card taken stands in for the card the player would draw after playing:
    the player then holds the hand size exactly, and the player it was taken
    from one card fewer, until that player draws.

    Attributes:
        cards: How many cards to take.
    """

    type = "take_unseen"
    changes_hands = True
    cards: int = 1

    def apply(self, table: Table, card: CardInfo) -> None:
        """Take ``cards`` cards at random from the next player in the round."""
        player = table.player
        other = table.next_seat(player)
        for _ in range(self.cards):
            held = table.hand(other)
            if other == player or not held:
                return
            # Sorted first: which card comes out depends only on the generator.
            table.give_card(other, player, table.rng.choice(sorted(held)))

    def problems(self) -> list[tuple[str, str]]:
        """A count below 1."""
        return [] if self.cards >= 1 else [("cards", f"expected 1 or more, got {self.cards}")]

    def describe(self) -> str:
        """The effect in words, for the rulebook."""
        what = "a card" if self.cards == 1 else f"{self.cards} cards"
        return f"takes {what}, unseen, from the next player's hand"
