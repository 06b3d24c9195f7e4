"""A CPU quota for a benchmark's child processes, one Linux cgroup per process.

On a small machine the load generator and the database share the cores with
the server processes, so the throughput follows the machine, not the number of
servers. Capped at a fraction of a core each, the servers are the bottleneck,
and the others have headroom: what a second process adds becomes visible.

cgroup v2 (a `cpu.max` file in a group under the unified hierarchy) is used
where /sys/fs/cgroup/cgroup.controllers exists, else cgroup v1's cpu controller
(`cpu.cfs_quota_us` over `cpu.cfs_period_us`). Either needs write access
(root, or a delegated hierarchy); without it `CpuQuotas` refuses and says why.
"""

from __future__ import annotations

import os
import secrets
import time
from contextlib import suppress
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PERIOD_US = 100_000  # the kernel's default period; the quota is a share of it
# Weight of a group against others (v1 cpu.shares, default 1024; v2 cpu.weight,
# default 100). With autogroup scheduling each login session weighs as much as
# a default group, so on a machine busy with other sessions a default group gets
# a fraction of its quota; ten times the default makes the quota what it gets
# (and never more: the quota caps it).
WEIGHT_V1, WEIGHT_V2 = 10240, 1000


class QuotaUnavailable(RuntimeError):
    """No writable cgroup hierarchy with a cpu controller on this machine."""


def own_group() -> str:
    """This process's cgroup v2 group, relative to the hierarchy's root."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        if line.startswith("0::"):
            return line[3:].strip("/")
    return ""


def _hierarchy(root: Path) -> tuple[str, Path]:
    """("v2", parent) or ("v1", parent): where this process may make groups."""
    if (root / "cgroup.controllers").exists():
        if "cpu" not in (root / "cgroup.controllers").read_text().split():
            raise QuotaUnavailable(f"{root}: the cpu controller is not available (cgroup v2)")
        # A v2 group may hold processes only as a leaf: the new groups go beside
        # this process's own group, under its parent, which must enable cpu for them.
        own = own_group()
        parent = (root / own).parent if own else root
        return "v2", parent
    v1 = root / "cpu"
    if (v1 / "cpu.cfs_quota_us").exists():
        return "v1", v1
    raise QuotaUnavailable(f"neither cgroup v2 ({root}/cgroup.controllers) nor cgroup v1's "
                           f"cpu controller ({v1}/cpu.cfs_quota_us) is mounted")


class CpuQuotas:
    """Groups made for `limit(pid, cores)`, removed by `close()` (or the `with` block)."""

    def __init__(self, root: Path = ROOT) -> None:
        self.version, self.parent = _hierarchy(root)
        self.groups: list[Path] = []
        if not os.access(self.parent, os.W_OK):
            raise QuotaUnavailable(
                f"{self.parent} is not writable: CPU quotas per server need root or a "
                f"delegated cgroup ({self.version})")
        if self.version == "v2":
            control = self.parent / "cgroup.subtree_control"
            if "cpu" not in control.read_text().split():
                try:
                    control.write_text("+cpu")
                except OSError as exc:
                    raise QuotaUnavailable(f"cannot enable the cpu controller in {control}: "
                                           f"{exc}") from None

    def limit(self, pid: int, cores: float) -> Path:
        """Put process `pid` (all its threads, and children it starts later) into a new
        group allowed `cores` of a core's time, e.g. 0.3, and weighted to get it."""
        if cores <= 0:
            raise ValueError("a CPU quota is a positive share of a core")
        group = self.parent / f"borough-bench-{os.getpid()}-{secrets.token_hex(3)}"
        group.mkdir()
        self.groups.append(group)
        quota = max(1000, round(cores * PERIOD_US))
        if self.version == "v2":
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
            (group / "cpu.weight").write_text(str(WEIGHT_V2))
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
            (group / "cpu.shares").write_text(str(WEIGHT_V1))
        (group / "cgroup.procs").write_text(str(pid))
        return group

    def close(self) -> None:
        """Remove the groups; processes still in one go back to the parent first."""
        for group in reversed(self.groups):
            for _ in range(50):
                try:
                    for pid in (group / "cgroup.procs").read_text().split():
                        with suppress(OSError):  # it exited meanwhile
                            (self.parent / "cgroup.procs").write_text(pid)
                    group.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:  # busy: a process is still leaving it
                    time.sleep(0.1)
        self.groups.clear()

    def __enter__(self) -> CpuQuotas:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
