"""Decisions that bring units to the continent: German deployment (§5.2), the invasion (§7), airborne drops (§8)."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Step
from . import logistics, refusals
from .data import STATIC, units
from .position import Position


def regions_for(s: Position, labels: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for h in labels:
        out.setdefault(s.board.region_of(h), []).append(h)
    return out


class Deploy(Step[Position]):
    """§5.2 free deployment: pick a unit, then a hex (region first); ``done`` keeps the rest off the map."""

    name = "deploy"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Deploy German units ({len(s.in_box('german_available'))} left), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        left = logistics.representatives(s, s.in_box("german_available"))
        return [act("deploy", u) for u in left if deploy_hexes(s, u)] + [act("done")]

    def on_deploy(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["unit"] = uid
        s.call("hex_choice", player="german", question=f"Deploy {units()[uid].label}",
               regions=regions_for(s, deploy_hexes(s, uid)))

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        uid = f.pop("unit")
        s.place(uid, ret)
        s.emit("deploy", unit=uid, hex=ret, rule=s.rule("5.2"), text=f"{units()[uid].label} deploys at {ret}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.deploy(s, a)


def deploy_hexes(s: Position, uid: str) -> list[str]:
    """§5.2: not neutral, sea or impassable; static infantry on a coastal hex or in-land port; the marked units
    on a German replacement hex; stacking (§3)."""
    b = s.board
    m = b.m
    d = units()[uid]
    if d.marked:
        area = m.bb(m.index[h] for h in b.replacement_hexes)
    elif d.type == STATIC:
        area = b.coastal
    else:
        area = b.playable
    area &= b.playable
    return [m.label(i) for i in bits(area) if s.can_join(uid, m.label(i))]


class Invasion(Step[Position]):
    """§7: choose a sector (or pass the optional second invasion), then land units on its sea invasion hexes."""

    name = "invasion"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        if f["sector"] is None:
            return "Choose the coastal sector to invade" + ("" if f["mandatory"] else ", or pass")
        if f["unit"] is not None:
            return f"Sea invasion hex for {units()[f['unit']].label}"
        return f"Land units in {logistics.sector_name(f['sector'])} (Table 5), then done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        if f["sector"] is None:
            out = [act("invade", sec) for sec in s.board.sectors]
            return out if f["mandatory"] else [*out, act("pass")]
        if f["unit"] is not None:
            return [act("at", h) for h in logistics.invasion_sea_hexes(s, f["sector"])] + [act("cancel")]
        out = []
        if logistics.invasion_sea_hexes(s, f["sector"]):
            out = [act("land", u) for u in logistics.invasion_candidates(s, f["sector"])]
        if s.g.get("invasion_units") or not f["mandatory"] or not out:
            out.append(act("done"))
        return out

    def on_invade(self, s: Position, f: dict[str, Any], sector: str) -> None:
        f["sector"] = sector
        s.mut("invasions").append({"sector": sector, "week": s.week})
        s.g["invasion_units"] = []
        s.emit("invasion", sector=sector, week=s.week, rule=s.rule("7"), text=f"The Allies invade {logistics.sector_name(sector)}")

    def on_pass(self, s: Position, f: dict[str, Any]) -> None:
        s.emit("no_invasion", rule=s.rule("7"), text="No invasion this week")
        s.end()

    def on_land(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["unit"] = uid

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        f["unit"] = None

    def on_at(self, s: Position, f: dict[str, Any], sea: str) -> None:
        uid = f["unit"]
        f["unit"] = None
        s.place(uid, sea)
        s.set_flags(uid, invader=True, fresh=True)
        s.mut("invasion_units").append(uid)
        logistics.count_landing(s, f["sector"], units()[uid], by_air=False)
        s.emit("invader", unit=uid, hex=sea, rule=s.rule("7"), text=f"{units()[uid].label} embarks for {sea}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "at" and a.args and f["sector"] is not None and f["unit"] is not None:
            return logistics.invasion_refusal(s, f["sector"], a.args[0])
        return refusals.invasion(s, f, a)


class Airborne(Step[Position]):
    """§8: up to three drops; the hex is chosen region first."""

    name = "airborne"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Airborne drops ({s.g['dropped_now']} of 3 made), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        free, inv = logistics.drop_hexes(s)
        out = [act("drop", u) for u in logistics.drop_candidates(s)] if (free or inv) else []
        return [*out, act("done")]

    def on_drop(self, s: Position, f: dict[str, Any], uid: str) -> None:
        free, inv = logistics.drop_hexes(s)
        f["unit"] = uid
        f["invasion_area"] = inv
        s.call("hex_choice", player="allied", question=f"Drop {units()[uid].label}", regions=regions_for(s, free + inv),
               purpose="drop")

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        uid = f.pop("unit")
        inv = f.pop("invasion_area")
        s.place(uid, ret)
        s.set_flags(uid, dropped=True, fresh=True, moved=True)
        s.g["dropped_now"] += 1
        sector = None
        if ret in inv:
            cur = logistics.current_invasion(s)
            sector = str(cur["sector"]) if cur else None
        logistics.count_landing(s, sector, units()[uid], by_air=True)
        s.emit("drop", unit=uid, hex=ret, rule=s.rule("8"), text=f"{units()[uid].label} drops at {ret}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.airborne(s, f, a)
