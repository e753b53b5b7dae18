"""The shipped players: what each strategy plays, and that every one plays legal moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ono99
from ono99.testing import variants

if TYPE_CHECKING:
    from collections.abc import Callable


def _position(variant: str, hands: list[list[str]], **settings: object) -> ono99.Game:
    v = ono99.load_variant(variant)
    pile = [c.id for c in v.cards for _ in range(c.count * v.deck.copies)]
    for hand in hands:
        for card in hand:
            pile.remove(card)
    return ono99.Game.from_position(v, hands, pile, seed=1, **settings)  # type: ignore[arg-type]


def _choice(player: ono99.Player, game: ono99.Game) -> ono99.Move:
    return player.choose(game.observation(game.current_player))


def test_cautious_plays_highest_safe_number_and_keeps_helpers() -> None:
    """ "As long as you can play a valued card without hitting 99 or more points, you
    should hold onto the special cards" (R80 review)."""
    game = _position(
        "ono99-1980", [["9", "4", "hold", "minus_ten"], ["2", "3", "5", "6"]], total=85
    )
    assert _choice(ono99.CautiousPlayer(), game) == ono99.Play("9")
    game = _position(
        "ono99-1980", [["10", "10", "hold", "minus_ten"], ["2", "3", "5", "6"]], total=95
    )
    # Forced to use a helper: keep the total rather than lower it.
    assert _choice(ono99.CautiousPlayer(), game) == ono99.Play("hold")


def test_reckless_spends_helpers_first_forcing_ones_first() -> None:
    game = _position(
        "ono99-1980", [["9", "2", "minus_ten", "double_play"], ["3", "4", "5", "6"]], total=20
    )
    assert _choice(ono99.RecklessPlayer(), game) == ono99.Play("double_play")
    game = _position("ono99-1980", [["9", "4", "2", "3"], ["5", "6", "7", "8"]], total=20)
    assert _choice(ono99.RecklessPlayer(), game) == ono99.Play("9")


def test_both_take_a_redraw() -> None:
    """ "If you have 4 ONO 99 cards in your hand, you may discard all 4" (M22)."""
    game = _position("ono99-2022", [["ono99"] * 4, ["1", "2", "3", "4"]], total=40)
    assert game.legal_moves() == (ono99.Redraw(),)
    for player in (ono99.CautiousPlayer(), ono99.RecklessPlayer()):
        assert _choice(player, game) == ono99.Redraw()


# Each shipped strategy, made quickly (the search player with few iterations).
QUICK: dict[str, Callable[[], ono99.Player]] = {
    "random": lambda: ono99.RandomPlayer(3),
    "cautious": ono99.CautiousPlayer,
    "reckless": ono99.RecklessPlayer,
    "search": lambda: ono99.SearchPlayer(3, iterations=8),
}


def test_every_shipped_strategy_is_played_below() -> None:
    """A strategy added to the shipped ones must be added to the games below too."""
    assert set(QUICK) == set(ono99.list_strategies())


# A card that "does what the last one did", and names the next player or counts 1 or
# 2 when nothing was played before it: its play of the card before makes no choice.
ECHO = ono99.loads_variant(
    'extends = "ninety-nine"\nid = "echo"\n[cards.echo]\nname = "Echo"\ncount = 8\n'
    'effects = [{ type = "repeat_previous" }, { type = "add_choice", amounts = [1, 2] }, '
    '{ type = "choose_next" }]\n'
)
echo = pytest.param(ECHO, id="echo")


@pytest.mark.parametrize("strategy", ono99.list_strategies())
@pytest.mark.parametrize(
    "variant", ["ono99-2022", "ono99-1980", "ono99-1980-option", "ninety-nine-everything2", echo]
)
def test_every_player_plays_games_out(strategy: str, variant: str | ono99.Variant) -> None:
    """Each shipped player is a Player and finishes games against the others."""
    for seed in range(2):
        seats = [QUICK[strategy](), ono99.CautiousPlayer(), ono99.RandomPlayer(seed)]
        assert isinstance(seats[0], ono99.Player)
        game = ono99.Game(variant, 3, seed=seed)
        assert ono99.play_out(game, seats) == game.winner


def test_search_player_is_deterministic_for_a_seed() -> None:
    def moves(seed: int) -> tuple[ono99.Move, ...]:
        game = ono99.Game("ono99-2022", 2, seed=11)
        ono99.play_out(game, [ono99.SearchPlayer(seed, iterations=15), ono99.CautiousPlayer()])
        return game.moves

    assert moves(4) == moves(4)


def test_search_player_sees_only_its_observation() -> None:
    """The search deals the unseen cards itself: two games that differ only in what the
    player cannot see get the same choice from equally seeded players."""
    v = ono99.load_variant("ono99-2022")
    mine = ["7", "reverse", "play_2", "3"]
    a = _position("ono99-2022", [mine, ["1", "2", "4", "5"]], total=80)
    b = _position("ono99-2022", [mine, ["minus_ten", "reverse", "0", "0"]], total=80)
    assert a.observation(0) == b.observation(0)
    assert v is a.variant
    first = ono99.SearchPlayer(5, iterations=30).choose(a.observation(0))
    second = ono99.SearchPlayer(5, iterations=30).choose(b.observation(0))
    assert first == second


def test_search_player_does_not_search_a_single_move() -> None:
    game = _position("ono99-2022", [["ono99"] * 4, ["1", "2", "3", "4"]], total=40)
    assert ono99.SearchPlayer(1).choose(game.observation(0)) == ono99.Redraw()


def test_search_player_rejects_no_iterations() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ono99.SearchPlayer(1, iterations=0)


def test_search_finds_the_attack_cautious_misses() -> None:
    """ "The DOUBLE PLAY card ... causes the next player to make a normal play plus one
    additional" (R80). At 90, with a Hold and a Double Play and two 10s, the cautious
    player keeps the Double Play and holds; looking ahead, the search sees that two
    plays from 90 often bust the opponent (the Double Play gains about a fifth of a
    round over the Hold, with a spread of 0.6 from deal to deal), and plays it for
    most seeds; a more patient search, which keeps a move in the race longer, for
    nearly all."""
    hands = [["hold", "double_play", "10", "10"], ["2", "3", "5", "6"]]
    game = _position("ono99-1980", hands, total=90)
    assert _choice(ono99.CautiousPlayer(), game) == ono99.Play("hold")
    attack = ono99.Play("double_play")
    found = [_choice(ono99.SearchPlayer(seed), game) == attack for seed in range(12)]
    patient = [_choice(ono99.SearchPlayer(seed, patience=2), game) == attack for seed in range(12)]
    assert sum(found) >= 6
    assert sum(patient) >= 9


class _Watched:
    """Hides a player's ``pick``, so that ``play_out`` must use ``choose``."""

    def __init__(self, player: ono99.Player) -> None:
        self.player = player

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return self.player.choose(observation)


@pytest.mark.parametrize("variant", ["ono99-2022", "ono99-1980-points", "ninety-nine"])
def test_play_out_gives_the_same_game_through_pick_or_choose(variant: str) -> None:
    """play_out asks a quick player with pick(), any other with choose(): the same game."""
    for seed in range(5):
        quick: list[ono99.Player] = [
            ono99.RandomPlayer(seed),
            ono99.CautiousPlayer(),
            ono99.RecklessPlayer(),
        ]
        slow = [_Watched(p) for p in (ono99.RandomPlayer(seed), *quick[1:])]
        assert not isinstance(slow[0], ono99.QuickPlayer)
        games = ono99.Game(variant, 3, seed=seed), ono99.Game(variant, 3, seed=seed)
        assert ono99.play_out(games[0], quick) == ono99.play_out(games[1], slow)
        assert games[0].events == games[1].events


def test_play_out_returns_a_winner_found_on_the_last_move_allowed() -> None:
    players = [ono99.CautiousPlayer()] * 2
    game = ono99.Game("ono99-2022", 2, seed=4)
    ono99.play_out(game, players)
    moves = len(game.moves)
    again = ono99.Game("ono99-2022", 2, seed=4)
    assert ono99.play_out(again, players, max_moves=moves) == game.winner
    short = ono99.Game("ono99-2022", 2, seed=4)
    with pytest.raises(ono99.Ono99Error, match=f"did not end within {moves - 1} moves"):
        ono99.play_out(short, players, max_moves=moves - 1)
    assert not short.is_over


# ------------------------------------------------------------ play_out's errors


class _NoChoose:
    """Not a player: it has no choose method."""


class _PlaysNothingHeld:
    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return ono99.Play("no-such-card")


def test_play_out_with_too_few_players_is_an_argument_error() -> None:
    game = ono99.Game("ono99-2022", 3, seed=1)
    with pytest.raises(ono99.ArgumentError, match="2 players given for 3 seats; give one per"):
        ono99.play_out(game, [ono99.CautiousPlayer()] * 2)


def test_play_out_names_the_seat_of_what_is_no_player() -> None:
    game = ono99.Game("ono99-2022", 3, seed=1)
    players: list[object] = [ono99.CautiousPlayer(), ono99.CautiousPlayer(), _NoChoose()]
    with pytest.raises(ono99.ArgumentError) as caught:
        ono99.play_out(game, players)  # type: ignore[arg-type]
    assert caught.value.name == "players[2]"
    assert "the player at seat 2 has no choose(observation) method" in str(caught.value)
    assert "_NoChoose object" in str(caught.value)  # whole, not cut short by the list


def test_play_out_given_player_classes_says_to_make_players_of_them() -> None:
    """``[CautiousPlayer, ...]`` (classes, as simulate takes) is the library's error, naming
    the seat and what to pass, not a raw TypeError from calling ``choose`` on a class."""
    game = ono99.Game("ono99-2022", 2, seed=1)
    players: list[object] = [ono99.CautiousPlayer(), ono99.CautiousPlayer]
    with pytest.raises(ono99.ArgumentError) as caught:
        ono99.play_out(game, players)  # type: ignore[arg-type]
    assert caught.value.name == "players[1]"
    assert "got the class CautiousPlayer, not a player: pass one made of it" in str(caught.value)
    assert game.moves == ()


def test_an_illegal_move_in_play_out_names_its_seat_and_leaves_the_game() -> None:
    game = ono99.Game("ono99-2022", 3, seed=1)
    players: list[ono99.Player] = [
        ono99.CautiousPlayer(),
        _PlaysNothingHeld(),
        ono99.CautiousPlayer(),
    ]
    with pytest.raises(ono99.IllegalMoveError) as caught:
        ono99.play_out(game, players)
    assert "the player at seat 1 " in str(caught.value)
    assert "there is no card 'no-such-card'" in str(caught.value)
    assert caught.value.move == ono99.Play("no-such-card")
    assert game.current_player == 1
    assert len(game.moves) == 1  # seat 0's move, and not seat 1's


# ------------------------------------------------------ what total a move makes


@pytest.mark.parametrize(
    "variant", ["ono99-2022", "ono99-1980", "ninety-nine", "ninety-nine-pagat", echo]
)
def test_total_after_is_the_total_the_move_makes(variant: str | ono99.Variant) -> None:
    """Observation.total_after(move) is the total that playing the move leaves."""
    for seed in range(3):
        game = ono99.Game(variant, 3, seed=seed)
        for _ in range(40):
            if game.is_over:
                break
            seen = game.observation(game.current_player)
            for move in seen.legal_moves:
                if not isinstance(move, ono99.Play):
                    continue
                played = game.copy().play(move)[0]
                assert isinstance(played, ono99.events.Played)
                assert played.total == seen.total_after(move), (move, seen.total)
            game.play(ono99.CautiousPlayer().choose(seen))


def test_total_after_refuses_what_is_no_move() -> None:
    seen = ono99.Game("ono99-2022", 2, seed=1).observation(0)
    assert seen.total_after(ono99.Redraw()) == seen.total
    with pytest.raises(ono99.ArgumentError, match="no card 'nope'"):
        seen.total_after(ono99.Play("nope"))
    with pytest.raises(ono99.ArgumentError, match="expected a move"):
        seen.total_after("5")  # type: ignore[arg-type]


# ---------------------------------------------- every player, every variant that validates

# An ace worth 1 or 11 that may answer a drink, as a house of the drinking game might have
# it: the answer is the card alone, with no amount, and it leaves the total as it is.
ACE_ANSWERS = ono99.loads_variant(
    'extends = "ninety-nine-drinks"\nid = "ace-answers"\n'
    "[[ranks.king.effects]]\n"
    'type = "aim"\nwhat = "a drink"\noutcomes = [{ type = "points", who = "player", by = 1 }]\n'
    'answer = [{ type = "card", rank = ["king", "ace"] }]\nmax_answers = 1\n'
)


def _answering_an_ace(seed: int) -> ono99.Game:
    """A game of ``ACE_ANSWERS`` played randomly until an ace may answer a drink."""
    game = ono99.Game(ACE_ANSWERS, 3, seed=seed)
    bot = ono99.RandomPlayer(seed)
    while not game.is_over:
        if game.reaction is not None and ono99.Play("ace") in game.legal_moves():
            return game
        game.play(bot.choose(game.observation(game.current_player)))
    pytest.skip("no ace answered in this game")


@pytest.mark.parametrize("seed", [3, 4])
def test_an_answer_that_counts_either_amount_keeps_the_total(seed: int) -> None:
    """An answer "is thrown on the pile", its effects do not act (the aim's docs): the total
    an ace (1 or 11) answering a drink leaves is the total, which total_after says, and
    each shipped player ranks it so (it used to raise a raw ValueError for the missing
    amount)."""
    game = _answering_an_ace(seed)
    seen = game.observation(game.current_player)
    assert seen.total_after(ono99.Play("ace")) == seen.total
    played = game.copy()
    played.play(ono99.Play("ace"))
    assert played.total == seen.total
    for strategy in ono99.list_strategies():
        assert QUICK[strategy]().choose(seen) in seen.legal_moves


def test_total_after_refuses_a_missing_or_wrong_amount_with_the_librarys_error() -> None:
    """Outside a reaction, a card of several amounts played without one (or a card of one
    amount given one) is no move the rules can total: ArgumentError says why."""
    seen = ono99.Game("ninety-nine-drinks", 3, seed=1).observation(0)
    assert seen.reaction is None
    with pytest.raises(ono99.ArgumentError, match="Ace counts 1 or 11: the move must say which"):
        seen.total_after(ono99.Play("ace"))
    with pytest.raises(ono99.ArgumentError, match="5 offers no choice of amount"):
        seen.total_after(ono99.Play("5", amount=3))
    assert seen.total_after(ono99.Play("ace", amount=11)) == seen.total + 11


def _every_shipped_variant_and_house_rule() -> list[str]:
    """Each shipped variant, and each house rule on the first variant it fits."""
    names = list(ono99.list_variants())
    for rule in ono99.list_house_rules():
        fits = [name for name in names if rule in ono99.list_house_rules(fits=name)]
        names += [f"{fit}+{rule}" for fit in fits[:1]]
    return names


def _plays_without_raw_errors(variant: str | ono99.Variant, seeds: range) -> None:
    """Each shipped player, at each seat of a few seeded games, sees them to their end:
    every move it chooses is legal, and nothing but the library's errors is raised."""
    rules = ono99.load_variant(variant) if isinstance(variant, str) else variant
    # The shipped strategies, and the design profile's player that avoids one card.
    makers: dict[str, Callable[[], ono99.Player]] = {
        **QUICK,
        "avoiding": lambda: ono99.AvoidingPlayer(rules.cards[0].id, 3),
    }
    for strategy, make in makers.items():
        for seed in seeds:
            players = min(max(3, rules.players.min), rules.players.max)
            game = ono99.Game(rules, players, seed=seed)
            seats = [make() for _ in range(players)]
            for _ in range(400):  # a few hundred moves of each game: what a player meets
                if game.is_over:
                    break
                seen = game.observation(game.current_player)
                move = seats[game.current_player].choose(seen)
                assert move in seen.legal_moves, (strategy, seed, move)
                if isinstance(move, ono99.Play):
                    seen.total_after(move)
                game.play(move)


@pytest.mark.parametrize("variant", [ACE_ANSWERS, *_every_shipped_variant_and_house_rule()])
def test_every_player_plays_every_shipped_variant_and_house_rule(
    variant: str | ono99.Variant,
) -> None:
    """Every built-in player can play every variant that validates: each shipped variant,
    and each house rule on a variant it fits, played by each strategy at every seat."""
    _plays_without_raw_errors(variant, range(2))


@given(variants(), st.integers(0, 2**16))
def test_every_player_plays_every_generated_variant(variant: ono99.Variant, seed: int) -> None:
    """Invariant: a variant that validates, with any of the keys generated (aims and their
    answers, declarations, amounts written as ranges, teams, the starter and the show), is
    played by every built-in player: each chooses a legal move, and only the library's
    errors are ever raised."""
    _plays_without_raw_errors(variant, range(seed, seed + 1))
