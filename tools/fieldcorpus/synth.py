"""Random citation styles: every batch of records is printed in a freshly sampled style.

Real CSL styles teach the labeller what real styles look like; sampled styles teach it
that field order, delimiters, name forms, quoting and number formats vary, so it learns
field boundaries rather than a few fixed templates. Each choice below is one a real
style makes somewhere (numeric or author-year, "vol. 5, no. 3, pp." or "5(3):", quoted
or plain titles, "In:" or "//" before containers, DOIs as "doi:" or URLs, ...).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from tools.fieldcorpus.render import Sample

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_ORD_WORDS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(slots=True)
class StyleSpec:
    name_order: str  # gf | fg | first-inv | f-init | F-INIT
    given_form: str  # full | dots | compact | bare
    last_sep: str
    max_names: int
    etal: str
    after_authors: str
    year_pos: str  # after-authors | end | after-container | paren-after-authors
    title_quote: bool
    container_prefix: str
    conf_prefix: str
    vip: str  # how volume/issue/pages print
    publisher_form: str  # place-pub | pub-place | pub
    doi_form: str
    url_form: str
    arxiv_form: str
    field_sep: str
    terminal: str
    upper_family: bool
    type_codes: bool
    page_dash: str


def sample_spec(rng: random.Random) -> StyleSpec:
    c = rng.choice
    order = c(["gf", "gf", "fg", "first-inv", "f-init", "f-init", "F-INIT"])
    return StyleSpec(
        name_order=order,
        given_form=c(["full", "full", "dots", "dots", "compact", "bare"])
        if order not in ("f-init", "F-INIT")
        else c(["bare", "bare", "dots", "spaced"]),
        last_sep=c([" and ", ", and ", " & ", ", & ", ", "]),
        max_names=c([100, 100, 3, 6, 10, 20]),
        etal=c([" et al.", ", et al.", " et al", ", et al"]),
        after_authors=c([". ", ". ", ", ", ": "]),
        year_pos=c(["after-authors", "paren-after-authors", "end", "end", "after-container"]),
        title_quote=rng.random() < 0.3,
        container_prefix=c(["", "", "", "In: ", "In "]),
        conf_prefix=c(["In ", "In: ", "in ", "In Proceedings of the ", "Proc. ", "//", ""]),
        vip=c(
            [
                "v(i):p",
                "v(i):p",
                "vol. v, no. i, pp. p",
                "v, i (y), p",
                "v(i), p",
                "v:p",
                "v, p",
                "Vol. v, No. i, p",
                "v(i): p",
            ]
        ),
        publisher_form=c(["place-pub", "pub-place", "pub"]),
        doi_form=c(["doi:", "doi: ", "https://doi.org/", "DOI: ", "[doi: ]", "none"]),
        url_form=c(["", "URL ", "Available: ", "[Online]. Available: ", "Retrieved from "]),
        arxiv_form=c(
            [
                "arXiv preprint arXiv:",
                "arXiv:",
                "arXiv:",
                "CoRR abs/",
                "Preprint at https://arxiv.org/abs/",
            ]
        ),
        field_sep=c([". ", ". ", ", "]),
        terminal=c([".", ".", ""]),
        upper_family=rng.random() < 0.1,
        type_codes=rng.random() < 0.12,
        page_dash=c(["\u2013", "-", "--"]),
    )


def _given(given: str, form: str) -> str:
    words = [w for w in given.split() if w]
    if form == "full":
        return " ".join(words)

    def init(w: str) -> list[str]:
        return [p[0] for p in w.split("-") if p]

    if form == "dots":
        return " ".join("-".join(i + "." for i in init(w)) for w in words)
    if form == "compact":
        return "".join("-".join(i + "." for i in init(w)) for w in words)
    if form == "spaced":
        return " ".join("".join(init(w)) for w in words)
    return "".join("".join(init(w)) for w in words)


def _one_name(name: dict[str, str], spec: StyleSpec, index: int) -> str:
    if name.get("literal"):
        return name["literal"]
    family = name["family"]
    if spec.upper_family or spec.name_order == "F-INIT":
        family = family.upper()
    given = _given(name.get("given", ""), spec.given_form)
    suffix = name.get("suffix", "")
    order = spec.name_order
    if order == "first-inv":
        order = "fg" if index == 0 else "gf"
    if order == "gf":
        out = f"{given} {family}".strip()
        return f"{out}, {suffix}" if suffix and given else out
    if order == "fg":
        out = f"{family}, {given}" if given else family
        return f"{out}, {suffix}" if suffix else out
    return f"{family} {given}".strip()


def _authors(names: list[dict[str, str]], spec: StyleSpec) -> str:
    zh = any(re.search(r"[\u4e00-\u9fff]", n.get("literal", "")) for n in names)
    shown = names if len(names) <= spec.max_names else names[: max(1, min(spec.max_names, 3))]
    parts = [_one_name(n, spec, i) for i, n in enumerate(shown)]
    sep = ", "
    if len(shown) < len(names):
        return sep.join(parts) + (", 等" if zh else spec.etal)
    if len(parts) == 1:
        return parts[0]
    if zh:
        return ", ".join(parts)
    last = spec.last_sep
    if spec.name_order in ("f-init", "F-INIT") and last not in (", ",):
        last = ", " if last.strip() in ("and", "&") and len(names) % 2 else last
    if len(parts) == 2 and last in (", and ", ", & "):
        last = last[1:]
    return sep.join(parts[:-1]) + last + parts[-1]


def synth_render(rec: dict[str, Any], spec: StyleSpec, rng: random.Random) -> Sample:
    segs: list[tuple[str, str]] = []

    def add(text: str, label: str = "O") -> None:
        if text:
            segs.append((text, label))

    kind = rec.get("type", "")
    year = str(rec["issued"]["date-parts"][0][0])
    ymonth = ""
    if len(rec["issued"]["date-parts"][0]) > 1 and rng.random() < 0.5:
        ymonth = [
            "Jan.",
            "Feb.",
            "Mar.",
            "Apr.",
            "May",
            "Jun.",
            "Jul.",
            "Aug.",
            "Sep.",
            "Oct.",
            "Nov.",
            "Dec.",
        ][rec["issued"]["date-parts"][0][1] - 1] + " "
    names = rec.get("author") or []
    if names:
        add(_authors(names, spec), "author")
    if spec.year_pos == "paren-after-authors":
        add(" (" if names else "(")
        add(year, "issued")
        add("). ")
    elif spec.year_pos == "after-authors":
        add(". " if names else "")
        add(year, "issued")
        add(". ")
    elif names:
        add(spec.after_authors)
    title = rec["title"]
    code = {
        "article-journal": "J",
        "paper-conference": "C",
        "book": "M",
        "chapter": "M",
        "thesis": "D",
        "report": "R",
        "standard": "S",
        "patent": "P",
        "webpage": "EB/OL",
        "software": "CP",
        "article": "J/OL",
    }.get(kind, "Z")
    if spec.title_quote and kind not in ("book",):
        add("\u201c")
        add(title, "title")
        add(",\u201d " if spec.field_sep == ", " or rng.random() < 0.5 else ".\u201d ")
    else:
        add(title, "title")
        if spec.type_codes:
            add(f"[{code}]")
        add(spec.field_sep if not title.endswith(("?", "!")) else " ")
    container = rec.get("container-title", "")
    pages = rec.get("page", "").replace("-", spec.page_dash)
    vol, iss = rec.get("volume", ""), rec.get("issue", "")

    def vip() -> None:
        form = spec.vip
        if form.startswith("vol.") or form.startswith("Vol."):
            big = form.startswith("Vol.")
            if vol:
                add("Vol. " if big else "vol. ")
                add(vol, "volume")
            if iss:
                add(", No. " if big else ", no. ")
                add(iss, "issue")
            if pages:
                add(", " if (vol or iss) else "")
                add("pp. " if "-" in pages or "\u2013" in pages else "p. ")
                add(pages, "page")
            return
        if vol:
            add(vol, "volume")
        if iss and "(i)" in form:
            add("(")
            add(iss, "issue")
            add(")")
        elif iss and form.startswith("v, i"):
            add(", ")
            add(iss, "issue")
            add(" (")
            add(year, "issued")
            add(")")
        if pages:
            if form.endswith(":p") and vol:
                add(":")
            elif form.endswith(": p") and vol:
                add(": ")
            elif vol or iss:
                add(", ")
            add(pages, "page")

    def year_end() -> None:
        if spec.year_pos == "end":
            add(", " if rng.random() < 0.6 else " (")
            add(ymonth)
            add(year, "issued")
            if segs[-2][0] == " (":
                add(")")

    if kind in ("article-journal",) and container and not container.startswith(("arXiv", "CoRR")):
        add(spec.container_prefix)
        add(container, "container-title")
        if spec.year_pos == "after-container":
            add(", ")
            add(year, "issued")
            add(", " if (vol or pages) else "")
        else:
            add(", " if (vol or pages) and rng.random() < 0.7 else " ")
        vip()
        if spec.year_pos == "end" and not (spec.vip.startswith("v, i") and iss):
            year_end()
    elif kind in ("paper-conference", "chapter"):
        prefix = spec.conf_prefix
        if prefix == "In Proceedings of the " and container.startswith(
            ("Proc", "Advances", "The", "International")
        ):
            prefix = "In "
        if prefix.startswith("In Proceedings of the "):
            add("In ")
            add(
                "Proceedings of the "
                + re.sub(r"^(?:Proceedings of the |Proc\. of the )", "", container),
                "container-title",
            )
        else:
            add(prefix)
            if kind == "chapter" and rec.get("editor"):
                add(_authors(rec["editor"], spec), "editor")
                add(", editors, " if len(rec["editor"]) > 1 else ", editor, ")
            add(container, "container-title")
        if spec.year_pos == "after-container":
            add(", ")
            add(year, "issued")
        if vol and rec.get("collection-title"):
            if rng.random() < 0.6:
                add(", volume ")
                add(vol, "volume")
                add(" of ")
                add(rec["collection-title"], "collection-title")
            else:
                add(". ")
                add(rec["collection-title"], "collection-title")
                add(", vol. ")
                add(vol, "volume")
        elif vol:
            add(", volume ")
            add(vol, "volume")
        place_first = rec.get("publisher-place") and rng.random() < 0.4
        if place_first:  # the meeting's place after the proceedings, the publisher last
            add(", ")
            add(rec["publisher-place"], "publisher-place")
        if pages:
            add(", pages " if rng.random() < 0.4 else (", pp. " if rng.random() < 0.5 else ", "))
            add(pages, "page")
        if place_first:
            year_end()
            if rec.get("publisher"):
                add(". " if rng.random() < 0.6 else ", ")
                add(rec["publisher"], "publisher")
        else:
            if rec.get("publisher"):
                add(". " if rng.random() < 0.5 else ", ")
                _publisher(rec, spec, add)
            year_end()
    elif kind in ("book", "thesis", "report", "standard", "patent"):
        if kind == "thesis":
            add(rec.get("genre", "PhD thesis"), "genre")
            add(", ")
        if kind == "report":
            add(rec.get("genre", "Technical Report"), "genre")
            if rec.get("number"):
                add(" ")
                add(rec["number"], "number")
            add(", ")
        if kind in ("standard", "patent") and rec.get("number"):
            add(rec["number"], "number")
            add(", ")
        if rec.get("edition"):
            ed = int(rec["edition"])
            add(
                rng.choice(
                    [
                        f"{ed}nd" if ed == 2 else f"{ed}rd" if ed == 3 else f"{ed}th",
                        _ORD_WORDS.get(ed, f"{ed}th"),
                    ]
                ),
                "edition",
            )
            add(rng.choice([" edition, ", " ed., ", " edn. "]))
        if rec.get("publisher"):
            _publisher(rec, spec, add)
        year_end()
        if rec.get("ISBN") and rng.random() < 0.5:
            add(". ISBN ")
            add(rec["ISBN"], "ISBN")
    elif kind in ("webpage", "software"):
        if rec.get("publisher") and not container:
            add(rec["publisher"], "publisher")
            add(", " if spec.year_pos == "end" else ". ")
        if container:
            add(container, "container-title")
            if rec.get("medium"):
                add(" [")
                add(rec["medium"], "medium")
                add("]")
            add(", " if spec.year_pos == "end" else ". ")
        year_end()
        add(". " if segs and segs[-1][0] not in (". ", ", ") else "")
        add(spec.url_form)
        add(rec["URL"], "URL")
        if rec.get("accessed") and rng.random() < 0.5:
            y, m, d = rec["accessed"]["date-parts"][0]
            add(
                rng.choice(
                    [
                        f" (accessed {y}-{m:02d}-{d:02d})",
                        f". Accessed {d} {_MONTHS[m - 1]} {y}",
                    ]
                )
            )
    else:  # preprints: number "arXiv:..." or container "arXiv preprint arXiv:..."
        found = re.search(
            r"\d{4}\.\d{4,5}",
            " ".join(str(rec.get(k, "")) for k in ("number", "container-title", "volume", "URL")),
        )
        ident = found.group() if found else "2101.00001"
        form = spec.arxiv_form
        if form == "Preprint at https://arxiv.org/abs/":
            add("Preprint at ")
            add("https://arxiv.org/abs/" + ident, "URL")
        elif form == "CoRR abs/":
            add("CoRR", "container-title")
            add(", ")
            add("abs/" + ident, "volume")
        elif form == "arXiv:" and rec.get("number"):
            add("arXiv:" + ident, "number")
        else:
            add(form + ident, "container-title")
        year_end()
    if spec.year_pos == "after-container" and kind not in (
        "article-journal",
        "paper-conference",
        "chapter",
    ):
        add(", ")
        add(year, "issued")
    if rec.get("DOI") and spec.doi_form != "none":
        add(". ")
        if spec.doi_form == "[doi: ]":
            add("[doi: ")
            add(rec["DOI"], "DOI")
            add("]")
        else:
            add(spec.doi_form)
            add(rec["DOI"], "DOI")
    elif (
        rec.get("URL")
        and kind not in ("webpage", "software")
        and rng.random() < 0.5
        and spec.arxiv_form != "Preprint at https://arxiv.org/abs/"
    ):
        add(". ")
        add(spec.url_form)
        add(rec["URL"], "URL")
    if rec.get("note"):
        add(" (")
        add(rec["note"], "note")
        add(")")
    # tidy: no doubled punctuation at joins
    text_parts: list[tuple[str, str]] = []
    for text, lab in segs:
        if text_parts and lab == "O" and text_parts[-1][1] == "O":
            merged = text_parts[-1][0] + text
            merged = re.sub(r"([.,:])\s*[.,]\s", r"\1 ", merged)
            merged = re.sub(r"\.\s*\.", ".", merged)
            text_parts[-1] = (merged, "O")
        else:
            text_parts.append((text, lab))
    last = text_parts[-1][0] if text_parts else ""
    if spec.terminal and not last.endswith((".", "]", ")")):
        text_parts.append((spec.terminal, "O"))
    text = "".join(t for t, _ in text_parts)
    labels = [lab for t, lab in text_parts for _ in t]
    return Sample(text, labels, [], "synth")


def _publisher(rec: dict[str, Any], spec: StyleSpec, add: Any) -> None:
    pub, place = rec.get("publisher", ""), rec.get("publisher-place", "")
    if place and spec.publisher_form == "place-pub":
        add(place, "publisher-place")
        add(": ")
        add(pub, "publisher")
    elif place and spec.publisher_form == "pub-place":
        add(pub, "publisher")
        add(", ")
        add(place, "publisher-place")
    else:
        add(pub, "publisher")
