"""The load benchmark's CPU quotas (benchmarks/cpu_quota.py) against stand-in
cgroup hierarchies in a temporary folder: the files each version reads, and a
refusal where there is none."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import cpu_quota
from cpu_quota import CpuQuotas, QuotaUnavailable


def test_v1_group_gets_quota_weight_and_process(tmp_path: Path) -> None:
    cpu = tmp_path / "cpu"
    cpu.mkdir()
    (cpu / "cpu.cfs_quota_us").write_text("-1")
    quotas = CpuQuotas(root=tmp_path)
    group = quotas.limit(4321, 0.3)
    assert group.parent == cpu
    assert (group / "cpu.cfs_period_us").read_text() == "100000"
    assert (group / "cpu.cfs_quota_us").read_text() == "30000"
    assert int((group / "cpu.shares").read_text()) > 1024
    assert (group / "cgroup.procs").read_text() == "4321"


def test_v2_group_beside_own_enables_cpu_and_writes_cpu_max(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpu_quota, "own_group", lambda: "user.slice/bench.scope")
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids")
    parent = tmp_path / "user.slice"
    parent.mkdir()
    (parent / "cgroup.subtree_control").write_text("memory")
    quotas = CpuQuotas(root=tmp_path)
    assert quotas.parent == parent
    assert (parent / "cgroup.subtree_control").read_text() == "+cpu"
    group = quotas.limit(4321, 0.25)
    assert group.parent == parent
    assert (group / "cpu.max").read_text() == "25000 100000"
    assert int((group / "cpu.weight").read_text()) > 100


def test_refused_without_a_cpu_controller(tmp_path: Path) -> None:
    with pytest.raises(QuotaUnavailable, match="neither cgroup v2"):
        CpuQuotas(root=tmp_path)
    (tmp_path / "cgroup.controllers").write_text("memory pids")
    with pytest.raises(QuotaUnavailable, match="cpu controller is not available"):
        CpuQuotas(root=tmp_path)


def test_quota_must_be_positive(tmp_path: Path) -> None:
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1")
    with pytest.raises(ValueError):
        CpuQuotas(root=tmp_path).limit(1, 0)
