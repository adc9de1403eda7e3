"""JabRef's ``@comment{jabref-meta: ...}`` blocks: the group tree and the file directory
(decision 0022).

- ``grouping:`` (JabRef 4 and later) and ``groupstree:`` (JabRef 3) list the groups, one a
  line, each with its depth: ``1 StaticGroup:Vision\\;0\\;1\\;...;``. A group's path is
  the names from the top down to it, joined by ``/`` (``Vision/Transformers``); the
  ``AllEntriesGroup`` at depth 0 is not part of it. JabRef 3's explicit groups list
  their members' keys after the name; JabRef 4 and later write the group names into each
  entry's ``groups`` field instead.
- ``fileDirectory:`` (or a user's own ``fileDirectory-<user>:``) is the folder relative
  file links are relative to (itself relative to the .bib's folder), as JabRef reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_LINE = re.compile(r"^\s*(\d+) ([A-Za-z]+):(.*)$", re.MULTILINE)
_SEP = re.compile(r"(?<!\\)\\;")
_PATH_SEPARATOR = "/"


@dataclass(slots=True)
class JabRefMeta:
    """What a .bib's jabref-meta blocks say.

    Attributes:
        file_directory: the folder relative file links start from ("" = the .bib's).
        paths: each group name -> the paths of the groups of that name, in tree order.
        members: a citation key -> the paths of the JabRef 3 groups that list it.
    """

    file_directory: str = ""
    paths: dict[str, list[str]] = field(default_factory=dict)
    members: dict[str, list[str]] = field(default_factory=dict)

    def group_paths(self, key: str, names: list[str]) -> tuple[str, ...]:
        """The paths of an entry's groups: those JabRef 3 lists it in, then those its
        ``groups`` field names (a name the tree lacks is a group at the top)."""
        out = list(self.members.get(key, []))
        for name in names:
            for path in self.paths.get(name, [name]):
                if path not in out:
                    out.append(path)
        return tuple(out)


def _unescape(text: str) -> str:
    return text.replace("\\;", ";").replace("\\\\", "\\")


def read_meta(texts: list[str]) -> JabRefMeta:
    """The meta of a .bib from its jabref-meta texts (``jabref-meta:`` taken off)."""
    meta = JabRefMeta()
    user_directory = ""
    for text in texts:
        name, _, value = text.partition(":")
        if name == "fileDirectory":
            meta.file_directory = _unescape(value.strip().removesuffix(";"))
        elif name.startswith("fileDirectory-") and not name.startswith("fileDirectoryLatex"):
            user_directory = user_directory or _unescape(value.strip().removesuffix(";"))
        elif name in ("grouping", "groupstree"):
            _read_tree(value, meta, listed=name == "groupstree")
    meta.file_directory = meta.file_directory or user_directory
    return meta


def _read_tree(text: str, meta: JabRefMeta, listed: bool) -> None:
    """Groups of a tree into ``meta``; ``listed``: JabRef 3's, whose explicit groups list
    their members."""
    stack: list[str] = []  # the names on the way down to the current depth
    for match in _LINE.finditer(text):
        depth, kind = int(match.group(1)), match.group(2)
        parts = [_unescape(p) for p in _SEP.split(match.group(3))]
        if depth == 0:
            stack = []
            continue
        name = parts[0].strip()
        del stack[depth - 1 :]
        stack.append(name)
        if not name or len(stack) != depth:
            continue  # a line deeper than its parent: not a tree JabRef writes
        path = _PATH_SEPARATOR.join(stack)
        known = meta.paths.setdefault(name, [])
        if path not in known:
            known.append(path)
        if listed and kind == "ExplicitGroup":
            for part in parts[2:]:
                key = part.strip().removesuffix(";")
                if key:
                    meta.members.setdefault(key, []).append(path)
