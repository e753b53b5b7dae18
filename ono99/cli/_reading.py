"""The commands that read rules: ``variants``, ``rules``, ``diff``, ``schema``, ``validate``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ono99._errors import Ono99Error
from ono99._text import escape
from ono99.authoring import check_file, diff_variants, file_kind, rulebook, schema_text
from ono99.loading import list_house_rules, list_variants, load_house_rule, load_variant

from ._options import (
    UsageError,
    examples,
    house_rule_name,
    later_wins_option,
    variant_name,
    variant_options,
)
from ._output import ERROR, HEADING, KEY, OK, WARNING, console, say, styled, table

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from ono99.authoring import Finding

__all__ = ["add_reading_commands"]


def _variants(_: argparse.Namespace) -> int:
    rows = []
    for name in list_variants():
        variant = load_variant(name)
        also = f" Also called: {', '.join(variant.aliases)}." if variant.aliases else ""
        rows.append([name, variant.description + also])
    title = "Variants (VARIANT: an id, or any name it is also called)"
    table(["variant", "what it is"], rows, title=title)
    house = [[rule, load_house_rule(rule).description] for rule in list_house_rules()]
    if house:
        say()
        table(["house rule", "what it changes"], house, title="House rules (--house-rule RULE)")
    return 0


def _rules(args: argparse.Namespace) -> int:
    text = rulebook(load_variant(args.variant, args.house_rule, later_wins=args.later_wins))
    out = console()
    if not out.is_terminal:
        sys.stdout.write(escape(text))  # as rulebook() returns it, for files and pipes
        return 0
    lines = text.splitlines()
    for index, line in enumerate(lines):
        under = lines[index + 1] if index + 1 < len(lines) else ""
        if line and set(line) <= {"=", "-"}:
            continue  # the underline of the heading just printed
        if under and set(under) <= {"=", "-"} and len(under) == len(line):
            say((line, HEADING if under[0] == "=" else "bold"))
        else:
            say(line)
    return 0


def _diff(args: argparse.Namespace) -> int:
    a = load_variant(args.a)
    b = load_variant(args.b, args.house_rule, later_wins=args.later_wins)
    rows = diff_variants(a, b)
    if not rows:
        say(a.id, " and ", b.id, " have the same rules")
        return 0
    table(["rule", a.id, b.id], rows)
    return 0


def _schema(args: argparse.Namespace) -> int:
    text = schema_text(args.kind)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise Ono99Error(f"cannot write {args.output}: {exc.strerror or exc}") from None
    return 0


def _validate(args: argparse.Namespace) -> int:
    if not args.files and not args.house_rule:
        raise UsageError("FILE", "give at least one file to check (or --house-rule RULE)")
    reports = []
    for name in args.files:
        kind = file_kind(name)
        reports.append((name, kind, check_file(name, kind=kind)))
    # As in every command, --house-rule lays a house rule over the variants: those
    # given here, or (with none) those its 'for' names, as checking it alone does.
    over = [name for name, kind, _ in reports if kind == "variant"]
    for name in args.house_rule:
        reports.append((name, "house-rule", check_file(name, kind="house-rule", over=over)))
    errors = sum(f.level == "error" for _, _, found in reports for f in found)
    warnings = sum(f.level == "warning" for _, _, found in reports for f in found)
    if args.json:
        data = {
            "files": [
                {
                    "file": name,
                    "kind": kind,
                    "ok": not any(f.level == "error" for f in found),
                    "findings": [f.to_data() for f in found],
                }
                for name, kind, found in reports
            ],
            "errors": errors,
            "warnings": warnings,
            "strict": args.strict,
        }
        print(json.dumps(data, indent=2))  # plain, for other tools (json escapes controls)
    else:
        for name, kind, found in reports:
            _print_report(name, kind, found)
    return 1 if errors or (args.strict and warnings) else 0


def _print_report(name: str, kind: str, found: Sequence[Finding]) -> None:
    """A file's findings, errors on standard error, then a line saying how it went."""
    for finding in found:
        where = f" (laid over {', '.join(finding.variants)})" if finding.variants else ""
        key: list[str | tuple[str, str]] = [(finding.path, KEY), ": "] if finding.path else []
        if finding.level == "error":  # as every command reports a failure: ono99: error: ...
            error_line = styled(("ono99: error:", ERROR), f" {finding.file}: ", *key)
            error_line.append(finding.message + where)
            console(stderr=True).print(error_line, soft_wrap=True)
        else:
            say(f"{finding.file}: ", ("warning:", WARNING), " ", *key, finding.message + where)
    if any(f.level == "error" for f in found):
        return
    count = len(found)
    notes = f", {count} warning{'s' if count != 1 else ''}" if count else ""
    if kind == "house-rule":
        rule = load_house_rule(name)
        keys = ", ".join(rule.keys)
        say(f"{name}: ", ("ok", OK), f" (house rule {rule.id}, setting {keys}{notes})")
    else:
        variant = load_variant(name)
        kinds, size = len(variant.cards), variant.deck_size
        say(
            f"{name}: ",
            ("ok", OK),
            f" (variant {variant.id}, {kinds} kinds of card, {size} cards{notes})",
        )


def add_reading_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    formatter: type[argparse.HelpFormatter],
) -> None:
    """Add the commands that read rules to the command's subparsers."""
    variants = commands.add_parser(
        "variants",
        help="list the shipped variants and house rules",
        description=(
            "Print two tables: each shipped variant's id with its description and the other "
            "names it is also called, then each shipped house rule's id with what it changes. "
            "Any of those names may be given as VARIANT, and a house rule's id to --house-rule."
        ),
        epilog=examples(
            "ono99 variants",
            "ono99 rules ono99-1980        # then read one's rules",
        ),
        formatter_class=formatter,
    )
    variants.set_defaults(run=_variants, parser=variants)

    rules = commands.add_parser(
        "rules",
        help="print a variant's rulebook, in words",
        description="Print the rules of a variant in words, generated from its TOML.",
        epilog=examples(
            "ono99 rules ono99-1980",
            "ono99 rules ono99-1980 --house-rule last-standing",
            "ono99 rules my-variant.toml",
        ),
        formatter_class=formatter,
    )
    rules.add_argument(
        "variant", type=variant_name, metavar="VARIANT", help="variant id or TOML file path"
    )
    variant_options(rules, default=None)
    rules.set_defaults(run=_rules, parser=rules)

    diff = commands.add_parser(
        "diff",
        help="show every rule that differs between two variants",
        description="A table of every rule (by TOML key) that differs between two variants.",
        epilog=examples(
            "ono99 diff ono99-1980 ono99-2022",
            "ono99 diff ono99-1980 my-variant.toml",
            "ono99 diff ono99-2022 ono99-2022 --house-rule two-decks  # what it changes",
        ),
        formatter_class=formatter,
    )
    diff.add_argument("a", type=variant_name, metavar="A", help="a variant: id or TOML file path")
    diff.add_argument("b", type=variant_name, metavar="B", help="the variant to compare it with")
    diff.add_argument(
        "--house-rule",
        action="append",
        default=[],
        type=house_rule_name,
        metavar="RULE",
        help="lay a house rule over B (repeat for several, applied in order); with A and B "
        "the same variant, the table shows what the house rules change",
    )
    later_wins_option(diff)
    diff.set_defaults(run=_diff, parser=diff)

    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of variant or house-rule files, for editors",
        description=(
            "Print a JSON Schema (draft 2020-12) of variant files, or of house-rule files, "
            "generated from the library and its installed rule objects. Editors such as "
            "Taplo (Even Better TOML) use it for completion, hover help and checks."
        ),
        epilog=examples(
            "ono99 schema -o variant.schema.json",
            "ono99 schema --kind house-rule -o house-rule.schema.json",
        ),
        formatter_class=formatter,
    )
    schema.add_argument(
        "--kind",
        choices=("variant", "house-rule"),
        default="variant",
        help="which files the schema describes (default: variant)",
    )
    schema.add_argument(
        "-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it"
    )
    schema.set_defaults(run=_schema, parser=schema)

    validate = commands.add_parser(
        "validate",
        help="check variant and house-rule files; exit status 1 if any is bad",
        description=(
            "Check variant and house-rule files and report every problem with its TOML key "
            "path: errors where a file cannot work, warnings where it will play badly (a card "
            "that can never be played, a setting that changes nothing, such as a "
            "[ranks.<rank>] table whose every card has its own [cards.<id>] table setting the "
            "same keys). A house rule is laid over each variant its 'for' names, or over "
            "every shipped one. The exit status is "
            "1 if any file has an error (or, with --strict, a warning), 2 if no file is given."
        ),
        epilog=examples(
            "ono99 validate my-variant.toml",
            "ono99 validate --strict variants/*.toml     # warnings fail too",
            "ono99 validate six-minus-tens.toml          # a house rule, over its 'for'",
            "ono99 validate my-variant.toml --house-rule six-minus-tens.toml",
            "ono99 validate --json my-variant.toml       # for other tools",
        ),
        formatter_class=formatter,
    )
    validate.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="a variant or house-rule TOML file (which one is told from what it holds)",
    )
    validate.add_argument(
        "--house-rule",
        action="append",
        default=[],
        type=house_rule_name,
        metavar="FILE",
        help="lay a house rule (id or TOML file path) over each variant FILE and check it "
        "there; with no variant FILE, over the variants its 'for' names (repeat for several)",
    )
    validate.add_argument(
        "--strict", action="store_true", help="fail (exit status 1) on warnings too"
    )
    validate.add_argument(
        "--json", action="store_true", help="print the findings as one JSON object"
    )
    validate.set_defaults(run=_validate, parser=validate)
