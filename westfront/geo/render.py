"""Draw a ``map.json`` as a PNG with Pillow (no geography package needed).

Layers, bottom to top: off-map backdrop (the real coastline, faint), hexes in
their terrain colours, hex outlines, country borders along hexsides, rivers and
other hexside features, zone outlines, places with names, hex numbers, legend.
The same geometry (``Grid.center``/``corners`` with hex circumradius 1) is
what the web UI uses, so a render is a faithful preview of the playing map.
"""

from __future__ import annotations

import colorsys
import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from ..core.hexgrid import DIRECTIONS, Grid, grid_for
from .fonts import font
from .render_art import OFFMAP_LAND, draw_over, draw_under
from .render_p2p import render_p2p
from .spec import render_hex_px

SIDE_STYLE: dict[str, tuple[str, float]] = {
    # feature: (colour, width in hex radii)
    "major_river": ("#1747a6", 0.2),
    "river": ("#2f78d6", 0.12),
    "estuary": ("#1f5fbf", 0.16),
    "sea": ("#5aa0d8", 0.06),
    "dyke": ("#7a4a12", 0.14),
    "impassable": ("#222222", 0.14),
    "fortified": ("#c0282d", 0.12),
}
BORDER = "#6b3fa0"
LINE_COLOURS = ["#e0218a", "#ff7f0e", "#17becf", "#8c564b"]
PLACE_STYLE = {
    "capital": ("#000000", 0.30),
    "major_city": ("#202020", 0.28),
    "city": ("#303030", 0.18),
    "port": ("#1b4f8a", 0.18),
    "fortress": ("#9b1b1b", 0.22),
    "town": ("#404040", 0.13),
    "beach": ("#c98b00", 0.15),
}


def _zone_colour(k: int) -> str:
    h = (k * 0.61803398875) % 1.0
    r, g, b = colorsys.hsv_to_rgb(h, 0.85, 0.85)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


class _Frame:
    def __init__(self, grid: Grid, labels: list[str], size: float, margin: float, legend_w: float):
        self.grid = grid
        self.size = size
        xs, ys = [], []
        for lab in labels:
            for x, y in grid.corners(grid.to_axial(lab), size):
                xs.append(x)
                ys.append(y)
        self.x0 = min(xs) - margin
        self.y0 = min(ys) - margin - size * 1.5
        self.w = int(max(xs) - self.x0 + margin + legend_w)
        self.h = int(max(ys) - self.y0 + margin)
        self.map_right = max(xs) + margin - self.x0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        """Grid units (size 1) -> image pixels."""
        return (x * self.size - self.x0, y * self.size - self.y0)

    def corners(self, lab: str) -> list[tuple[float, float]]:
        return [(x - self.x0, y - self.y0) for x, y in self.grid.corners(self.grid.to_axial(lab), self.size)]

    def center(self, lab: str) -> tuple[float, float]:
        x, y = self.grid.center(self.grid.to_axial(lab), self.size)
        return (x - self.x0, y - self.y0)

    def edge(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        ca, cb = self.corners(a), self.corners(b)
        common = [p for p in ca if any(abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3 for q in cb)]
        return common[0], common[1]


def render_map(
    m: dict[str, Any],
    out: str | Path,
    hex_px: float = 16.0,
    labels: bool = True,
    zones: list[str] | None = None,
    max_bytes: int = 1_500_000,
    geometry: dict[str, Any] | None = None,
) -> Path:
    """Render ``m`` to ``out`` (PNG). ``hex_px`` is the hex circumradius in pixels; with the
    map's ``geometry`` (``geometry.json``) the real coast, relief, rivers and towns are drawn
    under the hexsides, as on the browser's board."""
    grid = grid_for(m["grid"]["scheme"])
    hexes: dict[str, Any] = m["hexes"]
    legend_w = hex_px * 16
    fr = _Frame(grid, list(hexes), hex_px, margin=hex_px * 2, legend_w=legend_w)
    img = Image.new("RGB", (fr.w, fr.h), "#d9d6cf")
    dr = ImageDraw.Draw(img, "RGBA")

    # backdrop: the real coast under the hexes (shows off-map land such as England)
    bd = m.get("extra", {}).get("backdrop", {})
    if geometry:
        draw_under(img, fr.pt, geometry)
    elif bd:
        mask = Image.new("1", img.size, 0)
        for ring in bd.get("land", []):
            pts = [fr.pt(x, y) for x, y in ring]
            if len(pts) >= 3:
                # even-odd fill: xor each ring into the mask
                layer = Image.new("1", img.size, 0)
                ImageDraw.Draw(layer).polygon(pts, fill=1)
                mask = ImageChops.logical_xor(mask, layer)
        sea = Image.new("RGB", img.size, "#c3d7e6")
        landc = Image.new("RGB", img.size, "#ebe7dc")
        img = Image.composite(landc, sea, mask)
        dr = ImageDraw.Draw(img, "RGBA")

    terrain = m.get("terrain", {})
    outline = "#8a8578"
    for lab, h in hexes.items():
        col = terrain.get(h["terrain"], {}).get("color", "#dddddd")
        if geometry and h["terrain"] in ("sea", "lake"):
            col = OFFMAP_LAND  # the water is drawn over it, along the real coast
        dr.polygon(fr.corners(lab), fill=col, outline=outline)
    if geometry:
        water = (terrain.get("sea") or terrain.get("lake") or {}).get("color", "#a9c8e0")
        img = draw_over(img, fr.pt, geometry, hex_px, water)
        dr = ImageDraw.Draw(img, "RGBA")
        for lab in hexes:  # a faint grid over the water and relief
            dr.polygon(fr.corners(lab), outline=(90, 86, 78, 70))

    # country borders between land hexes
    lw = max(1, int(hex_px * 0.14))
    for lab, h in hexes.items():
        a = grid.to_axial(lab)
        for dq, dr_ in DIRECTIONS:
            try:
                nb = grid.label((a[0] + dq, a[1] + dr_))
            except Exception:
                continue
            o = hexes.get(nb)
            if o is None or nb < lab:
                continue
            if h.get("country") and o.get("country") and h["country"] != o["country"]:
                p, q = fr.edge(lab, nb)
                dr.line([p, q], fill=BORDER, width=lw)

    # zones (thin coloured inset outlines)
    if zones is None:  # by default skip the big "side of a line" areas
        skip = {"side", "sector", "invasion_sea", "supply_sea_sea", "coast", "country", "neutral"}
        znames = sorted(k for k, z in m.get("zones", {}).items() if z.get("kind") not in skip and len(z["hexes"]) <= 60)
    else:
        znames = zones
    zcol = {}
    for k, z in enumerate(znames):
        col = _zone_colour(k)
        zcol[z] = col
        for lab in m["zones"][z]["hexes"]:
            cx, cy = fr.center(lab)
            pts = [
                (cx + (x - cx) * (0.78 - 0.05 * (k % 3)), cy + (y - cy) * (0.78 - 0.05 * (k % 3)))
                for x, y in fr.corners(lab)
            ]
            dr.line(pts + [pts[0]], fill=col, width=max(1, int(hex_px * 0.09)))

    # hexside features
    order = ["sea", "river", "estuary", "major_river", "dyke", "fortified", "impassable"]
    sides = m.get("hexsides", {})
    for feat in order:
        colr, wid = SIDE_STYLE[feat]
        for sid, s in sides.items():
            if feat not in s["features"]:
                continue
            if feat == "river" and "major_river" in s["features"]:
                continue
            a, b = sid.split("|")
            p, q = fr.edge(a, b)
            if feat == "fortified":
                _teeth(dr, p, q, fr.center(a), fr.center(b), hexes, a, b, colr, hex_px)
            elif feat == "sea":
                _dashed(dr, p, q, colr, max(1, int(hex_px * wid)))
            else:
                dr.line([p, q], fill=colr, width=max(1, int(hex_px * wid)))

    # named lines without hexside features of their own (victory/breakout lines…)
    for k, (_name, ln) in enumerate(sorted(m.get("lines", {}).items())):
        if ln.get("kind") in ("river", "fortified", "major_waterway"):
            continue
        colr = LINE_COLOURS[k % len(LINE_COLOURS)]
        for sid in ln["hexsides"]:
            a, b = sid.split("|")
            p, q = fr.edge(a, b)
            _dashed(dr, p, q, colr, max(2, int(hex_px * 0.16)))

    # invasion arrows with supply numbers (D-Day 3rd): sea hex -> coastal hex
    fnum = font(max(8, int(hex_px * 0.55)))
    for arrow in m.get("extra", {}).get("invasion", []):
        sx, sy = fr.center(arrow["sea"])
        cx, cy = fr.center(arrow["coast"])
        colr = "#c0282d" if arrow.get("invasion", True) else "#555555"
        tx, ty = sx + (cx - sx) * 0.72, sy + (cy - sy) * 0.72
        dr.line([(sx, sy), (tx, ty)], fill=colr, width=max(1, int(hex_px * 0.1)))
        ang = math.atan2(ty - sy, tx - sx)
        hl = hex_px * 0.3
        dr.polygon(
            [
                (tx, ty),
                (tx - hl * math.cos(ang - 0.45), ty - hl * math.sin(ang - 0.45)),
                (tx - hl * math.cos(ang + 0.45), ty - hl * math.sin(ang + 0.45)),
            ],
            fill=colr,
        )
        dr.text((sx, sy), str(arrow["supply"]), fill=colr, font=fnum, anchor="mm", stroke_width=2, stroke_fill="white")
    for item in m.get("extra", {}).get("inland_supply", []):
        cx, cy = fr.center(item["hex"])
        dr.text(
            (cx + hex_px * 0.55, cy - hex_px * 0.3),
            f"[{item['supply']}]",
            fill="#1b4f8a",
            font=fnum,
            anchor="mm",
            stroke_width=2,
            stroke_fill="white",
        )

    # hex numbers
    if labels:
        f = font(max(7, int(hex_px * 0.42)))
        for lab in hexes:
            cx, cy = fr.center(lab)
            dr.text((cx, cy - hex_px * 0.62), lab, fill="#5c584e", font=f, anchor="mm")

    # places
    fpl = font(max(8, int(hex_px * 0.62)))
    fsm = font(max(7, int(hex_px * 0.45)))
    for p in sorted(m.get("places", []), key=lambda p: p["name"]):
        cx, cy = fr.center(p["hex"])
        feats = set(p.get("attrs", {}).get("features", [])) | {p.get("kind", "city")}
        style = next((PLACE_STYLE[k] for k in PLACE_STYLE if k in feats), PLACE_STYLE["town"])
        r = hex_px * style[1]
        if "fortress" in feats or "fortified_port" in feats:
            dr.rectangle([cx - r, cy - r, cx + r, cy + r], fill=style[0], outline="white")
        elif p.get("kind") == "beach":
            dr.polygon([(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)], fill=style[0], outline="white")
        else:
            dr.ellipse([cx - r, cy - r, cx + r, cy + r], fill=style[0], outline="white")
        if "port" in feats:
            dr.ellipse([cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45], fill="#6fb6ff")
        attrs = p.get("attrs", {})
        if p.get("kind") == "beach":  # short beach names, small, above the marker
            name = attrs.get("beach", attrs.get("display", p["name"]))
            dr.text((cx, cy - r - 1), name, fill="#7a5200", font=fsm, anchor="md", stroke_width=2, stroke_fill="white")
            continue
        name = attrs.get("display", p["name"])
        dr.text((cx, cy + r + 1), name, fill="black", font=fpl, anchor="ma", stroke_width=2, stroke_fill="white")

    _legend(dr, fr, m, zcol, hex_px)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    img = img.convert("P", palette=Image.Palette.ADAPTIVE, colors=128)
    img.save(out, optimize=True)
    if out.stat().st_size > max_bytes and hex_px > 6:
        return render_map(m, out, hex_px=hex_px * 0.8, labels=labels, zones=zones, max_bytes=max_bytes,
                          geometry=geometry)
    return out


def _dashed(dr: ImageDraw.ImageDraw, p, q, colr: str, w: int) -> None:
    n = 4
    for k in range(n):
        if k % 2:
            continue
        t0, t1 = k / n, (k + 1) / n
        dr.line(
            [
                (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1),
            ],
            fill=colr,
            width=w,
        )


def _teeth(dr, p, q, ca, cb, hexes, a, b, colr, hex_px) -> None:
    """Fortified hexside: a red line with small teeth pointing at the attacker side."""
    dr.line([p, q], fill=colr, width=max(1, int(hex_px * 0.1)))
    # teeth point away from the fortification hex
    fort_a = "fortification" in hexes[a].get("features", []) or "fortress" in hexes[a].get("features", [])
    src = ca if fort_a else cb
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = mx - src[0], my - src[1]
    L = math.hypot(dx, dy) or 1.0
    dx, dy = dx / L * hex_px * 0.18, dy / L * hex_px * 0.18
    for t in (0.25, 0.5, 0.75):
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        dr.line([(x, y), (x + dx, y + dy)], fill=colr, width=max(1, int(hex_px * 0.08)))


def _legend(dr, fr: _Frame, m: dict[str, Any], zcol: dict[str, str], hex_px: float) -> None:
    x = fr.map_right + hex_px * 0.5
    y = hex_px * 1.0
    ft = font(max(10, int(hex_px * 0.9)))
    f = font(max(8, int(hex_px * 0.6)))
    dr.text((x, y), m.get("title", m["game"]), fill="black", font=ft)
    y += hex_px * 1.6
    g = m["grid"]
    scale = f"{g.get('hex_km', '?')} km per hex" if g.get("hex_km") else ""
    dr.text((x, y), f"{g['scheme']} grid  {scale}", fill="#333333", font=f)
    y += hex_px * 1.2
    for k, t in m.get("terrain", {}).items():
        dr.rectangle([x, y, x + hex_px * 0.9, y + hex_px * 0.7], fill=t["color"], outline="#555555")
        dr.text((x + hex_px * 1.2, y), t.get("label") or k, fill="black", font=f)
        y += hex_px * 0.95
    y += hex_px * 0.4
    present = {f for s in m.get("hexsides", {}).values() for f in s["features"]}
    for feat, (colr, wid) in SIDE_STYLE.items():
        if feat not in present:
            continue
        dr.line(
            [(x, y + hex_px * 0.35), (x + hex_px * 0.9, y + hex_px * 0.35)], fill=colr, width=max(1, int(hex_px * wid))
        )
        dr.text((x + hex_px * 1.2, y), feat.replace("_", " "), fill="black", font=f)
        y += hex_px * 0.95
    dr.line(
        [(x, y + hex_px * 0.35), (x + hex_px * 0.9, y + hex_px * 0.35)], fill=BORDER, width=max(1, int(hex_px * 0.14))
    )
    dr.text((x + hex_px * 1.2, y), "national border", fill="black", font=f)
    y += hex_px * 0.95
    for k, (name, ln) in enumerate(sorted(m.get("lines", {}).items())):
        if ln.get("kind") in ("river", "fortified", "major_waterway"):
            continue
        _dashed(
            dr,
            (x, y + hex_px * 0.35),
            (x + hex_px * 0.9, y + hex_px * 0.35),
            LINE_COLOURS[k % len(LINE_COLOURS)],
            max(2, int(hex_px * 0.16)),
        )
        dr.text((x + hex_px * 1.2, y), name.replace("_", " "), fill="black", font=f)
        y += hex_px * 0.95
    y += hex_px * 0.45
    if zcol:
        dr.text((x, y), "zones", fill="black", font=f)
        y += hex_px * 0.95
        for z, c in zcol.items():
            dr.line(
                [(x, y + hex_px * 0.35), (x + hex_px * 0.9, y + hex_px * 0.35)],
                fill=c,
                width=max(1, int(hex_px * 0.12)),
            )
            dr.text((x + hex_px * 1.2, y), z, fill="black", font=f)
            y += hex_px * 0.8
    boxes = m.get("boxes", {})
    if boxes:
        y += hex_px * 0.4
        dr.text((x, y), "off-map boxes", fill="black", font=f)
        y += hex_px * 0.95
        for b in boxes.values():
            ent = b.get("entries", [])
            txt = b["name"] + (f" (enter {ent[0]}…{ent[-1]})" if ent else "")
            dr.text((x, y), txt, fill="#333333", font=f)
            y += hex_px * 0.8


def default_hex_px(m: dict[str, Any]) -> float:
    """The game's own render scale, from its map spec (``[render] hex_px``), not a list kept here."""
    return render_hex_px(m.get("game", ""))


def render_any(m: dict[str, Any], out: str | Path, hex_px: float = 16.0, labels: bool = True,
               geometry: dict[str, Any] | None = None) -> Path:
    """Render a hex map or a point-to-point map, whichever ``m`` is."""
    if m.get("schema") == "westfront-p2p/1":
        return render_p2p(m, out)
    return render_map(m, out, hex_px=hex_px, labels=labels, geometry=geometry)
