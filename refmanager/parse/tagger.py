"""The CRF tagger: the shipped model file, one open tagger per thread and model, marginals."""

from __future__ import annotations

import importlib
import os
import sys
import types
from _thread import _local, allocate_lock

from refmanager.parse.features import features
from refmanager.parse.tokens import Tok

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


# The shipped model. DEFAULT_MODEL (a pathlib.Path) is made on first use (module
# __getattr__ below), so that parsing does not import pathlib (start-up).
DEFAULT_MODEL_FILE = os.path.join(
    os.path.dirname(os.path.realpath(__file__)), "data", "parser.crfsuite"
)

if TYPE_CHECKING:
    DEFAULT_MODEL: Path


def __getattr__(name: str) -> Any:
    if name == "DEFAULT_MODEL":
        from pathlib import Path

        return Path(DEFAULT_MODEL_FILE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_taggers: dict[str, Any] = {}
# (threading.Lock and threading.local, without importing threading: ~1 ms of start-up)
_lock = allocate_lock()
_local_data = _local()


def _tagger(model_path: Path | None) -> Any | None:
    """An open pycrfsuite.Tagger for the model, or None.

    Cached per thread and path, and reopened when the file changes (a library's model is
    rewritten in place by retraining while the window keeps parsing).
    """
    path = os.fspath(model_path) if model_path else DEFAULT_MODEL_FILE
    key = path
    cache: dict[str, tuple[tuple[int, int] | None, Any]] = (
        getattr(_local_data, "taggers", None) or {}
    )
    _local_data.taggers = cache
    try:
        info = os.stat(path)
        stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None
    cached = cache.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    tagger: Any | None = None
    if stamp is not None:
        pycrfsuite = _import_pycrfsuite()
        tagger = pycrfsuite.Tagger()
        try:
            tagger.open(key)
        except Exception:  # a corrupt model file: parse with the rules only
            tagger = None
    cache[key] = (stamp, tagger)
    return tagger


class _Deferred(types.ModuleType):
    """A stand-in for a module that one importer binds but only uses later, if ever: the
    real module is imported on the first attribute asked of the stand-in."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):  # import machinery probing (__path__, ...)
            raise AttributeError(attr)
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        return getattr(importlib.import_module(name), attr)


# pycrfsuite's extension module imports tempfile (for Tagger.open_inmemory) and, through
# its training-log parser, fractions: about 10 ms of start-up (random, shutil, decimal)
# that tagging never uses.
_TRAINING_ONLY_MODULES = ("tempfile", "fractions")


def _import_pycrfsuite() -> Any:
    """``import pycrfsuite``, with the modules only its training needs imported on their
    first use. They stand in sys.modules just for the time of this import; every other
    importer gets the real modules as usual."""
    if "pycrfsuite" in sys.modules:
        return sys.modules["pycrfsuite"]
    with _lock:
        stand_ins = [n for n in _TRAINING_ONLY_MODULES if n not in sys.modules]
        for name in stand_ins:
            sys.modules[name] = _Deferred(name)
        try:
            import pycrfsuite
        finally:
            for name in stand_ins:
                if isinstance(sys.modules.get(name), _Deferred):
                    del sys.modules[name]
    return pycrfsuite


def tag_tokens(
    toks: list[Tok],
    styles: list[tuple[int, int, str]] | None = None,
    model_path: Path | None = None,
) -> tuple[list[str], list[float]]:
    """CRF labels and their marginal probabilities, one per token."""
    if not toks:
        return [], []
    tagger = _tagger(model_path)
    if tagger is None:
        return ["O"] * len(toks), [0.0] * len(toks)
    xseq = features(toks, styles)
    labels: list[str] = list(tagger.tag(xseq))
    probs = [tagger.marginal(y, i) for i, y in enumerate(labels)]
    return labels, probs
