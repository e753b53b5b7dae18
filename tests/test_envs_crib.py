"""The crib's put-aside move in the environments: its actions, masks, the checkers, the vector.

"Each player looks at their six cards and 'lays away' two of them face down to
reduce the hand to four. The four cards laid away together constitute 'the
crib'" (Bicycle Cards, Cribbage); at three hands "Five cards are dealt to each
player, plus one card to the crib ... Each player puts one card into the crib"
(Bicycle Cards, Three-Hand Cribbage); at four, partners, one card each. Each
way of laying cards away is one action: the places of its cards in the hand
sorted in the variant's order of cards, ranked in colexicographic order.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ono99
from ono99.testing import snapshot

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import (  # noqa: E402
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

import ono99.envs.openspiel  # noqa: E402 - registers the game
from ono99.envs import (  # noqa: E402
    LayAway,
    MoveError,
    PolicyPlayer,
    action_table,
    action_to_move,
    estimate_best_response,
    move_to_action,
    observation_encoder,
    universal_spaces,
)
from ono99.envs._universal import _move_data  # noqa: E402
from ono99.envs.gymnasium import (  # noqa: E402
    Ono99Env,
    Ono99SelfPlayVectorEnv,
    Ono99VectorEnv,
)
from ono99.envs.pettingzoo import env, parallel_env, raw_env  # noqa: E402

FILES = Path(__file__).parent / "variants" / "files"
CRIBBAGE = str(FILES / "cribbage.toml")
THREE_HAND = str(FILES / "cribbage-three-hand.toml")
FOUR_HAND = str(FILES / "cribbage-four-hand.toml")
CRIBS = [(CRIBBAGE, 2), (THREE_HAND, 3), (FOUR_HAND, 4)]
CRIB_IDS = ["six-card-2p", "three-hand-3p", "four-hand-4p"]


def _five_card(tmp_path: Path) -> str:
    """Five cards each, two laid away (Hoyle's five-card cribbage's shape)."""
    path = tmp_path / "five.toml"
    path.write_text(f'extends = "{CRIBBAGE}"\nid = "five"\n[deal]\nhand_size = 5\n')
    return str(path)


def _colex(count: int, size: int) -> list[tuple[int, ...]]:
    """The choices of ``count`` of ``size`` places, written out: the last place slowest."""
    chosen = [
        tuple(p for p in range(size) if bits >> p & 1)
        for bits in range(1 << size)
        if bin(bits).count("1") == count
    ]
    return sorted(chosen, key=lambda places: places[::-1])


def test_each_way_of_laying_away_is_an_action_after_the_card_actions(tmp_path: Path) -> None:
    """The choices of 2 cards of 6 are 15, of 1 of 5 are 5, of 2 of 5 are 10, in colex order;
    the choices of a shorter hand's places are the first of a longer hand's."""
    six = action_table(CRIBBAGE)
    laying = [m for m in six.moves if isinstance(m, LayAway)]
    assert [m.places for m in laying] == _colex(2, 6)
    assert len(laying) == 15
    assert laying[:4] == [LayAway((0, 1)), LayAway((0, 2)), LayAway((1, 2)), LayAway((0, 3))]
    assert six.moves[:-15] == tuple(ono99.Play(card.id) for card in six.variant.cards)
    three = [m.places for m in action_table(THREE_HAND).moves if isinstance(m, LayAway)]
    assert three == [(0,), (1,), (2,), (3,), (4,)]
    five = [m for m in action_table(_five_card(tmp_path)).moves if isinstance(m, LayAway)]
    assert len(five) == 10
    assert five == laying[:10]
    assert not any(isinstance(m, LayAway) for m in action_table("ninety-nine").moves)


def _decisions(variant: str, players: int, games: int, seed: int) -> Any:
    """Every position of random games of ``variant`` where a hand lays cards away."""
    rng = random.Random(seed)
    for number in range(games):
        game = ono99.Game(variant, players, seed=seed + number)
        while not game.is_over:
            legal = game.legal_moves()
            if isinstance(legal[0], ono99.PutAside):
                yield game
            game.play(rng.choice(legal))


@pytest.mark.parametrize(("variant", "players"), CRIBS, ids=CRIB_IDS)
def test_the_mask_is_the_engines_legal_moves_at_every_put_aside(
    variant: str, players: int
) -> None:
    """Invariant: at every put-aside decision the legal actions are one each for the engine's
    legal moves, no more, no fewer; each action's move is that legal move, read back by
    the hand (``move_of``, ``action_of``, ``action_to_move``, ``move_to_action``) and from
    the observation (``actions_of``); its places pick those cards from the sorted hand."""
    table = action_table(variant)
    seen = 0
    for game in _decisions(variant, players, games=3, seed=11):
        seen += 1
        legal = game.legal_moves()
        actions = table.legal_actions(game)
        assert sorted(actions.values(), key=legal.index) == list(legal)
        assert len(actions) == len(legal)
        seat = game.current_player
        hand = game.hand(seat)
        ranked = sorted(hand, key=table.order.__getitem__)
        observation = game.observation(seat)
        assert table.actions_of(observation.legal_moves, observation.hand) == dict(actions)
        assert sorted(table.sorted_actions(game)) == sorted(actions)
        for action, move in actions.items():
            chosen = table.moves[action]
            assert isinstance(chosen, LayAway)
            assert Counter(ranked[p] for p in chosen.places) == Counter(move.cards)  # type: ignore[union-attr]
            assert table.move_of(action, game) == move
            assert table.action_of(move, hand) == action
            assert move_to_action(variant, move, hand=hand) == action
            assert action_to_move(variant, action, hand=hand) == move
            assert table.why_illegal(game, action) is None
    assert seen > 6


def test_copies_of_a_card_are_one_way_of_laying_away(tmp_path: Path) -> None:
    """With two 3s in the hand, laying away "a 3" and another card is one move and one
    action (the first 3's place of the sorted hand): the engine lists each way once."""
    path = tmp_path / "copies.toml"
    path.write_text(
        'extends = "cribbage-pegging"\nid = "copies"\n[players]\nmin = 2\nmax = 2\n'
        '[deal]\nhand_size = 6\nput_aside = 2\n[zones.crib]\nowner = "dealer"\n'
        'visibility = "show"\n'
    )
    table = action_table(str(path))
    game = ono99.Game(str(path), 2, seed=2)
    hand = game.hand(game.current_player)
    assert sorted(hand) == sorted(["4", "3", "2", "king", "6", "3"])  # the deal of seed 2
    # 15 pairs of places; as ways: the two 3s, a 3 with each of the 4 others, 6 pairs
    # of the others.
    assert len(game.legal_moves()) == 1 + 4 + 6
    actions = table.legal_actions(game)
    assert len(actions) == 11
    # Sorted: 2 3 3 4 6 king. The two 3s are places 1 and 2: choice (1, 2).
    both = next(a for a, m in actions.items() if sorted(m.cards) == ["3", "3"])  # type: ignore[union-attr]
    assert table.moves[both] == LayAway((1, 2))
    # A 3 and the king: the first 3's place, 1, never the second's.
    three_king = next(a for a, m in actions.items() if sorted(m.cards) == ["3", "king"])  # type: ignore[union-attr]
    assert table.moves[three_king] == LayAway((1, 5))
    second = table.index[LayAway((2, 5))]
    assert second not in actions
    # Its move is the same cards, one way already listed: not an action of this hand.
    assert table.move_of(second, game) == ono99.PutAside(("king", "3"))


def test_a_put_aside_move_needs_the_hand_to_be_an_action() -> None:
    """Its action is the places of its cards in a hand: without one it is refused in words."""
    move = ono99.PutAside(("ace_of_hearts", "5_of_spades"))
    with pytest.raises(MoveError, match="give the hand"):
        move_to_action(CRIBBAGE, move)
    with pytest.raises(MoveError, match="lays no cards away"):
        move_to_action("cribbage-pegging", move)
    index = action_table(CRIBBAGE).index
    with pytest.raises(ono99.ArgumentError, match="hand"):
        action_to_move(CRIBBAGE, index[LayAway((4, 5))], hand=("2_of_clubs",))
    with pytest.raises(ono99.ArgumentError, match="places 0, 5 of the sorted hand: give the"):
        action_to_move(CRIBBAGE, index[LayAway((0, 5))])


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("variant", "players"), CRIBS, ids=CRIB_IDS)
def test_pettingzoo_api_seed_and_parallel_tests_pass_with_a_crib(
    variant: str, players: int
) -> None:
    """PettingZoo's own tests, as for the shipped variants: the deals lay cards away."""
    api_test(env(variant, players, seed=5), num_cycles=200)
    seed_test(lambda: env(variant, players, seed=5), num_cycles=200)
    parallel_api_test(parallel_env(variant, players, seed=5), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(variant, players, seed=5), num_cycles=100)


@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes")
@pytest.mark.parametrize("spaces", ["variant", "universal"])
@pytest.mark.parametrize(("variant", "players"), CRIBS, ids=CRIB_IDS)
def test_gymnasium_check_env_passes_with_a_crib(variant: str, players: int, spaces: str) -> None:
    """Gymnasium's env checker, the other seats played by cautious players, in the
    variant's own spaces and in the universal ones (v2 holds the crib games)."""
    check_env(
        Ono99Env(variant, players, opponents="cautious", spaces=spaces), skip_render_check=True
    )


@pytest.mark.parametrize(("variant", "players"), CRIBS, ids=CRIB_IDS)
def test_the_self_play_batch_plays_crib_games_in_the_universal_spaces(
    variant: str, players: int
) -> None:
    """Invariant: in the universal spaces, a self-play batch of a crib game masks exactly
    the legal moves (laying away included) of each row's game, and plays games to the end."""
    spaces = universal_spaces()
    batch = Ono99SelfPlayVectorEnv(
        2 * players,
        variant=variant,
        players=players,
        seats=list(range(players)),
        spaces="universal",
    )
    observations, info = batch.reset(seed=3)
    assert observations.shape[1] == len(spaces)
    rng = np.random.default_rng(4)
    ended = laid = 0
    for _ in range(400):
        mask = info["action_mask"]
        assert mask.shape[1] == spaces.actions
        for row in np.flatnonzero(mask.any(axis=1)):
            laid += any(isinstance(spaces.moves[a], LayAway) for a in np.flatnonzero(mask[row]))
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, done, _, info = batch.step(actions)
        ended += int(done.sum())
    assert laid and ended


@pytest.mark.parametrize(("variant", "players"), CRIBS, ids=CRIB_IDS)
def test_openspiel_random_simulation_with_a_crib(variant: str, players: int) -> None:
    """OpenSpiel's random-simulation test, serialising states; the stock's card to the
    three-hand crib is a chance node."""
    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_names_each_way_of_laying_away_apart() -> None:
    """OpenSpiel requires each action's string to be its own."""
    game = pyspiel.load_game("python_ono99", {"variant": CRIBBAGE, "players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    assert len(legal) == 15
    names = {state.action_to_string(state.current_player(), a) for a in legal}
    assert len(names) == 15


def test_openspiel_resampled_states_deal_the_crib_anew_but_what_the_seat_laid_away() -> None:
    """The determinisation of OpenSpiel's IS-MCTS bot: in the play, the non-dealer does not
    know the two cards the dealer laid away (Bicycle: each player "lays away two cards face
    down"), so a resampled state deals them anew with the unseen cards; its own two stay in
    the crib, and its information state and observation do not change."""
    game = pyspiel.load_game("python_ono99", {"variant": CRIBBAGE, "players": 2})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or isinstance(state.game.legal_moves()[0], ono99.PutAside):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    real = state.game
    me = 1 - real.dealer
    mine = real.observation(me).laid_away
    crib = sorted(snapshot(real)["zones"]["crib"][0])
    moved = False
    for k in range(20):
        world = state.resample_from_infostate(me, random.Random(k).random)
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_string(me) == state.observation_string(me)
        again = sorted(snapshot(world.game)["zones"]["crib"][0])
        assert len(again) == len(crib) and Counter(mine) <= Counter(again)
        moved |= again != crib
    assert moved


def test_the_vector_environments_play_crib_games_to_the_end() -> None:
    """The single-agent batch and the self-play batch, random legal actions from the masks."""
    rng = np.random.default_rng(0)
    for batch in (
        Ono99VectorEnv(2, CRIBBAGE, 2, opponents="cautious"),
        Ono99SelfPlayVectorEnv(2, CRIBBAGE, 2),
        Ono99VectorEnv(2, THREE_HAND, 3),
    ):
        _, info = batch.reset(seed=3)
        ended = 0
        for _ in range(400):
            masks = info["action_mask"]
            chosen = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            _, _, terminated, truncated, info = batch.step(np.array(chosen))
            ended += int(terminated.sum() + truncated.sum())
        assert ended > 0
        batch.close()


def test_a_policy_player_and_a_best_response_estimate_play_crib_games() -> None:
    """A policy reads the put-aside actions as any other; the estimate plays whole games."""

    def last(vector: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[-1])

    player = PolicyPlayer(last, CRIBBAGE, 2)
    result = ono99.simulate(
        CRIBBAGE, players=2, strategies=[lambda: player, "random"], games=2, seed=1, jobs=1
    )
    assert sum(result.wins) == 2
    game = ono99.Game(CRIBBAGE, 2, seed=4)
    table = action_table(CRIBBAGE)
    move = player.choose(game.observation(game.current_player))
    assert move == table.legal_actions(game)[max(table.legal_actions(game))]
    estimate = estimate_best_response(
        "cautious", CRIBBAGE, 2, responders=("random",), games=4, seed=1
    )
    assert estimate.best.games == 4


def test_an_illegal_action_in_the_put_aside_says_why_and_keeps_the_game() -> None:
    """A card played before the crib is laid, or a way laid in the play, is refused."""
    aec = raw_env(CRIBBAGE, 2)
    aec.reset(seed=1)
    game = aec.game
    assert game is not None
    table = action_table(CRIBBAGE)
    before = game.moves
    agent = aec.agent_selection
    play = table.index[ono99.Play(game.hand(game.current_player)[0])]
    with pytest.raises(ono99.IllegalMoveError, match="first lays 2 cards away"):
        aec.step(play)
    assert game.moves == before
    assert aec.agent_selection == agent
    while isinstance(game.legal_moves()[0], ono99.PutAside):
        aec.step(min(table.legal_actions(game)))
    before = game.moves
    with pytest.raises(ono99.IllegalMoveError):
        aec.step(table.index[LayAway((0, 1))])
    assert game.moves == before


def test_the_vector_shows_the_crib_by_its_size_until_the_show() -> None:
    """The crib is the dealer's, face down until the show ("The crib belongs to the dealer",
    Bicycle Cards): at every decision of the play, each seat's vector holds its size and no
    card of it, the other seat's laid cards included, and the cards a seat laid away have
    left its ``hand`` slots. (The crib is shown and scored, then the next deal made, within
    one move: no decision sees it face up.)"""
    encoder = observation_encoder(CRIBBAGE, 2)
    names = list(encoder.names)
    size = names.index("crib.size")
    crib = [i for i, name in enumerate(names) if name.startswith("crib[")]
    hand = {name[5:-1]: i for i, name in enumerate(names) if name.startswith("hand[")}
    assert len(crib) == 52
    rng = random.Random(1)
    game = ono99.Game(CRIBBAGE, 2, seed=7)
    checked = 0
    for _ in range(3):  # three deals
        laid: dict[int, tuple[str, ...]] = {}
        while isinstance(game.legal_moves()[0], ono99.PutAside):
            seat = game.current_player
            vector = encoder.encode(game.observation(seat))
            assert vector[size] == 2 * len(laid)
            move = rng.choice(game.legal_moves())
            laid[seat] = move.cards  # type: ignore[union-attr]
            game.play(move)
        deal = game.round
        while game.round == deal and not game.is_over:
            for seat in (0, 1):
                vector = encoder.encode(game.observation(seat))
                assert vector[size] == 4
                assert not vector[crib].any()
                assert not any(vector[hand[card]] for card in laid[0] + laid[1])
                checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 12


def test_the_universal_spaces_v1_refuse_a_crib_and_v2_only_adds() -> None:
    """v1 (frozen) holds no crib slot nor way of laying away: a crib variant is refused in
    words, naming v2. Invariant of v2 (``next_layout`` of v1 and the crib games): every
    slot, card and action of v1 keeps its index (and its bounds, but the plays owed's,
    which the six-card hand widens), and the crib's slots, the
    record of the cards each seat laid away (each seat's count, the observer's cards) and
    the 5 + 15 ways of laying away come after them."""
    with pytest.raises(ono99.ArgumentError, match=r"no slot 'crib.*version v2 holds it"):
        Ono99Env(CRIBBAGE, 2, spaces="universal-v1")
    v1 = universal_spaces(version="v1")
    v2 = universal_spaces(version="v2")
    crib_file = ono99.load_variant(CRIBBAGE)
    assert v2.names[: len(v1)] == v1.names
    assert v2.cards == v1.cards
    assert v2.moves[: v1.actions] == v1.moves
    assert np.array_equal(v2.low[: len(v1)], v1.low)
    wider = [name for name, a, b in zip(v1.names, v1.high, v2.high, strict=False) if a != b]
    assert wider == ["plays_owed"]  # the six-card hand's bound: 2 x 6, was 2 x 5
    assert (v2.high[: len(v1)] >= v1.high).all()
    seats = range(v2.max_players)
    cards = [card.id for card in crib_file.cards]
    assert list(v2.names[len(v1) :]) == [
        "crib.size",
        *(f"crib[{card}]" for card in cards),
        *(f"laid_away[+{k}].size" for k in seats),
        *(f"laid_away[+0][{card}]" for card in cards),
    ]
    ways = _colex(1, 6)[:5] + _colex(2, 6)
    assert [_move_data(m) for m in v2.moves[v1.actions :]] == [
        {"type": "lay_away", "places": list(p)} for p in ways
    ]
    assert universal_spaces() is v2  # the latest, which the crib games play in
