"""The board's side of a club night (firmware/lib/net/club_link.py) on a real Mosquitto, with the
club program (tools/director/club.py) on the other side: the real firmware app on fake hardware,
each
board with its own flash, its games keyed as players key them; umqtt.simple2 from PyPI
(tools/maker/board_libs.py) talks to the broker."""

import json
import types

import pytest

import config as board_config
import drivers  # noqa: F401  (installs the fake machine and neopixel)
import key_player
from board_rig import Rig
from broker import Broker, wait_for
from club_night.bridge import Bridge
from club_night.night import Night
from cribbage.game import GAME_OVER, MATCH_OVER
from memstore import MemoryStore
from shuffle import Shuffler

pytestmark = pytest.mark.slow  # the whole file: left out of `bash tools/check quick`

CLUB = "oakclub"
PASSWORD = "night-of-9"  # the club's account's on the broker, as club.py makes one


def password_of(board):
    """A board's own password on the night's broker (club.py NIGHT boards BOARD prints it)."""
    return "%s-%s" % (PASSWORD, board)


ACCOUNT_NAMES = ["t%d" % n for n in range(1, 10)] + ["t%02d" % n for n in range(1, 13)] + ["mp1"]
ACCOUNTS = {name: password_of(name) for name in ACCOUNT_NAMES}
ACCOUNTS.update({"club": PASSWORD, "homeassistant": "viewer-" + PASSWORD})


def board_settings(name, port):
    """config.py as a club board's maker sets it: the board's name, the club, its broker."""
    settings = types.ModuleType("config")
    settings.__dict__.update(
        {key: getattr(board_config, key) for key in dir(board_config) if key.isupper()}
    )
    settings.HOSTNAME = name
    settings.CLUB = CLUB
    settings.CLUB_BROKER = "127.0.0.1:%d" % port
    settings.CLUB_PASSWORD = password_of(name)
    return settings


class ClubBoard:
    """A board in the club: the app on fake hardware (keys as the debouncer reports them), its
    flash (a MemoryStore that outlives a power cut), and the club link, which the board's
    loop watches every half second; here after every key and while the test waits."""

    def __init__(self, name, port, store=None, password=None):
        from net import club_link

        self.name = name
        self.port = port
        self.store = store if store is not None else MemoryStore()
        self.config = board_settings(name, port)
        self.config.CLUB_PASSWORD = password or password_of(name)
        self.rig = Rig(self.store, cfg=self.config, through_contacts=False, on_key=self._watch)
        self.link = club_link.start(self.rig.app, self.config, self.store)
        assert self.link is not None, self.rig.lines

    def _watch(self, rig):
        self.link.watch(rig.app)

    def watch_until(self, condition, seconds=20):
        def watched():
            self.link.watch(self.rig.app)
            return condition()

        return wait_for(watched, seconds)

    def said(self, words):
        return any(words in line for line in self.rig.lines)

    def play_game(self, seed):
        """A new one-game match to 121 (#), keyed deal by deal until it is over."""
        self.rig.press("#")
        shuffler = Shuffler(seed)
        while self.rig.match.phase not in (GAME_OVER, MATCH_OVER):
            key_player.play_deal(self.rig, shuffler, [])
        return list(self.rig.match.front)

    def power_cut(self):
        """The power goes: the thread stops without a word (the broker's will says offline),
        and the flash keeps what was written."""
        self.link.stop(say_offline=False)
        return self.store

    def stop(self):
        self.link.stop()


class Listener:
    """Everything the broker holds and sends on cribbage/# and homeassistant/#, by topic."""

    def __init__(self, port):
        import paho.mqtt.client as mqtt

        self.heard = {}
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="listener")
        self.client.username_pw_set("homeassistant", ACCOUNTS["homeassistant"])
        self.client.on_message = lambda c, u, m: self.heard.update({m.topic: m.payload})
        self.client.on_connect = lambda c, u, f, r, p: (
            c.subscribe("cribbage/#", qos=1),
            c.subscribe("homeassistant/#", qos=1),
        )
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def json(self, topic):
        return json.loads(self.heard[topic])

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def club(tmp_path):
    broker = Broker(tmp_path, accounts=ACCOUNTS, club=CLUB).start()
    night = Night(str(tmp_path / "night.sqlite"))
    bridge = Bridge(night, CLUB, "127.0.0.1", broker.port, PASSWORD)
    bridge.start()
    assert wait_for(bridge.client.is_connected)
    listener = Listener(broker.port)
    yield types.SimpleNamespace(broker=broker, night=night, bridge=bridge, listener=listener)
    listener.stop()
    bridge.stop()
    broker.stop()


def paired_board(club, name):
    """Ann and Bob on tonight's list, a board called `name` connected to the club's broker,
    and round 1 paired on it and heard there."""
    for player in ("Ann", "Bob"):
        club.night.add(player)
    board = ClubBoard(name, club.broker.port)
    assert board.watch_until(lambda: board.said("connected to the club's broker"))
    club.bridge.pair([name])
    assert board.watch_until(lambda: board.said("club: round 1: "))
    return board


def test_a_board_shows_its_pairing_sends_its_game_and_keeps_it_until_recorded(club):
    board = paired_board(club, "t1")
    try:
        assert (
            "club: round 1: Ann plays blue, Bob plays orange, 1 game to 121; # starts the game"
            in (board.rig.lines)
        )
        assert board.rig.app.overlay.spelled == bytes([1])  # the round, on the count LEDs
        scores = board.play_game(seed=3)
        assert scores == [121, 88]
        assert "club: round 1: Ann 121, Bob 88: sent to the club" in board.rig.lines
        assert board.watch_until(lambda: board.said("club: the result of round 1 is recorded"))
        games = club.night.games()
        assert [game[1:] for game in games] == [(1, "t1", "Ann", "Bob", 121, 88, 121)]
        assert games[0][0].startswith("t1-") and games[0][0].endswith("-1")
        assert club.night.standings()[0][1:] == ("Ann", 3, 1, 33, 1)  # a skunk: 3 points
        assert board.link.outbox == {}
        # The live state (retained), and Home Assistant's discovery of the board.
        base = "cribbage/oakclub/t1/"
        assert wait_for(lambda: base + "state" in club.listener.heard)
        assert wait_for(lambda: club.listener.json(base + "state") == {
            "mode": "cribbage", "phase": "match over", "scores": [121, 88], "games": [1, 0],
            "round": 1, "players": ["Ann", "Bob"]})  # fmt: skip
        assert club.listener.heard[base + "availability"] == b"online"
        device = "homeassistant/device/cribbage_oakclub_t1/config"
        discovery = {
            "dev": {"ids": ["cribbage_oakclub_t1"], "name": "Cribbage board t1",
                    "mdl": "LED cribbage board"},
            "o": {"name": "cribbage board firmware"},
            "cmps": {
                "score_blue": {"p": "sensor", "name": "Blue score",
                               "unique_id": "cribbage_oakclub_t1_score_blue",
                               "value_template": "{{ value_json.scores[0] }}"},
                "score_orange": {"p": "sensor", "name": "Orange score",
                                 "unique_id": "cribbage_oakclub_t1_score_orange",
                                 "value_template": "{{ value_json.scores[1] }}"},
                "game": {"p": "sensor", "name": "Game", "unique_id": "cribbage_oakclub_t1_game",
                         "value_template": "{{ value_json.phase }}"},
            },
            "state_topic": base + "state",
            "availability_topic": base + "availability",
        }  # fmt: skip
        assert club.listener.json(device) == discovery
        # Home Assistant restarts on a broker that lost its retained messages: its birth
        # message brings the board's discovery back.
        club.listener.client.publish(device, b"", qos=1, retain=True).wait_for_publish(5)
        assert wait_for(lambda: club.listener.heard[device] == b"")
        club.listener.client.publish("homeassistant/status", b"online", qos=1)
        assert wait_for(lambda: club.listener.heard[device] != b"")
        assert club.listener.json(device) == discovery
        result = json.loads(club.listener.heard[base + "result"])
        assert result == {"id": games[0][0], "round": 1, "board": "t1", "players": ["Ann", "Bob"],
                          "scores": [121, 88], "target": 121, "skunk": "skunk",
                          "dealt_first": "Ann"}  # fmt: skip
    finally:
        board.stop()
    assert wait_for(lambda: club.listener.heard.get(base + "availability") == b"offline")


def test_a_pairing_the_board_cannot_take_is_said_and_the_link_goes_on(club):
    """Whatever the club's account sends on the board's pairing topic (a round of 150 digits,
    whose record
    would not fit the flash's journal; bytes that are not text; nesting past any depth; a
    name too long; a flood), each is refused in words, nothing is written, and the link
    still takes the club's next pairing and sends its game."""
    board = paired_board(club, "t1")
    where = "cribbage/oakclub/t1/pairing"
    try:
        game = {"round": 2, "players": ["Ann", "Bob"], "target": 121, "games": 1}

        def text(**changed):
            return json.dumps(dict(game, **changed), ensure_ascii=False).encode()

        bad = [  # eight: the notes a board keeps between two watches
            text(round=10**150),
            b"\xff\xfe not text",
            b"[" * 60000,  # (past the broker's 64 KB a packet, the sender is cut off)
            text(round=True),
            text(players=["Ann", "Б" * 41]),  # 41 characters (82 bytes)
            text(players=["Ann", "李"]),  # three bytes in UTF-8: past what a record holds
            text(target=100),
            text(games=2),
        ]
        for payload in bad:
            club.bridge.client.publish(where, payload, qos=1, retain=True).wait_for_publish(5)
        assert board.watch_until(lambda: board.said("a match of 2 games"))
        said = [line for line in board.rig.lines if line.startswith("club: ")][-8:]
        assert said[0] == (
            'club: the club\'s pairing has no round number from 1 to 999: {"round": '
            + str(10**150)[:50]
        )
        assert said[1].startswith("club: the club's pairing was not taken (")  # not UTF-8
        assert said[2:] == [
            "club: the club's pairing is longer than 256 bytes",
            "club: the club's pairing has no round number from 1 to 999: " + bad[3].decode()[:60],
            "club: round 2's pairing: a player's name is 1 to 40 characters",
            "club: round 2's pairing: a player's name holds letters of the Latin, Greek,"
            " Cyrillic, Armenian, Hebrew or Arabic alphabets, digits and marks (not '李')",
            "club: round 2's pairing is a match to 100 points: this board plays to 121, 61 or 62",
            "club: round 2's pairing is a match of 2 games: this board plays 1, 3, 5, 7 or 9",
        ]
        assert board.link.pairing == [1, "Ann", "Bob", 121, 1]  # none taken
        # The board's live state says the last pairing it refused: the director's page shows
        # it as the table's state.
        from club_night.page import table_state

        words = said[-1][len("club: ") :]

        def refused_said():
            return (club.bridge.states.get("t1") or {}).get("refused")

        assert board.watch_until(lambda: refused_said() == words)
        assert table_state(club.night, 1, "t1", club.bridge.states) == (
            "the board refused its pairing: " + words
        )
        for _ in range(50):  # a flood: said (at most 8 between two watches), none kept
            club.bridge.client.publish(where, b"{", qos=1)
        assert board.watch_until(
            lambda: board.said("club: the club's pairing is not one this board reads: {")
        )
        club.bridge.pair(["t1"])  # round 2, paired while t1 has round 1's game to play
        board.play_game(seed=3)  # round 1's: the pairing the board took
        assert board.watch_until(lambda: board.said("club: the result of round 1 is recorded"))
        assert board.watch_until(lambda: board.said("club: round 2: "))
        assert board.link.pairing[0] == 2 and board.link.connected
        assert board.watch_until(lambda: refused_said() is None)  # a pairing taken again
        board.play_game(seed=3)
        assert board.watch_until(lambda: board.said("club: the result of round 2 is recorded"))
    finally:
        board.stop()


def test_a_result_outlives_a_broker_outage_and_a_power_cut_and_counts_once(club):
    board = paired_board(club, "t2")
    assert board.said("club: round 1: Ann plays blue")
    club.broker.stop()
    assert board.watch_until(lambda: board.said("the broker is gone"))
    assert board.play_game(seed=11) == [100, 121]
    assert board.said("club: round 1: Ann 100, Bob 121: sent to the club")
    store = board.power_cut()  # before the broker is back: the result is only on the flash
    club.broker.start()
    board = ClubBoard("t2", club.broker.port, store)
    try:
        assert board.watch_until(lambda: board.said("club: the result of round 1 is recorded"), 30)
        assert [game[3:7] for game in club.night.games()] == [("Ann", "Bob", 100, 121)]
        # Restarted again, it does not send the game twice: it was recorded.
        board.power_cut()
        board = ClubBoard("t2", club.broker.port, store)
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        assert board.link.outbox == {} and len(club.night.games()) == 1
    finally:
        board.stop()


def test_a_game_the_club_did_not_pair_is_not_sent(club):
    board = ClubBoard("t3", club.broker.port)
    try:
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        board.play_game(seed=3)
        assert "club: this game was not paired by the club, so it is not sent" in board.rig.lines
        assert board.link.outbox == {}
    finally:
        board.stop()
    assert club.night.games() == []


def test_club_settings_that_cannot_be_topics_are_refused_with_their_reason():
    from net import club_link

    settings = board_settings("table 7", 1883)
    store = MemoryStore()
    assert club_link.settings(settings, store) == (
        "the board's name in the club may hold only letters, digits, - and _ ('table 7')"
    )
    settings.HOSTNAME = "t7"
    settings.CLUB_BROKER = "pi.local:99999"
    assert club_link.settings(settings, store) == "the broker's port must be 1 to 65535 ('99999')"
    settings.CLUB_BROKER = "pi.local"
    assert club_link.settings(settings, store) == (
        CLUB, "t7", "pi.local", 1883, password_of("table 7")
    )  # fmt: skip
    settings.CLUB_BOARD = "table-7"  # its name in the club, when not its HOSTNAME
    assert club_link.settings(settings, store)[1] == "table-7"
    settings.CLUB = ""
    settings.CLUB_BROKER = ""
    assert club_link.settings(settings, store) is None  # no club: the link stays off


# -- A whole night -----------------------------------------------------------------------------

PLAYERS = "Ann Bob Cy Di Ed Fay Gus Hal Ida Jo Kit Lou Max Ned Oda Pia Quin Rae Sol Tam Uma Vic"
PLAYERS = PLAYERS.split() + ["Wyn", "Zoë"]
BOARDS = ["t%02d" % number for number in range(1, 13)]


def all_said(boards, words):
    return lambda: all(board.said(words) for board in boards.values())


def watch_all(boards, condition, seconds=30):
    def watched():
        for board in boards.values():
            board.link.watch(board.rig.app)
        return condition()

    return wait_for(watched, seconds)


def test_a_club_night_of_twelve_boards_stands_as_the_games_played(club):
    """24 players, 9 rounds on 12 boards, each game keyed deal by deal. Round 3: the broker is
    killed while half the tables still play. Round 5: two boards lose power mid-game and play
    on after the restart. Round 6: a board restarts with its club journal torn at its last
    record. The standings are those the test computes from the games the boards showed."""
    from club_standings import expected_standings

    for name in PLAYERS:
        club.night.add(name)
    boards = {name: ClubBoard(name, club.broker.port) for name in BOARDS}
    played = []  # (blue, orange, blue's score, orange's score), as each board showed it
    try:
        assert watch_all(boards, lambda: all(b.said("connected to") for b in boards.values()))
        for number in range(1, 10):
            tables = club.bridge.pair(BOARDS)
            heading = "club: round %d: " % number
            assert watch_all(boards, all_said(boards, heading))
            for index, (name, blue, orange) in enumerate(tables):
                board = boards[name]
                assert "%s%s plays blue, %s plays orange, 1 game to 121; # starts the game" % (
                    heading, blue, orange) in board.rig.lines  # fmt: skip
                if number == 3 and index == 6:
                    club.broker.stop()  # the other half finish while it is down
                shuffler = Shuffler(number * 100 + index)
                board.rig.press("#")
                if number == 5 and index in (2, 3):
                    for _ in range(2):
                        key_player.play_deal(board.rig, shuffler, [])
                    before = board.rig.match.state()
                    board = boards[name] = ClubBoard(name, club.broker.port, board.power_cut())
                    assert board.rig.match.state() == before  # the game, as it was
                while board.rig.match.phase not in (GAME_OVER, MATCH_OVER):
                    key_player.play_deal(board.rig, shuffler, [])
                played.append((blue, orange) + tuple(board.rig.match.front))
                assert board.said("%s%s %d, %s %d: sent to the club" % (
                    heading, blue, played[-1][2], orange, played[-1][3]))  # fmt: skip
            if number == 3:
                assert len(club.night.games()) < 12 * 3
                club.broker.start()
            recorded = "club: the result of round %d is recorded" % number
            assert watch_all(boards, all_said(boards, recorded), 60)
            if number == 6:
                board = boards["t06"]
                store = board.power_cut()
                whole = store.read("club.log")
                # Its last record is the club's "recorded" (D) for round 6: not yet cut down
                # (a cut-down journal ends with the pairing, every 12 records).
                assert whole[-3 - len(board.link.last_sent[0])] == ord("D")
                store.replace("club.log", whole[:-2])  # the last record torn
                board = boards["t06"] = ClubBoard("t06", club.broker.port, store)
                assert board.said("club: the results kept on the flash: dropped")
                assert watch_all(boards, all_said({"t06": board}, recorded))
        assert watch_all(boards, lambda: all(not b.link.outbox for b in boards.values()))
    finally:
        for board in boards.values():
            board.stop()
    games = club.night.games()
    assert len(games) == len(played) == 108  # none lost
    assert sorted((game[1], game[2]) for game in games) == sorted(
        (number, name) for number in range(1, 10) for name in BOARDS
    )  # each table's game once
    assert club.night.standings() == expected_standings(played, [], PLAYERS)
    assert club.bridge.refused == []


def test_damaged_club_settings_are_kept_aside_and_said_at_boot():
    from net import club_choice

    store = MemoryStore()
    club_choice.save(store, CLUB, "pi.local", password_of("t7"), "t7")
    store.files["clubset.log"][-1] ^= 0xFF  # its one record's checksum no longer matches
    rig = Rig(store, cfg=board_settings("t7", 1883), through_contacts=False)
    assert (
        "the club's settings: damaged journal at byte 4: kept 0 records, the file as it was is"
        " saved as clubset.log.bad1"
    ) in rig.lines
    assert rig.app.overlay.error_until  # the error LEDs flash
    assert "clubset.log.bad1" in store.files


def test_the_radio_on_the_home_network_runs_the_club_link_beside_the_keys(club, monkeypatch):
    """On the board, Wi-Fi on the home network starts the link, and the loop's task watches
    it: the pairing reaches the console without a test calling watch(), and a watch that
    fails is said once and the task goes on."""
    import asyncio
    import sys

    from microdot.test_client import TestClient

    from net import web_routes, wifi
    from web_support import FakeNetwork

    monkeypatch.setitem(sys.modules, "network", FakeNetwork())
    monkeypatch.setattr(wifi, "heap_total", lambda: 4 * 1024 * 1024)
    for name in ("Ann", "Bob"):
        club.night.add(name)
    settings = board_settings("t4", club.broker.port)
    settings.WIFI, settings.WIFI_NAME, settings.WIFI_PASSWORD = "home", "Clubroom", "s3cret-pass"
    rig = Rig(MemoryStore(), cfg=settings, through_contacts=False)

    async def evening():
        radio = wifi.Radio(rig.app, settings, rig.store, web_routes.serve)
        radio.apply()
        link = radio.club
        for _ in range(100):
            await asyncio.sleep(0.1)
            if link.connected:
                break
        club.bridge.pair(["t4"])
        for _ in range(100):
            await asyncio.sleep(0.1)
            if any(line.startswith("club: round 1") for line in rig.lines):
                break
        page = TestClient(radio.server, host="t4.local")
        state = (await page.get("/api/state")).json
        # A watch that fails (three beats running): said once, and the next ones go on.
        watch, failed = link.watch, []

        def failing(app):
            if len(failed) < 3:
                failed.append(app)
                raise RuntimeError("the flash is gone")
            watch(app)

        link.watch = failing
        with club.bridge.lock:  # round 1's game keyed by hand: round 2 is t4's next
            club.night.record({"id": "by-hand-1", "round": 1, "board": "t4",
                               "players": ["Ann", "Bob"], "scores": [121, 100]})  # fmt: skip
        club.bridge.pair(["t4"])
        for _ in range(100):
            await asyncio.sleep(0.1)
            if any(line.startswith("club: round 2") for line in rig.lines):
                break
        radio.stop()
        return link, state

    link, state = asyncio.run(evening())
    # The page says the board's game of the night above the score.
    assert state["club"] == "club oakclub, round 1: Ann plays blue, Bob plays orange"
    assert "club oakclub: this board is t4; broker 127.0.0.1:%d" % club.broker.port in rig.lines
    assert (
        "club: round 1: Ann plays blue, Bob plays orange, 1 game to 121; # starts the game"
        in rig.lines
    )
    failure = "error: club: RuntimeError (the flash is gone); the link goes on"
    assert rig.lines.count(failure) == 1
    assert rig.lines[-1].startswith("club: round 2: ")  # the watch went on
    assert wait_for(lambda: link.stopped)
    assert wait_for(
        lambda: club.listener.heard.get("cribbage/oakclub/t4/availability") == b"offline"
    )


def test_a_board_with_the_wrong_broker_password_says_so_and_keeps_its_games(club):
    settings = board_settings("t5", club.broker.port)
    settings.CLUB_PASSWORD = "not-tonights"
    rig = Rig(MemoryStore(), cfg=settings, through_contacts=False)
    from net import club_link

    link = club_link.start(rig.app, settings, rig.store)
    try:

        def said():
            link.watch(rig.app)
            return any("not reached" in line for line in rig.lines)

        assert wait_for(said)
        assert (
            "club: broker 127.0.0.1:%d not reached (it refused the board's password: set the one"
            " the club's program printed); results are kept and sent once it answers"
            % club.broker.port
        ) in rig.lines
        assert not any("not-tonights" in line for line in rig.lines)
    finally:
        link.stop()


def serve_command(club_py, broker_port, *more):
    """`club.py NIGHT serve --own-broker` as the director runs it, on this machine's ports:
    the page's on any free port, bound by serve itself (one chosen here beforehand could be
    taken by a test beside this one before serve binds it: a fresh-clone run failed so)."""
    return club_py + [
        "serve", "--club", CLUB, "--own-broker", "127.0.0.1:%d" % broker_port,
        "--host", "127.0.0.1", "--port", "0", *more,
    ]  # fmt: skip


def page_port_of(line):
    """The page's port in serve's line "standings on http://127.0.0.1:PORT/ ; …"."""
    import re

    return int(re.match(r"standings on http://127\.0\.0\.1:(\d+)/ ; ", line).group(1))


def test_the_directors_one_command_runs_the_broker_and_the_page_and_stops_both(tmp_path):
    """`club.py NIGHT serve --own-broker`: Mosquitto for the boards (a password of its own,
    printed for the boards' pages), the standings page; both end with the program."""
    import re
    import socket
    import subprocess
    import sys
    import urllib.request

    from broker import free_port
    from where import ROOT

    night = tmp_path / "night.sqlite"
    club_py = [sys.executable, ROOT + "/tools/director/club.py", str(night)]
    subprocess.run(club_py + ["add", "Ann", "Bob"], check=True)
    made = subprocess.run(club_py + ["boards", "t1"], check=True, capture_output=True, text=True)
    password = re.fullmatch(r"t1: password (\S+)\n", made.stdout).group(1)
    broker_port = free_port()
    serving = subprocess.Popen(
        serve_command(club_py, broker_port, "--pin", "47114711"),
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        told = serving.stdout.readline()
        assert told.startswith(
            "the boards' broker: 127.0.0.1:%d (on each board's page: the club's broker, and the"
            " board's own password, which crib-club NIGHT boards NAME prints); Home Assistant"
            " signs in as homeassistant, password " % broker_port
        )
        standings = serving.stdout.readline()
        page_port = page_port_of(standings)
        assert standings == (
            "standings on http://127.0.0.1:%d/ ; the director's PIN: 47114711\n" % page_port
        )
        board = ClubBoard("t1", broker_port, password=password)
        try:
            assert board.watch_until(lambda: board.said("connected to the club's broker"))
            pair = {"pin": "47114711", "boards": ["t1"]}
            request = urllib.request.Request(
                "http://127.0.0.1:%d/api/pair" % page_port, json.dumps(pair).encode(),
                {"Content-Type": "application/json"},
            )  # fmt: skip
            with urllib.request.urlopen(request, timeout=5) as answer:
                assert json.loads(answer.read())["tables"] == [["t1", "Ann", "Bob"]]
            assert board.watch_until(lambda: board.said("club: round 1: Ann plays blue"))
            # A board added while the night runs: its account is taken within seconds.
            made = subprocess.run(
                club_py + ["boards", "t2"], check=True, capture_output=True, text=True
            )
            second = re.fullmatch(r"t2: password (\S+)\n", made.stdout).group(1)
            assert serving.stdout.readline() == (
                "the boards' accounts changed: the broker started again with them\n"
            )
            late = ClubBoard("t2", broker_port, password=second)
            try:
                assert late.watch_until(lambda: late.said("connected to the club's broker"))
            finally:
                late.stop()
            assert board.watch_until(lambda: board.link.connected)  # t1 signed in again
        finally:
            board.stop()
    finally:
        serving.terminate()
        assert serving.wait(10) == 0
    with pytest.raises(OSError):  # the broker stopped with it
        socket.create_connection(("127.0.0.1", broker_port), timeout=1).close()


def test_the_night_outlives_its_broker_and_a_restart_of_serve(tmp_path):
    """The night's own broker killed alone: serve says so and starts it again within
    seconds, the page says the broker was not answering, and the round's pairings are
    retained again. serve stopped and started again (no --pin, no --broker-password): the
    same password and PIN, kept in the night's file, so every board still signs in."""
    import subprocess
    import sys

    from broker import free_port
    from where import ROOT

    club_py = [sys.executable, ROOT + "/tools/director/club.py", str(tmp_path / "night.sqlite")]
    subprocess.run(club_py + ["add", "Ann", "Bob"], check=True)
    broker_port = free_port()
    command = serve_command(club_py, broker_port)
    first = _serve_and_kill_its_broker(command, broker_port)
    serving = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert _credentials(serving) == first and len(first[1]) == 8
    finally:
        serving.terminate()
        assert serving.wait(10) == 0


def _credentials(serving):
    """(Home Assistant's password on the broker, the director's PIN) as serve prints them."""
    return _started(serving)[:2]


def _started(serving):
    """(Home Assistant's password, the director's PIN, the page's port) as serve prints them."""
    import re

    password = re.search(r"homeassistant, password (\S+)$", serving.stdout.readline()).group(1)
    standings = serving.stdout.readline()
    pin = re.search(r"the director's PIN: (\d+)$", standings).group(1)
    return password, pin, page_port_of(standings)


def _serve_and_kill_its_broker(command, broker_port):
    import os
    import signal
    import subprocess
    import urllib.request

    import paho.mqtt.client as mqtt

    serving = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    base = ""

    def page():
        with urllib.request.urlopen(base + "/", timeout=5) as answer:
            return answer.read().decode()

    try:
        password, pin, page_port = _started(serving)
        base = "http://127.0.0.1:%d" % page_port
        pair = json.dumps({"pin": pin, "boards": ["t1"]}).encode()
        request = urllib.request.Request(
            base + "/api/pair", pair, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=5) as answer:
            assert json.loads(answer.read())["tables"] == [["t1", "Ann", "Bob"]]
        with open("/proc/%d/task/%d/children" % (serving.pid, serving.pid)) as listed:
            (mosquitto,) = [int(pid) for pid in listed.read().split()]
        os.kill(mosquitto, signal.SIGKILL)
        assert wait_for(lambda: "The broker is not answering (since " in page(), 10)
        assert serving.stdout.readline() == "the broker stopped (exit -9): started again\n"

        def broker_now():  # serve's children, whichever of its threads started them
            found = []
            for task in os.listdir("/proc/%d/task" % serving.pid):
                with open("/proc/%d/task/%s/children" % (serving.pid, task)) as listed:
                    found += [int(pid) for pid in listed.read().split()]
            return found

        # The pid kept in the night's file follows the broker started again: a later serve
        # stops this one, not a process that took the dead one's pid.
        import sqlite3

        def kept_pid():
            with sqlite3.connect(command[2]) as night:
                (kept,) = night.execute("SELECT value FROM kept WHERE name = 'broker'").fetchone()
            return kept.split()[0]

        assert wait_for(lambda: broker_now() not in ([], [mosquitto]), 10)
        assert wait_for(lambda: kept_pid() == str(broker_now()[0]), 10)
        assert wait_for(lambda: "The broker is not answering" not in page(), 15)
        heard = {}
        listener = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="late")
        listener.username_pw_set("homeassistant", password)
        listener.on_message = lambda c, u, m: heard.update({m.topic: json.loads(m.payload)})
        listener.connect("127.0.0.1", broker_port)
        listener.subscribe("cribbage/%s/+/pairing" % CLUB, qos=1)
        listener.loop_start()
        try:  # retained again, though the broker that held it was killed
            assert wait_for(lambda: heard.get("cribbage/%s/t1/pairing" % CLUB) == {
                "round": 1, "players": ["Ann", "Bob"], "target": 121, "games": 1})  # fmt: skip
        finally:
            listener.disconnect()
            listener.loop_stop()
    finally:
        serving.terminate()
        assert serving.wait(10) == 0
    return password, pin


def test_a_broker_an_earlier_serve_left_running_is_stopped_and_replaced(tmp_path):
    """A Mosquitto this night's serve started and that still runs (its port held): the next
    serve stops it, says so, and serves on that port."""
    import subprocess
    import sys

    from broker import free_port
    from where import ROOT

    night = Night(str(tmp_path / "night.sqlite"))
    accounts = night.accounts()
    broker_port = free_port()
    folder = tmp_path / "club-broker-earlier"
    folder.mkdir()
    earlier = Broker(folder, "127.0.0.1", broker_port, accounts=accounts, club=CLUB).start()
    night.keep("broker", "%d %s" % (earlier.process.pid, earlier.config))
    night.db.close()
    club_py = [sys.executable, ROOT + "/tools/director/club.py", str(tmp_path / "night.sqlite")]
    serving = subprocess.Popen(
        serve_command(club_py, broker_port, "--pin", "47114711"),
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert serving.stdout.readline() == (
            "a broker this night left running (pid %d) was stopped\n" % earlier.process.pid
        )
        assert earlier.process.wait(5) == 0  # stopped as asked, by SIGTERM
        assert serving.stdout.readline().startswith(
            "the boards' broker: 127.0.0.1:%d " % broker_port
        )
        assert serving.stdout.readline().startswith("standings on ")
    finally:
        serving.terminate()
        assert serving.wait(10) == 0


def test_the_directors_command_killed_outright_leaves_no_broker_and_both_ports_free(tmp_path):
    """SIGKILL of `club.py serve --own-broker` (it cannot stop anything itself): the kernel
    stops its Mosquitto (tools/common/orphans.py), and the night can be served again at once on the
    same ports."""
    import signal
    import socket
    import subprocess
    import sys

    from broker import free_port, wait_for
    from where import ROOT

    club_py = [sys.executable, ROOT + "/tools/director/club.py", str(tmp_path / "night.sqlite")]
    broker_port = free_port()
    command = serve_command(club_py, broker_port, "--pin", "47114711")
    for _ in range(2):  # the second start finds both ports free again
        serving = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert serving.stdout.readline().startswith(
            "the boards' broker: 127.0.0.1:%d " % broker_port
        )
        assert serving.stdout.readline().startswith("standings on ")
        socket.create_connection(("127.0.0.1", broker_port), timeout=2).close()
        serving.send_signal(signal.SIGKILL)
        serving.wait(10)

        def broker_gone():
            try:
                socket.create_connection(("127.0.0.1", broker_port), timeout=0.5).close()
                return False
            except OSError:
                return True

        assert wait_for(broker_gone, 5)


def test_the_directors_command_says_what_to_do_when_the_brokers_port_is_taken(tmp_path):
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
             "serve", "--own-broker", "127.0.0.1:%d" % port],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        "port %d is taken, most likely by the mosquitto service Debian starts on installing"
        " it: stop it (sudo systemctl disable --now mosquitto) or give another port"
        " (--own-broker 0.0.0.0:1884)\n" % port
    )


def test_the_link_runs_on_micropython_in_a_thread_of_its_own(club):
    """The same link on the MicroPython interpreter (unix port, its own _thread, usocket and
    uselect): its pairing shown, its game keyed and sent, recorded by the club once."""
    import os
    import subprocess
    import sys

    from where import ROOT

    for name in ("Ann", "Bob"):
        club.night.add(name)
    club.bridge.pair(["mp1"])  # retained: the board finds it when it connects
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    done = subprocess.run(
        [micropython, "-X", "heapsize=1M", "host_tests/club_on_micropython.py",
         str(club.broker.port), password_of("mp1"), "mp1", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-800:] + done.stderr[-800:]
    said = done.stdout.splitlines()
    assert (
        "club: round 1: Ann plays blue, Bob plays orange, 1 game to 121; # starts the game" in said
    )
    assert "club: round 1: Ann 121, Bob 88: sent to the club" in said
    assert "club: the result of round 1 is recorded" in said
    assert [game[1:] for game in club.night.games()] == [(1, "mp1", "Ann", "Bob", 121, 88, 121)]


def test_a_broker_that_never_answers_holds_up_no_key():
    """A broker that takes the connection and never answers: the link's thread waits in its
    connect, and meanwhile a whole game is keyed, seen to end and kept for the club."""
    import socket
    import threading

    accepted = []
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    port = silent.getsockname()[1]

    def take():
        while True:
            try:
                connection, _ = silent.accept()
            except OSError:
                return
            accepted.append(connection)

    threading.Thread(target=take, daemon=True).start()
    board = ClubBoard("t6", port)
    try:
        assert wait_for(lambda: len(accepted) == 1)
        board.link.pairing = [1, "Ann", "Bob"]  # as if heard before the broker fell silent
        assert board.play_game(seed=3) == [121, 88]
        assert "club: round 1: Ann 121, Bob 88: sent to the club" in board.rig.lines
        assert [fields[4:6] for fields, _ in board.link.outbox.values()] == [[121, 88]]
        # Still the first connection, unanswered: the thread never let go of its wait.
        assert len(accepted) == 1 and not board.link.connected
        assert board.store.read("club.log")  # the result is on the flash
    finally:
        silent.close()
        for connection in accepted:
            connection.close()
        board.stop()


def test_a_compacted_club_journal_still_knows_the_game_it_sent(club, monkeypatch):
    """Once every result is recorded the club journal is cut down to the last one: after a
    power cut, the game still over on the board is known as sent, not sent again."""
    from net import club_link

    monkeypatch.setattr(club_link, "_RECORDS_BEFORE_COMPACTING", 1)
    board = paired_board(club, "t7")
    assert board.said("club: round 1: Ann plays blue")
    board.play_game(seed=3)
    assert board.watch_until(lambda: board.said("club: the result of round 1 is recorded"))
    assert board.link.records == 3  # compacted: the result, that it was recorded, the pairing
    store = board.power_cut()
    board = ClubBoard("t7", club.broker.port, store)
    try:
        assert board.rig.match.phase == "match over"  # the game, still on the board
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        for _ in range(10):
            board.link.watch(board.rig.app)
        assert not board.said("sent to the club") and not board.said("not paired")
        assert board.link.outbox == {} and len(club.night.games()) == 1
    finally:
        board.stop()


def test_a_game_under_way_when_the_next_round_is_paired_is_sent_for_its_own_round(club):
    board = paired_board(club, "t8")
    try:
        assert board.said("club: round 1: Ann plays blue")
        board.rig.press("#")
        shuffler = Shuffler(3)
        for _ in range(2):
            key_player.play_deal(board.rig, shuffler, [])
        club.bridge.pair(["t8"])  # the director pairs round 2 before this game is over
        blue, orange = club.bridge.night.db.execute(
            "SELECT player_a, player_b FROM tables WHERE round = 2").fetchone()  # fmt: skip
        # The club holds round 2 back while t8's round 1 is unrecorded: the board, watched
        # for two seconds (four of its watches), hears nothing of it.
        assert not board.watch_until(lambda: board.said("club: round 2: "), 2)
        while board.rig.match.phase not in (GAME_OVER, MATCH_OVER):
            key_player.play_deal(board.rig, shuffler, [])
        assert board.said("club: round 1: Ann 121, Bob 88: sent to the club")
        assert board.watch_until(lambda: board.said("club: the result of round 1 is recorded"))
        assert board.watch_until(lambda: board.said("club: round 2: "))
        heard = [line for line in board.rig.lines if line.startswith("club: round 2: ")]
        assert heard == ["club: round 2: %s plays blue, %s plays orange, 1 game to 121;"
                         " # starts the game" % (blue, orange)]  # fmt: skip
        second = board.play_game(seed=11)  # the next game is round 2's
        assert board.said("club: round 2: %s %d, %s %d: sent to the club" % (
            blue, second[0], orange, second[1]))  # fmt: skip
        assert board.watch_until(lambda: board.said("club: the result of round 2 is recorded"))
        assert [game[1] for game in club.night.games()] == [1, 2]
    finally:
        board.stop()


def test_a_pairing_heard_in_makao_says_how_to_reach_the_game_and_the_keys_do_it(club):
    for name in ("Ann", "Bob"):
        club.night.add(name)
    board = ClubBoard("t9", club.broker.port)
    try:
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        board.rig.hold("D")  # Makao
        assert board.rig.app.mode == 1 and board.said("mode: makao")
        club.bridge.pair(["t9"])
        assert board.watch_until(lambda: board.said("club: round 1: "))
        told = (
            "club: round 1: Ann plays blue, Bob plays orange, 1 game to 121; hold D until"
            " cribbage, then #"
        )
        assert told + " starts the game" in board.rig.lines
        # Followed as it says: hold D until the board says cribbage, then #.
        while board.rig.app.mode != 0:
            board.rig.hold("D")
        assert board.said("mode: cribbage")
        board.rig.press("#")
        assert board.rig.match.phase == "cut"  # the game has begun: the starter is next
    finally:
        board.stop()


def test_a_boards_account_reaches_its_own_topics_only(club):
    """The broker's own rules (tools/director/broker.py rules()): with t1's credentials a client
    may
    write t1's result, state and availability and read t1's pairing and acks, nothing of
    another board's, nor the club's standings, nor another board's Home Assistant device;
    the club's session cannot be taken by its client id; a revoked board cannot sign in."""
    import paho.mqtt.client as mqtt

    for name in ("Ann", "Bob", "Cy", "Di"):
        club.night.add(name)
    club.bridge.pair(["t1", "t2"])
    heard_by_t1 = {}
    hostile = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="club-" + CLUB)
    hostile.username_pw_set("t1", password_of("t1"))
    hostile.on_message = lambda c, u, m: heard_by_t1.update({m.topic: m.payload})
    hostile.connect("127.0.0.1", club.broker.port)
    hostile.loop_start()
    try:
        assert wait_for(hostile.is_connected)
        hostile.subscribe("cribbage/%s/#" % CLUB, qos=1)
        seated = {board: (a, b) for board, a, b in club.night.seated(1)}
        forged = {"id": "t2-x-1", "round": 1, "board": "t2", "players": list(seated["t2"]),
                  "scores": [121, 60], "target": 121}  # fmt: skip
        attempts = [
            ("cribbage/%s/t2/result" % CLUB, json.dumps(forged), False),
            ("cribbage/%s/t2/pairing" % CLUB, '{"round": 9, "players": ["Ed", "Ed"]}', True),
            ("cribbage/%s/t2/recorded" % CLUB, "t2-anything", False),
            ("cribbage/%s/standings" % CLUB, '[[1, "Mallory", 99, 9, 999, 9]]', True),
            ("homeassistant/device/cribbage_%s_t2/config" % CLUB, '{"dev": {}}', True),
        ]
        for where, payload, retain in attempts:
            hostile.publish(where, payload, qos=1, retain=retain).wait_for_publish(5)
        marker = "cribbage/%s/t1/state" % CLUB  # its own: allowed, and after the others
        hostile.publish(marker, '{"mode": "marker"}', qos=1, retain=True).wait_for_publish(5)
        assert wait_for(lambda: club.listener.heard.get(marker) == b'{"mode": "marker"}')
        for where, payload, _ in attempts:
            assert club.listener.heard.get(where) != payload.encode(), where
        assert club.night.games() == [] and club.bridge.refused == []
        # What t1 may read: its own pairing; nothing of t2's.
        assert wait_for(lambda: "cribbage/%s/t1/pairing" % CLUB in heard_by_t1)
        assert "cribbage/%s/t2/pairing" % CLUB not in heard_by_t1
        assert club.bridge.client.is_connected()  # its session not taken by the client id
    finally:
        hostile.disconnect()
        hostile.loop_stop()
    # Revoked: the broker starts again with the accounts left, and t3 cannot sign in.
    accounts = {name: password for name, password in ACCOUNTS.items() if name != "t3"}
    club.broker.renew(accounts)
    refused = []
    revoked = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="t3")
    revoked.username_pw_set("t3", password_of("t3"))
    revoked.on_connect = lambda c, u, f, reason, p: refused.append(str(reason))
    revoked.connect("127.0.0.1", club.broker.port)
    revoked.loop_start()
    try:
        assert wait_for(lambda: refused)
        assert refused[0] == "Not authorized"
    finally:
        revoked.disconnect()
        revoked.loop_stop()
    assert wait_for(club.bridge.client.is_connected)  # the club signs in again by itself


class MicroPythonBoard:
    """A club board on the MicroPython interpreter (host_tests/club_on_micropython.py, its
    steps given on stdin): the firmware's own link and app, in a process of its own."""

    def __init__(self, name, port):
        import os
        import subprocess
        import sys

        from where import ROOT

        micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
        self.name = name
        self.said = []
        self.process = subprocess.Popen(
            [micropython, "-X", "heapsize=1M", "host_tests/club_on_micropython.py", str(port),
             password_of(name), name, "-"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            encoding="utf-8",
        )  # fmt: skip

    def step(self, words):
        """Runs one step; True when it was done (a wait: the words were said in time)."""
        self.process.stdin.write(words + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            assert line, "%s stopped: %s" % (self.name, self.said[-5:])
            line = line.rstrip("\n")
            if line.startswith("said: "):
                self.said.append(line[len("said: ") :])
            elif line in ("done " + words, "timed out " + words):
                return line.startswith("done ")

    def heard(self, start):
        return [line for line in self.said if line.startswith(start)]

    def stop(self):
        try:
            self.step("quit")
        finally:
            self.process.stdin.close()
            self.process.wait(20)


def test_a_round_paired_early_waits_on_each_board_for_the_game_before_it(club):
    """Three boards on the MicroPython interpreter over the real broker. Round 1 on t1, t2,
    t3: t1 plays it through, t3 is mid-game and t2 has not begun when the director pairs
    round 2. Each board plays round 1's game first, sent under round 1 with the players
    seated there, and hears round 2 only once its round 1 is recorded; every game stands
    under the round and the players that played it, and nobody is credited with a game at a
    table they were not seated at."""
    for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Hal"):
        club.night.add(name)
    names = ("t1", "t2", "t3")
    boards = {name: MicroPythonBoard(name, club.broker.port) for name in names}
    try:
        for board in boards.values():
            assert board.step("wait 30 connected to the club's broker")
        first = {board: (a, b) for board, a, b in club.bridge.pair(list(names))}
        for name, board in boards.items():
            assert board.step("wait 30 club: round 1: ")
            assert board.heard("club: round 1: ") == [
                "club: round 1: %s plays blue, %s plays orange, 1 game to 121; # starts the game"
                % first[name]
            ]
        t1, t2, t3 = (boards[name] for name in names)
        assert t1.step("start 3") and t1.step("finish")
        assert t1.step("wait 30 club: the result of round 1 is recorded")
        assert t3.step("start 5") and t3.step("deals 2")  # t3 mid-game; t2 not begun
        second = {board: (a, b) for board, a, b in club.bridge.pair(list(names))}
        assert t1.step("wait 30 club: round 2: ")  # its round 1 is in: round 2 is its next
        # t2 and t3 have round 1's game to play: round 2 waits (4 of their watches a second).
        assert not t2.step("wait 2 club: round 2: ") and not t3.step("wait 2 club: round 2: ")
        assert t2.step("start 7") and t2.step("finish")
        assert t3.step("finish")
        for board in (t2, t3):
            assert board.step("wait 30 club: the result of round 1 is recorded")
            assert board.step("wait 30 club: round 2: ")
        for name, board in boards.items():
            assert board.heard("club: round 2: ") == [
                "club: round 2: %s plays blue, %s plays orange, 1 game to 121; # starts the game"
                % second[name]
            ]
            assert board.step("start 11") and board.step("finish")
            assert board.step("wait 30 club: the result of round 2 is recorded")
        games = club.night.games()
        assert [(number, board, a, b) for _, number, board, a, b, _, _, _ in games] == [
            (number, board) + seated[board]
            for number, seated in ((1, first), (2, second))
            for board in names
        ]
        for name, board in boards.items():  # each sent under its round, as recorded
            for _, number, at, a, b, score_a, score_b, _ in games:
                if at == name:
                    assert "club: round %d: %s %d, %s %d: sent to the club" % (
                        number, a, score_a, b, score_b) in board.said  # fmt: skip
        assert [row[5] for row in club.night.standings()] == [2] * 6  # two games each
    finally:
        for board in boards.values():
            board.stop()


def test_a_game_to_61_at_a_121_club_is_refused_once_said_on_both_sides_and_not_resent(club):
    """A board already in a match to 61 when its pairing comes: the pairing makes the next
    match the club's (121, one game) and says the game under way is the round's; that game,
    to 61, is refused by the club in words, once: said on the board (which stops sending
    it, and after a restart too) and on the director's page; not sent again."""
    import urllib.request

    from club_night.page import make_page_server

    sent = []
    heard = club.listener.client.on_message

    def counting(client, userdata, message):
        if message.topic == "cribbage/oakclub/t5/result":
            sent.append(message.payload)
        heard(client, userdata, message)

    club.listener.client.on_message = counting
    for name in ("Ann", "Bob"):
        club.night.add(name)
    board = ClubBoard("t5", club.broker.port)
    server = make_page_server(club.bridge, "127.0.0.1", 0, "47114711")
    threading_start(server)
    refusal = "tonight's games are to 121, not 61"
    try:
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        board.rig.press("B")  # a match to 61, as the last players left it
        assert board.rig.app.controller.target == 61
        board.rig.press("#")
        shuffler = Shuffler(5)
        key_player.play_deal(board.rig, shuffler, [])
        club.bridge.pair(["t5"])
        assert board.watch_until(lambda: board.said("club: round 1: "))
        assert board.rig.lines[-1] == (
            "club: round 1: Ann plays blue, Bob plays orange, 1 game to 121; the game under way"
            " is this round's"
        )
        assert board.rig.app.controller.target == 121  # the next match is the club's
        while board.rig.match.phase not in (GAME_OVER, MATCH_OVER):
            key_player.play_deal(board.rig, shuffler, [])
        assert board.rig.match.target == 61 and max(board.rig.match.front) == 61
        told = "error: club: the club refused round 1's result: " + refusal
        assert board.watch_until(lambda: board.said(told))
        assert board.link.outbox == {}
        # Past a resend's 5 s, then restarted: said once, sent once, listed once.
        board.watch_until(lambda: False, 6)
        store = board.power_cut()
        board = ClubBoard("t5", club.broker.port, store)
        assert board.watch_until(lambda: board.said("connected to the club's broker"))
        board.watch_until(lambda: False, 6)
        assert board.link.outbox == {} and not board.said("sent to the club")
        assert len(sent) == 1
        assert club.bridge.refused == [("cribbage/oakclub/t5/result", refusal)]
        assert [row[1:] for row in club.night.refusals()] == [(1, "t5", refusal)]
        port = server.server_address[1]
        with urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=5) as answer:
            shown = answer.read().decode()
        assert (
            "<li>t5: Ann v Bob: refused: %s (the result command records it by hand)</li>" % refusal
        ) in shown
        (game_id,) = [row[0] for row in club.night.refusals()]
        assert "<li>round 1, t5 (result %s): %s</li>" % (game_id, refusal) in shown
        assert shown.count(refusal) == 2  # the table's state, and the one line refused
        board.rig.press("#")  # the next match: the club's
        assert board.rig.match.target == 121
    finally:
        server.shutdown()
        server.server_close()
        board.stop()


def threading_start(server):
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()


# A name of 40 letters, the longest: Cyrillic, two bytes each in UTF-8.
LONGEST = "Александра Константиновна Белозерская-Ша"
NAMES = [LONGEST, "Jānis Bērziņš", "Małgorzata Żółkiewska", "Ēriks Ķēniņš"]


def test_cyrillic_latvian_and_polish_names_are_carried_end_to_end(club, tmp_path, capsys):
    """Names of 1 to 40 characters (not bytes) at add, on boards on the MicroPython
    interpreter, in the pairing and the result over MQTT, in the standings (page, MQTT, CSV)
    and through a correction from the command line while the club runs; a 41st character is
    refused at add, in words, and adds nobody."""
    import csv
    import io
    import urllib.request

    import club as club_command
    from club_night.night import ClubError
    from club_night.page import make_page_server

    assert len(LONGEST) == 40 and len(LONGEST.encode()) == 77
    night_file = str(tmp_path / "night.sqlite")
    assert club_command.main([night_file, "add", *NAMES]) == 0
    with pytest.raises(ClubError, match="^a player's name is 1 to 40 characters: "):
        club.night.add(LONGEST + "а")
    assert club_command.main([night_file, "add", "Zoë", LONGEST + "а"]) == 1
    assert capsys.readouterr().err.startswith("a player's name is 1 to 40 characters: ")
    assert sorted(row[1] for row in club.night.standings()) == sorted(NAMES)  # nobody added
    boards = {name: MicroPythonBoard(name, club.broker.port) for name in ("t1", "t2")}
    server = make_page_server(club.bridge, "127.0.0.1", 0, "47114711")
    threading_start(server)
    try:
        for board in boards.values():
            assert board.step("wait 30 connected to the club's broker")
        seated = {board: (a, b) for board, a, b in club.bridge.pair(["t1", "t2"])}
        for name, board in boards.items():
            assert board.step("wait 30 club: round 1: ")
            assert board.heard("club: round 1: ") == [
                "club: round 1: %s plays blue, %s plays orange, 1 game to 121; # starts the game"
                % seated[name]
            ]
            assert board.step("start 3") and board.step("finish")
            assert board.step("wait 30 club: the result of round 1 is recorded")
        games = club.night.games()
        assert [game[3:5] for game in games] == [seated["t1"], seated["t2"]]
        for game in games:
            said = "club: round 1: %s %d, %s %d: sent to the club" % (game[3], game[5], game[4],
                                                                      game[6])  # fmt: skip
            assert said in boards[game[2]].said
        # A correction from the command line, while the club runs: the standings it
        # publishes follow within two of its watches of the night's file.
        game_id, _, _, a, b, score_a, score_b, _ = games[0]
        corrected = (121, 100) if score_a == 121 else (100, 121)
        assert club_command.main(
            [night_file, "correct", game_id, str(corrected[0]), str(corrected[1]), "miscounted"]
        ) == 0  # fmt: skip
        standings = [list(row) for row in club.night.standings()]
        assert wait_for(lambda: club.listener.json("cribbage/oakclub/standings") == standings, 3)
        assert sorted(row[1] for row in standings) == sorted(NAMES)
        rows = list(csv.reader(io.StringIO(club.night.csv())))
        assert [row[1] for row in rows[1:]] == [row[1] for row in standings]
        port = server.server_address[1]
        with urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=5) as answer:
            shown = answer.read().decode("utf-8")
        for name in NAMES:
            assert "<td>%s</td>" % name in shown
        assert "<li>round 1, t1: %s %d, %s %d (result %s)</li>" % (
            a, corrected[0], b, corrected[1], game_id) in shown  # fmt: skip
    finally:
        server.shutdown()
        server.server_close()
        for board in boards.values():
            board.stop()


def test_a_round_paired_from_the_command_line_while_serve_runs_reaches_the_boards(tmp_path):
    """`crib-club NIGHT pair t1 t2` in another shell while serve runs: serve sees the night's
    file change (it looks every second) and sends each board its game, retained, within 5 s
    here; the page shows the round."""
    import subprocess
    import sys
    import urllib.request

    import paho.mqtt.client as mqtt

    from broker import free_port
    from where import ROOT

    club_py = [sys.executable, ROOT + "/tools/director/club.py", str(tmp_path / "night.sqlite")]
    subprocess.run(club_py + ["add", "Ann", "Bob", "Cy", "Di"], check=True)
    broker_port = free_port()
    serving = subprocess.Popen(serve_command(club_py, broker_port), stdout=subprocess.PIPE,
                               text=True)  # fmt: skip
    heard = {}
    listener = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="board-eyes")
    try:
        password, _, page_port = _started(serving)
        listener.username_pw_set("homeassistant", password)
        listener.on_message = lambda c, u, m: heard.update({m.topic: json.loads(m.payload)})
        listener.connect("127.0.0.1", broker_port)
        listener.subscribe("cribbage/%s/+/pairing" % CLUB, qos=1)
        listener.loop_start()
        paired = subprocess.run(club_py + ["pair", "t1", "t2"], capture_output=True, text=True)
        assert paired.returncode == 0, paired.stderr
        tables = [line.split(": ")[1].split(" v ") for line in paired.stdout.splitlines()]
        assert wait_for(lambda: len(heard) == 2, 5)
        assert heard == {
            "cribbage/%s/%s/pairing" % (CLUB, board): {
                "round": 1, "players": players, "target": 121, "games": 1}
            for board, players in zip(("t1", "t2"), tables)
        }  # fmt: skip
        page = "http://127.0.0.1:%d/" % page_port
        with urllib.request.urlopen(page, timeout=5) as answer:
            shown = answer.read().decode()
        assert "<h2>Round 1</h2>" in shown
        assert "<li>t1: %s v %s: waiting: the board has not been heard from</li>" % tuple(
            tables[0]) in shown  # fmt: skip
    finally:
        listener.disconnect()
        listener.loop_stop()
        serving.terminate()
        assert serving.wait(10) == 0
