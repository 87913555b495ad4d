"""JSON for answers and pushes: orjson (several times quicker than the standard library on a
20 KB view), the standard library for what orjson refuses (integers beyond 64 bits, such as a
public 128-bit seed; lone surrogates; unknown types, written with ``str``)."""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency
    orjson = None  # type: ignore[assignment]


def dumps(obj: Any) -> bytes:
    """Compact JSON as UTF-8 bytes (key order kept, non-string keys as strings)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj, default=str, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:
            pass
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, default=str).encode()


def dumps_text(obj: Any) -> str:
    """:func:`dumps` as text (websocket text frames)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, default=str)
