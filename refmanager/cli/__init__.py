"""Command-line front end. ``arguments`` declares every sub-command (its help, its
arguments and the module that runs it) without importing any use case; each sub-command's
``run(args) -> int`` lives in its own module, ``<name>_cmd``, imported only to run it."""
