"""The environments' shared parts: action indices and the observation vector (numpy only).

These tests skip, saying why, where the rl extra is not installed; the
environments themselves are tested in ``test_envs_*.py``.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from typing import TYPE_CHECKING

import attrs
import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from envcases import CASES, IDS  # noqa: E402

from ono99 import envs  # noqa: E402
from ono99.engine import Vector  # noqa: E402
from ono99.engine._game import engine_of  # noqa: E402
from ono99.envs._render import table_text  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

# ------------------------------------------------------------------- kernel


@pytest.mark.skipif(
    os.environ.get("ONO99_EXPECT_COMPILED") != "1", reason="no wheel built with mypyc under test"
)
def test_the_environments_kernel_is_compiled_with_the_engine() -> None:
    """hatch_build.py compiles the kernel each environment step runs through."""
    from ono99.envs import _kernel  # noqa: PLC0415 - only this test asks

    assert not _kernel.__file__.endswith(".py")


# ------------------------------------------------------------------- actions


@pytest.mark.parametrize("variant_id", ono99.list_variants())
def test_every_legal_move_has_one_action_and_back(variant_id: str) -> None:
    """Invariant: each legal move met in play maps to an action whose move is that move."""
    variant = ono99.load_variant(variant_id)
    table = envs.action_table(variant)
    rng = random.Random(3)
    for seed in range(3):
        game = ono99.Game(variant, min(4, variant.players.max), seed=seed)
        while not game.is_over:
            legal = game.legal_moves()
            hand = game.hand(game.current_player)  # a way of laying cards away needs it
            actions = [envs.move_to_action(variant, move, hand=hand) for move in legal]
            assert len(set(actions)) == len(legal)
            assert [envs.action_to_move(variant, a, hand=hand) for a in actions] == list(legal)
            assert all(0 <= a < len(table) for a in actions)
            game.play(rng.choice(legal))


@pytest.mark.parametrize("variant_id", ["ono99-2022", "ninety-nine-drinks", "cribbage-pegging"])
def test_the_tables_actions_are_the_positions_own_however_often_asked(variant_id: str) -> None:
    """Invariant: the action table, which works each tuple of legal moves out once and
    keeps it, gives at every position the actions of that position's moves, whichever
    seat moved before and whichever games share the table (two are played in turn)."""
    variant = ono99.load_variant(variant_id)
    table = envs.action_table(variant)
    rng = random.Random(5)
    games = [ono99.Game(variant, 3, seed=seed) for seed in (1, 2)]
    while not all(game.is_over for game in games):
        for game in games:
            if game.is_over:
                continue
            legal = game.legal_moves()
            expected = [envs.move_to_action(variant, move) for move in legal]
            moves, actions = table.actions_now(game)
            assert (list(moves), actions) == (list(legal), expected)
            assert table.sorted_actions(game) == sorted(expected)
            assert dict(table.legal_actions(game)) == dict(zip(expected, legal, strict=True))
            game.play(rng.choice(legal))


ECHO = """extends = "ninety-nine"
id = "echo"
[cards.echo]
name = "Echo"
count = 8
effects = [{ type = "repeat_previous" }, { type = "choose_next" }]
"""


def test_a_repeat_with_choices_has_an_action_that_makes_none() -> None:
    """A card that repeats the card before it, and names a player when nothing was
    played before it, has an action per seat and then ``Play(card)``: the repeat, which
    makes the card before's choices. Every legal move met maps to its own action, by
    the table and by the kernel's arithmetic alike, and back."""
    variant = ono99.loads_variant(ECHO)
    table = envs.action_table(variant)
    first = table.moves.index(ono99.Play("echo", target=0))
    seats = variant.players.max
    assert table.moves[first + seats] == ono99.Play("echo")
    rng = random.Random(5)
    met: set[ono99.Play] = set()
    for seed in range(4):
        game = ono99.Game(variant, 3, seed=seed)
        while not game.is_over:
            legal = game.legal_moves()
            by_kernel = table.legal_actions(game)
            assert sorted(by_kernel) == sorted(envs.move_to_action(variant, m) for m in legal)
            assert all(table.moves[a] == m for a, m in by_kernel.items())
            met.update(m for m in legal if isinstance(m, ono99.Play) and m.card == "echo")
            game.play(rng.choice(legal))
    assert ono99.Play("echo") in met  # the repeat
    assert any(m.target is not None for m in met)  # its own choice, at a count's start


def test_action_order_is_the_documented_one() -> None:
    """The order is the file's card order, each choice in the card's order, then Redraw."""
    moves = envs.action_table("ninety-nine-everything2").moves
    assert moves[:5] == (
        ono99.Play("ace"),
        ono99.Play("2"),
        ono99.Play("3"),
        ono99.Play("4"),
        ono99.Play("5", target=0),
    )
    # The 5 names any of 8 seats (the variant's most players), then the 6 follows.
    assert moves[11:13] == (ono99.Play("5", target=7), ono99.Play("6"))
    assert moves[16:18] == (ono99.Play("10", amount=10), ono99.Play("10", amount=-10))
    assert envs.action_table("ono99-2022").moves[-1] == ono99.Redraw()
    assert envs.action_count("ono99-2022") == 16


def test_a_variant_is_taken_as_everywhere_else(tmp_path: Path) -> None:
    """A Variant, an id or the path of a file: what Game and simulate take (VariantLike)."""
    path = tmp_path / "mine.toml"
    path.write_text('extends = "ono99-2022"\nid = "mine"\n')
    loaded = ono99.load_variant("ono99-2022")
    assert envs.action_table(path).moves == envs.action_table(loaded).moves
    assert envs.observation_encoder(path, 2).names == envs.observation_encoder(loaded, 2).names
    with pytest.raises(ono99.ArgumentError, match="variant: expected a Variant"):
        envs.action_table(2022)  # type: ignore[arg-type]


def test_bad_actions_and_moves_are_refused_with_library_errors() -> None:
    with pytest.raises(envs.ActionError, match="actions of this variant are 0 to 15"):
        envs.action_to_move("ono99-2022", 16)
    with pytest.raises(IndexError):
        envs.action_to_move("ono99-2022", -1)
    with pytest.raises(ono99.Ono99Error, match="no action True"):
        envs.action_to_move("ono99-2022", True)
    with pytest.raises(envs.MoveError, match="is no move of ono99-1980"):
        envs.move_to_action("ono99-1980", ono99.Redraw())
    with pytest.raises(ValueError, match="no move"):
        envs.move_to_action("ono99-2022", ono99.Play("joker"))


# --------------------------------------------------------------- observations


def test_observation_vector_names_each_slot() -> None:
    encoder = envs.observation_encoder("ono99-1980", 3)
    game = ono99.Game("ono99-1980", players=3, seed=4)
    vector = encoder.encode(game.observation(1))
    slots = dict(zip(encoder.names, vector.tolist(), strict=True))
    obs = game.observation(1)
    assert slots["total"] == obs.total
    assert slots["hand_size[+0]"] == len(obs.hand)
    # Seats count from the observer: +2 is seat 0, who is to move.
    assert slots["to_move[+2]"] == 1.0
    assert slots["tokens[+1]"] == obs.tokens[2]
    assert sum(slots[f"hand[{card.id}]"] for card in game.variant.cards) == 4
    assert (encoder.low <= vector).all() and (vector <= encoder.high).all()


def test_observation_vector_never_shows_hidden_cards() -> None:
    """Two games that differ only in cards seat 0 cannot see give seat 0 the same vector."""
    variant = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["3", "4", "5", "6"], ["7", "8", "reverse", "2"]]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in [c for hand in hands for c in hand]:
        pile.remove(card)
    swapped_hands = [hands[0], [pile[0], pile[1], pile[2], pile[3]], hands[2]]
    swapped_pile = [*hands[1], *pile[4:]]
    one = ono99.Game.from_position(variant, hands, pile, total=40, seed=1)
    two = ono99.Game.from_position(variant, swapped_hands, swapped_pile, total=40, seed=1)
    encoder = envs.observation_encoder(variant, 3)
    assert one.hand(1) != two.hand(1)
    seen_by_0 = [encoder.encode(game.observation(0)).tolist() for game in (one, two)]
    assert seen_by_0[0] == seen_by_0[1]


def test_an_action_plays_the_move_that_says_the_true_total() -> None:
    """Where a rule judges what a move says of the total (``announce-the-total``), an
    action stands for the card, amount and seat alone, and plays the legal move, which
    says the true total: an agent is never wrong about it."""
    variant = ono99.load_variant("ninety-nine", ["announce-the-total"])
    table = envs.action_table(variant)
    rng = random.Random(2)
    game = ono99.Game(variant, 3, seed=2)
    while not game.is_over:
        legal = table.legal_actions(game)
        assert table.actions_of(game.legal_moves()) == dict(legal)
        action = rng.choice(sorted(legal))
        move = legal[action]
        assert isinstance(move, ono99.Play) and move.say is not None
        assert envs.move_to_action(variant, move) == action
        assert envs.action_to_move(variant, action) == attrs.evolve(move, say=None)
        game.play(move)
    assert not any(isinstance(e, ono99.events.TriggerFired) for e in game.events)


@pytest.mark.parametrize(("variant_id", "house", "players"), CASES, ids=IDS)
def test_vector_from_the_game_is_the_vector_of_the_observation(
    variant_id: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: encode_game(game, seat) is encode(game.observation(seat)), at every move.

    So is each seat's vector as the environments keep it (written slot by
    slot where it changed, from one game to the next). The environments use
    these fast paths; the observation is what a player may know, so the fast
    paths show nothing more.
    """
    variant = ono99.load_variant(variant_id, house)
    encoder = envs.observation_encoder(variant, players)
    rng = random.Random(5)
    out = envs.observation_encoder(variant, players).low.copy()
    kept = [np.zeros(len(encoder), np.float32) for _ in range(players)]
    vectors = [Vector(encoder.layout, array.data) for array in kept]
    for seed in range(3):
        game = ono99.Game(variant, players, seed=seed)
        while True:
            for seat in range(players):
                expected = encoder.encode(game.observation(seat)).tolist()
                assert encoder.encode_game(game, seat).tolist() == expected
                assert encoder.encode_game(game, seat, out) is out
                assert out.tolist() == expected
                vectors[seat].update(engine_of(game), seat)
                assert kept[seat].tolist() == expected
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("variant_id", ["ono99-1980", "ninety-nine-pagat"])
def test_padded_vectors_share_one_layout_whatever_the_player_count(variant_id: str) -> None:
    """Invariant: padded to ``max_players`` seats, every player count has the same names
    and bounds, and a vector is the unpadded one with 0 for the seats not there; the
    fast path gives the same vector."""
    variant = ono99.load_variant(variant_id)
    most = variant.players.max
    layouts = set()
    rng = random.Random(2)
    for players in range(variant.players.min, most + 1):
        padded = envs.observation_encoder(variant, players, max_players=most)
        plain = envs.observation_encoder(variant, players)
        layouts.add((padded.names, padded.low.tobytes(), padded.high.tobytes()))
        assert padded.max_players == most and plain.max_players == players
        game = ono99.Game(variant, players, seed=players)
        for _ in range(30):
            if game.is_over:
                break
            for seat in range(players):
                vector = padded.encode_game(game, seat).tolist()
                wide = dict(zip(padded.names, vector, strict=True))
                narrow = plain.encode(game.observation(seat)).tolist()
                assert padded.encode(game.observation(seat)).tolist() == list(wide.values())
                assert [wide[name] for name in plain.names] == narrow
                absent = [name for name in padded.names if name not in plain.names]
                assert all(wide[name] == 0 for name in absent)
                assert len(absent) == 6 * (most - players)
            game.play(rng.choice(game.legal_moves()))
    assert len(layouts) == 1
    with pytest.raises(ono99.ArgumentError, match="room for at least the 3 players, got 2"):
        envs.observation_encoder(variant, 3, max_players=2)
    with pytest.raises(ono99.ArgumentError, match="max_players"):
        envs.observation_encoder(variant, 3, max_players=3.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", ono99.list_variants())
def test_every_slot_has_finite_bounds_that_random_games_keep(variant_id: str) -> None:
    """Invariant: every bound is finite, and in random games of the variant (at its fewest
    and most players) no value reaches past one: none is clipped. Bounds the rules can
    in rare games pass are clipped (see the next test)."""
    variant = ono99.load_variant(variant_id)
    rng = random.Random(7)
    for players in sorted({variant.players.min, variant.players.max}):
        encoder = envs.observation_encoder(variant, players)
        limits = encoder.layout
        assert np.isfinite(encoder.low).all() and np.isfinite(encoder.high).all()
        assert (encoder.low <= encoder.high).all()
        assert encoder.high.max() <= max(limits.round_high, limits.score_high, limits.count_high)
        for seed in range(12):
            game = ono99.Game(variant, players, seed=seed)
            engine = engine_of(game)
            while True:
                r = engine.r
                assert limits.total_low <= r.total <= limits.total_high
                assert r.forced - r.plays_made <= limits.owed_high
                assert max(engine.tokens) <= limits.tokens_high
                assert limits.score_low <= min(engine.scores)
                assert max(engine.scores) <= limits.score_high
                assert engine.round <= limits.round_high
                if game.is_over:
                    break
                game.play(rng.choice(game.legal_moves()))


def test_a_value_past_its_bound_is_shown_as_the_bound() -> None:
    """A total below a variant's bounds (ninety-nine has no floor: "nothing forbids it")
    shows as the least total, on both paths, so the vector stays in its space."""
    variant = ono99.load_variant("ninety-nine")
    hands = [["10", "9", "2", "3"][:3], ["4", "5", "6"]]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in hands[0] + hands[1]:
        pile.remove(card)
    encoder = envs.observation_encoder(variant, 2)
    game = ono99.Game.from_position(variant, hands, pile, total=-500, seed=1)
    slots = dict(zip(encoder.names, encoder.encode_game(game, 0).tolist(), strict=True))
    assert game.total == -500
    assert slots["total"] == encoder.layout.total_low == -100
    assert encoder.encode(game.observation(0)).tolist() == list(slots.values())
    assert (encoder.low <= encoder.encode_game(game, 0)).all()


def test_encoders_and_action_tables_pickle_as_the_shared_ones() -> None:
    encoder = envs.observation_encoder("ono99-2022", 3, max_players=5)
    table = envs.action_table("ono99-2022")
    assert pickle.loads(pickle.dumps(encoder)) is encoder  # noqa: S301 - our own data
    assert pickle.loads(pickle.dumps(table)) is table  # noqa: S301
    assert copy.deepcopy(encoder) is encoder


def test_vector_of_a_game_of_another_kind_or_seat_is_refused() -> None:
    encoder = envs.observation_encoder("ono99-2022", 2)
    with pytest.raises(ono99.ArgumentError, match="expected a game of ono99-2022 for 2 players"):
        encoder.encode_game(ono99.Game("ono99-2022", players=3, seed=1), 0)
    with pytest.raises(ono99.ArgumentError, match="expected a game of ono99-2022 for 2 players"):
        encoder.encode_game(ono99.Game("ono99-1980", players=2, seed=1), 0)
    with pytest.raises(ono99.ArgumentError, match="no player 2"):
        encoder.encode_game(ono99.Game("ono99-2022", players=2, seed=1), 2)


def test_count_slots() -> None:
    """``count``, ``last_play`` and ``passes`` show the count as the observation holds it:
    in cribbage's pegging "the cards played" since the count started (pairs and runs
    are scored from them), the last of them, and the players who said "go" since."""
    game = ono99.Game("cribbage-pegging", players=2, seed=4)
    encoder = envs.observation_encoder("cribbage-pegging", 2)
    passed = False
    while not game.is_over:
        seen = game.observation(0)
        slots = dict(zip(encoder.names, encoder.encode_game(game, 0).tolist(), strict=True))
        assert list(encoder.encode(seen)) == list(encoder.encode_game(game, 0))
        counted = {k[6:-1]: v for k, v in slots.items() if k.startswith("count[") and v}
        assert counted == {card: seen.count.count(card) for card in seen.count}
        last = [k[10:-1] for k, v in slots.items() if k.startswith("last_play[") and v]
        assert last == ([seen.last_play[0]] if seen.last_play else [])
        assert slots["passes"] == seen.passes
        passed = passed or seen.passes > 0
        game.play(game.legal_moves()[0])
    assert passed  # a go was said, and shown


def test_turn_state_slots() -> None:
    """``answering``, ``this_turn`` and ``forced_by`` show the turn state of issue-21 fields.

    "Play 2: the next player must play two cards" (O'NO 99 rules): after a
    Play 2 the next turn is forced by it, and its first play is the answer.
    """
    variant = ono99.load_variant("ono99-2022")
    hands = [["play_2", "1", "1", "2"], ["3", "4", "5", "6"]]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in [c for hand in hands for c in hand]:
        pile.remove(card)
    game = ono99.Game.from_position(variant, hands, pile, total=10, seed=1)
    encoder = envs.observation_encoder(variant, 2)
    game.play(ono99.Play("play_2"))
    slots = dict(zip(encoder.names, encoder.encode_game(game, 0).tolist(), strict=True))
    assert slots["answering"] == 1.0
    assert slots["forced_by[play_2]"] == 1.0
    assert sum(v for k, v in slots.items() if k.startswith("this_turn[")) == 0
    game.play(game.legal_moves()[0])
    obs = game.observation(0)
    slots = dict(zip(encoder.names, encoder.encode_game(game, 0).tolist(), strict=True))
    assert slots["answering"] == 0.0
    assert obs.played_this_turn
    assert slots[f"this_turn[{obs.played_this_turn[0]}]"] == 1.0
    assert slots["forced_by[play_2]"] == 1.0


def test_the_rendered_table_escapes_what_a_file_names() -> None:
    """A variant's name and card names come from a file: the table shows control and
    direction characters as escapes and keeps each on its line."""
    variant = ono99.loads_variant(
        'id = "x"\nextends = "ono99-1980"\nname = "Evil\\u001b[2J\\u202e\\nname"\n'
        '[cards.10]\nname = "Ten\\u0007"\n'
    )
    text = table_text(ono99.Game(variant, players=2, seed=1))
    assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text
    assert text.splitlines()[0].startswith("Evil\\x1b[2J\\u202e\\nname - round 1")
