"""Parsing use cases: pasted text, re-parse, output formats."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from refmanager.model import Date, InputError, Name, Reference, Token
from refmanager.service import parsing
from refmanager.service.parsing import (
    RENDER_CHUNK,
    parse_again,
    parse_text,
    render,
    render_pieces,
    split_references,
)

TEXT = (
    "[1] K. Mensah and L. Moreau, \u201cSparse routing for elastic clusters,\u201d "
    "IEEE Transactions on Computers, vol. 71, no. 4, pp. 812\u2013825, 2022.\n"
    "\n"
    "[2] Okafor CN, Silva R. Graph kernels at scale. Journal of Data Systems, 2019, 12(3): 45-67.\n"
)


def test_split_lines_and_paragraphs() -> None:
    assert len(split_references(TEXT)) == 2
    wrapped = (
        "[1] A. Author, \u201cTitle\n  continued,\u201d J. X, 2020.\n\n[2] B. Author. T. 2021."
    )
    paras = split_references(wrapped, paragraphs=True)
    assert len(paras) == 2
    assert "Title continued" in paras[0]
    assert split_references("") == []


def test_parse_text_and_csl_json() -> None:
    refs = parse_text(TEXT)
    assert [r.id for r in refs] == ["ref-1", "ref-2"]
    items = json.loads(render(refs, "csl-json"))
    assert items[0]["citation-number"] == 1
    assert items[0]["_raw"].startswith("[1] K. Mensah")
    assert "_confidence" in items[0] and "_tokens" in items[0]


def _made(count: int) -> list[Reference]:
    refs = []
    for k in range(count):
        ref = Reference(type="article-journal", raw=f"Ode, J. Title {k}. J. {k}.")
        ref.author = [Name(family="Ode", given="J.")]
        ref.issued = Date(2000 + k % 20)
        ref.set("title", f"Title {k}")
        ref.confidence = {"title": 0.5, "_row": 0.25}
        ref.tokens = [Token(0, 3, "author"), Token(3, 4, "O")]
        ref.id = f"ref-{k + 1}"
        refs.append(ref)
    return refs


@pytest.mark.parametrize(
    "count", [0, 1, RENDER_CHUNK - 1, RENDER_CHUNK, RENDER_CHUNK + 1, 2 * RENDER_CHUNK + 3]
)
def test_csl_json_in_chunks_is_one_array(count: int) -> None:
    refs = _made(count)
    expected = json.dumps([r.to_csl() for r in refs], ensure_ascii=False, indent=1) + "\n"
    assert render(refs, "csl-json") == expected
    assert render(iter(refs), "csl-json") == expected


def test_csl_json_takes_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsing, "RENDER_CHUNK", 3)
    taken: list[int] = []

    def refs() -> Iterator[Reference]:
        for k, ref in enumerate(_made(7)):
            taken.append(k)
            yield ref

    pieces = render_pieces(refs(), "csl-json")
    next(pieces)
    assert len(taken) == 3  # the first chunk only: the others are not made yet
    assert "".join([*pieces]).endswith("\n]\n") and len(taken) == 7


def test_csl_json_keeps_few_references_alive() -> None:
    """The command writes each chunk before it parses the next: at most 32 references
    are alive at once (the collector walks every one while it lives, decision 0052)."""
    taken: list[int] = []

    def refs() -> Iterator[Reference]:
        for k, ref in enumerate(_made(100)):
            taken.append(k)
            yield ref

    pieces = render_pieces(refs(), "csl-json")
    next(pieces)
    assert 0 < len(taken) <= 32


@pytest.mark.parametrize(("fmt", "marker"), [("bibtex", "@"), ("ris", "TY  -")])
def test_other_formats(fmt: str, marker: str) -> None:
    out = render(parse_text(TEXT), fmt)
    assert out.count(marker) == 2


def test_unknown_format() -> None:
    with pytest.raises(InputError):
        render([], "docx")


def test_reparse_keeps_identity() -> None:
    old = Reference(
        raw="[9] Okafor CN. Tidal storage. Energy Letters, 2018, 7(2): 33-41.", label="9"
    )
    old.id = "my-id"
    fresh = parse_again([old, Reference()])
    assert fresh[0].id == "my-id"
    assert fresh[0].year == 2018
    assert fresh[1].raw == ""


def test_reparse_sees_the_font_styles_extraction_saw() -> None:
    from refmanager.model import Entry
    from refmanager.parse import parse_entries

    raw = (
        "Eriksen, P. (2011). Growth of Pinus sylvestris on Dry Sand Ridges: a Field Study. "
        "Northern Forest Studies, 12(3):45\u201367."
    )
    styles = [(raw.index("Pinus"), raw.index(" on Dry"), "italic")]
    styles.append((raw.index("Northern"), raw.index(", 12("), "italic"))
    [first] = parse_entries([Entry(raw=raw, styles=styles)])
    assert first.styles == styles
    stored = Reference.from_csl(first.to_csl())
    [again] = parse_again([stored])
    assert again.styles == styles
    assert again.tokens == first.tokens and again.fields == first.fields
