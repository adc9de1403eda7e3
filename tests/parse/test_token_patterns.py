"""Rare patterns are compiled on first use; the tokenizer's two patterns split alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from refmanager.parse.tokens import _TOKEN_RE, _TOKEN_RE_BELOW_CJK, tokenize


def test_a_rare_pattern_is_compiled_on_first_use_only() -> None:
    from refmanager.parse.tokens import lazy_re

    get = lazy_re(r"a(b+)c")
    first = get()
    assert get() is first
    m = first.search("xabbc")
    assert m is not None and m.group(1) == "bb"


_TEXT_CHARS = st.sampled_from(
    [
        *"aZ09 .,:;-/()[]\"'\u2019\u201c\u201d\u00e9\u00b7\u3002\u4dc0\u0e01",
        *("\u3400", "\u4e00", "\u9fff", "\uf900", "\ufaff"),
        *("http://x.org/a", "10.1234/ab", "arXiv:1234.56789"),
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_TEXT_CHARS, max_size=40).map("".join), st.integers(min_value=0, max_value=5))
def test_text_without_cjk_is_split_as_by_the_full_pattern(text: str, start: int) -> None:
    full = _TOKEN_RE()
    expected = [(m.group(), m.span(), m.lastgroup) for m in full.finditer(text, start)]
    got = [(t.text, (t.start, t.end), t.kind) for t in tokenize(text, start)]
    # tokenize trims URL/DOI punctuation into tokens of their own: compare untrimmed kinds
    if all(kind not in ("url", "doi") for _, _, kind in expected):
        assert got == expected
    below = _TOKEN_RE_BELOW_CJK()
    if not text or max(text) < "\u3400":
        assert [(m.group(), m.span(), m.lastgroup) for m in below.finditer(text, start)] == expected
