"""The corpus build's draw of a document's layout and style."""

from __future__ import annotations

import random

from tools.corpus.build import choose
from tools.corpus.styles import Style
from tools.corpus.tex import LAYOUTS

STYLES = [
    Style("bst", "plain", "bibtex"),
    Style("bst", "ieeetr", "bibtex"),
    Style("gbt", "numerical-zh", "gbt7714"),
    Style("gbt", "numerical-en", "gbt7714"),
    Style("bbx", "authoryear", "biblatex"),
    Style("bst", "apsrev4-2", "revtex"),
]


def test_chinese_draws_only_chinese_styles_in_chinese_layouts() -> None:
    drawn = [choose(random.Random(i), STYLES, set(), chinese="gbt7714") for i in range(40)]
    assert {style.name for _, style in drawn} == {"numerical-zh"}
    assert all(layout.zh for layout, _ in drawn)
    assert {layout.name for layout, _ in drawn} == {x.name for x in LAYOUTS if x.zh}


def test_chinese_in_any_style_keeps_the_ctex_layouts_and_spans_engines() -> None:
    drawn = [choose(random.Random(i), STYLES, set(), chinese="any") for i in range(80)]
    assert all(layout.zh for layout, _ in drawn)
    names = {style.name for _, style in drawn}
    # Every engine set in a ctex layout, but never an English gbt7714 variant nor revtex's
    # own style (it needs its class).
    assert names == {"plain", "ieeetr", "numerical-zh", "authoryear"}


def test_without_chinese_the_draw_spans_engines() -> None:
    drawn = [choose(random.Random(i), STYLES, set()) for i in range(60)]
    assert {style.engine for _, style in drawn} == {"bst", "bbx", "gbt"}
    assert any(not layout.zh for layout, _ in drawn)
