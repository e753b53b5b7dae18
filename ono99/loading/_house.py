"""House rules: overlay files laid over a variant, and how several combine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ono99._args import shown
from ono99._errors import ArgumentError, VariantError
from ono99._variant import NOT_RULES, Variant

from ._checks import too_many_kinds
from ._files import DIRECTIVES, PathName, canonical_id, locate, read
from ._overlay import ADDITIONS, check_top_keys, leaves, overlay, raise_problems
from ._problems import Problem, describe_value, toml_value
from ._standard import DECK_KEYS

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ._overlay import Doc

__all__ = [
    "RULE_KEYS",
    "HouseRule",
    "Rule",
    "apply_rules",
    "fits",
    "load_house_rule",
    "load_rule",
]

# What a house rule may set: any setting of a variant, but not its metadata.
RULE_KEYS = (
    *(f.name for f in attrs.fields(Variant) if f.name not in NOT_RULES),
    *DECK_KEYS,
    *ADDITIONS,
)
_HOUSE_META = ("id", "name", "description", "source", "aliases", "for")


@attrs.frozen
class HouseRule:
    """A house rule: settings laid over a variant.

    Read one with :func:`load_house_rule`; apply house rules with
    ``load_variant(..., house_rules=[...])``.

    Attributes:
        id: The house rule's id (``"last-standing"``).
        name: Its name.
        description: What it changes, in a line.
        source: Where it comes from.
        editions: The ids of the variants it is for (it also fits any variant
            that extends one of them); empty when it fits every variant.
        keys: The key paths it sets, such as ``round.end``.
        path: The file it was read from.

    >>> import ono99
    >>> rule = ono99.load_house_rule("two-decks")
    >>> rule.name, rule.keys
    ('Two decks', ('deck.copies',))
    """

    id: str
    name: str
    description: str
    source: str
    editions: tuple[str, ...]
    keys: tuple[str, ...]
    path: str


@attrs.frozen
class Rule:
    """A house rule read from its file: what it is, what it sets, what is wrong with it."""

    info: HouseRule
    settings: dict[str, Any] = attrs.field(eq=False, hash=False)
    file: Path
    problems: tuple[tuple[Problem, str], ...] = ()


def _string_list(value: object, key: str, file: str, example: str) -> list[tuple[Problem, str]]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return []
    return [
        (
            Problem(
                key,
                f"expected an array of strings, such as {example}, got {describe_value(value)}",
            ),
            file,
        )
    ]


def _read_rule(path: Path) -> Rule:
    file = str(path)
    data = read(path)
    problems: list[tuple[Problem, str]] = []
    for key in DIRECTIVES:
        if key in data:
            del data[key]
            problems.append(
                (
                    Problem(
                        key,
                        "a house rule is laid over a variant and cannot "
                        + (
                            "extend one; to build a variant on another, write a variant "
                            "file with extends"
                            if key == "extends"
                            else "apply other house rules; list them all in "
                            "house_rules=[...] instead (--house-rule at the command line)"
                        ),
                    ),
                    file,
                )
            )
    problems += check_top_keys(data, (*_HOUSE_META, *RULE_KEYS), "a house rule", file)
    for key in ("id", "name", "description", "source"):
        if key in data and not isinstance(data[key], str):
            problems.append(
                (Problem(key, f"expected a string, got {describe_value(data[key])}"), file)
            )
            del data[key]
    for key, example in (("for", '["ono99-1980"]'), ("aliases", '["my-rule"]')):
        if key in data:
            found = _string_list(data[key], key, file, example)
            if found:
                problems += found
                del data[key]
    settings = {key: value for key, value in data.items() if key in RULE_KEYS}
    if not settings:
        problems.append(
            (
                Problem(
                    "",
                    "the house rule changes nothing: expected at least one setting, "
                    f"such as [total] bust = 100 (the settings are {', '.join(RULE_KEYS)})",
                ),
                file,
            )
        )
    for problem in too_many_kinds(settings):
        problems.append((problem, file))
        del settings["cards"]  # not laid over anything: loading reports the problem
    rule_id = data.get("id", path.stem)
    info = HouseRule(
        id=rule_id,
        name=data.get("name", rule_id),
        description=data.get("description", ""),
        source=data.get("source", ""),
        editions=tuple(data.get("for", ())),
        keys=tuple(key for key, _ in leaves(settings)),
        path=file,
    )
    return Rule(info, settings, path, tuple(problems))


def load_rule(name: PathName, base: Path | None = None) -> Rule:
    path = locate(name, "house rule", base)
    return _read_rule(path)


def load_house_rule(name: PathName) -> HouseRule:
    """A house rule's description: its id, name, editions and the keys it sets.

    Args:
        name: A shipped house rule's id or alias (case-insensitive), or the
            path of a house-rule file.

    Raises:
        VariantError: If there is no such house rule or its file has problems.

    >>> from ono99 import load_house_rule
    >>> rule = load_house_rule("two-decks")
    >>> rule.keys, rule.editions
    (('deck.copies',), ())
    """
    if not isinstance(name, str | os.PathLike):
        raise ArgumentError("name", f"expected an id or the path of a file, got {shown(name)}")
    rule = load_rule(name)
    if rule.problems:
        raise_problems(rule.problems, rule.info.path)
    return rule.info


def fits(rule: HouseRule, lineage: Sequence[str]) -> bool:
    """Whether the house rule is for a variant of this lineage (see :class:`Doc`)."""
    return not rule.editions or any(canonical_id(e) in lineage for e in rule.editions)


def apply_rules(
    doc: Doc,
    rules: Sequence[Rule],
    *,
    later_wins: bool,
    settled: Iterable[str] = (),
    how: str = (
        "pass later_wins=True (--later-wins at the command line) to let the later one win"
    ),
) -> None:
    """Lay house rules over the document, in order.

    Two of them setting one key path to different values is an error naming
    both, unless ``later_wins`` (or the key is in ``settled``, set again by
    the file that lists them).
    """
    over = doc.lineage[0] if doc.lineage else doc.source
    done = set(settled)
    set_by: dict[str, tuple[Rule, Any]] = {}
    conflicts: list[str] = []
    for rule in rules:
        info = rule.info
        doc.problems += rule.problems
        if not fits(info, doc.lineage):
            raise VariantError(
                f"for: the house rule {info.id!r} is for {' or '.join(info.editions)} "
                f"(or a variant that extends it), and {over} is neither: leave it out",
                info.path,
            )
        for path, value in leaves(rule.settings):
            if path in ADDITIONS:  # adding to an array: each rule adds its own items
                continue
            before = set_by.get(path)
            if before is not None and before[1] != value and path not in done and not later_wins:
                first = before[0].info
                conflicts.append(
                    f"the house rules {first.id!r} ({first.path}) and {info.id!r} "
                    f"({info.path}) both set {path}, to {toml_value(before[1])} and "
                    f"{toml_value(value)}: leave one out, or {how}"
                )
            set_by[path] = (rule, value)
        overlay(doc, rule.settings, info.path, over)
        doc.files.append(rule.file)
    if conflicts:
        raise VariantError(conflicts, doc.source)
