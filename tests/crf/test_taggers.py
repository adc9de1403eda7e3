"""The one cache of open CRF taggers (crf.taggers), used by the field parser and the line
model alike."""

import os
import shutil
import threading
from pathlib import Path

from refmanager.crf.taggers import open_tagger
from refmanager.parse.tagger import DEFAULT_MODEL
from refmanager.pdf.linefeatures import stored_line
from refmanager.pdf.zones import MODEL_PATH, read_lines, tag_lines


def test_a_rewritten_model_file_is_reopened(tmp_path: Path) -> None:
    model = tmp_path / "library.crfsuite"
    shutil.copyfile(DEFAULT_MODEL, model)
    first = open_tagger(model)
    assert first is not None
    assert open_tagger(model) is first  # unchanged file: the open tagger is reused

    model.write_bytes(b"not a model any more")
    stat = model.stat()
    os.utime(model, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert open_tagger(model) is None  # the new (corrupt) file was read, not the cached tagger


def test_a_missing_model_means_rules_only(tmp_path: Path) -> None:
    assert open_tagger(tmp_path / "absent.crfsuite") is None


def test_each_thread_has_its_own_tagger() -> None:
    # a tagger keeps the last sequence it tagged: two threads never share one
    mine = open_tagger(MODEL_PATH, shipped=True)
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(open_tagger(MODEL_PATH, shipped=True)))
    worker.start()
    worker.join()
    assert mine is not None and theirs[0] is not None and theirs[0] is not mine


def test_a_damaged_library_line_model_is_not_opened(tmp_path: Path) -> None:
    # the line model's library model came through no check of its own: python-crfsuite
    # crashed the process (SIGSEGV) opening a damaged one
    data = bytearray(MODEL_PATH.read_bytes())
    data[20:24] = b"\xff\xff\xff\x7f"
    damaged = tmp_path / "lines.crfsuite"
    damaged.write_bytes(bytes(data))
    lines = [
        stored_line([1, 0, 72.0, 300.0, 700.0 - 14 * i, 10.0, False, False, text, "other"])
        for i, text in enumerate(["References", "[1] A. Smith. Deep nets. Nature, 2019.",
                                  "[2] B. Jones. Wide nets. Science, 2020."])
    ]  # fmt: skip
    heights = {1: 792.0}
    reading = read_lines(lines, heights, library=damaged)  # and this process is still here
    assert reading is not None
    assert tag_lines(lines, heights, library=damaged) == tag_lines(lines, heights)
