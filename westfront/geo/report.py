"""Markdown calibration tables for docs/maps.md (no geography package needed).

python -m westfront.geo.report            # every game
python -m westfront.geo.report dday-3rd   # one game
"""

from __future__ import annotations

import sys

from .checks import run_any_checks
from .show import load_map_json
from .spec import PACKAGES, load_calibration


def calibration_table(game: str) -> str:
    m = load_map_json(game)
    cal = load_calibration(game)
    results = run_any_checks(m, cal)
    rows = ["| fact | rulebook | where it landed | holds | rule |", "|---|---|---|---|---|"]
    for c, r in zip(cal.get("check", []), results, strict=True):
        want = c.get("hex") or "/".join(c.get("hexes", [])) or "|".join(c.get("between", []))
        if c["what"] == "zone":
            want = ", ".join(c.get("hexes", [])) or (f"{c['size']} hexes" if "size" in c else "")
        if c["what"] in ("distance",):
            want = f"{c['a']}–{c['b']} = {c['distance']}"
        if c["what"] == "link":
            want = f"{c['a']}–{c['b']}"
        subject = c.get("name") or c.get("zone") or c.get("line") or c.get("box") or c.get("space") or r.subject
        cells = [f"{c['what']} {subject}", want, r.detail, "yes" if r.ok else "**NO**", c.get("rule", "")]
        rows.append("| " + " | ".join(str(x).replace("|", "\\|") for x in cells) + " |")
    ok = sum(r.ok for r in results)
    return f"{ok} of {len(results)} calibration facts hold.\n\n" + "\n".join(rows)


def deviations(game: str) -> str:
    m = load_map_json(game)
    prov = m.get("provenance", {})
    lines = []
    for d in prov.get("calibration_deviations", []):
        why = f" ({d['why']})" if d.get("why") else ""
        lines.append(f"- {d['place']}: on {d['map_hex']}, geography alone would give {d['geographic_hex']}{why}")
    for h in prov.get("hex_overrides", []):
        lines.append(f"- hexes {', '.join(h['hexes'])}: {h['why']}")
    for h in prov.get("hexside_overrides", []):
        lines.append(f"- hexside {h['hexside']}: {h['why']}")
    for p in prov.get("grid", {}).get("warp_pins", []):
        lines.append(f"- warp pin {p['at']} -> {p['hex']}: {p['why']}")
    return "\n".join(lines) or "- none"


def main(argv: list[str]) -> None:
    games = argv or list(PACKAGES)
    for g in games:
        print(f"### {g}\n\n{calibration_table(g)}\n\nDeviations:\n\n{deviations(g)}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
