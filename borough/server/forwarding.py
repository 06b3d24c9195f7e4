"""Requests and sockets for a game another process owns, forwarded to it (owners.py).

Pure ASGI middleware in front of the routes. A request under /api/games/{id}/
(or /api/tables/{id}/) or a socket on /ws/games/{id} goes to the game's owner: the request whole
(method, path, query, headers, body) over a kept-alive HTTP/1.1 connection,
its answer passed back as it came (Links); a socket relayed frame by frame
over a socket of its own to the owner. Either carries the client's address and the cluster's
key, so the owner counts its limits against the client, and a forwarded
request is never forwarded again (a process that no longer owns the game
serves it as any process may, see owners.py).

An owner that does not answer (it died) is waited for until its lease runs
out; the game is then claimed and served here or forwarded to whoever claimed
it. A request already sent when the owner died is not sent again (it may have
been stored): it is answered 502 and the client fetches the view again. A
relayed socket whose owner went away reconnects to the new owner, whose first
message is the seat's current view, so the client sees one socket throughout.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import suppress
from typing import Any
from urllib.parse import urlsplit

import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from borough.server.owners import Owners, Peer

log = logging.getLogger("borough.server")
# A game's requests (an open table's are the game's: tables.py) and sockets.
GAME_PATH = re.compile(r"^/(?:api/games|api/tables|ws/games)/([0-9a-f]{16})(?:/|$)")
KEY = b"x-borough-peer"  # the cluster's key: the request comes from a peer
CLIENT = b"x-borough-client"  # the address the peer was reached from
# X-Forwarded-For passes on: reached through a proxy, the owner reads the client
# from it as the process the proxy reached would have.
HOP = {b"host", b"connection", b"keep-alive", b"content-length", b"transfer-encoding",
       b"upgrade", KEY, CLIENT, b"sec-websocket-key",
       b"sec-websocket-version", b"sec-websocket-extensions", b"sec-websocket-accept",
       b"sec-websocket-protocol"}
# A relayed socket's owner went away (stopping: 1001, 1012; killed: no close, 1006).
GONE = {None, 1001, 1006, 1012}
ANSWER = 120.0  # seconds an owner may take to answer (a suggestion takes seconds)
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


def _target(scope: Scope, base: str) -> str:
    path = (scope.get("raw_path") or scope["path"].encode()).decode("latin-1")
    query = scope.get("query_string") or b""
    return base + path + ("?" + query.decode("latin-1") if query else "")


class Forwarding:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        owners: Owners | None = None
        if scope["type"] in ("http", "websocket"):
            owners = getattr(scope["app"].state, "owners", None)
        if owners is None:
            await self.app(scope, receive, send)
            return
        forwarded = False
        key = _header(scope, KEY)
        if key is not None or _header(scope, CLIENT) is not None:
            client = _header(scope, CLIENT)
            scope = dict(scope)
            scope["headers"] = [(k, v) for k, v in scope["headers"] if k not in (KEY, CLIENT)]
            if key is not None and owners.trusted(key):
                forwarded = True
                if client:
                    scope["client"] = (client, 0)
        found = GAME_PATH.match(scope["path"])
        if found is None:
            await self.app(scope, receive, send)
            return
        game_id = found.group(1)
        try:
            peer = await owners.where(game_id)
        except Exception:  # the database answers the route too, or the route says why not
            log.exception("finding the owner of game %s failed", game_id)
            peer = None
        if peer is None or forwarded:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await self._request(scope, receive, send, owners, game_id, peer)
        else:
            await self._socket(scope, receive, send, owners, game_id, peer)

    def _headers(self, scope: Scope, owners: Owners) -> list[tuple[bytes, bytes]]:
        kept = [(k, v) for k, v in scope.get("headers") or () if k not in HOP]
        client = scope.get("client")
        kept.append((KEY, owners.key.encode()))
        kept.append((CLIENT, (client[0] if client else "").encode("latin-1")))
        return kept

    # ------------------------------------------------------------- requests
    async def _request(self, scope: Scope, receive: Receive, send: Send, owners: Owners,
                       game_id: str, peer: Peer | None) -> None:
        body = bytearray()
        while True:  # BodyLimit, outside, has read and bounded it already
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        links: Links = scope["app"].state.peers
        head = self._headers(scope, owners)
        while peer is not None:
            try:
                status, headers, content = await asyncio.wait_for(links.request(
                    peer.url, scope["method"], _target(scope, ""), head, bytes(body)), ANSWER)
            except Unreachable:
                try:  # nothing reached it: wait for its lease to run out
                    peer = await owners.after_failure(game_id, peer)
                except TimeoutError:
                    await _refuse(send, 503, "the game's server does not answer; try again",
                                  retry_after=True)
                    return
                continue
            except (OSError, asyncio.IncompleteReadError, ValueError, TimeoutError) as exc:
                log.warning("forwarding to %s failed: %r", peer.name, exc)
                await _refuse(send, 502, "the game's server stopped while answering; "
                                         "fetch the view again")
                return
            await send({"type": "http.response.start", "status": status,
                        "headers": [*headers, (b"content-length", str(len(content)).encode())]})
            await send({"type": "http.response.body", "body": content})
            return
        # This process owns the game now: the route serves the request as it came.
        await self.app(scope, _replay([{"type": "http.request", "body": bytes(body)}], receive),
                       send)

    # -------------------------------------------------------------- sockets
    async def _socket(self, scope: Scope, receive: Receive, send: Send, owners: Owners,
                      game_id: str, peer: Peer | None) -> None:
        opening = await receive()
        if opening["type"] != "websocket.connect":
            return
        accepted = False
        held: list[dict[str, Any]] = []  # the client's messages the owner did not get
        while True:
            if peer is None:  # served here from now on; the client's socket is open already
                await self.app(scope, _replay([opening, *held], receive),
                               _after_accept(send) if accepted else send)
                return
            try:
                upstream = await websockets.connect(
                    _target(scope, peer.url.replace("http", "ws", 1)),
                    additional_headers=[(k.decode("latin-1"), v.decode("latin-1"))
                                        for k, v in self._headers(scope, owners)],
                    max_size=None, open_timeout=10, compression=None)
            except InvalidHandshake:  # refused by the owner: refused here alike
                await send({"type": "websocket.close", "code": 1008})
                return
            except (OSError, TimeoutError):
                try:
                    peer = await owners.after_failure(game_id, peer)
                except TimeoutError:
                    await send({"type": "websocket.close", "code": 1013})
                    return
                continue
            if not accepted:
                await send({"type": "websocket.accept"})
                accepted = True
            ended = await _relay(upstream, receive, send, held)
            if ended:
                return
            try:  # the owner went away: whoever serves the game now takes the socket
                peer = await owners.after_failure(game_id, peer)
            except TimeoutError:
                await send({"type": "websocket.close", "code": 1013})
                return



class Unreachable(Exception):
    """No connection to the peer could be opened: nothing was sent."""


class Links:
    """Kept-alive HTTP/1.1 connections to the other processes, and requests over them.

    A request and its answer over asyncio streams cost a fraction of a general
    client's CPU (httpx took about as long as serving the request itself), and
    the peers are Borough processes: every answer under /api/games has a
    Content-Length. A connection idle for `idle` seconds is closed here before
    the peer's own time-out for a next request head (`header_timeout`) could
    close it under a request."""

    def __init__(self, idle: float = 2.0) -> None:
        self.idle = idle
        self.free: dict[str, list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]]] = {}

    async def _open(self, base: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        now = time.monotonic()
        free = self.free.setdefault(base, [])
        while free:
            reader, writer, since = free.pop()
            if now - since < self.idle and not reader.at_eof() and not writer.is_closing():
                return reader, writer
            writer.close()
        url = urlsplit(base)
        try:
            return await asyncio.wait_for(
                asyncio.open_connection(url.hostname, url.port or 80), 5.0)
        except (OSError, TimeoutError) as exc:
            raise Unreachable(str(exc)) from None

    async def request(self, base: str, method: str, target: str,
                      headers: list[tuple[bytes, bytes]], body: bytes
                      ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        reader, writer = await self._open(base)
        try:
            head = [f"{method} {target} HTTP/1.1".encode("latin-1"),
                    b"host: " + urlsplit(base).netloc.encode("latin-1"),
                    b"content-length: " + str(len(body)).encode()]
            head += [k + b": " + v for k, v in headers]
            writer.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
            lines = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
            status = int(lines[0].split(b" ", 2)[1])
            answer, length, keep = [], 0, True
            for line in lines[1:]:
                if not line:
                    continue
                name, _, value = line.partition(b":")
                name, value = name.strip().lower(), value.strip()
                if name == b"content-length":
                    length = int(value)
                elif name == b"transfer-encoding":
                    raise ValueError("a peer answered without a Content-Length")
                elif name == b"connection":
                    keep = value.lower() != b"close"
                else:
                    answer.append((name, value))
            bodiless = method == "HEAD" or status in (204, 304) or status < 200
            content = b"" if bodiless else await reader.readexactly(length)
        except BaseException:
            writer.close()
            raise
        if keep:
            self.free.setdefault(base, []).append((reader, writer, time.monotonic()))
        else:
            writer.close()
        return status, answer, content

    def close(self) -> None:
        for free in self.free.values():
            for _, writer, _ in free:
                writer.close()
        self.free.clear()


async def _relay(upstream: ClientConnection, receive: Receive, send: Send,
                 held: list[dict[str, Any]]) -> bool:
    """Pass frames both ways until one side closes. True: done (the client left or
    the owner closed it on purpose); False: the owner went away. `held`: the
    client's messages not yet passed on, sent first and kept when the owner's
    socket refuses them, for whoever serves the game next (a move sent again
    is refused as stale if it was stored: its version is behind)."""

    async def down() -> bool:
        """Owner to client; True once the client cannot be sent to (it left)."""
        with suppress(ConnectionClosed):
            async for message in upstream:
                frame = ({"type": "websocket.send", "text": message} if isinstance(message, str)
                         else {"type": "websocket.send", "bytes": message})
                try:
                    await send(frame)
                except Exception:
                    return True
        return False

    async def up() -> bool:
        """Client to owner; True once the client left, False once the owner's socket
        takes no more (the message it refused is held)."""
        while True:
            message = held[0] if held else await receive()
            if message["type"] == "websocket.disconnect":
                return True
            if message["type"] != "websocket.receive":
                continue
            if not held:
                held.append(message)
            try:
                text = message.get("text")
                await upstream.send(text if text is not None else message.get("bytes") or b"")
            except ConnectionClosed:
                return False
            held.pop(0)

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(asyncio.CancelledError, ConnectionClosed, OSError, RuntimeError):
                await task
    down_task, up_task = tasks
    left = (up_task in done and (up_task.exception() is not None or up_task.result())) or (
        down_task in done and down_task.exception() is None and down_task.result())
    if left:
        with suppress(Exception):  # the client closed its socket
            await upstream.close()
        return True
    code = upstream.close_code
    if code not in GONE:  # closed by the owner on purpose (a newer socket, a message)
        with suppress(Exception):
            await send({"type": "websocket.close", "code": code or 1000,
                        "reason": upstream.close_reason or ""})
        return True
    return False


def _replay(first: list[dict[str, Any]], receive: Receive) -> Receive:
    """`receive` with messages already read given first."""
    pending = list(first)

    async def again() -> dict[str, Any]:
        return pending.pop(0) if pending else await receive()
    return again


def _after_accept(send: Send) -> Send:
    """`send` for a socket the client already has open: the route's accept is dropped."""

    async def sending(message: dict[str, Any]) -> None:
        if message["type"] != "websocket.accept":
            await send(message)
    return sending


async def _refuse(send: Send, status: int, message: str, retry_after: bool = False) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", b"1"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
