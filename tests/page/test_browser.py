"""The page as a judge uses it, in a real headless Chromium (Debian's, driven by selenium through its
chromedriver): compose a board from cards, read the answer and the history, open a shared link, read the
explanation, and get a clear message for a mistake. Skipped where no browser is installed (.ci/run
installs one)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("no Chromium and chromedriver (apt-get install chromium chromium-driver; .ci/run does)",
                allow_module_level=True)

import uvicorn  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from diffcheck.page.app import make_app  # noqa: E402

ROOT = Path(__file__).parents[2]
CASE = yaml.safe_load((ROOT / "tests" / "cases" / "cards-humility-opalescence-humility-older.yaml").read_text())


@pytest.fixture(scope="module")
def server():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(make_app(), log_level="warning"))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,1400"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    yield driver
    driver.quit()


def _wait(browser, condition, seconds=20):
    return WebDriverWait(browser, seconds).until(lambda b: condition(b))


def _ready(browser):
    _wait(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")


def _answer(browser):
    """Each object card's name -> (P/T, abilities), once the answer is shown and no request is pending."""
    _wait(browser, lambda b: not b.find_element(By.ID, "answer-section").get_attribute("hidden")
          and "busy" not in (b.find_element(By.TAG_NAME, "body").get_attribute("class") or ""))
    found = {}
    for card in browser.find_elements(By.CSS_SELECTOR, "#objects .object"):
        abilities = card.find_element(By.CSS_SELECTOR, "dd[data-characteristic=abilities]").text
        found[card.get_attribute("data-id")] = (card.find_element(By.CSS_SELECTOR, ".pt").text, abilities)
    return found


def _add(browser, typed, name):
    box = browser.find_element(By.ID, "search")
    box.clear()
    box.send_keys(typed)
    result = _wait(browser, lambda b: next((r for r in b.find_elements(By.CSS_SELECTOR, "#results .result")
                                            if r.find_element(By.TAG_NAME, "strong").text == name), None))
    count = len(browser.find_elements(By.CSS_SELECTOR, "#items .item"))
    result.click()
    _wait(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#items .item")) == count + 1)


def _set_rules(browser, edition):
    browser.execute_script("const s = document.getElementById('edition'); s.value = arguments[0];"
                           "s.dispatchEvent(new Event('change'));", edition)


def test_a_judge_composes_a_board_from_cards_and_reads_the_answer_and_the_history(server, browser):
    # Humility, then Opalescence, then a Raging Goblin: the case derives by hand Humility 4/4 and the goblin 1/1,
    # both without abilities, under cr613 (613.1d, 613.1f, 613.3b, 613.5; edition 2009-07), and the same under cr418.
    browser.get(server)
    _ready(browser)
    _add(browser, "Humil", "Humility")
    _add(browser, "opalesc", "Opalescence")
    _add(browser, "raging", "Raging Goblin")
    _set_rules(browser, "2009-07")  # the edition cr613 belongs to
    _wait(browser, lambda b: "rules=2009-07" in b.current_url)
    answer = _answer(browser)
    assert answer["humility"] == ("4/4", "–") and answer["raging-goblin"] == ("1/1", "–")
    assert CASE["expect"]["cr613"]["humility"]["power"] == 4
    # The history: Humility's P/T is 1/1 under the editions before 2005-10 (its type-changing effect applied
    # whole in layer 4, before Humility's setting: 418.5a of 2003-10) and 4/4 from 2005-10, and the page names
    # the rule change at that boundary.
    history = browser.find_element(By.ID, "history").text
    assert "From 2005-10-01 (edition 2005-10)" in history and "type-effects-split" in history
    assert "Humility: P/T 1/1 → 4/4" in history


def test_a_shared_link_opens_the_same_board_and_answer(server, browser):
    cards = "Humility, Opalescence, Raging Goblin#goblin"
    browser.get(f"{server}?cards={quote(cards)}&rules=cr613")
    _ready(browser)
    answer = _answer(browser)
    assert answer["goblin"] == ("1/1", "–") and answer["humility"] == ("4/4", "–")
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#items .item-name")]
    assert names == ["Humility", "Opalescence", "Raging Goblin"]
    assert browser.find_element(By.ID, "notation").get_attribute("value") == cards


def test_a_link_carries_cards_in_zones_and_a_face_down_permanent(server, browser):
    # Tarmogoyf counts the card types among cards in all graveyards (604.3, 208.2): an instant in the opponent's
    # and a land in yours make it 2/3. A face-down Gray Ogre is a 2/2 with no name (707.2 / 708.2).
    cards = "Tarmogoyf, Giant Growth~graveyard@opponent, Forest~graveyard, Gray Ogre[face_down=morph]"
    browser.get(f"{server}?cards={quote(cards)}&rules=current")
    _ready(browser)
    answer = _answer(browser)
    assert answer["tarmogoyf"][0] == "2/3" and answer["gray-ogre"][0] == "2/2"
    titles = {c.get_attribute("data-id"): c.find_element(By.TAG_NAME, "h3").text
              for c in browser.find_elements(By.CSS_SELECTOR, "#objects .object")}
    assert titles["gray-ogre"] == "no name: face down (gray-ogre)" and "giant-growth" not in titles
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#items .item-name")]
    assert names[1:3] == ["Giant Growth (in graveyard)", "Forest (in graveyard)"]
    assert browser.find_element(By.ID, "notation").get_attribute("value") == cards


def test_the_explanation_names_the_layers_and_their_rules(server, browser):
    browser.get(f"{server}?cards={quote('Gray Ogre[+1/+1=1], Giant Growth>gray-ogre')}&rules=cr613")
    _ready(browser)
    # Gray Ogre 2/2 with a +1/+1 counter, Giant Growth +3/+3 (613.4c, then the counter in 613.4d under 2009's
    # numbering): 6/6.
    assert _answer(browser)["gray-ogre"][0] == "6/6"
    browser.find_element(By.CSS_SELECTOR, "#explanation-box summary").click()
    explanation = browser.find_element(By.ID, "explanation").text
    assert "Layer 7c" in explanation and "Giant Growth" in explanation and "613." in explanation


def test_a_mistake_is_a_clear_message_and_the_page_goes_on(server, browser):
    browser.get(server)
    _ready(browser)
    browser.find_element(By.CSS_SELECTOR, "#as-text summary").click()
    text = browser.find_element(By.ID, "notation")
    text.clear()
    text.send_keys("Humilty, Grizzly Bears")
    browser.find_element(By.ID, "apply").click()
    error = _wait(browser, lambda b: b.find_element(By.ID, "error").text or None)
    assert 'did you mean "Humility"' in error
    text.clear()
    text.send_keys("Grizzly Bears")
    browser.find_element(By.ID, "apply").click()
    assert _answer(browser)["grizzly-bears"][0] == "2/2"
    assert not browser.find_element(By.ID, "error").is_displayed()


def test_an_imported_board_file_is_judged_and_its_cards_come_back(server, browser, tmp_path):
    # The case's board file, imported: its cards are put back in the list, and the answer is the case's (cr613
    # alias of edition 2009-07 here: Humility 4/4, the goblin 1/1).
    board = tmp_path / "board.yaml"
    board.write_text(yaml.safe_dump(CASE["board"]), encoding="utf-8")
    browser.get(f"{server}?rules=2009-07")
    _ready(browser)
    browser.find_element(By.ID, "import").send_keys(str(board))
    _wait(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#items .item")) == 3)
    assert _answer(browser)["goblin"] == ("1/1", "–")
    assert "cards=Humility" in browser.current_url
