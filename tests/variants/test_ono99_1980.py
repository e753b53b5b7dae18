"""Scenario tests for the 1980 International Games edition.

Each test plays an example of the 1980 rules text (cited as R80) on a stacked
deck and checks the outcome.
"""

from __future__ import annotations

import attrs
import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play, events


@pytest.fixture(scope="module")
def v1980() -> ono99.Variant:
    return ono99.load_variant("ono99-1980")


def test_edition_facts(v1980: ono99.Variant) -> None:
    """R80: "The game consists of 54 special cards"; "PLAYERS 2 to 8"; 4 cards each."""
    assert v1980.deck_size == 54
    counts = {card.id: card.count for card in v1980.cards}
    assert counts == {
        **{str(n): 3 for n in range(2, 10)},
        "10": 10,
        "hold": 4,
        "reverse": 6,
        "minus_ten": 4,
        "double_play": 2,
        "ono99": 4,
    }
    assert (v1980.players.min, v1980.players.max) == (2, 8)
    assert v1980.deal.hand_size == 4
    assert ono99.load_variant("gibsons-1988") == v1980


def test_double_play_example(v1980: ono99.Variant) -> None:
    """R80: "Player number one passes 57 points to opponent number two, player two
    employs a Double Play card, keeping the total at 57 points. Player number three
    must now double play. Player three's first play is a 9 card, making the total now
    66 points. Then player three draws a card to replace the 9 card and plays again
    as usual."
    """
    deck = stacked(
        [["10", "10", "double_play", "2"], ["10", "10", "9", "3"], ["10", "7", "4", "5"]],
        ["8", "8", "8", "6", "6", "6", "5", "5", "4", "4"],
    )
    game = ono99.Game(v1980, players=3, seed=1, deck=deck)
    drive(game, "10", "10", "10", "10", "10", "7")
    assert game.total == 57 and game.current_player == 0
    happened = game.play(Play("double_play"))
    assert game.total == 57
    assert events.PlaysOwed(1, 2, "double_play") in happened
    assert game.current_player == 1 and game.plays_owed == 2
    happened = game.play(Play("9"))
    assert game.total == 66
    assert [type(e) for e in happened] == [events.Played, events.Drew]
    assert game.current_player == 1 and game.plays_owed == 1
    game.play(Play("3"))
    assert game.total == 69
    assert game.current_player == 2 and game.plays_owed == 1


def test_double_play_cannot_answer_double_play(v1980: ono99.Variant) -> None:
    """R80: "A player affected by the Double Play card may not play another Double
    Play card on his first play." On the second play it is allowed, and counts x2."""
    deck = stacked(
        [["double_play", "2", "3", "4"], ["double_play", "5", "6", "7"], ["8", "9", "2", "3"]],
        ["10"] * 6,
    )
    game = ono99.Game(v1980, players=3, seed=1, deck=deck)
    game.play(Play("double_play"))
    before = game.events
    with pytest.raises(ono99.IllegalMoveError, match="Double Play may not answer forced plays"):
        game.play(Play("double_play"))
    assert game.events == before
    assert Play("double_play") not in game.legal_moves()
    game.play(Play("5"))
    assert Play("double_play") in game.legal_moves()
    happened = game.play(Play("double_play"))
    assert events.PlaysOwed(2, 2, "double_play") in happened


def test_reverse_sends_double_play_back_and_hold_passes_it_on(v1980: ono99.Variant) -> None:
    """R80: "the player affected may, on his first play, use a Reverse Card, thus
    reversing the Double Play back ... or ... may play a Hold card on the first play,
    thus holding the Double Play card and passing the double play to the next player."
    """
    deck = stacked(
        [
            ["double_play", "2", "3", "4"],
            ["reverse", "5", "6", "7"],
            ["8", "9", "2", "3"],
            ["hold", "4", "5", "6"],
        ],
        ["10"] * 6,
    )
    game = ono99.Game(v1980, players=4, seed=1, deck=deck)
    game.play(Play("double_play"))
    assert (game.current_player, game.plays_owed) == (1, 2)
    happened = game.play(Play("reverse"))
    # Sent back: seat 0 owes the two plays now, and play runs the other way.
    assert (game.current_player, game.plays_owed, game.direction) == (0, 2, -1)
    assert events.PlaysOwed(0, 2, "double_play") in happened
    game.play(Play("2"))
    game.play(Play("3"))
    assert (game.current_player, game.plays_owed) == (3, 1)
    # A Hold passes the Double Play on to the next player.
    game2 = ono99.Game(
        v1980,
        players=4,
        seed=1,
        deck=stacked(
            [
                ["2", "3", "4", "5"],
                ["2", "3", "4", "5"],
                ["double_play", "6", "7", "8"],
                ["hold", "6", "7", "8"],
            ],
            ["9"] * 3 + ["10"] * 6,
        ),
    )
    drive(game2, "2", "2", "double_play")
    assert (game2.current_player, game2.plays_owed) == (3, 2)
    happened = game2.play(Play("hold"))
    assert events.PlaysOwed(0, 2, "double_play") in happened
    assert (game2.current_player, game2.plays_owed) == (0, 2)
    assert game2.total == 4


def test_two_player_reverse_acts_as_hold(v1980: ono99.Variant) -> None:
    """R80: "When two players are playing, and a reverse card is played, play does not
    revert back to the player playing the card. In a one-on-one game, the reverse card
    acts as a hold card."""
    deck = stacked([["reverse", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "9", "9", "10"])
    game = ono99.Game(v1980, players=2, seed=1, deck=deck)
    game.play(Play("2"))
    game.play(Play("5"))
    game.play(Play("reverse"))
    assert game.total == 7 and game.current_player == 1
    game.play(Play("6"))
    assert game.current_player == 0


def test_minus_ten_goes_negative(v1980: ono99.Variant) -> None:
    """R80: "A minus 10 card may be played if the total is 0, then making the total a
    minus 10" and "could play another Minus Ten card making the point value minus
    twenty"."""
    deck = stacked(
        [["minus_ten", "2", "3", "4"], ["minus_ten", "6", "7", "8"]], ["9", "9", "9", "10"]
    )
    game = ono99.Game(v1980, players=2, seed=1, deck=deck)
    game.play(Play("minus_ten"))
    assert game.total == -10
    game.play(Play("minus_ten"))
    assert game.total == -20


# Two players climb to 89 (seat 0 holds 2, 3, 4 and an O'NO 99 by then, seat 1
# holds 9, 10, 10, 10); the plays and draws are planned card by card.
CLIMB_DECK = stacked(
    [["10", "10", "10", "10"], ["8", "10", "10", "10"]],
    ["7", "8", "6", "8", "2", "7", "3", "5", "4", "9", "ono99", "hold", "reverse"],
)
CLIMB = ("10", "8", "10", "8", "10", "8", "10", "7", "7", "5", "6")


def test_98_is_safe_and_99_busts(v1980: ono99.Variant) -> None:
    """R80: "The object of O'NO 99 is to avoid totaling 99 points or more"; the loser
    "must play his lowest numbered card, making the point value 99 or greater, then he
    must draw a card ... to end the round"."""
    game = ono99.Game(v1980, players=2, seed=1, deck=CLIMB_DECK)
    drive(game, *CLIMB)
    assert game.total == 89 and game.current_player == 1
    assert sorted(game.hand(1)) == ["10", "10", "10", "9"]
    assert game.legal_moves() == (Play("9"),)
    assert "would take the total to 99" in (game.why_illegal(Play("10")) or "")
    happened = game.play(Play("9"))
    assert happened[0] == events.Played(1, "9", 98)
    # Seat 0 holds 2, 3, 4 and an O'NO 99: nothing is safe at 98, so it plays its
    # lowest number card, busts, draws, and the round ends.
    assert happened[2:7] == (
        events.Played(0, "2", 100, automatic=True),  # the rules play it: no decision
        events.Drew(0, "reverse", automatic=True),
        events.Busted(0, 100),
        events.RoundEnded(1, (0,), 1),
        events.TokenLost(0, 2),
    )
    assert game.round == 2 and game.total == 0


def test_all_ono99_hand_loses_at_once(v1980: ono99.Variant) -> None:
    """R80: "The only exception would be that if the affected player has all O'NO 99
    Cards in hand, when it is that player's turn to play, the hand is automatically
    over. He does not discard and draw." """
    deck = stacked([["2", "3", "4", "5"], ["ono99"] * 4])
    game = ono99.Game(v1980, players=2, seed=1, deck=deck)
    happened = game.play(Play("2"))
    assert happened[0] == events.Played(0, "2", 2)
    after = happened[2:]
    assert after[0] == events.Stuck(1)
    assert not any(isinstance(e, events.Played | events.Drew) and e.player == 1 for e in after)
    assert events.RoundEnded(1, (1,), 0) in after
    assert events.TokenLost(1, 2) in after


def test_out_on_the_fourth_loss() -> None:
    """R80: "Each time a player loses a round, one token is taken away. If all three
    tokens are lost, a player is allowed to lose one more round. On a fourth loss, that
    player is completely out and the game continues until only one player is left."
    Checked over many whole games: every eliminated player lost exactly four rounds,
    with 2, 1 and 0 tokens left after the first three."""
    variant = ono99.load_variant("ono99-1980")
    eliminated_seen = 0
    for seed in range(40):
        game = ono99.Game(variant, players=4, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed * 10 + i) for i in range(4)])
        losses: dict[int, int] = {}
        tokens: dict[int, list[int]] = {}
        for event in game.events:
            if isinstance(event, events.RoundEnded):
                for p in event.losers:
                    losses[p] = losses.get(p, 0) + 1
            elif isinstance(event, events.TokenLost):
                tokens.setdefault(event.player, []).append(event.tokens)
            elif isinstance(event, events.Eliminated):
                eliminated_seen += 1
                assert losses[event.player] == 4
                assert tokens[event.player] == [2, 1, 0]
        assert sum(game.in_game) == 1 and game.winner is not None
        assert losses.get(game.winner, 0) <= 3
    assert eliminated_seen == 3 * 40


def test_points_scoring_table() -> None:
    """R80 SCORING OPTION: "Number cards count as face value. Player that reaches 99
    points or greater adds 25 points to his score. Penalty for 99 card in hand — 20
    points each. Hold, Reverse, Minus Ten and Double Play cards — 15 points each."
    """
    variant = ono99.load_variant("ono99-1980-points")
    assert variant.match.scoring == "points" and variant.match.points.target == 500
    game = ono99.Game(variant, players=2, seed=1, deck=CLIMB_DECK)
    drive(game, *CLIMB)
    happened = game.play(Play("9"))
    scored = {e.player: e.points for e in happened if isinstance(e, events.Scored)}
    # Seat 0 busted and kept 3, 4, an O'NO 99 and the Reverse it drew: 3 + 4 + 20 + 15 + 25.
    assert scored[0] == 3 + 4 + 20 + 15 + 25
    # Seat 1 kept three 10s and the Hold it drew: 30 + 15.
    assert scored[1] == 30 + 15
    assert game.scores == (67, 45)


def _check_round_scores(game: ono99.Game) -> int:
    """Follow every hand through the log and check each round's Scored events against
    the R80 table. Returns how many missing cards were charged."""
    variant = game.variant
    points = {card.id: card.points for card in variant.cards}
    table = variant.match.points
    hands: dict[int, list[str]] = {}
    stuck: set[int] = set()
    missing_charged = 0
    expected: dict[int, int] = {}
    for event in game.events:
        if isinstance(event, events.RoundStarted):
            hands, stuck = {}, set()
        elif isinstance(event, events.Dealt):
            hands[event.player] = list(event.cards)
        elif isinstance(event, events.Drew):
            hands[event.player].append(event.card)
        elif isinstance(event, events.Played):
            hands[event.player].remove(event.card)
        elif isinstance(event, events.Stuck):
            stuck.add(event.player)
        elif isinstance(event, events.RoundEnded):
            expected = {}
            for seat, hand in hands.items():
                short = variant.deal.hand_size - len(hand)
                missing_charged += short
                value = sum(points[c] for c in hand) + table.missing_card * short
                if seat in event.losers and (table.stuck_is_bust or seat not in stuck):
                    value += table.bust
                expected[seat] = value
        elif isinstance(event, events.Scored):
            assert event.points == expected[event.player]
    return missing_charged


@pytest.mark.parametrize("variant_id", ["ono99-1980-points", "ono99-1980-points-first"])
def test_every_round_is_scored_by_the_table(variant_id: str) -> None:
    """R80: "Number cards count as face value. Player that reaches 99 points or greater
    adds 25 points ... 99 card in hand — 20 points each. Hold, Reverse, Minus Ten and
    Double Play cards — 15 points each. Player with less than four cards in hand ...
    adds 15 points for each missing card." Every round of many games is checked."""
    variant = ono99.load_variant(variant_id)
    for seed in range(25):
        game = ono99.Game(variant, players=3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(3)])
        _check_round_scores(game)
        target = variant.match.points.target
        if variant.match.points.at_target == "out":
            # Everyone but the winner was knocked out at the target.
            assert all(game.scores[p] >= target for p in range(3) if p != game.winner)
        else:
            # The game ended when someone reached it; the winner has the lowest score.
            assert max(game.scores) >= target
            assert game.scores[game.winner or 0] == min(
                game.scores[p] for p in range(3) if game.in_game[p] or p == game.winner
            )


def test_missing_cards_are_charged() -> None:
    """R80: "adds 15 points for each missing card". A hand is short only when nothing is
    left to draw: here a tiny deck whose top discard stays out of the reshuffle."""
    base = ono99.load_variant("ono99-1980-points")
    cards = tuple(attrs.evolve(c, count=4 if c.id in ("10", "9") else 0) for c in base.cards)
    small = attrs.evolve(
        base,
        cards=cards,
        players=ono99.PlayerCount(min=2, max=2),
        reshuffle=ono99.Reshuffle(keep_top_card=True),
    )
    charged = 0
    for seed in range(10):
        game = ono99.Game(small, players=2, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed), ono99.RandomPlayer(seed + 1)])
        charged += _check_round_scores(game)
    assert charged > 0
