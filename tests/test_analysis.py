"""ono99.analyse and its Profile: figures with known answers, statistics, and properties."""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ono99
from ono99.analysis import _analyse, _restricted
from ono99.analysis._stats import (
    chi_square_p,
    ratio_interval,
    score_p,
    step_up,
    t_quantile,
    wilson,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

# One kind of card, adding 3: every move has exactly one distinct legal move,
# and every game plays alike (the deck holds nothing to shuffle apart), so one
# seat wins every game. One round, the last player standing wins.
ONE_CARD = """
extends = "ono99-1980"
id = "one-card"
name = "One card"
[match]
scoring = "none"
[round]
end = "last_standing"
"""


def _one_card() -> ono99.Variant:
    """ONE_CARD with every card of ono99-1980 but the 3 removed."""
    base = ono99.load_variant("ono99-1980")
    text = ONE_CARD + "".join(
        f"[cards.{card.id}]\ncount = {200 if card.id == '3' else 0}\n" for card in base.cards
    )
    return ono99.loads_variant(text)


@pytest.fixture(scope="module")
def one_card() -> ono99.Profile:
    return ono99.analyse(
        _one_card(), players=3, games=60, search_games=3, importance_games=30, seed=2, jobs=1
    )


@pytest.fixture(scope="module")
def profile() -> ono99.Profile:
    return ono99.analyse(
        "ono99-1980", players=3, games=300, search_games=6, importance_games=90, seed=4, jobs=1
    )


def _estimates(profile: ono99.Profile) -> Iterator[ono99.Estimate]:
    yield from profile.figures().values()
    for card in profile.importance:
        yield card.win_rate
    yield profile.skill.gap.edge


# --------------------------------------------------------------- known answers


def test_a_seat_that_always_wins_has_the_whole_advantage(one_card: ono99.Profile) -> None:
    """With one kind of card the game never varies: one seat wins every game, its
    advantage is 1 - 1/players, and the chi-square test rejects fair seats."""
    fairness = one_card.fairness
    assert sorted(s.value for s in fairness.seats) == [0.0, 0.0, 1.0]
    assert fairness.advantage.value == pytest.approx(1 - 1 / 3)
    assert fairness.seats[fairness.advantage_seat].value == 1.0
    assert fairness.chi_square == pytest.approx(2 * 60)  # (60-20)^2/20 + 2 * 20^2/20
    assert fairness.p_value < 1e-20


def test_one_legal_move_a_turn_means_no_decisions(one_card: ono99.Profile) -> None:
    """Every move offers exactly one distinct legal move: no turn has a choice, and
    the branching factor is 1, with intervals of no width."""
    decisions = one_card.decisions
    assert decisions.choice_share.value == 0.0
    assert (decisions.choice_share.low, decisions.choice_share.high) == (0.0, 0.0)
    assert decisions.branching.value == 1.0


def test_a_card_with_no_alternative_is_of_no_importance(one_card: ono99.Profile) -> None:
    """A restricted player who never plays the card while it has another legal move
    plays as the unrestricted one when it has none: on the same deals the games are the
    same, so the importance is exactly 0, with no interval, "never changes a choice"."""
    [card] = one_card.importance
    assert card.card == "3"
    assert card.legal > 0 and card.changed == 0
    assert card.note == "never changes a choice"
    assert (card.importance.value, card.importance.low, card.importance.high) == (0, 0, 0)
    assert card.win_rate == card.unrestricted


def test_a_card_that_cannot_be_played_is_of_no_importance() -> None:
    """ONO 99's own card can never be played ("cannot be played, only traded in", the
    2022 rule sheet): it is never legal, its importance exactly 0 with no interval
    (where a fixed fair share measured noise: -3.8 points, -6.7 to -1.1, at 4 players),
    and it decides no game."""
    profile = ono99.analyse(
        "ono99-2022", players=4, games=4, search_games=1, importance_games=200, seed=3, jobs=1
    )
    card = next(c for c in profile.importance if c.card == "ono99")
    assert (card.legal, card.changed, card.note) == (0, 0, "never legal")
    assert (card.importance.value, card.importance.low, card.importance.high) == (0, 0, 0)
    assert card.decided.value == 0.0


def test_a_card_the_cautious_player_keeps_for_last_changes_no_choice(
    profile: ono99.Profile,
) -> None:
    """The cautious player plays the Minus Ten only when it has nothing else (number
    cards first): forbidding it while another move is legal changes none of its
    choices, though it is legal in many of them."""
    card = next(c for c in profile.importance if c.card == "minus_ten")
    assert card.legal > 100 and card.changed == 0
    assert card.note == "never changes a choice"
    assert card.importance.low == card.importance.high == 0


def test_a_game_no_choice_of_changes_is_the_same_game() -> None:
    """Common random numbers: where the tally finds no choice the restriction changes,
    the restricted player's game is the unrestricted one's to the end (every detail);
    where it finds one, the games part (on these seeds, in some game)."""
    variant = ono99.load_variant("ono99-1980")
    tally = _restricted.Tally()
    options = {"players": 3, "games": 40, "seed": 5, "rotate": True, "details": True}
    base = ono99.simulate(variant, strategies=[tally.player, "cautious", "cautious"],
                          jobs=1, **options)  # type: ignore[arg-type]  # fmt: skip
    parted = 0
    for card in ("7", "reverse", "minus_ten"):
        avoiding = functools.partial(ono99.AvoidingPlayer, card)
        restricted = ono99.simulate(variant, strategies=[avoiding, "cautious", "cautious"],
                                    jobs=1, **options)  # type: ignore[arg-type]  # fmt: skip
        for changed, mine, theirs in zip(tally.games, base.details, restricted.details,
                                         strict=True):  # fmt: skip
            if card not in changed:
                assert mine == theirs
            else:
                parted += mine != theirs
    assert parted > 0


def test_importance_is_the_paired_difference() -> None:
    """A card's importance is the unrestricted player's wins less the restricted one's,
    game by game on the same deals, and its interval the paired t interval."""
    profile = ono99.analyse(
        "ono99-1980", players=2, games=4, search_games=1, importance_games=60, seed=8, jobs=1
    )
    card = next(c for c in profile.importance if c.card == "10")
    assert card.changed > 0
    rate = card.unrestricted.value - card.win_rate.value
    assert card.importance.value == pytest.approx(rate)
    assert card.importance.low < card.importance.value < card.importance.high


def test_a_card_narrow_enough_plays_no_more_games() -> None:
    """With a precision, each restricted player plays as many of the unrestricted
    player's games as its own interval needs: a card already narrow enough after the
    first batch plays no further one, a wider card plays on, and each card's
    difference pairs its own games with the unrestricted player's same games."""
    variant = ono99.load_variant("ono99-2022")
    runner = _analyse._Runner(variant, 2, 1, 1, None, 0.07, None, None)
    paired = runner.importance(200)
    lengths = {card: len(wins) for card, wins in paired.restricted.items()}
    assert min(lengths.values()) == 200 < max(lengths.values()) == len(paired.base)
    for card, played in lengths.items():
        assert paired.card_width(card) <= 0.07
        mine = paired.restricted[card]
        assert paired.difference(card) == [
            b - r for b, r in zip(paired.base[:played], mine, strict=True)
        ]
        assert len(paired.difference(card)) == played


def test_games_a_cap_ends_do_not_count_as_finished() -> None:
    """A token game allowed one round ends by its cap (``round.max_rounds``) every
    time, with players still holding tokens: completion is 0."""
    variant = ono99.loads_variant(
        'extends = "ono99-1980"\nid = "capped"\n[round]\nmax_rounds = 1\n'
    )
    profile = ono99.analyse(
        variant, players=3, games=30, search_games=1, importance_games=1, seed=1, jobs=1
    )
    assert profile.completion.finished.value == 0.0
    assert profile.completion.capped == 30
    assert profile.duration.rounds.mean.value == 1.0


def test_a_shipped_game_ends_by_its_rules(profile: ono99.Profile) -> None:
    """The 1980 rules end well within their caps: every game finishes by the rules."""
    assert profile.completion.finished.value == 1.0
    assert profile.completion.capped == 0


def test_the_skill_ladder_climbs(profile: ono99.Profile) -> None:
    """The cautious player beats random ones by far more than its fair share, and is
    called significant; each rung states its fair share."""
    rung = profile.skill.rungs[0]
    assert (rung.player, rung.against) == ("cautious", "random")
    assert rung.fair == pytest.approx(1 / 3)
    assert rung.win_rate.low > rung.fair
    assert rung.significant and rung.p_value < 0.05
    assert profile.skill.gap.player == "search" and profile.skill.gap.against == "random"


def test_every_kind_of_card_has_an_importance(profile: ono99.Profile) -> None:
    """One entry per kind of card in the deck, in the variant's order."""
    variant = ono99.load_variant("ono99-1980")
    assert [c.card for c in profile.importance] == [c.id for c in variant.cards if c.count]


def test_token_games_have_drama(profile: ono99.Profile) -> None:
    """Tokens are lost round after round: the lead changes, and some games are won
    from behind (the half-way leader does not always win)."""
    drama = profile.drama
    assert drama.measured
    assert drama.lead_changes is not None and drama.leader_wins is not None
    assert 0 < drama.lead_changes.value < 1
    assert 0 < drama.leader_wins.value < 1


def test_comebacks_are_deprecated_for_the_half_way_leader_s_wins(
    profile: ono99.Profile,
) -> None:
    """Issue 50: "comebacks" said what "half-way leader wins" says from the other side.
    It is kept for a release, with a DeprecationWarning; no table or side by side
    shows it, and a profile's data still holds it under its name."""
    drama = profile.drama
    with pytest.deprecated_call(match="leader_wins"):
        comebacks = drama.comebacks
    assert comebacks is not None and drama.leader_wins is not None
    halved = drama.leader_wins.games
    assert comebacks.successes == halved - drama.leader_wins.successes
    assert "comebacks" not in profile.figures()
    assert all("comeback" not in d.figure for d in profile.differences(profile))
    shown = [row[0] for sheet in ono99.analysis.profile_sheets(profile) for row in sheet.rows]
    assert "half-way leader wins" in shown
    assert not any("behind" in name for name in shown)
    assert "comebacks" in profile.to_data()["drama"]


def test_lead_changes_a_move_are_each_game_s_changes_over_its_moves() -> None:
    """Ludii's lead change: a game's changes divided by its moves, averaged over games."""
    variant = "ono99-1980"
    profile = ono99.analyse(
        variant, players=3, games=30, search_games=1, importance_games=1, seed=6, jobs=1
    )
    result = ono99.simulate(
        variant, players=3, games=30, seed=_analyse.section_seed(6, "main"), jobs=1,
        details=True,
    )  # fmt: skip
    rates = [d.lead_changes / d.moves for d in result.details]
    assert profile.drama.lead_changes is not None
    assert profile.drama.lead_changes.value == pytest.approx(sum(rates) / 30)


def test_one_round_games_have_no_lead_to_change(one_card: ono99.Profile) -> None:
    """A game of one round with no tokens or points has no standings: drama is not
    applicable, neither zero nor an estimate, and the tables say so."""
    assert not one_card.drama.measured
    assert one_card.drama.lead_changes is None
    with pytest.deprecated_call():
        assert one_card.drama.comebacks is None
    assert "lead changes a move" not in one_card.figures()
    assert one_card.drama.decisiveness is None
    assert one_card.drama.leader_wins is None
    assert "decisiveness" not in one_card.figures()
    assert "half-way leader wins" not in one_card.figures()
    [drama] = [s for s in ono99.analysis.profile_sheets(one_card) if s.title == "Drama"]
    assert [row[1] for row in drama.rows] == ["not applicable"] * 3


def test_the_lead_changes_are_those_the_token_log_shows() -> None:
    """Lead changes, recounted from the events of each game: the leaders are the seats
    with most tokens, all of them on a tie; every seat leads at the start, the winner
    alone at the end, and each time the set of leaders differs from the one before
    (read as each round after the first starts) is a change."""
    variant = ono99.load_variant("ono99-1980")
    result = ono99.simulate(variant, players=3, games=30, seed=9, jobs=1, details=True)
    from ono99.simulation._seeds import game_seed  # noqa: PLC0415

    for index, details in enumerate(result.details):
        game = ono99.Game(variant, 3, seed=game_seed(9, index))
        ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
        tokens = [variant.match.tokens.count_for(3) for _ in range(3)]
        out = [False] * 3
        leaders: list[set[int]] = [{0, 1, 2}]
        for event in game.events:
            if isinstance(event, ono99.events.TokenLost):
                tokens[event.player] = event.tokens
            elif isinstance(event, ono99.events.Eliminated):
                out[event.player] = True
            elif isinstance(event, ono99.events.RoundStarted) and event.round > 1:
                standing = [s for s in range(3) if not out[s]]
                best = max(tokens[s] for s in standing)
                leaders.append({s for s in standing if tokens[s] == best})
        assert game.winner is not None
        leaders.append({game.winner})
        changes = sum(now != before for before, now in itertools.pairwise(leaders))
        assert details.lead_changes == changes, index
        assert details.rounds == game.round
        assert details.winner == game.winner


def _game(moves: int, rounds: int, *, comeback: bool, decided_at: int) -> ono99.GameDetails:
    """A hand-built game: only its moves, rounds, comeback and decided_at matter here."""
    return ono99.GameDetails(
        0, moves, rounds, "", moves, moves, moves, 2 * moves, 1, comeback, False,
        decided_at=decided_at,
    )  # fmt: skip


def test_decisiveness_is_the_mean_share_of_moves_after_the_winner_is_clear() -> None:
    """Each game's moves after decided_at over its moves, averaged over games: 3 of 4
    moves (0.75), none (0), half (0.5), and a game without moves counts 0."""
    games = [
        _game(4, 3, comeback=False, decided_at=1),
        _game(10, 2, comeback=True, decided_at=10),
        _game(20, 4, comeback=False, decided_at=10),
        _game(0, 1, comeback=False, decided_at=0),
    ]
    found = _analyse.decisiveness(games)
    assert found.value == pytest.approx((0.75 + 0 + 0.5 + 0) / 4)
    assert found.kind == "share" and found.games == 4
    assert 0 <= found.low < found.value < found.high <= 1


def test_the_half_way_leader_wins_counts_only_games_of_more_than_one_round() -> None:
    """Of the games of two rounds or more, those that are no comeback: 2 of 3 here; the
    game of one round (no half-way standings) is left out, whatever it records."""
    games = [
        _game(10, 2, comeback=False, decided_at=5),
        _game(10, 3, comeback=True, decided_at=10),
        _game(10, 4, comeback=False, decided_at=2),
        _game(10, 1, comeback=False, decided_at=10),
    ]
    found = _analyse.leader_wins(games)
    assert (found.successes, found.games) == (2, 3)
    assert (found.low, found.high) == wilson(2, 3)


class _Counting:
    """A cautious player that counts the moves chosen, and the count as each round starts."""

    def __init__(self, counts: dict[int, int], moves: list[int]) -> None:
        self.player = ono99.CautiousPlayer()
        self.counts = counts
        self.moves = moves

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        self.counts.setdefault(observation.round, self.moves[0])
        self.moves[0] += 1
        return self.player.choose(observation)


def test_the_winner_is_clear_when_it_leads_alone_to_the_end() -> None:
    """decided_at, recounted from each game's token log: the leaders after each round
    are the seats with most tokens (all of them on a tie); the winner is clear from the
    first round's end after which it alone leads at every round's end, and decided_at is
    the moves chosen by then (all of them where it leads alone only at the end)."""
    variant = ono99.load_variant("ono99-1980")
    result = ono99.simulate(variant, players=3, games=30, seed=9, jobs=1, details=True)
    from ono99.simulation._seeds import game_seed  # noqa: PLC0415

    early = 0
    for index, details in enumerate(result.details):
        game = ono99.Game(variant, 3, seed=game_seed(9, index))
        counts: dict[int, int] = {}
        moves = [0]
        ono99.play_out(game, [_Counting(counts, moves) for _ in range(3)])
        tokens = [variant.match.tokens.count_for(3) for _ in range(3)]
        out = [False] * 3
        # (leaders, moves chosen by then), after each round.
        standings: list[tuple[set[int], int]] = []
        for event in game.events:
            if isinstance(event, ono99.events.TokenLost):
                tokens[event.player] = event.tokens
            elif isinstance(event, ono99.events.Eliminated):
                out[event.player] = True
            elif isinstance(event, ono99.events.RoundStarted) and event.round > 1:
                standing = [s for s in range(3) if not out[s]]
                best = max(tokens[s] for s in standing)
                leading = {s for s in standing if tokens[s] == best}
                standings.append((leading, counts[event.round]))
        assert game.winner is not None and moves[0] == details.moves
        standings.append(({game.winner}, moves[0]))
        clear = len(standings) - 1
        while clear > 0 and standings[clear - 1][0] == {game.winner}:
            clear -= 1
        assert details.decided_at == standings[clear][1], index
        early += details.decided_at < details.moves
    assert early > 0  # some winner is clear before the end, or the test shows nothing


def test_a_profile_s_decisiveness_and_leader_wins_are_those_of_its_games() -> None:
    """The profile's figures are those of the main section's games, each computed as
    defined; the branching factor a turn is their legal moves over their turns."""
    profile = ono99.analyse(
        "ono99-1980", players=3, games=30, search_games=1, importance_games=1, seed=6, jobs=1
    )
    result = ono99.simulate(
        "ono99-1980", players=3, games=30, seed=_analyse.section_seed(6, "main"), jobs=1,
        details=True,
    )  # fmt: skip
    games = result.details
    drama, decisions = profile.drama, profile.decisions
    assert drama.decisiveness is not None and drama.leader_wins is not None
    shares = [(d.moves - d.decided_at) / d.moves for d in games]
    assert drama.decisiveness.value == pytest.approx(sum(shares) / 30)
    assert 0 < drama.decisiveness.value < 1
    halved = [d for d in games if d.rounds > 1]
    assert drama.leader_wins.games == len(halved)
    assert drama.leader_wins.successes == sum(not d.comeback for d in halved)
    assert decisions.turn_branching is not None
    turn = sum(d.options for d in games) / sum(d.turns for d in games)
    assert decisions.turn_branching.value == pytest.approx(turn)
    assert decisions.turn_branching.value >= decisions.branching.value
    figures = profile.figures()
    assert figures["decisiveness"] == drama.decisiveness
    assert figures["half-way leader wins"] == drama.leader_wins
    assert figures["legal moves a turn"] == decisions.turn_branching


def test_a_profile_without_the_newer_figures_still_loads() -> None:
    """Profile data written before decisiveness, the half-way leader and the branching
    factor a turn were measured loads, with those figures None and left out of its
    figures and tables."""
    profile = ono99.analyse(
        "ono99-1980", players=2, games=20, search_games=1, importance_games=1, seed=3, jobs=1
    )
    data = profile.to_data()
    del data["drama"]["decisiveness"], data["drama"]["leader_wins"]
    del data["decisions"]["turn_branching"]
    old = ono99.Profile.from_data(json.loads(json.dumps(data)))
    assert old.drama.decisiveness is None and old.decisions.turn_branching is None
    assert not {"decisiveness", "half-way leader wins", "legal moves a turn"} & set(old.figures())
    names = [row[0] for sheet in ono99.analysis.profile_sheets(old) for row in sheet.rows]
    assert "decisiveness" not in names and "legal moves a turn" not in names
    assert [d.figure for d in old.differences(profile)] == [d.figure for d in old.differences(old)]


# ------------------------------------------------------------------ statistics


def test_wilson_interval_matches_published_values() -> None:
    """Newcombe (1998), table I: 81/263 gives 0.2553 to 0.3662; 0/10 gives 0 to 0.2775."""
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0
    assert round(wilson(0, 10)[1], 4) == 0.2775


def test_newcombe_difference_matches_the_published_example() -> None:
    """Newcombe (1998), method 10: 56/70 against 48/80 differ by 0.2000, with the 95%
    interval 0.0524 to 0.3339."""
    base, other = ono99.Estimate.rate(48, 80), ono99.Estimate.rate(56, 70)
    d = ono99.Difference.of("x", base, other)
    assert round(d.difference, 4) == 0.2
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)
    assert d.significant


def test_chi_square_tail_matches_the_tables() -> None:
    """The 5% and 1% critical values of the chi-square tables, odd and even degrees."""
    for df, five, one in [(1, 3.841, 6.635), (2, 5.991, 9.210), (3, 7.815, 11.345),
                          (5, 11.070, 15.086)]:  # fmt: skip
        assert chi_square_p(five, df) == pytest.approx(0.05, abs=2e-4)
        assert chi_square_p(one, df) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_p(0.0, 3) == 1.0


def test_t_quantile_matches_the_tables() -> None:
    """Student's t, 97.5%: 12.706 (1), 4.303 (2), 2.571 (5), 2.228 (10), 2.042 (30)."""
    for df, value in [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042)]:
        assert t_quantile(df) == pytest.approx(value, abs=1e-3)


def test_ratio_interval_treats_games_as_draws() -> None:
    """A ratio the same in every game has no spread; games that differ widen it."""
    assert ratio_interval([1, 2, 3], [2, 4, 6])[1] == 0.0
    ratio, se, low, high = ratio_interval([0, 4], [2, 2])
    assert ratio == 1.0 and se > 0 and low < 1 < high


def test_score_test_agrees_with_the_wilson_interval() -> None:
    """The score test rejects the fair share exactly when the Wilson interval leaves it out."""
    for wins in range(0, 101, 5):
        low, high = wilson(wins, 100)
        assert (score_p(wins, 100, 0.25) < 0.05) == (not low <= 0.25 <= high)


# ------------------------------------------------------------------ properties


def test_a_profile_survives_json(profile: ono99.Profile) -> None:
    """to_data gives plain JSON, and from_data the same profile back."""
    text = json.dumps(profile.to_data())
    assert ono99.Profile.from_data(json.loads(text)) == profile


def test_bad_profile_data_is_an_argument_error() -> None:
    with pytest.raises(ono99.ArgumentError, match="not a profile's data"):
        ono99.Profile.from_data({"variant": "x"})
    with pytest.raises(ono99.ArgumentError, match="a profile's data"):
        ono99.Profile.from_data([1, 2])


def test_seat_advantage_interval_covers_the_largest_share() -> None:
    """The largest seat share less the fair one: its interval holds the true value at
    least 95% of the time, at 4 and 6 players, in a fair game and an unfair one
    (where the interval of the largest share alone held 89% at 4 and 84% at 6)."""
    rng = random.Random(1)
    for shares in ([0.25] * 4, [1 / 6] * 6, [0.3, 0.25, 0.25, 0.2]):
        players = len(shares)
        truth = max(shares) - 1 / players
        held = alone = 0
        trials = 1000
        for _ in range(trials):
            wins = [0] * players
            for seat in rng.choices(range(players), shares, k=400):
                wins[seat] += 1
            best, advantage = _analyse.seat_advantage(wins)
            held += advantage.low <= truth <= advantage.high
            low, high = wilson(wins[best], 400)
            alone += low - 1 / players <= truth <= high - 1 / players
        assert held / trials >= 0.95, (shares, held)
        if len(set(shares)) == 1:
            assert alone / trials < 0.93, (shares, alone)  # what this test would catch


def test_a_side_by_side_of_one_game_marks_no_more_than_its_share() -> None:
    """Two profiles of one variant on different seeds differ by chance alone: where every
    difference is noise, Benjamini-Hochberg marks any at all at most 5% of the time,
    and on these seeds it marks none."""
    options = {"players": 2, "games": 300, "search_games": 10, "importance_games": 100,
               "jobs": 1}  # fmt: skip
    profiles = [ono99.analyse("ono99-1980", seed=seed, **options) for seed in (1, 2, 3)]  # type: ignore[arg-type]
    marked = tested = 0
    for base, other in itertools.pairwise(profiles):
        found = base.differences(other)
        tested += len(found)
        marked += sum(d.significant for d in found)
        assert [d.significant for d in found] == step_up([d.p_value for d in found])
    assert tested > 60
    assert marked == 0


def test_step_up_controls_the_false_discovery_rate() -> None:
    """Benjamini and Hochberg's worked example (1995, section 3.2): of 15 p-values, the
    four smallest are discoveries at q = 0.05 (uncorrected, nine are below 0.05)."""
    p_values = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000]  # fmt: skip
    assert step_up(p_values) == [True] * 4 + [False] * 11


def test_the_largest_advantage_is_not_compared_each_seat_is(profile: ono99.Profile) -> None:
    """The largest share may be another seat's in each profile: the side by side
    compares each seat's own share."""
    names = [d.figure for d in profile.differences(profile)]
    assert "largest seat advantage" not in names
    assert {"seat 0 wins", "seat 1 wins", "seat 2 wins"} <= set(names)


def test_a_rate_of_none_starts_at_exactly_zero() -> None:
    """0 of n: the Wilson interval's low end is 0, not a rounding error above it."""
    assert ono99.Estimate.rate(0, 150).low == 0
    assert ono99.Estimate.rate(150, 150).high == 1


def test_differences_of_a_profile_with_itself_are_nothing(profile: ono99.Profile) -> None:
    """Every figure differs from itself by 0, with an interval around 0, never significant."""
    for d in profile.differences(profile):
        assert d.difference == pytest.approx(0.0)
        assert d.low <= 0 <= d.high
        assert not d.significant


@settings(max_examples=6, deadline=None)
@given(
    variant=st.sampled_from(["ono99-2022", "ono99-1980", "ninety-nine"]),
    players=st.integers(2, 4),
    games=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
def test_profile_invariants(variant: str, players: int, games: int, seed: int) -> None:
    """Seat shares sum to 1; every interval contains its estimate; the largest
    advantage is the largest share less the fair one; the same seed gives the same
    profile, whatever the jobs."""
    options = {
        "players": players,
        "games": games,
        "search_games": 1,
        "importance_games": 2,
        "seed": seed,
    }
    profile = ono99.analyse(variant, jobs=1, **options)  # type: ignore[arg-type]
    assert math.fsum(s.value for s in profile.fairness.seats) == pytest.approx(1.0)
    for estimate in _estimates(profile):
        assert estimate.low - 1e-9 <= estimate.value <= estimate.high + 1e-9, estimate
    best = max(s.value for s in profile.fairness.seats)
    assert profile.fairness.advantage.value == pytest.approx(best - 1 / players)
    assert 0 <= profile.fairness.p_value <= 1
    assert profile == ono99.analyse(variant, jobs=2, **options)  # type: ignore[arg-type]


def test_common_seeds_across_variants() -> None:
    """Each section's seed comes from the master seed and the section alone: two
    variants analysed with one seed play the same deals."""
    first = _analyse.section_seed(7, "main")
    assert first == _analyse.section_seed(7, "main") != _analyse.section_seed(8, "main")
    labels = [
        _analyse.section_labels(ono99.load_variant(v)) for v in ("ono99-1980", "ono99-1980-option")
    ]
    assert labels[0][:5] == labels[1][:5]


# ------------------------------------------------------------------ precision


def test_a_precision_asked_for_is_reached() -> None:
    """With a precision, each section plays more games until its widest headline
    interval is that narrow (no time limit is near), and says how wide it is."""
    profile = ono99.analyse(
        "ono99-2022", players=2, games=20, search_games=5, importance_games=20,
        precision=8, seed=1, jobs=1,
    )  # fmt: skip
    widths = profile.widths()
    assert set(widths) == {
        "seat win shares", "cautious among random", "search among cautious",
        "search among random", "card importance",
    }  # fmt: skip
    assert all(width <= 8 for width in widths.values()), widths
    assert profile.games > 20 and profile.precision == 8
    again = ono99.analyse(
        "ono99-2022", players=2, games=20, search_games=5, importance_games=20,
        precision=8, seed=1, jobs=2,
    )  # fmt: skip
    assert again == profile


class _Asked(Exception):  # noqa: N818 - not an error: what a profile asked of its sections
    """Raised by a stand-in runner with the precision and the games a profile asked for."""


def _asked(monkeypatch: pytest.MonkeyPatch, **options: object) -> tuple[object, ...]:
    """What ``analyse(**options)`` asks its sections for: (precision, whether a time
    limit stops their growth, whether running past it is an error)."""

    class Runner:
        def __init__(self, *args: object, strict: bool = False) -> None:
            # (variant, players, seed, jobs, executor, precision, deadline, progress)
            raise _Asked(args[5], args[6] is not None, strict)

    monkeypatch.setattr(_analyse, "_Runner", Runner)
    with pytest.raises(_Asked) as asked:
        ono99.analyse("ono99-2022", seed=1, jobs=1, **options)  # type: ignore[arg-type]
    return asked.value.args


def test_the_default_profile_aims_at_three_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given no precision and no count of games, a profile asks each section for +-3
    points, within the default time limit; given a count alone, it plays that count."""
    assert _analyse.DEFAULT_PRECISION == 3
    assert _asked(monkeypatch) == (0.03, True, False)
    assert _asked(monkeypatch, precision=2) == (0.02, True, False)
    assert _asked(monkeypatch, time_limit=10) == (0.03, True, True)
    for count in ("games", "search_games", "importance_games"):
        assert _asked(monkeypatch, **{count: 500}) == (None, False, False)


def test_a_precision_s_own_time_limit_stops_growth_without_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The time limit a precision implies (no time limit given) only stops the
    sections from growing: a profile past it is the first batches' profile, with the
    widths they reached, not a SimulationError (which a time limit given raises)."""
    monkeypatch.setattr(_analyse, "PRECISION_SECONDS", 1e-9)
    options = {"players": 2, "games": 10, "search_games": 2, "importance_games": 4}
    profile = ono99.analyse("ono99-2022", precision=1, seed=1, jobs=1, **options)  # type: ignore[arg-type]
    assert profile.games == 10 and profile.search_games == 2
    assert profile.importance_games == 4
    assert max(profile.widths().values()) > 1
    with pytest.raises(ono99.SimulationError, match="time limit"):
        ono99.analyse(
            "ono99-2022",
            precision=1,
            time_limit=1e-9,
            seed=1,
            jobs=1,
            **options,  # type: ignore[arg-type]
        )


def test_a_time_limit_that_runs_out_is_an_error() -> None:
    """No game is begun once the time limit has passed: the simulation says so."""
    with pytest.raises(ono99.SimulationError, match="time limit"):
        ono99.simulate("ono99-1980", players=2, games=1000, seed=1, jobs=1, time_limit=1e-9)
    with pytest.raises(ono99.SimulationError, match="time limit"):
        ono99.analyse("ono99-1980", players=2, games=1000, seed=1, jobs=1, time_limit=1e-9)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"games": 0}, ono99.ArgumentError, "games"),
        ({"games": -3}, ono99.ArgumentError, "games"),
        ({"search_games": 0}, ono99.ArgumentError, "search_games"),
        ({"players": 9}, ono99.VariantError, "2 to 6 players, not 9"),
        ({"seed": "x"}, ono99.ArgumentError, "seed"),
        ({"jobs": 0}, ono99.ArgumentError, "jobs"),
        ({"progress": 3}, ono99.ArgumentError, "progress"),
        ({"precision": 0}, ono99.ArgumentError, "precision"),
        ({"precision": True}, ono99.ArgumentError, "precision"),
        ({"time_limit": -1}, ono99.ArgumentError, "time_limit"),
        ({"executor": 3}, ono99.ArgumentError, "executor"),
        ({"house_rules": "two-decks"}, ono99.ArgumentError, "house_rules"),
        ({"house_rules": ["points-first"]}, ono99.VariantError, "points-first"),
        ({"house_rules": ["no-such-rule"]}, ono99.VariantError, "no-such-rule"),
    ],
)
def test_bad_input_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, object], error: type, message: str
) -> None:
    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(_analyse, "simulate", no_games)
    with pytest.raises(error, match=message):
        ono99.analyse("ono99-2022", **options)  # type: ignore[arg-type]


def test_an_unknown_variant_is_a_variant_error() -> None:
    with pytest.raises(ono99.VariantError, match="no shipped variant"):
        ono99.analyse("no-such-variant")
    with pytest.raises(ono99.ArgumentError, match="variant"):
        ono99.analyse(42)  # type: ignore[arg-type]
    with pytest.raises(ono99.ArgumentError, match="house_rules"):
        ono99.analyse(ono99.load_variant("ono99-1980"), house_rules=["two-decks"])


def test_progress_names_each_section() -> None:
    calls: list[tuple[str, int, int]] = []
    ono99.analyse(
        "ono99-2022",
        players=2,
        games=3,
        search_games=1,
        importance_games=1,
        seed=1,
        jobs=1,
        progress=lambda *a: calls.append(a),
    )
    labels = list(dict.fromkeys(label for label, _, _ in calls))
    assert labels == _analyse.section_labels(ono99.load_variant("ono99-2022"))
    assert ("fairness, length, decisions", 3, 3) in calls


def test_a_seed_left_out_is_chosen_and_kept() -> None:
    profile = ono99.analyse(
        "ono99-2022", players=2, games=2, search_games=1, importance_games=1, jobs=1
    )
    again = ono99.analyse(
        "ono99-2022",
        players=2,
        games=2,
        search_games=1,
        importance_games=1,
        jobs=1,
        seed=profile.seed,
    )
    assert again == profile
