"""The README is short, its links lead somewhere, and every block marked runnable runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BLOCK = re.compile(r"^```(\w+) runnable\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"\]\(((?!https?://|#)[^)\s]+)\)")


def runnable(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(README.read_text()) if lang == language]


def environment(folder: Path) -> dict[str, str]:
    """`borough` on the PATH as this interpreter's, with this checkout's package."""
    shim = folder / "bin"
    shim.mkdir()
    (shim / "borough").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m borough "$@"\n')
    (shim / "borough").chmod(0o755)
    return {**os.environ, "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(ROOT), "COLUMNS": "100"}


def test_the_readme_is_short():
    lines = README.read_text().splitlines()
    assert len(lines) <= 250, f"the README has {len(lines)} lines; keep it to about 200"


def test_every_relative_link_of_the_readme_leads_to_a_file():
    for target in LINK.findall(README.read_text()):
        assert (ROOT / target.split("#")[0]).exists(), f"the README links to {target}"


def test_the_readme_marks_shell_and_python_blocks_as_runnable():
    assert runnable("sh") and runnable("python")


@pytest.mark.slow
@pytest.mark.parametrize("block", range(len(runnable("sh"))))
def test_each_runnable_shell_block_runs_as_written(block, tmp_path):
    env = environment(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    for line in runnable("sh")[block].splitlines():
        command = line.split("  #")[0].strip()
        if not command:
            continue
        done = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, command


@pytest.mark.parametrize("block", range(len(runnable("python"))))
def test_each_runnable_python_block_runs_as_written(block, tmp_path):
    done = subprocess.run([sys.executable, "-c", runnable("python")[block]], cwd=tmp_path,
                          env=environment(tmp_path), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "architectura" in done.stdout
