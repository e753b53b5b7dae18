"""The shipped players, above the engine they play through.

The random, cautious and reckless players and :func:`~ono99.play_out`
(``_players``); the policies behind their choices, read from what a card does
and compiled with the engine (``_policies``); the search player
(``_search``); and strategies chosen by name for simulations and the command
line (``_factory``). A player of your own needs none of this: any object with
``choose(observation)`` will do (:class:`~ono99.Player`). The public names are
exported from :mod:`ono99`.
"""
