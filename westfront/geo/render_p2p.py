"""Draw a ``westfront-p2p/1`` map (Race to the Rhine) as a PNG with Pillow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from .fonts import font

FLAG_MARK = {
    "victory": ("#d4a017", "V"),
    "supply_base": ("#1b4f8a", "S"),
    "fortified": ("#9b1b1b", "F"),
    "maquis_zone": ("#2e7d32", "M"),
    "axis_source": ("#000000", "X"),
}


def render_p2p(m: dict[str, Any], out: str | Path, size: int = 1500) -> Path:
    pad = 60
    legend_w = 600
    W, H = size + 2 * pad + legend_w, size + 2 * pad
    frame = m.get("extra", {}).get("frame")
    # outside the backdrop's frame the data says nothing: neutral, never sea
    img = Image.new("RGB", (W, H), "#dcdad3" if frame else "#c3d7e6")
    dr = ImageDraw.Draw(img, "RGBA")

    def pt(xy: list[float]) -> tuple[float, float]:
        return (pad + xy[0] * size, pad + xy[1] * size)

    if frame:
        dr.polygon([pt(p) for p in frame], fill="#c3d7e6")  # sea, then land on top

    for ring in m.get("extra", {}).get("backdrop", []):
        dr.polygon([pt(p) for p in ring], fill="#ece7da", outline="#9aa9b5")
    rh = m.get("extra", {}).get("rhine", [])
    if rh:
        dr.line([pt(p) for p in rh], fill="#3d86e0", width=4)
    sp = {s["id"]: s for s in m["spaces"]}
    for ln in m["links"]:
        a, b = pt(sp[ln["a"]]["xy"]), pt(sp[ln["b"]]["xy"])
        if ln["kind"] == "rhine_crossing":
            dr.line([a, b], fill="#1747a6", width=5)
        else:
            dr.line([a, b], fill="#6b6257", width=3)
    areas = m.get("areas", {})
    f = font(15)
    fb = font(13)
    for s in m["spaces"]:
        x, y = pt(s["xy"])
        cols = [areas[a]["color"] for a in s["areas"] if a in areas] or ["#888888"]
        r = 11 if "city" in s["flags"] or "supply_base" in s["flags"] else 8
        if "maquis_zone" in s["flags"]:
            r = 15
        for k, c in enumerate(cols):  # overlapping areas as concentric rings
            rr = r + 4 * (len(cols) - 1 - k)
            dr.ellipse([x - rr, y - rr, x + rr, y + rr], fill=c, outline="white")
        marks = [FLAG_MARK[fl] for fl in s["flags"] if fl in FLAG_MARK]
        for k, (c, ch) in enumerate(marks):
            bx = x + r + 3 + k * 15
            dr.rectangle([bx, y - r - 13, bx + 13, y - r], fill=c)
            dr.text((bx + 7, y - r - 6), ch, fill="white", font=fb, anchor="mm")
        dr.text((x, y + r + 2), s["name"], fill="black", font=f, anchor="ma", stroke_width=2, stroke_fill="white")
    # legend
    x0, y = pad + size + 20, pad
    dr.text((x0, y), m.get("title", m["game"]), fill="black", font=font(18))
    y += 40
    for a in areas.values():
        dr.ellipse([x0, y, x0 + 16, y + 16], fill=a["color"], outline="white")
        dr.text((x0 + 24, y), a["name"], fill="black", font=f)
        y += 24
    y += 10
    for fl, (c, ch) in FLAG_MARK.items():
        dr.rectangle([x0, y, x0 + 14, y + 14], fill=c)
        dr.text((x0 + 7, y + 7), ch, fill="white", font=fb, anchor="mm")
        dr.text((x0 + 24, y), fl.replace("_", " "), fill="black", font=f)
        y += 22
    dr.line([(x0, y + 8), (x0 + 30, y + 8)], fill="#1747a6", width=5)
    dr.text((x0 + 38, y), "Rhine crossing", fill="black", font=f)
    y += 22
    dr.line([(x0, y + 8), (x0 + 30, y + 8)], fill="#6b6257", width=3)
    dr.text((x0 + 38, y), "road link", fill="black", font=f)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    img.convert("P", palette=Image.Palette.ADAPTIVE, colors=128).save(out, optimize=True)
    return out
