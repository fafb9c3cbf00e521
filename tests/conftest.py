"""Shared test configuration: the Hypothesis profiles.

Three profiles, as in cattrs:

* ``dev`` (the default): few examples, for quick runs while editing;
* ``ci`` (loaded when the ``CI`` environment variable is set): more examples,
  no deadline (shared runners are slow and noisy), derandomized so a failure
  reproduces, and the failing example's blob printed for ``@reproduce_failure``;
* ``thorough``: many examples, for a long run before a release.

``HYPOTHESIS_PROFILE=<name>`` picks a profile explicitly and wins over ``CI``.
"""

from __future__ import annotations

import os

from hypothesis import settings

# Every profile derives from Hypothesis's own defaults, not from whatever profile
# Hypothesis picked for itself (it loads its own "ci" profile when CI is set).
_BASE = settings.get_profile("default")
settings.register_profile("dev", _BASE, max_examples=50)
settings.register_profile(
    "ci", _BASE, max_examples=200, deadline=None, derandomize=True, print_blob=True
)
settings.register_profile("thorough", _BASE, max_examples=2000, deadline=None)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
