"""The append-only results file of a run: one JSON line per finished game.

The first line describes the run; a resumed run must describe the same one,
so a file is never continued with other games. A line cut short by an
interruption is dropped on reading (its game is played again).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO


class ResultsFile:
    def __init__(self, path: Path, plan: dict[str, Any]) -> None:
        self.path = path
        self.plan = plan
        self.done: dict[str, dict[str, Any]] = {}
        self._handle: TextIO | None = None

    def open(self) -> ResultsFile:
        """Read what an earlier run of the same plan finished, then append."""
        if self.path.exists() and self.path.stat().st_size:
            lines = self.path.read_text().splitlines()
            first = _parse(lines[0])
            old = first.get("plan") if first is not None else None
            if isinstance(old, dict) and old != self.plan and \
                    {**old, "format": self.plan.get("format")} == self.plan:
                raise ValueError(f"{self.path} holds results counted another way (results "
                                 f"format {old.get('format')}, this Borough counts with "
                                 f"format {self.plan.get('format')}); give a new file")
            if first is None or old != self.plan:
                raise ValueError(f"{self.path} holds another run's results; resume it with "
                                 "the same options, or give a new file")
            kept = [lines[0]]
            for line in lines[1:]:
                entry = _parse(line)
                if entry is not None and "key" in entry:
                    self.done[entry["key"]] = entry
                    kept.append(line)
            if len(kept) != len(lines) or not lines[-1]:
                # Drop a half-written last line before appending after it.
                self.path.write_text("".join(f"{line}\n" for line in kept))
            self._handle = self.path.open("a")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = self.path.open("w")
            self._write({"plan": self.plan})
        return self

    def add(self, result: dict[str, Any]) -> None:
        self.done[result["key"]] = result
        self._write(result)

    def _write(self, entry: dict[str, Any]) -> None:
        assert self._handle is not None
        self._handle.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._handle.flush()  # a killed run keeps every game it reported

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _parse(line: str) -> dict[str, Any] | None:
    try:
        entry = json.loads(line)
    except json.JSONDecodeError:
        return None
    return entry if isinstance(entry, dict) else None
