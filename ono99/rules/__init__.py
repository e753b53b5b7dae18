"""Card rule objects: what a card does when played, and when it may be played.

A card in a variant file lists its *effects* (applied in order when the card
is played) and its *conditions* (all of which must allow the play). Each is a
small frozen attrs class named in TOML by its ``type``::

    [cards.minus_ten]
    name = "Minus Ten"
    count = 4
    effects = [{ type = "add", amount = -10 }]

    [cards.double_play]
    name = "Double Play"
    count = 2
    effects = [{ type = "force_plays", plays = 2 }]
    conditions = [{ type = "not_as_answer" }]

The engine knows nothing about particular cards: it asks each effect for the
new total (:meth:`~Add.total_after`), checks the bust limit and the floor,
then lets each effect act on the :class:`Table` (:meth:`~Reverse.apply`).

What a rule object can do is declared on its class, as the :class:`Effect`
and :class:`Condition` protocols list: ``type`` (its TOML name),
``changes_total`` (the engine asks it for the new total), ``acts`` (the
engine calls :meth:`~Reverse.apply` after the total is set), ``choices``,
``chooses_player`` and the rest. A class inherits the neutral value of each
from :class:`BaseEffect` (or :class:`BaseCondition`, :class:`BaseTrigger`,
:class:`BaseOutcome`) and states only what differs. Nothing else in the
library tests a rule's class or its ``type``; the registry
(:func:`rule_types`) is built from the classes, and installed packages add
their own through the ``ono99.rules`` entry points. A declaration that pairs
with a method follows from the class: one that writes :meth:`~Reverse.apply`
acts, one that writes :meth:`~Add.total_after` changes the total.

Some cards leave a choice to the player, and the move carries it
(:class:`ono99.Play`): an effect with ``choices`` (such as
:class:`AddChoice`, the Ace that counts 1 or 11) is given the amount the
move names, ``total_after(total, amount)``; an effect with ``chooses_player``
(:class:`ChooseNext`) reads the player the move names from
:attr:`Table.target`. The engine lists every choice among the legal moves::

    [cards.ace]
    name = "Ace"
    count = 4
    effects = [{ type = "add_choice", amounts = [1, 11] }]

    [cards.king]
    name = "King"
    count = 4
    effects = [{ type = "set_total", value = 99 }]

>>> from ono99.rules import Add, AddChoice, rule_types
>>> Add(-10).total_after(5)
-5
>>> AddChoice((1, 11)).total_after(50, 11)
61
>>> sorted(rule_types("effect"))[:3]
['add', 'add_choice', 'aim']

Besides the public names of ``__all__``, this face offers the library's other
layers (and is the only way they reach this package): the standard deck's
ranks, suits and colours (``STANDARD_RANKS``, ``STANDARD_SUITS``,
``SUIT_COLOURS``), the kinds of rule object (``KINDS``), the registry's
look-ups (``rule_class``, ``is_shipped``, ``unknown_rule``), and the guards
that call a rule object and vet what it returns (``ask``, ``vet``,
``is_pairs``, ``is_text``, ``NOTHING``). ``rule_error(rule, where, member, *,
within, raised, returned, expected, problem)`` is the one builder of a
:class:`~ono99.RuleError` ("``cards.7.effects[1]``: the effect 'x' failed:
apply() raised ..."), given the key path or the variant in which
``held_at(variant, rule, within)`` finds it (``Holder`` and ``HeldCard`` are
what it reads of a variant). They are not part of the public API.
"""

from __future__ import annotations

# ClassVar and Literal: the rule classes' annotations name them, and since each
# class reports this module as its own, typing.get_type_hints (and so cattrs)
# looks them up here.
from typing import TYPE_CHECKING, ClassVar, Literal  # noqa: F401

from ._cards import STANDARD_RANKS as STANDARD_RANKS
from ._cards import STANDARD_SUITS as STANDARD_SUITS
from ._cards import SUIT_COLOURS as SUIT_COLOURS
from ._conditions import (
    CardIs,
    Never,
    NotAsAnswer,
    OncePerTurn,
    TableCount,
    TotalAtLeast,
    TotalAtMost,
    TotalEven,
    TotalMultipleOf,
    TotalOdd,
)
from ._contract import KINDS as KINDS
from ._contract import (
    AnyCondition,
    AnyEffect,
    AnyOutcome,
    AnyTrigger,
    Condition,
    Effect,
    Outcome,
    Trigger,
)
from ._declare import Declaration, Declare, DeclaredCard, FollowsDeclared
from ._defaults import BaseCondition, BaseEffect, BaseOutcome, BaseTrigger
from ._deprecated import (
    condition_types,
    effect_types,
    outcome_types,
    shipped_condition_types,
    shipped_effect_types,
    shipped_outcome_types,
    shipped_trigger_types,
    trigger_types,
)
from ._effects import (
    Add,
    AddChoice,
    ChooseNext,
    Deflect,
    Draw,
    ForcePlays,
    Hold,
    Multiply,
    Reverse,
    SetTotal,
    Skip,
)
from ._failures import NOTHING as NOTHING
from ._failures import HeldCard as HeldCard
from ._failures import Holder as Holder
from ._failures import ask as ask
from ._failures import held_at as held_at
from ._failures import is_pairs as is_pairs
from ._failures import is_text as is_text
from ._failures import rule_error as rule_error
from ._failures import vet as vet
from ._react import MAX_ANSWERS, AimAt, Reaction
from ._registry import (
    ENTRY_POINT_GROUP,
    KNOWN_PLUGINS,
    RuleKind,
    plugin_errors,
    rule_types,
)
from ._registry import is_shipped as is_shipped
from ._registry import rule_class as rule_class
from ._registry import unknown_rule as unknown_rule
from ._sequences import (
    AnnouncedWrong,
    CountEnds,
    Flush,
    OfAKind,
    PreviousCard,
    RepeatPrevious,
    Run,
)
from ._show import (
    HandFifteens,
    HandFlush,
    HandKnave,
    HandPairs,
    HandRuns,
    StarterIs,
    TurnedUp,
)
from ._table import CardInfo, Stacking, StackOn, Table
from ._triggers import (
    ChangePoints,
    ChangeTokens,
    EndRound,
    LandOn,
    LoseRound,
    PassOver,
    PlayerLoses,
    ReachBust,
    RoundEnds,
    WinRound,
)
from ._when import When, each_effect

__all__ = [
    "ENTRY_POINT_GROUP",
    "KNOWN_PLUGINS",
    "MAX_ANSWERS",
    "Add",
    "AddChoice",
    "AimAt",
    "AnnouncedWrong",
    "AnyCondition",
    "AnyEffect",
    "AnyOutcome",
    "AnyTrigger",
    "BaseCondition",
    "BaseEffect",
    "BaseOutcome",
    "BaseTrigger",
    "CardInfo",
    "CardIs",
    "ChangePoints",
    "ChangeTokens",
    "ChooseNext",
    "Condition",
    "CountEnds",
    "Declaration",
    "Declare",
    "DeclaredCard",
    "Deflect",
    "Draw",
    "Effect",
    "EndRound",
    "Flush",
    "FollowsDeclared",
    "ForcePlays",
    "HandFifteens",
    "HandFlush",
    "HandKnave",
    "HandPairs",
    "HandRuns",
    "Hold",
    "LandOn",
    "LoseRound",
    "Multiply",
    "Never",
    "NotAsAnswer",
    "OfAKind",
    "OncePerTurn",
    "Outcome",
    "PassOver",
    "PlayerLoses",
    "PreviousCard",
    "ReachBust",
    "Reaction",
    "RepeatPrevious",
    "Reverse",
    "RoundEnds",
    "RuleKind",
    "Run",
    "SetTotal",
    "Skip",
    "StackOn",
    "Stacking",
    "StarterIs",
    "Table",
    "TableCount",
    "TotalAtLeast",
    "TotalAtMost",
    "TotalEven",
    "TotalMultipleOf",
    "TotalOdd",
    "Trigger",
    "TurnedUp",
    "When",
    "WinRound",
    "condition_types",
    "each_effect",
    "effect_types",
    "outcome_types",
    "plugin_errors",
    "rule_types",
    "shipped_condition_types",
    "shipped_effect_types",
    "shipped_outcome_types",
    "shipped_trigger_types",
    "trigger_types",
]

# Every public class and function is ono99.rules's, wherever in the package it
# is written: reprs, the API docs and pickles name it so, and a move between
# the private modules changes none of them.
for _name in __all__:
    _value = globals()[_name]
    if getattr(_value, "__module__", "").startswith(__name__ + "."):
        _value.__module__ = __name__
del _name, _value
