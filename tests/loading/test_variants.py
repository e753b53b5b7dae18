"""Loading variants: inheritance, house rules, writing back, fingerprints, replay."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import attrs
import pytest

import ono99
from ono99.loading._convert import unstructure_variant
from ono99.loading._files import house_rules_dir, variants_dir
from ono99.loading._overlay import ADDITIONS, leaves


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _all_combinations() -> list[ono99.Variant]:
    """Every shipped variant, alone and with each house rule that fits it."""
    out = []
    for variant_id in ono99.list_variants():
        out.append(ono99.load_variant(variant_id))
        out += [ono99.load_variant(variant_id, [r]) for r in ono99.list_house_rules(variant_id)]
    return out


ALL = _all_combinations()


# ----------------------------------------------------------------- shipping


def test_the_shipped_files() -> None:
    assert ono99.list_variants() == [
        "cribbage",
        "cribbage-five-card",
        "cribbage-four-hand",
        "cribbage-pegging",
        "cribbage-three-hand",
        "ninety-eight",
        "ninety-nine",
        "ninety-nine-bradwilson",
        "ninety-nine-chicago",
        "ninety-nine-drinks",
        "ninety-nine-everything2",
        "ninety-nine-gronemann",
        "ninety-nine-jokers",
        "ninety-nine-king-of-spades",
        "ninety-nine-milestones",
        "ninety-nine-pagat",
        "ninety-nine-parlett",
        "ninety-nine-taiwan",
        "noddy",
        "ono99-1980",
        "ono99-1980-option",
        "ono99-1980-points",
        "ono99-1980-points-first",
        "ono99-2022",
    ]
    assert ono99.list_house_rules() == [
        "announce-the-total",
        "bust-above-99",
        "crazy-eights",
        "floor-zero",
        "last-standing",
        "negative-totals",
        "ono99-card-option",
        "playaural-two",
        "points",
        "points-elimination",
        "points-first",
        "spade-ace-four-shuffles",
        "stacking-double-play",
        "two-decks",
        "wild-jacks",
        "wrong-total-loses",
    ]
    assert house_rules_dir() == variants_dir() / "house"


def test_each_shipped_file_is_named_by_its_id() -> None:
    """A shipped id is also its file name, so a record's id finds its file."""
    for name in ono99.list_variants():
        assert (variants_dir() / f"{name}.toml").is_file()
    for name in ono99.list_house_rules():
        assert (house_rules_dir() / f"{name}.toml").is_file()
        assert ono99.load_house_rule(name).id == name


def test_shipped_files_cite_their_sources() -> None:
    """Every shipped file opens with comments that quote its source."""
    for path in [*variants_dir().glob("*.toml"), *house_rules_dir().glob("*.toml")]:
        lines = path.read_text(encoding="utf-8").splitlines()
        opening = [line for line in lines[: lines.index("")] if line.startswith("#")]
        assert opening, path.name
        assert any('"' in line for line in lines if line.startswith("#")), path.name
    for name in ono99.list_house_rules():
        assert ono99.load_house_rule(name).source, name


def test_house_rule_aliases() -> None:
    for alias in ("stacking", "stacking-play-2", "STACKING-Double-Play"):
        assert ono99.load_house_rule(alias).id == "stacking-double-play"
    assert ono99.load_house_rule("ninety-nine-safe").id == "bust-above-99"


def test_list_house_rules_that_fit() -> None:
    assert ono99.list_house_rules(fits="ono99-2022") == [
        "bust-above-99",
        "negative-totals",
        "stacking-double-play",
        "two-decks",
    ]
    assert "negative-totals" not in ono99.list_house_rules(fits="ono99-1980-points")
    assert "floor-zero" in ono99.list_house_rules(fits="gibsons-1988")


def test_load_house_rule_describes_it() -> None:
    rule = ono99.load_house_rule("points-elimination")
    assert rule == ono99.HouseRule(
        id="points-elimination",
        name="Points scoring, rounds played to the last player",
        description=rule.description,
        source=rule.source,
        editions=("ono99-1980",),
        keys=(
            "round.end",
            "no_safe_play.action",
            "no_safe_play.undo_bust",
            "match.scoring",
            "match.points.at_target",
        ),
        path=str(house_rules_dir() / "points-elimination.toml"),
    )
    assert "Geeky Hobbies" in rule.source


# --------------------------------------------------------------- inheritance


def test_extends_merges_tables_deeply(tmp_path: Path) -> None:
    file = write(
        tmp_path,
        "mine.toml",
        """
        extends = "ono99-2022"
        name = "Mine"

        [total]
        bust = 100

        [cards.minus_ten]
        count = 4
        """,
    )
    base = ono99.load_variant("ono99-2022")
    mine = ono99.load_variant(file)
    assert mine.id == "mine"  # the file's name
    assert mine.name == "Mine"
    # Not the parent's description: this file is a variant of its own.
    assert mine.description == f"{base.name}, with the changes in mine.toml."
    assert mine.aliases == ()  # aliases name the parent only
    assert mine.total == attrs.evolve(base.total, bust=100)
    assert mine.card("minus_ten") == attrs.evolve(base.card("minus_ten"), count=4)
    assert [c.id for c in mine.cards] == [c.id for c in base.cards]
    assert mine.deck_size == base.deck_size - 6


def test_extends_by_relative_path_and_a_chain(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    write(tmp_path, "base/parent.toml", 'extends = "ono99-1980"\n[deck]\ncopies = 2\n')
    write(tmp_path, "child.toml", 'extends = "base/parent.toml"\nid = "kid"\n[total]\nfloor = 0\n')
    kid = ono99.load_variant(tmp_path / "child.toml")
    assert (kid.id, kid.deck_size, kid.total.floor) == ("kid", 108, 0)


def test_a_new_card_in_a_child(tmp_path: Path) -> None:
    file = write(
        tmp_path,
        "v.toml",
        """
        extends = "ono99-1980"
        [cards.minus_twenty]
        name = "Minus Twenty"
        count = 2
        effects = [{ type = "add", amount = -20 }]
        """,
    )
    variant = ono99.load_variant(file)
    assert variant.cards[-1].id == "minus_twenty"
    assert variant.deck_size == 56


def test_a_variant_file_lists_house_rules(tmp_path: Path) -> None:
    """Parent, then its house rules, then the file's own keys."""
    file = write(
        tmp_path,
        "v.toml",
        """
        extends = "ono99-1980"
        house_rules = ["two-decks", "last-standing"]
        [deck]
        copies = 3
        """,
    )
    variant = ono99.load_variant(file)
    assert (variant.id, variant.deck.copies, variant.match.scoring) == ("v", 3, "none")


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    file = write(tmp_path, "v.toml", 'extends = "ono99-1980"\n[deck]\ncopies = 2\n')
    rule = write(tmp_path, "r.toml", "[total]\nbust = 100\n")
    assert ono99.load_variant(file, [rule]).deck.copies == 2
    write(tmp_path, "v.toml", 'extends = "ono99-1980"\n[deck]\ncopies = 3\n')
    assert ono99.load_variant(file, [rule]).deck.copies == 3
    write(tmp_path, "r.toml", "[total]\nbust = 1000\n")
    assert ono99.load_variant(file, [rule]).total.bust == 1000


def test_loading_twice_gives_the_same_object() -> None:
    first = ono99.load_variant("ono99-1980", ["two-decks"])
    assert ono99.load_variant("ono99-1980", ["two-decks"]) is first


# ------------------------------------------------------------- house rules


def test_house_rules_by_id_by_path_and_joined() -> None:
    by_id = ono99.load_variant("ono99-1980", ["last-standing", "two-decks"])
    path = house_rules_dir() / "two-decks.toml"
    by_path = ono99.load_variant("ono99-1980", ["last-standing", path])
    joined = ono99.load_variant("ONO99-1980+Last-Standing+two-decks")
    single = ono99.load_variant("ono99-1980+last-standing", "two-decks")
    assert by_id == by_path == joined == single
    assert by_id.id == "ono99-1980+last-standing+two-decks"
    assert by_id.name == "O'NO 99 (International Games, 1980) + Last player standing + Two decks"
    assert by_id.aliases == ()


def test_a_house_rule_file_with_a_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "mine.toml", "[cards.minus_ten]\ncount = 6\n")
    monkeypatch.chdir(tmp_path)
    assert ono99.load_variant("ono99-2022", ["mine.toml"]).card("minus_ten").count == 6
    assert ono99.load_variant("ono99-2022", [Path("mine.toml")]).id == "ono99-2022+mine"


def test_house_rules_apply_in_order(tmp_path: Path) -> None:
    one = write(tmp_path, "one.toml", "[total]\nbust = 100\n")
    two = write(tmp_path, "two.toml", "[total]\nbust = 120\n")
    assert ono99.load_variant("ono99-2022", [one, two], later_wins=True).total.bust == 120
    assert ono99.load_variant("ono99-2022", [two, one], later_wins=True).total.bust == 100


def test_house_rules_that_add_triggers_add_them_all(tmp_path: Path) -> None:
    """``[[add_triggers]]`` adds, so two house rules adding triggers do not conflict: each
    adds its own, in order; a mistake in one is named at its own ``add_triggers`` path."""
    sixty = write(
        tmp_path,
        "sixty.toml",
        'id = "sixty"\nname = "Sixty"\n\n[[add_triggers]]\ntype = "land_on"\nvalue = 60\n'
        'outcomes = [{ type = "tokens", who = "player", by = 1 }]\n',
    )
    variant = ono99.load_variant("ninety-nine", ["announce-the-total", sixty])
    assert [t.type for t in variant.triggers] == ["announced_wrong", "land_on"]
    typo = write(
        tmp_path,
        "typo.toml",
        'id = "typo"\nname = "Typo"\n\n[[add_triggers]]\ntype = "land_on"\nvalue = 60\n'
        'outcomes = [{ type = "tokens", who = "playr", by = 1 }]\n',
    )
    with pytest.raises(ono99.VariantError) as error:
        ono99.load_variant("ninety-nine", ["announce-the-total", typo])
    assert error.value.source == str(typo)
    assert error.value.problems[0].startswith("add_triggers[0].outcomes[0].who: expected one of")


def test_a_house_rule_changes_its_keys_and_nothing_else() -> None:
    base = dict(leaves(unstructure_variant(ono99.load_variant("ono99-1980"))))
    for name in ono99.list_house_rules(fits="ono99-1980"):
        rule = ono99.load_house_rule(name)
        changed = dict(leaves(unstructure_variant(ono99.load_variant("ono99-1980", [name]))))
        differing = {
            key for key in base.keys() | changed.keys() if base.get(key) != changed.get(key)
        }
        # The metadata names the house rules: the description is theirs.
        metadata = {"id", "name", "aliases", "description"}
        assert differing - metadata, f"{name} changes nothing"
        # ``add_triggers`` adds to the ``triggers`` of what the rule is laid over.
        keys = {ADDITIONS.get(key, key) for key in rule.keys}
        assert differing - metadata <= keys, name


def test_a_variant_under_house_rules_is_described_by_them() -> None:
    """Its description names the variant and gives each house rule's own; the
    variant's would speak of the game before them ("112 cards", under two decks)."""
    variant = ono99.load_variant("ono99-2022", ["two-decks"])
    assert "112 cards" in ono99.load_variant("ono99-2022").description
    rule = ono99.load_house_rule("two-decks")
    assert variant.description == (
        f"ONO 99 (Mattel, 2022), with house rules. {rule.name}: {rule.description}"
    )
    book = " ".join(ono99.rulebook(variant).split())
    assert ono99.load_variant("ono99-2022").description not in book
    assert rule.description in book
    assert "2 decks of 112 cards (see The cards) shuffled together: 224 cards." in book


# ------------------------------------------------------------- writing back


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_dump_then_load_gives_an_equal_variant(variant: ono99.Variant) -> None:
    text = ono99.dump_variant(variant)
    assert "extends" not in text
    again = ono99.loads_variant(text)
    assert again == variant
    assert ono99.fingerprint(again) == ono99.fingerprint(variant)


def test_a_dumped_file_loads_as_a_file(tmp_path: Path) -> None:
    variant = ono99.load_variant("ono99-1980", ["last-standing", "two-decks"])
    file = tmp_path / "resolved.toml"
    file.write_text(ono99.dump_variant(variant), encoding="utf-8")
    assert ono99.load_variant(file) == variant


def test_dump_states_every_setting() -> None:
    text = ono99.dump_variant(ono99.load_variant("ono99-2022"))
    for key in ("undo_bust = true", "keep_top_card = false", 'stacking = "none"', "[redraw]"):
        assert key in text
    assert text.startswith("# ONO 99 (Mattel, 2022): every setting stated")


def test_dump_round_trips_awkward_values() -> None:
    base = ono99.load_variant("ono99-1980")
    odd = attrs.evolve(
        base,
        name='Quote " and \\ backslash, ünïcödé',
        description="line\nbreak",
        aliases=("a", "b"),
        cards=(*base.cards[:-1], attrs.evolve(base.cards[-1], text="A note.")),
    )
    assert ono99.loads_variant(ono99.dump_variant(odd)) == odd


def test_loads_variant_needs_an_id() -> None:
    with pytest.raises(ono99.VariantError, match="id: missing required key"):
        ono99.loads_variant('extends = "ono99-2022"\n')


# ------------------------------------------------------------- fingerprints


def _rules(variant: ono99.Variant) -> str:
    data = unstructure_variant(variant)
    for key in ("id", "name", "description", "aliases", "source"):
        del data[key]
    return repr(data)


def test_fingerprints_tell_rules_apart() -> None:
    """Equal fingerprints exactly when the rules are equal (``ono99-1980-option`` is
    ``ono99-1980+ono99-card-option``; ``points`` over ``ono99-1980-points`` changes nothing)."""
    found = [(v.id, _rules(v), ono99.fingerprint(v)) for v in ALL]
    for one, rules, printed in found:
        for other, other_rules, other_printed in found:
            assert (printed == other_printed) == (rules == other_rules), (one, other)
    assert len({printed for *_, printed in found}) > 30


def test_fingerprints_ignore_names_and_notes() -> None:
    base = ono99.load_variant("ono99-2022")
    renamed = attrs.evolve(
        base,
        id="other",
        name="Other",
        description="",
        aliases=(),
        source="",
        cards=(attrs.evolve(base.cards[0], text="note"), *base.cards[1:]),
    )
    assert ono99.fingerprint(renamed) == ono99.fingerprint(base)


def test_fingerprints_see_the_card_order() -> None:
    """The deck is built in card order before shuffling: another order, another game."""
    base = ono99.load_variant("ono99-2022")
    swapped = attrs.evolve(base, cards=(base.cards[1], base.cards[0], *base.cards[2:]))
    assert ono99.fingerprint(swapped) != ono99.fingerprint(base)


def test_fingerprints_leave_out_default_settings() -> None:
    """A setting at its default is not hashed, so adding a new setting to the library
    (with a default that keeps the old rule) keeps every fingerprint."""
    base = ono99.load_variant("ono99-2022")
    assert base.no_safe_play.undo_bust is True  # the default
    explicit = ono99.loads_variant(ono99.dump_variant(base))
    assert ono99.fingerprint(explicit) == ono99.fingerprint(base)
    changed = attrs.evolve(base, no_safe_play=attrs.evolve(base.no_safe_play, undo_bust=False))
    assert ono99.fingerprint(changed) != ono99.fingerprint(base)


# ------------------------------------------------------------- saved games


def _played(variant: ono99.Variant, seed: int = 3) -> ono99.Game:
    game = ono99.Game(variant, 3, seed)
    ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
    return game


def test_a_game_with_house_rules_replays_from_its_record() -> None:
    game = _played(ono99.load_variant("ono99-1980", ["last-standing", "two-decks"]))
    record = ono99.from_data(ono99.to_data(game.record()))
    assert record.variant == "ono99-1980+last-standing+two-decks"
    assert record.fingerprint == ono99.fingerprint(game.variant)
    assert ono99.Game.replay(record).events == game.events


def test_replaying_under_other_rules_is_refused() -> None:
    game = _played(ono99.load_variant("ono99-1980", ["stacking-double-play"]))
    record = game.record()
    with pytest.raises(ono99.ReplayError, match="replaying it under other rules is refused"):
        ono99.Game.replay(record, "ono99-1980")
    with pytest.raises(ono99.ReplayError, match=record.fingerprint):
        ono99.Game.replay(record, ono99.load_variant("ono99-1980", ["two-decks"]))


def test_a_replay_under_a_changed_house_rule_file_is_refused(tmp_path: Path) -> None:
    rule = write(tmp_path, "mine.toml", "[cards.minus_ten]\ncount = 6\n")
    game = _played(ono99.load_variant("ono99-2022", [rule]))
    record = game.record()
    assert (
        ono99.Game.replay(record, ono99.load_variant("ono99-2022", [rule])).winner == game.winner
    )
    write(tmp_path, "mine.toml", "[cards.minus_ten]\ncount = 7\n")
    with pytest.raises(ono99.ReplayError, match="under other rules is refused"):
        ono99.Game.replay(record, ono99.load_variant("ono99-2022", [rule]))


def test_the_working_folder_does_not_change_a_shipped_variant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = ono99.load_variant("ono99-1980", ["two-decks"])
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "two-decks.toml", "[deck]\ncopies = 5\n")
    assert ono99.load_variant("ono99-1980", ["two-decks"]) == before
    assert os.getcwd() == str(tmp_path)
