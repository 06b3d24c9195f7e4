"""How the server answers what goes wrong: every refusal and failure as one JSON
shape, `{"error": sentence}`, and an API description that says so."""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from borough.server.refusal import RoomError

log = logging.getLogger("borough.server")


def answer_errors(app: FastAPI) -> None:
    """Install the answers to refusals, malformed requests and failures."""

    @app.exception_handler(RoomError)
    async def room_error(_: Request, exc: RoomError) -> JSONResponse:
        headers = None
        if exc.retry_after is not None:
            headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body that is not UTF-8 JSON, an unknown path)
        # answer in the same shape as every other error.
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"msg": "invalid request", "loc": ()}
        where = ".".join(str(p) for p in first["loc"])
        return JSONResponse({"error": f"malformed request: {where}: {first['msg']}"}, 400)

    @app.exception_handler(Exception)
    async def failed(_: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        return JSONResponse({"error": "the server failed; nothing was stored"}, 500)


def description(app: FastAPI) -> dict[str, Any]:
    """FastAPI's description without its generic 422: this server answers a
    malformed request with 400 (listed on each route that can get one) and
    keeps 422 for an action the rules refuse."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(title=app.title, version=app.version, summary=app.summary,
                         routes=app.routes)
    for item in schema["paths"].values():
        for operation in item.values():
            answers = operation.get("responses", {})
            ref = answers.get("422", {}).get("content", {}).get("application/json", {})
            if ref.get("schema", {}).get("$ref", "").endswith("/HTTPValidationError"):
                del answers["422"]
    for name in ("HTTPValidationError", "ValidationError"):
        schema.get("components", {}).get("schemas", {}).pop(name, None)
    app.openapi_schema = schema
    return schema
