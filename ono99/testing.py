"""Hypothesis strategies and invariant checks for ono99 variants.

This module needs the ``test`` extra (``pip install "ono99[test]"``): it imports
`Hypothesis <https://hypothesis.readthedocs.io>`_, which ``import ono99`` never
does.

Check your own variant file in one call: it plays seeded games with random
players and checks every invariant of the engine after every move::

    >>> from ono99.testing import check_invariants
    >>> check_invariants("ono99-1980-option", games=2, seed=1)
    Checked(games=2, moves=..., rounds=...)

A broken invariant raises :class:`InvariantError`, naming the invariant, the
variant, the seed and the move. The same checks drive the library's own
property tests, on these strategies:

- :func:`shipped_variants`: the variants shipped with the library;
- :func:`variants`: generated valid variants (random decks of rule objects,
  counts and settings within what the schema allows);
- :func:`effects` and :func:`conditions`: rule objects from the registries;
- :func:`move_sequences`: a variant, seat count, seed and legal moves;
- :func:`games`: games in progress.

For example, a property test of your own::

    from hypothesis import given
    from ono99.testing import games

    @given(games(variants=shipped_variants()))
    def test_total_below_bust(game):
        assert game.is_over or game.total < game.variant.total.bust
"""

from __future__ import annotations

import json
import os
import random
import string
import typing
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as error:  # pragma: no cover - the test extra is installed in tests
    if error.name != "hypothesis":
        raise
    raise ModuleNotFoundError(
        "ono99.testing needs Hypothesis: install the test extra, pip install 'ono99[test]'",
        name=error.name,
    ) from None

from . import events as ev
from ._compiled import compile_rules
from ._convert import check_variant
from ._engine import ENGINE_FIELDS, ROUND_FIELDS
from ._errors import IllegalMoveError, Ono99Error, ReplayError
from ._game import Game
from ._loader import list_variants, load_variant
from ._moves import Move, Play, Redraw
from ._observation import Observation
from ._players import RandomPlayer
from ._serial import from_data, to_data
from ._variant import (
    Card,
    Deal,
    Deck,
    ForcedPlay,
    Match,
    NoSafePlay,
    PlayerCount,
    PlayerStep,
    Points,
    RedrawRule,
    Reshuffle,
    RoundRules,
    Tokens,
    Total,
    Variant,
)
from .rules import (
    Add,
    AnyOutcome,
    condition_types,
    effect_types,
    outcome_types,
    trigger_types,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from .rules import AnyCondition, AnyEffect, AnyTrigger

__all__ = [
    "FIELD_STRATEGIES",
    "INVARIANTS",
    "Checked",
    "GameChecker",
    "InvariantError",
    "MoveSequence",
    "any_variants",
    "candidate_moves",
    "check_invariants",
    "conditions",
    "effects",
    "games",
    "move_sequences",
    "outcomes",
    "shipped_variants",
    "snapshot",
    "triggers",
    "variants",
]

INVARIANTS: Mapping[str, str] = {
    "cards conserved": "hands + draw pile + discard pile + out of play equal the deck, "
    "kind by kind",
    "hand size": "no hand exceeds the hand size (unless a card's effect that changes hands "
    "made it grow); a player's refill stops short only when no card is left to draw",
    "floor": "with a floor, the total never goes below it",
    "total follows the card": "each play changes the total exactly as the card's effects say",
    "plays owed": "plays owed are at least 1 and come from the cards' forced plays, passed on "
    "or combined as the variant's stacking allows",
    "eliminated never act": "a player out of the game (or of the round) never moves, draws or "
    "is dealt cards again",
    "tokens never increase": "a player's tokens only go down, one at a time for a lost round, "
    "unless a card's effect or a trigger changes them (and says so in a TokensChanged event)",
    "scores never decrease": "a player's score only goes up, unless a card's effect or a trigger "
    "changes it (and says so in a ScoreChanged event)",
    "triggers fire": "each trigger fires exactly when what it watches happens: a play trigger "
    "after each play whose totals it matches, for the player; a loss trigger for each player "
    "who loses; a round-end trigger at the end of each round, for its winner; in the "
    "variant's order",
    "one winner": "a finished game has exactly one winner, the only player left in the game",
    "game ends": "a game with random players ends within the move bound",
    "round bound": "a game takes no more rounds than round.max_rounds and its scoring allow, "
    "nor more plays in a round than round.max_plays",
    "legal moves": "a move is legal exactly when legal_moves() lists it",
    "illegal move": "an illegal move raises IllegalMoveError and leaves the game unchanged",
    "observation": "an observation holds the player's own cards and public facts only: changing "
    "other players' cards or the draw order does not change it",
    "player log": "a player's log holds no card of another player's deal or draws, and is the "
    "same when other players' cards or the draw order change",
    "move then consequences": "the events a move returns start with the move's own (not "
    "automatic, the first by the mover) and end with what followed on its own (automatic)",
    "event log": "the events account for the state: hands, piles and totals rebuilt from the log "
    "equal the game's",
    "deterministic": "the same seed and moves give the same event log",
    "replay": "a record saved as JSON and replayed gives the same state",
}
"""Every invariant :class:`GameChecker` checks, by name, with what it states."""


class InvariantError(Ono99Error, AssertionError):
    """An invariant of the engine does not hold.

    Args:
        invariant: The invariant's name, a key of :data:`INVARIANTS`.
        detail: What was found.
        where: The variant, seats, seed and move it was found at.
    """

    def __init__(self, invariant: str, detail: str, where: str = "") -> None:
        self.invariant = invariant
        self.detail = detail
        self.where = where
        stated = INVARIANTS.get(invariant, "")
        message = f"invariant {invariant!r} broken"
        if where:
            message += f" in {where}"
        message += f": {detail}"
        if stated:
            message += f" (the invariant: {stated})"
        super().__init__(message)


# ------------------------------------------------------------------ snapshots


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a game holds, as plain comparable data (random state included).

    Two games with equal snapshots are in the same state and will stay so
    under the same moves.
    """
    out: dict[str, Any] = {
        name: _plain_copy(value) for name, value in vars(game).items() if name != "_e"
    }
    engine = game._e  # the check reaches into the engine's hidden state on purpose
    for name in ENGINE_FIELDS:
        value = getattr(engine, name)
        if name in {"legal", "drew", "played"}:
            continue  # caches: the legal moves, and events shared by every game
        if name == "rng":
            out[name] = value.getstate()
        elif name == "rules":
            out[name] = value.variant
        elif name == "r":
            out[name] = {field: _plain_copy(getattr(value, field)) for field in ROUND_FIELDS}
        else:
            out[name] = _plain_copy(value)
    return out


def _plain_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value


# ----------------------------------------------------------- rule objects


def _int_field(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


FIELD_STRATEGIES: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("add", "amount"): st.one_of(_int_field(-12, 12), _int_field(-40, 40)),
    ("force_plays", "plays"): _int_field(2, 4),
    ("deflect", "min_players"): _int_field(2, 4),
    ("total_multiple_of", "n"): _int_field(1, 12),
    ("add_choice", "amounts"): st.lists(
        st.integers(-15, 15), min_size=2, max_size=3, unique=True
    ).map(tuple),
    ("set_total", "value"): _int_field(-10, 60),
    ("skip", "players"): _int_field(1, 3),
    ("multiply", "factor"): st.sampled_from([0.5, 1.5, 2.0, 3.0]),
    ("draw", "cards"): _int_field(1, 3),
    ("total_at_least", "value"): _int_field(-10, 60),
    ("total_at_most", "value"): _int_field(-10, 60),
    ("tokens", "by"): _int_field(-3, 2),
    ("points", "by"): _int_field(-5, 10),
}
"""Strategies for particular fields of rule objects, by ``(type, field)``.

A field not listed here is drawn from its annotation (``int`` from -5 to 30,
``bool``, ``Literal[...]``, tuples, or ``hypothesis.strategies.from_type``)
and the object kept only if its ``problems()`` finds none. A new rule object
in :func:`ono99.rules.effect_types` or :func:`ono99.rules.condition_types` is
covered without any change here; list a field to keep it in a useful range.
"""


def _annotation_strategy(tp: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-5, 30)
    if tp is float:
        return st.floats(-5, 30, allow_nan=False, allow_infinity=False)
    if tp is str:
        return st.text(max_size=8)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(_annotation_strategy(args[0]), min_size=1, max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(_annotation_strategy(a) for a in args))
    if args and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return st.one_of(st.none(), *(_annotation_strategy(a) for a in rest))
    return st.from_type(tp)


def _rule_strategy(
    cls: type[Any], by_type: Mapping[Any, st.SearchStrategy[Any]] | None = None
) -> st.SearchStrategy[Any]:
    """Objects of ``cls`` with no ``problems()``; ``by_type`` draws fields of those annotations."""
    hints = typing.get_type_hints(cls)
    fields = {}
    for field in attrs.fields(cls):
        key = (cls.type, field.name)
        chosen = FIELD_STRATEGIES.get(key)
        if chosen is None and by_type is not None:
            chosen = by_type.get(hints[field.name])
        fields[field.name] = _annotation_strategy(hints[field.name]) if chosen is None else chosen
    return st.builds(cls, **fields).filter(lambda rule: not rule.problems())


def effects(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyEffect]:
    """Valid effect objects of every registered type (or of ``types``).

    >>> from hypothesis import given
    >>> @given(effects(["add", "skip"]))
    ... def test_in_range(effect):
    ...     assert not effect.problems()
    >>> test_in_range()
    """
    registry = effect_types()
    names = sorted(registry) if types is None else list(types)
    return st.one_of([_rule_strategy(registry[name]) for name in names])


def conditions(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyCondition]:
    """Valid condition objects of every registered type (or of ``types``)."""
    registry = condition_types()
    names = sorted(registry) if types is None else list(types)
    return st.one_of([_rule_strategy(registry[name]) for name in names])


def outcomes(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyOutcome]:
    """Valid trigger outcomes of every registered type (or of ``types``).

    >>> from hypothesis import given
    >>> @given(outcomes())
    ... def test_in_range(outcome):
    ...     assert not outcome.problems()
    >>> test_in_range()
    """
    registry = outcome_types()
    names = sorted(registry) if types is None else list(types)
    return st.one_of([_rule_strategy(registry[name]) for name in names])


def triggers(
    types: Iterable[str] | None = None,
    *,
    bust: int = 100,
    floor: int | None = 0,
    with_outcomes: Iterable[str] | None = None,
) -> st.SearchStrategy[AnyTrigger]:
    """Valid triggers of every registered type (or of ``types``) for a bust limit and floor.

    A trigger's whole-number fields not listed in :data:`FIELD_STRATEGIES`
    (the total a ``land_on`` or ``pass_over`` watches) are totals the game can
    reach: from the floor (or 40 below the limit, whichever is higher) to the
    limit. Its outcomes are one to three of :func:`outcomes` (of the types
    ``with_outcomes``, default every registered type). Only triggers whose
    ``problems()`` and ``problems_at(bust, floor)`` find nothing are kept.

    >>> from hypothesis import given
    >>> @given(triggers(bust=50, floor=None))
    ... def test_fits(trigger):
    ...     assert not trigger.problems_at(50, None)
    >>> test_fits()
    """
    registry = trigger_types()
    names = sorted(registry) if types is None else list(types)
    low = bust - 40 if floor is None else max(floor, bust - 40)
    by_type: dict[Any, st.SearchStrategy[Any]] = {
        int: st.integers(low, bust),
        tuple[AnyOutcome, ...]: st.lists(outcomes(with_outcomes), min_size=1, max_size=3).map(
            tuple
        ),
    }
    return st.one_of([_rule_strategy(registry[name], by_type) for name in names]).filter(
        lambda trigger: not trigger.problems_at(bust, floor)
    )


# ------------------------------------------------------------------ variants


def shipped_variants() -> st.SearchStrategy[Variant]:
    """The variants shipped with the library (shrinking towards the first id)."""
    return st.sampled_from(list_variants()).map(load_variant)


_ID_CHARS = string.ascii_letters + string.digits + "_-"


def _one_choice(card_effects: list[AnyEffect]) -> tuple[AnyEffect, ...]:
    """The effects, keeping only the first that leaves the player a choice of amount."""
    out: list[AnyEffect] = []
    for effect in card_effects:
        if effect.choices and any(e.choices for e in out):
            continue
        out.append(effect)
    return tuple(out)


_acting = effects().filter(lambda e: not e.changes_total)
"""Effects that leave the total alone, to go with the card that raises it."""


def _fit(card: Card, bust: int, floor: int | None) -> Card:
    """The card without the rule objects that do not fit the bust limit and floor.

    (Such as a ``set_total`` at or above the limit, which could never be played.)
    """
    return attrs.evolve(
        card,
        effects=tuple(e for e in card.effects if not e.problems_at(bust, floor)),
        conditions=tuple(c for c in card.conditions if not c.problems_at(bust, floor)),
    )


@st.composite
def _cards(draw: st.DrawFn) -> tuple[Card, ...]:
    kinds = draw(st.integers(1, 7))
    ids = draw(
        st.lists(
            st.text(_ID_CHARS, min_size=1, max_size=8), min_size=kinds, max_size=kinds, unique=True
        )
    )
    cards = []
    for index, card_id in enumerate(ids):
        if index == 0:
            # One card that can raise the total, so rounds can end.
            card_effects: tuple[AnyEffect, ...] = _one_choice(
                [Add(draw(st.integers(1, 15))), *draw(st.lists(_acting, max_size=1))]
            )
            card_conditions: tuple[AnyCondition, ...] = tuple(
                draw(st.lists(conditions(["not_as_answer", "once_per_turn"]), max_size=1))
            )
            count = draw(st.integers(1, 12))
        else:
            card_effects = _one_choice(draw(st.lists(effects(), max_size=3)))
            card_conditions = tuple(draw(st.lists(conditions(), max_size=2)))
            count = draw(st.integers(0, 12))
        cards.append(
            Card(
                id=card_id,
                name=draw(st.text(max_size=12)),
                count=count,
                effects=card_effects,
                conditions=card_conditions,
                points=draw(st.integers(0, 30)),
                text=draw(st.text(max_size=12)),
            )
        )
    return tuple(cards)


def _steps(
    low: int, high: int, least: int, most: int
) -> st.SearchStrategy[tuple[PlayerStep, ...]]:
    """Up to two settings by player count, between ``low`` and ``high`` players."""
    step = st.builds(PlayerStep, more_than=st.integers(low, high), value=st.integers(least, most))
    return st.lists(step, max_size=2, unique_by=lambda s: s.more_than).map(tuple)


def _choices(cls: type[Any], field: str) -> st.SearchStrategy[Any]:
    """Any of the values a ``Literal`` field of a model class allows."""
    return st.sampled_from(typing.get_args(typing.get_type_hints(cls)[field]))


@st.composite
def _variants(draw: st.DrawFn, playable: bool) -> Variant:
    hand_size = draw(st.integers(1, 6))
    cards = list(draw(_cards()))
    copies = draw(st.integers(1, 2))
    low = draw(st.integers(2, 4))
    raiser = cards[0]
    if playable:
        # Raising cards make at least half the deck.
        others = sum(card.count for card in cards[1:])
        raiser = attrs.evolve(raiser, count=max(raiser.count, others))
    size = (raiser.count + sum(card.count for card in cards[1:])) * copies
    if size < low * hand_size:
        # More raising cards, so that the fewest players can be dealt.
        raiser = attrs.evolve(raiser, count=raiser.count - (-(low * hand_size - size) // copies))
    size = (raiser.count + sum(card.count for card in cards[1:])) * copies
    high = min(draw(st.integers(low, 8)), size // hand_size)
    copies_by_players = draw(_steps(low, high, 1, 3))
    fewest = min([copies, *(step.value for step in copies_by_players)])
    if playable and raiser.count * fewest <= high * hand_size:
        # More raising cards than the hands can hold, however many decks the
        # player count gives, so some always circulate.
        raiser = attrs.evolve(raiser, count=high * hand_size // fewest + 1)
    cards[0] = raiser
    start = draw(st.integers(-10, 30))
    rise = raiser.effects[0].total_after(0)
    if playable:
        # A raising card is safe at the start, and from the floor three of
        # them reach the limit.
        bust = start + draw(st.integers(rise + 1, 2 * rise))
        floor: int | None = start - draw(st.integers(0, rise))
    else:
        bust = start + draw(st.integers(1, 150))
        floor = draw(st.none() | st.integers(start - 20, start))
    cards = [_fit(card, bust, floor) for card in cards]
    redraw = None
    # A redraw of a playable card is a move that is always safe: only cards that
    # can never be played are traded in when games must end.
    traded = [
        c
        for c in cards
        if c.count and (not playable or any(k.blocks_every_play for k in c.conditions))
    ]
    wants_redraw = draw(st.booleans())
    if traded and wants_redraw:
        card = draw(st.sampled_from(traded))
        most = min(hand_size, card.count * copies)
        redraw = RedrawRule(
            card=card.id,
            count=draw(st.integers(1, most)),
            when=draw(_choices(RedrawRule, "when")),
        )
    scoring = draw(_choices(Match, "scoring"))
    if playable and scoring == "points" and len({c.points for c in cards if c.count}) < 2:
        # Every hand scores alike, so players can tie round after round, and
        # tied players play on: such a game may never end.
        scoring = "tokens"
    # Without scoring, the one round is played to the last player standing.
    end: Any = "last_standing" if scoring == "none" else draw(_choices(RoundRules, "end"))
    rules_of_round = draw(_round_rules(end, playable))
    return Variant(
        id=draw(st.text(_ID_CHARS, min_size=1, max_size=10)),
        name=draw(st.text(max_size=16)),
        description=draw(st.text(max_size=16)),
        aliases=tuple(draw(st.lists(st.text(max_size=6), max_size=2))),
        source=draw(st.text(max_size=8)),
        cards=tuple(cards),
        players=PlayerCount(min=low, max=high),
        deck=Deck(copies=copies, copies_by_players=copies_by_players),
        deal=Deal(
            hand_size=hand_size,
            first_dealer=draw(_choices(Deal, "first_dealer")),
            leader=draw(_choices(Deal, "leader")),
        ),
        total=Total(start=start, bust=bust, floor=floor),
        forced_play=ForcedPlay(
            stacking=draw(_choices(ForcedPlay, "stacking")),
            stack_on=draw(_choices(ForcedPlay, "stack_on")),
        ),
        no_safe_play=NoSafePlay(
            action=draw(_choices(NoSafePlay, "action")),
            laid_down=draw(_choices(NoSafePlay, "laid_down")),
            undo_bust=draw(st.booleans()),
        ),
        reshuffle=Reshuffle(keep_top_card=draw(st.booleans())),
        redraw=redraw,
        round=rules_of_round,
        match=Match(
            scoring=scoring,
            tokens=Tokens(
                count=draw(st.integers(1, 4)),
                play_on_at_zero=draw(st.booleans()),
                count_by_players=draw(_steps(low, high, 1, 4)),
                lost=draw(st.integers(0, 3)),
            ),
            points=Points(
                target=draw(st.integers(1, 150 if playable else 10**6)),
                at_target=draw(_choices(Points, "at_target")),
                bust=draw(st.integers(1, 40)),
                stuck_is_bust=draw(st.booleans()),
                missing_card=draw(st.integers(0, 20)),
                survivor=draw(st.integers(0, 5)),
            ),
        ),
        triggers=tuple(draw(st.lists(triggers(bust=bust, floor=floor), max_size=3))),
    )


_PLAYABLE_PLAYS = 20_000
"""The most plays a game of ``variants(playable=True)`` can see:
``round.max_plays`` times ``round.max_rounds`` stays within it."""


@st.composite
def _round_rules(draw: st.DrawFn, end: Any, playable: bool) -> RoundRules:
    """When a round ends: the end, and (sometimes small) ``max_plays`` and ``max_rounds``.

    Small limits make rounds that run out of plays (drawn rounds) and games that
    run out of rounds (won by the best placed player) common enough to test.
    """
    default = RoundRules()
    max_plays = draw(st.one_of(st.just(default.max_plays), st.integers(1, 300)))
    max_rounds = draw(st.one_of(st.just(default.max_rounds), st.integers(1, 12)))
    if playable:
        # Every game ends within _PLAYABLE_PLAYS plays, even one whose rounds can only
        # run out of plays (raising cards held back in hands that grow).
        max_rounds = min(max_rounds, max(1, _PLAYABLE_PLAYS // max_plays))
    return RoundRules(end=end, max_plays=max_plays, max_rounds=max_rounds)


def variants(*, playable: bool = True) -> st.SearchStrategy[Variant]:
    """Generated variants that pass every check of the loader.

    Decks of one to seven kinds of card, each with random rule objects from
    the registries (:func:`effects`, :func:`conditions`), counts, points and
    every setting drawn within what the schema allows. The first card always
    adds to the total, so that rounds can end, and points scoring always adds
    points for a bust, so that a points game can end.

    Up to three ``[[triggers]]`` of every registered kind (:func:`triggers`,
    watching totals between the floor and the bust limit, with outcomes of
    every registered kind), and the round and match settings of every kind:
    tokens lost per round (0 to 3), points for the round's survivor, a
    target that wins, and a ``round.max_plays`` and ``round.max_rounds``
    that are often small enough to be reached.

    Args:
        playable: Keep games short enough to play many of: raising cards make
            at least half the deck and outnumber what the hands can hold at
            any player count, one is safe at the start total, three of them
            take the total from its floor to the bust limit (whatever minus
            cards or set totals did), points scoring has cards of at least
            two point values, and only cards that can never be played are
            traded in by a redraw. A valid variant without this can make games
            that random players take very long to end, or that cannot end at
            all: when every card left to play changes nothing and the raising
            cards sit in hands that cannot play them, when a redraw of
            playable cards is always a safe move, or when every hand scores
            alike, so that the scores tie round after round and the tied
            players play on. ``round.max_plays`` times ``round.max_rounds``
            is at most 20,000, so every game ends within 20,000 plays whatever
            the cards do (a round that reaches ``max_plays`` ends drawn).
    """
    return _variants(playable).filter(lambda v: not check_variant(v))


def any_variants() -> st.SearchStrategy[Variant]:
    """A shipped variant or a generated one."""
    return st.one_of(shipped_variants(), variants())


# ------------------------------------------------------------ moves and games


@attrs.frozen
class MoveSequence:
    """A game's setup and the legal moves played in it.

    Attributes:
        variant: The rules.
        players: How many play.
        seed: The game's seed.
        moves: Legal moves, in order, from the start.
    """

    variant: Variant
    players: int
    seed: int
    moves: tuple[Move, ...]

    def new_game(self) -> Game:
        """The game before any move."""
        return Game(self.variant, self.players, self.seed)

    def play(self) -> Game:
        """The game after all the moves."""
        game = self.new_game()
        for move in self.moves:
            game.play(move)
        return game


@st.composite
def move_sequences(
    draw: st.DrawFn,
    variants: st.SearchStrategy[Variant] | None = None,
    *,
    max_moves: int = 2000,
    drawn: int = 60,
    to_end: bool = False,
) -> MoveSequence:
    """A variant, a seat count, a seed and a sequence of legal moves.

    The first ``drawn`` moves are chosen by Hypothesis among the legal ones (so
    a failure shrinks to a short game); any further moves, up to ``max_moves``
    in all, are chosen by a :class:`~ono99.RandomPlayer` with a drawn seed.

    Args:
        draw: Given by Hypothesis (not passed by callers).
        variants: The variants to play (default: shipped or generated).
        max_moves: The most moves to play.
        drawn: How many of the moves Hypothesis chooses.
        to_end: Play until the game is over (or ``max_moves``), rather than
            a drawn number of moves.
    """
    variant = draw(any_variants() if variants is None else variants)
    players = draw(st.integers(variant.players.min, variant.players.max))
    seed = draw(st.integers(0, 2**32))
    length = max_moves if to_end else draw(st.integers(0, max_moves))
    game = Game(variant, players, seed)
    moves: list[Move] = []
    bot = RandomPlayer(draw(st.integers(0, 2**32)))
    while len(moves) < length and not game.is_over:
        legal = game.legal_moves()
        if len(moves) < drawn:
            move = legal[draw(st.integers(0, len(legal) - 1))]
        else:
            move = bot.choose(game.observation(game.current_player))
        game.play(move)
        moves.append(move)
    return MoveSequence(variant, players, seed, tuple(moves))


def games(
    variants: st.SearchStrategy[Variant] | None = None, *, max_moves: int = 400
) -> st.SearchStrategy[Game]:
    """Games in progress (or over): a :func:`move_sequences` example, played.

    Args:
        variants: The variants to play (default: shipped or generated).
        max_moves: The most moves played before the game is handed over.
    """
    return move_sequences(variants, max_moves=max_moves).map(MoveSequence.play)


# ------------------------------------------------------------------- checker


_OBSERVATION_FIELDS = frozenset(
    {
        "player",
        "hand",
        "total",
        "direction",
        "current_player",
        "plays_owed",
        "answering",
        "played_this_turn",
        "forced_by",
        "hand_sizes",
        "tokens",
        "scores",
        "in_game",
        "in_round",
        "round",
        "draw_pile_size",
        "discard_pile",
        "out_of_play",
        "winner",
        "legal_moves",
        "variant",
    }
)
"""The fields an :class:`~ono99.Observation` may have: the player's own hand and
public facts. A new field must be reviewed for what it reveals, then added here."""


class GameChecker:
    """Watches a game move by move and checks every invariant of :data:`INVARIANTS`.

    Play through :meth:`play`: it checks the events the move caused and the
    state after it. :meth:`check_illegal`, :meth:`check_observation` and
    :meth:`check_replay` check what needs more work than a move.

    Args:
        game: A game, in any state: its event log is checked from the start.
        where: How to name the game in errors (default: variant, seats, seed).

    Raises:
        InvariantError: From any method, when an invariant does not hold.
    """

    def __init__(self, game: Game, where: str | None = None) -> None:
        self.game = game
        self.variant = game.variant
        self.rules = compile_rules(game.variant)
        self.where = where or f"{game.variant.id!r} ({game.players} players, seed {game.seed})"
        self._n = game.players
        self._seen = 0
        self._hands: list[list[str]] = [[] for _ in range(self._n)]
        self._draw = 0
        self._discard: list[str] = []
        self._out = 0
        self._total = 0
        self._in_game = [True] * self._n
        self._in_round = [True] * self._n
        self._tokens = [game.variant.match.tokens.count_for(self._n)] * self._n
        self._deck = self.rules.deck_for(self._n)
        self._before_bust: int | None = None
        self._undo: int | None = None
        self._scores = [0] * self._n
        self._refilling: int | None = None
        self._forced_plays = sorted(
            {e.forces_plays for c in game.variant.cards for e in c.effects if e.forces_plays}
        )
        self._owed_seen: set[int] = set(self._forced_plays)
        self._direction = 1
        self._deflected: int | None = None
        self._rounds = 0
        self._won = 0
        self._last_played: int | None = None
        # Whether the last card played has an effect that changes hands, which
        # may make any player draw, and hands grow beyond the hand size.
        self._acting = False
        self._grows = self.rules.changes_hands
        # Triggers: the ones due to fire next, as (text, player), whether the
        # events that follow are a trigger's outcomes, and the round-end
        # triggers fired for the round about to end.
        self._due: list[tuple[str, int | None]] = []
        self._triggered = False
        self._ended: list[tuple[str, int | None]] = []
        self._play_texts = {t.describe() for t in self.rules.play_triggers}
        self._end_texts = [t.describe() for t in self.rules.end_triggers]
        # Rounds that ended without a loser (drawn, or won by a trigger), and
        # without a survivor; plays made this round.
        self._lossless = 0
        self._unwon = 0
        self._given = 0
        self._round_plays = 0
        self._follow()
        self.check_state()

    # -- failing

    def fail(self, invariant: str, detail: str) -> typing.NoReturn:
        """Raise :class:`InvariantError` for this game at this move."""
        where = f"{self.where} after {len(self.game.moves)} moves"
        if self.game.moves:
            where += f" (last: {self.game.moves[-1]})"
        raise InvariantError(invariant, detail, where)

    def expect(self, ok: bool, invariant: str, detail: str | Callable[[], str]) -> None:
        """Fail ``invariant`` unless ``ok``; ``detail`` may be a function, called on failure."""
        if not ok:
            self.fail(invariant, detail() if callable(detail) else detail)

    # -- moves

    def play(self, move: Move) -> tuple[ev.Event, ...]:
        """Play ``move`` (which must be legal) and check everything it caused."""
        game = self.game
        mover = game.current_player
        self.expect(
            game.in_game[mover] and game.in_round[mover],
            "eliminated never act",
            f"player {mover} is to move but is out",
        )
        try:
            happened = game.play(move)
        except IllegalMoveError as exc:
            self.fail("legal moves", f"{move} was listed as legal but refused: {exc}")
        flags = [event.automatic for event in happened]
        first = happened[0] if happened else None
        self.expect(
            first is not None
            and not first.automatic
            and getattr(first, "player", None) == mover
            and flags == sorted(flags),
            "move then consequences",
            lambda: f"{move} returned {happened!r}",
        )
        self._follow()
        self.check_state()
        return happened

    def _follow(self) -> None:
        """Check the new events one by one against a model rebuilt from the log."""
        log = self.game.events
        for event in log[self._seen :]:
            self._event(event)
        self._seen = len(log)
        self._close_refill()
        self._all_fired()
        if self._undo is not None:
            self._undone(ended=False)

    def _undone(self, ended: bool) -> None:
        """After a bust with ``undo_bust``: the total goes back, unless the round ended."""
        if not ended and self._undo is not None:
            self._total = self._undo
        self._undo = None

    def _all_fired(self) -> None:
        self.expect(
            not self._due,
            "triggers fire",
            lambda: f"expected {self._due} to fire (text, player), in this order",
        )

    def _close_refill(self) -> None:
        player = self._refilling
        if player is None:
            return
        self._refilling = None
        size = self.rules.hand_size
        held = len(self._hands[player])
        self.expect(
            held <= size or self._grows,
            "hand size",
            f"player {player} holds {held} > {size} cards",
        )
        if held < size:
            spare = len(self._discard) - (1 if self.rules.keep_top_card and self._discard else 0)
            self.expect(
                self._draw == 0 and spare == 0,
                "hand size",
                lambda: (
                    f"player {player} stopped drawing at {held} of {size} cards while "
                    f"{self._draw} cards were left to draw and {spare} to reshuffle"
                ),
            )

    def _actor(self, player: int, what: str) -> None:
        self.expect(
            self._in_game[player],
            "eliminated never act",
            f"player {player}, out of the game, {what}",
        )
        self.expect(
            self._in_round[player],
            "eliminated never act",
            f"player {player}, out of the round, {what}",
        )

    def _event(self, event: ev.Event) -> None:
        if self._undo is not None and not isinstance(event, _OUTCOME_EVENTS):
            self._undone(ended=isinstance(event, ev.RoundEnded))
        # What a card's effects record comes between its Played event and the refill.
        effect = isinstance(event, _EFFECT_EVENTS)
        if not effect and not isinstance(
            event, ev.Drew | ev.Reshuffled | ev.DirectionChanged | ev.Deflected
        ):
            self._close_refill()
            # A play's triggers fire after its refill; a loss's right after it.
            self._all_fired()
        # One method per event type; an event type added later and not known
        # here is skipped, and the state checks still compare the outcome.
        handler = getattr(self, f"_on_{event.type}", None)
        if handler is not None:
            handler(event)
        if not effect and not isinstance(
            event, ev.Played | ev.Drew | ev.Reshuffled | ev.DirectionChanged | ev.Deflected
        ):
            self._last_played = None
            self._acting = False
            self._triggered = False

    def _on_round_started(self, event: ev.RoundStarted) -> None:
        self._rounds += 1
        self._hands = [[] for _ in range(self._n)]
        self._draw = len(self._deck)
        self._discard = []
        self._out = 0
        self._total = event.total
        self._in_round = self._in_game[:]
        self._direction = 1
        self._round_plays = 0
        self._deflected = None
        self._actor(event.leader, "leads")

    def _on_dealt(self, event: ev.Dealt) -> None:
        self._actor(event.player, "is dealt cards")
        self._hands[event.player] = list(event.cards)
        self._draw -= len(event.cards)
        self.expect(self._draw >= 0, "cards conserved", "more cards dealt than the deck has")

    def _on_played(self, event: ev.Played) -> None:
        self._actor(event.player, f"plays {event.card}")
        self._take(event.player, [event.card])
        self._discard.append(event.card)
        expected = _total_after(self.variant, event.card, self._total, event.amount)
        self.expect(
            event.total == expected,
            "total follows the card",
            lambda: (
                f"{event.card} took the total from {self._total} to {event.total}, "
                f"its effects say {expected}"
            ),
        )
        floor = self.rules.floor
        self.expect(
            floor is None or event.total >= floor,
            "floor",
            f"the total went to {event.total}, below the floor {floor}",
        )
        self._before_bust = self._total
        self._due = [
            (trigger.describe(), event.player)
            for trigger in self.rules.play_triggers
            if trigger.fires(self._total, event.total, self.rules.bust)
        ]
        self._total = event.total
        self._refilling = event.player
        self._last_played = event.player
        self._acting = any(e.changes_hands for e in self.variant.card(event.card).effects)
        if not event.automatic:
            self._played()

    def _played(self) -> None:
        """A move (a play or a redraw) was made: count it against ``round.max_plays``."""
        self._round_plays += 1
        self.expect(
            self._round_plays <= self.rules.max_plays,
            "round bound",
            f"{self._round_plays} plays in a round of at most {self.rules.max_plays}",
        )

    def _on_redrew(self, event: ev.Redrew) -> None:
        self._actor(event.player, "redraws")
        self._take(event.player, list(event.cards))
        self._discard.extend(event.cards)
        self._refilling = event.player
        self._played()

    def _on_drew(self, event: ev.Drew) -> None:
        self.expect(
            self._refilling == event.player or self._acting,
            "hand size",
            f"player {event.player} drew outside a refill after their play",
        )
        self._actor(event.player, "draws")
        self.expect(self._draw > 0, "cards conserved", "a card was drawn from an empty pile")
        self._draw -= 1
        self._hands[event.player].append(event.card)

    def _on_reshuffled(self, event: ev.Reshuffled) -> None:
        keep = 1 if self.rules.keep_top_card and self._discard else 0
        self.expect(
            self._draw == 0 and event.cards == len(self._discard) - keep > 0,
            "cards conserved",
            lambda: (
                f"reshuffled {event.cards} cards with {self._draw} left to draw "
                f"and {len(self._discard)} discarded"
            ),
        )
        self._draw = event.cards
        self._discard = self._discard[len(self._discard) - keep :]

    def _on_laid_down(self, event: ev.LaidDown) -> None:
        self._actor(event.player, "lays down")
        self.expect(
            Counter(event.cards) == Counter(self._hands[event.player]),
            "event log",
            f"player {event.player} laid down {event.cards}, not the hand held",
        )
        if self.rules.laid_down_discarded:
            self._discard.extend(event.cards)
        else:
            self._out += len(event.cards)
        self._hands[event.player] = []
        self._in_round[event.player] = False
        self._lost(event.player)

    def _on_busted(self, event: ev.Busted) -> None:
        self.expect(
            self._last_played == event.player and event.total >= self.rules.bust,
            "event log",
            f"player {event.player} busted at {event.total} without playing to the limit",
        )
        self._in_round[event.player] = False
        self._lost(event.player)
        rules = self.rules
        if rules.undo_bust and not rules.first_loss_ends_round and sum(self._in_round) > 1:
            # Play goes on from the total the loser could not play on, unless a
            # trigger ends the round (its outcomes follow the Busted event).
            self._undo = self._before_bust

    def _on_discarded(self, event: ev.Discarded) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._discard.append(event.card)

    def _on_card_given(self, event: ev.CardGiven) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._hands[event.to].append(event.card)

    def _on_hands_swapped(self, event: ev.HandsSwapped) -> None:
        self._effect_event(event.player)
        hands = self._hands
        hands[event.player], hands[event.other] = hands[event.other], hands[event.player]

    def _on_tokens_changed(self, event: ev.TokensChanged) -> None:
        self._effect_event(event.player, outcome=True)
        before = self._tokens[event.player]
        self.expect(
            event.tokens == before + event.change >= 0,
            "tokens never increase",
            f"player {event.player} went from {before} to {event.tokens} tokens, "
            f"a change of {event.change}",
        )
        self._tokens[event.player] = event.tokens
        self._given += max(0, event.change)

    def _on_score_changed(self, event: ev.ScoreChanged) -> None:
        self._effect_event(event.player, outcome=True)
        before = self._scores[event.player]
        self.expect(
            event.score == before + event.change >= 0,
            "scores never decrease",
            f"player {event.player} went from {before} to {event.score}, "
            f"a change of {event.change}",
        )
        self._scores[event.player] = event.score

    def _effect_event(self, player: int, outcome: bool = False) -> None:
        self.expect(
            self._acting or (outcome and self._triggered),
            "event log",
            f"an effect changed player {player}'s cards, tokens or score, but the card last "
            "played has no effect that changes hands"
            + (", and no trigger fired" if outcome else ""),
        )

    def _on_stuck(self, event: ev.Stuck) -> None:
        self._in_round[event.player] = False
        self._lost(event.player)

    def _lost(self, player: int) -> None:
        """``player`` lost the round: every loss trigger is due, for them."""
        self._due = [(trigger.describe(), player) for trigger in self.rules.loss_triggers]

    def _on_plays_owed(self, event: ev.PlaysOwed) -> None:
        self._actor(event.player, "owes plays")
        self._plays_owed(event.plays)
        deflected, self._deflected = self._deflected, None
        self.expect(
            deflected is None or deflected == event.plays,
            "event log",
            f"{deflected} plays were passed on and player {event.player} owes {event.plays}",
        )

    def _on_direction_changed(self, event: ev.DirectionChanged) -> None:
        self.expect(
            event.direction == -self._direction and sum(self._in_round) > 2,
            "event log",
            lambda: (
                f"the direction went from {self._direction} to {event.direction} with "
                f"{sum(self._in_round)} players in the round"
            ),
        )
        self._direction = event.direction

    def _on_deflected(self, event: ev.Deflected) -> None:
        self._actor(event.player, "answers forced plays")
        self._deflected = event.plays

    def _on_trigger_fired(self, event: ev.TriggerFired) -> None:
        # A trigger's outcomes (tokens and scores changed) follow it.
        self._triggered = True
        fired = (event.text, event.player)
        if self._due and self._due[0] == fired:
            self._due.pop(0)
            return
        self.expect(
            not self._due and event.text not in self._play_texts,
            "triggers fire",
            lambda: f"{event!r} fired, but {self._due or 'no play trigger'} was due",
        )
        # Not due at a play or a loss: a round-end trigger.
        self._ended.append(fired)

    def _on_round_ended(self, event: ev.RoundEnded) -> None:
        self._in_round = [False] * self._n
        expected = [(text, event.survivor) for text in self._end_texts]
        ended, self._ended = self._ended, []
        self.expect(
            ended == expected,
            "triggers fire",
            f"the round ended after {ended} fired, not {expected}",
        )
        self._lossless += not event.losers
        self._unwon += event.survivor is None

    def _on_token_lost(self, event: ev.TokenLost) -> None:
        before = self._tokens[event.player]
        self.expect(
            event.tokens == before - 1 >= 0,
            "tokens never increase",
            f"player {event.player} went from {before} to {event.tokens} tokens",
        )
        self._tokens[event.player] = event.tokens

    def _on_scored(self, event: ev.Scored) -> None:
        before = self._scores[event.player]
        self.expect(
            event.points >= 0 and event.score == before + event.points,
            "scores never decrease",
            f"player {event.player} scored {event.points}: {before} to {event.score}",
        )
        self._scores[event.player] = event.score

    def _on_eliminated(self, event: ev.Eliminated) -> None:
        self.expect(
            self._in_game[event.player],
            "eliminated never act",
            f"player {event.player} was eliminated twice",
        )
        self._in_game[event.player] = False

    def _on_game_won(self, event: ev.GameWon) -> None:
        self._won += 1
        self.expect(
            self._won == 1 and sum(self._in_game) == 1 and self._in_game[event.player],
            "one winner",
            lambda: (
                f"player {event.player} won with {sum(self._in_game)} players in the game "
                f"({self._won} GameWon events)"
            ),
        )

    def _take(self, player: int, cards: Sequence[str]) -> None:
        hand = self._hands[player]
        for card in cards:
            self.expect(
                card in hand, "cards conserved", f"player {player} played {card} not in {hand}"
            )
            hand.remove(card)

    def _plays_owed(self, plays: int) -> None:
        stacking = self.rules.stacking
        allowed = set(self._forced_plays) | self._owed_seen
        for seen in self._owed_seen:
            for fresh in self._forced_plays:
                if stacking == "multiply":
                    allowed.add(seen * fresh)
                elif stacking == "add":
                    allowed.add(seen + fresh)
        self.expect(
            plays > 1 and plays in allowed,
            "plays owed",
            lambda: (
                f"{plays} plays owed; the cards force {self._forced_plays} with stacking "
                f"{stacking!r}, and {sorted(self._owed_seen)} were owed before"
            ),
        )
        self._owed_seen.add(plays)

    # -- state

    def check_state(self) -> None:
        """Check the game's state against the model and every state invariant."""
        game = self.game
        rules = self.rules
        n = self._n
        hands = [game.hand(p) for p in range(n)]
        held = Counter(c for hand in hands for c in hand)
        everything = held + Counter(game.draw_pile) + Counter(game.discard_pile)
        everything += Counter(game.out_of_play)
        deck = Counter(rules.cards[k].id for k in self._deck)
        self.expect(
            everything == deck,
            "cards conserved",
            lambda: f"cards in play {dict(everything)} differ from the deck {dict(deck)}",
        )
        for p, hand in enumerate(hands):
            self.expect(
                len(hand) <= rules.hand_size or self._grows,
                "hand size",
                f"player {p} holds {len(hand)} cards, more than {rules.hand_size}",
            )
            if Counter(hand) != Counter(self._hands[p]):
                self.fail(
                    "event log", f"player {p} holds {hand}; the events give {self._hands[p]}"
                )
        self.expect(
            len(game.draw_pile) == self._draw
            and list(game.discard_pile) == self._discard
            and len(game.out_of_play) == self._out,
            "event log",
            lambda: (
                f"piles of {len(game.draw_pile)}/{len(game.discard_pile)}/"
                f"{len(game.out_of_play)} cards; the events give {self._draw}/"
                f"{len(self._discard)}/{self._out}"
            ),
        )
        self.expect(
            rules.floor is None or game.total >= rules.floor,
            "floor",
            f"the total is {game.total}, below the floor {rules.floor}",
        )
        self.expect(
            game.total == self._total,
            "event log",
            f"the total is {game.total}; the events give {self._total}",
        )
        self.expect(
            list(game.tokens) == self._tokens,
            "tokens never increase",
            f"tokens {game.tokens}; the events give {self._tokens}",
        )
        self.expect(
            list(game.scores) == self._scores,
            "scores never decrease",
            f"scores {game.scores}; the events give {self._scores}",
        )
        self.expect(
            list(game.in_game) == self._in_game,
            "eliminated never act",
            f"in game {game.in_game}; the events give {self._in_game}",
        )
        self.expect(
            self._rounds == game.round,
            "event log",
            f"round {game.round}; the events started {self._rounds}",
        )
        self._check_rounds()
        if game.is_over:
            self.expect(
                self._won == 1
                and game.winner is not None
                and game.in_game.count(True) == 1
                and game.in_game[game.winner],
                "one winner",
                f"game over with winner {game.winner}, in game {game.in_game}",
            )
            self.expect(game.legal_moves() == (), "legal moves", "a finished game lists moves")
            return
        current = game.current_player
        self.expect(
            game.in_game[current] and game.in_round[current] and self._in_round[current],
            "eliminated never act",
            f"player {current} is to move but is out",
        )
        self.expect(
            game.in_round == tuple(self._in_round),
            "eliminated never act",
            f"in round {game.in_round}; the events give {self._in_round}",
        )
        self.expect(
            game.direction == self._direction or game.is_over,
            "event log",
            f"the direction is {game.direction}; the events give {self._direction}",
        )
        owed = game.plays_owed
        self.expect(
            1 <= owed <= max(self._owed_seen | {1}),
            "plays owed",
            f"{owed} plays owed; at most {max(self._owed_seen | {1})} can be",
        )
        self.expect(bool(game.legal_moves()), "legal moves", "the player to move has no move")

    def _check_rounds(self) -> None:
        match = self.variant.match
        rounds = self.game.round
        bound = self.rules.max_rounds
        if match.scoring == "none":
            # One round, played to the last player standing, unless it ends without one.
            bound = min(bound, 1 + self._unwon)
        elif match.scoring == "tokens" and match.tokens.lost:
            # Every round with a loser costs a token (each token given back pays
            # for one more) or, with none left, puts a player out.
            count = match.tokens.count_for(self._n)
            bound = min(bound, self._n * (count + 1) + self._lossless + self._given)
        self.expect(rounds <= bound, "round bound", f"round {rounds} of at most {bound}")

    # -- deeper checks

    def check_legal_moves(self) -> None:
        """Every move the rules could mean is legal exactly when ``legal_moves()`` lists it."""
        game = self.game
        legal = game.legal_moves()
        for move in candidate_moves(game):
            listed = move in legal
            reason = game.why_illegal(move)
            self.expect(
                listed == (reason is None),
                "legal moves",
                f"{move} is {'' if listed else 'not '}listed but why_illegal says {reason!r}",
            )

    def check_illegal(self, moves: Iterable[object] | None = None) -> int:
        """Play illegal moves: each must raise and leave the game exactly as it was.

        Args:
            moves: The moves to try (default: every illegal one of
                :func:`candidate_moves`, and a few non-moves).

        Returns:
            How many illegal moves were tried.
        """
        game = self.game
        if moves is None:
            legal = game.legal_moves()
            moves = [m for m in candidate_moves(game) if m not in legal]
            moves += [None, "play 7", Play.__name__]
        before = snapshot(game)
        tried = 0
        for move in moves:
            if game.why_illegal(move) is None:
                continue
            tried += 1
            try:
                game.play(move)  # type: ignore[arg-type]
            except IllegalMoveError as exc:
                self.expect(
                    bool(str(exc)), "illegal move", f"{move!r} was refused without a reason"
                )
            else:
                self.fail("illegal move", f"{move!r} was played though why_illegal refused it")
            self.expect(
                snapshot(game) == before,
                "illegal move",
                f"refusing {move!r} changed the game",
            )
        return tried

    def check_observation(self, player: int, rng: random.Random | None = None) -> Observation:
        """Check ``player``'s observation: own cards and public facts only.

        Structurally, the observation has only the known fields, its hand is
        the player's, and its public fields match the game. Then the hidden
        information (other players' cards, swapped among them, and the draw
        order) is shuffled in a copy of the game: the observation must not
        change.
        """
        game = self.game
        obs = game.observation(player)
        names = {a.name for a in attrs.fields(Observation)}
        self.expect(
            names == _OBSERVATION_FIELDS,
            "observation",
            f"the observation's fields changed: {sorted(names ^ _OBSERVATION_FIELDS)}; "
            "review what they reveal",
        )
        self.expect(obs.hand == game.hand(player), "observation", "the hand is not the player's")
        public = {
            "total": game.total,
            "direction": game.direction,
            "current_player": game.current_player,
            "answering": game.answering,
            "played_this_turn": game.played_this_turn,
            "forced_by": game.forced_by,
            "hand_sizes": tuple(len(game.hand(p)) for p in range(self._n)),
            "tokens": game.tokens,
            "scores": game.scores,
            "in_game": game.in_game,
            "in_round": game.in_round,
            "round": game.round,
            "draw_pile_size": len(game.draw_pile),
            "discard_pile": game.discard_pile,
            "out_of_play": game.out_of_play,
            "winner": game.winner,
        }
        for name, value in public.items():
            self.expect(
                getattr(obs, name) == value,
                "observation",
                f"{name} is {getattr(obs, name)!r}, the game says {value!r}",
            )
        mine = game.current_player == player and not game.is_over
        self.expect(
            obs.legal_moves == (game.legal_moves() if mine else ()),
            "observation",
            "legal moves shown to a player whose turn it is not",
        )
        hidden = _shuffle_hidden(game, player, rng or random.Random(len(game.moves)))
        self.expect(
            hidden.observation(player) == obs,
            "observation",
            "the observation changed when other players' cards or the draw order changed",
        )
        return obs

    def check_player_log(self, player: int, rng: random.Random | None = None) -> None:
        """Check ``player``'s view of the log: no card another player was dealt or drew.

        Every event of :meth:`~ono99.Game.player_log` is the event of the
        whole log, except another player's deal and draws, and a card given
        between two other players, which carry only who and how many; and the
        view is the same when the cards of those events are changed.
        """
        game = self.game
        log = game.player_log(player)
        full = game.events
        self.expect(len(log) == len(full), "player log", "the player's log skips events")
        for seen, event in zip(log, full, strict=True):
            if isinstance(event, ev.Dealt | ev.Drew) and event.player != player:
                self.expect(
                    isinstance(seen, ev.DealtUnseen | ev.DrewUnseen)
                    and seen.player == event.player
                    and seen.automatic == event.automatic,
                    "player log",
                    f"player {player} sees {seen!r} for {event!r}",
                )
                if isinstance(seen, ev.DealtUnseen) and isinstance(event, ev.Dealt):
                    self.expect(
                        seen.cards == len(event.cards),
                        "player log",
                        f"player {player} sees {seen!r} for {event!r}",
                    )
            elif isinstance(event, ev.CardGiven) and player not in (event.player, event.to):
                self.expect(
                    seen == ev.CardGivenUnseen(event.player, event.to, automatic=event.automatic),
                    "player log",
                    f"player {player} sees {seen!r} for {event!r}",
                )
            else:
                self.expect(seen == event, "player log", f"{event!r} read as {seen!r}")
        # The same log with every card of another player's deal and draws (and
        # of cards given between two others) changed must read the same from
        # the player's seat.
        rng = rng or random.Random(len(full))
        ids = [card.id for card in self.variant.cards]
        changed: list[ev.Event] = []
        for event in full:
            if isinstance(event, ev.Dealt) and event.player != player:
                cards = tuple(rng.choice(ids) for _ in event.cards)
                changed.append(attrs.evolve(event, cards=cards))
            elif (isinstance(event, ev.Drew) and event.player != player) or (
                isinstance(event, ev.CardGiven) and player not in (event.player, event.to)
            ):
                changed.append(attrs.evolve(event, card=rng.choice(ids)))
            else:
                changed.append(event)
        self.expect(
            ev.seen_by(changed, player) == log,
            "player log",
            "the player's log changed when other players' cards changed",
        )

    def check_replay(self) -> None:
        """Same seed and moves give the same events; a record saved as JSON replays alike."""
        game = self.game
        again = Game(game.variant, game.players, game.seed)
        for number, move in enumerate(game.moves, 1):
            try:
                again.play(move)
            except IllegalMoveError as exc:
                self.fail(
                    "deterministic", f"move {number} ({move}) is illegal the second time: {exc}"
                )
        self.expect(
            again.events == game.events,
            "deterministic",
            "the same seed and moves gave another event log",
        )
        text = json.dumps(to_data(game.record()))
        record = from_data(json.loads(text))
        try:
            replayed = Game.replay(record, game.variant)
        except ReplayError as exc:
            self.fail("replay", f"the saved game does not replay: {exc}")
        self.expect(
            snapshot(replayed) == snapshot(game),
            "replay",
            "the replayed game's state differs from the original's",
        )


_EFFECT_EVENTS = (
    ev.Discarded,
    ev.CardGiven,
    ev.HandsSwapped,
    ev.TokensChanged,
    ev.ScoreChanged,
    ev.RuleActed,
    ev.TriggerFired,
)
"""The events a card's effects record (through :class:`ono99.rules.Table`)."""

_OUTCOME_EVENTS = (ev.TriggerFired, ev.TokensChanged, ev.ScoreChanged)
"""A trigger firing, and what its outcomes record."""


def _total_after(variant: Variant, card_id: str, total: int, amount: int | None = None) -> int:
    """The total after a card, straight from the variant's rule objects and floor."""
    for effect in variant.card(card_id).effects:
        total = effect.total_after(total, amount)
    floor = variant.total.floor
    return total if floor is None else max(total, floor)


def candidate_moves(game: Game) -> list[Move]:
    """Moves to test legality with.

    A play of every card of the variant, a redraw, a play of an unknown card,
    and every legal move with one of its fields (other than the card) changed.
    """
    out: list[Move] = [Play(card.id) for card in game.variant.cards]
    out += [Redraw(), Play("no such card")]
    for move in game.legal_moves():
        for field in attrs.fields(type(move)):
            if field.name == "card":
                continue
            for value in (None, -1, 0, 1, 11, 99, 10**6):
                try:
                    changed: Any = attrs.evolve(cast("Any", move), **{field.name: value})
                    out.append(changed)
                except (TypeError, ValueError):
                    continue
    seen: list[Move] = []
    for move in out:
        if move not in seen:
            seen.append(move)
    return seen


def _shuffle_hidden(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` with the information ``player`` cannot see shuffled."""
    other = game.copy()
    r = other._e.r  # the check reaches into the engine's hidden state on purpose
    others = [p for p in range(game.players) if p != player]
    pool = [card for p in others for card in r.hands[p]] + r.draw
    rng.shuffle(pool)
    for p in others:
        size = len(r.hands[p])
        r.hands[p], pool = pool[:size], pool[size:]
    r.draw = pool
    other._e.legal = None
    return other


# --------------------------------------------------------- one-call check


@attrs.frozen
class Checked:
    """What :func:`check_invariants` checked.

    Attributes:
        games: Games played to the end.
        moves: Moves checked, in all.
        rounds: Rounds played, in all.
    """

    games: int
    moves: int
    rounds: int


def check_invariants(
    variant: Variant | str | os.PathLike[str],
    *,
    games: int = 20,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    max_moves: int = 20_000,
    deep: bool = True,
) -> Checked:
    """Play seeded games of a variant and check every invariant after every move.

    Each game is played by :class:`~ono99.RandomPlayer` players. After every
    move the state is checked (:meth:`GameChecker.check_state`); with
    ``deep``, also the legality of every candidate move, illegal moves, the
    mover's observation, and at the end of each game its replay.

    Random players could in theory prolong a game forever (minus cards and
    holds can keep a total below the limit), but every variant that passes
    the loader's checks has a card that raises the total; ``max_moves`` is a
    generous bound that random play does not reach in practice.

    Args:
        variant: A :class:`~ono99.Variant`, a shipped variant's id, or the
            path of a TOML file.
        games: How many games to play.
        seed: The seed of the games (game ``i`` uses ``seed + i``).
        players: The seat counts to play, cycled (default: every count the
            variant allows).
        max_moves: A game still going after this many moves breaks the
            invariant "game ends".
        deep: Also run the more expensive checks.

    Returns:
        How many games, moves and rounds were checked.

    Raises:
        InvariantError: When an invariant does not hold; it names the
            invariant, the variant, seats, seed and move.
        VariantError: If the variant cannot be loaded.
    """
    if isinstance(variant, os.PathLike):
        variant = load_variant(Path(variant))
    elif isinstance(variant, str):
        variant = load_variant(variant)
    if players is None:
        counts = list(range(variant.players.min, variant.players.max + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    moves = rounds = 0
    for i in range(games):
        game_seed = seed + i
        checker = GameChecker(Game(variant, counts[i % len(counts)], game_seed))
        game = checker.game
        bots = [RandomPlayer(game_seed * 1_000 + p) for p in range(game.players)]
        rng = random.Random(game_seed)
        while not game.is_over:
            if len(game.moves) >= max_moves:
                checker.fail("game ends", f"the game is still going after {max_moves} moves")
            player = game.current_player
            if deep:
                checker.check_legal_moves()
                checker.check_observation(player, rng)
                if rng.random() < 0.1:
                    checker.check_illegal()
            checker.play(bots[player].choose(game.observation(player)))
        if deep:
            checker.check_replay()
            for player in range(game.players):
                checker.check_player_log(player, rng)
        moves += len(game.moves)
        rounds += game.round
    return Checked(games=games, moves=moves, rounds=rounds)
