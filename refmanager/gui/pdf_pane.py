"""The PDF in the centre: a QPdfView with zoom, page navigation, fit-width, text search,
and a highlight over the entry the table has selected.

QPdfView does not say where it puts each page, so :class:`RefPdfView` works the layout out
again from the properties it exposes (Qt's ``QPdfViewPrivate::calculateDocumentLayout``).
To keep that simple the view always runs in ``Custom`` zoom: "fit width" is done here by
computing the zoom factor, so the page geometry is a pure function of zoom, margins, spacing
and viewport, and Qt's own search highlights (which scale by the zoom factor) line up.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPoint, QPointF, QRect, QRectF, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QGuiApplication,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtPdf import QPdfDocument, QPdfSearchModel
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui.look import plain_label
from refmanager.gui.pdf_safety import PdfSafety
from refmanager.model import Location

HIGHLIGHT_FILL = QColor(255, 200, 0, 70)
HIGHLIGHT_EDGE = QColor(230, 120, 0, 220)
ZOOM_STEPS = (0.25, 0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0)
MARK_COLOUR = QColor(40, 120, 220)
PLACEHOLDER = "Drop PDFs here, or use File > Import PDFs... (Ctrl+O)"


def unsafe_message(path: Path, problem: str) -> str:
    """What the view shows in place of a PDF the probe refused."""
    return (
        f"{path.name}: this page cannot be shown safely ({problem}; a hostile or broken"
        " file?). Its references are in the table; Library > Open PDF in the system"
        " viewer opens it outside refmanager."
    )


MARKS = (("start", "The reference list starts here"), ("end", "The reference list ends here"))


class RefPdfView(QPdfView):
    """A QPdfView that can map between page points and viewport pixels.

    Signals:
        pageClicked(int, float, float): a click on 1-based page ``page`` at ``(x, y)`` in PDF
            user space (origin bottom left, as :class:`Location` boxes are).
        markRequested(str, int, float, float): the user marked where the document's list
            starts (``start``) or ends (``end``): page, x, y as for ``pageClicked``.
    """

    pageClicked = Signal(int, float, float)
    markRequested = Signal(str, int, float, float)
    loaded = Signal()  # a file that had to be checked first is shown now

    def __init__(self, parent: QWidget | None = None) -> None:
        if parent is None:
            super().__init__()
        else:
            super().__init__(parent)
        self.setPageMode(QPdfView.PageMode.MultiPage)
        self.setZoomMode(QPdfView.ZoomMode.Custom)
        self._fit_width = False
        self._set_fit(True)
        self._highlights: list[Location] = []
        self._marks: dict[str, tuple[int, float]] = {}  # start/end: (page, y) as marked

    # -- geometry ---------------------------------------------------------------------------
    def _resolution(self) -> float:
        screen = QGuiApplication.primaryScreen()
        return (screen.logicalDotsPerInch() if screen else 72.0) / 72.0

    def page_rects(self) -> dict[int, QRect]:
        """0-based page -> its rectangle in document (scroll-area content) coordinates."""
        doc = self.document()
        if doc is None or doc.status() != QPdfDocument.Status.Ready:
            return {}
        res = self._resolution()
        margins = self.documentMargins()
        sizes: dict[int, QRect] = {}
        total_width = 0
        for page in range(doc.pageCount()):
            size = QSizeF(doc.pagePointSize(page) * res * self.zoomFactor()).toSize()
            total_width = max(total_width, size.width())
            sizes[page] = QRect(QPoint(0, 0), size)
        total_width += margins.left() + margins.right()
        y = margins.top()
        viewport_width = self.viewport().width()
        for page in range(doc.pageCount()):
            rect = sizes[page]
            x = (max(total_width, viewport_width) - rect.width()) // 2
            rect.moveTopLeft(QPoint(x, y))
            y += rect.height() + self.pageSpacing()
        return sizes

    def _scroll_offset(self) -> QPoint:
        return QPoint(self.horizontalScrollBar().value(), self.verticalScrollBar().value())

    def points_to_viewport(self, page: int, bbox: Sequence[float]) -> QRectF:
        """A 1-based page's box in PDF points (origin bottom left) as a viewport rectangle."""
        doc = self.document()
        rects = self.page_rects()
        if doc is None or (page - 1) not in rects:
            return QRectF()
        size = doc.pagePointSize(page - 1)
        rect = rects[page - 1]
        scale = rect.width() / size.width() if size.width() else 1.0
        x0, y0, x1, y1 = bbox
        top = size.height() - max(y0, y1)
        out = QRectF(
            rect.left() + min(x0, x1) * scale,
            rect.top() + top * scale,
            abs(x1 - x0) * scale,
            abs(y1 - y0) * scale,
        )
        return out.translated(-QPointF(self._scroll_offset()))

    def viewport_to_points(self, pos: QPointF) -> tuple[int, float, float] | None:
        """A viewport position as (1-based page, x, y) in PDF points, or None off the pages."""
        doc = self.document()
        content = pos + QPointF(self._scroll_offset())
        for page, rect in self.page_rects().items():
            if QRectF(rect).contains(content):
                size = doc.pagePointSize(page)
                scale = rect.width() / size.width() if size.width() else 1.0
                x = (content.x() - rect.left()) / scale
                y = size.height() - (content.y() - rect.top()) / scale
                return page + 1, x, y
        return None

    # -- zoom -------------------------------------------------------------------------------
    def fit_width(self) -> bool:
        return self._fit_width

    def _set_fit(self, on: bool) -> None:
        """Fit width on or off. While on, the pages are never wider than the viewport: no
        horizontal scroll bar (as needed, Qt could keep it and the vertical one shown
        together after a resize, each needed only because of the other)."""
        self._fit_width = on
        self.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if on else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )

    def set_fit_width(self, on: bool) -> None:
        self._set_fit(on)
        if on:
            self._apply_fit_width()

    def _apply_fit_width(self) -> None:
        """Zoom so that the widest page fills the viewport's width, less the vertical scroll
        bar when the pages at that width are taller than the viewport.

        The width is worked out from the viewport as it is without scroll bars, never from
        the viewport as it is now: the zoom then does not depend on whether the bar is
        shown. (From the viewport as it was, a page that needed the bar at the full width
        but not at the width left beside it made the bar come and go, each time resizing
        the viewport and changing the zoom again: the window spun at full CPU for panes of
        such a size, e.g. 500 x 685-689 px for the sample paper.)"""
        doc = self.document()
        if doc is None or doc.status() != QPdfDocument.Status.Ready or doc.pageCount() == 0:
            return
        pages = [doc.pagePointSize(p) for p in range(doc.pageCount())]
        widest = max(size.width() for size in pages) * self._resolution()
        margins = self.documentMargins()
        room = self.maximumViewportSize()  # the viewport with no scroll bar shown
        available = room.width() - margins.left() - margins.right()
        if widest <= 0 or available <= 50:
            return
        # the pages' height at that width as QPdfView lays them out: each page rounded to
        # whole pixels, followed by the spacing (the last one too), within the margins
        scale = self._resolution() * available / widest
        tall = sum(int(size.height() * scale + 0.5) + self.pageSpacing() for size in pages)
        if tall + margins.top() + margins.bottom() > room.height():
            available -= self.verticalScrollBar().sizeHint().width()  # leave the bar room
        if available > 50:
            self.setZoomFactor(available / widest)

    def set_zoom(self, factor: float) -> None:
        self._set_fit(False)
        self.setZoomFactor(max(0.1, min(8.0, factor)))

    def zoom_step(self, direction: int) -> None:
        current = self.zoomFactor()
        if direction > 0:
            bigger = [z for z in ZOOM_STEPS if z > current + 1e-3]
            self.set_zoom(bigger[0] if bigger else ZOOM_STEPS[-1])
        else:
            smaller = [z for z in ZOOM_STEPS if z < current - 1e-3]
            self.set_zoom(smaller[-1] if smaller else ZOOM_STEPS[0])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit_width:
            self._apply_fit_width()

    # -- highlight and clicks ---------------------------------------------------------------
    def set_highlights(self, locations: Sequence[Location]) -> None:
        self._highlights = list(locations)
        self.viewport().update()

    def highlights(self) -> list[Location]:
        return list(self._highlights)

    def scroll_to(self, location: Location) -> None:
        """Scroll so that the box is in view, a little below the top edge."""
        if (location.page - 1) not in self.page_rects():
            return  # no document, or not this page
        bar = self.verticalScrollBar()
        target = int(self.points_to_viewport(location.page, location.bbox).top()) + bar.value() - 40
        bar.setValue(max(bar.minimum(), min(bar.maximum(), target)))
        self.pageNavigator().update(location.page - 1, QPointF(0, 0), self.zoomFactor())

    def current_page(self) -> int:
        """The 1-based page at the middle of the viewport."""
        middle = self.verticalScrollBar().value() + self.viewport().height() // 2
        best = 1
        for page, rect in sorted(self.page_rects().items()):
            if rect.top() <= middle:
                best = page + 1
        return best

    def set_marks(self, marks: dict[str, tuple[int, float]]) -> None:
        """Show where the user marked the list's start and end (dashed lines)."""
        self._marks = dict(marks)
        self.viewport().update()

    def marks(self) -> dict[str, tuple[int, float]]:
        return dict(self._marks)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._highlights and not self._marks:
            return
        painter = QPainter(self.viewport())
        for kind, (page, y) in self._marks.items():
            size = self.document().pagePointSize(page - 1)
            line = self.points_to_viewport(page, (0.0, y, size.width(), y))
            painter.setPen(QPen(MARK_COLOUR, 2, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(line.left(), line.top()), QPointF(line.right(), line.top()))
            painter.drawText(QPointF(line.left() + 4, line.top() - 4), f"list {kind}s here")
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(HIGHLIGHT_EDGE, 2))
        painter.setBrush(HIGHLIGHT_FILL)
        for loc in self._highlights:
            rect = self.points_to_viewport(loc.page, loc.bbox).adjusted(-3, -2, 3, 2)
            if not rect.isEmpty():
                painter.drawRoundedRect(rect, 3, 3)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            hit = self.viewport_to_points(event.position())
            if hit is not None:
                self.pageClicked.emit(*hit)
        super().mousePressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Right-click on a page: mark where the document's list starts or ends there."""
        hit = self.viewport_to_points(QPointF(event.pos()))
        if hit is None:
            return
        page, x, y = hit
        menu = QMenu(self)
        for kind, text in MARKS:
            action = menu.addAction(text)
            action.setData(kind)
        chosen = menu.exec(event.globalPos())
        if chosen is not None:
            self.markRequested.emit(str(chosen.data()), page, x, y)


class PdfPane(QWidget):
    """The PDF view with its toolbar: page, zoom, fit width, find in the PDF.

    Signals:
        pageClicked(int, float, float): forwarded from the view.
    """

    pageClicked = Signal(int, float, float)
    markRequested = Signal(str, int, float, float)
    loaded = Signal()  # a file that had to be checked first is shown now

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = QPdfDocument(self)
        self.search_model = QPdfSearchModel(self)
        self.search_model.setDocument(self.document)
        self.view = self._attach(RefPdfView(self), self.document)
        self.path: Path | None = None
        # every new file is drawn by a throwaway process first (issue 26 defect 3)
        self.safety = PdfSafety(self)
        self.safety.judged.connect(self._judged)
        self._pending: Path | None = None
        self._cursor: tuple[int, float, float] | None = None  # see cursor_point
        self.pageClicked.connect(self._clicked)

        self.toolbar = QToolBar("PDF", self)
        self.toolbar.setObjectName("pdfToolbar")
        # compact: arrows for the pages, short words for zoom (their tooltips say more)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.page_spin = QSpinBox(self)
        self.page_spin.setMinimum(1)
        self.page_spin.setAccessibleName("Page")
        self.page_spin.setToolTip("Page")
        self.page_spin.valueChanged.connect(self._go_to_spin_page)
        self.page_total = plain_label(QLabel(" / 0 ", self))
        self.act_prev = QAction("Previous page", self)
        self.act_prev.setIconText("▲")
        self.act_prev.setShortcut(QKeySequence(Qt.Key.Key_PageUp | Qt.KeyboardModifier.AltModifier))
        self.act_prev.triggered.connect(lambda: self.go_to_page(self.view.current_page() - 1))
        self.act_next = QAction("Next page", self)
        self.act_next.setIconText("▼")
        self.act_next.setShortcut(
            QKeySequence(Qt.Key.Key_PageDown | Qt.KeyboardModifier.AltModifier)
        )
        self.act_next.triggered.connect(lambda: self.go_to_page(self.view.current_page() + 1))
        self.act_zoom_in = QAction("Zoom in", self)
        self.act_zoom_in.setIconText("+")
        self.act_zoom_in.setShortcut(QKeySequence.StandardKey.ZoomIn)
        self.act_zoom_in.triggered.connect(lambda: self.view.zoom_step(+1))
        self.act_zoom_out = QAction("Zoom out", self)
        self.act_zoom_out.setIconText("−")
        self.act_zoom_out.setShortcut(QKeySequence.StandardKey.ZoomOut)
        self.act_zoom_out.triggered.connect(lambda: self.view.zoom_step(-1))
        self.act_fit_width = QAction("Fit width", self)
        self.act_fit_width.setIconText("Fit")
        self.act_fit_width.setCheckable(True)
        self.act_fit_width.setChecked(True)
        self.act_fit_width.toggled.connect(self._set_fit_width)
        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText("Find in PDF")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.setMinimumWidth(56)  # the toolbar fits a narrow pane (1024x700)
        self.find_edit.setMaximumWidth(200)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_timer = QTimer(self)
        self.find_timer.setSingleShot(True)
        self.find_timer.setInterval(250)
        self.find_timer.timeout.connect(self._apply_find)
        self.find_edit.textChanged.connect(lambda _t: self.find_timer.start())
        self.find_status = plain_label(QLabel("", self))
        self._find_index = -1

        for action in (
            self.act_prev,
            self.act_next,
            self.act_zoom_in,
            self.act_zoom_out,
            self.act_fit_width,
        ):
            action.setToolTip(action.text())
        for widget_or_action in (
            self.act_prev,
            self.page_spin,
            self.page_total,
            self.act_next,
            None,
            self.act_zoom_out,
            self.act_zoom_in,
            self.act_fit_width,
            None,
            self.find_edit,
            self.find_status,
        ):
            if widget_or_action is None:
                self.toolbar.addSeparator()
            elif isinstance(widget_or_action, QAction):
                self.toolbar.addAction(widget_or_action)
            else:
                self.toolbar.addWidget(widget_or_action)

        self.placeholder = plain_label(QLabel(PLACEHOLDER, self))  # names files
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.placeholder, 1)
        self._show_placeholder(PLACEHOLDER)  # no paper yet: no page ("– / 0", not "1 / 0")

    def _attach(self, view: RefPdfView, document: QPdfDocument) -> RefPdfView:
        """Show ``document`` (loaded, ready) in ``view`` and wire the view to the pane."""
        view.setDocument(document)
        view.setSearchModel(self.search_model)
        view.pageClicked.connect(self.pageClicked)
        view.markRequested.connect(self.markRequested)
        view.zoomFactorChanged.connect(self._sync_fit_action)
        view.verticalScrollBar().valueChanged.connect(self._sync_page_spin)
        return view

    def _clicked(self, page: int, x: float, y: float) -> None:
        self._cursor = (page, x, y)

    def cursor_point(self) -> tuple[int, float, float] | None:
        """Where the user last pointed in this PDF: the last click on a page, or the text
        Find in PDF last went to (page, x, y in PDF points); None before either."""
        return self._cursor

    def _set_fit_width(self, on: bool) -> None:
        self.view.set_fit_width(on)  # the view of the paper shown now

    def _sync_fit_action(self, _factor: float) -> None:
        self.act_fit_width.blockSignals(True)
        self.act_fit_width.setChecked(self.view.fit_width())
        self.act_fit_width.blockSignals(False)

    def load(self, path: Path | None) -> bool:
        """Show ``path`` (None or a missing file: show the placeholder). True if it loaded.

        Each file is loaded into a new ``QPdfDocument`` and shown in a new view; the view
        and document on screen are never closed or reloaded under one another. QtPdf's view
        asks its render thread for each page and keeps whatever image comes back for that
        page number: a page rendered from the previous file, or from a document being
        closed (an empty image), arrived after the switch and was kept, so a page showed the
        wrong paper or stayed blank until the zoom changed (issue 12). A request the thread
        took while the document was reloading was never answered at all.
        """
        ready = self.document.status() == QPdfDocument.Status.Ready
        if path is not None and self.path == path and ready:
            return True
        self.view.set_highlights([])
        self.path = None
        self._cursor = None
        if path is None or not path.is_file():
            self._pending = None
            self.safety.stop()
            self._show_placeholder(PLACEHOLDER)
            return False
        verdict = self.safety.verdict(path)
        if verdict is None:  # not checked yet: shown (or refused) when the probe is done
            if self._pending != path or self.safety.checking() != path:
                self._pending = path
                self.safety.check(path)
            self._show_placeholder(f"Checking {path.name} before showing it...")
            return False
        self._pending = None
        if verdict:
            self._show_placeholder(unsafe_message(path, verdict))
            return False
        return self._show(path)

    def checking(self) -> bool:
        """Whether a file asked for is still being checked before it is shown."""
        return self._pending is not None

    def _judged(self, path: str, problem: str) -> None:
        if self._pending is None or str(self._pending) != path:
            return
        pending, self._pending = self._pending, None
        if problem:
            self._show_placeholder(unsafe_message(pending, problem))
        elif self._show(pending):
            self.loaded.emit()

    def _show(self, path: Path) -> bool:
        document = QPdfDocument(self)
        error = document.load(str(path))
        if error != QPdfDocument.Error.None_:
            document.deleteLater()
            self._show_placeholder(f"Cannot show {path.name}: {error.name}")
            return False
        self._replace_view(document)
        self.search_model.setDocument(document)
        self.path = path
        self.placeholder.hide()
        self.view.show()
        self.page_spin.setEnabled(True)
        self.page_spin.setSpecialValueText("")
        self.page_spin.setMinimum(1)
        self.page_spin.setMaximum(max(1, document.pageCount()))
        self.page_total.setText(f" / {document.pageCount()} ")
        if self.view.fit_width():
            self.view.set_fit_width(True)
        self._sync_page_spin(0)  # this paper's page, not the one the last paper was on
        self._apply_find()
        return True

    def _replace_view(self, document: QPdfDocument) -> None:
        """A new view on ``document`` in place of the current one, with its zoom and marks.

        The old view goes with its document: deleting the view first stops its render
        thread, then its document, which that thread may still have been drawing, goes.
        """
        old_view, old_document = self.view, self.document
        view = self._attach(RefPdfView(self), document)
        view.set_marks(old_view.marks())
        if old_view.fit_width():
            view.set_fit_width(True)
        else:
            view.set_zoom(old_view.zoomFactor())
        layout = self.layout()
        assert layout is not None
        layout.replaceWidget(old_view, view)
        self.view, self.document = view, document
        old_view.hide()
        old_view.destroyed.connect(old_document.deleteLater)
        old_view.deleteLater()

    def set_marks(self, marks: dict[str, tuple[int, float]]) -> None:
        """Show where the user marked the list's start and end."""
        self.view.set_marks(marks)

    def _show_placeholder(self, message: str) -> None:
        """No PDF to show: the view is hidden (its document kept, never closed under it)."""
        self.view.hide()
        self.placeholder.setText(message)
        self.placeholder.show()
        self.page_spin.blockSignals(True)
        self.page_spin.setMinimum(0)
        self.page_spin.setSpecialValueText("–")  # no document: no page (was "6 / 0")
        self.page_spin.setValue(0)
        self.page_spin.blockSignals(False)
        self.page_spin.setEnabled(False)
        self.page_total.setText(" / 0 ")

    def page_count(self) -> int:
        return self.document.pageCount() if self.path is not None else 0

    def go_to_page(self, page: int) -> None:
        """Scroll to the top of a 1-based page."""
        count = self.page_count()
        if count == 0:
            return
        page = max(1, min(count, page))
        rects = self.view.page_rects()
        if page - 1 in rects:
            self.view.verticalScrollBar().setValue(rects[page - 1].top())
        self.view.pageNavigator().update(page - 1, QPointF(0, 0), self.view.zoomFactor())

    def show_locations(self, locations: Sequence[Location]) -> None:
        """Highlight an entry's boxes and scroll to the first one."""
        self.view.set_highlights(locations)
        if locations:
            self.view.scroll_to(locations[0])

    def _go_to_spin_page(self, page: int) -> None:
        if page != self.view.current_page():
            self.go_to_page(page)

    def _sync_page_spin(self, _value: int) -> None:
        self.page_spin.blockSignals(True)
        self.page_spin.setValue(self.view.current_page())
        self.page_spin.blockSignals(False)

    # -- find in PDF ------------------------------------------------------------------------
    def _apply_find(self) -> None:
        self.search_model.setSearchString(self.find_edit.text())
        self._find_index = -1
        self.view.setCurrentSearchResultIndex(-1)
        QTimer.singleShot(0, self, self._report_find)  # dropped if the pane is gone

    def _report_find(self) -> None:
        text = self.find_edit.text()
        if not text:
            self.find_status.setText("")
            return
        count = self.search_model.rowCount(QModelIndex())
        self.find_status.setText(f" {count} found " if count else " not found ")

    def find_next(self) -> None:
        count = self.search_model.rowCount(QModelIndex())
        if count == 0:
            self._report_find()
            return
        self._find_index = (self._find_index + 1) % count
        self.view.setCurrentSearchResultIndex(self._find_index)
        link = self.search_model.resultAtIndex(self._find_index)
        rects = link.rectangles()
        if rects:
            box = rects[0]
            size = self.document.pagePointSize(link.page())
            loc = Location(
                link.page() + 1,
                (box.left(), size.height() - box.bottom(), box.right(), size.height() - box.top()),
            )
            self.view.scroll_to(loc)
            middle = (loc.bbox[1] + loc.bbox[3]) / 2
            self._cursor = (loc.page, (loc.bbox[0] + loc.bbox[2]) / 2, middle)
        self.find_status.setText(f" {self._find_index + 1} of {count} ")
