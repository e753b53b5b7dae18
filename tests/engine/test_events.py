"""Events as data, the boundary between a move and what followed, and a player's log."""

from __future__ import annotations

import inspect
import json

import attrs
import pytest
from stacking import stacked

import ono99
from ono99 import Play, events

EVERY_NEW_KIND = [
    events.DirectionChanged(1, -1),
    events.DirectionChanged(1, 1, automatic=True),
    events.Deflected(2, "reverse", 2),
    events.DealtUnseen(0, 4),
    events.DrewUnseen(3),
    events.DrewUnseen(3, automatic=True),
    events.Played(0, "5", 100, automatic=True),
    events.Drew(0, "hold", automatic=True),
    events.Reshuffled(40, automatic=True),
    events.PlaysOwed(1, 2, "double_play"),
]


@pytest.mark.parametrize("event", EVERY_NEW_KIND, ids=repr)
def test_events_round_trip_through_data(event: events.Event) -> None:
    """``from_data(to_data(e)) == e``, through JSON; ``automatic`` is written only when true."""
    data = ono99.to_data(event)
    assert ono99.from_data(json.loads(json.dumps(data))) == event
    carried = "automatic" in attrs.fields_dict(type(event))  # else a class attribute
    assert ("automatic" in data) == (carried and event.automatic)


def test_a_move_and_what_followed_are_told_apart() -> None:
    """1980: the player with no safe play "must play his lowest numbered card, making the
    point value 99 or greater, then he must draw a card ... to end the round". The move is
    player 1's 9; the bust, the round's end and the next deal follow on their own."""
    deck = stacked([["2", "3", "4", "ono99"], ["9", "5", "6", "7"]], ["reverse"])
    game = ono99.Game("ono99-1980", players=2, seed=1, deck=deck)
    game = ono99.Game.from_position(
        "ono99-1980",
        [list(game.hand(0)), list(game.hand(1))],
        list(game.draw_pile),
        total=89,
        current_player=1,
        seed=1,
    )
    happened = game.play(Play("9"))
    move = [e for e in happened if not e.automatic]
    followed = [e for e in happened if e.automatic]
    assert happened[: len(move)] == tuple(move)  # the move first, then what followed
    assert move == [events.Played(1, "9", 98), events.Drew(1, "reverse")]
    assert followed[:4] == [
        events.Played(0, "2", 100, automatic=True),
        events.Drew(0, followed[1].card, automatic=True),  # type: ignore[union-attr]
        events.Busted(0, 100),
        events.RoundEnded(1, (0,), 1),
    ]
    assert any(isinstance(e, events.RoundStarted) for e in followed)
    assert [ono99.to_data(e).get("automatic") for e in happened[:3]] == [None, None, True]


def test_a_player_log_shows_the_others_cards_as_counts_only() -> None:
    game = ono99.Game("ono99-2022", players=3, seed=4)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    for seat in range(3):
        log = game.player_log(seat)
        assert len(log) == len(game.events)
        for seen, event in zip(log, game.events, strict=True):
            if isinstance(event, events.Dealt | events.Drew) and event.player != seat:
                assert isinstance(seen, events.DealtUnseen | events.DrewUnseen)
                assert "card" not in ono99.to_data(seen) or seen.player == seat
            else:
                assert seen == event
    assert events.seen_by(game.events, 0) == game.player_log(0)
    with pytest.raises(ono99.ArgumentError):
        game.player_log(3)


def test_a_card_given_between_two_others_is_seen_without_its_card() -> None:
    """Only the giver and the taker see which card was given (rules.Table.give_card)."""
    given = events.CardGiven(1, 2, "hold")
    assert events.seen_by([given], 1) == (given,)
    assert events.seen_by([given], 2) == (given,)
    assert events.seen_by([given], 0) == (events.CardGivenUnseen(1, 2),)
    assert "card" not in ono99.to_data(events.CardGivenUnseen(1, 2))


def test_a_game_told_to_one_player_tells_none_of_the_others_cards() -> None:
    """``ono99.describe_event(e, variant, seat=0)``, as ``ono99 play`` tells player 0 a game: the
    others' deals and draws are no line, player 0's own are told to "you", and a line that
    does not concern player 0 is the same as told to no one."""
    game = ono99.Game("ono99-2022", players=3, seed=5)
    ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
    own = 0
    for event in game.events:
        line = ono99.describe_event(event, game.variant, seat=0)
        plain = ono99.describe_event(event, game.variant)
        if isinstance(event, events.Dealt | events.Drew) and event.player != 0:
            assert line is None, event
        elif isinstance(event, events.Dealt | events.Drew):
            assert line is not None and line.startswith("You "), line
            assert plain is not None and plain.startswith("Player 0 ")
            own += 1
        elif plain is not None and "layer 0" not in plain:
            assert line == plain
        elif plain is not None:
            assert line is not None and "layer 0" not in line and "you" in line.lower(), line
    assert own > 4


def test_a_named_player_is_told_without_saying_what_for() -> None:
    """A move that names a player names them, and the card says what for: a card that
    makes the named player draw (``draw`` with ``who = "chosen"``) is not told as naming
    who plays next (as a plugin's that swaps hands would have been)."""
    variant = ono99.loads_variant(
        'extends = "ono99-2022"\nid = "pick"\n[cards.pick]\nname = "Pick"\ncount = 4\n'
        'effects = [{ type = "draw", cards = 2, who = "chosen" }]\n'
    )
    played = events.Played(0, "pick", 10, target=2)
    told = ono99.describe_event(played, variant)
    assert told == "Player 0 plays Pick, naming player 2: total 10"


PLAYED_MADE = [
    {},
    {"amount": 11},
    {"target": 2},
    {"say": 19},
    {"declare": "hearts"},
    {"automatic": True},
    {"amount": 1, "target": 0, "say": 9, "declare": "red", "automatic": True},
]


@pytest.mark.parametrize("fields", PLAYED_MADE, ids=repr)
def test_the_engine_makes_played_events_as_the_class_does(fields: dict[str, object]) -> None:
    """The engine makes its ``Played`` events field by field (``new_played``, faster than
    the class's interpreted ``__init__``): each is equal to the class's own, with the same
    repr, hash and data, and as frozen; its arguments are the class's fields, in order, so
    a field added to the class fails here until the engine sets it too."""
    from ono99.engine._play import new_played  # noqa: PLC0415 - the engine's own helper

    names = [field.name for field in attrs.fields(events.Played)]
    assert list(inspect.signature(new_played).parameters) == names
    made = new_played(1, "8", 19, **fields)  # type: ignore[arg-type]
    expected = events.Played(1, "8", 19, **fields)  # type: ignore[arg-type]
    assert type(made) is events.Played
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert ono99.to_data(made) == ono99.to_data(expected)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.total = 0  # type: ignore[misc]
