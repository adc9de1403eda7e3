"""read_bibliography on small PDFs the tests build: layout, furniture, location, segmentation."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from refmanager.model import InputError
from refmanager.pdf import read_bibliography
from tests.pdf.pdfbuild import Text, build_pdf, column, write_pdf

BODY = [
    "This paper studies the extraction of reference lists from scholarly documents and",
    "reports experiments on several corpora with many different citation styles used.",
]


def _furniture(page: int) -> list[Text]:
    return [
        Text(72, 800, f"Journal of Tests, Vol. 3 ({page})", 8),
        Text(290, 40, str(100 + page), 8),
    ]


def test_numbered_bibliography_across_pages_with_furniture(tmp_path: Path) -> None:
    page1 = [
        *_furniture(1),
        Text(72, 740, "A Study of Extraction", 18),
        *column(72, 700, BODY),
        Text(72, 640, "References", 13, "F3"),
        *column(
            72,
            620,
            [
                "[1] A. Author and B. Writer. A first title about large-",
                "  scale extraction. In Proc. of Things, 2020.",
                "[2] C. Person. Deep convo-",
                "  lutional reading of papers. Journal of Reading, 12(3):4–9, 2019.",
                "[3] D. Someone. A title that goes on and on and on until the page",
            ],
            indent=15,
        ),
    ]
    page2 = [
        *_furniture(2),
        *column(
            72,
            760,
            [
                "  ends, then continues here. Tech. rep., 2018.",
                "[4] E. Last. The final entry. https://example.org/a/",
                "  very/long/path, 2021.",
            ],
            indent=15,
        ),
    ]
    pdf = write_pdf(tmp_path / "a.pdf", [page1, page2])
    bib = read_bibliography(pdf)
    raws = [e.raw for e in bib.entries]
    assert raws == [
        "[1] A. Author and B. Writer. A first title about large-scale extraction. In Proc. of Things, 2020.",  # noqa: E501
        "[2] C. Person. Deep convolutional reading of papers. Journal of Reading, 12(3):4–9, 2019.",
        "[3] D. Someone. A title that goes on and on and on until the page ends, then continues here. Tech. rep., 2018.",  # noqa: E501
        "[4] E. Last. The final entry. https://example.org/a/very/long/path, 2021.",
    ]
    assert [e.label for e in bib.entries] == ["1", "2", "3", "4"]
    third = bib.entries[2]
    assert [loc.page for loc in third.locations] == [1, 2]
    x0, y0, x1, y1 = third.locations[0].bbox
    assert 70 < x0 < 74 and x1 > x0 and y1 > y0
    assert bib.page_count == 2
    assert bib.meta.title == "A Study of Extraction"


def test_two_columns_and_a_numbering_gap_gives_a_fragment(tmp_path: Path) -> None:
    left = column(
        50,
        760,
        [
            "tail of an entry whose start is",
            "missing, 23(8): 1177-1193.",
            "[61] A. Left. Title one in the left",
            "   column of the page. 2020.",
            "[62] B. Left. Title two in the left",
            "   column, which breaks over the",
        ],
        indent=12,
    )
    right = column(
        320,
        760,
        [
            "   gutter into the right column. 2021.",
            "[63] C. Right. Title three on the right",
            "   side of the page. 2022.",
            "[64] D. Right. Title four on the right",
            "   side of the page as well. 2023.",
        ],
        indent=12,
    )
    pdf = write_pdf(tmp_path / "b.pdf", [left + right])
    bib = read_bibliography(pdf)
    assert bib.entries[0].fragment
    assert bib.entries[0].raw == "tail of an entry whose start is missing, 23(8): 1177-1193."
    normal = [e for e in bib.entries if not e.fragment]
    assert [e.label for e in normal] == ["61", "62", "63", "64"]
    assert normal[1].raw.endswith("which breaks over the gutter into the right column. 2021.")
    assert len(normal[1].locations) == 2


def test_author_year_list_by_hanging_indent(tmp_path: Path) -> None:
    rows = [
        "Abelson, H. and Sussman, G. J. (1996). Structure and Interpretation",
        "  of Computer Programs. MIT Press.",
        "Brin, S. and Page, L. (1998). The anatomy of a large-scale hypertextual",
        "  Web search engine. Computer Networks, 30(1):107-117.",
        "Zhou, Z. (2018). A brief introduction to weakly supervised learning.",
        "  National Science Review, 5(1):44-53.",
    ]
    page = [Text(72, 760, "Bibliography", 14, "F3"), *column(72, 730, rows, indent=14)]
    bib = read_bibliography(write_pdf(tmp_path / "c.pdf", [page]))
    assert [e.raw.split(" ")[0] for e in bib.entries] == ["Abelson,", "Brin,", "Zhou,"]
    assert bib.entries[1].raw.endswith("30(1):107-117.")
    assert all(e.label == "" for e in bib.entries)


def test_headings_in_other_languages_and_the_end_of_the_list(tmp_path: Path) -> None:
    for heading in ("Literatur", "Références", "BIBLIOGRAFÍA", "7 References"):
        page = [
            *column(72, 780, BODY),
            Text(72, 740, heading, 13, "F3"),
            *column(72, 720, ["1. A. B. One title. 2001.", "2. C. D. Two title. 2002."]),
            Text(72, 680, "Appendix A", 13, "F3"),
            *column(72, 660, ["1. This numbered list is not a reference list at all."]),
        ]
        bib = read_bibliography(write_pdf(tmp_path / "d.pdf", [page]))
        assert [e.raw for e in bib.entries] == [
            "1. A. B. One title. 2001.",
            "2. C. D. Two title. 2002.",
        ]


@pytest.mark.parametrize("space", [" ", ""])
def test_headless_numbered_list_is_found_by_its_shape(tmp_path: Path, space: str) -> None:
    rows = [f"[{n}]{space}Author {n}. Title number {n}. Venue, 20{n:02d}." for n in range(5, 12)]
    page = [*column(72, 780, BODY), *column(72, 700, rows)]
    bib = read_bibliography(write_pdf(tmp_path / "e.pdf", [page]))
    assert [e.label for e in bib.entries] == [str(n) for n in range(5, 12)]


@pytest.mark.parametrize("font", ["F1", "F4"])
def test_headless_numbered_run_in_typewriter_type_is_program_output(
    tmp_path: Path, font: str
) -> None:
    # A vignette's printed data frame: numbered rows of made-up study names with a journal
    # and a year, in Courier; the same rows in Helvetica read as a headless list.
    rows = [f"{n} Made-up Study {n} (Somewhere, Some J 20{n:02d})" for n in range(1, 12)]
    lines = [Text(72, 700 - 12 * k, row, 10, font) for k, row in enumerate(rows)]
    bib = read_bibliography(write_pdf(tmp_path / "out.pdf", [[*column(72, 780, BODY), *lines]]))
    if font == "F1":
        assert len(bib.entries) >= len(rows) - 2
    else:
        assert bib.entries == []
        assert "typewriter face" in bib.notes[-1]


def _made_up_works(tag: str) -> list[str]:
    return [
        f"Smith, J. and Brown, K. (2001). A made-up study of {tag} lists. J. of Tests, 3:1-10.",
        f"Jones, A. (1999). Another invented work about {tag}. Proc. of Tests, pages 5-9.",
        f"Miller, B., Clark, D., and Young, E. (2005). Third paper on {tag}. Tests Letters, 7:2-4.",
        f"Wilson, F. (2010). A fourth work of {tag}. Press of Tests, Somewhere.",
    ]


@pytest.mark.parametrize("apart", [True, False])
def test_without_a_heading_runs_of_entries_apart_are_no_list(tmp_path: Path, apart: bool) -> None:
    # A history's dated paragraphs that read like entries, twice with a page of prose
    # between them, are no list; the same run once, at the end, reads as one.
    text = (
        "the project grew slowly over its first years and its members met at a yearly meeting "
        "where they planned the next release and the work that it would need while many of them "
        "came from universities where the work had begun and where students joined them"
    )
    words = text.split(" ")
    prose = [" ".join(words[(k * 11) % 40 : (k * 11) % 40 + 11]) for k in range(16)]
    first = _made_up_works("first") if apart else []
    pages = [
        column(72, 780, [*prose, *first, *prose]),
        column(72, 780, [*prose, *_made_up_works("second"), *(prose if apart else [])]),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "runs.pdf", pages))
    if apart:
        assert bib.entries == []
    else:
        assert len(bib.entries) >= 3 and bib.entries[0].raw.startswith("Smith, J.")


def test_a_two_digit_superscript_label_raised_before_its_entry_is_its_label(
    tmp_path: Path,
) -> None:
    # A manual's list with each number set small and raised before its entry's first
    # line, the first letter a little over an em to its right past two digits: "10" stood
    # on a line of its own, the entry lost its label and the list was cut wrong.
    page = [Text(72, 780, "Bibliography", 14, "F3")]
    y = 750.0
    for n in range(7, 14):
        entry = f"A. Author{n}, \u201cWork {n},\u201d J. Tests, {n} 1{n}\u20132{n} ({1970 + n})."
        page += [Text(72, y + 3.7, str(n), 7), Text(75.2 + 3.5 * len(str(n)), y, entry)]
        y -= 14
    bib = read_bibliography(write_pdf(tmp_path / "raised.pdf", [page]))
    assert [e.label for e in bib.entries] == [str(n) for n in range(7, 14)]
    assert bib.entries[3].raw.startswith("10 A. Author10, ")


# AIP's journals set each entry's number as a superscript against the first author's
# initials: the text layer holds "12J. A. Smith, ..." (invented entries).
_AIP = [
    ["A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935)."],
    ["N. D. Birrell and P. C. W. Davies, Quantum Fields in Curved Space (Cambridge",
     "University Press, Cambridge, 1982)."],
    ["G. P. Berman and F. M. Izrailev, Chaos 15, 015104 (2005)."],
    ["E. B. Davies and L. Parnovski, Q. J. Mech. Appl. Math. 51, 477 (1998)."],
    ["D. E. Knuth, The Art of Computer Programming (Addison-Wesley, Reading,",
     "1973), Vol. 1, pp. 10-119."],
    ["J. S. Smith and G. W. Johnson, Philos. Trans. R. Soc. London, Ser. B 777,",
     "1395 (2005)."],
    ["W. J. Smith, T. J. Johnson, and B. G. Miller, J. Appl. Phys. 98, 014302 (2005)."],
    ["É. Masterly, Mastering Thesis Writing, Master's project, Stanford University",
     "(1988)."],
    ["R. Ballagh and C. Savage, Bose-Einstein Condensation (World Scientific,",
     "Singapore, 2000), pp. 1-23."],
    ["T. S. Kipps, Williams Hematology (McGraw-Hill, New York, 1994), Chap. 7."],
    ["V. E. Zakharov and A. B. Shabat, Sov. Phys. JETP 34, 62 (1972)."],
]  # fmt: skip


@pytest.mark.parametrize("heading", [True, False])
def test_superscript_numbers_against_the_initials_are_labels(tmp_path: Path, heading: bool) -> None:
    page = [Text(72, 760 - 12 * i, row, 10) for i, row in enumerate(BODY * 4)]
    y = 640.0
    if heading:
        page.append(Text(72, y, "REFERENCES", 10, "F3"))
        y -= 16
    for k, rows in enumerate(_AIP, 1):
        for i, row in enumerate(rows):
            page.append(Text(72 if i == 0 else 80, y, (str(k) if i == 0 else "") + row, 8))
            y -= 9.5
    bib = read_bibliography(write_pdf(tmp_path / "aip.pdf", [page]))
    assert [e.label for e in bib.entries] == [str(k) for k in range(1, len(_AIP) + 1)]
    assert [e.raw for e in bib.entries] == [
        f"{k} {' '.join(rows)}" for k, rows in enumerate(_AIP, 1)
    ]


def test_no_bibliography_is_a_note_not_an_error(tmp_path: Path) -> None:
    bib = read_bibliography(write_pdf(tmp_path / "f.pdf", [column(72, 780, BODY)]))
    assert bib.entries == []
    assert bib.notes == [
        "no bibliography found (no heading such as 'References' and no run of numbered"
        " entries in the last 1 page(s))"
    ]


def test_a_heading_followed_by_no_list_is_named_in_the_note(tmp_path: Path) -> None:
    # A section about references in a manual: a plain heading with prose after it.
    page = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 10),
        *column(72, 720, BODY),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "m.pdf", [page]))
    assert bib.notes == [
        "no bibliography found (the heading 'References' on page 1 is followed by no list,"
        " and no run of numbered entries is in the last 1 page(s))"
    ]


def test_a_heading_followed_by_nothing_says_the_list_is_empty(tmp_path: Path) -> None:
    pages = [column(72, 780, BODY), [Text(72, 740, "BIBLIOGRAPHY", 13, "F3")]]
    bib = read_bibliography(write_pdf(tmp_path / "e.pdf", pages))
    assert bib.notes == [
        "no bibliography found (nothing but page furniture follows the heading on page 2)"
    ]


def test_the_pages_the_heading_scan_did_not_reach_are_said() -> None:
    from refmanager.pdf.locate import Search
    from refmanager.pdf.pipeline import _no_heading, _unread

    search = Search(None, list(range(156, 76, -1)), [])
    assert _unread(search, 156) == "; pages 1-76 of 156 were not read"
    assert _unread(Search(None, [3, 2, 1]), 3) == ""
    assert _unread(Search((90, 0), [156, 90]), 156) == ""
    numbered = "a numbered list was found, but its items do not read as references"
    passed = Search(None, [9, 8], [(9, "参考文献"), (5, "参考文献")])
    assert _no_heading(passed, numbered) == (
        f"{numbered}; the heading '参考文献' on page 9 (and 1 more) is followed by no list"
    )


def test_styles_come_from_font_names(tmp_path: Path) -> None:
    page = [
        Text(72, 760, "References", 13, "F3"),
        Text(72, 740, "[1] A. Author. ", 10),
        Text(140, 740, "Italic Title", 10, "F2"),
        Text(72, 728, "[2] B. Author. Plain. 2000.", 10),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "g.pdf", [page]))
    first = bib.entries[0]
    spans = [first.raw[s:e] for s, e, kind in first.styles if kind == "italic"]
    assert spans == ["Italic Title"]


# --- bad input ---------------------------------------------------------------------------


def test_not_a_pdf(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    path.write_text("just text", encoding="utf-8")
    with pytest.raises(InputError, match="not a PDF"):
        read_bibliography(path)
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        read_bibliography(empty)
    with pytest.raises(InputError, match="no such file"):
        read_bibliography(tmp_path / "missing.pdf")


def test_truncated_beyond_repair(tmp_path: Path) -> None:
    data = build_pdf([column(72, 700, BODY)])
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[:200])
    with pytest.raises(InputError) as info:
        read_bibliography(path)
    assert str(path) in str(info.value)


def _encrypted(tmp_path: Path, user: str, algorithm: str) -> Path:
    import pypdf

    src = write_pdf(
        tmp_path / "plain.pdf",
        [
            [
                Text(72, 760, "References", 13, "F3"),
                *column(72, 740, ["[1] A. B. Title. 2000.", "[2] C. D. Title. 2001."]),
            ]
        ],
    )
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.encrypt(user_password=user, owner_password="owner-secret", algorithm=algorithm)
    out = tmp_path / f"enc-{algorithm}-{bool(user)}.pdf"
    with out.open("wb") as fh:
        writer.write(fh)
    return out


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-128", "AES-256"])
def test_empty_user_password_opens_silently(tmp_path: Path, algorithm: str) -> None:
    bib = read_bibliography(_encrypted(tmp_path, "", algorithm))
    assert [e.label for e in bib.entries] == ["1", "2"]


def test_password_protected(tmp_path: Path) -> None:
    path = _encrypted(tmp_path, "s3cret", "AES-256")
    with pytest.raises(InputError, match="--password"):
        read_bibliography(path)
    with pytest.raises(InputError, match="wrong password"):
        read_bibliography(path, password="nope")
    assert len(read_bibliography(path, password="s3cret").entries) == 2


def test_scanned_pdf_needs_ocr(tmp_path: Path) -> None:
    image = b"q 500 0 0 700 50 50 cm 0.5 g 0 0 1 1 re f Q"
    pdf = build_pdf([[], []], raw_contents=[[image], [image]])
    path = tmp_path / "scan.pdf"
    path.write_bytes(pdf)
    with pytest.raises(InputError, match="OCR"):
        read_bibliography(path)


def test_decompression_bomb_over_many_streams_is_bounded(tmp_path: Path) -> None:
    # 40 streams of 1 MB of spaces each stay under any per-stream limit, but together
    # they exceed the page budget; the bibliography on page 2 is still read.
    chunk = b"BT /F1 10 Tf 72 700 Td (x) Tj ET " + b" " * 1_000_000
    bib_page = [
        Text(72, 760, "References", 13, "F3"),
        *column(72, 740, ["[1] A. B. Title. 2000.", "[2] C. D. Title. 2001."]),
    ]
    pdf = build_pdf([[], bib_page], raw_contents=[[chunk] * 40, []])
    assert len(pdf) < 2_000_000 or zlib  # the file itself is small
    path = tmp_path / "bomb.pdf"
    path.write_bytes(pdf)
    bib = read_bibliography(path)
    assert [e.label for e in bib.entries] == ["1", "2"]
    assert any("page 1" in note and "limit" in note for note in bib.notes)


def test_many_pages_end_within_budget(tmp_path: Path) -> None:
    pages = [column(72, 780, BODY) for _ in range(1500)]
    pages.append(
        [
            Text(72, 760, "References", 13, "F3"),
            *column(72, 740, ["[1] A. B. Title. 2000.", "[2] C. D. Title. 2001."]),
        ]
    )
    path = tmp_path / "long.pdf"
    path.write_bytes(build_pdf(pages))
    bib = read_bibliography(path)
    assert len(bib.entries) == 2
    assert bib.page_count == 1501


def test_running_head_references_on_every_page(tmp_path: Path) -> None:
    pages = [
        [
            *column(72, 780, BODY),
            Text(72, 740, "References", 13, "F3"),
            *column(72, 720, ["[1] A. One. Title one. 2001.", "[2] B. Two. Title two. 2002."]),
        ],
        [
            Text(72, 800, "References", 13, "F3"),
            *column(
                72, 760, ["[3] C. Three. Title three. 2003.", "[4] D. Four. Title four. 2004."]
            ),
        ],
        [
            Text(72, 800, "References", 13, "F3"),
            *column(72, 760, ["[5] E. Five. Title five. 2005."]),
        ],
    ]
    bib = read_bibliography(write_pdf(tmp_path / "h.pdf", pages))
    assert [e.label for e in bib.entries] == ["1", "2", "3", "4", "5"]


def test_alpha_keys_and_mixed_page(tmp_path: Path) -> None:
    title = [
        Text(150, 800, "A Wide Title Over Two Columns", 18),
        Text(72, 760, "This full-width paragraph opens the page before the two columns.", 10),
    ]
    left = column(
        50,
        700,
        [
            "Body text of the left column that talks",
            "about things before the list begins here.",
            "References",
            "[ABC19] A. Alpha, B. Beta, and C. Gamma.",
            "   A first alpha title. 2019.",
            "[Doe20] J. Doe. A second title that is",
            "   long. 2020.",
        ],
        indent=40,
    )
    right = column(
        320,
        700,
        [
            "[Roe21] R. Roe. The third title on the",
            "   right. 2021.",
            "[Zed22] Z. Zed. The fourth. 2022.",
            "[Zed23a] Z. Zed. The fifth, which is the",
            "   last. 2023.",
        ],
        indent=40,
    )
    bib = read_bibliography(write_pdf(tmp_path / "i.pdf", [title + left + right]))
    assert [e.label for e in bib.entries] == ["ABC19", "Doe20", "Roe21", "Zed22", "Zed23a"]
    assert bib.entries[1].raw == "[Doe20] J. Doe. A second title that is long. 2020."


def test_metadata_from_info_and_first_page(tmp_path: Path) -> None:
    page = [
        Text(72, 800, "Journal of Tests, Vol. 3 (2019)", 8),
        Text(120, 740, "Reading Reference Lists Well", 18),
        Text(100, 710, "Ann Author", 11),
        Text(300, 710, "Ben Writer", 11),
        *column(72, 680, [*BODY, "doi:10.1234/jot.2019.7 and arXiv:1901.01234v2 are ours."]),
    ]
    meta = read_bibliography(write_pdf(tmp_path / "m.pdf", [page])).meta
    assert meta.title == "Reading Reference Lists Well"
    assert [a.display() for a in meta.authors] == ["Ann Author", "Ben Writer"]
    assert meta.authors[0].family == "Author"
    assert meta.year == 2019
    assert meta.doi == "10.1234/jot.2019.7"
    assert meta.arxiv == "1901.01234v2"
    info = {"Title": "The Info Title", "Author": "Carla Doe; Dan Roe"}
    meta2 = read_bibliography(write_pdf(tmp_path / "n.pdf", [page], info=info)).meta
    assert meta2.title == "The Info Title"
    assert [a.display() for a in meta2.authors] == ["Carla Doe", "Dan Roe"]


def test_small_caps_heading_in_pieces(tmp_path: Path) -> None:
    page = [
        *column(72, 780, BODY),
        Text(250, 740, "R", 10),
        Text(257, 740, "EFERENCES", 8),
        *column(72, 720, ["[1] A. One. Title one. 2001.", "[2] B. Two. Title two. 2002."]),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "s.pdf", [page]))
    assert [e.raw for e in bib.entries] == [
        "[1] A. One. Title one. 2001.",
        "[2] B. Two. Title two. 2002.",
    ]


def test_list_ends_at_bold_appendix_section_and_biography(tmp_path: Path) -> None:
    rows = ["[1] A. One. Title one. 2001.", "[2] B. Two. Title two. 2002."]
    for tail in (
        Text(72, 690, "Received 12 March 2020; revised 3 May 2020; accepted 9 June 2020", 10),
        Text(72, 690, "A Proof of the Main Lemma", 10, "F3"),
        Text(72, 690, "Jane Doe (M’15) received the B.S. degree in physics in 2001.", 10),
    ):
        page = [
            *column(72, 780, BODY),
            Text(72, 740, "References", 12, "F3"),
            *column(72, 720, rows),
            tail,
            *column(72, 676, ["Text after the list, which belongs to the appendix."]),
        ]
        bib = read_bibliography(write_pdf(tmp_path / "t.pdf", [page]))
        assert [e.raw for e in bib.entries] == rows


def test_a_page_without_text_inside_the_list_is_reported(tmp_path: Path) -> None:
    image = b"q 500 0 0 700 50 50 cm 0.5 g 0 0 1 1 re f Q"
    first = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 12, "F3"),
        *column(72, 720, ["[1] A. One. Title one. 2001.", "[2] B. Two. Title two. 2002."]),
    ]
    last = column(72, 780, ["[5] E. Five. Title five. 2005."])
    pdf = build_pdf([first, [], last], raw_contents=[[], [image], []])
    path = tmp_path / "gap.pdf"
    path.write_bytes(pdf)
    bib = read_bibliography(path)
    assert [e.label for e in bib.entries] == ["1", "2", "5"]
    assert any(note.startswith("page 2: no readable text") for note in bib.notes)


def test_tab_after_label_and_line_numbers(tmp_path: Path) -> None:
    page = [Text(72, 780, "References", 12, "F3")]
    y = 760.0
    for n in range(1, 6):
        page.append(Text(20, y, str(n * 5), 7))  # review-copy line numbers in the margin
        page.append(Text(72, y, f"{n}.", 10))
        page.append(Text(130, y, f"Author {n}. A title of entry {n} that is long enough", 10))
        page.append(Text(20, y - 12, str(n * 5 + 1), 7))
        page.append(Text(130, y - 12, f"to wrap onto a second line. Venue, 20{n:02d}.", 10))
        y -= 24
    bib = read_bibliography(write_pdf(tmp_path / "tab.pdf", [page]))
    assert [e.label for e in bib.entries] == ["1", "2", "3", "4", "5"]
    assert bib.entries[0].raw == (
        "1. Author 1. A title of entry 1 that is long enough"
        " to wrap onto a second line. Venue, 2001."
    )


def test_author_year_tail_alone_on_the_next_page(tmp_path: Path) -> None:
    rows = [
        "Abelson, H. and Sussman, G. J. (1996). Structure and Interpretation",
        "  of Computer Programs. MIT Press.",
        "Brin, S. and Page, L. (1998). The anatomy of a large-scale hypertextual",
        "  Web search engine. Computer Networks, 30(1):107-117. And then this",
    ]
    page1 = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 14, "F3"),
        *column(72, 720, rows, indent=14),
    ]
    page2 = column(72, 780, ["  entry goes on for one more line."], indent=14)
    bib = read_bibliography(write_pdf(tmp_path / "ay.pdf", [page1, page2]))
    assert len(bib.entries) == 2
    assert bib.entries[1].raw.endswith("And then this entry goes on for one more line.")


def test_bookmarks_lead_to_the_list_and_bound_it(tmp_path: Path) -> None:
    import pypdf

    refs = [
        "[1] A. One. Title one. 2001.",
        "[2] B. Two. Title two. 2002.",
        "[3] C. Three. Title three. 2003.",
    ]
    appendix_refs = [
        "[1] X. Other. A list inside the appendix. 1999.",
        "[2] Y. Other. Another one. 1998.",
        "[3] Z. Other. And one more. 1997.",
    ]
    pages = [
        column(72, 780, BODY),
        [*column(72, 780, BODY), Text(72, 700, "References", 14, "F3"), *column(72, 680, refs)],
        [Text(72, 780, "A Proofs", 14, "F3"), *column(72, 760, BODY)],
        [
            *column(72, 780, BODY),
            Text(72, 700, "References", 14, "F3"),
            *column(72, 680, appendix_refs),
        ],
    ]
    src = write_pdf(tmp_path / "plain.pdf", pages)
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.add_outline_item(title="1 Introduction", page_number=0)
    writer.add_outline_item(title="References", page_number=1)
    writer.add_outline_item(title="A Proofs", page_number=2)
    marked = tmp_path / "marked.pdf"
    with marked.open("wb") as fh:
        writer.write(fh)
    assert [e.raw for e in read_bibliography(marked).entries] == refs
    # Without bookmarks the last printed heading wins.
    assert [e.raw for e in read_bibliography(src).entries] == appendix_refs


def test_a_bookmark_on_the_lists_page_whose_heading_is_not_printed_there_does_not_end_it(
    tmp_path: Path,
) -> None:
    """The index's bookmark points to the list's first page (its anchor misplaced): the
    list goes on to the next page, where the index starts."""
    import pypdf

    refs = [f"[{n}] A. Author{n}. A title of the paper number {n}. Journal {n}, {1990 + n}."
            for n in range(1, 9)]  # fmt: skip
    pages = [
        column(72, 780, BODY),
        [*column(72, 780, BODY), Text(72, 400, "References", 14, "F3"),
         *column(72, 380, refs[:4], leading=20)],
        [*column(72, 780, refs[4:], leading=20), Text(72, 600, "Index", 14, "F3"),
         *column(72, 580, ["alpha, 3", "beta, 5, 7", "gamma, 12"])],
    ]  # fmt: skip
    src = write_pdf(tmp_path / "plain.pdf", pages)
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.add_outline_item(title="1 Introduction", page_number=0)
    writer.add_outline_item(title="References", page_number=1)
    writer.add_outline_item(title="Index", page_number=1)
    marked = tmp_path / "marked.pdf"
    with marked.open("wb") as fh:
        writer.write(fh)
    assert [e.raw for e in read_bibliography(marked).entries] == refs


def test_the_bookmarks_of_the_lists_own_subsections_do_not_end_it(tmp_path: Path) -> None:
    """A list in two groups, each bookmarked under the list's bookmark on the list's
    first page ("Short list", "Long list"): the list goes on past them, to the next
    bookmark at its own depth (sweep9)."""
    import pypdf

    rows = [(f"Author{n}, A. ({1990 + n}). A title of the book number {n} on the",
             f"  subject of the list. Press {n}, Town.") for n in range(1, 13)]  # fmt: skip
    refs = [f"{a} {b.strip()}" for a, b in rows]
    lines = [line for row in rows for line in row]
    pages = [
        column(72, 780, BODY),
        [Text(72, 780, "2 Literature", 14, "F3"), Text(72, 756, "Short list", 10, "F2"),
         *column(72, 736, lines[:6], indent=15), Text(72, 650, "Long list", 10, "F2"),
         *column(72, 630, lines[6:16], indent=15)],
        [*column(72, 780, lines[16:], indent=15)],
        [Text(72, 780, "A Licence", 14, "F3"), *column(72, 760, BODY)],
    ]  # fmt: skip
    src = write_pdf(tmp_path / "plain.pdf", pages)
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.add_outline_item(title="1 Introduction", page_number=0)
    top = writer.add_outline_item(title="2 Literature", page_number=1)
    writer.add_outline_item(title="Short list", page_number=1, parent=top)
    writer.add_outline_item(title="Long list", page_number=1, parent=top)
    writer.add_outline_item(title="A Licence", page_number=3)
    marked = tmp_path / "marked.pdf"
    with marked.open("wb") as fh:
        writer.write(fh)
    assert [e.raw for e in read_bibliography(marked).entries if not e.fragment][-4:] == refs[8:]


def test_a_bookmarked_heading_without_a_list_after_it_is_not_the_list(tmp_path: Path) -> None:
    """A section named "References" that is prose (a style guide's), bookmarked, and the
    list itself at the end without a bookmark, after bookmarked appendices."""
    import pypdf

    rows = [
        "Abel, A., and B. Bauer (2001) A first title of a paper that runs on,",
        "  Journal One 1, 1-10",
        "Cole, C. (2002) A second title of a paper that runs on to a second line,",
        "  Journal Two 2, 11-20",
        "Dahl, D., and E. Eder (2003) A third title of a paper that runs on,",
        "  Journal Three 3, 21-30",
    ]
    refs = [f"{a} {b.strip()}" for a, b in zip(rows[::2], rows[1::2], strict=True)]
    prose = [
        "All citations in the text must give the names of the authors and the year, and",
        "each source cited must appear in the list at the end of the paper, in the order",
        "of the names of its authors, as the examples of the last page of this guide show.",
    ]
    pages = [
        column(72, 780, BODY),
        [*column(72, 780, BODY), Text(72, 700, "4. References", 11, "F3"), *column(72, 680, prose)],
        [Text(72, 780, "Appendix A1", 11, "F3"), *column(72, 760, BODY)],
        [
            *column(72, 780, BODY),
            Text(72, 700, "References", 11, "F3"),
            *column(72, 680, rows, indent=14),
        ],
    ]
    src = write_pdf(tmp_path / "guide.pdf", pages)
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.add_outline_item(title="1 Introduction", page_number=0)
    writer.add_outline_item(title="References", page_number=1)
    writer.add_outline_item(title="Appendix A1", page_number=2)
    marked = tmp_path / "marked.pdf"
    with marked.open("wb") as fh:
        writer.write(fh)
    assert [e.raw for e in read_bibliography(marked).entries] == refs


def test_author_year_one_line_entries_on_a_page_of_their_own(tmp_path: Path) -> None:
    rows = [
        "Abelson, H. and Sussman, G. J. (1996). Structure and Interpretation",
        "  of Computer Programs. MIT Press.",
        "Brin, S. and Page, L. (1998). The anatomy of a large-scale hypertextual",
        "  Web search engine. Computer Networks, 30(1):107-117.",
    ]
    page1 = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 14, "F3"),
        *column(72, 720, rows, indent=14),
    ]
    short = [
        "Cook, C. (2001). Short one.",
        "Dunn, D. (2002). Another short one that is longer.",
        "Eve, E. (2003). Third.",
    ]
    page2 = column(72, 780, short, leading=12)
    bib = read_bibliography(write_pdf(tmp_path / "one.pdf", [page1, page2]))
    assert [e.raw for e in bib.entries[2:]] == short


def test_footnote_in_small_type_is_not_part_of_an_entry(tmp_path: Path) -> None:
    rows = ["[1] A. One. Title one. 2001.", "[2] B. Two. Title two. 2002."]
    page = [
        *column(72, 780, BODY),
        Text(72, 740, "References", 12, "F3"),
        *column(72, 720, rows),
        Text(72, 100, "1 A footnote set in small type at the foot of the page, with words.", 7),
        Text(72, 92, "and a second line of the same footnote, also set small.", 7),
        Text(300, 40, "12", 9),
    ]
    bib = read_bibliography(write_pdf(tmp_path / "fn.pdf", [page]))
    assert [e.raw for e in bib.entries] == rows


def test_headless_numbered_sections_without_years_are_not_a_bibliography(tmp_path: Path) -> None:
    rows = [
        f"{n}. SECTION {n} The licensee may copy and distribute the work as stated."
        for n in range(1, 8)
    ]
    page = [*column(72, 780, BODY), *column(72, 700, rows)]
    bib = read_bibliography(write_pdf(tmp_path / "lic.pdf", [page]))
    assert bib.entries == []
    assert bib.notes == [
        "no bibliography found (a numbered list was found, but its items do not read as references)"
    ]


def test_a_cedilla_shown_after_its_letter_reads_as_one_letter(tmp_path: Path) -> None:
    from refmanager.pdf.pages import document_lines

    # LaTeX's \c overlays the cedilla after a capital (or a letter of a font other than
    # cmr): the letter, a move back, the cedilla (WinAnsi 0xB8), then the rest.
    content = b"BT /F1 10 Tf 1 0 0 1 72 700 Tm [(Fran\\347ois, Franc) 333 (\\270) (ois)] TJ ET"
    path = tmp_path / "cedilla.pdf"
    path.write_bytes(build_pdf([[]], raw_contents=[[content]]))
    assert [line.text for line in document_lines(str(path))[1]] == ["Fran\u00e7ois, Fran\u00e7ois"]


def test_a_bookmarked_heading_over_no_list_gives_way_to_the_list_the_scan_finds(
    tmp_path: Path,
) -> None:
    """A manual's subsection bookmarked "16.10.5 Literature" names one paper in a line; the
    bibliography printed at the end of the manual's first part has no bookmark, and parts
    follow it (sweep11: ngspice's manual). The list under the bookmark is none: the scan
    from the end finds the bibliography."""
    import re

    import pypdf

    from refmanager.model import Entry

    def dated(entries: list[Entry]) -> int:
        return sum(1 for e in entries if not e.fragment and re.search(r"\b(?:19|20)\d\d\b", e.raw))

    refs = [
        f"[{n}] A. Author{n}, 'A title of the report number {n}', ERL Memo M{n}/7, "
        f"Electronics Research Laboratory, Berkeley, {1980 + n}."
        for n in range(1, 9)
    ]
    pages = [
        column(72, 780, BODY),
        [*column(72, 780, BODY), Text(72, 700, "16.10.5 Literature", 12, "F3"),
         Text(72, 680, "Author, A. The one paper on the model. Proc. of Circuits, 2001.")],
        *[column(72, 780, BODY * 20) for _ in range(3)],
        [Text(72, 780, "Bibliography", 24, "F3"), *column(72, 740, refs, leading=20)],
        *[[Text(72, 780, f"Part {part}", 24, "F3"), *column(72, 740, BODY * 20)]
          for part in ("II", "III")],
        *[column(72, 780, BODY * 20) for _ in range(85)],
    ]  # fmt: skip
    src = write_pdf(tmp_path / "plain.pdf", pages)
    writer = pypdf.PdfWriter(clone_from=str(src))
    writer.add_outline_item(title="1 Introduction", page_number=0)
    writer.add_outline_item(title="16.10.5 Literature", page_number=1)
    writer.add_outline_item(title="16.11 Examples", page_number=2)
    writer.add_outline_item(title="Part II", page_number=6)
    writer.add_outline_item(title="Part III", page_number=7)
    marked = tmp_path / "marked.pdf"
    with marked.open("wb") as fh:
        writer.write(fh)
    bib = read_bibliography(marked, judge=dated)
    assert [e.raw for e in bib.entries] == refs
