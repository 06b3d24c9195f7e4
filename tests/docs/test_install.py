"""A wheel built as a user would build it installs into a fresh virtual environment
outside the checkout, with only what playing and serving need, and works there."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import venv
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_FOR_SERVING = ("pytest", "torch", "ray", "open-spiel", "open_spiel", "pettingzoo",
                   "gymnasium", "playwright", "mkdocs")
pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path, timeout: int = 900) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin folder of a new virtual environment holding only the built wheel."""
    folder = tmp_path_factory.mktemp("install")
    run(sys.executable, "-m", "build", "--wheel", "--outdir", folder / "dist", ROOT, cwd=folder)
    (wheel,) = (folder / "dist").glob("borough-*.whl")
    venv.create(folder / "venv", with_pip=True)
    bin_folder = folder / "venv" / "bin"
    # --no-compile: pip's byte-compiling of every installed file is about 40% of the
    # install's CPU; Python compiles what the commands below import when they run it.
    run(bin_folder / "pip", "install", "--quiet", "--no-compile", wheel, cwd=folder)
    return bin_folder


def test_the_environment_holds_nothing_serving_does_not_need(installed):
    names = {re.split(r"==| @ ", line)[0].lower()
             for line in run(installed / "pip", "freeze", cwd=installed).splitlines()}
    assert "borough" in names
    assert not names & set(NOT_FOR_SERVING), names & set(NOT_FOR_SERVING)


def test_make_serve_installs_borough_without_extras():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("$(SERVE_STAMP): pyproject.toml")[1].split("\n\n")[0]
    assert "pip install --quiet -e .\n" in recipe + "\n" and "[" not in recipe
    assert re.search(r"^serve: \$\(SERVE_STAMP\)$", makefile, re.M)


def test_the_installed_command_lists_plays_and_shows_rules(installed, tmp_path):
    borough = installed / "borough"
    assert "smallcity" in run(borough, "games", cwd=tmp_path)
    assert "SC-25" in run(borough, "rules", "smallcity", "--no-pager", cwd=tmp_path)
    guide = run(borough, "rules", "smallcity", "--guide", "--no-pager", cwd=tmp_path)
    assert "guide" in guide.lower()
    played = run(borough, "play", "architectura", "--players", "2", "--agents", "random",
                 "--seed", "1", cwd=tmp_path)
    assert "decisions; seed 1" in played


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_installed_server_serves_the_lobby(installed, tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["BOROUGH_DATABASE_URL"] = f"sqlite:///{tmp_path / 'borough.db'}"
    server = subprocess.Popen([installed / "borough", "serve", "--port", str(port)], cwd=tmp_path,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(f"{url}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        lobby = httpx.get(f"{url}/")
        assert lobby.status_code == 200 and "Borough" in lobby.text
        assert httpx.get(f"{url}/api/rules/smallcity").json()["game"] == "smallcity"
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server and its bot processes
        server.wait(timeout=60)
