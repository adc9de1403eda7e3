"""``refmanager extract``: output, errors and the console script's exit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from refmanager.cli.main import main
from tests.pdf.pdfbuild import Text, column, write_pdf


def _paper(tmp_path: Path) -> Path:
    title = [Text(72, 780, "A Paper Title Set Large", 20, "F3")]
    body = ["The body of the paper, which cites [1] and [2] but is not a list."]
    return write_pdf(
        tmp_path / "paper.pdf",
        [
            [*title, *column(72, 700, body)],
            [
                Text(72, 760, "References", 13, "F3"),
                *column(
                    72,
                    740,
                    [
                        "[1] A. Author. A title of a paper. Journal of Things, 3(2):1-9, 2001.",
                        "[2] B. Author. Another title. In Proc. of the Meeting, 2002.",
                    ],
                ),
            ],
        ],
    )


def _entry(args: list[str]) -> subprocess.CompletedProcess[str]:
    code = "import sys; from refmanager.cli.main import entry; sys.argv[1:] = sys.argv[2:]; entry()"
    return subprocess.run(
        [sys.executable, "-c", code, "refmanager", *args],
        check=False,
        capture_output=True,
        text=True,
    )


def test_the_console_script_prints_everything_before_it_exits(tmp_path: Path) -> None:
    path = _paper(tmp_path)
    done = _entry(["extract", str(path)])
    assert done.returncode == 0, done.stderr
    items = json.loads(done.stdout)
    assert [item["_label"] for item in items] == ["1", "2"]
    assert items[0]["issued"]["date-parts"][0][0] == 2001
    assert done.stdout.endswith("]\n")


def test_the_console_script_reports_bad_input_with_exit_code_2(tmp_path: Path) -> None:
    done = _entry(["extract", str(tmp_path / "missing.pdf")])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == f"refmanager: {tmp_path / 'missing.pdf'}: no such file"


def test_text_format_prints_the_entries_without_parsing_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import refmanager.parse

    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("the text format needs no fields")

    monkeypatch.setattr(refmanager.parse, "parse_entries", no_parsing)
    assert main(["extract", str(_paper(tmp_path)), "--format", "text"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "[1] A. Author. A title of a paper. Journal of Things, 3(2):1-9, 2001.",
        "[2] B. Author. Another title. In Proc. of the Meeting, 2002.",
    ]


def test_metadata_is_read_only_when_asked_for(tmp_path: Path) -> None:
    from refmanager.pdf import read_bibliography

    path = _paper(tmp_path)
    full = read_bibliography(path)
    lean = read_bibliography(path, meta=False)
    assert full.meta.title == "A Paper Title Set Large"
    assert lean.meta.title == "" and lean.meta.page_count == 2
    assert [e.raw for e in lean.entries] == [e.raw for e in full.entries]


def test_from_and_to_read_the_list_between_two_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _paper(tmp_path)
    # only the second entry: from just above its line to the bottom of page 2
    assert main(["extract", str(path), "--format", "text", "--from", "2:736", "--to", "2:30"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "[2] B. Author. Another title. In Proc. of the Meeting, 2002."
    ]
    assert main(["extract", str(path), "--from", "1:60", "--to", "1:50"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == []
    assert "no bibliography found (no text between the marks" in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "2:700"], "give both"),
        (["--from", "two:700", "--to", "2:30"], "--from: 'two:700' is not PAGE:Y"),
        (["--from", "9:700", "--to", "9:30"], "on page 9, but the document has 2 page(s)"),
    ],
)
def test_bad_marks_are_told_with_exit_code_2(tmp_path: Path, args: list[str], message: str) -> None:
    done = _entry(["extract", str(_paper(tmp_path)), *args])
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_extract_refuses_a_device_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 26 defect 5: stat says 0 bytes for a device, and /dev/zero was read without end
    assert main(["extract", "/dev/zero"]) == 2
    assert "/dev/zero: is not a file (a device or a pipe)" in capsys.readouterr().err
