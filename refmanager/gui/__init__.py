"""The PySide6 desktop window: the PDF beside an editable table of its references.

This is the only package that imports PySide6. Every use case goes through
``refmanager.service``; nothing here talks to SQLite, the PDF reader or the parser directly.
Entry point: :func:`refmanager.gui.app.run`.
"""
