"""``ExternalEngine``: an engine in another process, written in any language, spoken to in JSON Lines.

Protocol 1 (the whole of it is in docs/external-engines.md): the program is started once,
without a shell; diffcheck writes ``{"hello": 1}`` and expects
``{"engine": NAME, "description": TEXT, "protocol": 1}``; then, per board, it writes
``{"board": BOARD}`` (contract-v1 data, ``Board.to_dict()``) and reads one line back, an
outcome (docs/board-format.md, "The outcome") or ``{"error": MESSAGE}``. UTF-8, one JSON value per line,
each ending in ``\\n``. stdout carries only protocol lines; stderr is free for logs, and its
last lines go into error messages. On end of file on its stdin the program should exit.

Every failure is an ``EngineError`` with a ``kind``. A crash, a timeout or a line that is
not JSON costs the process (it is killed); the next board starts a new one. An ``error``
answer or an invalid outcome keeps it. Three failed starts in a row and the engine gives up
until ``close()``.

An instance is rebuilt from ``(name, command, timeout)`` when pickled, and a forked child
never uses its parent's process: each worker process runs its own engine process.
"""

from __future__ import annotations

import atexit
import json
import math
import os
import select
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from typing import Any, Sequence

from engines.errors import EngineError
from engines.board.board import Board
from engines.board.features import UnknownFeature, features_from
from engines.board.outcome import Outcome, validate_outcome

PROTOCOL = 1
MAX_START_ATTEMPTS = 3  # failed starts in a row before giving up
STDERR_LINES = 20  # how much of an engine's stderr its errors quote
MAX_LINE = 64 * 1024 * 1024  # a longer line than this is garbage
CLOSE_GRACE = 2.0  # seconds an engine has to exit after its stdin closes, before SIGTERM

__all__ = ["ExternalEngine", "EngineError", "PROTOCOL"]


class _Timeout(Exception):
    pass


class _Closed(Exception):
    """The engine closed its stdout (or its stdin is a broken pipe): it has exited or is exiting."""


class _TooLong(Exception):
    pass


class _Process:
    """One running engine process: its pipes, the tail of its stderr, the pid that started it."""

    def __init__(self, argv: list[str]) -> None:
        self.popen = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group: a timeout kills its children too,
            # and a Ctrl-C at the terminal reaches diffcheck, which closes it
        )
        self.owner = os.getpid()
        self.stdin_fd = self.popen.stdin.fileno()
        self.stdout_fd = self.popen.stdout.fileno()
        os.set_blocking(self.stdin_fd, False)
        os.set_blocking(self.stdout_fd, False)
        self.buffer = bytearray()
        self.scanned = 0  # bytes of ``buffer`` known to hold no newline
        self.reader = select.poll()
        self.reader.register(self.stdout_fd, select.POLLIN)
        self.writer = select.poll()
        self.writer.register(self.stdin_fd, select.POLLOUT)
        self._tail: deque[str] = deque(maxlen=STDERR_LINES)
        self._tail_lock = threading.Lock()
        self.stderr_thread = threading.Thread(
            target=self._drain, args=(self.popen.stderr.fileno(),), name=f"engine-stderr-{self.popen.pid}", daemon=True
        )
        self.stderr_thread.start()

    # ------------------------------------------------------------ stderr

    def _drain(self, fd: int) -> None:
        """Read stderr to its end, so the engine never blocks on a full pipe; keep the last lines.

        Raw reads on the descriptor, not the file object: a thread blocked inside a buffered
        reader holds its lock, and a forked child closing that reader would wait for it forever.
        """
        pending = b""
        try:
            while True:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                *lines, pending = (pending + chunk).split(b"\n")
                if len(pending) > 8192:  # a very long line: keep its start
                    lines.append(pending[:8192])
                    pending = b""
                self._keep(lines)
        except OSError:
            pass
        self._keep([pending])

    def _keep(self, lines: list[bytes]) -> None:
        texts: list[str] = []
        for line in reversed(lines):
            text = line.decode("utf-8", "replace").rstrip("\r")
            if text.strip():
                texts.append(text)
                if len(texts) == STDERR_LINES:
                    break
        if texts:
            texts.reverse()
            with self._tail_lock:
                self._tail.extend(texts)

    def tail(self, wait: float = 0.0) -> tuple[str, ...]:
        """The last lines of stderr; ``wait`` gives an exiting engine time to finish writing them."""
        if wait:
            self.stderr_thread.join(wait)
        with self._tail_lock:
            return tuple(self._tail)

    # ------------------------------------------------------------ the protocol's pipes

    def send(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.stdin_fd, view):]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionResetError):
                raise _Closed from None
            self.writer.poll(_milliseconds(deadline))
            if time.monotonic() >= deadline:
                raise _Timeout

    def receive(self, deadline: float) -> bytes:
        """The next line from stdout, without its ``\\n``."""
        while True:
            i = self.buffer.find(b"\n", self.scanned)
            if i >= 0:
                line = bytes(self.buffer[:i])
                del self.buffer[: i + 1]
                self.scanned = 0
                return line
            self.scanned = len(self.buffer)
            if self.scanned > MAX_LINE:
                raise _TooLong
            if not self.reader.poll(_milliseconds(deadline)):
                if time.monotonic() >= deadline:
                    raise _Timeout
                continue
            try:
                chunk = os.read(self.stdout_fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise _Closed
            self.buffer += chunk

    def pending(self) -> bool | None:
        """Whether the engine wrote something nobody asked for (None: its stdout is closed)."""
        if self.buffer:
            return True
        if not self.reader.poll(0):
            return False
        try:
            chunk = os.read(self.stdout_fd, 1 << 16)
        except BlockingIOError:
            return False
        if not chunk:
            return None
        self.buffer += chunk
        return True

    # ------------------------------------------------------------ ending it

    def status(self) -> str:
        code = self.popen.returncode
        if code is None:
            return "is still running"
        if code < 0:
            try:
                return f"was killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with status {code}"

    def kill(self, grace: float = 0.0) -> str:
        """Give the process ``grace`` seconds to exit on its own, then kill its process group; how it ended."""
        if grace:
            try:
                self.popen.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        self._signal(signal.SIGKILL)
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process SIGKILL does not end
            pass
        self._close_pipes()
        return self.status()

    def shutdown(self) -> None:
        """End the process politely: end of file on its stdin, then SIGTERM, then SIGKILL."""
        if self.owner != os.getpid():
            self.abandon()
            return
        try:
            self.popen.stdin.close()
        except OSError:
            pass
        try:
            self.popen.wait(CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGTERM)
            try:
                self.popen.wait(1.0)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def abandon(self) -> None:
        """In a forked child: close this copy of the parent's pipes, leave the process alone."""
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            try:
                stream.close()
            except (OSError, ValueError):
                pass
        self.popen.returncode = 0  # not ours to wait for

    def _signal(self, sig: int) -> None:
        # The engine leads its own process group (start_new_session): its children go with it.
        try:
            os.killpg(self.popen.pid, sig)
        except OSError:
            pass
        if self.popen.returncode is None:
            try:
                self.popen.send_signal(sig)
            except OSError:
                pass

    def _close_pipes(self) -> None:
        for stream in (self.popen.stdin, self.popen.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.stderr_thread.join(1.0)
        if not self.stderr_thread.is_alive():
            try:
                self.popen.stderr.close()
            except OSError:
                pass


def _milliseconds(deadline: float) -> int:
    return max(0, math.ceil((deadline - time.monotonic()) * 1000))


def _encode(message: Any) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _decode(line: bytes) -> Any:
    """The JSON value on a line; ValueError saying why there is none.

    Python's parser also takes NaN and Infinity; where they could matter (power and
    toughness) ``validate_outcome`` refuses them as not integers.
    """
    return json.loads(line.decode("utf-8"))  # UnicodeDecodeError is a ValueError too


def _snippet(line: bytes, limit: int = 200) -> str:
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _hello_problem(value: Any) -> str | None:
    expected = f'expected {{"engine": NAME, "description": TEXT, "protocol": {PROTOCOL}}}'
    if not isinstance(value, dict):
        return f"{expected}; found {json.dumps(value)[:100]}"
    if "error" in value:
        return f"the engine refused: {value['error']}"
    if value.get("protocol") != PROTOCOL or isinstance(value.get("protocol"), bool):
        if "protocol" not in value:
            return f"no protocol in the answer; {expected}"
        return f"the engine speaks protocol {json.dumps(value['protocol'])}; diffcheck speaks protocol {PROTOCOL}"
    if not isinstance(value.get("engine"), str) or not value["engine"]:
        return f"engine: expected a non-empty string (the engine's name); {expected}"
    if not isinstance(value.get("description"), str):
        return f"description: expected a string; {expected}"
    if "implements" in value:
        words = value["implements"]
        if not isinstance(words, list):
            return "implements: expected a list of the parts of the board vocabulary the engine implements"
        try:
            features_from(words, "implements")
        except UnknownFeature as exc:
            return str(exc)
    return None


_LIVE: "weakref.WeakSet[ExternalEngine]" = weakref.WeakSet()


class ExternalEngine:
    """An engine that runs as a separate program speaking protocol 1 (docs/external-engines.md).

    ``command`` is a string, split like a shell would (``shlex``) but run without one, or a
    list of words. The program starts on first use (``start()``, ``evaluate()``) and stays
    up; ``close()`` (or leaving a ``with`` block, or the end of the interpreter) ends it.
    ``timeout`` bounds the handshake and each board, in seconds.

    ``name`` is the name given here (the harness's name for the engine); the name the
    program announces is ``hello["engine"]``. ``description`` is the program's own once it
    has started. ``restarts`` counts starts after the first; ``starts`` the processes that
    passed the handshake.
    """

    ruleset = None  # an external engine has no ruleset: rule-change attribution does not apply

    def __init__(self, name: str, command: str | Sequence[str], timeout: float = 10.0) -> None:
        if isinstance(command, str):
            try:
                argv = shlex.split(command)
            except ValueError as exc:
                raise ValueError(f"engine {name}: cannot split the command {command!r} into words: {exc}") from None
        else:
            argv = [os.fspath(word) for word in command]
        if not argv:
            raise ValueError(f"engine {name}: the command is empty")
        if not timeout > 0:
            raise ValueError(f"engine {name}: the timeout must be a positive number of seconds, not {timeout!r}")
        self.name = name
        self.command = command
        self.timeout = float(timeout)
        self.argv = argv
        self.hello: dict[str, Any] | None = None
        self.starts = 0
        self.restarts = 0
        self._attempts = 0
        self._proc: _Process | None = None
        self._gave_up: EngineError | None = None
        self._lock = threading.RLock()
        _LIVE.add(self)

    # ------------------------------------------------------------ the Engine protocol

    @property
    def description(self) -> str:
        if self.hello is not None:
            return self.hello["description"]
        return f"external engine: {self.shown_command}"

    @property
    def implements(self) -> frozenset[str] | None:
        """The parts of the board vocabulary its handshake says it implements (``engines.board.features``); None if
        it did not say (all of them), or it has not started."""
        if self.hello is None or "implements" not in self.hello:
            return None
        return frozenset(self.hello["implements"])

    def evaluate(self, board: Board) -> Outcome:
        """The engine's outcome for ``board``; EngineError if it has none (see the module's docstring)."""
        payload = _encode({"board": board.to_dict()})
        with self._lock:
            proc = self._running()
            reply = self._exchange(proc, payload)
            tail = proc.tail() if isinstance(reply, dict) and "error" in reply else ()
        if isinstance(reply, dict) and "error" in reply:
            message = reply["error"] if isinstance(reply["error"], str) else json.dumps(reply["error"])
            raise EngineError(self.name, f"cannot evaluate the board: {message}", tail, "error")
        problem = validate_outcome(reply, board)
        if problem is not None:
            raise EngineError(self.name, f"returned an invalid outcome: {problem}", self._tail(), "invalid")
        return reply

    # ------------------------------------------------------------ life cycle

    def start(self) -> "ExternalEngine":
        """Start the program now, if it is not running, and check the handshake; EngineError if it cannot."""
        with self._lock:
            self._running()
        return self

    def close(self) -> None:
        """End the program (end of file on its stdin, then signals); the next use starts it again."""
        with self._lock:
            proc, self._proc = self._proc, None
            self._gave_up = None
        if proc is not None:
            proc.shutdown()

    @property
    def pid(self) -> int | None:
        """The running program's process id, or None."""
        proc = self._proc
        if proc is None or proc.owner != os.getpid():
            return None
        return proc.popen.pid

    @property
    def shown_command(self) -> str:
        return self.command if isinstance(self.command, str) else shlex.join(self.argv)

    def __enter__(self) -> "ExternalEngine":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown: nothing left to report to
            pass

    def __reduce__(self):
        # A copy (in a worker process) starts its own program; the running one is not shared.
        return (type(self), (self.name, self.command, self.timeout))

    def __repr__(self) -> str:
        return f"ExternalEngine({self.name!r}, {self.command!r}, timeout={self.timeout:g})"

    # ------------------------------------------------------------ inside

    def _tail(self) -> tuple[str, ...]:
        proc = self._proc
        return proc.tail() if proc is not None else ()

    def _running(self) -> _Process:
        proc = self._proc
        if proc is not None:
            if proc.owner != os.getpid():  # inherited through fork: the parent's, not ours
                proc.abandon()
                self._proc = proc = None
            elif proc.popen.poll() is not None or proc.pending() is None:
                # It ended between boards: no board is to blame; start another.
                proc.kill()
                self._proc = proc = None
            else:
                return proc
        if self._gave_up is not None:
            raise EngineError(self.name, self._gave_up.message, self._gave_up.stderr_tail, "start")
        last: EngineError | None = None
        for _ in range(MAX_START_ATTEMPTS):
            if self._attempts:
                self.restarts += 1
            self._attempts += 1
            try:
                self._proc = self._spawn()
            except EngineError as exc:
                last = exc
                continue
            self.starts += 1
            return self._proc
        assert last is not None
        self._gave_up = EngineError(
            self.name,
            f"gave up after {MAX_START_ATTEMPTS} failed starts in a row (restarted {self.restarts} times in all); "
            f"the last: {last.message}",
            last.stderr_tail,
            "start",
        )
        raise EngineError(self.name, self._gave_up.message, self._gave_up.stderr_tail, "start")

    def _spawn(self) -> _Process:
        try:
            proc = _Process(self.argv)
        except OSError as exc:
            raise EngineError(self.name, f"cannot start {self.shown_command}: {exc.strerror or exc}", (), "start") from None
        deadline = time.monotonic() + self.timeout
        try:
            proc.send(_encode({"hello": PROTOCOL}), deadline)
            line = proc.receive(deadline)
        except _Timeout:
            proc.kill()
            raise EngineError(self.name, f"no answer to the handshake within {self.timeout:g} s", proc.tail(), "start") from None
        except _Closed:
            how = proc.kill(grace=1.0)
            raise EngineError(self.name, f"the process {how} before answering the handshake", proc.tail(0.5), "start") from None
        except _TooLong:
            proc.kill()
            raise EngineError(self.name, "answered the handshake with a line longer than 64 MiB", proc.tail(), "start") from None
        except BaseException:  # KeyboardInterrupt, say: no half-started process stays behind
            proc.kill()
            raise
        try:
            hello = _decode(line)
        except ValueError as exc:
            proc.kill()
            raise EngineError(
                self.name, f"answered the handshake with a line that is not JSON ({exc}): {_snippet(line)}", proc.tail(), "start"
            ) from None
        problem = _hello_problem(hello)
        if problem is not None:
            proc.kill()
            raise EngineError(self.name, f"wrong answer to the handshake: {problem}", proc.tail(), "start")
        self.hello = hello
        return proc

    def _exchange(self, proc: _Process, payload: bytes) -> Any:
        """Send one request line and read one answer line; a broken exchange costs the process."""
        if proc.pending():
            line = bytes(proc.buffer.split(b"\n", 1)[0])
            self._drop(proc)
            raise EngineError(
                self.name,
                f"wrote a line nobody asked for, before this board was sent: {_snippet(line)}; killed the process "
                "(it restarts for the next board)",
                proc.tail(),
                "garbage",
            )
        deadline = time.monotonic() + self.timeout
        try:
            proc.send(payload, deadline)
            line = proc.receive(deadline)
        except _Timeout:
            self._drop(proc)
            raise EngineError(
                self.name,
                f"no answer within {self.timeout:g} s; killed the process (it restarts for the next board)",
                proc.tail(),
                "timeout",
            ) from None
        except _Closed:
            how = self._drop(proc, grace=1.0)
            raise EngineError(
                self.name,
                f"the process {how} while evaluating the board (it restarts for the next board)",
                proc.tail(0.5),
                "crash",
            ) from None
        except _TooLong:
            self._drop(proc)
            raise EngineError(
                self.name, "wrote a line longer than 64 MiB; killed the process", proc.tail(), "garbage"
            ) from None
        except BaseException:
            # Interrupted (KeyboardInterrupt) halfway through: the answer to this board may still
            # come and would be read as the answer to the next one. The process goes.
            self._drop(proc)
            raise
        try:
            return _decode(line)
        except ValueError as exc:
            self._drop(proc)
            raise EngineError(
                self.name,
                f"wrote a line that is not JSON ({exc}): {_snippet(line)}; killed the process "
                "(it restarts for the next board)",
                proc.tail(),
                "garbage",
            ) from None

    def _drop(self, proc: _Process, grace: float = 0.0) -> str:
        self._proc = None
        return proc.kill(grace)


@atexit.register
def _close_all() -> None:
    for engine in list(_LIVE):
        try:
            engine.close()
        except Exception:  # noqa: BLE001
            pass


def _after_fork_in_child() -> None:
    for engine in list(_LIVE):
        engine._lock = threading.RLock()
        proc, engine._proc = engine._proc, None
        if proc is not None:
            proc.abandon()


os.register_at_fork(after_in_child=_after_fork_in_child)
