"""How `borough serve` runs the app under uvicorn: its HTTP parser and the sizes
it accepts from clients.

uvicorn picks httptools when it is installed, and that parser keeps every
header line a client sends, however many megabytes, for as long as the client
keeps sending. h11 stops buffering at a fixed size; the protocol below answers
that refusal with 431 (uvicorn answers every parse error with 400) and closes
the connection, so the buffer goes with it.
"""

from __future__ import annotations

import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from borough.server.settings import Settings

PROTOCOL = "borough.server.serving:HeaderLimitProtocol"


class HeaderLimitProtocol(H11Protocol):
    """h11 with a 431 answer for a request head beyond the configured size."""

    def send_400_response(self, msg: str) -> None:
        limit = self.config.h11_max_incomplete_event_size or 0
        buffered, _ = self.conn.trailing_data
        if limit and len(buffered) > limit:
            payload = json.dumps({"error": f"the request head is over {limit} bytes"}).encode()
            self.transport.write(
                b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                b"content-type: application/json\r\n"
                b"content-length: " + str(len(payload)).encode() + b"\r\n"
                b"connection: close\r\n\r\n" + payload)
            self.transport.close()
            return
        super().send_400_response(msg)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The uvicorn arguments that carry `settings`' limits on what clients send."""
    return {
        "http": PROTOCOL,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        # The app reads X-Forwarded-* itself, from `trusted_proxies` only (app.py);
        # uvicorn's own reading (FORWARDED_ALLOW_IPS) would apply them twice.
        "proxy_headers": False,
        "ws": "websockets-sansio",
        # Clients only listen on their sockets: a message beyond this closes the
        # socket with code 1009 before it is buffered.
        "ws_max_size": settings.max_socket_message,
        # Per-message compression gave every socket a zlib compressor and
        # decompressor (tens of KB of native memory, the ~60 KB a socket that
        # churn left behind) and deflated each pushed view once per socket.
        "ws_per_message_deflate": False,
    }
