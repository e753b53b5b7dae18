"""Phases: what happens when in a round, one object a step.

A round is a sequence of phases the variant lists (``[round] phases``): the
deal, the starter turned up, the show, the play, the settling of the round.
Each phase is a frozen attrs class whose docstring quotes the rule it stands
for; it has its own :meth:`Phase.begin`, its own legal moves and its own
reasons, in words, against any other move. A phase with no moves does its work
as it begins and the next one begins at once; the round waits in a phase with
moves (the play) until it ends. An *interrupt* phase (a reaction out of turn)
is opened over the phase in progress by a card, and closed when it is
answered or declined: it is never listed.

The engine asks the phase in progress (``ono99.engine``); what a phase may be
handed and may call is the engine's state, the same the rule objects read
through their table. The classes register by their TOML name
(:func:`phase_type`), so that a variant file lists them by name; a class
states only what differs from :class:`Phase`'s neutral defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen

from ono99._limits import MAX_PLAYERS

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Phase",
    "default_phases",
    "lays_away",
    "phase_order_problem",
    "phase_type",
    "phase_types",
]


@frozen
class Phase:
    """A step of a round: its begin, its legal moves, why another move is not one, its end.

    The neutral phase: it has no moves and does nothing, so that a phase
    states only what differs. A phase with no moves (:attr:`moves` false)
    does its work in :meth:`begin`; one with moves is where the round waits
    for its players until something ends it (the play ends when the round's
    end is found, and :meth:`end` is asked then).

    ``game`` is the engine's state: the round (``game.r``), the seat to move
    (``game.current``), the compiled rules (``game.rules``) and the engine's
    methods (``game.emit``, ``game.draw_cards``, ...). A phase with moves of
    its own (not the play, which ends with the round) says when it is over
    by calling ``game.end_phase()``, from :meth:`moved` once its last move
    is made: the phases after it begin. Its moves are listed and checked by
    the engine through :meth:`legal` and :meth:`why_illegal`, and each is
    played by :meth:`apply`, then the end of a move every phase shares.

    A phase of its own registers under its TOML name, and a variant then
    lists it in ``[round] phases``:

    >>> from attrs import frozen
    >>> import ono99
    >>> @ono99.phase_type
    ... @frozen
    ... class Announce(ono99.Phase):
    ...     '''"Before the play the dealer says 'cards up'" (a house rule).'''
    ...
    ...     name = "announce"
    ...
    ...     def begin(self, game: object) -> None:
    ...         pass  # a phase with no moves: its work is done as it begins
    >>> "announce" in ono99.phase_types()
    True

    Attributes:
        name: Its name in ``[round] phases``.
        moves: Whether the round waits in it for moves (the play does).
        interrupt: Whether it is opened over the phase in progress by a card,
            rather than listed (a reaction out of turn).
        needs_observation: Whether a player decides its moves in it from an
            observation: one that picks from the legal moves and the total
            alone (a quick player) is handed the observation instead, as
            where the moves are ways of laying cards away, whose worth those
            do not tell.
        required: Whether every round has it (the deal, the play, settling).
        after: The phases that, when listed, come before it.
        before: The phases that, when listed, come after it.
    """

    name: ClassVar[str] = ""
    moves: ClassVar[bool] = False
    interrupt: ClassVar[bool] = False
    needs_observation: ClassVar[bool] = False
    required: ClassVar[bool] = False
    after: ClassVar[frozenset[str]] = frozenset({"deal"})
    before: ClassVar[frozenset[str]] = frozenset({"settle"})

    def begin(self, game: Any) -> None:
        """The phase starts: a phase with no moves does all its work here."""

    def legal(self, game: Any) -> tuple[Any, ...]:  # noqa: ARG002 - neutral: no moves
        """The legal moves of the seat to move (none: a phase with no moves)."""
        return ()

    def why_illegal(self, game: Any, move: object) -> str | None:  # noqa: ARG002 - neutral
        """Why ``move`` is not legal now, in words; ``None`` if it is."""
        return f"no move is made while the round is in its {self.name or 'current'} phase"

    def apply(self, game: Any, move: Any) -> None:
        """Play ``move``, found legal: the phase's part of it (the engine ends the move)."""

    def moved(self, game: Any, going_on: bool) -> None:
        """After a move's end is settled; ``going_on``: it ended neither round nor game."""

    def end(self, game: Any) -> None:
        """The phase ends (the play: the round's end was found)."""


_PHASES: dict[str, type[Phase]] = {}


def phase_type(cls: type[Phase]) -> type[Phase]:
    """Register ``cls`` under its :attr:`Phase.name`, for ``[round] phases`` (a decorator).

    Raises:
        ValueError: If the class has no name, or a class of another name has
            taken it (a class of the same name, defined again, replaces it).
    """
    name = cls.name
    if not name:
        raise ValueError(f"{cls.__qualname__} has no name: set Phase.name")
    taken = _PHASES.get(name)
    # The same class defined again (a module reloaded, a cell or an example run
    # again, its module named otherwise) replaces the one registered.
    redefined = taken is not None and taken.__qualname__ == cls.__qualname__
    if taken is not None and taken is not cls and not redefined:
        raise ValueError(f"a phase named {name!r} is registered already ({taken.__qualname__})")
    _PHASES[name] = cls
    return cls


def phase_types() -> dict[str, type[Phase]]:
    """Every registered phase class by its name (the engine's own, and any registered)."""
    return dict(_PHASES)


def default_phases(starter: bool, show: str, put_aside: bool = False) -> tuple[str, ...]:
    """The phases of a round that lists none, as ``deal.starter`` and ``deal.show`` say.

    The deal; the cards laid away into the crib, if any (``deal.put_aside``);
    the starter turned up, if any; the show at the deal; the play; the show
    at the round's end; settling the round.
    """
    return (
        "deal",
        *(("put_aside",) if put_aside else ()),
        *(("turn_up",) if starter else ()),
        *(("show",) if show == "at_deal" else ()),
        "play",
        *(("show",) if show == "at_round_end" else ()),
        "settle",
    )


def lays_away(variant: Any) -> bool:
    """Whether a round of ``variant`` (a :class:`~ono99.Variant`) has the put-aside phase.

    The phases it lists, or, listing none, the settings that call for it:
    cards laid away from each hand (``deal.put_aside``) or given from the
    stock (``deal.from_stock``) at some number of players.
    """
    listed = variant.round.phases
    if listed:
        return "put_aside" in listed
    deal = variant.deal
    # Each count a table may seat (a players.max beyond the bound is refused at load).
    counts = range(variant.players.min, min(variant.players.max, MAX_PLAYERS) + 1)
    return any(deal.put_aside_for(n) or deal.from_stock_for(n) for n in counts)


def phase_order_problem(names: Sequence[str], starter: bool, show: str) -> str | None:
    """What is wrong with ``names`` as a round's phases, in words; ``None`` if nothing.

    Each name is a registered phase, listed once, no interrupt; every
    required phase is there; each comes after its :attr:`Phase.after` and
    before its :attr:`Phase.before`; and the list agrees with the settings
    that say whether there is a starter (``deal.starter``) and when the show
    is (``deal.show``).
    """
    known = phase_types()
    for name in names:
        cls = known.get(name)
        if cls is None:
            listed = ", ".join(sorted(n for n, c in known.items() if not c.interrupt))
            return f"there is no phase {name!r} (the phases: {listed})"
        if cls.interrupt:
            return f"{name} is opened by a card over the phase in progress: it is never listed"
        if list(names).count(name) > 1:
            return f"{name} is listed more than once"
    for name, cls in sorted(known.items()):
        if cls.required and name not in names:
            return f"every round has the phase {name}: list it"
    at = {name: i for i, name in enumerate(names)}
    for name in names:
        cls = known[name]
        for first in sorted(cls.after & at.keys()):
            if at[first] > at[name]:
                return f"{name} must come after {first}"
        for then in sorted(cls.before & at.keys()):
            if at[then] < at[name]:
                return f"{name} must come before {then}"
    if starter != ("turn_up" in at):
        return (
            "turn_up is listed, but deal.starter is false"
            if not starter
            else "deal.starter is true: list turn_up, which turns the starter up"
        )
    if show == "none" and "show" in at:
        return 'show is listed, but deal.show is "none"'
    if show != "none":
        if "show" not in at:
            return f'deal.show is "{show}": list show'
        if (at["show"] < at["play"]) != (show == "at_deal"):
            place = "before" if show == "at_deal" else "after"
            return f'deal.show is "{show}": show must come {place} play'
    return None
