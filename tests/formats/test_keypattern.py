"""Citation keys from a pattern the user sets."""

from __future__ import annotations

import pytest

from refmanager.formats.keypattern import (
    DEFAULT_PATTERN,
    check_pattern,
    clean_key,
    key_from_pattern,
)
from refmanager.formats.keys import base_key
from refmanager.model import InputError, Reference


def _ref(**item: object) -> Reference:
    return Reference.from_csl({"type": "article-journal", **item})


DAO = _ref(
    title="FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    author=[
        {"family": "Dao", "given": "Tri"},
        {"family": "Fu"},
        {"family": "Ermon"},
        {"family": "Ré"},
    ],
    issued={"date-parts": [[2022]]},
)


@pytest.mark.parametrize(
    ("pattern", "key"),
    [
        (DEFAULT_PATTERN, "dao2022flashattention"),
        ("[Auth][year]", "Dao2022"),
        ("[auth]:[shortyear]", "dao:22"),
        ("[authors][year]", "daoetal2022"),
        ("[Authors]", "DaoEtAl"),
        ("[auth]_[shorttitle]", "dao_flashattentionfastmemory"),
        ("[Auth][ShortTitle]", "DaoFlashattentionFastMemory"),
        ("[auth] [Title]", "daoFlashattention"),  # the space is no key character
    ],
)
def test_fields(pattern: str, key: str) -> None:
    assert key_from_pattern(DAO, check_pattern(pattern)) == key


def test_the_default_gives_the_keys_formats_keys_makes() -> None:
    refs = [
        DAO,
        _ref(title="The Art of Computer Programming", author=[{"family": "Knuth"}]),
        _ref(
            title="Über die Grundlagen",
            author=[{"family": "Müller"}],
            issued={"date-parts": [[1931]]},
        ),
        _ref(title="A b", editor=[{"literal": "The World Bank"}]),
        _ref(title=""),
    ]
    for ref in refs:
        assert key_from_pattern(ref) == base_key(ref)


def test_few_authors_and_no_year() -> None:
    two = _ref(title="X", author=[{"family": "Vaswani"}, {"family": "Shazeer"}])
    assert key_from_pattern(two, "[authors][year]") == "vaswanishazeer"
    assert key_from_pattern(_ref(), "[auth][year][title]") == "anon"


@pytest.mark.parametrize("bad", ["", "  ", "[nope]", "plain text", "[auth", "auth]", "[auth]]"])
def test_bad_patterns_are_input_errors(bad: str) -> None:
    with pytest.raises(InputError, match="key pattern"):
        check_pattern(bad)


def test_clean_key() -> None:
    assert clean_key("smith 2020, {x}") == "smith2020x"
    assert clean_key(" ,{}") == ""
