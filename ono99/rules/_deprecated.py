"""The registry's older names, kept for one minor release with a ``DeprecationWarning``.

Each is :func:`~ono99.rules.rule_types` for one kind, as it was before the one
function replaced the eight. The deprecation policy (the API reference's
*Deprecations*) keeps a public name that goes away working for one minor
release, warning with its replacement; :data:`DEPRECATED` lists them, and the
tests hold each to it.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from ._registry import rule_types

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ._contract import Condition, Effect, Outcome, Trigger

__all__ = [
    "DEPRECATED",
    "condition_types",
    "effect_types",
    "outcome_types",
    "shipped_condition_types",
    "shipped_effect_types",
    "shipped_outcome_types",
    "shipped_trigger_types",
    "trigger_types",
]

# Each deprecated name of ono99.rules, and what to write instead.
DEPRECATED = {
    "effect_types": 'rule_types("effect")',
    "condition_types": 'rule_types("condition")',
    "trigger_types": 'rule_types("trigger")',
    "outcome_types": 'rule_types("outcome")',
    "shipped_effect_types": 'rule_types("effect", shipped_only=True)',
    "shipped_condition_types": 'rule_types("condition", shipped_only=True)',
    "shipped_trigger_types": 'rule_types("trigger", shipped_only=True)',
    "shipped_outcome_types": 'rule_types("outcome", shipped_only=True)',
}


def _warn(name: str) -> None:
    warnings.warn(
        f"ono99.rules.{name}() is deprecated and goes in the next minor release: "
        f"use ono99.rules.{DEPRECATED[name]} instead",
        DeprecationWarning,
        stacklevel=3,
    )


def effect_types() -> Mapping[str, type[Effect]]:
    """Deprecated: ``rule_types("effect")``, the effect classes by ``type``, plugins included."""
    _warn("effect_types")
    return rule_types("effect")


def condition_types() -> Mapping[str, type[Condition]]:
    """Deprecated: ``rule_types("condition")``, the condition classes, plugins included."""
    _warn("condition_types")
    return rule_types("condition")


def trigger_types() -> Mapping[str, type[Trigger]]:
    """Deprecated: ``rule_types("trigger")``, the trigger classes, plugins included."""
    _warn("trigger_types")
    return rule_types("trigger")


def outcome_types() -> Mapping[str, type[Outcome]]:
    """Deprecated: ``rule_types("outcome")``, the outcome classes, plugins included."""
    _warn("outcome_types")
    return rule_types("outcome")


def shipped_effect_types() -> Mapping[str, type[Effect]]:
    """Deprecated: ``rule_types("effect", shipped_only=True)``, the shipped effect classes."""
    _warn("shipped_effect_types")
    return rule_types("effect", shipped_only=True)


def shipped_condition_types() -> Mapping[str, type[Condition]]:
    """Deprecated: ``rule_types("condition", shipped_only=True)``, the shipped conditions."""
    _warn("shipped_condition_types")
    return rule_types("condition", shipped_only=True)


def shipped_trigger_types() -> Mapping[str, type[Trigger]]:
    """Deprecated: ``rule_types("trigger", shipped_only=True)``, the shipped triggers."""
    _warn("shipped_trigger_types")
    return rule_types("trigger", shipped_only=True)


def shipped_outcome_types() -> Mapping[str, type[Outcome]]:
    """Deprecated: ``rule_types("outcome", shipped_only=True)``, the shipped outcomes."""
    _warn("shipped_outcome_types")
    return rule_types("outcome", shipped_only=True)
