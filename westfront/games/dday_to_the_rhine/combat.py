"""Combat (12.0, 4.1, 20.0): who may attack, what it costs, how many dice, what the dice do.

Both sides roll at once. Each attacking unit rolls its dice less the terrain
penalties that apply to it (a unit may end with none and still join to absorb
hits, 2.0); support dice — naval, airborne, an RCO marker — ignore terrain.
The defender adds its terrain bonus. Symbols become hits by the target's
composition (aircraft and panzer faces on panzers first, infantry faces on
infantry only), and the owner of the units hit chooses which take them.
"""

from __future__ import annotations

from math import comb
from typing import Any

from ...core.bitboard import bits
from ...core.combat.dice_pool import FACES_1944, PoolEntry, roll_faces, score
from ...core.combat.odds_crt import Modifier
from . import units as U
from .board import board
from .data import COMMONWEALTH, supports, tables
from .position import Position

AIRBORNE_PER_MONTH = 2


def tec() -> dict[str, Any]:
    return tables()["terrain"]  # type: ignore[no-any-return]


def adjacent(a: int, b_: int) -> bool:
    return b_ in board().adj[a]


def defenders(s: Position, target: int) -> list[str]:
    return s.real_at(target)


def eligible_attackers(s: Position, target: int, side: str) -> list[str]:
    """12.0: units next to the defender (in its ZOC) that have not attacked this month."""
    b = board()
    out = []
    for n in b.adj[target]:
        ids = [x for x in s.real_at(n) if s.side_of(x) == side]
        for uid in ids:
            u = s.unit(uid)
            if u["attacked"] or u["strat"] or overstacked_here(s, uid):
                continue  # 10.0 once per month; 11.1 C none after a strategic move; 9.1 over-stacked
            out.append(uid)
    return sorted(out)


def overstacked_here(s: Position, uid: str) -> bool:
    """9.1: a unit that entered over-stacked may not attack from its entry hex while that hex is still
    over-stacked; once it has moved off (or the hex holds only it) it may attack."""
    over = s.unit(uid)["over"]
    if not over:
        return False
    here = s.unit(uid)["hex"]
    if over is not True and over != here:
        return False  # moved off the hex it entered over-stacked (saves before 9.1 was fixed keep True)
    side = s.side_of(uid)
    return any(x != uid and s.side_of(x) == side for x in s.at(s.hex_of(uid)))


def groups_of(attackers: list[str]) -> set[str]:
    return {U.group(a) for a in attackers} - {"-"}


def attack_cost(s: Position, attackers: list[str]) -> int:
    """10.0: 1 RP for one army group, 2 RP for two or more; free with Dietrich in the RCO month (16.0)."""
    if any(s.unit(a).get("free_attack") for a in attackers):
        return 0
    costs = tables()["costs"]
    return int(costs["attack_two_groups"] if len(groups_of(attackers)) >= 2 else costs["attack_one_group"])


def air_counts(s: Position, side: str) -> bool:
    """12.1 overcast and 18.4 Brittany: Allied aircraft faces miss."""
    if side != "allied":
        return True
    inv = s.g["inv"]
    return not s.overcast() and s.turn != inv.get("no_air_turn", 0) and not inv.get("no_air_landing")


def clear_weather(s: Position) -> bool:
    return not s.overcast()


def unit_modifiers(s: Position, uid: str, target: int) -> list[Modifier]:
    """Terrain penalties for one attacking unit (20.0, 2.0)."""
    b = board()
    t = tec()
    src = s.hex_of(uid)
    mods: list[Modifier] = []
    terr = b.terrain[target]
    mountain_unit = U.udef(uid).cls.mountain
    if terr in ("forest", "bocage"):
        mods.append(Modifier(int(t[terr]["att"]), f"defender in {terr}", s.rule("20.0")))
    if terr == "mountain" and not mountain_unit:
        mods.append(Modifier(int(t["mountain"]["att"]), "defender in mountains", s.rule("20.0")))
    if (b.fortress_bb >> target) & 1:
        mods.append(Modifier(int(t["fortress"]["att"]), "defender in a fortress", s.rule("20.0")))
    if (b.major_bb >> target) & 1:
        mods.append(Modifier(int(t["major_city"]["att"]), "defender in a major city", s.rule("20.0")))
    if b.terrain[src] == "marsh":
        mods.append(Modifier(int(t["marsh"]["att_from"]), "attacking out of a marsh", s.rule("20.0")))
    if b.rhine(src, target):
        mods.append(Modifier(int(t["rhine"]["att_across"]), "across the Rhine", s.rule("20.0")))
    elif b.river(src, target):
        mods.append(Modifier(int(t["minor_river"]["att_across"]), "across a river", s.rule("2.0")))
    return mods


def defence_bonus(s: Position, target: int) -> list[Modifier]:
    """20.0: +1 die for a defender in mountains or a city (major, minor or port; once)."""
    b = board()
    t = tec()
    mods = []
    if b.terrain[target] == "mountain":
        mods.append(Modifier(int(t["mountain"]["def"]), "mountains", s.rule("20.0")))
    if (b.major_bb >> target) & 1:
        mods.append(Modifier(int(t["major_city"]["def"]), "major city", s.rule("20.0")))
    elif target in b.cities:
        key = "port" if b.cities[target].port else "minor_city"
        mods.append(Modifier(int(t[key]["def"]), "port" if key == "port" else "minor city", s.rule("20.0")))
    return mods


def attacker_entries(s: Position, target: int, attackers: list[str], sup: dict[str, Any]) -> list[PoolEntry]:
    out = [PoolEntry(a, U.dice(a, s.unit(a)["strength"]), tuple(unit_modifiers(s, a, target))) for a in attackers]
    for a in attackers:
        if s.unit(a)["rco"]:
            out.append(PoolEntry(f"rco:{a}", 1, (), support=True))  # 16.0: +1 die, not affected by terrain
    if sup.get("naval"):
        out.append(PoolEntry(sup["naval"], 1, (), support=True))
    if sup.get("airborne"):
        out.append(PoolEntry(sup["airborne"], 1, (), support=True))
    return out


def defender_entries(s: Position, target: int, naval: str | None) -> list[PoolEntry]:
    bonus = tuple(defence_bonus(s, target))
    out = [PoolEntry(d, U.dice(d, s.unit(d)["strength"]), bonus) for d in defenders(s, target)]
    if naval:
        out.append(PoolEntry(naval, 1, (), support=True))
    return out


def composition(s: Position, ids: list[str]) -> tuple[bool, bool]:
    live = [i for i in ids if s.unit(i)["hex"]]
    pz = any(U.is_panzer(i) for i in live)
    inf = any(not U.is_panzer(i) for i in live)
    return pz, inf


# ----- support units (4.1) --------------------------------------------------------------------
def naval_ok_hex(s: Position, target: int) -> bool:
    b = board()
    if not (b.coast_bb >> target) & 1:
        return False
    # 4.1: no bombardment of Antwerp or the Scheldt while Walcheren is German
    return not (s.walcheren_german() and (target == b.opt("Antwerp") or target in b.zone("scheldt_coast")))


def naval_for(s: Position, nations: set[str]) -> list[str]:
    """Ready naval units that may support units of these nations (ETF Commonwealth, WTF US)."""
    out = []
    for sid, st in s.g["support"].items():
        d = supports()[sid]
        if d.kind != "naval" or st != "ready":
            continue
        if (d.nation == "uk" and nations & set(COMMONWEALTH)) or (d.nation == "us" and "us" in nations):
            out.append(sid)
    return out


def bomber_ready(s: Position) -> str | None:
    if not clear_weather(s) or s.g["month_use"]["bomber"]:
        return None
    for sid, st in sorted(s.g["support"].items()):
        d = supports()[sid]
        if d.kind == "bomber" and st == "ready" and d.first <= s.turn:
            return sid
    return None


def airborne_ready(s: Position) -> list[str]:
    if not clear_weather(s) or s.g["month_use"]["airborne"] >= AIRBORNE_PER_MONTH:
        return []
    return [sid for sid, st in sorted(s.g["support"].items())
            if supports()[sid].kind == "airborne" and st == "ready" and supports()[sid].first <= s.turn]


def airborne_ok_hex(s: Position, target: int, attackers: list[str]) -> bool:
    """4.1 B: a hex attacked across a river, or a fortress hex."""
    b = board()
    if (b.fortress_bb >> target) & 1:
        return True
    return any(b.river(s.hex_of(a), target) or b.rhine(s.hex_of(a), target) for a in attackers)


def support_options(s: Position, target: int, attackers: list[str], chosen: dict[str, Any]) -> list[str]:
    """Allied support units that could join this attack now."""
    if not attackers or s.side_of(attackers[0]) != "allied":
        return []
    out: list[str] = []
    b = board()
    nations = {U.udef(a).nation for a in attackers}
    if not chosen.get("naval") and naval_ok_hex(s, target):
        out += naval_for(s, nations)
    if not chosen.get("bomber") and not chosen.get("airborne") and target != b.opt("Paris"):
        bomber = bomber_ready(s)
        if bomber:
            out.append(bomber)
    if not chosen.get("airborne") and not chosen.get("bomber") and airborne_ok_hex(s, target, attackers):
        out += airborne_ready(s)
    return out


# ----- hits ------------------------------------------------------------------------------------
def hits_against(faces: list[str], s: Position, shooter_side: str, targets: list[str]) -> tuple[int, int]:
    """(panzer-class hits, infantry-class hits) that ``faces`` score on ``targets`` (those on the map)."""
    pz, inf = composition(s, targets)
    return hits_on(faces, s, shooter_side, pz, inf)


def hits_on(faces: list[str], s: Position, shooter_side: str, panzer: bool, infantry: bool) -> tuple[int, int]:
    """(panzer-class hits, infantry-class hits) that ``faces`` score on a target of this composition."""
    r = score(faces, target_has_panzer=panzer, target_has_infantry=infantry, air_counts=air_counts(s, shooter_side))
    return r.hits_on_panzer, r.hits_on_infantry


def per_die_hit(s: Position, shooter_side: str, pz: bool, inf: bool) -> float:
    r = score(list(FACES_1944), target_has_panzer=pz, target_has_infantry=inf,
              air_counts=air_counts(s, shooter_side))
    return r.hits / len(FACES_1944)


def binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def elimination_box(s: Position, uid: str) -> str:
    """12.1: coast and fortress corps, and German armies/elite corps from January, are gone for good."""
    if U.never_replaced(uid) or (U.late_war_loss(uid) and s.turn >= 8):
        return U.GONE
    return U.POOL


def roll(s: Position, n: int, side: str, why: str, rule: str) -> list[str]:
    """Roll ``n`` custom dice; every roll is an event with the faces."""
    faces = roll_faces(s.rng, n)
    s.emit("roll", sides=6, faces=faces, values=faces, side=side, why=why, rule=rule,
           text=f"{side.capitalize()} rolls {n} dice for {why}: {', '.join(faces) or 'none'}")
    return faces


def targets(s: Position, side: str) -> list[int]:
    """Enemy-held hexes next to a unit that may still attack (12.0)."""
    b = board()
    enemy = s.units_bb("allied" if side == "german" else "german")
    units = s.g["units"]
    index = b.m.index
    able = 0  # hexes holding a unit that may still attack
    for uid in s.pieces_on_map(side):
        u = units[uid]
        if u["attacked"] or u["strat"] or (u["over"] and overstacked_here(s, uid)):
            continue
        able |= 1 << index[u["hex"]]
    return bits(b.dilator.step(able) & enemy)  # the dilator steps to ``adj``; bits come lowest first


def affordable(s: Position, side: str, target: int) -> bool:
    att = eligible_attackers(s, target, side)
    return bool(att) and (s.rp(side) >= 1 or any(attack_cost(s, [a]) == 0 for a in att))
