"""A club night (tools/director/club.py): the standings an independent calculation here makes from
the
games played, pairings that never repeat an opponent while a round can avoid it (checked
against an exhaustive minimum computed here), byes, late arrivals and leavers, results
recorded once however often they come, corrections that keep the original."""

import csv
import io
import json
import random
import sqlite3
import threading
import time
import unicodedata

import pytest

from club_night.night import ClubError, Night
from club_standings import expected_standings


def names(count):
    return ["P%02d" % i for i in range(count)]


# -- Standings, checked against a calculation of their own ----------------------------------


def random_score(rng):
    loser = rng.choice([rng.randint(40, 90), rng.randint(91, 120), rng.randint(91, 120)])
    return (121, loser) if rng.random() < 0.5 else (loser, 121)


def test_standings_are_game_points_then_games_won_then_spread(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy", "Di", "Ed"):
        night.add(name)
    for number, board, a, b in ((1, "b1", "Ann", "Bob"), (1, "b2", "Cy", "Di"),
                                (2, "b1", "Di", "Ann")):  # fmt: skip
        night.seat(number, board, a, b)
    night.record({"id": "b1-1", "round": 1, "board": "b1", "players": ["Ann", "Bob"],
                  "scores": [121, 90]})  # fmt: skip
    night.record({"id": "b2-1", "round": 1, "board": "b2", "players": ["Cy", "Di"],
                  "scores": [100, 121]})  # fmt: skip
    night.record({"id": "b1-2", "round": 2, "board": "b1", "players": ["Di", "Ann"],
                  "scores": [121, 60]})  # fmt: skip
    assert night.standings() == [
        (1, "Di", 5, 2, 21 + 61, 2),  # 2 for the win over Cy, 3 for skunking Ann
        (2, "Ann", 3, 1, 31 - 61, 2),  # a skunk win (Bob at 90) and a loss by 61
        (3, "Ed", 0, 0, 0, 0),  # no game yet: a spread of 0 is above a lost game's
        (4, "Cy", 0, 0, -21, 1),
        (5, "Bob", 0, 0, -31, 1),
    ]
    assert night.csv().splitlines()[:2] == [
        "place,player,game points,games won,spread,played",
        "1,Di,5,2,82,2",
    ]


@pytest.mark.slow
def test_random_nights_stand_as_the_independent_calculation_says(tmp_path):
    rng = random.Random(29)
    for night_number in range(10):
        night = Night(str(tmp_path / ("n%d.sqlite" % night_number)))
        players = names(rng.randint(4, 24))
        for name in players:
            night.add(name)
        games = []
        for round_number in range(1, 10):
            for board, a, b in night.pair(["t%d" % i for i in range(12)]):
                if b is None:
                    continue
                score_a, score_b = random_score(rng)
                games.append((a, b, score_a, score_b))
                night.record({"id": "%s-%d" % (board, round_number), "round": round_number,
                              "board": board, "players": [a, b],
                              "scores": [score_a, score_b]})  # fmt: skip
        byes = [name for _, name in night.byes()]
        assert night.standings() == expected_standings(games, byes, players)


# -- Pairing --------------------------------------------------------------------------------


def fewest_repeats(players, met):
    """The fewest pairs that met already over every way to pair `players` (an even count),
    by dynamic programming over subsets: independent of the club's search."""
    count = len(players)
    best = {0: 0}
    for mask in range(1, 1 << count):
        if bin(mask).count("1") % 2:
            continue
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        least = None
        for other in range(first + 1, count):
            if rest >> other & 1:
                cost = frozenset((players[first], players[other])) in met
                sub = best.get(rest & ~(1 << other))
                if sub is not None and (least is None or sub + cost < least):
                    least = sub + cost
        if least is not None:
            best[mask] = least
    return best[(1 << count) - 1]


@pytest.mark.slow
def test_thirty_random_nights_never_repeat_an_opponent_that_could_be_avoided(tmp_path):
    rng = random.Random(2026)
    repeats_forced = 0
    for night_number in range(30):
        night = Night(str(tmp_path / ("n%d.sqlite" % night_number)))
        pool = names(16)
        rng.shuffle(pool)
        waiting = pool[rng.randint(3, 12) :]  # late arrivals
        for name in pool[: len(pool) - len(waiting)]:
            night.add(name)
        met = set()
        byes = set()
        for round_number in range(1, 10):
            if waiting and rng.random() < 0.3:
                night.add(waiting.pop())
            if rng.random() < 0.15 and len(night.playing(round_number)) > 3:
                night.leave(rng.choice(night.playing(round_number)))
            playing = night.playing(round_number)
            tables = night.pair(["t%d" % i for i in range(8)])
            seated = [a for _, a, _ in tables] + [b for _, _, b in tables if b]
            assert sorted(seated) == sorted(playing)  # everyone playing, once
            pairs = [frozenset((a, b)) for _, a, b in tables if b]
            bye = [a for _, a, b in tables if b is None]
            ours = sum(pair in met for pair in pairs)
            # The least any pairing of the round could repeat, the bye to anyone.
            options = [p for p in playing] if len(playing) % 2 else [None]
            least = {p: fewest_repeats([q for q in playing if q != p], met) for p in options}
            assert ours == min(least.values()), (night_number, round_number)
            repeats_forced += ours
            if bye:
                # The bye went to someone without one, whenever that cost no repeat.
                fresh = [p for p in options if p not in byes and least[p] == ours]
                assert not fresh or bye[0] in fresh
                byes.add(bye[0])
            for board, a, b in tables:
                if b:
                    night.record({"id": "%d-%s" % (round_number, a), "round": round_number,
                                  "board": board, "players": [a, b],
                                  "scores": list(random_score(rng))})  # fmt: skip
            met.update(pairs)
    assert repeats_forced > 0  # the small nights had to repeat: the minimum was checked there


def test_a_late_arrival_plays_from_the_next_round_and_a_leaver_is_not_paired_again(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy", "Di"):
        night.add(name)
    first = night.pair(["b1", "b2"])
    assert {a for _, a, _ in first} | {b for _, _, b in first} == {"Ann", "Bob", "Cy", "Di"}
    night.add("Ed")  # arrives during round 1
    night.leave("Bob")  # plays round 1, then leaves
    second = night.pair(["b1", "b2"])
    seated = {a for _, a, _ in second} | {b for _, _, b in second if b}
    assert seated == {"Ann", "Cy", "Di", "Ed"}


def test_an_odd_count_gives_the_bye_to_the_lowest_placed_without_one(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy"):
        night.add(name)
    with pytest.raises(ClubError, match=r"^boards: the boards' names, one a table$"):
        night.pair([])
    assert night.rounds_paired() == 0  # nothing paired
    first = night.pair(["b1"])
    assert first[-1] == ("bye", "Cy", None)  # all level: the last by name
    night.record({"id": "x", "round": 1, "board": "b1", "players": ["Ann", "Bob"],
                  "scores": [121, 100]})  # fmt: skip
    second = night.pair(["b1"])
    # Standings: Ann 2, Cy 2 (the bye), Bob 0: Bob is lowest and has had no bye.
    assert second[-1] == ("bye", "Bob", None)
    assert sorted(second[0][1:]) == ["Ann", "Cy"]


# -- Results once, corrections kept -----------------------------------------------------------


def test_a_result_sent_twice_is_recorded_once(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    night.seat(1, "board7", "Ann", "Bob")
    result = {"id": "board7-3f9a-1", "round": 1, "board": "board7", "players": ["Ann", "Bob"],
              "scores": [121, 80]}  # fmt: skip
    assert night.record(result) is True
    assert night.record(dict(result)) is False
    assert len(night.games()) == 1 and night.standings()[0][1:4] == ("Ann", 3, 1)


@pytest.mark.parametrize(
    "result, words",
    [
        ({"id": "a", "round": 1, "board": "b", "players": ["A", "B"], "scores": [121, 121]},
         "a finished game has one side at 121 and the other under it: 121-121"),
        ({"id": "a", "round": 1, "board": "b", "players": ["A", "B"], "scores": [100, 90]},
         "a finished game has one side at 121 and the other under it: 100-90"),
        ({"id": "a", "round": 1, "board": "b", "players": ["A"], "scores": [121, 90]},
         "players: a list of two"),
    ],
)  # fmt: skip
def test_a_result_that_is_not_a_finished_game_is_refused_and_changes_nothing(
    tmp_path, result, words
):
    night = Night(str(tmp_path / "night.sqlite"))
    night.seat(1, "b", "A", "B")
    with pytest.raises(ClubError) as refused:
        night.record(result)
    assert str(refused.value) == words
    assert night.games() == []


def test_a_correction_changes_the_standings_and_keeps_the_original(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    night.seat(1, "b1", "Ann", "Bob")
    night.record({"id": "g1", "round": 1, "board": "b1", "players": ["Ann", "Bob"],
                  "scores": [121, 85]})  # fmt: skip
    night.correct("g1", 121, 95, "Bob's crib was keyed as 4, it was 14")
    assert night.standings()[0][1:5] == ("Ann", 2, 1, 26)  # no longer a skunk
    original = night.db.execute("SELECT score_a, score_b FROM results WHERE id = 'g1'")
    assert original.fetchall() == [(121, 85)]
    kept = night.db.execute("SELECT score_b, reason FROM corrections").fetchall()
    assert kept == [(95, "Bob's crib was keyed as 4, it was 14")]
    with pytest.raises(ClubError, match="no result g2 tonight"):
        night.correct("g2", 121, 95, "typo")
    with pytest.raises(ClubError, match="a correction says why"):
        night.correct("g1", 121, 100, " ")
    assert night.standings()[0][1:5] == ("Ann", 2, 1, 26)


# -- Over a real broker ------------------------------------------------------------------------


class StandInBoard:
    """A board's side of the result protocol, in paho: a finished game is kept until the
    club says `recorded`, and sent again at each connection and every second meanwhile."""

    def __init__(self, broker, club, name, password=None):
        import paho.mqtt.client as mqtt

        self.club, self.name = club, name
        self.outbox = {}  # id -> result
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="board-" + name)
        if password is not None:  # the board's own account on the night's broker
            self.client.username_pw_set(name, password)
        self.client.on_connect = self._connected
        self.client.on_message = self._recorded
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.connect_async("127.0.0.1", broker.port, keepalive=10)
        self.client.loop_start()
        self.running = threading.Event()
        self.running.set()
        self.resender = threading.Thread(target=self._resend, daemon=True)
        self.resender.start()

    def _resend(self):
        while self.running.is_set():
            time.sleep(1)
            if self.client.is_connected():
                self.send()

    def _connected(self, client, userdata, flags, reason, properties):
        client.subscribe("cribbage/%s/%s/recorded" % (self.club, self.name), qos=1)
        self.send()

    def _recorded(self, client, userdata, message):
        self.outbox.pop(message.payload.decode(), None)

    def finish(self, result):
        self.outbox[result["id"]] = result
        self.send()

    def send(self):
        for result in list(self.outbox.values()):
            where = "cribbage/%s/%s/result" % (self.club, self.name)
            self.client.publish(where, json.dumps(result), qos=1)

    def stop(self):
        self.running.clear()
        self.client.disconnect()
        self.client.loop_stop()


@pytest.mark.slow
def test_results_over_a_broker_that_goes_down_are_recorded_once(tmp_path):
    from broker import Broker, wait_for
    from club_night.bridge import Bridge

    broker = Broker(tmp_path).start()
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy", "Di"):
        night.add(name)
    bridge = Bridge(night, "oakclub", "127.0.0.1", broker.port)
    boards = [StandInBoard(broker, "oakclub", name) for name in ("t1", "t2")]
    heard = {}
    listener = StandInBoard(broker, "oakclub", "listener")
    try:
        listener.client.on_message = lambda c, u, m: heard.update({m.topic: json.loads(m.payload)})
        assert wait_for(listener.client.is_connected)
        listener.client.subscribe("cribbage/oakclub/+/pairing", qos=1)
        bridge.start()
        assert wait_for(lambda: bridge.client.is_connected() and all(
            b.client.is_connected() for b in boards))  # fmt: skip
        tables = bridge.pair(["t1", "t2"])
        assert wait_for(lambda: len(heard) == 2)
        assert heard["cribbage/oakclub/t1/pairing"] == {
            "round": 1,
            "players": list(tables[0][1:]),
            "target": 121,
            "games": 1,
        }
        results = [
            {"id": "%s-7c1e-1" % board, "round": 1, "board": board, "players": [a, b],
             "scores": [121, 88]}
            for board, a, b in tables
        ]  # fmt: skip
        boards[0].finish(results[0])
        assert wait_for(lambda: len(night.games()) == 1 and not boards[0].outbox)
        broker.stop()  # the broker goes down mid-round: t2's game ends meanwhile
        boards[1].finish(results[1])
        # And t1 sends its result again, as a board does after a power cut before the ack.
        boards[0].finish(results[0])
        time.sleep(1)
        assert len(night.games()) == 1 and len(boards[1].outbox) == 1
        broker.start()
        # Whoever connects first, the boards send until the club has recorded it.
        assert wait_for(lambda: not boards[0].outbox and not boards[1].outbox, 30)
        time.sleep(1)  # any copy still on its way has arrived
        assert [game[0] for game in night.games()] == ["t1-7c1e-1", "t2-7c1e-1"]
        assert [row[2] for row in night.standings()] == [3, 3, 0, 0]  # two skunk wins
        assert bridge.refused == []
    finally:
        for board in boards + [listener]:
            board.stop()
        bridge.stop()
        broker.stop()


def test_the_standings_page_and_the_directors_changes_with_the_pin(tmp_path):
    import urllib.error
    import urllib.request

    from broker import free_port
    from club_night.bridge import Bridge
    from club_night.page import make_page_server

    night = Night(str(tmp_path / "night.sqlite"))
    bridge = Bridge(night, "oakclub", "127.0.0.1", free_port())  # no broker: the page alone
    port = free_port()
    server = make_page_server(bridge, "127.0.0.1", port, "47114711")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % port

    def post(path, body):
        request = urllib.request.Request(
            base + path, json.dumps(body).encode(), {"Content-Type": "application/json"},
            method="POST",
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())

    try:
        assert post("/api/players", {"pin": "1234", "add": ["Ann", "Bob"]}) == (
            403, {"error": "the director's PIN is wrong"})  # fmt: skip
        assert night.standings() == []  # nothing changed
        status, _ = post("/api/players", {"pin": "47114711", "add": ["Ann", "Bob", "Cy"]})
        assert status == 200
        status, paired = post("/api/pair", {"pin": "47114711", "boards": ["t1"]})
        assert status == 200 and paired["tables"][-1] == ["bye", "Cy", None]
        night.record({"id": "t1-a-1", "round": 1, "board": "t1", "players": ["Ann", "Bob"],
                      "scores": [121, 101]})  # fmt: skip
        assert post("/api/correct", {"pin": "47114711", "id": "t1-a-1", "scores": [121, 131],
                                     "reason": "x"}) == (
            400, {"error": "a finished game has one side at 121 and the other under it:"
                           " 121-131"})  # fmt: skip
        status, changed = post(
            "/api/correct",
            {"pin": "47114711", "id": "t1-a-1", "scores": [121, 85], "reason": "Bob's hand was 8"},
        )
        assert status == 200 and changed["standings"][0] == [1, "Ann", 3, 1, 36, 1]
        with urllib.request.urlopen(base + "/", timeout=5) as answer:
            html = answer.read().decode()
        assert "<h1>oakclub: standings after 1 games</h1>" in html
        assert "<tr><td>1</td><td>Ann</td><td>3</td><td>1</td><td>+36</td><td>1</td></tr>" in html
        assert "<li>bye: Cy has the bye</li>" in html
        assert "<li>t1: Ann v Bob: reported 121-101 (result t1-a-1)</li>" in html
        assert "<li>round 1, t1: Ann 121, Bob 85 (result t1-a-1)</li>" in html  # corrected
        with urllib.request.urlopen(base + "/standings.csv", timeout=5) as answer:
            assert answer.read().decode().splitlines()[1] == "1,Ann,3,1,36,1"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.slow
def test_the_standings_page_reads_on_a_phone_and_a_projector(tmp_path, browser):  # noqa: F811
    """The page in headless Chromium: no serious or critical axe-core violation, nothing
    wider than a 360 px phone, and the whole table on a 1920 x 1080 projector."""
    from broker import free_port, wait_for
    from club_night.bridge import Bridge
    from club_night.page import make_page_server
    from web_support import AXE_SCRIPT

    night = Night(str(tmp_path / "night.sqlite"))
    players = ["Anneliese Vanderbilt", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"] + names(16)
    for name in players:
        night.add(name)
    rng = random.Random(4)
    for round_number in range(1, 4):
        for board, a, b in night.pair(["table-%d" % i for i in range(1, 13)]):
            night.record({"id": "%s-%d" % (board, round_number), "round": round_number,
                          "board": board, "players": [a, b],
                          "scores": list(random_score(rng))})  # fmt: skip
    bridge = Bridge(night, "Oak Street club", "127.0.0.1", free_port())
    port = free_port()
    server = make_page_server(bridge, "127.0.0.1", port, "47114711")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(AXE_SCRIPT, encoding="utf-8") as source:
        engine = source.read()
    try:
        found = {}
        for width, height in ((360, 800), (1920, 1080)):
            browser.set_window_size(width, height)
            browser.get("http://127.0.0.1:%d/" % port)
            assert (
                "Oak Street club: standings after 36 games" in browser.title + browser.page_source
            )
            wide = browser.execute_script("return document.documentElement.scrollWidth")
            inner = browser.execute_script("return window.innerWidth")
            assert wide <= inner, (width, wide)  # no sideways scrolling
            browser.execute_script(engine)
            violations = browser.execute_async_script(
                "var done = arguments[arguments.length - 1];"
                "axe.run().then(function (r) { done(r.violations); });"
            )
            found[width] = [(v["impact"], v["id"]) for v in violations]
            assert not [v for v in found[width] if v[0] in ("serious", "critical")], found
        rows = browser.execute_script("return document.querySelectorAll('tbody tr').length")
        assert rows == len(players)
        table = browser.execute_script(
            "return document.querySelector('table').getBoundingClientRect().bottom"
        )
        assert table <= 1080 * 2  # the standings of 24 fit two screens of a projector at most
        # A result arrives: the open page shows it within its 5 s, without a reload.
        browser.execute_script("window.notReloaded = true")
        with bridge.lock:
            _, a, b = night.pair(["table-1", "table-2", "table-3", "table-4", "table-5",
                                  "table-6", "table-7", "table-8", "table-9", "table-10",
                                  "table-11", "table-12"])[0]  # fmt: skip
            night.record({"id": "late", "round": 4, "board": "table-1",
                          "players": [a, b], "scores": [121, 70]})  # fmt: skip
        heading = "return document.querySelector('h1').textContent"
        assert wait_for(
            lambda: browser.execute_script(heading) == "Oak Street club: standings after 37 games",
            8,
        )
        assert browser.execute_script("return window.notReloaded") is True
    finally:
        server.shutdown()
        server.server_close()


def test_a_hostile_board_forges_nothing_and_stops_nothing_while_eleven_play(tmp_path):
    """Twelve boards, two rounds on a real Mosquitto with the night's accounts and rules.
    Board t1 is hostile: before, between and after its own honest games it sends every kind
    of forged or broken result on its topic, and writes on other boards' and the club's
    topics. Eleven play honestly. The standings are those the honest games make, each
    counted once; every attack on its topic is refused in words and listed with its topic
    on the director's page; the broker keeps every other from arriving; the club goes on."""
    import urllib.request

    from broker import Broker, wait_for
    from club_night.bridge import Bridge
    from club_night.page import make_page_server

    night = Night(str(tmp_path / "night.sqlite"))
    players = names(24)
    for name in players:
        night.add(name)
    names_of_boards = ["t%d" % i for i in range(1, 13)]
    passwords = {name: night.board_password(name) for name in names_of_boards}
    accounts = night.accounts()  # as serve gives them to its broker
    broker = Broker(tmp_path, accounts=accounts, club="oakclub").start()
    bridge = Bridge(night, "oakclub", "127.0.0.1", broker.port, accounts["club"])
    boards = {name: StandInBoard(broker, "oakclub", name, passwords[name])
              for name in names_of_boards}  # fmt: skip
    server = make_page_server(bridge, "127.0.0.1", 0, "47114711")  # any free port, bound at once
    page_port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rng = random.Random(39)
    honest = []
    try:
        bridge.start()
        assert wait_for(lambda: bridge.client.is_connected() and all(
            board.client.is_connected() for board in boards.values()))  # fmt: skip
        hostile = boards["t1"].client
        where = "cribbage/oakclub/t1/result"
        attacks = []

        def attack(payload):
            attacks.append(payload)
            data = payload if isinstance(payload, bytes) else payload.encode()
            hostile.publish(where, data, qos=1).wait_for_publish(5)

        first_t1 = None
        for number in (1, 2):
            tables = bridge.pair(sorted(boards))
            seated = {board: (a, b) for board, a, b in tables if b}
            a1, b1 = seated["t1"]
            first_t1 = first_t1 or (a1, b1)
            a2, b2 = seated["t2"]
            forged = {"id": "t1-f%d" % number, "round": number, "board": "t1",
                      "players": [a1, b1], "scores": [121, 60]}  # fmt: skip
            for payload in (
                '{"id": "x1", "round": 1e999, "board": "t1", "players": ["%s", "%s"],'
                ' "scores": [121, 60]}' % (a1, b1),
                '{"id": "x2", "round": %d, "board": "t1", "players": ["%s", "%s"],'
                ' "scores": [Infinity, 0]}' % (number, a1, b1),
                json.dumps(dict(forged, id="x3", target=10**20)),
                json.dumps(dict(forged, id="x4", round=2**70)),
                "[" * 30000 + "]" * 30000,  # (past 64 KB the broker cuts the sender off)
                "[" * 400 + "]" * 400,
                json.dumps(dict(forged, id="x5", board="t2", players=[a2, b2])),  # t2's table
                json.dumps(dict(forged, id="x6", players=["Mallory", b1])),
                json.dumps(dict(forged, id="x7-%d" % number, round=7)),  # a round never paired
                json.dumps(dict(forged, id="x8", players=[a1, a1])),
                json.dumps(dict(forged, id="x9", target=10**15)),
                json.dumps(dict(forged, id="x10", scores=[121.0, 60])),
                json.dumps(dict(forged, id="x11", scores=[True, 60])),
                json.dumps(dict(forged, id="x12", extra="field")),
                b"\xff\xfe\xfd",
                "not json at all",
                json.dumps(dict(forged, id="y" * 65)),
                json.dumps(dict(forged, id="x13", players=[b1, a1])),  # swapped: not as seated
            ):
                attack(payload)
            for board, (a, b) in sorted(seated.items()):
                score_a, score_b = random_score(rng)
                honest.append((a, b, score_a, score_b))
                boards[board].finish({"id": "%s-%d" % (board, number), "round": number,
                                      "board": board, "players": [a, b],
                                      "scores": [score_a, score_b], "target": 121})  # fmt: skip
            # Beyond its own topics, the broker's rules stop t1 before the club sees anything:
            # a result on t2's topic, a pairing for t2, an ack that would make t3 drop its
            # game, the standings, t2's Home Assistant device.
            beyond = [
                ("cribbage/oakclub/t2/result", json.dumps(dict(forged, board="t2", id="z1",
                                                                players=[a2, b2]))),
                ("cribbage/oakclub/t2/pairing", '{"round": 9, "players": ["Mallory", "Ed"]}'),
                ("cribbage/oakclub/t3/recorded", "t3-%d" % number),
                ("cribbage/oakclub/standings", '[[1, "Mallory", 99, 9, 999, 9]]'),
                ("homeassistant/device/cribbage_oakclub_t2/config", '{"dev": {}}'),
            ]  # fmt: skip
            for elsewhere, payload in beyond:
                hostile.publish(elsewhere, payload, qos=1, retain=True).wait_for_publish(5)
            # The same table again, under a new id: once a table.
            again = dict(forged, id="x14", scores=[60, 121])
            assert wait_for(lambda: not any(board.outbox for board in boards.values()), 30)
            attack(json.dumps(again))
        assert wait_for(lambda: len(bridge.refused) >= len(attacks), 20)
        time.sleep(0.5)  # anything still on its way has arrived
        byes = [name for _, name in night.byes()]
        assert night.standings() == expected_standings(honest, byes, players)
        assert len(night.games()) == 24
        # What anyone reads (Home Assistant's account, subscribing now to what is retained):
        # t2's pairing and the standings are the club's; t2 has no device t1 made.
        import paho.mqtt.client as mqtt

        retained = {}
        viewer = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="viewer")
        viewer.username_pw_set("homeassistant", accounts["homeassistant"])
        viewer.on_message = lambda c, u, m: retained.update({m.topic: m.payload})
        viewer.connect("127.0.0.1", broker.port)
        viewer.subscribe([("cribbage/oakclub/#", 1), ("homeassistant/#", 1)])
        viewer.loop_start()
        try:
            assert wait_for(lambda: "cribbage/oakclub/standings" in retained)
            time.sleep(0.5)  # every retained message has arrived
        finally:
            viewer.disconnect()
            viewer.loop_stop()
        a2, b2 = seated["t2"]
        assert json.loads(retained["cribbage/oakclub/t2/pairing"]) == {
            "round": 2, "players": [a2, b2], "target": 121, "games": 1}  # fmt: skip
        assert json.loads(retained["cribbage/oakclub/standings"]) == [
            list(row) for row in night.standings()
        ]
        assert "homeassistant/device/cribbage_oakclub_t2/config" not in retained
        assert len(bridge.refused) == len(attacks)  # each refused, none twice, none lost
        assert {where} == {topic for topic, _ in bridge.refused}
        words = [said for _, said in bridge.refused]
        assert words == expected_refusals(1, first_t1) + expected_refusals(2, seated["t1"])
        with urllib.request.urlopen("http://127.0.0.1:%d/" % page_port, timeout=5) as answer:
            shown = answer.read().decode()
        assert "<h2>Messages refused</h2>" in shown
        assert "cribbage/oakclub/t1/result: a message of 60000 bytes: 1024 at most" in shown
    finally:
        server.shutdown()
        server.server_close()
        for board in boards.values():
            board.stop()
        bridge.stop()
        broker.stop()


def expected_refusals(number, seated):
    a, b = seated
    table = "round %d at board t1 is %s v %s, not " % (number, a, b)
    return [
        "1e999: a result's numbers are whole",
        "Infinity is not a number a result holds",
        "a number of 21 digits: 9 at most",  # a target of 10**20
        "a number of 22 digits: 9 at most",  # a round of 2**70
        "a message of 60000 bytes: 1024 at most",
        "a result holds 4 brackets ([ or {) at most",
        "a result for board t2 came on board t1's topic",
        table + "Mallory v %s" % b,
        "round 7 has no table at board t1 tonight",
        table + "%s v %s" % (a, a),
        "a number of 16 digits: 9 at most",  # a target of 10**15
        "121.0: a result's numbers are whole",
        "scores: a whole number from 0 to 999",  # true
        "not a result's field: extra",
        "a message is text (UTF-8)",
        "not JSON: Expecting value: line 1 column 1 (char 0)",
        "id: text of 1 to 64 bytes",
        table + "%s v %s" % (b, a),
        "round %d at board t1 is recorded already (t1-%d)" % (number, number),
    ]


def test_a_name_a_spreadsheet_would_run_is_written_as_text_in_the_csv(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ('=HYPERLINK("http://x.example/?"&A1)', "+Bob", "-Cy", "@Di", "Ed"):
        night.add(name)
    rows = list(csv.reader(io.StringIO(night.csv())))
    assert sorted(row[1] for row in rows[1:]) == [
        "'+Bob", "'-Cy", "'=HYPERLINK(\"http://x.example/?\"&A1)", "'@Di", "Ed",
    ]  # fmt: skip
    assert [row[4] for row in rows[1:]] == ["0"] * 5  # numbers stay numbers


def test_the_directors_door_bounds_guesses_and_takes_no_change_from_another_site(tmp_path):
    """Wrong PINs: 10 a minute from one address, 60 a minute from all together (past that
    every address waits but one that gave the right PIN tonight, so the director signed in
    is not slowed). Another site's page (a form's text/plain,
    its Origin) and another name (DNS rebinding) change nothing."""
    import http.client

    from broker import free_port
    from club_night.bridge import Bridge
    from club_night.page import PinGuard, make_page_server

    clock = [0.0]
    guard = PinGuard("20261204", clock=lambda: clock[0])
    for guess in range(10):  # one address guessing
        assert guard.check("10.0.0.9", "%08d" % guess) == (403, "the director's PIN is wrong")
    assert guard.check("10.0.0.9", "20261204") == (429, "too many wrong PINs: try again in 60 s")
    assert guard.check("10.0.0.1", "20261204") is None  # the director, elsewhere: at once
    for address in range(2, 7):  # five more addresses: 60 wrong in all this minute
        for guess in range(10):
            guard.check("10.0.1.%d" % address, "%08d" % guess)
    # Past 60 in all, a fresh address is not let guess (300 addresses are not 300 guesses),
    # not even with the right PIN; the director, signed in from 10.0.0.1, is let in.
    assert guard.check("10.0.2.1", "00000000") == (429, "too many wrong PINs: try again in 60 s")
    assert guard.check("10.0.2.1", "20261204")[0] == 429
    for address in range(300):
        assert guard.check("10.0.3.%d" % address, "%08d" % address)[0] == 429
    assert sum(guard.wrong.values()) == 60  # no guess past the 60 was even compared
    assert guard.check("10.0.0.1", "20261204") is None
    clock[0] = 61.0  # the next minute: counted afresh
    assert guard.check("10.0.0.9", "20261204") is None

    night = Night(str(tmp_path / "night.sqlite"))
    bridge = Bridge(night, "oakclub", "127.0.0.1", free_port())
    port = free_port()
    server = make_page_server(bridge, "127.0.0.1", port, "47114711")
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def post(body, headers):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("POST", "/api/players", body, headers)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read())
        finally:
            connection.close()

    here = "127.0.0.1:%d" % port
    change = json.dumps({"pin": "47114711", "add": ["Mallory"]})
    try:
        assert post(change, {"Content-Type": "text/plain"}) == (
            415, {"error": "the director's changes are sent as application/json"})  # fmt: skip
        assert post(change, {"Content-Type": "application/json",
                             "Origin": "http://evil.example"}) == (
            403, {"error": "a change comes from this page's own address, not"
                           " http://evil.example"})  # fmt: skip
        assert post(change, {"Content-Type": "application/json",
                             "Host": "evil.example:%d" % port}) == (
            421, {"error": "this page answers to its own address, not evil.example:%d"
                           % port})  # fmt: skip
        assert night.standings() == []  # nothing changed
        assert (
            post(change, {"Content-Type": "application/json", "Origin": "http://" + here})[0]
            == 200
        )
        assert [row[1] for row in night.standings()] == ["Mallory"]
    finally:
        server.shutdown()
        server.server_close()


def test_a_callback_that_fails_leaves_the_clubs_recording_running(tmp_path):
    """paho's network thread records every result: a callback that fails anyway (here the
    pairings sent again at connection) is logged, and the results after it are recorded."""
    from broker import Broker, wait_for
    from club_night.bridge import Bridge

    broker = Broker(tmp_path).start()
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob"):
        night.add(name)
    night.seat(1, "t1", "Ann", "Bob")
    bridge = Bridge(night, "oakclub", "127.0.0.1", broker.port)
    failed = []

    def failing():
        failed.append(True)
        raise sqlite3.OperationalError("database is locked")

    bridge.publish_changes = failing
    board = StandInBoard(broker, "oakclub", "t1")
    try:
        bridge.start()
        assert wait_for(lambda: failed and bridge.client.is_connected())
        board.finish({"id": "t1-a-1", "round": 1, "board": "t1", "players": ["Ann", "Bob"],
                      "scores": [121, 95]})  # fmt: skip
        assert wait_for(lambda: not board.outbox)
        assert [game[0] for game in night.games()] == ["t1-a-1"]
    finally:
        board.stop()
        bridge.stop()
        broker.stop()


def test_the_directors_commands_refuse_too_few_or_wrong_words_in_words(tmp_path, capsys):
    import club

    night = str(tmp_path / "night.sqlite")
    assert club.main([night, "add", "Ann", "Bob"]) == 0
    for words, said in (
        (["result", "g1", "1"], "result takes 7 words: ID ROUND BOARD PLAYER_A PLAYER_B SCORE_A"
         " SCORE_B (2 given)"),
        (["result", "g1", "one", "t1", "Ann", "Bob", "121", "90"], "round: a whole number, not"
         " one"),
        (["correct", "g1"], "correct takes ID SCORE_A SCORE_B, then why in words (1 words"
         " given)"),
        (["correct", "g1", "x", "3"], "scores: a whole number, not x"),
    ):  # fmt: skip
        capsys.readouterr()
        assert club.main([night] + words) == 1, words
        assert capsys.readouterr().err == said + "\n"
    assert Night(night).standings()[0][1] in ("Ann", "Bob")  # nothing recorded, nothing lost
    # A command mistyped: said with the commands there are, before any file is made.
    other = tmp_path / "other.sqlite"
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        club.main([str(other), "standing"])
    assert stopped.value.code == 2 and not other.exists()
    assert capsys.readouterr().err.endswith(
        "error: unknown command 'standing': add, leave, remove, pair, boards, revoke, result,"
        " correct, results, standings, csv, serve\n"
    )


# -- The director's input, any of it ----------------------------------------------------------

PIN = "47114711"


def _json_values():
    from hypothesis import strategies as st

    scalars = (
        st.none() | st.booleans() | st.integers(-(10**12), 10**12)
        | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=45)
    )  # fmt: skip
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                     max_size=4),
        max_leaves=8,
    )  # fmt: skip


def _snapshot(night):
    return "\n".join(night.db.iterdump())


def test_the_directors_page_answers_any_body_in_words_and_a_refusal_changes_nothing(tmp_path):
    """Any JSON to the director's three changes (names, boards, scores, ids of every type,
    near-right ones among them: a string for a list, "121" or 100.9 for a score, a board
    named twice, bye, "t 2"): answered 200 or 400 with the words, never a traceback, and a
    refused one leaves the night's file as it was."""
    import http.client

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from club_night.bridge import Bridge
    from club_night.page import make_page_server

    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy", "Di"):
        night.add(name)
    night.seat(1, "t1", "Ann", "Bob")
    night.record({"id": "t1-a-1", "round": 1, "board": "t1", "players": ["Ann", "Bob"],
                  "scores": [121, 100]})  # fmt: skip
    bridge = Bridge(night, "oakclub", "127.0.0.1", 9)  # no broker: the page alone
    server = make_page_server(bridge, "127.0.0.1", 0, PIN)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    anything = _json_values()
    near = {
        "add": st.lists(st.text(max_size=45) | st.sampled_from(["Gus", "Ann", ""]), max_size=3)
        | st.text(max_size=5),
        "leave": st.sampled_from(["Ann", "Zed", ""]) | anything,
        "boards": st.lists(st.sampled_from(["t1", "t2", "bye", "t 2", "", "Ω"]), max_size=3)
        | anything,
        "id": st.sampled_from(["t1-a-1", "nope"]) | anything,
        "scores": st.lists(st.integers(-5, 200) | st.sampled_from(["121", 100.9, True]),
                           max_size=3) | anything,
        "reason": st.sampled_from(["Bob's hand was 8", " "]) | anything,
        "other": anything,
    }  # fmt: skip
    # Every object carries the PIN (a wrong one is the door's test's), so each reaches the
    # change it names; anything else is no object at all.
    bodies = st.fixed_dictionaries({"pin": st.just(PIN)}, optional=near) | anything.filter(
        lambda value: type(value) is not dict
    )

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(path=st.sampled_from(["/api/players", "/api/pair", "/api/correct"]), body=bodies)
    def posted(path, body):
        with bridge.lock:
            before = _snapshot(night)
            listed = {row[1] for row in night.standings()}
            corrections = night.db.execute("SELECT COUNT(*) FROM corrections").fetchone()[0]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("POST", path, json.dumps(body),
                               {"Content-Type": "application/json"})  # fmt: skip
            answer = connection.getresponse()
            status, said = answer.status, json.loads(answer.read())
        finally:
            connection.close()
        if status != 200:
            assert status == 400 and type(said["error"]) is str and said["error"]
            with bridge.lock:
                assert _snapshot(night) == before, (path, body, said)
            return
        # Taken: exactly what was asked, of the types asked for (a string is no list of
        # names, "121" and 100.9 no scores).
        with bridge.lock:
            now = {row[1] for row in night.standings()}
            made = night.db.execute("SELECT COUNT(*) FROM corrections").fetchone()[0]
        if path == "/api/players":
            assert type(body.get("add", [])) is list
            added = {unicodedata.normalize("NFC", name.strip()) for name in body.get("add", [])}
            assert now - listed == added - listed
        elif path == "/api/correct":
            assert [type(score) for score in body["scores"]] == [int, int]
            assert made == corrections + 1

    try:
        posted()
    finally:
        server.shutdown()
        server.server_close()


def test_the_directors_commands_answer_any_words_in_words_and_a_refusal_changes_nothing(
    tmp_path, capsys
):
    """Any words to any command but serve: an exit status (0, 1 with the words, 2 for a
    usage), never a traceback, and a refused command leaves the night's file as it was."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    import club

    path = str(tmp_path / "night.sqlite")
    night = Night(path)
    for name in ("Ann", "Bob", "Cy", "Di"):
        night.add(name)
    night.board_password("t1")
    word = st.text(max_size=12) | st.sampled_from(
        ["t1", "t2", "bye", "Ann", "121", "100", "1", "-1", "--pin", "-h", "x" * 50]
    )  # fmt: skip
    commands = [command for command in club.COMMANDS if command != "serve"]

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(command=st.sampled_from(commands), words=st.lists(word, max_size=8))
    def typed(command, words):
        before = _snapshot(night)
        try:
            status = club.main([path, command, *words])
        except SystemExit as stopped:
            status = stopped.code
        said = capsys.readouterr()
        assert status in (0, 1, 2), (command, words, status)
        if status:
            assert said.err.strip() and "Traceback" not in said.err
            assert _snapshot(night) == before, (command, words)

    typed()


def test_pairing_boards_are_checked_in_words_before_anything_is_paired(tmp_path):
    night = Night(str(tmp_path / "night.sqlite"))
    for name in ("Ann", "Bob", "Cy", "Di"):
        night.add(name)
    night.board_password("t1")  # the night keeps the boards' accounts: t1's only
    for boards, words in (
        (["t1", "t1"], "board t1 is named twice: one table a board"),
        (["t1", "bye"], "a board's name is 1 to 24 letters, digits, - or _, not bye: 'bye'"),
        (["t1", "t 2"], "a board's name is 1 to 24 letters, digits, - or _, not bye: 't 2'"),
        (["t1", ""], "a board's name is 1 to 24 letters, digits, - or _, not bye: ''"),
        (["t1", "t9"], "t9 has no account tonight (the boards command makes one)"),
        ("t1", "boards: the boards' names, one a table"),
    ):
        with pytest.raises(ClubError) as refused:
            night.pair(boards)
        assert str(refused.value) == words
    assert night.rounds_paired() == 0


def test_each_command_says_its_words_and_serve_its_options_before_a_file_is_made(tmp_path, capsys):
    import club

    night = str(tmp_path / "night.sqlite")
    assert club.main([night, "result", "--help"]) == 0
    assert capsys.readouterr().out.startswith(
        "usage: crib-club NIGHT result ID ROUND BOARD PLAYER_A PLAYER_B SCORE_A SCORE_B:"
    )
    assert club.main([night, "serve", "--help"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("usage: crib-club NIGHT serve ") and "--own-broker" in said
    assert "--pin PIN" in said and "8 characters at least" in said
    assert club.main([night, "serve", "--pin", "1234"]) == 2
    assert capsys.readouterr().err == (
        "--pin: 8 to 64 letters or digits: a shorter PIN is guessed in a night\n"
    )
    import os

    assert not os.path.exists(night)  # nothing made for a question or a refusal


def test_serve_says_in_words_that_its_pages_port_is_taken(tmp_path):
    import socket
    import subprocess
    import sys

    from where import ROOT

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, ROOT + "/tools/director/club.py", str(tmp_path / "night.sqlite"),
             "serve", "--broker", "127.0.0.1:9", "--host", "127.0.0.1", "--port", str(port),
             "--pin", "47114711"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("the page cannot listen on 127.0.0.1:%d (" % port)
    assert done.stderr.endswith("): give another --port\n") and "Traceback" not in done.stderr


def test_serve_prints_this_computers_addresses_not_every_interfaces():
    import ipaddress

    from club_night.serving import own_addresses, reached_at

    found = own_addresses()
    assert found and all(ipaddress.ip_address(address).version == 4 for address in found)
    assert "0.0.0.0" not in found
    assert reached_at("0.0.0.0", 1883) == " or ".join("%s:1883" % a for a in found)
    assert reached_at("127.0.0.1", 1884) == "127.0.0.1:1884"
