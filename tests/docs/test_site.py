"""The documentation site builds with `mkdocs build --strict`, holds a page for each
reader, its generated references, and is served by `borough serve` under /docs/."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import borough
from borough.server.app import create_app
from borough.server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

# One page of each section, and a sentence only that page's build puts there.
PAGES = {
    "": "Who this is for",
    "players/": "guide",
    "players/rules/smallcity/": "SC-25",
    "hosts/install/": "From a wheel",
    "hosts/configuration/": "BOROUGH_DATABASE_URL",
    "researchers/agents/": "information-set",
    "designers/balance/": "borough balance",
    "contributors/architecture/": "imports point one way",
    "measurements/strength/": "rules version",
    "reference/cli/": "borough play",
    "reference/python/": "legal_actions",
    "reference/http/": "Take an action from the seat",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "site"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--site-dir", str(folder)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    return folder


@pytest.fixture(scope="module")
def client(site) -> TestClient:
    return TestClient(create_app(Settings(docs_dir=str(site))))


def text_of(html: str) -> str:
    article = html[html.find("<article"):html.find("</article>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article)).replace("&#39;", "'")


@pytest.mark.parametrize("path", PAGES)
def test_the_server_serves_each_section_of_the_site(client, path):
    answer = client.get(f"/docs/{path}")
    assert answer.status_code == 200, path
    assert PAGES[path].lower() in text_of(answer.text).lower(), path


def test_every_game_has_its_rules_and_its_guide_among_the_players_pages(site):
    for name in borough.games():
        rules = (site / "players" / "rules" / name / "index.html").read_text()
        assert f"rules version {borough.game(name).rules_version}" in text_of(rules).lower()
        guide = ROOT / "borough" / "games" / name / "GUIDE.md"
        if guide.is_file():
            built = site / "players" / "guides" / name / "index.html"
            first = guide.read_text().splitlines()[0].lstrip("# ").strip()
            assert first in text_of(built.read_text()), name


def test_a_figure_on_older_rules_says_so_on_the_site(site):
    """The strength page's rows measured on rules older than the game's current ones
    read "N (now M)"; the others read their version alone."""
    source = (ROOT / "docs" / "measurements" / "strength.md").read_text()
    built = text_of((site / "measurements" / "strength" / "index.html").read_text())
    for game, number in re.findall(r"\| ([a-z]+)@(\d+) \|", source):
        now = borough.game(game).rules_version
        said = f"| {number} (now {now}) |" if int(number) < now else f"| {number} |"
        assert said.strip("| ") in built, (game, number)
    assert not re.search(r"\b[a-z]+@\d+\b", built), "a version cell left as written"


def test_every_verb_of_the_command_is_in_the_generated_reference(site):
    from typer.main import get_command

    from borough.cli import app

    reference = text_of((site / "reference" / "cli" / "index.html").read_text())
    for verb in get_command(app).commands:  # type: ignore[attr-defined]
        assert f"borough {verb}" in reference, verb


def test_without_a_built_site_docs_says_how_to_build_it(tmp_path):
    answer = TestClient(create_app(Settings(docs_dir=str(tmp_path)))).get("/docs/")
    assert answer.status_code == 404 and "make docs" in answer.text


def test_the_api_page_moved_beside_the_api(client):
    assert client.get("/api/docs").status_code == 200
    assert client.get("/openapi.json").json()["info"]["title"] == "Borough"
