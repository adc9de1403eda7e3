"""Cleaning a labelled field's text into its value."""

from __future__ import annotations

import pytest

from refmanager.parse.values import clean_value, strip_value


def test_white_space_in_a_value_reads_as_one_space_and_its_edges_go() -> None:
    assert strip_value(" \tDeep\nnets,\u00a0a  survey.\r\n") == "Deep nets, a survey"
    assert strip_value("\u3000Proc.\u2003Graph  Conf.;", keep_abbrev=True) == "Proc. Graph Conf."
    assert clean_value("title", "\n(Sorting\t things)\u00a0") == "(Sorting things)"
    assert strip_value(" \t\n") == ""


def test_a_value_never_ends_with_an_opening_bracket() -> None:
    # Nature's "Lattice Graphs (Odeon Press, Oslo, 1998).": the bracket read with the title
    assert strip_value("Lattice Graphs (") == "Lattice Graphs"
    assert strip_value("Lattice Graphs. [") == "Lattice Graphs"
    assert strip_value("Graphs (in Norwegian)") == "Graphs (in Norwegian)"


def test_a_value_wholly_in_quotes_or_guillemets_loses_them() -> None:
    from refmanager.parse.values import strip_value

    assert strip_value("\u00ab Les graphes de France \u00bb") == "Les graphes de France"
    assert strip_value("\u201cWhy graphs?\u201d") == "Why graphs?"
    assert strip_value('"A" and "B"') == '"A" and "B"'  # quotes inside stay


@pytest.mark.parametrize(
    ("printed", "volume"),
    [("vols. 12–15", "12–15"), ("Vols. 2", "2"), ("volumes 3", "3"), ("vols", ""), ("Vol. 4", "4")],
)
def test_a_plural_volume_mark_is_no_part_of_the_volume(printed: str, volume: str) -> None:
    # "vols." was cut to "s." as "vol" was taken off ("vols. 12–15" gave the volume "s")
    assert clean_value("volume", printed) == volume


@pytest.mark.parametrize(
    ("field", "text", "value"),
    [("publisher", ". Texas Graph Press", "Texas Graph Press"),
     ("container-title", ")Pure and Applied Graphs", "Pure and Applied Graphs"),
     ("genre", ". thesis", "thesis"),
     ("title", "...And Graphs for All", "...And Graphs for All"),
     ("title", ".NET graph kernels", ".NET graph kernels"),
     ("title", "(Int.) on Graphs", "(Int.) on Graphs"),
     ("title", ".", ""),
     ("note", ")", "")],
)  # fmt: skip
def test_a_value_opening_with_the_run_before_s_period_or_a_lone_close(
    field: str, text: str, value: str
) -> None:
    assert clean_value(field, text) == value


def test_a_range_of_pages_printed_in_groups_of_three_digits_is_joined() -> None:
    assert clean_value("page", "pp. 14 897–14 900") == "14897–14900"
    assert clean_value("page", "1781-1 786") == "1781-1786"
    assert clean_value("page", "14\u2009897\u201314\u2009900") == "14897\u201314900"
    # two numbers with no dash between them are a range whose dash the text lost
    assert clean_value("page", "97 101") == "97 101"
