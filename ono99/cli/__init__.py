"""The ``ono99`` command, the top layer: it uses the library as any program would.

The commands and their options (``_main``) and a game against the shipped
players in the terminal (``_interactive``). Nothing else in the package
imports it.
"""

from __future__ import annotations

from ._main import main, version

__all__ = ["main", "version"]
