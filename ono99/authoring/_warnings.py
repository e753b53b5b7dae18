"""What a variant that loads will do badly, for :func:`ono99.check_file` to warn of.

Cards no total lets anyone play, settings that change nothing (a
``[ranks.<rank>]`` table that the rank's ``[cards.<id>]`` tables shadow among
them), rounds nobody can lose and matches nobody can win: each finding is a
key path and a message.

What a rule object can do is asked of the rule object: its
``total_after()`` and ``choices`` say which totals a card makes, a
condition's ``allows_at()`` whether it lets a card be played at a total, a
trigger's ``fires()`` which plays fire it, and an effect's or outcome's
``apply()``, tried on a table made up for the purpose, whether it forces
plays, answers them, or takes tokens and gives points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from ono99._args import is_int
from ono99._limits import MAX_TOTAL
from ono99._variant import Match, NoSafePlay, Variant
from ono99.loading import toml_value
from ono99.rules import ask

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ono99._variant import Card
    from ono99.rules import AnyEffect

__all__ = [
    "MOST_ASKS",
    "Budget",
    "cannot_happen",
    "idle_settings",
    "never_ends",
    "play_warnings",
    "unplayable",
]


MOST_ASKS = 500_000
"""The most times the analyses of one :func:`~ono99.check_file` ask the cards of
the variants it checks what they do at a total (a card's effects and conditions
asked about one total cost one ask each). Past it they say nothing more: every
warning they give is proved, and the check ends in a time that grows with the
file, not with the totals it can reach (see ``benchmarks/check_file.py``)."""


@attrs.define
class Budget:
    """How many more rule objects the analyses may ask about a total (see :data:`MOST_ASKS`).

    Shared by the analyses of one check; each spends from it, and once it is
    spent the analyses still to run say nothing.
    """

    left: int = MOST_ASKS

    def spend(self, asks: int) -> bool:
        """Take ``asks`` from what is left; whether there were that many to take."""
        self.left -= asks
        return self.left >= 0

    def share(self, parts: int) -> Budget:
        """A budget of an equal part of what is left, for one of ``parts`` analyses."""
        part = max(0, self.left) // max(1, parts)
        self.left -= part
        return Budget(part)


class _Kind:
    """The cards in play that make the same totals: effects and conditions alike.

    Many cards of a variant differ only in name or suit; what the analyses ask of
    one they need not ask of the others. ``card`` is the first, named in errors.
    """

    def __init__(self, card: Card, resolved: tuple[tuple[int, AnyEffect], ...]) -> None:
        self.card = card
        self.resolved = resolved
        self.amounts: list[int | None] = [a for _, e in resolved for a in e.choices] or [None]
        self.changing = [(i, e) for i, e in resolved if e.changes_total]
        self.cost = len(card.conditions) + max(1, len(self.changing) * len(self.amounts))


def _kind_key(card: Card, resolved: tuple[tuple[int, AnyEffect], ...]) -> object:
    """What the totals a card makes depend on; the card itself if that cannot be hashed."""
    key = (tuple(e for _, e in resolved), card.conditions)
    try:
        hash(key)
    except TypeError:  # a rule object of another package that cannot be hashed
        return ("card", card.id)
    return key


class _Analysis:
    """What the cards of one variant do at the totals a round can reach, asked within a budget."""

    def __init__(self, variant: Variant, budget: Budget) -> None:
        self.variant = variant
        self.budget = budget
        self.resolved = {card.id: card.resolved for card in variant.cards}
        kinds: dict[object, _Kind] = {}
        self.kind_of: dict[str, _Kind] = {}
        for card in variant.cards:
            resolved = self.resolved[card.id]
            kind = kinds.setdefault(_kind_key(card, resolved), _Kind(card, resolved))
            self.kind_of[card.id] = kind
        self.playing = list(
            {id(self.kind_of[c.id]): self.kind_of[c.id] for c in variant.cards if c.count}.values()
        )
        self._reachable: set[int] | None = None
        self._reached = False

    def totals(self, kind: _Kind, total: int, floor: int | None) -> list[int]:
        """The totals a card makes from ``total``: one per amount it lets the player choose.

        Kept, as the engine keeps them, between the floor (or ``-MAX_TOTAL``) and
        ``MAX_TOTAL``: a ``multiply`` of a negative total makes no number without end.
        """
        low = -MAX_TOTAL if floor is None else floor
        out = []
        for amount in kind.amounts:
            new = total
            for i, effect in kind.changing:  # as the engine asks (see Effect.changes_total)
                args = (new,) if amount is None else (new, amount)
                where = f"cards.{kind.card.id}.effects[{i}]"
                new = ask(effect, where, "total_after", *args, check=is_int, expected="an integer")
            out.append(min(MAX_TOTAL, max(new, low)))
        return out

    def reachable(self) -> set[int] | None:
        """Every total a round can reach by plays that do not bust; ``None`` past the limits.

        More totals than can really be reached may be listed (a card counts as
        playable wherever its conditions do not refuse it for the total alone),
        never fewer: what holds at all of them holds in every round. ``None``
        when there are more than ``_MOST_TOTALS``, or the budget runs out.
        """
        if self._reached:
            return self._reachable
        self._reached = True
        # At most half the budget: what is left asks the cards at the totals found,
        # or, when there are too many to find, at every total up to the bust.
        budget = self.budget.share(2)
        total = self.variant.total
        seen = {total.start}
        todo = [total.start]
        while todo:
            at = todo.pop()
            for kind in self.playing:
                if not budget.spend(kind.cost):
                    return None
                if any(allowed is False for allowed in _allows_at(kind.card, at)):
                    continue
                for new in self.totals(kind, at, total.floor):
                    if new < total.bust and new not in seen:
                        if len(seen) >= _MOST_TOTALS:
                            return None
                        seen.add(new)
                        todo.append(new)
        self._reachable = seen
        return seen


def _lowest_total(variant: Variant, analysis: _Analysis) -> tuple[int, str]:
    """The lowest total a card may be played on, and where it comes from.

    With a floor, the floor. Without one, the start less everything the cards
    of one deck can take off it (a card that lowers the total, such as
    Minus Ten, played every time it comes round before a reshuffle).
    """
    total = variant.total
    if total.floor is not None:
        return total.floor, "total.floor"
    start, taken = total.start, 0
    copies = variant.deck.copies_for(variant.players.max)
    for card in variant.cards:
        if not card.count:
            continue
        lowest = min(analysis.totals(analysis.kind_of[card.id], start, None), default=start)
        taken += card.count * copies * max(0, start - lowest)
    return start - taken, "total.start" if not taken else "the lowest the deck can make"


def _allows_at(card: Card, at: int) -> list[bool | None]:
    """What each condition of ``card`` says of a play at the total ``at`` (``allows_at``)."""
    return [
        ask(
            condition,
            f"cards.{card.id}.conditions[{i}]",
            "allows_at",
            at,
            check=lambda v: v is None or isinstance(v, bool),
            expected="True, False or None",
        )
        for i, condition in enumerate(card.conditions)
    ]


def play_warnings(variant: Variant, budget: Budget | None = None) -> list[tuple[str, str]]:
    """:func:`never_ends` and :func:`unplayable` together, asking the cards once.

    Args:
        variant: The variant.
        budget: What the analyses may ask (by default a fresh :class:`Budget`).
    """
    analysis = _Analysis(variant, Budget() if budget is None else budget)
    return [*_never_ends(analysis), *_unplayable(analysis), *cannot_happen(variant)]


def cannot_happen(variant: Variant) -> list[tuple[str, str]]:
    """What a file writes that the rules can never do, each at its key path.

    A second effect of a card that opens a reaction (two ``aim`` effects):
    one reaction is open at a time, so the second replaces the first, which
    is never answered nor taken. A starter (``deal.starter``) at a player
    count whose hands use the whole deck up: no card is left to turn.
    """
    out: list[tuple[str, str]] = []
    for card in variant.cards:
        aims = [index for index, effect in card.resolved if effect.opens_reactions]
        out += [
            (
                f"cards.{card.id}.effects[{index}]",
                f"opens a reaction as effects[{aims[0]}] does, on the same play: one "
                "reaction is open at a time, so this one replaces it, and the first is "
                "never answered nor taken",
            )
            for index in aims[1:]
        ]
    deal = variant.deal
    if deal.starter:
        players = variant.players
        short = [
            n
            for n in range(players.min, players.max + 1)
            if variant.deck_size_for(n) <= n * deal.kept()
        ]
        if short:
            counts = ", ".join(map(str, short))
            out.append(
                (
                    "deal.starter",
                    f"no starter can be turned at {counts} player{'s' if short != [1] else ''}: "
                    f"the hands ({deal.kept()} cards each, deal.hand_size) use the whole "
                    "deck up, so nothing that reads the starter ever scores",
                )
            )
    return out


def never_ends(variant: Variant, budget: Budget | None = None) -> list[tuple[str, str]]:
    """What can be proved never to end: a round nobody can lose, a match nobody can win."""
    return _never_ends(_Analysis(variant, Budget() if budget is None else budget))


def unplayable(variant: Variant, budget: Budget | None = None) -> list[tuple[str, str]]:
    """Cards that no total lets anyone play, and amounts to choose that always bust.

    A card is never played when its conditions refuse every total a play can
    be made on, or when from the lowest total there can be it busts.
    """
    return _unplayable(_Analysis(variant, Budget() if budget is None else budget))


def _unplayable(analysis: _Analysis) -> list[tuple[str, str]]:
    variant = analysis.variant
    low, where = _lowest_total(variant, analysis)
    bust, floor = variant.total.bust, variant.total.floor
    out = _refused(analysis, low, where)
    refused = {path.rpartition(".")[0] for path, _ in out}
    for card in variant.cards:
        if not card.count or not card.effects or f"cards.{card.id}" in refused:
            continue
        totals = analysis.totals(analysis.kind_of[card.id], low, floor)
        path = f"cards.{card.id}.effects"
        if all(t >= bust for t in totals):
            out.append(
                (
                    path,
                    f"the card can never be played: from the lowest total, {low} ({where}), "
                    f"it makes {_or(totals)}, and {bust} (total.bust) busts",
                )
            )
            continue
        for index, effect in analysis.resolved[card.id]:
            bad = [a for a, t in zip(effect.choices, totals, strict=False) if t >= bust]
            if effect.choices and bad:
                out.append(
                    (
                        f"{path}[{index}]",
                        f"the amount {_or(bad)} can never be chosen: from the lowest total, "
                        f"{low} ({where}), it busts at {bust} (total.bust)",
                    )
                )
    return out


def _refused(analysis: _Analysis, low: int, where: str) -> list[tuple[str, str]]:
    """Cards whose conditions refuse every total a play can be made on.

    A condition that refuses every play (``blocks_every_play``) makes a card
    that is only ever held, as the editions' O'NO 99 card is: that is a
    warning only when the card has effects, which then never act. Otherwise
    the totals are those a round can reach (or, when there are too many to
    follow, every total from the lowest there can be up to the bust), and a
    card is refused at a total when one of its conditions says so from the
    total alone (``allows_at``). Cards with the same conditions are asked
    once; when the budget runs out, the cards not yet asked are not reported.
    """
    variant = analysis.variant
    bust = variant.total.bust
    reachable = analysis.reachable()
    totals: Sequence[int]
    if reachable is not None:
        totals, span = sorted(reachable), "the totals a round can reach (from {} to {})"
    elif bust > low:
        totals, span = range(low, bust), f"every total from {low} ({where}) to {bust - 1}"
    else:
        totals, span = (), ""
    out = []
    answers: dict[object, dict[int, None] | None] = {}
    for card in variant.cards:
        if not card.count or not card.conditions:
            continue
        path = f"cards.{card.id}.conditions"
        blocking = [i for i, c in enumerate(card.conditions) if c.blocks_every_play]
        if blocking:
            if card.effects:
                which = _named(card, blocking)
                out.append(
                    (
                        path,
                        f"the card can never be played ({which}), so its effects never act; "
                        "leave them out if the card is only to be held",
                    )
                )
            continue
        if not totals:
            continue
        key = _conditions_key(card)
        if key not in answers:
            answers[key] = _refusing(card, totals, analysis.budget)
        refusing = answers[key]
        if refusing is not None:
            text = span.format(totals[0], totals[-1]) if reachable is not None else span
            out.append(
                (
                    path,
                    f"the card can never be played: its conditions ({_named(card, refusing)}) "
                    f"refuse {text}, and {bust} (total.bust) ends the round",
                )
            )
    return out


def _conditions_key(card: Card) -> object:
    """What a card's conditions say depends on: the conditions, or the card if unhashable."""
    try:
        hash(card.conditions)
    except TypeError:  # a rule object of another package that cannot be hashed
        return ("card", card.id)
    return card.conditions


def _refusing(card: Card, totals: Sequence[int], budget: Budget) -> dict[int, None] | None:
    """The conditions of ``card`` that refuse it, one for each of ``totals``, first first.

    ``None`` when some total lets the card be played, or the budget runs out
    before every total is asked. The totals are asked from both ends inwards:
    a condition that sets a limit (``total_at_least``) lets the card be played
    at one end, so a card that can be played is found so at once.
    """
    refusing: dict[int, None] = {}
    for total in _ends_first(totals):
        if not budget.spend(len(card.conditions)):
            return None
        says = [i for i, allowed in enumerate(_allows_at(card, total)) if allowed is False]
        if not says:
            return None
        refusing[says[0]] = None
    return dict.fromkeys(sorted(refusing))


def _ends_first(totals: Sequence[int]) -> Iterable[int]:
    """``totals`` from both ends inwards: the first, the last, the second, the last but one..."""
    low, high = 0, len(totals) - 1
    while low <= high:
        yield totals[low]
        if high != low:
            yield totals[high]
        low, high = low + 1, high - 1


def _named(card: Card, indexes: Iterable[int]) -> str:
    """Conditions of ``card`` by their place in its array, and in words."""
    return "; ".join(f"conditions[{i}]: {card.conditions[i].describe()}" for i in indexes)


def _or(values: Sequence[int]) -> str:
    texts = [str(v) for v in dict.fromkeys(values)]
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


@attrs.define
class _Probe:
    """A table made up to ask an effect what it does (see :class:`ono99.rules.Table`)."""

    total: int = 0
    direction: int = 1
    forced: int = 1
    forced_by: str = ""
    answering: bool = False
    players_in_round: int = 6
    stacking: Literal["none", "multiply", "add"] = "none"
    next_owed: int = 0
    next_forced_by: str = ""
    ends_turn: bool = False
    skip: int = 0
    target: int | None = None
    next_player: int | None = None

    def times_played_this_turn(self, card_id: str) -> int:  # noqa: ARG002
        return 0


def _after_apply(effect: object, card: Card, table: _Probe) -> _Probe | None:
    """The table after the effect acts on it; ``None`` if the effect cannot be asked so."""
    try:
        effect.apply(table, card)  # type: ignore[attr-defined]
    except Exception:  # an effect that needs more of a table than the probe has
        return None
    return table


def _forces(effect: object, card: Card) -> bool:
    """Whether an effect makes the next player owe plays (unknown counts as yes)."""
    table = _after_apply(effect, card, _Probe())
    return table is None or table.next_owed > 0


def _deflects(effect: object, card: Card) -> bool:
    """Whether an effect answers forced plays by passing them on."""
    probe = _Probe(forced=2, forced_by="a card", answering=True)
    table = _after_apply(effect, card, probe)
    return table is not None and table.ends_turn and table.next_owed >= 2


def idle_settings(variant: Variant) -> list[tuple[str, str]]:
    """Settings that change nothing in this variant, each with why."""
    out: list[tuple[str, str]] = []
    match = variant.match
    scoring = f"match.scoring is {toml_value(match.scoring)}"
    for kind in ("tokens", "points"):
        if match.scoring != kind:
            settings = getattr(match, kind)
            default = getattr(Match(), kind)
            for field in attrs.fields(type(settings)):
                if getattr(settings, field.name) != getattr(default, field.name):
                    out.append(
                        (
                            f"match.{kind}.{field.name}",
                            f"changes nothing: {scoring}, so {kind} are not used",
                        )
                    )
    if match.scoring == "tokens":
        for card in variant.cards:
            if card.points:
                out.append(
                    (
                        f"cards.{card.id}.points",
                        f"changes nothing in a tokens game ({scoring}): "
                        'card points count only with scoring = "points"',
                    )
                )
    safe = variant.no_safe_play
    if safe.action != "lay_down" and safe.laid_down != NoSafePlay().laid_down:
        out.append(
            (
                "no_safe_play.laid_down",
                f"changes nothing: no hand is laid down (no_safe_play.action is "
                f"{toml_value(safe.action)})",
            )
        )
    undo_used = safe.action == "play_lowest" and variant.round.end == "last_standing"
    if not undo_used and safe.undo_bust != NoSafePlay().undo_bust:
        out.append(
            (
                "no_safe_play.undo_bust",
                'changes nothing: it applies only with no_safe_play.action = "play_lowest" '
                'and round.end = "last_standing"',
            )
        )
    out += _idle_outcomes(variant)
    out += _idle_forcing(variant)
    out += _idle_steps(variant)
    return out


def _idle_outcomes(variant: Variant) -> list[tuple[str, str]]:
    """Trigger outcomes that change only tokens, or only points, where they are not kept.

    A wrong announcement that costs a token (``announce-the-total``) changes
    nothing in a game scored by points; one cannot say so of an outcome that
    does more than change tokens or points, which is left alone.
    """
    scoring = variant.match.scoring
    out = []
    for i, trigger in enumerate(variant.triggers):
        for j, outcome in enumerate(trigger.outcomes):
            ledger = _Ledger()
            try:
                for seat in (-1, 0):
                    outcome.apply(ledger, seat)  # type: ignore[arg-type]
            except Exception:  # noqa: S112 - it needs more of a table: it does more
                continue
            for kind, changed in (
                ("tokens", ledger.tokens_changed),
                ("points", ledger.points_changed),
            ):
                if changed and scoring != kind:
                    out.append(
                        (
                            f"triggers[{i}].outcomes[{j}]",
                            f"changes nothing: it changes {kind}, and match.scoring is "
                            f"{toml_value(scoring)}, so {kind} are not used",
                        )
                    )
    return out


def _idle_forcing(variant: Variant) -> list[tuple[str, str]]:
    """Stacking, and cards that answer forced plays, with no card that forces plays."""
    playing = [card for card in variant.cards if card.count]
    if any(_forces(e, card) for card in playing for e in card.resolved_effects):
        return []
    out = []
    stacking = variant.forced_play.stacking
    if stacking != "none":
        out.append(
            (
                "forced_play.stacking",
                f"changes nothing: {toml_value(stacking)} combines forced plays, and no card "
                'forces plays (an effect such as { type = "force_plays" })',
            )
        )
    for card in playing:
        for index, effect in card.resolved:
            if _deflects(effect, card):
                out.append(
                    (
                        f"cards.{card.id}.effects[{index}]",
                        "does nothing: it answers forced plays, and no card forces plays",
                    )
                )
    return out


def _idle_steps(variant: Variant) -> list[tuple[str, str]]:
    """Steps for more players than may play."""
    most = variant.players.max
    out = []
    for path, steps in (
        ("deck.copies_by_players", variant.deck.copies_by_players),
        ("match.tokens.count_by_players", variant.match.tokens.count_by_players),
    ):
        for index, step in enumerate(steps):
            if step.more_than >= most:
                out.append(
                    (
                        f"{path}[{index}].more_than",
                        f"changes nothing: at most {most} play (players.max), "
                        f"never more than {step.more_than}",
                    )
                )
    return out


# ----------------------------------------------------------------- never ends

# The most totals the never-ends analysis follows before it gives up (and says nothing).
_MOST_TOTALS = 10_000


def _fires(trigger: object, where: str, before: int, after: int, bust: int) -> bool:
    """What ``trigger.fires()`` says of a play from ``before`` to ``after``, checked."""
    fired: bool = ask(
        trigger,
        where,
        "fires",
        before,
        after,
        bust,
        check=lambda v: isinstance(v, bool),
        expected="True or False",
    )
    return fired


def _spare_cards(variant: Variant) -> bool:
    """Whether, for some player count, a hand is always refilled after a play.

    With at least one card beyond the hands (two when the top card stays on
    the discard pile at a reshuffle), every player holds a card on every turn.
    """
    spare = 2 if variant.reshuffle.keep_top_card else 1
    hand = variant.deal.kept()
    return any(
        variant.deck_size_for(players) >= players * hand + spare
        for players in range(variant.players.min, variant.players.max + 1)
    )


def _round_never_ends(analysis: _Analysis) -> list[tuple[str, str]]:
    """A round nobody can ever lose: every card plays safely at every reachable total.

    Sound, not complete: it reports only what it proves. A player loses only
    with no safe play; if at every total a round can reach every card in the
    deck can be played (its conditions allow it whatever the turn) to a total
    under the bust limit, every hand has a safe play, nobody ever loses, and
    only a trigger can end the round. It says nothing when a card changes
    hands or names a player (a hand might run out, no player be left to
    name), when a trigger that ends the round might
    fire, or when the totals can fall or rise without limit (or the budget
    runs out before it has asked every card at every total).
    """
    variant = analysis.variant
    playing = analysis.playing
    if any(e.changes_hands or e.chooses_player for kind in playing for _, e in kind.resolved):
        return []  # a hand might run out, or a player to name be missing
    if not _spare_cards(variant) or not variant.deal.refill or not variant.reshuffle.enabled:
        return []  # hands run out, and the round ends when nobody holds a card
    if variant.no_safe_play.action == "pass":
        return []  # the round may end with every player passing
    reachable = analysis.reachable()
    if reachable is None:
        return []
    total = variant.total
    ending = [
        (f"triggers[{i}]", t)
        for i, t in enumerate(variant.triggers)
        if t.after_play and any(o.ends_round or o.wins_round for o in t.outcomes)
    ]
    # Where a play below the floor is illegal (or busts), it is no safe play:
    # the totals are asked as the cards make them, before the floor.
    below = total.floor if total.below_floor != "raised" else None
    made: list[tuple[int, list[int]]] = []
    for at in reachable:
        for kind in playing:
            if not analysis.budget.spend(kind.cost):
                return []
            if not all(allowed is True for allowed in _allows_at(kind.card, at)):
                return []
            totals = analysis.totals(kind, at, None if below is not None else total.floor)
            if all(new >= total.bust or (below is not None and new < below) for new in totals):
                return []
            if ending:
                made.append((at, totals))
    for at, totals in made:
        for new in totals:
            if new >= total.bust or (below is not None and new < below):
                continue
            if not analysis.budget.spend(len(ending)):
                return []
            if any(_fires(trigger, where, at, new, total.bust) for where, trigger in ending):
                return []
    low, high = min(reachable), max(reachable)
    span = f"{low}" if low == high else f"from {low} to {high}"
    return [
        (
            "cards",
            f"a round can never end by itself: every total it can reach ({span}, "
            f"{len(reachable)} in all) lets every card be played without reaching "
            f"{total.bust} (total.bust), so nobody can ever lose"
            f"{', and no trigger ends the round' if variant.triggers else ''}; "
            f"each round stops at {variant.round.max_plays} plays (round.max_plays) "
            f"with no winner, the game at {variant.round.max_game_plays} "
            "(round.max_game_plays)",
        )
    ]


@attrs.define
class _Ledger:
    """A table made up to ask an outcome whom it gives or takes tokens and points."""

    seats: int = 3
    tokens_taken: bool = False
    points_gained: bool = False
    tokens_changed: bool = False
    points_changed: bool = False

    def seats_in_round(self) -> list[int]:
        return list(range(self.seats))

    def tokens(self, seat: int) -> int:  # noqa: ARG002
        return 5

    def score(self, seat: int) -> int:  # noqa: ARG002
        return 5

    def change_tokens(self, seat: int, by: int) -> None:  # noqa: ARG002
        self.tokens_taken |= by < 0
        self.tokens_changed |= by != 0

    def change_score(self, seat: int, by: int) -> None:  # noqa: ARG002
        self.points_gained |= by > 0
        self.points_changed |= by != 0


def _outcome_ledger(variant: Variant) -> _Ledger | None:
    """What the triggers' outcomes may do to tokens and scores; ``None`` if one cannot say."""
    ledger = _Ledger()
    for trigger in variant.triggers:
        for outcome in trigger.outcomes:
            for seat in (-1, 0):
                try:
                    outcome.apply(ledger, seat)  # type: ignore[arg-type]
                except Exception:  # an outcome that needs more of a table than the ledger has
                    return None
    return ledger


def _match_never_ends(variant: Variant) -> list[tuple[str, str]]:
    """Scoring that can never single out a winner: nobody ever loses a token, or gains a point."""
    match = variant.match
    ledger = _outcome_ledger(variant)
    if ledger is None:
        return []
    cap = (
        f"the game stops after {variant.round.max_rounds} rounds (round.max_rounds) or "
        f"{variant.round.max_game_plays} plays (round.max_game_plays), and the best "
        "placed player wins"
    )
    passing = variant.no_safe_play.action == "pass"
    if passing and (match.scoring == "none" or not ledger.tokens_taken):
        # Nobody ever loses a round: a player with no legal move passes and stays in.
        if match.scoring == "none":
            return [
                (
                    "no_safe_play.action",
                    "the game can never end by itself: a player with no legal move passes "
                    '(no_safe_play.action is "pass"), so nobody loses a round or is put out '
                    '(match.scoring is "none"); ' + cap,
                )
            ]
        if match.scoring == "tokens":
            return [
                (
                    "no_safe_play.action",
                    "the game can never end by itself: a player with no legal move passes "
                    '(no_safe_play.action is "pass"), so nobody loses a round, and no trigger '
                    "takes tokens; " + cap,
                )
            ]
    if match.scoring == "none":
        return []
    if match.scoring == "tokens":
        if match.tokens.lost or ledger.tokens_taken:
            return []
        return [
            (
                "match.tokens.lost",
                "the game can never end by itself: a lost round costs no tokens "
                "(match.tokens.lost is 0) and no trigger takes any, so nobody ever runs out; "
                + cap,
            )
        ]
    points = match.points
    if (
        points.bust > 0
        or points.missing_card > 0
        or points.survivor > 0
        or any(card.points > 0 and card.count for card in variant.cards)
        or ledger.points_gained
    ):
        return []
    return [
        (
            "match.points.bust",
            "the game can never end by itself: no score can ever grow (bust, missing_card, "
            "survivor and every card's points are 0, and no trigger gives points), so "
            f"nobody reaches {points.target} (match.points.target); " + cap,
        )
    ]


def _never_ends(analysis: _Analysis) -> list[tuple[str, str]]:
    return [*_round_never_ends(analysis), *_match_never_ends(analysis.variant)]
