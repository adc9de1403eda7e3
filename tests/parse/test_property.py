"""Any Unicode string in, an item out: the parser never raises."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from refmanager.model import Entry, Reference
from refmanager.parse import parse_entries, parse_reference


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_gives_an_item(text: str) -> None:
    ref = parse_reference(text)
    assert isinstance(ref, Reference)
    assert ref.raw == text
    for tok in ref.tokens:
        assert 0 <= tok.start <= tok.end <= len(text)
    ref.to_csl()


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=300), st.text(max_size=8)
)
def test_entries_with_odd_labels(raw: str, label: str) -> None:
    refs = parse_entries([Entry(raw=raw, label=label)])
    assert len(refs) == 1
    assert refs[0].raw == raw


def test_huge_control_and_rtl_inputs() -> None:
    samples = [
        "",
        " " * 10,
        "\x00\x01\x02\x1b[31m\x7f" * 50,
        "مرجع: محمد علي. عنوان البحث. مجلة العلوم، ٢٠٢٠، ١٢(٣): ٤٥-٦٧.",
        "\u202eSmith J. Reversed title. 2020.\u202c",
        "[1] " + "word " * 20_000,
        "a" * 100_000,
        "\ud800" if False else "\uffff\ufffe",
        "[" * 5000 + "]" * 5000,
        "https://" + "x" * 50_000,
    ]
    for text in samples:
        ref = parse_reference(text)
        assert ref.raw == text
        ref.to_csl()
