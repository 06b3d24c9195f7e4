"""Limits a public server keeps: body size and read time, and request rates per client."""

from __future__ import annotations

import asyncio
import json
import math
import time
from typing import Any


class BodyLimit:
    """Pure ASGI middleware: reads at most `limit` bytes within `timeout` seconds,
    else answers 413 (too large) or 408 (too slow), before any route runs."""

    def __init__(self, app: Any, limit: int, timeout: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await refuse(send, 413, f"the request body is over {self.limit} bytes")
            return
        body = b""
        more = True
        deadline = asyncio.get_running_loop().time() + self.timeout
        while more:
            try:
                # A deadline on the running task, not wait_for's task per receive.
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                await refuse(send, 408, f"the request body took over {self.timeout:g} s "
                                        "to arrive")
                return
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await refuse(send, 413, f"the request body is over {self.limit} bytes")
                return
            more = message.get("more_body", False)
        delivered = False

        async def replay() -> dict:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def refuse(send: Any, status: int, message: str,
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
    payload = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": payload})


class RateLimit:
    """Token buckets per client: `burst` requests at once, refilled at `rate` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}  # client: (tokens, when)

    def take(self, client: str) -> float:
        """Spend one token; 0 when allowed, else the seconds until one is back."""
        now = time.monotonic()
        tokens, when = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            return 0.0
        self.buckets[client] = (tokens, now)
        return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def wait(self, client: str) -> float:
        """The seconds until `client` has a token again (0: it has one), spending none."""
        now = time.monotonic()
        tokens, when = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens >= 1:
            return 0.0
        return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def forget_idle(self) -> None:
        """Drop the buckets that are full again, so idle clients take no memory."""
        now = time.monotonic()
        full = [c for c, (tokens, when) in self.buckets.items()
                if tokens + (now - when) * self.rate >= self.burst]
        for client in full:
            del self.buckets[client]
