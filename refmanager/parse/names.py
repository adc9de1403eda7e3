"""Split an author (or editor) string into CSL names.

Handles inverted ("Smith, J. R., & Doe, A."), natural ("J. R. Smith and A. Doe"),
Vancouver/GB/T ("Smith JR, Doe A", "SMITH J R"), mixed MLA ("Smith, John, and Jane Doe"),
Chinese names in characters (王伟 -> 王 + 伟, 欧阳 two-character family names),
corporate authors ({literal}), particles kept in the family ("von Platen", "Le Scao"),
suffixes ("Jr."), and "et al." / "等".
"""

from __future__ import annotations

import functools
import re

from refmanager.model import Name
from refmanager.parse.tokens import CJK, word_set

COMPOUND_SURNAMES = word_set(
    "欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 令狐 长孙 宇文 "
    "司徒 夏侯 轩辕 端木 独孤 南宫 西门 闻人 万俟 澹台 公冶 宗政 "
    "濮阳 太史 申屠 钟离 赫连 呼延 第五 百里 东郭 左丘"
)
PARTICLES = word_set(
    "van von der den de la le du del della da di dos das ten ter zu af vander vanden al el bin ibn "
    "'t \u2019t"  # (Dutch: "G. 't Hooft")
)
SUFFIXES = word_set("Jr Jr. Sr Sr. II III IV jr jr. 2nd 3rd 4th 2d 3d")  # (NLM: "Gretz HF 3d")
_CORPORATE_WORDS = word_set(
    "team collaboration consortium organization organisation institute association "
    "group committee council foundation society agency inc ltd llc gmbh corporation "
    "corp company university project contributors office bureau department ministry "
    "commission center centre centers centres laboratory laboratories lab labs network alliance "
    "library libraries institutes associations agencies organizations organisations "
    "societies councils committees departments ministries universities foundations "
    "academy academies "
    "administration authority board federation union initiative working developers "
    "investigators collaborators trialists panel taskforce services "
    "community research openai google deepmind microsoft meta nvidia github wikipedia "
    "who nasa ieee acm iso w3c ietf "
    "nations statistics programme secretariat observatory government forum verlag "
    "oecd unesco unicef eurostat "
    # the same words in the languages of the lists read (ABNT's "BRASIL. Ministério da
    # Educação", "Institut für ...", "Ministère de ...")
    "minist\u00e9rio ministerio minist\u00e8re ministerium secretaria secretar\u00eda instituto "
    "institut conselho consejo conseil funda\u00e7\u00e3o fundaci\u00f3n fondation stiftung "
    "associa\u00e7\u00e3o asociaci\u00f3n soci\u00e9t\u00e9 gesellschaft verband bundesamt "
    "universidade universidad universit\u00e9 universit\u00e4t organizaci\u00f3n "
    "organiza\u00e7\u00e3o organizzazione collab"
)


def _body_around_and(text: str) -> bool:
    """Whether the words before a name's first "and" or after its last have a body's word."""
    parts = _AND.split(text)
    return is_corporate(parts[0]) or is_corporate(parts[-1])


def is_corporate(text: str) -> bool:
    """Whether a name holds a word only organisations have ("Team", "Consortium", "Inc.")."""
    # (a loop, not any() over a generator: it is hot)
    for word in text.split():  # noqa: SIM110
        if word.strip(".,()").lower() in _CORPORATE_WORDS:
            return True
    return False


_SUFFIX_BARE = frozenset(s.rstrip(".") for s in SUFFIXES)
_ETAL_INSIDE = re.compile(r",?\s*\bet\s*al\b\.?\s*[;,.]?\s*")
_ETAL = re.compile(
    # (German "u. a.", Spanish and Portuguese "y col.", "e col." too)
    r"(?:,?\s*(?:et\s*al\b\.?|etal\.?|and\s+others|\bu\.\s?a\b\.?|\b[ye]\s+cols?\b\.?|"
    r"\u7b49\u4eba?|\u7b49)\s*"
    # Korean and Japanese lists' "and N others": "外 5人", "외 3인", "외 2명", "외 1"
    r"|\s*[\u5916\uc678]\s*\d+\s*[\u4eba\uc778\uba85]?|\s+[\u5916\uc678])$"
)
_ETAL_ENDS = (
    "al",
    "others",
    "u. a",
    "u.a",
    "col",
    "cols",
    "\u7b49",
    "\u4eba",
    "\uc778",
    "\uba85",
    "\u5916",
    "\uc678",
    *"0123456789",
)
# "/" parts names as German lists print them ("Krause, J./Lange, M.").
_SEP = re.compile(
    r"(?=[\s;\uff0c\u3001\u30fb,/])"  # (the characters a match starts with: tried only there)
    r"\s*(?:;|\uff0c|\u3001|\u30fb|,|/(?=\s*[A-Z\u00c0-\u00de]))\s*"
)  # ("\u30fb", the middle dot, parts Japanese names: "山田太郎・鈴木花子")
# Spanish "y" and Portuguese or Italian "e" join the last name after a name's initial or
# comma ("García, M., y López, J."); inside a family name they stay ("Ortega y Gasset").
_AND = re.compile(
    r"(?=[\s,aA&euy\u548c\u4e0e])"  # (the characters a match starts with: tried only there)
    r"(?:\s*(?:,\s*)?(?:\band\b|\bAND\b|&|\bund\b|\bet\b(?!\s*al)|\u548c|\u4e0e)\s*"
    r"|(?<=[.,])\s*\b[ye]\s+(?=[A-Z\u00c0-\u00de]))"
)
# A match of ``_AND`` holds one of these words, or "y" or "e" before white space: a quick
# test before the split, which tries the pattern at nearly every place of a name list
_AND_WORDS = ("and", "AND", "&", "und", "et", "\u548c", "\u4e0e")
_Y_OR_E_BEFORE_SPACE = re.compile(r"[ye]\s")


def _may_join(text: str) -> bool:
    """Whether ``_AND`` may match in ``text`` (False: it does not)."""
    for word in _AND_WORDS:  # (a loop, not any() over a generator: it is hot)
        if word in text:
            return True
    return _Y_OR_E_BEFORE_SPACE.search(text) is not None


_AND_BETWEEN_INVERTED = re.compile(
    r"(,\s*[A-Z\u00c0-\u00de][^\s,;]*(?:\s[A-Z\u00c0-\u00de][^\s,;]*)?)\s+[ey]\s+"
    r"(?=[A-Z\u00c0-\u00de][^\s,;]*(?:\s[A-Z\u00c0-\u00de][^\s,;]*)?,)"
)
_INITIALS = re.compile(r"^(?:[A-Z\u00c0-\u00de\u0100-\u017f][a-z]?\.?[\s\-\u2010]*){1,4}$")
# (Cyrillic capitals too: GOST's "Кузнецов А. В." ends with a bare "В" once its stop goes)
_TIGHT_INITIALS = re.compile(r"^[A-Z\u00c0-\u00de\u0141\u0100-\u017f\u0401\u0410-\u042f]{1,3}$")
# "D-H", "J-P", "JP-R": hyphenated initials without periods (Korean and French given names)
_HYPHEN_INITIALS = re.compile(r"^[A-Z\u0410-\u042f]{1,2}(?:[\-\u2010][A-Z\u0410-\u042f]{1,2})+$")
# The commonest Chinese family names in pinyin: "Zhao Mingyu" printed family first.
PINYIN_FAMILIES = word_set(
    "wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo "
    "zheng liang xie song tang han feng deng cao peng zeng xiao tian dong yuan pan cai jiang "
    "yu du ye cheng wei su lv lu ding ren shen yao jin fu zhong cui tan liao fan wan qiu qin "
    "jia xia gu shi hou bai meng long kong xiong qian dai yan mo lei yin kang geng fang "
    "qiao zou shao mao hao duan lai gong wen yi chang xue niu nie zhan ge bi an ouyang situ "
    "shangguan zhuge"
)
_PINYIN_SYLLABLE = re.compile(
    r"(?:[bpmfdtnlgkhjqxrzcsyw]|zh|ch|sh)?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|"
    r"\u00fcn|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|o|e|i|u|\u00fc|v)(?![aeiou])"
)
# Two to six CJK characters (or middle dots): a Chinese name in characters.
_CJK_NAME = re.compile(rf"^[{CJK}\u00b7]{{2,6}}$")
_HANGUL_NAME = re.compile("^[\uac00-\ud7a3]{3,4}$")
_KOREAN_COMPOUND_FAMILIES = frozenset(("남궁", "선우", "제갈", "황보", "독고", "사공", "서문"))
_CAP_PARTICLES = word_set("Le De Del Van Von Da Di La Du Dos")
# the dashes that stand for the names of the entry before ("———.", biblatex's one "—")
_DASHES = re.compile(r"^(?:[\u2014\u2013\-_\u2015]{2,}|[\u2014\u2015])\.?$")
_ELLIPSIS = re.compile(r",?\s*(?:\u2026|\.\s?\.\s?\.)\s*,?\s*")
_CJK_STOP = re.compile(rf"(?<=[{CJK}\uac00-\ud7a3])\s*\.\s*(?=[{CJK}\uac00-\ud7a3])")
# a stop after a Vancouver name's initials, before the next such name ("Ode DL. Abe JH")
_VANCOUVER_STOP = re.compile(
    r"(?<=[a-z\u00df-\u00ff] [A-Z]{2})\.\s+(?=[A-Z][a-z\u00df-\u00ff'-]+ [A-Z]{1,3}\b)"
)
_INITIAL_BREAKS = re.compile(r"[\s.\-\u2010]+")
# An editors' mark after the names: "(eds.)", "(Hrsg.)", "(Hg.)", "(dir.)", "(Org.)",
# "(coord.)", "(éd.)", "(comp.)", "(a cura di)".
_EDS_PAREN = re.compile(
    r"\s*\((?:eds?|editors?|hrsg|hgg?|dirs?|orgs?|coords?|\u00e9ds?|comps?|a cura di)\.?\)?\s*$",
    re.IGNORECASE,
)
_BRACKETED_WORD = re.compile(r"\s*\([A-Z][a-z\u00e0-\u00ff]+\)(?=\s*(?:[,;]|$))")
_EDS_WORD = re.compile(r",?\s*(?:eds?\.|editors?|\u7f16)$", re.IGNORECASE)
# the last characters _EDS_WORD's words end with (its case folding reads a long s as "s")
_EDS_WORD_ENDS = frozenset(".sSrR\u017f\u7f16")
_CAP_INITIAL = re.compile(r"\b[A-Z\u0410-\u042f]\.")


@functools.lru_cache(maxsize=4096)  # the same initials recur in every list
def is_initials(text: str) -> bool:
    """ "J.", "J. R.", "A.-L.", "JR", "ZX", "Ł", "Th.": a given name printed as initials."""
    t = text.strip()
    if not t:
        return False
    if _TIGHT_INITIALS.match(t) or _HYPHEN_INITIALS.match(t):
        return True
    if "." not in t:
        return False
    parts = [p for p in _INITIAL_BREAKS.split(t) if p]
    return 0 < len(parts) <= 4 and all(
        (len(p) == 1 and p.isupper()) or (len(p) == 2 and p[0].isupper() and p[1].islower())
        for p in parts
    )


def split_chinese(name: str) -> Name:
    """王伟 -> family 王, given 伟; 欧阳明华 -> family 欧阳, given 明华; four or five characters
    are two and the rest, as Japanese names (山田太郎, 藤島亥治郎) and Chinese compound surnames
    print them."""
    parts = name.split()
    if len(parts) == 2 and len(parts[0]) <= 3 and len(parts[1]) <= 3:
        return Name(family=parts[0], given=parts[1])  # "松掛 暢": a space after the family
    name = name.replace(" ", "")
    if (len(name) >= 3 and name[:2] in COMPOUND_SURNAMES) or len(name) in (4, 5):
        return Name(family=name[:2], given=name[2:])
    return Name(family=name[:1], given=name[1:])


# A body named in CJK characters: four characters or more ending in a word only bodies
# end in (国家统计局, 国土交通省, 中国科学院, a ministry whose name holds 和), or eight or more;
# a Japanese name of five or six characters (藤島亥治郎) is a person's.
CJK_BODY = re.compile(
    rf"^(?:[{CJK}]{{8,}}|[{CJK}]{{3,}}(?:局|部|院|会|所|厅|署|委|社|司|组|队|室|校|馆|站|府|盟|省|庁|協会|学会|中心))$"
)


def _is_pinyin_given(word: str) -> bool:
    """ "Mingyu", "Xiaoming", "Wei": a capitalised word that is one to three pinyin syllables."""
    low = word.lower()
    if not (word[:1].isupper() and word[1:].islower() and low.isascii()):
        return False
    pos = count = 0
    while pos < len(low) and count < 4:
        m = _PINYIN_SYLLABLE.match(low, pos)
        if m is None or m.end() == pos:
            return False
        pos = m.end()
        count += 1
    return pos == len(low) and 1 <= count <= 3


def _family_first_pinyin(chunks: list[str]) -> bool:
    """Whether a list prints Chinese names family first ("Zhao Mingyu, Li Xiaohua"): every
    name is two words, the first a common family name, the second pinyin, and at least one
    second word is not itself a common family name (which "Wei Li" could be either way)."""
    pairs = [c.split() for c in chunks]
    if not pairs or set(map(len, pairs)) != {2}:
        return False
    if not all(p[0].lower() in PINYIN_FAMILIES and _is_pinyin_given(p[1]) for p in pairs):
        return False
    return any(p[1].lower() not in PINYIN_FAMILIES for p in pairs)


def _pinyin_among_vancouver_names(chunks: list[str]) -> set[int]:
    """The chunks of a Vancouver list ("Park D-H, Zhao Mingyu, Odell K") that are a Chinese
    name printed family first in full (a common family name, then pinyin): the other names
    print the family name first, their initials after it."""
    pinyin = {
        i
        for i, c in enumerate(chunks)
        if len(w := c.split()) == 2
        and w[0].lower() in PINYIN_FAMILIES
        and _is_pinyin_given(w[1])
        and w[1].lower() not in PINYIN_FAMILIES
    }
    others = [c.split() for i, c in enumerate(chunks) if i not in pinyin]
    if not pinyin or not others:
        return set()
    if not all(len(w) >= 2 and is_initials(w[-1]) and not is_initials(w[0]) for w in others):
        return set()
    return pinyin


# "Saint" shortened before a family name ("St. John", "Ste. Marie"): no initial
_SAINT = frozenset(("St.", "Ste.", "St", "Ste"))


def _looks_family_only(chunk: str) -> bool:
    words = chunk.split()
    if not words or len(words) > 4:
        return False
    core = [w for w in words if w.lower() not in PARTICLES]
    if len(core) > 1 and core[0] in _SAINT:
        core = core[1:]
    if len(core) > 2 or not core:
        return False
    return not any(map(is_initials, core)) or chunk.isupper()


def _capitals_family_word(word: str) -> bool:
    """A family name's word in capitals ("DUPONT", "LE", "LI"), not initials ("JR", "AB")."""
    if len(word) < 2 or not word.isupper() or not word.isalpha():
        return False
    low = word.lower()
    if len(word) >= 4 or low in PARTICLES:
        return True
    return _PINYIN_SYLLABLE.fullmatch(low) is not None


def _dotted_initial(word: str) -> bool:
    """ "B.", "J.-P.", "Th.": an initial printed with its period."""
    return word.endswith(".") and is_initials(word)


def _capitalised(word: str) -> bool:
    """ "Jean", "Xiao-Ming": each hyphened part a capital then lower case."""
    return all(p[:1].isupper() and p[1:].islower() for p in word.split("-"))


def _natural(chunk: str) -> Name:
    """One name in a single chunk: "John R. Smith", "Smith JR", "A. van der Berg", "王伟"."""
    chunk = chunk.strip(" .,;:")
    if not chunk:
        return Name()
    if _CJK_NAME.match(chunk.replace(" ", "")):
        return split_chinese(chunk)
    if _HANGUL_NAME.match(chunk):
        # "김철수": a Korean family name is one syllable, or two of a few ("남궁민수")
        cut = 2 if len(chunk) == 4 and chunk[:2] in _KOREAN_COMPOUND_FAMILIES else 1
        return Name(family=chunk[:cut], given=chunk[cut:])
    if chunk.endswith(")") and "(" in chunk:
        # French lists' "DUPONT (J.-P.)": the initials in brackets after the family name
        family, _, given = chunk[:-1].rpartition("(")
        if family.strip() and is_initials(given):
            return Name(family=family.strip(), given=given.strip())
    words = chunk.split()
    suffix = ""
    if len(words) > 1 and words[-1].rstrip(",") in SUFFIXES:
        suffix = words.pop().rstrip(",")
    if len(words) == 1:
        return Name(family=words[0], suffix=suffix)
    # French and GB/T lists print the family name first in capitals: "DUPONT Jean",
    # "LE GOFF Jacques", "ZHANG Wei"
    caps = 0
    while caps < len(words) - 1 and _capitals_family_word(words[caps]):
        caps += 1
    if caps and all(map(_capitalised, words[caps:])):
        given = " ".join(words[caps:])
        return Name(family=" ".join(words[:caps]), given=given, suffix=suffix)
    # Family then initials (Vancouver, GB/T, the seed style): "Smith JR", "SMITH J R", "Le Scao TL".
    tail: list[str] = []
    while len(words) - len(tail) > 1 and is_initials(words[len(words) - len(tail) - 1]):
        tail.insert(0, words[len(words) - len(tail) - 1])
    if tail and len(tail[-1]) > 1 and "." not in tail[-1] and _dotted_initial(words[0]):
        tail = []  # "B. F. ABE": after initials with periods, capitals are the family name
    head_words = words[: len(words) - len(tail)]
    # (an upper-case particle is no initial: "VAN DER WALT S J", "DE SAUSSURE F")
    if tail and (
        len(head_words) == 1
        or not any(
            is_initials(w) and w.lower() not in PARTICLES and w not in _SAINT for w in head_words
        )
    ):
        given = " ".join(tail)
        # lower-case words inside the family are particles only ("van de Wiel MA")
        if len(head_words) == 1 or all(
            w.lower() in PARTICLES for w in head_words[1:] if w[:1].islower()
        ):
            return Name(family=" ".join(head_words), given=given, suffix=suffix)
    # Given then family: the family starts at the first particle after the given names.
    cut = len(words) - 1
    for i in range(1, len(words) - 1):
        if words[i].lower() in PARTICLES and not words[i][:1].isupper():
            cut = i
            break
    if cut == len(words) - 1 and len(words) > 2 and words[-2] in _CAP_PARTICLES:
        cut = len(words) - 2
    if cut > 0 and words[cut - 1] in _SAINT and (cut > 1 or not tail):
        cut -= 1  # "Kevin St. John": "St." opens the family name
    return Name(family=" ".join(words[cut:]), given=" ".join(words[:cut]), suffix=suffix)


_LAST_AND = re.compile(r"(?:,\s*|\s+)(?:and|&|und)\s+")


_ET_AL_OPENING = re.compile(r"et\.?\s*al")


def list_end(text: str) -> int | None:
    """Where a name list ending in "and X" really ends, when more text follows it.

    "S. Boyd and L. Vandenberghe, Convex Optimization" ends before ", Convex"; an inverted
    "Smith, J. and Doe, A." has nothing after its last name. None when nothing follows.
    """
    if "and" not in text and "&" not in text and "und" not in text:
        return None  # (the words _LAST_AND reads)
    found = None
    for m in _LAST_AND.finditer(text):
        found = m
    if found is None:
        return None
    rest = text[found.end() :]
    chunks = [c for c in rest.split(",")]
    if len(chunks) < 2:
        return None
    head = chunks[0].strip()
    offset = found.end() + len(chunks[0])
    if not head:
        return None
    second = chunks[1].strip(" .")
    skip = 1
    words = head.split()
    # (a family name and its suffix: "& Simmons III, H. E.")
    one = len(words) == 1 or (len(words) == 2 and words[1].rstrip(".") in _SUFFIX_BARE)
    if one and len(words) == 2 and len(chunks) == 2:
        # "& Simmons III, H. E. US Patent 6177575": the initials after the suffix's comma
        # end the list, whatever follows them
        rest = chunks[1].lstrip()
        lead = _LEADING_INITIALS.match(rest)
        if lead is not None:
            return offset + 1 + len(chunks[1]) - len(rest) + lead.end()
    if one and (is_initials(second) or _given_like(second)) and second:
        # inverted "Doe, A.": the given names belong to the name
        if len(chunks) < 3:
            return None
        offset += 1 + len(chunks[1])
        second = chunks[2].strip(" .")
        skip = 2
    if not second or second.rstrip(".") in _SUFFIX_BARE or _ET_AL_OPENING.match(second):
        return None
    if skip == 1 and is_initials(second):
        return None
    return offset


# the initials opening a text ("H. E." of "H. E. US Patent 6177575")
_LEADING_INITIALS = re.compile(r"(?:[A-Z]\.\s?(?:-\s?)?){1,3}")
_Y_OR_E = re.compile(r"\s+[ye]\s+")


def _natural_pair(part: str) -> list[str]:
    """Spanish, Portuguese and Italian "Dana Kerr y Paul Vaughn", "Sara Grafo e Luca Nodo":
    two names written given name first, each of two capitalised words or more, joined by
    "y" or "e", are two; "José Ortega y Gasset" (one word after it) and a list written
    family first (a comma) stay one."""
    if "," in part:
        return [part]
    halves = _Y_OR_E.split(part)
    if len(halves) != 2:
        return [part]
    if all(
        len(words) >= 2 and all(w[:1].isupper() for w in words)
        for words in (h.split() for h in halves)
    ):
        return halves
    return [part]


def split_names(text: str) -> tuple[list[Name], bool]:
    """Names in an author string, and whether it ended with "et al." (or 等)."""
    text = " ".join(text.split()).strip(" .,;:")  # white space as one space (no regex: hot)
    if not text:
        return [], False
    if "\u2026" in text or ". ." in text or "..." in text:
        text = _ELLIPSIS.sub(", ", text)  # APA's "White, D., . . . Black, E."
    if "." in text and _CJK_STOP.search(text):
        text = _CJK_STOP.sub(", ", text)  # "郭春華. 劉小冬", "최세경.오동윤": a stop parts names
    if ". " in text and _VANCOUVER_STOP.search(text):
        text = _VANCOUVER_STOP.sub(", ", text)  # "Ode DL. Abe JH": a stop parts names
    # (white space is one space here: "et al" is printed "et al" or "etal")
    inner = _ETAL_INSIDE.search(text) if "et al" in text or "etal" in text else None
    if inner is not None and inner.start() > 0 and text[inner.end() :].strip(" .,;"):
        # "Doe J, Roe R, et al.; ALPHA Study Group": a group after the shortened list
        first, _ = split_names(text[: inner.start()])
        rest, _ = split_names(text[inner.end() :])
        return first + rest, True
    etal = False
    # (a match ends the text, which no longer ends in a space or a period, and is at most
    # a dozen characters long)
    m = _ETAL.search(text, max(0, len(text) - 16)) if text.endswith(_ETAL_ENDS) else None
    if m:
        etal = True
        text = text[: m.start()].strip(" ,;")
    if "(" in text:
        text = _EDS_PAREN.sub("", text)
        # a nickname or a short title in brackets after a name: "Esty, Joshua (Jed)"
        text = _BRACKETED_WORD.sub("", text)
    if text[-1:] in _EDS_WORD_ENDS:
        text = _EDS_WORD.sub("", text)
    text = text.strip(" ,")
    if not text:
        return [], etal
    if _DASHES.match(text):
        return [], etal
    # A corporate author: one literal.
    if CJK_BODY.match(text):
        return [Name(literal=text)], etal
    if (
        "," not in text
        and is_corporate(text)
        and not _CAP_INITIAL.search(text)
        and (not _AND.search(text) or _body_around_and(text))
    ):
        # (a body's name may hold "and": "Food and Agriculture Organization of the United
        # Nations", "Department of Health and Human Services", "National Institute for
        # Health and Care Excellence": a body's word before the first "and" or after the last)
        return [Name(literal=text)], etal
    if " e " in text or " y " in text:
        # "Longo, Marta e Serra, Davide", "García, Juan y López, María": the Italian,
        # Portuguese or Spanish "and" between a given name and the next family name (a
        # comma before and after: not "Ortega y Gasset, José")
        text = _AND_BETWEEN_INVERTED.sub(r"\1, ", text)
    # (no groups: no None among the parts)
    parts = _AND.split(text) if _may_join(text) else [text]
    if " y " in text or " e " in text:
        parts = [q for part in parts for q in _natural_pair(part)]
    chunks: list[str] = []
    # pairs of a family name and one given name never straddle an "and": the chunks an
    # "and" opens ("Lowe and Cheng": two family names, not "Cheng Lowe")
    pairs_ok = True
    after_and: set[int] = set()
    for n, part in enumerate(parts):
        found = [c.strip() for c in _SEP.split(part) if c and c.strip(" .")]
        found = [c for c in found if c]
        pairs_ok = pairs_ok and len(found) % 2 == 0
        if n and found:
            after_and.add(len(chunks))
        chunks.extend(found)
    if not chunks:
        return [], etal
    # Chinese names written with spaces between characters ("王 伟") stay together.
    names: list[Name] = []
    i = 0
    if _family_first_pinyin(chunks):
        return [Name(family=c.split()[0], given=c.split()[1]) for c in chunks], etal
    particles = _trailing_particles(chunks)
    inverted = _detect_inverted(chunks, pairs_ok)
    pinyin_first = _pinyin_among_vancouver_names(chunks)
    while i < len(chunks):
        chunk = chunks[i]
        if i in pinyin_first:
            family, given = chunk.split()
            names.append(Name(family=family, given=given))
            i += 1
            continue
        if i in particles:
            chunk = f"{chunk} {particles[i]}"  # (not read as a given name: as printed)
        nxt = chunks[i + 1] if i + 1 < len(chunks) else None
        words = chunk.split()
        if (
            nxt is not None
            and len(words) >= 2
            and words[-1].rstrip(".") in _SUFFIX_BARE
            and is_initials(nxt)
            and _looks_family_only(" ".join(words[:-1]))
        ):
            # "Miller III, A. J.": the suffix printed after the family name
            names.append(Name(family=" ".join(words[:-1]), given=nxt.strip(), suffix=words[-1]))
            i += 2
            continue
        if nxt is not None and (
            nxt.rstrip(".") in _SUFFIX_BARE or _capitals_suffix_after_initials(chunk, nxt)
        ):
            after = chunks[i + 2] if i + 2 < len(chunks) else None
            if inverted and after is not None and _looks_family_only(chunk) and is_initials(after):
                names.append(Name(family=chunk.strip(), given=after.strip(), suffix=nxt))
                i += 3
                continue
            name = _natural(chunk)
            name.suffix = nxt
            names.append(name)
            i += 2
            continue
        if (
            inverted
            and nxt is not None
            and i + 1 not in after_and
            and _looks_family_only(chunk)
            and (
                is_initials(nxt)
                or _initials_with_a_particle(nxt)
                or (_given_like(nxt) and _core_count(chunk) == 1)
                or (pairs_ok and len(nxt.split()) == 1 and _compound_family_pairs(chunks[i:]))
            )
        ):
            name = Name(
                family=chunk.strip(), given=nxt.strip(), dropping_particle=particles.get(i + 1, "")
            )
            if i + 2 < len(chunks) and (
                chunks[i + 2].rstrip(".") in _SUFFIX_BARE
                # "Lienhard, John H., V": a lone "V" closing the list is "the Fifth"
                or (i + 3 == len(chunks) and chunks[i + 2].strip().rstrip(".") == "V")
            ):
                name.suffix = chunks[i + 2].strip()
                i += 1
            names.append(name)
            i += 2
            continue
        if " " in chunk and is_corporate(chunk) and not is_initials(chunk):
            names.append(Name(literal=chunk.strip(" .")))
        else:
            names.append(_natural(chunk))
        i += 1
    return [n for n in names if n.family or n.literal], etal


# The particles printed after the given names in a name written family first: ABNT's
# "SILVA, João da", "NASCIMENTO, F. G. do", and "Goethe, Johann Wolfgang von".
_TRAILING_PARTICLES = frozenset(("da", "de", "do", "das", "dos", "di", "du", "von", "van"))


def _trailing_particles(chunks: list[str]) -> dict[int, str]:
    """Cuts the particle off each chunk that ends with one after capitalised given names or
    initials ("João da", "F. G. do") and follows a family name's chunk; the particles by the
    chunk's index."""
    found: dict[int, str] = {}
    for k in range(1, len(chunks)):
        words = chunks[k].split()
        if len(words) < 2 or words[-1] not in _TRAILING_PARTICLES:
            continue
        if not all(w[:1].isupper() for w in words[:-1]) or not _looks_family_only(chunks[k - 1]):
            continue
        chunks[k] = " ".join(words[:-1])
        found[k] = words[-1]
    return found


def _initials_with_a_particle(chunk: str) -> bool:
    """ABNT's abbreviated given names with a particle among the initials: "J. L. da S.",
    "M. de F."."""
    words = chunk.split()
    return (
        len(words) >= 3
        and is_initials(words[0])
        and is_initials(words[-1])
        and any(w in _TRAILING_PARTICLES for w in words)
        and all(is_initials(w) or w in _TRAILING_PARTICLES for w in words)
    )


def _capitals_suffix_after_initials(chunk: str, nxt: str) -> bool:
    """ "P. E. ODELL, JR.": "JR" or "SR" in capitals after a name written initials first
    is its suffix (after a family name, "Ode, JR" is that name's initials)."""
    if nxt.rstrip(".") not in ("JR", "SR"):
        return False
    first = chunk.split(maxsplit=1)[0]
    return first.endswith(".") and is_initials(first) and not is_initials(chunk)


def _core_count(chunk: str) -> int:
    return len([w for w in chunk.split() if w.lower() not in PARTICLES])


def _given_like(chunk: str) -> bool:
    words = chunk.split()
    return 0 < len(words) <= 3 and _capitalised_given_words(words)


def _capitalised_given_words(words: list[str]) -> bool:
    """Whether a given name's words are capitalised, a particle allowed between two of them
    (Portuguese "Rita de Cássia", "Maria da Glória")."""
    return all(
        w[:1].isupper() or (0 < k < len(words) - 1 and w in PARTICLES) for k, w in enumerate(words)
    )


def _detect_inverted(chunks: list[str], pairs_ok: bool = True) -> bool:
    """Is the list written "Family, Given, Family, Given" (at least for the first name)?"""
    if len(chunks) < 2:
        return False
    first = chunks[0].split()
    if len(first) >= 2 and first[-1].rstrip(".") in _SUFFIX_BARE and is_initials(chunks[1]):
        return True  # "Miller III, A. J."
    second_chunk = (
        chunks[2] if chunks[1].rstrip(".") in _SUFFIX_BARE and len(chunks) > 2 else chunks[1]
    )
    if is_initials(second_chunk) or _initials_with_a_particle(second_chunk):
        return _looks_family_only(chunks[0])
    if pairs_ok and _compound_family_pairs(chunks):
        return True
    # "Smith, John" (APA with full given names, MLA/Chicago first author).
    first_words = chunks[0].split()
    second = chunks[1].split()
    # (a given name and its initials: "Hogue, Christopher W. V.")
    core = [w for w in second if w not in PARTICLES]
    given = 0 < len(core) <= 2 or (len(second) <= 4 and all(map(is_initials, second[1:])))
    return (
        len([w for w in first_words if w.lower() not in PARTICLES]) == 1
        and given
        and _capitalised_given_words(second)
        and not is_initials(chunks[0])
    )


def _compound_family_pairs(chunks: list[str]) -> bool:
    """ "Fernández Rodríguez, Ana, López García, José": a two-word family name
    and one given name, pair after pair. A single word never is a whole name written
    given name first, so a list whose every second chunk is one word is inverted."""
    if len(chunks) % 2:
        return False
    for family, given in zip(chunks[::2], chunks[1::2], strict=True):
        words = given.split()
        if len(words) != 1 or not words[0][:1].isupper() or not _looks_family_only(family):
            return False
    return True
