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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest failures in {name}"
