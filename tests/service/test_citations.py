"""Copy as citation / bibliography in a chosen CSL style (issue 25, item 13)."""

from __future__ import annotations

import pytest

from refmanager.model import InputError, Reference
from refmanager.service import citations

DAO = Reference.from_csl(
    {
        "type": "article-journal",
        "author": [{"family": "Dao", "given": "Tri"}],
        "issued": {"date-parts": [[2022]]},
        "title": "FlashAttention",
        "container-title": "NeurIPS",
        "volume": "35",
        "page": "1-10",
    }
)
VASWANI = Reference.from_csl(
    {
        "type": "paper-conference",
        "author": [{"family": "Vaswani", "given": "Ashish"}],
        "issued": {"date-parts": [[2017]]},
        "title": "Attention is all you need",
    }
)


def test_a_citation_in_an_author_date_and_a_numeric_style() -> None:
    assert citations.format_references([DAO, VASWANI], "apa", False).text == (
        "(Dao, 2022; Vaswani, 2017)"
    )
    assert citations.format_references([DAO, VASWANI], "ieee", False).text == "[1], [2]"


def test_a_bibliography_one_entry_a_line_with_html() -> None:
    out = citations.format_references([DAO, Reference(raw="Just raw text")], "apa", True)
    assert out.text == "Dao, T. (2022). FlashAttention. NeurIPS, 35, 1–10.\nJust raw text\n"
    assert "<i>NeurIPS</i>" in out.html


def test_every_favourite_is_installed_and_an_unknown_style_is_an_input_error() -> None:
    installed = set(citations.style_ids())
    assert len(installed) > 2000
    assert set(citations.FAVOURITE_STYLES) <= installed
    assert citations.style_title("apa").startswith("APA")
    with pytest.raises(InputError, match="no such style"):
        citations.format_references([DAO], "no-such-style", True)
