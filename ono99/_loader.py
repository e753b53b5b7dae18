"""Finding, reading and writing variant files.

Shipped variants live in the ``variants/`` folder of the project (installed
as ``ono99/variants`` in the wheel); a variant is named by its id, one of its
aliases (case-insensitive), or a path to a TOML file.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w

from ._convert import ProblemsError, structure_variant, unstructure_variant
from ._errors import Ono99Error, VariantError

if TYPE_CHECKING:
    from ._variant import Variant

__all__ = [
    "dump_variant",
    "fingerprint",
    "list_variants",
    "load_variant",
    "variants_dir",
]

_HERE = Path(__file__).resolve().parent
# Metadata that names or describes a variant without changing how it plays.
_NOT_RULES = ("id", "name", "description", "aliases", "source")


def variants_dir() -> Path:
    """The folder of the shipped variant files.

    Raises:
        Ono99Error: If the installation has lost its variant files.
    """
    for candidate in (_HERE / "variants", _HERE.parent / "variants"):
        if candidate.is_dir():
            return candidate
    raise Ono99Error("the shipped variant files were not found; reinstall ono99")


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"invalid TOML: {exc}", str(path)) from None


@functools.cache
def _registry() -> dict[str, Path]:
    """Lower-case ids and aliases of the shipped variants, to their files."""
    found: dict[str, Path] = {}
    for path in sorted(variants_dir().glob("*.toml")):
        data = _read(path)
        names = [data.get("id", path.stem), *data.get("aliases", [])]
        for name in names:
            found.setdefault(str(name).lower(), path)
    return found


def _shipped_ids() -> list[str]:
    return sorted({path.stem for path in _registry().values()})


def list_variants(*, aliases: bool = False) -> list[str]:
    """The ids of the shipped variants.

    Args:
        aliases: Also list the aliases, each as it is looked up (lower case).

    >>> "ono99-2022" in list_variants()
    True
    >>> "gibsons-1988" in list_variants(aliases=True)
    True
    """
    if aliases:
        return sorted(_registry())
    return _shipped_ids()


def _is_path(name: str) -> bool:
    return name.endswith(".toml") or os.sep in name or "/" in name


def _locate(name: str | os.PathLike[str], base: Path | None = None) -> Path:
    text = os.fspath(name)
    if _is_path(text):
        path = Path(text)
        if base is not None and not path.is_absolute():
            path = base / path
        if not path.is_file():
            raise VariantError("no such file", str(path))
        return path.resolve()
    found = _registry().get(text.lower())
    if found is None:
        known = ", ".join(_shipped_ids())
        raise VariantError(f"no shipped variant {text!r}; the shipped variants are {known}")
    return found


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: tables merge key by key; anything else in ``top`` replaces."""
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve(path: Path, chain: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The file's data with its ``extends`` chain merged in."""
    if path in chain:
        names = " -> ".join(str(p.name) for p in (*chain, path))
        raise VariantError(f"extends: the chain loops: {names}", str(chain[0]))
    data = _read(path)
    data.setdefault("id", path.stem)
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise VariantError(
            f"extends: expected a variant id or a relative path, got {parent!r}", str(path)
        )
    try:
        parent_path = _locate(parent, base=path.parent)
    except VariantError as exc:
        raise VariantError(f"extends: {exc}", str(path)) from None
    inherited = _resolve(parent_path, (*chain, path))
    inherited.pop("aliases", None)
    return _merge(inherited, data)


def _build(data: dict[str, Any], source: str) -> Variant:
    try:
        return structure_variant(data)
    except ProblemsError as exc:
        raise VariantError(
            [f"{path or '(top level)'}: {message}" for path, message in exc.problems], source
        ) from None


@functools.cache
def _load_file(path: Path) -> Variant:
    return _build(_resolve(path), str(path))


def load_variant(source: str | os.PathLike[str]) -> Variant:
    """Load a shipped variant by id or alias, or a variant file by path.

    Args:
        source: An id or alias such as ``"ono99-2022"`` (case-insensitive), or
            the path of a TOML file (a string ending in ``.toml`` or
            containing a path separator, or a :class:`os.PathLike`).

    Returns:
        The variant, frozen.

    Raises:
        VariantError: If there is no such variant, or the file has problems;
            the message names the file, each key path and what was expected.

    >>> v = load_variant("ONO99-1980")
    >>> v.id, v.deck_size, v.total.floor
    ('ono99-1980', 54, None)
    """
    if isinstance(source, os.PathLike):
        path = Path(source)
        if not path.is_file():
            raise VariantError("no such file", str(path))
        return _load_file(path.resolve())
    return _load_file(_locate(source))


def dump_variant(variant: Variant) -> str:
    """The variant as TOML; loading the text gives an equal variant.

    >>> v = load_variant("ono99-2022")
    >>> text = dump_variant(v)
    >>> from ono99._loader import loads_variant
    >>> loads_variant(text) == v
    True
    """
    return tomli_w.dumps(unstructure_variant(variant))


def loads_variant(text: str, source: str = "<string>") -> Variant:
    """Load a variant from TOML text (``extends`` is not allowed here).

    Raises:
        VariantError: If the text has problems.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"invalid TOML: {exc}", source) from None
    if "extends" in data:
        raise VariantError("extends: only variant files may extend another variant", source)
    return _build(data, source)


def fingerprint(variant: Variant) -> str:
    """A content hash of the variant's rules (names and descriptions aside).

    Two variants with the same fingerprint play identically; a saved game
    records it so that it is never replayed under other rules.

    >>> len(fingerprint(load_variant("ono99-2022")))
    16
    """
    data = unstructure_variant(variant)
    for key in _NOT_RULES:
        data.pop(key, None)
    for card in data["cards"].values():
        card.pop("text", None)
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
