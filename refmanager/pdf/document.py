"""Opening a PDF safely: bad files become InputError, hostile ones stay within a budget."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import stat
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field

import pypdf
from pypdf.errors import DependencyError, FileNotDecryptedError, LimitReachedError, PyPdfError

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


@contextlib.contextmanager
def pypdf_limits() -> Iterator[None]:
    """pypdf's decompression and parsing limits, lowered for untrusted files."""
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


# Larger files are not read at all (a thesis with scans is far below this).
MAX_FILE_BYTES = 2_000_000_000


def check_header(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``; InputError unless it can be a PDF."""
    source = os.fspath(path)
    try:
        info = os.stat(source)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):
            # a device (/dev/zero, /dev/urandom) or a pipe has no size to check: it could
            # give bytes without end (and opening a pipe waits for a writer)
            raise InputError(source, "is not a file (a device or a pipe), not a PDF")
        if info.st_size > MAX_FILE_BYTES:
            raise InputError(source, f"is too large to read ({info.st_size // 1_000_000} MB)")
        with open(source, "rb") as fh:
            # Only what the file holds (a read of MAX_FILE_BYTES reserves that much memory
            # whatever the file's size, and fails under an address-space limit); a file
            # that grows meanwhile is read on, bounded too.
            data = fh.read(info.st_size + 1)
            if len(data) > info.st_size:
                data += fh.read(MAX_FILE_BYTES + 1 - len(data))
        if len(data) > MAX_FILE_BYTES:
            raise InputError(
                source, f"is too large to read (over {MAX_FILE_BYTES // 1_000_000} MB)"
            )
    except FileNotFoundError:
        raise InputError(source, "no such file") from None
    except IsADirectoryError:
        raise InputError(source, "is a folder, not a PDF file") from None
    except OSError as exc:
        raise InputError(source, f"cannot be read ({exc.strerror or exc})") from None
    if not data:
        raise InputError(source, "is empty (0 bytes), not a PDF")
    if b"%PDF-" not in data[:1024]:
        raise InputError(source, "is not a PDF file (no %PDF header)")
    return data


def open_pdf(
    path: str | os.PathLike[str], password: str | None, data: bytes | None = None
) -> pypdf.PdfReader:
    """A pypdf reader for ``path`` (whose bytes are ``data``, if read already), decrypted;
    InputError for anything a user must fix."""
    source = os.fspath(path)
    if data is None:
        data = check_header(path)
    try:
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
    except (PyPdfError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise InputError(source, f"is damaged beyond repair ({_short(exc)})") from None
    except RecursionError:
        raise InputError(source, "is damaged: its objects nest too deeply") from None
    if reader.is_encrypted:
        try:
            result = reader.decrypt(password or "")
        except DependencyError:
            raise InputError(source, "uses AES encryption; install pypdf[crypto]") from None
        except (PyPdfError, ValueError, NotImplementedError) as exc:
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
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(source, f"is damaged beyond repair ({_short(exc)})") from None
    except RecursionError:
        raise InputError(source, "is damaged: its page tree loops or nests too deeply") from None
    if count == 0:
        raise InputError(source, "has no pages (truncated or damaged beyond repair)")
    return reader


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:120]
