# The reference board: an ESP32-S3 module with 16 MB of flash and 8 MB of octal PSRAM
# (ESP32-S3-WROOM-1-N16R8, as on an ESP32-S3-DevKitC-1-N16R8), on stock MicroPython
# (ESP32_GENERIC_S3, its SPIRAM_OCT variant); an N8R2 (quad PSRAM, 8 MB of flash) runs it too.
# It runs everything: the LEDs, the keys, Wi-Fi and the phone page. hardware/README.md has
# its pin map and the reasons for each pin; docs/makers-guide.md its flashing steps.
# No pin here is a strapping pin (0, 3, 45, 46), a flash or PSRAM pin (26-32, and 33-37 on
# octal-PSRAM modules), the native USB pair (19, 20), the serial console (43, 44), a pin in the
# flash's voltage domain (47, 48) or the DevKit's own RGB LED (38 or 48).
CHIP = "ESP32S3"  # as the board names itself (sys.implementation._machine ends "with ESP32S3")
LED_PIN = 4  # the strip's data line, through a 330 ohm resistor
KEYPAD_ROW_PINS = (5, 6, 7, 15)  # pulled low one at a time, open-drain: never driven high
KEYPAD_COL_PINS = (16, 17, 18, 8)  # read with pull-ups
# With INPUT = "buttons": keypad key name -> GPIO, one push button per key between the pin and
# GND (internal pull-ups).
BUTTON_PINS = {
    "1": 5, "2": 6, "3": 7, "A": 15,
    "4": 16, "5": 17, "6": 18, "B": 8,
    "7": 9, "8": 10, "9": 11, "C": 12,
    "*": 13, "0": 14, "#": 21, "D": 1,
}  # fmt: skip
# What the module board draws from 5 V besides the LEDs, in mA: Wi-Fi off, Wi-Fi on (average;
# its transmit peaks are carried by the strip's capacitor). Sources in hardware/README.md.
CHIP_MA = (110, 200)
