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

A game's socket carries small moves from the client and views to it, about
one of each per move. `SocketProtocol` is uvicorn's own WebSocket protocol
with a shorter way for both when nothing else is under way: a complete text
frame arriving alone, masked, within `ws_max_size` and valid UTF-8, while the
frame parser waits at the start of a frame, is unmasked here and handed to the
app as that parser would hand it (then the app reads it exactly as before);
and a view is written as one unfragmented text frame straight to the
transport while the socket is open and the transport takes writes
(`push_text`, offered to the app as a scope extension). Anything else (a
frame in pieces, several at once, control frames, a close under way, a
paused transport, anything the parser would refuse) takes uvicorn's and
websockets' way, with their checks and answers.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import OPEN
from websockets.streams import StreamReader

from borough.server.settings import Settings

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C extension
    from websockets.utils import apply_mask

PROTOCOL = "borough.server.serving:HeaderLimitProtocol"
SOCKET_PROTOCOL = "borough.server.serving:SocketProtocol"
FRAMES = "borough.frames"  # the scope extension that offers `SocketProtocol.push_text`
_AT_FRAME_START = StreamReader.at_eof.__code__  # where websockets' parser waits between frames


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


class SocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O parser), with the short
    way for a lone client text frame and for a pushed view described above."""

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # none when the handshake was refused
        if scope is not None:
            scope["extensions"][FRAMES] = self

    def connection_lost(self, exc: Exception | None) -> None:
        scope = getattr(self, "scope", None)
        if scope is not None:  # no cycle through the scope once the socket is gone
            scope["extensions"].pop(FRAMES, None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        text = self._lone_text(data)
        if text is None:
            super().data_received(data)
            return
        # As uvicorn's send_receive_event_to_app: nothing is read past a close
        # the app sent, and reading pauses until the app has taken the message.
        if self.close_sent:
            return
        self.queue.put_nowait({"type": "websocket.receive", "text": text})
        if not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()

    def _lone_text(self, data: bytes) -> str | None:
        """The text of `data` when it is exactly one complete, final, masked text
        frame (no extension bits) that websockets' parser would take as it is,
        with that parser idle between frames; else None."""
        if len(data) < 6 or data[0] != 0x81 or not self.handshake_complete:
            return None
        conn = self.conn
        if (conn.state is not OPEN or getattr(conn, "current_size", 0) is not None
                or conn.reader.buffer or conn.parser_exc is not None):
            return None
        # The innermost step the parser's generators wait in must be the wait for
        # a frame's first byte, not the rest of a frame begun in earlier data.
        waiting = conn.parser
        while (inner := getattr(waiting, "gi_yieldfrom", None)) is not None:
            waiting = inner
        if getattr(waiting, "gi_code", None) is not _AT_FRAME_START:
            return None
        size = data[1]
        if not size & 0x80:  # a client's frame must be masked: the parser refuses it
            return None
        size &= 0x7F
        start = 6
        if size == 126:
            start = 8
            if len(data) < start:
                return None
            size = int.from_bytes(data[2:4], "big")
        elif size == 127:
            return None
        if len(data) != start + size:
            return None
        limit = conn.max_message_size
        if limit is not None and size > limit:  # the parser closes with 1009
            return None
        try:
            return apply_mask(data[start:], data[start - 4:start]).decode()
        except UnicodeDecodeError:  # the parser closes with 1007
            return None

    def push_text(self, text: str) -> bool:
        """Write `text` as one text frame now, when uvicorn's `send` would write it
        at once (the socket open, no close sent, the transport taking writes);
        False, having written nothing, otherwise: the caller sends it the ASGI way."""
        if (self.disconnected or self.close_sent or not self.handshake_complete
                or self.initial_response is not None or not self.writable.is_set()
                or self.conn.state is not OPEN or self.conn.expect_continuation_frame
                or self.transport.is_closing()):
            return False
        data = text.encode()
        size = len(data)
        if size < 126:
            head = bytes((0x81, size))
        elif size < 65536:
            head = b"\x81\x7e" + size.to_bytes(2, "big")
        else:
            head = b"\x81\x7f" + size.to_bytes(8, "big")
        self.transport.write(head + data)
        return True


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The uvicorn arguments that carry `settings`' limits on what clients send."""
    HeaderLimitProtocol.header_timeout = settings.header_timeout
    return {
        "http": PROTOCOL,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        # The app reads X-Forwarded-* itself, from `trusted_proxies` only (app.py);
        # uvicorn's own reading (FORWARDED_ALLOW_IPS) would apply them twice.
        "proxy_headers": False,
        "ws": SOCKET_PROTOCOL,  # uvicorn's "websockets-sansio", with the short way above
        # Clients send only moves on their sockets (socket_moves.py): a message
        # beyond this closes the socket with code 1009 before it is buffered.
        "ws_max_size": settings.max_socket_message,
        # Per-message compression gave every socket a zlib compressor and
        # decompressor (tens of KB of native memory, the ~60 KB a socket that
        # churn left behind) and deflated each pushed view once per socket.
        "ws_per_message_deflate": False,
    }
