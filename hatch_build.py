"""Build hook: compile the engine's hot modules with mypyc when building a wheel.

The compiled modules are the very same source, turned into C extension
modules: there is one engine, and the pure-Python modules stay in the wheel
beside the extensions. ``ONO99_COMPILE`` chooses what happens:

``auto`` (the default)
    compile, and if that fails (no C compiler, say) build a pure-Python wheel
    with a warning;
``1``
    compile, and fail the build if that fails;
``0``
    build a pure-Python wheel (``py3-none-any``).

Editable installs are never compiled, so that a developer's edits take effect
at once and the tests can patch the engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The modules a simulated move runs through, in the package (the engine, the
# shipped strategies' choices and a simulation's loop over its games); and the
# environments' kernel, which reads the engine's state for every step (it needs
# none of the rl extra's libraries, so it compiles without them).
COMPILED = (
    "simulation/_batch.py",
    "engine/_chance.py",
    "engine/_engine.py",
    "engine/_deal.py",
    "engine/_play.py",
    "engine/_react.py",
    "engine/_legality.py",
    "engine/_out.py",
    "engine/_round.py",
    "engine/_table.py",
    "engine/_scoring.py",
    "engine/_steps.py",
    "engine/_compiled.py",
    "engine/_view.py",
    "engine/_layout.py",
    "players/_policies.py",
    "envs/_kernel.py",
)

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="ono99-engine",
    packages=[],
    py_modules=[],
    ext_modules=mypycify({files!r}, opt_level="3", group_name="ono99"),
)
"""


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add the mypyc-compiled engine modules to a standard wheel."""

    PLUGIN_NAME = "custom"

    # Where the extensions are built, kept until the wheel holds them.
    _scratch: str | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, as ``ONO99_COMPILE`` says, and add the extensions to the wheel."""
        mode = os.environ.get("ONO99_COMPILE", "auto")
        if self.target_name != "wheel" or version == "editable" or mode == "0":
            return
        if mode not in {"auto", "1"}:
            raise ValueError(f"ONO99_COMPILE must be auto, 1 or 0, not {mode!r}")
        try:
            built = self._compile()
        except OSError as error:
            if mode == "1":
                raise
            self.app.display_warning(f"mypyc failed, building a pure-Python wheel: {error}")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)

    def finalize(
        self,
        version: str,  # noqa: ARG002 - the hook's signature
        build_data: dict[str, Any],  # noqa: ARG002
        artifact_path: str,  # noqa: ARG002
    ) -> None:
        """Remove the scratch directory, once the wheel is written."""
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _compile(self) -> dict[str, str]:
        """Compile ``COMPILED`` in a scratch copy of the package.

        Returns:
            Each extension's path, mapped to its path in the wheel.

        Raises:
            OSError: If mypyc or the C compiler fails, with their output.
        """
        self._scratch = tempfile.mkdtemp(prefix="ono99-mypyc-")
        work = Path(self._scratch)
        shutil.copytree(
            Path(self.root) / "ono99",
            work / "ono99",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        # Optional extras (matplotlib, dask) need not be installed to compile.
        files = ["--ignore-missing-imports", *(f"ono99/{name}" for name in COMPILED)]
        (work / "setup.py").write_text(SETUP.format(files=files), encoding="utf-8")
        result = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode:
            raise OSError(f"mypyc failed:\n{result.stdout}{result.stderr}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = [*work.glob(f"*{suffix}"), *work.glob(f"ono99/**/*{suffix}")]
        if len(built) != len(COMPILED) + 1:  # each module, and the shared library
            raise OSError(f"mypyc built {built}, expected {len(COMPILED) + 1} extensions")
        return {str(path): path.relative_to(work).as_posix() for path in built}
