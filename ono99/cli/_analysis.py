"""The ``analyse`` command (``analyze`` too): design profiles of variants, side by side."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ono99.analysis import (
    DEFAULT_GAMES,
    analyse,
    comparison_sheets,
    differences_data,
    plot_profiles,
    profile_sheets,
    section_labels,
)
from ono99.loading import load_variant
from ono99.simulation import ProgressBars

from ._games import executor_of, limit_options, warn_of_caps
from ._options import (
    chart_file,
    examples,
    game_count,
    house_rule_name,
    jobs_wanted,
    later_wins_option,
    player_count,
    players_for,
    run_options,
    run_seed,
    variant_name,
    whole,
)
from ._output import KEY, say, table

if TYPE_CHECKING:
    from ono99._variant import Variant
    from ono99.analysis import Profile, Sheet

__all__ = ["add_analysis_command"]


def _analyse(args: argparse.Namespace) -> int:
    chart = chart_file(args)
    names: list[str] = list(args.variants)
    rules: list[str] = list(args.house_rule)
    # One variant and house rules: the variant without them and with them.
    runs: list[tuple[str, list[str]]]
    if len(names) == 1 and rules:
        runs = [(names[0], []), (names[0], rules)]
    else:
        runs = [(name, rules) for name in names]
    variants: list[Variant] = [
        load_variant(name, given, later_wins=args.later_wins) for name, given in runs
    ]
    players = args.players
    if players is None:
        most = min(4, *(v.players.max for v in variants))
        players = max(most, *(v.players.min for v in variants))
    for variant in variants:
        players_for(players, variant)
    seed = run_seed(args)
    jobs = jobs_wanted(args)
    for variant in variants:
        warn_of_caps(variant)
    labels: list[str] = []
    for variant in variants:
        prefix = f"{variant.id}: " if len(variants) > 1 else ""
        labels += [prefix + label for label in section_labels(variant)]
    bars = ProgressBars(labels, enabled=not args.json and not args.quiet)
    profiles: list[Profile] = []
    # Each profile has its share of the time limit, which a profile's sections share again.
    limit = args.time_limit
    share = None if limit is None else limit / len(variants)
    with executor_of(args) as executor, bars.shown(args.games or DEFAULT_GAMES):
        offset = 0
        for variant in variants:
            index = {label: offset + i for i, label in enumerate(section_labels(variant))}
            offset += len(index)

            def progress(label: str, done: int, games: int, index: dict[str, int] = index) -> None:
                bars.update(index[label], done, games)

            profiles.append(
                analyse(
                    variant,
                    players=players,
                    games=args.games,
                    search_games=args.search_games,
                    importance_games=args.importance_games,
                    precision=args.precision,
                    time_limit=share,
                    seed=seed,
                    jobs=jobs,
                    executor=executor,
                    progress=progress,
                )
            )
    if args.json:
        if len(profiles) == 1:
            data: object = profiles[0].to_data()
        else:
            data = {
                "profiles": [p.to_data() for p in profiles],
                "differences": [differences_data(profiles[0], p) for p in profiles[1:]],
            }
        print(json.dumps(data))  # plain, for other tools (json escapes controls)
    else:
        sheets: list[Sheet] = []
        for profile in profiles:
            sheets += profile_sheets(profile)
        if len(profiles) > 1:
            sheets += comparison_sheets(profiles)
        for sheet in sheets:
            say()
            table(sheet.header, sheet.rows, right=sheet.right, title=sheet.title)
            say("each figure is defined at ", (sheet.page, KEY))
    if chart is not None:
        plot_profiles(profiles, chart)
        if not args.json:
            say("\nchart written to ", (str(chart), KEY))
    return 0


def points(text: str) -> float:
    """``--precision``: points above 0, at most 100."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected percentage points, got {text!r}") from None
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(f"expected points above 0, at most 100, got {text!r}")
    return value


def add_analysis_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    formatter: type[argparse.HelpFormatter],
) -> None:
    """Add ``analyse`` (and its other spelling, ``analyze``) to the command's subparsers."""
    parser = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="a design profile of a variant: fairness, length, skill, card importance",
        description=(
            "Profile what a variant's rules do to the game, every figure with its 95% "
            "interval: seat fairness, completion, duration, decisions, a skill ladder of "
            "the built-in players, each card's importance (a player who never plays it) "
            "and drama. Two or more variants, or one variant with --house-rule (profiled "
            "without and with the house rules), stand side by side with each difference "
            "and whether it is significant (Benjamini-Hochberg, at a false discovery rate "
            "of 5%). The same seed gives the same profile, whatever --jobs or --scheduler. "
            "By default a profile aims at +-3 points: it plays more games where a section's "
            "intervals are wider (--precision), within --time-limit; every section says how "
            "wide its intervals are. Each table names "
            "the docs page that defines its figures."
        ),
        epilog=examples(
            "ono99 analyse ono99-2022 --seed 1",
            "ono99 analyse ono99-1980 --house-rule two-decks --players 3 --seed 1",
            "ono99 analyse ono99-1980 ono99-1980-option --games 1000 --chart profile.png",
            "ono99 analyse ono99-2022 --players 2 --games 400 --seed 1 --json",
        ),
        formatter_class=formatter,
    )
    parser.add_argument(
        "variants",
        nargs="+",
        type=variant_name,
        metavar="VARIANT",
        help="variant ids or TOML file paths",
    )
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        type=house_rule_name,
        metavar="RULE",
        help="lay a house rule (id or TOML file path) over each variant; with one variant, "
        "it is profiled without and with the house rules; repeat for several",
    )
    later_wins_option(parser)
    parser.add_argument(
        "--players",
        type=player_count,
        metavar="N",
        help="players per game (default: 4, or the variants' nearest)",
    )
    parser.add_argument(
        "--games",
        type=game_count,
        metavar="N",
        help="games of the main section and of the cautious rung of the ladder (default: 2000, "
        "the first of them where --precision asks for more)",
    )
    parser.add_argument(
        "--search-games",
        type=game_count,
        metavar="N",
        help="games of each rung with the search player (default: an eighth of --games)",
    )
    parser.add_argument(
        "--importance-games",
        type=game_count,
        metavar="N",
        help="games of card importance, played by the unrestricted player and by each "
        "restricted one on the same deals (default: half of --games)",
    )
    parser.add_argument(
        "--precision",
        type=points,
        metavar="N",
        help="play more games where the widest 95%% interval of a section's headline figures "
        "(seat shares, each rung of the skill ladder, card importance) is wider than +-N "
        "percentage points, until it is that narrow or --time-limit is spent (without one, "
        "sections stop growing after 300 seconds) (default: 3, unless a count of games is "
        "given: then those games are played)",
    )
    parser.add_argument(
        "--seed",
        type=whole,
        metavar="N",
        help="master seed: the same seed plays the same games (default: chosen and printed)",
    )
    run_options(parser)
    limit_options(parser)
    parser.set_defaults(run=_analyse, parser=parser)
