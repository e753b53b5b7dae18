"""A variant's rules in plain words, generated from its resolved rule objects.

The rulebook is written from the :class:`~ono99.Variant` alone: its settings
and the ``describe()`` of each card's rule objects. Nothing here knows a card
or a variant by name, so a new variant or house rule gets a correct rulebook
without new code, and the rulebook cannot drift from the TOML.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING, Any, Literal

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99._variant import NOT_RULES, RoundRules, Variant, VariantLike, card_name
from ono99.loading import toml_value, unstructure_variant, variant_arg, vet_rules
from ono99.rules import ask, is_text

if TYPE_CHECKING:
    from ono99._variant import Card, DealScore

__all__ = ["card_rules", "relevant_settings", "rulebook"]

Format = Literal["text", "rst"]

_FORMATS = ("text", "rst")
# Metadata that names or describes a variant without changing how it plays.
_WIDTH = 79


def rulebook(variant: VariantLike, *, format: Format = "text") -> str:
    """A variant's rules in plain words, from its settings and rule objects.

    Every setting that affects play is stated in a sentence, and every card
    is listed with what it does, in the words of its rule objects'
    ``describe()``.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        format: ``"text"`` for plain text (lines of at most 79 characters),
            or ``"rst"`` for reStructuredText: the same words, with the
            cards as a table and, at the end, the settings as TOML keys.

    Returns:
        The rulebook, a title first and one section per part of the rules.

    Raises:
        VariantError: If ``variant`` names no variant or its file has problems.
        RuleError: If a rule object's ``describe()`` raises, or says no words.
        ArgumentError: If ``format`` is neither ``"text"`` nor ``"rst"``, or
            ``variant`` is not a variant, an id or a path.

    >>> import ono99
    >>> text = ono99.rulebook("ono99-2022")
    >>> print(text.splitlines()[0])
    ONO 99 (Mattel, 2022)
    >>> print(next(line for line in text.splitlines() if "goes below" in line))
    - The total never goes below 0: a card that would take it lower leaves it at 0.
    """
    if format not in _FORMATS:
        raise ArgumentError("format", f"expected 'text' or 'rst', got {shown(format)}")
    variant = variant_arg(variant)
    vet_rules(variant)
    return _Writer(variant, rst=format == "rst").write()


# ----------------------------------------------------------------- settings


_DEFAULT_ROUNDS: int = RoundRules().max_rounds
"""``round.max_rounds`` as a file leaves it: the safety cap, not a length the rules choose."""


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, path + "."))
        else:
            out[path] = value
    return out


def relevant_settings(variant: Variant) -> dict[str, Any]:
    """The settings that affect play, by TOML key path, with their values.

    Settings that cannot matter under the others (the points values of a
    token game, say) are left out, and so are the cards, the triggers (each
    told in words of its own) and the variant's names.

    >>> import ono99
    >>> settings = relevant_settings(ono99.load_variant("ono99-2022"))
    >>> settings["total.floor"], settings["redraw.count"], "match.tokens.count" in settings
    (0, 4, False)
    """
    data = unstructure_variant(variant)
    for key in (*NOT_RULES, "cards", "triggers"):
        data.pop(key, None)
    flat = _flatten(data)
    scoring = variant.match.scoring
    # Undoing a bust matters only when play goes on after a player busts.
    busts_play_on = (
        variant.no_safe_play.action == "play_lowest" and variant.round.end == "last_standing"
    )
    # Stacking matters only where some card forces plays.
    forces = any(e.forces_plays for card in variant.cards for e in card.resolved_effects)
    # Where players pass, nobody is put out of a round: how a round ends for the
    # players put out, and what losing one costs, cannot matter.
    passing = variant.no_safe_play.action == "pass"
    losing = ("round.end", "match.points.bust", "match.points.stuck_is_bust")
    # The reshuffle matters only where someone draws after the deal.
    draws = _anyone_draws(variant)
    return {
        path: value
        for path, value in flat.items()
        if not (path.startswith("forced_play.") and not forces)
        and not (path == "forced_play.stack_on" and variant.forced_play.stacking == "none")
        and not (path.startswith("match.tokens.") and scoring != "tokens")
        and not (path.startswith("match.points.") and scoring != "points")
        and not (path == "no_safe_play.undo_bust" and not busts_play_on)
        and not (path == "no_safe_play.laid_down" and variant.no_safe_play.action != "lay_down")
        # The floor's kind matters only with a floor; the restart only when players pass.
        and not (path == "total.below_floor" and variant.total.floor is None)
        and not (path == "total.restart" and variant.no_safe_play.action != "pass")
        and not (path == "no_safe_play.count_ends" and variant.no_safe_play.action != "pass")
        # The show matters only with triggers that score at it.
        and not (path == "deal.show" and not any(t.on_show for t in variant.triggers))
        and not (path == "match.tokens.out_at_zero" and variant.match.tokens.play_on_at_zero)
        and not (path == "match.points.reached" and variant.match.points.at_target != "win")
        # Where cards are laid away matters only when some are.
        and not (path == "deal.put_aside_to" and not _lays_away(variant))
        # A team's size matters only at the player counts played in teams.
        and not (path == "players.teams.size" and not variant.players.teams.at)
        and not (path == "reshuffle.keep_top_card" and not variant.reshuffle.enabled)
        and not (path.startswith("reshuffle.") and not draws)
        and not (path in losing and passing)
        and value != []  # no steps by player count: nothing to say
    }


def _anyone_draws(variant: Variant) -> bool:
    """Whether any player draws after the deal: a refill, a redraw or a card's effect."""
    return (
        variant.deal.refill
        or variant.redraw is not None
        or any(e.changes_hands for card in variant.cards for e in card.resolved_effects)
    )


# ------------------------------------------------------------------- words


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count:,} {word}s"


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _describe(rule: object, path: str) -> str:
    """What ``rule.describe()`` says, checked to be words.

    Raises:
        RuleError: If it raises, or gives back something that is not a str.
    """
    text: str = ask(rule, path, "describe", check=is_text, expected="a str")
    return text


def card_rules(card: Card) -> str:
    """What a card does and when it may be played, in sentences.

    >>> import ono99
    >>> print(card_rules(ono99.load_variant("ono99-1980").card("double_play")))
    Makes the next player play 2 cards. Not as the first play of a forced turn.
    """
    # As the card plays: a ``when`` that asks what the card is (its colour, its
    # suit) is the branch this card takes, not both.
    effects = "; ".join(
        _describe(effect, f"cards.{card.id}.effects[{i}]") for i, effect in card.resolved
    )
    conditions = [
        _sentence(_describe(condition, f"cards.{card.id}.conditions[{i}]"))
        for i, condition in enumerate(card.conditions)
    ]
    never = any(condition.blocks_every_play for condition in card.conditions)
    if effects:
        parts = [_sentence(effects)]
    elif never:
        parts = []
    else:
        parts = ["Does not change the total."]
    parts += conditions
    if card.text:
        parts.append(_sentence(card.text))
    return " ".join(parts)


class _Writer:
    """Builds one rulebook; ``rst`` switches the markup, not the words."""

    def __init__(self, variant: Variant, *, rst: bool) -> None:
        self.v = variant
        self.rst = rst
        self.lines: list[str] = []

    # markup --------------------------------------------------------------

    def esc(self, text: str) -> str:
        """Text as it must be written to read the same in the output."""
        if not self.rst:
            return text
        return re.sub(r"([\\*`|_])", r"\\\1", text)

    def heading(self, text: str, underline: str) -> None:
        text = self.esc(text)
        if self.lines and self.lines[-1]:
            self.lines.append("")
        self.lines += [text, underline * len(text), ""]

    def para(self, text: str) -> None:
        self.lines += [*_wrap(text), ""]

    def bullets(self, items: list[str]) -> None:
        for item in items:
            self.lines += _wrap(item, "- ", "  ")
        self.lines.append("")

    @property
    def see_cards(self) -> str:
        """A pointer to the section listing the cards."""
        return "see `The cards`_" if self.rst else "see The cards"

    def lit(self, text: str) -> str:
        return f"``{text}``" if self.rst else text

    # the book ------------------------------------------------------------

    def write(self) -> str:
        v = self.v
        self.heading(v.name or v.id, "=")
        if v.description:
            self.para(self.esc(v.description))
        about = [f"Variant id: {self.lit(v.id)}."]
        if v.aliases:
            about.append("Also found as " + ", ".join(self.lit(a) for a in v.aliases) + ".")
        if v.source:
            about.append(_sentence(f"Source: {self.esc(v.source)}"))
        self.para(" ".join(about))
        self.heading("Players and the deal", "-")
        self.bullets(self.players_and_deal())
        self.heading("The total", "-")
        self.bullets(self.the_total())
        self.heading("A turn", "-")
        self.bullets(self.a_turn())
        self.heading("Rounds and winning", "-")
        self.bullets(self.rounds_and_winning())
        self.heading("The cards", "-")
        self.cards()
        if self.rst:
            self.heading("Settings", "-")
            self.settings()
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n"

    def players_and_deal(self) -> list[str]:
        v = self.v
        low, high = v.players.min, v.players.max
        out = [f"{low} players." if low == high else f"{low} to {high} players."]
        teams = v.players.teams
        for count in teams.at:
            seats = "; ".join(
                " and ".join(f"seat {s}" for s in team) for team in teams.for_players(count)
            )
            out.append(
                f"{count} players play in teams of {teams.size}, partners seated alternately "
                f"({seats}): partners share their points and tokens, and win together."
            )
        per_deck = sum(card.count for card in v.cards)
        if v.deck.copies == 1:
            out.append(f"One deck of {per_deck} cards ({self.see_cards}).")
        else:
            out.append(
                f"{v.deck.copies} decks of {per_deck} cards ({self.see_cards}) "
                f"shuffled together: {v.deck_size} cards."
            )
        for step in v.deck.copies_by_players:
            decks = "one deck" if step.value == 1 else f"{step.value} decks"
            out.append(
                f"With more than {_plural(step.more_than, 'player')}, {decks} of "
                f"{per_deck} cards: {step.value * per_deck} cards."
            )
        hand = v.deal.hand_size
        kept = v.deal.kept()
        after = (
            f"draws back up to {kept} after each play"
            if v.deal.refill
            else "draws none after a play: hands run out"
        )
        if v.deal.extra:
            extra = " and ".join(f"{e.count} \u00d7 {v.card(e.card).name}" for e in v.deal.extra)
            out.append(
                f"On top of the deal, each player is given {extra} from the deck, taken "
                "out before the hands are dealt: part of the hand, played as any other card."
            )
        out.append(
            f"Each player is dealt {_plural(hand, 'card')}, one at a time, starting left "
            f"of the dealer, and {after}."
        )
        if v.deal.first_dealer == "random":
            dealer = "A seat drawn at random (with the game's seed) deals the first round"
        else:
            dealer = "The last seat deals the first round, so seat 0 leads it"
        out.append(f"{dealer}; the deal passes to the left each round.")
        out += _put_aside_words(v)
        if v.deal.starter:
            when = "the cards are laid away" if _lays_away(v) else "the hands are dealt"
            out.append(
                f"Once {when}, the top card of the stock is turned up: the "
                "starter, which every player sees and nobody plays."
            )
        out += [
            _sentence(f"Beside the stock, the pile and the hands, a zone, the {zone.describe()}")
            + " It starts each round empty."
            for zone in v.zones
        ]
        show = v.deal.show if any(t.on_show for t in v.triggers) else "none"
        if show != "none":
            when = (
                "Once the hands are dealt, before the first play"
                if show == "at_deal"
                else "Once the play is over, before the round is scored"
            )
            out.append(
                f"{when}, each hand is shown and scored"
                + (" with the starter" if v.deal.starter else "")
                + ", from the player left of the dealer round to the dealer"
                + (
                    f", then the {v.deal.put_aside_to}, for the dealer"
                    if _lays_away(v) and any(z.name == v.deal.put_aside_to for z in v.zones)
                    else ""
                )
                + " (the rules for the show are below)."
            )
        if v.round.phases:  # listed by the file: its own phases among them, maybe
            out.append(
                "Each round goes through these phases, in this order: "
                + ", ".join(v.round.phases)
                + "."
            )
        if v.deal.leader == "last_loser":
            out.append(
                "The player who lost the previous round leads the next one (in the first "
                "round, the player left of the dealer); play starts clockwise."
            )
        else:
            out.append("The player left of the dealer leads; play starts clockwise.")
        return out

    def the_total(self) -> list[str]:
        t = self.v.total
        out = [f"The total starts at {t.start} each round."]
        out.append(
            f"A card may not take the total to {t.bust} or more: {t.bust - 1} is safe, "
            f"{t.bust} busts."
        )
        if t.floor is None:
            out.append("The total may go below zero: there is no floor.")
        elif t.below_floor == "illegal":
            out.append(f"A card may not take the total below {t.floor}.")
        elif t.below_floor == "busts":
            out.append(
                f"The total counts down to {t.floor}: a card may not take it below "
                f"{t.floor} either, which busts as {t.bust} does ({t.floor} is safe)."
            )
        else:
            out.append(
                f"The total never goes below {t.floor}: a card that would take it lower "
                f"leaves it at {t.floor}."
            )
        if t.restart == "when_all_pass":
            who = (
                "two players holding cards have"
                if self.v.no_safe_play.count_ends == "two_passed"
                else "every player in the round has"
            )
            out.append(
                f"Once {who} passed in a row, the count starts again at {t.start}, led by "
                "the player after the last to play."
            )
        return out

    def a_turn(self) -> list[str]:
        v = self.v
        bust = v.total.bust
        draws = " and draws" if v.deal.refill else ""
        out = [
            f"On a turn a player plays one card, keeping the total below {bust}, "
            f"announces the new total{draws}."
        ]
        if any(e.forces_plays for c in v.cards for e in c.resolved_effects):
            stacking = {
                "none": "the next player owes exactly what that card says: forced plays "
                "never stack",
                "multiply": "the plays multiply: the next player owes the plays this turn "
                "was forced to make times what the card says (2 x 2 = 4)",
                "add": "the plays add up: the next player owes the plays this turn was "
                "forced to make plus what the card says (2 + 2 = 4)",
            }[v.forced_play.stacking]
            out.append("A player forced to make several plays draws after each of them.")
            if v.forced_play.stacking != "none" and v.forced_play.stack_on == "answer":
                out.append(
                    "When a forced player answers with a card that forces plays (the first "
                    "play of the turn, back to back with the card that forced it, even a "
                    f"card that may not otherwise answer), {stacking}, and the turn ends "
                    "there; played later in the turn, such a card passes on only what it "
                    "says."
                )
            elif v.forced_play.stacking != "none":
                out.append(
                    f"When a forced player plays a card that forces plays, {stacking}, "
                    "whether the card is the turn's first play or its second."
                )
            else:
                out.append(f"When a forced player plays a card that forces plays, {stacking}.")
            out.append("A player who loses during a forced turn passes no forced plays on.")
        if v.no_safe_play.action == "pass":
            out.append(
                "A player with no safe play (or no card) passes, keeps the hand and stays in "
                "the round."
            )
            two = v.no_safe_play.count_ends == "two_passed"
            if two and v.total.restart != "never":
                out.append(
                    "Two passes in a row by players holding cards end the count, though "
                    "another could still play."
                )
            if v.total.restart == "never":
                out.append(
                    "Once two players holding cards have passed in a row, the round ends."
                    if two
                    else "Once every player in the round has passed in a row, the round ends."
                )
        elif v.no_safe_play.action == "lay_down":
            where = {
                "out_of_play": "those cards leave play until the next round",
                "discard_pile": "those cards join the played cards, to be shuffled "
                "into the next draw pile",
            }[v.no_safe_play.laid_down]
            out.append(
                "A player with no safe play plays nothing, lays the hand down face up "
                f"({where}) and is out."
            )
        else:
            out.append(
                "A player with no safe play must play the card that gives the lowest "
                "total, busting, and draws; a player who can play no card at all loses "
                "without playing or drawing."
            )
            if v.round.end == "last_standing":
                if v.no_safe_play.undo_bust:
                    out.append(
                        "After a bust the players still in go on from the total before "
                        "the busting card."
                    )
                else:
                    out.append(
                        "After a bust the busting total stands: the next player must "
                        f"bring it back below {bust} or bust too."
                    )
        if v.redraw is not None:
            card = self.card_name(v.redraw.card)
            count = v.redraw.count
            when = {
                "any_play": "(or one of the plays a forced turn owes)",
                "first_play": "and may only be its first play",
            }[v.redraw.when]
            out.append(
                f"A player holding {count} {card} cards may discard {count} of them and "
                f"draw {count}, adding nothing to the total; this counts as the turn's play "
                f"{when}."
            )
        pile = "the discard pile"
        if v.reshuffle.keep_top_card:
            pile += " (all but the last card played)"
        if not _anyone_draws(v):
            pass  # nobody draws from the pile after the deal
        elif v.reshuffle.enabled:
            out.append(
                f"When the draw pile runs out, {pile} is shuffled into a new draw pile; "
                "the total stays as it is."
            )
        else:
            out.append("When the draw pile runs out, nobody draws any more this round.")
        if not v.deal.refill or not v.reshuffle.enabled:
            out.append("A round in which nobody holds a card ends there.")
        if any(e.opens_reactions for card in v.cards for e in card.resolved_effects):
            out.append(
                "A card that aims something at a player (see The cards) lets that player "
                "answer at once, out of turn, before play goes on: an answering card goes "
                "on the pile without its effects, and its player draws again; or they "
                "take what was aimed. Then play goes on as the card left it. If the card "
                "that aimed it ends the round or the game, or puts that player out of it, it "
                "lapses: nobody takes it."
            )
        return out

    def rounds_and_winning(self) -> list[str]:
        out = self.round_ending()
        v = self.v
        for i, trigger in enumerate(v.triggers):
            text = self.esc(_describe(trigger, f"triggers[{i}]"))
            out.append(f"{text[:1].upper()}{text[1:]}.")
        match = v.match
        if match.scoring == "tokens":
            best = "the player with the most tokens"
        elif match.scoring == "points":
            high = match.points.at_target == "win"
            best = f"the player with the {'highest' if high else 'lowest'} score"
        else:
            best = "the first player in seat order still in"
        rounds = v.round.max_rounds
        if rounds != _DEFAULT_ROUNDS and match.scoring != "none":
            # The file chose the game's length: it is a rule, not the safety cap.
            length = "a single round" if rounds == 1 else f"at most {_plural(rounds, 'round')}"
            when = "at its end" if rounds == 1 else f"after the {_ordinal(rounds)} round"
            out.append(f"The game is {length}: {when}, {best} wins.")
            out.append(
                f"A round in which {v.round.max_plays:,} plays have been made ends at once "
                f"with no winner; a game still undecided after {v.round.max_game_plays:,} "
                f"plays in all is won by {best}."
            )
            return out
        out.append(
            f"A round in which {v.round.max_plays:,} plays have been made ends at once with no "
            f"winner; a game still undecided after {_plural(v.round.max_rounds, 'round')}, "
            f"or {v.round.max_game_plays:,} plays in all, is won by {best}."
        )
        return out

    def round_ending(self) -> list[str]:
        v = self.v
        match = v.match
        passing = v.no_safe_play.action == "pass"
        if passing:
            out = ["Nobody is put out of a round."]
        elif v.round.end == "first_loss":
            out = ["The first player to lose ends the round."]
        else:
            out = [
                "A player who loses is out of the round; the round goes on until one "
                "player is left."
            ]
        if match.scoring == "none":
            out.append("The game is a single round: its last player standing wins.")
            return out
        if match.scoring == "tokens":
            tokens = match.tokens
            out.append(
                f"Each player starts with {_plural(tokens.count, 'token')} and loses "
                f"{'one' if tokens.lost == 1 else tokens.lost} for each round lost."
            )
            for step in tokens.count_by_players:
                out.append(
                    f"With more than {_plural(step.more_than, 'player')}, each starts "
                    f"with {_plural(step.value, 'token')}."
                )
            if tokens.play_on_at_zero:
                out.append(
                    "A player with no tokens left plays on, and is out of the game on "
                    f"the next loss (the {_ordinal(tokens.count + 1)} loss)."
                )
            elif tokens.out_at_zero == "at_once":
                out.append(
                    "A player who loses the last token is out of the game; one whom a rule "
                    "leaves with none during a round loses that round at once."
                )
            else:
                out.append("A player who loses the last token is out of the game.")
            out.append("The last player left in the game wins.")
            return out
        points = match.points
        best = "the highest" if points.at_target == "win" else "the lowest"
        missing = (
            f", plus {points.missing_card} for each card the hand is short of {v.deal.kept()}"
            if points.missing_card
            else ""
        )
        if any(card.points for card in v.cards):
            out.append(
                "After each round every player still in the game scores the points of the "
                f"cards left in hand ({self.see_cards}){missing}; {best} score is best."
            )
        else:
            short = (
                f"; each player still in the game scores {points.missing_card} for each card "
                f"the hand is short of {v.deal.kept()}"
                if points.missing_card
                else ""
            )
            out.append(
                "Every card scores 0 points, so the cards left in hand add nothing to a "
                f"score{short}; {best} score is best."
            )
        if not passing:
            out.append(self._bust_points())
        if points.survivor:
            out.append(f"The winner or last player standing of a round scores {points.survivor}.")
        out += [_deal_score_words(given) for given in points.at_deal if given.points]
        if points.negative:
            out.append("A score may go below zero.")
        if points.at_target == "win" and points.reached == "at_once":
            out.append(
                f"The first player whose score reaches {points.target} wins the game at "
                "once, in the middle of a round if need be."
            )
        elif points.at_target == "win":
            out.append(
                f"The first player whose score reaches {points.target} wins the game; if "
                "several reach it in the same round, the highest score wins and players "
                "tied for it play on."
            )
        elif points.at_target == "out":
            out.append(
                f"A player whose score reaches {points.target} is out of the game; the last "
                "player left wins. If every player left reaches it in the same round, the "
                "lowest score wins and players tied for it play on."
            )
        else:
            out.append(
                f"When any player's score reaches {points.target}, the game ends: the lowest "
                "score wins, and players tied for it play on."
            )
        return out

    def _bust_points(self) -> str:
        """What losing a round adds to a score, a stuck player's loss included or not."""
        points = self.v.match.points
        if not points.bust:
            return "Losing a round adds nothing more to a score."
        if points.stuck_is_bust:
            return (
                f"A player who lost the round adds {points.bust}, also one who lost because "
                "no card could be played."
            )
        return (
            f"A player who lost the round by busting adds {points.bust}; one who lost "
            "because no card could be played adds nothing for it."
        )

    def card_name(self, card_id: str) -> str:
        return self.esc(card_name(self.v, card_id))

    def cards(self) -> None:
        v = self.v
        points = v.match.scoring == "points"
        if not self.rst:
            items = []
            for card in v.cards:
                count = _plural(card.count, "card")
                if points:
                    count += f", {_plural(card.points, 'point')} each"
                items.append(f"{card.name} ({count}): {card_rules(card)}")
            self.bullets(items)
            return
        self.lines += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 30 70",
            "   :class: ono99-cards",
            "",
            "   * - Card",
            "     - What it does",
        ]
        for card in v.cards:
            count = _plural(card.count, "card")
            if points:
                count += f", {_plural(card.points, 'point')} each"
            # The card's name with its id (what moves and files call it) when
            # that differs, and how many there are.
            name = f"**{self.esc(card.name)}**"
            if card.id != card.name:
                name += f" ``{card.id}``"
            self.lines += [
                f"   * - {name}",
                "",
                f"       {count}",
                f"     - {_cell(self.esc(card_rules(card)))}",
            ]
        self.lines.append("")

    def settings(self) -> None:
        self.para(
            "The settings above, as written in a variant file (the resolved values, "
            "defaults included; settings of unused scoring systems are left out):"
        )
        self.lines += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :class: ono99-settings",
            "",
            "   * - Key",
            "     - Value",
        ]
        for path, value in relevant_settings(self.v).items():
            self.lines += [f"   * - ``{path}``", f"     - ``{toml_value(value)}``"]
        self.lines.append("")


def _wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    return textwrap.wrap(
        text,
        _WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _cell(text: str) -> str:
    """A table cell's text: an empty cell, or one starting with a list marker, kept plain."""
    if not text:
        return r"\ "
    if re.match(r"^([-+*]|\d+[.)])(\s|$)", text):
        return "\\" + text
    return text


def _deal_score_words(given: DealScore) -> str:
    """A score given at a deal (``match.points.at_deal``), in words: "three for last"."""
    whose = {
        "left_of_dealer": "the player left of the dealer",
        "dealer": "the dealer",
        "each": "each player",
    }[given.seat]
    when = "the first deal of the game" if given.deals == "first" else "every deal"
    return (
        f"At {when}, once the cards are dealt, {whose} scores {given.points} "
        f"point{'' if given.points == 1 else 's'}."
    )


def _lays_away(v: Variant) -> bool:
    """Whether cards go to a zone at the deal, at any player count the variant allows."""
    counts = range(v.players.min, v.players.max + 1)
    deal = v.deal
    return any(deal.put_aside_for(n) or deal.from_stock_for(n) for n in counts)


def _put_aside_words(v: Variant) -> list[str]:
    """The cards laid away into a zone at the deal (``deal.put_aside``), in words."""
    if not _lays_away(v):
        return []
    deal = v.deal
    zone = deal.put_aside_to

    def cards(n: int) -> str:
        return "1 card" if n == 1 else f"{n} cards"

    def words(laid: int, stock: int) -> str:
        given = f"the stock gives the {zone} {cards(stock)}, then " if stock else ""
        what = f"each player lays {cards(laid)} away into the {zone}" if laid else "nobody does"
        return f"once the hands are dealt, {given}{what}"

    counts = range(v.players.min, v.players.max + 1)
    each = {n: (deal.put_aside_for(n), deal.from_stock_for(n)) for n in counts}
    if len(set(each.values())) == 1:
        out = [_sentence(words(*each[v.players.min]))]
    else:
        out = [f"With {n} players, {words(*ways)}." for n, ways in each.items()]
    starter = ", with the starter" if deal.starter else ""
    out.append(
        "Each chooses them from the hand and lays them face down together, in turn from "
        "the player to play first; the cards kept are the hand played and shown, and the "
        f"{zone} is scored at the show{starter}, for its owner."
    )
    return out
