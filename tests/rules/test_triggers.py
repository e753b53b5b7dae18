"""Triggers, round outcomes and the termination rule, one rule object or setting at a time.

The variants here extend ``ninety-nine`` (3 cards, 99 safe, 100 busts, the first loss
ends the round, 3 tokens) with one ``[[triggers]]`` table or setting at a time; each
test plays a stacked deck (``deck=``) and checks what the docstring of the rule
object (quoted) says. Seat 0 leads the first round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play, events
from ono99.engine._narrate import describe_event
from ono99.rules import (
    ChangePoints,
    ChangeTokens,
    EndRound,
    LandOn,
    PassOver,
    PlayerLoses,
    ReachBust,
    RoundEnds,
    Trigger,
    WinRound,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

FILLER = ["5", "6", "7", "8"]
BASE = 'id = "trigger-test"\nextends = "ninety-nine"\n'


# Seat 0 leads a Jack (+10); every seat could.
THREE_TENS = [["jack", "2", "3"], ["queen", "2", "3"], ["jack", "2", "3"]]


def variant(extra: str) -> ono99.Variant:
    return ono99.loads_variant(BASE + extra)


def ends_round_at(value: int) -> str:
    """A trigger table: landing on ``value`` ends the round."""
    outcomes = 'outcomes = [{ type = "end_round" }]\n'
    return f'[[triggers]]\ntype = "land_on"\nvalue = {value}\n{outcomes}'


def fired(happened: Sequence[events.Event]) -> list[events.TriggerFired]:
    return [e for e in happened if isinstance(e, events.TriggerFired)]


# ------------------------------------------------------------- the rule objects


def test_land_on_fires_only_when_the_total_moves_onto_its_value() -> None:
    """LandOn: "A play that leaves the total where it was (a Hold at 33) does not
    land on it"."""
    rule = LandOn(33, outcomes=(ChangeTokens("others", -1),))
    assert rule.fires(30, 33, 100)
    assert rule.fires(43, 33, 100)  # coming down onto it lands too
    assert not rule.fires(33, 33, 100)
    assert not rule.fires(30, 34, 100)


def test_pass_over_fires_only_on_a_rising_total_that_skips_its_value() -> None:
    """PassOver: "Only a rising total passes over"; landing on the value is not
    passing over it."""
    rule = PassOver(33, outcomes=(ChangeTokens("player", -1),))
    assert rule.fires(30, 34, 100)
    assert not rule.fires(30, 33, 100)
    assert not rule.fires(33, 40, 100)
    assert not rule.fires(40, 30, 100)


def test_reach_bust_fires_at_the_bust_limit_and_beyond() -> None:
    rule = ReachBust((ChangeTokens("player", -2),))
    assert rule.fires(95, 100, 100)
    assert rule.fires(95, 105, 100)
    assert not rule.fires(95, 99, 100)


def test_triggers_and_outcomes_in_words() -> None:
    """The rulebook's words for each trigger and outcome."""
    assert ChangeTokens("others", -1).describe() == "every other player in the round loses 1 token"
    assert ChangeTokens("player", 2).describe() == "the player gains 2 tokens"
    assert ChangePoints("player", 1).describe() == "the player gains 1 point"
    assert WinRound().describe() == "the player wins the round"
    assert EndRound().describe() == "the round ends"
    both = (ChangeTokens("others", -2), WinRound())
    assert LandOn(99, outcomes=both).describe() == (
        "when a play brings the total to exactly 99: every other player in the round "
        "loses 2 tokens; the player wins the round"
    )
    assert PassOver(66, outcomes=(ChangePoints("player", 1),)).describe() == (
        "when a play takes the total past 66 without landing on it: the player gains 1 point"
    )
    assert ReachBust((EndRound(),)).describe() == (
        "when a play reaches the bust limit: the round ends"
    )
    assert (
        PlayerLoses((ChangeTokens("player", -1),))
        .describe()
        .startswith("when a player loses the round: ")
    )
    assert (
        RoundEnds((ChangePoints("player", 1),))
        .describe()
        .startswith("when a round ends, for its winner: ")
    )


def test_what_a_trigger_is_declared_to_answer() -> None:
    """The engine asks a trigger's class attributes, never its class: play triggers,
    loss triggers and round-end triggers are told apart by them alone."""
    outcomes = (EndRound(),)
    play: list[Trigger] = [
        LandOn(1, outcomes=outcomes),
        PassOver(1, outcomes=outcomes),
        ReachBust(outcomes),
    ]
    assert all(t.after_play and not t.on_loss and not t.on_round_end for t in play)
    assert PlayerLoses(outcomes).on_loss and not PlayerLoses(outcomes).after_play
    assert RoundEnds(outcomes).on_round_end and not RoundEnds(outcomes).after_play
    assert WinRound.wins_round and WinRound.ends_round
    assert EndRound.ends_round and not EndRound.wins_round
    assert not ChangeTokens.ends_round and not ChangePoints.wins_round


def test_a_bad_trigger_table_names_the_key_and_what_was_expected() -> None:
    """Loader errors name the key path inside ``triggers`` and what was expected."""
    out_of_range = (
        '[[triggers]]\ntype = "land_on"\nvalue = 300\n'
        'outcomes = [{ type = "tokens", who = "others", by = 0 }]\n'
        '[[triggers]]\ntype = "pass_over"\nvalue = 30\noutcomes = []\n'
    )
    unknown = '[[triggers]]\ntype = "land_on"\nvalue = 30\noutcomes = [{ type = "zap" }]\n'
    with pytest.raises(ono99.VariantError) as caught:
        variant(out_of_range + unknown)
    assert 'triggers[2].outcomes[0].type: unknown outcome "zap"' in str(caught.value)
    with pytest.raises(ono99.VariantError) as caught:
        variant(out_of_range)
    message = str(caught.value)
    assert "triggers[0].outcomes[0].by: expected a number other than 0" in message
    assert "triggers[0].value: expected a total no higher than the bust limit 100" in message
    assert "triggers[1].outcomes: expected at least one outcome" in message


@pytest.mark.parametrize("by", [10**18 + 1, -(10**18) - 1, 2**62])
@pytest.mark.parametrize("unit", ["tokens", "points"])
def test_an_outcome_by_beyond_the_limit_is_refused_at_load(unit: str, by: int) -> None:
    """``by`` is a count like the others: beyond 10**18 (``MAX_TOTAL``) the file is refused.

    It used to load and validate clean, and fail the game at the first play that fired it.
    """
    outcome = f'{{ type = "{unit}", who = "player", by = {by} }}'
    table = f'[[triggers]]\ntype = "land_on"\nvalue = 30\noutcomes = [{outcome}]\n'
    with pytest.raises(ono99.VariantError) as caught:
        variant(table)
    assert "triggers[0].outcomes[0].by: expected" in str(caught.value)
    assert "10**18" in str(caught.value)


def test_an_outcome_by_at_the_limit_plays() -> None:
    """At 10**18 exactly it loads, and the player's tokens stop at the limit."""
    table = (
        '[[triggers]]\ntype = "land_on"\nvalue = 10\n'
        'outcomes = [{ type = "tokens", who = "player", by = 1000000000000000000 }]\n'
    )
    game = ono99.Game(variant(table), 3, deck=stacked(THREE_TENS, FILLER))
    game.play(Play("jack"))
    assert game.tokens[0] == 10**18


def test_a_variant_with_triggers_round_trips_through_toml() -> None:
    """dump_variant writes the triggers so that loading the text gives the same variant."""
    v = ono99.load_variant("ninety-nine-milestones")
    again = ono99.loads_variant(ono99.dump_variant(v))
    assert again == v
    assert again.triggers == v.triggers


def test_triggers_change_the_fingerprint_and_show_in_diff() -> None:
    """Two variants that differ only in a trigger are told apart."""
    v = variant(ends_round_at(33))
    w = variant(ends_round_at(44))
    assert ono99.fingerprint(v) != ono99.fingerprint(w)
    rows = ono99.diff_variants(v, w)
    assert rows and any("triggers" in str(row) for row in rows)


# ----------------------------------------------------------- firing in the engine


def test_triggers_of_one_play_fire_in_the_order_of_the_file() -> None:
    """Rulebook: triggers "fire in the order they are listed"; each outcome in order."""
    v = variant(
        '[[triggers]]\ntype = "land_on"\nvalue = 10\n'
        'outcomes = [{ type = "tokens", who = "player", by = -1 }]\n'
        '[[triggers]]\ntype = "pass_over"\nvalue = 5\n'
        'outcomes = [{ type = "tokens", who = "others", by = -1 }]\n'
    )
    game = ono99.Game(v, players=3, seed=1, deck=stacked(THREE_TENS, FILLER))
    happened = game.play(Play("jack"))
    assert game.total == 10
    assert [e.trigger for e in fired(happened)] == ["land_on", "pass_over"]
    changes = [e for e in happened if isinstance(e, events.TokensChanged)]
    assert [(e.player, e.change) for e in changes] == [(0, -1), (1, -1), (2, -1)]
    assert game.tokens == (2, 2, 2)


def test_the_round_ends_after_every_trigger_of_the_moment_has_fired() -> None:
    """A trigger that wins the round does not stop the triggers after it: the round
    ends once every trigger of that play has fired."""
    v = variant(
        '[[triggers]]\ntype = "land_on"\nvalue = 10\noutcomes = [{ type = "win_round" }]\n'
        '[[triggers]]\ntype = "land_on"\nvalue = 10\n'
        'outcomes = [{ type = "tokens", who = "others", by = -1 }]\n'
    )
    game = ono99.Game(v, players=3, seed=1, deck=stacked(THREE_TENS, FILLER))
    happened = game.play(Play("jack"))
    assert len(fired(happened)) == 2
    assert events.RoundEnded(1, (), 0) in happened
    assert game.tokens == (3, 2, 2)
    assert game.round == 2


def test_end_round_ends_the_round_with_those_who_lost_so_far() -> None:
    """EndRound: "The round ends at once; those who lost it so far are its losers"."""
    v = variant(ends_round_at(10))
    game = ono99.Game(v, players=3, seed=1, deck=stacked(THREE_TENS, FILLER))
    happened = game.play(Play("jack"))
    assert events.RoundEnded(1, (), None) in happened
    assert game.tokens == (3, 3, 3)
    assert game.round == 2


def test_a_loss_trigger_acts_on_the_player_who_lost() -> None:
    """PlayerLoses: "a bust that costs more than one token"; with ``tokens.lost = 0``
    only the trigger takes tokens."""
    v = variant(
        "[match.tokens]\nlost = 0\n"
        '[[triggers]]\ntype = "player_loses"\n'
        'outcomes = [{ type = "tokens", who = "player", by = -2 }]\n'
    )
    # Seat 0 leads a King (the total becomes 99): seat 1 holds only tens and is stuck.
    hands = [["king", "2", "3"], ["jack", "queen", "jack"], ["5", "6", "7"]]
    game = ono99.Game(v, players=3, seed=1, deck=stacked(hands, FILLER))
    happened = game.play(Play("king"))
    assert 1 in next(e for e in happened if isinstance(e, events.RoundEnded)).losers
    assert game.tokens == (3, 1, 3)
    assert [e.player for e in fired(happened)] == [1]


ZERO_AT_89 = (
    "[total]\nstart = 86\n[match.tokens]\ncount = 1\n"
    '[[triggers]]\ntype = "land_on"\nvalue = 89\n'
    'outcomes = [{ type = "tokens", who = "others", by = -1 }]\n'
)


@pytest.mark.parametrize("players", [2, 3])
def test_a_player_a_trigger_leaves_with_no_token_is_out_when_the_round_ends(
    players: int,
) -> None:
    """Without ``play_on_at_zero``, a player left with no token is out when the round
    ends: "Players are eliminated when they lose the third token" (considerable.com),
    however they lose it ("landing exactly on 33 ... every other player loses 1 token",
    qcsalon.net). If that leaves nobody, one who did not lose the round stays and is
    the last player left (the loser of the round with no token left never wins).

    Seat 0 lands on 89 (seat 1, and seat 2 if there, go to 0 tokens), then holds only
    queens at 91 and loses its last token: both are out at the round's end.
    """
    hands = [["3", "queen", "queen"], ["2", "5", "6"], ["5", "6", "7"]][:players]
    game = ono99.Game(variant(ZERO_AT_89), players, deck=stacked(hands, ["queen", *FILLER]))
    game.play(Play("3"))
    assert game.tokens == (1, *([0] * (players - 1)))
    assert game.in_game == (True,) * players  # out when the round ends, not before
    happened = drive(game, "2", *(["5"] if players == 3 else []))
    ended = next(e for e in happened if isinstance(e, events.RoundEnded))
    assert ended.losers == (0,)
    out = [e.player for e in happened if isinstance(e, events.Eliminated)]
    if players == 2:
        # Nobody would be left: seat 1, who did not lose the round, stays and wins.
        assert out == [0]
        assert game.winner == 1
    else:
        # Seats 1 and 2 both had their last token taken; the round (ended at the first
        # loss) has no winner: seat 1, the first of those who did not lose it, stays.
        assert sorted(out) == [0, 2]
        assert game.winner == 1
    assert game.tokens[game.winner] == 0


def test_tokens_lost_sets_what_losing_a_round_costs() -> None:
    """``match.tokens.lost``: "Going over 99: the player loses 2 tokens" (qcsalon.net)."""
    v = variant("[match.tokens]\nlost = 2\n")
    hands = [["king", "2", "3"], ["jack", "queen", "jack"], ["5", "6", "7"]]
    game = ono99.Game(v, players=3, seed=1, deck=stacked(hands, FILLER))
    happened = game.play(Play("king"))
    assert game.tokens == (3, 1, 3)
    assert [e for e in happened if isinstance(e, events.TokenLost)] == [
        events.TokenLost(1, 2),
        events.TokenLost(1, 1),
    ]


def test_a_round_end_trigger_rewards_the_round_winner() -> None:
    """RoundEnds: "the round goes on until one player is left, who scores 1 point"
    (Gronemann), here as a trigger rather than ``points.survivor``."""
    v = variant(
        '[round]\nend = "last_standing"\n'
        '[match]\nscoring = "points"\n[match.points]\nbust = 0\nmissing_card = 0\n'
        'at_target = "win"\ntarget = 5\n'
        '[[triggers]]\ntype = "round_ends"\n'
        'outcomes = [{ type = "points", who = "player", by = 1 }]\n'
    )
    hands = [["king", "2", "3"], ["jack", "queen", "jack"]]
    game = ono99.Game(v, players=2, seed=1, deck=stacked(hands, FILLER))
    happened = game.play(Play("king"))
    assert events.RoundEnded(1, (1,), 0) in happened
    assert game.scores == (1, 0)
    assert fired(happened)[0].player == 0


# --------------------------------------------------------------- scoring settings


def test_at_target_win_the_first_to_the_target_wins() -> None:
    """``points.at_target = "win"``: "the first to reach the target wins" (Gronemann:
    "first to 5 points wins"); ``points.survivor`` scores the round's last player."""
    v = variant(
        '[match]\nscoring = "points"\n'
        '[match.points]\nbust = 0\nmissing_card = 0\nsurvivor = 1\nat_target = "win"\n'
        "target = 1\n"
    )
    hands = [["king", "2", "3"], ["jack", "queen", "jack"]]
    game = ono99.Game(v, players=2, seed=1, deck=stacked(hands, FILLER))
    happened = game.play(Play("king"))
    assert game.scores == (1, 0)
    assert game.winner == 0
    assert isinstance(happened[-1], events.GameWon)


def test_at_target_win_tied_players_play_on() -> None:
    """At ``at_target = "win"``, players tied for the highest score play on: a land-on
    trigger giving every player a point takes both to the target together."""
    v = variant(
        '[match]\nscoring = "points"\n'
        '[match.points]\nbust = 0\nmissing_card = 0\nat_target = "win"\ntarget = 1\n'
        '[[triggers]]\ntype = "land_on"\nvalue = 10\n'
        'outcomes = [{ type = "points", who = "player", by = 1 }, '
        '{ type = "points", who = "others", by = 1 }, { type = "end_round" }]\n'
    )
    game = ono99.Game(v, players=2, seed=1, deck=stacked(THREE_TENS[:2], FILLER))
    game.play(Play("jack"))
    assert game.scores == (1, 1)
    assert game.winner is None and game.round == 2


# ---------------------------------------------------------------- termination


# Every seat holds small cards only: nobody can lose within a few plays.
SMALL = [["2", "3", "5"], ["2", "3", "6"], ["2", "3", "7"]]


def test_max_plays_ends_a_round_that_runs_too_long_with_no_winner() -> None:
    """``round.max_plays``: "A round that reaches it ends at once with no winner and no
    loser"; nobody gains or loses anything for it."""
    v = variant("[round]\nmax_plays = 5\n")
    game = ono99.Game(v, players=3, seed=1, deck=stacked(SMALL, FILLER))
    happened = drive(game, "2", "2", "2", "3", "3")
    assert events.RoundEnded(1, (), None) in happened
    assert not [e for e in happened if isinstance(e, events.TokenLost)]
    assert game.round == 2
    assert game.tokens == (3, 3, 3)


def test_max_rounds_ends_a_game_that_runs_too_long() -> None:
    """``round.max_rounds``: when the last round ends without a winner, "the player with
    the most tokens wins, the first such seat on a tie"."""
    v = variant("[round]\nmax_plays = 2\nmax_rounds = 1\n")
    game = ono99.Game(v, players=3, seed=1, deck=stacked(SMALL, FILLER))
    happened = drive(game, "2", "2")
    assert events.RoundEnded(1, (), None) in happened
    assert game.winner == 0
    assert events.GameWon(0) in happened


def test_max_rounds_picks_the_best_placed_player() -> None:
    """The best placed player by tokens wins when ``max_rounds`` runs out, not seat 0."""
    v = variant("[round]\nmax_rounds = 1\n")
    hands = [["king", "jack", "queen"], ["9", "2", "3"]]
    game = ono99.Game(v, players=2, seed=1, deck=stacked(hands, ["8", "5", "6", "7"]))
    drive(game, "king", "9")  # 99, held: seat 0 has a Jack, a Queen and an 8 and is stuck
    assert game.tokens == (2, 3)
    assert game.winner == 1


def test_the_narration_says_who_won_or_lost_the_round_and_what_fired() -> None:
    """The narration of a round's end names its losers, its winner, or says there was none;
    a trigger's firing is told in the rulebook's words."""
    v = ono99.load_variant("ninety-nine-milestones")
    assert describe_event(events.RoundEnded(2, (1,), None), v) == "Round 2 ends; lost by player 1"
    assert describe_event(events.RoundEnded(2, (), 0), v) == "Round 2 ends; won by player 0"
    assert describe_event(events.RoundEnded(2, (1, 2), 0), v) == (
        "Round 2 ends; lost by players 1, 2; won by player 0"
    )
    assert describe_event(events.RoundEnded(3, (), None), v) == "Round 3 ends with no winner"
    trigger = v.triggers[0]
    told = describe_event(events.TriggerFired(0, trigger.type, trigger.describe()), v)
    assert told == f"Player 0: {trigger.describe()}"
