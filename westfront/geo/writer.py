"""Deterministic, reviewable JSON for ``map.json``.

Top-level keys keep the schema's order; inside ``hexes`` and ``hexsides``
there is one entry per line so a diff shows exactly which hexes changed; floats
are already rounded by the builder. No timestamps: the same inputs give the
same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ONE_PER_LINE = ("hexes", "hexsides", "spaces", "links")


def dumps_map(m: dict[str, Any]) -> str:
    parts = []
    for key, value in m.items():
        k = json.dumps(key)
        if key in ONE_PER_LINE and isinstance(value, dict):
            inner = ",\n".join(f"  {json.dumps(hk)}: {_compact(hv)}" for hk, hv in value.items())
            parts.append(f" {k}: {{\n{inner}\n }}" if value else f" {k}: {{}}")
        elif key in ONE_PER_LINE and isinstance(value, list):
            inner = ",\n".join(f"  {_compact(v)}" for v in value)
            parts.append(f" {k}: [\n{inner}\n ]" if value else f" {k}: []")
        elif key in ("places", "extra", "zones", "lines", "boxes"):
            parts.append(f" {k}: {_one_level(value)}")
        else:
            parts.append(f" {k}: {json.dumps(value, ensure_ascii=False, indent=1).replace(chr(10), chr(10) + ' ')}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _compact(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _one_level(v: Any) -> str:
    """Lists/dicts with one compact element per line."""
    if isinstance(v, dict):
        if not v:
            return "{}"
        inner = ",\n".join(f"  {json.dumps(k, ensure_ascii=False)}: {_compact(x)}" for k, x in v.items())
        return "{\n" + inner + "\n }"
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + ",\n".join(f"  {_compact(x)}" for x in v) + "\n ]"
    return _compact(v)


def dumps_geometry(g: dict[str, Any]) -> str:
    """``geometry.json``: one top-level key per line, one river or town per line."""
    parts = []
    for key, value in g.items():
        if key in ("rivers", "towns", "water", "streams"):
            parts.append(f" {json.dumps(key)}: {_one_level(value)}")
        else:
            parts.append(f" {json.dumps(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write_map(m: dict[str, Any], path: Path) -> bool:
    """Write if changed; returns True when the file changed."""
    text = dumps_map(m)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True
