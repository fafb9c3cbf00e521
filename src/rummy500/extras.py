"""Optional libraries: one helper that turns a missing extra into an error saying what to install.

``import rummy500`` needs only attrs.  The adapters, the simulation's Ray
executor and progress bar, and the web example import further libraries,
installed as *extras* (``pip install 'rummy500[pettingzoo]'``).  Each of them
imports its libraries inside :func:`requires`, so that a missing one raises
a :class:`~rummy500.errors.MissingExtraError` naming the extra and the
command that installs it, instead of a bare ``No module named 'numpy'``:

>>> from rummy500.extras import requires
>>> with requires("pettingzoo", "my_module"):
...     import no_such_library_for_the_example
Traceback (most recent call last):
...
rummy500.errors.MissingExtraError: my_module needs the 'pettingzoo' extra (no module named ...):
pip install 'rummy500[pettingzoo]'

The error is a :class:`ModuleNotFoundError`, so code that catches
``ImportError`` keeps working.  The extras:

- ``pettingzoo``: PettingZoo, Gymnasium and NumPy, for ``rummy500.adapters.pettingzoo``;
- ``gymnasium``: Gymnasium and NumPy, for ``rummy500.adapters.gymnasium`` (and NumPy
  for ``rummy500.adapters.observation``);
- ``openspiel``: OpenSpiel and NumPy, for ``rummy500.adapters.openspiel``;
- ``ray``: Ray, for :class:`rummy500.simulate.RayExecutor`;
- ``dask``: Dask's ``distributed``, whose ``Client.get_executor()`` runs
  :func:`rummy500.simulate.simulate` on a cluster (imported by your code, not
  by the library);
- ``cli``: tqdm, for the progress bar of ``rummy500 simulate`` on a terminal
  (without it the progress is plain lines, and the first one says so);
- ``web``: Starlette and uvicorn, for the web example (``examples/web`` in
  the repository, installed from a checkout: ``pip install '.[web]'``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from rummy500.errors import MissingExtraError

__all__ = ["requires"]


@contextlib.contextmanager
def requires(extra: str, needed_by: str, *, install: str | None = None) -> Iterator[None]:
    """Run imports of the ``extra``'s libraries; a missing one raises a :class:`MissingExtraError`.

    Args:
        extra: The extra that installs the libraries imported in the block.
        needed_by: What needs them, for the message (a module's name, a feature).
        install: The command that installs the extra, when it is not
            ``pip install 'rummy500[EXTRA]'`` (the web example, installed from
            a checkout).

    Raises:
        MissingExtraError: when a module imported in the block is not
            installed (naming the module, the extra and the install command);
            a module of rummy500 itself that is missing is not an extra's,
            and its error passes unchanged.
    """
    try:
        yield
    except MissingExtraError:
        raise
    except ModuleNotFoundError as error:
        missing = error.name
        if missing is not None and missing.partition(".")[0] in ("rummy500", "examples"):
            raise
        raise MissingExtraError(needed_by, extra, missing, install) from error
