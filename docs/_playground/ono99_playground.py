"""The playground's Python: what the page asks of ono99, answered as plain data.

The playground page (``docs/playground.rst``) runs this module in the browser,
in Pyodide inside a Web Worker (``worker.mjs``), beside the ``ono99`` wheel.
The page sends a request as JSON, ``{"call": NAME, "args": {...}}``, to
:meth:`Playground.handle` and gets JSON back: strings, numbers, lists and
objects of them, which the page puts into the document as text only
(``textContent``), so nothing from a file is ever read as HTML.

Only the public API of ono99 is used here (and the engine face's
``second_person`` and ``crib_shown``, with which ``ono99 play`` speaks to the
person and tells the crib at the show). The calls:

``check``
    The findings of :func:`ono99.check_file` on the edited file, each as
    ``ono99 validate`` prints it with the line of the file its key path names,
    and its summary line when it loads.
``rulebook``
    The file's rulebook (:func:`ono99.rulebook`), as titled blocks of text,
    with the house rules that fit the file and the number of players it
    allows.
``new_game``, ``move`` and ``lay_away``
    A game against the built-in players, told turn by turn as ``ono99 play``
    tells it (:func:`ono99.describe_event`), with the legal moves to click;
    where cards are laid away into a crib, the hand's cards to choose, then
    confirm (``lay_away``, the cards by their places in the hand).
``simulate``
    :func:`ono99.simulate` between chosen strategies: wins by seat and by
    strategy, and the report ``ono99 simulate`` prints.
``profile``
    A small design profile of the file (:func:`ono99.analyse`): every figure
    with its 95% interval, and the headline figures in words.
``link`` and ``open``
    A file and its house rules packed into the fragment of a link, and back.

The edited file is a variant (``kind`` ``"variant"``, the default), or a
house rule (``kind`` ``"house-rule"``) laid over the shipped variant ``over``
names, as ``ono99 validate VARIANT --house-rule RULE`` checks it and
``--house-rule`` plays it; the shipped house rules ticked are laid first.

An :class:`ono99.Ono99Error` (a file with problems, an illegal setting)
answers ``{"error": message}``.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import random
import re
import time
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ono99
from ono99 import events

# As ono99 play tells them: a line to the person ("you"), the crib at the show.
from ono99.engine import crib_shown, second_person

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    Progress = Callable[[int, int], object]

__all__ = [
    "FILE",
    "MAX_GAMES",
    "MAX_PROFILE_GAMES",
    "RULE_FILE",
    "Playground",
    "key_lines",
    "line_of",
    "open_link",
    "pack_link",
    "rulebook_blocks",
    "unpack_link",
]

FILE = "variant.toml"
"""The name the edited file has, in messages (``variant.toml: error: ...``)."""

RULE_FILE = "house-rule.toml"
"""The name the edited file has when it is a house rule."""

KINDS = {"variant": FILE, "house-rule": RULE_FILE}
"""What the edited file may be, and the name it has as each."""

MAX_GAMES = 10_000
"""The most games one simulation may play (a page is no batch job)."""

MAX_PROFILE_GAMES = 2_000
"""The most games of a profile's main section (each card plays a quarter as many)."""

MAX_LINK_TEXT = 1_000_000
"""The most bytes a link may unpack to: a variant file is a few thousand."""

_LINK_VERSION = 1


class Playground:
    """Answers the page's requests; holds the edited file and the game being played.

    Args:
        folder: Where the edited file is written. The page's worker makes a
            fresh folder its working folder and passes ``Path()``, so that
            messages name the file as ``variant.toml``.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path()
        self.path = self.folder / FILE
        self._texts: dict[str, str] = {}
        self._written = 0
        self._table: _Table | None = None

    def handle(self, request: str, progress: Progress | None = None) -> str:
        """Answer one request (JSON) with JSON.

        Args:
            request: ``{"call": NAME, "args": {...}}``.
            progress: Called as ``progress(games_done, games)`` while a
                simulation runs.

        >>> import json
        >>> page = Playground()
        >>> answer = json.loads(page.handle('{"call": "open", "args": {"fragment": "x"}}'))
        >>> answer["error"]
        'this link holds no playground file: it may have been cut short'
        """
        try:
            try:
                data = json.loads(request)
            except ValueError:
                raise _BadRequestError("not JSON") from None
            if not isinstance(data, dict) or not isinstance(data.get("call"), str):
                raise _BadRequestError("expected {'call': NAME, 'args': {...}}")
            args = data.get("args", {})
            if not isinstance(args, dict):
                raise _BadRequestError("args must be an object")
            answer = self._answer(data["call"], _Args(args), progress)
        except ono99.Ono99Error as exc:
            answer = {"error": str(exc)}
        except _BadRequestError as exc:
            answer = {"error": f"bad request: {exc}"}
        return json.dumps(answer)

    def _answer(self, call: str, args: _Args, progress: Progress | None) -> dict[str, Any]:
        kind, over = args.kind(), args.over()
        if call == "check":
            return self.check(args.text("text"), kind=kind, over=over)
        if call == "rulebook":
            return self.rulebook(args.text("text"), args.names("house_rules"), kind, over)
        if call == "new_game":
            return self.new_game(
                args.text("text"),
                args.names("house_rules"),
                players=args.number("players"),
                opponent=args.text("opponent"),
                seed=args.seed(),
                kind=kind,
                over=over,
            )
        if call == "move":
            return self.move(args.number("index"))
        if call == "lay_away":
            return self.lay_away(args.numbers("cards"))
        if call == "simulate":
            return self.simulate(
                args.text("text"),
                args.names("house_rules"),
                players=args.number("players"),
                games=args.number("games"),
                strategies=args.names("strategies"),
                seed=args.seed(),
                rotate=args.flag("rotate"),
                progress=progress,
                kind=kind,
                over=over,
            )
        if call == "profile":
            return self.profile(
                args.text("text"),
                args.names("house_rules"),
                players=args.number("players"),
                games=args.number("games"),
                seed=args.seed(),
                kind=kind,
                over=over,
                progress=progress,
            )
        if call == "link":
            text, rules = args.text("text"), args.names("house_rules")
            return {"fragment": pack_link(text, rules, kind=kind, over=over)}
        if call == "open":
            return open_link(args.text("fragment"))
        raise _BadRequestError(f"no call named {call!r}")

    # ---------------------------------------------------------------- the file

    def write(self, text: str, kind: str = "variant") -> Path:
        """Write the edited file (when it changed) and return its path.

        A variant is ``variant.toml``, a house rule ``house-rule.toml``. Every
        write gets a later modification time than the one before, even within
        one tick of the clock, so the library reads it again.
        """
        path = self.folder / KINDS[kind]
        if text != self._texts.get(kind):
            path.write_text(text, encoding="utf-8")
            self._written = max(time.time_ns(), self._written + 1_000_000)
            os.utime(path, ns=(self._written, self._written))
            self._texts[kind] = text
        return path

    def load(
        self,
        text: str,
        house_rules: Sequence[str] = (),
        kind: str = "variant",
        over: str | None = None,
    ) -> ono99.Variant:
        """The variant the edited file makes, with shipped house rules laid over it.

        A house rule (``kind`` ``"house-rule"``) is laid over the shipped
        variant ``over``, after the ticked ``house_rules``.

        Raises:
            ArgumentError: If a house rule is not a shipped one (by its id), or
                ``over`` not a shipped variant.
            VariantError: As :func:`ono99.load_variant` does, naming the edited
                file ``variant.toml`` (or ``house-rule.toml``) rather than by
                its full path.
        """
        shipped = ono99.list_house_rules()
        for name in house_rules:
            if name not in shipped:
                # A link may name anything: only the shipped house rules are laid over.
                raise ono99.ArgumentError(
                    "house_rules", f"expected shipped house rules, got {name!r}"
                )
        path = self.write(text, kind)
        try:
            if kind == "house-rule":
                return ono99.load_variant(_shipped(over), house_rules=[*house_rules, path])
            return ono99.load_variant(path, house_rules=list(house_rules))
        except ono99.VariantError as exc:
            if exc.source and Path(exc.source).resolve() == path.resolve():
                problems = [p.replace(f"{path.resolve()}: ", "") for p in exc.problems]
                raise ono99.VariantError(problems, KINDS[kind]) from None
            raise

    def check(self, text: str, kind: str = "variant", over: str | None = None) -> dict[str, Any]:
        """What ``ono99 validate variant.toml`` reports on the edited file.

        A house rule is checked as ``ono99 validate VARIANT --house-rule
        house-rule.toml`` checks it: laid over the variant ``over``.

        Returns:
            ``findings``: each with its ``level``, key ``path``, ``message``,
            the ``line`` the command prints, and ``row``: the line of the file
            its key path names (from 1; ``None`` for the whole file);
            ``summary``: the command's closing line when the file has no
            error, else ``""``.
        """
        path = self.write(text, kind)
        if kind == "house-rule":
            found = ono99.check_file(path, kind="house-rule", over=[_shipped(over)])
        else:
            found = ono99.check_file(path, kind="variant")
        rows = key_lines(text)
        findings = [
            {
                "level": f.level,
                "path": f.path,
                "message": f.message,
                "line": _named(str(f), f.file, path, KINDS[kind]),
                "row": line_of(f.path, rows) or _syntax_line(f.message),
            }
            for f in found
        ]
        summary = ""
        if not any(f.level == "error" for f in found):
            warnings = len(found)
            notes = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
            if kind == "house-rule":
                rule = ono99.load_house_rule(path)
                summary = (
                    f"{RULE_FILE}: ok (house rule {rule.id}, setting {', '.join(rule.keys)}"
                    f"{notes}), laid over {_shipped(over)}"
                )
            else:
                variant = self.load(text)
                summary = (
                    f"{FILE}: ok (variant {variant.id}, {len(variant.cards)} kinds of card, "
                    f"{variant.deck_size} cards{notes})"
                )
        return {"findings": findings, "summary": summary}

    def rulebook(
        self,
        text: str,
        house_rules: Sequence[str],
        kind: str = "variant",
        over: str | None = None,
    ) -> dict[str, Any]:
        """The rulebook of the edited file with ``house_rules``, and what the page offers with it.

        Returns:
            ``id``, ``name``; ``players``: the fewest and most players;
            ``blocks``: the rulebook (see :func:`rulebook_blocks`);
            ``house_rules``: the shipped house rules that fit the file, each
            with its ``id``, ``name`` and ``description``; ``strategies``: the
            built-in players' names.
        """
        variant = self.load(text, house_rules, kind, over)
        fitting = []
        under = _shipped(over) if kind == "house-rule" else self.path
        for rule_id in ono99.list_house_rules(fits=under):
            rule = ono99.load_house_rule(rule_id)
            fitting.append({"id": rule.id, "name": rule.name, "description": rule.description})
        return {
            "id": variant.id,
            "name": variant.name,
            "players": [variant.players.min, variant.players.max],
            "blocks": rulebook_blocks(ono99.rulebook(variant)),
            "house_rules": fitting,
            "strategies": list(ono99.list_strategies()),
        }

    # ----------------------------------------------------------------- a game

    def new_game(
        self,
        text: str,
        house_rules: Sequence[str],
        *,
        players: int,
        opponent: str,
        seed: int | None,
        kind: str = "variant",
        over: str | None = None,
    ) -> dict[str, Any]:
        """Deal a game in which the page's reader is player 0, against ``opponent`` players.

        Returns:
            The game as :meth:`move` returns it.
        """
        variant = self.load(text, house_rules, kind, over)
        if seed is None:
            seed = random.randrange(1_000_000)
        strategy = _strategy(opponent)
        game = ono99.Game(variant, players, seed)
        bots = {seat: ono99.make_player(strategy, seed + seat) for seat in range(1, players)}
        self._table = _Table(game, bots)
        kind = f"{players - 1} {opponent} player{'s' if players > 2 else ''}"
        first = f"{variant.name}: you are player 0, against {kind} (seed {seed})."
        return self._table.advance([_line(first, "title"), *self._table.told(game.events)])

    def move(self, index: int) -> dict[str, Any]:
        """Play the legal move at ``index`` (in the list last answered), then the others' turns.

        Returns:
            ``lines``: what happened since the last answer, each ``text``
            with a ``kind`` for its colour (``title``, ``round``, ``you``,
            ``out``, ``end`` or ``""``); ``moves``: the moves made so far;
            ``over``; then, while the game goes on, ``status``: lines about
            the table, ``hand`` and ``choices``: the legal moves in words;
            once it is over, ``winner`` and ``result``.
        """
        if self._table is None:
            raise _BadRequestError("no game is being played: start one")
        return self._table.play(index)

    def lay_away(self, cards: Sequence[int]) -> dict[str, Any]:
        """Lay the hand's cards at places ``cards`` (from 0) away into the crib, then play on.

        "Each player looks at their six cards and 'lays away' two of them face
        down" (Bicycle Cards, Cribbage): one :class:`ono99.PutAside` of the
        cards chosen. A wrong count, or no put-aside asked for now, answers
        ``{"error": ...}`` with the game's own reason, and nothing is played.

        Returns:
            The game as :meth:`move` returns it.
        """
        if self._table is None:
            raise _BadRequestError("no game is being played: start one")
        return self._table.lay_away(cards)

    # ------------------------------------------------------------- simulation

    def simulate(
        self,
        text: str,
        house_rules: Sequence[str],
        *,
        players: int,
        games: int,
        strategies: Sequence[str],
        seed: int | None,
        rotate: bool = False,
        progress: Progress | None = None,
        kind: str = "variant",
        over: str | None = None,
    ) -> dict[str, Any]:
        """Play ``games`` games between ``strategies`` (one, or one per seat), here.

        Returns:
            ``games``, ``seed``; ``seats`` and ``strategies``: each a row with
            its ``label``, ``strategy`` (for a seat), ``seats`` (for a
            strategy), ``wins``, ``rate``, ``interval`` (the 95% confidence
            interval), ``fair`` (its share if all were equal) and ``text``;
            ``report``: the tables ``ono99 simulate`` prints.
        """
        if not 1 <= games <= MAX_GAMES:
            raise ono99.ArgumentError("games", f"expected 1 to {MAX_GAMES:,}, got {games}")
        variant = self.load(text, house_rules, kind, over)
        if seed is None:
            seed = random.randrange(1_000_000)
        chosen = [_strategy(name) for name in strategies] or ["cautious"]
        result = ono99.simulate(
            variant,
            players=players,
            games=games,
            strategies=chosen if len(chosen) > 1 else chosen[0],
            seed=seed,
            jobs=1,
            rotate=rotate,
            progress=progress,
        )

        def row(rate: ono99.WinRate, strategy: str | None = None) -> dict[str, Any]:
            low, high = rate.interval
            data: dict[str, Any] = {
                "label": rate.label,
                "seats": rate.seats,
                "wins": rate.wins,
                "games": rate.games,
                "rate": rate.rate,
                "interval": [low, high],
                "fair": rate.fair,
                "text": str(rate),
            }
            if strategy is not None:
                data["strategy"] = strategy
            return data

        return {
            "games": result.games,
            "seed": result.seed,
            "players": result.players,
            "seats": [
                row(rate, None if rotate else result.strategies[seat])
                for seat, rate in enumerate(result.by_seat)
            ],
            "strategies": [row(rate) for rate in result.by_strategy],
            "report": result.table(),
        }

    def profile(
        self,
        text: str,
        house_rules: Sequence[str],
        *,
        players: int,
        games: int,
        seed: int | None,
        kind: str = "variant",
        over: str | None = None,
        progress: Progress | None = None,
    ) -> dict[str, Any]:
        """A small design profile of the file, played here (:func:`ono99.analyse`).

        ``games`` games of cautious players (and of the cautious rung of the
        skill ladder), a tenth as many (at least 2) for each rung with a
        search player, a quarter (at least 4) for card importance. A house
        rule (``kind`` ``"house-rule"``) is profiled as ``ono99 analyse
        VARIANT --house-rule FILE`` does: the variant ``over`` (with the
        ticked house rules) without and with it, side by side, on one seed.

        Returns:
            ``games``, ``search_games``, ``importance_games``, ``seed``,
            ``players``; ``figures``: every figure of the profile, each with
            its ``figure`` name, ``kind``, ``value``, ``low`` and ``high`` (the
            95% interval) and ``text``; ``summary``: the headline figures as
            ``[name, value]`` in words, as the rulebook pages show them. For
            a house rule, those of the variant with it, and ``compared``:
            the variant's id, and ``side_by_side``, each figure's ``figure``,
            ``base`` and ``other`` (in words), ``difference`` (with its 95%
            interval, in words) and ``significant`` (Benjamini-Hochberg, at a
            false discovery rate of 5%). ``progress`` is called with the
            games played of all the profiles' games.
        """
        if not 1 <= games <= MAX_PROFILE_GAMES:
            raise ono99.ArgumentError("games", f"expected 1 to {MAX_PROFILE_GAMES:,}, got {games}")
        variant = self.load(text, house_rules, kind, over)
        variants = [variant]
        if kind == "house-rule":
            variants.insert(0, ono99.load_variant(_shipped(over), house_rules=list(house_rules)))
        if seed is None:
            seed = random.randrange(1_000_000)
        search_games = max(2, games // 10)
        importance_games = max(4, games // 4)
        total = 0
        for each in variants:
            kinds = sum(1 for card in each.cards if card.count > 0)
            total += 2 * games + 2 * search_games + (kinds + 1) * importance_games
        done: dict[tuple[int, str], int] = {}
        profiles = []
        for index, each in enumerate(variants):

            def moved(section: str, played: int, _games: int, index: int = index) -> None:
                done[index, section] = played
                if progress is not None:
                    progress(sum(done.values()), total)

            profiles.append(
                ono99.analyse(
                    each,
                    players=players,
                    games=games,
                    search_games=search_games,
                    importance_games=importance_games,
                    seed=seed,
                    jobs=1,
                    progress=moved,
                )
            )
        profile = profiles[-1]
        answer: dict[str, Any] = {
            "games": profile.games,
            "search_games": profile.search_games,
            "importance_games": profile.importance_games,
            "seed": profile.seed,
            "players": profile.players,
            "figures": [
                {
                    "figure": name,
                    "kind": estimate.kind,
                    "value": estimate.value,
                    "low": estimate.low,
                    "high": estimate.high,
                    "text": str(estimate),
                }
                for name, estimate in profile.figures().items()
            ],
            "summary": [list(pair) for pair in profile.summary()],
        }
        if len(profiles) > 1:
            base = profiles[0]
            answer["compared"] = base.variant
            answer["side_by_side"] = [
                {
                    "figure": d.figure,
                    "base": str(d.base),
                    "other": str(d.other),
                    "difference": _difference_text(d),
                    "significant": d.significant,
                }
                for d in base.differences(profile)
            ]
        return answer


def _difference_text(d: ono99.Difference) -> str:
    """A difference and its interval in words: points for shares, as they are for others."""
    if d.base.kind in {"rate", "share", "difference"}:
        return f"{d.difference * 100:+.1f} points ({d.low * 100:+.1f} to {d.high * 100:+.1f})"
    return f"{d.difference:+.2f} ({d.low:+.2f} to {d.high:+.2f})"


class _Table:
    """A game being played: player 0 is the page's reader, the other seats are bots."""

    def __init__(self, game: ono99.Game, bots: dict[int, ono99.Player]) -> None:
        self.game = game
        self.bots = bots
        self.choices: tuple[ono99.Move, ...] = ()
        self.before: ono99.Game | None = None  # before the move told: its crib, for the show

    def told(self, happened: Sequence[events.Event]) -> list[dict[str, str]]:
        """The events as player 0 is told them by ``ono99 play``."""
        lines = []
        for at, event in enumerate(happened):
            if isinstance(event, events.GameWon):
                continue  # said once, at the end
            if isinstance(event, events.RoundEnded) and self.before is not None:
                # Not where the round was cut short by a target reached at once.
                cut = at + 1 < len(happened) and isinstance(happened[at + 1], events.GameWon)
                shown = None if cut else crib_shown(self.before)
                if shown is not None:
                    owner, cards, points = shown
                    whose = "Your" if owner == 0 else f"Player {owner}'s"
                    names = ", ".join(self.game.variant.card(card).name for card in cards)
                    zone = self.game.variant.deal.put_aside_to
                    text = f"{whose} {zone}: {names}. It scores {points} of the points above."
                    lines.append(_line(text, "you" if owner == 0 else ""))
            text = ono99.describe_event(event, self.game.variant, seat=0)
            if text is not None:
                lines.append(_line(text, _kind(event, text)))
            if isinstance(event, events.RoundStarted) and _lays_away(self.game):
                lines.append(_line(_crib_owner(self.game, event.dealer) + "."))
        return lines

    def lay_away(self, places: Sequence[int]) -> dict[str, Any]:
        game = self.game
        hand = game.hand(0)
        if game.is_over:
            raise _BadRequestError("the game is over: start another")
        if self.choices:  # the moves listed are plays: nothing is laid away now
            raise _BadRequestError("no cards are laid away now: choose one of the moves")
        if len(set(places)) != len(places) or not all(0 <= p < len(hand) for p in places):
            last = len(hand) - 1
            raise _BadRequestError(f"cards must be different places in the hand, 0 to {last}")
        move = ono99.PutAside(tuple(hand[p] for p in places))
        reason = game.why_illegal(move)
        if reason is not None:
            return {"error": f"Not that: {second_person(reason, 0)}."}
        return self.advance(self.told(self._play(move)))

    def play(self, index: int) -> dict[str, Any]:
        if self.game.is_over:
            raise _BadRequestError("the game is over: start another")
        if not 0 <= index < len(self.choices):
            raise _BadRequestError(f"no move {index}: choose one of the {len(self.choices)}")
        return self.advance(self.told(self._play(self.choices[index])))

    def _play(self, move: ono99.Move) -> tuple[events.Event, ...]:
        """Play ``move``, keeping the game as it was where a crib may be shown."""
        self.before = self.game.copy() if _lays_away(self.game) else None
        return self.game.play(move)

    def advance(self, lines: list[dict[str, str]]) -> dict[str, Any]:
        """Let the bots play until it is player 0's turn or the game is over."""
        game = self.game
        while not game.is_over and game.current_player != 0:
            seat = game.current_player
            lines += self.told(self._play(self.bots[seat].choose(game.observation(seat))))
        answer: dict[str, Any] = {"lines": lines, "moves": len(game.moves), "over": game.is_over}
        if game.is_over:
            self.choices = ()
            answer["winner"] = game.winner
            answer["result"] = _result(game)
            return answer
        self.choices = game.legal_moves()
        answer["status"] = self.status()
        answer["hand"] = ", ".join(self.game.variant.card(c).name for c in game.hand(0))
        if isinstance(self.choices[0], ono99.PutAside):
            # The hand's cards to choose from, then a confirm: not each way to choose.
            answer["laying"] = {
                "count": len(self.choices[0].cards),
                "zone": game.variant.deal.put_aside_to,
                "cards": [game.variant.card(c).name for c in game.hand(0)],
            }
            self.choices = ()
        answer["choices"] = [self.choice(move) for move in self.choices]
        return answer

    def status(self) -> list[str]:
        """Where the game stands, as ``ono99 play`` says it before asking for a move."""
        game = self.game
        way = "clockwise" if game.direction == 1 else "counter-clockwise"
        lines = [f"Round {game.round}, total {game.total}, play goes {way}. Your turn."]
        legal = game.legal_moves()
        if legal and isinstance(legal[0], ono99.PutAside):
            count = len(legal[0].cards)
            cards = "a card" if count == 1 else f"{count} cards"
            lines[0] = f"Round {game.round}: lay {cards} away. {_crib_owner(game, game.dealer)}."
        if game.plays_owed > 1:
            lines.append(f"You must make {game.plays_owed} more plays this turn.")
        reaction = game.reaction
        if reaction is not None:  # aimed at player 0, out of turn
            lines[0] = f"Round {game.round}, total {game.total}. You may answer now."
            card = game.variant.card(reaction.card).name
            lines.append(
                f"Player {reaction.by} aims {reaction.what} at you with {card}: answer "
                "with a card that may, or decline and take it."
            )
        others = []
        for seat in range(1, game.players):
            state = ""
            if not game.in_round[seat]:
                state = ", out of the round" if game.in_game[seat] else ", out"
            others.append(f"player {seat}: {game.hand_sizes[seat]} cards{state}")
        lines.append("Others: " + "; ".join(others) + ".")
        scoring = game.variant.match.scoring
        if scoring in ("tokens", "points"):
            counts = game.tokens if scoring == "tokens" else game.scores
            who = ", ".join(
                f"{'you' if seat == 0 else f'player {seat}'}: {count}"
                for seat, count in enumerate(counts)
            )
            lines.append(f"{'Tokens' if scoring == 'tokens' else 'Scores'}: {who}")
        partners = [s for team in game.teams if 0 in team for s in team if s != 0]
        if partners:
            lines.append(f"Your partner: player {' and player '.join(map(str, partners))}.")
        if game.starter is not None:
            lines.append(f"The starter: {game.variant.card(game.starter).name}.")
        return lines

    def choice(self, move: ono99.Move) -> str:
        """A legal move in words, with the total it leaves, as ``ono99 play`` lists it."""
        variant = self.game.variant
        reaction = self.game.reaction
        if isinstance(move, ono99.Decline):
            what = reaction.what if reaction is not None else "it"
            return f"Decline: take {what} (total {self.game.total})"
        if isinstance(move, ono99.Redraw):
            card = variant.redraw.card if variant.redraw is not None else None
            name = variant.card(card).name if card is not None else "redraw"
            return f"Redraw: discard your {name} cards and draw anew"
        if reaction is not None:  # an answer is the card alone: its effects do not act
            return f"Answer with {variant.card(move.card).name} (total {self.game.total})"
        what = variant.card(move.card).name
        if move.amount is not None:
            signed = any(
                isinstance(other, ono99.Play)
                and other.card == move.card
                and other.amount is not None
                and other.amount < 0
                for other in self.choices
            )
            what += f" as {move.amount:+d}" if signed else f" for {move.amount}"
        if move.target is not None:
            what += f", naming player {move.target}"  # what for, the card says
        if move.declare is not None:
            what += f", declaring {move.declare}"
        # The total it leaves: the move played on a copy of the game.
        after = next(
            (e.total for e in self.game.copy().play(move) if isinstance(e, events.Played)),
            self.game.total,
        )
        return f"{what} (total {after})"


def _lays_away(game: ono99.Game) -> bool:
    """Whether cards are laid away into a crib at this table's deals."""
    deal = game.variant.deal
    return bool(deal.put_aside_for(game.players) or deal.from_stock_for(game.players))


def _crib_owner(game: ono99.Game, owner: int) -> str:
    """Whose the crib is, said to player 0, as ``ono99 play`` says it."""
    whose = "yours" if owner == 0 else f"player {owner}'s"
    return f"The {game.variant.deal.put_aside_to} is {whose}"


def _result(game: ono99.Game) -> str:
    """Who won, said to player 0: partners win together (:attr:`ono99.Game.winners`)."""
    winners = game.winners
    if 0 in winners:
        partners = [seat for seat in winners if seat != 0]
        if partners:
            named = " and ".join(f"player {seat}" for seat in partners)
            return f"You and your partner, {named}, win the game!"
        return "You win the game!"
    if len(winners) > 1:
        named = " and ".join(f"player {seat}" for seat in winners)
        return f"{named[0].upper()}{named[1:]} win the game. Better luck next time."
    return f"Player {game.winner} wins the game. Better luck next time."


def _line(text: str, kind: str = "") -> dict[str, str]:
    return {"text": text, "kind": kind}


def _kind(event: events.Event, text: str) -> str:
    """How ``ono99 play`` colours a line: a round's start, a player out, a round's end, yours."""
    if isinstance(event, events.RoundStarted):
        return "round"
    if isinstance(event, events.Busted | events.Stuck | events.LaidDown | events.Eliminated):
        return "out"
    if isinstance(event, events.RoundEnded):
        return "end"
    return "you" if text.startswith("You ") else ""


def _strategy(name: str) -> str:
    """A built-in strategy's name (the page offers no other: no MODULE:CLASS)."""
    known = ono99.list_strategies()
    if name not in known:
        raise ono99.ArgumentError("strategy", f"expected one of {', '.join(known)}, got {name!r}")
    return name


# -------------------------------------------------------------- the rulebook


def rulebook_blocks(text: str) -> list[dict[str, str]]:
    r"""The plain-text rulebook (:func:`ono99.rulebook`) as blocks the page lays out.

    Each block is ``{"kind": ..., "text": ...}``: a ``title`` (underlined with
    ``=``), a ``heading`` (underlined with ``-``), an ``item`` (a line starting
    with ``- ``, with its indented continuation lines) or a ``paragraph``;
    lines wrapped for the terminal are joined again.

    >>> rulebook_blocks("Title\n=====\n\nSome words\nwrapped.\n\n- An item\n  wrapped.\n")
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'kind': 'title', 'text': 'Title'}, {'kind': 'paragraph', 'text': 'Some words wrapped.'},
     {'kind': 'item', 'text': 'An item wrapped.'}]
    """
    lines = text.splitlines()
    blocks: list[dict[str, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        under = lines[i + 1] if i + 1 < len(lines) else ""
        if not line.strip():
            i += 1
        elif under and len(under) == len(line) and set(under) in ({"="}, {"-"}):
            kind = "title" if under[0] == "=" else "heading"
            blocks.append({"kind": kind, "text": line.strip()})
            i += 2
        elif line.startswith("- "):
            parts = [line[2:].strip()]
            i += 1
            while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                parts.append(lines[i].strip())
                i += 1
            blocks.append({"kind": "item", "text": " ".join(parts)})
        else:
            parts = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("- "):
                parts.append(lines[i].strip())
                i += 1
            blocks.append({"kind": "paragraph", "text": " ".join(parts)})
    return blocks


# ------------------------------------------------------------------- links


def pack_link(
    text: str, house_rules: Sequence[str] = (), *, kind: str = "variant", over: str | None = None
) -> str:
    r"""A file and its house rules as the fragment of a link (after ``#file=``).

    The JSON of both, compressed with zlib and written in URL-safe base64:
    the link holds the whole file, so it opens the same game anywhere. A house
    rule's link also holds the variant it is laid over.

    >>> unpack_link(pack_link('name = "Mine"\n', ["floor-zero"]))
    ('name = "Mine"\n', ('floor-zero',))
    >>> link = pack_link("[total]\nbust = 100\n", kind="house-rule", over="ono99-1980")
    >>> opened = open_link(link)
    >>> opened["text"], opened["kind"], opened["over"]
    ('[total]\nbust = 100\n', 'house-rule', 'ono99-1980')
    """
    data: dict[str, Any] = {"v": _LINK_VERSION, "file": text, "house_rules": list(house_rules)}
    if kind == "house-rule":
        data |= {"kind": kind, "over": _shipped(over)}
    packed = zlib.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack_link(fragment: str) -> tuple[str, tuple[str, ...]]:
    """The file and house rules a link's fragment holds (see :func:`pack_link`).

    Raises:
        Ono99Error: If the fragment holds no such thing (cut short, say),
            or would unpack to more than :data:`MAX_LINK_TEXT` bytes.
    """
    opened = open_link(fragment)
    return opened["text"], tuple(opened["house_rules"])


def open_link(fragment: str) -> dict[str, Any]:
    """What a link's fragment holds: ``text``, ``house_rules``, ``kind`` and ``over``.

    ``kind`` is ``"variant"`` (``over`` ``None``) for a link made before house
    rules could be edited, or without one.

    Raises:
        Ono99Error: As :func:`unpack_link`.
    """
    broken = ono99.Ono99Error("this link holds no playground file: it may have been cut short")
    if fragment.startswith("file="):
        fragment = fragment[len("file=") :]
    try:
        packed = base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_LINK_TEXT)
        if unpacker.unconsumed_tail:
            raise ono99.Ono99Error(f"this link unpacks to more than {MAX_LINK_TEXT:,} bytes")
        if not unpacker.eof:
            raise broken
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise broken from None
    if not isinstance(data, dict):
        raise broken
    text, rules = data.get("file"), data.get("house_rules", [])
    if not isinstance(text, str) or not isinstance(rules, list):
        raise broken
    if not all(isinstance(rule, str) for rule in rules):
        raise broken
    kind, over = data.get("kind", "variant"), data.get("over")
    if kind not in KINDS or (kind == "house-rule") != isinstance(over, str):
        raise broken
    return {"text": text, "house_rules": list(rules), "kind": kind, "over": over}


def _named(line: str, file: str, path: Path, name: str) -> str:
    """A finding's line with the edited file called by its name, never by its full path."""
    if file != name and Path(file).resolve() == path.resolve():
        return name + line[len(file) :]
    return line


def _shipped(name: str | None) -> str:
    """The shipped variant a house rule is laid over, by its id.

    Raises:
        ArgumentError: If ``name`` names none (a link may say anything).
    """
    if name is None or name not in ono99.list_variants(aliases=True):
        raise ono99.ArgumentError("over", f"expected a shipped variant's id, got {name!r}")
    return name


# -------------------------------------------------------------- key paths

# One key of a dotted key: bare, or quoted as TOML quotes it.
_KEY = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = re.compile(rf"{_KEY}(?:\s*\.\s*{_KEY})*")
_PART = re.compile(_KEY)


def _path(dotted: str) -> str:
    """A dotted key as the loader writes key paths: bare keys bare, others in quotes."""
    parts = []
    for match in _PART.finditer(dotted):
        part = match.group()
        if part[0] == "'":
            part = part[1:-1]
        elif part[0] == '"':
            part = json.loads(part)
        bare = re.fullmatch(r"[A-Za-z0-9_-]+", part) is not None
        parts.append(part if bare else json.dumps(part, ensure_ascii=False))
    return ".".join(parts)


def key_lines(text: str) -> dict[str, int]:
    r"""Each table and key a TOML file writes, by key path, to the line (from 1) it is on.

    An array of tables is counted as the loader counts it (``triggers[1]``).
    Lines inside a multi-line string are not read as keys.

    >>> lines = key_lines('id = "x"\n[cards.ace]\ncount = 4\n[[triggers]]\ntype = "x"\n')
    >>> lines["cards.ace"], lines["cards.ace.count"], lines["triggers[0].type"]
    (2, 3, 5)
    """
    found: dict[str, int] = {}
    table, arrays, quote = "", {}, None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if quote is not None:  # inside a multi-line string
            if line.count(quote) % 2:
                quote = None
            continue
        if not line or line.startswith("#"):
            continue
        header = re.match(rf"\[\[\s*({_DOTTED.pattern})\s*\]\]", line) or re.match(
            rf"\[\s*({_DOTTED.pattern})\s*\]", line
        )
        if header is not None:
            name = _path(header.group(1))
            if line.startswith("[["):
                arrays[name] = arrays.get(name, -1) + 1
                found.setdefault(name, number)
                name = f"{name}[{arrays[name]}]"
            table = name
            found.setdefault(table, number)
            continue
        key = re.match(rf"({_DOTTED.pattern})\s*=", line)
        if key is not None:
            path = _path(key.group(1))
            found.setdefault(f"{table}.{path}" if table else path, number)
            rest = line[key.end() :]
            for mark in ('"""', "'''"):
                if rest.count(mark) % 2:
                    quote = mark
    return found


def line_of(path: str, lines: dict[str, int]) -> int | None:
    """The line of the most specific part of ``path`` the file writes, or ``None``.

    ``cards.ace.effects[0].amount`` is on the line of ``cards.ace.effects`` when
    the effects are an inline array; a key the file lacks (``name: missing
    required key``) is on the line of its table, or on none.

    >>> line_of("cards.ace.effects[0].amount", {"cards.ace": 2, "cards.ace.effects": 3})
    3
    >>> line_of("name", {"cards.ace": 2}) is None
    True
    """
    while path:
        if path in lines:
            return lines[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return None


def _syntax_line(message: str) -> int | None:
    """The line a TOML syntax error names (``invalid TOML at line 5, ...``), or ``None``.

    >>> _syntax_line("invalid TOML at line 5, column 27: Invalid value"), _syntax_line("x")
    (5, None)
    """
    found = re.match(r"invalid TOML at line (\d+),", message)
    return int(found.group(1)) if found else None


# ----------------------------------------------------------------- requests


class _BadRequestError(Exception):
    """A request the page should never send."""


class _Args:
    """A request's arguments, each checked for its type as it is read."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def text(self, name: str) -> str:
        value = self.data.get(name)
        if not isinstance(value, str):
            raise _BadRequestError(f"{name} must be a string")
        return value

    def number(self, name: str) -> int:
        value = self.data.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _BadRequestError(f"{name} must be a whole number")
        return value

    def flag(self, name: str) -> bool:
        return self.data.get(name) is True

    def names(self, name: str) -> list[str]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _BadRequestError(f"{name} must be a list of strings")
        return value

    def numbers(self, name: str) -> list[int]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise _BadRequestError(f"{name} must be a list of whole numbers")
        return value

    def kind(self) -> str:
        """What the edited file is: ``"variant"`` (the default) or ``"house-rule"``."""
        value = self.data.get("kind", "variant")
        if value not in KINDS:
            raise _BadRequestError(f"kind must be one of {', '.join(KINDS)}")
        return str(value)

    def over(self) -> str | None:
        """The shipped variant a house rule is laid over (checked where it is used)."""
        value = self.data.get("over")
        if value is not None and not isinstance(value, str):
            raise _BadRequestError("over must be a string")
        return value

    def seed(self) -> int | None:
        """The seed, or ``None`` (none given: one is chosen and answered)."""
        value = self.data.get("seed")
        if value is None:
            return None
        return self.number("seed")
