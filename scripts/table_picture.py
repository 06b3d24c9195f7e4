"""Make docs/assets/table.png, the picture of a table in the README and on the site.

Starts a server on a temporary SQLite file, sets up a two-player game (a person
against a medium bot, seed 11), plays the person's first moves by the suggested
move, photographs the person's seat at 1400x900 with headless Chromium and keeps
a smaller copy.

    PYTHONPATH=. python scripts/table_picture.py [--moves N] [--out PATH]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("BOROUGH_CHROMIUM", "/usr/bin/chromium")
PORT = 8765
URL = f"http://127.0.0.1:{PORT}"


def wait_until_up(url: str) -> None:
    for _ in range(150):
        try:
            if httpx.get(f"{url}/healthz").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start")


def play(game_name: str, moves: int) -> tuple[str, str]:
    created = httpx.post(f"{URL}/api/games", json={
        "game": game_name, "players": 2, "seed": 11,
        "seats": [{"kind": "human", "name": "Ada"},
                  {"kind": "bot", "agent": "medium", "name": "Medium bot"}],
    }).raise_for_status().json()
    game, token = created["id"], created["seats"][0]["token"]
    done = 0
    while done < moves:
        view = httpx.get(f"{URL}/api/games/{game}/view", params={"token": token}).json()
        if view["status"] == "over":
            break
        if not view["your_turn"]:
            time.sleep(0.3)
            continue
        hint = httpx.post(f"{URL}/api/games/{game}/suggest",
                          json={"token": token, "version": view["version"]}, timeout=60)
        if hint.status_code == 409:  # no longer this seat's turn at that version
            time.sleep(0.3)
            continue
        action = hint.raise_for_status().json()["move"]["action"]
        moved = httpx.post(f"{URL}/api/games/{game}/actions", json={
            "token": token, "version": view["version"], "action": action})
        if moved.status_code == 409:  # the bot moved meanwhile: look again
            continue
        moved.raise_for_status()
        done += 1
        time.sleep(2.5)  # the suggestion quota: a few at once, then one every 2 s
    return game, token


def shrink(path: Path, width: int) -> None:
    """Scale the picture down and keep 128 colours: a README picture, not a print."""
    from PIL import Image

    with Image.open(path) as image:
        height = round(image.height * width / image.width)
        small = image.convert("RGB").resize((width, height), Image.LANCZOS)
    small.quantize(colors=128, method=Image.MEDIANCUT).save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="architectura")
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--width", type=int, default=1000, help="width of the PNG kept")
    parser.add_argument("--out", type=Path, default=Path("docs/assets/table.png"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "BOROUGH_DATABASE_URL": f"sqlite:///{folder}/borough.db",
               "BOROUGH_BOT_PAUSE": "0"}
        server = subprocess.Popen([sys.executable, "-m", "borough", "serve", "--port",
                                   str(PORT)], env=env, start_new_session=True)
        try:
            wait_until_up(URL)
            game, token = play(args.game, args.moves)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--no-sandbox", "--headless"])
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(f"{URL}/play/{game}?token={token}")
                page.wait_for_timeout(3000)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(args.out))
                browser.close()
            shrink(args.out, args.width)
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and its bot processes
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
