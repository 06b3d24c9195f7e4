"""Group commit: actions that arrive while a commit is under way are stored
together by the next one, in a single transaction (PostgreSQL).

On SQLite (one process, the database a local file in WAL mode, no sync per
commit) each change is committed at once on the event loop: the commit takes
well under 0.1 ms of CPU, less than handing it to a worker thread did, and
while that thread ran the loop waited for the interpreter lock."""

from __future__ import annotations

import asyncio

from borough.server.store import Store
from borough.server.store_rows import Change


class GroupCommit:
    """Actions stored together: those that arrive while a commit is under way
    wait for the next one, which stores them all in a single transaction.
    Each caller returns only once its own action is committed.

    An action that finds no commit under way is stored by its own caller at
    once, without a task or a future of its own (most moves, at any load
    where commits do not overlap); those that arrive meanwhile are then
    stored by a writer task, as before."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pending: list[tuple[Change, asyncio.Future]] = []
        self.writer: asyncio.Task | None = None
        self.storing = False  # a caller stores its own action now

    async def append(self, change: Change) -> None:
        if not self.store.shared:
            self.store.append([change])
            return
        if not self.storing and not self.pending and (
                self.writer is None or self.writer.done()):
            self.storing = True
            try:
                await self._one(change)
            finally:
                self.storing = False
                self._start()
            return
        future = asyncio.get_running_loop().create_future()
        self.pending.append((change, future))
        self._start()
        await future

    async def _one(self, change: Change) -> None:
        """A change stored alone, tried a second time as a batch's changes are
        when their batch fails (a lost connection is opened again for it)."""
        try:
            await self.store.append_async([change])
        except Exception:
            await self.store.append_async([change])

    def _start(self) -> None:
        """A writer for the pending actions, unless one runs or a caller stores."""
        if self.pending and not self.storing and (self.writer is None or self.writer.done()):
            self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self.store.append_async([change for change, _ in batch])
            except Exception:  # one bad row must not sink the others: store one by one
                for change, future in batch:
                    try:
                        await self.store.append_async([change])
                    except Exception as exc:
                        future.set_exception(exc)
                    else:
                        future.set_result(None)
            else:
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)
