"""The built API reference: real defaults, public names, aliases by their names.

These tests read the HTML pages of a docs build: ``$ONO99_DOCS_SITE`` (what
``.ci/run`` sets after it builds the docs), or else a build made here, where
Sphinx is installed (the ``docs`` extra; without it they skip). They check
what a reader sees, the text of the pages and the titles their links show on
hover, for what autodoc shows when left alone (``docs/_ext/ono99_api.py``
says how each is avoided):

- an attrs class's defaults as attrs' generated source (``attr_dict['x'].default``);
- private module paths in types (``ono99._variant.Variant``,
  ``ono99.simulation._results.WinRate``);
- a type alias described as the union type itself ("Represent a PEP 604 union
  type"), or spelled out as its members (``Game.play``'s 29 events).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


class _Reader(HTMLParser):
    """A page's visible text, and the titles of its links, without scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.titles: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._hidden += 1
        title = dict(attrs).get("title")
        if title and tag == "a":
            self.titles.append(title)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


def read_page(path: Path) -> tuple[str, list[str]]:
    """A page's text (its whitespace made single spaces) and its links' titles."""
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    return " ".join("".join(reader.text).split()), reader.titles


@cache
def _site() -> Path:
    given = os.environ.get("ONO99_DOCS_SITE")
    if given:
        site = Path(given)
        assert (site / "reference" / "api" / "index.html").is_file(), f"no API pages in {site}"
        return site
    pytest.importorskip("sphinx", reason="the docs extra (Sphinx) is not installed")
    if not DOCS.is_dir():
        pytest.skip("the docs are not in this tree")
    import tempfile  # noqa: PLC0415

    site = Path(tempfile.mkdtemp(prefix="ono99-docs-"))
    command = [sys.executable, "-m", "sphinx", "-q", "-D", "ono99_playground=0", "-b", "html"]
    subprocess.run([*command, str(DOCS), str(site)], check=True)  # noqa: S603
    return site


def api_pages() -> list[str]:
    return sorted(p.stem for p in (DOCS / "reference" / "api").glob("*.rst"))


# A private module in a dotted path: ono99._variant.Variant, ono99.engine._moves.Play.
PRIVATE_PATH = re.compile(r"\b(?:ono99\._\w+|\w+\._[a-z]\w*\.\w+)")
PEP_604 = ("Represent a PEP 604 union type", "E.g. for int | str")


@pytest.mark.parametrize("page", api_pages())
def test_the_api_pages_show_no_attrs_source_private_path_or_union_boilerplate(
    page: str,
) -> None:
    """No ``attr_dict[`` default, no private module path in the text or in a link's
    title, and no union type's own docstring, on any page of the API reference."""
    text, titles = read_page(_site() / "reference" / "api" / f"{page}.html")
    assert "attr_dict[" not in text
    private = sorted({m.group() for m in PRIVATE_PATH.finditer(" ".join([text, *titles]))})
    assert private == [], f"private paths on {page}.html: {private}"
    for words in PEP_604:
        assert words not in text


def test_signatures_show_each_default_as_its_value() -> None:
    """``Play(card, *, amount=None, ...)``, ``Card(..., effects=(), ..., points=0, ...)``."""
    games, _ = read_page(_site() / "reference" / "api" / "games.html")
    assert "class ono99.Play(card, *, amount=None, target=None, say=None, declare=None)" in games
    variants, _ = read_page(_site() / "reference" / "api" / "variants.html")
    assert "class ono99.Card(id, name, count, effects=(), conditions=(), points=0," in variants


def test_an_alias_is_named_not_spelled_out() -> None:
    """``Game.play`` returns ``tuple[Event, …]``, not 29 event classes; ``Move`` and
    ``Strategy`` are described in words."""
    games, _ = read_page(_site() / "reference" / "api" / "games.html")
    play = games.split("play(move)¶ Play a move", 1)[1].split("record()¶", 1)[0]
    assert "Return type: tuple[Event, …]" in play
    assert "RoundStarted | Dealt" not in games
    assert "type ono99.Move¶ Play | Redraw | Decline | PutAside: any move" in games
    simulation, _ = read_page(_site() / "reference" / "api" / "simulation.html")
    assert "type ono99.Strategy¶ str | PlayerFactory | Callable[[], Player]: what" in simulation


def test_the_reader_finds_what_the_checks_look_for(tmp_path: Path) -> None:
    """The checks above would see each leak: a page holding all of them shows each."""
    page = tmp_path / "leaky.html"
    page.write_text(
        "<p>Play(card, amount=attr_dict['amount'].default)</p><script>ono99._x.Y</script>"
        '<a title="ono99.engine._moves.Play" href="#">Play</a>'
        "<dd>Represent a PEP 604 union type</dd><em>ono99.simulation._results.WinRate</em>",
        encoding="utf-8",
    )
    text, titles = read_page(page)
    assert "attr_dict[" in text and PEP_604[0] in text
    assert "ono99._x.Y" not in text  # a script is not read
    found = {m.group() for m in PRIVATE_PATH.finditer(" ".join([text, *titles]))}
    assert found == {"engine._moves.Play", "simulation._results.WinRate"}
