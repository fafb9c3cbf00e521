"""Start the web front end: ``python -m examples.web [--host 127.0.0.1] [--port 8000] [--db FILE]``.

``python -m examples.web`` runs from the repository's root (where Python
finds the ``examples`` folder); ``python path/to/examples/web`` runs from
anywhere.  Without the ``web`` extra it says how to install it, in one line,
and exits with status 2 (:data:`EXIT_MISSING_EXTRA`).
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from rummy500.errors import MissingExtraError
from rummy500.extras import requires

if __name__ == "__main__" and not __package__:
    # Run as `python path/to/examples/web`: Python put this folder first on the path and
    # runs this file alone; import the package from the repository's root instead.
    sys.path[0] = str(Path(__file__).resolve().parents[2])
    __package__ = "examples.web"


#: The exit status when the ``web`` extra is missing (as the command line's for bad input).
EXIT_MISSING_EXTRA = 2


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, listen, print the address to open, and serve until Ctrl-C."""
    parser = argparse.ArgumentParser(
        prog="python -m examples.web", description=__doc__, allow_abbrev=False
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    parser.add_argument("--max-tables", type=int, default=1000, help="the most matches kept")
    parser.add_argument(
        "--db",
        default=None,
        help="the SQLite file the matches are kept in (default: rummy500-web.sqlite3 in the "
        "working directory; ':memory:' keeps nothing once stopped)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="offer another kind of bot: a name and its bot spec (search:iterations=100, "
        "exec:COMMAND for a program); repeatable",
    )
    args = parser.parse_args(argv)
    bots = {}
    for item in args.bot:
        name, equals, spec = item.partition("=")
        if not equals or not name.strip():
            parser.error(f"--bot: expected NAME=SPEC, got {item!r}")
        bots[name.strip()] = spec
    try:
        from .app import INSTALL, create_app
        from .storage import DEFAULT_DATABASE

        with requires("web", "the web example (examples/web)", install=INSTALL):
            import uvicorn

            from .serving import server_config
    except MissingExtraError as error:
        parser.exit(EXIT_MISSING_EXTRA, f"{parser.prog}: {error}\n")
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    # proto=IPPROTO_TCP, or asyncio leaves Nagle's algorithm on for the connections (slow replies).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
        sock.listen(2048)  # connections wait in the backlog until the server takes them
    except OSError as error:
        parser.exit(1, f"cannot listen on {args.host}:{args.port}: {error}\n")
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"rummy500 web front end: open http://{shown}:{port}/ (Ctrl-C stops it)", flush=True)
    database = DEFAULT_DATABASE if args.db is None else args.db
    try:
        app = create_app(database=database, max_tables=args.max_tables, bots=bots)
    except ValueError as error:
        parser.exit(2, f"{parser.prog}: --bot: {error}\n")
    print(f"matches kept in {database}", flush=True)
    config = server_config(app, log_level="warning", timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
