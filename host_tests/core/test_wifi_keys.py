# The board's keys for the web page: hold 0 spells the PIN on the count LEDs, hold 9 turns
# Wi-Fi off, to the board's own access point, to the home network, kept on the flash.
import wifi
from board_rig import Rig
from check import raises
from memstore import MemoryStore

WHITE = (64, 64, 64)  # the count LEDs' white at the configured brightness


def count_leds(rig):
    """Which tens and which units LEDs are lit white."""
    layout = rig.app.layout
    tens = [i for i in range(3) if rig.colour(layout.tens_led + i) == WHITE]
    units = [i for i in range(9) if rig.colour(layout.units_led + i) == WHITE]
    return tens, units


def at(rig, ms):
    rig.wait(rig.app.overlay.spell_start + ms - rig.now)


def test_hold_0_spells_the_pin_digit_by_digit_with_a_dark_gap_between():
    store = MemoryStore()
    wifi.set_pin(store, "4021")
    rig = Rig(store)
    rig.hold("0")
    assert rig.lines[-1] == "web PIN 4021; Wi-Fi is off (hold 9 to turn it on)"
    seen = []
    for digit in range(4):
        at(rig, digit * 1200 + 600)
        seen.append(count_leds(rig))
        at(rig, digit * 1200 + 1000)  # the gap: nothing lit
        assert count_leds(rig) == ([], [])
    # 4 as four units; 0 as one ten (the keypad's 0 is ten); 2; 1.
    assert seen == [([], [0, 1, 2, 3]), ([0], []), ([], [0, 1]), ([], [0])]
    at(rig, 4 * 1200 + 100)
    assert not rig.app.overlay.spelled and count_leds(rig) == ([], [])
    assert rig.match.phase is None  # the held 0 entered nothing


def test_hold_9_turns_wifi_to_the_access_point_and_off_kept_across_a_restart():
    store = MemoryStore()
    rig = Rig(store)
    assert wifi.choice(rig.app.config, store)[0] == "off"
    rig.hold("9")
    assert rig.lines[-2:] == [
        "Wi-Fi: access point",
        "the page is served when the board starts with Wi-Fi on",
    ]
    assert wifi.choice(Rig(store).app.config, store)[0] == "access point"  # kept
    rig.hold("9")  # no home network entered yet: straight back to off
    assert rig.lines[-1] == "Wi-Fi: off"
    wifi.save(rig.app.config, store, "off", "Kitchen", "12345678")
    rig.hold("9")
    rig.hold("9")
    assert rig.lines[-2] == "Wi-Fi: home"
    assert wifi.choice(rig.app.config, store) == ("home", "Kitchen", "12345678")


def test_bad_wifi_choices_are_refused_and_change_nothing():
    store = MemoryStore()
    rig = Rig(store)
    config = rig.app.config
    wifi.save(config, store, "home", "Kitchen", "")  # an open home network
    for args, words in (
        (("upstairs",), "mode: one of ('off', 'access point', 'home')"),
        (("home", "x" * 33), "a network's name is 32 bytes at most"),
        (("home", "Kitchen", "short"), "a Wi-Fi password is 8 to 63 characters"),
        (("home", ""), "home: enter the network's name first"),
    ):
        assert str(raises(ValueError, wifi.save, config, store, *args)).startswith(words)
    assert wifi.choice(config, store) == ("home", "Kitchen", "")
    assert str(raises(ValueError, wifi.set_pin, store, "12a4")) == "a PIN is 4 digits"
