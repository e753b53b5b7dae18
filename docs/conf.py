"""Sphinx configuration for the ono99 documentation.

Build it (from the project's root, with the ``docs`` extra installed)::

    sphinx-build -n -W docs docs/_build/html
    sphinx-build -n -W -b doctest docs docs/_build/doctest

The pages under ``_generated/`` (a rulebook per shipped variant and house
rule, the table of how the editions differ, the command line's help) are
written at build time by the ``ono99_docs`` extension in ``_ext/``, from the
variant files and the library itself, so they cannot drift from either.

The playground page (``playground.rst``) runs the library in the browser: the
``ono99_browser`` extension puts what it loads beside the HTML pages,
downloading the Python runtime and the dependencies' wheels on the first HTML
build into a cache folder (its docstring says how; ``-D ono99_playground=0``
leaves the playground out).
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import sys
from pathlib import Path

import ono99

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "ono99"
author = "The ono99 developers"
copyright = "The ono99 developers"
release = ono99.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx_copybutton",
    "ono99_docs",
    "ono99_api",
    "ono99_browser",
]

# _generated/includes holds parts of pages, pulled in with ``.. include::``.
exclude_patterns = ["_build", "_intersphinx", "_generated/includes", "_playground"]
nitpicky = True
# Names that appear in signatures and type hints but have no page of their own:
# typing internals and the private modules public names are defined in.
nitpick_ignore_regex = [
    ("py:class", r"ono99\.(\w+\.)*_.*"),
    ("py:class", r"(typing\.)?(Literal|ClassVar)\[.*"),
    ("py:class", r"Stacking"),
    ("py:class", r"FileKind"),
    ("py:class", r"SchemaKind"),
    ("py:class", r"Level"),
    # Hypothesis has no inventory here; its strategies are documented on its own site.
    ("py:class", r"(hypothesis\.strategies\.|st\.)(SearchStrategy|DrawFn).*"),
    # The rl extra's libraries have no inventory here; their own sites document them.
    ("py:class", r"(np|numpy|gymnasium|pettingzoo|pyspiel|stable_baselines3|NDArray|spaces)\b.*"),
    ("py:class", r"(AECEnv|ono99\.envs\._\w+\.\w+)"),
    ("py:class", r"Opponent"),  # str | Player | Policy, as each signature's docs say
]

# -- autodoc and napoleon ------------------------------------------------------

autodoc_member_order = "bysource"
# The environments (ono99.envs) import the rl extra's libraries: where they
# are not installed (a docs-only environment), autodoc reads the modules with
# stand-ins for them, and the pages still build.
autodoc_mock_imports = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "stable_baselines3")
    if importlib.util.find_spec(name) is None
]
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_preserve_defaults = True
autodoc_default_options = {"exclude-members": "__init__, __new__"}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- intersphinx ---------------------------------------------------------------
#
# The inventories are shipped in _intersphinx/ so the build needs no network.
# How they were made (refresh them the same way when the versions move on):
#
# - python.inv: the objects.inv of Debian's ``python3.11-doc`` package
#   (/usr/share/doc/python3.11/html/objects.inv), the Python 3.11 documentation
#   built by Sphinx; docs.python.org/3.11 serves the same pages.
# - attrs.inv, cattrs.inv: built from the sdists of the versions this project
#   was developed with (attrs 26.1.0, cattrs 26.2.1)::
#
#       pip download --no-binary :all: --no-deps attrs==26.1.0 cattrs==26.2.1
#       pip install sphinx myst-parser furo sphinx-copybutton attrs==26.1.0 cattrs==26.2.1
#       sphinx-build -b html -D intersphinx_mapping= -D extensions=$EXT \
#           attrs-26.1.0/docs attrs-html
#       sphinx-build -b html -D intersphinx_mapping= cattrs-26.2.1/docs cattrs-html
#
#   with EXT=myst_parser,sphinx.ext.napoleon,sphinx.ext.autodoc,sphinx.ext.doctest,
#   sphinx.ext.intersphinx,sphinx.ext.todo (attrs' own list, less two extensions
#   that only matter on its site), and copying each build's objects.inv.

intersphinx_mapping = {
    "python": ("https://docs.python.org/3.11/", str(DOCS / "_intersphinx" / "python.inv")),
    "attrs": ("https://www.attrs.org/en/stable/", str(DOCS / "_intersphinx" / "attrs.inv")),
    "cattrs": ("https://catt.rs/en/stable/", str(DOCS / "_intersphinx" / "cattrs.inv")),
}

# -- doctest -------------------------------------------------------------------

# Examples run in docs/examples, so they name its files as a reader would
# (``load_variant("hot-potato.toml")``) and can import its modules.
doctest_global_setup = f"""
import importlib.util
import os
import sys

# The examples of the environments need the rl extra (":skipif: rl_missing").
rl_missing = any(
    importlib.util.find_spec(name) is None for name in ("numpy", "gymnasium", "pettingzoo")
)

os.chdir({str(DOCS / "examples")!r})
if {str(DOCS / "examples")!r} not in sys.path:
    sys.path.insert(0, {str(DOCS / "examples")!r})
"""
doctest_global_cleanup = f"""
os.chdir({os.getcwd()!r})
"""
# Examples in docstrings are run by the test suite (tests/test_doctests.py), in
# their modules; the doctest builder runs the examples of these pages.
doctest_test_doctest_blocks = ""
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"ono99 {release}"
html_static_path = ["_static"]
html_css_files = ["ono99.css"]
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
}
# The copy button leaves out console prompts and doctest ">>> " / "... ".
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
pygments_style = "friendly"
pygments_dark_style = "monokai"
toc_object_entries_show_parents = "hide"
