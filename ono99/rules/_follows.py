"""What follows from what a rule class writes, and what it may not state against it.

A declaration that pairs with a method follows from the class, worked out
when the class is made (:func:`settle`, which each neutral base calls): an
effect that writes ``apply`` acts, one that writes ``total_after`` changes the
total (the pairs are in :data:`FOLLOWS`; a trigger that writes ``fires`` or
``fires_on`` and names no moment is asked after each play, and an outcome
that wins the round ends it). A declaration that contradicts what the class
writes (``acts = False`` beside an ``apply``, ``acts = True`` with none, or
one of :data:`NEEDS` without its method) is refused with
:class:`~ono99.PluginError`, as is a method the engine asks only for a
declaration the class does not state (``declarations`` without
``declares``: :data:`ASKS`), so no rule class can write a method the engine
never calls. A property that answers without its object (``return False``)
states that answer whatever the settings, and is held to it. A class of no
base, which writes every member itself, is held to the same
(:func:`unasked`): a method it writes while its declaration says the engine
never asks it may only return, a placeholder.
"""

from __future__ import annotations

import dis
import inspect
from typing import TYPE_CHECKING, Any

from ono99._errors import PluginError

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

__all__ = [
    "ASKS",
    "FOLLOWS",
    "MOMENTS",
    "NEEDS",
    "placeholder",
    "settle",
    "unasked",
    "work_out",
    "writes",
]

FOLLOWS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "effect": (
        ("changes_total", "total_after"),
        ("acts", "apply"),
        ("chooses_player", "targets"),
        ("reads_table", "total_on"),
    ),
    "condition": (),
    "trigger": (("reads_table", "fires_on"),),
    "outcome": (),
}
"""Per kind, the ``(declaration, method)`` pairs: the declaration is true when the class
writes the method, and the engine asks the method only when the declaration is true."""

NEEDS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "effect": (
        ("adds_to_total", "total_after"),
        ("choices", "total_after"),  # the chosen amount reaches total_after only
        ("changes_hands", "apply"),
        ("answers_forced_plays", "apply"),
        ("forces_plays", "apply"),
        ("declares", "declarations"),
        ("opens_reactions", "apply"),
    ),
    "condition": (("reads_card", "allows_card"),),
    "trigger": (("reads_announcement", "fires_on"),),  # what was said is on the table
    "outcome": (),
}
"""Per kind, the ``(declaration, method)`` pairs where a true declaration needs the
method: what it declares, only that method can do."""

ASKS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "effect": (("declares", "declarations"),),
    "condition": (),
    "trigger": (("on_show", "times_on"),),
    "outcome": (),
}
"""Per kind, the ``(declaration, method)`` pairs beside :data:`FOLLOWS` where the engine
asks the method only when the declaration is true, and the declaration cannot follow from
the method (it says more than that the method is written): a class that writes the method
states the declaration."""

# What a class states to have the engine ask the method of an ASKS pair.
_TO_STATE: Mapping[str, str] = {
    "declares": 'declares = "suit", "colour" or "rank" (what a move playing the card names)',
}

MOMENTS = ("after_play", "on_loss", "on_round_end", "on_count_end", "on_show", "on_turn_up")
"""A trigger's moments: when the engine asks it (at least one is true of every trigger)."""

_UNSTATED: Any = object()


def writes(cls: type, base: type, method: str) -> bool:
    """Whether ``cls`` writes ``method`` (or inherits it from a class other than ``base``)."""
    return inspect.getattr_static(cls, method, None) is not inspect.getattr_static(
        base, method, None
    )


def _answer(value: Any) -> Any:
    """A stated value; a property that answers without its object, as its answer.

    Such a property (``return False``) says the same whatever the settings: it
    is held to its answer as a plain value is. One that reads its object is
    worked out from the settings, and stays a property.
    """
    if isinstance(value, property) and value.fget is not None:
        try:
            return value.fget(None)
        except Exception:  # it reads its object (the settings): each object answers
            return value
    return value


def _stated(cls: type, base: type, name: str) -> Any:
    """The value a class below ``base`` states for ``name``; ``_UNSTATED`` for none.

    A value that followed from a class's methods (its ``_follows``) is not stated.
    """
    for klass in cls.__mro__:
        if klass is base:
            break
        own = vars(klass)
        if name in own and name not in own.get("_follows", ()):
            return _answer(own[name])
    return _UNSTATED


def _never_asked(declaration: str, method: str, value: Any, instead: str = "") -> str:
    """The fault of a class that writes ``method`` while ``declaration`` keeps it unasked.

    ``instead``: what else the class may write (by default: leave the method out).
    """
    if value is _UNSTATED:
        said = f"states no {declaration}"
    else:
        said = f"states {declaration} = {value!r}"
    state = _TO_STATE.get(declaration, f"{declaration} = True")
    return (
        f"it writes {method}() but {said}, so {method}() would never be called: "
        f"state {state}, or {instead or f'leave {method}() out'}"
    )


def work_out(
    cls: type, base: type, *, ignore: Collection[str] = ()
) -> tuple[dict[str, bool], list[str]]:
    """What follows from what ``cls`` writes, and what it states that contradicts it.

    Args:
        cls: A class inheriting ``base``, one of the four neutral bases.
        base: Its base.
        ignore: Declarations to take as unstated (to ask whether one a class
            states would follow anyway).

    Returns:
        The declarations that follow and the class does not state, with their
        values; and each contradiction, in words.

    A declaration worked out by a property (from the settings) is left to the
    check of each object (``vet``).
    """
    kind: str = getattr(base, "kind")  # noqa: B009 (each base's own kind)

    def stated(name: str) -> Any:
        return _UNSTATED if name in ignore else _stated(cls, base, name)

    def has(method: str) -> bool:
        return writes(cls, base, method)

    values: dict[str, bool] = {}
    faults: list[str] = []
    for declaration, method in FOLLOWS[kind]:
        value = stated(declaration)
        if value is _UNSTATED:
            if has(method):
                values[declaration] = True
        elif not isinstance(value, bool):
            continue  # a property (worked out from the settings), or of a wrong type: vet's
        elif value and not has(method):
            faults.append(
                f"it states {declaration} = {value!r} but writes no {method}(): write "
                f"{method}() ({declaration} then follows), or leave {declaration} out"
            )
        elif not value and has(method):
            faults.append(
                f"it writes {method}() but states {declaration} = {value!r}, so {method}() "
                f"would never be called: leave {declaration} out (it follows from {method}())"
            )
    for declaration, method in NEEDS[kind]:
        value = stated(declaration)
        if not isinstance(value, bool | int | tuple | str):
            continue  # unstated, a property, or of a wrong type (which vet names)
        if value and not has(method):
            faults.append(
                f"it states {declaration} = {value!r} but writes no {method}(), "
                f"which alone can do what {declaration} says"
            )
    for declaration, method in ASKS[kind]:
        value = stated(declaration)
        if has(method) and not isinstance(value, property) and (value is _UNSTATED or not value):
            faults.append(_never_asked(declaration, method, value))
    if kind == "effect" and has("total_on") and not has("total_after"):
        faults.append(
            "it writes total_on() but no total_after(): write total_after() too, the "
            "total it makes where no table is known (what the checks of a variant ask)"
        )
    if kind == "trigger":
        _moments(cls, stated, has, values, faults)
    if kind == "outcome":
        wins, ends = stated("wins_round"), stated("ends_round")
        if wins is True and ends is _UNSTATED:
            values["ends_round"] = True
        elif wins is True and ends is False:
            faults.append("it states wins_round = True and ends_round = False: a round won ends")
        if wins is True and stated("loses_round") is True:
            faults.append("it states wins_round = True and loses_round = True: choose one")
    return values, faults


def _moments(
    cls: type,
    stated: Any,
    has: Any,
    values: dict[str, bool],
    faults: list[str],
) -> None:
    """When a trigger is asked: ``after_play`` follows from ``fires`` or ``fires_on``."""
    said = {m: stated(m) for m in MOMENTS}
    on = {m for m, v in said.items() if v is not _UNSTATED and v}
    asks = has("fires") or has("fires_on")
    if asks and not on and said["after_play"] is _UNSTATED:
        values["after_play"] = True
        on.add("after_play")
    elif asks and not on & {"after_play", "on_count_end", "on_show", "on_turn_up"}:
        faults.append(
            "it writes fires() or fires_on(), which are asked only after a play "
            "(after_play), when the count ends (on_count_end), at the show "
            "(on_show) or at the turn-up (on_turn_up), and states none of them"
        )
    if not asks and not on and isinstance(getattr(cls, "type", None), str):
        faults.append(
            "it states no moment (after_play, on_loss, on_round_end, on_count_end, "
            "on_show or on_turn_up) and writes no fires() or fires_on(), so it would "
            "never fire"
        )


def settle(cls: type, base: type) -> None:
    """Set on ``cls`` what follows from what it writes; refuse a contradiction.

    Raises:
        PluginError: Naming the class and each declaration that contradicts it.
    """
    values, faults = work_out(cls, base)
    if faults:
        name = f"{cls.__module__}.{cls.__qualname__}"
        kind = getattr(base, "kind")  # noqa: B009 (each base's own kind)
        raise PluginError(f"the {kind} class {name}: {'; '.join(faults)}")
    for declaration, value in values.items():
        setattr(cls, declaration, value)
    setattr(cls, "_follows", frozenset(values))  # noqa: B010 (a class attribute of each class)


_NO_STEP = frozenset({"RESUME", "NOP", "CACHE", "EXTENDED_ARG", "COPY_FREE_VARS", "MAKE_CELL"})
_LOADS = frozenset({"LOAD_CONST", "LOAD_SMALL_INT", "LOAD_FAST", "LOAD_FAST_BORROW"})
_EMPTY = frozenset({"BUILD_LIST", "BUILD_TUPLE", "BUILD_MAP"})
# What raising an exception by its name (with constant arguments) takes.
_RAISING = _LOADS | {"LOAD_GLOBAL", "PUSH_NULL", "PRECALL", "CALL", "KW_NAMES"}


def placeholder(method: object) -> bool:
    """Whether ``method`` only returns (nothing, a constant, an empty list, an argument) or raises.

    What a class of no base writes for a member of its protocol that it does
    not use (``def apply(self, table, card): pass``, ``return []``, ``return
    total``, ``raise NotImplementedError``).

    >>> def apply(self, table, card):
    ...     "Nothing happens."
    >>> def targets(self, table):
    ...     raise NotImplementedError("no player is named")
    >>> def skip(self, table, card):
    ...     table.skip += 1
    >>> placeholder(apply), placeholder(targets), placeholder(lambda self, total: total)
    (True, True, True)
    >>> placeholder(skip), placeholder(lambda self, total: total + 1)
    (False, False)
    """
    if not inspect.isfunction(method):
        return False
    steps = [i for i in dis.get_instructions(method) if i.opname not in _NO_STEP]
    if steps and steps[-1].opname == "RAISE_VARARGS":
        return all(i.opname in _RAISING for i in steps[:-1])
    if len(steps) == 1:
        return steps[0].opname == "RETURN_CONST"
    if len(steps) != 2 or steps[1].opname != "RETURN_VALUE":  # a load, then its return
        return False
    load = steps[0]
    return load.opname in _LOADS or (load.opname in _EMPTY and load.arg == 0)


def unasked(cls: type, kind: str) -> list[str]:
    """What a rule class of no base writes that the engine would never call, in words.

    Such a class writes every member of its protocol and states every
    declaration; a method of a :data:`FOLLOWS` or :data:`ASKS` pair that does
    more than return (:func:`placeholder`) while its declaration is false
    would never be called. A trigger's ``fires_on`` is also asked when the
    count ends and at the show, and a trigger true at no moment never fires.
    (A class inheriting its base is held to the same when it is made, by
    :func:`work_out`.)
    """

    def said(name: str) -> Any:
        return _answer(inspect.getattr_static(cls, name, _UNSTATED))

    faults: list[str] = []
    follows = set(FOLLOWS[kind])
    for declaration, method in (*FOLLOWS[kind], *ASKS[kind]):
        written = inspect.getattr_static(cls, method, None)
        value = said(declaration)
        if written is None or placeholder(written) or not isinstance(value, bool | int | str):
            continue  # missing (the members' check), a placeholder, or from the settings
        asked = bool(value)
        if kind == "trigger" and method == "fires_on":
            asked = asked or any(
                said(m) is True for m in ("on_count_end", "on_show", "on_turn_up")
            )
        if asked:
            continue
        instead = f"let {method}() only return (a placeholder)"
        if (declaration, method) in follows:
            instead += (
                f", or inherit ono99.rules.Base{kind.capitalize()} and leave "
                f"{declaration} out (it follows from {method}())"
            )
        faults.append(_never_asked(declaration, method, value, instead))
    if kind == "trigger" and all(said(m) in (False, _UNSTATED) for m in MOMENTS):
        faults.append(
            "it states no moment true (after_play, on_loss, on_round_end, on_count_end, "
            "on_show or on_turn_up), so it would never fire"
        )
    return faults
