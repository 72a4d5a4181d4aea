"""`bench.py club`: the club night's program (tools/club.py) on a real Mosquitto broker
(tools/broker.py: 127.0.0.1, a free port, stopped after): how many results a second it
records when 200 boards publish at once, and how long a result takes from its board's
publish to the standings the page serves. Stand-in boards in paho-mqtt, as the tests' (the
board's own MQTT client is not built yet). Timed on this machine: prints, asserts nothing."""

import json
import tempfile
import threading
import time
import urllib.request

BOARDS = 200
LATENCY_RESULTS = 20


def _result(number, board):
    return {
        "id": "%s-%d" % (board, number), "round": 1, "board": board,
        "players": ["P%03da" % number, "P%03db" % number], "scores": [121, 90 + number % 30],
    }  # fmt: skip


def bench_club():
    import paho.mqtt.client as mqtt

    import club
    from broker import Broker, free_port, wait_for

    print("## The club night: results over a real broker")
    with tempfile.TemporaryDirectory() as folder:
        broker = Broker(folder).start()
        night = club.Night(folder + "/night.sqlite")
        for number in range(BOARDS + LATENCY_RESULTS):
            night.add("P%03da" % number)
            night.add("P%03db" % number)
        bridge = club.Bridge(night, "bench", "127.0.0.1", broker.port)
        bridge.start()
        page_port = free_port()
        server = club.make_page_server(bridge, "127.0.0.1", page_port, "2468")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        acked = set()
        connected = set()
        clients = []
        try:
            for index in range(BOARDS):
                name = "b%03d" % index
                client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name)

                def on_connect(client, userdata, flags, reason, properties, name=name):
                    client.subscribe(club.topic("bench", name, "recorded"), qos=1)
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
                where = club.topic("bench", name, "result")
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
                where = club.topic("bench", name, "result")
                client.publish(where, json.dumps(_result(number, name)), qos=1)

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
