"""``ono99 play``: a game in the terminal, one person against built-in players.

The person picks a move by its letter in the list (or names a card); every
letter is a move, and the commands are words (``help``, ``quit``), so no move
is ever out of reach. A card that leaves a choice (plus or minus 10, say) is
asked about in words. What happens is told from the person's side ("You play
7"), in colour and wrapped to the terminal by ``rich``, and as plain text when
the output is not a terminal. The hand is shown in the variant's order of
cards, as the moves are listed. Where the variant lays cards away into the
crib, the person names the cards to lay away by their numbers in the hand as
shown, or by their names; the others' laid-away cards are told only by their
number, and the crib's owner and, at the show, its cards and score are told.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import TYPE_CHECKING, TextIO

import attrs

from ono99 import events as ev
from ono99._phases import lays_away
from ono99._text import escape
from ono99._variant import card_name
from ono99.engine import (
    Decline,
    Game,
    Move,
    Play,
    PutAside,
    Redraw,
    compile_variant,
    crib_shown,
    describe_event,
    second_person,
)
from ono99.players import make_player
from ono99.simulation import player_seed

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import Console

    from ono99._variant import Variant
    from ono99.engine import Player
    from ono99.players import Strategy

__all__ = ["play_in_terminal"]

_QUIT = frozenset({"quit", "exit"})
_HELP = frozenset({"?", "help"})


def play_in_terminal(
    variant: Variant,
    *,
    players: int,
    seed: int | None = None,
    opponent: Strategy = "cautious",
    seat: int = 0,
    pause: bool = True,
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
        pause: Wait for Enter after each round but the last.
        read: Reads a line after showing a prompt (``input``).
        out: Where to write (standard output).
    """
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1}, not {seat}")
    game = Game(variant, players, seed)
    bots: dict[int, Player] = {
        s: make_player(opponent, player_seed(game.seed, 0, s)) for s in range(players) if s != seat
    }
    between_rounds = (
        (lambda: read("Press Enter for the next round ('quit' leaves): ").strip() not in _QUIT)
        if pause
        else None
    )
    say = _Printer(game, seat, out if out is not None else sys.stdout, between_rounds)
    kind = opponent if isinstance(opponent, str) else getattr(opponent, "__name__", "other")
    others = f"{players - 1} {kind} player{'s' if players > 2 else ''}"
    # Short lines, each a sentence, so that no narrow window breaks one in two.
    say(f"{variant.name}, seed {game.seed}: you are player {seat} of {players}.", "bold")
    say(f"Against you: {others}.")
    say("On your turn, type the letter of a move (or a card's name).")
    if say.crib:
        say(f"To lay cards away into the {say.crib}, type their numbers or names.")
    say("'help' explains, 'quit' leaves.")
    say.events(game.events)
    try:
        while not game.is_over:
            if say.crib:
                say.before = game.copy()  # the crib as it lies before the show, to tell it
            if game.current_player == seat:
                move = _ask(game, seat, read, say)
                if move is None:
                    say("Bye.")
                    return 0
            else:
                current = game.current_player
                move = bots[current].choose(game.observation(current))
            say.events(game.play(move))
    except _LeaveError:
        say("Bye.")
        return 0
    except EOFError:
        say("\nBye.")
        return 0
    except KeyboardInterrupt:
        say("\nBye.")
        return 130
    if game.winner == seat:
        say("You win the game!", "bold green")
    else:
        say(f"Player {game.winner} wins the game. Better luck next time.", "bold")
    return 0


class _LeaveError(Exception):
    """The person asked to leave between rounds."""


class _Printer:
    """Writes lines, and events in words from the person's point of view.

    ``between_rounds`` is asked before a new round's first line; if it says
    no, the game is left.
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        out: TextIO,
        between_rounds: Callable[[], bool] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.console = _console(out)
        self.between_rounds = between_rounds
        # The zone cards are laid away into ("" where none are), and the game as
        # it was before the move being told, whose crib the show scores.
        self.crib = game.variant.deal.put_aside_to if lays_away(game.variant) else ""
        self.before: Game | None = None

    def __call__(self, text: str, style: str = "") -> None:
        from rich.text import Text  # noqa: PLC0415 - rich loads with the command line only

        # A Text, never markup, and escaped: names come from a file, so no markup
        # and no control characters reach the terminal.
        self.console.print(Text(escape(text), style=style))

    def events(self, happened: Sequence[ev.Event]) -> None:
        variant = self.game.variant
        for at, event in enumerate(happened):
            if isinstance(event, ev.GameWon):
                continue  # said once, at the end
            if isinstance(event, ev.RoundEnded) and self.crib:
                # Not where the round was cut short by a target reached at once.
                cut = at + 1 < len(happened) and isinstance(happened[at + 1], ev.GameWon)
                if not cut:
                    self._crib_shown()
            # As the person sees it: the others' deals, draws and laid-away cards unseen.
            line = describe_event(event, variant, seat=self.seat)
            if line is None:
                continue
            if isinstance(event, ev.RoundStarted):
                if event.round > 1 and self.between_rounds and not self.between_rounds():
                    raise _LeaveError
                self("")
                self(line, "bold cyan")
                if self.crib:
                    self(_crib_owner(self.crib, event.dealer, self.seat) + ".", "cyan")
            elif isinstance(event, ev.Busted | ev.Stuck | ev.LaidDown | ev.Eliminated):
                self(line, "red")
            elif isinstance(event, ev.RoundEnded):
                self(line, "bold")
            else:
                self(line, "green" if line.startswith("You ") else "")

    def _crib_shown(self) -> None:
        """Tell the crib the show scored: its owner's, its cards, its points."""
        shown = crib_shown(self.before) if self.before is not None else None
        if shown is None:
            return
        owner, cards, points = shown
        variant = self.game.variant
        names = ", ".join(card_name(variant, card) for card in cards)
        whose = "Your" if owner == self.seat else f"Player {owner}'s"
        line = f"{whose} {self.crib}: {names}. It scores {points} of the points above."
        self(line, "green" if owner == self.seat else "")


def _crib_owner(crib: str, owner: int, seat: int) -> str:
    """Whose the crib is, in words: "The crib is yours", "The crib is player 1's"."""
    whose = "yours" if owner == seat else f"player {owner}'s"
    return f"The {crib} is {whose}"


def _console(out: TextIO) -> Console:
    from rich.console import Console  # noqa: PLC0415 - rich loads with the command line only

    return Console(file=out, highlight=False, emoji=False, markup=False)


def _describe(game: Game, move: Move) -> str:
    """A legal move in words, with the total it leaves."""
    variant = game.variant
    if isinstance(move, Decline):
        reaction = game.reaction
        what = reaction.what if reaction is not None else "it"
        return f"decline: take {what}"
    if not isinstance(move, Play):
        return f"redraw: discard your {_redraw_name(variant)} cards and draw anew"
    if game.reaction is not None:
        return f"answer with {compile_variant(variant).by_id[move.card].name}"
    rules = compile_variant(variant)
    card = rules.cards[rules.index[move.card]]
    what = card.name
    if move.amount is not None:
        # Plus or minus: "10 as +10"; one count or another: "Ace for 11".
        signed = any(choice < 0 for choice in card.choices)
        what += f" as {move.amount:+d}" if signed else f" for {move.amount}"
    if move.target is not None:
        what += f", naming player {move.target}"  # what for, the card says
    if move.declare is not None:
        what += f", declaring {move.declare}"
    if rules.announces:
        return what  # the player works the total out, and says it
    # What the move leaves as the rules work it out (a repeat: what the card before it did).
    return f"{what}  (total {game.observation(game.current_player).total_after(move)})"


def _laying(game: Game) -> int:
    """How many cards the person lays away now (0: the move is no put-aside)."""
    legal = game.legal_moves()
    return len(legal[0].cards) if legal and isinstance(legal[0], PutAside) else 0


def _hand(game: Game, seat: int) -> list[str]:
    """The person's hand (card ids) in the variant's order of cards, as shown."""
    order = {card.id: index for index, card in enumerate(game.variant.cards)}
    return sorted(game.hand(seat), key=order.__getitem__)


def _status(game: Game, seat: int) -> list[tuple[str, str]]:
    variant = game.variant
    way = "clockwise" if game.direction == 1 else "counter-clockwise"
    lines = [
        ("", ""),
        (f"Round {game.round}, total {game.total}, play goes {way}. Your turn.", "bold"),
    ]
    laying = _laying(game)
    if laying:
        crib = _crib_owner(variant.deal.put_aside_to, game.dealer, seat)
        cards = "a card" if laying == 1 else f"{laying} cards"
        lines[1] = (f"Round {game.round}: lay {cards} away. {crib}.", "bold")
    owed = game.plays_owed
    if owed > 1:
        lines.append((f"You must make {owed} more plays this turn.", "yellow"))
    reaction = game.reaction
    if reaction is not None:
        lines[1] = (f"Round {game.round}, total {game.total}. You may answer now.", "bold")
        lines.append(
            (
                f"Player {reaction.by} aims {reaction.what} at you with "
                f"{card_name(variant, reaction.card)}: answer with a card that may, "
                "or decline and take it.",
                "yellow",
            )
        )
    others = []
    sizes = [len(game.hand(s)) for s in range(game.players)]
    for s in range(game.players):
        if s == seat:
            continue
        state = "" if game.in_round[s] else (", out of the round" if game.in_game[s] else ", out")
        others.append(f"player {s}: {sizes[s]} cards{state}")
    lines.append(("Others: " + "; ".join(others) + ".", ""))
    if variant.match.scoring == "tokens":
        tokens = ", ".join(f"player {s}: {t}" for s, t in enumerate(game.tokens))
        lines.append((second_person("Tokens: " + tokens, seat), ""))
    elif variant.match.scoring == "points":
        scores = ", ".join(f"player {s}: {p}" for s, p in enumerate(game.scores))
        lines.append((second_person("Scores: " + scores, seat), ""))
    if game.starter is not None:
        lines.append((f"The starter: {card_name(variant, game.starter)}.", ""))
    if laying:
        hand = "  ".join(
            f"{number}) {card_name(variant, card)}"
            for number, card in enumerate(_hand(game, seat), start=1)
        )
        lines.append((f"Your hand: {hand}", "bold"))
        lines.append(
            (
                f"Name the {'card' if laying == 1 else f'{laying} cards'} to lay away: "
                "by number (1 4) or by name, names parted by commas.",
                "",
            )
        )
        return lines
    hand = ", ".join(card_name(variant, c) for c in _hand(game, seat))
    lines.append((f"Your hand: {hand}.", "bold"))
    laid = game.observation(seat).laid_away  # face down, but the person knows them
    if laid:
        crib = variant.deal.put_aside_to
        names = ", ".join(card_name(variant, c) for c in laid)
        lines.append((f"You laid away into the {crib}: {names}.", ""))
    lines.append(("You may:", ""))
    for number, move in enumerate(game.legal_moves()):
        lines.append((f"  {_letter(number)}) {_describe(game, move)}", ""))
    return lines


def _letter(number: int) -> str:
    """The label of move ``number`` (from 0): a to z, then aa, ab, ..."""
    first, last = divmod(number, 26)
    return (_letter(first - 1) if first else "") + chr(ord("a") + last)


def _number(label: str) -> int | None:
    """The move a label names (from 0), or ``None`` if it is not letters."""
    if not label.isascii() or not label.isalpha():
        return None
    number = 0
    for char in label:
        number = number * 26 + ord(char) - ord("a") + 1
    return number - 1


def _redraw_name(variant: Variant) -> str:
    return card_name(variant, variant.redraw.card) if variant.redraw is not None else "redraw"


def _parse_laid_away(game: Game, seat: int, text: str) -> Move | str:
    """The :class:`~ono99.PutAside` ``text`` names, or why it names none.

    Cards are named by their numbers in the hand as shown (``1 4``), or by
    their names or ids, several names parted by commas (``5 of hearts, king of
    clubs``). A wrong count or a card not held gets the game's own reason.
    """
    hand = _hand(game, seat)
    variant = game.variant
    chosen: list[str] = []
    numbers: list[int] = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        if all(word.isdecimal() for word in words):
            for word in words:
                number = int(word)
                if not 1 <= number <= len(hand):
                    return f"choose numbers from 1 to {len(hand)}, not {word}"
                if number in numbers:
                    return f"card {number} is named twice"
                numbers.append(number)
                chosen.append(hand[number - 1])
            continue
        name = " ".join(words).lower()
        found = [c for c in variant.cards if name in (c.id.lower(), c.name.lower())]
        if not found:
            return f"{' '.join(words)!r} is not a card of this game"
        chosen.append(found[0].id)
    if not chosen:
        return "name the cards to lay away"
    reason = game.why_illegal(PutAside(tuple(chosen)))
    if reason is not None:
        return second_person(reason, seat)
    wanted = Counter(chosen)
    legal = [m for m in game.legal_moves() if isinstance(m, PutAside)]
    return next((m for m in legal if Counter(m.cards) == wanted), PutAside(tuple(chosen)))


def _parse(game: Game, seat: int, text: str) -> Move | list[Play] | str:
    """The move ``text`` names, the moves to choose from, or why it names none."""
    if _laying(game):
        return _parse_laid_away(game, seat, text)
    legal = game.legal_moves()
    word = text.strip().lower()
    number = _number(word) if len(word) <= 2 else None
    if number is not None and number < len(legal):
        return legal[number]
    if word == "redraw":
        reason = game.why_illegal(Redraw())
        return Redraw() if reason is None else second_person(reason, seat)
    if word in ("decline", "take"):
        reason = game.why_illegal(Decline())
        return Decline() if reason is None else second_person(reason, seat)
    found = [c for c in game.variant.cards if word in (c.id.lower(), c.name.lower())]
    if not found and number is not None:
        return f"choose a letter from a to {_letter(len(legal) - 1)}"
    if not found:
        return f"{text.strip()!r} is not a card of this game; type a letter from the list"
    card = found[0]
    if card.id not in game.hand(seat):
        return f"you hold no {card.name}"
    moves = [m for m in legal if isinstance(m, Play) and m.card == card.id]
    if len(moves) == 1:
        return moves[0]
    if moves:
        return moves
    if game.reaction is not None:  # an answer is the card alone
        reason = game.why_illegal(Play(card.id))
        return second_person(reason or f"{card.name} cannot answer now", seat)
    # Held but not playable: ask the game why, with a whole move (any choice it leaves).
    rules = compile_variant(game.variant)
    compiled = rules.cards[rules.index[card.id]]
    amount = compiled.choices[0] if compiled.choices else None
    target = (seat + 1) % game.players if compiled.chooses_player else None
    reason = game.why_illegal(Play(card.id, amount=amount, target=target))
    return second_person(reason or f"{card.name} cannot be played now", seat)


def _ask(
    game: Game,
    seat: int,
    read: Callable[[str], str],
    say: Callable[[str, str], None],
) -> Move | None:
    """Ask for a move until a legal one is given; ``None`` to quit."""
    for line, style in _status(game, seat):
        say(line, style)
    while True:
        text = read("Your move: ")
        word = text.strip().lower()
        if not word:
            continue
        if word in _QUIT:
            return None
        if word in _HELP and _laying(game):
            say(
                "Name the cards to lay away: by their numbers in your hand as shown "
                "(such as 1 4), or by their names, parted by commas (such as "
                f"{_example(game, seat)}). They go face down into the "
                f"{game.variant.deal.put_aside_to}; 'quit' leaves the game.",
                "",
            )
            continue
        if word in _HELP:
            say(
                "Type the letter of a move from the list (or a card's name, such as 7 or "
                "reverse: a card that counts one way or another, or names a suit, is then "
                "asked about). The "
                f"total must stay below {game.variant.total.bust}. 'quit' leaves the game."
                + (
                    " After your move, say the total it makes: this game's rules judge it."
                    if compile_variant(game.variant).announces
                    else ""
                ),
                "",
            )
            continue
        parsed = _parse(game, seat, text)
        if isinstance(parsed, str):
            say(f"Not that: {parsed}. Try again.", "yellow")
            continue
        chosen = parsed if not isinstance(parsed, list) else _which(game, parsed, read, say)
        if chosen is not None:
            return _announced(game, chosen, read, say)


def _example(game: Game, seat: int) -> str:
    """Two of the person's cards by name, parted by a comma: how to name cards to lay away."""
    return ", ".join(card_name(game.variant, card) for card in _hand(game, seat)[:2])


def _announced(
    game: Game, move: Move, read: Callable[[str], str], say: Callable[[str, str], None]
) -> Move | None:
    """``move``, saying the total the person types, where a rule judges what is said.

    Returns:
        The move, or ``None`` to quit.
    """
    if not isinstance(move, Play) or not compile_variant(game.variant).announces:
        return move
    while True:
        text = read("Say the new total: ").strip()
        if text.lower() in _QUIT:
            return None
        try:
            said = int(text)
        except ValueError:
            say("Not that: say the total the card makes, as a whole number.", "yellow")
            continue
        return attrs.evolve(move, say=said)


def _which(
    game: Game, moves: list[Play], read: Callable[[str], str], say: Callable[[str, str], None]
) -> Play | None:
    """Ask which way to play a card that leaves a choice; ``None`` to go back."""
    say("Which way?", "")
    for number, move in enumerate(moves):
        say(f"  {_letter(number)}) {_describe(game, move)}", "")
    labels = [_letter(number) for number in range(len(moves))]
    choices = " or ".join([", ".join(labels[:-1]), labels[-1]])
    chosen = _number(read(f"Choose {choices} (Enter to go back): ").strip().lower())
    return moves[chosen] if chosen is not None and chosen < len(moves) else None
