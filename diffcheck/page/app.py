"""The page's web application (Starlette): its files, and four JSON answers over ``diffcheck.page.answers``.

    GET  /                 the page
    GET  /static/NAME      its script and style (nothing is loaded from elsewhere)
    GET  /api/cards?q=     catalogue cards for a search, as the judge types
    GET  /api/editions     the editions, for the picker
    POST /api/judge        {"cards": NOTATION} or {"board": FILE TEXT}, with {"rules": EDITION, ALIAS or DAY}

A bad request is answered 400 with {"error": one line}. Boards are judged in worker processes (``pool``): an answer
not ready within the time limit is 503, and its work is stopped. A body is read as it arrives: one larger than
``MAX_BODY`` bytes is refused (413) as soon as it passes the limit, chunked or not, and one that stops arriving is
refused (408) when the body's own time limit passes; either way the connection is closed. A client that leaves
while its body arrives or while its board is judged stops the work too, and the server says nothing of it.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import math
import os
from collections.abc import AsyncIterator, Awaitable
from contextlib import aclosing, asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from diffcheck.page import answers
from diffcheck.page.pool import Pool

__all__ = ["BODY_TIME_LIMIT", "MAX_BODY", "TIME_LIMIT", "WORKERS", "make_app"]

TIME_LIMIT = 10.0  # seconds for one answer, from the end of its request's body, waiting for a worker included
# Seconds for a request's body to arrive: the largest (MAX_BODY, 68 KiB) takes about 6 s at 100 kbit/s, a slow
# mobile connection's speed; a client that sends less than it announced would otherwise hold the request open.
BODY_TIME_LIMIT = 30.0
MAX_BODY = answers.MAX_BOARD_BYTES + 4096
# Each worker judges one board at a time, on one core: a few let a slow board's answer be waited for while the
# next board asked for is answered, or a few judges share one server.
WORKERS = max(1, min(4, os.cpu_count() or 1))
STATIC = Path(str(resources.files("diffcheck.page").joinpath("static")))
# The page loads nothing from elsewhere, and nothing may load it into a frame.
HEADERS = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'", "X-Content-Type-Options": "nosniff"}
# A refused body is not read to its end: the connection is closed instead (RFC 9110 15.5.14, 15.5.9).
CLOSE = {**HEADERS, "Connection": "close"}


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _error(message: str, status: int = 400, headers: dict[str, str] = HEADERS) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status, headers=headers)


def _nobody() -> Response:
    # The client has left: uvicorn sends nothing to a closed connection, and logs nothing of it.
    return Response(status_code=204)


async def page(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=HEADERS)


async def cards(request: Request) -> JSONResponse:
    query = request.query_params.get("q", "")[:100]
    return JSONResponse(await run_in_threadpool(answers.card_list, query), headers=HEADERS)


async def editions(request: Request) -> JSONResponse:
    return JSONResponse(answers.editions(), headers=HEADERS)


async def judge(request: Request) -> Response:
    limits = request.app.state
    try:
        body = await _body(request, limits.body_time_limit)
    except _Refused as refused:
        return _error(str(refused), refused.status, CLOSE)
    except ClientDisconnect:
        return _nobody()
    try:
        asked = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return _error("the request is not JSON")
    if not isinstance(asked, dict) or not all(isinstance(asked.get(k, ""), str) for k in ("cards", "board", "rules")):
        return _error('expected {"cards": "...", "rules": "..."} or {"board": "...", "rules": "..."}')
    judging = limits.pool.judge(asked.get("cards"), asked.get("board"), asked.get("rules") or "current")
    found = await _unless_given_up(request, judging, limits.time_limit)
    if found is _TIME_UP:
        return _error(f"no answer within {limits.time_limit:g} s; try a smaller board", 503)
    if found is _GONE:
        return _nobody()
    kind, said = found
    if kind == "answer":
        return JSONResponse(said, headers=HEADERS)
    return _error(said, 400 if kind == "bad request" else 500)


async def _body(request: Request, seconds: float) -> bytes:
    """The body, read chunk by chunk as it arrives, so that one too large is refused before it is held."""
    too_large = f"the request is larger than {MAX_BODY // 1024} KiB"
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise _Refused(413, too_large)
    received = bytearray()
    try:
        async with asyncio.timeout(seconds), aclosing(request.stream()) as chunks:
            async for chunk in chunks:
                received += chunk
                if len(received) > MAX_BODY:
                    raise _Refused(413, too_large)
    except TimeoutError:
        raise _Refused(408, f"the request's body did not arrive within {seconds:g} s") from None
    return bytes(received)


_TIME_UP, _GONE = object(), object()


async def _unless_given_up(request: Request, judging: Awaitable[Any], seconds: float) -> Any:
    """What ``judging`` gives, or _TIME_UP after ``seconds``, or _GONE when the client leaves first; given up, the
    judging is cancelled, which stops its worker (``pool``), before this returns."""
    work = asyncio.ensure_future(judging)
    # With the body read, the next message the server has for this request is that the client has gone.
    gone = asyncio.ensure_future(request.receive())
    try:
        await asyncio.wait({work, gone}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (work, gone):
            task.cancel()
        await asyncio.gather(work, gone, return_exceptions=True)
    if work.done() and not work.cancelled():
        return work.result()
    return _GONE if gone.done() and not gone.cancelled() else _TIME_UP


def make_app(time_limit: float = TIME_LIMIT, body_time_limit: float = BODY_TIME_LIMIT,
             workers: int = WORKERS) -> Starlette:
    """The page's application, to be served by an ASGI server (``diffcheck serve`` uses uvicorn). Its ``workers``
    processes start with the first board asked for, and stop with the server."""
    pool = Pool(workers, give_up_after=math.ceil(time_limit) + 5)
    atexit.register(pool.close)  # the shutdown below does it when the server stops; this, when it does not

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        pool.close()

    app = Starlette(routes=[
        Route("/", page),
        Route("/api/cards", cards),
        Route("/api/editions", editions),
        Route("/api/judge", judge, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.pool, app.state.time_limit, app.state.body_time_limit = pool, time_limit, body_time_limit
    return app
