"""Lists set flush (no labels, no indents, no space between entries): the start model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refmanager.pdf import flushlist
from refmanager.pdf.layout import Line
from refmanager.pdf.segment import rule_starts, segment

# An author-year list as a journal sets it flush in a narrow column: every line starts at
# the left edge and each entry's last line ends with a closing bracket or a database's
# name, not with a full stop (invented references).
_ENTRIES = [
    ["Albers HT, Kowal PD, Ross JN (2012) The regulation of social memory in the",
     "behaving mouse. Horm Behav 61:283-292. CrossRef Medline"],
    ["Barkley MS, Goldman BD, Fenner KL, Ortiz RA, Palmer CD, Quist E,",
     "Sato T (1977) The effects of early housing on intermale aggression in the",
     "mouse. Horm Behav 9:32-48. CrossRef Medline"],
    ["Beeman EA (1947) The relation of the interval between castration and",
     "first encounter to the aggressive behaviour of mice. Anat Rec",
     "99:570. Medline"],
    ["Bishop MJ, Chevins PF (1987) Urine odours and marking patterns in",
     "territorial laboratory mice. Behav Processes 15:233-248. CrossRef"],
    ["Keller JA, Moreau LT (2009) Characterization of a receptor antagonist in",
     "rodent models of stress. Eur J Pharmacol 615:1-9. CrossRef Medline"],
    ["Lukas M, Wohl M (2015) Endogenous signals and the emission of calls",
     "during social play in juvenile rats. Psychoneuroendocrinology 56:",
     "35-44. CrossRef Medline"],
]  # fmt: skip


def _lines(rows: list[str]) -> list[Line]:
    # One column 300 pt wide, 11 pt apart; a line fills it when it has about 62 characters.
    return [
        Line(1, text, 72.0, min(72.0 + 4.8 * len(text), 372.0), 700.0 - 11.0 * i, 9.0)
        for i, text in enumerate(rows)
    ]


def test_a_flush_list_is_cut_where_its_entries_start() -> None:
    rows = [text for entry in _ENTRIES for text in entry]
    entries = segment(_lines(rows))
    assert [e.raw.split()[0] for e in entries] == [
        "Albers", "Barkley", "Beeman", "Bishop", "Keller", "Lukas"
    ]  # fmt: skip


def test_without_the_model_the_rules_cut_a_flush_list() -> None:
    rows = [text for entry in _ENTRIES for text in entry]
    lines = _lines(rows)
    # The rules alone join entries whose last line ends without a full stop.
    assert len(rule_starts(lines, flush=None)) < len(_ENTRIES)
    assert len(rule_starts(lines)) == len(_ENTRIES)


def test_a_list_with_hanging_indents_is_the_rules_alone() -> None:
    rows: list[Line] = []
    y = 700.0
    for entry in _ENTRIES:
        for k, text in enumerate(entry):
            x0 = 72.0 if k == 0 else 84.0
            rows.append(Line(1, text, x0, x0 + 4.8 * len(text), y, 9.0))
            y -= 11.0
    assert rule_starts(rows) == rule_starts(rows, flush=None)
    assert len(segment(rows)) == len(_ENTRIES)


def test_features_are_read_from_the_text_and_the_line_ends() -> None:
    lines = _lines(["Davies, P.C.W.: J. Phys. A 8, 609 (1975)", "—— . Another title (1976)"])
    feats = flushlist.featurize(lines, [True, False])
    assert "name.comma" in feats[0] and "rule.start" in feats[0]
    assert "dashes" in feats[1] and "-1:name.comma" in feats[1]


def test_openings_of_names_a_particle_a_colon_and_capitals() -> None:
    rows = ["van Es D, van der Berg T. 2018. A title of the work", "Kolm RH: Another title",
            "T. KAMETANI et K. OGAWA. J. Chem. Soc. 2208", "Biochem J 67:333-340."]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [False] * len(rows))
    assert "name.initials" in feats[0] and "name.initials" in feats[1]
    assert "initials.caps" in feats[2]
    assert "name.initials" not in feats[3]  # a journal and its volume, no name


def test_family_names_of_several_words_open_as_names() -> None:
    rows = ["De Vries GJ (2008) A title", "Hempel de Ibarra, N., Vorobyev, M. (2014). A",
            "Da Silva, R. 2001. A title", "Mol Cell Biol 12:333-340."]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [False] * len(rows))
    assert "name.initials" in feats[0]
    assert "name.comma" in feats[1] and "name.comma" in feats[2]
    assert "name.initials" not in feats[3]  # a journal and its volume, no name


def test_an_identifier_closing_a_line_and_a_given_names_initial_are_read() -> None:
    rows = ["Kim S. 2014. A title. Trends Biochem Sci 41:1-9. PMID: 27025412",
            "Smith J. 2016. A title. eLife 5:e12345. DOI: 10.7554/eLife.12345",
            "Larson, Anish Mahendran, Andrew Lee, Jonathan K. Kummerfeld, Michael A.",
            "Laurenzano, Johann Hauswald, and Jason Mars. Outlier detection."]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [True, True, True, False])
    assert "ends.id" in feats[0] and "ends.id" in feats[1]
    assert "ends.initial" in feats[2] and "-1:ends.initial" in feats[3]
    assert "ends.id" not in feats[2] and "ends.initial" not in feats[3]


def test_a_year_after_names_alone_is_read() -> None:
    rows = ["Price CJ, Li K. 2012. A review of the first years of studies",
            "van Es D, van der Zwaag T, Knapen T. 2018. Maps of visual space",
            "Wilson, A. J., and M. Lynch (2008) Why a ratio is not equal",
            "In Proceedings of the Annual Meeting 2011, pages 1-9.",
            "Genome Res 19: 1527-1541 (2009)."]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [False] * len(rows))
    assert ["names.year" in f for f in feats] == [True, True, True, False, False]


def test_names_written_without_a_space_or_before_a_colon_are_counted() -> None:
    lines = _lines(["Kolm,R.H., Danielson,U.H., Zhang,Y.S. and Lee,K. (1995) A", "Oort, J.H.: A"])
    feats = flushlist.featurize(lines, [True, True])
    assert "names=3" in feats[0] and "names=1" in feats[1]


def test_an_authors_dash_read_as_a_nine_opens_as_the_dash() -> None:
    rows = ["Stebbins, G. L. 1941. Apomixis in plants. Bot. Rev. 7: 507-542.",
            "9 1957. Self-fertilisation and variability. Am. Nat. 91: 337-354.",
            "9 , P. A. Opler & K. Bawa. 1976. Foraging of bees. J. Ecol. 64: 1-9.",
            "9 volumes in all, the last of them printed in 1980."]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [True, False, False, False])
    assert "dashes" in feats[1] and "dashes" in feats[2]
    assert "dashes" not in feats[3]


def test_how_the_line_before_ends_and_how_far_it_reaches_are_read_together() -> None:
    rows = ["Smith, J. 2001. A long title about the proceedings of the and", "Jones, K. 2002."]
    feats = flushlist.featurize(_lines(rows), [True, False])
    assert "ends.open" in feats[0] and "-1:ends.open" in feats[1]
    assert "prev=end=x|short=0" in feats[1]


def test_a_year_alone_on_its_line_is_no_label() -> None:
    # Springer's author-year style closes an entry with its year, often broken onto a
    # line of its own; that line ends the entry, it opens none.
    rows = ["Genzel, R., et al.: Strongly baryon-dominated disk galaxies at the peak",
            "of galaxy formation ten billion years ago. Nature 543, 397-401", "(2017)",
            "Gine, J.: Inertial mass from Unruh temperatures. Lett. A 31, 1650107", "2016.",
            "[12]", "(3)"]  # fmt: skip
    feats = flushlist.featurize(_lines(rows), [True, False, False, True, False, False, False])
    assert "year.alone" in feats[2] and "label.alone" not in feats[2]
    assert "year.alone" in feats[4] and "label.alone" not in feats[4]
    assert "-1:year.alone" in feats[3]
    assert "label.alone" in feats[5] and "label.alone" in feats[6]


def test_a_line_written_as_the_rules_starts_open_is_marked_so() -> None:
    # The rules start an entry after a short line ending with a full stop; the way most
    # of those entries open ("Family, I.:") marks every line written so, here the entries
    # after a line that ends with the year.
    rows = ["Bars, I., Terning, J.: Extra Dimensions in Space and Time, p. 27.",
            "Davies, P.C.W.: J. Phys. A 8, 609 (1975)", "Fulling, S.A.: Phys. Rev. D 7,",
            "2850 (1973)", "Hawking, S.: Nature 248, 30 (1974).", "Lelli, F.: One law.",
            "Milgrom, M.: A modification. Astrophys. J. 270, 365.", "Oort, J.H.: A force.",
            "Mod. Phys. Lett. A 31, 1650107 (2016)."]  # fmt: skip
    rules = [True, False, False, False, False, True, True, True, False]
    feats = flushlist.featurize(_lines(rows), rules)
    marked = ["open.as.rules" in f for f in feats]
    assert marked == [True, True, True, False, True, True, True, True, False]
    # No line ends with a full stop: the way most lines that open with a name open.
    rows = [text for entry in _ENTRIES for text in entry]
    feats = flushlist.featurize(_lines(rows), [k == 0 for k in range(len(rows))])
    starts = {0, 2, 5, 8, 10, 12}
    assert all("open.as.rules" in feats[k] for k in starts)


def test_the_usual_opening_is_read_from_a_first_readings_starts() -> None:
    # The rules start one entry (no line ends with a full stop); most lines that open
    # with a name are journals' continuation lines ("J. Chem. Phys."). A first reading's
    # starts tell how the entries open.
    rows = ["Smith, J.: Title one. J. Chem. Soc. 12,", "J. Chem. Phys. 3, 4 (1970)",
            "Jones, K.: Title two.", "J. Am. Chem. Soc. 5, 6 (1971)",
            "Brown, L.: Title three.", "J. Org. Chem. 7, 8 (1972)",
            "J. Phys. Chem. 9, 10 (1973)"]  # fmt: skip
    rules = [k == 0 for k in range(len(rows))]
    starts = [True, False, True, False, True, False, False]
    by_rules = flushlist.featurize(_lines(rows), rules)
    by_starts = flushlist.featurize(_lines(rows), rules, starts)
    assert ["open.as.rules" in f for f in by_rules] == [not s for s in starts]
    assert ["open.as.rules" in f for f in by_starts] == starts
    assert ["rule.start" in f for f in by_starts] == rules  # the rules' own mark stays


def test_the_model_reads_a_list_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[bool] | None] = []
    featurize = flushlist.featurize

    def spy(
        lines: list[Line], rules: list[bool], starts: list[bool] | None = None
    ) -> list[list[str]]:
        calls.append(None if starts is None else list(starts))
        return featurize(lines, rules, starts)

    monkeypatch.setattr(flushlist, "featurize", spy)
    rows = [text for entry in _ENTRIES for text in entry]
    labels = flushlist.tag(_lines(rows), [k == 0 for k in range(len(rows))])
    assert len(calls) == 2 and calls[0] is None
    first = calls[1]
    assert first is not None and sum(first) >= 3
    assert labels.count("start") == len(_ENTRIES)


def test_the_shipped_model_was_trained_with_the_trainers_settings() -> None:
    from tools import flushlist as trainer

    manifest = flushlist.MODEL_PATH.with_name(flushlist.MODEL_PATH.name + ".manifest.json")
    settings = json.loads(manifest.read_text(encoding="utf-8"))["settings"]
    assert (settings["c1"], settings["c2"]) == (trainer.C1, trainer.C2)
    assert settings["max_iterations"] == trainer.ITERATIONS


def test_the_shipped_model_has_its_manifest() -> None:
    manifest = flushlist.MODEL_PATH.with_name(flushlist.MODEL_PATH.name + ".manifest.json")
    data = json.loads(manifest.read_text(encoding="utf-8"))
    assert data["command"].startswith(".venv/bin/python -m tools.flushlist")
    assert data["model"] == "refmanager/pdf/data/flush.crfsuite"
    assert all(
        name.startswith("../shared/data/grobid/reference-segmenter/") for name in data["inputs"]
    )
    held_out = data["figures"]["segmenter_grobid_held_out"]
    assert held_out["rules/unlabelled"]["documents"] > 0


def test_no_model_file_keeps_to_the_rules(tmp_path: Path) -> None:
    lines = _lines([text for entry in _ENTRIES for text in entry])
    assert flushlist.tag(lines, [False] * len(lines), tmp_path / "missing.crfsuite") == []


def test_a_line_that_ends_with_in_goes_on_in_the_next() -> None:
    # A chapter's entry broken after "In", its editors opening the next line as authors
    # open an entry: the line after "In" goes on with the entry (R's reference manual).
    chapter = ["Ada Arden (2002) Dynamic generation of statistical reports. In",
               "B. Brandt and C. Clarke, editors, Proceedings in Made-up Statistics,",
               "pages 575-580. Pretend Verlag, Heidelberg."]  # fmt: skip
    rows = [text for entry in [*_ENTRIES[:3], chapter, *_ENTRIES[3:]] for text in entry]
    entries = segment(_lines(rows))
    assert [e.raw.split()[0] for e in entries] == [
        "Albers", "Barkley", "Beeman", "Ada", "Bishop", "Keller", "Lukas"
    ]  # fmt: skip
    alone = segment(_lines(chapter))
    assert [e.raw for e in alone] == [" ".join(chapter)]


def test_a_line_opening_as_the_entries_do_with_names_and_a_year_starts_one() -> None:
    # Entries that end without a full stop, on a full line ("... Brain Res"): where the
    # model doubts the next line, a line written as the list's entries open, its names
    # running into a year, starts an entry all the same (invented references).
    rows = ["Abbott LF, Reyes MK. 2011. Cortical maps of the hand in the adult human",
            "brain: a decade of surface-based analysis of the motor cortex. Brain Res",
            "Baird TR, Okafor N. 2014. Networks of the posterior insula and their role",
            "in interoceptive awareness across the lifespan. Neuron 4:1-9. Medline",
            "Castell WJ, Dunn P, Ebert K, Frey L, Gold M, Hahn R, Ito S, Jung T,",
            "Klein U. 2009. Functional topography of the human cerebellum revisited",
            "Dorsey AM, Lund PE. 2016. Visual field maps. J. Comp. Neurol. 12:",
            "van Dam K, Lim S. 2018. Visual maps of space in the human cerebellum. van",
            "Eck R. 2012. A survey of motor learning in patients with lesions. Brain"]  # fmt: skip
    lines = _lines(rows)
    rules = [k == 0 for k in range(len(rows))]
    feats = flushlist.featurize(
        lines, rules, [True, False, True, False, True, False, True, True, False]
    )
    doubted = ["start", "in", "in", "in", "start", "start", "in", "in", "in"]
    assert flushlist.list_cues(lines, feats, doubted) == [
        "start", "in", "start", "in",  # after a full line without a full stop
        "start", "in",  # an author list broken after a comma goes on
        "start",  # after "... 12:", the entry before closed by its numbers
        "start", "in",  # "van" at a line's end is the next name's particle
    ]  # fmt: skip


def test_a_line_after_one_that_leaves_its_entry_open_starts_none() -> None:
    rows = ["Margot, J. L., & Giorgini, J. D. 2009, in Dynamics of Small Bodies, ed.",
            "S. A. Kramer, P. K. Lund, & M. H. Ortiz, 183-188",
            "Coles, S., 2001: An Introduction to the Modelling of Extreme Values. Wiley,",
            "New York, 208 pp.",
            "Curran F. C., K. S. Heine, and S. L. Zell, 2002: Temperature in cities."]  # fmt: skip
    lines = _lines(rows)
    feats = flushlist.featurize(lines, [True, False, True, False, False])
    model = ["start", "start", "start", "start", "start"]
    # After "ed." and after "Wiley," the entry goes on; a book's count of pages closes it.
    assert flushlist.list_cues(lines, feats, model) == ["start", "in", "start", "in", "start"]


def test_across_a_page_the_models_start_stands_after_a_line_left_open() -> None:
    # The last line of an entry at a page's foot may be lost to the page's furniture
    # ("S. 70-73." read as a page number): the line before the turn ends with a comma,
    # and the next page's first line still starts an entry.
    rows = ["Ames, Lena (Feb. 1997): Made-up notes, in: Invented Letters 4 / 1997 (9. Jg.),",
            "Ames, Lena (May 1997): More notes, in: Invented Letters 1 / 1997."]  # fmt: skip
    lines = _lines(rows)
    turned = [lines[0], Line(2, rows[1], 72.0, 372.0, 760.0, 9.0)]
    feats = flushlist.featurize(turned, [True, True])
    assert flushlist.list_cues(turned, feats, ["start", "start"]) == ["start", "start"]
    feats = flushlist.featurize(lines, [True, True])
    assert flushlist.list_cues(lines, feats, ["start", "start"]) == ["start", "in"]


def test_a_body_as_the_author_starts_an_entry_and_a_title_after_the_year_does_not() -> None:
    rows = ["Ames LK, Berg T, Cole RJ. 2014.",
            "Remodeling of membranes in made-up cells. J Cell Sci 12:1-9. PMID: 1234567",
            "National Research Council. 2000. Addressing the needs of invented",
            "students. Washington, DC: Pretend Academies Press"]  # fmt: skip
    lines = _lines(rows)
    feats = flushlist.featurize(lines, [True, False, False, False], [True, False, True, False])
    model = ["start", "start", "in", "in"]
    assert flushlist.list_cues(lines, feats, model) == ["start", "in", "start", "in"]


def test_no_entry_starts_after_an_authors_dash_with_a_chapters_pages_or_a_link() -> None:
    rows = ["Ames, L. K. 1971. Made-up variation in plants. Invented Press, Oxford.",
            "--.",
            "1975. More made-up variation. Pretend J. Bot. 12: 1-9.",
            "Berg, T. 1990. Invented ecology of forest plants: management issues.",
            "Pp. 3-13 in K. S. Cole & M. Dunn (eds.), Made-up forest plants. Pretend",
            "Press, Paris.",
            "Cole, K. S. Made-up rumours in pretend networks. Invented Letters, 2020.",
            "URL https://example.org/made-up/rumours."]  # fmt: skip
    lines = _lines(rows)
    feats = flushlist.featurize(lines, [True, True, True, True, True, False, True, True])
    model = ["start", "start", "start", "start", "start", "in", "start", "start"]
    assert flushlist.list_cues(lines, feats, model) == [
        "start", "start", "in", "start", "in", "in", "start", "in"
    ]  # fmt: skip


def test_a_usual_opening_whose_names_run_into_a_colon_starts_an_entry() -> None:
    # Vancouver's entries with the year at their end: the names run into a colon.
    rows = ["Ames LK, Berg T, Cole RJ, et al: Made-up variation in invented genomes.",
            "Pretend J Genet 12: 1-9 (2009).",
            "Dunn PR, Ebert K: Invented arrays for made-up screening. Genome Lett 3:",
            "5-8 (2006).",
            "Frey M, Gold P, Hahn S, et al: Made-up deletions. Invented Genet 4: 1-9."]  # fmt: skip
    lines = _lines(rows)
    feats = flushlist.featurize(lines, [True, False, True, False, False])
    model = ["start", "in", "start", "in", "in"]
    assert flushlist.list_cues(lines, feats, model) == ["start", "in", "start", "in", "start"]


def test_a_persons_name_written_otherwise_runs_into_a_year_after_a_full_stop() -> None:
    # The list's entries open "Coles, S., 2001:"; one opens "Curran F. C., ..." after a
    # book's count of pages.
    rows = ["Ames, S., 2001: An Introduction to Made-up Values. Pretend Press,",
            "Oxford, 208 pp.",
            "Curran F. C., K. S. Heine, and S. L. Zell, 2002: Invented temperatures",
            "in made-up cities. Pretend J. Clim., 12, 1-9."]  # fmt: skip
    lines = _lines(rows)
    feats = flushlist.featurize(lines, [True, False, False, False])
    model = ["start", "in", "in", "in"]
    assert flushlist.list_cues(lines, feats, model) == ["start", "in", "start", "in"]
