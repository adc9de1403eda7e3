"""One window per library: a second ``refmanager gui FILE`` hands its files to the window
already open on that library (over a QLocalServer named after the library) and exits.

The message is one line of JSON: ``{"files": ["/abs/path.pdf", ...]}``. A name left by a
window that crashed is taken over.
"""

from __future__ import annotations

import getpass
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

CONNECT_MS = 1000
MAX_MESSAGE = 1 << 20  # a hand-over is a list of paths: a megabyte is plenty


def server_name(library: Path) -> str:
    """The local server's name for ``library`` (one per user and library folder)."""
    key = f"{getpass.getuser()}\0{Path(library).expanduser().resolve()}"
    return "refmanager-" + hashlib.sha256(key.encode()).hexdigest()[:24]


def hand_over(library: Path, files: Sequence[Path]) -> bool:
    """Give ``files`` to the window open on ``library``; False if there is none."""
    socket = QLocalSocket()
    socket.connectToServer(server_name(library))
    if not socket.waitForConnected(CONNECT_MS):
        return False
    message = json.dumps({"files": [str(Path(f).expanduser().resolve()) for f in files]})
    socket.write((message + "\n").encode())
    socket.waitForBytesWritten(CONNECT_MS)
    socket.disconnectFromServer()
    return True


class InstanceServer(QObject):
    """Listens for later launches on the same library.

    Signals:
        filesReceived(list): the paths a later launch handed over (maybe none: it asked
            for the window only).
    """

    filesReceived = Signal(list)

    def __init__(self, library: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(library)
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not self.server.listen(self.name):
            QLocalServer.removeServer(self.name)  # left by a window that is gone
            self.server.listen(self.name)
        self.server.newConnection.connect(self._connected)
        self._buffers: dict[QLocalSocket, bytearray] = {}

    def listening(self) -> bool:
        return self.server.isListening()

    def _connected(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            self._buffers[socket] = bytearray()
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._finish(s))

    def _read(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.get(socket)
        if buffer is None:
            return
        buffer += bytes(socket.readAll().data())
        if len(buffer) > MAX_MESSAGE:
            self._buffers.pop(socket, None)
            socket.abort()
        elif buffer.endswith(b"\n"):
            self._finish(socket)

    def _finish(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.pop(socket, None)
        socket.deleteLater()
        if not buffer:
            return
        try:
            message = json.loads(buffer.decode())
            files = [Path(f) for f in message["files"] if isinstance(f, str)]
        except (ValueError, KeyError, TypeError):
            return  # not from refmanager: ignored
        self.filesReceived.emit(files)
