"""The interfaces that do not take the put-aside move yet refuse a variant with a crib.

"Each player looks at their six cards and 'lays away' two of them face down"
(Bicycle Cards, Cribbage): a move of several cards at once, which play at the
terminal and the search player's rebuilt positions (which start in the play)
do not hold yet (the environments take it: ``tests/test_envs_crib.py``). Each says
so with the library's error naming what was given, rather than failing or
playing a wrong move; a variant without the crib is still taken.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import ono99
from ono99.cli._interactive import play_in_terminal
from ono99.players._policies import traits_of
from ono99.players._search import _position

CRIBBAGE = Path(__file__).parent / "variants" / "files" / "cribbage.toml"


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant(CRIBBAGE)


def test_play_at_the_terminal_refuses_a_variant_with_a_crib(cribbage: ono99.Variant) -> None:
    """Before a card is dealt or a line read: nothing is written."""
    out = io.StringIO()

    def read(prompt: str) -> str:
        raise AssertionError(f"nothing is read, got asked {prompt!r}")

    with pytest.raises(ono99.ArgumentError, match="does not take put-aside moves yet"):
        play_in_terminal(cribbage, players=2, seed=1, read=read, out=out)
    assert out.getvalue() == ""


def test_a_position_is_not_rebuilt_while_cards_are_laid_away(cribbage: ono99.Variant) -> None:
    """The search player lays away by the heuristic; asked to rebuild a position whose moves
    are laid-away cards, the rebuilding refuses rather than start the round in the play."""
    game = ono99.Game(cribbage, 2, seed=3)
    seat = game.current_player
    seen = game.observation(seat)
    assert isinstance(seen.legal_moves[0], ono99.PutAside)
    with pytest.raises(ono99.ArgumentError, match="put-aside phase's moves"):
        _position(seen, traits_of([], cribbage), random.Random(1))
    player = ono99.make_player("search", 1)
    assert player.choose(seen) in seen.legal_moves  # the heuristic, not a rebuilt position
