"""Phases 1 and 3 (7.0): reinforcements, replacements, phantoms, the RCO and the objective card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.state import Step
from . import units as U
from .board import board
from .data import tables
from .hidden import (
    OBJECTIVES,
    disband_actions,
    far_from_allies,
    handle,
    hide,
    phantom_free,
    remove_phantom,
    resolve,
)
from .reinforcements import (
    build_cost,
    build_hexes,
    can_afford,
    charge,
    entry_hexes,
    may_add_step,
    may_rebuild,
    step_cost,
)

if TYPE_CHECKING:
    from .game import GameState

CANCEL_BUDGET = 12  # cancels per phase before a selection must be carried through (keeps random play finite)


def cancels_left(s: GameState) -> bool:
    return s.g["cancels"] < CANCEL_BUDGET


def rco_month_index(s: GameState) -> int | None:
    months = tables()["rco"]["months"]
    return months.index(s.turn) if s.turn in months else None


def rco_available(s: GameState) -> bool:
    return bool(s.g["rco"]["allowed"]) and not s.g["rco"]["launched"] and rco_month_index(s) is not None


def launch_rco(s: GameState) -> None:
    """16.0: Dietrich (3 SP), I SS Panzer Corps (Dec 1, Jan 2 SP) and 3/2/1 surprise markers."""
    k = rco_month_index(s)
    assert k is not None
    t = tables()["rco"]
    g = s.g
    g["rco"]["launched"] = s.turn
    g["rco"]["markers"] = int(t["surprise"][k])
    d = g["units"]["ge-6pa"]
    d.update({"box": U.AVAILABLE, "sp": 3, "due": s.turn, "rco_unit": True})
    sp = int(t["i_ss_sp"][k])
    if sp:
        g["units"]["ge-1sspc"].update({"box": U.AVAILABLE, "sp": sp, "due": s.turn, "rco_unit": True})
    s.touch()
    s.emit("rco", turn=s.turn, markers=g["rco"]["markers"], rule="1944 16.0",
           text=f"Rundstedt's Counter-Offensive is launched in {s.month()}: 6th Panzer Army"
                f"{' and I SS Panzer Corps (' + str(sp) + ' SP)' if sp else ''}, {g['rco']['markers']} surprise marker(s)")


class Reinforce(Step["GameState"]):
    """Place reinforcements, rebuild units, add steps; the German may launch the RCO or bring a phantom."""

    name = "reinforce"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.g["cancels"] = 0
        f["placed"] = []
        if f["side"] == "german" and rco_available(s) and s.g["rco"]["forced"]:
            launch_rco(s)

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return (f"{s.month()}, {f['side'].capitalize()} reinforcements and replacements ({s.rp(f['side'])} RP): "
                "place, rebuild, add steps, or done")

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        g = s.g
        out: list[Action] = []
        if side == "german" and rco_available(s):
            out.append(act("launch"))
        for uid in sorted(g["units"]):
            u = g["units"][uid]
            if U.udef(uid).side != side:
                continue
            if u["box"] == U.AVAILABLE and entry_hexes(s, uid):
                out.append(act("place", uid))
            elif u["box"] == U.POOL and may_rebuild(s, uid) and can_afford(s, uid, build_cost(uid)) \
                    and build_hexes(s, uid):
                out.append(act("build", uid))
            elif u["hex"] and may_add_step(s, uid) and can_afford(s, uid, step_cost(uid)):
                out.append(act("step", handle(s, uid)))
        out += disband_actions(s, side)
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        side = f["side"]
        if a.verb == "done":
            s.emit("phase_end", side=side, text=f"{side.capitalize()} reinforcements done")
            s.end()
        elif a.verb == "launch":
            launch_rco(s)
        elif a.verb == "place":
            s.call("place_unit", unit=a.args[0], mode="place", side=side)
        elif a.verb == "build":
            s.call("place_unit", unit=a.args[0], mode="build", side=side)
        elif a.verb == "disband":
            remove_phantom(s, resolve(s, a.args[0]), "disbanded by the German player", public=False)
        elif a.verb == "step":
            uid = resolve(s, a.args[0])
            cost = step_cost(uid)
            charge(s, uid, cost)
            u = s.u(uid)
            u["sp"] += 1
            u["added"] += 1
            real = f"{U.udef(uid).short} receives a replacement step ({cost} RP): {u['sp']}/{U.max_sp(uid)} SP"
            if u.get("hid"):  # 18.5: the Allies see RP spent, not on which hidden unit
                s.emit("replacement", unit=uid, sp=u["sp"], cost=cost, rule="1944 9.2", text=real,
                       visible_to=["german"])
                s.emit("replacement", cost=cost, rule="1944 9.2", text=f"The Germans spend {cost} RP on replacements")
            else:
                s.emit("replacement", unit=uid, sp=u["sp"], cost=cost, rule="1944 9.2", text=real)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["placed"].append(ret)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb in ("place", "build", "step") and a.args and resolve(s, a.args[0]) in s.g["units"]:
            uid = resolve(s, a.args[0])
            if U.udef(uid).side != f["side"]:
                return f"1944 9.0: {uid} is not a {f['side']} unit"
            if a.verb == "build" and not may_rebuild(s, uid):
                return f"1944 9.3: {U.udef(uid).short} cannot be rebuilt now"
            if a.verb in ("build", "step"):
                return f"1944 9.3: not enough RP, or the national replacement limit is spent, for {uid}"
            return f"1944 9.1: {uid} has no legal entry hex now"
        return None


class PlaceUnit(Step["GameState"]):
    """Choose the entry hex for one reinforcement or rebuilt unit; then, for the German, perhaps a phantom.

    18.5: with the phantom option a German unit entering more than two hexes from the Allies goes under a
    hidden marker at once, so the Allied player never sees it before the phantom decision; if no phantom
    joins it, the marker comes off again.
    """

    name = "place_unit"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        if f.get("stage") == "phantom":
            return "Bring a phantom on with the unit just placed? Choose its hex, or none"
        what = {"place": "Place", "build": "Rebuild"}[f["mode"]]
        return f"{what} {U.udef(f['unit']).short}: choose a hex"

    def hexes(self, s: GameState, f: dict[str, Any]) -> list[int]:
        if f["mode"] == "place":
            return entry_hexes(s, f["unit"])
        return build_hexes(s, f["unit"])

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        b = board()
        if f.get("stage") == "phantom":
            return [act("at", b.label(h)) for h in phantom_hexes(s, f["unit"], f["entries"])] + [act("none")]
        out = [act("at", b.label(h)) for h in self.hexes(s, f)]
        if cancels_left(s) or not out:
            out.append(act("cancel"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if f.get("stage") == "phantom":
            self.phantom(s, f, a)
            return
        if a.verb == "cancel":
            s.g["cancels"] += 1
            s.end(None)
            return
        b = board()
        lab = a.args[0]
        uid = f["unit"]
        i = b.hex(lab)
        entries = self.hexes(s, f)
        over = any(s.side_of(x) == f["side"] for x in s.at(i))
        u = s.u(uid)
        d = U.udef(uid)
        if f["mode"] == "build":
            cost = build_cost(uid)
            charge(s, uid, cost)
            sp = 1
            why = f"is rebuilt for {cost} RP"
            rule = "1944 9.2"
        else:
            sp = u["sp"] if d.side == "allied" or u.get("rco_unit") else 1  # 9.1: Germans enter at 1 SP
            if d.side == "allied" and u["sp"] <= 0:
                sp = U.max_sp(uid)
            why = "arrives"
            rule = "1944 9.1"
        u.update({"sp": sp, "over": over, "entered": s.turn, "how": f["mode"], "due": None})
        if d.entry_at == "south_edge" and s.turn == s.g["ag_g_turn"] and f["mode"] == "place":
            u["free_move"] = True  # 15.0: free activation for movement in the month of entry
        if uid == "ge-6pa" and s.g["rco"]["launched"] == s.turn:
            u["free_move"] = u["free_attack"] = True  # 16.0: Dietrich moves and attacks free
        s.put(uid, lab)
        real = f"{d.short} {why} at {b.name_of(i)} ({sp} SP){' (over-stacked)' if over else ''}"
        if d.side == "german" and phantom_possible(s) and phantom_hexes(s, uid, entries):
            # 18.5: the unit is announced only with its phantom (or without one), never alone first
            hide(s, [uid])
            u["pending"] = True
            s.emit("enter", unit=uid, hex=lab, sp=sp, rule=rule, text=real, visible_to=["german"])
            f["stage"], f["entries"], f["text"] = "phantom", entries, real
            return
        s.emit("enter", unit=uid, hex=lab, sp=sp, rule=rule, text=real)
        s.end(uid)

    def phantom(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        uid = f["unit"]
        u = s.u(uid)
        u.pop("pending", None)
        if a.verb == "none":
            u["hid"] = None
            s.emit("enter", unit=uid, hex=u["hex"], sp=u["sp"], rule="1944 9.1", text=f["text"])
            s.end(uid)
            return
        pid = phantom_free(s)[0]
        lab = a.args[0]
        i = board().hex(lab)
        over = any(s.side_of(x) == "german" for x in s.at(i))
        p = s.g["phantoms"][pid]
        p.update({"hex": lab, "moved": False, "paid": False, "over": over, "entered": s.turn, "partner": uid})
        s.touch()
        s.g["phantom_used"] = True
        s.u(uid)["partner"] = pid
        hide(s, [pid])
        markers, hexes = sorted([p["hid"], u["hid"]]), sorted({lab, u["hex"]})
        s.emit("hidden", markers=markers, hexes=hexes, rule="1944 18.5",
               text=f"Two hidden German markers ({', '.join(markers)}) enter at {', '.join(hexes)}")
        s.emit("hidden", unit=uid, phantom=pid, visible_to=["german"], rule="1944 18.5",
               text=f"{p['hid']} is a phantom beside {U.udef(uid).short} ({u['hid']})")
        s.end(uid)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "at" and a.args:
            return (f"1944 9.1/9.2: {a.args[0]} is not a legal entry hex (it must be a controlled, "
                    "in-supply city or next to one, a beach-head or port, or the hexes named for this unit)")
        return None


def phantom_possible(s: GameState) -> bool:
    return bool(s.options.get("phantoms")) and not s.g["phantom_used"] and bool(phantom_free(s))


def phantom_hexes(s: GameState, uid: str, entries: list[int]) -> list[int]:
    """18.5: the real unit's entry hex or an adjacent entry hex, more than two hexes from the Allies."""
    b = board()
    i = s.hex_of(uid)
    if not far_from_allies(s, i):
        return []
    cands = {i} | {n for n in b.adj[i] if n in set(entries)}
    return sorted(h for h in cands if far_from_allies(s, h))


class ChooseObjective(Step["GameState"]):
    """18.2 optional: the Allied player picks one of three face-down cards (numbered at random)."""

    name = "objective"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "Choose your objective card (your view lists what each card number is)"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("card", k + 1) for k in range(len(s.g["cards"]))]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        pick = s.g["cards"][int(a.args[0]) - 1]
        s.g["objective"] = pick
        s.emit("objective", objective=pick, visible_to=["allied"], rule="1944 18.2",
               text=f"The Allied objective card is {OBJECTIVES[pick]}")
        s.emit("objective_chosen", rule="1944 18.2", text="The Allied player chooses an objective card")
        s.end()
