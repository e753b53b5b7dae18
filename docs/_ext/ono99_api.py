"""The API reference as a user reads it: public names in types, real defaults in signatures.

autodoc reads the objects themselves, and left alone it shows three things a
user cannot use:

- the private module a public class is defined in (``ono99._variant.Variant``,
  ``ono99.simulation._results.WinRate``): every type naming a class that a
  public module exports is written with that module's name (``ono99.Variant``);
- a type alias spelled out as the union it stands for (``Game.play`` returning
  a tuple of 29 event classes): a union that is one of the documented aliases
  (:data:`ALIASES`) is written by the alias's name, ``ono99.events.Event``;
- the defaults of an attrs class's ``__init__`` as attrs generates its source
  (``amount=attr_dict['amount'].default``): each is written as its value.

Both type rewrites replace Sphinx's own ``stringify_annotation`` and
``restify`` (in every module that imported them), since autodoc calls them
for signatures, the type fields of the descriptions and ``alias of`` lines
alike. ``tests/test_docs_html.py`` checks the built pages for all three.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any

import attrs

import ono99
from ono99 import events, rules, testing

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.application import Sphinx


def _envs() -> tuple[Any, ...]:
    """``ono99.envs``, where its libraries (the rl extra) are installed."""
    try:
        from ono99 import envs  # noqa: PLC0415 - only with the rl extra
    except ImportError:
        return ()
    return (envs,)


PUBLIC_MODULES = (ono99, rules, events, testing, *_envs())
"""The modules whose ``__all__`` are the public names, most general first."""

ALIASES: dict[object, str] = {
    ono99.Move: "ono99.Move",
    ono99.Strategy: "ono99.Strategy",
    ono99.PlayerFactory: "ono99.PlayerFactory",
    ono99.VariantLike: "ono99.VariantLike",
    ono99.PathName: "ono99.PathName",
    ono99.Format: "ono99.Format",
    events.Event: "ono99.events.Event",
}
"""The documented type aliases (``py:type`` entries), by the type each stands for."""


def public_name(annotation: object) -> str | None:
    """The public name of an alias's type, or of a class a public module exports."""
    try:
        alias = ALIASES.get(annotation)
    except TypeError:  # an unhashable annotation: no alias
        alias = None
    if alias is not None:
        return alias
    module = getattr(annotation, "__module__", "")
    name = getattr(annotation, "__name__", None)
    if not isinstance(annotation, type) or not module.startswith("ono99") or name is None:
        return None
    if not any(part.startswith("_") for part in module.split(".")):
        return None
    for public in PUBLIC_MODULES:
        if name in public.__all__ and getattr(public, name) is annotation:
            return f"{public.__name__}.{name}"
    return None


def _stringify(original: Callable[..., str]) -> Callable[..., str]:
    def stringify_annotation(
        annotation: Any, mode: str = "fully-qualified-except-typing", **kw: Any
    ) -> str:
        name = public_name(annotation)
        if name is None:
            return original(annotation, mode, **kw)
        return f"~{name}" if mode == "smart" else name

    stringify_annotation.ono99 = True  # type: ignore[attr-defined]
    return stringify_annotation


def _restify(original: Callable[..., str]) -> Callable[..., str]:
    def restify(cls: Any, mode: str = "fully-qualified-except-typing") -> str:
        name = public_name(cls)
        if name is None:
            return original(cls, mode)
        shown = f"~{name}" if mode == "smart" else name
        return f":py:class:`{shown}`"

    restify.ono99 = True  # type: ignore[attr-defined]
    return restify


def _patch_sphinx() -> None:
    """Put the two rewrites wherever Sphinx's modules hold the originals."""
    from sphinx.util import typing as sphinx_typing  # noqa: PLC0415

    originals = {
        "stringify_annotation": sphinx_typing.stringify_annotation,
        "restify": sphinx_typing.restify,
    }
    if getattr(originals["restify"], "ono99", False):
        return  # patched already (a second build in one process)
    replacements = {
        "stringify_annotation": _stringify(originals["stringify_annotation"]),
        "restify": _restify(originals["restify"]),
    }
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("sphinx"):
            continue
        for attr, original in originals.items():
            if getattr(module, attr, None) is original:
                setattr(module, attr, replacements[attr])


_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def real_defaults(  # noqa: PLR0917 - the event's signature
    app: Sphinx,  # noqa: ARG001
    what: str,  # noqa: ARG001
    name: str,  # noqa: ARG001
    obj: object,
    options: object,  # noqa: ARG001
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """An attrs class's signature with each default as its value, not attrs' source."""
    if signature is None or "attr_dict[" not in signature or not attrs.has(obj):  # type: ignore[arg-type]
        return None
    fields = attrs.fields_dict(obj)  # type: ignore[arg-type]

    def value(match: re.Match[str]) -> str:
        default = fields[match.group(1)].default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            return "<computed>" if default.takes_self else repr(default.factory())
        return repr(default)

    return _ATTRS_DEFAULT.sub(value, signature), return_annotation


def setup(app: Sphinx) -> dict[str, Any]:
    """Put the rewrites in place, for every page autodoc writes."""
    _patch_sphinx()
    app.connect("autodoc-process-signature", real_defaults)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
