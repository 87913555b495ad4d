"""Calibration checks: does a ``map.json`` honour every fact its rulebook states?

The facts live in each game's ``calibration.toml`` as ``[[check]]`` tables, each
with the rule it comes from. The same runner is used by the builder (a build
that breaks a check fails) and by the tests on the committed maps, so it reads
only the JSON and needs no geography package.

Check kinds (``what``):

* ``place`` — ``name`` sits on ``hex`` (or on one of ``hexes``); optional
  ``kind``, ``features`` (all present on the place or its hex), ``attrs``;
* ``hex`` — ``hex`` exists; optional ``terrain``, ``terrain_in``, ``features``,
  ``country``, ``land`` (true/false), ``name``;
* ``hexside`` — ``between = [a, b]`` are adjacent and carry ``features``, none
  of ``not_features``; ``name`` optional;
* ``zone`` — ``zone`` exists; ``hexes`` all in it (``exact`` = the zone is
  exactly these), ``size``/``min_size``, ``places`` whose hexes are in it,
  ``not_places`` whose hexes are not, ``not_hexes``, ``place_count`` =
  {feature, count} places with that feature inside, ``features`` on each hex;
* ``line`` — ``line`` exists; ``hexsides`` in it; ``size``/``min_size``;
  ``touches`` hexes it must reach;
  ``features`` every hexside must carry;
* ``box`` — ``box`` exists; ``entries`` all listed (``exact``);
* ``distance`` — hexes ``a`` and ``b`` are ``distance`` apart on the grid.
"""

from __future__ import annotations

from typing import Any

from ..core.hexgrid import LabelError, grid_for
from .check_result import CheckResult
from .p2p import run_p2p_checks

WATER = {"sea", "lake"}


def run_checks(m: dict[str, Any], calibration: dict[str, Any]) -> list[CheckResult]:
    return [_check(m, c) for c in calibration.get("check", [])]


def run_any_checks(m: dict[str, Any], calibration: dict[str, Any]) -> list[CheckResult]:
    """Hex-map or point-to-point checks, whichever ``m`` is."""
    if m.get("schema") == "westfront-p2p/1":
        return run_p2p_checks(m, calibration)
    return run_checks(m, calibration)


def _side(a: str, b: str) -> list[str]:
    return [f"{a}|{b}", f"{b}|{a}"]


def _check(m: dict[str, Any], c: dict[str, Any]) -> CheckResult:
    what = c["what"]
    rule = c.get("rule", "")
    grid = grid_for(m["grid"]["scheme"])
    hexes = m["hexes"]

    def res(ok: bool, subject: str, detail: str) -> CheckResult:
        return CheckResult(ok, what, subject, rule, detail)

    if what == "place":
        places = {p["name"]: p for p in m.get("places", [])}
        name = c["name"]
        p = places.get(name)
        if p is None:
            return res(False, name, "place missing")
        want = c.get("hexes") or ([c["hex"]] if "hex" in c else [])
        if want and p["hex"] not in want:
            return res(False, name, f"on {p['hex']}, rulebook says {'/'.join(want)}")
        if "kind" in c and p.get("kind") != c["kind"]:
            return res(False, name, f"kind {p.get('kind')} != {c['kind']}")
        have = set(p.get("features", [])) | set(hexes.get(p["hex"], {}).get("features", []))
        missing = set(c.get("features", [])) - have
        if missing:
            return res(False, name, f"missing features {sorted(missing)}")
        for k, v in c.get("attrs", {}).items():
            if p.get("attrs", {}).get(k) != v:
                return res(False, name, f"attr {k}={p.get('attrs', {}).get(k)!r}, want {v!r}")
        if hexes.get(p["hex"], {}).get("terrain") in WATER and not c.get("at_sea_ok"):
            return res(False, name, f"{p['hex']} is water")
        return res(True, name, f"on {p['hex']}")

    if what == "hex":
        lab = c["hex"]
        h = hexes.get(lab)
        if h is None:
            return res(False, lab, "hex not on the map")
        if "terrain" in c and h["terrain"] != c["terrain"]:
            return res(False, lab, f"terrain {h['terrain']}, want {c['terrain']}")
        if "terrain_in" in c and h["terrain"] not in c["terrain_in"]:
            return res(False, lab, f"terrain {h['terrain']}, want one of {c['terrain_in']}")
        if "land" in c and (h["terrain"] not in WATER) != bool(c["land"]):
            return res(False, lab, f"terrain {h['terrain']} (land={c['land']} expected)")
        missing = set(c.get("features", [])) - set(h.get("features", []))
        if missing:
            return res(False, lab, f"missing features {sorted(missing)}")
        if "country" in c and h.get("country") != c["country"]:
            return res(False, lab, f"country {h.get('country')}, want {c['country']}")
        if "name" in c and h.get("name") != c["name"]:
            return res(False, lab, f"name {h.get('name')!r}, want {c['name']!r}")
        return res(True, lab, f"{h['terrain']} {','.join(h.get('features', []))}".strip())

    if what == "hexside":
        a, b = c["between"]
        subject = f"{a}|{b}"
        try:
            grid.side_id(a, b)
        except LabelError as e:
            return res(False, subject, str(e))
        if a not in hexes or b not in hexes:
            return res(False, subject, "a hex is not on the map")
        sides = m.get("hexsides", {})
        side = next((sides[s] for s in _side(a, b) if s in sides), None)
        feats = set(side["features"]) if side else set()
        missing = set(c.get("features", [])) - feats
        if missing:
            return res(False, subject, f"missing {sorted(missing)} (has {sorted(feats)})")
        unwanted = set(c.get("not_features", [])) & feats
        if unwanted:
            return res(False, subject, f"has {sorted(unwanted)}, which the rule excludes")
        if "name" in c and (side or {}).get("name") != c["name"]:
            return res(False, subject, f"name {(side or {}).get('name')!r}, want {c['name']!r}")
        return res(True, subject, ",".join(sorted(feats)))

    if what == "zone":
        name = c["zone"]
        z = m.get("zones", {}).get(name)
        if z is None:
            return res(False, name, "zone missing")
        have = set(z["hexes"])
        want = set(c.get("hexes", []))
        if want - have:
            return res(False, name, f"lacks {sorted(want - have)}")
        if c.get("exact") and have != want:
            return res(False, name, f"has extra {sorted(have - want)}")
        if "size" in c and len(have) != c["size"]:
            return res(False, name, f"{len(have)} hexes, want {c['size']}")
        if len(have) < c.get("min_size", 1):
            return res(False, name, f"{len(have)} hexes, want at least {c['min_size']}")
        where = {p["name"]: p["hex"] for p in m.get("places", [])}
        for pl in c.get("places", []):
            if where.get(pl) not in have:
                return res(False, name, f"place {pl} ({where.get(pl)}) is not in it")
        bad = sorted(set(c.get("not_hexes", [])) & have)
        if bad:
            return res(False, name, f"should not contain {bad}")
        if "place_count" in c:
            pc = c["place_count"]
            n = sum(
                1
                for p in m.get("places", [])
                if p["hex"] in have and pc["feature"] in p.get("attrs", {}).get("features", [])
            )
            if n != pc["count"]:
                return res(False, name, f"{n} places with {pc['feature']}, want {pc['count']}")
        for pl in c.get("not_places", []):
            if where.get(pl) in have:
                return res(False, name, f"place {pl} ({where.get(pl)}) should not be in it")
        for f in c.get("features", []):
            bad = [h for h in have if f not in hexes.get(h, {}).get("features", [])]
            if bad:
                return res(False, name, f"{f} missing on {sorted(bad)[:5]}")
        return res(True, name, f"{len(have)} hexes")

    if what == "line":
        name = c["line"]
        ln = m.get("lines", {}).get(name)
        if ln is None:
            return res(False, name, "line missing")
        have = {frozenset(s.split("|")) for s in ln["hexsides"]}
        want = {frozenset(s.split("|")) for s in c.get("hexsides", [])}
        if want - have:
            return res(False, name, f"lacks {['|'.join(sorted(s)) for s in want - have]}")
        if "size" in c and len(have) != c["size"]:
            return res(False, name, f"{len(have)} hexsides, want {c['size']}")
        if len(have) < c.get("min_size", 1):
            return res(False, name, f"{len(have)} hexsides, want at least {c['min_size']}")
        for h in c.get("touches", []):
            if not any(h in s.split("|") for s in ln["hexsides"]):
                return res(False, name, f"does not reach {h}")
        if c.get("features"):
            sides = m.get("hexsides", {})
            bad = [s for s in ln["hexsides"] if not set(c["features"]) <= set(sides.get(s, {}).get("features", []))]
            if bad:
                return res(False, name, f"hexsides lack {c['features']}: {bad[:3]}")
        return res(True, name, f"{len(have)} hexsides")

    if what == "box":
        name = c["box"]
        bx = m.get("boxes", {}).get(name)
        if bx is None:
            return res(False, name, "box missing")
        have = set(bx.get("entries", []))
        want = set(c.get("entries", []))
        if want - have:
            return res(False, name, f"lacks entries {sorted(want - have)}")
        if c.get("exact") and have != want:
            return res(False, name, f"has extra entries {sorted(have - want)}")
        return res(True, name, f"{len(have)} entry hexes")

    if what == "distance":
        a, b = c["a"], c["b"]
        d = grid.distance(a, b)
        return res(d == c["distance"], f"{a}-{b}", f"distance {d}, want {c['distance']}")

    return res(False, str(c), f"unknown check kind {what!r}")
