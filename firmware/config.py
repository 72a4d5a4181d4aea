# The one file a builder edits: pins, the LED strip and how its LEDs sit under the holes,
# colours and power. Everything else is derived from these numbers (board/layout.py).
# Defaults: the reference build: an ESP32-S3 DevKit, one 8 x 32 WS2812B LED panel (LEDS below)
# and a 4x4 matrix keypad.

# -- The board: its chip and pins ----------------------------------------------------------
# One profile per kind of board (firmware/lib/profiles/), chosen by this line: its CHIP, its
# pins (LED_PIN, KEYPAD_ROW_PINS, KEYPAD_COL_PINS, BUTTON_PINS) and what it draws (CHIP_MA).
#   profiles.esp32s3  the reference: an ESP32-S3 module with PSRAM (N16R8; N8R2); runs everything
#   profiles.esp32    a classic ESP32 DevKit without PSRAM: the LEDs and keys, Wi-Fi off
# tools/maker/deploy.py checks the chip named here against the board's. To wire other pins, copy
# a profile, change its numbers and import the copy here.
from profiles.esp32s3 import *  # noqa: F403

INPUT = "keypad"  # "keypad": a 4x4 matrix; "buttons": one push button per key

# -- The holes --------------------------------------------------------------------------
ROWS = 4  # rows of holes; two per track
HOLES_PER_ROW = 30
TRACKS = 2  # one per player or partnership; 3 adds a 60-LED track for a third player
# Row order across the board: the track of side 0 runs up row 0 (outer) and back down
# row 1 (inner); side 1 up row 3 (outer) and down row 2 (inner); a third track up row 4
# and down row 5. Each side's first hole is at the lower end of its outer row.

# The board's face, in mm, and where the keypad sits on it (a 4x4 membrane keypad at the
# right end, measured on one: put yours). The drilling drawing, the faceplate and the page
# are drawn from these; a test fails when anything runs off the board. Three tracks: 140 high.
BOARD_MM = (410, 110)  # width, height
KEYPAD_MM = (69, 77)  # width, height
# The holes (tools/maker/board_picture.py --drill): spacing and size, in mm.
HOLE_PITCH_MM = 8
HOLE_DIAMETER_MM = 5  # a 5 mm LED, or a light pipe over an SMD strip
TRACK_GAP_MM = 14
GROUP_GAP_MM = 4  # the wider gap after every five holes, as on a wooden board

# -- The LEDs: a panel, or single LEDs wired by hand -------------------------------------
# "panel": a flexible WS2812B matrix panel of 8 rows by 32 columns (256 LEDs, 10 mm apart),
#   nothing soldered but its three wires; TRACKS alone lays it out (2 or 3), and the two
#   settings below say how it is wired. The numbers under "The strip" are then not used.
# "hand-wired": 149 (or 210) single LEDs under drilled holes, chained as "The strip" says.
LEDS = "panel"
PANEL_LEDS = 256  # 8 x 32
PANEL_WIRING = "columns"  # its serpentine: "columns" (up and down each column) or "rows"
PANEL_FIRST_LED = "top left"  # where its data input is, seen from the front: top/bottom left/right
PANEL_HOLE_MM = 6  # the faceplate's window over each 5 mm LED (10 mm apart: 4 mm of card between)

# -- The strip --------------------------------------------------------------------------
# Where each row's first LED (the lower end) sits on the strip, and whether the strip runs
# through that row from the upper end instead (the usual zig-zag wiring). Every LED of the
# strip has one place on the board: a hole, a start hole, the game hole or a status LED.
ROW_START = (0, 59, 60, 119, 149, 208)
ROW_REVERSED = (False, True, False, True, False, True)
START_HOLES = (120, 121, 209)  # one per side: the pegs before the first point
GAME_HOLE = 122
STATUS_START = 123  # the status area: STATUS_LEDS LEDs in a line
STATUS_LEDS = 26
STRIP_LENGTH = 149  # 210 for three tracks (rows 4 and 5 at 149..208, the third start at 209)
LED_ORDER = "GRB"  # the order the strip takes its colours in: GRB (WS2812B), RGB (PL9823), ...

# -- Light and power --------------------------------------------------------------------
BRIGHTNESS = 64  # 0..255, the front peg's level; the rest is scaled from it
# What the LEDs may draw: the supply that feeds them less a 10 % margin. Named when deploying
# (crib-deploy --supply usb, or --supply 2A), which leaves it on the board in supply.py, read
# here; a board never named one has the reference's 2 A barrel supply's. The renderer dims the
# LEDs so that they, the dark LEDs' draw and the board's own (CHIP_MA with Wi-Fi on) stay under.
CURRENT_BUDGET_MA = 1800
try:
    from supply import CURRENT_BUDGET_MA  # type: ignore[import-not-found,no-redef]  # noqa: F401,F811
except ImportError:
    pass
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

# -- A club night (docs/club-night.md) -------------------------------------------------------
# With Wi-Fi on the home network, a board in a club sends its finished games to the club's
# MQTT broker and shows its next game. Usually set on the page; here for a first start. CLUB
# is the club's name and CLUB_BOARD this board's (HOSTNAME when empty), each 1 to 24 letters,
# digits, - or _; CLUB_BROKER the broker as "host" or "host:port", and CLUB_PASSWORD its
# password (the user "cribbage"), which the director's club.py prints.
CLUB = ""
CLUB_BOARD = ""
CLUB_BROKER = ""
CLUB_PASSWORD = ""
