"""Every format the command line and the window offer (model.options.WRITE_FORMATS) is
written by formats."""

from __future__ import annotations

from refmanager.formats import format_string
from refmanager.model import Reference
from refmanager.model.options import WRITE_FORMATS


def test_every_offered_format_writes() -> None:
    ref = Reference(type="article-journal")
    ref.set("title", "Deep nets")
    for fmt in WRITE_FORMATS:
        assert "Deep nets" in format_string(fmt, [ref]), fmt
