"""How `borough serve` runs the app under uvicorn: its HTTP parser and the sizes
it accepts from clients.

uvicorn picks httptools when it is installed, and that parser keeps every
header line a client sends, however many megabytes, for as long as the client
keeps sending. h11 stops buffering at a fixed size; the protocol below answers
that refusal with 431 (uvicorn answers every parse error with 400) and closes
the connection, so the buffer goes with it.

uvicorn has no time limit on a request head either: a client sending a byte
every few seconds holds its connection (and a file descriptor) for ever, the
keep-alive timer being reset by every byte. The protocol below gives each
head `header_timeout` seconds from the moment one is awaited (the connection
opened, or the previous response ended), then answers 408 and closes. Bodies
have `body_timeout` (limits.BodyLimit).
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from borough.server.settings import Settings

PROTOCOL = "borough.server.serving:HeaderLimitProtocol"


def _refuse(transport: asyncio.Transport, status: bytes, error: str) -> None:
    payload = json.dumps({"error": error}).encode()
    transport.write(b"HTTP/1.1 " + status + b"\r\n"
                    b"content-type: application/json\r\n"
                    b"content-length: " + str(len(payload)).encode() + b"\r\n"
                    b"connection: close\r\n\r\n" + payload)
    transport.close()


class HeaderLimitProtocol(H11Protocol):
    """h11 with a 431 answer for a request head beyond the configured size, and
    a 408 for one not complete within `header_timeout` seconds."""

    # Set by uvicorn_options; a process uvicorn spawns reads it from the environment.
    header_timeout = float(os.environ.get("BOROUGH_HEADER_TIMEOUT", Settings.header_timeout))
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()

    def data_received(self, data: bytes) -> None:
        before = self.scope  # uvicorn makes a new scope for each request head
        super().data_received(data)
        if self.scope is not before:
            self._stop_timer()

    def on_response_complete(self) -> None:
        before = self.scope
        super().on_response_complete()
        # Kept alive and no pipelined request already taken: wait for the next head.
        if self.scope is before and not self.transport.is_closing():
            self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        self._stop_timer()
        if self.header_timeout > 0:
            self._head_timer = self.loop.call_later(self.header_timeout, self._head_late)

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.conn.trailing_data[0]:  # part of a head came: say why it ends
            _refuse(self.transport, b"408 Request Timeout",
                    f"the request head took over {self.header_timeout:g} s to arrive")
        else:  # nothing asked: a client must not take a 408 for its next request's answer
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        limit = self.config.h11_max_incomplete_event_size or 0
        buffered, _ = self.conn.trailing_data
        if limit and len(buffered) > limit:
            _refuse(self.transport, b"431 Request Header Fields Too Large",
                    f"the request head is over {limit} bytes")
            return
        super().send_400_response(msg)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The uvicorn arguments that carry `settings`' limits on what clients send."""
    HeaderLimitProtocol.header_timeout = settings.header_timeout
    return {
        "http": PROTOCOL,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        # The app reads X-Forwarded-* itself, from `trusted_proxies` only (app.py);
        # uvicorn's own reading (FORWARDED_ALLOW_IPS) would apply them twice.
        "proxy_headers": False,
        "ws": "websockets-sansio",
        # Clients send only moves on their sockets (socket_moves.py): a message
        # beyond this closes the socket with code 1009 before it is buffered.
        "ws_max_size": settings.max_socket_message,
        # Per-message compression gave every socket a zlib compressor and
        # decompressor (tens of KB of native memory, the ~60 KB a socket that
        # churn left behind) and deflated each pushed view once per socket.
        "ws_per_message_deflate": False,
    }
