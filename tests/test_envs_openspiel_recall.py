"""The OpenSpiel game's information-state tensor with a ``recall`` window: perfect recall."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

import ono99  # noqa: E402
import ono99.envs.openspiel  # noqa: E402 - registers the game

CASES = [
    ("ninety-nine", 2),
    ("ono99-2022", 2),
    ("ono99-1980", 3),
    ("ninety-nine+crazy-eights", 2),  # declarations: a word in the events
    ("ono99-1980+last-standing", 4),
]


def _shared(variant: str, players: int, recall: int, deals: int = 4, ways: int = 4) -> int:
    """How many information-state strings share their tensor with another string.

    The games come in families: each deal played ``ways`` ways (the chance nodes drawn
    from one seed, the players' actions from another), so that many states differ only
    in the order of earlier plays. States whose log the window does not hold whole are
    left out: there the tensor does not claim perfect recall."""
    game = pyspiel.load_game(
        "python_ono99", {"variant": variant, "players": players, "recall": recall}
    )
    owner: dict[bytes, str] = {}
    shared: set[str] = set()
    for deal in range(deals):
        for way in range(ways):
            chance, moves = random.Random(deal), random.Random(1000 * deal + way)
            state = game.new_initial_state()
            while not state.is_terminal() and len(state.history()) < 250:
                if state.is_chance_node():
                    outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(chance.choices(outcomes, odds)[0])
                    continue
                for player in range(players):
                    tensor = np.asarray(state.information_state_tensor(player), np.float32)
                    if recall and tensor[-1] > 0:
                        continue  # events left out of the window
                    text = state.information_state_string(player)
                    if owner.setdefault(tensor.tobytes(), text) != text:
                        shared.add(text)
                state.apply_action(moves.choice(state.legal_actions()))
    return len(shared)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_different_information_states_never_share_a_tensor_with_recall(
    variant: str, players: int
) -> None:
    """Invariant: with ``recall`` holding the whole log, two states a player can tell apart
    (different information-state strings) have different information-state tensors."""
    assert _shared(variant, players, recall=300) == 0


def test_without_recall_the_tensor_forgets_the_order_of_plays() -> None:
    """The check above can fail: the observation vector alone (``recall`` 0, the default)
    keeps no order of earlier plays, and states differing only in it share a tensor."""
    assert _shared("ninety-nine", 2, recall=0) > 0


def test_the_recall_window_sets_the_tensor_shape_and_says_what_it_left_out() -> None:
    plain = pyspiel.load_game("python_ono99", {"variant": "ninety-nine", "players": 2})
    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine", "players": 2, "recall": 4})
    seen = plain.observation_tensor_size()
    assert plain.information_state_tensor_size() == seen
    width = (game.information_state_tensor_size() - seen - 1) // 4
    assert game.information_state_tensor_size() == seen + 4 * width + 1
    assert game.observation_tensor_size() == seen
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.information_state_string(0).splitlines()) < 9:
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    tensor = np.asarray(state.information_state_tensor(0))
    log = state.information_state_string(0).splitlines()[:-1]  # the events, then the view
    assert tensor[-1] == len(log) - 4  # the events the window left out
    assert np.array_equal(tensor[:seen], np.asarray(state.observation_tensor(0)))


@pytest.mark.parametrize("recall", [-1, 1.5, "all"])
def test_a_recall_that_is_no_count_of_events_is_refused(recall: object) -> None:
    with pytest.raises((ono99.ArgumentError, pyspiel.SpielError), match="recall"):
        pyspiel.load_game(
            "python_ono99", {"variant": "ninety-nine", "players": 2, "recall": recall}
        )
