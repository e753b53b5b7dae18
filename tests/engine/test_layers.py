"""The engine sits below the public ``Game`` and the players: it never imports them.

The engine asks players for moves and the game for its checks through the
protocols of ``ono99._protocols`` and the callables it is given, so no import
of the engine, even one made only for type checking, leads back up to them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ono99

PACKAGE = Path(ono99.__file__).parent


def _imports(module: str) -> set[str]:
    """The ``ono99`` modules ``module`` imports, at run time or for type checking."""
    tree = ast.parse((PACKAGE / (module.replace(".", "/") + ".py")).read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update(alias.name for alias in node.names)
    return found


def _below(module: str) -> set[str]:
    """Every module ``module`` reaches through its imports."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        for name in _imports(todo.pop()):
            if name not in seen and (PACKAGE / (name + ".py")).exists():
                seen.add(name)
                todo.append(name)
    return seen


def test_the_engine_imports_neither_the_game_nor_the_players() -> None:
    """No import of the engine, type-checking ones included, leads to ``_game`` or ``_players``."""
    reached = _below("_engine")
    assert "_protocols" in reached
    assert not reached & {"_game", "_players", "_search", "_simulate", "_batch"}
