"""Rules that mend the tagger's label runs before the item is built from them.

Each rule reads the tokens and their labels and relabels tokens in place where the
tagger's runs break a convention of printed references: a URL a line break cut, a name list
run into the title or cut short, editors before "(eds.)", a journal abbreviated word by word
after an unpunctuated title, a volume or page the tagger put elsewhere, a book's next
sentence run into its title, a title that ends where the print turns from italic to roman.
``mend_runs`` applies them in order; each is measured on real strings held out by document
(decision 0035) and tested in ``tests/parse/test_postprocess.py``.
"""

from __future__ import annotations

import itertools
import operator
import re
import sys
from collections.abc import Iterable
from typing import Self, SupportsIndex, overload

from refmanager.model.typecodes import is_type_code
from refmanager.model.words import word_list
from refmanager.parse.abbreviations import is_serial_abbreviation
from refmanager.parse.csltype import CONF_WORDS
from refmanager.parse.features import MONTHS
from refmanager.parse.months import ANY_MONTH
from refmanager.parse.names import CJK_BODY, PARTICLES, is_corporate, list_end
from refmanager.parse.places import is_city, is_region
from refmanager.parse.tokens import (
    BOOK_ISBN_IN_DOI,
    CJK,
    ISBN_RE,
    KIND_CJK,
    KIND_DOI,
    KIND_NUM,
    KIND_PUNCT,
    KIND_URL,
    KIND_WORD,
    YEAR_RE,
    Tok,
    label_runs,
    may_hold,
    word_set,
)
from refmanager.parse.values import EDITION_WORDS

# Words that name a publisher (a press, a society, a company); the builder reads them too.
# ("(?=[...])" in these two: the first letters of the words, which are tried only where one
# can start)
PUBLISHER_WORDS = re.compile(
    r"\b(?=[abcefgilmopsuvwz])"  # (the first letters of the words)
    r"(?:press|publish\w*|association|society|acm|ieee|springer|elsevier|wiley|inc|ltd|llc|"
    r"university|verlag|books|media|institute|foundation|consortium|group|associates|academic|"
    r"sons|co|company|corporation|usenix|pmlr|mit|aaai|siam|oreilly|o'reilly|zenodo|github|"
    r"laborator\w*|organi[sz]ation|force|committee|council|center|centre)\b|\u51fa\u7248",
    re.IGNORECASE,
)
# Words that name a journal ("Journal of", "J.", "Transactions").
JOURNAL_NAME = re.compile(r"\b(?=[jt])(?:journal|J\.|trans(?:actions)?\b)", re.IGNORECASE)


def _after_in(toks: list[Tok], labels: list[str], a: int) -> bool:
    """Whether an unlabelled "In" comes before token ``a`` (a chapter's book, a paper's
    proceedings follow it)."""
    # (a loop, not any() over a generator: it is hot)
    for k, t in enumerate(toks[:a]):  # noqa: SIM110
        if t.text.lower() == "in" and labels[k] == "O":
            return True
    return False


def _whole_words(toks: list[Tok], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` are words written out: no punctuation, no initial, no
    abbreviation a journal's name is made of ("Graph routing", not "Can" of "Can. J.")."""
    return all(
        t.kind == KIND_WORD and len(t.text) > 1 and not is_serial_abbreviation(t.text)
        for t in toks[a:b]
    )


def _run_end(labels: list[str], k: int) -> int:
    """Where the run of equal labels that token ``k`` opens ends (the index after it)."""
    lab = labels[k]
    e = k + 1
    n = len(labels)
    while e < n and labels[e] == lab:
        e += 1
    return e


def _in_right_before(toks: list[Tok], labels: list[str], a: int) -> int:
    """Where an unlabelled "In" ("Dans", "En", "Em") stands right before token ``a`` ("In
    NeurIPS", "In: A Manual of ..."), its colon between them; -1 when none does."""
    k = a
    while k > 0 and labels[k - 1] == "O" and toks[k - 1].text == ":":
        k -= 1
    if k == 0 or labels[k - 1] != "O" or toks[k - 1].text.lower() not in _IN_WORDS:
        return -1
    return k - 1


def _names_venue(text: str) -> bool:
    """Whether ``text`` names a conference or a journal ("Proc. of", "Journal of")."""
    return bool(CONF_WORDS.search(text) or JOURNAL_NAME.search(text))


def mend_runs(
    raw: str,
    toks: list[Tok],
    labels: list[str],
    styles: list[tuple[int, int, str]] | None = None,
    *,
    new_arxiv: bool | None = None,
) -> None:
    """Apply every rule, in order, to ``labels`` (one per token of ``raw``), in place;
    ``styles``: the italic and bold spans of an entry read from a PDF; ``new_arxiv``:
    ``has_new_arxiv_id(raw)`` when the caller has it already."""
    mended = Labels(labels)
    if new_arxiv is None:
        new_arxiv = has_new_arxiv_id(raw)
    _mend(raw, toks, mended, styles, new_arxiv)
    labels[:] = mended


# The digits of a new-style arXiv identifier (``NEW_ARXIV_ID``, "\d{4}\.\d{4,5}") stand in a
# text where these do: four digits, a period and four digits (the fifth changes nothing).
# Written out, the search skips to each digit before it tries a match (with a repeat first
# it tries one at every character): a quarter less time.
_ARXIV_IN_TEXT = re.compile(r"\d\d\d\d\.\d\d\d\d")


def has_new_arxiv_id(raw: str) -> bool:
    """Whether ``NEW_ARXIV_ID`` matches somewhere in ``raw``."""
    return _ARXIV_IN_TEXT.search(raw) is not None


class Labels(list[str]):
    """A list of token labels that keeps the number of tokens of each label and where
    each label is first: whether a label is there (``in``), how many tokens have it
    (``count``) and where it starts (``index``) are dictionary look-ups, not scans of the
    list (the rules ask about a hundred times an entry). Every change of the list keeps
    them right."""

    __slots__ = ("_counts", "_first_runs", "_firsts", "_only_runs")

    def __init__(self, labels: Iterable[str] = ()) -> None:
        super().__init__(labels)
        self._counts: dict[str, int] = {}
        self._firsts: dict[str, int] = {}
        # each label's first run as _first_run found it since the last change (the rules
        # ask for the title's, the authors' ... again and again)
        self._first_runs: dict[str, tuple[int, int]] = {}
        # each label's one run (None: none, or more than one), as for _first_runs
        self._only_runs: dict[str, tuple[int, int] | None] = {}
        self._recount()

    def first_run(self, label: str) -> tuple[int, int]:
        """``_first_run`` of ``label``, found once until the list changes."""
        run = self._first_runs.get(label)
        if run is None:
            run = self._first_runs[label] = _scan_first_run(self, label)
        return run

    def only_run(self, label: str) -> tuple[int, int] | None:
        """``_only_run`` of ``label``, found once until the list changes."""
        only = self._only_runs
        if label in only:
            return only[label]
        a, b = self.first_run(label)
        run = only[label] = None if a == b or self._counts.get(label, 0) != b - a else (a, b)
        return run

    def _recount(self) -> None:
        counts: dict[str, int] = {}
        firsts: dict[str, int] = {}
        for i, label in enumerate(self):
            if label in counts:
                counts[label] += 1
            else:
                counts[label] = 1
                firsts[label] = i
        self._counts = counts
        self._firsts = firsts
        self._first_runs = {}
        self._only_runs = {}

    def __contains__(self, label: object) -> bool:
        return label in self._counts

    def count(self, label: str) -> int:
        return self._counts.get(label, 0)

    def index(
        self, label: str, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize, /
    ) -> int:
        if start == 0 and stop == sys.maxsize:
            first = self._firsts.get(label)
            if first is not None:
                return first
        return super().index(label, start, stop)  # (a ValueError where it is not there)

    @overload
    def __setitem__(self, index: SupportsIndex, value: str) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[str]) -> None: ...

    def __setitem__(self, index: SupportsIndex | slice, value: str | Iterable[str]) -> None:
        if isinstance(index, slice):
            super().__setitem__(index, value)
            self._recount()
            return
        assert isinstance(value, str)
        i = operator.index(index)
        if i < 0:
            i += len(self)
        old = self[i]
        super().__setitem__(i, value)
        if old == value:
            return
        self._first_runs.clear()
        self._only_runs.clear()
        counts = self._counts
        firsts = self._firsts
        left = counts[old] - 1
        if left:
            counts[old] = left
            if firsts[old] == i:
                firsts[old] = super().index(old, i + 1)
        else:
            del counts[old], firsts[old]
        if value in counts:
            counts[value] += 1
            firsts[value] = min(firsts[value], i)
        else:
            counts[value] = 1
            firsts[value] = i

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        super().__delitem__(index)
        self._recount()

    # (mypy compares a list subclass's += with list's +: the signature is typeshed's own)
    def __iadd__(self, labels: Iterable[str], /) -> Self:  # type: ignore[override, misc]
        super().__iadd__(labels)
        self._recount()
        return self

    def __imul__(self, times: SupportsIndex) -> Self:
        super().__imul__(times)
        self._recount()
        return self

    def append(self, label: str) -> None:
        super().append(label)
        self._recount()

    def extend(self, labels: Iterable[str]) -> None:
        super().extend(labels)
        self._recount()

    def insert(self, index: SupportsIndex, label: str) -> None:
        super().insert(index, label)
        self._recount()

    def pop(self, index: SupportsIndex = -1) -> str:
        label = super().pop(index)
        self._recount()
        return label

    def remove(self, label: str) -> None:
        super().remove(label)
        self._recount()

    def clear(self) -> None:
        super().clear()
        self._recount()


def _mend(
    raw: str,
    toks: list[Tok],
    labels: Labels,
    styles: list[tuple[int, int, str]] | None,
    new_arxiv: bool,
) -> None:
    """``mend_runs`` on labels that count themselves."""
    low = raw.lower()  # (the text in lower case, made once for the rules' quick tests)
    # Han or Hangul characters (looked for once; Hangul only among them, and a text in ASCII
    # holds none)
    cjk = not raw.isascii() and _HAN_OR_HANGUL.search(raw) is not None
    _join_cut_urls(raw, toks, labels)
    if "/97" in raw:
        _chapter_number_cut_off_its_doi(toks, labels)
    if ". " in raw and ":" in raw and ("URL" in labels or "DOI" in labels):
        _field_label_after_a_link(toks, labels)
    if "ISBN" in raw:
        _isbn_read_as_a_field(raw, toks, labels)
    if "ackage version" in raw:
        _package_version_is_a_note(toks, labels)
    _edition_number_before_its_word(toks, labels)
    _edition_word_after_its_number(toks, labels)
    _title_read_as_the_publisher_before_the_edition(toks, labels)
    _publisher_before_edition(toks, labels)
    if "editor" in labels and "author" not in labels:
        _unmarked_editors_opening_the_entry(low, toks, labels)
    _first_name_left_before_the_names(toks, labels)
    _names_parted_by_a_comma(toks, labels)
    _last_vancouver_names_read_as_the_next_field(toks, labels)
    if not raw.isascii() and ("\u041c." in raw or "\u0421\u041f\u0431." in raw or "\u041b." in raw):
        _russian_city_abbreviation(toks, labels)
    if "coll." in raw or "Coll." in raw:
        _french_collection(toks, labels)
    _extend_author_run(raw, toks, labels)
    if "in press" in raw or "orthcoming" in raw:
        _status_ending_the_names(toks, labels)
    if "Sc." in raw or "A. thesis" in raw or "S. thesis" in raw or "Phil." in raw:
        _degree_ending_the_names(toks, labels)
    if "," in raw:
        _title_read_as_a_second_name(toks, labels)
    if "author" not in labels:
        _names_opening_the_title_run(raw, toks, labels)
        _names_left_before_the_quoted_title(raw, toks, labels)
    if ("and" in raw or "&" in raw) and "author" in labels:
        _last_name_after_and_left_unlabelled(toks, labels)
    _name_list_cut_at_an_initial(toks, labels)
    _trim_author_run(raw, toks, labels)
    if "U.S. " in raw or "U.K. " in raw:
        _government_body_cut_at_its_country(toks, labels)
    if ")" in raw:
        _bracket_ending_the_names(toks, labels)
    if ":" in raw:
        _title_after_a_colon_in_the_names(toks, labels)
        _title_head_before_a_colon_read_as_a_name(toks, labels)
        _last_given_name_before_the_colon_read_into_the_title(toks, labels)
    _last_name_left_in_the_title(toks, labels)
    if cjk and _HANGUL.search(raw):
        _hangul_phrase_ends_names(toks, labels)
    if cjk:
        _cjk_phrase_ends_names(toks, labels)
    _group_after_et_al(toks, labels)
    _words_after_et_al_read_into_the_names(toks, labels)
    if " u." in raw:
        _u_a_closing_the_names(toks, labels)
    if "-" in raw:
        _hyphened_given_name_opening_the_title(toks, labels)
    if "(" in raw:
        _editors_after_in_read_as_names(toks, labels)
    if "Ed." in raw or "Eds." in raw:
        _ieee_book_read_into_its_editors(toks, labels)
    _editors_first(toks, labels)
    if (
        "rsg" in raw
        or "Hg" in raw
        or "par " in raw
        or " di " in raw
        or " de " in raw
        or " por " in raw
    ):
        _editors_sentence_after_the_title(toks, labels)
    _in_read_into_the_editors(toks, labels)
    _abbreviated_venue_after_title(toks, labels)
    _volume_ending_container(toks, labels)
    _lettered_volume_is_the_venue(toks, labels)
    if "(" in raw:
        _physics_journal_read_as_the_title(toks, labels)
    _issue_in_the_volume(toks, labels)
    _title_read_as_the_genre(toks, labels)
    if "genre" in labels and "title" not in labels:
        _report_title_read_as_the_genre_after_the_names(toks, labels)
    brackets = "(" in raw or "\uff08" in raw  # (a token reads "（" as "(")
    if brackets and ")" in raw:
        _title_opening_inside_a_bracket(toks, labels)
    if brackets and "No" in raw:
        _numbered_kind_in_brackets(toks, labels)
    if brackets and (")" in raw or "\uff09" in raw):
        _kind_in_brackets_ending_the_title(toks, labels)
    if _names_a_genre(low):
        _genre_read_into_the_title(toks, labels)
    _thesis_description_read_as_the_title(toks, labels)
    if may_hold(low, _THESIS_KIND_CORES):
        _thesis_kind_ending_the_title(toks, labels)
        _thesis_kind_opening_the_imprint(toks, labels)
    if "[" in raw or "(" in raw:
        _institution_in_the_thesis_bracket(toks, labels)
    _city_ending_the_thesis_genre(toks, labels)
    _kind_sentence_ending_the_title(toks, labels)
    _journal_in_the_title_before_its_place(toks, labels)
    _city_after_the_journal_before_its_numbers(toks, labels)
    _body_under_its_government(toks, labels)
    _title_read_into_the_access_note(toks, labels)
    if "]." in raw and "container-title" not in labels:
        _event_after_a_talk_s_description(toks, labels)
    if "container-title" not in labels and "title" in labels:
        _abbreviated_journal_after_the_title_s_comma(toks, labels)
    if "vol" in low and "In" not in raw and "in:" not in low:
        _book_after_the_title_before_a_series(toks, labels)
    if ", " in raw and "(" in raw:
        _month_in_the_date_bracket_read_as_a_field(toks, labels)
    if "(" in raw:
        _month_before_the_year_in_the_date_bracket(toks, labels)
    if "/" in raw:
        _issue_over_the_year(toks, labels)
    if "S. " in raw and "page" not in labels:
        _lone_page_after_its_german_mark(toks, labels)
    if "In" in raw and "." in raw:
        _biblatex_volume_dot_number(toks, labels)
    if ". by " in raw or ". von " in raw or ". par " in raw or "ed by " in raw:
        _biblatex_editors_after_the_book(toks, labels)
    if "volume" in labels and ("issue" not in labels or "Article" in raw) and ", " in raw:
        _acm_volume_and_issue(toks, labels)
    if "Article " in raw:
        _article_number(toks, labels)
    if "author" not in labels and "issued" not in labels:
        _key_and_year_opening_the_title(toks, labels)
    if "; " in raw and "editor" in labels:
        _vancouver_conference_in_the_book(toks, labels)
    if "The " in raw and "publisher-place" in labels and "container-title" not in labels:
        _periodical_read_as_the_place(toks, labels)
    if " No. " in raw:
        _report_number_in_brackets(toks, labels)
    if "]." in raw and "title" in labels:
        _vancouver_medium_ending_the_title(toks, labels)
    if "nternet]" in raw:
        _title_before_a_medium_opening_the_entry(toks, labels)
    if "thesis]" in raw or "dissertation]" in raw:
        _nlm_thesis_after_its_title(toks, labels)
    if "title" not in labels and "Editor" in raw:
        _title_opening_with_the_editors_word(toks, labels)
    if "container-title" in labels and "title" in labels:
        _initials_opening_the_title_read_as_a_journal(toks, labels)
    if "Sect." in raw and "container-title" not in labels:
        _nlm_newspaper_ending_the_title(toks, labels)
    if "Version " in raw and "title" in labels:
        _software_name_before_its_version(toks, labels)
    if "(US)" in raw or "(UK)" in raw:
        _country_code_after_the_publisher(toks, labels)
    if "title" in labels and labels.count("author") <= 6:
        _group_author_opening_the_title(toks, labels)
    if "title" not in labels and "ed." in low:
        _book_title_before_its_edition_read_as_a_container(toks, labels)
    if "nventor" in low:
        _patent_roles_opening_the_title(toks, labels)
    if "patent" in low and "genre" in labels and "number" not in labels:
        _patent_number_ending_the_genre(toks, labels)
    if "Suppl" in raw and "volume" in labels and "issue" not in labels:
        _supplement_read_into_the_volume(toks, labels)
    if "http" in raw or "www" in raw:
        _access_note_lead_ending_a_run(toks, labels)
    if "page" in labels:
        _page_letter_left_out(toks, labels)
    if "title" not in labels:
        _title_read_into_the_container_after_the_date(toks, labels)
    if "[" in raw:
        _title_before_a_medium_read_into_the_names(toks, labels)
    if ") " in raw:
        _series_number_after_the_journal(toks, labels)
    if " ser" in raw and "container-title" in labels:
        _journal_s_series_read_into_the_journal(toks, labels)
    if "note" in labels and "container-title" in labels and "editor" not in labels:
        _editors_read_as_the_book_before_it(toks, labels)
    if "note" in labels and "editor" in labels:
        _book_after_the_editors_read_as_a_note(toks, labels)
    if "line]" in low or "internet]" in low:
        _first_word_after_the_medium_left_out(toks, labels)
    status = (
        "ubmitted" in low
        or "ccepted" in low
        or "appear" in low
        or "early access" in low
        or "orthcoming" in low
        or "in press" in low
        or "resented at" in raw
    )
    if status:
        _status_in_the_container(toks, labels)
    _title_read_as_a_genre_without_one(toks, labels)
    _venue_read_as_the_editors(toks, labels)
    _title_read_into_the_names(toks, labels)
    _vancouver_title_after_the_initials(toks, labels)
    _and_others_opening_the_title(toks, labels)
    _unlabelled_sentence_after_the_names(toks, labels)
    _in_word_opening_the_container(toks, labels)
    _title_opening_with_an_article_in_the_names(toks, labels)
    _title_before_the_imprint_read_into_the_names(toks, labels)
    _editors_read_into_the_book(toks, labels)
    _translator_opening_the_container(toks, labels)
    _institution_read_as_a_container(toks, labels)
    _place_and_publisher_read_as_a_note(toks, labels)
    _year_read_as_the_volume(toks, labels)
    _page_read_into_the_volume(toks, labels)
    _year_read_into_the_title(toks, labels)
    _second_date_explains_the_first(toks, labels)
    if brackets:
        _volume_before_the_bracketed_year(toks, labels)
        _volume_left_before_the_bracketed_year(toks, labels)
    _book_after_in_read_as_a_second_title(toks, labels)
    if ":" in raw or "\uff1a" in raw:
        _given_name_read_into_the_title(toks, labels)
        if ";" in raw:
            _names_before_the_colon(toks, labels)
    if "Art" in raw:
        _article_number_after_the_volume(toks, labels)
    _year_opening_the_title(toks, labels)
    _year_opening_the_title_before_the_date(toks, labels)
    _thesis_title_read_as_its_genre(toks, labels)
    if "note" in labels and "genre" not in labels:
        _thesis_kind_read_as_a_note(toks, labels)
    _department_read_as_a_container(toks, labels)
    _series_letter_read_as_volume(toks, labels)
    _roman_volume_ending_the_container(toks, labels)
    _issue_read_as_a_page(toks, labels)
    _volume_with_its_own_title(toks, labels)
    _year_inside_the_title(toks, labels)
    _year_parting_the_title_and_journal(toks, labels)
    _body_opening_the_title(toks, labels)
    _glued_group_opening_the_entry(toks, labels)
    _body_read_as_container(toks, labels)
    _place_and_publisher_read_as_title(toks, labels)
    _series_read_as_container(toks, labels)
    if " of " in raw:
        _series_after_volume_of(toks, labels)
    _series_with_pages_is_the_journal(toks, labels)
    _periodical_before_its_date(toks, labels)
    _book_and_its_editors_read_as_editors(toks, labels)
    _roman_volume_after_the_journal(toks, labels)
    _quoted_title_read_as_a_container(toks, labels)
    _journal_after_the_closing_quote(toks, labels)
    if "\u201d" in raw or "\u00bb" in raw or '"' in raw:
        _journal_after_the_quoted_title_read_as_names(toks, labels)
    if ", a. " in raw or "anno" in raw:
        _italian_anno_after_the_journal(toks, labels)
    if "ollab" in raw:
        _collaboration_opening_the_entry(toks, labels)
    _page_after_volume(toks, labels)
    _second_volume_after_the_volume(toks, labels)
    _sentence_after_title(raw, toks, labels)
    if "version" in low:  # (the rule reads "Version" and "VERSION")
        _version_after_the_title(toks, labels)
    _title_run_into_next_field(raw, toks, labels)
    _quoted_title_to_its_close(toks, labels)
    _title_cut_after_a_small_word(toks, labels)
    _title_run_into_in(toks, labels)
    _title_cut_at_a_lower_case_in(toks, labels)
    _title_list_read_as_the_editors(toks, labels)
    _publisher_before_place(toks, labels)
    _venue_acronym_ending_the_title(toks, labels)
    _journal_ending_the_title(toks, labels)
    _site_ending_the_title(toks, labels)
    if "(p" in raw:
        _book_sentence_before_the_bracketed_pages(toks, labels)
    if "Review" in raw:  # (the word the rule reads)
        _review_of_a_book_after_the_title(toks, labels)
    _second_title_run_before_the_numbers(toks, labels)
    _unlabelled_journal_after_the_title(toks, labels)
    _abbreviated_journal_in_the_title(toks, labels)
    _venue_before_the_volume(toks, labels)
    _abbreviation_left_before_the_journal(toks, labels)
    _journal_alone_read_as_another_field(toks, labels)
    if "(" in raw:
        _bracketed_imprint_after_the_title(toks, labels)
    _book_after_the_editors(toks, labels)
    _volume_read_as_a_page(toks, labels)
    if "issued" in labels:
        _range_of_years_cut_after_its_first(toks, labels)
    if "p." in raw:
        _number_after_a_page_mark_read_as_the_volume(toks, labels)
    _title_run_into_the_names(toks, labels)
    _title_after_the_last_name_read_into_the_names(toks, labels)
    _title_case_journal_after_a_comma(toks, labels)
    _journal_glued_to_the_title(toks, labels)
    _number_glued_to_the_container(toks, labels)
    if "." in raw and "volume" not in labels:
        _volume_dot_issue_ending_the_container(toks, labels)
    _quoted_title_ends_at_its_close(toks, labels)
    if " by " in raw or " de " in raw or " von " in raw or " por " in raw or " par " in raw:
        _editors_clause_after_the_book(toks, labels)
    if "\u2019" in raw or "'" in raw:
        _venue_with_its_year(toks, labels)
    if cjk:
        _cjk_names_read_into_the_title(toks, labels)
        _lone_cjk_name_opening_the_entry(toks, labels)
        _cjk_party_read_into_the_title(toks, labels)
        if "//" in raw:
            _cjk_party_read_into_the_container(toks, labels)
        _cjk_journal_in_the_title(toks, labels)
        _cjk_number_marks(toks, labels)
        _cjk_society_after_the_numbers(toks, labels)
        _cjk_journal_before_the_numbers(toks, labels)
        _korean_journal_before_its_volume(toks, labels)
        _korean_society_before_its_journal(toks, labels)
        _korean_journal_glued_to_its_number(toks, labels)
    if "J]" in raw or "J\uff3d" in raw:
        _journal_after_its_type_code(toks, labels)
    if "]" in raw or "\uff3d" in raw:
        _title_before_the_type_code_read_as_the_container(toks, labels)
        _place_after_the_type_code_read_as_a_name(toks, labels)
    if "]//" in raw or "\uff3d//" in raw:
        _container_after_the_double_slash(toks, labels)
        _editors_read_into_the_book_after_the_double_slash(toks, labels)
    if "-" in raw and _ISO_DATE_IN_TEXT.search(raw):
        _iso_date_read_as_numbers(toks, labels)
    if "]" in raw or "\uff3d" in raw:
        _number_ending_the_title(toks, labels)
    _issue_after_its_marker(toks, labels)
    if "(" in raw:
        _lone_bracketed_issue_after_the_journal(toks, labels)
    _page_read_as_a_year(toks, labels)
    if brackets and labels.count("volume") >= 3:
        _month_read_into_the_volume(toks, labels)
    if "(" in raw and "page" not in labels and "issued" in labels:
        _page_after_the_bracketed_date(toks, labels)
    if labels.count("page") >= 2:
        _numbers_read_into_the_pages(toks, labels)
    if labels.count("issued") >= 2:
        _marked_number_read_as_a_date(toks, labels)
    if "volume" in labels and "issue" not in labels:
        _issue_after_the_volume_and_a_period(toks, labels)
    if "page" in labels:
        _entry_number_read_as_the_page(toks, labels)
    if labels.count("volume") >= 2:
        _second_volume_is_the_issue(toks, labels)
    if "volume" not in labels and _may_mark_a_volume(low):
        _marked_volume_read_as_another_field(toks, labels)
    if labels.count("volume") >= 3:
        _page_after_a_lettered_volume(toks, labels)
    if "publisher" in labels and "issued" not in labels:
        _years_after_the_publisher_read_as_pages(toks, labels)
    if ")," in raw:
        _page_after_the_bracketed_imprint(toks, labels)
    if "er" in raw and labels.count("volume") >= 2:
        _series_number_read_as_the_volume(toks, labels)
    if "JHEP" in raw or "JCAP" in raw:
        _month_numbered_volume_read_as_the_issue(toks, labels)
    if "(" in raw and "issue" in labels and "volume" not in labels:
        _volume_read_as_the_issue_before_the_date(toks, labels)
    if new_arxiv:
        _bare_arxiv_id(toks, labels)
        _page_after_volume(toks, labels)  # (a page the identifier's digits stood for)
    _proceedings_open_the_container(toks, labels)
    _group_names_before_the_title(toks, labels)
    _publisher_after_in(toks, labels)
    _range_of_years_is_no_page(toks, labels)
    if "issued" in labels and _RANGE_OF_YEARS_IN_TEXT.search(raw):
        _years_of_a_period_in_a_name(toks, labels)
    if (";" in raw or "\uff1b" in raw) and labels.count("issued") >= 2:
        _year_before_a_vancouver_date(toks, labels)
    if "container-title" in labels and "issued" in labels:
        _venue_and_year_ending_the_proceedings(toks, labels)
    if _IN_BRACKET.search(raw) or _IN_A_WORD_ENDING.search(raw, max(0, len(raw) - 24)):
        _language_note(toks, labels)
    if "In " in raw:
        _title_opening_with_in(toks, labels)
    if "[" in raw and "title" not in labels:
        _title_left_out_before_its_description(toks, labels)
    _book_title_read_as_a_container(toks, labels)
    _title_read_as_the_publisher_or_journal(toks, labels)
    if "?" in raw:
        _journal_after_the_titles_question_mark(toks, labels)
    _place_read_into_the_publisher(toks, labels)
    _book_after_the_editors_read_as_the_imprint(toks, labels)
    _place_and_publisher_in_one_run(toks, labels)
    _publisher_before_a_town_and_its_region(toks, labels)
    _place_and_publisher_around_a_colon(toks, labels)
    _place_and_publisher_ending_the_title(toks, labels)
    _book_details_ending_the_title(toks, labels)
    _city_ending_the_title_before_its_region(toks, labels)
    _city_after_the_firm_word(toks, labels)
    _city_ending_a_run(toks, labels)
    _publisher_ending_the_title_before_the_place(toks, labels)
    _journal_read_as_a_place_or_publisher(toks, labels)
    _publisher_read_as_a_place_or_container(toks, labels)
    _volume_read_as_pages_before_the_marked_pages(toks, labels)
    _volume_read_as_a_page_before_the_pages(toks, labels)
    if labels.count("page") >= 2:
        _page_runs_before_the_pages(toks, labels)
    if "volume" in labels and "page" not in labels:
        _last_number_after_the_volume_is_the_page(toks, labels)
    _days_or_issn_read_as_the_pages(toks, labels)
    _day_after_a_month_read_as_the_volume(toks, labels)
    _presented_at_opening_the_container(toks, labels)
    _unlabelled_range_after_the_volume(toks, labels)
    _volume_mark_ending_the_container(toks, labels)
    _marked_pages_read_as_a_year(toks, labels)
    _title_and_journal_read_as_one_container(toks, labels)
    _title_and_abbreviated_journal_after_a_comma(toks, labels)
    _place_ending_the_container(toks, labels)
    if "publisher-place" not in labels:
        _imprint_ending_the_book(toks, labels)
    _publisher_ending_the_title(toks, labels)
    if brackets:
        _editors_mark_opening_the_book(toks, labels)
    _book_after_the_editors_mark(toks, labels)
    if "container-title" in labels and "editor" in labels:
        _book_s_head_before_its_subtitle(toks, labels)
    if _second_title_after_a_quoted_one(toks, labels):
        # the container it made comes after the rules that read a container's opening
        # status and an institution before a report's genre: they read this one too
        # (IEEE's '"Title," presented at the Conf.', '"Title," Graph Labs, Oslo, Tech. Rep.')
        if status:
            _status_in_the_container(toks, labels)
        _institution_read_as_a_container(toks, labels)
    if "editor" in labels and "," in raw:
        _publisher_read_into_the_editors(toks, labels)
    if "author" in labels and ("ransl" in raw or "llustr" in raw or "arrator" in raw):
        _role_closing_the_names(toks, labels)
    if "issued" in labels and "publisher" not in labels:
        _mla_publisher_before_the_year(toks, labels)
    if "page" in labels:
        _page_range_cut_after_its_dash(toks, labels)
    if "title" in labels and "container-title" in labels:
        _title_s_last_words_read_into_the_journal(toks, labels)
    if "\u2019" in raw or "'" in raw:
        _single_quoted_words_cutting_the_title(toks, labels)
    if ": " in raw:
        _name_and_colon_left_before_the_title(toks, labels)
    if "hap" in raw:
        _chapter_number_read_as_the_volume(toks, labels)
    if ".m." in raw or " am" in raw or " pm" in raw:
        _time_of_day_read_as_numbers(toks, labels)
    if "[" in raw and "title" in labels:
        _bracketed_description_ending_the_title(toks, labels)
    if ", ed" in raw or ", comp" in raw:
        _edited_book_opening_with_its_editors(toks, labels)
    if "(ed" in low or "(hrsg" in low:
        _editors_inside_brackets_after_the_book(toks, labels)
    if "eds.)" in low or "ed.)" in low:
        _editors_bracket_closed_by_the_mark(toks, labels)
    if ", eds." in low or ", ed." in low:
        _editors_head_read_into_the_book(toks, labels)
    if ("rep" in low or "paper" in low or "memo" in low) and (
        "genre" in labels or "container-title" in labels
    ):
        _report_number_after_its_kind(toks, labels)  # (the kinds' last words: _REPORT_KIND_ENDS)
    if ("\u2019" in raw or "'" in raw) and "container-title" in labels:
        _venue_year_after_the_container(toks, labels)
    _book_read_into_the_editors(toks, labels)
    _note_where_the_title_stands(toks, labels)
    _title_head_before_a_colon(toks, labels)
    if "atent" in raw:
        _patent_number(toks, labels)
    if "\u2013" in raw or "\u2014" in raw or " - " in raw:
        _dash_opening_a_run(toks, labels)
    _pages_in_the_volume(toks, labels)
    if "(" in raw:
        _bracketed_edition_ending_the_title(toks, labels)
    if "):" in raw:
        _place_with_its_bracketed_region(toks, labels)
    _edition_ending_the_container(toks, labels)
    _volume_before_the_bracketed_issue(toks, labels)
    if "[" in raw:
        _journal_before_its_medium(toks, labels)
    _article_letter_before_the_page(toks, labels)
    if "orthcoming" in raw or "ubmitted" in raw or "ccepted" in raw:
        _status_in_brackets_read_as_the_title(toks, labels)
    if "ress" in raw or "orthcoming" in raw:
        _journal_before_in_press(toks, labels)
    if "(" in raw:
        _venue_acronym_in_brackets_after_the_container(toks, labels)
    if ";" in raw:
        _series_read_for_the_journal(toks, labels)
    if "//" in raw:
        _gost_title_and_journal(toks, labels)
    if "\u00ab" in raw:
        _journal_in_guillemets_ending_the_title(toks, labels)
    if "/" in raw:
        _volume_and_issue_with_a_slash(toks, labels)
    _body_run_into_the_title(toks, labels)
    _body_opening_the_entry_read_as_the_publisher(toks, labels)
    _year_after_the_names_read_into_the_title(toks, labels)
    _article_number_read_as_a_note(raw, toks, labels)
    _journal_abbreviation_read_into_the_title(toks, labels)
    _title_read_into_a_vancouver_journal(toks, labels)
    _title_sentence_read_into_the_journal(toks, labels)
    if "volume" not in labels and "(" in raw:
        _volume_read_as_a_page_before_the_year(toks, labels)
    if "," in raw and "title" in labels:
        _locants_opening_the_title(toks, labels)
    if ":" in raw:
        _subtitle_read_as_the_container(toks, labels)
    if _ORDINAL_NUMBER.search(low):
        _edition_read_as_the_title(toks, labels)
    elif " ed" in low and _ORDINAL_WORD.search(low):
        _edition_in_words_left_out(toks, labels)
    _publisher_sentence_ending_the_entry(toks, labels)
    _date_read_into_the_journal(toks, labels)
    _journal_parted_by_a_comma(toks, labels)
    _title_first_read_as_the_names(toks, labels)
    if "?" in raw:
        _journal_after_the_question_mark(toks, labels)
    if ")" in raw:
        _publisher_in_brackets_read_into_the_title(toks, labels)
    _year_closing_the_imprint_read_as_a_page(toks, labels)
    _lone_year_after_the_place_read_as_the_volume(toks, labels)
    _year_letter_read_into_the_title(toks, labels)
    _venue_acronym_read_as_the_publisher(toks, labels)
    if "niv" in raw:
        _university_read_as_a_place(toks, labels)
    if "[" in raw:
        _title_read_as_the_genre_before_its_description(toks, labels)
        _translated_title_in_brackets(toks, labels)
    if "UP" in raw:
        _university_press_read_as_a_place(toks, labels)
    if "edited by" in raw:
        _names_after_edited_by_read_as_nothing(toks, labels)
    if "page" in labels:
        _meeting_days_read_as_pages(toks, labels)
    if "rxiv" in raw or "reprint" in raw:
        _preprint_server_number(raw, toks, labels)
    if ";" in raw:
        _publisher_after_the_semicolon(toks, labels)
        _publisher_read_as_another_field(toks, labels)
        _title_read_as_other_fields_before_the_imprint(toks, labels)
    _journal_read_as_the_title_before_its_numbers(toks, labels)
    if "volume" in labels and ("container-title" not in labels or "title" not in labels):
        _journal_ending_the_title_before_its_numbers(toks, labels)
    _back_references_read_as_numbers(toks, labels)
    if "author" not in labels and _STANDARD_DESIGNATION.search(raw):
        _standard_s_designation_opening_the_entry(raw, toks, labels)
    if "(ed" in raw and "editor" in labels:
        _book_before_its_editors_read_into_the_title(toks, labels)
    if "issued" in labels and ("volume" in labels or "issue" in labels or "page" in labels):
        _day_after_the_month_read_as_a_number(toks, labels)
    if "Ed" in raw and "; " in raw:
        _acs_book_and_its_editors(toks, labels)
    if "title" not in labels and "author" in labels:
        _lower_case_title_read_into_the_names(toks, labels)
    if "title" not in labels and "publisher" in labels and "), " in raw:
        _title_read_as_the_imprint_after_the_date(toks, labels)
    if "publisher" in labels and "container-title" in labels and "title" not in labels:
        _book_s_title_read_as_the_container(toks, labels)
    _dashes_opening_the_names(toks, labels)
    _name_opening_the_entry_read_as_another_field(toks, labels)
    _initials_opening_the_journal(toks, labels)
    _journal_or_title_read_into_the_names(toks, labels)
    _bracketed_year_read_into_the_pages(toks, labels)
    if "trans" in low or "tradu" in low or "bersetzt" in low or "trad." in low or "aus dem" in low:
        _translator_read_into_the_title(toks, labels)
    if _BRACKETED_ROLE.search(low):
        _names_before_a_bracketed_role(toks, labels)
    if "Dir" in raw:
        _film_credits(toks, labels)
    _editor_read_into_the_container(toks, labels)
    _part_number_after_the_title(toks, labels)
    _book_read_as_the_container_before_its_volume_of(toks, labels)
    if "Chap" in raw:
        _chapter_number_read_as_the_volume_after_the_book(toks, labels)
    if "title" in labels and "issued" in labels:
        _month_ending_the_title_before_the_year(toks, labels)
    if "(" in raw and "author" not in labels and "issued" in labels:
        _body_read_as_the_title_before_the_year(toks, labels)
    if ("genre" in labels or "title" not in labels) and "(" in raw:
        _title_read_as_the_genre_after_the_date(toks, labels)
    _volume_of_a_collection(toks, labels)
    _word_glued_to_a_runs_end(toks, labels)
    _title_parted_by_unlabelled_words(toks, labels)
    _imprint_read_as_the_container(toks, labels)
    if ":" in raw and _PLACE_COLON_NAME.search(raw):
        _publisher_after_the_place_and_colon(toks, labels)
    if labels.count("publisher-place") >= 2 and "publisher" not in labels:
        _firm_read_as_the_place(toks, labels)
    if "publisher-place" in labels and "publisher" not in labels:
        _body_before_its_place_read_as_the_container(toks, labels)
    if "(" in raw and _YEAR_CLOSING_A_BRACKET.search(raw):
        _bracketed_imprint_read_as_other_fields(toks, labels)
    if "container-title" in labels and "publisher" not in labels:
        _publisher_ending_the_book_after_in(toks, labels)
    _publisher_before_place(toks, labels)  # (again: the runs the rules above made)
    if may_hold(raw, _DEGREE_OR_REPORT_CORES):
        _institution_after_the_genre(toks, labels)
    if "publisher" in labels:
        _city_opening_the_publisher(toks, labels)
    if "publisher-place" in labels and "publisher" not in labels:
        _body_read_as_a_second_title_before_its_place(toks, labels)
    if "publisher-place" in labels and "publisher" not in labels:
        _firm_and_place_ending_the_entry_read_as_the_container(toks, labels)
    if raw.rstrip(". ").endswith(")"):
        _series_in_brackets_ending_a_book(toks, labels)
    if "," in raw:
        _given_names_read_as_the_title(toks, labels)
    if "In: _" in raw or "In: \u2014" in raw or " Id" in raw or " Ead" in raw:
        _abnt_same_author_book_after_in(toks, labels)
    if "In: " in raw and "[...]" in raw:
        _abnt_event_after_in(toks, labels)
    _roman_volume_after_a_comma_ending_the_journal(toks, labels)
    if "coll" in raw and "\u00ab" in raw:
        _french_collection_after_the_publisher(toks, labels)
    if " S." in raw or " Sp." in raw or " p." in raw:
        _page_mark_ending_a_run(toks, labels)
    if "(" in raw or "[" in raw:
        _close_open_brackets(toks, labels)
    if styles:
        _title_cut_where_italics_change(toks, labels, styles)
    if "container-title" in labels and labels.count("issued") >= 2:
        _year_ending_the_book_s_name(toks, labels)


# What follows a journal's name in GOST 7.1 (and ISO 690's Russian forms): its volume, issue
# and pages marks ("Т.", "Vol.", "Вып.", "№", "С.", "P.")
_GOST_MARKS = word_set("т том вып vol no nr c с p pp s")


def _double_slash(toks: list[Tok]) -> int:
    """Where GOST's "//" stands (the first of its two slashes), else -1."""
    for k in range(1, len(toks) - 2):
        if toks[k].text == "/" and toks[k + 1].text == "/" and toks[k + 1].start == toks[k].end:
            return k
    return -1


def _gost_journal_end(toks: list[Tok], c: int) -> int:
    """Where the journal's name after "//" ends: at a period before a dash, a year or a
    volume's mark ("// Известия вузов. Математика. 2015. № 3."), else -1."""
    for k in range(c + 1, len(toks) - 1):
        nxt = toks[k + 1]
        if toks[k].text not in (".", ","):
            continue
        if nxt.text in _RANGE_DASHES or YEAR_RE.fullmatch(nxt.text) or nxt.text == "\u2116":
            return k
        if toks[k].text == "." and nxt.text.lower() in _GOST_MARKS:
            return k
        if toks[k].text == "." and _gost_place_at(toks, k + 1) > 0:
            return k
    return -1


def _gost_place_at(toks: list[Tok], j: int) -> int:
    """Where a place and its comma before a year end ("СПб., 2019", "Berlin, 2019") when
    ``toks[j]`` opens them, else -1."""
    k = j
    while k < len(toks) and k < j + 3 and (toks[k].kind == KIND_WORD or toks[k].text == "."):
        k += 1
    if k == j or not toks[j].text[:1].isupper() or k + 1 >= len(toks):
        return -1
    if toks[k].text != "," or not YEAR_RE.fullmatch(toks[k + 1].text):
        return -1
    return k


def _gost_title_and_journal(toks: list[Tok], labels: list[str]) -> None:
    """GOST 7.1's "Иванов И. И. Теория графов // Математический сборник. 2015. Т. 12, № 3.
    С. 45–67." (and "Title / I. I. Ode, K. Abe // Journal. – 2015."): the title ends at the
    double slash, the names after a single slash are the authors, and the journal runs from
    the double slash to its date or its volume's mark."""
    s = _double_slash(toks)
    if s < 1 or any(t.kind == KIND_URL for t in toks[s - 1 : s + 3]):
        return
    if toks[s - 1].text in ("]", "\uff3d"):
        return  # GB/T 7714's "Title[C]//Proceedings": its own rules read it
    c = _gost_journal_end(toks, s + 2)
    if c < 0 or not any(t.kind == KIND_WORD for t in toks[s + 2 : c]):
        return
    a, b = _first_run(labels, "author")
    start = b if a == 0 and 0 < b <= s else 0
    if any(toks[k].text == "/" for k in range(s)):
        start = 0  # "Title / Names // Journal": the title first, the names after one slash
    initials = [k + 2 for k in range(start) if _is_initial(toks[k]) and toks[k + 1].text == "."]
    if initials:
        after = tuple(t.text.lower() for t in toks[initials[-1] : start] if t.kind == KIND_WORD)
        if after and after not in _AND_OTHERS:
            start = initials[-1]  # "Петров П. П. Графы и сети //": the title after them
    while start < s and toks[start].kind == KIND_PUNCT:
        start += 1
    slash = next((k for k in range(start, s) if toks[k].text == "/"), s)
    end = slash
    while end > start and toks[end - 1].kind == KIND_PUNCT:
        end -= 1
    if end - start < 1 or not any(t.kind == KIND_WORD for t in toks[start:end]):
        return
    for k in range(len(toks)):
        if labels[k] == "container-title" and not s < k < c:
            labels[k] = "O"
    _relabel(labels, start, end, "title")
    names = slash + 1
    names_end = s
    while names_end > names and toks[names_end - 1].kind == KIND_PUNCT:
        names_end -= 1
    _relabel(labels, end, s + 2, "O")
    _relabel(labels, names, names_end, "author")  # (none without a single slash)
    _relabel(labels, s + 2, c, "container-title")
    for k in range(c, len(toks)):
        if labels[k] == "author":
            labels[k] = "O"
    place = _gost_place_at(toks, c + 1)
    if place > 0 and "publisher-place" not in labels:
        end = place - 1 if toks[place - 1].text == "." else place
        _relabel(labels, c + 1, end, "publisher-place")
    has_volume = "volume" in labels
    for k in range(c, len(toks) - 1):
        if toks[k].text == "\u2116" and labels[k + 1] == "O" and toks[k + 1].kind == KIND_NUM:
            labels[k + 1] = "issue"
        mark = toks[k].text.lower() in ("т", "том", "vol", "v") and toks[k + 1].text == "."
        if mark and not has_volume and k + 2 < len(toks) and labels[k + 2] == "O":
            labels[k + 2] = "volume" if toks[k + 2].kind == KIND_NUM else "O"
            has_volume = True


_HAN_OR_HANGUL_NAME = re.compile("[\u4e00-\u9fff]{2,4}|[\uac00-\ud7a3]{2,4}")


def _cjk_names_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "山田太郎, 鈴木花子. グラフ理論の応用.", "김철수, 이영희. 그래프 이론의 응용.": a name list
    in Han or Hangul, set apart by commas, ends at the first full stop; the names after the
    first that the tagger read as the title's start are the names'."""
    if not toks or labels[0] != "author" or not _HAN_OR_HANGUL_NAME.fullmatch(toks[0].text):
        return
    k = 1
    while k + 1 < len(toks) and toks[k].text in (",", "\u3001"):
        if not _HAN_OR_HANGUL_NAME.fullmatch(toks[k + 1].text):
            return
        k += 2
    if k == 1 or k + 1 >= len(toks) or toks[k].text not in (".", "\u3002", ":", "\uff1a"):
        return  # (Japanese lists end the names with a colon: "山田太郎, 鈴木花子: ...")
    if labels[k - 1] != "title" or labels[k + 1] not in ("title", "O"):
        return
    _relabel(labels, 0, k, "author")
    labels[k] = "O"
    j = k + 1
    while j < len(toks) and labels[j] == "title" and toks[j].kind == KIND_PUNCT:
        labels[j] = "O"
        j += 1
    if j < len(toks) and labels[j] == "O" and toks[j].kind != KIND_PUNCT:
        e = j
        while e < len(toks) and toks[e].text not in (".", "\u3002"):
            e += 1
        if "title" not in labels:
            _relabel(labels, j, e, "title")


_LONE_CJK_NAME = re.compile(f"[{CJK}]{{2,5}}|[\uac00-\ud7a3]{{2,4}}")


def _lone_cjk_name_opening_the_entry(toks: list[Tok], labels: list[str]) -> None:
    """ "정미경. 중학생의 ...", "최병구 2016. '정보기술 ...'", "半田眞理子1989. 都の...": no author
    read, and the entry opens with one word of two to five Han (two to four Hangul)
    characters before a stop or the year: that word is the author's name."""
    if "author" in labels or "editor" in labels or len(toks) < 4:
        return
    k = 0
    while k < len(toks) and labels[k] == "label":
        k += 1
    if k + 2 >= len(toks) or not _LONE_CJK_NAME.fullmatch(toks[k].text):
        return
    nxt = toks[k + 1]
    if not (nxt.text in (".", "\u3002") or (nxt.kind == KIND_NUM and YEAR_RE.fullmatch(nxt.text))):
        return
    if labels[k] not in ("title", "container-title", "publisher", "O"):
        return
    labels[k] = "author"
    if nxt.text in (".", "\u3002") and labels[k + 1] != "O":
        labels[k + 1] = "O"
    elif nxt.kind == KIND_NUM and labels[k + 1] in ("title", "container-title"):
        labels[k + 1] = "issued"


def _cjk_party_chunk(toks: list[Tok], j: int) -> int:
    """Where a GB/T 7714 responsible party that starts at ``j`` ends: Han names or a body's
    name ("华为技术有限公司", "中国计算机学会", "李明, 王芳") set apart by commas, then a full stop
    and more Han text; the index of the full stop, or -1."""
    n = len(toks)
    k = j
    while True:
        text = toks[k].text
        if toks[k].kind != KIND_CJK or not (
            CJK_BODY.match(text) or _HAN_OR_HANGUL_NAME.fullmatch(text)
        ):
            return -1
        k += 1
        if k + 1 < n and toks[k].text in (",", "\u3001"):
            k += 1
            continue
        break
    if k + 1 >= n or toks[k].text not in (".", "\u3002") or toks[k + 1].kind != KIND_CJK:
        return -1
    return k


def _has_type_code(toks: list[Tok]) -> bool:
    """A GB/T 7714 type code in brackets ("[P]", "[C]", "[M/OL]")."""
    return any(
        toks[k].text == "[" and toks[k + 1].text.isupper() and toks[k + 1].text.isascii()
        for k in range(len(toks) - 2)
    )


def _cjk_party_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "华为技术有限公司. 一种数据传输方法: CN110123456A[P]. 2019-08-13.": a GB/T 7714 entry opens
    with its responsible party (a patent's applicant, a body) and a full stop; the tagger
    read a body's name into the title when no author was found."""
    if "author" in labels or len(toks) < 6 or labels[0] != "title" or not _has_type_code(toks):
        return
    k = _cjk_party_chunk(toks, 0)
    if k < 0 or labels[k + 1] != "title" or any(lab != "title" for lab in labels[:k]):
        return
    _relabel(labels, 0, k, "author")
    labels[k] = "O"


def _cjk_party_read_into_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "...[C]//中国计算机学会. 第十届全国数据库学术会议论文集. 北京: ...": after "//" GB/T 7714
    prints the whole work's responsible party, a full stop, then its title; a body or Han
    names the tagger read into the container are its editors."""
    for j in range(2, len(toks) - 2):
        if toks[j - 1].text != "/" or toks[j - 2].text != "/":
            continue
        if labels[j] != "container-title":
            return
        k = _cjk_party_chunk(toks, j)
        if k < 0 or any(lab != "container-title" for lab in labels[j : k + 2]):
            return
        _relabel(labels, j, k, "editor")
        labels[k] = "O"
        return


# The nouns a body's name ends with ("World Health Organization", "R Core Team"), and the
# small words inside one ("Food and Agriculture Organization of the United Nations").
_BODY_HEADS = word_set(
    "team collaboration consortium organization organisation institute association group "
    "committee council foundation society agency corporation company contributors office "
    "bureau department ministry commission center centre laboratory network alliance "
    "administration authority board federation union initiative developers investigators "
    "collaborators trialists panel taskforce authors workshop nations programme program "
    "service academy bank forum"
)
_BODY_JOINS = word_set("of the for and on in")
_PUBLISHER_READ_AS = frozenset(("volume", "issue", "container-title", "O"))
# A firm's legal form after its name ("Graph Press Ltd.", "Wiley & Sons, Inc.")
BODY_FORMS = word_set("inc ltd llc gmbh co corp plc ag sa")
_UPPER_ROMAN = re.compile(r"[IVXLC]+")
_NAME_LABELS = frozenset(("author", "title", "container-title"))


def _body_run_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "World Health Organization Global Tuberculosis Report 2020; WHO: Geneva, 2020.",
    "R Core Team R: A Language and Environment ...": a style that sets no stop after the
    authors (MDPI's, whose initials end with one) prints a body's name straight before the
    title. Capitalised words from the entry's start, no punctuation among them, that end
    with a body's noun, then a capitalised word: the name is the author and the title starts
    there, where the tagger ran the one into the other."""
    n = len(toks)
    end = -1
    for k in range(min(n - 1, 12)):
        tok = toks[k]
        low = tok.text.lower()
        if tok.kind != KIND_WORD or not (tok.text[:1].isupper() or (k and low in _BODY_JOINS)):
            return
        nxt = toks[k + 1]
        if (
            k >= 1
            and low in _BODY_HEADS
            and tok.text[:1].isupper()
            and nxt.kind == KIND_WORD
            and nxt.text[:1].isupper()
            and nxt.text.lower() not in _BODY_HEADS
            and nxt.text.lower() not in BODY_FORMS
            and not _UPPER_ROMAN.fullmatch(nxt.text)
        ):
            end = k + 1
            break
    if end < 0 or labels[end] not in _NAME_LABELS or labels[0] not in _NAME_LABELS:
        return
    q = next((m for m in range(end, n) if toks[m].kind == KIND_PUNCT), n)
    if q < n and toks[q].text == "." and any(t.text.lower() in _BODY_HEADS for t in toks[end:q]):
        return  # ("Diabetes Prevention Program Research Group. Title": the name goes on)
    if any(t.text.lower().startswith(("publish", "press", "verlag")) for t in toks[:end]):
        return  # a publishing house ("Hindawi Publishing Corporation Advances in ..."): the
        # header line of its journal's article, no author
    if labels[0] == "author" and labels[end] != "author":
        return  # the name ends where the tagger ended it
    if any(lab not in _NAME_LABELS for lab in labels[:end]):
        return
    j = end
    while j < n and toks[j].text not in (".", ";"):
        if labels[j] not in _NAME_LABELS and not (
            toks[j].text == ":" and j + 1 < n and labels[j + 1] in _NAME_LABELS
        ):
            break  # (a colon inside the title: "R: A Language ...")
        j += 1
    if sum(1 for t in toks[end:j] if t.kind == KIND_WORD) < 2:
        return  # no title of two words or more after the name
    _relabel(labels, 0, end, "author")
    _relabel(labels, end, j, "title")


def _publisher_after_the_semicolon(toks: list[Tok], labels: list[str]) -> None:
    """ "Introduction to Computing; R Foundation for Statistical Computing: Vienna, 2021.":
    MDPI's books print "Title; Publisher: Place, Year"; a publisher read into the title's end
    after its semicolon is the publisher."""
    if "publisher" in labels or "title" not in labels:
        return
    n = len(toks)
    a, b = next(
        (
            (a, b)
            for a, b in _runs_of(labels, "title")
            if b + 1 < n and toks[b].text == ":" and labels[b + 1] == "publisher-place"
        ),
        (0, 0),
    )
    if b - a < 3:
        return
    s = next((k for k in range(b - 1, a, -1) if toks[k].text == ";"), -1)
    if s < 0 or b - s - 1 > 8 or not toks[s + 1].text[:1].isupper():
        return
    if not all(
        t.text[:1].isupper() or t.kind != KIND_WORD or t.text in _BODY_JOINS
        for t in toks[s + 1 : b]
    ):
        return
    labels[s] = "O"
    _relabel(labels, s + 1, b, "publisher")


def _publisher_read_as_another_field(toks: list[Tok], labels: list[str]) -> None:
    """ "The State of Food and Agriculture 2020; FAO: Rome, Italy, 2020.": in MDPI's "Title;
    Publisher: Place, Year" the capitalised words between the semicolon and the colon
    before the place are the publisher, whatever the tagger read them as (a volume, a
    journal)."""
    if "publisher" in labels:
        return
    n = len(toks)
    for c in range(2, n - 1):
        if toks[c].text != ":" or labels[c + 1] != "publisher-place":
            continue
        s = c - 1
        while s > 0 and c - s <= 8 and toks[s].text != ";":
            s -= 1
        if toks[s].text != ";" or s + 1 == c:
            return
        words = toks[s + 1 : c]
        capitalised = all(
            t.kind == KIND_WORD and (t.text[:1].isupper() or t.text in _BODY_JOINS) for t in words
        )
        read_as = set(labels[s + 1 : c])
        if capitalised and toks[s + 1].text[:1].isupper() and read_as <= _PUBLISHER_READ_AS:
            _relabel(labels, s + 1, c, "publisher")
        return


def _title_read_as_other_fields_before_the_imprint(toks: list[Tok], labels: list[str]) -> None:
    """ "Lee, K. Global Tuberculosis Report 2020; WHO: Geneva, 2020.": MDPI's book "Title;
    Publisher: Place, Year" with no title found: what stands between the names and the
    semicolon before the publisher is the title."""
    if "title" in labels or "author" not in labels:
        return
    n = len(toks)
    s = next((k for k in range(n - 2) if toks[k].text == ";"), -1)
    if s < 0 or labels[s + 1] != "publisher":
        return
    c = s + 1
    while c < n and labels[c] == "publisher":
        c += 1
    if c + 1 >= n or toks[c].text != ":" or labels[c + 1] != "publisher-place":
        return
    a, b = _first_run(labels, "author")
    while b < s and toks[b].kind == KIND_PUNCT:
        b += 1
    words = [t for t in toks[b:s] if t.kind == KIND_WORD]
    if b != a and len(words) >= 2 and all(t.text not in (".", "?", "!") for t in toks[b:s]):
        _relabel(labels, b, s, "title")


_NAME_LIST_WORDS = word_set("and & und et al van von de der den du la le da di del dos ten")


def _name_list_token(tok: Tok) -> bool:
    """A token a name list is made of: a capitalised name or initial, "and", a particle,
    a comma, a period or a hyphen."""
    if tok.kind == KIND_WORD:
        return tok.text[:1].isupper() or tok.text.lower() in _NAME_LIST_WORDS
    return tok.text in (",", ".", "-", "&")


def _year_after_the_names_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Lee, Jessica 1983 Evolution of ...", "Cho, Freya D., and Tariq T. Ben-David 2014
    How ...": the American Anthropological Association's style (and other author-date
    styles of the humanities) prints the year straight after the names, with no stop; the
    tagger read the last name and the year into the title. The names up to the year are the
    author, the year is the date and the title starts after it."""
    n = len(toks)
    if n < 6 or labels[0] != "author":
        return
    # where the names' run from the first token ends (found once: Labels keep it)
    a = _first_run(labels, "author")[1]
    if a >= min(n, 40):
        return
    y = a
    while y < min(n - 1, a + 8) and not (
        toks[y].kind == KIND_NUM and YEAR_RE.fullmatch(toks[y].text)
    ):
        y += 1
    if y + 1 >= n or toks[y].kind != KIND_NUM or not YEAR_RE.fullmatch(toks[y].text):
        return
    if y == a:
        # the names end right before the year (the last one taken back from the title by
        # _name_list_cut_at_an_initial): the year opening the title is the date
        if (
            labels[y] == "title"
            and labels[y + 1] == "title"
            and "issued" not in labels
            and toks[y].start > toks[y - 1].end
            and toks[y + 1].text[:1].isupper()
        ):
            labels[y] = "issued"
        return
    if labels[y] not in ("title", "author", "issued"):
        return
    between = labels[a:y]  # (the first title token after the names: a scan at C speed)
    t0 = a + between.index("title") if "title" in between else -1
    if t0 < 1 or toks[y - 1].kind != KIND_WORD or toks[y].start == toks[y - 1].end:
        return  # (a year glued to a word is a name's: "ARENA2008")
    if any(t.text == "al" for t in toks[:t0]):
        return  # "et al." closed the names
    if not all(_name_list_token(t) for t in toks[a:y]):
        return
    nxt = toks[y + 1]
    if not (nxt.text[:1].isupper() or nxt.text in ('"', "\u201c", "'", "\u2018")):
        return
    words = [t for t in toks[t0:y] if t.kind == KIND_WORD]
    before = toks[t0 - 1].text
    # the title read from inside the names: after a comma or "and" ("Lee, | Jessica 1983",
    # "Ivan, | and Jing Sanchez 2024"), or the last name after its given name's initial
    # in a list joined by "and" ("and Tariq T. | Ben-David 2014")
    inside = before.lower() in (",", "and", "&") and len(words) <= 4
    lone_initial = (
        before == "."
        and t0 >= 2
        and len(toks[t0 - 2].text) == 1
        and any(t.text.lower() in ("and", "&") for t in toks[:t0])
        and len(words) <= 2
    )
    if not (inside or lone_initial):
        return
    _relabel(labels, 0, y, "author")
    labels[y] = "issued"
    j = y + 1
    while j < n and labels[j] in ("title", "author", "issued") and toks[j].text not in (".", "?"):
        labels[j] = "title"
        j += 1
    if j < n and toks[j].text == "?" and labels[j] in ("title", "O"):
        labels[j] = "title"


_E_LOCATOR = re.compile(r"e\d[\dA-Za-z]{3,}")


def _article_number_read_as_a_note(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """ "Water Resources Research, 56(3), e2019WR025678.": an electronic article number (AGU's
    "e2019WR025678", PLOS's "e0123456") after the volume or issue, read as a note, is the
    page, as the article numbers of other journals are."""
    if "page" in labels or "note" not in labels:
        return
    for a, b in _runs_of(labels, "note"):
        if not _E_LOCATOR.fullmatch(raw[toks[a].start : toks[b - 1].end]):
            continue
        if _previous_label(toks, labels, a) in ("volume", "issue"):
            _relabel(labels, a, b, "page")
        return


def _sentence_case(words: list[Tok]) -> bool:
    """Whether most of a title's longer words after its first are in lower case."""
    longer = [t.text for t in words[1:] if len(t.text) > 3 and t.text.isalpha()]
    return len(longer) >= 3 and sum(w.islower() for w in longer) >= 0.7 * len(longer)


def _journal_abbreviation_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Gallstones in infancy and childhood Aust N Z J Surg 2000; 70:188", "... ventricular
    tachyarrhythmia Jpn Heart J 2001;": a Vancouver title printed with no stop before its
    journal; the abbreviated words that end a sentence-case title right before the journal
    (or its year and volume) are the journal's."""
    a, b = _first_run(labels, "title")
    n = len(toks)
    if b - a < 5 or b >= n or labels[b] not in ("container-title", "issued", "volume"):
        return
    c = b
    while c > a + 2 and toks[c - 1].kind == KIND_WORD and toks[c - 1].text[:1].isupper():
        word = toks[c - 1].text
        if len(word) > 5 or (word.isupper() and len(word) > 1):
            return  # a long word, an acronym: the title's own
        c -= 1
    if c == b or b - c > 3 or not toks[c - 1].text.islower() or len(toks[c - 1].text) < 3:
        return
    if labels[b] != "container-title" and ("container-title" in labels or b - c < 2):
        return  # (with no journal read, two words or more: "... children Br Med J 1990;")
    if not _sentence_case([t for t in toks[a:c] if t.kind == KIND_WORD]):
        return
    _relabel(labels, c, b, "container-title")


def _journal_after_the_question_mark(toks: list[Tok], labels: list[str]) -> None:
    """ "What can stable isotopes tell about the food web? Ecology 2000; 81:852-864.": with
    no journal read, capitalised words after a question mark that end the title's run right
    before the year or the volume are the journal."""
    if "container-title" in labels:
        return
    a, b = _first_run(labels, "title")
    if b - a < 5 or b >= len(toks) or labels[b] not in ("issued", "volume"):
        return
    q = next((k for k in range(b - 2, a + 2, -1) if toks[k].text == "?"), -1)
    if q < 0 or b - q - 1 > 6:
        return
    tail = toks[q + 1 : b]
    if not all(t.text == "." or (t.kind == KIND_WORD and t.text[:1].isupper()) for t in tail):
        return
    if not _sentence_case([t for t in toks[a:q] if t.kind == KIND_WORD]):
        return
    _relabel(labels, q + 1, b, "container-title")


_NOT_A_PUBLISHER = EDITION_WORDS | word_set("vol volume part no series ed eds edn")


def _publisher_in_brackets_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "R: A Language and Environment for Statistical Computing (R Foundation for Statistical
    Computing, 2021).": Nature's books end with "(Publisher, Year)"; capitalised words after
    an opening bracket in the title's run, right before ", Year)" that closes the entry, are
    the publisher."""
    if "publisher" in labels:
        return
    n = len(toks)
    e = n - 1
    while e > 0 and toks[e].text in (".", ";"):
        e -= 1
    if e < 6 or toks[e].text != ")" or labels[e - 1] != "issued" or toks[e - 2].text != ",":
        return
    c = e - 2  # the comma
    field = labels[c - 1]
    if field not in ("title", "container-title"):
        return
    p = c - 1
    while p > 0 and labels[p] == field and toks[p].text != "(":
        p -= 1
    if toks[p].text != "(" or labels[p] != field or c - p - 1 > 8 or c - p - 1 < 1:
        return
    words = toks[p + 1 : c]
    if not all(
        t.kind == KIND_WORD and (t.text[:1].isupper() or t.text in _BODY_JOINS) for t in words
    ):
        return
    if p == 0 or labels[p - 1] != field:
        return  # the whole run in brackets: no title before it
    if any(t.text.lower().rstrip(".") in _NOT_A_PUBLISHER for t in words):
        return  # "(Second Edition, 2010)", "(Vol. 2, 2010)"
    labels[p] = "O"
    _relabel(labels, p + 1, c, "publisher")


def _body_opening_the_entry_read_as_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """ "Office for National Statistics (2021) Population estimates. London: ONS.", "U.S.
    Environmental Protection Agency. 2016. Climate change indicators ...": a body that opens
    the entry before its date or title, read as a publisher, is the author (a corporate
    author) where its name has a body's word or the entry names a publisher again later.
    (GROBID's labels call such a body the publisher; the items users keep, and the
    benchmarks' gold, call it the author.)"""
    if "author" in labels or "editor" in labels or "publisher" not in labels:
        return
    runs = _runs_of(labels, "publisher")
    a, b = runs[0]
    if any(lab != "O" for lab in labels[:a]) or any(t.kind != KIND_PUNCT for t in toks[:a]):
        return
    if len(runs) < 2 and not is_corporate(" ".join(t.text for t in toks[a:b])):
        return  # a body's name ("... Agency", "Office for ..."), or a publisher named again
    k = b
    while k < len(toks) and labels[k] == "O" and toks[k].kind == KIND_PUNCT:
        k += 1
    if k >= len(toks) or labels[k] not in ("issued", "title"):
        return
    _relabel(labels, a, b, "author")
    if toks[b].text == "," and labels[k] == "title":
        _second_body_after_the_comma(toks, labels, k)


def _second_body_after_the_comma(toks: list[Tok], labels: list[str], k: int) -> None:
    """ "American Bar Association, Commission on Women in the Profession. (2016) A Current
    ...": a body's part named after the body and a comma, capitalised up to the stop, the
    title's run after the stop, signs with it."""
    e = k
    while e < len(toks) and labels[e] == "title" and toks[e].kind == KIND_WORD:
        e += 1
    words = [t.text for t in toks[k:e]]
    if e >= len(toks) or toks[e].text != "." or not 2 <= len(words) <= 10:
        return
    if not _capitalised_name(words) or not any(w.lower() in _BODY_WORDS for w in words):
        return
    if "title" not in labels[e + 1 :]:
        return  # (the title is that sentence: no other)
    _relabel(labels, k - 1, e, "author")


def _year_closing_the_imprint_read_as_a_page(toks: list[Tok], labels: list[str]) -> None:
    """ "...; Graph Institute: Boston, MA, USA, 2019.": with no date read, a lone year that
    ends the entry right after the place or the publisher is the date, not a page."""
    if "issued" in labels or labels.count("page") != 1:
        return
    e = len(toks) - 1
    while e > 0 and toks[e].kind == KIND_PUNCT:
        e -= 1
    if labels[e] != "page" or not YEAR_RE.fullmatch(toks[e].text) or toks[e].kind != KIND_NUM:
        return
    if _previous_label(toks, labels, e) in ("publisher-place", "publisher"):
        labels[e] = "issued"


_PREPRINT_ID = re.compile(r"(?:19|20)\d\d\.\d\d\.\d\d\.\d{6,9}(?:v\d+)?")


def _preprint_server_number(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """ "medRxiv 2020.04.01.20049999 [Preprint]": a bioRxiv or medRxiv number (the posting
    date and a serial, printed together) is the preprint's number, not a date, a volume or
    pages; "Preprint at bioRxiv": the words before the server are no part of its name."""
    n = len(toks)
    k = 0
    while k < n:
        if toks[k].kind == KIND_NUM and YEAR_RE.fullmatch(toks[k].text):
            e = k + 1
            while e < n and toks[e].start == toks[e - 1].end and toks[e].text != "[":
                e += 1
            if _PREPRINT_ID.fullmatch(raw[toks[k].start : toks[e - 1].end]):
                _relabel(labels, k, e, "number")
                k = e
                continue
        k += 1
    for a, b in _runs_of(labels, "container-title"):
        if b - a > 2 and toks[a].text.lower() == "preprint" and toks[a + 1].text == "at":
            labels[a] = "genre"
            labels[a + 1] = "O"


def _lone_year_after_the_place_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "in 2019 IEEE International Conference on Big Data (Big Data), Los Angeles, CA, USA,
    2019, pp. 123-130": with no date read, a volume that is a lone year after the place,
    the publisher or the venue, and no issue in brackets after it, is the date."""
    if "issued" in labels or labels.count("volume") != 1:
        return
    v = labels.index("volume")
    tok = toks[v]
    if tok.kind != KIND_NUM or not YEAR_RE.fullmatch(tok.text):
        return
    if v + 1 < len(toks) and toks[v + 1].text in ("(", ":", "."):
        return  # "2019(3)", "2019:12": a volume, its issue or pages
    after = _previous_label(toks, labels, v)
    if after in ("publisher-place", "publisher", "container-title") and toks[v - 1].text == ",":
        labels[v] = "issued"


def _meeting_days_read_as_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "...(Big Data); 2019 Dec 9-12; Los Angeles, CA, USA. Piscataway (NJ): IEEE; 2019. p.
    123-130.": the days of a meeting after its month ("Dec 9-12"), read as pages where the
    pages follow, are no pages."""
    runs = _runs_of(labels, "page")
    if len(runs) < 2:
        return
    a, b = runs[0]
    k = a  # back over the first day and the dash: "Dec 9-12"
    while k > 0 and (toks[k - 1].kind == KIND_NUM or toks[k - 1].text in ("-", "\u2013")):
        k -= 1
    if 0 < k < a and toks[k - 1].text.lower().rstrip(".") in MONTHS:
        _relabel(labels, a, b, "O")


def _names_after_edited_by_read_as_nothing(toks: list[Tok], labels: list[str]) -> None:
    """ "In The Cambridge Companion to Graphs, edited by Ann Smith, 45-67.": with no editor
    read, the names after "edited by" that the tagger left unlabelled are the editors (the
    real strings label every such name so)."""
    if "editor" in labels:
        return
    n = len(toks)
    k = next(
        (
            k + 2
            for k in range(n - 2)
            if toks[k].text.lower() == "edited" and toks[k + 1].text == "by"
        ),
        -1,
    )
    if k < 0 or k >= n or labels[k] != "O" or not toks[k].text[:1].isupper():
        return
    e = k
    while e < n and labels[e] == "O" and _continues_names(toks, e):
        e += 1
    while e > k and toks[e - 1].kind != KIND_WORD and toks[e - 1].text != ".":
        e -= 1
    if e - k >= 2:
        _relabel(labels, k, e, "editor")


# The openings of a sentence naming a book's editors after its title, in German, French,
# Spanish, Italian and Portuguese (lower case, stops left out): "Hrsg. von Karl Roth.",
# "Éd. par Anne Morel.", "Edición de Luis Gil.", "A cura di Sara Galli.", "Org. por ..."
_EDITORS_SENTENCE_OPENINGS = (
    ("hrsg", "von"),
    ("hg", "von"),
    ("hg", "v"),
    ("herausgegeben", "von"),
    ("\u00e9d", "par"),
    ("\u00e9dit\u00e9", "par"),
    ("sous", "la", "direction", "de"),
    ("edici\u00f3n", "de"),
    ("a", "cura", "di"),
    ("org", "por"),
    ("organizado", "por"),
)


# The same openings after the book's title and a comma ("In Book, edited by Ann Ode, 45-67",
# French "Dans Book, sous la direction de ...", German "herausgegeben von", Spanish
# "editado por")
_EDITORS_CLAUSE_OPENINGS = (
    *_EDITORS_SENTENCE_OPENINGS,
    ("edited", "by"),
    ("editado", "por"),
    ("editada", "por"),
    ("\u00e9dit\u00e9", "par"),
    ("dirig\u00e9", "par"),
)


def _editors_clause_after_the_book(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's chapter in French, German or Spanish: "Dans The Graph Handbook, sous la
    direction de Dana Kerr et Paul Vaughn, 233-250.", "In Book, herausgegeben von ...",
    "En Book, editado por ...": the clause after the book's comma that names its editors,
    read into the book or as the publisher, gives the editors; the book ends at the comma."""
    if "editor" in labels:
        return
    a, b = _first_run(labels, "container-title")
    if a == b:
        return
    n = len(toks)
    for k in range(a + 1, min(n - 2, b + 1)):
        if toks[k].text != ",":
            continue
        words = [t.text.lower().rstrip(".") for t in toks[k + 1 : k + 5]]
        opening = next((o for o in _EDITORS_CLAUSE_OPENINGS if tuple(words[: len(o)]) == o), None)
        if opening is None:
            continue
        s = k + 1 + len(opening)
        e = s
        while e < n and toks[e].text not in (",", ".", "(", ";") and e - s < 12:
            e += 1
        if e == s or not toks[s].text[:1].isupper():
            return
        _relabel(labels, k, s, "O")
        _relabel(labels, s, e, "editor")
        if e < n and labels[e] == "container-title":
            labels[e] = "O"
        if toks[a].text.lower() in _IN_WORDS and k - a > 1:
            labels[a] = "O"  # ("In The Graph Handbook, herausgegeben von ...": the "In")
        return


def _editors_sentence_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Lindner, Grete: Theorie der Bildung. Hrsg. von Karl Roth. Frankfurt a. M.: ...":
    a sentence naming the editors after the title ("Hrsg. von", "Éd. par", "A cura di",
    "Edición de", "Org. por"), read into the title, as names of other kinds or as nothing, is
    no part of the title: its names are the editors."""
    if "editor" in labels and labels.count("editor") > 3:
        return
    a, b = _first_run(labels, "title")
    if a == b:
        return
    n = len(toks)
    for k in range(a + 2, min(n - 2, b + 2)):
        if toks[k - 1].text != "." or not toks[k].text[:1].isupper():
            continue
        words: list[str] = []
        m = k
        while m < n and len(words) < 4 and (toks[m].kind == KIND_WORD or toks[m].text == "."):
            if toks[m].kind == KIND_WORD:
                words.append(toks[m].text.lower())
            m += 1
            if tuple(words) in _EDITORS_SENTENCE_OPENINGS:
                break
        else:
            continue
        if tuple(words) not in _EDITORS_SENTENCE_OPENINGS:
            continue
        while m < n and toks[m].text == ".":
            m += 1
        e = m
        while e < n and not _stop_ends_sentence(toks, e) and toks[e].text not in (":", "("):
            e += 1
        names = [t for t in toks[m:e] if t.kind == KIND_WORD]
        if (
            not names
            or len(names) > 8
            or not all(
                t.text[:1].isupper() or t.text.lower() in ("und", "et", "y", "e", "and")
                for t in names
            )
        ):
            return
        if labels[k - 1] == "title":
            labels[k - 1] = "O"
        _relabel(labels, k, m, "O")
        _relabel(labels, m, e, "editor")
        return


def _continues_names(toks: list[Tok], e: int) -> bool:
    """Whether token ``e`` goes on with a list of names printed given name first: a
    capitalised word, "and" or "&", an initial's period, a comma before a capitalised word."""
    text = toks[e].text
    if toks[e].kind == KIND_WORD:
        return text[:1].isupper() or text == "and"
    after = toks[e + 1].text if e + 1 < len(toks) else ""
    return (
        text == "&"
        or (text == "." and len(toks[e - 1].text) == 1)
        or (text == "," and after[:1].isupper())
    )


def _university_press_read_as_a_place(toks: list[Tok], labels: list[str]) -> None:
    """MLA's "Oxford UP, 2019.", "Cambridge UP": "UP" is "University Press"; a place run
    that ends with it is the publisher."""
    if "publisher" in labels:
        return
    for a, b in _runs_of(labels, "publisher-place"):
        if toks[b - 1].text == "UP" and b - a >= 2:
            _relabel(labels, a, b, "publisher")
            return


def _year_letter_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode, J. et al. (2019a) Graph rivers.": the letter that tells two works of a year
    apart, glued to the year, and the bracket after it, are no part of the title."""
    n = len(toks)
    for _, b in _runs_of(labels, "issued"):
        k = b - 1  # the year
        if k + 2 >= n or toks[k].kind != KIND_NUM:
            continue
        letter = toks[k + 1]
        if letter.start != toks[k].end or len(letter.text) != 1 or not letter.text.islower():
            continue
        if labels[k + 1] != "title":
            return
        labels[k + 1] = "O"
        if toks[k + 2].text == ")" and labels[k + 2] == "title":
            labels[k + 2] = "O"
        return


def _translated_title_in_brackets(toks: list[Tok], labels: list[str]) -> None:
    """PubMed's "[Graph rivers in adults]. Zhonghua Yi Xue Za Zhi. 2019;12(3):45-67.
    Chinese.": a title translated into English is printed in square brackets; it ends at
    the closing bracket, the words after it up to the year are the journal, and the
    language that closes the entry (one of _LANGUAGES, defined below) is no place."""
    a, b = _first_run(labels, "title")
    if a in (b, 0) or toks[a - 1].text != "[" or "container-title" in labels:
        return
    c = next((k for k in range(a + 1, b) if toks[k].text == "]"), -1)
    if c < 0 or c + 2 >= b or toks[c + 1].text != "." or b >= len(toks):
        return
    if labels[b] not in ("O", "issued") or not toks[c + 2].text[:1].isupper():
        return
    _relabel(labels, c, c + 2, "O")
    _relabel(labels, c + 2, b, "container-title")
    e = len(toks) - 1
    while e > 0 and toks[e].kind == KIND_PUNCT:
        e -= 1
    if toks[e].text.lower() in _LANGUAGES and labels[e] in ("publisher-place", "publisher"):
        labels[e] = "O"


def _title_read_as_the_genre_before_its_description(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Graph rivers [Paper presentation]. Graph Conference 2019, Boston": with no
    title read, a genre run right before a bracketed description (itself the genre) is the
    title."""
    if "title" in labels:
        return
    runs = _runs_of(labels, "genre")
    if len(runs) < 2:
        return
    (a, b), (c, d) = runs[0], runs[1]
    if c != b + 1 or toks[b].text != "[" or d >= len(toks) or toks[d].text != "]":
        return
    if any(t.kind != KIND_WORD and t.text not in ":,-\u2013'\u2019?" for t in toks[a:b]):
        return
    _relabel(labels, a, b, "title")


_UNIVERSITY_WORDS = word_set(
    "university universit\u00e9 universidad universidade universit\u00e0 universit\u00e4t"
    " universiteit universitat uniwersytet"
)


def _university_read_as_a_place(toks: list[Tok], labels: list[str]) -> None:
    """ "Thèse de Docteur-Ingénieur, Université de Clermont-Ferrand II, France.": a place run
    that opens with a university's word is the university (the publisher), and its last
    comma's capitalised word or two, if any, the place."""
    if "publisher" in labels:
        return
    for a, b in _runs_of(labels, "publisher-place"):
        if toks[a].text.lower() not in _UNIVERSITY_WORDS or b - a < 2:
            continue
        if toks[a + 1].text in ("Park", "City", "Heights"):
            return  # a town: "University Park" (Pennsylvania), "University City"
        c = next((k for k in range(b - 1, a, -1) if toks[k].text == ","), -1)
        tail = toks[c + 1 : b] if c > 0 else []
        if tail and len(tail) <= 2 and all(t.text[:1].isupper() for t in tail):
            _relabel(labels, a, c, "publisher")
            labels[c] = "O"
        else:
            _relabel(labels, a, b, "publisher")
        return


# Publishing bodies printed as their acronym alone ("AMS, 2002"), beside those
# PUBLISHER_WORDS names ("ACM", "IEEE", "SIAM", "MIT", "AAAI", "PMLR")
_PUBLISHING_BODIES = word_set(
    "ams aip aps cern nasa nist oecd iop asce asme spie unesco who crc oup cup nber rand "
    "iaea esa usgs epa nrc nsf nih csli vch ieee acm siam imf undp fao unicef iso ansi "
    "itu ietf w3c ecmwf noaa cnrs inria inra inserm puf pur lpi asp"
)


def _venue_acronym_read_as_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's short form '"Title," NIPS, pp. 1097-1105, 2012.', '"Title," CVPR, 2009.': with
    no container read, a publisher that is one word in capitals right after the title,
    before the pages, or before the year that ends the entry where it is no publishing
    body's acronym, is the venue (a book's publisher has no pages after it)."""
    if "container-title" in labels or labels.count("publisher") != 1:
        return
    p = labels.index("publisher")
    word = toks[p].text
    if not (word.isupper() and word.isalpha() and 2 <= len(word) <= 8):
        return
    if PUBLISHER_WORDS.search(word):
        return  # a publisher's own name ("PMLR", "ACM", "SIAM", "IEEE")
    n = _past_punctuation(toks, labels, p + 1)
    if n < len(toks) and toks[n].text.lower() in ("pp", "p"):
        n = _past_punctuation(toks, labels, n + 1)
    if _previous_label(toks, labels, p) != "title" or n >= len(toks):
        return
    if labels[n] == "page":
        labels[p] = "container-title"
    elif (
        labels[n] == "issued"
        and word.lower() not in _PUBLISHING_BODIES
        and _past_punctuation(toks, labels, _first_run(labels, "issued")[1]) == len(toks)
        and "publisher-place" not in labels
    ):
        # '"From contours to regions," CVPR, 2009.': the venue and the year end the entry
        # (a publishing body's acronym stays the publisher: "AMS, (2002)")
        labels[p] = "container-title"


def _patent_number(toks: list[Tok], labels: list[str]) -> None:
    """ "US Patent 9,876,543", "U.S. Patent 9 876 543", "US Patent 9876543B2": the words up
    to "Patent" are the genre and the number after it (its groups of three digits, its
    kind code) is the patent's number, not a journal and its volume."""
    n = len(toks)
    p = next((k for k in range(n) if toks[k].text.lower() == "patent"), -1)
    if p < 0:
        return
    j = p + 1
    if j + 1 < n and toks[j].text.lower() in ("no", "nr") and toks[j + 1].text == ".":
        j += 2
    if j >= n or toks[j].kind != KIND_NUM:
        return
    e = j + 1
    while e + 1 < n and toks[e].text in (",", ".") and len(toks[e + 1].text) == 3:
        if toks[e + 1].kind != KIND_NUM or toks[e].start != toks[e - 1].end:
            break
        e += 2
    while e < n and toks[e].kind == KIND_NUM and len(toks[e].text) == 3 and e - j < 3:
        e += 1  # "9 876 543"
    while e < n and toks[e].start == toks[e - 1].end and toks[e].text.isalnum():
        e += 1  # the kind code glued on: "B2"
    digits = "".join(t.text for t in toks[j:e] if t.kind == KIND_NUM)
    if len(digits) < 5:
        return
    g = p
    while g > 0 and labels[g - 1] == labels[p] and labels[p] != "title":
        g -= 1
    if labels[p] == "title" or any(lab == "title" for lab in labels[g:e]):
        return
    _relabel(labels, g, p + 1, "genre")
    _relabel(labels, p + 1, j, "O")
    _relabel(labels, j, e, "number")


def _journal_in_guillemets_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """Italian and French "Title, «Nucleic Graph Research» (2024)": with no container, a
    name in guillemets after a comma that the title's run ran into is the journal."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    o = next((k for k in range(a + 2, b) if toks[k].text == "\u00ab"), -1)
    if o < 0:
        return
    start = o - 1  # the comma before it, or before its "in" ("..., in «Rivista ...»")
    if toks[start].text.lower() == "in" and toks[start - 1].text == "," and start - 1 > a:
        start -= 1
    if toks[start].text != ",":
        return
    c = next((k for k in range(o + 1, len(toks)) if toks[k].text == "\u00bb"), -1)
    if c < 0 or c > b + 1 or c - o < 2 or any(t.text == "\u00bb" for t in toks[a:o]):
        return
    _relabel(labels, start, b, "O")
    _relabel(labels, o + 1, c, "container-title")
    labels[c] = "O"


def _volume_and_issue_with_a_slash(toks: list[Tok], labels: list[str]) -> None:
    """ "«Journal» 57/1 (2000)": with no issue read, a volume run of two numbers set apart
    by a slash is the volume and the issue (two years, "1990/1991", are no such pair)."""
    if "issue" in labels:
        return
    run = _only_run(labels, "volume")
    if run is None:
        return
    a, b = run
    while a < b and toks[a].kind == KIND_PUNCT:
        labels[a] = "O"  # "» 57/1": the guillemet read into the volume
        a += 1
    if b - a > 4 and toks[b - 1].text == ")" and "issued" not in labels:
        # "521/12 (4/2015)": the month and year in brackets read into the volume
        p = next((k for k in range(b - 2, a, -1) if toks[k].text == "("), -1)
        year = toks[b - 2]
        inside = [t.text for t in toks[p + 1 : b - 2]]  # "" or a month's number and "/"
        month = len(inside) == 2 and inside[0].isdigit() and inside[1] in ("/", "-", ".")
        if p > a and YEAR_RE.fullmatch(year.text) and (not inside or month):
            _relabel(labels, p, b, "O")
            labels[b - 2] = "issued"
            b = p
    if b - a != 3 or toks[a + 1].text != "/":
        return
    first, second = toks[a], toks[a + 2]
    if first.kind != KIND_NUM or second.kind != KIND_NUM or len(second.text) > 3:
        return
    if YEAR_RE.fullmatch(first.text):
        return
    labels[a + 1] = "O"
    labels[a + 2] = "issue"


def _venue_acronym_in_brackets_after_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "in Proc. 40th Int. Conf. Mach. Learn. (ICML), Honolulu": a venue's acronym in
    brackets right after the container, read as the publisher, is the container's."""
    for a, b in _runs_of(labels, "publisher"):
        if b - a != 1 or a < 2 or a + 1 >= len(toks):
            continue
        if toks[a - 1].text != "(" or toks[a + 1].text != ")" or labels[a - 2] != "container-title":
            continue
        word = toks[a].text
        if not (word.isupper() and word.isalpha() and 2 <= len(word) <= 8):
            continue
        _relabel(labels, a - 1, a + 2, "container-title")
        return


def _series_read_for_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Title. Proceedings of Machine Learning Research. 2023;202:1–10.": with
    no container, a series run right before "year;volume" is the journal."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "collection-title")
    if run is None:
        return
    k = _past_punctuation(toks, labels, run[1])
    if k + 2 >= len(toks) or labels[k] != "issued" or toks[k + 1].text != ";":
        return
    if labels[k + 2] != "volume":
        return
    _relabel(labels, *run, "container-title")


def _pages_in_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "2019;9(1):12345.": a volume run that holds its issue in brackets and, after a
    colon, the pages (no page read elsewhere) is cut into the three."""
    if "page" in labels:
        return
    run = _only_run(labels, "volume")
    if run is None:
        return
    a, b = run
    texts = [t.text for t in toks[a:b]]
    if len(texts) < 6 or texts[1] != "(" or texts[3] != ")" or texts[4] != ":":
        return
    if toks[a].kind != KIND_NUM or toks[a + 2].kind != KIND_NUM or toks[a + 5].kind != KIND_NUM:
        return
    if any(t.kind not in (KIND_NUM, KIND_PUNCT) for t in toks[a + 5 : b]):
        return
    _relabel(labels, a + 1, b, "O")
    labels[a + 2] = "issue"
    _relabel(labels, a + 5, b, "page")


def _article_letter_before_the_page(toks: list[Tok], labels: list[str]) -> None:
    """ "Article e1234", "e0123456": the letter glued before an article number is the
    page's (the tokens part them)."""
    for a, _ in _runs_of(labels, "page"):
        glued = a and labels[a - 1] == "O" and toks[a - 1].end == toks[a].start
        if glued and toks[a - 1].text in ("e", "E") and toks[a].kind == KIND_NUM:
            labels[a - 1] = "page"


# A publication's status printed where its date or journal stands
_STATUS_WORDS = frozenset(("forthcoming", "submitted", "accepted"))


def _status_in_brackets_read_as_the_title(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Ode, K. (forthcoming). Graph colouring.": the status in brackets where the
    date stands is no title (it is a note, as "(in press)" is read)."""
    for k in range(1, len(toks) - 1):
        bracketed = toks[k - 1].text == "(" and toks[k + 1].text == ")"
        if bracketed and labels[k] == "title" and toks[k].text.lower() in _STATUS_WORDS:
            labels[k] = "note"
            labels[k + 1] = "O"
            return


# GOST's abbreviated publishing cities: Moscow, St Petersburg, Leningrad, Kyiv, Minsk
_RUSSIAN_CITIES = frozenset(("\u041c", "\u0421\u041f\u0431", "\u041b", "\u041a", "\u041c\u043d"))


def _russian_city_abbreviation(toks: list[Tok], labels: list[str]) -> None:
    """GOST's "Теория графов. М.: Наука, 2005." and "М., 1998.": an abbreviated city
    after a sentence's full stop, before a colon and the publisher or a comma and the
    year, is the place (not an initial of the names, nor a journal)."""
    n = len(toks)
    for k in range(2, n - 3):
        if toks[k].text not in _RUSSIAN_CITIES or toks[k + 1].text != ".":
            continue
        before = toks[k - 2]
        if toks[k - 1].text != "." or not (
            (before.kind == KIND_WORD and len(before.text) > 1) or before.text in (")", "]")
        ):
            continue  # (after a word's full stop, not after an initial's)
        nxt = toks[k + 2].text
        year = toks[k + 3].kind == KIND_NUM and len(toks[k + 3].text) == 4
        if nxt == ":" or (nxt == "," and year):
            if labels[k] == "author" and labels[k - 2] == "author":
                labels[k - 1] = "O"
            _relabel(labels, k, k + 2, "publisher-place")
            return


def _french_collection(toks: list[Tok], labels: list[str]) -> None:
    """French "Paris, Gallimard, coll. « Folio », 2010": the words after "coll." (in
    guillemets or not, to the next comma or full stop) are the series, whatever they were
    read as; "coll." itself is no field."""
    n = len(toks)
    for k in range(1, n - 2):
        if toks[k].text.lower() != "coll" or toks[k + 1].text != "." or toks[k - 1].text != ",":
            continue
        a = k + 2
        closing = ""
        if toks[a].text in ("\u00ab", "\u201c", '"'):
            closing = {"\u00ab": "\u00bb", "\u201c": "\u201d", '"': '"'}[toks[a].text]
            a += 1
        b = a
        while b < n and toks[b].text not in (closing or ",", ".", ";"):
            b += 1
        if b == a or b - a > 8 or not toks[a].text[:1].isupper():
            return
        _relabel(labels, k - 1, a, "O")
        _relabel(labels, a, b, "collection-title")
        if closing and b < n:
            labels[b] = "O"
        return


# a degree's abbreviation, its letters joined ("M.Sc", "B.A", "D.Phil"), before "thesis"
_DEGREE = re.compile(r"(?:Ph\.D|M\.Sc|B\.Sc|M\.S|M\.A|B\.A|B\.S|M\.Phil|D\.Phil|M\.Eng|B\.Eng)\.?")


def _degree_ending_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "K. Ode, M.Sc. thesis, University of Oslo": the degree after the names' comma, read
    as another name, is the thesis's kind with the word after it."""
    a, b = _first_run(labels, "author")
    if b - a < 5 or b + 1 >= len(toks):
        return
    c = max((k for k in range(a + 1, b) if toks[k].text == ","), default=-1)
    if c < 0:
        return
    e = b + 1 if toks[b].text == "." else b
    if e >= len(toks) or toks[e].text.lower() not in _THESIS_NOUNS:
        return
    if _DEGREE.fullmatch("".join(t.text for t in toks[c + 1 : b])) is None:
        return
    labels[c] = "O"
    _relabel(labels, c + 1, e + 1, "genre")


def _status_ending_the_names(toks: list[Tok], labels: list[str]) -> None:
    """Elsevier's Harvard "Ode, K., Abe, L., in press. Graph colouring.": the status where
    the year stands, read into the names, is a note."""
    a, b = _first_run(labels, "author")
    if b - a < 4:
        return
    if toks[b - 1].text.lower() == "forthcoming":
        k = b - 1
    elif toks[b - 1].text == "press" and toks[b - 2].text == "in":
        k = b - 2
    else:
        return
    if toks[k - 1].text != ",":
        return
    labels[k - 1] = "O"
    _relabel(labels, k, b, "note")


def _journal_before_in_press(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Ode K. Graph colouring. J Graphs. In press.": with no container, the
    unlabelled sentence between the title and "In press" is the journal."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "note")
    if run is None or _words_of(toks, *run).lower() not in ("in press", "forthcoming"):
        return
    untitled = "title" not in labels
    _, t_end = _first_run(labels, "author" if untitled else "title")
    if t_end == 0:
        return
    k = _past_punctuation(toks, labels, t_end)
    e = k
    while e < run[0] and labels[e] == "O" and toks[e].kind in (KIND_WORD, KIND_PUNCT):
        e += 1
    while e > k and toks[e - 1].kind == KIND_PUNCT:
        e -= 1
    if not k < e <= run[0] or _past_punctuation(toks, labels, e) != run[0]:
        return
    if untitled:
        # "Ode K. Graph colouring. J Graphs. In press.": the title's sentence, then the
        # journal's (the first full stop after a word of two letters or more ends the title)
        stop = next(
            (
                m
                for m in range(k + 2, e - 1)
                if toks[m].text == "."
                and toks[m - 1].kind == KIND_WORD
                and len(toks[m - 1].text) > 1
                and not is_serial_abbreviation(toks[m - 1].text)
            ),
            -1,
        )
        if stop < 0:
            return
        _relabel(labels, k, stop, "title")
        k = stop + 1
    if any(t.kind == KIND_WORD for t in toks[k:e]):
        _relabel(labels, k, e, "container-title")


def _volume_before_the_bracketed_issue(toks: list[Tok], labels: list[str]) -> None:
    """ "Journal of Graphs, [online] 12(3), pp.45–67": with no volume read, the number an
    issue in brackets follows is the volume."""
    if "volume" in labels:
        return
    run = _only_run(labels, "issue")
    if run is None or run[0] < 2:
        return
    k = run[0]
    if toks[k - 1].text != "(" or toks[k - 2].kind != KIND_NUM or labels[k - 2] != "O":
        return
    if toks[k - 2].end == toks[k - 1].start and not YEAR_RE.fullmatch(toks[k - 2].text):
        labels[k - 2] = "volume"


_ONLINE_MEDIA = frozenset(("internet", "online", "serial", "electronic"))


def _journal_before_its_medium(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Title. J Graphs [Internet]. 2019": with no container, the unlabelled
    words between the title and the bracketed medium are the journal."""
    if "container-title" in labels or "title" not in labels:
        return
    run = _only_run(labels, "medium")
    if run is None or _words_of(toks, *run).lower() not in _ONLINE_MEDIA or run[0] < 2:
        return
    o = run[0] - 1
    if toks[o].text != "[":
        return
    _, t_end = _first_run(labels, "title")
    k = _past_punctuation(toks, labels, t_end)
    if k >= o or any(labels[m] != "O" for m in range(k, o)):
        return
    if all(t.kind == KIND_WORD for t in toks[k:o] if t.text != "."):
        _relabel(labels, k, o, "container-title")


def _dash_opening_a_run(toks: list[Tok], labels: list[str]) -> None:
    """Zoological and German styles set sentences apart with dashes ("2019. – Graph
    colouring. – J. Graphs, 12"): a dash opening the title's or the container's run is no
    part of it."""
    for label in ("title", "container-title"):
        for a, b in _runs_of(labels, label):
            if b - a > 1 and toks[a].text in _RANGE_DASHES and toks[a + 1].kind == KIND_WORD:
                labels[a] = "O"


def _edition_ending_the_container(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "In: Abe R, editor. Handbook of graphs. 2nd ed. Boulder": an edition's
    ordinal after the book's last full stop, read into the container, is the edition."""
    for a, b in _runs_of(labels, "container-title"):
        if b >= len(toks) or toks[b].text.lower() not in ("ed", "edn", "edition"):
            continue
        k = b - 1
        if toks[k].text.lower() in ("st", "nd", "rd", "th") and toks[k].start == toks[k - 1].end:
            k -= 1  # "2nd": its number and its suffix
        if k - 2 <= a or toks[k].kind != KIND_NUM or toks[k - 1].text != ".":
            continue
        labels[k - 1] = "O"
        _relabel(labels, k, b + 1, "edition")
        return


def _place_with_its_bracketed_region(toks: list[Tok], labels: list[str]) -> None:
    """NLM's and APA's "White River Junction (VT): Chelsea Green", "Grand Rapids (MI):
    Graph Press": one to four capitalised words and a region's code in brackets before
    the colon and the publisher are the place, whatever run the tagger put them in (the
    town read as a book and the code alone as the place: "White Plains (NY): March of
    Dimes"), where no other place is read."""
    n = len(toks)
    for k in range(2, n - 2):
        if toks[k].text != "(" or toks[k + 2].text != ")" or toks[k + 3 : k + 4] == []:
            continue
        code = toks[k + 1].text
        if toks[k + 3].text != ":" or len(code) != 2 or not code.isupper() or not is_region(code):
            continue
        if k + 4 >= n or labels[k + 4] != "publisher":
            continue
        a = k
        while a > 0 and k - a < 4 and _is_capitalised(toks[a - 1]) and labels[a - 1] != "author":
            a -= 1
        if a == k or (a > 0 and toks[a - 1].text not in (".", ",", ";", ")")):
            return
        if any(lab == "publisher-place" for lab in (*labels[:a], *labels[k + 3 :])):
            return
        _relabel(labels, a, k + 3, "publisher-place")
        if a > 0 and labels[a - 1] != "O" and toks[a - 1].kind == KIND_PUNCT:
            labels[a - 1] = "O"
        return


def _bracketed_edition_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """APA in other languages: "Çizge kuramı (2. baskı).", "Teoria grafów (2. wyd.)": the
    edition in brackets that ends the title's run is the edition."""
    if "edition" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    close = b - 1 if toks[b - 1].text == ")" else b
    while close < len(toks) and close < b + 4 and labels[close] == "O" and toks[close].text != ")":
        close += 1  # ("(1 éd.)", "(5. Ed.)": the edition's word and period left out)
    if close >= len(toks) or toks[close].text != ")":
        return
    o = next((k for k in range(close - 1, a, -1) if toks[k].text == "("), -1)
    if o <= a + 1 or toks[o + 1].kind != KIND_NUM:
        return
    words = [t.text.lower() for t in toks[o + 2 : close] if t.kind == KIND_WORD]
    if not words or words[-1] not in EDITION_WORDS:
        return
    _relabel(labels, o, close + 1, "O")
    _relabel(labels, o + 1, close, "edition")


def _past_punctuation(toks: list[Tok], labels: list[str], j: int) -> int:
    """The first token from ``j`` on that is no unlabelled punctuation (``len(toks)`` at
    the end): what follows "., " or "):"."""
    while j < len(toks) and toks[j].kind == KIND_PUNCT and labels[j] == "O":
        j += 1
    return j


def _next_label(toks: list[Tok], labels: list[str], j: int) -> str:
    """The label of the first non-punctuation token from ``j`` on ("O" at the end); the
    loop of _past_punctuation written out, as this one is hot."""
    while j < len(toks) and toks[j].kind == KIND_PUNCT and labels[j] == "O":
        j += 1
    return labels[j] if j < len(toks) else "O"


_GLUED_INITIAL = re.compile(r"^(?:and|et|und)[A-Z]{1,2}$")
_NAME_WORD = re.compile(
    r"^(?:[A-Z\u00c0-\u00de][\w'\u2019\-]*\.?|[A-Z]\.|van|von|der|de|da|di|del|la|le)$"
)


def _only_run(labels: list[str], label: str) -> tuple[int, int] | None:
    """Start and end (exclusive) of the one run of ``label``; None when there is none or
    more than one."""
    if type(labels) is Labels:
        only = labels._only_runs  # (the method's look-up inline: it is hot)
        return only[label] if label in only else labels.only_run(label)
    a, b = _first_run(labels, label)  # (scans for the label, not every run: it is hot)
    return None if a == b or labels.count(label) != b - a else (a, b)


def _words_of(toks: list[Tok], a: int, b: int) -> str:
    """Tokens ``a`` to ``b`` (exclusive) joined by spaces ("New York", "N . Y .")."""
    return " ".join([t.text for t in toks[a:b]])  # (a list: join makes one of a generator)


def _relabel(labels: list[str], a: int, b: int, label: str) -> None:
    """Give tokens ``a`` to ``b`` (exclusive) the label ``label``."""
    for m in range(a, b):
        labels[m] = label


def _runs_of(labels: list[str], label: str) -> list[tuple[int, int]]:
    """Start and end (exclusive) of every run of ``label``, in order (found with
    ``list.index``, not by walking every run: it is hot)."""
    runs: list[tuple[int, int]] = []
    left = labels.count(label)
    n = len(labels)
    b = 0
    while left:
        a = labels.index(label, b)
        b = a + 1
        while b < n and labels[b] == label:
            b += 1
        runs.append((a, b))
        left -= b - a
    return runs


def _has_second_run(labels: list[str], label: str) -> bool:
    """Whether ``label`` has two runs or more (a scan, not every run: it is hot)."""
    a, b = _first_run(labels, label)
    return labels.count(label) > b - a


def _first_run(labels: list[str], label: str) -> tuple[int, int]:
    """Start and end (exclusive) of the first run of ``label``; (n, n) when there is none."""
    if type(labels) is Labels:
        run = labels._first_runs.get(label)  # (the method's look-up inline: it is hot)
        return run if run is not None else labels.first_run(label)
    return _scan_first_run(labels, label)


def _scan_first_run(labels: list[str], label: str) -> tuple[int, int]:
    """``_first_run``, read from the list."""
    n = len(labels)
    if type(labels) is Labels:  # (their counts and first places read inline: it is hot)
        count = labels._counts.get(label, 0)
        if not count:
            return n, n
        a = labels._firsts[label]
    else:
        count = labels.count(label)
        if not count:
            return n, n
        a = labels.index(label)
    b = a + count
    if labels[a:b].count(label) == count:  # one run (most labels): no walk to its end
        return a, b
    b = a + 1
    while b < n and labels[b] == label:
        b += 1
    return a, b


def _first_two_runs(
    labels: list[str], label: str
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Start and end (exclusive) of the first two runs of ``label``; None when it has fewer
    (a scan, not every run)."""
    a, b = _first_run(labels, label)
    if labels.count(label) == b - a:
        return None
    c = labels.index(label, b)
    d = c + 1
    while d < len(labels) and labels[d] == label:
        d += 1
    return (a, b), (c, d)


# "and" or "&" joining names ("..., and Geoffrey Hinton"), and what parts a name list
_AND_IN_LIST = re.compile(r"(?:^|,\s*|\s)(?:and|&)\s")
_NAME_LIST_PARTS = re.compile(r",|\band\b|&")


_CAPITALISED_NAME_WORD = re.compile(r"^(?:[A-Z][a-z\u00df-\u00ff'\u2019-]+|[A-Z]\.?)$")


# lower-case words a name holds ("Jan van der Berg", "Maria de la Cruz")
_NAME_PARTICLES = word_set("de van der den von da di del della la le du des dos das zu ten ter y")


def _title_read_as_a_second_name(toks: list[Tok], labels: list[str]) -> None:
    """ "Flynn, Maureen, Sacred Charity. Confraternities and social welfare in Spain, ...",
    "Nechutová, Jana, K charakteru eucharistie v české reformaci, SPFFBU": the humanities'
    "Family, Given, Title": after a name written family first with its given name in full,
    the words read as a second name with no "and" before them are the title's, where they
    hold a lower-case word no name holds or end in a full stop before the title's run."""
    a, b = _first_run(labels, "author")
    if a != 0 or b - a < 5 or toks[0].kind != KIND_WORD or toks[1].text != ",":
        return
    given = toks[2].text
    if len(given) < 2 or not given[:1].isupper() or not given[1:].islower():
        return
    if toks[3].text != ",":
        return
    s = 4
    e = s
    while e < b and toks[e].text not in (",", ".", ":"):
        e += 1
    words = [t.text for t in toks[s:e] if t.kind == KIND_WORD]
    if not words or not words[0][:1].isupper():
        return
    if any(t.text.lower() in ("and", "&", "und") or t.text == ";" for t in toks[a:e]):
        return  # (a name list: "Smith, John, and Jane Doe")
    lower = any(w[:1].islower() and w not in _NAME_PARTICLES for w in words)
    sentence = e == b and e < len(toks) and toks[e].text in (".", ":")
    if sentence and _next_label(toks, labels, e + 1) != "title":
        sentence = False
    # "Bourdieu, Pierre, Homo Academicus, Peter Collier (trans.) (Stanford ...)": the title,
    # then the translator's or editor's name before the bracketed mark
    mark = toks[b + 1].text.lower() if b + 1 < len(toks) and toks[b].text == "(" else ""
    if e < b and toks[e].text == "," and (mark in _EDITOR_MARK or mark in _TRANSLATOR_MARKS):
        if _one_name(toks, e + 1, b):
            labels[3] = "O"
            _relabel(labels, s, e, "title")
            labels[e] = "O"
            _relabel(labels, e + 1, b, "editor" if mark in _EDITOR_MARK else "O")
        return
    if not (lower or sentence):
        return
    end = e
    if lower:  # the title runs on to the author run's end
        end = b
    labels[3] = "O"
    _relabel(labels, s, end, "title")
    if sentence:
        labels[e] = "title"  # ("Sacred Charity. Confraternities ...": one title)


def _names_opening_the_title_run(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """ "Ilya Graf and Frank Ode. Decoupled weight decay. In International Conference ...":
    no author read, and the title run opening the entry with a list of two or more names
    written out (each two or three capitalised words, "and" before the last) as its first
    sentence: the sentence is the names."""
    if not labels or labels[0] != "title":
        return
    b = 0
    while b < len(labels) and labels[b] == "title":
        b += 1
    end = next(
        (
            k
            for k in range(2, b - 2)
            if toks[k].text == "." and toks[k + 1].start > toks[k].end and len(toks[k - 1].text) > 1
        ),
        -1,
    )
    if end < 0:
        return
    segment = raw[toks[0].start : toks[end - 1].end]
    chunks = [c.split() for c in _NAME_LIST_PARTS.split(segment) if c.strip()]
    listed = len(chunks) >= 2 and _AND_IN_LIST.search(segment)
    # one name alone ("Michael Urban. Oral tradition and its implications. Journal ..."):
    # a longer title after it, and the entry dated
    alone = (
        len(chunks) == 1
        and sum(1 for t in toks[end + 1 : b] if t.kind == KIND_WORD) >= 3
        and "issued" in labels[b:]
    )
    if not (listed or alone):
        return
    if not all(
        2 <= len(c) <= 3 and all(_CAPITALISED_NAME_WORD.match(w) for w in c) for c in chunks
    ):
        return
    _relabel(labels, 0, end, "author")
    labels[end] = "O"


_OPENING_QUOTES = frozenset('"\u201c\u00ab\u2018\u201e')


def _names_left_before_the_quoted_title(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """ "Jane Graf "Sparse kernels on graphs" Journal of Graphs, Vol. 12": no author read,
    and names written out (two or three capitalised words each) left unlabelled before the
    quotation mark that opens the title: they are the authors."""
    k = 0
    while k < len(toks) and labels[k] == "O" and toks[k].text not in _OPENING_QUOTES:
        k += 1
    if k < 2 or k + 1 >= len(toks) or toks[k].text not in _OPENING_QUOTES:
        return
    if labels[k + 1] != "title":
        return
    end = k
    while end > 0 and toks[end - 1].text in (",", ":", "."):
        end -= 1
        if toks[end].text == "." and len(toks[end - 1].text) == 1:
            end += 1  # (an initial's period)
            break
    segment = raw[toks[0].start : toks[end - 1].end]
    chunks = [c.split() for c in _NAME_LIST_PARTS.split(segment) if c.strip()]
    if not chunks or not all(
        2 <= len(c) <= 3 and all(_CAPITALISED_NAME_WORD.match(w) for w in c) for c in chunks
    ):
        return
    _relabel(labels, 0, end, "author")


def _extend_author_run(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """A name list the tagger let go too early: "..., Mohammad Norouzi, and Geoffrey Hinton."
    labelled as title is given back to the authors when it reads as names up to a period (or
    up to the end of a title run of its own, the title following it)."""
    n = len(labels)
    i, j = _first_run(labels, "author")
    if j == i or j >= n:
        return
    k = j
    while k < n and toks[k].kind == "other" and toks[k].text == "," and labels[k] == "O":
        k += 1
    if k == j and toks[j - 1].text != ",":
        return
    if k >= n or labels[k] != "title":
        return
    end = k
    while end < n and labels[end] == "title":
        if toks[end].text == "." and end + 1 < n and toks[end + 1].start > toks[end].end:
            prev = toks[end - 1].text
            if not (len(prev) == 1 and prev.isupper()):
                break
        end += 1
    # the names alone in the run, the title after them in a run of its own ("..., Kuan-Ta
    # Chen and Junaidillah Fadlil, 'Trajectory based ...'")
    alone = (
        k < end < n
        and labels[end] == "O"
        and toks[end].text in (",", ".", ":")
        and "title" in labels[end + 1 :]
        and not any(t.text in ("and", "&") for t in toks[i:j])  # (one "and" to a list)
    )
    if not alone and (end >= n or labels[end] != "title" or end == k):
        return
    segment = raw[toks[k].start : toks[end - 1].end]
    if not _AND_IN_LIST.search(segment):
        return
    chunks = [c.strip() for c in _NAME_LIST_PARTS.split(segment) if c.strip()]
    least = 2 if alone else 1  # (names written out: a given name and a family name)
    if not chunks or any(
        not least <= len(c.split()) <= 4 or not all(_NAME_WORD.match(w) for w in c.split())
        for c in chunks
    ):
        return
    _relabel(labels, j, end, "author")
    if end < n and toks[end].text == "." and labels[end] == "title":
        labels[end] = "O"  # the names' closing period opens no title


def _last_name_after_and_left_unlabelled(toks: list[Tok], labels: list[str]) -> None:
    """ "Graf, Maria, Karl Ode, and Jan Roe, Sparse Graphs ...": a name list's last name,
    after its ", and", left unlabelled before the title: it is the list's last name."""
    n = len(toks)
    a, b = _first_run(labels, "author")
    if a == b or b + 3 >= n or toks[b - 1].text == "and":
        return
    k = b
    if toks[k].text == "," and labels[k] == "O":
        k += 1
    if toks[k].text not in ("and", "&") or labels[k] != "O":
        return
    if any(t.text in ("and", "&") for t in toks[a:b]):
        return  # (one "and" to a list)
    e = k + 1
    while e < n and labels[e] == "O" and _NAME_WORD.match(toks[e].text):
        e += 1
        if e < n and toks[e].text == "." and len(toks[e - 1].text) == 1 and labels[e] == "O":
            e += 1  # an initial's period
    words = [t for t in toks[k + 1 : e] if t.kind == KIND_WORD]
    if not 2 <= len(words) <= 4 or e >= n or toks[e].text not in (",", ".", ":"):
        return
    if labels[e] != "O" or _next_label(toks, labels, e) not in ("title", "issued"):
        return
    _relabel(labels, b, e, "author")


def _names_parted_by_a_comma(toks: list[Tok], labels: list[str]) -> None:
    """ "Ana Ode" "," "Tim Abe, and Li Sato.": a name list whose run an unlabelled comma
    parts, or a name in it read as an editor's ("Ana Ode, | Tim Abe | , and Li Sato", no
    editor's mark near; or its last names, the date or the title after them), is one list:
    the builder reads the first run only."""
    n = len(toks)
    a, b = _first_run(labels, "author")
    if a == b or b + 2 >= n or toks[b].text not in (",", ";") or labels[b] != "O":
        return
    k = b + 1
    e = k
    while e < n and labels[e] == "editor":
        e += 1
    if e > k:
        near = toks[max(a, k - 2) : min(n, e + 3)]
        if any(t.text.lower() in _EDITOR_MARK_WORDS for t in near):
            return
        if e < n and toks[e].text not in (",", "and", "&"):
            return
        # the list's last names read as the editors' ("..., CONREUX A., MARIN B. & PONTHIEU
        # M., (2013) Analyse ..."): the date or the title follows them
        last = e < n and labels[e] == "O" and _next_label(toks, labels, e) in ("issued", "title")
    else:
        last = False
    if not last and (e >= n or labels[e] != "author"):
        return
    end = e
    while not last and end < n and labels[end] == "author":
        end += 1
    # names of people on both sides: no body ("ALICE Collaboration, J. Adam et al."), no
    # dashes that repeat the names before, no "et al." after which a list is done
    words = [t.text for t in toks[a:end] if t.kind == KIND_WORD]
    if not words or is_corporate(" ".join(words)) or "al" in words:
        return
    if toks[a].kind != KIND_WORD or toks[k].kind != KIND_WORD:
        return
    _relabel(labels, b, end, "author")


def _journal_word_after(toks: list[Tok], k: int) -> bool:
    """Whether a journal's word opens at ``k``: "of", or a serial's abbreviated word or one
    of a journal's words before the next one ("Agric. Sci.", "Research Chem.")."""
    if k >= len(toks):
        return False
    word = toks[k].text
    if word == "of" or (is_serial_abbreviation(word) and k + 1 < len(toks)):
        return word == "of" or toks[k + 1].text == "."
    return (
        k + 2 < len(toks) and toks[k + 2].text == "." and is_serial_abbreviation(toks[k + 1].text)
    )


def _vancouver_name(toks: list[Tok], k: int) -> int:
    """Where a Vancouver name from ``k`` ends ("Ode JR", "Abe-Sato J-C", "Ode K."), or -1
    where none is written there."""
    n = len(toks)
    if k + 1 >= n or not _capitalised_word(toks[k]):
        return -1
    init = toks[k + 1]
    if init.kind != KIND_WORD or not _VANCOUVER_INITIALS.fullmatch(init.text):
        return -1
    return k + 2


def _capitals_family_name(toks: list[Tok], k: int) -> int:
    """Where a name written family name first in capitals and given name written out ends
    ("ODE Kai", "ABE Yi-Shi", GB/T 7714's form in English), or -1."""
    n = len(toks)
    if k + 1 >= n or toks[k].kind != KIND_WORD or len(toks[k].text) < 2:
        return -1
    if not (toks[k].text.isupper() and toks[k].text.isalpha()):
        return -1
    if not _capitalised_word(toks[k + 1]) or is_corporate(toks[k + 1].text):
        return -1  # ("ATLAS Collaboration": a body)
    return k + 2


_VANCOUVER_INITIALS = re.compile(r"[A-Z]{1,3}(?:-[A-Z]{1,2})?")


def _last_vancouver_names_read_as_the_next_field(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode K, Abe J, Sato R, Kern T Graph Lett 1992; 31": a Vancouver list (family names
    and their initials, parted by commas) goes on after a comma: the names the tagger gave
    to the title or the journal after the comma are the list's."""
    n = len(toks)
    a, b = _first_run(labels, "author")
    if b - a < 2 or b + 2 >= n or toks[b].text != "," or labels[b] != "O":
        return
    # the list's form: Vancouver's ("Ode K,"), or capitals first ("ODE Kai,")
    form = _capitals_family_name if _capitals_family_name(toks, a) > 0 else _vancouver_name
    if form is _vancouver_name and b - a < 5:
        return
    k = a
    chunks = 0
    while k < b:  # every name of the run written so ("Ode K,")
        end = form(toks, k)
        if end < 0 or end > b:
            return
        chunks += 1
        k = end + 1 if end < b and toks[end].text == "," else end
        if end < b and toks[end].text != ",":
            return
    if chunks < (2 if form is _vancouver_name else 1):
        return
    new = labels[b + 1]
    if new not in ("title", "container-title"):
        return
    e = b
    while e < n and toks[e].text == "," and labels[e] in ("O", new):
        end = form(toks, e + 1)
        if end < 0 or any(labels[m] != new for m in range(e + 1, end)):
            break
        e = end
    if e > b:
        _relabel(labels, b, e, "author")
        while e < n and toks[e].kind == KIND_PUNCT and labels[e] == new:
            labels[e] = "O"  # (the stop that ends the list: "Brum S. Graph ...")
            e += 1


def _first_name_left_before_the_names(toks: list[Tok], labels: list[str]) -> None:
    """The list's first name the tagger left out of the run: its family name before the
    comma and initials that open the run ("Webster" ", M., C. Forest, ...", "Suarez" ", P.A.,
    Pereira, M.S."), a Vancouver name before the comma ("Charkoftaki G" ", Rattray NJW"),
    or the initials before the family name that opens it ("M.-Q." "Huang, H.-Y. Jin")."""
    a, b = _first_run(labels, "author")
    if b - a < 4 or a < 2:
        return
    k = a - 1 if labels[a - 1] == "O" and toks[a - 1].text == "," else a
    if toks[k].text == ",":
        # the run opens with the comma, or after an unlabelled one
        s = a + 1 if k == a else a
        f = k - 1
        if _is_initial(toks[s]) and s + 1 < b and toks[s + 1].text == ".":
            # family, comma, initials (and a comma: no family name follows them), the
            # family name alone before the comma
            e = s
            while e + 1 < b and _is_initial(toks[e]) and toks[e + 1].text == ".":
                e += 2
            if (
                (e >= b or toks[e].text in (",", ";"))
                and _capitalised_word(toks[f])
                and labels[f] != "author"
            ):
                _relabel(labels, f, a, "author")
        elif (
            f >= 1
            and _vancouver_name(toks, f - 1) == f + 1
            and _vancouver_name(toks, s) > 0
            and labels[f] != "author"
            and labels[f - 1] == labels[f]
        ):
            _relabel(labels, f - 1, a, "author")
        return
    if _capitalised_word(toks[a]) and toks[a - 1].text == "." and labels[a - 1] != "author":
        g = _initials_start(toks, 0, a - 2) if _is_initial(toks[a - 2]) else a
        if g < a and (g == 0 or toks[g - 1].kind == KIND_PUNCT or labels[g - 1] == "label"):
            _relabel(labels, g, a, "author")


def _is_initial(t: Tok) -> bool:
    """A single capital letter ("K" of "K.")."""
    return t.kind == KIND_WORD and len(t.text) == 1 and t.text.isupper()


_LIST_JOINS = frozenset(("and", "&", "et", "und"))
_FAMILY_SUFFIXES = frozenset(("Jr", "Sr", "II", "III", "IV"))


def _initials_start(toks: list[Tok], a: int, i: int) -> int:
    """Where the initials that end at the initial ``i`` start ("F. P.", "Y.-J."), not
    before ``a``."""
    g = i
    while True:
        if g - 2 >= a and toks[g - 1].text == "." and _is_initial(toks[g - 2]):
            g -= 2
        elif g - 3 >= a and toks[g - 1].text == "-" and toks[g - 2].text == ".":
            if not _is_initial(toks[g - 3]):
                return g
            g -= 3
        else:
            return g


def _given_first_chunk(toks: list[Tok], a: int, h: int) -> bool:
    """Whether the name before the separator at ``h`` (back to the one before it, or to
    ``a``) is written given name first: something before a family name that has letters in
    lower case or is a long word in capitals ("H. Ode", "Sean Abe", "J. F. ODELL"; not
    "Ode" nor "Ode JK")."""
    s = h - 1
    while s >= a and toks[s].text not in (",", ";") and toks[s].text.lower() not in _LIST_JOINS:
        s -= 1
    if sum(1 for t in toks[s + 1 : h] if t.text not in PARTICLES) < 2:
        return False  # ("van Ode": a family name's particle)
    last = toks[h - 1]
    if last.kind != KIND_WORD or len(last.text) < 2 or not last.text[:1].isupper():
        return False
    return not (last.text.isupper() and len(last.text) <= 3)


def _name_list_cut_at_an_initial(toks: list[Tok], labels: list[str]) -> None:
    """ "K. Ode, R. Abe and J. Sato Phys. Rev. D 63", "V. Ode, P. Abe & T. F. Sato Graph
    Lett.", "Ana Ode, and Tim F. Sato. Graph": a name list written given name first that
    ends on an initial, the family name after it given to the next field, takes that family
    name (its particles and suffix, and the names joined to it by "and");
    "ODE, V. C., AND ABE, G. R. A linear time ...": a list of family names first that ends
    on an initial takes the initials after it."""
    a, b = _first_run(labels, "author")
    n = len(toks)
    if b == a or b >= n or labels[b] == "author":
        return
    i = b - 2 if b - a >= 2 and toks[b - 1].text == "." else b - 1  # the last initial
    glued = _GLUED_INITIAL.match(toks[i].text) is not None  # "andM ." (a lost space)
    if not (_is_initial(toks[i]) or glued):
        return
    p = i + 1  # its period
    if (
        p + 1 >= n
        or toks[p].text != "."
        or (toks[p + 1].kind != KIND_WORD and toks[p + 1].text != "-")
    ):
        return
    # the name's other initials after the cut ("J." "J. de Ode", "Y." "-J. Ode")
    f = p + 1
    while f + 2 < n and toks[f + 1].text == "." and _is_initial(toks[f]):
        f += 2
    if f + 3 < n and toks[f].text == "-" and _is_initial(toks[f + 1]) and toks[f + 2].text == ".":
        f += 3
    if f == p + 1 and toks[f].start == toks[p].end and toks[p].start == toks[i].end:
        return  # "J.Phys": no name's initial
    g = i if glued else _initials_start(toks, a, i)
    h = g - 1  # what stands before the name's initials
    if glued or h < a or toks[h].text.lower() in _LIST_JOINS:
        pass  # "K. Ode, R. Abe and J." or a list of one name
    elif toks[h].text == ",":
        if not _given_first_chunk(toks, a, h):
            # family first ("ABE, G. R."): its other initials
            if f > p + 1:
                _relabel(labels, b, f, "author")
            return
    elif _capitalised_word(toks[h]) and h > a:
        # a given name before the initial ("..., and Tim F."): after "and" or a comma
        # that ends a name written given name first
        sep = toks[h - 1].text
        if not (sep.lower() in _LIST_JOINS or (sep == "," and _given_first_chunk(toks, a, h - 1))):
            return
    else:
        return
    caps = any(
        t.kind == KIND_WORD and len(t.text) > 3 and t.text.isupper() for t in toks[a:b]
    )  # the list prints family names in capitals ("J. F. ODELL, B. F. ABEL et P. SATO")
    e = _family_end(toks, f, caps)
    while e > f:
        # ", and Tim Sato", "and J. Sato", "et P. ABE": the name the last "and" joins
        k = e + 1 if toks[e - 1].text != "," and e < n and toks[e].text == "," else e
        if k >= n or toks[k].text.lower() not in _LIST_JOINS:
            break
        m = k + 1
        while m + 1 < n and _is_initial(toks[m]) and toks[m + 1].text == ".":
            m += 2
        written = m == k + 1 and m < n and _capitalised_word(toks[m])
        if written:
            m += 1  # a given name written out: the name ends the list
        end = _family_end(toks, m, caps) if m > k + 1 else m
        if end == m or (written and end < n and toks[end].text not in (".", ",", ":", "(")):
            break
        e = end
    if e < n and toks[e].text.lower() in _LIST_JOINS and h < a and i == a:
        # one initial alone as the list, then "Positions and Honors": a heading's words
        # ("B. Positions and Honors"), no name ending in a join the list does not go on with
        return
    if e > f and labels[e - 1] != "O":
        _relabel(labels, b, e, "author")


def _family_end(toks: list[Tok], e: int, caps: bool) -> int:
    """Where a family name that starts at ``e`` ends, after its particles ("de Swart"),
    a middle name before it ("W. Bruce Ode."), and its suffix ("Ode II"); ``e`` when no
    family name (a word in capitals only where ``caps``; no abbreviated journal word:
    "C. R. Acad. Sci.") starts there."""
    n = len(toks)
    k = e
    while k < n and toks[k].kind == KIND_WORD and toks[k].text in PARTICLES and k - e < 3:
        k += 1
    if k >= n or not _family_word(toks[k], caps):
        return e
    if _abbreviated_journal_at(toks, k):
        return e
    k += 1
    if (
        k + 1 < n
        and _family_word(toks[k], caps)
        and (toks[k + 1].text in (".", ",", ":", ";") or toks[k + 1].text.lower() in _LIST_JOINS)
        and not _abbreviated_journal_at(toks, k)
    ):
        k += 1  # the family name after a middle name
    if k < n and toks[k].text in _FAMILY_SUFFIXES:
        k += 1
    return k


def _abbreviated_journal_at(toks: list[Tok], k: int) -> bool:
    """Whether an abbreviated journal opens at ``k``: a serial's abbreviated word and its
    period, then another such word, a word and its period, or a number ("Acad. Sci.",
    "Phys. Rev.", "Chem. 12"; not "Croft. Searching")."""
    if k + 2 >= len(toks) or toks[k + 1].text != "." or not is_serial_abbreviation(toks[k].text):
        return False
    nxt = toks[k + 2]
    if nxt.kind == KIND_NUM or is_serial_abbreviation(nxt.text):
        return True
    return nxt.kind == KIND_WORD and k + 3 < len(toks) and toks[k + 3].text == "."


def _family_word(t: Tok, caps: bool) -> bool:
    """A word that can be a family name: capitalised, or in capitals where ``caps``."""
    return _capitalised_word(t) or (
        caps and len(t.text) > 1 and t.text.isupper() and t.text.isalpha()
    )


def _capitalised_word(t: Tok) -> bool:
    """A word of a capital and letters in lower case ("Ode", "Abe-Sato", "O'Neil")."""
    text = t.text
    return (
        t.kind == KIND_WORD
        and len(text) > 1
        and text[:1].isupper()
        and not text[1:2].isupper()
        and any(map(str.islower, text))
    )


_INITIALS = re.compile(r"^[A-Z]{1,3}$")


def _last_name_left_in_the_title(toks: list[Tok], labels: list[str]) -> None:
    """The last name of a list that the tagger gave to the title: "Claessens AL,
    Brumagne S. Study of ..." (family and initials), "R. Brandenberger, F. Finelli On the
    ..." (an initial's family name)."""
    n = len(labels)
    i, j = _first_run(labels, "author")
    if _first_name_and_initial(toks, labels, i, j):
        return
    if j - i < 4 or j + 2 >= n:
        return
    k = j
    if toks[k].text == "," and labels[k] == "O":
        k += 1
    if labels[k] != "title" or toks[k].kind != KIND_WORD or not toks[k].text[:1].isupper():
        return
    names = toks[i:j]
    if k > j and _opens_family_first(toks, i, j) and toks[i + 1].text != ",":
        # "Hulens M, Vansant G, Claessens AL, Brumagne S. Study": family, initials, period
        if _INITIALS.match(toks[k + 1].text) and toks[k + 2].text == "." and len(toks[k].text) > 1:
            _relabel(labels, j, k + 2, "author")
            labels[k + 2] = "O"
        return
    if k == j and toks[j - 1].text == "." and len(toks[j - 2].text) == 1:
        # "S. Tsujikawa, R. Brandenberger, F. Finelli On": initials before family names
        if not (len(names) >= 4 and len(names[0].text) == 1 and names[1].text == "."):
            return
        if toks[k + 1].kind != KIND_WORD or not toks[k + 1].text[:1].isupper():
            return
        if toks[k].text.lower() in _SMALL_WORDS or len(toks[k].text) < 2:
            return
        labels[k] = "author"


def _first_name_and_initial(toks: list[Tok], labels: list[str], i: int, j: int) -> bool:
    """ "Thomas N. Kipf and Max Welling. Semi-supervised ...": a list cut after a given
    name and its initial, with the family name, "and" and the next given-first name up to
    the period in the title: all of it is the list. Whether it relabelled."""
    n = len(toks)
    if j - i != 2 or j + 4 >= n or labels[j] != "O" or toks[j].text != ".":
        return False
    given, initial = toks[i], toks[i + 1]
    if not (given.kind == KIND_WORD and len(given.text) > 1 and given.text[1:].islower()):
        return False
    if not (len(initial.text) == 1 and initial.text.isupper()):
        return False
    k = j + 1
    if labels[k] != "title" or not _NAME_WORD.match(toks[k].text) or len(toks[k].text) < 2:
        return False
    e = k + 1
    if toks[e].text.lower() not in ("and", "&"):
        return False
    e += 1
    start = e
    while e < n and labels[e] == "title" and _NAME_WORD.match(toks[e].text) and e - start < 4:
        e += 1
    if e - start < 2 or e >= n or toks[e].text != ".":
        return False
    _relabel(labels, j, e, "author")
    labels[e] = "O"
    return True


def _trim_author_run(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """A name list does not run into the title: cut "Lamport. Time" and "Stoica I. Alpa:".

    Inside the first author run, a "." followed by a capitalised word ends the list when
    the word before the "." is not an initial, or when the word is followed by ":".
    The cut words join the title when one follows, else they are left unlabelled.
    """
    n = len(labels)
    i, j = _first_run(labels, "author")
    family_first: bool | None = None  # (_opens_family_first: read where it decides)
    # "LAMPORT L.": an upper-case family name followed by its initial, not a period
    upper_family = i + 1 < j and toks[i].text.isalpha() and len(toks[i].text) > 1
    upper_family = upper_family and toks[i].text.isupper() and toks[i + 1].text != "."
    for k in range(i + 1, j - 1):
        if toks[k].text != "." or toks[k + 1].start == toks[k].end:
            continue
        prev, nxt = toks[k - 1], toks[k + 1]
        if nxt.kind not in ("word", "cjk") or not (nxt.text[:1].isupper() or nxt.kind == "cjk"):
            continue
        if prev.text == "." and k >= 2 and toks[k - 2].text == ".":
            continue  # APA's ". . . Black, E.": an ellipsis before the last author
        if (
            nxt.text.lower() in _GOVERNMENT_BODIES
            and k - i <= 3
            and is_region(_words_of(toks, i, k))
        ):
            continue  # APA's "Australia. Department of Health and Aged Care. (1999)."
        # "J.", "JR.", and the two-letter initials of Russian and German names ("Yu.",
        # "Kh.", "Th.")
        prev_initial = prev.kind == "word" and (
            (len(prev.text) <= 3 and prev.text.isupper())
            or (len(prev.text) <= 2 and prev.text[:1].isupper())
            or len(prev.text) == 1  # a particle's initial: "L. d. F. Costa"
            or _GLUED_INITIAL.match(prev.text) is not None  # "andM . DenNijs" (lost space)
        )
        # an initial printed before its family name ("and R. Jackiw: Phys."): the word
        # after the period is that family name, whatever follows it
        given_first = prev_initial and (
            k < 2
            or toks[k - 2].kind != "word"
            or toks[k - 2].text in ("and", "et", "und")
            # "..., and Tim F. Ode": a given name and its initial after "and"
            or (k >= 3 and toks[k - 3].text in ("and", "&") and _capitalised_word(toks[k - 2]))
        )
        # "COSTA, M. A escola e a cidade.": a capital letter with no period of its own
        # before a word in lower case is the title's first word, not an initial
        article = (
            len(nxt.text) == 1
            and k + 2 < j
            and toks[k + 2].kind == KIND_WORD
            and toks[k + 2].text[:1].islower()
            and toks[k + 2].text not in PARTICLES
            and toks[k + 2].start > nxt.end
        )
        # "LAMPORT L. Time, clocks, ...": after an upper-case family name and its initials,
        # a word in lower case after its capital is no name of that list
        upper_next = (
            upper_family
            and prev_initial
            and len(nxt.text) > 1
            and nxt.text[1:].islower()
            and not (k + 2 < j and toks[k + 2].text in (".", "-"))
        )
        # "Breiman L. Random forests.": after a family name and its one initial, a
        # capitalised word followed by a word in lower case that joins no names opens
        # the title (a given name printed first would be followed by its family name)
        lower_next = (
            prev_initial
            and not given_first
            and len(nxt.text) > 1
            and nxt.text[1:].islower()
            and k + 2 < j
            and toks[k + 2].kind == KIND_WORD
            and toks[k + 2].text[:1].islower()
            and toks[k + 2].text not in PARTICLES
            and toks[k + 2].text not in _JOINING_WORDS
        )
        # a colon within the next three words ("Alpa:", "PyTorch FSDP:") before any
        # other punctuation: a title's head, not a name (looked for only where it matters)
        colon_next: bool | None = None
        if article or upper_next or lower_next:
            pass
        elif (
            prev_initial
            # (Chicago's "Ode, M. A. and Kai H. Abe.": after a first name inverted with its
            # comma, a given name and its initial after "and" come before the family name)
            and not (
                toks[i + 1].text == ","
                and toks[k - 3].text in ("and", "&")
                and _capitalised_word(toks[k - 2])
            )
            and (
                family_first
                if family_first is not None
                else (family_first := _opens_family_first(toks, i, j))
            )
            and _ends_family_first_list(toks, k)
        ):
            pass  # "De Lorgeril M. Wine, alcohol...": a word after the last initials
        elif prev_initial:
            if given_first:
                continue
            colon_next = _colon_within_three(toks, k + 2)
            if not colon_next and not _one_name_inverted_to(toks, i, k):
                continue
        if prev.kind == "word" and prev.text.lower() in ("al", "jr", "sr", "st", "eds", "ed"):
            continue
        after = _next_label(toks, labels, j)
        if colon_next is None:
            colon_next = _colon_within_three(toks, k + 2)
        new = "title" if after == "title" or (after == "O" and colon_next) else "O"
        if "title" not in labels and (
            article
            or (
                after == "issued"
                and not is_serial_abbreviation(prev.text)
                and all(t.text != "." for t in toks[k + 1 : j])
            )
        ):
            new = "title"  # (IEEE's "K. Ode. GraphKit. (2021). GitHub.": the only title)
        labels[k] = "O"
        _relabel(labels, k + 1, j, new)
        if new == "title":
            _join_title_gap(toks, labels, j)
        return
    if j - i > 3:
        # "S. Boyd and L. Vandenberghe, Convex Optimization": the list ends at its last name
        base = toks[i].start
        cut = list_end(raw[base : toks[j - 1].end])
        if cut is None:
            return
        after = labels[j] if j < n else "O"
        new = "title" if after in ("title", "O") else "O"
        for m in range(i, j):
            if toks[m].start >= base + cut:
                labels[m] = "O" if toks[m].text == "," and labels[m - 1] == "author" else new


def _title_after_a_colon_in_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Kai Ode: Graphen. In: ...", "Li Ode: On Graph Names. Journal of ...": no name holds
    a colon; the words after a colon inside the names' run are the title that follows
    them."""
    a, b = _first_run(labels, "author")
    c = next((k for k in range(a + 2, b - 1) if toks[k].text == ":"), -1)
    if c < 0 or not toks[c + 1].text[:1].isupper():
        return
    if not all(
        t.kind == KIND_PUNCT or t.text in PARTICLES or t.text[:1].isupper() for t in toks[a:c]
    ):
        return
    if "title" in labels and _next_label(toks, labels, b) != "title":
        return
    labels[c] = "O"
    _relabel(labels, c + 1, b, "title")
    _join_title_gap(toks, labels, b)


# a country's abbreviation before a government's body ("U.S. Department of ...")
_COUNTRY_LETTERS = (["U", ".", "S", "."], ["U", ".", "K", "."])


def _government_body_cut_at_its_country(toks: list[Tok], labels: list[str]) -> None:
    """ "U.S. National Library of Medicine. The cancer genome atlas, 2015.", "U.S. Department
    of Transportation. Transportation statistics ...": a country's letters read as a
    name's initials cut the body after them; its name, up to the sentence's end, is the
    author, where a title follows it."""
    a, b = _first_run(labels, "author")
    if b - a < 4 or [t.text for t in toks[a : a + 4]] not in _COUNTRY_LETTERS:
        return
    if any(labels[k] not in ("author", "title", "O") for k in range(a, b)):
        return
    e = a + 4
    while e < len(toks) and (
        _capitalised_word(toks[e])
        or toks[e].text in _PUBLISHER_SMALL_WORDS  # ("Board of Governors of the Federal ...")
        or toks[e].text in ("&", "-")
    ):
        e += 1
    if e == a + 4 or e < b or e + 1 >= len(toks) or not _ends_sentence(toks, e):
        return
    if labels[e + 1] != "title" or any(labels[k] not in ("author", "title") for k in range(b, e)):
        return
    if not is_corporate(_words_of(toks, a + 4, e)):
        return
    _relabel(labels, a, e, "author")
    labels[e] = "O"


def _title_head_before_a_colon_read_as_a_name(toks: list[Tok], labels: list[str]) -> None:
    """ "A. Alanen, Morgan Park: Duluth, U.S. Steel, ...", "de Waal T., Black Garden: Armenia
    and ...": two or three capitalised words after the last comma of a name list whose
    names carry initials, right before a colon and the title, are the title's head, not a
    name written given name first."""
    a, b = _first_run(labels, "author")
    if b + 1 >= len(toks) or toks[b].text != ":" or labels[b + 1] != "title":
        return
    s = b - 1
    while s > a and toks[s].text not in _NAME_SEPARATORS:
        s -= 1
    if toks[s].text != "," or not 2 <= b - s - 1 <= 3:
        return
    if not all(_capitalised_word(t) and not t.text.isupper() for t in toks[s + 1 : b]):
        return
    head = toks[a:s]
    if not any(t.kind == KIND_WORD and len(t.text) == 1 and t.text.isupper() for t in head):
        return  # (names written out alike: "Hans Ode, Kai Abe: Graphen")
    labels[s] = "O"
    _relabel(labels, s + 1, b + 1, "title")


def _last_given_name_before_the_colon_read_into_the_title(
    toks: list[Tok], labels: list[str]
) -> None:
    """German lists of names written family name first: "Ode, Kai, Abe, Lars und Ito, Marc:
    Integrierte Graphen.": the last name's given name, between its comma and the colon that
    ends the names, is the author's, not the title's first word."""
    a, b = _first_run(labels, "author")
    if b - a < 5 or b + 3 >= len(toks) or toks[b].text != "," or labels[b] != "O":
        return
    if labels[b + 1] != "title" or toks[b + 2].text != ":" or not _capitalised_word(toks[b + 1]):
        return
    if toks[a + 1].text != "," or not _capitalised_word(toks[a + 2]):
        return  # (the first name written "Ode, Kai")
    if toks[b - 2].text.lower() not in _JOINING_WORDS and toks[b - 2].text not in ("&", ";"):
        return
    _relabel(labels, b, b + 2, "author")
    labels[b + 2] = "O"


def _bracket_ending_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Muneo Ode and Yuji Abe (Graph Telephone and Telegraph).", "Ode, H. (Graphen),",
    "Ode I(GRAPH Collaboration)": words in brackets that end the names' run and are no
    editor's mark, no date and no name in another script are the authors' affiliation, a
    short title or a group, not a name: they leave the run."""
    a, b = _first_run(labels, "author")
    if b < len(toks) and toks[b].text == ")" and labels[b] == "O":
        b += 1  # (the bracket's close left out of the run: "Ode I(GRAPH Collaboration)")
    if b - a < 4 or toks[b - 1].text != ")":
        return
    o = b - 2
    while o > a and toks[o].text not in ("(", ")"):
        o -= 1
    if o <= a + 1 or toks[o].text != "(" or o + 1 >= b - 1:
        return
    inside = toks[o + 1 : b - 1]
    if any(t.kind == KIND_NUM or t.text.lower() in _EDITOR_MARK_WORDS for t in inside):
        return
    if any(_HAN_OR_HANGUL.search(t.text) for t in inside):
        return  # "오다쇼고(小田省吾)": the name again, in Han characters
    if not any(t.kind == KIND_WORD and len(t.text) > 1 for t in inside):
        return
    if len(inside) == 1 and inside[0].text.isupper() and is_corporate(_words_of(toks, a, o)):
        return  # a body's acronym: "National Research Council (NRC)"
    _relabel(labels, o, b, "O")


_NAME_SEPARATORS = frozenset((",", ";", "and", "&"))
# lower-case words inside a name list: "and" in its languages, "et al."
_JOINING_WORDS = frozenset(("and", "et", "und", "y", "e", "i", "og", "och", "en", "al", "etc"))


def _one_name_inverted_to(toks: list[Tok], i: int, k: int) -> bool:
    """Whether ``toks[i:k]`` is one name written family name first with its given name
    written out and a middle initial ("Stein, Stanley J"): its initial's stop at ``k``
    ends the name, and a name list whose first name is so written goes on after a comma
    only ("Stein, Stanley J. Vassouras, a Brazilian ..." ends before "Vassouras")."""
    if k - i < 4 or toks[i + 1].text != "," or not _capitalised_word(toks[i]):
        return False
    if k + 1 < len(toks) and len(toks[k + 1].text) < 2:
        return False  # another initial ("Ode, Kai W. V.")
    given = toks[i + 2 : k]
    return (
        _capitalised_word(given[0])
        and _is_initial(given[-1])
        and all(_capitalised_word(t) or _is_initial(t) for t in given)
    )


def _colon_within_three(toks: list[Tok], start: int) -> bool:
    """Whether a colon stands among ``toks[start : start + 3]`` before any of ".,;()"."""
    for m in range(start, min(len(toks), start + 3)):
        if toks[m].text == ":":
            return True
        if toks[m].kind == KIND_PUNCT and toks[m].text in ".,;()":
            return False
    return False


def _opens_family_first(toks: list[Tok], i: int, j: int) -> bool:
    """Whether the name list ``toks[i:j]`` opens with a family name, its initials and the
    next name's separator: "Renaud S, ...", "Budzianowski, P. and ..." (not "James F. Babb,"
    nor "Niyti, G. Sawhney,")."""
    if i >= j or toks[i].kind != "word" or len(toks[i].text) < 2:
        return False
    k = i + 1
    if k < j and toks[k].text == ",":
        k += 1
    initials = 0
    while k < j:
        text = toks[k].text
        if toks[k].kind == "word" and len(text) <= 3 and text.isupper():
            initials += 1
        elif text not in (".", "-") or not initials:
            break
        k += 1
    # "Ode JR. Graph tools." (not "John P. Ode": one initial in two or three capitals)
    vancouver = k == i + 3 and len(toks[i + 1].text) > 1 and toks[i].text[1:].islower()
    vancouver = vancouver and _vancouver_name(toks, k) < 0  # ("Ode DL. Abe JH.": a list)
    if initials and k < j and toks[k - 1].text == "." and (toks[i + 1].text == "," or vancouver):
        # "Ode, J. Graph tools.": one name written family first, its initials' period
        # followed by a word
        rest = {t.text for t in toks[k:j]}
        if toks[k].kind == "word" and len(toks[k].text) > 1 and not rest & _NAME_SEPARATORS:
            return True
    return initials > 0 and k < j and toks[k].text in (",", ";", "and", "&")


def _ends_family_first_list(toks: list[Tok], k: int) -> bool:
    """In a family-first name list, the "." at ``k`` after a name's initials ends the list
    when a word that is no initial follows, and no initial after a comma follows that word
    ("Lorgeril M. Wine, alcohol" ends; "Smith, J. Jones, K." and "Smith J. R." do not)."""
    # this name is family-first too: a family name (and a comma) before its initials
    m = k - 1
    while m >= 0 and (
        toks[m].text in (".", "-")
        or (toks[m].kind == "word" and len(toks[m].text) <= 3 and toks[m].text.isupper())
    ):
        m -= 1
    comma = m >= 0 and toks[m].text == ","
    if comma:
        m -= 1
    if m < 0 or toks[m].kind != "word" or len(toks[m].text) < 2:
        return False
    if toks[m].text.isupper() and (not comma or len(toks[m].text) < 4):
        return False  # ("SMITH J R", "Kim HJ, J."; capitals before a comma: "ODELL, F. Le")
    if toks[m].text in ("and", "et", "und"):
        return False
    if m >= 2 and toks[m - 1].text == "." and _is_initial(toks[m - 2]):
        return False  # "..., H. Ode, S. Abe.": the name before is written given name first
    nxt = toks[k + 1]
    if len(nxt.text) < 2 or (len(nxt.text) <= 3 and nxt.text.isupper()):
        return False
    if nxt.text.lower() in ("jr", "sr", "iii", "iv"):
        return False  # "Ford, W.K. Jr.": the name's suffix
    rest = toks[k + 2 : k + 4]
    if rest and rest[0].text in ("and", "&", ";") and not (comma and _list_of_commas(toks, m)):
        return False  # "H. Claustre, A. Morel and S. B. Hooker": the next name
    if len(rest) == 2 and rest[0].text == ",":
        # a title goes on in lower case ("Wine, alcohol"); a name list in names or "and"
        return rest[1].kind == "word" and rest[1].text[:1].islower() and rest[1].text != "and"
    return True


def _list_of_commas(toks: list[Tok], m: int) -> bool:
    """Whether the name whose family name is at ``m`` ("Stone, C.") closes a list of two
    names or more written family name, comma, initials ("Breiman, L., ..., Stone, C."):
    its next name would open with a family name and a comma, not "Word and"."""
    return m >= 3 and toks[m - 1].text == "," and toks[m - 2].text == "."


def _join_title_gap(toks: list[Tok], labels: list[str], j: int) -> None:
    """Words cut from a name list joined the title ("Alpa: Automating ..."): the
    punctuation between them and the rest of the title ("Alpa" ":" "Automating") is
    title too, so the title is one run of tokens, as its value is one span of text."""
    p = j
    while p < len(labels) and labels[p] == "O" and toks[p].kind == KIND_PUNCT:
        p += 1
    if p > j and p < len(labels) and labels[p] == "title":
        _relabel(labels, j, p, "title")


def _title_opening_inside_a_bracket(toks: list[Tok], labels: list[str]) -> None:
    """ "Wireless LAN Medium Access Control (MAC) and Physical Layer (PHY) Specifications,
    IEEE Standard 802.11": a title run that opens inside a bracket, the bracket's opening
    and the words before it read as another field, is one title with them (no field ends
    inside a bracket)."""
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if a < 2 or toks[a - 1].text != "(" or labels[a - 1] != "O":
        return
    depth = 0
    for t in toks[a:b]:
        if t.text == "(":
            depth += 1
        elif t.text == ")":
            depth -= 1
            if depth < 0:
                break
    if depth >= 0:
        return  # (the title closes no bracket it did not open)
    other = labels[a - 2]
    if other not in ("container-title", "note", "publisher", "collection-title", "genre"):
        return
    c = a - 2
    while c > 0 and labels[c - 1] == other:
        c -= 1
    if any(t.kind == KIND_PUNCT and t.text not in "-\u2013/&" for t in toks[c : a - 1]):
        return
    if c > 0 and labels[c - 1] not in ("O", "author", "issued"):
        return
    _relabel(labels, c, a, "title")


# "http://www. R-project.org": a URL whose host has no dot yet was cut by a line break;
# what follows the space up to the next one continues it when it reads as a host name.
_URL_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://([^/\s]*)", re.IGNORECASE)
_HOST_REST = re.compile(r"\.?\s{1,2}([\w-]+(?:\.[\w-]+)+(?:/\S*)?)")


# the labels biblatex styles print before a link or an identifier ("url:", "doi:",
# "code:", "eprint:", "GitHub:")
_LINK_FIELD_LABELS = word_set("url doi code eprint github arxiv isbn issn pmid pmcid urn hdl")


def _field_label_after_a_link(toks: list[Tok], labels: list[str]) -> None:
    """biblatex's "url: https://doi.org/10.22331/q-2017-04-25-1. code: tony-blake/x509.":
    a link ends at its sentence's period where the next sentence opens with a field's
    label and a colon; what follows is no part of the link (a note)."""
    n = len(toks)
    for k in range(1, n - 2):
        if toks[k].text != "." or labels[k] not in ("URL", "DOI") or labels[k - 1] != labels[k]:
            continue
        word, colon = toks[k + 1], toks[k + 2]
        if word.start == toks[k].end or word.text.lower() not in _LINK_FIELD_LABELS:
            continue
        if colon.text != ":" or labels[k + 1] != labels[k]:
            continue
        e = k + 1
        while e < n and labels[e] == labels[k]:
            e += 1
        if e > k + 3 and toks[e - 1].text == ".":
            e -= 1
        _relabel(labels, k, k + 3, "O")
        _relabel(labels, k + 3, e, "note")
        return


# a DOI or link ending with a book's ISBN ("10.1007/978-3-030-00000-0"): a Springer chapter's,
# whose "_2" a text layer may draw as " 2"
_ENDS_WITH_AN_ISBN = re.compile(rf"{BOOK_ISBN_IN_DOI}$")


def _chapter_number_cut_off_its_doi(toks: list[Tok], labels: list[str]) -> None:
    """Springer's "doi:10.1007/978-3-030-00000-0 12." (the chapter's "_12" drawn as a
    space): the number after a DOI or link that ends with its book's ISBN is the DOI's end,
    not the pages (``parser._identifier`` joins it with its underscore)."""
    n = len(toks)
    for k in range(n - 1):
        if labels[k] not in ("DOI", "URL") or not _ENDS_WITH_AN_ISBN.search(toks[k].text):
            continue
        num = toks[k + 1]
        if num.kind != KIND_NUM or len(num.text) > 3 or num.start - toks[k].end != 1:
            continue
        if (k + 2 < n and toks[k + 2].text not in (".", ",", ";")) or labels[k + 1] == labels[k]:
            continue
        labels[k + 1] = labels[k]


def _join_cut_urls(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """Label as URL the rest of a URL whose host a line break cut ("http://www. x.org")."""
    if "://" not in raw:  # (no URL token that _URL_HOST reads)
        return
    for i, tok in enumerate(toks):
        if tok.kind != KIND_URL:
            continue
        host = _URL_HOST.match(tok.text)
        if host is None or "." in host.group(1).rstrip("."):
            continue
        rest = _HOST_REST.match(raw, tok.end)
        if rest is None:
            continue
        end = rest.end(1)
        while raw[end - 1] in ".,;:":
            end -= 1
        labels[i] = "URL"
        for j in range(i + 1, len(toks)):
            if toks[j].start >= end:
                break
            labels[j] = "URL"


_VENUE_NEXT = frozenset(("container-title", "collection-title", "issued", "volume", "page"))


def _venue_abbreviation(toks: list[Tok], i: int) -> bool:
    """Whether token ``i`` is a serial-title word abbreviation ("Nucl", "Gynecol"), or the
    "J." of "J. Phys." (one letter, so only with its period)."""
    tok = toks[i]
    if tok.kind != KIND_WORD:
        return False
    if tok.text == "J":
        return i + 1 < len(toks) and toks[i + 1].text == "."
    # written as a word ("Nucl"), not as a formula or an acronym ("TaP", "MRI")
    return tok.text[1:].islower() and is_serial_abbreviation(tok.text)


def _abbreviated_venue_after_title(toks: list[Tok], labels: list[str]) -> None:
    """A journal abbreviated word by word right after an unpunctuated title ("... field
    theory Nucl. Phys. B 410", "... cascade Genes Dev 1998;"): the title's last words that
    are serial-title abbreviations, and the abbreviations after them left unlabelled, are
    the container's first words. At least two abbreviations make such a venue; the title
    keeps three words or more."""
    n = len(labels)
    a, b = _first_run(labels, "title")
    if b - a < 5 or b >= n:
        return
    # after the title: abbreviations (and their periods) the tagger left unlabelled
    end = b
    after_words = 0
    while end < n and labels[end] == "O":
        tok = toks[end]
        if _venue_abbreviation(toks, end):
            after_words += 1
        elif tok.text != ".":
            break
        end += 1
    if end < n and labels[end] not in _VENUE_NEXT:
        return
    # a container that goes on in abbreviations ("Phys. B"), not in words ("Journal of")
    joins_container = (
        end < n
        and labels[end] in ("container-title", "collection-title")
        and _venue_abbreviation(toks, end)
    )
    # the title's last words that are abbreviations ("Nucl" "." , "Genes")
    start = b
    title_words = 0
    while start - 1 > a:
        tok = toks[start - 1]
        if tok.text == ".":
            start -= 1
            continue
        # printed with its period, or the last title word before more abbreviations
        abbreviated = toks[start].text == "." or (start == b and after_words > 0)
        if abbreviated and _venue_abbreviation(toks, start - 1):
            title_words += 1
            start -= 1
            continue
        break
    while start < b and toks[start].kind != KIND_WORD:
        start += 1
    venue_words = title_words + after_words + (1 if joins_container else 0)
    if not title_words or venue_words < 2:
        return
    if sum(1 for t in toks[a:start] if t.kind in (KIND_WORD, "cjk")) < 3:
        return  # the title keeps fewer than three words (counted only where it decides)
    if toks[start - 1].text in (".", ",", ":", ";"):
        return  # the title's own punctuation ends it before these words
    _relabel(labels, start, end, "container-title")
    # the tagger's "series" right after the title is this venue's rest
    while end < n and labels[end] == "collection-title":
        labels[end] = "container-title"
        end += 1


def _volume_ending_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Lett. Nuovo Cimento 30, 101 (1981)": a number that ends the container's run, when
    the tagger found no volume, is the volume (not a year: "Proc. ICML 2019" keeps it)."""
    if "volume" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    last = toks[b - 1]
    if b - a < 2 or last.kind != KIND_NUM or len(last.text) > 4 or YEAR_RE.fullmatch(last.text):
        return
    if toks[b - 2].kind != KIND_WORD or toks[b - 2].end == last.start:
        return  # "Part2", a name glued to its number
    # a book's or a proceedings' numbered name ("In ... Cognition 1", "Advances in Neural
    # Information Processing Systems 30") keeps its number
    if _after_in(toks, labels, a):
        return
    if CONF_WORDS.search(_words_of(toks, a, b)):
        return
    labels[b - 1] = "volume"


def _issue_in_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """A volume run that holds the issue too, where no issue was found: "2020;396(10258):
    1204" (the number in brackets after its own, the closing bracket read in or left out:
    "393(10170"), ABNT's "v. 52, n. 3" and "Bd. 12, Nr. 4" (an issue mark and its number
    after a comma)."""
    if "issue" in labels:
        return
    run = _only_run(labels, "volume")
    if run is None:
        return
    a, b = run
    e = b + 1 if b - a == 3 and b < len(toks) and toks[b].text == ")" else b
    bracketed = e - a == 4 and toks[a + 1].text == "(" and toks[a + 3].text == ")"
    if bracketed and toks[a].kind == KIND_NUM and toks[a + 2].kind == KIND_NUM:
        labels[a + 1] = labels[a + 3] = "O"
        labels[a + 2] = "issue"
        return
    for k in range(a + 1, b - 1):
        if toks[k].text.lower() not in _ISSUE_MARKS or toks[k - 1].text not in ",;":
            continue
        n = k + 1
        while n < b and toks[n].kind == KIND_PUNCT:
            n += 1
        if (
            n == b - 1
            and toks[n].kind == KIND_NUM
            and any(t.kind == KIND_NUM for t in toks[a : k - 1])
        ):
            _relabel(labels, k - 1, n, "O")
            labels[n] = "issue"
        return


def _report_title_read_as_the_genre_after_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "World Health Organization. Global tuberculosis report. Geneva; 2022.", "OpenAI.
    GPT-4 technical report. 2023.": no title, and a genre run of three words or more, one of
    them no genre's word, right after the names' full stop: the report's title."""
    a, b = _first_run(labels, "author")
    if a == b or b + 1 >= len(toks) or toks[b].text != "." or labels[b + 1] != "genre":
        return
    c = b + 1
    e = _run_end(labels, c)
    words = [t.text for t in toks[c:e] if t.kind in (KIND_WORD, KIND_NUM)]
    if len(words) < 3 or not toks[c].text[:1].isupper():
        return
    if any(t.text in "([" for t in toks[c:e]):
        return  # ("Graph structures [dissertation]": the title and its bracketed kind)
    if all(w.lower() in _GENRE_ONLY_WORDS for w in words):
        return
    _relabel(labels, c, e, "title")


def _title_read_as_the_genre(toks: list[Tok], labels: list[str]) -> None:
    """ "Graph report (Tech. Rep. No. 2019-04). Graph Institute.": no title, and a genre
    run before a bracket that opens another genre run: the first is the title."""
    if "title" in labels:
        return
    runs = _first_two_runs(labels, "genre")
    if runs is None:
        return
    (a, b), (c, _) = runs
    if toks[b].text != "(" or c != b + 1 or b - a < 2:
        return
    _relabel(labels, a, b, "title")


def _version_number_end(toks: list[Tok], k: int) -> int:
    """Where the version number after the word "version" at ``k`` ends (exclusive): its
    digits, letters, dots and dashes printed together ("2.4.1", "1.1-7", "9.10.0"), a
    period after them being the sentence's; ``k + 1`` when no number follows."""
    e = k + 1
    if e >= len(toks) or not toks[e].text[:1].isdigit():
        return e
    e += 1
    while (
        e + 1 < len(toks)
        and toks[e].text in _VERSION_JOINS
        and toks[e].start == toks[e - 1].end
        and toks[e + 1].start == toks[e].end
        and toks[e + 1].text[:1].isalnum()
    ):
        e += 2
    if (
        e < len(toks)
        and len(toks[e].text) == 1
        and toks[e].text.islower()
        and toks[e].start == toks[e - 1].end
    ):
        e += 1  # (a letter glued on: "Version 2.16d")
    return e


_VERSION_JOINS = frozenset({".", "-", "_"})
# What a version printed after the title may have been read as.
_VERSION_READ_AS = frozenset({"O", "note", "volume", "issue", "page", "number", "edition"})


def _version_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "GraphKit (Version 2.3) [Computer software]": a version in brackets read into the
    title's end is the program's version (a note), not its title. "scikit-learn: machine
    learning in Python, Version 1.3.2.", "R package version 1.1-7": a version printed after
    the title, read as nothing, a volume or pages, is the version too (a note), and so is
    one after a comma, read as nothing or a number, that ends the title ("DiffPack, version
    2.114; Publisher"; a version the tagger read into the title stays: "The Unicode Standard,
    Version 15.0.0")."""
    a, b = _first_run(labels, "title")
    n = len(toks)
    for k in range(n - 1):
        if toks[k].text.lower() != "version":
            continue
        e = _version_number_end(toks, k)
        if e == k + 1:
            continue
        if a < k < b and toks[k - 1].text == "(" and e < n and toks[e].text == ")":
            _relabel(labels, k - 1, e + 1, "O")
            _relabel(labels, k, e, "note")
        elif (
            k > 1
            and toks[k - 1].text == ","
            and (a < k - 1 < b or a == n)
            and all(lab == "title" or lab in _VERSION_READ_AS for lab in labels[k:e])
            and any(lab != "title" for lab in labels[k:e])
            and (a == n or all(not toks[j].text[:1].isalnum() for j in range(e, b)))
        ):
            # "DiffPack, version 2.114; Lumen Software": the title ends before its comma
            _relabel(labels, k - 1, e, "O")
            _relabel(labels, k, e, "note")
            if a == n:  # the words before the comma, read as nothing, are the title
                j = k - 1
                while j > 0 and labels[j - 1] == "O":
                    j -= 1
                after = j == 0 or labels[j - 1] in ("author", "editor", "issued")
                while j < k - 1 and not toks[j].text[:1].isalnum():
                    j += 1
                if j < k - 1 and after:  # (right after the names or the date)
                    _relabel(labels, j, k - 1, "title")
        elif k >= b and all(lab in _VERSION_READ_AS for lab in labels[k:e]):
            if k > 0 and labels[k - 1] == "note":
                _relabel(labels, k, e, "note")  # "R package version 1.1-7": one note
            elif any(lab != "note" for lab in labels[k:e]):
                _relabel(labels, k, e, "note")


# A thesis's degree ("Ph.D", "Master's") and noun, as printed inside a title or a genre.
_DEGREE_WORDS = word_set("phd ph doctoral master masters msc diploma bachelor bachelors")
_THESIS_NOUNS = word_set("thesis dissertation")
# The words by which a genre run names a thesis: the nouns and four of the degrees (the
# genre test never took "ph", "msc", "diploma" or "bachelor"). (Other thesis word lists:
# _THESIS_HEADS, the first word of a description in five languages, and csltype's _THESIS,
# searched in the whole entry for its type.)
_THESIS_WORDS = _THESIS_NOUNS | word_set("phd doctoral master masters")


def _thesis_genre_run(toks: list[Tok], labels: list[str]) -> tuple[int, int] | None:
    """The genre run that names a thesis ("Ph.D. dissertation", "[dissertation]"), if any."""
    if "genre" not in labels:
        return None
    for a, b in _runs_of(labels, "genre"):
        if any(t.text.lower().removesuffix("'s") in _THESIS_WORDS for t in toks[a:b]):
            return a, b
    return None


def _thesis_title_read_as_its_genre(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode J. Graph structures [dissertation]. Boston (MA): ...": no title, and a genre
    run whose bracketed word names a thesis: the words before the bracket are the title."""
    if "title" in labels:
        return
    run = _thesis_genre_run(toks, labels)
    if run is None:
        return
    a, b = run
    k = next((m for m in range(a + 1, b) if toks[m].text == "["), -1)
    if k < 0 or not any(t.kind == KIND_WORD for t in toks[a:k]):
        return
    _relabel(labels, a, k, "title")
    labels[k] = "O"
    if toks[b - 1].text == "]":
        labels[b - 1] = "O"


# a body's part named by its abbreviation or word ("Dept.", "Lab.")
_BODY_ABBREVIATIONS = word_set("dept dep div inst sch fac univ lab labs")


def _thesis_kind_read_as_a_note(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's "“Title,” M.S. thesis, Dept. Comput. Sci., Univ. Oslo, ...": a thesis's kind
    read as a short note (its degree's first letters left out) is the genre."""
    if "genre" in labels:
        return
    run = _only_run(labels, "note")
    if run is None:
        return
    a, b = run
    words = [t for t in toks[a:b] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 4 or words[-1].text.lower() not in _THESIS_WORDS:
        return
    while (
        a > 0
        and labels[a - 1] == "O"
        and (
            (
                toks[a - 1].kind == KIND_WORD
                and len(toks[a - 1].text) <= 3
                and toks[a - 1].text[0].isupper()
            )
            or (toks[a - 1].text == "." and a > 1 and toks[a - 2].kind == KIND_WORD)
        )
    ):
        a -= 1  # (the degree's first letters: "M.", "Ph.")
    _relabel(labels, a, b, "genre")


def _department_read_as_a_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Ph.D. dissertation, Dept. Elect. Eng., Graph Univ., Boston": in a thesis, the
    department read as a container before the university is part of the institution; so
    in a report, where the container names a body's part (IEEE's "..., Dept. Elect. Eng.,
    Stanford Univ., Stanford, CA, USA, Tech. Rep. 12, 2019.")."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if _thesis_genre_run(toks, labels) is None:
        kind = _only_run(labels, "genre")
        if kind is None or not any(t.text.lower() in ("rep", "report") for t in toks[slice(*kind)]):
            return
        first = toks[a].text.lower()
        if first not in _BODY_ABBREVIATIONS and not is_corporate(first):
            return
    k = _past_punctuation(toks, labels, b)
    if k >= len(toks) or labels[k] != "publisher" or any(t.text != "," for t in toks[b:k]):
        return
    _relabel(labels, a, k, "publisher")


_NUMBERED_KINDS = word_set("patent standard report rep paper series bulletin memo memorandum note")


def _numbered_kind_in_brackets(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Graph device (U.S. Patent No. 8,123,456).", "(ISO Standard No. 9001:2015)",
    "(Report No. 12)": after the title, the bracket names the kind of the work, then its
    number after "No."."""
    a, b = _first_run(labels, "title")
    if a == b:
        return
    k = next((m for m in range(a + 1, min(b + 1, len(toks))) if toks[m].text == "("), -1)
    if k < 0:
        return
    no = next((m for m in range(k + 1, min(k + 9, len(toks))) if toks[m].text == "No"), -1)
    if no < 0 or not any(t.text.lower() in _NUMBERED_KINDS for t in toks[k + 1 : no]):
        return
    close = next((m for m in range(no + 1, min(no + 12, len(toks))) if toks[m].text == ")"), -1)
    if close < 0:
        return
    n = no + 1
    if toks[n].text == ".":
        n += 1
    if n >= close or toks[n].kind != KIND_NUM:
        return
    _relabel(labels, k, close + 1, "O")
    _relabel(labels, k + 1, no, "genre")
    _relabel(labels, n, close, "number")


_BRACKETED_KINDS = _NUMBERED_KINDS | word_set("brief briefs reports papers")
# kinds a title's own bracket names ("(Invited Paper)"): the genre only with a number
_TITLE_KINDS = word_set("paper papers note")


def _kind_in_brackets_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Why access matters: The community college student body (Policy Brief
    2012-01PBL). Washington, DC: ...", "(Bureau of Justice Statistics special report)": a
    bracket closing the title that names the kind of the work (a report, a brief, a working
    paper) is its genre, and a code with digits ending it the work's number."""
    a, b = _first_run(labels, "title")
    if b - a < 4 or toks[b - 1].text != ")" or b >= len(toks) or toks[b].text != ".":
        return
    k = b - 2
    while k > a and toks[k].text not in ("(", ")"):
        k -= 1
    if k <= a + 1 or toks[k].text != "(" or b - 1 - k < 2:
        return
    inside = toks[k + 1 : b - 1]
    if not inside[0].text[:1].isupper():
        return
    kinds = {t.text.lower() for t in inside} & _BRACKETED_KINDS
    coded = any(c.isdigit() for t in inside for c in t.text)
    if not kinds or (not coded and kinds <= _TITLE_KINDS):
        return  # ("(Invited Paper)", "(Research Note)": the title's own words)
    e = b - 2  # a code with digits ending the bracket ("2012-01PBL", one word) is the number
    while e > k + 1 and toks[e - 1].end == toks[e].start:
        e -= 1
    if not any(c.isdigit() for t in toks[e : b - 1] for c in t.text):
        e = b - 1
    if e == k + 1:
        return
    _relabel(labels, k, b, "O")
    _relabel(labels, k + 1, e, "genre")
    if e < b - 1:
        _relabel(labels, e, b - 1, "number")


def _article_number_after_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Journal of Graphs, 12, Article 104512.", ACM's "53, 4, Article 78 (July
    2020)": the number after "Article" that follows the volume or the issue, where no page
    was read, is the article's page."""
    if "page" in labels:
        return
    for k in range(2, len(toks) - 1):
        if toks[k].text not in ("Article", "Art") or labels[k] != "O":
            continue
        n = k + 1
        if toks[n].text == "." and n + 1 < len(toks):
            n += 1
        if toks[n].kind != KIND_NUM or labels[n] not in ("O", "issue"):
            continue
        if _previous_label(toks, labels, k) in ("volume", "issue"):
            labels[n] = "page"  # (ACM's "53, 4, Article 78": after the issue)
        return


def _previous_label(toks: list[Tok], labels: list[str], k: int) -> str:
    """The label of the last token before ``k`` that is no unlabelled punctuation."""
    j = k - 1
    while j >= 0 and toks[j].kind == KIND_PUNCT and labels[j] == "O":
        j -= 1
    return labels[j] if j >= 0 else "O"


def _year_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "ODE J., ABE K., 2020 – Graph methods.": a year opening the title before a dash,
    where no date was read, is the date."""
    if "issued" in labels:
        return
    a, b = _first_run(labels, "title")
    if b - a < 3 or not YEAR_RE.fullmatch(toks[a].text):
        return
    if toks[a + 1].text not in ("\u2013", "\u2014", "-", "."):
        return
    labels[a] = "issued"
    labels[a + 1] = "O"


def _year_opening_the_title_before_the_date(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode JU, Abe TJ, et al. 2017 ACC expert consensus on graphs. J Graph 2017;69:871":
    a year read as the date right before the title, with no punctuation between them, where
    the date is printed again after the title, opens the title."""
    runs = _first_two_runs(labels, "issued")
    if runs is None:
        return
    (a, b), _ = runs
    if b != a + 1 or b >= len(toks) or labels[b] != "title" or a == 0:
        return
    if not YEAR_RE.fullmatch(toks[a].text) or toks[b].start == toks[a].end:
        return
    if toks[a - 1].text != "." or toks[b].kind != KIND_WORD or not toks[b].text[:1].isupper():
        return
    labels[a] = "title"


_PAPER_KINDS = {("working", "paper"), ("technical", "report"), ("discussion", "paper")}


def _names_a_genre(low: str) -> bool:
    """Whether ``low`` (an entry's text in lower case) holds a word
    ``_genre_read_into_the_title`` looks for (a cheap test before the rule)."""
    return "thesis" in low or "dissertation" in low or "paper" in low or "report" in low


def _genre_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Soft-Structuring Model 2007 Ph.D Thesis Graduate School of Media, Keio University",
    "Cash Holdings of Firms, Working Paper, Hong Kong Polytechnic University.": a thesis's
    degree or a paper's kind read into the title's end is the genre; a year before it is
    the date, and the words after it are the institution."""
    a, b = _first_run(labels, "title")
    if b - a < 4:
        return
    start = end = -1
    for k in range(a + 2, b - 1):
        low = toks[k].text.lower()
        if low in _DEGREE_WORDS:
            e = k + 1
            while e < b and toks[e].kind == KIND_PUNCT and toks[e].text in ".'\u2019":
                e += 1
            if e < b and toks[e].text.lower() == "d":  # "Ph.D"
                e += 1
                while e < b and toks[e].text == ".":
                    e += 1
            if e < b and toks[e].text.lower() in _THESIS_NOUNS:
                start, end = k, e + 1
                break
        if (low, toks[k + 1].text.lower()) in _PAPER_KINDS and toks[k - 1].text == ",":
            start, end = k, k + 2
            break
    if start < 0:
        return
    title_end = start
    if YEAR_RE.fullmatch(toks[start - 1].text) and "issued" not in labels:
        title_end = start - 1
        labels[title_end] = "issued"
    while title_end > a and toks[title_end - 1].kind == KIND_PUNCT:
        title_end -= 1
        labels[title_end] = "O"
    _relabel(labels, start, end, "genre")
    k = end
    while k < b and toks[k].kind == KIND_PUNCT:
        labels[k] = "O"
        k += 1
    if k < b and "publisher" not in labels:
        _relabel(labels, k, b, "publisher")
    elif k < b:
        _relabel(labels, k, b, "O")


# The first word of a thesis's description in ABNT, APA and others ("Dissertação
# (Mestrado em ...) – Instituto ...", "Tese (Doutorado ...)", "Mémoire de master").
_THESIS_HEADS = word_set(
    "disserta\u00e7\u00e3o tese tesis dissertation thesis m\u00e9moire th\u00e8se "
    "doktorarbeit dissertationsschrift masterarbeit diplomarbeit"
)


def _thesis_description_read_as_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "FERREIRA, A. B. Grafos e algoritmos. 2019. Dissertação (Mestrado em ...) –
    Instituto de Computação, Universidade ...": a title run that opens with a thesis
    word, after an unlabelled phrase that follows the names, is the thesis's genre (and
    its institution after the dash); the phrase is the title."""
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    leaves = a
    if (
        a + 3 < b
        and toks[a].kind == KIND_NUM
        and toks[a + 1].text.lower() in ("f", "fl", "p")
        and toks[a + 2].text == "."
    ):
        a += 3  # "120 f. Dissertação (...)": the count of leaves before the genre
    if toks[a].text.lower() not in _THESIS_HEADS:
        return
    _, names_end = _first_run(labels, "author")
    k = _past_punctuation(toks, labels, names_end)
    e = k
    while e < a and labels[e] == "O" and (toks[e].kind == KIND_WORD or toks[e].text in "-:,"):
        e += 1
    if sum(1 for t in toks[k:e] if t.kind == KIND_WORD) < 2 or e >= leaves:
        return
    _relabel(labels, leaves, a, "O")
    _relabel(labels, k, e, "title")
    dash = next((m for m in range(a + 1, b) if toks[m].text in ("\u2013", "\u2014", "-")), b)
    depth = 0
    for m in range(a, dash):  # a dash inside the brackets is the degree's own
        depth += toks[m].text == "("
        depth -= toks[m].text == ")"
    if depth:
        dash = b
    _relabel(labels, a, dash, "genre")
    if dash < b:
        labels[dash] = "O"
        _relabel(labels, dash + 1, b, "publisher")
        if b + 1 < len(toks) and toks[b].text == "," and labels[b + 1] == "publisher":
            labels[b] = "publisher"  # "Instituto de ..., Universidade ..."


# A thesis's kind as French, Italian, Spanish, Portuguese and German lists print it after
# the title ("mémoire de master", "tesi di dottorato", "(Tesis doctoral)", "[Tesis de
# maestría, ...]"), its first word; and the words its degree may hold in capitals
_THESIS_KIND_HEADS = word_set(
    "m\u00e9moire tesi tesis tese th\u00e8se disserta\u00e7\u00e3o doktorarbeit masterarbeit "
    "diplomarbeit magisterarbeit bachelorarbeit habilitationsschrift dissertationsschrift"
)
_THESIS_KIND_DEGREES = word_set("master mestrado doutorado dea dess m2 phd")
# pieces of the words of _THESIS_KIND_HEADS, for ``may_hold`` (the rules' quick test)
_THESIS_KIND_CORES = ("moire", "tesi", "tese", "th\u00e8se", "disserta", "arbeit", "habilitation")


def _thesis_kind_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Le roman populaire, mémoire de master, Université de Lille, 2019.", "Le donne, tesi
    di dottorato, Università di Torino", "Analisi. Tesi di laurea magistrale, Politecnico di
    Milano.", "La poesía (Tesis doctoral).", "La migración [Tesis de maestría, Universidad
    ...]": a thesis's kind (its word, then lower-case words or a degree) after a comma, a
    stop or an opening bracket, ending the title's run, is the genre; an institution read
    as the place right after it, no city, is the publisher."""
    a, b = _first_run(labels, "title")
    if b - a < 3:
        return
    k = next(
        (
            k
            for k in range(a + 2, b)
            if toks[k].text.lower() in _THESIS_KIND_HEADS and toks[k - 1].text in ",.(["
        ),
        -1,
    )
    if k < 0:
        return
    e = k + 1
    while e < b and (
        (toks[e].kind == KIND_WORD and toks[e].text.islower())
        or toks[e].text.lower() in _THESIS_KIND_DEGREES
        or toks[e].kind == KIND_NUM
    ):
        e += 1
    bracket = toks[k - 1].text in "(["
    closed = bracket and e + 1 == b and toks[e].text == _CLOSING_BRACKET[toks[k - 1].text]
    if e - k > 6 or not (e == b or closed):
        return
    _relabel(labels, k - 1, b, "O")
    _relabel(labels, k, e, "genre")
    t = k - 1
    while t > a and toks[t - 1].kind == KIND_PUNCT and toks[t - 1].text not in ")]\u00bb\u201d":
        t -= 1
        labels[t] = "O"
    if "publisher" in labels:
        return
    m = _past_punctuation(toks, labels, b)
    if m < len(toks) and labels[m] == "publisher-place":
        f = m
        while f < len(toks) and labels[f] == "publisher-place":
            f += 1
        if not _reads_as_a_place(toks, m, f):
            _relabel(labels, m, f, "publisher")


_CLOSING_BRACKET = {"(": ")", "[": "]"}


def _city_ending_the_thesis_genre(toks: list[Tok], labels: list[str]) -> None:
    """French "Thèse de doctorat : Géographie. Toulouse : Université Toulouse 2, 2016.": a
    city after a stop ending the genre's run, before a colon, is the place."""
    run = _only_run(labels, "genre")
    if run is None or "publisher-place" in labels:
        return
    g, h = run
    if h >= len(toks) or toks[h].text != ":":
        return
    k = next((m for m in range(h - 1, g, -1) if toks[m].text == "."), -1)
    if k < g + 1 or not _reads_as_a_place(toks, k + 1, h):
        return
    labels[k] = "O"
    _relabel(labels, k + 1, h, "publisher-place")


def _institution_in_the_thesis_bracket(toks: list[Tok], labels: list[str]) -> None:
    """APA 7's "Title [Tesis de doctorado, Universidad de Chile]. Repositorio Académico.":
    the body after the thesis's kind and a comma, up to the bracket's close, read as the
    place, is the publisher; a name after the bracket, read as the publisher, is the
    archive the thesis is kept in (a note)."""
    run = _only_run(labels, "genre")
    if run is None:
        return
    g, h = run
    if g < 1 or toks[g - 1].text not in ("[", "(") or h + 2 >= len(toks) or toks[h].text != ",":
        return
    closing = _CLOSING_BRACKET[toks[g - 1].text]
    c = next((m for m in range(h + 1, min(len(toks), h + 14)) if toks[m].text == closing), -1)
    if c < h + 2 or any(
        lab not in ("publisher-place", "publisher", "O") for lab in labels[h + 1 : c]
    ):
        return
    if _reads_as_a_place(toks, h + 1, c) or not toks[h + 1].text[:1].isupper():
        return
    _relabel(labels, h + 1, c, "publisher")
    for m, e in _runs_of(labels, "publisher"):
        if m > c:
            _relabel(labels, m, e, "note")


def _thesis_kind_opening_the_imprint(toks: list[Tok], labels: list[str]) -> None:
    """ "Digitale Verwaltung. Masterarbeit, Hochschule Harz.", "Tesi di dottorato, Università
    di Pisa": a thesis's kind read as the publisher's (or the place's) run's first words,
    before a comma, is the genre, and the body after the comma the publisher."""
    if "genre" in labels:
        return
    k = next(
        (
            m
            for m in range(1, len(toks) - 2)
            if labels[m] in _IMPRINT_LABELS
            and labels[m - 1] != labels[m]
            and toks[m].text.lower() in _THESIS_KIND_HEADS
        ),
        -1,
    )
    if k < 0:
        return
    e = k + 1
    while e < len(toks) and toks[e].kind == KIND_WORD and toks[e].text.islower():
        e += 1
    if e >= len(toks) - 1 or toks[e].text != "," or labels[e + 1] not in _IMPRINT_LABELS:
        return
    f = e + 1
    while f < len(toks) and labels[f] in _IMPRINT_LABELS and toks[f].text not in (",", ";"):
        f += 1
    if _reads_as_a_place(toks, e + 1, f) or not toks[e + 1].text[:1].isupper():
        return
    _relabel(labels, k, e, "genre")
    labels[e] = "O"
    _relabel(labels, e + 1, f, "publisher")


# Words a journal's name opens with, in the languages whose styles print the journal's
# city after it (ABNT: "Revista Brasileira de Educação, Rio de Janeiro, v. 23").
_JOURNAL_HEADS = word_set(
    "revista revue rivista zeitschrift journal cadernos cuadernos boletim bolet\u00edn "
    "bulletin anais anales annales annals arquivos archives acta estudos estudios"
)


# ABNT's marks of a journal's numbers after its city: "v. 23", "n. 25", "p. 1-9", "ano 5"
_ABNT_NUMBER_MARKS = word_set("v vol n no p ano")


def _city_after_the_journal_before_its_numbers(toks: list[Tok], labels: list[str]) -> None:
    """ABNT's "Engenharia Sanitária e Ambiental, Rio de Janeiro, v. 22, n. 4": the journal's
    city, read as a second part of the journal's name after a comma, before a number's
    mark, is the place, not the journal's."""
    runs = _runs_of(labels, "container-title")
    if len(runs) != 2:
        return
    (_, b), (c, d) = runs
    if c != b + 1 or toks[b].text != "," or not is_city(_words_of(toks, c, d)):
        return
    v = _past_punctuation(toks, labels, d)
    if v >= len(toks) or toks[v].text.lower() not in _ABNT_NUMBER_MARKS or toks[d].text != ",":
        return
    _relabel(labels, c, d, "publisher-place")


def _journal_in_the_title_before_its_place(toks: list[Tok], labels: list[str]) -> None:
    """ "Redes e grafos na educação. Revista Brasileira de Educação, Rio de
    Janeiro, v. 23": the title's last sentence opening with a journal's word is the
    journal, and the short container read after it, before "v.", is the journal's city."""
    run = _only_run(labels, "container-title")
    if run is None and "container-title" not in labels:
        run = _only_run(labels, "publisher-place")  # ("..., Brasília, n. 25": the city read so)
        if run is not None and not is_city(_words_of(toks, *run)):
            return
    if run is None:
        return
    c, d = run
    v = _past_punctuation(toks, labels, d)
    if v >= len(toks) or toks[v].text.lower() not in _ABNT_NUMBER_MARKS or d - c > 4:
        return
    a, b = _first_run(labels, "title")
    if a == b or _past_punctuation(toks, labels, b) != c:
        return
    cut = -1
    for m in range(a + 2, b - 1):
        if _ends_sentence(toks, m):
            cut = m
    if cut < 0 or toks[cut + 1].text.lower() not in _JOURNAL_HEADS:
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")
    _relabel(labels, c, d, "publisher-place")


# The first word of a body's name under its government ("BRASIL. Ministério da Educação.",
# "FRANCE. Ministère de ...", "ESPAÑA. Ministerio de ..."). (Not names' _CORPORATE_WORDS,
# which tells a body by any of its words: here only the body's first word counts.)
_GOVERNMENT_BODIES = word_set(
    "minist\u00e9rio ministerio minist\u00e8re ministry ministerium secretaria secretar\u00eda "
    "department departamento conselho consejo instituto presid\u00eancia presidencia "
    "senado congresso congreso tribunal agency ag\u00eancia"
)


def _body_under_its_government(toks: list[Tok], labels: list[str]) -> None:
    """ABNT's "BRASIL. Ministério da Educação. Base Nacional Comum Curricular.": a body's
    name after a one-word government in capitals, read as the title's first sentence, is
    the author's."""
    a, b = _first_run(labels, "author")
    if b - a != 1 or len(toks[a].text) < 4 or not toks[a].text.isupper():
        return
    t = _past_punctuation(toks, labels, b)
    if t >= len(toks) or labels[t] != "title" or toks[t].text.lower() not in _GOVERNMENT_BODIES:
        return
    e = t + 1
    while e < len(toks) and labels[e] == "title" and not _ends_sentence(toks, e):
        e += 1
    if e >= len(toks) or labels[e] != "title" or e + 1 >= len(toks) or labels[e + 1] != "title":
        return  # the body is the whole title: leave it
    _relabel(labels, b, e, "author")
    labels[e] = "O"


_ACCESS_WORDS = word_set("retrieved available accessed url online abgerufen")
# the letters of "no date" ("n.d.", "s.d.", "s.a.", German "o.J."), left unlabelled
_NO_DATE = word_set("n d nd s a o J")


def _title_read_into_the_access_note(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode, J. (2019). Graph toolkit. Retrieved March 3, 2021, from https://...": no
    title, and a note that opens right after the names and the date (or APA's "(n.d.)")
    and holds the title's sentence before "Retrieved" or "Available": that sentence is the
    title."""
    if "title" in labels or "note" not in labels:
        return
    a, b = _first_run(labels, "note")
    k = a - 1
    while k >= 0 and (
        labels[k] == "issued"
        or (labels[k] == "O" and (toks[k].kind == KIND_PUNCT or toks[k].text in _NO_DATE))
    ):
        k -= 1
    if k < 0 or labels[k] not in ("author", "editor"):
        return
    cut = next((m for m in range(a + 1, b - 1) if toks[m + 1].text.lower() in _ACCESS_WORDS), -1)
    if cut < 0 or toks[cut].text != "." or not any(t.kind == KIND_WORD for t in toks[a:cut]):
        return
    _relabel(labels, a, cut, "title")
    labels[cut] = "O"


# The words of an access note's lead before its URL, in the six languages ("Online
# verfügbar unter", "Disponível em", "Disponible en", "Recuperado de", "Available at")
_ACCESS_LEAD_OPENINGS = word_set(
    "online verfügbar available disponível disponivel disponible recuperado retrieved abrufbar url"
    " repéré récupéré"
)
_ACCESS_LEAD_WORDS = _ACCESS_LEAD_OPENINGS | word_set(
    "unter at from em en sur de in im internet via le la www à"
)


_HYPHENED_GIVEN = re.compile(
    r"[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]+-[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]+"
)


def _hyphened_given_name_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """German "Schmitt, Karl-Heinz: Die Reform der ...": a hyphened given name after the
    family name and its comma, before a colon, read as the title's first word, is the
    name's."""
    a, b = _first_run(labels, "author")
    if a == b or b + 2 >= len(toks) or toks[b].text != ",":
        return
    k = b + 1
    if (
        labels[k] != "title"
        or toks[k + 1].text != ":"
        or not _HYPHENED_GIVEN.fullmatch(toks[k].text)
    ):
        return
    labels[b] = labels[k] = "author"
    labels[k + 1] = "O"


def _access_note_lead_ending_a_run(toks: list[Tok], labels: list[str]) -> None:
    """ "Krause, H. (2018): Pflege im Wandel. Online verfügbar unter https://...", French
    APA's "GitHub. Repéré à https://...": the words that lead an access note to its URL,
    read as the last sentence of the title (or of the container, the publisher or a note)
    right before it, are no part of it."""
    if "URL" not in labels:
        return
    b = labels.index("URL")
    while (
        b > 0
        and labels[b - 1] == "O"
        and (toks[b - 1].kind == KIND_PUNCT or toks[b - 1].text.lower() in _ACCESS_LEAD_WORDS)
    ):
        b -= 1
    lab = labels[b - 1] if b else "O"
    if lab not in ("title", "container-title", "publisher", "note"):
        return
    a = b - 1
    while a > 0 and labels[a - 1] == lab:
        a -= 1
    if b - a < 3:
        return
    k = b
    while (
        k > a and toks[k - 1].kind == KIND_WORD and toks[k - 1].text.lower() in _ACCESS_LEAD_WORDS
    ):
        k -= 1
    if k in (a, b) or toks[k].text.lower() not in _ACCESS_LEAD_OPENINGS:
        return
    if toks[k - 1].text not in (".", ",", ";"):
        return
    _relabel(labels, k - 1, b, "O")


# a paper's status printed before its venue ("Submitted to J. ACM", "To appear in: ...")
_STATUS_OPENINGS = (
    ("to", "appear", "in"),
    ("submitted", "to"),
    ("submitted", "for", "publication", "to"),
    ("submitted", "for", "publication", "in"),
    ("accepted", "for", "publication", "in"),
    ("accepted", "in"),
    ("accepted", "to"),
    ("accepted", "by"),
    ("paper", "presented", "at", "the"),
    ("paper", "presented", "at"),
    ("presented", "at", "the"),
)


_BEFORE_THE_TITLE = frozenset(("author", "issued", "O", "citation-number"))


def _title_opening_with_in(toks: list[Tok], labels: list[str]) -> None:
    """ "Pawitan Y (2001). In All Likelihood. Oxford University Press.", "T. Peters. In
    Search of Excellence. Harper, 1982.": a book whose title opens with "In", right after the
    names (and the year), with no editors and no pages: "In" did not open a book after a
    chapter's title, the run after it (read as the container, or as the title without
    its first word) is the title."""
    if "editor" in labels or "page" in labels:
        return
    k = next((m for m, t in enumerate(toks) if t.text == "In" and labels[m] == "O"), -1)
    if k < 1 or k + 1 >= len(toks) or toks[k - 1].text not in ".)":
        return
    if any(lab not in _BEFORE_THE_TITLE for lab in labels[:k]) or "author" not in labels[:k]:
        return
    lab = labels[k + 1]
    if lab not in ("title", "container-title") or (lab == "container-title" and "title" in labels):
        return
    e = _run_end(labels, k + 1)
    if e >= len(toks) or toks[e].text != "." or _names_venue(_words_of(toks, k, e)):
        return
    _relabel(labels, k, e, "title")


def _title_left_out_before_its_description(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Kerr, D. (2019). GraphKit [Computer software]. Graph Inc.": with no title read,
    the words left unlabelled after the names' (or the date's) sentence, right before a
    bracketed description of a few words, are the title."""
    k = next((m for m, t in enumerate(toks) if t.text == "["), -1)
    if k < 2 or labels[k - 1] != "O" or toks[k - 1].kind != KIND_WORD:
        return
    c = next((m for m in range(k + 1, min(len(toks), k + 6)) if toks[m].text == "]"), -1)
    if c < 0 or not all(t.kind == KIND_WORD for t in toks[k + 1 : c]):
        return
    a = k - 1
    while a > 0 and labels[a - 1] == "O" and toks[a - 1].kind != KIND_PUNCT:
        a -= 1
    if a < 1 or toks[a - 1].text not in ".)" or not toks[a].text[:1].isupper():
        return
    if any(lab not in _BEFORE_THE_TITLE for lab in labels[:a]) or "author" not in labels[:a]:
        return
    _relabel(labels, a, k, "title")


# the first words of APA's bracketed descriptions after a title ("[Computer software
# manual]", "[Review of the book ...]", "[Motion picture]", "[Data set]", "[Msg 1]")
_DESCRIPTION_STARTS = word_set(
    "computer review motion data letter abstract video audio audiobook television film "
    "podcast tweet blog msg cd dvd brochure poster lecture interview map photograph "
    "conference paper unpublished manuscript software"
)


def _bracketed_description_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """APA's "G: A language for graph computing [Computer software manual]. Vienna: ...",
    "The emerging study of graphs [Review of the book Graphs in the middle]. Journal, 45":
    a bracketed description read into the title's end is no part of the title: a review's
    is a note, any other the genre."""
    a, b = _first_run(labels, "title")
    if b - a < 4:
        return
    k = next((m for m in range(a + 1, b) if toks[m].text == "["), -1)
    if k < 0 or toks[k + 1].text.lower() not in _DESCRIPTION_STARTS:
        return
    c = next((m for m in range(k + 1, len(toks)) if toks[m].text == "]"), -1)
    if c < 0 or c > b or any(lab not in ("title", "O", "genre") for lab in labels[k:c]):
        return
    if c + 1 < len(toks) and labels[c + 1] == "title" and toks[c + 1].text[:1].isalnum():
        return  # (the title goes on after the bracket)
    labels[k] = labels[c] = "O"
    _relabel(labels, k + 1, c, "note" if toks[k + 1].text.lower() == "review" else "genre")


_CHAPTER_MARKS = word_set("chap chapter ch")


def _chapter_number_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's "“Title.” Chap. 7 in The Humanizing Brain. Cleveland: ...": the number after
    "Chap." or "Chapter" before "in" and the book is the chapter's, never the volume."""
    n = len(toks)
    for k in range(n - 2):
        if toks[k].text.lower() not in _CHAPTER_MARKS:
            continue
        j = k + 2 if toks[k + 1].text == "." else k + 1
        if j + 1 >= n or toks[j].kind != KIND_NUM or labels[j] not in ("volume", "issue"):
            continue
        if toks[j + 1].text.lower() != "in":
            continue
        labels[j] = "O"
        return


def _chapter_number_read_as_the_volume_after_the_book(toks: list[Tok], labels: list[str]) -> None:
    """AIP's and APS's chapter with no title of its own ("E. Ode, in Graph Routing, edited by
    K. Abe (Graph Press, Oslo, 1994), Chap. 7, pp. 65-70."): the number after "Chap." is the
    chapter's, after the book's imprint, never its volume or issue."""
    n = len(toks)
    for k in range(1, n - 1):
        if toks[k].text.lower() not in _CHAPTER_MARKS or labels[k] != "O":
            continue
        j = k + 2 if toks[k + 1].text == "." else k + 1
        if j >= n or toks[j].kind != KIND_NUM or labels[j] not in ("volume", "issue"):
            continue
        if toks[k - 1].text != "," or "container-title" not in labels[:k]:
            continue
        labels[j] = "O"
        return


def _month_ending_the_title_before_the_year(toks: list[Tok], labels: list[str]) -> None:
    """biblatex's and BibTeX's "A. Weber. Tabellen mit Stil, März 2003.": a month in any of
    the languages the parser knows, after the title's last comma and right before the year,
    is the date's, not the title's (English months the tagger already leaves out)."""
    a, b = _first_run(labels, "title")
    if a < 0 or b - a < 3 or b >= len(toks) or labels[b] != "issued":
        return
    m = b - 1
    if toks[m].text == "." and m > a:
        m -= 1
    if toks[m].text.lower() not in ANY_MONTH or toks[m - 1].text != "," or m - 1 <= a:
        return
    _relabel(labels, m - 1, b, "O")


def _body_read_as_the_title_before_the_year(toks: list[Tok], labels: list[str]) -> None:
    """APA's and Harvard's corporate author "Graph Data Committee. (2012). Reference model
    for graphs." and "Graph Energy Agency (2020). Graph Outlook 2020.": no names read, the
    entry opening with a run of capitalised words (and the small words of a body's name),
    then the year in brackets: the run is the body that wrote it, where it was read as a
    title with another title after the year, or as a container ending with a body's noun."""
    if "author" in labels or "editor" in labels:
        return
    a = next((k for k, lab in enumerate(labels) if lab != "O"), -1)
    if a < 0 or labels[a] not in ("title", "container-title"):
        return
    field = labels[a]
    b = a
    while b < len(labels) and labels[b] == field:
        b += 1
    if b - a < 2:
        return
    k = b + 1 if b < len(toks) and toks[b].text == "." else b
    if (
        k + 3 >= len(toks)
        or toks[k].text != "("
        or labels[k + 1] != "issued"
        or toks[k + 2].text != ")"
    ):
        return
    if field == "title":
        c = next((m for m in range(k + 3, len(toks)) if labels[m] != "O"), -1)
        if c < 0 or labels[c] != "title" or any(t.kind != KIND_PUNCT for t in toks[k + 3 : c]):
            return
    elif toks[b - 1].text.lower() not in _BODY_HEADS:
        return
    if not all(
        _capitalised_word(t) or t.text.lower() in _SMALL_WORDS or t.text in ("&", ",")
        for t in toks[a:b]
    ):
        return
    _relabel(labels, a, b, "author")


def _title_read_as_the_genre_after_the_date(toks: list[Tok], labels: list[str]) -> None:
    """APA's "World Graph Organization. (2020). Global graph report 2020. https://...": a
    report's title read as its genre, the year ending it as another date, and the words
    after its colon as the title ("World graph report 2021: Data for better lives."). With
    the date in brackets after the names, the sentence after it is the title."""
    a, b = _first_run(labels, "author")
    if a < 0 or b + 4 >= len(toks):
        return
    k = b + 1 if toks[b].text == "." else b
    if toks[k].text != "(" or labels[k + 1] != "issued" or toks[k + 2].text != ")":
        return
    s = k + 3
    if s < len(toks) and toks[s].text == ".":
        s += 1
    if s >= len(toks) or labels[s] not in ("genre", "container-title"):
        return
    if labels[s] == "container-title":
        # "United Graphs. (2019). World graph prospects 2019: Highlights. United Graphs.":
        # no title, and the container runs from the date over a sentence's end: its first
        # sentence is the title, the rest (with no numbers after it) the publisher
        if "title" in labels:
            return
        e = s
        while e < len(toks) and labels[e] == "container-title":
            if toks[e].text == "." and e + 1 < len(toks) and toks[e + 1].start > toks[e].end:
                break
            e += 1
        f = e + 1
        while f < len(toks) and labels[f] == "container-title":
            f += 1
        if e >= len(toks) or labels[e] != "container-title" or f == e + 1:
            return
        _relabel(labels, s, e, "title")
        labels[e] = "O"
        if not any(lab in ("volume", "issue", "page") for lab in labels):
            _relabel(labels, e + 1, f, "publisher")
        return
    e = s
    while e < len(toks) and labels[e] in ("genre", "issued", "title", "O"):
        if toks[e].text == "." and (e + 1 == len(toks) or toks[e + 1].start > toks[e].end):
            break
        if labels[e] == "O" and toks[e].kind != KIND_PUNCT:
            return
        e += 1
    if labels.count("title") != labels[s:e].count("title"):
        return  # (a title elsewhere: the genre is the report's kind)
    _relabel(labels, s, e, "title")


def _time_of_day_read_as_numbers(toks: list[Tok], labels: list[str]) -> None:
    """A post's time after its date ("Twitter, April 22, 2015, 11:10 a.m.", "July 1, 2008,
    10:18 p.m."): the hour and minutes are no volume, issue or pages."""
    n = len(toks)
    for k in range(n - 3):
        h, colon, mins = toks[k], toks[k + 1], toks[k + 2]
        if colon.text != ":" or h.kind != KIND_NUM or mins.kind != KIND_NUM:
            continue
        if len(h.text) > 2 or len(mins.text) != 2 or not (h.end == colon.start == mins.start - 1):
            continue
        if toks[k + 3].text.lower() not in ("a", "p", "am", "pm"):
            continue
        e = k + 4
        while e < n and e < k + 7 and toks[e].text.lower() in (".", "m"):
            e += 1
        if any(lab not in ("volume", "issue", "page", "O") for lab in labels[k:e]):
            continue
        _relabel(labels, k, e, "O")


def _single_quoted_words_cutting_the_title(toks: list[Tok], labels: list[str]) -> None:
    """R packages' "anytime: Anything to ’POSIXct’ or ’Date’ Converter. R package version
    0.3.9": a word in single quotes inside the title cut it there, the rest read as a
    journal; in an entry with no volume, issue or pages, the title runs on to its end."""
    if any(lab in labels for lab in ("volume", "issue", "page")):
        return
    a, b = _first_run(labels, "title")
    n = len(toks)
    if a == b or b + 2 >= n or labels[b + 1] != "container-title":
        return
    q = toks[b]
    if q.text not in _APOSTROPHES or q.start == toks[b - 1].end or toks[b + 1].start != q.end:
        return
    e = _run_end(labels, b + 1)
    if not any(
        toks[m].text in _APOSTROPHES and toks[m].start == toks[m - 1].end for m in range(b + 2, e)
    ):
        return
    if "container-title" in labels[e:]:
        return
    _relabel(labels, b, e, "title")


def _name_and_colon_left_before_the_title(toks: list[Tok], labels: list[str]) -> None:
    """R packages' "Odell K (2021). graphs: Interface to ’Graph’ Routing.": the package's
    name and its colon, left unlabelled between the date's sentence and the title, open
    the title (or the run the builder takes for it: a lone container)."""
    lab = "title" if "title" in labels else "container-title"
    a, _ = _first_run(labels, lab)
    if a < 5 or toks[a - 1].text != ":" or labels[a - 1] != "O" or labels[a - 2] != "O":
        return
    w = toks[a - 2]
    if w.kind != KIND_WORD or w.text.lower() in _IN_WORDS:
        return
    # right after the date's bracket: "(2021). graphs:" (not "Sorting. In: Proc.")
    if toks[a - 3].text != "." or toks[a - 4].text != ")" or labels[a - 5] != "issued":
        return
    _relabel(labels, a - 2, a, lab)


def _title_s_last_words_read_into_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Genome sequence of C. elegans: a platform for investigating biology Science 1998;
    282:2012-8." (the title's period lost): lower-case words opening the journal, right
    after the title's last word with no punctuation between, are the title's end; a
    journal's name opens with a capital (or a word like "eLife", "mBio")."""
    a, b = _first_run(labels, "container-title")
    if a in (b, 0) or labels[a - 1] != "title":
        return
    e = a
    while e < b and toks[e].kind == KIND_WORD and toks[e].text.isalpha() and toks[e].text.islower():
        e += 1
    if e == a or e >= b or not toks[e].text[:1].isupper():
        return
    _relabel(labels, a, e, "title")


def _page_range_cut_after_its_dash(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "2010;362(19):1791-9. PMID: ...": a page range's end glued to its dash,
    read as another number (the issue, the volume), is the range's end."""
    n = len(toks)
    for k in range(1, n - 1):
        d, end = toks[k], toks[k + 1]
        if d.text not in _RANGE_DASHES or labels[k - 1] != "page" or labels[k + 1] == "page":
            continue
        if labels[k] not in ("page", "O") or toks[k - 1].kind != KIND_NUM:
            continue
        if end.kind != KIND_NUM or not (toks[k - 1].end == d.start and d.end == end.start):
            continue
        if labels[k + 1] not in ("issue", "volume", "O", "number"):
            continue
        if k + 2 < n and toks[k + 2].text[:1].isalnum() and toks[k + 2].start == end.end:
            continue
        labels[k] = labels[k + 1] = "page"


# the small words a publisher's name may hold ("U of Texas P", "Farrar, Straus and Giroux")
_PUBLISHER_SMALL_WORDS = word_set("of and the for de")
_READ_FOR_THE_PUBLISHER = frozenset({"container-title", "publisher-place", "title", "O"})


def _mla_publisher_before_the_year(toks: list[Tok], labels: list[str]) -> None:
    """MLA's books, "Eggins, Suzanne, and Diana Slade. Analysing Casual Conversation.
    Cassell, 1997.", "... the Needle. U of Texas P, 1994.", "... Edited by Claudia Johnson,
    Norton, 2001.": with no publisher, volume or pages read, the few capitalised words
    right before the closing ", year." (after the title's period or a comma) are the
    publisher, never the title's end, the journal or a place (a city stays the place);
    a title read with the journal's label, left before them, is the title."""
    if "publisher" in labels or "page" in labels or "volume" in labels or "issue" in labels:
        return
    n = len(toks)
    y = next((k for k in range(n - 1, 1, -1) if labels[k] == "issued"), -1)
    if y < 3 or toks[y - 1].text != "," or toks[y].kind != KIND_NUM:
        return
    if y + 1 < n and toks[y + 1].text != ".":
        return
    b = y - 1
    a = b
    while a > 0 and toks[a - 1].kind == KIND_WORD:
        a -= 1
    if a == 0 or not 1 <= b - a <= 6 or toks[a - 1].text not in (".", ","):
        return
    words = toks[a:b]
    if not words[0].text[:1].isupper() or any(
        not (t.text[:1].isupper() or t.text.lower() in _PUBLISHER_SMALL_WORDS) for t in words
    ):
        return
    text = " ".join(t.text for t in words)
    if any(lab not in _READ_FOR_THE_PUBLISHER for lab in labels[a:b]):
        return
    if is_city(text) or is_region(text) or labels[a - 2] == "publisher-place":
        return  # (a place: "Oslo, 2001.", "Vienna, Austria, 2021.")
    if labels[a] == "publisher-place" and (
        is_city(words[0].text)
        or (
            PUBLISHER_WORDS.search(text) is None
            and not (
                toks[a - 1].text == ","
                and ("editor" in labels[a - 3 : a - 1] or "edition" in labels[a - 3 : a - 1])
            )
            and not (words[-1].text in ("P", "UP") and len(words) > 1)
        )
    ):
        return  # (read as a place: a publisher's word, or MLA's editors or edition before it)
    if any(t.text.lower() in _IN_WORDS for t in toks[:b]):
        return  # (a chapter's or a proceedings' "In")
    edge = a - 1
    if toks[edge].text == "." and len(toks[edge - 1].text) < 2:
        return  # (an initial's period)
    lab = labels[a]
    if lab == "container-title":
        # the journal's label over the title and the publisher: only one run, no title
        if "title" in labels or labels[edge - 1] != "container-title":
            return
        s = edge - 1
        while s > 0 and labels[s - 1] == "container-title":
            s -= 1
        if edge - s < 2:
            return
        _relabel(labels, s, edge, "title")
    elif lab == "title" and labels[edge - 1] != "title" and "title" not in labels[:a]:
        return  # (the title itself)
    labels[edge] = "O"
    _relabel(labels, a, b, "publisher")


_ROLE_WORDS_AFTER_NAMES = word_set("translator translators trans illustrator narrator")


def _publisher_read_into_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """MLA's "Graph Stories, edited by Lee Abe, Graph UP, 2001, pp. 45–67.": the last part
    of the editors after a comma that names a publisher ("... UP", "... P", "... Press")
    is the publisher, not another editor."""
    if "publisher" in labels:
        return
    for a, b in _runs_of(labels, "editor"):
        c = max((m for m in range(a, b) if toks[m].text == ","), default=-1)
        if c < 0 or c + 1 >= b:
            continue
        part = toks[c + 1 : b]
        text = " ".join(t.text for t in part)
        if not (part[-1].text in ("UP", "P") or _FIRM_WORDS.search(text)):
            continue
        if any(t.kind != KIND_WORD for t in part) or len(part) > 6:
            continue
        labels[c] = "O"
        _relabel(labels, c + 1, b, "publisher")
        return


def _role_closing_the_names(toks: list[Tok], labels: list[str]) -> None:
    """MLA's "Odell, Kay, translator. The Graph Book.": a role word after the names'
    last comma ("translator", "illustrator") is no name."""
    a, b = _first_run(labels, "author")
    if b - a < 3 or toks[b - 1].text.lower() not in _ROLE_WORDS_AFTER_NAMES:
        return
    if toks[b - 2].text != ",":
        return
    _relabel(labels, b - 2, b, "O")


def _package_version_is_a_note(toks: list[Tok], labels: list[str]) -> None:
    """ "RcppClassic: Deprecated Rcpp API. R package version 0.9.12, URL ...": the package's
    kind and version ("R package version 0.9.12", "package version 1.8-10") are a note,
    never the title's end, a publisher or a number (an italic title in a PDF carried
    the tagger over them, and the version's last part read as a number)."""
    n = len(toks)
    for k in range(1, n - 2):
        if toks[k].text.lower() != "package" or toks[k + 1].text.lower() != "version":
            continue
        s = k - 1 if toks[k - 1].kind == KIND_WORD and toks[k - 1].text[:1].isupper() else k
        e = k + 2
        if toks[e].kind != KIND_NUM:
            return
        e += 1
        while (
            e < n
            and toks[e].start == toks[e - 1].end
            and (toks[e].kind == KIND_NUM or toks[e].text in (".", "-"))
        ):
            e += 1
        if toks[e - 1].text in (".", "-"):
            e -= 1  # (the sentence's full stop)
        _relabel(labels, s, e, "note")
        if toks[s - 1].text == "." and labels[s - 1] != "O":
            labels[s - 1] = "O"
        return


def _isbn_read_as_a_field(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """ "Oxford University Press. ISBN 978-0198507659.": an ISBN's number read as the pages
    (or another field), and the period before "ISBN" read into the publisher's run, are
    outside every field (the builder reads the ISBN from the text itself)."""
    for m in ISBN_RE.finditer(raw):
        for k, t in enumerate(toks):
            if t.start >= m.end():
                break
            if t.start < m.start():
                continue
            labels[k] = "O"
            if t.text == "ISBN" and k and toks[k - 1].kind == KIND_PUNCT:
                labels[k - 1] = "O"


def _status_in_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "K. Ode. Graph routing. Submitted to J. ACM, 1993.": the words of a paper's status
    that open the container ("Submitted to", "To appear in", "Accepted for publication in"),
    or IEEE's ", early access" and Elsevier's ". Presented at the ICG 2019" that close it,
    are no part of the journal's or the proceedings' name."""
    a, b = _first_run(labels, "container-title")
    if b - a < 3:
        return
    words = [t.text.lower() for t in toks[a : min(b, a + 4)]]
    for opening in _STATUS_OPENINGS:
        n = len(opening)
        if tuple(words[:n]) != opening or a + n >= b:
            continue
        e = a + n
        if toks[e].text == ":":
            e += 1
        if e < b and (toks[e].text[:1].isupper() or toks[e].kind == KIND_NUM):
            _relabel(labels, a, e, "O")  # ("Paper presented at the 3rd ... Symposium")
        return
    # IEEE's "IEEE Trans. Graphs, early access, Mar. 3, 2019": the status closing the run
    if b - a > 3 and [t.text.lower() for t in toks[b - 3 : b]] == [",", "early", "access"]:
        _relabel(labels, b - 3, b, "O")
        return
    # Elsevier's Harvard "in: Proceedings of ... . Presented at the ICG 2019, ACM, ...": the
    # meeting's sentence closing the proceedings' run
    p = next(
        (
            k
            for k in range(a + 2, b - 2)
            if toks[k].text == "."
            and toks[k + 1].text == "Presented"
            and toks[k + 2].text.lower() == "at"
        ),
        -1,
    )
    if p > 0:
        _relabel(labels, p, b, "O")
        return
    # "Journal of Graphs. Accepted for publication on 2008-03-28.", ". Forthcoming.", ". In
    # press.": the status's sentence after the journal's name, and its date, are a note
    k = next(
        (m for m in range(a + 1, b - 1) if toks[m].text == "." and _status_follows(toks, m + 1)),
        -1,
    )
    if k < 0:
        return
    e = k + 1
    while e < len(toks) and toks[e].text != "." and labels[e] != "issued":
        e += 1
    labels[k] = "O"
    _relabel(labels, k + 1, e, "note")


_STATUS_CLOSINGS = (("accepted", "for", "publication"), ("in", "press"), ("forthcoming",))


def _status_follows(toks: list[Tok], k: int) -> bool:
    """Whether a paper's status ("Accepted for publication", "In press", "Forthcoming")
    opens at token ``k``."""
    words = tuple(t.text.lower() for t in toks[k : k + 3])
    return any(words[: len(c)] == c for c in _STATUS_CLOSINGS)


def _first_word_after_the_medium_left_out(toks: list[Tok], labels: list[str]) -> None:
    """Harvard's "Title. [online] World Health Organization. Available at: ...": a
    capitalised word right after the medium's bracket ("[online]", "[Internet]"), left
    unlabelled before the publisher or the container, is its first word."""
    for k in range(1, len(toks) - 1):
        if toks[k - 1].text != "]" or labels[k] != "O" or toks[k].kind != KIND_WORD:
            continue
        nxt = labels[k + 1]
        if nxt in ("publisher", "container-title") and toks[k].text[:1].isupper():
            labels[k] = nxt


def _editors_read_as_the_book_before_it(toks: list[Tok], labels: list[str]) -> None:
    """ "Em M. López (Org.), Manual de grafos (pp. 45-67).": a container run that holds
    only an initial, a name and the bracketed mark of editors, with the book read as a
    note after its comma, is the editors; the note is the book."""
    if "editor" in labels or "note" not in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if b - a < 6 or b - a > 9 or b + 1 >= len(toks) or toks[b].text != ",":
        return
    if toks[b - 4].text != "(" or toks[b - 1].text != ")" or toks[b - 2].text != ".":
        return
    if toks[b - 3].text.lower() not in _EDITOR_MARK_WORDS:
        return
    # ("Em M. López (Org.)": the word for "In" read into the run)
    start = a + 1 if toks[a].text.lower() in _IN_WORDS else a
    names = toks[start : b - 4]
    if not any(
        t.kind == KIND_WORD and len(t.text) == 1 and t.text.isupper() and u.text == "."
        for t, u in itertools.pairwise(names)
    ):
        return  # (an initial's period shows names: "M. López")
    if not all(t.kind == KIND_PUNCT or t.text[:1].isupper() or t.text in PARTICLES for t in names):
        return
    if labels[b + 1] != "note" or not toks[b + 1].text[:1].isupper():
        return
    _relabel(labels, a, start, "O")
    _relabel(labels, start, b - 4, "editor")
    _relabel(labels, b - 4, b, "O")
    _relabel(labels, b + 1, _run_end(labels, b + 1), "container-title")


def _book_after_the_editors_read_as_a_note(toks: list[Tok], labels: list[str]) -> None:
    """APA's chapter "Title. In B. Lind (Ed.), Graphs in practice (pp. 45-67). Oslo: ...":
    with no container, the run read as a note right after "In", the editors and their mark
    is the book."""
    if "container-title" in labels or "note" not in labels:
        return
    run = _only_run(labels, "editor")
    if run is None:
        return
    if toks[run[0]].text in ("En", "Em") and run[1] - run[0] > 1:
        labels[run[0]] = "O"  # Spanish and Portuguese APA's "En M. López (Ed.),"
        run = (run[0] + 1, run[1])
    if _in_right_before(toks, labels, run[0]) < 0:
        return
    k = run[1]
    while (
        k < len(toks)
        and labels[k] == "O"
        and (toks[k].kind == KIND_PUNCT or toks[k].text.lower() in _EDITOR_MARK_WORDS)
    ):
        k += 1
    if k >= len(toks) or labels[k] != "note" or not toks[k].text[:1].isupper():
        return
    _relabel(labels, k, _run_end(labels, k), "container-title")


def _series_number_after_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """AMS's "Ann. of Math. (2) 189 (2019), 45-67", "Acad. Roy. Belg. Bull. Cl. Sci. (5) 74
    (1988)": a small number in brackets right after the journal and before the volume is
    the journal's series, part of its name, whatever the tagger read it as."""
    a, b = _first_run(labels, "container-title")
    if a == b:
        return
    k = b + 1 if b < len(toks) and toks[b].text == "." and labels[b] == "O" else b
    if k + 3 >= len(toks) or toks[k].text != "(" or toks[k + 2].text != ")":
        return
    n, v = toks[k + 1], toks[k + 3]
    if n.kind != KIND_NUM or len(n.text) > 1 or v.kind != KIND_NUM or len(v.text) > 4:
        return
    if labels[k + 3] not in ("volume", "O", "issue", "page"):
        return
    if v.start <= toks[k + 2].end or any(
        lab not in ("O", "volume", "issue") for lab in labels[k : k + 3]
    ):
        return
    _relabel(labels, b, k + 3, "container-title")
    labels[k + 3] = "volume"


_SERIES_WORDS = word_set("ser series")
_NEW_OR_OLD = word_set("new old")


def _journal_s_series_read_into_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "In: William and Mary Quarterly. 3rd ser. 15, pp. 168–190.", "American
    Anthropologist. New ser. 93.1": a journal's series after its name ("3rd ser.", "New
    ser.") is its series (Zotero's, CSL's collection-title), and the number after it,
    read into the journal, the volume (and after a period, the issue)."""
    a, b = _first_run(labels, "container-title")
    n = len(toks)
    for k in range(a + 2, b):
        if toks[k].text.lower() not in _SERIES_WORDS:
            continue
        low = toks[k - 1].text.lower()
        if low in _NEW_OR_OLD:
            s = k - 1
        elif low in _ORDINAL_ENDS and toks[k - 2].kind == KIND_NUM:
            s = k - 2
        else:
            continue
        if s <= a or toks[s - 1].text not in (".", ","):
            continue
        j = k + 1 if k + 1 < n and toks[k + 1].text == "." else k
        v = j + 1 if j > k else k + 1
        if v >= n or toks[v].kind != KIND_NUM or labels[v] not in ("container-title", "volume"):
            continue
        if v + 1 < b and any(t.kind == KIND_WORD for t in toks[v + 1 : b]):
            continue
        labels[s - 1] = "O"
        _relabel(labels, s, j + 1 if j > k else k + 1, "collection-title")
        labels[v] = "volume"
        if (
            v + 2 < n
            and toks[v + 1].text == "."
            and toks[v + 2].kind == KIND_NUM
            and toks[v + 1].start == toks[v].end
            and labels[v + 2] in ("container-title", "issue", "O", "volume")
        ):
            labels[v + 1] = "O"
            labels[v + 2] = "issue"
        return


# Vancouver's descriptions in square brackets after a title ("[Internet]", "[software]")
_BRACKETED_MEDIUM = word_set("internet online software dissertation thesis dataset database")
# the kinds of a thesis among them ("Title [dissertation].")
_THESIS_BRACKET_WORDS = word_set("dissertation thesis")


def _title_before_a_medium_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Odell K. GraphKit [software]. 2021.", "Odell K. Routing [Internet].
    Oslo: Graph Society; 2021.": the words after the last initials' period, right before a
    bracketed medium, read as a name, are the title; a title read after the place's colon
    is then the publisher."""
    a, b = _first_run(labels, "author")
    n = len(toks)
    if b - a < 4 or b + 2 >= n or toks[b].text != "[":
        return
    if toks[b + 1].text.lower() not in _BRACKETED_MEDIUM:
        return
    d = next((k for k in range(b - 2, a, -1) if toks[k].text == "."), -1)
    if d < 0 or not _vancouver_initials(toks[d - 1]) or not toks[d + 1].text[:1].isupper():
        return
    if toks[d - 2].kind != KIND_WORD or len(toks[d - 2].text) < 2:
        return  # ("K. L. Odell": the period of a given name's initial, before the family)
    later = _first_run(labels, "title")
    labels[d] = "O"
    _relabel(labels, d + 1, b, "title")
    s, e = later
    if s > b and s >= 2 and toks[s - 1].text == ":" and labels[s - 2] == "publisher-place":
        _relabel(labels, s, e, "publisher")


_JOURNAL_PART_WORDS = word_set("series ser section sect part pt serie série reihe")


def _title_read_into_the_container_after_the_date(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Souza, A. (2019). Roteamento. Estudos de Grafos, 12, 45-67.": no title, and the
    container run right after the date opens with a sentence of whole words (no
    abbreviation, no venue's word) ending in a period: that sentence is the title."""
    if "title" in labels or _NUMBERS.isdisjoint(labels):
        return  # (a book's "Title. Publisher." read as one container: the builder's case)
    a, b = _first_run(labels, "container-title")
    if b - a < 3 or a < 2 or toks[a - 1].text not in (".", ")"):
        return
    if _previous_label(toks, labels, a) not in ("issued", "author"):
        return
    d = next((k for k in range(a + 1, b - 1) if toks[k].text == "."), -1)
    if d < 0 or not toks[d + 1].text[:1].isupper() or len(toks[d + 1].text) < 2:
        return  # ("Can. J. Chem.": an abbreviation's period)
    if toks[d + 1].text.lower() in _JOURNAL_PART_WORDS:
        return  # ("Proceedings of the Royal Society. Series A")
    if not _whole_words(toks, a, d):
        return
    if d - a == 1 and len(toks[a].text) < 6:
        return  # ("Eur. Phys. J.", "Atmos. Chem. Phys.": a short word abbreviated)
    if _names_venue(_words_of(toks, a, d)):
        return
    _relabel(labels, a, d, "title")
    labels[d] = "O"


def _page_letter_left_out(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "2019;12(suppl 2):S45–S67", BMJ's "h2345": the letter glued to the first
    page is the page's ("S45", as "S67" is), where it was left out."""
    k = labels.index("page")
    if k < 2:
        return
    mark = toks[k - 1]
    if (
        labels[k - 1] == "O"
        and mark.kind == KIND_WORD
        and len(mark.text) == 1
        and mark.end == toks[k].start
        and (toks[k - 2].kind == KIND_PUNCT or toks[k - 2].end < mark.start)
    ):
        labels[k - 1] = "page"  # (JINST's "2008 JINST 3 S08003" too)


def _patent_roles_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """AMA's and Vancouver's patent "Odell K, inventor; Graph Corp, assignee. Graph routing
    device. US patent 9,876,543.": the roles after the names, up to the assignee's period,
    are no part of the title, nor of the names ("Pagedas AC, inventor; Ancel Surgical R&D
    Inc., assignee.", read as more names)."""
    a, b = _first_run(labels, "title")
    if b - a >= 4 and toks[a].text.lower() in ("inventor", "inventors"):
        e = next((k for k in range(a + 1, b - 1) if toks[k].text.lower() == "assignee"), -1)
        if e > 0 and toks[e + 1].text == ".":
            _relabel(labels, a, e + 2, "O")
        return
    # the roles read with the names, the assignee's name ("Ancel Surgical R&D Inc.") too
    k = next((m for m in range(1, len(toks)) if toks[m].text.lower() == "inventor"), -1)
    if k < 2 or toks[k - 1].text != "," or labels[k] != "author":
        return
    e = next(
        (m for m in range(k + 1, min(len(toks) - 1, k + 14)) if toks[m].text == "assignee"), -1
    )
    if e < 0 or toks[e + 1].text != ".":
        return
    _relabel(labels, k - 1, e + 2, "O")


def _supplement_read_into_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Headache. 2002;42 Suppl 2:S93-9.": the supplement's number after the
    volume's, read into the volume, is the issue (GROBID's labels give "Int Dent J 2017;67
    Suppl 2" the volume 67 and the issue 2, "Suppl" outside both)."""
    run = _only_run(labels, "volume")
    if run is None:
        return
    a, b = run
    if b - a < 3 or toks[a].kind != KIND_NUM or toks[a + 1].text not in ("Suppl", "Suppl."):
        return
    _relabel(labels, a + 1, b, "issue")
    labels[a + 1] = "O"
    if b - a > 3 and toks[a + 2].text == ".":
        labels[a + 2] = "O"


def _patent_number_ending_the_genre(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "United States patent US 1234567.": the patent's number (its country's
    code and digits) read at the end of the genre's run is the number."""
    a, b = _first_run(labels, "genre")
    k = next(
        (m for m in range(a + 1, b - 1) if toks[m].text.isupper() and len(toks[m].text) == 2),
        -1,
    )
    if k < 0 or toks[k + 1].kind != KIND_NUM or toks[k - 1].text.lower() != "patent":
        return
    _relabel(labels, k, b, "number")


def _months_word(text: str) -> bool:
    """A month's name, or months joined by a hyphen ("Novembre-Décembre"); a stop after it."""
    return all(p in ANY_MONTH for p in text.lower().rstrip(".").split("-") if p)


def _month_in_the_date_bracket_read_as_a_field(toks: list[Tok], labels: list[str]) -> None:
    """APA's "(2003, août).", "(2015, 3 février).", "(2012, Novembre-Décembre).": the months and
    days after the year inside the date's brackets are the date's (they were read as the
    title's opening or the edition); the title starts after the bracket's close."""
    n = len(toks)
    k = labels.index("issued") if "issued" in labels else 0
    if not 0 < k < n - 3 or toks[k - 1].text != "(" or toks[k + 1].text != ",":
        return
    e = k + 2
    while e < n and e < k + 7 and toks[e].text != ")":
        e += 1
    if e >= n or toks[e].text != ")" or e == k + 2:
        return
    inside = toks[k + 2 : e]
    months = [t for t in inside if t.kind == KIND_WORD and _months_word(t.text)]
    if not months or not all(
        t in months or (t.kind == KIND_NUM and len(t.text) <= 2) or t.text in ".,-\u2013/"
        for t in inside
    ):
        return
    for m in range(k + 2, e + 1):
        if labels[m] not in ("O", "issued"):
            labels[m] = "O"
    m = e + 1  # (the period after the bracket, read with the title that follows it)
    while m < n and toks[m].kind == KIND_PUNCT and labels[m] != "O":
        labels[m] = "O"
        m += 1


def _month_before_the_year_in_the_date_bracket(toks: list[Tok], labels: list[str]) -> None:
    """ "Müller, Hans (Nov. 2010): Title, in: ...", "(März 2018c):", "(May 2010).": a month
    (and a day) before the year in the brackets right after the names is the date, with the
    year (the tagger, not seeing a year alone there, read the bracket into the title)."""
    a, b = _first_run(labels, "author")
    if a == b or b + 4 >= len(toks):
        return
    k = b + 1 if toks[b].text == "," and labels[b] == "O" else b
    if toks[k].text != "(" or toks[k + 1].kind != KIND_WORD or not _months_word(toks[k + 1].text):
        return
    e = k + 2
    while e < len(toks) and e < k + 6 and toks[e].text != ")":
        e += 1
    if e >= len(toks) or toks[e].text != ")":
        return
    year = next((m for m in range(k + 2, e) if YEAR_RE.fullmatch(toks[m].text)), -1)
    if year < 0 or labels[year] == "issued":
        return
    inside = toks[k + 2 : year]
    if not all(t.text in ".," or (t.kind == KIND_NUM and len(t.text) <= 2) for t in inside):
        return
    if year + 1 < e and not (
        year + 2 == e and toks[year + 1].kind == KIND_WORD and len(toks[year + 1].text) == 1
    ):
        return  # (a year's letter, "2018c", and nothing else after it)
    _relabel(labels, k + 1, year + 1, "issued")
    for m in range(year + 1, e + 1):
        labels[m] = "O"
    m = e + 1  # (the colon or period after the bracket, read with the title)
    while m < len(toks) and toks[m].kind == KIND_PUNCT and labels[m] != "O":
        labels[m] = "O"
        m += 1


_VOLUME_YEAR_WORDS = frozenset(("jg", "jahrg", "jahrgang", "jhg", "vol", "bd"))


def _lone_page_after_its_german_mark(toks: list[Tok], labels: list[str]) -> None:
    """German "in: DTK 3 / 2011 (23. Jg.), S. 79.": a lone number after "S." (Seite) ending
    the entry, left unlabelled with no pages read, is the page."""
    n = len(toks)
    for k in range(n - 3, 0, -1):
        if toks[k].text != "S" or toks[k + 1].text != "." or toks[k + 2].kind != KIND_NUM:
            continue
        end = k + 3
        if end < n and not (toks[end].text == "." and end == n - 1):
            return
        if labels[k + 2] == "O" and toks[k - 1].text in (",", ".", ";"):
            labels[k + 2] = "page"
        return


def _issue_over_the_year(toks: list[Tok], labels: list[str]) -> None:
    """German journals' "Zeitschrift für Graphen 3 / 2010 (22. Jg.), S. 45": the issue over
    the year (read as one volume run with the year and the volume) is the issue, the year
    the date where no other is read, and "(22. Jg.)" the volume (the year's count)."""
    n = len(toks)
    for k in range(1, n - 2):
        if toks[k + 1].text != "/" or toks[k].kind != KIND_NUM or len(toks[k].text) > 2:
            continue
        if not YEAR_RE.fullmatch(toks[k + 2].text):
            continue
        if labels[k] not in ("volume", "note", "number"):
            return
        journal = -1  # (a journal's name read as a note or a number with them, after "in:")
        if labels[k - 1] in ("note", "number") and labels[k - 1] == labels[k]:
            journal = k - 1
            while journal > 0 and labels[journal - 1] == labels[k]:
                journal -= 1
            if _in_right_before(toks, labels, journal) < 0 or toks[journal].kind != KIND_WORD:
                return
        elif labels[k - 1] != "container-title":
            return
        e = k + 3
        volume = -1
        if (
            e + 4 < n
            and toks[e].text == "("
            and toks[e + 1].kind == KIND_NUM
            and toks[e + 2].text == "."
            and toks[e + 3].text.lower() in _VOLUME_YEAR_WORDS
        ):
            volume = e + 1
            e += 4
            while e < n and toks[e].text in ".)":
                e += 1
        _relabel(labels, k, e, "O")
        labels[k] = "issue"
        if journal >= 0:
            _relabel(labels, journal, k, "container-title")
        if "issued" not in labels:
            labels[k + 2] = "issued"
        if volume > 0:
            labels[volume] = "volume"
        return


def _biblatex_volume_dot_number(toks: list[Tok], labels: list[str]) -> None:
    """biblatex's "In: Langmuir 14.1 (1998), pp. 17-30.": the volume and the number joined by
    a period before the year's brackets are the volume and the issue, and with no journal
    read, the words after "In:" up to them are the journal (a one-word journal and its
    volume were read as a genre, a title or a note)."""
    n = len(toks)
    for k in range(2, n - 5):
        t = toks[k]
        if t.kind != KIND_NUM or toks[k + 1].text != "." or toks[k + 2].kind != KIND_NUM:
            continue
        if toks[k + 1].start != t.end or toks[k + 2].start != toks[k + 1].end:
            continue
        if toks[k + 3].text != "(" or not YEAR_RE.fullmatch(toks[k + 4].text):
            continue
        if toks[k + 5].text != ")" or toks[k - 1].kind != KIND_WORD:
            return
        if "container-title" not in labels:
            j = k
            while (
                j > 0
                and toks[j - 1].kind == KIND_WORD
                and labels[j - 1]
                not in (
                    "author",
                    "editor",
                )
            ):
                j -= 1
            if j == k or _in_right_before(toks, labels, j) < 0:
                return
            _relabel(labels, j, k, "container-title")
        elif labels[k - 1] != "container-title":
            return
        labels[k], labels[k + 1], labels[k + 2] = "volume", "O", "issue"
        return


# biblatex's editors' sentence after the book: "Ed. by", "Eds. by", German "Hrsg. von",
# French "Éd. par"
_EDITED_BY = {"ed": "by", "eds": "by", "hrsg": "von", "\u00e9d": "par"}
# Chicago's "Edited by R. Hale.", "Compiled by Tim Austin." (the mark spelt out)
_EDITED_WORDS = frozenset(("Edited", "Compiled"))
_NAME_JOINS = frozenset((",", "and", "und", "et", "&", "-"))


def _publisher_and_year_follow(toks: list[Tok], k: int) -> bool:
    """Whether tokens from ``k`` are a few words, a comma and a year ending the entry's
    sentence (MLA's "Norton, 2001.")."""
    n = len(toks)
    f = k
    while f < n and f < k + 7 and toks[f].kind == KIND_WORD:
        f += 1
    return (
        k < f
        and f + 1 < n
        and toks[f].text == ","
        and toks[f + 1].kind == KIND_NUM
        and len(toks[f + 1].text) == 4
        and (f + 2 == n or toks[f + 2].text == ".")
    )


def _biblatex_editors_after_the_book(toks: list[Tok], labels: list[str]) -> None:
    """biblatex's chapter "“Title”. In: Alternative Modernities. Ed. by Dilip Gaonkar.
    Durham: Duke University Press, 2001, pp. 1–23." (German "Hrsg. von", French "Éd.
    par"): the words between "In:" and the editors' sentence are the book, the names
    after "by" up to the sentence's period are the editors (the tagger read the book as
    the editors, or the editors into the book). With no "In:", a book right after the
    names or the date (or opening the entry) is the work itself ("Nolan, Peter. Collected
    Letters. Ed. by R. Hale. London: Penguin, 1975.", Chicago's "The Times Style Guide.
    2003. Compiled by Tim Austin. London: Times Books.": the title)."""
    n = len(toks)
    m = next(
        (
            k
            for k in range(2, n - 2)
            if toks[k - 1].text == "."
            and (
                (
                    toks[k + 1].text == "."
                    and k + 3 < n
                    and _EDITED_BY.get(toks[k].text.lower()) == toks[k + 2].text.lower()
                )
                or (toks[k].text in _EDITED_WORDS and toks[k + 1].text == "by")
            )
        ),
        -1,
    )
    if m < 0:
        return
    # the names' first token ("Ed. by R. Hale", Chicago's "Edited by R. Hale")
    at = m + 2 if toks[m].text in _EDITED_WORDS else m + 3
    i = next(
        (k for k in range(m - 2, 0, -1) if toks[k].text == "In" and toks[k + 1].text == ":"), -1
    )
    if i >= 0:
        if labels[i] != "O" or i + 2 >= m - 1:
            return
        if any(
            labels[k] not in ("container-title", "editor", "title", "O")
            for k in range(i + 2, m - 1)
        ):
            return
        book, book_label = i + 2, "container-title"
    else:
        # no "In:": a book right after the names or the date ("Nolan, Peter. Collected
        # Letters. Ed. by R. Hale. 4 vols. London: Penguin, 1975.") is the title
        end = m - 1
        if end > 1 and labels[end - 1] == "issued":  # (Chicago's "Guide. 2003. Compiled by")
            while end > 0 and labels[end - 1] == "issued":
                end -= 1
            while end > 0 and toks[end - 1].text in (".", ","):
                end -= 1
        lab = labels[end - 1]
        if lab not in ("container-title", "title"):
            return
        book = end - 1
        while book > 0 and labels[book - 1] == lab:
            book -= 1
        p = book - 1
        while p >= 0 and labels[p] == "O" and not toks[p].text[:1].isalnum():
            p -= 1
        if (p >= 0 and labels[p] not in ("author", "issued")) or "title" in labels[:book]:
            return
        book_label = "title"
    e = at
    while e < n:
        t = toks[e]
        if t.text == "." and not (toks[e - 1].kind == KIND_WORD and len(toks[e - 1].text) == 1):
            break
        if t.text == "," and e > at + 1 and _publisher_and_year_follow(toks, e + 1):
            break  # MLA's "Edited by Claudia Johnson, Norton, 2001."
        if not (
            (t.kind == KIND_WORD and (t.text[:1].isupper() or t.text.lower() in _NAME_JOINS))
            or t.text in _NAME_JOINS
            or t.text == "."
        ):
            return
        e += 1
    if e >= n or e == at:
        return
    if book_label == "title":  # (the date, if printed between the book and the editors)
        _relabel(labels, book, end, book_label)
        for k in range(end, m - 1):
            if labels[k] != "issued":
                labels[k] = "O"
    else:
        _relabel(labels, book, m - 1, book_label)
    _relabel(labels, m - 1, at, "O")
    _relabel(labels, at, e, "editor")
    labels[e] = "O"
    # what follows the editors: a series and its number ("Studies in Philosophy 9.", its
    # number read as the edition), then the place before the publisher's colon (read as
    # the book's second run)
    f = e + 1
    if f < n and labels[f] in ("container-title", "collection-title"):
        g = _run_end(labels, f)
        if g + 1 < n and toks[g].text == ":" and labels[g + 1] == "publisher":
            _relabel(labels, f, g, "publisher-place")
        elif g + 1 < n and labels[g] == "edition" and toks[g].kind == KIND_NUM:
            _relabel(labels, f, g, "collection-title")
            labels[g] = "O"


def _acm_volume_and_issue(toks: list[Tok], labels: list[str]) -> None:
    """The ACM Reference Format's "SIAM J. Comput. 39, 5 (Jan. 2010), 1714–1747." and "Comput.
    Entertain. 3, 1, Article 4 (Jan.-March 2005).": the number after the volume and a comma,
    before the date's brackets or ", Article N", is the issue (read as a second volume or as
    the pages); the article's number is the page where no pages are read."""
    n = len(toks)
    k = labels.index("volume")
    if k + 4 >= n or toks[k].kind != KIND_NUM or toks[k + 1].text != ",":
        return
    i = k + 2
    if toks[i].kind != KIND_NUM or labels[i] not in ("volume", "page", "issue"):
        return
    article = i + 2 < n and toks[i + 1].text == "," and toks[i + 2].text == "Article"
    # "(Jan. 2010)": the date's brackets with its month (physics' "89, 2495 (1967)" and
    # "D91, 054501 (2015), 1412.733" print the page before a bare year)
    o = i + 2 if toks[i + 1].text == "," and toks[i + 2].text == "(" else i + 1  # (biblatex's)
    close = next((m for m in range(o + 1, min(n, o + 7)) if toks[m].text == ")"), -1)
    dated = toks[o].text == "(" and close > 0 and _months_word(toks[o + 1].text)
    if not (article or dated):
        return
    labels[i] = "issue"
    if article and i + 3 < n and toks[i + 3].kind == KIND_NUM:
        if labels[i + 3] != "page" and "page" not in labels:
            labels[i + 3] = "page"
        elif labels[i + 3] == "volume":
            labels[i + 3] = "O"
        o = i + 5 if i + 5 < n and toks[i + 4].text == "," and toks[i + 5].text == "(" else i + 4
        close = next((m for m in range(o + 1, min(n, o + 7)) if toks[m].text == ")"), -1)
    if close > 0 and toks[o].text == "(":
        for m in range(o + 1, close):
            if labels[m] not in ("O", "issued"):
                labels[m] = "O"  # (the month read as the publisher: "(Apr. 2007)")
        # "(Jan. 2005), 4.": the number after the date's brackets is the page
        if (
            "page" not in labels
            and close + 2 < n
            and toks[close + 1].text == ","
            and toks[close + 2].kind == KIND_NUM
            and labels[close + 2] != "issued"
        ):
            labels[close + 2] = "page"


def _key_and_year_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """The ACM Reference Format's entry with no author, printed under its key: "[20] IEEE
    2004. IEEE TCSC Executive Committee. In ...", "[37] TUG 2017. Institutional members
    ...": with no names and no date read, a few capitalised words and a year, then a
    period, opening the title's run, are the author (the key names the body) and the
    date; the title follows."""
    a, b = _first_run(labels, "title")
    if a == b or any(lab != "O" for lab in labels[:a]):
        return
    y = next((k for k in range(a + 1, min(b, a + 5)) if YEAR_RE.fullmatch(toks[k].text)), -1)
    if y < 0 or y + 2 >= b or toks[y + 1].text != "." or toks[y + 2].start == toks[y + 1].end:
        return
    if not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[a:y]):
        return
    _relabel(labels, a, y, "author")
    labels[y], labels[y + 1] = "issued", "O"


def _periodical_read_as_the_place(toks: list[Tok], labels: list[str]) -> None:
    """APA 7's newspaper or magazine article on line, "Carey, B. (2019, March 22). Title? The
    New York Times. https://...": with no journal and no publisher read, a place run of
    "The" and capitalised words that names no place ("The New Yorker", "The Washington
    Post") is the periodical."""
    if "publisher" in labels:
        return
    run = _only_run(labels, "publisher-place")
    if run is None:
        return
    a, b = run
    if (
        b - a < 2
        or toks[a].text != "The"
        or not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[a:b])
    ):
        return
    if is_city(_words_of(toks, a, b)) or _reads_as_a_place(toks, a + 1, b):
        return
    if "title" not in labels[:a]:
        return
    _relabel(labels, a, b, "container-title")


def _year_ending_the_book_s_name(toks: list[Tok], labels: list[str]) -> None:
    """Springer's LNCS "In: Nagel, W.E. (eds.) Euro-Par 2006. LNCS, vol. 4128, pp. 1148–1158.
    Springer, Heidelberg (2006).": the year right after the proceedings' name, before its
    period, is the name's (the date is printed again at the end)."""
    a, b = _first_run(labels, "container-title")
    if a == b or b + 2 >= len(toks) or labels[b] != "issued" or toks[b + 1].text != ".":
        return
    if not YEAR_RE.fullmatch(toks[b].text) or toks[b + 2].start == toks[b + 1].end:
        return
    if not any(lab == "issued" for lab in labels[b + 1 :]):
        return
    labels[b] = "container-title"


def _report_number_in_brackets(toks: list[Tok], labels: list[str]) -> None:
    """APA 7's report "Taking time (NIH Publication No. 18-2059). U.S. Department of ...":
    the words before "No." in the brackets after the title are the report's kind, and the
    number after it its number (read as the publisher, the place and the volume)."""
    n = len(toks)
    for k in range(1, n - 5):
        if toks[k].text != "(" or labels[k - 1] != "title":
            continue
        m = next((j for j in range(k + 1, min(n - 2, k + 6)) if toks[j].text == "No"), -1)
        if m < k + 2 or toks[m + 1].text != "." or toks[m + 2].kind != KIND_NUM:
            return
        e = m + 3
        while e < n and toks[e].text != ")" and e < m + 8:
            e += 1
        if e >= n or toks[e].text != ")":
            return
        if not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[k + 1 : m]):
            return
        _relabel(labels, k, e + 1, "O")
        _relabel(labels, k + 1, m, "genre")
        _relabel(labels, m + 2, e, "number")
        return


def _vancouver_conference_in_the_book(toks: list[Tok], labels: list[str]) -> None:
    """NLM's conference paper "In: Foster JA, editors. Genetic programming. EuroGP 2002:
    Proceedings of the 5th European Conference; 2002 Apr 3-5; Kinsdale, Ireland. Berlin:
    Springer; 2002. p. 182-91.": the year inside the book's name ("EuroGP 2002:") is the
    name's, the meeting's dates after a semicolon no issue or date, and its place before
    the sentence's period no part of the publisher's place (read with it or before it)."""
    runs = _runs_of(labels, "container-title")
    if not runs:
        # a book of proceedings: "Harnden P, editors. Germ cell tumours V. Proceedings of
        # the 5th Germ Cell Tumour Conference; 2001 Sep 13-15; Leeds, UK. New York: ..."
        run = _only_run(labels, "title")
        if run is None or not _names_venue(_words_of(toks, *run)):
            return
        runs = [run]
    if labels.count("issued") < 2:
        return
    a, d = runs[0]
    if len(runs) >= 2:
        b, (c, e) = d, runs[1]
        between = range(b, c)
        if (
            c - b <= 3
            and all(labels[k] in ("issued", "O") for k in between)
            and any(labels[k] == "issued" for k in between)
            and toks[c - 1].text == ":"
        ):
            _relabel(labels, a, e, "container-title")
            d = e
    # the meeting's date after the book: "; 2002 Apr 3-5;"
    if d + 1 >= len(toks) or toks[d].text != ";" or not YEAR_RE.fullmatch(toks[d + 1].text):
        return
    e = d + 1
    while e < len(toks) and toks[e].text != ";":
        e += 1
    if e >= len(toks) or e - d > 7:
        return
    _relabel(labels, d + 1, e, "O")
    # the meeting's place, then the publisher's: "; Kinsdale, Ireland. Berlin: Springer"
    f = e + 1
    if f >= len(toks) or labels[f] != "publisher-place":
        return
    g = _run_end(labels, f)
    stop = next((m for m in range(f, g) if toks[m].text == "."), -1)
    if stop > f and stop + 1 < g:
        _relabel(labels, f, stop + 1, "O")
    elif g + 1 < len(toks) and toks[g].text == "." and labels[g + 1] == "publisher-place":
        h = _run_end(labels, g + 1)
        if h < len(toks) and toks[h].text == ":":
            _relabel(labels, f, g, "O")


# NLM's media in brackets after a title ("[videocassette]", "[CD-ROM]", "[database on the
# Internet]", "[monograph on the Internet]")
_MEDIA = (_BRACKETED_MEDIUM - _THESIS_BRACKET_WORDS) | word_set(
    "videocassette videorecording videodisc cd-rom cd dvd dvd-rom monograph homepage "
    "microfiche microform audiocassette audiorecording film podcast blog map"
)


# The last words of a group's name, as Vancouver lists print group authors ("Diabetes
# Prevention Program Research Group.", "WHO Expert Consultation.", "GBD 2019 Diseases and
# Injuries Collaborators."): a body's nouns, and the words between them
_GROUP_ENDS = _BODY_HEADS | word_set("consultation force")
_GROUP_GLUE = _BODY_JOINS | word_set("to")


def _group_author_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """A group author, its name ending in "Group", "Collaborators", "Consultation" ...,
    read as the title's first sentence ("WHO Expert Consultation. Appropriate body-mass
    index ...") or its last words so ("Diabetes Prevention Program" the author, "Research
    Group. Hypertension, insulin ..." the title): the sentence is the author's."""
    a, b = _first_run(labels, "title")
    if a == b:
        return
    start = a
    if "author" in labels:
        c, d = _first_run(labels, "author")
        if d != a or any(
            t.kind != KIND_WORD or not t.text[:1].isupper() or len(t.text) == 1 for t in toks[c:d]
        ):
            return  # (names with their initials: the group is not the author's run)
        start = c
    elif any(lab != "O" for lab in labels[:a]):
        return
    n = len(toks)
    p = next((k for k in range(a, min(b + 1, start + 12, n)) if toks[k].text == "."), -1)
    if p <= a or p + 2 >= n or toks[p + 1].start == toks[p].end:
        return
    if not (p + 2 < b or (p == b and labels[p + 1] == "title")):
        return  # (the title goes on after the group's sentence)
    if toks[p - 1].text.lower() not in _GROUP_ENDS:
        return
    for t in toks[start:p]:
        if t.kind == KIND_NUM or t.text.lower() in _GROUP_GLUE or t.text == "&":
            continue
        if t.kind != KIND_WORD or not t.text[:1].isupper():
            return
    _relabel(labels, start, p, "author")
    labels[p] = "O"


def _country_code_after_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """NLM's "Bethesda (MD): National Library of Medicine (US); 2002": the country's code in
    brackets after the publisher's name is the publisher's (it was read as the journal, a
    place or a note)."""
    for k in range(1, len(toks) - 2):
        if toks[k].text != "(" or toks[k + 1].text not in ("US", "UK") or toks[k + 2].text != ")":
            continue
        if labels[k - 1] == "publisher" and labels[k + 1] != "publisher":
            _relabel(labels, k, k + 3, "publisher")


def _nlm_newspaper_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """NLM's newspaper article "Tynan T. Medical improvements lower homicide rate. The
    Washington Post. 2002 Aug 12;Sect. A:2 (col. 4).": with no journal read, the title's last
    sentence, "The" and capitalised words before the date and its section, is the paper."""
    a, b = _first_run(labels, "title")
    if a == b or b + 3 >= len(toks) or toks[b].text != "." or labels[b + 1] != "issued":
        return
    if not any(t.text == "Sect" for t in toks[b + 1 : b + 9]):
        return
    k = next((m for m in range(b - 2, a, -1) if toks[m].text == "The"), -1)
    if (
        k <= a
        or toks[k - 1].text != "."
        or not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[k:b])
    ):
        return
    labels[k - 1] = "O"
    _relabel(labels, k, b, "container-title")


def _initials_opening_the_title_read_as_a_journal(toks: list[Tok], labels: list[str]) -> None:
    """APA's "(in press). J. B. S. Haldane’s contribution to the Bayes factor hypothesis test.
    Statistical Science.": a person's initials opening the title ("J. B."), read as a journal
    before the title's run that goes on with the last initial, are the title's, where the
    journal is read again after the title."""
    a, b = _first_run(labels, "container-title")
    if b - a < 2 or b >= len(toks) or labels[b] != "title":
        return
    if not (len(toks[b].text) == 1 and toks[b].text.isupper()):
        return  # (the title's run goes on with the last initial: "S. Haldane’s")
    if not all(
        (t.kind == KIND_WORD and len(t.text) == 1 and t.text.isupper()) or t.text == "."
        for t in toks[a:b]
    ):
        return
    if "container-title" not in labels[_run_end(labels, b) :]:
        return  # (the journal read again after the title)
    _relabel(labels, a, b, "title")


def _title_opening_with_the_editors_word(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Wagenmakers, E.-J. (2006). Editors’ introduction. Journal of Mathematical
    Psychology, 50, 99-100.": with no title read, "Editors’" (or "Editor’s") left unlabelled
    as an editors' mark before a container run opening in lower case is the title's first
    word, and the title runs to that run's first sentence end."""
    n = len(toks)
    for k in range(1, n - 3):
        if toks[k].text not in ("Editors", "Editor") or labels[k] != "O":
            continue
        j = k + 1
        while j < n and toks[j].text in ("\u2019", "'", "s") and labels[j] == "O":
            j += 1
        if j == k + 1 or j >= n or labels[j] != "container-title":
            return
        if not toks[j].text[:1].islower():
            return
        e = _run_end(labels, j)
        p = next((m for m in range(j + 1, e) if _ends_sentence(toks, m)), -1)
        if p < 0:
            return
        _relabel(labels, k, p, "title")
        labels[p] = "O"
        return


def _nlm_thesis_after_its_title(toks: list[Tok], labels: list[str]) -> None:
    """NLM's thesis "Odell K. Graph routing [dissertation]. Oslo (Norway): University of Oslo;
    2019.": the title and its bracketed kind read as one genre run is the title and the
    genre, and the place before the colon, read as the title, is the place."""
    n = len(toks)
    c = next(
        (
            m
            for m in range(2, n - 1)
            if toks[m].text == "]" and toks[m - 1].text.lower() in _THESIS_BRACKET_WORDS
        ),
        -1,
    )
    if c < 0 or toks[c + 1].text != ".":
        return
    o = next((m for m in range(c - 1, max(0, c - 5), -1) if toks[m].text == "["), -1)
    if o < 1 or labels[o - 1] != "genre":
        return
    a = o - 1
    while a > 0 and labels[a - 1] == "genre":
        a -= 1
    if a == o or "title" in labels[:a]:
        return
    _relabel(labels, a, o, "title")
    _relabel(labels, o, c + 2, "O")
    _relabel(labels, o + 1, c, "genre")
    f = c + 2
    if f < n and labels[f] == "title":
        g = _run_end(labels, f)
        if g < n and toks[g].text == ":":
            _relabel(labels, f, g, "publisher-place")


def _software_name_before_its_version(toks: list[Tok], labels: list[str]) -> None:
    """AMA's software "GraphKit. Version 2.3. Graph Society; 2020.": a one-word name read as
    the author before a title that is only "Version 2.3" is the title, the version a note."""
    a, b = _first_run(labels, "title")
    if b - a < 2 or toks[a].text != "Version" or toks[a + 1].kind != KIND_NUM:
        return
    if any(t.kind not in (KIND_NUM, KIND_PUNCT) for t in toks[a + 1 : b]):
        return
    run = _only_run(labels, "author")
    if run is None or run[1] - run[0] != 1 or run[1] + 1 != a or toks[run[1]].text != ".":
        return
    _relabel(labels, run[0], run[1], "title")
    _relabel(labels, a, b, "note")


def _title_before_a_medium_opening_the_entry(toks: list[Tok], labels: list[str]) -> None:
    """NLM's home page or database: "Cancer-Pain.org [homepage on the Internet]. New York:
    Association of Cancer Online Resources; c2000-01 [cited ...]", "Who's Certified
    [database on the Internet]. Evanston (IL): The American Board ...": no names, the
    title opens the entry before its medium, then "Place: Publisher" (read as the title's
    run, or the title read as a name or a number)."""
    n = len(toks)
    k = next((m for m, t in enumerate(toks) if t.text == "["), -1)
    c = next((m for m in range(k + 1, min(n, k + 8)) if toks[m].text == "]"), -1)
    if k < 1 or c < 0 or c + 2 >= n or toks[c + 1].text != ".":
        return
    if not any(t.text.lower() == "internet" for t in toks[k + 1 : c]):
        return
    start = next((m for m in range(k) if labels[m] != "O" or toks[m].kind == KIND_WORD), k)
    if start >= k or toks[start].kind != KIND_WORD or not toks[start].text[:1].isupper():
        return
    for m in range(start, k):
        if toks[m].text in (".", ",", ";") and toks[m + 1].start > toks[m].end:
            return  # (a sentence before the medium's: "Odell K. Title [Internet].")
    if labels[start] == "title" and _run_end(labels, start) == k:
        return
    _relabel(labels, start, k, "title")
    _relabel(labels, k, c + 2, "O")
    _relabel(labels, k + 1, c, "medium")
    # "Evanston (IL): The American Board of Medical Specialists." read as the title
    f = c + 2
    if labels[f] != "title":
        return
    g = _run_end(labels, f)
    colon = next((m for m in range(f + 1, g) if toks[m].text == ":"), -1)
    if colon < 0:
        return
    _relabel(labels, f, colon, "publisher-place")
    labels[colon] = "O"
    _relabel(labels, colon + 1, g, "publisher")


def _vancouver_medium_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """NLM's "Hospital preparedness for bioterrorism [videocassette]. Secaucus (NJ): Network
    for Medical Education; 2002." and "Title [monograph on the Internet]. Boston (MA): Press;
    2002": a medium in brackets, its words in lower case, ends the title (the medium is no
    part of it); where the title's run goes on past it, "Place (ST): Publisher;" follows."""
    a, b = _first_run(labels, "title")
    o = next((k for k in range(a + 1, b) if toks[k].text == "["), -1)
    if o < 0:
        return
    c = next((k for k in range(o + 1, min(b + 1, o + 8)) if toks[k].text == "]"), -1)
    if c < 0 or c + 1 >= len(toks) or toks[c + 1].text != ".":
        return
    words = [t for t in toks[o + 1 : c] if t.kind == KIND_WORD]
    if not words or any(t.text[:1].isupper() and t.text != "Internet" for t in words[:1]):
        return
    if not any(t.text.lower() in _MEDIA for t in words):
        return  # ("A Treatise of Human Nature [selections]": a part of the title)
    if any(t.kind not in (KIND_WORD, KIND_PUNCT) for t in toks[o + 1 : c]):
        return
    _relabel(labels, o, c + 2, "O")
    _relabel(labels, o + 1, c, "medium")
    # the title's run going on: "Secaucus (NJ): Network for Medical Education;"
    k = c + 2
    if k >= b:
        return
    colon = next((m for m in range(k, b) if toks[m].text == ":"), -1)
    if colon < k + 4 or toks[colon - 1].text != ")" or toks[colon - 3].text != "(":
        return
    region = toks[colon - 2].text
    if not (region.isupper() and len(region) == 2):
        return
    _relabel(labels, k, colon, "publisher-place")
    labels[colon] = "O"
    _relabel(labels, colon + 1, b, "publisher")


def _article_number(toks: list[Tok], labels: list[str]) -> None:
    """An article's number after the word "Article": APA 7's "PLoS ONE, 13(3), Article
    e0193972." (the word read into the pages is no part of them) and ACM's "In Proceedings
    of ... ACM, New York, NY, USA, Article 12, 10 pages." (the number is the page where no
    pages are read, never the volume or the issue; `_acm_volume_and_issue` reads a
    journal's)."""
    for k in range(1, len(toks) - 1):
        if toks[k].text != "Article":
            continue
        if labels[k] == "page" and labels[k + 1] == "page":
            labels[k] = "O"
            return
        if toks[k + 1].kind != KIND_NUM or toks[k - 1].text not in (",", "."):
            return
        if labels[k + 1] not in ("volume", "issue", "O"):
            return
        if labels.count("volume") == 1 and labels[k + 1] == "volume" and "page" in labels:
            labels[k + 1] = "O"  # (the volume elsewhere is the journal's)
        elif "page" not in labels:
            labels[k + 1] = "page"
        return


def _book_title_before_its_edition_read_as_a_container(toks: list[Tok], labels: list[str]) -> None:
    """The ACM Reference Format's book "David Kosiur. 2001. Understanding Policy-Based
    Networking (2nd. ed.). Wiley, New York, NY.": with no title read, a container run right
    after the names' or the date's sentence (no "In" before it), before its edition in
    brackets, is the book's title, and the bracket's "2nd. ed." the edition (the "ed." read
    as an editors' mark made the book a chapter's)."""
    a, b = _first_run(labels, "container-title")
    if a == b or b + 5 >= len(toks) or toks[a - 1].text != ".":
        return
    if toks[b].text == "." and toks[b + 1].text == "(":
        b += 1  # (acmart's biblatex: "Networking. (2nd. ed.).")
    if toks[b].text != "(" or _in_right_before(toks, labels, a) >= 0:
        return
    if any(lab not in _BEFORE_THE_TITLE for lab in labels[:a]):
        return
    c = next((m for m in range(b + 1, min(len(toks), b + 8)) if toks[m].text == ")"), -1)
    if c < 0 or toks[c - 1].text != "." or toks[c - 2].text.lower() not in ("ed", "edn"):
        return
    if toks[b + 1].kind != KIND_NUM and toks[b + 1].text.lower() not in EDITION_WORDS:
        return
    _relabel(labels, a, _run_end(labels, a), "title")
    _relabel(labels, b + 1, c, "edition")


def _book_after_the_title_before_a_series(toks: list[Tok], labels: list[str]) -> None:
    """AMS's chapter "K. Ode, Graph routing, Topics in graph theory, Lecture Notes in Math.,
    vol. 2234, Springer, 2019, pp. 45-67." and "..., Graphs and applications (Oslo, 2018),
    Contemp. Math., vol. 712, ...": no "In", the book after the title's last comma, then a
    series with its "vol." (read as the series or as the journal): the book is the container
    and the journal read so the series."""
    a, b = _first_run(labels, "title")
    if b - a < 4 or labels.count("title") != b - a:
        return
    if any(t.text in _QUOTE_MARKS for t in toks[max(0, a - 1) : b + 1]):
        return  # (IEEE's '“Title, with a comma,” Journal, vol. 21': a journal's article)
    series = "collection-title" if "collection-title" in labels else "container-title"
    if series not in labels or (series == "container-title" and "collection-title" in labels):
        return
    c, d = _first_run(labels, series)
    if c < b:
        return
    v = _past_punctuation(toks, labels, d)
    if (
        v + 1 >= len(toks)
        or toks[v].text.lower() not in ("vol", "volume")
        or "volume" not in labels
    ):
        return
    k = b
    if toks[k].text == "(":  # the meeting's place and year ("(Oslo, 2018)")
        close = next((m for m in range(k + 1, min(len(toks), k + 8)) if toks[m].text == ")"), -1)
        if close < 0:
            return
        k = close + 1
    if any(
        lab != "O" or t.kind != KIND_PUNCT for t, lab in zip(toks[k:c], labels[k:c], strict=True)
    ):
        return
    cut = next((m for m in range(b - 2, a + 1, -1) if toks[m].text == ","), -1)
    if cut < 0 or not toks[cut + 1].text[:1].isupper() or cut - a < 2:
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")
    if series == "container-title":
        _relabel(labels, c, d, "collection-title")


# APA 7's descriptions of a talk in brackets after its title ("[Paper presentation]")
_TALK_WORDS = word_set("presentation poster session address symposium talk")


def _event_after_a_talk_s_description(toks: list[Tok], labels: list[str]) -> None:
    """APA 7's "Title [Paper presentation]. 12th Graph Congress, Oslo, Norway.": with no
    container, the words after the bracketed description of a talk, up to the place's
    comma, read as a note (or as a second title: "APA 2019 Convention"), are the meeting
    (the container)."""
    if "container-title" in labels:
        return
    n = len(toks)
    for k in range(2, n - 3):
        if toks[k].text != "]" or toks[k + 1].text != ".":
            continue
        if toks[k - 1].text.lower() not in _TALK_WORDS:
            continue
        s = k + 2
        if labels[s] not in ("note", "O", "title") or not (
            toks[s].text[:1].isupper() or toks[s].kind == KIND_NUM
        ):
            return
        if labels[s] == "title" and _first_run(labels, "title")[0] == s:
            return  # (the entry's only title: "[Paper presentation]" closed no title)
        e = s
        while e < n and labels[e] == labels[s] and toks[e].text not in (",", "."):
            e += 1
        if e - s >= 2:
            _relabel(labels, s, e, "container-title")
        return


def _venue_read_as_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """Elsevier's "Scalable graph mining, in: ICDM, IEEE, 2019, pp. 123-132": a venue's
    acronym after "in:", with no editors' mark after it and no container, read as the
    editors, is the venue."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "editor")
    if run is None:
        return
    a, b = run
    if _in_right_before(toks, labels, a) < 0 or b - a > 2:
        return
    if not all(len(t.text) >= 3 and t.text.isupper() for t in toks[a:b] if t.kind != KIND_PUNCT):
        return
    k = _past_punctuation(toks, labels, b)
    if k < len(toks) and toks[k].text.lower() in _EDITOR_MARK:
        return
    _relabel(labels, a, b, "container-title")


def _title_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Katz Jonathan, L'Invention de l'hétérosexualité, Paris, EPEL, 2001": no title, and
    a comma-separated chunk of the name list holding a word in lower case that no name
    holds (not a particle, not "and"): that chunk and the rest of the run are the title.
    A chunk opens after an initial's period too ("Ode K. Grafos y sociedad. Madrid")."""
    if "title" in labels:
        return
    a, b = _first_run(labels, "author")
    if b - a < 4:
        return
    start = -1
    for k in range(a + 1, b):
        t = toks[k]
        if t.kind == KIND_WORD and (
            toks[k - 1].text == ","
            or (
                k - 2 > a
                and toks[k - 1].text == "."
                and toks[k - 2].kind == KIND_WORD
                and toks[k - 2].text.isupper()
                and len(toks[k - 2].text) <= 2
            )
        ):
            start = k  # a chunk opens here
        if start < 0 or t.kind != KIND_WORD or len(t.text) < 5 or not t.text.islower():
            continue
        low = t.text
        if toks[k - 1].text in ("-", "\u2010") or low.split("'")[0] in PARTICLES:
            continue  # "Gan -dorfer": a name broken at a line end
        if low.startswith(("and", "et")):
            continue  # "l'hétérosexualité" counts, "d'Alembert" and a glued "andm" not
        if not toks[start].text[:1].isupper() or len(toks[start].text) < 2:
            continue
        _relabel(labels, start, b, "title")
        labels[start - 1] = "O"
        return


def _vancouver_initials(tok: Tok) -> bool:
    """ "K", "JB", "ABC": a Vancouver name's initials, printed without periods."""
    return tok.kind == KIND_WORD and 1 <= len(tok.text) <= 3 and tok.text.isupper()


def _vancouver_title_after_the_initials(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode K. Graph Colouring. Graph Press; 2019.": no title, and a name list in
    Vancouver's form (family names, then initials without periods, set apart by commas)
    whose run goes on past the period after the last initials: what follows is the title
    (a Vancouver name never ends with a word that is no initials)."""
    if "title" in labels:
        return
    a, b = _first_run(labels, "author")
    if a != 0 or b - a < 4:
        return
    k = next((k for k in range(a + 2, b - 1) if toks[k].text == "."), -1)
    if k < 0 or not _vancouver_initials(toks[k - 1]) or toks[k - 2].kind != KIND_WORD:
        return
    if b - a == 4:
        _one_word_title_of_a_vancouver_entry(toks, labels, k, b)
        return
    chunks: list[list[Tok]] = [[]]
    for t in toks[a:k]:
        if t.text == ",":
            chunks.append([])
        else:
            chunks[-1].append(t)
    for chunk in chunks:
        if len(chunk) < 2 or not _vancouver_initials(chunk[-1]):
            return
        if not all(_is_capitalised(t) or t.text in ("-", "'") for t in chunk[:-1]):
            return
    rest = toks[k + 1 : b]
    words = [t for t in rest if t.kind == KIND_WORD]
    if len(words) < 2 or not _is_capitalised(rest[0]) or _vancouver_initials(rest[0]):
        return
    if any(t.text in (",", ";", "&", "and", "et") for t in rest) or _vancouver_initials(words[-1]):
        return  # more names ("Ode K. Abe R, Sato J", "Kenji K. Ode and Rui Abe")
    labels[k] = "O"
    _relabel(labels, k + 1, b, "title")


def _one_word_title_of_a_vancouver_entry(
    toks: list[Tok], labels: list[str], k: int, b: int
) -> None:
    """ "Smith J. Hypertension. Lancet. 2001;357:100-5.", "Knuth D. Typesetting. Reading:
    Addison-Wesley; 1986.": one name, its initial's period and a title of one word read as a
    name written given name first ("Donald E. Knuth." reads the same). Only in an entry
    that ends as Vancouver's do, a semicolon right after or before its year, which no style
    writing given names first prints."""
    word = toks[k + 1]
    if b >= len(toks) or toks[b].text != "." or len(word.text) < 4 or not word.text.isalpha():
        return
    if not (word.text[:1].isupper() and word.text[1:].islower()):
        return
    vancouver = any(
        t.kind == KIND_NUM
        and len(t.text) == 4
        and labels[m] == "issued"
        and ((m + 1 < len(toks) and toks[m + 1].text == ";") or toks[m - 1].text == ";")
        for m, t in enumerate(toks[b:], start=b)
    )
    if vancouver:
        labels[k] = "O"
        labels[k + 1] = "title"


# Articles that open a title and no name ("The Prelude", "Il nome della rosa", "Die
# protestantische Ethik"); "La", "Le", "El" and "L'" open family names too ("La Rocca").
_TITLE_ARTICLES = word_set("The An Il Lo Gli Los Las Les Un Una Une Uno Der Die Das Ein Eine Os As")
_NAME_ARTICLES = frozenset(("La", "Le", "El", "L"))


def _title_opening_with_an_article_in_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Bourdieu, Pierre, La Distinction, Paris, Minuit", "Hannah Arendt, The Human
    Condition": a chunk of the name list after a comma that opens with an article, after a
    first name written out in full, is the title, to the run's end (where the article opens
    family names too, "La Rocca, Luigi", the run's last chunk only); a title the tagger read after
    the run goes on from it ("La Distinction. Critique sociale du jugement"). Names with
    initials before the chunk ("Das S, Lo R.") are a list of surnames and initials."""
    a, b = _first_run(labels, "author")
    if b - a < 5:
        return
    if not (toks[a].kind == KIND_WORD and len(toks[a].text) > 1 and toks[a].text[1:].islower()):
        return  # a name written in full opens the run ("Bourdieu", "Hannah"), not "J."
    for k in range(a + 2, b - 1):
        before = toks[k - 1]
        if before.kind == KIND_WORD and len(before.text) <= 3 and before.text.isupper():
            return  # initials ("Das S, Lo R."): names are not written out in full
        if before.text != "," or toks[k].text not in _TITLE_ARTICLES | _NAME_ARTICLES:
            continue
        e = k + 1
        if toks[k].text == "L" and toks[e].text in ("'", "\u2019"):
            e += 1
        words = [t for t in toks[e:b] if t.kind == KIND_WORD]
        if not words or toks[e].kind != KIND_WORD:
            continue
        if toks[k].text in _NAME_ARTICLES and any(t.text == "," for t in toks[k:b]):
            continue  # "La Rocca, Luigi": a family name
        if toks[k - 2].text.lower() in ("and", "und", "et", "y", "e", "&"):
            continue
        chunk = _words_of(toks, k, b)
        if PUBLISHER_WORDS.search(chunk):
            return  # "The Community Builders": a body among the authors
        _relabel(labels, k, b, "title")
        labels[k - 1] = "O"
        d = _past_punctuation(toks, labels, b)
        if d < len(labels) and labels[d] == "title" and toks[b].text in ".:":
            _relabel(labels, b, d, "title")
        return


# What follows a book's title in a note or a humanities list ("trans. A. Sheridan",
# "ed. M. Ode", "(New York: Vintage, 1977)", "Paris, Minuit").
_AFTER_A_BOOKS_TITLE = frozenset(("trans", "transl", "tr", "ed", "eds", "edited", "translated"))


def _title_before_the_imprint_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "David Ode, Graph Theory (Boulder: Graph Press, 1998)", "Ode, Jan, Graphen und
    Netze, Berlin, Graf, 1922", "Ode, Anna, Mein Graph, trans. J. Abe": no title read, and
    the name list is one name (written out in full, or initials before the family name:
    "S. Ode, Graphen (Oslo: Graf, 1967)") and one more chunk after a comma, with no initial
    or particle, before the book's imprint or a translator's or editor's mark, and no
    journal after it: that chunk is the title."""
    if "title" in labels or "container-title" in labels:
        return
    a, b = _first_run(labels, "author")
    if b - a < 4 or b >= len(toks):
        return
    d = _past_punctuation(toks, labels, b)
    if d >= len(toks):
        return
    nxt = toks[d].text.lower()
    if not (
        labels[d] in ("publisher-place", "publisher")
        or (toks[d - 1].text == "(" and labels[d] in ("O", "publisher-place", "publisher"))
        or (nxt in _AFTER_A_BOOKS_TITLE and toks[b].text == ",")
    ):
        return
    end = b - 1 if toks[b - 1].text == "," else b
    commas = [k for k in range(a, end) if toks[k].text == ","]
    if not commas:
        return
    # the chunk after the first name: the second comma's for "Family, Given, Title"
    first = [t for t in toks[a : commas[0]] if t.kind == KIND_WORD]
    c = commas[1] if len(first) == 1 and len(commas) >= 2 else commas[0]
    if c != commas[-1]:
        return  # more names after the chunk
    chunk = toks[c + 1 : end]
    words = [t for t in chunk if t.kind == KIND_WORD]
    if not words or not words[0].text[:1].isupper():
        return
    if any(t.text.lower() in ("and", "&", "et", "und", "y", "e") for t in toks[a:c]):
        return  # several authors

    if any(t.text in PARTICLES for t in (*first, *words)) or any(
        _reads_as_initials(t) for t in words
    ):
        return  # a particle or an initial: names ("Ode, K., Leopold von")
    # initials in the first name only before its family name ("S. Ode, Graphen"), where the
    # chunk after it cannot be the given name of a family name first ("Ode, K., Leopold")
    given_first = (
        len(first) >= 2 and _reads_as_initials(first[0]) and not _reads_as_initials(first[-1])
    )
    if not given_first and any(_reads_as_initials(t) for t in first):
        return
    if any(t.kind not in (KIND_WORD, KIND_PUNCT) or t.text in "()[];" for t in chunk):
        return
    _relabel(labels, c + 1, end, "title")
    labels[c] = "O"


def _editors_read_into_the_book(toks: list[Tok], labels: list[str]) -> None:
    """ "in P. B. Ode (a cura di), Note di grafi", "In What Is a Graph? Tim Ode, ed. Pp.
    84-99": a chapter's editors read into the book's name, before their mark in brackets
    or before ", ed.", are the editors."""
    if "editor" in labels:
        return
    a, b = _first_run(labels, "container-title")
    if a == b:
        return
    if "(" in [t.text for t in toks[a : min(a + 8, b)]]:
        texts = [t.text.lower() for t in toks[a:b]]
        o = texts.index("(")
        close = texts.index(")", o) if ")" in texts[o:] else -1
        mark = texts[o + 1 : close]
        if close < 0 or not (
            mark == _A_CURA_DI or (0 < len(mark) <= 2 and mark[0] in _EDITOR_MARK)
        ):
            return
        names = toks[a : a + o]
        if not names or not all(t.text[:1].isupper() or t.kind == KIND_PUNCT for t in names):
            return
        k = a + close + 1
        while k < b and toks[k].kind == KIND_PUNCT:
            k += 1
        if k == b and _next_label(toks, labels, b) != "container-title":
            return  # no book's name after the mark
        _relabel(labels, a, a + o, "editor")
        _relabel(labels, a + o, k, "O")
        return
    # ", ed." after the run: its last two capitalised words are the editor
    k = _past_punctuation(toks, labels, b)
    if k >= len(toks) or toks[k].text.lower() not in ("ed", "eds") or toks[b].text != ",":
        return
    if b - a < 4 or not all(t.kind == KIND_WORD and _is_name_word(t.text) for t in toks[b - 2 : b]):
        return
    if toks[b - 3].kind == KIND_WORD and _is_name_word(toks[b - 3].text):
        return  # three capitalised words: a title's end as much as a name
    _relabel(labels, b - 2, b, "editor")


def _is_name_word(text: str) -> bool:
    """A capitalised word as names are written ("Tim", "Ode"), not in capitals."""
    return len(text) > 1 and text[:1].isupper() and text[1:].islower()


def _translator_opening_the_container(toks: list[Tok], labels: list[str]) -> None:
    """MLA's "“Notes on the Phantom.” Trans. Nicholas Rand. Critical Inquiry 13.2": the
    translator's "Trans." and name read as the journal's head are no part of it."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if toks[a].text.lower() not in ("trans", "transl", "tr") or b - a < 5:
        return
    k = a + 1
    if toks[k].text == ".":
        k += 1
    e = k
    while e < b:
        if toks[e].kind == KIND_WORD and toks[e].text[:1].isupper():
            e += 1
        elif toks[e].text == "." and e > k and len(toks[e - 1].text) == 1:
            e += 1  # an initial's period ("W. D. Ross")
        else:
            break
    if e >= b - 1 or toks[e].text != "." or e - k < 2:
        return  # (one word, "Trans. Amer. Math. Soc.": the Transactions' own name)
    _relabel(labels, a, e + 1, "O")


# A report's genre ("Tech. Rep."); _NUMBERED_KINDS are the kinds a bracket names before "No.",
# and csltype's _REPORT is searched in the whole entry for its type.
_REPORT_WORDS = word_set("tech technical rep report working paper memorandum memo")


# The words of a report's kind printed before its number ("Tech. rep. 98-17", "Working
# Paper 412", "Discussion Paper No. 7"), and the last word such a kind ends with.
_REPORT_KIND_WORDS = _REPORT_WORDS | word_set("discussion research occasional staff policy")
_REPORT_KIND_ENDS = word_set("rep report paper papers memo memorandum")
# What the number after a report's kind may have been read as
_REPORT_NUMBER_READ_AS = frozenset({"page", "volume", "issue", "O", "number"})
# A report's code opening its number in capitals ("GL-TR-2011-04", "TR-7")
_REPORT_CODE = re.compile(r"[A-Z]{1,6}(?:-[A-Z]{1,6})*")


def _report_number_after_its_kind(toks: list[Tok], labels: list[str]) -> None:
    """ "Tech. rep. 98-17. Austin, Tex.: University of Texas", "Working Paper 412, Northfield
    University": the number printed after a report's kind is the report's number (never
    its pages or volume), and the kind read as a container is the genre."""
    n = len(toks)
    for k in range(n - 1):
        if toks[k].text.lower() not in _REPORT_KIND_ENDS or labels[k] not in (
            "genre",
            "container-title",
        ):
            continue
        lab = labels[k]
        a = k
        while a > 0 and labels[a - 1] == lab:
            a -= 1
        words = [t.text.lower() for t in toks[a : k + 1] if t.kind == KIND_WORD]
        if not words or any(w not in _REPORT_KIND_WORDS for w in words):
            continue
        j = k + 1
        if j < n and toks[j].text == "." and toks[j].start == toks[k].end:
            j += 1
        if j + 1 < n and toks[j].text.lower() in ("no", "nr") and toks[j + 1].text == ".":
            j += 2
        if j >= n or not (toks[j].kind == KIND_NUM or _REPORT_CODE.fullmatch(toks[j].text)):
            continue
        e = j + 1  # the number and what is glued to it ("98-17", "TR-7/2", "GL-TR-2011-04")
        while (
            e + 1 < n
            and toks[e].text in ("-", "/", ".")
            and toks[e].start == toks[e - 1].end
            and toks[e + 1].start == toks[e].end
            and toks[e + 1].text[:1].isalnum()
        ):
            e += 2
        if e < n and toks[e].text[:1].isalnum():
            continue
        if toks[j].kind != KIND_NUM and not any(t.kind == KIND_NUM for t in toks[j:e]):
            continue  # (letters alone: no number)
        if any(
            lab2 not in _REPORT_NUMBER_READ_AS and not (lab2 == "genre" == lab)
            for lab2 in labels[j:e]
        ):
            continue
        if all(lab2 == "number" for lab2 in labels[j:e]) and lab == "genre":
            continue
        _relabel(labels, j, e, "number")
        if lab == "container-title":
            _relabel(labels, a, k + 1, "genre")


def _institution_read_as_a_container(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's "“Title,” NASA, Tech. Rep., 1988.", "“Title,” FAA Technical Center, Pomona,
    New Jersey, Tech. Rep.": the container read before a report's genre (past its place)
    is the institution that issued it."""
    if "publisher" in labels or "genre" not in labels:
        return
    if any(lab in ("volume", "issue", "page") for lab in labels):
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    k = _past_punctuation(toks, labels, b)
    while k < len(toks) and labels[k] == "publisher-place":
        k += 1
    k = _past_punctuation(toks, labels, k)
    if k >= len(toks) or labels[k] != "genre" or toks[k].text.lower() not in _REPORT_WORDS:
        return
    _relabel(labels, a, b, "publisher")
    # "Graph Labs, Oslo, Norway": the place after the institution's first comma
    c = next((m for m in range(a + 1, b) if toks[m].text == ","), -1)
    if c > 0 and _reads_as_a_place(toks, c + 1, b):
        labels[c] = "O"
        _relabel(labels, c + 1, b, "publisher-place")


def _place_and_publisher_read_as_a_note(toks: list[Tok], labels: list[str]) -> None:
    """ "... Language Studies, 13-42. Jerusalem: Magnes.", "Dordrecht: D. Reidel.": a note
    that is a place, a colon and a name, where no publisher was read, is the place and the
    publisher."""
    if "note" not in labels:
        return
    if "publisher" in labels or "publisher-place" in labels:
        return
    a, b = _first_run(labels, "note")
    if any(lab not in ("O", "note") for lab in labels[b:]):
        return  # ("Special Issue: Belief Change, 17(3)": the note is no entry's end)
    colon = [m for m in range(a, b) if toks[m].text == ":"]
    if len(colon) != 1:
        return
    c = colon[0]
    end = b - 1 if toks[b - 1].text == "." else b
    place, name = toks[a:c], toks[c + 1 : end]
    if not 1 <= len(place) <= 4 or not 1 <= len(name) <= 6:
        return
    for t in (*place, *name):
        if t.kind == KIND_NUM or (t.kind == KIND_WORD and not t.text[:1].isupper()):
            return
    if not place[0].text[:1].isupper() or any(t.text in "()[]" for t in (*place, *name)):
        return
    _relabel(labels, a, c, "publisher-place")
    labels[c] = "O"
    _relabel(labels, c + 1, end, "publisher")
    if end < b:
        labels[end] = "O"


def _page_read_into_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """IOP's "Bender C M 2005 Contemp. Phys. 46 277.": a volume run of two numbers apart by
    a space, where no page was read, is the volume and the page."""
    if "page" in labels:
        return
    run = _only_run(labels, "volume")
    if run is None:
        return
    a, b = run
    if b - a != 2 or toks[a].kind != KIND_NUM or toks[a + 1].kind != KIND_NUM:
        return
    if toks[a + 1].start > toks[a].end:
        labels[a + 1] = "page"


def _year_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode, R. Script recognition with feature maps 1990 Connection Science 2 83--101": no
    date, and a year standing alone inside the title after its second word: the year is
    the date, the title ends before it, and capitalised words after it in the title run
    are the journal, where none was read."""
    if "issued" in labels:
        return
    a, b = _first_run(labels, "title")
    for k in range(a + 2, b):
        t = toks[k]
        if not (YEAR_RE.fullmatch(t.text) and 1900 <= int(t.text) <= 2030):
            continue
        if toks[k - 1].kind != KIND_WORD or toks[k - 1].end == t.start:
            return  # "Planck2013", "Act of 1992" is printed as part of a name
        if toks[k - 1].text.lower() in _YEAR_HEADS:
            return
        rest = toks[k + 1 : b]
        if rest and (
            "container-title" in labels
            or rest[0].kind != KIND_WORD
            or not rest[0].text[:1].isupper()
        ):
            return  # "with full 2016 dataset using ...": a year the title speaks of
        labels[k] = "issued"
        if rest:
            _relabel(labels, k + 1, b, "container-title")
        return


# Words a year printed inside a title follows ("since 1970", "Act of 1992").
_YEAR_HEADS = word_set("of in since from to until after before and or the circa c ca")


def _year_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ACS's "J. Opt. Soc. Am. 1982, 72, 899.": no date, and the journal followed by a year
    read as a volume, then the volume itself: the year is the date."""
    if "issued" in labels:
        return
    runs = _first_two_runs(labels, "volume")
    if runs is None:
        return
    (a, b), (c, _) = runs
    if b - a != 1 or not YEAR_RE.fullmatch(toks[a].text) or a == 0:
        return
    if labels[a - 1] != "container-title" or _past_punctuation(toks, labels, b) != c:
        return
    labels[a] = "issued"


def _second_date_explains_the_first(toks: list[Tok], labels: list[str]) -> None:
    """Two dates read where one is meant: "Phys. Rev. D 29, 1763 (1984)." (the number after
    the volume is the page when the year follows in brackets), "British Fiction since 1970.
    ... 2005" (a year after "since" or "of" inside a name is the name's)."""
    runs = _first_two_runs(labels, "issued")
    if runs is None:
        return
    (a, b), (c, d) = runs
    if b - a != 1 or d - c != 1:
        return
    bracketed = c > 0 and toks[c - 1].text == "(" and d < len(toks) and toks[d].text == ")"
    after_volume = a >= 2 and toks[a - 1].text == "," and labels[a - 2] == "volume"
    if bracketed and "page" not in labels and after_volume and toks[a].kind == KIND_NUM:
        labels[a] = "page"
        return
    named = a >= 1 and toks[a - 1].text.lower() in _YEAR_HEADS
    if named and labels[a - 1] in ("title", "container-title"):
        labels[a] = labels[a - 1]
    elif (
        named and a >= 2 and labels[a - 1] == "O" and labels[a - 2] in ("title", "container-title")
    ):
        labels[a - 1] = labels[a] = labels[a - 2]  # ("... Trigger System in 2010, Eur. Phys.")


def _volume_before_the_bracketed_year(toks: list[Tok], labels: list[str]) -> None:
    """Elsevier's physics style "Mon. Not. R. Astron. Soc. 337 (2002) 488": no volume, and
    a page read on each side of the bracketed year: the first is the volume."""
    if "volume" in labels:
        return
    runs = _first_two_runs(labels, "page")
    if runs is None:
        return
    (a, b), (c, _) = runs
    if b - a != 1 or toks[a].kind != KIND_NUM or c != b + 3:
        return
    if toks[b].text != "(" or toks[b + 2].text != ")" or labels[b + 1] != "issued":
        return
    labels[a] = "volume"


def _volume_left_before_the_bracketed_year(toks: list[Tok], labels: list[str]) -> None:
    """ "JINST, 3 (2008) S08006": no volume read, and a lone number left unlabelled between
    the journal and a bracketed year is the volume; a letter glued to the page after the
    year is the page's."""
    if "volume" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    k = run[1]
    if k < len(toks) and toks[k].text == "," and labels[k] == "O":
        k += 1
    if k + 3 >= len(toks) or toks[k].kind != KIND_NUM or labels[k] != "O":
        return  # ("JHEP 05 (2005) 066" read as the issue stays: the month, as GROBID reads it)
    if toks[k + 1].text != "(" or labels[k + 2] != "issued" or toks[k + 3].text != ")":
        return
    labels[k] = "volume"
    p = k + 4
    if (
        p + 1 < len(toks)
        and labels[p] == "O"
        and labels[p + 1] == "page"
        and toks[p].kind == KIND_WORD
        and len(toks[p].text) == 1
        and toks[p].end == toks[p + 1].start
    ):
        labels[p] = "page"


def _korean_journal_before_its_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "..., 서울법학 제26권 2호, ...", "... 고찰, 무용역사기록학 제32집, 2014.": the Hangul words
    between the last comma and "제" + a number + its mark are the journal, where none was
    read."""
    if "container-title" in labels:
        return
    for k in range(1, len(toks) - 2):
        if toks[k].text != "\uc81c" or toks[k + 1].kind != KIND_NUM:
            continue
        if _CJK_NUMBER_MARKS.get(toks[k + 2].text) not in ("volume", "issue"):
            continue
        s = k
        while s > 0 and toks[s - 1].text != "," and _HANGUL.search(toks[s - 1].text):
            s -= 1
        if s in (k, 0) or toks[s - 1].text != ",":
            return
        _relabel(labels, s, k, "container-title")
        labels[k] = "O"
        if labels[s - 1] == "title":
            labels[s - 1] = "O"
        return


# What a Korean society's or institute's name ends with ("한국기록관리학회", "인문과학연구소")
_KOREAN_BODY = re.compile("(?:학회|연구소|연구원|협회|학술원)$")


def _korean_society_before_its_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "..., 해양환경안전학회, 해양환경안전학회지, 제23권": a container run of a society's (or an
    institute's) name, a comma or a full stop, then the journal's: the society is the
    publisher, where none was read."""
    if "publisher" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    for k in range(a + 1, b - 1):
        if toks[k].text not in (",", ".") or not _KOREAN_BODY.search(toks[k - 1].text):
            continue
        if not _HANGUL.search(toks[k + 1].text):
            return
        _relabel(labels, a, k, "publisher")
        labels[k] = "O"
        return


def _korean_journal_glued_to_its_number(toks: list[Tok], labels: list[str]) -> None:
    """ "... 대하여 조선고고연구-1.", "..., 고고학9-2호.", "..., 문화재12, 국립문화재연구소.",
    "..., 인문학연구 25-2, ...": with no journal read, a Hangul word that a number follows
    (glued, or after a dash or a space; a second number after a dash, "호" after it), at the
    end of the title's run or read as a volume or a page, is the journal, the numbers its
    volume and issue."""
    if "container-title" in labels:
        return
    n = len(toks)
    for k in range(1, n - 1):
        w = toks[k]
        if w.kind != KIND_WORD or not _HANGUL.search(w.text) or labels[k] == "author":
            continue
        j = k + 1
        if toks[j].text == "-" and toks[j].start == w.end:
            j += 1
        if j >= n or toks[j].kind != KIND_NUM or len(toks[j].text) > 3:
            continue
        e = j + 1
        issue = -1
        if e + 1 < n and toks[e].text == "-" and toks[e + 1].kind == KIND_NUM:
            issue, e = e + 1, e + 2
        if e < n and toks[e].text == "\ud638":
            e += 1
        if e < n and toks[e].text not in (",", "."):
            continue
        before = labels[k - 1]
        body = -1  # "인문학연구 25-2, 충남대학교 인문과학연구소": the institute the title ran into
        if e < n and labels[k] == "title" == labels[e] and toks[e].text == ",":
            f = e + 1
            while f < n and labels[f] == "title":
                f += 1
            if _KOREAN_BODY.search(toks[f - 1].text) and "publisher" not in labels:
                body = f
        if not (
            labels[k] in ("volume", "page")
            or (labels[k] == "title" and (e >= n or labels[e] != "title" or toks[e].text == "."))
            or body > 0
        ):
            continue
        if toks[k - 1].text != "," and before != "title":
            continue
        if toks[k - 1].text == "," and labels[k - 1] == "title":
            labels[k - 1] = "O"
        _relabel(labels, k, e, "O")
        labels[k] = "container-title"
        labels[j] = "volume"
        if issue > 0:
            labels[issue] = "issue"
        if body > 0:
            labels[e] = "O"
            _relabel(labels, e + 1, body, "publisher")
        return


def _book_after_in_read_as_a_second_title(toks: list[Tok], labels: list[str]) -> None:
    """German "„Titel?“. In: Sozialwissenschaften und Berufspraxis, Jg. 34, S. 141-154.": a
    second title run that opens with "In:" where no container was read is the container
    (without "In:" and a volume word at its end)."""
    if "container-title" in labels:
        return
    runs = _first_two_runs(labels, "title")
    if runs is None:
        return
    a, b = runs[1]
    if b - a < 3 or toks[a].text.lower() not in _IN_WORDS or toks[a + 1].text != ":":
        return
    e = b
    while e > a + 2 and (
        toks[e - 1].kind == KIND_PUNCT or toks[e - 1].text.lower() in _VOLUME_WORDS
    ):
        e -= 1
    if e == a + 2:
        return
    _relabel(labels, a, a + 2, "O")
    _relabel(labels, a + 2, e, "container-title")
    _relabel(labels, e, b, "O")


def _given_name_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """German "Ode, Anna: Graphen im Wandel.": a lone family name and its comma read as the
    names, then one capitalised word and a colon opening the title: that word is the
    given name."""
    a, b = _first_run(labels, "author")
    if b - a != 1 or b + 3 >= len(toks) or toks[b].text != ",":
        return
    g = b + 1
    if labels[g] != "title" or toks[g + 1].text != ":" or labels[g + 1] != "title":
        return
    word = toks[g].text
    if not (word.isalpha() and len(word) > 1 and word[:1].isupper() and word[1:].islower()):
        return
    if labels[g + 2] != "title":
        return
    _relabel(labels, b, g + 1, "author")
    labels[g + 1] = "O"


# Words a genre is named with ("Technical report", "PhD thesis", "Working paper", "[Data set]").
_GENRE_WORDS = word_set(
    "report rep tech technical thesis dissertation paper papers preprint manual memo "
    "memorandum note notes brief white data set dataset software computer program "
    "abstract poster presentation talk lecture slides review letter editorial comment "
    "phd ph master masters msc bachelor doctoral habilitation diploma arxiv e-prints "
    "eprints prints th\u00e8se these tese tesis disserta\u00e7\u00e3o m\u00e9moire"
)
# the words a genre's whole description is made of ("Unpublished technical report",
# "Working paper", "Annual report"): a genre's words, a report kind's, and what qualifies them
_GENRE_ONLY_WORDS = (
    _GENRE_WORDS
    | _REPORT_KIND_WORDS
    | word_set("reports unpublished d master's manuscript internal final annual interim")
)


# What closes a name list in place of more names: German "u. a.", Latin "et al.", "[u. a.]"
_MORE_NAMES = frozenset(("u", "a", "et", "al", ".", "[", "]"))


def _is_capitalised(tok: Tok) -> bool:
    return tok.kind == KIND_WORD and tok.text[:1].isupper()


def _family_first_name(seg: list[Tok]) -> bool:
    """ "van Rossum , Yiming", "Esposito , Mehmet F .": a family name of one to three words
    (particles in lower case), one comma, then given names or initials."""
    commas = [k for k, t in enumerate(seg) if t.text == ","]
    if len(commas) != 1:
        return False
    family, given = seg[: commas[0]], seg[commas[0] + 1 :]
    if not 1 <= len(family) <= 3 or not _is_capitalised(family[-1]):
        return False
    if any(t.kind != KIND_WORD for t in family):
        return False
    if any(t.text[:1].islower() and t.text not in PARTICLES for t in family):
        return False
    words = [t for t in given if t.text != "."]
    if not 1 <= len(words) <= 4 or not all(_is_capitalised(t) for t in words):
        return False
    if any(t.text == "." and (not k or len(given[k - 1].text) != 1) for k, t in enumerate(given)):
        return False
    # after an initial only initials: "Weiler, H.A. Vitamin D" opens the title (MDPI, ACS)
    first = next((k for k, t in enumerate(given) if t.text == "."), len(given))
    return all(len(t.text) == 1 for t in given[first:])


def _names_before_the_colon(toks: list[Tok], labels: list[str]) -> None:
    """DIN 1505's "Ode, Anna ; Abe, Rui Kenji ; u. a.: Graphen im Wandel. In: ...": names
    family first, set apart by semicolons, end at the first colon; the given names the
    tagger read into the title (or the names after a cut it made) are the names'."""
    if not toks or labels[0] != "author":
        return
    c = next((k for k, t in enumerate(toks) if t.text in (":", "\uff1a")), -1)
    if c < 5 or c + 1 >= len(toks) or labels[c + 1] != "title":
        return
    head = labels[:c]
    if "title" not in head or any(lab not in ("author", "title", "O") for lab in head):
        return
    segs: list[list[Tok]] = [[]]
    for t in toks[:c]:
        if t.text == ";":
            segs.append([])
        else:
            segs[-1].append(t)
    if segs[-1] and all(t.text.lower() in _MORE_NAMES for t in segs[-1]):
        segs.pop()
    if len(segs) < 2 or not all(_family_first_name(seg) for seg in segs):
        return
    _relabel(labels, 0, c, "author")
    labels[c] = "O"


# A volume's mark that a journal's name never ends with: German "Bd.", "Jg.", "Vol."
_VOLUME_MARKS = word_set("bd band jg jahrgang vol volume")


def _volume_mark_ending_the_container(toks: list[Tok], labels: list[str]) -> None:
    """DIN 1505's "In: Graph Lett. Bd. 3 (2010)": the volume's mark (and its period) that
    the tagger read as the end of the journal's name is no part of it."""
    for a, b in _runs_of(labels, "container-title"):
        end = b - 1 if toks[b - 1].text == "." else b
        k = end - 1
        if k <= a or toks[k].text.lower() not in _VOLUME_MARKS:
            continue
        if not any(t.kind == KIND_WORD for t in toks[a:k]):
            continue
        if _next_label(toks, labels, b) == "volume":
            _relabel(labels, k, b, "O")


def _marked_pages_read_as_a_year(toks: list[Tok], labels: list[str]) -> None:
    """ "Nr. 9, S. 1903-1932": a range after a page mark ("S.", "pp.") whose first number
    the tagger read as a year, where the entry has its year elsewhere, is the pages."""
    if labels.count("issued") < 2:  # (Labels count themselves: no walk for one date)
        return
    years = [k for k, lab in enumerate(labels) if lab == "issued"]
    for k in years:
        if k < 2 or k + 2 >= len(toks) or toks[k - 1].text != ".":
            continue
        if toks[k - 2].text not in _PAGE_ABBREVIATIONS or labels[k - 2] != "O":
            continue
        if toks[k + 1].text not in _RANGE_DASHES or toks[k + 2].kind != KIND_NUM:
            continue
        if labels[k + 2] not in ("page", "O") or not toks[k + 2].text.isdigit():
            continue
        if int(toks[k + 2].text) > int(toks[k].text):
            _relabel(labels, k, k + 3, "page")
        return


def _title_read_as_a_genre_without_one(toks: list[Tok], labels: list[str]) -> None:
    """ "Hamp-Lyons, L. & K. Courter (1984) Research matters. Rowley, Mass.: Newbury House.":
    no title, and a genre run of words no genre is named with, right after the names or
    the date: it is the title."""
    if "title" in labels or "genre" not in labels:
        return
    a, b = _first_run(labels, "genre")
    words = [t for t in toks[a:b] if t.kind == KIND_WORD]
    if len(words) < 2 or any(t.text.lower() in _GENRE_WORDS for t in words):
        return
    j = a - 1
    while j >= 0 and labels[j] == "O" and toks[j].kind == KIND_PUNCT:
        j -= 1
    if j < 0 or labels[j] not in ("author", "editor", "issued"):
        return
    _relabel(labels, a, b, "title")


def _title_head_before_a_colon(toks: list[Tok], labels: list[str]) -> None:
    """ "R Core Team (2021). R: A Language and Environment ...": one to three words and a
    colon the tagger left unlabelled between the date or the names and the title are the
    title's head."""
    a, b = _first_run(labels, "title")
    if a == b or a < 3 or toks[a - 1].text != ":" or labels[a - 1] != "O":
        return
    k = a - 1
    while k > 0 and labels[k - 1] == "O" and toks[k - 1].kind == KIND_WORD and a - k <= 3:
        k -= 1
    if k == a - 1 or toks[k].text.lower() in ("in", "available", "retrieved", "url"):
        return
    j = k
    while j > 0 and labels[j - 1] == "O" and toks[j - 1].kind == KIND_PUNCT:
        j -= 1
    if j in (k, 0) or labels[j - 1] not in ("issued", "author", "editor"):
        return
    _relabel(labels, k, a, "title")


def _year_inside_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Climate Change 2014: Synthesis Report. Geneva: IPCC; 2014.": a year read as the
    date between two parts of the title (printed with no punctuation before it), where the
    entry prints its date again later, is part of the title."""
    if labels.count("issued") < 2:
        return
    years = [k for k, lab in enumerate(labels) if lab == "issued"]
    if len(years) < 2:
        return
    y = years[0]
    if y < 2 or y + 2 >= len(toks) or labels[y - 1] not in ("title", "genre"):
        return
    if toks[y - 1].kind != KIND_WORD or not YEAR_RE.fullmatch(toks[y].text):
        return
    if not any(labels[k] == "issued" and YEAR_RE.fullmatch(toks[k].text) for k in years[1:]):
        return
    if toks[y + 1].text == ":" and labels[y + 2] == "title":
        labels[y + 1] = "title"
    elif labels[y + 1] != "title" and (
        toks[y + 1].text != "." or toks[y + 2].start == toks[y + 1].end
    ):
        return
    k = y
    while k > 0 and labels[k - 1] in ("title", "genre"):
        k -= 1
    _relabel(labels, k, y + 1, "title")


def _year_parting_the_title_and_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Granovetter, M. The Strength of Weak Ties 1973 American Journal of Sociology 78
    1360--1380": no date read, and a year with no punctuation around it inside the one run
    of the title or the journal, between words on both sides, right before the volume's run
    of the journal: the year is the date, the words before it the title, after it the
    journal."""
    if "issued" in labels:
        return
    for label in ("container-title", "title"):
        run = _only_run(labels, label)
        if run is None:
            continue
        a, b = run
        if a == 0 or "author" not in labels[:a]:
            return  # ("Ode J et al 2017 Acta Phys. 48": the names, not a title, before the year)
        years = [k for k in range(a + 2, b - 1) if YEAR_RE.fullmatch(toks[k].text)]
        if len(years) != 1:
            return
        y = years[0]
        if toks[y - 1].kind != KIND_WORD or toks[y + 1].kind != KIND_WORD:
            return
        if not toks[y + 1].text[:1].isupper():
            return
        if _next_label(toks, labels, b) not in ("volume", "page"):
            return
        if label == "title" and "container-title" in labels:
            return
        if label == "container-title" and "title" in labels:
            return
        _relabel(labels, a, y, "title")
        labels[y] = "issued"
        _relabel(labels, y + 1, b, "container-title")
        return


# The last word of a group that signs a paper with its members ("ALPHA Study Group").
_GROUP_WORDS = word_set(
    "group groups consortium collaboration collaborators investigators committee team "
    "network trialists initiative taskforce force panel contributors developers"
)
# The small words inside a journal's name ("Journal of Hospital Infection").
_JOURNAL_JOINERS = frozenset(("of", "and", "&", "the", "for", "in", "on", "de", "la", "für"))


def _capitalised_name(words: list[str]) -> bool:
    """Whether ``words`` are capitalised but for a journal's small words ("Panel on
    Climate Change", "Journal of Graph Infection"): a name, not a sentence."""
    return all(w[:1].isupper() or w in _JOURNAL_JOINERS for w in words)


# Words that make a capitalised phrase a body's name ("World Health Organization",
# "Intergovernmental Panel on Climate Change", "R Core Team").
_BODY_WORDS = word_set(
    "organization organisation panel institute institution association society committee "
    "council agency department ministry office bureau commission consortium foundation team "
    "group board administration federation union collaboration authority corporation "
    "academy academies survey service network library libraries project"
)


def _body_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "World Health Organization. Global tuberculosis report. Geneva; 2022.": an entry
    with no names whose title opens with a sentence of capitalised words naming a body,
    followed by more title: that sentence is the author."""
    if "author" in labels or "editor" in labels:
        return
    a, b = _first_run(labels, "title")
    into = "title"
    if a == b and "title" not in labels:
        # "OpenAI. ChatGPT. https://chat.openai.com, 2023.": the body and the title read
        # as one publisher opening the entry
        a, b = _first_run(labels, "publisher")
        into = "publisher"
    if a == b:
        return
    # (a country's initials the tagger left out of the title: "U.S. National Library")
    a = _country_initials_before(toks, labels, a)
    if any(t.kind in (KIND_WORD, KIND_NUM) for t in toks[:a]):
        return
    # (a title of one word after the body: "The Graph Project. GraphKit")
    cut = next((d for d in range(a + 1, b - 1) if _stop_ends_sentence(toks, d)), -1)
    # (or the comma after a body's name: "Graph Panel on Kernels in Cells, Scientific ...")
    comma = next((d for d in range(a + 1, b - 2) if toks[d].text == ","), -1)
    if comma > 0 and (cut < 0 or comma < cut):
        head = [t.text for t in toks[a:comma] if t.kind == KIND_WORD]
        if head and head[-1][:1].isupper() and any(w.lower() in _BODY_WORDS for w in head):
            cut = comma
    if cut < 0:
        return
    words = [t.text for t in toks[a:cut] if t.kind == KIND_WORD]
    # (a body known by one name: "OpenAI", "Google", "OECD")
    one = len(words) == 1 and is_corporate(words[0]) and words[0][:1].isupper()
    if not one and (not 2 <= len(words) <= 10 or not any(w.lower() in _BODY_WORDS for w in words)):
        return
    # capitalised words, or a team named in lower case ("The pandas development team")
    team = words[0] == "The" and len(words) <= 5 and words[-1].lower() in _GROUP_WORDS
    if not one and not team and not _capitalised_name(words):
        return
    if into == "publisher":
        if not any(t.kind == KIND_WORD for t in toks[cut + 1 : b]):
            return
        _relabel(labels, cut + 1, b, "title")
    _relabel(labels, a, cut, "author")
    labels[cut] = "O"


def _country_initials_before(toks: list[Tok], labels: list[str], a: int) -> int:
    """Where a body's name opening at ``a`` starts when a country's initials glued to it
    ("U.S.", "U.K.") stand unlabelled before it: their first token; else ``a``."""
    k = a
    while k >= 2 and toks[k - 1].text == "." and _is_initial(toks[k - 2]):
        if toks[k - 1].start != toks[k - 2].end or labels[k - 2] not in ("O", "title"):
            break
        if k < a and toks[k].start != toks[k - 1].end:
            break
        k -= 2
    return k if k < a and all(labels[m] in ("O", "title") for m in range(k, a)) else a


_GLUED_GROUP = re.compile(r"[A-Z][A-Za-z]+(?:Collaboration|Consortium|Team|Group)")


def _glued_group_opening_the_entry(toks: list[Tok], labels: list[str]) -> None:
    """ "PlanckCollaboration. 2014, A&A, 571": a text layer that lost the space in a
    group's name; with no author read, the word opening the entry that ends on a group's
    word, before a stop and the year, is the author."""
    if "author" in labels or "editor" in labels:
        return
    k = 0
    while k < len(toks) and labels[k] == "label":
        k += 1
    if k + 2 >= len(toks) or not _GLUED_GROUP.fullmatch(toks[k].text):
        return
    if toks[k + 1].text != "." or labels[k] not in ("container-title", "title", "O"):
        return
    if _next_label(toks, labels, k + 1) != "issued":
        return
    labels[k] = "author"


def _body_read_as_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Hugging Face. Transformers: State-of-the-art machine learning ... GitHub, 2020.": an
    entry with no names that opens with a container of one to five capitalised words, a
    period and then its title: that opening is the body that wrote it."""
    if "author" in labels or "editor" in labels:
        return
    a, b = _first_run(labels, "container-title")
    if a == b or any(t.kind in (KIND_WORD, KIND_NUM) for t in toks[:a]):
        return
    if b + 1 >= len(toks) or toks[b].text != "." or labels[b + 1] != "title":
        return
    words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 5 or len(words) != b - a:
        return
    if not all(w[:1].isupper() for w in words):
        return
    _relabel(labels, a, b, "author")


def _place_and_publisher_read_as_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Global tuberculosis report 2022. Geneva: World Health Organization; 2022.": a
    second title run shaped "Place: Name", with no publisher read, is the place and the
    publisher."""
    if "publisher" in labels or "publisher-place" in labels:
        return
    runs = _first_two_runs(labels, "title")
    if runs is None:
        return
    a, b = runs[1]
    colon = next((k for k in range(a + 1, min(b, a + 4)) if toks[k].text == ":"), -1)
    if colon < 0 or b - colon < 2:
        return
    place = [t.text for t in toks[a:colon]]
    name = [t.text for t in toks[colon + 1 : b] if t.kind != KIND_PUNCT]
    if not all(w[:1].isupper() and w.isalpha() for w in place) or len(name) > 8:
        return
    if not name or not _capitalised_name(name):
        return
    if _next_label(toks, labels, b) not in ("issued", "O", "URL", "note", "DOI"):
        return
    _relabel(labels, a, colon, "publisher-place")
    labels[colon] = "O"
    _relabel(labels, colon + 1, b, "publisher")


_SERIES = re.compile(
    r"\b(?:Lecture Notes|Texts|Series|Studies|Library|Monographs?|Tracts|Surveys|Topics|"
    r"Reihe|Schriften|Beihefte|Bibliotheca|Collection|Cahiers)\b"
)


def _series_after_volume_of(toks: list[Tok], labels: list[str]) -> None:
    """BibTeX's "The Graph Problem and Its Variations, volume 12 of Graph Optimization.
    Kluwer, 2002.": the series after "volume N of" read as the title, the book's title before
    it read as the container (no "In"): the book's title is the title, the series its
    container (as the real strings' labels have a series), N the volume."""
    n = len(toks)
    for k in range(1, n - 3):
        if toks[k].text.lower() not in ("volume", "vol") or labels[k] not in ("O", "volume"):
            continue
        v = k + 2 if toks[k + 1].text == "." else k + 1
        if v + 2 >= n or toks[v].kind != KIND_NUM or toks[v + 1].text != "of":
            continue
        s = v + 2
        if labels[s] != "title" or not toks[s].text[:1].isupper() or _after_in(toks, labels, k):
            return
        a, b = _first_run(labels, "container-title")  # the book's own title
        if a == b or _past_punctuation(toks, labels, b) != k:
            return
        e = s
        while e < n and labels[e] == "title":
            e += 1
        _relabel(labels, a, b, "title")
        _relabel(labels, k, s, "O")  # ("volume", "12", "of": the "of" may have been the title's)
        labels[v] = "volume"
        _relabel(labels, s, e, "container-title")
        return


# what a bracket closing a book says that is no series: how it was printed or is held
_NOT_A_SERIES = word_set(
    "unpublished xerox mimeo mimeographed typescript manuscript microfilm microfiche reprint "
    "reprinted translated translation chapter chapters abstract summary online"
)


def _french_collection_after_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """French "Paris, Classiques Garnier, coll. « Études », 2010.": the words between the
    place's comma and ", coll. « ... »" are the publisher (they were read with the series
    as a second title), and the words in the guillemets the collection."""
    n = len(toks)
    k = next(
        (
            m
            for m in range(3, n - 3)
            if toks[m].text.lower() in ("coll", "collection")
            and toks[m - 1].text == ","
            and "\u00ab" in (toks[m + 1].text, toks[m + 2].text)
        ),
        -1,
    )
    if k < 0 or "publisher" in labels[: k - 1]:
        return
    o = k + 1 if toks[k + 1].text == "\u00ab" else k + 2
    close = next((m for m in range(o + 1, n) if toks[m].text == "\u00bb"), -1)
    if close < o + 2:
        return
    p = k - 1
    while p > 0 and toks[p - 1].text not in (",", ":") and labels[p - 1] != "publisher-place":
        p -= 1
    if (
        p >= k - 1
        or labels[p - 1] not in ("O", "publisher-place")
        or not toks[p].text[:1].isupper()
    ):
        return
    if not any(lab == "publisher-place" for lab in labels[max(0, p - 4) : p]):
        return
    _relabel(labels, p, k - 1, "publisher")
    _relabel(labels, k - 1, o + 1, "O")
    _relabel(labels, o + 1, close, "collection-title")
    labels[close] = "O"


_SERIES_IN_BRACKETS_READ_AS = frozenset(
    (
        "publisher",
        "publisher-place",
        "container-title",
        "title",
        "note",
        "O",
        "volume",
        "edition",
        "issue",
    )
)


def _series_in_brackets_ending_a_book(toks: list[Tok], labels: list[str]) -> None:
    """ "Marseille : Éditions Parenthèses, 2007, 215 p. (Collection Architectures).", "Porto
    Alegre: Sulina, 2009. (Coleção Estudos Sociais, 4).", "Baden-Baden: Nomos, 2012
    (Schriftenreihe Europa, Bd. 8).": a bracket closing the entry after the book's imprint,
    opening with a capitalised word and holding no year, is the book's series (it was read
    as the publisher, which it took the place of, or as the container)."""
    e = len(toks)
    while e > 0 and toks[e - 1].text == "." and labels[e - 1] == "O":
        e -= 1
    if e < 4 or toks[e - 1].text != ")":
        return
    o = next((m for m in range(e - 2, 0, -1) if toks[m].text == "("), -1)
    if o < 1 or any(toks[m].text in "()" for m in range(o + 1, e - 1)) or o + 2 >= e:
        return
    if not ("publisher" in labels[:o] or "publisher-place" in labels[:o]):
        return
    if "issued" not in labels[:o] or not toks[o + 1].text[:1].isupper():
        return
    inner = range(o + 1, e - 1)
    if any(labels[m] not in _SERIES_IN_BRACKETS_READ_AS for m in inner):
        return
    if any(YEAR_RE.fullmatch(toks[m].text) for m in inner):
        return
    # a number only closing it, after a comma or a volume's mark ("Coleção X, 4", "Reihe, Bd. 8")
    if any(
        toks[m].kind == KIND_NUM or any(ch.isdigit() for ch in toks[m].text) for m in inner[:-1]
    ):
        return  # ("(Chapters 5.5 and 11)")
    text = _words_of(toks, o + 1, e - 1)
    words = [toks[m] for m in inner if toks[m].kind == KIND_WORD]
    if len(words) == 1 and (words[0].text.isupper() or is_city(text)):
        return  # ("Hannover (TIB)", "(Albany)": the body's acronym, a place)
    if _DEGREE_OR_REPORT.search(text) or any(w.text.lower() in _NOT_A_SERIES for w in words):
        return  # ("(Unpublished Doctor's Dissertation)", "(Xerox.)")
    _relabel(labels, o + 1, e - 1, "collection-title")
    labels[o] = labels[e - 1] = "O"
    if "title" not in labels:
        # ("QUEIROZ, D. Agricultura familiar. Goiânia: Editora UFG, 2013. (Coleção Campo, 3).":
        # the series had been read as the title, and the title left unlabelled)
        _unlabelled_sentence_after_the_names(toks, labels, imprint=True)


def _series_read_as_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Differential topology, Graduate Texts in Mathematics, vol. 33, Springer-Verlag":
    a book's series (its name says so) with its volume, read as the container of a book
    that names its publisher and no "In", is the series."""
    if "title" not in labels or "publisher" not in labels or "volume" not in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if any(t.text.lower() in ("in", "proc", "proceedings") for t in toks[max(0, a - 3) : a]):
        return
    if not _SERIES.search(_words_of(toks, a, b)):
        return
    j = b
    while (
        j < len(toks)
        and labels[j] == "O"
        and (
            toks[j].kind == KIND_PUNCT
            or toks[j].text.lower().rstrip(".") in ("vol", "vols", "volume")
        )
    ):
        j += 1
    if j >= len(toks) or labels[j] != "volume":
        return
    _relabel(labels, a, b, "collection-title")


def _series_with_pages_is_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Juncture and the phonology ... University of Massachusetts Occasional Papers in
    Linguistics, 8, 76-105.", "A tool for lap time simulation. SAE Technical Papers,
    (962529):153–157, 1996.": with a title, no container and no publisher, a series run with
    the pages after it (a volume between) is the periodical the paper is in."""
    if "container-title" in labels or "publisher" in labels or "page" not in labels:
        return
    if "title" not in labels:
        return
    run = _only_run(labels, "collection-title")
    if run is None or run[0] < _first_run(labels, "title")[1]:
        return
    a, b = run
    j = b
    while j < len(toks) and (
        (labels[j] == "O" and (toks[j].kind == KIND_PUNCT or toks[j].kind == KIND_NUM))
        or labels[j] in ("volume", "issue")
    ):
        j += 1
    if j >= len(toks) or labels[j] != "page":
        return
    _relabel(labels, a, b, "container-title")


_PERIODICAL_MISREAD = frozenset(("publisher-place", "publisher", "note"))


def _periodical_before_its_date(toks: list[Tok], labels: list[str]) -> None:
    """MLA's newspaper or magazine: '“How to Fix a Crowded World.” New York Times, November
    2, 1997, sec. 4, 1+.', '"Great Minds." Newsweek 27 May 2002.': with a title and no
    container, the capitalised words right after the title, before a day and a month,
    read as the place, the publisher or a note, are the periodical."""
    if "container-title" in labels:
        return
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b:
        return
    a = t_b
    while a < len(toks) and labels[a] == "O" and toks[a].kind == KIND_PUNCT:
        a += 1
    if a >= len(toks) or labels[a] not in _PERIODICAL_MISREAD:
        return
    lab = labels[a]
    b = a
    while (
        b < len(toks)
        and labels[b] == lab
        and toks[b].kind == KIND_WORD
        and toks[b].text.lower() not in ANY_MONTH
    ):
        b += 1
    words = toks[a:b]
    if not 1 <= len(words) <= 5 or not all(t.text[:1].isupper() for t in words):
        return
    if words[0].text.lower() in _ACCESS_WORDS:
        return  # APA's "Retrieved June 3, 2023, from https://...": the visit, no periodical
    if lab == "publisher-place" and is_city(_words_of(toks, a, b)):
        return
    k = b
    if k < len(toks) and toks[k].text == ",":
        k += 1
    day_first = (
        k + 1 < len(toks) and toks[k].kind == KIND_NUM and toks[k + 1].text.lower() in ANY_MONTH
    )
    month_first = (
        k + 1 < len(toks)
        and toks[k].text.lower() in ANY_MONTH
        and toks[k].text[:1].isupper()
        and toks[k + 1].kind == KIND_NUM
        and not YEAR_RE.fullmatch(toks[k + 1].text)
    )
    if not (day_first or month_first):
        return
    _relabel(labels, a, b, "container-title")
    if lab == "note":
        e = b
        while e < len(toks) and labels[e] == "note":
            e += 1
        _relabel(labels, b, e, "O")
        year = next((m for m in range(b, e) if YEAR_RE.fullmatch(toks[m].text)), -1)
        if year >= 0 and "issued" not in labels:
            labels[year] = "issued"


def _book_and_its_editors_read_as_editors(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's "In Famulus Christi, ed. Gerald Bonner.", "In Structural, Syntactic, and
    Statistical Pattern Recognition, eds. Terry Caelli, ...", "in D.R. Goyal, ed,
    Non-Alignment: Concepts and Concerns (Delhi: ...)": after "In", a book and its editors
    around the editor's mark, read as editors (the book too): of the two parts the one that
    is no list of names is the book, the container."""
    if "container-title" in labels or "editor" not in labels:
        return
    n = len(toks)
    i = next((k for k in range(1, n - 3) if toks[k].text.lower() == "in" and labels[k] == "O"), -1)
    if i < 0 or labels[i + 1] != "editor":
        return
    m = next(
        (
            k
            for k in range(i + 2, n - 1)
            if toks[k].text.lower() in ("ed", "eds") and labels[k] in ("editor", "O")
        ),
        -1,
    )
    if m < 0 or any(lab not in ("editor", "O") for lab in labels[i + 1 : m]):
        return
    left_end = m
    while left_end > i + 1 and toks[left_end - 1].kind == KIND_PUNCT:
        left_end -= 1
    r = m + 1
    while r < n and toks[r].kind == KIND_PUNCT and toks[r].text in ".,":
        r += 1
    e = r
    while e < n and labels[e] == "editor":
        e += 1
    while e > r and toks[e - 1].kind == KIND_PUNCT:
        e -= 1
    if left_end <= i + 1 or e <= r:
        return
    left_names, right_names = _names_to(toks, i + 1, left_end), _names_to(toks, r, e)
    if left_names and right_names:
        # both read as names ("In Famulus Christi, ed. Gerald Bonner"): "ed." before the
        # names is "edited by"; "Goyal, ed, Book": the mark after the names, a comma next
        by = toks[m + 1].text == "." and (m + 2 >= n or toks[m + 2].text != ",")
        left_names = not by
    elif left_names == right_names:
        return
    book = (r, e) if left_names else (i + 1, left_end)
    names = (i + 1, left_end) if left_names else (r, e)
    _relabel(labels, i + 1, max(e, m + 1), "O")
    _relabel(labels, *book, "container-title")
    _relabel(labels, *names, "editor")


_VALID_ROMAN = re.compile(
    r"(?=[MDCLXVI])M{0,3}(?:C[MD]|D?C{0,3})(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3})"
)


def _roman_volume_after_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Psychological Review, LXV, 1958, pp. 151-166.", "Harvard Business Review, XLIII
    (January-February, 1965), pp. 49-62.": no volume read, and a Roman numeral in capitals
    after the journal and its comma, read as the publisher or nothing, before the date or
    the pages, is the volume."""
    if "volume" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    k = run[1]
    if k + 1 >= len(toks) or toks[k].text != "," or labels[k] != "O":
        return
    k += 1
    word = toks[k].text
    if labels[k] not in ("O", "publisher") or len(word) < 2 or not _VALID_ROMAN.fullmatch(word):
        return
    if k + 1 < len(toks) and labels[k + 1] == labels[k] and toks[k + 1].kind == KIND_WORD:
        return  # more words after it: a name
    nxt = _next_label(toks, labels, k + 1)
    if nxt not in ("issued", "page") and not (k + 2 < len(toks) and toks[k + 1].text == "("):
        return
    labels[k] = "volume"
    for m in range(k + 1, len(toks)):  # the months in the date's brackets
        if labels[m] == "publisher" and toks[m].text.split("-")[0].lower() in ANY_MONTH:
            labels[m] = "O"


def _quoted_title_read_as_a_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Bude, Heinz (1997), 'Die 'Wir-Schicht' der Generation,' in Berliner Journal fur
    Soziologie, Vol. 7": no title, and two container runs, the first in quotation marks and
    the second after "in": the quoted one is the title."""
    if "title" in labels:
        return
    runs = _first_two_runs(labels, "container-title")
    if runs is None or _has_second_run(labels[runs[1][1] :], "container-title"):
        return
    (a, b), (c, _) = runs
    if a < 1 or toks[a - 1].text not in _QUOTE_MARKS:
        return
    gap = toks[b:c]
    if not any(t.text in _QUOTE_MARKS for t in gap):
        return
    if not any(t.text.lower() in _IN_WORDS for t in gap):
        return
    if any(labels[k] != "O" for k in range(b, c)):
        return
    _relabel(labels, a, b, "title")


def _collaboration_opening_the_entry(toks: list[Tok], labels: list[str]) -> None:
    """Physics' "T2K Collab. (K. Abe et al.), Phys. Rev. Lett. 107, 041801 (2011).": a
    collaboration's name opening the entry and the bracketed names after it are the
    authors, whatever parts of them the tagger read as the journal (the journal follows)."""
    n = len(toks)
    c = next(
        (k for k in range(1, min(n, 6)) if toks[k].text.lower() in ("collab", "collaboration")),
        -1,
    )
    if c < 0 or any(t.kind not in (KIND_WORD, KIND_NUM) for t in toks[:c]):
        return
    e = c + 1
    if e < n and toks[e].text == ".":
        e += 1
    if e >= n or toks[e].text != "(":
        return
    close = next((k for k in range(e + 1, min(n, e + 40)) if toks[k].text == ")"), -1)
    if close < 0 or "container-title" not in labels[close:]:
        return
    _relabel(labels, 0, c + 1, "author")
    _relabel(labels, c + 1, e + 1, "O")
    _relabel(labels, e + 1, close, "author")
    labels[close] = "O"


def _journal_after_the_closing_quote(toks: list[Tok], labels: list[str]) -> None:
    """ "BAZIN, Germain, « Bibliographie », Formes, n°20, décembre 1931, p. 107.": with no
    container, the title's run going on past its closing quotation mark and a comma: the
    words after them (a name in capitals, before the numbers) are the journal."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    closing = _QUOTE_PAIRS.get(toks[a].text)
    if closing is None or toks[a].text in ("'", "\u2018"):
        return  # (a double mark or a guillemet: single ones are apostrophes too)
    q = next((k for k in range(a + 2, b - 2) if toks[k].text in closing), -1)
    if q < 0 or toks[q + 1].text != ",":
        return
    tail = [t for t in toks[q + 2 : b] if t.kind == KIND_WORD]
    title_case = all(t.text[:1].isupper() or t.text.lower() in _SMALL_WORDS for t in tail)
    marked = _issue_or_volume_mark_after(toks, b)
    # (French, Spanish and Italian journals' names are in sentence case: "Revue française
    # de pédagogie, n° 152": a capital opening them, and a marked number after them)
    if not 1 <= len(tail) <= 6 or not (title_case or (marked and tail[0].text[:1].isupper())):
        return
    if not any(lab in _NUMBERS for lab in labels[b:]) and "issued" not in labels[b:]:
        return
    labels[q + 1] = "O"
    _relabel(labels, q + 2, b, "container-title")


# The marks of a journal's number in the six languages ("n° 152", "núm. 7", "vol. 3", "t. 95",
# "Jg. 76", "H. 4", "v. 12", "n. 3"), read by ``_issue_or_volume_mark_after``
_NUMBER_MARKS = word_set("n no nr num núm nº nro vol v t tome tomo jg bd h heft fasc anno año ano")


def _issue_or_volume_mark_after(toks: list[Tok], b: int) -> bool:
    """Whether a journal's number mark follows token ``b`` (a comma between): "n° 152",
    "núm. 720", "vol. 3"."""
    k = b
    while k < len(toks) and toks[k].text == ",":
        k += 1
    if k + 1 >= len(toks) or toks[k].text.lower() not in _NUMBER_MARKS:
        return False
    k += 1
    while k < len(toks) and toks[k].text in (".", "\u00b0", "\u00ba"):
        k += 1
    return k < len(toks) and toks[k].kind == KIND_NUM


def _italian_anno_after_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """Italian "Rivista di storia contemporanea, a. XII, n. 3, 1983": the year of the journal
    ("a." or "anno", the volume) read into the journal's name, its number and the issue
    after "n." read as one volume: the volume and the issue."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    c, d = run
    k = d
    if k >= 3 and toks[k - 1].text == "." and toks[k - 2].text == "a" and toks[k - 3].text == ",":
        k -= 3
    elif k >= 2 and toks[k - 1].text.lower() == "anno" and toks[k - 2].text == ",":
        k -= 2
    else:
        return
    if k - c < 1 or d >= len(toks) or not (_ROMAN.match(toks[d].text) or toks[d].kind == KIND_NUM):
        return
    _relabel(labels, k, d, "O")
    labels[d] = "volume"
    m = d + 1
    if m + 3 < len(toks) and toks[m].text == "," and toks[m + 1].text.lower() in ("n", "nr"):
        j = m + 2 if toks[m + 2].text != "." else m + 3
        if toks[j].kind == KIND_NUM:
            _relabel(labels, m, j, "O")
            labels[j] = "issue"


def _journal_after_the_quoted_title_read_as_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Morales, Elena, “La novela negra”, Cuadernos de Literatura, núm. 720, 2010": a name
    run (or a container's run going on as names) right after the quoted title's closing mark
    and a comma, before a marked number ("núm. 720", "n° 12", "vol. 3"), is the journal (its
    mark, read into the names, is nobody's)."""
    a, b = _first_run(labels, "author")
    t = _only_run(labels, "title")
    if a == b or t is None or t[0] < b:
        return
    q = t[1]
    while q < len(toks) and labels[q] == "O" and toks[q].text not in _QUOTE_MARKS:
        q += 1
    if q + 2 >= len(toks) or toks[q].text not in _QUOTE_MARKS or toks[q + 1].text != ",":
        return
    c = q + 2
    d = c
    while d < len(toks) and labels[d] in ("author", "container-title"):
        d += 1
    if "author" not in labels[c:d] or labels.count("container-title") != labels[c:d].count(
        "container-title"
    ):
        return
    e = d
    while e > c and (toks[e - 1].kind == KIND_PUNCT or toks[e - 1].text.lower() in _NUMBER_MARKS):
        e -= 1
    if e - c < 1 or not toks[c].text[:1].isupper() or not _issue_or_volume_mark_after(toks, e):
        return
    _relabel(labels, c, e, "container-title")
    _relabel(labels, e, d, "O")


def _abbreviated_journal_in_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Determination of the in vitro SPF, Cosmet. Toilet. 118 (2003)", "Fusion algebra of
    critical percolation J. Stat. Mech. P09002": serial-title abbreviations ("Cosmet.",
    "J. Stat.") that end the title after a comma or a lower-case word, right before the
    container or the numbers, open the journal."""
    a, b = _first_run(labels, "title")
    if b - a < 5 or b >= len(toks):
        return
    k = b
    abbreviations = 0
    while (k - 2 > a and toks[k - 1].text == ".") or (
        k - 1 > a and toks[k - 1].kind == KIND_WORD and k < len(toks) and toks[k].text == "."
    ):
        if toks[k - 1].text == ".":
            k -= 1
            continue
        word = toks[k - 1].text
        if len(word) > 1 and (not word[1:].islower() or not is_serial_abbreviation(word)):
            break
        if len(word) == 1 and not word.isupper():
            break
        if word != "J":  # a lone "J." may as well be an initial
            abbreviations += 1
        k -= 1
    if k == b or not abbreviations or not any(len(t.text) > 1 for t in toks[k:b]):
        return
    stop = toks[k - 1]
    if not (
        stop.text == "," or (stop.kind == KIND_WORD and stop.text.islower() and len(stop.text) > 3)
    ):
        return
    j = b
    j = _past_punctuation(toks, labels, j)
    end = j
    if j < len(toks) and labels[j] == "container-title":
        if (
            j + 1 >= len(toks)
            or toks[j + 1].text != "."
            or not is_serial_abbreviation(toks[j].text)
        ):
            return  # "... cell line CEM. Exp Cell Res": the title's sentence ended there
        while end < len(toks) and labels[end] == "container-title":
            end += 1
    else:
        while (
            end + 1 < len(toks)
            and labels[end] == "O"
            and toks[end + 1].text == "."
            and is_serial_abbreviation(toks[end].text)
        ):
            end += 2
        if end == j or not _numbers_follow(toks, labels, end):
            return
    if stop.text == ",":
        labels[k - 1] = "O"
    _relabel(labels, k, end, "container-title")
    if toks[end - 1].text == ".":
        labels[end - 1] = "O"


def _abbreviation_left_before_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Quasi-rational fusion products Int. J. Mod. Phys. B 08", "Atmos. Chem. Phys., 9",
    "A. Schäfer, Eur. Phys. J. A47": a serial-title abbreviation and its period, left at the
    end of the run before an abbreviated journal, is the journal's first word."""
    a, _ = _first_run(labels, "container-title")
    n = len(toks)
    if a >= n or a < 2:
        return
    k = a
    if toks[k].text == "." and toks[k - 1].kind == KIND_WORD:
        k += 1  # "Lect" before a run that took its period
    while (
        k >= 2
        and toks[k - 1].text == "."
        and labels[k - 1] in ("O", "container-title", "collection-title")
        and labels[k - 2] in ("title", "author", "publisher", "O")
        and toks[k - 2].kind == KIND_WORD
        and (
            toks[k - 2].text[1:].islower()
            # in small capitals, left out of the names: "W. T. FORD. ACC. Chem. Res. 6"
            or (labels[k - 2] == "O" and toks[k - 2].text[1:].isupper())
        )
        and is_serial_abbreviation(toks[k - 2].text)
    ):
        k -= 2
    if (
        k == a
        and k >= 2
        and toks[k - 1].text == "J"
        and labels[k - 1] == "O"
        and toks[k - 2].text == "."
        and toks[k].text[1:].islower()
        and is_serial_abbreviation(toks[k].text)
    ):
        labels[k - 1] = "container-title"  # Vancouver's unpointed "Title. J Am Diet Assoc 2001;"
        return
    if k >= a:
        return
    first = a if toks[a].kind == KIND_WORD else a - 1
    if first + 1 >= n or toks[first + 1].text != ".":
        return  # "... Back Pain. Practical Clinical J": the journal's own first word is whole
    _relabel(labels, k, a, "container-title")


def _roman_volume_ending_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Mind LIX, 236 (1950), 433-460": a roman numeral ending the journal's name, before
    a comma and a number read as the volume, is the volume; the number is the issue."""
    if "issue" in labels:
        return
    run = _only_run(labels, "container-title")
    vol = _only_run(labels, "volume")
    if run is None or vol is None:
        return
    a, b = run
    last = toks[b - 1]
    if b - a < 2 or len(last.text) < 2 or not last.text.isupper() or not _ROMAN.match(last.text):
        return
    c, d = vol
    if d - c != 1 or toks[c].kind != KIND_NUM or any(t.kind != KIND_PUNCT for t in toks[b:c]):
        return
    labels[b - 1] = "volume"
    labels[c] = "issue"


def _roman_volume_after_a_comma_ending_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """Italian and French "Lettere e Arti, LXII, 2010, n. 2": with no volume read, a roman
    numeral after a comma ending the journal's run is the volume."""
    if "volume" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    last = toks[b - 1].text
    if b - a < 3 or toks[b - 2].text != "," or len(last) < 2 or not last.isupper():
        return
    if not _VALID_ROMAN.fullmatch(last):
        return
    labels[b - 2] = "O"
    labels[b - 1] = "volume"


def _abnt_event_after_in(toks: list[Tok], labels: list[str]) -> None:
    """ABNT's proceedings: "In: SIMPÓSIO BRASILEIRO DE REDES, 35., 2017, Belém. Anais
    [...]. Porto Alegre: SBC, 2017.": the event's name in capitals after "In:", before its
    number, year and town, is the container (it was read as the editors, its town and
    "Anais" as the container)."""
    n = len(toks)
    k = next((m for m in range(2, n - 8) if toks[m].text == "In" and toks[m + 1].text == ":"), -1)
    if k < 0:
        return
    j = k + 2
    e = j
    while e < n and toks[e].kind == KIND_WORD and toks[e].text.isupper() and len(toks[e].text) > 1:
        e += 1
    if e - j < 2 or e + 6 >= n or toks[e].text != ",":
        return
    # ", 35., 2017, Belém." (the number may be missing: ", 2017, Belém.")
    m = e + 1
    if toks[m].kind == KIND_NUM and not YEAR_RE.fullmatch(toks[m].text):
        m += 1
        while m < n and toks[m].text in (".", ","):
            m += 1
    if m >= n or not YEAR_RE.fullmatch(toks[m].text) or toks[m + 1].text != ",":
        return
    f = m + 2
    while f < n and toks[f].kind == KIND_WORD and toks[f].text[:1].isupper():
        f += 1
    if f == m + 2 or f >= n or toks[f].text != ".":
        return
    # the proceedings' own name after the town ("Anais [...].", "Anais eletrônicos [...].")
    close = next((m for m in range(f + 1, min(n, f + 10)) if toks[m].text == "]"), -1)
    g = close + 1 if close > 0 else f + 1
    _relabel(labels, k, j, "O")
    _relabel(labels, j, e, "container-title")
    _relabel(labels, e, m, "O")
    labels[m] = "issued" if "issued" not in labels[g:] else "O"
    _relabel(labels, m + 1, min(g, n), "O")


# the Latin words that stand for the chapter's own author before the book ("in Id., Parole
# e luoghi", "In: Idem. ...", "dans Eadem, ...")
_SAME_AUTHOR_WORDS = frozenset(("Id", "Idem", "Ead", "Eadem", "Iid", "Eidem"))


def _abnt_same_author_book_after_in(toks: list[Tok], labels: list[str]) -> None:
    """ABNT's "GOMES, Paulo. A formação do leitor. In: ______. Ensaios sobre leitura.
    Curitiba: UFPR, 2011. p. 9-28.": the line after "In:" stands for the chapter's own
    author; the sentence after it, read as a second title, is the book."""
    n = len(toks)
    k = next(
        (
            m
            for m in range(2, n - 3)
            if toks[m].text.lower() in _IN_WORDS
            and (
                (toks[m + 1].text == ":" and toks[m + 2].text in "_\u2014-")
                or toks[m + 1].text in _SAME_AUTHOR_WORDS
            )
        ),
        -1,
    )
    if k < 0 or "container-title" in labels:
        return
    j = k + 1
    while j < n and (
        toks[j].text in ("_", "\u2014", "-", ".", ":", ",") or toks[j].text in _SAME_AUTHOR_WORDS
    ):
        j += 1
    if j >= n or toks[j - 1].text not in (".", ",") or labels[j] not in ("title", "O"):
        return
    if "title" not in labels[:k]:
        return
    e = j
    while e < n and not _stop_ends_sentence(toks, e) and labels[e] in ("title", "O"):
        e += 1
    if e == j or not toks[j].text[:1].isupper():
        return
    _relabel(labels, k, j, "O")
    _relabel(labels, j, e, "container-title")


def _series_letter_read_as_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Journal of the Royal Statistical Society, Series B, 56, 363-375": of two volume
    runs, a first one of letters only ("B", "Series B") right after the journal is its
    series, part of its name; the number after it is the volume."""
    if not _has_second_run(labels, "volume"):
        return  # one volume run or none: the common case, decided without the runs
    runs = _runs_of(labels, "volume")
    if len(runs) != 2:
        return
    (a, b), (c, d) = runs
    words = [t for t in toks[a:b] if t.kind != KIND_PUNCT]
    if not words or len(words) > 2 or any(t.kind != KIND_WORD for t in words):
        return
    if not (len(words[-1].text) == 1 and words[-1].text.isupper()):
        return
    if len(words) == 2 and words[0].text.lower().rstrip(".") not in (
        "series",
        "ser",
        "sect",
        "section",
    ):
        return
    k = a
    while k > 0 and labels[k - 1] in ("O", "volume") and toks[k - 1].kind == KIND_PUNCT:
        k -= 1
    if k == 0 or labels[k - 1] != "container-title":
        return
    if any(t.kind != KIND_NUM for t in toks[c:d] if t.kind != KIND_PUNCT):
        return
    end = b
    while end > a and toks[end - 1].kind == KIND_PUNCT:
        end -= 1
    _relabel(labels, k, end, "container-title")
    _relabel(labels, end, b, "O")


def _issue_read_as_a_page(toks: list[Tok], labels: list[str]) -> None:
    """ACM's "Science 220, 4598 (1983), 671-680": of two page runs, a lone number right
    after the volume and a comma, with the range after it, is the issue."""
    if "issue" in labels or not _has_second_run(labels, "page"):
        return
    runs = _runs_of(labels, "page")
    if len(runs) != 2:
        return
    (a, b), (c, d) = runs
    if b - a != 1 or toks[a].kind != KIND_NUM or d - c < 3 or a < 2:
        return
    if toks[a - 1].text != "," or labels[a - 2] != "volume" or toks[c - 1].text not in ",:":
        return
    if c - b > 5 or not any(toks[m].text in "-\u2013\u2014" for m in range(c, d)):
        return
    labels[a] = "issue"


def _page_after_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Phys. Rev. Lett. 28, 5 (1997)": a lone number after the volume and a comma, where
    no page was found, is the page (an issue is printed "28(5)" or "28, no. 5")."""
    if "page" in labels or "issue" not in labels:
        return
    run = _only_run(labels, "issue")
    if run is None:
        return
    a, b = run
    if b - a != 1 or toks[a].kind != KIND_NUM or a < 2:
        return
    if toks[a - 1].text != "," or labels[a - 2] != "volume" or toks[a - 2].kind != KIND_NUM:
        return
    after = toks[a + 1 : a + 3]
    if len(after) == 2 and after[0].text == "," and after[1].text == "(":
        after = toks[a + 2 : a + 4]  # (acmart's biblatex: "6, 4, (Dec. 2010)")
    if len(after) == 2 and after[0].text == "(" and after[1].text.lower().rstrip(".") in MONTHS:
        return  # ACM's "63, 9 (September 1975)": volume, issue (month year)
    if len(after) == 2 and after[0].text == "," and after[1].text.lower() == "article":
        return  # ACM's "53, 4, Article 78 (July 2020)": volume, issue, article number
    labels[a] = "page"


_EDITION_TAIL = re.compile(
    r"^(?:\d+\s*(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth|revised|new|expanded)\s+(?:edition|ed|edn)\.?$",
    re.IGNORECASE,
)
_VERSION_TAIL = re.compile(r"^(?:[A-Z][\w.+]{0,10}\s+package\s+)?version\s+\S+$", re.I)
_ARTICLE_FIELDS = frozenset(("container-title", "volume", "issue", "page"))


def _is_name(text: str) -> bool:
    """Two to five capitalised words ("Duxbury Thomson Learning"): a name, not a sentence."""
    words = text.rstrip(".").split()
    return 2 <= len(words) <= 5 and all(w[:1].isupper() for w in words)


def _sentence_after_title(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """A book's or a program's next sentence that the tagger ran into its title: "Modern
    Applied Statistics with S. 4th edition.", "kernels: Graph Kernels. R package version
    1.2-3", "R: A Language ... Computing. R Foundation for Statistical Computing, Vienna"
    (its edition, its version as a note, its publisher). A book whose name the tagger read
    as a container ("Statistical Inference. Duxbury Thomson Learning.") is split the same
    way into its title and publisher."""
    n = len(labels)
    field = "title"
    a, b = _first_run(labels, "title")
    if a == b:
        if any(lab in labels for lab in ("volume", "issue", "page", "publisher")):
            return
        field = "container-title"
        a, b = _first_run(labels, field)
        if b - a < 4 or labels.count(field) != b - a:
            return
    cut = -1
    for d in range(a + 2, b - 1):
        if toks[d].text == "." and toks[d + 1].start > toks[d].end:
            if (
                toks[d - 2].text == "."
                and len(toks[d - 1].text) == 1
                and toks[d - 1].text.isupper()
            ):
                continue  # (letters' abbreviation: "Duluth, U.S. Steel, and the Forging")
            cut = d
    if cut < 0:
        return
    tail = raw[toks[cut + 1].start : toks[b - 1].end].strip()
    words_before = sum(1 for t in toks[a:cut] if t.kind in (KIND_WORD, "cjk"))
    if words_before < 2:
        return
    if field == "container-title":
        head = raw[toks[a].start : toks[cut].start]
        if _names_venue(head) or _after_in(toks, labels, a) or len(tail.split()) < 2:
            return  # a venue ("Proc. of the ... Conf. ACM"), not a book
    if field == "title" and _EDITION_TAIL.match(tail):
        new = "edition"
    elif field == "title" and _VERSION_TAIL.match(tail):
        new = "note"
    elif (
        "publisher" not in labels
        and (PUBLISHER_WORDS.search(tail) or (field == "container-title" and _is_name(tail)))
        and len(tail.split()) <= 8
        and not any(lab in _ARTICLE_FIELDS for lab in labels[b:])
        and (field == "title" or b == n or labels[b] == "O")
    ):
        new = "publisher"
    else:
        return
    if field == "container-title":
        _relabel(labels, a, cut, "title")
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, new)


def _title_run_into_next_field(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """No title, and the first container or publisher opens with a sentence of words
    ("Sample Quantiles in Statistical Packages. The American Statistician, 50, 361",
    "Modern Applied Statistics with S. Springer-Verlag"): that sentence is the title. A
    period after an abbreviation ("Proc. Natl.") or an initial ends no sentence."""
    if "title" in labels:
        return
    starts = [(a, b) for lab, a, b in label_runs(labels) if lab in ("container-title", "publisher")]
    if not starts:
        return
    a, b = starts[0]
    for d in range(a + 3, b - 1):
        prev = toks[d - 1]
        if toks[d].text != "." or toks[d + 1].start == toks[d].end:
            continue
        if prev.kind != KIND_WORD or len(prev.text) < 4 or not prev.text[1:].islower():
            continue
        if is_serial_abbreviation(prev.text):
            continue
        head = raw[toks[a].start : prev.end]
        words = head.split()
        if len(words) < 3 or _names_venue(head):
            return
        if not any(w.isalpha() and w.islower() and len(w) > 1 for w in words):
            return  # a sentence has small words ("in", "with"); "Nucl. Instr. Meth" none
        _relabel(labels, a, d, "title")
        labels[d] = "O"
        return


# Quotation marks that open a quoted title, and the marks that may close each.
_QUOTE_PAIRS = {
    "\u201c": '\u201d"',
    '"': '"\u201d',
    "\u2018": "\u2019'",
    "'": "'\u2019",
    "\u00ab": "\u00bb",
    "\u300c": "\u300d",
    "\u300e": "\u300f",
    # German's „…“ and »…«, Polish and Dutch „…”, German single ‚…‘
    "\u201e": "\u201c\u201d",
    "\u00bb": "\u00ab",
    "\u201a": "\u2018\u2019",
}
# every mark of those pairs, opening or closing
_QUOTE_MARKS = frozenset(_QUOTE_PAIRS) | frozenset("".join(_QUOTE_PAIRS.values()))


def _quoted_title_to_its_close(toks: list[Tok], labels: list[str]) -> None:
    """A title that opens with a quotation mark runs to the mark that closes it
    (“Title (TT); Part 2”): the tagger often ends it at a semicolon, a
    parenthesis or a colon inside the quotes and gives the rest to another field."""
    a, b = _first_run(labels, "title")
    if a == 0 or a >= len(toks) or toks[a - 1].text not in _QUOTE_PAIRS:
        return
    closers = _QUOTE_PAIRS[toks[a - 1].text]
    c = next((k for k in range(a, len(toks)) if toks[k].text in closers), -1)
    if c <= b or c - b > 40:
        return
    if any(toks[k].text in _QUOTE_PAIRS and toks[k].text not in closers for k in range(b, c)):
        return
    end = c
    while end > b and toks[end - 1].kind == KIND_PUNCT and toks[end - 1].text in ",.;:":
        end -= 1  # the closing punctuation inside the quotes ("Title,") is no part of it
    _relabel(labels, b, end, "title")


def _title_cut_where_italics_change(
    toks: list[Tok], labels: list[str], styles: list[tuple[int, int, str]]
) -> None:
    """A title run that goes on past ". " where the print changes between italic and roman
    ends there: an italic book title and its roman publisher ("*Spatial Autocorrelation*.
    Pion"), or a roman article title and its italic journal. The rest is the publisher or
    the container, whichever the entry lacks."""
    a, b = _first_run(labels, "title")
    if b - a < 4:
        return
    italic = [
        any(kind == "italic" and s < t.end and e > t.start for s, e, kind in styles) for t in toks
    ]

    def style(lo: int, hi: int) -> bool | None:
        """Whether the words of toks[lo:hi] are all italic (True), all roman (False)."""
        flags = {italic[k] for k in range(lo, hi) if toks[k].kind in (KIND_WORD, "cjk")}
        return flags.pop() if len(flags) == 1 else None

    n = len(labels)
    for d in range(a + 2, b - 1):
        if toks[d].text != "." or toks[d + 1].start == toks[d].end:
            continue
        head, tail = style(a, d), style(d + 1, b)
        if head is None or tail is None or head == tail:
            continue
        if head and "publisher" not in labels and (b == n or labels[b] != "container-title"):
            new = "publisher"
        elif tail and "container-title" not in labels:
            new = "container-title"
        else:
            return
        labels[d] = "O"
        for k in range(d + 1, b):
            labels[k] = new
        return


_EDITOR_MARK = frozenset(
    ("ed", "eds", "edd", "editor", "editors", "hrsg", "hrg", "hg", "dir", "dirs")
)
# and the marks of those who compiled or coordinated a book ("(Coord.)", "(Comp.)", "(Org.)")
_EDITOR_MARK_WORDS = _EDITOR_MARK | frozenset(
    ("coord", "coords", "comp", "comps", "org", "orgs", "\u00e9d", "\u00e9ds", "hgg")
)

# "In" as other languages print it before a chapter's book ("Dans :", "En:", "Em:"). (The
# older tests of _after_in and _in_right_before read the English "in" only.)
_IN_WORDS = frozenset(("in", "dans", "en", "em"))


def _in_word_opening_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Dans 45th USENIX Annual Technical Conference", "En Actas del Congreso", "In
    Proceedings of ...": the word for "In" that opens the container's run (or the title's,
    a book's: "Dans The Mechanisms of Pyrolysis") is no part of its name (an English "In"
    only before a proceedings' or an ordinal's words: "In Vivo" is a journal)."""
    for label in ("container-title", "title"):
        for a, b in _runs_of(labels, label):
            if b - a < 2:
                continue
            word, nxt = toks[a].text, toks[a + 1]
            opens = nxt.text[:1].isupper() or nxt.kind == KIND_NUM
            english = nxt.text.lower() in ("proceedings", "proc", "the") or nxt.kind == KIND_NUM
            if (word in ("Dans", "En", "Em") and opens) or (
                word == "In" and english and label != "title"  # ("In the Embrace of ...")
            ):
                labels[a] = "O"


# The words for "and others" that close a name list: Russian "и др.", German "u. a.", Latin
# "et al.", Spanish "y col.", Portuguese "et al."
_AND_OTHERS = (("и", "др"), ("u", "a"), ("et", "al"), ("y", "col"), ("и", "др."))


def _and_others_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Ivanov N. и др. Title // Journal", "Odell K, Lind B, et al Graph routing.": the
    words for "and others" after the names, read as the title's start, are the names'."""
    a, b = _first_run(labels, "author")
    if a == b:
        return
    k = _past_punctuation(toks, labels, b)
    if k + 2 >= len(toks) or labels[k] != "title":
        return
    pair = (toks[k].text.lower(), toks[k + 1].text.lower())
    if pair not in _AND_OTHERS:
        return
    # "et al." or, in a list typed without its period, "et al Graph routing ..."
    end = k + 3 if toks[k + 2].text == "." else k + 2
    if end == k + 2 and (pair != ("et", "al") or not toks[k + 2].text[:1].isupper()):
        return
    m = end
    while m < len(toks) and labels[m] == "title" and toks[m].kind == KIND_PUNCT:
        m += 1
    if m >= len(toks) or labels[m] != "title":
        return
    _relabel(labels, b, end, "author")
    _relabel(labels, end, m, "O")


def _u_a_closing_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Koch, R., Richter, S. u. a. (2017):": German "u. a." ("and others") closing the
    name list, its "a" read as the pages or the title, is the names' (the names read it as
    "et al.")."""
    a, b = _first_run(labels, "author")
    if a == b:
        return
    j = b - 1 if b - a > 2 and toks[b - 1].text == "u" else b
    start = j
    # biblatex's "Michael J. Hostetler u. a.": the last family name, before "u. a.", read
    # out of the names with them (the initial's period too)
    k = j + 1 if j < len(toks) and toks[j].text == "." else j
    if (
        k + 1 < len(toks)
        and toks[k].text != "u"
        and toks[k].kind == KIND_WORD
        and toks[k].text[:1].isupper()
        and toks[k + 1].text == "u"
    ):
        j = k + 1
    if j + 3 > len(toks) or toks[j].text != "u" or toks[j + 1].text != ".":
        return
    if toks[j + 2].text != "a" or toks[j + 2].start - toks[j + 1].end > 1:
        return  # ("u. a", "u.a": one space at most between)
    e = j + 3
    if e < len(toks) and toks[e].text == "." and toks[e].start == toks[e - 1].end:
        e += 1
    _relabel(labels, start, e, "author")


def _editors_after_in_read_as_names(toks: list[Tok], labels: list[str]) -> None:
    """ "« Les écrivains », dans Morel, Anne et Petit, Luc (dir.), La littérature en guerre,
    Paris, ...": a second name run after "dans", "in", "en" or "em" and before an editors'
    mark in brackets ("(dir.)", "(éd.)", "(coord.)", "(a cura di)", "(eds.)") is the
    editors; a title run right after the mark is the book."""
    runs = _first_two_runs(labels, "author")
    if runs is None:
        return
    (_, b), (c, d) = runs
    if c < 2 or toks[c - 1].text.lower() not in _IN_WORDS or b >= c - 1:
        return
    if d + 2 >= len(toks) or toks[d].text != "(":
        return
    mark = toks[d + 1].text.lower()
    if (
        mark not in _EDITOR_MARK_WORDS
        and [t.text.lower() for t in toks[d + 1 : d + 4]] != _A_CURA_DI
    ):
        return
    _relabel(labels, c, d, "editor")
    if "container-title" in labels:
        return
    close = next((m for m in range(d + 1, min(len(toks), d + 6)) if toks[m].text == ")"), -1)
    k = _past_punctuation(toks, labels, close + 1) if close > 0 else len(toks)
    if k < len(toks) and labels[k] == "title" and _first_run(labels, "title")[0] < c:
        e = k
        while e < len(toks) and labels[e] == "title":
            e += 1
        _relabel(labels, k, e, "container-title")


# The labels a book's words before its bracketed editors may have been read as
_BOOK_BEFORE_EDITORS_READ_AS = frozenset(
    {"author", "editor", "title", "container-title", "O", "publisher", "collection-title"}
)


_VOLUME_WORDS_BEFORE_EDITORS = word_set("vol vols volume bd band tome")


def _editors_inside_brackets_after_the_book(toks: list[Tok], labels: list[str]) -> None:
    """Nature's "in Thin Film Growth (eds Berg, L. & Chen, Y.) 45–67 (Springer, 1999)."
    and "Handbook of Porous Solids 2nd edn (ed Weber, J.) (Wiley, 2003).", Angewandte's
    "in Organic Electrodes (Eds.: R. Lang, T. Brun), Wiley-VCH, 2010": names in brackets
    after an editors' mark are the editors, never the book or the authors, and the words
    before the bracket back to "in" are the book (the container); with no "in", an entry
    that opens with those words is an edited book, and they are its title."""
    n = len(toks)
    for k in range(n - 3):
        if toks[k].text != "(" or toks[k + 1].text.lower() not in _EDITOR_MARK:
            continue
        j = k + 2
        while j < n and toks[j].text in (".", ":"):
            j += 1
        c = j
        while c < min(n, j + 40) and toks[c].text not in ("(", ")", "[", "]"):
            c += 1
        if c >= n or toks[c].text != ")" or c == j:
            continue
        names = toks[j:c]
        if any(t.kind == KIND_NUM for t in names) or not names[0].text[:1].isupper():
            continue
        capitals = [t for t in names if t.kind == KIND_WORD and t.text[:1].isupper()]
        if len(capitals) < 2 and not any(t.text == "," for t in names):
            continue  # (one word is no list of names: "(eds PAKDD)")
        # the book: back to "in" (or the entry's start), past its edition and volume
        i = k - 1
        while i >= 0 and (
            labels[i] in ("edition", "volume")
            or toks[i].text in (",", ".")
            or toks[i].text.lower() in _VOLUME_WORDS_BEFORE_EDITORS
        ):
            i -= 1
        end = i + 1
        a = end
        while a > 0 and labels[a - 1] in _BOOK_BEFORE_EDITORS_READ_AS:
            if toks[a - 1].text.lower() in _IN_WORDS and (
                a - 1 == 0
                or toks[a - 2].text in (".", ",", "\u201d", '"')
                or labels[a - 2] != labels[a]
            ):
                break
            a -= 1
        opened_by_in = a > 0 and toks[a - 1].text.lower() in _IN_WORDS
        if not opened_by_in and (a > 0 or len(set(labels[a:end])) > 1):
            continue  # (something else opens the words, or they are read as two fields)
        words = [t for t in toks[a:end] if t.kind == KIND_WORD]
        if not words or not words[0].text[:1].isupper() or len(words) > 25:
            continue
        _relabel(labels, a, end, "container-title" if opened_by_in else "title")
        _relabel(labels, k, j, "O")
        _relabel(labels, j, c, "editor")
        if names[-1].text == ".":
            labels[c - 1] = "editor"
        labels[c] = "O"
        return


def _editors_bracket_closed_by_the_mark(toks: list[Tok], labels: list[str]) -> None:
    """SPIE's and AIP's "in Optics East (M. F. Ito, G. Weber, and K. Sato, eds.), pp. 82-96":
    names in brackets closed by ", eds." or ", ed." are the editors, and the words before
    the bracket back to "in" are the book."""
    n = len(toks)
    for c in range(4, n):
        if toks[c].text != ")" or toks[c - 1].text != ".":
            continue
        if toks[c - 2].text.lower() not in ("ed", "eds") or toks[c - 3].text != ",":
            continue
        k = c - 3
        while k > 0 and toks[k].text not in ("(", ")", "[", "]"):
            k -= 1
        if toks[k].text != "(" or k == 0:
            continue
        names = toks[k + 1 : c - 3]
        if len(names) < 2 or any(
            t.kind not in (KIND_WORD, KIND_PUNCT) or (t.kind == KIND_WORD and t.text.islower())
            for t in names
            if t.text not in _JOINING_WORDS
        ):
            continue  # (a list of names: capitalised words, initials, commas, "and")
        a = k
        while a > 0 and labels[a - 1] in _BOOK_BEFORE_EDITORS_READ_AS:
            if toks[a - 1].text.lower() in _IN_WORDS and labels[a - 1] == "O":
                break
            a -= 1
        if a == 0 or toks[a - 1].text.lower() not in _IN_WORDS or a == k:
            continue
        if not all(t.kind == KIND_WORD or t.text in ":-,&'" for t in toks[a:k]):
            continue
        _relabel(labels, a, k, "container-title")
        labels[k] = "O"
        _relabel(labels, k + 1, c - 3, "editor")
        _relabel(labels, c - 3, c + 1, "O")
        return


def _editors_head_read_into_the_book(toks: list[Tok], labels: list[str]) -> None:
    """The American Anthropological Association's "In New Perspectives on Graphs. B.J. Ito
    and C.P. Ode, eds. Pp. 1-14.": the first editors' names (or an initial of them), read
    into the book before them, are the editors'. The book ends at its sentence's stop."""
    run = _only_run(labels, "editor")
    if run is None:
        return
    c, d = run
    if d + 2 >= len(toks) or toks[d].text != "," or toks[d + 1].text.lower() not in ("ed", "eds"):
        return
    e = c - 1 if toks[c - 1].text == "." and labels[c - 1] == "O" else c  # ("B" "." "J")
    if e < 3 or labels[e - 1] != "container-title":
        return
    a = e - 1
    while a > 0 and labels[a - 1] == "container-title":
        a -= 1
    stop = next((k for k in range(e - 1, a, -1) if _ends_sentence(toks, k)), -1)
    if stop < 0 or stop == e - 1:
        return
    head = toks[stop + 1 : c]
    if not all(
        t.text in (".", ",", "and", "&")
        or (
            t.kind == KIND_WORD
            and t.text[:1].isupper()
            and (len(t.text) == 1 or t.text[1:].islower())
        )
        for t in head
    ):
        return
    labels[stop] = "O"
    _relabel(labels, stop + 1, c, "editor")


def _ieee_book_read_into_its_editors(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's chapter "“Title,” in Fiber Sensor Test and Measurement, D. Dorset, Ed.
    Englewood Cliffs, NJ: Prentice-Hall, 1998.": the book and its editors after "in",
    before ", Ed." or ", Eds.", read as one run of editors: the book is the words before
    the first comma that an initial follows, the names after it the editors."""
    n = len(toks)
    for k in range(3, n - 1):
        if toks[k].text not in ("Ed", "Eds") or toks[k + 1].text != ".":
            continue
        if toks[k - 1].text != "," or labels[k - 2] != "editor":
            continue
        a = k - 2
        while a > 0 and labels[a - 1] == "editor":
            a -= 1
        if a == 0 or toks[a - 1].text.lower() != "in":
            return
        c = next(
            (
                m
                for m in range(a + 1, k - 3)
                if toks[m].text == ","
                and len(toks[m + 1].text) == 1
                and toks[m + 1].text.isupper()
                and toks[m + 2].text == "."
            ),
            -1,
        )
        if c < 0 or not toks[a].text[:1].isupper():
            return
        _relabel(labels, a, c, "container-title")
        labels[c] = "O"
        labels[k - 1] = "O"
        return


# the marks after the names of those who edited or compiled a whole book ("Ode, K., eds.")
_BOOK_EDITORS_MARKS = word_set("ed eds editor editors comp comps")


def _edited_book_opening_with_its_editors(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's "Egan, Jennifer, ed. 2014. The Best American Essays, 2014. Boston: ...",
    "Boyer, John W., and Julius Kirshner, eds. Readings in Western Thought. Chicago: ...",
    "Schechter, Harold, and Kurt Brown, comps. 2011. Killer Verse. London: ...": names that
    open the entry, closed by ", ed." (", eds.", ", comps."), edited the book that follows
    (after the date, if printed there); with no "In" before it, the book is the title, not
    a chapter's container (nor is the mark the title)."""
    n = len(toks)
    t = 1
    while t < n and (labels[t] in ("author", "editor") or toks[t].text in (",", ".", "&")):
        if toks[t].text.lower() in _BOOK_EDITORS_MARKS and toks[t - 1].text == ",":
            break
        t += 1
    if t + 1 >= n or toks[t].text.lower() not in _BOOK_EDITORS_MARKS or toks[t + 1].text != ".":
        return
    if toks[t - 1].text != "," or labels[0] not in ("author", "editor"):
        return
    if labels[t] not in ("author", "editor", "O", "title"):
        return
    q = t + 2
    if q < n and labels[q] == "issued":
        while q < n and (labels[q] == "issued" or toks[q].text in (".", ",")):
            q += 1
    if q >= n or labels[q] not in ("container-title", "title") or "title" in labels[:t]:
        return
    if labels[t] == "title" and labels[q] != "title" and "title" in labels[t + 1 :]:
        return
    if any(toks[m].text.lower() == "in" for m in range(t + 2, q)):
        return
    for m in range(t - 1):
        if labels[m] == "author":
            labels[m] = "editor"
    _relabel(labels, t - 1, t + 2, "O")
    if labels[q] == "container-title" and "title" not in labels:
        e = _run_end(labels, q)
        _relabel(labels, q, e, "title")


def _editors_first(toks: list[Tok], labels: list[str]) -> None:
    """A name list that opens the entry followed by "(ed.)", "(eds.)", "(Hrsg.)", ", eds."
    or ", editors." edited the work: "Whenham, John (ed.), Claudio Monteverdi: Orfeo"; and
    where the tagger read the list's head as authors and its tail as editors ("Bird, Jon,
    Barry Curtis, ..., and Lisa Tickner, eds. Mapping the Futures")."""
    if "editor" in labels:
        a, b = _first_run(labels, "author")
        c, d = _first_run(labels, "editor")
        if a == 0 and 0 < b <= c and all(t.text in (",", "and", "&") for t in toks[b:c]):
            # only ", eds." closing the list (not "(ed.)" after a title read into the names,
            # not "ed. by" before another name)
            k = d + 1
            mark = toks[k].text.lower() if k < len(toks) and toks[d].text == "," else ""
            after = toks[k + 1].text if k + 1 < len(toks) else ""
            if after == ".":
                after = toks[k + 2].text if k + 2 < len(toks) else ""
            if mark in ("ed", "eds", "editor", "editors") and after != "by":
                _relabel(labels, a, c, "editor")
        return
    a, b = _first_run(labels, "author")
    if a == b:
        return
    m = b - 1 if toks[b - 1].text == ")" else b
    m = m - 1 if toks[m - 1].text == "." else m
    if m - a > 2 and toks[m - 2].text == "(" and toks[m - 1].text.lower() in _EDITOR_MARK_WORDS:
        # "García, J. (Coord" and "Robin, Guy (éd.)" read into the names
        _relabel(labels, m - 2, b, "O")
        b = m - 2
    if (
        b - a > 2
        and toks[b - 1].text.lower() in ("ed", "eds", "editor", "editors")
        and toks[b - 2].text == ","
        and b < len(toks)
        and toks[b].text == "."
    ):
        # Chicago's "Lind, Ben, ed. Graph Routing." read into the names: the mark closes them
        _relabel(labels, b - 2, b, "O")
        _relabel(labels, a, b - 2, "editor")
        return
    german = toks[b - 1].text in ("Hrsg", "Hg", "Hgg") and b < len(toks) and toks[b].text == "."
    if german and b - a > 2 and toks[b - 2].kind == KIND_WORD:
        labels[b - 1] = "O"  # German "Huf, Christina & Irmtraud Schnell Hrsg. 2015."
        _relabel(labels, a, b - 1, "editor")
        return
    k = b
    while k < len(toks) and k < b + 3 and toks[k].text in (",", ".", "("):
        k += 1  # "Ode, K. (ed.)", "Ode, K., eds.", "Ode, K., editors."
    if k >= len(toks) or labels[k] == "title":
        return
    mark = toks[k].text.lower()
    if mark in _EDITOR_MARK_WORDS and (mark.startswith("ed") or toks[k - 1].text == "("):
        _relabel(labels, a, b, "editor")
    elif toks[k - 1].text == "(" and [t.text.lower() for t in toks[k : k + 3]] == _A_CURA_DI:
        _relabel(labels, a, b, "editor")  # Italian: "Bianchi, M. (a cura di) (2014)."


_A_CURA_DI = ["a", "cura", "di"]

_TRANSLATOR_MARKS = frozenset(("trans", "transl", "tr", "trad", "übers"))

# the words that say someone edited, compiled or translated a work, beside the marks above
# ("edited by", "compiled by", Polish and Russian "red." / "ред.", "a cura di")
_ROLE_MARK_WORDS = (
    _EDITOR_MARK_WORDS
    | _TRANSLATOR_MARKS
    | frozenset(
        (
            "edited", "edit", "editing", "compiled", "compiler", "compilers",
            "translated", "translator", "translators", "red", "\u0440\u0435\u0434",
            "cura", "herausgegeben", "hrsgg", "editado", "editores", "editora",
            "coordinated", "coordinator", "coordinators", "directed",
        )
    )
)  # fmt: skip


def _unmarked_editors_opening_the_entry(low: str, toks: list[Tok], labels: list[str]) -> None:
    """Names that open the entry, read as its editors where no word of the entry says that
    anyone edited, compiled or translated anything ("BEARD M., NORTH J. et PRICE S.,
    Religions de Rome, Paris, 2006."), are its authors."""
    a, b = _first_run(labels, "editor")
    if any(label != "O" for label in labels[:a]):
        return
    if "\u7f16" in low or "\u7de8" in low:  # (编, 編: GB/T 7714's and Japanese marks)
        return
    if any(t.kind == KIND_WORD and t.text.lower() in _ROLE_MARK_WORDS for t in toks):
        return
    _relabel(labels, a, b, "author")


def _in_read_into_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """ "En M. Sánchez (Ed.), Política ambiental": the word for "In" that opens
    the editors' run is no part of their names."""
    run = _only_run(labels, "editor")
    if run is None:
        return
    a, b = run
    if b - a > 2 and toks[a].text.lower() in _IN_WORDS and toks[a + 1].text[:1].isupper():
        labels[a] = "O"


# What German, Portuguese, Spanish, French and Italian lists print between an edition's
# number and its word ("2., überarb. Aufl.", "5. ed. rev. e atual.", "3.ª ed. revisada")
_EDITION_QUALIFIERS = word_set(
    "überarb überarbeitete erw erweiterte aktualisierte aktual neubearb bearb durchges verb "
    "verbesserte rev revised revisada ampl ampliada aum aumentada atual atualizada actualizada "
    "corr corrigée augm augmentée riveduta aggiornata ampliata und u y e et"
)
_ORDINAL_SIGNS = frozenset(("a", "\u00aa", "\u00ba", "o", "e", "er", "\u00e8me", "\u00e8re"))
_NAMES_AFTER = frozenset(("by", "von", "v", "par", "por", "di", "da", "de"))


def _edition_number_before_its_word(toks: list[Tok], labels: list[str]) -> None:
    """ "3. Aufl.", "4. Auflage", "4a ed.", "2., überarb. Aufl.", "5. ed. rev. e atual.": an
    edition's number, after a stop, a comma or a bracket, before an edition word (words of
    revision between), is the edition, whatever the tagger read it as (the volume, a note,
    nothing); the words after it are nobody's."""
    n = len(toks)
    for k in range(1, n - 2):
        t = toks[k]
        if t.kind != KIND_NUM or len(t.text) > 2 or toks[k - 1].text not in (".", ",", "(", ";"):
            continue
        ordinal = toks[k + 1].text.lower() in _ORDINAL_SIGNS and toks[k + 1].start == t.end
        if labels[k] in ("author", "editor", "issued") or (labels[k] == "page" and not ordinal):
            continue
        j = k + 1
        if ordinal:
            j += 1
        end = j  # (the number and its ordinal sign)
        while j < n and toks[j].text in (".", ","):
            j += 1
        words = j
        while j + 1 < n and toks[j].text.lower() in _EDITION_QUALIFIERS:
            j += 1
            if toks[j].text == ".":
                j += 1
        if j >= n or toks[j].text.lower() not in EDITION_WORDS:
            continue
        w = j + 1
        if w < n and toks[w].text == ".":
            w += 1
        if w < n and toks[w].text.lower() in _NAMES_AFTER:
            continue  # ("2. Ed. by K. Ode": the editor's mark)
        if words == j:
            _relabel(labels, k, j + 1, "edition")
            _relabel(labels, j + 1, w, "O")
        else:
            _relabel(labels, k, end, "edition")
            _relabel(labels, end, w, "O")
        return


def _title_read_as_the_publisher_before_the_edition(toks: list[Tok], labels: list[str]) -> None:
    """German "Lorenz, K./Seidel, M. (2014): Finanzmärkte und Regulierung, 2. Aufl.,
    Stuttgart.": with no title read, the run right after the names' date, read as the
    publisher (or the container), before a comma and the edition, is the title."""
    if "title" in labels or "edition" not in labels:
        return
    k = labels.index("issued") if "issued" in labels else -1
    if k < 1 or labels[k - 1] not in ("O", "author"):
        return
    m = _past_punctuation(toks, labels, k + 1)
    if m >= len(toks) or labels[m] not in ("publisher", "publisher-place", "container-title"):
        return
    e = m
    while e < len(toks) and labels[e] == labels[m]:
        e += 1
    if e + 1 >= len(toks) or toks[e].text != "," or labels[e + 1] != "edition":
        return
    if labels.count(labels[m]) != e - m and labels[m] == "container-title":
        return  # (a second container elsewhere: no book's title alone)
    if any(_stop_ends_sentence(toks, d) for d in range(m, e)):
        return  # ("Graph Inference. Duxbury Graph Learning, 2nd edition": title and publisher)
    _relabel(labels, m, e, "title")


def _edition_word_after_its_number(toks: list[Tok], labels: list[str]) -> None:
    """ "Handbuch der Bildungsforschung. 2. Aufl. Wiesbaden": the edition word after the
    edition's number, read as a title or a place, is the edition's."""
    run = _only_run(labels, "edition")
    if run is None:
        return
    a, b = run
    if not any(t.kind == KIND_NUM for t in toks[a:b]):
        return
    k = b
    if k < len(toks) and toks[k].text == "." and labels[k] == "O":
        k += 1
    if k >= len(toks) or labels[k] == "edition" or toks[k].text.lower() not in EDITION_WORDS:
        return
    _relabel(labels, b, k + 1, "edition")


_ORDINAL_ENDS = frozenset(("st", "nd", "rd", "th", "d", "e", "ème", "er"))
# a number with an ordinal's ending glued on ("3rd", "2d", "8e"): the cheap test before the
# rule that reads it
_ORDINAL_NUMBER = re.compile(r"\d(?:st|nd|rd|th|d|e|ème|er)(?![^\W\d_])")


def _edition_read_as_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Haykin, Communication Systems, 3rd Ed. (Wiley & Sons 1994)": an edition ("3rd Ed.",
    "2d Ed.", Harvard's "2nd edn.") left unlabelled or read as the title or a note, after
    the book read as the container: the edition is the edition's and, with no other title,
    the book is the title."""
    if "edition" in labels:
        return
    for k in range(1, len(toks) - 2):
        t = toks[k]
        if t.kind != KIND_NUM or labels[k] not in ("O", "title", "note"):
            continue
        end = toks[k + 1]
        if end.start != t.end or end.text.lower() not in _ORDINAL_ENDS:
            continue
        if toks[k + 2].text.lower() not in EDITION_WORDS:
            continue
        if labels[k + 1] not in ("O", "title", "note") or labels[k + 2] != labels[k + 1]:
            continue
        e = k + 3
        if e < len(toks) and toks[e].text == "." and labels[e] in ("O", "title", "note"):
            e += 1
        _relabel(labels, k, e, "edition")
        if "title" in labels:
            return
        run = _only_run(labels, "container-title")
        if run is not None and run[1] <= k and _next_label(toks, labels, run[1]) == "edition":
            _relabel(labels, *run, "title")
        return


_ORDINAL_WORDS = word_set("second third fourth fifth sixth seventh eighth ninth tenth")
# the cheap test before the rule that reads one ("second ed.", "Third edition")
_ORDINAL_WORD = re.compile(
    r"(?i)\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) ed"
)


def _edition_in_words_left_out(toks: list[Tok], labels: list[str]) -> None:
    """Elsevier's "Graph Routing, second ed., Springer, Cham, 2019.": an edition written in
    words, left unlabelled or read as a note, is the edition."""
    if "edition" in labels:
        return
    for k in range(len(toks) - 1):
        if toks[k].text.lower() not in _ORDINAL_WORDS or labels[k] not in ("O", "note"):
            continue
        if toks[k + 1].text.lower() not in EDITION_WORDS or labels[k + 1] != labels[k]:
            continue
        e = k + 2
        if e < len(toks) and toks[e].text == "." and labels[e] == labels[k]:
            e += 1
        _relabel(labels, k, e, "edition")
        return


_NOT_A_BOOK = frozenset(("publisher", "volume", "issue", "page", "editor"))


def _publisher_before_edition(toks: list[Tok], labels: list[str]) -> None:
    """ "Statistical Inference. Duxbury Press, 2nd edition.": what the tagger read as a
    container right before the edition is a book's publisher (BibTeX's book styles print
    "Publisher, edition"); not when the entry has pages, a volume, editors or a publisher."""
    if "edition" not in labels or any(lab in _NOT_A_BOOK for lab in labels):
        return
    if "container-title" not in labels:
        _unlabelled_publisher_before_edition(toks, labels)
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if b + 1 < len(toks) and toks[b].text == "," and labels[b + 1] == "edition":
        _relabel(labels, a, b, "publisher")


def _unlabelled_publisher_before_edition(toks: list[Tok], labels: list[str]) -> None:
    """ "Tire Dynamics. Butterworth-Heinemann, 3rd edition, 2012.": one to five capitalised
    words the tagger left unlabelled between a sentence's stop and ", edition" are the
    publisher."""
    e, _ = _first_run(labels, "edition")
    if e < 3 or toks[e - 1].text != "," or labels[e - 1] != "O":
        return
    k = e - 2
    while k >= 0 and labels[k] == "O" and toks[k].kind == KIND_WORD:
        k -= 1
    if k < 0 or toks[k].text != "." or labels[k] != "O" or k == e - 2:
        return
    words = [t.text for t in toks[k + 1 : e - 1]]
    if len(words) > 5 or not all(w[:1].isupper() for w in words) or words[0] in ("In", "Dans"):
        return
    if _previous_label(toks, labels, k) != "title" or _names_venue(" ".join(words)):
        return
    _relabel(labels, k + 1, e - 1, "publisher")


# A container that is only an identifier ("arXiv:2006.04768", a DOI) names no container.


# Words a publisher's name may hold between its capitalised words ("Methuen and Co.").
_PUBLISHER_GLUE = frozenset(("and", "&", "of", "for", "the", "de", "et", "und", "-", "'", "."))


_FIRM_ABBREVIATIONS = frozenset(("co", "inc", "ltd", "corp", "bros", "st", "pub", "publ"))


def _publisher_before_place(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. Springer-Verlag, Berlin, 1988." and "Title (Artech House, Boston, 2005)": a
    place with no publisher, after a comma; the capitalised words before that comma, back to
    a sentence's period or an opening parenthesis, are the publisher when the tagger left
    them unlabelled, or ran them into the title after the parenthesis."""
    if "publisher" in labels or "publisher-place" not in labels:
        return
    p, _ = _first_run(labels, "publisher-place")
    if p < 2 or toks[p - 1].text != ",":
        return
    k = p - 2
    while k >= 0 and (
        (
            toks[k].kind == KIND_WORD
            and (toks[k].text[0].isupper() or toks[k].text in _PUBLISHER_GLUE)
        )
        or toks[k].text in _PUBLISHER_GLUE
    ):
        if toks[k].text == "." and (k == 0 or toks[k - 1].text.lower() not in _FIRM_ABBREVIATIONS):
            break  # a sentence's period ends the search; an abbreviation's ("Co.") does not
        k -= 1
    start = k + 1
    while start < p - 1 and toks[start].text in _PUBLISHER_GLUE:
        start += 1
    if start >= p - 1 or p - 1 - start > 6 or k < 0 or not toks[start].text[0].isupper():
        return
    if not any(toks[m].kind == KIND_WORD and len(toks[m].text) > 1 for m in range(start, p - 1)):
        return  # "The Iliad. I, London": a volume's numeral is no publisher
    boundary = toks[k].text
    span = set(labels[start : p - 1])
    named = " ".join(t.text for t in toks[start : p - 1])
    if span == {"O"} and boundary in (".", "(", ":"):
        pass
    elif span == {"note"} and boundary in (".", "(") and labels[k - 1] != "note":
        # "Kinetics, 2 e éd. John Wiley, New York. 1976.": a note's sentence
        for m in (k, p - 1):
            if labels[m] == "note":
                labels[m] = "O"
    elif (
        span - {"O"} == {"title"}
        and boundary == "."
        and labels[k] == "title"
        and _FIRM_WORDS.search(named)
        and "title" in labels[:k]
    ):
        pass  # "Logics and Languages. Methuen and Co., London, 1973.": the title's sentence
    elif boundary == "(" and len(span) == 1 and span <= {"title", "container-title"}:
        if labels[k] == next(iter(span)):
            labels[k] = "O"
    elif (
        span == {"container-title"}
        and boundary == "."
        and labels[k] != "container-title"
        and not any(lab in ("volume", "issue", "page") for lab in labels)
        and PUBLISHER_WORDS.search(named)
        and not _names_venue(named)
    ):
        pass  # "... Computing. R Foundation for Statistical Computing, Vienna": a book's
    else:
        return
    _relabel(labels, start, p - 1, "publisher")


_HANGUL = re.compile("[\uac00-\ud7a3]")


def _hangul_phrase_ends_names(toks: list[Tok], labels: list[str]) -> None:
    """A Korean name is one word ("이영일"); a phrase of several Hangul words between
    commas in the name list is the title that follows the names, run into them."""
    a, b = _first_run(labels, "author")
    start = a
    for k in range(a, b + 1):
        if k < b and toks[k].text != ",":
            continue
        words = [t for t in toks[start:k] if t.kind == KIND_WORD]
        if len(words) >= 2 and all(_HANGUL.search(t.text) for t in words):
            if start == a:
                return  # no name before it: not a list the rule can read
            end = k if k < b else b
            cut = start - 1 if toks[start - 1].text == "," else start
            labels[cut] = "O"
            for m in range(start, end):
                labels[m] = "title" if "title" not in labels[:a] + labels[b:] else "O"
            return
        start = k + 1


_KANA = re.compile("[\u3040-\u30ff]")
_CJK_CHAR = re.compile(f"[{CJK}\uac00-\ud7a3]")


def _cjk_phrase_ends_names(toks: list[Tok], labels: list[str]) -> None:
    """A name in Han or Hangul characters is two to six characters, in one or two words
    ("王孟", "松掛 暢", "木村雄四郞", "오다쇼고(小田省吾)"); a part of the name list between
    commas that holds kana, more characters or more words ("石戶谷勉氏の逝去を悼む", "从
    舞动奇迹 看电视舞蹈节目的本土化改造") is the title that follows the names, run into them,
    with the rest of the run."""
    a, b = _first_run(labels, "author")
    start = a
    for k in range(a, b + 1):
        if k < b and toks[k].text not in (",", "\u3001", "\uff0c"):
            continue
        text = "".join(t.text for t in toks[start:k])
        # words: the chunk's tokens that white space sets apart
        words = 1 + sum(1 for m in range(start + 1, k) if toks[m].start > toks[m - 1].end)
        phrase = _CJK_CHAR.search(text) is not None and (
            _KANA.search(text) is not None or len(_CJK_CHAR.findall(text)) > 6 or words > 2
        )
        if not phrase:
            start = k + 1
            continue
        if start == a:
            return  # no name before it: not a list the rule can read
        title_elsewhere = "title" in labels[:a] or "title" in labels[b:]
        if title_elsewhere and _next_label(toks, labels, b) != "title":
            return
        labels[start - 1] = "O"
        _relabel(labels, start, b, "title")
        return


# Words a title never ends on ("A Language and | Environment for ..."): the words a Title
# Case title leaves in lower case.
_SMALL_WORDS = word_list("title-small-words")


def _ends_sentence(toks: list[Tok], e: int) -> bool:
    """Whether token ``e`` is a period that ends a sentence: spaced from what follows, after
    a word of four letters or more."""
    return (
        toks[e].text == "."
        and e + 1 < len(toks)
        and toks[e + 1].start > toks[e].end
        and toks[e - 1].kind == KIND_WORD
        and len(toks[e - 1].text) > 3
    )


def _second_title_run_before_the_numbers(toks: list[Tok], labels: list[str]) -> None:
    """ "Soigner les graphes (dossier). Santé Mentale, septembre 2011, n°160. p. 25-93.":
    with no container, a second title run after the first one's full stop, right before
    the date and the numbers, is the journal."""
    if "container-title" in labels or "publisher" in labels:
        return
    runs = _first_two_runs(labels, "title")
    if runs is None or _has_second_run(labels[runs[1][1] :], "title"):
        return
    (_, b), (c, d) = runs
    gap = toks[b:c]
    if not gap or any(t.kind != KIND_PUNCT for t in gap) or "." not in [t.text for t in gap]:
        return
    e = d
    while e - 1 > c and (toks[e - 1].kind == KIND_PUNCT or toks[e - 1].text.lower() in ANY_MONTH):
        e -= 1  # "Soins Graphes, mai 2014": the month is the date's
    words = [t for t in toks[c:e] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 8 or not words[0].text[:1].isupper():
        return
    if _numbers_follow(toks, labels, d):
        _relabel(labels, c, e, "container-title")
        _relabel(labels, e, d, "O")


def _ends_a_bracket_or_quote(toks: list[Tok], e: int) -> bool:
    """Whether token ``e`` is a period spaced from what follows right after a closing
    bracket or quotation mark ("Soigner les graphes (dossier). Santé Mentale")."""
    return (
        toks[e].text == "."
        and e + 1 < len(toks)
        and toks[e + 1].start > toks[e].end
        and toks[e - 1].text in _CLOSING_MARKS
    )


# (not "]": PubMed's "[Translated title]." is the translated-title rule's)
_CLOSING_MARKS = frozenset((")", "\u201d", "\u00bb", '"'))


def _title_cut_after_a_small_word(toks: list[Tok], labels: list[str]) -> None:
    """A title run that ends on "and", "of", "for" with the container run straight after it
    (no punctuation between): the container's first sentence is the rest of the title."""
    a, b = _first_run(labels, "title")
    if b >= len(toks) or b == a or labels[b] != "container-title":
        return
    if toks[b - 1].text.lower() not in _SMALL_WORDS or toks[b].kind == KIND_PUNCT:
        return
    e = b
    while e < len(toks) and labels[e] == "container-title":
        if _ends_sentence(toks, e):
            break  # a sentence's period, not an abbreviation's
        e += 1
    _relabel(labels, b, e, "title")
    if e < len(toks) and labels[e] == "container-title" and toks[e].text == ".":
        labels[e] = "O"


_ACRONYM = re.compile(r"^[A-Z][A-Z&]{1,9}(?:-[A-Z]{2,9})?$")


def _venue_acronym_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. NAACL. 2011.": an acronym printed as the title's last sentence, where the
    entry has no container, is the venue."""
    if "container-title" in labels or "publisher" in labels:
        return
    a, b = _first_run(labels, "title")
    if b - a < 4:
        return
    k = b - 1
    if toks[k].text == ".":
        k -= 1
    if k - 2 < a or not _ACRONYM.match(toks[k].text) or not _ends_sentence(toks, k - 1):
        return  # "Proc. Natl. Acad. Sci. USA": an abbreviation's period ends no sentence
    nxt = _next_label(toks, labels, b)
    if nxt not in ("issued", "O", "page", "URL", "DOI"):
        return
    labels[k - 1] = "O"
    for m in range(k, b):
        labels[m] = "container-title" if toks[m].text != "." else "O"


_NUMBERS = frozenset(("volume", "issue", "page"))


def _numbers_follow(toks: list[Tok], labels: list[str], j: int) -> bool:
    """Whether the volume, issue or pages come next from token ``j`` on, past punctuation,
    the date ("Journal. 2006;24:195", "Journal June 2015: 60(2)", "2019 Jan-Feb;12"),
    square brackets ("[Internet]", "[cited 2020 Jan 5]") and a volume word left unlabelled
    ("Journal, Nr. 253")."""
    while j < len(toks):
        t, lab = toks[j], labels[j]
        if lab in _NUMBERS:
            return True
        if t.text == "[" and lab == "O":
            # Vancouver's "Journal [Internet]. 2019 [cited 2020 Jan 5];12(3)": brackets
            close = next(
                (k for k in range(j + 1, min(len(toks), j + 9)) if toks[k].text == "]"), -1
            )
            if close > 0:
                j = close + 1
                continue
        skip = lab == "issued" or (
            lab == "O"
            and (
                t.kind == KIND_PUNCT
                or t.text.lower().rstrip(".") in _VOLUME_OR_MONTH
                or ("-" in t.text and all(p in ANY_MONTH for p in t.text.lower().split("-")))
                or (  # the day after the month ("Journal. 2019 Mar 1;42(3)")
                    t.kind == KIND_NUM
                    and len(t.text) <= 2
                    and j > 0
                    and toks[j - 1].text.lower().rstrip(".") in ANY_MONTH
                )
            )
        )
        if not skip and not (
            lab == "O" and t.text in "nN" and j + 1 < len(toks) and toks[j + 1].text in "°º"
        ):
            return False  # (French "n° 160": the issue's mark)
        j += 1
    return False


# Words that tell an unlabelled phrase after a title is no journal: a report's or a
# preprint's kind, a volume of the book itself, the "In" of a chapter.
_NOT_A_JOURNAL = word_set("in report arxiv preprint preprints e-prints thesis volume paper")


def _unlabelled_journal_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. Pain, 154, 294-305.": an article with no container whose title is followed
    by capitalised words the tagger left unlabelled, right before the numbers: those words
    are the journal."""
    if "container-title" in labels or "publisher" in labels:
        return
    a, b = _first_run(labels, "title")
    if a == b:
        return
    k = b
    k = _past_punctuation(toks, labels, k)
    start = k
    words = 0
    while k < len(toks) and labels[k] == "O":
        t = toks[k]
        if t.kind == KIND_WORD:
            low = t.text.lower()
            if low in _NOT_A_JOURNAL or low in _VOLUME_WORDS or low in _PAGE_MARKS:
                return
            if low in MONTHS:
                break
            words += 1
        elif t.kind != KIND_PUNCT:
            break
        k += 1
    end = k
    while end > start and toks[end - 1].kind == KIND_PUNCT:
        end -= 1
    if not 1 <= words <= 8 or end == start or not toks[start].text[:1].isupper():
        return
    if not _numbers_follow(toks, labels, end):
        return
    _relabel(labels, start, end, "container-title")


def _past_the_journals_place(toks: list[Tok], labels: list[str], j: int) -> int:
    """Past the place a journal is printed in before its "v." (ABNT: "Revista de Saúde
    Pública, São Paulo, v. 52, n. 3"); ``j`` itself where no such place follows."""
    k = _past_punctuation(toks, labels, j)
    if k >= len(toks) or labels[k] != "publisher-place":
        return j
    e = k
    while e < len(toks) and labels[e] == "publisher-place":
        e += 1
    v = _past_punctuation(toks, labels, e)
    if v >= len(toks) or toks[v].text.lower() not in ("v", "vol"):
        return j
    return e


def _online_first_follows(toks: list[Tok], labels: list[str], j: int) -> bool:
    """Whether JAMA's "Published online March 3, 2019." or "Epub" comes next from token
    ``j`` on, past punctuation: an article published before its issue, with no numbers."""
    k = _past_punctuation(toks, labels, j)
    if k >= len(toks):
        return False
    word = toks[k].text.lower()
    if word == "epub":
        return True
    return word == "published" and k + 1 < len(toks) and toks[k + 1].text.lower() == "online"


def _journal_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. Journal name, 2, 559-572": an article with a volume or pages and no
    container, whose title ends in a short sentence of its own right before the numbers
    (or before JAMA's "Published online March 3, 2019."): that sentence is the journal. A
    publishing city read as the publisher between the journal and its numbers ("Nouvelles
    Archives du Muséum, Paris 9: 1-591") is its place."""
    if "container-title" in labels:
        return
    numbered = not _NUMBERS.isdisjoint(labels)
    a, b = _first_run(labels, "title")
    if not numbered and not _online_first_follows(toks, labels, b):
        return
    city = None
    k = _past_punctuation(toks, labels, b)
    if k < len(toks) and labels[k] in ("publisher", "publisher-place"):
        e = k
        while e < len(toks) and labels[e] == labels[k]:
            e += 1
        if is_city(_words_of(toks, k, e)) and _numbers_follow(toks, labels, e):
            city = (k, e)
    if city is None and "publisher" in labels:
        return
    after = city[1] if city else _past_the_journals_place(toks, labels, b)
    if b - a < 6:
        return
    if not _numbers_follow(toks, labels, after) and not _online_first_follows(toks, labels, b):
        return
    cut = -1
    for d in range(a + 3, b - 1):
        if _ends_sentence(toks, d) or _ends_a_bracket_or_quote(toks, d):
            cut = d
    if cut < 0:
        return
    last = cut
    while (
        cut - 2 > a + 2
        and toks[cut - 2].text == "."
        and toks[cut - 1].text[1:].islower()
        and is_serial_abbreviation(toks[cut - 1].text)
    ):
        cut -= 2  # "... Collider. Nucl. Phys. B": the journal's abbreviations are all its own
    if len(toks[cut - 1].text) == 1:
        cut = last  # "..., C. R. Acad. Sci.": the abbreviations go on before the sentence's end
    tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
    if not 1 <= len(tail) <= 8 or not tail[0].text[:1].isalpha():
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")
    if city:
        _relabel(labels, *city, "publisher-place")


_OPENING = {")": "(", "]": "["}


def _close_open_brackets(toks: list[Tok], labels: list[str]) -> None:
    """A value that opens a bracket the tagger left outside it ("University of California
    (Berkeley" and ")") takes the closing bracket that follows it."""
    # each unlabelled closing bracket right after a run, from the last one back (a bracket
    # given to its run changes no run that ends before it)
    for b in range(len(toks) - 1, 0, -1):
        close = toks[b].text
        if close not in {")", "]"}:
            continue
        lab = labels[b - 1]
        if lab == "O" or labels[b] != "O":
            continue
        a = b - 1
        while a > 0 and labels[a - 1] == lab:
            a -= 1
        inside = [t.text for t in toks[a:b]]
        if inside.count(_OPENING[close]) > inside.count(close):
            labels[b] = lab


def _group_after_et_al(toks: list[Tok], labels: list[str]) -> None:
    """ "Doe J, Roe R, et al.; ALPHA Study Group. Title": the capitalised words after the
    name list's "et al.", up to the sentence's period, that end on "Group", "Consortium",
    "Investigators" and the like sign the paper too; the tagger reads them as the title."""
    a, b = _first_run(labels, "author")
    if b - a < 3 or b >= len(toks):
        return
    k = b - 1
    if toks[k].text == ".":
        k -= 1
    if toks[k].text.lower() != "al" or toks[k - 1].text.lower() != "et":
        return
    start = b
    while start < len(toks) and toks[start].text in ";,." and labels[start] == "O":
        start += 1
    end = start
    while (
        end < len(toks)
        and end - start < 10
        and (toks[end].kind in (KIND_WORD, KIND_NUM) or toks[end].text in "-&")
    ):
        end += 1  # "GBD 2019 Collaborators", "COVID-19 Investigators"
    if end == start or end >= len(toks) or toks[end].text != ".":
        return
    if toks[end - 1].text.lower() not in _GROUP_WORDS or not toks[start].text[0].isupper():
        return
    if labels[start] not in ("title", "author", "O"):
        return
    _relabel(labels, b, end, "author")
    labels[end] = "O"


def _words_after_et_al_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode et al Cell, 81:727", "Ode, et al., Graphs 13(3), 329", "Ode et al The Graph
    Cell, 1": "et al." ends a name list; the words the tagger read into the names after it
    (no group that signs the paper: "et al.; ALPHA Study Group") belong to the field that
    follows them: the journal where numbers or the journal follow, else the title."""
    a, b = _first_run(labels, "author")
    if b - a < 3 or b >= len(toks):
        return
    k = a
    while k + 1 < b and not (toks[k].text == "et" and toks[k + 1].text.lower() == "al"):
        k += 1
    if k + 1 >= b:
        return
    s = k + 2
    while s < b and toks[s].kind == KIND_PUNCT and toks[s].text in ".,;":
        s += 1
    words = [t for t in toks[s:b] if t.kind == KIND_WORD]
    if s >= b or not words or not words[0].text[:1].isupper():
        return
    if any(t.text.lower() in _GROUP_WORDS for t in words) or toks[s - 1].text == ";":
        return
    if _initials_first_name_end(toks, s) > 0:
        return  # more names after it ("Ode et al.P. Abe, J. Sato": a lost line break)
    after = _next_label(toks, labels, b)
    if after == "container-title" or (
        after in ("volume", "issue", "page") and "container-title" not in labels
    ):
        new = "container-title"
    elif after in ("title", "O") and "title" not in labels:
        new = "title"
    else:
        return
    _relabel(labels, k + 2, s, "O")
    _relabel(labels, s, b, new)
    if labels[b] == "O" and toks[b].text == "." and _next_label(toks, labels, b) == new:
        labels[b] = new


_ROMAN = re.compile(r"^[IVXLCivxlc]+$")
_VOLUME_WORDS = word_set(
    "suppl supplement pt part spec special issue no vol vols nr bd tome tomo jg jahrgang"
)
# ("Journal, Nr. 253", "Journal June 2015: 60", ABNT's "Journal, v. 52")
_VOLUME_OR_MONTH = _VOLUME_WORDS | (ANY_MONTH - {"set", "out", "ago"}) | {"v"}


def _lettered_volume_is_the_venue(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. Proc ACL 2019:1-10.": a "volume" that holds a name ("ACL") where the entry
    has no container is the venue, with the unlabelled words right before it."""
    if "container-title" in labels:
        return
    a, b = _first_run(labels, "volume")
    if a == b:
        return
    named = [
        t
        for t in toks[a:b]
        if t.kind == KIND_WORD
        and len(t.text) >= 2
        and t.text[0].isupper()
        and not _ROMAN.match(t.text)
        and t.text.lower() not in _VOLUME_WORDS
    ]
    if not named:
        return
    start = a
    while start > 0 and labels[start - 1] == "O" and toks[start - 1].kind == KIND_WORD:
        start -= 1
    _relabel(labels, start, b, "container-title")


def _physics_journal_read_as_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "J. Preskill, Quantum 2, 79 (2018).": the physics styles' journal, its volume, a
    comma, the page and the year in brackets ending the entry; with no container read, a
    short title run straight before the volume's number (no punctuation between them)
    is the journal, and the number its volume."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    n = len(toks)
    v = b + 1 if b < n and toks[b].text == "." and labels[b] == "O" else b  # ("Sci. 86")
    if v + 6 > n or labels[v] not in ("volume", "issue") or not toks[v].text.isdigit():
        return
    if toks[b - 1].kind != KIND_WORD:
        return
    # a name of a few capitalised words, or of abbreviations ("Proc. R. Soc. Lond. A")
    words = [k for k in range(a, b) if toks[k].kind == KIND_WORD]
    if len(words) != len([k for k in range(a, b) if toks[k].text != "."]) or len(words) > 6:
        return
    if not all(toks[k].text[:1].isupper() for k in words):
        return
    if len(words) > 3 and not all(
        len(toks[k].text) == 1 or (k + 1 < n and toks[k + 1].text == ".") for k in words
    ):
        return
    # the page's first number and the rest of a range ("5974-5978")
    p = v + 2
    while p + 1 < n and labels[p + 1] == "page":
        p += 1
    rest = [t.text for t in toks[v + 1 : v + 3]] + [t.text for t in toks[p + 1 : p + 4]]
    if len(rest) < 5 or rest[0] != "," or labels[v + 2] != "page":
        return
    if rest[2] != "(" or rest[4] != ")" or labels[p + 2] != "issued":
        return
    if not (p + 4 == n or (p + 5 == n and toks[p + 4].text == ".")):
        return
    _relabel(labels, a, v, "container-title")
    labels[v] = "volume"


def _title_run_into_in(toks: list[Tok], labels: list[str]) -> None:
    """ "Invariants of manifolds, in The Heritage of Weyl (Durham, 1987)": a title run that
    goes on past ", in" and a capitalised word ran into the book or proceedings it is in."""
    a, b = _first_run(labels, "title")
    c, _ = _first_run(labels, "container-title")
    if c < a:
        return  # a container before the title: the "in" is the title's
    for k in range(a + 2, b - 2):
        if toks[k].text != "," or toks[k + 1].text not in ("in", "In"):
            continue
        nxt = toks[k + 2]
        titled = nxt.kind == KIND_WORD and nxt.text[:1].isupper() and not nxt.text.isupper()
        if not titled and nxt.text != ":":
            continue  # "..., in BRCA2 carriers": a gene's or an acronym's capitals
        labels[k] = "O"
        labels[k + 1] = "O"
        first = k + 2 if nxt.text != ":" else k + 3
        if nxt.text == ":":
            labels[k + 2] = "O"
        _relabel(labels, first, b, "container-title")
        return


def _title_cut_at_a_lower_case_in(toks: list[Tok], labels: list[str]) -> None:
    """A book's "White Plague, Black Labour: Tuberculosis and ... disease in South Africa
    (1989)": the title's run cut at a lower-case "in", the words after it read as a
    container where the entry has no volume, issue or pages and no editors: the words up to
    the container's end are the title's (a book's title goes on past "in"; a chapter's
    container follows ", In" or "In:")."""
    if "volume" in labels or "issue" in labels or "page" in labels or "editor" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b or t_b != a - 1 or toks[t_b].text != "in" or labels[t_b] != "O":
        return
    if any(_ends_sentence(toks, k) for k in range(a, b - 1)):
        return  # ("... in Classical Antiquity. Trans. Christine Richardson.")
    if _names_venue(_words_of(toks, a, b)):
        return
    _relabel(labels, t_b, b, "title")


def _title_list_read_as_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """ "Conspiracy and Romance: Studies in Brockden Brown, Cooper, Hawthorne, and
    Melville.", "... A Study in Canon, Ritual, and Ideology (Oxford: ...)": the title's list
    after its comma, read as the editors where no editor's mark is printed anywhere, is the
    title's."""
    run = _only_run(labels, "editor")
    if run is None:
        return
    a, b = run
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b:
        return
    comma = t_b + 1 == a and toks[t_b].text == "," and labels[t_b] == "O"
    # ("A Study in | Canon, Ritual, and Ideology": the title's last word a small one)
    joined = t_b == a and toks[t_b - 1].text.islower() and len(toks[t_b - 1].text) <= 4
    if not (comma or joined):
        return
    if any(
        t.text.lower() in _EDITOR_MARK_WORDS or t.text.lower() in ("edited", "edit", "hrsg")
        for t in toks
    ):
        return
    _relabel(labels, t_b, b, "title")


_NUMBER_SIGNS = frozenset(("#", "\u00b0", "\u2116", "\u00ba"))
_NOT_A_VENUE = _VOLUME_WORDS | _EDITOR_MARK | {"volume", "number"}


def _venue_before_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "S. Chatterjee, Gen. Relat. Gravit. 18 (1986), 1073.", "Doe, J., 1997, PhPl, 4, 447":
    an entry with neither title nor container whose volume follows words the tagger left
    unlabelled, or serial-title abbreviations it ran into the names: those words are the
    journal."""
    if "title" in labels or "container-title" in labels or "volume" not in labels:
        return
    j = labels.index("volume")
    while j > 0 and (labels[j - 1] == "issued" or toks[j - 1].kind == KIND_PUNCT):
        if toks[j - 1].text in _NUMBER_SIGNS:
            return  # "Meeting #126", "Thèse n° 2": a number, not a journal's volume
        j -= 1
    end = k = j
    abbreviations = 0
    while k > 0:
        t, lab = toks[k - 1], labels[k - 1]
        dotted = k < len(toks) and toks[k].text == "."
        if t.text == "." and lab in ("O", "author"):
            k -= 1
        elif t.kind != KIND_WORD or t.text.lower() in _NOT_A_VENUE:
            break
        elif lab == "O":
            k -= 1
        elif lab == "author" and dotted and is_serial_abbreviation(t.text):
            abbreviations += 1
            k -= 1
        elif lab == "author" and dotted and len(t.text) == 1 and t.text.isupper() and k == end - 1:
            k -= 1  # the section letter ending "Biochem. J.", "Phys. Rev. D."
        else:
            break
    while k < end and toks[k].text == ".":
        k += 1
    words = [m for m in range(k, end) if toks[m].kind == KIND_WORD]
    if not words:
        return
    took_names = any(labels[m] == "author" for m in words)
    if took_names and abbreviations < 1:
        return
    _relabel(labels, k, end, "container-title")


_LONE_VENUE_LABELS = frozenset(("author", "publisher", "title"))
_NUMBER_LABELS = frozenset(("issued", "volume", "issue", "page", "DOI", "URL"))


def _marks_a_number(word: str) -> bool:
    """Whether ``word`` (lower case) marks a journal's numbers or date ("vol", "no", "pp",
    "may")."""
    return (
        word in _VOLUME_WORDS or word in _ISSUE_MARKS or word in _PAGE_MARKS or (word in ANY_MONTH)
    )


def _journal_alone_read_as_another_field(toks: list[Tok], labels: list[str]) -> None:
    """ "Leukemia (2009) 23, 1587–1597", "Br. J. Cancer (1991), 63, 97-101", "Macromolecules
    1999, 32, 7726-7731": an entry whose one run of words opens it, before the date, the
    volume and the pages (a journal's running head, cited as it stands), with no title and
    no container: that run is the journal, not a name, a publisher or a title."""
    if "container-title" in labels or "volume" not in labels or "page" not in labels:
        return
    lab = labels[0]
    if lab not in _LONE_VENUE_LABELS:
        return
    b = 1
    while b < len(toks) and labels[b] == lab:
        b += 1
    if any(x in _LONE_VENUE_LABELS for x in labels[b:]):
        return
    for m in range(b, len(toks)):
        t, after = toks[m], labels[m]
        if t.kind != KIND_WORD or after in _NUMBER_LABELS:
            continue
        if after != "O" or (t.text[:1].isupper() and not _marks_a_number(t.text.lower())):
            return  # ("Reginster J.Y., 1998, Bone, 23": the journal is a word after the date)
    words = [t for t in toks[:b] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 6 or any(t.text in (",", ";", "&") for t in toks[:b]):
        return  # ("Smith, J., Jones, K. (2001)": names)
    if any(t.text.lower() in ("and", "et", "und") for t in words):
        return
    if not all(t.text[:1].isupper() for t in words if len(t.text) > 2):
        return
    _relabel(labels, 0, b, "container-title")


_IMPRINT_MISREAD = frozenset(("O", "publisher-place", "container-title"))


def _bracketed_imprint_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """Physics' books "Digital Signal Processing (Pearson, 2006).", "Active Network Analysis,
    vol. 15 (World Scientific, 2016).": with no publisher read, the words in brackets after
    the title and before the year, read as the place, the container or nothing, are the
    publisher (a city among them the place: "(McGraw-Hill, New York, 1997)")."""
    if "publisher" in labels or "page" in labels or "title" not in labels:
        return
    for o in range(2, len(toks) - 3):
        if toks[o].text != "(" or labels[o] != "O":
            continue
        before = _previous_label(toks, labels, o)
        if before not in ("title", "volume"):
            continue
        c = next((k for k in range(o + 1, len(toks)) if toks[k].text == ")"), -1)
        if c < 0 or labels[c - 1] != "issued":
            return
        parts: list[tuple[int, int]] = []
        a = o + 1
        for k in range(o + 1, c):
            if toks[k].text == "," or labels[k] == "issued":
                if k > a:
                    parts.append((a, k))
                a = k + 1
                if labels[k] == "issued":
                    break
        if not 1 <= len(parts) <= 3:
            return
        if any(lab not in _IMPRINT_MISREAD for p_ in parts for lab in labels[p_[0] : p_[1]]):
            return
        firm = [p_ for p_ in parts if not is_city(_words_of(toks, *p_))]
        if len(firm) != 1 or firm[0] != parts[0] or _names_venue(_words_of(toks, *parts[0])):
            return  # ("(New York, 1997)": a place alone; "(Proc. of ..., 2006)": a venue)
        _relabel(labels, *parts[0], "publisher")
        for p_ in parts[1:]:
            _relabel(labels, p_[0], p_[1], "publisher-place")
        return


def _book_after_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """ "Title" in Mary Romero and Eric Margolis, eds., The Companion to Inequality. Oxford":
    a second title run after "in" and the editors of a chapter's book, with no container
    read, is that book."""
    if "container-title" in labels or "editor" not in labels:
        return
    runs = _first_two_runs(labels, "title")
    if runs is None:
        return
    first_end = runs[0][1]
    a, b = runs[1]
    between = labels[first_end:a]
    if "editor" not in between or any(lab not in ("O", "editor") for lab in between):
        return
    if not any(
        t.text.lower() == "in" and labels[k] == "O"
        for k, t in enumerate(toks[first_end:a], first_end)
    ):
        return  # "Title. Edited by Mark Osteen. Viking critical edition": a book's own editor
    _relabel(labels, a, b, "container-title")


_PAGE_MARKS = frozenset(("p", "pp", "pg", "pgs", "page", "pages", "s", "str", "c"))


def _volume_read_as_a_page(toks: list[Tok], labels: list[str]) -> None:
    """ "Phys. Rev. Lett. 93 172502", "SSRv, 113 271": with no volume read, a page run of
    two numbers set apart by a space alone (no dash, no comma) is the volume and the page."""
    if "volume" in labels or "page" not in labels:
        return
    for lab, a, b in label_runs(labels):
        if lab != "page" or b - a != 2:
            continue
        first, second = toks[a], toks[a + 1]
        before = [t.text.lower() for t in toks[max(0, a - 2) : a] if t.kind == KIND_WORD]
        if before and before[-1] in _PAGE_MARKS:
            return  # "p. 112 114": pages, however printed
        if first.text.isdigit() and second.text.isdigit() and second.start > first.end:
            labels[a] = "volume"
        return


def _number_after_a_page_mark_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Moscow: Energia Press, 1964, p. 464, (in Russian).", "pp. 45–67": a number (or a
    range) right after "p." or "pp." is the pages, never the volume or the issue."""
    if "page" in labels:
        return
    n = len(toks)
    for k in range(n - 2):
        if toks[k].text.lower() not in ("p", "pp") or toks[k + 1].text != ".":
            continue
        j = k + 2
        if toks[j].kind != KIND_NUM or labels[j] not in ("volume", "issue"):
            continue
        e = j + 1
        if e + 1 < n and toks[e].text in ("-", "\u2013") and toks[e + 1].kind == KIND_NUM:
            e += 2
        if any(labels[m] not in ("volume", "issue", "O") for m in range(j, e)):
            continue
        _relabel(labels, j, e, "page")
        return


def _range_of_years_cut_after_its_first(toks: list[Tok], labels: list[str]) -> None:
    """ "Bertram, Hans. 1984–1986a. Complete Works.", "(1853–54)": a range of years right
    after the names, cut after its first year (the rest read into the title), is the date."""
    n = len(toks)
    k = labels.index("issued")
    if k + 2 >= n or toks[k].kind != KIND_NUM or len(toks[k].text) != 4:
        return
    if toks[k + 1].text not in ("-", "\u2013", "/") or labels[k + 1] == "issued":
        return
    y = toks[k + 2]
    if y.kind != KIND_NUM or len(y.text) not in (2, 4) or labels[k + 2] == "issued":
        return
    if toks[k + 1].start != toks[k].end or y.start != toks[k + 1].end:
        return
    e = k + 3
    if e < n and len(toks[e].text) == 1 and toks[e].text.islower() and toks[e].start == y.end:
        e += 1  # the year's letter ("1986a")
    if e < n and toks[e].text not in (".", ")", ","):
        return
    if any(lab not in ("title", "O") for lab in labels[k + 1 : e]):
        return
    _relabel(labels, k + 1, e, "issued")
    if e < n and labels[e] == "title":
        labels[e] = "O"


def _title_run_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "Nestruev, J., Smooth Manifolds and Observables, Springer", "de Waal T., Black
    Garden: Armenia ...": with no title read, the name list's last group after a comma that
    holds no initial, where the names before it do (or are one family name), is the title."""
    if "title" in labels:
        return
    a, b = _first_run(labels, "author")
    if b - a < 3:
        return
    commas = [k for k in range(a, b) if toks[k].text == ","]
    if not commas:
        return
    c = commas[-1]
    tail = [t for t in toks[c + 1 : b] if t.kind != KIND_PUNCT or t.text in ":-'"]
    words = [t for t in tail if t.kind == KIND_WORD]
    if not 2 <= len(words) <= 10 or len(words) != len(tail):
        return
    if words[0].text.lower() in _LAST_NAME_MARKS:
        return  # "Ode, Jan, and The Graph Group": the list's last name
    if _capitals_family_name(toks, a) > 0 and _capitals_family_name(toks, c + 1) == b:
        return  # "ODELL Yi-Shi, ABEL Mo-Lin": names written family name first in capitals
    full = _one_full_name(toks, a, c, commas)
    # after one name written out, three words or more are a title whatever their words
    # ("Messiaen, Olivier, Saint François d’Assise"); else no particle or lower-case word
    loose = full and len(words) >= 3 and words[0].text[:1].isupper()
    if any(
        len(t.text) == 1
        or (t.text.isupper() and len(t.text) <= 3)
        or (not loose and t.text in PARTICLES)
        or not (loose or t.text[:1].isupper() or t.text in _SMALL_WORDS)
        for t in words
    ):
        return  # initials ("J", "LF"), a particle ("von"), a lower-case word of no title
    head = [t for t in toks[a:c] if t.kind == KIND_WORD]
    initials = any(len(t.text) == 1 and t.text.isupper() for t in head)
    if not initials and len(head) != 1 and not full:
        return
    labels[c] = "O"
    _relabel(labels, c + 1, b, "title")


def _one_full_name(toks: list[Tok], a: int, c: int, commas: list[int]) -> bool:
    """Whether tokens ``a`` to ``c`` are one name written out ("Benedict Anderson",
    "Wagner, Richard"): two or three capitalised words, with at most the comma of a family
    name first, no "and" (a list of names written out joins its last with "and")."""
    words = [t.text for t in toks[a:c] if t.kind == KIND_WORD]
    inner = [k for k in commas if a <= k < c]
    if not 2 <= len(words) <= 3 or len(inner) > 1:
        return False
    if any(t.text.lower() in _LAST_NAME_MARKS for t in toks[a:c]):
        return False
    if not all(w[:1].isupper() for w in words):
        return False
    return not inner or inner[0] == a + 1  # ("Wagner, Richard": the family name first)


def _title_case_journal_after_a_comma(toks: list[Tok], labels: list[str]) -> None:
    """ "3D printing in aerospace and its sustainability, Virtual and Physical Prototyping,
    Vol. 10": an article with a volume or pages and no container, whose sentence-case
    title ends in a comma and a phrase in title case right before the numbers: that phrase
    is the journal."""
    if "container-title" in labels or "publisher" in labels:
        return
    if _NUMBERS.isdisjoint(labels):
        return
    a, b = _first_run(labels, "title")
    if b - a < 6:
        return
    nxt = b
    while nxt < len(toks) and labels[nxt] == "O" and toks[nxt].text.lower() not in _VOLUME_WORDS:
        if toks[nxt].kind == KIND_WORD:
            return
        nxt += 1
    if nxt < len(toks) and labels[nxt] == "O":
        nxt += 1  # "Vol", "No"
    while nxt < len(toks) and toks[nxt].kind == KIND_PUNCT and labels[nxt] == "O":
        nxt += 1
    if nxt >= len(toks) or labels[nxt] not in _NUMBERS:
        return
    commas = [k for k in range(a + 3, b - 1) if toks[k].text == ","]
    if not commas:
        return
    c = commas[-1]
    tail = [t.text for t in toks[c + 1 : b] if t.kind == KIND_WORD]
    head = [t.text for t in toks[a:c] if t.kind == KIND_WORD]
    # one word alone after the last comma, right before the numbers: a journal's name
    # whatever the title's case ("... in Medieval Verona, Speculum, 66, 1991, 27-42")
    one_word = (
        len(tail) == 1
        and b - c == 2
        and len(tail[0]) > 3
        and tail[0].isalpha()
        and tail[0][:1].isupper()
        and tail[0][1:].islower()
        and not is_city(tail[0])
    )
    if not (2 <= len(tail) <= 8 or one_word) or len(head) < 3:
        return
    long_tail = [w for w in tail if len(w) > 3]
    long_head = [w for w in head[1:] if len(w) > 3 and w.isalpha()]
    if not long_tail or not all(w[:1].isupper() for w in long_tail):
        return
    if not one_word and (not long_head or sum(w.islower() for w in long_head) < len(long_head) / 2):
        return  # a title in title case too: nothing tells where it ends
    labels[c] = "O"
    start = c + 1  # "..., in «Rivista Geografica Italiana», 123": no "in", no guillemet
    while start < b - 1 and (toks[start].text == "in" or toks[start].text in _OPEN_QUOTES):
        labels[start] = "O"
        start += 1
    _relabel(labels, start, b, "container-title")


_OPEN_QUOTES = frozenset(("\u00ab", "\u201c", '"'))


def _journal_glued_to_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "A review of trials of acupuncture for neck pain Rheumatology 38:143-147": an
    article with no container whose sentence-case title ends, with no punctuation, in one
    to four capitalised words right before its numbers (or year), after a lower-case word
    that is no preposition or article: those words are the journal."""
    if "container-title" in labels or "publisher" in labels:
        return
    if _NUMBERS.isdisjoint(labels):
        return
    a, b = _first_run(labels, "title")
    if b - a < 6 or b >= len(toks) or labels[b] not in (*_NUMBERS, "issued", "O"):
        return
    if _next_label(toks, labels, b) not in (*_NUMBERS, "issued"):
        return
    k = m = b
    while m > a and toks[m - 1].kind == KIND_WORD:
        word = toks[m - 1].text
        if word[:1].isupper():
            k = m - 1
        elif word not in _JOURNAL_JOINERS or m == b:
            break
        m -= 1
    if not 1 <= b - k <= 6 or k - a < 4:
        return
    before = toks[k - 1]
    if before.kind != KIND_WORD or not before.text.islower() or len(before.text) < 3:
        return
    if before.text in _SMALL_WORDS or before.text in PARTICLES:
        return
    words = [t.text for t in toks[a:k] if t.kind == KIND_WORD and len(t.text) > 3]
    if sum(w.islower() for w in words[1:]) < max(2, len(words[1:]) / 2):
        return  # a title in title case: nothing tells where it ends
    _relabel(labels, k, b, "container-title")


def _book_title_read_as_a_container(toks: list[Tok], labels: list[str]) -> None:
    """ "E. W. Kolb, M. S. Turner, The Early Universe, Addison-Wesley (1990)", "R Core Team
    (2013). R: A Language and Environment for Statistical Computing. Vienna, Austria.": no
    title, a container with a publisher, a place or an edition after it and no volume, issue,
    page, or "In" before it: the container is the book's title. Editors are allowed where
    they open the entry, as an edited book's ("Krause, J. (Hrsg.) (2015): Handbuch. 2. Aufl.")."""
    if "title" in labels:
        return
    if "publisher" not in labels and "publisher-place" not in labels:
        return
    if "issue" in labels or "page" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if "editor" in labels[a:]:
        return
    after = b
    d = _past_punctuation(toks, labels, b)
    if "volume" in labels:
        # a book's volume after its marker ("Speech and dialog, Vol. 770, Springer, 2004")
        if d + 1 >= len(toks) or toks[d].text.lower() not in ("vol", "vols", "volume"):
            return
        v = _past_punctuation(toks, labels, d + 1)
        if v >= len(toks) or labels[v] != "volume":
            return
        after = _first_run(labels, "volume")[1]
    elif d < len(toks) and labels[d] == "issued":
        after = _first_run(labels, "issued")[1]  # ("The Hydrolysis of Cations, 1976, New York")
    nxt = _next_label(toks, labels, after)
    if nxt == "note":  # "Classical Fields, 3rd edn. (Wiley, 1998)": the edition read as a note
        d = _past_punctuation(toks, labels, b)
        e = d
        while e < len(labels) and labels[e] == "note":
            e += 1
        if not any(t.text.lower() in EDITION_WORDS for t in toks[d:e]):
            return
        nxt = "edition"
    if _after_in(toks, labels, a) or nxt not in ("publisher", "publisher-place", "edition"):
        return
    if (a > 0 and labels[a - 1] not in ("O", "author")) or _names_venue(_words_of(toks, a, b)):
        return
    _relabel(labels, a, b, "title")


def _ends_sentence_or_question(toks: list[Tok], d: int) -> bool:
    """Whether token ``d`` ends a sentence: a question or exclamation mark, or a period
    after a word of four letters or more, spaced from what follows."""
    if d + 1 >= len(toks) or toks[d + 1].start == toks[d].end:
        return False
    return toks[d].text in "?!" or _ends_sentence(toks, d)


def _title_read_as_the_publisher_or_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "Casella, G. (2002). Statistical Inference. Duxbury Thomson Learning, 2nd edition.",
    "... (2001). Parasite Richness in Feral Cats: Insularity or Density? Parasitology,
    123:143": no title, and the publisher or the journal read over a first sentence of two
    words or more: that sentence is the title (a journal keeps one to six words after it)."""
    if "title" in labels:
        return
    for field in ("publisher", "container-title"):
        run = _only_run(labels, field)
        if run is None:
            continue
        a, b = run
        if a > 0 and labels[a - 1] not in ("O", "author", "issued"):
            return
        if _after_in(toks, labels, a):
            return
        cuts = [
            d
            for d in range(a + 2, b - 1)
            if _ends_sentence_or_question(toks, d) and not is_serial_abbreviation(toks[d - 1].text)
        ]
        if not cuts:
            continue
        cut = cuts[-1] if field == "container-title" else cuts[0]
        head = [t for t in toks[a:cut] if t.kind == KIND_WORD]
        tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
        if len(head) < 2 or not tail:
            return
        asked = toks[cut].text in "?!"
        if field == "container-title" and (
            len(head) < (3 if asked else 4)
            or (not asked and sum(t.text.islower() and len(t.text) > 3 for t in head) < 2)
        ):
            return  # "Adv. Theor. Math. Phys.": a journal's abbreviations, not a sentence
        if field == "container-title" and (
            len(tail) > 6 or not any(lab in _NUMBERS for lab in labels[b:])
        ):
            return
        _relabel(labels, a, cut, "title")
        labels[cut] = "title" if asked else "O"  # a question's mark is the title's
        return


def _place_read_into_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """ "pages 4171-4186, Minneapolis, Minnesota. Association for Computational
    Linguistics.": a publisher run that opens with a place (one to four capitalised words,
    a comma among them) and a period is the place and the publisher."""
    if "publisher-place" in labels:
        return
    run = _only_run(labels, "publisher")
    if run is None:
        return
    a, b = run
    cut = next((d for d in range(a + 1, b - 1) if toks[d].text == "."), -1)
    if cut < 0 or toks[cut + 1].start == toks[cut].end:
        return
    head = toks[a:cut]
    words = [t.text for t in head if t.kind == KIND_WORD]
    if not 2 <= len(words) <= 4 or not any(t.text == "," for t in head):
        return
    if any(t.kind != KIND_WORD and t.text != "," for t in head):
        return
    if not all(w[:1].isupper() and len(w) > 1 for w in words):
        return
    if not any(t.kind == KIND_WORD for t in toks[cut + 1 : b]):
        return
    _relabel(labels, a, cut, "publisher-place")
    labels[cut] = "O"


def _place_and_publisher_in_one_run(toks: list[Tok], labels: list[str]) -> None:
    """ "Paris, Gallimard, 1975", "Leiden, Brill" and "Brill, Leiden": one place run (or one
    publisher run) of two parts around a comma, with no run of the other, where one part is
    a publishing city and the other neither a city nor a region ("Boston, MA" and "Vienna,
    Austria" are one place): the city is the place, the other part the publisher."""
    place, publisher = "publisher-place" in labels, "publisher" in labels
    if place == publisher:
        return
    run = _only_run(labels, "publisher-place" if place else "publisher")
    if run is None:
        return
    a, b = run
    if b - a < 3:
        return
    commas = [k for k in range(a, b) if toks[k].text == ","]
    if len(commas) != 1 or toks[b - 1].text in ",.":
        return
    c = commas[0]
    if c == a or c == b - 1:
        return
    first, second = _words_of(toks, a, c), _words_of(toks, c + 1, b)
    if is_region(second) or is_region(first):
        return
    if not all(_capitalised_or_article(toks, k, b) for k in (a, c + 1)):
        return
    if is_city(first) == is_city(second):
        return
    name = (c + 1, b) if is_city(first) else (a, c)
    if (
        any(is_city(t.text) for t in toks[name[0] : name[1]])
        and not PUBLISHER_WORDS.search(_words_of(toks, *name))
        and not _PRESSES.search(_words_of(toks, *name))
    ):
        return  # "The London, Edinburgh": a city inside the other part, a journal's name
        # ("Rennes, Presses universitaires de Rennes": a press named after its city)
    _relabel(labels, a, b, "publisher-place")
    _relabel(labels, name[0], name[1], "publisher")
    labels[c] = "O"


def _journal_after_the_titles_question_mark(toks: list[Tok], labels: list[str]) -> None:
    """ "What is a good g? Intelligence, 18(3):231-258.": with no container read, a title run
    ending in a few capitalised words after its question mark, right before a comma and
    the volume, has the journal's name there (a title asking a question ends at its
    question mark; the number after a comma is the journal's)."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if b + 1 >= len(toks) or toks[b].text != "," or labels[b + 1] != "volume":
        return
    q = next((k for k in range(b - 1, a, -1) if toks[k].text == "?"), -1)
    if q < 0 or not 0 < b - q - 1 <= 5 or not toks[q + 1].text[:1].isupper():
        return
    if not all(t.kind == KIND_WORD or t.text in ".&" for t in toks[q + 1 : b]):
        return
    _relabel(labels, q + 1, b, "container-title")


def _publisher_before_a_town_and_its_region(toks: list[Tok], labels: list[str]) -> None:
    """ "Wadsworth, Belmont, CA", "SIAM, Philadelphia, PA", "Edwards Brothers, Ann Arbor,
    Michigan": a place run, with no publisher, of a name, a town and its region (parts
    parted by commas) whose name is no place while the town and what follows read as one
    (a town and a region, or cities and regions): the name is the publisher. A town
    after its region's own parts ("Palo Alto, California, USA") or a name of places
    ("Garden City, N.Y., USA", whose second part is a region) is left as it is."""
    if "publisher" in labels:
        return
    run = _only_run(labels, "publisher-place")
    if run is None:
        return
    a, b = run
    while b > a and toks[b - 1].text in ",.":
        b -= 1
    commas = [k for k in range(a, b) if toks[k].text == ","]
    if len(commas) < 2 or commas[0] == a or not toks[a].text[:1].isupper():
        return
    if any(t.kind == KIND_PUNCT and t.text not in ",.&-" for t in toks[a:b]):
        return  # ("Portland, OR), NY": a bracket's end in the place, read from a run-in note)
    c = commas[0]
    first, town = _words_of(toks, a, c), _words_of(toks, c + 1, commas[1])
    if is_city(first) or is_region(first) or is_region(town):
        return
    if not _reads_as_a_place(toks, c + 1, b):
        return
    _relabel(labels, a, c, "publisher")
    labels[c] = "O"


_IMPRINT_LABELS = frozenset(("publisher", "publisher-place"))


def _book_after_the_editors_read_as_the_imprint(toks: list[Tok], labels: list[str]) -> None:
    """Italian and French chapters: "in Galli, Sara (a cura di), Studi danteschi, Firenze,
    Olschki, 2005, pp. 101-120": with no container, the imprint's run right after the
    editors and a comma going on, past commas, to a publishing city: the words before the
    city are the book, the city the place and what follows it the publisher."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "editor")
    if run is None:
        return
    k = _past_punctuation(toks, labels, run[1])
    if k >= len(toks) or labels[k] not in _IMPRINT_LABELS or toks[k - 1].text != ",":
        return
    f = k
    while f < len(toks) and (
        labels[f] in _IMPRINT_LABELS
        or (toks[f].text == "," and f + 1 < len(toks) and labels[f + 1] in _IMPRINT_LABELS)
    ):
        f += 1
    commas = [m for m in range(k + 1, f - 1) if toks[m].text == ","]
    if len(commas) < 2 or not toks[k].text[:1].isupper():
        return
    c = commas[0]
    city = _words_of(toks, c + 1, commas[1])
    if not is_city(city) or is_city(_words_of(toks, k, c)):
        return
    _relabel(labels, k, c, "container-title")
    labels[c] = labels[commas[1]] = "O"
    _relabel(labels, c + 1, commas[1], "publisher-place")
    _relabel(labels, commas[1] + 1, f, "publisher")


_PAGE_MARK_RUNS = frozenset(("publisher", "publisher-place", "container-title", "title"))


def _page_mark_ending_a_run(toks: list[Tok], labels: list[str]) -> None:
    """German "Opladen: Budrich, S. 11–29.", "..., Sp. 12": the page's mark after a comma,
    read into the publisher's (or another) run before the pages, is the pages' mark."""
    for k in range(2, len(toks) - 2):
        if toks[k].text not in ("S", "Sp", "p", "pp", "s") or labels[k] not in _PAGE_MARK_RUNS:
            continue
        if toks[k - 1].text != "," or labels[k - 1] != labels[k] or toks[k + 1].text != ".":
            continue
        m = _past_punctuation(toks, labels, k + 1)
        if m < len(toks) and labels[m] == "page":
            labels[k - 1] = labels[k] = "O"
            return


# A publishing house's word in the six languages ("Presses universitaires de Rennes",
# "Editora da UFPE", "Edizioni", "Éditions", "Editorial", "Verlag" is PUBLISHER_WORDS')
_PRESSES = re.compile(
    r"\b(?:presses|editora|editorial|edizioni|editrice|\u00e9ditions|ediciones|edi\u00e7\u00f5es)\b",
    re.IGNORECASE,
)
# The articles a publisher's name may open with in lower case ("il Mulino", "la Découverte")
_LOWER_ARTICLES = frozenset(("il", "la", "le", "les", "el", "lo", "der", "die", "das", "l"))


def _capitalised_or_article(toks: list[Tok], k: int, b: int) -> bool:
    """Whether token ``k`` is capitalised, or a lower-case article before a capitalised word
    (before ``b``): "il Mulino", "la Découverte"."""
    if toks[k].text[:1].isupper():
        return True
    return toks[k].text in _LOWER_ARTICLES and k + 1 < b and toks[k + 1].text[:1].isupper()


def _place_after_a_comma(toks: list[Tok], labels: list[str], b: int) -> tuple[int, int] | None:
    """The place run (start, end) right after token ``b`` and the comma before it (", Place"),
    unlabelled periods and commas between; None where no place follows so."""
    d = b
    while d < len(toks) and labels[d] == "O" and toks[d].text in (",", "."):
        d += 1
    if d == b or d >= len(toks) or labels[d] != "publisher-place" or toks[d - 1].text != ",":
        return None
    e = d
    while e < len(toks) and labels[e] == "publisher-place":
        e += 1
    return d, e


def _reads_as_a_place(toks: list[Tok], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` name places: a city or region, or cities and regions
    joined by commas and "&" ("Boston & New York", "Garden City, N.Y.")."""
    if b - a > 4 and [t.text for t in toks[b - 4 : b]] == ["u", ".", "a", "."]:
        b -= 4  # German "Paderborn u. a.:" ("and other places")
    parts: list[str] = []
    start = a
    for k in range(a, b + 1):
        if k == b or toks[k].text in (",", "&", ";") or toks[k].text.lower() == "and":
            if k > start:
                parts.append(_words_of(toks, start, k))
            start = k + 1
    if not parts:
        return False
    if all(is_city(p) or is_region(p) for p in parts):
        return True
    return len(parts) == 2 and is_region(parts[1])  # ("Garden City, N.Y.": a town, a state)


def _place_and_publisher_around_a_colon(toks: list[Tok], labels: list[str]) -> None:
    """ "Garden City, N.Y.: Doubleday, Doran", "Hamish Hamilton: London", "Houghton, Mifflin
    & Co.: Boston & New York": one place (or publisher) run of two parts around a colon,
    with no run of the other, where one part names places and the other does not: the
    places are the place, the other part the publisher."""
    place, publisher = "publisher-place" in labels, "publisher" in labels
    if place == publisher:
        return
    label = "publisher-place" if place else "publisher"
    run = _only_run(labels, label)
    if run is None:
        runs = _first_two_runs(labels, label)
        if runs is None or _has_second_run(labels[runs[1][1] :], label):
            return
        (a, m), (n, b) = runs
        if ":" not in [t.text for t in toks[m:n]] or any(t.kind != KIND_PUNCT for t in toks[m:n]):
            return  # ("Houghton, Mifflin & Co. | .: | Boston & New York")
        run = (a, b)
    a, b = run
    colons = [k for k in range(a + 1, b - 1) if toks[k].text == ":"]
    if len(colons) != 1:
        return
    c = colons[0]
    e = c
    while e > a and toks[e - 1].text == ".":
        e -= 1  # ("Mifflin & Co.:")
    left, right = _reads_as_a_place(toks, a, e), _reads_as_a_place(toks, c + 1, b)
    if left == right:
        return
    _relabel(labels, a, b, "publisher-place")
    _relabel(labels, e, c + 1, "O")
    if left:
        _relabel(labels, c + 1, b, "publisher")
    else:
        _relabel(labels, a, e, "publisher")


def _city_ending_a_run(toks: list[Tok], labels: list[str]) -> None:
    """ "Motif Index of Folk Literature, Copenhagen, 1955", "Akademiai Kiado, Budapest":
    with no place read, a title's, a container's or a publisher's run that ends with a
    comma and a publishing city (its region after it: "Chapel Hill, NC") is cut there: the
    city is the place."""
    if "publisher-place" in labels:
        return
    for label in ("title", "container-title", "publisher"):
        run = _only_run(labels, label)
        if run is None:
            continue
        a, b = run
        commas = [k for k in range(a + 2, b - 1) if toks[k].text == ","]
        for c in reversed(commas[-2:]):
            tail = [k for k in range(c + 1, b) if toks[k].text == ","]
            if len(tail) > 1 or not toks[c + 1].text[:1].isupper():
                continue  # (tested before the place names are looked up)
            city = _words_of(toks, c + 1, tail[0] if tail else b)
            if not is_city(city) or (tail and not is_region(_words_of(toks, tail[0] + 1, b))):
                continue
            if any(t.text in "()[]" for t in toks[a:b]):
                return
            _relabel(labels, c + 1, b, "publisher-place")
            labels[c] = "O"
            return


def _place_and_publisher_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """Italian and French books: "Rossi M., Teoria dei grafi, Bologna, Il Mulino, 2010."
    read as one title: with no place and no publisher, a title run that ends with a comma,
    a publishing city, a comma and one to four capitalised words, right before the year, is
    cut there: the city is the place and the words the publisher."""
    if "publisher-place" in labels or "publisher" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    series = (
        b < len(toks)
        and toks[b].text == "("
        and toks[-1].text in (")", ".")
        and "issued" in labels[:a]
    )  # ("Milano, FrancoAngeli (Collana di sociologia, 45).": a series closing the entry)
    if "container-title" in labels[: b + 1] or ("container-title" in labels and not series):
        return
    if _next_label(toks, labels, b) != "issued" and not series:
        return
    commas = [k for k in range(a + 1, b - 1) if toks[k].text == ","]
    if len(commas) < 2:
        return
    c1, c2 = commas[-2], commas[-1]
    if not is_city(_words_of(toks, c1 + 1, c2)) or c1 - a < 2:
        return
    words = toks[c2 + 1 : b]
    if not 1 <= len(words) <= 4 or not all(_is_capitalised(t) or t.text == "&" for t in words):
        return
    _relabel(labels, c1 + 1, c2, "publisher-place")
    _relabel(labels, c2 + 1, b, "publisher")
    labels[c1] = labels[c2] = "O"


# What a book's title run ends with that tells of the book, not its name: "2 vols.",
# "trans." (and the translator after it), "ed." ("Title, ed. K. Ode")
_BOOK_TAIL_WORDS = frozenset(("vols", "vol", "trans", "transl", "tr", "ed", "eds", "hrsg", "übers"))


def _book_details_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Sense and Sensibility, 2 vols. New York", "On Christian Doctrine, trans. D. W.
    Robertson": the count of volumes (the volume, as the tagger reads it elsewhere) or the
    translator's (editor's) mark after the title's last comma is no part of the title."""
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if b - a < 4 or b >= len(toks) or toks[b].text != "." or toks[b - 1].kind != KIND_WORD:
        return
    if toks[b - 1].text.lower() not in _BOOK_TAIL_WORDS:
        return
    c = b - 2 if toks[b - 2].text == "," else b - 3
    if c <= a or toks[c].text != ",":
        return
    if c == b - 3 and (toks[b - 2].kind != KIND_NUM or toks[b - 1].text.lower() != "vols"):
        return
    _relabel(labels, c, b, "O")
    if c == b - 3 and "volume" not in labels:
        _relabel(labels, c + 1, b, "volume")  # (as the tagger reads "2 vols." elsewhere)


def _city_ending_the_title_before_its_region(toks: list[Tok], labels: list[str]) -> None:
    """ "On the Stigma of Mental Illness Washington, D.C.: American Psychological
    Association 2005": with no place read but the region, a publishing city ending the
    title's run right before a comma and its region (or a colon and the publisher) is the
    place."""
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if b - a < 4 or b + 1 >= len(toks) or toks[b - 2].end == toks[b - 1].start:
        return
    if "publisher-place" in labels and _first_run(labels, "publisher-place")[0] != b + 1:
        return  # a place read elsewhere, not the region after the title's comma
    for size in (2, 1):
        k = b - size
        if k <= a + 1 or not toks[k].text[:1].isupper() or not is_city(_words_of(toks, k, b)):
            continue
        if toks[b].text == ":" and labels[b + 1] == "publisher":
            _relabel(labels, k, b, "publisher-place")
            return
        if toks[b].text != ",":
            continue
        e = b + 1
        while (
            e < len(toks)
            and labels[e] in ("publisher", "publisher-place", "O")
            and toks[e].text != ":"
        ):
            e += 1
        if e < len(toks) and toks[e].text == ":" and is_region(_words_of(toks, b + 1, e)):
            _relabel(labels, k, e, "publisher-place")
            return


def _firm_or_body(toks: list[Tok], labels: list[str], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` name a firm ("Wydawnictwo", "Verlag", "Press") or, in
    one to six capitalised words, a body ("The Combustion Institute") in an entry with no
    volume (a journal's article: "Title: Restaurant, Pompidou Centre, Paris, Review, 208")."""
    name = _words_of(toks, a, b)
    if _FIRM_WORDS.search(name):
        return True
    if "volume" in labels:
        return False
    words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    return 1 <= len(words) <= 6 and _capitalised_name(words) and is_corporate(name)


# words that go on a list rather than open a firm's name
_LIST_GOES_ON = _LIST_JOINS | frozenset(("the", "of", "or"))


def _publisher_ending_the_title_before_the_place(toks: list[Tok], labels: list[str]) -> None:
    """Polish and Czech books: "Kowalski J., Teoria grafów, Wydawnictwo Naukowe PWN,
    Warszawa 2015.": with no publisher, the title's last chunk after a comma that names a
    firm ("Wydawnictwo", "Verlag", "Press") or a body ("13th Symp. on Combustion, The
    Combustion Institute, Pittsburgh"), right before the place, is the publisher."""
    if "publisher" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if _next_label(toks, labels, b) != "publisher-place":
        return
    commas = [k for k in range(a + 1, b - 1) if toks[k].text == ","]
    if not commas or not _firm_or_body(toks, labels, commas[-1] + 1, b):
        return
    c = commas[-1]
    if _FIRM_WORDS.search(_words_of(toks, a, c)):
        return
    if toks[c + 1].text in _LIST_GOES_ON:
        return  # the title's list goes on: "Duluth, U.S. Steel, and the Forging of a Company Town"
    labels[c] = "O"
    _relabel(labels, c + 1, b, "publisher")


def _journal_read_as_a_place_or_publisher(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode K. et al, 1999, Bone, 24, 73-79", "Macromolecules 1999, 32, 7726", "Ode, K.
    2015, Graph Conference Series, 97, 592": no title and no journal, and the one place,
    publisher or series run comes right before the volume: it is the journal. With a title
    read, a publisher run after it ("Title. Zoologischer Anzeiger, Bd. 24, pp. 11") is the
    journal where it names no publisher ("Elsevier", "Press") and its volume marker or the
    volume follows it."""
    if "container-title" in labels:
        return
    titled = "title" in labels
    for label in ("publisher",) if titled else ("publisher-place", "publisher", "collection-title"):
        run = _only_run(labels, label)
        if run is None:
            continue
        d = _past_punctuation(toks, labels, run[1])
        if (
            titled
            and d < len(labels)
            and labels[d] == "issued"
            and d - run[1] == 1
            and "publisher-place" not in labels
        ):
            # "Title", Politics Society, 1999, vol. 27: the year between
            d = _past_punctuation(toks, labels, _first_run(labels, "issued")[1])
        if titled and d + 1 < len(labels) and toks[d].text.lower() in ("bd", "vol", "v"):
            d = _past_punctuation(toks, labels, d + 1)
        if d >= len(labels) or labels[d] != "volume":
            return
        name = _words_of(toks, *run)
        parts = name.split(" , ")
        if is_city(parts[0]) or is_region(parts[-1]):
            return  # "Greenwich, Conn., 192": a place
        if titled and (run[0] < _first_run(labels, "title")[1] or PUBLISHER_WORDS.search(name)):
            return
        _relabel(labels, *run, "container-title")
        return


# A page mark printed as an abbreviation ("p.", "pp.", German "S.")
_PAGE_ABBREVIATIONS = word_set("p pp s S")


def _volume_read_as_pages_before_the_marked_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "Annales HSS, 65-2, 2010, p. 301-330": two page runs, the second after its "p."
    and the first right after the journal, and no volume: the first is the volume and its
    issue."""
    if "volume" in labels:
        return
    runs = _first_two_runs(labels, "page")
    if runs is None or _has_second_run(labels[runs[1][1] :], "page"):
        return
    (a, b), (c, _) = runs
    if c < 2 or toks[c - 1].text != "." or toks[c - 2].text not in _PAGE_ABBREVIATIONS:
        return
    if _previous_label(toks, labels, a) != "container-title":
        return  # the numbers right after the journal's name
    nums = [t for t in toks[a:b] if t.kind == KIND_NUM]
    if not 1 <= len(nums) <= 2 or b - a != 2 * len(nums) - 1:
        return
    labels[a] = "volume"
    if len(nums) == 2:
        labels[a + 1] = "O"
        labels[a + 2] = "issue"


# The words only a publishing firm's name holds (a society or a conference holds the others
# of PUBLISHER_WORDS: "ACM", "Society", "Institute").
_FIRM_WORDS = re.compile(
    r"\b(?:press|verlag|publish\w*|books|company|(?-i:Co)|inc|ltd|llc|sons|brothers|bros|gmbh|"
    r"editions|"
    r"[ée]ditions|editora|editorial|editrice|wydawnictwo|nakladatelstv\w+|yay\w*nlar\w*|"
    r"kiad\w+)\b",
    re.IGNORECASE,
)


def _city_after_the_firm_word(toks: list[Tok], labels: list[str]) -> None:
    """ "Westview Press Boulder, CO", "Carl Hanser Verlag München", "Springer Verlag Berlin":
    with no place read, a publisher run whose firm's word ("Press", "Verlag") is followed
    by a publishing city (and its region) with no comma between ends at the firm's word:
    the city is the place (a firm's word the place's run opened with is the publisher's)."""
    run = _only_run(labels, "publisher")
    if run is None:
        return
    a, b = run
    if b < len(toks) and labels[b] == "publisher-place" and _FIRM_WORDS.fullmatch(toks[b].text):
        labels[b] = "publisher"  # "Springer | Verlag Berlin"
        return
    if "publisher-place" in labels:
        return
    for k in range(a + 1, b):
        if not _FIRM_WORDS.fullmatch(toks[k - 1].text.rsplit("-", 1)[-1]):
            continue  # ("Springer-Verlag Berlin": the firm's word after a hyphen)
        comma = next((m for m in range(k, b) if toks[m].text == ","), b)
        place = _words_of(toks, k, comma)
        region = is_region(place) and place.isupper() and place not in ("CO", "INC", "LTD")
        if not toks[k].text[:1].isupper() or not (is_city(place) or region):
            return  # (a region in capitals alone too: "Plenum Press NY"; not "Publishing Co")
        if comma < b and not is_region(_words_of(toks, comma + 1, b)):
            return
        _relabel(labels, k, b, "publisher-place")
        return


def _publisher_read_as_a_place_or_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode, Graphs, Little, Brown, and Company, 1896", "Loos, „Farbmessung“, Verlag Graf
    und Schule, Itzehoe (1989)": with no publisher read, a place (or, with no volume, issue
    or pages, a container) that opens with a publisher's name (a word such as "Company",
    "Verlag", "Books", "Press") is the publisher, and what follows its comma the place."""
    if "publisher" in labels:
        return
    for label in ("publisher-place", "container-title"):
        run = _only_run(labels, label)
        if run is None:
            continue
        if label == "container-title" and not _NUMBERS.isdisjoint(labels):
            return
        a, b = run
        commas = [k for k in range(a, b) if toks[k].text == ","]
        if (
            commas
            and is_region(_words_of(toks, commas[-1] + 1, b))
            and is_city(_words_of(toks, a, commas[-1]))
        ):
            continue  # "Denver, CO" (a container before it may still be the publisher)
        cut = b
        for c in commas:
            if c > a and _FIRM_WORDS.search(_words_of(toks, a, c)):
                cut = c  # "Little, Brown, and Company": the comma after the publisher's word
                break
        else:
            cut = b if _FIRM_WORDS.search(_words_of(toks, a, b)) else -1
        if cut < 0:
            continue
        name = _words_of(toks, a, cut)
        if _names_venue(name) or is_city(name):
            return
        if label == "container-title" and any(t.text == "." for t in toks[a:cut]):
            return  # "Kernels for Data. Graf Press": a title's end before the publisher
        rest = [k for k in commas if k > cut]
        if cut < b and not (
            is_city(_words_of(toks, cut + 1, rest[0] if rest else b))
            or is_region(_words_of(toks, cut + 1, b))
        ):
            return  # what follows is no place
        _relabel(labels, a, cut, "publisher")
        if cut < b:
            labels[cut] = "O"
            _relabel(labels, cut + 1, b, "publisher-place")
        return


def _volume_read_as_a_page_before_the_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "Gastroenterology, 1995 109(1), 129-135", "Journal of Graph Research 17 449--460":
    with no volume read, a lone number read as a page before the issue in brackets and the
    pages, or opening the pages' run before a range, is the volume."""
    if "volume" in labels or "page" not in labels:
        return
    a, b = _first_run(labels, "page")
    if toks[a].kind != KIND_NUM:
        return
    if b == a + 1:  # "109(1), 129-135": the issue in brackets, then a second page run
        if not (
            a + 3 < len(toks)
            and toks[a + 1].text == "("
            and labels[a + 2] == "issue"
            and toks[a + 3].text == ")"
            and _has_second_run(labels, "page")
        ):
            return
        labels[a] = "volume"
    elif (
        b - a >= 4
        and toks[a + 1].kind == KIND_NUM
        and toks[a + 1].start > toks[a].end
        and toks[a + 2].text in ("-", "--", "\u2013")
    ):  # "17 449--460"
        labels[a] = "volume"


def _days_or_issn_read_as_the_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "Meeting #107, Prague, 26-30 August 2019", "June 1-19, 2015": a range of days next
    to a month's name is no page range; nor is the serial number after "ISSN" ("ISSN
    0018-9464", "issn: 0097-8493")."""
    for a, b in _runs_of(labels, "page"):
        nums = [t for t in toks[a:b] if t.kind == KIND_NUM]
        before = toks[a - 1].text.lower().rstrip(".") if a else ""
        if before == ":" and a > 1:
            before = toks[a - 2].text.lower()  # biblatex's "issn: 0097-8493"
        if before == "issn":
            _relabel(labels, a, b, "O")
            continue
        if before == "" and a > 1 and toks[a - 1].text == ".":
            before = toks[a - 2].text.lower()  # "Mar. 3–5, 2019": the month abbreviated
        if len(nums) != 2 or not all(len(t.text) <= 2 and 1 <= int(t.text) <= 31 for t in nums):
            continue
        after = toks[b].text.lower().rstrip(".") if b < len(toks) else ""
        if after in MONTHS or before in MONTHS:
            _relabel(labels, a, b, "O")


def _day_after_a_month_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's "Graph Blog, Mar. 3, 2019.": a lone day after a month's name and before the
    year's comma, read as the volume, is part of the date."""
    run = _only_run(labels, "volume")
    if run is None or run[1] - run[0] != 1 or run[0] < 2:
        return
    k = run[0]
    if not toks[k].text.isdigit() or not 1 <= int(toks[k].text) <= 31:
        return
    m = k - 2 if toks[k - 1].text == "." else k - 1
    if toks[m].text.lower() not in MONTHS:
        return
    if k + 2 < len(toks) and toks[k + 1].text == "," and labels[k + 2] == "issued":
        labels[k] = "O"


_PRESENTED_AT = ("presented", "at")


def _presented_at_opening_the_container(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's "presented at the Graph Conf., Boulder": "presented at (the)" opening the
    container is no part of the meeting's name."""
    for a, b in _runs_of(labels, "container-title"):
        if b - a < 3 or toks[a].text.lower() != _PRESENTED_AT[0]:
            continue
        if toks[a + 1].text.lower() != _PRESENTED_AT[1]:
            continue
        cut = a + 3 if toks[a + 2].text.lower() == "the" else a + 2
        if cut < b:
            _relabel(labels, a, cut, "O")


_RANGE_DASHES = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2212")


def _unlabelled_range_after_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Graph Lett., 30(1):3\u20139, 2009.": a range of numbers that the tagger left outside
    every field, right after the volume or its issue (a colon, a comma or the issue's
    bracket between), is the page range, where no page was found and the range counts up
    ("451\u20137" counts up too)."""
    if "page" in labels or "volume" not in labels:
        return
    n = len(toks)
    for i in range(1, n - 2):
        if labels[i] != "O" or toks[i].kind != KIND_NUM:
            continue
        if toks[i + 1].text not in _RANGE_DASHES or labels[i + 1] != "O":
            continue
        if toks[i + 2].kind != KIND_NUM or labels[i + 2] != "O":
            continue
        if i + 3 < n and (toks[i + 3].kind == KIND_NUM or toks[i + 3].text in _RANGE_DASHES):
            continue
        j = i - 1
        while j >= 0 and labels[j] == "O" and toks[j].text in (":", ",", ")"):
            j -= 1
        if j == i - 1 or j < 0 or labels[j] not in ("volume", "issue"):
            continue
        first, last = toks[i].text, toks[i + 2].text
        if not (first.isdigit() and last.isdigit()):
            continue
        if len(last) < len(first):
            last = first[: len(first) - len(last)] + last
        if int(last) > int(first):
            _relabel(labels, i, i + 3, "page")
        return


def _title_and_abbreviated_journal_after_a_comma(toks: list[Tok], labels: list[str]) -> None:
    """Physics' "A. Larkoski et al., Soft Drop, JHEP 05 (2014) 146", "The LHCb Detector at
    the LHC, JINST 3 (2008)": no title, and a container whose part after its last comma is
    an abbreviated journal (an acronym, or abbreviations with their periods) right before
    the numbers: the part before the comma is the title."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if _next_label(toks, labels, b) not in ("volume", "issue", "issued", "page"):
        return
    t_a, t_b = _first_run(labels, "title")
    # ("Sudakov Safety | in Perturbative QCD, Phys. Rev. D 91": the title's "in" read as a
    # book's)
    cut_at_in = t_b == a - 1 and toks[t_b].text == "in" and labels[t_b] == "O"
    if t_a < t_b and not cut_at_in:
        return
    if _after_in(toks, labels, a) and not cut_at_in:
        return
    c = _abbreviated_journal_after_the_last_comma(toks, a, b)
    if c < 0:
        return
    _relabel(labels, t_a if cut_at_in else a, c, "title")
    labels[c] = "O"


def _abbreviated_journal_after_the_last_comma(toks: list[Tok], a: int, b: int) -> int:
    """Where the comma stands in a run ``a``-``b`` that holds a title of two words or more
    with no period, the comma, then an abbreviated journal (an acronym, or abbreviations with
    their periods, capitalised) that ends the run and names no venue before it; -1 if not."""
    c = b - 1
    while c > a and toks[c].text != ",":
        c -= 1
    if c <= a:
        return -1
    head = [t for t in toks[a:c] if t.kind == KIND_WORD]
    tail = [t for t in toks[c + 1 : b] if t.kind == KIND_WORD]
    if len(head) < 2 or not 1 <= len(tail) <= 6 or any(t.text == "." for t in toks[a:c]):
        return -1
    acronym = len(tail) == 1 and tail[0].text.isupper() and 2 <= len(tail[0].text) <= 6
    dotted = all(t.text[:1].isupper() for t in tail) and any(
        is_serial_abbreviation(toks[m].text) and m + 1 < len(toks) and toks[m + 1].text == "."
        for m in range(c + 1, b)
    )
    if not (acronym or dotted) or _names_venue(_words_of(toks, a, c)):
        return -1
    return c


def _abbreviated_journal_after_the_title_s_comma(toks: list[Tok], labels: list[str]) -> None:
    """ "Odell K., Lind B., Graph routing in dense networks, Graph Stud., 2019, 12(3), 45-67":
    no container, and a title run whose part after its last comma is an abbreviated journal
    right before the date or the numbers: that part is the journal."""
    a, b = _first_run(labels, "title")
    if a == b or _next_label(toks, labels, b) not in ("volume", "issue", "issued", "page"):
        return
    if "volume" not in labels and "page" not in labels:
        return  # ("The Iliad, ..., Gloucester Mass. 1972.": a place, no journal)
    c = _abbreviated_journal_after_the_last_comma(toks, a, b)
    if c < 0:
        return
    labels[c] = "O"
    _relabel(labels, c + 1, b, "container-title")


def _title_and_journal_read_as_one_container(toks: list[Tok], labels: list[str]) -> None:
    """ "Ode K. Scalable Graph Interface. IEEE Graphs, 23(6): 74-77": no title, and a
    container of two sentences or more before the volume: its last sentence (one to eight
    words) is the journal, the sentences before it the title."""
    if "title" in labels or "volume" not in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    after = _next_label(toks, labels, b)
    if after == "issued":  # "J. Graphs, 2019, 12, 45-67"
        after = _next_label(toks, labels, _first_run(labels, "issued")[1])
    if after != "volume" or _after_in(toks, labels, a):
        return
    cut = -1
    for d in range(a + 2, b - 1):
        if (
            _ends_sentence_or_question(toks, d)
            and toks[d + 1].text[:1].isupper()
            and not is_serial_abbreviation(toks[d - 1].text)
        ):
            cut = d
    if cut < 0:
        return
    head = [t for t in toks[a:cut] if t.kind == KIND_WORD]
    tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
    first = tail[0].text if tail else ""
    abbreviated = cut + 2 < b and toks[cut + 2].text == "." and toks[cut + 1].text == first
    if abbreviated and not (first in ("J", "Z") or is_serial_abbreviation(first)):
        abbreviated = False
    if len(head) < (2 if abbreviated else 3):
        return  # (two words before an abbreviated journal: "Graph colouring. J. Graphs")
    if not 1 <= len(tail) <= 8:
        return
    if any(t.text == "." for t in toks[a:cut]):
        return  # an abbreviated journal's words ("J. Phys. G, Nucl. Part. Phys.")
    if _names_venue(_words_of(toks, a, cut)) or tail[0].text.lower().startswith("ser"):
        return  # "Proceedings of the Royal Society. Series A": one journal
    _relabel(labels, a, cut, "title")
    labels[cut] = "O"


# The marks printed after a chapter's editors ("(eds.)", "(Hgg.)", "(coord.)", "(Org.)",
# "(éd.)"): the abbreviated ones of _EDITOR_MARK and those of other languages. (names'
# _EDS_PAREN reads the mark at the end of a name string, with "(comp.)" and "(a cura di)".)
_EDITORS_MARK_AFTER = (_EDITOR_MARK - {"editor", "editors"}) | {
    "hgg",
    "coord",
    "coords",
    "org",
    "orgs",
    "\u00e9d",
    "\u00e9ds",
}


def _editors_mark_opening_the_book(toks: list[Tok], labels: list[str]) -> None:
    """ "In: COSTA, L. (Org.). Ensino e aprendizagem.": the editors' mark and its closing
    bracket read as the head of the book after the editors are no part of it."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if a < 2 or labels[a - 1] != "O" or toks[a - 1].text != "(" or labels[a - 2] != "editor":
        return
    if toks[a].text.lower() not in _EDITORS_MARK_AFTER:
        return
    k = a + 1
    while k < b and toks[k].kind == KIND_PUNCT:
        k += 1
    if k == a + 1 or ")" not in {t.text for t in toks[a + 1 : k]} or k == b:
        return
    _relabel(labels, a, k, "O")


def _book_after_the_editors_mark(toks: list[Tok], labels: list[str]) -> None:
    """ "In: Inka Mülder-Bach, Gerhard Neumann (Hgg.): Räume der Romantik. Würzburg: ...",
    "in D.C. Greetham (ed.), Scholarly Editing: A Guide to Research, New York 1995": the
    words after a chapter's editors and their "(ed.)" mark, up to the next comma or
    sentence end, are the book, where no container was read."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "editor")
    if run is None:
        return
    a, b = run
    if not any(t.text.lower() in _IN_WORDS for t in toks[max(0, a - 3) : a]):
        return
    if "title" not in labels[:a]:
        return  # no chapter title: the book is the entry's title
    k = b
    marked = False
    while k < len(toks) and labels[k] == "O" and toks[k].kind in (KIND_PUNCT, KIND_WORD):
        if toks[k].kind == KIND_WORD:
            if toks[k].text.lower() not in _EDITORS_MARK_AFTER:
                if marked:
                    break  # "(eds) Graph Theory.": the book, left unlabelled
                return
            marked = True
        k += 1
    book = ("publisher", "publisher-place", "title", "collection-title", "O")
    if not marked or k >= len(toks) or labels[k] not in book:
        return
    if toks[k].text.lower() in _PAGE_MARKS:
        return  # "(..., eds.), pp. 82-96": the pages' mark is no book
    e = k
    while e < len(toks) and labels[e] in book:
        if toks[e].text in ",;" or _ends_sentence_or_question(toks, e):
            break
        if toks[e].kind not in (KIND_WORD, KIND_PUNCT):
            break
        if toks[e].text == "(" and labels[e] == "O":
            break  # APA's "Book (pp. 23-45)", "(2nd ed., pp. 3-9)": the book ends there
        e += 1
    if not any(t.kind == KIND_WORD for t in toks[k:e]) or e >= len(toks):
        return
    _relabel(labels, k, e, "container-title")


def _book_s_head_before_its_subtitle(toks: list[Tok], labels: list[str]) -> None:
    """Springer's "In: Lind B (ed) Graph theory: methods and applications. Springer, Berlin":
    the book's words between the editors' mark and its subtitle's colon, left unlabelled
    with the subtitle read as the book, are the book's too."""
    c, d = _first_run(labels, "container-title")
    if c < 3 or toks[c - 1].text != ":" or labels[c - 1] != "O":
        return
    k = c - 1
    while k > 0 and labels[k - 1] == "O" and toks[k - 1].kind == KIND_WORD:
        k -= 1
    if k == c - 1 or toks[k - 1].text != ")":
        return
    o = next((m for m in range(k - 2, max(0, k - 5), -1) if toks[m].text == "("), -1)
    if o < 1 or labels[o - 1] != "editor":
        return
    if not any(t.text.lower().rstrip(".") in _EDITORS_MARK_AFTER for t in toks[o + 1 : k - 1]):
        return
    _relabel(labels, k, d, "container-title")


def _note_where_the_title_stands(toks: list[Tok], labels: list[str]) -> None:
    """ "D Lehmann. Belief revision, revised. In Proceedings IJCAI-95": no title, and a note
    read straight after the names and before an "In" or a container: that is the title."""
    if "title" in labels:
        return
    a, b = _first_run(labels, "author")
    if a == b:
        return
    k = b
    k = _past_punctuation(toks, labels, k)
    dated = False
    if k < len(toks) and labels[k] == "issued":  # "Ode K. (2015) Graphentheorie. Springer"
        k = _past_punctuation(toks, labels, _first_run(labels, "issued")[1])
        # APA's day left out of the date: "(2021, March 3). Title"
        while (
            k < len(toks)
            and labels[k] == "O"
            and (
                toks[k].kind == KIND_PUNCT
                or toks[k].text.isdigit()
                or toks[k].text.lower() in ANY_MONTH
            )
        ):
            k += 1
        dated = True
    if k >= len(toks) or labels[k] != "note":
        return
    e = k
    while e < len(toks) and labels[e] == "note":
        e += 1
    nxt = e
    nxt = _past_punctuation(toks, labels, nxt)
    if nxt >= len(toks):
        return
    book = dated and labels[nxt] == "publisher" and toks[nxt - 1].text == "."
    if not (toks[nxt].text.lower() == "in" or labels[nxt] == "container-title" or book):
        return
    _relabel(labels, k, e, "title")


def _volume_dot_issue_ending_the_container(toks: list[Tok], labels: list[str]) -> None:
    """MLA's "ACS Nano 5.1 (2010): 26-41": with no volume read, the container's run that
    ends with two numbers joined by a period, before the bracketed year, ends with its
    volume and issue."""
    if "volume" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if b - a < 4 or b + 2 >= len(toks) or toks[b].text != "(" or labels[b + 1] != "issued":
        return
    v, dot, i = toks[b - 3], toks[b - 2], toks[b - 1]
    if not (v.text.isdigit() and dot.text == "." and i.text.isdigit()):
        return
    if v.end != dot.start or dot.end != i.start or toks[b - 4].kind != KIND_WORD:
        return
    labels[b - 3] = "volume"
    labels[b - 2] = "O"
    labels[b - 1] = "issue"


def _number_glued_to_the_container(toks: list[Tok], labels: list[str]) -> None:
    """A number glued to the container's last word with no space, where the text layer lost
    it ("Optica1 , 119-124", "Review of scientific instruments69 , 1207"), is the volume, or
    the page where a volume was read."""
    if "container-title" not in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    last, word = toks[b - 1], toks[b - 2]
    if b - a < 2 or not last.text.isdigit() or word.end != last.start:
        return
    if CONF_WORDS.search(_words_of(toks, a, b)):
        return  # "Conference on Agents Agents98": a meeting's year
    if word.kind == KIND_WORD and len(word.text) >= 3 and word.text[-1:].islower():
        labels[b - 1] = "page" if "volume" in labels else "volume"


# ("nº": the masculine ordinal sign is a letter, so French, Spanish and Portuguese "nº 3"
# is one word; Spanish "núm.", "nro.")
_ISSUE_MARKS = word_set(
    "no n nr num number issue iss heft h fasc fascicule cahier nos n\u00ba n\u00fam nro"
)


def _issue_mark_read_into_the_issue(toks: list[Tok], labels: list[str]) -> None:
    """Spanish "n.º 1", Portuguese "n.º 3": the ordinal sign of the mark, read as the issue's
    first token before its number, is the mark's."""
    for k in range(1, len(toks) - 1):
        if (
            labels[k] == "issue"
            and toks[k].text in ("\u00ba", "\u00b0")
            and labels[k - 1] != "issue"
            and labels[k + 1] == "issue"
            and toks[k + 1].kind == KIND_NUM
        ):
            labels[k] = "O"


def _lone_bracketed_issue_after_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """APA's "Estudios de Turismo, (215), 89-110.": a journal with no volume, its number in
    brackets between commas right after its name, read as the volume: the issue."""
    if "issue" in labels or labels.count("volume") != 1:
        return
    k = labels.index("volume")
    if not 3 <= k < len(toks) - 2 or toks[k].kind != KIND_NUM:
        return
    if toks[k - 1].text != "(" or toks[k + 1].text != ")" or toks[k - 2].text != ",":
        return
    if labels[k - 3] != "container-title" or toks[k + 2].text != ",":
        return
    labels[k] = "issue"


def _issue_after_its_marker(toks: list[Tok], labels: list[str]) -> None:
    """ "n° 1", "Nr. 10", "Heft 6", "Volume 4, Issue 2", "Film Comment 40.1": a journal's
    number after an issue mark (or after its volume and a period with no space) is its
    issue, where none was read."""
    if "issue" in labels:
        _issue_mark_read_into_the_issue(toks, labels)
    if "issue" in labels or "container-title" not in labels or "number" in labels:
        return
    n = len(toks)
    for k in range(n):
        t = toks[k]
        if not t.text.isdigit() or labels[k] not in ("volume", "O", "page"):
            continue
        j = k - 1
        while j >= 0 and toks[j].kind == KIND_PUNCT and toks[j].text in ".\u00b0\u00ba":
            j -= 1
        marked = j >= 0 and toks[j].text.lower() in _ISSUE_MARKS and labels[j] == "O"
        marked = marked or (j >= 0 and toks[j].text == "\u2116")
        if labels[k] == "page" and not (marked and labels.count("page") == 1):
            continue  # ('„Gazeta Bankowa" 1997, nr 29.': a lone page after an issue mark)
        dotted = (
            labels[k] == "volume"
            and k >= 2
            and toks[k - 1].text == "."
            and toks[k - 2].text.isdigit()
            and labels[k - 2] == "volume"
            and toks[k - 2].end == toks[k - 1].start == t.start - 1
            and len(toks[k - 2].text) <= 4
            and len(t.text) <= 3
            and (k < 3 or toks[k - 3].text != "/")
        )
        if not (marked or dotted):
            continue
        labels[k] = "issue"
        if dotted:
            labels[k - 1] = "O"
        return


def _page_read_as_a_year(toks: list[Tok], labels: list[str]) -> None:
    """ "Nano Lett. 2010, 10, 1979.": a second date after the volume and a comma, where the
    entry has its date already and no pages, is the page."""
    if "page" in labels:
        return
    if labels.count("issued") < 2:  # (Labels count themselves: no walk for one date)
        return
    years = [k for k, lab in enumerate(labels) if lab == "issued"]
    k = years[-1]
    first = years[0]
    if k - first < 3 or k < 2 or not YEAR_RE.fullmatch(toks[first].text):
        return
    glued = first + 1 < len(toks) and toks[first + 1].start == toks[first].end
    if glued and toks[first + 1].kind != KIND_PUNCT:
        return  # "1930년대": a decade named in the title, not the date
    if not toks[k].text.isdigit() or toks[k - 1].text != "," or labels[k - 2] != "volume":
        return
    if labels[k - 1] != "O" or (k + 1 < len(toks) and labels[k + 1] == "issued"):
        return
    labels[k] = "page"


def _page_after_the_bracketed_date(toks: list[Tok], labels: list[str]) -> None:
    """ "Phys. Rev. Lett. 66 (1991), 1955", "Rev. Sci. 55 (2005)229, doi:...": the entry's
    last number, right after the volume (or issue) and its bracketed date, which the tagger
    read as a second date or volume, is the page where the entry has none."""
    if "page" in labels or "issued" not in labels:
        return
    k = len(toks) - 1
    while k >= 0 and (
        labels[k] in _AFTER_THE_PAGE or (labels[k] == "O" and toks[k].kind != KIND_NUM)
    ):
        k -= 1  # (an identifier, a note, the words and punctuation around them)
    if k < 5 or labels[k] not in ("issued", "volume") or toks[k].kind != KIND_NUM:
        return
    j = k - 1
    if toks[j].text == ",":
        j -= 1
    if toks[j].text != ")" or labels[j - 1] != "issued" or not YEAR_RE.fullmatch(toks[j - 1].text):
        return
    o = j - 2
    while o > 0 and toks[o].text != "(" and (labels[o] == "issued" or toks[o].kind == KIND_PUNCT):
        o -= 1
    if o < 1 or toks[o].text != "(" or labels[o - 1] not in ("volume", "issue"):
        return
    if toks[o - 1].kind == KIND_NUM:
        labels[k] = "page"


_AFTER_THE_PAGE = frozenset(("DOI", "URL", "number", "note"))


def _bracketed_date_at(toks: list[Tok], labels: list[str], o: int) -> bool:
    """Whether a bracketed date opens at ``o``: "(1942)", "(January 1987)"."""
    if o >= len(toks) or toks[o].text != "(":
        return False
    k = o + 1
    while k < len(toks) and toks[k].text.lower().rstrip(".") in ANY_MONTH:
        k += 1
    return (
        k + 1 < len(toks)
        and labels[k] == "issued"
        and YEAR_RE.fullmatch(toks[k].text) is not None
        and toks[k + 1].text == ")"
    )


def _volume_read_as_the_issue_before_the_date(toks: list[Tok], labels: list[str]) -> None:
    """ "YCS 8 (1942), pp. 103-178", "Journal of the ACM 34 (January 1987)": the one number
    right after the journal and before its bracketed date, which the tagger read as the
    issue, is the volume where the entry has none (an issue has its mark: "no. 8")."""
    if "issue" not in labels or "volume" in labels:
        return
    run = _only_run(labels, "issue")
    if run is None or run[1] - run[0] != 1:
        return
    k = run[0]
    if toks[k].kind != KIND_NUM or k < 2 or not _bracketed_date_at(toks, labels, k + 1):
        return
    j = k - 1 if toks[k - 1].text == "," else k
    if labels[j - 1] == "container-title" and toks[j - 1].text not in _NUMBERED_BY_MONTH:
        labels[k] = "volume"


# journals that number their issues by the month and print the year for the volume
# ("JHEP 09 (2007) 126": September's issue)
_NUMBERED_BY_MONTH = frozenset(("JHEP", "JCAP"))


def _marked_number_read_as_a_date(toks: list[Tok], labels: list[str]) -> None:
    """ "Proc. R. Soc. A, vol. 392, no. 1802, pp. 45-57, 1984", "CEUR Workshop Proceedings,
    vol. 2072. CEUR-WS.org (2018)": a number after its volume or issue mark, which the tagger
    read as a date (it looks like a year), is the volume or issue where the entry prints
    its date again after it."""
    if labels.count("issued") < 2:
        return
    runs = _first_two_runs(labels, "issued")
    if runs is None:
        return
    (a, b), _ = runs
    if b - a != 1 or a < 2 or toks[a].kind != KIND_NUM:
        return
    m = a - 2 if toks[a - 1].text == "." else a - 1
    mark = toks[m].text.lower()
    field = "volume" if mark in ("vol", "volume") else "issue" if mark in _ISSUE_MARKS else ""
    if field and field not in labels and labels[m] == "O":
        labels[a] = field


def _issue_after_the_volume_and_a_period(toks: list[Tok], labels: list[str]) -> None:
    """BibLaTeX's "volume.number": "In: Genome Biology 11. 10. PMID:...", "Nature 489.
    7414, pp. 57-74": the unlabelled number after the volume and its period is the issue
    where the entry has none."""
    if "issue" in labels or "volume" not in labels:
        return
    run = _only_run(labels, "volume")
    if run is None or run[1] - run[0] != 1:
        return
    v = run[0]
    if v + 2 >= len(toks) or toks[v].kind != KIND_NUM or toks[v + 1].text != ".":
        return
    k = v + 2
    if toks[v + 1].start != toks[v].end or toks[k].kind != KIND_NUM or labels[k] != "O":
        return
    if k + 1 < len(toks) and toks[k + 1].text not in ".,(":
        return  # ("11. 10-19": the pages)
    labels[k] = "issue"


def _entry_number_read_as_the_page(toks: list[Tok], labels: list[str]) -> None:
    """ "32-Sharma D, Jelacic J, ... Anesth Analg. 2009; 108(1): 81-9.": the number that
    opens the entry before its names (its number in the list) is no page."""
    if "page" not in labels or not labels or labels[0] not in ("page", "O"):
        return
    a, b = _first_run(labels, "page")
    if not all(t.kind in (KIND_NUM, KIND_PUNCT) for t in toks[:b]):
        return
    j = b
    while j < len(toks) and toks[j].kind == KIND_PUNCT:
        j += 1
    if j == len(toks) or labels[j] != "author" or toks[b - 1].kind != KIND_NUM:
        return
    _relabel(labels, a, j, "O")


def _month_numbered_volume_read_as_the_issue(toks: list[Tok], labels: list[str]) -> None:
    """ "JHEP 1704, 134 (2017)", "JHEP 0505 (2005) 066": after a journal numbered by the
    month, the four digits of the year and month are its volume (two digits alone are the
    month's issue: "JHEP 09 (2007) 126"); a number read as the volume after them and a
    comma is the page (the article's number)."""
    if "issue" not in labels:
        return
    run = _only_run(labels, "issue")
    if run is None or run[1] - run[0] != 1 or run[0] == 0:
        return
    k = run[0]
    if labels[k - 1] != "container-title" or toks[k - 1].text not in _NUMBERED_BY_MONTH:
        return
    if toks[k].kind != KIND_NUM or len(toks[k].text) != 4:
        return
    after = _only_run(labels, "volume")
    labels[k] = "volume"
    if after is None or after[1] - after[0] != 1 or "page" in labels:
        return
    v = after[0]
    if v == k + 2 and toks[k + 1].text == "," and toks[v].kind == KIND_NUM:
        labels[v] = "page"


def _series_number_read_as_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Bulletin de la Société botanique de Genève, ser. 2, 1(3): 120-132", "Serie 2 6:
    18-22": the number after the series mark, read as a first volume before the volume, is
    the series', part of the journal's name."""
    if labels.count("volume") < 2:
        return
    runs = _first_two_runs(labels, "volume")
    if runs is None:
        return
    (a, b), (c, d) = runs
    if b - a != 1 or d - c != 1 or a < 1 or toks[a].kind != KIND_NUM:
        return
    if toks[c].kind != KIND_NUM or c - b > 1 or (c > b and toks[b].text != ","):
        return
    m = a - 2 if toks[a - 1].text == "." else a - 1
    if m < 1 or toks[m].text.lower() not in _SERIES_MARKS:
        return
    _relabel(labels, m, b, "container-title")


_SERIES_MARKS = word_set("ser serie series série sér")


def _second_volume_is_the_issue(toks: list[Tok], labels: list[str]) -> None:
    """APS's "Phys. Rev. D 88 (2013) 10, 105030" and ACM's "Commun. ACM, 18, 4 (April
    1975), pages 216-217": a lone number read as a second volume, after the volume's
    bracketed year and before a comma and the page, or after the volume and a comma and
    before the bracketed date, where the entry has its page, is the issue."""
    if "page" not in labels or "issue" in labels or labels.count("volume") < 2:
        return
    runs = _first_two_runs(labels, "volume")
    if runs is None or _has_second_run(labels[runs[1][1] :], "volume"):
        return
    (a, b), (c, d) = runs
    if b - a != 1 or d - c != 1 or toks[a].kind != KIND_NUM or toks[c].kind != KIND_NUM:
        return
    after_year = (
        c == b + 3
        and toks[b].text == "("
        and labels[b + 1] == "issued"
        and toks[b + 2].text == ")"
        and d + 1 < len(toks)
        and toks[d].text == ","
        and labels[d + 1] == "page"
    )
    before_date = c == b + 1 and toks[b].text == "," and _bracketed_date_at(toks, labels, d)
    if after_year or before_date:
        labels[c] = "issue"


# Where ``_marked_volume_read_as_another_field`` can find "t"/"т" as its mark (in the
# lower-case text): before a period and a number (a quick test before the rule)
_T_MARK_IN_TEXT = re.compile(r"[t\u0442]\s*[.\uff0e]\s*\d")


def _may_mark_a_volume(low: str) -> bool:
    """Whether ``low`` (an entry's text in lower case) holds a word of
    ``_VOLUME_MARK_WORDS`` before a number (a quick test before
    ``_marked_volume_read_as_another_field``)."""
    return (
        "vol" in low
        or "tom" in low
        or "band" in low
        or "bd" in low
        or _T_MARK_IN_TEXT.search(low) is not None
    )


def _marked_volume_read_as_another_field(toks: list[Tok], labels: list[str]) -> None:
    """ "Lettere da una vita; Volume II.", "Le monde grec. Tome I: Le Ve siècle", "Journal
    de Mathématiques, T. 5, Paris": a number or Roman numeral right after its volume mark,
    which the tagger read into another field or left out, is the volume where the entry has
    none (the mark is no part of any field)."""
    if "volume" in labels:
        return
    n = len(toks)
    for m in range(n - 1):
        word = toks[m].text.lower()
        if word not in _VOLUME_MARK_WORDS or toks[m].kind != KIND_WORD:
            continue
        k = m + 2 if toks[m + 1].text == "." else m + 1
        if k >= n:
            continue
        num = toks[k]
        roman = num.kind == KIND_WORD and _VALID_ROMAN.fullmatch(num.text) is not None
        if not ((num.kind == KIND_NUM and len(num.text) <= 3) or roman):
            continue
        if word in ("t", "\u0442") and (k == m + 1 or roman):
            continue  # ("T. M. Conte": an initial, unless a number follows its period)
        if k + 1 < n and toks[k + 1].kind != KIND_PUNCT:
            continue  # ("Volume 1 1913-1926", "Vol. IV Q-Z": more than the number)
        if k + 1 < n and toks[k + 1].text == ":" and labels[m] in _TITLES:
            continue  # ("The Art of Programming Volume 3: Sorting": a volume's own title)
        if labels[k] in ("page", "issue", "issued", "DOI", "URL", "number"):
            continue
        _relabel(labels, m, k, "O")
        labels[k] = "volume"
        return


_VOLUME_MARK_WORDS = word_set("vol volume tome tomo t \u0442 band bd")
_TITLES = frozenset(("title", "container-title"))


def _page_after_a_lettered_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Phys. Lett. 101B, 139 (1981)", "C. R. Acad. Sci. 275 C, 17 (1972)": no page, and
    a lone number read as a second volume after a volume with its series letter and a
    comma is the page."""
    if "page" in labels or labels.count("volume") < 3:
        return
    runs = _first_two_runs(labels, "volume")
    if runs is None or _has_second_run(labels[runs[1][1] :], "volume"):
        return
    (a, b), (c, d) = runs
    if b - a != 2 or d - c != 1 or c != b + 1 or toks[b].text != ",":
        return
    letter = toks[a + 1].text
    if len(letter) == 1 and letter.isupper() and toks[a].kind == toks[c].kind == KIND_NUM:
        labels[c] = "page"


def _years_after_the_publisher_read_as_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "8 vols. (Paris: Alphonse Leduc, 1988-1992).", "New York: Harper & Row, 1974-1978.":
    a range of years right after the publisher and a comma, read as the pages, where the
    entry has no date, is the years the volumes came out in: the first is the date
    ("ACM, 2020. ... PMLR, 1597-1607." prints its date and pages)."""
    if "issued" in labels or "publisher" not in labels:
        return
    run = _only_run(labels, "page")
    if run is None:
        return
    a, b = run
    if b - a != 3 or a < 2 or toks[a - 1].text != "," or labels[a - 2] != "publisher":
        return
    first, dash, last = toks[a:b]
    if dash.text not in _RANGE_DASHES or not YEAR_RE.fullmatch(first.text):
        return
    if not YEAR_RE.fullmatch(last.text) or not 0 < int(last.text) - int(first.text) <= 60:
        return
    _relabel(labels, a, b, "O")
    labels[a] = "issued"


def _page_after_the_bracketed_imprint(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's notes: "Imagined Communities (London: Verso, 1991), 39.", "Speeches
    (New York: Library of America, 1989), 28, 29.": the numbers ending the entry after the
    bracketed imprint and a comma are the pages where the entry has none."""
    if "page" in labels or "publisher" not in labels:
        return
    n = len(toks)
    e = n - 1 if toks[n - 1].text == "." else n
    k = e - 1
    while k > 0 and (
        toks[k].kind == KIND_NUM or (toks[k].text in ",-\u2013" and toks[k - 1].kind == KIND_NUM)
    ):
        k -= 1  # (the pages and the commas and dashes between them)
    a = k + 1
    if a >= e or toks[k].text != "," or toks[a].kind != KIND_NUM or toks[e - 1].kind != KIND_NUM:
        return
    if k < 4 or toks[k - 1].text != ")" or labels[k - 2] != "issued":
        return
    if toks[k - 3].text != "," or labels[k - 4] != "publisher":
        return
    if any(lab not in ("O", "volume") for lab in labels[a:e]):
        return
    _relabel(labels, a, e, "page")


_PAGE_MARK_WORDS = word_set("p pp page pages")


def _page_run_marked(toks: list[Tok], labels: list[str], a: int) -> bool:
    """Whether the page run at ``a`` stands where pages are printed: after a page mark, or
    after the volume and a colon or comma."""
    if a < 2:
        return False
    m = a - 2 if toks[a - 1].text == "." else a - 1
    spaced = m < a - 1 or toks[a].start > toks[m].end  # (not "p53", a protein's name)
    if toks[m].text.lower() in _PAGE_MARK_WORDS and spaced:
        return True  # ("pp. 24-35", "p.367")
    return toks[a - 1].text in ":," and labels[a - 2] == "volume"


def _page_runs_before_the_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "... tumor suppressor p53 ... J Invest Dermatol 1996; 1:136-142.", "CW 83
    (1989-1990), pp. 393-461": where the last page run follows the volume and a colon or a
    page mark, the page runs before it are no pages: a bracketed range of years is the date
    (its first year) where the entry has none, words and numbers inside a title or journal
    are theirs, anything else is left out."""
    if labels.count("page") < 2:
        return
    runs = _runs_of(labels, "page")
    if len(runs) < 2:
        return
    c, _ = runs[-1]
    if c < 2:
        return
    marked = toks[c - 1].text == ":" and labels[c - 2] == "volume"
    m = c - 2 if toks[c - 1].text == "." else c - 1
    if not marked and toks[m].text.lower() not in _PAGE_MARK_WORDS:
        return
    if any(_page_run_marked(toks, labels, a) for a, _ in runs[:-1]):
        return  # ("94:102301 ... Erratum, 96:039901", "pp. 24-35 (missing pp. 28-29)")
    for a, b in runs[:-1]:
        texts = [t.text for t in toks[a:b]]
        if (
            len(texts) == 3
            and texts[1] in _RANGE_DASHES
            and YEAR_RE.fullmatch(texts[0])
            and YEAR_RE.fullmatch(texts[2])
            and a > 0
            and toks[a - 1].text == "("
            and "issued" not in labels
        ):
            _relabel(labels, a, b, "O")
            labels[a] = "issued"
            continue
        lone = b - a == 1 and toks[a].kind == KIND_NUM and "volume" not in labels
        if lone and _bracketed_date_at(toks, labels, b):
            labels[a] = "volume"  # ("phys. stat. sol. (c), 5 (2008), pp. 2495-2498")
            continue
        around = labels[a - 1] if a > 0 else "O"
        if around not in _TITLES or b >= len(toks) or labels[b] != around:
            around = "O"
        _relabel(labels, a, b, around)


def _last_number_after_the_volume_is_the_page(toks: list[Tok], labels: list[str]) -> None:
    """ "(Urology, 1999, 54, 385)", "(Lancet, 1999, 354 (9191), 1713)": the entry's last
    number, after the volume (and its bracketed issue) and a comma, left unlabelled or read
    as an issue, is the page where the entry has none."""
    if "page" in labels or "volume" not in labels:
        return
    k = len(toks) - 1
    while k > 0 and toks[k].text in ").;":
        k -= 1
    if k < 3 or toks[k].kind != KIND_NUM or labels[k] not in ("O", "issue"):
        return
    if toks[k - 1].text != ",":
        return
    if "issued" not in labels and YEAR_RE.fullmatch(toks[k].text):
        return  # ("J. Things, vol. 1, 2020.": the date, where none was read)
    j = k - 2
    if j >= 3 and toks[j].text == ")" and labels[j - 1] == "issue" and toks[j - 2].text == "(":
        j -= 3
    if labels[j] == "volume" and toks[j].kind == KIND_NUM:
        labels[k] = "page"


def _numbers_read_into_the_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "Annales 38 1983 1392-1410", "Chim. Acta 314 2001 203-207", "Ther. 2004 34 3
    126-131", "Grav. 18 L95": the bare numbers the tagger read into the page run before the
    first page are the entry's volume, year and issue (a year where the entry has none, the
    first other number the volume, the next the issue) where it has none of them."""
    if labels.count("page") < 2:
        return  # (a number before the first page and the page)
    run = _only_run(labels, "page")
    if run is None:
        return
    a, b = run
    if toks[a].kind != KIND_NUM or toks[a + 1].start <= toks[a].end:
        return  # (the run's first token is a number standing apart, or the page itself)
    w = a - 1
    while w > 0 and toks[w].kind == KIND_PUNCT:
        w -= 1
    if w >= 0 and toks[w].text.lower() in _PAGE_MARKS and toks[w].text != "C":
        return  # ("p. 112 114": the page's own mark before all of them; "E.S.C. 38")
    s = next((k - 1 for k in range(a + 1, b) if toks[k].text in _RANGE_DASHES), b - 1)
    while s > a and toks[s - 1].end == toks[s].start:
        s -= 1  # (the page's letters glued to its digits: "L95", "H1127")
    if s <= a or toks[s].kind not in (KIND_NUM, KIND_WORD):
        return
    lead = range(a, s)
    if not all(toks[k].kind == KIND_NUM and toks[k + 1].start > toks[k].end for k in lead):
        return
    wanted = ["volume", "issue"]
    new: list[str] = []
    for k in lead:
        if YEAR_RE.fullmatch(toks[k].text) and "issued" not in labels and "issued" not in new:
            new.append("issued")
        elif wanted and wanted[0] not in labels:
            new.append(wanted.pop(0))
        else:
            return
    for k, label in zip(lead, new, strict=True):
        labels[k] = label


_BARE_ARXIV = re.compile(r"^(?:0[7-9]|[1-9]\d)(?:0[1-9]|1[0-2])$")


def _bare_arxiv_id(toks: list[Tok], labels: list[str]) -> None:
    """ "Phys. Rev. D92, 074504 (2015), 1503.03649": a new-style arXiv identifier printed
    without its prefix (year and month, a period, four or five digits, all glued) is the
    entry's number, as printed."""
    n = len(toks)
    for k in range(n - 2):
        if toks[k].kind != KIND_NUM or not _BARE_ARXIV.match(toks[k].text):
            continue
        dot, tail = toks[k + 1], toks[k + 2]
        if dot.text != "." or dot.start != toks[k].end or tail.start != dot.end:
            continue
        if tail.kind != KIND_NUM or len(tail.text) not in (4, 5):
            continue
        if k > 0 and toks[k - 1].end == toks[k].start and toks[k - 1].text not in "([":
            continue  # part of a longer token run ("10.1234.5678", "v1503.03649")
        if k + 3 < n and toks[k + 3].start == tail.end and toks[k + 3].text not in ".,;)]":
            continue
        if "number" in labels:
            return
        _relabel(labels, k, k + 3, "number")
        return


_PROC = frozenset(("proc", "proceedings", "procs", "actes", "tagungsband"))


def _proceedings_open_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "In Proc. Nineteenth International Conference on ...": "Proc." or "Proceedings of
    the" left unlabelled right before the container is the container's first words."""
    if "container-title" not in labels:
        return
    for a, _b in _runs_of(labels, "container-title"):
        k = a
        while k > 0 and labels[k - 1] == "O" and a - k < 4:
            word = toks[k - 1].text.lower()
            if toks[k - 1].text == "." or word in ("of", "the"):
                k -= 1
            elif word in _PROC:
                _relabel(labels, k - 1, a, "container-title")
                break
            else:
                break


def _group_names_before_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Thomas DW, Greer FR; American Academy of Pediatrics Committee on Nutrition.
    Probiotics ...", "C. Amsler et al., Particle Data Group, Phys. Lett. B 667": the
    names of groups and bodies after the name list, read as the title's head (or as the
    whole title before the journal), are no title."""
    a, b = _first_run(labels, "title")
    if a == b or a < 2:
        return
    j = a
    while j > 0 and labels[j - 1] == "O" and toks[j - 1].text in ",;":
        j -= 1
    if j == a or labels[j - 1] != "author":
        return
    # the first period spaced from what follows ("SciPy 1.0 Contributors. SciPy 1.0: ..."); a
    # period that ends the entry inside the run is no cut (nothing follows it)
    n = len(toks)
    cut = next(
        (
            d
            for d in range(a + 1, b)
            if toks[d].text == "." and d + 1 < n and toks[d + 1].start > toks[d].end
        ),
        b,
    )
    words = [t.text for t in toks[a:cut] if t.kind == KIND_WORD]
    if not words or not _capitalised_name(words):
        return
    if not any(w.lower() in _GROUP_WORDS or w.lower() in _BODY_WORDS for w in words):
        return
    if cut == b and _next_label(toks, labels, b) != "container-title":
        return  # the group's report is its own title
    _relabel(labels, a, min(cut + 1, b), "O")


def _publisher_after_in(toks: list[Tok], labels: list[str]) -> None:
    """ "Attention is all you need. In NeurIPS, 2017.": a publisher right after "In", where
    no container was read, is the venue the paper is in."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "publisher")
    if run is None:
        return
    a, b = run
    i = _in_right_before(toks, labels, a)
    if i < 0 or (i > 0 and labels[i - 1] in ("editor", "author")):
        return
    _relabel(labels, a, b, "container-title")


def _range_of_years_is_no_page(toks: list[Tok], labels: list[str]) -> None:
    """ "Copenhagen 1955-1958", "Livre-journal de Pierre de Bessot, 1609-1652": a range of two
    years read as pages (or as a year and the pages "-1958") is a span of years, not pages,
    where no journal gives pages a place."""
    if "container-title" in labels or "volume" in labels:
        return
    run = _only_run(labels, "page")
    if run is None:
        return
    a, b = run
    before = [t.text.lower() for t in toks[max(0, a - 2) : a] if t.kind == KIND_WORD]
    if before and before[-1] in _PAGE_MARKS:
        return  # "pp. 1695-1705": pages that look like years
    texts = [t.text for t in toks[a:b]]
    dash = ("-", "\u2013", "\u2014")
    if (
        len(texts) == 3
        and texts[1] in dash
        and YEAR_RE.fullmatch(texts[0])
        and YEAR_RE.fullmatch(texts[2])
    ):
        first, last = int(texts[0]), int(texts[2])
    elif len(texts) == 2 and texts[0] in dash and YEAR_RE.fullmatch(texts[1]) and a > 0:
        if labels[a - 1] != "issued" or not YEAR_RE.fullmatch(toks[a - 1].text):
            return
        first, last = int(toks[a - 1].text), int(texts[1])
    else:
        return
    if not 0 < last - first <= 60:
        return
    _relabel(labels, a, b, "O")


# Where ``_years_of_a_period_in_a_name`` can find its range: a year glued to a dash (a quick
# test before the rule)
_RANGE_OF_YEARS_IN_TEXT = re.compile(r"(?:1[5-9]|20)\d\d[-\u2013\u2014\uff0d]")


def _years_of_a_period_in_a_name(toks: list[Tok], labels: list[str]) -> None:
    """ "Speeches and Writings, 1832–1858, ed. ... 1989", "in Novels, 1871–1880 (New York:
    ..., 1983)", "Left Catholicism, 1943-1955: Catholics and Society ...": a range of years
    printed after a comma at the end of a title or of a book's title, or in brackets inside
    it ("Barringer (1860-1929) and his crater"), where the entry is dated by another year,
    is the period the work covers, part of its name, not the date nor pages."""
    n = len(toks)
    for k in range(2, n - 2):
        first = toks[k].text
        if toks[k + 1].text not in ("-", "\u2013", "\u2014") or not YEAR_RE.fullmatch(first):
            continue
        last = toks[k + 2].text
        if not last.isdigit() or toks[k + 1].start != toks[k].end:
            continue
        if toks[k + 2].start != toks[k + 1].end or len(last) not in (1, 2, 4):
            continue
        end = int(last) if len(last) == 4 else int(first[: 4 - len(last)] + last)
        if not 0 < end - int(first) <= 200:
            continue
        field = labels[k - 2]
        bracketed = toks[k - 1].text == "(" and k + 3 < n and toks[k + 3].text == ")"
        if not (toks[k - 1].text == "," or bracketed) or field not in ("title", "container-title"):
            continue
        if field == "container-title" and ("volume" in labels or "issue" in labels):
            continue  # ("J. Graph, 1871-1880": a journal's pages)
        dated = any(
            labels[m] == "issued" and YEAR_RE.fullmatch(toks[m].text)
            for m in range(n)
            if not k - 1 <= m <= k + 3
        )
        if not dated:
            continue
        if bracketed:  # "Barringer (1860-1929) and his crater", "La Droite (1885-1914), ..."
            _relabel(labels, k - 1, k + 4, field)
            if k + 5 < n and labels[k + 4] == "O" and labels[k + 5] == field:
                labels[k + 4] = field  # (the title goes on after the bracket)
            return
        nxt = toks[k + 3].text if k + 3 < n else "."
        if nxt not in (",", ".", ":", "(", ";"):
            continue
        if field == "container-title" and nxt not in (":", "("):
            continue  # ("in: Proceedings of ..., 1682-1717, 2009.": the pages)
        if (
            nxt == "("
            and k + 5 < n
            and YEAR_RE.fullmatch(toks[k + 4].text)
            and toks[k + 5].text == ")"
        ):
            continue  # ("Frontiers in Trade, 2030–2061 (1990).": the pages before the date)
        _relabel(labels, k - 1, k + 3, field)
        if nxt == ":" and k + 4 < n and labels[k + 4] == field:
            labels[k + 3] = field
        return


def _year_before_a_vancouver_date(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's journal date "Morb Mortal Wkly Rep 1997;46:661-7." dates the entry; a
    year read as a date before it is part of a name: the title's ("Update: trends in AIDS
    incidence, United States, 1996. Morb ..."), or the journal's ("Periodontol 2000
    2015;68:333-68": the year right after the journal's words, the date after it)."""
    if labels.count("issued") < 2:
        return  # (two runs, or one of two years)
    runs = _runs_of(labels, "issued")
    if runs and runs[-1][1] - runs[-1][0] == 2:  # "Periodontol 2000 2015;": one run of two
        c, d = runs[-1]
        runs[-1:] = [(c, c + 1), (c + 1, d)]
        if toks[c].end == toks[c + 1].start:
            return
    if len(runs) < 2:
        return
    c, d = runs[-1]
    if d - c != 1 or d >= len(toks) or toks[d].text != ";" or not YEAR_RE.fullmatch(toks[c].text):
        return
    a, b = runs[-2]
    if b - a != 1 or not YEAR_RE.fullmatch(toks[a].text) or a < 2:
        return
    j = a if b == c else c  # (the journal's words before the two years, or the last)
    if labels[j - 1] != "container-title" and not (
        j >= 2 and labels[j - 1] == "O" and labels[j - 2] == "container-title"
    ):
        return  # (the journal's own date)
    if b == c and labels[a - 1] == "container-title" and toks[a - 1].end < toks[a].start:
        labels[a] = "container-title"  # "Periodontol 2000 2015;"
    elif (
        toks[a - 1].text == ","
        and labels[a - 1] == "O"
        and labels[a - 2] == "title"
        and b < len(toks)
        and toks[b].text == "."
        and _past_punctuation(toks, labels, b) == b + 1
        and labels[b + 1] in ("container-title", "title")
    ):
        _relabel(labels, a - 1, b, "title")


_VENUE_ACRONYM = re.compile(r"^[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)?$")


def _venue_and_year_ending_the_proceedings(toks: list[Tok], labels: list[str]) -> None:
    """DBLP's proceedings: "In 3rd International Conference on Learning Representations,
    ICLR 2015, San Diego, CA, USA, May 7-9, 2015, ...", "In Advances in Neural Information
    Processing Systems 30: Annual Conference on Neural Information Processing Systems 2017,
    December 4-9, 2017, ...": the meeting's acronym and year after the proceedings' name,
    or its year right after the name, are the name's, where the entry is dated later
    (the acronym was read as the publisher, the year as the date)."""
    if "container-title" not in labels or "issued" not in labels:
        return
    a, b = _first_run(labels, "container-title")
    n = len(toks)
    if a == b:
        return
    k = b
    if k + 2 < n and toks[k].text == "," and labels[k] == "O":
        acronym, year = toks[k + 1], toks[k + 2]
        if not _VENUE_ACRONYM.match(acronym.text) or not YEAR_RE.fullmatch(year.text):
            return
        end = k + 3
    elif k + 1 < n and YEAR_RE.fullmatch(toks[k].text) and toks[k - 1].kind == KIND_WORD:
        if labels[k] != "issued":
            return
        end = k + 1
    else:
        return
    if end >= n or toks[end].text != ",":
        return
    if not any(
        labels[m] == "issued" and YEAR_RE.fullmatch(toks[m].text) for m in range(end + 1, n)
    ):
        return
    if not CONF_WORDS.search(_words_of(toks, a, b)):
        return
    _relabel(labels, b, end, "container-title")


def _month_read_into_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "Econometrica, Vol. XV (April, 1947)": a bracket opening the date's month read into
    the volume's run ends the volume; the bracket and the month are the date's words."""
    if labels.count("volume") < 3:
        return  # (the volume, the bracket and the month)
    a, b = _first_run(labels, "volume")
    for k in range(a + 1, b - 1):
        if toks[k].text == "(" and toks[k + 1].text.lower().rstrip(".") in MONTHS:
            _relabel(labels, k, b, "O")
            return


_IN_BRACKET = re.compile(r"[(\[]\s*in\s", re.IGNORECASE)
# "in" and one word ending the entry ("... 29--39 in Japanese"): the quick test for a
# language named there
_IN_A_WORD_ENDING = re.compile(r"\bin\s+[A-Za-z]+\W*$", re.IGNORECASE)
_LANGUAGES = word_set(
    "english french german spanish portuguese italian russian chinese japanese korean turkish"
    " polish czech dutch swedish norwegian danish finnish greek hungarian romanian persian"
    " arabic hebrew ukrainian croatian serbian slovak slovenian bulgarian indonesian"
)


def _language_note(toks: list[Tok], labels: list[str]) -> None:
    """ "A key to marine fishes of Turkey (in Turkish).", "... [in Chinese]": a bracket
    opening "in" and a language says what language the work is in: a note, not part of the
    title or the journal. So do "in" and a language that end the entry unbracketed."""
    n = len(toks)
    for k in range(n - 3):
        if toks[k].text not in "([" or toks[k + 1].text.lower() != "in":
            continue
        if toks[k + 2].text.lower() not in _LANGUAGES:
            continue
        close = ")" if toks[k].text == "(" else "]"
        e = k + 3
        while e < n and e - k < 12 and toks[e].text != close:
            e += 1
        if e >= n or toks[e].text != close:
            return
        _relabel(labels, k + 1, e, "note")
        labels[k] = labels[e] = "O"
        return
    # "... Journal of Graphs 8 29--39 in Japanese": no bracket, the entry's last words
    e = n
    while e > 0 and toks[e - 1].kind == KIND_PUNCT:
        e -= 1
    if (
        e >= 3
        and toks[e - 2].text.lower() == "in"
        and toks[e - 1].text.lower() in _LANGUAGES
        and (toks[e - 3].kind != KIND_PUNCT or toks[e - 3].text in ".,;)")
    ):
        _relabel(labels, e - 2, e, "note")


def _quoted_title_ends_at_its_close(toks: list[Tok], labels: list[str]) -> None:
    """ "“Criteria and Judgement.” The Claim of Reason, pp. 3-36", "« Bibliographie », Formes,
    n°20": a title that opens with a quotation mark ends at the mark that closes it; what
    the tagger ran on past it, where no container was read, is the container. So where
    the whole of it, title and journal, was read as the container and no title was read
    ("„Flüsse der Erinnerung“. Zeitschrift für Graphen, 12")."""
    if "container-title" in labels:
        if "title" in labels:
            return
        a, b = _first_run(labels, "container-title")
    else:
        a, b = _first_run(labels, "title")
    if a == b:
        return
    if toks[a].text in _QUOTE_PAIRS:
        opener = toks[a].text
    elif a > 0 and toks[a - 1].text in _QUOTE_PAIRS and labels[a - 1] == "O":
        opener = toks[a - 1].text
    else:
        return
    closers = _QUOTE_PAIRS[opener]
    c = next(
        (
            k
            for k in range(a + 1, b)
            if toks[k].text in closers and toks[k - 1].end == toks[k].start
        ),
        -1,
    )  # a closing mark follows its word with no space
    if c < 0 or (c + 1 < b and toks[c + 1].text in ("-", "\u2013", "\u2014", ":")):
        return  # ""On se verra" - Carnet de route": the title goes on after the quote
    if c + 1 < b and toks[c + 1].start == toks[c].end and toks[c + 1].kind != KIND_PUNCT:
        return  # ("'陰陽交'小議": a quoted word the title goes on after)
    rest = c + 1
    while rest < b and toks[rest].kind == KIND_PUNCT:
        rest += 1
    words = [t for t in toks[rest:b] if t.kind in (KIND_WORD, KIND_CJK)]
    if not words or not (
        words[0].text[:1].isupper() or words[0].kind == KIND_CJK or words[0].text == "presented"
    ):
        return  # (IEEE's '"Title," presented at the Graph Conf.': the meeting, whose
        # "presented at" _presented_at_opening_the_container takes off)
    _relabel(labels, a, c, "title")
    _relabel(labels, c, rest, "O")
    _relabel(labels, rest, b, "container-title")


def _book_read_into_the_editors(toks: list[Tok], labels: list[str]) -> None:
    """ "In: A Manual of Acarology, Krantz G.W and D.E. Walter Eds., Third Edition": an
    editor run right after "In" that opens with a title (three words or more, a small word
    among them, no initial) before a comma and the names is the book, then its editors."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "editor")
    if run is None:
        return
    a, b = run
    if _in_right_before(toks, labels, a) < 0:
        return
    comma = next((m for m in range(a + 1, b) if toks[m].text == ","), -1)
    if comma < 0:
        return
    chunk = toks[a:comma]
    words = [t.text for t in chunk if t.kind == KIND_WORD]
    if len(words) < 3 or any(t.text == "." for t in chunk):
        return
    if not any(w in _SMALL_WORDS for w in words) or not words[0][:1].isupper():
        return
    _relabel(labels, a, comma, "container-title")
    labels[comma] = "O"


def _second_title_after_a_quoted_one(toks: list[Tok], labels: list[str]) -> bool:
    """ "Barsalou, L. W. "Flexibility ... symbols." Theories of Memory. Ed. A. C. Collins",
    "“Boethius and the Study of Logic.” In: Boethius: His Life, Thought and Influence. Ed.":
    a second title run after a title closed by its quotation mark, where no container was
    read, is the book the chapter is in (with a container run the tagger split off it).
    Whether it read one."""
    runs = _first_two_runs(labels, "title")
    if runs is None or "container-title" in labels[: runs[1][0]]:
        return False
    (a, b), (c, d) = runs
    if a == 0 or toks[a - 1].text not in _QUOTE_PAIRS or labels[a - 1] != "O":
        return False
    closers = _QUOTE_PAIRS[toks[a - 1].text]
    between = toks[b:c]
    # the closing mark right after the title, glued to it ("symbols." "): not an
    # apostrophe further on ("분석 : '98")
    if not any(
        t.text in closers and k <= 1 and toks[b + k - 1].end == t.start
        for k, t in enumerate(between)
    ):
        return False
    if any(t.kind != KIND_PUNCT and t.text.lower() != "in" for t in between):
        return False  # "... Zirconia" (2009). Masters Theses": a date between, a thesis's kind
    e = d
    while e < len(toks) and toks[e].text == "," and labels[e] == "O":
        e += 1
    if e < len(toks) and e > d and labels[e] == "container-title":
        while e < len(toks) and labels[e] in ("container-title", "O") and toks[e].text != ".":
            e += 1
    else:
        e = d
    _relabel(labels, c, e, "container-title")
    return True


_HAN_OR_HANGUL = re.compile("[\u4e00-\u9fff\uac00-\ud7a3]")
# (a token reads full-width punctuation as its ASCII form: "\uff0c" is ",", "\uff3b" is "[")
_CJK_SEPARATORS = frozenset((".", ",", "\u3002", "\u3001"))


# Han, kana and Hangul (a word token of kana, "の検討", is no CJK token).
_CJK_SCRIPT = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")


def _cjk_journal_in_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "江南園林與嶺南園林的淵源. 南方建築. 第3期", "사회적 경제와 사회적 협동조합, 도시문제":
    with no container read, a title of CJK or Hangul phrases whose last phrase stands after
    a separator is the title and its journal; with no title read, so is a container of such
    phrases ("撥水材の検討. コンクリート工学論文集, 29, 11-19")."""
    if "publisher" in labels:
        return
    if "container-title" not in labels:
        a, b = _first_run(labels, "title")
    elif "title" not in labels and (run := _only_run(labels, "container-title")) is not None:
        a, b = run
    else:
        return
    if b - a < 3 or any(
        t.kind not in (KIND_CJK, KIND_PUNCT) and not _CJK_SCRIPT.search(t.text) for t in toks[a:b]
    ):
        return
    end = b
    while end > a and toks[end - 1].kind == KIND_PUNCT:
        end -= 1
    cut = end - 1
    while cut > a and toks[cut].text not in _CJK_SEPARATORS:
        cut -= 1
    if cut <= a or cut == end - 1:
        return
    _relabel(labels, a, cut, "title")
    labels[cut] = "O"
    _relabel(labels, cut + 1, end, "container-title")


def _journal_after_its_type_code(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's "题名[J]. 机器人, 2016, 38(1): 49-55": the words between a journal
    article's type code "[J]" and the comma before the year are the journal, whatever the
    tagger read them as (a three-character journal name reads as a Chinese name)."""
    n = len(toks)
    for k in range(n - 4):
        if toks[k].text != "[" or toks[k + 1].text != "J":
            continue
        if toks[k + 2].text != "]":
            continue
        j = k + 3
        while j < n and toks[j].kind == KIND_PUNCT and toks[j].text in (".", "/", "\u3002"):
            j += 1
        e = j
        while (
            e < n
            and toks[e].text != ","
            and labels[e] in ("author", "O", "title", "container-title")
        ):
            e += 1
        if e == j or e >= n or "issued" not in labels[e + 1 : e + 3]:
            return
        if not any(t.kind in (KIND_CJK, KIND_WORD) for t in toks[j:e]):
            return
        if "container-title" in labels[:e]:
            return
        _relabel(labels, j, e, "container-title")
        return


def _container_after_the_double_slash(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's "题名[C]//会议录名. 出版地: 出版者, 年: 页码." and "[M]//书名": the
    words after the type code's "//" are the proceedings or the book the part is in, where
    the tagger read them on as the title (the code and its slashes belong to no field)."""
    n = len(toks)
    for k in range(1, n - 5):
        if toks[k].text not in ("[", "\uff3b") or toks[k + 2].text not in ("]", "\uff3d"):
            continue
        if toks[k + 3].text != "/" or toks[k + 4].text != "/" or labels[k - 1] != "title":
            continue
        j = k + 5
        if j >= n or labels[j] != "title":
            return
        e = j
        while e < n and labels[e] == "title":
            e += 1
        _relabel(labels, k, j, "O")
        _relabel(labels, j, e, "container-title")
        return


_CJK_STOPS = frozenset((".", "\uff0e", "\u3002"))
_CJK_COMMAS = frozenset((",", "\uff0c", "\u3001"))
# what closes the editors' names before the book in GB/T 7714 ("主编", "编", "eds")
_GBT_EDITOR_WORDS = frozenset(("\u4e3b\u7f16", "\u7f16", "\u7f16\u8457", "ed", "eds"))
_GBT_LATIN_NAME = re.compile(r"[A-Z][A-Za-z'\-]+(?: [A-Z]{1,3}){1,3}")


def _gbt_editor_list(toks: list[Tok], j: int, d: int) -> bool:
    """Whether tokens ``j`` to ``d`` are GB/T 7714's editors: Chinese names (two to four
    characters) or a body in characters, or names written "SMITH J", parted by commas,
    "等" or "et al" after them, "主编" or "eds" closing them."""
    if d > j and toks[d - 1].text in _GBT_EDITOR_WORDS:
        d -= 1
        if d > j and toks[d - 1].text in _CJK_COMMAS:
            d -= 1
    chunks: list[list[Tok]] = [[]]
    for t in toks[j:d]:
        if t.text in _CJK_COMMAS:
            chunks.append([])
        else:
            chunks[-1].append(t)
    if not chunks[0]:
        return False
    for chunk in chunks:
        text = " ".join(t.text for t in chunk)
        if text in ("\u7b49", "et al"):
            continue
        if len(chunk) == 1 and (_HAN_OR_HANGUL_NAME.fullmatch(text) or CJK_BODY.match(text)):
            continue
        if not _GBT_LATIN_NAME.fullmatch(text):
            return False
    return True


def _editors_read_into_the_book_after_the_double_slash(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's "题名[C]//主编. 会议录名. 出版地: 出版者, 年." and "[M]//陈立. 书名.": the
    names (or a body) in the first sentence after the type code's "//", before a second
    sentence that the imprint or the year follows, are the editors and the second sentence
    the book, where the tagger read the names as authors or into the container."""
    n = len(toks)
    k = next(
        (
            k
            for k in range(1, n - 5)
            if toks[k].text in ("[", "\uff3b")
            and toks[k + 2].text in ("]", "\uff3d")
            and toks[k + 3].text == "/"
            and toks[k + 4].text == "/"
        ),
        -1,
    )
    if k < 0:
        return
    j = k + 5
    d = next((m for m in range(j, n) if toks[m].text in _CJK_STOPS), n)
    if d >= n - 2 or not _gbt_editor_list(toks, j, d):
        return
    f = next((m for m in range(d + 1, n) if toks[m].text in _CJK_STOPS), n)
    if f >= n - 1 or f == d + 1:
        return
    if labels[f + 1] not in ("publisher-place", "publisher", "issued"):
        return
    if any(lab in ("publisher-place", "publisher", "issued") for lab in labels[d + 1 : f]):
        return
    _relabel(labels, j, d, "editor")
    if toks[d - 1].text in _GBT_EDITOR_WORDS:
        _relabel(labels, d - 1, d, "O")
    labels[d] = "O"
    _relabel(labels, d + 1, f, "container-title")


def _title_before_the_type_code_read_as_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "国家统计局. 中国统计年鉴2019[M]. 北京: ...": with no title read, the run right before
    GB/T 7714's type code, read as the container, is the title (the container comes after
    the code, never before it)."""
    if "title" in labels:
        return
    k = next(
        (
            k
            for k in range(1, len(toks) - 2)
            if toks[k].text in ("[", "\uff3b")
            and toks[k + 2].text in ("]", "\uff3d")
            and is_type_code(toks[k + 1].text)
        ),
        -1,
    )
    if k < 0 or labels[k - 1] != "container-title" or toks[k - 1].end != toks[k].start:
        return
    a = k - 1
    while a > 0 and labels[a - 1] == "container-title":
        a -= 1
    if "container-title" in labels[k:]:
        return
    _relabel(labels, a, k, "title")


def _place_after_the_type_code_read_as_a_name(toks: list[Tok], labels: list[str]) -> None:
    """ "刘洋. 图的研究[D]. 哈尔滨: 哈尔滨工业大学, 2020.": after GB/T 7714's type code and its
    full stop, a run read as names before a colon and the publisher is the place (the
    names open the entry, before the title)."""
    if "publisher-place" in labels or "publisher" not in labels:
        return
    k = next(
        (
            k
            for k in range(1, len(toks) - 3)
            if toks[k].text in ("]", "\uff3d")
            and toks[k - 2].text in ("[", "\uff3b")
            and is_type_code(toks[k - 1].text)
        ),
        -1,
    )
    if k < 0 or toks[k + 1].text not in (".", "\uff0e") or labels[k + 2] != "author":
        return
    a, _ = _first_run(labels, "author")
    if a > k:
        return  # (the entry's only names)
    e = k + 2
    while e < len(toks) and labels[e] == "author":
        e += 1
    if e + 1 >= len(toks) or toks[e].text not in (":", "\uff1a") or labels[e + 1] != "publisher":
        return
    _relabel(labels, k + 2, e, "publisher-place")


# Where ``_iso_date_read_as_numbers`` can find a date: a hyphen, two digits, a hyphen, two
# digits, glued (a full-width hyphen reads as one; a quick test before the rule; it opens
# with the hyphen, which the search skips to)
_ISO_DATE_IN_TEXT = re.compile(r"[-\uff0d]\d\d[-\uff0d]\d\d")


def _iso_date_at(toks: list[Tok], k: int) -> bool:
    """Whether tokens ``k`` to ``k + 5`` are a date printed as year-month-day, glued."""
    if k + 5 > len(toks) or len(toks[k].text) != 4 or not toks[k].text.isdigit():
        return False
    parts = toks[k : k + 5]
    if parts[1].text != "-" or parts[3].text != "-":
        return False
    if any(parts[m].end != parts[m + 1].start for m in range(4)):
        return False
    month, day = parts[2].text, parts[4].text
    if not (month.isdigit() and day.isdigit() and len(month) == 2 and len(day) == 2):
        return False
    return 1 <= int(month) <= 12 and 1 <= int(day) <= 31


# What a date printed as year-month-day may be read as when the entry has no other date
_ISO_DATE_READ_AS = frozenset({"issued", "page", "volume", "issue", "number", "O"})


def _iso_date_read_as_numbers(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's newspaper "人民日报, 2022-05-10(5)." and online dates "(2022-08-31)": a
    date printed as year-month-day, its parts joined by hyphens, is the date whatever the
    tagger read its month and day as (a volume, an issue); a newspaper's bracketed number
    right after it is the page it is printed on (its "版"). In an entry with no other date,
    one read as pages is the date too ("French Patent 8 812 345, 1989-06-21."), and so is
    the end of a range of two ("2004-03-07/2004-03-11", a meeting's days)."""
    n = len(toks)
    dated = "issued" in labels
    for k in range(n - 4):
        if not _iso_date_at(toks, k):
            continue
        if labels[k] != "issued" and (
            dated or any(lab not in _ISO_DATE_READ_AS for lab in labels[k : k + 5])
        ):
            continue
        parts = toks[k : k + 5]
        end = k + 5
        if (
            end < n
            and toks[end].text == "/"
            and toks[end].start == parts[4].end
            and _iso_date_at(toks, end + 1)
            and toks[end + 1].start == toks[end].end
            and all(lab in _ISO_DATE_READ_AS or lab == "DOI" for lab in labels[end : end + 6])
        ):
            end += 6
        if all(labels[m] == "issued" for m in range(k, end)):
            continue
        _relabel(labels, k, end, "issued")
        j = k + 5
        if j + 2 < n and toks[j].text == "(" and toks[j].start == parts[4].end:
            e = j + 1  # the bracket's one or two tokens ("(5)", "(A3)")
            while e < min(n, j + 4) and toks[e].text != ")":
                e += 1
            newspaper = any(toks[m].text == "N" and toks[m - 1].text == "[" for m in range(1, k))
            if (
                newspaper
                and e < n
                and toks[e].text == ")"
                and e > j + 1
                and all(t.kind in (KIND_NUM, KIND_WORD) for t in toks[j + 1 : e])
            ):
                _relabel(labels, j + 1, e, "page")
        return


def _number_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's "信息安全技术 个人信息安全规范: GB/T 35273—2020[S]", "The PageRank
    citation ranking: Bringing order to the web: 1999-66[R]": a standard's, report's or
    patent's number after the title's last colon, right before the type code, is the
    entry's number."""
    a, b = _first_run(labels, "title")
    if b - a < 3 or b + 2 >= len(toks):
        return
    if toks[b].text != "[" or toks[b + 2].text != "]":
        return
    if toks[b + 1].text not in ("S", "R", "P"):
        return
    colon = max((k for k in range(a + 1, b - 1) if toks[k].text == ":"), default=-1)
    if colon < 0 or b - colon > 8:
        return
    tail = toks[colon + 1 : b]
    if not any(t.kind == KIND_NUM or any(c.isdigit() for c in t.text) for t in tail):
        return
    if any(t.kind == KIND_CJK for t in tail):
        return
    if any(t.kind == KIND_WORD and t.text.lower() != t.text.upper() for t in tail) and any(
        t.kind == KIND_WORD and not t.text.isupper() and not any(c.isdigit() for c in t.text)
        for t in tail
    ):
        return  # "... : a survey of 2015": a subtitle, not a code
    _relabel(labels, colon + 1, b, "number")


def _volume_with_its_own_title(toks: list[Tok], labels: list[str]) -> None:
    """ "The Art of Computer Programming, Volume 1: Fundamental Algorithms": a volume number
    followed by a colon and the volume's own title belongs to the title (or the book) it
    follows, as the catalogues print it."""
    if "volume" not in labels:
        return
    n = len(toks)
    for k in range(max(2, labels.index("volume")), n - 2):  # (no volume before its first)
        if labels[k] != "volume" or toks[k].kind != KIND_NUM or toks[k + 1].text != ":":
            continue
        if labels[k - 1] == "volume" or labels[k + 1] == "volume":
            continue
        w = k - 1
        if toks[w].text == "." and w > 0:
            w -= 1
        if toks[w].text.lower() not in ("volume", "vol") or labels[w] not in ("O", "volume"):
            continue
        j = w - 1
        while j >= 0 and toks[j].text == "," and labels[j] == "O":
            j -= 1
        if j < 0 or labels[j] not in ("title", "container-title"):
            continue
        field = labels[j]
        e = k + 2
        while (
            e < n
            and labels[e] in (field, "title", "container-title", "O")
            and ((toks[e].kind == KIND_WORD and toks[e].text[:1].isupper()) or labels[e] == field)
        ):
            e += 1
        if e == k + 2:
            continue
        _relabel(labels, j + 1, e, field)
        return


def _publisher_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "A. D. Cliff and J. K. Ord. Spatial Autocorrelation. Pion, London, 1973.": a title
    whose last sentence is one or two capitalised words before a comma and the place, with
    no publisher read, ends before them: they are the publisher."""
    if "publisher" in labels:
        return
    a, b = _first_run(labels, "title")
    if b - a < 4 or b + 1 >= len(toks) or toks[b].text != ",":
        return
    if _next_label(toks, labels, b) != "publisher-place":
        return
    dot = b - 1
    while dot > a and toks[dot].text != ".":
        dot -= 1
    if dot <= a or not _ends_sentence_or_question(toks, dot) or b - dot - 1 > 2:
        return
    if not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[dot + 1 : b]):
        return
    labels[dot] = "O"
    _relabel(labels, dot + 1, b, "publisher")


def _imprint_ending_the_book(toks: list[Tok], labels: list[str]) -> None:
    """German and French chapters: "In: H. Abe (Hrsg.) Handbuch der Graphen. Luchterhand,
    Neuwied 1984, 199-205", "... Handbuch der Graphen. Göttingen 2008, S. 651": the book's
    last sentence, a known city (after a firm and its comma) right before the year, is the
    imprint, not the book's."""
    run = _only_run(labels, "container-title")
    if run is None or "publisher" in labels:
        return
    a, b = run
    if _next_label(toks, labels, b) != "issued" or not _after_in(toks, labels, a):
        return
    dot = next((k for k in range(b - 2, a + 1, -1) if toks[k].text == "."), -1)
    if dot < 0 or toks[dot + 1].start == toks[dot].end or toks[dot - 1].kind != KIND_WORD:
        return
    if len(toks[dot - 1].text) < 2 or not 1 <= b - dot - 1 <= 5:
        return  # (an initial's period, or a sentence longer than an imprint)
    comma = next((k for k in range(dot + 1, b) if toks[k].text == ","), -1)
    if comma < 0 and any(_ends_sentence(toks, k) for k in range(a + 1, dot)):
        return  # (a book of several sentences: "Werke. Bd. 3: Der Kater. Erzählungen. Zürich")
    start = comma + 1 if comma > 0 else dot + 1
    if start >= b or not all(_capitalised_word(t) for t in toks[start:b]):
        return
    if not is_city(_words_of(toks, start, b)):
        return
    labels[dot] = "O"
    if comma > 0:
        if not all(_capitalised_word(t) for t in toks[dot + 1 : comma]):
            labels[dot] = "container-title"
            return
        _relabel(labels, dot + 1, comma, "publisher")
        labels[comma] = "O"
    _relabel(labels, start, b, "publisher-place")


def _place_ending_the_container(toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's "[C]//Text Summarization Branches Out. Barcelona, Spain: ACL, 2004": a
    container whose last sentence is a place (one to three capitalised words) before a
    comma and the rest of the place, and the publisher after its colon, ends before it."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    if b + 2 >= len(toks) or toks[b].text != "," or labels[b] != "O":
        return
    # the run's last period before its last token, at most three tokens before the comma
    dot = next((k for k in range(b - 2, max(a, b - 5), -1) if toks[k].text == "."), -1)
    if dot < 0 or toks[dot + 1].start == toks[dot].end:
        return
    if not all(t.kind == KIND_WORD and t.text[:1].isupper() for t in toks[dot + 1 : b]):
        return
    k = b + 1
    if labels[k] not in ("publisher-place", "publisher"):
        return
    while k < len(toks) and labels[k] == labels[b + 1] and toks[k].kind == KIND_WORD:
        k += 1
    if k >= len(toks) or toks[k].text != ":":
        return
    labels[dot] = "O"
    _relabel(labels, dot + 1, k, "publisher-place")


_CJK_NUMBER_MARKS = {
    "\u5377": "volume",
    "\u671f": "issue",
    "\u9875": "page",
    "\u9801": "page",
    "\u7248": "edition",
    # Korean: "제26권 2호", "제32집"
    "\uad8c": "volume",
    "\ud638": "issue",
    "\uc9d1": "volume",
    # Japanese: "45巻 1号", "第20號"
    "\u5dfb": "volume",
    "\u53f7": "issue",
    "\u865f": "issue",
}


def _cjk_number_marks(toks: list[Tok], labels: list[str]) -> None:
    """ "40卷 21期", "第3期", "第265页", "第4版": a number followed by 卷 is the volume, by 期
    the issue, by 页 the page, by 版 the edition."""
    for k in range(len(toks) - 1):
        field = _CJK_NUMBER_MARKS.get(toks[k + 1].text)
        if not field or not toks[k].text.isdigit():
            continue
        others = labels[:k] + labels[k + 1 :]
        # a number and its mark ending the title's or the journal's run ("무용역사기록학 제32집"
        # read into the title) are the number's too
        ending = (
            labels[k] in ("title", "container-title")
            and labels[k + 1] == labels[k]
            and (k + 2 >= len(toks) or labels[k + 2] != labels[k])
        )
        if labels[k + 1] == field and labels[k] == field:
            labels[k + 1] = "O"  # "第791-795页": the mark is no part of the number
            continue
        if (labels[k] in ("O", "volume", "issue", "page") or ending) and field not in others:
            labels[k] = field
            if field == "edition" or ending:
                labels[k + 1] = "O"
            if ending and k > 0 and toks[k - 1].text == "\uc81c":
                labels[k - 1] = "O"  # "제": the number's mark before it
    # "中国统计年鉴2020[EB/OL]": a year between a CJK title and its type code, glued to the
    # code, is the title's
    for k in range(1, len(toks) - 1):
        t = toks[k]
        if labels[k] not in ("issued", "issue") or not YEAR_RE.fullmatch(t.text):
            continue
        if labels[k - 1] not in ("title", "container-title") or toks[k - 1].kind != KIND_CJK:
            continue
        if (
            t.start - toks[k - 1].end <= 1  # (a PDF's text sets a space between CJK and digits)
            and toks[k + 1].text in "[\uff3b"
            and t.end == toks[k + 1].start
        ):
            labels[k] = labels[k - 1]


def _cjk_society_after_the_numbers(toks: list[Tok], labels: list[str]) -> None:
    """Japanese "岡村秀典, 1992, 福岡縣平原遺跡出土鏡の檢討, 季刊 考古學 43, 雄山閣.", "... 建築雑誌
    44(535), 日本建築学会, pp.1373-1376.": with no publisher read, one CJK word between
    commas after the journal's numbers (before the pages or the end) is the publisher or
    the society that publishes the journal."""
    if "publisher" in labels or "volume" not in labels:
        return
    v = _first_run(labels, "volume")[1]
    k = v
    while k < len(toks) and (
        labels[k] == "issue"
        or (labels[k] == "O" and (toks[k].text in "()-" or toks[k].kind == KIND_NUM))
    ):
        k += 1
    if k + 1 >= len(toks) or toks[k].text != "," or toks[k + 1].kind != KIND_CJK:
        return
    c = k + 1
    d = c
    while (
        d < len(toks)
        and toks[d].kind == KIND_CJK
        and labels[d] in ("O", "issue", "container-title")
    ):
        d += 1
    if d == c or (d < len(toks) and toks[d].text not in (",", ".")):
        return
    if labels[c] == "container-title" and _first_run(labels, "container-title")[0] == c:
        return  # the only container: the journal itself
    _relabel(labels, c, d, "publisher")


def _cjk_journal_before_the_numbers(toks: list[Tok], labels: list[str]) -> None:
    """Korean APA: "왜 마을농업인가. 마을, 5, 15-27.", "... 교실문화. 현장과학교육, 9(2), 72-84.",
    "... 연구. 글로벌문화콘텐츠. 40. 1-14.": with no container, the one CJK word right after
    the title, before a comma or a period and a number, is the journal (read as nothing,
    the volume or an identifier); the number after it is the volume."""
    if "container-title" in labels:
        return
    t_b = _first_run(labels, "title")[1]
    if t_b == len(toks) or "title" not in labels:
        return
    k = _past_punctuation(toks, labels, t_b)
    if k + 2 >= len(toks) or not _HAN_OR_HANGUL.search(toks[k].text):
        return
    if labels[k] not in ("O", "volume", "DOI", "issue"):
        return
    if toks[k + 1].text not in (",", ".") or toks[k + 2].kind != KIND_NUM:
        return
    num = toks[k + 2]
    after = toks[k + 3].text if k + 3 < len(toks) else "."
    if YEAR_RE.fullmatch(num.text) or after == "-":
        return  # a date or pages after the word: no journal's volume
    labels[k] = "container-title"
    labels[k + 1] = "O"
    if labels[k + 2] in ("O", "DOI", "volume") and (
        "volume" not in labels[k + 3 :] or labels[k + 2] == "volume"
    ):
        labels[k + 2] = "volume"
        if k + 3 < len(toks) and labels[k + 3] == "DOI":
            labels[k + 3] = "O"


_APOSTROPHES = frozenset(("'", "\u2019", "\u2018"))


def _venue_with_its_year(toks: list[Tok], labels: list[str]) -> None:
    """ "In ICCV'11.", "ACM SIGCOMM'99, 1999": a meeting's name with its two-digit year
    glued on is the venue; the tagger reads the number as a volume. With no container,
    the name and the words of the same field before it are the container."""
    if "container-title" in labels:
        return
    n = len(toks)
    for k in range(2, n):
        name = toks[k - 2]
        if labels[k] != "volume" or not _year_after_an_apostrophe(toks, k):
            continue
        if name.end != toks[k - 1].start:
            continue
        if name.kind != KIND_WORD or not name.text[:1].isupper():
            continue
        start = k - 2
        while (
            start > 0
            and labels[start - 1] == labels[k - 2]
            and labels[start - 1]
            in (
                "volume",
                "publisher",
            )
        ):
            start -= 1
        _relabel(labels, start, k + 1, "container-title")
        return


def _venue_year_after_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "in Proc. IEEE Globecom ’99, Rio de Janeiro", ACM's "In Proceedings of the ...
    (WOOT ’07)": a meeting's two-digit year after its name, an apostrophe glued to it, is
    the container's; the tagger reads it as a volume, an issue or the pages."""
    n = len(toks)
    for k in range(2, n):
        if (
            labels[k] in ("volume", "issue", "page")
            and _year_after_an_apostrophe(toks, k)
            and labels[k - 2] == "container-title"
            and (k + 1 == n or not toks[k + 1].text[:1].isalnum())
        ):
            _relabel(labels, k - 1, k + 1, "container-title")


def _year_after_an_apostrophe(toks: list[Tok], k: int) -> bool:
    """Whether token ``k`` is a two-digit year glued to the apostrophe before it ("’99")."""
    num, mark = toks[k], toks[k - 1]
    return (
        len(num.text) == 2
        and num.text.isdigit()
        and mark.text in _APOSTROPHES
        and mark.end == num.start
    )


def _journal_read_as_the_title_before_its_numbers(toks: list[Tok], labels: list[str]) -> None:
    """Physics' and chemistry's "A. Kolmogoroff, C. R. Acad. Sci., 30, 301-305 (1941)",
    "Il Farmaco 56 (2001) 159-167": an article printed without its title, where the one
    run read as the title comes right after the names (or opens the entry) and is followed by
    a volume and pages, with no container, publisher, editor or "In": the run is the
    journal, where it is short (five words at most) or abbreviated as journals are."""
    if "container-title" in labels or "publisher" in labels or "editor" in labels:
        return
    if "volume" not in labels or "page" not in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if _previous_label(toks, labels, a) not in ("O", "author") or _after_in(toks, labels, a):
        return
    if _next_label(toks, labels, b) != "volume":
        return
    if labels.index("page") < b or labels.index("volume") < b:
        return
    if any(toks[k].text in _TITLE_STOPS for k in range(a, b)):
        return  # "Title. Journal 12, 3": a sentence ends inside, the tagger's title is one
    words = [k for k in range(a, b) if toks[k].kind == KIND_WORD]
    abbreviated = any(
        is_serial_abbreviation(toks[k].text) and k + 1 < b and toks[k + 1].text == "."
        for k in words
    )
    if len(words) > 5 and not abbreviated:
        return  # "A quantum version of Wielandt's inequality 56 (9) 4668": a title
    # Nature's "Ode K. et al. Graph routing. Graph Stud. 12, 104567 (2019).": a short
    # title of whole words, a period, then the journal: the run holds both
    cut = next((d for d in range(a + 2, b - 1) if toks[d].text == "."), -1)
    if (
        cut > 0
        and toks[cut + 1].text[:1].isupper()
        and any(is_serial_abbreviation(toks[k].text) for k in range(cut + 1, b))
        and _whole_words(toks, a, cut)
    ):
        _relabel(labels, a, cut, "title")
        labels[cut] = "O"
        _relabel(labels, cut + 1, b, "container-title")
        return
    _relabel(labels, a, b, "container-title")


_TITLE_STOPS = frozenset(("?", "!", "\u201c", "\u201d", '"'))


_BOOK_IMPRINT_LABELS = frozenset(("O", "edition", "publisher-place", "issued"))


def _book_s_title_read_as_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "W. Ode and B. Abe (2002). Modern Applied Graphs with S, Fourth Edition. Springer, New
    York.": a book's title read as a container, no title read, no "In" before it, and the
    publisher after it with no volume, issue or pages: the book's title (a chapter prints its
    book after "In", or its editors and pages)."""
    if "title" in labels or "editor" in labels or not _NUMBERS.isdisjoint(labels):
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    p = labels.index("publisher")
    if p < b or _after_in(toks, labels, a):
        return
    if any(lab not in _BOOK_IMPRINT_LABELS for lab in labels[b:p]):
        return  # ("Classical Graphs, in press (Wiley, 1998)": a note between, left alone)
    if _previous_label(toks, labels, a) not in ("author", "issued"):
        return
    while b < len(toks) and labels[b] == "O" and toks[b].kind == KIND_WORD:
        b += 1  # the title's last words the tagger left out ("... Statistics with S.")
    _relabel(labels, a, b, "title")


def _title_read_as_the_imprint_after_the_date(toks: list[Tok], labels: list[str]) -> None:
    """The American Statistical Association's book "Ode, K. (2010), Graph Routing for
    Statistics, New York: Springer." (Chicago's and JASA's comma after the date): no title
    read, and the words between the date's comma and the next comma read as the publisher
    or its place, a place and a colon before the publisher after them: those words are the
    title."""
    n = len(toks)
    k = next((m for m in range(1, n - 3) if labels[m] == "issued"), -1)
    if k < 0 or toks[k + 1].text != ")" or toks[k + 2].text != ",":
        return
    s = k + 3
    if s >= n or labels[s] not in ("publisher", "publisher-place"):
        return
    c = next((m for m in range(s + 1, n) if toks[m].text in (",", ":", ".")), n)
    if c >= n or toks[c].text != ",":
        return
    colon = next((m for m in range(c + 1, n) if toks[m].text == ":"), -1)
    if colon < 0 or colon + 1 >= n or labels[colon + 1] != "publisher":
        return
    words = [t for t in toks[s:c] if t.kind == KIND_WORD]
    if len(words) < 2 or is_city(_words_of(toks, s, c)) or not words[0].text[:1].isupper():
        return
    if any(t.text == "." for t in toks[c:colon]):
        return
    _relabel(labels, s, c, "title")
    _relabel(labels, c + 1, colon, "publisher-place")


def _lower_case_title_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "John R. Ode, Tony Abe, and Doug Sato. lex & yacc. Graph Media, 2012.": a program's
    title in lower case after the names' full stop, read into the names (its "&" a join):
    no name opens with a lower-case word that is no particle, so the names end at the full
    stop and the words up to the next one are the title."""
    a, b = _first_run(labels, "author")
    if a < 0 or "title" in labels:
        return
    for k in range(a + 2, b - 1):
        if toks[k].text != "." or len(toks[k - 1].text) < 2 or not toks[k - 1].text[:1].isupper():
            continue  # (an initial's full stop, or none)
        w = toks[k + 1]
        if w.kind != KIND_WORD or not w.text[:1].islower() or w.text in PARTICLES:
            continue
        if w.text in ("and", "et", "al", "und", "y", "e"):
            continue
        e = k + 1
        while e < b and toks[e].text != ".":
            e += 1
        _relabel(labels, e, b, "O")
        if e == b and e + 1 < len(toks) and toks[e].text == ":":
            # "car: Companion to Applied Regression, 2009.": its subtitle after the colon
            f = e + 1
            while f < len(toks) and labels[f] == labels[e + 1] and toks[f].text not in ",.":
                f += 1
            if labels[e + 1] in ("container-title", "O") and f > e + 1:
                e = f
        _relabel(labels, k + 1, e, "title")
        labels[k] = "O"
        return


def _acs_book_and_its_editors(toks: list[Tok], labels: list[str]) -> None:
    """The ACS style's chapter, "In Graph Methods; Sato, R., Lind, P., Eds.; Publisher:
    Place, 2011; pp 45-67.": the book runs from "In" to the semicolon, the editors from
    there to ", Ed.;" or ", Eds.;", whatever the tagger read across the semicolon."""
    n = len(toks)
    k = next(
        (
            m
            for m in range(3, n - 2)
            if toks[m].text in ("Ed", "Eds")
            and toks[m + 1].text == "."
            and toks[m + 2].text == ";"
            and toks[m - 1].text == ","
        ),
        -1,
    )
    if k < 0:
        return
    s = next((m for m in range(k - 2, 0, -1) if toks[m].text == ";"), -1)
    if s < 0:
        return
    i = next((m for m in range(s - 1, -1, -1) if toks[m].text == "In"), -1)
    if i < 0 or labels[i] != "O" or s - i < 2 or k - 1 - s < 2:
        return
    if any(t.text == ";" for t in toks[i + 1 : s]):
        return
    _relabel(labels, i + 1, s, "container-title")
    labels[s] = "O"
    _relabel(labels, s + 1, k - 1, "editor")
    _relabel(labels, k - 1, k + 3, "O")


def _day_after_the_month_read_as_a_number(toks: list[Tok], labels: list[str]) -> None:
    """IEEE's "U.S. Patent 7 123 456, Mar. 3, 2011." and "..., Jan. 12, 2011.": the day
    between a month's name and the year's comma is the date's, never a volume, issue or
    pages."""
    n = len(toks)
    for k in range(1, n - 2):
        t = toks[k]
        if t.kind != KIND_NUM or len(t.text) > 2 or labels[k] not in ("volume", "issue", "page"):
            continue
        m = k - 2 if toks[k - 1].text == "." and k >= 2 else k - 1
        if toks[m].text.lower().rstrip(".") not in ANY_MONTH or labels[m] not in ("O", "issued"):
            continue
        if (
            toks[k + 1].text != ","
            or labels[k + 2] != "issued"
            or not YEAR_RE.fullmatch(toks[k + 2].text)
        ):
            continue
        if not 1 <= int(t.text) <= 31:
            continue
        labels[k] = "O"


def _book_before_its_editors_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """The Royal Statistical Society's chapter without "In": "K. Ode (1996) Graph modelling.
    Graph Methods in Practice (eds K. Abe and R. Sato), pp. 303-319. London: Chapman &
    Hall.": the book read into the title, its editors in brackets after it; the title's
    last sentence, right before the bracket, is the book."""
    if "container-title" in labels or "editor" not in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    if b + 2 >= len(toks) or toks[b].text != "(" or toks[b + 1].text.lower() not in ("eds", "ed"):
        return
    cut = next((d for d in range(b - 2, a + 1, -1) if toks[d].text == "."), -1)
    if cut < 0 or toks[cut + 1].start == toks[cut].end or not toks[cut + 1].text[:1].isupper():
        return
    if len(toks[cut - 1].text) < 3 or sum(1 for t in toks[cut + 1 : b] if t.kind == KIND_WORD) < 2:
        return  # (an initial's or an abbreviation's full stop)
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")


# A standard's designation opening an entry: the body's code, its number and the year after
# a dash or a colon ("GB/T 7714—2015", "ISO 690:2010", "IEC 61508-3:2010", "DIN 1505-2")
_STANDARD_DESIGNATION = re.compile(
    r"(?:GB(?:/[TZ])?|ISO(?:/IEC)?|IEC|EN|DIN|BS|ANSI|ASTM|JIS|GJB|YY|HJ)\s?"
    r"[A-Z]?\d+(?: \d{3})*(?:[.\-]\d+)*(?:\s?[-\u2013\u2014:]\s?(?:19|20)\d\d)?(?![\w.\-])"
)


def _standard_s_designation_opening_the_entry(raw: str, toks: list[Tok], labels: list[str]) -> None:
    """GB/T 7714's and ISO 690's standards, "[5] GB/T 7714—2015 信息与文献 参考文献著录规则[S].",
    "ISO 690:2010 Information and documentation — Guidelines ...": the designation opening
    the entry, its year after the dash or colon with it, is the standard's number, and the
    words after it to the type code or the sentence's end its title (the tagger cut the
    designation, or read it into the title)."""
    first = next(
        (k for k, lab in enumerate(labels) if lab != "O" or toks[k].kind != KIND_PUNCT), -1
    )
    if first < 0:
        return
    if toks[first].text.isdigit() and first + 1 < len(toks) and toks[first + 1].text in ".]":
        first += 2  # (a label the tokens kept: "5.")
    m = _STANDARD_DESIGNATION.match(raw, toks[first].start) if first < len(toks) else None
    if m is None:
        return
    e = next((k for k in range(first, len(toks)) if toks[k].start >= m.end()), len(toks))
    if e >= len(toks) or any(labels[k] not in ("number", "title", "O") for k in range(first, e)):
        return
    s = e + 1 if toks[e].text == ":" else e  # ("DIN 31 635: Umschrift ...")
    t = s
    while t < len(toks) and toks[t].text not in ("[", ".") and labels[t] in ("title", "O"):
        t += 1
    if t == s:
        return
    _relabel(labels, first, e, "number")
    _relabel(labels, e, s, "O")
    _relabel(labels, s, t, "title")
    if t < len(toks) and toks[t].text == ".":
        labels[t] = "O"  # (the title's sentence ends there)


_BACKREF_PAGE_WORDS = word_set("page pages p pp")


def _back_references_read_as_numbers(toks: list[Tok], labels: list[str]) -> None:
    """hyperref's back references after an entry: "... 2011. Cited on pages 3, 9, and 10."
    (backref's words), biblatex's "(cit. on p. 7)", or the bare page numbers of
    ``pagebackref`` ("... 45–67, 2011. 3, 17, 22"): the pages of the document that cite the
    entry, never its volume or pages."""
    n = len(toks)
    if n < 4:
        return
    start = -1
    for k in range(n - 3):
        if (
            toks[k].text.lower() in ("cited", "cit")
            and toks[k + 1 + (toks[k + 1].text == ".")].text.lower() == "on"
        ):
            m = k + 2 + (toks[k + 1].text == ".")
            if m < n and toks[m].text.lower() in _BACKREF_PAGE_WORDS:
                start = k
                break
    if start < 0:
        # the bare numbers after the entry's last full stop (its year or pages before it)
        e = n - 1 if toks[-1].text == "." else n
        k = e
        while k > 0 and (toks[k - 1].kind == KIND_NUM or toks[k - 1].text in (",", "and")):
            k -= 1
        if k == e or k < 2 or toks[k - 1].text != "." or toks[k].kind != KIND_NUM:
            return
        if toks[k].start == toks[k - 1].end:
            return  # "2.3": no full stop
        # the full stop closes the entry's year or pages ("..., 2011. 3, 17"), not an
        # abbreviation ("Opt. Lett. 32 2632", "Vol. 73, No. 10")
        if toks[k - 2].kind != KIND_NUM or labels[k - 2] not in ("page", "issued"):
            return
        numbers = [t for t in toks[k:e] if t.kind == KIND_NUM]
        if len(numbers) < 2 or any(len(t.text) > 4 for t in numbers):
            return
        start = k
    # the words' sentence a note (as the tagger reads it where nothing misleads it), the bare
    # numbers nothing
    mark = "note" if toks[start].kind == KIND_WORD else "O"
    for j in range(start, n):
        if labels[j] in ("volume", "issue", "page", "note", "O") and toks[j].kind not in (
            KIND_URL,
            KIND_DOI,
        ):
            labels[j] = mark
    if mark == "note" and toks[-1].text in (".", ")"):
        labels[-1] = "O"
    if "page" in labels:
        return
    # the tagger, misled by the numbers after the entry, left its range of pages unlabelled
    # or read it as a second volume
    for j in range(1, start - 2):
        if (
            toks[j].kind == KIND_NUM
            and toks[j + 1].text in _RANGE_DASHES
            and toks[j + 2].kind == KIND_NUM
            and labels[j] == labels[j + 1] == labels[j + 2]
            and (labels[j] == "O" or (labels[j] == "volume" and "volume" in labels[: j - 1]))
            and toks[j - 1].text in (":", ",", ".")
        ):
            _relabel(labels, j, j + 3, "page")
            return


# the words a journal's or a meeting's name opens with
_VENUE_OPENINGS = word_set(
    "journal proceedings transactions annals bulletin acta review reviews letters archives "
    "advances annual international american british european zeitschrift revue"
)
_JOURNAL_SMALL_WORDS = word_set("of in and & the for on de des der und")


def _journal_ending_the_title_before_its_numbers(toks: list[Tok], labels: list[str]) -> None:
    """BibTeX's plain style "M. Ode. Graph Models: an Application to Hepatitis C. Statistics
    in Medicine, 29(11):1161-1174, 2010." and "... factorizations of 2 ± 1. Mathematics of
    Computation, 29:620-647": a title ending with a capital letter or a number before its
    period, the journal after it read into the title. With no container read, the title's
    last sentence right before the volume, two to eight capitalised words (and the small
    words of a journal's name), is the journal."""
    if "publisher" in labels:
        return
    # (or, with no title read, a short title and its journal read as one container: "R. Ode.
    # Querying graphs. R News, 2(2):28-31", whose title's last word is no abbreviation)
    field = "container-title" if "title" not in labels else "title"
    if field == "title" and "container-title" in labels:
        return
    run = _only_run(labels, field)
    if run is None:
        return
    a, b = run
    nxt = _next_label(toks, labels, b)
    if nxt != "volume" and not (field == "container-title" and nxt == "issued"):
        return  # (Vancouver's "Title. J Graphs. 2011;12:45-67": the year before the volume)
    first = a + 3 if field == "title" else a + 1
    cut = next((d for d in range(b - 3, first - 1, -1) if toks[d].text == "."), -1)
    if cut < 0 or toks[cut + 1].start == toks[cut].end:
        return
    tail = toks[cut + 1 : b]
    if not 2 <= len(tail) <= 8 or not all(
        t.kind == KIND_WORD and (t.text[:1].isupper() or t.text.lower() in _JOURNAL_SMALL_WORDS)
        for t in tail
    ):
        return
    if not tail[0].text[:1].isupper():
        return
    if field == "container-title":
        last = toks[cut - 1]
        if (
            len(last.text) < 4
            or is_serial_abbreviation(last.text)
            or any(t.text == "." for t in toks[a:cut])
        ):
            return
        if toks[a].text.lower() in _VENUE_OPENINGS or tail[0].text.lower() in _JOURNAL_PART_WORDS:
            return  # one journal's name ("Proceedings of the Graph Society. Series A")
        _relabel(labels, a, cut, "title")
        labels[cut] = "O"
        return
    if sum(1 for t in toks[a:cut] if t.kind == KIND_WORD) < 3:
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")


def _imprint_read_as_the_container(toks: list[Tok], labels: list[str]) -> None:
    """A book's "Title. Edinburgh: R. Cadell, 1836.", "Title. Athena Scientific, 2005.":
    the one run after the title and before the closing year (or ending the entry, the year
    printed after the names), read as the container where
    no publisher, number or "In" was found, is the imprint: a city and a colon open its
    place, and without them a publisher's word ("Scientific", "Press") makes it the
    publisher."""
    if "publisher" in labels or "editor" in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    if not _NUMBERS.isdisjoint(labels):
        return
    a, b = run
    while a < b and toks[a].kind == KIND_PUNCT:
        a += 1
    before = _previous_label(toks, labels, run[0])
    placed = before == "publisher-place" and ":" in (toks[a - 1].text, toks[run[0]].text)
    if placed:
        place = _only_run(labels, "publisher-place")
        if place is None or _previous_label(toks, labels, place[0]) != "title":
            return
    elif before != "title" or "publisher-place" in labels:
        return
    if _after_in(toks, labels, a):
        return
    d = _past_punctuation(toks, labels, b)
    if d >= len(toks):
        if "issued" not in labels[: run[0]]:
            return  # (an author-date entry's imprint ends it: "1836. Title. Edinburgh: R. Cadell.")
    elif labels[d] != "issued" or _past_punctuation(toks, labels, d + 1) < len(toks):
        return
    if _names_venue(_words_of(toks, a, b)):
        return
    if placed:
        _relabel(labels, run[0], a, "O")
        _relabel(labels, a, b, "publisher")
        return
    colons = [k for k in range(a + 1, b - 1) if toks[k].text == ":"]
    if len(colons) == 1 and is_city(_words_of(toks, a, colons[0])):
        c = colons[0]
        _relabel(labels, a, c, "publisher-place")
        labels[c] = "O"
        _relabel(labels, c + 1, b, "publisher")
    elif not colons and _PUBLISHER_NAME_WORDS.search(_words_of(toks, a, b)):
        _relabel(labels, a, b, "publisher")


# Small words inside a publisher's name ("Companhia das Letras", "Taylor, Nash, & Taylor")
_IMPRINT_NAME_GLUE = word_set("and & of for the de des da das do dos der und et y e la le du")
# What may follow an imprint that ends the entry ("Jerusalem: Magnes. (in Hebrew)")
_AFTER_AN_IMPRINT = frozenset(("O", "note", "URL", "DOI", "issued", "page", "ISBN"))
# What the tagger reads a place's words and a publisher's name after "Place:" as
_PLACE_MISREAD = frozenset(
    ("O", "publisher", "publisher-place", "container-title", "title", "note")
)
_IMPRINT_NAME_MISREAD = frozenset(
    ("O", "note", "editor", "author", "container-title", "title", "publisher", "publisher-place")
)


def _imprint_name_end(toks: list[Tok], a: int) -> int:
    """Where the capitalised name that starts at token ``a`` ends ("C. H. Beck Verlag",
    "Taylor, Nash, & Taylor", "Companhia das Letras"): before a comma, period or bracket that
    no other word of the name follows; ``a`` when no capitalised word starts there."""
    n = len(toks)
    e = a
    while e < n:
        t = toks[e]
        if t.kind == KIND_WORD:
            if not (t.text[:1].isupper() or (e > a and t.text.lower() in _IMPRINT_NAME_GLUE)):
                break
            if e > a and (is_city(t.text) or is_city(_words_of(toks, e, e + 2))):
                break  # ("Springer Berlin Heidelberg": the place after the name)
        elif t.text == "&" and e > a:
            pass
        elif t.text == "." and e > a and e + 1 < n and toks[e + 1].kind == KIND_WORD:
            before = toks[e - 1].text
            if not (len(before) == 1 or before.lower() in _FIRM_ABBREVIATIONS):
                break  # a sentence's period, not an initial's ("L. Erlbaum") or "Co."
        elif t.text == "," and e > a and e + 1 < n:
            after = toks[e + 1]
            if not (after.text == "&" or (after.kind == KIND_WORD and after.text[:1].isupper())):
                break
            if after.text.lower() in ANY_MONTH or is_city(after.text):
                break  # (", April, 1965", ", Paris, 1990": a date or a place comes next)
            if e + 2 < n and toks[e + 2].text == ":":
                break  # (", Boston: ...": the next imprint's place)
        else:
            break
        e += 1
    while e > a and toks[e - 1].kind == KIND_PUNCT:
        e -= 1
    return e


def _place_before_the_colon(toks: list[Tok], c: int) -> int:
    """Where the place that ends at the colon ``c`` starts ("Reading, MA:", "Vienna:"): after
    a period, a bracket, a semicolon or a comma, at most six tokens back, words, commas and
    periods only; -1 when no place ends there."""
    s = -1
    for k in range(c - 1, max(0, c - 7), -1):
        t = toks[k]
        if t.kind != KIND_WORD and t.text not in (",", "."):
            break  # ("(ICDAR). Sydney, Australia:": the place starts after the bracket)
        if t.kind == KIND_WORD and t.text.lower() in _EDITOR_MARK_WORDS:
            break  # (IEEE's "B. Lind, Ed. Berlin, Germany:": the place starts after the mark)
        if (
            t.kind == KIND_WORD
            and toks[k - 1].text in (".", "(", ";", ",")
            and _reads_as_a_place(toks, k, c)
        ):
            s = k
    return s


def _imprint_ends_there(toks: list[Tok], labels: list[str], s: int, e: int) -> bool:
    """Whether a publisher's name that ends before token ``e`` ends an imprint whose place
    starts at ``s``: the entry ends, ", Year" or "; Year" follows, the bracket before the
    place closes, or a period with only a note, a link, pages or a date after it (in an
    entry with no volume)."""
    n = len(toks)
    if e >= n:
        return True
    end = toks[e].text
    if end in (",", ";"):
        return e + 1 < n and (
            labels[e + 1] == "issued" or YEAR_RE.fullmatch(toks[e + 1].text) is not None
        )
    if end == ")":
        return toks[s - 1].text == "("
    if toks[e].kind == KIND_NUM and YEAR_RE.fullmatch(end) and "volume" not in labels:
        # German "München: C. H. Beck 2008.": the year after the name, no comma between (a
        # month before the year is a date's: "Miami, FL: October 2011.")
        return toks[e - 1].text.lower() not in ANY_MONTH and all(
            t.kind == KIND_PUNCT for t in toks[e + 1 :]
        )
    if end == "(" and toks[-1].text in (")", ".") and "volume" not in labels:
        # "Tübingen: Mohr Siebeck (Studien zum Recht, 12).": the series closing the entry
        close = next((k for k in range(e + 1, n) if toks[k].text == ")"), -1)
        return close > e + 1 and all(t.kind == KIND_PUNCT for t in toks[close:])
    return (
        end == "."
        and "volume" not in labels
        and all(lab in _AFTER_AN_IMPRINT for lab in labels[e:])
    )


# Where ``_publisher_after_the_place_and_colon`` can find its colon: a letter after it (a
# quick test before the rule; it opens with the colon, which the search skips to)
_PLACE_COLON_NAME = re.compile(r"[:\uff1a]\s*[^\W\d_]")


def _publisher_after_the_place_and_colon(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. Vienna: Atomic Graph Agency, 2006.", "Title (Reading, MA: Benjamin).",
    "Title. Hillsdale, NJ: L. Erlbaum.": a place (a city, or a town and its region) after a
    sentence's period, a bracket or a comma, then a colon and a capitalised name that closes
    that bracket, comes before ", Year" or ends the entry, are the place and the publisher,
    whatever the tagger read them as (the container, a note, the editors, nothing, the place
    as the publisher), where no other publisher or place was read."""
    n = len(toks)
    for c in range(2, n - 1):
        if toks[c].text != ":":
            continue
        name = toks[c + 1]  # (a capitalised word starts the name: the cheap tests first)
        if name.kind != KIND_WORD or not name.text[:1].isupper():
            continue
        if labels[c - 1] not in _PLACE_MISREAD or labels[c + 1] not in _IMPRINT_NAME_MISREAD:
            continue
        s = _place_before_the_colon(toks, c)
        if s < 0:
            continue
        e = _imprint_name_end(toks, c + 1)
        words = [t for t in toks[c + 1 : e] if t.kind == KIND_WORD]
        if not 1 <= len(words) <= 8 or not _imprint_ends_there(toks, labels, s, e):
            continue
        if any(lab not in _PLACE_MISREAD for lab in labels[s:c]):
            continue
        if any(lab not in _IMPRINT_NAME_MISREAD for lab in labels[c + 1 : e]):
            continue
        outside = labels[:s] + labels[e:]
        if "publisher" in outside or "publisher-place" in outside:
            return
        inside = labels[s:e]
        if "title" in inside and "title" not in outside:
            return  # ("London: A Biography.": the title itself)
        if _names_venue(_words_of(toks, c + 1, e)) or is_city(_words_of(toks, c + 1, e)):
            continue
        _relabel(labels, s, c, "publisher-place")
        labels[c] = "O"
        _relabel(labels, c + 1, e, "publisher")
        if toks[s - 1].text == "(" and e < n and toks[e].text == ")":
            labels[s - 1] = labels[e] = "O"
        return


def _firm_read_as_the_place(toks: list[Tok], labels: list[str]) -> None:
    """ "Title, Gordon and Breach, New York (1967).": with no publisher read, of two place
    runs parted by a comma, the first, a capitalised name that names no place (no city or
    region among its words), before one that opens with a city, is the publisher. (A lone
    place run that names no listed place stays: it is as often a town the lists lack,
    "Bloomington 1978", "Turnhout, 1970", as a publisher.)"""
    if "publisher" in labels or labels.count("publisher-place") < 2:
        return
    runs = _runs_of(labels, "publisher-place")
    if len(runs) != 2:
        return
    a, b = runs[0]
    if any(t.text != "," for t in toks[b : runs[1][0]]) or not _reads_as_a_place(toks, *runs[1]):
        return
    d, e = runs[1]
    comma = next((k for k in range(d, e) if toks[k].text == ","), e)
    if not is_city(_words_of(toks, d, comma)):
        return  # ("Lewisburg, PA": a town the lists lack and its region)
    words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 6 or any(t.kind not in (KIND_WORD, KIND_PUNCT) for t in toks[a:b]):
        return
    if not words[0][:1].isupper() or not _capitalised_name(words):
        return
    if any(is_city(w) or is_region(w) for w in words):
        return
    if any(is_city(_words_of(toks, k, k + 2)) for k in range(a, b - 1)):
        return  # ("New York", "Upper Saddle River")
    if _reads_as_a_place(toks, a, b) or _names_venue(_words_of(toks, a, b)):
        return
    _relabel(labels, a, b, "publisher")


def _body_before_its_place_read_as_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "in: Annual Review of Fluid Mechanics, Vol. 41, Annual Review, Palo Alto, Calif.
    (2009)", "Title. Brotherhood of St Laurence, Melbourne.": with no publisher read, a
    container run right before ", Place" is the publisher where it is a second container
    run after the book's volume, date or place, or the entry's only one, right after the
    title or the genre, that names a body ("Bureau", "Society") and no venue or series, in
    an entry with no volume, issue or pages (a journal prints them)."""
    if "publisher" in labels or "container-title" not in labels or "publisher-place" not in labels:
        return
    runs = _runs_of(labels, "container-title")
    for i, (a, b) in enumerate(runs):
        place = _place_after_a_comma(toks, labels, b)
        if place is None:
            continue
        d, e = place
        while e > d + 1 and toks[e - 1].text == ".":
            e -= 1
        if not _reads_as_a_place(toks, d, e):
            continue
        words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
        if not 1 <= len(words) <= 10 or not words[0][:1].isupper():
            return
        if _names_venue(_words_of(toks, a, b)) or is_city(_words_of(toks, a, b)):
            return
        if i == 0:
            if len(runs) > 1 or _previous_label(toks, labels, a) not in ("title", "genre"):
                return
            if not _NUMBERS.isdisjoint(labels) or _after_in(toks, labels, a):
                return
            if not is_corporate(_words_of(toks, a, b)) or _SERIES.search(_words_of(toks, a, b)):
                return  # ("Title. Two Studies in Form, Leiden 1987": the title's second part)
        elif all(lab in ("O", "container-title") for lab in labels[runs[i - 1][1] : a]):
            return  # ("Sitzungsber., Preuss. Akad. Wiss., Berlin": one journal's name)
        _relabel(labels, a, b, "publisher")
        return


# What the tagger reads a bracketed imprint's parts as ("(Publish or Perish, Houston, 1979)")
_BRACKETED_IMPRINT_MISREAD = frozenset(
    ("O", "title", "publisher", "publisher-place", "container-title", "note", "author", "editor")
)
# Small words inside a firm's name in brackets ("Publish or Perish", "Institute of Physics")
_FIRM_NAME_GLUE = word_set("of or and & for the")


def _split_firm_and_city(toks: list[Tok], a: int, b: int) -> int:
    """Where a city (or a country) that ends tokens ``a`` to ``b`` starts ("Prentice Hall
    Englewood Cliffs": at "Englewood"; "Springer Netherlands"; "New York": at ``a``, the
    longest first); ``b`` when none does, -1 when the word before it is glued to the city's
    first word ("McGraw-HillNew York")."""
    for k in range(a, b):
        place = _words_of(toks, k, b)
        if is_city(place) or (len(place) > 2 and is_region(place)):
            glued = _GLUED_CAPITAL.search(toks[k - 1].text)
            return -1 if glued and is_city(f"{glued.group(1)} {place}") else k
    return b


# A capitalised word glued to the end of another ("HillNew": a text layer lost the space)
_GLUED_CAPITAL = re.compile(r"[a-z]([A-Z][a-z]+)$")


# Where ``_bracketed_imprint_read_as_other_fields`` can find an imprint: a year before a
# closing bracket, only stops and commas between (a quick test before the rule)
_YEAR_CLOSING_A_BRACKET = re.compile(r"(?:1[5-9]|20)\d\d[\s,;.\uff0c\uff1b\uff0e]*[)\uff09]")


def _bracketed_imprint_read_as_other_fields(toks: list[Tok], labels: list[str]) -> None:
    """Nature's and physics' books "Title (Publish or Perish, Houston, 1979).", "Title
    (Inst. of Physics, Bristol, 2002)", "Title, vol. 5 (Prentice Hall Englewood Cliffs, NJ,
    2002)": with no publisher read outside them, brackets right after the title or the
    volume that hold a capitalised name, then places, then the year (and an edition part:
    "(Cengage Learning; 1 edition, 1976)") are the imprint, whatever the tagger read their
    parts as (the title's end, the place, the container, a note, the authors): the name is
    the publisher, a city it ends with and the places after it the place. A book's title
    read as the container before them is the title."""
    n = len(toks)
    for o in range(1, n - 3):
        if toks[o].text != "(":
            continue
        before = _previous_label(toks, labels, o)
        if labels[o] != "O" and labels[o - 1] == labels[o]:
            before = labels[o]  # (the bracket inside the title's or the book's run)
        if before not in ("title", "volume", "container-title"):
            continue
        c = next((k for k in range(o + 1, n) if toks[k].text == ")"), -1)
        if c < 0 or "publisher" in labels[:o] + labels[c:]:
            return
        if any(t.text == ":" for t in toks[o:c]):
            return  # ("(Oxford: Clarendon Press, 1993)": the other rules' form)
        e = c
        years = 0
        while e > o + 1 and (YEAR_RE.fullmatch(toks[e - 1].text) or toks[e - 1].text in ",;."):
            years += toks[e - 1].kind == KIND_NUM
            e -= 1
        if not years:
            return
        parts = _bracketed_parts(toks, labels, o + 1, e)
        if len(parts) == 1 and toks[e].text not in ",;":
            return  # ("(ICRC 2015)": a venue and its year; "(April 1975)")
        if not parts or any(
            lab not in _BRACKETED_IMPRINT_MISREAD for p in parts for lab in labels[p[0] : p[1]]
        ):
            return
        a, b = parts[0]
        if not _firm_in_brackets(toks, a, b) or "publisher" in labels[a:b]:
            return  # (a firm the tagger read already: "(Springer | Netherlands, 2009)")
        split = _split_firm_and_city(toks, a, b)
        name = _words_of(toks, a, split)
        if split <= a or is_city(name) or is_region(name) or _names_venue(name):
            return  # ("(New York, 1997)": a place alone; "(Proc. of ..., 2006)": a venue)
        rest = parts[1:]
        if rest and not _reads_as_a_place(toks, rest[0][0], rest[-1][1]):
            return
        if before == "container-title" and (
            "title" in labels
            or "volume" in labels
            or _names_venue(_words_of(toks, *_first_run(labels, "container-title")))
        ):
            return
        if before == "title" and "title" not in labels[:o]:
            return
        if before == "container-title":
            _relabel(labels, *_first_run(labels, "container-title"), "title")
        for k in range(o, c + 1):
            if labels[k] != "edition":
                labels[k] = "issued" if k >= e and YEAR_RE.fullmatch(toks[k].text) else "O"
        _relabel(labels, a, split, "publisher")
        if split < b or rest:
            end = rest[-1][1] if rest else b
            _relabel(labels, split if split < b else rest[0][0], end, "publisher-place")
        return


def _bracketed_parts(toks: list[Tok], labels: list[str], a: int, b: int) -> list[tuple[int, int]]:
    """The parts of tokens ``a`` to ``b`` between commas and semicolons, each without the
    periods that end it, leaving out a part that is an edition ("1 edition")."""
    parts: list[tuple[int, int]] = []
    start = a
    for k in range(a, b + 1):
        if k == b or toks[k].text in (",", ";"):
            end = k
            while end > start and toks[end - 1].text == ".":
                end -= 1
            if end > start and any(lab != "edition" for lab in labels[start:end]):
                parts.append((start, end))
            start = k + 1
    return parts


def _firm_in_brackets(toks: list[Tok], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` read as a firm's name: one to six capitalised words
    (but for "of", "or", "and"), no number, no volume or edition word first."""
    words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 6 or any(t.kind == KIND_NUM for t in toks[a:b]):
        return False
    if not words[0][:1].isupper() or any(w.lower().rstrip(".") in _NOT_A_PUBLISHER for w in words):
        return False  # ("(Vol. 2, 2010)", "(Second Edition, 2010)")
    if any(p.lower().rstrip(".") in ANY_MONTH for w in words for p in w.split("-")):
        return False  # ("(January-February, 1965)", "(Mar., 2006)": a date)
    return all(w[:1].isupper() or w.lower() in _FIRM_NAME_GLUE for w in words)


def _publisher_ending_the_book_after_in(toks: list[Tok], labels: list[str]) -> None:
    """ "In Proceedings of the Conference on Computing. ACM New York, 1990", "in: Proceedings
    of the Conference on Processing, UNESCO.", "In Annealing and Search. Pitman (London),
    1987.": with no publisher read, the book's run after "In" whose last part, after its
    last stop (or comma), is a capitalised name before the place, the year or the entry's
    end: that part is the publisher (a city ending it the place) where it names a body
    ("Association") or is an acronym, or follows a sentence's stop and a place follows it.
    After an abbreviation's period ("Conf. Graph Learn. ICGL") only a body's name is."""
    if "publisher" in labels or "container-title" not in labels:
        return
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    while b > a and toks[b - 1].text == ".":
        b -= 1
    cut = next((k for k in range(b - 2, a + 1, -1) if toks[k].text in (".", ",")), -1)
    if cut < 0 or len([t for t in toks[a:cut] if t.kind == KIND_WORD]) < 2:
        return
    stop = toks[cut].text == "."
    if stop and len(toks[cut - 1].text) < 3:
        return  # (an initial's or a short abbreviation's period)
    if not _after_in(toks, labels, a):
        return  # (the scan of the tokens before the run after the cheaper tests)
    abbreviated = stop and is_serial_abbreviation(toks[cut - 1].text)
    sentence = stop and not abbreviated
    split = _firm_ending_the_book(toks, cut + 1, b)
    if split < 0:
        return
    d = run[1]
    while d < len(toks) and labels[d] == "O" and toks[d].text in (",", "(", "."):
        d += 1
    after = labels[d] if d < len(toks) else "end"
    text = _words_of(toks, cut + 1, split)
    body = is_corporate(text) or _FIRM_WORDS.search(text) is not None
    acronym = not abbreviated and _ACRONYM.fullmatch(text) is not None
    placed = after == "publisher-place" or split < b
    if not (
        (placed and sentence)
        or (after in ("publisher-place", "issued", "end") and (body or acronym))
    ):
        return
    _relabel(labels, cut, run[1], "O")
    _relabel(labels, cut + 1, split, "publisher")
    _relabel(labels, split, b, "publisher-place")


def _firm_ending_the_book(toks: list[Tok], a: int, b: int) -> int:
    """Where the place ends a firm's name that is tokens ``a`` to ``b`` ("ACM New York":
    at "New"; ``b`` when no place does): one to six capitalised words, no number, bracket
    or venue's word; -1 when they are no such name."""
    name = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    if not 1 <= len(name) <= 6 or any(t.kind == KIND_NUM or t.text in "()[]" for t in toks[a:b]):
        return -1  # ("(ICGL)": the venue's acronym)
    if not _capitalised_name(name) or _names_venue(_words_of(toks, a, b)):
        return -1
    split = _split_firm_and_city(toks, a, b)
    return split if split > a else -1


# A thesis's or a report's kind ("Ph.D. Thesis", "Technical report", "Diss.", "Thèse")
_DEGREE_OR_REPORT = re.compile(
    r"\b(?:thesis|theses|dissertation|diss|th[eè]se|report|rapport|m[eé]moire|doktorarbeit)\b",
    re.IGNORECASE,
)
# pieces of the words of ``_DEGREE_OR_REPORT``, for ``may_hold`` (a quick test before
# ``_institution_after_the_genre``)
_DEGREE_OR_REPORT_CORES = (
    "thes",
    "th\u00e8se",
    "diss",
    "report",
    "rapport",
    "moire",
    "doktorarbeit",
)
_INSTITUTION_MISREAD = frozenset(
    ("O", "title", "container-title", "publisher", "publisher-place", "genre", "note")
)


def _institution_after_the_genre(toks: list[Tok], labels: list[str]) -> None:
    """ "Title. 2016 PhD Thesis University of Stellenbosch", "Title. Tech. report University
    of Hawaii Honolulu, HI:", "Title. Ph.D Thesis Graduate School of Media, Keio University",
    "D. Ode. Thèse, Université de Graphes, Nancy. 1986.": the capitalised parts right after a
    thesis's or a report's kind, up to a place, the year or the entry's end, with a body's
    word ("University", "Institut") among them, are the institution (the publisher), a city
    ending them or after them the place, whatever the tagger read them as."""
    g = _genre_run(toks, labels)
    if g is None:
        return
    a, b = g
    title_end = _first_run(labels, "title")[1] if labels[a] == "title" else a
    k = next((m for m in range(a + 1, b) if is_corporate(toks[m].text)), b)
    if k < b and toks[k].text[:1].isupper():
        b = k  # ("Tech- nical report University of": the genre run took the body's words)
    s = b
    while s < len(toks) and toks[s].text in (",", "."):
        s += 1
    chunks: list[tuple[int, int]] = []
    start = s
    for m in range(s, len(toks) + 1):
        if (
            m < len(toks)
            and toks[m].text not in (",", ";", ":", "(", ")", "[", "]")
            and not (
                toks[m].kind == KIND_NUM
                or (
                    toks[m].text == "."
                    and m > 0
                    and (len(toks[m - 1].text) > 4 or m == len(toks) - 1)
                )
            )
        ):
            continue  # (a full stop ends the name after a long word or at the entry's end)
        if m == start or not _capitalised_name(
            [t.text for t in toks[start:m] if t.kind == KIND_WORD]
        ):
            break
        if _reads_as_a_place(toks, start, m) or (
            chunks and not is_corporate(_words_of(toks, start, m))
        ):
            break  # ("Université de Graphes, Nancy": a town the lists lack)
        chunks.append((start, m))
        if m >= len(toks) or toks[m].text != ",":
            break
        start = m + 1
    if not chunks or not any(is_corporate(_words_of(toks, *c)) for c in chunks):
        return
    e = chunks[-1][1]
    if any(lab not in _INSTITUTION_MISREAD for lab in labels[s:e]):
        return
    if "publisher" in labels[:a] + labels[e:]:
        return
    split = _split_firm_and_city(toks, s, e)
    if split <= s:
        return
    if split < e and (
        toks[split - 1].text.lower() in _IMPRINT_NAME_GLUE or is_corporate(toks[split - 1].text)
    ):
        split = e  # ("University of Michigan", "Universität Kassel": the city names the body)
    _relabel(labels, a, b, "genre")
    _relabel(labels, b, s, "O")
    _relabel(labels, s, split, "publisher")
    _relabel(labels, split, e, "publisher-place")
    p = e + 1 if e < len(toks) and toks[e].text == "," else e
    q = p
    while q < len(toks) and toks[q].kind == KIND_WORD and toks[q].text[:1].isupper():
        q += 1
    if q > p and split == e and is_city(_words_of(toks, p, q)):
        _relabel(labels, e, p, "O")
        _relabel(labels, p, q, "publisher-place")
    elif title_end > e:
        # "Thèse, Université de Graphes, Nancy. 1986.": the rest of the title's run is the
        # town (one to three capitalised words after the comma), or nothing
        town = q > p and q - p <= 3 and q == title_end and split == e
        _relabel(labels, e, title_end, "O")
        if town:
            _relabel(labels, p, q, "publisher-place")


def _genre_run(toks: list[Tok], labels: list[str]) -> tuple[int, int] | None:
    """The run naming a thesis's or report's kind: the genre run, or a title run that opens
    with the kind and a comma ("Thèse, Université de ..."); None when there is none."""
    run = _only_run(labels, "genre")
    if run is not None:
        return run if _DEGREE_OR_REPORT.search(_words_of(toks, *run)) else None
    run = _only_run(labels, "title")
    if run is None or run[1] - run[0] < 3 or toks[run[0] + 1].text != ",":
        return None
    if not _DEGREE_OR_REPORT.fullmatch(toks[run[0]].text):
        return None
    return run[0], run[0] + 1


def _city_opening_the_publisher(toks: list[Tok], labels: list[str]) -> None:
    """ "New York; Oxford, Oxford University Press, 2014": a publisher run that opens with a
    publishing city and a comma, the rest naming a firm ("Press", "Verlag"), begins with the
    place: the city is the place (a place run right before it goes on with it)."""
    if "publisher" not in labels:
        return
    run = _only_run(labels, "publisher")
    if run is None:
        return
    a, b = run
    c = next((k for k in range(a + 1, b - 1) if toks[k].text == ","), -1)
    if c < 0 or not is_city(_words_of(toks, a, c)):
        return
    rest = _words_of(toks, c + 1, b)
    if not toks[c + 1].text[:1].isupper() or not _FIRM_WORDS.search(rest) or is_city(rest):
        return
    _relabel(labels, a, c, "publisher-place")
    labels[c] = "O"


def _body_read_as_a_second_title_before_its_place(toks: list[Tok], labels: list[str]) -> None:
    """ "AASHTO (2010). Bridge Design Specifications. American Association of State Highway
    Officials (AASHTO), Washington D.C.": with no publisher read, a second title run that
    names a body ("Association", "Council") right before ", Place" is the publisher, in an
    entry with no volume, issue or pages."""
    if "publisher" in labels or "publisher-place" not in labels or labels.count("title") < 2:
        return
    if not _NUMBERS.isdisjoint(labels):
        return
    runs = _first_two_runs(labels, "title")
    if runs is None or _has_second_run(labels[runs[1][1] :], "title"):
        return
    a, b = runs[1]
    place = _place_after_a_comma(toks, labels, b)
    if place is None:
        return
    d, e = place
    if not (_reads_as_a_place(toks, d, e) or is_city(toks[d].text)):
        return  # ("Washington D.C.": a city and its district)
    name = _words_of(toks, a, b)
    words = [t.text for t in toks[a:b] if t.kind == KIND_WORD]
    if not 2 <= len(words) <= 12 or not _capitalised_name(words) or _names_venue(name):
        return
    if not is_corporate(name) or toks[a - 1].text != ".":
        return
    _relabel(labels, a, b, "publisher")


def _firm_and_place_ending_the_entry_read_as_the_container(
    toks: list[Tok], labels: list[str]
) -> None:
    """ "Ode, K. Graph Maps 2001 Springer Heidelberg": an unpunctuated entry's end, one to
    four capitalised words read as the container right before a place run that ends the
    entry, with no publisher, volume, issue, pages or "In": the firm and its place."""
    if "publisher" in labels or "publisher-place" not in labels or "container-title" not in labels:
        return
    if not _NUMBERS.isdisjoint(labels):
        return
    run = _only_run(labels, "container-title")
    place = _only_run(labels, "publisher-place")
    if run is None or place is None or place[0] != run[1] or _after_in(toks, labels, run[0]):
        return
    if any(t.kind != KIND_PUNCT for t in toks[place[1] :]):
        return
    a, b = run
    words = [t.text for t in toks[a:b]]
    if not 1 <= len(words) <= 4 or not all(w[:1].isupper() and w.isalpha() for w in words):
        return
    if _names_venue(_words_of(toks, a, b)) or not is_city(_words_of(toks, *place).split(",")[0]):
        return
    _relabel(labels, a, b, "publisher")


# The words of a publisher's name that no journal's name holds ("Nature Publishing Group"
# names a publisher; "Annals of the Institute" a journal: "institute", "society" stay out)
_PUBLISHER_NAME_WORDS = re.compile(
    r"\b(?:press|publish\w*|verlag|books|scientific|sons|inc|ltd|llc|editions?|éditions|"
    r"editora|editorial|ediciones|edizioni|wydawnictwo|kiadó|forlag|förlag|uitgeverij)\b",
    re.IGNORECASE,
)


def _word_glued_to_a_runs_end(toks: list[Tok], labels: list[str]) -> None:
    """ "informal practices in the 1990s": a word the tokenizer parted from the title's or
    the container's last token ("1990" "s") and the tagger left unlabelled is that field's,
    as no space stands between them."""
    for k in range(1, len(toks)):
        if labels[k] != "O" or toks[k].kind != KIND_WORD:
            continue
        before = toks[k - 1]
        if before.end != toks[k].start or before.kind == KIND_PUNCT:
            continue
        if labels[k - 1] in ("title", "container-title"):
            labels[k] = labels[k - 1]


def _title_parted_by_unlabelled_words(toks: list[Tok], labels: list[str]) -> None:
    """ "E-cadherin and alpha-, beta-, and gamma-catenin expression": a title in two runs
    with a few unlabelled tokens between them and no sentence's end, "In" or other field
    there, is one title."""
    runs = _first_two_runs(labels, "title")
    if runs is None:
        return
    (_, b), (c, _) = runs
    if c - b > 5 or not any(toks[k].kind == KIND_WORD for k in range(b, c)):
        return
    for k in range(b, c):
        if labels[k] != "O" or toks[k].text in (".", "?", "!") or toks[k].text.lower() == "in":
            return
    _relabel(labels, b, c, "title")


# A translator's mark that opens a sentence after a book's title ("Translated by", "Trans.",
# "Übersetzt von", "Traduit par"): the word and the word after it (or its period)
_TRANSLATED = frozenset(
    (
        "translated",
        "übersetzt",
        "ubersetzt",
        "traduit",
        "traduction",
        "traducción",
        "tradução",
        "traduzione",
        "trans",
        "transl",
    )
)
_TRANSLATED_BY = frozenset(("by", "von", "par", "por", "de", "di", "and", ".", "from"))


# the language a German translation is made from, in "Aus dem Englischen von ...": an
# adjective's dative ending
_FROM_LANGUAGE = re.compile(r"[A-Z][a-zäöü]+(?:ischen|chen)")


def _translation_opening(toks: list[Tok], k: int) -> bool:
    """Whether token ``k`` opens the French "..., trad. de l'anglais par X" (after a comma or
    a stop) or the German ". Aus dem Englischen von X" (or "... übersetzt von")."""
    low = toks[k].text.lower()
    if low == "trad" and toks[k - 1].text in (",", ".") and k + 2 < len(toks):
        return toks[k + 1].text == "." and toks[k + 2].text.lower() in ("de", "par", "du", "d")
    return (
        toks[k].text == "Aus"
        and toks[k - 1].text == "."
        and k + 3 < len(toks)
        and toks[k + 1].text == "dem"
        and _FROM_LANGUAGE.fullmatch(toks[k + 2].text) is not None
        and toks[k + 3].text.lower() in ("von", "\u00fcbersetzt", "ubersetzt")
    )


def _translator_read_into_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Graph Stories. Translated by E. A. Goodland. New York", "Steppenwolf. Translated by
    Basil Creighton; revised by Joseph Mileck.", "Abhandlungen. Übersetzt von Johann
    Jancke.": a translator's sentence read into the book's title is no part of it; where
    no title was read before it, the unlabelled sentence before it is the title."""
    m = next(
        (
            k
            for k in range(1, len(toks) - 1)
            if (
                (
                    toks[k].text.lower() in _TRANSLATED
                    and toks[k + 1].text.lower() in _TRANSLATED_BY
                    and toks[k].text[:1].isupper()
                    and toks[k - 1].text == "."
                )
                or _translation_opening(toks, k)
            )
            and labels[k] in ("title", "O", "editor", "container-title")
        ),
        -1,
    )
    if m < 0:
        return
    if labels[m] == "container-title":
        # "Crossing Borders. Translated and edited by Ann Wright.": the sentence's first
        # words read as a container of their own
        e = m
        while e < len(toks) and labels[e] == "container-title":
            e += 1
        if all(t.text.lower() in _TRANSLATED or t.text in ",." for t in toks[m:e]):
            _relabel(labels, m, e, "O")
        return
    if labels[m] == "editor":
        # "Andrade, Mário de. Macunaíma. Translated by E. A. Goodland.": the book and the
        # translator's sentence read as editors; the sentence before it is the title
        if m < 3 or labels[m - 2] != "editor":
            return
        if "title" in labels:
            _imprint_and_translator_read_as_editors(toks, labels, m)
            return
        s = m - 2
        while s > 0 and labels[s - 1] == "editor" and toks[s - 1].text != ".":
            s -= 1
        e = m
        while e < len(toks) and labels[e] == "editor":
            e += 1
        _relabel(labels, s, m - 1, "title")
        _relabel(labels, m - 1, e, "O")
        return
    a, b = _first_run(labels, "title")
    if a < m - 1 and b >= m:
        _relabel(labels, m - 1, b, "O")
        return
    if a < m - 1:
        return  # a title before the translator's sentence, apart from it
    # no title before the translator's sentence: the unlabelled one before it is the title
    sentence = _unlabelled_sentence_before(toks, labels, m)
    if sentence is None:
        return
    if a == m:
        _relabel(labels, a, b, "O")
    _relabel(labels, *sentence, "title")


def _imprint_and_translator_read_as_editors(toks: list[Tok], labels: list[str], m: int) -> None:
    """ "J. Ode (1981). Graphics. Walter de Gruyter, Berlin. Translated by W. Abe.": after the
    title, the imprint and the translator's sentence read as one run of editors; the imprint
    is the publisher (and a city after its last comma the place), the sentence no name."""
    s = m - 2
    while s > 0 and labels[s - 1] == "editor":
        s -= 1
    e = m
    while e < len(toks) and labels[e] == "editor":
        e += 1
    if "publisher" in labels or s >= m - 1 or _first_run(labels, "title")[1] > s:
        return
    comma = next((k for k in range(m - 2, s, -1) if toks[k].text == ","), -1)
    if comma > s and is_city(_words_of(toks, comma + 1, m - 1)):
        _relabel(labels, s, comma, "publisher")
        labels[comma] = "O"
        _relabel(labels, comma + 1, m - 1, "publisher-place")
    else:
        _relabel(labels, s, m - 1, "publisher")
    _relabel(labels, m - 1, e, "O")


# an editor's or translator's mark in brackets ("(ed.)", "(trans.)"): the cheap test before
# the rule that reads the names before it
_BRACKETED_ROLE = re.compile(
    r"\(\s*(?:" + "|".join(sorted(_EDITOR_MARK | _TRANSLATOR_MARKS)) + r")(?![^\W\d_])"
)


# words that name a book's parts or kind, which no name is made of ("Second Series")
_BOOK_WORDS = word_set(
    "series edition volume part book essays letters works writings papers poems studies "
    "collection selected collected complete second third new revised"
)


def _one_name(toks: list[Tok], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` read as one person's name written given name first:
    two to five capitalised words, initials and particles, ending on a written-out word
    ("Michael Holquist", "M. H. Abrams", "Y.-G. Le Dantec"; not "The Prelude")."""
    words = [t for t in toks[a:b] if t.kind == KIND_WORD]
    if not 2 <= len(words) <= 5 or words[0].text in _TITLE_ARTICLES:
        return False
    if any(t.kind != KIND_WORD and t.text not in (".", "-") for t in toks[a:b]):
        return False
    last = words[-1].text
    if len(last) < 2 or not (last[1:].islower() or last.isupper()):
        return False  # ("Pierre BIRNBAUM": a surname in capitals)
    if any(w.text.lower() in _BOOK_WORDS for w in words):
        return False
    return all(w.text[:1].isupper() or w.text.lower() in PARTICLES for w in words)


def _names_to(toks: list[Tok], a: int, b: int) -> bool:
    """Whether tokens ``a`` to ``b`` are one name or a list of names joined by commas and
    "and" ("Daphne Ellis", "Julia Barrow and Andrew Wareham")."""
    start = a
    for k in range(a, b + 1):
        if k == b or toks[k].text in (",", "and", "&", "et", "und"):
            if k > start and not _one_name(toks, start, k):
                return False
            start = k + 1
    return start > a


def _book_after_its_editors(toks: list[Tok], labels: list[str], p: int) -> None:
    """After the bracketed mark at ``p`` ("(dir.)"), the second title run that follows a
    comma, where no container is left, is the book ("Pierre BIRNBAUM (dir.), Les élites
    socialistes au pouvoir, Paris")."""
    if "container-title" in labels:
        return
    k = p + 2  # past "(" and the mark
    while k < len(toks) and labels[k] == "O" and toks[k].text in (")", ".", ",", ":"):
        k += 1
    if k >= len(toks) or labels[k] != "title" or "title" not in labels[:p]:
        return
    _relabel(labels, k, _run_end(labels, k), "container-title")


def _names_before_a_bracketed_role(toks: list[Tok], labels: list[str]) -> None:
    """ "Oeuvres complètes, Y.-G. Le Dantec (ed.)", "The Prelude, Jonathan Wordsworth, M.
    H. Abrams, and Stephen Gill (eds.)", "Encounters with Verdi, Richard Stokes (trans.)":
    the names after the title's last comma, before a bracketed editor's or translator's
    mark, are the editors (or the translators, no field of ours), not the title's end."""
    n = len(toks)
    for p in range(2, n - 2):
        if toks[p].text != "(" or labels[p - 1] not in ("title", "editor", "container-title"):
            continue
        mark = toks[p + 1].text.lower()
        if mark not in _EDITOR_MARK and mark not in _TRANSLATOR_MARKS:
            continue
        q = p + 2
        while q < n and toks[q].text in (".", ":"):
            q += 1
        if q < n and toks[q].kind == KIND_WORD and toks[q].text[:1].isupper():
            continue  # (the names follow the mark: "(eds Berg, L. & Chen, Y.)")
        role = "editor" if mark in _EDITOR_MARK else "O"
        if labels[p - 1] == "container-title":
            # "..., Daphne Ellis (trans.), Wagner, 24": names read as the journal or the
            # book, which follows them
            r = p
            while r > 0 and labels[r - 1] == "container-title":
                r -= 1
            if r == 0 or labels[r - 1] == "container-title" or not _names_to(toks, r, p):
                continue
            _relabel(labels, r, p, role)
            _book_after_its_editors(toks, labels, p)
            return
        r = p
        while r > 0 and labels[r - 1] in ("title", "editor"):
            r -= 1
        # the names from the end: each one after a comma or "and"; past the last one only
        # where the list joins its last name with "and"
        start = e = p
        joined = False
        while e > r:
            c = e - 1
            while c > r and toks[c].text not in (",", "and", "&"):
                c -= 1
            s = c + 1 if toks[c].text in (",", "and", "&") else c
            if not _one_name(toks, s, e):
                break
            start = s
            joined = joined or toks[c].text in ("and", "&")
            if c > r and toks[c].text in ("and", "&") and toks[c - 1].text == ",":
                c -= 1  # the serial comma: ", and"
            if not joined or s == r:
                break
            e = c
        if start == p:
            continue
        comma = start - 1
        if start > r and toks[comma].text != ",":
            continue
        title_left = any(
            t.kind == KIND_WORD and labels[m] == "title" for m, t in enumerate(toks[r:comma], r)
        )
        if start > r and not title_left:
            continue
        if start > r:
            labels[comma] = "O"
        _relabel(labels, start, p, role)


# The credits MLA prints after a film's title ("Dir. David Twohy. Perf. Charlie Sheen.")
_FILM_CREDITS = frozenset(("Dir", "Perf", "Prod", "Screenplay", "Writ", "Music", "Narr"))


def _film_credits(toks: list[Tok], labels: list[str]) -> None:
    """MLA's film: "The Arrival. Dir. David Twohy. Perf. Charlie Sheen. Artisan, Santa
    Monica, Calif., 1996.": the sentence before "Dir." is the title (no names print before
    it), the director after "Dir." is the author (the film's first creator, as Zotero
    reads it), the other credits name no field of ours, and the sentence after them is the
    studio (the publisher) and its place up to the year."""
    n = len(toks)
    d = next(
        (
            k
            for k in range(2, n - 2)
            if toks[k].text == "Dir" and toks[k - 1].text == "." and toks[k + 1].text in ".,"
        ),
        -1,
    )
    if d < 0 or not any(t.kind == KIND_WORD for t in toks[: d - 1]):
        return
    # the credits: sentences that open with a credit's word
    e = d
    while e < n and toks[e].text in _FILM_CREDITS:
        stop = next((m for m in range(e + 2, n) if toks[m].text == "."), n)
        if stop >= n - 1:
            return
        e = stop + 1
    year = next((m for m in range(e, n) if labels[m] == "issued"), -1)
    if year < 0:
        return
    comma = next((m for m in range(e, year) if toks[m].text == ","), year)
    if comma == e:
        return
    _relabel(labels, 0, d - 1, "title")
    _relabel(labels, d - 1, e, "O")
    stop = next(m for m in range(d + 2, e) if toks[m].text == ".")
    _relabel(labels, d + 2, stop, "author")  # the director, the film's first creator
    _relabel(labels, e, comma, "publisher")
    labels[comma] = "O"
    place_end = year
    while place_end > comma + 1 and toks[place_end - 1].kind == KIND_PUNCT:
        place_end -= 1
    if place_end > comma + 1:
        _relabel(labels, comma + 1, place_end, "publisher-place")
    _relabel(labels, place_end, year, "O")


# One-word sentences MLA and Chicago print after a book's or thesis's title: its kind
# ("Diss.", "Manuscript.") or its medium ("Print.", "Web.")
_KIND_SENTENCES = word_set(
    "diss dissertation thesis manuscript typescript video audio podcast broadcast dataset"
)
_MEDIUM_SENTENCES = word_set("print web film dvd cd microfilm")


def _kind_of_sentence(toks: list[Tok], w: int) -> str | None:
    """The label of a one-word sentence at token ``w`` that names a work's kind (the genre)
    or its medium (no field of ours: "O"); None for any other word."""
    if not toks[w].text[:1].isupper():
        return None
    word = toks[w].text.lower()
    if word in _KIND_SENTENCES:
        return "genre"
    return "O" if word in _MEDIUM_SENTENCES else None


def _kind_sentence_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Foundations of Meaning: Primary Metaphors and Primary Scenes. Diss. University of
    California", "“Utjulik 2001 Expedition Report. Manuscript.”", ACM's "Solder man. Video.
    In ...": a one-word sentence that names the work's kind or medium, read as the title's
    last, is the genre (the medium no field of ours); so is one right after the title's
    sentence read as the journal's or a note's first ("Interview with Bill Kinder. Video.
    Comput. Entertain. 3, 1")."""
    a, b = _first_run(labels, "title")
    e = b
    while e > a and toks[e - 1].text == ".":
        e -= 1
    w = e - 1
    if w - 2 >= a + 1 and toks[w - 1].text == ".":
        label = _kind_of_sentence(toks, w)
        if label is not None:
            _relabel(labels, w - 1, b, "O")
            labels[w] = label
            return
    # the sentence after the title's: "Title. Video. Journal" ("Title: date. Video. ...")
    k = b
    while k < len(toks) and labels[k] in ("O", "issued") and k < b + 8:
        k += 1
    if (
        a == b
        or k + 1 >= len(toks)
        or toks[k - 1].text != "."
        or toks[k + 1].text != "."
        or labels[k] not in ("container-title", "note")
    ):
        return
    label = _kind_of_sentence(toks, k)
    if label is not None:
        labels[k] = label
        labels[k + 1] = "O"


def _unlabelled_sentence_before(
    toks: list[Tok], labels: list[str], k: int
) -> tuple[int, int] | None:
    """The unlabelled sentence ending with the period right before token ``k`` ("Ode, K.
    Steppenwolf. Translated by"), where the names or the date come before it; else None."""
    if k < 2 or toks[k - 1].text != "." or labels[k - 1] != "O":
        return None
    e = k - 1
    s = e
    while s > 0 and labels[s - 1] == "O" and toks[s - 1].text != ".":
        s -= 1
    if not any(t.kind == KIND_WORD for t in toks[s:e]):
        return None
    if _previous_label(toks, labels, s) not in ("author", "issued"):
        return None
    return s, e


_BOOK_FIELDS = frozenset(("title", "container-title", "collection-title"))


def _volume_of_a_collection(toks: list[Tok], labels: list[str]) -> None:
    """Chicago's "Der Steppenwolf. Vol. 4 of Gesammelte Dichtungen. Berlin": the words after
    a volume's number and "of" name the collection the book is a volume of (its container),
    "of" not among them, where a title was read before them."""
    if "volume" not in labels:
        return
    # (from the token after the first volume's on: "of" follows a volume's number)
    for k in range(labels.index("volume") + 1, len(toks) - 1):
        if toks[k].text.lower() != "of" or labels[k - 1] != "volume":
            continue
        if toks[k - 1].kind != KIND_NUM and not _ROMAN.match(toks[k - 1].text):
            continue
        field = labels[k + 1] if labels[k] == "O" else labels[k]
        if field not in _BOOK_FIELDS:
            return
        e = k + 1
        while e < len(toks) and labels[e] in _BOOK_FIELDS and toks[e].text != ".":
            e += 1
        if any(labels[m] != "collection-title" for m in range(k + 1, e)):
            field = "title"  # (the run the tagger cut in two is one name)
        a, _ = _first_run(labels, "title")
        if field == "title" and a >= k - 1:
            # no title before the volume: the unlabelled sentence before it is the book's
            # title ("Der Steppenwolf. Vol. 4 of"), or the words after "of" are the book's
            v = k - 1
            while v > 0 and labels[v - 1] == "volume":
                v -= 1
            if v > 1 and toks[v - 1].text == "." and toks[v - 2].text.lower() in _VOLUME_WORDS:
                v -= 2
            sentence = _unlabelled_sentence_before(toks, labels, v)
            if sentence is None:
                return
            _relabel(labels, *sentence, "title")
        labels[k] = "O"
        _relabel(labels, k + 1, e, "container-title" if field == "title" else field)
        return


def _book_read_as_the_container_before_its_volume_of(toks: list[Tok], labels: list[str]) -> None:
    """BibTeX's plain, alpha and abbrv print a book in a series "M. Okafor. Lattice Methods in
    Geometry, volume 3 of Studies in Pure Mathematics. Northfield Press, 1991.": the book's
    title read as a container with no title, right after the names (and a year), no "In"
    before it and "volume N of" after it: it is the title. (A chapter prints "In" before its
    book: "In B. Editor, editor, Book, volume 3 of Series, pages 1-9.")"""
    if "title" in labels or "volume" not in labels:
        return
    c, d = _first_run(labels, "container-title")
    if c < 0 or labels.count("container-title") != d - c:
        return
    if _previous_label(toks, labels, c) not in ("author", "editor", "issued"):
        return
    if any(t.text in ("In", "in", "IN") for t in toks[:c]):
        return
    v = _past_punctuation(toks, labels, d)
    if v >= len(toks) or toks[v].text.lower() not in ("volume", "vol"):
        return
    w = v + 2 if toks[v + 1 : v + 2] and toks[v + 1].text == "." else v + 1  # ("vol. 3 of")
    if w + 1 >= len(toks) or labels[w] != "volume" or toks[w + 1].text.lower() != "of":
        return
    _relabel(labels, c, d, "title")


_LAST_NAME_MARKS = frozenset(("and", "&", "et", "und", "y", "e", "i"))


def _title_after_the_last_name_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "BEARD M., NORTH J. et PRICE S., Religions de Rome, Paris, 2006": no title read, and
    the name list goes on after the name its "and" ("et", "&") opens and a comma: the list
    had ended there, so the words after that comma are the title. The last name is one
    chunk up to its comma, or two where it is printed family name first ("and Abe, Rui,")."""
    if "title" in labels:
        return
    a, b = _first_run(labels, "author")
    if b - a < 6:
        return
    marks = [k for k in range(a + 1, b) if toks[k].text.lower() in _LAST_NAME_MARKS]
    if len(marks) != 1:
        return
    j = marks[0] + 1
    commas = [k for k in range(j, b) if toks[k].text == ","]
    if not commas:
        return
    c = commas[0]
    words = [t for t in toks[j:c] if t.kind == KIND_WORD]
    if len(words) == 1 and not _reads_as_initials(words[0]):
        if len(commas) < 2:
            return
        c = commas[1]  # "and Abe, Rui, Title": the family name and the given name
    chunk = [t for t in toks[c + 1 : b] if t.kind != KIND_PUNCT or t.text in ":-'\u2019"]
    words = [t for t in chunk if t.kind == KIND_WORD]
    if len(words) < 2 or len(words) != len(chunk) or not words[0].text[:1].isupper():
        return
    if any(_reads_as_initials(t) or t.text.lower() in _NAME_SUFFIXES for t in words):
        return  # initials, "Jr.", "eds.": still names
    labels[c] = "O"
    _relabel(labels, c + 1, b, "title")


_NAME_SUFFIXES = frozenset(("jr", "sr", "ii", "iii", "iv", "ed", "eds", "hrsg", "dir", "coord"))


def _reads_as_initials(t: Tok) -> bool:
    """Whether ``t`` reads as a name's initial or initials ("K", "LF")."""
    return len(t.text) == 1 or (t.text.isupper() and len(t.text) <= 3)


_TRANSACTIONS = frozenset(("trans", "transl"))
# A part's number in Roman numerals ("Operators. II."): up to 13, no lone "C", "L" or "D"
_PART_NUMBER = re.compile(r"(?:X?(?:I{1,3}|IV|VI{0,3}|IX)|X|XI{1,3})")


def _editor_read_into_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "In: Boethius: His Life, Thought and Influence. Ed. Margaret Gibson. Oxford", "The
    Internet Classics Archive" after "Nicomachean Ethics. Trans. W. D. Ross.": an editor's
    or translator's sentence read into the book's name is no part of it; the editor's names
    are the editors."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    for k in range(a + 2, b - 1):
        word = toks[k].text.lower()
        if toks[k - 1].text != "." or not toks[k].text[:1].isupper():
            continue
        if not (
            (word in _EDITOR_MARKS or (word in _TRANSLATED and word not in _TRANSACTIONS))
            and toks[k + 1].text.lower() in _TRANSLATED_BY
        ):
            continue  # ("Phil. Trans. Roy. Soc.": "Trans." a journal's word)
        e = k + 2
        names = [t for t in toks[e:b] if t.kind == KIND_WORD]
        if not names or not all(t.text[:1].isupper() or t.text in PARTICLES for t in names):
            return  # "Proc. Ed. Conf.": no names after the mark
        if any(is_serial_abbreviation(t.text) for t in names):
            return
        _relabel(labels, k - 1, b, "O")
        if word in _EDITOR_MARKS and "editor" not in labels:
            _relabel(labels, e, b, "editor")
        return


def _part_number_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "Fourier integral operators. II. Acta Mathematica, 128": a part's Roman number after
    the title's period, read into the journal's name or left out, is the title's."""
    a, b = _first_run(labels, "title")
    if a == b or b + 3 >= len(toks) or toks[b].text != "." or labels[b] != "O":
        return
    if not _PART_NUMBER.fullmatch(toks[b + 1].text):
        return
    if toks[b + 2].text != "." or labels[b + 1] not in ("O", "container-title"):
        return
    if _next_label(toks, labels, b + 2) != "container-title" and labels[b + 1] != "container-title":
        return
    _relabel(labels, b, b + 2, "title")
    if labels[b + 2] == "container-title":
        labels[b + 2] = "O"


def _bracketed_year_read_into_the_pages(toks: list[Tok], labels: list[str]) -> None:
    """ "Nature Materials, 6, 291 (2007).", "J. Stat. Mech. 2004, P06002 (2004).": a year
    in brackets that the pages' run took in is no part of the pages; it is the date where
    none was read ("075039 (22pp)", "121108 (R)" stay: GROBID's labels keep them the
    page's)."""
    if "page" not in labels:
        return
    for a, b in _runs_of(labels, "page"):
        for k in range(a, b - 1):
            if toks[k].text != "(" or not YEAR_RE.fullmatch(toks[k + 1].text):
                continue
            e = k + 2
            if e < len(toks) and toks[e].text == ")":
                e += 1
            _relabel(labels, k, e, "O")
            if "issued" not in labels:
                labels[k + 1] = "issued"
            _volume_before_the_bracketed_year(toks, labels)  # ("C 47 (1993) R2470")
            return


def _second_volume_after_the_volume(toks: list[Tok], labels: list[str]) -> None:
    """ "JHEP 1304, 123 (2013)", natbib's "Journal, 1(8):9, 2019.": no page, and a lone
    number read as a second volume after the volume and a comma, or after the volume, its
    bracketed issue and a colon, is the page (or article number)."""
    if "page" in labels:
        return
    runs = _first_two_runs(labels, "volume")
    if runs is None or _has_second_run(labels[runs[1][1] :], "volume"):
        return
    (a, b), (c, d) = runs
    if b - a != 1 or d - c != 1:
        return
    after_comma = c == b + 1 and toks[b].text == ","
    after_issue = (
        c == b + 4
        and toks[b].text == "("
        and labels[b + 1] == "issue"
        and toks[b + 2].text == ")"
        and toks[b + 3].text == ":"
    )
    if not (after_comma or after_issue):
        return
    if toks[a].kind == KIND_NUM and toks[c].kind == KIND_NUM:
        labels[c] = "page"


def _initials_opening_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "K. Ode, C. R. Phys. 12, 34 (2010)": a name list of initials before family names
    that ends on initials alone, right before the journal, ends before them: "C. R." opens
    the journal's name (Comptes rendus), as no name of that list is initials alone."""
    a, b = _first_run(labels, "author")
    if b - a < 6 or b >= len(toks) or _next_label(toks, labels, b) != "container-title":
        return
    commas = [k for k in range(a, b) if toks[k].text == ","]
    if not commas:
        return
    c = commas[-1]
    tail = toks[c + 1 : b]
    if not tail or not all(
        (t.kind == KIND_WORD and len(t.text) == 1 and t.text.isupper()) or t.text == "."
        for t in tail
    ):
        return
    # the name before: initials, then a family name ("K. Ode")
    if c < a + 3 or toks[c - 1].kind != KIND_WORD or len(toks[c - 1].text) < 2:
        return
    if toks[c - 2].text != "." or len(toks[c - 3].text) != 1:
        return
    labels[c] = "O"
    _relabel(labels, c + 1, b, "container-title")
    k = b
    while k < len(toks) and labels[k] == "O" and toks[k].kind == KIND_PUNCT:
        labels[k] = "container-title"  # (the period between them)
        k += 1


def _initials_first_name(toks: list[Tok], s: int, e: int) -> bool:
    """Whether ``toks[s:e]`` is one name written initials first ("K. Ode", "J.-P. de la
    Sato", "A. B. Abe-Ode")."""
    k = s
    while k + 1 < e and _is_initial(toks[k]) and toks[k + 1].text == ".":
        k += 2
        if k + 2 < e and toks[k].text == "-" and _is_initial(toks[k + 1]):
            k += 1
    if k == s or k >= e or e - k > 4:
        return False
    words = toks[k:e]
    return _capitalised_word(words[-1]) and all(
        t.text in PARTICLES or _capitalised_word(t) for t in words
    )


def _no_name_chunk(toks: list[Tok], s: int, e: int, last: bool) -> bool:
    """Whether the part ``toks[s:e]`` of a list of initials-first names is no name but the
    journal or the title read into it: one word ("Gravitation", "Lect"), a word in capitals,
    digits or a slash among its words ("AIP Conf", "Gauge/String Duality"), an abbreviated
    journal word ("Math.", "Eur"), or, ending the list, "J." or "Z." before an abbreviated
    journal's words ("J. Phys. G")."""
    words = [t for t in toks[s:e] if t.text != "."]
    if not words or any(t.text.lower() in _LIST_JOINS for t in words):
        return False
    if _initials_first_name(toks, s, e):
        # "J." and "Z." open journals' names (Journal, Zeitschrift)
        k = s + 2  # the word after the initial, then its period and what follows
        if not last or e - s != 3 or toks[s].text not in ("J", "Z") or k + 3 >= len(toks):
            return False
        if toks[k + 1].text != "." or not is_serial_abbreviation(toks[k].text):
            return False
        nxt = toks[k + 2]  # a number, a section's letter, or the next abbreviated word
        return nxt.kind == KIND_NUM or _is_initial(nxt) or toks[k + 3].text == "."
    if _is_initial(words[0]) or _GLUED_INITIAL.match(words[0].text):
        return False  # (a name: "andI .W .Ode", an initial lost its space)
    if len(words) == 1 or is_serial_abbreviation(words[0].text):
        return True
    return any(
        t.kind == KIND_NUM
        or "/" in t.text
        or (t.kind == KIND_WORD and len(t.text) > 1 and t.text.isupper())
        for t in toks[s:e]
    )


def _journal_or_title_read_into_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "M. Ode, W. Abe, J. Phys. G 31 (2005)", "J. Ode, Lect. Notes Phys. 629",
    "C. W. Ode, K. S. Abe, Gravitation, Freeman (1973)": after names written initials first,
    a part of the names' run after a comma that is no name (``_no_name_chunk``) is the
    journal (where the journal follows the run) or the title, and so is the run after it."""
    a, b = _first_run(labels, "author")
    if b - a < 5 or b >= len(toks) or not _is_initial(toks[a]):
        return
    cuts = [k for k in range(a, b) if toks[k].text in (",", ";", "and", "&")]
    if not cuts:
        return
    start = a
    for c in [*cuts, b]:
        if start == c and toks[c].text in ("and", "&") and toks[c - 1].text == ",":
            start = c + 1  # (", and")
            continue
        if start >= c:
            return
        if start > a and toks[start - 1].text == "," and _no_name_chunk(toks, start, c, c == b):
            break
        if not _initials_first_name(toks, start, c):
            return  # (a list with other names: "J. Ode, Wei Abe")
        start = c + 1
    else:
        return
    after = _next_label(toks, labels, b)
    new = "container-title" if after in ("container-title", "volume") else "title"
    if new == "title" and "title" in labels:
        return
    labels[start - 1] = "O"
    _relabel(labels, start, b, new)
    k = b
    while new == "container-title" and k < len(toks) and labels[k] == "O":
        if toks[k].kind != KIND_PUNCT or _next_label(toks, labels, k) != "container-title":
            break
        labels[k] = new  # (the journal's inner periods: "Phys. G")
        k += 1


def _publisher_sentence_ending_the_entry(toks: list[Tok], labels: list[str]) -> None:
    """Author-date "Volcker, Paul A and Toyoo Gyohten. 1992. Changing fortunes: The world’s
    money and the threat to American leadership. Crown.": the date after the names, no
    publisher or container, and the title's run ending the entry with a last sentence of
    one to three capitalised words: that sentence is the publisher."""
    if "publisher" in labels or "container-title" in labels or "issued" not in labels:
        return
    run = _only_run(labels, "title")
    if run is None or _first_run(labels, "issued")[0] > run[0]:
        return
    a, b = run
    if _past_punctuation(toks, labels, b) < len(toks):
        return
    e = b
    while e > a and toks[e - 1].text == ".":
        e -= 1
    cut = next((d for d in range(e - 1, a + 2, -1) if toks[d].text == "."), -1)
    if cut < 0 or not _ends_sentence(toks, cut):
        return
    tail = toks[cut + 1 : e]
    if not 1 <= len(tail) <= 3 or any(t.kind != KIND_WORD for t in tail):
        return
    if not all(t.text[:1].isupper() and t.text.isalpha() for t in tail):
        return
    first = tail[0].text
    if (
        first in _TITLE_ARTICLES
        or first.lower() in _BOOK_WORDS
        or first.lower() in ("a", "an", "part", "vol", "volume", "book", "chapter")
    ):
        return  # "... A Novel.", "... Part Two.": the title's own last sentence
    if len(tail) == 1 and is_city(first):
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, e, "publisher")
    _relabel(labels, e, b, "O")


def _date_read_into_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """The date run into the journal's name: "Man Ther. May 2005 10(2)", "New Yorker 15 Feb.
    1993: 48-51", "Journal of biomechanics. 2011 44(4) 644-9": a month, a day before a
    month, or a year (and the volume and issue after it) ending the journal's run are no
    part of its name."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    k = next(
        (
            m
            for m in range(a + 1, b)
            if (toks[m].text.lower() in ANY_MONTH and toks[m].text[:1].isupper())
            or YEAR_RE.fullmatch(toks[m].text)
            or (
                toks[m].kind == KIND_NUM
                and m + 1 < len(toks)
                and toks[m + 1].text.lower() in ANY_MONTH
                and toks[m + 1].text[:1].isupper()
            )
        ),
        -1,
    )
    if k < 0 or k - a < 1 or toks[k - 1].kind not in (KIND_WORD, KIND_PUNCT):
        return
    if toks[k].text.lower() in ANY_MONTH and toks[k - 1].text != ".":
        return  # ("Journal of May Studies"?): a month only after the name's full stop
    if YEAR_RE.fullmatch(toks[k].text) and (
        "issued" in labels or CONF_WORDS.search(_words_of(toks, a, k))
    ):
        # a year in a venue's name ("COSIT 2003", "since 1970") with the date read apart,
        # or a proceedings' ("Proc. ICML 2019, 101")
        return
    if not any(t.kind == KIND_WORD for t in toks[a:k]):
        return
    rest = toks[k:b]
    if any(t.kind == KIND_WORD and t.text.lower() not in ANY_MONTH for t in rest):
        return  # words after the date: more than the date
    for m in range(k, b):
        if YEAR_RE.fullmatch(toks[m].text) and "issued" not in labels:
            labels[m] = "issued"
        elif (
            toks[m].kind == KIND_NUM
            and labels[m] == "container-title"
            and m > k
            and (YEAR_RE.fullmatch(toks[m - 1].text))
            and "volume" not in labels
        ):
            labels[m] = "volume"
        elif (
            toks[m].kind == KIND_NUM
            and m >= 2
            and toks[m - 1].text == "("
            and labels[m - 2] == "volume"
            and "issue" not in labels
        ):
            labels[m] = "issue"
        else:
            labels[m] = "O"
    e = k
    while e > a and toks[e - 1].kind == KIND_PUNCT and toks[e - 1].text != ".":
        e -= 1
        labels[e] = "O"


def _journal_parted_by_a_comma(toks: list[Tok], labels: list[str]) -> None:
    """'"The Problem of Resilience." Sustainability: Science, Practice, Policy. 6(2)',
    '“How I think ...” Division of Literatures, Cultures and Languages Homepage.': the
    container's name cut at its comma, the words after it read as a second title run (the
    title read before the container): they are the container's."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b or t_b > a or b + 1 >= len(toks):
        return
    if toks[b].text != "," or labels[b] != "O" or labels[b + 1] != "title":
        return
    e = b + 1
    while e < len(toks) and labels[e] == "title":
        e += 1
    words = [t for t in toks[b + 1 : e] if t.kind == KIND_WORD]
    if not 1 <= len(words) <= 6 or not words[0].text[:1].isupper():
        return
    if any(_ends_sentence(toks, k) for k in range(b + 1, e - 1)):
        return
    _relabel(labels, b, e, "container-title")


def _title_first_read_as_the_names(toks: list[Tok], labels: list[str]) -> None:
    """APA with no author: "Good chemistry. (1996, September). Wake Forest University
    Magazine, 44(1), p. 8": the sentence that opens the entry before the bracketed date,
    read as the names though its words are a sentence's (a lower-case word that is no
    name's particle), is the title, where no title was read."""
    if "title" in labels or not labels or labels[0] != "author":
        return  # (no tokens at all: a label alone, "3.")
    b = 1
    while b < len(toks) and labels[b] == "author":
        b += 1
    k = b
    while k < len(toks) and toks[k].text == "." and labels[k] in ("O", "author"):
        k += 1
    if k + 1 >= len(toks) or toks[k].text != "(" or labels[k + 1] != "issued":
        return
    if not any(lab in ("container-title", "publisher") for lab in labels[k:]):
        return
    words = [t.text for t in toks[:b] if t.kind == KIND_WORD]
    lower = [
        w for w in words if w.islower() and w not in PARTICLES and w not in ("and", "et", "al")
    ]
    if not lower or len(words) < 2:
        return
    e = b
    while e > 0 and toks[e - 1].text == ".":
        e -= 1
    _relabel(labels, 0, e, "title")
    _relabel(labels, e, b, "O")


def _last_sentence_end(toks: list[Tok], a: int, b: int) -> int:
    """The last full stop that ends a sentence inside the run ``a`` to ``b`` (past its
    first two tokens, before its last), or -1: where the run's last sentence starts."""
    return next((d for d in range(b - 2, a + 1, -1) if _ends_sentence(toks, d)), -1)


def _book_sentence_before_the_bracketed_pages(toks: list[Tok], labels: list[str]) -> None:
    """APA's entry in an encyclopedia: "Falcon and Falconry. World book encyclopedia. (pp.
    150-155). Chicago: World Book.": with no container, the title's last sentence right
    before the bracketed pages is the book."""
    if "container-title" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    k = b
    while k < len(toks) and toks[k].text in (".", "(") and labels[k] == "O":
        k += 1
    if k >= len(toks) or toks[k].text.lower() not in ("pp", "p") or toks[k - 1].text != "(":
        return
    cut = _last_sentence_end(toks, a, b)
    if cut < 0:
        return
    tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
    if not 1 <= len(tail) <= 6 or not tail[0].text[:1].isupper():
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")
    if toks[b - 1].text == ".":
        labels[b - 1] = "O"


def _site_ending_the_title(toks: list[Tok], labels: list[str]) -> None:
    """APA's web page "Black activism, unchurched. The Atlantic. Retrieved from http://...":
    with no container, a short sentence in capitals that ends the title right before the
    access note or the link is the site's name (the container)."""
    if "container-title" in labels or "publisher" in labels:
        return
    run = _only_run(labels, "title")
    if run is None:
        return
    a, b = run
    k = _past_punctuation(toks, labels, b)
    if k >= len(toks):
        return
    if toks[k].kind != KIND_URL and toks[k].text.lower() not in _ACCESS_WORDS:
        return
    cut = _last_sentence_end(toks, a, b)
    if cut < 0:
        return
    tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
    if not 1 <= len(tail) <= 6 or not all(
        t.text[:1].isupper() or t.text in _SMALL_WORDS for t in tail
    ):
        return
    labels[cut] = "O"
    _relabel(labels, cut + 1, b, "container-title")


def _title_read_into_a_vancouver_journal(toks: list[Tok], labels: list[str]) -> None:
    """Vancouver's "Coeliac disease in a diabetic child Lancet 1969; 1:1215", "... skin
    cancer: p53, apoptosis, and tumor promotion J Invest Dermatol 1996; 1:136": a title
    printed with no stop before its journal, read into the journal's run (all of it, or the
    part after the title's colon): the sentence-case words before the journal's capitalised
    abbreviations are the title's."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    d = _past_punctuation(toks, labels, b)
    if d + 1 >= len(toks) or labels[d] != "issued" or toks[d + 1].text != ";":
        return
    c = b
    while c > a and toks[c - 1].kind == KIND_WORD and toks[c - 1].text[:1].isupper():
        word = toks[c - 1].text
        if not word.isalpha() or (len(word) > 6 and not is_serial_abbreviation(word) and c < b):
            break
        c -= 1
    if c == b or c - a < 2 or b - c > 5:
        return
    if not toks[c - 1].text.islower() or toks[c - 1].kind != KIND_WORD:
        return
    head = [t for t in toks[a:c] if t.kind == KIND_WORD]
    if not _sentence_case(head) and not all(t.text.islower() for t in head):
        return
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b:
        _relabel(labels, a, c, "title")
    elif t_b <= a and all(labels[k] in ("O", "title") for k in range(t_b, a)):
        _relabel(labels, t_b, c, "title")  # ("cancer: p53, apoptosis, and ...": one title)


def _volume_read_as_a_page_before_the_year(toks: list[Tok], labels: list[str]) -> None:
    """The AMS's "Math. Z. 278 (2014), 663-703": with no volume read, a lone number right
    after the journal and before the bracketed year, read as a page while the pages follow,
    is the volume."""
    runs = _first_two_runs(labels, "page")
    if runs is None:
        return
    (p, q), _ = runs
    if q - p != 1 or toks[p].kind != KIND_NUM or p < 2:
        return
    j = p - 1 if toks[p - 1].kind == KIND_PUNCT and labels[p - 1] == "O" else p
    if labels[j - 1] != "container-title":
        return
    if q + 2 >= len(toks) or toks[q].text != "(" or labels[q + 1] != "issued":
        return
    labels[p] = "volume"


def _locants_opening_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ "McSheehy P, Chambers T. 1,25-dihydroxyvitamin D3 stimulates ...", "2,4-Dinitrophenol
    ...": a chemical name's locants, numbers and commas written without a space, opening
    the title, are the title's, not a volume read before it."""
    a, _ = _first_run(labels, "title")
    k = a
    while (
        k >= 2
        and toks[k - 1].text == ","
        and toks[k - 2].kind == KIND_NUM
        and len(toks[k - 2].text) <= 2
        and toks[k - 2].end == toks[k - 1].start
        and toks[k - 1].end == toks[k].start
        and labels[k - 1] != "title"
    ):
        k -= 2
    if k == a or toks[a].kind != KIND_NUM or a + 1 >= len(toks) or toks[a + 1].text != "-":
        return
    if toks[a].end != toks[a + 1].start:
        return
    _relabel(labels, k, a, "title")


def _title_sentence_read_into_the_journal(toks: list[Tok], labels: list[str]) -> None:
    """ "A population based survey of ... embolism. The Worcester DVT Study. Arch Intern Med
    1991; 151: 933", "... in Weyl metals. Phys. Rev. Lett. 113": the title's last sentence,
    after its first one's full stop, read into the journal's run (its "in" left between
    them: "... adverse events in | Utah and Colorado. Med Care 2000;"): the sentence is the
    title's, the words after its full stop the journal."""
    run = _only_run(labels, "container-title")
    if run is None:
        return
    a, b = run
    t_a, t_b = _first_run(labels, "title")
    if (
        t_a == t_b
        or t_b > a
        or any(
            labels[k] != "O" or (toks[k].kind != KIND_PUNCT and toks[k].text != "in")
            for k in range(t_b, a)
        )
    ):
        return  # (a lower-case "in" between them: "... negligent care in | Utah. Med Care")
    if _next_label(toks, labels, b) not in ("issued", "volume", "issue", "page"):
        return
    # the first full stop of the run, after two words or more and no abbreviation's period
    cut = next((k for k in range(a, b) if toks[k].text == "."), b)
    if cut >= b - 1 or not _ends_sentence(toks, cut) or not toks[cut + 1].text[:1].isupper():
        return
    if sum(1 for t in toks[a:cut] if t.kind == KIND_WORD) < 2:
        return  # "Class. Quantum Grav.", "Invent. Math.": the journal's abbreviations
    last = toks[cut - 1].text
    if is_serial_abbreviation(last):
        return
    dotted = any(
        toks[k].text == "." and is_serial_abbreviation(toks[k - 1].text)
        for k in range(cut + 2, b + 1)
        if k < len(toks)
    )  # (an abbreviation's period: not "Lipids. Archaea.", the one-word journal's end)
    if dotted and last[:1].isupper() and len(last) <= 8:
        return  # "Energy Environ. Sci.": an abbreviation the list leaves out, as a word too
    tail = [t for t in toks[cut + 1 : b] if t.kind == KIND_WORD]
    if not 1 <= len(tail) <= 8 or not tail[0].text[:1].isupper():
        return
    if any(not t.text[:1].isupper() and t.text.lower() not in _SMALL_WORDS for t in tail):
        return  # a sentence of the title, not a journal's name
    if _names_venue(_words_of(toks, a, cut)):
        return  # "Journal of Physics. Conference Series": the journal's own parts
    _relabel(labels, t_b, cut, "title")
    labels[cut] = "O"


# first words of a note that is no subtitle
_NOTE_OPENERS = _ACCESS_WORDS | word_set(
    "phd ph doctoral master masters unpublished technical working thesis dissertation "
    "report paper abstract poster preprint in"
)


def _subtitle_read_as_the_container(toks: list[Tok], labels: list[str]) -> None:
    """ "The Variation in Conversation Project: Creation of the Buckeye Corpus of
    Conversational Speech.": the words after the title's colon, read as the container where
    nothing but the date, a link or an identifier follows them (no numbers, no imprint), are
    the title's subtitle."""
    t_a, t_b = _first_run(labels, "title")
    if t_a == t_b or t_b + 1 >= len(toks) or toks[t_b].text != ":" or labels[t_b] != "O":
        return
    label = labels[t_b + 1]
    if label not in ("container-title", "note"):
        return
    run = _only_run(labels, label)
    if run is None:
        return
    a, b = run
    after: tuple[str, ...] = ("O", "issued", "URL", "DOI", "note")
    if label == "note":  # ("Mental health: A report focusing on depression, 1998. Canberra")
        after = ("O", "issued", "URL", "DOI", "publisher", "publisher-place")
    if any(lab not in after for lab in labels[b:]):
        return
    if label == "note" and (b - a < 3 or toks[a].text.lower() in _NOTE_OPENERS):
        return  # "Title: Retrieved from", "Title: Unpublished doctoral dissertation"
    if label == "container-title" and _names_venue(_words_of(toks, a, b)):
        return  # "Title: Proceedings of ...": a venue after all
    _relabel(labels, t_b, b, "title")


_REVIEWING_FIELDS = frozenset(("publisher", "publisher-place", "container-title"))


def _review_of_a_book_after_the_title(toks: list[Tok], labels: list[str]) -> None:
    """MLA's review: "“Bad Company.” Review of Gain, by Richard Powers. New York Times Book
    Review, June 21, 1998, 11.": the sentence "Review of ..., by ..." names the book reviewed
    (no title, container or publisher of this entry), and the name after it, where read as
    the publisher or not at all, is the periodical's."""
    k = next(
        (
            m
            for m in range(1, len(toks) - 2)
            if toks[m].text == "Review"
            and toks[m + 1].text == "of"
            and toks[m - 1].text in (".", "\u201d", '"')
        ),
        -1,
    )
    if k < 0:
        return
    e = next((m for m in range(k + 2, len(toks) - 1) if _ends_sentence(toks, m)), -1)
    if e < 0 or not any(toks[m].text == "by" for m in range(k + 2, e)):
        return
    a, b = _first_run(labels, "title")
    if a < k < b:
        m = k
        while m > a and toks[m - 1].kind == KIND_PUNCT and toks[m - 1].text not in ".?!":
            m -= 1  # (the closing quotation mark stays out as it was printed)
        _relabel(labels, m, b, "O")
    _relabel(labels, k, e + 1, "O")
    f = e + 1
    g = f
    while g < len(toks) and labels[g] == labels[f] and labels[f] in _REVIEWING_FIELDS:
        g += 1
    if g > f and "container-title" not in labels[:f] + labels[g:]:
        _relabel(labels, f, g, "container-title")


# What marks names as editors (or a body's role) right after them
_EDITOR_MARKS = word_set(
    "ed eds edited editor editors hrsg hg hgg dir dirs coord coords éd éds cura"
)
# and those that mark editors only in brackets ("(Comp.)", "(Org.)"; "J. Comp. Phys.",
# "arXiv.org" are none)
_BRACKETED_EDITOR_MARKS = word_set("comp comps org orgs")


def _initials_first_name_end(toks: list[Tok], k: int) -> int:
    """Where the name written initials first from token ``k`` ends ("V. P. Gusynin"), or
    -1 where none is written there."""
    start = k
    while k + 1 < len(toks) and _reads_as_initials(toks[k]) and toks[k + 1].text == ".":
        k += 2
    while k > start and k + 1 < len(toks) and toks[k].text in PARTICLES:
        k += 1  # "M. von der Beeck"
    if k == start or k >= len(toks) or toks[k].kind != KIND_WORD:
        return -1
    word = toks[k].text
    if len(word) < 2 or not word[:1].isupper() or is_serial_abbreviation(word):
        return -1  # "J. Phys.": a journal's abbreviation, not a family name
    return k + 1


def _name_opening_the_entry_read_as_another_field(toks: list[Tok], labels: list[str]) -> None:
    """ "V. P. Gusynin Phys. Rev. D 52 4747 (1995)", "W. Press, “On Gravitational ...”",
    "Arnold, F. et al. Negative magnetoresistance ...": no author read, and the entry opens
    with one name ("V. P. Gusynin", "Arnold, F.", and "et al."), read as the editors, the
    publisher, the journal, the title or nothing, with no editor's mark after it: the
    name is the author."""
    if "author" in labels or len(toks) < 5:
        return
    k = 0
    while k < len(toks) and labels[k] == "label":
        k += 1
    a = k
    # initials first ("V. P. Gusynin", "A. Caldwell and K. V. Lotov"), or the family name
    # first ("Arnold, F.")
    if _reads_as_initials(toks[k]) and k + 1 < len(toks) and toks[k + 1].text == ".":
        while True:
            end = _initials_first_name_end(toks, k)
            if end < 0:
                return
            k = end
            j = k + 1 if k < len(toks) and toks[k].text == "," else k
            if j < len(toks) and toks[j].text.lower() in ("and", "&"):
                j += 1
            if j == k or _initials_first_name_end(toks, j) < 0:
                break
            k = j
    elif (
        _vancouver_name(toks, k) > 0
        and k + 3 < len(toks)
        and (
            toks[k + 2].text == "."
            or (toks[k + 2].kind == KIND_NUM and YEAR_RE.fullmatch(toks[k + 2].text))
            or (toks[k + 2].text == "et" and toks[k + 3].text.lower() == "al")
        )
        # not a journal's name: "European J. of Cancer", "Karnataka J. Agric. Sci."
        and not (toks[k + 2].text == "." and _journal_word_after(toks, k + 3))
    ):
        k += 2  # Vancouver's "Ode K. Graph ...", "Ode JR 2016 ...", "Ode J et al 2017"
    elif toks[k].kind == KIND_WORD and len(toks[k].text) > 1 and toks[k].text[:1].isupper():
        if k + 3 >= len(toks) or toks[k + 1].text != ",":
            return
        k += 2
        if not (_reads_as_initials(toks[k]) and toks[k + 1].text == "."):
            return
        while k + 1 < len(toks) and _reads_as_initials(toks[k]) and toks[k + 1].text == ".":
            k += 2
    else:
        return
    if k + 2 < len(toks) and toks[k].text == "et" and toks[k + 1].text in ("al", "al."):
        k += 2
        if k < len(toks) and toks[k].text == ".":
            k += 1
    if len({labels[m] for m in range(a, k)} - {"O"}) > 1:
        return  # the name's tokens in two fields: not one name read as one field
    e = k
    while e < len(toks) and labels[e] == labels[a] != "O":
        e += 1  # (past the rest of the run: "Ode, K., and J. Mensah, eds.")
    after = [t.text.lower().strip("().") for t in (*toks[k : k + 4], *toks[e : e + 4])]
    if any(w in _EDITOR_MARKS for w in after):
        return
    if any(
        toks[m].text.lower() in _BRACKETED_EDITOR_MARKS and toks[m - 1].text == "("
        for m in (*range(k, min(k + 4, len(toks))), *range(e, min(e + 4, len(toks))))
    ):
        return  # ("Iglesias, R. (Comp.)")
    if labels[a] not in ("editor", "publisher", "container-title", "title", "O"):
        return
    if k < len(toks) and toks[k].kind == KIND_WORD and _body_sentence(toks, a):
        return  # "U.S. National Library of Medicine.": a body's name, not a person's
    _relabel(labels, a, k, "author")


def _body_sentence(toks: list[Tok], a: int) -> bool:
    """Whether the sentence from ``a`` (to the first stop a space follows) names a body
    ("U.S. Board of Governors of ...")."""
    for d in range(a, min(len(toks), a + 16)):
        if _stop_ends_sentence(toks, d):
            return False
        if toks[d].text.lower() in _BODY_WORDS:
            return True
    return False


# What a sentence left unlabelled between the names and the title's stand-in can be
# followed by: the chapter's "In", the editors, or the journal
_AFTER_AN_UNREAD_TITLE = frozenset(("editor", "container-title"))


def _unlabelled_sentence_after_the_names(
    toks: list[Tok], labels: list[str], *, imprint: bool = False
) -> None:
    """ "PEREIRA, Luís. O território e a cidade. In: SANTOS, M. (org.). Geografia urbana.",
    "TAVARES, B. Ética e tecnologia. Revista Filosofia Hoje, v. 3, ... Disponível em: ...":
    the first sentence after the names left unlabelled, before "In:", the editors or the
    journal, is the title; a later title run is then the book after the editors, or the
    words of an access note before the URL ("Disponível em", "Available at")."""
    a, b = _first_run(labels, "author")
    if a == b or a > 1:
        return
    k = _past_punctuation(toks, labels, b)
    d = -1  # (the first labelled token or sentence's end: a loop, not next() over a generator)
    for m in range(k, len(toks)):
        if labels[m] != "O" or _stop_ends_sentence(toks, m):
            d = m
            break
    if d < 0 or labels[d] != "O" or not toks[k].text[:1].isupper():
        return
    words = [t.text for t in toks[k:d] if t.kind == KIND_WORD]
    initial = len(toks[k].text) == 1 and toks[k + 1].text == "."
    if len(words) < 2 or initial or not any(w.islower() for w in words):
        return  # (a title has a lower-case word: names in capitals or initials have none)
    if any(t.text in "()[]" or t.text == "al" for t in toks[k:d]):
        return  # ("Gorky, Maxim (Alexei Peshkov), et al., eds.": the names' own words)
    e = _past_punctuation(toks, labels, d)
    if e >= len(toks):
        return
    chapter = toks[e].text in ("In", "Em", "En", "Dans") and e + 1 < len(toks)
    book = imprint and labels[e] in ("publisher-place", "publisher", "edition")
    if not (chapter or book or labels[e] in _AFTER_AN_UNREAD_TITLE):
        return
    later = _runs_of(labels, "title")
    _relabel(labels, k, d, "title")
    for m, n in later:
        if m < d:
            continue
        j = m - 1
        while (
            j > 0
            and labels[j] == "O"
            and (toks[j].kind == KIND_PUNCT or toks[j].text.lower() in _EDITOR_MARK_WORDS)
        ):
            j -= 1  # (past "(org.).")
        after = _past_punctuation(toks, labels, n)
        if labels[j] == "editor" and "container-title" not in labels:
            _relabel(labels, m, n, "container-title")
        elif after < len(toks) and labels[after] == "URL":
            _relabel(labels, m, n, "O")


def _given_names_read_as_the_title(toks: list[Tok], labels: list[str]) -> None:
    """ABNT's "MACHADO, Ana Maria. Leitura e escola. 4. ed. São Paulo: Ática, 2009.": the
    given names after the family name in capitals and its comma, read as the title, before
    a sentence left unlabelled and the book's edition or imprint, are the name's; that
    sentence is the title."""
    a, b = _first_run(labels, "author")
    if a == b or b - a != 1 or not toks[a].text.isupper() or len(toks[a].text) < 3:
        return
    if b + 2 >= len(toks) or toks[b].text != "," or labels[b + 1] != "title":
        return
    t = b + 1
    e = t
    while e < len(toks) and labels[e] == "title":
        e += 1
    words = [x for x in toks[t:e] if x.kind == KIND_WORD]
    if not 1 <= len(words) <= 3 or not all(_capitalised_word(x) for x in words):
        return
    if e >= len(toks) - 2 or toks[e].text != "." or labels[e + 1] != "O":
        return
    before = list(labels)
    _relabel(labels, b, e, "author")
    _unlabelled_sentence_after_the_names(toks, labels, imprint=True)
    if "title" not in labels[e:]:
        labels[:] = before


def _stop_ends_sentence(toks: list[Tok], d: int) -> bool:
    """Whether token ``d`` is a stop that ends a sentence: a space follows it, and no
    initial stands before it ("U.S. Board", "J. Ode" go on)."""
    return (
        toks[d].text == "."
        and d + 1 < len(toks)
        and toks[d + 1].start > toks[d].end
        and not (d > 0 and _is_initial(toks[d - 1]))
    )


_SAME_AUTHOR_DASHES = frozenset(("-", "\u2013", "\u2014", "\u2015", "_"))


def _dashes_opening_the_names(toks: list[Tok], labels: list[str]) -> None:
    """ "--, K. B. Liu, and B. Kocher, 2000:": the dashes that repeat the names of the entry
    before, read as a name list of their own, leave the names printed after them as a second
    run the builder would not take: the dashes are no name."""
    runs = _first_two_runs(labels, "author")
    if runs is None:
        return
    (a, b), (c, _) = runs
    if not all(t.text in _SAME_AUTHOR_DASHES for t in toks[a:b]):
        return
    if all(labels[k] == "O" and toks[k].text in (",", ".", ";") for k in range(b, c)):
        _relabel(labels, a, b, "O")
