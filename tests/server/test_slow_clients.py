"""Clients that send their request heads slowly are cut off after
`header_timeout` seconds (a 408, then the connection closes), however steadily
they dribble, while everyone else plays on; sockets already upgraded are not."""

from __future__ import annotations

import asyncio
import random
import resource
import socket
import threading
import time

import pytest
import websockets

from tests.server.client import Client, run_async
from tests.server.conftest import Server

HEAD = b"GET /healthz HTTP/1.1\r\nHost: borough\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"


def slow_server(tmp_path, timeout: float) -> Server:
    return Server("", f"sqlite:///{tmp_path / 'borough.db'}",
                  settings={"BOROUGH_HEADER_TIMEOUT": str(timeout)}).start()


def dribble(port: int, prefix: bytes, every: float) -> tuple[float, bytes]:
    """Send `prefix` at once, then the head a byte every `every` seconds until the
    server closes; the seconds that took and what the server answered last."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(prefix)
        start = time.monotonic()
        answer = b""
        for byte in HEAD:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sock.settimeout(every)
            try:
                answer = sock.recv(4096)
                break
            except TimeoutError:
                continue
        return time.monotonic() - start, answer


def response(sock: socket.socket) -> bytes:
    """One whole response (a head with Content-Length, then that many bytes)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
    while len(body) < length:
        body += sock.recv(4096)
    return data


@pytest.mark.slow  # the server's start takes most of its 10-15 s on a busy machine
def test_a_head_sent_slowly_is_cut_off_and_sockets_stay(tmp_path):
    server = slow_server(tmp_path, 1.0)
    try:
        took, answer = dribble(server.port, b"", 0.3)
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert 0.9 < took < 3, took
        # The timer starts again for each request on a kept-alive connection.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: borough\r\n\r\n")
            assert response(sock).startswith(b"HTTP/1.1 200")
            start = time.monotonic()
            sock.sendall(b"GET /heal")
            assert response(sock).startswith(b"HTTP/1.1 408")
            assert 0.9 < time.monotonic() - start < 3
        # A connection that sends nothing is closed without an answer.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            start = time.monotonic()
            assert sock.recv(4096) == b""
            assert 0.9 < time.monotonic() - start < 3
        # A live game socket outlasts the timeout: its head arrived long ago.
        gid = Client(server.url).create("rondelcity", 2, ["human"] * 2)["id"]

        async def watch() -> None:
            async with websockets.connect(
                    f"{server.url.replace('http', 'ws')}/ws/games/{gid}") as ws:
                await ws.recv()
                await asyncio.sleep(1.5)
                await ws.ping()

        run_async(watch())
    finally:
        server.stop()


SLOW = 500
TIMEOUT = 4.0
EVERY = 2.0  # seconds between two bytes of a slow head


@pytest.mark.slow
def test_500_slow_heads_while_a_game_is_played_to_the_end(tmp_path):
    """500 connections dribbling heads, reopened as the server closes them, for as
    long as two people play a game through at their own speed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4 * SLOW
    if soft < wanted:  # the server process inherits it
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    try:
        server = slow_server(tmp_path, TIMEOUT)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    done = threading.Event()
    closed: list[tuple[float, bytes]] = []  # per slow connection the server closed
    stuck: list[int] = []  # slow connections the server left open at the end
    peak = [0, 0]  # open now, most open at once

    async def slow_client() -> None:
        while not done.is_set():
            start = time.monotonic()  # the server's timer starts as it accepts
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            peak[0] += 1
            peak[1] = max(peak)
            answer = b""
            for byte in HEAD:
                if done.is_set() and time.monotonic() - start > TIMEOUT + 10:
                    stuck.append(1)
                    break
                try:
                    writer.write(bytes([byte]))
                    answer = await asyncio.wait_for(reader.read(4096), EVERY)
                    break  # an answer, or the end of the connection
                except TimeoutError:
                    continue
                except OSError:
                    break
            closed.append((time.monotonic() - start, answer))
            peak[0] -= 1
            writer.close()

    async def all_slow() -> None:
        await asyncio.gather(*(slow_client() for _ in range(SLOW)))

    slow = threading.Thread(target=run_async, args=(all_slow(),), daemon=True)
    try:
        slow.start()
        time.sleep(EVERY)  # all of them open and dribbling
        client = Client(server.url)
        created = client.create("rondelcity", 2, ["human"] * 2, seed=7)
        tokens = {i: seat["token"] for i, seat in enumerate(created["seats"])}
        start = time.monotonic()
        public = client.play(created["id"], tokens, random.Random(7))
        played = time.monotonic() - start
        assert public["status"] == "over"
    finally:
        done.set()
        slow.join(60)
        server.stop()
    assert not slow.is_alive() and not stuck
    assert peak[1] == SLOW
    assert len(closed) >= SLOW
    for _, answer in closed:
        if answer:  # else the test stopped it, or the server closed it under way
            assert answer.startswith(b"HTTP/1.1 408"), answer
    cut = sorted(took for took, answer in closed if answer)
    assert len(cut) >= SLOW  # the first round at least, each closed by the server
    assert cut[0] > TIMEOUT - 0.5 and cut[len(cut) // 2] < TIMEOUT + EVERY + 2, cut
    print(f"game played in {played:.1f} s; {len(cut)} slow heads cut off after "
          f"{cut[0]:.1f}-{cut[-1]:.1f} s (median {cut[len(cut) // 2]:.1f} s)")
