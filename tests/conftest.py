"""Shared test configuration: Hypothesis profiles and the installed-wheel check."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

import ono99

# HYPOTHESIS_PROFILE picks one: "dev" (default, quick), "ci" (what CI runs, a
# couple of minutes in all) and "deep" (thousands of examples, before a release).
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_report_header() -> str:
    return f"ono99 {ono99.__version__} from {Path(ono99.__file__).parent}"


if os.environ.get("ONO99_EXPECT_INSTALLED"):
    # CI runs the suite a second time against the built wheel: make sure that is
    # what was imported, so a file missing from the wheel fails the build.
    _where = Path(ono99.__file__).resolve()
    assert "site-packages" in _where.parts, f"testing {_where}, not the installed wheel"
