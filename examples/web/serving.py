"""Serving the app with uvicorn, whose own answers carry the security headers too.

Every answer of the app carries the security headers (:data:`~examples.web.app.HEADERS`).
A request that is not even HTTP uvicorn can read (a malformed request line,
a ``Content-Length`` of thousands of digits) never reaches the app:
uvicorn's HTTP/1.1 protocol answers it ``400`` itself, without them.
:func:`server_config` serves the app with that protocol taught to add them.
"""

from __future__ import annotations

from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import HEADERS

__all__ = ["GuardedH11Protocol", "server_config"]

_HEADERS = [(name.encode("ascii"), value.encode("ascii")) for name, value in HEADERS.items()]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, whose ``400`` for a request it cannot read has the headers."""

    def send_400_response(self, msg: str) -> None:
        """Answer 400 (plain text) and close, as uvicorn does, with the security headers."""
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
            *_HEADERS,
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=msg.encode("ascii")),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event))
        self.transport.close()


def server_config(app: Any, **settings: Any) -> uvicorn.Config:
    """A uvicorn configuration serving ``app`` with :class:`GuardedH11Protocol`."""
    return uvicorn.Config(app, http=GuardedH11Protocol, **settings)
