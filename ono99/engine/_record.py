"""A game's record: everything needed to replay it, and its check."""

from __future__ import annotations

from attrs import frozen

from ono99._args import is_int, is_list, shown
from ono99._errors import ReplayError

from ._moves import Move

__all__ = ["GameRecord", "check_record"]


def check_record(record: GameRecord) -> None:
    """Refuse a record whose fields have the wrong types (it may have been built by hand)."""
    problems = [
        f"{name}: expected {expected}, got {shown(getattr(record, name))}"
        for name, test, expected in (
            ("variant", lambda v: isinstance(v, str), "a variant id"),
            ("fingerprint", lambda v: isinstance(v, str), "a fingerprint (a str)"),
            ("players", is_int, "a whole number"),
            ("seed", is_int, "a whole number"),
            ("deck", lambda v: v is None or is_list(v), "None or a list of card ids"),
            ("moves", is_list, "a list of moves"),
        )
        if not test(getattr(record, name))
    ]
    if problems:
        raise ReplayError("the record is not usable: " + "; ".join(problems))


@frozen
class GameRecord:
    """Everything needed to replay a game: its rules, seed, deck and moves.

    Get one from :meth:`Game.record`; :meth:`Game.replay` plays it again to
    the same state. :func:`ono99.to_data` turns it into plain data.

    Attributes:
        variant: The variant's id.
        fingerprint: The content hash of the variant's rules.
        players: How many played.
        seed: The seed of the game's shuffles.
        deck: The explicit first deck order, if one was given.
        moves: The moves, in order.

    >>> import ono99
    >>> game = ono99.Game("ono99-1980", players=3, seed=42)
    >>> _ = game.play(ono99.Play("10"))
    >>> record = game.record()
    >>> record.seed, record.moves
    (42, (Play(card='10'),))
    >>> ono99.Game.replay(record).total
    10
    """

    variant: str
    fingerprint: str
    players: int
    seed: int
    deck: tuple[str, ...] | None
    moves: tuple[Move, ...]
