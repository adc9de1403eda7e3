"""``refmanager`` entry point: the whole argument parser (every sub-command's module
imported and wired), then the sub-command run; no traceback reaches the user."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Protocol

from refmanager import __version__
from refmanager.model.errors import InputError, RefmanagerError
from refmanager.service.crashlog import write_crash_log

# sub-command -> module (each has add_arguments(parser) and run(args) -> int)
COMMANDS: dict[str, tuple[str, str]] = {
    "extract": ("refmanager.cli.extract_cmd", "read a PDF's bibliography into references"),
    "parse": ("refmanager.cli.parse_cmd", "parse reference strings into CSL-JSON, BibTeX or RIS"),
    "train": (
        "refmanager.cli.train_cmd",
        "learn from a library's corrections (its own parser model)",
    ),
    "correct": ("refmanager.cli.correct_cmd", "correct fields of a reference (the parser learns)"),
    "gui": ("refmanager.cli.gui_cmd", "open the desktop window (the default with no command)"),
    "export": ("refmanager.cli.export_cmd", "write references to BibTeX, RIS, CSL-JSON or CSV"),
    "import": ("refmanager.cli.import_cmd", "add PDFs, folders and bibliography files"),
    "search": ("refmanager.cli.search_cmd", "search the library"),
    "tag": ("refmanager.cli.tag_cmd", "add, remove, rename and list tags"),
    "collection": (
        "refmanager.cli.collection_cmd",
        "collections: list, create, rename, delete; add and remove references",
    ),
    "attachments": (
        "refmanager.cli.attachments_cmd",
        "list references' attachments (file paths and links; nothing is opened)",
    ),
    "duplicates": ("refmanager.cli.duplicates_cmd", "find (and merge) duplicate references"),
    "reparse": ("refmanager.cli.reparse_cmd", "parse references again from their raw text"),
    "check": ("refmanager.cli.check_cmd", "check the library: integrity, files, counts"),
    "watch": (
        "refmanager.cli.watch_cmd",
        "keep kept-updated files and a shared library in step while it runs",
    ),
    "share": (
        "refmanager.cli.share_cmd",
        "share a library through PostgreSQL; add and remove its members",
    ),
    "join": ("refmanager.cli.join_cmd", "make a new library that mirrors a shared one"),
    "sync": ("refmanager.cli.sync_cmd", "exchange a shared library's changes with its server"),
}


class _Command(Protocol):
    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...
    def run(self, args: argparse.Namespace) -> int: ...


def _load(module: str) -> _Command:
    command: _Command = importlib.import_module(module)
    return command


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, every sub-command wired."""
    parser = argparse.ArgumentParser(
        prog="refmanager",
        description="Read the bibliographies of scholarly PDFs into a local library.",
    )
    parser.add_argument("--version", action="version", version=f"refmanager {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        cmd_parser = sub.add_parser(name, help=help_text, description=help_text)
        _load(module).add_arguments(cmd_parser)
        cmd_parser.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # the first word that is neither an option nor the value of --library
    words = [a for i, a in enumerate(args_list) if i == 0 or args_list[i - 1] != "--library"]
    first = next((a for a in words if not a.startswith("-")), None)
    library_only = any(a == "--library" or a.startswith("--library=") for a in args_list)
    if "gui" in COMMANDS and (not args_list or (first is None and library_only)):
        # No command: open the window, as a desktop program does.
        args_list = ["gui", *args_list]
    parser = build_parser()
    args = parser.parse_args(args_list)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    try:
        return _load(args._module).run(args)
    except InputError as exc:
        print(f"refmanager: {exc}", file=sys.stderr)
        return 2
    except RefmanagerError as exc:
        print(f"refmanager: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("refmanager: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        import traceback

        try:
            where = f"details in {write_crash_log(traceback.format_exc())}"
        except OSError as log_error:
            where = f"no log could be written: {log_error}"
        print(f"refmanager: internal error: {type(exc).__name__}: {exc} ({where})", file=sys.stderr)
        return 1


def entry() -> None:
    """The ``refmanager`` console script."""
    sys.exit(main())


if __name__ == "__main__":
    entry()
