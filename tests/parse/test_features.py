"""The CRF's token features (``refmanager.parse.features``)."""

from __future__ import annotations

import re

from refmanager.parse.features import _shape


def test_a_shape_keeps_two_of_each_run_as_its_definition_says() -> None:
    """X, x, d and the other characters of the first 12, with each run of three or more of
    the same cut to two (what ``re.sub(r"(.)\\1{2,}", r"\\1\\1", ...)`` gives)."""
    runs = re.compile(r"(.)\1{2,}")

    def defined(text: str) -> str:
        mapped = "".join(
            "X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c
            for c in text[:12]
        )
        return runs.sub(r"\1\1", mapped)

    words = [
        "Smith", "AAAA", "ÉÉÉÉtat", "ああああい", "a\u0301\u0301\u0301b", "XXXxxx", "O'Neill",
        "state-of-the-art", "LaTeX", "Ab", "", "aaaaaaaaaaaaaaaa", "Mc", "ΣΣΣσσσ", "x--y",
        "IEEEtran", "ⅫⅫⅫ",
    ]  # fmt: skip
    for word in words:
        assert _shape(word) == defined(word), word
    assert _shape("Smith") == "Xxx"


def test_a_minus_sign_in_a_page_range_reads_as_its_dash() -> None:
    from refmanager.parse import parse_reference
    from refmanager.parse.features import features
    from refmanager.parse.tokens import tokenize

    minus = "Ode, J.; Lee, K. Graph Walks. J. Graph Chem. 2020, 142, 1234\u22121240."
    dash = minus.replace("\u2212", "\u2013")
    assert features(tokenize(minus)) == features(tokenize(dash))
    assert parse_reference(minus).get("page") == "1234\u22121240"
