"""The API as a contract (docs/api.yaml, OpenAPI 3.1): Schemathesis sends the board requests
made from the document on both interpreters (the simulator's board on CPython, and the
board's own program on MicroPython), a phone paired first so that changes get past the
token, and every answer must conform to the document: its status listed for the route, its
type, its body's schema, and never a 500. docs/web-page.md's API table is checked against
the document, and both interpreters must give the same answer to a shared corpus of odd
requests (escapes, hosts, empty and odd bodies, methods)."""

import json
import os
import re
import time

import pytest
import requests
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from served_board import INTERPRETERS, ServedBoard
from where import ROOT

API = os.path.join(ROOT, "docs", "api.yaml")
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
STREAM = "/api/events"  # never ends: read by its own tests (test_board_network.py)
# Changes that would take the simulated board off its network (the Wi-Fi, the club's
# broker): sent without the phone's token, so refused 403, and checked as such.
RADIO_FIELDS = {"wifi", "network", "password", "club", "broker", "club_password", "club_board"}
EXAMPLES = {"/api/coach": 12, "/api/peg-advice": 20}  # each a search: fewer
DEFAULT_EXAMPLES = 40


def with_token(case, token):
    """The paired phone's token in a change's body, where the body takes one."""
    body = case.body
    if not isinstance(body, dict) or "token" not in body:
        return
    if case.path == "/api/settings" and RADIO_FIELDS & set(body):
        return
    body["token"] = token
    keys = body.get("keys")
    if isinstance(keys, list):
        # hold:9 turns the Wi-Fi off: the page would stop answering the rest of the run.
        body["keys"] = ["9" if key == "hold:9" else key for key in keys]


def run_operation(operation, mode, base, session, token, sent, taken):
    @settings(
        max_examples=EXAMPLES.get(operation.path, DEFAULT_EXAMPLES),
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,  # the same requests every run
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def conforms(case):
        with_token(case, token)
        response = case.call(base_url=base, session=session, timeout=120)
        route = operation.method.upper() + " " + operation.path
        sent[route] += 1
        if response.status_code < 300:
            taken[route] = taken.get(route, 0) + 1
        case.validate_response(response, checks=CHECKS)

    conforms()


def story(board, operations, base, session, token, sent, taken):
    """What a paired phone sends in a deal, each answer checked against the document as the
    fuzzed ones are: a second phone paired through the API, listed and forgotten; a match
    begun, its starter keyed, a card tapped, undone and redone; a setting changed; the
    coach and the play's advice asked."""

    def send(route, body):
        method, path = route.split(" ")
        case = operations[route].Case(body=body, media_type="application/json")
        response = case.call(base_url=base, session=session, timeout=120)
        sent[route] += 1
        if response.status_code < 300:
            taken[route] = taken.get(route, 0) + 1
        case.validate_response(response, checks=CHECKS)
        return response

    asked = send("POST /api/pair", {"name": "second phone"}).json()
    board.keys("hold:0 %s %s" % tuple(asked["code"]))
    while send("POST /api/pair/token", {"request": asked["request"]}).status_code == 202:
        time.sleep(0.1)  # the code is keyed on the board's keypad meanwhile
    listed = send("POST /api/phones", {"token": token}).json()["phones"]
    second = [phone["id"] for phone in listed if not phone["this"]]
    send("POST /api/phones/forget", {"token": token, "id": second[0]})
    for keys in (["#"], ["5", "4"]):  # a match, the starter 5S
        send("POST /api/keys", {"token": token, "keys": keys})
    send("POST /api/card", {"token": token, "card": "9H"})  # orange lays the 9 of hearts
    send("POST /api/peg-advice", {"cards": ["6S", "KD", "4C", "2H"]})  # blue's lay
    send("POST /api/undo", {"token": token})
    send("POST /api/redo", {"token": token})
    send("POST /api/settings", {"token": token, "target": 61, "brightness": 96})
    send("POST /api/coach", {"cards": ["5H", "5D", "JC", "6S", "4C", "KH"], "pone": False})


@pytest.mark.slow
@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_every_answer_conforms_to_the_api_document(interpreter, tmp_path):
    schema = schemathesis.openapi.from_path(API)
    board = ServedBoard(interpreter, tmp_path / "saves")
    try:
        token = board.pair()
        base = "http://127.0.0.1:%d" % board.port
        sent = {}
        taken = {}  # the requests answered 2xx, by route
        operations = {}
        for result in schema.get_all_operations():
            operation = result.ok()
            if operation.path != STREAM:
                route = operation.method.upper() + " " + operation.path
                operations[route] = operation
                sent[route] = 0
        with requests.Session() as session:
            story(board, operations, base, session, token, sent, taken)
            for operation in operations.values():
                modes = [GenerationMode.POSITIVE]
                if operation.body:
                    modes.append(GenerationMode.NEGATIVE)
                for mode in modes:
                    run_operation(operation, mode, base, session, token, sent, taken)
        print(
            "\nschemathesis on %s: %d requests (%d answered 2xx), every answer as docs/api.yaml"
            " says: %s"
            % (
                interpreter, sum(sent.values()), sum(taken.values()),
                ", ".join("%s %d/%d" % (r, taken.get(r, 0), sent[r]) for r in sent),
            )
        )  # fmt: skip
        assert all(sent.values()), sent  # every route was sent something
        # The paired phone's changes got past the token: keys pressed, settings taken.
        assert set(taken) == set(sent), set(sent) - set(taken)  # each route answered 2xx too
        assert "answered 500" not in "\n".join(board.state()["console"])
    finally:
        board.close()


# -- the document and docs/web-page.md -----------------------------------------------------


def documented():
    with open(API, encoding="utf-8") as source:
        return yaml.safe_load(source)


# The statuses the board answers (a row's other numbers are figures: 255, 121 ...).
HTTP_STATUSES = set(
    "200 202 400 403 404 405 408 409 410 411 413 415 421 431 500 501 503 507".split()
)


def table_rows():
    """(the request column, the answer column) of each row of docs/web-page.md's API table."""
    with open(os.path.join(ROOT, "docs", "web-page.md"), encoding="utf-8") as page:
        text = page.read()
    table = text.split("The JSON API (stable)", 1)[1].split("\n\n", 2)[1]
    rows = []
    for line in table.splitlines()[2:]:
        cells = line.strip("|").split(" | ")
        rows.append((cells[0], " | ".join(cells[1:])))
    return rows


def test_the_api_table_and_the_document_name_the_same_routes_and_statuses():
    paths = documented()["paths"]
    in_document = {(method.upper(), path) for path in paths for method in paths[path]}
    in_table = set()
    for request, answer in table_rows():
        routes = re.findall(r"`(GET|POST) (/[^` ]*)", request)
        assert routes, request
        in_table.update(routes)
        # Every status the row names is one the document lists for its routes.
        for status in set(re.findall(r"\b([1-5]\d\d)\b", answer)) & HTTP_STATUSES:
            for method, path in routes:
                listed = paths[path][method.lower()]["responses"]
                assert status in listed, (method, path, status)
    assert in_table == in_document, in_table ^ in_document


def test_every_refusal_the_page_names_is_in_the_document():
    with open(os.path.join(ROOT, "docs", "web-page.md"), encoding="utf-8") as page:
        text = " ".join(page.read().split())
    refusals = text.split("Refusals answer a JSON", 1)[1].split("Tested through", 1)[0]
    named = set(re.findall(r"\b(4\d\d|5\d\d)\b", refusals))
    assert {"400", "403", "404", "405", "409", "413", "415", "421", "503", "507"} <= named
    listed = set()
    for methods in documented()["paths"].values():
        for operation in methods.values():
            listed.update(operation["responses"])
    # The wire's refusals (408, 411, 431), a wrong method (405) and a wrong address (404)
    # come before any route is found: the document says them once, in its description.
    assert named - listed <= {"404", "405", "408", "411", "431"}, named - listed


# -- a corpus of odd requests, answered alike ---------------------------------------------

JSON_TYPE = b"Content-Type: application/json\r\n"
NO_HOST = b"(no Host header)"
CORPUS = [
    # escapes
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\\ud83c\\udf54 phone"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\\ud83c phone"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\\udf54\\ud83c"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "a\\u0000b"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\\uZZZZ"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\\\\ud83c\\\\udf54"}'),
    ("POST", "/api/pair", JSON_TYPE, '{"name": "\U0001f354"}'.encode()),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "\xff"}'),
    # hosts
    ("GET", "/api/settings", b"Host: localhost:{port}\r\n", b""),
    ("GET", "/api/settings", b"Host: LOCALHOST\r\n", b""),
    ("GET", "/api/settings", b"Host: localhost:\r\n", b""),
    ("GET", "/api/settings", b"Host: localhost:x\r\n", b""),
    ("GET", "/api/settings", b"Host: evil.example\r\n", b""),
    ("GET", "/api/settings", b"Host: [::1]:{port}\r\n", b""),
    ("GET", "/api/settings", b"Host: 127.0.0.2:{port}\r\n", b""),
    ("GET", "/api/settings", NO_HOST, b""),
    # empty and odd bodies
    ("POST", "/api/pair", JSON_TYPE, b""),
    ("POST", "/api/pair", JSON_TYPE, b"{}"),
    ("POST", "/api/pair", JSON_TYPE, b"[]"),
    ("POST", "/api/pair", JSON_TYPE, b"null"),
    ("POST", "/api/pair", JSON_TYPE, b"{"),
    ("POST", "/api/pair", JSON_TYPE, b'"phone"'),
    ("POST", "/api/pair", JSON_TYPE, b"1e999"),
    ("POST", "/api/pair", JSON_TYPE, b"{} {}"),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "a", "name": "b"}'),
    ("POST", "/api/pair", JSON_TYPE, b'\xef\xbb\xbf{"name": "a"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"nome": "a"}'),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": ' + b"[" * 20 + b"]" * 20 + b"}"),
    ("POST", "/api/pair", JSON_TYPE, b'{"name": "' + b"x" * 2040 + b'"}'),
    ("POST", "/api/pair", b"Content-Type: text/plain\r\n", b'{"name": "a"}'),
    ("POST", "/api/pair", b"Content-Type: application/json; charset=utf-8\r\n", b'{"name": "a"}'),
    ("POST", "/api/settings", JSON_TYPE, b'{"token": "x", "brightness": NaN}'),
    ("POST", "/api/settings", JSON_TYPE, b'{"token": "x", "brightness": Infinity}'),
    ("POST", "/api/settings", JSON_TYPE, b'{"token": "x", "target": 61.0}'),
    ("POST", "/api/settings", JSON_TYPE, b'{"token": "x", "players": true}'),
    ("POST", "/api/keys", JSON_TYPE, b'{"token": "x", "keys": []}'),
    ("POST", "/api/keys", JSON_TYPE, b'{"token": "x", "keys": ["hold:0"]}'),
    ("POST", "/api/keys", JSON_TYPE, b'{"token": "x", "keys": ["E"]}'),
    ("POST", "/api/card", JSON_TYPE, b'{"token": "x", "card": "JOKER"}'),
    ("POST", "/api/coach", JSON_TYPE, b'{"cards": ["5H", "5h", "JC", "6S", "4C"]}'),
    # methods
    ("HEAD", "/api/state", b"", b""),
    ("PUT", "/api/state", b"", b""),
    ("DELETE", "/api/keys", b"", b""),
    ("PATCH", "/", b"", b""),
    ("OPTIONS", "/api/keys", b"Origin: http://evil.example\r\n", b""),
    ("OPTIONS", "/nowhere", b"", b""),
    ("TRACE", "/", b"", b""),
    ("GET", "/api/keys", b"", b""),
    ("POST", "/api/state", JSON_TYPE, b"{}"),
    ("GET", "/nowhere", b"", b""),
    ("GET", "/api/state?x=1", b"", b""),
    ("GET", "/API/STATE", b"", b""),
    ("GET", "//api/state", b"", b""),
]


def raw_request(board, method, path, headers, body):
    """The answer's bytes: the board's own Host unless the request names one, or none."""
    headers = headers.replace(b"{port}", str(board.port).encode())
    if headers.startswith(NO_HOST):
        headers = headers[len(NO_HOST) :]
    elif b"Host:" not in headers:
        headers = b"Host: " + board.host.encode() + b"\r\n" + headers
    head = b"%s %s HTTP/1.1\r\n" % (method.encode(), path.encode()) + headers
    head += b"Content-Length: %d\r\n\r\n" % len(body)
    return board.raw(head + body)


def answer_of(got, port):
    """(status, what the answer says): its JSON's keys and any error's words (the board's
    port as {port}); the state's figures and a pairing's code and request differ from board
    to board."""
    got = got.replace(str(port).encode(), b"{port}")
    head, _, body = got.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    kind = re.search(rb"(?i)content-type: ([^\r;]*)", head)
    kind = kind.group(1).decode() if kind else None
    if kind == "application/json" and body:
        answer = json.loads(body)
        if "error" in answer:
            return status, kind, answer
        return status, kind, sorted(answer)
    return status, kind, len(body)


@pytest.mark.slow
def test_both_interpreters_answer_a_corpus_of_odd_requests_alike(tmp_path):
    boards = [ServedBoard(name, tmp_path / name) for name in INTERPRETERS]
    try:
        answers = {name: [] for name in INTERPRETERS}
        for board in boards:
            for request in CORPUS:
                answers[board.interpreter].append(
                    answer_of(raw_request(board, *request), board.port)
                )
        differing = [
            (request[:2], request[3][:40], cpython, micropython)
            for request, cpython, micropython in zip(
                CORPUS, answers["cpython"], answers["micropython"]
            )
            if cpython != micropython
        ]
        assert not differing, differing
        assert not [a for a in answers["cpython"] if a[0] >= 500], answers["cpython"]
    finally:
        for board in boards:
            board.close()
