#!/usr/bin/env python3
"""Write the golden traces of tests/golden/ (see tests/golden/traces.py).

A game's file is written anew only when its rules_version differs from the
file's (or there is no file): a rules change must raise rules_version first.
At the same version the stored traces must still reproduce; then only the
cases that appeared (a new option or player count) are added and those that
are no longer cases are dropped. --force rewrites a file whose traces changed
at the same version: only for a change to what players see that is meant and
leaves the rules alone, said so in the commit.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import borough
from tests.golden import traces


def regenerate(name: str, force: bool) -> str:
    game = borough.game(name)
    stored = traces.read(name) if traces.path(name).exists() else None
    wanted = traces.cases(name)
    if stored is None or stored["rules_version"] != game.rules_version or force or (
            (stored["seeds"], stored["digits"], stored["move_cap"])
            != (list(traces.SEEDS), traces.DIGITS, traces.MOVE_CAP.get(name))):
        before = "none" if stored is None else stored["rules_version"]
        traces.write(name, [traces.play(c) for c in wanted])
        return f"{name}: written, {len(wanted)} traces (rules version {before} -> " \
               f"{game.rules_version})"
    by_key = {traces.stored_key(name, t): t for t in stored["traces"]}
    out = []
    for case in wanted:
        trace = traces.play(case)
        if case.key() in by_key:
            difference = traces.first_difference(by_key[case.key()], trace)
            if difference is not None:
                raise SystemExit(
                    f"{name} changed at rules version {game.rules_version}; raise its "
                    f"rules_version if the rules changed (or use --force):\n{difference}")
        out.append(trace)
    added = sum(c.key() not in by_key for c in wanted)
    dropped = len(set(by_key) - {c.key() for c in wanted})
    traces.write(name, out)
    return f"{name}: unchanged rules version {game.rules_version}; " \
           f"{added} traces added, {dropped} dropped, the rest reproduced"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to write (default: all of {', '.join(borough.games())})")
    parser.add_argument("--force", action="store_true",
                        help="rewrite even when the traces changed at the same rules version")
    args = parser.parse_args()
    for name in args.games or borough.games():
        if name not in borough.games():
            parser.error(f"unknown game {name!r}; known games: {', '.join(borough.games())}")
        start = time.process_time()
        print(regenerate(name, args.force), f"({time.process_time() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
