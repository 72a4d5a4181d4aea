# What the board keeps on flash: the file store, the journal of each game, and the undo
# history written to it.
