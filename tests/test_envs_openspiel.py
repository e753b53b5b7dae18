"""The OpenSpiel game, checked by OpenSpiel's own random-simulation test."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

import ono99
from ono99 import events as ev

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

from children import HANG_GUARD  # noqa: E402
from envcases import CASES, IDS  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import ono99.envs.openspiel as envs_openspiel  # noqa: E402 - registers the game
from ono99.envs import _spiel_chance  # noqa: E402
from ono99.loading import _loader  # noqa: E402
from ono99.rules import _registry  # noqa: E402

# ------------------------------------------------------------------ OpenSpiel


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_openspiel_random_simulation(variant: str, house: tuple[str, ...], players: int) -> None:
    """OpenSpiel's own random-simulation test, serialising and reading back states."""
    name = "+".join((variant, *house))
    game = pyspiel.load_game("python_ono99", {"variant": name, "players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _fits(house: str) -> str:
    """The first shipped variant the house rule fits."""
    for variant in ono99.list_variants():
        try:
            ono99.load_variant(variant, [house])
        except ono99.VariantError:
            continue
        return variant
    raise AssertionError(f"{house} fits no shipped variant")


@pytest.mark.parametrize(
    "name",
    ono99.list_variants() + [f"{_fits(house)}+{house}" for house in ono99.list_house_rules()],
)
@pytest.mark.parametrize("announce", ["true_total", "choose"])
def test_openspiel_random_simulation_of_every_variant_and_house_rule(
    name: str, announce: str
) -> None:
    """OpenSpiel's random-simulation test (serialising) on each shipped variant, and each
    shipped house rule on the first variant it fits, at its fewest players, with every
    action announcing the true total and with announcing chosen (``announce="choose"``)."""
    players = ono99.load_variant(name).players.min
    params = {"variant": name, "players": players, "announce": announce}
    game = pyspiel.load_game("python_ono99", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_simulation_with_announcing_chosen(players: int) -> None:
    """OpenSpiel's random-simulation test where announcing is part of the action: the
    silent play's string is its own ("Duplicate action string 'play 4'" before)."""
    game = pyspiel.load_game(
        "python_ono99",
        {"variant": "ninety-nine+announce-the-total", "players": players, "announce": "choose"},
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    strings = [state.action_to_string(a) for a in range(game.num_distinct_actions())]
    assert len(set(strings)) == len(strings)
    assert any(s.endswith(" saying nothing") for s in strings)


def _play_to(state: Any, moves: int, rng: random.Random) -> None:
    """Play random chance outcomes (by their odds) and actions for ``moves`` moves."""
    while not state.is_terminal() and state.move_number() < moves:
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


class _Dealer(random.Random):
    """Deals the cards and the first dealer the chance nodes gave, checking their odds.

    ``queue`` holds what chance gave, in order: each card with the outcomes its
    node offered and the pile it was fixed for (``None``: given during the
    move being played, for the pile it draws from). A card fixed for a pile
    the engine no longer draws from (a new deal, a reshuffle) is never drawn.
    """

    def __init__(self) -> None:
        super().__init__(0)
        self.queue: list[tuple[int, list[tuple[int, float]], list[int] | None]] = []
        self.last: list[int] | None = None
        self.drawn = self.dropped = self.seats = 0

    def pick(self, pile: list[int]) -> int:
        while self.queue[0][2] is not None and self.queue[0][2] is not pile:
            self.queue.pop(0)
            self.dropped += 1
        card, outcomes, _ = self.queue.pop(0)
        kinds = sorted(set(pile))
        assert outcomes == [(k, pile.count(k) / len(pile)) for k in kinds]
        self.last = pile
        self.drawn += 1
        return pile.index(card)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        seat, outcomes, _ = self.queue.pop(0)
        assert outcomes == [(s, 1 / start) for s in range(start)]  # a seat, not a card
        self.seats += 1
        return seat

    def fixed(self) -> None:
        """After a deal or a move: what chance gave and it did not draw is the pile's now."""
        self.queue = [(card, odds, pile or self.last) for card, odds, pile in self.queue]


@pytest.mark.parametrize(
    ("variant", "players"), [("ono99-1980", 3), ("ninety-nine", 2), ("ninety-nine-milestones", 3)]
)
def test_openspiel_chance_outcomes_are_the_cards_in_the_stock(variant: str, players: int) -> None:
    """Invariant: each card chance node's outcomes are the kinds of card in the stock that
    no earlier chance node has fixed, each with its count over their number; the engine
    deals and draws the cards the chance nodes gave, in the order given, and from a stock
    whose cards are those outcomes' (a random first dealer is a chance node of one outcome
    per seat). A card fixed for a stock that is gathered before it is drawn (a new deal, a
    reshuffle) is never drawn.

    The engine, given the same moves and cards, draws from these stocks: "Dealer shuffles
    cards and deals each player 4 cards, one at a time" (R80), each card drawn at random
    from the cards not yet drawn, and the game is the one the state holds.
    """
    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    loaded = ono99.load_variant(variant)
    random_dealer = loaded.deal.first_dealer == "random"
    assert game.max_chance_outcomes() == max(len(loaded.cards), players if random_dealer else 0)
    state = game.new_initial_state()
    rng = random.Random(8)
    # Between two decisions, the chance nodes and what they offered.
    segments: list[list[tuple[int, list[tuple[int, float]]]]] = [[]]
    while not state.is_terminal() and (state.is_chance_node() or state.move_number() < 500):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choices(*zip(*outcomes, strict=True))[0]
            segments[-1].append((action, outcomes))
            state.apply_action(action)
        else:
            segments.append([])
            state.apply_action(rng.choice(state.legal_actions()))
    moves = [item.action for item in state.full_history() if item.player >= 0]
    dealer = _Dealer()
    dealer.queue = [(card, odds, None) for card, odds in segments[0]]
    replayed = ono99.engine.deal(loaded, players, 0, dealer, pick=dealer.pick)
    dealer.fixed()
    for action, given in zip(moves, segments[1:], strict=True):
        dealer.queue += [(card, odds, None) for card, odds in given]
        replayed.play(game.table.moves[action])
        dealer.fixed()
    assert replayed.events == state.game.events
    assert dealer.drawn > 50
    assert dealer.seats == (1 if random_dealer else 0)
    # Chance fixes at most the next card ahead of a move: what is left, or was dropped,
    # is a card a turn for each stock the game gathered, and one at the end.
    assert len(dealer.queue) <= 1
    assert dealer.dropped <= sum(
        isinstance(e, ev.RoundStarted | ev.Reshuffled) for e in state.game.events
    )


def test_openspiel_states_clone_independently() -> None:
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    state = game.new_initial_state()
    _play_to(state, 12, random.Random(1))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    before = str(state), state.history()
    _play_to(clone, 20, random.Random(2))
    assert clone.history()[: len(before[1])] == before[1]
    assert len(clone.history()) > len(before[1])
    assert (str(state), state.history()) == before


def test_openspiel_evaluate_bots_plays_a_game() -> None:
    """OpenSpiel's own ``evaluate_bots`` plays a whole game with its random bots."""
    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine+two-decks", "players": 3})
    rng = np.random.RandomState(3)
    bots = [uniform_random.UniformRandomBot(seat, rng) for seat in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, -1.0, 1.0]


@pytest.mark.parametrize(("variant", "players"), [("ono99-2022", 3), ("ninety-nine", 2)])
def test_ismcts_bot_plays_on_resampled_states(variant: str, players: int) -> None:
    """OpenSpiel's IS-MCTS bot plays legal moves, searching determinisations of the state.

    Each determinisation keeps the searching player's information state and
    hand, and what everyone can see, so the bot's choices are legal moves.
    """
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4


def test_resampled_state_keeps_what_the_player_knows() -> None:
    """Invariant: a resampled state has the player's information state, hand and public state.

    The other hands keep their sizes; the cards the player cannot see are
    dealt anew (over many samples some other hand differs).
    """
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or state.move_number() < 12:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():  # pragma: no cover - a game this short is not expected
            pytest.fail("the game ended before the test's position")
    me = state.current_player()
    real = state.game
    others_differ = False
    for k in range(20):
        sampler = random.Random(k).random
        world = state.resample_from_infostate(me, sampler)
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_string(me) == state.observation_string(me)
        assert world.legal_actions() == state.legal_actions()
        assert world.game.hand(me) == real.hand(me)
        assert world.game.hand_sizes == real.hand_sizes
        others = [sorted(world.game.hand(s)) for s in range(3) if s != me]
        others_differ |= others != [sorted(real.hand(s)) for s in range(3) if s != me]
        # The same sampler values give the same world.
        again = state.resample_from_infostate(me, random.Random(k).random)
        assert [again.game.hand(s) for s in range(3)] == [world.game.hand(s) for s in range(3)]
    assert others_differ


def test_openspiel_game_length_is_the_variants_play_cap() -> None:
    """OpenSpiel's ``max_game_length`` is the bound every game keeps:
    ``round.max_game_plays`` ("a game that reaches it ends at once")."""
    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine-milestones", "players": 3})
    variant = ono99.load_variant("ninety-nine-milestones")
    assert game.max_game_length() == variant.round.max_game_plays


def _at_a_decision(variant: str = "ono99-2022", players: int = 2, moves: int = 6) -> Any:
    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    state = game.new_initial_state()
    _play_to(state, moves, random.Random(5))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_openspiel_refuses_an_illegal_action_clearly_and_keeps_the_state() -> None:
    """An action that is not legal, a chance outcome that cannot happen, or any action
    once the game is over raises the library's IllegalMoveError, which is also OpenSpiel's
    own SpielError (what its games raise for such actions), naming the action and the
    legal ones; the state is unchanged."""
    state = _at_a_decision()
    legal = state.legal_actions()
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
    before = (str(state), state.history(), state.information_state_string())
    for action in (illegal, 16, -2, 10**6):  # (-1, kInvalidAction, OpenSpiel refuses itself)
        with pytest.raises(envs_openspiel.IllegalActionError, match=f"action {action} is not"):
            state.apply_action(action)
        assert (str(state), state.history(), state.information_state_string()) == before
    with pytest.raises(ono99.IllegalMoveError, match=r"legal actions are \[\d"):
        state.apply_action(illegal)
    with pytest.raises(pyspiel.SpielError, match="of the actions 0 to 15"):
        state.apply_action(illegal)
    # A chance outcome that the stock cannot give.
    state.apply_action(legal[0])
    assert state.is_chance_node()
    possible = [outcome for outcome, _ in state.chance_outcomes()]
    impossible = next(k for k in range(64) if k not in possible)
    history = state.history()
    with pytest.raises(envs_openspiel.IllegalActionError, match=f"outcome {impossible} cannot"):
        state.apply_action(impossible)
    assert state.history() == history
    assert [outcome for outcome, _ in state.chance_outcomes()] == possible
    # The end.
    _play_to(state, 10**6, random.Random(6))
    assert state.is_terminal()
    returns = state.returns()
    with pytest.raises(pyspiel.SpielError, match="the game is over"):
        state.apply_action(0)
    assert state.returns() == returns


def test_openspiel_state_round_trips_through_pickle_deepcopy_and_serialisation() -> None:
    """A state read back plays on as the original: the same observations, information
    states and chance outcomes for the same actions."""
    state = _at_a_decision("ono99-1980", 3, 20)
    game = state.get_game()
    copies = [
        pickle.loads(pickle.dumps(state)),  # noqa: S301 - our own data
        copy.deepcopy(state),
        state.clone(),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ]
    rng = random.Random(7)
    while not state.is_terminal() and state.move_number() < 80:
        seen = [
            (
                s.history(),
                s.chance_outcomes() if s.is_chance_node() else s.legal_actions(),
                [s.observation_tensor(p) for p in range(3)],
                [s.information_state_string(p) for p in range(3)]
                if not s.is_chance_node()
                else [],
            )
            for s in [state, *copies]
        ]
        assert all(view == seen[0] for view in seen[1:])
        if state.is_chance_node():
            action = rng.choices(*zip(*state.chance_outcomes(), strict=True))[0]
        else:
            action = rng.choice(state.legal_actions())
        for s in [state, *copies]:
            s.apply_action(action)


# --------------------------------------------------------- tensors and bots


def _decisions(state: Any, rng: random.Random, limit: int = 400) -> Any:
    """Yield ``state`` at each decision of a random game (chance outcomes by their odds)."""
    while not state.is_terminal() and state.move_number() < limit:
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_openspiel_tensors_are_the_observation_vector(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: at every decision, each player's information-state and observation
    tensors are the ObservationEncoder's vector of that player's ``Game.observation``
    (so neither shows what the seat cannot see), of the shapes the game declares."""
    name = "+".join((variant, *house))
    game = pyspiel.load_game("python_ono99", {"variant": name, "players": players})
    kind = game.get_type()
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_tensor
    encoder = ono99.envs.observation_encoder(game.variant, players)
    assert game.information_state_tensor_shape() == [len(encoder)]
    assert game.observation_tensor_shape() == [len(encoder)]
    before = game.new_initial_state()
    assert not any(before.information_state_tensor(0))  # nothing dealt yet
    seen = 0
    for state in _decisions(game.new_initial_state(), random.Random(11)):
        for player in range(players):
            expected = encoder.encode(state.game.observation(player)).tolist()
            assert state.information_state_tensor(player) == pytest.approx(expected)
            assert state.observation_tensor(player) == pytest.approx(expected)
        seen += 1
    assert seen > 0  # decisions checked (five in the shortest of these games)


def _seen(state: Any, players: int) -> list[Any]:
    """Everything each player is shown of ``state``: strings and tensors."""
    return [
        (
            state.observation_string(p),
            state.information_state_string(p),
            tuple(state.observation_tensor(p)),
            tuple(state.information_state_tensor(p)),
        )
        for p in range(players)
    ]


@pytest.mark.parametrize(("variant", "players"), [("ono99-2022", 2), ("ninety-nine", 4)])
def test_openspiel_the_card_fixed_ahead_is_seen_by_no_player(variant: str, players: int) -> None:
    """Invariant: after a move, the chance node that fixes the stock's next card changes
    nothing any player is shown, whichever card it fixes; the card shows only once drawn,
    to the player who draws it, as any drawn card does (each outcome's states differ
    after the next move only in that player's hand and what follows from it)."""
    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    rng = random.Random(4)
    fixed = 0
    while fixed < 40:
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            outcomes = state.chance_outcomes()
            if state.game is not None and state._move is None:  # the card ahead, after a move
                fixed += 1
                _check_fixed_unseen(state, outcomes, players, rng)
            state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])


def _check_fixed_unseen(
    state: Any, outcomes: list[tuple[int, float]], players: int, rng: random.Random
) -> None:
    """Each outcome of the chance node fixing the next card: nobody is shown a change, and
    after the same next move the other players are shown the same (in the same round)."""
    before = _seen(state, players)
    children = []
    for card, _ in outcomes:
        child = state.clone()
        child.apply_action(card)
        assert not child.is_chance_node()
        assert _seen(child, players) == before
        children.append(child)
    mover = children[0].current_player()
    action = rng.choice(children[0].legal_actions())
    shown = set()
    for child in children:
        child.apply_action(action)
        while child.is_chance_node():  # any further card: the first outcome
            child.apply_action(child.chance_outcomes()[0][0])
        if child.is_terminal() or child.game.round != state.game.round:
            return
        shown.add(tuple(child.observation_string(p) for p in range(players) if p != mover))
    assert len(shown) == 1


def test_openspiel_information_state_tensor_is_one_for_states_the_player_cannot_tell_apart() -> (
    None
):
    """Invariant: states with one information-state string for a player (the same
    history as the player saw it, the unseen cards dealt otherwise: resampled states)
    give that player one information-state tensor, while the real other hands differ."""
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    checked = 0
    for state in _decisions(game.new_initial_state(), random.Random(12), limit=60):
        me = state.current_player()
        tensor = state.information_state_tensor(me)
        for k in range(3):
            world = state.resample_from_infostate(me, random.Random(k).random)
            assert world.information_state_string(me) == state.information_state_string(me)
            assert world.information_state_tensor(me) == tensor
            checked += 1
    assert checked > 30


def test_openspiel_make_observation_reads_the_tensors_and_strings() -> None:
    """OpenSpiel's ``make_observation`` (its observers, with and without perfect recall)
    gives the states' own tensors and strings."""
    from open_spiel.python.observation import make_observation  # noqa: PLC0415

    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine", "players": 3})
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    now = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    for state in _decisions(game.new_initial_state(), random.Random(13), limit=30):
        for player in range(3):
            info.set_from(state, player)
            now.set_from(state, player)
            assert info.tensor.tolist() == state.information_state_tensor(player)
            assert now.tensor.tolist() == state.observation_tensor(player)
            assert info.string_from(state, player) == state.information_state_string(player)
            assert now.string_from(state, player) == state.observation_string(player)


def test_openspiel_rl_environment_gives_the_information_state_tensor() -> None:
    """OpenSpiel's ``rl_environment`` reads the information-state tensor by default, and
    plays whole games with its chance nodes sampled; each time step's ``info_state`` is
    the state's tensor for that player."""
    from open_spiel.python import rl_environment  # noqa: PLC0415

    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    env = rl_environment.Environment(game, seed=3)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    rng = random.Random(3)
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            state = env.get_state
            for seat in range(2):
                assert list(step.observations["info_state"][seat]) == (
                    state.information_state_tensor(seat)
                )
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
        assert sorted(step.rewards) == [-1.0, 1.0]


def test_player_bot_plays_the_players_moves_in_evaluate_bots() -> None:
    """A PlayerBot returns the action of the move its player chooses from its seat's
    observation: the cautious player's own choice at every turn, in OpenSpiel's Python
    and C++ ``evaluate_bots``."""
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 3})
    cautious = ono99.CautiousPlayer()
    bot = envs_openspiel.PlayerBot(game, 0, cautious)
    assert bot.player_id() == 0
    assert bot.player is cautious
    assert not bot.provides_policy()
    turns = 0
    for state in _decisions(game.new_initial_state(), random.Random(14)):
        if state.current_player() == 0:
            action = bot.step(state)
            assert game.table.moves[action] == cautious.choose(state.game.observation(0))
            assert action in state.legal_actions()
            turns += 1
    assert turns > 3
    bots = [envs_openspiel.PlayerBot(game, s, n, seed=s) for s, n in enumerate(_STRATEGIES)]
    rng = np.random.RandomState(4)
    for returns in (
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng),
        pyspiel.evaluate_bots(game.new_initial_state(), bots, 4),
    ):
        assert sorted(returns) == [-1.0, -1.0, 1.0]


_STRATEGIES = ("random", "cautious", "search")


def test_player_bot_refuses_a_bad_seat_player_or_turn() -> None:
    """A bot for no seat, of something that is no player, or asked out of turn raises
    the library's own errors, saying what was expected."""
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    for seat in (2, -1, True, "0"):
        with pytest.raises(ono99.ArgumentError, match="expected a seat from 0 to 1"):
            envs_openspiel.PlayerBot(game, seat, "random")  # type: ignore[arg-type]
    with pytest.raises(ono99.ArgumentError, match="expected a player"):
        envs_openspiel.PlayerBot(game, 0, 42)  # type: ignore[arg-type]
    with pytest.raises(ono99.ArgumentError, match="no strategy"):
        envs_openspiel.PlayerBot(game, 0, "nobody")
    state = _at_a_decision()
    idle = envs_openspiel.PlayerBot(game, 1 - state.current_player(), "random")
    with pytest.raises(envs_openspiel.IllegalActionError, match="was asked to move"):
        idle.step(state)

    class Cheat:
        """Plays a card it does not hold."""

        def choose(self, observation: ono99.Observation) -> ono99.Move:
            missing = next(c.id for c in game.variant.cards if c.id not in observation.hand)
            return ono99.Play(missing)

    cheat = envs_openspiel.PlayerBot(game, state.current_player(), Cheat())
    with pytest.raises(ono99.IllegalMoveError, match="which is not legal"):
        cheat.step(state)


# ----------------------------------------------- a plugin's random draws under OpenSpiel

DRAWING = '''
from attrs import frozen
from ono99.rules import BaseEffect

@frozen
class Levy(BaseEffect):
    """A player drawn at random, among those in the round, pays a token."""

    type = "levy"

    def apply(self, table, card):
        seat = table.rng.choice(table.seats_in_round())
        table.change_tokens(seat, -1)

    def describe(self):
        return "a player drawn at random pays a token"

@frozen
class Coin(BaseEffect):
    """Draws a float: no chance node can hold it."""

    type = "coin"

    def apply(self, table, card):
        if table.rng.random() < 0.5:
            table.skip = 1

    def describe(self):
        return "a coin is tossed"

@frozen
class Draws(BaseEffect):
    """Draws with one method of the table's generator; the draw picks who pays a token."""

    type = "draws"
    method: str = "choice"

    def apply(self, table, card):
        rng, seats = table.rng, table.seats_in_round()
        how = self.method
        if how == "choice":
            seat = rng.choice(seats)
        elif how == "randrange":
            seat = seats[rng.randrange(len(seats))]
        elif how == "randint":
            seat = seats[rng.randint(0, len(seats) - 1)]
        elif how == "shuffle":
            rng.shuffle(seats)
            seat = seats[0]
        elif how == "sample":
            seat = rng.sample(seats, 1)[0]
        elif how == "random":
            seat = seats[int(rng.random() * len(seats))]
        elif how == "uniform":
            seat = seats[int(rng.uniform(0, len(seats))) % len(seats)]
        elif how == "choices":
            seat = rng.choices(seats)[0]
        else:
            seat = seats[rng.getrandbits(1) % len(seats)]
        table.change_tokens(seat, -1)

    def describe(self):
        return f"a player drawn with {self.method} pays a token"
'''

WHOLE = ("choice", "randrange", "randint", "shuffle", "sample")
FLOATS = ("random", "uniform", "choices", "getrandbits")


@pytest.fixture
def drawing_plugin(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Any:
    """A throw-away plugin whose effects draw from ``Table.rng``, installed as entry points;
    variants of ninety-nine whose 5s carry them."""
    (tmp_path / "throwaway_drawing.py").write_text(textwrap.dedent(DRAWING))
    monkeypatch.syspath_prepend(str(tmp_path))
    group = "ono99.effects"
    points = [
        EntryPoint("levy", "throwaway_drawing:Levy", group),
        EntryPoint("coin", "throwaway_drawing:Coin", group),
        EntryPoint("draws", "throwaway_drawing:Draws", group),
    ]
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    _registry._found.cache_clear()
    monkeypatch.setattr(_loader, "_LOADED", {})
    _spiel_chance.shared_spec.cache_clear()
    paths = {}
    effects = {"levy": '{ type = "levy" }', "coin": '{ type = "coin" }'}
    effects |= {how: f'{{ type = "draws", method = "{how}" }}' for how in WHOLE + FLOATS}
    for name, effect in effects.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(
            f'extends = "ninety-nine"\nid = "{name}"\n[ranks.5]\n'
            f'effects = [{{ type = "add", amount = 5 }}, {effect}]\n'
        )
        paths[name] = str(path)
    yield paths
    _registry._found.cache_clear()
    _spiel_chance.shared_spec.cache_clear()
    sys.modules.pop("throwaway_drawing", None)


def test_a_plugin_draw_from_the_table_rng_is_a_chance_node(drawing_plugin: Any) -> None:
    """Under OpenSpiel a rule object's ``table.rng.choice(...)`` is a chance node of equally
    likely outcomes (it was the plugin's RuleError, "drew random bits outside its chance
    nodes"); clones given the same outcomes end the same; OpenSpiel's random-simulation
    test passes. The game declares room for such draws: as many outcomes as the deck
    has cards."""
    game = pyspiel.load_game("python_ono99", {"variant": drawing_plugin["levy"], "players": 3})
    assert game.max_chance_outcomes() == ono99.load_variant(drawing_plugin["levy"]).deck_size
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    rng = random.Random(5)
    seen = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if state.action_to_string(outcomes[0][0]).startswith("rule draws"):
                    seen += 1
                    seats = len(outcomes)
                    assert 2 <= seats <= 3
                    assert all(p == pytest.approx(1 / seats) for _, p in outcomes)
                    action = outcomes[rng.randrange(seats)][0]
                    clones = [state.clone() for _ in range(4)]
                    for clone in clones:
                        clone.apply_action(action)
                    assert len({str(clone) for clone in clones}) == 1
                    assert len({tuple(c.game.tokens) for c in clones}) == 1
                    state.apply_action(action)
                    continue
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if seen >= 3:
            break
    assert seen >= 3


def test_a_plugin_draw_of_a_float_is_refused_under_openspiel(drawing_plugin: Any) -> None:
    """``table.rng.random()`` has no finite outcomes to make a chance node of: under
    OpenSpiel it is the rule object's RuleError, saying what to draw instead (it drew
    from a generator shared by every state: clones given the same action differed),
    and the state is as it was before the action."""
    game = pyspiel.load_game("python_ono99", {"variant": drawing_plugin["coin"], "players": 2})
    rng = random.Random(1)
    failing = None
    for _ in range(50):
        state = game.new_initial_state()
        while failing is None and not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            action = rng.choice(state.legal_actions())
            if state.action_to_string(state.current_player(), action).startswith("play 5"):
                failing = state, action
            else:
                state.apply_action(action)
        if failing is not None:
            break
    assert failing is not None, "no 5 was played in 50 games"
    state, action = failing
    before = str(state), state.legal_actions()
    with pytest.raises(ono99.RuleError, match=r"finitely many outcomes.*randrange"):
        state.apply_action(action)
    assert (str(state), state.legal_actions()) == before
    assert not state.is_chance_node()


@pytest.mark.parametrize("how", WHOLE + FLOATS)
def test_every_way_a_plugin_draws_is_a_chance_node_or_refused(
    drawing_plugin: Any, how: str
) -> None:
    """Invariant, for each way a rule object may draw from ``Table.rng``: in a game of the
    library a seed plays the same game again; under OpenSpiel a draw of whole numbers is
    a chance node (random play reaches the end, clones given the same outcomes end the
    same), and a draw of a float or of bits is the rule object's RuleError, the state
    left as it was."""
    variant = ono99.load_variant(drawing_plugin[how])
    games = [ono99.Game(variant, 3, seed=11) for _ in range(2)]
    for game in games:
        ono99.play_out(game, [ono99.RandomPlayer(seed=s) for s in range(3)])
    assert games[0].events == games[1].events
    game = pyspiel.load_game("python_ono99", {"variant": drawing_plugin[how], "players": 3})
    rng = random.Random(3)
    refused = 0
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                action = rng.choice(state.legal_actions())
            before = str(state)
            try:
                clone = state.clone()
                state.apply_action(action)
            except ono99.RuleError:
                refused += 1
                assert str(state) == before
                break
            clone.apply_action(action)
            assert str(clone) == str(state)
    assert (refused > 0) == (how in FLOATS)


# ------------------------------------------------------------------ the how-to


def test_the_how_tos_nfsp_script_trains_and_measures(tmp_path: Path) -> None:
    """The how-to's NFSP script, a few seconds of training (PyTorch and dm-tree, which
    OpenSpiel's PyTorch algorithms need): it trains both seats by self-play on the game's
    information-state tensor and reports the average policy's win rate against each
    player."""
    pytest.importorskip("torch", reason="PyTorch is not installed")
    pytest.importorskip("tree", reason="dm-tree (OpenSpiel's PyTorch algorithms) is not installed")
    script = Path(__file__).parent.parent / "docs" / "examples" / "train_nfsp.py"
    done = subprocess.run(  # noqa: S603 - this interpreter, on a file of the repository
        [sys.executable, str(script), "--games", "30", "--measure", "10"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=HANG_GUARD,
    )
    lines = {line.split(":")[0].strip(): line for line in done.stdout.splitlines()}
    assert "NFSP, 30 games of self-play" in done.stdout
    for opponent in ("random", "cautious"):
        assert "won" in lines[f"against {opponent}"], done.stdout
