"""The invasions (6.1, 6.2, 18.4): amphibious battles, beach-heads and the zone effects.

Each landing is one battle with the dice 6.2 counts: the army's dice +1 naval
+1 airborne -1 for the coast hexside against the defender's dice +1 for the
coast hexside (terrain inside the hex plays no part: 6.2 gives the complete
count). A defender that survives means the landing failed and the army comes
back as a reinforcement with its losses.
"""

from __future__ import annotations

from . import units as U
from .board import INVASION_ZONES, board
from .combat import hits_against, hits_on, roll
from .data import supports, tables
from .effects import lose_step
from .hidden import check_contact
from .position import Position
from .units import ordinal

NORMANDY_SLOT = {"us-1a": 0, "uk-2a": 1}  # 6.2: Hodges west (Utah/Omaha), Dempsey east (Gold/Juno/Sword)


def zone_of(i: int) -> str | None:
    b = board()
    return next((z for z in INVASION_ZONES if i in b.zone(z)), None)


def targets(s: Position, uid: str, planned: tuple[int, ...] = ()) -> list[int]:
    """6.2: the army's fixed Normandy hex; 18.4: any arrow hex free of Allied units and not already chosen."""
    b = board()
    if s.g["inv"]["mode"] == "normandy":
        return [b.zone("lower_normandy")[NORMANDY_SLOT[uid]]]
    allied = s.units_bb("allied")
    return sorted(i for z in INVASION_ZONES for i in b.zone(z) if not (allied >> i) & 1 and i not in planned)


def support_for(s: Position, uid: str) -> tuple[str | None, str | None]:
    """The army's naval task force and airborne unit, if still available (6.2, 18.4)."""
    nation = U.udef(uid).nation
    naval = next((k for k, d in supports().items() if d.kind == "naval" and d.nation == ("us" if nation == "us"
                                                                                           else "uk")), None)
    ab = next((k for k, d in supports().items() if d.kind == "airborne" and d.invasion == uid), None)
    g = s.g["support"]
    return (naval if naval and g.get(naval) == "ready" else None), (ab if ab and g.get(ab) == "ready" else None)


def invasion_dice(s: Position, uid: str, defenders: list[str]) -> tuple[int, int]:
    naval, ab = support_for(s, uid)
    coast = tables()["terrain"]["coast"]
    att = U.dice(uid, s.unit(uid)["strength"]) + (1 if naval else 0) + (1 if ab else 0) + int(coast["att_across"])
    dfn = sum(U.dice(d, s.unit(d)["strength"]) + int(coast["def"]) for d in defenders)
    return max(att, 0), dfn


def land(s: Position, uid: str, i: int) -> bool:
    """Resolve one landing (6.2); True when the army is ashore."""
    b = board()
    lab = b.label(i)
    defenders = s.real_at(i)
    naval, ab = support_for(s, uid)
    na, nd = invasion_dice(s, uid, defenders)
    for x in (naval, ab):
        if x:
            s.mut("support")[x] = "fired" if supports()[x].kind == "naval" else "used"
    if defenders:
        a_faces = roll(s, na, "allied", f"the landing at {lab}", s.rule("6.2"))
        d_faces = roll(s, nd, "german", f"the beach defence of {lab}", s.rule("6.2"))
        dp, di = hits_against(a_faces, s, "allied", defenders)
        # 6.2: the army is still at sea but it is the target of the beach defence (hits are simultaneous)
        _ap, ai = hits_on(d_faces, s, "german", U.is_panzer(uid), not U.is_panzer(uid))
        s.emit("invasion_battle", hex=lab, unit=uid, dice={"attacker": na, "defender": nd},
               hits_on_defender=dp + di, hits_on_attacker=_ap + ai, rule=s.rule("6.2"),
               text=f"Landing of {U.udef(uid).short} at {lab}: {na} dice against {nd}; "
                    f"{dp + di} hit(s) scored, {_ap + ai} taken")
        for _ in range(dp + di):
            live = [d for d in defenders if s.unit(d)["hex"]]
            if not live:
                break
            lose_step(s, max(live, key=lambda d: (s.unit(d)["strength"], d)), "the landing", s.rule("6.2"))
        s.set_fields(uid, strength=max(s.unit(uid)["strength"] - (_ap + ai), 0))
    u = s.unit(uid)
    if u["strength"] <= 0:
        s.remove_piece(uid, U.POOL)
        s.set_fields(uid, strength=0)
        s.emit("invasion_failed", unit=uid, hex=lab, rule=s.rule("6.2"),
               text=f"{U.udef(uid).short} is destroyed on the beach at {lab}")
        return False
    if any(s.unit(d)["hex"] for d in defenders):
        s.remove_piece(uid, U.AVAILABLE)
        s.set_fields(uid, due=s.turn)
        u = s.unit(uid)
        s.emit("invasion_failed", unit=uid, hex=lab, rule=s.rule("6.2"),
               text=f"The landing at {lab} fails: {U.udef(uid).short} returns as a reinforcement "
                    f"({u['strength']}/{U.max_strength(uid)} SP)")
        return False
    s.place_piece(uid, lab)
    s.mut("beachheads")[U.udef(uid).group] = lab
    s.forget()
    s.emit("beachhead", unit=uid, hex=lab, rule=s.rule("6.2"),
           text=f"{U.udef(uid).short} is ashore at {lab}: the {ordinal(U.udef(uid).group)} Army Group beach-head")
    check_contact(s)  # 18.5: a landing within two hexes uncovers hidden pieces
    return True


def easternmost(zones: list[str | None]) -> str | None:
    """18.4: the easternmost of the zones invaded (None when no landing hex lies in a zone)."""
    orders = {z: tables()["invasion_zones"][z]["order"] for z in zones if z}
    return max(orders, key=lambda z: orders[z]) if orders else None


def plan_landings(s: Position, hexes: list[int]) -> None:
    """18.4: every landing of the turn is chosen before any is fought; the easternmost zone invaded
    decides the effects, so Brittany's "no air" applies only when Brittany is that zone."""
    inv = s.mut("inv")
    zone = easternmost([zone_of(i) for i in hexes])
    inv["east"] = tables()["invasion_zones"][zone]["order"] if zone else None
    no_air = bool(zone and tables()["invasion_zones"][zone].get("no_air"))
    inv["no_air_landing"] = no_air  # no Allied air power in these invasion battles ...
    if no_air and s.turn == 1:
        inv["no_air_turn"] = 1  # ... nor in the June turn


def zone_effects(s: Position) -> None:
    """18.4: effects of the easternmost zone invaded this turn (6.2 for Normandy)."""
    g = s.g
    s.mut("inv")["no_air_landing"] = False
    east = g["inv"].get("east")
    if not east:
        return
    zone = next(z for z, v in tables()["invasion_zones"].items() if v["order"] == east)
    eff = tables()["invasion_zones"][zone]
    if s.turn == 1:
        s.mut("inv")["manteuffel_frozen"] = 1 if eff.get("manteuffel_frozen") else 0
    if eff.get("german_rp"):
        floor = s.mut("german_rp")
        for t in range(s.turn, int(eff["german_rp_until"]) + 1):
            floor[str(t)] = max(int(floor.get(str(t), 0)), int(eff["german_rp"]))
    s.emit("invasion_zone", zone=zone, rule=s.rule("18.4"), text=f"Easternmost invasion zone this turn: {zone}")


def delay(s: Position, uid: str) -> None:
    """18.4 B/D: the second landing waits for July; June RP halved, its group's Jul/Aug units a turn late."""
    g = s.g
    inv = s.mut("inv")
    inv["delayed"] = uid
    inv["pending"].append({"unit": uid, "turn": 2})
    s.mut("allied_rp")["1"] = int(tables()["rp"]["allied"][0]) // 2
    grp = U.udef(uid).group
    for oid, u in g["units"].items():
        d = U.udef(oid)
        if d.side == "allied" and d.group == grp and u["box"] == U.SCHEDULED and u["due"] in (2, 3):
            s.set_fields(oid, due=u["due"] + 1)
    s.emit("invasion_delayed", unit=uid, rule=s.rule("18.4"),
           text=f"{U.udef(uid).short} will land before the German July turn; Allied June RP halved")
