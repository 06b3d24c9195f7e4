"""A real Borough server process and Debian's Chromium, for the browser tests.

Every page a test opens is watched: a console error, a warning or an uncaught
exception fails the test at its end.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Server

CHROMIUM = os.environ.get("BOROUGH_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _chromium_missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"Chromium is not installed at {CHROMIUM} (Debian package 'chromium')"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package 'playwright' is not installed"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items) -> None:
    """Every test that opens the browser, directly or through a fixture, is marked
    `browser` (before `-m` selects), so no test file has to remember it."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    missing = _chromium_missing()
    if missing:  # scripts/ensure_chromium.sh, run by `make test`, installs it
        pytest.fail(f"the browser tests need a browser: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("webdb")
    srv = Server("", f"sqlite:///{folder / 'borough.db'}").start()
    try:
        yield srv
    finally:
        srv.stop()


class Watched:
    """A browser context whose pages report every console error and page exception."""

    def __init__(self, browser, viewport: dict, allowed: tuple[str, ...] = (),
                 device: dict | None = None) -> None:
        # device: more of the context's settings (has_touch, is_mobile, device_scale_factor)
        self.context = browser.new_context(viewport=viewport, **(device or {}))
        self.context.set_default_timeout(20_000)
        # Bots' moves shown as they come (the play page paces them for people): the
        # tests stay fast; a test of the pacing sets its own speed after this.
        self.context.add_init_script(
            "try { localStorage.setItem('borough.botSpeed', 'instant'); } catch (e) {}")
        self.problems: list[str] = []
        self.allowed = allowed

    def page(self):
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        return page

    def _console(self, message) -> None:
        allowed = any(a in message.text for a in self.allowed)
        if message.type in ("error", "warning") and not allowed:
            self.problems.append(f"console {message.type}: {message.text}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def contexts(browser) -> Iterator:
    """Opens watched contexts; at the end of the test none may have logged a problem."""
    opened: list[Watched] = []

    def open_context(viewport: dict = LAPTOP, allowed: tuple[str, ...] = (),
                     device: dict | None = None) -> Watched:
        watched = Watched(browser, viewport, allowed, device)
        opened.append(watched)
        return watched

    yield open_context
    problems = [p for w in opened for p in w.problems]
    for w in opened:
        w.close()
    assert not problems, "the browser reported problems:\n" + "\n".join(problems)


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
