"""Opening a PDF safely: bad files become InputError, hostile ones stay within a budget."""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refmanager.model import InputError

# Resource limits for one document. Real papers stay far below them.
MAX_STREAM_BYTES = 16_000_000  # one decoded stream
MAX_PAGE_CONTENT_BYTES = 8_000_000  # all content streams of one page, decoded
MAX_DOC_CONTENT_BYTES = 120_000_000  # all pages read, decoded
MAX_PAGE_CHARS = 400_000  # characters of text on one page
MAX_SECONDS = 30.0  # wall time for reading one document


@dataclass(slots=True)
class Budget:
    """What reading one document may still spend."""

    deadline: float
    content_bytes: int = 0
    notes: list[str] = field(default_factory=list)

    def expired(self) -> bool:
        return time.monotonic() > self.deadline


@contextlib.contextmanager
def pypdf_limits() -> Iterator[None]:
    """pypdf's decompression and parsing limits, lowered for untrusted files."""
    import logging

    from refmanager.pdf.lazycrypt import defer

    defer()  # cryptography is loaded only for an encrypted file
    import pypdf

    log = logging.getLogger("pypdf")
    was_level = log.level
    log.setLevel(logging.CRITICAL)  # pypdf logs the repairs it makes; users get notes
    with (
        warnings.catch_warnings(),
        pypdf.apply_configuration(
            zlib_maximum_output_length=MAX_STREAM_BYTES,
            lzw_maximum_output_length=MAX_STREAM_BYTES,
            run_length_maximum_output_length=MAX_STREAM_BYTES,
            brotli_maximum_output_length=MAX_STREAM_BYTES,
            array_based_stream_maximum_output_length=MAX_STREAM_BYTES,
            stream_decoding_work_maximum_length=4 * MAX_STREAM_BYTES,
            xform_maximum_invocations_per_extraction=500,
            stream_parsing_work_maximum_count=1_000_000,
            page_tree_maximum_entries=50_000,
            page_tree_maximum_page_entries=200_000,
        ),
    ):
        warnings.simplefilter("ignore")
        try:
            yield
        finally:
            log.setLevel(was_level)


def open_pdf(path: Path, password: str | None) -> Any:
    """A pypdf reader for ``path``, decrypted; InputError for anything a user must fix."""
    source = str(path)
    try:
        with path.open("rb") as fh:
            head = fh.read(1024)
    except FileNotFoundError:
        raise InputError(source, "no such file") from None
    except IsADirectoryError:
        raise InputError(source, "is a folder, not a PDF file") from None
    except OSError as exc:
        raise InputError(source, f"cannot be read ({exc.strerror or exc})") from None
    if not head:
        raise InputError(source, "is empty (0 bytes), not a PDF")
    if b"%PDF-" not in head:
        raise InputError(source, "is not a PDF file (no %PDF header)")

    from refmanager.pdf.lazycrypt import defer

    defer()
    import pypdf
    from pypdf.errors import (
        DependencyError,
        FileNotDecryptedError,
        LimitReachedError,
        PdfReadError,
        PyPdfError,
    )

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise InputError(source, f"is damaged beyond repair ({_short(exc)})") from None
    except RecursionError:
        raise InputError(source, "is damaged: its objects nest too deeply") from None
    if reader.is_encrypted:
        try:
            result = reader.decrypt(password or "")
        except DependencyError:
            raise InputError(source, "uses AES encryption; install pypdf[crypto]") from None
        except (PdfReadError, PyPdfError, ValueError, NotImplementedError) as exc:
            raise InputError(
                source, f"uses an encryption that cannot be opened ({_short(exc)})"
            ) from None
        if not result:
            if password:
                raise InputError(source, "wrong password")
            raise InputError(source, "is encrypted with a password: give it with --password")
    try:
        count = len(reader.pages)
    except FileNotDecryptedError:
        raise InputError(source, "is encrypted with a password: give it with --password") from None
    except LimitReachedError as exc:
        raise InputError(
            source, f"has more pages or parts than refmanager reads ({_short(exc)})"
        ) from None
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(source, f"is damaged beyond repair ({_short(exc)})") from None
    except RecursionError:
        raise InputError(source, "is damaged: its page tree loops or nests too deeply") from None
    if count == 0:
        raise InputError(source, "has no pages (truncated or damaged beyond repair)")
    return reader


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:120]


def content_size(page: Any) -> int:
    """Decoded size of what text extraction will decode on a page: its content streams and
    the form XObjects it may draw (three levels deep), stopping once past the page budget.
    """
    from pypdf.generic import ArrayObject

    total = 0
    contents = page.get("/Contents")
    if contents is not None:
        contents = contents.get_object()
        streams = list(contents) if isinstance(contents, ArrayObject) else [contents]
        if len(streams) > 10_000:
            return MAX_PAGE_CONTENT_BYTES + 1
        for ref in streams:
            obj = ref.get_object()
            total += len(obj.get_data()) if hasattr(obj, "get_data") else 0
            if total > MAX_PAGE_CONTENT_BYTES:
                return total
    seen: set[int] = set()
    return _forms_size(page.get("/Resources"), total, seen, 0)


def _forms_size(resources: Any, total: int, seen: set[int], depth: int) -> int:
    if resources is None or depth > 3:
        return total
    try:
        xobjects = resources.get_object().get("/XObject")
        items = list(xobjects.get_object().values()) if xobjects is not None else []
    except (AttributeError, TypeError, ValueError):
        return total
    if len(items) > 10_000:
        return MAX_PAGE_CONTENT_BYTES + 1
    for ref in items:
        key = id(ref.get_object())
        if key in seen:
            continue
        seen.add(key)
        obj = ref.get_object()
        if obj.get("/Subtype") != "/Form" or not hasattr(obj, "get_data"):
            continue
        total += len(obj.get_data())
        if total > MAX_PAGE_CONTENT_BYTES:
            return total
        total = _forms_size(obj.get("/Resources"), total, seen, depth + 1)
        if total > MAX_PAGE_CONTENT_BYTES:
            return total
    return total
