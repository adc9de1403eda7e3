"""Manifests of shipped model files: how each was built, from what, and what it scored.

A manifest sits beside the model as ``NAME.manifest.json``: the command that rebuilds it,
every input file with its SHA-256 (data read from ``../shared`` is named relative to the
checkout's parent, as the command reads it), the package versions, the seed, the model's
own hash and the figures measured for it (cross-validation, calibration).
"""

from __future__ import annotations

import hashlib
import json
import platform
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _name(path: Path) -> str:
    path = path.resolve()
    for base, prefix in ((ROOT, ""), (ROOT.parent, "../")):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def versions(packages: Iterable[str]) -> dict[str, str]:
    out = {"python": platform.python_version()}
    for name in packages:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def manifest_path(model: Path) -> Path:
    return model.with_name(model.name + ".manifest.json")


def write_manifest(
    model: Path,
    *,
    command: str,
    inputs: Iterable[Path],
    packages: Iterable[str],
    settings: Mapping[str, object],
    figures: Mapping[str, object] | None = None,
) -> Path:
    """Write ``model``'s manifest; returns its path."""
    data = {
        "model": _name(model),
        "sha256": sha256(model),
        "bytes": model.stat().st_size,
        "command": command,
        "inputs": {_name(p): sha256(p) for p in sorted(set(inputs))},
        "versions": versions(packages),
        "settings": dict(settings),
        "figures": dict(figures or {}),
    }
    out = manifest_path(model)
    out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def command_line(module: str, argv: Iterable[str]) -> str:
    """The command that runs ``module`` with ``argv`` from the checkout."""
    return " ".join([".venv/bin/python", "-m", module, *argv])


def add_figures(model: Path, figures: Mapping[str, object]) -> Path:
    """Merge measured figures into ``model``'s manifest (measured after it was written:
    cross-validation and calibration take longer than the build)."""
    path = manifest_path(model)
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("sha256") != sha256(model):
        raise ValueError(f"{path}: written for another build of {model.name}")
    data.setdefault("figures", {}).update(figures)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.manifest MODEL FIGURES.json [FIGURES.json ...]``: add figures."""
    import argparse

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("model", type=Path)
    ap.add_argument("figures", type=Path, nargs="+")
    args = ap.parse_args(argv)
    for path in args.figures:
        print(add_figures(args.model, json.loads(path.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
