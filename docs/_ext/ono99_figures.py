"""Figures drawn at build time: two diagrams, a chart, a picture of a table, a recorded game.

The diagrams are plain SVG written by a few lines of Python (boxes, arrows and
wrapped text), so the docs need no Graphviz or browser to build; the chart is
what ``ono99 simulate --chart`` draws; the game is ``ono99 play`` with its
input scripted. Each is made from the library as it is, so none can go stale.
"""

from __future__ import annotations

import io
import textwrap
from html import escape
from typing import TYPE_CHECKING

from attrs import frozen

import ono99
from ono99.cli._interactive import play_in_terminal

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from pathlib import Path

CHAR = 7.4  # the width of a character of the 13 px font, on average
LINE = 17  # the height of a line of text
PAD = 10


@frozen
class Box:
    """A box of wrapped text; ``kind`` picks its colours."""

    name: str
    x: float
    y: float
    width: float
    text: str
    kind: str = "step"

    @property
    def lines(self) -> list[str]:
        """The text, wrapped to the box."""
        return textwrap.wrap(self.text, int((self.width - 2 * PAD) / CHAR))

    @property
    def height(self) -> float:
        """Tall enough for the lines."""
        return len(self.lines) * LINE + 2 * PAD

    def side(self, where: str) -> tuple[float, float]:
        """The middle of one side: ``top``, ``bottom``, ``left`` or ``right``."""
        return {
            "top": (self.x + self.width / 2, self.y),
            "bottom": (self.x + self.width / 2, self.y + self.height),
            "left": (self.x, self.y + self.height / 2),
            "right": (self.x + self.width, self.y + self.height / 2),
        }[where]


@frozen
class Arrow:
    """An arrow through ``points`` (from the first to the last), with a label."""

    points: tuple[tuple[float, float], ...]
    label: str = ""


COLOURS = {
    "step": ("#eef4fb", "#3b6fb6"),
    "choice": ("#fff6e0", "#b7821f"),
    "end": ("#fdecec", "#b23b3b"),
    "data": ("#eef8ee", "#3b8a3e"),
}


def svg(title: str, boxes: Sequence[Box], arrows: Sequence[Arrow]) -> str:
    """An SVG picture of ``boxes`` joined by ``arrows``, on a white ground."""
    points = [p for arrow in arrows for p in arrow.points]
    width = max(*(b.x + b.width for b in boxes), *(x for x, _ in points)) + 20
    height = max(*(b.y + b.height for b in boxes), *(y for _, y in points)) + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" '
        f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" '
        'markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#555"/></marker></defs>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
    ]
    for box in boxes:
        fill, stroke = COLOURS[box.kind]
        out.append(
            f'<rect x="{box.x:.0f}" y="{box.y:.0f}" width="{box.width:.0f}" '
            f'height="{box.height:.0f}" rx="8" fill="{fill}" stroke="{stroke}" '
            'stroke-width="1.5"/>'
        )
        for number, line in enumerate(box.lines):
            y = box.y + PAD + LINE * (number + 0.8)
            out.append(
                f'<text x="{box.x + box.width / 2:.0f}" y="{y:.0f}" text-anchor="middle" '
                f'fill="#222">{escape(line)}</text>'
            )
    for arrow in arrows:
        path = " ".join(f"{x:.0f},{y:.0f}" for x, y in arrow.points)
        out.append(
            f'<polyline points="{path}" fill="none" stroke="#555" stroke-width="1.5" '
            'marker-end="url(#head)"/>'
        )
        if arrow.label:
            (x1, y1), (x2, y2) = arrow.points[0], arrow.points[1]
            out.append(
                f'<text x="{(x1 + x2) / 2 + 6:.0f}" y="{(y1 + y2) / 2 - 4:.0f}" '
                f'fill="#555" font-style="italic">{escape(arrow.label)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _down(a: Box, b: Box, label: str = "") -> Arrow:
    return Arrow((a.side("bottom"), b.side("top")), label)


def _column(x: float, width: float, steps: Sequence[tuple[str, str, str]]) -> Iterator[Box]:
    """Boxes one under another, 36 px apart."""
    y = 20.0
    for name, text, kind in steps:
        box = Box(name, x, y, width, text, kind)
        yield box
        y += box.height + 36


def turn_diagram() -> str:
    """A turn, from the deal to the next player, with the bust that ends a round."""
    deal, turn, play, effects, draw, nxt = _column(
        40,
        330,
        [
            ("deal", "Deal: shuffle, deal every player a hand; a player leads", "step"),
            ("turn", "A player's turn: can any card keep the total safe?", "choice"),
            ("play", "Play one card (or redraw, where the rules allow)", "step"),
            (
                "effects",
                "Effects: the card's rule objects set the total, the direction, "
                "who plays next and how many plays are owed",
                "step",
            ),
            ("draw", "Draw back up to the hand size (reshuffle the discards if needed)", "step"),
            ("next", "Next player: direction, skips, a named player, plays owed", "step"),
        ],
    )
    bust = Box(
        "bust",
        440,
        turn.y,
        300,
        "Bust: the player loses the round (a token, points) or lays down and is out",
        "end",
    )
    ends = Box(
        "ends",
        440,
        bust.y + bust.height + 40,
        300,
        "The round ends when the rules say (one bust, or one player left): score, then a "
        "new round, or the game is won",
        "end",
    )
    below = nxt.y + nxt.height + 24
    arrows = [
        _down(deal, turn),
        _down(turn, play, "yes"),
        _down(play, effects),
        _down(effects, draw),
        _down(draw, nxt),
        Arrow((turn.side("right"), bust.side("left")), "no"),
        _down(bust, ends),
        # The next player's turn: up the left side, back to the question.
        Arrow(
            (
                nxt.side("left"),
                (26, nxt.side("left")[1]),
                (26, turn.side("left")[1]),
                turn.side("left"),
            )
        ),
        # A new round: along the bottom and up the far left, back to the deal.
        Arrow(
            (
                ends.side("bottom"),
                (ends.x + ends.width / 2, below),
                (10, below),
                (10, deal.side("left")[1]),
                deal.side("left"),
            ),
            "new round",
        ),
    ]
    return svg(
        "One turn, and the end of a round",
        [deal, turn, play, effects, draw, nxt, bust, ends],
        arrows,
    )


def pipeline_diagram() -> str:
    """How a TOML file becomes a game."""
    steps = list(
        _column(
            20,
            520,
            [
                ("toml", "A TOML file: a shipped variant (variants/*.toml) or your own", "data"),
                (
                    "overlay",
                    "Overlay: the files it extends and the house rules laid over it, merged "
                    "key by key; each key remembers its file, for error messages",
                    "step",
                ),
                (
                    "model",
                    "Model: cattrs structures the merged data into frozen attrs objects "
                    "(Variant, Card, the rule objects of ono99.rules), checking every key",
                    "step",
                ),
                (
                    "compiled",
                    "Compiled variant: each card's rule objects become flat tables the engine "
                    "reads quickly (once a variant, kept for the next game)",
                    "step",
                ),
                (
                    "engine",
                    "Engine: one state machine decides which moves are legal and plays them "
                    "(compiled by mypyc in wheels)",
                    "step",
                ),
                (
                    "game",
                    "Game: checks the shape of every argument and move, and gives events, "
                    "observations and records",
                    "data",
                ),
            ],
        )
    )
    # Only public names: Game compiles the variant the first time it is played.
    labels = ["load_variant()", "", "Game(variant, players, seed)", "", ""]
    pairs = zip(steps[:-1], steps[1:], labels, strict=True)
    arrows = [_down(a, b, label) for a, b, label in pairs]
    return svg("How a variant file becomes a game", steps, arrows)


def chart(path: Path) -> None:
    """What ``ono99 simulate --chart`` draws, for the simulate how-to."""
    result = ono99.simulate(
        "ono99-1980",
        players=3,
        games=500,
        seed=1,
        strategies=["cautious", "reckless", "random"],
        jobs=1,
    )
    ono99.plot_results(result, path)


def table_picture(path: Path) -> None:
    """What an environment's ``render()`` draws in ``rgb_array`` mode, for the training how-to.

    A game of ``ono99-2022`` for four, a few random moves in, seen from seat 0.
    """
    import random  # noqa: PLC0415 - only this figure needs them

    from PIL import Image  # noqa: PLC0415

    from ono99.envs._render import table_image  # noqa: PLC0415

    game = ono99.Game("ono99-2022", players=4, seed=3)
    rng = random.Random(1)
    for _ in range(9):
        game.play(rng.choice(game.legal_moves()))
    Image.fromarray(table_image(game, 0)).save(path)


def play_session() -> str:
    """A game of ``ono99 play`` as a terminal shows it, the person's input typed in.

    The person asks for help once, then always takes the first move; the
    recording stops at the person's first turn after a round has ended.
    """
    out = io.StringIO()
    rounds_ended = 0
    asked_help = False

    def read(prompt: str) -> str:
        nonlocal rounds_ended, asked_help
        if prompt.startswith("Press Enter"):
            rounds_ended += 1
            answer = ""
        elif rounds_ended:
            answer = "quit"
        elif not asked_help:
            asked_help, answer = True, "help"
        else:
            answer = "a"
        out.write(f"{prompt}{answer}\n")
        return answer

    play_in_terminal(ono99.load_variant("ono99-1980"), players=3, seed=11, read=read, out=out)
    return "".join(line.rstrip() + "\n" for line in out.getvalue().splitlines())
