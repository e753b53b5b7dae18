"""Tools for the authors of variant files, above the loader.

What ``ono99 validate``, ``ono99 rules`` and ``ono99 diff`` are built on:
checking a file and warning of a variant that plays badly or can never end
(``_check``, ``_warnings``), the rulebook in words (``_rulebook``), the JSON
Schema and the TOML reference page, both generated from the model
(``_schema``), and the differences between two variants (``_diff``). The
public names are exported from :mod:`ono99`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._check import FileKind, Finding, check_file, file_kind
from ._diff import diff_variants
from ._rulebook import Format, rulebook
from ._warnings import never_ends

if TYPE_CHECKING:
    from ._schema import json_schema, schema_text

__all__ = [
    "FileKind",
    "Finding",
    "Format",
    "check_file",
    "diff_variants",
    "file_kind",
    "json_schema",
    "never_ends",
    "rulebook",
    "schema_text",
]

_SCHEMA = frozenset({"json_schema", "schema_text"})


def __getattr__(name: str) -> Any:
    """Build the JSON Schema module on first use: ``import ono99`` does not need it."""
    if name not in _SCHEMA:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _schema  # noqa: PLC0415 - on first use, to keep import ono99 quick

    return getattr(_schema, name)
