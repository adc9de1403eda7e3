"""Gold labels of a LibreOffice-printed corpus document, from the entries' text (no
LibreOffice needed here)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from refmanager.pdf.layout import Line
from tools.corpus import office
from tools.corpus.gold import GoldError
from tools.corpus.office import _entries, label_by_text

ENTRIES = [
    "1. Lopez L, Kim B. Language memory in the wild. J Things. 2001;3:1–9.",
    "2. Diallo E. Verification is all you need. Expert Syst Appl. 2019;12:5–6.",
]


def _lines() -> list[Line]:
    return [
        Line(1, "Body text that cites [1] and goes on.", 72, 540, 700, 11),
        Line(1, "Bibliography", 72, 200, 670, 14),
        Line(1, "1. Lopez L, Kim B. Language memory in the wild. J Things.", 72, 540, 650, 11),
        Line(1, "1 A footnote at the foot of the page.", 72, 400, 90, 9),
        Line(1, "1", 300, 306, 50, 10),
        Line(2, "2001;3:1–9.", 90, 200, 760, 11),
        Line(2, "2. Diallo E. Verification is all you need. Expert Syst Appl.", 72, 540, 748, 11),
        Line(2, "2019;12:5–6.", 90, 200, 736, 11),
        Line(2, "Appendix: more text", 72, 300, 700, 14),
        Line(2, "2", 300, 306, 50, 10),
    ]


def test_the_lines_that_spell_each_entry_are_its_lines() -> None:
    labels = label_by_text(_lines(), "Bibliography", ENTRIES)
    assert labels == [
        "other",
        "head",
        "start",
        "other",
        "furn",
        "in",
        "start",
        "in",
        "other",
        "furn",
    ]


def test_lines_that_do_not_spell_the_entries_reject_the_document() -> None:
    lines = _lines()
    lines[6] = Line(2, "2. Diallo E. Something else entirely.", 72, 540, 748, 11)
    with pytest.raises(GoldError, match="entry 2"):
        label_by_text(lines, "Bibliography", ENTRIES)
    with pytest.raises(GoldError, match="heading"):
        label_by_text(_lines(), "References", ENTRIES)


def test_entry_texts_come_from_pandocs_tree() -> None:
    def para(*words: str) -> dict[str, object]:
        inlines: list[dict[str, object]] = []
        for w in words:
            inlines += [{"t": "Str", "c": w}, {"t": "Space"}]
        return {"t": "Para", "c": inlines[:-1]}

    ref = {
        "t": "Div",
        "c": [["ref-k1", ["csl-entry"], []], [para("Lopez", "L.", "(2001).")]],
    }
    emph = {"t": "Para", "c": [{"t": "Emph", "c": [{"t": "Str", "c": "Title"}]}]}
    ref2 = {"t": "Div", "c": [["ref-k2", ["csl-entry"], []], [emph]]}
    blocks = [para("Body"), {"t": "Div", "c": [["refs", [], []], [ref, ref2]]}]
    assert _entries(blocks) == ["Lopez L. (2001).", "Title"]


# The word processors' layouts (office.PARAGRAPHS) set on pandoc's ODT.
_CONTENT = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    "<office:document-content><office:automatic-styles/><office:body><office:text>"
    '<text:p text:style-name="Text_20_body">Body text.</text:p>'
    '<text:h text:style-name="Heading_20_1">References</text:h>'
    '<text:section text:name="refs">'
    '<text:section text:name="ref-a"><text:p text:style-name="First_20_paragraph">A.</text:p>'
    "</text:section>"
    '<text:section text:name="ref-b"><text:p text:style-name="Text_20_body">B.</text:p>'
    "</text:section></text:section>"
    '<text:h text:style-name="Heading_20_1">Appendix</text:h>'
    '<text:p text:style-name="Text_20_body">After the list.</text:p>'
    "</office:text></office:body></office:document-content>"
)


def _odt(path: Path, content: str = _CONTENT) -> Path:
    with zipfile.ZipFile(path, "w") as out:
        out.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        out.writestr("content.xml", content)
    return path


@pytest.mark.parametrize("kind", sorted(office.PARAGRAPHS))
def test_only_the_lists_paragraphs_are_set(tmp_path: Path, kind: str) -> None:
    odt = _odt(tmp_path / "doc.odt")
    office.set_paragraphs(odt, kind)
    with zipfile.ZipFile(odt) as src:
        assert src.namelist()[0] == "mimetype"
        content = src.read("content.xml").decode("utf-8")
    style = f'style:name="{office._ENTRY_STYLE}"'
    assert style in content
    for name, value in office.PARAGRAPHS[kind].items():
        assert f'{name}="{value}"' in content
    entries = f'<text:p text:style-name="{office._ENTRY_STYLE}">'
    assert content.count(entries) == 2
    # The text before and after the list keeps its style.
    assert '<text:p text:style-name="Text_20_body">Body text.</text:p>' in content
    assert '<text:p text:style-name="Text_20_body">After the list.</text:p>' in content


def test_an_odt_without_a_list_is_refused(tmp_path: Path) -> None:
    odt = _odt(tmp_path / "doc.odt", _CONTENT.replace('text:name="refs"', 'text:name="x"'))
    with pytest.raises(GoldError):
        office.set_paragraphs(odt, "spacing")
