"""`refmanager parse`: text in, CSL-JSON / BibTeX / RIS out."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from refmanager.cli.main import main

LINES = (
    "[1] K. Mensah and L. Moreau, \u201cSparse routing,\u201d IEEE Trans. Comput., vol. 71, 2022.\n"
    "[2] Okafor CN, Silva R. Graph kernels at scale. J. Data Syst., 2019, 12(3): 45-67.\n"
)


def test_parse_file_to_csl_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "refs.txt"
    src.write_text(LINES, encoding="utf-8")
    assert main(["parse", str(src)]) == 0
    items = json.loads(capsys.readouterr().out)
    assert len(items) == 2
    assert items[1]["_label"] == "2"


def test_parse_stdin_ris(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(LINES))
    assert main(["parse", "-", "--format", "ris"]) == 0
    assert capsys.readouterr().out.count("TY  -") == 2


def test_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("refmanager: ") and err.count("\n") == 1


def test_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\xfa not text")
    assert main(["parse", str(bad)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
