"""A seat sees the cards it laid away into the crib, and no other seat's.

"Each player looks at their six cards and 'lays away' two of them face down to
reduce the hand to four. The four cards laid away together constitute 'the
crib'" (Bicycle Cards, Cribbage): face down to the others, but each player
knows the cards they laid away, the dealer his own two of his crib. The record
of them is a zone of the table (``laid_away``, a :class:`ono99.RecordZone`): seen
as its visibility says, kept by a copy, a pickle and a game's state, placed by
``Game.from_position``, and kept when the cards a seat cannot see are dealt again.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest

import ono99
from ono99.engine._game import engine_of
from ono99.players._policies import traits_of
from ono99.players._search import _position
from ono99.testing import GameChecker, snapshot

CRIB_GAMES = [
    ("cribbage", 2),
    ("cribbage-five-card", 2),
    ("cribbage-three-hand", 3),
    ("cribbage-four-hand", 4),
]


def _laid(game: ono99.Game) -> list[tuple[str, ...]]:
    """What each seat has laid away this round, as the event log tells it."""
    laid: list[list[str]] = [[] for _ in range(game.players)]
    for event in game.events:
        if isinstance(event, ono99.events.RoundStarted):
            laid = [[] for _ in range(game.players)]
        elif isinstance(event, ono99.events.LaidAway) and event.player is not None:
            laid[event.player] += event.cards
    return [tuple(cards) for cards in laid]


def test_each_player_sees_the_two_cards_it_laid_away_the_dealer_too() -> None:
    """Bicycle: each player "lays away two of them face down"; the crib "belongs to the
    dealer". The non-dealer's observation shows its two cards laid away, the dealer's
    his own two: never the other's, and the crib itself face down until the show."""
    game = ono99.Game("cribbage", 2, seed=3)
    dealer = game.observation(0).dealer
    first = game.current_player
    assert first != dealer
    mine = game.legal_moves()[0]
    assert isinstance(mine, ono99.PutAside)
    game.play(mine)
    assert game.observation(first).laid_away == mine.cards
    assert game.observation(dealer).laid_away == ()
    his = game.legal_moves()[-1]
    assert isinstance(his, ono99.PutAside)
    game.play(his)
    assert game.observation(dealer).laid_away == his.cards
    assert game.observation(first).laid_away == mine.cards
    for seat in (first, dealer):
        seen = {zone.name: zone for zone in game.observation(seat).zones}
        assert seen["crib"].cards == (None,) and seen["crib"].sizes == (4,)
        record = seen[ono99.LAID_AWAY]
        assert record.sizes == (2, 2)  # how many each laid away is public
        assert [pile is not None for pile in record.cards] == [k == seat for k in range(2)]


@pytest.mark.parametrize(("variant", "players"), CRIB_GAMES)
def test_every_observation_shows_exactly_the_cards_its_seat_laid_away_this_round(
    variant: str, players: int
) -> None:
    """Invariant: at every move of random games of every crib game, each seat's
    observation shows the cards it laid away this round (as the log tells) and no other
    seat's; the checker's observation check (hidden cards dealt again) holds; and the
    record's cards lie in the crib."""
    rng = random.Random(players)
    game = ono99.Game(variant, players, seed=7)
    checker = GameChecker(game)
    rounds = 0
    for step in range(300):
        if game.is_over:
            break
        laid = _laid(game)
        engine = engine_of(game)
        rules = engine.rules
        crib = Counter(engine.r.zones[rules.crib][0])
        recorded = Counter(k for pile in engine.r.zones[rules.laid_away] for k in pile)
        assert not recorded - crib  # every card laid away lies in the crib
        for seat in range(players):
            seen = checker.check_observation(seat, random.Random(step))
            assert seen.laid_away == laid[seat]
        rounds += any(
            isinstance(e, ono99.events.RoundEnded)
            for e in checker.play(rng.choice(game.legal_moves()))
        )
    assert rounds >= 1  # a new deal starts the record again (checked above, by the log)


def test_the_record_is_kept_by_a_copy_a_pickle_and_the_state() -> None:
    """A copy, a pickle and the game's state (``snapshot``) keep what each seat laid away; a copy's
    moves leave its original's record as it was."""
    game = ono99.Game("cribbage", 2, seed=4)
    game.play(game.legal_moves()[0])
    seat = 1 - game.current_player
    copy = game.copy()
    copy.play(copy.legal_moves()[0])
    assert game.observation(1 - seat).laid_away == ()
    assert copy.observation(1 - seat).laid_away != ()
    again = pickle.loads(pickle.dumps(game))  # noqa: S301 - the test's own game
    assert again.observation(seat).laid_away == game.observation(seat).laid_away != ()
    assert snapshot(again) == snapshot(game)
    assert snapshot(game)[ono99.LAID_AWAY][seat] == list(game.observation(seat).laid_away)


@pytest.mark.parametrize(("variant", "players"), CRIB_GAMES)
def test_a_seats_own_cards_laid_away_are_not_dealt_again(variant: str, players: int) -> None:
    """The search player's deals (``Engine.unseen`` and ``redealt``): the cards a seat
    laid away are known to it, not among the unseen cards, and stay in the crib of every
    deal; the others' are dealt again, each still in the crib, and so is the stock's."""
    game = ono99.Game(variant, players, seed=2)
    while not any(
        isinstance(e, ono99.events.StarterTurned) for e in game.events
    ):  # every seat lays away
        game.play(game.legal_moves()[0])
    engine = engine_of(game)
    rules = engine.rules
    for seat in range(players):
        own = [rules.index[c] for c in game.observation(seat).laid_away]
        assert own
        places, cards = engine.unseen(seat)
        assert not Counter(own) & Counter(cards) - Counter(engine.r.hands[seat])  # known
        moved = 0
        for k in range(20):
            deal = engine.redealt(random.Random(k), places, cards)
            crib = deal.r.zones[rules.crib][0]
            assert len(crib) == len(engine.r.zones[rules.crib][0])
            assert not Counter(own) - Counter(crib)
            assert deal.r.zones[rules.laid_away][seat] == own
            for pile in deal.r.zones[rules.laid_away]:
                assert not Counter(pile) - Counter(crib)
            assert deal.observation(seat) == game.observation(seat)
            moved += Counter(crib) != Counter(engine.r.zones[rules.crib][0])
        assert moved  # the crib's other cards were dealt again


def test_the_rebuilt_position_keeps_what_the_seat_laid_away() -> None:
    """The search player's rebuilt position, at each decision of a deal after the cards
    are laid away, has the seat's own cards in the crib and in its record, and the
    observation's legal moves and record."""
    variant = ono99.load_variant("cribbage")
    traits = traits_of([], variant)
    game = ono99.Game(variant, 2, seed=3)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    for k in range(6):
        seen = game.observation(game.current_player)
        assert seen.laid_away
        position = _position(seen, traits, random.Random(k))
        rules = position.rules
        own = [rules.index[c] for c in seen.laid_away]
        assert position.r.zones[rules.laid_away][seen.player] == own
        assert not Counter(own) - Counter(position.r.zones[rules.crib][0])
        assert position.observation(seen.player) == seen
        game.play(seen.legal_moves[0])


def test_from_position_takes_infers_or_refuses_the_cards_laid_away() -> None:
    """``from_position`` places the cards each seat laid away (``zones=``), infers them
    where the table tells (one seat alone laid away), and refuses in words a crib whose
    cards nobody can tell, or a card laid away that the crib lacks."""
    variant = ono99.load_variant("cribbage")
    deck = [c.id for c in variant.cards for _ in range(c.count)]
    hands = [deck[0:6], deck[6:10]]
    crib = deck[10:12]
    rest = deck[12:]
    game = ono99.Game.from_position(
        variant, hands, rest, current_player=0, dealer=1, zones={"crib": crib}, seed=1
    )
    assert game.observation(1).laid_away == tuple(crib)  # seat 1 alone laid away
    assert game.observation(0).laid_away == ()
    full = [deck[0:4], deck[4:8]]
    crib = deck[8:12]
    with pytest.raises(ono99.VariantError, match=r"zones\.laid_away: the crib holds 4 cards"):
        ono99.Game.from_position(
            variant, full, deck[12:], current_player=0, dealer=1, zones={"crib": crib}
        )
    laid: dict[str, list[Any]] = {"crib": crib, "laid_away": [crib[:2], crib[2:]]}
    game = ono99.Game.from_position(
        variant, full, deck[12:], current_player=0, dealer=1, zones=laid, seed=1
    )
    assert game.observation(0).laid_away == tuple(crib[:2])
    assert game.observation(1).laid_away == tuple(crib[2:])
    wrong: dict[str, list[Any]] = {"crib": crib, "laid_away": [[deck[20], crib[0]], crib[2:]]}
    with pytest.raises(ono99.VariantError, match=r"zones\.laid_away\[0\]: .* the crib holds no"):
        ono99.Game.from_position(variant, full, deck[12:], current_player=0, dealer=1, zones=wrong)


def test_the_observation_vector_shows_the_observers_own_cards_laid_away() -> None:
    """The variant's vector has the record's slots (each seat's count, the observer's
    cards); the observer's cards laid away are lit there, and no slot holds another
    seat's cards."""
    np = pytest.importorskip("numpy", reason="the observation vector needs the rl extra")
    from ono99.envs import observation_encoder  # noqa: PLC0415 - only with the rl extra

    game = ono99.Game("cribbage", 2, seed=3)
    encoder = observation_encoder("cribbage", 2)
    names = encoder.names
    assert "laid_away[+0].size" in names and "laid_away[+1].size" in names
    assert not any(name.startswith("laid_away[+1][") for name in names)
    game.play(game.legal_moves()[0])
    seat = 1 - game.current_player
    for who in range(2):
        vector = encoder.encode(game.observation(who))
        lit = {names[i] for i in np.flatnonzero(vector) if names[i].startswith("laid_away[+0][")}
        expected = {f"laid_away[+0][{c}]" for c in game.observation(who).laid_away}
        assert lit == expected and (who != seat or lit)
        assert (
            vector[names.index("laid_away[+0].size" if who == seat else "laid_away[+1].size")] == 2
        )


def test_a_zone_a_file_declares_may_not_take_the_records_name() -> None:
    """The engine adds the record ``laid_away`` to a variant that lays cards away: a file
    that declares a zone of that name is refused, saying why."""
    text = 'extends = "ninety-nine"\nid = "x"\n[zones.laid_away]\nowner = "seat"\n'
    with pytest.raises(ono99.VariantError, match=r"zones\.laid_away: a variant laying cards"):
        ono99.loads_variant(text)
