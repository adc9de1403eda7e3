"""The word lists kept as data (``model/data/words.json``) are read whole, once."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from refmanager.model.words import word_list


def test_each_list_is_one_string_of_distinct_words_with_what_it_is_for() -> None:
    text = resources.files("refmanager.model").joinpath("data/words.json").read_text("utf-8")
    for name, entry in json.loads(text).items():
        words = entry["words"].split()
        assert entry["about"] and len(words) == len(set(words)) == len(word_list(name))


def test_the_lists_hold_what_their_users_expect() -> None:
    assert {"the", "without", "those"} <= word_list("key-function-words")
    assert {"und", "les", "using"} <= word_list("title-stopwords")
    assert {"per", "than", "zu"} <= word_list("title-small-words")
    with pytest.raises(KeyError):
        word_list("no-such-list")
