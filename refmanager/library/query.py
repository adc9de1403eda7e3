"""The search language, compiled to parameterised SQL over ``refs r``.

Grammar (operators in upper case; AND is implicit)::

    query   := or
    or      := and ("OR" and)*
    and     := unary (["AND"] unary)*
    unary   := ("NOT" | "-") unary | "(" or ")" | term
    term    := FIELD ":" value | WORD | "\"" phrase "\""
    value   := WORD | "\"" phrase "\""

Free words and ``author:``/``title:``/``venue:`` go to the FTS5 index (prefix matching,
diacritics folded, CJK one token per character); the other fields are conditions on indexed
columns. Every value travels as an SQL parameter: no user text is ever spliced into SQL.
Malformed queries raise ``InputError`` naming the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from refmanager.library.normalize import space_cjk
from refmanager.model import InputError
from refmanager.model.identifiers import doi_key
from refmanager.model.text import fold

FIELDS: dict[str, str] = {
    "author": "author names (prefix match): author:dao",
    "title": 'words or a phrase in the title: title:"flash attention"',
    "venue": "journal, proceedings or publisher: venue:neurips",
    "year": "year:2020, year:2020..2023, year:>=2019",
    "doi": "DOI, * as wildcard: doi:10.1145/*",
    "type": "CSL type: type:book",
    "tag": "a tag on the reference or its document: tag:to-read",
    "in": "the citing document, by id, file name or title: in:flash",
    "has": "a field is present: has:doi, has:url, has:isbn, has:year, has:tag, has:work",
    "edited": "edited:yes, edited:no or edited:<field>",
    "confidence": "lowest parser confidence: confidence:<0.8",
    "work": "references citing one work, by work id: work:12",
    "notes": "words in your notes on the reference: notes:reread",
    "collection": "in a collection, by id or name: collection:12, collection:thesis",
}
ALIASES = {"journal": "venue", "container": "venue", "au": "author", "ti": "title", "y": "year"}
_FTS_COLUMNS = {"author": "author", "title": "title"}
_HAS = {
    "doi": "r.doi <> ''",
    "arxiv": "r.arxiv <> ''",
    "isbn": "r.isbn <> ''",
    "year": "r.year IS NOT NULL",
    "title": "r.title <> ''",
    "author": "r.author <> ''",
    "venue": "r.venue <> ''",
    "url": "r.id IN (SELECT d.id FROM ref_data d WHERE d.csl -> '$.URL' IS NOT NULL)",
    "pages": "r.id IN (SELECT d.id FROM ref_data d WHERE d.csl -> '$.page' IS NOT NULL)",
    "document": "r.document_id IS NOT NULL",
    "work": "r.work_id IN (SELECT w.id FROM works w WHERE w.document_id IS NOT NULL)",
    "tag": "r.id IN (SELECT ref_id FROM ref_tags)",
    "edits": "r.edited <> ''",
    "notes": "r.id IN (SELECT ref_id FROM ref_notes)",
    "collection": "r.id IN (SELECT ref_id FROM collection_refs)",
}
_WORD = re.compile(r"\w+")
# Parentheses may nest this deep; deeper nesting is refused with a message (it would
# otherwise exhaust Python's recursion or SQLite's parser stack).
MAX_NESTING = 24
# Terms in one query: SQLite refuses an expression tree deeper than 1000 and more than
# 32766 parameters; a query is refused with a message well before either.
MAX_TERMS = 256
# The integers SQLite stores (64-bit); years are far inside them.
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1
MAX_YEAR = 9999
_CMP = re.compile(r"^(<=|>=|<|>|=)?\s*(-?\d+(?:\.\d+)?)$")
_RANGE = re.compile(r"^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$")


# ---------------------------------------------------------------- syntax tree


@dataclass(slots=True, frozen=True)
class Term:
    field: str  # "" for a free word or phrase
    value: str
    quoted: bool


@dataclass(slots=True, frozen=True)
class Not:
    child: Node


@dataclass(slots=True, frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(slots=True, frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Term | Not | And | Or


@dataclass(slots=True, frozen=True)
class _Tok:
    kind: str  # "(" ")" "OR" "AND" "NOT" "-" "term"
    pos: int
    term: Term | None = None


def _error(query: str, message: str) -> InputError:
    shown = " ".join(query.split())
    if len(shown) > 120:
        shown = shown[:119] + "…"
    return InputError("search", f"{message} (in: {shown})")


def tokenize(query: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i = 0
    n = len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
            continue
        if c in "()":
            toks.append(_Tok(c, i))
            i += 1
            continue
        if (
            c == "-"
            and i + 1 < n
            and not query[i + 1].isspace()
            and (
                not toks or toks[-1].kind != "term" or query[i - 1].isspace() or query[i - 1] == "("
            )
        ):
            toks.append(_Tok("-", i))
            i += 1
            continue
        start = i
        if c == '"':
            end = query.find('"', i + 1)
            if end < 0:
                raise _error(query, f"unclosed quote at character {i + 1}")
            toks.append(_Tok("term", start, Term("", query[i + 1 : end], True)))
            i = end + 1
            continue
        # a bare word, possibly field:value or field:"value"
        while i < n and not query[i].isspace() and query[i] not in '()"':
            if query[i] == ":":
                break
            i += 1
        word = query[start:i]
        if i < n and query[i] == ":":
            name = word.lower()
            name = ALIASES.get(name, name)
            followed = i + 1 < n and not query[i + 1].isspace()
            if name not in FIELDS and not (followed and word.isalpha()):
                # "Attention: a study", "10:30": a colon in text, not a field
                i += 1
                if word:
                    toks.append(_Tok("term", start, Term("", word, False)))
                continue
            if name not in FIELDS:
                known = ", ".join(f"{f}:" for f in FIELDS)
                raise _error(query, f"unknown field '{word}:' (known: {known})")
            i += 1
            if i < n and query[i] == '"':
                end = query.find('"', i + 1)
                if end < 0:
                    raise _error(query, f"unclosed quote at character {i + 1}")
                value = query[i + 1 : end]
                toks.append(_Tok("term", start, Term(name, value, True)))
                i = end + 1
                continue
            vstart = i
            while i < n and not query[i].isspace() and query[i] not in "()":
                i += 1
            value = query[vstart:i]
            if not value:
                raise _error(query, f"'{word}:' needs a value, e.g. {FIELDS[name]}")
            toks.append(_Tok("term", start, Term(name, value, False)))
            continue
        if word in ("OR", "AND", "NOT"):
            toks.append(_Tok(word, start))
        elif word == "|":
            toks.append(_Tok("OR", start))
        else:
            toks.append(_Tok("term", start, Term("", word, False)))
    return toks


class _Parser:
    def __init__(self, query: str) -> None:
        self.query = query
        self.toks = tokenize(query)
        self.i = 0
        self.depth = 0
        terms = sum(1 for t in self.toks if t.kind == "term")
        if terms > MAX_TERMS:
            raise _error(query, f"too many terms ({terms}; at most {MAX_TERMS} in one search)")

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def parse(self) -> Node | None:
        if not self.toks:
            return None
        node = self.parse_or()
        tok = self.peek()
        if tok is not None:
            if tok.kind == ")":
                raise _error(self.query, f"')' at character {tok.pos + 1} has no matching '('")
            raise _error(self.query, f"unexpected '{tok.kind}' at character {tok.pos + 1}")
        return node

    def parse_or(self) -> Node:
        children = [self.parse_and()]
        while (tok := self.peek()) is not None and tok.kind == "OR":
            self.i += 1
            if self.peek() is None or self.peek().kind in (")", "OR", "AND"):  # type: ignore[union-attr]
                raise _error(self.query, f"OR at character {tok.pos + 1} needs a term after it")
            children.append(self.parse_and())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def parse_and(self) -> Node:
        children = [self.parse_unary()]
        while (tok := self.peek()) is not None and tok.kind not in (")", "OR"):
            if tok.kind == "AND":
                self.i += 1
                nxt = self.peek()
                if nxt is None or nxt.kind in (")", "OR", "AND"):
                    raise _error(
                        self.query, f"AND at character {tok.pos + 1} needs a term after it"
                    )
            children.append(self.parse_unary())
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        # NOT NOT x is x: a chain of negations is counted, not recursed into
        negations = 0
        while (tok := self.peek()) is not None and tok.kind in ("NOT", "-"):
            self.i += 1
            negations += 1
            if self.peek() is None:
                raise _error(self.query, f"'{tok.kind}' at character {tok.pos + 1} needs a term")
        node = self.parse_primary()
        return Not(node) if negations % 2 else node

    def parse_primary(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise _error(self.query, "the query ends where a term was expected")
        if tok.kind == "(":
            self.i += 1
            if (nxt := self.peek()) is not None and nxt.kind == ")":
                raise _error(self.query, f"empty parentheses at character {tok.pos + 1}")
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise _error(
                    self.query,
                    f"parentheses nested too deeply at character {tok.pos + 1} "
                    f"(at most {MAX_NESTING} levels)",
                )
            node = self.parse_or()
            self.depth -= 1
            close = self.peek()
            if close is None or close.kind != ")":
                raise _error(self.query, f"'(' at character {tok.pos + 1} is never closed")
            self.i += 1
            return node
        if tok.kind == "term" and tok.term is not None:
            self.i += 1
            return tok.term
        raise _error(self.query, f"'{tok.kind}' at character {tok.pos + 1} needs a term before it")


def parse(query: str) -> Node | None:
    """The syntax tree of ``query``; None for an empty query.

    Raises:
        InputError: the query is malformed (the message says where and why).
    """
    return _Parser(query).parse()


# ---------------------------------------------------------------- compiling


@dataclass(slots=True, frozen=True)
class Compiled:
    """A query compiled to a WHERE clause over ``refs r`` (``"1"`` when the query is empty).

    Attributes:
        where: the condition; FTS parts are ``r.id IN (SELECT rowid ... MATCH ?)``.
        params: its parameters.
        fts_match: the MATCH expression when the whole query is free text, ``author:`` or
            ``title:`` terms (then ``refs_fts`` alone answers it), else None.
        free_text: the free words and phrases, for fuzzy suggestions.
    """

    where: str
    params: tuple[object, ...]
    fts_match: str | None
    free_text: str


@dataclass(slots=True)
class _Sql:
    sql: str
    params: list[object]


@dataclass(slots=True)
class _Fts:
    expr: str


def compile_query(query: str) -> Compiled:
    """Compile ``query`` to a parameterised WHERE clause (see the module docstring)."""
    node = parse(query)
    if node is None:
        return Compiled("1", (), None, "")
    part = _compile(node, query)
    sql = _as_sql(part)
    words: list[str] = []
    _free_words(node, words)
    return Compiled(
        sql.sql,
        tuple(sql.params),
        part.expr if isinstance(part, _Fts) else None,
        " ".join(words),
    )


def _free_words(node: Node, out: list[str]) -> None:
    if isinstance(node, Term):
        if node.field in ("", "title", "author"):
            out.append(node.value)
    elif isinstance(node, (And, Or)):
        for child in node.children:
            _free_words(child, out)


def _as_sql(part: _Sql | _Fts) -> _Sql:
    if isinstance(part, _Sql):
        return part
    return _Sql("r.id IN (SELECT rowid FROM refs_fts WHERE refs_fts MATCH ?)", [part.expr])


def _compile(node: Node, query: str) -> _Sql | _Fts:
    if isinstance(node, Term):
        return _term(node, query)
    if isinstance(node, Not):
        inner = _as_sql(_compile(node.child, query))
        return _Sql(f"NOT ({inner.sql})", inner.params)
    parts = [_compile(child, query) for child in node.children]
    joiner = " AND " if isinstance(node, And) else " OR "
    fts = [p.expr for p in parts if isinstance(p, _Fts)]
    sqls = [p for p in parts if isinstance(p, _Sql)]
    if isinstance(node, Or) and sqls:
        # mixing FTS and column conditions under OR: each FTS part becomes a subquery
        sqls = [_as_sql(p) for p in parts]
        fts = []
    if fts and not sqls:
        return _Fts(joiner.join(f"({e})" for e in fts))
    if fts:
        sqls.insert(0, _as_sql(_Fts(" AND ".join(f"({e})" for e in fts))))
    params: list[object] = []
    for s in sqls:
        params.extend(s.params)
    return _Sql(joiner.join(f"({s.sql})" for s in sqls), params)


def _fts_term(term: Term, query: str) -> _Fts:
    tokens = _WORD.findall(space_cjk(term.value.replace("*", " ")))
    if not tokens:
        what = f"{term.field}:{term.value}" if term.field else term.value
        raise _error(query, f"'{what}' has no letters or digits to search for")
    column = _FTS_COLUMNS.get(term.field, "")
    if term.quoted:
        expr = '"' + " ".join(tokens) + '"'
        if term.value.rstrip().endswith("*"):
            expr += "*"
    # one word the user typed may hold several tokens ("flash-attention", CJK):
    # a phrase of them, the last one as a prefix
    elif len(tokens) == 1:
        expr = f'"{tokens[0]}"*'
    else:
        expr = '"' + " ".join(tokens) + '"*'
    if column:
        expr = f"{column} : {expr}"
    return _Fts(expr)


def _number(value: str, query: str, name: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise _error(query, f"'{name}:{_clip(value)}' needs a number") from None


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _integer(value: str, query: str, name: str) -> int:
    """``value`` as an integer SQLite can hold (a year within +-MAX_YEAR)."""
    number = _number(value, query, name)
    limit = MAX_YEAR if name == "year" else _INT_MAX
    if not -limit <= number <= limit:
        what = f"years from -{MAX_YEAR} to {MAX_YEAR}" if name == "year" else "too large"
        raise _error(query, f"'{name}:{_clip(value)}' is out of range ({what})")
    return int(number)


def _compare(column: str, term: Term, query: str, integer: bool) -> _Sql:
    value = term.value.strip()

    def param(text: str) -> object:
        return _integer(text, query, term.field) if integer else _number(text, query, term.field)

    rng = _RANGE.match(value)
    if rng and (rng.group(1) or rng.group(2)):
        conds: list[str] = []
        params: list[object] = []
        lo, hi = rng.group(1), rng.group(2)
        if lo is not None:
            conds.append(f"{column} >= ?")
            params.append(param(lo))
        if hi is not None:
            conds.append(f"{column} <= ?")
            params.append(param(hi))
        if lo is not None and hi is not None and float(lo) > float(hi):
            raise _error(query, f"'{term.field}:{value}': the range starts after it ends")
        return _Sql(" AND ".join(conds), params)
    cmp = _CMP.match(value)
    if not cmp:
        example = FIELDS[term.field]
        raise _error(
            query, f"'{term.field}:{_clip(value)}' is not a number or range (e.g. {example})"
        )
    op = cmp.group(1) or "="
    return _Sql(f"{column} {op} ?", [param(cmp.group(2))])


def _glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "[?" else c for c in text)


def _term(term: Term, query: str) -> _Sql | _Fts:
    name = term.field
    value = term.value.strip()
    if name in ("", "author", "title"):
        return _fts_term(term, query)
    if name == "venue":
        # distinct venues have their own small index: a few ids, then an indexed column
        match = _fts_term(term, query).expr
        return _Sql(
            "r.venue_id IN (SELECT rowid FROM venues_fts WHERE venues_fts MATCH ?)", [match]
        )
    if not value:
        raise _error(query, f"'{name}:' needs a value, e.g. {FIELDS[name]}")
    if name == "year":
        return _compare("r.year", term, query, integer=True)
    if name == "confidence":
        return _compare("r.confidence", term, query, integer=False)
    if name == "doi":
        doi = doi_key(value)
        if "*" in doi:
            pattern = "*".join(_glob_escape(p) for p in doi.split("*"))
            return _Sql("r.doi <> '' AND r.doi GLOB ?", [pattern])
        return _Sql("r.doi <> '' AND r.doi = ?", [doi])
    if name == "type":
        kind = value.lower()
        return _Sql("(r.type = ? OR r.type GLOB ?)", [kind, _glob_escape(kind) + "-*"])
    if name == "tag":
        if value.endswith("*"):
            cond, param = "t.name LIKE ? ESCAPE '\\'", _like_escape(value[:-1]) + "%"
        else:
            cond, param = "t.name = ?", value
        tag_ids = f"SELECT t.id FROM tags t WHERE {cond}"
        return _Sql(
            f"r.id IN (SELECT rt.ref_id FROM ref_tags rt WHERE rt.tag_id IN ({tag_ids})) "
            f"OR r.document_id IN (SELECT dt.document_id FROM document_tags dt "
            f"WHERE dt.tag_id IN ({tag_ids}))",
            [param, param],
        )
    if name == "collection":
        by_name = "collection_id IN (SELECT id FROM collections WHERE name = ? COLLATE NOCASE)"
        if value.isascii() and value.isdigit():
            by_id: list[object] = [_integer(value, query, name)]
            return _Sql(
                "r.id IN (SELECT ref_id FROM collection_refs WHERE collection_id = ?)", by_id
            )
        return _Sql(f"r.id IN (SELECT ref_id FROM collection_refs WHERE {by_name})", [value])
    if name == "in":
        if value.isascii() and value.isdigit():
            return _Sql("r.document_id = ?", [_integer(value, query, name)])
        pattern = "%" + _like_escape(value) + "%"
        return _Sql(
            "r.document_id IN (SELECT d.id FROM documents d WHERE d.file_name LIKE ? ESCAPE '\\' "
            "OR d.title LIKE ? ESCAPE '\\' OR d.sha256 LIKE ? ESCAPE '\\')",
            [pattern, pattern, _like_escape(value.lower()) + "%"],
        )
    if name == "has":
        key = value.lower()
        if key not in _HAS:
            raise _error(query, f"'has:{value}' is unknown (known: {', '.join(_HAS)})")
        return _Sql(_HAS[key], [])
    if name == "edited":
        key = value.lower()
        if key in ("yes", "true", "1"):
            return _Sql("r.edited <> ''", [])
        if key in ("no", "false", "0"):
            return _Sql("r.edited = ''", [])
        return _Sql("(' ' || r.edited || ' ') LIKE ? ESCAPE '\\'", [f"% {_like_escape(value)} %"])
    if name == "notes":
        pattern = "%" + _like_escape(fold(value)) + "%"
        return _Sql(
            "r.id IN (SELECT n.ref_id FROM ref_notes n WHERE n.folded LIKE ? ESCAPE '\\')",
            [pattern],
        )
    if name == "work":
        if not (value.isascii() and value.isdigit()):
            raise _error(query, f"'work:{value}' needs a work id (a number)")
        return _Sql("r.work_id = ?", [_integer(value, query, name)])
    raise _error(query, f"unknown field '{name}:'")


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
