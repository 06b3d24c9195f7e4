"""A property-based fuzz of the HTTP API against its own OpenAPI description.

Schemathesis draws requests from the description, both ones it allows and ones
it does not, for every operation (and, where a path names a game, also for a
real game), and checks each answer: never a 500, an answer within seconds, a
status the description lists, and a body of the described shape.
"""

from __future__ import annotations

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import checks
from schemathesis.generation import GenerationMode

from tests.server.client import Client

EXAMPLES = 6  # per operation, mode and path choice: the whole run stays within seconds
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance,
          checks.response_headers_conformance]


def drawn(strategy, url: str, session: tuple[str, str] | None):
    """A test calling the server with each case `strategy` draws (as an account with
    `session`'s cookie and CSRF token, if given) and checking its answer."""

    @given(case=strategy)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    def answered(case):
        if session:
            case.cookies = {**(case.cookies or {}), "borough_session": session[0]}
            case.headers = {**(case.headers or {}), "X-CSRF-Token": session[1]}
        case.call_and_validate(base_url=url, checks=CHECKS, timeout=10)

    return answered


def signed_in(url: str) -> tuple[str, str]:
    """A session cookie and its CSRF token, so that account routes are also drawn for
    an account (not only refused for want of a session)."""
    r = httpx.post(f"{url}/api/account/signup", json={"name": "fuzz <i>tester</i>",
                                                      "password": "seventeen lime kites"})
    assert r.status_code == 201, r.text
    return r.cookies["borough_session"], r.json()["csrf"]


def test_any_request_is_answered_as_the_description_says(server):
    created = Client(server.url).create("ekopolis", 3, ["human"] * 3)
    cookie, csrf = signed_in(server.url)
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12
    for operation in operations:
        paths = [None, {"game_id": created["id"]}] if "{game_id}" in operation.path else [None]
        if operation.path == "/api/players/{name}":  # also an account that exists
            paths.append({"name": "fuzz <i>tester</i>"})
        if operation.path == "/api/leaderboards/{game}":  # also a game that exists
            paths.append({"game": "ekopolis"})
        raw = operation.definition.raw
        # Logging out would end the session the other account routes are drawn with.
        account = operation.path in ("/api/account/seats", "/api/account/password")
        for pinned, session in [(p, False) for p in paths] + [(None, True)] * account:
            # Wrong inputs can only be drawn where some input is left free.
            free = [p for p in raw.get("parameters", []) if not (pinned and p["in"] == "path")]
            takes_input = bool(free) or "requestBody" in raw
            for mode in list(GenerationMode) if takes_input else [GenerationMode.POSITIVE]:
                strategy = operation.as_strategy(mode, path_parameters=pinned)

                try:
                    drawn(strategy, server.url, (cookie, csrf) if session else None)()
                except Unsatisfiable:
                    # A path of one free string has no wrong value to draw.
                    assert mode is GenerationMode.NEGATIVE, operation.label
