"""The one engine that plays every variant, and :class:`~ono99.Game`, its public face.

The state machine (``_engine``) interprets a variant's tables (``_tables``),
built once per variant from its rule objects; it draws every random choice
from the game's seeded generator (``_chance``) and asks players for moves
through the protocols of ``_protocols``. Around it: the moves (``_moves``),
what a player sees (``_observation``), a game set up at a chosen position
(``_position``), records as JSON (``_serial``) and events told in words
(``_narrate``). ``_game`` holds :class:`~ono99.Game`, which checks what a
caller gives it and is the only module here that the layers above use. The
public names are exported from :mod:`ono99`.
"""
