import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
import pytest  # noqa: E402

import _paths  # noqa: E402,F401  (firmware/lib and the host stand-ins)

# The tests `bash tools/check quick` leaves out: each over about 1.5 s on 2 cores (the
# durations tools/check prints at the end of every run say when another grows slow). Whole
# files of sweeps and long games, single tests by name, and every test with a browser.
SLOW_FILES = {
    "test_show_exhaustive.py", "test_power_and_properties.py", "test_evening.py",
    "test_littlefs.py", "test_reliability.py", "test_club_board.py", "test_coach_expert.py",
    "test_blind_player.py", "test_nothing_survives.py",
}  # fmt: skip
SLOW_TESTS = {
    "test_the_fast_advice_equals_the_first_search_in_two_thousand_positions_of_real_deals",
    "test_the_slowest_questions_of_the_first_search_get_its_answers",
    "test_a_kept_hands_play_is_the_first_searchs_over_every_four_the_other_may_keep",
    "test_the_table_of_the_pones_leads_equals_the_first_search_hand_by_hand",
    "test_the_standings_page_reads_on_a_phone_and_a_projector",
    "test_thirty_random_nights_never_repeat_an_opponent_that_could_be_avoided",
    "test_results_over_a_broker_that_goes_down_are_recorded_once",
    "test_random_nights_stand_as_the_independent_calculation_says",
    "test_any_line_gets_one_answer_and_a_refused_line_changes_nothing",
    "test_cards_always_add_up_and_a_refused_action_changes_nothing",
    "test_two_thousand_parallel_guesses_change_nothing",
    "test_any_request_is_whole_or_changes_nothing_and_every_200_survives_a_power_cut",
    "test_a_half_sent_request_is_dropped_after_the_read_timeout",
    "test_a_phone_that_stops_reading_never_holds_up_the_keys",
    "test_the_pones_lead_from_a_full_hand_matches_the_brute_force",
    "test_play_a_deal_in_the_terminal_quit_and_find_it_again",
    "test_power_cut_at_every_byte_leaves_the_state_of_the_last_complete_entry",
    "test_a_cycle_an_upward_import_and_rules_on_storage_are_each_caught",
    "test_the_laptops_coach_and_play_advice_are_on_the_simulators_page_not_the_boards",
    "test_a_home_network_says_the_address_once_it_has_one",
    "test_a_refused_settings_save_clears_the_earlier_saved",
    "test_a_hostile_evening_leaves_nothing_held_and_the_board_answering",
    "test_paired_phones_are_listed_and_forgotten_and_eight_kept_at_most",
}


def pytest_collection_modifyitems(items):
    for item in items:
        name = item.name.split("[")[0]
        if (
            item.path.name in SLOW_FILES
            or name in SLOW_TESTS
            or "browser" in getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.slow)
