"""Loading variants: parents, house rules and the file's own settings, merged and checked.

How a variant is resolved, in order:

1. the variant it ``extends`` (by id, or by a path relative to the file),
   itself resolved the same way;
2. the house rules the file lists in ``house_rules``, in order;
3. the file's own settings.

Then the house rules given to :func:`load_variant`, in order. Each step merges
tables key by key (see :mod:`ono99.loading._overlay`), and the result is structured
and checked (see :mod:`ono99.loading._convert`). Loading only reads TOML: a file can
choose among the library's rule objects by name, never run code.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import tomli_w

from ono99._args import shown
from ono99._errors import ArgumentError, VariantError
from ono99._limits import MAX_EXTENDS, MAX_FILE_BYTES
from ono99._variant import NOT_RULES, Variant

from ._convert import structure_variant, unstructure_variant
from ._files import (
    DIRECTIVES,
    PathName,
    house_rules_registry,
    ids,
    is_file,
    list_variants,
    locate,
    parse,
    read,
    stamp,
    variants_dir,
)
from ._house import HouseRule, Rule, apply_rules, load_house_rule, load_rule
from ._house import fits as _fits
from ._overlay import (
    ADDITIONS,
    Doc,
    check_top_keys,
    leaves,
    narrow_teams,
    overlay,
    raise_problems,
)
from ._problems import Problem, ProblemsError, describe_value
from ._standard import DECK_KEYS

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "HouseRule",
    "dump_variant",
    "fingerprint",
    "list_house_rules",
    "list_variants",
    "load_house_rule",
    "load_variant",
    "loads_variant",
    "variants_dir",
]

_VARIANT_KEYS = (*(field.name for field in attrs.fields(Variant)), *DECK_KEYS, *ADDITIONS)


# ------------------------------------------------------------------ resolving


def _loop_message(chain: Sequence[Path], again: Path) -> str:
    return " extends ".join(p.name for p in (*chain, again))


def _resolve(path: Path, chain: tuple[Path, ...]) -> Doc:
    """The variant file at ``path`` with everything it builds on merged in."""
    if path in chain:
        raise VariantError(
            f"extends: the chain loops: {_loop_message(chain, path)}", str(chain[-1])
        )
    if len(chain) >= MAX_EXTENDS:
        raise VariantError(
            f"extends: more than {MAX_EXTENDS} files each extend the next "
            f"({chain[0].name} extends {chain[1].name} extends ...)",
            str(chain[-1]),
        )
    data = read(path)
    return _resolve_data(data, str(path), path.parent, path.stem, (*chain, path))


def _resolve_data(
    data: dict[str, Any],
    source: str,
    folder: Path,
    default_id: str | None,
    chain: tuple[Path, ...],
) -> Doc:
    if "for" in data:
        raise VariantError(
            "for: only a house rule says which variants it is for; lay this file over a "
            "variant as a house rule (house_rules=[...] in Python, --house-rule at the "
            "command line)",
            source,
        )
    own_problems = check_top_keys(data, (*_VARIANT_KEYS, *DIRECTIVES), "a variant", source)
    if default_id is None and "id" not in data:
        own_problems.append((Problem("id", "missing required key (expected a string)"), source))
    parent = data.pop("extends", None)
    house = data.pop("house_rules", None)
    if default_id is not None:
        data.setdefault("id", default_id)
    if parent is None:
        doc = Doc(source=source)
        if house is not None:
            raise VariantError(
                "house_rules: a variant file lays house rules over the variant it "
                'extends; add extends = "<variant id or path>"',
                source,
            )
    else:
        doc = _resolve_parent(parent, source, folder, chain)
        doc.data.pop("aliases", None)  # the parent's aliases name the parent only
        _own_title(doc.data, data, source)
    if house is not None:
        if not isinstance(house, list) or not all(isinstance(h, str) for h in house):
            raise VariantError(
                "house_rules: expected an array of house-rule ids or paths, such as "
                f'["last-standing"], got {describe_value(house)}',
                source,
            )
        rules = [_house_rule(name, i, source, folder) for i, name in enumerate(house)]
        doc.source = source
        apply_rules(
            doc,
            rules,
            later_wins=False,
            settled=[path for path, _ in leaves(data)],
            how="set the key in this file to settle it",
        )
    overlay(doc, data, source, doc.lineage[0] if doc.lineage else None)
    doc.problems += own_problems
    own_id = data.get("id")
    doc.lineage.insert(0, own_id.lower() if isinstance(own_id, str) else "")
    doc.source = source
    doc.files.extend(chain[-1:])
    return doc


def _own_title(parent: dict[str, Any], data: dict[str, Any], source: str) -> None:
    """A file that extends another is a variant of its own, never titled as its parent.

    Without a ``name`` it is named by its id; without a ``description`` it is
    described as the parent with this file's changes.
    """
    parent_name = parent.get("name")
    if "name" not in data and isinstance(data.get("id"), str):
        data["name"] = data["id"]
    if "description" not in data and isinstance(parent_name, str):
        data["description"] = f"{parent_name}, with the changes in {Path(source).name}."


def _resolve_parent(parent: object, source: str, folder: Path, chain: tuple[Path, ...]) -> Doc:
    if not isinstance(parent, str):
        raise VariantError(
            f"extends: expected a variant id or a path relative to this file, got "
            f"{describe_value(parent)}",
            source,
        )
    try:
        parent_path = locate(parent, "variant", base=folder)
    except VariantError as exc:
        what = exc.problems[0] + (f": {exc.source}" if exc.source else "")
        steps = " extends ".join([*(p.name for p in chain), repr(parent)])
        raise VariantError(f"extends: {steps}, but {what}", source) from None
    return _resolve(parent_path, chain)


def _house_rule(name: str, position: int, source: str, folder: Path) -> Rule:
    """The house rule a variant file lists at ``house_rules[position]``; errors name both."""
    try:
        return load_rule(name, folder)
    except VariantError as exc:
        what = "; ".join(exc.problems) + (f": {exc.source}" if exc.source else "")
        raise VariantError(f"house_rules[{position}]: {what}", source) from None


def _build(doc: Doc) -> Variant:
    narrow_teams(doc)
    problems = list(doc.problems)
    variant = None
    try:
        variant = structure_variant(doc.data)
    except ProblemsError as exc:
        problems += [doc.blame(p) for p in exc.problems]
    if problems or variant is None:
        raise_problems(problems, doc.source)
    return variant


# -------------------------------------------------------------------- loading


def _split(name: PathName) -> tuple[PathName, list[str]]:
    """``"ono99-1980+two-decks"``: the variant, then house rules joined by ``+``."""
    if isinstance(name, os.PathLike) or "+" not in name or is_file(Path(name)):
        return name, []
    first, *rest = name.split("+")
    return first, rest


def _cwd() -> str:
    """The current folder, or ``""`` once it was deleted (relative paths then name nothing)."""
    try:
        return os.getcwd()
    except OSError:
        return ""


_LOADED: dict[tuple[Any, ...], tuple[tuple[tuple[Path, tuple[int, int]], ...], Variant]] = {}


def load_variant(
    source: PathName,
    house_rules: Sequence[PathName] | PathName = (),
    *,
    later_wins: bool = False,
) -> Variant:
    """Load a shipped variant by id or alias, or a variant file by path.

    Args:
        source: An id or alias such as ``"ono99-2022"`` (case-insensitive), or
            the path of a TOML file (a string ending in ``.toml`` or
            containing a path separator, or a :class:`os.PathLike`). House
            rules may follow the id, joined by ``+``:
            ``"ono99-1980+last-standing"``.
        house_rules: House rules to lay over the variant, in order: ids of
            shipped ones (see :func:`list_house_rules`) or paths of house-rule
            files.
        later_wins: When two of the house rules set the same key to different
            values, let the later one win. By default that is an error naming
            both, so that no setting is lost without notice.

    Returns:
        The variant, frozen. With house rules, its id is the variant's id and
        theirs joined by ``+`` (``"ono99-1980+last-standing"``), which
        :func:`load_variant` reads back, so a saved game can be replayed.

    Raises:
        VariantError: If there is no such variant or house rule, a house rule
            is not for this variant, two house rules disagree, or a file has
            problems; the message names the file, each key path and what was
            expected.

    >>> from ono99 import load_variant
    >>> v = load_variant("ONO99-1980")
    >>> v.id, v.deck_size, v.total.floor
    ('ono99-1980', 54, None)
    >>> v = load_variant("ono99-1980", house_rules=["floor-zero", "two-decks"])
    >>> v.id, v.deck_size, v.total.floor
    ('ono99-1980+floor-zero+two-decks', 108, 0)
    """
    _check_name("source", source)
    if isinstance(house_rules, str | os.PathLike):
        house_rules = [house_rules]
    if not isinstance(house_rules, list | tuple):
        raise ArgumentError(
            "house_rules", f"expected a list of house-rule ids or paths, got {shown(house_rules)}"
        )
    for i, name in enumerate(house_rules):
        _check_name(f"house_rules[{i}]", name)
    key = (os.fspath(source), tuple(os.fspath(n) for n in house_rules), later_wins, _cwd())
    cached = _LOADED.get(key)
    if cached is not None and all(stamp(p) == s for p, s in cached[0]):
        return cached[1]
    doc = _resolve_request(source, house_rules, later_wins=later_wins)
    variant = _build(doc)
    stamps = tuple((path, stamp(path)) for path in dict.fromkeys(doc.files))
    if len(_LOADED) > 256:
        _LOADED.clear()
    _LOADED[key] = (stamps, variant)
    return variant


def _check_variant(argument: str, variant: object) -> None:
    if not isinstance(variant, Variant):
        raise ArgumentError(argument, f"expected a Variant (load_variant), got {shown(variant)}")


def _check_name(argument: str, name: object) -> None:
    if not isinstance(name, str | os.PathLike):
        raise ArgumentError(argument, f"expected an id or the path of a file, got {shown(name)}")


def _resolve_request(
    source: PathName, house_rules: Sequence[PathName], *, later_wins: bool
) -> Doc:
    """The data of a variant (``id+rule`` allowed) with house rules laid over it."""
    base, joined = _split(source)
    names: list[PathName] = [*joined, *house_rules]
    doc = _resolve(locate(base, "variant"), ())
    if names:
        rules = [load_rule(name) for name in names]
        doc.source = f"{doc.data.get('id', doc.source)} with house rules " + ", ".join(
            rule.info.id for rule in rules
        )
        apply_rules(doc, rules, later_wins=later_wins)
        _rename(doc, rules)
    return doc


def _rename(doc: Doc, rules: Sequence[Rule]) -> None:
    """Name a variant with house rules after them: id ``base+rule``, name ``Base + Rule``.

    Its description is the house rules' own: the variant's would describe the
    game before them (its card count, say, where a house rule adds a deck).
    """
    data = doc.data
    base = data.get("name") if isinstance(data.get("name"), str) else data.get("id")
    if isinstance(base, str):
        said = [
            f"{rule.info.name}: {rule.info.description.rstrip('.')}."
            if rule.info.description
            else f"{rule.info.name}: sets {', '.join(rule.info.keys)}."
            for rule in rules
        ]
        data["description"] = " ".join([f"{base}, with house rules.", *said])
    if isinstance(data.get("id"), str):
        data["id"] = "+".join([data["id"], *(rule.info.id for rule in rules)])
    if isinstance(data.get("name"), str):
        data["name"] = " + ".join([data["name"], *(rule.info.name for rule in rules)])
    data.pop("aliases", None)
    doc.lineage.insert(0, str(data.get("id", "")).lower())


def loads_variant(text: str, source: str = "<string>") -> Variant:
    r"""Load a variant from TOML text, such as :func:`dump_variant` writes.

    The text may extend a shipped variant by id (or a file by a path relative
    to the current folder) and list house rules, like a file.

    Raises:
        VariantError: If the text has problems.

    >>> from ono99 import loads_variant
    >>> v = loads_variant('extends = "ono99-2022"\nid = "mine"\n[deck]\ncopies = 2\n')
    >>> v.id, v.deck_size
    ('mine', 224)
    """
    if not isinstance(text, str):
        raise ArgumentError("text", f"expected TOML text (a str), got {shown(text)}")
    if not isinstance(source, str):
        raise ArgumentError("source", f"expected a name for messages (a str), got {shown(source)}")
    if len(text) > MAX_FILE_BYTES:
        raise VariantError(f"the text is longer than {MAX_FILE_BYTES:,} characters", source)
    data = parse(text, source)
    return _build(_resolve_data(data, source, Path(_cwd() or "."), None, ()))


# -------------------------------------------------------------------- writing


def dump_variant(variant: Variant) -> str:
    """The variant as TOML, every setting stated; loading it gives an equal variant.

    Use it to see exactly what a variant with its parents and house rules
    means: the text has no ``extends`` and no ``house_rules``.

    Raises:
        VariantError: If a setting (of a rule object of another package) is a
            value TOML cannot hold.

    >>> from ono99 import dump_variant, load_variant, loads_variant
    >>> v = load_variant("ono99-2022", house_rules=["negative-totals"])
    >>> text = dump_variant(v)
    >>> 'floor = "none"' in text
    True
    >>> loads_variant(text) == v
    True
    """
    _check_variant("variant", variant)
    # A name may hold any character; a comment line may not (a newline would end it).
    name = "".join(c if c.isprintable() else " " for c in variant.name)
    head = (
        f"# {name}: every setting stated, nothing inherited.\n"
        f"# Written by ono99.dump_variant; rules fingerprint {fingerprint(variant)}.\n\n"
    )
    data = unstructure_variant(variant)
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):
        # A setting of a rule object of another package that TOML cannot hold.
        raise VariantError(_not_toml(data), variant.id) from None
    return head + text


def _not_toml(data: dict[str, Any]) -> str:
    """Where ``data`` holds a value TOML cannot write, in words."""
    todo: list[tuple[str, object]] = [("", data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict):
            todo += [(f"{path}.{k}" if path else str(k), v) for k, v in value.items()]
        elif isinstance(value, list | tuple):
            todo += [(f"{path}[{i}]", v) for i, v in enumerate(value)]
        elif not isinstance(value, str | int | float | bool):
            return f"{path}: TOML cannot write {shown(value)} (a {type(value).__name__})"
    return "TOML cannot write one of the settings"


def fingerprint(variant: Variant) -> str:
    """A content hash of the variant's rules (names and descriptions aside).

    Two variants with the same fingerprint play identically; a saved game
    records it so that it is never replayed under other rules. Settings at
    their default value are left out of the hash, so a later version of the
    library that adds a setting (whose default keeps the old rule) keeps the
    fingerprints, and the saved games, of existing variants.

    >>> from ono99 import fingerprint, load_variant
    >>> len(fingerprint(load_variant("ono99-2022")))
    16
    >>> fingerprint(load_variant("ono99-1980")) == fingerprint(load_variant("gibsons-1988"))
    True
    """
    _check_variant("variant", variant)
    data = unstructure_variant(variant, omit_defaults=True)
    for key in NOT_RULES:
        data.pop(key, None)
    # Cards keep their order (it decides the deck's order before shuffling).
    data["cards"] = [
        [card_id, {k: v for k, v in table.items() if k != "text"}]
        for card_id, table in data["cards"].items()
    ]
    # A setting JSON cannot hold (a rule object of another package may have one)
    # counts by its repr.
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def list_house_rules(fits: PathName | None = None) -> list[str]:
    """The ids of the shipped house rules.

    Args:
        fits: A variant (as :func:`load_variant` names it): list only the
            house rules that may be laid over it, by their ``for`` key.

    >>> from ono99 import list_house_rules
    >>> "last-standing" in list_house_rules()
    True
    >>> "negative-totals" in list_house_rules(fits="ono99-1980")
    False
    """
    shipped = ids(house_rules_registry())
    if fits is None:
        return shipped
    _check_name("fits", fits)
    lineage = _resolve_request(fits, (), later_wins=True).lineage
    return [rule_id for rule_id in shipped if _fits(load_rule(rule_id).info, lineage)]


def variant_arg(value: object, name: str = "variant") -> Variant:
    """A variant given as a :class:`~ono99.Variant`, an id or a path, loaded if need be.

    Every entry point that takes a :data:`~ono99.VariantLike` passes it through here.

    Raises:
        ArgumentError: If ``value`` is none of these.
        VariantError: If it names no variant, or one with problems.
    """
    if isinstance(value, Variant):
        return value
    if isinstance(value, str | os.PathLike):
        return load_variant(value)
    raise ArgumentError(
        name, f"expected a Variant, a variant id or the path of a TOML file, got {shown(value)}"
    )
