"""Zones a variant file declares: loaded, checked, seen, kept and rebuilt with no other code."""

from __future__ import annotations

import pickle
import random
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99.players._policies import traits_of
from ono99.players._search import _position
from ono99.testing import snapshot

if TYPE_CHECKING:
    from pathlib import Path

ZONES = """
extends = "ninety-nine"
id = "ninety-nine-zones"
name = "Ninety-nine with zones of its own"

[zones.crib]
owner = "dealer"
visibility = "owner"

[zones.tableau]
owner = "seat"
visibility = "everyone"

[zones.buried]
visibility = "nobody"
"""


@pytest.fixture
def variant(tmp_path: Path) -> ono99.Variant:
    """A throw-away variant file that declares three zones."""
    path = tmp_path / "zones.toml"
    path.write_text(ZONES)
    return ono99.load_variant(path)


def _placed(variant: ono99.Variant, current: int = 0) -> ono99.Game:
    """Three seats, seat 2 dealing: two cards in the crib, one in seat 1's tableau, one buried."""
    hands = [["2", "3"], ["4", "5"], ["6"]]
    crib = ["7", "8"]
    tableau: list[list[str]] = [[], ["9"], []]
    buried = ["king"]
    rest = [c.id for c in variant.cards for _ in range(c.count)]
    for card in [*(c for h in hands for c in h), *crib, "9", *buried]:
        rest.remove(card)
    return ono99.Game.from_position(
        variant,
        hands,
        rest,
        dealer=2,
        current_player=current,
        zones={"crib": crib, "tableau": tableau, "buried": buried},
        seed=1,
    )


def test_a_declared_zone_is_loaded_and_its_settings_are_checked(variant: ono99.Variant) -> None:
    """A ``[zones.<name>]`` table is a zone; a wrong setting is reported at its key path."""
    assert variant.zones[0] == ono99.Zone("crib", owner="dealer", visibility="owner")
    assert variant.zones[1].per_owner
    assert variant.zones[2] == ono99.Zone("buried", visibility="nobody")
    bad = 'extends = "ninety-nine"\nid = "x"\n[zones.crib]\nowner = "me"\n[zones.hand]\n'
    with pytest.raises(ono99.VariantError) as caught:
        ono99.loads_variant(bad)
    text = str(caught.value)
    assert 'zones.crib.owner: expected one of "nobody", "seat", "dealer", "team"' in text
    with pytest.raises(ono99.VariantError, match=r"zones\.hand: every variant has a zone hand"):
        ono99.loads_variant('extends = "ninety-nine"\nid = "x"\n[zones.hand]\n')


def test_a_declared_zone_starts_each_round_empty(variant: ono99.Variant) -> None:
    """A zone the file declares holds nothing until a rule puts cards there."""
    game = ono99.Game(variant, 3, seed=4)
    seen = game.observation(0)
    assert [(z.name, z.sizes) for z in seen.zones] == [
        ("crib", (0,)),
        ("tableau", (0, 0, 0)),
        ("buried", (None,)),
    ]
    assert ono99.play_out(game, [ono99.CautiousPlayer()] * 3) in (0, 1, 2)


def test_each_seat_sees_a_declared_zone_as_its_visibility_says(variant: ono99.Variant) -> None:
    """The dealer sees the crib's cards, the others its size; a tableau is seen by all;
    a buried card by nobody, not even how many."""
    game = _placed(variant)
    dealer, other = game.observation(2), game.observation(0)
    crib, tableau, buried = dealer.zones
    assert crib.cards == (("7", "8"),)
    assert other.zones[0].cards == (None,)
    assert other.zones[0].sizes == (2,)
    assert tableau.cards == ((), ("9",), ()) == other.zones[1].cards
    assert buried.cards == (None,) and buried.sizes == (None,)


def test_a_declared_zone_has_slots_in_the_observation_vector(variant: ono99.Variant) -> None:
    """The vector has each zone's size and cards, written from what the seat sees."""
    pytest.importorskip("numpy", reason="the observation vector needs the rl extra")
    from ono99.envs import ObservationEncoder  # noqa: PLC0415 - only with the rl extra

    game = _placed(variant)
    encoder = ObservationEncoder(variant, 3)
    names = encoder.names
    assert "crib.size" in names
    assert "crib[7]" in names
    assert "tableau[+1][9]" in names
    assert not any(name.startswith("buried") for name in names)  # nobody sees it
    for seat, crib_seen in ((2, 1.0), (0, 0.0)):
        vector = dict(zip(names, encoder.encode_game(game, seat), strict=True))
        assert vector["crib.size"] == 2
        assert vector["crib[7]"] == crib_seen
        from_seat = (1 - seat) % 3  # seat 1's tableau, counted from the observer
        assert vector[f"tableau[+{from_seat}][9]"] == 1
        # The observation, turned back into a vector, writes the same slots.
        assert list(encoder.encode(game.observation(seat))) == list(
            encoder.encode_game(game, seat)
        )


def test_a_declared_zone_is_in_the_rulebook(variant: ono99.Variant) -> None:
    """The rulebook says who owns each zone and who sees it."""
    text = ono99.rulebook(variant)
    assert "crib: the dealer's; its owner sees its cards, the others its size" in " ".join(
        text.split()
    )


def test_a_declared_zone_is_kept_by_a_copy_a_pickle_and_the_state(
    variant: ono99.Variant,
) -> None:
    """A copy, a pickled game and the game's state as data hold each zone's cards."""
    game = _placed(variant)
    state = snapshot(game)
    assert state["zones"] == {
        "crib": [["7", "8"]],
        "tableau": [[], ["9"], []],
        "buried": [["king"]],
    }
    for kept in (game.copy(), pickle.loads(pickle.dumps(game))):  # noqa: S301 - our own game
        assert snapshot(kept) == state
    copy = game.copy()
    copy.play(copy.legal_moves()[0])
    assert snapshot(game) == state  # the copy's zones are its own


def test_a_rebuilt_position_holds_the_zones_its_seat_sees(variant: ono99.Variant) -> None:
    """The search player's position has the crib's cards for the dealer, and as many unseen
    cards in it for another seat."""
    cache: list[object] = []
    for seat in (2, 0):
        seen = _placed(variant, current=seat).observation(seat)
        position = _position(seen, traits_of(cache, variant), random.Random(1))  # type: ignore[arg-type]
        crib = position.r.zones[0][0]
        assert len(crib) == 2
        if seat == 2:
            assert [variant.cards[k].id for k in crib] == ["7", "8"]
        assert position.r.zones[1][1] == [variant.cards.index(variant.card("9"))]


def test_the_show_reads_a_declared_zone_for_its_owner(variant: ono99.Variant) -> None:
    """At the show the table hands a rule the zone shown (``shown_zone``) for the seat
    that owns it: "the dealer ... then takes what is in crib" (Encyclopaedia Britannica,
    11th ed.) reads the dealer's crib, a seat's own zone its pile, and a hand its cards
    as dealt when no zone is shown."""
    from ono99.engine._table import Table  # noqa: PLC0415 - the engine's own table, for one test

    game = _placed(variant)
    engine = game._e
    dealt = (("2", "3"), ("4", "5"), ("6",))  # the hands as the show keeps them
    engine.r.dealt = tuple(tuple(engine.rules.index[c] for c in hand) for hand in dealt)
    table = Table(engine, reading=True)
    table.showing = 2
    table.shown_zone = "crib"
    assert [card.id for card in table.shown] == ["7", "8"]
    table.showing, table.shown_zone = 1, "tableau"
    assert [card.id for card in table.shown] == ["9"]
    table.shown_zone = ""
    assert [card.id for card in table.shown] == ["4", "5"]
    table.shown_zone = "no such zone"
    assert table.shown == ()
