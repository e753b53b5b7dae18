"""The search player: legal, reproducible, blind to what it cannot see, and it finds wins."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import TYPE_CHECKING

import hypothesis.strategies as st
import pytest
from hypothesis import given

import ono99
from ono99.players._policies import Traits, careful_move, told_of, traits_of
from ono99.players._search import _position
from ono99.testing import games, snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

ROOT = Path(__file__).resolve().parents[1]

# A small deck for puzzles: the only cards besides the 9s are those in the two
# hands below, so that with the draw pile empty (and the top card kept when the
# discard pile is reshuffled) every card either player draws is a 9, and the
# cards the searching player cannot see are exactly its opponent's hand.
DUEL = """
id = "duel"
name = "Duel"
description = "Two players, a few low cards and many 9s: a deck for puzzles."
[players]
min = 2
max = 2
[deck]
copies = 1
[deal]
hand_size = 3
first_dealer = "last_seat"
leader = "left_of_dealer"
[total]
start = 0
bust = 99
floor = 0
[forced_play]
stacking = "none"
[no_safe_play]
action = "lay_down"
[reshuffle]
keep_top_card = true
[round]
end = "last_standing"
[match]
scoring = "none"
[cards.1]
name = "1"
count = 2
effects = [{ type = "add", amount = 1 }]
[cards.5]
name = "5"
count = 4
effects = [{ type = "add", amount = 5 }]
[cards.9]
name = "9"
count = 30
effects = [{ type = "add", amount = 9 }]
"""


def _duel(seed: int) -> ono99.Game:
    """At 88, holding 1, 1, 5 against 5, 5, 5; every card drawn from here on is a 9."""
    variant = ono99.loads_variant(DUEL)
    hands = [["1", "1", "5"], ["5", "5", "5"]]
    return ono99.Game.from_position(
        variant, hands, [], discard_pile=["9"] * 30, total=88, seed=seed
    )


def _result(game: ono99.Game, move: ono99.Move, players: list[ono99.Player]) -> int:
    after = game.copy()
    after.play(move)
    return ono99.play_out(after, players)


def test_duel_position_is_a_forced_win_that_cautious_play_loses() -> None:
    """The puzzle below, checked by playing it: "play 1" wins against any replies of
    the opponent (it has only 5s, and can play one or not), and "play 5", the cautious
    choice (the highest safe number card), loses however the player goes on: at 93 the
    opponent plays a 5 to 98, where the player's 1s and drawn 9s all bust."""
    game = _duel(seed=1)
    assert set(game.legal_moves()) == {ono99.Play("1"), ono99.Play("5")}
    assert ono99.CautiousPlayer().choose(game.observation(0)) == ono99.Play("5")
    lines: list[list[ono99.Player]] = [[ono99.CautiousPlayer()] * 2, [ono99.RandomPlayer(3)] * 2]
    for players in lines:
        assert _result(game, ono99.Play("5"), players) == 1
    # After 1 (89): 5 (94); 1 (95); the opponent's 5s bust, it lays down. The
    # opponent's other line, a 5 at 94 after the player's 5, does not arise.
    assert _result(game, ono99.Play("1"), [ono99.CautiousPlayer()] * 2) == 0


@pytest.mark.parametrize("seed", range(4))
def test_search_finds_the_forced_win(seed: int) -> None:
    """Whatever its seed and with few deals, the search plays the winning 1 that the
    cautious rule (highest safe number card) misses."""
    game = _duel(seed)
    for iterations in (4, 100):
        player = ono99.SearchPlayer(seed, iterations=iterations)
        assert player.choose(game.observation(0)) == ono99.Play("1")


def test_search_looks_ahead_only_within_its_reach_of_the_bust_limit() -> None:
    """At 88 the puzzle is 11 under the bust limit (99): within the default reach of 20,
    and of 12, the search finds the winning 1; with a reach of 11 or less it does not
    search there and plays the careful choice, the losing 5, as it does for any seed."""
    for seed in range(4):
        observation = _duel(seed).observation(0)
        for reach in (12, 20, None):
            assert ono99.SearchPlayer(seed, reach=reach).choose(observation) == ono99.Play("1")
        for reach in (1, 11):
            assert ono99.SearchPlayer(seed, reach=reach).choose(observation) == ono99.Play("5")


@given(game=games(max_moves=60), seed=st.integers(0, 2**32 - 1))
def test_out_of_reach_the_search_plays_the_careful_choice(game: ono99.Game, seed: int) -> None:
    """Invariant: where the total is ``reach`` or more under the bust limit the search
    player plays the careful choice, whatever its seed (laying cards away into a crib,
    it lays away by the stated heuristic instead: ``tests/test_put_aside.py``)."""
    if game.is_over or isinstance(game.legal_moves()[0], ono99.PutAside):
        return
    observation = game.observation(game.current_player)
    traits = Traits(game.variant)
    if traits.rules.bust - observation.total < 20:
        return
    careful = careful_move(
        traits,
        observation.legal_moves,
        observation.total,
        observation.answering,
        told_of(observation),
    )
    assert ono99.SearchPlayer(seed, iterations=6, batch=3).choose(observation) == careful


def test_search_wins_the_duel_from_the_position() -> None:
    """Played out from the puzzle, the search player wins it; the cautious one loses it."""
    for seed in range(3):
        search = ono99.play_out(_duel(seed), [ono99.SearchPlayer(seed), ono99.CautiousPlayer()])
        cautious = ono99.play_out(_duel(seed), [ono99.CautiousPlayer()] * 2)
        assert (search, cautious) == (0, 1)


@given(game=games(max_moves=60), seed=st.integers(0, 2**32 - 1))
def test_search_chooses_a_legal_move_reproducibly_and_leaves_the_game_alone(
    game: ono99.Game, seed: int
) -> None:
    """Invariant: in any game in progress (shipped or generated variant), the search
    player's choice is one of the legal moves; two players with the same seed choose
    the same move; and the game searched from is unchanged."""
    if game.is_over:
        return
    before = snapshot(game)
    observation = game.observation(game.current_player)
    first = ono99.SearchPlayer(seed, iterations=6, batch=3).choose(observation)
    assert first in observation.legal_moves
    assert ono99.SearchPlayer(seed, iterations=6, batch=3).choose(observation) == first
    assert snapshot(game) == before


@pytest.mark.parametrize(("variant", "players"), [("ono99-2022", 4), ("ono99-1980", 2)])
def test_search_games_reproduce_from_the_seeds(variant: str, players: int) -> None:
    """The same seeds (the game's and the search player's) give the same game, move for move."""

    def play(seed: int) -> tuple[ono99.Move, ...]:
        game = ono99.Game(variant, players, seed=11)
        seats: list[ono99.Player] = [ono99.CautiousPlayer() for _ in range(players)]
        seats[1] = ono99.SearchPlayer(seed, iterations=10)
        ono99.play_out(game, seats)
        return game.moves

    assert play(4) == play(4)


def test_search_options_are_checked() -> None:
    counts: list[dict[str, int]] = [{"iterations": 0}, {"batch": 0}]
    for options in counts:
        with pytest.raises(ValueError, match="must be 1 or more"):
            ono99.SearchPlayer(1, **options)
    with pytest.raises(ValueError, match="must be 0 or more"):
        ono99.SearchPlayer(1, confidence=-1.0)
    with pytest.raises(ValueError, match="must be 0 or more"):
        ono99.SearchPlayer(1, patience=float("nan"))
    bad: list[object] = [0, -3, True, 2.5, "20"]
    for reach in bad:
        with pytest.raises(ValueError, match="reach must be a whole number"):
            ono99.SearchPlayer(1, reach=reach)  # type: ignore[arg-type]


# The digest of every move of one game per case, the search player in the seat
# ``seed % players`` with ``iterations=40``, the others cautious; with the
# default reach and, searching at every total, ``reach=None``. Making the
# search faster must not change a single decision; a change meant to change
# its decisions records them anew (last: the search kept within its reach of
# the bust limit, which left the decisions of ``reach=None`` as they were; before
# that, its own moves following the careful policy rather than the cautious one).
PINNED = [
    ("ono99-2022", 2, 5, 20, 39, "34609fe1828023f5"),
    ("ono99-2022", 4, 6, 20, 21, "424f7e00a8b614ba"),
    ("ono99-1980", 2, 7, 20, 171, "bf0b18090e8f523d"),
    ("ono99-1980", 4, 8, 20, 331, "2139530db5dc2d14"),
    ("ono99-2022", 2, 5, None, 39, "24b7a718ae0bdbeb"),
    ("ono99-2022", 4, 6, None, 21, "424f7e00a8b614ba"),
    ("ono99-1980", 2, 7, None, 173, "2ed0569c3a4a216c"),
    ("ono99-1980", 4, 8, None, 321, "f6e4688137b337db"),
]


@pytest.mark.parametrize("case", PINNED, ids=str)
def test_search_decisions_are_those_recorded(
    case: tuple[str, int, int, int | None, int, str],
) -> None:
    """For fixed seeds the search plays exactly the recorded games, move for move."""
    variant, players, seed, reach, moves, digest = case
    game = ono99.Game(variant, players, seed=seed)
    seats: list[ono99.Player] = [ono99.CautiousPlayer() for _ in range(players)]
    seats[seed % players] = ono99.SearchPlayer(seed, iterations=40, reach=reach)
    ono99.play_out(game, seats)
    found = hashlib.sha256(repr(game.moves).encode()).hexdigest()[:16]
    assert (len(game.moves), found) == (moves, digest)


def test_the_playouts_are_told_the_totals_their_table_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """previous-colour: "a seven adds 7 when the card before it is red, and takes 7 away
    when it is black". What a seven makes depends on the table, so a player is told it
    (``Observation.total_after``); the search's playouts tell their cautious players
    the totals each playout's own table makes, not what a seven makes without a table."""
    from ono99.players import _search  # noqa: PLC0415 - the module whose playouts are watched

    told: list[Mapping[tuple[str, int | None], int] | None] = []
    real = _search.ranked_move  # type: ignore[attr-defined]

    def watched(
        traits: Traits,
        legal: Sequence[ono99.Move],
        total: int,
        cautious: bool,
        told_now: Mapping[tuple[str, int | None], int] | None = None,
    ) -> ono99.Move:
        told.append(told_now)
        move: ono99.Move = real(traits, legal, total, cautious, told_now)
        return move

    monkeypatch.setattr(_search, "ranked_move", watched)
    variant = ono99.load_variant(ROOT / "docs" / "examples" / "previous-colour.toml")
    sevens = {card.id for card in variant.cards if card.rank == "7"}

    def of_sevens() -> list[Mapping[tuple[str, int | None], int]]:
        return [t for t in told if t and {card for card, _ in t} & sevens]

    for seed in range(20):
        game = ono99.Game(variant, 2, seed)
        players: list[ono99.Player] = [ono99.SearchPlayer(seed=seed), ono99.CautiousPlayer()]
        while not game.is_over:
            seat = game.current_player
            game.play(players[seat].choose(game.observation(seat)))
        if of_sevens():
            break
    assert of_sevens(), "no playout was told what a seven makes"


def _every_variant_and_house_rule() -> list[tuple[str, tuple[str, ...]]]:
    cases: list[tuple[str, tuple[str, ...]]] = []
    for variant in ono99.list_variants():
        cases.append((variant, ()))
        cases += [(variant, (rule,)) for rule in ono99.list_house_rules(fits=variant)]
    # The six-card cribbage file, until crib variants ship: the put-aside phase, the crib.
    cases.append((str(ROOT / "tests" / "variants" / "files" / "cribbage.toml"), ()))
    return cases


def test_the_rebuilt_position_has_the_observations_legal_moves_in_any_variant() -> None:
    """Invariant: at every decision, the position the search deals has the seat's legal moves.

    The search player plays its moves on games rebuilt from the observation
    alone (``Game.from_position``, the unseen cards dealt at random): what the
    rules read to list the moves must be in it, in random games of every
    shipped variant and house rule (a suit declared, a reaction open, the
    starter turned up, partners; cards laid away into a crib, and the play
    after with the crib face down). A position that differed would make the
    player fall back to the careful move without a word.
    """
    rng = random.Random(5)
    checked = {"declared": 0, "reaction": 0, "starter": 0, "teams": 0, "laying": 0, "crib": 0}
    for variant_id, house in _every_variant_and_house_rule():
        variant = ono99.load_variant(variant_id, house_rules=list(house))
        cache: list[Traits] = []
        for players in sorted({variant.players.min, min(4, variant.players.max)}):
            game = ono99.Game(variant, players, seed=players)
            for _ in range(120):
                if game.is_over:
                    break
                seen = game.observation(game.current_player)
                position = _position(seen, traits_of(cache, variant), rng)
                assert position.legal_moves() == seen.legal_moves, (variant_id, house, seen)
                laying = isinstance(seen.legal_moves[0], ono99.PutAside)
                crib = any(size for zone in seen.zones for size in zone.sizes) and not laying
                for key in ("declared", "reaction", "starter", "teams"):
                    checked[key] += bool(getattr(seen, key))
                checked["laying"] += laying
                checked["crib"] += bool(crib)
                game.play(rng.choice(seen.legal_moves))
    assert all(checked.values()), checked  # every kind of state was met


def test_a_crib_round_is_rebuilt_from_the_zone_table() -> None:
    """Cribbage: "Each player looks at their six cards and 'lays away' two of them face
    down ... The four cards laid away together constitute 'the crib'. The crib belongs
    to the dealer" (Bicycle Cards). A position rebuilt while cards are laid away is in
    that phase, the crib holding as many cards, face down, as the seat sees; the
    rebuilt game lays away, turns the starter up and plays on, the crib the dealer's.
    The search player lays away by its stated heuristic, not by a search."""
    variant = ono99.load_variant(ROOT / "tests" / "variants" / "files" / "cribbage.toml")
    traits = traits_of([], variant)
    rng = random.Random(1)
    game = ono99.Game(variant, 2, seed=3)
    game.play(game.legal_moves()[0])  # the non-dealer lays away; the dealer's turn
    seen = game.observation(1)
    position = _position(seen, traits, rng)
    assert position.legal_moves() == seen.legal_moves
    assert position.dealer == seen.dealer == 1
    (crib,) = position.r.zones[0]
    assert len(crib) == 2 and not set(crib) & {position.rules.index[c] for c in seen.hand}
    assert [len(hand) for hand in position.r.hands] == [4, 6]
    position.play(seen.legal_moves[0])
    assert position.r.starter >= 0 and len(position.r.zones[0][0]) == 4
    assert all(type(move) is ono99.Play for move in position.legal_moves())
    game.play(seen.legal_moves[0])
    seen = game.observation(game.current_player)
    position = _position(seen, traits, rng)  # in the play: the crib face down, 4 cards
    assert position.legal_moves() == seen.legal_moves
    assert len(position.r.zones[0][0]) == 4 and position.dealer == 1
    laying = ono99.Game(variant, 2, seed=3).observation(0)
    assert ono99.make_player("search", 1).choose(laying) in laying.legal_moves


def test_a_round_that_need_not_end_stops_the_search() -> None:
    """Rounds nobody can lose (a Ten counts +10 or -10, and -10 is always safe): the
    first playout that runs to its cap ends the player's searching, so a game costs
    the plays of its caps, not 1,000 more for every playout of every decision."""
    variant = ono99.loads_variant(
        (EXAMPLES / "tens-both-ways.toml").read_text(encoding="utf-8")
        + "\n[round]\nmax_plays = 3000\nmax_game_plays = 3000\n"
    )
    player = ono99.SearchPlayer(seed=1)
    game = ono99.Game(variant, players=2, seed=1)
    ono99.play_out(game, [player, ono99.CautiousPlayer()])
    assert player._endless
