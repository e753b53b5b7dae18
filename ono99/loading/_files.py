"""Where variant and house-rule files are, reading them, and finding them by name.

Shipped variants live in the ``variants/`` folder of the project (installed
as ``ono99/variants`` in the wheel), shipped house rules in ``variants/house/``.
A variant or a house rule is named by its id, one of its aliases
(case-insensitive), or a path to a TOML file.
"""

from __future__ import annotations

import copy
import difflib
import functools
import os
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from ono99._args import is_int, shown
from ono99._errors import Ono99Error, VariantError
from ono99._limits import MAX_DEPTH, MAX_ECHO, MAX_FILE_BYTES, clip

from ._problems import suggest

__all__ = [
    "DIRECTIVES",
    "PathName",
    "canonical_id",
    "house_rules_dir",
    "house_rules_registry",
    "ids",
    "is_file",
    "list_variants",
    "locate",
    "parse",
    "read",
    "stamp",
    "too_deep",
    "variants_dir",
    "variants_registry",
]

_PACKAGE = Path(__file__).resolve().parent.parent

PathName = str | os.PathLike[str]

DIRECTIVES = ("extends", "house_rules")
"""Keys of a variant file that say how to build it rather than what it is."""


def variants_dir() -> Path:
    """The folder of the shipped variant files.

    Raises:
        Ono99Error: If the installation has lost its variant files.
    """
    # In a wheel the files are ono99/variants; in a source checkout, variants/ beside ono99/.
    for candidate in (_PACKAGE / "variants", _PACKAGE.parent / "variants"):
        if candidate.is_dir():
            return candidate
    raise Ono99Error("the shipped variant files were not found; reinstall ono99")


def house_rules_dir() -> Path:
    """The folder of the shipped house-rule files (``house/`` in :func:`variants_dir`)."""
    return variants_dir() / "house"


def _syntax_hint(what: str, text: str, line: int, column: int) -> str:
    """What most often causes the TOML error ``what`` at ``line``, ``column``: ``"; ..."``."""
    lines = text.split("\n")
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    at = row[column - 1 : column]  # "" at the end of the line
    if what.startswith("Invalid initial character for a key part"):
        if at == "}":
            return "; an inline table takes no comma after its last item"
        if not row[column - 1 :].strip() and "{" in row:
            return (
                "; inline tables are one line: put the whole { ... } on one line, "
                "or write it as a table of its own ([table] or [[array]])"
            )
    if what.startswith("Expected '=' after a key"):
        return "; each setting is written key = value"
    if what.startswith("Invalid value"):
        return '; text is written in quotes (name = "Big"), true and false in lower case'
    if what.startswith("Cannot overwrite a value"):
        return "; a key is set once in its table"
    if what.startswith("Cannot declare"):
        return "; a table is written once: put its keys together under one [header]"
    if what.startswith("Illegal character '\\n'"):
        return '; a string ends on the line it starts ("..."): use """...""" for several lines'
    return ""


def _syntax_message(exc: tomllib.TOMLDecodeError, text: str) -> str:
    message = str(exc)
    where = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", message, re.DOTALL)
    if where:
        what, line, column = where.groups()
        hint = _syntax_hint(what, text, int(line), int(column))
        return f"invalid TOML at line {line}, column {column}: {what}{hint}"
    end = re.fullmatch(r"(.*) \(at end of document\)", message, re.DOTALL)
    if end:
        lines = text.split("\n")
        return (
            f"invalid TOML at line {len(lines)}, column {len(lines[-1]) + 1} "
            f"(the end of the file): {end.group(1)}"
        )
    return f"invalid TOML: {message}"


def too_deep(data: object, limit: int = MAX_DEPTH) -> str | None:
    """The key path of a table or array nested deeper than ``limit``, or ``None``.

    Walks without recursion, so that data of any depth is measured safely.

    >>> too_deep({"a": [[1]]}, 2)
    'a[0]'
    >>> too_deep({"a": [1]}, 2) is None
    True
    """
    todo: list[tuple[object, str, int]] = [(data, "", 0)]
    while todo:
        value, path, depth = todo.pop()
        items: list[tuple[str, object]]
        if isinstance(value, dict):
            items = [(f"{path}.{k}" if path else str(k), v) for k, v in value.items()]
        elif isinstance(value, list | tuple):
            items = [(f"{path}[{i}]", v) for i, v in enumerate(value)]
        else:
            continue
        if depth >= limit:
            return path or "(top level)"
        todo += [(v, p, depth + 1) for p, v in items]
    return None


# TOML's integers: "Arbitrary 64-bit signed integers (from -2^63 to 2^63-1)
# should be accepted and handled losslessly" (TOML 1.0.0); no setting needs more.
_INT64 = 2**63
_INT64_WORDS = "an integer from -2**63 to 2**63 - 1 (TOML's 64-bit integers)"

# An integer literal too long for Python to read (see _too_long): digits, and
# the underscores TOML allows between them.
_DIGITS = re.compile(r"[0-9][0-9_]*")


def _walk(data: object) -> list[tuple[str, object]]:
    """Every value in ``data`` that is not a table or an array, with its key path."""
    out: list[tuple[str, object]] = []
    todo: list[tuple[object, str]] = [(data, "")]
    while todo:
        value, path = todo.pop()
        if isinstance(value, dict):
            todo += [(v, f"{path}.{k}" if path else str(k)) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        else:
            out.append((path, value))
    return out


def _huge_integer(data: object) -> str | None:
    """The key path and words of the first integer beyond TOML's 64 bits, or ``None``."""
    for path, value in sorted(_walk(data), key=lambda item: item[0]):
        if is_int(value) and not -_INT64 <= value < _INT64:
            return f"{clip(path)}: expected {_INT64_WORDS}, got {shown(value)}"
    return None


def _too_long(text: str) -> str:
    """Where the integer Python cannot read (more digits than it converts) is, in words.

    Each run of digits too long to read is put back as a distinct integer that
    can be read; the one found at a key, once parsed, names its key path
    (else the line of the first run is named).
    """
    limit = sys.get_int_max_str_digits() or 4300
    runs = [m for m in _DIGITS.finditer(text) if len(m.group().replace("_", "")) > limit]
    if not runs:
        return "invalid TOML: an integer with too many digits"
    marks = {str(_INT64 * 7 + k): run for k, run in enumerate(runs)}
    edited, at = [], 0
    for mark, each in marks.items():
        edited += [text[at : each.start()], mark]
        at = each.end()
    edited.append(text[at:])
    try:
        data = tomllib.loads("".join(edited))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        data = {}
    for path, value in _walk(data):
        found = marks.get(str(abs(value))) if isinstance(value, int) else None
        if found is not None:
            digits = len(found.group().replace("_", ""))
            return f"{clip(path)}: expected {_INT64_WORDS}, got one of {digits} digits"
    first = runs[0]
    line = text.count("\n", 0, first.start()) + 1
    digits = len(first.group().replace("_", ""))
    return f"invalid TOML at line {line}: an integer of {digits} digits ({_INT64_WORDS})"


def parse(text: str, source: str) -> dict[str, Any]:
    """TOML text as data, nested no deeper than :data:`~ono99._limits.MAX_DEPTH`.

    Every integer is one of TOML's (64 bits): a longer one is an error naming
    its key path, even one with more digits than Python reads.

    Raises:
        VariantError: If it is not TOML, or nested too deeply, or holds an
            integer beyond 64 bits.
    """
    too_deep_message = f"tables and arrays are nested more than {MAX_DEPTH} deep"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(clip(_syntax_message(exc, text), 200), source) from None
    except RecursionError:
        raise VariantError(f"invalid TOML: {too_deep_message}", source) from None
    except ValueError:
        # Not a syntax error: an integer with more digits than Python converts.
        raise VariantError(_too_long(text), source) from None
    where = too_deep(data)
    if where is not None:
        raise VariantError(f"{clip(where)}: {too_deep_message}", source)
    huge = _huge_integer(data)
    if huge is not None:
        raise VariantError(huge, source)
    return data


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _broken_link(path: Path) -> str | None:
    """Why a symbolic link leads to no file (it points at itself, say), or ``None``."""
    try:
        if not path.is_symlink():
            return None
        path.stat()
    except OSError as exc:
        return f"a symbolic link that leads to no file ({exc.strerror or exc})"
    except ValueError:
        return None
    return None


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; ``False`` for a name the system refuses.

    (A name too long, or holding a NUL byte, names no file.)
    """
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


@functools.lru_cache(maxsize=256)
def _parse_file(path: Path, _stamp: tuple[int, int]) -> dict[str, Any]:
    # The stamp (modification time and size) is part of the cache key only: an
    # edited file is read again.
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise VariantError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise VariantError(
            f"the file is larger than {MAX_FILE_BYTES:,} bytes; "
            "variant and house-rule files are much smaller",
            str(path),
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError(
            f"the file is not UTF-8 text (byte {exc.start}); TOML files must be UTF-8", str(path)
        ) from None
    return parse(text, str(path))


def stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise VariantError(f"cannot read the file: {reason}", clip(str(path), 240)) from None
    return found.st_mtime_ns, found.st_size


def read(path: Path) -> dict[str, Any]:
    """The file's TOML data: a fresh copy, free to change.

    Raises:
        VariantError: If it is not a regular file (a FIFO would block, a
            device never end), or cannot be read or parsed.
    """
    if not is_file(path):
        what = "not a regular file" if _exists(path) and not path.is_dir() else "no such file"
        raise VariantError(_broken_link(path) or what, clip(str(path), 240))
    return copy.deepcopy(_parse_file(path, stamp(path)))


@functools.cache
def _registry(folder: Path) -> dict[str, Path]:
    """Lower-case ids and aliases of the files in ``folder``, to their files."""
    found: dict[str, Path] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.toml")):
        data = read(path)
        aliases = data.get("aliases", [])
        names = [data.get("id", path.stem), *(aliases if isinstance(aliases, list) else [])]
        for name in names:
            found.setdefault(str(name).lower(), path)
    return found


def variants_registry() -> dict[str, Path]:
    return _registry(variants_dir())


def house_rules_registry() -> dict[str, Path]:
    return _registry(house_rules_dir())


def ids(registry: dict[str, Path]) -> list[str]:
    return sorted({str(read(path).get("id", path.stem)) for path in registry.values()})


def list_variants(*, aliases: bool = False) -> list[str]:
    """The ids of the shipped variants.

    Args:
        aliases: Also list the aliases, each as it is looked up (lower case).

    >>> from ono99 import list_variants
    >>> "ono99-2022" in list_variants()
    True
    >>> "gibsons-1988" in list_variants(aliases=True)
    True
    """
    if aliases:
        return sorted(variants_registry())
    return ids(variants_registry())


def _is_path(name: str) -> bool:
    return name.endswith(".toml") or os.sep in name or "/" in name


def locate(name: PathName, kind: str, base: Path | None = None) -> Path:
    """The file that ``name`` (an id, an alias or a path) names.

    Args:
        name: What to find.
        kind: ``"variant"`` or ``"house rule"``.
        base: The folder relative paths start from (default: the current one).
    """
    text = os.fspath(name)
    if isinstance(name, os.PathLike) or _is_path(text):
        path = Path(text)
        if base is not None and not path.is_absolute():
            path = base / path
        if not is_file(path):
            what = f"no such {kind} file"
            if _exists(path):
                what = f"{what} (a folder)" if path.is_dir() else "not a regular file"
            raise VariantError(_broken_link(path) or what, clip(str(path), 240))
        try:
            return path.resolve()
        except (OSError, RuntimeError) as exc:
            raise VariantError(f"cannot read the file: {exc}", clip(str(path), 240)) from None
    # The usual case first: a shipped file named after the id, found without
    # reading every shipped file for its aliases. (A name the file system refuses
    # names no shipped file: its error would show the install folder.)
    folder = variants_dir() if kind == "variant" else house_rules_dir()
    direct = folder / f"{text.lower()}.toml"
    if is_file(direct) and str(read(direct).get("id", direct.stem)).lower() == text.lower():
        return direct
    own, other = (
        (variants_registry(), house_rules_registry())
        if kind == "variant"
        else (house_rules_registry(), variants_registry())
    )
    found = own.get(text.lower())
    if found is not None:
        return found
    message = f"no shipped {kind} {clip(repr(text))}"
    if text.lower() in other:
        message += (
            ": that is a house rule; lay it over a variant (house_rules=[...] in Python, "
            "--house-rule at the command line)"
            if kind == "variant"
            else ": that is a variant, not a house rule"
        )
    else:
        message += _suggest_name(text.lower(), own)
    raise VariantError(
        f"{message} (the shipped {kind}s are {', '.join(ids(own))}; "
        "or give the path of a .toml file)"
    )


def _suggest_name(word: str, registry: dict[str, Path]) -> str:
    """``"; did you mean 'x'?"`` for the closest id to ``word``, or failing one, alias.

    An alias suggested says whose it is, since the list of ids that follows
    does not show it.
    """
    hint = suggest(word, [name.lower() for name in ids(registry)])
    if hint:
        return hint
    if len(word) > MAX_ECHO:  # as suggest: no name is that long
        return ""
    close = difflib.get_close_matches(word, list(registry), n=1, cutoff=0.6)
    if not close:
        return ""
    path = registry[close[0]]
    return f"; did you mean {close[0]!r} (another name of {read(path).get('id', path.stem)})?"


def canonical_id(name: str) -> str:
    """A variant id or alias as the lower-case id it stands for."""
    path = variants_registry().get(name.lower())
    if path is None:
        return name.lower()
    return str(read(path).get("id", path.stem)).lower()
