"""Scenario tests for ``ninety-nine-drinks``: a king aims a drink, answered out of turn.

Each test plays a rule of the source (drinkspellen.info, "99") on a stacked deck
(see ``stacking.stacked``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import pytest
from stacking import FILLER, stacked

import ono99
from ono99 import Decline, IllegalMoveError, Play
from ono99 import events as ev
from ono99.rules import AimAt, CardIs, ChangePoints, ChooseNext, Reaction
from ono99.testing import check_invariants

if TYPE_CHECKING:
    from collections.abc import Sequence

VARIANT = "ninety-nine-drinks"


def game(
    hands: list[list[str]],
    draws: Sequence[str] = FILLER,
    variant: ono99.Variant | None = None,
) -> ono99.Game:
    played = variant or ono99.load_variant(VARIANT)
    return ono99.Game(played, players=len(hands), seed=1, deck=stacked(hands, draws))


def test_a_king_names_another_player_who_answers_first_out_of_turn() -> None:
    """DS: "Whoever throws a king may appoint someone to drink a drink": the king names
    any other player, who is then the player to move, before the next in turn."""
    played = game([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]])
    kings = [m for m in played.legal_moves() if isinstance(m, Play) and m.card == "king"]
    assert [m.target for m in kings] == [1, 2]
    events = played.play(Play("king", target=2))
    assert ev.ReactionOpened(0, 2, "king", "a drink") in events
    assert played.current_player == 2  # not player 1, next in turn
    assert played.reaction == Reaction(
        seat=2,
        by=0,
        card="king",
        what="a drink",
        outcomes=(ChangePoints("player", 1),),
        answer=(CardIs(rank=("king",)),),
        max_answers=1,
    )
    assert played.legal_moves() == (Play("king"), Decline())
    seen = played.observation(1)
    assert seen.reaction == played.reaction and seen.current_player == 2


def test_declining_takes_the_drink_and_play_goes_on_from_the_next_in_turn() -> None:
    """DS: the player appointed must "drink a drink" (a penalty point); then play goes on
    as the king left it: the player after the king's."""
    played = game([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["4", "2", "3", "queen"]])
    played.play(Play("king", target=2))
    assert played.legal_moves() == (Decline(),)  # no king to answer with
    events = played.play(Decline())
    assert events[0] == ev.Declined(2, "a drink")
    assert played.scores == (0, 0, 1)
    assert played.reaction is None and played.current_player == 1
    assert played.total == 0  # "The value of the king is 0"


def test_a_king_sends_the_drink_back_to_the_one_who_sent_it() -> None:
    """DS: "If this player also throws up a king, the drink is returned": the answer goes
    on the pile (the total stays), its player draws, and the king's player drinks, with
    no answer left (DS tells of one return)."""
    played = game(
        [["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]],
        draws=("queen", "jack", *FILLER),
    )
    played.play(Play("king", target=2))
    events = played.play(Play("king"))
    assert events[0] == ev.Answered(2, "king", 0)
    assert played.cards_played == 2  # the answering king was played too
    assert "king" not in played.hand(2) and len(played.hand(2)) == 4  # drew again
    assert played.current_player == 0 and played.legal_moves() == (Decline(),)
    reason = played.why_illegal(Play("2"))
    assert reason is not None and "can only take it" in reason
    played.play(Decline())
    assert played.scores == (1, 0, 0)
    assert played.current_player == 1 and played.total == 0


def test_only_the_named_player_may_answer_and_a_wrong_answer_changes_nothing() -> None:
    """The reaction is the named player's: any other move is refused, with the reason,
    and leaves the game as it was."""
    played = game([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]])
    played.play(Play("king", target=2))
    reason = played.why_illegal(Play("2"))
    assert reason is not None and "does not answer a drink" in reason
    before = (played.total, played.hand(2), played.scores, len(played.moves))
    for move in (Play("2"), Play("king", target=0), ono99.Redraw(), Play("7")):
        assert played.why_illegal(move) is not None
        with pytest.raises(IllegalMoveError):
            played.play(move)
    assert (played.total, played.hand(2), played.scores, len(played.moves)) == before
    assert "holds no 7" in (played.why_illegal(Play("7")) or "")


def test_a_chain_of_answers_is_bounded_by_max_answers() -> None:
    """Every game ends: with max_answers = 2 a drink goes back twice at most, then the
    player it is aimed at can only take it."""
    base = ono99.load_variant(VARIANT)
    king = base.card("king")
    first = king.effects[0]
    assert isinstance(first, AimAt)
    aim = attrs.evolve(first, max_answers=2)
    variant = attrs.evolve(
        base,
        cards=tuple(attrs.evolve(c, effects=(aim,)) if c.id == "king" else c for c in base.cards),
    )
    played = game(
        [["king", "king", "3", "5"], ["king", "7", "8", "9"]],
        draws=("2", "3", "4", "6", "6", "7"),
        variant=variant,
    )
    played.play(Play("king", target=1))
    played.play(Play("king"))  # back to player 0
    assert played.current_player == 0 and Play("king") in played.legal_moves()
    played.play(Play("king"))  # back to player 1: two answers, the most
    assert played.current_player == 1
    assert played.legal_moves() == (Decline(),)
    reason = played.why_illegal(Play("king")) if "king" in played.hand(1) else "n/a"
    assert reason is not None
    played.play(Decline())
    assert played.scores == (0, 1)


def test_seeded_games_end_by_the_rules_with_every_invariant() -> None:
    """A session ends when a player has drunk ten, the fewest drinks winning; random games
    keep every invariant, reactions answered only by the player named."""
    from ono99.testing import check_invariants  # noqa: PLC0415 - the checker's own import

    checked = check_invariants(VARIANT, games=6, players=[2, 3, 4])
    assert checked.games == 6
    for seed in range(4):
        played = ono99.Game(VARIANT, 3, seed=seed)
        ono99.play_out(played, [ono99.RandomPlayer(seed=seed)] * 3)
        assert played.is_over and max(played.scores) >= 10
        assert played.scores[played.winner] == min(played.scores)  # type: ignore[index]


def test_a_drink_aimed_by_the_rounds_last_play_lapses_with_its_own_event() -> None:
    """A reaction never vanishes: answered, declined, or, when the play that opened it
    ends the round (here the round's one play, ``round.max_plays = 1``), it lapses,
    said by its own event before the round ends, and nobody drinks."""
    drinks = ono99.load_variant(VARIANT)
    short = attrs.evolve(drinks, round=attrs.evolve(drinks.round, max_plays=1))
    played = game(
        [["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]], [], short
    )
    events = played.play(Play("king", target=2))
    opened = events.index(ev.ReactionOpened(0, 2, "king", "a drink"))
    lapsed = events.index(ev.ReactionLapsed(2, "a drink"))
    ended = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundEnded))
    assert opened < lapsed < ended
    assert played.reaction is None and played.scores == (0, 0, 0)
    assert ono99.describe_event(events[lapsed], short, seat=2) == (
        "Nobody answers or takes a drink aimed at you: it lapses"
    )
    check_invariants(short, games=3, players=3)


def test_a_king_that_may_name_its_own_player_aims_at_nobody_when_it_does() -> None:
    """A reaction is aimed at another player: a king that also chooses the next player,
    itself included (``choose_next``, ``include_self``), and names its own player aims the
    drink at nobody, and play goes on (a self-aimed reaction is refused when opened)."""
    drinks = ono99.load_variant(VARIANT)
    king = drinks.card("king")
    aim = next(e for e in king.effects if isinstance(e, AimAt))
    both = attrs.evolve(king, effects=(ChooseNext(include_self=True), aim))
    variant = attrs.evolve(
        drinks, cards=tuple(both if c.id == "king" else c for c in drinks.cards)
    )
    played = game(
        [["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]], variant=variant
    )
    assert Play("king", target=0) in played.legal_moves()
    events = played.play(Play("king", target=0))
    assert not any(isinstance(e, ev.ReactionOpened) for e in events)
    assert played.reaction is None and played.current_player == 0
    events = game(
        [["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]], variant=variant
    ).play(Play("king", target=2))
    assert ev.ReactionOpened(0, 2, "king", "a drink") in events
