"""Events told in words, for the command line and for logs people read."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ono99 import events as ev
from ono99._variant import card_name

if TYPE_CHECKING:
    from ono99._variant import Variant
    from ono99.events import Event

__all__ = ["describe_event", "second_person"]

# What the person does, in the second person: "Player 0 plays" -> "You play".
_VERBS = {
    "plays": "play",
    "answers": "answer",
    "is": "are",
    "discards": "discard",
    "draws": "draw",
    "has": "have",
    "loses": "lose",
    "scores": "score",
    "wins": "win",
    "holds": "hold",
    "gains": "gain",
    "lays": "lay",
    "deals": "deal",
    "leads": "lead",
    "aims": "aim",
    "takes": "take",
}
_LATER_VERBS = (
    (" and busts ", " and bust "),
    (" and loses ", " and lose "),
    (" lays down ", " lay down "),
    (" and is out", " and are out"),
    (" and passes", " and pass"),
)


def _count(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_event(
    event: Event, variant: Variant, *, hidden: bool = False, seat: int | None = None
) -> str | None:
    """One line telling what happened, in the words of the command line.

    Args:
        event: The event (see :mod:`ono99.events`).
        variant: The rules, for the cards' names.
        hidden: Leave out what only one player may see (dealt and drawn
            cards), as ``ono99 demo`` does unless asked to show them.
        seat: Tell it to this player, as ``ono99 play`` tells the person
            playing: in the second person ("You play 7"), and with nothing of
            the cards the others hold (their deals and draws are no line at
            all, a card given between two others is "a card", as
            :func:`ono99.events.seen_by` has it).

    Returns:
        The line, or ``None`` for an event not worth one (or not seen from
        ``seat``).

    >>> import ono99
    >>> v = ono99.load_variant("ono99-1980")
    >>> ono99.describe_event(ono99.events.Played(2, "minus_ten", -10), v)
    'Player 2 plays Minus Ten: total -10'
    >>> ono99.describe_event(ono99.events.Deflected(1, "reverse", 2), v)
    'Player 1 answers with Reverse: the 2 plays pass on'
    >>> v99 = ono99.load_variant("ninety-nine")
    >>> ono99.describe_event(ono99.events.Played(0, "ace", 61, amount=11), v99)
    'Player 0 plays Ace for 11: total 61'
    >>> ono99.describe_event(ono99.events.Played(0, "minus_ten", -10), v, seat=0)
    'You play Minus Ten: total -10'
    >>> ono99.describe_event(ono99.events.Drew(1, "hold"), v, seat=0) is None
    True
    """
    if seat is None:
        return _line(event, variant, hidden=hidden)
    (seen,) = ev.seen_by([event], seat)
    if isinstance(seen, ev.DealtUnseen | ev.DrewUnseen):
        return None
    line = _line(seen, variant, hidden=hidden)
    return None if line is None else second_person(line, seat)


def _line(event: Event, variant: Variant, *, hidden: bool) -> str | None:  # noqa: PLR0915
    match event:
        case ev.RoundStarted(round=number, dealer=dealer, leader=leader):
            return f"Round {number}: player {dealer} deals, player {leader} leads"
        case ev.StarterTurned(card=card):
            return f"The starter is turned up: {card_name(variant, card)}"
        case ev.LaidAway(player=player, cards=cards, zone=zone):
            if hidden:
                return None
            names = ", ".join(card_name(variant, c) for c in cards)
            who = "The stock gives" if player is None else f"Player {player} lays away"
            return f"{who} {names} to the {zone}"
        case ev.LaidAwayUnseen(player=player, cards=count, zone=zone):
            who = "The stock gives" if player is None else f"Player {player} lays away"
            return f"{who} {count} card{'' if count == 1 else 's'} to the {zone}, face down"
        case ev.Dealt(player=player, cards=cards):
            if hidden:
                return None
            names = ", ".join(card_name(variant, c) for c in cards)
            return f"Player {player} is dealt {names}"
        case ev.Played(
            player=player, card=card, total=total, amount=amount, target=target, say=say
        ):
            text = f"Player {player} plays {card_name(variant, card)}"
            if amount is not None:
                text += f" for {amount}"
            if target is not None:
                text += f", naming player {target}"  # to play next, or to draw...: the card says
            if event.declare is not None:
                text += f", declaring {event.declare}"
            if say is not None:
                text += f", saying {say}"
            return f"{text}: total {total}"
        case ev.ReactionOpened(player=player, seat=seat, what=what):
            return f"Player {player} aims {what} at player {seat}, who may answer at once"
        case ev.Answered(player=player, card=card, to=to):
            back = f": it goes back to player {to}" if to is not None else ": nobody takes it"
            return f"Player {player} answers with {card_name(variant, card)}{back}"
        case ev.Declined(player=player, what=what):
            return f"Player {player} takes {what}"
        case ev.ReactionLapsed(player=player, what=what):
            return f"Nobody answers or takes {what} aimed at player {player}: it lapses"
        case ev.Passed(player=player):
            return f"Player {player} cannot play and passes"
        case ev.CountStarted(player=player, total=total):
            return f"Everyone has passed: the count starts again at {total}, player {player} leads"
        case ev.Redrew(player=player, cards=cards):
            name = card_name(variant, cards[0])
            return f"Player {player} discards {len(cards)} {name} cards to draw anew"
        case ev.Drew(player=player, card=card):
            return None if hidden else f"Player {player} draws {card_name(variant, card)}"
        case ev.DealtUnseen(player=player, cards=count):
            return None if hidden else f"Player {player} is dealt {count} cards"
        case ev.DrewUnseen(player=player):
            return None if hidden else f"Player {player} draws a card"
        case ev.DirectionChanged(direction=direction):
            way = "clockwise" if direction == 1 else "counter-clockwise"
            return f"Play now goes {way}"
        case ev.Deflected(player=player, card=card, plays=plays):
            return (
                f"Player {player} answers with {card_name(variant, card)}: "
                f"the {plays} plays pass on"
            )
        case ev.Reshuffled(cards=count):
            return f"The discard pile is shuffled into a new draw pile of {count} cards"
        case ev.PlaysOwed(player=player, plays=plays, by=by):
            return f"Player {player} must play {plays} cards ({card_name(variant, by)})"
        case ev.Busted(player=player, total=total):
            return f"Player {player} has no safe play and busts at {total}"
        case ev.Stuck(player=player):
            return f"Player {player} can play no card and loses the round"
        case ev.OutOfRound(player=player):
            return f"Player {player} loses the round and is out of it"
        case ev.LaidDown(player=player, cards=cards):
            names = ", ".join(card_name(variant, c) for c in cards) or "no cards"
            return f"Player {player} has no safe play, lays down {names} and is out"
        case ev.RoundEnded(round=number, losers=losers, survivor=survivor):
            parts = [f"Round {number} ends"]
            if losers:
                who = ", ".join(str(p) for p in losers)
                parts.append(f"lost by player{'s' if len(losers) > 1 else ''} {who}")
            if survivor is not None:
                parts.append(f"won by player {survivor}")
            if len(parts) == 1:
                return f"Round {number} ends with no winner"
            return "; ".join(parts)
        case ev.TokenLost(player=player, tokens=tokens):
            return f"Player {player} loses a token ({tokens} left)"
        case ev.Scored(player=player, points=points, score=score):
            return f"Player {player} scores {points} (total {score})"
        case ev.Eliminated(player=player):
            return f"Player {player} is out of the game"
        case ev.GameWon(player=player):
            return f"Player {player} wins the game"
        case ev.Discarded(player=player, card=card):
            return f"Player {player} discards {card_name(variant, card)}"
        case ev.CardGiven(player=player, to=to, card=card):
            what = "a card" if hidden else card_name(variant, card)
            return f"Player {player} gives {what} to player {to}"
        case ev.CardGivenUnseen(player=player, to=to):
            return f"Player {player} gives a card to player {to}"
        case ev.HandsSwapped(player=player, other=other):
            return f"Player {player} and player {other} swap hands"
        case ev.TokensChanged(player=player, change=change, tokens=tokens):
            verb = "gains" if change > 0 else "loses"
            return f"Player {player} {verb} {_count(abs(change), 'token')} ({tokens} left)"
        case ev.ScoreChanged(player=player, change=change, score=score):
            verb = "gains" if change > 0 else "loses"
            return f"Player {player} {verb} {_count(abs(change), 'point')} (total {score})"
        case ev.TriggerFired(player=player, text=text):
            who = "No player" if player is None else f"Player {player}"
            return f"{who}: {text}"
        case ev.RuleActed(player=player, card=card, text=text):
            return f"Player {player}'s {card_name(variant, card)}: {text}"


def second_person(line: str, seat: int) -> str:
    """``line`` with player ``seat`` called "you", for that player to read.

    >>> second_person("Player 0 has no safe play and busts at 101", 0)
    'You have no safe play and bust at 101'
    >>> second_person("Round 2: player 1 deals, player 0 leads", 0)
    'Round 2: player 1 deals, you lead'
    >>> second_person("Player 2 plays 5, naming player 0: total 50", 0)
    'Player 2 plays 5, naming you: total 50'
    """

    def you(match: re.Match[str]) -> str:
        word = "You" if match.group(1) == "P" else "you"
        verb = match.group(2)
        if verb is None:
            return word
        return f"{word} {_VERBS.get(verb, verb)}"

    line = re.sub(rf"\b([Pp])layer {seat}\b(?: ({'|'.join(_VERBS)})\b)?", you, line)
    if line.startswith("You "):
        for third, second in _LATER_VERBS:
            line = line.replace(third, second)
    return line
