"""`refmanager parse`: text in, CSL-JSON / BibTeX / RIS out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
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


def test_csl_json_is_laid_out_one_space_per_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the documented layout: json.dumps(items, ensure_ascii=False, indent=1) and a newline
    src = tmp_path / "refs.txt"
    src.write_text(LINES, encoding="utf-8")
    assert main(["parse", str(src)]) == 0
    out = capsys.readouterr().out
    assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=1) + "\n"
    assert out.startswith('[\n {\n  "id": "ref-1",\n')
    assert "\u201c" in out  # not escaped


def test_parse_loads_neither_the_library_nor_the_file_formats(tmp_path: Path) -> None:
    # a start-up of its own for every call: the library's stores and the formats' readers
    # took two thirds of it
    src = tmp_path / "refs.txt"
    src.write_text(LINES, encoding="utf-8")
    code = (
        "import sys\n"
        "from refmanager.cli.main import main\n"
        f"main(['parse', {str(src)!r}])\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert len(json.loads(done.stdout)) == 2
    loaded = set(done.stderr.split())
    assert not {m for m in loaded if m.split(".")[1:2] in (["library"], ["formats"], ["pdf"])}
    assert not loaded & {"sqlite3", "rapidfuzz", "bibtexparser", "psycopg", "pypdf"}
    # nor what only a library's folder, a crash log or a model to probe needs
    assert not loaded & {"platformdirs", "subprocess"}


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
