"""A generator of realistic, invented bibliographic records (CSL-JSON dicts).

Names come from many cultures (with particles, suffixes, diacritics, corporate authors),
titles from subject vocabularies, venues from journal, conference and publisher patterns;
a share of the records are Chinese (names in characters, Chinese titles and venues).
Nothing here is copied from the benchmark or seed sets.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

_WORDS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parent / "wordlists.json").read_text(encoding="utf-8")
)
GIVEN: list[str] = _WORDS["GIVEN"]
FAMILY: list[str] = _WORDS["FAMILY"]
PARTICLE_FAMILIES: list[str] = _WORDS["PARTICLE_FAMILIES"]
CORPORATE: list[str] = _WORDS["CORPORATE"]
ZH_FAMILY: list[str] = _WORDS["ZH_FAMILY"]
ZH_GIVEN_CHARS: list[str] = _WORDS["ZH_GIVEN_CHARS"]
SUBJECT_WORDS: dict[str, list[str]] = _WORDS["SUBJECT_WORDS"]
ZH_TITLE_PARTS: list[str] = _WORDS["ZH_TITLE_PARTS"]
ZH_JOURNALS: list[str] = _WORDS["ZH_JOURNALS"]
ZH_PUBLISHERS: list[str] = _WORDS["ZH_PUBLISHERS"]
ZH_PLACES: list[str] = _WORDS["ZH_PLACES"]
ZH_UNIVERSITIES: list[str] = _WORDS["ZH_UNIVERSITIES"]
JOURNALS: list[str] = _WORDS["JOURNALS"]
INSTITUTIONS: list[str] = _WORDS["INSTITUTIONS"]
PLACES: list[str] = _WORDS["PLACES"]
WEB_HOSTS: list[str] = _WORDS["WEB_HOSTS"]


def _split(text: str) -> list[str]:
    return text.split()


TITLE_TEMPLATES = (
    "{A} {B} for {C} {D}",
    "On the {A} of {B} {C}",
    "{A}: {B} {C} with {D} {E}",
    "Towards {A} {B} {C}",
    "{A} {B} {C} via {D} {E}",
    "A survey of {A} {B}",
    "{A} is all you need",
    "Understanding {A} {B} in {C} {D}",
    "{A}-aware {B} {C} for {D}",
    "Scaling {A} {B} to {C} {D}",
    "{A} and {B}: a {C} perspective",
    "Rethinking {A} {B}",
    "{A} {B}, {C} and {D} in {E} {F}",
    "Why do {A} {B} {C}?",
    "{A}{n}: {B} {C} at scale",
    "An empirical study of {A} {B} {C}",
    "{A} {B} {C}",
    "Efficient {A} of {B} {C} using {D}",
    "The effect of {A} on {B} {C}: evidence from {D}",
    "{A} {B}: Theory and practice",
    "{G} {H} of {A} {B}",
    "Learning to {V} {A} {B}",
    "{G} {A}: {H} {B} for {C}",
    "How {G} are {A} {B}?",
    "{A} {B} in the wild",
    "{n}D {A} {B} from {G} {H}",
    "{A}-{B}: {G} {H} {C}",
    "The {G} {H} of {A}",
    "{G} and {H} {A}",
    "{V}ing {G} {A} with {B} {C}",
    "{A} {B}, {G} {H}, and {C}",
    "{G} {H}",
    "Do {A} {B} {V} {G} {H}?",
    "{Acr}: {G} {H} {A} for {B} {C}",
    "{Acr}-{n}: {G} {A} with {B} {C}",
    "{A} {B}: {G} {C} on {D} {E}",
    "{G} {A}: A {H} {B} {C}",
)
GENERAL = _split(
    "new simple fast robust general unified large small open deep hidden local global "
    "structured natural visual temporal spatial semantic causal probabilistic "
    "stochastic linear nonlinear adaptive dynamic optimal approximate exact scalable "
    "practical modern theory principles foundations methods approach framework "
    "analysis design system systems algorithm algorithms model models study case "
    "evidence history introduction elements art nature structure function problem "
    "problems solution solutions limits power role future case world game games "
    "machines language languages networks computation computing information knowledge "
    "reasoning vision speech text images video words sentences statistics "
    "optimization inference estimation prediction classification detection "
    "recognition segmentation generation translation summarization search ranking"
)
VERBS = _split("learn predict detect generate rank align scale compress explain solve")
JOURNAL_PATTERNS = (
    "Journal of {X} {Y}",
    "International Journal of {X} {Y}",
    "{X} {Y} Letters",
    "Annals of {X} {Y}",
    "{X} Review",
    "Transactions on {X} {Y}",
    "Journal of the Royal {X} Society: Series {S} ({Y})",
    "{X} and {Y}",
    "Frontiers in {X}",
    "{X} {Y}",
)
COLLECTIONS = (
    "Proceedings of Machine Learning Research",
    "Lecture Notes in Computer Science",
    "LNCS",
    "CEUR Workshop Proceedings",
    "Communications in Computer and Information Science",
    "Springer Proceedings in Mathematics & Statistics",
)


CONFERENCES = (
    ("Advances in Neural Information Processing Systems", "NeurIPS"),
    ("International Conference on Machine Learning", "ICML"),
    ("International Conference on Learning Representations", "ICLR"),
    ("IEEE/CVF Conference on Computer Vision and Pattern Recognition", "CVPR"),
    ("Annual Meeting of the Association for Computational Linguistics", "ACL"),
    ("Conference on Empirical Methods in Natural Language Processing", "EMNLP"),
    ("ACM Symposium on Operating Systems Principles", "SOSP"),
    ("USENIX Symposium on Operating Systems Design and Implementation", "OSDI"),
    ("USENIX Symposium on Networked Systems Design and Implementation", "NSDI"),
    ("USENIX Annual Technical Conference", "USENIX ATC"),
    (
        "International Conference for High Performance Computing, Networking, Storage and Analysis",
        "SC",
    ),
    ("ACM SIGMOD International Conference on Management of Data", "SIGMOD"),
    ("International Conference on Very Large Data Bases", "VLDB"),
    ("ACM SIGKDD Conference on Knowledge Discovery and Data Mining", "KDD"),
    ("AAAI Conference on Artificial Intelligence", "AAAI"),
    ("International Joint Conference on Artificial Intelligence", "IJCAI"),
    ("European Conference on Computer Systems", "EuroSys"),
    ("ACM Symposium on Principles and Practice of Parallel Programming", "PPoPP"),
    ("International Symposium on Computer Architecture", "ISCA"),
    ("International Conference on Software Engineering", "ICSE"),
    ("The Web Conference", "WWW"),
    ("International Conference on Acoustics, Speech and Signal Processing", "ICASSP"),
    ("Conference on Robot Learning", "CoRL"),
    ("Symposium on Cloud Computing", "SoCC"),
)
CONF_PATTERNS = (
    "Proceedings of the {nth} {name}",
    "Proceedings of the {year} {name}",
    "Proc. of the {nth} {name}",
    "Proc. of the {year} {abbrev_name}",
    "{name}",
    "Proceedings of {abbrev} {year}",
    "{nth} {name} ({abbrev} {year})",
    "Proceedings of the {name}",
    "{year} {name}",
    "Proceedings of the {name} ({abbrev})",
    "{nth} {name} ({abbrev})",
    "Proceedings of the IEEE/CVF {name} ({abbrev})",
)
PUBLISHERS = (
    ("Springer", "Berlin"),
    ("Springer", "Cham"),
    ("Springer", "New York"),
    ("Elsevier", "Amsterdam"),
    ("MIT Press", "Cambridge, MA"),
    ("Cambridge University Press", "Cambridge"),
    ("Oxford University Press", "Oxford"),
    ("Princeton University Press", "Princeton"),
    ("Wiley", "Hoboken, NJ"),
    ("John Wiley & Sons", "New York"),
    ("O'Reilly Media", "Sebastopol, CA"),
    ("Addison-Wesley", "Boston"),
    ("Prentice Hall", "Upper Saddle River, NJ"),
    ("CRC Press", "Boca Raton, FL"),
    ("ACM", "New York, NY, USA"),
    ("IEEE", "Piscataway, NJ"),
    ("IEEE Computer Society", "Los Alamitos, CA"),
    ("USENIX Association", "Berkeley, CA"),
    ("Curran Associates, Inc.", "Red Hook, NY"),
    ("PMLR", ""),
    ("Association for Computational Linguistics", "Stroudsburg, PA"),
    ("Morgan Kaufmann", "San Francisco"),
    ("Routledge", "London"),
    ("SAGE Publications", "Thousand Oaks, CA"),
    ("University of Chicago Press", "Chicago"),
    ("Harvard University Press", "Cambridge, MA"),
    ("Gallimard", "Paris"),
    ("Suhrkamp", "Frankfurt am Main"),
    ("Birkhäuser", "Basel"),
    ("World Scientific", "Singapore"),
    ("Now Publishers", "Hanover, MA"),
)


# books a chapter appears in ({X}: a lower-cased title, {Y}: a title)
CHAPTER_BOOKS = (
    "Handbook of {X}",
    "Advances in {X}",
    "{Y}",
    "{Y}",
    "The Oxford Handbook of {X}",
    "Encyclopedia of {X}",
    "Essays on {X}",
    "Readings in {X}",
    "Studies in {X}",
)
DEPARTMENTS = (
    "Computer Science",
    "Statistics",
    "Mathematics",
    "Economics",
    "Electrical Engineering",
    "Biology",
    "Physics",
    "Linguistics",
    "Informatics",
)
DATA_REPOSITORIES = (
    "Zenodo",
    "Dryad",
    "figshare",
    "Harvard Dataverse",
    "PANGAEA",
    "UCI Machine Learning Repository",
    "ICPSR",
    "OpenML",
    "Mendeley Data",
)
DATA_HOSTS = ("zenodo.org/records", "datadryad.org/stash", "archive.ics.uci.edu/dataset")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _abbreviate(name: str) -> str:
    table = {
        "Conference": "Conf.",
        "International": "Int'l",
        "Symposium": "Symp.",
        "Proceedings": "Proc.",
        "Annual": "Annual",
        "Association": "Association",
        "Computational": "Computational",
        "Systems": "Systems",
        "Design": "Design",
    }
    return " ".join(table.get(w, w) for w in name.split())


class RecordGenerator:
    """Random invented records; the same seed gives the same records."""

    def __init__(self, seed: int = 0, *, shapes: bool = True) -> None:
        self.rng = random.Random(seed)
        # the shapes added on 2026-12-05 (round 2) draw from their own stream, so the
        # records of a seed are otherwise the ones drawn before; without ``shapes`` they
        # are the records drawn before (the document corpus draws its records again
        # from each document's seed, ``tools.fieldcorpus.fromdocs``)
        self.shapes = shapes
        self.shape_rng = random.Random(seed * 7919 + 13)

    # ---------------------------------------------------------------- pieces
    def person(self) -> dict[str, str]:
        r = self.rng
        roll = r.random()
        family = r.choice(PARTICLE_FAMILIES) if roll < 0.06 else r.choice(FAMILY)
        given = r.choice(GIVEN)
        if r.random() < 0.3:
            given += " " + (
                r.choice(GIVEN) if r.random() < 0.4 else r.choice("ABCDEFGHJKLMNPRSTW") + "."
            )
        name = {"family": family, "given": given}
        if r.random() < 0.015:
            name["suffix"] = r.choice(["Jr.", "III", "II", "Sr."])
        return name

    def zh_name(self) -> str:
        r = self.rng
        given = "".join(r.choice(ZH_GIVEN_CHARS) for _ in range(r.choice((1, 2, 2, 2))))
        return r.choice(ZH_FAMILY) + given

    def authors(self, zh: bool = False) -> list[dict[str, str]]:
        r = self.rng
        roll = r.random()
        if zh:
            if roll < 0.08:
                org = (
                    r.choice(["中国", "全国", "国家", "北京市", "上海市", "浙江省"])
                    + r.choice(
                        ["人工智能", "软件工程", "数据安全", "教育技术", "智能制造", "网络空间"]
                    )
                    + r.choice(
                        ["研究院", "学会", "协会", "标准化技术委员会", "发展中心", "产业联盟"]
                    )
                )
                return [{"literal": org}]
            n = r.choice((1, 1, 2, 2, 3, 3, 4, 5))
            return [{"literal": self.zh_name()} for _ in range(n)]
        if roll < 0.04:
            return [{"literal": r.choice(CORPORATE)}]
        weights = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 25)
        n = r.choices(weights, cum_weights=(22, 44, 60, 72, 80, 85, 88, 91, 94, 96, 98, 100))[0]
        people = [self.person() for _ in range(n)]
        if r.random() < 0.03:
            people[-1] = {"literal": r.choice(CORPORATE)}
        return people

    def title(self, zh: bool = False) -> str:
        r = self.rng
        if zh:
            text = "".join(r.choice(ZH_TITLE_PARTS) for _ in range(r.randint(3, 7)))
            roll = r.random()
            if roll < 0.2:
                sub = "".join(r.choice(ZH_TITLE_PARTS) for _ in range(r.randint(2, 4)))
                text += r.choice([":", "\uff1a", "\u2014\u2014"]) + sub
            elif roll < 0.3:
                term = "".join(r.choice(ZH_TITLE_PARTS) for _ in range(2))
                text = text[:2] + "\u201c" + term + "\u201d" + text[2:]
            elif roll < 0.38:
                text = f"第{r.randint(2, 60)}次" + text + r.choice(["报告", "白皮书", "统计报告"])
            elif roll < 0.45:
                text += f"({r.randint(2000, 2025)}年)"
            return text
        words = SUBJECT_WORDS[r.choice(("cs", "cs", "cs", "bio", "phys", "soc"))]
        fill = {k: r.choice(words) for k in "ABCDEF"}
        fill.update({k: r.choice(GENERAL) for k in "GH"})
        fill["V"] = r.choice(VERBS)
        fill["n"] = str(r.randint(2, 9))
        fill["Acr"] = r.choice(
            [
                "".join(r.choice("ABCDEFGHKLMNPRSTVXZ") for _ in range(r.randint(2, 5))),
                r.choice(words).capitalize() + r.choice(GENERAL).capitalize(),
                r.choice(GENERAL).capitalize()
                + r.choice(["Net", "Former", "GPT", "LM", "DB", "ML"]),
            ]
        )
        text = r.choice(TITLE_TEMPLATES).format(**fill)
        if r.random() < 0.12:
            acr = "".join(w[0] for w in text.split()[:4]).upper()
            text = f"{acr}: {text}"
        if r.random() < 0.05:
            text += f" ({r.choice(['Extended Abstract', 'Invited Paper', 'Poster'])})"
        text = self._title_shape(text, fill["Acr"], words)
        text = text[0].upper() + text[1:]
        if r.random() < 0.35:
            text = " ".join(w[:1].upper() + w[1:] if len(w) > 3 else w for w in text.split())
        return text

    def _title_shape(self, text: str, acr: str, words: list[str]) -> str:
        """Title shapes real lists print that the templates lack.

        A model name with its size ("Name 530B, a ..."), a numbered part ("... II", the
        last word then looks like an initial), and long titles of two clauses.
        """
        if not self.shapes:
            return text
        s = self.shape_rng
        roll = s.random()
        if roll < 0.03:
            size = f"{s.choice((1, 2, 3, 6, 7, 8, 13, 34, 65, 70, 175, 340, 530, 540))}"
            size += s.choice(("B", "B", "M", "K", "T"))
            head = s.choice((acr, acr, f"{acr}-{s.choice(GENERAL).capitalize()}"))
            joint = s.choice((", a ", ", a ", ": a ", " and ", ", the "))
            return f"{head} {size}{joint}{text[0].lower()}{text[1:]}"
        if roll < 0.05:
            short = " ".join(s.choice(words) for _ in range(s.randint(1, 3)))
            short = s.choice(("On {}", "{}", "Notes on {}", "{} revisited")).format(short)
            return short + s.choice((" I", " II", " III", " IV", ", Part I", " (II)"))
        if roll < 0.09:
            more = s.choice(TITLE_TEMPLATES).format(
                **{k: s.choice(words) for k in "ABCDEF"},
                **{k: s.choice(GENERAL) for k in "GH"},
                V=s.choice(VERBS),
                n=str(s.randint(2, 9)),
                Acr=acr,
            )
            joint = s.choice((": ", ": ", " with ", " and ", ", ", " — "))
            tail = s.choice(("", "", f" in {s.choice(words)} {s.choice(words)}"))
            return f"{text}{joint}{more[0].lower()}{more[1:]}{tail}"
        return text

    def year(self) -> int:
        r = self.rng
        return r.choice((r.randint(2015, 2025), r.randint(2000, 2025), r.randint(1950, 2025)))

    def pages(self) -> str:
        r = self.rng
        if r.random() < 0.08:
            return r.choice(["e", "", "e1000", "A"]) + str(r.randint(10, 99999))
        start = r.randint(1, 3000)
        return f"{start}-{start + r.randint(1, 40)}"

    def doi(self) -> str:
        r = self.rng
        prefix = r.choice(
            [
                "10.1145",
                "10.1109",
                "10.1007",
                "10.1016",
                "10.1038",
                "10.1126",
                "10.48550",
                "10.18653",
                "10.1093",
                "10.1371",
                "10.13328",
                "10.3390",
            ]
        )
        suffix = r.choice(
            [
                f"{r.randint(1000000, 3999999)}.{r.randint(1000000, 9999999)}",
                f"TPAMI.{r.randint(2000, 2025)}.{r.randint(1000000, 9999999)}",
                f"s{r.randint(10000, 99999)}-0{r.randint(10, 99)}-"
                f"{r.randint(1000, 9999)}-{r.randint(1, 9)}",
                f"j.{r.choice(['neucom', 'patcog', 'ins', 'eswa'])}.{r.randint(2000, 2025)}."
                f"{r.randint(10, 12)}.{r.randint(100, 999)}",
                f"nature{r.randint(10000, 99999)}",
                f"arXiv.{r.randint(1501, 2412)}.{r.randint(10000, 19999)}",
                f"v1/{r.randint(2019, 2024)}.acl-long.{r.randint(1, 999)}",
                f"jos.{r.randint(100000, 999999)}",
                f"jss.v{r.randint(1, 110):03d}.i{r.randint(1, 14):02d}",
                f"j.{r.randint(1467, 1541)}-{r.randint(1000, 9999)}.{r.randint(1990, 2025)}."
                f"{r.randint(10000, 99999)}.x",
                f"{r.randint(2000, 2025)}.{r.randint(1000, 99999)}",
            ]
        )
        return f"{prefix}/{suffix}"

    def arxiv_id(self) -> str:
        r = self.rng
        return f"{r.randint(15, 25)}{r.randint(1, 12):02d}.{r.randint(0, 29999):05d}"

    # ---------------------------------------------------------------- records
    def record(self, zh: bool = False) -> dict[str, Any]:
        r = self.rng
        if zh:
            kind = r.choices(
                ["article-journal", "paper-conference", "book", "thesis", "report", "standard"],
                cum_weights=(60, 72, 82, 94, 97, 100),
            )[0]
        else:
            kind = r.choices(
                [
                    "article-journal",
                    "paper-conference",
                    "book",
                    "chapter",
                    "thesis",
                    "report",
                    "preprint",
                    "webpage",
                    "software",
                    "standard",
                    "patent",
                    "dataset",
                ],
                cum_weights=(34, 56, 63, 69, 73, 77, 86, 90, 94, 96, 98, 100),
            )[0]
        rec: dict[str, Any] = {"type": kind, "author": self.authors(zh), "title": self.title(zh)}
        year = self.year()
        rec["issued"] = {"date-parts": [[year]]}
        if r.random() < 0.08:
            rec["issued"]["date-parts"][0].append(r.randint(1, 12))
        if kind == "article-journal":
            if zh:
                rec["container-title"] = r.choice(ZH_JOURNALS)
            elif r.random() < 0.3:
                words = SUBJECT_WORDS[r.choice(list(SUBJECT_WORDS))]
                rec["container-title"] = r.choice(JOURNAL_PATTERNS).format(
                    X=r.choice(words).capitalize(),
                    Y=r.choice(GENERAL).capitalize(),
                    S=r.choice("ABC"),
                )
            else:
                rec["container-title"] = r.choice(JOURNALS)
            if r.random() < 0.9:
                roll = r.random()
                rec["volume"] = str(
                    r.randint(1, 80)
                    if roll < 0.6
                    else r.randint(81, 999)
                    if roll < 0.9
                    else r.randint(1000, 12000)
                )
            if r.random() < 0.75:
                roll = r.random()
                if roll < 0.7:
                    rec["issue"] = str(r.randint(1, 12))
                elif roll < 0.85:
                    rec["issue"] = str(r.randint(13, 60))
                elif roll < 0.95:
                    rec["issue"] = str(r.randint(1000, 9999))
                else:
                    first = r.randint(1, 11)
                    rec["issue"] = r.choice([f"{first}-{first + 1}", f"S{first}", f"Suppl {first}"])
                # A range of issues bound as one ("1-7").
                if self.shapes and self.shape_rng.random() < 0.04:
                    first = self.shape_rng.randint(1, 6)
                    rec["issue"] = f"{first}-{first + self.shape_rng.randint(1, 11)}"
            if r.random() < 0.93:
                rec["page"] = self.pages()
        elif kind == "paper-conference":
            if zh:
                rec["container-title"] = (
                    f"第{r.randint(10, 40)}届全国{r.choice(ZH_TITLE_PARTS)}学术会议论文集"
                )
                rec["publisher-place"] = r.choice(ZH_PLACES)
                rec["publisher"] = r.choice(ZH_PUBLISHERS)
            else:
                name, abbrev = r.choice(CONFERENCES)
                rec["container-title"] = r.choice(CONF_PATTERNS).format(
                    nth=_ordinal(r.randint(2, 60)),
                    name=name,
                    year=year,
                    abbrev=abbrev,
                    abbrev_name=_abbreviate(name),
                )
                roll = r.random()
                if roll < 0.08:
                    rec["container-title"] = f"{name} {r.randint(1, 38)}"
                elif roll < 0.12:
                    rec["container-title"] = f"Computer Vision \u2013 {abbrev} {year}"
                elif roll < 0.15:
                    rec["container-title"] += f" ({abbrev}-{year % 100:02d})"
                if r.random() < 0.12:
                    rec["collection-title"] = r.choice(COLLECTIONS)
                    rec["volume"] = str(r.randint(1, 12000))
                if r.random() < 0.6:
                    pub, place = r.choice(PUBLISHERS[14:21])
                    rec["publisher"] = abbrev.split()[0] if r.random() < 0.35 else pub
                    if place and r.random() < 0.7:
                        rec["publisher-place"] = r.choice([place, r.choice(PLACES)])
                if r.random() < 0.1:
                    rec["volume"] = str(r.randint(1, 40))
            if r.random() < 0.85:
                rec["page"] = self.pages()
        elif kind in ("book", "chapter"):
            if zh:
                rec["publisher"], rec["publisher-place"] = (
                    r.choice(ZH_PUBLISHERS),
                    r.choice(ZH_PLACES),
                )
            else:
                pub, place = r.choice(PUBLISHERS)
                rec["publisher"] = pub
                if place and r.random() < 0.8:
                    rec["publisher-place"] = place
            if r.random() < 0.15:
                rec["edition"] = str(r.randint(2, 5))
            if r.random() < 0.15:
                rec["ISBN"] = (
                    f"978-{r.randint(0, 9)}-{r.randint(100, 999)}-"
                    f"{r.randint(10000, 99999)}-{r.randint(0, 9)}"
                )
            if kind == "chapter":
                rec["container-title"] = r.choice(CHAPTER_BOOKS).format(
                    X=self.title().lower(), Y=self.title()
                )
                rec["editor"] = [self.person() for _ in range(r.randint(1, 3))]
                rec["page"] = self.pages()
            if r.random() < 0.15:
                rec["collection-title"] = r.choice(
                    [
                        "Lecture Notes in Computer Science",
                        "Springer Series in Statistics",
                        "Synthesis Lectures on Computer Architecture",
                        "Studies in Computational Intelligence",
                    ]
                )
                if r.random() < 0.6:
                    rec["collection-number"] = str(r.randint(1, 14000))
        elif kind == "thesis":
            if zh:
                rec["publisher"], rec["publisher-place"] = (
                    r.choice(ZH_UNIVERSITIES),
                    r.choice(ZH_PLACES),
                )
                rec["genre"] = r.choice(["博士学位论文", "硕士学位论文"])
            else:
                rec["publisher"] = r.choice(INSTITUTIONS[:14])
                if r.random() < 0.3:
                    rec["publisher"] = f"Department of {r.choice(DEPARTMENTS)}, {rec['publisher']}"
                rec["genre"] = r.choice(
                    [
                        "PhD thesis",
                        "Ph.D. dissertation",
                        "Master's thesis",
                        "Doctoral dissertation",
                        "MSc thesis",
                        "Bachelor's thesis",
                        "Diploma thesis",
                    ]
                )
                if r.random() < 0.5:
                    rec["publisher-place"] = r.choice(PLACES)
        elif kind == "report":
            rec["publisher"] = r.choice(INSTITUTIONS) if not zh else r.choice(ZH_UNIVERSITIES)
            rec["genre"] = r.choice(
                ["Technical Report", "Tech. Rep.", "White paper", "Research Report"]
            )
            rec["number"] = r.choice(
                [
                    f"TR-{year}-{r.randint(1, 99):02d}",
                    f"{r.randint(100, 9999)}",
                    f"UCB/EECS-{year}-{r.randint(1, 200)}",
                ]
            )
            if r.random() < 0.4:
                rec["publisher-place"] = r.choice(PLACES)
        elif kind == "preprint":
            ident = self.arxiv_id()
            if r.random() < 0.5:
                rec["type"] = "article-journal"
                rec["container-title"] = r.choice(
                    [f"arXiv preprint arXiv:{ident}", f"arXiv:{ident}", "arXiv", "CoRR"]
                )
                if rec["container-title"] == "CoRR":
                    rec["volume"] = f"abs/{ident}"
            else:
                rec["type"] = "article"
                rec["number"] = f"arXiv:{ident}"
                rec["genre"] = "preprint"
                if r.random() < 0.3:
                    rec["publisher"] = "arXiv"
            if r.random() < 0.25:
                rec["URL"] = f"https://arxiv.org/abs/{ident}"
        elif kind in ("webpage", "software"):
            host = "github.com" if kind == "software" else r.choice(WEB_HOSTS)
            slug = "/".join(r.choice(SUBJECT_WORDS["cs"]).lower() for _ in range(r.randint(1, 3)))
            rec["URL"] = f"https://{host}/{slug}" + ("/" if r.random() < 0.2 else "")
            if self.shapes and self.shape_rng.random() < (0.5 if kind == "software" else 0.15):
                self._project(rec)
            if kind == "software":
                rec["container-title"] = "GitHub" if r.random() < 0.3 else ""
                if not rec["container-title"] and r.random() < 0.4:
                    rec["publisher"] = r.choice(["Zenodo", "GitHub", "GitHub repository", "PyPI"])
                if r.random() < 0.3:
                    rec["version"] = f"{r.randint(0, 3)}.{r.randint(0, 20)}"
                if r.random() < 0.3:
                    rec["medium"] = "Internet"
            else:
                rec["container-title"] = r.choice(
                    ["", "", "NVIDIA Technical Blog", "OpenAI Blog", "Hugging Face Blog"]
                )
            if r.random() < 0.5:
                rec["accessed"] = {
                    "date-parts": [[r.randint(2020, 2025), r.randint(1, 12), r.randint(1, 28)]]
                }
            if not rec["container-title"]:
                del rec["container-title"]
        elif kind == "standard":
            org = r.choice(["ISO", "IEC", "IEEE Std", "GB/T", "ANSI"])
            rec["number"] = f"{org} {r.randint(100, 40000)}{r.choice(['', '-1', '-2'])}:{year}"
            rec["publisher"] = (
                r.choice(["International Organization for Standardization", "IEEE", "ISO"])
                if not zh
                else r.choice(ZH_PUBLISHERS)
            )
            if zh:
                rec["publisher-place"] = "北京"
        elif kind == "dataset":
            rec["publisher"] = r.choice(DATA_REPOSITORIES)
            if r.random() < 0.4:
                rec["version"] = f"{r.randint(1, 5)}.{r.randint(0, 9)}"
            if r.random() < 0.5:
                rec["DOI"] = self.doi()
            elif r.random() < 0.6:
                slug = r.choice(SUBJECT_WORDS["cs"]).lower()
                rec["URL"] = f"https://{r.choice(DATA_HOSTS)}/{slug}{r.randint(10, 9999)}"
            if r.random() < 0.3:
                rec["medium"] = "Data set"
        elif kind == "patent":
            rec["number"] = f"US {r.randint(5000000, 11999999)} B{r.randint(1, 2)}"
        if r.random() < 0.25 and "DOI" not in rec and kind not in ("webpage", "software"):
            rec["DOI"] = self.doi()
        if zh and r.random() < 0.3:
            rec["note"] = "in Chinese with English abstract"
        elif not zh and r.random() < 0.02:
            rec["note"] = r.choice(["in press", "to appear", "in German", "Oral presentation"])
        return {k: v for k, v in rec.items() if v not in ("", None, [])}

    def _project(self, rec: dict[str, Any]) -> None:
        """Software and project pages credited to the project ("Name Contributors. Name: ...")."""
        s = self.shape_rng
        words = SUBJECT_WORDS["cs"]
        name = s.choice(
            (
                "".join(s.choice("ABCDEFGHKLMNPRSTVXZ") for _ in range(s.randint(2, 5))),
                s.choice(words).capitalize() + s.choice(("NLP", "Net", "Kit", "Flow", "DB", "ML")),
                s.choice(("Py", "Open", "Deep", "Fast", "Mind", "Tensor", "Graph"))
                + s.choice(words).capitalize(),
            )
        )
        org = s.choice(("Contributors", "contributors", "Developers", "Team", "Authors"))
        rec["author"] = [{"literal": s.choice((f"{name} {org}", f"The {name} {org}"))}]
        if s.random() < 0.8:
            rec["title"] = f"{name}: {rec['title'][0].lower()}{rec['title'][1:]}"

    def zh_english(self) -> dict[str, Any]:
        """An English record as cited in a Chinese journal (abbreviated proceedings)."""
        rec = self.record()
        return rec
