"""Scenario set-up (6.0, 18.1, 18.3) and the options that change it (18.2, 18.4, 18.5).

Set-up charts mostly name places, not hex numbers, so they survive a rebuilt map:
``Caen`` (the nearest free hex to Caen), ``Caen@1>S`` (a free hex one hex from
Caen, as far south as possible), ``zone:lower_normandy:2`` (the second arrow
of a zone, west to east), with an optional ``/3`` for the starting SP. The December 1944
chart, a continuous front, names hexes of ``data/map.json`` directly (``2410``);
``tests/.../test_scenarios.py`` checks every set-up unit starts in supply, which
catches a chart that no longer fits a rebuilt map.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ...core.bitboard import bits
from . import units as U
from .board import ALLIED_COUNTRIES, board
from .data import scenarios, supports, tables, units
from .hidden import PHANTOM_IDS, shuffle_cards
from .position import Position

SPEC = re.compile(r"^(?P<base>[^@>/]+)(?:@(?P<dist>\d+))?(?:>(?P<dir>[NSEW]{1,2}))?(?:/(?P<strength>\d+))?$")
DIRS = {"N": (0.0, -1.0), "S": (0.0, 1.0), "E": (1.0, 0.0), "W": (-1.0, 0.0), "NE": (0.7, -0.7),
        "NW": (-0.7, -0.7), "SE": (0.7, 0.7), "SW": (-0.7, 0.7)}
BOXES = {"england": U.AT_SEA, "pool": U.POOL, "gone": U.GONE}


def base_hex(text: str) -> int:
    b = board()
    if text.startswith("zone:"):
        _, name, k = text.split(":")
        return b.zone(name)[int(k) - 1]
    return b.find(text)


def resolve(spec: str, taken: set[int]) -> tuple[int, int | None]:
    """Turn a chart entry into (hex, SP or None) on the current board."""
    m = SPEC.match(spec)
    if not m:
        raise ValueError(f"bad set-up position {spec!r}")
    b = board()
    if re.fullmatch(r"\d{4}", m["base"]) and m["base"] in b.m.index:
        origin = b.hex(m["base"])  # a hex number of data/map.json (the December 1944 chart)
    else:
        origin = base_hex(m["base"])
    strength = int(m["strength"]) if m["strength"] else None
    dist = int(m["dist"]) if m["dist"] else None
    if dist is None and m["dir"] is None and origin not in taken:
        return origin, strength
    ox, oy = b.m.grid.center(b.m.axial[origin])  # type: ignore[arg-type]
    want = DIRS.get(m["dir"] or "", (0.0, 0.0))

    def key(i: int) -> tuple[float, float, int]:
        x, y = b.m.grid.center(b.m.axial[i])  # type: ignore[arg-type]
        d = b.distance(origin, i)
        n = math.hypot(x - ox, y - oy) or 1.0
        along = ((x - ox) * want[0] + (y - oy) * want[1]) / n
        return (abs(d - dist) if dist is not None else d, -along, i)

    cands = [i for i in bits(b.land_bb) if i not in taken]
    best = min(cands, key=key)
    return best, strength


_CHART_CACHE: dict[tuple[int, str, str], tuple[int, int | None]] = {}


def resolve_cached(chart: str, uid: str, spec: str, taken: set[int]) -> tuple[int, int | None]:
    """Set-up charts resolve the same way every game on a given board: remember them."""
    key = (id(board()), chart, uid)
    hit = _CHART_CACHE.get(key)
    if hit is None or hit[0] in taken:
        hit = resolve(spec, taken)
        _CHART_CACHE[key] = hit
    return hit


def place_chart(s: Position, chart: str) -> None:
    g = s.g
    taken: set[int] = set()
    for uid, d in sorted(units().items(), key=lambda kv: (kv[1].side != "german", kv[0])):
        spec = getattr(d, chart) or (d.setup if chart == "quick" else "")
        if d.rco:
            s.remove_piece(uid, U.GONE if not g["rco"]["allowed"] else "rco")
            continue
        first = g["first"]
        if chart == "dec" and d.entry is not None and d.entry >= first:
            spec = ""
        if chart == "dec" and d.entry is None and not spec:
            spec = "gone"
        if not spec:
            if d.entry is not None and (chart != "dec" or d.entry >= first):
                s.remove_piece(uid, U.SCHEDULED)
                s.set_fields(uid, due=d.entry)
            elif d.entry is not None:
                s.remove_piece(uid, U.GONE)
            continue
        sp_part = None
        if "/" in spec and spec.split("/")[0] in BOXES:
            spec, sp_part = spec.split("/")
        if spec in BOXES:
            s.remove_piece(uid, BOXES[spec])
            if sp_part:
                s.set_fields(uid, strength=int(sp_part))
            if spec == "pool":
                s.set_fields(uid, strength=0)
            continue
        i, strength = resolve_cached(chart, uid, spec, taken)
        taken.add(i)
        s.place_piece(uid, board().label(i))
        if strength is not None:
            s.set_fields(uid, strength=strength)
        if chart == "dec" and d.dec_strength:
            s.set_fields(uid, strength=d.dec_strength)


def init_position(g: dict[str, Any], scenario: str, options: dict[str, Any]) -> None:
    """Every position key with nothing on the map yet (all units scheduled, all cities German)."""
    sc = scenarios()[scenario]
    mode = "normandy"
    if options.get("accelerated_dragoon"):
        mode = "dragoon"
    elif options.get("free_invasions"):
        mode = "free"
    g.update({
        "turn": sc["first_turn"], "first": sc["first_turn"], "last": sc["last_turn"],
        "victory": sc["victory"], "area": "north" if sc.get("north_only") else None,
        "skip_allied_first": bool(sc.get("skip_allied_first")),
        "units": {uid: U.fresh(uid) for uid in units()},
        "phantoms": {p: {"hex": None, "hid": None, "moved": False, "paid": False, "over": False, "entered": 0}
                     for p in PHANTOM_IDS} if options.get("phantoms") else {},
        "control": [], "beachheads": {}, "rp": {"german": 0, "allied": 0}, "pc": 0, "repl": {},
        "support": {sid: "ready" for sid in supports()}, "month_use": {"bomber": 0, "airborne": 0},
        "rail_used": False, "phantom_used": False, "hidden_n": 0,
        "rco": {"launched": 0, "markers": 0, "allowed": bool(sc.get("rco")), "forced": bool(sc.get("rco_forced"))},
        "inv": {"mode": mode, "pending": [], "east": None, "no_air_turn": 0, "manteuffel_frozen": 0, "delayed": None},
        "german_rp": {}, "allied_rp": {}, "objective": None, "cards": [],
        "exits": {"exit_hamburg": [], "exit_berlin": [], "exit_prague": []},
        "south_german_until": 3, "south_allied_from": 4, "ag_g_turn": 4,
        "phase": "", "phase_side": None,
    })


def setup_scenario(s: Position, scenario: str, options: dict[str, Any]) -> None:
    sc = scenarios()[scenario]
    g = s.g
    init_position(g, scenario, options)
    mode = g["inv"]["mode"]
    place_chart(s, sc["chart"])
    if sc.get("invasion"):
        armies = ["uk-2a", "us-1a"]
        if mode == "dragoon":
            g["inv"]["pending"] = [{"unit": "uk-2a", "turn": 1}, {"unit": "us-1a", "turn": 3}]
        else:
            g["inv"]["pending"] = [{"unit": a, "turn": 1} for a in armies]
    for spec in sc.get("beachheads", []):
        i = board().hex(board().label(_zone_hex(spec)))
        lab = board().label(i)
        holder = next(uid for uid, u in g["units"].items() if u["hex"] == lab)
        g["beachheads"][U.udef(holder).group] = lab
    if sc.get("manteuffel_frozen"):
        g["inv"]["manteuffel_frozen"] = sc["first_turn"]
    for sid in sc.get("removed", []):
        g["support"][sid] = "used"
    if sc["chart"] == "dec":
        _december_control(s, sc)
    if mode == "dragoon":
        _accelerate_dragoon(s)
    if sc.get("north_only"):
        _north_only(s)
    if options.get("objectives", "off") == "chosen":
        shuffle_cards(s)
    s.touch()
    s.emit("setup", scenario=scenario, text=f"{sc['title']}: {s.month()}", rule=s.rule("6.0"))
    s.call("month")


def _zone_hex(spec: str) -> int:
    return base_hex(spec)


def _december_control(s: Position, sc: dict[str, Any]) -> None:
    """The Allies hold the Allied countries in December 1944 save the listed German-held cities."""
    b = board()
    hold = {b.find(n) for n in sc.get("german_hold", []) if b.has(n)}
    ctl = set()
    if sc.get("allied_control") == "all_allied_countries":
        ctl = {i for i, c in b.cities.items() if c.country in ALLIED_COUNTRIES and i not in hold}
    ctl |= {b.find(n) for n in sc.get("allied_take", []) if b.has(n)}
    s.g["control"] = sorted(b.label(i) for i in ctl)
    s.g["support"] = {sid: ("ready" if supports()[sid].kind != "airborne" or supports()[sid].first >= 4 else "used")
                      for sid in supports()}
    for sid, d in supports().items():
        if d.kind == "bomber" and sid != "bomber-3":
            s.g["support"][sid] = "used"


def _accelerate_dragoon(s: Position) -> None:
    """18.4 Accelerated Dragoon: 6th Army Group and Army Group G two months early, 12th Jun-Aug two late."""
    g = s.g
    t = tables()["accelerated_dragoon"]
    for uid in g["units"]:
        d = U.udef(uid)
        u = s.unit(uid)
        if u["box"] != U.SCHEDULED or u["due"] is None:
            continue
        if d.side == "allied" and d.group == "6":
            s.set_fields(uid, due=max(1, u["due"] + int(t["shift_6th"])))
        elif d.side == "german" and d.entry_at == "south_edge":
            s.set_fields(uid, due=max(1, u["due"] + int(t["shift_g"])))
        elif d.side == "allied" and d.group == "12" and u["due"] <= 3:
            s.set_fields(uid, due=u["due"] + int(t["shift_12th_jun_aug"]))
    g["allied_rp"].update({k: int(v) for k, v in t["allied_rp"].items()})
    for k, v in t["german_rp"].items():
        g["german_rp"][k] = max(int(g["german_rp"].get(k, 0)), int(v))
    g["south_german_until"], g["south_allied_from"], g["ag_g_turn"] = 1, 2, 2


def _north_only(s: Position) -> None:
    """18.3 learning scenario: only units on the northern map play."""
    b = board()
    north = b.zone_bb("north")
    for uid, u in s.g["units"].items():
        if u["hex"] and not (north >> b.hex(u["hex"])) & 1:
            s.remove_piece(uid, U.GONE)
