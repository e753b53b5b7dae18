"""A variant's settings: one frozen class for each table of a variant file but the cards.

The player counts and partnerships, the deck, the deal, the total, forced
plays, a player with no safe play, the reshuffle, the redraw, the round and
the match; :class:`~ono99.Variant` holds one of each. Their docstrings are
the TOML reference's descriptions of the keys.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

__all__ = [
    "NONE",
    "NONE_MEANS",
    "Deal",
    "DealScore",
    "Deck",
    "ExtraCard",
    "ForcedPlay",
    "Match",
    "NoSafePlay",
    "PlayerCount",
    "PlayerStep",
    "Points",
    "RedrawRule",
    "Reshuffle",
    "RoundRules",
    "Teams",
    "Tokens",
    "Total",
    "by_players",
]

NONE = "none"
"""How a TOML file spells ``None`` for an integer setting that may be unset
(TOML has no null): ``floor = "none"``."""

NONE_MEANS = "none means"
"""The metadata key of an ``int | None`` field that says what ``None`` means
there, for messages: ``expected an integer, or "none" for no floor``."""


@frozen
class Teams:
    """Which player counts play in partnerships, and how many partners a team has.

    Partners sit alternately (opposite each other at four), so that seat ``s``
    of ``n`` players is in team ``s % (n // size)``: with four players the
    teams are seats 0 and 2, and 1 and 3. Partners share their points or
    tokens ("Scores made by partners are combined", Bicycle Cards, Four-Hand
    Cribbage), and win together::

        [players]
        min = 2
        max = 4
        teams = { at = [4], size = 2 }

    A file that extends a variant (or a house rule laid over it) and allows
    fewer players leaves out the counts it inherits that it no longer allows:
    ``[players] max = 2`` over ``cribbage-pegging`` plays two, with no
    partnerships. A count the file lists itself must be allowed.

    Attributes:
        at: The player counts played in teams (none by default: every player
            plays alone).
        size: How many players a team has.
    """

    at: tuple[int, ...] = ()
    size: int = 2

    def for_players(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The teams of a ``players``-player game, each its seats; empty when played alone.

        >>> from ono99 import Teams
        >>> Teams(at=(4, 6)).for_players(4), Teams(at=(4, 6)).for_players(6)
        (((0, 2), (1, 3)), ((0, 3), (1, 4), (2, 5)))
        >>> Teams(at=(4,)).for_players(3)
        ()
        """
        if players not in self.at or self.size < 1 or players % self.size:
            return ()
        count = players // self.size
        return tuple(tuple(range(team, players, count)) for team in range(count))


@frozen
class PlayerCount:
    """How many players the game allows, and at which counts they play in teams.

    Attributes:
        min: The fewest players.
        max: The most players.
        teams: The player counts played in partnerships (see :class:`Teams`).

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").players
    PlayerCount(min=2, max=8, teams=Teams(at=(), size=2))
    """

    min: int = 2
    max: int = 6
    teams: Teams = Teams()


@frozen
class PlayerStep:
    """A setting's value when more than a number of players play.

    Used where a rule depends on the player count, such as "if more than 4
    people are playing use 2 decks and give each player just 3 pennies"
    (pagat.com, "99")::

        [deck]
        copies = 1
        copies_by_players = [{ more_than = 4, value = 2 }]

    Attributes:
        more_than: The step applies with more players than this.
        value: The setting's value then.

    >>> import ono99
    >>> ono99.load_variant("ninety-nine").deck.copies_by_players[0]
    PlayerStep(more_than=8, value=2)
    """

    more_than: int
    value: int


def by_players(base: int, steps: tuple[PlayerStep, ...], players: int) -> int:
    """The value of a setting for ``players`` players.

    The step with the highest ``more_than`` below ``players`` gives it; with
    no such step the setting keeps its ``base`` value.

    >>> by_players(1, (PlayerStep(4, 2), PlayerStep(8, 3)), 6)
    2
    >>> by_players(1, (PlayerStep(4, 2),), 4)
    1
    """
    best: PlayerStep | None = None
    for step in steps:
        if players > step.more_than and (best is None or step.more_than > best.more_than):
            best = step
    return base if best is None else best.value


@frozen
class Deck:
    """How the deck is built from the cards.

    Attributes:
        copies: How many copies of the whole deck are shuffled together.
        copies_by_players: Other numbers of copies for more players, such as
            two decks when more than four play.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").deck
    Deck(copies=1, copies_by_players=())
    """

    copies: int = 1
    copies_by_players: tuple[PlayerStep, ...] = ()

    def copies_for(self, players: int) -> int:
        """How many copies a game of ``players`` players uses."""
        return by_players(self.copies, self.copies_by_players, players)


@frozen
class ExtraCard:
    """A card dealt to every hand on top of the deal, taken from the deck.

    Some rule sets give each player a card of its own besides the hand, a
    Joker that is a life: each hand is dealt ``count`` cards of the kind
    ``card`` before the hands are dealt, so the deal proper never deals
    them; the deck must hold enough of them for every player::

        [deal]
        hand_size = 3
        extra = [{ card = "joker", count = 1 }]

    The hand is then kept at ``hand_size`` and these together by drawing
    after each play: a player who plays one draws a card for it, as for any
    other.

    Attributes:
        card: The id of the card (``[cards.<id>]``).
        count: How many of them each hand is dealt (1 or more).

    >>> from ono99 import ExtraCard
    >>> ExtraCard("joker")
    ExtraCard(card='joker', count=1)
    """

    card: str
    count: int = 1


@frozen
class Deal:
    """Dealing and who leads.

    Attributes:
        hand_size: Cards dealt to each player, and the hand size kept by
            drawing after each play.
        first_dealer: ``"last_seat"`` (the last seat deals the first round, so
            seat 0 leads it) or ``"random"`` (drawn with the game's seed).
        leader: Who leads each round: ``"left_of_dealer"``, or ``"last_loser"``
            (the loser of the previous round leads the next).
        refill: Whether a player draws back up to ``hand_size`` after each
            play. With ``false`` hands run out: "four cards each for the play"
            (Cribbage); a round in which nobody holds a card and none can be
            drawn ends there, as a drawn round.
        starter: Whether a card is turned up from the stock once the hands are
            dealt ("the top card of the deck is turned up. This card is used by
            both players for scoring their hands", Noddy): every player sees
            it, it is nobody's, and it is out of play until the round ends.
        show: When each hand is scored, with the starter, by the triggers that
            score at the show (``hand_fifteens``, ``hand_pairs``...):
            ``"none"``; ``"at_deal"``, once the hands are dealt, before the
            first play (Noddy: "the players total up the points in their hands
            ... The non-dealing player counts first"); or ``"at_round_end"``,
            once the play is over, before the round is scored (Cribbage's
            show). Each hand is the cards its player was dealt, shown in turn
            from the player after the dealer round to the dealer.
        put_aside: Cards each player lays away from the hand once the hands
            are dealt, into the zone ``put_aside_to`` (Cribbage's crib: "Each
            player looks at their six cards and 'lays away' two of them face
            down", Bicycle Cards, Cribbage), chosen by the player, before the
            starter is turned up. What is left is the hand played and shown.
        put_aside_by_players: Other numbers for more players ("Each player
            puts one card into the crib", Bicycle Cards, Three-Hand Cribbage).
        from_stock: Cards dealt from the stock into the zone ``put_aside_to``
            before the players lay theirs away ("Five cards are dealt to each
            player ... plus one card to the crib", Bicycle Cards, Three-Hand
            Cribbage).
        from_stock_by_players: Other numbers for more players.
        put_aside_to: The declared zone the cards laid away go to
            (``[zones.<name>]``); its owner scores it at the show, after the
            hands.
        extra: Cards dealt to every hand on top of the ``hand_size`` cards
            (see :class:`~ono99.ExtraCard`), such as a Joker each.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").deal
    Deal(hand_size=4, first_dealer='last_seat', leader='left_of_dealer', refill=True, ...)
    """

    hand_size: int = 4
    first_dealer: Literal["last_seat", "random"] = "last_seat"
    leader: Literal["left_of_dealer", "last_loser"] = "left_of_dealer"
    refill: bool = True
    starter: bool = False
    show: Literal["none", "at_deal", "at_round_end"] = "none"
    put_aside: int = 0
    put_aside_by_players: tuple[PlayerStep, ...] = ()
    from_stock: int = 0
    from_stock_by_players: tuple[PlayerStep, ...] = ()
    put_aside_to: str = "crib"
    extra: tuple[ExtraCard, ...] = ()

    def kept(self) -> int:
        """The cards a hand is dealt and kept at by drawing: ``hand_size`` and the ``extra``."""
        return self.hand_size + sum(extra.count for extra in self.extra)

    def put_aside_for(self, players: int) -> int:
        """Cards each player lays away in a game of ``players`` players."""
        return by_players(self.put_aside, self.put_aside_by_players, players)

    def from_stock_for(self, players: int) -> int:
        """Cards dealt from the stock to the crib in a game of ``players`` players."""
        return by_players(self.from_stock, self.from_stock_by_players, players)


@frozen
class Total:
    """The running total: where it starts, what busts, and its floor.

    Attributes:
        start: The total at the start of each round.
        bust: A total of this or more loses: with 99, 98 is safe and 99 busts.
        floor: The total never goes below this (it is raised to it), or
            ``None`` for no floor (negative totals allowed).
        below_floor: What a play that would take the total below the floor
            is: ``"raised"`` (played, the total raised to the floor),
            ``"illegal"`` (not a legal move: "a card may not take the total
            below 0") or ``"busts"``: the mirror of ``bust``, for a total
            that counts down (``start = 100``, cards that subtract): such a
            play is not a safe one, and a player who has no other busts as
            at the bust limit (``no_safe_play``), the rules playing, with
            ``"play_lowest"``, the card that busts by least, the highest
            total below the floor. The total is held at the floor; the
            ``reach_bust`` trigger fires only at ``bust``, so what a bust
            costs is said by the ``player_loses`` trigger. Needs a ``floor``.
        restart: ``"never"``, or ``"when_all_pass"``: once every player in
            the round has passed in a row (``no_safe_play.action = "pass"``),
            the count starts again at ``start``, led by the player after the
            last to play ("the count then starts again at 0", Cribbage). With
            ``"never"`` such a round ends there: nobody can play.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").total
    Total(start=0, bust=99, floor=None, below_floor='raised', restart='never')
    """

    start: int = 0
    bust: int = 99
    floor: int | None = field(default=None, metadata={NONE_MEANS: "no floor"})
    below_floor: Literal["raised", "illegal", "busts"] = "raised"
    restart: Literal["never", "when_all_pass"] = "never"


@frozen
class ForcedPlay:
    """How forced plays (Double Play, Play 2) combine.

    Attributes:
        stacking: ``"none"`` (the next player owes exactly what the card
            says), ``"multiply"`` or ``"add"`` (a forced player who plays one
            passes on the product or sum of what they owed and what the card
            says).
        stack_on: Which forcing cards of a forced player stack, when
            ``stacking`` is not ``"none"``. ``"answer"``: only one played as
            the answer (the first play of the forced turn, back to back with
            the card that forced it); it passes the combined plays on and ends
            the turn, and a ``not_as_answer`` condition gives way to it. One
            played later in the turn passes on only what it says.
            ``"any_play"``: any forcing card a forced player plays stacks,
            on the first play or a later one.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").forced_play
    ForcedPlay(stacking='none', stack_on='any_play')
    """

    stacking: Literal["none", "multiply", "add"] = "none"
    stack_on: Literal["any_play", "answer"] = "any_play"


@frozen
class NoSafePlay:
    """What happens to a player who has no safe play.

    Attributes:
        action: ``"play_lowest"``: the player must play the card that gives
            the lowest total, busting, and draws; a player who can play no
            card at all (a hand of O'NO 99 cards) loses without playing.
            ``"lay_down"``: the player plays nothing, lays the hand down and
            loses. ``"pass"``: the player plays nothing this turn, keeps the
            hand and stays in ("Go", in Cribbage); see ``total.restart``.
        laid_down: Where a laid-down hand goes: ``"out_of_play"`` (the cards
            leave play until the next round, as the 2022 edition says) or
            ``"discard_pile"`` (they are shuffled in with the played cards
            when the draw pile runs out, so the deck keeps its make-up).
        undo_bust: When play goes on after a player busts with
            ``"play_lowest"`` (``round.end = "last_standing"``), whether the
            busting card's total is undone: the players still in go on from
            the total the loser could not play on. With ``false`` the busting
            total stands, and the next player must bring it back under the
            limit (with a Minus Ten) or bust too.
        count_ends: With ``"pass"``, when the passes end the count:
            ``"all_passed"``, once every player in the round has passed in a
            row; ``"two_passed"``, once two holding cards have, though a
            third could still play ("If the first player after the Go cannot
            play, the second player does not play", Bicycle, Three-Hand
            Cribbage): a player with no card left passes without calling a go,
            so the last to hold cards plays them out. At two players the two
            are the same.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").no_safe_play
    NoSafePlay(action='play_lowest', laid_down='out_of_play', undo_bust=True, ...
    """

    action: Literal["play_lowest", "lay_down", "pass"] = "lay_down"
    laid_down: Literal["out_of_play", "discard_pile"] = "out_of_play"
    undo_bust: bool = True
    count_ends: Literal["all_passed", "two_passed"] = "all_passed"


@frozen
class Reshuffle:
    """Forming a new draw pile when it runs out.

    Attributes:
        keep_top_card: Whether the last card played stays on the discard
            pile instead of being shuffled in.
        enabled: Whether the discard pile is shuffled into a new draw pile
            when it runs out. With ``false`` the stock runs out: nobody draws
            any more this round.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").reshuffle
    Reshuffle(keep_top_card=False, enabled=True)
    """

    keep_top_card: bool = False
    enabled: bool = True


@frozen
class RedrawRule:
    """Trading in a hand of unplayable cards.

    Attributes:
        card: The id of the card to trade in.
        count: How many of them must be discarded together; the player then
            draws as many. This is the turn's play (or one of its plays).
        when: ``"any_play"``: on any play of a turn, the second play owed
            to a Play 2 included. ``"first_play"``: only as the first play of
            a turn.

    >>> import ono99
    >>> ono99.load_variant("ono99-2022").redraw
    RedrawRule(card='ono99', count=4, when='any_play')
    """

    card: str
    count: int = 4
    when: Literal["any_play", "first_play"] = "any_play"


@frozen
class RoundRules:
    """When a round ends.

    Attributes:
        end: ``"first_loss"``: the first player to lose ends the round.
            ``"last_standing"``: losers drop out and play goes on until one
            player is left.
        max_plays: The most cards a round may see played (redraws count as
            plays). A round that reaches it ends at once with no winner and
            no loser (a drawn round: nobody gains or loses anything for it).
            The default, 10,000, is far beyond any round of the shipped
            rule sets; it is there so that every valid variant ends.
        max_rounds: The most rounds a game may have. When the last of them
            ends without a winner, the player with the most tokens (token
            games), the lowest score (points games, the highest when
            ``match.points.at_target = "win"``) wins, the first such seat
            on a tie; with no scoring, the first player still in.
        max_game_plays: The most cards a whole game may see played (redraws
            count as plays). A game that reaches it ends at once as after
            its last round (``max_rounds``): the round in progress ends with
            no winner and the best placed player wins. The default, 100,000,
            is some 70 times the longest game of the shipped rule sets; it
            bounds what ``max_plays`` times ``max_rounds`` (ten million plays,
            minutes of play) would allow a game whose rounds never end by
            themselves, to about a second.
        phases: The phases of each round, in order, by name (see
            :class:`ono99.Phase`): ``"deal"``, ``"turn_up"`` (the starter),
            ``"show"``, ``"play"``, ``"settle"``, and any phase a plugin
            registers. Empty (the default): those that ``deal.starter`` and
            ``deal.show`` call for, ``["deal", "turn_up", "show", "play",
            "settle"]`` in Noddy. A list names every phase once, the deal first
            and settling last, and agrees with those two settings.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").round
    RoundRules(end='first_loss', max_plays=10000, max_rounds=1000, ..., phases=())
    """

    end: Literal["first_loss", "last_standing"] = "last_standing"
    max_plays: int = 10_000
    max_rounds: int = 1_000
    max_game_plays: int = 100_000
    phases: tuple[str, ...] = ()


@frozen
class Tokens:
    """Token scoring: each lost round costs a token.

    Attributes:
        count: Tokens each player starts with.
        play_on_at_zero: Whether a player with no tokens left stays in until
            losing once more (the 1980 rule: out on the fourth loss). Without
            it a player left with none, however (a trigger may take tokens
            from players who did not lose), is out when the round ends;
            if that would leave nobody, one stays, with no tokens, and as the
            last player left wins: the round's winner, else the first of
            those who did not lose the round with the most tokens.
        count_by_players: Other starting counts for more players.
        lost: Tokens a player gives up for losing a round (0 when only
            triggers take tokens).
        out_at_zero: Without ``play_on_at_zero``, when a player whom a rule
            leaves with no tokens in the middle of a round goes out:
            ``"round_end"``, when the round ends; ``"at_once"``, at once,
            losing the round then and there (as by busting), and out of the
            game when it ends.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").match.tokens
    Tokens(count=3, play_on_at_zero=True, count_by_players=(), lost=1, out_at_zero='round_end')
    """

    count: int = 3
    play_on_at_zero: bool = True
    count_by_players: tuple[PlayerStep, ...] = ()
    lost: int = 1
    out_at_zero: Literal["round_end", "at_once"] = "round_end"

    def count_for(self, players: int) -> int:
        """Tokens each player starts with in a game of ``players`` players."""
        return by_players(self.count, self.count_by_players, players)


@frozen
class DealScore:
    """Points given to a seat at a deal, once the cards are dealt, before the starter.

    "The non-dealer at the commencement of the game in five-card cribbage
    scores 3 points, called taking three for last, but in six and eight-card
    cribbage this is not done" (Hoyle's Games, "Cribbage"); "the losing player
    pegs three holes to compensate him for the disadvantage that his opponent
    has in getting the first crib" (Bicycle Cards, Five-Card Cribbage)::

        [match.points]
        at_deal = [{ seat = "left_of_dealer", points = 3, deals = "first" }]

    A score a seat starts each deal with, a handicap, is the same setting at
    every deal (the dealer here, with 2 points before the first card is
    played)::

        [match.points]
        at_deal = [{ seat = "dealer", points = 2, deals = "every" }]

    The points are scored as any others are: partners share them, and where
    the first to the target wins at once (``reached = "at_once"``) they can
    win the game.

    Attributes:
        seat: Whose they are: ``"left_of_dealer"`` (the non-dealer of a
            two-player game), ``"dealer"``, or ``"each"`` player in the deal.
        points: How many (0 or more).
        deals: ``"first"``: at the game's first deal only ("at the
            commencement of the game"); ``"every"``: at every deal.

    >>> from ono99 import DealScore
    >>> DealScore(points=3)
    DealScore(seat='left_of_dealer', points=3, deals='first')
    """

    seat: Literal["left_of_dealer", "dealer", "each"] = "left_of_dealer"
    points: int = 0
    deals: Literal["first", "every"] = "first"


@frozen
class Points:
    """Points scoring: the lowest score wins, or the first to a target.

    Attributes:
        target: The score that knocks a player out (or ends the game).
        at_target: ``"out"``: a player at or over the target is out and play
            goes on to the last player; ``"end"``: the game ends when anyone
            reaches it, the lowest score wins, tied players play on;
            ``"win"``: points are good, the first to reach the target wins
            (the highest score when several reach it at once; tied players
            play on).
        bust: Added to the score of each player who lost the round.
        stuck_is_bust: Whether a player who lost without playing (a hand of
            O'NO 99 cards) also takes the ``bust`` points.
        missing_card: Added for each card a hand is short of its size.
        survivor: Added to the score of the round's winner or last player
            standing ("the last player left scores 1 point", Gronemann).
        negative: Whether a score may go below 0 (an outcome that takes
            points takes them all); by default it stops at 0.
        reached: With ``at_target = "win"``, when reaching the target wins:
            ``"round_end"``, when the round is scored; ``"at_once"``, the
            moment a score reaches it, in the middle of a round ("As soon as
            someone reaches or passes 121 points, that player wins", pagat.com,
            Six Card Cribbage): the round stops there.
        at_deal: Points given to seats as a deal starts (see
            :class:`~ono99.DealScore`): "three for last" in five-card Cribbage.

    >>> import ono99
    >>> variant = ono99.load_variant("ono99-1980")
    >>> variant.match.points
    Points(target=500, at_target='out', bust=25, stuck_is_bust=True, ...
    """

    target: int = 500
    at_target: Literal["out", "end", "win"] = "out"
    bust: int = 25
    stuck_is_bust: bool = True
    missing_card: int = 15
    survivor: int = 0
    negative: bool = False
    reached: Literal["round_end", "at_once"] = "round_end"
    at_deal: tuple[DealScore, ...] = ()


@frozen
class Match:
    """How rounds make a whole game.

    Attributes:
        scoring: ``"none"``: one round, its last player standing wins.
            ``"tokens"`` and ``"points"``: rounds until one player is left.
        tokens: Settings for token scoring.
        points: Settings for points scoring.

    >>> import ono99
    >>> ono99.load_variant("ono99-1980").match.scoring
    'tokens'
    """

    scoring: Literal["none", "tokens", "points"] = "none"
    tokens: Tokens = Tokens()
    points: Points = Points()
