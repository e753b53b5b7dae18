"""Checking a variant or house-rule file: what cannot work, and what will play badly.

Loading a file (:func:`ono99.load_variant`) refuses what cannot work. A file
that loads may still play badly: a card no total lets anyone play, a setting
that changes nothing, a house rule that breaks a variant it is for.
:func:`check_file` reports both kinds, each with the TOML key path it concerns.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import attrs
import tomli_w

from ono99._errors import RuleError, VariantError
from ono99.loading import (
    DIRECTIVES,
    canonical_id,
    leaves,
    list_house_rules,
    list_variants,
    load_rule,
    load_variant,
    read,
    suggest,
    toml_value,
    variants_registry,
)

from ._shadowed import rank_probe, shadowed_ranks
from ._warnings import Budget, idle_settings, play_warnings

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ono99._variant import Variant
    from ono99.loading import PathName

__all__ = ["FileKind", "Finding", "check_file", "file_kind"]

FileKind = Literal["variant", "house-rule"]
Level = Literal["error", "warning"]


@attrs.frozen
class Finding:
    """One thing :func:`check_file` found in a file.

    Attributes:
        level: ``"error"`` where the file cannot work (it does not load, or a
            house rule breaks a variant it is for), ``"warning"`` where it
            works but will play badly.
        path: The TOML key path concerned (``cards.big.effects``), or ``""``
            for the file as a whole.
        message: What is wrong, in words, with values spelt as in TOML.
        file: The file checked.
        variants: For a house rule, the variants it was laid over when this
            was found; empty for a variant file.

    >>> import ono99
    >>> print(ono99.Finding("warning", "cards.big.effects", "the card can never be played",
    ...                     "big.toml"))
    big.toml: warning: cards.big.effects: the card can never be played
    """

    level: Level
    path: str
    message: str
    file: str
    variants: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f" (laid over {', '.join(self.variants)})" if self.variants else ""
        path = f"{self.path}: " if self.path else ""
        return f"{self.file}: {self.level}: {path}{self.message}{where}"

    def to_data(self) -> dict[str, Any]:
        """The finding as plain data, for JSON."""
        return {
            "level": self.level,
            "path": self.path,
            "message": self.message,
            "file": self.file,
            "variants": list(self.variants),
        }


def file_kind(path: PathName) -> FileKind:
    """Whether a TOML file reads as a variant or as a house rule.

    A file that ``extends`` a variant or lists ``house_rules`` is a variant; one
    that says whom it is ``for``, or has no cards, is a house rule, unless it
    has a ``name`` and a ``[standard_deck]`` that makes its cards. A file with
    cards is a variant only if it has a ``name`` and every card table a
    ``name`` and a ``count`` (a whole variant); otherwise it changes cards of
    the variant it is laid over, like ``[cards.minus_ten] count = 6``.

    A file that cannot be read is called a variant; loading it reports why.
    """
    try:
        data = read(Path(path))
    except VariantError:
        return "variant"
    if any(key in data for key in DIRECTIVES):
        return "variant"
    if "for" not in data and "name" in data and "standard_deck" in data:
        return "variant"  # its cards are made from the deck; [cards] tables change them
    cards = data.get("cards")
    if "for" in data or not isinstance(cards, dict):
        return "house-rule"
    whole = "name" in data and all(
        isinstance(table, dict) and {"name", "count"} <= table.keys() for table in cards.values()
    )
    return "variant" if whole else "house-rule"


def check_file(
    path: PathName, *, kind: FileKind | None = None, over: Sequence[PathName] = ()
) -> list[Finding]:
    """Everything that keeps a variant or house-rule file from working or playing well.

    A variant file is loaded, and every problem that stops it is an error.
    A house-rule file is read, then laid over each variant its ``for`` names
    (over every shipped variant when it names none): a problem with a variant
    it names is an error, with another a warning (name the variants it is
    for). A name in ``for`` that is not a shipped variant is a warning, with
    the closest shipped id.

    Then warnings for what can be proved never to end by itself (a round
    nobody can lose: every card plays safely at every total a round can
    reach; a match nobody can win: no token ever lost, no point ever
    gained), only the ``round.max_plays``, ``round.max_rounds`` and
    ``round.max_game_plays`` limits stopping it; and for what will play
    badly: a card that can never be played
    (its total busts from the lowest total there can be), an amount to
    choose that always busts, and settings the file makes that change nothing
    (token settings without token scoring, points on cards in a tokens game,
    stacking or a card that answers forced plays with no card that forces
    them, steps for more players than may play, a ``[ranks.<rank>]`` table,
    or a key of one, that every card of the rank sets again in its own
    ``[cards.<id>]`` table, in the same file or one it builds on...). A
    setting the file inherits is not the file's to fix and is not reported;
    nor is one that a shipped house rule made for the file's variant puts to
    use.

    The check takes a bounded time: what it asks of the cards is bounded
    (``MOST_ASKS`` asks of rule objects in all, shared among the
    variants a house rule is laid over), and past the bound the warnings of
    what never ends or can never be played are not given (each one given is
    proved). Every count a file may set is bounded too (the *Bounds* of the
    TOML reference).

    Args:
        path: The file.
        kind: ``"variant"`` or ``"house-rule"``. By default the file's
            content tells: a file that ``extends`` a variant, or has a name
            and whole cards, is a variant; one that says whom it is ``for``,
            or has no cards or only changes to cards, is a house rule.
        over: For a house rule: the variants (ids or files) to lay it over
            instead of those its ``for`` names; a problem with any of them
            is an error.

    Returns:
        The findings, errors first; empty when the file is sound.

    >>> from ono99 import check_file
    >>> import pathlib, tempfile
    >>> rule = pathlib.Path(tempfile.mkdtemp()) / "big.toml"
    >>> _ = rule.write_text('''
    ... extends = "ono99-2022"
    ... [cards.big]
    ... name = "Big"
    ... count = 4
    ... effects = [{ type = "add", amount = 200 }]
    ... ''')
    >>> for finding in check_file(rule):
    ...     print(finding.level, finding.path, finding.message.split(":")[0])
    warning cards.big.effects the card can never be played
    """
    file = str(path)
    if kind is None:
        kind = file_kind(path)
    try:
        if kind == "house-rule":
            # A shipped house rule may be named by its id: only a path is made one.
            rule = path if isinstance(path, str) else Path(path)
            found = _check_house_rule(rule, file, [str(v) for v in over])
        else:
            found = _check_variant_file(Path(path), file)
    except RuleError as exc:
        # A rule object that fails when asked: the file cannot work, and the
        # error says which rule object (the rest is not checked).
        head = f"{exc.path}: "
        message = exc.message[len(head) :] if exc.message.startswith(head) else exc.message
        found = [Finding("error", exc.path, message, file)]
    return sorted(found, key=lambda f: f.level != "error")


# ------------------------------------------------------------------- variants


def _absolute(name: str) -> str:
    """A file's absolute path, or the name itself once the working folder is gone."""
    try:
        return str(Path(name).resolve())
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link in a loop
        return name


def _errors(exc: VariantError, file: str, variants: tuple[str, ...] = ()) -> list[Finding]:
    """A load failure as errors, one per problem, each at its key path."""
    if exc.source and _absolute(exc.source) != _absolute(file):
        file = exc.source  # a file it extends
    out = []
    for line in exc.problems:
        path, message = _split_problem(line)
        out.append(Finding("error", path, message, file, variants))
    return out


# Bare keys, indices, and keys TOML quotes (players." "), as the loader writes them.
_KEY_PATH = re.compile(r'(?:[\w\-<>\[\].]|"(?:[^"\\]|\\.)*")+')


def _split_problem(line: str) -> tuple[str, str]:
    """``"total.bust: expected..."`` as its key path and its message."""
    head, sep, rest = line.partition(": ")
    if sep and head == "(top level)":
        return "", rest
    if sep and _KEY_PATH.fullmatch(head) and not head.endswith(".toml"):
        return head, rest
    return "", line


def _own_keys(data: dict[str, Any]) -> list[str]:
    return [path for path, _ in leaves({k: v for k, v in data.items() if k not in DIRECTIVES})]


def _check_variant_file(path: Path, file: str) -> list[Finding]:
    try:
        variant = load_variant(path)
    except VariantError as exc:
        return _errors(exc, file)
    data = read(path)
    own = _own_keys(data)
    rules = _rules_for(variant.id)
    budget = Budget()
    found = _warnings(variant, own, data, budget.share(1 + len(rules)))
    # A setting a shipped house rule made for this variant puts to use is kept for it.
    for done, rule_id in enumerate(rules):
        try:
            with_rule = load_variant(path, [rule_id])
        except VariantError:
            continue
        kept = set(_warnings(with_rule, own, data, budget.share(len(rules) - done)))
        found = [f for f in found if f in kept]
    # No house rule takes a card table away: a rank table shadowed stays so.
    found += _shadowed(path, data.get("ranks"))
    return [Finding("warning", p, m, file) for p, m in dict.fromkeys(found)]


def _shadowed(
    source: PathName, ranks: object, house_rules: Sequence[PathName] = ()
) -> list[tuple[str, str]]:
    """The file's rank tables (``ranks``) that card tables shadow, in the variant ``source``.

    The rank tables are probed: laid over the variant (after ``house_rules``)
    with values of their own, as a house rule; a card that does not show them
    has its own table (see :func:`~ono99.authoring._shadowed.shadowed_ranks`).
    """
    if not isinstance(ranks, dict) or not ranks:
        return []
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "rank-probe.toml"
        probe.write_text(tomli_w.dumps({"ranks": rank_probe(ranks)}), encoding="utf-8")
        try:
            probed = load_variant(source, [*house_rules, probe], later_wins=True)
        except VariantError:  # what the probe's values break cannot be told: nothing said
            return []
    return shadowed_ranks(ranks, probed)


def _rules_for(variant_id: str) -> list[str]:
    """The shipped house rules whose ``for`` names this variant."""
    out = []
    for rule_id in list_house_rules():
        editions = load_rule(rule_id).info.editions
        if variant_id.lower() in {canonical_id(e) for e in editions}:
            out.append(rule_id)
    return out


# ---------------------------------------------------------------- house rules


def _check_house_rule(path: PathName, file: str, over: Sequence[str] = ()) -> list[Finding]:
    try:
        rule = load_rule(path)
    except VariantError as exc:
        return _errors(exc, file)
    found = [
        Finding("error", p.path, p.message, file if _absolute(where) == _absolute(file) else where)
        for p, where in rule.problems
    ]
    if rule.problems and not (over or rule.info.editions):
        # Laid over every shipped variant, each would report the same problems again.
        return found
    shipped = variants_registry()
    named: list[str] = []
    for index, edition in enumerate(rule.info.editions):
        if edition.lower() in shipped:
            named.append(canonical_id(edition))
            continue
        found.append(
            Finding(
                "warning",
                f"for[{index}]",
                f"no shipped variant {toml_value(edition)}"
                f"{suggest(edition.lower(), list_variants(aliases=True), quote=True)} "
                "(the house rule fits only a variant of that id, or one that extends it)",
                file,
            )
        )
    targets = list(dict.fromkeys(named)) if rule.info.editions else list_variants()
    chosen = bool(over or rule.info.editions)  # the variants it is for, or is laid over
    if over:
        targets = list(over)
    level: Level = "error" if chosen else "warning"
    broken: dict[tuple[str, str], list[str]] = {}
    warned: dict[tuple[str, str], list[str]] = {}
    idle: dict[tuple[str, str], list[str]] = {}
    own = list(rule.info.keys)
    laid = []
    budget = Budget()
    for done, target in enumerate(targets):
        try:
            variant = load_variant(target, [path])
        except VariantError as exc:
            for line in exc.problems:
                key, message = _split_problem(line)
                message = message.replace(f"{path}: ", "")
                # One finding a key path: the first variant's words, every variant named.
                same = next((k for k in broken if k[0] == key), (key, message))
                broken.setdefault(same, []).append(target)
            continue
        laid.append(target)
        for key, message in play_warnings(variant, budget.share(len(targets) - done)):
            warned.setdefault((_as_written(key, variant, rule.settings), message), []).append(
                target
            )
        for at, message in idle_settings(variant):
            key = _as_written(at, variant, rule.settings)
            if _is_own(key, own):
                idle.setdefault((key, message), []).append(target)
        for key, message in _shadowed(target, rule.settings.get("ranks"), [path]):
            idle.setdefault((key, message), []).append(target)
    # A house rule for every variant may set what some of them do not use; it is
    # idle only if no variant uses it.
    for entry, ids in idle.items():
        if chosen or ids == laid:
            warned.setdefault(entry, []).extend(ids)
    hint = "" if chosen else "; name the variants it is for in for = [...]"
    if not chosen and targets and not laid:
        # A rule for every variant that fits none of them cannot work anywhere
        # (``ono99 demo --house-rule`` refuses it too).
        level = "error"
        hint = "; it loads over none of the shipped variants"
    # The file's own problems are reported once, above, not again for each variant.
    own_problems = {(p.path, p.message) for p, _ in rule.problems}
    for (key, message), ids in broken.items():
        if (key, message) not in own_problems:
            found.append(Finding(level, key, message + hint, file, tuple(ids)))
    if rule.problems:
        return found  # what plays badly is for a file that loads
    for (key, message), ids in warned.items():
        found.append(Finding("warning", key, message, file, tuple(ids)))
    return found


# -------------------------------------------------------------------- warnings


def _warnings(
    variant: Variant, own: Sequence[str], data: dict[str, Any], budget: Budget
) -> list[tuple[str, str]]:
    """What will play badly: unplayable cards always, idle settings the file sets.

    Key paths are as the file (``data``) wrote them (see :func:`_as_written`).
    """
    found = play_warnings(variant, budget)
    idle = [(_as_written(p, variant, data), m) for p, m in idle_settings(variant)]
    return [
        *((_as_written(p, variant, data), m) for p, m in found),
        *((p, m) for p, m in idle if _is_own(p, own)),
    ]


def _as_written(path: str, variant: Variant, data: dict[str, Any]) -> str:
    """``path`` as a file (its ``data``) wrote it: a trigger it added is ``add_triggers[j]``.

    The file's ``[[add_triggers]]`` tables are the last of the variant's
    triggers (unless it sets ``[[triggers]]`` too: then they follow its own).
    """
    card = re.match(r"cards\.([\w-]+)\.(effects|conditions)\b", path)
    if card is not None:
        return _as_ranked(path, card.group(1), card.group(2), variant, data)
    added = data.get("add_triggers")
    found = re.match(r"triggers\[(\d+)\]", path)
    if not isinstance(added, list) or found is None:
        return path
    index = int(found.group(1)) - (len(variant.triggers) - len(added))
    return f"add_triggers[{index}]{path[found.end() :]}" if index >= 0 else path


def _as_ranked(path: str, card_id: str, key: str, variant: Variant, data: dict[str, Any]) -> str:
    """A card's ``key`` (effects, conditions) at ``path``, as the file wrote it.

    That is ``ranks.<rank>...`` where the file wrote them for the card's whole
    rank (``[ranks.king]``) and not for the card.
    """
    cards, ranks = data.get("cards"), data.get("ranks")
    if (isinstance(cards, dict) and card_id in cards) or not isinstance(ranks, dict):
        return path
    rank = next((c.rank for c in variant.cards if c.id == card_id), "")
    table = ranks.get(rank)
    if not rank or not isinstance(table, dict) or key not in table:
        return path
    return f"ranks.{rank}{path[len(f'cards.{card_id}') :]}"


def _is_own(path: str, own: Iterable[str]) -> bool:
    """Whether the file set ``path`` (or a key below it, or the array holding it)."""
    return any(
        key == path or key.startswith((f"{path}.", f"{path}[")) or path.startswith(f"{key}[")
        for key in own
    )
