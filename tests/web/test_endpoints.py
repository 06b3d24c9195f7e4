"""The JSON the browser pages read, and the pages' addresses, on a real server."""

from __future__ import annotations

import time

import httpx
import pytest

import borough


@pytest.fixture(scope="module")
def http(web_server):
    with httpx.Client(base_url=web_server.url, timeout=30) as client:
        yield client


@pytest.mark.parametrize("game", borough.games())
def test_content_is_read_from_the_game_object(http, game):
    body = http.get(f"/api/content/{game}").json()
    g = borough.game(game)
    assert body["title"] == g.title
    assert body["players"] == list(g.player_counts())
    assert body["options"] == g.options()
    assert body["data"], "no content to draw with"
    assert not any(key.startswith("_") for key in body["data"])


def test_content_of_some_games_matches_their_data_files(http):
    eko = borough.game("ekopolis")
    data = http.get("/api/content/ekopolis").json()["data"]
    assert [t["name"] for t in data["tiles"]] == [t.name for t in eko.tiles]
    assert data["board"]["labels"] == list(eko.board.labels)
    arc = borough.game("architectura")
    cards = http.get("/api/content/architectura").json()["data"]["cards"]
    assert [c["text"] for c in cards] == [c.text for c in arc.cards]


def test_unknown_games_and_pages(http):
    for path in ("/api/content/chess", "/api/rules/chess", "/rules/chess"):
        r = http.get(path)
        assert r.status_code == 404
        assert "no game 'chess'" in r.json()["error"]
    for path in ("/", "/play/anything", "/replay/anything", "/rules/ekopolis"):
        r = http.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert http.get("/static/js/table.js").headers["content-type"].split(";")[0] in (
        "text/javascript", "application/javascript")
    assert http.get("/static/nothing.js").status_code == 404


def test_rules_are_the_games_rules_text(http):
    for game in borough.games():
        body = http.get(f"/api/rules/{game}").json()
        assert body["markdown"].startswith("# ")
        assert body["title"] == borough.game(game).title


def test_replay_frames_follow_the_record(http):
    r = http.post("/api/games", json={"game": "architectura", "players": 2, "seed": 5,
                                      "seats": [{"kind": "bot", "agent": "random"}] * 2})
    gid = r.json()["id"]
    refused = http.get(f"/api/games/{gid}/replay")
    if refused.status_code == 409:  # the bots may still be playing
        assert "once the game is over" in refused.json()["error"]
    for _ in range(400):
        if http.get(f"/api/games/{gid}").json()["status"] == "over":
            break
        time.sleep(0.05)
    record = http.get(f"/api/games/{gid}/record").json()
    total = len(record["moves"])
    game = borough.game("architectura")
    state = game.setup(2, seed=5, options=record["options"])
    start = http.get(f"/api/games/{gid}/replay", params={"at": 0}).json()
    assert start["observation"] == game.observe(state, None)
    assert start["total"] == total and start["result"] is None
    assert [m["text"] for m in start["moves"]] == [
        game.describe(tuple(_tuple(a))) for _, a in record["moves"]]
    for seat, action in record["moves"][:3]:
        game.apply(state, seat, _tuple(action))
    third = http.get(f"/api/games/{gid}/replay", params={"at": 3}).json()
    assert third["observation"] == game.observe(state, None)
    assert all(e["number"] <= 3 for e in third["events"])
    end = http.get(f"/api/games/{gid}/replay", params={"at": total + 50}).json()
    assert end["move_number"] == total and end["result"] == record["result"]
    assert http.get(f"/api/games/{gid}/replay", params={"at": "x"}).status_code == 400


def _tuple(value):
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def test_meta_says_what_each_bot_does_in_each_game(http):
    """The lobby offers the levels first, each with a sentence for that game:
    expert judges positions by learned values in every game; in Small City,
    whose levels follow a plan, it plays hard's moves out a round and judges
    the rest by them."""
    games = {g["name"]: g for g in http.get("/api/meta").json()["games"]}
    assert set(games) == set(borough.games())
    for game in games.values():
        names = [b["name"] for b in game["bots"]]
        assert names[:4] == ["easy", "medium", "hard", "expert"]
        assert sorted(names) == sorted(http.get("/api/meta").json()["agents"])
        assert all(b["help"] for b in game["bots"])
    expert = {n: next(b["help"] for b in g["bots"] if b["name"] == "expert")
              for n, g in games.items()}
    for name in games:
        assert "learned" in expert[name], (name, expert[name])
        assert "plays as hard" not in expert[name], (name, expert[name])
    assert "one round" in expert["smallcity"]
    medium = {n: next(b["help"] for b in g["bots"] if b["name"] == "medium")
              for n, g in games.items()}
    assert "playing the game out" in medium["smallcity"]
    assert "playing the game out" not in medium["architectura"]


def test_guides_and_lobby_facts_are_served_for_every_game(http):
    meta = http.get("/api/meta").json()
    for info in meta["games"]:
        about = info["about"]
        assert about["goal"] and about["usual_players"] in info["players"]
        assert set(about["options"]) == set(info["options"])
        page = http.get(f"/api/guide/{info['name']}")
        assert page.status_code == 200
        body = page.json()
        assert body["markdown"].count("<!-- figure:") == len(body["figures"])
        assert all(f["view"]["observation"] for f in body["figures"])
    missing = http.get("/api/guide/chess")
    assert missing.status_code == 404 and "no game 'chess'" in missing.json()["error"]


def test_a_tutorial_is_served_one_decision_at_a_time_and_stores_nothing(http):
    meta = {g["name"]: g for g in http.get("/api/meta").json()["games"]}
    name = next(n for n, g in meta.items() if g["tutorial"])
    first = http.get(f"/api/tutorials/{name}").json()
    assert first["decision"] == 0 and not first["done"]
    assert len(first["view"]["legal_actions"]) == 1 and first["view"]["prompt"] == first["text"]
    assert first["wrong"] and first["wrong"] != first["text"]
    end = http.get(f"/api/tutorials/{name}", params={"decision": first["decisions"]}).json()
    assert end["done"] and end["view"]["legal_actions"] == [] and end["text"] == end["ready"]
    assert http.get(f"/api/tutorials/{name}").json() == first  # the same every time
    past = http.get(f"/api/tutorials/{name}", params={"decision": first["decisions"] + 1})
    assert past.status_code == 400 and "decisions 0 to" in past.json()["error"]
    assert http.get(f"/api/tutorials/{name}", params={"decision": -1}).status_code == 400
    assert http.get("/api/tutorials/chess").status_code == 404
    assert http.get(f"/learn/{name}").status_code == 200
    none = [n for n, g in meta.items() if not g["tutorial"]]
    if none:
        assert http.get(f"/api/tutorials/{none[0]}").status_code == 404
