"""The package's layers import only downwards, and no module imports itself back.

Each subpackage of ``ono99`` is a layer (``rules``, ``loading``, ``engine``,
``players``, ...), stacked in :data:`LAYERS`: a module may import the modules
of its own layer and of those below it, never of one above (type-checking
imports included, so that the engine's types never lead back up to the
game's players). At run time, imports made inside functions included, the
modules form no circle: each can be imported on its own, in any order.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ono99

PACKAGE = Path(ono99.__file__).parent

# From the bottom up; a name is a subpackage or a module of the top level.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"_errors", "_limits", "_text", "_args", "events"}),
    frozenset({"rules"}),
    frozenset({"_settings", "_zones"}),
    frozenset({"_variant"}),
    frozenset({"loading"}),
    frozenset({"engine", "authoring"}),
    frozenset({"players"}),
    frozenset({"simulation"}),
    frozenset({"envs", "testing", "analysis"}),
    frozenset({""}),
    frozenset({"cli", "__main__"}),
)


def _modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (``ono99.engine._game``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["ono99", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str) -> tuple[set[str], set[str]]:
    """The package's modules ``module`` imports: at run time, and for type checking only."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    run: set[str] = set()
    typing: set[str] = set()

    def visit(node: ast.AST, into: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for stmt in child.body:
                    visit_stmt(stmt, typing)
                for stmt in child.orelse:
                    visit_stmt(stmt, into)
            else:
                visit_stmt(child, into)

    def visit_stmt(node: ast.AST, into: set[str]) -> None:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                into.add(target if target in MODULES else source)
        elif isinstance(node, ast.Import):
            into.update(alias.name for alias in node.names)
        visit(node, into)

    visit(ast.parse(path.read_text("utf-8")), run)
    inside = set(MODULES)
    return run & inside - {module}, typing & inside - {module}


IMPORTS = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> int:
    """The index in :data:`LAYERS` of the layer a module belongs to."""
    name = module.removeprefix("ono99").removeprefix(".").partition(".")[0]
    for index, layer in enumerate(LAYERS):
        if name in layer:
            return index
    pytest.fail(f"{module} belongs to no layer of LAYERS: add its subpackage there")


def test_every_layer_names_what_is_there() -> None:
    """Each name of :data:`LAYERS` is a subpackage or a top-level module that exists."""
    there = {
        module.removeprefix("ono99").removeprefix(".").partition(".")[0] for module in MODULES
    }
    assert set().union(*LAYERS) - there == set()


def test_every_module_belongs_to_a_layer() -> None:
    """A new subpackage or top-level module is placed in the stack of layers."""
    for module in MODULES:
        _layer(module)


def test_no_module_imports_a_layer_above_its_own() -> None:
    """Imports go down the stack (or stay within a layer), type-checking ones included."""
    upward = sorted(
        f"{module} imports {target}"
        for module, (run, typing) in IMPORTS.items()
        for target in run | typing
        if _layer(target) > _layer(module)
    )
    assert upward == []


def _circles() -> list[list[str]]:
    """The strongly connected sets of two or more modules in the run-time import graph."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(IMPORTS[module][0]):
            if target not in index:
                connect(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(MODULES):
        if module not in index:
            connect(module)
    return found


def test_no_import_circle_at_run_time() -> None:
    """No module reaches itself through the imports it runs, those inside functions included."""
    assert _circles() == []


def test_the_circle_finder_finds_a_circle() -> None:
    """The check above would see a circle: two modules made to import each other are one."""
    saved = {name: IMPORTS[name] for name in ("ono99._errors", "ono99._limits")}
    try:
        IMPORTS["ono99._errors"] = ({"ono99._limits"}, set())
        IMPORTS["ono99._limits"] = ({"ono99._errors"}, set())
        assert ["ono99._errors", "ono99._limits"] in _circles()
    finally:
        IMPORTS.update(saved)


def _below(module: str) -> set[str]:
    """Every module ``module`` reaches through its imports, type-checking ones included."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        run, typing = IMPORTS[todo.pop()]
        for name in run | typing:
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_engine_imports_neither_the_game_nor_the_players() -> None:
    """The state machine asks players and rule objects through protocols: no import of it
    leads to ``Game``, the players or the simulation."""
    reached = _below("ono99.engine._engine")
    assert "ono99.engine._protocols" in reached
    assert not {m for m in reached if m.startswith(("ono99.players", "ono99.simulation"))}
    assert "ono99.engine._game" not in reached


def _subpackage(module: str) -> str | None:
    """The subpackage of ``ono99`` that ``module`` is in (``engine``), or ``None`` at the top."""
    parts = module.split(".")
    if len(parts) > 1 and (PACKAGE / parts[1] / "__init__.py").exists():
        return parts[1]
    return None


def test_no_package_imports_another_packages_private_module() -> None:
    """Each subpackage's ``__init__`` is its face: a module outside ``ono99.X`` imports
    ``ono99.X``, never one of its private modules ``ono99.X._y`` (type-checking imports
    included). The top-level modules (``ono99._variant``, ``ono99._errors``, ...) are the
    root package's own, shared by every layer."""
    through_the_back = sorted(
        f"{module} imports {target}"
        for module, (run, typing) in IMPORTS.items()
        for target in run | typing
        if (package := _subpackage(target)) is not None
        and package != _subpackage(module)
        and any(part.startswith("_") for part in target.split(".")[2:])
    )
    assert through_the_back == []


def test_the_private_import_check_sees_one() -> None:
    """The check above would see an import through the back: the envs made to import
    ``ono99.engine._engine`` would be one."""
    saved = IMPORTS["ono99.envs._kernel"]
    try:
        IMPORTS["ono99.envs._kernel"] = (saved[0] | {"ono99.engine._engine"}, saved[1])
        with pytest.raises(AssertionError, match=r"ono99\.engine\._engine"):
            test_no_package_imports_another_packages_private_module()
    finally:
        IMPORTS["ono99.envs._kernel"] = saved
