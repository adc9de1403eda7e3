"""Compiled regular expressions kept between runs: start-up time.

CPython compiles a regular expression in Python code (``re._parser`` and ``re._compiler``).
The hundred or so patterns one ``refmanager extract`` uses cost about 15 ms at every start,
a seventh of the whole command; building the same patterns from the code compiled before
takes 0.4 ms. :func:`install` (called by the console script and the window, never on
import) makes ``re`` look that code up first; :func:`save` writes what was compiled anew.

- Only the code the running Python's own compiler produced is used: the cache file is
  named for the interpreter (its cache tag and the regex engine's magic number) and holds
  its full version, next to refmanager's bytecode (so ``PYTHONPYCACHEPREFIX`` and
  ``PYTHONDONTWRITEBYTECODE`` apply to it as to ``.pyc`` files).
- Only patterns compiled by refmanager's own modules are kept (all fixed in its source,
  never built from user input), at most :data:`MAX_PATTERNS`.
- :func:`install` checks itself first (a few patterns compiled both ways must agree), and
  anything unexpected (another Python, a damaged file) means ``re`` compiles as usual.
"""

from __future__ import annotations

import marshal
import os
import sys

MAX_PATTERNS = 5000
# Packages whose patterns are kept: fixed in their source, never built from user input.
OWN_MODULES: tuple[str, ...] = ("refmanager",)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from re import Pattern
    from types import FrameType
    from typing import Any

    Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
    Key = tuple[str | bytes, int]

_state: dict[str, object] = {}
_cache: dict[Key, Entry] = {}
_new: dict[Key, Entry] = {}


def _path() -> str | None:
    """Where the cache lives: beside this module's bytecode, named for this Python."""
    try:
        magic = _sre().MAGIC
    except Exception:
        return None
    # The folder importlib.util.cache_from_source would give (without importing it).
    here = os.path.dirname(os.path.abspath(__file__))
    prefix = sys.pycache_prefix
    if prefix:
        folder = os.path.join(prefix, os.path.splitdrive(here)[1].lstrip(os.sep))
    else:
        folder = os.path.join(here, "__pycache__")
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(folder, f"regexcache.{tag}-{magic}.marshal")


def _version() -> str:
    return sys.version


def _load(path: str) -> dict[Key, Entry]:
    try:
        with open(path, "rb") as fh:
            data = marshal.loads(fh.read())  # marshal.load(fh) reads item by item: slow
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _version():
        return {}
    patterns = data.get("patterns")
    return patterns if isinstance(patterns, dict) else {}


def _internals() -> tuple[Any, Any]:
    """``re._compiler`` and ``re._parser`` (private modules of this Python's ``re``)."""
    import importlib

    return importlib.import_module("re._compiler"), importlib.import_module("re._parser")


def _sre() -> Any:
    """The regex engine's C module (no type stubs)."""
    import importlib

    return importlib.import_module("_sre")


def _entry(pattern: str | bytes, flags: int) -> Entry:
    """What ``re._compiler.compile`` passes to ``_sre.compile`` for this pattern."""
    compiler, parser = _internals()
    parsed = parser.parse(pattern, flags)
    code = [int(c) for c in compiler._code(parsed, flags)]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (
        int(flags | parsed.state.flags),
        code,
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


def _ours() -> bool:
    """Whether the pattern being compiled comes from refmanager's own code."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        name = str(frame.f_globals.get("__name__", ""))
        if name != "re" and not name.startswith(("re.", "functools")) and name != __name__:
            return name in OWN_MODULES or name.startswith(tuple(m + "." for m in OWN_MODULES))
        frame = frame.f_back
    return False


def _compile(original: Callable[..., Pattern[str]]) -> Callable[..., Pattern[str]]:
    sre = _sre()
    from re import error as re_error

    def compile_with_cache(p: object, flags: int = 0) -> Pattern[str]:
        if not isinstance(p, (str, bytes)) or flags & 128:  # re.DEBUG prints: not cached
            return original(p, flags)
        key = (p, int(flags))
        hit = _cache.get(key)
        if hit is not None:
            try:
                return sre.compile(p, *hit)  # type: ignore[no-any-return]
            except Exception:
                del _cache[key]
        try:
            entry = _entry(p, int(flags))
            pattern: Pattern[str] = sre.compile(p, *entry)
        except re_error:
            raise  # a bad pattern: the same error re itself raises
        except Exception:
            return original(p, flags)  # anything else: re's own way
        if len(_cache) < MAX_PATTERNS and _ours():
            _cache[key] = entry
            _new[key] = entry
        return pattern

    return compile_with_cache


_PROBES: tuple[tuple[str | bytes, int, str | bytes], ...] = (
    (r"(?P<year>\d{4})[a-z]?\b|n\.d\.", 0, "in 2021b, n.d."),
    (r"^(?:doi|DOI):\s*(10\.\d{4,9}/\S+)$", 2, "DoI: 10.1000/xyz"),
    (rb"[ \t]*(?P<num>[+-]?\d+\.?\d*)\s+Td", 0, b" 12.5  -3 Td"),
    ("[\u4e00-\u9fff]{2,4}(?i:abc)", 0, "\u738b\u4f1fABC"),
)


def _agrees(original: Callable[..., Pattern[str]]) -> bool:
    """Whether patterns built from cached code behave as re's own, on this Python."""
    try:
        sre = _sre()
        for p, flags, sample in _PROBES:
            mine = sre.compile(p, *_entry(p, flags))
            theirs = original(p, flags)
            if (mine.flags, mine.groups, mine.groupindex) != (
                theirs.flags,
                theirs.groups,
                theirs.groupindex,
            ):
                return False
            a, b = mine.search(sample), theirs.search(sample)  # type: ignore[arg-type]
            if (a and (a.span(), a.groups())) != (b and (b.span(), b.groups())):
                return False
    except Exception:
        return False
    return True


def install() -> bool:
    """Make ``re`` build refmanager's patterns from cached code; whether it did."""
    if "original" in _state:
        return True
    try:
        compiler, _ = _internals()
        original = compiler.compile
    except (ImportError, AttributeError):
        return False
    path = _path()
    if path is None:
        return False
    saved = _load(path)
    # A file of this very Python was written by an install that passed the probe.
    if not saved and not _agrees(original):
        return False
    compile_with_cache = _compile(original)
    _cache.clear()
    _cache.update(saved)
    _new.clear()
    _state["original"] = original
    _state["path"] = path
    compiler.compile = compile_with_cache
    return True


def uninstall() -> None:
    """Give ``re`` its own compiler back (the cache stays as it is)."""
    original = _state.pop("original", None)
    if original is not None:
        compiler, _ = _internals()
        compiler.compile = original
    _state.pop("path", None)


def save() -> None:
    """Write the cache if patterns were compiled anew (unless bytecode is not written)."""
    path = _state.get("path")
    if not _new or not isinstance(path, str) or sys.dont_write_bytecode:
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        merged = _load(path)
        merged.update(_new)
        while len(merged) > MAX_PATTERNS:
            del merged[next(iter(merged))]
        temp = f"{path}.{os.getpid()}.tmp"
        with open(temp, "wb") as fh:
            marshal.dump({"version": _version(), "patterns": merged}, fh)
        os.replace(temp, path)
        _new.clear()
    except OSError:
        return
