"""Attacks as atomic decisions (12.0, 4.1): choose attackers and support, roll, allocate hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.combat.dice_pool import BLANK, pool_size, roll_faces
from ...core.state import Step
from . import units as U
from .board import board
from .combat import (
    attack_cost,
    attacker_entries,
    defender_entries,
    defenders,
    eligible_attackers,
    hits_against,
    naval_for,
    naval_ok_hex,
    support_options,
)
from .data import supports
from .effects import lose_step
from .hidden import handle, resolve, reveal
from .steps_reinf import cancels_left

if TYPE_CHECKING:
    from .game import GameState


def roll(s: GameState, n: int, side: str, why: str, rule: str) -> list[str]:
    """Roll ``n`` custom dice; every roll is an event with the faces."""
    faces = roll_faces(s.rng, n)
    s.emit("roll", sides=6, faces=faces, values=faces, side=side, why=why, rule=rule,
           text=f"{side.capitalize()} rolls {n} dice for {why}: {', '.join(faces) or 'none'}")
    return faces


class Attack(Step["GameState"]):
    """Build an attack on one hex: add or remove attackers and Allied support, then resolve."""

    name = "attack"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        cost = attack_cost(s, f["attackers"]) if f["attackers"] else "-"
        return f"Attack {f['target']}: add attackers and support, then resolve (cost {cost} RP)"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        b = board()
        t = b.hex(f["target"])
        side = f["side"]
        out = [act("add", handle(s, u)) for u in eligible_attackers(s, t, side) if u not in f["attackers"]]
        out += [act("remove", handle(s, u)) for u in f["attackers"]]
        sup = f["support"]
        out += [act("support", x) for x in support_options(s, t, f["attackers"], sup)]
        out += [act("remove", x) for x in sorted(v for v in sup.values() if v)]
        if f["attackers"] and attack_cost(s, f["attackers"]) <= s.rp(side):
            out.append(act("resolve"))
        if cancels_left(s) or not any(a.verb == "resolve" for a in out):
            out.append(act("cancel"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        sup = f["support"]
        if a.verb == "add":
            f["attackers"].append(resolve(s, a.args[0]))
            f["attackers"].sort()
        elif a.verb == "remove":
            x = resolve(s, a.args[0])
            if x in f["attackers"]:
                f["attackers"].remove(x)
                self.prune(s, f)
            else:
                for k, v in list(sup.items()):
                    if v == x:
                        del sup[k]
        elif a.verb == "support":
            sup[supports()[a.args[0]].kind] = a.args[0]
        elif a.verb == "cancel":
            s.g["cancels"] += 1
            s.end()
        else:
            self.resolve(s, f)

    @staticmethod
    def prune(s: GameState, f: dict[str, Any]) -> None:
        """Drop support that no longer fits the remaining attackers."""
        t = board().hex(f["target"])
        sup = f["support"]
        for kind in ("naval", "airborne", "bomber"):
            x = sup.pop(kind, None)
            if x and x in support_options(s, t, f["attackers"], sup):
                sup[kind] = x

    def resolve(self, s: GameState, f: dict[str, Any]) -> None:
        side = f["side"]
        attackers = list(f["attackers"])
        cost = attack_cost(s, attackers)
        s.spend(side, cost)
        for a in attackers:
            s.u(a)["att"] = 2
            if s.u(a).get("hid"):
                reveal(s, a, "it attacks")
        t = board().hex(f["target"])
        for d in defenders(s, t):
            if s.u(d).get("hid"):
                reveal(s, d, "it is attacked")
        g = s.g
        for kind, x in f["support"].items():
            if kind == "naval":
                g["support"][x] = "fired"
            else:
                g["support"][x] = "used"
                g["month_use"][kind] += 1
        s.emit("attack", hex=f["target"], attackers=attackers, support=dict(f["support"]), cost=cost,
               rule="1944 12.0", text=f"{side.capitalize()} attacks {f['target']} with "
                                       f"{', '.join(U.udef(a).short for a in attackers)}"
                                       f"{' supported by ' + ', '.join(supports()[x].name for x in f['support'].values()) if f['support'] else ''}"
                                       f" ({cost} RP)")
        s.goto("combat", target=f["target"], side=side, attackers=attackers, support=dict(f["support"]),
               defenders=defenders(s, t), stage=0, naval_def=None)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "add" and a.args:
            return (f"1944 12.0/10.0: {a.args[0]} must be next to {f['target']} and not have attacked (or moved "
                    "strategically) this month")
        if a.verb == "resolve":
            return "1944 10.0: choose at least one attacker and have the RP (1 for one army group, 2 for more)"
        if a.verb == "support" and a.args:
            return ("1944 4.1: support needs clear weather (bombers, airborne), a coast hex and a unit of the "
                    "right nation (naval), a river or fortress (airborne); bombers and airborne do not mix")
        return None


class Combat(Step["GameState"]):
    """Resolve an attack: naval defence, carpet bombing, the simultaneous roll, then hits."""

    name = "combat"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.run(s, f)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if f["stage"] == 1 and ret:
            f["naval_def"] = ret
        self.run(s, f)

    def run(self, s: GameState, f: dict[str, Any]) -> None:
        b = board()
        t = b.hex(f["target"])
        while True:
            stage = f["stage"]
            f["stage"] += 1
            if stage == 0:  # 4.1: the Allied defender may call on naval gunfire
                if f["side"] == "german" and naval_ok_hex(s, t):
                    nations = {U.udef(d).nation for d in f["defenders"]}
                    if naval_for(s, nations):
                        s.call("naval_defence", target=f["target"], nations=sorted(nations))
                        return
            elif stage == 1:
                if f["naval_def"]:
                    s.g["support"][f["naval_def"]] = "fired"
                if f["support"].get("bomber"):
                    self.bomb(s, f)
                    if self.allocate(s, f):
                        return
            elif stage == 2:
                live = [d for d in f["defenders"] if s.u(d)["hex"]]
                if not live:
                    f["stage"] = 4
                    continue
                self.main_roll(s, f, t)
            elif stage == 3:
                if self.allocate(s, f):
                    f["stage"] = 3
                    return
            else:
                self.finish(s, f, t)
                return

    def bomb(self, s: GameState, f: dict[str, Any]) -> None:
        """4.1: roll 2 dice first; both blank means one re-rolled die may hit the attackers."""
        faces = roll(s, 2, "allied", f"carpet bombing of {f['target']}", "1944 4.1")
        if all(x == BLANK for x in faces):
            again = roll(s, 1, "allied", "short bombing (both dice blank)", "1944 4.1")
            pz, inf = hits_against(again, s, "allied", f["attackers"])
            s.emit("bombing", hex=f["target"], backfire=True, hits=pz + inf, rule="1944 4.1",
                   text=f"Carpet bombing falls short: {pz + inf} hit(s) on the attackers")
            f["pending"] = [["allied", list(f["attackers"]), pz, inf, "short bombing"]]
        else:
            pz, inf = hits_against(faces, s, "allied", f["defenders"])
            s.emit("bombing", hex=f["target"], backfire=False, hits=pz + inf, rule="1944 4.1",
                   text=f"Carpet bombing scores {pz + inf} hit(s) before the battle")
            f["pending"] = [["german", list(f["defenders"]), pz, inf, "carpet bombing"]]

    def main_roll(self, s: GameState, f: dict[str, Any], t: int) -> None:
        side = f["side"]
        enemy = "allied" if side == "german" else "german"
        attackers = [a for a in f["attackers"] if s.u(a)["hex"]]
        a_entries = attacker_entries(s, t, attackers, {k: v for k, v in f["support"].items() if k != "bomber"})
        d_entries = defender_entries(s, t, f["naval_def"])
        na, nd = pool_size(a_entries), pool_size(d_entries)
        a_faces = roll(s, na, side, f"the attack on {f['target']}", "1944 12.0")
        d_faces = roll(s, nd, enemy, f"the defence of {f['target']}", "1944 12.0")
        live_def = [d for d in f["defenders"] if s.u(d)["hex"]]
        dp, di = hits_against(a_faces, s, side, live_def)
        ap, ai = hits_against(d_faces, s, enemy, attackers)
        s.emit("combat", hex=f["target"], dice={"attacker": na, "defender": nd}, hits_on_defender=dp + di,
               hits_on_attacker=ap + ai, rule="1944 12.0",
               text=f"Battle for {f['target']}: attacker {na} dice, defender {nd} dice; "
                    f"{dp + di} hit(s) on the defender, {ap + ai} on the attacker")
        f["pending"] = [[enemy, live_def, dp, di, "combat"], [side, attackers, ap, ai, "combat"]]

    def allocate(self, s: GameState, f: dict[str, Any]) -> bool:
        """Hand the next batch of hits to its owner; False when none are left."""
        while f.get("pending"):
            side, ids, pz, inf, why = f["pending"].pop(0)
            if pz + inf:
                s.call("allocate", side=side, units=ids, pz=pz, inf=inf, why=why)
                return True
        return False

    def finish(self, s: GameState, f: dict[str, Any], t: int) -> None:
        destroyed = not defenders(s, t)
        for a in f["attackers"]:
            if s.u(a)["hex"]:
                s.u(a)["att"] = 1 if destroyed else 2
        s.emit("combat_end", hex=f["target"], destroyed=destroyed, rule="1944 12.0",
               text=f"{f['target']}: the defender is destroyed" if destroyed else f"{f['target']}: the defender holds")
        s.end()


class NavalDefence(Step["GameState"]):
    """4.1: naval gunfire may add a die to an Allied defence in a coast hex."""

    name = "naval_defence"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"The Germans attack {f['target']}: add naval gunfire to the defence?"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("support", x) for x in naval_for(s, set(f["nations"]))] + [act("decline")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "support":
            s.emit("naval_defence", hex=f["target"], unit=a.args[0], rule="1944 4.1",
                   text=f"{supports()[a.args[0]].name} supports the defence of {f['target']}")
            s.end(a.args[0])
        else:
            s.end(None)


class Allocate(Step["GameState"]):
    """12.0: the owner puts each hit on a unit; aircraft/panzer hits go to panzers first, infantry hits to infantry."""

    name = "allocate"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.auto(s, f)

    def candidates(self, s: GameState, f: dict[str, Any]) -> list[str]:
        live = [u for u in f["units"] if s.u(u)["hex"]]
        if f["pz"] > 0:
            pz = [u for u in live if U.is_panzer(u)]
            return pz or [u for u in live if not U.is_panzer(u)]
        return [u for u in live if not U.is_panzer(u)]

    def auto(self, s: GameState, f: dict[str, Any]) -> None:
        """Apply hits that leave no choice; stop at the first real decision."""
        while f["pz"] + f["inf"] > 0:
            c = self.candidates(s, f)
            if not c:
                if f["pz"] > 0:
                    f["pz"] = 0
                else:
                    f["inf"] = 0
                continue
            if len(c) > 1:
                return
            self.hit(s, f, c[0])
        s.end()

    def hit(self, s: GameState, f: dict[str, Any], uid: str) -> None:
        if f["pz"] > 0:
            f["pz"] -= 1
        else:
            f["inf"] -= 1
        lose_step(s, uid, f["why"])

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        kind = "panzer/aircraft" if f["pz"] > 0 else "infantry"
        return f"Assign hits ({f['pz']} panzer/aircraft, {f['inf']} infantry): choose the unit for the next {kind} hit"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("hit", u) for u in self.candidates(s, f)]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        self.hit(s, f, a.args[0])
        self.auto(s, f)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "hit":
            return "1944 12.0: aircraft and panzer hits fall on panzer units while any are present; infantry hits " \
                   "only on infantry"
        return None
