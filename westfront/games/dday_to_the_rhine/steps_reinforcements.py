"""Phases 1 and 3 (7.0): reinforcements, replacements, phantoms, the RCO and the objective card."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from . import units as U
from .board import board
from .hidden import (
    OBJECTIVES,
    check_contact,
    disband_actions,
    handle,
    hide,
    phantom_free,
    phantom_hexes,
    phantom_possible,
    remove_phantom,
    resolve,
)
from .position import Position
from .reinforcements import (
    build_cost,
    build_hexes,
    can_afford,
    charge,
    entry_hexes,
    launch_rco,
    may_rebuild,
    rco_available,
    step_cost,
    steppable,
)


class Reinforce(Step[Position]):
    """Place reinforcements, rebuild units, add steps; the German may launch the RCO or bring a phantom."""

    name = "reinforce"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        f["placed"] = []
        if f["side"] == "german" and rco_available(s) and s.g["rco"]["forced"]:
            launch_rco(s)

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return (f"{s.month()}, {f['side'].capitalize()} reinforcements and replacements ({s.rp(f['side'])} RP): "
                "place, rebuild, add steps, or done")

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        g = s.g
        out: list[Action] = []
        if side == "german" and rco_available(s):
            out.append(act("launch"))
        units = g["units"]
        steps = steppable(s, side)  # may_add_step and can_afford(step_cost), with the shared reads once
        for uid in U.ids_of(side):
            u = units.get(uid)
            if u is None:
                continue
            box = u["box"]
            if box == U.AVAILABLE and entry_hexes(s, uid):
                out.append(act("place", uid))
            elif box == U.POOL and may_rebuild(s, uid) and can_afford(s, uid, build_cost(uid)) \
                    and build_hexes(s, uid):
                out.append(act("build", uid))
            elif uid in steps:
                out.append(act("step", handle(s, uid)))
        out += disband_actions(s, side)
        out.append(act("done"))
        return out

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        s.emit("phase_end", side=side, text=f"{side.capitalize()} reinforcements done")
        s.end()

    def on_launch(self, s: Position, f: dict[str, Any]) -> None:
        """16.0: the German launches Rundstedt's Counter-Offensive this month."""
        launch_rco(s)

    def on_place(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """9.1: bring a reinforcement on."""
        s.call("place_unit", unit=uid, mode="place", side=f["side"])

    def on_build(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """9.2: rebuild an eliminated unit from the pool."""
        s.call("place_unit", unit=uid, mode="build", side=f["side"])

    def on_disband(self, s: Position, f: dict[str, Any], token: str) -> None:
        remove_phantom(s, resolve(s, token), "disbanded by the German player", public=False)

    def on_step(self, s: Position, f: dict[str, Any], token: str) -> None:
        """9.2: a replacement step for a unit on the map."""
        uid = resolve(s, token)
        cost = step_cost(uid)
        charge(s, uid, cost)
        s.set_fields(uid, strength=s.unit(uid)["strength"] + 1, added=s.unit(uid)["added"] + 1)
        u = s.unit(uid)
        real = (f"{U.udef(uid).short} receives a replacement step ({cost} RP): "
                f"{u['strength']}/{U.max_strength(uid)} SP")
        if u.get("hid"):  # 18.5: the Allies see RP spent, not on which hidden unit
            s.emit("replacement", unit=uid, strength=u["strength"], cost=cost, rule=s.rule("9.2"), text=real,
                   visible_to=["german"])
            s.emit("replacement", cost=cost, rule=s.rule("9.2"), text=f"The Germans spend {cost} RP on replacements")
        else:
            s.emit("replacement", unit=uid, strength=u["strength"], cost=cost, rule=s.rule("9.2"), text=real)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["placed"].append(ret)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb in ("place", "build", "step") and a.args and resolve(s, a.args[0]) in s.g["units"]:
            uid = resolve(s, a.args[0])
            if U.udef(uid).side != f["side"]:
                return f"{s.rule('9.0')}: {uid} is not a {f['side']} unit"
            if a.verb == "build" and not may_rebuild(s, uid):
                return f"{s.rule('9.3')}: {U.udef(uid).short} cannot be rebuilt now"
            if a.verb in ("build", "step"):
                return f"{s.rule('9.3')}: not enough RP, or the national replacement limit is spent, for {uid}"
            return f"{s.rule('9.1')}: {uid} has no legal entry hex now"
        return None


class PlaceUnit(Step[Position]):
    """Choose the entry hex for one reinforcement or rebuilt unit; then, for the German, perhaps a phantom.

    18.5: with the phantom option a German unit entering more than two hexes from the Allies goes under a
    hidden marker at once, so the Allied player never sees it before the phantom decision; if no phantom
    joins it, the marker comes off again.
    """

    name = "place_unit"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        if f.get("stage") == "phantom":
            return "Bring a phantom on with the unit just placed? Choose its hex, or none"
        what = {"place": "Place", "build": "Rebuild"}[f["mode"]]
        return f"{what} {U.udef(f['unit']).short}: choose a hex"

    def hexes(self, s: Position, f: dict[str, Any]) -> list[int]:
        if f["mode"] == "place":
            return entry_hexes(s, f["unit"])
        return build_hexes(s, f["unit"])

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        b = board()
        if f.get("stage") == "phantom":
            return [act("at", b.label(h)) for h in phantom_hexes(s, f["unit"], f["entries"])] + [act("none")]
        out = [act("at", b.label(h)) for h in self.hexes(s, f)]
        return [*out, act("cancel")]  # a started placement can always be backed out of

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.end(None)

    def on_none(self, s: Position, f: dict[str, Any]) -> None:
        """18.5: no phantom joins the unit; its marker comes off."""
        uid = f["unit"]
        s.drop_fields(uid, "pending")
        s.set_fields(uid, hid=None)
        u = s.unit(uid)
        s.emit("enter", unit=uid, hex=u["hex"], strength=u["strength"], rule=s.rule("9.1"), text=f["text"])
        s.end(uid)

    def on_at(self, s: Position, f: dict[str, Any], lab: str) -> None:
        if f.get("stage") == "phantom":
            self.phantom(s, f, lab)
        else:
            self.place(s, f, lab)

    def place(self, s: Position, f: dict[str, Any], lab: str) -> None:
        """9.1, 9.2: the unit enters (German reinforcements at 1 SP); 18.5 may hide it for a phantom."""
        b = board()
        uid = f["unit"]
        i = b.hex(lab)
        entries = self.hexes(s, f)
        over = any(s.side_of(x) == f["side"] for x in s.at(i))
        u = s.unit(uid)
        d = U.udef(uid)
        if f["mode"] == "build":
            cost = build_cost(uid)
            charge(s, uid, cost)
            sp = 1
            why = f"is rebuilt for {cost} RP"
            rule = s.rule("9.2")
        else:
            # 9.1: Germans enter at 1 SP; a unit sent back for over-stacking keeps the steps it had
            sp = u["strength"] if d.side == "allied" or u.get("rco_unit") or u.get("returned") else 1
            if d.side == "allied" and u["strength"] <= 0:
                sp = U.max_strength(uid)
            why = "arrives"
            rule = s.rule("9.1")
        s.set_fields(uid, strength=sp, over=lab if over else False, entered=s.turn, how=f["mode"], due=None)
        s.drop_fields(uid, "returned")
        if d.entry_at == "south_edge" and s.turn == s.g["ag_g_turn"] and f["mode"] == "place":
            s.set_fields(uid, free_move=True)  # 15.0: free activation for movement in the month of entry
        if uid == "ge-6pa" and s.g["rco"]["launched"] == s.turn:
            s.set_fields(uid, free_move=True, free_attack=True)  # 16.0: Dietrich moves and attacks free
        s.place_piece(uid, lab)
        real = f"{d.short} {why} at {b.name_of(i)} ({sp} SP){' (over-stacked)' if over else ''}"
        if d.side == "german" and phantom_possible(s) and phantom_hexes(s, uid, entries):
            # 18.5: the unit is announced only with its phantom (or without one), never alone first
            hide(s, [uid])
            s.set_fields(uid, pending=True)
            s.emit("enter", unit=uid, hex=lab, strength=sp, rule=rule, text=real, visible_to=["german"])
            f["stage"], f["entries"], f["text"] = "phantom", entries, real
            return
        s.emit("enter", unit=uid, hex=lab, strength=sp, rule=rule, text=real)
        if d.side == "allied":
            check_contact(s)  # 18.5: an Allied unit entering within two hexes uncovers hidden pieces
        s.end(uid)

    def phantom(self, s: Position, f: dict[str, Any], lab: str) -> None:
        """18.5: a phantom enters with the unit, both under hidden markers."""
        uid = f["unit"]
        s.drop_fields(uid, "pending")
        pid = phantom_free(s)[0]
        i = board().hex(lab)
        over = any(s.side_of(x) == "german" for x in s.at(i))
        s.shift_phantom(pid, lab)
        s.set_fields(pid, moved=False, paid=False, over=lab if over else False, entered=s.turn, partner=uid)
        s.forget()
        s.g["phantom_used"] = True
        s.set_fields(uid, partner=pid)
        hide(s, [pid])
        u, p = s.unit(uid), s.piece(pid)
        markers, hexes = sorted([str(p["hid"]), str(u["hid"])]), sorted({lab, str(u["hex"])})
        s.emit("hidden", markers=markers, hexes=hexes, rule=s.rule("18.5"),
               text=f"Two hidden German markers ({', '.join(markers)}) enter at {', '.join(hexes)}")
        s.emit("hidden", unit=uid, phantom=pid, visible_to=["german"], rule=s.rule("18.5"),
               text=f"{p['hid']} is a phantom beside {U.udef(uid).short} ({u['hid']})")
        s.end(uid)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "at" and a.args:
            return (f"{s.rule('9.1')}/9.2: {a.args[0]} is not a legal entry hex (it must be a controlled, "
                    "in-supply city or next to one, a beach-head or port, or the hexes named for this unit)")
        return None


class ChooseObjective(Step[Position]):
    """18.2 optional: the Allied player picks one of three face-down cards (numbered at random)."""

    name = "objective"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Choose your objective card (your view lists what each card number is)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("card", k + 1) for k in range(len(s.g["cards"]))]

    def on_card(self, s: Position, f: dict[str, Any], number: str) -> None:
        pick = s.g["cards"][int(number) - 1]
        s.g["objective"] = pick
        s.emit("objective", objective=pick, visible_to=["allied"], rule=s.rule("18.2"),
               text=f"The Allied objective card is {OBJECTIVES[pick]}")
        s.emit("objective_chosen", rule=s.rule("18.2"), text="The Allied player chooses an objective card")
        s.end()
