"""``diffcheck serve``: the judge's page on this machine (``diffcheck.page``), served by uvicorn."""

from __future__ import annotations

import errno
import socket
from typing import Annotated

import typer

from diffcheck.cli.inputs import fail


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on; the default is this machine only.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port (0: any free one).")] = 8765,
) -> None:
    """A page in the browser to judge a board of cards: pick cards, order them, set targets and counters, choose
    an edition or a date, and read the answer, its explanation and its history. The board is in the address."""
    import uvicorn

    from diffcheck.page.app import make_app

    try:  # the port is taken before uvicorn starts, so that a port in use is one line, not a traceback
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen()  # before the address is told: a browser that asks at once waits rather than being refused
    except OSError as exc:
        why = "the port is in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
        fail(f"--host {host} --port {port}: cannot listen there: {why}")
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"diffcheck's page: http://{shown}:{sock.getsockname()[1]}/ (Ctrl-C stops it)", err=True)
    config = uvicorn.Config(make_app(), log_level="warning")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
