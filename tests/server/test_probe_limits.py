"""What a hostile client can send a real server, and what it costs the server:
request heads beyond the limit are answered 431 and their memory goes with the
connection; a message on a WebSocket (clients only listen) closes it."""

from __future__ import annotations

import asyncio
import socket
import time

import httpx
import pytest
import websockets

from tests.server.client import Client, run_async
from tests.server.conftest import Server


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def sqlite_server(tmp_path, **settings: object) -> Server:
    return Server("", f"sqlite:///{tmp_path / 'borough.db'}", settings={
        f"BOROUGH_{k.upper()}": str(v) for k, v in settings.items()}).start()


def send_huge_head(port: int, megabytes: int) -> tuple[str, int]:
    """Send a request head of `megabytes` MB (one endless header) until the server
    stops taking it; the server's answer and how many bytes it took."""
    sent = 0
    chunk = b"x" * 65536
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: ")
        try:
            while sent < megabytes * 1024 * 1024:
                sock.sendall(chunk)
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except ConnectionResetError:
            pass
    return answer.decode(errors="replace"), sent


def test_an_oversized_request_head_is_answered_431_and_its_memory_freed(tmp_path):
    """Four connections each trying to send 50 MB of headers: each is answered 431
    after at most a few times the limit, and the server's memory stays put."""
    server = sqlite_server(tmp_path)
    try:
        start = rss_kb(server.process.pid)
        for _ in range(4):
            answer, sent = send_huge_head(server.port, 50)
            assert answer.startswith("HTTP/1.1 431"), answer[:200]
            assert "over 32768 bytes" in answer
            assert sent < 4 * 1024 * 1024  # refused early, not after the 50 MB
        grown = rss_kb(server.process.pid) - start
        assert grown < 8_000, f"RSS grew by {grown} KB"
        # A request of ordinary size is served as before, headers and all.
        ok = httpx.get(f"{server.url}/healthz", headers={"X-Long": "y" * 20_000})
        assert ok.status_code == 200
    finally:
        server.stop()


def test_a_message_on_a_socket_closes_it_for_seats_and_spectators(tmp_path):
    """Clients only listen on their sockets: a 1 MB message from a spectator or a
    seat closes the socket (1009, too big) and leaves the others open; the server
    keeps answering."""
    server = sqlite_server(tmp_path)
    try:
        client = Client(server.url)
        created = client.create("architectura", 2, ["human"] * 2)
        gid, token = created["id"], created["seats"][0]["token"]
        ws = server.url.replace("http", "ws")

        async def scenario() -> None:
            for query in ("", f"?token={token}"):
                quiet = await websockets.connect(f"{ws}/ws/games/{gid}{query}")
                loud = await websockets.connect(f"{ws}/ws/games/{gid}{query}",
                                                max_size=None)
                await loud.recv()  # the first view
                await quiet.recv()
                await loud.send("x" * 1024 * 1024)
                with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                    await asyncio.wait_for(loud.recv(), 10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
                pong = await quiet.ping()
                await asyncio.wait_for(pong, 10)  # the other socket is still served
                await quiet.close()

        run_async(scenario())
        for _ in range(100):
            if httpx.get(f"{server.url}/healthz").json()["sockets"] == 0:
                break
            time.sleep(0.05)
        assert httpx.get(f"{server.url}/healthz").json()["sockets"] == 0
    finally:
        server.stop()
