"""The status bar: counts, the progress of background work (with Cancel), and Undo offered
after a delete or a tag."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QToolButton

from refmanager.gui.jobs import Job, JobRunner
from refmanager.gui.look import plain_label, plain_tip

UNDO_OFFER_MS = 10_000  # how long the status bar offers Undo after a delete or a tag


class StatusArea(QObject):
    """The window's status bar; every runner's jobs show their progress here."""

    def __init__(
        self, bar: QStatusBar, undo_stack: QUndoStack, runners: tuple[JobRunner, ...]
    ) -> None:
        super().__init__(bar)
        self.bar = bar
        self.undo_stack = undo_stack
        self.runners = runners
        self._hint = ""  # the line saying what a drag would do, while one moves
        self.undo_offer = QToolButton(bar)
        self.undo_offer.setObjectName("undoOffer")
        self.undo_offer.setText("Undo")
        self.undo_offer.clicked.connect(self._undo_offered)
        self.undo_offer.hide()
        bar.addWidget(self.undo_offer)
        self.undo_offer_timer = QTimer(self)
        self.undo_offer_timer.setSingleShot(True)
        self.undo_offer_timer.setInterval(UNDO_OFFER_MS)
        self.undo_offer_timer.timeout.connect(self.undo_offer.hide)
        self.counts_label = plain_label(QLabel(bar))
        self.counts_label.setObjectName("counts")
        bar.addPermanentWidget(self.counts_label)
        self.job_label = plain_label(QLabel(bar))  # names files
        self.progress = QProgressBar(bar)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(True)
        self.cancel_button = QToolButton(bar)
        self.cancel_button.setText("Cancel")
        for runner in runners:
            self.cancel_button.clicked.connect(runner.cancel_all)
            runner.started.connect(self.job_started)
            runner.idle.connect(self.jobs_idle)
        for widget in (self.job_label, self.progress, self.cancel_button):
            bar.addPermanentWidget(widget)
            widget.hide()

    def notify(self, message: str, msecs: int = 6000) -> None:
        self.undo_offer.hide()
        self.bar.showMessage(message, msecs)

    def hint(self, message: str) -> None:
        """What a drag would do if dropped now; "" once it has left or dropped (the line
        is cleared only if it is still the hint)."""
        if message:
            self.undo_offer.hide()
            self.bar.showMessage(message)
            self._hint = message
        elif self._hint:
            if self.bar.currentMessage() == self._hint:
                self.bar.clearMessage()
            self._hint = ""

    def offer_undo(self, message: str) -> None:
        self.bar.showMessage(message, UNDO_OFFER_MS)
        self.undo_offer.setToolTip(plain_tip(self.undo_stack.undoText()))  # names a tag
        self.undo_offer.show()
        self.undo_offer_timer.start()

    def _undo_offered(self) -> None:
        self.undo_offer.hide()
        self.bar.clearMessage()
        self.undo_stack.undo()

    def job_started(self, job: Job) -> None:
        self.job_label.setText(job.name)
        self.progress.setRange(0, 0)
        for widget in (self.job_label, self.progress, self.cancel_button):
            widget.show()

    def job_progress(self, done: int, total: int, message: str) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        if message:
            self.job_label.setText(message)

    def jobs_idle(self) -> None:
        if any(runner.busy() for runner in self.runners):
            return
        for widget in (self.job_label, self.progress, self.cancel_button):
            widget.hide()
