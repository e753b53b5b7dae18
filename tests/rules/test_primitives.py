"""The shipped primitives that came with the open rule contract, and the richer Table.

Scenario tests play stacked decks (``deck=``) and cite the rule text each
primitive was made for.
"""

from __future__ import annotations

import re
import sys
from importlib.metadata import EntryPoint
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest
from stacking import stacked

import ono99
from ono99 import Play, rules
from ono99 import events as ev
from ono99.engine._game import engine_of
from ono99.engine._narrate import describe_event
from ono99.engine._table import Table as EngineTable
from ono99.loading import _loader
from ono99.loading._loader import loads_variant
from ono99.rules import ChooseNext, Draw, Multiply, TotalAtLeast, TotalEven, _registry
from ono99.testing import check_invariants

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ono99.rules import CardInfo, Table

PLAYAURAL = """
id = "doubling"
name = "Doubling"
extends = "ninety-nine"

[cards.2]
effects = [{ type = "multiply", factor = 2 }]
conditions = [{ type = "total_at_most", value = 49 }]

[cards.jack]
effects = [{ type = "multiply", factor = 0.5 }]
conditions = [{ type = "total_at_least", value = 50 }, { type = "total_even" }]

[cards.3]
effects = [{ type = "add", amount = 3 }, { type = "draw", cards = 2 }]

[cards.4]
effects = [{ type = "add", amount = 4 }, { type = "draw", cards = 1, who = "chosen" }]

[cards.5]
effects = [{ type = "add", amount = 5 }, { type = "choose_next", include_self = true }]
"""


@pytest.fixture(scope="module")
def doubling() -> ono99.Variant:
    return loads_variant(PLAYAURAL)


def test_the_toml_names_are_read(doubling: ono99.Variant) -> None:
    assert doubling.card("2").effects == (Multiply(2.0),)
    assert doubling.card("jack").conditions == (TotalAtLeast(50), TotalEven())
    assert doubling.card("3").effects[1] == Draw(2, who="next")
    assert doubling.card("5").effects[1] == ChooseNext(include_self=True)
    assert loads_variant(ono99.dump_variant(doubling)) == doubling


def test_double_below_50_and_halve_an_even_total_from_50(doubling: ono99.Variant) -> None:
    """ "2 = x2, or /2 if the total is over 49 and even" (PlayAural, "33/66/99")."""
    deck = stacked([["7", "2", "queen"], ["8", "queen", "jack"]], ["ace", "ace", "king", "king"])
    game = ono99.Game(doubling, 2, seed=1, deck=deck)
    game.play(Play("7"))
    game.play(Play("8"))
    game.play(Play("2"))
    assert game.total == 30  # 15 x 2
    # Seat 1's halving card waits for 50 or more.
    assert Play("jack") not in game.legal_moves()
    with pytest.raises(ono99.IllegalMoveError, match="at least 50; it is 30"):
        game.play(Play("jack"))
    game.play(Play("queen"))
    game.play(Play("queen"))
    assert game.total == 50
    game.play(Play("jack"))
    assert game.total == 25


def test_halving_an_odd_total_is_refused_and_rounds_down(doubling: ono99.Variant) -> None:
    """ "/2 if the total is over 49 and even": 51 is odd. Without the even condition,
    factor 0.5 rounds down (51 to 25, -51 to -26)."""
    draws = ["jack", "king", "king", "6", "6", "6"]
    deck = stacked([["7", "2", "queen"], ["8", "queen", "ace"]], draws)
    game = ono99.Game(doubling, 2, seed=1, deck=deck)
    for card in ("7", "8", "2", "queen", "queen"):
        game.play(Play(card))
    game.play(Play("ace", amount=1))
    assert game.total == 51
    with pytest.raises(ono99.IllegalMoveError, match="when the total is even; it is 51"):
        game.play(Play("jack"))
    assert (Multiply(0.5).total_after(51), Multiply(0.5).total_after(-51)) == (25, -26)
    assert Multiply(1.5).total_after(7) == 10


def test_draw_makes_the_next_player_draw_after_the_card(doubling: ono99.Variant) -> None:
    """ "Draw Two card - ... the next person to play must draw 2 cards" (UNO): a 3 here."""
    deck = stacked([["3", "9", "9"], ["8", "8", "8"]], ["ace", "king", "6"])
    game = ono99.Game(doubling, 2, seed=1, deck=deck)
    happened = game.play(Play("3"))
    assert happened[:4] == (
        ev.Played(0, "3", 3),
        ev.Drew(1, "ace"),
        ev.Drew(1, "king"),
        ev.Drew(0, "6"),  # then the player's own refill
    )
    assert sorted(game.hand(1)) == ["8", "8", "8", "ace", "king"]


def test_draw_for_a_chosen_player(doubling: ono99.Variant) -> None:
    deck = stacked([["4", "9", "9"], ["8", "8", "8"], ["7", "7", "7"]], ["ace", "6"])
    game = ono99.Game(doubling, 3, seed=1, deck=deck)
    fours = [m for m in game.legal_moves() if m.card == "4"]  # type: ignore[union-attr]
    assert fours == [Play("4", target=1), Play("4", target=2)]
    game.play(Play("4", target=2))
    assert sorted(game.hand(2)) == ["7", "7", "7", "ace"]


def test_choose_next_may_name_the_player_with_include_self(doubling: ono99.Variant) -> None:
    """ "5 = target any player" (Taiwan / Hong Kong "Poker 99"): the player too."""
    deck = stacked([["5", "9", "9"], ["8", "8", "8"]], ["7"] * 3)
    game = ono99.Game(doubling, 2, seed=1, deck=deck)
    fives = [m for m in game.legal_moves() if m.card == "5"]  # type: ignore[union-attr]
    assert fives == [Play("5", target=0), Play("5", target=1)]
    game.play(Play("5", target=0))
    assert game.current_player == 0
    # Without include_self, the rule of elwen's Ninety-nine: "not himself".
    e2 = ono99.load_variant("ninety-nine-everything2")
    game = ono99.Game(e2, 2, seed=1, deck=stacked([["5", "9", "9", "9"], ["8"] * 4]))
    assert [m for m in game.legal_moves() if m.card == "5"] == [Play("5", target=1)]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('{ type = "multiply", factor = 0 }', "effects[1].factor: expected a number more than 0"),
        ('{ type = "multiply", factor = "2" }', 'factor: expected a number, got "2"'),
        ('{ type = "draw", cards = 0 }', "effects[1].cards: expected 1 or more, got 0"),
        ('{ type = "draw", who = "all" }', 'effects[1].who: expected one of "next", "self"'),
    ],
)
def test_bad_settings_are_reported_at_their_key_path(table: str, message: str) -> None:
    text = PLAYAURAL + f'\n[cards.6]\neffects = [{{ type = "add", amount = 6 }}, {table}]\n'
    with pytest.raises(ono99.VariantError, match=re.escape(message)):
        loads_variant(text)


def test_the_rulebook_says_each_new_rule(doubling: ono99.Variant) -> None:
    text = " ".join(ono99.rulebook(doubling).split())
    assert "Multiplies the total by 2." in text
    assert "Multiplies the total by 0.5 (rounding down). Only when the" in text
    assert "Only when the total is even." in text
    assert "makes the next player draw 2 cards" in text
    assert "any player still in, themselves included" in text


def test_games_of_the_new_rules_keep_every_invariant(doubling: ono99.Variant) -> None:
    assert check_invariants(doubling, games=15).games == 15


# ------------------------------------------------------------ the richer table


@attrs.frozen
class Tithe:
    """A test rule: give a card to the next player, discard another, pay a token, score 5.

    Rule: none; it exercises every method of the Table a hand rule may use.
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "tithe"
    changes_total: ClassVar[bool] = False
    adds_to_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = True
    repeats_previous: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    reads_table: ClassVar[bool] = False
    declares: ClassVar[str] = ""
    opens_reactions: ClassVar[bool] = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        return total

    def total_on(self, table: Table, card: CardInfo, total: int, amount: int | None = None) -> int:
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        me = table.player
        hand = table.hand(me)
        if hand:
            table.give_card(me, table.next_seat(me), hand[0])
        hand = table.hand(me)
        if hand:
            table.discard_card(me, hand[-1])
        table.change_tokens(me, -1)
        table.change_score(me, 5)
        table.tell(self.type, f"pays its dues ({table.tokens(me)} tokens, {table.score(me)})")

    def targets(self, table: Table) -> list[int]:
        return []

    def declarations(self, table: Table | None) -> list[str]:
        return []

    def problems(self) -> list[tuple[str, str]]:
        return []

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        return []

    def for_card(self, card: Any) -> tuple[Any, ...]:
        return (self,)

    def referenced_cards(self) -> list[tuple[str, str]]:
        return []

    def describe(self) -> str:
        return "pays its dues"


@pytest.fixture
def tithe(monkeypatch: pytest.MonkeyPatch) -> Iterator[ono99.Variant]:
    module = type(sys)("tithe_plugin")
    module.Tithe = Tithe  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tithe_plugin", module)
    points = [EntryPoint("tithe", "tithe_plugin:Tithe", rules.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    monkeypatch.setattr(_loader, "_LOADED", {})
    _registry._found.cache_clear()
    yield loads_variant(
        'id = "tithes"\nname = "Tithes"\nextends = "ninety-nine"\n'
        '[cards.6]\neffects = [{ type = "add", amount = 6 }, { type = "tithe" }]\n'
    )
    _registry._found.cache_clear()


def test_an_effect_reaches_hands_tokens_and_scores(tithe: ono99.Variant) -> None:
    deck = stacked([["6", "9", "2"], ["8", "8", "8"]], ["ace", "7", "7"])
    game = ono99.Game(tithe, 2, seed=1, deck=deck)
    happened = game.play(Play("6"))
    assert happened[:6] == (
        ev.Played(0, "6", 6),
        ev.CardGiven(0, 1, "9"),
        ev.Discarded(0, "2"),
        ev.TokensChanged(0, -1, 2),
        ev.ScoreChanged(0, 5, 5),
        ev.RuleActed(0, "6", "tithe", "pays its dues (2 tokens, 5)"),
    )
    assert sorted(game.hand(1)) == ["8", "8", "8", "9"]
    assert game.discard_pile == ("6", "2")
    assert (game.tokens[0], game.scores[0]) == (2, 5)
    for event in happened:
        assert ono99.from_data(ono99.to_data(event)) == event
    told = [describe_event(e, tithe, hidden=True) for e in happened[1:6]]
    assert told == [
        "Player 0 gives a card to player 1",  # only those two may see which
        "Player 0 discards 2",
        "Player 0 loses 1 token (2 left)",
        "Player 0 gains 5 points (total 5)",
        "Player 0's 6: pays its dues (2 tokens, 5)",
    ]
    # Another player's observation shows how many cards seat 1 holds, never which.
    seen = game.observation(0)
    assert seen.hand_sizes[1] == 4
    assert "9" not in seen.hand


def test_games_with_a_hand_rule_keep_every_invariant(tithe: ono99.Variant) -> None:
    assert check_invariants(tithe, games=10).games == 10


def test_conditions_that_read_the_turn_are_recorded_whatever_their_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A condition that declares ``reads_turn_plays`` sees the turn's plays (not only
    OncePerTurn, as before the contract)."""

    @attrs.frozen
    class TwiceAtMost:
        kind: ClassVar[str] = "condition"
        type: ClassVar[str] = "twice_at_most"
        blocks_every_play: ClassVar[bool] = False
        reads_turn_plays: ClassVar[bool] = True
        reads_card: ClassVar[bool] = False
        reads_table: ClassVar[bool] = False

        def check(self, table: Any, card: Any) -> str | None:
            return "twice" if table.times_played_this_turn(card.id) >= 2 else None

        def allows_at(self, total: int) -> bool | None:
            return None

        def allows_card(self, card: Any) -> bool | None:
            return None

        def problems(self) -> list[tuple[str, str]]:
            return []

        def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
            return []

        def referenced_cards(self) -> list[tuple[str, str]]:
            return []

        def describe(self) -> str:
            return "at most twice a turn"

    variant = ono99.load_variant("ono99-1980")
    limited = attrs.evolve(variant.card("2"), conditions=(TwiceAtMost(),))
    variant = attrs.evolve(
        variant, cards=tuple(limited if c.id == "2" else c for c in variant.cards)
    )
    # The engine records the turn's plays (always: the observation shows them
    # too), and the condition reads them.
    game = ono99.Game(variant, 2, seed=3)
    engine = engine_of(game)
    engine.r.turn_plays[:] = ["2", "2"]
    assert TwiceAtMost().check(EngineTable(engine, reading=True), variant.card("2")) == "twice"
