"""Benchmark the judge's page (diffcheck serve): loading the page, and the time to an answer.

    python benchmarks/bench_page.py [--repeat 20]

Starts the page's server on a free port of 127.0.0.1 in this process and asks it over HTTP, as a browser
would. Prints medians of --repeat requests (the machines are shared and noisy: compare within one run):
the page with its script and style (bytes, and milliseconds for the three requests), a card search, and
POST /api/judge for a few boards (the answer, its explanation and its history across every edition: the
last is most of the time), the first request apart (it starts the worker processes that judge boards, which
load and warm the engines once).
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import threading
import time
import urllib.request

import uvicorn

from diffcheck.page.app import make_app

BOARDS = {
    "three cards": "Humility, Opalescence, Grizzly Bears",
    "control": "Grizzly Bears@opponent, Control Magic>grizzly-bears, Confiscate@opponent>control-magic",
    "lands": "Urborg, Tomb of Yawgmoth, Blood Moon, Forest, Dryad Arbor",
}


def timed(request) -> tuple[float, int]:
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        size = len(response.read())
    return time.perf_counter() - start, size


def judge_request(base: str, cards: str) -> urllib.request.Request:
    return urllib.request.Request(f"{base}api/judge", data=json.dumps({"cards": cards, "rules": "current"}).encode(),
                                  headers={"Content-Type": "application/json"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server = uvicorn.Server(uvicorn.Config(make_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)

    first, _ = timed(judge_request(base, BOARDS["three cards"]))
    page, size = [], 0
    for _ in range(args.repeat):
        parts = [timed(base + path) for path in ("", "static/page.js", "static/page.css")]
        page.append(sum(t for t, _ in parts))
        size = sum(n for _, n in parts)
    print(f"page: {size:,} bytes in 3 requests, median {statistics.median(page) * 1e3:.1f} ms")
    search = [timed(f"{base}api/cards?q=hum")[0] for _ in range(args.repeat)]
    print(f"card search (q=hum): median {statistics.median(search) * 1e3:.1f} ms")
    print(f"first answer after the server started (worker processes started): {first * 1e3:.0f} ms")
    for name, cards in BOARDS.items():
        times = [timed(judge_request(base, cards))[0] for _ in range(args.repeat)]
        print(f"answer, explanation and history, {name} ({cards}): median {statistics.median(times) * 1e3:.1f} ms")
    server.should_exit = True
    thread.join(10)  # the server's shutdown stops its worker processes


if __name__ == "__main__":
    main()
