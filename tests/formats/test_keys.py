"""Citation keys: the one rule (a pattern, default ``[auth][year][title]``) and unique keys
within an export."""

from __future__ import annotations

import pytest

from refmanager.formats.keys import (
    DEFAULT_PATTERN,
    KeyMaker,
    base_key,
    check_pattern,
    clean_key,
    key_from_pattern,
)
from refmanager.model import Date, InputError, Name, Reference


def _ref(family: str, year: int | None, title: str) -> Reference:
    ref = Reference(author=[Name(family=family, given="X")], issued=Date(year) if year else None)
    ref.set("title", title)
    return ref


def test_key_is_author_year_first_significant_title_word() -> None:
    ref = _ref("Dao", 2022, "FlashAttention: Fast and memory-efficient exact attention")
    assert base_key(ref) == "dao2022flashattention"
    assert base_key(_ref("Müller", 2001, "The art of U-Net")) == "muller2001art"
    assert base_key(_ref("Łukasiewicz", 1920, "O logice trójwartościowej")) == (
        "lukasiewicz1920logice"
    )


def test_key_falls_back_without_author_year_or_latin_letters() -> None:
    assert base_key(Reference()) == "anon"
    assert base_key(_ref("张", None, "深度学习")) == "anon"
    corporate = Reference(author=[Name(literal="The World Health Organization")])
    assert base_key(corporate) == "world"
    edited = Reference(editor=[Name(family="Knuth", given="D.")], issued=Date(1984))
    assert base_key(edited) == "knuth1984"


def test_existing_citation_key_is_kept_but_cleaned() -> None:
    ref = _ref("Dao", 2022, "Flash")
    ref.set("citation-key", "Dao:2022 {flash}")
    assert base_key(ref) == "Dao:2022flash"


def test_collisions_get_letter_suffixes_in_order_case_insensitively() -> None:
    maker = KeyMaker()
    a = _ref("Dao", 2022, "Flash attention")
    keys = [maker.key(a) for _ in range(28)]
    assert keys[:3] == ["dao2022flash", "dao2022flasha", "dao2022flashb"]
    assert keys[26] == "dao2022flashz"
    assert keys[27] == "dao2022flashaa"
    assert len(set(keys)) == 28
    upper = _ref("Dao", 2022, "Flash")
    upper.set("citation-key", "DAO2022FLASH")
    assert maker.key(upper).lower() not in {k.lower() for k in keys}


def test_suffixed_key_does_not_clash_with_a_later_natural_key() -> None:
    maker = KeyMaker()
    assert maker.key(_ref("Li", 2020, "A")) == "li2020"
    assert maker.key(_ref("Li", 2020, "The")) == "li2020a"
    natural = _ref("Li", 2020, "x")
    natural.set("citation-key", "li2020a")
    assert maker.key(natural) == "li2020aa"


def test_keys_are_deterministic() -> None:
    refs = [_ref("Wang", 2020, f"Title {i % 3}") for i in range(10)]
    first = [KeyMaker().key(r) for r in refs[:1]]
    maker1, maker2 = KeyMaker(), KeyMaker()
    assert [maker1.key(r) for r in refs] == [maker2.key(r) for r in refs]
    assert first == ["wang2020title"]


def _item(**item: object) -> Reference:
    return Reference.from_csl({"type": "article-journal", **item})


DAO = _item(
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
        # a hyphenated word stays whole ("Memory-Efficient"): the one rule of every export,
        # where this pattern used to cut it ("fastmemory"; decision 0020)
        ("[auth]_[shorttitle]", "dao_flashattentionfastmemoryefficient"),
        ("[Auth][ShortTitle]", "DaoFlashattentionFastMemoryefficient"),
        ("[auth] [Title]", "daoFlashattention"),  # the space is no key character
    ],
)
def test_fields(pattern: str, key: str) -> None:
    assert key_from_pattern(DAO, check_pattern(pattern)) == key


def test_the_default_gives_the_keys_formats_keys_makes() -> None:
    refs = [
        DAO,
        _item(title="The Art of Computer Programming", author=[{"family": "Knuth"}]),
        _item(
            title="Über die Grundlagen",
            author=[{"family": "Müller"}],
            issued={"date-parts": [[1931]]},
        ),
        _item(title="A b", editor=[{"literal": "The World Bank"}]),
        _item(title=""),
    ]
    for ref in refs:
        assert key_from_pattern(ref) == base_key(ref)


def test_a_hyphenated_title_word_is_kept_whole() -> None:
    # the library's exports used to cut it ("ronneberger2015net") while `parse --format
    # bibtex` kept it; one rule now (decision 0020)
    unet = _item(
        title="U-Net: Convolutional networks",
        author=[{"family": "Ronneberger"}],
        issued={"date-parts": [[2015]]},
    )
    assert key_from_pattern(unet) == base_key(unet) == "ronneberger2015unet"
    assert key_from_pattern(unet, "[shorttitle]") == "unetconvolutionalnetworks"


def test_few_authors_and_no_year() -> None:
    two = _item(title="X", author=[{"family": "Vaswani"}, {"family": "Shazeer"}])
    assert key_from_pattern(two, "[authors][year]") == "vaswanishazeer"
    assert key_from_pattern(_item(), "[auth][year][title]") == "anon"


@pytest.mark.parametrize("bad", ["", "  ", "[nope]", "plain text", "[auth", "auth]", "[auth]]"])
def test_bad_patterns_are_input_errors(bad: str) -> None:
    with pytest.raises(InputError, match="key pattern"):
        check_pattern(bad)


def test_clean_key() -> None:
    assert clean_key("smith 2020, {x}") == "smith2020x"
    assert clean_key(" ,{}") == ""
