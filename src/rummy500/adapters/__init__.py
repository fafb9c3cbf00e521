"""Standard interfaces for learning and search: one token action space, three environments.

Reinforcement-learning and search libraries want a fixed, finite set of
actions and a mask of the legal ones.  500 Rummy has far too many possible
moves to number them one by one (a meld is any set of cards), so the
adapters spell each move as a short sequence of *tokens* from a fixed
vocabulary (:mod:`rummy500.adapters.actions`): ``take 3``, ``meld``, ``4S``,
``4H``, ``4D``, ``stop``.  At every step the mask holds the tokens that
continue one of the legal moves of the seat that acts.

- :mod:`rummy500.adapters.actions` — the token action space (no extra
  dependency): :class:`~rummy500.adapters.actions.ActionSpace` with
  ``encode``, ``decode`` and the mask, and
  :class:`~rummy500.adapters.actions.TokenGame`, a hand played token by token.
- ``rummy500.adapters.observation`` — the observation vector, built from
  the acting seat's :class:`~rummy500.views.PlayerView` and the tokens it
  has spelled (needs NumPy).
- :mod:`rummy500.adapters.compact` — the compact observation, every value
  scaled, under 8 KB a step (the default); :mod:`rummy500.adapters.encodings`
  — the ``observation`` option and its Gymnasium spaces.
- :mod:`rummy500.adapters.episodes` — what an episode is (a hand or a
  match) and the rewards it pays (zero-sum, win or score), the same in
  every environment (no extra dependency).
- :mod:`rummy500.adapters.history` — the history pieces of OpenSpiel's
  information-state tensor.
- ``rummy500.adapters.pettingzoo`` — a PettingZoo AEC environment (extra
  ``pettingzoo``).
- ``rummy500.adapters.gymnasium`` — a Gymnasium environment: one learner
  against seated bots (extra ``gymnasium``).
- ``rummy500.adapters.openspiel`` — an OpenSpiel game registered as
  ``python_rummy500``, with the deal and the stock draws as chance nodes
  (extra ``openspiel``).
- ``rummy500.adapters.batched`` — N games stepped together into
  preallocated arrays, with auto-reset (needs NumPy); and
  ``rummy500.adapters.vector``, its Gymnasium ``VectorEnv`` face.

Importing :mod:`rummy500` imports none of these, and importing this package
imports none of the third-party libraries: each adapter module imports its
own library when it is imported.
"""

from __future__ import annotations

__all__: list[str] = []
