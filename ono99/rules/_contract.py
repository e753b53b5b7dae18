"""The rule-object contract: the protocols every effect, condition, trigger and outcome follows.

What a rule object can do is declared on its class, as these protocols list,
and the engine and the tools ask it there; :func:`members` lists each
protocol's members for the registry's check of a plugin class. What a rule
object is handed (the card, the table) is in ``_table.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, get_args

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = [
    "AnyCondition",
    "AnyEffect",
    "AnyOutcome",
    "AnyTrigger",
    "Condition",
    "Effect",
    "Outcome",
    "RuleKind",
    "Trigger",
    "members",
]

RuleKind = Literal["effect", "condition", "trigger", "outcome"]
"""A kind of rule object: an effect, a condition, a trigger or an outcome."""


class Effect(Protocol):
    """What a card's effect is: the contract every effect class follows.

    The engine, the variant check, the shipped players, the rulebook and
    :mod:`ono99.testing` learn everything they need of an effect from these
    members and nothing else: none of them looks at an effect's class or its
    ``type`` string. An effect class is a frozen :func:`attrs.frozen` class
    whose fields are its TOML settings. It usually inherits
    :class:`BaseEffect`, which gives every member marked *optional* below its
    neutral value, and states only what differs: its ``type``, the
    declarations that are true of it, and the methods it needs. A declaration
    that pairs with a method follows from the class when it inherits the base
    (marked *follows* below), and one that contradicts what the class writes
    is refused with :class:`~ono99.PluginError`, as is a method asked only
    for a declaration the class leaves out (:meth:`declarations` without
    ``declares``). (The protocol is structural: a class that writes every
    member itself follows it too, stating every declaration; a method that its
    declarations keep the engine from asking may then only return, a
    placeholder.)

    Class attributes (or properties, where they depend on the settings):

    - ``kind``: ``"effect"``.
    - ``type``: its name in TOML (``{ type = "add" }``).
    - ``changes_total`` (optional, ``False``; *follows* from writing
      :meth:`total_after`): the engine asks :meth:`total_after` for the new
      total.
    - ``adds_to_total`` (optional, ``False``): the new total is always the old
      one plus an amount (fixed, or the amount the move chooses); the engine
      then works the total out once per card. Needs :meth:`total_after`.
    - ``acts`` (optional, ``False``; *follows* from writing :meth:`apply`):
      the engine calls :meth:`apply` once the total is set.
    - ``answers_forced_plays`` (optional, ``False``): it can pass forced
      plays on (in :meth:`apply`).
    - ``changes_hands`` (optional, ``False``): :meth:`apply` may move cards
      between hands and piles, or change tokens or scores, through the
      :class:`Table`'s methods.
    - ``repeats_previous`` (optional, ``False``): the card does what the card
      played before it (since the count started) did, in place of its own
      effects.
    - ``reads_table`` (optional, ``False``; *follows* from writing
      :meth:`total_on`): the total it makes depends on the table, not only
      on the total and the amount (the card played before it, how many
      times the stock was reshuffled...). The engine then asks
      :meth:`total_on`, with a table that refuses changes, wherever it works
      out what a play of the card makes: the play itself, the legal moves,
      what a move says, :meth:`ono99.Observation.total_after`, the bust
      reasons; so the total a player is told is the total the play makes.
      :meth:`total_after` (which such a class writes too) answers where no
      table is known: the checks of a variant file.

    Members that may depend on the settings (class attributes or properties):

    - ``choices`` (optional, ``()``): the amounts a move chooses among; the
      engine passes the chosen one to :meth:`total_after` (which a class with
      choices writes). Any effect, shipped or a plugin's, offers at most 201
      (``MAX_CHOICES``): the loader refuses a card whose effect offers more,
      at the effect's key path, as it refuses one card offering two choices of
      amount.
    - ``chooses_player`` (optional, ``False``; *follows* from writing
      :meth:`targets`): a move names a player (:attr:`Table.target`), one of
      :meth:`targets`.
    - ``forces_plays`` (optional, ``0``): how many plays it makes the next
      player owe, before stacking (forced-play settings then matter); set in
      :meth:`apply`.
    - ``opens_reactions`` (optional, ``False``): :meth:`apply` may open a
      reaction (:meth:`Table.open_reaction`): a player answers out of turn, or
      declines (:class:`ono99.Decline`). The environments then offer the
      actions a reaction needs.
    - ``declares`` (optional, ``""``): what a move playing the card names,
      ``"suit"``, ``"colour"`` or ``"rank"`` (``Play.declare``), one of
      :meth:`declarations`, which a class that declares writes. Rules that
      read the card before then see it as what was named
      (:attr:`Table.declared`). One effect of a card may declare.

    Methods: :meth:`total_after`, :meth:`total_on` (optional:
    :meth:`total_after`'s answer), :meth:`apply`, :meth:`targets` (optional:
    ``[]``), :meth:`declarations` (optional: ``[]``), :meth:`for_card`
    (optional: the effect itself), :meth:`problems` (optional: ``[]``),
    :meth:`problems_at` (optional: ``[]``), :meth:`referenced_cards` (optional: ``[]``) and
    :meth:`describe`.
    """

    # An attrs class: its fields are its TOML settings.
    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]

    @property
    def changes_total(self) -> bool:
        """Whether the engine asks :meth:`total_after` for the new total."""
        ...

    @property
    def adds_to_total(self) -> bool:
        """Whether the new total is always the old one plus an amount."""
        ...

    @property
    def acts(self) -> bool:
        """Whether the engine calls :meth:`apply` once the total is set."""
        ...

    @property
    def answers_forced_plays(self) -> bool:
        """Whether it can pass forced plays on."""
        ...

    @property
    def changes_hands(self) -> bool:
        """Whether :meth:`apply` may move cards or change tokens or scores."""
        ...

    @property
    def repeats_previous(self) -> bool:
        """Whether the card does what the card played before it did, not its own.

        The card before's effects, with the amount and player that play chose.
        """
        ...

    @property
    def reads_table(self) -> bool:
        """Whether the total it makes depends on the table (the engine asks :meth:`total_on`)."""
        ...

    @property
    def choices(self) -> tuple[int, ...]:
        """The amounts a move may choose among; empty when the card leaves no choice."""
        ...

    @property
    def chooses_player(self) -> bool:
        """Whether a move playing the card names a player."""
        ...

    @property
    def forces_plays(self) -> int:
        """How many plays it makes the next player owe (before stacking); 0 for none."""
        ...

    @property
    def declares(self) -> str:
        """What a move playing the card names (``"suit"``, ``"colour"``, ``"rank"``); ``""``."""
        ...

    @property
    def opens_reactions(self) -> bool:
        """Whether :meth:`apply` may open a reaction (:meth:`Table.open_reaction`)."""
        ...

    def declarations(self, table: Table | None) -> list[str]:
        """What a move may name (asked when ``declares``); ``table`` is ``None`` in the checks."""
        ...

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after this effect, from ``total``, for the chosen ``amount``."""
        ...

    def total_on(self, table: Table, card: CardInfo, total: int, amount: int | None = None) -> int:
        """The total after this effect, from ``total``, as ``table`` decides it.

        Asked instead of :meth:`total_after` when ``reads_table``, with the
        table as ``card`` is played (:attr:`Table.playing`: the card is the
        latest of the count, :attr:`Table.previous_card` the one before it),
        before its effects act. The table refuses changes and random draws:
        the engine may ask more than once, and each answer must be the same.
        """
        ...

    def apply(self, table: Table, card: CardInfo) -> None:
        """Act on the table once the new total is set (called when ``acts``)."""
        ...

    def targets(self, table: Table) -> list[int]:
        """The players a move may name (asked when ``chooses_player``)."""
        ...

    def for_card(self, card: CardInfo) -> tuple[Effect, ...]:
        """What the effect is on ``card``: itself, or the effects it stands for there.

        Asked once, when the variant's tables are made: an effect whose
        settings ask what the card is (its rank, suit or tags) answers with
        the effects that then apply, so the engine never asks again.
        """
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def referenced_cards(self) -> list[tuple[str, str]]:
        """The card ids the settings name, as ``(field, card id)`` pairs."""
        ...

    def describe(self) -> str:
        """The effect in words, for the rulebook (``"adds 9 to the total"``)."""
        ...


class Condition(Protocol):
    """When a card may be played: the contract every condition class follows.

    Like :class:`Effect`, a frozen attrs class; :class:`BaseCondition` gives
    the optional members their neutral values.

    Class attributes:

    - ``kind``: ``"condition"``.
    - ``type``: its name in TOML.
    - ``blocks_every_play`` (optional, ``False``): it refuses every play, so
      the card can never be played.
    - ``reads_turn_plays`` (optional, ``False``): :meth:`check` reads
      :meth:`Table.times_played_this_turn` (the engine records the plays of a
      turn only when some condition says so).
    - ``reads_card`` (optional, ``False``): :meth:`check` reads only what the
      card is (:meth:`allows_card`, which the class then writes, answers for
      every card), so it can decide a ``when`` effect.
    - ``reads_table`` (optional, ``False``): :meth:`check` decides by what
      the table shows of the play (the card before, the count, the
      reshuffles, the players in the round), not by the total, and answers
      the same whenever it is asked about one play: asked between plays
      whether the card may be played, and with the table as the card is
      played (:attr:`Table.playing`) to decide a ``when`` effect, at each
      play.

    Methods: :meth:`check`, :meth:`allows_at` (optional: ``None``),
    :meth:`allows_card` (optional: ``None``),
    :meth:`problems` (optional: ``[]``), :meth:`problems_at` (optional:
    ``[]``), :meth:`referenced_cards` (optional: ``[]``) and :meth:`describe`.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    blocks_every_play: ClassVar[bool]
    reads_turn_plays: ClassVar[bool]
    reads_card: ClassVar[bool]
    reads_table: ClassVar[bool]

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Why the card may not be played now, in words; ``None`` when it may."""
        ...

    def allows_at(self, total: int) -> bool | None:
        """Whether :meth:`check` lets the card be played at ``total``, whatever else holds.

        ``True``: it allows every play at this total; ``False``: it refuses
        every play at this total; ``None`` (the neutral answer): it depends on
        more than the total (the turn, the hands), or the class does not say.
        ``ono99 validate`` asks it to prove that a variant's rounds can never
        end; a wrong ``True`` or ``False`` there is a false alarm, ``None``
        never is.
        """
        ...

    def allows_card(self, card: CardInfo) -> bool | None:
        """Whether :meth:`check` lets ``card`` be played whatever the game, by what it is.

        ``True`` or ``False`` for a condition that reads only the card's own
        rank, suit, colour or tags (it is decided once, when the variant is
        made); ``None`` (the neutral answer): it depends on the game.
        """
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def referenced_cards(self) -> list[tuple[str, str]]:
        """The card ids the settings name, as ``(field, card id)`` pairs."""
        ...

    def describe(self) -> str:
        """The condition in words, for the rulebook."""
        ...


class Outcome(Protocol):
    """What a trigger does when it fires: the contract every outcome class follows.

    Like :class:`Effect`, a frozen attrs class; :class:`BaseOutcome` gives
    the optional members their neutral values.

    Class attributes:

    - ``kind``: ``"outcome"``.
    - ``type``: its name in TOML (``{ type = "tokens", who = "others", by = -1 }``).
    - ``ends_round``: the round ends once the trigger's outcomes are applied
      (*follows* from ``wins_round``).
    - ``wins_round``: the trigger's player wins the round (it ends with them as
      its winner, and nobody loses it).
    - ``loses_round`` (optional, ``False``): the trigger's player loses the
      round: once the play that fired it is made, they are out of the round,
      a loser of it, as after a bust.

    Methods: :meth:`apply`, :meth:`problems` (optional: ``[]``) and
    :meth:`describe`.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    ends_round: ClassVar[bool]
    wins_round: ClassVar[bool]
    loses_round: ClassVar[bool]

    def apply(self, table: Table, seat: int) -> None:
        """Act on the table for the trigger's player ``seat`` (tokens and scores)."""
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def describe(self) -> str:
        """The outcome in words, for the rulebook (``"every other player loses 1 token"``)."""
        ...


class Trigger(Protocol):
    """A rule of the variant, not of a card, fired by what happens to the total or the round.

    A variant lists its triggers in ``[[triggers]]`` tables; each names the
    outcomes it has::

        [[triggers]]
        type = "land_on"
        value = 33
        outcomes = [{ type = "tokens", who = "others", by = -1 }]

    Class attributes (what the engine asks, never the class or ``type``):

    - ``kind``: ``"trigger"``.
    - ``type``: its name in TOML.
    - ``after_play``: asked after every card played, by :meth:`fires`, with the
      total before and after the card (the player is the one who played it).
      *Follows* from writing :meth:`fires` or :meth:`fires_on`, unless the
      class declares another moment; a trigger asked at no moment, or one
      that writes them but is asked only at a loss or a round's end, is
      refused.
    - ``on_loss``: fires when a player loses the round (busts, lays down or
      is stuck); the player is the one who lost.
    - ``on_round_end``: fires when a round ends; the player is the round's
      winner or last player standing (outcomes for "the player" do nothing
      when there is none).
    - ``on_count_end`` (optional, ``False``): fires when the count ends,
      once every player has passed in a row (it then starts again, or the
      round ends) or nobody holds a card; the player is the last to play.
      Asked by :meth:`fires_on`.
    - ``on_show`` (optional, ``False``): asked at the show (``show.when``),
      once for each hand, the player being the seat shown; it fires as many
      times as :meth:`times_on` says (:attr:`Table.shown`, :attr:`Table.starter`).
    - ``on_turn_up`` (optional, ``False``): fires when the starter is turned
      up (``deal.starter``), at once, before the play and the show ("If the
      starter is a jack ... the dealer pegs (scores) 2 points at once",
      Bicycle Cards, Cribbage); the player is the dealer. Asked by
      :meth:`fires_on` (:attr:`Table.starter`).
    - ``reads_table`` (optional, ``False``; *follows* from writing
      :meth:`fires_on`): the engine asks :meth:`fires_on` with the table (the
      cards played since the count started, what the move said) rather than
      :meth:`fires` with totals.
    - ``reads_announcement`` (optional, ``False``): it judges what a move
      says the total is (in :meth:`fires_on`); the legal moves then carry the
      true total (``Play.say``), so players that pick from them announce it.

    Members: ``outcomes`` (a field: the outcomes, applied in order),
    :meth:`fires`, :meth:`fires_on`, :meth:`problems`, :meth:`problems_at`
    and :meth:`describe`. :class:`BaseTrigger` gives the class attributes,
    :meth:`fires`, :meth:`fires_on`, :meth:`problems` and
    :meth:`problems_at` their neutral values.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    after_play: ClassVar[bool]
    on_loss: ClassVar[bool]
    on_round_end: ClassVar[bool]
    on_count_end: ClassVar[bool]
    on_show: ClassVar[bool]
    on_turn_up: ClassVar[bool]
    reads_table: ClassVar[bool]
    reads_announcement: ClassVar[bool]

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """What the trigger does when it fires, in order."""
        ...

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether a play that took the total from ``before`` to ``after`` fires it."""
        ...

    def fires_on(self, table: Table) -> bool:
        """Whether it fires now, the table in hand.

        Asked of a trigger that ``reads_table``, after a play (the table shows
        the play just made), and at a count's end (the count that ended).
        """
        ...

    def times_on(self, table: Table) -> int:
        """How many times it fires at the show, for the hand shown (optional: 1 or 0).

        Asked of a trigger that declares ``on_show``; by default once when
        :meth:`fires_on` says so.
        """
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def describe(self) -> str:
        """The trigger and its outcomes in words, for the rulebook."""
        ...


AnyEffect = Effect
"""Any effect (the :class:`Effect` protocol)."""

AnyCondition = Condition
"""Any condition (the :class:`Condition` protocol)."""

AnyTrigger = Trigger
"""Any trigger (the :class:`Trigger` protocol)."""

AnyOutcome = Outcome
"""Any outcome (the :class:`Outcome` protocol)."""


_PROTOCOLS: dict[str, type] = {
    "effect": Effect,
    "condition": Condition,
    "trigger": Trigger,
    "outcome": Outcome,
}


def members(kind: str) -> tuple[str, ...]:
    """The members the protocol of ``kind`` lists, in the order it lists them.

    Read from the protocol class itself (its annotations, then its methods and
    properties), so the list is written once, in the protocol.

    >>> members("outcome")
    ('kind', 'type', 'ends_round', 'wins_round', 'loses_round', 'apply', 'problems', 'describe')
    """
    protocol = _PROTOCOLS[kind]
    names = [*protocol.__annotations__, *vars(protocol)]
    return tuple(dict.fromkeys(n for n in names if not n.startswith("_")))


KINDS: tuple[RuleKind, ...] = get_args(RuleKind)
"""The kinds of rule object: ``effect``, ``condition``, ``trigger`` and ``outcome``."""
