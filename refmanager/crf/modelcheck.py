"""Whether a CRF model file can be handed to python-crfsuite without taking the process
down: a damaged model makes the native library read out of bounds (SIGSEGV, no message).

A model file is first checked cheaply (CRFsuite's ``lCRF`` header and the size it records
match the file: a truncated or appended file fails here), then loaded once in a throwaway
process that opens it, dumps every part of it (its labels, attributes and weights) and
tags a short sequence: a crash there costs that process only. The answer is kept per
(path, modification time, size), so a file is probed once per process and again when it
changes (a retrained library model). The shipped models are not probed: they come with
the package.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

_MAGIC = b"lCRF"
PROBE_SECONDS = 60.0  # a 10 MB model loads and dumps in well under a second

# Run by the throwaway process: open, walk every part, tag, read the marginals.
_PROBE = """
import os, sys
import pycrfsuite
tagger = pycrfsuite.Tagger()
tagger.open(sys.argv[1])
tagger.dump(os.devnull)
labels = tagger.tag([["w=a", "sh=Xx", "k=word"], ["w=1999", "sh=dddd"], ["w=."]])
tagger.probability(labels)
for label in tagger.labels():
    tagger.marginal(label, 0)
"""

_lock = threading.Lock()
_known: dict[tuple[str, int, int], str | None] = {}


def model_problem(path: Path | str) -> str | None:
    """Why the CRF model at ``path`` must not be opened (in words for the user), or None
    when it may."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    key = (os.path.realpath(name), info.st_mtime_ns, info.st_size)
    with _lock:
        if key in _known:
            return _known[key]
    problem = _header_problem(name, info.st_size) or _probe(name)
    with _lock:
        _known[key] = problem
    return problem


def _header_problem(name: str, size: int) -> str | None:
    try:
        with open(name, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if len(head) < 8 or head[:4] != _MAGIC:
        return "is not a CRFsuite model file"
    recorded = int.from_bytes(head[4:8], "little")
    if recorded != size:
        return f"is damaged (its header says {recorded:,} bytes, the file has {size:,})"
    return None


def _probe(name: str) -> str | None:
    # (imported here: only a model other than the shipped ones is probed, and a command
    # that parses with the shipped model need not load them)
    import signal
    import subprocess

    try:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, name],
            capture_output=True,
            timeout=PROBE_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"is damaged (loading it did not end within {PROBE_SECONDS:.0f} s)"
    except OSError as exc:
        return f"cannot be checked ({exc.strerror or exc})"
    if done.returncode == 0:
        return None
    if done.returncode < 0:
        try:
            sig = signal.Signals(-done.returncode).name
        except ValueError:
            sig = f"signal {-done.returncode}"
        return f"is damaged (loading it crashes the CRF library: {sig})"
    return "is damaged (the CRF library cannot read it)"
