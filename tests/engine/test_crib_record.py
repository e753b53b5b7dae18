"""A crib game's record replays to the same game, through the save format's JSON text.

"Each player looks at their six cards and 'lays away' two of them face down"
(Bicycle Cards, Cribbage): a :class:`~ono99.PutAside` move of several cards,
which the record keeps as ``{"type": "put_aside", "cards": [...]}``. The file
is the six-card ``tests/variants/files/cribbage.toml``.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import ono99
from ono99.testing import snapshot

FILE = Path(__file__).parents[1] / "variants" / "files" / "cribbage.toml"


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant(FILE)


@pytest.mark.parametrize("seed", [5, 11])
def test_a_whole_crib_game_replays_from_its_saved_text(cribbage: ono99.Variant, seed: int) -> None:
    """Invariant: a game played to its end, saved as JSON text and read back, replays to
    the same state (every zone, the crib included), events and winner."""
    game = ono99.Game(cribbage, players=2, seed=seed)
    ono99.play_out(game, [ono99.CautiousPlayer(), ono99.RandomPlayer(seed=seed)])
    record = game.record()
    text = json.dumps(ono99.to_data(record))
    laid = [m for m in json.loads(text)["moves"] if m["type"] == "put_aside"]
    assert laid and all(len(m["cards"]) == 2 for m in laid)
    again = ono99.Game.replay(ono99.from_data(json.loads(text)), cribbage)
    assert again.is_over and again.winner == game.winner
    assert again.events == game.events
    assert snapshot(again) == snapshot(game)


def test_a_record_with_a_wrong_lay_away_is_refused_in_words(cribbage: ono99.Variant) -> None:
    """A record whose cards laid away are too few, or not held, names the move and why."""
    game = ono99.Game(cribbage, players=2, seed=5)
    game.play(game.legal_moves()[0])
    record = game.record()
    (first,) = record.moves
    assert isinstance(first, ono99.PutAside)
    short = attrs.evolve(record, moves=(ono99.PutAside(first.cards[:1]),))
    with pytest.raises(ono99.ReplayError, match=r"move 1 \(put .* aside\) is illegal: player 0 "):
        ono99.Game.replay(short, cribbage)
    held = set(game.hand(0)) | set(first.cards)
    other = next(c.id for c in cribbage.cards if c.id not in held)
    wrong = attrs.evolve(record, moves=(ono99.PutAside((first.cards[0], other)),))
    with pytest.raises(ono99.ReplayError, match=f"holds no '{other}' to lay away"):
        ono99.Game.replay(wrong, cribbage)
