"""The checks of a variant beyond its types: counts, sizes, references, and that games can end."""

from __future__ import annotations

import functools
import weakref
from typing import TYPE_CHECKING

from ono99._args import is_int, shown
from ono99._errors import RuleError
from ono99._limits import (
    MAX_CARD_RULES,
    MAX_CHOICES,
    MAX_DECK_SIZE,
    MAX_DECLARATIONS,
    MAX_HAND_SIZE,
    MAX_KINDS,
    MAX_PLAYERS,
    MAX_POINTS_TARGET,
    MAX_RULES,
    MAX_SHOW_ASKS,
    MAX_TOKENS,
    MAX_TOTAL,
    MAX_TRIGGERS,
)
from ono99._phases import lays_away, phase_order_problem
from ono99._zones import BUILT_IN_ZONES, LAID_AWAY
from ono99.rules import ask, each_effect, is_pairs, vet

from ._problems import BARE_KEY, Problem, card_id_problem, key_name, suggest

if TYPE_CHECKING:
    from ono99._variant import Card, PlayerStep, Points, Teams, Variant
    from ono99.rules import AnyCondition, AnyEffect

__all__ = [
    "CARD_ID",
    "MINIMUMS",
    "NON_EMPTY",
    "check_variant",
    "too_many_kinds",
    "totals_after",
    "vet_rules",
]

# A card id names the card in moves, events and key paths (cards.<id>.count).
CARD_ID = BARE_KEY

MINIMUMS: dict[str, int] = {
    "players.min": 2,
    "deck.copies": 1,
    "deck.copies_by_players.more_than": 1,
    "deck.copies_by_players.value": 1,
    "deal.hand_size": 1,
    "deal.put_aside": 0,
    "deal.put_aside_by_players.more_than": 1,
    "deal.put_aside_by_players.value": 0,
    "deal.from_stock": 0,
    "deal.from_stock_by_players.more_than": 1,
    "deal.from_stock_by_players.value": 0,
    "deal.extra.count": 1,
    "cards.<id>.count": 0,
    "cards.<id>.points": 0,
    "match.tokens.count": 1,
    "match.tokens.count_by_players.more_than": 1,
    "match.tokens.count_by_players.value": 1,
    "match.points.target": 1,
    "match.points.bust": 0,
    "match.points.missing_card": 0,
    "match.points.survivor": 0,
    "match.points.at_deal.points": 0,
    "match.tokens.lost": 0,
    "round.max_plays": 1,
    "round.max_rounds": 1,
    "round.max_game_plays": 1,
    "standard_deck.jokers": 0,
}
"""The least value of each integer setting that has one, by its key path in the
reference (a card's keys under ``cards.<id>``, an array of tables' keys without
an index). :func:`check_variant` checks them, and the JSON Schema states them."""

NON_EMPTY: dict[str, str] = {
    "standard_deck.ranks": "rank",
    "standard_deck.suits": "suit",
}
"""The arrays that must hold at least one item (by key path, with what an item
is): a standard deck without ranks, or without suits, makes no cards."""


def _at_least(path: str, value: int, key: str | None = None) -> list[Problem]:
    """A problem if ``value`` is below the minimum of ``key`` (default: ``path``)."""
    low = MINIMUMS[path if key is None else key]
    return [] if value >= low else [Problem(path, f"expected {low} or more, got {shown(value)}")]


def _at_most(path: str, value: int, high: int, what: str) -> list[Problem]:
    if value <= high:
        return []
    return [Problem(path, f"expected at most {high} ({what}), got {shown(value)}")]


def _check_teams(low: int, high: int, teams: Teams) -> list[Problem]:
    """Problems of ``players.teams``: each count played in teams fits the table and the size."""
    out: list[Problem] = []
    size = teams.size
    if size < 2:
        out.append(Problem("players.teams.size", f"expected 2 or more, got {shown(size)}"))
    elif size > MAX_PLAYERS:
        out.append(Problem("players.teams.size", f"expected at most {MAX_PLAYERS}, got {size}"))
    for i, count in enumerate(teams.at):
        path = f"players.teams.at[{i}]"
        if not low <= count <= high:
            out.append(
                Problem(
                    path,
                    f"expected a player count from players.min to players.max ({low} to "
                    f"{high}), got {shown(count)}",
                    ("players.min", "players.max"),
                    "write teams = { at = [] } under [players] to play no partnerships, "
                    "or list the counts that play in teams",
                )
            )
        elif size >= 2 and (count % size or count < 2 * size):
            out.append(
                Problem(
                    path,
                    f"{count} players do not make two or more teams of {size} "
                    f"(players.teams.size)",
                    ("players.teams.size",),
                    "list in teams.at only counts that make whole teams, or write "
                    "teams = { at = [] } under [players] to play no partnerships",
                )
            )
    if len(set(teams.at)) < len(teams.at):
        out.append(Problem("players.teams.at", f"expected different counts, got {list(teams.at)}"))
    return out


def _within(path: str, value: int | None) -> list[Problem]:
    """A problem if the total setting ``value`` lies beyond ``MAX_TOTAL`` either way."""
    if value is None or -MAX_TOTAL <= value <= MAX_TOTAL:
        return []
    return [
        Problem(
            path, f"expected a total from -10**18 to 10**18 (ono99's limit), got {shown(value)}"
        )
    ]


_PAIRS = "a list of (key, message) pairs"


def vet_rules(variant: Variant) -> None:
    """Check every rule object's declarations, before anything reads them.

    A declaration that follows from a setting out of range (``force_plays``
    with ``plays = -5`` declares ``forces_plays = -5``) is the setting's
    problem: where the rule object's own ``problems()`` reports one, that is
    what the file is told, by the checks that follow.

    Raises:
        RuleError: Naming the first rule object whose declarations cannot be
            read, and that reports no problem with its settings.
    """
    rules: list[tuple[object, str, str]] = []
    for card in variant.cards:
        rules += [
            (e, "effect", f"cards.{card.id}.effects[{i}]") for i, e in enumerate(card.effects)
        ]
        rules += [
            (c, "condition", f"cards.{card.id}.conditions[{i}]")
            for i, c in enumerate(card.conditions)
        ]
    rules += [(t, "trigger", f"triggers[{i}]") for i, t in enumerate(variant.triggers)]
    for rule, kind, where in rules:
        try:
            vet(rule, kind, where)
        except RuleError:
            if not ask(rule, where, "problems", check=is_pairs, expected=_PAIRS):
                raise


# The variants found sound, by identity (a variant is checked once, however many
# times the loader and the engine ask): each entry goes with its variant.
_SOUND: dict[int, weakref.ref[Variant]] = {}


def check_variant(variant: Variant) -> list[Problem]:
    """Checks beyond types: counts, sizes, references, and that games can end.

    A variant found sound is checked once: asked again (the engine asks when
    it compiles a variant the loader has checked), the answer is at once none.

    Rule objects take part through their protocol (:class:`ono99.rules.Effect`,
    :class:`ono99.rules.Condition`): ``problems()`` and ``problems_at(bust,
    floor)`` return ``(field, what was expected)`` pairs for settings out of
    range, and ``referenced_cards()`` returns ``(field, card id)`` pairs for
    the cards the rule names, each of which must exist.

    Returns:
        Every problem found; empty when the variant is sound.

    Raises:
        RuleError: If a rule object fails when asked (it raises, or its
            declarations or answers are of the wrong type).
    """
    key = id(variant)
    known = _SOUND.get(key)
    if known is not None and known() is variant:
        return []
    out = _problems_of(variant)
    if not out:
        _SOUND[key] = weakref.ref(variant, functools.partial(_forget, key))
    return out


def _check_zones(variant: Variant) -> list[Problem]:
    """A declared zone is named by a bare key no zone of every variant (or laid_away) takes."""
    taken = [zone.name for zone in BUILT_IN_ZONES] + [LAID_AWAY]
    out = []
    for zone in variant.zones:
        key = f"zones.{key_name(zone.name)}"
        if not BARE_KEY.fullmatch(zone.name):
            out.append(
                Problem(
                    key,
                    "a zone's name may hold only letters, digits, '_' and '-', "
                    f"got {shown(zone.name)}",
                )
            )
        elif zone.name in taken:
            which = "a variant laying cards away" if zone.name == LAID_AWAY else "every variant"
            out.append(Problem(key, f"{which} has a zone {zone.name}: name yours otherwise"))
    return out


def _check_phases(variant: Variant) -> list[Problem]:
    """A listed round of phases can work: known phases, each once, in an order that works."""
    names = variant.round.phases
    if not names:
        return []  # the phases deal.starter and deal.show call for
    deal = variant.deal
    problem = phase_order_problem(names, deal.starter, deal.show)
    if problem is None:
        return []
    return [Problem("round.phases", problem, ("deal.starter", "deal.show"))]


def _check_put_aside(variant: Variant) -> list[Problem]:
    """The cards laid away into a zone at the deal: how many, from what, and where to."""
    deal = variant.deal
    out = _at_least("deal.put_aside", deal.put_aside) + _at_least(
        "deal.from_stock", deal.from_stock
    )
    out += _check_steps("deal.put_aside_by_players", deal.put_aside_by_players)
    out += _check_steps("deal.from_stock_by_players", deal.from_stock_by_players)
    if out:
        return out
    if not lays_away(variant):
        return []
    # Each count a table may seat (a players.max beyond the bound is told once, there).
    counts = range(variant.players.min, min(variant.players.max, MAX_PLAYERS) + 1)
    laid = {n: deal.put_aside_for(n) for n in counts}
    names = [zone.name for zone in variant.zones]
    if deal.put_aside_to not in names:
        known = ", ".join(names) or "none"
        return [
            Problem(
                "deal.put_aside_to",
                f"expected a zone the file declares ([zones.<name>]; declared: {known}), "
                f"got {shown(deal.put_aside_to)}",
                ("zones",),
            )
        ]
    for n, count in laid.items():
        if count >= deal.hand_size:
            out.append(
                Problem(
                    "deal.put_aside",
                    f"expected fewer than deal.hand_size ({deal.hand_size}) cards laid away "
                    f"with {n} players, got {count}: a hand must keep a card to play",
                    ("deal.hand_size", "deal.put_aside_by_players"),
                )
            )
            break
    return out


def _forget(key: int, _gone: object) -> None:
    """Drop a variant that is gone from those found sound."""
    _SOUND.pop(key, None)


def _problems_of(variant: Variant) -> list[Problem]:
    """The problems :func:`check_variant` finds."""
    too_many = _check_rule_counts(variant)
    if too_many:
        return too_many  # the other checks grow with the rule objects: told once in bounds
    vet_rules(variant)
    out: list[Problem] = []
    if not variant.id:
        out.append(Problem("id", "expected a non-empty id"))
    players = variant.players
    out += _at_least("players.min", players.min)
    if players.max < players.min:
        out.append(
            Problem(
                "players.max",
                f"expected at least players.min ({players.min}), got {players.max}",
                ("players.min",),
            )
        )
    out += _at_most("players.max", players.max, MAX_PLAYERS, "the most players at one table")
    out += _check_teams(players.min, players.max, players.teams) + _check_put_aside(variant)
    out += _at_least("deck.copies", variant.deck.copies)
    out += _check_steps("deck.copies_by_players", variant.deck.copies_by_players)
    hand = variant.deal.hand_size
    out += _at_least("deal.hand_size", hand)
    out += _at_most("deal.hand_size", hand, MAX_HAND_SIZE, "the most cards a hand is dealt")
    out += (
        _check_cards(variant)
        + _check_zones(variant)
        + _check_phases(variant)
        + _check_extra(variant)
        + _check_busts_below(variant)
    )
    total = variant.total
    out += _within("total.bust", total.bust)
    out += _within("total.start", total.start)
    out += _within("total.floor", total.floor)
    if total.bust <= total.start:
        out.append(
            Problem(
                "total.bust",
                f"expected more than total.start ({total.start}), got {total.bust}",
                ("total.start",),
            )
        )
    if total.floor is not None and total.floor > total.start:
        out.append(
            Problem(
                "total.floor",
                f"expected at most total.start ({total.start}), got {total.floor}",
                ("total.start",),
            )
        )
    if variant.cards and not any(
        card.count > 0
        and _is_sound(card)
        and not any(c.blocks_every_play for c in card.conditions)
        and max(totals_after(card, total.start)) > total.start
        for card in variant.cards
    ):
        out.append(
            Problem(
                "cards",
                "no card can raise the total, so a round could never end "
                "(expected at least one card with count > 0 and an effect "
                'such as { type = "add", amount = 5 })',
            )
        )
    out += _check_redraw(variant)
    match = variant.match
    if match.scoring == "none" and variant.round.end != "last_standing":
        out.append(
            Problem(
                "match.scoring",
                'scoring "none" plays one round to the last player standing, so it needs '
                'round.end = "last_standing" (or choose scoring "tokens" or "points")',
                ("round.end",),
            )
        )
    out += _at_least("match.tokens.count", match.tokens.count)
    out += _at_most("match.tokens.count", match.tokens.count, MAX_TOKENS, "the most tokens")
    out += _check_steps("match.tokens.count_by_players", match.tokens.count_by_players)
    for i, step in enumerate(match.tokens.count_by_players):
        out += _at_most(
            f"match.tokens.count_by_players[{i}].value", step.value, MAX_TOKENS, "the most tokens"
        )
    points = match.points
    out += _at_least("match.points.target", points.target)
    out += _at_most(
        "match.points.target", points.target, MAX_POINTS_TARGET, "the highest points target"
    )
    out += _at_least("match.points.bust", points.bust)
    out += _check_reached(points) + _check_deal_scores(points)
    out += _at_least("match.points.missing_card", points.missing_card)
    out += _check_triggers(variant)
    out += _at_least("round.max_plays", variant.round.max_plays)
    out += _at_least("round.max_rounds", variant.round.max_rounds)
    out += _at_least("round.max_game_plays", variant.round.max_game_plays)
    out += _at_least("match.tokens.lost", variant.match.tokens.lost)
    out += _at_least("match.points.survivor", points.survivor)
    out += _check_game_ends(variant)
    return out


def _check_deal_scores(points: Points) -> list[Problem]:
    """The points given as a deal starts (``match.points.at_deal``): 0 up to the highest target."""
    out: list[Problem] = []
    for i, given in enumerate(points.at_deal):
        at = f"match.points.at_deal[{i}].points"
        out += _at_least(at, given.points, "match.points.at_deal.points")
        out += _at_most(at, given.points, MAX_POINTS_TARGET, "the highest points target")
    return out


def _check_reached(points: Points) -> list[Problem]:
    """Reaching the target at once (``match.points.reached``) is only a win."""
    if points.reached == "at_once" and points.at_target != "win":
        return [
            Problem(
                "match.points.reached",
                'reaching the target at once is a win: "at_once" needs '
                f'match.points.at_target = "win" (it is "{points.at_target}")',
                ("match.points.at_target",),
            )
        ]
    return []


def too_many_kinds(data: dict[str, object]) -> list[Problem]:
    """A problem if ``data`` has more than ``MAX_KINDS`` card tables.

    Checked on the data, before the cards are structured: what structuring
    and checking them takes grows with them.
    """
    cards = data.get("cards")
    if not isinstance(cards, dict) or len(cards) <= MAX_KINDS:
        return []
    return [
        Problem(
            "cards",
            f"expected at most {MAX_KINDS} kinds of card ([cards.<id>] tables, and those "
            f"a [standard_deck] makes), got {len(cards)}",
        )
    ]


def _check_rule_counts(variant: Variant) -> list[Problem]:
    """At most ``MAX_CARD_RULES`` rule objects on a card, ``MAX_RULES`` in the variant."""
    out: list[Problem] = []
    every = 0
    for card in variant.cards:
        count = sum(1 for _ in each_effect(card.effects)) + len(card.conditions)
        every += count
        if count > MAX_CARD_RULES:
            out.append(
                Problem(
                    f"cards.{key_name(card.id)}.effects",
                    f"expected at most {MAX_CARD_RULES} effects and conditions on a card "
                    f"(with those a when holds), got {count}",
                    (f"cards.{key_name(card.id)}.conditions",),
                )
            )
    if len(variant.triggers) > MAX_TRIGGERS:
        out += _check_triggers_count(variant)
    out += _check_show_asks(variant)
    for trigger in variant.triggers:
        outcomes = getattr(trigger, "outcomes", ())  # one without is named by vet_rules
        every += 1 + (len(outcomes) if isinstance(outcomes, tuple | list) else 0)
    if every > MAX_RULES:
        out.append(
            Problem(
                "cards",
                f"expected at most {MAX_RULES} rule objects in a variant (every card's "
                f"effects and conditions, every trigger and its outcomes), got {every}",
                ("triggers",),
            )
        )
    return out


def _check_show_asks(variant: Variant) -> list[Problem]:
    """The show's work in a deal: every hand scored by every trigger of the show."""
    if variant.deal.show == "none":
        return []
    showing = sum(1 for trigger in variant.triggers if getattr(trigger, "on_show", False) is True)
    asks = variant.players.max * showing
    if asks <= MAX_SHOW_ASKS:
        return []
    return [
        Problem(
            "triggers",
            f"expected at most {MAX_SHOW_ASKS} scorings of a hand at each show "
            f"(players.max times the triggers that score at the show), got "
            f"{variant.players.max} x {showing} = {asks}: the show asks each of them "
            "of every hand, at every deal",
            ("players.max", "deal.show"),
        )
    ]


def _check_triggers_count(variant: Variant) -> list[Problem]:
    if len(variant.triggers) <= MAX_TRIGGERS:
        return []
    return [
        Problem(
            "triggers",
            f"expected at most {MAX_TRIGGERS} triggers, got {len(variant.triggers)} "
            "(every card played asks each trigger whether it fires)",
        )
    ]


def _check_triggers(variant: Variant) -> list[Problem]:
    out: list[Problem] = _check_triggers_count(variant)
    total = variant.total
    for i, trigger in enumerate(variant.triggers):
        where = f"triggers[{i}]"
        for name, message in ask(trigger, where, "problems", check=is_pairs, expected=_PAIRS):
            out.append(Problem(f"{where}.{name}", message))
        bust, floor = total.bust, total.floor
        found = ask(trigger, where, "problems_at", bust, floor, check=is_pairs, expected=_PAIRS)
        for name, message in found:
            out.append(Problem(f"{where}.{name}", message, ("total.bust", "total.floor")))
    return out


def _check_game_ends(variant: Variant) -> list[Problem]:
    """A deck small enough to deal, and a points game where some score can grow."""
    out: list[Problem] = []
    counts = _deck_player_counts(variant)
    most = max(variant.deck_size, *(variant.deck_size_for(p) for p in counts))
    if most > MAX_DECK_SIZE:
        out.append(
            Problem(
                "cards",
                f"the deck holds {most} cards (card counts times deck.copies): "
                f"expected at most {MAX_DECK_SIZE}",
                ("deck.copies", "deck.copies_by_players"),
            )
        )
    points = variant.match.points
    if (
        variant.match.scoring == "points"
        and points.bust <= 0
        and points.missing_card <= 0
        and points.survivor <= 0
        and not variant.triggers
        and all(card.points <= 0 for card in variant.cards)
    ):
        out.append(
            Problem(
                "match.points.bust",
                "no score can ever grow (bust, missing_card, survivor and every card's points "
                "are 0, and no trigger), "
                "so a points game could never end",
                ("match.points.missing_card", "match.scoring"),
            )
        )
    return out


def _check_cards(variant: Variant) -> list[Problem]:
    out: list[Problem] = []
    if not variant.cards:
        return [Problem("cards", "expected at least one [cards.<id>] table")]
    ids = {card.id for card in variant.cards}
    for card in variant.cards:
        path = f"cards.{key_name(card.id)}"
        if not CARD_ID.fullmatch(card.id):
            out.append(Problem(path, card_id_problem(card.id)))
        out += _at_least(f"{path}.count", card.count, "cards.<id>.count")
        out += _at_least(f"{path}.points", card.points, "cards.<id>.points")
        kinds: tuple[tuple[str, tuple[AnyEffect | AnyCondition, ...]], ...] = (
            ("effects", card.effects),
            ("conditions", card.conditions),
        )
        faulty: set[int] = set()
        for kind, rules in kinds:
            for i, rule in enumerate(rules):
                where = f"{path}.{kind}[{i}]"
                for name, message in ask(rule, where, "problems", check=is_pairs, expected=_PAIRS):
                    out.append(Problem(f"{where}.{name}", message))
                    if kind == "effects":
                        faulty.add(i)
                bust, floor = variant.total.bust, variant.total.floor
                found = ask(
                    rule, where, "problems_at", bust, floor, check=is_pairs, expected=_PAIRS
                )
                for name, message in found:
                    out.append(Problem(f"{where}.{name}", message, ("total.bust", "total.floor")))
                refs = ask(rule, where, "referenced_cards", check=is_pairs, expected=_PAIRS)
                for name, ref in refs:
                    if ref not in ids:
                        out.append(
                            Problem(
                                f"{where}.{name}",
                                f"no card {ref!r} in [cards]{suggest(ref, ids)}",
                                ("cards",),
                            )
                        )
        out += _check_choices(card, faulty)
    players, hand = variant.players, variant.deal.kept()
    dealt = "deal.hand_size" if not variant.deal.extra else "deal.hand_size and deal.extra"
    for count in _deck_player_counts(variant):
        need = max(count, 2) * max(hand, 1)
        size = variant.deck_size_for(count)
        if variant.deck.copies_for(count) >= 1 and size < need:
            out.append(
                Problem(
                    "cards",
                    f"the deck holds {size} cards, too few to deal {hand} "
                    f"({dealt}) to each of {count} players "
                    f"({'players.max' if count == players.max else 'deck.copies_by_players'}): "
                    f"expected at least {need} (raise card counts or deck.copies)",
                    ("players.max", "deal.hand_size", "deck.copies", "deck.copies_by_players"),
                )
            )
            break
    return out


def _check_busts_below(variant: Variant) -> list[Problem]:
    """A total that busts below its floor (``total.below_floor = "busts"``) has a floor."""
    if variant.total.below_floor != "busts" or variant.total.floor is not None:
        return []
    why = 'expected a floor to bust below: "busts" needs total.floor, got floor = "none"'
    return [Problem("total.below_floor", why, ("total.floor",))]


def _check_extra(variant: Variant) -> list[Problem]:
    """Cards dealt on top of the deal (``deal.extra``): known, and enough in every deck."""
    out: list[Problem] = []
    ids = [card.id for card in variant.cards]
    wanted: dict[str, int] = {}
    for i, extra in enumerate(variant.deal.extra):
        at = f"deal.extra[{i}]"
        if extra.card not in ids:
            why = f"no card {shown(extra.card)} in [cards]{suggest(extra.card, ids)}"
            out.append(Problem(f"{at}.card", why, ("cards",)))
            continue
        low = _at_least(f"{at}.count", extra.count, "deal.extra.count")
        out += low + _at_most(f"{at}.count", extra.count, MAX_HAND_SIZE, "the most in a hand")
        wanted[extra.card] = wanted.get(extra.card, 0) + max(extra.count, 0)
    for card_id, each in wanted.items() if not out else ():
        key = f"cards.{key_name(card_id)}.count"
        for count in _deck_player_counts(variant):
            held = variant.card(card_id).count * variant.deck.copies_for(count)
            if held < each * count:
                why = (
                    f"the deck holds {held} of {shown(card_id)}, too few to deal {each} to each "
                    f"of {count} players: expected at least {each * count} (raise {key} or "
                    "deck.copies)"
                )
                return [Problem("deal.extra", why, (key, "deck.copies", "players.max"))]
    return out


def _deck_player_counts(variant: Variant) -> list[int]:
    """One player count for each deck size the variant deals: the most players it serves.

    The number of decks changes only where a ``copies_by_players`` step starts,
    so these counts meet every deck size up to ``players.max``.
    """
    steps = variant.deck.copies_by_players
    most = variant.players.max
    return sorted({most, *(s.more_than for s in steps if s.more_than < most)})


def _check_choices(card: Card, faulty: set[int]) -> list[Problem]:
    """A card offers at most one choice of amount, of at most ``MAX_CHOICES`` amounts.

    Read from the effects as they are on the card (a ``when`` decided by the
    card is its branch), each reported at the effect it comes from.
    (``faulty``: the effects whose own problems are already reported.)
    """
    path = f"cards.{card.id}.effects"
    resolved = card.resolved
    out: list[Problem] = [
        Problem(
            f"{path}[{i}]",
            f"offers {len(effect.choices)} amounts to choose from: expected at most {MAX_CHOICES}",
        )
        for i, effect in resolved
        if len(effect.choices) > MAX_CHOICES and i not in faulty
    ]
    choosing = [i for i, effect in resolved if effect.choices]
    if len(choosing) > 1:
        first, second = choosing[0], choosing[1]
        already = f"effects[{first}] already does" if first != second else "it already does"
        out.append(Problem(f"{path}[{second}]", f"a card offers one choice of amount; {already}"))
    declaring = [(i, effect) for i, effect in resolved if effect.declares]
    if len(declaring) > 1:
        first, second = declaring[0][0], declaring[1][0]
        already = f"effects[{first}] already does" if first != second else "it already does"
        out.append(Problem(f"{path}[{second}]", f"a card offers one declaration; {already}"))
    for i, effect in declaring[:1]:
        if i in faulty:
            continue
        where = f"{path}[{i}]"
        words = ask(effect, where, "declarations", None, check=_is_words, expected=_WORDS)
        if len(words) > MAX_DECLARATIONS:
            out.append(
                Problem(
                    where,
                    f"offers {len(words)} things to name: expected at most {MAX_DECLARATIONS}",
                )
            )
    return out


_WORDS = "a list of distinct words, not empty"


def _is_words(value: object) -> bool:
    """Whether ``value`` is what ``declarations()`` returns: distinct words, at least one."""
    return (
        isinstance(value, list | tuple)
        and bool(value)
        and all(isinstance(word, str) and word for word in value)
        and len(set(value)) == len(value)
    )


def _check_steps(path: str, steps: tuple[PlayerStep, ...]) -> list[Problem]:
    out: list[Problem] = []
    seen: set[int] = set()
    for i, step in enumerate(steps):
        out += _at_least(f"{path}[{i}].more_than", step.more_than, f"{path}.more_than")
        if step.more_than in seen:
            out.append(Problem(f"{path}[{i}].more_than", f"{step.more_than} is given twice"))
        seen.add(step.more_than)
        out += _at_least(f"{path}[{i}].value", step.value, f"{path}.value")
    return out


def _check_redraw(variant: Variant) -> list[Problem]:
    redraw = variant.redraw
    if redraw is None:
        return []
    ids = {card.id for card in variant.cards}
    if redraw.card not in ids:
        return [
            Problem(
                "redraw.card",
                f"no card {redraw.card!r} in [cards]{suggest(redraw.card, ids)}",
                ("cards",),
            )
        ]
    hand = variant.deal.hand_size
    if not 1 <= redraw.count <= max(hand, 1):
        return [
            Problem(
                "redraw.count",
                f"expected 1 to the hand size ({hand}), got {redraw.count}",
                ("deal.hand_size",),
            )
        ]
    held = variant.card(redraw.card).count * variant.deck.copies
    if held < redraw.count:
        return [
            Problem(
                "redraw.count",
                f"the deck holds only {held} {redraw.card!r} cards, so a redraw of "
                f"{redraw.count} could never happen: expected at most {held}",
                (f"cards.{redraw.card}.count", "deck.copies"),
            )
        ]
    return []


def _is_sound(card: Card) -> bool:
    """Whether the totals ``card`` makes can be worked out.

    They can when its rule objects have their settings in range and it offers at
    most one choice of amount; the problems of any other card are reported
    where they are.
    """
    kinds: tuple[tuple[str, tuple[AnyEffect | AnyCondition, ...]], ...] = (
        ("effects", card.effects),
        ("conditions", card.conditions),
    )
    for kind, rules in kinds:
        for i, rule in enumerate(rules):
            where = f"cards.{card.id}.{kind}[{i}]"
            if ask(rule, where, "problems", check=is_pairs, expected=_PAIRS):
                return False
    return sum(1 for effect in card.resolved_effects if effect.choices) <= 1


def totals_after(card: Card, total: int) -> list[int]:
    """The totals a card can make from ``total``, one per amount it offers.

    Raises:
        RuleError: If an effect's ``total_after`` raises or gives back no integer.
    """
    resolved = card.resolved
    amounts: list[int | None] = [a for _, e in resolved for a in e.choices] or [None]
    out = []
    for amount in amounts:
        new = total
        for i, effect in resolved:
            where = f"cards.{card.id}.effects[{i}]"
            args = (new,) if amount is None else (new, amount)
            new = ask(effect, where, "total_after", *args, check=is_int, expected="an integer")
        out.append(new)
    return out
