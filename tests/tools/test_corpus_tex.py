"""The .tex source the corpus build writes for a document."""

from __future__ import annotations

import random

from tools.corpus.styles import Style
from tools.corpus.tex import LAYOUTS, document, plan

ARTICLE = next(x for x in LAYOUTS if x.name == "article-1col")


def _preamble(style: Style) -> str:
    p = plan(random.Random(3), ARTICLE, style)
    source = document(p, ["k1", "k2"], random.Random(4), "refs")
    return source.split("\\begin{document}")[0]


def test_a_mciteplus_style_gets_its_package_after_natbib() -> None:
    # Without mciteplus its .bst files print no labels and end every entry with "; .".
    pre = _preamble(Style("bst", "IEEEtranM", "bst/mciteplus"))
    assert pre.index("{natbib}") < pre.index("\\usepackage{mciteplus}")
    assert "mciteplus" not in _preamble(Style("bst", "IEEEtran", "bst/ieeetran"))
