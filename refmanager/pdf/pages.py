"""A document's pages, laid out into lines on demand, each at most once, within the
document's budget: the one way the pipeline, :mod:`region` and the training tools open a
PDF's pages."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from pypdf.errors import LimitReachedError, PyPdfError

from refmanager.model import InputError
from refmanager.pdf.content import GlyphFont
from refmanager.pdf.document import (
    MAX_DOC_CONTENT_BYTES,
    MAX_PAGE_CONTENT_BYTES,
    MAX_SECONDS,
    Budget,
    check_header,
    open_pdf,
    pypdf_limits,
)
from refmanager.pdf.fonts import Measure
from refmanager.pdf.layout import Line, PageTimeout, PageTooBig, page_lines
from refmanager.pdf.source import PypdfSource, page_runs


class Pages:
    """Pages laid out on demand, each at most once, within the document's budget."""

    def __init__(self, source: PypdfSource, budget: Budget) -> None:
        self.source = source
        self.budget = budget
        self.count = source.page_count
        self.lines: dict[int, list[Line]] = {}
        self.heights: dict[int, float] = {}
        self.side_text: dict[int, str] = {}
        self.chars = 0
        self.failed: set[int] = set()
        # what made some page's text unreadable (a page with none is then not "scanned")
        self.unreadable: set[str] = set()
        self.fonts: dict[int, tuple[object, GlyphFont | None]] = {}
        self.measures: dict[int, dict[bytes, Measure]] = {}

    def get(self, number: int) -> list[Line]:
        """Lines of 1-based page ``number`` in reading order ([] if it cannot be read)."""
        if number in self.lines:
            return self.lines[number]
        lines: list[Line] = []
        try:
            room = MAX_DOC_CONTENT_BYTES - self.budget.content_bytes
            if room <= 0:
                raise PageTooBig
            runs, side, (x0, _, x1, top), used = page_runs(
                self.source,
                number - 1,
                byte_budget=min(MAX_PAGE_CONTENT_BYTES, room),
                deadline=self.budget.deadline,
                fonts=self.fonts,
                measures=self.measures,
                unreadable=self.unreadable,
            )
            self.budget.content_bytes += used
            lines = page_lines(runs, number, x1 - x0)
            self.heights[number] = top
            self.side_text[number] = side
            self.chars += sum(len(r.text) for r in runs)
        except Exception as exc:
            self.failed.add(number)
            why = next((w for kind, w in _PAGE_FAILURES if isinstance(exc, kind)), None)
            if why is None and isinstance(exc, PyPdfError) and str(exc).strip():
                why = f"text could not be read ({str(exc).strip().splitlines()[0][:100]})"
            elif why is None:  # not pypdf's word but a Python error on its data: no message
                why = "text could not be read (the page's description is damaged)"
            self.budget.notes.append(f"page {number}: {why}")
        self.lines[number] = lines
        return lines

    def content_spent(self) -> bool:
        """Whether the document's budget of decoded content is spent (no page can be read)."""
        return self.budget.content_bytes >= MAX_DOC_CONTENT_BYTES

    def time_left(self) -> float:
        """Seconds left of the document's time budget."""
        return self.budget.deadline - time.monotonic()

    def out_of_time(self, number: int) -> bool:
        """Whether the time budget is spent before page ``number`` (said in the notes)."""
        if time.monotonic() <= self.budget.deadline:
            return False
        self.budget.notes.append(
            f"stopped after {MAX_SECONDS:.0f} s at page {number}: the result may be partial"
        )
        return True


# What the notes say of a page that could not be read, by the error that stopped it.
_PAGE_FAILURES: tuple[tuple[type[Exception], str], ...] = (
    (  # pypdf's own limits (pypdf_limits)
        LimitReachedError,
        "text could not be read (its content exceeds the size limit (hostile or broken file))",
    ),
    (PageTooBig, "skipped, its content exceeds the size limit (hostile or broken file)"),
    (PageTimeout, "reading stopped at the time limit"),
    (RecursionError, "text could not be read (objects nest too deeply)"),
    (MemoryError, "text could not be read (out of memory)"),
)


@contextmanager
def open_pages(path: str, password: str | None) -> Iterator[Pages]:
    """The pages of the PDF at ``path``, read on demand within the time budget (counted
    from now) and pypdf's limits; InputError for a file a user must fix."""
    deadline = time.monotonic() + MAX_SECONDS
    data = check_header(path)
    try:
        with pypdf_limits():
            reader = open_pdf(path, password, data)
            try:
                yield Pages(PypdfSource(reader), Budget(deadline))
            finally:
                reader.close()
    except RecursionError:
        raise InputError(path, "is damaged: its objects nest too deeply") from None
    except MemoryError:
        raise InputError(path, "is too large to read within the memory limit") from None


def document_lines(path: str, password: str | None = None) -> dict[int, list[Line]]:
    """Every page's lines in reading order (1-based page numbers), read as the pipeline
    reads them; pages that cannot be read are empty (training data for the line model)."""
    with open_pages(path, password) as pages:
        for number in range(1, pages.count + 1):
            pages.get(number)
        return pages.lines
