"""The bridge between the boards' broker and the night: results recorded once however often
they come, in batches, a flood past the inbox dropped and said; each board's next game
published, retained."""

import json
import queue
import threading

from club_night.messages import parse_message, topic
from club_night.night import ClubError

BATCH = 500  # results recorded in one commit at most


INBOX = 20000  # messages waiting for the recorder at most (a flood past it is dropped, said)


REFUSALS_KEPT = 50  # the latest refused messages, for the director's page


class Bridge:
    """The night on a broker: every board's results recorded and each acknowledged to its
    board (`recorded`, the result's id: the board sends it again until then), the next
    round's tables published to each board (retained: a board that starts later still finds
    its game), the standings published (retained) after each new result. paho-mqtt
    reconnects by itself after an outage."""

    def __init__(self, night, club, host, port, password=None):
        import paho.mqtt.client as mqtt

        self.night = night
        self.club = club
        self.lock = threading.Lock()  # the night's SQLite connection, shared with the page
        self.refused = []  # (topic, words) of messages that were not results
        self.inbox = queue.Queue(INBOX)  # (topic, payload) for the recorder
        self.recorder = None
        self.client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2, client_id="club-" + club, clean_session=False
        )
        # A callback that fails anyway (not a message: those are caught and listed) is
        # logged by paho and its network thread goes on, rather than every later result
        # going unrecorded.
        self.client.suppress_exceptions = True
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self.down_since = "the start"  # None while the broker answers
        if password:
            from broker import CLUB_USER

            self.client.username_pw_set(CLUB_USER, password)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.connect_async(host, port, keepalive=10)

    def start(self):
        self.recorder = threading.Thread(target=self._record_all, daemon=True)
        self.recorder.start()
        self.client.loop_start()

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()
        if self.recorder is not None:
            self.inbox.put(None)
            self.recorder.join(10)

    def _connected(self, client, userdata, flags, reason, properties):
        self.down_since = None
        client.subscribe(topic(self.club, "+", "result"), qos=1)
        # The round's pairings again, retained: a broker restarted (its retained messages
        # lost with it) still gives a board that starts later its game.
        with self.lock:
            number = self.night.rounds_paired()
            tables = self.night.seated(number) if number else []
        self._publish_pairings(number, tables)

    def _disconnected(self, client, userdata, flags, reason, properties):
        import time

        if self.down_since is None:
            self.down_since = time.strftime("%H:%M:%S")

    def _message(self, client, userdata, message):
        # paho's network thread only queues: the recording (a synced SQLite commit, the
        # standings) is the recorder's, a batch at a time, so a burst costs one commit.
        try:
            self.inbox.put_nowait((message.topic, bytes(message.payload)))
        except queue.Full:
            self._refused(message.topic, "the club is behind: sent again by its board, it counts")

    def _record_all(self):
        while True:
            batch = [self.inbox.get()]
            while batch[-1] is not None and len(batch) < BATCH:
                try:
                    batch.append(self.inbox.get_nowait())
                except queue.Empty:
                    break
            try:
                self._record([item for item in batch if item is not None])
            except Exception as error:  # noqa: BLE001
                # Said on the page; the boards send again until acked, so nothing is lost.
                self._refused("the club's recorder", "%s: %s" % (type(error).__name__, error))
            if batch[-1] is None:
                return

    def _record(self, batch):
        acks, refused, new = [], [], False
        with self.lock:
            try:
                for where, payload in batch:
                    board = where.split("/")[2]
                    try:
                        result = parse_message(payload)
                        new = self.night.record(result, board, commit=False) or new
                    except ClubError as error:
                        refused.append((where, str(error)))
                        continue
                    acks.append((board, result["id"]))
                self.night.db.commit()  # one synced commit, before any ack of the batch
            except BaseException:
                self.night.db.rollback()
                raise
            standings = self.night.standings() if new else None
        for where, words in refused:
            self._refused(where, words)
        # The board keeps a result (and sends it again) until this says it is recorded: a
        # result the broker took while no club listened is not lost, one sent twice counts once.
        for board, game_id in acks:
            self.client.publish(topic(self.club, board, "recorded"), game_id, qos=1)
        if standings is not None:
            payload = json.dumps([list(row) for row in standings])
            self.client.publish("cribbage/%s/standings" % self.club, payload, qos=1, retain=True)

    def _refused(self, where, words):
        with self.lock:
            self.refused.append((where[:120], words[:200]))
            del self.refused[:-REFUSALS_KEPT]

    def pair(self, boards):
        """Pairs the next round and tells each board its game (retained)."""
        with self.lock:
            tables = self.night.pair(boards)
            number = self.night.rounds_paired()
        self._publish_pairings(number, tables)
        return tables

    def _publish_pairings(self, number, tables):
        for board, a, b in tables:
            if b is not None:
                game = {"round": number, "players": [a, b]}
                self.client.publish(
                    topic(self.club, board, "pairing"), json.dumps(game), qos=1, retain=True
                )
