"""Hardening: every bad input gets the library's own error, and no move or file hangs.

Each test names the defect it guards against; the files it loads are the
regression corpus in ``tests/hardening/``.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import ono99

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


@pytest.mark.parametrize("total", [-(2**60) - 1, -(2**61), -(10**30), -(2**60), 0, 50])
def test_a_never_card_stays_unplayable_at_any_total(total: int) -> None:
    """legal_moves and why_illegal agree on a ``never`` card, however low the total."""
    v = ono99.load_variant("ono99-2022")
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
        ("choice-1000-amounts", "cards.ace.effects[0].amounts", "at most 12 amounts"),
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
