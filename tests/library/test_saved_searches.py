"""Saved searches."""

from __future__ import annotations

import pytest

from refmanager.library import Library
from refmanager.model import InputError


def test_saved_searches(filled: Library) -> None:
    filled.saved_searches.save_search("recent", "year:>=2020")
    filled.saved_searches.save_search("Recent", "year:>=2021")  # same name, any case: replaced
    saved = filled.saved_searches.saved_searches()
    assert [(s.name, s.query) for s in saved] == [("recent", "year:>=2021")]
    with pytest.raises(InputError):
        filled.saved_searches.save_search("bad", "(year:")
    filled.saved_searches.delete_saved_search("recent")
    assert filled.saved_searches.saved_searches() == []
