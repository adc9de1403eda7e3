"""Make resources/sample-paper.pdf: the short paper the empty library offers to open.

The project makes it itself, with no typesetting system: this script lays the text out in
the standard Times fonts (widths from Adobe's AFM metrics in refmanager/pdf/data/core14.json,
written by tools/core14_widths.py) and writes the PDF objects by hand. Page 1 has a title
block, an abstract and some body text; the numbered "References" section of real, correctly
cited works follows and runs onto page 2.

    .venv/bin/python tools/make_sample_pdf.py [OUT.pdf]
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "sample-paper.pdf"
CORE14_JSON = ROOT / "refmanager" / "pdf" / "data" / "core14.json"
CORE14: dict[str, dict[str, dict[str, float]]] = json.loads(CORE14_JSON.read_text("utf-8"))

TITLE = "Reading Reference Lists Offline: A Small Case Study"
AUTHORS = "Ada Example, Ben Sample and Chen Placeholder"
AFFILIATION = "refmanager project · sample document, 2026"
ABSTRACT = (
    "Scholarly PDFs end with a list of the works they cite, but the list is printed for "
    "people, not machines. This sample paper exists so that a new refmanager library has "
    "something to show: its reference list mixes journal articles, conference papers, "
    "preprints and software, as real bibliographies do."
)
BODY = [
    "1 Introduction",
    "Splitting a bibliography into entries and each entry into fields is a sequence "
    "labelling problem. Conditional random fields [2] remain a strong and fast choice for "
    "it, as GROBID [3], ParsCit [4] and CERMINE [5] show; neural models [11] reach similar "
    "accuracy at a higher cost. Large pre-trained models [1, 6] changed much of natural "
    "language processing, yet a reference string is short and regular enough that a "
    "small CRF with good features [10] is hard to beat offline.",
    "2 What this sample contains",
    "The references below are typeset in a numbered style with the authors' initials after "
    "their family names, the container after the title, and volume, issue and pages in the "
    "form 9(8): 1735–1780. Some carry a DOI, two are arXiv preprints [8, 12], one is a "
    "software package [10]. Training details such as optimisers [8] or architectures [7, 9] "
    "are cited the way papers usually cite them.",
    "3 Using it",
    "Select a row of the table to see where its entry is printed on the page; click an "
    "entry on the page to select its row. Edit a field, undo it with Ctrl+Z, and export "
    "the list to BibTeX from the File menu.",
]
REFERENCES = [
    "Vaswani A, Shazeer N, Parmar N, Uszkoreit J, Jones L, Gomez AN, Kaiser Ł, Polosukhin I. "
    "Attention is all you need. In: Advances in Neural Information Processing Systems 30. "
    "2017. 5998–6008.",
    "Lafferty J, McCallum A, Pereira F. Conditional random fields: Probabilistic models for "
    "segmenting and labeling sequence data. In: Proc. of the 18th Int’l Conf. on Machine "
    "Learning. 2001. 282–289.",
    "Lopez P. GROBID: Combining automatic bibliographic data recognition and term extraction "
    "for scholarship publications. In: Research and Advanced Technology for Digital "
    "Libraries. Springer, 2009. 473–474. [doi: 10.1007/978-3-642-04346-8_62]",
    "Councill IG, Giles CL, Kan MY. ParsCit: An open-source CRF reference string parsing "
    "package. In: Proc. of the 6th Int’l Conf. on Language Resources and Evaluation. 2008.",
    "Tkaczyk D, Szostek P, Fedoryszak M, Dendek PJ, Bolikowski Ł. CERMINE: Automatic "
    "extraction of structured metadata from scientific literature. Int’l Journal on Document "
    "Analysis and Recognition, 2015, 18(4): 317–335. [doi: 10.1007/s10032-015-0249-8]",
    "Devlin J, Chang MW, Lee K, Toutanova K. BERT: Pre-training of deep bidirectional "
    "transformers for language understanding. In: Proc. of the 2019 Conf. of the North "
    "American Chapter of the ACL. 2019. 4171–4186. [doi: 10.18653/v1/N19-1423]",
    "He K, Zhang X, Ren S, Sun J. Deep residual learning for image recognition. In: Proc. of "
    "the IEEE Conf. on Computer Vision and Pattern Recognition. 2016. 770–778. "
    "[doi: 10.1109/CVPR.2016.90]",
    "Kingma DP, Ba J. Adam: A method for stochastic optimization. arXiv:1412.6980, 2014.",
    "Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation, 1997, 9(8): "
    "1735–1780. [doi: 10.1162/neco.1997.9.8.1735]",
    "Okazaki N. CRFsuite: A fast implementation of conditional random fields. 2007. "
    "http://www.chokkan.org/software/crfsuite/",
    "Prasad A, Kaur M, Kan MY. Neural ParsCit: A deep learning-based reference string "
    "parser. Int’l Journal on Digital Libraries, 2018, 19(4): 323–337. "
    "[doi: 10.1007/s00799-018-0242-1]",
    "Hinton G, Vinyals O, Dean J. Distilling the knowledge in a neural network. "
    "arXiv:1503.02531, 2015.",
]

PAGE_W, PAGE_H = 595.28, 841.89  # A4 in points
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 72.0, 72.0, 72.0
FONTS = {"F1": "Times-Roman", "F2": "Times-Bold"}
# WinAnsi plus the one glyph these references need that WinAnsi lacks.
EXTRA_CODES = {"Ł": 0x8F}


def encode(text: str) -> bytes:
    out = bytearray()
    for ch in text:
        if ch in EXTRA_CODES:
            out.append(EXTRA_CODES[ch])
        else:
            out += ch.encode("cp1252")
    return bytes(out).replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def width(text: str, font: str, size: float) -> float:
    widths: dict[str, float] = CORE14[FONTS[font]]["widths"]
    default = widths.get("default", 500)
    return sum(widths.get(ch, default) for ch in text) * size / 1000


class Layout:
    """Places lines top to bottom, left-aligned, starting new pages when one is full."""

    def __init__(self) -> None:
        self.pages: list[list[str]] = [[]]
        self.y = PAGE_H - MARGIN_TOP

    def new_page(self) -> None:
        self.pages.append([])
        self.y = PAGE_H - MARGIN_TOP

    def line(self, text: str, font: str, size: float, x: float) -> None:
        self.pages[-1].append(
            f"BT /{font} {size:g} Tf {x:.2f} {self.y:.2f} Td ({{}}) Tj ET".replace(
                "{}", encode(text).decode("latin-1")
            )
        )

    def paragraph(
        self,
        text: str,
        font: str = "F1",
        size: float = 10,
        after: float = 6,
        *,
        indent: float = 0,
        label: str = "",
        centre: bool = False,
    ) -> None:
        avail = PAGE_W - 2 * MARGIN_X - indent
        lines: list[list[str]] = [[]]
        for word in text.split():
            trial = " ".join([*lines[-1], word])
            if lines[-1] and width(trial, font, size) > avail:
                lines.append([word])
            else:
                lines[-1].append(word)
        leading = size * 1.25
        for i, words in enumerate(lines):
            if self.y - leading < MARGIN_BOTTOM:
                self.new_page()
            self.y -= leading
            line = " ".join(words)
            x = MARGIN_X + indent
            if centre:
                x = (PAGE_W - width(line, font, size)) / 2
            if i == 0 and label:
                self.line(label, font, size, MARGIN_X)
            self.line(line, font, size, x)
        self.y -= after


def build() -> Layout:
    page = Layout()
    page.paragraph(TITLE, "F2", 16, 8, centre=True)
    page.paragraph(AUTHORS, "F1", 11, 2, centre=True)
    page.paragraph(AFFILIATION, "F1", 9, 16, centre=True)
    page.paragraph("Abstract", "F2", 10, 2)
    page.paragraph(ABSTRACT, "F1", 10, 12)
    for block in BODY:
        if block[0].isdigit() and len(block) < 40:
            page.paragraph(block, "F2", 11, 3)
        else:
            page.paragraph(block, "F1", 10, 8)
    page.y -= 6
    page.paragraph("References", "F2", 11, 4)
    for number, text in enumerate(REFERENCES, start=1):
        page.paragraph(text, "F1", 9, 3, indent=22, label=f"[{number}]")
    return page


def write_pdf(layout: Layout, out: Path) -> None:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_id = add(b"")
    encoding = add(
        b"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [143 /Lslash] >>"
    )
    font_ids = {
        key: add(
            f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding {encoding} 0 R >>".encode()
        )
        for key, name in FONTS.items()
    }
    fonts = " ".join(f"/{k} {v} 0 R" for k, v in font_ids.items())
    kids = []
    total = len(layout.pages)
    for number, lines in enumerate(layout.pages, start=1):
        footer = f"refmanager sample paper · page {number} of {total}"
        x = (PAGE_W - width(footer, "F1", 8)) / 2
        ops = [*lines, f"BT /F1 8 Tf {x:.2f} 40 Td ({encode(footer).decode('latin-1')}) Tj ET"]
        data = zlib.compress("\n".join(ops).encode("latin-1"))
        content = add(
            f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode()
            + data
            + b"\nendstream"
        )
        kids.append(
            add(
                f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
                f"/Resources << /Font << {fonts} >> >> /Contents {content} 0 R >>".encode()
            )
        )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode()
    objects[pages_id - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    ).encode()
    info = add(
        f"<< /Title ({TITLE}) /Author ({AUTHORS}) /Creator (refmanager tools/make_sample_pdf.py) "
        f">>".encode("latin-1")
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    buf = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(buf))
        buf += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(buf)
    buf += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        buf += f"{off:010d} 00000 n \n".encode()
    buf += (
        f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\n"
        f"startxref\n{xref}\n%%EOF\n"
    ).encode()
    out.write_bytes(bytes(buf))


def make(out: Path = OUT) -> Path:
    write_pdf(build(), out)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    print(make(target))
