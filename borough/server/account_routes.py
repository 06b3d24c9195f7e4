"""The account routes: sign-up, log-in and out, sessions' CSRF checks, and the
seats an account claims (the storage and its rules are in accounts.py).

Log-in and sign-up take JSON only (a cross-site form cannot send that without
the server's consent). A log-in as an unknown name checks the password against
a decoy hash and answers as a wrong password does, so names cannot be told
apart by answer or time; sign-up must say a name is taken, and is counted per
address.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Header, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from borough.server import passwords
from borough.server import schemas as s
from borough.server.accounts import (
    CSRF_HEADER,
    GAME_ID,
    NAME_MAX,
    NAME_MIN,
    SESSION_COOKIE,
    AccountError,
    Accounts,
    Session,
    name_key,
    name_problem,
)
from borough.server.quotas import Quotas
from borough.server.settings import Settings

# ------------------------------------------------------------------ requests and answers
UserName = Annotated[str, StringConstraints(min_length=1, max_length=NAME_MAX)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=passwords.MAX_LENGTH)]
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatClaim(Strict):
    game_id: Annotated[str, StringConstraints(pattern=GAME_ID)]
    token: Token
    opened: bool = Field(
        True,
        description=(
            "The seat was followed by its owner here (false: a creator keeping a seat to "
            "hand on, which another account following its link may take over)."
        ),
    )


class Claims(Strict):
    seats: list[SeatClaim] = Field(min_length=1, max_length=60)


class SignUp(Strict):
    name: UserName = Field(
        description=f"{NAME_MIN} to {NAME_MAX} printable characters, shown to others as written."
    )
    password: Password
    seats: list[SeatClaim] = Field(
        default_factory=list,
        max_length=60,
        description=(
            "Seats this browser holds as a guest (their links' tokens): the account keeps "
            "those still valid."
        ),
    )

    @field_validator("name")
    @classmethod
    def printable(cls, name: str) -> str:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
        return name


class LogIn(Strict):
    name: UserName
    password: Password


class NewPassword(Strict):
    password: Password = Field(description="The current password.")
    new_password: Password


class AccountInfo(BaseModel):
    name: str
    created: str


class AccountState(BaseModel):
    account: AccountInfo | None
    csrf: str | None = Field(
        description=(f"Send it in the {CSRF_HEADER} header with every write this session makes.")
    )


class ClaimedSeat(BaseModel):
    game_id: str
    seat: int


class RefusedSeat(BaseModel):
    game_id: str
    reason: str


class ClaimResult(BaseModel):
    claimed: list[ClaimedSeat]
    refused: list[RefusedSeat]


class SignedUp(AccountState):
    claimed: list[ClaimedSeat]
    refused: list[RefusedSeat]


class HeldSeat(BaseModel):
    id: str
    seat: int
    token: str
    opened: bool
    name: str
    game: str
    title: str
    status: str
    claimed: str


class HeldSeats(BaseModel):
    seats: list[HeldSeat]


class Ended(BaseModel):
    ended: int = Field(description="Sessions ended, this one included.")


# ------------------------------------------------------------------ routes
Answers = dict[int | str, dict[str, Any]]


def secure_cookie(request: Request, setting: str) -> bool:
    """Whether this request's cookies are marked Secure (see Settings.cookie_secure)."""
    if setting in ("on", "off"):
        return setting == "on"
    if request.url.scheme == "https":
        return True
    host = (request.url.hostname or "").strip("[]")
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def _refuse(status: int, message: str, wait: float | None = None) -> HTTPException:
    headers = {"Retry-After": str(max(1, math.ceil(wait)))} if wait is not None else None
    return HTTPException(status, message, headers=headers)


def routes(settings: Settings, quotas: Quotas) -> APIRouter:
    """The account routes, on the database of the server's store."""
    router = APIRouter(prefix="/api/account", tags=["accounts"])
    attempts = quotas.add("login", settings.login_rate, settings.login_burst)
    failures = quotas.add("login_failed", settings.login_failure_rate,
                          settings.login_failure_burst)
    signups = quotas.add("signup", settings.signup_rate, settings.signup_burst)
    hashing = asyncio.Semaphore(max(1, settings.password_hashes))
    argon = passwords.hasher(settings.password_memory_kib, settings.password_passes)

    def accounts_of(request: Request) -> Accounts:
        state = request.app.state
        if getattr(state, "accounts", None) is None:
            state.accounts = Accounts(state.rooms.store.engine, settings.session_days)
        return state.accounts

    async def slow(work: Callable[..., Any], *args: Any) -> Any:
        """Argon2 in a thread, a few at once: each takes 64 MiB and a core's time."""
        async with hashing:
            return await asyncio.to_thread(work, *args)

    async def db(work: Callable[..., Any], *args: Any) -> Any:
        try:
            return await asyncio.to_thread(work, *args)
        except AccountError as exc:
            raise _refuse(exc.status, exc.message) from None

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def json_only(request: Request) -> None:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise _refuse(415, "send the request as JSON (Content-Type: application/json)")

    def signed_in(write: bool) -> Callable[..., Awaitable[Session]]:
        async def check(
            request: Request,
            borough_session: Annotated[str | None, Cookie(max_length=100)] = None,
            x_csrf_token: Annotated[str | None, Header(max_length=100)] = None,
        ) -> Session:
            session = None
            if borough_session:
                session = await asyncio.to_thread(accounts_of(request).session, borough_session)
            if session is None:
                raise _refuse(401, "log in first (no session, or it ended)")
            if write and not (
                x_csrf_token
                and secrets.compare_digest(x_csrf_token.encode(), session.csrf.encode())
            ):
                raise _refuse(
                    403, f"this write needs the session's CSRF token in the {CSRF_HEADER} header"
                )
            return session

        return check

    writer, reader = Depends(signed_in(True)), Depends(signed_in(False))

    async def keep(request: Request, response: Response, session: Session) -> None:
        """Set the session's cookie; a session this browser held before ends."""
        old = request.cookies.get(SESSION_COOKIE)
        if old and old != session.secret and len(old) <= 100:
            await asyncio.to_thread(accounts_of(request).end_session, old)
        response.set_cookie(
            SESSION_COOKIE,
            session.secret,
            max_age=int(settings.session_days * 86400),
            path="/",
            secure=secure_cookie(request, settings.cookie_secure),
            httponly=True,
            samesite="lax",
        )

    def forget(request: Request, response: Response) -> None:
        response.delete_cookie(
            SESSION_COOKIE,
            path="/",
            secure=secure_cookie(request, settings.cookie_secure),
            httponly=True,
            samesite="lax",
        )

    def state(session: Session | None) -> dict[str, Any]:
        if session is None:
            return {"account": None, "csrf": None}
        return {"account": session.account.to_json(), "csrf": session.csrf}

    @router.get("", response_model=AccountState, responses=s.errors(400))
    async def who(
        request: Request, borough_session: Annotated[str | None, Cookie(max_length=100)] = None
    ) -> dict[str, Any]:
        """The account this browser is logged in as (null for a guest), and the
        session's CSRF token for its writes."""
        session = None
        if borough_session:
            session = await asyncio.to_thread(accounts_of(request).session, borough_session)
        return state(session)

    writes: Answers = {
        **s.errors(400, 408, 413, 429, 500),
        401: {"model": s.Error, "description": "No session, or it ended."},
        403: {"model": s.Error, "description": "The CSRF token is missing or wrong."},
    }
    json_refused: Answers = {415: {"model": s.Error, "description": "The body is not JSON."}}

    @router.post(
        "/signup",
        status_code=201,
        response_model=SignedUp,
        responses={
            **s.errors(400, 408, 413, 429, 500),
            **json_refused,
            409: {
                "model": s.Error,
                "description": "The name is taken (or, rarely, a seat sent along was "
                "claimed by another account at the same moment).",
            },
        },
        dependencies=[Depends(json_only)],
    )
    async def sign_up(request: Request, response: Response, body: SignUp) -> dict[str, Any]:
        """Open an account and log in; the seats sent along (this browser's, as a
        guest) are kept by the account where their tokens are valid."""
        problem = passwords.problem(body.password, body.name, settings.password_min_length)
        if problem:
            raise _refuse(400, problem)
        wait = await signups.take(address(request))
        if wait:
            raise _refuse(
                429,
                f"too many new accounts from {address(request)}; try again in {math.ceil(wait)} s",
                wait,
            )
        hashed = await slow(passwords.hash_password, argon, body.password)
        claims = [c.model_dump() for c in body.seats]
        _, session, claimed = await db(accounts_of(request).create, body.name, hashed, claims)
        await keep(request, response, session)
        return {**state(session), **claimed}

    @router.post(
        "/login",
        response_model=AccountState,
        responses={
            **s.errors(400, 408, 413, 429, 500),
            **json_refused,
            401: {"model": s.Error, "description": "Wrong user name or password."},
            403: {"model": s.Error, "description": "The account is disabled."},
        },
        dependencies=[Depends(json_only)],
    )
    async def log_in(request: Request, response: Response, body: LogIn) -> dict[str, Any]:
        """Log in. Failed tries are counted per address and per user name (known or
        not): past a few, the next ones wait (429 with Retry-After)."""
        key = name_key(body.name)
        wait = max(await attempts.take(address(request)), await failures.wait(key))
        if wait:
            raise _refuse(429, f"too many log-in attempts; try again in {math.ceil(wait)} s", wait)
        accounts = accounts_of(request)
        found = await asyncio.to_thread(accounts.find, body.name)
        stored = found[1] if found else await asyncio.to_thread(passwords.decoy, argon)
        right = await slow(passwords.verify, argon, stored, body.password)
        if found is None or not right:
            await failures.take(key)
            raise _refuse(401, "wrong user name or password")
        account, _, disabled = found
        if disabled:
            raise _refuse(403, "this account is disabled; ask the server's operator")
        if passwords.needs_rehash(argon, stored):
            await asyncio.to_thread(
                accounts.rehash,
                account.id,
                await slow(passwords.hash_password, argon, body.password),
            )
        session = await asyncio.to_thread(accounts.start_session, account)
        await keep(request, response, session)
        return state(session)

    @router.post("/logout", response_model=AccountState, responses=writes)
    async def log_out(
        request: Request, response: Response, session: Session = writer
    ) -> dict[str, Any]:
        """End this session."""
        await asyncio.to_thread(accounts_of(request).end_session, session.secret)
        forget(request, response)
        return state(None)

    @router.post("/logout-everywhere", response_model=Ended, responses=writes)
    async def log_out_everywhere(
        request: Request, response: Response, session: Session = writer
    ) -> dict[str, Any]:
        """End every session of the account, on every device, this one included."""
        ended = await asyncio.to_thread(accounts_of(request).end_all, session.account.id)
        forget(request, response)
        return {"ended": ended}

    @router.post(
        "/password",
        response_model=AccountState,
        responses={**writes, **json_refused},
        dependencies=[Depends(json_only)],
    )
    async def change_password(
        request: Request, response: Response, body: NewPassword, session: Session = writer
    ) -> dict[str, Any]:
        """A new password: every other session ends; this one goes on under a new id."""
        accounts = accounts_of(request)
        found = await asyncio.to_thread(accounts.find, session.account.name)
        if found is None or not await slow(passwords.verify, argon, found[1], body.password):
            raise _refuse(403, "the current password is wrong")
        problem = passwords.problem(
            body.new_password, session.account.name, settings.password_min_length
        )
        if problem:
            raise _refuse(400, problem)
        hashed = await slow(passwords.hash_password, argon, body.new_password)
        await db(accounts.set_password, session.account.name, hashed)
        fresh = await asyncio.to_thread(accounts.start_session, session.account)
        await keep(request, response, fresh)
        return state(fresh)

    @router.post(
        "/seats",
        response_model=ClaimResult,
        responses={**writes, **json_refused},
        dependencies=[Depends(json_only)],
    )
    async def claim(request: Request, body: Claims, session: Session = writer) -> dict[str, Any]:
        """Keep seats in the account: each needs its link's token. A seat another
        account opened stays theirs (its link still plays it)."""
        return await asyncio.to_thread(
            accounts_of(request).claim, session.account.id, [c.model_dump() for c in body.seats]
        )

    @router.get(
        "/seats",
        response_model=HeldSeats,
        responses={
            **s.errors(400),
            401: {"model": s.Error, "description": "No session, or it ended."},
        },
    )
    async def held(request: Request, session: Session = reader) -> dict[str, Any]:
        """The account's seats, with their links' tokens: "My games" on any device."""
        return {"seats": await asyncio.to_thread(accounts_of(request).seats, session.account.id)}

    return router
