"""Small hostile PDFs for the PDF view (issue 26 defect 3), made here, deterministically,
and a run of the window over them in a process of its own.

- ``self-drawing``: a 1 KB form XObject that draws itself twice (QtPdf recursed until the
  window took gigabytes);
- ``flate-bomb``: a page content compressed twice (``[/FlateDecode /FlateDecode]``): about
  1 KB on disk, 400 MB once inflated;
- ``operators``: a page of four million path operators (about 100 KB on disk).

``python -m tests.gui.hostile_pdfs NAME`` opens the window (offscreen) on a library holding
that file (or ``sample``, the sample paper), selects its document, waits for the view's
verdict and prints it with the window process's peak resident memory (the probe's is not
the window's) and the seconds to the verdict: ``NAME verdict=refused peak_mb=... s=...``.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
import zlib
from pathlib import Path

from tests.pdf.pdfbuild import build_raw

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
TEXT = b"BT /F1 10 Tf 72 700 Td (A hostile page) Tj ET"


def _page(contents: bytes, resources: bytes, *extra: bytes) -> bytes:
    return build_raw(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
            b"/Resources << " + resources + b" >> >>",
            contents,
            FONT,
            *extra,
        ]
    )


def _stream(data: bytes, filters: bytes = b"/FlateDecode") -> bytes:
    return b"<< /Length %d /Filter %s >>\nstream\n" % (len(data), filters) + data + b"\nendstream"


def _deflate_repeated(chunk: bytes, times: int) -> bytes:
    packer = zlib.compressobj(9)
    out = [packer.compress(chunk) for _ in range(times)]
    out.append(packer.flush())
    return b"".join(out)


def self_drawing() -> bytes:
    form = zlib.compress(b"/Fm1 Do /Fm1 Do " + TEXT)
    return _page(
        _stream(zlib.compress(b"/Fm1 Do")),
        b"/Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >>",
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Length %d /Filter /FlateDecode "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>\nstream\n"
        % len(form)
        + form
        + b"\nendstream",
    )


def flate_bomb() -> bytes:
    inner = _deflate_repeated(b"0" * 1_000_000, 400)  # 400 MB of "0" in about 400 KB
    return _page(_stream(zlib.compress(inner, 9), b"[/FlateDecode /FlateDecode]"), b"")


def operators() -> bytes:
    ops = _deflate_repeated(b"0 0 m 1 1 l S\n" * 100_000, 40)  # four million operators
    return _page(_stream(ops), b"/Font << /F1 5 0 R >>")


HOSTILE = {"self-drawing": self_drawing, "flate-bomb": flate_bomb, "operators": operators}


SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-paper.pdf"


def write_hostile(folder: Path, name: str) -> Path:
    """The PDF ``name`` (one of ``HOSTILE``, or ``sample``: the shipped sample paper, for
    comparison) written in ``folder``."""
    path = folder / f"{name}.pdf"
    path.write_bytes(SAMPLE.read_bytes() if name == "sample" else HOSTILE[name]())
    return path


def peak_rss_mb() -> float:
    """This process's peak resident memory (its children's not counted)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def show_in_window(name: str, timeout: float = 120.0) -> str:
    """Select the document of hostile PDF ``name`` in a window (offscreen) and wait for the
    view's verdict: "refused" (the view says it cannot be shown safely), "shown", or
    "timeout"."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-qt-config-"))
    from PySide6.QtWidgets import QApplication

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow
    from refmanager.model import DocumentMeta
    from refmanager.service.opening import open_library

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "library"
        pdf = write_hostile(Path(tmp), name)
        lib = open_library(folder)
        try:
            doc = lib.documents.add_document(DocumentMeta(title=name), [], file=pdf)
        finally:
            lib.close()
        create_app()
        win = MainWindow(folder)
        win.resize(1200, 800)
        win.show()
        try:
            win.sidebar.select("document", doc)
            end = time.monotonic() + timeout
            while win.pdf.checking() and time.monotonic() < end:
                QApplication.processEvents()
                time.sleep(0.01)
            for _ in range(50):  # whatever the view draws now, it draws here
                QApplication.processEvents()
                time.sleep(0.01)
            if win.pdf.checking():
                return "timeout"
            text = win.pdf.placeholder.text()
            if win.pdf.placeholder.isVisibleTo(win.pdf) and "cannot be shown safely" in text:
                return "refused"
            return "shown"
        finally:
            win.close()


def main(argv: list[str]) -> int:
    for name in argv or list(HOSTILE):
        start = time.monotonic()
        verdict = show_in_window(name)
        seconds = time.monotonic() - start
        print(f"{name} verdict={verdict} peak_mb={peak_rss_mb():.0f} s={seconds:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
