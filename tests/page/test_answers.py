"""The page's server (diffcheck.page.app) without a browser: its answers are the library's, every bad request
is one line with status 400 (413 for a body too large, 503 past the time limit), and it goes on serving."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml

pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (pip install -e '.[test]')")

from starlette.testclient import TestClient  # noqa: E402

from diffcheck.page import answers, app as page_app  # noqa: E402

ROOT = Path(__file__).parents[2]
CASE = ROOT / "tests" / "cases" / "cards-humility-opalescence-humility-older.yaml"


@pytest.fixture(scope="module")
def client():
    return TestClient(page_app.make_app())


def test_the_answer_is_the_cases_hand_derived_one(client):
    # The case derives Humility 4/4 and the goblin 1/1, both without abilities, under cr418 and cr613
    # (its comments: 418.5a-f; 613.1d, 613.1f, 613.3b, 613.5).
    case = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    for rules, expected in case["expect"].items():
        found = client.post("/api/judge", json={"cards": "Humility, Opalescence, Raging Goblin#goblin",
                                                "rules": rules})
        assert found.status_code == 200, found.text
        objects = {o["id"]: o for o in found.json()["objects"]}
        for oid, fields in expected.items():
            assert {k: objects[oid][k] for k in fields} == fields, (rules, oid)
        body = found.json()
        assert body["notation"] == "Humility, Opalescence, Raging Goblin#goblin"
        assert "Layer 4" in body["explanation"] and "613.1d" in body["explanation"] or rules == "cr418"
        assert [e for s in body["history"]["spans"] for e in s["editions"]][0] == "1999-04"


def test_a_board_file_is_judged_and_read_back_as_cards_when_it_can_be(client):
    text = yaml.safe_dump(yaml.safe_load(CASE.read_text())["board"])
    found = client.post("/api/judge", json={"board": text, "rules": "cr613"}).json()
    assert found["notation"] == "Humility, Opalescence, Raging Goblin#goblin"
    assert found["items"][2] == {"name": "Raging Goblin", "id": "goblin", "controller": None, "refs": [],
                                 "ability": None, "counters": {}, "choices": {}}


def test_search_puts_names_that_start_with_the_text_first(client):
    names = [c["name"] for c in client.get("/api/cards", params={"q": "hum"}).json()]
    assert names[:2] == ["Humility", "Humble"]


@pytest.mark.parametrize("asked, status, expected", [
    ({"cards": "Humilty"}, 400, 'did you mean "Humility"'),
    ({"cards": "Giant Growth>bears"}, 400, 'no object "bears" listed before it'),
    ({"cards": "Humility", "rules": "1990-01-01"}, 400, "dates from 1999-04-23 to today"),
    ({"cards": "Humility", "rules": "nosuch"}, 400, "rules nosuch"),
    ({"board": "objects: [unclosed"}, 400, "the board file"),
    ({"board": "objects:\n  - {id: x, types: [creature], power: oops, timestamp: 1}\n"}, 400, "power"),
    ({}, 400, "no board"),
    ({"cards": "Humility", "board": "objects: []"}, 400, "not both"),
    ({"cards": 3}, 400, "expected"),
])
def test_a_bad_request_is_one_line_and_the_server_goes_on(client, asked, status, expected):
    found = client.post("/api/judge", json=asked)
    assert found.status_code == status and expected in found.json()["error"]
    assert "\n" not in found.json()["error"] and "Traceback" not in found.text
    assert client.post("/api/judge", json={"cards": "Grizzly Bears"}).status_code == 200


def test_what_is_not_json_or_too_large_is_refused(client):
    assert client.post("/api/judge", content=b"cards=Humility").status_code == 400
    huge = json.dumps({"board": "#" * (page_app.MAX_BODY + 10)})
    refused = client.post("/api/judge", content=huge.encode())
    assert refused.status_code == 413 and "larger than" in refused.json()["error"]


def test_an_answer_past_the_time_limit_is_503_and_the_server_goes_on(client, monkeypatch):
    monkeypatch.setattr(page_app, "TIME_LIMIT", 0.2)
    real = answers.judge
    monkeypatch.setattr(answers, "judge", lambda *args: (time.sleep(0.6), real(*args))[1])
    slow = client.post("/api/judge", json={"cards": "Grizzly Bears"})
    assert slow.status_code == 503 and "no answer within" in slow.json()["error"]
    monkeypatch.setattr(answers, "judge", real)
    assert client.post("/api/judge", json={"cards": "Grizzly Bears"}).status_code == 200


def test_the_page_loads_nothing_from_elsewhere(client):
    page = client.get("/")
    assert page.status_code == 200 and "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("index.html", "page.js", "page.css"):
        text = (ROOT / "diffcheck" / "page" / "static" / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "//" + "cdn" not in text, name


def test_serve_on_a_port_in_use_is_one_line_and_exit_2():
    import socket

    from typer.testing import CliRunner

    from diffcheck.cli import app

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        ran = CliRunner().invoke(app, ["serve", "--port", str(taken.getsockname()[1])])
    finally:
        taken.close()
    assert ran.exit_code == 2 and "the port is in use" in ran.stderr and ran.stderr.count("\n") == 1
