"""The table as text (the ``ansi`` and ``human`` render modes) and as a picture (``rgb_array``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99._text import escape_line

if TYPE_CHECKING:
    from ono99.engine import Game

__all__ = ["image_size", "table_image", "table_text"]


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


# The picture of the table: sizes in pixels, and colours.
_WIDTH = 720
_HEAD = 92
_ROW = 64
_CARD = (44, 56)
_FELT = (29, 92, 58)
_INK = (245, 245, 235)
_DIM = (160, 190, 170)
_FACE = (250, 250, 245)
_BACK = (52, 84, 160)
_EDGE = (30, 30, 30)
_MARK = (250, 200, 60)


def image_size(players: int) -> tuple[int, int]:
    """The (height, width) of :func:`table_image`'s pictures of a game of ``players``."""
    return _HEAD + players * _ROW + 8, _WIDTH


def table_image(game: Game, seat: int | None = None) -> Any:
    """What everyone sees of ``game``, and the hand of ``seat``, as an RGB image.

    The running total and the way play goes, the round, the last cards
    played and the size of the draw pile; for each seat its cards (face up
    for ``seat``, face down for the others), its tokens or score, and
    whether it is out or to move. ``seat=None`` shows the hand of the
    player to move. Drawn with Pillow.

    Returns:
        A numpy array of ``uint8``, of shape ``(height, width, 3)``, the
        same for every game of the variant and player count (see
        :func:`image_size`).
    """
    import numpy as np  # noqa: PLC0415 - the rl extra, only for pictures
    from PIL import Image, ImageDraw, ImageFont  # noqa: PLC0415

    variant = game.variant
    names = {card.id: card.name for card in variant.cards}
    height, width = image_size(game.players)
    picture = Image.new("RGB", (width, height), _FELT)
    draw = ImageDraw.Draw(picture)
    small, big, huge = (ImageFont.load_default(size) for size in (11, 15, 34))
    if seat is None and not game.is_over:
        seat = game.current_player
    # The head: the variant and round, the total, the way play goes, the piles.
    title = escape_line(variant.name)
    if game.is_over:
        title += f" - player {game.winner} won after {game.round} rounds"
    else:
        title += f" - round {game.round}"
    draw.text((12, 8), title[:56], fill=_INK, font=big)
    draw.text((12, 34), f"{game.total}", fill=_MARK, font=huge)
    way = "clockwise ->" if game.direction == 1 else "<- anticlockwise"
    draw.text((110, 40), f"total   {way}", fill=_INK, font=big)
    draw.text((110, 62), f"draw pile: {game.draw_pile_size}", fill=_DIM, font=small)
    played = game.discard_pile[-6:]
    x = width - 12 - 6 * (_CARD[0] + 4)
    draw.text((x, 12 + _CARD[1]), "last played (newest right)", fill=_DIM, font=small)
    for k, card in enumerate(played):
        _card(draw, (x + k * (_CARD[0] + 4), 8), names[card], small)
    _seats(draw, game, seat, names, (small, big))
    return np.asarray(picture, dtype=np.uint8)


def _seats(
    draw: Any, game: Game, seat: int | None, names: dict[str, str], fonts: tuple[Any, Any]
) -> None:
    """A row per seat: who, tokens or points, out or to move, and the cards."""
    small, big = fonts
    scoring = game.variant.match.scoring
    for player in range(game.players):
        top = _HEAD + player * _ROW
        hand = game.hand(player)
        label = f"player {player}"
        if scoring == "tokens":
            label += f"  {game.tokens[player]} tokens"
        elif scoring == "points":
            label += f"  {game.scores[player]} points"
        if not game.in_game[player]:
            status = "out of the game"
        elif not game.in_round[player]:
            status = "out of this round"
        elif not game.is_over and player == game.current_player:
            status = "to move"
        else:
            status = ""
        colour = _MARK if status == "to move" else _INK
        draw.text((12, top + 14), label, fill=colour, font=big)
        draw.text((12, top + 36), status, fill=colour if status == "to move" else _DIM, font=small)
        for k, card in enumerate(hand[:10]):
            spot = (200 + k * (_CARD[0] + 4), top + 4)
            if player == seat:
                _card(draw, spot, names[card], small)
            else:
                _back(draw, spot)
        if len(hand) > 10:
            draw.text((200 + 10 * (_CARD[0] + 4), top + 24), f"+{len(hand) - 10}", fill=_INK)


def _card(draw: Any, spot: tuple[int, int], name: str, font: Any) -> None:
    """A card face up at ``spot``: its name, wrapped."""
    x, y = spot
    draw.rounded_rectangle((x, y, x + _CARD[0], y + _CARD[1]), 5, fill=_FACE, outline=_EDGE)
    lines = _wrap(escape_line(name), 7)[:3]
    for k, line in enumerate(lines):
        draw.text((x + 4, y + 5 + 15 * k), line, fill=_EDGE, font=font)


def _back(draw: Any, spot: tuple[int, int]) -> None:
    """A card face down at ``spot``."""
    x, y = spot
    draw.rounded_rectangle((x, y, x + _CARD[0], y + _CARD[1]), 5, fill=_BACK, outline=_EDGE)
    draw.rounded_rectangle((x + 5, y + 5, x + _CARD[0] - 5, y + _CARD[1] - 5), 3, outline=_INK)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces where it can be."""
    lines: list[str] = []
    for word in text.split():
        rest = word
        while len(rest) > width:
            lines.append(rest[:width])
            rest = rest[width:]
        if lines and len(lines[-1]) + 1 + len(rest) <= width:
            lines[-1] += " " + rest
        elif rest:
            lines.append(rest)
    return lines or [""]
