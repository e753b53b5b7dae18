"""``ono99 play``: a game in the terminal, one person against built-in players."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from . import events as ev
from ._compiled import compile_rules
from ._game import Game
from ._moves import Move, Play, Redraw
from ._narrate import describe_event
from ._simulate import make_player, player_seed
from ._text import escape

if TYPE_CHECKING:
    from collections.abc import Callable

    from ._players import Player
    from ._variant import Variant

__all__ = ["play_in_terminal"]

_LETTERS = "abcdefghijklmnoprstuvwxyz"  # no q: it quits
_QUIT = frozenset({"q", "quit", "exit"})
_HELP = frozenset({"?", "h", "help"})


def play_in_terminal(
    variant: Variant,
    *,
    players: int,
    seed: int | None = None,
    opponent: str = "cautious",
    seat: int = 0,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
) -> int:
    """Play a game at the terminal; returns the exit status.

    Args:
        variant: The rules.
        players: Players, the person included.
        seed: Seed of the shuffles (``None``: random).
        opponent: The strategy of the other seats.
        seat: The person's seat.
        read: Reads a line after showing a prompt (``input``).
        out: Where to write (standard output).
    """
    out = out if out is not None else sys.stdout
    game = Game(variant, players, seed)
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1}, not {seat}")
    bots: dict[int, Player] = {
        s: make_player(opponent, player_seed(game.seed, 0, s)) for s in range(players) if s != seat
    }
    say = _Printer(game, seat, out)
    say(
        f"{variant.name}: you are player {seat}, against {players - 1} {opponent} "
        f"player{'s' if players > 2 else ''} (seed {game.seed})."
    )
    say("On your turn type a move's letter or a card's name; 'help' explains, 'quit' leaves.")
    say.events(game.events)
    try:
        while not game.is_over:
            if game.current_player == seat:
                move = _ask(game, seat, read, say)
                if move is None:
                    say("Bye.")
                    return 0
            else:
                current = game.current_player
                move = bots[current].choose(game.observation(current))
            say.events(game.play(move))
    except EOFError:
        say("\nBye.")
        return 0
    except KeyboardInterrupt:
        say("\nBye.")
        return 130
    say(
        "You win!" if game.winner == seat else f"Player {game.winner} wins. Better luck next time."
    )
    return 0


class _Printer:
    """Writes lines, and events in words from the person's point of view."""

    def __init__(self, game: Game, seat: int, out: TextIO) -> None:
        self.game = game
        self.seat = seat
        self.out = out

    def __call__(self, text: str) -> None:
        self.out.write(escape(text) + "\n")  # names come from a file: no control characters
        self.out.flush()

    def events(self, happened: tuple[ev.Event, ...]) -> None:
        variant = self.game.variant
        for event in happened:
            mine = getattr(event, "player", None) == self.seat
            if isinstance(event, ev.Dealt | ev.Drew) and not mine:
                continue
            line = describe_event(event, variant)
            if line is None:
                continue
            if mine:
                line = line.replace(f"Player {self.seat} ", f"Player {self.seat} (you) ", 1)
            self(line)


def _name(variant: Variant, card_id: str) -> str:
    return variant.card(card_id).name


def _status(game: Game, seat: int) -> list[str]:
    variant = game.variant
    way = "clockwise" if game.direction == 1 else "counter-clockwise"
    lines = ["", f"Round {game.round}, total {game.total}, play goes {way}. Your turn."]
    owed = game.plays_owed
    if owed > 1:
        lines.append(f"You must make {owed} more plays this turn.")
    others = []
    sizes = [len(game.hand(s)) for s in range(game.players)]
    for s in range(game.players):
        if s == seat:
            continue
        state = "" if game.in_round[s] else (", out of the round" if game.in_game[s] else ", out")
        others.append(f"player {s}: {sizes[s]} cards{state}")
    lines.append("Others: " + "; ".join(others) + ".")
    if variant.match.scoring == "tokens":
        lines.append("Tokens: " + ", ".join(f"player {s}: {t}" for s, t in enumerate(game.tokens)))
    elif variant.match.scoring == "points":
        lines.append("Scores: " + ", ".join(f"player {s}: {p}" for s, p in enumerate(game.scores)))
    hand = ", ".join(_name(variant, c) for c in game.hand(seat))
    lines.append(f"Your hand: {hand}.")
    lines.append("You may:")
    rules = compile_rules(variant)
    for letter, move in zip(_LETTERS, game.legal_moves(), strict=False):
        if isinstance(move, Play):
            card = rules.cards[rules.index[move.card]]
            after = rules.total_after(card, game.total, move.amount)
            what = card.name
            if move.amount is not None:
                what += f" for {move.amount}"
            if move.target is not None:
                what += f", naming player {move.target}"
            lines.append(f"  {letter}) {what}  (total {after})")
        else:
            lines.append(
                f"  {letter}) redraw: discard your {_redraw_name(variant)} cards, draw anew"
            )
    return lines


def _redraw_name(variant: Variant) -> str:
    return _name(variant, variant.redraw.card) if variant.redraw is not None else "redraw"


def _parse(game: Game, text: str) -> Move | str:
    """The move ``text`` names, or why it names none."""
    legal = game.legal_moves()
    word = text.strip().lower()
    if len(word) == 1 and word in _LETTERS:
        number = _LETTERS.index(word)
        if number < len(legal):
            return legal[number]
        return f"choose a letter from a to {_LETTERS[len(legal) - 1]}"
    if word == "redraw":
        move: Move = Redraw()
    else:
        found = [c.id for c in game.variant.cards if word in (c.id.lower(), c.name.lower())]
        if not found:
            return f"{text.strip()!r} is not a card of this game; type a letter from the list"
        move = Play(found[0])
    reason = game.why_illegal(move)
    return reason if reason is not None else move


def _ask(
    game: Game, seat: int, read: Callable[[str], str], say: Callable[[str], None]
) -> Move | None:
    """Ask for a move until a legal one is given; ``None`` to quit."""
    for line in _status(game, seat):
        say(line)
    while True:
        text = read("Your move: ")
        word = text.strip().lower()
        if not word:
            continue
        if word in _QUIT:
            return None
        if word in _HELP:
            say(
                "Type the letter of a move from the list, or a card's name (such as 7 or "
                "reverse). The total must stay below "
                f"{game.variant.total.bust}. 'quit' leaves the game."
            )
            continue
        move = _parse(game, text)
        if isinstance(move, str):
            say(f"Not that: {move}. Try again.")
            continue
        return move
