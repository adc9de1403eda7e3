"""Hostile files end with an InputError or a partial result, never a hang or a crash.

How long they take is not asserted here (team rule: no timed assertions in tests).
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest

from refmanager.model import InputError
from refmanager.pdf import Bibliography, read_bibliography
from tests.pdf.pdfbuild import Text, build_raw, write_pdf

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
TEXT = b"BT /F1 10 Tf 72 700 Td ([1] A. B. Title. 2000.) Tj ET"


def _stream(data: bytes) -> bytes:
    packed = zlib.compress(data)
    return (
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"
    )


def _read(tmp_path: Path, data: bytes) -> object:
    """The Bibliography, or the InputError: either way reading ended (no hang, no crash)."""
    path = tmp_path / "hostile.pdf"
    path.write_bytes(data)
    try:
        return read_bibliography(path)
    except InputError as exc:
        return exc


def test_page_tree_that_loops(tmp_path: Path) -> None:
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",  # the tree contains itself
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        _stream(TEXT),
        FONT,
    ]
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, InputError)
    assert "damaged" in str(result)


def test_deeply_nested_objects(tmp_path: Path) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    # In the page's content, nesting is bounded by the interpreter and the text after it
    # is read; an unused object (/Junk) is never parsed.
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /Junk 6 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        _stream(b"q " + deep + b" Q " + TEXT),
        FONT,
        deep,
    ]
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, Bibliography)
    assert result.meta.year == 2000  # the page's text was read
    # Nesting in an object the reader needs (the page tree) is a damaged file.
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Junk " + deep + b" >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        _stream(TEXT),
        FONT,
    ]
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, InputError)
    assert "nest too deeply" in str(result) or "damaged" in str(result)


def test_form_xobject_that_draws_itself(tmp_path: Path) -> None:
    form = b"/Fm1 Do " + TEXT
    packed = zlib.compress(form)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>",
        _stream(b"/Fm1 Do"),
        FONT,
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Length %d /Filter /FlateDecode "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>\nstream\n"
        % len(packed)
        + packed
        + b"\nendstream",
    ]
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, Bibliography)
    assert len(result.notes) == 1
    assert result.notes[0].startswith("no bibliography found (")


@pytest.mark.parametrize("size", [200_000_000])
def test_single_stream_bomb(tmp_path: Path, size: int) -> None:
    # 200 MB of zeros compress to about 200 KB; the per-stream limit stops the inflation.
    packed = zlib.compress(b"0" * size, 9)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
        FONT,
    ]
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, InputError)
    assert "page 1" in str(result)


def test_bomb_spread_over_form_xobjects(tmp_path: Path) -> None:
    # 20 forms of 1 MB each: every stream is small, together they pass the page budget.
    form = zlib.compress(b" " * 1_000_000 + TEXT)
    names = b" ".join(b"/Fm%d %d 0 R" % (i, 6 + i) for i in range(20))
    draw = b" ".join(b"/Fm%d Do" % i for i in range(20))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << " + names + b" >> >> >>",
        _stream(draw),
        FONT,
    ]
    for _ in range(20):
        objects.append(
            b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Length %d "
            b"/Filter /FlateDecode /Resources << /Font << /F1 5 0 R >> >> >>\nstream\n"
            % len(form)
            + form
            + b"\nendstream"
        )
    result = _read(tmp_path, build_raw(objects))
    assert isinstance(result, InputError)
    assert "size limit" in str(result)


# ------------------------------------------------------------------ issue 26


def _one_page(contents: bytes, resources: bytes, *extra: bytes) -> bytes:
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


def test_a_form_that_only_draws_itself_is_not_called_a_scan(tmp_path: Path) -> None:
    form = zlib.compress(b"/Fm1 Do /Fm1 Do")
    data = _one_page(
        _stream(b"/Fm1 Do"),
        b"/Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >>",
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Length %d /Filter /FlateDecode "
        b"/Resources << /XObject << /Fm1 6 0 R >> >> >>\nstream\n"
        % len(form)
        + form
        + b"\nendstream",
    )
    result = _read(tmp_path, data)
    assert isinstance(result, InputError)
    assert "OCR" not in str(result)
    assert "a form draws itself" in str(result)


def test_text_without_a_readable_font_is_not_called_a_scan(tmp_path: Path) -> None:
    result = _read(tmp_path, _one_page(_stream(TEXT), b"/Font 5"))  # /Font is no dictionary
    assert isinstance(result, InputError)
    assert "OCR" not in str(result)
    assert "fonts that are missing or damaged" in str(result)


def test_a_python_error_on_a_damaged_page_is_not_shown_to_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise AttributeError("'NumberObject' object has no attribute 'get_object'")

    monkeypatch.setattr("refmanager.pdf.pages.page_runs", broken)
    result = _read(tmp_path, _one_page(_stream(TEXT), b"/Font << /F1 5 0 R >>"))
    assert isinstance(result, InputError)
    assert "attribute" not in str(result) and "NumberObject" not in str(result)
    assert "page 1: text could not be read (the page's description is damaged)" in str(result)


def test_a_huge_metadata_title_is_not_taken(tmp_path: Path) -> None:
    page = [
        Text(72, 760, "A Real Title Of The Paper", 18),
        Text(72, 700, "References", 12),
        Text(72, 680, "[1] A. B. Title. 2000."),
    ]
    path = write_pdf(tmp_path / "t.pdf", [page], info={"Title": "T" * 3_000_000, "Author": "X"})
    result = read_bibliography(path)
    assert len(result.meta.title) < 1_000
    assert "TTTT" not in result.meta.title  # the page's own title, if it finds one


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "fifo"])
def test_a_device_or_a_pipe_is_refused_without_reading(tmp_path: Path, device: str) -> None:
    if device == "fifo":
        os.mkfifo(tmp_path / "pipe.pdf")  # opening it would wait for a writer for ever
        device = str(tmp_path / "pipe.pdf")
    with pytest.raises(InputError, match="is not a file"):
        read_bibliography(device)


def test_a_small_pdf_reads_under_an_address_space_limit(tmp_path: Path) -> None:
    """Reading a file reserves memory for what it holds, not for the largest file allowed
    (every PDF failed with MemoryError under a 2 GB address-space limit)."""
    import subprocess
    import sys

    from tests.pdf.pdfbuild import Text, write_pdf

    pdf = write_pdf(tmp_path / "small.pdf", [[Text(72, 700, "References", 12, "F3")]])
    code = (
        "import resource, sys\n"
        "limit = 1_000_000_000\n"
        "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "from refmanager.pdf import read_bibliography\n"
        "print(read_bibliography(sys.argv[1]).page_count)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(pdf)], capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "1", done.stderr[-500:]


def test_text_drawn_at_size_zero_is_read_without_error(tmp_path: Path) -> None:
    # A font info sheet draws its text with a zero size and scales it by its matrix: the
    # body size came out 0 and the line model divided by it.
    page = [Text(72, 780, "References", 0.0, "F3")]
    page += [Text(72, 760 - 14 * k, f"[{k}] A. Writer, A title, 2001.", 0.0) for k in range(1, 5)]
    bib = read_bibliography(write_pdf(tmp_path / "zero.pdf", [page]))
    assert all(e.raw.startswith("[") for e in bib.entries)
