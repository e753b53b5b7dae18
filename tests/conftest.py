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
settings.register_profile("dev", max_examples=25, deadline=None, stateful_step_count=30)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.too_slow],
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the quick example tests before the property tests, each group in file order.

    A broken rule then fails within a second, which is also what keeps mutation
    testing (which stops at the first failure) fast.
    """

    def is_property(item: pytest.Item) -> bool:
        function = getattr(item, "obj", None)
        return bool(getattr(function, "is_hypothesis_test", False)) or "stateful" in item.nodeid

    def quick_first(item: pytest.Item) -> tuple[bool, bool]:
        return is_property(item), item.path.name not in QUICK_FILES

    items.sort(key=quick_first)


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

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
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
