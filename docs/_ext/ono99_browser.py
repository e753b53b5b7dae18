"""The playground page: ono99 running in the browser, from files served with the docs.

An HTML build puts beside the pages, in ``_static/playground/``, everything
the page loads, so that viewing it fetches nothing from the network (a local
build, offline, or any static host serves it whole):

- the Pyodide runtime (Python compiled to WebAssembly), from the npm package
  ``pyodide`` at version :data:`PYODIDE`, its integrity checked;
- the wheels of ono99's dependencies, pinned with their hashes in
  ``docs/_playground/wheels.txt`` and checked to meet every dependency;
- a pure-Python wheel of ono99 built from this tree by hatchling
  (``ONO99_COMPILE=0``), at every build;
- the page's scripts and its Python (``docs/_playground/``), and
  ``playground.json``: what to load, and the text of each shipped variant file.

The runtime and the wheels are downloaded on the first build only, with npm
(``npm pack``) and pip (``pip download``), into a cache folder outside the
source tree: ``$ONO99_DOCS_CACHE``, or ``ono99-docs`` in ``$XDG_CACHE_HOME``
(``~/.cache``). Later builds use the cache and work offline.

If they cannot be had (no npm, no network on a first build), the build warns,
which ``-W`` makes an error, and the page says why it cannot run. Building
with ``-D ono99_playground=0`` leaves the playground out on purpose, with no
warning. Builders other than HTML never download anything.

The page itself is ``docs/playground.rst``; its parts are placed with the
``.. ono99-playground:: PART`` directive (``editor``, ``rulebook``, ``play``,
``simulate``, ``profile``, ``downloads``), which adds the page's script and style sheet to
that page only.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import ono99

if TYPE_CHECKING:
    from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[2]
PAGE_FILES = ROOT / "docs" / "_playground"
WHEELS_LOCK = PAGE_FILES / "wheels.txt"
VARIANTS = ROOT / "variants"

PYODIDE = "314.0.8"
"""The version of the npm package ``pyodide`` the page runs on."""
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41"
    "dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
"""Its tarball's integrity, as the npm registry states it (``npm view pyodide@VERSION dist``)."""
PYTHON = "3.14"
"""The Python of that Pyodide: the wheels in ``wheels.txt`` are for it."""
RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the npm package the page loads (the rest are typings and demos)."""

PAGE = ("playground.mjs", "worker.mjs", "playground.css", "ono99_playground.py")
"""The page's own files, from ``docs/_playground/``."""
OUT = "playground"
"""Where in ``_static/`` the build puts it all."""
DEFAULT_VARIANT = "ono99-2022"

# A wheel's requirements are met for Pyodide's Python in the browser.
MARKERS = {
    "python_version": PYTHON,
    "python_full_version": f"{PYTHON}.0",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "extra": "",
}

logger = logging.getLogger(__name__)


class PlaygroundBuildError(Exception):
    """What keeps the playground from being built, in words."""


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, the config value and the build steps."""
    app.add_config_value("ono99_playground", default=True, rebuild="", types=frozenset({bool}))
    app.add_directive("ono99-playground", PlaygroundPart)
    app.connect("builder-inited", build_playground)
    app.connect("html-page-context", add_page_scripts)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


# --------------------------------------------------------------- the build


def build_playground(app: Sphinx) -> None:
    """Put the page's files and everything it loads into ``_static/playground/``."""
    if app.builder.format != "html":
        return
    out = Path(app.outdir) / "_static" / OUT
    out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {"variants": shipped_variants(), "default": DEFAULT_VARIANT}
    for name in PAGE:
        manifest.setdefault("files", {})[name] = put(PAGE_FILES / name, out / name)
    if not app.config.ono99_playground:
        reason = "these pages were built without it (-D ono99_playground=0)"
        logger.info("the playground is left out: %s", reason)
        manifest |= {"available": False, "reason": reason}
    else:
        try:
            manifest |= vendor(out, cache_folder())
        except PlaygroundBuildError as exc:
            logger.warning(
                "the playground page cannot run: %s (build with -D ono99_playground=0 "
                "to leave it out)",
                exc,
                type="ono99",
                subtype="playground",
            )
            manifest |= {"available": False, "reason": f"it was not built: {exc}"}
    text = json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"
    (out / "playground.json").write_text(text, encoding="utf-8")


def vendor(out: Path, cache: Path) -> dict[str, Any]:
    """Copy the runtime and the wheels into ``out``; what the manifest says of them.

    Raises:
        PlaygroundBuildError: If a download fails, a file is not what it should
            be, or the wheels do not meet a dependency.
    """
    runtime = fetch_runtime(cache)
    check_python(runtime)
    wheels = fetch_wheels(cache)
    wheels.append(build_ono99_wheel(cache))
    check_dependencies(wheels)
    folder = f"pyodide-{PYODIDE}/"
    runtime_files = {name: put(runtime / name, out / folder / name) for name in RUNTIME}
    shelf = out / "wheels"
    shelf.mkdir(exist_ok=True)
    for stale in set(shelf.glob("*.whl")) - {shelf / w.name for w in wheels}:
        stale.unlink()
    wheel_files = {f"wheels/{w.name}": put(w, shelf / w.name) for w in wheels}
    return {
        "available": True,
        "pyodide": {"version": PYODIDE, "folder": folder, "files": runtime_files},
        "wheels": wheel_files,
        "ono99": ono99.__version__,
    }


def put(source: Path, target: Path) -> dict[str, Any]:
    """Copy ``source`` to ``target`` unless it is there already; its size and hash."""
    data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if not target.is_file() or hashlib.sha256(target.read_bytes()).hexdigest() != digest:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return {"bytes": len(data), "sha256": digest}


def cache_folder() -> Path:
    """Where downloads are kept between builds: never in the source tree."""
    named = os.environ.get("ONO99_DOCS_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ono99-docs"


def shipped_variants() -> list[dict[str, str]]:
    """Each shipped variant's id, name and file as written: the page starts from one."""
    found = []
    for variant_id in ono99.list_variants():
        path = VARIANTS / f"{variant_id}.toml"
        if path.is_file():
            name = ono99.load_variant(variant_id).name
            found.append({"id": variant_id, "name": name, "text": path.read_text("utf-8")})
    return found


# ---------------------------------------------------------------- runtime


def fetch_runtime(cache: Path) -> Path:
    """The folder of Pyodide's runtime files in the cache, fetched with npm the first time."""
    folder = cache / f"pyodide-{PYODIDE}"
    if all((folder / name).is_file() for name in RUNTIME):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise PlaygroundBuildError(
            f"npm is needed once, to fetch Pyodide {PYODIDE} (the Python the page runs "
            f"ono99 in) into {cache}; install Node.js"
        )
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        run(
            [npm, "pack", f"pyodide@{PYODIDE}", "--pack-destination", scratch, "--silent"],
            f"npm could not fetch pyodide@{PYODIDE}",
        )
        tarballs = list(Path(scratch).glob("*.tgz"))
        if len(tarballs) != 1:
            raise PlaygroundBuildError(f"npm pack pyodide@{PYODIDE} wrote no tarball")
        data = tarballs[0].read_bytes()
        if integrity(data) != PYODIDE_INTEGRITY:
            raise PlaygroundBuildError(
                f"the tarball of pyodide@{PYODIDE} is not the one published "
                f"(its integrity is {integrity(data)}, not {PYODIDE_INTEGRITY})"
            )
        unpacked = Path(scratch) / "runtime"
        unpacked.mkdir()
        with tarfile.open(tarballs[0], "r:gz") as archive:
            for name in RUNTIME:
                member = archive.extractfile(f"package/{name}")
                if member is None:
                    raise PlaygroundBuildError(f"pyodide@{PYODIDE} has no {name}")
                (unpacked / name).write_bytes(member.read())
        if not folder.exists():
            # A whole folder or none: another build may have put it there meanwhile.
            try:
                unpacked.rename(folder)
            except OSError:
                if not folder.is_dir():
                    raise
    return folder


def integrity(data: bytes) -> str:
    """The Subresource Integrity string npm states for a tarball."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def check_python(runtime: Path) -> None:
    """The runtime's Python is the one the wheels were chosen for (:data:`PYTHON`)."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text("utf-8"))
    python = str(lock.get("info", {}).get("python", ""))
    if python != PYTHON and not python.startswith(f"{PYTHON}."):
        raise PlaygroundBuildError(
            f"Pyodide {PYODIDE} runs Python {python}, and the wheels are chosen for "
            f"{PYTHON}: set PYTHON in {Path(__file__).name} and refresh {WHEELS_LOCK.name}"
        )


# ----------------------------------------------------------------- wheels


def locked_wheels(text: str) -> list[tuple[str, str, str]]:
    r"""``(name, version, sha256)`` of each wheel ``wheels.txt`` pins.

    >>> locked_wheels("# a comment\nattrs==26.1.0 --hash=sha256:ab12\n")
    [('attrs', '26.1.0', 'ab12')]
    """
    found = []
    for number, written in enumerate(text.splitlines(), 1):
        line = written.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]+)", line)
        if match is None:
            raise PlaygroundBuildError(
                f"{WHEELS_LOCK.name}, line {number}: expected NAME==VERSION --hash=sha256:HASH"
            )
        found.append((match[1], match[2], match[3]))
    return found


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned wheels, from the cache, downloaded with pip the first time."""
    pinned = locked_wheels(WHEELS_LOCK.read_text("utf-8"))
    shelf = cache / f"wheels-py{PYTHON}"
    found = _by_hash(shelf)
    if any(digest not in found for _, _, digest in pinned):
        shelf.mkdir(parents=True, exist_ok=True)
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--require-hashes",
                "--only-binary=:all:",
                "--platform=any",
                f"--python-version={PYTHON}",
                "--implementation=py",
                f"--dest={shelf}",
                f"--requirement={WHEELS_LOCK}",
            ],
            "pip could not download the wheels of ono99's dependencies",
        )
        found = _by_hash(shelf)
    wheels = []
    for name, version, digest in pinned:
        if digest not in found:
            raise PlaygroundBuildError(f"no wheel of {name} {version} with the pinned hash")
        wheels.append(found[digest])
    return wheels


def _by_hash(folder: Path) -> dict[str, Path]:
    if not folder.is_dir():
        return {}
    return {hashlib.sha256(p.read_bytes()).hexdigest(): p for p in sorted(folder.glob("*.whl"))}


def build_ono99_wheel(cache: Path) -> Path:
    """A pure-Python wheel of ono99 from this tree (``ONO99_COMPILE=0``), built by hatchling."""
    out = cache / "ono99-wheel"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    script = "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))"
    run(
        [sys.executable, "-c", script, str(out)],
        "hatchling could not build ono99's pure-Python wheel",
        cwd=ROOT,
        env={**os.environ, "ONO99_COMPILE": "0"},
    )
    wheels = list(out.glob("ono99-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise PlaygroundBuildError("hatchling built no pure-Python wheel of ono99")
    return wheels[0]


def requirements(wheel: Path) -> tuple[str, str, list[Requirement]]:
    """A wheel's name, version and the requirements it has in the browser."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = HeaderParser().parsestr(archive.read(name).decode("utf-8"))
    needed = []
    for line in metadata.get_all("Requires-Dist") or []:
        try:
            requirement = Requirement(line)
        except InvalidRequirement as exc:
            raise PlaygroundBuildError(f"{wheel.name}: {exc}") from None
        if requirement.marker is None or requirement.marker.evaluate(MARKERS):
            needed.append(requirement)
    return str(metadata["Name"]), str(metadata["Version"]), needed


def check_dependencies(wheels: list[Path]) -> None:
    """Every requirement of every wheel is met by one of the wheels.

    Raises:
        PlaygroundBuildError: Naming what is missing, and who needs it.
    """
    have: dict[str, str] = {}
    needs: list[tuple[str, Requirement]] = []
    for wheel in wheels:
        name, version, needed = requirements(wheel)
        have[canonicalize_name(name)] = version
        needs += [(name, r) for r in needed]
    missing = []
    for who, requirement in needs:
        found = have.get(canonicalize_name(requirement.name))
        if found is None or not requirement.specifier.contains(found, prereleases=True):
            has = f" (it has {found})" if found else ""
            missing.append(f"{requirement} for {who}{has}")
    if missing:
        raise PlaygroundBuildError(
            f"the wheels in {WHEELS_LOCK.name} do not meet " + "; ".join(missing)
        )


def run(command: list[str], failure: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """Run ``command``; on failure, :class:`PlaygroundBuildError` with the end of its output."""
    try:
        # The commands are this module's own (npm, pip, hatchling), with pinned arguments.
        done = subprocess.run(  # noqa: S603
            command, capture_output=True, text=True, check=False, **options
        )
    except OSError as exc:
        raise PlaygroundBuildError(f"{failure}: {exc}") from None
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise PlaygroundBuildError(f"{failure}: " + " / ".join(said or ["no output"]))
    return done


# ---------------------------------------------------------------- the page


def add_page_scripts(
    app: Sphinx,
    pagename: str,  # noqa: ARG001 - the event's signature
    templatename: str,  # noqa: ARG001
    context: dict[str, Any],  # noqa: ARG001
    doctree: nodes.document | None,
) -> None:
    """Give a page that holds the playground its script and style sheet."""
    if doctree is None or not any(doctree.findall(_is_part)):
        return
    app.add_js_file(f"{OUT}/playground.mjs", type="module")
    app.add_css_file(f"{OUT}/playground.css")


def _is_part(node: nodes.Node) -> bool:
    return isinstance(node, nodes.raw) and "ono99-playground" in node.get("classes", [])


class PlaygroundPart(SphinxDirective):
    """``.. ono99-playground:: PART``: a part of the playground, where the page wants it."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """The part's HTML (the script fills it in), or the list of what the page loads."""
        part = self.arguments[0]
        if part == "downloads":
            self.env.note_dependency(str(WHEELS_LOCK))
            return [downloads_list()]
        if part not in PARTS:
            raise self.error(f"no playground part {part!r}: one of {', '.join(PARTS)}, downloads")
        html = PARTS[part].strip()
        return [nodes.raw("", html, format="html", classes=["ono99-playground"])]


def downloads_list() -> nodes.bullet_list:
    """What the page downloads, from the pinned versions."""
    items = [f"Pyodide {PYODIDE}, the Python {PYTHON} runtime: {', '.join(RUNTIME)};"]
    items.append(f"ono99 {ono99.__version__}, as a pure-Python wheel built with these pages;")
    pinned = locked_wheels(WHEELS_LOCK.read_text("utf-8"))
    items.append(
        "the wheels of its dependencies: "
        + ", ".join(f"{name} {version}" for name, version, _ in pinned)
        + ";"
    )
    items.append("and the page's own scripts, with the shipped variant files.")
    listing = nodes.bullet_list()
    for text in items:
        listing += nodes.list_item("", nodes.paragraph(text=text))
    return listing


EDITOR = """
<div class="ono99-pg">
<p class="ono99-pg-status">Status: <strong id="status">loading</strong>
<span id="status-detail">(the playground needs JavaScript)</span>
<button type="button" class="ono99-pg-stop" hidden>Stop</button></p>
<fieldset id="file-kind" class="ono99-pg-row ono99-pg-kind">
<legend>The file is</legend>
<label><input type="radio" name="file-kind" value="variant" checked> a variant</label>
<label><input type="radio" name="file-kind" value="house-rule"> a house rule, laid over
<select id="base" aria-label="The variant the house rule is laid over"></select></label>
</fieldset>
<p class="ono99-pg-row" id="start-row"><label>Start from
<select id="variant" aria-describedby="variant-note"></select></label>
<span id="variant-note" class="ono99-pg-note">(choosing one replaces the file below)</span></p>
<fieldset id="house-rules" class="ono99-pg-house">
<legend>House rules laid over it</legend>
<p class="ono99-pg-note">The house rules that fit the file are listed here once it loads.</p>
</fieldset>
<p><label for="file" id="file-label">The variant file, <code>variant.toml</code></label></p>
<div class="ono99-pg-editor">
<pre id="file-lines" class="ono99-pg-lines" aria-hidden="true"></pre>
<textarea id="file" rows="24" spellcheck="false" autocomplete="off" autocapitalize="off"
 wrap="off"></textarea>
</div>
<p class="ono99-pg-row"><button type="button" id="check" disabled>Check the file</button>
<button type="button" id="share" disabled>Link to this file</button>
<button type="button" id="download" disabled>Download the file</button></p>
<p><input id="share-link" type="url" readonly hidden aria-label="A link to this file"></p>
<div id="findings" aria-live="polite"></div>
</div>
"""

RULEBOOK = """
<div id="rulebook" class="ono99-pg ono99-pg-rulebook" aria-live="polite">
<p class="ono99-pg-note">The rulebook of the file is written here once the library is loaded.</p>
</div>
"""

PLAY = """
<div class="ono99-pg">
<p class="ono99-pg-row">
<label>Players <input id="game-players" type="number" min="2" max="6" value="3"></label>
<label>Against <select id="game-opponent"><option>cautious</option></select></label>
<label>Seed <input id="game-seed" type="number" min="0" placeholder="any"></label>
<button type="button" id="new-game" disabled>Deal a new game</button>
<button type="button" class="ono99-pg-stop" hidden>Stop</button></p>
<div id="game" data-moves="0" data-over="false" data-busy="false">
<div id="game-log" class="ono99-pg-log" aria-live="polite"></div>
<div id="game-status"></div>
<p id="game-hand"></p>
<div id="moves" class="ono99-pg-moves"></div>
<p id="game-result"></p>
</div>
</div>
"""

SIMULATE = """
<div class="ono99-pg">
<p class="ono99-pg-row">
<label>Games <input id="sim-games" type="number" min="1" max="10000" value="200"></label>
<label>Players <input id="sim-players" type="number" min="2" max="6" value="4"></label>
<label>Seed <input id="sim-seed" type="number" min="0" value="1"></label>
<label><input id="sim-rotate" type="checkbox"> move the strategies round the table</label></p>
<p id="sim-strategies" class="ono99-pg-row"></p>
<p class="ono99-pg-row"><button type="button" id="simulate" disabled>Simulate</button>
<progress id="sim-progress" max="1" value="0" hidden></progress>
<span id="sim-done"></span>
<button type="button" class="ono99-pg-stop" hidden>Stop</button></p>
<div id="sim-results" aria-live="polite"></div>
</div>
"""

PROFILE = """
<div class="ono99-pg">
<p class="ono99-pg-row">
<label>Games <input id="profile-games" type="number" min="1" max="2000" value="100"></label>
<label>Players <input id="profile-players" type="number" min="2" max="6" value="4"></label>
<label>Seed <input id="profile-seed" type="number" min="0" value="1"></label></p>
<p class="ono99-pg-row"><button type="button" id="profile" disabled>Profile</button>
<progress id="profile-progress" max="1" value="0" hidden></progress>
<span id="profile-done"></span>
<button type="button" class="ono99-pg-stop" hidden>Stop</button></p>
<div id="profile-results" aria-live="polite"></div>
</div>
"""

PARTS = {
    "editor": EDITOR,
    "rulebook": RULEBOOK,
    "play": PLAY,
    "simulate": SIMULATE,
    "profile": PROFILE,
}
