"""Moves that carry a choice, and the settings of the "99" family.

Engine-level tests: how choices are listed, checked, recorded and replayed; how
the family's settings are validated and written; and invariants that hold over
whole games of every variant in the family. The rule objects themselves (AddChoice,
SetTotal, Skip, ChooseNext) are tested one at a time in ``test_effects.py``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import attrs
import pytest
from stacking import FAMILY, stacked

import ono99
from ono99 import Play, events
from ono99.loading._loader import loads_variant

if TYPE_CHECKING:
    from pathlib import Path


# ------------------------------------------------------------------- the move


def test_play_without_choices_reads_as_before() -> None:
    assert Play("7") == Play("7", amount=None, target=None)
    assert repr(Play("7")) == "Play(card='7')"
    assert repr(Play("ace", amount=11)) == "Play(card='ace', amount=11)"
    assert repr(Play("5", target=2)) == "Play(card='5', target=2)"
    assert str(Play("10", amount=-10)) == "play 10 for -10"
    assert Play("ace", amount=1) != Play("ace", amount=11)
    with pytest.raises(TypeError):
        Play("ace", 11)  # type: ignore[call-arg]  # the choices are keyword-only


@pytest.mark.parametrize(
    "obj",
    [
        Play("ace", amount=11),
        Play("5", target=2),
        Play("7"),
        events.Played(0, "10", 89, amount=-10),
        events.Played(3, "5", 40, target=1),
    ],
)
def test_choices_round_trip_as_data(obj: object) -> None:
    """A move or event with or without choices survives JSON; unset choices are left
    out of the data."""
    data = ono99.to_data(obj)
    assert None not in data.values()
    assert ono99.from_data(json.loads(json.dumps(data))) == obj


@pytest.mark.parametrize("variant_id", ["ninety-nine-pagat", "ninety-nine-everything2"])
def test_games_with_choices_replay(variant_id: str) -> None:
    """A saved game whose moves chose amounts and players replays to the same events."""
    for seed in range(3):
        game = ono99.Game(variant_id, 4, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(4)])
        chosen = [m for m in game.moves if isinstance(m, Play) and (m.amount or m.target)]
        assert chosen
        record = ono99.from_data(json.loads(json.dumps(ono99.to_data(game.record()))))
        assert ono99.Game.replay(record).events == game.events


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Play("ace"), "Ace counts 1 or 11: the move must say which"),
        (Play("ace", amount=10), "Ace counts 1 or 11, not 10"),
        (Play("ace", amount=True), "Ace counts 1 or 11, not True"),
        (Play("ace", amount="11"), "Ace counts 1 or 11, not '11'"),  # type: ignore[arg-type]
        (Play("2", amount=2), "2 leaves no amount to choose"),
        (Play("2", target=1), "2 names no player"),
        (Play("ace", amount=1, target=1), "Ace names no player"),
    ],
)
def test_a_wrong_choice_is_illegal_and_changes_nothing(move: Play, reason: str) -> None:
    game = ono99.Game("ninety-nine", players=3, seed=1, deck=["ace", "5", "6", "2"])
    before = (game.events, game.hand(0), game.total, game.current_player)
    assert (game.why_illegal(move) or "").startswith(reason)
    with pytest.raises(ono99.IllegalMoveError, match=reason):
        game.play(move)
    assert (game.events, game.hand(0), game.total, game.current_player) == before


def test_a_named_player_must_be_in_the_round() -> None:
    """Only the other players still in the round can be named."""
    e2 = ono99.load_variant("ninety-nine-everything2")
    deck = stacked(
        [["king", "2", "3", "6"], ["6", "7", "8", "9"], ["5", "2", "3", "7"], ["jack", "4"] * 2],
        ["8"],
    )
    game = ono99.Game(e2, players=4, seed=1, deck=deck)
    game.play(Play("king"))  # seat 1 cannot stay at or below 99 and is out
    assert game.in_round == (True, False, True, True) and game.current_player == 2
    fives = [m for m in game.legal_moves() if isinstance(m, Play) and m.card == "5"]
    assert fives == [Play("5", target=0), Play("5", target=3)]
    assert game.why_illegal(Play("5", target=1)) == "5 may name one of players 0, 3, not 1"
    assert game.why_illegal(Play("5", target=7)) == "5 may name one of players 0, 3, not 7"


def test_legal_moves_list_exactly_the_safe_choices() -> None:
    """Over whole games of every variant with choices: for each card in hand the legal
    amounts are exactly those that keep the total below the bust limit (after the
    floor), and the named players exactly the others still in the round."""
    for variant_id in ("ninety-nine-pagat", "ninety-nine-everything2", "ninety-nine-parlett"):
        variant = ono99.load_variant(variant_id)
        floor = variant.total.floor
        for seed in range(4):
            game = ono99.Game(variant, 4, seed=seed)
            player = ono99.RandomPlayer(seed)
            while not game.is_over:
                legal = game.legal_moves()
                for card_id in set(game.hand(game.current_player)):
                    card = variant.card(card_id)
                    amounts = [a for e in card.effects for a in e.choices]
                    if not amounts:
                        continue
                    expected = set()
                    for amount in amounts:
                        new = game.total
                        for effect in card.effects:
                            new = effect.total_after(new, amount)
                        if floor is not None:
                            new = max(new, floor)
                        if new < variant.total.bust:
                            expected.add(amount)
                    listed = {m.amount for m in legal if isinstance(m, Play) and m.card == card_id}
                    assert listed == expected
                for move in legal:
                    if isinstance(move, Play) and move.target is not None:
                        assert game.in_round[move.target]
                        assert move.target != game.current_player
                game.play(player.choose(game.observation(game.current_player)))


@pytest.mark.parametrize("variant_id", FAMILY)
def test_totals_follow_the_cards(variant_id: str) -> None:
    """Over whole games (cautious and random players, every allowed player count from
    the fewest to five), every card played takes the total to exactly what its
    effects say for the amount chosen, floor applied, and never to the bust limit."""
    variant = ono99.load_variant(variant_id)
    floor, bust = variant.total.floor, variant.total.bust
    for players in range(variant.players.min, min(variant.players.max, 5) + 1):
        for seed in range(3):
            game = ono99.Game(variant, players, seed=seed)
            seats: list[ono99.Player] = [
                ono99.CautiousPlayer() if i % 2 else ono99.RandomPlayer(seed + i)
                for i in range(players)
            ]
            ono99.play_out(game, seats)
            total = variant.total.start
            for event in game.events:
                if isinstance(event, events.RoundStarted):
                    total = event.total
                elif isinstance(event, events.Played):
                    expected = total
                    for effect in variant.card(event.card).effects:
                        expected = effect.total_after(expected, event.amount)
                    if floor is not None:
                        expected = max(expected, floor)
                    assert event.total == expected < bust
                    total = event.total


# --------------------------------------------------------------- the players


def test_cautious_player_takes_the_highest_safe_amount() -> None:
    """The cautious player counts an Ace as 11 while that is safe, and keeps a Ten for
    minus ten until it is needed."""
    deck = stacked([["ace", "10", "2"], ["5", "6", "7"]], ["3", "8"])
    game = ono99.Game("ninety-nine-pagat", players=2, seed=1, deck=deck)
    player = ono99.CautiousPlayer()
    assert player.choose(game.observation(0)) == Play("ace", amount=11)
    game.play(Play("2"))
    game.play(Play("5"))
    assert game.total == 7
    assert player.choose(game.observation(0)) == Play("ace", amount=11)


def test_cautious_player_uses_minus_ten_when_forced() -> None:
    deck = stacked([["king", "5", "6"], ["10", "7", "8"]], ["2", "3"])
    game = ono99.Game("ninety-nine-pagat", players=2, seed=1, deck=deck)
    game.play(Play("king"))
    assert game.legal_moves() == (Play("10", amount=-10),)
    assert ono99.CautiousPlayer().choose(game.observation(1)) == Play("10", amount=-10)


# --------------------------------------------------------- the rule objects


def test_a_loser_forced_to_play_picks_the_lowest_amount() -> None:
    """With ``no_safe_play.action = "play_lowest"``, a player who has no safe play
    plays the card and amount that give the lowest total: an Ace for 1."""
    common = ono99.load_variant("ninety-nine")
    variant = attrs.evolve(common, id="lowest", no_safe_play=ono99.NoSafePlay("play_lowest"))
    deck = stacked([["king", "5", "6"], ["ace", "7", "8"]], ["2", "3"])
    game = ono99.Game(variant, 2, seed=1, deck=deck)
    happened = game.play(Play("king"))
    assert events.Played(1, "ace", 100, amount=1, automatic=True) in happened
    assert events.Busted(1, 100) in happened


# ----------------------------------------------------- settings and loading


def test_player_count_steps() -> None:
    """``copies_by_players`` and ``count_by_players`` take the step with the highest
    threshold below the player count."""
    deck = ono99.Deck(
        copies=1,
        copies_by_players=(ono99.PlayerStep(8, 3), ono99.PlayerStep(4, 2)),
    )
    assert [deck.copies_for(n) for n in (2, 4, 5, 8, 9)] == [1, 1, 2, 2, 3]
    tokens = ono99.Tokens(count=5, count_by_players=(ono99.PlayerStep(4, 3),))
    assert [tokens.count_for(n) for n in (4, 5)] == [5, 3]


@pytest.mark.parametrize("variant_id", FAMILY)
def test_family_round_trips_through_toml(variant_id: str) -> None:
    """Dumping a variant to TOML and loading it gives the same variant and fingerprint."""
    variant = ono99.load_variant(variant_id)
    again = loads_variant(ono99.dump_variant(variant))
    assert again == variant
    assert ono99.fingerprint(again) == ono99.fingerprint(variant)


BASE = """
id = "test"
name = "Test"
[players]
min = 2
max = 4
[deal]
hand_size = 3
[total]
bust = 100
[cards.seven]
name = "7"
count = 20
effects = [{ type = "add", amount = 7 }]
"""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            '[cards.ace]\nname = "Ace"\ncount = 4\n'
            'effects = [{ type = "add_choice", amounts = [1] }]',
            r"cards\.ace\.effects\[0\]\.amounts: expected 2 or more amounts",
        ),
        (
            '[cards.ace]\nname = "Ace"\ncount = 4\n'
            'effects = [{ type = "add_choice", amounts = [1, 1] }]',
            r"cards\.ace\.effects\[0\]\.amounts: expected different amounts",
        ),
        (
            '[cards.ace]\nname = "Ace"\ncount = 4\n'
            'effects = [{ type = "add_choice", amounts = "1 or 11" }]',
            r"cards\.ace\.effects\[0\]\.amounts: expected an array of integers",
        ),
        (
            '[cards.ace]\nname = "Ace"\ncount = 4\n'
            'effects = [{ type = "add_choice", amounts = [1, "11"] }]',
            r"cards\.ace\.effects\[0\]\.amounts\[1\]: expected an integer",
        ),
        (
            '[cards.ace]\nname = "Ace"\ncount = 4\neffects = ['
            '{ type = "add_choice", amounts = [1, 11] }, '
            '{ type = "add_choice", amounts = [2, 3] }]',
            r"cards\.ace\.effects\[1\]: a card offers one choice of amount",
        ),
        (
            '[cards.king]\nname = "King"\ncount = 4\n'
            'effects = [{ type = "set_total", value = 100 }]',
            r"cards\.king\.effects\[0\]\.value: expected less than total\.bust \(100\)",
        ),
        (
            '[cards.three]\nname = "3"\ncount = 4\neffects = [{ type = "skip", players = 0 }]',
            r"cards\.three\.effects\[0\]\.players: expected 1 or more, got 0",
        ),
        (
            '[cards.five]\nname = "5"\ncount = 4\neffects = [{ type = "choose_next", who = 1 }]',
            r"cards\.five\.effects\[0\]\.who: unknown key",
        ),
        (
            "[deck]\ncopies_by_players = [{ more_than = 2, value = 0 }]",
            r"deck\.copies_by_players\[0\]\.value: expected 1 or more, got 0",
        ),
        (
            "[deck]\ncopies_by_players = { more_than = 2, value = 2 }",
            r"deck\.copies_by_players: expected an array of tables",
        ),
        (
            "[deck]\ncopies_by_players = [{ more = 2, value = 2 }]",
            r"deck\.copies_by_players\[0\]\.more: unknown key; did you mean 'more_than'",
        ),
        (
            "[match.tokens]\ncount_by_players = [{ more_than = 3, value = 1 }, "
            "{ more_than = 3, value = 2 }]",
            r"match\.tokens\.count_by_players\[1\]\.more_than: 3 is given twice",
        ),
        (
            '[no_safe_play]\nlaid_down = "discard"',
            r'no_safe_play\.laid_down: expected one of "out_of_play", "discard_pile"',
        ),
    ],
)
def test_bad_settings_name_the_key(tmp_path: Path, extra: str, message: str) -> None:
    """Every problem with the new rule objects and settings raises VariantError naming
    the file, the key path and what was expected."""
    path = tmp_path / "bad.toml"
    path.write_text(BASE + extra + "\n", encoding="utf-8")
    with pytest.raises(ono99.VariantError, match=message) as caught:
        ono99.load_variant(path)
    assert "bad.toml" in str(caught.value)


def test_a_deck_too_small_for_some_player_count_is_refused(tmp_path: Path) -> None:
    """The deck must deal every player count the variant allows, with the copies that
    count uses."""
    path = tmp_path / "small.toml"
    path.write_text(
        BASE.replace("max = 4", "max = 9")
        + "[deck]\ncopies_by_players = [{ more_than = 7, value = 2 }]\n",
        encoding="utf-8",
    )
    with pytest.raises(
        ono99.VariantError,
        match=r"too few to deal 3 \(deal.hand_size\) to each of 7 players "
        r"\(deck.copies_by_players\)",
    ):
        ono99.load_variant(path)
