"""Turn e-mails for turn-based open tables, through an SMTP server the operator names.

An account may give an e-mail address; it counts once verified through the link
sent to it (the link's token is kept as its SHA-256 digest and expires), and the
account chooses whether to be told of its turns. Each time a change leaves a
seat of a turn-based table to move, an account holding that seat with a
verified address that asked to be told gets one message with the game's link;
`turn_mails` keeps the seats told of the turn running now (its key makes the
message go once, whichever process stores the change), and the seat is told
again only after its turn ended.

Messages go in the background, in a thread: sending never holds up a move or
the event loop. A failure is logged and tried once more a little later, then
given up.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import secrets
import smtplib
import ssl
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator
from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from borough.server import schemas as s
from borough.server.accounts import SeatClaimRow, Session
from borough.server.clocks import Clocks
from borough.server.quotas import Quotas
from borough.server.rooms import Room
from borough.server.settings import Settings
from borough.server.store_rows import Base, Entry
from borough.server.tables import aware, signed_in

log = logging.getLogger("borough.server")

UNKNOWN_LINK = "that link is unknown or expired; give the address again"


def _page(title: str, text: str) -> str:
    """A page for a person who followed a link from an e-mail (fixed words only)."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title} · Borough</title><link rel="stylesheet" href="/static/style.css">'
        f'</head><body><main><h1>{title}</h1><p>{text}</p>'
        '<p><a href="/">Back to the lobby</a></p></main></body></html>'
    )


VERIFIED_PAGE = _page(
    "Address verified",
    "Your e-mail address is verified. If you chose to be told of your turns, "
    "Borough will write when a turn-based table waits for you.",
)
UNKNOWN_LINK_PAGE = _page(
    "This link no longer works",
    "The link is unknown, already used or expired. Give your address again in the "
    "lobby, under Open tables, to be sent a new one.",
)
RETRY_SECONDS = 60.0  # a failed message is tried once more after this


class EmailRow(Base):
    __tablename__ = "account_emails"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    verified: Mapped[bool] = mapped_column(Boolean)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)  # SHA-256
    expires: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    notify: Mapped[bool] = mapped_column(Boolean)


class TurnMailRow(Base):
    __tablename__ = "turn_mails"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def address_problem(address: str) -> str | None:
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or "@" in local:
        return "an e-mail address has one @ with a name before it and a domain after it"
    if any(not (33 <= ord(c) < 127) for c in address):
        return "an e-mail address has printable ASCII characters only, no spaces"
    return None


# ------------------------------------------------------------------ requests and answers
class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SetEmail(Strict):
    address: Annotated[str, StringConstraints(min_length=3, max_length=254)]
    notify: bool = Field(True, description="Send a message when it is your turn.")

    @field_validator("address")
    @classmethod
    def plain(cls, address: str) -> str:
        problem = address_problem(address)
        if problem:
            raise ValueError(problem)
        return address


class SetNotify(Strict):
    notify: bool


class EmailState(BaseModel):
    address: str | None
    verified: bool
    notify: bool
    sending: bool = Field(description="Whether this server sends e-mail at all.")


class Verified(BaseModel):
    verified: bool


# ------------------------------------------------------------------ sending
class Mailer:
    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self.tasks: set[asyncio.Task] = set()

    @property
    def sending(self) -> bool:
        return bool(self.settings.smtp_host and self.settings.smtp_from)

    def link(self, path: str) -> str:
        return self.settings.public_url.rstrip("/") + path

    def send_now(self, to: str, subject: str, text: str) -> None:
        """One message through the SMTP server (run in a thread)."""
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        settings = self.settings
        with smtplib.SMTP(
            settings.smtp_host, settings.smtp_port, timeout=settings.smtp_timeout
        ) as smtp:
            if settings.smtp_starttls == "on":
                smtp.starttls(context=ssl.create_default_context())
            smtp.send_message(message)

    def send_later(self, to: str, subject: str, text: str) -> None:
        async def send() -> None:
            for attempt in range(2):
                try:
                    await asyncio.to_thread(self.send_now, to, subject, text)
                    return
                except Exception as exc:  # logged; tried once more, then given up
                    log.warning("sending %r failed (attempt %s): %s", subject, attempt + 1, exc)
                    if attempt == 0:
                        await asyncio.sleep(RETRY_SECONDS)

        task = asyncio.get_running_loop().create_task(send())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------ an account's address
    def state(self, account_id: str) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = conn.execute(select(EmailRow).where(EmailRow.account_id == account_id)).first()
        if row is None:
            return {"address": None, "verified": False, "notify": False, "sending": self.sending}
        return {
            "address": row.address,
            "verified": row.verified,
            "notify": row.notify,
            "sending": self.sending,
        }

    def set_address(self, account_id: str, address: str, notify: bool) -> str | None:
        """Keep the address; a new one waits for verification (the token to send)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(EmailRow).where(EmailRow.account_id == account_id)).first()
            if row is not None and row.address == address and row.verified:
                conn.execute(
                    update(EmailRow).where(EmailRow.account_id == account_id).values(notify=notify)
                )
                return None
            token = secrets.token_urlsafe(32)
            expires = datetime.now(UTC) + timedelta(hours=self.settings.email_token_hours)
            conn.execute(delete(EmailRow).where(EmailRow.account_id == account_id))
            conn.execute(
                insert(EmailRow),
                [
                    {
                        "account_id": account_id,
                        "address": address,
                        "verified": False,
                        "token": _digest(token),
                        "expires": expires,
                        "notify": notify,
                    }
                ],
            )
            return token

    def set_notify(self, account_id: str, notify: bool) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(
                update(EmailRow).where(EmailRow.account_id == account_id).values(notify=notify)
            )
        return done.rowcount == 1

    def verify(self, token: str) -> bool:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(EmailRow.account_id, EmailRow.expires).where(
                    EmailRow.token == _digest(token)
                )
            ).first()
            if row is None or row.expires is None or aware(row.expires) < datetime.now(UTC):
                return False
            conn.execute(
                update(EmailRow)
                .where(EmailRow.account_id == row.account_id)
                .values(verified=True, token=None, expires=None)
            )
        return True

    # ------------------------------------------------ turns
    def to_tell(self, game_id: str, number: int, to_act: list[int]) -> list[tuple[str, str]]:
        """The (address, seat token) of each seat newly to move whose account wants to
        be told; a seat whose turn ended may be told again later."""
        out = []
        with self.engine.begin() as conn:
            conn.execute(
                delete(TurnMailRow).where(
                    TurnMailRow.game_id == game_id, TurnMailRow.seat.not_in(to_act)
                )
            )
        for seat in to_act:
            with self.engine.connect() as conn:
                row = conn.execute(
                    select(EmailRow.address, SeatClaimRow.token)
                    .join(EmailRow, EmailRow.account_id == SeatClaimRow.account_id)
                    .where(
                        SeatClaimRow.game_id == game_id,
                        SeatClaimRow.seat == seat,
                        EmailRow.verified.is_(True),
                        EmailRow.notify.is_(True),
                    )
                ).first()
            if row is None:
                continue
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        insert(TurnMailRow), [{"game_id": game_id, "seat": seat, "number": number}]
                    )
            except IntegrityError:
                continue  # told of this turn already
            out.append((row.address, row.token))
        return out

    async def turn(self, room: Room, entry: Entry, pace: str, people: list[int]) -> None:
        """A clocks follower: tell the `people` to move after a turn-based table's
        change (none once the game is over) whose turn the change began."""
        if pace != "turns" or not self.sending:
            return
        told = await asyncio.to_thread(self.to_tell, room.id, entry.number, people)
        for address, token in told:
            link = self.link(f"/play/{room.id}?token={token}")
            self.send_later(
                address,
                f"Your turn in {room.game.title}",
                f"It is your turn in {room.game.title} on Borough.\n\n"
                f"Play your move: {link}\n\n"
                "You get at most one message per turn. To stop them, turn turn e-mails off "
                "in the lobby, under My games.\n",
            )


def start(clocks: Clocks, settings: Settings) -> Mailer:
    mailer = Mailer(clocks.engine, settings)
    clocks.followers.append(mailer.turn)
    return mailer


def routes(settings: Settings, quotas: Quotas) -> APIRouter:
    router = APIRouter(prefix="/api/account/email", tags=["accounts"])
    verify_mails = quotas.add("verify_mail", settings.verify_mail_rate,
                              settings.verify_mail_burst)  # per account
    reader = Depends(signed_in(settings, write=False, why="no session, or it ended"))
    writer = Depends(signed_in(settings, write=True, why="no session, or it ended"))
    answers = {
        **s.errors(400, 403, 408, 413, 429, 500),
        401: {"model": s.Error, "description": "No session, or it ended."},
    }

    def mailer_of(request: Request) -> Mailer:
        return request.app.state.mailer

    @router.get("", response_model=EmailState, responses=answers)
    async def email(request: Request, session: Session = reader) -> dict[str, Any]:
        """The account's e-mail address, whether it is verified, and whether it wants
        to be told of its turns at turn-based tables."""
        return await asyncio.to_thread(mailer_of(request).state, session.account.id)

    @router.post("", response_model=EmailState, responses={**answers, **s.errors(409)})
    async def set_email(
        request: Request, body: SetEmail, session: Session = writer
    ) -> dict[str, Any]:
        """Give an e-mail address: a new one is sent a link to verify it (valid for a
        day) and counts once followed."""
        mailer = mailer_of(request)
        if not mailer.sending:
            raise HTTPException(409, "this server sends no e-mail")
        wait = await verify_mails.take(session.account.id)  # each may send a message
        if wait:
            raise HTTPException(429, "too many e-mail addresses given from this account; "
                                     f"try again in {math.ceil(wait)} s",
                                headers={"Retry-After": str(max(1, math.ceil(wait)))})
        token = await asyncio.to_thread(
            mailer.set_address, session.account.id, body.address, body.notify
        )
        if token is not None:
            link = mailer.link(f"/api/account/email/verify?token={token}")
            mailer.send_later(
                body.address,
                "Verify your e-mail address for Borough",
                f"Follow this link to verify this address for the Borough "
                f"account {session.account.name!r}:\n\n{link}\n\n"
                "If you did not ask for this, ignore this message.\n",
            )
        return await asyncio.to_thread(mailer.state, session.account.id)

    @router.post("/notify", response_model=EmailState, responses={**answers, **s.errors(404)})
    async def set_notify(
        request: Request, body: SetNotify, session: Session = writer
    ) -> dict[str, Any]:
        """Be told of your turns by e-mail, or not."""
        mailer = mailer_of(request)
        if not await asyncio.to_thread(mailer.set_notify, session.account.id, body.notify):
            raise HTTPException(404, "give an e-mail address first")
        return await asyncio.to_thread(mailer.state, session.account.id)

    @router.get("/verify", response_model=Verified, responses=s.errors(400, 404))
    async def verify(
        request: Request, token: Annotated[str, Query(min_length=1, max_length=100)]
    ) -> Any:
        """Follow the link sent to a new address: the address counts from now on. A
        browser (asking for HTML) is answered with a page that says so."""
        done = await asyncio.to_thread(mailer_of(request).verify, token)
        if "text/html" in request.headers.get("accept", ""):
            return HTMLResponse(VERIFIED_PAGE if done else UNKNOWN_LINK_PAGE,
                                status_code=200 if done else 404)
        if not done:
            raise HTTPException(404, UNKNOWN_LINK)
        return {"verified": True}

    return router
