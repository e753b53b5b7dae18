"""The package's face: what ``import ono99`` offers and what ``dir(ono99)`` shows."""

from __future__ import annotations

import importlib

import ono99


def test_dir_lists_the_curated_api_and_the_version() -> None:
    """``dir(ono99)`` is ``__all__`` and ``__version__``: no private module, no import helper."""
    assert dir(ono99) == sorted([*ono99.__all__, "__version__"])
    assert not [name for name in dir(ono99) if name.startswith("_") and name != "__version__"]


def test_every_name_dir_lists_is_there() -> None:
    """Each name ``dir`` lists can be got, even ``json_schema``, which is built on first use."""
    for name in dir(ono99):
        assert getattr(ono99, name) is not None, name


def test_the_testing_tools_are_there_after_import_ono99() -> None:
    """``ono99.testing`` needs no import of its own (as ``import ono99.testing`` gives it)."""
    assert ono99.testing is importlib.import_module("ono99.testing")
    assert callable(ono99.testing.check_invariants)
