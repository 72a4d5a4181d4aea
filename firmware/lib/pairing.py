# Which phones may change the game: only those a player allowed at the board itself. A page
# asks to pair; the board spells the request's two-digit code on the count LEDs and says it
# on its console; holding 0 on the board within PAIR_WINDOW_MS hands that one page a token
# of 128 random bits, which it sends with every change. A second request while one waits
# cancels both: a hold never pairs a phone nobody at the table can tell apart.
#
# The board keeps only each token's hash (the first 16 bytes of its SHA-256), at most
# MAX_PHONES of them, in one journal record: power-safe, and a damaged file is kept aside
# and said at the boot (modes.boot) like every journal. No token, request id or hash ever
# appears in an answer other than the one that hands a token to the page that asked.
import os
from binascii import hexlify
from hashlib import sha256

from clock import ticks_diff
from journal import Journal
from micropython import const

FILE = "phones.log"
MAX_PHONES = const(8)  # a ninth phone paired drops the one paired longest ago
TOKEN_BYTES = const(16)  # 128 random bits
_HASH_BYTES = const(16)
NAME_BYTES = const(12)  # a phone's name as the page gives it ("Anna's phone"), cut to this
PAIR_WINDOW_MS = const(30000)  # how long a request waits for hold 0 on the board
ID_CHARS = const(6)  # a paired phone is named to the page by its hash's first 6 hex digits


class PairError(ValueError):
    pass


def _hash(token_text):
    return sha256(token_text.encode()).digest()[:_HASH_BYTES]


def _id(hashed):
    return hexlify(hashed).decode()[:ID_CHARS]


def _hex_text(text, chars):
    if not isinstance(text, str) or len(text) != chars:
        return False
    for char in text:
        if char not in "0123456789abcdef":
            return False
    return True


class Phones:
    """The paired phones (kept on flash) and the one pairing request that may wait."""

    def __init__(self, store):
        self.journal = Journal(store, FILE)
        self.hashes = []  # type: list  # oldest first
        self.names = []  # type: list
        # The waiting request: [its id, its code, when it was made, the token once granted,
        # the phone's name]
        self.waiting = None  # type: list | None
        self._load()

    def _load(self):
        try:
            record = self.journal.check()  # damage was kept aside and said at the boot
        except OSError:
            record = None
        at = 0
        while record is not None and at + _HASH_BYTES < len(record):
            size = record[at + _HASH_BYTES]
            end = at + _HASH_BYTES + 1 + size
            if end > len(record):
                break
            self.hashes.append(bytes(record[at : at + _HASH_BYTES]))
            self.names.append(bytes(record[at + _HASH_BYTES + 1 : end]).decode())
            at = end

    def _keep(self, hashes, names):
        """Writes the phones given, then takes them as the board's: OSError (the flash
        refused) leaves the phones as they were."""
        record = b""
        for index in range(len(hashes)):
            name = names[index].encode()
            record += hashes[index] + bytes([len(name)]) + name
        self.journal.rewrite([record] if record else [])
        self.hashes, self.names = hashes, names

    # -- the page's side -------------------------------------------------------------------

    def paired(self, token):
        """True for a token the board handed out and still keeps."""
        return _hex_text(token, 2 * TOKEN_BYTES) and _hash(token) in self.hashes

    def ask(self, name, now):
        """A page asks to pair: returns (request id, code). PairError when another request
        waits (both are then cancelled)."""
        if self.waiting is not None and not self._expired(now):
            self.waiting = None
            raise PairError(
                "another phone asked to pair at the same moment: neither is paired; ask again"
            )
        cut = name.encode()[:NAME_BYTES]
        while True:
            try:
                name = cut.decode() or "phone"  # not cut inside a character
                break
            except UnicodeError:
                cut = cut[:-1]
        request = hexlify(os.urandom(TOKEN_BYTES)).decode()
        code = "%02d" % (10 + int.from_bytes(os.urandom(2), "big") % 90)
        self.waiting = [request, code, now, None, name]
        return request, code

    def collect(self, request, now):
        """The token for the page whose request was granted (handed once), None while it
        still waits. PairError when it expired or is not the request waiting."""
        waiting = self.waiting
        if waiting is None or not _hex_text(request, 2 * TOKEN_BYTES) or request != waiting[0]:
            raise PairError("no such pairing request: ask again")
        if waiting[3] is not None:
            self.waiting = None
            return waiting[3]
        if self._expired(now):
            self.waiting = None
            raise PairError("nobody held 0 on the board in time: ask again")
        return None

    def seconds_left(self, now):
        if self.waiting is None:
            return 0
        return max(0, (PAIR_WINDOW_MS - ticks_diff(now, self.waiting[2])) // 1000)

    def _expired(self, now):
        waiting = self.waiting
        return waiting is None or ticks_diff(now, waiting[2]) >= PAIR_WINDOW_MS

    def listed(self, token):
        """The paired phones for the page: [{id, name, this}], oldest first."""
        mine = _hash(token) if _hex_text(token, 2 * TOKEN_BYTES) else b""
        return [
            {
                "id": _id(self.hashes[index]),
                "name": self.names[index],
                "this": self.hashes[index] == mine,
            }
            for index in range(len(self.hashes))
        ]

    def revoke(self, phone_id):
        """Forgets the paired phone with that id; PairError when none has it."""
        for index in range(len(self.hashes)):
            if _id(self.hashes[index]) == phone_id:
                self._keep(
                    self.hashes[:index] + self.hashes[index + 1 :],
                    self.names[:index] + self.names[index + 1 :],
                )
                return
        raise PairError("no paired phone has the id %s" % str(phone_id)[:ID_CHARS])

    # -- the board's side ------------------------------------------------------------------

    def grant(self, now):
        """Hold 0 on the board: pairs the page waiting, if one is. Returns its (code, name),
        or None when no request waits. OSError when the flash refuses (nothing paired)."""
        waiting = self.waiting
        if waiting is None or waiting[3] is not None or self._expired(now):
            return None  # an expired request stays for its page to be told why
        token = hexlify(os.urandom(TOKEN_BYTES)).decode()
        first = 1 if len(self.hashes) >= MAX_PHONES else 0  # the one paired longest ago goes
        self._keep(self.hashes[first:] + [_hash(token)], self.names[first:] + [waiting[4]])
        waiting[3] = token
        return waiting[1], waiting[4]
