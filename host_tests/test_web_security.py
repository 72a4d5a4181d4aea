"""Nobody but the table changes the game: pairing at the board, requests only from the board's
own page and name, secrets that never leave the board, requests whole or not at all and on
flash before 200, bounded requests answered in words, damaged files said. The server is the
firmware's web.py through microdot: the test client for the API, real sockets on 127.0.0.1
(a free port) for what a client sends on the wire."""

import asyncio
import gzip
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from microdot.test_client import TestClient

from board_rig import Rig
from broker import free_port
from memstore import MemoryStore
from net import pairing, web, web_http, web_routes, wifi
from web_support import HOST, NOT_PAIRED, PageRadio, call, client_for, key_code, pair

JSON = {"Content-Type": "application/json"}


def files_of(store):
    """Every file's bytes; an empty file is as none (a refused request puts a file that was
    not there back empty, and the journals and the statistics read an empty file as none)."""
    return {name: bytes(data) for name, data in store.files.items() if data}


def game_of(state):
    """What a player sees of the game in /api/state (not the console, which says more)."""
    return {key: state[key] for key in state if key not in ("console", "said", "leds", "version")}


# -- pairing --------------------------------------------------------------------------------------


def test_a_phone_pairs_only_by_its_code_keyed_on_the_board_and_keeps_its_token_across_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    board = web.Board(rig.app, b"")
    rig.app.radio = PageRadio(board.phones)
    client = TestClient(web_routes.make_server(board), host=HOST)
    spelled = rig.app.overlay.spelled
    asked = call(client.post("/api/pair", body={"name": "Anna's phone"}))
    assert asked.status_code == 202 and asked.json["seconds"] == 30
    code = asked.json["code"]
    assert len(code) == 2 and "10" <= code <= "99"
    assert rig.lines[-1] == (
        "a phone asks to pair: hold 0 on the board, then key the code its page shows, within 30 s"
    )
    assert rig.app.overlay.spelled == spelled  # the code is on the asking page only
    waiting = call(client.post("/api/pair/token", body={"request": asked.json["request"]}))
    assert (waiting.status_code, waiting.json) == (202, {"waiting": 30})
    rig.hold("0")
    assert call(client.get("/api/state")).json["awaiting"] == wifi.PAIRING_PROMPT
    rig.press(code[0])
    rig.press(code[1])
    assert rig.lines[-1] == "phone paired: Anna's phone; its page takes its token now"
    got = call(client.post("/api/pair/token", body={"request": asked.json["request"]}))
    token = got.json["token"]
    assert got.status_code == 200 and len(token) == 32 and int(token, 16) >= 0  # 128 bits
    assert rig.lines[-1] == "paired phones: 1"
    again = call(client.post("/api/pair/token", body={"request": asked.json["request"]}))
    assert (again.status_code, again.json) == (
        410,
        {"error": "no such pairing request: ask again"},
    )
    # Kept hashed: the token itself is on no file.
    assert not [name for name, data in store.files.items() if token.encode() in data]
    # A restart: the same phone is still paired, and changes the game.
    rig2 = Rig(store)
    client2 = TestClient(web_routes.make_server(web.Board(rig2.app, b"")), host=HOST)
    answer = call(client2.post("/api/keys", body={"token": token, "keys": ["#"]}))
    assert answer.status_code == 200 and answer.json["phase"] == "cut"


def test_other_phones_can_neither_take_a_pairing_nor_cancel_it_nor_read_its_code():
    rig = Rig()
    board = web.Board(rig.app, b"")
    rig.app.radio = PageRadio(board.phones)
    client = TestClient(web_routes.make_server(board), host=HOST)
    owner = call(client.post("/api/pair", body={"name": "Anna's phone"})).json
    others = []
    for _ in range(300):  # another phone asks again and again, hoping for the owner's code
        others.append(board.ask_to_pair("thief", "192.168.4.9"))
    assert owner["code"] not in [other["code"] for other in others]
    state = call(client.get("/api/state")).json
    # The prompt's own "within 30 s" is no code: the owner's may be 30.
    said = " ".join(state["console"]).replace("within 30 s", "")
    assert state["console"] and not re.search(r"\b%s\b" % owner["code"], said)
    for address in ("192.168.4.10", "192.168.4.11"):
        board.ask_to_pair("more", address)
    full = raises_web(board.ask_to_pair, "one more", "192.168.4.12")
    assert (full.status, full.words) == (
        409,
        "4 phones are asking to pair already: ask again within 30 s",
    )
    rig.hold("0")
    rig.press(owner["code"][0])
    rig.press(owner["code"][1])
    board.ask_to_pair("thief", "192.168.4.9")  # between the owner's code and its collect
    got = call(client.post("/api/pair/token", body={"request": owner["request"]}))
    assert got.status_code == 200 and board.phones.paired(got.json["token"])
    late = call(client.post("/api/pair/token", body={"request": others[-1]["request"]}))
    assert late.status_code == 410  # replaced by its own next ask; never paired
    assert len(board.phones.hashes) == 1


def raises_web(work, *args):
    try:
        work(*args)
    except web_http.WebError as error:
        return error
    raise AssertionError("not refused")


def test_a_late_code_pairs_none():
    rig = Rig()
    board = web.Board(rig.app, b"")
    rig.app.radio = PageRadio(board.phones)
    client = TestClient(web_routes.make_server(board), host=HOST)
    late = call(client.post("/api/pair", body={})).json
    rig.wait(30000)  # the window passes
    rig.hold("0")  # nobody asks now: the hold says the page's address and pairs nobody
    assert rig.lines[-1] == (
        "web page: http://cribbage.local/; to pair a phone, press Pair on the page, then hold 0"
        " here"
    )
    for digit in late["code"]:
        rig.press(digit)
    assert board.phones.hashes == []
    expired = call(client.post("/api/pair/token", body={"request": late["request"]}))
    assert expired.status_code == 410


def test_the_page_lists_and_forgets_paired_phones_and_keeps_at_most_eight():
    rig = Rig()
    client = client_for(rig)
    board_phones = rig.app.radio.phones
    tokens = [client.token] + [pair(client, rig.app) for _ in range(8)]
    assert len(board_phones.hashes) == pairing.MAX_PHONES  # the first one paired was dropped
    refused = call(client.post("/api/phones", body={"token": tokens[0]}))
    assert (refused.status_code, refused.json) == (403, {"error": NOT_PAIRED})
    listed = call(client.post("/api/phones", body={"token": tokens[-1]})).json["phones"]
    assert len(listed) == 8 and [p["this"] for p in listed] == [False] * 7 + [True]
    assert all(len(p["id"]) == 6 and p["name"] == "test phone" for p in listed)
    assert not [t for t in tokens if t in json.dumps(listed)]
    forgotten = call(
        client.post("/api/phones/forget", body={"token": tokens[-1], "id": listed[0]["id"]})
    )
    assert forgotten.status_code == 200 and len(forgotten.json["phones"]) == 7
    assert rig.lines[-1] == "a paired phone was forgotten; paired phones: 7"
    gone = call(client.post("/api/keys", body={"token": tokens[1], "keys": ["#"]}))
    assert (gone.status_code, gone.json) == (403, {"error": NOT_PAIRED})
    assert (
        call(client.post("/api/keys", body={"token": tokens[2], "keys": ["#"]})).status_code == 200
    )


# -- from where a request comes -------------------------------------------------------------------


def test_other_sites_and_other_names_are_refused_and_change_nothing():
    rig = Rig()
    client = client_for(rig)
    body = json.dumps({"token": client.token, "keys": ["#"]})
    refusals = [
        (
            {"Content-Type": "text/plain"},
            415,
            "changes are sent as Content-Type: application/json",
        ),
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415, None),
        ({"Content-Type": "multipart/form-data; boundary=x"}, 415, None),
        ({}, 415, None),
        (
            dict(JSON, Origin="http://evil.example"),
            403,
            "a page from another site may not change the game (Origin: http://evil.example)",
        ),
        (dict(JSON, Origin="null"), 403, None),
        (dict(JSON, Origin="http://cribbage.local.evil.example"), 403, None),
        (dict(JSON, Host="evil.example"), 421, None),
    ]
    for headers, status, words in refusals:
        answer = call(client.post("/api/keys", body=body, headers=headers))
        assert answer.status_code == status, headers
        if words is not None:
            assert answer.json == {"error": words}
        assert rig.match.phase is None  # nothing changed
    rebinding = call(client.get("/api/state", headers={"Host": "evil.example"}))
    assert (rebinding.status_code, rebinding.json) == (
        421,
        {"error": "this board answers to its own name or address only (Host: evil.example)"},
    )
    for host in ("evil.example:80", "cribbage.local:x", "[::1]:80", "192.168.1.9"):
        assert call(client.get("/api/settings", headers={"Host": host})).status_code == 421
    for host in ("cribbage.local", "CRIBBAGE.local:80", "cribbage"):
        assert call(client.get("/api/settings", headers={"Host": host})).status_code == 200
    same_page = call(
        client.post("/api/keys", body=body, headers=dict(JSON, Origin="http://cribbage.local"))
    )
    assert same_page.status_code == 200 and rig.match.phase == "cut"
    preflight = call(
        client.request("OPTIONS", "/api/keys", headers={"Origin": "http://evil.example"})
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers
    assert preflight.status_code == 405  # no preflight answered, so none granted


# -- secrets --------------------------------------------------------------------------------------


def test_no_token_request_id_or_password_in_any_answer_stream_or_console_line():
    rig = Rig()
    client = client_for(rig)
    asked = call(client.post("/api/pair", body={"name": "second"}))
    key_code(rig.app, asked.json["code"])
    second = call(client.post("/api/pair/token", body={"request": asked.json["request"]}))
    secrets = [client.token, second.json["token"], asked.json["request"], "s3cret-pass"]
    secrets.append("broker-s3cret")
    settings_body = {"token": client.token, "network": "Kitchen", "password": "s3cret-pass"}
    settings_body.update(club="oakclub", broker="pi.local", club_password="broker-s3cret")
    assert call(client.post("/api/settings", body=settings_body)).status_code == 200
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "1"]}))
    shown = []
    for path in ("/", "/api/state", "/api/layout", "/api/history", "/api/stats", "/api/settings"):
        answer = call(client.get(path))
        assert answer.status_code == 200, path
        body = answer.body
        shown.append(gzip.decompress(body) if path == "/" else body)
    shown.append(call(client.post("/api/phones", body={"token": client.token})).body)
    shown.append(call(client.post("/api/pair", body={})).body)  # another request: its own id
    shown.append(json.dumps(rig.app.log).encode())
    shown.append(json.dumps(rig.lines).encode())  # the board's serial console too
    shown.append(_first_event(rig))  # the same board: its console says who paired
    for secret in secrets:
        assert not [text for text in shown if secret.encode() in text], secret


def _first_event(rig):
    """The first state the live stream sends, from the board of `rig`."""

    async def exchange(port, token):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /api/events HTTP/1.1\r\nHost: cribbage.local\r\n\r\n")
        got = b""
        while b"data:" not in got or not got.endswith(b"\n\n"):
            got += await asyncio.wait_for(reader.read(4096), 2)
        writer.close()
        return got

    event = _on_the_wire(rig, exchange)
    assert b'"mode": "cribbage"' in event and b"phone paired" in event
    return event


# -- whole or nothing, and on flash ---------------------------------------------------------------


def test_a_refused_request_of_several_keys_changes_nothing_on_the_board_or_its_flash():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "1"]}))
    before_state = game_of(call(client.get("/api/state")).json)
    before_files = files_of(store)
    answer = call(client.post("/api/keys", body={"token": client.token, "keys": list("545999")}))
    assert (answer.status_code, answer.json) == (
        409,
        {
            "error": "key 5 of 6 (9): 32 would take the count past 31; none of the request's"
            " keys was kept"
        },
    )
    assert game_of(call(client.get("/api/state")).json) == before_state
    assert files_of(store) == before_files
    assert game_of_rig(Rig(store)) == game_of_rig(rig)  # and after a power cut
    stars = call(client.post("/api/keys", body={"token": client.token, "keys": ["*"] * 32}))
    assert stars.status_code == 409 and stars.json["error"].startswith("key ")
    assert "none of the request's keys was kept" in stars.json["error"]
    assert game_of(call(client.get("/api/state")).json) == before_state
    assert files_of(store) == before_files


@pytest.mark.parametrize("flash", ["memory", "files"])
def test_a_refused_request_that_began_a_new_match_puts_the_old_match_back(flash, tmp_path):
    """A request's writes are held in memory until it is kept, so a refused one writes
    nothing but the mark it began with (removed at its refusal): the old match's journal is
    neither copied nor cut, and undo reaches the old match's last points again."""
    from storage import held
    from storage import store as stores

    store = MemoryStore() if flash == "memory" else stores.FileStore(str(tmp_path))
    rig = Rig(store)
    client = client_for(rig)
    written = []
    replace = store.replace
    store.replace = lambda name, data: (written.append((name, bytes(data))), replace(name, data))

    def keys(names):
        return call(client.post("/api/keys", body={"token": client.token, "keys": names.split()}))

    assert keys("B # # D 3 1 # D 3 0 #").json["phase"] == "match over"
    before = files_on(store, tmp_path)
    written.clear()
    refused = keys("# # D 3 1 # 5")
    assert (refused.status_code, refused.json["error"][:21]) == (409, "key 7 of 7 (5): 5 doe")
    assert written == [(held.PENDING, held.BEGUN)]  # the mark, and no journal nor statistics
    assert files_on(store, tmp_path) == before and held.PENDING not in before
    assert rig.match.phase == "match over" and Rig(store).match.phase == "match over"
    assert keys("*").json["front"] == [0, 31]  # the old match's last deal (orange 30) undone
    undone = files_on(store, tmp_path)
    small = keys("D 3 0 # 5")  # the match won again, then refused: nothing written
    assert (small.status_code, small.json["error"][:15]) == (409, "key 5 of 5 (5):")
    assert files_on(store, tmp_path) == undone


def files_on(store, folder):
    if isinstance(store, MemoryStore):
        return {name: bytes(data) for name, data in store.files.items()}
    return {name: (folder / name).read_bytes() for name in os.listdir(folder)}


def game_of_rig(rig):
    return rig.match.state(), rig.app.controller.awaiting()


def test_a_half_made_entry_is_kept_when_a_request_is_refused():
    rig = Rig()
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5"]}))
    before = call(client.get("/api/state")).json["awaiting"]
    assert before.startswith("starter 5")  # its suit asked for
    fives = ["1", "5", "5", "5", "5"]  # the starter 5♣, then a fifth five
    answer = call(client.post("/api/keys", body={"token": client.token, "keys": fives}))
    assert answer.status_code == 409, answer.json
    assert call(client.get("/api/state")).json["awaiting"] == before
    assert rig.match.phase == "cut"  # the starter not keyed


def test_a_new_match_answered_200_is_on_flash_before_the_answer():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    answer = call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
    assert answer.status_code == 200
    assert Rig(store).match.phase == "cut"  # a power cut right after the answer


def test_a_flash_that_refuses_a_key_answers_507_not_200():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "1"]}))
    store.full = True
    answer = call(client.post("/api/keys", body={"token": client.token, "keys": ["5"]}))
    assert answer.status_code == 507
    assert answer.json["error"].startswith("kept in memory only: the flash refused it")


# -- damaged files --------------------------------------------------------------------------------


def test_damaged_wifi_and_phone_files_are_kept_aside_and_said_on_the_console_leds_and_page():
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    call(client.post("/api/settings", body={"token": client.token, "network": "Kitchen"}))
    for name in ("wifi.log", "phones.log"):
        store.files[name][-1] ^= 0xFF  # the last record's checksum no longer matches
    again = Rig(store)
    said = [line for line in again.lines if "damaged" in line]
    assert said == [
        "the Wi-Fi choice: damaged journal at byte 4: kept 0 records, the file as it was is"
        " saved as wifi.log.bad1",
        "the paired phones: damaged journal at byte 4: kept 0 records, the file as it was is"
        " saved as phones.log.bad1",
    ]
    assert again.app.overlay.error_until  # the error LEDs flash
    page = TestClient(web_routes.make_server(web.Board(again.app, b"")), host=HOST)
    problems = call(page.get("/api/state")).json["problems"]
    assert problems == ["phones.log.bad1", "wifi.log.bad1"]
    token_refused = call(page.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
    assert token_refused.status_code == 403  # the phone pairs again; nothing silently replaced


def test_a_damaged_statistics_file_is_kept_aside_and_said_when_the_match_is_summed():
    from key_player import play_match

    store = MemoryStore()
    rig = Rig(store)
    rig.keys("#")
    play_match(rig, seed=3)
    rig.keys("#")  # the next match: the first is summed into the statistics
    store.files["stats.bin"][-1] ^= 0xFF
    play_match(rig, seed=4)
    rig.keys("#")
    rig.wait(100)
    line = "the statistics file was damaged: kept as stats.bin.bad1; the totals start again"
    assert line in rig.lines and rig.app.overlay.error_until
    page = TestClient(web_routes.make_server(web.Board(rig.app, b"")), host=HOST)
    assert call(page.get("/api/state")).json["problems"] == ["stats.bin.bad1"]


# -- what a client sends on the wire --------------------------------------------------------------


def _on_the_wire(rig, exchange):
    """Runs `exchange(port)` (a coroutine) against the board's server on a free port."""
    client = client_for(rig)
    server = client.app
    port = free_port()

    async def run():
        serving = asyncio.create_task(server.start_server(host="127.0.0.1", port=port))
        await asyncio.sleep(0.05)
        try:
            return await exchange(port, client.token)
        finally:
            server.shutdown()
            await serving

    return call(run())


async def _send(port, data, wait=3.0):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
    except ConnectionError:
        pass
    got = b""
    try:
        while True:
            chunk = await asyncio.wait_for(reader.read(65536), wait)
            if not chunk:
                break
            got += chunk
    except ConnectionError:
        pass
    writer.close()
    return got


def _status_and_error(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)["error"]


def test_malformed_requests_are_answered_in_words_without_a_traceback(capfd):
    rig = Rig()
    cases = [
        (b"GET\r\n\r\n", 400, "not an HTTP request line: GET"),
        (b"GET / HTTP/1.1\r\nHost: cribbage\r\nContent-Length: -1\r\n\r\n", 400,
         "Content-Length: a whole number of bytes"),
        (b"POST /api/keys HTTP/1.1\r\nHost: cribbage\r\nTransfer-Encoding: chunked\r\n\r\n", 411,
         "a body is sent with its Content-Length (not chunked)"),
        (b"GET /" + b"a" * 1500 + b" HTTP/1.1\r\nHost: cribbage\r\n\r\n", 404,
         "no such page: /" + "a" * 59),
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: cribbage\r\n\r\n", 431,
         "the request line and headers hold 2048 bytes at most"),
        (b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 40 + b"\r\n", 431,
         "a request has 32 headers at most"),
        (b"GET / HTTP/1.1\r\nHost: cribbage\r\nbroken header\r\n\r\n", 400,
         "not a header: broken header"),
        (b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n", 400,
         "a request's line and headers are text (UTF-8)"),
        (b"POST /api/keys HTTP/1.1\r\nHost: cribbage\r\nContent-Length: 99999\r\n\r\n", 413,
         "a request body holds 2048 bytes at most"),
    ]  # fmt: skip

    async def exchange(port, token):
        return [await _send(port, request) for request, _, _ in cases]

    answers = _on_the_wire(rig, exchange)
    for (request, status, words), answer in zip(cases, answers):
        got_status, got_words = _status_and_error(answer)
        assert got_status == status, request[:40]
        if words is not None:
            assert got_words == words
    printed = capfd.readouterr()
    assert "Traceback" not in printed.out + printed.err


def test_ten_megabytes_of_headers_are_cut_off_at_the_limit(monkeypatch):
    rig = Rig()

    async def exchange(port, token):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: cribbage\r\n")
        sent = 0
        try:
            while sent < 10 * 1024 * 1024:
                writer.write(b"X-Padding: " + b"p" * 1000 + b"\r\n")
                await writer.drain()
                sent += 1013
        except ConnectionError:
            pass
        try:
            got = await asyncio.wait_for(reader.read(4096), 3)
        except ConnectionError:
            got = b"reset"  # closed while this side still sent: the answer may be lost
        writer.close()
        return got, sent

    got, sent = _on_the_wire(rig, exchange)
    assert got.startswith(b"HTTP/1.0 431") or got == b"reset"
    assert sent < 10 * 1024 * 1024  # the board closed the connection long before


@pytest.mark.slow
def test_a_half_sent_request_is_dropped_after_the_read_timeout(monkeypatch):
    monkeypatch.setattr(web_http, "READ_TIMEOUT_S", 1)
    rig = Rig()

    async def exchange(port, token):
        started = asyncio.get_running_loop().time()
        answer = await _send(port, b"GET /api/state HTTP/1.1\r\nHost: cri", wait=5)
        return answer, asyncio.get_running_loop().time() - started

    answer, seconds = _on_the_wire(rig, exchange)
    assert _status_and_error(answer) == (408, "a request is sent whole within 1 s")
    assert seconds < 3  # dropped, not held for ever


def test_connections_past_the_cap_are_answered_busy_and_the_board_recovers():
    rig = Rig()

    async def exchange(port, token):
        hung = []
        for _ in range(web_http.MAX_CONNECTIONS):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /api/state HTTP/1.1\r\n")  # and then nothing
            hung.append(writer)
        await asyncio.sleep(0.1)
        busy = await _send(port, b"GET /api/state HTTP/1.1\r\nHost: cribbage\r\n\r\n")
        for writer in hung:
            writer.close()
        await asyncio.sleep(0.1)
        served = await _send(port, b"GET /api/state HTTP/1.1\r\nHost: cribbage\r\n\r\n")
        return busy, served

    busy, served = _on_the_wire(rig, exchange)
    assert _status_and_error(busy) == (503, "the board is busy: try again in a moment")
    assert served.startswith(b"HTTP/1.0 200")


@pytest.mark.slow
def test_two_thousand_parallel_guesses_change_nothing(monkeypatch):
    """A token is 128 random bits: each guess has a 2**-128 chance whatever the number of
    connections, and connections past the cap are not even read."""
    rig = Rig()

    async def exchange(port, token):
        async def guess():
            body = json.dumps({"token": os.urandom(16).hex(), "keys": ["#"]}).encode()
            request = (
                b"POST /api/keys HTTP/1.1\r\nHost: cribbage\r\nContent-Type: application/json\r\n"
                b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
            )
            try:
                answer = await _send(port, request)
            except OSError:
                return 0  # refused by the listening socket's backlog
            return int(answer.split(b" ")[1]) if answer else 0

        statuses = await asyncio.gather(*[guess() for _ in range(2000)])
        right = await _send(
            port,
            b"GET /api/state HTTP/1.1\r\nHost: cribbage\r\n\r\n",
        )
        return statuses, right

    statuses, right = _on_the_wire(rig, exchange)
    assert len(statuses) == 2000 and 200 not in statuses
    assert set(statuses) <= {0, 403, 503} and statuses.count(403) > 0
    assert rig.match.phase is None  # the game is as it was
    assert right.startswith(b"HTTP/1.0 200")


# -- any request, any body ------------------------------------------------------------------------

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 130) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["5", "#", "*", "hold:#", "hold:*", "D", "A", "KH"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
FIELDS = st.sampled_from(
    ["keys", "card", "players", "target", "games", "brightness", "colours", "muggins", "wifi",
     "network", "password", "cards", "pone", "request", "name", "id", "pin", "token"]
)  # fmt: skip
PATHS = st.sampled_from(
    ["/api/keys", "/api/card", "/api/settings", "/api/undo", "/api/redo", "/api/coach",
     "/api/pair/token", "/api/phones", "/api/phones/forget"]
)  # fmt: skip
KEYS = st.lists(
    st.sampled_from(["1", "5", "9", "0", "#", "*", "D", "A", "B", "hold:#", "hold:*"]),
    min_size=1, max_size=6,
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=st.lists(
        st.tuples(PATHS, st.dictionaries(FIELDS, VALUES, max_size=4), KEYS, st.booleans()),
        min_size=1,
        max_size=8,
    )
)
def test_any_request_is_whole_or_changes_nothing_and_every_200_survives_a_power_cut(steps):
    store = MemoryStore()
    rig = Rig(store)
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#", "5", "1"]}))
    for path, body, keys, with_token in steps:
        body = dict(body)
        if with_token:
            body["token"] = client.token
        if path == "/api/keys" and with_token:
            body["keys"] = keys
        before_state = game_of(call(client.get("/api/state")).json)
        before_files = files_of(store)
        answer = call(client.post(path, body=body))
        assert answer.status_code in (200, 202, 400, 403, 404, 409, 410), (answer.json, body)
        assert set(answer.json) != {"error"} or isinstance(answer.json["error"], str)
        if answer.status_code >= 400:
            assert game_of(call(client.get("/api/state")).json) == before_state, (path, body)
            assert files_of(store) == before_files, (path, body)
        elif path in ("/api/keys", "/api/card", "/api/undo", "/api/redo", "/api/settings"):
            restarted = Rig(store)
            assert restarted.match.state() == rig.match.state(), (path, body)


def test_said_counts_only_the_lines_still_in_the_console_after_refused_requests():
    rig = Rig()
    client = client_for(rig)
    call(client.post("/api/keys", body={"token": client.token, "keys": ["#"]}))
    before = call(client.get("/api/state")).json
    token = client.token
    for keys in (["*", "*", "*"], ["5", "7"]):  # undo past the start; 7 is no suit
        answer = call(client.post("/api/keys", body={"token": token, "keys": keys}))
        assert answer.status_code == 409, answer.json
    after = call(client.get("/api/state")).json
    new = after["said"] - before["said"]
    assert new == 2  # one refusal line a request
    assert after["console"][:-new] == before["console"]
    assert [line[:7] for line in after["console"][-new:]] == ["error: "] * 2
