"""The whole command line's parser is built without importing any use case: `refmanager
extract` used to import the PostgreSQL client, the library and every file format before it
read its PDF, because every command's module (and the use cases it runs) was imported to
add its arguments."""

from __future__ import annotations

import subprocess
import sys

from refmanager.cli.arguments import COMMANDS, build_parser
from refmanager.model.options import MEMBER_ROLES, SORT_COLUMNS, WRITE_FORMATS

_HEAVY = ("psycopg", "sqlite3", "pypdf", "pycrfsuite", "bibtexparser", "rapidfuzz")


def test_building_the_whole_parser_imports_no_use_case() -> None:
    code = (
        "import sys\n"
        "from refmanager.cli.main import main\n"
        "from refmanager.cli.arguments import build_parser\n"
        "build_parser().parse_args(['search', '--sort', 'year', 'x'])\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(done.stdout.split())
    assert not {m for m in loaded if m.startswith("refmanager.service.")} - {
        "refmanager.service.crashlog"
    }
    assert not {m for m in loaded if m.split(".")[1:2] in (["library"], ["formats"], ["pdf"])}
    assert not loaded & set(_HEAVY)


def test_each_command_names_a_module_that_runs_it() -> None:
    import importlib

    for name, command in COMMANDS.items():
        module = importlib.import_module(command.module)
        assert callable(module.run), name


def test_the_parser_offers_the_names_the_use_cases_accept() -> None:
    parser = build_parser()
    for fmt in WRITE_FORMATS:
        assert parser.parse_args(["export", "-o", "x", "--format", fmt]).format == fmt
    for column in SORT_COLUMNS:
        assert parser.parse_args(["search", "--sort", column]).sort == column
    for role in MEMBER_ROLES:
        assert parser.parse_args(["share", "--role", role]).role == role
