"""Parsing (refmanager extract) imports neither training-only modules nor unused regexes."""

from __future__ import annotations

import subprocess
import sys
import textwrap


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
        from refmanager.parse.parser import _import_pycrfsuite
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
        from refmanager.parse.parser import _import_pycrfsuite
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
