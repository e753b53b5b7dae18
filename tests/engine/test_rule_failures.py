"""A rule object that fails leaves the game as it was, and is named in a RuleError.

A rule object is code: an installed package's (or one built in Python) may
raise, or give back what its protocol forbids. The move during which it
fails is not played, the error names the rule object's type and where the
variant holds it, and a game whose rule object fails while it is dealt is
not made. The rule objects of ``tests/misbehaving.py`` misbehave on purpose.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from misbehaving import (
    WildCondition,
    WildEffect,
    WildOutcome,
    WildTableTrigger,
    WildTrigger,
    state,
    with_rule,
)
from stacking import stacked

import ono99
from ono99.engine._compiled import compile_variant
from ono99.engine._game import engine_of
from ono99.rules import Add, BaseEffect, CardIs, ChangePoints, Reaction, TotalAtLeast, When

BASE = ono99.load_variant("ono99-2022")
# Seat 0 leads. Holding four 1s, its first move plays the card the rule objects
# are added to; holding four 2s, it takes the total to 2, where seat 1's 1s are
# asked what they allow (a rule object that misbehaves from 2 on fails there).
PLAYS_IT = stacked([["1", "1", "1", "1"], ["2", "3", "4", "5"]])
LEADS_TO_IT = stacked([["2", "2", "2", "2"], ["1", "1", "1", "1"]])


def _game(rule: object, deck: list[str] = PLAYS_IT) -> ono99.Game:
    return ono99.Game(with_rule(BASE, rule), 2, seed=7, deck=deck)


def _fails_and_changes_nothing(game: ono99.Game, move: ono99.Move, says: str) -> None:
    """Playing ``move`` raises a RuleError saying ``says``, and the game is as it was."""
    before = state(game)
    with pytest.raises(ono99.RuleError, match=says) as caught:
        game.play(move)
    assert state(game) == before
    assert isinstance(caught.value, RuntimeError)
    assert caught.value.path in str(caught.value)


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        (
            WildEffect(member="apply", how="raise"),
            r"cards\.1\.effects\[1\]: the effect 'wild_effect' failed: apply\(\) raised KeyError",
        ),
        (WildEffect(member="apply", how="field", error=1, value=0), "set direction to 0"),
        (WildEffect(member="apply", how="field", error=2, value=-1), "set skip to -1"),
        (WildEffect(member="apply", how="field", error=3, value=9), "set next_player to 9"),
        (
            WildEffect(member="apply", how="field", error=6, value=5),
            "only read the table's forced",
        ),
        (
            WildEffect(member="apply", how="method", error=0, value=99),
            r"apply\(\) raised ArgumentError.*to: there is no seat 99",
        ),
        (
            WildEffect(member="apply", how="method", error=5, value=-1),
            "seat: there is no seat -1: seats are 0 to 1",
        ),
        (
            WildEffect(member="total_after", how="raise", at=2, error=1),
            r"total_after\(\) raised TypeError",
        ),
        (
            WildEffect(member="total_after", how="return", at=2, value=2.5),
            r"total_after\(\) returned 2\.5, expected an integer",
        ),
        (
            WildEffect(member="targets", how="return", at=2, value=(0, 7)),
            r"targets\(\) returned \(0, 7\), expected a list of seats \(0 to 1\)",
        ),
        (
            WildTrigger(member="fires", how="return", at=1, value="yes"),
            r"triggers\[0\]: the trigger 'wild_trigger' failed: fires\(\) returned 'yes'",
        ),
        (
            WildTableTrigger(how="return", at=1, value="yes"),
            r"triggers\[0\]: the trigger 'wild_table_trigger' failed: fires_on\(\) returned 'yes'",
        ),
        (
            WildTrigger(member="describe", how="raise", error=3),
            r"triggers\[0\]: .* describe\(\) raised IndexError",
        ),
        (
            WildOutcome(member="apply", how="raise", error=2),
            r"triggers\[0\]\.outcomes\[0\]: the outcome 'wild_outcome' failed: apply\(\) raised",
        ),
        (
            WildOutcome(member="apply", how="method", error=4, value="all"),
            r"apply\(\) raised ArgumentError.*seat: there is no seat 'all'",
        ),
        (
            WildCondition(member="check", how="return", at=2, value=7),
            r"cards\.1\.conditions\[0\]: .* check\(\) returned 7, expected a str or None",
        ),
    ],
)
def test_a_rule_object_that_fails_during_a_move_leaves_the_game_as_it_was(
    rule: object, says: str
) -> None:
    """The move is not played: not recorded, the card still held, the total where it was.

    A rule object asked while the next player's moves are listed (``total_after``,
    ``targets``, ``check``) fails within the move that leads there: that move is undone.
    """
    listing = getattr(rule, "at", 0) == 2 and getattr(rule, "member", "") != "fires"
    game = _game(rule, LEADS_TO_IT if listing else PLAYS_IT)
    card = "2" if listing else "1"
    _fails_and_changes_nothing(game, ono99.Play(card), says)
    assert game.moves == ()
    assert game.hand(0).count(card) == 4


def test_a_card_given_to_a_seat_that_does_not_exist_is_not_lost() -> None:
    """``give_card`` checks the seat it gives to before the card leaves the hand."""
    game = _game(WildEffect(member="apply", how="method", error=0, value=2))
    cards = sorted(card for seat in range(2) for card in game.hand(seat))
    with pytest.raises(ono99.RuleError, match="no seat 2"):
        game.play(ono99.Play("1"))
    assert sorted(card for seat in range(2) for card in game.hand(seat)) == cards


def test_the_game_plays_on_after_a_failed_move_as_if_it_was_never_tried() -> None:
    """After the failure the game goes on exactly as a copy made before the move."""
    game = _game(WildEffect(member="apply", how="raise", at=3))
    game.play(ono99.Play("1"))  # to 2: the effect acts soundly
    game.play(game.legal_moves()[0])
    copy = game.copy()
    with pytest.raises(ono99.RuleError):
        game.play(ono99.Play("1"))
    assert state(game) == state(copy)


def test_ctrl_c_during_a_rule_object_leaves_the_game_as_it_was() -> None:
    """Even an interrupt inside a rule object's call: the move is all or nothing."""

    @attrs.frozen
    class Interrupted(BaseEffect):
        type = "interrupted"
        acts = True

        def apply(self, table: Any, card: Any) -> None:
            table.change_tokens(table.player, -1)
            raise KeyboardInterrupt

        def describe(self) -> str:
            return "interrupts"

    game = _game(Interrupted())
    before = state(game)
    with pytest.raises(KeyboardInterrupt):
        game.play(ono99.Play("1"))
    assert state(game) == before


def test_a_failure_after_a_reshuffle_puts_the_shuffles_back() -> None:
    """A move that reshuffled before a rule object failed leaves the generator as it was."""
    rule = WildTrigger(member="fires", how="raise", at=30)
    deck = stacked([["10", "10", "10", "10"], ["10", "10", "10", "10"]])
    game = ono99.Game(with_rule(BASE, rule), 2, seed=3, deck=deck)
    # Play 10s until a move reaches 30; the draw pile is emptied first so that
    # the refill after that move reshuffles.
    engine = engine_of(game)
    engine.r.discard.extend(engine.r.draw)
    engine.r.draw.clear()
    game.play(ono99.Play("10"))
    game.play(ono99.Play("10"))
    before = state(game)
    with pytest.raises(ono99.RuleError, match=r"fires\(\) raised"):
        game.play(ono99.Play("10"))
    assert state(game) == before


def test_a_rule_object_that_fails_while_a_game_is_dealt_makes_no_game() -> None:
    """``total_after`` is first asked when the game is set up: the error, and no game."""
    for rule in (
        WildEffect(member="total_after", how="raise"),
        WildEffect(member="total_after", how="return", value="3"),
    ):
        with pytest.raises(ono99.RuleError, match=r"cards\.1\.effects\[1\]: the effect"):
            ono99.Game(with_rule(BASE, rule), 2, seed=7)


@attrs.frozen
class _Aiming(BaseEffect):
    """A plugin's effect that aims a drink at seat 1, with its reaction's fields ``changed``."""

    type = "aiming"
    opens_reactions = True
    changed: tuple[tuple[str, Any], ...] = ()

    def apply(self, table: Any, card: Any) -> None:
        sound = Reaction(
            1,
            table.player,
            card.id,
            "a drink",
            (ChangePoints("player", 1),),
            (CardIs(rank=("2",)),),
        )
        table.open_reaction(attrs.evolve(sound, **dict(self.changed)))


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("outcomes", "drink", r"reaction\.outcomes: expected a tuple of outcomes, got 'drink'"),
        ("answer", ("king",), r"reaction\.answer: expected a tuple of conditions that read"),
        ("seat", 0, r"reaction\.seat: player 0 aims it: a reaction is aimed at another player"),
        ("max_answers", 10**9, r"reaction\.max_answers: expected 1 to 20, got 1000000000"),
        ("answers", -(10**9), r"reaction\.answers: expected 0 to 4 \(max_answers\)"),
        ("answered", "sideways", r"reaction\.answered: expected \"send_back\" or \"block\""),
        ("what", " ", r"reaction\.what: expected what is aimed, in words"),
        ("card", "nope", r"reaction\.card: there is no card 'nope'"),
    ],
)
def test_a_reaction_of_wrong_types_or_absurd_values_is_refused_when_opened(
    field: str, value: object, says: str
) -> None:
    """A plugin's Reaction with strings for its outcomes or answer, aimed at its own player,
    or with a chain of a billion answers, is refused with the library's error naming the
    field (a RuleError, the move undone), not a raw AttributeError once it is answered."""
    game = _game(_Aiming(changed=((field, value),)))
    _fails_and_changes_nothing(game, ono99.Play("1"), says)
    sound = _game(_Aiming())
    sound.play(ono99.Play("1"))
    assert sound.reaction is not None and sound.current_player == 1


def test_an_effect_must_be_of_its_kind_and_declare_what_it_can_do() -> None:
    """Declarations of the wrong type are named when the variant is checked."""

    @attrs.frozen
    class Vague(BaseEffect):
        type = "vague"
        acts = "sometimes"  # type: ignore[assignment]

        def describe(self) -> str:
            return "vague"

    with pytest.raises(ono99.RuleError, match="acts is 'sometimes', expected True or False"):
        ono99.Game(with_rule(BASE, Vague()), 2)
    condition: Any = WildCondition()  # a condition among the effects, on purpose
    misplaced = attrs.evolve(
        BASE,
        cards=tuple(
            attrs.evolve(c, effects=(*c.effects, condition)) if c.id == "1" else c
            for c in BASE.cards
        ),
    )
    with pytest.raises(ono99.RuleError, match="kind is 'condition', expected 'effect'"):
        ono99.Game(misplaced, 2)


def test_only_variants_with_rule_objects_of_other_classes_keep_a_copy_before_each_move() -> None:
    """The library's own rule objects do not fail on a checked variant: no copy is kept."""
    assert not any(compile_variant(ono99.load_variant(v)).guarded for v in ono99.list_variants())

    @attrs.frozen
    class MyAdd(Add):
        pass

    # One that only adds a fixed amount is asked when the variant is compiled, never in a move.
    assert not compile_variant(with_rule(BASE, MyAdd(0))).guarded
    assert compile_variant(with_rule(BASE, WildEffect(at=10**6))).guarded


_THEIRS: dict[type, type] = {}


def _theirs(rule: Any) -> Any:
    """``rule`` as an object of a subclass of its class: the same rule, not the library's class."""
    cls = type(rule)
    mine = _THEIRS.setdefault(cls, type(f"Their{cls.__name__}", (cls,), {}))
    values = {field.name: getattr(rule, field.name) for field in attrs.fields(cls)}
    if "outcomes" in values:
        values["outcomes"] = tuple(_theirs(outcome) for outcome in values["outcomes"])
    return mine(**values)


@pytest.mark.parametrize(
    "variant_id",
    ["ono99-2022", "ninety-nine", "ninety-nine-everything2", "ninety-nine-milestones"],
)
def test_a_guarded_game_plays_exactly_as_an_unguarded_one(variant_id: str) -> None:
    """Keeping a copy before each move, and checking the table, change nothing in a game."""
    variant = ono99.load_variant(variant_id)
    theirs = attrs.evolve(
        variant,
        cards=tuple(
            attrs.evolve(
                c,
                effects=tuple(map(_theirs, c.effects)),
                conditions=tuple(map(_theirs, c.conditions)),
            )
            for c in variant.cards
        ),
        triggers=tuple(map(_theirs, variant.triggers)),
    )
    assert compile_variant(theirs).guarded
    games = [ono99.Game(v, 3, seed=11) for v in (variant, theirs)]
    for game in games:
        ono99.play_out(game, [ono99.RandomPlayer(seed=4)] * 3)
    assert games[0].events == games[1].events


def test_a_rule_error_pickles_as_it_was_raised() -> None:
    """Errors cross process boundaries (simulations in worker processes)."""
    error = ono99.RuleError(
        "cards.x.effects[0]: the effect 'x' failed: ...", "x", "cards.x.effects[0]"
    )
    again = pickle.loads(pickle.dumps(error))  # noqa: S301 (pickled here)
    assert (str(again), again.rule, again.path) == (str(error), "x", "cards.x.effects[0]")


def test_an_unhashable_rule_object_still_plays() -> None:
    """A rule object with a list among its settings: its variant is compiled each time."""

    @attrs.frozen
    class Listed(BaseEffect):
        type = "listed"
        notes: list[str] = attrs.Factory(list)

        def describe(self) -> str:
            return "listed"

    game = ono99.Game(with_rule(BASE, Listed()), 2, seed=1)
    ono99.play_out(game, [ono99.CautiousPlayer()] * 2)
    assert game.is_over


def test_rule_objects_of_other_packages_are_guarded_once_when_compiled() -> None:
    """The library's own rule objects are called as they are, and a variant of them alone
    keeps no checkpoint; another package's rule object is wrapped once, when its variant
    is compiled (so is one of the library's that holds one, as a ``when`` may), and the
    variant's moves are played on a checkpoint."""
    from ono99.engine import _guard  # noqa: PLC0415 - the module under test

    plain = compile_variant(BASE)
    assert not plain.guarded
    assert not any(_guard.guarded(e) for card in plain.cards for e in card.actions)
    wild = WildEffect(member="apply", how="raise", at=99)
    rules = compile_variant(with_rule(BASE, wild))
    assert rules.guarded
    one = rules.cards[rules.index["1"]]
    wrapped = [e for e in one.actions if _guard.guarded(e)]
    assert len(wrapped) == 1
    assert getattr(wrapped[0], "rule", None) is wild
    assert not any(_guard.guarded(e) for e in one.actions if e is not wrapped[0])
    assert not _guard.wholly_shipped(ono99.rules.When(conditions=(), effects=(wild,)))
    assert _guard.wholly_shipped(ono99.rules.When(conditions=(), effects=(Add(1),)))


def test_a_when_holding_a_rule_object_of_another_package_is_guarded_too() -> None:
    """A ``when`` is the library's own, but the plugin effect in its branch is not: the
    variant is guarded, so the effect leaving the table unsound (a skip of -1) fails the
    move, named at the ``when``, and the game is left as it was (before, the variant kept
    no checkpoint and the table was left as the effect set it)."""
    wild = WildEffect(member="apply", how="field", error=2, value=-1)
    when = When(conditions=(TotalAtLeast(0),), effects=(wild,))
    game = _game(when)
    assert compile_variant(game.variant).guarded
    _fails_and_changes_nothing(
        game,
        ono99.Play("1"),
        r"cards\.1\.effects\[1\]: the effect 'when' failed: apply\(\) set skip to -1",
    )


@attrs.frozen
class CoinFlip(ono99.rules.BaseCondition):
    """A condition that allows the card on heads: it draws from the table's generator."""

    type = "coin_flip"

    def check(self, table: ono99.rules.Table, card: ono99.rules.CardInfo) -> str | None:
        return None if table.rng.random() < 0.5 else "tails"

    def describe(self) -> str:
        return "on heads"


@attrs.frozen
class Meddler(ono99.rules.BaseCondition):
    """A condition that draws a card for the player while it is asked."""

    type = "meddler"

    def check(self, table: ono99.rules.Table, card: ono99.rules.CardInfo) -> str | None:
        table.draw_cards(table.player, 1)
        return None

    def describe(self) -> str:
        return "always"


@pytest.mark.parametrize(
    ("condition", "says"),
    [
        (CoinFlip(), "gets no random source"),
        (Meddler(), "only reads the table"),
    ],
)
def test_a_condition_may_neither_draw_at_random_nor_change_the_table(
    condition: object, says: str
) -> None:
    """Conditions only read the table: one that drew at random would decide differently
    each time it is asked, so ``legal_moves()`` could list a move ``play()`` refuses and a
    replay would differ. Asked, it fails as the rule object's RuleError, naming it, and
    the game is as it was."""
    # Seat 1 holds the 1s the condition is on: it is asked once seat 0 has played.
    game = _game(condition, LEADS_TO_IT)
    before = state(game)
    with pytest.raises(ono99.RuleError, match=says) as caught:
        game.play(ono99.Play("2"))
    assert caught.value.path == "cards.1.conditions[0]"
    assert state(game) == before
