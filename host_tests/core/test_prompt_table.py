# One table says what the board waits for (ui.crib_prompts): the dispatch's copy of it in
# ui.crib_keys and the states' numbers there must be the table's own.
import ui.crib_keys as ck
import ui.crib_prompts as cp


def test_the_dispatch_takes_exactly_the_keys_the_table_names_and_shows_its_signs():
    assert ck._DISPATCH == cp.dispatch_tables()


def test_every_state_has_its_entry_and_every_key_a_meaning():
    table = cp.table()
    assert len(table) == cp.STATES
    for sign, keys in table:
        assert 0 <= sign <= 9
        names = [key for key, _ in keys]
        assert len(names) == len(set(names))  # one meaning per key
        for key, meaning in keys:
            assert meaning and (key in cp.KEYS or key in ("hold #", "hold *"))
