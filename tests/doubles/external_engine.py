"""A sample external engine (protocol 1, docs/external-engines.md): the built-in cr613, in a process.

Run it with the same Python as diffcheck, from anywhere:

    python tests/doubles/external_engine.py [FLAGS]

It reads one JSON value per line on stdin and answers each with one line on stdout:
``{"hello": 1}`` with its name, description and protocol; ``{"board": ...}`` with cr613's
outcome. It exits at the end of its input. For the tests it misbehaves on request: the
``--*-on ID`` flags act on a board that has an object with that id, checked in this order:
crash, hang, garbage, error, wrong, extra line (a board with both a ``--crash-on`` and a ``--hang-on``
id crashes). Generated boards number their objects o1, o2, ...: every board with o8 has o7.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # the repository root

from engines import get_engine  # noqa: E402
from engines.board import Board  # noqa: E402
from engines.board.features import board_features  # noqa: E402


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--name", default="sample-cr613", help="the name it announces in the handshake")
    p.add_argument("--crash-on", metavar="ID", help="exit with status 3")
    p.add_argument("--hang-on", metavar="ID", help="sleep forever")
    p.add_argument("--garbage-on", metavar="ID", help="write a line that is not JSON")
    p.add_argument("--wrong-on", metavar="ID", help="answer with that object's power as a string")
    p.add_argument("--error-on", metavar="ID", help='answer {"error": ...}')
    p.add_argument("--extra-line-on", metavar="ID", help="write a second line after the answer, in the same write")
    p.add_argument("--crash-at-start", action="store_true", help="exit with status 3 before the handshake")
    p.add_argument(
        "--hello",
        choices=["ok", "wrong-protocol", "garbage", "silent", "missing-name", "exit"],
        default="ok",
        help="how to answer the handshake",
    )
    p.add_argument("--stderr-kib", type=int, default=0, metavar="N", help="write N KiB of log to stderr per board")
    p.add_argument("--exit-after", type=int, metavar="N", help="exit quietly after answering N boards")
    p.add_argument("--implements", metavar="PARTS", help="say in the handshake it implements these parts (comma list)")
    p.add_argument("--refuse-outside", action="store_true",
                   help="answer {\"error\": ...} to a board that uses parts outside --implements")
    return p.parse_args(argv)


def send(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def hello(args: argparse.Namespace, engine) -> None:
    if args.hello == "silent":
        time.sleep(3600)
    if args.hello == "exit":
        print("sample engine: leaving without a word", file=sys.stderr, flush=True)
        sys.exit(4)
    if args.hello == "garbage":
        sys.stdout.write("Hello! I am an engine.\n")
        sys.stdout.flush()
        return
    answer = {"engine": args.name, "description": f"{engine.description}, in a separate process", "protocol": 1,
              "version": "sample-1"}
    if args.hello == "wrong-protocol":
        answer["protocol"] = 2
    if args.hello == "missing-name":
        del answer["engine"]
    if args.implements is not None:
        answer["implements"] = [w for w in args.implements.split(",") if w]
    send(answer)


def evaluate(args: argparse.Namespace, engine, data: dict) -> None:
    board = Board.from_dict(data)
    ids = {o.id for o in board.objects}
    if args.refuse_outside:
        outside = board_features(board) - set(args.implements.split(","))
        if outside:
            send({"error": f"sent a board with {', '.join(sorted(outside))}, which it does not implement"})
            return
    if args.stderr_kib:
        line = "log " + "x" * 1019 + "\n"  # 1 KiB a line
        sys.stderr.write(line * args.stderr_kib)
        sys.stderr.flush()
    if args.crash_on in ids:
        print(f"sample engine: crashing on purpose on {args.crash_on}", file=sys.stderr, flush=True)
        sys.exit(3)
    if args.hang_on in ids:
        print(f"sample engine: hanging on purpose on {args.hang_on}", file=sys.stderr, flush=True)
        time.sleep(3600)
    if args.garbage_on in ids:
        sys.stdout.write(f"Traceback? no: garbage on {args.garbage_on}\n")
        sys.stdout.flush()
        return
    if args.error_on in ids:
        send({"error": f"cannot evaluate a board with {args.error_on} (on purpose)"})
        return
    outcome = engine.evaluate(board)
    if args.wrong_on in ids:
        obj = outcome["objects"][args.wrong_on]
        obj["power"] = str(obj["power"])
    if args.extra_line_on in ids:
        sys.stdout.write(json.dumps(outcome) + "\n" + json.dumps(outcome) + "\n")
        sys.stdout.flush()
        return
    send(outcome)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if args.crash_at_start:
        print("sample engine: crashing at start on purpose", file=sys.stderr, flush=True)
        return 3
    engine = get_engine("cr613")
    answered = 0
    for raw in sys.stdin.buffer:
        message = json.loads(raw.decode("utf-8"))
        if "hello" in message:
            hello(args, engine)
        elif "board" in message:
            evaluate(args, engine, message["board"])
            answered += 1
            if args.exit_after is not None and answered >= args.exit_after:
                return 0
        else:
            send({"error": f"unknown request with keys {sorted(message)}"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
