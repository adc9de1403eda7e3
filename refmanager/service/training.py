"""Use cases: retrain a library's own models with the corrections stored in it: the
parser's from its field corrections, the line model's from its layout corrections.

The shipped line model (``refmanager.pdf.zones``) is trained from the generated document
corpus (``tools/corpus``, decision 0021). A library's own line model
(:func:`retrain_line_model`, decision 0025) is stacked on it and trained on a sample of
that corpus shipped with the model plus the library's corrected documents, weighted up;
imports then read with it (:func:`line_model_for`). :func:`write_layout_examples` writes
the corrections as a packed file for ``python -m tools.corpus.linemodel train``.

The trainers are imported by the functions that run them, in the trainer's process: a
window loads this module for :func:`line_model_for` and :func:`learnt` (decision 0045).
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from refmanager.crf.keep import RetrainRejected
from refmanager.crf.modelcheck import model_problem
from refmanager.library import Library
from refmanager.model import InputError, Reference
from refmanager.service.files import check_user_file, user_file
from refmanager.service.fixing import layout_training_documents
from refmanager.service.parsing import library_model_path, stored_corrections, train
from refmanager.service.workers import Report


def line_model_path(folder: Path) -> Path:
    """Where a library keeps its own line model."""
    return Path(folder) / "lines.crfsuite"


def line_model_for(folder: Path | None) -> Path | None:
    """The library's own line model when it has one, else None (the shipped model)."""
    if folder is None:
        return None
    path = line_model_path(folder)
    return path if path.is_file() and model_problem(path) is None else None


def _layout_documents(folder: Path) -> list[dict[str, Any]]:
    """The library's layout-corrected documents as the line model's trainer reads them.

    Raises:
        InputError: no library there, or no layout corrections yet.
    """
    with Library.open(folder, create=False) as lib:
        docs = layout_training_documents(lib)
    if not docs:
        raise InputError(
            str(folder),
            "no layout corrections yet: mark a list's start and end, merge or split rows,"
            " or mark rows not a reference first",
        )
    return docs


def retrain_line_model(folder: Path) -> dict[str, float]:
    """Train the library's own line model on its layout corrections (about a minute);
    imports read with it from then on. Returns the training figures (documents, and the
    corrected documents' entries the model it replaces and the new model find).

    Raises:
        InputError: no library there, no layout corrections yet, or the new model reads
            the corrected documents worse than the model it would replace (it is not kept).
    """
    from refmanager.pdf.linetrain import train_library

    docs = _layout_documents(folder)
    try:
        return train_library(docs, line_model_path(folder))
    except RetrainRejected as exc:
        raise InputError(str(folder), str(exc)) from None
    except OSError as exc:
        raise InputError(str(folder), f"the line model cannot be trained ({exc})") from None


def retrain_library(
    folder: Path,
    out: Path | None = None,
    size: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> tuple[int, dict[str, float]]:
    """Train the library's own models with its stored corrections (about a minute each):
    the parser's (at ``out``, else the library's own; ``size`` as for
    :func:`~refmanager.service.parsing.train`) from its field corrections, the line
    model's from its layout corrections (``lines_``-prefixed figures); ``progress`` is told
    what each step learns from.

    Returns how many field corrections were used and the training figures. New imports and
    re-parses use those models from then on. Opens the library itself, so it runs as well
    in a worker process (the window runs it in one; an ``InputError`` pickles back).

    Raises:
        InputError: no corrections of either kind yet, no library there, or training
            failed.
    """
    say = progress or (lambda _message: None)
    if out is not None:
        check_user_file(out, folder)  # before any work: never over the library's own files
    corrections = stored_corrections(folder)
    layout = layout_correction_counts(folder)
    if not corrections and not layout:
        raise InputError(
            str(folder),
            "no corrections yet: edit some fields, or fix a document's list (its start and"
            " end, merged or split rows, rows not a reference) first",
        )
    stats: dict[str, float] = {}
    if corrections:
        say(f"{len(corrections)} corrections from {folder}")
        if out is None:
            stats.update(train(library_model_path(folder), corrections, size, progress))
        else:
            stats.update(_train_to_user_file(out, folder, corrections, size, progress))
    if layout:
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(layout.items()))
        say(f"{sum(layout.values())} layout corrections ({kinds}): training the line model")
        lines = retrain_line_model(folder)
        stats.update({f"lines_{key}": value for key, value in lines.items()})
    return len(corrections), stats


def retrain_reported(folder: Path, report: Report) -> tuple[int, dict[str, float]]:
    """:func:`retrain_library` as a worker process runs it (``WorkerProcess.call``): each
    step's words go to ``report``, which stops it between steps when the user cancelled."""
    return retrain_library(folder, progress=lambda message: report(0, 0, message))


def _train_to_user_file(
    out: Path,
    folder: Path,
    corrections: list[tuple[str, Reference]],
    size: int | None,
    progress: Callable[[str], None] | None,
) -> dict[str, float]:
    """:func:`~refmanager.service.parsing.train` for a model the user asked for at ``out``:
    trained in a private folder (beside a copy of the model ``out`` holds, which it must
    beat), then written through :func:`~refmanager.service.files.user_file` with the
    marker of a stacked model beside it."""
    from refmanager.parse.tagger import STACKED_SUFFIX

    with tempfile.TemporaryDirectory(prefix="refmanager-train-") as work:
        model = Path(work) / "model.crfsuite"
        for suffix in ("", STACKED_SUFFIX):
            with contextlib.suppress(OSError):
                shutil.copyfile(f"{out}{suffix}", f"{model}{suffix}")
        stats = train(model, corrections, size, progress)
        for suffix in ("", STACKED_SUFFIX):
            written = Path(f"{model}{suffix}")
            if written.is_file():
                with user_file(Path(f"{out}{suffix}"), folder) as stream:
                    stream.write(written.read_bytes())
    return stats


def learnt(result: tuple[int, dict[str, float]]) -> str:
    """What :func:`retrain_library` taught, in words for the user."""
    fields, stats = result
    parts = []
    if fields:
        parts.append(f"the parser learnt from {fields} corrections")
    if "lines_documents" in stats:
        docs = int(stats["lines_documents"])
        parts.append(
            f"the list finder learnt from {docs} corrected document{'s' if docs != 1 else ''}"
        )
    said = "; ".join(parts) or "nothing was learnt"
    return said[0].upper() + said[1:] + "; new imports and Re-parse use it now"


def layout_correction_counts(folder: Path) -> dict[str, int]:
    """How many layout corrections of each kind the library keeps (bounds, merge, split,
    not-reference)."""
    with Library.open(folder, create=False) as lib:
        return lib.layout.layout_correction_counts()


def write_layout_examples(folder: Path, out: Path) -> int:
    """Write the library's layout corrections to ``out`` as the line model's trainer reads
    them (gzip'd JSON lines, one labelled document a line: each corrected document once, as
    its newest correction left it); returns how many documents were written.

    ``python -m tools.corpus.linemodel train out`` trains on them; a gzip file may be
    joined to another (``cat tools/corpus/data/lines.jsonl.gz out > all.jsonl.gz``) to
    train on the corpus and the corrections together.

    Raises:
        InputError: no library there, no layout corrections yet, or ``out`` cannot be written.
    """
    check_user_file(out, folder)  # before any work: never over the library's own files
    docs = _layout_documents(folder)
    with (
        user_file(out, folder) as raw,
        gzip.GzipFile(fileobj=raw, mode="wb") as packed,
        io.TextIOWrapper(packed, encoding="utf-8") as fh,
    ):
        for doc in docs:
            fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
    return len(docs)
