"""A PDF file to its bibliography entries and its own metadata.

``read_bibliography(path, password=None) -> Bibliography`` is the whole public API. It
raises ``refmanager.model.InputError`` for a file a user must fix (not a PDF, damaged,
encrypted with a password, no text layer) and never hangs on a hostile file: reading is
bounded in time and memory, and pages that cannot be read are named in ``notes``.
"""

from refmanager.pdf.pipeline import Bibliography, read_bibliography

__all__ = ["Bibliography", "read_bibliography"]
