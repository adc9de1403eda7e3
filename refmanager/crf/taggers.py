"""The one cache of open CRF taggers: one ``pycrfsuite.Tagger`` per thread and model file,
opened again when the file changes (a library's model is retrained in place while the
window keeps reading).

A tagger keeps the last sequence it tagged (its marginals are that sequence's), so each
thread has its own: no lock is held between tagging and reading the marginals.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pycrfsuite

from refmanager.crf.modelcheck import model_problem

_local = threading.local()


def open_tagger(path: Path | str, *, shipped: bool = False) -> Any | None:
    """An open ``pycrfsuite.Tagger`` for the model at ``path``, or None when there is no
    file, it cannot be read, or (unless ``shipped``: it came with the package) ``modelcheck``
    found it unsafe to open: a damaged model crashes the native library."""
    name = os.fspath(path)
    cache: dict[str, tuple[tuple[int, int] | None, Any]] | None = getattr(_local, "taggers", None)
    if cache is None:
        cache = _local.taggers = {}
    try:
        info = os.stat(name)
        stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None
    cached = cache.get(name)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    tagger: Any | None = None
    if stamp is not None and (shipped or model_problem(name) is None):
        tagger = pycrfsuite.Tagger()
        try:
            tagger.open(name)
        except Exception:  # a model python-crfsuite cannot read: the caller keeps to rules
            tagger = None
    cache[name] = (stamp, tagger)
    return tagger
