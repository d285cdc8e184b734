"""The page's server (diffcheck.page.app) without a browser: its answers are the library's, every bad request
is one line with status 400 (413 for a body too large, 503 past the time limit) in the page's terms, never the
command line's, and it goes on serving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (pip install -e '.[test]')")

from starlette.testclient import TestClient  # noqa: E402

from diffcheck.page import app as page_app  # noqa: E402

ROOT = Path(__file__).parents[2]
CASE = ROOT / "tests" / "cases" / "cards-humility-opalescence-humility-older.yaml"


@pytest.fixture(scope="module")
def client():
    with TestClient(page_app.make_app()) as client:  # its shutdown stops the worker processes
        yield client


def _until_answered(client, asked, tries=20):
    """The first answer that is not 503: the first board asked for starts the worker processes, which may take
    longer than a short time limit on a busy machine."""
    for _ in range(tries):
        found = client.post("/api/judge", json=asked)
        if found.status_code != 503:
            return found
    return found


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
                                 "ability": None, "zone": None, "counters": {}, "choices": {}}


def test_cards_in_zones_come_back_as_cards_in_their_zones(client):
    # A graveyard's card is an item with its zone, and the address's notation carries it (~graveyard).
    found = client.post("/api/judge", json={"cards": "Tarmogoyf, Giant Growth~graveyard@opponent",
                                            "rules": "current"}).json()
    assert found["notation"] == "Tarmogoyf, Giant Growth~graveyard@opponent"
    assert found["items"][1]["zone"] == "graveyard" and found["items"][1]["controller"] == "opponent"


def test_search_puts_names_that_start_with_the_text_first(client):
    names = [c["name"] for c in client.get("/api/cards", params={"q": "hum"}).json()]
    assert names[:2] == ["Humility", "Humble"]


@pytest.mark.parametrize("asked, status, expected", [
    ({"cards": "Humilty"}, 400, 'did you mean "Humility"'),
    ({"cards": "Giant Growth>bears"}, 400, 'no object "bears" listed before it'),
    ({"cards": "Humility", "rules": "1990-01-01"}, 400, "dates from 1999-04-23 to today"),
    ({"cards": "Humility", "rules": "nosuch"}, 400, "rules nosuch"),
    # Only editions, aliases and dates: a module:attribute engine would have the server import the module.
    ({"cards": "Humility", "rules": "nosuch:engine"}, 400, "an edition of the rules, an alias or a date"),
    ({"board": "objects:\n  - {card: Humilty, id: h, timestamp: 1}\n"}, 400,
     'the board file: objects[0].card: no card called "Humilty"'),
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


def test_an_answer_past_the_time_limit_is_503_and_the_server_goes_on(slow_board):
    # Without its shutdown, as a test client runs an application: each request in an event loop of its own.
    app = page_app.make_app(time_limit=1)
    client = TestClient(app)
    try:
        assert _until_answered(client, {"cards": "Grizzly Bears"}).status_code == 200
        slow = client.post("/api/judge", json={"board": slow_board})
        assert slow.status_code == 503 and slow.json()["error"] == "no answer within 1 s; try a smaller board"
        assert _until_answered(client, {"cards": "Grizzly Bears"}).status_code == 200
    finally:
        app.state.pool.close()


@pytest.mark.parametrize("asked", [
    {"cards": "Humilty"},
    {"cards": "Blood Sun"},  # a real card the vocabulary cannot express
    {"board": "objects:\n  - {card: Humilty, id: h, timestamp: 1}\n"},
    {"board": "objects:\n  - {card: Blood Sun, id: m, timestamp: 1}\n"},
    {"cards": "Humility", "rules": "1990-01-01"},
    {"cards": "Humility", "rules": "1999-02-30"},
    {"cards": "Humility", "rules": "nosuch"},
    {"cards": "Giant Growth>bears"},
])
def test_a_message_speaks_of_the_page_never_of_the_command_line(client, asked):
    said = client.post("/api/judge", json=asked).json()["error"]
    assert "diffcheck " not in said and "`" not in said and "--" not in said and "docs/" not in said, said


def test_the_page_says_where_to_look_in_its_own_terms(client):
    said = client.post("/api/judge", json={"cards": "Humilty"}).json()["error"]
    assert said.endswith('did you mean "Humility" or "Humble"? (search the catalogue under "Add a card")'), said
    said = client.post("/api/judge", json={"cards": "Blood Sun"}).json()["error"]
    assert said.endswith("(an object written out in full, in an imported board file, may approximate it)"), said


def test_warnings_speak_of_the_page_too(client):
    # Dryad Arbor was first printed in 2007, after the rules of 1999: an anachronism warning.
    found = client.post("/api/judge", json={"cards": "Dryad Arbor, Blood Moon", "rules": "1999-04"}).json()
    assert found["warnings"]
    for said in found["warnings"]:
        assert "diffcheck " not in said and "--" not in said, said


def test_x_is_written_among_an_abilitys_choices_and_kept(client):
    # Craterhoof Behemoth's trigger resolved with X = 5 (611.2d): the Bears 2/2 + 5/5 = 7/7 whatever the board shows
    # now; the item keeps x among its choices, which the page edits, and the card's search result offers it.
    cards = "Grizzly Bears, Craterhoof Behemoth, Craterhoof Behemoth!stampede>grizzly-bears+craterhoof-behemoth[x=5]"
    found = client.post("/api/judge", json={"cards": cards, "rules": "current"}).json()
    bears = next(o for o in found["objects"] if o["id"] == "grizzly-bears")
    assert (bears["power"], bears["toughness"]) == (7, 7)
    assert found["notation"] == cards and found["items"][2]["choices"] == {"x": "5"}
    offered = client.get("/api/cards", params={"q": "craterhoof"}).json()[0]
    assert offered["effect_choices"] == [{"name": "x", "kind": "number"}] and offered["choices"] == []


def test_a_missing_choice_is_said_in_the_notation_the_page_edits(client):
    said = client.post("/api/judge", json={"cards": "Painter's Servant"}).json()["error"]
    assert "write Painter's Servant[color=...]" in said and "choices: {" not in said


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
