"""The board's web page: its JSON API through microdot's test client (every endpoint, every
refusal), and the page itself in headless Chromium against the simulator."""

import asyncio
import gzip
import itertools
import json
import os
import re
import shutil
import socket
import time
import urllib.error
import urllib.request

import pytest
from microdot.test_client import TestClient

import config
import crib
import discard_coach
import web_pictures
import web_sim
from board_picture import display
from board_rig import Rig
from broker import free_port
from cards import name, parse_many
from memstore import MemoryStore
from net import web, web_advice, web_routes, wifi_choice
from phone_browser import phone
from web_support import (
    AXE_SCRIPT,
    HOLD_0,
    NOT_PAIRED,
    TAPPED_DEAL,
    FakeNetwork,
    call,
    click_and_wait,
    client_for,
    key_code,
    see,
    tap,
    wait_for,
)
from where import ROOT

# Gzipped. 6 KB since the page gained pairing, the held keys, the coach's own picker and its
# icon and manifest; 7 KB since it speaks and has its scoreboard; 8 KB (six TCP segments of
# 1,460 bytes) since it is four views with a bar and keeps the screen on in a game (6,925 →
# 7,838 bytes); 9 KB (seven segments) since the play fits one screen (the entry the prompt
# asks, a landscape and a tablet layout, a light scheme, the tap's tick). The board sends it
# from flash in the server's chunks, so its size costs time on the air, not heap.
PAGE_BUDGET = 9 * 1024


def test_reading_is_open_and_the_page_is_served_compressed():
    client = client_for(Rig())
    page = call(client.get("/"))
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    assert page.headers["Content-Type"].startswith("text/html")
    assert len(page.body) < PAGE_BUDGET  # the whole page, compressed
    state = call(client.get("/api/state")).json
    assert state["mode"] == "cribbage" and state["phase"] is None
    assert (
        state["awaiting"] == "new match: A players (2), B target (121), C games (1); # starts it"
    )


def test_the_page_can_be_added_to_a_home_screen_with_nothing_from_outside():
    client = client_for(Rig())
    manifest = call(client.get("/manifest.webmanifest"))
    assert manifest.status_code == 200
    assert manifest.headers["Content-Type"] == "application/manifest+json"
    fields = json.loads(manifest.body)
    assert fields["start_url"] == "/" and fields["display"] == "standalone"
    assert fields["icons"] == [
        {"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "/icon.png", "sizes": "192x192", "type": "image/png"},
    ]
    icon = call(client.get("/icon.svg"))
    assert icon.status_code == 200 and icon.headers["Content-Type"] == "image/svg+xml"
    assert icon.body.startswith(b"<svg ") and b"http" not in icon.body.replace(
        b"http://www.w3.org", b""
    )
    # The PNG for an iPhone's home screen: the SVG's shapes at 192 x 192, smoothed edges,
    # the corners clear.
    import icon_png

    drawn = call(client.get("/icon.png"))
    assert drawn.status_code == 200 and drawn.headers["Content-Type"] == "image/png"
    rows = icon_png.rows_of(drawn.body)
    assert (len(rows), len(rows[0])) == (192, 192 * 4)
    assert rows[0][:4] == b"\x00\x00\x00\x00" and rows[96][96 * 4 : 97 * 4] == b"\x3b\x2a\x1a\xff"
    assert rows[120][40 * 4 : 41 * 4] == b"\x00\x72\xb2\xff"  # a blue hole's centre
    assert rows[72][116 * 4 : 117 * 4] == b"\xe6\x9f\x00\xff"  # an orange hole's centre
    assert icon_png.main(["--check"]) == 0
    page = gzip.decompress(call(client.get("/")).body).decode()
    assert '<link rel="icon" href="/icon.svg">' in page
    assert '<link rel="apple-touch-icon" href="/icon.png">' in page
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_keys_from_a_paired_phone_play_through_the_same_rules_and_journal():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    answer = call(
        client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "4", "0", "5"]})
    )
    assert answer.status_code == 200
    assert answer.json["front"] == [2, 0] and answer.json["count"] == 15
    assert "blue: fifteen for 2, now 2" in answer.json["console"]
    assert Rig(store).match.front == [2, 0]  # journalled like a key on the board
    undone = call(client.post("/api/undo", body={"token": client.token})).json
    assert undone["front"] == [0, 0] and undone["count"] == 10
    redone = call(client.post("/api/redo", body={"token": client.token})).json
    assert redone["front"] == [2, 0]
    held = call(client.post("/api/keys", body={"token": client.token, "keys": ["hold:#"]})).json
    assert held["phase"] == "show"  # a held # ends the play, as on the keypad


def test_every_bad_request_is_refused_with_a_json_error_and_changes_nothing():
    rig = Rig()
    client = client_for(rig)
    keys = ["#", "5", "4", "C", "B", "A"]
    call(client.post("/api/keys", body={"token": client.token, "keys": keys}))
    before = rig.match.state()
    refusals = [
        ("/api/keys", b"{not json", 400, "not JSON"),
        ("/api/keys", b"[1, 2]", 400, "a JSON object is expected"),
        (
            "/api/keys",
            b"[" * 990 + b"]" * 990,
            400,
            "a request's JSON holds 16 brackets ([ or {) at most",
        ),
        (
            "/api/keys",
            {"token": client.token, "keys": ["5"], "colour": 1},
            400,
            "unknown field: colour",
        ),
        ("/api/keys", {"token": client.token, "keys": ["E"]}, 400, "not a key: E"),
        ("/api/keys", {"token": client.token, "keys": []}, 400, "keys: a list of 1 to 32 keys"),
        (
            "/api/keys",
            {"token": client.token, "keys": ["5"] * 33},
            400,
            "keys: a list of 1 to 32 keys",
        ),
        (
            "/api/keys",
            {"token": client.token, "keys": ["9"]},
            409,
            "39 would take the count past 31",
        ),
        ("/api/keys", b"x" * 5000, 413, "a request body holds 2048 bytes at most"),
        ("/api/keys", {"token": "0" * 32, "keys": ["5"]}, 403, NOT_PAIRED),
        ("/api/keys", {"pin": "1234", "keys": ["5"]}, 400, "unknown field: pin"),
        ("/api/undo", {"token": client.token[:-1] + "x"}, 403, NOT_PAIRED),
        ("/api/redo", {}, 403, NOT_PAIRED),
        ("/api/keys", {"token": client.token, "keys": ["hold:0"]}, 403, HOLD_0),
    ]
    for path, body, status, error in refusals:
        headers = {"Content-Type": "application/json"}
        answer = call(client.post(path, body=body, headers=headers))
        assert (answer.status_code, answer.json) == (status, {"error": error}), (path, body)
        assert rig.match.state() == before
    for path in ("/api/files", "/webrepl", "/api/debug", "/api/state/../../config.py"):
        assert call(client.get(path)).status_code == 404


@pytest.fixture(autouse=True)
def radio_on_loopback(monkeypatch):
    """A radio a test starts serves on 127.0.0.1 at a free port, never on the board's port 80
    of every interface (which another program may hold); the board's own port is checked in
    host_tests/core/test_wifi_keys.py without binding it."""
    from net import wifi

    monkeypatch.setattr(wifi.Radio, "HOST", "127.0.0.1")
    monkeypatch.setattr(wifi.Radio, "PORT", free_port())


@pytest.fixture
def served(tmp_path):
    """A simulator serving its page on a free port: (the simulator, the page's address)."""
    from simulator import Simulator

    sim = Simulator(str(tmp_path / "saves"))
    port = free_port()
    server = web_sim.serve(sim, port, sim.lock)
    wait_for(lambda: _answers(port))
    yield sim, "http://127.0.0.1:%d/" % port
    web_sim.stop(server)


def test_the_page_in_chromium_follows_the_board_and_plays_it(served, browser):
    from selenium.webdriver.common.by import By

    sim, address = served
    browser.get(address)
    text = lambda: browser.find_element(By.TAG_NAME, "body").text  # noqa: E731
    wait_for(lambda: "new match: A players (2), B target (121), C games (1)" in text())
    pair_the_page(browser, sim)

    def click(element_id):
        click_and_wait(browser, element_id)

    click("key#")  # a match
    for card in TAPPED_DEAL + ["#", "#", "KH", "QD", "4C", "6S", "#"]:
        click("key#" if card == "#" else "card" + card)
    wait_for(lambda: "blue 19, orange 8" in text())
    see(browser, "match")  # the deal so far, in words
    wait_for(lambda: "run of 3 for 9 (4\u2663 5\u2660 6\u2660)" in text())  # the crib's items
    see(browser, "play")
    # The LEDs as the strip shows them, at the holes the drilling drawing puts them: blue's
    # front peg on 19 a disc, its rear peg on 10 a ring, each in blue at full strength.
    # The frame may be dimmed to the current budget (renderer.scale, 255 when it is not).
    with sim.lock:
        layout, pixels = sim.app.layout, sim.hardware.pixels
        brightness, scale = sim.app.renderer.brightness, sim.app.renderer.scale
        front, rear = layout.peg_led(0, 19, 121), layout.peg_led(0, 10, 121)
        if layout.wire_order is not None:  # on the panel: each LED where its wire has it
            front, rear = layout.wire_order[front] // 3, layout.wire_order[rear] // 3
        shown = [display(pixels.colour_at(led), brightness) for led in (front, rear)]
    blue = tuple(c * brightness // 255 * scale // 255 for c in config.SIDE_COLOURS[0])
    assert blue[1:] == ((28 * scale // 255), (44 * scale // 255))  # (0, 28, 44) undimmed
    assert shown[0] == display(blue, brightness) and not shown[0][1] and shown[1][1]
    if scale == 255:
        assert shown == [((0, 111, 175), False), ((0, 105, 169), True)]  # (0, 10, 16) behind

    def drawn(led):
        hole = browser.find_element(By.ID, "led%d" % led)
        return hole.get_attribute("fill"), hole.get_attribute("stroke")

    rgb = ["rgb(%d,%d,%d)" % colour for colour, ring in shown]
    wait_for(lambda: [drawn(front), drawn(rear)] == [(rgb[0], "none"), ("#19120c", rgb[1])])
    # A key on the board's own keypad: the page follows (undo of the crib).
    with sim.lock:
        sim.press("*")
    wait_for(lambda: "blue 10, orange 8" in text())
    click("undo")  # undo from the page: blue's hand
    wait_for(lambda: "blue 4, orange 8" in text())
    with sim.lock:
        assert sim.app.history.state.front == [4, 8]
    browser.execute_script("token='0'.repeat(32)")  # a phone that is not paired
    tap(browser, "key5")
    wait_for(lambda: NOT_PAIRED in text())
    with sim.lock:
        assert sim.app.history.state.front == [4, 8]  # refused: nothing changed


def pair_the_page(browser, sim):
    """Pairs the page as a player does: "Pair this phone", then hold 0 on the board and key
    the code the page shows."""
    from selenium.webdriver.common.by import By

    tap(browser, "pair")
    paired = lambda: browser.find_element(By.ID, "paired").text  # noqa: E731
    wait_for(lambda: paired().startswith("code ") and "hold 0 on the board" in paired())
    code = paired()[len("code ") :][:2]
    assert paired() == "code %s: hold 0 on the board, then key %s, within 30 s" % (code, code)
    with sim.lock:
        key_code(sim.app, code)
    wait_for(lambda: paired() == "this phone is paired")


def _answers(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def test_the_page_carries_nothing_from_outside():
    with open(os.path.join(ROOT, "firmware", "www",
                           "index.html")) as page:  # fmt: skip
        html = page.read()
    assert "http://" not in html.replace('"http://www.w3.org/2000/svg"', "")
    assert "https://" not in html and "src=" not in html
    # Its only links are the board's own icons and manifest (served by web.py).
    links = re.findall(r'<link [^>]*href="([^"]*)"', html)
    assert links == ["/icon.svg", "/icon.png", "/manifest.webmanifest"]


class WifiConfig:
    HOSTNAME = "cribbage"
    WIFI_NAME = "home"
    WIFI_PASSWORD = "secret"

    def __init__(self, mode):
        self.WIFI = mode


async def _applied(radio):
    # Radio.apply runs in the board's asyncio loop: the server task starts beside the keys.
    radio.apply()
    await asyncio.sleep(0.05)
    mode, server = radio.mode, radio.server
    radio.stop()
    await asyncio.sleep(0.05)
    return mode, server


def test_wifi_is_off_unless_asked_and_refused_without_the_heap(monkeypatch):
    from net import wifi

    rig = Rig()
    assert call(
        _applied(wifi.Radio(rig.app, WifiConfig("off"), MemoryStore(), web_routes.serve))
    ) == (
        "off",
        None,
    )
    monkeypatch.setattr(wifi, "heap_total", lambda: 110 * 1024)  # an ESP32 without PSRAM
    radio = wifi.Radio(rig.app, WifiConfig("access point"), MemoryStore(), web_routes.serve)
    assert call(_applied(radio)) == ("off", None)
    assert rig.lines[-1].startswith("Wi-Fi stays off: the web page needs a board with PSRAM")
    assert rig.app.overlay.error_until


def test_a_board_without_microdot_keeps_wifi_off_and_plays_on(monkeypatch):
    import sys

    from net import wifi

    monkeypatch.setitem(sys.modules, "network", FakeNetwork())
    monkeypatch.setattr(wifi, "heap_total", lambda: 4 * 1024 * 1024)
    for page in ("net.web", "net.web_routes"):  # installed by mip: no microdot, no page
        monkeypatch.setitem(sys.modules, page, None)
    rig = Rig()
    from boardmain import _serve  # what the board hands the radio: it imports the page

    radio = wifi.Radio(rig.app, WifiConfig("access point"), MemoryStore(), _serve)
    assert call(_applied(radio)) == ("off", None)
    assert rig.lines[-1].startswith("Wi-Fi stays off: ")
    assert rig.app.overlay.error_until
    rig.keys("# 5 4 0 5")
    assert rig.match.front == [2, 0]  # the game goes on


def test_an_access_point_named_after_the_board_pairs_a_phone_kept_on_flash(monkeypatch):
    import sys

    from net import wifi

    network = FakeNetwork()
    monkeypatch.setitem(sys.modules, "network", network)
    monkeypatch.setattr(wifi, "heap_total", lambda: 4 * 1024 * 1024)  # a board with PSRAM
    store = MemoryStore()
    rig = Rig(store)

    async def served(config, ask):
        radio = wifi.Radio(rig.app, config, store, web_routes.serve)
        rig.app.radio = radio
        radio.apply()
        await asyncio.sleep(0.05)
        client = TestClient(radio.server, host="192.168.4.1")
        answers = []
        if ask:
            asked = await client.post("/api/pair", body={"name": "Anna's phone"})
            key_code(rig.app, asked.json["code"])
            request = {"request": asked.json["request"]}
            answers.append(await client.post("/api/pair/token", body=request))
        token = answers[0].json["token"] if answers else TOKEN_KEPT[0]
        answers.append(await client.post("/api/keys", body={"token": token, "keys": ["#"]}))
        mode = radio.mode
        radio.stop()
        await asyncio.sleep(0.05)
        return mode, answers

    mode, answers = call(served(WifiConfig("access point"), True))
    assert mode == "access point"
    assert ("hostname", "cribbage") in network.calls
    assert ("config", 1, {"essid": "cribbage", "authmode": 0}) in network.calls
    port = wifi.Radio.PORT  # a free one here; the board's 80 is left out of its words
    said = "Wi-Fi: access point; web page: http://cribbage.local:%d/ or http://192.168.4.1:%d/" % (
        port, port,
    )  # fmt: skip
    assert said in rig.lines
    assert (
        "a phone asks to pair: hold 0 on the board, then key the code its page shows, within"
        " 30 s" in rig.lines
    )
    assert "phone paired: Anna's phone; its page takes its token now" in rig.lines
    assert rig.lines[rig.lines.index("paired phones: 1") - 1].startswith("phone paired: ")
    TOKEN_KEPT[:] = [answers[0].json["token"]]
    assert answers[1].status_code == 200 and answers[1].json["phase"] == "cut"
    assert ("active", 1, False) in network.calls  # stopped: the radio is off again
    # After a restart (a new radio on the same flash) the phone is still paired.
    mode, answers = call(served(WifiConfig("home"), False))
    assert ("connect", "home", "secret") in network.calls
    assert answers[0].status_code == 200, answers[0].json


TOKEN_KEPT = []


@pytest.mark.slow
def test_a_home_network_says_the_address_once_it_has_one(monkeypatch):
    import sys

    from net import wifi

    network = FakeNetwork()
    network.addresses = ["0.0.0.0"] * 3 + ["192.168.1.37"]  # joined after a second or so
    monkeypatch.setitem(sys.modules, "network", network)
    monkeypatch.setattr(wifi, "heap_total", lambda: 4 * 1024 * 1024)
    store = MemoryStore()
    rig = Rig(store)

    async def joining():
        radio = wifi.Radio(rig.app, WifiConfig("home"), store, web_routes.serve)
        radio.apply()
        first = rig.lines[-1]
        await asyncio.sleep(2.2)
        radio.stop()
        return first

    port = wifi.Radio.PORT
    assert call(joining()) == "Wi-Fi: home; web page: http://cribbage.local:%d/" % port
    assert rig.lines[-1] == (
        "Wi-Fi: joined home; web page: http://cribbage.local:%d/ or http://192.168.1.37:%d/"
        % (port, port)
    )


def test_the_wifi_set_from_the_page_never_comes_back_to_it(monkeypatch):
    import sys

    from net import wifi

    network = FakeNetwork()
    monkeypatch.setitem(sys.modules, "network", network)
    monkeypatch.setattr(wifi, "heap_total", lambda: 4 * 1024 * 1024)
    store = MemoryStore()
    rig = Rig(store)

    async def evening():
        radio = wifi.Radio(rig.app, WifiConfig("access point"), store, web_routes.serve)
        rig.app.radio = radio
        radio.apply()
        client = TestClient(radio.server, host="cribbage.local")
        asked = await client.post("/api/pair", body={})
        key_code(rig.app, asked.json["code"])
        request = {"request": asked.json["request"]}
        token = (await client.post("/api/pair/token", body=request)).json["token"]
        body = {"token": token, "wifi": "home", "network": "Kitchen", "password": "s3cret-pass"}
        answer = await client.post("/api/settings", body=body)
        assert answer.status_code == 200 and radio.mode == "access point"  # the answer first
        await asyncio.sleep(1.2)
        assert radio.mode == "home" and ("connect", "Kitchen", "s3cret-pass") in network.calls
        client = TestClient(radio.server, host="cribbage.local")
        shown = [await client.get(path) for path in ("/api/settings", "/api/state")]
        radio.stop()
        return answer, shown

    answer, shown = call(evening())
    assert answer.json["wifi"] == "home" and answer.json["network"] == "Kitchen"
    for reply in [answer] + shown:
        assert "s3cret" not in reply.body.decode()  # never sent back, never printed
    assert not any("s3cret" in line for line in rig.lines)
    assert wifi_choice.choice(WifiConfig("off"), store) == ("home", "Kitchen", "s3cret-pass")


def test_the_coach_answers_the_phone_that_asks_and_changes_nothing():
    from cribbage.discard import advise

    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
    files = {name: bytes(data) for name, data in store.files.items()}
    version = rig.app.history.version
    cards = ["5H", "5D", "JC", "6S", "4C", "KH"]
    answer = call(client.post("/api/coach", body={"cards": cards}))  # no PIN needed
    assert answer.status_code == 200 and len(answer.json["throws"]) == 15
    assert answer.json["throws"][0] == {
        "thrown": ["JC", "KH"], "hand": 15.957, "crib": 3.949, "net": 19.905,
    }  # fmt: skip
    exact = advise(parse_many(" ".join(cards)), False)  # the same order for the pone
    pone = call(client.post("/api/coach", body={"cards": cards, "pone": True})).json["throws"]
    assert [t["thrown"] for t in pone] == [[name(c, False) for c in t[0]] for t in exact]
    for body, error in (
        ({"cards": cards[:4]}, "cards: the 6 (or 5) cards dealt"),
        ({"cards": cards[:5] + ["5H"]}, "duplicate card: 5H"),
        ({"cards": cards[:5] + ["ZZ"]}, "not a card: ZZ"),
        ({"cards": cards[:5] + ["JOKER"]}, "not a cribbage card: JOKER"),
        ({"cards": cards, "pone": "yes"}, "pone: true or false"),
        ({"cards": cards, "token": client.token}, "unknown field: token"),
    ):
        refused = call(client.post("/api/coach", body=body))
        assert (refused.status_code, refused.json) == (400, {"error": error})
    # Never in the journal, the game or the LEDs' state.
    assert {name: bytes(data) for name, data in store.files.items()} == files
    assert rig.app.history.version == version


def test_the_coach_on_the_page_in_chromium(served, browser):
    from selenium.webdriver.common.by import By

    sim, address = served
    browser.get(address)
    wait_for(lambda: browser.find_elements(By.ID, "coach5H"))
    pair_the_page(browser, sim)  # a paired phone: the coach still never keys the game
    click_and_wait(browser, "key#")  # a match: the cut waits for the starter
    with sim.lock:
        version = sim.app.history.version
    for card in ("5H", "5D", "JC", "6S", "4C", "KH"):  # tapped, rank and suit at once
        tap(browser, "coach" + card)
    tap(browser, "advise")
    rows = lambda: browser.find_elements(By.CSS_SELECTOR, "#advice tr")  # noqa: E731
    wait_for(lambda: len(rows()) == 1 + 15)  # a heading, then every throw
    assert rows()[1].text == "JC KH 15.957 3.949 19.905"
    # The play counted too (the laptop's page): a column beside the crib, and in the net,
    # as `crib.py discard --play` prints it.
    tap(browser, "withplay")
    tap(browser, "advise")

    first = discard_coach.discard_lines(parse_many("5H 5D JC 6S 4C KH"), True, "uniform", True)[0]
    words = first.replace(" hand ", " ").replace(" crib ", " ").replace(" play ", " ")
    shown = words.replace(" (you ", " (").replace(", them ", ", ").replace(" net ", " ")

    def table():  # read in one go: the table is rebuilt whole when the answer comes
        return browser.execute_script(
            "return Array.from(document.querySelectorAll('#advice tr')).slice(0, 2).map("
            "function(r){return Array.from(r.cells).map(function(c){return c.textContent})"
            ".join(' ')})"
        )

    wait_for(lambda: table() == ["throw hand crib play (you, them) net", shown])
    assert words.startswith("JC KH 15.957 3.949 +")
    tap(browser, "withplay")
    with sim.lock:  # nothing entered in the game: the coach has its own picker
        assert sim.app.history.version == version and sim.app.history.state.phase == "cut"
    # The game's picker enters the card: the starter 5S.
    tap(browser, "card5S")
    wait_for(lambda: "count 0" in browser.find_element(By.TAG_NAME, "body").text)
    with sim.lock:
        assert sim.app.history.state.starter == 4 * 4 + 3
    # In the play (the laptop's page): the pone lays a 9; the dealer taps the four cards it
    # holds in the coach's picker and asks which to lay.
    click_and_wait(browser, "card9C")
    for card in ("5H", "5D", "JC", "6S", "4C", "KH"):  # the six chosen before, untapped
        tap(browser, "coach" + card)
    for card in ("6S", "KD", "4C", "2H"):
        tap(browser, "coach" + card)
    # A request that gets no answer (the network gone): "working it out…" does not stay.
    browser.execute_script(
        "window.realFetch=window.fetch;window.fetch=function(){return Promise.reject(new Error())}"
    )
    tap(browser, "pegadvise")
    error = browser.find_element(By.ID, "error")
    wait_for(lambda: error.text == "no answer came from the board: ask again")
    assert rows() == []
    browser.execute_script("window.fetch=window.realFetch")
    tap(browser, "pegadvise")
    expected = crib.peg_advice_lines(["6S", "KD", "4C", "2H"], ["9"], ["5S"], True)
    wait_for(lambda: len(rows()) == 1 + len(expected))
    assert rows()[0].text == "card net you them"
    first = expected[0].replace(" net ", " ").replace(" (you ", " ").replace(", them ", " ")
    assert rows()[1].text == first.rstrip(")").replace("+", "")


def test_cards_tapped_with_their_suits_need_no_questions_at_the_show():
    rig = Rig()
    client = client_for(rig)

    def tap(card):
        return call(client.post("/api/card", body={"token": client.token, "card": card}))

    call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
    assert tap("5S").json["phase"] == "play"  # the starter, in one tap
    for card in ("5H", "TC", "5D", "JH"):  # orange, blue, orange, blue
        assert tap(card).status_code == 200
    assert rig.match.play.count == 30 and rig.match.front == [2, 0]  # blue's fifteen
    assert "orange lays 5\u2666, count 20" in rig.app.log
    refused = tap("9C")
    assert (refused.status_code, refused.json) == (
        409,
        {"error": "39 would take the count past 31"},
    )
    assert tap("5H").json == {"error": "5\u2665 was already seen this deal"}
    assert (
        call(client.post("/api/card", body={"token": client.token, "card": "JOKER"})).status_code
        == 400
    )
    wrong = call(client.post("/api/card", body={"token": "0" * 32, "card": "9C"}))
    assert wrong.status_code == 403 and rig.match.play.count == 30
    # The suits are kept (5 of hearts: rank 4, suit 2): the show will not need to ask.
    assert (4, 2) in rig.match.seen and (9, 0) in rig.match.seen


def test_a_whole_deal_tapped_in_is_counted_without_a_question():
    rig = Rig()
    client = client_for(rig)

    def tap(card):
        if card == "#":
            answer = call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
        else:
            answer = call(client.post("/api/card", body={"token": client.token, "card": card}))
        rig.wait(40)  # the board's loop runs on: a show's words come once it is painted
        return answer

    tap("#")
    for card in TAPPED_DEAL:
        assert tap(card).status_code == 200, card
    assert rig.match.phase == "show" and rig.match.front == [4, 2]
    assert rig.lines[-1] == "orange's hand: # to count it"  # every suit seen, no question
    tap("#")
    assert rig.lines[-5:-1] == [
        "orange: hand for 6, now 8",
        "  fifteen 2 (5\u2666 T\u2663)",
        "  fifteen 4 (5\u2660 T\u2663)",
        "  pair 6 (5\u2666 5\u2660)",
    ]  # then blue's hand waits: "blue's hand: # to count it"
    tap("#")  # blue's hand
    refused = tap("5D")
    assert (refused.status_code, refused.json) == (
        409,
        {"error": "5\u2666 was already seen this deal"},
    )
    for card in ("KH", "QD", "4C"):
        assert tap(card).status_code == 200
    assert tap("KH").json == {"error": "K\u2665 is in the crib already"}
    tap("6S")
    assert rig.lines[-1] == "blue's crib: # to count it"  # the crib tapped: no question either
    tap("#")
    assert rig.lines[-6:] == [
        "blue: crib for 9, now 19",
        "  fifteen 2 (5\u2660 Q\u2666)",
        "  fifteen 4 (5\u2660 K\u2665)",
        "  fifteen 6 (4\u2663 5\u2660 6\u2660)",
        "  run of 3 for 9 (4\u2663 5\u2660 6\u2660)",
        "orange deals: key the starter's rank, or # to count this deal in points",
    ]
    assert rig.match.front == [19, 8] and rig.match.phase == "cut"


def test_history_and_settings_through_the_api():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    assert call(client.get("/api/history")).json == {"match": None, "past_matches": []}
    palettes = [["blue", "orange", "yellow"], ["purple", "sky blue", "yellow"],
                ["blue", "purple", "sky blue"]]  # fmt: skip
    assert call(client.get("/api/settings")).json == {
        "players": 2, "target": 121, "games": 1, "brightness": 64, "colours": 0,
        "palettes": palettes, "wifi": "off", "network": None, "end_early": False,
        "skunks_double": False, "loser_deals": True, "muggins": False, "club": "", "broker": "",
        "club_board": "cribbage",
    }  # fmt: skip
    changed = call(
        client.post("/api/settings", body={"token": client.token, "target": 61, "games": 3})
    )
    assert (changed.json["target"], changed.json["games"]) == (61, 3)
    assert Rig(store).app.controller.target == 61  # kept, as keys A B C keep them
    bright = call(client.post("/api/settings", body={"token": client.token, "brightness": 128}))
    assert bright.json["brightness"] == 128 and rig.app.renderer.brightness == 128
    assert Rig(store).app.renderer.brightness == 128  # kept on the flash too
    for body, error in (
        ({"token": client.token, "players": 3}, "players: 3 need a board with three tracks"),
        ({"token": client.token, "target": 100}, "target: one of (121, 61, 62)"),
        ({"token": client.token, "brightness": 300}, "brightness: a whole number from 21 to 255"),
        ({"token": client.token, "brightness": 20}, "brightness: a whole number from 21 to 255"),
        ({"token": client.token, "colour": 1}, "unknown field: colour"),
        ({"token": client.token, "colours": 3}, "colours: one of (0, 1, 2)"),
        ({"token": client.token, "muggins": 1}, "muggins: true or false"),
        (
            {"token": client.token, "wifi": "upstairs"},
            "wifi: one of ('off', 'access point', 'home')",
        ),
        ({"token": client.token, "wifi": "home"}, "home: enter the network's name first"),
        (
            {"token": client.token, "network": "Kitchen", "password": "short"},
            "a Wi-Fi password is 8 to 63 characters (or none, for an open one)",
        ),
        (
            {"token": client.token, "club": "Oak Street", "broker": "pi.local"},
            "the club's name may hold only letters, digits, - and _ ('Oak Street')",
        ),
        (
            {"token": client.token, "club": "oak", "broker": "pi.local:0", "target": 121},
            "the broker's port must be 1 to 65535 ('0')",
        ),
        (
            {"token": client.token, "club": "oak", "broker": "pi.local", "club_board": ""},
            "the board's name in the club needs 1 to 24 letters",
        ),
    ):
        refused = call(client.post("/api/settings", body=body))
        assert (refused.status_code, refused.json) == (400, {"error": error})
    assert call(client.post("/api/settings", body={"token": "f" * 32})).status_code == 403
    assert Rig(store).app.controller.target == 61  # the refused target was not kept
    club = {"token": client.token, "club": "oakclub", "broker": "192.168.1.10:1884",
            "club_password": "night-of-9", "club_board": "table-7"}  # fmt: skip
    joined = call(client.post("/api/settings", body=club))
    assert (joined.json["club"], joined.json["broker"], joined.json["club_board"]) == (
        "oakclub", "192.168.1.10:1884", "table-7")  # fmt: skip
    assert b"night-of-9" not in joined.body  # the password stays on the board
    from net import club_link

    assert club_link.settings(rig.app.config, store) == (
        "oakclub", "table-7", "192.168.1.10", 1884, "night-of-9")  # fmt: skip
    call(
        client.post(
            "/api/keys", body={"token": client.token, "keys": ["#", "#", "D", "3", "1", "#"]}
        )
    )
    history = call(client.get("/api/history")).json
    assert history["match"]["target"] == 61 and history["match"]["games"] == 3
    assert history["match"]["games_won"] == [0, 0] and history["past_matches"] == []


def test_statistics_per_side_outlive_the_match_that_made_them():
    from key_player import play_match

    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    empty = call(client.get("/api/stats")).json
    assert empty["match"] is None and empty["problem"] is None
    assert empty["all"][0]["hands"] == 0 and empty["all"][0]["average_hand"] is None
    rig.press("#")
    play_match(rig, seed=7)
    finished = call(client.get("/api/stats")).json
    played = call(client.get("/api/history")).json["match"]["played"]
    match = rig.match
    assert [game["winner"] for game in played] == match.results
    last = played[-1]
    assert last["runner_up"] == match.front[1 - match.results[-1]]  # the loser's final score
    assert last["skunk"] == match.skunked(1 - match.results[-1])
    assert finished["all"] == [
        finished["match"][0],
        finished["match"][1],
        empty["all"][2],
    ]  # only this match so far
    blue = finished["match"][0]
    assert blue["hands"] > 0 and blue["deals"] > 0
    assert blue["average_hand"] == round(rig.match.tally[1] / rig.match.tally[0], 2)
    rig.press("#")  # a new match: the journal compacts the finished one away
    rig.keys("5 4")  # and the new one pegs: 9
    after = call(client.get("/api/stats")).json
    assert after["match"][0]["hands"] == 0 and after["match"][0]["deals"] == 0  # at its cut
    kept = after["all"][0]
    assert kept["hands"] == blue["hands"] and kept["deals"] == blue["deals"]  # none played
    store.replace("stats.bin", b"garbage")
    damaged = call(client.get("/api/stats")).json
    assert damaged["problem"] == "the statistics file is damaged"
    assert damaged["all"][0]["deals"] == 0  # this match alone (at its cut): nothing made up


def test_side_colours_from_the_page_change_the_leds_and_the_words_and_are_kept():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    # The pairing code's two digits keyed, spelled on the count LEDs, are over first: their
    # white LEDs (a random code) would make a frame the current budget dims.
    rig.wait(2 * 1200)  # board.overlay.SPELL_MS a digit
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "4", "0", "5"]}))
    rig.wait(20)  # the board's loop repaints
    assert rig.app.renderer.scale == 255  # not dimmed: the colours below are the palette's
    layout = rig.app.layout
    blue_front = rig.colour(layout.peg_led(0, 2, 121))
    assert blue_front == (0, 114 * 64 // 255, 178 * 64 // 255)
    answer = call(client.post("/api/settings", body={"token": client.token, "colours": 1}))
    assert answer.json["colours"] == 1
    rig.wait(20)
    # Side 0 is purple now (204, 121, 167 at the brightness), and is called so.
    assert rig.colour(layout.peg_led(0, 2, 121)) == (204 * 64 // 255, 121 * 64 // 255,
                                                     167 * 64 // 255)  # fmt: skip
    rig.keys("5")
    assert rig.lines[-2].startswith("sky blue")  # side 1: a pair
    assert rig.lines[-1].startswith("purple to lay")  # side 0's turn, by its new name
    again = Rig(store)
    assert again.app.palette == 1 and again.app.side_names[0] == "purple"
    state = call(client_for(again).get("/api/state")).json
    assert state["sides"] == ["purple", "sky blue", "yellow"]


def test_makao_on_the_page_shows_its_table_and_takes_its_keys(served, browser):
    from selenium.webdriver.common.by import By

    sim, address = served
    with sim.lock:
        sim.app.press("D", True)  # hold D on the board: Makao
        sim.wait(20)
    browser.get(address)
    text = lambda: browser.find_element(By.TAG_NAME, "body").text  # noqa: E731
    wait_for(lambda: "makao: A for players" in text())
    pair_the_page(browser, sim)
    for key in "A 9 1 2 1 #".split():  # three players; the 9 of clubs starts; seat 1 lays a 2
        click_and_wait(browser, "key" + key)
    wait_for(lambda: "on the pile: 2\u2663 \u00b7 2 to take" in text())
    table = browser.find_element(By.ID, "table").text.splitlines()
    assert table == ["player 1 2 3", "cards 4 5 5", "to play"]  # the players across
    assert not browser.find_element(By.ID, "picker").is_displayed()  # no cribbage cards here
    # The long presses from the phone: # takes the penalty, then player 3 holds # to draw.
    assert browser.find_element(By.ID, "hold#").text == "hold #\ndraw"
    click_and_wait(browser, "key#")
    click_and_wait(browser, "hold#")
    wait_for(lambda: browser.find_element(By.ID, "table").text.splitlines()[1:] == [
        "cards 4 7 6", "to play"
    ])  # fmt: skip
    assert browser.execute_script(
        "return [].map.call(document.querySelectorAll('#table tr:last-child td'),"
        " function (c) { return c.textContent; })"
    ) == ["", "", "", "to play"]  # player 3's turn
    click_and_wait(browser, "holdB")  # Makao! called with six cards: refused, in words
    wait_for(lambda: "call Makao with one card left" in text())


def test_the_page_passes_axe_core_in_every_game_at_phone_width(served, browser):
    """axe-core (the accessibility engine, from npm) on the page at 360 px in cribbage, Makao
    and the Latvian game, in each of their views, in the dark scheme and the light one (the
    phone's own preference): no violation (an unnamed control, too little contrast, a missing
    label, a page without its heading, a target too small); what it finds is printed."""
    sim, address = served
    with open(AXE_SCRIPT, encoding="utf-8") as source:
        engine = source.read()
    phone(browser)
    found = {}
    with sim.lock:
        sim.press("#")  # a match: the cut, where the play view offers the 52 cards
    for game in ("cribbage", "makao", "latvian"):
        if game != "cribbage":
            with sim.lock:
                sim.app.press("D", True)  # hold D: the next game
                sim.wait(20)
        browser.get(address)
        wait_for(lambda game=game: browser.execute_script("return last && last.mode") == game)
        browser.execute_script(engine)
        views = ("play", "coach", "match", "settings") if game == "cribbage" else ("play", "match")
        for scheme, view in itertools.product(("dark", "light"), views):
            scheme_is = {"name": "prefers-color-scheme", "value": scheme}
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [scheme_is]})
            see(browser, view)  # each view as its name on the bar opens it
            violations = browser.execute_async_script(
                "var done = arguments[arguments.length - 1];"
                "axe.run({runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a',"
                " 'wcag21aa', 'wcag22aa', 'best-practice']}}).then(function (r) {"
                " done(r.violations); });"
            )
            at = "%s, %s view, %s" % (game, view, scheme)
            found[at] = [(v["impact"], v["id"], len(v["nodes"])) for v in violations]
            print("axe-core, %s at 360 px: %s" % (at, found[at] or "no violations"))
    assert len(found) == 16
    for view, violations in found.items():
        assert violations == [], (view, violations)


def test_the_pages_keypad_and_status_leds_have_the_faceplates_words(served, browser):
    from selenium.webdriver.common.by import By

    from board import words

    sim, address = served
    browser.get(address)
    wait_for(lambda: browser.find_elements(By.ID, "keyD"))
    for key, meaning in words.KEY_ROWS:
        assert browser.find_element(By.ID, "key" + key).text == key + "\n" + meaning
    expected = words.status_words(sim.app.layout)
    order = sim.app.layout.wire_order  # the page numbers LEDs by their place on the wire
    named = {
        led if order is None else order[led] // 3: " ".join(w for w in lines if w)
        for led, lines in expected.items()
    }
    assert len([led for led in named if named[led]]) >= 20
    for led, label in named.items():
        titles = browser.find_elements(By.CSS_SELECTOR, "#led%d title" % led)
        assert [t.get_attribute("textContent") for t in titles] == ([label] if label else [])
    see(browser, "settings")  # the status LEDs' legend, under the board's settings
    legend = browser.find_element(By.ID, "legend").text
    assert legend.startswith("status LEDs, left to right: mode \u00b7 dealer blue \u00b7 orange")
    assert "1 starter \u00b7 2 its suit \u00b7 3 hand: D pts" in legend


def test_every_control_is_at_least_44_css_px_square_at_phone_width(served, browser):
    """Buttons, drop-downs, text fields and sliders measured in the browser at 360 px; a
    checkbox's target is its label (a tap on the words ticks it)."""
    sim, address = served
    phone(browser)
    browser.get(address)
    wait_for(lambda: browser.execute_script("return !!document.getElementById('coachKS')"))
    with sim.lock:
        sim.press("#")  # a match: the cut, where the play view offers the cards
    wait_for(lambda: browser.execute_script("return document.body.dataset.entry") == "card")
    sizes = []
    for view in ("play", "coach", "match", "settings"):  # each as its name on the bar shows it
        see(browser, view)
        sizes += browser.execute_script(
            "var out = [];"
            "document.querySelectorAll('button, select, input, label, #views a').forEach("
            " function (e) {"
            "  if (e.tagName == 'INPUT' && e.type == 'checkbox') return;"
            "  if (e.tagName == 'LABEL' && !e.querySelector('input[type=checkbox]')) return;"
            "  var r = e.getBoundingClientRect();"
            "  if (r.width || r.height)"
            "   out.push([e.id || e.name || e.textContent.trim().slice(0, 20),"
            "    Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);"
            "});"
            "return out;"
        )
    assert len(sizes) > 120  # the keypad, the held keys, both pickers, the settings, the bar
    # A picker's card is a thirteenth of the screen's width, so that all 52 fit with the
    # prompt on one screen: 44 px tall and at least WCAG 2.5.8's 24 px wide.
    cards = [size for size in sizes if re.fullmatch(r"(card|coach)[2-9TJQKA][CDHS]", size[0])]
    assert len(cards) == 104 and all(w >= 24 and h >= 44 for _, w, h in cards), cards
    small = [size for size in sizes if (size[1] < 44 or size[2] < 44) and size not in cards]
    assert small == [], small


@pytest.mark.slow
def test_a_refused_settings_save_clears_the_earlier_saved(served, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    sim, address = served
    browser.get(address)
    pair_the_page(browser, sim)
    wait_for(lambda: Select(browser.find_element(By.NAME, "target")).first_selected_option)
    Select(browser.find_element(By.NAME, "target")).select_by_visible_text("61")
    click_and_wait(browser, "save")
    saved = lambda: browser.find_element(By.ID, "saved").text  # noqa: E731
    wait_for(lambda: saved() == "saved")
    Select(browser.find_element(By.NAME, "wifi")).select_by_visible_text("home")  # no network
    click_and_wait(browser, "save")
    text = browser.find_element(By.ID, "error").text
    assert (saved(), text) == ("", "home: enter the network's name first")
    with sim.lock:
        assert sim.app.controller.target == 61  # the first save kept, the refused one not


def test_the_play_ended_early_from_the_pages_held_key(served, browser):
    from selenium.webdriver.common.by import By

    sim, address = served
    browser.get(address)
    pair_the_page(browser, sim)
    for control in ("key#", "card5S", "cardTC", "card5D"):  # a match, the starter, two cards
        click_and_wait(browser, control)
    assert browser.find_element(By.ID, "hold#").text == "hold #\nend the play \u00b7 muggins"
    click_and_wait(browser, "hold#")  # hold #: the play ends now, the show begins
    wait_for(lambda: " \u00b7 show" in browser.find_element(By.ID, "score").text)
    with sim.lock:
        assert sim.app.history.state.phase == "show"


@pytest.mark.parametrize("game, holds_of_d", [("makao", 1), ("latvian", 2)])
def test_a_whole_shedding_game_played_from_the_pages_controls(served, browser, game, holds_of_d):
    """Keys chosen from the referee's answers on one board (drawing, passing, taking a
    penalty, demanding a rank or a suit, a joker, calling Makao, a challenge, then cards that
    fit to the end) are pressed on the page's buttons, long presses included; the board
    behind the page must end in the same state."""
    from selenium.webdriver.common.by import By

    import drivers
    import shed_script

    recorded = drivers.fast_rig(MemoryStore())
    for _ in range(holds_of_d):
        recorded.press("D", 800)
    tokens = shed_script.play(recorded, game)
    assert {"hold:#", "#"} <= set(tokens)
    sim, address = served
    browser.get(address)
    pair_the_page(browser, sim)
    for _ in range(holds_of_d):
        click_and_wait(browser, "holdD")
    for token in tokens:
        click_and_wait(browser, "hold" + token[5:] if token.startswith("hold:") else "key" + token)
    with sim.lock:
        referee = sim.app.history.state
        assert referee.over and referee.state() == recorded.app.history.state.state()
        assert sim.app.refusal is None
    loser = recorded.lines[-1]
    assert loser.startswith("game over: player ")
    see(browser, "match")
    wait_for(lambda: loser in browser.find_element(By.ID, "log").text)


@pytest.mark.slow
def test_a_phone_that_stops_reading_never_holds_up_the_keys():
    """The server runs in the keys' own asyncio loop, as on the board. Three phones hang: one
    stops reading the live stream, one sends half a request, one stops reading the page.
    Every key pressed meanwhile is taken and shown, and a fourth phone is still served."""
    import config
    import fake_machine
    from keypad import KEY_NAMES

    rig = Rig()
    server = web_routes.make_server(web.Board(rig.app, web_sim.page_file()))
    port = free_port()
    fronts = []

    async def press(name, hold_ms=60):
        index = KEY_NAMES.index(name)
        fake_machine.press(config.KEYPAD_ROW_PINS[index // 4], config.KEYPAD_COL_PINS[index % 4])
        for held in (hold_ms, 60):
            for _ in range(held // 10):
                rig.now += 10
                rig.app.poll(rig.now)
                rig.app.paint(rig.now)
                await asyncio.sleep(0.001)  # the server's tasks run between two polls
            fake_machine.release_all()

    async def hung(request, read=0):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # a phone gone quiet
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        await asyncio.get_running_loop().sock_sendall(sock, request)
        if read:
            await asyncio.sleep(0.2)
            sock.recv(read)
        return sock

    async def evening():
        serving = asyncio.create_task(server.start_server(host="127.0.0.1", port=port))
        await asyncio.sleep(0.1)
        quiet = [
            await hung(b"GET /api/events HTTP/1.1\r\nHost: cribbage\r\n\r\n"),
            await hung(b"GET /api/state HTTP/1.1\r\nHost: bo"),
            await hung(b"GET / HTTP/1.1\r\nHost: cribbage\r\n\r\n", read=100),
        ]
        for key in "# 5 4 0 5 5".split():
            await press(key)
        fronts.append(list(rig.match.front))
        for _ in range(40):  # undo and redo: a new state for the live stream each time
            await press("*")
            fronts.append(list(rig.match.front))
            await press("*", config.LONG_PRESS_MS + 60)
            fronts.append(list(rig.match.front))
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /api/state HTTP/1.1\r\nHost: cribbage\r\n\r\n")
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)  # until the board closes it
        writer.close()
        for sock in quiet:
            sock.close()
        server.shutdown()
        await serving
        return answer

    answer = call(evening())
    assert fronts == [[2, 2]] + [[2, 0], [2, 2]] * 40  # every key taken, in order
    assert answer.startswith(b"HTTP/1.0 200") and b'"front": [2, 2]' in answer


def test_the_page_screenshots_go_stale_when_the_page_changes(tmp_path, monkeypatch):

    assert web_pictures.main(["--check"]) == 0
    copy = tmp_path / "firmware"
    shutil.copytree(web_pictures.FIRMWARE, copy)
    monkeypatch.setattr(web_pictures, "FIRMWARE", str(copy))
    assert web_pictures.main(["--check"]) == 0  # the same sources: still current
    with open(copy / "www" / "index.html", "a") as page:
        page.write("<!-- a change -->\n")
    assert web_pictures.main(["--check"]) == 1


def test_the_match_options_set_on_the_page_start_the_next_match_and_are_kept():
    from cribbage import events as ev

    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    body = {"token": client.token, "skunks_double": True, "muggins": True, "loser_deals": False}
    answer = call(client.post("/api/settings", body=body)).json
    assert (answer["skunks_double"], answer["muggins"], answer["loser_deals"]) == (
        True, True, False,
    )  # fmt: skip
    again = Rig(store)  # kept on flash with the players, target and games
    assert again.app.controller.flags == ev.SKUNK_COUNTS_DOUBLE | ev.MUGGINS_ON
    again.keys("#")
    assert again.match.flags == ev.SKUNK_COUNTS_DOUBLE | ev.MUGGINS_ON


def test_a_setting_of_the_wrong_type_is_refused_and_changes_nothing():
    rig = Rig()
    client = client_for(rig)
    before = call(client.get("/api/settings")).json
    for body in (
        {"target": 61.0}, {"games": 3.0}, {"players": 2.0}, {"players": True},
        {"colours": 1.0}, {"brightness": 96.0}, {"brightness": True},
        {"new_pin": "\u0661\u0662\u0663\u0664"},
    ):  # fmt: skip
        answer = call(client.post("/api/settings", body=dict(body, token=client.token)))
        assert answer.status_code == 400, body
        assert call(client.get("/api/settings")).json == before, body
    assert (
        call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]})).status_code
        == 200
    )
    assert rig.match.target == 121  # the match starts with the settings as they were


def _posted(address, path, body):
    request = urllib.request.Request(
        address + path.lstrip("/"), json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_the_boards_page_answers_the_expert_coach_and_the_plays_advice_from_its_tables(
    served, tmp_path
):
    """The board's page answers the expert coach, each throw's play and the play's advice from
    their tables, as tools/player/crib.py prints them (without a table, with where to get it); the
    simulator's page (the same page, on a laptop) answers all three:
    the expert's throws as tools/player/crib.py prints them, and the card to lay in the game's own
    play as `crib.py peg-advice` gives it for the same cards."""
    import coach_expert
    import peg_advice

    rig = Rig()
    client = client_for(rig)
    cards = ["5H", "5D", "JC", "6S", "4C", "KH"]
    board = client.board
    # Each throw's play on the board, from the tables of the pone's leads: as `crib.py
    # discard --play` prints it, as pone and as dealer; refused in words without them.
    board.leads_table = str(tmp_path / "leads.bin")
    refused = call(client.post("/api/coach", body={"cards": cards, "play": True, "pone": True}))
    assert refused.status_code == 501 and refused.json["error"] == web_advice.NO_LEADS_TABLES % (
        "[Errno 2] No such file or directory: '%s'" % board.leads_table)  # fmt: skip
    board.leads_table = peg_advice.board_leads_path()
    board.best_leads_table = peg_advice.board_best_leads_path()
    dealt = parse_many(" ".join(cards))
    for pone in (True, False):
        asked = {"cards": cards, "pone": pone, "play": True}
        answer = call(client.post("/api/coach", body=asked))
        assert answer.status_code == 200 and answer.json["play"] is True
        assert [
            "%s hand %.3f crib %.3f play %+.3f (you %.3f, them %.3f) net %.3f" % (
                " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["play"],
                throw["play_you"], throw["play_them"], throw["net"])
            for throw in answer.json["throws"]
        ] == discard_coach.discard_lines(dealt, not pone, "uniform", True)  # fmt: skip
    # The play's advice on the board: refused in words before the play, and without its table;
    # answered with it as `crib.py peg-advice` answers (the starter 5C, the pone lays a 9).
    asked = {"cards": ["6S", "KD", "4C", "2H"]}
    assert call(client.post("/api/peg-advice", body=asked)).json == {
        "error": "the play's advice is for the play of a two-player game"
    }
    for key in ("#", "5", "1"):
        rig.press(key)
    # The pone's lead from four, read from the table of leads; a damaged one refused in words.
    board.count_starts_table = peg_advice.board_table_path()
    board.leads_table = peg_advice.board_leads_path()
    pone = {"cards": ["AH", "2S", "3D", "4C"]}
    answer = call(client.post("/api/peg-advice", body=pone))
    assert [
        "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
        for c in answer.json["cards"]
    ] == crib.peg_advice_lines(pone["cards"], [], ["5C"], False)
    damaged = tmp_path / "leads.bin"
    damaged.write_bytes(b"\0" * 100)
    board.leads_table = str(damaged)
    refused = call(client.post("/api/peg-advice", body=pone))
    assert (refused.status_code, refused.json) == (501, {"error": web_advice.NO_PLAY_TABLE % (
        "%s is not the table of the pone's leads" % damaged)})  # fmt: skip
    rig.press("9")
    board.play_tables = None
    board.count_starts_table = str(tmp_path / "count-starts.bin")
    refused = call(client.post("/api/peg-advice", body=asked))
    assert (refused.status_code, refused.json) == (501, {"error": web_advice.NO_PLAY_TABLE % (
        "[Errno 2] No such file or directory: '%s'" % board.count_starts_table)})  # fmt: skip
    board.count_starts_table = peg_advice.board_table_path()
    answer = call(client.post("/api/peg-advice", body=asked))
    assert answer.status_code == 200
    assert [
        "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
        for c in answer.json["cards"]
    ] == crib.peg_advice_lines(asked["cards"], ["9"], ["5C"], True)
    board.expert_table = str(tmp_path / "expert.bin")  # not there: refused, in words
    refused = call(client.post("/api/coach", body={"cards": cards, "opponent": "expert"}))
    assert refused.status_code == 501
    assert refused.json["error"].startswith(
        "the coach against a sensible player's throw reads a table this board does not have ("
    )
    assert refused.json["error"].endswith(
        "): crib-deploy copies it, with the coach's extra installed"
        " (pip install -e '.[coach]'); the coach against any two cards works without it"
    )
    board.expert_table = coach_expert.board_table_path()
    for pone in (False, True):
        answer = call(
            client.post("/api/coach", body={"cards": cards, "opponent": "expert", "pone": pone})
        )
        assert answer.status_code == 200 and answer.json["opponent"] == "expert"
        lines = discard_coach.discard_lines(parse_many(" ".join(cards)), not pone, "expert")
        assert [
            "%s hand %.3f crib %.3f net %.3f (uniform crib %.3f net %.3f)" % (
                " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["net"],
                throw["uniform_crib"], throw["uniform_net"])
            for throw in answer.json["throws"]
        ] == lines  # fmt: skip
    # Against the sensible player and with each throw's play, as the laptop prints both.
    board.leads_table = peg_advice.board_leads_path()
    asked = {"cards": cards, "pone": True, "play": True, "opponent": "expert"}
    answer = call(client.post("/api/coach", body=asked))
    assert answer.status_code == 200
    assert [
        "%s hand %.3f crib %.3f play %+.3f (you %.3f, them %.3f) net %.3f (uniform crib %.3f"
        " net %.3f)" % (
            " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["play"],
            throw["play_you"], throw["play_them"], throw["net"], throw["uniform_crib"],
            throw["uniform_net"])
        for throw in answer.json["throws"]
    ] == discard_coach.discard_lines(
        parse_many(" ".join(cards)), False, "expert", True
    )  # fmt: skip
    assert call(client.post("/api/coach", body={"cards": cards, "opponent": "x"})).json == {
        "error": "opponent: uniform or expert"
    }
    assert call(client.post("/api/coach", body={"cards": cards, "play": 1})).json == {
        "error": "play: true or false"
    }
    sim, address = served
    status, answer = _posted(address, "/api/coach", {"cards": cards, "opponent": "expert"})
    assert status == 200 and answer["opponent"] == "expert" and len(answer["throws"]) == 15
    lines = discard_coach.discard_lines(parse_many(" ".join(cards)), True, "expert")
    for throw, line in zip(answer["throws"], lines):
        assert line == "%s hand %.3f crib %.3f net %.3f (uniform crib %.3f net %.3f)" % (
            " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["net"],
            throw["uniform_crib"], throw["uniform_net"])  # fmt: skip
    five = _posted(address, "/api/coach", {"cards": cards[:5], "opponent": "expert"})
    assert five == (400, {"error": "cards: the 6 cards dealt (two players)"})
    # Each throw's play, counted in its net: as `crib.py discard --play` prints it.
    status, answer = _posted(address, "/api/coach", {"cards": cards, "pone": True, "play": True})
    assert status == 200 and answer["play"] is True and len(answer["throws"]) == 15
    lines = discard_coach.discard_lines(parse_many(" ".join(cards)), False, "uniform", True)
    for throw, line in zip(answer["throws"], lines):
        assert line == "%s hand %.3f crib %.3f play %+.3f (you %.3f, them %.3f) net %.3f" % (
            " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["play"],
            throw["play_you"], throw["play_them"], throw["net"])  # fmt: skip
    # The play: a match, the starter 5C, the pone lays a 9; the dealer asks with its four.
    with sim.lock:
        for key in ("#", "5", "1", "9"):
            sim.press(key)
        dealer_hand = ["6S", "KD", "4C", "2H"]
    status, answer = _posted(address, "/api/peg-advice", {"cards": dealer_hand})
    assert status == 200
    expected = crib.peg_advice_lines(dealer_hand, ["9"], ["5C"], True)
    assert [
        "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
        for c in answer["cards"]
    ] == expected
    assert _posted(address, "/api/peg-advice", {"cards": dealer_hand[:3]}) == (
        409, {"error": "the player to lay has laid 0 cards, so holds 4: got 3"})  # fmt: skip
    assert _posted(address, "/api/peg-advice", {"cards": ["5C", "KD", "4C", "2H"]}) == (
        409, {"error": "5C is the starter or laid already"})  # fmt: skip


def test_the_page_says_the_boards_new_words_once_aloud_and_to_a_screen_reader(served, browser):
    """The board's own words, as it says them: each key's new lines once, in order, to the
    polite live region and (switched on and remembered on this phone) to the browser's own
    speech at the rate chosen; keys pressed in one burst are one announcement."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    sim, address = served
    browser.get(address)
    text = lambda: browser.find_element(By.TAG_NAME, "body").text  # noqa: E731
    wait_for(lambda: "new match: A players (2)" in text())
    browser.execute_script(
        "window.heardAloud = [];"
        "speechSynthesis.speak = function (u) { heardAloud.push([u.text, u.rate]) }"
    )
    tap(browser, "speak")
    Select(browser.find_element(By.ID, "rate")).select_by_visible_text("fast")
    spoken = lambda: browser.execute_script("return heardAloud")  # noqa: E731
    expected = []
    for burst in (["#"], ["5", "4"], ["0"], ["5"]):
        with sim.lock:
            before = len(sim.console)
            for key in burst:
                sim.press(key)
            expected.append(". ".join(sim.console[before:]))
        wait_for(lambda: len(spoken()) == len(expected))
    assert [words for words, _ in spoken()] == expected
    assert {round(rate, 2) for _, rate in spoken()} == {1.3}  # a float32 in the browser
    assert expected[1] == (
        "starter 5: its suit? 1 clubs 2 diamonds 3 hearts 4 spades. starter 5\u2660. orange to"
        " lay: the card's rank; # if orange cannot lay"
    )  # two keys at once: one announcement of the three lines they made
    assert browser.find_element(By.ID, "spoken").get_attribute("aria-live") == "polite"
    assert (
        browser.execute_script("return document.getElementById('spoken').textContent")
        == (expected[-1])
    )
    time.sleep(0.5)
    assert len(spoken()) == len(expected)  # once each, no echo
    browser.refresh()  # remembered on this phone
    wait_for(lambda: browser.find_element(By.ID, "speak").is_selected())
    assert Select(browser.find_element(By.ID, "rate")).first_selected_option.text == "fast"


def test_the_scoreboards_side_colours_are_the_boards():
    """The scoreboard marks each side with its colour by name: the page's table of them is
    the board's own (firmware/lib/board/colours.py), every name in it."""
    from board import colours

    page_path = os.path.join(ROOT, "firmware", "www")
    with open(os.path.join(page_path, "index.html"), encoding="utf-8") as page:
        table = re.search(r"var EDGES=\{(.*?)\};", page.read()).group(1)
    edges = dict(re.findall(r'"?([a-z ]+)"?:"(#[0-9a-f]{6})"', table))
    assert edges == {name: "#%02x%02x%02x" % rgb for name, rgb in colours.COLOURS.items()}


def test_the_scoreboard_reads_from_across_the_table_in_both_orientations(served, browser):
    """The scoreboard view follows the board live: each side's score in numbers filling a
    propped phone's screen, white on black (axe-core's enhanced contrast rule, 7:1: no
    violation), at 360 x 640 and 640 x 360 with the text size at 200 %, nothing cut off."""
    from selenium.webdriver.common.by import By

    sim, address = served
    with open(AXE_SCRIPT, encoding="utf-8") as source:
        engine = source.read()
    browser.get(address)
    wait_for(lambda: browser.execute_script("return last && last.mode") == "cribbage")
    tap(browser, "sbopen")
    assert browser.execute_script("return location.hash") == "#scoreboard"
    with sim.lock:
        for key in "# 5 4 0 5".split():  # the starter 5♠, orange lays T, blue 5: fifteen 2
            sim.press(key)
    shown = lambda: [  # noqa: E731
        side.text.split("\n") for side in browser.find_elements(By.CSS_SELECTOR, ".sbside")
    ]
    wait_for(lambda: shown() == [["blue", "2"], ["orange", "0"]])
    assert browser.find_element(By.ID, "sbstate").text == (
        "orange to lay: the card's rank; # if orange cannot lay"
    )
    browser.execute_script("document.documentElement.style.fontSize = '200%'")
    for width, height in ((360, 640), (640, 360)):
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        browser.get(address + "#scoreboard")  # opened straight from its address, too
        wait_for(lambda: shown() == [["blue", "2"], ["orange", "0"]])
        measured = browser.execute_script(
            "var v = document.getElementById('scoreboard'), out = [];"
            "document.querySelectorAll('#scoreboard span, #scoreboard b, #sbstate')"
            ".forEach(function (e) { var r = e.getBoundingClientRect();"
            " out.push([e.tagName, r.left, r.right, r.top, r.bottom,"
            " parseFloat(getComputedStyle(e).fontSize), e.scrollWidth - e.clientWidth]) });"
            "return [v.scrollWidth - v.clientWidth, innerWidth, innerHeight, out]"
        )
        sideways, inner_width, inner_height, boxes = measured
        assert sideways <= 0, (width, sideways)  # no sideways scrolling
        for tag, left, right, top, bottom, size, clipped in boxes:
            assert clipped <= 0 and left >= 0 and right <= inner_width, (width, tag)
            if tag == "SPAN":  # a score: on the screen whole, and large
                assert top >= 0 and bottom <= inner_height and size >= 100, (width, size)
        browser.execute_script(engine)
        violations = browser.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run('#scoreboard', {runOnly: ['color-contrast-enhanced', 'color-contrast']})"
            ".then(function (r) { done(r.violations); });"
        )
        assert violations == [], (width, violations)
    tap(browser, "sbclose")
    assert browser.find_element(By.ID, "scoreboard").is_displayed() is False
    phone(browser)


# navigator.wakeLock as the page meets it, recording what the page asks (window.wakeLog):
# "request screen", "release"; window.refuseWake makes each request fail, as a browser that
# refuses does; document.visibilityState is window.stubVisibility, so a test hides the page.
WAKE_LOCK_STUB = """
window.wakeLog = []; window.stubVisibility = "visible";
Object.defineProperty(document, "visibilityState",
  {get: function () { return window.stubVisibility; }});
Object.defineProperty(navigator, "wakeLock", {value: {request: function (kind) {
  window.wakeLog.push("request " + kind);
  if (window.refuseWake)
    return Promise.reject(new DOMException("refused", "NotAllowedError"));
  var lock = {released: false, heard: [],
    addEventListener: function (e, f) { this.heard.push(f); },
    release: function () { this.released = true; window.wakeLog.push("release");
      this.heard.forEach(function (f) { f(); }); return Promise.resolve(); }};
  return Promise.resolve(lock);
}}});
"""


def stubbed_wake_lock(browser, address, refuse=False):
    browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": WAKE_LOCK_STUB + ("window.refuseWake = true;" if refuse else "")},
    )
    browser.get(address)
    return lambda: browser.execute_script("return window.wakeLog")


def set_seen(browser, state):
    browser.execute_script(
        "window.stubVisibility = arguments[0];"
        " document.dispatchEvent(new Event('visibilitychange'))",
        state,
    )


@pytest.mark.slow
def test_the_screen_is_kept_on_while_a_game_is_on_and_let_go_at_the_matchs_end(served, browser):
    from key_player import play_match

    sim, address = served
    log = stubbed_wake_lock(browser, address)
    time.sleep(1)
    assert log() == []  # no match yet: the screen may sleep
    with sim.lock:
        sim.press("#")  # a match
    wait_for(lambda: log() == ["request screen"])
    set_seen(browser, "hidden")  # the phone's screen turned off, or another app on top
    wait_for(lambda: log() == ["request screen", "release"])
    set_seen(browser, "visible")  # back: asked again
    wait_for(lambda: log() == ["request screen", "release", "request screen"])
    see(browser, "settings")
    tap(browser, "keepawake")  # turned off here: let go, and not asked again
    wait_for(lambda: log()[-1] == "release" and len(log()) == 4)
    tap(browser, "keepawake")
    wait_for(lambda: len(log()) == 5 and log()[-1] == "request screen")

    class Player:  # key_player's rig, on the simulator
        def __init__(self):
            self.app, self.press = sim.app, sim.press

        @property
        def match(self):
            return sim.app.history.state

    with sim.lock:
        play_match(Player(), seed=7)
        assert sim.app.history.state.phase == "match over"
    wait_for(lambda: len(log()) == 6 and log()[-1] == "release")  # the match is over
    assert browser.execute_script("return localStorage.getItem('awake')") == "1"


@pytest.mark.slow
def test_a_browser_that_will_not_keep_the_screen_on_is_said_once(served, browser):
    from selenium.webdriver.common.by import By

    sim, address = served
    log = stubbed_wake_lock(browser, address, refuse=True)
    with sim.lock:
        sim.press("#")
    said = (
        "this browser will not keep the screen on: it may go dark mid-game (the phone's own"
        " display setting can keep it on)"
    )
    wait_for(lambda: browser.find_element(By.ID, "awake").text == said)
    with sim.lock:
        sim.run_script("5 1")  # the game goes on: the page is told, and does not ask again
    wait_for(lambda: "starter 5\u2663" in browser.find_element(By.TAG_NAME, "body").text)
    assert log() == ["request screen"]
    set_seen(browser, "hidden")
    set_seen(browser, "visible")  # asked again, refused again: still said once
    wait_for(lambda: log() == ["request screen", "request screen"])
    assert browser.find_element(By.ID, "awake").text == said


@pytest.mark.slow
def test_each_view_opens_from_the_bar_and_from_its_address_without_a_reload(served, browser):
    """Play, Coach, Match and Settings: one shown at a time, its name on the bar marked, from
    a tap on the bar (no reload: the page's own state and live stream stay) and from the
    address (a bookmark); an address that names no view opens the play, scrolled to the top."""
    from selenium.webdriver.common.by import By

    sim, address = served
    views = ("play", "coach", "match", "settings")

    def shown():
        return browser.execute_script(
            "return [].filter.call(document.querySelectorAll('[data-view]'),"
            " function (v) { return !v.hidden; }).map(function (v) {"
            " return v.getAttribute('data-view'); })"
        )

    def marked():
        return browser.execute_script(
            "return [].map.call(document.querySelectorAll('#views a[aria-current=page]'),"
            " function (a) { return a.textContent; })"
        )

    for view in views + ("scoreboard-not-a-view", ""):
        browser.get(address + "#" + view if view else address)
        expected = view if view in views else "play"
        wait_for(lambda expected=expected: shown() == [expected])
        assert marked() == [expected.capitalize()]
        assert browser.execute_script("return window.scrollY") == 0  # no element named so
    wait_for(lambda: browser.execute_script("return !!last"))
    browser.execute_script("window.stayed = 1")
    for view in views:
        see(browser, view)
        wait_for(lambda view=view: shown() == [view])
        assert browser.current_url.endswith("#" + view)
    assert browser.execute_script("return window.stayed") == 1  # no reload
    with sim.lock:
        sim.press("#")  # the board moves on while the settings are shown: the page follows
    see(browser, "play")
    wait_for(lambda: "blue deals" in browser.find_element(By.ID, "awaiting").text)


def test_chromium_finds_the_page_installable_in_its_own_window(served, browser):
    """Chromium's own check (DevTools' Page.getInstallabilityErrors), on the manifest the
    board serves: no error; the app opens at the page's address, in a window of its own
    (display standalone), its icon the board's."""
    sim, address = served
    browser.get(address)
    wait_for(lambda: browser.execute_script("return !!last"))
    assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {}) == {
        "installabilityErrors": []
    }
    manifest = browser.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["errors"] == []
    parsed = manifest["manifest"]
    assert (parsed["startUrl"], parsed["scope"], parsed["display"]) == (
        address,
        address,
        "kStandalone",
    )
    assert [(icon["url"], icon["type"]) for icon in parsed["icons"]] == [
        (address + "icon.svg", "image/svg+xml"),
        (address + "icon.png", "image/png"),
    ]


# Two deals keyed as a player taps them, blue dealing first: the starter's rank keyed on the
# board's own keypad and its suit tapped on the page; the play with a 31 and a go; both hands
# counted; the crib tapped card by card. Then the starter tapped; the play ended early (held
# #); a hand's four ranks keyed and the flush question answered; a hand pegged in points;
# the crib tapped. Each step: the control tapped (an element's id), or "board:" a key pressed
# on the board; then what the page offers next ("card", "suit" or "key": the body's
# data-entry, from the board's answer).
TWO_DEALS_BY_TAPS = [
    ("key#", "card"),  # a match: blue deals, the cut
    ("board:5", "suit"),  # the starter's rank on the board's keys: its suit on the page
    ("key4", "card"),  # spades: orange leads
    ("cardTC", "card"), ("cardKH", "card"), ("cardAC", "card"),
    ("cardTD", "card"),  # blue: 31 for 2
    ("card9C", "card"), ("cardQS", "card"), ("card8C", "card"),
    ("key#", "card"),  # blue cannot lay the J: a go, orange has none left: 1 for orange
    ("cardJS", "key"),  # blue's last card: 1
    ("key#", "key"),  # orange's hand: TC AC 9C 8C 5S, 11
    ("key#", "card"),  # blue's hand: KH TD QS JS 5S, 13 with his nobs
    ("card2H", "card"), ("card3D", "card"), ("card4H", "card"), ("card6S", "key"),
    ("key#", "card"),  # blue's crib, 9: orange deals the next
    ("card7H", "card"),  # the starter tapped, suit and all
    ("card5C", "card"), ("cardTH", "card"),  # orange: fifteen for 2
    ("hold#", "key"),  # the play ended here: blue's hand is keyed by its ranks
    ("key5", "key"), ("key2", "key"), ("key9", "key"), ("keyC", "key"),
    ("key0", "key"),  # not all four of one suit: 2 (fifteen) for blue; orange's hand
    ("keyD", "key"), ("key1", "key"), ("key2", "key"),  # in points
    ("key#", "card"),  # 12 for orange: its crib
    ("card2D", "card"), ("card3H", "card"), ("card9S", "card"), ("cardQC", "key"),
    ("key#", "card"),  # the crib, 2 (fifteen): blue deals the third
]  # fmt: skip
# blue: 31 for 2 + last card 1 + hand 13 + crib 9, then its hand 2; orange: a go 1 + hand 11,
# then 15 for 2 + its hand 12 + its crib 2.
AFTER_TWO_DEALS = [27, 28]
SCREENS = [
    (360, 640),
    (412, 915),
    (1024, 768),
    (640, 360),
]  # phones, a tablet, a phone on its side


@pytest.mark.parametrize("width, height", SCREENS)
def test_two_deals_keyed_by_taps_on_one_screen_without_a_scroll(served, browser, width, height):
    """At each step the play view fits the screen (nothing below the fold), the prompt and
    the control a player taps next are on it, above the bar and above any refusal, and the
    page offers what the prompt asks (the cards, the suits, the keypad); not one scroll is
    made in the two deals, and the board ends on the scores counted here by hand."""
    from selenium.webdriver.common.by import By

    sim, address = served
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.get(address)
    pair_the_page(browser, sim)
    see(browser, "play")
    wait_for(lambda: browser.find_elements(By.ID, "keyD"))
    browser.execute_script(
        "window.scrollTo(0, 0); window.scrolls = 0;"
        " addEventListener('scroll', function () { window.scrolls++; })"
    )
    entry = lambda: browser.execute_script("return document.body.dataset.entry")  # noqa: E731
    text = lambda: browser.find_element(By.ID, "log").get_attribute("textContent")  # noqa: E731
    offered = []
    for control, then in TWO_DEALS_BY_TAPS:
        if control.startswith("board:"):
            with sim.lock:
                sim.press(control[6:])
            wait_for(lambda then=then: entry() == then)
            continue
        placed = browser.execute_script(
            "var e = document.getElementById(arguments[0]), r = e.getBoundingClientRect(),"
            " error = document.getElementById('error'), p = document.getElementById('awaiting')"
            ".getBoundingClientRect(), floor = (error.textContent ? error :"
            " document.getElementById('views')).getBoundingClientRect().top;"
            "return [document.documentElement.scrollHeight - innerHeight, !!e.offsetParent,"
            " r.top >= 0 && r.bottom <= floor, p.top >= 0 && p.bottom <= floor]",
            control,
        )
        assert placed == [0, True, True, True], (control, entry(), placed)
        offered.append(entry())
        before = browser.execute_script("return document.body.getAttribute('data-n')")
        browser.find_element(By.ID, control).click()
        wait_for(
            lambda before=before: (
                browser.execute_script("return document.body.getAttribute('data-n')") != before
            ),
            every=0.01,
        )
        assert browser.find_element(By.ID, "error").text == "", (control, text())
        assert entry() == then, (control, entry())
    assert set(offered) == {"card", "suit", "key"}
    assert browser.execute_script("return [window.scrolls, window.scrollY]") == [0, 0]
    with sim.lock:
        assert sim.app.history.state.front == AFTER_TWO_DEALS
    assert browser.find_element(By.ID, "score").text.startswith("blue 27, orange 28 \u00b7 cut")


# navigator.vibrate as the page meets it, recording each tick asked (window.ticks).
VIBRATE_STUB = """
window.ticks = [];
Object.defineProperty(navigator, "vibrate",
  {value: function (ms) { window.ticks.push(ms); return true; }});
"""


def test_a_tap_ticks_only_when_asked_and_nothing_on_the_page_moves_by_itself(served, browser):
    """The haptic tick is off at first; turned on in the settings, each tap of the game's
    controls asks the phone for a 12 ms tick (kept for the next visit). The page has no
    animation or transition to stop for a player who asks for reduced motion."""
    sim, address = served
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": VIBRATE_STUB})
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    browser.get(address)
    pair_the_page(browser, sim)
    click_and_wait(browser, "key#")  # a match
    assert browser.execute_script("return window.ticks") == []
    see(browser, "settings")
    tap(browser, "tick")
    click_and_wait(browser, "card5S")  # the starter
    click_and_wait(browser, "undo")
    assert browser.execute_script("return window.ticks") == [12, 12]
    browser.get(address)  # the next visit: still on
    wait_for(lambda: browser.execute_script("return !!last"))
    click_and_wait(browser, "card5S")
    assert browser.execute_script("return window.ticks") == [12]
    moving = browser.execute_script(
        "return document.getAnimations().length + [].filter.call(document.querySelectorAll('*'),"
        " function (e) { var s = getComputedStyle(e); return s.animationName != 'none' ||"
        " s.transitionDuration.split(',').some(function (d) { return parseFloat(d) > 0; }); })"
        ".length"
    )
    assert moving == 0


def test_the_state_says_what_answers_the_prompt():
    """`entry` in the state: the cards at the cut and in the play, the suits after the
    starter's rank, the keypad for the show's hands; the crib's cards by taps, unless its
    first rank was keyed on the board (then its ranks go on the keys: ui.crib_taps); the
    keypad while a phone is being paired. The prompts' numbers are ui.crib_prompts'."""
    from ui import crib_prompts

    assert (web._STARTER, web._SUIT, web._LAY, web._CRIB_RANKS) == (
        crib_prompts.STARTER, crib_prompts.SUIT, crib_prompts.LAY, crib_prompts.CRIB_RANKS
    )  # fmt: skip
    rig = Rig()
    client = client_for(rig)

    def entry():
        return call(client.get("/api/state")).json["entry"]

    assert entry() == "key"  # the match's choices
    rig.keys("#")
    assert entry() == "card"  # the cut
    asked = call(client.post("/api/pair", body={"name": "another phone"}))
    assert asked.status_code == 202
    rig.hold("0")  # a phone asks to pair: its code goes on the board's keys
    assert entry() == "key"
    rig.keys("*")  # left unpaired
    assert entry() == "card"
    seen = []
    for keys in ("5", "4", "5 5 5 A # # 4 6 7", "8", "# 0 #"):
        rig.keys(keys)
        seen.append(entry())
    # the starter's suit; the play; still the play; the last card laid: orange's hand; both
    # hands counted (blue's: no nobs): the crib
    assert seen == ["suit", "card", "card", "key", "card"]
    rig.keys("2")  # the crib's first rank on the board's keys: its others go there too
    assert entry() == "key"
    refused = call(client.post("/api/card", body={"token": client.token, "card": "3H"}))
    assert refused.json == {"error": "the crib was begun on the keys: key its ranks there"}


def test_the_keyboards_order_is_the_views_order_top_to_bottom(served, browser):
    """Tab goes through the controls of the view shown and the bar, in the order they are
    read on a phone (top to bottom, a row left to right), in the play view's three entries
    (the keypad, the cards, the suits); the controls of the views not shown are not in it."""
    from selenium.webdriver.common.by import By

    sim, address = served
    browser.get(address)
    wait_for(lambda: browser.find_elements(By.ID, "keyD"))
    order = (
        "return [].filter.call(document.querySelectorAll('button, a[href], input, select'),"
        " function (e) { return e.offsetParent !== null && e.tabIndex >= 0; }).map("
        " function (e) { var r = e.getBoundingClientRect(), v = e.closest('[data-view]');"
        " return [e.id || e.textContent, Math.round(r.top), Math.round(r.left),"
        " v ? v.getAttribute('data-view') : 'bar']; })"
    )
    for keys, entry in (("", "key"), ("#", "card"), ("5", "suit")):
        with sim.lock:
            sim.run_script(keys)
        wait_for(lambda entry=entry: browser.execute_script(
            "return document.body.dataset.entry") == entry)  # fmt: skip
        controls = browser.execute_script(order)
        play = [c for c in controls if c[3] == "play"]
        assert {c[3] for c in controls} == {"play", "bar"}, (entry, controls)
        assert [c[3] for c in controls][: len(play)] == ["play"] * len(play)  # the bar last
        places = [(top, left) for _, top, left, _ in play]
        assert places == sorted(places), (entry, play)
        assert len(play) == {"key": 16 + 2 + 3, "card": 52 + 3 + 2 + 3, "suit": 5 + 2 + 3}[entry]


@pytest.mark.parametrize("game, holds_of_d, dealt", [("makao", 1, 5), ("latvian", 2, 6)])
def test_a_shedding_game_of_five_fits_the_play_view_on_a_small_phone(
    served, browser, game, holds_of_d, dealt
):
    """Makao and the Latvian game with five players at 360 x 640: the board, the words, the
    keypad, the long presses, the pile and the table of players (across) on one screen."""
    from selenium.webdriver.common.by import By

    sim, address = served
    with sim.lock:
        for _ in range(holds_of_d):
            sim.app.press("D", True)  # hold D: the next game
            sim.wait(20)
        sim.run_script("A A A 9 1")  # five players; the 9 of clubs starts
    browser.get(address)
    counts = " ".join([str(dealt)] * 5)
    wait_for(lambda: "cards " + counts in browser.find_element(By.ID, "awaiting").text)
    wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#table tr")) == 3)
    assert browser.find_element(By.ID, "table").text.splitlines()[:2] == [
        "player 1 2 3 4 5", "cards " + counts
    ]  # fmt: skip
    assert browser.execute_script(
        "return [document.documentElement.scrollHeight, innerHeight]"
    ) == [640, 640]
