from __future__ import annotations

import os
from pathlib import Path

from refmanager.parse.retrain import read_examples
from refmanager.parse.train import Example
from tools.fieldcorpus.build import write_examples


def test_write_examples_uses_a_temporary_file_of_its_own_process(tmp_path: Path) -> None:
    path = tmp_path / "generated.jsonl.gz"
    # another process's unfinished temporary file, as two cross-validations started together
    # leave one: this process neither reads nor removes it
    other = tmp_path / "generated.jsonl.gz.tmp"
    other.write_bytes(b"half written")
    ex = Example("Ode J. Graph walks. 2020.", ["author"] * 6 + ["O"] * 19)
    assert write_examples([ex], path) == 1
    assert other.read_bytes() == b"half written"
    assert not (tmp_path / f"generated.jsonl.gz.{os.getpid()}.tmp").exists()
    assert [e.text for e in read_examples(path)] == [ex.text]
