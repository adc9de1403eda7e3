"""benchmarks.bib_samples: rows aligned to their .bib entries and judged where printed."""

from __future__ import annotations

from pathlib import Path

from benchmarks._util import bench_scorer
from benchmarks.bib_samples import align, judge, main, run_folder

SCORER = bench_scorer()

GOLD = [
    {"title": "Graph routing in sparse meshes", "author": [{"family": "Odell", "given": "K."}],
     "container-title": "Journal of Graph Theory", "volume": "12", "page": "45-67",
     "issued": {"date-parts": [[2001]]}},
    {"title": "Graph routing", "author": [{"family": "Abe", "given": "L."}],
     "issued": {"date-parts": [[1999]]}, "publisher": "Graph Press"},
]  # fmt: skip


def test_a_row_aligns_to_the_entry_whose_title_and_first_author_it_prints() -> None:
    row = "[1] K. Odell, “Graph routing in sparse meshes,” J. Graph Theory, vol. 12, 2001."
    assert align(SCORER, row, GOLD) is GOLD[0]
    # the shorter title is printed too, but not its author
    assert align(SCORER, "L. Abe, Graph Routing. Oslo: Graph Press, 1999.", GOLD) is GOLD[1]
    assert align(SCORER, "[2] Nothing of the kind, 2004.", GOLD) is None


def test_a_field_is_judged_where_its_true_value_is_printed() -> None:
    raw = (
        "[1] K. Odell, “Graph routing in sparse meshes,” J. Graph Theory, vol. 12, 2001, pp. 45–67."
    )
    pred = {"author": [{"family": "Odell", "given": "K."}],
            "title": "Graph routing in sparse meshes", "container-title": "J. Graph Theory",
            "volume": "21", "page": "45–67", "issued": {"date-parts": [[2001]]},
            "publisher": "Graph Press"}  # fmt: skip
    tp, fp, fn, wrong = judge(SCORER, pred, GOLD[0], raw)
    # the journal is abbreviated in print: not judged; the volume is wrong; the publisher
    # is one the entry lacks
    assert set(wrong) == {"volume", "publisher"}
    assert (tp, fp, fn) == (4, 2, 1)


def test_a_subtitle_is_part_of_the_title_and_punctuation_does_not_count() -> None:
    gold = {"title": "Graph Routing", "subtitle": "A Study", "issued": {"date-parts": [[1999]]}}
    raw = "Abe, L. Graph Routing. A Study. 1999."
    _, _, _, wrong = judge(SCORER, {"title": "Graph Routing: A Study", "issued": "1999"}, gold, raw)
    assert wrong == {}
    _, _, _, wrong = judge(SCORER, {"title": "Graph Routing", "issued": "1999"}, gold, raw)
    assert set(wrong) == {"title"}


def test_a_folder_s_pdfs_are_read_and_their_rows_aligned(tmp_path: Path) -> None:
    from tests.pdf.pdfbuild import Text, column, write_pdf
    from tests.pdf.test_read import BODY

    entries = [
        "[1] K. Odell, “Graph routing in sparse meshes,” Journal of Graph Theory,",
        "  vol. 12, no. 3, pp. 45–67, 2001.",
        "[2] L. Abe and M. Berg, “Spectral bounds for mesh graphs,” Journal of Graph",
        "  Theory, vol. 14, no. 1, pp. 1–19, 2003.",
        "[3] P. Sato, “Colouring planar meshes,” Discrete Graphs, vol. 7, pp. 101–120,",
        "  2005.",
    ]
    page = [*column(72, 780, BODY * 3), Text(72, 640, "References", 12, "F3"),
            *column(72, 620, entries, indent=12)]  # fmt: skip
    folder = tmp_path / "style"
    folder.mkdir()
    write_pdf(folder / "sample.pdf", [page])
    (folder / "sample.bib").write_text(
        "@article{odell, author={Odell, K.}, title={Graph routing in sparse meshes},\n"
        " journal={Journal of Graph Theory}, volume=12, number=3, pages={45--67}, year=2001}\n"
        "@article{abe, author={Abe, L. and Berg, M.}, title={Spectral bounds for mesh graphs},\n"
        " journal={Journal of Graph Theory}, volume=14, number=1, pages={1--19}, year=2003}\n"
        "@article{sato, author={Sato, P.}, title={Colouring planar meshes},\n"
        " journal={Discrete Graphs}, volume=7, pages={101--120}, year=2005}\n",
        "utf-8",
    )
    tally, rows = run_folder(SCORER, folder)
    assert (tally.rows, tally.aligned) == (3, 3)
    assert [r.aligned for r in rows] == [True, True, True]
    # authors, title, journal, year, volume, pages, and the issue where the .bib has one
    assert tally.tp + tally.fn == 7 + 7 + 6
    assert main([str(folder), "--json", str(tmp_path / "out.json")]) == 0
    assert (tmp_path / "out.json").is_file()
