# The coach's and the play's advice on the board, for the page (net.web's Board asks it):
# loaded on the first question, so a page that is never asked for advice never holds its
# code. The tables are read from beside the board's lib/ folder (cribbage.tables).
import asyncio
from errno import ENOENT

from cards import name
from net.web_http import WebError

NO_PLAY_TABLE = (
    "the play's advice reads a table this board does not have (%s): crib-deploy copies it,"
    " with the coach's extra installed (pip install -e '.[coach]')"
)
NO_ROOM_FOR_PLAY = (
    "the play's advice keeps a table of 426,300 bytes in memory, more than this board has free"
    " now: a board with PSRAM (the ESP32-S3 reference) has the room"
)
NO_LEADS_TABLES = (
    "a throw's worth in the play reads the tables of the pone's leads, which this board does"
    " not have (%s): a board with 16 MB of flash holds them, and crib-deploy copies them"
    " there; the simulator's page counts it on a laptop"
)
NO_EXPERT_TABLE = (
    "the coach against a sensible player's throw reads a table this board does not have"
    " (%s): crib-deploy copies it, with the coach's extra installed"
    " (pip install -e '.[coach]'); the coach against any two cards works without it"
)


async def coach(board, cards, pone, opponent, play):
    """The coach against a sensible player's throw (opponent "expert", from the expert
    table: cribbage/expert.py) or any two cards, with each throw's play counted in its
    net when `play` (from the tables of the pone's leads: cribbage/play_advice.py), worked
    out here, the keys and the LEDs running between its steps."""
    if opponent == "expert":
        from cribbage import expert

        path = _table(board.expert_table, expert.TABLE_FILE)
        steps = expert.advising(cards, not pone, path)
    else:
        steps = _uniform_throws(cards, not pone)
    try:
        rows = await _stepped(steps)
    except OSError as error:
        raise WebError(501, NO_EXPERT_TABLE % error) from None
    if play:
        await asyncio.sleep(0)
        rows = _with_play(rows, kept_plays(board, cards, rows, pone), pone)
    answer = []
    for index in range(len(rows)):
        row = rows[index]
        thrown, hand, hand_cases, crib, crib_den = row[:5]
        throw = throw_figures(thrown, hand / hand_cases, crib / crib_den, pone)
        if opponent == "expert":
            throw["uniform_crib"] = round(row[5] / row[6], 3)
            net = throw_net(hand, hand_cases, row[5], row[6], pone)
            throw["uniform_net"] = round(net, 3)
        if play:
            total, mine, theirs = row[-1]
            throw["net"] = round(throw_net(hand, hand_cases, crib, crib_den, pone) + (
                mine - theirs) / total, 3)  # fmt: skip
            throw["play"] = round((mine - theirs) / total, 3)
            throw["play_you"] = round(mine / total, 3)
            throw["play_them"] = round(theirs / total, 3)
        answer.append(throw)
    return {"opponent": opponent, "play": play, "throws": answer}


def kept_plays(board, cards, rows, pone):
    from cribbage import play_advice, play_search

    keeps = [[card >> 2 for card in cards if card not in row[0]] for row in rows]
    unseen = [4] * 13
    for card in cards:
        unseen[card >> 2] -= 1
    blank = board.play_tables[1] if board.play_tables else play_search.new_work()
    leads = _table(board.leads_table, play_advice.LEADS_FILE)
    best = _table(board.best_leads_table, play_advice.BEST_FILE)
    try:
        return play_advice.kept_plays(keeps, unseen, pone, blank, leads, best)
    except OSError as error:
        raise WebError(501, NO_LEADS_TABLES % error) from None


async def peg(board, cards, seen):
    """Which card to lay now, in the game's play, worked out here (cribbage/play_advice.py)
    for the player whose turn it is, the keys and the LEDs running between its steps."""
    from cribbage import play_advice

    match = board.app.history.state if board.app.mode == 0 else None
    try:
        position = play_advice.position_in_game(match, cards, seen)
    except ValueError as error:
        raise WebError(409, str(error)) from None
    if board.play_tables is None:
        path = _table(board.count_starts_table, play_advice.TABLE_FILE)
        try:
            board.play_tables = play_advice.load_table(path)
        except OSError as error:
            raise WebError(501, NO_PLAY_TABLE % error) from None
        except MemoryError:
            raise WebError(501, NO_ROOM_FOR_PLAY) from None
    total, rows = 0, None
    if play_advice.leading_from_four(position):
        path = _table(board.leads_table, play_advice.LEADS_FILE)
        try:
            total, rows = play_advice.lead_from_table(position, board.play_tables, path)
        except OSError as error:
            if error.args and error.args[0] != ENOENT:  # a damaged table; none: searched
                raise WebError(501, NO_PLAY_TABLE % error) from None
    if rows is None:
        total, rows = await _stepped(play_advice.advising(position, board.play_tables))
    if not rows:
        return {"cards": [], "go": "no card you hold fits at %d" % position[3]}
    answer = []
    for rank, mine, theirs in rows:
        card = [card for card in cards if card >> 2 == rank][0]
        answer.append({
            "card": name(card, False),
            "net": round((mine - theirs) / total, 3),
            "you": round(mine / total, 3),
            "them": round(theirs / total, 3),
        })  # fmt: skip
    return {"cards": answer}


async def _stepped(steps):
    """A generator's answer, the keys and the LEDs running between two of its steps."""
    try:
        while True:
            next(steps)
            await asyncio.sleep(0)
    except StopIteration as done:
        return done.value


def _table(override, file):
    """Where a table is: `override` (the tests'), else beside the board's lib/ folder."""
    from cribbage import tables

    return override or tables.path(file)


def _uniform_throws(cards, dealer):
    """The coach against any two cards in steps, as expert.advising gives its rows: (thrown,
    hand sum, hand cases, crib sum, crib cases), best first."""
    from cribbage.discard import ranked, throws

    found = []
    for throw in throws(cards):
        found.append(throw)
        yield
    return ranked(found, dealer)


def _with_play(rows, plays, pone):
    """The rows, each with its play (total, mine, theirs) after it, best first again by the
    net with the play (exact: integers over one denominator; a tie keeps the order before)."""
    keyed = []
    for index in range(len(rows)):
        _, hand, hand_cases, crib, crib_den = rows[index][:5]
        total, mine, theirs = plays[index]
        sign = -1 if pone else 1
        net = (hand * crib_den + sign * crib * hand_cases) * total
        net += (mine - theirs) * hand_cases * crib_den
        keyed.append((-net, index))
    keyed.sort()
    return [tuple(rows[index]) + (plays[index],) for _, index in keyed]


def throw_net(hand, hand_cases, crib, crib_den, pone):
    """A throw's net without its play: the hand's mean and the crib's taken away as pone,
    added as dealer."""
    return hand / hand_cases + (-crib if pone else crib) / crib_den


def throw_figures(thrown, mean_hand, mean_crib, pone):
    """A throw as the coach answers it: the cards, the hand's and the crib's means and the
    net (the crib taken away as pone, added as dealer), to a thousandth."""
    net = mean_hand + (-mean_crib if pone else mean_crib)
    return {
        "thrown": [name(card, False) for card in thrown],
        "hand": round(mean_hand, 3),
        "crib": round(mean_crib, 3),
        "net": round(net, 3),
    }
