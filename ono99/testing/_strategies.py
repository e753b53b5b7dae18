"""Hypothesis strategies: variants, move sequences, games and positions."""

from __future__ import annotations

import os
import string
import typing
from typing import TYPE_CHECKING, Any

import attrs
from hypothesis import event
from hypothesis import strategies as st

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99._variant import (
    STANDARD_SUITS,
    Card,
    Deal,
    Deck,
    ExtraCard,
    ForcedPlay,
    Match,
    NoSafePlay,
    PlayerCount,
    PlayerStep,
    Points,
    RedrawRule,
    Reshuffle,
    RoundRules,
    Teams,
    Tokens,
    Total,
    Variant,
)
from ono99.engine import Game, Move
from ono99.loading import check_variant, list_variants, load_variant
from ono99.players import RandomPlayer
from ono99.rules import (
    Add,
    AnyCondition,
    AnyEffect,
    each_effect,
    rule_types,
)

if TYPE_CHECKING:
    from collections.abc import Iterator


from ._rules import conditions, effects, hints_of, triggers

# ------------------------------------------------------------------ variants


def shipped_variants() -> st.SearchStrategy[Variant]:
    """The variants shipped with the library (shrinking towards the first id)."""
    return st.sampled_from(list_variants()).map(load_variant).map(_labelled)


_RULE_KINDS = frozenset({"effect", "condition", "trigger", "outcome"})


def _rules_held(rule: Any) -> Iterator[Any]:
    """``rule``, then every rule object its fields hold (a ``when``'s, an ``aim``'s), deep."""
    yield rule
    if not attrs.has(type(rule)):
        return
    for field in attrs.fields(type(rule)):
        value = getattr(rule, field.name)
        if isinstance(value, tuple):
            for held in value:
                if getattr(held, "kind", None) in _RULE_KINDS:
                    yield from _rules_held(held)


def _rules_in(variant: Variant) -> Iterator[Any]:
    """Every rule object of ``variant``, and each rule object those hold, deep.

    Its cards' effects and conditions and its triggers; a ``when``'s
    conditions and branches, an ``aim``'s outcomes and answers, a trigger's
    outcomes.
    """
    for card in variant.cards:
        for rule in (*card.effects, *card.conditions):
            yield from _rules_held(rule)
    for trigger in variant.triggers:
        yield from _rules_held(trigger)


def _labelled(variant: Variant) -> Variant:
    """``variant``, its reach told to Hypothesis's statistics (``hypothesis.event``).

    Each rule type it holds (``rule type: when``), a ``when`` decided by the
    table, reactions, declarations, partnerships, a starter and a show, so
    that ``--hypothesis-show-statistics`` shows what each property reached.
    """
    for kind, name in sorted({(r.kind, r.type) for r in _rules_in(variant)}):
        event(f"{kind}: {name}")
    effects = [e for card in variant.cards for e in each_effect(card.effects)]
    if any(
        getattr(c, "reads_table", False)
        for e in effects
        for c in getattr(e, "conditions", ())
        if getattr(c, "kind", None) == "condition"
    ):
        event("a when decided by the table")
    if any(e.opens_reactions for e in effects):
        event("reactions")
    if any(e.declares for e in effects):
        event("declarations")
    if variant.players.teams.at:
        event("partnerships at some counts")
    if variant.deal.starter:
        event("a starter")
    if variant.deal.show != "none":
        event(f"the show: {variant.deal.show}")
    return variant


_ID_CHARS = string.ascii_letters + string.digits + "_-"


def _one_choice(card_effects: list[AnyEffect]) -> tuple[AnyEffect, ...]:
    """The effects, keeping only the first that leaves a choice of amount, and of declaration."""
    out: list[AnyEffect] = []
    for effect in card_effects:
        if effect.choices and any(e.choices for e in out):
            continue
        if effect.declares and any(e.declares for e in out):
            continue
        out.append(effect)
    return tuple(out)


def _may_keep_the_total(cls: type[Any]) -> bool:
    """Whether an effect of ``cls`` can leave the total alone (not ``changes_total = True``)."""
    return getattr(cls, "changes_total", None) is not True


_KEEP_THE_TOTAL = tuple(
    name for name, cls in rule_types("effect").items() if _may_keep_the_total(cls)
)
_acting = effects(_KEEP_THE_TOTAL).filter(lambda e: not e.changes_total)
"""Effects that leave the total alone, to go with the card that raises it.

Drawn only from the types whose ``changes_total`` is not always true (a
``set_total`` always changes it: filtered, it could never be drawn); the
filter keeps those, such as a ``when``, whose branches decide it.
"""


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
                # Ranks of a few kinds, so that pairs and runs happen; suits and tags.
                rank=draw(st.sampled_from(("", *_RANKS))),
                suit=draw(st.sampled_from(("", *STANDARD_SUITS))),
                tags=tuple(draw(st.lists(st.sampled_from(_TAGS), max_size=2, unique=True))),
            )
        )
    return tuple(cards)


_RANKS = ("ace", "2", "3", "4", "jack", "queen", "king")
"""Ranks for generated cards: neighbours in the standard order, so that runs form."""

_TAGS = ("wild", "court", "low")


def _steps(
    low: int, high: int, least: int, most: int
) -> st.SearchStrategy[tuple[PlayerStep, ...]]:
    """Up to two settings by player count, between ``low`` and ``high`` players."""
    step = st.builds(PlayerStep, more_than=st.integers(low, high), value=st.integers(least, most))
    return st.lists(step, max_size=2, unique_by=lambda s: s.more_than).map(tuple)


@st.composite
def _teams(draw: st.DrawFn, low: int, high: int) -> Teams:
    """A layout of partnerships that fits ``low`` to ``high`` players, or none.

    Every count played in teams is one the variant allows and makes two or
    more whole teams (as the loader requires of ``players.teams``).
    """
    size = draw(st.integers(2, 4))
    fits = [n for n in range(max(low, 2 * size), high + 1) if n % size == 0]
    if not fits or not draw(st.booleans()):
        return Teams()
    at = draw(st.lists(st.sampled_from(fits), min_size=1, max_size=3, unique=True))
    return Teams(at=tuple(at), size=size)


def _choices(cls: type[Any], field: str) -> st.SearchStrategy[Any]:
    """Any of the values a ``Literal`` field of a model class allows."""
    return st.sampled_from(typing.get_args(hints_of(cls)[field]))


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
    extra = draw(_extra(cards, copies_by_players, copies, hand_size, high, playable))
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
    at_target: Any = draw(_choices(Points, "at_target"))
    return Variant(
        id=draw(st.text(_ID_CHARS, min_size=1, max_size=10)),
        name=draw(st.text(max_size=16)),
        description=draw(st.text(max_size=16)),
        aliases=tuple(draw(st.lists(st.text(max_size=6), max_size=2))),
        source=draw(st.text(max_size=8)),
        cards=tuple(cards),
        players=PlayerCount(min=low, max=high, teams=draw(_teams(low, high))),
        deck=Deck(copies=copies, copies_by_players=copies_by_players),
        deal=Deal(
            hand_size=hand_size,
            first_dealer=draw(_choices(Deal, "first_dealer")),
            leader=draw(_choices(Deal, "leader")),
            refill=draw(st.booleans()),
            starter=draw(st.booleans()),
            show=draw(_choices(Deal, "show")),
            extra=extra,
        ),
        total=Total(
            start=start,
            bust=bust,
            floor=floor,
            # A floor to bust below only where there is one.
            below_floor=draw(
                _choices(Total, "below_floor")
                if floor is not None
                else st.sampled_from(["raised", "illegal"])
            ),
            restart=draw(_choices(Total, "restart")),
        ),
        forced_play=ForcedPlay(
            stacking=draw(_choices(ForcedPlay, "stacking")),
            stack_on=draw(_choices(ForcedPlay, "stack_on")),
        ),
        no_safe_play=NoSafePlay(
            action=draw(_choices(NoSafePlay, "action")),
            laid_down=draw(_choices(NoSafePlay, "laid_down")),
            undo_bust=draw(st.booleans()),
            count_ends=draw(_choices(NoSafePlay, "count_ends")),
        ),
        reshuffle=Reshuffle(keep_top_card=draw(st.booleans()), enabled=draw(st.booleans())),
        redraw=redraw,
        round=rules_of_round,
        match=Match(
            scoring=scoring,
            tokens=Tokens(
                count=draw(st.integers(1, 4)),
                play_on_at_zero=draw(st.booleans()),
                count_by_players=draw(_steps(low, high, 1, 4)),
                lost=draw(st.integers(0, 3)),
                out_at_zero=draw(_choices(Tokens, "out_at_zero")),
            ),
            points=Points(
                target=draw(st.integers(1, 150 if playable else 10**6)),
                at_target=at_target,
                bust=draw(st.integers(1, 40)),
                stuck_is_bust=draw(st.booleans()),
                missing_card=draw(st.integers(0, 20)),
                survivor=draw(st.integers(0, 5)),
                negative=draw(st.booleans()),
                reached=draw(_reached(at_target)),
            ),
        ),
        triggers=tuple(draw(st.lists(triggers(bust=bust, floor=floor), max_size=3))),
    )


@st.composite
def _extra(  # noqa: PLR0917 - what the deck's make-up gives
    draw: st.DrawFn,
    cards: list[Card],
    steps: tuple[PlayerStep, ...],
    copies: int,
    hand_size: int,
    high: int,
    playable: bool,
) -> tuple[ExtraCard, ...]:
    """Sometimes a card dealt to every hand on top of the deal (``deal.extra``).

    One of a kind the deck holds enough of for ``high`` players, however many
    decks the player count gives, where the deck deals the larger hands; not
    the raising card (``cards[0]``), and, where games must end, only while
    more raising cards than the larger hands can hold are left to circulate.
    """
    fewest = min([copies, *(step.value for step in steps)])
    kept = hand_size + 1
    if sum(card.count for card in cards) * fewest < high * kept:
        return ()
    if playable and cards[0].count * fewest <= high * kept:
        return ()
    fits = [card for card in cards[1:] if card.count * fewest >= high]
    if not fits or not draw(st.booleans()):
        return ()
    return (ExtraCard(card=draw(st.sampled_from(fits)).id, count=1),)


def _reached(at_target: str) -> st.SearchStrategy[Any]:
    """When reaching the target wins: at once only where reaching it is a win."""
    return _choices(Points, "reached") if at_target == "win" else st.just("round_end")


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
    points for a bust, so that a points game can end. A card may let the
    player choose among two or three amounts, or among a range of up to 201
    (``amounts = { from = -10, to = 10 }``); half the variants whose player
    counts allow it play some of them in partnerships (``players.teams``,
    teams of two to four, only at counts that make two or more whole teams).

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
    return _variants(playable).filter(lambda v: not check_variant(v)).map(_labelled)


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
    variants: st.SearchStrategy[Variant | str] | None = None,
    *,
    max_moves: int = 2000,
    drawn: int = 60,
    to_end: bool = False,
) -> MoveSequence:
    """A variant, a seat count, a seed and a sequence of legal moves.

    The first ``drawn`` moves are chosen by Hypothesis among the legal ones (so
    a failure shrinks to a short game); any further moves, up to ``max_moves``
    in all, are chosen by a :class:`~ono99.RandomPlayer` with a drawn seed.
    For a variant played in teams at some counts (``players.teams.at``), the
    seat count is one of those as often as not.

    Args:
        draw: Given by Hypothesis (not passed by callers).
        variants: The variants to play (default: shipped or generated): a
            strategy of :class:`~ono99.Variant` objects, or of ids and paths
            to load (``st.just("ono99-2022")``).
        max_moves: The most moves to play.
        drawn: How many of the moves Hypothesis chooses.
        to_end: Play until the game is over (or ``max_moves``), rather than
            a drawn number of moves.
    """
    variant = _as_variant(draw(any_variants() if variants is None else variants))
    players = draw(_seats(variant))
    if players in variant.players.teams.at:
        event("played in partnerships")
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


def _seats(variant: Variant) -> st.SearchStrategy[int]:
    """A player count the variant allows: as often as not one it plays in teams, if any."""
    players = variant.players
    every = st.integers(players.min, players.max)
    return st.one_of(st.sampled_from(players.teams.at), every) if players.teams.at else every


def _as_variant(value: object) -> Variant:
    """A variant drawn from a ``variants`` strategy: a Variant, or an id or path, loaded.

    Raises:
        ArgumentError: If it is neither.
    """
    if isinstance(value, Variant):
        return value
    if isinstance(value, str | os.PathLike):
        return load_variant(value)
    raise ArgumentError(
        "variants",
        f"expected a strategy of variants (or of variant ids or paths), which drew {shown(value)}",
    )


def games(
    variants: st.SearchStrategy[Variant | str] | None = None, *, max_moves: int = 400
) -> st.SearchStrategy[Game]:
    """Games in progress (or over): a :func:`move_sequences` example, played.

    Args:
        variants: The variants to play (default: shipped or generated), as
            for :func:`move_sequences`.
        max_moves: The most moves played before the game is handed over.
    """
    return move_sequences(variants, max_moves=max_moves).map(MoveSequence.play)


_EXTREMES = (0, 1, -1, 2, 99, 100, 101, 10**18, 10**18 + 1, -(10**18) - 1, 2**63)


def _odd_int(low: int, high: int) -> st.SearchStrategy[int]:
    """A whole number in ``[low, high]``, or one of the extremes of every count."""
    return st.integers(low, high) | st.sampled_from(_EXTREMES)


@st.composite
def positions(
    draw: st.DrawFn, variants: st.SearchStrategy[Variant | str] | None = None
) -> dict[str, Any]:
    """Arguments of :meth:`ono99.Game.from_position`, sound or not: bad input for it.

    A game of a drawn variant is dealt and played a few moves, and its
    position read off; then some of its settings are changed: cards moved
    from one pile to another or replaced by other cards of the variant, the
    total, the plays owed, the round, the scores and tokens, the count, and
    who is in, each to a value in range or an extreme one (``10**18 + 1``,
    ``2**63``, ``-1``). So some positions can be reached in a game and most
    cannot; ``from_position`` must build the game of each or refuse it with a
    :class:`~ono99.VariantError` saying why.

    Args:
        draw: Given by Hypothesis (not passed by callers).
        variants: The variants to play (default: the shipped ones), as for
            :func:`move_sequences`.

    Returns:
        ``{"variant": ..., "hands": ..., "draw_pile": ..., ...}``: call
        ``Game.from_position(**position)``.
    """
    variant = _as_variant(draw(shipped_variants() if variants is None else variants))
    players = draw(_seats(variant))
    game = Game(variant, players, draw(st.integers(0, 2**32)))
    bot = RandomPlayer(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 20))):
        if game.is_over:
            break
        game.play(bot.choose(game.observation(game.current_player)))
    if game.is_over:
        game = Game(variant, players, 0)
    seen = game.observation(game.current_player)
    hands = [list(game.hand(s)) for s in range(players)]
    piles = {
        "draw_pile": list(game.draw_pile),
        "discard_pile": list(game.discard_pile),
        "out_of_play": list(game.out_of_play),
    }
    ids = [card.id for card in variant.cards]
    where = [*(hands[s] for s in range(players)), *piles.values()]
    for _ in range(draw(st.integers(0, 3))):  # cards moved, or one put for another
        source = draw(st.sampled_from([w for w in where if w] or where))
        if not source:
            break
        card = source.pop(draw(st.integers(0, len(source) - 1)))
        if draw(st.booleans()):
            card = draw(st.sampled_from(ids))
        draw(st.sampled_from(where)).append(card)
    position: dict[str, Any] = {
        "variant": variant,
        "hands": hands,
        **piles,
        "total": game.total,
        "direction": game.direction,
        "current_player": game.current_player,
        "plays_owed": game.plays_owed,
        "in_round": list(game.in_round),
        "in_game": list(game.in_game),
        "tokens": list(game.tokens),
        "scores": list(game.scores),
        "round": game.round,
        "count": list(seen.count),
        "last_play": seen.last_play,
        "last_player": seen.last_player,
        "passes": seen.passes,
    }
    bust = variant.total.bust
    changes = {
        "total": _odd_int(-bust, 2 * bust),
        "plays_owed": _odd_int(0, 5),
        "round": _odd_int(0, 3),
        "current_player": _odd_int(-1, players),
        "direction": st.sampled_from([1, -1, 0, 2]),
        "passes": _odd_int(-1, players),
        "scores": st.lists(_odd_int(-5, 200), min_size=players, max_size=players),
        "tokens": st.lists(_odd_int(-1, 5), min_size=players, max_size=players),
        "in_round": st.lists(st.booleans(), min_size=players, max_size=players),
        "count": st.lists(st.sampled_from(ids), max_size=60),
    }
    for key in draw(st.lists(st.sampled_from(sorted(changes)), max_size=3, unique=True)):
        position[key] = draw(changes[key])
    return position
