"""A profile as tables for people: one per section, or several profiles side by side.

Each table is a title, a header and rows of text, which the command line
draws with rich (escaping every cell) and the docs write as reST.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._profile import Estimate, Profile, Quantity

__all__ = ["Sheet", "comparison_sheets", "profile_sheets"]


class Sheet:
    """One table: its title, header, rows, and the columns to align right."""

    __slots__ = ("header", "right", "rows", "title")

    def __init__(
        self, title: str, header: list[str], rows: list[list[str]], right: Sequence[int]
    ) -> None:
        self.title = title
        self.header = header
        self.rows = rows
        self.right = tuple(right)


def _interval(estimate: Estimate) -> str:
    if estimate.kind == "difference":
        return f"{estimate.low * 100:+.1f} to {estimate.high * 100:+.1f}"
    if estimate.kind in {"rate", "share"}:
        return f"{estimate.low:.1%} to {estimate.high:.1%}"
    return f"{estimate.low:.2f} to {estimate.high:.2f}"


def _value(estimate: Estimate) -> str:
    if estimate.kind == "difference":
        return f"{estimate.value * 100:+.1f} pts"
    if estimate.kind in {"rate", "share"}:
        return f"{estimate.value:.1%}"
    return f"{estimate.value:.2f}"


def _row(name: str, estimate: Estimate) -> list[str]:
    return [name, _value(estimate), _interval(estimate)]


def _points(estimate: Estimate) -> tuple[str, str]:
    return (
        f"{estimate.value * 100:+.1f}",
        f"{estimate.low * 100:+.1f} to {estimate.high * 100:+.1f}",
    )


def _quantity(name: str, q: Quantity) -> list[str]:
    return [
        name,
        f"{q.mean.value:.1f}",
        _interval(q.mean),
        f"{q.sd:.1f}",
        f"{q.median:g}",
        f"{q.p90:g}",
    ]


def profile_sheets(profile: Profile) -> list[Sheet]:
    """The tables of one profile, a section each."""
    fairness = profile.fairness
    seats = [
        [f"seat {seat}", _value(share), _interval(share)]
        for seat, share in enumerate(fairness.seats)
    ]
    value, interval = _points(fairness.advantage)
    seats.append([f"largest advantage (seat {fairness.advantage_seat})", f"{value} pts", interval])
    seats.append(["all seats equally likely (chi-square)", f"p = {fairness.p_value:.3f}", ""])
    finished = profile.completion.finished
    decisions = profile.decisions
    skill = [
        [
            f"{rung.player} among {rung.against}",
            _value(rung.win_rate),
            _interval(rung.win_rate),
            f"{rung.fair:.0%}",
            f"{rung.p_value:.3g}",
            "yes" if rung.significant else "no",
        ]
        for rung in (*profile.skill.rungs, profile.skill.gap)
    ]
    cards = []
    for card in sorted(profile.importance, key=lambda c: -c.importance.value):
        value, interval = _points(card.importance)
        cards.append([card.name, value, interval, _value(card.win_rate), _value(card.decided)])
    drama = profile.drama
    how = "" if drama.measured else " (one round, or no tokens or points: nothing to lead)"
    return [
        Sheet(
            f"{profile.name}, {profile.players} players, seed {profile.seed}: fairness "
            f"({profile.games} games of cautious players)",
            ["seat", "wins", "95% interval"],
            seats,
            (1,),
        ),
        Sheet(
            "Completion, duration and decisions",
            ["figure", "mean", "95% interval", "sd", "median", "90th pct"],
            [
                ["finished by the rules", _value(finished), _interval(finished), "", "", ""],
                _quantity("plays a game", profile.duration.plays),
                _quantity("turns a game", profile.duration.turns),
                _quantity("rounds a game", profile.duration.rounds),
                [
                    "turns with a choice",
                    _value(decisions.choice_share),
                    _interval(decisions.choice_share),
                    "",
                    "",
                    "",
                ],
                [
                    "legal moves a move",
                    _value(decisions.branching),
                    _interval(decisions.branching),
                    "",
                    "",
                    "",
                ],
            ],
            (1, 3, 4, 5),
        ),
        Sheet(
            f"Skill ladder (one player among the others; {profile.games} games, "
            f"{profile.search_games} with search)",
            ["player", "wins", "95% interval", "fair", "p", "significant"],
            skill,
            (1, 3, 4),
        ),
        Sheet(
            f"Card importance (a cautious player who never plays the card; "
            f"{profile.importance_games} games a card)",
            ["card", "importance (pts)", "95% interval", "its wins", "games it decided"],
            cards,
            (1, 3, 4),
        ),
        Sheet(
            "Drama" + how,
            ["figure", "value", "95% interval"],
            [
                ["lead changes a game", _value(drama.lead_changes), _interval(drama.lead_changes)],
                [
                    "won from behind at half-way",
                    _value(drama.comebacks),
                    _interval(drama.comebacks),
                ],
            ],
            (1,),
        ),
    ]


def comparison_sheets(profiles: Sequence[Profile]) -> list[Sheet]:
    """Profiles side by side: each figure, and each one's difference from the first."""
    base = profiles[0]
    header = ["figure", *(p.variant for p in profiles)]
    for other in profiles[1:]:
        header += [f"difference, {other.variant} (95% interval)", "p"]
    figures = [p.figures() for p in profiles]
    differences = [{d.figure: d for d in base.differences(other)} for other in profiles[1:]]
    rows = []
    for name in dict.fromkeys(n for f in figures for n in f):
        row = [name, *(_value(f[name]) if name in f else "-" for f in figures)]
        for found in differences:
            d = found.get(name)
            if d is None:
                row += ["-", ""]
                continue
            scale, digits = (100, 1) if d.base.kind in {"rate", "share", "difference"} else (1, 2)
            mark = " *" if d.significant else ""
            row += [
                f"{d.difference * scale:+.{digits}f} ({d.low * scale:+.{digits}f} to "
                f"{d.high * scale:+.{digits}f}){mark}",
                f"{d.p_value:.3f}",
            ]
        rows.append(row)
    seeds = f"seed {base.seed}, the same deals for each"
    return [
        Sheet(
            f"{len(profiles)} profiles, {base.players} players, {seeds} "
            "(rates in %, their differences in points; * significant at 5%)",
            header,
            rows,
            tuple(range(1, len(header))),
        )
    ]
