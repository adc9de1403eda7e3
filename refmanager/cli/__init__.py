"""Command-line front end. Each sub-command lives in its own module with
``add_arguments(parser)`` and ``run(args) -> int``; heavy imports happen inside ``run``."""
