"""Announcing as part of the action (``announce="choose"``), in the tables and every environment.

The house rule ``announce-the-total`` says: "Each play says the new total; a wrong or
missing total costs the player a token." By default an action plays the legal move,
which says the true total; with ``announce="choose"`` each play also has an action
that says nothing, and the rule judges it.
"""

from __future__ import annotations

import pickle
import random

import pytest

import ono99
from ono99.engine._moves import unsaid

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from ono99 import envs  # noqa: E402 - the environments need numpy

VARIANT = ono99.load_variant("ninety-nine", ["announce-the-total"])


def announced_wrong(events: tuple[ono99.events.Event, ...], player: int) -> bool:
    """Whether the announcement rule fired for ``player`` among ``events``."""
    return any(
        isinstance(e, ono99.events.TriggerFired)
        and e.trigger == "announced_wrong"
        and e.player == player
        for e in events
    )


def test_choose_adds_a_silent_action_after_the_others_for_each_play() -> None:
    true = envs.action_table(VARIANT)
    chosen = envs.action_table(VARIANT, announce="choose")
    plays = tuple(move for move in true.moves if isinstance(move, ono99.Play))
    assert true.silent is None
    assert chosen.silent == len(true) == 14
    assert chosen.moves == true.moves + plays
    assert envs.action_count(VARIANT, announce="choose") == 28
    assert envs.action_to_move(VARIANT, 14, announce="choose") == true.moves[0]


@pytest.mark.parametrize("variant_id", ["ninety-nine", "ono99-2022", "cribbage-pegging"])
def test_choose_changes_nothing_where_no_rule_judges_what_a_move_says(variant_id: str) -> None:
    chosen = envs.action_table(variant_id, announce="choose")
    assert chosen.silent is None
    assert chosen.moves == envs.action_table(variant_id).moves


@pytest.mark.parametrize("announce", ["yes", "", None, True, 1])
def test_announce_other_than_true_or_choose_is_refused(announce: object) -> None:
    with pytest.raises(ono99.ArgumentError, match="announce: must be 'true_total' or 'choose'"):
        envs.action_table(VARIANT, announce=announce)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="announce"):
        envs.action_count("ninety-nine", announce=announce)  # type: ignore[arg-type]


def test_moves_map_to_the_announcing_or_the_silent_action() -> None:
    """A play saying a total is the action announcing the true one; saying nothing, silent."""
    ace = ono99.Play("ace", amount=11)
    assert envs.move_to_action(VARIANT, ace, announce="choose") == 15
    assert (
        envs.move_to_action(VARIANT, ono99.Play("ace", amount=11, say=11), announce="choose") == 1
    )
    assert envs.move_to_action(VARIANT, ace) == 1  # the default: what it says plays no part
    with pytest.raises(envs.MoveError):
        envs.move_to_action(VARIANT, ono99.Play("joker"), announce="choose")


def test_each_legal_play_is_offered_announcing_and_silent_and_silence_costs_a_token() -> None:
    """Every legal play has both actions; the announcing one says the true total and
    the rule never fires for it; the silent one says nothing, and costs the token the
    rule text says."""
    table = envs.action_table(VARIANT, announce="choose")
    silent = table.silent
    assert silent is not None
    rng = random.Random(3)
    fired = 0
    for seed in range(3):
        game = ono99.Game(VARIANT, 3, seed=seed)
        while not game.is_over:
            legal = table.legal_actions(game)
            moves = game.legal_moves()
            assert table.actions_of(moves) == dict(legal)
            assert len(legal) == 2 * sum(isinstance(m, ono99.Play) for m in moves)
            for action, move in legal.items():
                assert isinstance(move, ono99.Play)
                if action >= silent:
                    assert move.say is None
                    assert move == unsaid(legal[action - silent])
                else:
                    assert move.say is not None
                assert envs.move_to_action(VARIANT, move, announce="choose") == action
            action = rng.choice(sorted(legal))
            player = game.current_player
            tokens = game.tokens[player]
            happened = game.play(legal[action])
            assert announced_wrong(happened, player) == (action >= silent)
            if action >= silent:
                fired += 1
                assert game.tokens[player] == max(tokens - 1, 0)  # never below none
    assert fired > 0


def test_the_gymnasium_environment_plays_a_silent_action() -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    registered = pytest.importorskip("ono99.envs.gymnasium")  # registers ono99/Ono99-v2
    env = gymnasium.make(
        "ono99/Ono99-v2",
        variant="ninety-nine",
        house_rules=["announce-the-total"],
        players=2,
        announce="choose",
    )
    assert env.action_space.n == 28
    _, info = env.reset(seed=4)
    mask = info["action_mask"]
    assert mask[:14].sum() == mask[14:].sum() > 0
    inner = env.unwrapped
    assert isinstance(inner, registered.Ono99Env)
    game = inner.game
    assert game is not None
    marks = len(game.events)
    action = int(mask[14:].nonzero()[0][0]) + 14
    env.step(action)
    assert announced_wrong(tuple(game.events[marks:]), inner.seat)
    clone = pickle.loads(pickle.dumps(inner))  # noqa: S301 - our own object
    assert clone.table is inner.table


@pytest.mark.parametrize("seats", [0, [0, 1]])
def test_a_batch_of_games_takes_silent_actions(seats: int | list[int]) -> None:
    """The batched environments (one seat, and self-play) have the same 28 actions and
    play a silent one: every game's mask offers some."""
    gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    pytest.importorskip("ono99.envs.gymnasium")  # registers ono99/Ono99-v2
    batch = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=4,
        variant="ninety-nine",
        house_rules=["announce-the-total"],
        players=2,
        seat=seats,
        announce="choose",
    )
    assert batch.single_action_space.n == 28
    _, infos = batch.reset(seed=1)
    masks = infos["action_mask"]
    moving = masks.any(axis=1)
    assert (masks[moving, 14:].sum(axis=1) == masks[moving, :14].sum(axis=1)).all()
    actions = [int(m[14:].nonzero()[0][0]) + 14 if m.any() else 0 for m in masks]
    batch.step(actions)  # silent plays are legal: nothing ends for an illegal action
    batch.close()


def test_pettingzoo_and_openspiel_take_the_option() -> None:
    pettingzoo = pytest.importorskip("ono99.envs.pettingzoo", reason="pettingzoo not installed")
    table = pettingzoo.env(
        "ninety-nine", players=2, house_rules=["announce-the-total"], announce="choose", seed=1
    )
    table.reset()
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    assert table.action_space(agent).n == 28
    game = table.unwrapped.game
    mark = len(game.events)
    table.step(int(mask[14:].nonzero()[0][0]) + 14)
    assert table.rewards[agent] == 0
    # The silent play was played, and the rule judged it.
    assert announced_wrong(tuple(game.events[mark:]), int(agent.removeprefix("player_")))
    parallel = pettingzoo.parallel_env(
        "ninety-nine", players=2, house_rules=["announce-the-total"], announce="choose"
    )
    assert parallel.action_space("player_0").n == 28

    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    pytest.importorskip("ono99.envs.openspiel")  # registers python_ono99

    game = pyspiel.load_game(
        "python_ono99",
        {"variant": "ninety-nine+announce-the-total", "players": 2, "announce": "choose"},
    )
    assert game.num_distinct_actions() == 28
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    silent = [a for a in state.legal_actions() if a >= 14]
    assert silent and len(silent) * 2 == len(state.legal_actions())
    state.apply_action(silent[0])
    with pytest.raises(ono99.ArgumentError):
        pyspiel.load_game("python_ono99", {"variant": "ninety-nine", "announce": "maybe"})


def test_a_policy_chooses_among_the_same_actions() -> None:
    """A policy trained with ``announce="choose"`` plays silent plays as an opponent."""

    def silent_first(observation: object, mask: object) -> int:
        legal = np.asarray(mask).nonzero()[0]
        return int(legal[-1])  # the silent actions come last

    player = envs.PolicyPlayer(silent_first, VARIANT, 2, announce="choose")
    game = ono99.Game(VARIANT, 2, seed=5)
    move = player.choose(game.observation(game.current_player))
    assert isinstance(move, ono99.Play) and move.say is None
    happened = game.play(move)
    assert announced_wrong(happened, 0) or announced_wrong(happened, 1)
