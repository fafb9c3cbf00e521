"""Entry point of ``python -m rummy500``."""

from __future__ import annotations

import sys

from rummy500.cli import main

if __name__ == "__main__":
    sys.exit(main())
