"""The registry of rule classes: the shipped ones, and those installed packages add.

The shipped classes enter it with :func:`shipped`; installed packages add
theirs through the :data:`ENTRY_POINT_GROUP` entry points, read once, the
first time a registry is asked, and checked against the protocols
(:func:`~ono99.rules._contract.members`).
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from ono99._args import shown
from ono99._errors import PluginError

from ._contract import KINDS, members

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ._contract import Condition, Effect, Outcome, Trigger

__all__ = [
    "ENTRY_POINT_GROUP",
    "KNOWN_PLUGINS",
    "condition_types",
    "effect_types",
    "is_shipped",
    "origin",
    "outcome_types",
    "rule_class",
    "shipped",
    "shipped_condition_types",
    "shipped_effect_types",
    "shipped_outcome_types",
    "shipped_trigger_types",
    "trigger_types",
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
    return cls


# The entry point each installed class came from, as messages name it.
_ORIGINS: dict[type[Any], str] = {}


@functools.cache
def _found() -> Mapping[str, Mapping[str, type[Any]]]:
    """Shipped and installed rule classes by kind and type, built once."""
    found: dict[str, dict[str, type[Any]]] = {k: dict(v) for k, v in _SHIPPED.items()}
    for point in sorted(_entry_points(), key=lambda p: p.name):
        where = _where(point)
        try:
            loaded = point.load()
        except Exception as error:
            # Whatever the package's import raised: named, with the entry point and package.
            raise PluginError(f"{where}: it could not be imported: {shown(error)}") from error
        cls = _check_plugin(where, point.name, loaded)
        _ORIGINS[cls] = where
        found[cls.kind][cls.type] = cls
    return MappingProxyType({k: MappingProxyType(v) for k, v in found.items()})


def effect_types() -> Mapping[str, type[Effect]]:
    """The effect classes by the ``type`` name used in TOML, installed plugins included.

    The shipped classes come first; installed packages add theirs through the
    ``ono99.rules`` entry-point group (read once, the first time it is asked).

    >>> effect_types()["reverse"]
    <class 'ono99.rules.Reverse'>
    """
    return _found()["effect"]


def condition_types() -> Mapping[str, type[Condition]]:
    """The condition classes by the ``type`` name used in TOML, installed plugins included.

    >>> "total_even" in shipped_condition_types()
    True
    """
    return _found()["condition"]


def trigger_types() -> Mapping[str, type[Trigger]]:
    """The trigger classes by the ``type`` name used in TOML, installed plugins included.

    >>> "land_on" in shipped_trigger_types()
    True
    """
    return _found()["trigger"]


def outcome_types() -> Mapping[str, type[Outcome]]:
    """The outcome classes by the ``type`` name used in TOML, installed plugins included."""
    return _found()["outcome"]


def shipped_trigger_types() -> Mapping[str, type[Trigger]]:
    """The trigger classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["trigger"])


def shipped_outcome_types() -> Mapping[str, type[Outcome]]:
    """The outcome classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["outcome"])


def shipped_effect_types() -> Mapping[str, type[Effect]]:
    """The effect classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["effect"])


def shipped_condition_types() -> Mapping[str, type[Condition]]:
    """The condition classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["condition"])


def rule_class(kind: str, name: str) -> type[Any] | None:
    """The class of the effect or condition ``name``, or ``None``.

    A shipped type is found without reading the installed entry points.
    """
    found = _SHIPPED[kind].get(name)
    if found is None:
        found = _found()[kind].get(name)
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
    known = ", ".join(sorted(_found()[kind]))
    package = KNOWN_PLUGINS.get(name)
    if package is not None:
        return (
            f"{name!r} comes from the package {package}, which is not installed "
            f"(pip install {package}); the {kind}s installed are {known}"
        )
    return f"the {kind}s installed are {known}"
