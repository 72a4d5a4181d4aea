# The board's keys for the web page: hold 0 then the code a phone's page shows pairs that
# phone, else hold 0 spells the address; hold 9 turns Wi-Fi off, to the board's own
# access point, to the home network, kept on the flash.
from board_rig import Rig
from check import raises
from memstore import MemoryStore
from net import pairing, wifi, wifi_choice


class Radio:
    """wifi.Radio's part hold 0 uses, on an address a home network gave."""

    mode = "home"

    def __init__(self, phones):
        self.phones = phones

    def address(self):
        return "192.168.1.40"

    def url(self):
        return "http://cribbage.local/ or http://192.168.1.40/"


WHITE = (64, 64, 64)  # the count LEDs' white at the configured brightness


def count_leds(rig):
    """Which tens and which units LEDs are lit white."""
    layout = rig.app.layout
    tens = [i for i in range(3) if rig.colour(layout.tens_led + i) == WHITE]
    units = [i for i in range(9) if rig.colour(layout.units_led + i) == WHITE]
    return tens, units


def at(rig, ms):
    rig.wait(rig.app.overlay.spell_start + ms - rig.now)


PROMPT = "pairing: key the two digits the phone's page shows, or * to leave"


def test_hold_0_then_the_code_pairs_the_phone_whose_page_shows_it_digit_by_digit():
    store = MemoryStore()
    rig = Rig(store)
    phones = pairing.Phones(store)
    rig.app.radio = Radio(phones)
    request, code = phones.ask("Anna", rig.now, "192.168.1.7")
    other, other_code = phones.ask("Ben", rig.now, "192.168.1.8")
    assert other_code != code  # each request waiting has a code of its own
    rig.hold("0")
    assert rig.lines[-1] == PROMPT
    rig.press(code[0])
    assert rig.lines[-1] == "pairing: %s; its second digit, or * to leave" % code[0]
    at(rig, 600)  # the digit keyed, spelled on the count LEDs as it is keyed
    assert count_leds(rig)[1][-1:] == ([int(code[0]) - 1] if code[0] != "0" else [])
    assert phones.collect(request, rig.now) is None  # still waiting
    rig.press(code[1])
    assert rig.lines[-1] == "phone paired: Anna; its page takes its token now"
    assert phones.hashes == []  # kept once its page takes the token
    token = phones.collect(request, rig.now)
    assert len(token) == 32 and phones.paired(token)
    assert phones.collect(other, rig.now) is None  # Ben's page still waits, unpaired
    assert not phones.paired("0" * 32) and not phones.paired(token.upper())
    again = pairing.Phones(store)  # a restart keeps the phone, hashed
    assert again.paired(token) and token.encode() not in bytes(store.files[pairing.FILE])
    assert rig.match.phase is None  # the held 0 and the code entered nothing


def test_a_wrong_code_pairs_nobody_star_leaves_and_other_keys_change_nothing():
    store = MemoryStore()
    rig = Rig(store)
    phones = pairing.Phones(store)
    rig.app.radio = Radio(phones)
    request, code = phones.ask("Anna", rig.now, "192.168.1.7")
    wrong = "%02d" % (10 + (int(code) - 10 + 1) % 90)
    rig.hold("0")
    for key, long in (("#", False), ("A", False), ("5", True)):
        assert rig.app.press(key, long) == PROMPT  # refused: the code is still awaited
        assert rig.lines[-1] == "error: " + PROMPT and rig.app.pairing == b""
    rig.press(wrong[0])
    rig.press(wrong[1])
    assert rig.lines[-1] == "error: no phone asks to pair with the code %s: none was paired" % (
        wrong
    )
    assert rig.app.refusal is not None and phones.collect(request, rig.now) is None
    rig.hold("0")
    rig.press("*")
    assert rig.lines[-1] == "pairing left: no phone was paired"
    rig.press("#")  # the game's keys again: # starts the new match
    assert rig.match.phase == "cut" and phones.hashes == []


def test_hold_0_with_no_phone_asking_spells_the_address_and_pairs_nobody():
    store = MemoryStore()
    rig = Rig(store)
    phones = pairing.Phones(store)
    rig.app.radio = Radio(phones)
    rig.hold("0")
    assert rig.lines[-1] == (
        "web page: http://cribbage.local/ or http://192.168.1.40/; to pair a phone, press Pair"
        " on the page, then hold 0 here"
    )
    assert rig.app.overlay.spelled == bytes([4, 0])  # 40: four units, then one ten
    assert phones.hashes == []
    request, _ = phones.ask("late", rig.now)
    rig.wait(pairing.PAIR_WINDOW_MS)
    rig.hold("0")  # the window passed: nobody asks any more
    assert rig.lines[-1].startswith("web page: ") and phones.hashes == []
    assert str(raises(pairing.PairError, phones.collect, request, rig.now)) == (
        "no such pairing request: ask again"
    )
    radio_off = Rig(MemoryStore())
    radio_off.hold("0")
    assert radio_off.lines[-1] == "Wi-Fi is off (hold 9 to turn it on)"


def test_requests_wait_side_by_side_one_an_address_and_none_displaces_another():
    store = MemoryStore()
    phones = pairing.Phones(store)
    owner, code = phones.ask("Anna", 0, "192.168.1.7")
    codes = []
    for attempt in range(200):  # one address asking again and again replaces its own
        codes.append(phones.ask("x", attempt, "192.168.1.66")[1])
    assert code not in codes and len(phones.waiting) == 2
    phones.ask("y", 300, "192.168.1.67")
    phones.ask("z", 300, "192.168.1.68")
    refused = raises(pairing.PairError, phones.ask, "w", 300, "192.168.1.69")
    assert str(refused) == "4 phones are asking to pair already: ask again within 30 s"
    assert phones.grant(code, 400) == "Anna"
    phones.ask("x", 500, "192.168.1.66")  # an ask between the grant and the collect
    assert phones.paired(phones.collect(owner, 600))


def test_the_board_serves_its_page_on_port_80_of_every_interface():
    # Checked without binding it: the tests serve on 127.0.0.1 at a free port instead.
    assert (wifi.Radio.HOST, wifi.Radio.PORT) == ("0.0.0.0", 80)
    radio = wifi.Radio(None, Rig(MemoryStore()).app.config, None, None)
    assert radio.url() == "http://cribbage.local/"  # port 80 goes without saying


def test_hold_9_turns_wifi_to_the_access_point_and_off_kept_across_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    assert wifi_choice.choice(rig.app.config, store)[0] == "off"
    rig.hold("9")
    assert rig.lines[-2:] == [
        "Wi-Fi: access point",
        "the page is served when the board starts with Wi-Fi on",
    ]
    assert wifi_choice.choice(Rig(store).app.config, store)[0] == "access point"  # kept
    rig.hold("9")  # no home network entered yet: straight back to off
    assert rig.lines[-1] == "Wi-Fi: off"
    wifi_choice.save(rig.app.config, store, "off", "Kitchen", "12345678")
    rig.hold("9")
    rig.hold("9")
    assert rig.lines[-2] == "Wi-Fi: home"
    assert wifi_choice.choice(rig.app.config, store) == ("home", "Kitchen", "12345678")


def test_bad_wifi_choices_are_refused_and_change_nothing():
    store = MemoryStore()
    rig = Rig(store)
    config = rig.app.config
    wifi_choice.save(config, store, "home", "Kitchen", "")  # an open home network
    for args, words in (
        (("upstairs",), "mode: one of ('off', 'access point', 'home')"),
        (("home", "x" * 33), "a network's name is 32 bytes at most"),
        (("home", "Kitchen", "short"), "a Wi-Fi password is 8 to 63 characters"),
        (("home", ""), "home: enter the network's name first"),
    ):
        assert str(raises(ValueError, wifi_choice.save, config, store, *args)).startswith(words)
    assert wifi_choice.choice(config, store) == ("home", "Kitchen", "")
