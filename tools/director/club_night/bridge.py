"""The bridge between the boards' broker and the night: results recorded once however often
they come, in batches, a flood past the inbox dropped and said; each board's next game
published, retained."""

import json
import queue
import threading

from club_night.messages import parse_message, parse_state, topic
from club_night.night import MATCH_GAMES, TARGET, ClubError

BATCH = 500  # results recorded in one commit at most


INBOX = 20000  # messages waiting for the recorder at most (a flood past it is dropped, said)


REFUSALS_KEPT = 50  # the latest refused messages, for the director's page
WATCH_S = 1.0  # how often serve looks for a change another command made to the night's file


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
        self.states = {}  # board -> its live state as it last said it (checked)
        self.published = {}  # board -> the pairing last published to it (a JSON text)
        self.file_version = None  # the night file's data_version when last published
        self.watching = threading.Event()  # set: the watch of the night's file ends
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
        threading.Thread(target=self._watch_file, daemon=True).start()

    def stop(self):
        self.watching.set()
        self.client.disconnect()
        self.client.loop_stop()
        if self.recorder is not None:
            self.inbox.put(None)
            self.recorder.join(10)

    def _connected(self, client, userdata, flags, reason, properties):
        self.down_since = None
        client.subscribe(topic(self.club, "+", "result"), qos=1)
        client.subscribe(topic(self.club, "+", "state"), qos=1)
        # Each board's next game and the standings again, retained: a broker restarted (its
        # retained messages lost with it) still gives a board that starts later its game.
        self.published = {}
        self.publish_changes()

    def _disconnected(self, client, userdata, flags, reason, properties):
        import time

        if self.down_since is None:
            self.down_since = time.strftime("%H:%M:%S")

    def _message(self, client, userdata, message):
        # paho's network thread only queues: the recording (a synced SQLite commit, the
        # standings) is the recorder's, a batch at a time, so a burst costs one commit.
        if message.topic.endswith("/state"):  # a board's live state: kept for the page
            state = parse_state(bytes(message.payload))
            with self.lock:
                self.states[message.topic.split("/")[2]] = state
            return
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
        acks, refused, told, new = [], [], [], False
        with self.lock:
            try:
                for where, payload in batch:
                    board = where.split("/")[2]
                    result = None
                    try:
                        result = parse_message(payload)
                        new = self.night.record(result, board, commit=False) or new
                    except ClubError as error:
                        refused.append((where, str(error), _named(result, board)))
                        continue
                    acks.append((board, result["id"]))
                self.night.db.commit()  # one synced commit, before any ack of the batch
            except BaseException:
                self.night.db.rollback()
                raise
            for where, words, named in refused:
                # A result of this board's own table refused is kept and told its board
                # once (it stops sending it); the same sent again before it heard is not
                # listed twice. Anything else is listed, every time.
                if named is None:
                    told.append((where, words, None))
                elif self.night.refuse(named[0], named[1], where.split("/")[2], words):
                    told.append((where, words, named[0]))
            standings = self.night.standings() if new else None
        for where, words, game_id in told:
            self._refused(where, words)
            if game_id is not None:
                board = where.split("/")[2]
                self.client.publish(
                    topic(self.club, board, "refused"),
                    json.dumps({"id": game_id, "why": words}, ensure_ascii=False), qos=1,
                )  # fmt: skip
        # The board keeps a result (and sends it again) until this says it is recorded: a
        # result the broker took while no club listened is not lost, one sent twice counts once.
        for board, game_id in acks:
            self.client.publish(topic(self.club, board, "recorded"), game_id, qos=1)
        if standings is not None or told:
            self.publish_changes()

    def _refused(self, where, words):
        with self.lock:
            self.refused.append((where[:120], words[:200]))
            del self.refused[:-REFUSALS_KEPT]

    def pair(self, boards):
        """Pairs the next round and tells each board whose earlier game is done its game
        (retained); a board still to play an earlier round's game hears it after that."""
        with self.lock:
            tables = self.night.pair(boards)
        self.publish_changes()
        return tables

    def publish_changes(self):
        """Each board's next game where it changed, and the standings (both retained): after
        a result, a pairing, a correction, from whichever command made it."""
        with self.lock:
            games = self.night.next_games()
            standings = json.dumps([list(row) for row in self.night.standings()])
            self.file_version = self.night.db.execute("PRAGMA data_version").fetchone()[0]
        for board, game in sorted(games.items()):
            if game is None:
                continue  # its last pairing stays retained: a game sent for it is refused
            number, a, b = game
            payload = json.dumps(
                {"round": number, "players": [a, b], "target": TARGET, "games": MATCH_GAMES},
                ensure_ascii=False,  # UTF-8, as the board counts its 256 bytes
            )
            if self.published.get(board) != payload:
                self.published[board] = payload
                self.client.publish(
                    topic(self.club, board, "pairing"), payload, qos=1, retain=True
                )
        self.client.publish("cribbage/%s/standings" % self.club, standings, qos=1, retain=True)

    def _watch_file(self):
        # Another command (pair, result, correct from the command line) commits to the
        # night's file through its own connection: SQLite's data_version changes, and what
        # changed is published within WATCH_S.
        while not self.watching.wait(WATCH_S):
            with self.lock:
                version = self.night.db.execute("PRAGMA data_version").fetchone()[0]
            if version != self.file_version:
                try:
                    self.publish_changes()
                except Exception as error:  # noqa: BLE001  (said; the watch goes on)
                    self._refused("the night's file", "%s: %s" % (type(error).__name__, error))


def _named(result, board):
    """(id, round) of a refused result that names this board's own table, or None."""
    if type(result) is not dict or result.get("board") != board:
        return None
    game_id, number = result.get("id"), result.get("round")
    if type(game_id) is not str or not 0 < len(game_id) <= 64 or type(number) is not int:
        return None
    return game_id, number
