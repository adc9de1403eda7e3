"""The search language: what each form finds, and what malformed queries say."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refmanager.library import CSL_SORT_FIELDS, Library, compile_query
from refmanager.model import InputError, Reference
from refmanager.model.options import SORT_COLUMNS

from .conftest import ATTENTION, BOOK, CJK, FLASH, MULLER, make_ref


def titles(lib: Library, query: str) -> list[str]:
    return [row.title for row in lib.search.search(query, order_by="id")]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("author:dao", [FLASH]),
        ("author:DA", [FLASH]),  # prefix, any case
        ('title:"flash attention"', []),  # one word in the title: "FlashAttention"
        ('title:"exact attention"', [FLASH]),
        ("title:attention", [FLASH, ATTENTION]),
        ("venue:neurips", [ATTENTION]),
        ("venue:neural", [FLASH]),
        ("year:2017..2022", [FLASH, ATTENTION, CJK]),
        ("year:>=2020", [FLASH, CJK]),
        ("year:<1990", [BOOK]),
        ("year:1968", [BOOK]),
        ("doi:10.48550/*", [FLASH]),
        ("doi:https://doi.org/10.48550/ARXIV.2205.14135", [FLASH]),
        ("type:book", [BOOK]),
        ("type:paper-conference", [FLASH, ATTENTION]),
        ("has:doi", [FLASH]),
        ("muller", [MULLER]),  # diacritics folded
        ("Grundlagen über", [MULLER]),
        ("深度", [CJK]),  # CJK: each character a token
        ("自然语言", [CJK]),
        ("attention -author:dao", [ATTENTION]),
        ("attention NOT author:dao", [ATTENTION]),
        ("author:knuth OR author:müller", [MULLER, BOOK]),
        ("(author:knuth OR author:vaswani) year:<2000", [BOOK]),
        ("author:dao OR year:1968", [FLASH, BOOK]),
        ("in:survey", [FLASH, ATTENTION, MULLER, CJK, BOOK]),
        ("in:1 type:book", [BOOK]),
        ("in:nothing-like-this", []),
        ("confidence:<0.8", []),
        ("edited:yes", []),
        ("edited:no type:book", [BOOK]),
        ("attent", [FLASH, ATTENTION]),
        ("", [FLASH, ATTENTION, MULLER, CJK, BOOK]),
    ],
)
def test_query_finds(filled: Library, query: str, expected: list[object]) -> None:
    want = [ref.get("title") for ref in expected]  # type: ignore[attr-defined]
    assert titles(filled, query) == want
    assert filled.search.count(query) == len(want)


def test_edited_and_confidence_and_tags(filled: Library) -> None:
    filled.references.set_field(5, "title", "The Art of Computer Programming, Vol. 1")
    assert titles(filled, "edited:yes") == ["The Art of Computer Programming, Vol. 1"]
    assert filled.search.count("edited:title") == 1
    assert filled.search.count("edited:author") == 0
    filled.tags.tag_references([1, 2], "to-read")
    assert filled.search.count("tag:to-read") == 2
    assert filled.search.count("tag:TO-READ") == 2
    assert filled.search.count("tag:to-*") == 2
    assert filled.search.count("-tag:to-read") == 3


def test_sorting_and_paging(filled: Library) -> None:
    by_year = [r.year for r in filled.search.search("", order_by="year")]
    assert by_year == [1968, 1998, 2017, 2020, 2022]
    assert [r.year for r in filled.search.search("", order_by="year", descending=True)] == by_year[
        ::-1
    ]
    pages = [filled.search.search("", order_by="title", offset=o, limit=2) for o in (0, 2, 4)]
    flat = [r.id for page in pages for r in page]
    assert sorted(flat) == [1, 2, 3, 4, 5] and len(set(flat)) == 5
    assert [r.author.split(",")[0] for r in filled.search.search("", order_by="author")][:2] == [
        "Dao",
        "Knuth",
    ]
    with pytest.raises(InputError, match="cannot sort by"):
        filled.search.search("", order_by="colour")


def test_every_column_the_command_line_offers_sorts(filled: Library) -> None:
    # the names live in model.options (the parser offers them); the SQL for each here
    for column in SORT_COLUMNS:
        assert len(filled.search.search("", order_by=column)) == 5


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("(author:dao", "never closed"),
        ("author:dao)", "no matching"),
        ('title:"flash', "unclosed quote"),
        ("colour:red", "unknown field 'colour:'"),
        ("year:soon", "not a number or range"),
        ("year:2023..2020", "starts after it ends"),
        ("confidence:high", "not a number or range"),
        ("has:wings", "'has:wings' is unknown"),
        ("OR author:dao", "needs a term before it"),
        ("author:dao OR", "needs a term after it"),
        ("()", "empty parentheses"),
        ("author:", "needs a value"),
        ("work:abc", "needs a work id"),
        ("NOT", "needs a term"),
        ("!!!", "no letters or digits"),
    ],
)
def test_malformed_queries_say_what_is_wrong(filled: Library, query: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        filled.search.search(query)


def test_sql_in_a_query_is_only_text(filled: Library) -> None:
    hostile = [
        "'; DROP TABLE refs; --",
        'title:"x\') OR 1=1 --"',
        "tag:'; DELETE FROM tags; --",
        "in:%' OR '1'='1",
        "doi:10.1/*'); DROP TABLE refs;--",
        'NEAR(attention dao) "AND" "OR"',
        "author:dao* ^title",
    ]
    for query in hostile:
        try:
            filled.search.search(query)
            filled.search.count(query)
        except InputError:
            pass
    assert filled.search.count() == 5


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=40))
def test_any_string_is_a_result_or_an_input_error(query: str) -> None:
    # compile only (the database is exercised above): no other exception type may escape
    try:
        compile_query(query)
    except InputError as exc:
        assert exc.cause and "\n" not in exc.cause


@pytest.fixture(scope="module")
def soup_lib(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    library = Library.open(tmp_path_factory.mktemp("soup"))
    library.references.add_references([FLASH, ATTENTION, MULLER, CJK, BOOK])
    yield library
    library.close()


SOUP = [
    '"',
    "(",
    ")",
    "-",
    "OR",
    "AND",
    "NOT",
    "author:",
    "title:",
    "year:",
    "x",
    "20",
    "..",
    ">=",
    "*",
    ":",
    "tag:",
    "深",
    "ü",
    " ",
    "doi:",
    "in:",
    "has:doi",
    "^",
    "NEAR",
]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from(SOUP), max_size=12))
def test_random_query_soup_never_raises_sql_errors(
    soup_lib: Library, query_parts: list[str]
) -> None:
    query = "".join(query_parts)
    try:
        soup_lib.search.search(query)
        soup_lib.search.count(query)
    except InputError:
        pass


def test_suggestions_when_nothing_matches(filled: Library) -> None:
    assert filled.search.count("attension") == 0
    suggestions = filled.search.suggest("attension")
    assert suggestions and "Attention" in suggestions[0].text
    assert filled.search.count(suggestions[0].query) >= 1
    by_author = filled.search.suggest("author:vasvani")
    assert any(s.field == "author" and s.text == "Vaswani" for s in by_author)


def test_many_matches_are_read_in_sort_order_with_the_same_result(
    filled: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a query with more matches than the probe reads walks the sort column's index
    # instead: the page must be the same as the small-result plan gives
    from refmanager.library import search as module

    queries = [
        "",
        "attention",
        "year:>=1990",
        "-type:book",
        "author:dao OR year:<2000",
        "venue:neurips OR venue:annalen",
        "type:paper-conference attention",
    ]
    orders = ["title", "author", "year", "venue", "type", "confidence", "added", "position"]
    expected = {
        (q, o, d): [
            r.id for r in filled.search.search(q, order_by=o, descending=d, limit=3, offset=1)
        ]
        for q in queries
        for o in orders
        for d in (False, True)
    }
    monkeypatch.setattr(module, "_PROBE", 1)
    for (q, o, d), ids in expected.items():
        assert [
            r.id for r in filled.search.search(q, order_by=o, descending=d, limit=3, offset=1)
        ] == ids


def _with_volumes(lib: Library) -> dict[str, int]:
    """Four references whose volumes sort differently as numbers and as text."""
    ids: dict[str, int] = {}
    for title, volume in [("ten", "10"), ("nine", "9"), ("roman", "xii"), ("none", "")]:
        ref = make_ref(f"Paper {title}", [("Smith", "A.")], 2000)
        ref.set("volume", volume)
        [ids[title]] = lib.references.add_references([ref])
    return ids


def test_search_ids_by_field_sorts_numbers_numerically_then_text(lib: Library) -> None:
    ids = _with_volumes(lib)
    ascending = lib.search.search_ids_by_field("", "volume", limit=10)
    # no volume and a non-number cast to 0: they come first, then 9 before 10
    assert ascending[-2:] == [ids["nine"], ids["ten"]]
    assert set(ascending[:2]) == {ids["none"], ids["roman"]}
    descending = lib.search.search_ids_by_field("", "volume", descending=True, limit=10)
    assert descending[:2] == [ids["ten"], ids["nine"]]
    assert lib.search.search_ids_by_field("", "volume", offset=3, limit=10) == [ids["ten"]]
    assert lib.search.search_ids_by_field("title:nine", "volume") == [ids["nine"]]


def test_search_ids_by_field_refuses_other_fields(lib: Library) -> None:
    assert "title" not in CSL_SORT_FIELDS
    with pytest.raises(InputError, match="cannot sort on 'title'"):
        lib.search.search_ids_by_field("", "title")
    with pytest.raises(InputError):
        lib.search.search_ids_by_field("year:>>", "page")


def test_row_extras_reads_json_fields_tags_and_numbers(lib: Library) -> None:
    numbered = Reference.from_csl(
        {
            "title": "Numbered",
            "volume": "12",
            "issue": "3",
            "page": "45-67",
            "DOI": "10.1000/xyz",
            "citation-number": 7,
            "_confidence": {"title": 0.9, "volume": 0.5},
        }
    )
    labelled = Reference.from_csl({"title": "Labelled", "_label": "Smi20", "_fragment": True})
    part = Reference.from_csl({"title": "Part", "_label": "12b", "citation-number": 12})
    first, second, third = lib.references.add_references([numbered, labelled, part])
    lib.tags.tag_references([first], "b-tag")
    lib.tags.tag_references([first], "a-tag")
    extras = lib.search.row_extras([first, second, 999_999])
    assert set(extras) == {first, second}
    one = extras[first]
    assert (one.volume, one.issue, one.page, one.doi) == ("12", "3", "45-67", "10.1000/xyz")
    assert one.number == "7" and not one.fragment
    # A compound entry's part shows its own label, not the number it is cited by.
    assert lib.search.row_extras([third])[third].number == "12b"
    assert one.confidence == {"title": 0.9, "volume": 0.5}
    assert one.tags == ("a-tag", "b-tag")
    two = extras[second]
    assert two.number == "Smi20" and two.fragment and two.tags == () and two.volume == ""


def test_row_extras_of_many_ids_in_chunks(lib: Library) -> None:
    ids = lib.references.add_references(
        [make_ref(f"T {i}", [("A", "B")], 2001) for i in range(1200)]
    )
    assert set(lib.search.row_extras(ids)) == set(ids)
