"""Reinforcements and replacements (9.1-9.3): where units enter, what rebuilding costs.

Placement hexes must be in the side's supply and on controlled cities (9.2);
units may over-stack on entry and even enter in enemy ZOC, but an entry hex
holds one unit by the end of the turn (9.1). Replacement spending is capped
per nationality each month (9.3).
"""

from __future__ import annotations

from functools import cache

from ...core.bitboard import bits
from . import units as U
from .board import RUHR, board
from .data import tables, units
from .movement import area_bb
from .position import Position
from .supply import supply_map


def _cities(s: Position, names: list[str]) -> list[int]:
    b = board()
    out: list[int] = []
    for n in names:
        if n == "Ruhr":
            out += [b.find(x) for x in RUHR]
        elif b.has(n):
            out.append(b.find(n))
    return out


def _in_or_adjacent(s: Position, side: str, cities: list[int]) -> set[int]:
    """Controlled, in-supply cities and the hexes next to them."""
    b = board()
    area = supply_map(s, side).area
    out: set[int] = set()
    for c in cities:
        if not s.controls(side, c) or not (area >> c) & 1:
            continue
        out.add(c)
        out.update(b.adj[c])
    return out


def _german_cities_in_germany(s: Position) -> list[int]:
    b = board()
    return [i for i in bits(b.city_bb & b.germany_bb)]


def _usable(s: Position, side: str, hexes: set[int], need_supply: bool = True) -> list[int]:
    """Drop hexes that are off the playable area, enemy-held or (when required) out of supply."""
    allied_cities = s.allied_control_bb()
    enemy_cities = board().city_bb & (~allied_cities if side == "allied" else allied_cities)  # 9.2: controlled
    ok = area_bb(s) & ~s.enemy_units_bb(side) & ~enemy_cities
    if need_supply:
        ok &= supply_map(s, side).area
    return [h for h in sorted(hexes) if (ok >> h) & 1]


def allied_bases(s: Position, uid: str) -> set[int]:
    """Controlled beach-heads and working ports; 18.4 E ties each nation to its own beach-head Jun-Aug."""
    b = board()
    nation = U.udef(uid).nation
    bases = set(bits(s.allied_ports_bb()))
    heads = s.g["beachheads"]
    if s.g["inv"].get("mode") in ("free", "dragoon") and s.turn <= 3:
        key = "12" if nation == "us" else "21"
        if key in heads:
            bases.add(b.hex(heads[key]))
    else:
        bases |= {b.hex(h) for h in heads.values()}
    return bases


def entry_hexes(s: Position, uid: str) -> list[int]:
    """9.1: where an arriving reinforcement may be placed. It depends on the unit only through its
    side, entry place, nation and army group, so units alike share one memoised answer per position."""
    d = U.udef(uid)
    key = ("entry_hexes", d.side, d.entry_at, d.nation, d.group, U.group(uid))
    got = s.memo.get(key)
    if got is None:
        got = s.cached(key, lambda: tuple(_entry_hexes(s, uid)))
    return list(got)


def _entry_hexes(s: Position, uid: str) -> list[int]:
    b = board()
    d = U.udef(uid)
    if d.side == "allied":
        if d.entry_at == "marseilles":
            return _usable(s, "allied", set(b.zone("from_marseilles")), need_supply=False)
        hexes = allied_bases(s, uid)
        if d.entry_at and d.entry_at not in ("beachhead", "marseilles") and b.has(d.entry_at):
            hexes |= _in_or_adjacent(s, "allied", [b.find(d.entry_at)])
        return _usable(s, "allied", hexes)
    if d.entry_at == "south_edge":  # 15.0: any southern French edge hex (or a from-Marseilles hex)
        return _usable(s, "german", set(b.zone("france_south_edge")) | set(b.zone("from_marseilles")),
                       need_supply=False)
    cities = _german_entry_cities(s, uid, tables()["placement"]["german_reinforcement"])
    hexes = _in_or_adjacent(s, "german", cities)
    if not hexes:  # 9.1: fall back on any controlled, supplied city in Germany
        hexes = _in_or_adjacent(s, "german", _german_cities_in_germany(s))
    return _usable(s, "german", hexes)


def _german_entry_cities(s: Position, uid: str, table: dict[str, list[str]]) -> list[int]:
    d = U.udef(uid)
    if d.entry_at and d.entry_at != "south_edge":
        return _cities(s, [d.entry_at])
    if U.group(uid) == "-":  # panzer (white): any city in Germany, Enschede or Strasbourg
        return _german_cities_in_germany(s) + _cities(s, tables()["placement"]["panzer_extra"])
    return _cities(s, table.get(d.group, []))


def build_hexes(s: Position, uid: str) -> list[int]:
    """9.2: where a rebuilt replacement unit is placed, by army group and nation (memoised per position
    like :func:`entry_hexes`, shared by units alike)."""
    d = U.udef(uid)
    key = ("build_hexes", d.side, d.entry_at, d.nation, d.group, d.cls.volksturm, U.group(uid))
    got = s.memo.get(key)
    if got is None:
        got = s.cached(key, lambda: tuple(_build_hexes(s, uid)))
    return list(got)


def _build_hexes(s: Position, uid: str) -> list[int]:
    b = board()
    d = U.udef(uid)
    if d.side == "allied":
        if d.group == "6" and d.nation == "us":
            return _usable(s, "allied", set(b.zone("from_marseilles")), need_supply=False)
        if d.group == "6":  # French: in or next to any city in France
            cities = [i for i in bits(b.city_bb) if b.country[i] == "france"]
            return _usable(s, "allied", _in_or_adjacent(s, "allied", cities))
        return _usable(s, "allied", allied_bases(s, uid))
    if d.cls.volksturm:  # only in the city named on the counter
        return _usable(s, "german", {c for c in _cities(s, [d.entry_at]) if s.controls("german", c)})
    if U.group(uid) == "-":
        cities = _german_cities_in_germany(s) + _cities(s, tables()["placement"]["panzer_extra"])
    else:
        cities = _cities(s, tables()["placement"]["german_replacement"].get(d.group, []))
    return _usable(s, "german", _in_or_adjacent(s, "german", cities))


def build_cost(uid: str) -> int:
    c = tables()["costs"]
    d = U.udef(uid)
    if d.cls.volksturm:
        return int(c["build_volksturm"])
    if U.is_panzer(uid):
        return int(c["build_panzer"])
    return int(c["build_infantry"])


def step_cost(uid: str) -> int:
    c = tables()["costs"]
    return int(c["replace_panzer_step"] if U.is_panzer(uid) else c["replace_infantry_step"])


def limit_left(s: Position, uid: str) -> int | None:
    """9.3: RP still allowed on this unit's nationality this month (None: no limit)."""
    key = U.replacement_class(uid)
    limits = tables()["replacement_limits"]
    if key not in limits:
        return None
    return int(limits[key]) - int(s.g["repl"].get(key, 0))


def can_afford(s: Position, uid: str, cost: int) -> bool:
    left = limit_left(s, uid)
    return s.rp(U.udef(uid).side) >= cost and (left is None or left >= cost)


def charge(s: Position, uid: str, cost: int) -> None:
    key = U.replacement_class(uid)
    s.mut("repl")[key] = s.g["repl"].get(key, 0) + cost
    s.spend(U.udef(uid).side, cost)


def may_rebuild(s: Position, uid: str) -> bool:
    """9.3: never coast/fortress; German armies and elite corps not in January-March."""
    if U.never_replaced(uid):
        return False
    return not (U.late_war_loss(uid) and s.turn >= 8)


@cache
def step_facts() -> dict[str, tuple[int, bool, str, int]]:
    """Per unit, what the replacement-step test reads that never changes: (full strength, never
    replaced, 9.3 replacement class, step cost). Once per process, for the reinforcement list."""
    return {uid: (U.max_strength(uid), U.never_replaced(uid), U.replacement_class(uid), step_cost(uid))
            for uid in units()}


def steppable(s: Position, side: str) -> set[str]:
    """The units of ``side`` on the map that may take a replacement step now and can pay for it:
    ``may_add_step`` and ``can_afford(step_cost)`` for each, with the ZOC, RP and 9.3 limits read once."""
    ezoc = s.enemy_zoc_bb(side)
    index = board().m.index
    rp = s.rp(side)
    limits = tables()["replacement_limits"]
    repl = s.g["repl"]
    facts = step_facts()
    units_g = s.g["units"]
    out = set()
    for uid in s.on_map(side):
        u = units_g[uid]
        full, never, cls, cost = facts[uid]
        if u["strength"] >= full or never:
            continue
        if u["added"] >= 1 and (ezoc >> index[u["hex"]]) & 1:
            continue  # 9.2: in enemy ZOC, one step a month
        if rp < cost or (cls in limits and int(limits[cls]) - int(repl.get(cls, 0)) < cost):
            continue  # 9.3
        out.add(uid)
    return out


def may_add_step(s: Position, uid: str) -> bool:
    """9.2: below full strength; a unit in enemy ZOC takes at most one step a month."""
    u = s.unit(uid)
    if not u["hex"] or u["strength"] >= U.max_strength(uid) or U.never_replaced(uid):
        return False
    side = U.udef(uid).side
    in_zoc = bool((s.enemy_zoc_bb(side) >> s.hex_of(uid)) & 1)
    return not (in_zoc and u["added"] >= 1)


def rco_month_index(s: Position) -> int | None:
    months = tables()["rco"]["months"]
    return months.index(s.turn) if s.turn in months else None


def rco_available(s: Position) -> bool:
    return bool(s.g["rco"]["allowed"]) and not s.g["rco"]["launched"] and rco_month_index(s) is not None


def launch_rco(s: Position) -> None:
    """16.0: Dietrich (3 SP), I SS Panzer Corps (Dec 1, Jan 2 SP) and 3/2/1 surprise markers."""
    k = rco_month_index(s)
    assert k is not None
    t = tables()["rco"]
    g = s.g
    rco = s.mut("rco")
    rco["launched"] = s.turn
    rco["markers"] = int(t["surprise"][k])
    s.remove_piece("ge-6pa", U.AVAILABLE)
    s.set_fields("ge-6pa", strength=3, due=s.turn, rco_unit=True)
    sp = int(t["i_ss_sp"][k])
    if sp:
        s.remove_piece("ge-1sspc", U.AVAILABLE)
        s.set_fields("ge-1sspc", strength=sp, due=s.turn, rco_unit=True)
    s.forget()
    s.emit("rco", turn=s.turn, markers=g["rco"]["markers"], rule=s.rule("16.0"),
           text=f"Rundstedt's Counter-Offensive is launched in {s.month()}: 6th Panzer Army"
                f"{' and I SS Panzer Corps (' + str(sp) + ' SP)' if sp else ''}, {g['rco']['markers']} surprise marker(s)")
