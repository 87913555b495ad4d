"""Read committed maps and describe them (no geography package needed)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from .spec import map_path


def load_map_json(game: str, path: str | Path | None = None) -> dict[str, Any]:
    p = Path(path) if path else map_path(game)
    if not p.exists():
        raise FileNotFoundError(f"no map for {game!r} at {p}; build it with `westfront map build {game}`")
    return json.loads(p.read_text(encoding="utf-8"))


def show_json(m: dict[str, Any]) -> dict[str, Any]:
    """The map in the flat form ``westfront map show --json`` prints."""
    if m.get("schema") == "westfront-p2p/1":
        return {k: v for k, v in m.items() if k != "extra"}
    return {
        "game": m["game"],
        "title": m.get("title"),
        "grid": m["grid"],
        "terrain": m.get("terrain", {}),
        "hexes": [
            {
                "label": lab,
                "terrain": h["terrain"],
                "country": h.get("country"),
                "name": h.get("name"),
                "features": h.get("features", []),
            }
            for lab, h in m["hexes"].items()
        ],
        "hexsides": [{"id": sid, **s} for sid, s in m.get("hexsides", {}).items()],
        "places": m.get("places", []),
        "zones": m.get("zones", {}),
        "lines": m.get("lines", {}),
        "boxes": m.get("boxes", {}),
        "rivers": m.get("extra", {}).get("rivers", {}),
    }


def summary(m: dict[str, Any]) -> list[str]:
    """A few human-readable lines about a map."""
    if m.get("schema") == "westfront-p2p/1":
        return [
            f"{m.get('title', m['game'])} ({m['game']}): point-to-point",
            f"  {len(m['spaces'])} spaces, {len(m['links'])} links, areas: {', '.join(sorted(m.get('areas', {})))}",
        ]
    hexes = m["hexes"]
    terr = Counter(h["terrain"] for h in hexes.values())
    ctry = Counter(h.get("country") or "-" for h in hexes.values())
    feats = Counter(f for s in m.get("hexsides", {}).values() for f in s["features"])
    g = m["grid"]
    return [
        f"{m.get('title', m['game'])} ({m['game']}): {len(hexes)} hexes, {g['scheme']} grid, {g.get('hex_km')} km/hex",
        "  terrain:   " + ", ".join(f"{k} {v}" for k, v in terr.most_common()),
        "  countries: " + ", ".join(f"{k} {v}" for k, v in ctry.most_common()),
        "  hexsides:  " + ", ".join(f"{k} {v}" for k, v in feats.most_common()),
        f"  places {len(m.get('places', []))}, zones {len(m.get('zones', {}))}, lines {len(m.get('lines', {}))}, boxes {len(m.get('boxes', {}))}",
        "  zones:     " + ", ".join(sorted(m.get("zones", {}))),
    ]
