"""The documentation: every public name in the API reference, every command shown works.

The examples of the pages themselves run in Sphinx's doctest builder (see
``.ci/run``); these tests need only the source tree.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99 import events, rules, testing
from ono99.cli._main import main

if TYPE_CHECKING:
    from types import ModuleType

DOCS = Path(__file__).resolve().parents[1] / "docs"
API_PAGES = DOCS / "reference" / "api"

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="the docs are not in this tree")


def api_pages() -> list[Path]:
    """The pages of the API reference, one a subject."""
    return sorted(API_PAGES.glob("*.rst"))


def documented() -> set[str]:
    """The fully qualified names the API reference documents, on any of its pages.

    Each page starts in the module ``ono99`` until it names another.
    """
    found = set()
    for page in api_pages():
        module = "ono99"
        for line in page.read_text(encoding="utf-8").splitlines():
            entry = re.match(
                r"\.\. (auto|py:)?(module|currentmodule|class|function|exception|data|type)::"
                r"\s+(\S+)",
                line,
            )
            if entry is None:
                continue
            kind, name = entry[2], entry[3]
            if kind in {"module", "currentmodule"}:
                module = name
            found.add(name if name.startswith("ono99") else f"{module}.{name}")
    return found


def test_the_api_reference_is_split_by_subject() -> None:
    """One page a subject, each listed by the index page; none of them is huge."""
    pages = {page.stem for page in api_pages()}
    assert {"index", "variants", "games", "simulation", "errors", "rules"} <= pages
    index = (API_PAGES / "index.rst").read_text(encoding="utf-8")
    for name in pages - {"index"}:
        assert f"\n   {name}\n" in index, f"{name}.rst is not in the index's toctree"


@pytest.mark.parametrize(
    ("module", "prefix"),
    [
        (ono99, "ono99"),
        (rules, "ono99.rules"),
        (events, "ono99.events"),
        (testing, "ono99.testing"),
    ],
)
def test_every_public_name_is_in_the_api_reference(module: ModuleType, prefix: str) -> None:
    """Each name in ``__all__`` of ``ono99``, ``ono99.rules`` and ``ono99.events`` has an
    entry on a hand-written page of the API reference, so no public name goes
    undocumented."""
    missing = [name for name in module.__all__ if f"{prefix}.{name}" not in documented()]
    assert missing == [], f"add these to a page of docs/reference/api/: {missing}"


# The environments' modules, which import the rl extra's libraries.
ENV_MODULES = (
    "ono99.envs",
    "ono99.envs.pettingzoo",
    "ono99.envs.gymnasium",
    "ono99.envs.openspiel",
    "ono99.envs.stable_baselines3",
)


def _env_module(name: str) -> ModuleType | None:
    """The environments' module ``name``, or ``None`` where the rl extra is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if error.name in {"numpy", "gymnasium", "pettingzoo", "pyspiel", "stable_baselines3"}:
            return None
        raise


@pytest.mark.parametrize("name", ENV_MODULES)
def test_every_public_name_of_the_environments_is_in_the_api_reference(name: str) -> None:
    """As above, for each module of ``ono99.envs`` (where the rl extra is installed)."""
    module = _env_module(name)
    if module is None:
        pytest.skip(f"{name} needs the rl extra, which is not installed")
    missing = [n for n in module.__all__ if f"{name}.{n}" not in documented()]
    assert missing == [], f"add these to docs/reference/api/envs.rst: {missing}"


def test_the_api_reference_lists_no_private_or_unknown_name() -> None:
    """Every name the API reference documents is public: it is in an ``__all__``."""
    public = {"ono99", "ono99.rules", "ono99.events", "ono99.testing", *ENV_MODULES}
    public |= {f"ono99.{n}" for n in ono99.__all__}
    public |= {f"ono99.rules.{n}" for n in rules.__all__}
    public |= {f"ono99.events.{n}" for n in events.__all__}
    public |= {f"ono99.testing.{n}" for n in testing.__all__}
    unknown = documented() - public
    for name in ENV_MODULES:
        module = _env_module(name)
        if module is None:  # not importable here: its names cannot be checked
            unknown = {n for n in unknown if not n.startswith(f"{name}.")}
        else:
            unknown -= {f"{name}.{n}" for n in module.__all__}
    assert unknown == set()


def console_examples() -> list[tuple[str, str, str]]:
    """``$ ono99 ...`` commands in the pages' console blocks, with the output shown."""
    found = []
    for page in sorted(DOCS.rglob("*.rst")):
        if "_generated" in page.parts or "_build" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^\.\. code-block:: console\n\n((?:   .*\n|\n)+)", text, re.M):
            lines = [line[3:] for line in block.rstrip("\n").split("\n")]
            for i, line in enumerate(lines):
                command = re.match(r"\$ (?:\S*/)?ono99 (.*)", line)
                if command:
                    output = []
                    for rest in lines[i + 1 :]:
                        if rest.startswith("$ "):
                            break
                        output.append(rest)
                    name = f"{page.relative_to(DOCS)}: {line}"
                    found.append((name, command.group(1), "\n".join(output).strip() + "\n"))
    return found


@pytest.mark.parametrize(("where", "args", "shown"), console_examples())
def test_commands_in_the_docs_print_what_they_show(
    where: str, args: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ``ono99`` command shown in the docs runs and prints what the page shows
    (``...`` stands for any text; a run of spaces for any other, as table columns
    are as wide as the installed rich makes them), in the folder of the docs'
    example files. A command whose output shows errors must fail; any other must
    succeed."""
    monkeypatch.chdir(DOCS / "examples")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(shlex.split(args))
    assert (status != 0) == ("error:" in shown), where
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(shown, out.getvalue(), flags), (
        f"{where}\nshown:\n{shown}\nprinted:\n{out.getvalue()}"
    )


def test_the_docs_build_fails_on_an_error_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """A '.. contents::' table (Furo's red ERROR box) is found, so -W fails the build."""
    core = pytest.importorskip("docutils.core")
    pytest.importorskip("sphinx")
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    error_boxes = importlib.import_module("ono99_docs").error_boxes
    page = "Title\n=====\n\n.. contents::\n\nPart\n----\n\nText.\n"
    boxes = error_boxes(core.publish_doctree(page))
    assert len(boxes) == 1 and "ERROR box" in boxes[0][1]
    escape = "this-will-duplicate-information-and-it-is-still-useful-here"
    allowed = page.replace(".. contents::", f".. contents::\n   :class: {escape}")
    assert error_boxes(core.publish_doctree(allowed)) == []
    for path in DOCS.rglob("*.rst"):
        assert ".. contents::" not in path.read_text(encoding="utf-8"), path


def _public_docstring_examples() -> list[doctest.DocTest]:
    """The examples of every public name's docstring (and its methods'), as the API
    reference shows them, each once."""
    modules: list[ModuleType] = [ono99, rules, events, testing]
    modules += [m for m in map(_env_module, ENV_MODULES) if m is not None]
    finder = doctest.DocTestFinder(recurse=True, exclude_empty=True)
    found: dict[str, doctest.DocTest] = {}
    seen: set[int] = set()
    for module in modules:
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen or isinstance(obj, str | int | float | tuple | frozenset):
                continue
            seen.add(id(obj))
            for test in finder.find(obj, f"{module.__name__}.{name}", module=False, globs={}):
                if test.examples:
                    found.setdefault(test.name, test)
    return sorted(found.values(), key=lambda test: test.name)


EXAMPLES = _public_docstring_examples()


@pytest.mark.parametrize("test", EXAMPLES, ids=[test.name for test in EXAMPLES])
def test_each_example_of_the_api_reference_runs_after_import_ono99_alone(
    test: doctest.DocTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader who typed ``import ono99`` can run any example the reference shows, as
    written: each imports the other names it uses (tests/test_doctests.py runs the
    same examples among their module's own names, which would hide a missing import)."""
    monkeypatch.chdir(DOCS / "examples")
    test.globs = {"ono99": ono99, "__name__": "__main__"}
    out = io.StringIO()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.DocTestRunner(optionflags=flags).run(test, out=out.write)
    assert result.failed == 0, out.getvalue()


def test_the_examples_of_the_api_reference_are_found() -> None:
    """The search above finds the examples of classes, functions and methods alike."""
    names = {test.name for test in EXAMPLES}
    assert {"ono99.load_variant", "ono99.rules.Add", "ono99.Distribution.of"} <= names
    assert len(names) > 40


def _public_classes() -> list[tuple[str, type]]:
    found = []
    for name in ono99.__all__:
        obj = getattr(ono99, name)
        if isinstance(obj, type) and not issubclass(obj, Exception):
            found.append((f"ono99.{name}", obj))
    return found


@pytest.mark.parametrize(("name", "cls"), _public_classes())
def test_every_public_class_of_ono99_has_an_example(name: str, cls: type) -> None:
    """Each class ``ono99`` exports (errors aside: their page says when each is raised)
    has an example in its docstring or its methods', run by the tests above."""
    finder = doctest.DocTestFinder(recurse=True)
    assert any(test.examples for test in finder.find(cls, name, module=False, globs={})), (
        f"{name} has no example in its docstring"
    )
