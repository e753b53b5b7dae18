"""Tests of the engine that hold for every shipped variant."""

from __future__ import annotations

import copy
import gc
import itertools
import json
import pickle
import random
from collections import Counter

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import given

import ono99
from ono99 import Play, events
from ono99._phases import lays_away
from ono99.engine import game_state
from ono99.engine._compiled import LEGAL_MEMO_SIZE
from ono99.engine._engine import ENGINE_FIELDS, Engine
from ono99.engine._game import engine_of
from ono99.engine._moves import unsaid
from ono99.engine._round import RECORDS, ROUND_FIELDS, Round
from ono99.engine._table import Table
from ono99.testing import games

SHIPPED = ono99.list_variants()


def snapshot(game: ono99.Game) -> tuple[object, ...]:
    """Everything that makes up a game's state."""
    return (
        game.events,
        game.moves,
        tuple(game.hand(p) for p in range(game.players)),
        game.draw_pile,
        game.discard_pile,
        game.out_of_play,
        game.total,
        game.direction,
        game.current_player,
        game.plays_owed,
        game.tokens,
        game.scores,
        game.in_game,
        game.in_round,
        game.round,
        game.winner,
    )


def conserved(game: ono99.Game) -> Counter[str]:
    cards: Counter[str] = Counter()
    for p in range(game.players):
        cards.update(game.hand(p))
    cards.update(game.draw_pile)
    cards.update(game.discard_pile)
    cards.update(game.out_of_play)
    for piles in game_state(game, logs=False)["zones"].values():  # the crib, laid away
        for pile in piles:
            cards.update(pile)
    return cards


def full_deck(variant: ono99.Variant) -> Counter[str]:
    return Counter({c.id: c.count * variant.deck.copies for c in variant.cards if c.count})


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_every_player_count_plays_to_one_winner(variant_id: str) -> None:
    """Every shipped variant plays to the end for every allowed player count over
    many seeds, with exactly one winner, who is the only player left in the game (or
    one team: the winner's partners, ``Game.winners``, may be left in it too)."""
    variant = ono99.load_variant(variant_id)
    # The two editions over hundreds of seeds each; the other variants over fewer.
    seeds = 200 if variant_id in ("ono99-1980", "ono99-2022") else 40
    for players in range(variant.players.min, variant.players.max + 1):
        for seed in range(seeds):
            game = ono99.Game(variant, players, seed=seed)
            seats = [ono99.RandomPlayer(seed * 31 + i) for i in range(players)]
            winner = ono99.play_out(game, seats)
            assert game.is_over and game.winner == winner
            assert winner in game.winners
            assert all(p in game.winners for p in range(players) if game.in_game[p])
            assert [e for e in game.events if isinstance(e, events.GameWon)] == [
                events.GameWon(winner)
            ]
            assert game.legal_moves() == ()


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_cards_are_conserved_after_every_move(variant_id: str) -> None:
    """Hands, draw pile, discard pile, cards out of play and the zones a variant declares
    (the crib) always make up the deck,
    kind by kind, through reshuffles and new rounds; hands never exceed their size."""
    variant = ono99.load_variant(variant_id)
    deck = full_deck(variant)
    players = min(4, variant.players.max)
    for seed in range(4):
        game = ono99.Game(variant, players, seed=seed)
        player = ono99.RandomPlayer(seed)
        reshuffles = 0
        while not game.is_over:
            assert conserved(game) == deck
            for p in range(game.players):
                assert len(game.hand(p)) <= variant.deal.hand_size
            happened = game.play(player.choose(game.observation(game.current_player)))
            reshuffles += sum(isinstance(e, events.Reshuffled) for e in happened)
        assert conserved(game) == deck


def test_reshuffle_keeps_the_total() -> None:
    """R80/M22: when the draw pile runs out the played cards are shuffled into a new
    draw pile, and the total is kept: the next card played counts from it."""
    variant = ono99.load_variant("ono99-1980")
    floor = variant.total.floor
    seen = 0
    for seed in range(5):
        game = ono99.Game(variant, 8, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(8)])
        total, pending = 0, None
        for event in game.events:
            if isinstance(event, events.RoundStarted):
                total, pending = event.total, None
            elif isinstance(event, events.Reshuffled):
                pending = total
                seen += 1
            elif isinstance(event, events.Played):
                if pending is not None:
                    expected = pending
                    for effect in variant.card(event.card).effects:
                        expected = effect.total_after(expected)
                    if floor is not None:
                        expected = max(expected, floor)
                    assert event.total == expected
                    pending = None
                total = event.total
    assert seen > 0


def test_same_seed_same_game() -> None:
    """The same variant, players, seed and moves give the identical event log."""
    logs = []
    for _ in range(2):
        game = ono99.Game("ono99-1980", 5, seed=1234)
        ono99.play_out(game, [ono99.RandomPlayer(i) for i in range(5)])
        logs.append(game.events)
    assert logs[0] == logs[1]
    other = ono99.Game("ono99-1980", 5, seed=1235)
    assert other.events[:6] != logs[0][:6]


def test_seed_is_recorded_when_not_given() -> None:
    """A game started without a seed picks one and keeps it, so it can be replayed."""
    game = ono99.Game("ono99-2022", 3)
    ono99.play_out(game, [ono99.RandomPlayer(1)] * 3)
    again = ono99.Game.replay(game.record())
    assert again.events == game.events


def three_or_nearest(variant: ono99.Variant) -> int:
    """Three players, or the count nearest three that ``variant`` seats."""
    return min(max(3, variant.players.min), variant.players.max)


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_saved_game_replays_to_the_same_state(variant_id: str) -> None:
    """A record saved as JSON and replayed gives the same state, move by move."""
    variant = ono99.load_variant(variant_id)
    game = ono99.Game(variant, three_or_nearest(variant), seed=99)
    player = ono99.RandomPlayer(3)
    for _ in range(60):
        if game.is_over:
            break
        game.play(player.choose(game.observation(game.current_player)))
    text = json.dumps(ono99.to_data(game.record()))
    record = ono99.from_data(json.loads(text))
    assert record == game.record()
    again = ono99.Game.replay(record)
    assert snapshot(again) == snapshot(game)
    assert [ono99.from_data(ono99.to_data(e)) for e in game.events] == list(game.events)


def test_replay_under_other_rules_is_refused() -> None:
    """A saved game records its rules' fingerprint; other rules are refused."""
    game = ono99.Game("ono99-1980", 3, seed=1)
    game.play(game.legal_moves()[0])
    record = game.record()
    with pytest.raises(ono99.ReplayError, match="other rules"):
        ono99.Game.replay(record, ono99.load_variant("ono99-1980-points"))
    # The same rules under another name are fine.
    assert ono99.Game.replay(record, "gibsons-1988").events == game.events


def test_explicit_deck_deals_in_order() -> None:
    """``deck=`` sets the first deal, top card first, one card at a time from the
    dealer's left; later shuffles use the seed."""
    deck = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    game = ono99.Game("ono99-2022", 2, seed=1, deck=deck)
    assert game.hand(0) == ("1", "3", "5", "7")
    assert game.hand(1) == ("2", "4", "6", "8")
    assert game.draw_pile[:2] == ("9", "10")


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["zebra"], r"deck\[0\]: there is no card 'zebra'"),
        (["hold"] * 5, r"deck\[4\]: the deck holds only 4 of card 'hold'"),
        ([["hold"]], r"deck\[0\]: there is no card \['hold'\]"),
        ("hold 5", r"deck: expected a list of card ids, top card first, got 'hold 5'"),
        (5, r"deck: expected a list of card ids, top card first, got 5"),
    ],
)
def test_bad_explicit_deck(deck: list[str], message: str) -> None:
    with pytest.raises(ono99.VariantError, match=message):
        ono99.Game("ono99-1980", 2, seed=1, deck=deck)


@pytest.mark.parametrize("players", [1, 7, 0])
def test_player_count_outside_the_rules(players: int) -> None:
    with pytest.raises(ono99.VariantError, match="is for 2 to 6 players"):
        ono99.Game("ono99-2022", players, seed=1)


@pytest.mark.parametrize("players", ["4", True, 4.0])
def test_player_count_not_a_whole_number(players: object) -> None:
    with pytest.raises(ono99.ArgumentError, match="players: expected a whole number"):
        ono99.Game("ono99-2022", players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_illegal_moves_raise_and_change_nothing(variant_id: str) -> None:
    """An illegal move raises IllegalMoveError with a reason, and the game is left
    exactly as it was."""
    variant = ono99.load_variant(variant_id)
    game = ono99.Game(variant, three_or_nearest(variant), seed=7)
    player = ono99.RandomPlayer(7)
    for _ in range(40):
        if game.is_over:
            break
        legal = set(game.legal_moves())
        candidates: list[ono99.Move | str | None] = [Play(c.id) for c in variant.cards]
        candidates += [ono99.Redraw(), "pass", None]
        candidates += [ono99.PutAside((variant.cards[0].id,)), ono99.PutAside(())]
        for move in candidates:
            if move in legal:
                continue
            before = snapshot(game)
            reason = game.why_illegal(move)
            assert isinstance(reason, str) and reason
            with pytest.raises(ono99.IllegalMoveError) as caught:
                game.play(move)  # type: ignore[arg-type]
            assert str(caught.value) == reason
            assert snapshot(game) == before
        for listed in legal:
            assert game.why_illegal(listed) is None
        game.play(player.choose(game.observation(game.current_player)))


def test_observation_hides_other_hands_and_the_draw_order() -> None:
    """An observation holds the player's own hand and public facts only."""
    game = ono99.Game("ono99-2022", 4, seed=3)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    for seat in range(4):
        seen = game.observation(seat)
        assert seen.hand == game.hand(seat)
        assert seen.hand_sizes == tuple(len(game.hand(p)) for p in range(4))
        assert seen.draw_pile_size == len(game.draw_pile)
        values = [
            getattr(seen, a.name)
            for a in attrs.fields(type(seen))
            if a.name not in ("hand", "variant", "legal_moves")
        ]
        for other in range(4):
            if other != seat and game.hand(other):
                assert game.hand(other) not in values
        assert game.draw_pile not in values
        assert (seen.legal_moves != ()) == (seat == game.current_player)


def test_observation_legal_moves_match_the_game() -> None:
    game = ono99.Game("ono99-1980", 3, seed=2)
    seen = game.observation(game.current_player)
    assert seen.legal_moves == game.legal_moves() and seen.is_my_turn
    assert seen.plays_owed == 1


def test_game_copy_is_independent() -> None:
    """A copy plays on alone: moves on it leave the original as it was."""
    game = ono99.Game("ono99-2022", 3, seed=8)
    before = snapshot(game)
    clone = game.copy()
    ono99.play_out(clone, [ono99.RandomPlayer(1)] * 3)
    assert snapshot(game) == before
    assert clone.is_over
    # And the copy continues exactly as the original would.
    again = game.copy()
    ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
    ono99.play_out(again, [ono99.CautiousPlayer()] * 3)
    assert again.events == game.events


@attrs.frozen
class _OtherPhase(ono99.Phase):
    """A phase unlike the one a new round starts in (never played: only copied)."""

    name = "other"


def _other_than(default: object, value: object) -> object:
    """A value of a field's type unlike its ``default`` (and, for a list, unlike ``value``)."""
    if isinstance(default, ono99.Phase):
        return _OtherPhase()
    if isinstance(value, list):
        return value + value[:1] if value else [0]
    if default is None:
        return 1 if value is None else value
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return default + 1
    if isinstance(default, str):
        return default + "x"
    assert isinstance(default, tuple)
    return default + (default[:1] or (0,))


# Fields the engine is made with or from (its arguments and what it derives
# from them), its round, which is copied by its own copy, and whether it keeps
# a log (a copy of one that keeps none starts none: see the tests below).
MADE_WITH = {
    "variant",
    "rules",
    "n",
    "rng",
    "drew",
    "played",
    "r",
    "stacking",
    "stack_on",
    "logging",
}


def test_a_copy_keeps_every_field() -> None:
    """A copy has the value of every field of the engine and of its round, lists copied:
    each field is first set to a value unlike the one a new engine starts with, so a
    field the copy forgot would show its starting value. (A test may write the fields.)"""
    game = ono99.Game("ono99-2022", 3, seed=8)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    engine = engine_of(game)
    fresh = engine_of(ono99.Game("ono99-2022", 3, seed=8))
    fresh.r = Round(engine.r.stacking, engine.r.stack_on)
    for owner, start, fields in (
        (engine, fresh, ENGINE_FIELDS),
        (engine.r, fresh.r, ROUND_FIELDS),
    ):
        for name in fields:
            if name == "piles":  # the zone table, a declared zone's included
                shapes = [*owner.piles, [[]]]  # type: ignore[union-attr]
                setattr(owner, name, [[[z] for _ in zone] for z, zone in enumerate(shapes)])
            elif name not in MADE_WITH:
                setattr(owner, name, _other_than(getattr(start, name), getattr(owner, name)))
    clone = engine.copy()
    pairs = ((engine, clone, ENGINE_FIELDS), (engine.r, clone.r, ROUND_FIELDS))
    for owner, copied, fields in pairs:
        for name in fields:
            if name in {"r", "rng"}:
                continue
            value, kept = getattr(owner, name), getattr(copied, name)
            assert kept == value, name
            if isinstance(value, list):
                assert kept is not value, name
    for z, (piles, kept_piles) in enumerate(zip(engine.r.piles, clone.r.piles, strict=True)):
        if z not in RECORDS:  # written at the deal only: shared
            assert all(a is not b for a, b in zip(piles, kept_piles, strict=True)), z
    engine.r.link()
    assert clone.r.zones[0][0] is not engine.r.zones[0][0]
    assert clone.r is not engine.r
    assert clone.rng is not engine.rng
    assert clone.rng.getstate() == engine.rng.getstate()


def _state(engine: Engine) -> dict[str, object]:
    """Every field of ``engine`` and its round but the log, random state included."""
    state: dict[str, object] = {"random_state": engine.rng.getstate()}
    for owner, fields in ((engine, ENGINE_FIELDS), (engine.r, ROUND_FIELDS)):
        for name in fields:
            if name not in {"events", "logging", "rng", "r"}:
                state[name] = getattr(owner, name)
    return state


def _plays_alike_without_the_log(engine: Engine, seed: int) -> None:
    """Play random moves on a copy of ``engine`` with its log and one without, to the
    end: after every move both are in the same state, and the one has logged nothing."""
    logged, quiet = engine.copy(), engine.copy(log=False)
    assert quiet.events == [] and not quiet.logging and logged.logging
    pick = random.Random(seed)
    while logged.winner is None:
        legal = logged.legal_moves()
        assert quiet.legal_moves() == legal
        move = pick.choice(legal)
        logged.play(move)
        quiet.play(move)
        assert _state(quiet) == _state(logged)
        # A copy of a copy without the log keeps none either.
        assert quiet.copy().events == [] and quiet.events == []
    assert quiet.winner == logged.winner


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_a_copy_without_the_log_plays_as_one_with_it(variant_id: str) -> None:
    """Invariant: the rules never read the log. A copy that keeps none (what the
    search player's playouts use) plays every move to the same state as a copy
    that keeps one, for every player count of every shipped variant over many
    games, taken from their start and from the middle of the game."""
    variant = ono99.load_variant(variant_id)
    for players in range(variant.players.min, variant.players.max + 1):
        for seed in range(2):
            game = ono99.Game(variant, players, seed=seed)
            _plays_alike_without_the_log(engine_of(game), seed)
        # And from a game some moves in, with events in its log.
        for _ in range(20):
            if game.is_over:
                break
            game.play(game.legal_moves()[0])
        _plays_alike_without_the_log(engine_of(game), 100)


@given(game=games(max_moves=40), seed=st.integers(0, 2**32 - 1))
def test_a_copy_without_the_log_plays_alike_in_any_variant(game: ono99.Game, seed: int) -> None:
    """Invariant: in any game in progress, of a shipped or generated variant (rule
    objects and triggers of every kind), a copy without the log plays random
    moves to the same states as one with it."""
    _plays_alike_without_the_log(engine_of(game), seed)


@pytest.mark.parametrize("variant", ["ono99-2022", "ono99-1980", "ninety-nine-everything2"])
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_pickled_game_plays_on_alike(variant: str, how: str) -> None:
    """A game read back from a pickle (or deep-copied) is in the same state, random
    state included: it plays on exactly as the original, with either engine."""
    game = ono99.Game(variant, 3, seed=4)
    for _ in range(12):  # into the game, past the first deal
        game.play(game.legal_moves()[-1])
    assert not game.is_over
    clone = pickle.loads(pickle.dumps(game)) if how == "pickle" else copy.deepcopy(game)  # noqa: S301
    assert snapshot(clone) == snapshot(game)
    assert clone.legal_moves() == game.legal_moves()
    for g in (game, clone):
        ono99.play_out(g, [ono99.RandomPlayer(3)] * 3)
    assert clone.is_over
    assert clone.events == game.events


def test_a_player_that_has_played_pickles() -> None:
    """A shipped player keeps what it learnt of a variant; it still pickles."""
    player = ono99.CautiousPlayer()
    ono99.play_out(ono99.Game("ono99-2022", 2, seed=1), [player, player])
    again = pickle.loads(pickle.dumps(player))  # noqa: S301 - pickled just above
    first, second = ono99.Game("ono99-2022", 2, seed=2), ono99.Game("ono99-2022", 2, seed=2)
    ono99.play_out(first, [player, player])
    ono99.play_out(second, [again, again])
    assert first.events == second.events


def test_python_built_variants_are_checked() -> None:
    """A variant built in Python gets the same checks as a file."""
    variant = ono99.load_variant("ono99-2022")
    broken = attrs.evolve(variant, total=ono99.Total(start=0, bust=0, floor=0))
    with pytest.raises(ono99.VariantError, match=r"total\.bust"):
        ono99.Game(broken, 2, seed=1)


def test_unknown_variant_lists_the_known_ones() -> None:
    with pytest.raises(ono99.VariantError, match=r"no shipped variant 'ono-98'.*ono99-2022"):
        ono99.load_variant("ono-98")


def test_counting_accessors_agree_with_the_observation() -> None:
    """Invariant: card_counts, hand_sizes and draw_pile_size say what observation() says.

    They read the same game without building the observation; dealer is the
    seat before the leader ("the player left of the dealer leads").
    """
    game = ono99.Game("ono99-2022", players=3, seed=11)
    ids = [card.id for card in game.variant.cards]
    rng = random.Random(1)
    assert game.dealer == 2 and game.current_player == 0
    while not game.is_over:
        for seat in range(3):
            obs = game.observation(seat)
            hand, discard, out = game.card_counts(seat)
            assert hand == tuple(obs.hand.count(card) for card in ids)
            assert discard == tuple(obs.discard_pile.count(card) for card in ids)
            assert out == tuple(obs.out_of_play.count(card) for card in ids)
            assert game.hand_sizes == obs.hand_sizes
            assert game.draw_pile_size == obs.draw_pile_size
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_the_last_round_kept_is_the_one_logged(variant_id: str) -> None:
    """Invariant: the engine keeps the losers and the survivor of the round that
    ended last as its ``RoundEnded`` event gives them, so that a playout without
    the log (the search player's) scores a round as the log would, rounds won by
    a rule (``win_round``) included."""
    variant = ono99.load_variant(variant_id)
    ended = 0
    for players in (variant.players.min, variant.players.max):
        for seed in range(3):
            game = ono99.Game(variant, players, seed=seed)
            engine, pick = engine_of(game), random.Random(seed)
            while not game.is_over:
                made = game.play(pick.choice(game.legal_moves()))
                rounds = [e for e in made if isinstance(e, events.RoundEnded)]
                if rounds:
                    ended += 1
                    assert engine.last_losers == rounds[-1].losers
                    assert engine.last_survivor == rounds[-1].survivor
    assert ended


def _candidates(engine: Engine) -> list[ono99.Move]:
    """Every move the current player could name: each card held, for every amount it
    may say, every seat it may name and everything it may declare (or none), a redraw
    and a decline; where the round lays cards away, every choice of the cards held."""
    rules = engine.rules
    found: list[ono99.Move] = [ono99.Redraw(), ono99.Decline()]
    if lays_away(engine.variant):
        # Every choice of the hand's cards, of every size, in the hand's order.
        held = [rules.cards[index].id for index in engine.r.hands[engine.current]]
        found += [
            ono99.PutAside(chosen)
            for size in range(1, len(held) + 1)
            for chosen in itertools.combinations(held, size)
        ]
    seats: list[int | None] = [None, *range(engine.n)]
    for index in sorted(set(engine.r.hands[engine.current])):
        card = rules.cards[index]
        named: list[str | None] = [None]
        if card.declarer is not None:
            named += card.declarer.declarations(None)
        for amount in {None, *card.amounts}:
            found += [
                Play(card.id, amount=amount, target=seat, declare=word)
                for seat in seats
                for word in named
            ]
    return found


def _lists_exactly_the_legal_moves(game: ono99.Game, seed: int, most: int = 10**6) -> None:
    """Play random moves to the end (at most ``most``); before each, the legal moves
    are exactly the moves the rules allow, move by move (``why_illegal``). What a move
    says of the total plays no part (any announcement is legal; a rule judges it), but
    each legal move is accepted as listed, saying what it says."""
    engine, pick = engine_of(game), random.Random(seed)
    for _ in range(most):
        if game.is_over:
            break
        legal = engine.compute_legal()
        allowed = [m for m in _candidates(engine) if engine.why_illegal(m) is None]
        assert sorted(repr(unsaid(m)) for m in legal) == sorted(map(repr, allowed))
        assert all(engine.why_illegal(m) is None for m in legal)
        game.play(pick.choice(legal))


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_the_legal_moves_are_those_the_rules_allow(variant_id: str) -> None:
    """Invariant: the legal moves the engine lists (from a table kept per variant
    for hands of cards that need one comparison with the total, or card by card)
    are exactly the moves it would accept, checked one by one, in every shipped
    variant at its smallest and largest table."""
    variant = ono99.load_variant(variant_id)
    for players in (variant.players.min, variant.players.max):
        _lists_exactly_the_legal_moves(ono99.Game(variant, players, seed=players), players)


@given(game=games(max_moves=40), seed=st.integers(0, 2**32 - 1))
def test_the_legal_moves_are_those_the_rules_allow_in_any_variant(
    game: ono99.Game, seed: int
) -> None:
    """Invariant: in any game in progress, of a shipped or generated variant (choices,
    conditions, player targets, redraws), the legal moves listed are exactly the moves
    the engine accepts, checked one by one."""
    _lists_exactly_the_legal_moves(game, seed)


# What may change tokens, points or who is in the game once a round has been scored.
_AFTER_SCORING = (events.TriggerFired, events.RoundEnded)


def _plays_one_round_alike(engine: Engine, seed: int) -> None:
    """Play random moves on a copy of ``engine`` and on a round-only copy until the
    round ends: the same states after every move, then the same outcome of the
    round, and the round-only copy deals no next round."""
    if engine.winner is not None:
        return  # a finished game has no round to play
    whole = engine.copy(random.Random(seed), log=True)
    one = engine.copy(random.Random(seed), log=False, round_only=True)
    assert one.round_only and not whole.round_only
    assert one.copy().round_only  # a copy of a round-only copy is one too
    pick, round = random.Random(seed), engine.round
    mark = len(whole.events)
    while whole.round == round and whole.winner is None:
        move = pick.choice(whole.legal_moves())
        mark = len(whole.events)
        whole.play(move)
        one.play(move)
        if whole.round == round and whole.winner is None:
            same = {k: v for k, v in _state(whole).items() if k != "round_only"}
            assert {k: v for k, v in _state(one).items() if k != "round_only"} == same
    # The round as the game logged it: the copy scored it alike.
    made = whole.events[mark:]
    ended = next(e for e in made if isinstance(e, events.RoundEnded))
    assert ended.round == round
    assert (one.last_losers, one.last_survivor) == (ended.losers, ended.survivor)
    assert one.round == round
    # Within the same move, the game may have dealt on and resolved players with
    # no safe play in the next round (even ended it): compare the scores kept
    # only when nothing after the round's scoring changed them.
    after = made[made.index(ended) + 1 :]
    dealt = next((i for i, e in enumerate(after) if isinstance(e, events.RoundStarted)), None)
    if dealt is None or not any(isinstance(e, _AFTER_SCORING) for e in after[dealt:]):
        for name in ("winner", "tokens", "scores", "in_game"):
            assert getattr(one, name) == getattr(whole, name), name
    if whole.winner is None or dealt is not None:
        assert whole.round > round  # the game dealt the next round; the copy did not
        assert one.halted
        assert one.legal_moves() == ()
        before = one.r.total
        one.advance()  # nothing moves a halted copy
        assert one.r.total == before
        assert one.legal_moves() == ()
    else:
        assert not one.halted


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_a_round_only_copy_plays_its_round_as_the_game(variant_id: str) -> None:
    """Invariant: a copy made to play one round out (the search player's playouts)
    plays that round move for move as the game does, scores it alike (losers,
    survivor, tokens, points, the winner of a game it decides), and then stops,
    for every player count of every shipped variant."""
    variant = ono99.load_variant(variant_id)
    for players in range(variant.players.min, variant.players.max + 1):
        for seed in range(3):
            _plays_one_round_alike(engine_of(ono99.Game(variant, players, seed=seed)), seed)


@given(game=games(max_moves=40), seed=st.integers(0, 2**32 - 1))
def test_a_round_only_copy_plays_alike_in_any_variant(game: ono99.Game, seed: int) -> None:
    """Invariant: in any game in progress, of a shipped or generated variant, a
    round-only copy plays random moves to the end of the round as the game does,
    scores the round alike, and stops."""
    _plays_one_round_alike(engine_of(game), seed)


def test_a_full_table_of_legal_moves_still_lists_them() -> None:
    """Once the table of legal moves a variant keeps is full, the engine lists the
    moves card by card: the same moves, and the table grows no more."""
    game = ono99.Game("ono99-2022", 3, seed=4)
    memo = engine_of(game).rules.legal_memo
    kept = dict(memo)
    try:
        memo.clear()
        memo.update({-1 - k: () for k in range(LEGAL_MEMO_SIZE)})  # keys no hand has
        _lists_exactly_the_legal_moves(game, 4)
        assert len(memo) == LEGAL_MEMO_SIZE and all(k < 0 for k in memo)
    finally:
        memo.clear()
        memo.update(kept)


def test_a_bust_limit_beyond_the_table_deals_at_once_and_lists_the_moves() -> None:
    """The bust limit may be any integer: the kinds a total allows are tabled only up
    to a fixed total, so a limit of 10**7 compiles as quickly as 99 (a table to the
    limit took seconds, to 10**8 minutes), and totals past the table are listed card
    by card, exactly as the rules allow."""
    variant = ono99.loads_variant(
        'extends = "ono99-2022"\nid = "far"\nname = "Far"\n[total]\nbust = 10000000\n'
    )
    rules = engine_of(ono99.Game(variant, 2, seed=1)).rules
    assert len(rules.playable) <= 257
    hands = [["10", "9", "minus_ten", "ono99"], ["1", "2", "3", "4"]]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in hands[0] + hands[1]:
        pile.remove(card)
    for total in (0, 200, 255, 256, 257, 10**6, 10**7 - 11, 10**7 - 2):
        game = ono99.Game.from_position(variant, hands, pile, total=total)
        # Some moves from each total (a whole game is long with such a limit).
        _lists_exactly_the_legal_moves(game, total % 97, most=12)


def test_the_engine_judges_any_move_shape_as_the_game_does() -> None:
    """The engine's own check says what is wrong with anything a caller passes: a card
    the variant lacks, or no move at all (the game no longer checks the shape first)."""
    game = ono99.Game("ono99-2022", players=2, seed=1)
    engine = engine_of(game)
    assert engine.why_illegal(Play("joker")) == (
        "there is no card 'joker' in ono99-2022 (its cards: "
        + ", ".join(c.id for c in game.variant.cards)
        + ")"
    )
    assert engine.why_illegal("10") == "'10' is not a move (expected Play or Redraw)"
    before = snapshot(game)
    with pytest.raises(ono99.IllegalMoveError, match="is not a move"):
        engine.play_checked(42)
    assert snapshot(game) == before


@pytest.mark.parametrize("variant_id", ["ono99-2022", "ninety-nine"])
def test_the_engine_builds_the_observations_game_gives(variant_id: str) -> None:
    """``Game.observation`` is the engine's, for every seat, move after move."""
    game = ono99.Game(variant_id, players=3, seed=4)
    engine = engine_of(game)
    while not game.is_over:
        for seat in range(game.players):
            assert game.observation(seat) == engine.observation(seat)
        game.play(random.Random(len(game.moves)).choice(game.legal_moves()))
    assert [game.observation(s) for s in range(3)] == [engine.observation(s) for s in range(3)]


def test_a_redeal_deals_again_only_what_the_player_cannot_see() -> None:
    """``Engine.unseen`` and ``Engine.redealt``, the one way cards are dealt again: the
    player's hand, the piles and the hand sizes stay; the cards are the same; and the
    unseen cards move (over a few deals, some hand differs)."""
    game = ono99.Game("ono99-1980", players=4, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    engine = engine_of(game)
    me = game.current_player
    seats, cards = engine.unseen(me)
    assert me not in dict(seats)
    assert sorted(cards) == sorted(
        [k for s, _ in seats for k in engine.r.hands[s]] + engine.r.draw
    )
    kept = list(cards)
    rng = random.Random(9)
    moved = False
    for _ in range(5):
        other = ono99.engine.redealt_unseen(game, me, rng)
        assert cards == kept  # the list given is left as it was
        assert other.observation(me) == game.observation(me)
        assert conserved(other) == conserved(game)
        assert other.hand_sizes == game.hand_sizes
        moved |= any(other.hand(s) != game.hand(s) for s, _ in seats)
    assert moved


def test_a_rule_object_that_raises_leaves_no_table_behind() -> None:
    """The table a rule object is handed holds the game only for the call: the round
    holds no link back to its game or to a table, even after a rule object raised, so
    a game and its round never hold each other (a failed call keeps no game alive)."""
    armed: list[bool] = []

    @attrs.frozen
    class Touchy(ono99.rules.BaseCondition):
        type = "touchy"

        def check(self, table: ono99.rules.Table, card: ono99.rules.CardInfo) -> str | None:
            if armed:
                raise RuntimeError("touchy")
            return None

        def describe(self) -> str:
            return "raises once armed"

    variant = ono99.load_variant("ono99-2022")
    cards = tuple(
        attrs.evolve(c, conditions=(Touchy(),)) if c.id == "10" else c for c in variant.cards
    )
    game = ono99.Game(attrs.evolve(variant, cards=cards), players=2, seed=1, deck=["10"] * 8)
    engine = engine_of(game)
    armed.append(True)
    with pytest.raises(RuntimeError, match="touchy"):
        engine.why_illegal(Play("10"))
    held = gc.get_referents(engine.r)
    assert not any(isinstance(thing, Engine | Table) for thing in held)
    assert engine.r.hands in held  # the round's own fields are what it holds


@pytest.mark.parametrize("variant_id", ["ono99-2022", "ninety-nine", "ninety-eight"])
def test_an_engine_with_a_pick_deals_and_draws_exactly_the_cards_it_picks(variant_id: str) -> None:
    """With a ``pick``, the draw pile is never shuffled and each card dealt or drawn is
    the one it picks from the pile, dealt one at a time round the table from the
    dealer's left as in any deal ("Dealer shuffles cards and deals each player 4
    cards, one at a time ... starting to the dealer's left", R80). Whoever picks
    decides every card as it is drawn: what an OpenSpiel state's chance nodes do."""
    variant = ono99.load_variant(variant_id)
    rng = random.Random(3)
    picked: list[int] = []

    def pick(pile: list[int]) -> int:
        at = rng.randrange(len(pile))
        picked.append(pile[at])
        return at

    shuffles = random.Random(0)
    before = shuffles.getstate()
    game = ono99.engine.deal(variant, 3, 0, shuffles, pick=pick)
    engine = engine_of(game)
    ids = engine.rules.ids
    dealt = [e for e in game.events if isinstance(e, events.Dealt)]
    order = [e.player for e in dealt]
    assert [list(e.cards) for e in dealt] == [
        [ids[k] for k in picked[i :: len(order)]] for i in range(len(order))
    ]
    assert shuffles.getstate() == before or variant.deal.first_dealer == "random"
    moves = random.Random(4)
    draws = 0
    while not game.is_over and len(game.moves) < 400:
        count = len(picked)
        mark = len(game.events)
        copy_of = engine.copy()
        assert copy_of.pick is pick
        game.play(moves.choice(game.legal_moves()))
        drawn = [
            e.card
            for e in game.events[mark:]
            if isinstance(e, events.Drew) and not isinstance(e, events.DrewUnseen)
        ]
        new = [ids[k] for k in picked[count:]]
        if not any(isinstance(e, events.RoundStarted) for e in game.events[mark:]):
            assert drawn == new
            draws += len(drawn)
        held = sorted(k for hand in engine.r.hands for k in hand)
        rest = sorted([*engine.r.draw, *engine.r.discard, *engine.r.out_of_play])
        assert sorted(held + rest) == sorted(engine.full_deck)
    assert draws > 20


def test_a_card_named_by_a_number_is_told_ids_are_strings() -> None:
    """``Play(10)`` names no card, since ids are strings: the reason says so and shows
    the id to give, rather than list ``10`` among the cards it says are missing."""
    game = ono99.Game("ono99-2022", players=2, seed=1)
    reason = game.why_illegal(ono99.Play(10))  # type: ignore[arg-type]
    assert reason is not None
    assert reason.startswith("a card is named by its id, a string (such as '10'), not 10")
    assert game.why_illegal(ono99.Play("11")) == (
        "there is no card '11' in ono99-2022 (its cards: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "
        "minus_ten, reverse, play_2, ono99)"
    )


def test_a_run_of_amounts_is_told_as_a_range() -> None:
    """A card offering every amount from -10 to 10 says so in a few words."""
    variant = ono99.loads_variant(
        'extends = "ninety-nine"\nid = "w"\nname = "w"\n[cards.10]\n'
        'effects = [{ type = "add_choice", amounts = { from = -10, to = 10 } }]'
    )
    game = ono99.Game(variant, 3, seed=1, deck=["10"])
    assert game.why_illegal(ono99.Play("10", amount=50)) == "10 counts any of -10 to 10, not 50"
