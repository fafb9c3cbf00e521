"""Doctest collection of the adapters (pytest only): skip a module whose library is missing.

The adapters import PettingZoo, Gymnasium, OpenSpiel or NumPy, which are
optional extras; without them pytest's ``--doctest-modules`` could not
import those modules.  The token action space needs nothing and is always
tested.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "observation.py": ("numpy",),
    "compact.py": ("numpy",),
    "batched.py": ("numpy",),
    "vector.py": ("numpy", "gymnasium"),
    "pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    "gymnasium.py": ("numpy", "gymnasium"),
    "openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore = [
    name
    for name, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
