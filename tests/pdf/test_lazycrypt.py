"""pypdf's crypto provider is loaded only for encrypted files (checked in a fresh process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf.pdfbuild import Text, column, write_pdf
from tests.pdf.test_read import _encrypted

_PROBE = """
import json, sys
from pathlib import Path
from refmanager.pdf import read_bibliography
from refmanager.pdf import lazycrypt
password = sys.argv[2] or None
bib = read_bibliography(Path(sys.argv[1]), password=password)
print(json.dumps({
    "labels": [e.label for e in bib.entries],
    "cryptography": "cryptography" in sys.modules,
    "provider_loaded": lazycrypt.loaded(),
}))
"""


def _probe(path: Path, password: str = "") -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path), password],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_plain_pdf_does_not_load_cryptography(tmp_path: Path) -> None:
    lines = ["[1] A. B. Title. 2000.", "[2] C. D. Title. 2001."]
    path = write_pdf(
        tmp_path / "plain.pdf", [[Text(72, 760, "References", 13, "F3"), *column(72, 740, lines)]]
    )
    result = _probe(path)
    assert result["labels"] == ["1", "2"]
    assert result["cryptography"] is False
    assert result["provider_loaded"] is False


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-256"])
def test_encrypted_pdf_loads_the_provider_on_use(tmp_path: Path, algorithm: str) -> None:
    result = _probe(_encrypted(tmp_path, "", algorithm))
    assert result["labels"] == ["1", "2"]
    assert result["provider_loaded"] is True
    assert result["cryptography"] is True


def test_password_still_checked_in_a_fresh_process(tmp_path: Path) -> None:
    result = _probe(_encrypted(tmp_path, "s3cret", "AES-128"), "s3cret")
    assert result["labels"] == ["1", "2"]
