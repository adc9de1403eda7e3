"""Patterns built from cached code behave exactly as re's own; the cache is only ours."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from refmanager import regexcache

PATTERNS: list[tuple[Any, int, Any]] = [
    (r"(?P<family>[A-Z][a-z]+),\s*(?P<given>[A-Z]\.)", 0, "Smith, J. and Doe, A."),
    (r"^\s*references?\s*$", re.I | re.M, "Intro\n  REFERENCES \nend"),
    (rb"(?s)\((?:[^\\()]|\\.)*\)\s*Tj", 0, rb"BT (a\)b) Tj ET"),
    ("[\u4e00-\u9fff]{2,4}(?=\\s|$)|\\d{4}[a-z]?", 0, "\u738b\u4f1f 2021b"),
    (r"(a)|(b)(?:c)?(?P<d>d)?", re.X, "xbcd"),
]


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "regexcache.marshal"
    monkeypatch.setattr(regexcache, "_path", lambda: str(path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(regexcache, "OWN_MODULES", ("refmanager", "tests.regexcache_user"))
    regexcache.uninstall()
    re.purge()
    yield path
    regexcache.uninstall()
    re.purge()


def _fresh(pattern: Any, flags: int) -> re.Pattern[Any]:
    re.purge()
    return re.compile(pattern, flags)


def test_patterns_from_cached_code_match_as_re_compiles_them(cache_dir: Path) -> None:
    expected = [_fresh(p, f) for p, f, _ in PATTERNS]
    assert regexcache.install()
    from tests.regexcache_user import compile_here  # a module named like ours would be

    # First run: compiled and remembered; saved; a new run loads them from the file.
    re.purge()
    compile_here(PATTERNS)
    regexcache.save()
    assert cache_dir.exists()
    regexcache.uninstall()
    assert regexcache.install()
    assert len(regexcache._cache) >= len(PATTERNS)
    for (p, flags, sample), theirs in zip(PATTERNS, expected, strict=True):
        re.purge()
        mine = compile_here([(p, flags, sample)])[0]
        assert (mine.pattern, mine.flags, mine.groups, mine.groupindex) == (
            theirs.pattern,
            theirs.flags,
            theirs.groups,
            theirs.groupindex,
        )
        found = [m.span() for m in mine.finditer(sample)]
        assert found == [m.span() for m in theirs.finditer(sample)]
        assert found


def test_only_refmanager_patterns_are_kept(cache_dir: Path) -> None:
    assert regexcache.install()
    re.compile(r"a user's (search|query) string, compiled by a test module")
    assert not regexcache._new  # this test module is not refmanager's code
    regexcache.save()
    assert not cache_dir.exists()


def test_a_damaged_or_foreign_cache_is_ignored(cache_dir: Path) -> None:
    cache_dir.write_bytes(b"\x00garbage that is not marshal data")
    assert regexcache.install()
    assert regexcache._cache == {}
    assert re.compile(r"(x)+y").fullmatch("xxy")
    regexcache.uninstall()
    import marshal

    cache_dir.write_bytes(marshal.dumps({"version": "another python", "patterns": {("a", 0): 1}}))
    assert regexcache.install()
    assert regexcache._cache == {}


def test_no_file_is_written_when_bytecode_is_not(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.regexcache_user import compile_here

    assert regexcache.install()
    compile_here([(r"only(?:once)?", 0, "")])
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    regexcache.save()
    assert not cache_dir.exists()


def test_uninstall_gives_re_its_compiler_back(cache_dir: Path) -> None:
    import importlib

    compiler = importlib.import_module("re._compiler")
    original = compiler.compile
    assert regexcache.install()
    assert compiler.compile is not original
    regexcache.uninstall()
    assert compiler.compile is original


def test_bad_patterns_raise_as_in_re_and_other_failures_fall_back(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.regexcache_user import compile_here

    assert regexcache.install()
    with pytest.raises(re.error):
        compile_here([(r"(unclosed", 0, "")])

    def broken(pattern: Any, flags: int) -> Any:
        raise AttributeError("an internal that this Python does not have")

    monkeypatch.setattr(regexcache, "_entry", broken)
    re.purge()
    (pattern,) = compile_here([(r"still (works)", 0, "")])
    assert pattern.search("it still works").group(1) == "works"  # type: ignore[union-attr]
