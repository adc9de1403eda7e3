"""The serial-title abbreviations read from an LTWA table."""

from __future__ import annotations

import gc

from refmanager.parse import abbreviations
from refmanager.parse.abbreviations import is_serial_abbreviation, serial_abbreviations
from tools.fieldcorpus.lexicons import serial_abbreviations as from_table

TABLE = (
    "WORD\tABBREVIATIONS\tLANGUAGE CODES\n"
    "nuclear\tnucl.\teng\n"
    "physics\tphys.\teng\n"
    "journal\tj.\tmul\n"
    "method\tn.a.\teng\n"
    "methodolog-\tmethodol.\tfre, eng\n"
    "methodik-\tmethod.\tger\n"
    "andere\tand.\tger\n"
    "communica-\tcommun., comm.\tfre, eng\n"
)


def test_abbreviations_of_one_letter_whole_words_and_function_words_are_left_out() -> None:
    # "j." reads as an initial; "method" is a whole word too; "and" is a function word
    assert from_table(TABLE) == ["comm", "commun", "methodol", "nucl", "phys"]


def test_the_shipped_list_knows_journal_words_and_not_plain_words() -> None:
    words = serial_abbreviations()
    assert {"nucl", "phys", "biol", "chem", "gynecol"} <= words
    assert not {"and", "the", "j", "method", "model"} & words
    assert is_serial_abbreviation("Nucl")
    assert not is_serial_abbreviation("nucl")  # a lower-case word is a title's


def test_the_shipped_list_is_no_container_the_collector_walks() -> None:
    # the collector's full passes would read all 31,000 strings of a set each time: the
    # list is held where the collector does not track it (asked of the list itself: other
    # modules' word lists, loaded by other tests, may hold "nucl" too)
    assert is_serial_abbreviation("Phys")
    assert not gc.is_tracked(abbreviations._words())
