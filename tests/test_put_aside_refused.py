"""The interfaces that do not take the put-aside move yet refuse a variant with a crib.

"Each player looks at their six cards and 'lays away' two of them face down"
(Bicycle Cards, Cribbage): a move of several cards at once, which the
environments' action spaces (a card each) do not hold yet. Each says
so with the library's error naming what was given, rather than failing or
playing a wrong move; a variant without the crib is still taken.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ono99

CRIBBAGE = Path(__file__).parent / "variants" / "files" / "cribbage.toml"


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant(CRIBBAGE)


def test_the_gymnasium_environments_refuse_a_variant_with_a_crib(
    cribbage: ono99.Variant,
) -> None:
    """The single and the vector environment, given the variant or its file."""
    gymnasium = pytest.importorskip("ono99.envs.gymnasium", exc_type=ImportError)
    for given in (cribbage, str(CRIBBAGE)):
        with pytest.raises(ono99.ArgumentError, match="do not take put-aside moves yet"):
            gymnasium.Ono99Env(given, 2)
        with pytest.raises(ono99.ArgumentError, match="do not take put-aside moves yet"):
            gymnasium.Ono99VectorEnv(1, given, 2)
    gymnasium.Ono99Env("noddy", 2).close()  # the show and the starter alone are taken


def test_the_pettingzoo_environments_refuse_a_variant_with_a_crib(
    cribbage: ono99.Variant,
) -> None:
    """The turn-based and the parallel environment."""
    pettingzoo = pytest.importorskip("ono99.envs.pettingzoo", exc_type=ImportError)
    with pytest.raises(ono99.ArgumentError, match="do not take put-aside moves yet"):
        pettingzoo.env(cribbage, 2)
    with pytest.raises(ono99.ArgumentError, match="do not take put-aside moves yet"):
        pettingzoo.Ono99ParallelEnv(cribbage, 2)


def test_the_openspiel_game_refuses_a_variant_with_a_crib() -> None:
    """Its parameters name the variant's file."""
    pyspiel = pytest.importorskip("pyspiel", exc_type=ImportError)
    pytest.importorskip("ono99.envs.openspiel", exc_type=ImportError)
    with pytest.raises(ono99.ArgumentError, match="do not take put-aside moves yet"):
        pyspiel.load_game("python_ono99", {"variant": str(CRIBBAGE), "players": 2})
