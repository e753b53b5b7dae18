"""Variant data being put together from several files, each key path with its file.

Files are laid over one another: tables merge key by key, so a file states only
what differs; any other value (a number, a string, an array such as a card's
``effects``) replaces the one before it. Every key path remembers the file
that set it last, so that a problem is reported against the file that caused
it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from ono99._errors import VariantError

from ._problems import Problem, describe_value, key_name, suggest
from ._standard import made_ids

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

__all__ = [
    "ADDITIONS",
    "Doc",
    "check_top_keys",
    "leaves",
    "merge",
    "narrow_teams",
    "overlay",
    "raise_problems",
]

ADDITIONS = {"add_triggers": "triggers"}
"""Keys that add to an array of what a file is laid over, rather than replace it.

``[[add_triggers]]`` in a house rule (or a variant that extends another) adds
triggers after the ones already there; ``[[triggers]]`` replaces them all.
"""

_ADDED_AS = {target: key for key, target in ADDITIONS.items()}


@attrs.define
class Doc:
    """Variant data being resolved, with the file that set each key path.

    Attributes:
        data: The merged TOML data so far.
        origin: Key path to ``(order, file)``: the file that set it last, and
            when (files are numbered in the order they were applied).
        lineage: Lower-case ids of the variant and the variants it extends,
            nearest first; house rules' ``for`` is checked against it.
        files: Every file read, to notice when one changes.
        problems: Problems found while merging, with the file of each.
        source: The file (or combination) to name in messages.
        applied: How many files have been laid on so far (the next one's order).
        spelled: Key paths of items added to an array (``triggers[2]``) to the
            path their file wrote (``add_triggers[0]``), for messages.
    """

    data: dict[str, Any] = attrs.Factory(dict)
    origin: dict[str, tuple[int, str]] = attrs.Factory(dict)
    lineage: list[str] = attrs.Factory(list)
    files: list[Path] = attrs.Factory(list)
    problems: list[tuple[Problem, str]] = attrs.Factory(list)
    source: str = ""
    applied: int = 0
    spelled: dict[str, str] = attrs.Factory(dict)

    def blame(self, problem: Problem) -> tuple[Problem, str]:
        """``problem`` as its file wrote its key path, and that file (:meth:`where`).

        An item an ``[[add_triggers]]`` table added is named as that table:
        ``add_triggers[0].type``, not the ``triggers[2].type`` it became. A
        key path the blamed file does not set (it set a related key, and
        inherits this one) is said to come from the file that set it, with
        the problem's ``fix``.
        """
        path = problem.path
        match = re.match(r"[a-z_]+\[\d+\]", path)
        if match is not None and match.group() in self.spelled:
            path = self.spelled[match.group()] + path[match.end() :]
        blamed = self.where(problem)
        message = problem.message
        own = self._origin_of(problem.path) if problem.related else None
        if own is not None and own[1] != blamed:
            inherited = re.sub(r"\[\d+\]$", "", path)
            fix = f"; {problem.fix}" if problem.fix else ""
            message += (
                f" ({inherited} is not set in this file: it comes from {Path(own[1]).stem}{fix})"
            )
        return problem._replace(path=path, message=message), blamed

    def where(self, problem: Problem) -> str:
        """The file to blame for a problem: the last to set a key it involves."""
        best = (-1, self.source)
        for path in (problem.path, *problem.related):
            found = self._origin_of(path)
            if found is not None and found[0] > best[0]:
                best = found
        return best[1]

    def _origin_of(self, path: str) -> tuple[int, str] | None:
        parts = [p for p in re.split(r"\.|(?=\[)", path) if p]
        for end in range(len(parts), 0, -1):
            key = ".".join(parts[:end]).replace(".[", "[")
            if key in self.origin:
                return self.origin[key]
        return None


def narrow_teams(doc: Doc) -> None:
    """Leave out inherited partnerships at player counts a later file no longer allows.

    ``cribbage-pegging`` plays four in partnerships (``players.teams.at =
    [4]``); a file that extends it with ``players.max = 2`` plays two, and the
    partnerships at four are not its to fix: they no longer apply, as if the
    file had written ``teams = { at = [] }``. A count the file that sets the
    player range lists itself is still refused.
    """
    players = doc.data.get("players")
    teams = players.get("teams") if isinstance(players, dict) else None
    if not isinstance(players, dict) or not isinstance(teams, dict):
        return
    counts, low, high = teams.get("at"), players.get("min"), players.get("max")
    if not isinstance(counts, list) or type(low) is not int or type(high) is not int:
        return
    at = doc._origin_of("players.teams.at")
    limits = [doc._origin_of(f"players.{key}") for key in ("min", "max")]
    if at is None or not any(found is not None and found[0] > at[0] for found in limits):
        return
    kept = [count for count in counts if type(count) is not int or low <= count <= high]
    if kept != counts:
        doc.data = {**doc.data, "players": {**players, "teams": {**teams, "at": kept}}}


def leaves(data: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    """Every ``(key path, value)`` below ``data``: tables are walked, arrays are values."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict) and value:
            yield from leaves(value, path)
        else:
            yield path, value


def merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: tables merge key by key; anything else in ``top`` replaces."""
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def overlay(doc: Doc, top: dict[str, Any], file: str, over: str | None) -> None:
    """Merge ``top`` (read from ``file``) over the document.

    Args:
        doc: The document, changed in place.
        top: The settings to merge.
        file: Where they come from.
        over: The name of what they are laid over, or ``None`` when there is
            nothing under them yet. A card table that names no card of it
            must then be a whole new card, with a name and a count.
    """
    cards = top.get("cards")
    base_cards = doc.data.get("cards", {})
    if isinstance(base_cards, dict):
        # A standard deck under it makes cards too (its ranks become cards once merged).
        base_cards = {**dict.fromkeys(made_ids(merge(doc.data, top))), **base_cards}
    if over is not None and isinstance(cards, dict) and isinstance(base_cards, dict):
        cards = dict(cards)
        for card_id, table in list(cards.items()):
            if card_id in base_cards or not isinstance(table, dict):
                continue
            missing = [f"a {key}" for key in ("name", "count") if key not in table]
            if missing:
                doc.problems.append(
                    (
                        Problem(
                            f"cards.{key_name(card_id)}",
                            f"{over} has no card {card_id!r} to change"
                            f"{suggest(card_id, base_cards)} (a new card needs "
                            f"{' and '.join(missing)} too; the cards of {over} are "
                            f"{', '.join(map(str, base_cards))})",
                        ),
                        file,
                    )
                )
                del cards[card_id]
        top = {**top, "cards": cards}
    order = doc.applied
    doc.applied += 1
    # The arrays this file sets whole (``[[triggers]]``): what files added to them
    # before, and which file set each item, no longer hold.
    replaced = {target for target in ADDITIONS.values() if target in top}
    top, added = _added(doc, top, file)
    kept = {path for path, _, _ in added} - replaced
    before = {path: doc.origin.get(path) for path, _, _ in added}
    paths = [path for path, _ in leaves(top)]
    # What this file sets replaces whatever was below it: those keys no longer hold.
    # (Each key is looked up by its own prefixes, not each path against every key:
    # a file of many cards would take a time that grows as the square of them.)
    replacing = {path for path in paths if path not in kept}
    for held in (doc.origin, doc.spelled):
        for key in [k for k in held if _below(k, replacing)]:
            del held[key]
    for path in paths:
        parts = path.split(".")
        for end in range(1, len(parts) + 1):
            doc.origin[".".join(parts[:end])] = (order, file)
    for path, start, end in added:
        # Items added before keep the file that set them; the new ones are this file's.
        earlier = before[path] if path in kept else None
        written = _ADDED_AS[path]
        for i in range(end):
            if i >= start:
                doc.origin[f"{path}[{i}]"] = (order, file)
                doc.spelled[f"{path}[{i}]"] = f"{written}[{i - start}]"
            elif earlier is not None:
                doc.origin.setdefault(f"{path}[{i}]", earlier)
    doc.data = merge(doc.data, top)


def _below(key: str, paths: set[str]) -> bool:
    """Whether ``key`` lies below one of ``paths`` (``cards.x.effects[0]`` below ``cards.x``)."""
    return any(key[: found.start()] in paths for found in _STEP.finditer(key))


_STEP = re.compile(r"[.\[]")


def _added(
    doc: Doc, top: dict[str, Any], file: str
) -> tuple[dict[str, Any], list[tuple[str, int, int]]]:
    """``top`` with each of :data:`ADDITIONS` made the whole array it adds to.

    Returns:
        The settings to merge, and for each array added to, its key, where
        the added items start and how many items it has then.
    """
    added = []
    for key, target in ADDITIONS.items():
        if key not in top:
            continue
        items = top[key]
        top = {k: v for k, v in top.items() if k != key}
        if not isinstance(items, list):
            doc.problems.append(
                (
                    Problem(
                        key,
                        f"expected an array of tables ([[{key}]]) adding to {target}, "
                        f"got {describe_value(items)}",
                    ),
                    file,
                )
            )
            continue
        base = top.get(target, doc.data.get(target, []))
        base = base if isinstance(base, list) else []  # the file that set it is blamed
        top[target] = [*base, *items]
        added.append((target, len(base), len(top[target])))
    return top, added


def check_top_keys(
    data: dict[str, Any], allowed: Sequence[str], what: str, file: str
) -> list[tuple[Problem, str]]:
    """Unknown top-level keys, each removed from ``data`` and reported."""
    found: list[tuple[Problem, str]] = []
    for key in list(data):
        if key not in allowed:
            # The allowed keys are listed once, with the first unknown key.
            keys = "" if found else f" (the keys of {what} are {', '.join(allowed)})"
            message = f"unknown key{suggest(str(key), allowed)}{keys}"
            found.append((Problem(key_name(str(key)), message), file))
            del data[key]
    return found


def raise_problems(problems: Sequence[tuple[Problem, str]], source: str) -> NoReturn:
    """Raise every problem at once, naming the file (or each problem's file).

    A problem found twice (by the loader, then in structuring the data) is said once.
    """
    files = {file for _, file in problems}
    if len(files) == 1:
        (only,) = files
        lines = [f"{p.path or '(top level)'}: {p.message}" for p, _ in problems]
        raise VariantError(list(dict.fromkeys(lines)), only)
    lines = [f"{file}: {p.path or '(top level)'}: {p.message}" for p, file in problems]
    raise VariantError(list(dict.fromkeys(lines)), source)
