"""What the command line accepts: every sub-command, its help and its arguments, and the
module that runs it (``run(args)``). Building the whole parser imports no use case: a
command's module, and the use cases it calls, are imported only when it runs (decision
0041)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from refmanager import __version__
from refmanager.cli.common import add_library_option
from refmanager.model.options import MEMBER_ROLES, SORT_COLUMNS, WRITE_FORMATS


def _extract_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pdf", metavar="FILE.pdf", help="the PDF to read")
    parser.add_argument(
        "--format",
        choices=("csl-json", "jsonl", "text"),
        default="csl-json",
        help="csl-json (default): one JSON array; jsonl: one item per line; text: raw entries",
    )
    parser.add_argument("--password", help="password of an encrypted PDF")
    parser.add_argument(
        "--no-parse", action="store_true", help="only find the entries, do not parse fields"
    )
    parser.add_argument(
        "--from",
        dest="start",
        metavar="PAGE:Y",
        help="the list starts at the first line at or below this place (Y in points from the"
        " bottom of the page; PAGE:Y:X picks the column); needs --to",
    )
    parser.add_argument(
        "--to",
        dest="end",
        metavar="PAGE:Y",
        help="the list ends at the last line at or above this place; needs --from",
    )


def _parse_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE|-",
        help="text file of references (default: stdin)",
    )
    parser.add_argument(
        "--paragraphs",
        action="store_true",
        help="references are separated by blank lines (default: one per line)",
    )
    parser.add_argument("--format", choices=WRITE_FORMATS, default="csl-json", help="output format")
    parser.add_argument(
        "--model", metavar="FILE", help="a parser model file (default: the shipped one)"
    )


def _train_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="where to write the model (default: the library's own model)",
    )
    parser.add_argument(
        "--size",
        type=int,
        default=None,
        help="number of the shipped generated strings to train with (default 2000)",
    )
    parser.add_argument(
        "--with-corrections",
        action="store_true",
        help="learn from the corrections stored in the library (writes the library's parser"
        " model from field corrections, its line model from layout corrections)",
    )
    parser.add_argument(
        "--layout-examples",
        metavar="FILE",
        help="write the library's layout corrections (list bounds, merged and split rows, rows"
        " not references) for 'python -m tools.corpus.linemodel train FILE' and stop",
    )
    add_library_option(parser)


def _correct_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ref_id", type=int, help="the reference's id in the library")
    parser.add_argument(
        "changes",
        nargs="+",
        metavar="FIELD=VALUE",
        help='e.g. title="A better title" author="Smith, J.; Doe, A." issued=2020 page=1-10',
    )
    add_library_option(parser)


def _gui_arguments(parser: argparse.ArgumentParser) -> None:
    add_library_option(parser)
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE.pdf",
        help="PDFs (or BibTeX/RIS/CSL-JSON files) to import when the window opens",
    )


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "query",
        nargs="*",
        help="search query (as in `refmanager search`); none exports every reference",
    )
    parser.add_argument(
        "--format",
        "-f",
        choices=WRITE_FORMATS,
        help="output format (default: from the file name: .bib, .ris, .json, .csv)",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="file to write, or - for stdout"
    )
    parser.add_argument(
        "--keep-updated",
        action="store_true",
        help="keep the file up to date: rewritten whenever what it covers changes, while "
        "`refmanager watch` or the window runs (undo with `refmanager watch --stop FILE`)",
    )
    parser.add_argument(
        "--with-attachments",
        action="store_true",
        help="also write the references' attachments (file paths and links) in the format's "
        "own syntax: BibTeX file fields, RIS L1/L4 lines, a CSL-JSON file variable "
        "(left out by default: an export does not hand on local file paths)",
    )
    parser.add_argument(
        "--key-pattern",
        metavar="PATTERN",
        help="pattern of new citation keys, kept in the library (default [auth][year][title]; "
        "fields: [auth] [Auth] [authors] [Authors] [year] [shortyear] [title] [Title] "
        "[shorttitle] [ShortTitle]); keys already written never change",
    )
    add_library_option(parser)


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="PDFs, folders (searched recursively), .bib, .ris, CSL-JSON or .csv files",
    )
    parser.add_argument("--tag", metavar="T", help="tag every imported document and reference")
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="PDFs read at once, in worker processes (default: one per core)",
    )
    parser.add_argument("--password", help="password for encrypted PDFs")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    add_library_option(parser)


def _search_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "query",
        nargs="*",
        help="search query, e.g. 'author:dao year:>=2020' or 'title:\"flash attention\"' "
        "(fields: author title venue year doi type tag in has edited confidence work; "
        "AND implicit, OR, NOT or -, parentheses); none lists everything",
    )
    parser.add_argument("--format", "-f", choices=("table", "csl-json", "bibtex"), default="table")
    parser.add_argument("--limit", "-n", type=int, default=50, metavar="N", help="default 50")
    parser.add_argument(
        "--sort",
        default="added",
        choices=SORT_COLUMNS,
        help="column to sort on (default: added)",
    )
    parser.add_argument("--desc", action="store_true", help="sort in descending order")
    add_library_option(parser)


def _tag_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = sub.add_parser("add", help="tag the references a query finds")
    add.add_argument("tag")
    add.add_argument("query", nargs="+", help="search query ('' for every reference)")
    remove = sub.add_parser("remove", help="take a tag off references (all, or a query's)")
    remove.add_argument("tag")
    remove.add_argument("query", nargs="*", help="search query (default: every reference)")
    rename = sub.add_parser("rename", help="rename a tag")
    rename.add_argument("old")
    rename.add_argument("new")
    rename.add_argument(
        "--merge",
        action="store_true",
        help="accepted for old scripts: onto an existing NEW, a rename always merges OLD into it",
    )
    sub.add_parser("list", help="tags with their counts")
    colour = sub.add_parser("colour", help="set a tag's colour (#rrggbb, or '' for none)")
    colour.add_argument("tag")
    colour.add_argument("colour")
    for action in sub.choices.values():
        add_library_option(action)


def _collection_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    sub.add_parser("list", help="the collections as a tree, with their counts")
    create = sub.add_parser("create", help="a new collection (PATH: Parent/Name)")
    create.add_argument("path")
    rename = sub.add_parser("rename", help="rename a collection")
    rename.add_argument("path")
    rename.add_argument("name")
    delete = sub.add_parser("delete", help="remove a collection and its sub-collections")
    delete.add_argument("path")
    add = sub.add_parser("add", help="put the references a query finds in a collection")
    add.add_argument("path")
    add.add_argument("query", nargs="+", help="search query ('' for every reference)")
    remove = sub.add_parser("remove", help="take the references a query finds out of one")
    remove.add_argument("path")
    remove.add_argument("query", nargs="+", help="search query ('' for every reference)")
    for action in sub.choices.values():
        add_library_option(action)


def _attachments_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "query",
        nargs="*",
        help="search query (as in `refmanager search`); none lists every reference's links",
    )
    parser.add_argument(
        "--id", type=int, action="append", metavar="N", help="this reference (repeatable)"
    )
    add_library_option(parser)


def _duplicates_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--merge-exact",
        action="store_true",
        help="merge the groups with the same DOI, arXiv id or ISBN (keeps the fullest entry)",
    )
    parser.add_argument("--exact-only", action="store_true", help="only identifier matches")
    parser.add_argument("--limit", "-n", type=int, default=50, metavar="N", help="groups shown")
    add_library_option(parser)


def _reparse_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="*", help="search query (default: every reference)")
    add_library_option(parser)


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--prune",
        action="store_true",
        help="delete the library's own files no document refers to (listed first; "
        "files the library did not store are never deleted)",
    )
    parser.add_argument("--repair", action="store_true", help="rebuild the search index")
    add_library_option(parser)


def _watch_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--list", action="store_true", help="list the files kept up to date")
    what.add_argument(
        "--once", action="store_true", help="bring every kept file up to date, then exit"
    )
    what.add_argument(
        "--stop", metavar="FILE", help="stop keeping FILE up to date (the file stays)"
    )
    add_library_option(parser)


def _share_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url",
        metavar="URL",
        nargs="?",
        help="the PostgreSQL database, as a connection URI (postgresql://user@host/db"
        "?sslmode=verify-full); a password in it goes to libpq's password file",
    )
    parser.add_argument(
        "--add-member",
        metavar="ROLE_NAME",
        help="give a login role of the server access (--role editor or reader)",
    )
    parser.add_argument("--role", choices=MEMBER_ROLES, default="editor", help="for --add-member")
    parser.add_argument("--remove-member", metavar="ROLE_NAME", help="take a member's access away")
    parser.add_argument("--members", action="store_true", help="list the members and roles")
    add_library_option(parser)


def _join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url",
        metavar="URL",
        help="the shared library's PostgreSQL database, as a connection URI",
    )
    add_library_option(parser)


def _sync_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", help="connect with this URI (its password is remembered)")
    parser.add_argument(
        "--keep", type=int, action="append", default=[], metavar="ID",
        help="resolve conflict ID by keeping the value the server kept",
    )  # fmt: skip
    parser.add_argument(
        "--take", type=int, action="append", default=[], metavar="ID",
        help="resolve conflict ID by taking the other value",
    )  # fmt: skip
    parser.add_argument(
        "--check", action="store_true", help="also compare every item with the server"
    )
    add_library_option(parser)


@dataclass(slots=True)
class Command:
    """A sub-command: the module that runs it, its help, and how its arguments are added."""

    module: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]


COMMANDS: dict[str, Command] = {
    "extract": Command(
        "refmanager.cli.extract_cmd",
        "read a PDF's bibliography into references",
        _extract_arguments,
    ),
    "parse": Command(
        "refmanager.cli.parse_cmd",
        "parse reference strings into CSL-JSON, BibTeX or RIS",
        _parse_arguments,
    ),
    "train": Command(
        "refmanager.cli.train_cmd",
        "learn from a library's corrections (its own parser model)",
        _train_arguments,
    ),
    "correct": Command(
        "refmanager.cli.correct_cmd",
        "correct fields of a reference (the parser learns)",
        _correct_arguments,
    ),
    "gui": Command(
        "refmanager.cli.gui_cmd",
        "open the desktop window (the default with no command)",
        _gui_arguments,
    ),
    "export": Command(
        "refmanager.cli.export_cmd",
        "write references to BibTeX, RIS, CSL-JSON or CSV",
        _export_arguments,
    ),
    "import": Command(
        "refmanager.cli.import_cmd", "add PDFs, folders and bibliography files", _import_arguments
    ),
    "search": Command("refmanager.cli.search_cmd", "search the library", _search_arguments),
    "tag": Command("refmanager.cli.tag_cmd", "add, remove, rename and list tags", _tag_arguments),
    "collection": Command(
        "refmanager.cli.collection_cmd",
        "collections: list, create, rename, delete; add and remove references",
        _collection_arguments,
    ),
    "attachments": Command(
        "refmanager.cli.attachments_cmd",
        "list references' attachments (file paths and links; nothing is opened)",
        _attachments_arguments,
    ),
    "duplicates": Command(
        "refmanager.cli.duplicates_cmd",
        "find (and merge) duplicate references",
        _duplicates_arguments,
    ),
    "reparse": Command(
        "refmanager.cli.reparse_cmd",
        "parse references again from their raw text",
        _reparse_arguments,
    ),
    "check": Command(
        "refmanager.cli.check_cmd", "check the library: integrity, files, counts", _check_arguments
    ),
    "watch": Command(
        "refmanager.cli.watch_cmd",
        "keep kept-updated files and a shared library in step while it runs",
        _watch_arguments,
    ),
    "share": Command(
        "refmanager.cli.share_cmd",
        "share a library through PostgreSQL; add and remove its members",
        _share_arguments,
    ),
    "join": Command(
        "refmanager.cli.join_cmd", "make a new library that mirrors a shared one", _join_arguments
    ),
    "sync": Command(
        "refmanager.cli.sync_cmd",
        "exchange a shared library's changes with its server",
        _sync_arguments,
    ),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, every sub-command wired."""
    parser = argparse.ArgumentParser(
        prog="refmanager",
        description="Read the bibliographies of scholarly PDFs into a local library.",
    )
    parser.add_argument("--version", action="version", version=f"refmanager {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, command in COMMANDS.items():
        cmd_parser = sub.add_parser(name, help=command.help, description=command.help)
        command.arguments(cmd_parser)
        cmd_parser.set_defaults(_module=command.module)
    return parser
