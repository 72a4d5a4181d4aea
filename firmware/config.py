# The one file a builder edits: pins, the LED strip and how its LEDs sit under the holes,
# colours and power. Everything else is derived from these numbers (board/layout.py).
# Defaults: the seed's board, an ESP32 DevKit, a WS2812 strip and a 4x4 matrix keypad.

# -- Pins (GPIO numbers) ----------------------------------------------------------------
LED_PIN = 5  # the strip's data line, through a 330 ohm resistor
INPUT = "keypad"  # "keypad": a 4x4 matrix; "buttons": one push button per key
KEYPAD_ROW_PINS = (13, 14, 27, 26)  # driven low one at a time
KEYPAD_COL_PINS = (25, 33, 32, 4)  # read with pull-ups
# With INPUT = "buttons": keypad key name -> GPIO, one push button per key between the
# pin and GND (internal pull-ups). GPIO 12 is avoided: held high at boot it breaks flash.
BUTTON_PINS = {
    "1": 13, "2": 15, "3": 14, "A": 27,
    "4": 26, "5": 25, "6": 33, "B": 32,
    "7": 4, "8": 16, "9": 17, "C": 18,
    "*": 19, "0": 21, "#": 22, "D": 23,
}  # fmt: skip

# -- The holes --------------------------------------------------------------------------
ROWS = 4  # rows of holes; two per track
HOLES_PER_ROW = 30
TRACKS = 2  # one per player or partnership; 3 adds a 60-LED track for a third player
# Row order across the board: the track of side 0 runs up row 0 (outer) and back down
# row 1 (inner); side 1 up row 3 (outer) and down row 2 (inner); a third track up row 4
# and down row 5. Each side's first hole is at the lower end of its outer row.

# The drilling drawing (tools/board_picture.py --drill): hole spacing and size, in mm.
HOLE_PITCH_MM = 8
HOLE_DIAMETER_MM = 5  # a 5 mm LED, or a light pipe over an SMD strip
TRACK_GAP_MM = 14
GROUP_GAP_MM = 4  # the wider gap after every five holes, as on a wooden board

# -- The strip --------------------------------------------------------------------------
# Where each row's first LED (the lower end) sits on the strip, and whether the strip runs
# through that row from the upper end instead (the usual zig-zag wiring).
ROW_START = (0, 59, 60, 119, 150, 209)
ROW_REVERSED = (False, True, False, True, False, True)
START_HOLES = (120, 121, 122)  # one per side: the pegs before the first point
GAME_HOLE = 123
STATUS_START = 124  # the status area: STATUS_LEDS LEDs in a line
STATUS_LEDS = 26
STRIP_LENGTH = 150  # 210 for three tracks (rows 4 and 5 at 150..209)

# -- Light and power --------------------------------------------------------------------
BRIGHTNESS = 64  # 0..255, the front peg's level; the rest is scaled from it
CURRENT_BUDGET_MA = 500  # what a USB port gives; the renderer dims to stay under it
MA_PER_CHANNEL = 20  # one WS2812 colour channel at full brightness
MA_IDLE_PER_LED = 1  # a WS2812 draws this even when dark

# -- Colours (R, G, B at full level) -------------------------------------------------------
# Blue, orange and a pale yellow-white: told apart by people with the common colour-vision
# deficiencies (the Okabe-Ito palette), never red against green.
SIDE_COLOURS = ((0, 114, 178), (230, 159, 0), (240, 228, 66))
ERROR_COLOUR = (213, 94, 0)  # vermillion, shown flashing
MARK_COLOUR = (24, 24, 24)  # skunk lines: fainter than the dim white of the count

# -- Timing -----------------------------------------------------------------------------
KEY_POLL_MS = 10
DEBOUNCE_MS = 30
LONG_PRESS_MS = 700
WATCHDOG_MS = 8000
DATA_FOLDER = "/data"  # the journals; on the board's littlefs

# -- Wi-Fi and the web page ----------------------------------------------------------------
# Off unless set here: "off", "access point" (an open network named HOSTNAME, for a table
# with no router) or "home" (join WIFI_NAME). The page needs a board with PSRAM; the board
# answers at http://cribbage.local/ and at its address, which the console prints.
WIFI = "off"
HOSTNAME = "cribbage"
WIFI_NAME = ""
WIFI_PASSWORD = ""
