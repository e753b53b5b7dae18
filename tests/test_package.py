"""The package's face: what ``import ono99`` offers and what ``dir(ono99)`` shows."""

from __future__ import annotations

import importlib
import pickle

import ono99
from ono99 import _moved


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


def _as_in_0_1_0(data: bytes) -> bytes:
    """A protocol-2 pickle with each moved module named as ono99 0.1.0 named it."""
    for old, new in _moved.MOVED.items():
        data = data.replace(f"c{new}\n".encode(), f"c{old}\n".encode())
    return data


def test_what_0_1_0_pickled_still_loads() -> None:
    """A game, its record and a simulation's results pickled when the modules had their
    0.1.0 names (a protocol-2 pickle names each class by module and name) load equal."""
    game = ono99.Game("ono99-2022", players=3, seed=5)
    game.play(game.legal_moves()[0])
    result = ono99.simulate("ono99-1980", players=2, games=4, seed=1, jobs=1)
    loaded = []
    for value in (game, game.record(), result):
        data = pickle.dumps(value, protocol=2)
        earlier = _as_in_0_1_0(data)
        assert earlier != data
        loaded.append(pickle.loads(earlier))  # noqa: S301 - pickled just above
    again, record, results = loaded
    assert (record, results) == (game.record(), result)
    assert again.record() == game.record()
    assert again.legal_moves() == game.legal_moves()
    assert again.observation(1) == game.observation(1)


def test_every_old_module_name_is_the_module_now() -> None:
    """Importing a 0.1.0 name gives the very module that took its place, nothing new, and
    leaves that module as it was: its spec is still its own, so its relative imports
    still resolve in its package."""
    for old, new in _moved.MOVED.items():
        assert importlib.import_module(old) is importlib.import_module(new)
        module = importlib.import_module(new)
        assert module.__spec__ is not None
        assert module.__spec__.name == new, old
        assert module.__spec__.parent == module.__package__
