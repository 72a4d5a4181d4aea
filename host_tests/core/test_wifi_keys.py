# The board's keys for the web page: hold 0 pairs the phone whose page asks (its code spelled
# on the count LEDs), else spells the address; hold 9 turns Wi-Fi off, to the board's own
# access point, to the home network, kept on the flash.
import pairing
import wifi
import wifi_choice
from board_rig import Rig
from check import raises
from memstore import MemoryStore


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


def test_hold_0_pairs_the_phone_that_asks_and_spells_its_code_digit_by_digit():
    store = MemoryStore()
    rig = Rig(store)
    phones = pairing.Phones(store)
    rig.app.radio = Radio(phones)
    request, code = phones.ask("Anna", rig.now)
    rig.app.overlay.spell(bytes([ord(code[0]) - 48, ord(code[1]) - 48]), rig.now)
    seen = []
    for digit in range(2):
        at(rig, digit * 1200 + 600)
        seen.append(count_leds(rig))
        at(rig, digit * 1200 + 1000)  # the gap: nothing lit
        assert count_leds(rig) == ([], [])
    units = [int(code[0]) - 1, int(code[1]) - 1]
    assert [s[1][-1] if s[1] else -1 for s in seen] == [u if u >= 0 else -1 for u in units]
    assert phones.collect(request, rig.now) is None  # still waiting
    rig.hold("0")
    assert rig.lines[-1] == "phone paired: Anna (code %s); paired phones: 1" % code
    token = phones.collect(request, rig.now)
    assert len(token) == 32 and phones.paired(token)
    assert not phones.paired("0" * 32) and not phones.paired(token.upper())
    again = pairing.Phones(store)  # a restart keeps the phone, hashed
    assert again.paired(token) and token.encode() not in bytes(store.files[pairing.FILE])
    assert rig.match.phase is None  # the held 0 entered nothing


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
    rig.hold("0")
    assert phones.hashes == []
    assert str(raises(pairing.PairError, phones.collect, request, rig.now)) == (
        "nobody held 0 on the board in time: ask again"
    )
    radio_off = Rig(MemoryStore())
    radio_off.hold("0")
    assert radio_off.lines[-1] == "Wi-Fi is off (hold 9 to turn it on)"


def test_the_board_serves_its_page_on_port_80_of_every_interface():
    # Checked without binding it: the tests serve on 127.0.0.1 at a free port instead.
    assert (wifi.Radio.HOST, wifi.Radio.PORT) == ("0.0.0.0", 80)


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
