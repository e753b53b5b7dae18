"""Game.from_position: a game set up in the middle of a round, from explicit cards."""

from __future__ import annotations

import re

import attrs
import hypothesis
import pytest

import ono99
from ono99 import events as ev
from ono99.testing import positions


def _state(game: ono99.Game) -> dict[str, object]:
    """Everything from_position needs to rebuild ``game`` exactly."""
    return {
        "hands": [game.hand(s) for s in range(game.players)],
        "draw_pile": game.draw_pile,
        "discard_pile": game.discard_pile,
        "out_of_play": game.out_of_play,
        "total": game.total,
        "direction": game.direction,
        "current_player": game.current_player,
        "plays_owed": game.plays_owed,
        "in_round": game.in_round,
        "in_game": game.in_game,
        "tokens": game.tokens,
        "scores": game.scores,
        "round": game.round,
        # What the count holds, public (as every player sees it).
        **{
            key: getattr(game.observation(0), key)
            for key in (
                "count",
                "last_play",
                "last_player",
                "passes",
                "starter",
                "declared",
                "reaction",
            )
        },
    }


ECHO = ono99.loads_variant(
    'extends = "ninety-nine"\nid = "echo"\n[cards.echo]\nname = "Echo"\ncount = 8\n'
    'effects = [{ type = "repeat_previous" }, { type = "add_choice", amounts = [1, 2] }]\n'
)


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("ono99-2022", 4),
        ("ono99-1980", 3),
        ("cribbage-pegging", 2),
        ("ninety-nine+crazy-eights", 3),
        ("ninety-nine-drinks", 3),
        pytest.param(ECHO, 3, id="echo-3"),
    ],
)
def test_rebuilt_game_plays_on_identically(variant: str | ono99.Variant, players: int) -> None:
    """A game rebuilt from every card's place plays on exactly as the original.

    Until a reshuffle (which the two games' seeds make differently), the same
    moves give the same legal moves and the same played totals and draws. The
    count goes with it: the pairs and runs of cribbage's pegging, and what a card
    that "does what the last one did" does; the starter turned up, the suit an
    eight named (crazy eights) and a drink aimed at a player, who answers.
    """
    for seed in range(5):
        game = ono99.Game(variant, players, seed=seed)
        for _ in range(7):
            game.play(game.legal_moves()[0])
        if game.is_over or game.plays_owed != 1:
            continue
        copy = ono99.Game.from_position(game.variant, seed=99, **_state(game))  # type: ignore[arg-type]
        assert copy.events == ()
        player = ono99.CautiousPlayer()
        for _ in range(15):
            if game.is_over:
                # mypy keeps is_over narrowed to False from above, across game.play().
                break  # type: ignore[unreachable]
            assert copy.legal_moves() == game.legal_moves()
            assert copy.observation(copy.current_player) == game.observation(game.current_player)
            move = player.choose(game.observation(game.current_player))
            mine, theirs = game.play(move), copy.play(move)
            if any(isinstance(e, ev.Reshuffled | ev.RoundStarted) for e in mine):
                break
            assert mine == theirs


def _deal_rest(variant: ono99.Variant, *hands: list[str]) -> list[str]:
    pile = [c.id for c in variant.cards for _ in range(c.count * variant.deck.copies)]
    for hand in hands:
        for card in hand:
            pile.remove(card)
    return pile


def test_position_sets_total_and_legal_moves() -> None:
    """The rule "avoid totaling 99 points or more" (R80) applies to the given total."""
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    game = ono99.Game.from_position(v, hands, _deal_rest(v, *hands), total=90, seed=1)
    assert game.total == 90
    assert game.legal_moves() == (ono99.Play("2"), ono99.Play("hold"))


def test_forced_turn_first_play_cannot_answer_with_double_play() -> None:
    """ "A player affected by the Double Play card may not play another Double Play
    card on his first play" (R80): owed plays with none made yet is an answering turn."""
    v = ono99.load_variant("ono99-1980")
    hands = [["double_play", "2", "3", "4"], ["5", "6", "7", "8"]]
    pile = _deal_rest(v, *hands)
    forced = ono99.Game.from_position(v, hands, pile, plays_owed=2, forced_by="double_play")
    assert ono99.Play("double_play") not in forced.legal_moves()
    reason = forced.why_illegal(ono99.Play("double_play"))
    assert "Double Play may not answer forced plays" in str(reason)
    second = ono99.Game.from_position(v, hands, pile, plays_owed=1, played_this_turn=["9"])
    assert ono99.Play("double_play") in second.legal_moves()


def test_no_safe_play_is_resolved_at_once() -> None:
    """ "If NO ONE is able to play ... you are out" (M22): a current player with no safe
    play lays down at once, as in any game."""
    v = ono99.load_variant("ono99-2022")
    hands = [["10", "10", "9", "9"], ["0", "1", "2", "3"], ["4", "5", "6", "7"]]
    game = ono99.Game.from_position(v, hands, _deal_rest(v, *hands), total=95)
    assert game.in_round == (False, True, True)
    assert game.current_player == 1
    assert game.out_of_play == ("10", "10", "9", "9")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["10", "9", "hold", "2"], ["5", "6", "7", "nine"]]}, "hands[1][3]"),
        ({"draw_pile": []}, "cards.hold: the position holds 1, the deck 4 (Hold)"),
        ({"current_player": 5}, "current_player: no seat 5"),
        ({"in_round": [True, False]}, "at least two players"),
        ({"direction": 2}, "direction: expected 1 or -1"),
        ({"plays_owed": 0}, "plays_owed"),
        ({"tokens": [3]}, "tokens: expected 2 values"),
    ],
)
def test_bad_positions_are_refused_with_the_reason(
    change: dict[str, object], message: str
) -> None:
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    args: dict[str, object] = {"hands": hands, "draw_pile": _deal_rest(v, *hands), **change}
    with pytest.raises(ono99.VariantError, match=re.escape(message)):
        ono99.Game.from_position(v, **args)  # type: ignore[arg-type]


def test_position_game_cannot_be_recorded() -> None:
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    game = ono99.Game.from_position(v, hands, _deal_rest(v, *hands))
    with pytest.raises(ono99.Ono99Error) as error:
        game.record()
    assert str(error.value) == "a game set up from a position cannot be recorded for replay"
    ono99.Game(v, 2, seed=1).record()  # an ordinary game still can


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            {"in_game": [True, False], "in_round": [True, True]},
            ["in_round: a seat out of the game cannot be in the round"],
        ),
        (
            {"in_round": [False, True], "current_player": 1},
            ["in_round: at least two players must be in the round"],
        ),
        ({"current_player": 2}, ["current_player: no seat 2"]),
        ({"current_player": -1}, ["current_player: no seat -1"]),
        ({"current_player": True}, ["current_player: no seat True"]),
        (
            {"in_game": [True, True, True], "in_round": [True, False, True], "current_player": 1},
            ["current_player: seat 1 is not in the round"],
        ),
        ({"direction": 0}, ["direction: expected 1 or -1, got 0"]),
        ({"plays_owed": True}, ["plays_owed: expected 1 or more, got True"]),
        ({"dealer": 2}, ["dealer: no seat 2"]),
        ({"dealer": -1}, ["dealer: no seat -1"]),
        ({"dealer": 1.0}, ["dealer: no seat 1.0"]),
        ({"round": 0}, ["round: expected 1 or more, got 0"]),
        ({"round": 2.0}, ["round: expected 1 or more, got 2.0"]),
        ({"total": "90"}, ["total: expected an integer, got '90'"]),
        ({"total": 90.0}, ["total: expected an integer, got 90.0"]),
        ({"card": 8}, ["hands[1][3]: there is no card 8"]),
        ({"card": ["8"]}, ["hands[1][3]: there is no card ['8']"]),
        ({"direction": 1.0}, ["direction: expected 1 or -1, got 1.0"]),
        ({"direction": True}, ["direction: expected 1 or -1, got True"]),
        ({"forced_by": 5}, ["forced_by: expected a card id, got 5"]),
        ({"forced_by": "Play 2"}, ["forced_by: there is no card 'Play 2' in ono99-1980"]),
        (
            {"tokens": [1.5, 2]},
            ["tokens[0]: expected a whole number, 0 or more (at most 10**18), got 1.5"],
        ),
        (
            {"tokens": [2, -1]},
            ["tokens[1]: expected a whole number, 0 or more (at most 10**18), got -1"],
        ),
        ({"tokens": 2}, ["tokens: expected 2 values, one per seat"]),
        ({"scores": [None, 0]}, ["scores[0]: expected a whole number (at most 10**18), got None"]),
        ({"in_round": [1, True]}, ["in_round[0]: expected True or False, got 1"]),
        ({"in_game": ["yes", True]}, ["in_game[0]: expected True or False, got 'yes'"]),
        ({"discard_pile": 7}, ["discard_pile: expected a list of card ids, got 7"]),
        ({"played_this_turn": "9"}, ["played_this_turn: expected a list of card ids, got '9'"]),
        ({"count": "9"}, ["count: expected a list of card ids, got '9'"]),
        ({"count": ["9", "joker"]}, ["count[1]: there is no card 'joker'"]),
        (
            {"last_play": "9"},
            ["last_play: expected (card, amount, target) or None, got '9'"],
        ),
        (
            {"count": ["9"], "last_play": ("ace", None, None)},
            ["last_play[0]: there is no card 'ace'"],
        ),
        ({"count": ["9"], "last_play": ("9", 5, None)}, ["last_play[1]: 9 chooses no amount 5"]),
        ({"count": ["9"], "last_play": ("9", None, 2)}, ["last_play[2]: no seat 2"]),
        (
            {"last_play": ("9", None, None)},
            ["last_play: a last play needs a count (no card was played)"],
        ),
        ({"last_player": -1}, ["last_player: no seat -1"]),
        ({"passes": 2}, ["passes: expected 0 to 1, got 2"]),
        ({"passes": None}, ["passes: expected 0 to 1, got None"]),
        # Impossible under the variant's rules, each setting sound in itself.
        (
            {"count": ["9"] * 10_001},
            ["count: holds 10001 cards, and a round sees at most 10000 plays (round.max_plays)"],
        ),
        (
            {"total": 99},
            [
                "total: 99 is at or above the bust limit (99): "
                "a play that reaches it ends the round, or is undone"
            ],
        ),
        (
            {"plays_owed": 101},
            [
                "plays_owed: expected at most 2 (the most plays a card forces, "
                "and forced plays do not stack), got 101"
            ],
        ),
        (
            {"scores": [-5, 0]},
            ["scores[0]: expected 0 or more (scores stop at 0 in this variant), got -5"],
        ),
        (
            {"round": 2**63},
            ["round: expected at most 1000 (round.max_rounds), got 9223372036854775808"],
        ),
    ],
)
def test_each_bad_setting_is_one_problem_in_words(
    change: dict[str, object], problems: list[str]
) -> None:
    """Every setting from_position checks is reported alone, in full, when it is wrong."""
    change = dict(change)
    v = ono99.load_variant("ono99-1980")
    hands: list[list[object]] = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    hands += [[] for _ in range(len(change.get("in_game", "..")) - 2)]  # type: ignore[arg-type]
    pile = _deal_rest(v, *hands)  # type: ignore[arg-type]
    if "card" in change:  # an unknown card in place of the 8, which goes back to the pile
        hands[1][3] = change.pop("card")
        pile.append("8")
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(v, hands, pile, **change)  # type: ignore[arg-type]
    assert list(error.value.problems) == problems


def test_a_count_of_more_cards_of_a_kind_than_the_deck_is_refused_where_none_comes_back() -> None:
    """In Cribbage's play nobody draws after the deal: a count of 50 aces, of a deck of 4, is
    refused; where the discard pile is shuffled back, a count may hold a card again."""
    pegging = ono99.load_variant("cribbage-pegging")
    hands: list[list[str]] = [["2", "3", "4", "5"], ["6", "7", "8", "9"]]
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(
            pegging, hands, _deal_rest(pegging, *hands), count=["ace"] * 50, total=5
        )
    assert list(error.value.problems) == [
        "count: holds 50 of 'ace' (Ace), and the deck only 4 (no card played comes back "
        "this round)"
    ]
    nine = ono99.load_variant("ninety-nine")
    hands = [["2", "3", "4"], ["6", "7", "8"]]
    ono99.Game.from_position(nine, hands, _deal_rest(nine, *hands), count=["ace"] * 5, total=5)


def test_cards_played_this_turn_that_the_deck_does_not_hold_are_refused() -> None:
    """As the count: in Cribbage's play, 50 aces played this turn, of a deck of 4, are
    refused, and so are more plays in a turn than a round sees (round.max_plays)."""
    pegging = ono99.load_variant("cribbage-pegging")
    hands: list[list[str]] = [["2", "3", "4", "5"], ["6", "7", "8", "9"]]
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(
            pegging, hands, _deal_rest(pegging, *hands), played_this_turn=["ace"] * 50
        )
    assert list(error.value.problems) == [
        "played_this_turn: holds 50 of 'ace' (Ace), and the deck only 4 (no card played "
        "comes back this round)"
    ]
    short = attrs.evolve(pegging, round=attrs.evolve(pegging.round, max_plays=3))
    with pytest.raises(ono99.VariantError, match=r"played_this_turn: holds 4 cards, .* at most 3"):
        ono99.Game.from_position(
            short, hands, _deal_rest(short, *hands), played_this_turn=["ace", "10", "jack", "king"]
        )
    game = ono99.Game.from_position(
        pegging, hands, _deal_rest(pegging, *hands), played_this_turn=["ace"]
    )
    assert game.observation(0).played_this_turn == ("ace",)


def test_the_count_is_placed_as_given() -> None:
    """A count given to a position is the game's: its observation shows it, and a card
    that "does what the last one did" repeats the last play given (a 9: it keeps the total)."""
    v = ECHO
    hands = [["echo", "2", "3", "5"], ["6", "7", "8", "jack"]]
    pile = _deal_rest(v, *hands)
    pile.remove("9")  # the 9 played is in the discard pile
    game = ono99.Game.from_position(
        v,
        hands,
        pile,
        discard_pile=["9"],
        total=9,
        count=["9"],
        last_play=("9", None, None),
        last_player=1,
        passes=0,
        seed=2,
    )
    seen = game.observation(0)
    assert (seen.count, seen.last_play, seen.last_player, seen.passes) == (
        ("9",),
        ("9", None, None),
        1,
        0,
    )
    assert [m for m in game.legal_moves() if m == ono99.Play("echo")] == [ono99.Play("echo")]
    game.play(ono99.Play("echo"))
    assert game.total == 9  # the 9 keeps the total: so does its repeat


@pytest.mark.parametrize("dealer", [0, 1])
def test_a_dealer_on_any_seat_is_accepted(dealer: int) -> None:
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    game = ono99.Game.from_position(v, hands, _deal_rest(v, *hands), dealer=dealer, seed=3)
    assert game.current_player == 0


@pytest.mark.parametrize("where", ["draw_pile", "discard_pile", "out_of_play", "played_this_turn"])
def test_an_unknown_card_is_named_by_where_it_is(where: str) -> None:
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    args: dict[str, object] = {"hands": hands, "draw_pile": _deal_rest(v, *hands)}
    args[where] = ["joker"]
    if where == "draw_pile":
        args["discard_pile"] = _deal_rest(v, *hands)
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(v, **args)  # type: ignore[arg-type]
    assert error.value.problems[0] == f"{where}[0]: there is no card 'joker'"
    assert error.value.source == "position"
    assert str(error.value).startswith("position: ")


@pytest.mark.parametrize("setting", ["in_game", "in_round", "tokens", "scores"])
def test_a_per_seat_setting_needs_one_value_a_seat(setting: str) -> None:
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(v, hands, _deal_rest(v, *hands), **{setting: [1, 1, 1]})  # type: ignore[arg-type]
    assert list(error.value.problems) == [f"{setting}: expected 2 values, one per seat"]


def test_the_defaults_and_the_given_settings_are_kept() -> None:
    v = ono99.load_variant("ono99-1980-points")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"], []]
    pile = _deal_rest(v, *hands)
    game = ono99.Game.from_position("ono99-1980-points", hands, pile, seed=11)
    assert (game.round, game.scores, game.in_game, game.seed) == (1, (0, 0, 0), (True,) * 3, 11)
    game = ono99.Game.from_position(
        v,
        hands,
        pile,
        in_game=[True, True, False],
        in_round=[True, True, False],
        scores=[5, 7, 120],
        round=4,
    )
    assert (game.round, game.scores, game.in_game) == (4, (5, 7, 120), (True, True, False))


def test_forced_plays_passed_on_keep_the_name_given_or_none() -> None:
    """A Reverse answering forced plays passes them on with the name of the card that forced
    them ("sends it back the other way", M22); from_position names none unless told."""
    v = ono99.load_variant("ono99-2022")
    hands = [["reverse", "1", "2", "3"], ["4", "5", "6", "7"], ["8", "9", "1", "2"]]
    pile = _deal_rest(v, *hands)
    for given, expected in (({}, ""), ({"forced_by": "play_2"}, "play_2")):
        game = ono99.Game.from_position(v, hands, pile, plays_owed=2, seed=1, **given)  # type: ignore[arg-type]
        events = game.play(ono99.Play("reverse"))
        assert ev.PlaysOwed(2, 2, expected) in events


def test_stacking_applies_from_a_position() -> None:
    """With the stacking house rule, a forced player whose first play is a Double Play
    passes on x4 ("back-to-back ... like passing along a 4x", PieMan); played after a
    9 it counts "only ... x2" (cyoder). from_position knows which by played_this_turn."""
    v = ono99.load_variant("ono99-1980+stacking-double-play")
    hands = [["double_play", "2", "3", "4"], ["5", "6", "7", "8"]]
    pile = _deal_rest(v, *hands, ["9"])
    answer = ono99.Game.from_position(
        v, hands, pile, discard_pile=["9"], plays_owed=2, forced_by="double_play", seed=1
    )
    assert ev.PlaysOwed(1, 4, "double_play") in answer.play(ono99.Play("double_play"))
    second = ono99.Game.from_position(
        v, hands, pile, discard_pile=["9"], plays_owed=1, played_this_turn=["9"], seed=1
    )
    assert ev.PlaysOwed(1, 2, "double_play") in second.play(ono99.Play("double_play"))


@pytest.mark.parametrize(("dealer", "next_dealer"), [(None, 0), (2, 0), (0, 1), (1, 2)])
def test_the_deal_passes_left_of_the_dealer_given_or_the_seat_before_the_leader(
    dealer: int | None, next_dealer: int
) -> None:
    """The next round is dealt by the seat left of this round's dealer (R80 leaves the
    rotation unstated; the engine passes the deal clockwise). Without a dealer, the seat
    before the current player is taken to have dealt, as "the player on the dealer's left
    starts" (R80)."""
    v = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"], ["3", "4", "10", "10"]]
    game = ono99.Game.from_position(v, hands, _deal_rest(v, *hands), dealer=dealer, seed=2)
    ono99.play_out(game, [ono99.CautiousPlayer()] * 3)
    started = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert started[0].dealer == next_dealer


@pytest.mark.parametrize("hands", [None, "10 9 hold 2", 5])
def test_hands_that_are_no_list_are_refused(hands: object) -> None:
    v = ono99.load_variant("ono99-1980")
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(v, hands, [])  # type: ignore[arg-type]
    assert error.value.problems == (f"hands: expected one list of cards per seat, got {hands!r}",)
    assert error.value.source == "position"


def test_a_hand_that_is_no_list_is_one_problem() -> None:
    v = ono99.load_variant("ono99-1980")
    with pytest.raises(ono99.VariantError) as error:
        ono99.Game.from_position(v, [["10", "9", "hold", "2"], 8], [])  # type: ignore[list-item]
    assert error.value.problems == ("hands[1]: expected a list of card ids, got 8",)


def _built(position: dict[str, object]) -> ono99.Game | ono99.VariantError:
    try:
        return ono99.Game.from_position(**position, seed=1)  # type: ignore[arg-type]
    except ono99.VariantError as error:
        return error


@hypothesis.settings(deadline=None)
@hypothesis.given(position=positions())
def test_any_position_is_built_or_refused_with_the_reason(position: dict[str, object]) -> None:
    """Invariant: ``from_position`` builds a game that plays on, or raises VariantError.

    Positions are those of dealt games with settings changed, most of them to
    what no game can reach; no other exception may escape, from the position or
    from the first moves of the game it makes.
    """
    game = _built(position)
    if isinstance(game, ono99.VariantError):
        assert game.problems
        assert all(": " in problem for problem in game.problems)
        return
    bot = ono99.RandomPlayer(1)
    for _ in range(10):
        if game.is_over:
            break
        game.play(bot.choose(game.observation(game.current_player)))


def test_the_starter_the_declaration_and_the_reaction_are_checked() -> None:
    """A starter must lie out of play in a variant that turns one up; a declaration must
    be one its card makes; a reaction is answered by the player to move."""
    v = ono99.load_variant("ninety-nine+crazy-eights")
    hands = [["8_of_hearts", "2_of_clubs"], ["3_of_diamonds", "4_of_spades"]]
    pile = _deal_rest(v, *hands)
    with pytest.raises(ono99.VariantError) as caught:
        ono99.Game.from_position(
            v,
            hands,
            pile,
            starter="2_of_clubs",
            declared=ono99.rules.Declaration("suit", "stars", "8_of_hearts", 0),
            reaction="drink",  # type: ignore[arg-type]
            resume=1,
        )
    text = str(caught.value)
    assert "starter: this variant turns no starter up" in text
    assert "declared: '8_of_hearts' names none of 'stars'" in text
    assert "reaction: expected a Reaction or None, got 'drink'" in text
    named = ono99.rules.Declaration("suit", "hearts", "8_of_hearts", 1)
    game = ono99.Game.from_position(v, hands, pile, declared=named, count=["8_of_hearts"])
    assert game.observation(0).declared == named
