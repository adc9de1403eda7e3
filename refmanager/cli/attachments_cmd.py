"""``refmanager attachments [QUERY] [--id N]``: the file and web links of references (as
their bibliography files gave them; nothing is opened or read)."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service.attachments import attachments_of, describe
from refmanager.service.exchange import select_ids
from refmanager.service.opening import open_library


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=False) as library:
        ids = select_ids(library, " ".join(args.query), args.id)
        links = attachments_of(library, ids)
    if not links:
        note("no attachments")
        return 1
    for ref_id in ids:
        for link in links.get(ref_id, []):
            print(f"{ref_id:>6}  {describe(link)}")
    return 0
