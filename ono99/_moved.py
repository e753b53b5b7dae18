"""The module names of ono99 0.1.0 that have moved, so that what was pickled then still loads.

A pickle names each class and function it holds by its module and name
(``ono99.engine._game Game``), and a game, a record or a simulation's results pickled
by 0.1.0 name the private modules the package had then. Those modules now live
in the subpackage of their layer (``ono99.engine._game``); this finder, put on
:data:`sys.meta_path` when ``ono99`` is imported, answers an import of an old
name with the module that has taken its place, so ``pickle.load`` finds the
same class. The public names (``ono99.Game``) never moved.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

__all__ = ["MOVED", "install"]

MOVED: Mapping[str, str] = MappingProxyType(
    {
        # What 0.1.0 called a module: where it is now.
        "ono99._batch": "ono99.simulation._batch",
        "ono99._chance": "ono99.engine._chance",
        "ono99._check": "ono99.authoring._check",
        "ono99._chunks": "ono99.simulation._chunks",
        "ono99._cli": "ono99.cli._main",
        "ono99._compiled": "ono99.engine._tables",
        "ono99._convert": "ono99.loading._convert",
        "ono99._diff": "ono99.authoring._diff",
        "ono99._engine": "ono99.engine._engine",
        "ono99._files": "ono99.loading._files",
        "ono99._game": "ono99.engine._game",
        "ono99._house": "ono99.loading._house",
        "ono99._interactive": "ono99.cli._interactive",
        "ono99._loader": "ono99.loading._loader",
        "ono99._moves": "ono99.engine._moves",
        "ono99._narrate": "ono99.engine._narrate",
        "ono99._observation": "ono99.engine._observation",
        "ono99._overlay": "ono99.loading._overlay",
        "ono99._player_factory": "ono99.players._factory",
        "ono99._players": "ono99.players._players",
        "ono99._plot": "ono99.simulation._plot",
        "ono99._position": "ono99.engine._position",
        "ono99._problems": "ono99.loading._problems",
        "ono99._progress": "ono99.simulation._progress",
        "ono99._protocols": "ono99.engine._protocols",
        "ono99._report": "ono99.simulation._report",
        "ono99._results": "ono99.simulation._results",
        "ono99._rulebook": "ono99.authoring._rulebook",
        "ono99._schema": "ono99.authoring._schema",
        "ono99._search": "ono99.players._search",
        "ono99._seeds": "ono99.simulation._seeds",
        "ono99._serial": "ono99.engine._serial",
        "ono99._simulate": "ono99.simulation._simulate",
        "ono99._strategies": "ono99.players._policies",
        "ono99._variant_checks": "ono99.loading._checks",
        "ono99._variant_warnings": "ono99.authoring._warnings",
    }
)
"""The old name of each moved module, and its name now."""


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module that has taken its place (the same object)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._spec: ModuleSpec | None = None

    def create_module(self, spec: ModuleSpec) -> ModuleType:  # noqa: ARG002 - the spec is the old name's
        module = importlib.import_module(self._name)
        self._spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was imported under its own name.

        The import system has just set the module's ``__spec__`` to the old
        name's; it gets its own back, or a relative import that runs in one of
        its functions later would resolve against the old name's package.
        """
        module.__spec__ = self._spec


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the old names of :data:`MOVED`, and nothing else."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,  # noqa: ARG002 - part of the finder protocol
        target: ModuleType | None = None,  # noqa: ARG002 - part of the finder protocol
    ) -> ModuleSpec | None:
        name = MOVED.get(fullname)
        if name is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(name))


def install() -> None:
    """Put the finder on :data:`sys.meta_path`, once."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())
