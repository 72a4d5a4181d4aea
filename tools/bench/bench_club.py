"""`bench.py club`: the club night's program (tools/director/club.py) on a real Mosquitto broker
(tools/director/broker.py: 127.0.0.1, a free port, stopped after): how many results a second it
records when 200 boards publish at once (stand-in boards in paho-mqtt), how long a result
takes from its board's publish to the standings the page serves, and from the last key of a
game keyed on the firmware's app (fake hardware, its club link and umqtt) to those
standings. Timed on this machine: prints, asserts nothing. And the heap the club link takes
on the 32-bit MicroPython build (wasm), beside a booted game: deterministic."""

import json
import tempfile
import threading
import time
import urllib.request

BOARDS = 200
LATENCY_RESULTS = 20
BOARD_GAMES = 10  # games keyed on the firmware's app for the last key's figure


def _result(number, board, round_number=1):
    return {
        "id": "%s-%d" % (board, number), "round": round_number, "board": board,
        "players": ["P%03da" % number, "P%03db" % number], "scores": [121, 90 + number % 30],
    }  # fmt: skip


def bench_club():
    bench_stand_ins()
    bench_board_to_standings()
    bench_board_heap()


def bench_stand_ins():
    import paho.mqtt.client as mqtt

    from broker import Broker, free_port, wait_for
    from club_night import bridge as club_bridge
    from club_night import messages
    from club_night import night as club_night
    from club_night import page as club_page

    print("## The club night: results over a real broker")
    with tempfile.TemporaryDirectory() as folder:
        broker = Broker(folder).start()
        night = club_night.Night(folder + "/night.sqlite")
        for number in range(BOARDS + LATENCY_RESULTS):
            night.add("P%03da" % number)
            night.add("P%03db" % number)
        # The tables as if paired: round 1 on every board, then one round a result on b000.
        for number in range(BOARDS):
            night.seat(1, "b%03d" % number, "P%03da" % number, "P%03db" % number)
        for number in range(BOARDS, BOARDS + LATENCY_RESULTS):
            night.seat(2 + number - BOARDS, "b000", "P%03da" % number, "P%03db" % number)
        bridge = club_bridge.Bridge(night, "bench", "127.0.0.1", broker.port)
        bridge.start()
        page_port = free_port()
        server = club_page.make_page_server(bridge, "127.0.0.1", page_port, "2468")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        acked = set()
        connected = set()
        clients = []
        try:
            for index in range(BOARDS):
                name = "b%03d" % index
                client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name)

                def on_connect(client, userdata, flags, reason, properties, name=name):
                    client.subscribe(messages.topic("bench", name, "recorded"), qos=1)
                    connected.add(name)

                def on_message(client, userdata, message):
                    acked.add(message.payload.decode())

                client.on_connect = on_connect
                client.on_message = on_message
                client.connect("127.0.0.1", broker.port)
                client.loop_start()
                clients.append((name, client))
            wait_for(lambda: len(connected) == BOARDS, 60)
            time.sleep(0.5)  # the subscriptions settle
            start = time.perf_counter()
            for index, (name, client) in enumerate(clients):
                where = messages.topic("bench", name, "result")
                client.publish(where, json.dumps(_result(index, name)), qos=1)
            wait_for(lambda: len(acked) >= BOARDS, 120)
            took = time.perf_counter() - start
            print(
                "%d boards publishing a result each at once: %d recorded and acknowledged in"
                " %.2f s, %.0f results a second (SQLite, one broker, this machine)"
                % (BOARDS, len(acked), took, len(acked) / took)
            )
            name, client = clients[0]
            delays = []
            for number in range(BOARDS, BOARDS + LATENCY_RESULTS):
                player = "P%03da" % number
                start = time.perf_counter()
                where = messages.topic("bench", name, "result")
                result = _result(number, name, 2 + number - BOARDS)
                client.publish(where, json.dumps(result), qos=1)

                def shown(player=player):
                    url = "http://127.0.0.1:%d/api/standings" % page_port
                    with urllib.request.urlopen(url, timeout=5) as answer:
                        rows = json.loads(answer.read())
                    return any(row[1] == player and row[-1] == 1 for row in rows)

                deadline = start + 20
                while not shown() and time.perf_counter() < deadline:
                    time.sleep(0.005)
                delays.append(1000 * (time.perf_counter() - start))
            delays.sort()
            print(
                "a result from its board's publish to the standings the page serves: median"
                " %.0f ms, slowest %.0f ms (%d results; read from /api/standings every"
                " 5 ms here: a browser's page reads it every 5 s)"
                % (delays[len(delays) // 2], delays[-1], len(delays))
            )
        finally:
            for _, client in clients:
                client.disconnect()
                client.loop_stop()
            server.shutdown()
            bridge.stop()
            broker.stop()


def bench_board_to_standings():
    """From the key that ends a game on the firmware's app to the standings page showing it."""
    import types

    import config
    import drivers  # noqa: F401  (the fake machine and neopixel)
    import key_player
    from board_rig import Rig
    from broker import Broker, free_port, wait_for
    from club_night import bridge as club_bridge
    from club_night import night as club_night
    from club_night import page as club_page
    from cribbage.game import GAME_OVER, MATCH_OVER
    from memstore import MemoryStore
    from net import club_link
    from shuffle import Shuffler

    with tempfile.TemporaryDirectory() as folder:
        broker = Broker(folder).start()
        night = club_night.Night(folder + "/night.sqlite")
        bridge = club_bridge.Bridge(night, "bench", "127.0.0.1", broker.port)
        bridge.start()
        page_port = free_port()
        server = club_page.make_page_server(bridge, "127.0.0.1", page_port, "2468")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        settings = types.SimpleNamespace(
            **{k: getattr(config, k) for k in dir(config) if k.isupper()}
        )
        settings.HOSTNAME, settings.CLUB = "t1", "bench"
        settings.CLUB_BROKER = "127.0.0.1:%d" % broker.port
        store = MemoryStore()
        pressed = [0.0]
        rig = Rig(store, cfg=settings, through_contacts=False)
        link = club_link.start(rig.app, settings, store)
        press = rig.press

        def timed(name, hold_ms=60):
            pressed[0] = time.perf_counter()
            press(name, hold_ms)

        rig.press = timed
        delays = []
        try:
            wait_for(lambda: link.connected)
            for number in range(BOARD_GAMES):
                night.add("A%02d" % number)
                night.add("B%02d" % number)
                bridge.pair(["t1"])
                paired = number + 1

                def told(paired=paired):
                    link.watch(rig.app)  # the board's loop, every WATCH_MS
                    return link.pairing is not None and link.pairing[0] == paired

                wait_for(told)
                rig.press("#")
                shuffler = Shuffler(number)
                while rig.match.phase not in (GAME_OVER, MATCH_OVER):
                    key_player.play_deal(rig, shuffler, [])
                link.watch(rig.app)  # the board's loop, at its next WATCH_MS

                def shown(player="A%02d" % number):
                    url = "http://127.0.0.1:%d/api/standings" % page_port
                    with urllib.request.urlopen(url, timeout=5) as answer:
                        rows = json.loads(answer.read())
                    return any(row[1] == player and row[-1] == 1 for row in rows)

                deadline = time.perf_counter() + 20
                while not shown() and time.perf_counter() < deadline:
                    time.sleep(0.005)
                delays.append(1000 * (time.perf_counter() - pressed[0]))
                night.leave("A%02d" % number)  # the next round pairs the next two
                night.leave("B%02d" % number)
        finally:
            link.stop()
            server.shutdown()
            bridge.stop()
            broker.stop()
    delays.sort()
    print(
        "a game's result from the board's last key to the standings the page serves (the"
        " firmware's app on fake hardware, its club link and umqtt.simple2): median %.0f ms,"
        " slowest %.0f ms (%d games; on the board add up to %d ms until its loop looks, as"
        " it does every club_link.WATCH_MS)"
        % (delays[len(delays) // 2], delays[-1], len(delays), club_link.WATCH_MS)
    )


def bench_board_heap():
    game, code, held, message, size = club_heap_32()
    print(
        "MicroPython wasm (32-bit, as the ESP32), from .mpy, beside a game booted in cribbage"
        " (%d bytes in use, the test harness's modules among them): the club link's and"
        " umqtt's code %d bytes; the link, its client, a"
        " pairing, a result waiting and the live state %d bytes; a result's message as it is"
        " sent %d bytes more (%d bytes of JSON): %d bytes in all"
        % (game, code, held, message, size, code + held + message)
    )


# For a 32-bit snippet with the board's firmware on its path: stand-ins for two modules the
# wasm build lacks and the ESP32 has in C (no heap there): the lock the link shares with its
# thread, and the socket module umqtt imports.
LINK_STANDINS = (
    "sys.path.insert(0, '/input/build/board/lib')\n"
    "sys.path.insert(0, '/input/build/board')\n"
    "sys.path.insert(0, '/input/host_tests/core')\n"
    "class _Lock:\n"
    "    def __enter__(self): return self\n"
    "    def __exit__(self, *a): return False\n"
    "class _Thread:\n"
    "    allocate_lock = _Lock\n"
    "sys.modules['_thread'] = _Thread\n"
    "sys.modules['usocket'] = _Thread\n"
    "import fakes\n"
    "fakes.install()\n"
)
# The link at work beside a game `board` on the memory store `store`: its client made, a
# pairing known, a result waiting to be recorded, the live state watched.
LINK_AT_WORK = (
    "from net import club_link\n"
    "from umqtt.simple2 import MQTTClient\n"
    "link = club_link.ClubLink(store, 'oakclub', 'table-07', '192.168.1.10', 1883, print)\n"
    "client = MQTTClient(b'cribbage-oakclub-table-07', '192.168.1.10', 1883, keepalive=20)\n"
    "client.set_last_will(b'cribbage/oakclub/table-07/availability', b'offline', True, 1)\n"
    "link.pairing = [9, 'Annabelle Fairweather', 'Bartholomew Oakes']\n"
    "link.outbox['x'] = [['table-07-a1b2c3-9', 9, 'Annabelle Fairweather',"
    " 'Bartholomew Oakes', 121, 87, 121, 1, 0, 12, 1], None]\n"
    "link.watch(board)\n"
)


def club_heap_32():
    """The club link's heap on the 32-bit build, beside a game booted in cribbage: (the
    game, the link's and umqtt's code, the link's data, a message as it is sent, its JSON's
    length), in bytes."""
    import subprocess
    import sys

    from bench_common import FIRMWARE_COLLECTS_NOTHING, wasm_fuel
    from where import ROOT

    build = ROOT + "/tools/maker/build_mpy.py"
    subprocess.run([sys.executable, build], check=True, capture_output=True)
    body = (
        "import gc\n"
        + FIRMWARE_COLLECTS_NOTHING
        + LINK_STANDINS
        + "import app, config, hardware, memstore\n"
        "from storage import journal\n"
        "store = memstore.MemoryStore()\n"
        "gc.disable()\n"
        "board = app.App(config, hardware.Hardware(config), store, say=lambda line: None)\n"
        "board.boot(0)\n"
        "gc.collect()\n"
        "game = gc.mem_alloc()\n"
        "from net import club_link\n"
        "from umqtt.simple2 import MQTTClient\n"
        "gc.collect()\n"
        "code = gc.mem_alloc()\n" + LINK_AT_WORK + "gc.collect()\n"
        "held = gc.mem_alloc()\n"
        "message = club_link.club_messages.result(link.board, link.outbox['x'][0])\n"
        "peak = gc.mem_alloc()\n"
        "print(code - game, held - code, peak - held, len(message), game)\n"
    )
    _, lines = wasm_fuel(body)
    code, held, message, size, game = (int(word) for word in lines[-1].split())
    return game, code, held, message, size
