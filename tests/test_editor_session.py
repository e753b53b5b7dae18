"""What an editor shows from the shipped JSON Schema: a real language-server session.

Taplo's language server (the one the Even Better TOML extension runs) is
started by ``docs/examples/editor_session.py`` on a half-written variant file
whose ``#:schema`` line names the shipped schema; its completion and hover
answers must carry the schema's keys, values and descriptions, and must be the
ones the "Editing variant files" page shows. The server needs Node.js and
``npm install @taplo/lsp`` (found through ``NODE_PATH``); without them the test
is skipped, unless ``ONO99_EXPECT_LSP=1`` says the server must be there.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from ono99 import json_schema
from ono99.rules import rule_types

if TYPE_CHECKING:
    from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
SCRIPT = EXAMPLES / "editor_session.py"
TRANSCRIPT = EXAMPLES / "editor-session.txt"


def _why_no_server() -> str | None:
    """Why the language server cannot run here, or ``None`` when it can."""
    if not SCRIPT.is_file():
        return "the docs' examples are not in this tree"
    node = shutil.which("node")
    if node is None:
        return "Node.js is not installed"
    found = subprocess.run(  # noqa: S603 (a fixed command)
        [node, "-e", "require.resolve('@taplo/lsp')"],
        cwd=EXAMPLES,
        capture_output=True,
        check=False,
    )
    if found.returncode != 0:
        return "the npm package @taplo/lsp is not installed (npm install @taplo/lsp; NODE_PATH)"
    return None


@pytest.fixture(scope="module")
def script() -> ModuleType:
    why = _why_no_server()
    if why is not None:
        if os.environ.get("ONO99_EXPECT_LSP") == "1":
            pytest.fail(f"ONO99_EXPECT_LSP=1 but {why}")
        pytest.skip(why)
    spec = importlib.util.spec_from_file_location("editor_session", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def answers(script: ModuleType) -> dict[str, Any]:
    result: dict[str, Any] = script.session()
    return result


def _variant_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json_schema("variant")
    return schema


def test_completion_in_total_offers_its_keys_with_their_descriptions(
    script: ModuleType, answers: dict[str, Any]
) -> None:
    """Inside ``[total]`` the editor offers the keys the schema gives the table, each
    with the schema's description (``bust``, already written there, is not offered)."""
    keys = _variant_schema()["properties"]["total"]["properties"]
    offered = dict(script.completions(answers["completion of a key in [total]"]))
    assert set(offered) == set(keys) - {"bust"}
    for key, description in offered.items():
        if description or "description" in keys[key].get("anyOf", [{}])[0]:
            assert description == keys[key]["description"], key
    assert offered["start"] == keys["start"]["description"]


def test_completion_of_an_effects_type_offers_every_effect_with_its_description(
    script: ModuleType, answers: dict[str, Any]
) -> None:
    """At an effect's ``type =`` the editor offers every effect the registry holds,
    each with the description of that effect's table in the schema."""
    defs = _variant_schema()["$defs"]
    offered = script.completions(answers["completion of an effect's type"])
    assert {label.strip('"') for label, _ in offered} == set(rule_types("effect"))
    assert len(offered) == len(rule_types("effect"))  # each once, not again without a description
    described = {label.strip('"'): doc for label, doc in offered if doc}
    assert set(described) == set(rule_types("effect"))
    for name, description in described.items():
        assert description == defs[f"effect-{name}"]["properties"]["type"]["description"]


def test_completion_in_an_effect_offers_effect_keys_with_their_descriptions(
    script: ModuleType, answers: dict[str, Any]
) -> None:
    """Inside an effect table the editor offers effects' keys with their descriptions;
    ``amount``, the key ``add`` needs, among them."""
    defs = _variant_schema()["$defs"]
    descriptions = {
        key: spec["description"]
        for name in rule_types("effect")
        for key, spec in defs[f"effect-{name}"]["properties"].items()
        if key != "type"
    }
    offered = dict(script.completions(answers["completion of a key in an effect"]))
    assert offered["amount"] == defs["effect-add"]["properties"]["amount"]["description"]
    assert offered
    for key, description in offered.items():
        assert description == descriptions[key], key


def test_hover_shows_the_description_of_the_key(answers: dict[str, Any]) -> None:
    """Hovering over ``bust`` shows the schema's (and the reference's) description."""
    bust = _variant_schema()["properties"]["total"]["properties"]["bust"]["description"]
    assert answers["hover on bust"]["contents"]["value"] == bust


def test_the_docs_show_this_session(script: ModuleType, answers: dict[str, Any]) -> None:
    """The transcript on the "Editing variant files" page is this session's answers.

    Regenerate with: ``python docs/examples/editor_session.py > docs/examples/editor-session.txt``
    """
    assert TRANSCRIPT.read_text(encoding="utf-8") == script.transcript(answers)
