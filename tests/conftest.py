"""Shared test configuration: Hypothesis profiles and the installed-wheel check."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, Phase, settings

import ono99
from ono99.cli._main import version

if TYPE_CHECKING:
    from collections.abc import Iterator

# HYPOTHESIS_PROFILE picks one (docs/testing.md says more):
# - "dev" (the default): quick, for the edit-test loop;
# - "ci": what CI runs; the property tests take about a minute on two cores;
# - "deep": thousands of examples per property, before a release (about 20 minutes);
# - "mutation": few examples, derandomized and never shrunk, for mutmut (fast, repeatable).
# Generated variants are drawn and then kept only if the loader would accept them;
# the oldest Hypothesis supported (6.100) counts that as filtering too much.
settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    stateful_step_count=30,
    suppress_health_check=[HealthCheck.filter_too_much],
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.register_profile(
    "deep",
    max_examples=3000,
    deadline=None,
    stateful_step_count=100,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile(
    "mutation",
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    # A failure is all mutmut needs: shrinking it would only cost time.
    phases=[Phase.explicit, Phase.generate],
    stateful_step_count=30,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _is_property(item: pytest.Item) -> bool:
    function = getattr(item, "obj", None)
    return bool(getattr(function, "is_hypothesis_test", False)) or "stateful" in item.nodeid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests ``slow`` (the property tests ``property`` too), then run the
    quick example tests before the property tests, each group in file order.

    A broken rule then fails within a second, which is also what keeps mutation
    testing (which stops at the first failure) fast. ``pytest -m "not slow"`` runs
    the rest: every example test of the rules, loader, engine and command line.
    """
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
        if _is_property(item):
            item.add_marker(pytest.mark.property)

    def quick_first(item: pytest.Item) -> tuple[bool, bool]:
        return _is_property(item), item.path.name not in QUICK_FILES

    items.sort(key=quick_first)


def _is_slow(item: pytest.Item) -> bool:
    name = getattr(item, "originalname", None) or item.name
    return _is_property(item) or item.path.name in SLOW_FILES or name in SLOW_TESTS


SLOW_FILES = frozenset(
    {
        "test_play_terminal.py",  # the command in a pseudo-terminal, a process a test
        "test_hardening_processes.py",  # processes started, killed and waited for
        "test_hardening_cli.py",  # the command in new processes, in hostile settings
        "test_editor_session.py",  # a language server in Node.js
        "test_dask.py",  # a Dask cluster
        "test_docs_html.py",  # a docs build, where no built site is given
        "test_examples_seeded.py",  # each training example's quick mode, twice
    }
)
"""Files whose every test is ``slow``: each starts processes, or plays many whole games."""

SLOW_TESTS = frozenset(
    {
        # Whole games of every shipped variant at every player count, or several times.
        "test_every_player_count_plays_to_one_winner",
        "test_a_copy_without_the_log_plays_as_one_with_it",
        "test_a_copy_without_the_log_plays_alike_in_any_variant",
        "test_a_round_only_copy_plays_alike_in_any_variant",
        "test_the_legal_moves_are_those_the_rules_allow_in_any_variant",
        "test_the_rebuilt_position_has_the_observations_legal_moves_in_any_variant",
        "test_check_invariants_passes_for_every_shipped_variant",
        "test_play_out_ends_within_the_game_limit",
        "test_simulate_and_demo_end",
        "test_every_shipped_file_is_clean",
        "test_every_player_plays_every_shipped_variant_and_house_rule",
        "test_cautious_beats_random_at_each_cribbage",
        "test_training_example_beats_the_random_player",
        "test_pettingzoo_api_and_seed_tests",
        # OpenSpiel's own checks, game after game, of every variant and house rule.
        "test_openspiel_random_simulation",
        "test_openspiel_random_simulation_of_every_variant_and_house_rule",
        "test_openspiel_tensors_are_the_observation_vector",
        "test_openspiel_the_card_fixed_ahead_is_seen_by_no_player",
        "test_the_how_tos_nfsp_script_trains_and_measures",
        "test_different_information_states_never_share_a_tensor_with_recall",
        # The README's install commands, in a fresh venv each (one compiles the engine).
        "test_try_it_installs_and_plays_as_written",
        "test_the_test_command_installs_its_own_environment_as_written",
        "test_a_stored_profile_is_played_again_alike",
        # The installed package in new processes.
        "test_the_checks_work_without_hypothesis",
        "test_a_strategy_without_hypothesis_says_which_extra_to_install",
        "test_importing_ono99_does_not_import_hypothesis",
        "test_import_leaves_rich_for_the_command_line",
        "test_the_core_does_not_import_matplotlib",
    }
)
"""Tests that are ``slow`` wherever they are: they play many whole games, or start Python."""


QUICK_FILES = frozenset(
    {"test_effects.py", "test_conditions.py", "test_compiled.py", "test_engine_scenarios.py"}
)
"""Example tests that each take a millisecond: run before everything else."""


if os.environ.get("HYPOTHESIS_PROFILE") == "mutation":
    # A mutant can make a game loop for ever; failing the test after a while
    # keeps mutmut from waiting for its own, much longer, time limit.
    MUTATION_TEST_SECONDS = 90

    def _too_long(signum: int, frame: object) -> None:
        signal.alarm(2)  # and again, should the failure be retried
        raise TimeoutError(f"a test took more than {MUTATION_TEST_SECONDS} s")

    # What mutmut sets MUTANT_UNDER_TEST to when no mutant is under test: its runs of
    # the unchanged code (the tests' coverage, taken with every function instrumented,
    # is slow, and must not fail on a busy machine) and its own checks.
    _NO_MUTANT = frozenset({"", "stats", "list_all_tests", "fail", "mutant_generation"})

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
        if os.environ.get("MUTANT_UNDER_TEST", "") in _NO_MUTANT:
            return (yield)
        signal.signal(signal.SIGALRM, _too_long)
        signal.alarm(MUTATION_TEST_SECONDS)
        try:
            return (yield)
        finally:
            signal.alarm(0)


def pytest_report_header() -> str:
    return f"{version()} from {Path(ono99.__file__).parent}"


if os.environ.get("ONO99_EXPECT_INSTALLED"):
    # CI runs the suite a second time against the built wheel: make sure that is
    # what was imported, so a file missing from the wheel fails the build.
    _where = Path(ono99.__file__).resolve()
    assert "site-packages" in _where.parts, f"testing {_where}, not the installed wheel"

_compiled = os.environ.get("ONO99_EXPECT_COMPILED")
if _compiled is not None:
    # CI tests a wheel built with mypyc: make sure the engine under test is the
    # compiled one (a build that fell back to pure Python must not pass unseen).
    _kind = "compiled" if _compiled == "1" else "pure-Python"
    assert version().endswith(f"({_kind} engine)"), f"expected the {_kind} engine: {version()}"
