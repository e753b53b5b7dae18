"""The playground page's Python (``docs/_playground/ono99_playground.py``), without a browser.

The page sends it JSON and shows what comes back; these tests send the same
requests here. That the page shows the answers is tested in a real browser
(``tests/browser/``).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

# Imported by name: pyproject.toml puts docs/_playground on the tests' path.
from ono99_playground import (
    MAX_GAMES,
    MAX_LINK_TEXT,
    Playground,
    key_lines,
    line_of,
    pack_link,
    rulebook_blocks,
    unpack_link,
)

import ono99
from ono99 import events
from ono99.cli._main import main

ROOT = Path(__file__).resolve().parents[1]

SHIPPED = (ROOT / "variants" / "ono99-2022.toml").read_text("utf-8")
TYPO = SHIPPED.replace("\nbust = 99\n", "\nbsut = 99\n")


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Playground:
    """The page's Python as the worker makes it: its working folder a folder of its own."""
    monkeypatch.chdir(tmp_path)
    return Playground(Path())


def ask(page: Playground, call: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(page.handle(json.dumps({"call": call, "args": args})))
    return answer


def validate(*argv: str) -> tuple[int, str, str]:
    """``ono99 validate`` as run in the same folder: its status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *argv])
    return status, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ checks


def test_a_sound_file_is_checked_as_ono99_validate_reports_it(page: Playground) -> None:
    """No finding, and the summary line is the command's, word for word."""
    answer = ask(page, "check", text=SHIPPED)
    assert answer["findings"] == []
    _, out, _ = validate("variant.toml")
    assert answer["summary"] == out.strip()
    assert answer["summary"].startswith("variant.toml: ok (variant ono99-2022,")


def test_a_typo_is_reported_at_its_key_path_in_the_commands_words(page: Playground) -> None:
    """The error names ``total.bsut`` and the key meant; the command prints the same message
    (as ``ono99: error: FILE: PATH: MESSAGE``)."""
    answer = ask(page, "check", text=TYPO)
    assert answer["summary"] == ""
    (finding,) = answer["findings"]
    assert finding["level"] == "error"
    assert finding["path"] == "total.bsut"
    assert "did you mean 'bust'?" in finding["message"]
    assert finding["line"] == f"variant.toml: error: total.bsut: {finding['message']}"
    status, _, err = validate("variant.toml")
    assert status == 1
    assert err.strip() == "ono99: error: " + finding["line"].replace(": error: ", ": ", 1)


def test_warnings_are_reported_as_the_command_prints_them(page: Playground) -> None:
    """A card no total lets anyone play is a warning at its key path, and the file still
    loads: the summary counts the warning, as the command's does."""
    text = (
        'extends = "ono99-2022"\nname = "Big cards"\n\n[cards.big]\nname = "Big"\ncount = 4\n'
        'effects = [{ type = "add", amount = 200 }]\n'
    )
    answer = ask(page, "check", text=text)
    assert [f["path"] for f in answer["findings"]] == ["cards.big.effects"]
    assert answer["findings"][0]["level"] == "warning"
    _, out, _ = validate("variant.toml")
    assert out.splitlines() == [answer["findings"][0]["line"], answer["summary"]]
    assert answer["summary"].endswith(", 1 warning)")


def test_an_edit_of_the_same_size_in_the_same_instant_is_read_again(page: Playground) -> None:
    """The library reads a file again when its time or size changed: two texts of one size,
    written at once, still give two rulebooks (the page gives each write a later time)."""
    first = ask(page, "rulebook", text=SHIPPED, house_rules=[])
    second = ask(page, "rulebook", text=SHIPPED.replace("bust = 99", "bust = 98"), house_rules=[])
    words = [" ".join(b["text"] for b in a["blocks"]) for a in (first, second)]
    assert "99 busts" in words[0]
    assert "98 busts" in words[1]


# ---------------------------------------------------------------- rulebook


def test_the_rulebook_lists_the_house_rules_that_fit_and_lays_over_those_ticked(
    page: Playground,
) -> None:
    """The house rules offered are those :func:`ono99.list_house_rules` says fit the file;
    with one ticked, the rulebook is the variant's with it."""
    plain = ask(page, "rulebook", text=SHIPPED, house_rules=[])
    assert [r["id"] for r in plain["house_rules"]] == ono99.list_house_rules(fits="ono99-2022")
    assert plain["players"] == [2, 6]
    assert plain["strategies"] == ono99.list_strategies()
    both = ask(page, "rulebook", text=SHIPPED, house_rules=["two-decks"])
    assert both["id"] == "ono99-2022+two-decks"
    assert both["blocks"][0] == {"kind": "title", "text": "ONO 99 (Mattel, 2022) + Two decks"}
    refused = ask(page, "rulebook", text=SHIPPED, house_rules=["floor-zero"])
    assert "ono99-1980" in refused["error"]
    for path in ["variant.toml", "../variant.toml", "/etc/hostname"]:
        answer = ask(page, "rulebook", text=SHIPPED, house_rules=[path])
        assert answer == {"error": f"house_rules: expected shipped house rules, got {path!r}"}, (
            "a link may name any file: only shipped house rules are read"
        )


def test_a_file_that_does_not_load_has_its_error_for_a_rulebook(page: Playground) -> None:
    """The error names the file as the page calls it, ``variant.toml``, and the key path."""
    (finding,) = ask(page, "check", text=TYPO)["findings"]
    answer = ask(page, "rulebook", text=TYPO, house_rules=[])
    assert answer == {"error": f"variant.toml: total.bsut: {finding['message']}"}


@pytest.mark.parametrize("variant_id", ono99.list_variants())
def test_rulebook_blocks_keep_every_word_of_the_rulebook(variant_id: str) -> None:
    """Laid out as blocks, a shipped variant's rulebook keeps its words in order: only the
    underlines of headings and the dashes of list items go."""
    text = ono99.rulebook(variant_id)
    blocks = rulebook_blocks(text)
    words = " ".join(block["text"] for block in blocks).split()
    expected = [
        word
        for line in text.splitlines()
        if not re.fullmatch(r"=+|-+", line)
        for word in (line[2:] if line.startswith("- ") else line).split()
    ]
    assert words == expected
    assert blocks[0] == {"kind": "title", "text": ono99.load_variant(variant_id).name}
    assert {"kind": "heading", "text": "The cards"} in blocks


# ------------------------------------------------------------------ a game


def test_a_game_is_played_to_its_end_told_as_ono99_play_tells_it(page: Playground) -> None:
    """Choosing the first move every time ends the game; the lines are the events as
    :func:`ono99.describe_event` tells them to player 0, in order, and every move listed
    says the total it leaves."""
    answer = ask(
        page, "new_game", text=SHIPPED, house_rules=[], players=3, opponent="random", seed=11
    )
    told = [line["text"] for line in answer["lines"]]
    assert (
        told[0] == "ONO 99 (Mattel, 2022): you are player 0, against 2 random players (seed 11)."
    )
    turns = 0
    while not answer["over"]:
        assert answer["status"][0].endswith("Your turn.")
        for choice in answer["choices"]:
            assert re.search(r"\(total -?\d+\)$", choice), choice
        answer = ask(page, "move", index=0)
        told += [line["text"] for line in answer["lines"]]
        turns += 1
    assert turns > 0
    game = ono99.Game("ono99-2022", 3, 11)
    game_log = page._table.game.events if page._table else ()  # the game the page played
    expected = [
        line
        for event in game_log
        if not isinstance(event, events.GameWon)
        for line in [ono99.describe_event(event, game.variant, seat=0)]
        if line is not None
    ]
    assert told[1:] == expected
    winner = answer["winner"]
    assert answer["result"] == (
        "You win the game!"
        if winner == 0
        else f"Player {winner} wins the game. Better luck next time."
    )


def test_the_totals_a_move_leaves_are_those_it_leaves(page: Playground) -> None:
    """Each legal move is listed with the total it leaves: playing it says so."""
    answer = ask(
        page, "new_game", text=SHIPPED, house_rules=[], players=2, opponent="cautious", seed=3
    )
    for index, choice in enumerate(answer["choices"]):
        shown = int(re.search(r"\(total (-?\d+)\)$", choice).group(1))  # type: ignore[union-attr]
        table = page._table
        assert table is not None
        game = table.game.copy()
        played = game.play(table.choices[index])
        assert next(e.total for e in played if isinstance(e, events.Played)) == shown


def test_a_move_out_of_the_list_is_refused_and_changes_nothing(page: Playground) -> None:
    assert ask(page, "move", index=0) == {
        "error": "bad request: no game is being played: start one"
    }
    answer = ask(
        page, "new_game", text=SHIPPED, house_rules=[], players=2, opponent="cautious", seed=3
    )
    moves = answer["moves"]
    refused = ask(page, "move", index=len(answer["choices"]))
    assert refused["error"].startswith("bad request: no move")
    assert ask(page, "move", index=0)["moves"] > moves


def test_an_unknown_opponent_is_an_error_naming_the_strategies(page: Playground) -> None:
    answer = ask(
        page, "new_game", text=SHIPPED, house_rules=[], players=2, opponent="mod:Cls", seed=1
    )
    assert answer == {
        "error": "strategy: expected one of cautious, random, reckless, search, got 'mod:Cls'"
    }


# -------------------------------------------------------------- simulation


def test_a_simulation_answers_what_ono99_simulate_finds(page: Playground) -> None:
    """The wins of each seat and strategy are those of :func:`ono99.simulate` with the same
    settings, they add up to the games, and the report is the command's tables."""
    progress: list[tuple[int, int]] = []
    request = {
        "call": "simulate",
        "args": {
            "text": SHIPPED,
            "house_rules": ["two-decks"],
            "players": 3,
            "games": 60,
            "strategies": ["cautious", "random", "reckless"],
            "seed": 5,
        },
    }
    answer = json.loads(page.handle(json.dumps(request), lambda d, n: progress.append((d, n))))
    expected = ono99.simulate(
        ono99.load_variant("ono99-2022", house_rules=["two-decks"]),
        players=3,
        games=60,
        strategies=["cautious", "random", "reckless"],
        seed=5,
        jobs=1,
    )
    assert [row["wins"] for row in answer["seats"]] == list(expected.wins)
    assert sum(row["wins"] for row in answer["seats"]) == 60
    assert [row["strategy"] for row in answer["seats"]] == ["cautious", "random", "reckless"]
    assert [row["text"] for row in answer["strategies"]] == [str(r) for r in expected.by_strategy]
    assert answer["report"].splitlines()[1:] == expected.table().splitlines()[1:]
    assert progress[-1] == (60, 60)


@pytest.mark.parametrize(
    ("games", "strategy"), [(0, "cautious"), (MAX_GAMES + 1, "cautious"), (5, "nobody")]
)
def test_a_simulation_out_of_bounds_is_an_error(
    page: Playground, games: int, strategy: str
) -> None:
    answer = ask(
        page,
        "simulate",
        text=SHIPPED,
        house_rules=[],
        players=2,
        games=games,
        strategies=[strategy],
        seed=1,
    )
    assert set(answer) == {"error"}


# ------------------------------------------------------------------- links


@given(text=st.text(max_size=3000), rules=st.lists(st.text(max_size=20), max_size=4))
def test_a_link_holds_the_file_and_house_rules_as_written(text: str, rules: list[str]) -> None:
    """``unpack_link(pack_link(file, rules)) == (file, rules)``, for any text, and the
    fragment needs no escaping in a URL."""
    fragment = pack_link(text, rules)
    assert re.fullmatch(r"[A-Za-z0-9_-]*", fragment)
    assert unpack_link(fragment) == (text, tuple(rules))
    assert unpack_link("file=" + fragment) == (text, tuple(rules))


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "not base64 at all!",
        base64.urlsafe_b64encode(b"plain bytes").decode(),
        base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode(),
        base64.urlsafe_b64encode(zlib.compress(b'{"file": 3}')).decode(),
        base64.urlsafe_b64encode(zlib.compress(b'{"file": "x", "house_rules": [1]}')).decode(),
        pack_link("a cut link")[:-6],
    ],
)
def test_a_broken_link_says_so(page: Playground, fragment: str) -> None:
    """A link cut short, or holding anything else, is an error in words, never a crash."""
    answer = ask(page, "open", fragment=fragment)
    assert answer == {"error": "this link holds no playground file: it may have been cut short"}


def test_a_link_that_unpacks_to_too_much_is_refused(page: Playground) -> None:
    """A small link that would unpack to more than a megabyte is refused before it does."""
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_LINK_TEXT * 4), 9)).decode()
    assert len(bomb) < 20_000
    answer = ask(page, "open", fragment=bomb)
    assert answer == {"error": f"this link unpacks to more than {MAX_LINK_TEXT:,} bytes"}


# ---------------------------------------------------------------- requests


@pytest.mark.parametrize(
    ("request_text", "error"),
    [
        ("not json", "bad request: not JSON"),
        ("[]", "bad request: expected {'call': NAME, 'args': {...}}"),
        ('{"call": "fly"}', "bad request: no call named 'fly'"),
        ('{"call": "check", "args": []}', "bad request: args must be an object"),
        ('{"call": "check", "args": {"text": 1}}', "bad request: text must be a string"),
        ('{"call": "move", "args": {"index": true}}', "bad request: index must be a whole number"),
    ],
)
def test_a_request_the_page_never_sends_is_answered_with_an_error(
    page: Playground, request_text: str, error: str
) -> None:
    assert json.loads(page.handle(request_text)) == {"error": error}


def test_the_examples_in_the_modules_docstrings_hold() -> None:
    import doctest  # noqa: PLC0415 - this test only

    import ono99_playground  # noqa: PLC0415

    failures, tried = doctest.testmod(ono99_playground, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert (failures, tried > 0) == (0, True)


# ------------------------------------------------------- a house-rule file


README = ROOT / "README.md"


def readme_house_rule() -> str:
    """The house rule of the README's "Change the rules", as it shows it."""
    return README.read_text("utf-8").split("```toml\n", 1)[1].split("```", 1)[0]


def test_the_page_starts_a_house_rule_as_the_readme_writes_one() -> None:
    """The house-rule file the page offers first is the README's, word for word."""
    script = (ROOT / "docs" / "_playground" / "playground.mjs").read_text("utf-8")
    (example,) = re.findall(r"^const EXAMPLE_RULE = '(.*)';$", script, re.M)
    assert example.replace("\\n", "\n") == readme_house_rule()


@pytest.mark.parametrize("over", ["ono99-1980", "ono99-2022"])
def test_the_readmes_house_rule_checks_clean_over_either_edition(
    page: Playground, over: str
) -> None:
    """Laid over the variant chosen, the README's house rule has no finding, and the
    summary is ``ono99 validate``'s own for it, naming the variant it is laid over."""
    answer = ask(page, "check", text=readme_house_rule(), kind="house-rule", over=over)
    assert answer["findings"] == []
    Path("house-rule.toml").write_text(readme_house_rule(), encoding="utf-8")
    _, out, _ = validate(over, "--house-rule", "house-rule.toml")
    assert answer["summary"] == f"{out.strip()}, laid over {over}"
    book = ask(page, "rulebook", text=readme_house_rule(), house_rules=[], kind="house-rule",
               over=over)  # fmt: skip
    assert book["id"] == f"{over}+house-rule"
    assert "(6 cards): Subtracts 10 from the total." in " ".join(b["text"] for b in book["blocks"])


def test_a_house_rule_over_a_variant_it_does_not_fit_is_an_error_at_its_line(
    page: Playground,
) -> None:
    """``[cards.hold]`` over the 2022 edition (which has no Hold): an error, as the
    command reports it, on line 1 of the file; the game and the rulebook say the same."""
    text = "[cards.hold]\ncount = 9\n"
    answer = ask(page, "check", text=text, kind="house-rule", over="ono99-2022")
    (finding,) = answer["findings"]
    assert finding["line"].startswith("house-rule.toml: error: cards.hold: ono99-2022 has no")
    assert finding["row"] == 1
    game = ask(page, "new_game", text=text, house_rules=[], players=2, opponent="cautious",
               seed=1, kind="house-rule", over="ono99-2022")  # fmt: skip
    assert game["error"].startswith("house-rule.toml: cards.hold: ono99-2022 has no card")


def test_every_mistake_of_a_house_rule_is_reported_at_its_line(page: Playground) -> None:
    """The README's example with ``count = -6`` and ``[totl]``: both are errors, each on
    the line of its key, as ``ono99 validate`` reports them (it reported ``totl`` alone)."""
    text = readme_house_rule().replace("count = 6", "count = -6") + "\n[totl]\nbust = 9\n"
    answer = ask(page, "check", text=text, kind="house-rule", over="ono99-2022")
    rows = {f["path"]: f["row"] for f in answer["findings"] if f["level"] == "error"}
    lines = text.splitlines()
    assert sorted(rows) == ["cards.minus_ten.count", "totl"]
    assert lines[rows["cards.minus_ten.count"] - 1] == "count = -6"
    assert lines[rows["totl"] - 1] == "[totl]"
    assert answer["summary"] == ""


def test_a_syntax_error_is_one_finding_on_its_line_with_its_hint(page: Playground) -> None:
    """An inline table split over two lines: one error, marked on the line it starts,
    saying that inline tables are one line."""
    text = SHIPPED.replace("\nbust = 99\n", "\nbust = 99\nsplit = { a = 1,\n  b = 2 }\n")
    answer = ask(page, "check", text=text)
    (finding,) = answer["findings"]
    assert "inline tables are one line" in finding["message"]
    assert text.splitlines()[finding["row"] - 1] == "split = { a = 1,"


def test_each_finding_names_the_line_its_key_path_is_on(page: Playground) -> None:
    """The typo's line, an inline array's item on its key's line, and no line for what
    the file lacks."""
    row = TYPO.splitlines().index("bsut = 99") + 1
    (finding,) = ask(page, "check", text=TYPO)["findings"]
    assert finding["row"] == row
    (missing,) = ask(page, "check", text='name = "x"\n')["findings"]
    assert (missing["path"], missing["row"]) == ("cards", None)
    bad = 'extends = "ono99-2022"\nid = "x"\n\n[cards.big]\nname = "B"\ncount = 1\n'
    bad += 'effects = [{ type = "add", amount = "ten" }]\n'
    (typed,) = ask(page, "check", text=bad)["findings"]
    assert typed["path"].startswith("cards.big.effects[0]")
    assert typed["row"] == 7


def test_key_lines_reads_tables_arrays_quoted_keys_and_skips_long_strings() -> None:
    """Every kind of TOML key a variant file writes, at its line."""
    text = (
        '[players." "]\nx = 1\n[[triggers]]\ntype = "a"\n[[triggers]]\n'
        'type = "b"\n[a]\n"b c".d = 2\ns = """\n[nope]\n"""\ne = 1\n'
    )
    lines = key_lines(text)
    assert lines['players." ".x'] == 2
    assert (lines["triggers[0].type"], lines["triggers[1].type"]) == (4, 6)
    assert lines['a."b c".d'] == 8
    assert "nope" not in lines and lines["a.e"] == 12
    assert line_of("triggers[1].outcomes[0].by", lines) == 5


def test_a_house_rules_link_holds_the_variant_it_is_laid_over(page: Playground) -> None:
    """The link opens the house rule again, over the same variant; an old link (a
    variant's) opens as a variant, and a link naming no shipped variant is refused."""
    fragment = ask(page, "link", text=readme_house_rule(), house_rules=["two-decks"],
                   kind="house-rule", over="ono99-1980")["fragment"]  # fmt: skip
    opened = ask(page, "open", fragment=fragment)
    assert opened == {
        "text": readme_house_rule(),
        "house_rules": ["two-decks"],
        "kind": "house-rule",
        "over": "ono99-1980",
    }
    old = ask(page, "open", fragment=pack_link(SHIPPED))
    assert (old["kind"], old["over"]) == ("variant", None)
    answer = ask(page, "link", text="x", kind="house-rule", over="nope")
    assert answer["error"] == "over: expected a shipped variant's id, got 'nope'"
    assert ask(page, "check", text="x", kind="rule")["error"].startswith("bad request: kind")


def test_a_reaction_aimed_at_the_reader_is_said_and_answered_or_declined(
    page: Playground,
) -> None:
    """ninety-nine-drinks: "Whoever throws a king may appoint someone to drink a drink.
    If this player also throws up a king, the drink is returned." When a king is
    aimed at player 0, the page says so as ``ono99 play`` does, and lists a decline
    and each answer; declining takes the drink."""
    text = (ROOT / "variants" / "ninety-nine-drinks.toml").read_text("utf-8")
    for seed in range(200):
        answer = ask(
            page, "new_game", text=text, house_rules=[], players=3, opponent="random", seed=seed
        )
        while not answer["over"] and not answer["status"][0].endswith("You may answer now."):
            answer = ask(page, "move", index=0)
        if not answer["over"]:
            break
    else:
        pytest.fail("no game of 200 aimed a king at player 0")
    table = page._table
    assert table is not None and table.game.reaction is not None
    assert table.game.reaction.seat == 0
    assert answer["status"][1].startswith(f"Player {table.game.reaction.by} aims ")
    assert answer["status"][1].endswith("answer with a card that may, or decline and take it.")
    decline = [i for i, move in enumerate(table.choices) if isinstance(move, ono99.Decline)]
    assert len(decline) == 1
    assert answer["choices"][decline[0]].startswith("Decline: take ")
    for choice, move in zip(answer["choices"], table.choices, strict=True):
        if isinstance(move, ono99.Play):
            assert choice.startswith(f"Answer with {table.game.variant.card(move.card).name}")
    drinks = table.game.scores[0]
    ask(page, "move", index=decline[0])
    assert table.game.scores[0] == drinks + 1  # the drink taken


def test_partners_are_named_and_win_together(page: Playground) -> None:
    """noddy at four: "a game for two or four players - the latter presumably
    partners". The page names player 0's partner, and the result says the partners
    won or lost together."""
    text = (ROOT / "variants" / "noddy.toml").read_text("utf-8")
    answer = ask(
        page, "new_game", text=text, house_rules=[], players=4, opponent="cautious", seed=5
    )
    assert "Your partner: player 2." in answer["status"]
    assert any(line.startswith("The starter: ") for line in answer["status"])
    while not answer["over"]:
        answer = ask(page, "move", index=0)
    table = page._table
    assert table is not None
    if 0 in table.game.winners:
        assert answer["result"] == "You and your partner, player 2, win the game!"
    else:
        assert answer["result"] == "Player 1 and player 3 win the game. Better luck next time."


CRIBBAGE = (Path(__file__).parent / "variants" / "files" / "cribbage.toml").read_text("utf-8")


def test_cards_are_chosen_and_laid_away_into_the_crib(page: Playground) -> None:
    """Cribbage: "Each player looks at their six cards and 'lays away' two of them face
    down" (Bicycle Cards). The page is given the hand's cards to choose from and how many,
    not each way of choosing; a wrong count is refused in the game's words and nothing
    is played; two cards are laid away, the opponent's are only counted, and the play
    follows with its moves to click."""
    answer = ask(
        page, "new_game", text=CRIBBAGE, house_rules=[], players=2, opponent="cautious", seed=3
    )
    assert answer["status"][0] == "Round 1: lay 2 cards away. The crib is player 1's."
    assert {"text": "The crib is player 1's.", "kind": ""} in answer["lines"]
    laying = answer["laying"]
    table = page._table
    assert table is not None
    hand = table.game.hand(0)
    assert laying == {
        "count": 2,
        "zone": "crib",
        "cards": [table.game.variant.card(card).name for card in hand],
    }
    assert answer["choices"] == []
    refused = ask(page, "lay_away", cards=[0])
    assert refused == {"error": "Not that: you lay 2 cards away into the crib, not 1."}
    assert not table.game.moves
    assert ask(page, "lay_away", cards=[0, 0])["error"].startswith("bad request: cards must")
    assert ask(page, "lay_away", cards=[0, 6])["error"].startswith("bad request: cards must")
    answer = ask(page, "lay_away", cards=[0, 1])
    told = [line["text"] for line in answer["lines"]]
    names = ", ".join(table.game.variant.card(card).name for card in hand[:2])
    assert told[0] == f"You lay away {names} to the crib"
    assert told[1] == "Player 1 lays away 2 cards to the crib, face down"
    assert table.game.moves[0] == ono99.PutAside(hand[:2])
    assert "laying" not in answer
    assert answer["choices"] and answer["status"][0].endswith("Your turn.")
    assert ask(page, "lay_away", cards=[0, 1]) == {
        "error": "bad request: no cards are laid away now: choose one of the moves"
    }


def test_the_crib_is_told_at_the_show_as_ono99_play_tells_it(page: Playground) -> None:
    """Hoyle's Games: the dealer counts "his hand and crib" after the non-dealer. Once
    the play is over, the crib's owner, cards and score are told before the round's end,
    as the show's own triggers score them (``ono99.engine.crib_shown``)."""
    answer = ask(
        page, "new_game", text=CRIBBAGE, house_rules=[], players=2, opponent="cautious", seed=3
    )
    told: list[str] = []
    while not answer["over"] and not any(line.startswith("Round 2") for line in told):
        answer = ask(page, "lay_away", cards=[0, 1]) if "laying" in answer else answer
        if "laying" not in answer and not answer["over"]:
            answer = ask(page, "move", index=0)
        told += [line["text"] for line in answer["lines"]]
    crib = [line for line in told if line.startswith("Player 1's crib: ")]
    assert len(crib) == 1
    assert re.fullmatch(
        r"Player 1's crib: (.+, ){3}.+\. It scores \d+ of the points above\.", crib[0]
    )
    assert told.index(crib[0]) < next(
        i for i, t in enumerate(told) if t.startswith("Round 1 ends")
    )
