"""Import pypdf without loading ``cryptography`` until a file is encrypted.

pypdf imports its crypto provider (``cryptography``, about 40 ms) as soon as ``pypdf`` is
imported, although only encrypted files need it. ``defer()``, called before pypdf's first
import, puts a stand-in for ``pypdf._crypt_providers._cryptography`` in ``sys.modules``:
its names load the real provider on first use, in pypdf's own order of preference
(cryptography, then pycryptodome, then pypdf's pure-Python fallback). pypdf is pinned
exactly (docs/decisions/0003), and tests/pdf checks both that a plain file leaves
``cryptography`` unloaded and that encrypted files (RC4 and AES) still open.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from typing import Any

_NAME = "pypdf._crypt_providers._cryptography"
_EXPORTS = (
    "CryptAES",
    "CryptRC4",
    "aes_cbc_decrypt",
    "aes_cbc_encrypt",
    "aes_ecb_decrypt",
    "aes_ecb_encrypt",
    "rc4_decrypt",
    "rc4_encrypt",
)
_real: list[types.ModuleType] = []


def _provider() -> types.ModuleType:
    """The real crypto provider, loaded once (the first one that imports)."""
    if _real:
        return _real[0]
    package = sys.modules["pypdf._crypt_providers"]
    module: types.ModuleType | None = None
    spec = importlib.machinery.PathFinder.find_spec(_NAME, list(package.__path__))
    if spec is not None and spec.loader is not None:
        candidate = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(candidate)
            module = candidate
        except ImportError:
            module = None
    if module is None:
        try:
            module = importlib.import_module("pypdf._crypt_providers._pycryptodome")
        except ImportError:
            module = importlib.import_module("pypdf._crypt_providers._fallback")
    sys.modules[_NAME] = module
    _real.append(module)
    return module


def _forward(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(_provider(), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


def defer() -> None:
    """Install the stand-in, unless pypdf (or the provider) is already imported."""
    if "pypdf" in sys.modules or _NAME in sys.modules:
        return
    stand_in = types.ModuleType(_NAME, "refmanager: pypdf's crypto provider, loaded on first use")
    for name in _EXPORTS:
        setattr(stand_in, name, _forward(name))
    # pypdf only formats this into a debug string at import time.
    stand_in.crypt_provider = ("cryptography", "loaded on first use")  # type: ignore[attr-defined]
    sys.modules[_NAME] = stand_in


def loaded() -> bool:
    """Whether the real provider has been loaded (for tests)."""
    return bool(_real)
