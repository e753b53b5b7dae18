"""The one builder of "rule X failed" errors: it names the rule and where the variant holds it.

``rule_error`` (offered to the library's other layers by :mod:`ono99.rules`)
takes the key path, or the variant, in which :func:`held_at` finds the rule
object by identity: a card's effect or condition, one a ``when`` holds, a
trigger, or a trigger's outcome.
"""

from __future__ import annotations

import attrs
from misbehaving import WildEffect, WildOutcome, WildTrigger, with_rule

import ono99
from ono99.rules import Add, TotalAtLeast, When, held_at, rule_error

BASE = ono99.load_variant("ono99-2022")


def test_the_path_is_found_where_the_variant_holds_the_rule() -> None:
    inner = WildEffect()
    when = When((TotalAtLeast(50),), (Add(1), inner))
    variant = with_rule(with_rule(BASE, when, card="2"), WildEffect(), card="1")
    outcome = WildOutcome()
    trigger = WildTrigger(outcomes=(WildOutcome(member=""), outcome))
    variant = attrs.evolve(variant, triggers=(*variant.triggers, trigger))
    last = len(variant.card("2").effects) - 1
    assert held_at(variant, inner) == f"cards.2.effects[{last}].effects[1]"
    assert held_at(variant, when.conditions[0]) == f"cards.2.effects[{last}].conditions[0]"
    last_trigger = len(variant.triggers) - 1
    assert held_at(variant, trigger) == f"triggers[{last_trigger}]"
    assert held_at(variant, outcome, within=trigger) == f"triggers[{last_trigger}].outcomes[1]"
    # Narrowed to a card, or a trigger: an object found elsewhere is not taken for it.
    assert held_at(variant, inner, within="1") == "cards.1"
    assert held_at(variant, Add(1)) == ""  # an equal object is not the one held


def test_the_error_names_the_rule_its_path_and_what_failed() -> None:
    """Given the variant, the same words as given the path."""
    effect = WildEffect()
    variant = with_rule(BASE, effect, card="1")
    path = f"cards.1.effects[{len(variant.card('1').effects) - 1}]"
    error = KeyError("misbehaving on purpose")
    by_variant = rule_error(effect, variant, "apply()", within="1", raised=error)
    by_path = rule_error(effect, path, "apply()", raised=error)
    assert str(by_variant) == str(by_path)
    # Then where the class comes from (its module, or the entry point it was installed by).
    assert str(by_variant).startswith(
        f"{path}: the effect 'wild_effect' failed: apply() raised "
        "KeyError('misbehaving on purpose') ("
    )
    assert (by_variant.rule, by_variant.path, by_variant.__cause__) == ("wild_effect", path, error)
