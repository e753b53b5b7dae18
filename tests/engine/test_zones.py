"""Zones a variant file declares: loaded, checked, seen, kept and rebuilt with no other code."""

from __future__ import annotations

import pickle
import random
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99.engine._game import engine_of
from ono99.engine._round import (
    DECLARED,
    HAND,
    PILE,
    RECORDS,
    ROUND_FIELDS,
    STOCK,
    _round_from,
    placed,
)
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
    engine = engine_of(game)
    dealt = (("2", "3"), ("4", "5"), ("6",))  # the hands as the show keeps them
    engine.r.dealt[:] = [[engine.rules.index[c] for c in hand] for hand in dealt]
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


def test_every_zone_is_an_entry_of_the_one_zone_table(variant: ono99.Variant) -> None:
    """The zones of every variant and the declared ones are one table: the round's named
    piles are the table's own lists, and each card lies in one zone (the records aside)
    at every move of a game."""
    game = ono99.Game(variant, 3, seed=2)
    engine = engine_of(game)
    assert engine.rules.table == ono99.BUILT_IN_ZONES + variant.zones
    deck = sorted(engine.full_deck)
    while game.winner is None:
        r = engine.r
        assert len(r.piles) == len(engine.rules.table)
        assert r.hands is r.piles[HAND] and r.draw is r.piles[STOCK][0]
        assert r.discard is r.piles[PILE][0] and r.zones[0] is r.piles[DECLARED]
        assert sorted(placed(r)) == deck
        game.play(game.legal_moves()[0])


def test_a_copy_and_a_pickle_copy_every_zone_of_the_table(variant: ono99.Variant) -> None:
    """A copy's and a pickled round's piles are their own (the records, written at the deal
    only, aside), and named as the table's."""
    r = engine_of(_placed(variant)).r
    for kept in (r.copy(), pickle.loads(pickle.dumps(r))):  # noqa: S301 - our own round
        assert kept.piles == r.piles
        for z, (piles, copied) in enumerate(zip(r.piles, kept.piles, strict=True)):
            if z not in RECORDS:
                assert all(a is not b for a, b in zip(piles, copied, strict=True))
        assert kept.hands is kept.piles[HAND] and kept.zones[1] is kept.piles[DECLARED + 1]


def test_a_copy_played_on_leaves_the_records_of_its_original_as_they_were() -> None:
    """The records a round shares with its copies (the starter, the hands kept for the show)
    are replaced, never written in place: a copy that lays the last cards away and turns the
    starter up leaves its original waiting for those cards, with no starter and the hands as
    dealt. (Found by the state machine: a replay after a copy's move differed.)"""
    game = ono99.Game(ono99.load_variant("cribbage"), 2, seed=0)
    game.play(game.legal_moves()[0])  # the first seat lays two cards away
    before = snapshot(game)
    dealt = [list(hand) for hand in engine_of(game).r.dealt]
    copy = game.copy()
    copy.play(copy.legal_moves()[-1])  # the second seat: the starter is turned up
    assert copy.starter is not None
    assert game.starter is None
    assert engine_of(game).r.dealt == dealt and all(len(hand) == 6 for hand in dealt)
    assert snapshot(game) == before


def test_the_cards_a_seat_cannot_see_in_a_declared_zone_are_dealt_again(
    variant: ono99.Variant,
) -> None:
    """The search player's deals redeal the crib for a seat that sees only its size, and the
    buried card, keeping each pile's size; the tableau, which all see, and the crib for its
    dealer stay; the seat's observation does not change."""
    game = _placed(variant)
    engine = engine_of(game)
    seats, cards = engine.unseen(0)
    n = 3
    assert seats == [(1, 2), (2, 1), (n, 2), (n + 4, 1)]  # hands, the crib, the buried pile
    assert len(cards) == 2 + 1 + 2 + 1 + len(engine.r.draw)
    assert (n, 2) not in engine.unseen(2)[0]  # the dealer sees the crib
    moved = 0
    for seed in range(20):
        again = engine.redealt(random.Random(seed), seats, cards)
        assert [len(p) for z in again.r.zones for p in z] == [2, 0, 1, 0, 1]
        assert again.r.zones[1] == engine.r.zones[1]
        assert sorted(placed(again.r)) == sorted(engine.full_deck)
        moved += again.r.zones[0] != engine.r.zones[0]
        assert again.observation(0) == engine.observation(0)
    assert moved > 0


SHOWN = """
extends = "noddy"
id = "noddy-crib"
name = "Noddy with a crib shown at the show"

[zones.crib]
owner = "dealer"
visibility = "show"
"""


def test_a_zone_seen_at_the_show_shows_its_cards_once_the_show_has_happened(
    tmp_path: Path,
) -> None:
    """Visibility "show": its size until the show, its cards from then on (Noddy shows the
    hands once they are dealt: "the players total up the points in their hands", GSI)."""
    path = tmp_path / "crib.toml"
    path.write_text(SHOWN)
    variant = ono99.load_variant(path)
    assert engine_of(ono99.Game(variant, 2, seed=1)).r.shown  # the show came with the deal
    hands = [["2_of_hearts", "3_of_hearts"], ["4_of_hearts", "5_of_hearts"]]
    crib = ["6_of_hearts", "7_of_hearts"]
    rest = [c.id for c in variant.cards for _ in range(c.count)]
    for card in [*hands[0], *hands[1], *crib]:
        rest.remove(card)
    game = ono99.Game.from_position(
        variant, hands, rest, dealer=1, current_player=0, zones={"crib": crib}, seed=1
    )
    engine = engine_of(game)
    assert not engine.r.shown  # a position is played from before the show
    before = game.observation(0).zones[0]
    assert (before.cards, before.sizes) == ((None,), (2,))
    assert (2, 2) in engine.unseen(0)[0]  # the crib (place n + 0), its two cards
    engine.r.shown = True
    after = game.observation(0).zones[0]
    assert (after.cards, after.sizes) == ((("6_of_hearts", "7_of_hearts"),), (2,))
    assert all(place < 2 for place, _ in engine.unseen(0)[0])  # nothing of the crib unseen


def test_what_a_seat_sees_of_every_zone_is_read_from_the_table(variant: ono99.Variant) -> None:
    """The observation's hand, hand sizes, stock size, piles and declared zones are the
    table's piles as each zone's visibility says, at every move of a game."""
    game = ono99.Game(variant, 3, seed=5)
    engine = engine_of(game)
    while game.winner is None:
        r = engine.r
        ids = engine.rules.ids
        for seat in range(3):
            seen = game.observation(seat)
            assert seen.hand == tuple(ids[k] for k in r.piles[HAND][seat])
            assert seen.hand_sizes == tuple(len(hand) for hand in r.piles[HAND])
            assert seen.draw_pile_size == len(r.piles[STOCK][0])
            assert seen.discard_pile == tuple(ids[k] for k in r.piles[PILE][0])
            assert [z.sizes for z in seen.zones] == [(0,), (0, 0, 0), (None,)]
        game.play(game.legal_moves()[0])


def test_a_zone_of_every_variant_is_seen_as_the_table_says(
    variant: ono99.Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view asks the table, not a field: were the cards out of play seen by their size
    alone, no seat would see them."""
    built_in = tuple(
        ono99.Zone(z.name, z.owner, "size") if z.name == "out_of_play" else z
        for z in ono99.BUILT_IN_ZONES
    )
    game = _placed(variant)
    engine = engine_of(game)
    engine.r.out_of_play.append(engine.r.draw.pop())
    assert len(game.observation(0).out_of_play) == 1
    monkeypatch.setattr("ono99.engine._compiled.BUILT_IN_ZONES", built_in)
    monkeypatch.setattr(engine.rules, "_sight", {})
    assert game.observation(0).out_of_play == ()


def test_a_round_pickled_with_its_zones_as_fields_loads_into_the_table() -> None:
    """A game pickled before the zone table held every zone (its stock, hands, starter ...
    as fields of the round) still loads, each zone in its place in the table."""
    game = ono99.Game("noddy", 2, seed=3)
    r = engine_of(game).r
    fields = {name: getattr(r, name) for name in ROUND_FIELDS if name not in {"piles", "shown"}}
    fields.update(
        draw=r.draw,
        discard=r.discard,
        hands=r.hands,
        out_of_play=r.out_of_play,
        starter=r.starter,
        dealt=tuple(tuple(hand) for hand in r.dealt),
        zones=[],
    )
    old = _round_from(fields)
    assert old.piles == r.piles
    assert old.starter == r.starter >= 0
    assert old.hands is old.piles[HAND]
