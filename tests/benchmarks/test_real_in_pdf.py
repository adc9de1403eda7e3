"""benchmarks.real_in_pdf: strings as printed, gold items, scoring, and Qt's two columns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks._util import bench_scorer
from benchmarks.real_in_pdf import (
    LAYOUTS,
    as_printed,
    gold_item,
    hyphenable,
    judge,
    judge_pair,
    score_read,
    unlabelled,
)
from refmanager.parse import Example

REPO = Path(__file__).resolve().parents[2]
SCORE = REPO.parent / "shared" / "bench" / "score.py"


def _example(*spans: tuple[str, str]) -> Example:
    text = "".join(t for t, _ in spans)
    labels = [lab for t, lab in spans for _ in t]
    return Example(text, labels)


def test_a_label_the_string_prints_is_cut_a_labelled_number_is_not() -> None:
    ex = _example(("9. ", "O"), ("Roe, A.", "author"), (" 2001.", "issued"))
    assert unlabelled(ex).text == "Roe, A. 2001."
    assert unlabelled(ex).labels[0] == "author"
    glued = _example(("[3]", "O"), ("K.G.Wilson", "author"), (", 1974", "issued"))
    assert unlabelled(glued).text == "K.G.Wilson, 1974"
    year_first = _example(("2001. ", "issued"), ("Roe, A.", "author"))
    assert unlabelled(year_first).text == year_first.text


def test_strings_as_a_reader_reads_them_back() -> None:
    ex = _example(("Terzi\u00b4c , B.", "author"), (" Title .", "title"))
    out = as_printed(ex)
    assert out.text == "Terzi\u0107, B. Title."
    assert len(out.labels) == len(out.text)
    assert out.labels[out.text.index("\u0107")] == "author"
    assert out.labels[-1] == "title"
    odd = as_printed(_example(("Franc\u00c3\u00a8s V, As\u00c3\u00ads K", "author"),
                              (" http://a.org/\u02dcjo", "URL")))  # fmt: skip
    assert odd.text == "Franc\u00c3s\u0308 V, As\u00c3s K http://a.org/~jo"
    assert len(odd.labels) == len(odd.text) and odd.labels[-1] == "URL"


def test_an_accent_apart_from_its_letter_and_a_decomposed_one_read_as_the_reader_reads() -> None:
    # The reader puts a spacing accent on the letter after a space too, and composes a
    # letter with its combining accents (NFC): both paths get the string so.
    ex = _example(("Zh. \u00b4 Eksp.", "container-title"), (" Pell", "title"),
                  ("e\u0301as", "title"))  # fmt: skip
    out = as_printed(ex)
    assert out.text == "Zh. \u00c9ksp. Pell\u00e9as"
    assert len(out.labels) == len(out.text) and out.labels[-3] == "title"
    assert out.labels[out.text.index("\u00c9")] == "container-title"


@pytest.mark.skipif(not SCORE.is_file(), reason="../shared/bench/score.py not here")
def test_the_authors_of_an_entry_opening_with_a_dash_for_the_names_before_are_not_judged() -> None:
    sc = bench_scorer()
    gold = {"id": 0, "_raw": "\u2014\u2014\u2014. 1901. A later work. Town: Press.",
            "title": "A later work", "issued": {"raw": "1901"}}  # fmt: skip
    read = {**gold, "author": [{"family": "Roe", "given": "A."}]}  # the names before
    assert "author" in judge_pair(sc, read, gold)
    assert "author" not in judge(sc, read, gold)
    assert judge(sc, read, gold)["title"] == (1, 0, 0)
    plain = {**gold, "_raw": "Doe, B. 1901. A later work. Town: Press."}
    assert judge(sc, read, plain)["author"] == (0, 1, 0)


def test_gold_items_name_the_authors_families() -> None:
    ex = _example(
        ("Roe, A. and B. Doe", "author"),
        (" (2001). ", "O"),
        ("A title", "title"),
        (". ", "O"),
        ("2001", "issued"),
    )
    item = gold_item(ex, 3)
    assert [a["family"] for a in item["author"]] == ["Roe", "Doe"]
    assert item["title"] == "A title"
    assert item["issued"] == {"raw": "2001"}
    assert item["id"] == 3 and item["_raw"] == ex.text


def test_long_words_take_soft_hyphens_urls_do_not() -> None:
    assert hyphenable("characterization").replace("\u00ad", "") == "characterization"
    assert "\u00ad" in hyphenable("characterization")
    assert hyphenable("http://example.org/abcdefgh") == "http://example.org/abcdefgh"
    assert hyphenable("short") == "short"


@pytest.mark.skipif(not SCORE.is_file(), reason="../shared/bench/score.py not here")
def test_reading_scores_as_score_py_does() -> None:
    sc = bench_scorer()
    gold = [
        {"id": 0, "_raw": "Roe, A. (2001). Alpha beta. J. Gamma, 3, 1-9.", "title": "Alpha beta",
         "author": [{"family": "Roe", "given": "A."}], "issued": {"raw": "2001"}},
        {"id": 1, "_raw": "Doe, B. (1999). Delta epsilon. Zeta, 4.", "title": "Delta epsilon",
         "author": [{"family": "Doe", "given": "B."}], "issued": {"raw": "1999"}},
    ]  # fmt: skip
    read = [{**gold[0], "_raw": f"[1] {gold[0]['_raw']}", "title": "Alpha"}]
    counts, by_gold = score_read(sc, read, gold)
    assert (counts.gold, counts.pred, counts.matched, counts.exact, counts.text) == (2, 1, 1, 0, 1)
    assert counts.fields["title"] == [0, 1, 2]  # a wrong title, and one never read
    assert counts.fields["author"] == [1, 0, 1]
    assert set(by_gold) == {0}
    assert judge_pair(sc, gold[1], gold[1])["title"] == (1, 0, 0)


@pytest.mark.slow
def test_qt_writes_two_columns_whose_lines_read_once(tmp_path: Path) -> None:
    """The two-column layout: every entry is read whole, once (no line drawn twice)."""
    strings = [
        f"Author{n}, A. and C. Writer. A study of things number {n} in a series of "
        f"considerable length. Journal of Invented Studies {n}, {n}00-{n}09 (20{n:02d})."
        for n in range(1, 41)
    ]
    script = (
        "import sys, json\n"
        "from pathlib import Path\n"
        "from benchmarks.real_in_pdf import LAYOUTS, list_html\n"
        "from tools.qtpdf import application, write_html\n"
        "application()\n"
        "layout = next(x for x in LAYOUTS if x.name == 'numbered-2col')\n"
        "strings = json.loads(sys.argv[2])\n"
        "write_html(Path(sys.argv[1]), list_html(strings, layout), 'DejaVu Serif',"
        " layout.size, columns=2)\n"
    )
    out = tmp_path / "two.pdf"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [sys.executable, "-c", script, str(out), json.dumps(strings)],
        env=env, cwd=REPO, check=True, timeout=120,
    )  # fmt: skip
    from refmanager.pdf import read_bibliography

    entries = read_bibliography(out).entries
    assert [e.raw for e in entries] == [f"[{n}] {s}" for n, s in enumerate(strings, 1)]
    assert {x.name for x in LAYOUTS} >= {"numbered-2col"}
