"""The registry of rule classes: the shipped ones, and those installed packages add.

The shipped classes enter it with :func:`shipped`; installed packages add
theirs through the :data:`ENTRY_POINT_GROUP` entry points, read once, the
first time a registry is asked, and checked against the protocols
(:func:`~ono99.rules._contract.members`). :func:`rule_types` answers for
each kind. An entry point that cannot be loaded costs only the rule type it
names: the others stay available, and it is reported
(:func:`plugin_errors`, and a :class:`~ono99.PluginError` when a variant
names its type).
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, overload

import attrs

from ono99._args import shown
from ono99._errors import ArgumentError, PluginError

from ._contract import KINDS, RuleKind, members
from ._defaults import BASES
from ._follows import unasked

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ._contract import Condition, Effect, Outcome, Trigger

__all__ = [
    "ENTRY_POINT_GROUP",
    "KNOWN_PLUGINS",
    "RuleKind",
    "is_shipped",
    "origin",
    "plugin_errors",
    "rule_class",
    "rule_types",
    "shipped",
    "unknown_rule",
]

ENTRY_POINT_GROUP = "ono99.rules"
"""The entry-point group through which installed packages add rule objects."""

KNOWN_PLUGINS: Mapping[str, str] = MappingProxyType(
    {"swap_hands": "ono99-hand-rules", "pass_hands": "ono99-hand-rules"}
)
"""Rule types that known packages provide, by ``type``: the package to install.

A variant file that names one of these while its package is not installed
gets an error saying what to install.
"""

# A rule class of one of the four kinds: mypy checks each class ``shipped``
# marks against the protocols, where the class is written.
_Rule = TypeVar("_Rule", bound="type[Effect] | type[Condition] | type[Trigger] | type[Outcome]")
_SHIPPED: dict[str, dict[str, type[Any]]] = {kind: {} for kind in KINDS}


def shipped(cls: _Rule) -> _Rule:
    """Enter a class of this package in the registry of shipped rule objects."""
    _SHIPPED[cls.kind][cls.type] = cls
    return cls


def _entry_points() -> Sequence[Any]:
    """The installed entry points of :data:`ENTRY_POINT_GROUP`."""
    from importlib.metadata import entry_points  # noqa: PLC0415 (only when a plugin is sought)

    return list(entry_points(group=ENTRY_POINT_GROUP))


def _plain(text: object) -> str:
    """``text`` for a message, its control characters escaped (as ``repr`` does), unquoted."""
    return repr(str(text))[1:-1]


def _where(point: Any) -> str:
    """An entry point as messages name it: its name, value and group, and its package."""
    package = ""
    dist = getattr(point, "dist", None)
    if dist is not None:
        try:
            package = f", package {_plain(dist.name)} {_plain(dist.version)}"
        except Exception:  # metadata that cannot be read names no package
            package = ""
    name = _plain(point.name)
    return f"entry point {name} = {point.value!r} (group {ENTRY_POINT_GROUP}{package})"


def _check_plugin(where: str, name: str, cls: object) -> type[Any]:
    """The class an entry point names, if it follows the protocol; else :class:`PluginError`."""
    if not isinstance(cls, type) or not attrs.has(cls):
        raise PluginError(f"{where}: expected a frozen attrs class, got {cls!r}")
    kind = getattr(cls, "kind", None)
    if kind not in KINDS:
        raise PluginError(
            f'{where}: expected kind = "effect", "condition", "trigger" or "outcome", got {kind!r}'
        )
    missing = [m for m in members(kind) if not hasattr(cls, m)]
    if missing:
        raise PluginError(
            f"{where}: the {kind} protocol needs {', '.join(missing)} (inherit "
            f"ono99.rules.Base{kind.capitalize()} for the neutral value of each member "
            "the class does not write)"
        )
    if getattr(cls, "type", None) != name:
        raise PluginError(
            f"{where}: the class's type is {getattr(cls, 'type', None)!r}, "
            "not the entry point's name"
        )
    if any(name in shipped for shipped in _SHIPPED.values()):
        raise PluginError(f"{where}: {name!r} is a rule type the library ships")
    if not issubclass(cls, BASES[kind]):
        # A class inheriting its base was held to its declarations when it was made.
        faults = unasked(cls, kind)
        if faults:
            raise PluginError(
                f"{where}: the {kind} class {_plain(cls.__module__)}.{_plain(cls.__qualname__)}: "
                f"{'; '.join(faults)}"
            )
    return cls


# The entry point each installed class came from, as messages name it.
_ORIGINS: dict[type[Any], str] = {}


class _Found(NamedTuple):
    """What the registry holds once the entry points are read."""

    types: Mapping[str, Mapping[str, type[Any]]]
    # Each entry point that could not be loaded, by its name (the type it would give).
    broken: Mapping[str, PluginError]


def _load(point: Any) -> type[Any]:
    """The class an entry point names, loaded and checked.

    Raises:
        PluginError: Naming the entry point, its package and what is wrong.
    """
    where = _where(point)
    try:
        loaded = point.load()
    except PluginError as error:
        # A class of the package refused as it was made (its declarations).
        raise PluginError(f"{where}: {error}") from error
    except Exception as error:
        # Whatever the package's import raised: named, with the entry point and package.
        raise PluginError(f"{where}: it could not be imported: {shown(error)}") from error
    cls = _check_plugin(where, point.name, loaded)
    _ORIGINS[cls] = where
    return cls


@functools.cache
def _found() -> _Found:
    """Shipped and installed rule classes by kind and type, built once."""
    found: dict[str, dict[str, type[Any]]] = {k: dict(v) for k, v in _SHIPPED.items()}
    broken: dict[str, PluginError] = {}
    for point in sorted(_entry_points(), key=lambda p: p.name):
        try:
            cls = _load(point)
        except PluginError as error:
            broken[str(point.name)] = error
            continue
        found[cls.kind][cls.type] = cls
    return _Found(
        MappingProxyType({k: MappingProxyType(v) for k, v in found.items()}),
        MappingProxyType(broken),
    )


@overload
def rule_types(
    kind: Literal["effect"], *, shipped_only: bool = False
) -> Mapping[str, type[Effect]]: ...
@overload
def rule_types(
    kind: Literal["condition"], *, shipped_only: bool = False
) -> Mapping[str, type[Condition]]: ...
@overload
def rule_types(
    kind: Literal["trigger"], *, shipped_only: bool = False
) -> Mapping[str, type[Trigger]]: ...
@overload
def rule_types(
    kind: Literal["outcome"], *, shipped_only: bool = False
) -> Mapping[str, type[Outcome]]: ...
@overload
def rule_types(kind: RuleKind, *, shipped_only: bool = False) -> Mapping[str, type[Any]]: ...
def rule_types(kind: RuleKind, *, shipped_only: bool = False) -> Mapping[str, type[Any]]:
    """The rule classes of ``kind`` by the ``type`` name used in TOML.

    The shipped classes come first; installed packages add theirs through
    the ``ono99.rules`` entry-point group (read once, the first time it is
    asked). An entry point that cannot be loaded is left out (see
    :func:`plugin_errors`); the others are here.

    Args:
        kind: ``"effect"``, ``"condition"``, ``"trigger"`` or ``"outcome"``.
        shipped_only: Only the classes the library itself ships (the entry
            points are then not read).

    Raises:
        ArgumentError: If ``kind`` is not one of the four.

    >>> from ono99.rules import rule_types
    >>> rule_types("effect")["reverse"]
    <class 'ono99.rules.Reverse'>
    >>> "land_on" in rule_types("trigger", shipped_only=True)
    True
    """
    if kind not in _SHIPPED:
        expected = ", ".join(repr(k) for k in KINDS)
        raise ArgumentError("kind", f"expected one of {expected}, got {shown(kind)}")
    if shipped_only:
        return MappingProxyType(_SHIPPED[kind])
    return _found().types[kind]


def plugin_errors() -> Mapping[str, PluginError]:
    """The installed entry points that could not be loaded, by name, each with its error.

    An entry point's name is the rule type its class would give; a variant
    that names that type raises the error, and ``ono99 validate`` reports it.
    Empty when every installed rule class loaded (or none is installed).
    """
    return _found().broken


def rule_class(kind: str, name: str) -> type[Any] | None:
    """The class of the rule object of ``kind`` named ``name``, or ``None``.

    A shipped type is found without reading the installed entry points.

    Raises:
        PluginError: If the entry point of that name could not be loaded.
    """
    found = _SHIPPED[kind].get(name)
    if found is None:
        registry = _found()
        found = registry.types[kind].get(name)
        broken = registry.broken.get(name)
        if found is None and broken is not None:
            raise PluginError(str(broken)) from broken.__cause__
    return found


def is_shipped(rule: object) -> bool:
    """Whether ``rule`` is an object of a rule class this library ships (not a subclass).

    The engine takes the extra care a move needs against a failing rule object
    (a copy of the state to go back to) only for variants holding others.
    """
    cls = type(rule)
    kind, name = getattr(cls, "kind", None), getattr(cls, "type", None)
    if not isinstance(kind, str) or not isinstance(name, str):
        return False
    return _SHIPPED.get(kind, {}).get(name) is cls


def origin(cls: type[Any]) -> str | None:
    """The entry point (and package) an installed rule class came from, or ``None``."""
    return _ORIGINS.get(cls)


def unknown_rule(kind: str, name: str) -> str:
    """What to say of a rule type that is neither shipped nor installed."""
    known = ", ".join(sorted(_found().types[kind]))
    package = KNOWN_PLUGINS.get(name)
    if package is not None:
        return (
            f"{name!r} comes from the package {package}, which is not installed "
            f"(pip install {package}); the {kind}s installed are {known}"
        )
    return f"the {kind}s installed are {known}"
