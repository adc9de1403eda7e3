"""Parsing (refmanager extract) imports neither training-only modules nor unused regexes."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from refmanager.parse.tokens import _TOKEN_RE, _TOKEN_RE_BELOW_CJK, tokenize


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_tagging_does_not_import_tempfile_or_fractions() -> None:
    out = _run(
        """
        import sys
        from refmanager.parse import parse_reference
        ref = parse_reference("J. Smith and A. Doe. A title of a paper. Journal 3(2):1-9, 2020.")
        assert ref.get("title") and ref.type != "document", ref
        print(sorted(m for m in ("tempfile", "fractions") if m in sys.modules))
        """
    )
    assert out == "[]"


def test_stand_ins_resolve_to_the_real_modules() -> None:
    out = _run(
        """
        import os
        from refmanager.parse.tagger import _import_pycrfsuite
        pycrfsuite = _import_pycrfsuite()
        from pycrfsuite import _logparser, _pycrfsuite
        import fractions, tempfile  # imported afterwards: the real modules
        assert type(tempfile).__name__ == "module" and hasattr(tempfile, "mkstemp")
        assert _logparser.fractions.Fraction(1, 2) == fractions.Fraction(1, 2)
        fd, name = _pycrfsuite.tempfile.mkstemp()
        os.close(fd)
        os.remove(name)
        assert _pycrfsuite.tempfile.mkstemp is tempfile.mkstemp
        print("ok")
        """
    )
    assert out == "ok"


def test_stand_in_used_before_anyone_imports_the_module() -> None:
    out = _run(
        """
        import sys
        from refmanager.parse.tagger import _import_pycrfsuite
        _import_pycrfsuite()
        from pycrfsuite import _logparser
        assert "fractions" not in sys.modules
        assert _logparser.fractions.Fraction(3, 6) == _logparser.fractions.Fraction(1, 2)
        import fractions
        assert fractions.Fraction is _logparser.fractions.Fraction
        print("ok")
        """
    )
    assert out == "ok"


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
