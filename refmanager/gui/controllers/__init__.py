"""The window's controllers, one per concern: search, duplicates, import, export, editing.

Each gets the window as its :class:`~refmanager.gui.controllers.host.Host` (the session, the
command factory, the job runners, the table's selection and the error panel), owns the
widgets and the state of its concern, and makes changes only through the command factory.
"""
