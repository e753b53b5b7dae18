"""Property tests: the engine's invariants, for shipped and generated variants.

Each test states its invariant in its docstring and checks it after every move
of games that Hypothesis chooses (``ono99.testing.move_sequences``): shipped
variants and generated ones, every allowed seat count, any seed and any legal
moves.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, NoReturn, cast

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import ono99
from ono99 import events as ev
from ono99.engine._moves import unsaid
from ono99.loading._loader import loads_variant
from ono99.rules import Declaration, DeclaredCard
from ono99.testing import (
    GameChecker,
    MoveSequence,
    any_variants,
    candidate_moves,
    move_sequences,
    shipped_variants,
    snapshot,
    triggers,
    variants,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ono99 import Game
    from ono99.rules import Table


def each_state(seq: MoveSequence) -> Iterator[Game]:
    """The game before the first move and after each move of ``seq``."""
    game = seq.new_game()
    yield game
    for move in seq.moves:
        game.play(move)
        yield game


def deck_of(variant: ono99.Variant, players: int) -> Counter[str]:
    copies = variant.deck.copies_for(players)
    return Counter({c.id: c.count * copies for c in variant.cards if c.count})


def total_after(
    variant: ono99.Variant, card_id: str, table: TableBefore, amount: int | None
) -> int:
    """The total a play of ``card_id`` for ``amount`` makes, read as play reads it.

    An effect whose total depends on the table (a ``when`` on the card before, a
    declaration, a count the table shows) is judged on ``table``, the table as the card
    is played; every other effect by its total alone.
    """
    total = table.total
    card = variant.card(card_id)
    for effect in card.resolved_effects:
        if effect.reads_table:
            # The oracle's table holds only what the table's readers ask.
            total = effect.total_on(cast("Table", table), card, total, amount)
        else:
            total = effect.total_after(total, amount)
    floor = variant.total.floor
    return total if floor is None else max(total, floor)


@attrs.define
class TableBefore:
    """The table as a card is played, followed from the event log alone.

    What the shipped conditions that read the table ask of it
    (:class:`~ono99.rules.Table`): the count's cards, the card before and what
    it was declared to be, the reshuffles and the players in the round. Anything
    else fails the test, naming it, rather than being guessed.
    """

    variant: ono99.Variant
    total: int = 0
    count: list[str] = attrs.Factory(list)
    declared: Declaration | None = None
    reshuffles: int = 0
    in_game: set[int] = attrs.Factory(set)
    in_round: set[int] = attrs.Factory(set)
    playing_card: str | None = None

    @property
    def total_before(self) -> int:
        return self.total

    @property
    def playing(self) -> bool:
        return self.playing_card is not None

    @property
    def count_cards(self) -> tuple[ono99.Card, ...]:
        played = [] if self.playing_card is None else [self.playing_card]
        return tuple(self.variant.card(c) for c in [*self.count, *played])

    @property
    def previous_card(self) -> ono99.Card | DeclaredCard | None:
        if not self.count:
            return None
        card = self.variant.card(self.count[-1])
        return card if self.declared is None else DeclaredCard(card, self.declared)

    @property
    def players_in_round(self) -> int:
        return len(self.in_round)

    def __getattr__(self, name: str) -> NoReturn:
        raise AssertionError(f"the test's table does not follow {name}")

    def follow(self, event: ev.Event) -> None:
        """Keep the table as ``event`` leaves it."""
        if isinstance(event, ev.RoundStarted):
            self.in_round = set(self.in_game)
            self.count, self.declared, self.reshuffles = [], None, 0
        elif isinstance(event, ev.CountStarted):
            self.count, self.declared = [], None
        elif isinstance(event, ev.Played):
            self.count.append(event.card)
            self.declared = None
            if event.declare is not None:
                effects = self.variant.card(event.card).resolved_effects
                of = next(e.declares for e in effects if e.declares)
                self.declared = Declaration(of, event.declare, event.card, event.player)
        elif isinstance(event, ev.Reshuffled):
            self.reshuffles += 1
        elif isinstance(event, ev.Busted | ev.Stuck | ev.OutOfRound | ev.LaidDown):
            self.in_round.discard(event.player)
        elif isinstance(event, ev.Eliminated):
            self.in_game.discard(event.player)


games_in_play = move_sequences(max_moves=250, drawn=50)


@given(games_in_play)
def test_cards_are_conserved_kind_by_kind(seq: MoveSequence) -> None:
    """Hands + draw pile + discard pile + cards out of play (the starter among them) + the
    cards of every zone the variant declares (the crib) equal the deck, kind by kind."""
    deck = deck_of(seq.variant, seq.players)
    declared = bool(seq.variant.zones)
    for game in each_state(seq):
        found = Counter(c for p in range(game.players) for c in game.hand(p))
        found += Counter(game.draw_pile) + Counter(game.discard_pile) + Counter(game.out_of_play)
        if declared:
            zones = cast("dict[str, list[list[str]]]", snapshot(game)["zones"])
            found += Counter(c for piles in zones.values() for pile in piles for c in pile)
        assert found == deck


@given(games_in_play)
def test_hands_never_exceed_the_hand_size_and_are_full_while_cards_remain(
    seq: MoveSequence,
) -> None:
    """No hand holds more than the hand size kept (``deal.hand_size`` and the cards of
    ``deal.extra``; unless some card's effect changes hands, such as
    one that makes a player draw); the player who just played holds a full hand unless no card
    was left to draw (draw pile empty, nothing to reshuffle), or the variant does not refill
    hands (``deal.refill = false``: then nobody draws but by a card's effect, or for the
    cards traded in a redraw)."""
    size = seq.variant.deal.kept()
    keep = seq.variant.reshuffle.keep_top_card
    grows = any(e.changes_hands for card in seq.variant.cards for e in card.effects)
    game = seq.new_game()
    for move in seq.moves:
        mover = game.current_player
        happened = game.play(move)
        assert grows or all(len(game.hand(p)) <= size for p in range(game.players))
        after_refill = happened[1:]
        only_refill = all(
            isinstance(e, ev.Drew | ev.Reshuffled | ev.PlaysOwed) for e in after_refill
        )
        refills = seq.variant.deal.refill
        if refills and game.in_round[mover] and only_refill and len(game.hand(mover)) < size:
            # Nothing but the refill moved a card: the piles are as the refill left them.
            assert not game.draw_pile
            if seq.variant.reshuffle.enabled:
                assert len(game.discard_pile) == (1 if keep and game.discard_pile else 0)
        if not refills and not isinstance(move, ono99.Redraw):
            assert not any(isinstance(e, ev.Drew) for e in happened) or grows


@given(games_in_play)
def test_the_total_never_goes_below_the_floor(seq: MoveSequence) -> None:
    """With a floor, the total (and every total announced in a play) never goes below it."""
    floor = seq.variant.total.floor
    for game in each_state(seq):
        if floor is not None:
            assert game.total >= floor
            assert all(e.total >= floor for e in game.events if isinstance(e, ev.Played))


# Two players, one card each; the opening card's condition reads the table ("only of what
# the card before named, if one was": it holds, nothing was named), so its empty branch
# acts and the total stays 0. Judged table-less, the condition does not hold, and the
# ``otherwise`` branch would say 1.
FOLLOWS_NOTHING = MoveSequence(
    loads_variant(
        """
        id = "follows-nothing"
        name = "Follows nothing"
        players = { min = 2, max = 2 }
        deal = { hand_size = 1 }
        total = { start = 0, bust = 99 }
        [cards.one]
        name = "One"
        count = 3
        effects = [{ type = "add", amount = 1 }]
        [cards.named]
        name = "Named"
        count = 1
        [[cards.named.effects]]
        type = "when"
        conditions = [{ type = "follows_declared" }]
        effects = []
        otherwise = [{ type = "add", amount = 1 }]
        """
    ),
    players=2,
    seed=1,
    moves=(ono99.Play("named"),),
)


def check_the_total_follows_the_cards(seq: MoveSequence) -> None:
    """The invariant of :func:`test_the_total_changes_only_as_the_played_card_says`."""
    game = seq.play()
    variant = seq.variant
    undo = variant.no_safe_play.undo_bust and variant.round.end == "last_standing"
    total = before = None
    table = TableBefore(variant, in_game=set(range(seq.players)))
    # The card whose effects the last play applied, and its amount (what a repeat does).
    acting: tuple[str, int | None] | None = None
    # What follows each event, a trigger's outcomes left aside.
    outcome = ev.TriggerFired | ev.TokensChanged | ev.ScoreChanged
    events = [e for e in game.events if not isinstance(e, outcome)]
    for event, after in zip(events, (*events[1:], None), strict=True):
        if isinstance(event, ev.RoundStarted | ev.CountStarted):
            assert event.total == variant.total.start
            total, acting = event.total, None
        elif isinstance(event, ev.Played):
            assert total is not None
            card, amount = event.card, event.amount
            repeats = any(e.repeats_previous for e in variant.card(card).resolved_effects)
            if repeats and acting is not None:
                card, amount = acting
            table.total, table.playing_card = total, event.card
            assert event.total == total_after(variant, card, table, amount)
            table.playing_card = None
            before, total, acting = total, event.total, (card, amount)
        elif isinstance(event, ev.Busted) and undo and not isinstance(after, ev.RoundEnded):
            total = before
        table.follow(event)
    assert game.total == total


@example(FOLLOWS_NOTHING)
@given(games_in_play)
def test_the_total_changes_only_as_the_played_card_says(seq: MoveSequence) -> None:
    """Each play takes the total to what the card's effects, for the amount the move chose, and
    then the floor give; the total changes at nothing else but the start of a round, and (with
    ``undo_bust``) a bust that the round goes on after, which goes back to the total before,
    and a count that starts again (``total.restart``), at the start total. A card that
    repeats the card before it in the count takes the total as that card did, for the
    amount it chose. An effect whose total depends on the table (a ``when`` whose condition
    reads the card before, a declaration or a count the table shows) is judged on the table
    as the card is played, as play judges it. Triggers never change the total."""
    check_the_total_follows_the_cards(seq)


def test_a_when_that_reads_the_table_is_judged_on_the_table_before_the_play() -> None:
    """ "After a card whose player named a suit, colour or rank, only a card of it may
    follow ... at any other time it may be played" (``follows_declared``): played first,
    nothing was named, so the condition holds and the ``when``'s empty branch acts. The
    total stays 0, and the property's oracle agrees (judged table-less it said 1)."""
    game = FOLLOWS_NOTHING.play()
    assert game.total == 0
    assert [e.total for e in game.events if isinstance(e, ev.Played)] == [0]
    check_the_total_follows_the_cards(FOLLOWS_NOTHING)


def forced_plays(variant: ono99.Variant) -> set[int]:
    """Every count of plays an effect can force, those in either branch of a ``when`` too."""
    counts = {e.forces_plays for c in variant.cards for e in ono99.rules.each_effect(c.effects)}
    return counts - {0}


@given(games_in_play)
def test_plays_owed_stay_within_what_the_rules_allow(seq: MoveSequence) -> None:
    """Plays owed are 1 on an ordinary turn; a forced turn owes what a card forces, the forced
    plays passed on by a deflection, or, with stacking, their product or sum with a card's."""
    fresh = forced_plays(seq.variant)
    stacking = seq.variant.forced_play.stacking
    owed_before: set[int] = set()
    for game in each_state(seq):
        for event in game.events:
            if isinstance(event, ev.PlaysOwed):
                allowed = fresh | owed_before
                if stacking == "multiply":
                    allowed |= {a * b for a in owed_before for b in fresh}
                elif stacking == "add":
                    allowed |= {a + b for a in owed_before for b in fresh}
                assert event.plays in allowed
                owed_before.add(event.plays)
        if game.is_over:
            assert game.plays_owed == 0
        else:
            assert 1 <= game.plays_owed <= max(owed_before | {1})
            if stacking == "none":
                assert game.plays_owed <= max(fresh | {1})


@given(games_in_play)
def test_eliminated_players_never_act_again(seq: MoveSequence) -> None:
    """A player out of the game is never again to move, dealt, drawing or playing; nobody comes
    back into the game, and a player out of the round does not act until the next round."""
    game = seq.new_game()
    out: set[int] = set()
    seen = 0
    for move in seq.moves:
        assert game.current_player not in out
        assert game.in_round[game.current_player]
        game.play(move)
        for event in game.events[seen:]:
            player = getattr(event, "player", None)
            if isinstance(event, ev.Dealt | ev.Drew | ev.Played | ev.Redrew | ev.PlaysOwed):
                assert player not in out
            if isinstance(event, ev.Eliminated):
                out.add(event.player)
        seen = len(game.events)
        assert out == {p for p, still in enumerate(game.in_game) if not still}
        if not game.is_over:  # at the end, in_round still shows the last round
            assert not any(game.in_round[p] for p in out)


@given(games_in_play)
def test_tokens_never_increase_and_scores_never_decrease(seq: MoveSequence) -> None:
    """Invariant: a player's tokens go down one at a time (``TokenLost``, for a lost round) and
    a score goes up by what a round scores (``Scored``, never negative), except where a
    trigger's outcome changes them and says so (``TokensChanged``, ``ScoreChanged``, right
    after a ``TriggerFired``, or after the ``Declined`` of a player who took what a
    reaction aimed), or a partner shares what a round scored its mate's hand (an
    automatic ``ScoreChanged`` by the same points, right after the mate's ``Scored``), or
    the deal gives points (``match.points.at_deal``: automatic ``ScoreChanged`` events right
    after the hands are dealt, seat by seat from the dealer's left, each partner's share
    after its mate's); tokens and scores never go below 0 (a score may, where
    ``match.points.negative`` says so), and the events account for them exactly."""
    n = seq.players
    tokens = [seq.variant.match.tokens.count_for(n)] * n
    scores = [0] * n
    seen = 0
    team_of = {seat: team for team in seq.new_game().teams for seat in team}
    out: set[int] = set()
    given: list[tuple[int, int]] = []  # what the deal just dealt still gives: (seat, points)
    for game in each_state(seq):
        fresh = game.events[seen:]
        seen = len(game.events)
        triggered = False
        scored: ev.Scored | None = None
        for event in fresh:
            if isinstance(event, ev.TriggerFired | ev.Declined):
                triggered = True
            if isinstance(event, ev.RoundStarted):
                given = _given_at_deal(seq, event, out, team_of)
            if isinstance(event, ev.Eliminated):
                out.add(event.player)
            at_deal = (
                isinstance(event, ev.ScoreChanged)
                and event.automatic
                and given[:1] == [(event.player, event.change)]
            )
            if at_deal:
                given.pop(0)
            elif not isinstance(event, ev.RoundStarted | ev.Dealt):
                given = []  # the deal's points come right after the hands, or not at all
            shared = (
                isinstance(event, ev.ScoreChanged)
                and scored is not None
                and event.automatic
                and event.player != scored.player
                and event.player in team_of.get(scored.player, ())
                and event.change == scored.points
            )
            if isinstance(event, ev.TokenLost):
                assert event.tokens == tokens[event.player] - 1 >= 0
                tokens[event.player] = event.tokens
            elif isinstance(event, ev.Scored):
                assert event.points >= 0
                assert event.score == scores[event.player] + event.points
                scores[event.player] = event.score
                scored = event
            elif isinstance(event, ev.TokensChanged | ev.ScoreChanged):
                assert triggered or shared or at_deal, (
                    "tokens or a score changed, no trigger fired"
                )
                if isinstance(event, ev.TokensChanged):
                    assert event.tokens == tokens[event.player] + event.change >= 0
                    tokens[event.player] = event.tokens
                else:
                    assert event.score == scores[event.player] + event.change
                    assert event.score >= 0 or seq.variant.match.points.negative
                    scores[event.player] = event.score
            if not isinstance(
                event, ev.TriggerFired | ev.Declined | ev.TokensChanged | ev.ScoreChanged
            ):
                triggered = False  # a trigger's outcomes follow it at once
            if not isinstance(event, ev.Scored | ev.ScoreChanged):
                scored = None  # a partner's share follows its mate's Scored at once
        assert list(game.tokens) == tokens
        assert list(game.scores) == scores


def _given_at_deal(
    seq: MoveSequence, started: ev.RoundStarted, out: set[int], team_of: dict[int, tuple[int, ...]]
) -> list[tuple[int, int]]:
    """The points a deal gives (``match.points.at_deal``), in the order the table gives them.

    Each score's seats from the dealer's left round to the dealer, players out of the game
    left out; a seat's partners follow it with the same points (partners share their points).
    """
    n, dealer = seq.players, started.dealer
    order = [(dealer + i) % n for i in range(1, n + 1) if (dealer + i) % n not in out]
    due: list[tuple[int, int]] = []
    for score in seq.variant.match.points.at_deal:
        if (score.deals == "first" and started.round != 1) or not score.points:
            continue
        seats = {"dealer": [dealer], "left_of_dealer": order[:1]}.get(score.seat, order)
        for seat in seats:
            mates = [mate for mate in team_of.get(seat, ()) if mate != seat]
            due += [(mate, score.points) for mate in [seat, *mates]]
    return due


MAX_MOVES = 20_000
"""A bound on the moves of a game of a generated variant played by random players.

Every game ends: a round ends after ``round.max_plays`` plays at most, a game
after ``round.max_rounds`` rounds, and ``variants(playable=True)`` keeps their
product within 20,000. Shipped variants' games take a few hundred moves.
"""


@given(move_sequences(max_moves=MAX_MOVES, drawn=20, to_end=True))
def test_every_game_ends_with_exactly_one_winner(seq: MoveSequence) -> None:
    """Invariant: every game played by random players ends within the bound, with exactly one
    winner: the only player left in the game (or one team: its partners, ``winners``, may be
    left in it too), announced once; no round sees more plays than
    ``round.max_plays``, and the game has no more rounds than ``round.max_rounds`` and its
    scoring allow (without scoring one round, and one more after each round that ended with
    nobody standing; with tokens lost for each lost round, each player loses all tokens and
    once more at most, plus the rounds nobody lost and one for each token a trigger gave).
    """
    game = seq.play()
    assert game.is_over, f"no winner after {len(seq.moves)} moves"
    winner = game.winner
    assert winner is not None
    assert game.in_game[winner]
    assert all(seat in game.winners for seat in range(game.players) if game.in_game[seat])
    assert game.winners == (winner,) or (bool(game.teams) and winner in game.winners)
    assert [e for e in game.events if isinstance(e, ev.GameWon)] == [ev.GameWon(winner)]
    assert game.legal_moves() == ()
    variant = seq.variant
    match = variant.match
    ended = [e for e in game.events if isinstance(e, ev.RoundEnded)]
    assert len(ended) == game.round <= variant.round.max_rounds
    plays = 0
    for event in game.events:
        if isinstance(event, ev.RoundStarted):
            plays = 0
        elif isinstance(event, ev.Played | ev.Redrew) and not event.automatic:
            plays += 1
            assert plays <= variant.round.max_plays
    if match.scoring == "none":
        assert game.round <= 1 + sum(e.survivor is None for e in ended)
    elif match.scoring == "tokens" and match.tokens.lost:
        given = sum(
            e.change for e in game.events if isinstance(e, ev.TokensChanged) and e.change > 0
        )
        lossless = sum(not e.losers for e in ended)
        count = match.tokens.count_for(game.players)
        assert game.round <= game.players * (count + 1) + lossless + given


@given(move_sequences(max_moves=150, drawn=30))
def test_an_observation_holds_no_other_players_cards_nor_the_draw_order(
    seq: MoveSequence,
) -> None:
    """A player's observation holds only its own hand and public facts: it has only the known
    fields, and shuffling the other players' cards among them and the draw pile leaves it equal."""
    checker = GameChecker(seq.new_game())
    for move in (None, *seq.moves):
        if move is not None:
            checker.play(move)
        game = checker.game
        for player in range(game.players):
            obs = checker.check_observation(player)  # fields, public facts, hidden shuffles
            assert obs.hand == game.hand(player)
            assert obs.draw_pile_size == len(game.draw_pile)
            assert obs.hand_sizes == tuple(len(game.hand(p)) for p in range(game.players))


@given(move_sequences(any_variants(), max_moves=150, drawn=30))
def test_no_hidden_card_in_any_observation_or_player_log(seq: MoveSequence) -> None:
    """Invariant: no observation and no player's log of a game (of a shipped or generated
    variant) holds a card the player cannot see. After every move each player's observation
    holds its own hand and public facts only, and is unchanged when the other players' cards
    and the draw order are shuffled; each player's log shows the others' deals and draws as
    counts only, and reads the same whatever cards those were. The observation's turn state
    is the game's: the answer due, the cards played this turn, the card that forced it."""
    checker = GameChecker(seq.new_game())
    game = checker.game
    for move in (None, *seq.moves):
        if move is not None:
            checker.play(move)
        for player in range(game.players):
            obs = checker.check_observation(player)
            assert (obs.answering, obs.played_this_turn, obs.forced_by) == (
                game.answering,
                game.played_this_turn,
                game.forced_by,
            )
    for player in range(game.players):
        checker.check_player_log(player)
        hidden = [
            e
            for e in game.player_log(player)
            if isinstance(e, ev.Dealt | ev.Drew) and e.player != player
        ]
        assert hidden == []


@given(games_in_play)
def test_the_same_seed_and_moves_give_the_same_event_log(seq: MoveSequence) -> None:
    """Two games with the same variant, seats, seed and moves have the same event log."""
    first, second = seq.play(), seq.play()
    assert first.events == second.events
    assert snapshot(first) == snapshot(second)


@given(games_in_play)
def test_replaying_a_saved_game_gives_the_same_state(seq: MoveSequence) -> None:
    """A game's record, turned into JSON and back and replayed, is in the same state."""
    game = seq.play()
    text = json.dumps(ono99.to_data(game.record()))
    record = ono99.from_data(json.loads(text))
    assert record == game.record()
    again = ono99.Game.replay(record, seq.variant)
    assert snapshot(again) == snapshot(game)
    assert again.events == game.events


@given(games_in_play, st.data())
def test_an_illegal_move_raises_and_leaves_the_game_unchanged(
    seq: MoveSequence, data: st.DataObject
) -> None:
    """Every move not listed as legal raises IllegalMoveError (with a reason) and leaves the game
    exactly as it was, random state included; every listed move is legal."""
    game = seq.play()
    legal = game.legal_moves()
    candidates = [*candidate_moves(game), None, "play 7", 7]
    # What a move says of the total makes no move illegal.
    plain = {unsaid(m) for m in legal}
    illegal = [m for m in candidates if unsaid(m) not in plain]  # type: ignore[arg-type]
    for move in legal:
        assert game.why_illegal(move) is None
    before = snapshot(game)
    tried = data.draw(st.lists(st.sampled_from(illegal), min_size=1, max_size=4))
    for bad in tried:
        reason = game.why_illegal(bad)
        assert reason
        with pytest.raises(ono99.IllegalMoveError, match=r"\w"):
            game.play(bad)  # type: ignore[arg-type]
        assert snapshot(game) == before
    if not game.is_over:
        game.play(legal[0])  # the game goes on from the unchanged state


@given(variants(playable=False))
def test_loading_a_dumped_variant_gives_it_back(variant: ono99.Variant) -> None:
    """``load(dump(v)) == v`` for generated variants, and the fingerprint is stable."""
    again = loads_variant(ono99.dump_variant(variant))
    assert again == variant
    assert ono99.fingerprint(again) == ono99.fingerprint(variant)
    assert ono99.dump_variant(again) == ono99.dump_variant(variant)


@given(shipped_variants())
def test_shipped_variants_survive_the_round_trip(variant: ono99.Variant) -> None:
    """``load(dump(v)) == v`` for the shipped variants, with the same fingerprint."""
    again = loads_variant(ono99.dump_variant(variant))
    assert again == variant
    assert ono99.fingerprint(again) == ono99.fingerprint(variant)


@given(variants(playable=False), st.data())
def test_the_fingerprint_changes_with_the_rules_only(
    variant: ono99.Variant, data: st.DataObject
) -> None:
    """Renaming or redescribing a variant keeps its fingerprint; changing a rule changes it."""
    renamed = attrs.evolve(variant, id=variant.id + "x", name="other", description="d")
    assert ono99.fingerprint(renamed) == ono99.fingerprint(variant)
    card = data.draw(st.sampled_from(variant.cards))
    index = variant.cards.index(card)
    changed = attrs.evolve(card, count=card.count + 1)
    cards = (*variant.cards[:index], changed, *variant.cards[index + 1 :])
    assert ono99.fingerprint(attrs.evolve(variant, cards=cards)) != ono99.fingerprint(variant)


@given(move_sequences(any_variants(), max_moves=300, drawn=40))
def test_the_checker_finds_nothing(seq: MoveSequence) -> None:
    """Every invariant of ``ono99.testing.INVARIANTS`` holds after every move: the state matches
    the event log (hands, piles, total), legal moves are exactly the legal ones, observations
    reveal nothing hidden, and the game replays."""
    checker = GameChecker(seq.new_game())
    for move in seq.moves:
        checker.check_legal_moves()
        checker.play(move)
    checker.check_observation(checker.game.current_player)
    checker.check_illegal()
    checker.check_replay()


@st.composite
def shipped_with_triggers(draw: st.DrawFn) -> ono99.Variant:
    """A shipped variant with one to three generated triggers in place of its own."""
    base = draw(shipped_variants())
    bust, floor = base.total.bust, base.total.floor
    chosen = draw(st.lists(triggers(bust=bust, floor=floor), min_size=1, max_size=3))
    return loads_variant(ono99.dump_variant(attrs.evolve(base, triggers=tuple(chosen))))


@given(move_sequences(shipped_with_triggers(), max_moves=300, drawn=40))
def test_triggers_on_shipped_rule_sets_keep_every_invariant(seq: MoveSequence) -> None:
    """Every invariant holds (among them "triggers fire": each trigger fires exactly when
    its moment comes, for the right player, in the order of the file) when the shipped
    rule sets, whose totals climb through the whole range, carry generated triggers: here
    ``land_on`` and ``pass_over`` fire often, as they seldom do in generated decks."""
    checker = GameChecker(seq.new_game())
    for move in seq.moves:
        checker.play(move)
    checker.check_replay()


@given(
    any_variants(),
    st.integers(0, 2**32),
    st.sampled_from([ono99.RandomPlayer, ono99.CautiousPlayer, ono99.RecklessPlayer]),
)
def test_a_quick_player_picks_what_it_would_choose(
    variant: ono99.Variant, seed: int, kind: type[ono99.Player]
) -> None:
    """A shipped quick player's ``pick`` gives the move its ``choose`` gives for the same
    position, so a game played out through ``pick`` is move for move the game played
    through observations. While cards are laid away into a crib the engine asks every
    player's ``choose`` (the legal moves do not say whose the crib is), so both games
    ask it there."""
    players = variant.players.min

    def seats() -> list[ono99.Player]:
        if kind is ono99.RandomPlayer:
            return [ono99.RandomPlayer(seed + p) for p in range(players)]
        return [kind() for _ in range(players)]

    made, twins = seats(), seats()
    assert all(isinstance(p, ono99.QuickPlayer) for p in made)
    quick, slow = ono99.Game(variant, players, seed), ono99.Game(variant, players, seed)
    for _ in range(300):
        if quick.is_over:
            break
        observation = slow.observation(slow.current_player)
        legal = quick.legal_moves()
        if isinstance(legal[0], ono99.PutAside):  # the engine asks for an observation then
            picked = made[quick.current_player].choose(quick.observation(quick.current_player))
        else:
            picked = made[quick.current_player].pick(  # type: ignore[attr-defined]
                legal, quick.total, variant
            )
        chosen = twins[slow.current_player].choose(observation)
        assert picked == chosen
        quick.play(picked)
        slow.play(chosen)
    assert quick.events == slow.events


@given(move_sequences(max_moves=400, drawn=10))
def test_cards_played_counts_the_played_events(seq: MoveSequence) -> None:
    """``Game.cards_played`` is the number of ``Played`` and ``Answered`` events in the log
    (an answer out of turn puts its card on the pile), after every move."""
    for game in each_state(seq):
        played = sum(isinstance(e, ev.Played | ev.Answered) for e in game.events)
        assert game.cards_played == played
