"""Run the docstring examples of every module of the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ono99

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(ono99.__path__, "ono99.")
    if not name.endswith("__main__")
)


# What the environments (ono99.envs, the rl and rl-train extras) import beyond the core.
RL_LIBRARIES = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "stable_baselines3"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        if error.name in RL_LIBRARIES:
            pytest.skip(f"{name} needs the rl extra: {error.name} is not installed")
        raise
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest failures in {name}"
