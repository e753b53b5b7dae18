"""How a TOML file becomes a :class:`~ono99.Variant`: the layer above the rules and the model.

Reading files safely (``_files``), laying ``extends`` and house rules over a
variant (``_overlay``, ``_house``), turning TOML data into frozen objects and
back (``_convert``), the checks a variant must pass (``_checks``), the
problems a file has, with their key paths (``_problems``), and the loader
that ties them together (``_loader``). The public names are exported from
:mod:`ono99`.
"""

from __future__ import annotations

from ._checks import CARD_ID, MINIMUMS, NON_EMPTY, check_variant, vet_rules
from ._convert import unstructure_variant
from ._files import (
    DIRECTIVES,
    PathName,
    canonical_id,
    house_rules_registry,
    read,
    too_deep,
    variants_registry,
)
from ._house import RULE_KEYS, load_rule
from ._loader import (
    HouseRule,
    dump_variant,
    fingerprint,
    list_house_rules,
    list_variants,
    load_house_rule,
    load_variant,
    loads_variant,
    variant_arg,
)
from ._overlay import leaves
from ._problems import RULE_ARRAYS, is_array, suggest, toml_value

__all__ = [
    "CARD_ID",
    "DIRECTIVES",
    "MINIMUMS",
    "NON_EMPTY",
    "RULE_ARRAYS",
    "RULE_KEYS",
    "HouseRule",
    "PathName",
    "canonical_id",
    "check_variant",
    "dump_variant",
    "fingerprint",
    "house_rules_registry",
    "is_array",
    "leaves",
    "list_house_rules",
    "list_variants",
    "load_house_rule",
    "load_rule",
    "load_variant",
    "loads_variant",
    "read",
    "suggest",
    "toml_value",
    "too_deep",
    "unstructure_variant",
    "variant_arg",
    "variants_registry",
    "vet_rules",
]
