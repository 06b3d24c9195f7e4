"""The deployment in deploy/, run as written: Debian's nginx with
deploy/nginx/borough.conf in front of two Borough processes started by
deploy/Procfile's command with deploy/borough.env's settings, on one
PostgreSQL database. Games are played through the proxy (https and WebSocket,
each seat from an address of its own, nginx sending every request and socket
of a game to the one process its id hashes to, which the game's first request
made its owner); the owner of a game is killed with SIGKILL mid-game and the
games still end through the proxy, which fails over to the live process, which
takes the games over."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import pwd
import random
import re
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import pytest
import uvicorn
import websockets

import borough
from borough.core import record as records
from tests.server.client import Client
from tests.server.conftest import TEST_SETTINGS, Stoppable, _postgres_database, free_port

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
SPOOFED = "198.51.100.7"  # what a client claims in its own X-Forwarded-For


def nginx_binary() -> str:
    """nginx, installed by scripts/ensure_nginx.sh when it is missing."""
    def found() -> str | None:
        return shutil.which("nginx") or next(
            (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)

    if not found():
        done = subprocess.run([str(REPO / "scripts" / "ensure_nginx.sh")],
                              capture_output=True, text=True)
        if done.returncode:
            pytest.fail(f"nginx is needed and could not be installed: {done.stderr}")
    binary = found()
    assert binary, "scripts/ensure_nginx.sh succeeded but nginx is not there"
    return binary


def env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines as systemd's EnvironmentFile and honcho's -e read them."""
    pairs = (line.split("=", 1) for line in path.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#"))
    return {key.strip(): value.strip() for key, value in pairs}


def procfile_command(port: int) -> list[str]:
    """The Procfile's web process for one port, run by this test's Python."""
    line = next(row for row in (DEPLOY / "Procfile").read_text().splitlines()
                if row.startswith("web:"))
    words = [w.replace("$PORT", str(port)) for w in shlex.split(line.split(":", 1)[1])]
    assert words[0] == "borough"
    return [sys.executable, "-m", "borough", *words[1:]]


def render_nginx(ports: list[int], http: int, https: int, folder: Path) -> str:
    """deploy/nginx/borough.conf with the test's ports, certificate and log folder;
    nothing else of it changes."""
    text = (DEPLOY / "nginx" / "borough.conf").read_text()
    servers = re.findall(r"^    server 127\.0\.0\.1:\d+( .*);$", text, re.M)
    assert servers, "the upstream lists no processes"
    text, n = re.subn(r"(upstream borough \{\n(?:    hash .*\n)?)(?:    server .*\n)+",
                      lambda m: m[1] + "".join(f"    server 127.0.0.1:{p}{servers[0]};\n"
                                               for p in ports), text)
    assert n == 1
    for public, port, tls in ((80, http, ""), (443, https, " ssl")):
        text, n = re.subn(rf"^    listen {public}{tls};\n    listen \[::\]:{public}{tls};$",
                          f"    listen 127.0.0.1:{port}{tls};", text, flags=re.M)
        assert n == 1
    assert text.count("/var/log/nginx/") == 2
    assert text.count("/etc/letsencrypt/live/borough.example.org/") == 2
    return (text.replace("/var/log/nginx/", f"{folder}/")
            .replace("/etc/letsencrypt/live/borough.example.org/", f"{folder}/"))


@dataclass
class Nginx:
    folder: Path
    http_port: int = field(default_factory=free_port)
    port: int = field(default_factory=free_port)  # https
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def tls(self) -> ssl.SSLContext:
        """A client's TLS, trusting the test's own certificate."""
        return ssl.create_default_context(cafile=self.folder / "fullchain.pem")

    def client(self, address: str, **headers: str) -> Client:
        """A client of the proxy, from `address`."""
        return client_from(self.url, address, self.tls, **headers)

    def start(self, binary: str, ports: list[int]) -> Nginx:
        """In the foreground, everything it writes in `folder`; as nobody when the
        tests run as root."""
        d = self.folder
        made = subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(d / "privkey.pem"),
             "-out", str(d / "fullchain.pem")], capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
        (d / "borough.conf").write_text(render_nginx(ports, self.http_port, self.port, d))
        # What Debian's /etc/nginx/nginx.conf holds around conf.d/, in the folder.
        temps = "\n".join(f"    {kind}_temp_path {d}/{kind};"
                          for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        temps += f"\n    access_log {d}/access.log;"
        (d / "nginx.conf").write_text(
            f"worker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n"
            f"events {{ worker_connections 512; }}\n"
            f"http {{\n{temps}\n    include {d}/borough.conf;\n}}\n")
        user = {}
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            for path in (d, *d.iterdir()):  # the key among them
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
            user = {"user": nobody.pw_uid, "group": nobody.pw_gid}
        command = [binary, "-p", str(d), "-c", str(d / "nginx.conf"), "-e",
                   str(d / "error.log")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, **user)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen([*command, "-g", "daemon off;"],
                                        stderr=subprocess.DEVNULL, **user)
        wait_healthy(self.url, self.process, lambda: (d / "error.log").read_text(), self.tls)
        return self

    def log(self) -> list[dict[str, str]]:
        pattern = re.compile(r'^(?P<client>\S+) \[[^]]+\] "(?P<request>[^"]*)" '
                             r'(?P<status>\d+) \d+ upstream="(?P<upstream>[^"]*)" '
                             r'"(?P<upstream_status>[^"]*)" \S+$')
        lines = (self.folder / "borough.access.log").read_text().splitlines()
        parsed = [pattern.match(line) for line in lines]
        assert all(parsed), [line for line, m in zip(lines, parsed, strict=True) if not m]
        return [m.groupdict() for m in parsed if m]

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: finish, then exit
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def wait_healthy(url: str, process: subprocess.Popen, logs,
                 verify: ssl.SSLContext | bool = True) -> None:
    deadline = time.monotonic() + 90  # a busy shared machine starts it slowly
    with httpx.Client(timeout=5, verify=verify) as http:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(logs())
            try:
                if http.get(f"{url}/healthz").status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
    raise RuntimeError(f"{url} did not start: {logs()}")


@dataclass
class Process(Stoppable):
    """One Borough process as deploy/Procfile starts it."""
    port: int
    environment: dict[str, str]
    log: Path
    process: subprocess.Popen | None = None

    def start(self) -> Process:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(procfile_command(self.port), env=self.environment,
                                            stdout=log, stderr=subprocess.STDOUT)
        wait_healthy(f"http://127.0.0.1:{self.port}", self.process, self.log.read_text)
        return self



def client_from(base: str, address: str, tls: ssl.SSLContext | None = None,
                **headers: str) -> Client:
    """A client whose connections leave from `address` (any of 127.0.0.0/8)."""
    client = Client(base)
    client.http.close()
    client.http = httpx.Client(base_url=base, timeout=60, headers=headers,
                               transport=httpx.HTTPTransport(local_address=address,
                                                             verify=tls or True))
    return client


class Watcher(threading.Thread):
    """A seat's socket through the proxy, opened again when it closes (as the
    browser's is), keeping every view pushed until the game is over."""

    def __init__(self, url: str, address: str, tls: ssl.SSLContext) -> None:
        super().__init__(daemon=True)
        self.url, self.address, self.tls = url, address, tls
        self.views: list[dict] = []
        self.connections = 0
        self.connected = threading.Event()
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._watch())
        except BaseException as exc:
            self.failure = exc

    def over(self) -> bool:
        return bool(self.views) and self.views[-1]["status"] == "over"

    async def _watch(self) -> None:
        while not self.over():
            try:
                async with websockets.connect(self.url, local_addr=(self.address, 0),
                                              ssl=self.tls, open_timeout=30) as ws:
                    self.connections += 1
                    self.connected.set()
                    while not self.over():
                        self.views.append(json.loads(await asyncio.wait_for(ws.recv(), 120)))
            except websockets.ConnectionClosed:
                await asyncio.sleep(0.2)  # its process died: the proxy finds another


@pytest.fixture
def deployment() -> Iterator[tuple[Nginx, list[Process]]]:
    binary = nginx_binary()
    folder = Path(tempfile.mkdtemp(prefix="borough-deploy-"))
    folder.chmod(0o755)
    processes: list[Process] = []
    nginx = Nginx(folder / "nginx")
    nginx.folder.mkdir()
    try:
        for database in _postgres_database():
            settings = {**os.environ, **env_file(DEPLOY / "borough.env"), **TEST_SETTINGS,
                        "BOROUGH_DATABASE_URL": database,
                        # One new game per address, then one in 1000 s: enough to see
                        # whose address a refusal names.
                        "BOROUGH_CREATE_RATE": "0.001", "BOROUGH_CREATE_BURST": "1",
                        "BOROUGH_BOT_LEASE": "1.5"}
            processes = [Process(free_port(), settings, folder / f"borough-{i}.log")
                         for i in range(2)]
            threads = [threading.Thread(target=p.start) for p in processes]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert all(p.process and p.process.poll() is None for p in processes), [
                p.log.read_text() for p in processes]
            nginx.start(binary, [p.port for p in processes])
            yield nginx, processes
    finally:
        nginx.stop()
        for p in processes:
            p.stop()
        shutil.rmtree(folder, ignore_errors=True)


def owners(database: str) -> dict[str, int]:
    """Each game's owning process, by its port."""
    with psycopg.connect(database.replace("postgresql+psycopg://", "postgresql://")) as conn:
        rows = conn.execute("SELECT o.game_id, p.url FROM game_owners o "
                            "JOIN processes p ON p.name = o.owner").fetchall()
    return {gid: int(url.rsplit(":", 1)[1]) for gid, url in rows}


def refused_address(client: Client, tries: int) -> str:
    """Create games until one is refused for its address; the address it names."""
    for _ in range(tries):
        r = client.http.post("/api/games", json={"game": "architectura", "players": 2,
                                                 "seats": [{"kind": "human"}] * 2})
        if r.status_code == 429:
            return r.json()["error"]
        assert r.status_code == 201, r.text
    raise AssertionError(f"never refused in {tries} games")


@pytest.mark.postgres
@pytest.mark.nginx
@pytest.mark.slow
def test_games_through_nginx_survive_a_killed_process(deployment):
    nginx, processes = deployment
    upstream = {p.port: f"127.0.0.1:{p.port}" for p in processes}
    game = borough.game("architectura")

    # Two games, each seat playing from an address of its own.
    games = []
    for g in range(2):
        addresses = [f"127.0.0.{10 + 2 * g + s}" for s in range(2)]
        seats = [nginx.client(a) for a in addresses]
        created = seats[0].create("architectura", 2, ["human", "human"], seed=20 + g)
        tokens = [s["token"] for s in created["seats"]]
        games.append({"id": created["id"], "seats": seats, "tokens": tokens, "moves": [],
                      "addresses": addresses})

    # The processes see each client's address from nginx's X-Forwarded-For, not
    # nginx's own, nor what a client claims: 127.0.0.2 is refused by its address
    # after its first game, also by the process that did not create it (the
    # processes count together; nginx spreads creations by each request's own
    # id, so a few tries reach both), and 127.0.0.3, through the same proxy, is not.
    spoofing = nginx.client("127.0.0.2", **{"X-Forwarded-For": SPOOFED})
    said = refused_address(spoofing, 2)
    assert "from 127.0.0.2;" in said, said
    for _ in range(40):
        tried = [(line["status"], line["upstream"]) for line in nginx.log()
                 if line["client"] == "127.0.0.2"]
        if {where for _, where in tried} == set(upstream.values()):
            break
        said = refused_address(spoofing, 1)
        assert "from 127.0.0.2;" in said, said
    assert [status for status, _ in tried][:2] == ["201", "429"]
    assert {status for status, _ in tried[1:]} == {"429"}
    assert {where for _, where in tried} == set(upstream.values())
    r = nginx.client("127.0.0.3").http.post(
        "/api/games", json={"game": "architectura", "players": 2,
                            "seats": [{"kind": "human"}] * 2})
    assert r.status_code == 201, r.text
    # A client reaching a process without nginx is not believed either.
    direct = client_from(f"http://127.0.0.1:{processes[0].port}", "127.0.0.4",
                         **{"X-Forwarded-For": "127.0.0.3"})
    said = refused_address(direct, 2)
    assert "from 127.0.0.4;" in said, said

    # nginx tells the processes the request came over https (X-Forwarded-Proto), so
    # a session's cookie is marked Secure; over plain http to a process it is not.
    straight = f"http://127.0.0.1:{processes[1].port}"
    for name, client, secure in (("viaproxy", nginx.client("127.0.0.5"), True),
                                 ("straight", client_from(straight, "127.0.0.5"), False)):
        r = client.http.post("/api/account/signup",
                             json={"name": name, "password": "a tidy borough of stone"})
        assert r.status_code == 201, r.text
        assert ("; secure" in r.headers["set-cookie"].lower()) is secure, r.headers
    # Plain http to nginx only points to https.
    r = httpx.get(f"http://127.0.0.1:{nginx.http_port}/play/{games[0]['id']}")
    assert r.status_code == 301, r.text
    assert r.headers["location"] == f"https://127.0.0.1/play/{games[0]['id']}"

    # A socket per seat, each on its game's process (the first to serve the game).
    watchers = []
    for g in games:
        for seat in range(2):
            url = (f"{nginx.url.replace('http', 'ws')}/ws/games/{g['id']}"
                   f"?token={g['tokens'][seat]}")
            watcher = Watcher(url, g["addresses"][seat], nginx.tls)
            watcher.start()
            assert watcher.connected.wait(60)
            watchers.append((g, seat, watcher))

    rng = random.Random(41)

    def move(g: dict) -> bool:
        """One move of game g by the seat to act, through the proxy; False when over."""
        public = g["seats"][0].public(g["id"])
        if public["status"] == "over":
            return False
        seat = public["to_act"][0]
        view = g["seats"][seat].view(g["id"], g["tokens"][seat])
        assert view["your_turn"]
        action = rng.choice(view["legal_actions"])["action"]
        r = g["seats"][seat].act(g["id"], g["tokens"][seat], view["version"], action)
        assert r.status_code == 200, r.text  # nobody else moves: never stale
        g["moves"].append((seat, action))
        return True

    for _ in range(12):
        for g in games:
            assert move(g)
    before = nginx.log()
    # Every request and socket of a game reached one process, whichever created
    # it, and that process owns the game: nothing was forwarded between them.
    database = processes[0].environment["BOROUGH_DATABASE_URL"]
    held = owners(database)
    served = []
    for g in games:
        reached = {line["upstream"] for line in before if g["id"] in line["request"]}
        assert reached == {upstream[held[g["id"]]]}, reached
        served.append(reached.pop())

    # Kill the owner of the first game.
    creator = served[0]
    doomed = next(p for p in processes if upstream[p.port] == creator)
    live = next(p for p in processes if p is not doomed)
    doomed.kill()
    started = time.monotonic()
    slowest = 0.0
    while True:
        begun = time.monotonic()
        if not any([move(g) for g in games]):
            break
        slowest = max(slowest, time.monotonic() - begun)
    finished_in = time.monotonic() - started
    # The live process took the dead one's games over (after its lease, 1.5 s).
    assert all(owners(database)[g["id"]] == live.port for g in games)
    assert slowest < 20, slowest

    for g in games:
        final = g["seats"][0].public(g["id"])
        assert final["status"] == "over"
        rec, claimed = records.parse(g["seats"][1].http.get(f"/api/games/{g['id']}/record")
                                     .json())
        assert [(s, list(a)) for s, a in rec.moves] == [(s, list(a)) for s, a in g["moves"]]
        state, _ = records.replay(game, rec)
        assert game.result(state).to_json() == final["result"] == claimed
    for g, seat, watcher in watchers:
        watcher.join(120)
        assert watcher.failure is None, watcher.failure
        assert watcher.views[-1] == g["seats"][seat].view(g["id"], g["tokens"][seat])
    # The sockets on the killed process were opened again, through the proxy.
    assert sum(w.connections for *_, w in watchers) > len(watchers)

    after = nginx.log()[len(before):]
    # nginx tried the dead process, failed over, and every request was answered.
    failed_over = f"{creator}, {upstream[live.port]}"
    assert any(line["upstream"] == failed_over for line in after), after
    assert not [line for line in nginx.log() if line["status"].startswith("5")]
    assert all(line["upstream"].endswith(upstream[live.port]) for line in after
               if line["status"] != "101"), after  # 101: a socket that was open at the kill
    assert finished_in < 120


def test_the_deployment_files_name_only_what_the_server_reads():
    """deploy/'s settings are ones Borough reads, and its three ways of starting
    processes and passing them requests agree with each other and with the server."""
    from dataclasses import fields

    from borough.server.serving import uvicorn_options
    from borough.server.settings import Settings

    read = {f"BOROUGH_{f.name.upper()}" for f in fields(Settings)}
    settings = env_file(DEPLOY / "borough.env")
    assert set(settings) <= read, set(settings) - read
    assert settings["BOROUGH_DATABASE_URL"].startswith("postgresql+psycopg://")
    assert settings["BOROUGH_TRUSTED_PROXIES"].split(",") == ["127.0.0.1"]  # nginx alone
    assert Settings.from_env(**{k.removeprefix("BOROUGH_").lower(): v for k, v in
                                settings.items() if k.startswith("BOROUGH_")})

    unit = (DEPLOY / "systemd" / "borough@.service").read_text()
    assert "EnvironmentFile=/etc/borough/borough.env\n" in unit
    start = re.search(r"^ExecStart=\S*/bin/borough (.*)$", unit, re.M)
    assert start, "the unit does not start borough"
    assert [w.replace("%i", "8001") for w in start[1].split()] == procfile_command(8001)[3:]

    nginx = (DEPLOY / "nginx" / "borough.conf").read_text()
    ports = [int(p) for p in re.findall(r"^    server 127\.0\.0\.1:(\d+) ", nginx, re.M)]
    assert ports == list(range(8001, 8001 + len(ports))) and len(ports) >= 2
    # nginx refuses what a process would refuse, before it reaches one.
    body = re.search(r"client_max_body_size (\d+)k;", nginx)
    assert body and int(body[1]) * 1024 == Settings.max_body_bytes
    assert f"client_body_timeout {Settings.body_timeout:g}s;" in nginx
    assert f"client_header_timeout {Settings.header_timeout:g}s;" in nginx
    # nginx lets an idle connection to a process go before the process closes it.
    kept = re.search(r"keepalive_timeout (\d+)s;", nginx)
    closes = uvicorn_options(Settings()).get(
        "timeout_keep_alive",
        inspect.signature(uvicorn.Config).parameters["timeout_keep_alive"].default)
    assert kept and int(kept[1]) < closes
    # nginx hashes the game id out of the very paths a process forwards to its owner.
    from borough.server.forwarding import GAME_PATH
    assert "hash $borough_game consistent;" in nginx
    mapped = re.search(r'^    "~(.*)" \$borough_id;$', nginx, re.M)
    assert mapped, "no game id is taken from the path"
    taken = re.compile(mapped[1].replace("(?<", "(?P<"))
    for path in ("/api/games/0123456789abcdef", "/api/games/0123456789abcdef/act",
                 "/api/tables/0123456789abcdef/join", "/ws/games/0123456789abcdef",
                 "/api/games", "/api/games/0123456789abcdeff", "/play/0123456789abcdef",
                 "/api/games/0123456789ABCDEF", "/ws/games/0123456789abcde/x"):
        ours, theirs = taken.match(path), GAME_PATH.match(path)
        assert (ours and ours["borough_id"]) == (theirs and theirs[1]), path


def test_the_systemd_unit_passes_systemd_analyze(tmp_path):
    """systemd reads the unit without a warning (an unknown key would only be
    ignored when it runs), as an instance on port 8001 with this environment's
    borough in place of /opt/borough's."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian's systemd package)")
    unit = (DEPLOY / "systemd" / "borough@.service").read_text()
    assert unit.count("/opt/borough/bin/borough ") == 1
    instance = tmp_path / "borough@8001.service"
    instance.write_text(unit.replace("/opt/borough/bin/borough ",
                                     f"{Path(sys.executable).parent / 'borough'} "))
    done = subprocess.run([analyze, "verify", str(instance)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
