# Which phones may change the game: only those a player allowed at the board itself. A page
# asks to pair and is given a two-digit code, shown on that page only; the player holds 0 on
# the board and keys that code: the one request with that code is granted, and its page
# collects a token of 128 random bits, which it sends with every change. The code is never
# said, lit or sent to another page, so a page cannot pair itself by reading it; requests wait
# side by side (one per address, distinct codes), so no page can cancel or replace another's.
#
# The board keeps only each token's hash (the first 16 bytes of its SHA-256), at most
# MAX_PHONES of them, in one journal record: power-safe, and a damaged file is kept aside
# and said at the boot (modes.boot) like every journal. No token, request id or hash ever
# appears in an answer other than the one that hands a token to the page that asked.
import os
from binascii import hexlify
from hashlib import sha256

from clock import ticks_diff
from micropython import const
from storage.journal import Journal

FILE = "phones.log"
MAX_PHONES = const(8)  # a ninth phone paired drops the one paired longest ago
TOKEN_BYTES = const(16)  # 128 random bits
_HASH_BYTES = const(16)
NAME_BYTES = const(12)  # a phone's name as the page gives it ("Anna's phone"), cut to this
PAIR_WINDOW_MS = const(30000)  # how long a request waits for its code keyed on the board
MAX_ASKING = const(4)  # requests waiting at once (each address has one at most)
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
    """The paired phones (kept on flash) and the pairing requests that wait."""

    def __init__(self, store):
        self.journal = Journal(store, FILE)
        self.hashes = []  # type: list  # oldest first
        self.names = []  # type: list
        # The requests: [its id, its code, when it was made, the token once granted, the
        # phone's name, the address it came from], oldest first
        self.waiting = []  # type: list
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

    def ask(self, name, now, address=""):
        """A page asks to pair: returns (request id, code). The address's earlier request,
        if one waits, is replaced. PairError when MAX_ASKING others wait."""
        self._forget_expired(now)
        for asked in self.waiting:
            if asked[5] == address and asked[3] is None:
                self.waiting.remove(asked)
                break
        if len(self.waiting) >= MAX_ASKING:
            raise PairError(
                "%d phones are asking to pair already: ask again within %d s"
                % (MAX_ASKING, PAIR_WINDOW_MS // 1000)
            )
        cut = name.encode()[:NAME_BYTES]
        while True:
            try:
                name = cut.decode() or "phone"  # not cut inside a character
                break
            except UnicodeError:
                cut = cut[:-1]
        request = hexlify(os.urandom(TOKEN_BYTES)).decode()
        taken = [asked[1] for asked in self.waiting]
        while True:
            code = "%02d" % (10 + int.from_bytes(os.urandom(2), "big") % 90)
            if code not in taken:  # the code keyed names one request only
                break
        self.waiting.append([request, code, now, None, name, address])
        return request, code

    def collect(self, request, now):
        """The token for the page whose request was granted (handed once, and only then
        kept on flash), None while it still waits. PairError when it expired or is not a
        request waiting; OSError when the flash refuses (the page may collect again)."""
        asked = self._find(request)
        if asked is None:
            raise PairError("no such pairing request: ask again")
        token = asked[3]
        if token is not None:
            first = 1 if len(self.hashes) >= MAX_PHONES else 0  # the one paired longest ago goes
            self._keep(self.hashes[first:] + [_hash(token)], self.names[first:] + [asked[4]])
            self.waiting.remove(asked)
            return token
        if self._expired(asked, now):
            self.waiting.remove(asked)
            raise PairError("nobody keyed its code on the board in time: ask again")
        return None

    def seconds_left(self, request, now):
        asked = self._find(request)
        if asked is None:
            return 0
        return max(0, (PAIR_WINDOW_MS - ticks_diff(now, asked[2])) // 1000)

    def asking(self, now):
        """How many requests wait for their code on the board."""
        self._forget_expired(now)
        return len([asked for asked in self.waiting if asked[3] is None])

    def _find(self, request):
        if not _hex_text(request, 2 * TOKEN_BYTES):
            return None
        for asked in self.waiting:
            if asked[0] == request:
                return asked
        return None

    def _expired(self, asked, now):
        return ticks_diff(now, asked[2]) >= PAIR_WINDOW_MS

    def _forget_expired(self, now):
        # A granted request waits for its page a window more; an expired one is forgotten
        # (its page is told "no such pairing request: ask again").
        self.waiting = [
            asked for asked in self.waiting
            if ticks_diff(now, asked[2]) < (2 if asked[3] is not None else 1) * PAIR_WINDOW_MS
        ]  # fmt: skip

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

    def grant(self, code, now):
        """The code keyed on the board: grants the request with that code, if one waits.
        Returns the phone's name, or None. Its page collects the token."""
        self._forget_expired(now)
        for asked in self.waiting:
            if asked[1] == code and asked[3] is None:
                asked[3] = hexlify(os.urandom(TOKEN_BYTES)).decode()
                return asked[4]
        return None
