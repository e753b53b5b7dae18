"""Tools for the authors of variant files, above the loader.

What ``ono99 validate``, ``ono99 rules`` and ``ono99 diff`` are built on:
checking a file and warning of a variant that plays badly or can never end
(``_check``, ``_warnings``), the rulebook in words (``_rulebook``), the JSON
Schema and the TOML reference page, both generated from the model
(``_schema``), and the differences between two variants (``_diff``). The
public names are exported from :mod:`ono99`.
"""
