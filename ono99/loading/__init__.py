"""How a TOML file becomes a :class:`~ono99.Variant`: the layer above the rules and the model.

Reading files safely (``_files``), laying ``extends`` and house rules over a
variant (``_overlay``, ``_house``), turning TOML data into frozen objects and
back (``_convert``), the checks a variant must pass (``_checks``), the
problems a file has, with their key paths (``_problems``), and the loader
that ties them together (``_loader``). The public names are exported from
:mod:`ono99`.
"""
