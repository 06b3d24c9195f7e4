"""The connections forwarded requests travel over (forwarding.Links), against a
small HTTP/1.1 server on this machine: answers come back whole, connections are
kept and reused, a bodiless answer is not waited for, and a peer that is not
listening is told apart from one that failed under a request."""

from __future__ import annotations

import asyncio

import pytest

from borough.server.forwarding import Links, Unreachable
from tests.server.client import run_async
from tests.server.conftest import free_port


async def serve(answers: list[bytes], seen: list[bytes], connections: list[int]
                ) -> asyncio.Server:
    """Answers each request head with the next of `answers`, as written."""

    async def talk(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(1)
        while answers:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            seen.append(head + await reader.readexactly(length))
            answer = answers.pop(0)
            writer.write(answer)
            await writer.drain()
            if b"connection: close" in answer:
                break
        writer.close()

    return await asyncio.start_server(talk, "127.0.0.1", 0)


def test_answers_come_back_whole_over_kept_connections():
    async def scenario():
        seen: list[bytes] = []
        connections: list[int] = []
        server = await serve([
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 7\r\n"
            b"set-cookie: a=1\r\nset-cookie: b=2\r\n\r\n{\"x\":1}",
            b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 30\r\n\r\n",
            b"HTTP/1.1 409 Conflict\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
        ], seen, connections)
        base = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        links = Links()
        status, headers, body = await links.request(
            base, "POST", "/api/games/x/actions?a=1", [(b"x-borough-client", b"1.2.3.4")],
            b'{"token": "t"}')
        assert (status, body) == (200, b'{"x":1}')
        assert headers.count((b"set-cookie", b"a=1")) == 1 and (b"set-cookie", b"b=2") in headers
        assert seen[0].startswith(b"POST /api/games/x/actions?a=1 HTTP/1.1\r\n")
        assert b"x-borough-client: 1.2.3.4\r\n" in seen[0] and seen[0].endswith(b'{"token": "t"}')
        status, _, body = await asyncio.wait_for(
            links.request(base, "HEAD", "/api/games/x", [], b""), 10)
        assert (status, body) == (405, b"")  # its Content-Length is not waited for
        status, _, body = await links.request(base, "GET", "/api/games/x", [], b"")
        assert (status, body) == (409, b"{}")
        assert len(connections) == 1  # one connection carried all three
        assert not links.free.get(base)  # the peer closed it: not kept
        links.close()
        server.close()
        await server.wait_closed()

    run_async(scenario())


def test_a_peer_not_listening_is_unreachable_and_one_failing_is_not():
    async def scenario():
        links = Links()
        with pytest.raises(Unreachable):
            await links.request(f"http://127.0.0.1:{free_port()}", "GET", "/", [], b"")
        seen: list[bytes] = []
        server = await serve([b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nshort"], seen, [])
        base = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        with pytest.raises(asyncio.IncompleteReadError):  # sent: it may have been stored
            await links.request(base, "POST", "/", [], b"{}")
        assert not links.free.get(base)
        server.close()
        await server.wait_closed()

    run_async(scenario())
