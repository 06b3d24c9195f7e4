"""The game socket's protocol (serving.SocketProtocol): what the app receives and
what the client is sent are those of uvicorn's own protocol, whether a message
takes its short way (a lone client text frame, a pushed view) or uvicorn's and
websockets' way (anything else). Both protocols are driven over an in-memory
transport with the same bytes, and compared."""

from __future__ import annotations

import asyncio
import base64
import os
from typing import Any

import pytest
from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from borough.server.serving import FRAMES, SocketProtocol

MAX_SIZE = 1000


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False

    def write(self, data: Any) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


class Opened:
    """A protocol past the handshake; its app records every message it receives."""

    def __init__(self, kind: type) -> None:
        self.kind = kind
        self.received: list[dict[str, Any]] = []
        self.websocket: WebSocket | None = None

    async def open(self) -> Opened:
        ready = asyncio.get_running_loop().create_future()

        async def app(scope: dict, receive: Any, send: Any) -> None:
            self.websocket = WebSocket(scope, receive, send)
            await self.websocket.accept()
            ready.set_result(None)
            while True:
                message = await self.websocket.receive()
                self.received.append(message)
                if message["type"] == "websocket.disconnect":
                    return

        config = Config(app=app, ws_max_size=MAX_SIZE, ws_per_message_deflate=False,
                        ws_ping_interval=None, log_level="critical")
        config.load()
        self.protocol = self.kind(config=config, server_state=ServerState(), app_state={})
        self.transport = Transport()
        self.protocol.connection_made(self.transport)
        key = base64.b64encode(os.urandom(16)).decode()
        self.protocol.data_received(
            f"GET /ws/games/0123456789abcdef HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
        await ready
        self.transport.written.clear()  # the handshake's answer carries a date
        return self

    async def feed(self, *chunks: bytes) -> None:
        for chunk in chunks:
            if not self.transport.closed:
                self.protocol.data_received(chunk)
            for _ in range(5):  # let the app read what arrived
                await asyncio.sleep(0)

    async def send(self, text: str) -> None:
        assert self.websocket is not None
        frames = (self.websocket.scope.get("extensions") or {}).get(FRAMES)
        if frames is None or not frames.push_text(text):
            await self.websocket.send_text(text)


def frame(opcode: Opcode, data: bytes, fin: bool = True, mask: bool = True) -> bytes:
    return Frame(opcode, data, fin).serialize(mask=mask, extensions=[])


def text(data: bytes | str, **kw: Any) -> bytes:
    return frame(Opcode.TEXT, data.encode() if isinstance(data, str) else data, **kw)


MOVE = '{"version": 3, "action": ["play", "temple", 2], "ref": 1}'
CASES = {
    "a lone frame": [text(MOVE)],
    "a lone frame with a 16-bit length": [text("x" * 300)],
    "several lone frames": [text(MOVE), text("é" * 40), text("")],
    "two frames in one read": [text(MOVE) + text("second")],
    "a frame over two reads, then a lone one": [text(MOVE)[:3], text(MOVE)[3:], text("next")],
    "a frame's head alone, then its payload": [text(MOVE)[:6], text(MOVE)[6:], text("next")],
    "a message in pieces, then a lone frame": [
        frame(Opcode.TEXT, b"pie", fin=False), frame(Opcode.CONT, b"ces"), text(MOVE)],
    "a piece, a lone-looking final frame (a protocol error)": [
        frame(Opcode.TEXT, b"pie", fin=False), text(MOVE)],
    "a ping between moves": [text(MOVE), frame(Opcode.PING, b"p"), text(MOVE)],
    "over the size limit": [text("x" * (MAX_SIZE + 1)), text(MOVE)],
    "at the size limit": [text("x" * MAX_SIZE)],
    "not UTF-8": [text(b"\xff\xfe move"), text(MOVE)],
    "unmasked": [text(MOVE, mask=False), text(MOVE)],
    "a binary frame": [frame(Opcode.BINARY, b"\x00\x01"), text(MOVE)],
    "a close, then a frame": [frame(Opcode.CLOSE, b"\x03\xe8bye"), text(MOVE)],
    "a frame with an extension bit": [
        bytes([text(MOVE)[0] | 0x40]) + text(MOVE)[1:], text(MOVE)],
}


async def both(chunks: list[bytes]) -> list[tuple[list[dict[str, Any]], bytes, bool]]:
    out = []
    for kind in (WebSocketsSansIOProtocol, SocketProtocol):
        opened = await Opened(kind).open()
        await opened.feed(*chunks)
        out.append((opened.received, bytes(opened.transport.written), opened.transport.closed))
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_app_receives_and_the_client_is_sent_is_uvicorns(case):
    uvicorns, ours = asyncio.run(both(CASES[case]))
    assert ours == uvicorns


def test_a_lone_move_takes_the_short_way(monkeypatch):
    """Else the comparisons above would compare uvicorn's way with itself."""
    parsed = []
    original = WebSocketsSansIOProtocol.data_received
    monkeypatch.setattr(WebSocketsSansIOProtocol, "data_received",
                        lambda self, data: parsed.append(data) or original(self, data))

    lone, pair = text(MOVE), text(MOVE) + text(MOVE)

    async def run() -> list[dict[str, Any]]:
        opened = await Opened(SocketProtocol).open()
        await opened.feed(lone, pair)
        return opened.received

    received = asyncio.run(run())
    assert [m.get("text") for m in received] == [MOVE] * 3
    # the handshake, then only the two frames read at once
    assert parsed[1:] == [pair]


@pytest.mark.parametrize("size", [0, 125, 126, 65535, 65536, 70000])
def test_a_pushed_view_is_the_frame_uvicorn_writes(size):
    view = "v" * size

    async def sent(kind: type) -> bytes:
        opened = await Opened(kind).open()
        await opened.send(view)
        return bytes(opened.transport.written)

    assert asyncio.run(sent(SocketProtocol)) == asyncio.run(sent(WebSocketsSansIOProtocol))


def test_a_view_waits_for_a_transport_that_takes_no_writes():
    async def run() -> tuple[bool, bool, bytes]:
        opened = await Opened(SocketProtocol).open()
        opened.protocol.pause_writing()
        paused = opened.protocol.push_text("view")
        opened.protocol.resume_writing()
        resumed = opened.protocol.push_text("view")
        return paused, resumed, bytes(opened.transport.written)

    paused, resumed, written = asyncio.run(run())
    assert (paused, resumed) == (False, True)
    assert written == b"\x81\x04view"


def test_no_view_is_written_after_the_close():
    async def run() -> tuple[bool, bool]:
        opened = await Opened(SocketProtocol).open()
        assert opened.websocket is not None
        await opened.websocket.close(code=4409)
        after_close = opened.protocol.push_text("view")
        opened.protocol.connection_lost(None)
        return after_close, FRAMES in opened.websocket.scope["extensions"]

    assert asyncio.run(run()) == (False, False)
