"""The shipped house rules: each plays to completion and changes what it claims to change.

Each scenario plays the same stacked deck (see ``stacking.stacked``) under the
base edition and under the house rule, and shows the difference.
"""

from __future__ import annotations

import pathlib
import textwrap
from typing import TYPE_CHECKING

import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.engine._game import engine_of

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path


def overlay(folder: Path, name: str, text: str) -> Path:
    """A house-rule file of the test's own, to set up a scenario."""
    path = folder / f"{name}.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def game(
    variant: str,
    rules: Sequence[str | Path],
    hands: Sequence[Sequence[str]],
    draws: Sequence[str] = (),
    *,
    later_wins: bool = False,
) -> ono99.Game:
    """A game of the variant with house rules, its first deal stacked."""
    variant_ = ono99.load_variant(variant, rules, later_wins=later_wins)
    return ono99.Game(variant_, len(hands), seed=5, deck=stacked(hands, draws))


def of_type(game: ono99.Game, kind: type) -> list[object]:
    return [e for e in game.events if isinstance(e, kind)]


# ------------------------------------------------------- they all play out


def _fitting() -> list[tuple[str, str]]:
    return [
        (variant, rule)
        for variant in ("ono99-1980", "ono99-2022", "ninety-nine-milestones", "ninety-nine-taiwan")
        for rule in ono99.list_house_rules(fits=variant)
    ]


@pytest.mark.parametrize(("variant", "rule"), _fitting())
def test_each_house_rule_plays_to_completion(variant: str, rule: str) -> None:
    """Invariant: with any shipped house rule that fits, games end with a winner
    and replay from their record to the same end."""
    rules = ono99.load_variant(variant, [rule])
    for players, seed in ((2, 1), (rules.players.max, 2)):
        played = ono99.Game(rules, players, seed)
        seats: list[ono99.Player] = [
            ono99.CautiousPlayer() if seat % 2 else ono99.RandomPlayer(seed + seat)
            for seat in range(players)
        ]
        winner = ono99.play_out(played, seats)
        assert played.is_over
        assert winner == played.winner
        again = ono99.Game.replay(played.record())
        assert again.events == played.events


def test_every_shipped_house_rule_fits_a_shipped_variant_played_out_above() -> None:
    fitting = {rule for _, rule in _fitting()}
    assert fitting == set(ono99.list_house_rules())


@pytest.mark.parametrize(
    ("variant", "rules"),
    [
        (
            "ono99-1980",
            [
                "last-standing",
                "two-decks",
                "stacking-double-play",
                "floor-zero",
                "ono99-card-option",
                "bust-above-99",
            ],
        ),
        ("ono99-1980", ["points-elimination", "two-decks", "stacking", "bust-above-99"]),
        ("ono99-2022", ["negative-totals", "two-decks", "stacking-play-2", "bust-above-99"]),
    ],
)
def test_house_rules_combine(variant: str, rules: list[str]) -> None:
    combined = ono99.load_variant(variant, rules)
    assert combined.id == "+".join([variant, *(ono99.load_house_rule(r).id for r in rules)])
    for seed in range(3):
        played = ono99.Game(combined, 4, seed)
        ono99.play_out(played, [ono99.CautiousPlayer()] * 4)
        assert played.is_over


# ---------------------------------------------------------------- the totals


def test_floor_zero_keeps_a_1980_total_at_zero() -> None:
    """Mattel 2022: "Negative totals are not allowed", laid over the 1980 edition,
    where "It is possible for the point value to be minus ten"."""
    hands = [["minus_ten", "2", "3", "4"], ["5", "6", "7", "8"]]
    base = game("ono99-1980", [], hands)
    base.play(ono99.Play("minus_ten"))
    assert base.total == -10
    floored = game("ono99-1980", ["floor-zero"], hands)
    floored.play(ono99.Play("minus_ten"))
    assert floored.total == 0


def test_negative_totals_let_a_2022_total_go_below_zero() -> None:
    """1980: "the point value to be minus ten", laid over the 2022 edition, where
    "Negative totals are not allowed"."""
    hands = [["minus_ten", "2", "3", "4"], ["5", "6", "7", "8"]]
    base = game("ono99-2022", [], hands)
    base.play(ono99.Play("minus_ten"))
    assert base.total == 0
    negative = game("ono99-2022", ["negative-totals"], hands)
    negative.play(ono99.Play("minus_ten"))
    assert negative.total == -10


@pytest.mark.parametrize("variant", ["ono99-1980", "ono99-2022"])
def test_bust_above_99_makes_99_safe(tmp_path: Path, variant: str) -> None:
    """1980: "avoid totaling 99 points or more", so a 9 at 90 busts; with the house
    rule only totals over 99 do, so the 9 is a safe play."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    hands = [["9", "2", "3", "4"], ["5", "6", "7", "8"]]
    base = game(variant, [at_90], hands)
    assert ono99.Play("9") not in base.legal_moves()
    assert (
        base.why_illegal(ono99.Play("9")) == "9 would take the total to 99; it must stay below 99"
    )
    safe = game(variant, [at_90, "bust-above-99"], hands)
    assert ono99.Play("9") in safe.legal_moves()
    safe.play(ono99.Play("9"))
    assert of_type(safe, ev.Played)[0] == ev.Played(0, "9", 99)
    assert all(e.player != 0 for e in of_type(safe, ev.Busted))  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the decks


def test_two_decks_double_every_count() -> None:
    """Tarrant: "I have always used two decks". 108 cards, so a third Double Play
    can be dealt, which one 1980 deck (two Double Plays) cannot."""
    single = ono99.load_variant("ono99-1980")
    double = ono99.load_variant("ono99-1980", ["two-decks"])
    assert (single.deck_size, double.deck_size) == (54, 108)
    hands = [["double_play", "double_play", "double_play", "2"], ["5", "6", "7", "8"]]
    with pytest.raises(ono99.VariantError, match="the deck holds only 2 of card 'double_play'"):
        game("ono99-1980", [], hands)
    played = game("ono99-1980", ["two-decks"], hands)
    assert played.hand(0).count("double_play") == 3
    assert len(played.draw_pile) == 108 - 8
    ono99.play_out(played, [ono99.CautiousPlayer()] * 2)
    assert played.is_over


# --------------------------------------------------------------- the forcing


# The sources of the stacking house rule (BoardGameGeek, "2x question - what if
# back-to-back 2x?"), quoted by the tests below.
PIEMAN = (
    "What happens if there are back-to-back double-play (2x) cards played? Is that like "
    "passing along a 4x? We played it that way"
)
CYODER = (
    "If an affected player were to play a number card followed by a DP, though, I imagine "
    "that the second DP would only count x2 for the next player (not x4)."
)
STACKING = ["stacking-double-play"]
# Per edition: the forcing card, and a low number card.
FORCING = {"ono99-1980": ("double_play", "2"), "ono99-2022": ("play_2", "1")}


def owed(played: ono99.Game) -> tuple[int, int]:
    """Who is to move, and how many plays they owe."""
    return played.current_player, played.plays_owed


@pytest.mark.parametrize("edition", sorted(FORCING))
def test_back_to_back_forcing_cards_pass_on_four(edition: str) -> None:
    """PieMan (2004): "What happens if there are back-to-back double-play (2x) cards
    played? Is that like passing along a 4x? We played it that way". A forced player
    who answers with the forcing card plays only that card and passes on x4."""
    card, low = FORCING[edition]
    hands = [[card, low, low, low], [card, "5", "6", "7"], ["8", "9", "10", "10"], ["10"] * 4]
    played = game(edition, STACKING, hands)
    played.play(ono99.Play(card))
    assert owed(played) == (1, 2)
    happened = played.play(ono99.Play(card))  # back to back: the answer
    assert owed(played) == (2, 4)
    assert ev.PlaysOwed(2, 4, card) in happened
    assert ev.Deflected(1, card, 4) in happened


def test_the_1980_house_rule_lifts_may_not_answer_a_double_play() -> None:
    """Officially "A player affected by the Double Play card may not play another Double
    Play card on his first play" (R80), so back-to-back Double Plays never happen;
    under the house rule, which is about them, the forced player may."""
    hands = [["double_play", "2", "2", "2"], ["double_play", "5", "6", "7"], ["8", "9", "10", "4"]]
    official = game("ono99-1980", [], hands)
    official.play(ono99.Play("double_play"))
    assert ono99.Play("double_play") not in official.legal_moves()
    with pytest.raises(ono99.IllegalMoveError, match="may not answer"):
        official.play(ono99.Play("double_play"))
    stacking = game("ono99-1980", STACKING, hands)
    stacking.play(ono99.Play("double_play"))
    assert ono99.Play("double_play") in stacking.legal_moves()


@pytest.mark.parametrize("edition", sorted(FORCING))
@pytest.mark.parametrize("rules", [[], STACKING])
def test_a_forcing_card_played_second_counts_x2(edition: str, rules: list[str]) -> None:
    """cyoder (2005): "If an affected player were to play a number card followed by a
    DP, though, I imagine that the second DP would only count x2 for the next player
    (not x4)." So under the house rule as under the official rules."""
    card, low = FORCING[edition]
    hands = [[card, low, low, low], ["5", card, "6", "7"], ["8", "9", "10", "10"]]
    played = game(edition, rules, hands)
    played.play(ono99.Play(card))
    played.play(ono99.Play("5"))
    assert owed(played) == (1, 1)
    happened = played.play(ono99.Play(card))
    assert owed(played) == (2, 2)
    assert [e for e in happened if isinstance(e, ev.PlaysOwed)] == [ev.PlaysOwed(2, 2, card)]


@pytest.mark.parametrize("edition", sorted(FORCING))
def test_the_other_reading_stacks_the_second_play_too(edition: str, tmp_path: Path) -> None:
    """forced_play.stack_on = "any_play" is the reading where a forcing card played
    as the second play stacks as well (against cyoder's "only count x2")."""
    card, low = FORCING[edition]
    any_play = overlay(
        tmp_path,
        "any-play",
        """
        [forced_play]
        stack_on = "any_play"
        """,
    )
    hands = [[card, low, low, low], ["5", card, "6", "7"], ["8", "9", "10", "10"]]
    played = game(edition, [*STACKING, any_play], hands, later_wins=True)
    played.play(ono99.Play(card))
    played.play(ono99.Play("5"))
    played.play(ono99.Play(card))
    assert owed(played) == (2, 4)


def test_a_chain_of_back_to_back_play_2_doubles_again() -> None:
    """No source speaks of a third card in a row: PieMan calls them "(2x)" cards, so
    each answer doubles what it is passed (2, 4, then 8), and a Reverse sends the x8
    back (the Play 2 "Can be passed and reversed many times", GH)."""
    hands = [
        ["play_2", "1", "2", "3"],
        ["play_2", "4", "5", "6"],
        ["play_2", "7", "8", "9"],
        ["reverse", "1", "2", "3"],
        ["4", "5", "6", "7"],
    ]
    played = game("ono99-2022", STACKING, hands)
    for _ in range(3):
        played.play(ono99.Play("play_2"))
    assert owed(played) == (3, 8)
    happened = played.play(ono99.Play("reverse"))
    assert owed(played) == (2, 8)
    assert ev.PlaysOwed(2, 8, "play_2") in happened


def test_the_house_rule_quotes_its_sources() -> None:
    """The overlay's file quotes PieMan and cyoder, as the tests above do."""
    path = pathlib.Path(ono99.load_house_rule("stacking-double-play").path)
    comments = [line.lstrip("# ") for line in path.read_text(encoding="utf-8").splitlines()]
    flat = " ".join(" ".join(comments).split())
    for quote in (PIEMAN, CYODER):
        assert " ".join(quote.split()) in flat


# ---------------------------------------------------------- the O'NO 99 card


def test_ono99_card_option_plays_the_card_on_a_total_ending_in_0() -> None:
    """1980: "You have the option to play the 99 card when your point value ends
    in 0"; without the option "THE O'NO 99 CARD: CANNOT BE PLAYED"."""
    hands = [["ono99", "2", "3", "4"], ["ono99", "5", "6", "7"]]
    base = game("ono99-1980", [], hands)
    assert base.why_illegal(ono99.Play("ono99")) == "O'NO 99 can never be played"
    option = game("ono99-1980", ["ono99-card-option"], hands)
    option.play(ono99.Play("ono99"))
    assert option.total == 0  # "the point value to the second player remains 0"
    option.play(ono99.Play("5"))
    option.play(ono99.Play("2"))
    assert option.total == 7
    assert option.why_illegal(ono99.Play("ono99")) == (
        "O'NO 99 may only be played when the total is a multiple of 10; the total is 7"
    )


def test_the_option_variant_is_the_edition_with_the_house_rule() -> None:
    option = ono99.load_variant("ono99-1980-option")
    with_rule = ono99.load_variant("ono99-1980", ["ono99-card-option"])
    assert ono99.fingerprint(option) == ono99.fingerprint(with_rule)
    assert option.card("ono99") == with_rule.card("ono99")


# ------------------------------------------------------ rounds and scoring

# Seat 0 can only bust at 90; seats 1 and 2 hold 14 and 15 points.
BUST_HANDS = [["10"] * 4, ["2", "3", "4", "5"], ["2", "3", "4", "6"]]
BUST_DRAW = ["7"]


def test_last_standing_plays_the_hand_on_after_a_bust(tmp_path: Path) -> None:
    """Tarrant: "continue play when a player is 'out' until ALL players but one
    cannot keep the running total below 99, and name that player the 'winner'";
    the tokens are ignored. Officially the first bust ends the round and costs a
    token."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    base = game("ono99-1980", [at_90], BUST_HANDS, BUST_DRAW)
    assert of_type(base, ev.Busted) == [ev.Busted(0, 100)]
    assert of_type(base, ev.TokenLost) == [ev.TokenLost(0, 2)]
    assert base.round == 2

    standing = game("ono99-1980", [at_90, "last-standing"], BUST_HANDS, BUST_DRAW)
    assert of_type(standing, ev.LaidDown) == [ev.LaidDown(0, ("10",) * 4)]
    assert (standing.round, standing.total, standing.current_player) == (1, 90, 1)
    assert standing.in_round == (False, True, True)
    ono99.play_out(standing, [ono99.CautiousPlayer()] * 3)
    (ended,) = of_type(standing, ev.RoundEnded)
    assert ended.survivor == standing.winner  # type: ignore[attr-defined]
    assert not of_type(standing, ev.TokenLost)
    assert standing.tokens == (3, 3, 3)


def test_points_score_the_round_instead_of_tokens(tmp_path: Path) -> None:
    """1980 SCORING OPTION: "Player that reaches 99 points or greater adds 25
    points"; cards left in hand count "face value" (10, and the 7 drawn)."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    scored = game("ono99-1980", [at_90, "points"], BUST_HANDS, BUST_DRAW)
    assert of_type(scored, ev.Scored) == [
        ev.Scored(0, 10 * 3 + 7 + 25, 62),
        ev.Scored(1, 14, 14),
        ev.Scored(2, 15, 15),
    ]
    assert not of_type(scored, ev.TokenLost)
    assert scored.tokens == (3, 3, 3)


def test_points_first_ends_the_game_at_the_target(tmp_path: Path) -> None:
    """1980 "Variation: ... if one player reaches or exceeds 500 or the designated
    total, the game is over and the lowest score wins"; in the plain option "he is
    out and the play continues until only one player is left"."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    to_60 = overlay(tmp_path, "to-60", "[match.points]\ntarget = 60\n")
    out = game("ono99-1980", [at_90, to_60, "points"], BUST_HANDS, BUST_DRAW)
    assert of_type(out, ev.Eliminated) == [ev.Eliminated(0)]
    assert not out.is_over
    assert out.in_game == (False, True, True)
    first = game("ono99-1980", [at_90, to_60, "points-first"], BUST_HANDS, BUST_DRAW)
    assert first.is_over
    assert first.winner == 1  # 14 points, the lowest


def test_points_elimination_plays_the_round_to_the_last_player(tmp_path: Path) -> None:
    """Geeky Hobbies: in points scoring a player who goes over is eliminated from
    the round and draws, and the round goes on until all but one are eliminated.
    The busting card is undone: the next player goes on from 90."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    base = game("ono99-1980", [at_90, "points"], BUST_HANDS, BUST_DRAW)
    assert base.round == 2
    played = game("ono99-1980", [at_90, "points-elimination"], BUST_HANDS, BUST_DRAW)
    assert of_type(played, ev.Busted) == [ev.Busted(0, 100)]
    assert played.hand(0) == ("10", "10", "10", "7")  # played one, drew one
    assert (played.round, played.total, played.current_player) == (1, 90, 1)
    assert not of_type(played, ev.RoundEnded)
    ono99.play_out(played, [ono99.CautiousPlayer()] * 3)
    ends = of_type(played, ev.RoundEnded)
    assert ends
    for ended in ends:
        assert ended.survivor is not None  # type: ignore[attr-defined]
    first = ends[0]
    assert first.losers[0] == 0  # type: ignore[attr-defined]
    assert len(first.losers) == 2  # type: ignore[attr-defined]


def test_a_busting_total_can_be_left_to_stand(tmp_path: Path) -> None:
    """With ``no_safe_play.undo_bust = false`` the busting total stands, and the
    next player, with no Minus Ten, busts on it too."""
    at_90 = overlay(tmp_path, "at-90", "[total]\nstart = 90\n")
    stands = overlay(tmp_path, "stands", "[no_safe_play]\nundo_bust = false\n")
    rules: list[str | Path] = [at_90, "points-elimination", stands]
    with pytest.raises(ono99.VariantError, match=r"both set no_safe_play\.undo_bust"):
        ono99.load_variant("ono99-1980", rules)
    played = game("ono99-1980", rules, BUST_HANDS, BUST_DRAW, later_wins=True)
    busts = of_type(played, ev.Busted)
    assert busts[:2] == [ev.Busted(0, 100), ev.Busted(1, 102)]


# ------------------------------------------------------------- user rules


def test_a_three_line_house_rule_over_either_edition(tmp_path: Path) -> None:
    """The promise of the house-rule files: three lines, any edition."""
    rule = overlay(tmp_path, "six-minus-tens", "[cards.minus_ten]\ncount = 6\n")
    for variant, before in (("ono99-1980", 4), ("ono99-2022", 10)):
        base = ono99.load_variant(variant)
        mine = ono99.load_variant(variant, [rule])
        assert base.card("minus_ten").count == before
        assert mine.card("minus_ten").count == 6
        assert mine.deck_size == base.deck_size - before + 6
        assert mine.card("minus_ten").effects == base.card("minus_ten").effects
        assert mine.id == f"{variant}+six-minus-tens"
        played = ono99.Game(mine, 3, seed=1)
        ono99.play_out(played, [ono99.CautiousPlayer()] * 3)
        assert played.is_over


# ------------------------------------------------------------ announcements


def test_announce_the_total_costs_a_token_for_a_wrong_total() -> None:
    """betaveros.wordpress.com, "99": "players must state the running total after
    playing and lose if they're wrong" (here: lose a token, and play goes on)."""
    played = game("ninety-nine", ["announce-the-total"], [["5", "7", "8"], ["6", "3", "8"]])
    # The legal moves say the true total: a player who picks from them is never wrong.
    assert ono99.Play("5", say=5) in played.legal_moves()
    played.play(ono99.Play("5", say=5))
    assert played.tokens == (3, 3)
    happened = played.play(ono99.Play("6", say=12))  # 11, not 12
    assert ev.Played(1, "6", 11, say=12) in happened
    assert played.tokens == (3, 2)
    happened = played.play(ono99.Play("7"))  # says nothing: wrong too
    assert ev.TokensChanged(0, -1, 2) in happened
    assert played.total == 18 and not played.is_over


def test_a_wrong_total_loses_the_round_at_once() -> None:
    """betaveros.wordpress.com, "99": "players must state the running total after
    playing and lose if they're wrong" (``wrong-total-loses``): the round is lost then
    and there, as by busting; in Ninety-nine a lost round ends it, and costs a token."""
    played = game(
        "ninety-nine", ["wrong-total-loses"], [["5", "7", "8"], ["6", "3", "8"], ["2", "4", "9"]]
    )
    played.play(ono99.Play("5", say=5))
    assert played.round == 1
    happened = played.play(ono99.Play("6", say=12))  # 11, not 12
    assert ev.RoundEnded(1, (1,), None) in happened
    assert played.tokens == (3, 2, 3)
    assert played.round == 2


def test_a_lost_round_in_last_standing_play_takes_the_player_out_and_play_goes_on(
    tmp_path: Path,
) -> None:
    """The ``lose_round`` outcome takes the player out of the round, a loser of it, and
    where the round is played to the last player standing the others play on from the
    total the card made."""
    standing = overlay(
        tmp_path, "standing", 'for = ["ninety-nine"]\n[round]\nend = "last_standing"\n'
    )
    played = game(
        "ninety-nine",
        ["wrong-total-loses", standing],
        [["5", "7", "8"], ["6", "3", "8"], ["2", "4", "9"]],
    )
    played.play(ono99.Play("5", say=5))
    played.play(ono99.Play("6", say=12))  # 11, not 12: seat 1 is out of the round
    assert played.in_round == (True, False, True)
    assert played.current_player == 2 and played.total == 11 and played.round == 1
    assert played.why_illegal(ono99.Play("2", say=13)) is None


def test_out_at_zero_at_once_takes_a_player_left_with_no_tokens_out_of_the_round(
    tmp_path: Path,
) -> None:
    """``match.tokens.out_at_zero = "at_once"``: a player whom a rule leaves with no
    tokens in the middle of a round loses it then and there (the qcsalon.net rule
    "Landing exactly on 99: every other player loses 2 tokens", with one token each),
    instead of playing on to the end of the round."""
    rule = overlay(
        tmp_path,
        "costly",
        """\
        for = ["ninety-nine"]
        [round]
        end = "last_standing"
        [match.tokens]
        count = 1
        out_at_zero = "at_once"
        [[add_triggers]]
        type = "land_on"
        value = 11
        outcomes = [{ type = "tokens", who = "others", by = -1 }]
        """,
    )
    hands = [["5", "7", "8"], ["6", "3", "8"], ["2", "4", "9"]]
    played = game("ninety-nine", [rule], hands)
    played.play(ono99.Play("5"))
    happened = played.play(ono99.Play("6"))  # 11: seats 0 and 2 lose their one token
    assert played.tokens == (0, 1, 0)
    assert ev.RoundEnded(1, (2, 0), 1) in happened  # in the order they lost their tokens
    assert played.is_over and played.winner == 1
    # Out when the round ends instead (the default): they play on with no tokens.
    later = overlay(
        tmp_path, "later", 'for = ["ninety-nine"]\n[match.tokens]\nout_at_zero = "round_end"\n'
    )
    played = game("ninety-nine", [rule, later], hands, later_wins=True)
    played.play(ono99.Play("5"))
    played.play(ono99.Play("6"))
    assert played.tokens == (0, 1, 0) and played.in_round == (True, True, True)
    assert not played.is_over and played.current_player == 2


def test_players_left_with_no_tokens_twice_in_one_play_go_out_once(tmp_path: Path) -> None:
    """Out at zero at once, a player a play leaves with none, then one, then none again
    loses the round once: one ``OutOfRound`` each, and the round ends with its one
    player left."""
    rule = overlay(
        tmp_path,
        "seesaw",
        """\
        for = ["ninety-nine"]
        [round]
        end = "last_standing"
        [match.tokens]
        count = 1
        out_at_zero = "at_once"
        [[add_triggers]]
        type = "land_on"
        value = 11
        outcomes = [
          { type = "tokens", who = "others", by = -1 },
          { type = "tokens", who = "others", by = 1 },
          { type = "tokens", who = "others", by = -1 },
        ]
        """,
    )
    played = game("ninety-nine", [rule], [["5", "7", "8"], ["6", "3", "8"], ["2", "4", "9"]])
    played.play(ono99.Play("5"))
    happened = played.play(ono99.Play("6"))  # 11: seats 2 and 0 are left with none twice
    out = [e for e in happened if isinstance(e, ev.OutOfRound)]
    assert out == [ev.OutOfRound(2), ev.OutOfRound(0)]
    assert ev.RoundEnded(1, (2, 0), 1) in happened
    assert played.is_over and played.winner == 1


def test_announce_the_total_adds_to_the_variants_triggers() -> None:
    """``[[add_triggers]]`` keeps the triggers of the variant it is laid over."""
    base = ono99.load_variant("ninety-nine-milestones")
    announced = ono99.load_variant("ninety-nine-milestones", ["announce-the-total"])
    assert announced.triggers[: len(base.triggers)] == base.triggers
    assert [t.type for t in announced.triggers[len(base.triggers) :]] == ["announced_wrong"]


def test_without_the_house_rule_a_said_total_is_ignored() -> None:
    """Only a rule that judges the announcement reads it: elsewhere it changes nothing."""
    played = game("ninety-nine", [], [["5", "7", "8"], ["6", "3", "8"]])
    assert ono99.Play("5") in played.legal_moves()
    played.play(ono99.Play("5", say=40))
    assert played.total == 5 and played.tokens == (3, 3)


# ------------------------------------------------------- wild jacks, the spade ace


@pytest.mark.parametrize("variant", ["ninety-nine", "ninety-nine-pagat", "ninety-nine-parlett"])
def test_a_wild_jack_is_worth_any_value_from_minus_10_to_10(variant: str) -> None:
    """Bill de Veas, "Thirty": "Jacks are "Wild", worth any value between -10 and +10
    that the player declares": 21 moves for the jack, each its own total."""
    played = game(variant, ["wild-jacks"], [["jack", "5", "6"], ["7", "8", "9"]])
    jacks = [m for m in played.legal_moves() if isinstance(m, ono99.Play) and m.card == "jack"]
    assert [m.amount for m in jacks] == list(range(-10, 11))
    played.play(ono99.Play("5"))
    played.play(ono99.Play("7"))
    played.play(ono99.Play("jack", amount=-3))
    assert played.total == 9


def test_the_spade_ace_resets_only_until_the_fourth_reshuffle() -> None:
    """Let's Poker 99: "Spade A: reset the "Current Points" to 0 (this effect is
    nullified after four shuffles)": on a stock made anew three times the ace resets
    the total; on one made anew four times it leaves the total as it is."""
    hands = [["ace_of_spades", "2", "3", "4", "6"], ["7", "8", "9", "10", "king"]]
    for reshuffles, total in ((3, 0), (4, 47)):
        played = game("ninety-nine-taiwan", ["spade-ace-four-shuffles"], hands)
        engine = engine_of(played)  # a position: the stock made anew that often, at 47
        engine.r.reshuffles, engine.r.total = reshuffles, 47
        played.play(ono99.Play("ace_of_spades"))
        assert played.total == total, reshuffles


# ------------------------------------------------------- crazy eights: a suit named

_EIGHTS = "crazy-eights"


def _cards(played: ono99.Game) -> set[str]:
    """The cards the legal moves play."""
    return {m.card for m in played.legal_moves() if isinstance(m, ono99.Play)}


def test_an_eight_names_each_suit_as_a_move_of_its_own() -> None:
    """Hella Entertainment, "Crazy Eights": "The person who plays the 8 calls out what
    suit they want it to represent": four moves for the eight, one per suit."""
    played = game(
        "ninety-nine",
        [_EIGHTS],
        [["8_of_hearts", "5_of_clubs", "6_of_clubs"]] * 1
        + [["7_of_spades", "2_of_hearts", "9_of_hearts"]],
    )
    eights = [
        m for m in played.legal_moves() if isinstance(m, ono99.Play) and m.card == "8_of_hearts"
    ]
    assert [m.declare for m in eights] == ["clubs", "diamonds", "hearts", "spades"]
    assert played.why_illegal(ono99.Play("8_of_hearts")) == (
        "8 of hearts names a suit as it is played: the move must say which, e.g. "
        'Play("8_of_hearts", declare="clubs") (one of clubs, diamonds, hearts, spades)'
    )
    assert "not 'stars'" in (played.why_illegal(ono99.Play("8_of_hearts", declare="stars")) or "")
    assert "names nothing" in (
        played.why_illegal(ono99.Play("5_of_clubs", declare="hearts")) or ""
    )


def test_the_next_card_must_be_of_the_suit_named() -> None:
    """Hella Entertainment, "Crazy Eights": "... and the next player must play a card of
    that suit": after an eight naming hearts only the hearts (and eights) may follow, and
    the card after that follows nothing."""
    played = game(
        "ninety-nine",
        [_EIGHTS],
        [
            ["8_of_spades", "5_of_clubs", "6_of_clubs"],
            ["7_of_spades", "2_of_hearts", "8_of_clubs"],
        ],
        draws=["3_of_clubs", "4_of_diamonds", "10_of_spades"],
    )
    played.play(ono99.Play("8_of_spades", declare="hearts"))
    assert played.total == 8
    assert _cards(played) == {"2_of_hearts", "8_of_clubs"}
    reason = played.why_illegal(ono99.Play("7_of_spades"))
    assert reason is not None and "named hearts" in reason
    before = played.total
    with pytest.raises(ono99.IllegalMoveError):
        played.play(ono99.Play("7_of_spades"))
    assert played.total == before  # the refused move left the game as it was
    played.play(ono99.Play("2_of_hearts"))
    assert _cards(played) >= {"5_of_clubs", "6_of_clubs"}


def test_a_player_holding_no_card_of_the_suit_named_has_no_safe_play() -> None:
    """What the source leaves to the count: a player who cannot follow the suit named (and
    holds no eight) has no safe play, and in ninety-nine lays the hand down and loses a
    token, as at 99."""
    played = game(
        "ninety-nine",
        [_EIGHTS],
        [["8_of_spades", "5_of_clubs", "6_of_clubs"], ["7_of_spades", "2_of_clubs", "9_of_clubs"]],
    )
    events = played.play(ono99.Play("8_of_spades", declare="hearts"))
    assert any(isinstance(e, ono99.events.LaidDown) and e.player == 1 for e in events)
    assert played.tokens == (3, 2)


def test_the_declaration_is_in_the_event_log_the_observation_and_the_record() -> None:
    """A declaration is said aloud: every player sees it, and a replay plays it again."""
    played = game(
        "ninety-nine",
        [_EIGHTS],
        [
            ["8_of_spades", "5_of_clubs", "6_of_clubs"],
            ["7_of_spades", "2_of_hearts", "8_of_clubs"],
        ],
    )
    events = played.play(ono99.Play("8_of_spades", declare="hearts"))
    assert events[0] == ono99.events.Played(0, "8_of_spades", 8, declare="hearts")
    seen = played.observation(1)
    assert seen.declared == ono99.rules.Declaration("suit", "hearts", "8_of_spades", 0)
    assert played.observation(0).declared == seen.declared
    assert ono99.to_data(played.moves[-1]) == {
        "type": "play",
        "card": "8_of_spades",
        "declare": "hearts",
    }
    assert ono99.Game.replay(played.record()).observation(1) == seen
