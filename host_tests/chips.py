"""What each chip's pins may do, from Espressif's datasheets (ESP32 Series Datasheet, "Pin
Definitions" and "Strapping Pins"; ESP32-S3 Series Datasheet, the same sections; the
ESP32-S3-WROOM-1 module's datasheet for the pins its flash and PSRAM take): the facts the
board profiles (firmware/lib/profiles/) are checked against."""

CHIPS = {
    "ESP32": {
        "gpios": set(range(0, 20)) | {21, 22, 23, 25, 26, 27} | set(range(32, 40)),
        # 6-11: the module's SPI flash.
        "flash": set(range(6, 12)),
        "inputs only": {34, 35, 36, 37, 38, 39},  # and without pull-ups
        "strapping": {0, 2, 5, 12, 15},
        "console": {1, 3},  # UART0: the USB serial line mpremote talks over
    },
    "ESP32S3": {
        "gpios": set(range(0, 22)) | set(range(26, 49)),
        # 26-32: flash and quad PSRAM; 33-37 too on octal-PSRAM modules (R8); 47 and 48 sit
        # in the flash's voltage domain, 1.8 V on some modules.
        "flash": set(range(26, 38)) | {47, 48},
        "inputs only": set(),
        "strapping": {0, 3, 45, 46},
        "console": {19, 20, 43, 44},  # native USB (D-, D+) and UART0
        "devkit LED": {38, 48},  # the DevKitC-1's RGB LED (v1.1, v1.0)
    },
}


def pin_problems(profile, source):
    """What is wrong with a profile's pins on its chip: [sentence]; empty when nothing.
    source: the profile's text, where a strapping pin it uses must be explained by name."""
    chip = CHIPS[profile.CHIP]
    outputs = [("LED_PIN", profile.LED_PIN)]
    outputs += [("KEYPAD_ROW_PINS", pin) for pin in profile.KEYPAD_ROW_PINS]
    pulled = [("KEYPAD_COL_PINS", pin) for pin in profile.KEYPAD_COL_PINS]
    buttons = [("BUTTON_PINS", pin) for pin in profile.BUTTON_PINS.values()]
    problems = []
    for wiring in (outputs + pulled, outputs[:1] + buttons):
        pins = [pin for _, pin in wiring]
        for pin in sorted(set(pins)):
            if pins.count(pin) > 1:
                problems.append("GPIO %d is used twice" % pin)
    for name, pin in outputs + pulled + buttons:
        if pin not in chip["gpios"]:
            problems.append("%s: GPIO %d does not exist on the %s" % (name, pin, profile.CHIP))
        for kind in ("flash", "console", "devkit LED"):
            if pin in chip.get(kind, ()):
                problems.append("%s: GPIO %d is a %s pin" % (name, pin, kind))
        if pin in chip["inputs only"]:
            problems.append("%s: GPIO %d is an input without a pull-up" % (name, pin))
        if pin in chip["strapping"] and "GPIO %d " % pin not in source:
            problems.append("%s: GPIO %d is a strapping pin nobody explained" % (name, pin))
    return sorted(set(problems))
