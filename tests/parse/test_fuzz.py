"""Fuzzing the field parser (issue 26): any text gives references, never an exception
(bounded examples; ``benchmarks/fuzz.py`` runs longer)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import parsed

_PIECES = st.sampled_from(
    ["Smith, J.", "and", "(2020)", "1e23", "pp. 1-9", "doi:10.1000/x", "\x00", "{", "}",
     "\u202e", "中文", "[1]", "Vol. 3", "https://x.org/a", "et al.", "—", "\t", "   "]
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.one_of(st.text(max_size=20), _PIECES), max_size=20).map(" ".join))
def test_the_parser_takes_any_text(text: str) -> None:
    parsed(text)


@pytest.mark.parametrize("text", ["3.", "[12]", "12. ", "(3)"])
def test_a_label_alone_parses_to_its_number(text: str) -> None:
    from refmanager.parse.parser import parse_text

    ref, _ = parse_text(text)  # (no rule may fail on an entry with no tokens but its label)
    assert ref.citation_number in (3, 12)
