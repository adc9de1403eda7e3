"""The list of labels the post-tagging rules mend (``refmanager.parse.runs.Labels``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from refmanager.parse.runs import Labels


def test_labels_count_themselves_through_every_change() -> None:
    """``Labels`` answers ``in`` and ``count`` from its own numbers, and keeps each label's
    first and only run: after any change they are what a plain list's scan says."""
    from refmanager.parse.runs import Labels, _first_run, _only_run

    names = ("author", "title", "O", "issued", "editor", "page")
    labels = Labels(["author", "author", "O", "title", "title", "O", "issued"])
    plain = list(labels)

    def same() -> None:
        assert list(labels) == plain
        for name in names:
            assert (name in labels) == (name in plain), name
            assert labels.count(name) == plain.count(name), name
            assert _first_run(labels, name) == _first_run(plain, name), name
            assert _only_run(labels, name) == _only_run(plain, name), name
            assert labels.only_run(name) == _only_run(plain, name), name
            if name in plain:
                assert labels.index(name) == plain.index(name), name
                if name in plain[1:]:
                    assert labels.index(name, 1) == plain.index(name, 1), name
            else:
                with pytest.raises(ValueError):
                    labels.index(name)

    same()
    changes: list[Callable[[list[str]], object]] = [
        lambda x: x.__setitem__(0, "editor"),
        lambda x: x.__setitem__(-1, "author"),
        lambda x: x.__setitem__(2, "author"),
        lambda x: x.__setitem__(4, "O"),  # (a run cut short, then whole again)
        lambda x: x.__setitem__(4, "title"),
        lambda x: x.__setitem__(slice(3, 5), ["O", "page", "page"]),
        lambda x: x.__delitem__(1),
        lambda x: x.__delitem__(slice(0, 2)),
        lambda x: x.append("title"),
        lambda x: x.extend(["O", "page"]),
        lambda x: x.insert(1, "issued"),
        lambda x: x.pop(),
        lambda x: x.pop(0),
        lambda x: x.remove("O"),
        lambda x: x.__iadd__(["author"]),
        lambda x: x.__imul__(2),
        lambda x: x.clear(),
    ]
    for change in changes:
        change(labels)
        change(plain)
        same()


@pytest.mark.parametrize(
    "text",
    [
        "arXiv:1504.01230",
        "1504.0123",
        "1504.012",
        "150.01230",
        "12345.67890",
        "1.2345.6789.",
        "\u0661\u0662\u0663\u0664.\u0661\u0662\u0663\u0664",  # (Arabic-Indic digits are digits)
        "Phys. Rev. D92, 074504 (2015), 1503.03649",
        "no digits here",
        "2019. 1234. 5678",
        "",
    ],
)
def test_new_arxiv_test_reads_as_the_identifier_s_pattern(text: str) -> None:
    """The quick test of ``mend_runs`` and the builder finds a new-style arXiv identifier
    exactly where ``NEW_ARXIV_ID`` matches."""
    import re

    from refmanager.model.identifiers import NEW_ARXIV_ID
    from refmanager.parse.runs import has_new_arxiv_id

    assert has_new_arxiv_id(text) == (re.search(NEW_ARXIV_ID, text) is not None)


def test_no_rule_or_constant_of_parse_runs_is_defined_twice() -> None:
    # a second definition of a name silently replaces the first one for every rule that
    # reads it ("_PAGE_MARKS", "_year_read_as_the_volume" and "_ROMAN" each were once)
    import ast
    import collections
    from pathlib import Path

    from refmanager.parse import runs

    tree = ast.parse(Path(runs.__file__).read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    twice = [name for name, n in collections.Counter(names).items() if n > 1]
    assert twice == []


class _Sealed(list):  # type: ignore[type-arg]
    """A list that fails when it is walked or sliced once sealed (int indexes still read)."""

    sealed = False

    def __iter__(self):  # type: ignore[no-untyped-def]
        assert not self.sealed, "walked"
        return super().__iter__()

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        assert not (self.sealed and isinstance(index, slice)), "sliced"
        return super().__getitem__(index)


class _SealedLabels(Labels):
    """Labels that fail a test when read or walked once sealed."""

    sealed = False

    def __iter__(self):  # type: ignore[no-untyped-def]
        assert not self.sealed, "walked"
        return super().__iter__()

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        assert not self.sealed, "read"
        return super().__getitem__(index)


def test_rules_skip_entries_they_cannot_change_without_walking_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules that need two dates, a volume, abbreviations ending the title or a family
    name first decide from the labels' counts (or the cheap tests) that an entry has none
    before they walk its tokens or labels."""
    from refmanager.parse import runs
    from refmanager.parse.tokens import tokenize

    text = "K. Ode. A graph of things. Graph Journal, 2019."
    toks = tokenize(text)
    labels = _SealedLabels(["O"] * len(toks))
    labels.sealed = True
    runs._marked_pages_read_as_a_year(toks, labels)  # (no date: nothing to read)
    runs._page_read_as_a_year(toks, labels)
    runs._volume_with_its_own_title(toks, labels)

    # a title followed by its journal, its last word no abbreviation: the title's words
    # are not counted
    text = "Ode K. The long title of a paper Graph Journal 12 1-9"
    words = _Sealed(tokenize(text))
    plain = ["author", "author", "O"] + ["title"] * 6 + ["container-title"] * 2
    plain += ["volume", "page", "page", "page"]
    assert len(plain) == len(words)
    words.sealed = True
    mended = runs.Labels(plain)
    runs._abbreviated_venue_after_title(words, mended)
    assert list(mended) == plain

    # no period after an initial inside the names: whether the list opens with a family
    # name is never asked
    def asked(*_: object) -> bool:
        raise AssertionError("asked")

    monkeypatch.setattr(runs, "_opens_family_first", asked)
    text = "John Smith and Jane Doe. A title of the paper. Graph Journal, 2019."
    toks = tokenize(text)
    n_names = 5
    plain = ["author"] * n_names + ["O"] + ["title"] * 5 + ["O"]
    plain += ["container-title"] * 2 + ["O", "issued", "O"]
    assert len(plain) == len(toks)
    mended = runs.Labels(plain)
    runs._trim_author_run(text, toks, mended)
    assert list(mended) == plain


def test_rules_for_words_or_labels_an_entry_lacks_do_not_read_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The translator's rule runs only where the entry prints one of its words; the
    rules for a volume's collection and an imprint read as the container return on the
    labels' counts when the entry has no volume (no container) before walking it."""
    from refmanager.parse import runs
    from refmanager.parse.tokens import tokenize

    def called(*_: object) -> None:
        raise AssertionError("called")

    text = "K. Ode. A graph of things. Graph Journal, 2019."
    toks = tokenize(text)
    plain = ["author", "author", "author", "O", "title", "title", "title", "title", "O"]
    plain += ["container-title", "container-title", "O", "issued", "O"]
    assert len(plain) == len(toks)
    with monkeypatch.context() as patch:
        patch.setattr(runs, "_translator_read_into_the_title", called)
        labels = list(plain)
        runs.mend_runs(text, toks, labels)

    sealed = _Sealed(toks)
    sealed.sealed = True

    labels = _SealedLabels(["title" if x == "container-title" else x for x in plain])
    labels.sealed = True
    runs._volume_of_a_collection(sealed, labels)  # (no volume)
    runs._imprint_read_as_the_container(sealed, labels)  # (no container)


def test_place_and_month_rules_look_nothing_up_where_cheap_tests_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The city-ending-a-run rule looks a place up only after a comma followed by a
    capital and at most one more comma; the month-in-the-date-bracket rule parts words at
    their hyphens without a regular expression and leaves other tokens unparted."""
    import re

    from refmanager.parse import runs
    from refmanager.parse.tokens import tokenize

    def looked_up(*_: object) -> bool:
        raise AssertionError("looked up")

    text = "Ode, K. (2019). Graphs, trees, and other things. Graph Press."
    toks = tokenize(text)
    plain = ["author", "author", "author", "author", "O", "issued", "O", "O"]
    plain += ["title"] * 7 + ["O", "publisher", "publisher", "O"]
    assert len(plain) == len(toks)
    with monkeypatch.context() as patch:
        patch.setattr(runs, "is_city", looked_up)
        patch.setattr(runs, "is_region", looked_up)
        labels = runs.Labels(plain)
        runs._city_ending_a_run(toks, labels)
        assert list(labels) == plain
    with monkeypatch.context() as patch:
        patch.setattr(re, "split", looked_up)
        labels = runs.Labels(plain)
        runs._month_in_the_date_bracket_read_as_a_field(toks, labels)
        assert list(labels) == plain
    text = "Ode, K. (2012, Novembre-D\u00e9cembre). Les graphes du monde. Graph Press."
    toks = tokenize(text)
    plain = ["author", "author", "author", "author", "O", "issued", "O"]
    plain += ["title"] * 7 + ["O", "publisher", "publisher", "O"]
    assert len(plain) == len(toks)
    labels = runs.Labels(plain)
    runs._month_in_the_date_bracket_read_as_a_field(toks, labels)
    assert list(labels)[7:10] == ["O", "O", "O"]  # the months are the date's


def test_review_rule_runs_only_where_review_is_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    """MLA's "Review of ..." rule reads the entry only where it prints "Review"; the
    author-date rule still finds the title's first word after the names ("Lee, | Jessica
    1983 Evolution")."""
    from refmanager.parse import runs
    from refmanager.parse.tokens import tokenize

    def called(*_: object) -> None:
        raise AssertionError("called")

    text = "K. Ode. A graph of things. Graph Journal, 2019."
    toks = tokenize(text)
    with monkeypatch.context() as patch:
        patch.setattr(runs, "_review_of_a_book_after_the_title", called)
        runs.mend_runs(text, toks, ["O"] * len(toks))

    text = "Lee, Jessica 1983 Evolution of the Graph. Graph Press."
    toks = tokenize(text)
    labels = ["author", "author"] + ["title"] * 6 + ["O", "publisher", "publisher", "O"]
    assert len(labels) == len(toks)
    runs._year_after_the_names_read_into_the_title(toks, labels)
    assert labels[:8] == ["author"] * 3 + ["issued"] + ["title"] * 4


def test_the_thirteenth_sessions_rules_are_skipped_where_cheap_tests_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules the thirteenth session added run only where the text or the labels' counts
    let them apply: a colon before a letter (the imprint after a place), a hyphenated date,
    a volume's mark, a year glued to a dash, a semicolon, a thesis's or report's word, and
    the labels' counts the rules need; the quick test of a volume's mark finds every mark
    the rule knows."""
    from refmanager.parse import runs
    from refmanager.parse.tokens import tokenize

    def called(*_: object) -> None:
        raise AssertionError("called")

    text = "K. Ode. A graph of things. Graph J. 2019 12:12-19."
    toks = tokenize(text)
    plain = ["author", "author", "author", "O"] + ["title"] * 4 + ["O"]
    plain += ["container-title"] * 3 + ["issued", "volume", "O", "page", "page", "page", "O"]
    assert len(plain) == len(toks)
    rules = (
        "_publisher_after_the_place_and_colon",
        "_iso_date_read_as_numbers",
        "_marked_volume_read_as_another_field",
        "_years_of_a_period_in_a_name",
        "_year_before_a_vancouver_date",
        "_institution_after_the_genre",
        # (the labels' counts, before the call: one date, one volume, no imprint)
        "_marked_number_read_as_a_date",
        "_second_volume_is_the_issue",
        "_page_after_a_lettered_volume",
        "_years_after_the_publisher_read_as_pages",
        "_last_number_after_the_volume_is_the_page",
        "_firm_read_as_the_place",
        "_body_before_its_place_read_as_the_container",
        "_city_opening_the_publisher",
        "_body_read_as_a_second_title_before_its_place",
        "_firm_and_place_ending_the_entry_read_as_the_container",
    )
    with monkeypatch.context() as patch:
        for rule in rules:
            patch.setattr(runs, rule, called)
        runs.mend_runs(text, toks, list(plain))

    for marked in ("Vol. 5", "Volume II", "Tome 3", "tomo 2", "T. 5", "\u0422. 3", "Band 2"):
        assert runs._may_mark_a_volume(marked.lower()), marked
    assert runs._may_mark_a_volume("bd. 4")
    assert not runs._may_mark_a_volume("graph j. 12, 2019")
