from refmanager.model import Date, Location, Name, Reference, Token


def test_reference_round_trips_through_csl_json() -> None:
    ref = Reference(
        type="article-journal",
        id="ref-20",
        citation_number=20,
        author=[Name(family="Ma", given="ZX"), Name(literal="The Mosaic Research Team")],
        issued=Date(2022),
        raw="[20] Ma ZX. Challenges. ZTE Technology Journal, 2022, 28(2): 51–58.",
        label="20",
        location=[Location(1, (10.0, 20.0, 300.0, 40.0))],
        confidence={"title": 0.9},
        tokens=[Token(5, 7, "author")],
    )
    ref.set("title", "Challenges")
    ref.set("page", "51–58")
    data = ref.to_csl()
    assert data["author"][1] == {"literal": "The Mosaic Research Team"}
    assert data["issued"] == {"date-parts": [[2022]]}
    assert data["_location"] == [{"page": 1, "bbox": [10.0, 20.0, 300.0, 40.0]}]
    assert Reference.from_csl(data) == ref


def test_from_csl_repairs_wrong_shapes() -> None:
    ref = Reference.from_csl(
        {"type": "book", "author": "Knuth, Donald; Lamport, Leslie", "issued": 1984, "volume": 3}
    )
    assert [n.literal for n in ref.author] == ["Knuth, Donald", "Lamport, Leslie"]
    assert ref.year == 1984
    assert ref.get("volume") == "3"


def test_date_from_string_and_literal() -> None:
    assert Date.from_csl("2023-05-01") == Date(2023, 5, 1)
    assert Date.from_csl("in press") == Date(literal="in press")
    assert Date.from_csl({"date-parts": [["2020", "x"]]}) == Date(2020, None, None)


def test_set_empty_removes_field() -> None:
    ref = Reference()
    ref.set("DOI", "10.1/x")
    ref.set("DOI", "")
    assert ref.get("DOI") == ""
    assert "DOI" not in ref.to_csl()


def test_inverted_name_for_lists_and_tables() -> None:
    assert Name(family="Platen", given="Patrick", non_dropping_particle="von").inverted() == (
        "von Platen, Patrick"
    )
    assert Name(family="King", given="Martin Luther", suffix="Jr.").inverted() == (
        "King, Martin Luther, Jr."
    )
    assert Name(literal="The Mosaic Research Team").inverted() == "The Mosaic Research Team"
    assert Name(family="王", given="伟").inverted() == "王, 伟"
    assert Name(given="Plato").inverted() == "Plato"


def test_font_styles_round_trip_and_spans_off_the_text_are_dropped() -> None:
    raw = "J. Doe. A Book Title. Some Press, 2001."
    ref = Reference(raw=raw, styles=[(8, 20, "italic"), (0, 6, "bold")])
    data = ref.to_csl()
    assert data["_styles"] == [[8, 20, "italic"], [0, 6, "bold"]]
    assert Reference.from_csl(data).styles == ref.styles
    data["_styles"] = [[8, 20, "italic"], [30, 99, "italic"], [5, 2, "bold"], "x", [1, 2]]
    assert Reference.from_csl(data).styles == [(8, 20, "italic")]
    assert "_styles" not in Reference(raw=raw).to_csl()
