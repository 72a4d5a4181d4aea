# The board's network: the radio, the page's server and its pairing, the club night's link.
