"""ono99 games as reinforcement-learning environments (the ``rl`` extra).

Every variant, a user's own file and house rules included, is an
environment. This package holds what the adapters share: a fixed action
index for every move of a variant, a fixed-length observation vector,
a learned policy as a player (:class:`PolicyPlayer`), and an estimate of
how exploitable a policy is (:func:`estimate_best_response`). The adapters are its
modules, each importing its ecosystem's library only when imported itself:

- :mod:`ono99.envs.pettingzoo`: a PettingZoo AEC environment, and a
  parallel one for self-play that SuperSuit can vectorise;
- :mod:`ono99.envs.gymnasium`: a single-agent Gymnasium environment,
  ``ono99/Ono99-v2``, the other seats played by built-in players;
- :mod:`ono99.envs.openspiel`: the OpenSpiel game ``python_ono99``.

All of them play the one engine through :class:`ono99.Game`, and take
actions alike:

- An action is one of the space, ``Discrete(n)``: a whole number from 0 to
  ``n - 1`` (an ``int``, a numpy integer, a 0-d integer array). Anything
  else (``1.5``, ``"1"``, ``True``, ``None``, ``99``, ``-1``) is refused with
  :class:`~ono99.ArgumentError` before anything is played, whichever agent
  gave it: in the parallel environment, an agent that is not to move too.
- An action of the space that is not legal now is an illegal move. The
  environments for training loops end the game for the agent that chose it,
  with -1 and the reason in its ``info["illegal"]`` (Gymnasium's, its
  single-agent vector form, PettingZoo's :func:`~ono99.envs.pettingzoo.env`
  and its parallel environment, where every other agent gets 0). The raw
  ones (:class:`~ono99.envs.pettingzoo.raw_env`, the self-play vector
  environment, OpenSpiel's game, which is asked only for legal actions)
  raise :class:`~ono99.IllegalMoveError` with the reason. Either way the
  game is left as it was.
"""

from __future__ import annotations

from ._actions import (
    ActionError,
    ActionTable,
    LayAway,
    MoveError,
    action_count,
    action_table,
    action_to_move,
    move_to_action,
)
from ._encoding import Feature, ObservationEncoder, observation_encoder
from ._exploit import RESPONDERS, BestResponseEstimate, estimate_best_response
from ._policy import BatchPolicy, Policy, PolicyPlayer, batched
from ._state import TableState
from ._universal import UniversalSpaces, universal_spaces

__all__ = [
    "RESPONDERS",
    "ActionError",
    "ActionTable",
    "BatchPolicy",
    "BestResponseEstimate",
    "Feature",
    "LayAway",
    "MoveError",
    "ObservationEncoder",
    "Policy",
    "PolicyPlayer",
    "TableState",
    "UniversalSpaces",
    "action_count",
    "action_table",
    "action_to_move",
    "batched",
    "estimate_best_response",
    "move_to_action",
    "observation_encoder",
    "universal_spaces",
]
