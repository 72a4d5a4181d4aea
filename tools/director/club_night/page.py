"""The director's standings page and its server: the PIN guarded against guessing, the
Host header checked, the changes taken as JSON."""

import json
import threading

from club_night.night import ClubError

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(club)s: standings</title>
<style>
body{margin:0;padding:1rem;background:#1d140c;color:#f3ead8;font:1.1rem/1.4 system-ui,sans-serif}
h1{font-size:1.6rem;margin:.2rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%%;max-width:60rem;font-size:clamp(1rem,2.4vw,1.8rem)}
th,td{padding:.3rem .6rem;text-align:right;border-bottom:1px solid #5a4330}
th:nth-child(2),td:nth-child(2){text-align:left}caption{text-align:left;color:#d8c8a8}
a{color:#ffd28a}
</style></head><body><main>
<h1>%(club)s: standings after %(games)d games</h1>%(broker)s
<table><caption>Game points (2 a win, 3 a skunk), then games won, then spread.
Updated every 5 seconds.</caption>
<thead><tr><th scope="col">place</th><th scope="col">player</th><th scope="col">points</th>
<th scope="col">won</th><th scope="col">spread</th><th scope="col">played</th></tr></thead>
<tbody>%(rows)s</tbody></table>
<h2>Round %(round)d</h2><ul>%(tables)s</ul>
%(results)s%(refused)s<p><a href="/standings.csv">Download the standings (CSV)</a></p>
</main>
<script>
// The standings follow the night: every 5 s the page's content is fetched again and put in
// place, without reloading (no jump, focus and scrolling kept).
setInterval(function(){fetch("/").then(function(r){return r.text()}).then(function(t){
var fresh=new DOMParser().parseFromString(t,"text/html").querySelector("main");
if(fresh)document.querySelector("main").innerHTML=fresh.innerHTML}).catch(function(){})},5000);
</script>
</body></html>
"""


def escape(text):
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def table_state(night, number, board, states):
    """A table's state in words: reported (its result's id), refused and why, playing, or
    waiting (for its board's earlier game, or to begin)."""
    result = night.db.execute(
        "SELECT id, score_a, score_b FROM results WHERE round = ? AND board = ?", (number, board)
    ).fetchone()
    if result is not None:
        return "reported %d-%d (result %s)" % (result[1], result[2], result[0])
    refusal = night.db.execute(
        "SELECT words FROM refusals WHERE round = ? AND board = ? ORDER BY made DESC",
        (number, board),
    ).fetchone()
    if refusal is not None:
        return "refused: %s (the result command records it by hand)" % refusal[0]
    game = night.next_games().get(board)
    if game is not None and game[0] < number:
        return "waiting: the board plays round %d's game first" % game[0]
    state = states.get(board)
    if state is None:
        return "waiting: the board has not been heard from"
    if state["refused"]:
        return "the board refused its pairing: %s" % state["refused"]
    if state["round"] == number and state["phase"] not in ("", "new match", "match over"):
        scores = state["scores"]
        return "playing%s" % (" (%d-%d)" % tuple(scores) if scores else "")
    return "waiting for the game to begin"


def page(night, club, refused=(), down_since=None, states=None):
    rows = "".join(
        "<tr><td>%d</td><td>%s</td><td>%d</td><td>%d</td><td>%+d</td><td>%d</td></tr>"
        % (place, escape(name), points, won, spread, played)
        for place, name, points, won, spread, played in night.standings()
    )
    number = night.rounds_paired()
    seated = night.seated(number)
    states = states or {}
    tables = "".join(
        "<li>%s: %s</li>"
        % (
            escape(board),
            escape(
                "%s v %s: %s" % (a, b, table_state(night, number, board, states))
                if b
                else "%s has the bye" % a
            ),
        )
        for board, a, b in seated
    )
    games = night.games()
    values = {"club": escape(club), "games": len(games), "rows": rows}
    values["results"] = (
        "<h2>Results</h2><ul>%s</ul>"
        % "".join(
            "<li>round %d, %s: %s %d, %s %d (result %s)</li>"
            % (number_, escape(board), escape(a), score_a, escape(b), score_b, escape(game_id))
            for game_id, number_, board, a, b, score_a, score_b, _ in games
        )
        if games
        else ""
    )
    values["broker"] = (
        '<p role="alert">The broker is not answering (since %s): the boards keep their'
        " results and send them once it is back.</p>" % escape(down_since)
        if down_since
        else ""
    )
    # A board's own result refused is kept in the night's file (it outlives a restart of
    # serve) and shown with its round and ID; anything else refused, as it came.
    kept = night.refusals()
    told = {("cribbage/%s/%s/result" % (club, board), words) for _, _, board, words in kept}
    shown = [("round %d, %s (result %s)" % (n, board, game_id), words)
             for game_id, n, board, words in kept[::-1]]  # fmt: skip
    shown += [line for line in refused[::-1] if tuple(line) not in told]
    values["refused"] = (
        "<h2>Messages refused</h2><ul>%s</ul>"
        % "".join("<li>%s: %s</li>" % (escape(where), escape(words)) for where, words in shown)
        if shown
        else ""
    )
    values.update({"round": number, "tables": tables or "<li>not paired yet</li>"})
    return PAGE % values


class PinGuard:
    """Wrong PINs, counted across every connection: at most WRONG_PER_ADDRESS a minute from
    one address and WRONG_IN_ALL a minute from all addresses together. Past the first, that
    address's PINs are refused unread (429) for the rest of the minute; past the second,
    every address's but those that gave the right PIN tonight, so a director already signed
    in is never slowed by another's guesses (a new one waits for the minute to end). An
    8-digit PIN guessed all night (12 hours) is found with a chance under
    WRONG_IN_ALL x 720 / 10^8: about 0.04 %."""

    WRONG_PER_ADDRESS = 10
    WRONG_IN_ALL = 60

    def __init__(self, pin, clock=None):
        import time

        self.pin = pin.encode()
        self.clock = clock or time.monotonic
        self.lock = threading.Lock()
        self.minute = None
        self.wrong = {}  # address -> wrong PINs this minute
        self.trusted = set()  # addresses that gave the right PIN tonight

    def check(self, address, given):
        """None when `given` is the PIN; otherwise (status, words)."""
        import hmac

        with self.lock:
            minute = int(self.clock() // 60)
            if minute != self.minute:
                self.minute, self.wrong = minute, {}
            mine = self.wrong.get(address, 0)
            if mine >= self.WRONG_PER_ADDRESS or (
                address not in self.trusted and sum(self.wrong.values()) >= self.WRONG_IN_ALL
            ):
                wait = 60 - int(self.clock()) % 60
                return 429, "too many wrong PINs: try again in %d s" % wait
            if hmac.compare_digest(given.encode(), self.pin):
                self.trusted.add(address)
                return None
            self.wrong[address] = mine + 1
            return 403, "the director's PIN is wrong"


def page_host_is_ours(host_header):
    """The page answers to an address, localhost or this computer's own name: a web page of
    another name (DNS rebinding) reads nothing and changes nothing."""
    import ipaddress
    import socket

    name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    name = name.strip("[]").lower()
    if name in (
        "localhost",
        socket.gethostname().lower(),
        socket.gethostname().lower() + ".local",
    ):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def _field(body, key, kind, default=None):
    """body[key], of exactly `kind` (a bool is no number), or ClubError in words."""
    value = body.get(key, default)
    if type(value) is not kind:
        names = {list: "a list", str: "text", int: "a whole number"}
        raise ClubError("%s: %s" % (key, names[kind]))
    return value


def change(night, path, body):
    """The director's change from the page (the lock held), every field checked by type
    before any is used: a change refused changes nothing."""
    allowed = {"/api/correct": ("pin", "id", "scores", "reason"),
               "/api/players": ("pin", "add", "leave")}[path]  # fmt: skip
    unknown = [key for key in body if key not in allowed]
    if unknown:
        raise ClubError("not a field of %s: %s" % (path, str(unknown[0])[:40]))
    if path == "/api/correct":
        scores = _field(body, "scores", list)
        if len(scores) != 2 or any(type(score) is not int for score in scores):
            raise ClubError("scores: the two sides' scores, whole numbers")
        night.correct(_field(body, "id", str), scores[0], scores[1], _field(body, "reason", str))
        return
    names = _field(body, "add", list, [])
    leaving = _field(body, "leave", str, "") if "leave" in body else ""
    if not names and not leaving:
        raise ClubError("add: a list of names, or leave: a name")
    checked = [night.check_new(name) for name in names]  # all the names or none
    if len(set(checked)) != len(checked):
        raise ClubError("add: a name given twice")
    if leaving:
        night.leave(leaving)
    for name in checked:
        night.add(name)


def make_page_server(bridge, host, port, pin):
    """An HTTP server of the standings (GET /, /standings.csv, /api/standings) and the
    director's changes (POST /api/correct, /api/pair, /api/players: JSON with the PIN)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    night, club = bridge.night, bridge.club
    guard = PinGuard(pin)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, body, kind="application/json"):
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def refused_here(self):
            """The words a request from another site or name gets, or None."""
            if not page_host_is_ours(self.headers.get("Host", "")):
                return 421, "this page answers to its own address, not %s" % (
                    self.headers.get("Host", "")[:60]
                )
            origin = self.headers.get("Origin")
            if origin is not None and origin.split("://", 1)[-1] != self.headers.get("Host"):
                return 403, "a change comes from this page's own address, not %s" % origin[:60]
            return None

        def do_GET(self):
            refused = self.refused_here()
            if refused is not None:
                return self.answer(refused[0], json.dumps({"error": refused[1]}))
            with bridge.lock:
                if self.path == "/":
                    shown = page(
                        night, club, list(bridge.refused), bridge.down_since, dict(bridge.states)
                    )
                    return self.answer(200, shown, "text/html; charset=utf-8")
                if self.path == "/standings.csv":
                    return self.answer(200, night.csv(), "text/csv; charset=utf-8")
                if self.path == "/api/standings":
                    return self.answer(200, json.dumps([list(r) for r in night.standings()]))
            self.answer(404, json.dumps({"error": "no page %s" % self.path[:60]}))

        def do_POST(self):
            refused = self.refused_here()
            if refused is None and self.headers.get_content_type() != "application/json":
                refused = 415, "the director's changes are sent as application/json"
            if refused is not None:
                return self.answer(refused[0], json.dumps({"error": refused[1]}))
            try:
                length = int(self.headers.get("Content-Length", "0"))
                if not 0 <= length <= 4096:
                    raise ClubError("a request body holds 4096 bytes at most")
                body = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(body, dict):
                    raise ClubError("a JSON object is expected")
            except (ValueError, ClubError) as error:
                return self.answer(400, json.dumps({"error": str(error)}))
            wrong = guard.check(self.client_address[0], str(body.get("pin", "")))
            if wrong is not None:
                return self.answer(wrong[0], json.dumps({"error": wrong[1]}))
            try:
                if self.path == "/api/pair":
                    tables = bridge.pair(_field(body, "boards", list))
                    return self.answer(200, json.dumps({"tables": tables}, ensure_ascii=False))
                if self.path not in ("/api/correct", "/api/players"):
                    return self.answer(404, json.dumps({"error": "no page %s" % self.path[:60]}))
                with bridge.lock:
                    change(night, self.path, body)
            except ClubError as error:
                return self.answer(400, json.dumps({"error": str(error)}, ensure_ascii=False))
            bridge.publish_changes()
            with bridge.lock:
                standings = [list(r) for r in night.standings()]
            self.answer(200, json.dumps({"standings": standings}))

    return ThreadingHTTPServer((host, port), Handler)
