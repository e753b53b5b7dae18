"""Scenario tests for ``cribbage-pegging``: Cribbage's play, scored on its own.

Each test plays a rule of the play on a stacked deck (see ``stacking.stacked``),
quoting "CRIBBAGE from According to Hoyle" (HOY), the rules text shipped with
BSD cribbage(6), or the other sources the variant file names. Seat 0 leads
(the non-dealer: the dealer is the last seat).
"""

from __future__ import annotations

from typing import Literal

import attrs
import pytest
from stacking import drive, stacked

import ono99
from ono99 import events as ev


@pytest.fixture(scope="module")
def cribbage() -> ono99.Variant:
    return ono99.load_variant("cribbage-pegging")


def deal(variant: ono99.Variant, *hands: list[str]) -> ono99.Game:
    return ono99.Game(variant, players=len(hands), seed=1, deck=stacked(hands))


def test_fifteen_pegs_2(cribbage: ono99.Variant) -> None:
    """HOY: "Making the count total 15 pegs 2"."""
    game = deal(cribbage, ["7", "king", "king", "king"], ["8", "queen", "queen", "queen"])
    drive(game, "7")
    assert game.scores == (0, 0)
    happened = drive(game, "8")
    assert game.total == 15
    assert game.scores == (0, 2)
    assert ev.ScoreChanged(1, 2, 2) in happened


def test_thirty_one_pegs_2_not_3_and_the_other_leads_again(cribbage: ono99.Variant) -> None:
    """HOY: "If such additional cards bring the total to exactly 31, he pegs 2
    instead of 1"; "the opponent of the player who played the last card must
    lead for a new count starting at zero"; "King and jack do not make a pair,
    although each has the counting value 10"."""
    game = deal(cribbage, ["king", "ace", "5", "6"], ["queen", "10", "jack", "jack"])
    drive(game, "king", "queen")  # 10, 20: a king and a queen are no pair
    assert game.scores == (0, 0)
    drive(game, "ace")  # 21: queen, king, ace is no run ("the ace is always low", BIC)
    assert game.scores == (0, 0)
    happened = drive(game, "10")
    assert game.scores == (0, 2)  # 31, and no go on top of it
    # Neither can play on 31: both pass ("go"), and seat 0 leads a new count at 0.
    assert [e for e in happened if isinstance(e, ev.Passed | ev.CountStarted)] == [
        ev.Passed(0),
        ev.Passed(1),
        ev.CountStarted(0, 0),
    ]
    assert game.total == 0 and game.current_player == 0


def test_pair_pair_royal_and_double_pair_royal(cribbage: ono99.Variant) -> None:
    """HOY: "Playing a card of same rank as that previously played pegs 2.
    Playing a third card of the same rank makes pair royal and pegs 6. Playing
    the fourth card of the same rank makes double pair royal and pegs 12"."""
    game = deal(cribbage, ["3", "3", "king", "king"], ["3", "3", "queen", "queen"])
    drive(game, "3", "3")
    assert game.scores == (0, 2)
    drive(game, "3")
    assert game.scores == (6, 2)
    drive(game, "3")
    assert game.scores == (6, 14)
    assert game.total == 12


@pytest.mark.parametrize(
    ("cards", "scored"),
    [
        # HOY: "7, 6, 8 played in that order score 3 for run".
        (["7", "6", "8"], [0, 0, 3]),
        # HOY: "5, 2, 4, 3 played in that order score 4" (not 4 and 3).
        (["5", "2", "4", "3"], [0, 0, 0, 4]),
        # "so long as the three or more last cards played can be arranged in a
        # run" (HOY): 4, 5, ace, 2, 3 is a run of five (and 15 makes 2 more).
        (["4", "5", "ace", "2", "3"], [0, 0, 0, 0, 7]),
        # 8, 7, 7, 6: no run (the pair of sevens breaks it); 15 and the pair score.
        (["8", "7", "7", "6"], [0, 2, 2, 0]),
        # "the ace is always low and cannot form a sequence with a king" (BIC).
        (["queen", "king", "ace"], [0, 0, 0]),
    ],
)
def test_runs_score_a_point_a_card(
    cribbage: ono99.Variant, cards: list[str], scored: list[int]
) -> None:
    """HOY: "Playing a card which, with the two or more played immediately
    previously, makes a sequence of three or more cards, pegs 1 for each card in
    the run"; only the longest run the latest cards make scores."""
    hands: list[list[str]] = [[], []]
    for i, card in enumerate(cards):
        hands[i % 2].append(card)
    # Low cards to fill the hands: the count goes on after the last of ``cards``
    # (no go is scored in it).
    for seat, low in enumerate(("ace", "2")):
        hands[seat] += [low] * (4 - len(hands[seat]))
    game = deal(cribbage, *hands)
    for i, card in enumerate(cards):
        before = game.scores[i % 2]
        drive(game, card)
        assert game.scores[i % 2] - before == scored[i], (card, game.scores)


def test_go_the_other_plays_on_then_pegs_1(cribbage: ono99.Variant) -> None:
    """HOY: "If a player is unable to play another card without exceeding 31,
    he must say 'Go,' and his opponent pegs 1, but before doing so, opponent
    must lay down any additional cards he can without exceeding 31"."""
    game = deal(cribbage, ["king", "9", "ace", "king"], ["queen", "jack", "jack", "10"])
    happened = drive(game, "king", "queen", "9")  # 29: seat 1 holds only tens
    assert ev.Passed(1) in happened
    assert game.current_player == 0 and game.in_round == (True, True)
    assert game.legal_moves() == (ono99.Play("ace"),)  # must lay down the ace
    happened = drive(game, "ace")  # 30
    assert game.scores == (1, 0)  # the go, for the last to play
    assert ev.CountStarted(1, 0) in happened


def test_the_last_card_of_all_counts_as_a_go(cribbage: ono99.Variant) -> None:
    """HOY: "Playing the last card of all counts as a go"."""
    game = deal(cribbage, ["2", "king", "9", "8"], ["4", "queen", "6", "jack"])
    drive(game, "2", "4", "king")  # 16
    drive(game, "queen")  # 26: neither can play on, so seat 1 pegs the go
    assert game.scores == (0, 1)
    drive(game, "9", "6")  # a new count, led by seat 0: 9, then 15 (2 for seat 1)
    assert game.scores == (0, 3)
    drive(game, "8")  # 23: seat 1's jack would make 33, and seat 0 holds nothing
    assert game.scores == (1, 3)
    assert game.legal_moves() == (ono99.Play("jack"),)
    happened = drive(game, "jack")  # the last card of all
    assert game.scores == (1, 4)
    assert any(isinstance(e, ev.RoundEnded) for e in happened)


def test_three_players_the_player_after_the_last_to_play_leads(cribbage: ono99.Variant) -> None:
    """Wikipedia, "Rules of cribbage": "The count is then reset to zero and play
    resumes, starting with the player to the left of the last card played" (not
    the first to say "go", as Bicycle's three-hand rules would have it)."""
    game = deal(
        cribbage,
        ["king", "king", "jack", "10"],
        ["queen", "ace", "jack", "10"],
        ["9", "queen", "jack", "10"],
    )
    happened = drive(game, "king", "queen", "9")  # 29: seat 0 says go first
    assert ev.Passed(0) in happened
    happened = drive(game, "ace")  # 30: seat 1 played last
    assert game.scores == (0, 1, 0)
    assert ev.CountStarted(2, 0) in happened
    assert game.current_player == 2 and game.total == 0


def test_three_players_two_passes_in_a_row_end_the_count(cribbage: ono99.Variant) -> None:
    """Bicycle, Three-Hand Cribbage: "When a player calls Go, the next opponent must
    continue play if he can. ... If the first player after the Go cannot play, the
    second player does not play. The point for Go is always won by the person who
    played the last card": seat 2, which played the 9, could lay its ace down on 29,
    but seats 0 and 1 have passed in a row, so the count ends and seat 2 pegs the go."""
    hands = (
        ["king", "king", "jack", "10"],
        ["queen", "queen", "jack", "10"],
        ["9", "ace", "jack", "10"],
    )
    game = deal(cribbage, *hands)
    happened = drive(game, "king", "queen", "9")  # 29
    assert ev.Passed(0) in happened and ev.Passed(1) in happened
    assert game.scores == (0, 0, 1)
    assert ev.CountStarted(0, 0) in happened
    assert game.hand(2).count("ace") == 1
    # The other reading: the others go on as long as any can play.
    on = attrs.evolve(
        cribbage, no_safe_play=attrs.evolve(cribbage.no_safe_play, count_ends="all_passed")
    )
    game = deal(on, *hands)
    drive(game, "king", "queen", "9")
    assert game.current_player == 2
    assert game.legal_moves() == (ono99.Play("ace"),)


def test_three_players_the_last_holder_plays_the_cards_out(cribbage: ono99.Variant) -> None:
    """The cards are played "until all the cards are played out" (Encyclopaedia
    Britannica, 9th ed.), and "Playing the last card of all counts as a go" (HOY):
    once seats 0 and 1 hold nothing, their passes are no go, and seat 2 plays its
    last cards alone, count after count, pegging the go of each."""
    game = deal(
        cribbage,
        ["ace", "2", "2", "jack"],
        ["5", "5", "2", "ace"],
        ["10", "9", "8", "10"],
    )
    # 10, 15, 23, 25, 27 (a pair); seat 2 says go, seat 0 makes pair royal (29), 30,
    # and 31 with a pair.
    drive(game, "jack", "5", "8", "2", "2", "2", "ace", "ace")
    assert game.scores == (10, 4, 0)
    happened = drive(game, "5", "9")  # a new count led by seat 1: 5, 14
    assert game.hand(0) == () and game.hand(1) == ()
    assert not any(isinstance(e, ev.CountStarted) for e in happened)
    assert game.current_player == 2
    happened = drive(game, "10")  # 24: nobody can play on, so seat 2 pegs the go
    assert game.scores == (10, 4, 1)
    assert ev.CountStarted(0, 0) in happened and game.current_player == 2
    happened = drive(game, "10")  # the last card of all
    assert game.scores == (10, 4, 2)
    assert ev.RoundEnded(1, (), None) in happened


def _to(
    variant: ono99.Variant, target: int, reached: Literal["round_end", "at_once"] = "at_once"
) -> ono99.Variant:
    points = attrs.evolve(variant.match.points, target=target, reached=reached)
    return attrs.evolve(variant, match=attrs.evolve(variant.match, points=points))


def test_the_first_to_the_target_wins_at_once_in_the_middle_of_a_deal(
    cribbage: ono99.Variant,
) -> None:
    """pagat.com, Six Card Cribbage: "As soon as someone reaches or passes 121 points,
    that player wins": with the target at 2, seat 1's fifteen wins the game then and
    there, the deal not played out. Checked only when the deal ends
    (``reached = "round_end"``), play would go on."""
    hands = (["7", "king", "king", "king"], ["8", "queen", "queen", "queen"])
    game = deal(_to(cribbage, 2), *hands)
    drive(game, "7")
    happened = drive(game, "8")  # 15: 2 for seat 1
    assert game.is_over and game.winner == 1 and game.winners == (1,)
    assert happened[-1] == ev.GameWon(1)
    assert ev.RoundEnded(1, (), 1) in happened
    assert len(game.hand(0)) == 3  # the deal stopped there
    game = deal(_to(cribbage, 2, "round_end"), *hands)
    drive(game, "7", "8")
    assert not game.is_over and game.scores == (0, 2)


def test_partners_reaching_the_target_win_at_once_together(cribbage: ono99.Variant) -> None:
    """Bicycle, Four-Hand Cribbage: "Scores made by partners are combined": seat 1's
    fifteen takes seats 1 and 3 to the target, and they win at once, together."""
    game = deal(
        _to(cribbage, 2),
        ["7", "king", "king", "king"],
        ["8", "queen", "queen", "queen"],
        ["ace"] * 4,
        ["2"] * 4,
    )
    drive(game, "7", "8")
    assert game.is_over and game.winners == (1, 3)


# ---------------------------------------------------------------- four-hand


def test_four_play_in_partnerships_facing_each_other(cribbage: ono99.Variant) -> None:
    """Four play in two partnerships, partners sitting opposite each other (Bicycle,
    Four-Hand Cribbage): seats 0 and 2 against 1 and 3; three play alone."""
    game = deal(cribbage, ["7", "king", "king", "king"], ["8"] * 4, ["9"] * 4, ["10"] * 4)
    assert game.teams == ((0, 2), (1, 3))
    assert game.observation(1).teams == ((0, 2), (1, 3))
    assert ono99.Game(cribbage, players=3, seed=1).teams == ()


def test_partners_peg_together(cribbage: ono99.Variant) -> None:
    """Bicycle, Four-Hand Cribbage: "Scores made by partners are combined": seat 1's
    fifteen is pegged for seats 1 and 3 alike."""
    game = deal(
        cribbage,
        ["7", "king", "king", "king"],
        ["8", "queen", "queen", "queen"],
        ["ace"] * 4,
        ["2"] * 4,
    )
    drive(game, "7")
    happened = drive(game, "8")
    assert game.total == 15
    assert game.scores == (0, 2, 0, 2)
    assert ev.ScoreChanged(1, 2, 2) in happened
    assert ev.ScoreChanged(3, 2, 2) in happened


@pytest.mark.parametrize("seed", range(6))
def test_partners_score_alike_and_win_together(cribbage: ono99.Variant, seed: int) -> None:
    """Bicycle, Four-Hand Cribbage: "Scores made by partners are combined": partners'
    scores are equal after every move, and the game is won by one team (``winners``),
    whose combined score reached the target."""
    game = ono99.Game(cribbage, players=4, seed=seed)
    players = [ono99.RandomPlayer(seed=seed * 4 + s) for s in range(4)]
    while not game.is_over:
        game.play(players[game.current_player].choose(game.observation(game.current_player)))
        scores = game.scores
        assert scores[0] == scores[2] and scores[1] == scores[3]
    assert game.winners in {(0, 2), (1, 3)}
    assert game.winner in game.winners
    assert game.scores[game.winner] >= cribbage.match.points.target


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_deal_is_played_out(cribbage: ono99.Variant, players: int) -> None:
    """The cards are played "until all the cards are played out" (Encyclopaedia
    Britannica, 9th ed.): every deal that the game does not end in the middle of
    ends with all four cards of every hand played, whoever ran out first."""
    for seed in range(8):
        game = ono99.Game(cribbage, players=players, seed=seed)
        chooser = ono99.RandomPlayer(seed=seed)
        played = 0
        while not game.is_over:
            for event in game.play(chooser.choose(game.observation(game.current_player))):
                if isinstance(event, ev.Played):
                    played += 1
                elif isinstance(event, ev.RoundEnded) and not game.is_over:
                    assert played == 4 * players, (seed, event.round)
                    played = 0
