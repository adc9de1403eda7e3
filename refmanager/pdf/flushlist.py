"""Where an entry starts in a list whose layout shows none: no labels, no hanging indent,
no space between entries (every line starts at the column's left edge, one line below
the other). Only the text tells an entry's first line there: how it opens (a name, initials,
a year, a dash for the author repeated) and how the line before ends (a short line, a full
stop), and how most of the list's entries open. A linear-chain CRF over the list's lines
reads these cues, twice (the second reading takes the entries' usual opening from the
first reading's starts rather than from the rules'); it is trained on real
reference sections (GROBID's reference-segmenter documents, whole documents held out to
measure it: ``python -m tools.flushlist``) and ships as ``data/flush.crfsuite`` with its
manifest. Without the file the caller keeps to its rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from refmanager.crf.taggers import open_tagger
from refmanager.pdf.layout import Line

MODEL_PATH = Path(__file__).resolve().parent / "data" / "flush.crfsuite"
LABELS = ("start", "in", "other")

_YEAR = re.compile(r"(?<![\d.])(?:1[6-9]\d\d|20\d\d)[a-z]?(?![\d])")
# A family name as lists print it: "Smith", "van der Berg", "De Vries", "Hempel de Ibarra".
_FAMILY = r"(?:[a-z]{1,3} ){0,2}[A-Z][\w'’\-]+(?: (?:[a-z]{1,3} ){0,2}[A-Z][a-z][\w'’\-]*)?"
# Openings of a reference's first line, by the way its authors are written.
_OPENINGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "Smith, J.", "Smith, John", "van der Berg, A.", "O'Neil, R.-M."
    ("name.comma", re.compile(rf"^{_FAMILY},\s?[A-Z]")),
    # "J. Smith", "J.-P. Dupont", "A. B. Smith", "J Smith"
    ("initials.name", re.compile(r"^(?:[A-Z]\.?[\s-]?){1,3}\s?[A-Z][a-z\u00c0-\u024f]")),
    # "T. KAMETANI et", "J.-P. DUPONT,"
    ("initials.caps", re.compile(r"^(?:[A-Z]\.[\s-]?){1,3}\s?[A-Z]{2,}[A-Z'\-]*[,\s]")),
    # "Eugene Charniak.", "Dan Klein and", "Sunil K. Thulasidasan," (ACL, NeurIPS)
    (
        "given.family",
        re.compile(
            r"^[A-Z][a-z\u00c0-\u024f]+(?:-[A-Z][a-z]+)?(?: [A-Z]\.)* [A-Z][\w'’\-]+"
            r"(?:[.,]| and | &)"
        ),
    ),
    # "Smith JA,", "Smith J.", "Smith AB and" (Vancouver)
    # "Smith JA:", "van Es D," (a particle first); not "Biochem J 67:" (a journal)
    (
        "name.initials",
        re.compile(rf"^{_FAMILY} [A-Z]{{1,3}}(?:[,.:]|\s(?!\d))"),
    ),
    # "SMITH, J." or "MESLIN et"
    ("caps.name", re.compile(r"^(?:[A-Z]\.\s?)*[A-Z]{2,}[A-Z'\-]*[,\s]")),
    # "——.", "---,", "-,": the author of the entry before, repeated
    # (or the dash read as "9" by OCR, a year or initials after it: "9 1977.", "9 , P. A.")
    (
        "dashes",
        re.compile(
            r"^\s*(?:(?:[—–―-]+|_{2,})\s*[.,;:&~]|[—–―-]{2,}|_{3,}"
            r"|9\s?(?:[.,]\s?)?(?=(?:1[6-9]\d\d|20\d\d)[a-z]?[.,]|[A-Z]\.))"
        ),
    ),
    ("year.first", re.compile(r"^\(?(?:1[6-9]\d\d|20\d\d)[a-z]?\)?[.,:]")),
    ("label.num", re.compile(r"^\s*(?:[\[［【]\d{1,4}[\]］】]|\(\d{1,4}\)|\d{1,4}[.)]\s)")),
    ("label.bare", re.compile(r"^\d{1,3}\s+(?:[A-Z]|[\u3400-\u9fff])")),
    ("label.sub", re.compile(r"^\s*\(?[a-z]\s?\)\s?")),
    ("label.alpha", re.compile(r"^\s*\[[A-Za-z][^\[\]]{0,30}\]")),
)
_OPENING_NAMES = frozenset(name for name, _ in _OPENINGS)
# A number opening a line ("12.", "[12]", "(12)", "12 A. Author").
_NUMBER = re.compile(r"^\s*[\[［【(]?(\d{1,3})(?:[\]］】).]|\s)")
_STOP_OPEN = frozenset(
    ["in", "and", "of", "the", "for", "on", "with", "to", "from", "by", "at", "a", "an",
     "pp", "pp.", "vol.", "vol", "volume", "proceedings", "journal", "eds.", "eds", "ed.",
     "ed", "editor", "editors", "doi", "doi:", "url", "available", "retrieved",
     "accessed", "http", "https", "arxiv"]
)  # fmt: skip


# Words after which an entry goes on: a line ending with one is no entry's last.
_STOP_END = frozenset(
    ["in", "and", "of", "the", "for", "on", "with", "to", "from", "by", "at", "a", "an",
     "&", "in:", "ed.", "eds.", "ed", "eds", "dr.", "vol.", "no.", "pp.", "p.", "et", "und",
     "editors", "editor", "(eds.)", "(ed.)", "(eds)", "(ed)"]
)  # fmt: skip


def _shape(token: str) -> str:
    out: list[str] = []
    for ch in token[:10]:
        c = "X" if ch.isupper() else "x" if ch.islower() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def _bucket(value: float, edges: Sequence[float]) -> int:
    for i, edge in enumerate(edges):
        if value < edge:
            return i
    return len(edges)


def _own(line: Line, right: float, left: float) -> list[str]:
    text = line.text.strip()
    tokens = text.split()
    first = tokens[0] if tokens else ""
    second = tokens[1] if len(tokens) > 1 else ""
    last = tokens[-1] if tokens else ""
    em = max(line.size, 1.0)
    f = [
        f"s1={_shape(first)}",
        f"s12={_shape(first)}_{_shape(second)}",
        f"end={last[-1:] if last and not last[-1].isalnum() else _shape(last[-1:])}",
        f"short={_bucket((right - line.x1) / em, (1.0, 3.0, 8.0, 16.0))}",
        f"len={_bucket(len(text), (15, 35, 60, 90))}",
        f"commas={min(text.count(','), 4)}",
    ]
    if line.x0 > left + 0.5 * em:
        f.append("indented")
    low = first.lower()
    if low in _STOP_OPEN:
        f.append(f"w1={low}")
    if first[:1].islower():
        f.append("lower")
    f.extend(name for name, rx in _OPENINGS if rx.match(text))
    year = _YEAR.search(text)
    if year is not None:
        f.append(f"yearpos={_bucket(year.start(), (3, 12, 30, 60))}")
        if _AUTHORS.fullmatch(text[: year.start()]):
            f.append("names.year")  # only names before the year: "Price CJ, Li K. 2012."
    else:
        f.append("noyear")
    if text.endswith("-") and len(text) > 1 and text[-2].isalpha():
        f.append("hyphen")
    if re.search(r"(?:pp?\.\s*)?\d+\s*[-–]\s*\d+\.?$", text):
        f.append("ends.pages")
    if re.search(r"(?:doi|https?://|www\.)\S*$", text, re.I):
        f.append("ends.link")
    if re.fullmatch(r"(?:[A-Z]\.-?){1,3},?", last) and len(tokens) > 1:
        f.append("ends.initial")  # "..., Michael A." (the family name on the next line)
    if _ENDS_ID.search(text):
        f.append("ends.id")
    if last.casefold() in _STOP_END:
        f.append("ends.open")
    if re.search(r"\bet al\b", text):
        f.append("etal")
    f.append(f"names={min(len(_NAMES.findall(text)), 3)}")
    return f


# An identifier that closes an entry: a PubMed or PMC id, an arXiv id, an ISBN, a DOI.
_ENDS_ID = re.compile(
    r"(?:PMID:?\s*\d+|PMCID:?\s*PMC\d+|arXiv:\s*\S+|ISBN(?:-1[03])?:?\s*[\d\-X]+"
    r"|\b10\.\d{4,9}/\S+)[.,;]?$",
    re.I,
)


# What stands before an author-year entry's year: names, initials, "and", "&", "et al.",
# particles ("Mufson EJ, Mesulam M. ", "van Es D, van der Zwaag T (", "Smith, J. A., and ").
_AUTHORS = re.compile(
    r"(?:(?:[A-Z][\w'’\-]+|[A-Z]{1,3}|(?:[A-Z]\.\s?-?)+|van|von|der|den|de|da|di|du|dos|le|la"
    r"|and|&|et|al\.?)[,;:.]?\s+)+\(?"
)


# A person's name as reference lists print it: "Smith JA,", "Smith, J. A.,", "J. A. Smith,".
_NAMES = re.compile(
    r"(?:\b[A-Z][\w'’\-]+(?:, ?| )(?:[A-Z]{1,3}|[A-Z]\.(?:\s?-?[A-Z]\.)*)(?=[,;:]|$| and | &)"
    r"|\b[A-Z]\.(?:\s?-?[A-Z]\.)* [A-Z][\w'’\-]+(?=[,;:]|$| and | &))"
)


def _opening(text: str) -> str:
    """The shapes of a line's first two words, their punctuation kept ("Xx_XX," for
    "Drubin DG,")."""
    tokens = text.split()[:2]
    return "_".join(_shape(t) for t in tokens)


def _last_word(text: str) -> str:
    tokens = text.split()
    return re.sub(r"\d+", "0", tokens[-1]).casefold() if tokens else ""


# The features of a line's neighbours it is shown (prefixes).
_SHOWN = ("s1=", "end=", "short=", "len=", "name.", "initials.", "caps.", "given.",
          "dashes", "year", "label.", "names.", "rule.", "end.common", "open.", "names=",
          "lower", "hyphen", "ends.", "indented", "w1=")  # fmt: skip


# A label alone on its line ("[12]", "12.", "(12)").
_LONE_LABEL = re.compile(r"^(?:[\[［【][^\]］】]{1,12}[\]］】]|\(?\d{1,4}[.)]?)$")
# A year alone on its line ("(2016)", "2016."): an entry that closes with its year, broken
# before it; no label.
_LONE_YEAR = re.compile(r"^\(?(?:1[6-9]\d\d|20\d\d)[a-z]?[.)]*$")


def featurize(
    lines: Sequence[Line], rules: Sequence[bool], starts: Sequence[bool] | None = None
) -> list[list[str]]:
    """One feature list per line of a list (in reading order); ``rules`` says per line
    whether the layout rules start an entry there, ``starts`` whether a first reading of
    the model did (the entries' usual opening is read from those starts, else from the
    rules')."""
    if not lines:
        return []
    rights: dict[tuple[int, int], float] = {}
    lefts: dict[tuple[int, int], float] = {}
    for ln in lines:
        key = (ln.page, ln.column)
        rights[key] = max(rights.get(key, ln.x1), ln.x1)
        lefts[key] = min(lefts.get(key, ln.x0), ln.x0)
    own = [_own(ln, rights[(ln.page, ln.column)], lefts[(ln.page, ln.column)]) for ln in lines]
    labelled = sum(1 for f in own if "label.num" in f or "label.alpha" in f) >= 0.3 * len(lines)
    # Words that end many of the list's lines end its entries ("Medline", "[CrossRef]").
    ends = Counter(_last_word(ln.text) for ln in lines)
    common = {w for w, n in ends.items() if n >= 3 and n >= 0.05 * len(lines) and w}
    # How entries open in this list: the opening of its first line (an entry's start)
    # and the openings many lines share (continuation lines open in every way).
    openings = [_opening(ln.text) for ln in lines]
    counts = Counter(openings)
    first = openings[0]
    # How the entries the rules start open (in a list set flush: after a short line that
    # ends with a full stop), or those a first reading starts: the way of writing the
    # authors that most of them share. A line written so opens an entry even where the
    # line before runs to the margin or ends otherwise ("... 609 (1975)", "... Mol.
    # Psychiatry"). The model is trained on the rules' starts; :func:`tag` shows it its
    # own in a second reading.
    ways = [[x for x in f if x in _OPENING_NAMES] for f in own]
    known = rules if starts is None else starts
    by_known = Counter(w for way, s in zip(ways, known, strict=True) if s for w in way)
    usual = {w for w, n in by_known.items() if n >= 3 and n >= 0.3 * sum(known)}
    if not usual:
        # The rules start too few entries to tell (no line ends with a full stop): the
        # way most lines that open with a name open.
        by_lines = Counter(w for way in ways for w in way)
        usual = {w for w, n in by_lines.most_common(1) if n >= 3}
    last: int | None = None
    for ln, f, rule, opening, way in zip(lines, own, rules, openings, ways, strict=True):
        if opening == first:
            f.append("open.like.first")
        if usual.intersection(way):
            f.append("open.as.rules")
        if counts[opening] >= max(3, 0.1 * len(lines)):
            f.append("open.common")
        if _last_word(ln.text) in common:
            f.append("end.common")
        if rule:
            f.append("rule.start")
        if _LONE_YEAR.match(ln.text.strip()):
            f.append("year.alone")
        elif len(ln.text.split()) == 1 and _LONE_LABEL.match(ln.text.strip()):
            f.append("label.alone")
        number = _NUMBER.match(ln.text)
        if number is not None:
            value = int(number.group(1))
            if last is not None and value == last + 1:
                f.append("label.next")
            last = value
    shown = [[x for x in f if x.startswith(_SHOWN)] for f in own]
    out: list[list[str]] = []
    for i, f in enumerate(own):
        g = ["bias", f"labelled={int(labelled)}", *f]
        for off in (-1, 1, -2):
            j = i + off
            if 0 <= j < len(own):
                g.extend(f"{off}:{x}" for x in shown[j])
            else:
                g.append(f"{off}:none")
        if i > 0:
            # How the line before ends against how this one opens.
            prev_end = next(x for x in own[i - 1] if x.startswith("end="))
            prev_short = next(x for x in own[i - 1] if x.startswith("short="))
            opens = [x for x in f if x in _OPENING_NAMES] or ["none"]
            g.append(f"pair={prev_end}|{f[0]}")
            g.append(f"prev={prev_end}|{prev_short}")
            g.extend(f"open={o}|{prev_end}" for o in opens)
            g.extend(f"open={o}|{prev_short}" for o in opens)
        out.append(g)
    return out


def tag(lines: Sequence[Line], rules: Sequence[bool], path: Path = MODEL_PATH) -> list[str]:
    """One label per line (``start``, ``in``, ``other``); [] without a model. ``path`` is
    the shipped model, or one a benchmark trained."""
    tagger = open_tagger(path, shipped=True)
    if tagger is None or not lines:
        return []
    # Read twice: the second reading takes the entries' usual opening from the starts of
    # the first, which finds more of them than the rules do where few lines end with a
    # full stop (a third changes nothing on GROBID's documents).
    first = tagger.tag(featurize(lines, rules))
    feats = featurize(lines, rules, [lab == "start" for lab in first])
    return list_cues(lines, feats, list(tagger.tag(feats)))


def list_cues(
    lines: Sequence[Line], feats: Sequence[Sequence[str]], labels: list[str]
) -> list[str]:
    """The model's ``labels`` mended where the list's own way of opening entries and the
    line before say more than the model learnt (on GROBID's documents read with fold
    models, five dealings of the documents into folds, each mend gains on top of the
    ones before it, decision 0040):

    - a line that opens in the way the list's entries open, or with a body's name
      ("National Research Council. 2000."), and whose names run into a year ("Price CJ.
      2012.", "Smith, J. A., and M. Lee (") or a colon ("Lipshutz RJ, Fodor SP, et al:
      Title") starts an entry, whatever the line before, unless that line leaves its
      entry open. The model doubts such a line after a full line that ends without a
      full stop ("... Mol. Psychiatry", "... CrossRef Medline"); a line before that ends
      with a number and a comma or colon ("... 717-718,", "... 62:") closes an entry all
      the same. So does a line that opens with a person's name written otherwise than
      the list's entries open, its names running into a year, after a full stop ("...
      208 pp." / "Curran F. C., K. S. Heine, and S. L. Zell, 2002:");
    - any other line after one that leaves its entry open (a comma, "&", "and", a
      hyphen, a particle: an author list or a title broken there) starts none; a
      book's count of pages ("Springer, 208 pp.") leaves none open;
    - nor does a line that opens in none of the ways names open after a line of names
      that ends with the year (the title's line, "Ge L, Kim R. 2014." / "Remodeling of
      ..."), a line after the author's dash alone on its line ("--." / "1968. Title"),
      a line that opens with a chapter's pages ("Pp. 3-13 in K. Bawa (ed.), ..."), or
      one that opens with a link or an identifier ("URL https:", "doi: ...").
    """
    out = list(labels)
    for i in range(1, len(lines)):
        before = lines[i - 1].text.rstrip()
        open_before = _leaves_open(before)
        # Across a page or column the line before may not be the entry's last one (a last
        # line taken for the page's furniture): there the model's start stands.
        turn = (lines[i - 1].page, lines[i - 1].column) != (lines[i].page, lines[i].column)
        if (
            ("names.year" in feats[i] or _names_then_colon(lines[i].text))
            and (
                "open.as.rules" in feats[i]
                or _BODY.match(lines[i].text) is not None
                or (
                    before.endswith(".")
                    and "names.year" in feats[i]
                    and not _PERSON.isdisjoint(feats[i])
                )
            )
            and (
                not open_before
                or (before[-1:] in ",;:" and any(c.isdigit() for c in before.split()[-1]))
            )
        ):
            out[i] = "start"
        elif (
            out[i] == "start"
            and not turn
            and (
                open_before
                or (_names_then_year(before) and not _OPENING_NAMES.intersection(feats[i]))
                or _LONE_DASH.match(before) is not None
                or _PAGES_FIRST.match(lines[i].text) is not None
                or _LINK_FIRST.match(lines[i].text) is not None
            )
        ):
            out[i] = "in"
    return out


# A body that authors a work, named by words and a head noun ("National Research Council",
# "R Core Team", "Minor Planet Center"); not "Harvard University Press", a publisher.
_BODY = re.compile(
    r"^(?:The )?(?:[A-Z][\w&'’\-]*\.? (?:(?:of|for|on|and|the|&) )?)+"
    r"(?:Academy|Administration|Agency|Alliance|Association|Authority|Board|Bureau|Center"
    r"|Centre|Coalition|Collaboration|Commission|Committee|Consortium|Corporation|Council"
    r"|Department|Federation|Forum|Foundation|Group|Initiative|Institute|Ministry|Network"
    r"|Office|Organi[sz]ation|Panel|Programme|Project|Secretariat|Service|Society|Survey"
    r"|Team|Union)\b(?! Press)"
)
# The author of the entry before, repeated as a dash on a line of its own ("--.", "——,"):
# the entry's year and title follow on the next line.
_LONE_DASH = re.compile(r"^\s*(?:[—–―-]{2,}|_{3,}|[—–―])\s*[.,;:]?$")
# A chapter's pages opening a line ("Pp. 3-13 in K. Bawa (ed.), ..."): no entry opens so.
_PAGES_FIRST = re.compile(r"^[Pp]p\.?\s*\d")
# A link or an identifier opening a line ("URL https:", "doi: 10.1000/x", "Retrieved
# from"): the end of an entry, broken before it.
_LINK_FIRST = re.compile(
    r"^(?:URL\b|doi\b|https?:|www\.|Available\b|Retrieved\b|Accessed\b|arXiv\b|ISBN\b"
    r"|PMID\b)",
    re.IGNORECASE,
)
# The ways of writing a person's name at a line's start ("Smith, J.", "Smith JA", "J.
# Smith", "J. SMITH").
_PERSON = frozenset(["name.comma", "name.initials", "initials.name", "initials.caps"])
# A book's count of pages, which closes its entry ("Springer, 208 pp.").
_COUNT_OF_PAGES = re.compile(r"\d\s?pp?\.$")
# Particles of a family name broken from it at a line's end ("... Veltman JA, van").
_PARTICLES = frozenset(["van", "von", "der", "den", "de", "da", "di", "du", "dos", "del",
                        "le", "la"])  # fmt: skip


def _names_then_year(text: str) -> bool:
    """Whether a line holds names and then the year it ends with ("Ge L, Zhang M, Kim R.
    2014.", "... and Peter Lee. 2016."): the entry's title follows on the next line."""
    years = list(_YEAR.finditer(text))
    year = years[-1] if years else None
    return (
        year is not None
        and year.start() > 0
        and not text[year.end() :].strip(".,:;) ")
        and _AUTHORS.fullmatch(text[: year.start()]) is not None
    )


# What stands before a line's first colon.
_BEFORE_COLON = re.compile(r"^([^:]{1,200}):\s")


def _names_then_colon(text: str) -> bool:
    """Whether a line opens with names and then a colon, as Vancouver's entries without
    the year before the title open ("Lipshutz RJ, Fodor SP, et al: Title")."""
    m = _BEFORE_COLON.match(text)
    return m is not None and _AUTHORS.fullmatch(m.group(1) + ": ") is not None


def _leaves_open(text: str) -> bool:
    """Whether a line ends where its entry must go on: after a comma, a semicolon, a
    colon, "&", an ellipsis or a hyphen, a word after which an entry goes on, or a
    particle of a name."""
    text = text.rstrip()
    if _COUNT_OF_PAGES.search(text):
        return False
    if not text or text[-1] in ",;:&…-":
        return True
    last = text.split()[-1].casefold()
    return last in _STOP_END or last in _PARTICLES
