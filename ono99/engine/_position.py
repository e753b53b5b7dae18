"""Setting up a game in the middle of a round, from an explicit position.

:meth:`ono99.Game.from_position` checks each setting, reporting every problem
at once in one :class:`~ono99.VariantError`, and places the cards and seats on
the game's engine; the engine then goes on under the variant's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ono99._args import is_int, is_list, shown
from ono99._errors import VariantError
from ono99._limits import MAX_TOTAL
from ono99.rules import Declaration, Reaction, each_effect

from ._chance import shuffle
from ._compiled import card_index
from ._round import DECLARED, HAND, OUT_OF_PLAY, PILE, STARTER, STOCK, Round, placed

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ._compiled import CompiledVariant
    from ._engine import Engine

__all__ = ["deck_order", "place"]


def _card_indices(
    rules: CompiledVariant, cards: Sequence[str], where: str, problems: list[str]
) -> list[int]:
    """The cards' indices; a problem for each unknown card id."""
    if not is_list(cards):
        problems.append(f"{where}: expected a list of card ids, got {shown(cards)}")
        return []
    found = []
    for position, card_id in enumerate(cards):
        index = card_index(rules, card_id)
        if index is None:
            problems.append(f"{where}[{position}]: there is no card {shown(card_id)}")
        else:
            found.append(index)
    return found


# What each per-seat setting of Game.from_position holds: a test, and its words.
_SEAT_VALUES: dict[str, tuple[Callable[[object], bool], str]] = {
    "in_game": (lambda v: isinstance(v, bool), "True or False"),
    "in_round": (lambda v: isinstance(v, bool), "True or False"),
    "tokens": (
        lambda v: is_int(v) and 0 <= v <= MAX_TOTAL,
        "a whole number, 0 or more (at most 10**18)",
    ),
    "scores": (lambda v: is_int(v) and abs(v) <= MAX_TOTAL, "a whole number (at most 10**18)"),
}


def _per_seat(
    values: Sequence[Any] | None, where: str, default: list[Any], problems: list[str]
) -> list[Any]:
    """``values`` as a list, one per seat (``default`` if not given or misfit)."""
    if values is None:
        return default
    if not is_list(values) or len(values) != len(default):
        problems.append(f"{where}: expected {len(default)} values, one per seat")
        return default
    test, expected = _SEAT_VALUES[where]
    bad = [
        f"{where}[{seat}]: expected {expected}, got {shown(value)}"
        for seat, value in enumerate(values)
        if not test(value)
    ]
    if bad:
        problems += bad
        return default
    return list(values)


def _missing_cards(rules: CompiledVariant, deck: tuple[int, ...], r: Round) -> list[str]:
    """A problem for each kind of card the position holds more or fewer of than the deck."""
    cards = placed(r, rules.records)
    if sorted(cards) == sorted(deck):
        return []
    problems = []
    for card in rules.cards:
        have, want = cards.count(card.index), deck.count(card.index)
        if have != want:
            problems.append(
                f"cards.{card.id}: the position holds {have}, the deck {want} ({card.name})"
            )
    return problems


def _count_problems(
    rules: CompiledVariant,
    r: Round,
    last_play: object,
    last_player: object,
    passes: object,
) -> list[str]:
    """What is wrong with the count's settings; sets them on ``r`` where right."""
    problems = []
    players = len(r.hands)
    if last_play is not None:
        if not isinstance(last_play, tuple | list) or len(last_play) != 3:
            problems.append(
                f"last_play: expected (card, amount, target) or None, got {shown(last_play)}"
            )
        else:
            card_id, amount, target = last_play
            index = card_index(rules, card_id)
            if index is None:
                problems.append(f"last_play[0]: there is no card {shown(card_id)}")
            elif amount is not None and (
                not is_int(amount) or amount not in rules.cards[index].choices
            ):
                problems.append(
                    f"last_play[1]: {rules.cards[index].name} chooses no amount {shown(amount)}"
                )
            elif target is not None and (not is_int(target) or not 0 <= target < players):
                problems.append(f"last_play[2]: no seat {shown(target)}")
            elif not r.history:
                problems.append("last_play: a last play needs a count (no card was played)")
            else:
                r.last_card, r.last_amount, r.last_target = index, amount, target
    if last_player is not None:
        if not is_int(last_player) or not 0 <= last_player < players:
            problems.append(f"last_player: no seat {shown(last_player)}")
        else:
            r.last_player = last_player
    if not is_int(passes) or not 0 <= passes < players:
        problems.append(f"passes: expected 0 to {players - 1}, got {shown(passes)}")
    else:
        r.passes = passes
    return problems


def _possible_problems(
    rules: CompiledVariant,
    deck: tuple[int, ...],
    r: Round,
    turn: list[int],
    *,
    scores: list[int],
    total: int | None,
    plays_owed: object,
    round: object,
) -> list[str]:
    """What the variant's rules make impossible in a position whose settings are each sound.

    A count, or the cards played this turn (``turn``), of more cards than a
    round plays, or (where no card comes back from the discard pile) of more
    cards of a kind than the deck; a total at the bust
    limit (unless the busting total stands for the players still in), below
    the floor, more plays owed than the cards can force, a negative score
    where scores stop at 0, a round past ``round.max_rounds``.
    """
    variant = rules.variant
    problems = []
    if len(r.history) > rules.max_plays:
        problems.append(
            f"count: holds {len(r.history)} cards, and a round sees at most "
            f"{rules.max_plays} plays (round.max_plays)"
        )
    if len(turn) > rules.max_plays:
        problems.append(
            f"played_this_turn: holds {len(turn)} cards, and a round sees at most "
            f"{rules.max_plays} plays (round.max_plays)"
        )
    if not rules.reshuffles or (
        not rules.refill and not rules.changes_hands and rules.redraw_card < 0
    ):
        # Each card is played at most once a round: the discard pile is never
        # shuffled back, or nobody draws after the deal to make it so.
        for where, played in (("count", r.history), ("played_this_turn", turn)):
            if where == "count" and len(played) > rules.max_plays:
                continue  # said above
            for card in rules.cards:
                have, held = played.count(card.index), deck.count(card.index)
                if have > held:
                    problems.append(
                        f"{where}: holds {have} of {card.id!r} ({card.name}), and the deck "
                        f"only {held} (no card played comes back this round)"
                    )
    if total is not None and is_int(total):
        stands = (
            variant.no_safe_play.action == "play_lowest"
            and variant.round.end == "last_standing"
            and not rules.undo_bust
        )
        if total >= rules.bust and not stands:
            problems.append(
                f"total: {total} is at or above the bust limit ({rules.bust}): "
                "a play that reaches it ends the round, or is undone"
            )
        if rules.floor is not None and total < rules.floor:
            problems.append(f"total: {total} is below the floor ({rules.floor})")
    if is_int(plays_owed) and 1 <= plays_owed <= MAX_TOTAL:
        most = max(
            (
                e.forces_plays
                for c in variant.cards
                for e in each_effect(c.effects)
                if is_int(e.forces_plays)
            ),
            default=0,
        )
        if most < 2 and plays_owed > 1:
            problems.append(
                f"plays_owed: expected 1, got {plays_owed}: no card of the variant forces plays"
            )
        elif rules.stacking == "none" and plays_owed > max(most, 1):
            problems.append(
                f"plays_owed: expected at most {most} (the most plays a card forces, "
                f"and forced plays do not stack), got {plays_owed}"
            )
    if not rules.negative_scores:
        problems += [
            f"scores[{seat}]: expected 0 or more (scores stop at 0 in this variant), got {score}"
            for seat, score in enumerate(scores)
            if score < 0
        ]
    if is_int(round) and round > rules.max_rounds:
        problems.append(
            f"round: expected at most {rules.max_rounds} (round.max_rounds), got {shown(round)}"
        )
    return problems


def _position_problems(
    *,
    in_round: list[bool],
    in_game: list[bool],
    current_player: int,
    direction: int,
    plays_owed: int,
    dealer: int | None,
    round: int,
    total: int | None,
    forced_by: object,  # typed str, but a caller may pass anything
) -> list[str]:
    """What is wrong with the settings of :meth:`Game.from_position`, one line each."""
    problems = []
    players = len(in_round)
    if any(a and not g for a, g in zip(in_round, in_game, strict=True)):
        problems.append("in_round: a seat out of the game cannot be in the round")
    if sum(in_round) < 2:
        problems.append("in_round: at least two players must be in the round")
    if not is_int(current_player) or not 0 <= current_player < players:
        problems.append(f"current_player: no seat {shown(current_player)}")
    elif not in_round[current_player]:
        problems.append(f"current_player: seat {current_player} is not in the round")
    if not is_int(direction) or direction not in (1, -1):
        problems.append(f"direction: expected 1 or -1, got {shown(direction)}")
    if not is_int(plays_owed) or plays_owed < 1:
        problems.append(f"plays_owed: expected 1 or more, got {shown(plays_owed)}")
    elif plays_owed > MAX_TOTAL:
        problems.append(f"plays_owed: expected at most 10**18, got {shown(plays_owed)}")
    if dealer is not None and (not is_int(dealer) or not 0 <= dealer < players):
        problems.append(f"dealer: no seat {shown(dealer)}")
    if not is_int(round) or round < 1:
        problems.append(f"round: expected 1 or more, got {shown(round)}")
    if total is not None and not is_int(total):
        problems.append(f"total: expected an integer, got {shown(total)}")
    elif total is not None and not -MAX_TOTAL <= total <= MAX_TOTAL:
        problems.append(f"total: expected a total from -10**18 to 10**18, got {shown(total)}")
    if not isinstance(forced_by, str):
        problems.append(f"forced_by: expected a card id, got {shown(forced_by)}")
    return problems


# The keywords of Game.from_position that place the cards of a zone of every
# variant, by the zone's place in the table (the declared zones are placed by
# ``zones=``, by name); the draw pile is given top card first, the table's top
# card is last.
_ZONE_KEYWORDS = {
    HAND: "hands",
    STOCK: "draw_pile",
    PILE: "discard_pile",
    OUT_OF_PLAY: "out_of_play",
}


def _place_zones(
    e: Engine,
    r: Round,
    given: Mapping[int, object],
    zones: Mapping[str, Sequence[Any]] | None,
    problems: list[str],
) -> None:
    """Put the cards of each zone of the table in ``r``, as given (each empty unless given).

    ``given`` holds the cards of the zones of every variant, by their place
    in the table; ``zones`` those of the declared zones, by name. A zone of
    one pile is given as a list of card ids; one of a pile a seat or team,
    as one such list for each.
    """
    rules = e.rules
    table = rules.table
    cards_of: dict[int, tuple[Any, str]] = {
        z: (cards, _ZONE_KEYWORDS[z]) for z, cards in given.items()
    }
    if zones is not None:
        known: object = zones  # typed a mapping, but a caller may pass anything
        if not isinstance(known, Mapping):
            problems.append(f"zones: expected a table of zones by name, got {shown(zones)}")
        else:
            at = {zone.name: z for z, zone in enumerate(table) if z >= DECLARED}
            for name, cards in known.items():
                z = at.get(name) if isinstance(name, str) else None
                if z is None:
                    declared = ", ".join(at) or "none"
                    problems.append(
                        f"zones: no zone {shown(name)} (the variant declares {declared})"
                    )
                    continue
                cards_of[z] = (cards, f"zones.{name}")
    for z, (cards, where) in cards_of.items():
        piles = r.piles[z]
        if not table[z].per_owner:
            pile = _card_indices(rules, cards, where, problems)
            piles[0][:] = pile[::-1] if z == STOCK else pile
        elif not is_list(cards) or len(cards) != len(piles):
            problems.append(f"{where}: expected {len(piles)} lists of cards, one a pile")
        else:
            for k, pile in enumerate(cards):
                piles[k][:] = _card_indices(rules, pile, f"{where}[{k}]", problems)


def _laid_away_problems(
    rules: CompiledVariant, r: Round, zones: Mapping[str, Sequence[Any]] | None
) -> list[str]:
    """What is wrong with the record of the cards each seat laid away; inferred where it can be.

    Each seat's cards laid away (``zones={"laid_away": [...]}``, a list a
    seat: :data:`ono99.LAID_AWAY`) lie in the crib, which holds them all. Not
    given, the record is inferred where the table tells it: nothing laid away
    yet (the crib holds the stock's cards alone), or, where the stock gives
    the crib none, one seat alone has laid away (the hands tell) and the crib
    is its cards. Otherwise nobody can tell whose the crib's cards are.
    """
    if rules.laid_away < 0:
        return []
    name = rules.zones[rules.laid_away].name
    crib = rules.zones[rules.crib].name
    records = r.zones[rules.laid_away]
    held = [card for pile in r.zones[rules.crib] for card in pile]
    table: object = zones  # typed a mapping, but a caller may pass anything
    if not isinstance(table, Mapping) or name not in table:
        players = len(r.hands)
        given = rules.from_stock.get(players, 0)
        if len(held) <= given:
            return []  # nothing laid away yet
        keep = rules.hand_size - rules.put_aside.get(players, 0)
        done = [s for s in range(players) if r.in_round[s] and len(r.hands[s]) <= keep]
        if not given and len(done) == 1 and len(held) == rules.put_aside.get(players, 0):
            records[done[0]][:] = held  # one seat alone has laid away: the crib is its
            return []
        return [
            f"zones.{name}: the {crib} holds {len(held)} cards, and whose they are cannot be "
            f"told: give the cards each seat laid away (zones={{{name!r}: [...]}}, a list "
            "of card ids a seat)"
        ]
    left = held[:]
    problems = []
    for seat, pile in enumerate(records):
        for card in pile:
            if card in left:
                left.remove(card)
            else:
                problems.append(
                    f"zones.{name}[{seat}]: {rules.ids[card]} is laid away, and the {crib} "
                    "holds no such card (the cards laid away lie in it)"
                )
    return problems


def _open_problems(
    rules: CompiledVariant,
    r: Round,
    *,
    current_player: object,
    starter: object,
    declared: object,
    reaction: object,
    resume: object,
) -> list[str]:
    """What is wrong with the starter, the declaration and the reaction; sets them where right.

    The starter lies out of play (where the deal turned it up); a declaration
    names one of the things its card lets its player name; a reaction is
    aimed at the player to move by another seat in the round.
    """
    problems = []
    players = len(r.hands)
    if starter is not None:
        index = card_index(rules, starter) if isinstance(starter, str) else None
        if index is None:
            problems.append(f"starter: there is no card {shown(starter)}")
        elif not rules.starter:
            problems.append("starter: this variant turns no starter up (deal.starter)")
        elif index not in r.out_of_play:
            problems.append(f"starter: {starter} lies out of play, and out_of_play lacks it")
        else:
            r.set_record(STARTER, [[index]])
    if declared is not None:
        words = _declarable(rules)
        if not isinstance(declared, Declaration):
            problems.append(f"declared: expected a Declaration or None, got {shown(declared)}")
        elif declared.value not in words.get(declared.card, ()):
            problems.append(
                f"declared: {shown(declared.card)} names none of {shown(declared.value)}"
            )
        elif not is_int(declared.seat) or not 0 <= declared.seat < players:
            problems.append(f"declared.seat: no seat {shown(declared.seat)}")
        else:
            r.declared = declared
    if reaction is not None:
        if not isinstance(reaction, Reaction):
            problems.append(f"reaction: expected a Reaction or None, got {shown(reaction)}")
        elif not rules.reacts:
            problems.append("reaction: no card of this variant opens a reaction")
        elif reaction.seat != current_player:
            problems.append(
                f"reaction.seat: the reaction is answered by the player to move "
                f"({shown(current_player)}), not {shown(reaction.seat)}"
            )
        elif (
            not is_int(reaction.by)
            or not 0 <= reaction.by < players
            or reaction.by == reaction.seat
            or not r.in_round[reaction.by]
        ):
            problems.append(f"reaction.by: no other seat in the round {shown(reaction.by)}")
        else:
            r.reaction = reaction
    if resume is not None and (
        reaction is None or not is_int(resume) or not 0 <= resume < players
    ):
        problems.append(f"resume: expected a seat with a reaction open, got {shown(resume)}")
    return problems


def _declarable(rules: CompiledVariant) -> dict[str, tuple[str, ...]]:
    """What each card that declares lets its player name, by its id."""
    return {
        card.id: tuple(card.declarer.declarations(None))
        for card in rules.cards
        if card.declarer is not None
    }


def place(
    e: Engine,
    variant_id: str,
    hands: Sequence[Sequence[str]],
    draw_pile: Sequence[str],
    *,
    discard_pile: Sequence[str],
    out_of_play: Sequence[str],
    total: int | None,
    direction: int,
    current_player: int,
    plays_owed: int,
    played_this_turn: Sequence[str],
    forced_by: str,
    in_round: Sequence[bool] | None,
    in_game: Sequence[bool] | None,
    tokens: Sequence[int] | None,
    scores: Sequence[int] | None,
    round: int,
    dealer: int | None,
    count: Sequence[str] = (),
    last_play: tuple[str, int | None, int | None] | None = None,
    last_player: int | None = None,
    passes: int = 0,
    starter: str | None = None,
    declared: Declaration | None = None,
    reaction: Reaction | None = None,
    resume: int | None = None,
    zones: Mapping[str, Sequence[Any]] | None = None,
) -> None:
    """Put a new game's engine in the position :meth:`ono99.Game.from_position` describes.

    Raises:
        VariantError: Every problem of the position, one line each.
    """
    rules = e.rules
    players = e.n
    problems: list[str] = []

    def indices(cards: Sequence[str], where: str) -> list[int]:
        return _card_indices(rules, cards, where, problems)

    def flags(values: Sequence[Any] | None, where: str, default: list[Any]) -> list[Any]:
        return _per_seat(values, where, default, problems)

    r = Round(rules.stacking, rules.stack_on, rules.empty_zones(players))
    r.phase = rules.play_phase  # a position is in the play, or cards are being laid away
    given = {HAND: hands, STOCK: draw_pile, PILE: discard_pile, OUT_OF_PLAY: out_of_play}
    _place_zones(e, r, given, zones, problems)
    if not problems:
        problems += _missing_cards(rules, e.full_deck, r)
    seats_in_game = flags(in_game, "in_game", [True] * players)
    r.in_round = flags(in_round, "in_round", seats_in_game[:])
    if not problems:
        problems += _laid_away_problems(rules, r, zones)
    seat_tokens = flags(tokens, "tokens", e.tokens)
    seat_scores = flags(scores, "scores", [0] * players)
    problems += _position_problems(
        in_round=r.in_round,
        in_game=seats_in_game,
        current_player=current_player,
        direction=direction,
        plays_owed=plays_owed,
        dealer=dealer,
        round=round,
        total=total,
        forced_by=forced_by,
    )
    turn = indices(played_this_turn, "played_this_turn")
    r.history = indices(count, "count")
    problems += _count_problems(rules, r, last_play, last_player, passes)
    problems += _open_problems(
        rules,
        r,
        current_player=current_player,
        starter=starter,
        declared=declared,
        reaction=reaction,
        resume=resume,
    )
    problems += _possible_problems(
        rules,
        e.full_deck,
        r,
        turn,
        scores=seat_scores,
        total=total,
        plays_owed=plays_owed,
        round=round,
    )
    known: object = forced_by  # typed str, but a caller may pass anything
    if isinstance(known, str) and known and known not in rules.index:
        problems.append(f"forced_by: there is no card {forced_by!r} in {variant_id}")
    if problems:
        raise VariantError(problems, "position")
    r.total = rules.start if total is None else total
    r.direction = direction
    r.players_in_round = sum(r.in_round)
    r.losers = [s for s in range(players) if seats_in_game[s] and not r.in_round[s]]
    r.turn_plays = [rules.cards[k].id for k in turn]
    r.plays_made = len(turn)
    r.forced = plays_owed + r.plays_made
    r.forced_by = forced_by  # read only while plays are owed
    r.answering = r.forced > 1 and not turn
    if _laying_away(rules, r, current_player, starter=starter, discard_pile=discard_pile):
        r.phase = next(phase for phase in rules.phases if phase.name == "put_aside")
    if r.reaction is not None:
        # Once the reaction closes, the turn passes from the player who aimed it.
        aimer = r.reaction.by
        r.resume = resume if resume is not None else e.next_seat(aimer, r.in_round, direction)
        r.push(rules.react_phase)  # the reaction's interrupt phase, over the play
    _set_position(
        e,
        r,
        in_game=seats_in_game,
        tokens=seat_tokens,
        scores=seat_scores,
        round=round,
        current=current_player,
        dealer=dealer if dealer is not None else e.next_seat(current_player, r.in_round, -1),
    )


def _laying_away(
    rules: CompiledVariant,
    r: Round,
    current: int,
    *,
    starter: str | None,
    discard_pile: Sequence[str],
) -> bool:
    """Whether a checked position is in the put-aside phase: cards are still laid away.

    So where the variant lays cards away (``deal.put_aside``), nothing is
    played yet (no count, no discard pile), no starter is turned up ("After the
    crib is laid away, the non-dealer cuts the pack", Bicycle Cards) and the
    player to move holds more cards than a hand keeps: the zone table says
    where the round is, with no setting of its own.
    """
    laying = rules.put_aside.get(len(r.hands), 0)
    if not rules.lays_away or not laying or starter is not None or discard_pile or r.history:
        return False
    return len(r.hands[current]) > rules.hand_size - laying


def _set_position(
    e: Engine,
    r: Round,
    *,
    in_game: list[bool],
    tokens: list[int],
    scores: list[int],
    round: int,
    current: int,
    dealer: int,
) -> None:
    """Put the game in a checked position, with ``r`` its round, and go on from it.

    The log starts empty, and a player with no safe play is dealt with at once.
    """
    e.r = r
    e.in_game = in_game
    e.tokens = tokens
    e.scores = scores
    e.round = round
    e.current = current
    e.dealer = dealer
    e.events.clear()
    e.moves.clear()
    e.legal = None
    e.advance()


def deck_order(e: Engine, deck: Iterable[str]) -> list[int]:
    """The order the cards are dealt in for a game given ``deck`` (its first cards, by id).

    The cards the order leaves out follow it, shuffled with the game's generator.

    Raises:
        VariantError: If a card is not in the variant, or more of one are asked for
            than the deck holds.
    """
    rules = e.rules
    remaining = list(e.full_deck)
    order = []
    for position, card_id in enumerate(deck):
        index = card_index(rules, card_id)
        if index is None:
            raise VariantError(
                f"deck[{position}]: there is no card {shown(card_id)} in {e.variant.id}"
            )
        try:
            remaining.remove(index)
        except ValueError:
            raise VariantError(
                f"deck[{position}]: the deck holds only {e.full_deck.count(index)} "
                f"of card {shown(card_id)}, and the order asks for more"
            ) from None
        order.append(index)
    shuffle(e.rng, remaining)
    return order + remaining
