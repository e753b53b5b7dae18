"""The rulebook: every setting and every card of a variant, in words."""

from __future__ import annotations

import io
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

import ono99
from ono99.authoring._rulebook import card_rules, relevant_settings, rulebook
from ono99.loading._convert import structure_variant, unstructure_variant
from ono99.loading._problems import ProblemsError

SHIPPED = ono99.list_variants()
# One variant of each shape: with a redraw and a floor, with tokens, with points,
# with play going on after a bust, with settings that depend on the player count,
# with forced plays that stack.
BASES = [
    "ono99-2022",
    "cribbage-pegging",
    "noddy",
    "ono99-1980",
    "ono99-1980-points",
    "ono99-1980+points-elimination",
    "ninety-nine-pagat",
    "ono99-2022+stacking-double-play",
]
# Not settings: what names the variant, and its lists of rule objects (cards and
# triggers), whose words are checked rule by rule below.
METADATA = {"id", "name", "description", "aliases", "source", "cards", "triggers"}


def model_leaves(cls: type = ono99.Variant, prefix: str = "") -> dict[str, Any]:
    """Every setting of the variant model, by TOML key path, with its type."""
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if not prefix and field.name in METADATA:
            continue
        tp = hints[field.name]
        # A table that may be absent (``redraw``) is still a table of settings.
        optional = [a for a in typing.get_args(tp) if a is not type(None)]
        inner = optional[0] if type(None) in typing.get_args(tp) else tp
        if attrs.has(inner):
            out.update(model_leaves(inner, f"{prefix}{field.name}."))
        else:
            out[f"{prefix}{field.name}"] = tp
    return out


def alternatives(value: object, tp: Any, variant: ono99.Variant) -> list[object]:
    """Other values for a setting of type ``tp``, the likeliest to be valid first."""
    if typing.get_origin(tp) is typing.Literal:
        return [choice for choice in typing.get_args(tp) if choice != value]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, list):  # player steps (deck.copies_by_players): add or drop one
        return [[{"more_than": variant.players.min, "value": 2}]] if not value else [[]]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if value == "none":  # total.floor: no floor becomes one at the start
        return [variant.total.start]
    if isinstance(value, str):  # a card id (redraw.card): another card
        return [card.id for card in variant.cards if card.id != value]
    raise AssertionError(f"no other value for {value!r}")


def with_setting(variant: ono99.Variant, path: str, tp: Any) -> ono99.Variant | None:
    """The variant with one setting changed to another valid value, if there is one."""
    value = relevant_settings(variant)[path]
    for other in alternatives(value, tp, variant):
        data = unstructure_variant(variant)
        table = data
        *parents, key = path.split(".")
        for name in parents:
            table = table[name]
        table[key] = other
        try:
            return structure_variant(data)
        except ProblemsError:
            continue
    return None


def words_cases() -> list[tuple[str, str]]:
    """Each setting in each base variant where it can change alone."""
    leaves = model_leaves()
    cases = []
    for base in BASES:
        variant = ono99.load_variant(base)
        for path in relevant_settings(variant):
            if with_setting(variant, path, leaves[path]) is not None:
                cases.append((base, path))
    return cases


def test_every_setting_of_the_model_is_checked() -> None:
    """The words test below covers every setting the model has: a setting added
    to the model without a shipped variant using it fails here, not silently."""
    covered = {path for _, path in words_cases()}
    # The one shipped variant played in teams is four players in two teams of two: no
    # other size fits it, so the size is checked in words by the test that follows. No
    # shipped variant declares a zone: tests/engine/test_zones.py finds one in the words.
    # No shipped variant lists its phases: tests/engine/test_phases.py finds them there.
    # No shipped variant gives points at a deal (three for last) or lays cards away into
    # a crib yet: the words are checked by tests/engine/test_cribbage_scores.py and
    # tests/variants/test_cribbage.py. None deals a card on top of the deal (a Joker
    # each): tests/variants/test_ninety_nine_joker_life.py finds it in the words.
    laying = {f"deal.{key}" for key in ("put_aside", "from_stock", "put_aside_to")}
    laying |= {"deal.put_aside_by_players", "deal.from_stock_by_players"}
    unshipped = {"players.teams.size", "zones", "round.phases", "match.points.at_deal"}
    unshipped |= {"deal.extra"}
    unshipped |= laying
    assert set(model_leaves()) - unshipped == covered


def test_the_teams_are_stated_in_words() -> None:
    """Which counts play in teams, and the teams' size, are in the rulebook."""
    variant = ono99.load_variant("cribbage-pegging")
    book = rulebook(variant)
    assert "4 players play in teams of 2" in " ".join(book.split())
    six = attrs.evolve(
        variant,
        players=ono99.PlayerCount(2, 6, ono99.Teams(at=(6,), size=3)),
    )
    words = " ".join(rulebook(six).split())
    assert "6 players play in teams of 3" in words
    assert "(seat 0 and seat 2 and seat 4; seat 1 and seat 3 and seat 5)" in words


@pytest.mark.parametrize(("base", "path"), words_cases())
def test_every_setting_is_stated_in_words(base: str, path: str) -> None:
    """Changing any one setting that affects play changes the plain-text
    rulebook: no setting goes unmentioned."""
    variant = ono99.load_variant(base)
    other = with_setting(variant, path, model_leaves()[path])
    assert other is not None
    assert relevant_settings(other).get(path) != relevant_settings(variant)[path]
    assert rulebook(other) != rulebook(variant)


@pytest.mark.parametrize("variant_id", SHIPPED)
@pytest.mark.parametrize("fmt", ["text", "rst"])
def test_every_card_is_listed_with_its_rules(variant_id: str, fmt: str) -> None:
    """Each card appears with its count and the words of its rule objects."""
    variant = ono99.load_variant(variant_id)
    book = rulebook(variant, format=fmt)  # type: ignore[arg-type]
    flat = " ".join(book.split())
    for card in variant.cards:
        assert " ".join(card_rules(card).split()) in flat
        for words in [
            *(e.describe() for e in card.effects),
            *(c.describe() for c in card.conditions),
        ]:
            assert words.lower() in flat.lower()
    assert book.startswith(variant.name + "\n" + "=" * len(variant.name) + "\n")


WITH_TRIGGERS = [v for v in SHIPPED if ono99.load_variant(v).triggers]


def test_some_shipped_variants_have_triggers() -> None:
    """The trigger tests below are not vacuous."""
    assert len(WITH_TRIGGERS) >= 2


@pytest.mark.parametrize("variant_id", WITH_TRIGGERS)
@pytest.mark.parametrize("fmt", ["text", "rst"])
def test_every_trigger_is_stated_with_its_outcomes(variant_id: str, fmt: str) -> None:
    """Each trigger of the variant appears in words, with each of its outcomes, and
    dropping any one of them changes the rulebook."""
    variant = ono99.load_variant(variant_id)
    book = rulebook(variant, format=fmt)  # type: ignore[arg-type]
    flat = " ".join(book.split()).lower()
    for i, trigger in enumerate(variant.triggers):
        assert " ".join(trigger.describe().split()).lower() in flat
        for outcome in trigger.outcomes:
            assert outcome.describe().lower() in flat
        fewer = attrs.evolve(variant, triggers=variant.triggers[:i] + variant.triggers[i + 1 :])
        assert rulebook(fewer, format=fmt) != book  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_plain_text_fits_a_terminal(variant_id: str) -> None:
    """The plain-text rulebook's lines are at most 79 characters and carry no markup."""
    book = rulebook(variant_id)
    assert all(len(line) <= 79 for line in book.splitlines())
    assert "``" not in book and ".. " not in book


def test_the_editions_in_words() -> None:
    """Rulebook sentences match the rule sheets: "Negative totals are not allowed"
    (Mattel 2022); "It is possible for the point value to be minus ten" (1980); "If
    all three tokens are lost, a player is allowed to lose one more round" (1980)."""
    mattel = rulebook("ono99-2022")
    assert "never goes below 0" in mattel
    assert "A player holding 4 ONO 99 cards may discard 4" in " ".join(mattel.split())
    assert "lays the hand down" in mattel
    assert "single round" in mattel
    classic = " ".join(rulebook("ono99-1980").split())
    assert "may go below zero" in classic
    assert "starts with 3 tokens" in classic and "(the 4th loss)" in classic
    assert "98 is safe, 99 busts" in classic
    assert "Hold (4 cards): Keeps the total as it is; answers forced plays" in classic
    assert "Double Play (2 cards): Makes the next player play 2 cards. Not as the first" in (
        classic
    )
    option = " ".join(rulebook("ono99-1980-option").split())
    assert "Only when the total is a multiple of 10. At most one per turn." in option
    points = " ".join(rulebook("ono99-1980-points").split())
    assert "O'NO 99 (4 cards, 20 points each)" in points
    assert "reaches 500 is out of the game" in points
    first = " ".join(rulebook("ono99-1980-points-first").split())
    assert "When any player's score reaches 500, the game ends" in first


def test_settings_table_lists_the_resolved_settings() -> None:
    """The reStructuredText rulebook ends with each setting in effect as a TOML key,
    and leaves out the settings of scoring systems not in use."""
    book = rulebook("ono99-2022", format="rst")
    settings = book[book.index("\nSettings\n") :]
    assert "``total.floor``" in settings and "``0``" in settings
    assert "``redraw.card``" in settings and '``"ono99"``' in settings
    assert "match.tokens" not in settings and "match.points" not in settings


def test_loads_by_id_path_or_variant(tmp_path: Any) -> None:
    variant = ono99.load_variant("ono99-1980")
    path = tmp_path / "mine.toml"
    path.write_text(ono99.dump_variant(attrs.evolve(variant, id="mine")), encoding="utf-8")
    by_path = rulebook(path)
    assert by_path == rulebook(str(path)) == rulebook(attrs.evolve(variant, id="mine"))
    with pytest.raises(ono99.VariantError, match="no shipped variant 'nope'"):
        rulebook("nope")
    with pytest.raises(ono99.ArgumentError, match="format: expected 'text' or 'rst', got 'html'"):
        rulebook(variant, format="html")  # type: ignore[arg-type]


def test_rst_markup_is_escaped() -> None:
    """Names with reStructuredText markup characters read as written."""
    variant = ono99.load_variant("ono99-2022")
    odd = attrs.evolve(
        variant,
        name="*Starred* `odd` name_",
        cards=tuple(
            attrs.evolve(c, name="-10 *minus*") if c.id == "minus_ten" else c
            for c in variant.cards
        ),
    )
    book = rulebook(odd, format="rst")
    assert book.startswith("\\*Starred\\* \\`odd\\` name\\_\n")
    assert "   * - **-10 \\*minus\\*** ``minus_ten``" in book


def test_rst_parses_cleanly() -> None:
    """Each shipped variant's reStructuredText rulebook parses without a warning."""
    docutils_core = pytest.importorskip("docutils.core")
    for variant_id in SHIPPED:
        warnings = io.StringIO()
        docutils_core.publish_doctree(
            rulebook(variant_id, format="rst"),
            settings_overrides={"report_level": 2, "warning_stream": warnings},
        )
        assert warnings.getvalue() == "", variant_id


def test_rst_escapes_read_back_as_written() -> None:
    """Parsed, the escaped names give back exactly the names in the variant."""
    docutils_core = pytest.importorskip("docutils.core")
    variant = ono99.load_variant("ono99-2022")
    odd = attrs.evolve(
        variant,
        name="*Starred* `odd` name_",
        cards=tuple(
            attrs.evolve(c, name="-10 *minus* | x") if c.id == "minus_ten" else c
            for c in variant.cards
        ),
    )
    warnings = io.StringIO()
    tree = docutils_core.publish_doctree(
        rulebook(odd, format="rst"),
        settings_overrides={"report_level": 2, "warning_stream": warnings},
    )
    assert warnings.getvalue() == ""
    text = tree.astext()
    assert text.startswith("*Starred* `odd` name_\n")
    assert "-10 *minus* | x minus_ten" in text


def test_points_wording_when_every_card_scores_zero() -> None:
    """A points game whose cards all score 0 does not claim hands score their cards."""
    variant = ono99.loads_variant(
        'extends = "ninety-nine"\nid = "zero"\n[match]\nscoring = "points"\n'
        "[match.points]\nbust = 25\nmissing_card = 5\n"
    )
    assert all(card.points == 0 for card in variant.cards)
    text = " ".join(ono99.rulebook(variant).split())
    assert "the points of the cards left in hand" not in text
    assert "Every card scores 0 points" in text
    assert "scores 5 for each card the hand is short of 3" in text
    edition = " ".join(ono99.rulebook("ono99-1980-points").split())
    assert "the points of the cards left in hand" in edition


def test_stacking_wording_covers_the_second_play() -> None:
    """The stacking house rule stacks back-to-back cards only: a Double Play made as the
    second of two forced plays passes on only 2 (cyoder). With stack_on = "any_play" it
    passes on 2 x 2 = 4, and the words say so."""
    variant = ono99.load_variant("ono99-1980", ["stacking-double-play"])
    text = " ".join(ono99.rulebook(variant).split())
    assert "played later in the turn, such a card passes on only what it says" in text
    assert "whether the card is the turn's first play or its second" not in text
    any_play = ono99.loads_variant(
        'extends = "ono99-1980"\nid = "any"\n[forced_play]\nstacking = "multiply"\n'
        'stack_on = "any_play"\n'
    )
    text = " ".join(ono99.rulebook(any_play).split())
    assert "whether the card is the turn's first play or its second" in text


def test_a_card_whose_when_asks_its_colour_is_told_by_its_branch() -> None:
    """A ``when`` on colour written for a whole rank reads, on each card of that rank,
    as what that card does: "7 of hearts: Subtracts 7", not both branches on every
    suit (docs/examples/black-and-red.toml's sevens)."""
    path = Path(__file__).resolve().parents[1] / "docs" / "examples" / "black-and-red.toml"
    if not path.is_file():
        pytest.skip("the docs' examples are not in this tree")
    variant = ono99.load_variant(path)
    assert card_rules(variant.card("7_of_hearts")) == "Subtracts 7 from the total."
    assert card_rules(variant.card("7_of_spades")) == "Adds 7 to the total."
    assert "If the card is" not in rulebook(variant)


def test_a_game_of_a_chosen_number_of_rounds_says_so() -> None:
    """``round.max_rounds`` set by the file is the game's length, stated as a rule: "The
    game is a single round: at its end, the player with the highest score wins", not
    only as the safety cap of an undecided game."""
    one = ono99.loads_variant('extends = "cribbage-pegging"\nid = "one"\n[round]\nmax_rounds=1\n')
    flat = " ".join(rulebook(one).split())
    said = "The game is a single round: at its end, the player with the highest score wins."
    assert said in flat
    assert "still undecided after 1 round" not in flat
    three = ono99.loads_variant('extends = "ono99-1980"\nid = "three"\n[round]\nmax_rounds = 3\n')
    flat = " ".join(rulebook(three).split())
    assert "at most 3 rounds: after the 3rd round, the player with the most tokens wins" in flat
    shipped = " ".join(rulebook("ono99-1980").split())
    assert "a game still undecided after 1,000 rounds, or 100,000 plays" in shipped


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ("bust = 0\nstuck_is_bust = false", "Losing a round adds nothing more to a score."),
        ("bust = 0\nstuck_is_bust = true", "Losing a round adds nothing more to a score."),
        (
            "bust = 25\nstuck_is_bust = false",
            "A player who lost the round by busting adds 25; one who lost because no card "
            "could be played adds nothing for it.",
        ),
        (
            "bust = 25\nstuck_is_bust = true",
            "A player who lost the round adds 25, also one who lost because no card could "
            "be played.",
        ),
    ],
)
def test_what_a_lost_round_adds_reads_as_it_plays(settings: str, said: str) -> None:
    """ "A player who lost the round adds 0, except one who lost because no card could be
    played" read as if that player added something: each case says what it adds."""
    text = f'extends = "ono99-1980-points"\nid = "p"\n[match.points]\n{settings}\n'
    assert said in " ".join(rulebook(ono99.loads_variant(text)).split())


def test_the_crib_is_laid_away_before_the_starter_is_turned_up() -> None:
    """Bicycle Cards, Cribbage: "Each player looks at their six cards and 'lays away' two
    of them face down ... After the crib is laid away, the non-dealer cuts the pack. The
    dealer turns up the top card": the rulebook says so in that order, what the hands
    keep, and whose the crib is when it is scored."""
    crib = Path(__file__).parent / "variants" / "files" / "cribbage.toml"
    text = " ".join(rulebook(ono99.load_variant(crib)).split())
    laid = text.index("Once the hands are dealt, each player lays 2 cards away into the crib.")
    turned = text.index("Once the cards are laid away, the top card of the stock is turned up")
    assert laid < turned
    assert (
        "lays them face down together, in turn from the player to play first; the cards "
        "kept are the hand played and shown, and the crib is scored at the show, with the "
        "starter, for its owner." in text
    )
    assert "a zone, the crib: the dealer's; its size is seen until the show" in text
    noddy = " ".join(rulebook(ono99.load_variant("noddy")).split())
    assert "Once the hands are dealt, the top card of the stock is turned up" in noddy
