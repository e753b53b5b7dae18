"""Hardening: every bad input gets the library's own error, and no move or file hangs.

Each test names the defect it guards against; the files it loads are the
regression corpus in ``tests/hardening/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

import ono99
from ono99._limits import MAX_SHOW_ASKS, MAX_TOTAL, MAX_TRIGGERS
from ono99.testing import check_invariants

CORPUS = Path(__file__).parent / "hardening"


# ------------------------------------------------ moves of any type, one judgement


class MyPlay(ono99.Play):
    pass


class MyRedraw(ono99.Redraw):
    pass


@pytest.mark.parametrize("variant", ["ono99-1980", "ono99-2022", "ninety-nine"])
def test_a_subclass_of_play_is_played_as_the_play_it_stands_for(variant: str) -> None:
    """A subclass of Play is judged and played as a Play: the card leaves the hand."""
    game, plain = ono99.Game(variant, 3, seed=42), ono99.Game(variant, 3, seed=42)
    move = game.legal_moves()[0]
    assert isinstance(move, ono99.Play)
    mine = MyPlay(move.card, amount=move.amount, target=move.target)
    assert game.why_illegal(mine) is None
    assert game.play(mine) == plain.play(move)
    assert game.moves == plain.moves
    assert type(game.moves[0]) is ono99.Play
    assert game.hand(0) == plain.hand(0)


def test_an_illegal_subclass_move_is_refused_and_changes_nothing() -> None:
    """In a variant without redraw a Play subclass never reaches the redraw code."""
    game = ono99.Game("ono99-2022", 3, seed=42)
    held = game.hand(0)
    card = next(c.id for c in game.variant.cards if c.id not in held)
    before = (game.events, game.moves, game.hand(0))
    for move in (MyPlay(card), MyRedraw()):
        with pytest.raises(ono99.IllegalMoveError):
            game.play(move)
        assert (game.events, game.moves, game.hand(0)) == before


class Sayer:
    """A player that plays the first legal move, saying ``say`` of the total."""

    def __init__(self, say: object) -> None:
        self.say = say

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        move = observation.legal_moves[0]
        assert isinstance(move, ono99.Play)
        return ono99.Play(move.card, amount=move.amount, target=move.target, say=self.say)  # type: ignore[arg-type]


@pytest.mark.parametrize("say", [5.0, "5", True, MAX_TOTAL + 1, -MAX_TOTAL - 1])
@pytest.mark.parametrize("house_rules", [(), ("announce-the-total",)])
def test_what_a_move_says_is_checked_before_anything_is_recorded(
    house_rules: tuple[str, ...], say: object
) -> None:
    """A move's ``say`` is a whole number within the totals' bound, or the move is
    refused with the library's error and leaves no phantom move in the record (it
    was a raw TypeError on the compiled engine, the move kept in ``game.moves``; the
    pure-Python engine recorded it, and the saved game failed to load)."""
    game = ono99.Game(ono99.load_variant("ninety-nine", house_rules=house_rules), 2, seed=4)
    move = game.legal_moves()[0]
    assert isinstance(move, ono99.Play)
    before = (game.events, game.moves, game.hand(0))
    bad = ono99.Play(move.card, amount=move.amount, target=move.target, say=say)  # type: ignore[arg-type]
    assert game.why_illegal(bad) is not None
    with pytest.raises(ono99.IllegalMoveError, match="say"):
        game.play(bad)
    assert (game.events, game.moves, game.hand(0)) == before
    with pytest.raises(ono99.IllegalMoveError, match="say"):
        ono99.play_out(game, [Sayer(say), Sayer(say)])
    assert (game.events, game.moves, game.hand(0)) == before
    assert ono99.Game.replay(game.record()).moves == ()


def test_a_subclass_of_redraw_is_played_as_a_redraw() -> None:
    deck = ["ono99", "1"] * 4  # dealt one at a time: seat 0 holds the four ONO 99s
    game = ono99.Game("ono99-2022", 2, seed=1, deck=deck)
    plain = ono99.Game("ono99-2022", 2, seed=1, deck=deck)
    assert ono99.Redraw() in game.legal_moves()
    assert game.play(MyRedraw()) == plain.play(ono99.Redraw())
    assert game.moves == (ono99.Redraw(),)


# ------------------------------------------ no sentinel collides with a reachable total


def _position(variant: ono99.Variant, hands: list[list[str]], total: int) -> ono99.Game:
    pile = [c.id for c in variant.cards for _ in range(c.count * variant.deck.copies_for(2))]
    for hand in hands:
        for card in hand:
            pile.remove(card)
    return ono99.Game.from_position(variant, hands, pile, total=total, seed=1)


@pytest.mark.parametrize("total", [-(10**18), -(10**18) + 1, -(2**59), -(2**40), 0, 50])
def test_a_never_card_stays_unplayable_at_any_total(total: int) -> None:
    """legal_moves and why_illegal agree on a ``never`` card, however low the total.

    (With the floor taken away: ``from_position`` refuses a total below the floor.)
    """
    v = ono99.load_variant("ono99-2022", ["negative-totals"])
    game = _position(v, [["ono99", "ono99", "10", "1"], ["1", "2", "3", "4"]], total)
    listed = {m.card for m in game.legal_moves() if isinstance(m, ono99.Play)}
    assert "ono99" not in listed
    assert game.why_illegal(ono99.Play("ono99")) == "ONO 99 can never be played"
    for move in game.legal_moves():
        assert game.why_illegal(move) is None


# --------------------------------------------- every count a file sets has a bound


@pytest.mark.parametrize(
    ("name", "path", "bound"),
    [
        ("skip-trillion-players", "players.max", "at most 100"),
        ("skip-trillion", "cards.9.effects[0].players", "at most 100"),
        ("choice-1000-amounts", "cards.ace.effects[0].amounts", "at most 201 amounts"),
        ("hand-5000", "deal.hand_size", "at most 100"),
        ("tokens-trillion", "match.tokens.count", "at most 100"),
    ],
)
def test_a_count_beyond_what_a_game_can_use_is_refused_with_its_bound(
    name: str, path: str, bound: str
) -> None:
    with pytest.raises(ono99.VariantError) as caught:
        ono99.load_variant(CORPUS / f"{name}.toml")
    assert any(p.startswith(path) and bound in p for p in caught.value.problems), caught.value


def test_skipping_more_players_than_are_in_the_round_goes_round_the_table() -> None:
    """Skipping k players in a round of n is skipping k mod n: 4 in a 3-player round is 1."""
    text = (
        'extends = "ninety-nine-chicago"\nid = "s"\n'
        '[cards.9]\neffects = [{{ type = "skip", players = {} }}]\n'
    )
    one = ono99.loads_variant(text.format(1))
    four = ono99.loads_variant(text.format(4))
    deck = ["9", "2", "3"]  # seat 1 (the dealer's left) leads with the 9
    games = [ono99.Game(v, 3, seed=5, deck=deck) for v in (one, four)]
    for game in games:
        game.play(ono99.Play("9"))
    assert games[0].current_player == games[1].current_player


# ------------------------------------------------ only the library's errors escape


def test_deeply_nested_toml_is_a_variant_error() -> None:
    with pytest.raises(ono99.VariantError, match="nested more than 20 deep"):
        ono99.load_variant(CORPUS / "nested-500.toml")
    with pytest.raises(ono99.VariantError, match="nested more than 20 deep"):
        ono99.loads_variant("x = " + "[" * 5000 + "]" * 5000)


def test_a_long_chain_of_extends_is_a_variant_error(tmp_path: Path) -> None:
    for i in range(400):
        parent = f'"v{i + 1}.toml"' if i < 399 else '"ono99-1980"'
        (tmp_path / f"v{i}.toml").write_text(f'extends = {parent}\nid = "v{i}"\n')
    with pytest.raises(ono99.VariantError, match="more than 32 files each extend the next"):
        ono99.load_variant(tmp_path / "v0.toml")


@pytest.mark.parametrize("kind", [[], {}, ["play"], 5, None, b"play"])
def test_a_type_that_is_no_name_is_a_replay_error(kind: object) -> None:
    """``{"type": []}`` is data from a file, not a bug: a ReplayError, never a raw TypeError."""
    with pytest.raises(ono99.ReplayError, match="expected a table with a type key"):
        ono99.from_data({"type": kind})
    with pytest.raises(ono99.ReplayError, match="expected a table with a type key"):
        ono99.from_data([{"type": "play", "card": "7"}, {"type": kind}])


def test_deeply_nested_data_is_a_replay_error() -> None:
    data: list[object] = []
    for _ in range(3000):
        data = [data]
    with pytest.raises(ono99.ReplayError, match="nested more than 20 deep"):
        ono99.from_data(data)


LONG = "v" * 251


def test_a_name_the_file_system_refuses_is_a_variant_error(tmp_path: Path) -> None:
    """Too long a name, or a NUL byte: no such variant, and no install path shown."""
    install = str(Path(ono99.__file__).parent.parent)
    for name in (LONG, LONG + ".toml", "a\x00b", f"ono99-1980+{LONG}", "x/" + LONG):
        with pytest.raises(ono99.VariantError) as caught:
            ono99.load_variant(name)
        assert install not in str(caught.value)
        assert len(str(caught.value)) < 1000
    with pytest.raises(ono99.VariantError):
        ono99.load_variant("ono99-1980", house_rules=[LONG])
    (tmp_path / "child.toml").write_text(f'extends = "{LONG}"\nid = "c"\n')
    with pytest.raises(ono99.VariantError, match="extends") as caught:
        ono99.load_variant(tmp_path / "child.toml")
    assert install not in str(caught.value)
    (tmp_path / "house.toml").write_text(f'extends = "ono99-1980"\nhouse_rules = ["{LONG}"]\n')
    with pytest.raises(ono99.VariantError, match="house_rules"):
        ono99.load_variant(tmp_path / "house.toml")
    record = ono99.Game("ono99-1980", 2, seed=1).record()
    with pytest.raises(ono99.VariantError):
        ono99.Game.replay(ono99.GameRecord(LONG, *attrs.astuple(record, recurse=False)[1:]))


@pytest.mark.parametrize(
    "call",
    [
        lambda: ono99.Game(5, 3),  # type: ignore[arg-type]
        lambda: ono99.Game(None, 3),  # type: ignore[arg-type]
        lambda: ono99.Game.replay([1, 2]),  # type: ignore[arg-type]
        lambda: ono99.Game("ono99-2022", 3, seed="42"),  # type: ignore[arg-type]
        lambda: ono99.Game("ono99-2022", 3, seed=1).hand(9),
        lambda: ono99.Game("ono99-2022", 3, seed=1).observation(9),
        lambda: ono99.simulate("ono99-2022", games=2, jobs=1, strategies=[None]),  # type: ignore[list-item]
        lambda: ono99.simulate(5, games=2, jobs=1),  # type: ignore[arg-type]
        lambda: ono99.simulate("ono99-2022", games=10**12),
        lambda: ono99.load_variant(5),  # type: ignore[arg-type]
        lambda: ono99.load_variant("ono99-2022", house_rules=[5]),  # type: ignore[list-item]
        lambda: ono99.loads_variant(b"id = 'x'"),  # type: ignore[arg-type]
        lambda: ono99.load_house_rule(None),  # type: ignore[arg-type]
        lambda: ono99.dump_variant("ono99-2022"),  # type: ignore[arg-type]
        lambda: ono99.fingerprint(None),  # type: ignore[arg-type]
        lambda: ono99.rulebook(3),  # type: ignore[arg-type]
        lambda: ono99.diff_variants("ono99-2022", 3),  # type: ignore[arg-type]
        lambda: ono99.to_data(object()),
        lambda: ono99.make_player(None, 1),  # type: ignore[arg-type]
        lambda: ono99.make_player("random", "1"),  # type: ignore[arg-type]
        lambda: ono99.play_out(None, []),  # type: ignore[arg-type]
        lambda: ono99.compare_variants("ono99-2022", games=2),
        lambda: ono99.compare_variants(["ono99-2022"], gmaes=2),
    ],
)
def test_a_bad_argument_is_an_argument_error(call: object) -> None:
    with pytest.raises(ono99.ArgumentError) as caught:
        call()  # type: ignore[operator]
    assert isinstance(caught.value, ValueError)
    assert caught.value.name in str(caught.value)


def test_a_variant_may_be_given_as_a_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('extends = "ono99-2022"\nid = "mine"\n')
    # Every entry point that takes a variant takes the same things (VariantLike).
    game = ono99.Game(path, 3, seed=1)
    assert game.variant.id == "mine"
    assert ono99.Game.replay(game.record(), path).variant.id == "mine"
    assert ono99.simulate(path, players=3, games=2, jobs=1).games == 2
    assert "mine" in ono99.rulebook(path)
    assert ono99.diff_variants(path, "ono99-2022") == []


# ------------------------------------------ errors name the file; messages stay short


def test_a_bad_house_rule_in_a_variant_file_names_the_file_and_key() -> None:
    path = CORPUS / "house-rule-not-there.toml"
    with pytest.raises(ono99.VariantError) as caught:
        ono99.load_variant(path)
    assert caught.value.source == str(path)
    assert caught.value.problems[0].startswith("house_rules[0]: no shipped house rule 'two-deck'")
    assert "did you mean 'two-decks'" in str(caught.value)


def test_messages_echo_little_of_what_a_file_holds(tmp_path: Path) -> None:
    """A long value is cut short; the allowed keys are listed once, not per unknown key."""
    keys = "\n".join(f"unknown_{i} = 1" for i in range(500))
    long_value = "y" * 100_000
    path = tmp_path / "noisy.toml"
    path.write_text(
        f'extends = "ono99-1980"\nid = "x"\n[deal]\n{keys}\nhand_size = "{long_value}"\n'
    )
    with pytest.raises(ono99.VariantError) as caught:
        ono99.load_variant(path)
    message = str(caught.value)
    assert len(caught.value.problems) == 501
    assert len(message) < 3000
    assert message.count("the keys here are") == 1
    assert "more characters" in message


def test_the_loader_refuses_a_file_too_large_to_be_a_variant(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text('id = "huge"\n' + "# padding\n" * 200_000)
    with pytest.raises(ono99.VariantError, match="larger than 1,000,000 bytes"):
        ono99.load_variant(path)
    with pytest.raises(ono99.VariantError, match="longer than 1,000,000 characters"):
        ono99.loads_variant(path.read_text())


# ------------------------------------------------ records are read back, never coerced


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("seed", 1.5),
        ("seed", True),
        ("seed", "1"),
        ("players", "3"),
        ("deck", "10"),
        ("variant", 5),
        ("moves", [{"type": "play", "card": 7}]),
        ("moves", [{"type": "play", "card": "7", "amount": "1"}]),
        ("moves", "redraw"),
    ],
)
def test_from_data_refuses_values_of_the_wrong_type(key: str, value: object) -> None:
    game = ono99.Game("ono99-2022", 3, seed=1)
    data = ono99.to_data(game.record())
    assert ono99.from_data(data) == game.record()
    data[key] = value
    with pytest.raises(ono99.ReplayError):
        ono99.from_data(data)


def test_replay_refuses_a_hand_built_record_of_the_wrong_types() -> None:
    record = ono99.Game("ono99-2022", 3, seed=1).record()
    bad = attrs.evolve(record, seed=1.5)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(ono99.ReplayError, match=r"seed: expected a whole number, got 1\.5"):
        ono99.Game.replay(bad)


# ------------------------------------------- no number grows without bound (issue 29)


def test_a_multiply_of_a_negative_total_stays_within_the_bound() -> None:
    """With no floor, x1e300 of a total below 0 gave totals of thousands of bits.

    The total now stays at -MAX_TOTAL (10**18), as if it were a floor, however
    often it is multiplied, and every total prints.
    """
    v = ono99.load_variant(CORPUS / "multiply-negative-total.toml")
    game = _position(v, [["times", "times", "times", "times"], ["5", "5", "5", "5"]], -20)
    for _ in range(3):
        game.play(ono99.Play("times"))
        assert game.total == -MAX_TOTAL
        game.play(ono99.Play("5"))
        assert game.total == -MAX_TOTAL + 5
    assert all(len(str(event)) < 200 for event in game.events)


def test_a_total_setting_beyond_the_bound_is_refused() -> None:
    for key, value in (("bust", 2 * 10**18), ("start", -2 * 10**18), ("floor", -2 * 10**18)):
        with pytest.raises(ono99.VariantError, match=f"total.{key}: expected a total from"):
            ono99.loads_variant(f'extends = "ono99-2022"\nid = "x"\n[total]\n{key} = {value}\n')


def test_plays_owed_stay_within_the_bound_however_they_stack() -> None:
    """Under stacking = "multiply" each answer doubles the plays owed: capped at MAX_TOTAL."""
    v = ono99.load_variant("ono99-2022", house_rules=["stacking-double-play"])
    hands = [["play_2"] * 4, ["1", "2", "3", "4"]]
    pile = [c.id for c in v.cards for _ in range(c.count * v.deck.copies_for(2))]
    for card in hands[0] + hands[1]:
        pile.remove(card)
    game = ono99.Game.from_position(
        v, hands, pile, plays_owed=MAX_TOTAL, forced_by="play_2", seed=1
    )
    game.play(ono99.Play("play_2"))
    assert game.plays_owed == MAX_TOTAL


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("total", 2 * 10**18),
        ("plays_owed", 10**30),
        ("tokens", [10**19, 1]),
        ("scores", [0, -(10**30)]),
    ],
)
def test_a_position_beyond_the_bounds_is_refused(setting: str, value: object) -> None:
    v = ono99.load_variant("ono99-2022")
    hands = [["1", "2", "3", "4"], ["5", "6", "7", "8"]]
    pile = [c.id for c in v.cards for _ in range(c.count)]
    for card in hands[0] + hands[1]:
        pile.remove(card)
    with pytest.raises(ono99.VariantError, match=setting):
        ono99.Game.from_position(v, hands, pile, **{setting: value})  # type: ignore[arg-type]


# ------------------------------------------ no input makes every play slow (issue 29)


def test_more_triggers_than_the_bound_are_refused() -> None:
    """11,000 pass_over triggers in a file under 1 MB made every play 170 times slower."""
    trigger = (
        '[[triggers]]\ntype = "pass_over"\nvalue = {}\noutcomes = [{{ type = "end_round" }}]\n'
    )
    head = 'extends = "ono99-2022"\nid = "many"\n'
    fine = head + "".join(trigger.format(i % 99) for i in range(MAX_TRIGGERS))
    assert len(ono99.loads_variant(fine).triggers) == MAX_TRIGGERS
    many = head + "".join(trigger.format(i % 99) for i in range(11_000))
    assert len(many) < 1_000_000
    with pytest.raises(ono99.VariantError, match=r"triggers: expected at most 100 triggers"):
        ono99.loads_variant(many)


def test_a_show_of_more_scorings_than_the_bound_is_refused(tmp_path: Path) -> None:
    """100 show triggers, 99 players and 100-card hands made one Game() take 72 s and
    20 million events, again at every deal, and validated: players.max times the show's
    triggers is now bounded (MAX_SHOW_ASKS), refused at the file that set it last."""
    show = (
        '[[add_triggers]]\ntype = "hand_pairs"\n'
        'outcomes = [{ type = "points", who = "player", by = 2 }]\n'
    )
    head = 'extends = "noddy"\nid = "big-show"\n[players]\nmax = {}\n'
    # noddy's show has 6 triggers: 16 players ask 96 scorings of it, 17 ask 102.
    assert ono99.loads_variant(head.format(16)).players.max == 16
    path = tmp_path / "big-show.toml"
    path.write_text(head.format(4) + show * 20, encoding="utf-8")
    with pytest.raises(ono99.VariantError) as caught:
        ono99.load_variant(path)
    assert caught.value.source == str(path)
    assert list(caught.value.problems) == [
        "triggers: expected at most 100 scorings of a hand at each show (players.max times "
        "the triggers that score at the show), got 4 x 26 = 104: the show asks each of them "
        "of every hand, at every deal"
    ]
    with pytest.raises(ono99.VariantError, match=r"got 17 x 6 = 102"):
        ono99.loads_variant(head.format(17))
    assert MAX_SHOW_ASKS == 100


# ------------------------------------- integers of any length name their key (issue 29)


def test_an_integer_with_more_digits_than_python_reads_names_its_key(tmp_path: Path) -> None:
    """5,000 digits: Python's own ValueError once escaped, naming no file and no key."""
    path = CORPUS / "integer-5000-digits.toml"
    for load in (ono99.load_variant, lambda p: ono99.loads_variant(p.read_text(), str(p))):
        with pytest.raises(ono99.VariantError) as caught:
            load(path)
        assert caught.value.source == str(path)
        assert caught.value.problems == (
            "total.bust: expected an integer from -2**63 to 2**63 - 1 "
            "(TOML's 64-bit integers), got one of 5000 digits",
        )
    (finding,) = ono99.check_file(path)
    assert (finding.level, finding.path) == ("error", "total.bust")
    # One that is not at a key (in an array of arrays of a table of tables) still has its line.
    weird = tmp_path / "weird.toml"
    weird.write_text('id = "w"\nname = "W"\n\n\nx = [[' + "1" * 5000 + "]]\n")
    with pytest.raises(ono99.VariantError, match=r"x\[0\]\[0\]: expected an integer"):
        ono99.load_variant(weird)


def test_an_integer_beyond_64_bits_is_refused_at_its_key() -> None:
    card = 'extends = "ono99-2022"\nid = "x"\n[cards.x]\nname = "X"\ncount = {}\n'
    with pytest.raises(ono99.VariantError, match=r"cards\.x\.count: expected an integer from"):
        ono99.loads_variant(card.format(2**63))
    # 2**63 - 1 is read, and refused by the deck's own bound instead.
    with pytest.raises(ono99.VariantError, match="expected at most 10000"):
        ono99.loads_variant(card.format(2**63 - 1))


# --------------------------------------------------- links that lead nowhere (issue 29)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_symbolic_link_to_itself_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    (finding,) = ono99.check_file(loop)
    assert finding.level == "error"
    assert "symbolic link that leads to no file" in finding.message
    with pytest.raises(ono99.VariantError, match="symbolic link that leads to no file"):
        ono99.load_variant(loop)
    with pytest.raises(ono99.VariantError, match="symbolic link"):
        ono99.check_file(loop, kind="house-rule") and ono99.load_house_rule(loop)


# ------------------------------------------------------------- smaller (issue 29)


def test_an_empty_text_lists_each_missing_key_once() -> None:
    with pytest.raises(ono99.VariantError) as caught:
        ono99.loads_variant("")
    assert caught.value.problems == (
        "id: missing required key (expected a string)",
        "name: missing required key (expected a string)",
        "cards: missing required key (expected a table of cards, one [cards.<id>] table each)",
    )


def test_the_schema_reference_names_a_factor_a_number() -> None:
    """The reference once showed multiply's factor as ``<class 'float'>``."""
    page = (Path(__file__).parents[1] / "docs" / "reference" / "schema.rst").read_text()
    assert "<class" not in page
    assert "   * - ``factor``\n     - number\n" in page


def test_check_invariants_allows_a_game_as_long_as_the_engine_does() -> None:
    """The engine ends a game at round.max_game_plays (100,000): so does "game ends".

    check_invariants gave up at 20,000 moves, so a variant whose rounds never
    end by themselves failed it though the engine ends its games.
    """
    text = (
        'extends = "ono99-2022"\nid = "long"\n[total]\nfloor = "none"\n'
        "[round]\nmax_plays = 21000\nmax_game_plays = 21000\n"
        "[cards.minus_ten]\ncount = 40\n"
    )
    variant = ono99.loads_variant(text)
    checked = check_invariants(variant, games=1, players=2, deep=False, seed=3)
    assert checked.moves > 20_000
