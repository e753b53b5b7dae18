"""Property: on bad input, every public entry point raises the library's own errors.

Hypothesis gives each public function, class and method arguments of every
wrong kind (None, booleans, huge and negative numbers, NaN, long and hostile
strings, bytes, paths the file system refuses, deeply nested lists and
tables, arbitrary objects), one argument at a time, the others sound. Each call
must either work or raise an :class:`ono99.Ono99Error`: never a TypeError,
AttributeError, IndexError, KeyError, OSError or RecursionError.

Rule objects are fuzzed too: variants holding one that raises, or gives back
what its protocol forbids (``tests/misbehaving.py``), are dealt, played,
described and simulated.
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from misbehaving import WildCondition, WildEffect, WildOutcome, WildTrigger, state, with_rule

import ono99
from ono99._limits import MAX_GAMES

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

VARIANT = ono99.load_variant("ono99-2022")


class Deep(list[Any]):
    """Lists nested ``depth`` deep, with a short repr (Hypothesis prints what it draws)."""

    def __repr__(self) -> str:
        return f"<lists nested {self.depth} deep>"

    def __init__(self, depth: int) -> None:
        value: list[Any] = []
        for _ in range(depth - 1):
            value = [value]
        super().__init__([value])
        self.depth = depth


def _deep(depth: int) -> list[Any]:
    return Deep(depth)


HOSTILE_TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "v" * 300,
            "a\x00b",
            "x/" + "y" * 300,
            "ono99-2022+" + "z" * 300,
            "\x1b]0;PWNED\x07",
            "/dev/zero",
            "/",
            "..",
            "ono99-2022+",
            "+",
            "ONO99-2022",
        ]
    ),
)

JUNK: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    HOSTILE_TEXT,
    st.binary(max_size=10),
    st.builds(Path, HOSTILE_TEXT),
    st.lists(st.one_of(st.integers(), st.text(max_size=5), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=5), st.one_of(st.integers(), st.text(max_size=5))),
    st.sampled_from([_deep(50), _deep(3000), object(), ono99.Play, print, {"type": "play"}]),
)


def refuses_cleanly(call: Callable[[], object]) -> None:
    """Run ``call``: it may return anything or raise the library's errors, nothing else."""
    with contextlib.suppress(ono99.Ono99Error):
        call()


def game() -> ono99.Game:
    return ono99.Game(VARIANT, 3, seed=1)


CALLS: dict[str, Callable[[Any], object]] = {
    "Game(variant)": lambda x: ono99.Game(x, 3),
    "Game(players)": lambda x: ono99.Game(VARIANT, x),
    "Game(seed)": lambda x: ono99.Game(VARIANT, 3, seed=x),
    "Game(deck)": lambda x: ono99.Game(VARIANT, 3, seed=1, deck=x),
    "Game.hand": lambda x: game().hand(x),
    "Game.observation": lambda x: game().observation(x),
    "Game.why_illegal": lambda x: game().why_illegal(x),
    "Game.is_legal": lambda x: game().is_legal(x),
    "Game.play": lambda x: game().play(x),
    "Game.play(Play(card))": lambda x: game().play(ono99.Play(x)),
    "Game.play(Play(amount))": lambda x: game().play(ono99.Play("7", amount=x)),
    "Game.play(Play(target))": lambda x: game().play(ono99.Play("7", target=x)),
    "Game.replay": ono99.Game.replay,
    "Game.replay(variant)": lambda x: ono99.Game.replay(game().record(), x),
    "Game.from_position(hands)": lambda x: ono99.Game.from_position(VARIANT, x, []),
    "Game.from_position(draw_pile)": lambda x: ono99.Game.from_position(VARIANT, [[], []], x),
    "Game.from_position(variant)": lambda x: ono99.Game.from_position(x, [[], []], []),
    "from_data": ono99.from_data,
    "to_data": ono99.to_data,
    "load_variant": ono99.load_variant,
    "load_variant(house_rules)": lambda x: ono99.load_variant("ono99-2022", house_rules=x),
    "loads_variant": ono99.loads_variant,
    "loads_variant(source)": lambda x: ono99.loads_variant('extends = "ono99-2022"\nid="x"', x),
    "load_house_rule": ono99.load_house_rule,
    "list_house_rules": lambda x: ono99.list_house_rules(fits=x),
    "dump_variant": ono99.dump_variant,
    "fingerprint": ono99.fingerprint,
    "rulebook": ono99.rulebook,
    "rulebook(format)": lambda x: ono99.rulebook(VARIANT, format=x),
    "diff_variants": lambda x: ono99.diff_variants(VARIANT, x),
    "make_player(strategy)": lambda x: ono99.make_player(x, 1),
    "make_player(seed)": lambda x: ono99.make_player("random", x),
    "play_out(game)": lambda x: ono99.play_out(x, [ono99.CautiousPlayer()] * 3),
    "play_out(players)": lambda x: ono99.play_out(game(), x),
    "play_out(max_moves)": lambda x: ono99.play_out(
        game(), [ono99.CautiousPlayer()] * 3, max_moves=x
    ),
    "compare_variants": lambda x: ono99.compare_variants(x, games=2, jobs=1),
    "plot_results": ono99.plot_results,
}


@given(name=st.sampled_from(sorted(CALLS)), value=JUNK)
def test_no_entry_point_raises_anything_but_the_librarys_errors(name: str, value: Any) -> None:
    """Invariant: a public entry point given a bad argument raises an Ono99Error or works."""
    refuses_cleanly(lambda: CALLS[name](value))


# simulate: every argument but the one under test is sound and cheap; the one under
# test is never a sound value that would make a long run (many games, many processes).
NOT_A_COUNT = JUNK.filter(lambda v: not isinstance(v, int) or isinstance(v, bool) or v < 1)
SIMULATE = {
    "variant": JUNK,
    "players": JUNK,
    "games": st.one_of(NOT_A_COUNT, st.integers(min_value=MAX_GAMES + 1)),
    "strategies": st.one_of(JUNK, st.lists(JUNK, min_size=1, max_size=4)),
    "seed": JUNK,
    "jobs": NOT_A_COUNT,
    "executor": JUNK,
    "rotate": JUNK,
    "chunk_size": JUNK,
    # (A callable progress that raises is the caller's own error, passed on as it is.)
    "progress": JUNK.filter(lambda v: not callable(v)),
}


@given(data=st.data(), argument=st.sampled_from(sorted(SIMULATE)))
def test_simulate_raises_only_the_librarys_errors(data: st.DataObject, argument: str) -> None:
    """Invariant: simulate given a bad argument raises an Ono99Error or works."""
    options: dict[str, Any] = {"variant": VARIANT, "players": 3, "games": 2, "jobs": 1}
    options[argument] = data.draw(SIMULATE[argument])
    refuses_cleanly(lambda: ono99.simulate(**options))


RECORD_FIELDS = [a.name for a in attrs.fields(ono99.GameRecord)]


@given(field=st.sampled_from(RECORD_FIELDS), value=JUNK)
def test_a_tampered_record_raises_only_the_librarys_errors(field: str, value: Any) -> None:
    """Invariant: replaying a record, or reading back its data, with any field replaced
    by a bad value raises an Ono99Error or replays."""
    played = game()
    played.play(played.legal_moves()[0])
    record = played.record()
    refuses_cleanly(lambda: ono99.Game.replay(attrs.evolve(record, **{field: value})))
    data = ono99.to_data(record)
    data[field] = value
    refuses_cleanly(lambda: ono99.from_data(data))


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_entry_point_is_fuzzed_with_the_worst_values(name: str) -> None:
    """The values most likely to break a check, for every entry point, every run."""
    for value in (None, True, -1, 2**70, float("nan"), "v" * 300, "a\x00b", _deep(3000)):
        refuses_cleanly(functools.partial(CALLS[name], value))


# ----------------------------------------------- rule objects that misbehave (issue 29)

# What a misbehaving rule object gives back or passes on: hashable (a variant is).
WILD_VALUES: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([-1, 0, 1, 2, 3, 99, 10**18, 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.binary(max_size=5),
    st.tuples(st.integers(-3, 5), st.integers(-3, 5)),
    st.sampled_from([("x", "y"), (("key", "message"),), frozenset({1})]),
)

# Each kind of misbehaving rule object, and the members it may misbehave in.
WILD_MEMBERS = {
    WildEffect: ("apply", "total_after", "targets", "describe", "problems"),
    WildCondition: ("check", "allows_at", "describe"),
    WildTrigger: ("fires", "describe"),
    WildOutcome: ("apply", "describe"),
}


@st.composite
def wild_rules(draw: st.DrawFn) -> object:
    """A rule object that raises, or gives back what its protocol forbids, from some total on."""
    cls = draw(st.sampled_from(list(WILD_MEMBERS)))
    return cls(
        member=draw(st.sampled_from(WILD_MEMBERS[cls])),
        how=draw(st.sampled_from(["raise", "return", "field", "method"])),
        at=draw(st.integers(min_value=-5, max_value=60)),
        error=draw(st.integers(min_value=0, max_value=20)),
        value=draw(WILD_VALUES),
    )


@given(rule=wild_rules(), seed=st.integers(0, 2**16), rng=st.randoms(use_true_random=False))
def test_a_misbehaving_rule_object_raises_only_the_librarys_errors(
    rule: object, seed: int, rng: random.Random
) -> None:
    """Invariant: a variant holding a rule object that raises, or gives back values of the
    wrong type, makes every entry point work or raise an Ono99Error; a move during which
    it fails raises a RuleError naming it and leaves the game exactly as it was."""
    variant = with_rule(VARIANT, rule)
    for call in (
        lambda: ono99.rulebook(variant),
        lambda: ono99.diff_variants(variant, VARIANT),
        lambda: ono99.dump_variant(variant),
        lambda: ono99.simulate(variant, players=2, games=1, jobs=1, seed=seed),
    ):
        refuses_cleanly(call)
    try:
        game = ono99.Game(variant, 3, seed=seed)
    except ono99.Ono99Error:
        return
    failed: ono99.Ono99Error | None = None
    before = state(game)
    for _ in range(200):
        if game.is_over:
            break
        before = state(game)
        try:
            legal = game.legal_moves()
            game.why_illegal(ono99.Play(rng.choice(variant.cards).id, target=rng.randrange(3)))
            game.play(rng.choice(legal))
        except ono99.Ono99Error as error:
            failed = error
            break
    if failed is not None:
        assert isinstance(failed, ono99.RuleError), failed
        assert failed.rule in {"wild_effect", "wild_condition", "wild_trigger", "wild_outcome"}
        assert state(game) == before


# --------------------------------------------- moves whose fields are of any type

ANNOUNCED = ono99.load_variant("ninety-nine", house_rules=["announce-the-total"])
MOVE_FIELDS = ("card", "amount", "target", "say")


@given(
    seed=st.integers(0, 2**16),
    field=st.sampled_from(MOVE_FIELDS),
    value=st.one_of(JUNK, st.sampled_from([0, 1, 5, 11, -1, 10**18, 10**18 + 1])),
)
def test_a_move_with_a_field_of_any_value_is_played_or_refused_leaving_nothing(
    seed: int, field: str, value: Any
) -> None:
    """Invariant: a legal move with its card, amount, target or say replaced by any value
    is either legal and played (the saved record then replays to the same moves), or refused
    with an IllegalMoveError that leaves the game exactly as it was: every field is
    checked before anything is recorded (a say of the wrong type was once a raw
    TypeError on the compiled engine, with the move left in ``game.moves``)."""
    game = ono99.Game(ANNOUNCED, 3, seed=seed)
    move = game.legal_moves()[-1]
    bad = attrs.evolve(move, **{field: value})
    before = state(game)
    try:
        game.play(bad)
    except ono99.IllegalMoveError:
        assert state(game) == before
        return
    saved = ono99.from_data(ono99.to_data(game.record()))
    assert isinstance(saved, ono99.GameRecord)
    assert ono99.Game.replay(saved).moves == game.moves
