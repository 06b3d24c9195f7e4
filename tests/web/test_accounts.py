"""An account's games on every device: a guest who signs up keeps this browser's
seat, a game made while logged in is found under "My games" by a second browser
logged in as the same account, and a user name of markup is shown as text."""

from __future__ import annotations

import secrets

from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.test_accessibility import axe, violations  # noqa: F401 - axe: a fixture

PASSWORD = "lantern quarry violet"


def play_now(page, base: str, game: str) -> str:
    """The lobby card's one-click game; answers its id once the table is live."""
    page.goto(base + "/")
    page.click(f"[data-play-now='{game}']")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("body[data-live]")
    return page.url.split("/play/")[1].split("?")[0]


def test_an_accounts_games_follow_it_to_a_second_browser(web_server, contexts, axe):  # noqa: F811
    base = web_server.url
    name = f"<script>window.x=1</script>{secrets.token_hex(2)}"
    laptop = contexts(LAPTOP).page()
    as_guest = play_now(laptop, base, "architectura")  # a guest's seat, in this browser
    laptop.goto(base + "/")
    laptop.click("#show-signup")
    assert violations(laptop, axe) == []  # serious or critical ones, as for every page
    laptop.fill("#signup-name", name)
    laptop.fill("#signup-password", PASSWORD)
    laptop.click("#signup-button")
    laptop.wait_for_selector("#account-name")
    assert laptop.inner_text("#account-name") == name
    laptop.wait_for_selector(f"[data-my-game='{as_guest}']")  # kept at sign-up
    with laptop.expect_response(lambda r: r.url.endswith("/api/account/seats")) as claimed:
        made = play_now(laptop, base, "citycouncil")  # the seat's link claims it
    assert claimed.value.ok

    phone = contexts(PHONE).page()
    phone.goto(base + "/")
    phone.wait_for_selector("#mine p")  # a guest here: nothing kept yet
    assert phone.locator(f"[data-my-game='{made}']").count() == 0
    phone.click("#show-login")
    phone.fill("#login-name", name.upper())  # any case finds the account
    phone.fill("#login-password", PASSWORD)
    phone.click("#login-button")
    phone.wait_for_selector(f"[data-my-game='{made}']")
    phone.wait_for_selector(f"[data-my-game='{as_guest}']")
    # The name is text wherever it is shown: no element made, nothing run.
    assert phone.inner_text("#account-name") == name
    assert phone.locator("#account script, #my-games-panel script").count() == 0
    assert phone.evaluate("window.x") is None and laptop.evaluate("window.x") is None
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    assert violations(phone, axe) == []
    screenshot(phone, "lobby-account-my-games-phone")
    phone.click(f"[data-my-seat='{made}:0']")
    phone.wait_for_selector(".status-bar h1")
    assert "You play" in phone.inner_text(".status-bar")

    phone.goto(base + "/")
    phone.click("#logout-everywhere")
    phone.wait_for_selector("#show-login")
    laptop.goto(base + "/")
    laptop.wait_for_selector("#show-login")  # logged out on the laptop too
