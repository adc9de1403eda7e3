"""Stage: the content-stream interpreter places the text it shows."""

from __future__ import annotations

import time
from typing import Any

import pytest

from refmanager.pdf.content import TextReader
from refmanager.pdf.fonts import Measure, measure_glyphs
from refmanager.pdf.layout import PageTimeout, PageTooBig, Run


class MonoFont:
    """Every code is its Latin-1 character, 500/1000 em wide."""

    name = "Mono-Bold"
    mapped = True
    sparse = False
    em = 1.0

    def decode(self, data: bytes) -> list[tuple[str, float, bool]]:
        return [(chr(b), 500.0, b == 32) for b in data]

    def measure(self, data: bytes) -> Measure:
        return measure_glyphs(self.decode(data))

    def queue(self, data: bytes) -> bool:
        return True

    def learn_queued(self) -> None:
        return None


class FakeStream(dict[str, Any]):
    def __init__(self, data: bytes, **entries: Any) -> None:
        super().__init__(entries)
        self.data = data

    def get_data(self) -> bytes:
        return self.data


FONT = MonoFont()
RESOURCES: dict[str, Any] = {"/Font": {"/F1": FONT}}


def load(raw: Any) -> MonoFont:
    return FONT


def read(content: bytes, resources: dict[str, Any] | None = None, **kw: Any) -> list[Run]:
    runs, _ = TextReader(load, **kw).read(content, resources or RESOURCES)
    return runs


def test_a_run_starts_at_its_position_and_ends_after_its_glyphs() -> None:
    (run,) = read(b"BT /F1 10 Tf 100 700 Td (abcd) Tj ET")
    assert run.text == "abcd"
    assert (run.x0, run.y, run.size) == (100, 700, 10)
    assert run.x1 == pytest.approx(100 + 4 * 5)  # four glyphs of half an em at 10 pt
    assert run.font == "Mono-Bold" and run.mapped


def test_matrices_combine_cm_and_tm_and_scale_the_size() -> None:
    (run,) = read(b"q 2 0 0 2 10 20 cm BT /F1 5 Tf 1 0 0 1 30 40 Tm (ab) Tj ET Q")
    assert (run.x0, run.y) == (10 + 2 * 30, 20 + 2 * 40)
    assert run.size == 10
    assert run.x1 == pytest.approx(run.x0 + 2 * (2 * 2.5))


def test_char_word_spacing_and_horizontal_scaling_move_the_pen() -> None:
    (run,) = read(b"BT /F1 10 Tf 2 Tc 3 Tw 50 Tz 0 0 Td (a b) Tj ET")
    # per glyph (5 + 2) * 0.5, plus 3 * 0.5 after the space; the run ends after "b"'s glyph
    assert run.x1 == pytest.approx(3 * 3.5 + 1.5 - 1.0)


def test_tj_offsets_become_word_and_wide_spaces() -> None:
    (run,) = read(b"BT /F1 10 Tf 0 0 Td [(a) -50 (b) -200 (c) -900 (d)] TJ ET")
    assert run.text == "ab c\u2003d"
    # the offsets move the pen: 4 glyphs of 5 pt, then 0.5 + 2 + 9 pt back-moves
    assert run.x1 == pytest.approx(20 + 0.5 + 2 + 9)


def test_positioning_and_font_changes_start_new_runs() -> None:
    runs = read(b"BT /F1 10 Tf 12 TL 0 100 Td (one) Tj T* (two) Tj /F1 8 Tf (x) Tj ET")
    assert [(r.text, r.y) for r in runs] == [("one", 100), ("two", 88), ("x", 88)]
    assert runs[2].x0 == pytest.approx(runs[1].x1)  # the pen went on where "two" ended


def test_quote_operators_move_to_the_next_line() -> None:
    runs = read(b"BT /F1 10 Tf 14 TL 0 100 Td (a) Tj (b) ' 1 2 (c) \" ET")
    assert [(r.text, r.y) for r in runs] == [("a", 100), ("b", 86), ("c", 72)]


def test_q_and_Q_restore_the_transformation() -> None:
    runs = read(b"q 1 0 0 1 100 0 cm BT /F1 10 Tf 0 0 Td (a) Tj ET Q BT /F1 10 Tf 0 0 Td (b) Tj ET")
    assert [(r.text, r.x0) for r in runs] == [("a", 100), ("b", 0)]


def test_rotated_text_is_set_aside() -> None:
    runs, side = TextReader(load).read(
        b"BT /F1 10 Tf 0 1 -1 0 20 300 Tm (arXiv:2101.00001) Tj ET", RESOURCES
    )
    assert runs == [] and side == "arXiv:2101.00001"


def test_strings_escapes_nesting_and_hex() -> None:
    runs = read(
        b"BT /F1 10 Tf 0 0 Td (a\\(b\\)c \\101\\\nd) Tj 0 -20 Td (x(y(z)w)v) Tj "
        b"0 -20 Td <41 42 4> Tj ET"
    )
    assert [r.text for r in runs] == ["a(b)c Ad", "x(y(z)w)v", "AB@"]


def test_inline_images_and_other_operators_are_skipped() -> None:
    content = (
        b"0 0 m 10 10 l S 1 0 0 RG BI /W 2 /H 2 /BPC 8 /CS /G ID \x00(\xff) Tj ]\n EI "
        b"/P <</MCID 3>> BDC BT /F1 10 Tf 5 5 Td (ok) Tj ET EMC % a comment (not) Tj\n"
    )
    assert [r.text for r in read(content)] == ["ok"]


def test_forms_are_drawn_with_their_matrix_and_resources() -> None:
    form = FakeStream(
        b"BT /F2 10 Tf 0 0 Td (in form) Tj ET",
        **{
            "/Subtype": "/Form",
            "/Matrix": [1, 0, 0, 1, 50, 60],
            "/Resources": {"/Font": {"/F2": FONT}},
        },
    )
    resources = {"/Font": {"/F1": FONT}, "/XObject": {"/Fm1": form}}
    (run,) = read(b"q 1 0 0 1 100 100 cm /Fm1 Do Q", resources)
    assert (run.text, run.x0, run.y) == ("in form", 150, 160)


def test_a_form_that_draws_itself_is_drawn_once() -> None:
    form = FakeStream(b"/Fm1 Do BT /F1 10 Tf 0 0 Td (x) Tj ET", **{"/Subtype": "/Form"})
    resources = {"/Font": {"/F1": FONT}, "/XObject": {"/Fm1": form}}
    assert [r.text for r in read(b"/Fm1 Do", resources)] == ["x"]


def test_text_without_a_font_or_with_a_broken_one_is_skipped() -> None:
    def broken(raw: Any) -> MonoFont:
        raise ValueError("bad font")

    runs, _ = TextReader(broken).read(b"BT /F1 10 Tf (a) Tj ET BT (b) Tj ET", RESOURCES)
    assert runs == []


def test_budgets_bound_a_hostile_page() -> None:
    with pytest.raises(PageTooBig):
        read(b"BT /F1 10 Tf " + b"(abcdefghij) Tj " * 100, char_budget=500)
    with pytest.raises(PageTooBig):
        read(b"BT /F1 10 Tf (a) Tj ET", byte_budget=5)
    with pytest.raises(PageTimeout):
        read(b"q Q " * 5000, deadline=time.monotonic() - 1)


def test_deep_arrays_and_garbage_do_not_break_the_reader() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    runs = read(b"q " + deep + b" Q ) > } { BT /F1 10 Tf 0 0 Td (after) Tj ET (unterminated")
    assert [r.text for r in runs] == ["after"]


def test_tj_arrays_with_hex_strings_and_nesting_read_alike() -> None:
    # Matched whole (hex strings, escapes) or token by token (nested parentheses): the same.
    whole = read(b"BT /F1 10 Tf 0 0 Td [<4142> -200 (c\\)d) 50 <45>] TJ ET")
    assert [r.text for r in whole] == ["AB c)dE"]
    nested = read(b"BT /F1 10 Tf 0 0 Td [(a(b)c) -200 (d)] TJ ET")
    assert [r.text for r in nested] == ["a(b)c d"]
    assert whole[0].x1 == pytest.approx(6 * 5 + 2 - 0.5)


def test_drawing_operators_and_their_numbers_place_no_text() -> None:
    # Paths, colours and line styles are skipped a run at a time; each still ends the
    # operands before it, so a positioning operator after one has none.
    figure = b"0.5 w 1 0 0 RG 10 20 m 30 40 l 1 2 3 4 5 6 c h S 0 0 1 rg 0 0 5 5 re f* "
    runs = read(b"BT /F1 10 Tf " + figure + b"100 700 Td (a) Tj 100 700 5 5 m Td (b) Tj ET")
    assert [(r.text, r.x0, r.x1, r.y) for r in runs] == [("ab", 100, 110, 700)]
    # Numbers before an operator that is not skipped are its operands, however many.
    (run,) = read(b"BT /F1 10 Tf 9 9 9 9 1 0 0 1 30 40 Tm (c) Tj ET")
    assert (run.x0, run.y) == (30, 40)
    # Numbers inside an array stay in it: the Td after the open array gets none.
    (run,) = read(b"BT /F1 10 Tf [7 8 Td (d) Tj ET")
    assert (run.text, run.x0, run.y) == ("d", 0, 0)
    # A token that only starts like a number is an operator of its own.
    (run,) = read(b"BT /F1 10 Tf 50 60 1.2.3 Td (e) Tj ET")
    assert (run.x0, run.y) == (0, 0)


def test_a_page_of_drawing_alone_stops_at_the_deadline() -> None:
    with pytest.raises(PageTimeout):
        read(b"0 0 m 10 10 l S " * 5000, deadline=time.monotonic() - 1)


def test_a_long_run_of_digits_glued_to_a_letter_is_one_operator() -> None:
    # Read in one pass: matching it as a number gave back one digit at a time (quadratic
    # time, hours for a megabyte of digits in a hostile stream).
    digits = b"1" * 1_000_000
    runs = read(b"BT /F1 10 Tf 5 5 Td " + digits + b"x (a) Tj 9 " + digits + b"y Td (b) Tj ET")
    # The operators clear the operands before them: (a) stays at 5 5, and the Td gets none.
    assert [(r.text, r.x0, r.y) for r in runs] == [("ab", 5, 5)]


class LateFont(MonoFont):
    """A font that knows the codes of "a" to "m" at first, and the others once the codes
    queued are learnt; it counts the strings it measures."""

    def __init__(self) -> None:
        self.known = set(range(ord("a"), ord("m") + 1)) | {32}
        self.queued: set[int] = set()
        self.measured: list[bytes] = []

    def measure(self, data: bytes) -> Measure:
        self.measured.append(data)
        return super().measure(data)

    def queue(self, data: bytes) -> bool:
        missing = set(data) - self.known
        self.queued |= missing
        return not missing

    def learn_queued(self) -> None:
        self.known |= self.queued
        self.queued.clear()


def test_after_a_string_it_cannot_decode_yet_a_page_is_only_searched_for_more_codes() -> None:
    font = LateFont()
    content = b"BT /F1 10 Tf 0 0 Td (abc) Tj (xyz) Tj 0 -12 Td [(def) -300 (uvw)] TJ (ghi) Tj ET"
    runs, _ = TextReader(lambda _: font).read(content, {"/Font": {"/F1": font}})
    assert [r.text for r in runs] == ["abcxyz", "def uvwghi"]
    # "abc" is measured on the first reading; after "xyz" (codes queued) that reading only
    # looks for codes ("uvw" is queued with them), and the second measures the rest once.
    assert font.measured == [b"abc", b"xyz", b"def", b"uvw", b"ghi"]


def test_the_fonts_a_page_sets_are_loaded_together_before_it_is_read() -> None:
    one, two = MonoFont(), MonoFont()
    resources = {"/Font": {"/F1": one, "/F2": two, "/F3": one}}
    batches: list[list[Any]] = []
    alone: list[Any] = []

    def load_fonts(raws: list[Any]) -> list[Any]:
        batches.append(raws)
        return raws

    def load_font(raw: Any) -> Any:
        alone.append(raw)
        return raw

    content = b"BT /F1 10 Tf (ab) Tj /F2 9 Tf (cd) Tj /F3 10 Tf (e) Tj /F9 8 Tf (f) Tj ET"
    fonts: dict[int, tuple[object, Any]] = {}
    reader = TextReader(load_font, load_fonts=load_fonts, fonts=fonts)
    runs, _ = reader.read(content, resources)
    # each font once (/F3 is /F1's), a name the resources lack none; none loaded again
    assert batches == [[one, two]] and not alone
    assert [r.text for r in runs] == ["ab", "cd", "e"]
    # a page that sets one font not loaded yet loads it where it is set
    three = MonoFont()
    TextReader(load_font, load_fonts=load_fonts, fonts=fonts).read(
        b"BT /F1 10 Tf (a) Tj /F4 10 Tf (b) Tj ET", {"/Font": {"/F1": one, "/F4": three}}
    )
    assert batches == [[one, two]] and alone == [three]


class LateWideFont(LateFont):
    """A :class:`LateFont` that is sparse (as a CJK font loaded knowing few of its codes);
    it logs what it measures and when it learns."""

    sparse = True

    def __init__(self) -> None:
        super().__init__()
        self.log: list[str] = []

    def measure(self, data: bytes) -> Measure:
        self.log.append(data.decode("latin-1"))
        return super().measure(data)

    def learn_queued(self) -> None:
        self.log.append("learn " + "".join(sorted(map(chr, self.queued))))
        super().learn_queued()


def test_a_page_setting_a_sparse_font_is_looked_over_for_its_codes_before_it_is_read() -> None:
    font = LateWideFont()
    content = b"BT /F1 10 Tf 0 0 Td (abc) Tj <78797A> Tj 0 -12 Td [(def) -300 (uvw)] TJ ET"
    runs, _ = TextReader(lambda _: font).read(content, {"/Font": {"/F1": font}})
    assert [r.text for r in runs] == ["abcxyz", "def uvw"]
    # The codes of the strings it shows are learnt at once, and the page is read once.
    assert font.log == ["learn uvwxyz", "abc", "xyz", "def", "uvw"]
    # Another font's page is read first (codes it does not know are rare).
    simple = LateWideFont()
    simple.sparse = False
    TextReader(lambda _: simple).read(content, {"/Font": {"/F1": simple}})
    assert simple.log == ["abc", "learn uvwxyz", "xyz", "def", "uvw"]


def test_a_string_the_look_over_gives_to_another_font_is_still_read_in_its_own() -> None:
    """The look-over takes a string for the font set last; after Q gives back the font
    set before, the string is that font's: its codes are learnt when the page is read."""
    wide, other = LateWideFont(), LateWideFont()
    fonts = {"/F1": wide, "/F2": other}
    content = b"BT /F1 10 Tf 0 0 Td (ab) Tj q /F2 10 Tf (cd) Tj Q (xy) Tj ET"
    runs, _ = TextReader(lambda raw: raw).read(content, {"/Font": fonts})
    assert [r.text for r in runs] == ["ab", "cd", "xy"]
    assert other.log[0] == "learn xy"  # (taken for /F2's at first)
    assert wide.log == ["ab", "learn xy", "xy"]


def test_the_look_over_of_a_page_stops_at_the_deadline() -> None:
    font = LateWideFont()
    content = b"BT /F1 10 Tf " + b"(xyz) Tj " * 3000 + b"ET"
    reader = TextReader(lambda _: font, deadline=time.monotonic() - 1)
    with pytest.raises(PageTimeout):
        reader.read(content, {"/Font": {"/F1": font}})
    assert font.log == []  # stopped while looking the page over: nothing learnt or read
