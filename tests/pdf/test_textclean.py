"""Stage: text clean-up and joining an entry's lines."""

from __future__ import annotations

import pytest

from refmanager.pdf.textclean import (
    breaks_a_word,
    join_break,
    join_lines,
    known_words,
    normalize,
    vocabulary,
)


def test_normalize_ligatures_and_spaces_but_keeps_cjk_dashes_accents() -> None:
    assert normalize("e\ufb03cient\u00a0training") == "efficient training"
    assert normalize("《软件学报》2026年第1期") == "《软件学报》2026年第1期"
    assert normalize("51–58 — Köpf, Ré") == "51–58 — Köpf, Ré"
    assert normalize("Erd\u02ddos") == "Erdős"


def test_a_cedilla_or_ogonek_after_the_letter_that_takes_it_goes_on_it() -> None:
    # LaTeX's \c and \k set after a capital, or a letter of a font other than cmr.
    assert normalize("Franc\u00b8ois Gonc\u00b8alves FRANC\u00b8OIS") == (
        "Fran\u00e7ois Gon\u00e7alves FRAN\u00c7OIS"
    )
    assert normalize("customizac\u00b8\u00f5es, S\u00b8tefan, L\u0105ka e\u02db") == (
        "customiza\u00e7\u00f5es, \u015etefan, L\u0105ka \u0119"
    )
    # Before the letter (TeX's \accent) it still goes on the letter after it.
    assert normalize("Fran\u00b8cois pocz\u02dbatek") == "Fran\u00e7ois pocz\u0105tek"


def test_real_hyphens_are_kept() -> None:
    assert join_lines(["PyTorch: An imperative style, high-", "performance deep"])[0] == (
        "PyTorch: An imperative style, high-performance deep"
    )
    assert join_lines(["and Klaus-", "Robert Müller"])[0] == "and Klaus-Robert Müller"
    assert join_lines(["Technical Report 1999-", "66, Stanford"])[0] == (
        "Technical Report 1999-66, Stanford"
    )


def test_a_letter_or_an_acronym_before_a_line_end_hyphen_is_a_compound() -> None:
    # No typesetter breaks a word after its first letter (TeX and Word keep two at least),
    # and none breaks a word in capitals to go on in lower case: these hyphens are the
    # compounds' own, whatever the known words say.
    assert join_lines(["measurement of C-", "reactive protein"])[0] == (
        "measurement of C-reactive protein"
    )
    assert join_lines(["beyond k-", "limiting"])[0] == "beyond k-limiting"
    assert join_lines(["a similar DNA-", "binding motif"])[0] == "a similar DNA-binding motif"
    assert join_lines(["theory of NP-", "completeness"])[0] == "theory of NP-completeness"
    assert not breaks_a_word("E", "cadherin", None, frozenset({"ecadherin"}))
    # a word broken after two letters, or a capitalised word, is still joined
    assert join_lines(["deep co-", "nvolutional"])[0] == "deep convolutional"
    assert breaks_a_word("Al", "gorithm", None, frozenset({"algorithm"}))


def test_a_tilde_after_a_slash_is_a_urls_tilde() -> None:
    # LaTeX's \\~{} prints a spacing tilde: after a slash it is a home page's "~", not an
    # accent on the letter after it.
    assert normalize("http://qwone.com/\u02dcjason/20News") == "http://qwone.com/~jason/20News"
    assert normalize("Ma\u02dcnana") == "Ma\u00f1ana"  # elsewhere still an accent


def test_a_url_read_with_a_space_after_its_colon_still_joins_across_lines() -> None:
    # Text extraction often gives "http: //" (a kerned colon); the URL goes on all the same.
    assert join_lines(["URL http: //link.aps.org/doi/", "10.1103/PhysRevLett.69.2863"])[0] == (
        "URL http: //link.aps.org/doi/10.1103/PhysRevLett.69.2863"
    )


def test_an_address_that_opens_a_line_after_a_url_or_doi_is_a_second_one() -> None:
    # "URL" printed against a DOI's last digits, then the URL on the next line: two tokens.
    assert join_lines(["doi:10.1234/abc.5678.URL", "https://example.org/abc/5678"])[0] == (
        "doi:10.1234/abc.5678.URL https://example.org/abc/5678"
    )
    assert join_lines(["https://example.org/a/b.", "doi:10.1234/xyz"])[0] == (
        "https://example.org/a/b. doi:10.1234/xyz"
    )
    # After a slash or a query's "=" an address may hold another (an archive's, a redirect's).
    assert join_lines(["https://web.archive.org/web/2020/", "https://example.org/x"])[0] == (
        "https://web.archive.org/web/2020/https://example.org/x"
    )
    assert join_lines(["https://example.org/go?to=", "https://example.com/y"])[0] == (
        "https://example.org/go?to=https://example.com/y"
    )


def test_a_line_broken_after_a_slash_inside_a_word_goes_on_without_a_space() -> None:
    assert join_lines(["apoptosis induced by Fas/", "FasL signalling"])[0] == (
        "apoptosis induced by Fas/FasL signalling"
    )
    assert join_lines(["(1997) [hep-ph/", "9701234]."])[0] == "(1997) [hep-ph/9701234]."
    assert join_lines(["classics.example.ca/texts/", "volume_one/part_two.pdf"])[0] == (
        "classics.example.ca/texts/volume_one/part_two.pdf"
    )
    assert join_lines(["Amsterdam: North-Holland /", "Elsevier, 1990."])[0] == (
        "Amsterdam: North-Holland / Elsevier, 1990."
    )


def test_a_hyphen_before_a_compound_at_a_line_end_is_a_compound_hyphen() -> None:
    # TeX breaks a word holding a hyphen only at its hyphens: the line-end hyphen before a
    # compound is one of its own, after a word; a word's first part and the compound's
    # first part that make a word are a word broken.
    assert join_lines(["a face-", "to-face interview"])[0] == "a face-to-face interview"
    assert join_lines(["his mother-", "in-law"])[0] == "his mother-in-law"
    assert join_lines(["standards for ultrashort-", "laser-pulse measurement"])[0] == (
        "standards for ultrashort-laser-pulse measurement"
    )
    assert join_lines(["a strong-", "ly-coupled system"])[0] == "a strongly-coupled system"
    assert join_lines(["a qzx-", "ly-coupled system"])[0] == "a qzxly-coupled system"


def test_common_compound_parts_keep_a_line_end_hyphen() -> None:
    # Heads and tails that form compounds with words no list knows (measured by
    # benchmarks.line_hyphens on real strings held out by document).
    assert join_lines(["and IgA anti-", "endomysial antibodies"])[0] == (
        "and IgA anti-endomysial antibodies"
    )
    assert join_lines(["lipopolysaccharide-", "induced fever"])[0] == (
        "lipopolysaccharide-induced fever"
    )
    assert join_lines(["centrin-", "associated proteins"])[0] == "centrin-associated proteins"
    assert join_lines(["scalable on-", "demand streaming"])[0] == "scalable on-demand streaming"


def test_hyphenated_word_is_joined() -> None:
    assert join_lines(["deep convo-", "lutional networks"])[0] == "deep convolutional networks"


def test_vocabulary_decides_compounds() -> None:
    vocab = vocabulary(["we use theorem proving and more", "an interactive theorem prover"])
    assert join_break("interactive theorem-", "proving", vocab) == ""
    vocab2 = vocabulary(["the international conference on things"])
    assert join_break("Inter-", "national", vocab2) in ("-", "")
    assert join_break("inter-", "national", vocab2) == "-"


def test_urls_and_dois_join_without_space() -> None:
    assert join_lines(["2023. https://www.", "databricks.com/blog/mpt-7b"])[0] == (
        "2023. https://www.databricks.com/blog/mpt-7b"
    )
    assert (
        join_lines(["[doi: 10.14778/3415478.", "3415530]"])[0] == "[doi: 10.14778/3415478.3415530]"
    )
    assert join_lines(["76. [doi:", "10.1145/1498765.1498785]"])[0] == (
        "76. [doi: 10.1145/1498765.1498785]"
    )
    assert (
        join_lines(["DOI: 10.1/x.2021.0123.", "SIMA J J"])[0] == "DOI: 10.1/x.2021.0123. SIMA J J"
    )


def test_ranges_cjk_and_type_codes() -> None:
    assert join_lines(["IEEE, 2022. 392–", "397."])[0] == "IEEE, 2022. 392–397."
    assert (
        join_lines(["面向学术大数据的清洗与融合技", "术[C]//第 36 届"])[0]
        == "面向学术大数据的清洗与融合技术[C]//第 36 届"
    )
    assert (
        join_lines(["a theory of the learnable", "[J]. Comm"])[0]
        == "a theory of the learnable[J]. Comm"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "https://example.org/a",
        "see https://example.org/a/b",
        "Available at: doi: 10.1000/xyz",
        "Available at: doi:  10.1000/xyz",
        "A. Author. Title. doi:10.1000/",
        "x10.1234/abc",
        "Journal 12, 10.1234/abc",
        "arXiv preprint, arxiv.org/abs/1234.5678 and more",
        "www.example.org words after it",
        "a long entry " * 50 + "https://example.org/tail",
        "ends with\u00a0www.x",
    ],
)
def test_a_url_ending_the_text_is_found_in_its_last_words(text: str) -> None:
    from refmanager.pdf.textclean import _URL_TAIL, _last_words

    whole = _URL_TAIL.search(text)
    tail = _URL_TAIL.search(text, _last_words(text))
    assert (whole is None) == (tail is None)
    assert whole is None or tail is None or whole.start() == tail.start()


def test_known_words_tell_a_compound_from_a_word_broken_at_a_line_end() -> None:
    # a document too short to show either word whole
    assert join_lines(["The complexity of theorem-", "proving procedures"])[0] == (
        "The complexity of theorem-proving procedures"
    )
    assert join_lines(["A view of genome-", "wide transformation"])[0] == (
        "A view of genome-wide transformation"
    )
    # a word known whole is a word broken, even where its halves are words too
    assert join_lines(["Deep neural net-", "works for graphs"])[0] == (
        "Deep neural networks for graphs"
    )
    assert join_lines(["A fast algo-", "rithm"])[0] == "A fast algorithm"
    # a name printed in camel case, known whole, is one word
    assert join_lines(["for PyTorch, Tensor-", "Flow, and JAX"])[0] == (
        "for PyTorch, TensorFlow, and JAX"
    )
    # two letters after the break, as Word and some journals' typesetting break words
    assert join_lines(["Reducing the dimensionali-", "ty of data"])[0] == (
        "Reducing the dimensionality of data"
    )
    # two letters after the hyphen: TeX breaks no word there, a compound's end
    assert join_lines(["A five-year follow-", "up study"])[0] == "A five-year follow-up study"


def test_known_words_come_from_the_shipped_list() -> None:
    words = known_words()
    assert {"theorem", "proving", "network", "algorithm"} <= words
    assert "theoremproving" not in words
    assert breaks_a_word("algo", "rithm", None, frozenset())
    assert not breaks_a_word("theorem", "proving", None, frozenset({"theorem", "proving"}))


def test_normalize_drops_lone_surrogates() -> None:
    # Half of a UTF-16 pair from a broken ToUnicode map: no encoder writes it (the line
    # model's features, JSON and the library are UTF-8).
    text = normalize("Kurier \ud800Light 2004\udc00")
    assert text == "Kurier Light 2004"
    text.encode("utf-8")
    assert normalize("\U0001d400 \U00020000") == "A \U00020000"  # astral characters stay
