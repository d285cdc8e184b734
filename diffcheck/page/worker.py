"""One of the processes that judge the page's boards (``pool`` starts them): it answers the boards the server sends
it over a pipe, one at a time, until the pipe closes or the server kills it for passing its time limit."""

from __future__ import annotations

import signal
import traceback
from multiprocessing.connection import Connection

from diffcheck.page import answers

__all__ = ["FAILED", "serve", "warm_up"]

# What the page says of a board the library failed on (a bug: its traceback is in the server's log).
FAILED = "the server failed on this board; its log says why"
_alarm = getattr(signal, "alarm", lambda seconds: 0)


def serve(pipe: Connection, give_up_after: int) -> None:
    """Judge what arrives on ``pipe`` ((cards, board text, rules), as ``answers.judge`` takes them) and send back
    ("answer", data), ("bad request", one line) or ("failed", one line)."""
    # Ctrl-C in the terminal reaches every process of the server's group; the server stops its workers itself,
    # and a worker interrupted by it would print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            cards, board_text, rules = pipe.recv()
        except (EOFError, OSError):  # the server has gone
            return
        # Were the server to die without killing this worker, the alarm would: SIGALRM's default action ends the
        # process, so a board nobody waits for is not judged to the end (Windows has no alarm).
        _alarm(give_up_after)
        try:
            told: tuple = ("answer", answers.judge(cards, board_text, rules))
        except answers.BadRequest as exc:
            told = ("bad request", str(exc))
        except Exception:  # noqa: BLE001 - a bug in the library: its traceback to the server's log, a line to the page
            traceback.print_exc()
            told = ("failed", FAILED)
        _alarm(0)
        try:
            pipe.send(told)
        except OSError:  # the server has gone
            return


def warm_up() -> None:
    """Judge one small board, so that the engines, the rulesets and the catalogue are built (``preload`` does it
    once in the process the workers are forked from)."""
    try:
        answers.judge("Grizzly Bears", None, "current")
    except Exception:  # noqa: BLE001 - a warm-up that fails costs only the first answer's speed; that answer says why
        pass
