import os
import shutil
from pathlib import Path

from refmanager.parse.tagger import DEFAULT_MODEL, open_tagger


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
