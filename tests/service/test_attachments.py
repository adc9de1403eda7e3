"""Use cases: attachments imported from bibliography files, listed, never opened on import,
exported only when asked; groups as tags; the CLI."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Attachment, InputError
from refmanager.service.attachments import Openable, attach, attachments_of, open_url
from refmanager.service.collections import collection_tree
from refmanager.service.exchange import export, import_file

DATA = Path(__file__).parents[1] / "formats" / "data"


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path / "lib")
    yield lib
    lib.close()


def _by_key(library: Library) -> dict[str, int]:
    return {library.references.reference(i).reference.id: i for i in library.search.search_ids("")}


def test_jabref_file_links_are_attachments_and_groups_collections(
    library: Library, tmp_path: Path
) -> None:
    bib = tmp_path / "bib" / "jabref5-groups.bib"
    bib.parent.mkdir()
    shutil.copy(DATA / "jabref5-groups.bib", bib)
    summary = import_file(library, bib)
    assert summary.added == 2 and not summary.problems
    ids = _by_key(library)
    links = attachments_of(library, [ids["vaswani2017"]])[ids["vaswani2017"]]
    assert [(a.target, a.resolved) for a in links] == [
        ("C:\\Users\\ana\\papers\\vaswani2017.pdf", "C:\\Users\\ana\\papers\\vaswani2017.pdf"),
        ("talks/vaswani-slides.pdf", str(bib.parent / "pdfs/talks/vaswani-slides.pdf")),
    ]
    paths = {c.id: c.path for c in collection_tree(library)}
    in_vaswani = library.collections.collections_of(ids["vaswani2017"])
    assert sorted(paths[c] for c in in_vaswani) == ["Deep learning/Transformers", "Reading list"]
    assert [paths[c] for c in library.collections.collections_of(ids["he2016"])] == [
        "Deep learning/CNN"
    ]
    assert sorted(paths.values()) == [
        "Deep learning",
        "Deep learning/CNN",
        "Deep learning/Transformers",
        "Reading list",
    ]
    assert library.tags.tags() == []  # groups are collections, not tags


def test_jabref3_groups_and_zotero_links(library: Library) -> None:
    import_file(library, DATA / "jabref3.bib")
    import_file(library, DATA / "zotero-bbt.bib")
    ids = _by_key(library)
    paths = {c.id: c.path for c in collection_tree(library)}
    in_knuth = library.collections.collections_of(ids["knuth1984"])
    assert sorted(paths[c] for c in in_knuth) == ["Classics", "Typesetting"]
    (link,) = attachments_of(library, [ids["wangAttentionAgain2023"]])[
        ids["wangAttentionAgain2023"]
    ]
    assert link.target.endswith("ABCD1234/Wang - 2023 - Attention Again.pdf")


def test_import_never_opens_a_link(library: Library, tmp_path: Path) -> None:
    """A link naming a FIFO would block whoever opens it; one naming nothing would fail:
    import finishes, and says nothing about either."""
    fifo = tmp_path / "paper.pdf"
    os.mkfifo(fifo)
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{a, title = {A}, file = {:paper.pdf:PDF;:missing/none.pdf:PDF}}\n",
        encoding="utf-8",
    )
    done: list[int] = []
    worker = threading.Thread(
        target=lambda: done.append(import_file(Library.open(library.folder), bib).added),
        daemon=True,
    )
    worker.start()
    worker.join(timeout=60)
    if not done:  # unblock the reader so the test process can end
        with open(fifo, "wb"):
            pass
    assert done == [1]
    (ref_id,) = library.search.search_ids("")
    assert [a.resolved for a in attachments_of(library, [ref_id])[ref_id]] == [
        str(fifo),
        str(tmp_path / "missing/none.pdf"),
    ]


def test_export_writes_links_only_when_asked(library: Library, tmp_path: Path) -> None:
    import_file(library, DATA / "jabref.bib")
    plain, linked = tmp_path / "plain.bib", tmp_path / "linked.bib"
    export(library, "bibtex", plain)
    export(library, "bibtex", linked, with_attachments=True)
    assert "file" not in plain.read_text(encoding="utf-8")
    text = linked.read_text(encoding="utf-8")
    assert f"file = {{:{DATA / 'papers/tan2019.pdf'}:PDF}}" in text
    assert "keywords = {Vision, To read}" in text  # groups: tags and keywords, as before
    ris, csl = tmp_path / "a.ris", tmp_path / "a.json"
    export(library, "ris", ris, with_attachments=True)
    assert f"L1  - {DATA / 'mueller2020-supp.zip'}\n" in ris.read_text(encoding="utf-8")
    export(library, "csl-json", csl, with_attachments=True)
    files = [i["file"] for i in json.loads(csl.read_text(encoding="utf-8")) if "file" in i]
    assert len(files) == 2


def test_what_opening_a_link_hands_to_the_desktop() -> None:
    assert open_url(Attachment("a.pdf", "/home/u/a.pdf")) == Openable(path="/home/u/a.pdf")
    assert open_url(Attachment("https://x.org/a.pdf")) == Openable(url="https://x.org/a.pdf")
    assert open_url(Attachment("file:///home/u/a.pdf")) == Openable(url="file:///home/u/a.pdf")
    assert open_url(Attachment("a.pdf")) is None  # relative to nothing known
    assert open_url(Attachment("internal-pdf://12/a.pdf")) is None  # EndNote's own store
    assert open_url(Attachment("javascript://alert(1)")) is None


def test_cli_lists_attachments_and_exports_them_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "lib")
    assert main(["import", "--library", folder, str(DATA / "jabref.bib")]) == 0
    capsys.readouterr()
    assert main(["attachments", "--library", folder, "müller"]) == 0
    out = capsys.readouterr().out
    assert "mueller2020.pdf  (PDF, Full Text)  -> " + str(DATA / "mueller2020.pdf") in out
    assert "tan2019" not in out
    assert main(["attachments", "--library", folder, "title:thesis"]) == 1
    capsys.readouterr()
    assert main(["export", "--library", folder, "-o", "-", "-f", "ris"]) == 0
    assert "L1  -" not in capsys.readouterr().out
    assert main(["export", "--library", folder, "-o", "-", "-f", "ris", "--with-attachments"]) == 0
    assert capsys.readouterr().out.count("L1  -") == 3


def test_a_kept_updated_file_never_gets_attachments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "lib")
    assert main(["import", "--library", folder, str(DATA / "jabref.bib")]) == 0
    target = tmp_path / "kept.bib"
    argv = ["export", "--library", folder, "-o", str(target), "--keep-updated"]
    assert main([*argv, "--with-attachments"]) == 2
    assert "never has them" in capsys.readouterr().err
    assert not target.exists()
    assert main(argv) == 0
    assert "file" not in target.read_text(encoding="utf-8")


def test_files_attached_by_hand_are_one_change_all_or_none(
    library: Library, tmp_path: Path
) -> None:
    import_file(library, DATA / "jabref5-groups.bib")
    ref_id = library.search.search_ids("")[0]
    before = attachments_of(library, [ref_id]).get(ref_id, [])
    first, second = tmp_path / "a.pdf", tmp_path / "b notes.txt"
    first.write_bytes(b"%PDF-1.4")
    second.write_text("notes", encoding="utf-8")
    with pytest.raises(InputError, match="is not a file"):
        attach(ref_id, [first, tmp_path / "missing.pdf"]).do(library)
    assert attachments_of(library, [ref_id]).get(ref_id, []) == before  # none of them
    change = attach(ref_id, [first, second])
    assert change.name == "attach 2 files"
    positions = change.do(library)
    links = attachments_of(library, [ref_id])[ref_id]
    assert [(x.resolved, x.kind) for x in links[len(before) :]] == [
        (str(first), "PDF"),
        (str(second), "TXT"),
    ]
    change.undo(library, positions)
    assert attachments_of(library, [ref_id]).get(ref_id, []) == before
