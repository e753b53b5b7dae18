"""How the docs build vends the playground (``docs/_ext/ono99_browser.py``), without a network.

The whole build (download, wheel, page) runs in CI's docs step, and the page
in a browser in ``tests/browser/``; these tests check the parts a build
depends on: the pinned wheels, the dependency check, and that a later build
takes everything from its cache, offline.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from packaging.requirements import Requirement

import ono99

if TYPE_CHECKING:
    from types import ModuleType

DOCS = Path(__file__).resolve().parents[1] / "docs"
pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="the docs are not in this tree")


@pytest.fixture
def ext(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The extension, as the docs build imports it (it needs Sphinx: the docs extra)."""
    pytest.importorskip("sphinx")
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    return importlib.import_module("ono99_browser")


def no_download(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError(f"ran {args[0][:3]}: a build with a full cache needs no download")


def wheel(folder: Path, name: str, version: str, *requires: str) -> Path:
    """A wheel with nothing in it but its metadata."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    lines += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}-{version}.dist-info/METADATA", "\n".join(lines) + "\n")
    return path


def test_the_pinned_wheels_meet_every_dependency_ono99_declares(ext: ModuleType) -> None:
    """Each dependency in pyproject.toml is pinned in wheels.txt at a version it allows: a
    floor raised above a pin fails here, before a build would."""
    project = tomllib.loads((DOCS.parent / "pyproject.toml").read_text("utf-8"))["project"]
    pinned = {name: version for name, version, _ in ext.locked_wheels(ext.WHEELS_LOCK.read_text())}
    for line in project["dependencies"]:
        requirement = Requirement(line)
        assert requirement.name in pinned, f"{requirement.name} is not in wheels.txt"
        assert requirement.specifier.contains(pinned[requirement.name]), line


def test_a_wheel_that_lacks_a_dependency_is_named_with_who_needs_it(
    ext: ModuleType, tmp_path: Path
) -> None:
    """Requirements are read as Pyodide's Python meets them: one for older Pythons or an
    extra is not needed; a missing one, or one too old, is named with its dependant."""
    wheels = [
        wheel(
            tmp_path,
            "game",
            "1.0",
            "dice>=2",
            "cards",
            "tomli>=1; python_version < '3.11'",
            "plots; extra == 'plot'",
        ),
        wheel(tmp_path, "dice", "1.5"),
    ]
    with pytest.raises(ext.PlaygroundBuildError) as caught:
        ext.check_dependencies(wheels)
    assert str(caught.value) == (
        "the wheels in wheels.txt do not meet dice>=2 for game (it has 1.5); cards for game"
    )
    ext.check_dependencies(
        [wheels[0], wheel(tmp_path, "dice", "2.0"), wheel(tmp_path, "cards", "1")]
    )


def test_a_line_of_wheels_txt_without_its_hash_is_refused(ext: ModuleType) -> None:
    assert ext.locked_wheels("# pinned\n\nattrs==1.0 --hash=sha256:00ff\n") == [
        ("attrs", "1.0", "00ff")
    ]
    with pytest.raises(ext.PlaygroundBuildError, match="line 2: expected NAME==VERSION"):
        ext.locked_wheels("# pinned\nattrs==1.0\n")


def test_a_later_build_takes_the_runtime_and_wheels_from_its_cache(
    ext: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the runtime and every pinned wheel in the cache, neither npm nor pip is run:
    a build after the first works offline."""
    cache = tmp_path / "cache"
    runtime = cache / f"pyodide-{ext.PYODIDE}"
    runtime.mkdir(parents=True)
    for name in ext.RUNTIME:
        (runtime / name).write_text(name)
    shelf = cache / f"wheels-py{ext.PYTHON}"
    shelf.mkdir()
    wheels = [wheel(shelf, "dice", "2.0"), wheel(shelf, "cards", "1.0")]
    lock = tmp_path / "wheels.txt"
    lock.write_text(
        "".join(
            f"{w.name.split('-')[0]}=={w.name.split('-')[1]} "
            f"--hash=sha256:{hashlib.sha256(w.read_bytes()).hexdigest()}\n"
            for w in wheels
        )
    )
    monkeypatch.setattr(ext, "WHEELS_LOCK", lock)
    monkeypatch.setattr(ext, "run", no_download)
    assert ext.fetch_runtime(cache) == runtime
    assert ext.fetch_wheels(cache) == wheels


def test_a_first_build_without_npm_says_what_it_needs(
    ext: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ext.shutil, "which", lambda name: None)
    with pytest.raises(ext.PlaygroundBuildError) as caught:
        ext.fetch_runtime(tmp_path)
    assert str(caught.value).startswith(f"npm is needed once, to fetch Pyodide {ext.PYODIDE}")
    assert str(caught.value).endswith("install Node.js")


def test_a_tarball_that_is_not_the_published_one_is_refused(
    ext: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What npm fetched must have the integrity the registry published for the version."""

    def pack(command: list[str], failure: str, **options: Any) -> None:
        scratch = Path(command[command.index("--pack-destination") + 1])
        with tarfile.open(scratch / "pyodide.tgz", "w:gz") as archive:
            for name in ext.RUNTIME:
                data = b"not pyodide"
                member = tarfile.TarInfo(f"package/{name}")
                member.size = len(data)
                archive.addfile(member, io.BytesIO(data))

    monkeypatch.setattr(ext.shutil, "which", lambda name: "/bin/npm")
    monkeypatch.setattr(ext, "run", pack)
    with pytest.raises(ext.PlaygroundBuildError, match="is not the one published"):
        ext.fetch_runtime(tmp_path)
    assert not (tmp_path / f"pyodide-{ext.PYODIDE}").exists()


def test_the_page_starts_from_each_shipped_variant_file_as_written(ext: ModuleType) -> None:
    found = ext.shipped_variants()
    assert [v["id"] for v in found] == ono99.list_variants()
    for variant in found:
        path = DOCS.parent / "variants" / f"{variant['id']}.toml"
        assert variant["text"] == path.read_text("utf-8")
        assert variant["name"] == ono99.load_variant(variant["id"]).name
    assert ext.DEFAULT_VARIANT in ono99.list_variants()
