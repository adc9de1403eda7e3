"""Nothing but a forwarding name: the use cases that lived here are in modules named for
what they do (``importing``, ``editing``, ``citations``, ``page_links``, ``training``,
``library_ops``, ``exchange``).

``refmanager.service.parsing.correct`` (the parser engineer's module) still imports
``correct_field`` from here; remove this module once it imports it from
``refmanager.service.editing``.
"""

from __future__ import annotations

from refmanager.service.editing import correct_field

__all__ = ["correct_field"]
