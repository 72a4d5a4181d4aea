"""What the page's tests share: a test client of a board with a phone paired as a player
pairs it, the page's refusals in words, and taps in headless Chromium as a player makes
them (the `browser` fixture is conftest.py's)."""

import asyncio
import os
import time

from microdot.test_client import TestClient

import web_sim
from net import web, web_routes
from where import ROOT

NOT_PAIRED = (
    "this phone is not paired: press Pair on the page, then hold 0 on the board and key the"
    " code the page shows"
)
HOLD_0 = "hold 0 pairs a phone: it is held on the board itself"
HOST = "cribbage.local"  # the board's own name: other names are refused (DNS rebinding)


class PageRadio:
    """wifi.Radio's part hold 0 uses: the paired phones of the page served."""

    mode = "access point"

    def __init__(self, phones):
        self.phones = phones

    def address(self):
        return None

    def url(self):
        return "http://cribbage.local/"


def client_for(rig):
    """A test client of the rig's board, with a phone paired as a player would pair it: the
    page asks, hold 0 on the board, the page collects its token (client.token)."""
    board = web.Board(rig.app, web_sim.page_file())
    web_sim.serve_icon_from_firmware()
    rig.app.radio = PageRadio(board.phones)
    client = TestClient(web_routes.make_server(board), host=HOST)
    client.board = board
    client.token = pair(client, rig.app)
    return client


def key_code(app, code):
    """Hold 0 on the board, then the code the phone's page shows."""
    for key, long in (("0", True), (code[0], False), (code[1], False)):
        assert app.press(key, long) is None, app.refusal


def pair(client, app):
    asked = call(client.post("/api/pair", body={"name": "test phone"}))
    assert asked.status_code == 202, asked.json
    key_code(app, asked.json["code"])
    got = call(client.post("/api/pair/token", body={"request": asked.json["request"]}))
    assert got.status_code == 200, got.json
    return got.json["token"]


def call(coroutine):
    return asyncio.run(coroutine)


def wait_for(check, seconds=8, every=0.1):
    end = time.time() + seconds
    while time.time() < end:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError("the page did not follow")


def tap(browser, element_id):
    """A tap as a player makes it: the control scrolled to the middle of the screen first
    (the prompt pinned on top covers what the driver would scroll to the top), then clicked.
    Returns the page's count of the board's answers (the body's data-n) as it was before the
    tap. Three driver commands (each a round trip of about 20 ms; a whole game is hundreds of
    taps): the control found, scrolled into view with the count read, clicked."""
    from selenium.webdriver.common.by import By

    # The keypad comes with the layout.
    element = wait_for(lambda: browser.find_elements(By.ID, element_id))[0]
    # In a view not shown, as a player does: its name on the bar first.
    view = browser.execute_script(
        "var v = arguments[0].closest('[data-view]');"
        " return v && v.hidden ? v.getAttribute('data-view') : null",
        element,
    )
    if view:
        browser.find_element(By.CSS_SELECTOR, "#views a[href='#%s']" % view).click()
        wait_for(lambda: element.is_displayed())
    before = browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        " return document.body.getAttribute('data-n')",
        element,
    )
    element.click()
    return before


def see(browser, view):
    """A view's name tapped on the bar along the bottom, as a player does."""
    from selenium.webdriver.common.by import By

    browser.find_element(By.CSS_SELECTOR, "#views a[href='#%s']" % view).click()
    shown = "return !document.querySelector('[data-view=\"%s\"]').hidden" % view
    wait_for(lambda: browser.execute_script(shown))  # the view switches on the next event


def click_and_wait(browser, element_id):
    """Taps, then waits for the board's answer (the page counts them in the body's
    data-n): the next tap must not overtake it."""
    before = tap(browser, element_id)
    wait_for(
        lambda: browser.execute_script("return document.body.getAttribute('data-n')") != before,
        every=0.01,
    )


# A whole deal tapped in: blue deals, orange leads; the crib is tapped at its show.
TAPPED_DEAL = "5S TC 5H 5D JH # # 9C 8D 2H 3S".split()


AXE = os.path.join(ROOT, ".venv", "axe", "node_modules")
AXE_SCRIPT = os.path.join(AXE, "axe-core", "axe.min.js")  # installed by tools/check (npm)


class FakeNetwork:
    """network as the board has it, recording what wifi.start asks of it."""

    AP_IF, STA_IF = 1, 0

    def __init__(self):
        self.calls = []
        self.addresses = []  # what ifconfig() answers first (a network still joining)

    def hostname(self, name):
        self.calls.append(("hostname", name))

    def WLAN(self, interface):  # noqa: N802 (the board's name)
        calls = self.calls
        network = self

        class Interface:
            def active(self, on):
                calls.append(("active", interface, on))

            def config(self, **settings):
                calls.append(("config", interface, settings))

            def connect(self, name, password):
                calls.append(("connect", name, password))

            def ifconfig(self):
                addresses = network.addresses
                if len(addresses) > 1:
                    addresses.pop(0)  # one step further on the way to joining
                address = addresses[0] if addresses else "192.168.4.1"
                return (address, "255.255.255.0", "192.168.4.1", "192.168.4.1")

        return Interface()
