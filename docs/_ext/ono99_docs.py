"""Pages generated from the variant files and the library at build time.

Writes into ``docs/_generated/`` (ignored by git) before Sphinx reads any
page:

- ``rulebooks.rst`` and ``rulebooks/<id>.rst``: each shipped variant's
  rulebook (:func:`ono99.rulebook`), what it changes from the variant it
  extends, and its TOML file;
- ``house-rules.rst`` and ``house-rules/<id>.rst``: each shipped house rule,
  what it changes on each edition it fits, and its file;
- ``includes/cli.rst``: the help of the ``ono99`` command and its commands;
- ``includes/capabilities-<kind>.rst``: what each shipped rule object of a
  kind declares and which members it writes itself, read from the classes;
- ``figures/``: a turn of the game and how a file becomes a game, as SVG
  diagrams, a chart drawn by ``ono99 simulate --chart``, the picture of a
  table an environment draws (``rgb_array``), and
  ``includes/play-session.txt``, a game of ``ono99 play`` (``ono99_figures``).

It also adds a directive, ``.. ono99-differences:: ID ID ...``, that puts a
table of every setting and card in which the variants differ into a page, and
fails the build (a warning, which ``-W`` makes an error) on anything a reader
would see as an error box: a ``.. contents::`` table, which the Furo theme
paints as a red "ERROR" box, and docutils' own inline error markers.

So the documentation cannot drift from the TOML or the code: change a file,
rebuild, and the pages follow.
"""

from __future__ import annotations

import argparse
import inspect
import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ono99_figures
import ono99_profiles
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import ono99
from ono99 import rules
from ono99.authoring._rulebook import card_rules, relevant_settings, rulebook
from ono99.cli._main import build_parser
from ono99.loading._problems import toml_value
from ono99.rules._contract import KINDS, members
from ono99.rules._follows import FOLLOWS

if TYPE_CHECKING:
    from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants"
MISSING = "—"
EMPTY = "\\ "  # an empty table cell, in reStructuredText


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the generator with Sphinx."""
    app.connect("builder-inited", generate)
    app.connect("doctree-resolved", find_error_boxes)
    app.add_directive("ono99-differences", Differences)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


# Furo's escape hatch: a contents table with this class is shown as a table.
FURO_TOC_ALLOWED = "this-will-duplicate-information-and-it-is-still-useful-here"
logger = logging.getLogger(__name__)


def error_boxes(doctree: nodes.Node) -> list[tuple[nodes.Element, str]]:
    """What in ``doctree`` a reader would see as an error box, and why."""
    found: list[tuple[nodes.Element, str]] = []
    for topic in doctree.findall(nodes.topic):
        if "contents" in topic["classes"] and FURO_TOC_ALLOWED not in topic["classes"]:
            found.append(
                (
                    topic,
                    "a '.. contents::' table: the Furo theme shows it as a red ERROR box "
                    "(each page has a table of contents in its sidebar already)",
                )
            )
    for node in doctree.findall(nodes.problematic):
        found.append((node, f"docutils marks {node.astext()!r} as a problem"))
    return found


def find_error_boxes(
    app: Sphinx,  # noqa: ARG001 - the event's signature
    doctree: nodes.document,
    docname: str,
) -> None:
    """Warn (an error under ``-W``) on every error box in a page."""
    for node, why in error_boxes(doctree):
        logger.warning("%s shows an error box: %s", docname, why, location=node)


def generate(app: Sphinx) -> None:
    """Write every generated page, leaving unchanged files untouched."""
    out = Path(app.srcdir) / "_generated"
    pages = pages_for_variants()
    pages.update(pages_for_house_rules())
    pages["includes/cli.rst"] = cli_help()
    for kind in KINDS:
        pages[f"includes/capabilities-{kind}.rst"] = capabilities_table(kind)
    pages["figures/turn.svg"] = ono99_figures.turn_diagram()
    pages["figures/pipeline.svg"] = ono99_figures.pipeline_diagram()
    pages["includes/play-session.txt"] = ono99_figures.play_session()
    worked = [ono99.Profile.from_data(d) for d in ono99_profiles.load()["worked"]]
    (
        pages["includes/worked-substitutions.rst"],
        pages["includes/worked-table.rst"],
    ) = ono99_profiles.worked_rst(worked)
    chart = out / "figures" / "simulate-chart.png"
    chart.parent.mkdir(parents=True, exist_ok=True)
    ono99_figures.chart(chart)
    ono99_figures.table_picture(out / "figures" / "table.png")
    ono99.plot_profiles(worked, out / "figures" / "house-rule-profile.png")
    stale = set(out.rglob("*.rst")) if out.exists() else set()
    for name, text in pages.items():
        path = out / name
        stale.discard(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        path.unlink()


# ------------------------------------------------------------------ variants


def raw_file(variant_id: str, folder: Path = VARIANTS) -> tuple[Path, dict[str, Any]] | None:
    """A shipped file and its data as written (before ``extends`` is resolved)."""
    path = folder / f"{variant_id}.toml"
    if not path.is_file():
        return None
    return path, tomllib.loads(path.read_text(encoding="utf-8"))


def base_editions() -> list[str]:
    """The shipped variants that extend no other: the editions themselves."""
    out = []
    for variant_id in ono99.list_variants():
        found = raw_file(variant_id)
        if found is None or "extends" not in found[1]:
            out.append(variant_id)
    return out


def pages_for_variants() -> dict[str, str]:
    """A rulebook page per shipped variant, and their index."""
    pages: dict[str, str] = {}
    ids = ono99.list_variants()
    bases = base_editions()
    profiles = {
        variant_id: ono99.Profile.from_data(data)
        for variant_id, data in ono99_profiles.load()["variants"].items()
    }
    for variant_id in ids:
        variant = ono99.load_variant(variant_id)
        parts = [f".. _rulebook-{variant_id}:", "", rulebook(variant, format="rst")]
        found = raw_file(variant_id)
        if found is not None:
            path, data = found
            parent = data.get("extends")
            if isinstance(parent, str):
                parts.append(changes_section(ono99.load_variant(parent), variant))
            parts.append(file_section(path))
        if variant_id in profiles:
            parts.append(ono99_profiles.summary_rst(profiles[variant_id]))
        pages[f"rulebooks/{variant_id}.rst"] = "\n".join(parts)
    lines = [
        ".. _rulebooks:",
        "",
        "Rulebooks of the shipped variants",
        "=================================",
        "",
        "Each page is generated from the variant's TOML file when these pages are",
        "built, with :func:`ono99.rulebook`: the rules in words, the cards, every",
        "setting, and the file itself. The complete rule sets:",
        "",
    ]
    lines += [f"- :ref:`rulebook-{i}`" for i in bases]
    lines += ["", "Variants built on them (each page says what it changes):", ""]
    lines += [f"- :ref:`rulebook-{i}`" for i in ids if i not in bases]
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   rulebooks/{i}" for i in ids]
    pages["rulebooks.rst"] = "\n".join(lines) + "\n"
    return pages


def changes_section(parent: ono99.Variant, variant: ono99.Variant) -> str:
    """A section listing what ``variant`` changes from the variant it extends."""
    title = f"Changes from {parent.id}"
    lines = [
        title,
        "-" * len(title),
        "",
        f"This variant extends :ref:`rulebook-{parent.id}` and changes:",
        "",
    ]
    lines += differences_table([parent, variant])
    return "\n".join(lines)


def file_section(path: Path, shown: str | None = None) -> str:
    """The variant file as written, with its source comments."""
    lines = [
        "The file",
        "--------",
        "",
        f"``{shown or 'variants/' + path.name}``, as shipped:",
        "",
        ".. code-block:: toml",
        "",
    ]
    lines += [f"   {line}" if line else "" for line in path.read_text("utf-8").splitlines()]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------- house rules


def pages_for_house_rules() -> dict[str, str]:
    """A page per shipped house rule, and their index."""
    pages: dict[str, str] = {}
    ids = ono99.list_house_rules()
    bases = base_editions()
    for rule_id in ids:
        rule = ono99.load_house_rule(rule_id)
        title = esc(rule.name)
        lines = [f".. _house-rule-{rule_id}:", "", title, "=" * len(title), ""]
        if rule.description:
            lines += [esc(rule.description), ""]
        about = [f"House rule id: ``{rule_id}``."]
        if rule.editions:
            about.append(
                "For " + ", ".join(f":ref:`rulebook-{e}`" for e in rule.editions) + " only."
            )
        else:
            about.append("For any variant.")
        if rule.source:
            about.append(f"Source: {esc(rule.source)}.")
        lines += [" ".join(about), ""]
        changes: dict[str, list[list[str]]] = {}
        for base in bases:
            if rule_id in ono99.list_house_rules(fits=base):
                edition = ono99.load_variant(base)
                combined = ono99.load_variant(base, house_rules=[rule_id])
                rows = difference_rows([edition, combined])
                if rows:  # it may fit and change nothing (bust-above-99 on 99)
                    changes[base] = rows
        lines += ["What it changes", "---------------", ""]
        header = ["Setting or card", "Before", "After"]
        links = {base: f":ref:`{base} <rulebook-{base}>`" for base in changes}
        tables = {repr(rows) for rows in changes.values()}
        if len(tables) == 1 and len(changes) > 1:
            lines += [
                "The same on every shipped variant it fits ("
                + ", ".join(links.values())
                + f"), laid over with ``house_rules=[{rule_id!r}]``:",
                "",
                *list_table(header, next(iter(changes.values())), "ono99-diff"),
            ]
        else:
            for base, rows in changes.items():
                lines += [f"On {links[base]}:", "", *list_table(header, rows, "ono99-diff")]
        path = Path(rule.path)
        lines.append(file_section(path, f"variants/house/{path.name}"))
        pages[f"house-rules/{rule_id}.rst"] = "\n".join(lines)
    lines = [
        ".. _house-rules-list:",
        "",
        "Shipped house rules",
        "===================",
        "",
        "Each page is generated from the house rule's file when these pages are",
        "built: what it changes on each edition it fits, and the file itself. Lay",
        "them over a variant with ``ono99.load_variant(id, house_rules=[...])``",
        "(see :doc:`/howto/house-rules`).",
        "",
    ]
    for rule_id in ids:
        rule = ono99.load_house_rule(rule_id)
        lines.append(f"- :ref:`house-rule-{rule_id}`: {esc(rule.description)}")
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   house-rules/{i}" for i in ids]
    pages["house-rules.rst"] = "\n".join(lines) + "\n"
    return pages


# ------------------------------------------------------------- differences


def card_cell(card: ono99.Card | None, *, rules: bool, points: bool) -> str:
    """A card in a table cell: name and count, and its rules when asked."""
    if card is None:
        return MISSING
    cards = "1 card" if card.count == 1 else f"{card.count} cards"
    text = (
        f"{esc(card.name)} ({cards}, {card.points} points each)"
        if points
        else (f"{esc(card.name)} ({cards})")
    )
    if rules:
        text += ": " + esc(card_rules(card))
    return text


def difference_rows(variants: list[ono99.Variant]) -> list[list[str]]:
    """The settings and cards in which ``variants`` differ: a label, then a cell each."""
    settings = [relevant_settings(v) for v in variants]
    keys = list(dict.fromkeys(k for s in settings for k in s))
    rows: list[list[str]] = []
    for key in keys:
        values = [toml_value(s[key]) if key in s else None for s in settings]
        if len(set(values)) > 1:
            rows.append([f"``{key}``", *(f"``{v}``" if v else MISSING for v in values)])
    ids = list(dict.fromkeys(c.id for v in variants for c in v.cards))
    points = any(v.match.scoring == "points" for v in variants)
    for card_id in ids:
        cards = [next((c for c in v.cards if c.id == card_id), None) for v in variants]
        if len({repr(c) for c in cards}) == 1:
            continue
        rules = len({card_rules(c) if c else None for c in cards}) > 1
        rows.append(
            [
                f"card ``{card_id}``",
                *(card_cell(c, rules=rules, points=points) for c in cards),
            ]
        )
    return rows


def list_table(header: list[str], rows: list[list[str]], css: str) -> list[str]:
    """A reStructuredText list-table."""
    lines = [".. list-table::", "   :header-rows: 1", f"   :class: {css}", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0] or EMPTY}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return [*lines, ""]


def differences_table(variants: list[ono99.Variant]) -> list[str]:
    """A table of the settings and cards in which ``variants`` differ.

    Each column's head links to the variant's rulebook page.
    """
    rows = difference_rows(variants)
    if not rows:
        return ["Nothing: the rules are the same.", ""]
    header = ["", *(f":ref:`{v.id} <rulebook-{v.id}>`" for v in variants)]
    return list_table(header, rows, "ono99-diff")


class Differences(SphinxDirective):
    """``.. ono99-differences:: ID ID ...``: how the named variants differ."""

    required_arguments = 2
    optional_arguments = 10

    def run(self) -> list[nodes.Node]:
        """The table, parsed in place."""
        for path in sorted(VARIANTS.rglob("*.toml")):
            self.env.note_dependency(str(path))
        variants = [ono99.load_variant(name) for name in self.arguments]
        box = nodes.container()
        lines = StringList(differences_table(variants), source="ono99-differences")
        self.state.nested_parse(lines, self.content_offset, box)
        return list(box.children)


def esc(text: str) -> str:
    """Text with reStructuredText markup characters escaped."""
    for char in "\\*`|_":
        text = text.replace(char, "\\" + char)
    return text


# ------------------------------------------------------------ rule objects

_BASES: dict[str, type] = {
    "effect": rules.BaseEffect,
    "condition": rules.BaseCondition,
    "trigger": rules.BaseTrigger,
    "outcome": rules.BaseOutcome,
}


def _follows_from(cls: type, name: str) -> str:
    """What a declaration that followed from the class follows from, for a table cell."""
    kind: str = cls.kind  # type: ignore[attr-defined]
    method = dict(FOLLOWS[kind]).get(name)
    if method is not None:
        return f"``{method}``"
    if name == "ends_round":
        return "``wins_round``"
    return "``fires_on``" if "fires_on" in vars(cls) or cls.reads_table else "``fires``"  # type: ignore[attr-defined]


def _declared(cls: type, name: str) -> str:
    """A declaration's value on a class, for a table cell: blank when it is neutral.

    One that follows from what the class writes (``acts`` from ``apply``) says
    so: "by ``apply``".
    """
    value = inspect.getattr_static(cls, name)
    if name in cls._follows:  # type: ignore[attr-defined]
        return f"yes, by {_follows_from(cls, name)}"
    if value == inspect.getattr_static(_BASES[cls.kind], name, None):  # type: ignore[attr-defined]
        return EMPTY
    if isinstance(value, property):
        return "by its settings"
    if value is True:
        return "yes"
    return f"``{value!r}``"


def capabilities_table(kind: str) -> str:
    """What each shipped rule object of ``kind`` declares, and the methods it writes.

    Read from the classes: a blank cell is the neutral value the class
    inherits from its base (:class:`~ono99.rules.BaseEffect` and the rest);
    "yes, by ``apply``" a declaration that follows from a method the class writes.
    """
    base = _BASES[kind]
    own = [m for m in members(kind) if m not in {"kind", "type", "outcomes"}]
    declarations = [m for m in own if not callable(getattr(base, m, None))]
    declarations = [m for m in declarations if hasattr(base, m)]
    methods = [m for m in own if m not in declarations]
    header = ["``type``", "class", *(f"``{m}``" for m in declarations), "writes"]
    rows = []
    for name, cls in rules.rule_types(kind, shipped_only=True).items():
        written = [m for m in methods if m in vars(cls) or _inherited_own(cls, base, m)]
        rows.append(
            [
                f"``{name}``",
                f":class:`~ono99.rules.{cls.__name__}`",
                *(_declared(cls, m) for m in declarations),
                ", ".join(f"``{m}``" for m in written) or EMPTY,
            ]
        )
    return "\n".join(list_table(header, rows, "capabilities")) + "\n"


def _inherited_own(cls: type, base: type, name: str) -> bool:
    """Whether a class between ``cls`` and ``base`` (a private helper base) writes ``name``."""
    return any(name in vars(k) for k in cls.__mro__[1 : cls.__mro__.index(base)])


# ------------------------------------------------------------ command line


def cli_help() -> str:
    """The help of the ``ono99`` command and each of its commands."""
    os.environ["COLUMNS"] = "80"  # argparse wraps help to the terminal's width
    parser = build_parser()
    lines = ["``ono99 --help``:", "", ".. code-block:: text", ""]
    lines += indent(parser.format_help())
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                lines += [f".. _cli-{name}:", "", f"ono99 {name}", "-" * (6 + len(name)), ""]
                lines += [f"``ono99 {name} --help``:", "", ".. code-block:: text", ""]
                lines += indent(sub.format_help())
    return "\n".join(lines) + "\n"


def indent(text: str) -> list[str]:
    """Lines indented for a directive's content."""
    return [f"   {line}" if line.strip() else "" for line in text.splitlines()] + [""]
