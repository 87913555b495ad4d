"""Decisions of the set-up and the administrative phases (SFN 3.4, 7.4, 8.1-8.6, 15.5, 15.8)."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from .data import ALLIED, GERMAN, POOL_NAMES, tables, units
from .position import Position
from .reinforcements import (
    german_setup_options,
    rebuild_beaches,
    rebuild_cost,
    replacement_actions,
    rp_pool,
)
from .sequence import withdrawable
from .victory import add_vp, sudden_death


def private(s: Position, who: str, type: str, **fields: Any) -> None:
    """An event only ``side`` sees (10.6: the German never learns the composition of Allied stacks)."""
    if who == ALLIED and s.options.get("fog_of_war", True):
        fields["visible_to"] = [ALLIED]
    s.emit(type, **fields)


class Deploy(Step[Position]):
    """3.4: the German places each hex-coded unit on its hex or a neighbour, one at a time."""

    name = "deploy"

    def pending(self, s: Position) -> list[str]:
        return s.in_box("setup", GERMAN)  # id order

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self._skip(s, f)

    def _skip(self, s: Position, f: dict[str, Any]) -> None:
        while True:
            todo = self.pending(s)
            if not todo:
                s.end()
                return
            if german_setup_options(s, todo[0]):
                return
            s.to_box(todo[0], "north")  # nowhere legal (cannot happen on the real map): held back
            s.emit("setup", unit=todo[0], text=f"{units()[todo[0]].name} has no legal set-up hex: North box")

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return GERMAN

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        uid = self.pending(s)[0]
        d = units()[uid]
        return f"Set up {d.name} in {d.setup} or next to it (SFN 3.4)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        uid = self.pending(s)[0]
        return [act("place", uid, h) for h in german_setup_options(s, uid)] + [act("printed")]

    def on_printed(self, s: Position, f: dict[str, Any]) -> None:
        """The printed hex when it is legal, else the first legal neighbour (a one-click set-up)."""
        uid = self.pending(s)[0]
        opts = german_setup_options(s, uid)
        code = units()[uid].setup
        self.on_place(s, f, uid, code if code in opts else opts[0])

    def on_place(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        s.place(uid, label)
        s.emit("setup", unit=uid, hex=label, text=f"{units()[uid].name} sets up in {label}", rule=s.rule("3.4"))
        self._skip(s, f)


class Transfer(Step[Position]):
    """7.4: the German picks which Italy unit (if any) moves to the South box; free, full strength."""

    name = "transfer"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return GERMAN

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        if f["dest"] == "italy_transit":
            return "Set aside the Italy unit that will reach the South box in four turns (SFN 7.4), or none"
        return "Transfer one unit from Italy to the South box (SFN 7.4), or none"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("transfer", u) for u in s.in_box(f["source"])] + [act("none")]

    def on_transfer(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.to_box(uid, f["dest"])
        s.set_fields(uid, steps=units()[uid].steps, arrived=s.g["turn"])
        s.touch_fields()  # strength is part of the position: derived facts (reach) change
        where = "is on its way from Italy" if f["dest"] == "italy_transit" else "moves from Italy to the South box"
        s.emit("transfer", unit=uid, text=f"{units()[uid].name} {where}", rule=s.rule("7.4"))
        s.end()

    def on_none(self, s: Position, f: dict[str, Any]) -> None:
        s.end()


class Replace(Step[Position]):
    """8.1-8.6: spend replacement points one at a time: rebuild from the dead pile, or restore a step."""

    name = "replace"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        pools = ", ".join(f"{POOL_NAMES.get(k, k)} {v}" for k, v in s.g["rp"].items())
        return f"Replacements (SFN 8.1): {pools} RP left; rebuild, restore or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        rebuild, restore = replacement_actions(s, f["side"])
        return [act("rebuild", u) for u in rebuild] + [act("restore", u) for u in restore] + [act("done")]

    def _spend(self, s: Position, uid: str, n: int) -> None:
        pool = rp_pool(uid)
        s.mut("rp")[pool] -= n
        s.set_fields(uid, replaced=True)
        if pool == "commonwealth":
            add_vp(s, n * tables()["victory"]["commonwealth_replacement"], "Commonwealth replacements", "4.4")

    def on_rebuild(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """8.2: German rebuilt units go to the North box; Allied ones onto a beach."""
        self._spend(s, uid, rebuild_cost(uid))
        s.set_fields(uid, steps=1)
        s.touch_fields()  # strength is part of the position: derived facts (reach) change
        if units()[uid].side == GERMAN:
            s.to_box(uid, "north")
            s.set_fields(uid, arrived=s.g["turn"] - 1)  # 8.2: enters as any North box unit, but 8.3: not this turn
            s.emit("rebuild", unit=uid, text=f"{units()[uid].name} is rebuilt in the North box", rule=s.rule("8.2"))
        else:
            beaches = rebuild_beaches(s, uid)
            s.place(uid, beaches[0])
            s.set_fields(uid, supply="regular")
            private(s, ALLIED, "rebuild", unit=uid, hex=beaches[0], rule=s.rule("8.2"),
                    text=f"{units()[uid].name} is rebuilt on {beaches[0]}")
            if len(beaches) > 1:
                f["placing"] = uid
                s.call("hex_choice", player=ALLIED, question=f"Beach for {units()[uid].name} (SFN 8.2)",
                       regions={"beaches": beaches})
        self._check(s)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        uid = f.pop("placing", None)
        if uid and ret:
            s.place(uid, ret)

    def on_restore(self, s: Position, f: dict[str, Any], uid: str) -> None:
        self._spend(s, uid, tables()["replacement_cost"]["restore"])
        s.set_fields(uid, steps=units()[uid].steps)
        s.touch_fields()
        ev = dict(unit=uid, text=f"{units()[uid].name} is back to full strength", rule=s.rule("8.1"))
        if units()[uid].side == ALLIED:
            private(s, ALLIED, "restore", **ev)
        else:
            s.emit("restore", **ev)
        self._check(s)

    def _check(self, s: Position) -> None:
        r = sudden_death(s)
        if r:
            s.finish(r)

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.g["rp"] = {}
        s.end()


class AerialSupply(Step[Position]):
    """15.8: up to three otherwise unsupplied Allied units draw aerial supply until the next check."""

    name = "aerial_supply"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return ALLIED

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        left = tables()["periods"]["aerial_supply_units"] - len(s.g["aerial"])
        return f"Aerial supply (SFN 15.8): up to {left} more out-of-supply unit(s), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = []
        if len(s.g["aerial"]) < tables()["periods"]["aerial_supply_units"]:
            out = [act("airsupply", u) for u in s.on_map(ALLIED) if s.u(u)["supply"] == "none"]
        return out + [act("done")]

    def on_airsupply(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.mut("aerial").append(uid)
        s.set_fields(uid, supply="aerial")
        s.touch()
        private(s, ALLIED, "aerial_supply_unit", unit=uid, text=f"Aerial supply for {units()[uid].name}")
        s.emit("aerial_supply", hex=s.u(uid)["hex"], rule=s.rule("15.8"),
               text=f"Aerial supply dropped on {s.u(uid)['hex']}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()


class Withdraw(Step[Position]):
    """15.5: airborne divisions in regular supply may be pulled back to England to rest."""

    name = "withdraw"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return ALLIED

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Withdraw airborne divisions to England to rest (SFN 15.5), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("withdraw", u) for u in withdrawable(s)] + [act("done")]

    def on_withdraw(self, s: Position, f: dict[str, Any], uid: str) -> None:
        hx = s.u(uid)["hex"]
        s.to_box(uid, "england")
        s.set_fields(uid, withdrawn=s.g["turn"])
        private(s, ALLIED, "withdraw_unit", unit=uid, text=f"{units()[uid].name} is withdrawn to England")
        s.emit("withdraw", hex=hx, text=f"An Allied airborne division leaves {hx} for England", rule=s.rule("15.5"))

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()
