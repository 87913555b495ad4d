"""``rgb_array`` frames: the game's map as the map renderer draws it, with the view's units and markers on top.

The base map is drawn once per game and process by ``westfront.geo.render`` (the
same code as ``westfront map render``) and kept in memory; each frame only paints
the counters of one view over a copy of it, so a frame per decision is cheap.
"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from ..core.hexgrid import grid_for
from ..games import registry
from ..geo.fonts import font as _font
from ..geo.render import _Frame, render_map
from ..geo.render_p2p import render_p2p

SIDE_COLOURS = ("#1f4e9e", "#b3261e", "#2e7d32", "#7b1fa2")
P2P_SIZE = 700
P2P_PAD = 60


def _hex_px(raw: dict[str, Any]) -> float:
    grid = grid_for(raw["grid"]["scheme"])
    cols = {grid.to_offset(grid.to_axial(lab))[0] for lab in raw["hexes"]}
    return float(max(8.0, min(28.0, 900.0 / (1.5 * max(1, len(cols))))))


@cache
def base_frame(game_id: str) -> tuple[np.ndarray, dict[str, tuple[float, float]], float]:
    """The map without counters (H×W×3 uint8), pixel centres of every location, counter size in pixels."""
    raw = json.loads(Path(registry.module(game_id).MAP_FILE).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.png"
        if raw.get("schema") == "westfront-p2p/1":
            render_p2p(raw, out, size=P2P_SIZE)
            nodes = raw.get("nodes") or raw.get("spaces") or {}
            if isinstance(nodes, dict):
                nodes = [{"id": k, **v} for k, v in nodes.items()]
            centres = {n["id"]: (P2P_PAD + n["xy"][0] * P2P_SIZE, P2P_PAD + n["xy"][1] * P2P_SIZE)
                       for n in nodes if "xy" in n}
            size = 9.0
        else:
            px = _hex_px(raw)
            render_map(raw, out, hex_px=px, labels=False, max_bytes=1 << 40)
            fr = _Frame(grid_for(raw["grid"]["scheme"]), list(raw["hexes"]), px, margin=px * 2, legend_w=px * 16)
            centres = {lab: fr.center(lab) for lab in raw["hexes"]}
            size = px * 0.55
        img = np.asarray(Image.open(out).convert("RGB")).copy()
    return img, centres, size


def draw(game_id: str, view: dict[str, Any], players: tuple[str, ...]) -> np.ndarray:
    """One frame: the base map with ``view``'s units (a square per stack, its step total written in)
    and markers (a small dot in the owner's colour)."""
    base, centres, size = base_frame(game_id)
    img = Image.fromarray(base)
    dr = ImageDraw.Draw(img)
    font = _font(max(7, int(size * 0.9)))

    def colour(side: Any) -> str:
        return SIDE_COLOURS[players.index(side) % len(SIDE_COLOURS)] if side in players else "#555555"

    for mk in view.get("markers") or []:
        c = centres.get(mk.get("hex"))
        if c:
            r = size * 0.35
            x, y = c[0] + size * 0.9, c[1] - size * 0.9
            dr.ellipse([x - r, y - r, x + r, y + r], fill=colour(mk.get("side")), outline="white")
    stacks: dict[tuple[str, Any], float] = {}
    for u in view.get("units") or []:
        if u.get("hex") in centres:
            steps = u.get("steps")
            key = (u["hex"], u.get("side"))
            stacks[key] = stacks.get(key, 0) + (steps if isinstance(steps, int | float) else 1)
    for (hx, side), steps in sorted(stacks.items(), key=lambda kv: str(kv[0])):
        x, y = centres[hx]
        off = size * 0.3 * (players.index(side) if side in players else 0)
        x, y = x + off, y + off
        dr.rectangle([x - size, y - size, x + size, y + size], fill=colour(side), outline="white")
        dr.text((x, y), str(int(steps)), fill="white", font=font, anchor="mm")
    return np.asarray(img, dtype=np.uint8).copy()
