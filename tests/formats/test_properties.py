"""Property tests: any text and any names survive an export/import round trip."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refmanager.formats import read_string, to_bibtex, to_csl_json, to_ris
from refmanager.model import Date, Name, Reference

# Printable text without control characters; whitespace runs are normalised by every
# reader (a field is one line of text), so the strategy produces single spaces only.
_CHARS = st.characters(
    blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp", "Zs", "Mn", "Me", "Mc", "Cf"),
)
_WORD = st.text(_CHARS, min_size=1, max_size=12)
_TEXT = st.lists(_WORD, min_size=1, max_size=6).map(" ".join)
_SPECIAL_TEXT = st.lists(
    st.one_of(_WORD, st.sampled_from(["&", "%", "#", "_", "$", "{", "}", "~", "^", "\\", "--"])),
    min_size=1,
    max_size=8,
).map(" ".join)
_FAMILY = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Lo")), min_size=1, max_size=10)


def _names() -> st.SearchStrategy[list[Name]]:
    person = st.builds(lambda f, g: Name(family=f[0].upper() + f[1:], given=g), _FAMILY, _FAMILY)
    literal = st.builds(lambda t: Name(literal=t), _TEXT)
    return st.lists(st.one_of(person, literal), max_size=4)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@st.composite
def references(draw: st.DrawFn) -> Reference:
    ref = Reference(type=draw(st.sampled_from(["article-journal", "book", "report", "article"])))
    ref.author = draw(_names())
    ref.issued = draw(st.one_of(st.none(), st.builds(Date, st.integers(1000, 2100))))
    ref.set("title", _nfc(draw(st.one_of(_TEXT, _SPECIAL_TEXT))))
    ref.set("publisher", _nfc(draw(_TEXT)))
    return ref


def _same(a: Reference, b: Reference) -> None:
    assert _nfc(b.get("title")) == _nfc(a.get("title"))
    assert _nfc(b.get("publisher")) == _nfc(a.get("publisher"))
    assert [_nfc(n.display()) for n in b.author] == [_nfc(n.display()) for n in a.author]
    assert b.issued == a.issued
    assert b.type == a.type


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(references())
def test_bibtex_round_trip_of_any_text(ref: Reference) -> None:
    result = read_string(to_bibtex([ref]), "bibtex")
    assert result.problems == []
    _same(ref, result.references[0])


_BIBTEX_WORDS = st.sampled_from(["and", "And", "AND", "others", "Others", "OTHERS"])


@st.composite
def _names_with_bibtex_words(draw: st.DrawFn) -> Name:
    """A person whose name parts hold BibTeX's own words (``and``, ``others``)."""
    word = st.one_of(_BIBTEX_WORDS, st.from_regex(r"[A-Z][a-z]{0,8}", fullmatch=True))
    family = draw(word)
    given = " ".join(draw(st.lists(word, max_size=3)))
    suffix = draw(st.one_of(st.just(""), _BIBTEX_WORDS))
    return Name(family=family, given=given, suffix=suffix)


@settings(max_examples=150, deadline=None)
@given(st.lists(_names_with_bibtex_words(), min_size=1, max_size=4))
def test_bibtex_round_trip_of_names_holding_and_or_others(authors: list[Name]) -> None:
    ref = Reference(type="book", author=authors)
    result = read_string(to_bibtex([ref]), "bibtex")
    assert result.problems == []
    back = result.references[0].author
    assert [n.display() for n in back] == [n.display() for n in authors]
    # a family name alone and braced (``{and}``) reads back as a literal name; the rest
    # come back part for part
    assert [b for b, a in zip(back, authors, strict=True) if a.given] == [
        a for a in authors if a.given
    ]


@settings(max_examples=100, deadline=None)
@given(references())
def test_ris_and_csl_json_round_trip_of_any_text(ref: Reference) -> None:
    for fmt, text in (("ris", to_ris([ref])), ("csl-json", to_csl_json([ref]))):
        result = read_string(text, fmt)
        assert result.problems == []
        back = result.references[0]
        assert back.get("title") == ref.get("title")
        assert [n.display() for n in back.author if n.literal] == [
            n.display() for n in ref.author if n.literal
        ] or fmt == "ris"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_reading_arbitrary_text_never_crashes(text: str) -> None:
    for fmt in ("bibtex", "ris"):
        try:
            read_string(text, fmt)
        except Exception as exc:  # only InputError is allowed out
            assert type(exc).__name__ == "InputError", repr(exc)
