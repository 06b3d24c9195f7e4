"""A server's bot processes end with it: after a SIGKILL (no shutdown code runs)
and after a SIGTERM, no process the server started is left."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.server.client import Client
from tests.server.conftest import Server


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent id) of a live process, None once it is gone or a zombie."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return None if state in ("Z", "X") else (state, int(parent))


def descendants(root: int) -> set[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := _stat(int(entry))):
            parents[int(entry)] = found[1]
    out, frontier = set(), {root}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - out
        out |= frontier
    return out


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_no_bot_process_outlives_its_server(tmp_path, how):
    server = Server("", f"sqlite:///{tmp_path / 'borough.db'}").start()
    try:
        client = Client(server.url)
        # A slow bot and a quick one: both of the server's process pools at work.
        gid = client.create("smallcity", 2, ["hard", "medium"], seed=1)["id"]
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while time.monotonic() < deadline:
            workers = descendants(server.process.pid)
            if len(workers) >= 3 and client.public(gid)["version"] >= 3:
                break  # both lanes' workers and the resource tracker exist
            time.sleep(0.2)
        assert len(workers) >= 3, workers
        os.kill(server.process.pid, how)
        server.process.wait(30)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_stat(p) for p in workers):
            time.sleep(0.2)
        assert not [p for p in workers if _stat(p)], "processes outlived the server"
    finally:
        server.kill()
