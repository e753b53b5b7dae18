"""A round as a sequence of phases: the list each variant plays, the interrupt of a reaction,
each phase's reasons in words, a bad list in a file, and a phase of one's own.

Rules: the deal, "the top card of the deck is turned up" (Noddy's starter), "the players
total up the points in their hands" (Noddy's show, at the deal), the play, and settling the
round; "whoever throws a king may appoint someone to drink a drink. If this player also
throws up a king, the drink is returned" (drinkspellen.info, "99"), answered out of turn.
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Any

import pytest
from attrs import frozen
from stacking import FILLER, stacked

import ono99
from ono99 import Decline, Play, Redraw, VariantError
from ono99.engine import compile_variant, engine_of
from ono99.testing import snapshot

if TYPE_CHECKING:
    from pathlib import Path


def names(variant: str | ono99.Variant) -> list[str]:
    """The phases a round of ``variant`` goes through, by name, in order."""
    played = variant if isinstance(variant, ono99.Variant) else ono99.load_variant(variant)
    return [phase.name for phase in compile_variant(played).phases]


def drinks(hands: list[list[str]]) -> ono99.Game:
    """A game of ninety-nine-drinks dealt ``hands`` (see ``stacking.stacked``)."""
    deck = stacked(hands, FILLER)
    return ono99.Game("ninety-nine-drinks", players=len(hands), seed=1, deck=deck)


def phase_of(game: ono99.Game) -> ono99.Phase:
    """The phase the round of ``game`` is in."""
    phase: ono99.Phase = engine_of(game).r.phase
    return phase


@pytest.mark.parametrize("variant", ono99.list_variants())
def test_each_shipped_variant_plays_the_phases_its_settings_call_for(variant: str) -> None:
    """No shipped file lists its phases: each round is the deal, the cards laid away where
    ``deal.put_aside`` or ``deal.from_stock`` fill the crib, the starter turned up where
    ``deal.starter`` says, the show where ``deal.show`` puts it (and a trigger scores
    it), the play and settling the round."""
    played = ono99.load_variant(variant)
    assert played.round.phases == ()
    deal = played.deal
    shows = deal.show != "none" and any(t.on_show for t in played.triggers)
    crib = deal.put_aside or deal.put_aside_by_players or deal.from_stock
    expected = ["deal"]
    expected += ["put_aside"] if crib or deal.from_stock_by_players else []
    expected += ["turn_up"] if deal.starter else []
    expected += ["show"] if shows and deal.show == "at_deal" else []
    expected += ["play"]
    expected += ["show"] if shows and deal.show == "at_round_end" else []
    assert names(played) == [*expected, "settle"]


def test_noddy_turns_the_starter_up_and_shows_before_the_play() -> None:
    """Noddy: "the top card of the deck is turned up ... the players total up the points in
    their hands" before the first card is played."""
    assert names("noddy") == ["deal", "turn_up", "show", "play", "settle"]
    assert names("ono99-1980") == ["deal", "play", "settle"]


def test_a_reaction_is_an_interrupt_phase_opened_over_the_play_and_closed_by_a_decline() -> None:
    """DS: "whoever throws a king may appoint someone to drink a drink": the king opens the
    reaction phase over the play; the player named declines (drinks), which closes it, and
    the play goes on."""
    game = drinks([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["4", "2", "3", "queen"]])
    assert phase_of(game).name == "play"
    game.play(Play("king", target=2))
    opened = phase_of(game)
    assert opened.name == "react" and opened.interrupt
    assert [p.name for p in engine_of(game).r.paused] == ["play"]
    assert game.legal_moves() == (Decline(),)
    game.play(Decline())
    assert phase_of(game).name == "play" and engine_of(game).r.paused == ()
    assert game.reaction is None and game.current_player == 1


def test_a_sent_back_reaction_stays_open_until_it_is_answered_as_often_as_it_may_be() -> None:
    """DS: "if this player also throws up a king, the drink is returned": an answer sends the
    reaction back, still the interrupt phase; the decline that ends it closes it."""
    game = drinks([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]])
    game.play(Play("king", target=2))
    game.play(Play("king"))
    if game.reaction is not None:  # sent back to the player who aimed it
        assert phase_of(game).name == "react"
        game.play(Decline())
    assert phase_of(game).name == "play" and engine_of(game).r.paused == ()


def test_the_interrupt_is_kept_by_a_copy_a_pickle_and_a_rebuilt_position() -> None:
    """The phase in progress is part of the game's state: a copy, a pickled game and
    ``Game.from_position`` with the reaction open are in the reaction phase, over the
    play, with the same legal moves; the game's state as data names both phases."""
    game = drinks([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["king", "2", "3", "4"]])
    game.play(Play("king", target=2))
    for other in (game.copy(), pickle.loads(pickle.dumps(game))):  # noqa: S301 - our own
        assert phase_of(other).name == "react"
        assert other.legal_moves() == game.legal_moves()
    state = snapshot(game)
    assert (state["phase"], state["paused"]) == ("react", ["play"])
    e = engine_of(game)
    ids = e.rules.ids
    rebuilt = ono99.Game.from_position(
        "ninety-nine-drinks",
        hands=[[ids[k] for k in hand] for hand in e.r.hands],
        draw_pile=[ids[k] for k in reversed(e.r.draw)],
        discard_pile=[ids[k] for k in e.r.discard],
        total=game.total,
        current_player=2,
        reaction=game.reaction,
        resume=1,
    )
    assert phase_of(rebuilt).name == "react"
    assert [p.name for p in engine_of(rebuilt).r.paused] == ["play"]
    assert rebuilt.legal_moves() == game.legal_moves()
    rebuilt.play(Decline())
    assert phase_of(rebuilt).name == "play" and rebuilt.current_player == 1


def test_each_phase_says_in_words_why_a_move_is_not_one_of_its_own() -> None:
    """The play refuses a decline (no reaction is open); the reaction refuses a redraw and a
    card it cannot be answered with; a phase with no moves refuses anything."""
    game = drinks([["king", "2", "3", "5"], ["6", "7", "8", "9"], ["4", "2", "3", "queen"]])
    assert game.why_illegal(Decline()) == "no reaction is open: there is nothing to decline"
    game.play(Play("king", target=2))
    assert game.why_illegal(Redraw()) == (
        "no redraw now: player 0 aims a drink at player 2, who answers with a card or "
        "declines (Decline())"
    )
    assert game.why_illegal(Play("4")) == "4 does not answer a drink: 4 is not a king"
    assert ono99.Phase().why_illegal(None, Play("4")) == (
        "no move is made while the round is in its current phase"
    )


def write(tmp_path: Path, phases: str) -> Path:
    """A file extending Noddy that lists ``phases``."""
    path = tmp_path / "listed.toml"
    path.write_text(
        f'extends = "noddy"\nid = "listed"\nname = "Listed"\n\n[round]\nphases = {phases}\n',
        "utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("phases", "reason"),
    [
        ('["deal", "play", "turn_up", "show", "settle"]', "turn_up must come before play"),
        ('["deal", "turnup", "show", "play", "settle"]', "there is no phase 'turnup'"),
        ('["deal", "turn_up", "show", "play"]', "every round has the phase settle"),
        ('["deal", "turn_up", "show", "play", "play", "settle"]', "play is listed more"),
        ('["deal", "turn_up", "react", "show", "play", "settle"]', "react is opened by a card"),
        ('["deal", "show", "play", "settle"]', "deal.starter is true: list turn_up"),
        ('["deal", "turn_up", "play", "show", "settle"]', "show must come before play"),
        ('["turn_up", "deal", "show", "play", "settle"]', "turn_up must come after deal"),
    ],
)
def test_a_list_of_phases_that_cannot_work_is_refused_at_its_key_path(
    tmp_path: Path, phases: str, reason: str
) -> None:
    """A round's phases name known phases, each once, none an interrupt, the required ones
    all there, in an order that works and that agrees with ``deal.starter`` and
    ``deal.show``: anything else is the library's error, naming the file and the key."""
    path = write(tmp_path, phases)
    with pytest.raises(VariantError) as error:
        ono99.load_variant(path)
    message = str(error.value)
    assert str(path) in message and "round.phases" in message and reason in message


def test_listing_the_phases_the_settings_call_for_plays_the_same_game() -> None:
    """A file that lists Noddy's phases as its settings call for plays Noddy's games."""
    listed = ono99.loads_variant(
        'extends = "noddy"\nid = "listed"\nname = "Listed"\n\n[round]\n'
        'phases = ["deal", "turn_up", "show", "play", "settle"]\n'
    )
    plain = ono99.Game("noddy", players=3, seed=7)
    same = ono99.Game(listed, players=3, seed=7)
    assert same.legal_moves() == plain.legal_moves()
    for _ in range(40):
        if plain.winner is not None:
            break
        move = plain.legal_moves()[0]
        assert plain.play(move) == same.play(move)


@ono99.phase_type
@frozen
class Burn(ono99.Phase):
    """ "Before the play the dealer burns the top card of the stock" (a house rule of casinos'
    card games, here a test's throw-away phase)."""

    name = "test_burn"

    def begin(self, game: Any) -> None:
        """Put the stock's top card out of play, face down."""
        r = game.r
        r.out_of_play.append(r.draw.pop())


def test_a_phase_of_ones_own_plugs_in_with_no_engine_edit() -> None:
    """A phase class registered by name is listed in a file and runs as the round starts:
    the stock has one card fewer, out of play, than without it."""
    burnt = ono99.loads_variant(
        'extends = "ono99-2022"\nid = "burnt"\nname = "Burnt"\n\n[round]\n'
        'phases = ["deal", "test_burn", "play", "settle"]\n'
    )
    assert names(burnt) == ["deal", "test_burn", "play", "settle"]
    words = " ".join(ono99.rulebook(burnt).split())
    assert "Each round goes through these phases, in this order: deal, test_burn, play, " in (
        words
    )
    plain = engine_of(ono99.Game("ono99-2022", players=3, seed=3))
    with_burn = engine_of(ono99.Game(burnt, players=3, seed=3))
    assert len(with_burn.r.draw) == len(plain.r.draw) - 1
    assert with_burn.r.out_of_play == [plain.r.draw[-1]]
    assert with_burn.r.hands == plain.r.hands


@ono99.phase_type
@frozen
class Discard(ono99.Phase):
    """ "Before the play each player in turn lays one card of their hand aside" (a test's
    throw-away phase with moves of its own: a move is a ``Play`` of the card laid aside)."""

    name = "test_discard"
    moves = True

    def legal(self, game: Any) -> tuple[Play, ...]:
        """Each kind of card the seat to move holds."""
        ids = game.rules.ids
        legal = game.legal = tuple(Play(ids[k]) for k in sorted(set(game.r.hands[game.current])))
        return legal

    def why_illegal(self, game: Any, move: object) -> str | None:
        """A card of the hand, named alone."""
        if move in self.legal(game):
            return None
        return f"player {game.current} lays a card of their hand aside, not {move!r}"

    def apply(self, game: Any, move: Any) -> None:
        """The card leaves the hand, out of play; the next seat lays one aside."""
        r = game.r
        index = game.rules.by_id[move.card].index
        r.hands[game.current].remove(index)
        r.out_of_play.append(index)
        game.current = game.next_seat(game.current, r.in_round)

    def moved(self, game: Any, going_on: bool) -> None:
        """Once every seat has laid a card aside, the phase is over: the play begins."""
        if going_on and len(game.r.out_of_play) == game.r.players_in_round:
            game.end_phase()


def test_a_phase_with_moves_of_its_own_waits_for_them_then_ends() -> None:
    """A phase with moves is where the round waits: its legal moves and reasons are its
    own, the end of each move is the engine's, and once it says it is over the play
    begins, with the seat that led it to move."""
    discard = ono99.loads_variant(
        'extends = "ono99-2022"\nid = "discard"\nname = "Discard"\n\n[round]\n'
        'phases = ["deal", "test_discard", "play", "settle"]\n'
    )
    game = ono99.Game(discard, players=3, seed=5)
    assert phase_of(game).name == "test_discard"
    leader = game.current_player
    assert game.why_illegal(Redraw()) == (
        f"player {leader} lays a card of their hand aside, not Redraw()"
    )
    for _ in range(3):
        assert phase_of(game).name == "test_discard"
        game.play(game.legal_moves()[0])
    assert phase_of(game).name == "play" and game.current_player == leader
    size = discard.deal.hand_size
    assert [len(hand) for hand in engine_of(game).r.hands] == [size - 1] * 3
    assert len(engine_of(game).r.out_of_play) == 3
    ono99.play_out(game, [ono99.RandomPlayer(1)] * 3)
    assert game.winner is not None


@ono99.phase_type
@frozen
class DiscardSeen(Discard):
    """ "Before the play each player in turn lays one card of their hand aside", chosen
    from what the player sees (a test's throw-away phase that needs an observation)."""

    name = "test_discard_seen"
    needs_observation = True


class Noting(ono99.RandomPlayer):
    """A quick random player that notes, for each decision, the phase and how it was asked."""

    def __init__(self, seed: int, game: ono99.Game, asked: list[tuple[str, str]]) -> None:
        super().__init__(seed)
        self.game = game
        self.asked = asked
        self.choosing = False

    def pick(self, legal_moves: Any, total: int, variant: Any) -> Any:
        """Note a pick from the legal moves and the total (not one ``choose`` makes), then pick."""
        if not self.choosing:
            self.asked.append((phase_of(self.game).name, "pick"))
        return super().pick(legal_moves, total, variant)

    def choose(self, observation: ono99.Observation) -> Any:
        """Note a choice from an observation, then choose."""
        self.asked.append((phase_of(self.game).name, "choose"))
        self.choosing = True
        try:
            return super().choose(observation)
        finally:
            self.choosing = False


@pytest.mark.parametrize(
    ("phase", "asked"), [("test_discard", "pick"), ("test_discard_seen", "choose")]
)
def test_a_phase_says_whether_its_moves_are_chosen_from_an_observation(
    phase: str, asked: str
) -> None:
    """A quick player (one that picks from the legal moves and the total) is handed an
    observation in a phase that declares it needs one (``needs_observation``, as laying
    cards into a crib does), and picks as usual in one that does not (the neutral
    default) and in the play."""
    variant = ono99.loads_variant(
        f'extends = "ono99-2022"\nid = "laid"\nname = "Laid"\n\n[round]\n'
        f'phases = ["deal", "{phase}", "play", "settle"]\n'
    )
    game = ono99.Game(variant, players=3, seed=5)
    noted: list[tuple[str, str]] = []
    ono99.play_out(game, [Noting(seat, game, noted) for seat in range(3)])
    assert game.winner is not None
    assert {how for name, how in noted if name == phase} == {asked}
    assert len([name for name, _ in noted if name == phase]) >= 3
    assert {how for name, how in noted if name == "play"} == {"pick"}


def test_a_phase_needs_a_name_of_its_own() -> None:
    """Registering a class with no name, or a name taken, is refused in words."""

    @frozen
    class Nameless(ono99.Phase):
        """No name."""

    with pytest.raises(ValueError, match="has no name"):
        ono99.phase_type(Nameless)

    @frozen
    class Again(ono99.Phase):
        """A second "play"."""

        name = "play"

    with pytest.raises(ValueError, match="registered already"):
        ono99.phase_type(Again)
