"""Canonical JSON and the short digests made of it (state hashes, save checksums, position keys).

The canonical form is ``json.dumps(obj, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)``: every stored hash was made of it, so its bytes must never
change. orjson writes the same bytes several times faster (a state hash is part
of every move the server records) for the data game states hold — strings,
dicts with string keys, lists, bools, ints of up to 64 bits — and refuses what
it would write differently (integers beyond 64 bits such as the server's secret
seeds, non-string keys, lone surrogates): then the parts it refuses, and any
text that holds something that could be a float Python would spell in
exponent form, are written by the standard library instead. Other floats come out identically
(both write the shortest round-tripping digits); NaN and infinities, which no
state may hold, are the one difference left (``tests/core/test_canon.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; the standard library gives the same text
    orjson = None  # type: ignore[assignment]

_OPTIONS = 0 if orjson is None else (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
                                     | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS)
# the floats the two spell differently are the small ones Python writes as 1e-05 or 2.5e-08: orjson
# writes 0.00001 and 2.5e-8. Text holding one of these (or a string that looks like one: harmless,
# it only takes the slow path) is written again by the standard library. A state without floats
# has no "." at all (one memchr); "e-" after a digit is a regular expression with a literal start
# (fast; a character class at the start would make re ten times slower than the encoder).
_DIGIT_E_MINUS = re.compile(rb"e-(?<=[0-9]e-)")


def _maybe_small_float(out: bytes) -> bool:
    return (b"." in out and b"0.0000" in out) or _DIGIT_E_MINUS.search(out) is not None


def digest(obj: Any) -> str:
    """A short stable hash of JSON-able data (what ``State.hash`` is made of)."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()[:32]


def canonical_json(obj: Any) -> str:
    out = _fast(obj)
    return out.decode() if out is not None else slow_canonical_json(obj)


def canonical_bytes(obj: Any) -> bytes:
    """``canonical_json(obj)`` as UTF-8 bytes."""
    out = _fast(obj)
    return out if out is not None else slow_canonical_json(obj).encode()


def slow_canonical_json(obj: Any) -> str:
    """The definition of the canonical form (the standard library's encoder)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _fast(obj: Any) -> bytes | None:
    """The canonical bytes written mostly by orjson, or None where only the standard library can."""
    if orjson is None:
        return None
    out = _orjson_or_parts(obj)
    return None if out is None or _maybe_small_float(out) else out


def _orjson_or_parts(obj: Any) -> bytes | None:
    """orjson's text of ``obj``; where it refuses (orjson.JSONEncodeError: a big int, a non-string key,
    a surrogate, a subclass), a dict or list is written part by part, so that only the parts it
    refuses — a state's 128-bit seed in ``meta`` — go to the standard library."""
    try:
        return orjson.dumps(obj, option=_OPTIONS)
    except TypeError:
        pass
    if type(obj) is dict and all(type(k) is str for k in obj):
        parts = []
        for k in sorted(obj):
            try:
                kb = orjson.dumps(k)
            except TypeError:  # a lone surrogate
                return None
            vb = _orjson_or_parts(obj[k])
            if vb is None:
                return None
            parts.append(kb + b":" + vb)
        return b"{" + b",".join(parts) + b"}"
    if type(obj) in (list, tuple):
        items = []
        for x in obj:
            xb = _orjson_or_parts(x)
            if xb is None:
                return None
            items.append(xb)
        return b"[" + b",".join(items) + b"]"
    try:
        return slow_canonical_json(obj).encode()
    except UnicodeEncodeError:
        return None
