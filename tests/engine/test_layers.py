"""The package's layers import only downwards, and no module imports itself back.

Each subpackage of ``ono99`` is a layer (``rules``, ``loading``, ``engine``,
``players``, ...), stacked in :data:`LAYERS`: a module may import the modules
of its own layer and of those below it, never of one above (type-checking
imports included, so that the engine's types never lead back up to the
game's players). At run time, imports made inside functions included, the
modules form no circle: each can be imported on its own, in any order. A
private name (a leading underscore) stays in its module: no module imports
one from another.
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
    frozenset({"_settings", "_zones", "_phases"}),
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


# Private names (a leading underscore) that a module may still import from another
# of the package's modules: ``(importing module, "source module:name")`` with the
# reason. At most five; each is to go (the name made public in its private module,
# or moved to the module that owns it), and an entry no module needs any more fails.
PRIVATE_NAMES_ALLOWED: dict[tuple[str, str], str] = {}


def _private_names(module: str, source: str | None = None) -> list[tuple[int, str]]:
    """The private names ``module`` takes from another of the package's modules.

    ``from .x import _name`` (type-checking imports included), and ``x._name`` where
    ``x`` is one of the package's modules imported by name (``from . import x``,
    ``import ono99.x as x``); dunders (``__version__``) are not private. Each as
    ``(line, "source module:name")``.
    """
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text("utf-8") if source is None else source)
    found: list[tuple[int, str]] = []
    named: dict[str, str] = {}  # a module of the package, by the name it is bound to here

    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__")

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(
                    [*parts[: len(parts) - node.level + 1], *filter(None, [node.module])]
                )
            else:
                base = node.module or ""
            if base not in MODULES:
                continue
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    named[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif private(alias.name):
                    found.append((node.lineno, f"{base}:{alias.name}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in MODULES:
                    named[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in named
            and private(node.attr)
        ):
            found.append((node.lineno, f"{named[node.value.id]}:{node.attr}"))
    return sorted(found)


def test_no_private_name_crosses_modules() -> None:
    """A name with a leading underscore stays in its module: a helper that several modules
    use is a public name of its (private) module, or lives in the module that owns it.
    :data:`PRIVATE_NAMES_ALLOWED` lists, with reasons, the few still on their way."""
    crossing = {
        (module, name): line for module in MODULES for line, name in _private_names(module)
    }
    assert len(PRIVATE_NAMES_ALLOWED) <= 5  # a short list, each entry on its way out
    assert all(reason.strip() for reason in PRIVATE_NAMES_ALLOWED.values())
    unexpected = sorted(
        f"{module}:{line} takes {name}"
        for (module, name), line in crossing.items()
        if (module, name) not in PRIVATE_NAMES_ALLOWED
    )
    assert unexpected == []
    assert sorted(set(PRIVATE_NAMES_ALLOWED) - set(crossing)) == [], "no longer needed"


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("from ._conditions import CardTest, _matches\n", "ono99.rules._conditions:_matches"),
        ("from ono99.rules._registry import _found\n", "ono99.rules._registry:_found"),
        ("from . import _registry\n_registry._found()\n", "ono99.rules._registry:_found"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ._table import _Hidden\n",
            "ono99.rules._table:_Hidden",
        ),
    ],
)
def test_the_private_name_check_sees_one(source: str, name: str) -> None:
    """Each way of taking a private name from another module is seen; dunders and a
    module's own private names are not."""
    assert [found for _, found in _private_names("ono99.rules._show", source)] == [name]


def test_the_private_name_check_leaves_public_and_own_names_alone() -> None:
    source = (
        "from . import _registry\nfrom ono99 import __version__\n"
        "from ._conditions import matches\n_registry.rule_class\n_mine = 1\n"
    )
    assert _private_names("ono99.rules._show", source) == []
