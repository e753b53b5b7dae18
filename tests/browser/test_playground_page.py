"""The playground page of the docs, in a real Chromium: it loads, checks, plays, simulates, links.

The tests need Playwright for Python (the ``browser`` extra), a Chromium on the
machine (Debian's ``chromium`` package: Playwright drives it, its own browser
download is not used) and the docs built with their playground
(``sphinx-build docs docs/_build/html``; ``ONO99_PLAYGROUND_SITE`` names
another build). Without one of them every test here is skipped, for that one
reason; with ``ONO99_EXPECT_BROWSER=1`` (as ``.ci/run`` sets) they fail instead.

The built pages are served from this process on the loopback address, and the
browser runs headless; both are ended by their fixtures. Waits are generous
(minutes): the machine may be busy, and no test measures its speed.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import shutil
import threading
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("ONO99_PLAYGROUND_SITE") or ROOT / "docs" / "_build" / "html")
SHIPPED = ROOT / "variants" / "ono99-2022.toml"
CRIBBAGE = ROOT / "tests" / "variants" / "files" / "cribbage.toml"

READY_MS = 5 * 60_000  # Pyodide loads in seconds; a busy machine may take much longer.
STEP_MS = 2 * 60_000  # Any one answer of the page's Python.

# Headless, without the sandbox (CI runs as root), and without the browser's own
# traffic (updates, sync, field trials), which a closed network refuses many at a time.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _missing() -> str | None:
    """What the tests lack, in words; ``None`` when they can run."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[browser]')"
    if _chromium() is None:
        return "no Chromium on the PATH (apt-get install chromium)"
    manifest = SITE / "_static" / "playground" / "playground.json"
    if not (SITE / "playground.html").is_file() or not manifest.is_file():
        return f"the docs are not built in {SITE} (sphinx-build docs docs/_build/html)"
    if not json.loads(manifest.read_text("utf-8")).get("available"):
        return f"the docs in {SITE} were built without the playground"
    return None


_WHY_NOT = _missing()
if _WHY_NOT is not None:
    if os.environ.get("ONO99_EXPECT_BROWSER") == "1":
        pytest.fail(f"ONO99_EXPECT_BROWSER=1 but {_WHY_NOT}", pytrace=False)
    pytest.skip(f"the playground's browser tests cannot run: {_WHY_NOT}", allow_module_level=True)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built docs, served on the loopback address: the base URL."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only where installed

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def requested() -> list[str]:
    """Every URL the pages of the test's browser profile asked for, their workers' included."""
    return []


@pytest.fixture
def context(browser: Browser, requested: list[str]) -> Iterator[BrowserContext]:
    """A fresh browser profile."""
    made = browser.new_context()
    made.set_default_timeout(STEP_MS)
    made.on("request", lambda request: requested.append(request.url))
    try:
        yield made
    finally:
        made.close()


def open_playground(context: BrowserContext, url: str) -> Page:
    """A page of the playground at ``url``, once its status says ``ready``."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        "document.getElementById('status').textContent !== 'loading'", timeout=READY_MS
    )
    status, detail = page.text_content("#status"), page.text_content("#status-detail")
    assert status == "ready", f"the page is {status}: {detail}"
    return page


@pytest.fixture
def page(context: BrowserContext, server: str) -> Page:
    opened = open_playground(context, server + "playground.html")
    opened.wait_for_selector("#rulebook h3")
    return opened


def wait_for_findings(page: Page) -> None:
    """Until the answers about the file as it is now have been shown."""
    page.wait_for_function(
        "document.querySelector('#findings li, #findings p') !== null", timeout=STEP_MS
    )


# ------------------------------------------------------------------ tests


def test_the_page_becomes_ready_from_files_served_with_it(
    requested: list[str], page: Page, server: str
) -> None:
    """``#status`` reads ``ready`` once Pyodide, the wheels and the library are loaded, and the
    page asked for nothing but files of the site that serves it (no CDN, no index)."""
    ours = urlsplit(server).netloc
    elsewhere = [url for url in requested if urlsplit(url).netloc != ours]
    assert elsewhere == []
    paths = [urlsplit(url).path for url in requested]
    assert any(p.endswith("/pyodide.asm.wasm") for p in paths)
    assert any(p.endswith("/ono99_playground.py") for p in paths)
    assert any("/wheels/ono99-" in p and p.endswith("-py3-none-any.whl") for p in paths)
    assert "Python 3." in (page.text_content("#status-detail") or "")


def test_the_default_rulebook_shows_without_a_click(page: Page) -> None:
    """``#rulebook`` tells the rules of ono99-2022, the variant chosen at first, and the file
    passes its checks as ``ono99 validate`` says it."""
    assert page.get_attribute("#rulebook", "data-variant") == "ono99-2022"
    assert page.text_content("#rulebook h3") == "ONO 99 (Mattel, 2022)"
    headings = page.locator("#rulebook h4").all_text_contents()
    assert "The cards" in headings
    assert page.input_value("#file") == SHIPPED.read_text("utf-8")
    wait_for_findings(page)
    summary = page.text_content("#findings .ono99-pg-ok") or ""
    assert summary.startswith("variant.toml: ok (variant ono99-2022, 15 kinds of card, 112 cards")


def test_a_typo_in_the_file_shows_the_error_at_its_key_path(page: Page) -> None:
    """``bsut = 99`` for ``bust = 99``: the error names ``total.bsut`` and what was meant,
    in the command line's words, and the rulebook waits for a file that loads."""
    text = SHIPPED.read_text("utf-8")
    assert "\nbust = 99\n" in text
    page.fill("#file", text.replace("\nbust = 99\n", "\nbsut = 99\n"))
    found = page.locator("#findings li.ono99-pg-error")
    found.first.wait_for()
    assert found.count() == 1
    assert found.get_attribute("data-path") == "total.bsut"
    assert found.text_content() == (
        "variant.toml: error: total.bsut: unknown key; did you mean 'bust'? "
        "(the keys here are start, bust, floor, below_floor, restart)"
    )
    page.wait_for_selector("#rulebook .ono99-pg-error")
    assert "total.bsut" in (page.text_content("#rulebook") or "")


def test_a_check_past_the_time_limit_gives_up_and_says_so(
    context: BrowserContext, server: str
) -> None:
    """The check runs with a time limit: past it the page says it gave up, and stays usable.

    A 1 ms limit (``?check-limit=1``) makes every check give up; the page's
    Python is started afresh once, not again and again for the same file. The
    page is not opened with :func:`open_playground`: the first check may give up,
    and start the Python again, at any moment after it is ready, so "ready" is
    only awaited once the page has given up.
    """
    page = context.new_page()
    page.goto(server + "playground.html?check-limit=1")
    gave_up = page.locator("#findings .ono99-pg-gave-up")
    gave_up.wait_for(timeout=READY_MS)
    assert (gave_up.text_content() or "").startswith("The check gave up after 0.001 s")
    assert "ono99 validate" in (gave_up.text_content() or "")
    page.wait_for_function(
        "document.getElementById('status').textContent === 'ready'", timeout=READY_MS
    )
    assert page.locator("#findings .ono99-pg-gave-up").count() == 1


def test_a_game_is_played_to_its_end_by_clicking(page: Page) -> None:
    """Two players, a fixed seed: clicking the first legal move each turn plays the game to
    its end, told turn by turn, and the page says who won."""
    page.fill("#game-players", "2")
    page.fill("#game-seed", "7")
    page.click("#new-game")
    game = page.locator("#game")
    page.wait_for_function("document.querySelector('#moves button') !== null")
    clicks = 0
    while game.get_attribute("data-over") != "true":
        before = game.get_attribute("data-moves")
        page.click("#moves button >> nth=0")
        page.wait_for_function(
            "([before]) => { const g = document.getElementById('game');"
            " return g.dataset.busy === 'false' && g.dataset.moves !== before; }",
            arg=[before],
        )
        clicks += 1
        assert clicks < 1000, "the game never ended"
    assert clicks > 0
    log = page.locator("#game-log p").all_text_contents()
    assert log[0].startswith("ONO 99 (Mattel, 2022): you are player 0, against 1 cautious")
    assert log[1].startswith("Round 1: ")
    assert any(line.startswith("You play ") for line in log)
    result = page.text_content("#game-result") or ""
    assert result in ("You win the game!", "Player 1 wins the game. Better luck next time.")
    assert page.locator("#moves button").count() == 0


def test_cards_are_chosen_then_laid_away_into_the_crib(page: Page) -> None:
    """Cribbage: "Each player looks at their six cards and 'lays away' two of them face
    down" (Bicycle Cards). The hand's cards are clicked, then confirmed: one card is
    refused in the game's words and nothing is played; a second card lays both away, the
    opponent's are only counted, and the play's moves follow."""
    page.fill("#file", CRIBBAGE.read_text("utf-8"))
    page.wait_for_function(
        "document.getElementById('rulebook').textContent.includes('away into the crib')"
    )
    page.fill("#game-players", "2")
    page.fill("#game-seed", "3")
    page.click("#new-game")
    page.wait_for_selector("#lay-away")
    game = page.locator("#game")
    status = page.text_content("#game-status") or ""
    assert "Round 1: lay 2 cards away. The crib is player 1's." in status
    cards = page.locator("#moves .ono99-pg-card")
    assert cards.count() == 6
    cards.nth(0).click()
    assert cards.nth(0).get_attribute("aria-pressed") == "true"
    page.click("#lay-away")
    page.wait_for_function("document.getElementById('game-result').textContent !== ''")
    result = page.text_content("#game-result")
    assert result == "Not that: you lay 2 cards away into the crib, not 1."
    assert game.get_attribute("data-moves") == "0"
    cards.nth(2).click()
    page.click("#lay-away")
    page.wait_for_function(
        "document.getElementById('game').dataset.busy === 'false'"
        " && document.getElementById('game').dataset.moves !== '0'"
    )
    log = page.locator("#game-log p").all_text_contents()
    assert any(line.startswith("You lay away ") for line in log)
    assert "Player 1 lays away 2 cards to the crib, face down" in log
    assert page.locator("#lay-away").count() == 0
    assert page.locator("#moves button").count() > 0  # the play's moves
    assert (page.text_content("#game-result") or "") == ""


def test_a_simulation_of_100_games_shows_wins_that_add_up_to_100(page: Page) -> None:
    """100 games of three strategies: the table has a row per seat, each with its strategy,
    and their wins add up to the games played."""
    page.fill("#sim-games", "100")
    page.fill("#sim-players", "3")
    page.dispatch_event("#sim-players", "change")
    seats = page.locator("#sim-strategies select")
    assert seats.count() == 3
    for seat, strategy in enumerate(["cautious", "random", "reckless"]):
        seats.nth(seat).select_option(strategy)
    page.click("#simulate")
    page.wait_for_selector("#sim-table")
    rows = page.locator("#sim-table tbody tr")
    assert rows.count() == 3
    wins = [int(cell) for cell in page.locator("#sim-table td.wins").all_text_contents()]
    assert sum(wins) == 100
    strategies = [rows.nth(i).locator("td").nth(1).text_content() for i in range(3)]
    assert strategies == ["cautious", "random", "reckless"]
    report = page.text_content("#sim-results pre") or ""
    assert ": 100 games of 3 players, seed 1," in report


def test_a_simulation_too_long_to_wait_for_is_stopped(page: Page) -> None:
    """Stop ends a simulation of 10,000 games with a search player: the page's Python starts
    afresh, says it is ready, and simulates again."""
    page.fill("#sim-games", "10000")
    page.fill("#sim-players", "2")
    page.dispatch_event("#sim-players", "change")
    page.locator("#sim-strategies select").first.select_option("search")
    page.click("#simulate")
    stop = page.locator("#simulate ~ .ono99-pg-stop")
    stop.wait_for(state="visible")
    stop.click()
    page.wait_for_function(
        "document.getElementById('status').textContent === 'ready'", timeout=READY_MS
    )
    assert page.text_content("#sim-results") == "Stopped: the page's Python was started afresh."
    assert stop.is_hidden()
    page.fill("#sim-games", "10")
    page.locator("#sim-strategies select").first.select_option("cautious")
    page.click("#simulate")
    page.wait_for_selector("#sim-table")
    wins = [int(cell) for cell in page.locator("#sim-table td.wins").all_text_contents()]
    assert sum(wins) == 10


def test_a_shared_link_reopens_the_same_file_and_house_rules(
    context: BrowserContext, page: Page
) -> None:
    """An edited file and a ticked house rule go into a link; the link, opened in another
    page, holds the same file and rule, and its rulebook is the edited one's."""
    text = SHIPPED.read_text("utf-8").replace(
        'name = "ONO 99 (Mattel, 2022)"', 'name = "ONO 99 with a twist <b>&amp;</b>"'
    )
    page.fill("#file", text)
    page.wait_for_function("document.querySelector('#rulebook h3')?.textContent.includes('twist')")
    page.check("#house-rules input[value='two-decks']")
    page.wait_for_function(
        "document.querySelector('#rulebook')?.textContent.includes('224 cards')"
    )
    page.click("#share")
    page.wait_for_function("!document.getElementById('share-link').hidden")
    link = page.input_value("#share-link")
    assert "#file=" in link
    other = open_playground(context, link)
    other.wait_for_function(
        "document.querySelector('#rulebook h3')?.textContent.includes('twist')"
    )
    assert other.input_value("#file") == text
    assert other.is_checked("#house-rules input[value='two-decks']")
    # The name is text, never markup: the tags show as written.
    assert other.text_content("#rulebook h3") == "ONO 99 with a twist <b>&amp;</b> + Two decks"
    assert other.locator("#rulebook b").count() == 0


README = ROOT / "README.md"


def readme_house_rule() -> str:
    """The house rule of the README's "Change the rules", as it shows it."""
    text = README.read_text("utf-8")
    return text.split("```toml\n", 1)[1].split("```", 1)[0]


def test_the_readmes_house_rule_is_laid_over_the_chosen_variant(page: Page) -> None:
    """A house-rule file, as the README writes one, checks clean as ``ono99 validate``
    checks it over the variant chosen, and its rulebook, game and simulation are that
    variant's with the house rule laid over (and a ticked shipped one with it)."""
    page.check("input[name='file-kind'][value='house-rule']")
    page.fill("#file", readme_house_rule())
    page.select_option("#base", "ono99-1980")
    page.wait_for_function(
        "document.querySelector('#findings .ono99-pg-ok')?.textContent.includes('ono99-1980')"
    )
    assert page.locator("#findings li").count() == 0
    assert page.text_content("#findings .ono99-pg-ok") == (
        "house-rule.toml: ok (house rule house-rule, setting cards.minus_ten.count), "
        "laid over ono99-1980"
    )
    assert page.text_content("#file-label") == "The house-rule file, house-rule.toml"
    page.wait_for_function(
        "document.querySelector('#rulebook h3')?.textContent.endsWith('+ house-rule')"
    )
    assert page.text_content("#rulebook h3") == "O'NO 99 (International Games, 1980) + house-rule"
    assert "Minus Ten (6 cards)" in (page.text_content("#rulebook") or "")
    page.check("#house-rules input[value='two-decks']")
    page.wait_for_function(
        "document.querySelector('#rulebook h3')?.textContent.includes('Two decks')"
    )
    assert "2 decks of 56 cards (see The cards) shuffled together: 112 cards." in (
        page.text_content("#rulebook") or ""
    )
    page.fill("#game-players", "2")
    page.fill("#game-seed", "7")
    page.click("#new-game")
    page.wait_for_selector("#game-log p")
    first = page.locator("#game-log p").first.text_content() or ""
    assert first.startswith("O'NO 99 (International Games, 1980) + Two decks + house-rule:")


def test_a_house_rules_error_is_marked_on_its_line(page: Page) -> None:
    """``count = -6`` in the house rule: the error names its key path, the line numbers
    beside the file mark line 4, and a click on the error selects that line."""
    page.check("input[name='file-kind'][value='house-rule']")
    page.fill("#file", readme_house_rule().replace("count = 6", "count = -6"))
    found = page.locator("#findings li.ono99-pg-error")
    found.first.wait_for()
    assert found.get_attribute("data-path") == "cards.minus_ten.count"
    assert found.get_attribute("data-row") == "4"
    assert page.locator("#file-lines .ono99-pg-mark-error").all_text_contents() == ["4"]
    found.click()
    selected = page.evaluate(
        "() => { const f = document.getElementById('file');"
        " return f.value.slice(f.selectionStart, f.selectionEnd); }"
    )
    assert selected == "count = -6"


def test_a_variants_typo_is_marked_on_its_line(page: Page) -> None:
    """The typo of the variant file (``bsut``) is marked on the line it is on."""
    text = SHIPPED.read_text("utf-8").replace("\nbust = 99\n", "\nbsut = 99\n")
    page.fill("#file", text)
    page.locator("#findings li.ono99-pg-error").first.wait_for()
    row = text.splitlines().index("bsut = 99") + 1
    assert page.locator("#file-lines .ono99-pg-mark-error").all_text_contents() == [str(row)]


def test_the_file_is_downloaded_as_written(page: Page) -> None:
    """*Download the file* saves the editor's text, named as the file is named here."""
    text = SHIPPED.read_text("utf-8").replace('id = "ono99-2022"', 'id = "mine"')
    page.fill("#file", text)
    with page.expect_download() as downloading:
        page.click("#download")
    saved = downloading.value
    assert saved.suggested_filename == "variant.toml"
    assert Path(saved.path()).read_text("utf-8") == text
    page.check("input[name='file-kind'][value='house-rule']")
    with page.expect_download() as downloading:
        page.click("#download")
    assert downloading.value.suggested_filename == "house-rule.toml"
    assert Path(downloading.value.path()).read_text("utf-8") == readme_house_rule()


def test_a_house_rules_link_reopens_it_over_the_same_variant(
    context: BrowserContext, page: Page
) -> None:
    """A link made in house-rule mode opens in house-rule mode, over the same variant."""
    page.check("input[name='file-kind'][value='house-rule']")
    page.select_option("#base", "ono99-1980")
    page.wait_for_function(
        "document.querySelector('#findings .ono99-pg-ok')?.textContent.includes('ono99-1980')"
    )
    page.click("#share")
    page.wait_for_function("!document.getElementById('share-link').hidden")
    other = open_playground(context, page.input_value("#share-link"))
    other.wait_for_function(
        "document.querySelector('#rulebook h3')?.textContent.endsWith('+ house-rule')"
    )
    assert other.is_checked("input[name='file-kind'][value='house-rule']")
    assert other.input_value("#base") == "ono99-1980"
    assert other.input_value("#file") == readme_house_rule()


def test_a_profile_shows_its_figures_with_their_intervals(page: Page) -> None:
    """Profile: the headline figures in words, and every figure of the profile with its
    95% interval, for the file in the editor."""
    page.fill("#profile-games", "20")
    page.fill("#profile-players", "2")
    page.click("#profile")
    page.wait_for_selector("#profile-summary")
    names = page.locator("#profile-summary th").all_text_contents()
    assert names[:2] == ["Seat win shares", "Largest seat advantage"]
    figures = page.locator("#profile-figures tbody tr")
    assert figures.count() > 20
    first = figures.nth(0).locator("td").all_text_contents()
    assert first[0] == "seat 0 wins"
    assert " to " in first[1]
    assert "20 games of 2 players" in (page.text_content("#profile-results p") or "")


def test_a_house_rule_is_profiled_beside_the_variant_it_is_for(page: Page) -> None:
    """Issue 50: the designer's case. In house-rule mode, Profile plays the variant
    chosen without and with the house rule on one seed, as ``ono99 analyse VARIANT
    --house-rule FILE`` does, and shows the figures side by side: each with both
    values, its difference and that difference's 95% interval."""
    page.check("input[name='file-kind'][value='house-rule']")
    page.fill("#file", readme_house_rule())
    page.select_option("#base", "ono99-1980")
    page.wait_for_function(
        "document.querySelector('#findings .ono99-pg-ok')?.textContent.includes('ono99-1980')"
    )
    assert page.is_hidden("#start-row")
    page.fill("#profile-games", "20")
    page.fill("#profile-players", "2")
    page.fill("#profile-seed", "3")
    page.click("#profile")
    page.wait_for_selector("#profile-side-by-side", timeout=READY_MS)
    results = page.text_content("#profile-results") or ""
    assert "only a house rule" not in results
    assert "Side by side: ono99-1980 without and with the house rule, on the same seed" in results
    assert "20 games of 2 players" in results
    heads = page.locator("#profile-side-by-side th").all_text_contents()
    assert heads == ["figure", "without", "with", "difference (95% interval)"]
    rows = {
        cells[0]: cells[1:]
        for cells in (
            row.locator("td").all_text_contents()
            for row in page.locator("#profile-side-by-side tbody tr").all()
        )
    }
    for figure in ("seat 0 wins", "seat 1 wins", "importance of Minus Ten", "rounds a game"):
        without, with_rule, difference = rows[figure]
        assert without and with_rule
        assert " to " in difference, (figure, difference)
    assert "comebacks" not in rows
    assert page.locator("#profile-summary th").all_text_contents()[:2] == [
        "Seat win shares",
        "Largest seat advantage",
    ]
