"""No rule class writes a method the engine never calls: such a class is refused, by name.

A declaration says when the engine asks a method (``acts``: ``apply``;
``declares``: ``declarations``; ``on_show``: ``times_on``...). A class whose
declarations keep one of its methods from ever being called would load, pass
``ono99 validate`` and do nothing. Each is refused with a
:class:`~ono99.PluginError` naming the class (and, for an installed one, its
entry point and package) and what to write instead: a class inheriting its
base when it is made, a class of no base when the registry loads it, or when a
variant made in a program holds it (a :class:`~ono99.RuleError`).
"""

from __future__ import annotations

import sys
import textwrap
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

import ono99
from ono99 import rules
from ono99.loading import _loader
from ono99.rules import BaseEffect, BaseTrigger, _registry
from ono99.rules._follows import placeholder, unasked

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


# ---------------------------------------------------------- classes of a base


def test_declarations_without_declares_is_refused() -> None:
    """``declarations()`` is asked only of an effect that ``declares``: written alone, never."""
    with pytest.raises(ono99.PluginError) as info:

        @attrs.frozen
        class Names(BaseEffect):
            type = "names"

            def declarations(self, table: Any) -> list[str]:
                return ["red", "black"]

            def describe(self) -> str:
                return "names a colour"

    message = str(info.value)
    assert message.startswith(f"the effect class {__name__}.")
    assert "Names: it writes declarations() but states no declares" in message
    assert 'state declares = "suit", "colour" or "rank"' in message


def test_an_acts_property_that_always_answers_false_beside_apply_is_refused() -> None:
    """A property that answers without its object states its answer, as a plain value does."""
    with pytest.raises(
        ono99.PluginError, match=r"Idle: it writes apply\(\) but states acts = False"
    ):

        @attrs.frozen
        class Idle(BaseEffect):
            type = "idle"

            @property
            def acts(self) -> bool:
                return False

            def apply(self, table: Any, card: Any) -> None:
                table.skip += 1

            def describe(self) -> str:
                return "skips a player"


def test_an_acts_property_that_always_answers_true_needs_apply() -> None:
    with pytest.raises(ono99.PluginError, match=r"states acts = True but writes no apply\(\)"):

        @attrs.frozen
        class Busy(BaseEffect):
            type = "busy"

            @property
            def acts(self) -> bool:
                return True

            def describe(self) -> str:
                return "does nothing"


def test_an_acts_property_worked_out_from_the_settings_is_asked_of_each_object() -> None:
    """A property that reads its settings may say ``False`` for some objects: not refused."""

    @attrs.frozen
    class Skips(BaseEffect):
        type = "skips"
        players: int = 1

        @property
        def acts(self) -> bool:
            return self.players > 0

        def apply(self, table: Any, card: Any) -> None:
            table.skip += self.players

        def describe(self) -> str:
            return f"skips {self.players}"

    assert (Skips(2).acts, Skips(0).acts) == (True, False)


def test_times_on_without_on_show_is_refused() -> None:
    """``times_on()`` is asked only at the show, of a trigger that declares ``on_show``."""
    with pytest.raises(ono99.PluginError, match=r"writes times_on\(\) but states no on_show"):

        @attrs.frozen
        class Shown(BaseTrigger):
            type = "shown"
            after_play = True
            outcomes: tuple[Any, ...] = ()

            def times_on(self, table: Any) -> int:
                return 2

            def describe(self) -> str:
                return "twice"


# ------------------------------------------------------- classes of no base


@attrs.frozen
class Quiet:
    """An effect of no base that states ``acts = False`` and writes an ``apply`` that acts."""

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "quiet"
    changes_total: ClassVar[bool] = False
    adds_to_total: ClassVar[bool] = False
    acts: ClassVar[bool] = False
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
    repeats_previous: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    reads_table: ClassVar[bool] = False
    declares: ClassVar[str] = ""
    opens_reactions: ClassVar[bool] = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        return total

    def total_on(self, table: Any, card: Any, total: int, amount: int | None = None) -> int:
        return total

    def apply(self, table: Any, card: Any) -> None:
        table.skip += 1

    def targets(self, table: Any) -> list[int]:
        return []

    def declarations(self, table: Any) -> list[str]:
        return []

    def for_card(self, card: Any) -> tuple[Any, ...]:
        return (self,)

    def problems(self) -> list[tuple[str, str]]:
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        return []

    def referenced_cards(self) -> list[tuple[str, str]]:
        return []

    def describe(self) -> str:
        return "skips the next player"


def test_a_class_of_no_base_writing_a_method_its_declaration_never_asks_is_named() -> None:
    (fault,) = unasked(Quiet, "effect")
    assert fault.startswith(
        "it writes apply() but states acts = False, so apply() would never be called: "
        "state acts = True, or let apply() only return (a placeholder), or inherit "
        "ono99.rules.BaseEffect and leave acts out (it follows from apply())"
    )


def test_placeholders_of_a_class_of_no_base_are_not_faults() -> None:
    """Members written only to complete the protocol (``pass``, ``return []``, ``return
    total``) are never called, and say so: the class is taken."""

    @attrs.frozen
    class Still(Quiet):
        def apply(self, table: Any, card: Any) -> None:
            """Nothing happens."""

    assert unasked(Still, "effect") == []

    @attrs.frozen
    class Unused(Quiet):
        def apply(self, table: Any, card: Any) -> None:
            raise NotImplementedError("acts is False: never called")

    assert unasked(Unused, "effect") == []
    assert placeholder(Quiet.total_after) and placeholder(Quiet.targets)
    assert not placeholder(Quiet.apply)
    assert not placeholder(Quiet.for_card)  # it builds a tuple of one: it is asked always


def test_a_class_of_no_base_writing_declarations_without_declares_is_named() -> None:
    @attrs.frozen
    class Names(Quiet):
        def apply(self, table: Any, card: Any) -> None:
            pass

        def declarations(self, table: Any) -> list[str]:
            return ["red", "black"]

    (fault,) = unasked(Names, "effect")
    assert fault.startswith("it writes declarations() but states declares = ''")


def test_a_trigger_of_no_base_is_asked_fires_on_at_the_count_s_end() -> None:
    """``fires_on()`` is asked when the count ends whatever ``reads_table`` says; a
    trigger true at no moment never fires."""

    @attrs.frozen
    class CountEnd:
        kind: ClassVar[str] = "trigger"
        type: ClassVar[str] = "count_end"
        after_play: ClassVar[bool] = False
        on_loss: ClassVar[bool] = False
        on_round_end: ClassVar[bool] = False
        on_count_end: ClassVar[bool] = True
        on_show: ClassVar[bool] = False
        on_turn_up: ClassVar[bool] = False
        reads_table: ClassVar[bool] = False
        reads_announcement: ClassVar[bool] = False
        outcomes: tuple[Any, ...] = ()

        def fires_on(self, table: rules.Table) -> bool:
            return table.total == 31

    assert unasked(CountEnd, "trigger") == []

    @attrs.frozen
    class Never(CountEnd):
        on_count_end: ClassVar[bool] = False

    faults = unasked(Never, "trigger")
    assert faults[0].startswith("it writes fires_on() but states reads_table = False")
    assert faults[1].startswith("it states no moment true")


def test_a_class_of_no_base_in_a_variant_made_in_a_program_is_refused() -> None:
    """Not installed, so not loaded by the registry: the variant's check names it."""
    variant = ono99.load_variant("ono99-1980")
    quiet = attrs.evolve(variant.card("2"), effects=(*variant.card("2").effects, Quiet()))
    variant = attrs.evolve(
        variant, cards=tuple(quiet if c.id == "2" else c for c in variant.cards)
    )
    with pytest.raises(ono99.RuleError) as info:
        ono99.Game(variant, 2, seed=1)
    message = str(info.value)
    assert "the effect 'quiet' failed: it writes apply() but states acts = False" in message
    assert message.endswith(f"(class {Quiet.__module__}.Quiet)")


# ------------------------------------------- installed through an entry point

# Each in a module of its own: a class of a base is refused when its module is imported.
SILENT = {
    "silent_names": """
        import attrs
        from ono99.rules import BaseEffect

        @attrs.frozen
        class Names(BaseEffect):
            type = "names"

            def declarations(self, table):
                return ["red", "black"]

            def describe(self):
                return "names a colour"
    """,
    "silent_idle": """
        import attrs
        from ono99.rules import BaseEffect

        @attrs.frozen
        class Idle(BaseEffect):
            type = "idle"

            @property
            def acts(self):
                return False

            def apply(self, table, card):
                table.skip += 1

            def describe(self):
                return "skips a player"
    """,
    "silent_quiet": """
        import attrs

        @attrs.frozen
        class Quiet:
            kind = "effect"
            type = "quiet"
            changes_total = adds_to_total = acts = answers_forced_plays = False
            changes_hands = repeats_previous = chooses_player = reads_table = False
            opens_reactions = False
            choices = ()
            forces_plays = 0
            declares = ""

            def total_after(self, total, amount=None):
                return total

            def total_on(self, table, card, total, amount=None):
                return total

            def apply(self, table, card):
                table.skip += 1

            def targets(self, table):
                return []

            def declarations(self, table):
                return []

            def for_card(self, card):
                return (self,)

            def problems(self):
                return []

            def problems_at(self, bust, floor):
                return []

            def referenced_cards(self):
                return []

            def describe(self):
                return "skips the next player"
    """,
}
POINTS = {"names": "silent_names:Names", "idle": "silent_idle:Idle", "quiet": "silent_quiet:Quiet"}


@pytest.fixture
def silent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution ``silent-rules`` 1.0 on ``sys.path`` (not installed): its entry
    points are found by :mod:`importlib.metadata` as an installed package's would be."""
    site = tmp_path / "site"
    site.mkdir()
    for module, source in SILENT.items():
        (site / f"{module}.py").write_text(textwrap.dedent(source))
    info = site / "silent_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: silent-rules\nVersion: 1.0\n")
    points = "".join(f"{name} = {value}\n" for name, value in POINTS.items())
    (info / "entry_points.txt").write_text(f"[{rules.ENTRY_POINT_GROUP}]\n{points}")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(_loader, "_LOADED", {})
    _registry._found.cache_clear()
    yield site
    _registry._found.cache_clear()
    for module in SILENT:
        sys.modules.pop(module, None)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("names", "the effect class silent_names.Names: it writes declarations() but states no"),
        ("idle", "the effect class silent_idle.Idle: it writes apply() but states acts = False"),
        (
            "quiet",
            "the effect class silent_quiet.Quiet: it writes apply() but states acts = False",
        ),
    ],
)
def test_an_installed_class_that_would_never_act_is_refused_by_its_entry_point(
    silent: Path, tmp_path: Path, name: str, says: str
) -> None:
    """Each loads, passes ``check_file`` and never acts, before; now its entry point, its
    package and its class are named, and a variant naming its type is refused."""
    error = rules.plugin_errors()[name]
    where = f"entry point {name} = {POINTS[name]!r} (group ono99.rules, package silent-rules 1.0)"
    assert str(error).startswith(f"{where}: {says}")
    assert name not in rules.rule_types("effect")
    path = tmp_path / "silent.toml"
    path.write_text(
        'extends = "ono99-2022"\nid = "silent"\n[cards.1]\n'
        f'effects = [{{ type = "add", amount = 1 }}, {{ type = "{name}" }}]\n'
    )
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_variant(path)
    assert f"cards.1.effects[1].type: {where}: {says}" in str(info.value)
    (finding,) = ono99.check_file(path)
    assert (finding.level, finding.path) == ("error", "cards.1.effects[1].type")
    assert says in finding.message
