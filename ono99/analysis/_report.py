"""A profile as tables for people: one per section, or several profiles side by side.

Each table is a title, a header and rows of text, which the command line
draws with rich (escaping every cell) and the docs write as reST, and the
address of the docs page that defines its figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._profile import Estimate, Profile, Quantity

__all__ = ["FIGURES_PAGE", "Sheet", "comparison_sheets", "profile_sheets"]

FIGURES_PAGE = "https://ono99.readthedocs.io/en/latest/explanation/profile.html"
"""The docs page that defines every figure of a profile, a section of it each."""


class Sheet:
    """One table: its title, header, rows, the columns to align right, and its figures' page.

    ``page`` is the address of the docs section that defines the table's
    figures (by name).
    """

    __slots__ = ("header", "page", "right", "rows", "title")

    def __init__(
        self,
        title: str,
        header: list[str],
        rows: list[list[str]],
        right: Sequence[int],
        page: str = FIGURES_PAGE,
    ) -> None:
        self.title = title
        self.header = header
        self.rows = rows
        self.right = tuple(right)
        self.page = page


def _page(anchor: str) -> str:
    return f"{FIGURES_PAGE}#{anchor}"


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


def _bare(estimate: Estimate) -> str:
    """A value as a side by side shows it: a difference in points without its unit."""
    if estimate.kind == "difference":
        return f"{estimate.value * 100:+.1f}"
    return _value(estimate)


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


def _widest(profile: Profile, section: str) -> str:
    """What a section's title says of its precision: the widest headline half interval."""
    width = profile.widths()[section]
    asked = "" if profile.precision is None else f" of +-{profile.precision:g} asked"
    return f"; widest interval +-{width:.1f} points{asked}"


def _deals(profile: Profile) -> str:
    """The deals of card importance, in words: each card's, where some played fewer."""
    games = profile.importance_games
    if all(card.importance.games == games for card in profile.importance):
        return f"{games} deals"
    return (
        f"deals ({games} for the unrestricted player; a card whose interval was "
        "narrow enough played fewer of them)"
    )


def profile_sheets(profile: Profile) -> list[Sheet]:
    """The tables of one profile, a section each."""
    fairness = profile.fairness
    seats = [
        [f"seat {seat}", _value(share), _interval(share)]
        for seat, share in enumerate(fairness.seats)
    ]
    value, interval = _points(fairness.advantage)
    seats.append(
        [
            f"largest advantage (seat {fairness.advantage_seat})",
            f"{value} pts",
            interval,
        ]
    )
    seats.append(["all seats equally likely (chi-square)", f"p = {fairness.p_value:.3f}", ""])
    finished = profile.completion.finished
    decisions = profile.decisions
    skill = [
        [
            f"{rung.player} among {rung.against}",
            _value(rung.win_rate),
            _interval(rung.win_rate),
            f"{rung.p_value:.3g}",
            "yes" if rung.significant else "no",
            str(rung.win_rate.games),
        ]
        for rung in (*profile.skill.rungs, profile.skill.gap)
    ]
    cards = []
    for card in sorted(profile.importance, key=lambda c: (-c.importance.value, c.card)):
        if card.note:
            cards.append([card.name, "0", card.note, "", _value(card.decided)])
            continue
        value, interval = _points(card.importance)
        cards.append(
            [
                card.name,
                value,
                interval,
                f"{card.changed} of {card.legal}",
                _value(card.decided),
            ]
        )
    widths = profile.widths()
    ladder = max(
        widths[f"{r.player} among {r.against}"] for r in (*profile.skill.rungs, profile.skill.gap)
    )
    asked = "" if profile.precision is None else f" of +-{profile.precision:g} asked"
    drama = profile.drama
    if drama.lead_changes is None:
        drama_rows = [
            ["lead changes a move", "not applicable", "one round, or no tokens or points"],
            ["half-way leader wins", "not applicable", "nothing to lead"],
            ["decisiveness", "not applicable", "nothing to lead"],
        ]
    else:
        drama_rows = [
            ["lead changes a move", _value(drama.lead_changes), _interval(drama.lead_changes)],
        ]
        if drama.leader_wins is not None:
            drama_rows.append(["half-way leader wins", *_row("", drama.leader_wins)[1:]])
        if drama.decisiveness is not None:
            drama_rows.append(["decisiveness", *_row("", drama.decisiveness)[1:]])
    return [
        Sheet(
            f"{profile.name}, {profile.players} players, seed {profile.seed}: fairness "
            f"({profile.games} games of cautious players{_widest(profile, 'seat win shares')})",
            ["seat", "wins", "95% interval"],
            seats,
            (1,),
            _page("fairness"),
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
                *(
                    []
                    if decisions.turn_branching is None
                    else [
                        [
                            "legal moves a turn",
                            _value(decisions.turn_branching),
                            _interval(decisions.turn_branching),
                            "",
                            "",
                            "",
                        ]
                    ]
                ),
            ],
            (1, 3, 4, 5),
            _page("completion-duration-and-decisions"),
        ),
        Sheet(
            f"Skill ladder (one player among the others, against a fair "
            f"{profile.fairness.fair:.0%}; widest interval +-{ladder:.1f} points{asked})",
            ["player", "wins", "95% interval", "p", "sig.", "games"],
            skill,
            (1, 3, 5),
            _page("skill-ladder"),
        ),
        Sheet(
            f"Card importance in points (restricted play: a cautious player who never "
            f"plays the card while it has another legal move, less the same player "
            f"unrestricted, on the same {_deals(profile)}, among cautious "
            f"players; changed: its choices the restriction changes, of those where the card "
            f"was legal; decided: the share of games it decided"
            f"{_widest(profile, 'card importance')})",
            ["card", "points", "95% interval", "changed", "decided"],
            cards,
            (1, 3, 4),
            _page("card-importance"),
        ),
        Sheet(
            "Drama",
            ["figure", "value", "95% interval"],
            drama_rows,
            (1,),
            _page("drama"),
        ),
    ]


# The figures a side by side shows under a heading, one row a card, by their names' start.
_GROUPS = {
    "importance of ": "importance of each card",
    "games decided by ": "games each card decided",
}


def comparison_sheets(profiles: Sequence[Profile]) -> list[Sheet]:
    """Profiles side by side: each figure of the first and of another, and the difference.

    One table for each profile after the first, so that each fits 80
    columns: the figure, its value in both, the difference, its 95%
    interval, and ``*`` where Benjamini and Hochberg's procedure marks it
    at a false discovery rate of 5% over the table's figures. The figures
    of each card (its importance, the games it decided) stand under a
    heading row, each named by the card alone, so that no name is cut.
    """
    base = profiles[0]
    sheets = []
    for other in profiles[1:]:
        mine, theirs = base.figures(), other.figures()
        found = {d.figure: d for d in base.differences(other)}
        rows = []
        group = ""
        for name in dict.fromkeys([*mine, *theirs]):
            # The figures of each card stand under their group's name, the card's
            # name alone on its row: a long name then fits 80 columns whole.
            shown = name
            for prefix, heading in _GROUPS.items():
                if name.startswith(prefix):
                    if group != prefix:
                        rows.append([heading, "", "", "", "", ""])
                    shown = "  " + name.removeprefix(prefix)
                    group = prefix
                    break
            else:
                group = ""
            row = [
                shown,
                _bare(mine[name]) if name in mine else "-",
                _bare(theirs[name]) if name in theirs else "-",
            ]
            d = found.get(name)
            if d is None:
                row += ["", "", ""]
            else:
                kind = d.base.kind
                scale, digits = (100, 1) if kind in {"rate", "share", "difference"} else (1, 2)
                row += [
                    f"{d.difference * scale:+.{digits}f}",
                    f"{d.low * scale:+.{digits}f} to {d.high * scale:+.{digits}f}",
                    "*" if d.significant else "",
                ]
            rows.append(row)
        sheets.append(
            Sheet(
                f"{other.variant} less {base.variant}, {base.players} players, seed "
                f"{base.seed} for both (the same deals where their decks are alike): rates "
                "in %, importance and differences in points; * marked by "
                f"Benjamini-Hochberg at a false discovery rate of 5% over the "
                f"{len(found)} differences (the largest seat advantage is not compared: "
                "each seat is)",
                ["figure", "first", "second", "change", "95% interval", ""],
                rows,
                (1, 2, 3, 4),
                _page("side-by-side"),
            )
        )
    return sheets
