"""Which compiled kernels are in use (issue 34): ``westfront.core._kernels`` when ``pip install`` built it, else none.

The compiled module (``_kernels.pyx``) holds twins of a few kit functions (``bitboard.bits``/``pick``, the
``Dilator`` floods, ``actions.act``) with identical results; ``bitboard.py`` and ``actions.py`` take them from
``KERNELS`` at import and keep their pure-Python code as the fallback. ``WESTFRONT_PURE=1`` forces the fallback
(tests compare both; a machine without a compiler simply has no ``_kernels`` and runs pure).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def load() -> ModuleType | None:
    """The compiled module, or None when it was not built or ``WESTFRONT_PURE`` is set (to anything but 0/empty)."""
    if os.environ.get("WESTFRONT_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("westfront.core._kernels")
    except ImportError:
        return None


KERNELS: ModuleType | None = load()
"""The compiled kernels in use in this process, or None (pure Python)."""

__all__ = ["KERNELS", "load"]
