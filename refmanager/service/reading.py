"""A bibliography file read a part at a time, each part's references already in the form
the library writes (``library.codec.StoredForm``): here, or for a large file in a worker
process while the caller stores the part before (decision 0024).

Reading (decoding, parsing, the CSL item repaired, the columns and index text derived)
is about half of an import's CPU time and writing to SQLite the other half; in a worker
process the two run on two cores, and the window's process keeps its GIL for the window.
The worker is started with ``spawn`` (safe from a process running threads, and a child
of the caller, so its CPU time counts in the caller's) and sends one part at a time
through a pipe: it waits while the caller stores, so memory stays one or two parts. A
caller that stops early (cancelled, or an error) stops the worker; a worker whose caller
died stops at its next send (the pipe is broken).

The file formats are imported by the caller that opens the file (``exchange``) and by the
worker: a window imports this module and reads no large file itself (decision 0045).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING

from refmanager.library.codec import StoredForm, stored_form
from refmanager.model import InputError, Problem

if TYPE_CHECKING:
    from refmanager.formats.parts import RecordStream

WORKER_BYTES = 8 << 20  # files at least this large are read in a worker process


@dataclass(slots=True)
class StoredPart:
    """One part of a file: its references in stored form, the problems met reading it,
    and how far into the file reading has got (bytes)."""

    forms: list[StoredForm]
    problems: list[Problem]
    bytes_read: int


def stored_parts(stream: RecordStream) -> Iterator[StoredPart]:
    """The parts of ``stream``, read here."""
    for part in stream:
        forms = [stored_form(ref) for ref in part.references]
        yield StoredPart(forms, part.problems, stream.source.bytes_read)


@contextmanager
def read_parts(stream: RecordStream) -> Iterator[Iterator[StoredPart]]:
    """The parts of ``stream``: read here for a small file, else in a worker process
    (stopped when the block ends, whether or not every part was taken).

    Raises (while iterating):
        InputError: the file cannot be read (as :class:`RecordStream` raises it), or the
            worker process stopped.
    """
    if stream.source.size < WORKER_BYTES:
        yield stored_parts(stream)
        return
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    worker = context.Process(
        target=_read_in_worker,
        args=(stream.path, stream.format, stream.chunk, send),
        name="refmanager-reader",
        daemon=True,
    )
    worker.start()
    send.close()  # the worker's end: the pipe breaks when the worker stops
    try:
        yield _received(receive, stream.path)
    finally:
        receive.close()
        if worker.is_alive():
            worker.terminate()
        worker.join()


def _received(receive: Connection, path: Path) -> Iterator[StoredPart]:
    while True:
        try:
            message = receive.recv()
        except EOFError:
            raise InputError(str(path), "the reading process stopped (out of memory?)") from None
        if isinstance(message, InputError):
            raise message
        if message is None:
            return
        yield message


def _read_in_worker(path: Path, fmt: str, chunk: int, send: Connection) -> None:
    """The worker: every part of the file, then None; or the InputError that stopped it."""
    from refmanager.formats.parts import open_records

    try:
        for part in stored_parts(open_records(path, fmt, chunk)):
            send.send(part)
        send.send(None)
    except BrokenPipeError:
        return  # the caller is gone
    except InputError as exc:
        send.send(InputError(exc.source, exc.cause))  # (a subclass may not pickle back)
    except Exception as exc:  # a bug while reading: told to the caller as the file's error
        cause = f"internal error while reading: {type(exc).__name__}: {exc}"
        send.send(InputError(str(path), cause))
    finally:
        send.close()
