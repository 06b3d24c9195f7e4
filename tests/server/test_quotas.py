"""The shared token buckets of quotas.py on a real PostgreSQL database, as two
processes would use them (each its own connection): never more than one
bucket's worth between them, what one took and did not spend goes back, and
a refusal says how long until the next request."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from borough.server.quotas import Counts, Limit
from borough.server.store import Store
from tests.server.client import run_async
from tests.server.conftest import _postgres_database

pytestmark = pytest.mark.postgres


@pytest.fixture
def two() -> Iterator[list[Counts]]:
    """Two processes' connections to one migrated database."""
    for url in _postgres_database():
        store = Store(url)
        store.migrate()
        store.dispose()
        counts = [Counts(url), Counts(url)]
        try:
            yield counts
        finally:
            for each in counts:
                each.close()


def limits(counts: list[Counts], rate: float, burst: int, batch: int) -> list[Limit]:
    out = []
    for each in counts:
        limit = Limit("act", rate, burst, batch)
        limit.share(each)
        out.append(limit)
    return out


def test_two_processes_spend_one_bucket_between_them(two):
    """Taking 3 at a time in turn, one process may hold the bucket's last request
    while the other is refused; given back, it is the tenth and last."""
    key = "198.51.100.1"

    async def scenario() -> tuple[list[float], list[float]]:
        first, second = limits(two, 0.001, 10, 3)
        waits = [await (first if i % 2 else second).take(key) for i in range(16)]
        for limit in (first, second):
            limit.give_back(limit.idle(0))
        return waits, [await first.take(key) for _ in range(3)]

    waits, after = run_async(scenario())
    spent = waits.count(0.0) + after.count(0.0)
    assert waits.count(0.0) >= 10 - 2 and spent == 10, (waits, after)
    refused = [wait for wait in waits + after if wait]
    assert all(990 < wait < 1010 for wait in refused), refused  # one back in 1/rate s


def test_what_is_taken_and_not_spent_goes_back(two):
    async def scenario() -> int:
        first, second = limits(two, 0.001, 10, 5)
        assert await first.take("198.51.100.2") == 0  # took 5, spent 1
        unspent = first.idle(0)
        assert unspent == [("198.51.100.2", 4)]
        first.give_back(unspent)
        return [await second.take("198.51.100.2") for _ in range(12)].count(0.0)

    assert run_async(scenario()) == 9


def test_peeking_spends_nothing_and_keys_are_apart(two):
    async def scenario() -> None:
        first, second = limits(two, 0.001, 2, 1)
        assert await first.wait("a") == 0
        assert [await first.take("a") for _ in range(2)] == [0.0, 0.0]
        assert await second.wait("a") > 900
        assert await second.take("b") == 0  # another client's bucket is full
        long_name = "n" * 300  # stored by its digest
        assert await first.take(long_name) == 0 and await second.take(long_name) == 0
        assert await second.take(long_name) > 900

    run_async(scenario())


def test_one_process_counts_in_memory():
    async def scenario() -> list[float]:
        limit = Limit("read", 0.001, 2)
        return [await limit.take("a") for _ in range(3)]

    waits = run_async(scenario())
    assert waits[:2] == [0.0, 0.0] and waits[2] > 900


def test_counting_goes_on_after_a_cut_connection_and_a_request_gone_midway(two):
    """Requests count on the event loop over one kept connection: one the
    database cut is made again, and a request that went away while its
    statement ran (a socket closing) leaves no answer behind for the next."""
    counts = two[0]

    async def scenario() -> None:
        first, second = limits(two, 0.001, 10, 1)
        assert await first.take("a") == 0
        await asyncio.to_thread(counts.run, "SELECT pg_terminate_backend(%s)",
                                (counts.asking[1].info.backend_pid,))
        assert await first.take("a") == 0  # over a new connection
        slow = asyncio.create_task(counts.ask("SELECT 1, pg_sleep(0.5)", None))
        await asyncio.sleep(0.1)
        slow.cancel()
        with pytest.raises(asyncio.CancelledError):
            await slow
        assert await counts.ask("SELECT 2", None) == (2,)
        first.give_back(first.idle(0))
        assert [await second.take("a") for _ in range(9)].count(0.0) == 8  # 2 were spent

    run_async(scenario())


def test_a_busy_key_claims_larger_blocks_and_the_bucket_still_holds(two):
    """A key spending its blocks within a second claims twice as many each time,
    up to a quarter of the burst; the other process then gets what is left and
    what the first gives back, never more than the bucket between them."""

    async def scenario() -> tuple[int, int, int]:
        first, second = limits(two, 0.001, 40, 1)
        claims = 0
        claim = first._claim

        async def counted(key: str, block: int) -> tuple[int, float]:
            nonlocal claims
            claims += 1
            return await claim(key, block)

        first._claim = counted  # type: ignore[method-assign]
        assert [await first.take("a") for _ in range(20)] == [0.0] * 20
        others = [await second.take("a") for _ in range(40)].count(0.0)
        first.give_back(first.idle(0))
        back = [await second.take("a") for _ in range(40)].count(0.0)
        return claims, others, back

    claims, others, back = run_async(scenario())
    assert claims == 5  # blocks of 1, 2, 4, 8 and 10: 25 taken
    assert (others, back) == (15, 5)
