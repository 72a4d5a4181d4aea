"""Published expected-pegging figures, as printed: the mean points each player pegged, from
Cribbage Pro's (Fuller Systems) database of games played by people on its app. Facts
transcribed for comparison with the play's model (tools/coach/peg_advice.py) in
docs/pegging-compared.md (tools/bench/peg_compare.py). Cards are ranks (A 2 ... 10 J Q K).

PONE_QUIZ: "Cribbage Strategy Discard Quiz - Pone Edition", Cribbage Pro blog, 2013-08-01
(http://blog.cribbagepro.net/2013/08/cribbage-strategy-discard-quiz-pone.html): pone dealt
2 3 9 10 J Q (2S 3H 9D 10C JS QH), each of two throws: (the throw, pone's pegging, the
dealer's pegging).

DEALER_QUIZ: "Cribbage Strategy Discard Quiz - Dealer Edition", Cribbage Pro blog,
2013-08-22 (http://blog.cribbagepro.net/2013/08/cribbage-strategy-discard-quiz-dealer.html):
the dealer dealt A 2 3 4 Q K, each of two throws: (the throw, the dealer's pegging, pone's).

PONE_LEADS: "What card should I lead? (part 1)", Cribbage Pro blog, 2012-08
(http://blog.cribbagepro.net/2012/08/what-card-should-i-lead-part-1.html): pone keeping
6 7 8 9, by the card led: (the lead, pone's pegging, the dealer's pegging).
"""

PONE_QUIZ = (("2S 3H 9D 10C JS QH", (("9", "Q"), 1.78, 3.06), (("2", "3"), 1.63, 3.78)),)
DEALER_QUIZ = (("AS 2H 3D 4C QD KH", (("2", "3"), 2.99, 1.56), (("Q", "K"), 3.95, 2.45)),)
PONE_LEADS = (
    ("6 7 8 9", (("6", 1.84, 3.52), ("7", 1.93, 3.68), ("8", 2.07, 3.53), ("9", 1.87, 3.63))),
)
