"""Giving memory back to the system once rooms and sockets have left.

Python frees the objects of a room that left memory, but the C allocator
(glibc's malloc) keeps the freed pages of its heaps for later use, and each
thread that allocates (the database calls run in a pool of threads) may get a
heap of its own. A server whose rooms come and go then grows in steps that
never come back, however little it holds. Capping the heaps at two and
trimming them after a sweep returns those pages. On other C libraries both
are skipped.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from typing import Literal

M_ARENA_MAX = -8  # malloc.h

_libc: ctypes.CDLL | Literal[False] | None = None  # False: looked, none to use


def _glibc() -> ctypes.CDLL | None:
    global _libc
    if _libc is None:
        name = ctypes.util.find_library("c")
        try:
            libc = ctypes.CDLL(name) if name else None
        except OSError:
            libc = None
        _libc = libc if libc is not None and hasattr(libc, "malloc_trim") else False
    return _libc or None


def cap_heaps(heaps: int = 2) -> None:
    """Run before the server starts its threads: they share `heaps` malloc heaps."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, heaps)


def give_back() -> None:
    """Collect garbage cycles, then hand the C heaps' free pages back."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
