"""``refmanager`` entry point: the whole argument parser (``cli.arguments``), then the
module of the sub-command asked for runs it; no traceback reaches the user."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Protocol

from refmanager.cli.arguments import COMMANDS, build_parser
from refmanager.model.errors import InputError, RefmanagerError
from refmanager.service.crashlog import write_crash_log


class _Command(Protocol):
    def run(self, args: argparse.Namespace) -> int: ...


def _load(module: str) -> _Command:
    command: _Command = importlib.import_module(module)
    return command


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
