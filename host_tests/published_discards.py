"""Published discard tables: the mean crib for each two ranks thrown, as printed. Facts
transcribed for comparison with the coach's expert model (tools/coach/coach_expert.py); rows and
columns A 2 3 4 5 6 7 8 9 10 J Q K.

HESSEL_OPPONENTS_CRIB: Craig Hessel's table of the throw to the opponent's crib, computed
over the 18,395 six-card rank hands with optimal throws iterated until the averages settled,
crib flushes left out; published by Michael Schell on Cribbage Forum, "Discarding to
opponent's crib" (http://www.cribbageforum.com/OppCrib.htm).

CRIBBAGE_PRO_OWN_CRIB: the dealer's table of Cribbage Pro (Fuller Systems), "the average
number of points you can expect in your crib, based on the two cards you put in your crib",
from its games; published on the Cribbage Pro blog, 2012
(https://blog.cribbagepro.net/2012/), to one decimal.

SCHELL_OPPONENTS_CRIB: the five throws of Schell's own table to the opponent's crib that the
project's issue quotes (Cribbage Forum's "Schell discard" page); his full tables were not
reachable from here.
"""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

HESSEL_OPPONENTS_CRIB = (
    (6.07, 5.07, 5.17, 5.74, 6.06, 4.93, 4.95, 4.92, 4.66, 4.46, 4.72, 4.41, 4.34),
    (5.07, 6.43, 7.34, 5.44, 6.17, 5.13, 5.12, 5.03, 4.82, 4.64, 4.91, 4.60, 4.53),
    (5.17, 7.34, 6.78, 6.10, 6.85, 4.92, 5.16, 5.08, 4.82, 4.70, 4.97, 4.66, 4.59),
    (5.74, 5.44, 6.10, 6.59, 7.46, 5.47, 4.91, 5.02, 4.75, 4.55, 4.80, 4.49, 4.43),
    (6.06, 6.17, 6.85, 7.46, 9.39, 7.66, 7.08, 6.36, 6.22, 7.46, 7.75, 7.42, 7.31),
    (4.93, 5.13, 4.92, 5.47, 7.66, 7.17, 6.64, 6.05, 6.31, 4.41, 4.61, 4.29, 4.25),
    (4.95, 5.12, 5.16, 4.91, 7.08, 6.64, 7.25, 7.88, 5.46, 4.44, 4.73, 4.44, 4.38),
    (4.92, 5.03, 5.08, 5.02, 6.36, 6.05, 7.88, 6.76, 5.97, 5.02, 4.65, 4.38, 4.31),
    (4.66, 4.82, 4.82, 4.75, 6.22, 6.31, 5.46, 5.97, 6.44, 5.52, 4.98, 4.14, 4.13),
    (4.46, 4.64, 4.70, 4.55, 7.46, 4.41, 4.44, 5.02, 5.52, 6.11, 5.60, 4.65, 3.99),
    (4.72, 4.91, 4.97, 4.80, 7.75, 4.61, 4.73, 4.65, 4.98, 5.60, 6.56, 5.55, 4.89),
    (4.41, 4.60, 4.66, 4.49, 7.42, 4.29, 4.44, 4.38, 4.14, 4.65, 5.55, 5.89, 4.56),
    (4.34, 4.53, 4.59, 4.43, 7.31, 4.25, 4.38, 4.31, 4.13, 3.99, 4.89, 4.56, 5.72),
)

CRIBBAGE_PRO_OWN_CRIB = (
    (5.2, 4.4, 4.6, 5.2, 5.2, 3.7, 3.7, 3.7, 3.3, 3.3, 3.5, 3.3, 3.3),
    (4.4, 5.8, 6.9, 4.6, 5.2, 3.9, 3.9, 3.7, 3.7, 3.6, 3.8, 3.6, 3.6),
    (4.6, 6.9, 5.9, 5.0, 5.9, 3.8, 3.8, 3.9, 3.7, 3.6, 3.9, 3.7, 3.7),
    (5.2, 4.6, 5.0, 5.5, 6.3, 3.9, 3.7, 3.9, 3.6, 3.4, 3.7, 3.5, 3.5),
    (5.2, 5.2, 5.9, 6.3, 8.5, 6.4, 5.8, 5.3, 5.1, 6.3, 6.7, 6.4, 6.3),
    (3.7, 3.9, 3.8, 3.9, 6.4, 5.6, 4.9, 4.6, 4.9, 3.0, 3.2, 3.0, 2.9),
    (3.7, 3.9, 3.8, 3.7, 5.8, 4.9, 5.8, 6.4, 4.0, 3.1, 3.3, 3.1, 3.1),
    (3.7, 3.7, 3.9, 3.9, 5.3, 4.6, 6.4, 5.3, 4.5, 3.7, 3.3, 3.1, 3.0),
    (3.3, 3.7, 3.7, 3.6, 5.1, 4.9, 4.0, 4.5, 4.9, 4.1, 3.7, 2.8, 2.8),
    (3.3, 3.6, 3.6, 3.4, 6.3, 3.0, 3.1, 3.7, 4.1, 4.6, 4.3, 3.3, 2.7),
    (3.5, 3.8, 3.9, 3.7, 6.7, 3.2, 3.3, 3.3, 3.7, 4.3, 5.1, 4.5, 3.8),
    (3.3, 3.6, 3.7, 3.5, 6.4, 3.0, 3.1, 3.1, 2.8, 3.3, 4.5, 4.5, 3.4),
    (3.3, 3.6, 3.7, 3.5, 6.3, 2.9, 3.1, 3.0, 2.8, 2.7, 3.8, 3.4, 4.4),
)

# (rank, rank) -> Schell's mean crib, to the opponent's crib.
SCHELL_OPPONENTS_CRIB = {(4, 4): 9.37, (4, 10): 7.76, (6, 7): 7.63, (0, 0): 6.02, (9, 12): 3.88}
