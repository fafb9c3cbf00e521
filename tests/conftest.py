"""Shared test configuration: a check of the checkout, and the Hypothesis profiles.

The suite refuses to run when the package under test is a checkout holding
compiled modules left by an in-place build (:mod:`rummy500.checkout`): they
would be tested instead of the sources.

Three profiles, as in cattrs:

* ``dev`` (the default): few examples, for quick runs while editing;
* ``ci`` (loaded when the ``CI`` environment variable is set): more examples,
  derandomized so a failure reproduces, and the failing example's blob printed
  for ``@reproduce_failure``;
* ``thorough``: many examples, for a long run before a release.

``HYPOTHESIS_PROFILE=<name>`` picks a profile explicitly and wins over ``CI``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from rummy500.checkout import stray_compiled_modules, stray_message

# Programs the tests run as bots (they read standard input): not test modules.
collect_ignore_glob = ["programs/*"]

# The shared helper modules assert too: rewrite their asserts as pytest does
# the test files', so that a failing helper explains itself.
pytest.register_assert_rewrite("tests.helpers", "tests.positions")

# Every profile derives from Hypothesis's own defaults, not from whatever profile
# Hypothesis picked for itself (it loads its own "ci" profile when CI is set).
# Timing checks (deadline, too_slow) are off everywhere: a loaded 2-core machine
# makes them fail at random, and speed is measured by benchmarks/, not by tests.
_BASE = settings(
    settings.get_profile("default"),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", _BASE, max_examples=50)
settings.register_profile("ci", _BASE, max_examples=200, derandomize=True, print_blob=True)
settings.register_profile("thorough", _BASE, max_examples=2000)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a checkout whose stale compiled modules would run instead of its sources."""
    stray = stray_compiled_modules()
    if stray:
        pytest.exit(f"not testing the sources: {stray_message(stray)}", returncode=3)
