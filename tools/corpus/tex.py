# ruff: noqa: E501 - LaTeX source and prose templates are kept whole, as they are printed
"""LaTeX sources for one synthetic paper: a layout (document class and geometry), body
text that cites the records, the bibliography in the chosen style, and what surrounds it.

Gold comes from the document itself. ``pdfsavepos`` marks, written to ``<job>.marks`` at
shipout, give the page and position of the list's start (B), of every entry's first
character (E) and of the list's end (Z), and the text block's geometry (G), so that the
extracted lines can be labelled exactly (see :mod:`tools.corpus.gold`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tools.corpus.styles import Style
from tools.corpus.text import Text

# The marks: \rm@pos in horizontal mode (the point where the entry's text starts),
# \rm@posv in vertical mode (the bottom of what came before).
MARKS = r"""
\makeatletter
\newwrite\rm@out\immediate\openout\rm@out=\jobname.marks
\def\rm@w#1{\write\rm@out{#1 \the\ReadonlyShipoutCounter\space\the\pdflastxpos\space\the\pdflastypos}}
\def\rm@pos#1{\leavevmode\pdfsavepos\rm@w{#1}}
\def\rm@posv#1{\par\pdfsavepos\rm@w{#1}}
\def\RMmark#1{\rm@posv{#1}}
\AtBeginDocument{%
 \ifdim\pdfpageheight=0pt \global\pdfpageheight=\paperheight \global\pdfpagewidth=\paperwidth\fi
 \immediate\write\rm@out{G \the\pdfpageheight\space\the\pdfpagewidth\space\the\textheight\space\the\topmargin\space\the\headheight\space\the\headsep\space\the\voffset\space\the\hoffset\space\the\oddsidemargin\space\the\textwidth}%
 \@ifundefined{@lbibitem}{}{\let\rm@lbib\@lbibitem\def\@lbibitem[#1]#2{\rm@lbib[#1]{#2}\rm@pos{E}}}%
 \@ifundefined{@bibitem}{}{\let\rm@bib\@bibitem\def\@bibitem#1{\rm@bib{#1}\rm@pos{E}}}%
 \@ifundefined{AtEveryBibitem}{}{\AtEveryBibitem{\rm@pos{E}}}%
}
\makeatother
"""


# Entries set without space between them (natbib's \bibsep, biblatex's \bibitemsep, the
# plain list's \itemsep), as most word processors set a list.
TIGHT = r"""
\makeatletter\AtBeginDocument{%
 \ifdefined\bibsep\setlength{\bibsep}{0pt}\fi
 \ifdefined\bibitemsep\setlength{\bibitemsep}{0pt}\fi
 \@ifundefined{thebibliography}{}{\apptocmd{\thebibliography}{\setlength{\itemsep}{0pt}\setlength{\parsep}{0pt}}{}{}}%
}\makeatother
"""


@dataclass(frozen=True, slots=True)
class Layout:
    """A document class with its options; ``natbib`` is True when the class loads it."""

    name: str
    cls: str
    options: tuple[str, ...]
    engine: str = "pdflatex"
    natbib: bool = False
    biblatex: bool = True
    zh: bool = False
    preamble: str = ""
    two_column: bool = False


LAYOUTS: tuple[Layout, ...] = (
    Layout("article-1col", "article", ("11pt",)),
    Layout("article-2col", "article", ("10pt", "twocolumn"), two_column=True),
    Layout("small-type", "article", ("10pt",), preamble="\\AtBeginDocument{\\footnotesize}"),
    Layout("amsart", "amsart", ("11pt",)),
    Layout("llncs", "llncs", ()),
    Layout("IEEEtran", "IEEEtran", ("journal",), two_column=True),
    Layout("IEEEtran-conf", "IEEEtran", ("conference",), two_column=True),
    Layout("elsarticle", "elsarticle", ("preprint", "12pt"), natbib=True, biblatex=False),
    Layout(
        "elsarticle-5p",
        "elsarticle",
        ("5p", "twocolumn"),
        natbib=True,
        biblatex=False,
        two_column=True,
    ),
    Layout(
        "acmart",
        "acmart",
        ("sigconf", "nonacm"),
        natbib=True,
        biblatex=False,
        two_column=True,
    ),
    Layout(
        "revtex4-2",
        "revtex4-2",
        ("aps", "prl", "twocolumn", "nofootinbib"),
        natbib=True,
        biblatex=False,
        two_column=True,
    ),
    Layout("scrartcl", "scrartcl", ("11pt",)),
    Layout(
        "jss-like",
        "article",
        ("11pt",),
        preamble=(
            "\\usepackage{helvet}\\renewcommand{\\familydefault}{\\rmdefault}"
            "\\usepackage{sectsty}\\allsectionsfont{\\sffamily}"
        ),
    ),
    Layout(
        "ctexart-journal",
        "ctexart",
        ("UTF8", "twocolumn", "zihao=5"),
        "xelatex",
        zh=True,
        two_column=True,
    ),
    Layout("ctexrep-thesis", "ctexrep", ("UTF8", "zihao=-4"), "xelatex", zh=True),
)


@dataclass(slots=True)
class Plan:
    """What one document holds, drawn at random from its seed."""

    layout: Layout
    style: Style
    paper: str  # "a4paper" or "letterpaper"
    body_paras: int
    footnote: bool
    float_in_list: bool
    after: list[str]  # "appendix", "bios", "affiliations", "footer", "received", "acks"
    running_heads: bool
    no_final_stop: bool
    hanging: bool
    ghostscript: bool
    line_numbers: bool = False
    tight: bool = False  # no extra space between entries (as word processors set lists)
    noise: list[str] = field(default_factory=list)  # texts that are not the list's


def plan(rng: random.Random, layout: Layout, style: Style) -> Plan:
    after: list[str] = []
    for kind, p in (
        ("acks", 0.1),
        ("appendix", 0.3),
        ("bios", 0.25 if layout.cls == "IEEEtran" else 0.1),
        ("affiliations", 0.15),
        ("footer", 0.15),
        ("received", 0.1),
    ):
        if rng.random() < p:
            after.append(kind)
    rng.shuffle(after)
    return Plan(
        layout=layout,
        style=style,
        paper=rng.choice(("a4paper", "letterpaper")),
        body_paras=rng.choice((0, 1, 1, 2, 2, 3, 4, 6)),
        footnote=rng.random() < 0.3,
        float_in_list=rng.random() < 0.2,
        after=after,
        running_heads=rng.random() < 0.6,
        no_final_stop=rng.random() < 0.1,
        hanging=layout.name == "jss-like" or rng.random() < 0.15,
        ghostscript=rng.random() < 0.15,
        line_numbers=not layout.two_column and layout.cls != "revtex4-2" and rng.random() < 0.08,
        tight=rng.random() < 0.3,
    )


def _plain(tex: str) -> str:
    """The words of a LaTeX snippet as they will be printed (for matching noise lines)."""
    import re

    text = re.sub(r"\\(?:texttt|textbf|emph)\{([^}]*)\}", r"\1", tex)
    text = re.sub(r"~?\\cite\{[^}]*\}", "", text)
    text = text.replace("\\\\", " ").replace("&", " ").replace("\\hline", " ")
    return re.sub(r"\s+", " ", re.sub(r"\\[a-zA-Z]+", " ", text)).strip()


def document(p: Plan, keys: list[str], rng: random.Random, bibfile: str) -> str:
    """The .tex source of the document."""
    lay, st = p.layout, p.style
    t = Text(rng, zh=lay.zh)
    opts = list(lay.options)
    if lay.cls not in ("revtex4-2", "acmart", "ctexart", "ctexrep"):
        opts.append(p.paper)
    pre = [f"\\documentclass[{','.join(opts)}]{{{lay.cls}}}"]
    if lay.cls == "acmart":
        # Without the Libertine fonts acmart falls back to bitmap fonts microtype cannot expand.
        pre.insert(0, "\\PassOptionsToPackage{expansion=false}{microtype}")
    if lay.engine == "pdflatex":
        pre += ["\\usepackage[T1]{fontenc}", "\\usepackage[utf8]{inputenc}"]
    else:
        pre.append("\\usepackage{fontspec}" if not lay.zh else "")
    pre += ["\\usepackage{etoolbox}", "\\usepackage{url}", lay.preamble]
    if lay.cls == "article" and "twocolumn" not in lay.options and rng.random() < 0.5:
        pre.append(
            f"\\usepackage[margin={rng.choice(('0.8in', '1in', '2.5cm', '3cm'))}]{{geometry}}"
        )
    if st.engine == "bbx":
        extra = rng.choice(("", ",maxbibnames=99", ",giveninits=true", ",dashed=false"))
        pre.append(
            f"\\usepackage[bibstyle={st.name},citestyle=numeric,backend=biber{extra}]{{biblatex}}"
        )
        pre.append(f"\\addbibresource{{{bibfile}.bib}}")
        if p.no_final_stop:
            pre.append("\\renewcommand*{\\finentrypunct}{}")
        if p.hanging:
            pre.append("\\setlength{\\bibhang}{2em}")
    elif st.engine == "gbt":
        variant = st.name.rsplit("-", 1)[0]
        pre.append(
            f"\\usepackage[{'numbers' if variant == 'numerical' else 'authoryear'}]{{gbt7714}}"
        )
    else:
        if not lay.natbib:
            numbers = rng.random() < 0.5
            pre.append(f"\\usepackage[{'numbers' if numbers else 'round'}]{{natbib}}")
        if st.family == "bst/mciteplus":
            # Its styles write mciteplus's commands into the .bbl: without the package the
            # labels are lost and every entry ends "; .".
            pre.append("\\usepackage{mciteplus}")
        if p.hanging:
            pre.append("\\setlength{\\bibhang}{2em}")
    if p.running_heads and lay.cls not in ("acmart", "revtex4-2", "IEEEtran"):
        left = t.person() + " et al."
        journal = t.title()
        pre.append("\\usepackage{fancyhdr}\\pagestyle{fancy}\\fancyhf{}")
        pre.append(f"\\fancyhead[L]{{\\small {journal}}}\\fancyhead[R]{{\\small {left}}}")
        pre.append(
            f"\\fancyfoot[C]{{\\small\\thepage}}\\fancyfoot[R]{{\\scriptsize Vol.~{rng.randint(1, 60)}}}"
        )
    if p.line_numbers:
        pre.append("\\usepackage{lineno}")
    if p.tight:
        pre.append(TIGHT)
    pre.append(MARKS)
    if lay.cls == "acmart":
        pre.append("\\settopmatter{printacmref=false}\\setcopyright{none}")
    body = ["\\begin{document}"]
    if p.line_numbers:
        body.append("\\linenumbers")
    title = t.title()
    if lay.cls == "acmart":
        body.append(
            f"\\title{{{title}}}\\author{{{t.person()}}}\\affiliation{{\\institution{{Example University}}\\country{{Nowhere}}}}"
        )
    elif lay.cls == "revtex4-2":
        body.append(
            f"\\title{{{title}}}\\author{{{t.person()}}}\\affiliation{{Example University}}"
        )
    elif lay.cls == "elsarticle":
        body.append(
            f"\\begin{{frontmatter}}\\title{{{title}}}\\author{{{t.person()}}}\\end{{frontmatter}}"
        )
    elif lay.cls == "llncs":
        body.append(f"\\title{{{title}}}\\author{{{t.person()}}}\\institute{{Example University}}")
    else:
        body.append(f"\\title{{{title}}}\\author{{{t.person()}}}")
    if lay.cls in {"revtex4-2", "acmart"}:
        body.append("\\begin{abstract}" + t.paragraph([]) + "\\end{abstract}")
        body.append("\\maketitle")
    elif lay.cls != "elsarticle":
        body.append("\\maketitle")
    cites = keys[:]
    for i in range(max(1, p.body_paras)):
        if i % 2 == 0:
            body.append(f"\\section{{{t.section_title()}}}")
        para = t.paragraph(cites)
        if i == p.body_paras - 1 and p.footnote:
            note = t.sentence()
            p.noise.append(_plain(note))
            para += f"\\footnote{{{note}}}"
        body.append(para)
    # Cite everything (in order, for numbered styles).
    body.append("\\nocite{*}")
    if p.float_in_list:
        tab, cap = t.table()
        p.noise.append(_plain(tab))
        p.noise.append(_plain(cap))
        star = "*" if lay.two_column and rng.random() < 0.3 else ""
        body.append(
            f"\\begin{{table{star}}}[t]\\centering\\caption{{{cap}}}\n{tab}\\end{{table{star}}}"
        )
    body.append("\\RMmark{B}")
    if st.engine == "bbx":
        body.append("\\printbibliography")
    else:
        bst = {"gbt": "gbt7714-" + st.name.rsplit("-", 1)[0]}.get(st.engine, st.name)
        body.append(f"\\bibliographystyle{{{bst}}}")
        body.append(f"\\bibliography{{{bibfile}}}")
    body.append("\\RMmark{Z}")
    body += _after(p, t, lay)
    body.append("\\end{document}")
    return "\n".join(pre + body) + "\n"


def _after(p: Plan, t: Text, lay: Layout) -> list[str]:
    out: list[str] = []
    for kind in p.after:
        if kind == "acks":
            out.append("\\section*{Acknowledgments}" + t.paragraph([], (1, 3)))
        elif kind == "appendix":
            out.append("\\appendix")
            for _ in range(t.rng.randint(1, 2)):
                out.append(f"\\section{{{t.section_title()}}}")
                out.append(t.paragraph([], (3, 7)))
                out.append("\\begin{equation} f(x) = \\sum_{i=1}^{n} w_i x_i + b \\end{equation}")
                out.append(t.paragraph([], (2, 5)))
        elif kind == "bios":
            for _ in range(t.rng.randint(1, 3)):
                name, text = t.biography()
                if lay.cls == "IEEEtran":
                    out.append(
                        f"\\begin{{IEEEbiographynophoto}}{{{name}}}{text}\\end{{IEEEbiographynophoto}}"
                    )
                else:
                    out.append(f"\\par\\noindent\\textbf{{{name}}} {text}\\par")
        elif kind == "affiliations":
            out.append(
                "\\par\\bigskip\\noindent "
                + "\\par\\medskip\\noindent ".join(t.affiliation())
                + "\\par"
            )
        elif kind == "footer":
            out.append(
                "\\par\\vfill\\noindent\\rule{\\linewidth}{0.4pt}\\par\\noindent{\\small "
                + t.journal_footer()
                + "}\\par"
            )
        elif kind == "received":
            out.append("\\par\\medskip\\noindent{\\small " + t.received() + "}\\par")
    return out
