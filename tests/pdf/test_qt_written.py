"""A Chinese paper written by Qt's PDF writer (tools/chinese_sample.py) reads as printed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from refmanager.pdf import read_bibliography
from refmanager.pdf.fonts import UNKNOWN, _glyph_text
from refmanager.pdf.pages import document_lines
from refmanager.pdf.textclean import join_lines, normalize
from tools import chinese_sample


@pytest.fixture(scope="module")
def qt_paper(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample written by Qt in a process of its own (no Qt application in the tests'
    process: the window's tests make theirs)."""
    out = tmp_path_factory.mktemp("qt") / "zh.pdf"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    script = Path(chinese_sample.__file__)
    subprocess.run([sys.executable, str(script), str(out)], env=env, check=True, timeout=120)
    return out


def test_kangxi_radicals_read_as_the_ideographs_they_draw() -> None:
    assert normalize("中\u2f42科技\u2f42献") == "中文科技文献"
    assert normalize("\u2f83动") == "自动"


def test_a_code_the_font_does_not_map_is_unknown_not_a_control_character() -> None:
    assert _glyph_text("\x84") == UNKNOWN
    assert _glyph_text("7") == "7"
    assert _glyph_text("\t") == "\t"


def test_lines_join_without_a_space_after_full_width_punctuation() -> None:
    assert (
        join_lines(["情报学报，2019，38(5)：", "471-480."])[0] == "情报学报，2019，38(5)：471-480."
    )
    assert join_lines(["图书情报工作，", "2020，64(12)"])[0] == "图书情报工作，2020，64(12)"


@pytest.mark.slow
def test_a_qt_written_chinese_paper(qt_paper: Path) -> None:
    lines = [ln.text for page in document_lines(str(qt_paper)).values() for ln in page]
    text = "\n".join(lines)
    assert not re.search("[\u2f00-\u2fdf]", text)  # no Kangxi radicals
    assert all(
        unicodedata.category(ch) != "Cc" for ch in text if ch != "\n"
    )  # Qt's ToUnicode leaves out the digits of "GB/T 7714" (see fonts._glyph_text)
    assert "GB/T " + UNKNOWN * 4 in text
    entries = read_bibliography(qt_paper).entries
    assert len(entries) == len(chinese_sample.REFERENCES)
    # The entry that runs over the page break ends as printed: Qt draws its last line on
    # page 1 and again above page 2's top, and page 2 goes on with the entry's tail.
    assert entries[8].raw.endswith("数据分析与知识发现，2022，6(4)：23-34.")
    assert entries[0].raw.endswith(
        "中文科技文献元数据自动抽取研究[J]. 情报学报，2019，38(5)：471-480."
    )


def test_text_drawn_outside_the_page_is_not_read() -> None:
    from refmanager.pdf.layout import Run
    from refmanager.pdf.source import on_page

    box = (0.0, 0.0, 595.0, 842.0)
    inside = [Run(f"line {i}", 72, 300, 700 - 14 * i, 10, "F") for i in range(4)]
    above = Run("a line Qt drew again above the page", 72, 300, 855, 10, "F")
    assert on_page([above, *inside], box) == inside
    # A page whose box is wrong (most of its text outside it) keeps its text.
    assert on_page([above, *inside], (0.0, 0.0, 595.0, 100.0)) == [above, *inside]
