"""The map's look in a PNG render: the geography a hex map was built from (``geometry.json``).

The same layers the browser draws (``web/js/mapart.js``) — off-map land, hill shading,
sea and lakes with their coast, streams, river courses and towns by population — so
``westfront map render`` previews the board players see. Presentation only: the rules
read the hex terrain and hexsides, which ``render.py`` draws on top.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw

OFFMAP_LAND = "#dcd6c4"  # land outside the playing area, and the land part of sea hexes
COAST = "#4f7ea6"
STREAM = (111, 159, 200, 180)
RIVER = {"major_river": ("#2d66a8", 0.16), "river": ("#3f7fc4", 0.09)}  # colour, width in hex radii
RELIEF_OPACITY = 0.7  # the shading is a hint of the hills, under the terrain colours
TOWN = {True: (91, 74, 58, 255), False: (143, 133, 118, 215)}  # a rules place / any other town

Point = Callable[[float, float], tuple[float, float]]


def load_geometry(map_path: Path) -> dict[str, Any] | None:
    """``geometry.json`` beside ``map_path``, or ``None`` when the map has none (p2p maps)."""
    p = map_path.with_name("geometry.json")
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else None


def town_radius(population: int) -> float:
    """Town dot radius in hex radii (the browser's sizes at its 40-pixel hexes)."""
    for least, r in ((1_000_000, 7.0), (300_000, 5.2), (100_000, 4.0), (30_000, 3.0)):
        if population >= least:
            return r / 40
    return 2.3 / 40


def draw_under(img: Image.Image, pt: Point, geo: dict[str, Any]) -> None:
    """Off-map land over the frame; the sea is drawn over it later."""
    x0, y0, x1, y1 = geo["frame"]
    ImageDraw.Draw(img).rectangle([pt(x0, y0), pt(x1, y1)], fill=OFFMAP_LAND)


def draw_over(img: Image.Image, pt: Point, geo: dict[str, Any], hex_px: float, water: str) -> Image.Image:
    """Relief, water and coast, streams, rivers and towns over the hex fills; returns the image
    (compositing the relief makes a new one)."""
    img = _relief(img, pt, geo["relief"])
    _water(img, pt, geo["water"], water, hex_px)
    dr = ImageDraw.Draw(img, "RGBA")
    w = max(1, round(hex_px * 0.035))
    for line in geo["streams"]:
        dr.line([pt(x, y) for x, y in line], fill=STREAM, width=w, joint="curve")
    for river in geo["rivers"].values():
        colour, width = RIVER.get(river["class"], RIVER["river"])
        for line in river["lines"]:
            dr.line([pt(x, y) for x, y in line], fill=colour, width=max(1, round(hex_px * width)), joint="curve")
    for t in geo["towns"]:
        cx, cy = pt(t["x"], t["y"])
        r = max(1.0, hex_px * town_radius(t["population"]))
        dr.ellipse([cx - r, cy - r, cx + r, cy + r], fill=TOWN[bool(t["place"])], outline="white")
    return img


def _relief(img: Image.Image, pt: Point, relief: dict[str, Any]) -> Image.Image:
    """The hill shading (a grey + alpha PNG) stretched over its bounds."""
    shade = Image.open(io.BytesIO(base64.b64decode(relief["png"]))).convert("LA")
    grey, alpha = shade.split()
    shade = Image.merge("LA", (grey, alpha.point(lambda a: round(a * RELIEF_OPACITY))))
    bx0, by0, bx1, by1 = relief["bounds"]
    (px0, py0), (px1, py1) = pt(bx0, by0), pt(bx1, by1)
    size = (max(1, round(px1 - px0)), max(1, round(py1 - py0)))
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    layer.paste(shade.resize(size, Image.Resampling.BILINEAR).convert("RGBA"), (round(px0), round(py0)))
    return Image.alpha_composite(img.convert("RGBA"), layer).convert("RGB")


def _water(img: Image.Image, pt: Point, rings: list[list[list[float]]], colour: str, hex_px: float) -> None:
    """Sea and lakes: rings filled even-odd (islands are holes), outlined as the coast."""
    mask = Image.new("1", img.size, 0)
    outlines = []
    for ring in rings:
        pts = [pt(x, y) for x, y in ring]
        if len(pts) < 3:
            continue
        layer = Image.new("1", img.size, 0)
        ImageDraw.Draw(layer).polygon(pts, fill=1)
        mask = ImageChops.logical_xor(mask, layer)
        outlines.append(pts)
    img.paste(Image.new("RGB", img.size, colour), (0, 0), mask)
    dr = ImageDraw.Draw(img)
    for pts in outlines:
        dr.line(pts + [pts[0]], fill=COAST, width=max(1, round(hex_px * 0.035)), joint="curve")
