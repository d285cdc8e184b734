"""The page's web application (Starlette): its files, and four JSON answers over ``diffcheck.page.answers``.

    GET  /                 the page
    GET  /static/NAME      its script and style (nothing is loaded from elsewhere)
    GET  /api/cards?q=     catalogue cards for a search, as the judge types
    GET  /api/editions     the editions, for the picker
    POST /api/judge        {"cards": NOTATION} or {"board": FILE TEXT}, with {"rules": EDITION, ALIAS or DAY}

A bad request is answered 400 with {"error": one line}; an answer that takes longer than ``TIME_LIMIT``
seconds is 503, and the server goes on serving. Bodies over ``MAX_BODY`` bytes are refused unread.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from diffcheck.page import answers

__all__ = ["MAX_BODY", "TIME_LIMIT", "make_app"]

TIME_LIMIT = 10.0  # seconds for one answer
MAX_BODY = answers.MAX_BOARD_BYTES + 4096
STATIC = Path(str(resources.files("diffcheck.page").joinpath("static")))
# The page loads nothing from elsewhere, and nothing may load it into a frame.
HEADERS = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'", "X-Content-Type-Options": "nosniff"}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status, headers=HEADERS)


async def page(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=HEADERS)


async def cards(request: Request) -> JSONResponse:
    query = request.query_params.get("q", "")[:100]
    return JSONResponse(await run_in_threadpool(answers.card_list, query), headers=HEADERS)


async def editions(request: Request) -> JSONResponse:
    return JSONResponse(answers.editions(), headers=HEADERS)


async def judge(request: Request) -> JSONResponse:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return _error(f"the request is larger than {MAX_BODY // 1024} KiB", 413)
    body = await request.body()
    if len(body) > MAX_BODY:
        return _error(f"the request is larger than {MAX_BODY // 1024} KiB", 413)
    try:
        asked = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return _error("the request is not JSON")
    if not isinstance(asked, dict) or not all(isinstance(asked.get(k, ""), str) for k in ("cards", "board", "rules")):
        return _error('expected {"cards": "...", "rules": "..."} or {"board": "...", "rules": "..."}')
    try:
        found = await asyncio.wait_for(
            run_in_threadpool(answers.judge, asked.get("cards"), asked.get("board"), asked.get("rules") or "current"),
            TIME_LIMIT)
    except answers.BadRequest as exc:
        return _error(str(exc))
    except asyncio.TimeoutError:
        return _error(f"no answer within {TIME_LIMIT:.0f} s; try a smaller board", 503)
    return JSONResponse(found, headers=HEADERS)


def make_app() -> Starlette:
    """The page's application, to be served by an ASGI server (``diffcheck serve`` uses uvicorn)."""
    return Starlette(routes=[
        Route("/", page),
        Route("/api/cards", cards),
        Route("/api/editions", editions),
        Route("/api/judge", judge, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
