"""The learned line model's features, training form, decoding and entries."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import LineRow, featurize
from refmanager.pdf.linetrain import entry_spans, pack, read_packed, rows_of, score, train
from refmanager.pdf.segment import entries_from_labels
from refmanager.pdf.zones import tag_lines


def _doc() -> tuple[list[LineRow], list[str]]:
    """A page: body text, a heading, five hanging-indent numbered entries, a page number."""
    rows: list[LineRow] = []
    labels: list[str] = []
    y = 740.0
    for i in range(6):
        rows.append(
            LineRow(1, 0, 72, 540, y, 10, 0, 0, f"Body text line {i} of the paper goes on.")
        )
        labels.append("other")
        y -= 12
    y -= 10
    rows.append(LineRow(1, 0, 72, 160, y, 12, 1.0, 0, "References"))
    labels.append("head")
    y -= 18
    for n in range(1, 6):
        rows.append(
            LineRow(1, 0, 72, 540, y, 10, 0, 0, f"[{n}] A. Author, B. Writer. A title {n},")
        )
        labels.append("start")
        y -= 12
        rows.append(LineRow(1, 0, 90, 400, y, 10, 0, 0, f"Journal of Things, 12:{n}0-{n}9, 2001."))
        labels.append("in")
        y -= 12
    rows.append(LineRow(1, 0, 300, 306, 60, 10, 0, 0, "7"))
    labels.append("furn")
    return rows, labels


def test_features_see_numbering_indents_and_rules() -> None:
    rows, _ = _doc()
    feats = featurize(rows, {1: 792.0})
    assert len(feats) == len(rows)
    second = feats[9]  # "[2] ..." after "[1] ..."
    assert "label.num" in second and "label.next" in second
    assert "rule.heading" in feats[6] and "bold=3" in feats[6]
    hanging = feats[8]
    assert any(f.startswith("indent=") and f != "indent=1" for f in hanging)
    assert "rule.furn" in feats[-1]
    # Numbering goes on after [1]-[4], not after the last entry; a line sees how short
    # the line before it ends.
    assert ["label.cont" in feats[i] for i in (7, 9, 11, 13, 15)] == [True] * 4 + [False]
    assert any(f.startswith("-1:short=") for f in feats[9])


def test_entry_spans_skip_furniture_and_end_with_the_list() -> None:
    labels = ["other", "head", "start", "in", "furn", "in", "start", "other"] + ["other"] * 12
    assert entry_spans(labels) == [(2, 3, 5), (6,)]
    assert entry_spans(["in", "start", "in"]) == [(0,), (1, 2)]
    assert score(["start", "in", "start"], ["start", "start", "start"]) == (1, 2, 3)


def test_training_learns_the_document_and_tags_it(tmp_path: Path) -> None:
    rows, labels = _doc()
    doc = {
        "id": "00001",
        "family": "test",
        "style": "bst:test",
        "page_sizes": {"1": 792.0},
        "lines": [[*vars_of(r), lab] for r, lab in zip(rows, labels, strict=True)],
    }
    folder = tmp_path / "lines"
    folder.mkdir()
    with gzip.open(folder / "00001.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(doc, fh)
    packed = tmp_path / "lines.jsonl.gz"
    assert pack(folder, packed) == 1
    [back] = list(read_packed(packed))
    assert rows_of(back)[1] == labels
    model = tmp_path / "m.crfsuite"
    assert train([back] * 3, model, iterations=50) == 3
    lines = [r.as_line() for r in rows]
    assert tag_lines(lines, {1: 792.0}, model) == labels


def vars_of(r: LineRow) -> list[object]:
    return [r.page, r.column, r.x0, r.x1, r.y, r.size, r.bold, r.italic, r.text]


def test_entries_from_labels_keep_fragments_drop_strays() -> None:
    texts = ["continued tail.", "[1] First entry", "goes on.", "7", "[2] Second.", "Body."]
    texts += ["Appendix text"] * 13 + ["stray line"]
    lines = [Line(1, t, 72, 400, 700 - 12 * i, 10) for i, t in enumerate(texts)]
    labels = ["in", "start", "in", "furn", "start", "other"] + ["other"] * 13 + ["in"]
    entries = entries_from_labels(lines, labels)
    assert [(e.raw, e.label, e.fragment) for e in entries] == [
        ("continued tail.", "", True),
        ("[1] First entry goes on.", "1", False),
        ("[2] Second.", "2", False),
    ]


def test_the_model_ends_the_list_before_an_address_block_and_footer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.pdf import read_bibliography
    from tests.pdf.pdfbuild import Text, column, write_pdf
    from tests.pdf.test_read import BODY

    rows = [
        f"[{n}] A. Author{n}, B. Writer. A title of paper number {n}. Journal of Things,"
        f" {n}(2):1-9, 200{n}."
        for n in range(1, 7)
    ]
    after = [
        "Ana Lopez",
        "Department of Statistics",
        "University of Somewhere",
        "1 Main Street, Springfield",
        "E-mail: ana.lopez@example.org",
        "Journal of Things, published by the Society of Things",
        "Volume 12, Issue 3, March 2020. Submitted 2019-01-02; Accepted 2019-06-07.",
    ]
    page = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 13, "F3"),
        *column(72, 720, rows),
        *column(72, 560, after),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "addr.pdf", [page]))
    assert [e.label for e in bib.entries] == ["1", "2", "3", "4", "5", "6"]
    last = bib.entries[-1].raw
    assert "Department of Statistics" not in last
    assert "Submitted" not in last
    # Without the line model, the rules alone took the addresses as part of the last entry.
    from refmanager.pdf import zones

    monkeypatch.setattr(zones, "available", lambda: False)
    rules = read_bibliography(tmp_path / "addr.pdf")
    assert "Department of Statistics" in rules.entries[-1].raw


def test_the_base_sample_takes_every_family_in_turn() -> None:
    from refmanager.pdf.linetrain import base_sample

    docs = [{"id": f"{f}{i}", "family": f} for f in ("a", "b", "c") for i in range(4)]
    docs += [{"id": "d0", "family": "d"}]
    picked = [d["id"] for d in base_sample(docs, 6)]
    assert picked == ["a0", "b0", "c0", "d0", "a1", "b1"]
    assert len(base_sample(docs, 100)) == len(docs)


def test_training_views_add_short_pieces_around_the_list() -> None:
    from refmanager.pdf.linetrain import views

    rows, labels = _doc()
    pieces = views(rows, labels)[1:]  # the first view is the whole document
    assert pieces and all(len(p) < len(rows) for p, _ in pieces)
    first, last = pieces[0][1], pieces[-1][1]
    assert "head" in first and "start" in first  # the heading and the first entries
    assert last[-1] in ("in", "furn", "other") and "start" in last


def test_a_stacked_model_sees_the_base_labels_of_a_line_and_its_neighbours() -> None:
    from refmanager.pdf.linefeatures import with_base_labels

    feats = with_base_labels([["bias"], ["bias"]], ["head", "start"])
    assert feats[0] == ["bias", "base=head", "base-1=none", "base+1=start", "base.pair=none>head"]
    assert "base=start" in feats[1] and "base-1=head" in feats[1]


def test_decide_keeps_the_rules_where_the_model_is_unsure(tmp_path: Path) -> None:
    from refmanager.pdf.zones import decide

    rows, labels = _doc()
    model = tmp_path / "m.crfsuite"
    doc = {
        "page_sizes": {"1": 792.0},
        "lines": [[*vars_of(r), lab] for r, lab in zip(rows, labels, strict=True)],
    }
    train([doc] * 3, model, iterations=50)
    lines = [r.as_line() for r in rows]
    # The model is sure of this page it was trained on: its labels win over the rules'.
    assert decide(lines, {1: 792.0}, ["other"] * len(lines), model) == labels
    # Without a model there is nothing to decide.
    assert decide(lines, {1: 792.0}, labels, tmp_path / "none.crfsuite") == []


def _stored(doc_id: str, lines: list[tuple[str, float, str]]) -> dict[str, object]:
    """A stored document of ``(text, size, label)`` lines, one under the other."""
    rows = [
        [1, 0, 72.0, 300.0, 700.0 - 12 * i, size, 0.0, 0.0, text, label]
        for i, (text, size, label) in enumerate(lines)
    ]
    return {
        "id": doc_id,
        "family": "f",
        "style": "bst:f",
        "page_sizes": {"1": 792.0},
        "lines": rows,
    }


def test_pack_merges_a_packed_file_tidies_letter_headings_and_drops_key_only_lists(
    tmp_path: Path,
) -> None:
    from refmanager.pdf.linetrain import write_packed

    entry = "A. Author. A title of the entry. Journal, 2001."
    lettered = _stored(
        "00001",
        [
            ("References", 12, "head"),
            ("A", 17, "in"),
            (entry, 10, "start"),
            ("B", 17, "in"),
            (entry, 10, "start"),
            ("that goes on.", 10, "in"),
        ],
    )
    keys_only = _stored("00002", [("References", 12, "head"), ("k1", 10, "start")] * 2)
    packed = tmp_path / "lines.jsonl.gz"
    write_packed([lettered], packed)
    folder = tmp_path / "lines"
    folder.mkdir()
    for doc in (keys_only, _stored("00001", [(entry, 10, "other")] * 2)):
        with gzip.open(folder / f"{doc['id']}.json.gz", "wt", encoding="utf-8") as fh:
            json.dump(doc, fh)
    with gzip.open(folder / "00003.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(_stored("00003", [("References", 12, "head"), (entry, 10, "start")]), fh)

    assert pack(folder, packed, merge=packed) == 2
    docs = {d["id"]: d for d in read_packed(packed)}
    assert sorted(docs) == ["00001", "00003"]  # 00002's entries are only keys
    # The packed 00001 is kept over the build's copy, its letter headings set apart.
    assert rows_of(docs["00001"])[1] == ["head", "other", "start", "other", "start", "in"]


def test_tidy_gives_a_split_label_to_its_entry_and_keeps_only_the_heading() -> None:
    from refmanager.pdf.linetrain import tidy

    entry = "A. Author. A title of the entry. Journal, 2001."
    rows = [
        # page 1: body text, then a footnote the list's start mark came before
        [1, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, "Body text of the paper.", "other"],
        [1, 0, 72.0, 300.0, 100.0, 8.0, 0.0, 0.0, "1 A footnote at the foot.", "head"],
        [1, 0, 300.0, 306.0, 60.0, 10.0, 0.0, 0.0, "1", "furn"],
        # page 2: the heading; each entry's label a piece of its own left of its text
        [2, 0, 72.0, 160.0, 700.0, 12.0, 1.0, 0.0, "Bibliography", "head"],
        [2, 0, 72.0, 90.0, 680.0, 10.0, 0.0, 0.0, "[1]", "head"],
        [2, 0, 100.0, 300.0, 680.0, 10.0, 0.0, 0.0, entry, "start"],
        [2, 0, 72.0, 90.0, 668.0, 10.0, 0.0, 0.0, "[2]", "in"],
        [2, 0, 100.0, 300.0, 668.0, 10.0, 0.0, 0.0, entry, "start"],
        # another column's line on the same baseline is not a label
        [2, 0, 72.0, 300.0, 656.0, 10.0, 0.0, 0.0, entry, "in"],
        [2, 0, 310.0, 540.0, 656.0, 10.0, 0.0, 0.0, entry, "start"],
    ]
    doc = tidy({"id": "1", "lines": rows})
    assert [r[9] for r in doc["lines"]] == [
        "other", "other", "furn", "head", "start", "in", "start", "in", "in", "start",
    ]  # fmt: skip
    # A heading left at the foot of the page before the list stays the heading.
    foot = [
        [1, 0, 72.0, 160.0, 90.0, 12.0, 1.0, 0.0, "References", "head"],
        [2, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
    ]
    assert [r[9] for r in tidy({"id": "2", "lines": foot})["lines"]] == ["head", "start"]
    # A bare page number at the foot of a page is furniture; an entry's last line that is
    # only a number, one line below the rest, is not.
    numbers = [
        [1, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
        [1, 0, 72.0, 300.0, 688.0, 10.0, 0.0, 0.0, entry, "in"],
        [1, 0, 300.0, 306.0, 660.0, 10.0, 0.0, 0.0, "7", "in"],
        [2, 0, 72.0, 300.0, 700.0, 10.0, 0.0, 0.0, entry, "start"],
        [2, 0, 72.0, 100.0, 688.0, 10.0, 0.0, 0.0, "1993", "in"],
    ]
    assert [r[9] for r in tidy({"id": "3", "lines": numbers})["lines"]] == [
        "start", "in", "furn", "start", "in",
    ]  # fmt: skip


def test_features_see_a_small_first_line_indent_wider_gaps_and_flush_lists() -> None:
    # Entries without labels: each entry's first line set in a third of an em, a wider
    # gap between entries than between their lines.
    rows, y = [], 700.0
    for n in range(3):
        rows.append(LineRow(1, 0, 75.5, 540, y, 10, 0, 0, f"Author{n}, A. A title that runs on"))
        rows.append(LineRow(1, 0, 72, 300, y - 12, 10, 0, 0, "and on. Journal, 2001."))
        y -= 30
    feats = featurize(rows, {1: 792.0})
    assert "dx=4" in feats[2] and "dx=2" in feats[3]  # a third of an em right; back
    assert "gaprel=3" in feats[2] and "gaprel=0" in feats[3]
    # A list set flush left, entries one under the other: the text's cues are told apart.
    flat = [
        LineRow(1, 0, 72, 540, 700 - 12 * i, 10, 0, 0, t)
        for i, t in enumerate(
            ["Author, A. A title that runs", "on and on. Journal, 2001.", "Writer, B. A title."]
        )
    ]
    one = featurize(flat, {1: 792.0})[1]
    assert "flush" in one and "flush:first.shape=x" in one
    assert "flush:-1:last.char=a" in one
    # Where a line's first year stands: after the names, or near the end of the line.
    first, then = featurize(
        [
            LineRow(1, 0, 72, 540, 700, 10, 0, 0, "Choi F and Hoang E (1974) Why do models"),
            LineRow(
                1,
                0,
                72,
                540,
                688,
                10,
                0,
                0,
                "learn the input? Proceedings of the Annual Conference, pp 1-9, 1974",
            ),
        ],
        {1: 792.0},
    )
    assert "yearpos=1" in first and "yearpos=3" in then


def test_a_list_is_numbered_when_its_numbers_count_up_not_when_lines_open_with_digits() -> None:
    rows, _ = _doc()
    assert "numbered=11" in featurize(rows, {1: 792.0})[7]
    # Numbered headings, a year and an equation number open lines of the body text; the
    # list below them has no labels.
    body = [
        "1 Introduction",
        "2019 was the year the method first ran.",
        "(4) where x is the input of the layer,",
        "3 Method",
        "5 Results",
    ]
    rows = [LineRow(1, 0, 72, 540, 700 - 12 * i, 10, 0, 0, t) for i, t in enumerate(body)]
    rows += [
        LineRow(1, 0, 72, 540, 600 - 12 * i, 10, 0, 0, f"Author{i}, A. A title. Journal, 2001.")
        for i in range(5)
    ]
    feats = featurize(rows, {1: 792.0})
    assert all("numbered=00" in f for f in feats[5:])


def test_tidy_ends_the_list_before_footnotes_and_the_next_columns_text() -> None:
    from refmanager.pdf.linetrain import tidy

    def row(col: int, y: float, size: float, text: str, label: str) -> list[object]:
        return [1, col, 72.0 + 240 * (col - 1), 300.0 + 240 * (col - 1), y, size, 0, 0, text, label]

    entry = "A. Author. A title of the entry. Journal, 2001."
    lines = [
        row(1, 700, 10, entry, "start"),
        row(1, 688, 10, entry, "in"),
        row(1, 90, 8, "1 A footnote in small type at the foot of the column.", "in"),
        row(2, 700, 10, "goes on in the next column.", "in"),  # the entry's own tail
        row(2, 688, 10, entry, "start"),
        row(2, 676, 10, "and ends at the column's foot.", "in"),
    ]
    assert [r[9] for r in tidy({"id": "1", "lines": lines})["lines"]] == [
        "start", "in", "other", "in", "start", "in",
    ]  # fmt: skip
    # An appendix in the next column, its heading in other type than the entries.
    spill = [
        row(1, 700, 10, entry, "start"),
        row(1, 688, 10, entry, "in"),
        row(2, 700, 8, "APPENDIX", "in"),
        row(2, 688, 10, "Text of the appendix.", "in"),
    ]
    assert [r[9] for r in tidy({"id": "2", "lines": spill})["lines"]] == [
        "start", "in", "other", "other",
    ]  # fmt: skip


def test_a_chinese_document_read_without_its_chinese_is_not_usable() -> None:
    from refmanager.pdf.linetrain import usable

    read = _stored(
        "00004",
        [
            ("参考文献", 12, "head"),
            ("[1] 张三, 李四. 软件缺陷预测方法研究[J]. 软件学报, 2020.", 10, "start"),
        ],
    )
    misread = _stored(
        "00005",
        [
            ("\x01\x02\x03\x04", 12, "head"),
            ("[1] \x05\x06, \x07\x08. \x0e\x0f\x10[J]. 2020.", 10, "start"),
        ],
    )
    for doc in (read, misread):
        doc["style"] = "gbt:numerical-zh"
    assert usable(read)
    assert not usable(misread)
    # Text in other styles is not held to a share of Chinese.
    misread["style"] = "bst:plain"
    assert usable(misread)


def test_documents_a_style_misprinted_or_mismarked_are_not_usable() -> None:
    from refmanager.pdf.linetrain import usable

    entry = "A. Author. A title of the entry. Journal, 2001."
    assert usable(_stored("00006", [("References", 12, "head"), (entry, 10, "start")]))
    hashes = _stored(
        "00007",
        [("References", 12, "head"), ("family=Wu, familyi=W., given=Mary, giveni=M.", 10, "start")],
    )
    assert not usable(hashes)
    keys = _stored(
        "00010",
        [
            ("References", 12, "head"),
            ("[1] k5Choi, B.choi b @Choi, B. 2021. A title.", 10, "start"),
            ("[2] k1Karlsson, K.karlsson k @Karlsson, K. 1971. Another title.", 10, "start"),
            ("[3] k6Ali, L.ali l @Ali, L., Nasser, A.nasser a @Nasser, A. 2008.", 10, "start"),
        ],
    )
    assert not usable(keys)
    # A word to a line: no paper sets its list so.
    words = _stored(
        "00008",
        [("References", 12, "head"), ("1. Author,", 10, "start"), *[("word", 10, "in")] * 9],
    )
    assert not usable(words)
    mismarked = _stored("00009", [("References", 12, "head"), (entry, 10, "start")])
    mismarked["style"] = "bbx:reading"
    assert not usable(mismarked)


def test_tidy_takes_a_float_caption_inside_the_list_out_of_the_entry() -> None:
    from refmanager.pdf.linetrain import tidy

    entry = "A. Author. A title of the entry. Journal, 2001."
    doc = _stored(
        "00011",
        [
            ("References", 12, "head"),
            (entry, 10, "start"),
            ("Table 1: Accuracy of the models as reported by the", 10, "in"),
            ("authors of the study.", 10, "in"),
            ("Method Accuracy Recall", 10, "other"),
            ("Baseline 85.09 10.72", 10, "other"),
            (entry, 10, "start"),
            ("and the entry goes on.", 10, "in"),
        ],
    )
    labels = [r[9] for r in tidy(doc)["lines"]]
    assert labels == ["head", "start", "other", "other", "other", "other", "start", "in"]


def test_a_line_amid_the_list_is_no_furniture_but_one_in_the_margin_may_be() -> None:
    from refmanager.pdf.listend import amid_list

    ordered = [
        Line(
            3, "Hettmansperger TP (2000). A title that runs to the end of the", 81, 522, 373, 10.9
        ),
        Line(3, "line. Journal of the Royal Statistical Society B,", 92, 420, 360, 10.9),
        Line(3, "62(4), 811-825.", 423, 498, 360, 10.9),  # cut off its line by a false gutter
        Line(3, "Hunter DR (2007). Another title.", 81, 522, 336, 10.9),
        Line(3, "12", 40, 46, 336, 6),  # a margin line number beside it
        Line(3, "Hurn M (2003). A third title.", 81, 522, 322, 10.9),
        Line(3, "Page 28", 280, 320, 60, 9),  # a running foot
    ]
    assert amid_list(ordered, 2)
    assert not amid_list(ordered, 4)
    assert not amid_list(ordered, 6)


def test_the_models_list_goes_on_past_a_table_set_among_its_entries() -> None:
    from refmanager.pdf.listend import list_end

    entries = ["start", "in"] * 4
    table = ["other"] * 20
    # A table among the entries: the list resumes with entries after it.
    assert list_end([*entries, *table, *entries], 0) == 2 * len(entries) + len(table) - 1
    # An appendix after the list: it does not.
    assert list_end([*entries, *table, "start", *table], 0) == len(entries) - 1


def test_the_rules_list_gives_way_to_the_models_only_where_their_counts_differ_wholesale() -> None:
    from refmanager.pdf.pipeline import prefers_model

    assert prefers_model(rules=1, model=86)  # the rules found one entry for a long list
    # Where the model finds fewer, the rules stand: the model may take a list with margin
    # line numbers for a few long entries where the rules read it right.
    assert not prefers_model(rules=77, model=46)
    assert not prefers_model(rules=40, model=38)  # they agree: the rules' finer cut stands
    assert not prefers_model(rules=2, model=3)  # too few to speak of a wholesale difference
