"""CPU of a game socket's two messages per move in the server's WebSocket protocol:
a client's move received and handed to the app, and a view sent to the client.

Drives uvicorn's WebSocket protocol ("websockets-sansio") and Borough's
(`borough.server.serving.SocketProtocol`) over an in-memory transport, through
the handshake and a Starlette `WebSocket` as the game's route uses it, then
times --messages moves received (`data_received` to the app's `receive()`)
and --messages views sent (the route's send: `push_text` where the protocol
offers it, else `send_text`), alternating the two protocols --rounds times.
No network and no kernel: only the Python of each message.

    python benchmarks/socket_frames.py [--messages 20000] [--rounds 5] [--view-bytes 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import time
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from borough.server.serving import FRAMES, SocketProtocol


class Transport(asyncio.Transport):
    """Takes every write and forgets it."""

    def __init__(self) -> None:
        super().__init__()
        self.closing = False
        self.written = 0

    def write(self, data: Any) -> None:
        self.written += len(data)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


async def opened(kind: type, done: asyncio.Event) -> tuple[Any, WebSocket]:
    """A protocol of `kind` past the handshake, and the app's WebSocket on it,
    open until `done` is set."""
    ready: asyncio.Future[WebSocket] = asyncio.get_running_loop().create_future()

    async def app(scope: dict, receive: Any, send: Any) -> None:
        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        ready.set_result(websocket)
        await done.wait()

    config = Config(app=app, ws_max_size=4096, ws_per_message_deflate=False,
                    ws_ping_interval=None, log_level="warning")
    config.load()
    protocol = kind(config=config, server_state=ServerState(), app_state={})
    protocol.connection_made(Transport())
    key = base64.b64encode(os.urandom(16)).decode()
    protocol.data_received(
        f"GET /ws/games/0123456789abcdef?token=t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
    return protocol, await ready


async def timed(kind: type, messages: int, view: str) -> tuple[float, float]:
    """CPU seconds per message received and per view sent."""
    done = asyncio.Event()
    protocol, websocket = await opened(kind, done)
    move = json.dumps({"version": 12, "action": ["play", "temple", 3], "ref": 7}).encode()
    frame = Frame(Opcode.TEXT, move).serialize(mask=True, extensions=[])
    frames = (websocket.scope.get("extensions") or {}).get(FRAMES)
    t0 = time.process_time()
    for _ in range(messages):
        protocol.data_received(frame)
        message = await websocket.receive()
        assert message["text"]
    t1 = time.process_time()
    for _ in range(messages):
        if frames is None or not frames.push_text(view):
            await websocket.send_text(view)
    t2 = time.process_time()
    done.set()
    await asyncio.sleep(0)
    return (t1 - t0) / messages, (t2 - t1) / messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--view-bytes", type=int, default=3000)
    args = parser.parse_args()
    view = json.dumps({"observation": "x" * args.view_bytes})
    kinds = {"uvicorn websockets-sansio": WebSocketsSansIOProtocol,
             "borough SocketProtocol": SocketProtocol}
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in kinds}
    for _ in range(args.rounds):
        for name, kind in kinds.items():
            got[name].append(asyncio.run(timed(kind, args.messages, view)))
    for name, runs in got.items():
        received = sorted(r for r, _ in runs)
        sent = sorted(s for _, s in runs)
        print(f"{name:26} move received {received[0] * 1e6:5.1f}-{received[-1] * 1e6:5.1f} us, "
              f"view sent {sent[0] * 1e6:5.1f}-{sent[-1] * 1e6:5.1f} us "
              f"(least-most of {args.rounds} rounds of {args.messages})")


if __name__ == "__main__":
    main()
