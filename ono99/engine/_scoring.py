"""How a count and a round end: passes, the count started again, the round scored.

Functions of the engine's state (:class:`~ono99.engine._engine.Engine`),
compiled with it: token and points scoring, the players who go out, and the
winner of a game that ran to its limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99 import events as ev
from ono99._limits import MAX_SHOW_SCORES

from ._moves import NO_MOVES
from ._table import Table

if TYPE_CHECKING:
    from ._engine import Engine

__all__ = [
    "begin_play",
    "best_placed",
    "count_over",
    "eliminate",
    "end_phase",
    "end_play",
    "end_round",
    "one_side",
    "out_of_cards",
    "pass_turn",
    "run_phases",
    "score_round",
    "settle_round",
    "show_hands",
    "show_one",
    "take_tokens",
    "win_at_once",
]


def lapse(game: Engine) -> None:
    """A reaction still open lapses: nobody is left to answer it, nobody takes it."""
    r = game.r
    reaction = r.reaction
    if reaction is not None:
        r.reaction = None
        if r.phase.interrupt:
            r.pop()
        game.emit(ev.ReactionLapsed(reaction.seat, reaction.what))


def end_round(game: Engine) -> None:
    """The play is over: the phase in progress ends, and those after it run.

    A reaction the round's last play opened lapses first. Then the play's
    end (who lost and who survived it, the end's triggers), and the phases
    listed after it: the show at the round's end, settling the round
    (:func:`settle_round`), which ends the game or deals again.
    """
    lapse(game)
    end_phase(game)


def end_phase(game: Engine) -> None:
    """The phase in progress is over: it ends, and the phases after it begin."""
    phase = game.r.phase
    phase.end(game)
    # Its place in the list, found by identity: index() would ask each phase
    # before it for equality, through the attrs class's own __eq__. A round
    # read back from a pickle holds equal phases, not the rules' own: by equality.
    phases = game.rules.phases
    at = 0
    while at < len(phases) and phases[at] is not phase:
        at += 1
    if at == len(phases):
        at = phases.index(phase)
    run_phases(game, at + 1)


def begin_play(game: Engine) -> None:
    """The play begins: the seat to move plays first, unless the show before won the game."""
    r = game.r
    if r.reached >= 0:
        win_at_once(game, r.reached)


def end_play(game: Engine) -> None:
    """The play is over: who lost and who survived it; the round's end triggers fire."""
    r = game.r
    survivor = r.in_round.index(True) if r.players_in_round == 1 else None
    if r.round_winner >= 0:
        survivor = r.round_winner
    game.last_losers = tuple(r.losers)
    game.last_survivor = survivor
    for trigger in game.rules.end_triggers:
        game.fire(trigger, -1 if survivor is None else survivor, True)


def run_phases(game: Engine, start: int) -> None:
    """Begin the round's phases from the ``start``-th, until one waits for moves or the game ends.

    A phase with no moves does its work as it begins, and the next begins;
    a phase with moves is then the phase in progress. Settling the round
    deals the next one, whose phases run in turn.
    """
    phases = game.rules.phases
    for at in range(start, len(phases)):
        phase = phases[at]
        if phase.moves:
            game.r.phase = phase
        phase.begin(game)
        if phase.moves or game.winner is not None or game.halted:
            return


def settle_round(game: Engine) -> None:
    """Score the round as ``match`` says, then end the game or deal again.

    A target reached at once by the end's triggers or the show wins first.
    """
    r = game.r
    rules = game.rules
    match = game.variant.match
    losers = game.last_losers
    survivor = game.last_survivor
    if r.reached >= 0:
        win_at_once(game, r.reached, survivor)
        return
    if game.logging:
        game.emit(ev.RoundEnded(game.round, losers, survivor))
    if match.scoring == "none":
        if survivor is not None:
            for seat in range(game.n):
                if seat != survivor and game.in_game[seat]:
                    eliminate(game, seat)
    elif match.scoring == "tokens":
        take_tokens(game, losers, survivor)
    else:
        score_round(game, losers, survivor)
    standing = [seat for seat in range(game.n) if game.in_game[seat]]
    if len(standing) > 1 and (
        game.round >= rules.max_rounds or len(game.moves) >= rules.max_game_plays
    ):
        # The game ran too long (round.max_rounds, round.max_game_plays):
        # the best placed player wins.
        best = best_placed(game, standing)
        team = game.mates[best]
        for seat in standing:
            if seat not in team:
                eliminate(game, seat)
        standing = [seat for seat in standing if seat in team]
    if one_side(game, standing):
        game.winner = standing[0]
        game.legal = None
        if game.logging:
            game.emit(ev.GameWon(standing[0]))
        return
    if game.round_only:
        game.halted = True  # a copy playing one round out (see copy)
        game.legal = NO_MOVES
        return
    game.start_round()


def show_hands(game: Engine) -> None:
    """The show: each hand, as dealt, scored with the starter by the show's triggers.

    In turn from the player after the dealer round to the dealer, each
    trigger that scores at the show fires for the hand as many times as it
    says (at most ``MAX_SHOW_SCORES``); then the crib (``deal.put_aside_to``),
    for the dealer: "the non-dealer first, then the dealer, to count and take
    for his hand and crib" (Hoyle's Games, "Cribbage"). Where the first to a
    target wins at once, the show stops with the hand that reached it.
    """
    r = game.r
    if r.reached >= 0:
        return  # won before the show (at the deal or the turn-up): it ends as the play begins
    r.shown = True  # a zone seen at the show shows its cards from now on
    n = game.n
    seat = game.dealer
    for _ in range(n):
        seat = (seat + 1) % n
        if r.in_round[seat] and seat < len(r.dealt) and show_one(game, seat, ""):
            return
    crib = game.rules.crib
    if crib >= 0 and r.in_round[game.dealer]:
        show_one(game, game.dealer, game.rules.zones[crib].name)


def show_one(game: Engine, seat: int, zone: str) -> bool:
    """Score ``seat``'s hand (or its ``zone``) at the show; whether a target was reached."""
    r = game.r
    for trigger in game.rules.show_triggers:
        table = Table(game, "", True, True)
        table.showing = seat
        table.shown_zone = zone
        times = min(trigger.times_on(table), MAX_SHOW_SCORES)
        for _ in range(times):
            game.fire(trigger, seat, True)
        r.losing = ()  # no round is lost at the show: none is being played
        if r.reached >= 0:
            return True
    return False


def win_at_once(game: Engine, seat: int, survivor: int | None = -1) -> None:
    """``seat`` reached a target that wins at once: the round stops, and it wins with its team.

    ("As soon as someone reaches or passes 121 points, that player wins",
    pagat.com, Six Card Cribbage: ``match.points.reached = "at_once"``.) The
    round's winner is ``seat``, unless the round was over already when the
    target was reached (by its end's triggers, or the show after it): then
    the round's own ``survivor``. A reaction the play opened lapses.
    """
    lapse(game)
    r = game.r
    r.reached = -1
    won = seat if survivor == -1 else survivor
    game.last_losers = tuple(r.losers)
    game.last_survivor = won
    if game.logging:
        game.emit(ev.RoundEnded(game.round, game.last_losers, won))
    team = game.mates[seat]
    for other in range(game.n):
        if game.in_game[other] and other not in team:
            eliminate(game, other)
    game.winner = seat
    game.legal = None
    if game.logging:
        game.emit(ev.GameWon(seat))


def one_side(game: Engine, standing: list[int]) -> bool:
    """Whether the players still in the game are one player, or partners of one team."""
    if len(standing) == 1:
        return True
    if not game.teams or not standing:
        return False
    team = game.mates[standing[0]]
    return all(seat in team for seat in standing)


def take_tokens(game: Engine, losers: tuple[int, ...], survivor: int | None) -> None:
    """Take the losers' tokens, and out go those left with none (as ``match.tokens`` says)."""
    rules = game.rules
    tokens = game.variant.match.tokens
    lost = tokens.lost
    # With triggers, who goes out is decided once every token is taken.
    out: list[int] = []
    for seat in losers:
        if game.tokens[seat] > 0:
            for _ in range(min(lost, game.tokens[seat])):
                for mate in game.mates[seat]:  # partners share their tokens
                    game.tokens[mate] -= 1
                    game.emit(ev.TokenLost(mate, game.tokens[mate]))
            if game.tokens[seat] == 0 and not tokens.play_on_at_zero:
                out.append(seat)
        else:
            out.append(seat)
        if out and not rules.any_triggers:
            eliminate(game, out.pop())
    if not rules.any_triggers:
        return
    if not tokens.play_on_at_zero:
        # Triggers may have taken the last tokens of players who did not lose.
        out += [
            seat
            for seat in range(game.n)
            if game.in_game[seat] and game.tokens[seat] == 0 and seat not in out
        ]
    if out and len(out) == sum(game.in_game):
        # Nobody would be left: the round's winner stays; with none, a player who
        # did not lose the round (the first with most tokens), never a loser
        # while another is left.
        kept = [s for s in out if s not in losers] or out
        spare = survivor if survivor in out else max(kept, key=lambda s: game.tokens[s])
        out.remove(spare)
    for seat in out:
        eliminate(game, seat)


def best_placed(game: Engine, standing: list[int]) -> int:
    """The standing player placed best by the match's scoring (the first on a tie)."""
    match = game.variant.match
    if match.scoring == "tokens":
        return max(standing, key=lambda seat: game.tokens[seat])
    if match.scoring == "points":
        if match.points.at_target == "win":
            return max(standing, key=lambda seat: game.scores[seat])
        return min(standing, key=lambda seat: game.scores[seat])
    return standing[0]


def score_round(game: Engine, losers: tuple[int, ...], survivor: int | None = None) -> None:
    """Add each standing player's points, and take out those past the target."""
    r = game.r
    rules = game.rules
    points = game.variant.match.points
    standing = [seat for seat in range(game.n) if game.in_game[seat]]
    for seat in standing:
        hand = r.hands[seat]
        gained = sum(rules.cards[k].points for k in hand)
        gained += points.missing_card * max(0, rules.hand_size - len(hand))
        if seat in losers and (points.stuck_is_bust or seat not in r.stuck):
            gained += points.bust
        if seat == survivor:
            gained += points.survivor
        game.scores[seat] += gained
        game.emit(ev.Scored(seat, gained, game.scores[seat]))
        for mate in game.mates[seat]:  # partners share their points
            if mate != seat and gained:
                game.scores[mate] += gained
                game.emit(ev.ScoreChanged(mate, gained, game.scores[mate], automatic=True))
    reached = [seat for seat in standing if game.scores[seat] >= points.target]
    if not reached:
        return
    if points.at_target == "win":
        # The first to the target wins: the highest score; tied players play on.
        top = max(game.scores[seat] for seat in standing)
        for seat in standing:
            if game.scores[seat] < top:
                eliminate(game, seat)
        return
    best = min(game.scores[seat] for seat in standing)
    if points.at_target == "out" and len(reached) < len(standing):
        leaving = reached
    else:
        # Game over at the target (or everyone reached it): the lowest score
        # wins; players tied for it play on.
        leaving = [seat for seat in standing if game.scores[seat] > best]
    for seat in leaving:
        eliminate(game, seat)


def eliminate(game: Engine, seat: int) -> None:
    """Take ``seat`` out of the game."""
    game.in_game[seat] = False
    game.emit(game.rules.shared(ev.Eliminated, seat))


def pass_turn(game: Engine, player: int) -> None:
    """``player`` passes (``no_safe_play.action = "pass"``); the count may end with it.

    Once every player in the round has passed in a row, or two players
    holding cards have (``no_safe_play.count_ends = "two_passed"``), the
    count ends (see :meth:`count_over`); otherwise the turn passes on, owing
    nothing. A player with no card left passes without calling a go: "When a
    player calls Go, the next opponent must continue play if he can" (Bicycle,
    Three-Hand Cribbage), and the cards are played "until all the cards are
    played out" (Encyclopaedia Britannica, 9th ed.).
    """
    r = game.r
    game.emit(game.rules.shared(ev.Passed, player))
    r.passes += 1
    r.next_owed, r.next_forced_by = 0, ""
    if r.passes >= r.players_in_round or (
        game.rules.passes_end_count and holders_passed(game, player) >= 2
    ):
        count_over(game)
        return
    r.skip, r.next_player = 0, None
    game.next_turn()


def holders_passed(game: Engine, player: int) -> int:
    """How many of the passes in a row, ``player``'s the latest, were by players holding cards.

    Passing changes no hand, so a seat that passed holding cards holds them
    still, and one that passed with none has none: the seats that passed are
    the ``passes`` before the turn in the order of play.
    """
    r = game.r
    back = -r.direction
    seat, holders = player, 0
    for _ in range(r.passes):
        if r.hands[seat]:
            holders += 1
        seat = game.next_seat(seat, r.in_round, back)
    return holders


def out_of_cards(game: Engine) -> bool:
    """Whether nobody in the round holds a card, and none can be drawn."""
    r = game.r
    if game.rules.refill and game.rules.reshuffles and (r.draw or r.discard):
        return False
    return not any(r.hands[seat] for seat in range(game.n) if r.in_round[seat])


def count_over(game: Engine) -> None:
    """End the count: fire its triggers; then start it again, or end the round.

    It starts again (``total.restart``) from ``total.start``, led by the
    player after the last to play, while someone holds a card and a card
    was played in it; otherwise nobody can play, and the round ends.
    """
    r = game.r
    rules = game.rules
    last = r.last_player
    if rules.count_triggers:
        count_fired(game, last)
        if r.reached >= 0:
            win_at_once(game, r.reached)
            return
        for seat in dict.fromkeys(r.losing):
            if not r.in_round[seat]:
                continue
            game.emit(ev.OutOfRound(seat))
            if game.take_out(seat):
                return
        r.losing = ()
    if r.round_over or not rules.restarts or not r.history or out_of_cards(game):
        end_round(game)
        return
    r.total = r.total_before = rules.start
    r.history.clear()
    r.declared = None
    r.passes = 0
    r.last_card, r.last_amount, r.last_target = -1, None, None
    r.next_owed, r.next_forced_by = 0, ""
    r.skip = 0
    r.next_player = game.next_seat(last, r.in_round, r.direction) if last >= 0 else None
    game.next_turn()
    game.emit(ev.CountStarted(game.current, r.total))


def count_fired(game: Engine, seat: int) -> None:
    """Fire the triggers of a count's end, for ``seat`` (the last to play), in order."""
    table = Table(game, reading=True)  # one for every trigger: each reads the count
    for trigger in game.rules.count_triggers:
        if trigger.fires_on(table):
            game.fire(trigger, seat, True)
