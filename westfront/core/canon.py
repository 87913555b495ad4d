"""Canonical JSON and the short digests made of it (state hashes, save checksums, position keys)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def digest(obj: Any) -> str:
    """A short stable hash of JSON-able data (what ``State.hash`` is made of)."""
    return hashlib.sha256(canonical_json(obj).encode()).hexdigest()[:32]


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
