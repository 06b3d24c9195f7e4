"""Optional accounts on both databases: sign-up, log-in, log-out (here and
everywhere), throttled wrong passwords, CSRF, seats kept by their owner only,
and the `borough admin` commands."""

from __future__ import annotations

import secrets

import httpx
import pytest
from typer.testing import CliRunner

from borough.cli import app
from tests.server.client import Client

PASSWORD = "lantern quarry violet"


def fresh_name(prefix: str = "ada") -> str:
    return f"{prefix}-{secrets.token_hex(3)}"


class Person:
    """A browser: its own cookies, and the CSRF token its page would hold."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=60)
        self.csrf: str | None = None

    def sign_up(self, name: str, password: str = PASSWORD, **extra) -> httpx.Response:
        r = self.http.post(
            "/api/account/signup", json={"name": name, "password": password, **extra}
        )
        if r.status_code == 201:
            self.csrf = r.json()["csrf"]
        return r

    def log_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        r = self.http.post("/api/account/login", json={"name": name, "password": password})
        if r.status_code == 200:
            self.csrf = r.json()["csrf"]
        return r

    def write(
        self, path: str, body: dict | None = None, csrf: str | None = "mine"
    ) -> httpx.Response:
        headers = {}
        token = self.csrf if csrf == "mine" else csrf
        if token is not None:
            headers["X-CSRF-Token"] = token
        return self.http.post(path, json=body or {}, headers=headers)

    def who(self) -> dict | None:
        return self.http.get("/api/account").json()["account"]

    def seats(self) -> httpx.Response:
        return self.http.get("/api/account/seats")

    def claim(self, game_id: str, token: str, opened: bool = True) -> httpx.Response:
        return self.write(
            "/api/account/seats",
            {"seats": [{"game_id": game_id, "token": token, "opened": opened}]},
        )


def test_sign_up_log_out_and_log_in_again(server):
    name = fresh_name()
    person = Person(server.url)
    r = person.sign_up(name)
    assert r.status_code == 201, r.text
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie  # plain http to this machine: localhost development
    assert person.who()["name"] == name
    assert person.write("/api/account/logout").status_code == 200
    assert person.who() is None
    assert person.seats().status_code == 401
    again = Person(server.url)
    assert again.log_in(name.upper()).status_code == 200  # names are found in any case
    assert again.who()["name"] == name
    before = again.http.cookies["borough_session"]
    assert again.log_in(name).status_code == 200  # a new session replaces this browser's
    assert again.who()["name"] == name
    old = httpx.get(f"{server.url}/api/account/seats", cookies={"borough_session": before})
    assert old.status_code == 401
    taken = Person(server.url).sign_up(name.upper())
    assert taken.status_code == 409, taken.text


def test_log_out_everywhere_ends_every_device(server):
    name = fresh_name()
    phone, laptop = Person(server.url), Person(server.url)
    assert phone.sign_up(name).status_code == 201
    assert laptop.log_in(name).status_code == 200
    stolen = laptop.http.cookies["borough_session"]
    r = phone.write("/api/account/logout-everywhere")
    assert r.status_code == 200 and r.json()["ended"] == 2
    assert phone.who() is None and laptop.who() is None
    assert laptop.seats().status_code == 401
    replayed = httpx.get(f"{server.url}/api/account/seats", cookies={"borough_session": stolen})
    assert replayed.status_code == 401


def test_wrong_passwords_are_throttled_per_account_and_answer_as_unknown_names(server):
    name = fresh_name()
    assert Person(server.url).sign_up(name).status_code == 201
    guesser = Person(server.url)
    unknown = guesser.log_in(fresh_name("nobody"), "whatever it is")
    for _ in range(5):  # the default: five failures at once, then one a minute
        wrong = guesser.log_in(name, "not the password at all")
        assert wrong.status_code == 401
        assert wrong.json() == unknown.json()  # no telling a name exists from the answer
    late = guesser.log_in(name)  # even the right password waits now
    assert late.status_code == 429 and int(late.headers["Retry-After"]) >= 1
    assert guesser.who() is None
    other = fresh_name()
    assert Person(server.url).sign_up(other).status_code == 201
    assert Person(server.url).log_in(other).status_code == 200  # only that account waits


def test_writes_without_the_sessions_csrf_token_are_refused(server):
    person, other = Person(server.url), Person(server.url)
    assert person.sign_up(fresh_name()).status_code == 201
    assert other.sign_up(fresh_name()).status_code == 201
    created = Client(server.url).create("architectura", 2, ["human", "random"])
    token = created["seats"][0]["token"]
    body = {"seats": [{"game_id": created["id"], "token": token}]}
    for csrf in (None, "", "forged", other.csrf):
        r = person.write("/api/account/seats", body, csrf=csrf)
        assert r.status_code == 403, (csrf, r.text)
        assert person.write("/api/account/logout", csrf=csrf).status_code == 403
    assert person.seats().json()["seats"] == []  # nothing was claimed
    assert person.who() is not None  # nor was the session ended
    assert person.claim(created["id"], token).status_code == 200


def test_a_session_acts_for_its_own_account_and_a_claim_needs_the_seat_token(server):
    ada, bob = Person(server.url), Person(server.url)
    assert ada.sign_up(fresh_name("ada")).status_code == 201
    assert bob.sign_up(fresh_name("bob")).status_code == 201
    created = Client(server.url).create("architectura", 2, ["human", "human"])
    gid, (first, second) = created["id"], [s["token"] for s in created["seats"]]
    assert ada.claim(gid, first).json()["claimed"] == [{"game_id": gid, "seat": 0}]
    assert ada.claim(gid, second, opened=False).json()["claimed"] == [
        {"game_id": gid, "seat": 1}
    ]  # kept to hand on
    # Bob's session sees only Bob's seats: none of Ada's tokens.
    assert bob.seats().json() == {"seats": []}
    assert first not in bob.seats().text and second not in bob.seats().text
    # Without a seat's token there is no claim, whatever the game id.
    for guess in ("x" * 24, second[:-1] + ("A" if second[-1] != "A" else "B")):
        r = bob.claim(gid, guess)
        assert r.status_code == 200 and r.json()["claimed"] == [], r.text
    # Ada's own seat stays hers even for someone holding its link, which still plays.
    taken = bob.claim(gid, first)
    assert taken.json()["claimed"] == [] and "another account" in taken.text
    assert Client(server.url).view(gid, first)["seat"] == 0
    # The seat Ada kept to hand on goes to the account that follows its link.
    assert bob.claim(gid, second).json()["claimed"] == [{"game_id": gid, "seat": 1}]
    assert [(s["id"], s["seat"]) for s in bob.seats().json()["seats"]] == [(gid, 1)]
    mine = ada.seats().json()["seats"]
    assert [(s["seat"], s["token"], s["opened"]) for s in mine] == [(0, first, True)]
    # Bob's cookie with Ada's CSRF token, or an invented cookie, acts for nobody.
    assert (
        bob.write(
            "/api/account/seats", {"seats": [{"game_id": gid, "token": second}]}, csrf=ada.csrf
        ).status_code
        == 403
    )
    forged = httpx.get(
        f"{server.url}/api/account/seats", cookies={"borough_session": secrets.token_urlsafe(32)}
    )
    assert forged.status_code == 401


def test_a_guest_who_signs_up_keeps_this_browsers_seats(server):
    created = Client(server.url).create("smallcity", 2, ["human", "random"])
    gid, token = created["id"], created["seats"][0]["token"]
    person = Person(server.url)
    r = person.sign_up(
        fresh_name(),
        seats=[
            {"game_id": gid, "token": token},
            {"game_id": gid, "token": "not-a-token-of-this-game"},
            {"game_id": "0123456789abcdef", "token": token},
        ],
    )
    assert r.status_code == 201, r.text
    assert r.json()["claimed"] == [{"game_id": gid, "seat": 0}]
    assert len(r.json()["refused"]) == 2
    (held,) = person.seats().json()["seats"]
    assert (held["id"], held["token"], held["game"], held["title"], held["status"]) == (
        gid,
        token,
        "smallcity",
        "Small City Deluxe",
        "playing",
    )
    # From another device, after logging in, the same seat plays.
    phone = Person(server.url)
    assert phone.log_in(person.who()["name"]).status_code == 200
    (there,) = phone.seats().json()["seats"]
    assert Client(server.url).view(gid, there["token"])["seat"] == 0


@pytest.mark.parametrize(
    "body",
    [
        {"name": "ab", "password": PASSWORD},  # too short
        {"name": "a" * 33, "password": PASSWORD},  # too long
        {"name": " padded", "password": PASSWORD},
        {"name": "tab\there", "password": PASSWORD},
        {"name": "{name}", "password": "password123"},  # a common password, digits added
        {"name": "{name}", "password": "short"},
        {"name": "{name}", "password": "{name}-and-more"},
        {"name": "{name}", "password": PASSWORD, "admin": True},  # unknown field
        {"name": "{name}", "password": 1234567890123},  # not a string
    ],
)
def test_refused_sign_ups_store_nothing(server, body):
    name = fresh_name("eve")
    body = {k: v.replace("{name}", name) if isinstance(v, str) else v for k, v in body.items()}
    r = Person(server.url).sign_up(**body)
    assert r.status_code == 400, r.text
    assert "error" in r.json()
    if body["name"] == name:
        assert Person(server.url).sign_up(name).status_code == 201  # the name stayed free


def test_log_in_and_sign_up_take_json_only(server):
    r = httpx.post(
        f"{server.url}/api/account/login",
        content=f"name=x&password={PASSWORD}",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415


def test_admin_commands_work_on_the_configured_database(database_url, monkeypatch):
    from borough.server.accounts import Accounts
    from borough.server.store import Store

    monkeypatch.setenv("BOROUGH_DATABASE_URL", database_url)
    monkeypatch.setenv("BOROUGH_PASSWORD_MEMORY_KIB", "8192")  # as the test servers hash
    runner = CliRunner()

    def admin(*args, password=None):
        return runner.invoke(
            app,
            ["admin", *args, *(["--password-stdin"] if password else [])],
            input=f"{password}\n" if password else None,
        )

    made = admin("create-account", "Grace <b>", password=PASSWORD)
    assert made.exit_code == 0, made.output
    assert admin("create-account", "grace <B>", password=PASSWORD).exit_code == 1  # taken
    weak = admin("create-account", "someone", password="qwertyuiop")
    assert weak.exit_code == 1 and "common" in weak.output
    store = Store(database_url)
    try:
        accounts = Accounts(store.engine)
        account, _, disabled = accounts.find("GRACE <b>")
        assert account.name == "Grace <b>" and not disabled
        session = accounts.start_session(account)
        assert accounts.session(session.secret) is not None
        reset = admin("reset-password", "grace <b>", password="a new phrase of words")
        assert reset.exit_code == 0, reset.output
        assert accounts.session(session.secret) is None  # logged out everywhere
        from borough.server import passwords

        assert passwords.verify(
            passwords.hasher(), accounts.find("Grace <b>")[1], "a new phrase of words"
        )
        session = accounts.start_session(account)
        assert admin("disable", "Grace <b>").exit_code == 0
        assert accounts.find("Grace <b>")[2] and accounts.session(session.secret) is None
        assert admin("disable", "Grace <b>", "--enable").exit_code == 0
        assert not accounts.find("Grace <b>")[2]
        missing = admin("disable", "nobody here")
        assert missing.exit_code == 1 and "no account" in missing.output
    finally:
        store.dispose()


def test_the_password_policy():
    from borough.server import passwords

    assert len(passwords.common()) > 3000 and "password" in passwords.common()
    refused = [
        "Password1!",
        "qwerty123456",
        "letmein2024",
        "aaaaaaaaaaaa",
        "abababababab",
        "short",
        "my name is ada lovelace",
    ]
    for password in refused:
        assert passwords.problem(password, "Ada Lovelace", 10), password
    for password in ["lantern quarry violet", "correct horse battery", "Tr0ub4dor&3xyz"]:
        assert passwords.problem(password, "Ada Lovelace", 10) is None, password


def test_the_accounts_migration_goes_down_and_up_again(database_url):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from borough.server.store import MIGRATIONS, Store

    store = Store(database_url)
    try:
        store.migrate()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        tables = {"accounts", "account_sessions", "account_seats"}
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            assert tables <= set(inspect(connection).get_table_names())
            command.downgrade(config, "0008")
            assert not tables & set(inspect(connection).get_table_names())
            command.upgrade(config, "head")
            assert tables <= set(inspect(connection).get_table_names())
    finally:
        store.dispose()


def test_log_ins_and_sign_ups_are_also_counted_per_address(tmp_path):
    """The quotas per address live in the server process, whatever its database:
    SQLite alone shows them."""
    from tests.server.conftest import Server

    quotas = {
        "BOROUGH_LOGIN_RATE": "0.001",
        "BOROUGH_LOGIN_BURST": "3",
        "BOROUGH_SIGNUP_RATE": "0.001",
        "BOROUGH_SIGNUP_BURST": "1",
    }
    srv = Server("", f"sqlite:///{tmp_path / 'borough.db'}", settings=quotas).start()
    try:
        name = fresh_name()
        assert Person(srv.url).sign_up(name).status_code == 201
        second = Person(srv.url).sign_up(fresh_name())
        assert second.status_code == 429 and "Retry-After" in second.headers
        answers = [
            Person(srv.url).log_in(f"{name}-{i}", "wrong guess of words").status_code
            for i in range(3)
        ]  # three names: no account's own count is reached
        assert answers == [401, 401, 401]
        late = Person(srv.url).log_in(name)  # right, but this address has used its tries
        assert late.status_code == 429 and int(late.headers["Retry-After"]) >= 1
    finally:
        srv.stop()


def test_a_new_password_ends_the_other_sessions(server):
    name = fresh_name()
    here, there = Person(server.url), Person(server.url)
    assert here.sign_up(name).status_code == 201
    assert there.log_in(name).status_code == 200
    wrong = here.write(
        "/api/account/password",
        {"password": "not it at all", "new_password": "amber canal whistle"},
    )
    assert wrong.status_code == 403
    weak = here.write("/api/account/password", {"password": PASSWORD, "new_password": "iloveyou"})
    assert weak.status_code == 400
    changed = here.write(
        "/api/account/password", {"password": PASSWORD, "new_password": "amber canal whistle"}
    )
    assert changed.status_code == 200, changed.text
    here.csrf = changed.json()["csrf"]
    assert here.who()["name"] == name and there.who() is None
    assert Person(server.url).log_in(name).status_code == 401
    assert Person(server.url).log_in(name, "amber canal whistle").status_code == 200


def test_a_session_ends_when_its_days_are_over(database_url):
    from borough.server.accounts import Accounts
    from borough.server.store import Store

    store = Store(database_url)
    try:
        store.migrate()
        account, session, _ = Accounts(store.engine).create("Lin", "not a real hash")
        assert Accounts(store.engine).session(session.secret).account == account
        expired = Accounts(store.engine, session_days=-1).start_session(account)
        assert Accounts(store.engine).session(expired.secret) is None
    finally:
        store.dispose()


def test_every_admin_command_explains_itself():
    runner = CliRunner()
    group = runner.invoke(app, ["admin", "--help"])
    assert group.exit_code == 0 and "Examples:" in group.stdout
    for command in ("create-account", "reset-password", "disable"):
        shown = runner.invoke(app, ["admin", command, "--help"])
        assert shown.exit_code == 0, shown.output
        assert f"borough admin {command}" in shown.stdout.split("Examples:")[1]
        assert "--db" in shown.stdout
