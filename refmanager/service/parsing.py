"""Use cases of the field parser: parse pasted text, re-parse items, train a model.

The parser, its trainer and the file formats are imported by the functions that run them:
a window loads this module for :func:`model_for`, and parses in its worker process
(decision 0045).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from pathlib import Path

from refmanager.crf.keep import RetrainRejected
from refmanager.crf.modelcheck import model_problem
from refmanager.model import Entry, InputError, Reference
from refmanager.model.jsontext import dumps_indented


def split_references(text: str, paragraphs: bool = False) -> list[str]:
    """Reference strings in ``text``: one per line, or per blank-line separated paragraph."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if paragraphs:
        parts = re.split(r"\n\s*\n", text)
        return [re.sub(r"\s*\n\s*", " ", p).strip() for p in parts if p.strip()]
    return [line.strip() for line in text.split("\n") if line.strip()]


def parse_text(
    text: str, paragraphs: bool = False, model_path: Path | None = None
) -> list[Reference]:
    """Parse every reference in a pasted bibliography (same-author dashes included)."""
    return list(iter_parse_text(text, paragraphs, model_path))


def iter_parse_text(
    text: str, paragraphs: bool = False, model_path: Path | None = None
) -> Iterator[Reference]:
    """``parse_text`` one reference at a time (``render_pieces`` writes them as they come)."""
    from refmanager.parse import iter_parsed

    entries = [Entry(raw=s) for s in split_references(text, paragraphs)]
    return iter_parsed(entries, model_path)


def parse_again(refs: Sequence[Reference], model_path: Path | None = None) -> list[Reference]:
    """Parse items again from their raw text (keeps label, location, fragment and the font
    styles extraction saw, so that the tagger sees what it saw the first time)."""
    from refmanager.parse import parse_entries

    entries = [
        Entry(
            raw=r.raw,
            label=r.label,
            locations=list(r.location),
            fragment=r.fragment,
            styles=list(r.styles),
        )
        for r in refs
    ]
    fresh = parse_entries(entries, model_path)
    out: list[Reference] = []
    for old, new in zip(refs, fresh, strict=True):
        if not old.raw:
            out.append(old)
            continue
        new.id = old.id or new.id
        out.append(new)
    return out


def render(refs: Iterable[Reference], fmt: str) -> str:
    """The items as text in one of ``formats.WRITE_FORMATS``."""
    return "".join(render_pieces(refs, fmt))


# CSL-JSON is written this many items at a time: few are alive at once when they come
# from ``iter_parse_text`` (each holds about a hundred objects the collector walks while
# it lives; 256 at a time cost 3-4% more CPU than 16 to 64, decision 0052), and the
# encoder's batches stay large enough (a call costs about 3 us before it encodes).
RENDER_CHUNK = 32


def render_pieces(refs: Iterable[Reference], fmt: str) -> Iterator[str]:
    """``render``'s text in pieces; CSL-JSON (one array, laid out as
    ``json.dumps(items, ensure_ascii=False, indent=1)`` lays it out, and a newline) takes
    ``RENDER_CHUNK`` items from ``refs`` at a time, the other formats all of them."""
    if fmt != "csl-json":
        from refmanager.formats import format_string

        yield format_string(fmt, list(refs))
        return
    items = iter(refs)
    separator = "[\n"
    while chunk := list(islice(items, RENDER_CHUNK)):
        # the chunk's array without its brackets: " {...},\n {...}"
        yield separator + dumps_indented([r.to_csl() for r in chunk], 1)[2:-2]
        separator = ",\n"
    yield "[]\n" if separator == "[\n" else "\n]\n"


def library_model_path(library: Path) -> Path:
    """Where a library keeps the model retrained with its corrections."""
    return Path(library) / "parser.crfsuite"


def model_for(library: Path | None) -> Path | None:
    """The library's own model when it has one that is safe to open, else None (the
    shipped model; :func:`model_warning` says why a damaged one is not used)."""
    if library is None:
        return None
    path = library_model_path(library)
    return path if path.is_file() and model_problem(path) is None else None


def model_warning(model: Path | None) -> str | None:
    """What to tell the user when the parser model file ``model`` is damaged (parsing then
    goes on with the shipped model), or None when it is fine or absent."""
    if model is None or not model.is_file():
        return None
    problem = model_problem(model)
    if problem is None:
        return None
    return f"{model}: this parser model {problem}; parsing with the shipped model instead"


def train(
    out_path: Path,
    corrections: Iterable[tuple[str, Reference]],
    size: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, float]:
    """Train a library's own parser model at ``out_path`` from corrections: (raw, corrected
    item) pairs.

    The corrections, strongly weighted, are trained with ``size`` of the generated strings
    shipped with the model (default ``LIBRARY_SIZE``; under a minute, no CSL rendering: it
    works in the default install). A model that gets fields wrong that the shipped model
    gets right is not written (``InputError``). The shipped model itself is rebuilt by
    ``python -m tools.fieldcorpus.build`` (development only).
    """
    from refmanager.parse import example_from_correction
    from refmanager.parse.retrain import LIBRARY_SIZE, train_library
    from refmanager.parse.train import fully_aligned

    # each correction of a field stores the whole item: only a reference's last one counts
    latest = {raw: ref for raw, ref in corrections if raw}
    pairs = [(example_from_correction(raw, ref), ref) for raw, ref in latest.items()]
    extra = [ex for ex, ref in pairs if fully_aligned(ex, ref)]
    if not pairs:
        raise InputError("train", "no corrections yet: edit some fields first")
    if not extra:
        raise InputError("train", "no correction matches its reference text")
    try:
        return train_library(out_path, extra, size=size or LIBRARY_SIZE, progress=progress)
    except RetrainRejected as exc:
        raise InputError("train", str(exc)) from exc
    except ValueError as exc:
        raise InputError("train", "no correction matches its reference text") from exc
    except OSError as exc:
        raise InputError("train", f"the shipped training strings cannot be read: {exc}") from exc


def stored_corrections(library: Path) -> list[tuple[str, Reference]]:
    """The corrections a library keeps: (raw text, corrected item) pairs for training."""
    from refmanager.library import Library

    with Library.open(library, create=False) as lib:
        return [(c.raw, Reference.from_csl(c.csl)) for c in lib.corrections.corrections() if c.raw]
