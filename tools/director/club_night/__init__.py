"""A club night's program, by job: the night's SQLite file and its standings (`night`), the
pairing of a round (`pairing`), the boards' messages checked (`messages`), the MQTT bridge
(`bridge`), the director's page and its server (`page`), the night's own broker kept up
(`serving`); tools/director/club.py is its command line."""
