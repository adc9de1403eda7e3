"""The window's menus, its row menu and its sidebar menus, as tables.

Each menu is a tuple of entries: an :class:`Item` (an action: its text, the window's
method it calls, a shortcut, whether it changes the library), a :class:`Shared` action
another part of the window owns (Undo, the PDF pane's zoom), a :class:`Submenu` filled
each time it opens, or :data:`SEPARATOR`. A method is named by its path from the window
(``"imports.pdfs_dialog"``). :func:`build` makes the actions once; an action that changes
the library is listed in ``Actions.changes`` (disabled on a read-only library).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

Key = QKeySequence.StandardKey
Shortcut = Key | str | tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Item:
    """An action: ``slot`` is the path of the window's method it calls (with ``args``)."""

    text: str
    slot: str
    shortcut: Shortcut = None
    args: tuple[object, ...] = ()
    changes: bool = False  # changes the library: disabled when it is read-only
    name: str = ""  # the key the action is kept under in ``Actions.named``
    checkable: bool = False  # toggled: the slot is called with the new state
    tip: str = ""


@dataclass(frozen=True, slots=True)
class Shared:
    """An action another part of the window made (the path of the attribute holding it)."""

    path: str


@dataclass(frozen=True, slots=True)
class Submenu:
    """A submenu ``fill`` (a window method's path, given the menu) fills when it opens."""

    text: str
    fill: str


SEPARATOR = None
MARK_TIP = "Put the list's {} on the line of the PDF last clicked or found (Find in PDF)"
Entry = Item | Shared | Submenu | None

FILE: tuple[Entry, ...] = (
    Item("&Import PDFs...", "imports.pdfs_dialog", Key.Open, changes=True, name="import"),
    Item("Import &BibTeX/RIS/CSL-JSON...", "imports.bibliographies_dialog", changes=True),
    Item("Import &folder...", "imports.folder_dialog", changes=True),
    SEPARATOR,
    Item("&Export...", "exports.export_dialog", "Ctrl+E", name="export"),
    Item("&Keep a file up to date...", "exports.keep_updated_dialog", changes=True),
    SEPARATOR,
    Item("&Share library...", "sharing.share_dialog", changes=True),
    Item("&Join shared library...", "sharing.join_dialog"),
    Item("Shared library &conflicts...", "sharing.conflict_dialog"),
    SEPARATOR,
    Item("&Quit", "close", Key.Quit),
)
EDIT: tuple[Entry, ...] = (
    Shared("undo_action"),
    Shared("redo_action"),
    SEPARATOR,
    Item("&Edit cell", "table.edit_current", "F2", changes=True, name="edit"),
    Item("&Delete references", "delete_selected", Key.Delete, changes=True, name="delete"),
    Item("&Paste references...", "imports.paste_dialog", "Ctrl+Shift+V", changes=True),
    Item("Copy as &BibTeX", "exports.copy_selected", "Ctrl+Shift+C", args=("bibtex",)),
    Item("Copy as &citation", "exports.copy_citations", "Ctrl+Alt+C", args=(False,)),
    Item("Copy as bibliograph&y", "exports.copy_citations", "Ctrl+Alt+B", args=(True,)),
    Submenu("Citation st&yle", "exports.fill_style_menu"),
    SEPARATOR,
    Item("&Tag selected...", "edits.tag_selected_dialog", "Ctrl+T", changes=True),
    Item("&Untag selected...", "edits.untag_selected_dialog", changes=True),
    Item("&Re-parse selected", "edits.reparse_selected", "Ctrl+R", changes=True),
    SEPARATOR,
    Item("&Merge rows into one entry", "edits.merge_rows", "Ctrl+M", changes=True),
    Item("&Split the entry at the cursor", "editor.request_split", changes=True),
    Item("&Not a reference", "edits.mark_not_references", "Ctrl+Shift+N", changes=True),
    SEPARATOR,
    Item("&Find", "searching.focus", Key.Find, name="find"),
    Item("Select &all", "table.selectAll", Key.SelectAll),
)
VIEW: tuple[Entry, ...] = (
    Submenu("&Columns", "table.fill_columns_menu"),
    Shared("pdf.act_zoom_in"),
    Shared("pdf.act_zoom_out"),
    Shared("pdf.act_fit_width"),
    Shared("pdf.act_prev"),
    Shared("pdf.act_next"),
    Item("Find in &PDF", "pdf.find_edit.setFocus", "Ctrl+Shift+F"),
    SEPARATOR,
    Item("Go to the &library sidebar", "sidebar.setFocus", "Ctrl+L"),
    Item("Go to the &references table", "table.setFocus", "Ctrl+Shift+T"),
    Item("Go to the &PDF", "pdf.view.setFocus", "Ctrl+Shift+P"),
    SEPARATOR,
    Item("Table &below the PDF", "set_table_below", checkable=True, name="below"),
    Shared("problems.dock_action"),
    Submenu("&Theme", "fill_theme_menu"),
)
LIBRARY: tuple[Entry, ...] = (
    Item("&All references", "sidebar.select", args=("all",)),
    Item("Find &duplicates", "sidebar.select", args=("duplicates",)),
    Item("&Save this search...", "searching.save_dialog", changes=True),
    Item("New &collection...", "collections.new_dialog", changes=True),
    Item("&Remove document...", "edits.remove_document", changes=True),
    SEPARATOR,
    Item(
        "The list &starts at the PDF's cursor",
        "mark_list_at_cursor",
        args=("start",),
        changes=True,
        tip="Put the list's start on the line of the last click or find in the PDF",
    ),
    Item(
        "The list &ends at the PDF's cursor",
        "mark_list_at_cursor",
        args=("end",),
        changes=True,
        tip="Put the list's end on the line of the last click or find in the PDF",
    ),
    SEPARATOR,
    Item("&Open PDF in the system viewer", "desktop.open_pdf", "Ctrl+Shift+O"),
    Item("Show PDF in &folder", "desktop.show_in_folder"),
    SEPARATOR,
    Item("&Learn from my corrections", "edits.retrain", changes=True),
    Item("Delete &unused files...", "files.prune_unused_files", changes=True),
    Item("&Refresh", "refresh_everything", Key.Refresh),
)
HELP: tuple[Entry, ...] = (
    Item("&Search syntax", "searching.show_help"),
    Item("&About refmanager", "show_about"),
)
MENU_BAR: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    ("&File", FILE),
    ("&Edit", EDIT),
    ("&View", VIEW),
    ("&Library", LIBRARY),
    ("&Help", HELP),
)

# The table's row menu: the same actions as the Edit and Library menus where both have one.
ROW: tuple[Entry, ...] = (
    Shared("menu_actions.named.edit"),
    Item("Tag selected...", "edits.tag_selected_dialog", changes=True),
    Item("Untag selected...", "edits.untag_selected_dialog", changes=True),
    Item("Re-parse selected", "edits.reparse_selected", changes=True),
    Item("Merge into one entry", "edits.merge_rows", changes=True),
    Item("Not a reference", "edits.mark_not_references", changes=True),
    SEPARATOR,
    Item("Copy as BibTeX", "exports.copy_selected", args=("bibtex",)),
    Item("Copy as citation", "exports.copy_citations", args=(False,)),
    Item("Copy as bibliography", "exports.copy_citations", args=(True,)),
    Item("Export selected...", "exports.export_dialog", args=("selection",)),
    SEPARATOR,
    Submenu("Add to collection", "collections.fill_menu"),
    Item("Remove from this collection", "collections.remove_selected", changes=True),
    SEPARATOR,
    Item("Open DOI/URL", "desktop.open_online"),
    Item("Open PDF in the system viewer", "desktop.open_pdf"),
    Item("Show PDF in folder", "desktop.show_in_folder"),
    Submenu("Open attachment", "attachments.fill_menu"),
    Item("Add attachment...", "attachments.add_dialog", changes=True),
    SEPARATOR,
    Shared("menu_actions.named.delete"),
)
# The sidebar's menus, by the kind of item right-clicked.
SIDEBAR: dict[str, tuple[Entry, ...]] = {
    "tag": (
        Item("Set colour...", "edits.choose_tag_colour"),
        Item("Rename...", "edits.rename_tag_dialog"),
        Item("Delete tag", "edits.delete_tag"),
    ),
    "search": (Item("Delete saved search", "edits.delete_saved_search"),),
    "collections": (Item("New collection...", "collections.new_dialog", changes=True),),
    "collection": (
        Item("New sub-collection...", "collections.new_dialog", changes=True),
        Item("Rename...", "collections.rename_dialog", changes=True),
        Item("Delete collection", "collections.delete", changes=True),
    ),
    "document": (
        Item("Open PDF in the system viewer", "desktop.open_pdf"),
        Item("Show PDF in folder", "desktop.show_in_folder"),
        Item("Remove document...", "edits.remove_document"),
    ),
}


def resolve(root: object, path: str) -> Any:
    """The attribute at ``path`` (dotted) from ``root``; a dict is looked into by key."""
    value: Any = root
    for part in path.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    return value


@dataclass(slots=True)
class Actions:
    """The actions :func:`build` made: by name, and those that change the library."""

    named: dict[str, QAction] = field(default_factory=dict)
    changes: list[QAction] = field(default_factory=list)


def make_action(root: QWidget, item: Item, extra: tuple[object, ...] = ()) -> QAction:
    """One action of the table, calling ``root``'s method at ``item.slot``."""
    action = QAction(item.text, root)
    if isinstance(item.shortcut, tuple):
        action.setShortcuts([QKeySequence(s) for s in item.shortcut])
    elif item.shortcut is not None:
        action.setShortcut(QKeySequence(item.shortcut))
    if item.tip:
        action.setToolTip(item.tip)
        action.setStatusTip(item.tip)
    slot: Callable[..., object] = resolve(root, item.slot)
    args = (*item.args, *extra)
    if item.checkable:
        action.setCheckable(True)
        action.toggled.connect(slot)
    else:
        action.triggered.connect(lambda _checked=False: slot(*args))
    return action


def fill(
    menu: QMenu,
    entries: tuple[Entry, ...],
    root: QWidget,
    actions: Actions,
    extra: tuple[object, ...] = (),
) -> None:
    """Add ``entries`` to ``menu``; ``extra`` arguments follow each item's own."""
    for entry in entries:
        if entry is None:
            menu.addSeparator()
        elif isinstance(entry, Shared):
            menu.addAction(resolve(root, entry.path))
        elif isinstance(entry, Submenu):
            sub = menu.addMenu(entry.text)
            filler: Callable[[QMenu], object] = resolve(root, entry.fill)
            sub.aboutToShow.connect(lambda sub=sub, filler=filler: filler(sub))
        else:
            action = make_action(root, entry, extra)
            menu.addAction(action)
            if entry.name:
                actions.named[entry.name] = action
            if entry.changes:
                actions.changes.append(action)


def build(bar: QMenuBar, root: QWidget) -> Actions:
    """The menu bar's menus (:data:`MENU_BAR`), their actions on ``root`` (the window)."""
    actions = Actions()
    for title, entries in MENU_BAR:
        fill(bar.addMenu(title), entries, root, actions)
    return actions


def popup(
    entries: tuple[Entry, ...], root: QWidget, read_only: bool, extra: tuple[object, ...] = ()
) -> QMenu:
    """A context menu of ``entries`` (made when it opens; its changes disabled on a
    read-only library)."""
    menu = QMenu(root)
    made = Actions()
    fill(menu, entries, root, made, extra)
    for action in made.changes:
        action.setEnabled(not read_only)
    return menu
