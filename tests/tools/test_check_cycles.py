"""tools/check_cycles.py: cycles through imports inside functions are found too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.check_cycles import main


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "refmanager" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_cycle_hidden_in_a_function_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from refmanager import b\n",
            "b.py": "def f():\n    from . import a\n",
        },
    )
    assert main(["check_cycles", str(root)]) == 1
    out = capsys.readouterr().out
    assert "refmanager.a -> refmanager.b" in out and "refmanager.b -> refmanager.a" in out


def test_a_package_importing_its_module_which_imports_it_back_fails(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "pdf/__init__.py": "def read():\n    from refmanager.pdf.pipeline import run\n",
            "pdf/pipeline.py": "from refmanager.pdf import Thing\n",
        },
    )
    assert main(["check_cycles", str(root)]) == 1


def test_layers_without_cycles_pass(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "model/__init__.py": "from refmanager.model.items import Name\n",
            "model/items.py": "import re\n",
            "service.py": "from refmanager.model import Name\nimport refmanager.model.items\n",
        },
    )
    assert main(["check_cycles", str(root)]) == 0


def test_refmanager_has_no_import_cycles() -> None:
    assert main(["check_cycles"]) == 0
