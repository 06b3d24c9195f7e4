"""The client's address behind a proxy: X-Forwarded-For is believed from the
configured proxies (`trusted_proxies`) alone, and then only up to the right-most
address that is not itself a proxy; every quota counts that address."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import websockets

from tests.server.client import Client, run_async
from tests.server.conftest import Server

BURST = 3  # lobby reads a client gets before a 429 (refilled too slowly to matter)
LIMITS = {"BOROUGH_READ_BURST": str(BURST), "BOROUGH_READ_RATE": "0.001"}


def reads_allowed(http: httpx.Client, url: str, forwarded: str | None, tries: int) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    codes = [http.get(f"{url}/api/games", headers=headers).status_code for _ in range(tries)]
    assert set(codes) <= {200, 429}, codes
    return codes.count(200)


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory) -> Iterator[Server]:
    """A server whose proxies are this machine and a private network, as with nginx
    on the same host forwarding what a balancer in 10.0.0.0/8 passed on."""
    folder = tmp_path_factory.mktemp("db")
    server = Server("", f"sqlite:///{folder / 'borough.db'}",
                    settings={**LIMITS, "BOROUGH_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8",
                              "BOROUGH_SOCKETS_PER_ADDRESS": "1"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_clients_behind_one_proxy_have_their_own_limits(behind_proxy):
    with httpx.Client(timeout=10) as http:
        assert reads_allowed(http, behind_proxy.url, "203.0.113.7", BURST + 3) == BURST
        # Another client through the same proxy still has its whole allowance.
        assert reads_allowed(http, behind_proxy.url, "203.0.113.8", BURST + 3) == BURST
        # The first one again, through a second proxy in the trusted network: the
        # same address, so the same (spent) allowance.
        assert reads_allowed(http, behind_proxy.url, "203.0.113.7, 10.1.2.3", 2) == 0


def test_sockets_behind_one_proxy_are_capped_per_client(behind_proxy):
    gid = Client(behind_proxy.url).create("rondelcity", 2, ["human"] * 2)["id"]
    url = f"{behind_proxy.url.replace('http', 'ws')}/ws/games/{gid}"

    def via(client: str) -> dict[str, str]:
        return {"X-Forwarded-For": client}

    async def scenario() -> None:
        first = await websockets.connect(url, additional_headers=via("203.0.113.9"))
        with pytest.raises(websockets.exceptions.InvalidStatus):
            await websockets.connect(url, additional_headers=via("203.0.113.9"))
        other = await websockets.connect(url, additional_headers=via("203.0.113.10"))
        await first.close()
        await other.close()

    run_async(scenario())


def test_a_client_cannot_escape_by_prefixing_x_forwarded_for(behind_proxy):
    """The proxy appends the address it saw; what the client wrote before it is
    not believed, so changing it gets the client nothing."""
    with httpx.Client(timeout=10) as http:
        allowed = sum(reads_allowed(http, behind_proxy.url, f"198.51.100.{i}, 192.0.2.44", 1)
                      for i in range(BURST + 3))
    assert allowed == BURST


def test_a_peer_that_is_no_proxy_is_limited_by_its_own_address(tmp_path):
    """This machine is not among the proxies here: its X-Forwarded-For headers,
    however varied, are ignored and it has one allowance."""
    server = Server("", f"sqlite:///{tmp_path / 'borough.db'}",
                    settings={**LIMITS, "BOROUGH_TRUSTED_PROXIES": "10.0.0.0/8"}).start()
    try:
        with httpx.Client(timeout=10) as http:
            allowed = sum(reads_allowed(http, server.url, f"203.0.113.{i}", 1)
                          for i in range(BURST + 3))
            assert allowed == BURST
            refused = http.get(f"{server.url}/api/games", headers={"X-Forwarded-For": "1.1.1.1"})
            assert refused.status_code == 429
            assert "127.0.0.1" in refused.json()["error"]
    finally:
        server.stop()
