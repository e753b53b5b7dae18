"""One observation and action space for every shipped variant and house rule."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from ono99.engine import unsaid  # noqa: E402
from ono99.envs import LayAway, observation_encoder, universal_spaces  # noqa: E402
from ono99.envs._universal import _data_move, next_layout, shipped_layout  # noqa: E402
from ono99.envs.gymnasium import Ono99Env, Ono99MixVectorEnv  # noqa: E402 - registers it


def _shipped() -> list[tuple[str, tuple[str, ...], int]]:
    """Each shipped variant alone and with each house rule that fits it, at its fewest and
    most players."""
    cases = []
    for variant_id in ono99.list_variants():
        for house in [(), *((rule,) for rule in ono99.list_house_rules())]:
            try:
                variant = ono99.load_variant(variant_id, list(house))
            except ono99.VariantError:
                continue
            for players in sorted({variant.players.min, variant.players.max}):
                cases.append((variant_id, house, players))
    return cases


SHIPPED = _shipped()


def test_every_shipped_variant_and_house_rule_has_the_same_spaces_with_the_option() -> None:
    spaces = universal_spaces()
    assert len(SHIPPED) > 100
    seen_spaces = set()
    for variant, house, players in SHIPPED:
        env = Ono99Env(variant, players, house_rules=house, spaces="universal")
        assert env.observation_space == gymnasium.spaces.Box(
            spaces.low, spaces.high, dtype=np.float32
        )
        assert env.action_space == gymnasium.spaces.Discrete(spaces.actions)
        seen_spaces.add(len(Ono99Env(variant, players, house_rules=house).table))
    assert len(seen_spaces) > 1  # without the option, they differ
    choose = universal_spaces("choose")
    assert choose.silent == spaces.actions and choose.moves[choose.silent :] == tuple(
        move for move in spaces.moves if isinstance(move, ono99.Play)
    )


def test_the_action_table_is_in_its_documented_order() -> None:
    """Cards in the order they first appear, each card's moves together, then the redraw, a
    reaction's Decline, and the ways of laying cards away, fewest cards first, last."""
    spaces = universal_spaces()
    cards = [m.card for m in spaces.moves if isinstance(m, ono99.Play)]
    assert list(dict.fromkeys(cards)) == list(spaces.cards)
    assert cards == sorted(cards, key=spaces.cards.index)  # each card's moves together
    plays = len(cards)
    assert spaces.moves[plays : plays + 2] == (ono99.Redraw(), ono99.Decline())
    ways = spaces.moves[plays + 2 :]
    assert ways and all(isinstance(way, LayAway) for way in ways)
    counts = [len(way.places) for way in ways if isinstance(way, LayAway)]
    assert counts == sorted(counts)
    assert len(set(spaces.moves)) == len(spaces.moves)
    assert spaces.cards[:2] == ("ace", "2")  # cribbage-pegging's, the first variant listed


MIX = [
    ("ono99-2022", (), 3),
    ("ninety-nine-taiwan", (), 5),
    ("ninety-nine-king-of-spades", (), 3),
    ("ninety-nine", ("announce-the-total",), 2),
    ("ono99-1980", ("two-decks",), 4),
]


@pytest.mark.parametrize(("variant", "house", "players"), MIX)
def test_universal_vectors_show_only_what_the_seat_sees(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: the universal vector holds, slot for slot by name, the vector of
    ``Game.observation`` (padded), 0 elsewhere; the mask's actions are the legal moves,
    and playing one plays its move."""
    spaces = universal_spaces()
    env = Ono99Env(
        variant, players, house_rules=house, spaces="universal", seat="random", opponents="random"
    )
    encoder = observation_encoder(env.variant, players, spaces.max_players)
    slots = [spaces.names.index(name) for name in encoder.names]
    rest = np.ones(len(spaces), np.bool_)
    rest[slots] = False
    rng = np.random.default_rng(1)
    observation, info = env.reset(seed=3)
    checked = 0
    for _ in range(300):
        game = env.game
        assert game is not None
        seen = game.observation(info["seat"])
        assert (observation[slots] == encoder.encode(seen)).all()
        assert not observation[rest].any()
        legal = {spaces.moves[a] for a in np.flatnonzero(info["action_mask"])}
        assert legal == {unsaid(move) for move in game.legal_moves()}
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        before = len(game.moves)
        observation, _, done, truncated, info = env.step(action)
        assert unsaid(game.moves[before]) == spaces.moves[action]
        checked += 1
        if done or truncated:
            observation, info = env.reset()
    assert checked == 300


def test_an_action_of_a_move_the_variant_lacks_is_illegal_and_says_so() -> None:
    spaces = universal_spaces()
    env = Ono99Env("ono99-2022", 2, spaces="universal")
    _, info = env.reset(seed=1)
    joker = spaces.moves.index(ono99.Play("joker"))
    assert info["action_mask"][joker] == 0
    _, reward, done, _, info = env.step(joker)
    assert (reward, done) == (-1.0, True)
    assert "is no move of ono99-2022" in info["illegal"]
    refused = "spaces: must be one of 'variant', 'universal', 'universal-v0'"
    with pytest.raises(ono99.ArgumentError, match=refused):
        Ono99Env("ono99-2022", 2, spaces="mixed")


def test_a_policy_trained_on_the_universal_spaces_plays_as_an_opponent() -> None:
    shapes: set[Any] = set()

    def first(observation: Any, mask: Any) -> int:
        shapes.add((observation.shape, mask.shape))
        return int(np.flatnonzero(mask)[0])

    spaces = universal_spaces()
    env = Ono99Env("ninety-nine", 3, opponents=first, spaces="universal")
    _, info = env.reset(seed=2)
    done = truncated = False
    while not (done or truncated):
        _, _, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert shapes == {((len(spaces),), (spaces.actions,))}


def test_the_batch_in_the_universal_spaces_steps_as_sync_vector_env() -> None:
    kwargs: dict[str, Any] = {"variant": "ninety-nine-taiwan", "players": 3, "spaces": "universal"}
    fast = gymnasium.make_vec("ono99/Ono99-v2", num_envs=4, **kwargs)
    slow = gymnasium.make_vec("ono99/Ono99-v2", num_envs=4, vectorization_mode="sync", **kwargs)
    assert fast.single_observation_space == slow.single_observation_space
    rng = np.random.default_rng(2)
    (one, info), (two, _) = fast.reset(seed=1), slow.reset(seed=1)
    for _ in range(100):
        assert (one == two).all()
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        *got, info = fast.step(actions)
        *want, slow_info = slow.step(actions)
        for a, b in zip(got, want, strict=True):
            assert (a == b).all()
        assert (info["action_mask"] == slow_info["action_mask"]).all()
        one, two = got[0], want[0]


MIXED: list[tuple[str, int, int, dict[str, Any]]] = [
    ("ono99-2022", 2, 3, {"opponents": "cautious"}),
    ("ninety-nine-taiwan", 4, 2, {"seat": "random"}),
    ("ono99-1980", 3, 6, {"seat": [0, 2]}),  # the self-play batch
]


def _batches(mode: str) -> list[Any]:
    return [
        gymnasium.make_vec(
            "ono99/Ono99-v2",
            num_envs=num_envs,
            variant=variant,
            players=players,
            spaces="universal",
            autoreset_mode=mode,
            **kwargs,
        )
        for variant, players, num_envs, kwargs in MIXED
    ]


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
def test_a_mix_of_batches_steps_as_each_batch_alone(mode: str) -> None:
    """Invariant: the mix's rows are its batches' rows, step for step, each batch seeded with
    the mix's seed and its first row; the self-play batch in the universal spaces too."""
    mix = Ono99MixVectorEnv(_batches(mode))
    alone = _batches(mode)
    assert mix.num_envs == 11 and all(
        batch.single_observation_space == mix.single_observation_space for batch in alone
    )
    starts = [0, 3, 5, 11]
    observations, info = mix.reset(seed=4)
    expected = [
        batch.reset(seed=4 + start)[0] for batch, start in zip(alone, starts, strict=False)
    ]
    assert (observations == np.concatenate(expected)).all()
    rng = np.random.default_rng(3)
    finals = 0
    for _ in range(150):
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        *got, info = mix.step(actions)
        results = [
            batch.step(actions[start:stop])
            for batch, start, stop in zip(alone, starts, starts[1:], strict=False)
        ]
        for k in range(4):
            assert (got[k] == np.concatenate([r[k] for r in results])).all()
        assert (
            info["action_mask"] == np.concatenate([r[4]["action_mask"] for r in results])
        ).all()
        for r, start, stop in zip(results, starts, starts[1:], strict=False):
            there = r[4].get("_final_obs", np.zeros(stop - start, np.bool_))
            assert info.get("_final_obs", np.zeros(11, np.bool_))[start:stop].tolist() == (
                there.tolist()
            )
            finals += int(there.sum())
    assert (finals > 0) == (mode == "same-step")


def test_a_mix_takes_only_batches_of_the_same_spaces() -> None:
    plain = gymnasium.make_vec("ono99/Ono99-v2", num_envs=2)
    with pytest.raises(ono99.ArgumentError, match="the same spaces"):
        Ono99MixVectorEnv([plain, _batches("next-step")[0]])
    other = gymnasium.make_vec("ono99/Ono99-v2", num_envs=2, players=3)
    with pytest.raises(ono99.ArgumentError, match="the same spaces"):
        Ono99MixVectorEnv([plain, other])
    league = Ono99MixVectorEnv([plain, gymnasium.make_vec("ono99/Ono99-v2", opponents="cautious")])
    assert league.num_envs == 3 and league.single_action_space == plain.single_action_space
    with pytest.raises(ono99.ArgumentError, match="batches"):
        Ono99MixVectorEnv([])
    universal = _batches("next-step")
    with pytest.raises(ono99.ArgumentError, match="autoreset_mode"):
        Ono99MixVectorEnv([universal[0], _batches("same-step")[1]])


def test_the_self_play_batch_in_the_universal_spaces_refuses_a_move_its_variant_lacks() -> None:
    spaces = universal_spaces()
    batch = gymnasium.make_vec("ono99/Ono99-v2", num_envs=2, seat=[0, 1], spaces="universal")
    _, info = batch.reset(seed=1)
    actions = info["action_mask"].argmax(axis=1)
    row = int(np.flatnonzero(info["action_mask"].any(axis=1))[0])
    actions[row] = spaces.moves.index(ono99.Play("joker"))
    with pytest.raises(
        ono99.IllegalMoveError, match=f"row {row}: action .* no move of ono99-2022"
    ):
        batch.step(actions)


# What each environment id shows, pinned: an id's spaces never change. The
# variant's own spaces are the same under both ids; the universal ones are the
# id's version of them.
PINNED = {
    ("ono99/Ono99-v0", "variant", "ono99-2022", 2): ((124,), 16),
    ("ono99/Ono99-v1", "variant", "ono99-2022", 2): ((124,), 16),
    ("ono99/Ono99-v0", "variant", "ninety-nine", 4): ((122,), 14),
    ("ono99/Ono99-v1", "variant", "ninety-nine", 4): ((122,), 14),
    ("ono99/Ono99-v0", "universal", "ono99-2022", 2): ((308,), 45),
    ("ono99/Ono99-v1", "universal", "ono99-2022", 2): ((685,), 193),
    ("ono99/Ono99-v0", "universal", "ninety-nine-taiwan", 5): ((308,), 45),
    ("ono99/Ono99-v1", "universal", "noddy", 2): ((685,), 193),
    ("ono99/Ono99-v2", "variant", "ono99-2022", 2): ((124,), 16),
    ("ono99/Ono99-v2", "universal", "ono99-2022", 2): ((803,), 213),
    ("ono99/Ono99-v2", "universal", "cribbage", 2): ((803,), 213),
    ("ono99/Ono99-v2", "universal", "cribbage-four-hand", 4): ((803,), 213),
}


@pytest.mark.filterwarnings("ignore:.*ono99/Ono99-v[01] is out of date:DeprecationWarning")
@pytest.mark.parametrize(("key", "shapes"), PINNED.items(), ids=str)
def test_each_environment_id_keeps_its_spaces(
    key: tuple[str, str, str, int], shapes: tuple[tuple[int, ...], int]
) -> None:
    env_id, spaces, variant, players = key
    observation_shape, actions = shapes
    env = gymnasium.make(env_id, variant=variant, players=players, spaces=spaces)
    assert env.observation_space.shape == observation_shape
    assert env.action_space == gymnasium.spaces.Discrete(actions)
    batch = gymnasium.make_vec(env_id, num_envs=2, variant=variant, players=players, spaces=spaces)
    assert batch.single_observation_space.shape == observation_shape
    assert batch.single_action_space == gymnasium.spaces.Discrete(actions)
    observation, info = env.reset(seed=1)
    assert observation.shape == observation_shape and info["action_mask"].shape == (actions,)


def test_the_versions_of_the_universal_spaces_are_pinned() -> None:
    """Each version's size, and each inside the next: every slot and action of v0 is in
    v1, and of v1 in v2, under the same name, with the same bounds (but v2's plays owed,
    whose upper bound the six-card hand widens), so nothing a policy of an earlier version
    read has changed meaning."""
    v0, v1, v2 = (universal_spaces(version=v) for v in ("v0", "v1", "v2"))
    assert (len(v0), v0.actions, v0.max_players) == (308, 45, 13)
    assert (len(v1), v1.actions, v1.max_players) == (685, 193, 13)
    assert (len(v2), v2.actions, v2.max_players) == (803, 213, 13)
    assert universal_spaces("choose", "v0").actions == 89
    assert universal_spaces("choose", "v1").actions == 384
    assert universal_spaces("choose", "v2").actions == 404
    assert universal_spaces() is v2  # the latest
    for old, new in ((v0, v1), (v1, v2)):
        wide = dict(
            zip(new.names, zip(new.low.tolist(), new.high.tolist(), strict=True), strict=True)
        )
        for name, low, high in zip(old.names, old.low.tolist(), old.high.tolist(), strict=True):
            if (old, new, name) == (v1, v2, "plays_owed"):
                assert wide[name] == (low, 12.0) and high == 10.0
            else:
                assert wide[name] == (low, high)
        assert set(old.moves) <= set(new.moves)
    assert v2.names[: len(v1)] == v1.names and v2.moves[: v1.actions] == v1.moves
    assert pickle.loads(pickle.dumps(v0)) is v0  # noqa: S301 - our own bytes


def test_the_latest_version_holds_every_shipped_variant_as_built_now() -> None:
    """The latest version holds every card, move and slot the shipped variants make now,
    within its bounds: a shipped variant that brings one makes this fail, and a new version
    is written (``layout_text(next_layout())`` to ``layouts/universal-vN.json``) rather than
    the latest changed. By containment: a version keeps its order when later variant ids
    sort among the earlier ones (``cribbage`` before ``cribbage-pegging``)."""
    spaces = universal_spaces()
    layout = shipped_layout()
    at = {name: i for i, name in enumerate(spaces.names)}
    for name, low, high in layout["slots"]:
        assert name in at, name
        assert spaces.low[at[name]] <= low and high <= spaces.high[at[name]], name
    assert set(layout["cards"]) <= set(spaces.cards)
    moves = {_data_move(data) for data in layout["moves"]}
    assert moves <= set(spaces.moves)
    assert next_layout()["slots"] == [
        [name, float(low), float(high)]
        for name, low, high in zip(
            spaces.names, spaces.low.tolist(), spaces.high.tolist(), strict=True
        )
    ]  # nothing to add: the next version would be the latest


@pytest.mark.filterwarnings("ignore:.*ono99/Ono99-v[01] is out of date:DeprecationWarning")
def test_the_earlier_version_refuses_a_variant_it_lacks_naming_the_later_one() -> None:
    with pytest.raises(ono99.ArgumentError, match="version v1 holds it"):
        gymnasium.make("ono99/Ono99-v0", variant="noddy", players=2, spaces="universal")
    with pytest.raises(ono99.ArgumentError, match="version v1 holds it"):
        Ono99Env("ninety-nine", 2, house_rules="crazy-eights", spaces="universal-v0")
    with pytest.raises(ono99.ArgumentError, match="version: must be one of v0, v1, v2"):
        universal_spaces(version="v9")


@pytest.mark.parametrize("earlier", ["ono99/Ono99-v0", "ono99/Ono99-v1"])
def test_the_earlier_id_is_out_of_date_and_says_so(earlier: str) -> None:
    with pytest.warns(DeprecationWarning, match="upgrading to version `v2`"):
        gymnasium.make(earlier, variant="ninety-nine", players=2)


@pytest.mark.filterwarnings("ignore:.*ono99/Ono99-v[01] is out of date:DeprecationWarning")
def test_a_game_shows_the_same_values_in_both_versions() -> None:
    """Invariant: a variant both versions hold shows, slot for slot by name, the same vector
    and the same legal moves in v0 as in v1."""
    old = gymnasium.make("ono99/Ono99-v0", variant="ono99-1980", players=3, spaces="universal")
    new = gymnasium.make("ono99/Ono99-v1", variant="ono99-1980", players=3, spaces="universal")
    v0, v1 = universal_spaces(version="v0"), universal_spaces(version="v1")
    where = [v1.names.index(name) for name in v0.names]
    moves = [v1.moves.index(move) for move in v0.moves]
    a, info_a = old.reset(seed=4)
    b, info_b = new.reset(seed=4)
    for _ in range(30):
        assert np.array_equal(a, b[where])
        assert np.array_equal(info_a["action_mask"], info_b["action_mask"][moves])
        assert info_b["action_mask"].sum() == info_a["action_mask"].sum()
        action = int(np.flatnonzero(info_a["action_mask"])[0])
        a, _, done, truncated, info_a = old.step(action)
        b, _, _, _, info_b = new.step(moves[action])
        if done or truncated:
            break
