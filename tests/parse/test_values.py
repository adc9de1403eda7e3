"""Cleaning a labelled field's text into its value."""

from __future__ import annotations

from refmanager.parse.values import clean_value, strip_value


def test_white_space_in_a_value_reads_as_one_space_and_its_edges_go() -> None:
    assert strip_value(" \tDeep\nnets,\u00a0a  survey.\r\n") == "Deep nets, a survey"
    assert strip_value("\u3000Proc.\u2003Graph  Conf.;", keep_abbrev=True) == "Proc. Graph Conf."
    assert clean_value("title", "\n(Sorting\t things)\u00a0") == "(Sorting things)"
    assert strip_value(" \t\n") == ""
