"""The monthly turn (7.0) and what happens between phases (8.0, 13.0, 14.0, 17.1).

Month: [invasion] -> German reinforcements -> German activation -> end of the
German turn (supply losses, liberation, sudden death) -> Allied RP,
reinforcements -> Allied activation -> end of the Allied turn (supply losses,
cities reverting) -> next month, or the end-of-game check after the last one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.state import Result, Step
from . import units as U
from .board import board
from .data import tables
from .effects import eliminate
from .hidden import draw_objective, remove_phantom, say
from .supply import in_supply
from .victory import christmas_won, final_result

if TYPE_CHECKING:
    from .game import GameState

STAGES = ("start", "invasion", "objective", "german_reinf", "german_act", "german_end", "allied_reinf",
          "allied_act", "allied_end", "month_end")


def german_rp(s: GameState) -> int:
    base = int(tables()["rp"]["german"][s.turn - 1])
    return max(base, int(s.g["german_rp"].get(str(s.turn), 0)))


def allied_rp(s: GameState) -> tuple[int, int, int]:
    """8.0: the track value plus port capacity, at most 24. Returns (total, base, PC)."""
    t = tables()["rp"]
    base = int(s.g["allied_rp"].get(str(s.turn), t["allied"][s.turn - 1]))
    pc = s.port_capacity()
    return min(base + pc, int(t["allied_cap"])), base, pc


def new_month(s: GameState) -> None:
    """Clear the month's markers; bring due reinforcements onto the turn track's arrival box."""
    g = s.g
    for u in g["units"].values():
        u.update({"moved": False, "att": 0, "strat": False, "rco": False, "paid": False, "added": 0,
                  "free_move": False, "free_attack": False})
        if u["box"] == U.SCHEDULED and u["due"] is not None and u["due"] <= s.turn:
            u["box"] = U.AVAILABLE
    for p in g["phantoms"].values():
        p.update({"moved": False, "paid": False})
    for sid, st in g["support"].items():
        if st == "fired":
            g["support"][sid] = "ready"
    g["month_use"] = {"bomber": 0, "airborne": 0}
    g["repl"] = {}
    g["rail_used"] = False
    g["phantom_used"] = False
    g["rco"]["markers"] = 0
    s.touch()
    weather = "overcast" if s.overcast() else "clear"
    s.emit("month", turn=s.turn, text=f"{s.month()}: weather {weather}", rule="1944 7.0")


def end_of_turn(s: GameState, side: str) -> None:
    """9.1 over-stacking, 13.0 supply losses, then 14.0 liberation or reversion."""
    b = board()
    g = s.g
    # 9.1: an entry hex holds one unit at the end of the turn; the extras go back on the track
    for _i, ids in sorted(s.occupancy().items()):
        mine = [x for x in ids if s.side_of(x) == side]
        if len(mine) <= 1:
            continue
        extras = [x for x in mine if (g["phantoms"][x] if x in g["phantoms"] else g["units"][x]).get("over")]
        keep = [x for x in mine if x not in extras]
        if not keep:
            keep, extras = extras[:1], extras[1:]
        for x in extras:
            if x in g["phantoms"]:
                remove_phantom(s, x, "over-stacked", public=False)
                continue
            u = g["units"][x]
            say(s, x, "overstack", f"A hidden marker at {u['hex']} leaves (over-stacked)",
                f"{U.udef(x).short} cannot stay over-stacked at {u['hex']} and returns to the turn track",
                hex=u["hex"], rule="1944 9.1")
            u.update({"hex": None, "box": U.SCHEDULED, "due": s.turn + 1, "over": False, "hid": None})
            s.touch()
    for u in g["units"].values():
        u["over"] = False
    for p in g["phantoms"].values():
        p["over"] = False
    # 13.0: units out of supply at the end of their own turn are eliminated (fortresses never)
    oos = [uid for uid in s.on_map(side) if not in_supply(s, uid) and not s.is_fortress_unit(uid)]
    for uid in oos:
        eliminate(s, uid, "out of supply at the end of the turn", "1944 13.0")
    if side == "german":
        area = s.supply("german").area
        for pid, p in g["phantoms"].items():
            if p["hex"] and not (area >> b.hex(p["hex"])) & 1:
                remove_phantom(s, pid, "out of supply", public=False)
        # 14.0 B: vacant cities in Allied countries the German cannot trace supply to are liberated
        for i, c in sorted(b.cities.items()):
            if c.country == "germany" or not s.controls("german", i) or s.at(i):
                continue
            if not (area >> i) & 1:
                s.set_control(i, "allied")
                s.emit("control", hex=b.label(i), side="allied", rule="1944 14.0",
                       text=f"{c.name} is liberated: the Germans cannot supply it")
    else:
        # 14.0: an Allied-held German city out of Allied supply reverts to German control
        src = s.supply("allied").sources
        for i, c in sorted(b.cities.items()):
            if c.country == "germany" and s.controls("allied", i) and not (src >> i) & 1:
                s.set_control(i, "german")
                s.emit("control", hex=b.label(i), side="german", rule="1944 14.0",
                       text=f"{c.name} reverts to German control: the Allies cannot supply it")


class Month(Step["GameState"]):
    """One monthly turn, as a list of stages; children are the decision phases."""

    name = "month"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        f["stage"] = 0
        self.run(s, f)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        f["stage"] += 1
        self.run(s, f)

    def run(self, s: GameState, f: dict[str, Any]) -> None:
        g = s.g
        while True:
            stage = STAGES[f["stage"]]
            if stage == "start":
                new_month(s)
            elif stage == "invasion":
                todo = [x for x in g["inv"]["pending"] if x["turn"] == s.turn]
                if todo:
                    g["phase"], g["phase_side"] = "Invasion", "allied"
                    s.call("invasion", armies=[x["unit"] for x in todo], first=s.turn == g["first"])
                    return
            elif stage == "objective":
                if s.options.get("objectives", "off") != "off" and s.turn == 4 and g["objective"] is None \
                        and g["victory"] == "standard":
                    if s.options["objectives"] == "random":
                        draw_objective(s)
                    else:
                        g["phase"], g["phase_side"] = "Objective card", "allied"
                        s.call("objective")
                        return
            elif stage == "german_reinf":
                g["phase"], g["phase_side"] = "German reinforcements and replacements", "german"
                g["rp"]["german"] = german_rp(s)
                s.emit("rp", side="german", rp=g["rp"]["german"], rule="1944 19.0",
                       text=f"German RP for {s.month()}: {g['rp']['german']}")
                s.call("reinforce", side="german")
                return
            elif stage in ("german_act", "allied_act"):
                side = stage.split("_")[0]
                g["phase"] = f"{side.capitalize()} activation"
                s.call("activation", side=side)
                return
            elif stage in ("german_end", "allied_end"):
                if self.turn_end(s, stage.split("_")[0]):
                    return
            elif stage == "allied_reinf":
                if g["skip_allied_first"] and s.turn == g["first"]:
                    f["stage"] = STAGES.index("month_end")
                    continue
                total, base, pc = allied_rp(s)
                g["rp"]["allied"] = total
                g["pc"] = pc
                g["phase"], g["phase_side"] = "Allied reinforcements and replacements", "allied"
                s.emit("rp", side="allied", rp=total, base=base, pc=pc, rule="1944 8.0",
                       text=f"Allied RP for {s.month()}: {base} + port capacity {pc} = {total} (max 24)")
                s.call("reinforce", side="allied")
                return
            elif stage == "month_end":
                if s.turn >= g["last"]:
                    s.finish(final_result(s))
                    return
                g["turn"] += 1
                s.goto("month")
                return
            f["stage"] += 1

    @staticmethod
    def turn_end(s: GameState, side: str) -> bool:
        """End of a player turn: 13.0/14.0 clean-up, unused RP lost (8.0), then the sudden-death checks."""
        end_of_turn(s, side)
        s.g["rp"][side] = 0
        if side == "german" and not s.on_map("allied"):
            s.finish(Result("german", "sudden death", "no Allied units are on the continent (17.1)", {}))
            return True
        if side == "allied" and s.g["victory"] == "christmas" and christmas_won(s):
            s.finish(Result("allied", "scenario", "an Allied army stands in supply east of the Rhine (18.3)", {}))
            return True
        return False
