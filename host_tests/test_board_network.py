"""The board's network program on both interpreters: the simulator's page served by the
firmware on CPython and, as on the board, by its .mpy build and its own loop on MicroPython
(tools/player/simulator.py --micropython). Every test runs on both, over real sockets on 127.0.0.1:
the honest phone first, then the attacker. What each attack tried and what stops it:
docs/security.md."""

import gzip
import json
import os
import socket
import threading
import time

import pytest

import config
import crib
import discard_coach
from memstore import MemoryStore
from served_board import INTERPRETERS, ServedBoard
from web_support import HOLD_0, NOT_PAIRED
from where import FIRMWARE

NEW_MATCH = "new match: A players (2), B target (121), C games (1); # starts it"
PAIRING_PROMPT = "pairing: key the two digits the phone's page shows, or * to leave"


@pytest.fixture(params=INTERPRETERS)
def board(request, tmp_path):
    served = ServedBoard(request.param, tmp_path / "saves")
    yield served
    served.close()


def game_of(state):
    """What a player sees of the game in /api/state (not the console, which says more)."""
    return {key: state[key] for key in state if key not in ("console", "said", "leds", "version")}


def test_reading_is_open_and_every_answer_is_the_same_on_both(board):
    status, headers, page = board.request("GET", "/")
    assert (status, headers["Content-Encoding"]) == (200, "gzip")
    assert b'<button id="pair" type="button">Pair this phone</button>' in gzip.decompress(page)
    state = board.state()
    assert (state["mode"], state["phase"], state["awaiting"]) == ("cribbage", None, NEW_MATCH)
    status, layout = board.call("GET", "/api/layout")
    assert status == 200 and len(layout["places"]) == config.STRIP_LENGTH
    status, manifest = board.call("GET", "/manifest.webmanifest")
    assert (status, manifest["name"], manifest["start_url"]) == (200, "Cribbage board", "/")
    status, headers, _ = board.request("GET", "/icon.svg")
    assert (status, headers["Content-Type"]) == (200, "image/svg+xml")
    status, headers, drawn = board.request("GET", "/icon.png")  # from the board's flash
    assert (status, headers["Content-Type"], drawn[:8]) == (200, "image/png", b"\x89PNG\r\n\x1a\n")
    with open(os.path.join(FIRMWARE, "www", "icon.png"), "rb") as made:
        assert drawn == made.read()
    assert board.call("GET", "/nowhere") == (404, {"error": "no such page: /nowhere"})
    assert board.call("DELETE", "/api/state") == (
        405,
        {"error": "DELETE is not taken at /api/state"},
    )


CRIBBAGE_FIELDS = (
    "phase", "prompt", "entry", "target", "players", "front", "rear", "dealer", "turn", "count",
    "games_won", "games", "results",
)  # fmt: skip


def test_the_api_keeps_the_promises_of_its_document(board):
    """docs/web-page.md's API, item by item, on both interpreters."""
    # The page at http://localhost:PORT/ as at http://127.0.0.1:PORT/.
    for host in ("localhost:%d" % board.port, "LOCALHOST:%d" % board.port, "localhost"):
        assert board.request("GET", "/", headers={"Host": host})[0] == 200, host
        assert board.request("GET", "/api/state", headers={"Host": host})[0] == 200, host
    assert board.call("GET", "/api/state", headers={"Host": "example.com"})[0] == 421
    # Every cribbage field before a match begins: null, none known yet.
    state = board.state()
    assert {field: state[field] for field in CRIBBAGE_FIELDS} == dict(
        {field: None for field in CRIBBAGE_FIELDS}, prompt=state["prompt"], entry="key"
    )
    # `version` changes with every change a polling client sees: the next match's choices
    # change only `awaiting` and `said`, and change it too.
    for key, words in (("B", "B target (61)"), ("B", "B target (62)"), ("B", "B target (121)")):
        before = board.state()
        board.keys(key)
        after = board.wait_for_state(lambda now, b=before: now["said"] != b["said"])
        assert words in after["awaiting"] and after["version"] > before["version"]
    # A body that is not a JSON object, empty included, is 400.
    json_type = {"Content-Type": "application/json"}
    for body in (b"", b"null", b"[]", b'"phone"', b"5"):
        status, answer = board.call("POST", "/api/pair", body, json_type)
        assert status == 400 and answer["error"].startswith("a JSON object is expected"), body
    # A character beyond U+FFFF as JSON's escape pair (json.dumps's way) is that character;
    # a lone half of one is refused in words.
    token = board.pair("\U0001f354 phone")
    assert b"\\ud83c\\udf54" in json.dumps({"name": "\U0001f354"}).encode()
    status, listed = board.call("POST", "/api/phones", {"token": token})
    assert status == 200 and list(listed) == ["phones"]  # an object, as the doc shows it
    assert [phone["name"] for phone in listed["phones"]] == ["\U0001f354 phone"]
    assert listed["phones"][0]["this"] is True and len(listed["phones"][0]["id"]) == 6
    status, answer = board.call("POST", "/api/pair", {"name": "\ud83c phone"})
    assert status == 400 and answer["error"].startswith("name: ")
    # 405 for a method a route does not take, OPTIONS too (the board answers no preflight);
    # 404 for any other address, whatever the method.
    assert board.call("OPTIONS", "/api/state") == (
        405, {"error": "OPTIONS is not taken at /api/state"})  # fmt: skip
    assert board.call("PUT", "/api/keys") == (405, {"error": "PUT is not taken at /api/keys"})
    for method in ("GET", "POST", "OPTIONS", "DELETE"):
        assert board.call(method, "/nowhere") == (404, {"error": "no such page: /nowhere"})
    # A switch of game (whose journal counts from its own start) counts up too.
    before = board.state()
    board.keys("hold:D")
    after = board.wait_for_state(lambda now: now["mode"] == "makao")
    assert after["version"] > before["version"]


def closing_on(port):
    """How many connections to 127.0.0.1:port the kernel holds in TIME_WAIT: those the
    server closed, kept about a minute after it stopped."""
    local = "0100007F:%04X" % port
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.readlines()[1:]]
    return sum(1 for row in rows if row[1] == local and row[3] == "06")


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_board_started_again_at_once_serves_its_page_at_the_same_address(interpreter, tmp_path):
    first = ServedBoard(interpreter, tmp_path / "saves")
    try:
        port = first.port
        assert first.state()["awaiting"] == NEW_MATCH
    finally:
        first.close()
    assert closing_on(port) >= 1  # what a phone read leaves behind the stopped board
    again = ServedBoard(interpreter, tmp_path / "saves", port=port)
    try:
        assert (again.port, again.state()["awaiting"]) == (port, NEW_MATCH)
    finally:
        again.close()


def test_the_coach_answers_alike_on_the_board_and_the_simulator(board):
    """The discard coach runs on the board, against any two cards and against a sensible
    player's throw (the expert table, made on the laptop and copied with the firmware), and
    with each throw's play (the tables of the pone's leads): the same throws, figures and
    order as tools/player/crib.py."""
    from cards import parse_many

    cards = {"cards": ["5H", "5D", "JC", "6S", "4C", "KH"], "pone": False}
    status, coach = board.call("POST", "/api/coach", cards)
    assert status == 200 and coach["throws"][0] == {
        "thrown": ["JC", "KH"], "hand": 15.957, "crib": 3.949, "net": 19.905,
    }  # fmt: skip
    dealt = parse_many(" ".join(cards["cards"]))
    for pone in (False, True):
        status, expert = board.call(
            "POST", "/api/coach", dict(cards, opponent="expert", pone=pone)
        )
        assert status == 200 and expert["opponent"] == "expert"
        assert [
            "%s hand %.3f crib %.3f net %.3f (uniform crib %.3f net %.3f)" % (
                " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["net"],
                throw["uniform_crib"], throw["uniform_net"])
            for throw in expert["throws"]
        ] == discard_coach.discard_lines(dealt, not pone, "expert")  # fmt: skip
    # A phone that asks the expert coach wrongly is refused in words, and the next is answered.
    for asked, words in (
        (["5H", "5D", "JC", "6S", "4C"], "cards: the 6 cards dealt (two players)"),
        (["5H", "5D", "JC", "6S", "4C", "5H"], "duplicate card: 5H"),
        (["5H", "5D", "JC", "6S", "4C", "ZZ"], "not a card: ZZ"),
        (["5H", "5D", "JC", "6S", "4C", 7], "not a card: 7"),
    ):
        assert board.call("POST", "/api/coach", {"cards": asked, "opponent": "expert"}) == (
            400, {"error": words})  # fmt: skip
    assert board.call("POST", "/api/coach", dict(cards, opponent="expert"))[0] == 200
    play = board.call("POST", "/api/coach", dict(cards, play=True))
    assert board.call("POST", "/api/coach", dict(cards, play="yes")) == (
        400, {"error": "play: true or false"})  # fmt: skip
    # Each throw's play counted in its net (the board reads its tables of the pone's leads):
    # as `crib.py discard --play` prints it.
    assert play[0] == 200 and play[1]["throws"][0]["play"] == 1.73  # JC KH kept 5 5 6 4
    assert [
        "%s hand %.3f crib %.3f play %+.3f (you %.3f, them %.3f) net %.3f" % (
            " ".join(throw["thrown"]), throw["hand"], throw["crib"], throw["play"],
            throw["play_you"], throw["play_them"], throw["net"])
        for throw in play[1]["throws"]
    ] == discard_coach.discard_lines(dealt, True, "uniform", True)  # fmt: skip


def test_the_plays_advice_is_worked_out_alike_and_a_bad_question_is_refused_in_words(board):
    """The board's own program works out which card to lay (its search and table, on
    MicroPython as on the board), the simulator on the laptop: both answer as `crib.py
    peg-advice` prints it for the game's play, and refuse a question that does not fit it."""

    asked = {"cards": ["6S", "KD", "4C", "2H"], "seen": []}
    assert board.call("POST", "/api/peg-advice", asked) == (
        409, {"error": "the play's advice is for the play of a two-player game"})  # fmt: skip
    token = board.pair()
    # A match; the starter 5C: the pone, holding four, asks which to lead (the board reads it
    # from its table of leads), lays a 9; then the dealer, holding four, asks.
    keys = {"token": token, "keys": ["#", "5", "1"]}
    assert board.call("POST", "/api/keys", keys)[0] == 200
    pone = ["AH", "2S", "3D", "4C"]
    status, lead = board.call("POST", "/api/peg-advice", {"cards": pone})
    assert status == 200
    assert [
        "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
        for c in lead["cards"]
    ] == crib.peg_advice_lines(pone, [], ["5C"], False)
    assert board.call("POST", "/api/keys", {"token": token, "keys": ["9"]})[0] == 200
    status, answer = board.call("POST", "/api/peg-advice", asked)
    assert status == 200
    assert [
        "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
        for c in answer["cards"]
    ] == crib.peg_advice_lines(asked["cards"], ["9"], ["5C"], True)
    for cards, words in (
        (["6S", "KD", "4C"], "the player to lay has laid 0 cards, so holds 4: got 3"),
        (["5C", "KD", "4C", "2H"], "5C is the starter or laid already"),
    ):
        assert board.call("POST", "/api/peg-advice", {"cards": cards}) == (409, {"error": words})
    assert board.call("POST", "/api/peg-advice", {"cards": ["6S", "KD", "4C", "ZZ"]}) == (
        400, {"error": "not a card: ZZ"})  # fmt: skip
    assert board.call("POST", "/api/peg-advice", asked)[1] == answer  # and the next is answered


def test_two_phones_asking_the_plays_advice_at_once_each_get_their_own_answer(board):
    """Each question works in its own array beside the shared table, its steps taking turns
    with the other's on the board's loop: neither answer is the other's, nor mixed."""

    token = board.pair()
    assert (
        board.call("POST", "/api/keys", {"token": token, "keys": ["#", "5", "1", "9"]})[0] == 200
    )
    hands = (["AH", "2S", "3D", "4C"], ["6S", "KD", "4H", "2H"], ["7C", "8D", "TS", "QH"])
    answers = [None] * len(hands)

    def ask(which):
        answers[which] = board.call("POST", "/api/peg-advice", {"cards": hands[which]})

    askers = [threading.Thread(target=ask, args=(which,)) for which in range(len(hands))]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    for hand, (status, answer) in zip(hands, answers):
        assert status == 200, answer
        assert [
            "%s net %+.3f (you %.3f, them %.3f)" % (c["card"], c["net"], c["you"], c["them"])
            for c in answer["cards"]
        ] == crib.peg_advice_lines(hand, ["9"], ["5C"], True)


def test_a_board_without_room_for_the_plays_table_says_so_and_plays_on(tmp_path):
    """A heap that holds the game and the page but not the play's table of 426,300 bytes (a
    board without PSRAM): the question is refused in words, every time, and the game, the
    coach and the page go on."""
    from net import web_advice

    board = ServedBoard("micropython", tmp_path / "saves", heap="512K")
    try:
        token = board.pair()
        assert board.call("POST", "/api/keys", {"token": token, "keys": ["#", "5", "1"]})[0] == 200
        for _ in range(2):  # nothing half kept from the first: the second is refused alike
            assert board.call("POST", "/api/peg-advice", {"cards": ["AH", "2S", "3D", "4C"]}) == (
                501, {"error": web_advice.NO_ROOM_FOR_PLAY})  # fmt: skip
        status, coach = board.call(
            "POST", "/api/coach", {"cards": ["5H", "5D", "JC", "6S", "4C", "KH"], "pone": False}
        )
        assert status == 200 and coach["throws"][0]["thrown"] == ["JC", "KH"]
        assert board.call("POST", "/api/keys", {"token": token, "keys": ["9"]})[0] == 200
        assert "orange lays 9, count 9" in board.state()["console"]
    finally:
        board.close()


def test_a_paired_phone_plays_and_every_bad_request_is_refused_in_words(board):
    token = board.pair()
    console = board.state()["console"]
    assert console[-2:] == [
        "phone paired: test phone; its page takes its token now",
        "paired phones: 1",
    ]
    status, state = board.call(
        "POST", "/api/keys", {"token": token, "keys": ["#", "5", "4", "C", "B", "A"]}
    )
    assert status == 200 and state["phase"] == "play" and state["count"] == 30
    before = game_of(board.state())
    refusals = [
        (b"{not json", 400, "not JSON"),
        (b"[1, 2]", 400, "a JSON object is expected"),
        (b"[" * 990 + b"]" * 990, 400, "a request's JSON holds 16 brackets ([ or {) at most"),
        ({"token": token, "keys": ["5"], "colour": 1}, 400, "unknown field: colour"),
        ({"token": token, "keys": ["E"]}, 400, "not a key: E"),
        ({"token": token, "keys": []}, 400, "keys: a list of 1 to 32 keys"),
        ({"token": token, "keys": ["5"] * 33}, 400, "keys: a list of 1 to 32 keys"),
        ({"token": token, "keys": ["9"]}, 409, "39 would take the count past 31"),
        (b"x" * 5000, 413, "a request body holds 2048 bytes at most"),
        ({"token": "0" * 32, "keys": ["5"]}, 403, NOT_PAIRED),
        ({"token": token, "keys": "5"}, 400, "keys: a list of 1 to 32 keys"),
        ({"token": token, "keys": [5]}, 400, "not a key: 5"),
        ({"token": token, "keys": ["hold:0"]}, 403, HOLD_0),
    ]
    for body, status, words in refusals:
        headers = {"Content-Type": "application/json"}
        assert board.call("POST", "/api/keys", body, headers) == (status, {"error": words}), body
    assert game_of(board.state()) == before
    assert board.call("POST", "/api/redo", {}) == (403, {"error": NOT_PAIRED})


def test_a_request_that_began_a_new_match_and_was_refused_leaves_every_file_as_it_was(
    board, tmp_path
):
    """On the board's own flash code: the old match's journal copied aside and renamed back
    (os.rename on the interpreter's own filesystem), nothing left beside it."""
    token = board.pair()
    status, state = board.call(
        "POST", "/api/keys", {"token": token, "keys": "B # # D 3 1 # D 3 0 #".split()}
    )
    assert status == 200 and state["phase"] == "match over"
    saves = tmp_path / "saves"
    before = {path.name: path.read_bytes() for path in saves.iterdir()}
    status, refused = board.call(
        "POST", "/api/keys", {"token": token, "keys": "# # D 3 1 # 5".split()}
    )
    assert status == 409 and refused["error"].startswith("key 7 of 7 (5): 5 does nothing now")
    after = {path.name: path.read_bytes() for path in saves.iterdir()}
    assert after.pop("stats.bin", b"") == b"" and after == before
    assert game_of(board.state())["phase"] == "match over"


def test_a_token_is_kept_across_a_restart_and_a_damaged_file_is_said(board, tmp_path):
    """The board's files on its own interpreter's filesystem: a paired phone is still paired
    after a restart; a damaged Wi-Fi or phones file is kept aside and said on the console
    (the serial console, as the board's own says it) and on the page, and that phone pairs
    again (nothing silently replaced)."""
    token = board.pair()
    settings = {"token": token, "network": "Kitchen"}
    assert board.call("POST", "/api/settings", settings)[0] == 200
    board.close()
    again = ServedBoard(board.interpreter, tmp_path / "saves")
    try:
        status, state = again.call("POST", "/api/keys", {"token": token, "keys": ["#"]})
        assert status == 200 and state["phase"] == "cut"
    finally:
        again.close()
    for name in ("wifi.log", "phones.log"):
        damaged = bytearray((tmp_path / "saves" / name).read_bytes())
        damaged[-1] ^= 0xFF  # the last record's checksum no longer matches
        (tmp_path / "saves" / name).write_bytes(damaged)
    damaged_board = ServedBoard(board.interpreter, tmp_path / "saves")
    try:
        said = [line for line in damaged_board.output().splitlines() if "damaged" in line]
        assert said == [
            "the Wi-Fi choice: damaged journal at byte 4: kept 0 records, the file as it was is"
            " saved as wifi.log.bad1",
            "the paired phones: damaged journal at byte 4: kept 0 records, the file as it was"
            " is saved as phones.log.bad1",
        ]
        assert damaged_board.state()["problems"] == ["phones.log.bad1", "wifi.log.bad1"]
        refused = damaged_board.call("POST", "/api/keys", {"token": token, "keys": ["*"]})
        assert refused == (403, {"error": NOT_PAIRED})
    finally:
        damaged_board.close()


def test_past_the_cap_the_board_is_busy_in_words_and_recovers(board):
    board.settled()  # none open before (the check that it listens, say)
    hung = []
    for _ in range(8):  # web_http.MAX_CONNECTIONS, each sending half a request
        sock = socket.create_connection(("127.0.0.1", board.port))
        sock.sendall(b"GET /api/state HTTP/1.1\r\n")
        hung.append(sock)
    board.wait_for_status(lambda status: status["connections"] == 8)
    busy = board.raw(b"GET /api/state HTTP/1.1\r\nHost: " + board.host.encode() + b"\r\n\r\n")
    assert busy.startswith(b"HTTP/1.0 503 ")
    assert busy.endswith(b'{"error": "the board is busy: try again in a moment"}')
    for sock in hung:
        sock.close()
    assert board.settled()["connections"] == 0 and board.state()["mode"] == "cribbage"


def test_ten_megabytes_of_headers_are_cut_off_at_the_limit(board):
    sock = socket.create_connection(("127.0.0.1", board.port), timeout=20)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: " + board.host.encode() + b"\r\n")
    sent = 0
    try:
        while sent < 10 * 1024 * 1024:
            sock.sendall(b"X-Padding: " + b"p" * 1000 + b"\r\n")
            sent += 1013
    except OSError:
        pass  # the board closed its end: the rest is not read
    try:
        got = sock.recv(4096)
    except OSError:
        got = b"reset"  # closed while this side still sent: the answer may be lost
    sock.close()
    assert sent < 10 * 1024 * 1024 or got.startswith(b"HTTP/1.0 431 "), (sent, got[:60])
    assert board.settled()["connections"] == 0 and board.state()["mode"] == "cribbage"


def test_a_half_made_entry_is_kept_when_a_request_is_refused(board):
    token = board.pair()
    board.call("POST", "/api/keys", {"token": token, "keys": ["#", "5"]})
    before = board.state()["awaiting"]
    assert before.startswith("starter 5")  # its suit asked for
    fives = ["1", "5", "5", "5", "5"]  # the starter 5♣, then a fifth five
    status, _ = board.call("POST", "/api/keys", {"token": token, "keys": fives})
    assert status == 409 and board.state()["awaiting"] == before


def test_requests_from_elsewhere_are_refused_and_change_nothing(board):
    token = board.pair()
    before = game_of(board.state())
    body = {"token": token, "keys": ["#"]}
    json_type = {"Content-Type": "application/json"}
    cases = [
        (
            {"Host": "evil.example"},
            421,
            "this board answers to its own name or address only (Host: evil.example)",
        ),
        (
            {"Content-Type": "text/plain"},
            415,
            "changes are sent as Content-Type: application/json",
        ),
        (
            dict(json_type, Origin="http://evil.example"),
            403,
            "a page from another site may not change the game (Origin: http://evil.example)",
        ),
    ]
    for headers, status, words in cases:
        assert board.call("POST", "/api/keys", body, headers) == (status, {"error": words})
    assert game_of(board.state()) == before


def test_the_wire_refuses_what_is_not_a_request_in_words(board):
    def answer(data):
        got = board.raw(data)
        head, _, body = got.partition(b"\r\n\r\n")
        return int(head.split(b" ")[1]), json.loads(body)["error"]

    host = b"Host: " + board.host.encode() + b"\r\n"
    assert answer(b"GARBAGE\r\n\r\n") == (400, "not an HTTP request line: GARBAGE")
    assert answer(b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 40 + b"\r\n") == (
        431,
        "a request has 32 headers at most",
    )
    assert answer(b"GET / HTTP/1.1\r\nX: " + b"a" * 3000 + b"\r\n\r\n") == (
        431,
        "the request line and headers hold 2048 bytes at most",
    )
    chunked = b"POST /api/keys HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n"
    assert answer(chunked) == (411, "a body is sent with its Content-Length (not chunked)")
    length = b"POST /api/keys HTTP/1.1\r\n" + host + b"Content-Length: -5\r\n\r\n"
    assert answer(length) == (400, "Content-Length: a whole number of bytes")
    short = b"POST /api/keys HTTP/1.1\r\n" + host + b"Content-Length: 50\r\n\r\n{}"
    with socket.create_connection(("127.0.0.1", board.port)) as sock:
        sock.sendall(short)
        sock.shutdown(socket.SHUT_WR)  # the body ends 48 bytes short
        got = b""
        while chunk := sock.recv(4096):
            got += chunk
    assert (
        got.startswith(b"HTTP/1.0 400 ") and b"the request ended before its Content-Length" in got
    )


def test_pairing_belongs_to_the_phone_that_asked_whatever_others_send(board):
    status, owner = board.call("POST", "/api/pair", {"name": "Anna"})
    assert status == 202 and owner["seconds"] == 30
    others = []
    for _ in range(120):  # another phone asks again and again, hoping for the owner's code
        status, other = board.call("POST", "/api/pair", {"name": "thief"}, source="127.0.0.2")
        assert status == 202
        others.append(other)
    assert owner["code"] not in [other["code"] for other in others]
    for source in ("127.0.0.3", "127.0.0.4"):
        assert board.call("POST", "/api/pair", {"name": "more"}, source=source)[0] == 202
    full = board.call("POST", "/api/pair", {"name": "one more"}, source="127.0.0.5")
    assert full == (409, {"error": "4 phones are asking to pair already: ask again within 30 s"})
    state = board.state()
    shown = json.dumps({key: state[key] for key in state if key != "leds"})
    assert owner["request"] not in shown and "code %s" % owner["code"] not in shown
    board.keys("hold:0")
    board.wait_for_state(lambda state: state["awaiting"] == PAIRING_PROMPT)
    board.keys("%s %s" % tuple(owner["code"]))
    board.wait_for_state(
        lambda state: "phone paired: Anna; its page takes its token now" in state["console"]
    )
    # Another ask between the owner's code and the owner's collect takes nothing away.
    assert board.call("POST", "/api/pair", {"name": "thief"}, source="127.0.0.2")[0] == 202
    token = board.collect(owner["request"])
    status, state = board.call("POST", "/api/keys", {"token": token, "keys": ["#"]})
    assert status == 200 and state["phase"] == "cut"
    stolen = board.call(
        "POST", "/api/pair/token", {"request": others[-1]["request"]}, source="127.0.0.2"
    )
    assert stolen == (410, {"error": "no such pairing request: ask again"})  # replaced, unpaired
    status, listed = board.call("POST", "/api/phones", {"token": token})
    assert status == 200 and [phone["name"] for phone in listed["phones"]] == ["Anna"]


@pytest.mark.slow
def test_paired_phones_are_listed_and_forgotten_and_eight_kept_at_most(board):
    tokens = [board.pair("phone %d" % number) for number in range(9)]
    assert board.call("POST", "/api/phones", {"token": tokens[0]}) == (
        403,
        {"error": NOT_PAIRED},
    )  # the first one paired was dropped for the ninth
    status, answer = board.call("POST", "/api/phones", {"token": tokens[-1]})
    listed = answer["phones"]
    assert status == 200 and [phone["name"] for phone in listed] == [
        "phone %d" % number for number in range(1, 9)
    ]
    assert [phone["this"] for phone in listed] == [False] * 7 + [True]
    assert not [token for token in tokens if token in json.dumps(listed)]
    status, answer = board.call(
        "POST", "/api/phones/forget", {"token": tokens[-1], "id": listed[0]["id"]}
    )
    assert status == 200 and len(answer["phones"]) == 7
    assert board.state()["console"][-1] == "a paired phone was forgotten; paired phones: 7"
    gone = board.call("POST", "/api/keys", {"token": tokens[1], "keys": ["#"]})
    assert gone == (403, {"error": NOT_PAIRED})
    assert board.call("POST", "/api/keys", {"token": tokens[2], "keys": ["#"]})[0] == 200


def test_no_token_request_id_or_password_in_any_answer_stream_or_console_line(board):
    token = board.pair()
    status, asked = board.call("POST", "/api/pair", {"name": "second"}, source="127.0.0.2")
    board.keys("hold:0 %s %s" % tuple(asked["code"]))
    second = board.collect(asked["request"], source="127.0.0.2")
    settings = {"token": token, "network": "Kitchen", "password": "s3cret-pass"}
    settings.update(club="oakclub", broker="pi.local", club_password="broker-s3cret")
    assert board.call("POST", "/api/settings", settings)[0] == 200
    board.call("POST", "/api/keys", {"token": token, "keys": ["#", "5", "1"]})
    shown = []
    for path in ("/", "/api/state", "/api/layout", "/api/history", "/api/stats", "/api/settings"):
        status, _, body = board.request("GET", path)
        assert status == 200, path
        shown.append(gzip.decompress(body) if path == "/" else body)
    shown.append(board.request("POST", "/api/phones", {"token": token})[2])
    shown.append(board.request("POST", "/api/pair", {}, source="127.0.0.3")[2])
    shown.append(json.dumps(live_events(board, 1)).encode())
    shown.append(board.output().encode())  # the board's serial console too
    for secret in (token, second, asked["request"], "s3cret-pass", "broker-s3cret"):
        assert not [text for text in shown if secret.encode() in text], secret
    # The home network's name: told to the paired phone that changes the settings, never to
    # a page that reads (docs/security.md).
    assert not [text for text in shown if b"Kitchen" in text]
    assert board.call("GET", "/api/settings")[1]["network"] is None
    assert board.call("POST", "/api/settings", {"token": token})[1]["network"] == "Kitchen"


def test_settings_text_is_checked_before_anything_is_saved(board):
    token = board.pair()
    before = board.call("GET", "/api/settings")[1]
    bad = [
        ({"wifi": "home", "network": "Kitchen\ud800", "password": "12345678"}, "network"),
        ({"club": "oakclub", "broker": "pi.local\nx", "club_password": "s3cret"}, "broker"),
        (
            {"club": "oakclub", "broker": "pi.local", "club_password": "s\u0000cret"},
            "club_password",
        ),
        ({"network": "x" * 65}, "network"),
        ({"brightness": 20}, "brightness"),  # below the lowest, where colours crowd
    ]
    for fields, field in bad:
        body = dict(fields, token=token)
        data = json.dumps(body).encode()  # escapes the lone surrogate as \ud800, as a page would
        status, answer = board.call(
            "POST", "/api/settings", data, {"Content-Type": "application/json"}
        )
        assert status == 400 and answer["error"].startswith(field + ": "), answer
    assert board.call("GET", "/api/settings")[1] == before
    console = "\n".join(board.state()["console"])
    assert "s3cret" not in console and "answered 500" not in console
    status, answer = board.call("POST", "/api/pair", {"name": "bad\ud800"})
    assert status == 400 and answer["error"].startswith("name: ")


def live_events(board, count, seconds=15):
    """The first `count` events of a live stream, as JSON."""
    with socket.create_connection(("127.0.0.1", board.port), timeout=seconds) as sock:
        sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: " + board.host.encode() + b"\r\n\r\n")
        got = b""
        while got.partition(b"\r\n\r\n")[2].count(b"\n\n") < count:  # each event ends so
            chunk = sock.recv(65536)
            assert chunk, got
            got += chunk
    head, _, events = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200 OK") and b"text/event-stream" in head
    return [json.loads(event[len(b"data: ") :]) for event in events.split(b"\n\n")[:count]]


def test_streams_that_end_early_give_their_slots_back_and_the_cap_holds(board):
    assert live_events(board, 1)[0]["awaiting"] == NEW_MATCH
    head = b"HEAD /api/events HTTP/1.1\r\nHost: " + board.host.encode() + b"\r\n\r\n"
    for _ in range(10):
        assert board.raw(head).startswith(b"HTTP/1.0 200 OK")
    get = b"GET /api/events HTTP/1.1\r\nHost: " + board.host.encode() + b"\r\n\r\n"
    for _ in range(10):  # a phone that asks, then goes before the answer
        with socket.create_connection(("127.0.0.1", board.port)) as sock:
            sock.sendall(get)
    assert board.settled()["streams"] == 0
    # Eight pages at once: four follow live, four are told the board is full.
    socks = [socket.create_connection(("127.0.0.1", board.port), timeout=15) for _ in range(8)]
    try:
        for sock in socks:
            sock.sendall(get)
        heads = [sock.recv(15) for sock in socks]
        assert sorted(heads) == [b"HTTP/1.0 200 OK"] * 4 + [b"HTTP/1.0 503 N/"] * 4
        assert board.status()["streams"] == 4
    finally:
        for sock in socks:
            sock.close()
    assert board.settled()["streams"] == 0
    token = board.pair()
    board.call("POST", "/api/keys", {"token": token, "keys": ["#"]})
    assert live_events(board, 1)[0]["phase"] == "cut"  # a new phone follows live


@pytest.mark.slow
def test_a_hostile_evening_leaves_nothing_held_and_the_board_answering(board):
    """Every endpoint with every method, bodies short of and past their length, junk, nested
    and mistyped JSON, a thousand connections opened and dropped, slow and stalled clients,
    and clients that read nothing: afterwards the server holds what it held before (sockets,
    slots, heap), every answer was a 4xx, 503 or 2xx in words, never a 500, and the board
    still takes a key and a new phone."""
    token = board.pair()
    # Once first: what is loaded on first use is loaded, and the journal the keys append to
    # is open (the store keeps it so between keys).
    hostile_round(board, token, keyed=("# 5 4", "C B A"))
    before = board.settled()
    descriptors = board.descriptors()
    statuses = hostile_round(board, token, keyed=("*", "hold:*"))  # the same game after
    after = board.settled()
    assert (after["connections"], after["streams"]) == (0, 0)
    assert board.descriptors() == descriptors
    if before["heap"] is not None:  # MicroPython's heap, after a collection
        assert after["heap"] - before["heap"] < 4096, (before, after)
    assert 500 not in statuses and set(statuses) <= {
        200,
        202,
        400,
        403,
        404,
        405,
        408,
        409,
        410,
        411,
        413,
        415,
        421,
        431,
        503,
        501,
    }
    console = "\n".join(board.state()["console"])
    assert "answered 500" not in console and "Traceback" not in board.output()
    state = board.state()  # the keys pressed on the keypad while it all went on: all taken
    assert (state["phase"], state["count"]) == ("play", 30)
    assert state["console"][-4:] == [
        "undone: orange's J",
        "orange to lay: the card's rank; # if orange cannot lay",
        "redone: orange's J",
        "blue to lay: the card's rank; # if blue cannot lay",
    ], state
    status, state = board.call("POST", "/api/keys", {"token": token, "keys": ["*"]})
    assert status == 200 and state["count"] == 20  # the jack taken back, from the page
    assert board.pair("late phone", source="127.0.0.9")


ENDPOINTS = (
    "/", "/icon.svg", "/icon.png", "/manifest.webmanifest", "/api/state", "/api/layout",
    "/api/events", "/api/history", "/api/stats", "/api/settings", "/api/pair", "/api/pair/token",
    "/api/phones", "/api/phones/forget", "/api/keys", "/api/card", "/api/coach",
    "/api/peg-advice", "/api/undo", "/api/redo", "/nowhere",
)  # fmt: skip
METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
BODIES = (
    b"", b"{", b"[]", b"null", b'{"token": 5}', b'{"keys": {"a": 1}}', b'{"cards": [1, 2]}',
    b'{"name": [' + b"[" * 200 + b"]" * 200 + b"]}", b'"' + b"\xff" * 40 + b'"',
)  # fmt: skip


def flood(board, count, sent):
    """Opens `count` connections as fast as the server takes them, sends `sent` on each and
    drops it. An attacker does not wait for a connection the server's backlog (5 on
    MicroPython, as on the board) has no room for: those attempts are given up at once."""
    opened = 0
    while opened < count:
        try:
            sock = socket.create_connection(("127.0.0.1", board.port), timeout=0.05)
        except TimeoutError:
            continue
        with sock:
            sock.sendall(sent)
        opened += 1
    while board.request("GET", "/api/layout")[0] == 503:  # the ones in the backlog come first
        time.sleep(0.05)


def hostile_round(board, token, keyed=("", "")):
    """One round of everything at once: clients that read nothing and a client that stalls
    mid-request hold their connections (until the server's write and read limits end them)
    while every endpoint is tried with every method and the connection floods come, and a
    player presses `keyed` on the keypad."""
    statuses = []
    host = b"Host: " + board.host.encode() + b"\r\n"
    never_reading = []
    for _ in range(3):  # ask for the page, read nothing
        sock = socket.create_connection(("127.0.0.1", board.port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.sendall(b"GET / HTTP/1.1\r\n" + host + b"\r\n")
        never_reading.append(sock)
    stalled = []
    staller = threading.Thread(target=lambda: stalled.append(stall(board)))
    staller.start()
    json_type = b"Content-Type: application/json\r\n"
    for path in ENDPOINTS:
        for method in METHODS:
            for body in BODIES if method == "POST" else (b"",):
                request = (
                    b"%s %s HTTP/1.1\r\n" % (method.encode(), path.encode()) + host + json_type
                )
                request += b"Content-Length: %d\r\n\r\n" % len(body) + body
                if path == "/api/events" and method == "GET":
                    with socket.create_connection(("127.0.0.1", board.port)) as sock:
                        sock.sendall(request)
                        statuses.append(int(sock.recv(12).split(b" ")[1]))
                    continue
                got = board.raw(request)
                statuses.append(int(got.split(b" ")[1]))
                if method != "HEAD" and got.split(b" ")[1] not in (b"200", b"202"):
                    assert b'{"error": "' in got, got
    past = b"POST /api/keys HTTP/1.1\r\n" + host + json_type + b"Content-Length: 2\r\n\r\n{}{}{}"
    statuses.append(int(board.raw(past).split(b" ")[1]))
    board.keys(keyed[0])  # a player at the keypad meanwhile
    flood(board, 1000, b"")  # opened and dropped
    board.keys(keyed[1])
    flood(board, 50, b"POST /api/keys HTTP/1.1\r\n" + host + b"Content-Le")  # a head cut off
    staller.join()
    assert stalled[0].startswith(b"HTTP/1.0 408 "), stalled
    assert stalled[0].endswith(b'{"error": "a request is sent whole within 10 s"}'), stalled
    statuses.append(408)
    for sock in never_reading:
        sock.close()
    return statuses


def stall(board):
    """A client that sends its request a byte at a time, then nothing more: the answer."""
    with socket.create_connection(("127.0.0.1", board.port), timeout=20) as slow:
        for byte in b"GET /api/state HTTP/1.1\r\n":
            slow.sendall(bytes([byte]))
            time.sleep(0.01)
        got = b""
        while chunk := slow.recv(4096):
            got += chunk
        return got


def pair_on_the_board(driver, board):
    """As a player pairs: "Pair this phone" on the page, then hold 0 on the board's keypad and
    the two digits the page shows."""
    from selenium.webdriver.common.by import By

    from web_support import tap, wait_for

    tap(driver, "pair")
    paired = lambda: driver.find_element(By.ID, "paired").text  # noqa: E731
    wait_for(lambda: paired().startswith("code "))
    code = paired()[len("code ") :][:2]
    assert paired() == "code %s: hold 0 on the board, then key %s, within 30 s" % (code, code)
    board.keys("hold:0 %s %s" % (code[0], code[1]))
    wait_for(lambda: paired() == "this phone is paired")


@pytest.mark.parametrize("game, holds_of_d", [("cribbage", 0), ("makao", 1)])
def test_whole_games_played_from_the_page_on_the_boards_own_program(tmp_path, browser, game,
                                                                    holds_of_d):  # fmt: skip
    """The page in Chromium, served by the board's own program on MicroPython: paired by a
    hold on its keypad, a cribbage deal tapped in to its crib, and a whole Makao game (keys
    chosen from the referee's answers on another board, long presses included) pressed on
    the page's buttons; the board ends where the other board ended."""
    from selenium.webdriver.common.by import By

    import drivers
    import shed_script
    from web_support import TAPPED_DEAL, click_and_wait, see, wait_for

    board = ServedBoard("micropython", tmp_path / "saves")
    try:
        browser.get("http://%s/" % board.host)
        text = lambda: browser.find_element(By.TAG_NAME, "body").text  # noqa: E731
        wait_for(lambda: "new match: A players (2), B target (121), C games (1)" in text())
        pair_on_the_board(browser, board)
        if game == "cribbage":
            click_and_wait(browser, "key#")
            for card in TAPPED_DEAL + ["#", "#", "KH", "QD", "4C", "6S", "#"]:
                click_and_wait(browser, "key#" if card == "#" else "card" + card)
            wait_for(lambda: "blue 19, orange 8" in text())
            see(browser, "match")  # the deal so far, in words
            wait_for(lambda: "run of 3 for 9 (4\u2663 5\u2660 6\u2660)" in text())
            assert board.state()["front"] == [19, 8]
            return
        recorded = drivers.fast_rig(MemoryStore())
        for _ in range(holds_of_d):
            recorded.press("D", 800)
        tokens = shed_script.play(recorded, game)
        for _ in range(holds_of_d):
            click_and_wait(browser, "holdD")
        for token in tokens:
            held = token.startswith("hold:")
            click_and_wait(browser, "hold" + token[5:] if held else "key" + token)
        loser = recorded.lines[-1]
        assert loser.startswith("game over: player ")
        see(browser, "match")
        wait_for(lambda: loser in browser.find_element(By.ID, "log").text)
        assert board.state()["console"][-1] == loser
        assert "Traceback" not in board.output()
    finally:
        board.close()
