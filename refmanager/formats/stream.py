"""A file's text a block at a time: the encoding judged once per file, each block whole lines.

Encoding, as for every format: a byte order mark decides (UTF-8, UTF-16, UTF-32); NUL bytes
in the first 4 KB mean UTF-16 without a mark (or a binary file, refused); otherwise the
first lines that are not plain ASCII are judged: UTF-8 when more of them are valid UTF-8
than not, else Windows-1252 (ISO 8859-1 for the bytes Windows-1252 leaves undefined).
A line whose bytes are not text in the file's encoding (or hold NUL bytes: binary junk)
does not sink the file: its undecodable bytes become U+FFFD and a :class:`Problem` names
the line. A file with NUL bytes in its first 4 KB and no byte order mark is binary, and
refused.

Memory: one block (about 1 MB) and the line being finished at a time.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from refmanager.model import InputError, Problem

BLOCK_BYTES = 1 << 20
JUDGED_BYTES = 1 << 22  # how much non-ASCII text the encoding is judged on
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_BINARY = "this is a binary file, not a BibTeX, RIS or CSL-JSON file"


@dataclass(slots=True)
class TextBlock:
    """Whole lines of a file: the 1-based number of the first, and their text."""

    line: int
    text: str


def _open(path: Path) -> BinaryIO:
    try:
        return path.open("rb")
    except FileNotFoundError:
        raise InputError(str(path), "no such file") from None
    except IsADirectoryError:
        raise InputError(str(path), "is a folder, not a file") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read the file ({exc.strerror})") from None


def _judge(data: bytes) -> str:
    """UTF-8 or Windows-1252 for a sample of 8-bit text, from its non-ASCII lines."""
    valid = invalid = 0
    for line in data.split(b"\n"):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as exc:
            # a sample cut inside a character is not evidence against UTF-8
            if exc.end < len(line) or exc.reason != "unexpected end of data":
                invalid += 1
            continue
        valid += 1
    return "utf-8" if valid >= invalid else "cp1252"


@dataclass(slots=True)
class TextSource:
    """The text of one file, in blocks of whole lines (see the module's docstring).

    Attributes:
        path: the file.
        size: its size in bytes.
        encoding: the encoding judged ("" until the first non-ASCII text is met in an
            8-bit file: until then every candidate reads the same).
        problems: one per line whose bytes could not be decoded, in line order.
        bytes_read: how far reading has got, for progress.
    """

    path: Path
    size: int = 0
    encoding: str = ""
    problems: list[Problem] = field(default_factory=list)
    bytes_read: int = 0
    _wide: bool = False

    @classmethod
    def open(cls, path: Path) -> TextSource:
        """Judge the encoding of ``path`` from its head.

        Raises:
            InputError: the file cannot be read, or is binary.
        """
        with _open(path) as handle:
            head = handle.read(4096)
        source = cls(path)
        try:
            source.size = path.stat().st_size
        except OSError as exc:
            raise InputError(str(path), f"cannot read the file ({exc.strerror})") from None
        for bom, encoding in _BOMS:
            if head.startswith(bom):
                source.encoding = encoding
                source._wide = not encoding.startswith("utf-8")
                return source
        if len(head) >= 4 and b"\x00" in head:
            half = len(head) // 2
            even, odd = head[0::2].count(0), head[1::2].count(0)
            if odd > 0.4 * half and even < 0.1 * half:
                source.encoding, source._wide = "utf-16-le", True
            elif even > 0.4 * half and odd < 0.1 * half:
                source.encoding, source._wide = "utf-16-be", True
            else:  # no text has NUL bytes in its first lines: binary
                raise InputError(str(path), _BINARY)
        return source

    def blocks(self) -> Iterator[TextBlock]:
        """The file's text from the start, in blocks of whole lines (a byte order mark
        left out)."""
        self.problems.clear()
        self.bytes_read = 0
        with _open(self.path) as handle:
            if self._wide:
                yield from self._wide_blocks(handle)
            else:
                yield from self._byte_blocks(handle)

    def _byte_blocks(self, handle: BinaryIO) -> Iterator[TextBlock]:
        line = 1
        first = True
        while True:
            data = handle.read(BLOCK_BYTES)
            if not data:
                return
            if not data.endswith(b"\n"):
                data += handle.readline()  # finish the last line
            self.bytes_read += len(data)
            if first and data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8) :]
            first = False
            if not self.encoding and not data.isascii():
                self.encoding = _judge(data[:JUDGED_BYTES])
            yield TextBlock(line, self._decode(data, line))
            line += data.count(b"\n")

    def _decode(self, data: bytes, line: int) -> str:
        encoding = self.encoding or "ascii"
        if b"\x00" not in data:
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                pass
        parts: list[str] = []
        for offset, raw in enumerate(data.split(b"\n")):
            try:
                if b"\x00" in raw:  # binary junk: no text holds NUL bytes
                    raise UnicodeDecodeError(encoding, raw, raw.index(0), len(raw), "NUL")
                parts.append(raw.decode(encoding))
            except UnicodeDecodeError:
                if encoding == "cp1252" and b"\x00" not in raw:  # the 5 bytes it leaves out
                    parts.append(raw.decode("latin-1"))
                    continue
                parts.append(raw.decode(encoding, errors="replace").replace("\x00", "\ufffd"))
                self.problems.append(
                    Problem(
                        line + offset,
                        f"bytes that are not {encoding.upper()} text replaced by \ufffd",
                        skipped=True,
                    )
                )
        return "\n".join(parts)

    def _wide_blocks(self, handle: BinaryIO) -> Iterator[TextBlock]:
        decoder = codecs.getincrementaldecoder(self.encoding)(errors="replace")
        line = 1
        pending = ""
        first = True
        while True:
            data = handle.read(BLOCK_BYTES)
            self.bytes_read += len(data)
            text = pending + decoder.decode(data, final=not data)
            if first:
                text = text.removeprefix("\ufeff")
                first = False
            cut = text.rfind("\n") + 1 if data else len(text)
            block, pending = text[:cut], text[cut:]
            block = block.replace("\x00", "\ufffd")
            if "\ufffd" in block:
                for offset, part in enumerate(block.split("\n")):
                    if "\ufffd" in part:
                        self.problems.append(
                            Problem(
                                line + offset,
                                f"bytes that are not {self.encoding.upper()} text "
                                "replaced by \ufffd",
                                skipped=True,
                            )
                        )
            if block:
                yield TextBlock(line, block)
                line += block.count("\n")
            if not data:
                return

    def head(self, chars: int = 20000) -> str:
        """The first characters of the text (to tell the format)."""
        out: list[str] = []
        got = 0
        for block in self.blocks():
            out.append(block.text)
            got += len(block.text)
            if got >= chars:
                break
        self.problems.clear()
        self.bytes_read = 0
        return "".join(out)[:chars]


def lines(blocks: Iterator[TextBlock]) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of the blocks (line ends left out)."""
    for block in blocks:
        for offset, line in enumerate(block.text.split("\n")[:-1]):
            yield block.line + offset, line
        tail = block.text.rsplit("\n", 1)
        if len(tail) == 1 or tail[1]:
            # a last line without its line end (the end of the file)
            yield block.line + block.text.count("\n"), tail[-1]


_LINE_END = re.compile(r"\r\n|\r|\n")


def text_lines(text: str) -> list[str]:
    """The lines of a whole text, broken at line feeds and carriage returns only, as files
    are read (``str.splitlines`` also breaks at NEL, form feed, the Unicode line and
    paragraph separators and more, which a value may hold: a CSV row holding one was read
    as two)."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
