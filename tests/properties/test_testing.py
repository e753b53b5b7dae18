"""The public testing helpers: strategies, the checker, and the one-call check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import ono99
from ono99 import events as ev
from ono99.engine import _compiled, _deal, _engine, _game, _play
from ono99.loading._checks import check_variant
from ono99.rules import AnyEffect, rule_types
from ono99.testing import (
    INVARIANTS,
    Checked,
    GameChecker,
    InvariantError,
    _cards,
    _rules,
    _strategies,
    check_invariants,
    effects,
    games,
    shipped_variants,
    variants,
)

if TYPE_CHECKING:
    from collections.abc import Callable


def test_importing_ono99_does_not_import_hypothesis() -> None:
    """Hypothesis is a test-only dependency: only ``ono99.testing`` needs it."""
    code = "import sys, ono99; print('hypothesis' in sys.modules)"
    command = [sys.executable, "-c", code]
    out = subprocess.run(command, capture_output=True, text=True, check=True)  # noqa: S603 - our own code
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", ono99.list_variants())
def test_check_invariants_passes_for_every_shipped_variant(name: str) -> None:
    checked = check_invariants(name, games=3, seed=5)
    assert checked.games == 3
    assert checked.moves > 0
    assert checked.rounds >= 3


def test_check_invariants_takes_a_path_and_seat_counts(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'id = "mine"\nextends = "ono99-2022"\n[cards.play_2]\ncount = 20\n', encoding="utf-8"
    )
    assert check_invariants(path, games=2, players=3).games == 2
    assert check_invariants(str(path), games=2, players=[2, 6], deep=False).games == 2


def test_partners_share_of_a_rounds_points_is_no_unexplained_score(tmp_path: Path) -> None:
    """Regression: "Partners share their points or tokens" (``players.teams``): a partner's
    share of what a round scored its mate's hand (an automatic ``ScoreChanged`` right after
    the mate's ``Scored``) was taken for a score changed by no card and no trigger."""
    path = tmp_path / "teams.toml"
    path.write_text(
        'id = "teams"\nextends = "ono99-1980-points"\n[players]\nteams = { at = [4], size = 2 }\n',
        encoding="utf-8",
    )
    assert ono99.Game(ono99.load_variant(path), 4).teams == ((0, 2), (1, 3))
    checked = check_invariants(path, games=3, players=4, seed=1)
    assert checked.rounds > checked.games


def test_check_invariants_is_deterministic() -> None:
    first = check_invariants("ono99-1980", games=2, seed=11, deep=False)
    assert first == check_invariants("ono99-1980", games=2, seed=11, deep=False)
    assert first == Checked(games=2, moves=first.moves, rounds=first.rounds)


def test_a_bad_file_raises_variant_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('id = "bad"\nextends = "ono99-2022"\n[deal]\nhand_size = "four"\n')
    with pytest.raises(ono99.VariantError, match=r"deal\.hand_size"):
        check_invariants(path, games=1)


def test_a_game_that_never_ends_breaks_game_ends() -> None:
    with pytest.raises(InvariantError, match="'game ends' broken") as info:
        check_invariants("ono99-1980", games=1, max_moves=5, deep=False)
    assert info.value.invariant == "game ends"
    assert "'ono99-1980' (2 players, seed 0) after 5 moves" in str(info.value)


def test_plays_forced_in_either_branch_of_a_when_are_plays_owed(tmp_path: Path) -> None:
    """A card may force 3 plays on an odd total and 4 on an even one (``when`` declares
    the most, 4): the checker allows each branch's count, and still refuses any other
    (the next test)."""
    path = tmp_path / "branches.toml"
    path.write_text(
        'id = "branches"\nextends = "ono99-2022"\n'
        "[cards.play_2]\ncount = 12\n"
        'effects = [{ type = "when", conditions = [{ type = "total_odd" }], '
        'effects = [{ type = "force_plays", plays = 3 }], '
        'otherwise = [{ type = "force_plays", plays = 4 }] }]\n',
        encoding="utf-8",
    )
    owed = set()
    for seed in range(3):
        game = ono99.Game(ono99.load_variant(path), players=4, seed=seed)
        while not game.is_over:
            owed.add(game.plays_owed)
            game.play(game.legal_moves()[0])
    assert {3, 4} <= owed  # both branches were played
    assert check_invariants(path, games=6, players=[3, 4], seed=1).games == 6


def test_a_table_reading_card_played_below_an_illegal_floor_for_a_stuck_player_busts(
    tmp_path: Path,
) -> None:
    """Where going below the floor is illegal, "only the rules' own play (a player with
    no safe play) may try it: the player then busts, the total held at the floor". A
    card whose total reads the table (a ``when`` on the card before) leaves the log
    no raw total to judge by; the checker still takes the bust at the floor, as the
    Hypothesis state machine once found it did not (a generated variant, 2 players,
    seed 0)."""
    path = tmp_path / "halving.toml"
    path.write_text(
        'id = "halving"\nextends = "ninety-nine"\n'
        '[total]\nstart = 1\nfloor = 1\nbelow_floor = "illegal"\n'
        "[deal]\nhand_size = 1\n"
        '[no_safe_play]\naction = "play_lowest"\n'
        '[ranks.10]\neffects = [{ type = "when", '
        'conditions = [{ type = "previous_card", rank = ["5"] }], '
        'effects = [{ type = "add", amount = -10 }], '
        'otherwise = [{ type = "add", amount = -10 }] }]\n',
        encoding="utf-8",
    )
    busted_at_floor = False
    for seed in range(40):
        game = ono99.Game(ono99.load_variant(path), players=2, seed=seed)
        while not game.is_over:
            game.play(game.legal_moves()[0])
        busted_at_floor |= any(isinstance(e, ev.Busted) and e.total == 1 for e in game.events)
    assert busted_at_floor  # the case was played
    assert check_invariants(path, games=40, players=[2], seed=0).games == 40


# The checker must catch broken engines: each test breaks one rule and expects the
# invariant that guards it to fail.

# A compiled engine (a wheel built with mypyc) is a C extension whose methods
# cannot be replaced; the tests that break it that way run on the pure-Python engine.
patchable_engine = pytest.mark.skipif(
    not _engine.__file__.endswith(".py"), reason="the compiled engine cannot be patched"
)


def test_a_total_off_by_one_breaks_total_follows_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _compiled.compile_variant(ono99.load_variant("ono99-1980"))
    monkeypatch.setattr(rules.cards[rules.index["5"]], "delta", 6)
    with pytest.raises(InvariantError, match="'total follows the card' broken"):
        check_invariants("ono99-1980", games=3, deep=False)


@patchable_engine
def test_a_told_total_off_by_one_breaks_told_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """The observation tells a seven's total from the table; one off is caught."""
    real = _engine.Engine.told_totals

    def off(self: _engine.Engine) -> tuple[tuple[str, int | None, int], ...]:
        return tuple((card, amount, total + 1) for card, amount, total in real(self))

    monkeypatch.setattr(_engine.Engine, "told_totals", off)
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "previous-colour.toml"
    with pytest.raises(InvariantError, match="'told total' broken"):
        check_invariants(example, games=3, deep=False)


@patchable_engine
def test_a_table_read_wrong_in_play_and_in_what_is_told_breaks_total_follows_the_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "A seven adds 7 when the card before it is red, and takes 7 away when it is black"
    (the ``previous-colour`` example): an engine that reads that table one off, both for
    the play and for what the move is told, is caught, because the checker judges the
    seven on its own model of the table rather than taking the engine's reading."""
    real = _engine.Engine.total_read

    def off(self: _engine.Engine, played: Any, card: Any, total: int, amount: int | None) -> int:
        return real(self, played, card, total, amount) + 1

    monkeypatch.setattr(_engine.Engine, "total_read", off)
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "previous-colour.toml"
    with pytest.raises(InvariantError, match="'total follows the card' broken"):
        check_invariants(example, games=3, deep=False)


def test_ignoring_the_floor_breaks_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _compiled.compile_variant(ono99.load_variant("ono99-2022"))
    # The engine reads the floor as the lowest total there can be.
    monkeypatch.setattr(rules, "lowest", -(10**18))
    with pytest.raises(InvariantError, match=r"'(floor|total follows the card)' broken"):
        check_invariants("ono99-2022", games=5, deep=False)


@patchable_engine
def test_a_lost_card_breaks_cards_conserved(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _play.play_a_card  # what a move's play calls (_play.play_move)

    def lose_a_card(game: _engine.Engine, *args: Any, **settings: Any) -> None:
        real(game, *args, **settings)
        if len(game.moves) == 3:
            game.r.discard.pop()

    monkeypatch.setattr(_play, "play_a_card", lose_a_card)
    with pytest.raises(InvariantError, match="'cards conserved' broken"):
        check_invariants("ono99-2022", games=1, deep=False)


@patchable_engine
def test_a_short_refill_breaks_hand_size(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _deal.draw  # what the refill after a play calls (as _play.draw)

    def short(game: _engine.Engine, player: int, count: int, automatic: bool = False) -> int:
        if len(game.moves) != 4:
            return real(game, player, count, automatic)
        return 0

    monkeypatch.setattr(_play, "draw", short)
    with pytest.raises(InvariantError, match="'hand size' broken"):
        check_invariants("ono99-1980", games=1, deep=False)


@patchable_engine
def test_a_token_given_back_breaks_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _engine.Engine.start_round

    def generous(self: _engine.Engine, *args: object, **kwargs: object) -> None:
        real(self, *args, **kwargs)  # type: ignore[arg-type]
        if self.round == 3:
            self.tokens[0] += 1

    monkeypatch.setattr(_engine.Engine, "start_round", generous)
    with pytest.raises(InvariantError, match="'tokens never increase' broken"):
        check_invariants("ono99-1980", games=3, deep=False)


def test_a_leaky_observation_breaks_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _game.Game.observation

    def leaky(self: _game.Game, player: int) -> ono99.Observation:
        obs = real(self, player)
        return attrs.evolve(obs, hand=self.hand(player) + self.draw_pile[:1])

    monkeypatch.setattr(_game.Game, "observation", leaky)
    with pytest.raises(InvariantError, match="'observation' broken"):
        check_invariants("ono99-2022", games=1)


def test_an_illegal_move_that_changes_the_game_breaks_illegal_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = _game.Game.why_illegal

    def touchy(self: _game.Game, move: object) -> str | None:
        reason = real(self, move)
        if reason is not None:
            self._e.rng.random()  # refusing a move must not touch the shuffles
        return reason

    monkeypatch.setattr(_game.Game, "why_illegal", touchy)
    game = ono99.Game("ono99-2022", players=2, seed=1)
    with pytest.raises(InvariantError, match="'illegal move' broken"):
        GameChecker(game).check_illegal()


@patchable_engine
def test_a_forced_turn_of_three_breaks_plays_owed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _engine.Engine.next_turn

    def three(self: _engine.Engine) -> None:
        if self.r.next_owed == 2:
            self.r.next_owed = 3
        real(self)

    monkeypatch.setattr(_engine.Engine, "next_turn", three)
    with pytest.raises(InvariantError, match="'plays owed' broken"):
        check_invariants("ono99-2022", games=5, deep=False)


def test_a_replay_that_differs_breaks_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ono99.Game("ono99-2022", players=3, seed=2)
    checker = GameChecker(game)
    for _ in range(10):
        checker.play(game.legal_moves()[0])
    real_init = _game.Game.__init__

    def other_seed(
        self: _game.Game, variant: object, players: int, seed: object = None, **kw: object
    ) -> None:
        real_init(self, variant, players, 99, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(_game.Game, "__init__", other_seed)
    with pytest.raises(InvariantError, match="'deterministic' broken"):
        checker.check_replay()


@patchable_engine
def test_a_trigger_that_does_not_fire_breaks_triggers_fire(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = _engine.Engine.fire

    def deaf(self: _engine.Engine, trigger: Any, seat: int, automatic: bool) -> None:
        if trigger.type != "pass_over":  # passing over 33 or 66 costs nothing any more
            real(self, trigger, seat, automatic)

    monkeypatch.setattr(_engine.Engine, "fire", deaf)
    with pytest.raises(InvariantError, match="'triggers fire' broken"):
        check_invariants("ninety-nine-milestones", games=3, deep=False)


def test_every_invariant_is_stated() -> None:
    assert all(text and not text.endswith(".") for text in INVARIANTS.values())
    error = InvariantError("floor", "the total is -1", "somewhere")
    assert str(error) == (
        "invariant 'floor' broken in somewhere: the total is -1 "
        f"(the invariant: {INVARIANTS['floor']})"
    )
    assert isinstance(error, AssertionError)
    assert isinstance(error, ono99.Ono99Error)


@given(variants(playable=False))
def test_generated_variants_pass_the_loader_checks(variant: ono99.Variant) -> None:
    """Generated variants are valid: they pass every semantic check of the loader."""
    assert check_variant(variant) == []
    assert variant.players.min >= 2


@given(variants())
def test_playable_variants_keep_raising_cards_circulating(variant: ono99.Variant) -> None:
    """Playable variants: raising cards are at least half the deck and outnumber the hands."""
    first = variant.cards[0]
    assert first.effects[0].total_after(0) > 0
    assert first.count * 2 >= sum(c.count for c in variant.cards)
    assert first.count * variant.deck.copies > variant.players.max * variant.deal.kept()
    assert variant.total.floor is not None
    assert variant.total.bust - variant.total.floor <= 3 * first.effects[0].total_after(0)


def _offers(variant: ono99.Variant, most: int) -> bool:
    """Whether a card of ``variant`` lets the player choose among more than ``most`` amounts."""
    return any(len(e.choices) > most for c in variant.cards for e in c.resolved_effects)


# Found, not shrunk (shrinking a variant takes a minute), the same examples every run.
_FIND = settings(phases=[Phase.generate], database=None, derandomize=True, max_examples=1000)


def test_the_strategies_generate_partnerships_and_long_choices() -> None:
    """The strategies reach the newer keys: a game dealt in teams (``players.teams``) at a
    seat count the layout fits, and a card offering more than the 12 amounts once allowed
    (up to 201, as a range ``{ from = -10, to = 10 }`` gives)."""
    seq = find(
        _strategies.move_sequences(variants(), max_moves=0),
        lambda s: bool(s.new_game().teams),
        settings=_FIND,
    )
    teams = seq.variant.players.teams
    assert seq.players in teams.at
    assert seq.new_game().teams == teams.for_players(seq.players)
    assert _offers(find(variants(playable=False), lambda v: _offers(v, 12), settings=_FIND), 12)
    assert _offers(find(variants(), lambda v: _offers(v, 100), settings=_FIND), 100)


@given(variants(playable=False))
def test_generated_team_layouts_fit_the_player_counts(variant: ono99.Variant) -> None:
    """Invariant: every count a generated variant plays in teams is one it allows, and makes
    two or more whole teams of ``players.teams.size``."""
    players = variant.players
    for count in players.teams.at:
        assert players.min <= count <= players.max
        assert count % players.teams.size == 0
        assert count >= 2 * players.teams.size >= 4


@given(effects())
def test_generated_effects_have_no_problems(effect: object) -> None:
    assert not getattr(effect, "problems", list)()


@settings(max_examples=10)
@given(games(shipped_variants(), max_moves=50))
def test_games_in_progress_are_games(game: ono99.Game) -> None:
    assert len(game.moves) <= 50
    assert game.is_over or game.legal_moves()


@attrs.frozen
class SkipPlayers:
    """A rule object the strategies have never heard of."""

    type: ClassVar[str] = "skip_players"
    count: int = 1
    mode: Literal["next", "all"] = "next"
    amounts: tuple[int, ...] = (1,)
    flag: bool = False

    def problems(self) -> list[tuple[str, str]]:
        return [] if self.count >= 1 else [("count", "expected 1 or more")]


@given(st.data())
def test_the_generic_field_strategy_covers_new_rule_objects(data: st.DataObject) -> None:
    """A rule object the strategies do not know is drawn from its annotations and problems()."""
    rule = data.draw(_rules._rule_strategy(SkipPlayers))
    assert rule.count >= 1
    assert rule.mode in ("next", "all")
    assert rule.amounts


_BLOCK_HYPOTHESIS = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'hypothesis' or name.startswith('hypothesis.'):\n"
    "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


def _without_hypothesis(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 - runs our own code
        [sys.executable, "-c", _BLOCK_HYPOTHESIS + code],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_checks_work_without_hypothesis() -> None:
    """check_invariants and GameChecker need no more than ono99 itself."""
    run = _without_hypothesis(
        "from ono99.testing import GameChecker, check_invariants\n"
        "print(check_invariants('ono99-1980', games=1, seed=3).games)\n"
        "print('hypothesis' in sys.modules)\n"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["1", "False"]


def test_a_strategy_without_hypothesis_says_which_extra_to_install() -> None:
    """Without Hypothesis, asking for a strategy names the extra that brings it."""
    run = _without_hypothesis("from ono99.testing import games\n")
    assert run.returncode == 1
    assert "ono99.testing.games needs Hypothesis" in run.stderr
    assert "pip install 'hypothesis>=6.100'" in run.stderr
    assert "No module named 'hypothesis'" not in run.stderr


def test_a_snapshot_without_logs_keeps_their_length_and_last_entry() -> None:
    """``snapshot(game, logs=False)``: the events, moves and the count's history as their
    length and last entry (what check_illegal compares, at a cost that does not grow with
    the game); everything else as in the whole snapshot."""
    game = ono99.Game("ninety-nine", players=3, seed=4)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    whole = ono99.testing.snapshot(game)
    light = ono99.testing.snapshot(game, logs=False)
    for key in ("events", "moves", "history"):
        assert light[key] == (len(whole[key]), whole[key][-1])
    assert {k: v for k, v in light.items() if k not in ("events", "moves", "history")} == {
        k: v for k, v in whole.items() if k not in ("events", "moves", "history")
    }
    game.play(game.legal_moves()[0])
    assert ono99.testing.snapshot(game, logs=False) != light


@settings(max_examples=3, deadline=None)
@given(sequence=_strategies.move_sequences(variants=st.just("ono99-2022"), max_moves=30))
def test_move_sequences_takes_a_strategy_of_variant_ids(sequence: Any) -> None:
    """Invariant: a strategy of ids is loaded, as the rest of the library takes ids
    (``st.just("ono99-2022")`` failed with an AttributeError on the string)."""
    assert sequence.variant == ono99.load_variant("ono99-2022")
    assert sequence.play().moves == sequence.moves


def test_move_sequences_refuses_what_is_no_variant() -> None:
    """A strategy that draws something else is the library's error, naming ``variants``."""

    @settings(max_examples=1, deadline=None)
    @given(_strategies.move_sequences(variants=st.just(42)))  # type: ignore[arg-type]
    def drawn(sequence: Any) -> None:
        raise AssertionError(sequence)

    with pytest.raises(ono99.ArgumentError, match="variants: expected a strategy of variants"):
        drawn()


@pytest.mark.slow
@pytest.mark.property
def test_every_registered_rule_type_is_drawn_in_400_generated_variants() -> None:
    """Every rule type the registries hold (``ono99.rules.rule_types``: effects,
    conditions, triggers and outcomes, a plugin's too) is in at least one of 400
    variants that ``variants()`` draws (the same 400 each run), on a card, in a
    ``when``'s branch, an ``aim``'s outcomes or a trigger's: a new rule type
    cannot be left out of the generators, and so out of the property tests."""
    drawn: set[tuple[str, str]] = set()

    @settings(
        max_examples=400,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(variants())
    def draw(variant: ono99.Variant) -> None:
        drawn.update((rule.kind, rule.type) for rule in _strategies._rules_in(variant))

    draw()
    kinds: tuple[Literal["effect", "condition", "trigger", "outcome"], ...] = (
        "effect",
        "condition",
        "trigger",
        "outcome",
    )
    registered = {(kind, name) for kind in kinds for name in rule_types(kind)}
    assert registered - drawn == set()


@pytest.mark.parametrize("name", sorted(rule_types("trigger")))
def test_every_trigger_type_can_be_drawn_near_a_low_bust_limit(name: str) -> None:
    """A trigger's pattern (a flush's or a run's length, the cards of a kind, a hand's
    fifteen) is a count of cards, not a total: drawn as a total near a bust limit of -5
    and a floor of -8, a flush's length (-8 to -5) could never pass its own check, and
    the variant drawing it was thrown away. Each type is drawn there."""
    trigger = find(_rules.triggers([name], bust=-5, floor=-8), lambda _: True, settings=_FIND)
    assert not trigger.problems() and not trigger.problems_at(-5, -8)


def test_every_effect_that_may_keep_the_total_is_drawn_for_the_raising_card() -> None:
    """The first card's second effect "leaves the total alone": drawn only from the types
    that can (a ``set_total`` always sets it: filtered to those that keep it, it was
    never drawn and the variant thrown away), each of them drawn."""

    def of_type(name: str) -> Callable[[AnyEffect], bool]:
        return lambda effect: effect.type == name

    drawable = set()
    for name in _strategies._KEEP_THE_TOTAL:
        drawn = find(_strategies._acting, of_type(name), settings=_FIND)
        assert not drawn.changes_total
        drawable.add(drawn.type)
    assert drawable == set(_strategies._KEEP_THE_TOTAL)
    assert not {"set_total", "add", "multiply"} & drawable


TABLE_READERS = """
id = "table-readers"
name = "Table readers"
extends = "ninety-nine"

[standard_deck]
all_by_suit = true

[ranks.8]
effects = [{ type = "add", amount = 8 }, { type = "declare", of = "suit" }]

[[ranks.7.effects]]
type = "when"
conditions = [{ type = "previous_card", colour = ["red"] }]
effects = [{ type = "add", amount = 7 }]
otherwise = [{ type = "add", amount = -7 }]

[[ranks.9.effects]]
type = "when"
conditions = [{ type = "follows_declared" }]
effects = [{ type = "add", amount = 9 }]

[[ranks.5.effects]]
type = "when"
conditions = [{ type = "table_count", of = "count_cards", at_least = 3 }]
effects = [{ type = "add", amount = 5 }]
otherwise = [{ type = "add", amount = -5 }]

[[ranks.4.effects]]
type = "when"
conditions = [{ type = "table_count", of = "players_in_round", at_most = 2 }]
effects = [{ type = "add", amount = 4 }]
otherwise = [{ type = "add", amount = 1 }]

[[ranks.3.effects]]
type = "when"
conditions = [{ type = "table_count", of = "reshuffles", at_least = 1 }]
effects = [{ type = "add", amount = 10 }]
otherwise = [{ type = "add", amount = 3 }]
"""


def test_the_checker_judges_every_table_reading_condition_on_its_own_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``when`` "is decided at each play too, on the table as the card is played, before
    its effects act": the checker reads each of the shipped conditions that read the table
    (the card before as it was declared, a declaration, the count's cards, the players in
    the round, the reshuffles) on its own model of the table, agrees with the engine at
    every play, and never falls back on the engine's reading."""
    path = tmp_path / "table-readers.toml"
    path.write_text(TABLE_READERS, encoding="utf-8")
    real = _cards.CardEvents._total_read
    read: list[int | None] = []

    def spy(self: _cards.CardEvents, *args: Any) -> int | None:
        total = real(self, *args)
        read.append(total)
        return total

    monkeypatch.setattr(_cards.CardEvents, "_total_read", spy)
    assert check_invariants(path, games=8, players=[2, 3, 4], seed=0, deep=False).games == 8
    assert len(read) > 100
    assert None not in read
