"""ono99 games as reinforcement-learning environments (the ``rl`` extra).

Every variant, a user's own file and house rules included, is an
environment. This package holds what the adapters share: a fixed action
index for every move of a variant, a fixed-length observation vector, and
a learned policy as a player (:class:`PolicyPlayer`). The adapters are its
modules, each importing its ecosystem's library only when imported itself:

- :mod:`ono99.envs.pettingzoo`: a PettingZoo AEC environment, and a
  parallel one for self-play that SuperSuit can vectorise;
- :mod:`ono99.envs.gymnasium`: a single-agent Gymnasium environment,
  ``ono99/Ono99-v0``, the other seats played by built-in players;
- :mod:`ono99.envs.openspiel`: the OpenSpiel game ``python_ono99``.

All of them play the one engine through :class:`ono99.Game`.
"""

from __future__ import annotations

from ._actions import (
    ActionError,
    ActionTable,
    MoveError,
    action_count,
    action_table,
    action_to_move,
    move_to_action,
)
from ._encoding import Feature, ObservationEncoder, observation_encoder
from ._policy import Policy, PolicyPlayer

__all__ = [
    "ActionError",
    "ActionTable",
    "Feature",
    "MoveError",
    "ObservationEncoder",
    "Policy",
    "PolicyPlayer",
    "action_count",
    "action_table",
    "action_to_move",
    "move_to_action",
    "observation_encoder",
]
