# A classic ESP32 DevKit (ESP32-WROOM-32, no PSRAM) on stock MicroPython (ESP32_GENERIC): the
# LEDs and the keys with Wi-Fi off. Its heap (about 110 KB) holds the game but not the phone
# page (docs/figures.md). hardware/README.md has its pin map and the reasons for each pin.
# Not used: the flash pins (6-11), the serial console (1, 3), the strapping pins 0, 2 and 12
# (12 held high at reset selects 1.8 V flash and the board does not start). Two strapping
# pins are used, safely: GPIO 5 (the LED data line: sampled at reset for an SDIO timing that
# MicroPython does not use; the strip's input does not pull it) and, with buttons,
# GPIO 15 (a button held down through a reset only silences the boot messages).
CHIP = "ESP32"  # as the board names itself (sys.implementation._machine ends "with ESP32")
LED_PIN = 5  # the strip's data line, through a 330 ohm resistor
KEYPAD_ROW_PINS = (13, 14, 27, 26)  # pulled low one at a time, open-drain: never driven high
KEYPAD_COL_PINS = (25, 33, 32, 4)  # read with pull-ups
# With INPUT = "buttons": keypad key name -> GPIO, one push button per key between the pin and
# GND (internal pull-ups; 34-39 have none, so they are not used).
BUTTON_PINS = {
    "1": 13, "2": 15, "3": 14, "A": 27,
    "4": 26, "5": 25, "6": 33, "B": 32,
    "7": 4, "8": 16, "9": 17, "C": 18,
    "*": 19, "0": 21, "#": 22, "D": 23,
}  # fmt: skip
# What the DevKit draws from 5 V besides the LEDs, in mA: Wi-Fi off, Wi-Fi on (average; its
# transmit peaks are carried by the strip's capacitor). Sources in hardware/README.md.
CHIP_MA = (80, 130)
