# What the board waits for, shown outside the play on the nine units LEDs of the status line
# (one LED per sign, white; printed under them on the faceplate). In the play the same LEDs
# show the running count. The faceplate's words for them are tools/maker/faceplate.py's, one per
# sign (a test checks every sign here has its words).
from micropython import const

STARTER = const(1)  # key the starter's rank
SUIT = const(2)  # the starter's rank is keyed: now its suit
HAND = const(3)  # a hand the board cannot count: D, then its points
CRIB = const(4)  # key the crib's four ranks
FLUSH = const(5)  # "all four of one suit?" # yes, 0 no
STARTER_SUIT = const(6)  # "the starter's suit too?"
NOBS = const(7)  # "a jack of the starter's suit?"
COUNT = const(8)  # # counts the hand
POINTS = const(9)  # points entry open: key the digits (they show on the same LEDs)
