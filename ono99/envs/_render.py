"""The table as text, for the environments' ``ansi`` and ``human`` render modes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99._text import escape_line

if TYPE_CHECKING:
    from ono99.engine._game import Game

__all__ = ["table_text"]


def table_text(game: Game, seat: int | None = None) -> str:
    """What everyone sees of ``game``, and the hand of ``seat`` (by default the player to move).

    >>> import ono99
    >>> print(table_text(ono99.Game("ono99-1980", players=3, seed=1)))
    O'NO 99 (International Games, 1980) - round 1, total 0, clockwise
      player 0: 4 cards, 3 tokens  <- to move
      player 1: 4 cards, 3 tokens
      player 2: 4 cards, 3 tokens
    hand of player 0: 2, 10, 8, 10
    """
    variant = game.variant
    names = {card.id: card.name for card in variant.cards}
    if game.is_over:
        head = f"{escape_line(variant.name)} - player {game.winner} won after {game.round} rounds"
    else:
        way = "clockwise" if game.direction == 1 else "anticlockwise"
        head = f"{escape_line(variant.name)} - round {game.round}, total {game.total}, {way}"
    lines = [head]
    scoring = variant.match.scoring
    for player in range(game.players):
        size = len(game.hand(player))
        line = f"  player {player}: {size} card{'s' if size != 1 else ''}"
        if scoring == "points":
            line += f", {game.scores[player]} points"
        elif scoring == "tokens":
            line += f", {game.tokens[player]} tokens"
        if not game.in_game[player]:
            line += ", out of the game"
        elif not game.in_round[player]:
            line += ", out of this round"
        elif not game.is_over and player == game.current_player:
            line += "  <- to move"
        lines.append(line)
    if seat is None and not game.is_over:
        seat = game.current_player
    if seat is not None:
        hand = ", ".join(escape_line(names[card]) for card in game.hand(seat)) or "no cards"
        lines.append(f"hand of player {seat}: {hand}")
    return "\n".join(lines)
