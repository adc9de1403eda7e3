"""The learned line model's features, training form, decoding and entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import (
    _TEXT_FLAGS,
    _shape,
    featurize,
    stored_line,
    stored_row,
)
from refmanager.pdf.linetrain import entry_spans, score
from refmanager.pdf.segment import entries_from_labels
from tools.corpus.linemodel import train


def _line(*row: object) -> Line:
    return stored_line(row)


def _doc() -> tuple[list[Line], list[str]]:
    """A page: body text, a heading, five hanging-indent numbered entries, a page number."""
    rows: list[Line] = []
    labels: list[str] = []
    y = 740.0
    for i in range(6):
        rows.append(_line(1, 0, 72, 540, y, 10, 0, 0, f"Body text line {i} of the paper goes on."))
        labels.append("other")
        y -= 12
    y -= 10
    rows.append(_line(1, 0, 72, 160, y, 12, 1.0, 0, "References"))
    labels.append("head")
    y -= 18
    for n in range(1, 6):
        rows.append(_line(1, 0, 72, 540, y, 10, 0, 0, f"[{n}] A. Author, B. Writer. A title {n},"))
        labels.append("start")
        y -= 12
        rows.append(_line(1, 0, 90, 400, y, 10, 0, 0, f"Journal of Things, 12:{n}0-{n}9, 2001."))
        labels.append("in")
        y -= 12
    rows.append(_line(1, 0, 300, 306, 60, 10, 0, 0, "7"))
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


def test_a_lines_heading_words_are_read_once_for_its_rules_and_its_feature(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from refmanager.pdf import headings, linefeatures

    rows, _ = _doc()
    seen: list[str] = []
    words = headings.names_bibliography

    def counted(text: str) -> bool:
        seen.append(text)
        return words(text)

    monkeypatch.setattr(headings, "names_bibliography", counted)
    monkeypatch.setattr(linefeatures, "names_bibliography", counted)
    feats = featurize(rows, {1: 792.0})
    assert len(seen) == len(rows)  # (the rules' heading tests were given them)
    assert {"heading.words", "rule.heading", "rule.strong"} <= set(feats[6])
    assert not any("heading.words" in f or "rule.heading" in f for f in feats[:6])
    # a caller that has read the words already: the tests take its word for them
    head = rows[6]
    assert headings.is_heading(head, 10.0) and headings.is_strong_heading(head, 10.0)
    assert not headings.is_heading(head, 10.0, words=False)
    assert not headings.is_strong_heading(head, 10.0, words=False)
    long = _line(1, 0, 72, 540, 700, 12, 1.0, 0, "References, " * 6)
    assert not headings.is_heading(long, 10.0, words=True)  # no heading is so long


def test_a_tokens_shape_folds_runs_of_letters_digits_and_signs_in_any_script() -> None:
    assert [_shape(t) for t in ("Smith,", "IEEE", "1999a", "pp.--12", "")] == [
        "Xx,", "X", "dx", "x.-d", ""
    ]  # fmt: skip
    # Beyond ASCII: cased letters by their case, digits of any form, CJK as C.
    assert [_shape(t) for t in ("Éloïse", "ΑΒΓ", "中文研究", "①②x", "Ａｂ１")] == [
        "Xx", "X", "C", "dx", "Xxd"
    ]  # fmt: skip
    assert _shape("abcdefghijklmnopqrstuvwxyz0123") == "x"  # its first 12 characters


def test_text_flags_fire_where_their_pattern_is_found_and_nowhere_else() -> None:
    flags = dict(_TEXT_FLAGS)
    cases = {
        "email": ("write to a.b@c.org", "a.b at c dot org"),
        "cjk": ("参考文献 [1]", "Références [1]"),
        "pages": ("pp. 12–19", "pp. 12 19"),
        "bio": ("She is currently a professor", "This is current"),
        "initials": ("Smith, J. K., and", "Smith J K and"),
    }
    for name, (fires, does_not) in cases.items():
        assert flags[name](fires), name
        assert not flags[name](does_not), name


def test_entry_spans_skip_furniture_and_end_with_the_list() -> None:
    labels = ["other", "head", "start", "in", "furn", "in", "start", "other"] + ["other"] * 12
    assert entry_spans(labels) == [(2, 3, 5), (6,)]
    assert entry_spans(["in", "start", "in"]) == [(0,), (1, 2)]
    assert score(["start", "in", "start"], ["start", "start", "start"]) == (1, 2, 3)


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

    monkeypatch.setattr(zones, "read_lines", lambda *_, **__: None)
    rules = read_bibliography(tmp_path / "addr.pdf")
    assert "Department of Statistics" in rules.entries[-1].raw


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
        "lines": [[*stored_row(r), lab] for r, lab in zip(rows, labels, strict=True)],
    }
    train([doc] * 3, model, iterations=50)
    lines = [r for r in rows]
    # The model is sure of this page it was trained on: its labels win over the rules'.
    assert decide(lines, {1: 792.0}, ["other"] * len(lines), model) == labels
    # Without a model there is nothing to decide.
    assert decide(lines, {1: 792.0}, labels, tmp_path / "none.crfsuite") == []


def test_features_see_a_small_first_line_indent_wider_gaps_and_flush_lists() -> None:
    # Entries without labels: each entry's first line set in a third of an em, a wider
    # gap between entries than between their lines.
    rows, y = [], 700.0
    for n in range(3):
        rows.append(_line(1, 0, 75.5, 540, y, 10, 0, 0, f"Author{n}, A. A title that runs on"))
        rows.append(_line(1, 0, 72, 300, y - 12, 10, 0, 0, "and on. Journal, 2001."))
        y -= 30
    feats = featurize(rows, {1: 792.0})
    assert "dx=4" in feats[2] and "dx=2" in feats[3]  # a third of an em right; back
    assert "gaprel=3" in feats[2] and "gaprel=0" in feats[3]
    # A list set flush left, entries one under the other: the text's cues are told apart.
    flat = [
        _line(1, 0, 72, 540, 700 - 12 * i, 10, 0, 0, t)
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
            _line(1, 0, 72, 540, 700, 10, 0, 0, "Choi F and Hoang E (1974) Why do models"),
            _line(
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
    rows = [_line(1, 0, 72, 540, 700 - 12 * i, 10, 0, 0, t) for i, t in enumerate(body)]
    rows += [
        _line(1, 0, 72, 540, 600 - 12 * i, 10, 0, 0, f"Author{i}, A. A title. Journal, 2001.")
        for i in range(5)
    ]
    feats = featurize(rows, {1: 792.0})
    assert all("numbered=00" in f for f in feats[5:])


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
