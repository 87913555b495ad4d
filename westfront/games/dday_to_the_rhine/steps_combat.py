"""Attacks as atomic decisions (12.0, 4.1): choose attackers and support, roll, allocate hits."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.combat.dice_pool import BLANK, pool_size
from ...core.state import Procedure, Step
from ...core.steps import AttackBuilder
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
    roll,
    support_options,
)
from .data import supports
from .effects import lose_step
from .hidden import handle, resolve, reveal
from .position import Position


class Attack(AttackBuilder):
    """Build an attack on one hex: add or remove attackers and Allied support, then resolve (10.0, 12.0, 4.1).

    Frame: ``target`` (hex label), ``side``, ``attackers`` (unit ids), ``support`` (kind -> support unit)."""

    name = "attack"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        cost = attack_cost(s, f["attackers"]) if f["attackers"] else "-"
        return f"Attack {f['target']}: add attackers and support, then resolve (cost {cost} RP)"

    # ----- the kit's hooks ---------------------------------------------------------------------
    def eligible(self, s: Position, f: dict[str, Any]) -> list[str]:
        return eligible_attackers(s, board().hex(f["target"]), f["side"])

    def unit_token(self, s: Position, uid: str) -> str:
        return handle(s, uid)  # 18.5: hidden attackers go by their markers

    def unit_of(self, s: Position, token: str) -> str:
        return resolve(s, token)

    def extra_actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        """4.1: Allied support that fits these attackers, and support already chosen (to remove)."""
        sup = f["support"]
        out = [act("support", x) for x in support_options(s, board().hex(f["target"]), f["attackers"], sup)]
        return out + [act("remove", x) for x in sorted(v for v in sup.values() if v)]

    def can_resolve(self, s: Position, f: dict[str, Any]) -> bool:
        """10.0: an attack costs 1 RP for one army group, 2 for more."""
        return bool(f["attackers"]) and attack_cost(s, f["attackers"]) <= s.rp(f["side"])

    # ----- handlers ------------------------------------------------------------------------------
    def on_add(self, s: Position, f: dict[str, Any], token: str) -> None:
        f["attackers"].append(resolve(s, token))
        f["attackers"].sort()

    def on_remove(self, s: Position, f: dict[str, Any], token: str) -> None:
        x = resolve(s, token)
        if x in f["attackers"]:
            f["attackers"].remove(x)
            self.prune(s, f)
            return
        for k, v in list(f["support"].items()):
            if v == x:
                del f["support"][k]

    def on_support(self, s: Position, f: dict[str, Any], sid: str) -> None:
        f["support"][supports()[sid].kind] = sid

    def on_resolve(self, s: Position, f: dict[str, Any]) -> None:
        """10.0: pay, mark the attackers, reveal hidden units (18.5), commit the support (4.1), then fight."""
        side = f["side"]
        attackers = list(f["attackers"])
        cost = attack_cost(s, attackers)
        s.spend(side, cost)
        for a in attackers:
            s.set_fields(a, attacked="held")
            if s.unit(a).get("hid"):
                reveal(s, a, "it attacks")
        t = board().hex(f["target"])
        for d in defenders(s, t):
            if s.unit(d).get("hid"):
                reveal(s, d, "it is attacked")
        for kind, x in f["support"].items():
            if kind == "naval":
                s.mut("support")[x] = "fired"
            else:
                s.mut("support")[x] = "used"
                s.mut("month_use")[kind] += 1
        names = ", ".join(U.udef(a).short for a in attackers)
        backing = ", ".join(supports()[x].name for x in f["support"].values())
        s.emit("attack", hex=f["target"], attackers=attackers, support=dict(f["support"]), cost=cost,
               rule=s.rule("12.0"), text=f"{side.capitalize()} attacks {f['target']} with {names}"
                                         f"{' supported by ' + backing if f['support'] else ''} ({cost} RP)")
        s.goto("combat", target=f["target"], side=side, attackers=list(attackers), support=dict(f["support"]),
               defenders=defenders(s, t), naval_def=None)

    @staticmethod
    def prune(s: Position, f: dict[str, Any]) -> None:
        """Drop support that no longer fits the remaining attackers."""
        t = board().hex(f["target"])
        sup = f["support"]
        for kind in ("naval", "airborne", "bomber"):
            x = sup.pop(kind, None)
            if x and x in support_options(s, t, f["attackers"], sup):
                sup[kind] = x

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "add" and a.args:
            return (f"{s.rule('12.0')}/10.0: {a.args[0]} must be next to {f['target']} and not have attacked "
                    "(or moved strategically) this month")
        if a.verb == "resolve":
            return f"{s.rule('10.0')}: choose at least one attacker and have the RP (1 for one army group, 2 for more)"
        if a.verb == "support" and a.args:
            return (f"{s.rule('4.1')}: support needs clear weather (bombers, airborne), a coast hex and a unit of "
                    "the right nation (naval), a river or fortress (airborne); bombers and airborne do not mix")
        return None


class Combat(Procedure[Position]):
    """Resolve an attack (12.0): naval defence, carpet bombing, the simultaneous roll, then the hits.

    Frame: ``target``, ``side`` (attacker), ``attackers``, ``support``, ``defenders``, ``naval_def``
    (the naval unit defending, 4.1) and ``pending`` (batches of hits still to allocate)."""

    name = "combat"
    stages = ("naval_defence", "bombing", "main_roll", "allocate_hits", "finish")
    # saves from before named stages kept the index of the stage to run *next* while a child ran
    legacy_stages = ("naval_defence", "naval_defence", "bombing", "allocate_hits", "finish")

    def naval_defence(self, s: Position, f: dict[str, Any]) -> None:
        """4.1: an Allied defender in a coast hex may call on naval gunfire."""
        t = board().hex(f["target"])
        if f["side"] == "german" and naval_ok_hex(s, t):
            nations = {U.udef(d).nation for d in f["defenders"]}
            if naval_for(s, nations):
                s.call("naval_defence", target=f["target"], nations=sorted(nations))

    def naval_defence_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["naval_def"] = ret

    def bombing(self, s: Position, f: dict[str, Any]) -> None:
        """4.1: carpet bombing rolls first; its hits are taken before the battle."""
        if f["naval_def"]:
            s.mut("support")[f["naval_def"]] = "fired"
        if f["support"].get("bomber"):
            self.bomb(s, f)
            self.allocate(s, f)

    def main_roll(self, s: Position, f: dict[str, Any]) -> str | None:
        """12.0: both sides roll at once (a defender destroyed by the bombing ends the combat)."""
        if not [d for d in f["defenders"] if s.unit(d)["hex"]]:
            return "finish"
        self.roll_battle(s, f, board().hex(f["target"]))
        return None

    def allocate_hits(self, s: Position, f: dict[str, Any]) -> None:
        """12.0: each batch of hits goes to its owner, the defender's first."""
        self.allocate(s, f)

    def allocate_hits_done(self, s: Position, f: dict[str, Any], ret: Any) -> str:
        return "allocate_hits"  # the next batch, if any

    def finish(self, s: Position, f: dict[str, Any]) -> None:
        """12.0: attackers of a destroyed hex may still move strategically; the others may not (11.1)."""
        t = board().hex(f["target"])
        destroyed = not defenders(s, t)
        for a in f["attackers"]:
            if s.unit(a)["hex"]:
                s.set_fields(a, attacked="destroyed" if destroyed else "held")
        s.emit("combat_end", hex=f["target"], destroyed=destroyed, rule=s.rule("12.0"),
               text=f"{f['target']}: the defender is destroyed" if destroyed else f"{f['target']}: the defender holds")

    # ----- parts ---------------------------------------------------------------------------------
    def bomb(self, s: Position, f: dict[str, Any]) -> None:
        """4.1: roll 2 dice first; both blank means one re-rolled die may hit the attackers."""
        faces = roll(s, 2, "allied", f"carpet bombing of {f['target']}", s.rule("4.1"))
        if all(x == BLANK for x in faces):
            again = roll(s, 1, "allied", "short bombing (both dice blank)", s.rule("4.1"))
            pz, inf = hits_against(again, s, "allied", f["attackers"])
            s.emit("bombing", hex=f["target"], backfire=True, hits=pz + inf, rule=s.rule("4.1"),
                   text=f"Carpet bombing falls short: {pz + inf} hit(s) on the attackers")
            f["pending"] = [["allied", list(f["attackers"]), pz, inf, "short bombing"]]
        else:
            pz, inf = hits_against(faces, s, "allied", f["defenders"])
            s.emit("bombing", hex=f["target"], backfire=False, hits=pz + inf, rule=s.rule("4.1"),
                   text=f"Carpet bombing scores {pz + inf} hit(s) before the battle")
            f["pending"] = [["german", list(f["defenders"]), pz, inf, "carpet bombing"]]

    def roll_battle(self, s: Position, f: dict[str, Any], t: int) -> None:
        side = f["side"]
        enemy = "allied" if side == "german" else "german"
        attackers = [a for a in f["attackers"] if s.unit(a)["hex"]]
        a_entries = attacker_entries(s, t, attackers, {k: v for k, v in f["support"].items() if k != "bomber"})
        d_entries = defender_entries(s, t, f["naval_def"])
        na, nd = pool_size(a_entries), pool_size(d_entries)
        a_faces = roll(s, na, side, f"the attack on {f['target']}", s.rule("12.0"))
        d_faces = roll(s, nd, enemy, f"the defence of {f['target']}", s.rule("12.0"))
        live_def = [d for d in f["defenders"] if s.unit(d)["hex"]]
        dp, di = hits_against(a_faces, s, side, live_def)
        ap, ai = hits_against(d_faces, s, enemy, attackers)
        s.emit("combat", hex=f["target"], dice={"attacker": na, "defender": nd}, hits_on_defender=dp + di,
               hits_on_attacker=ap + ai, rule=s.rule("12.0"),
               text=f"Battle for {f['target']}: attacker {na} dice, defender {nd} dice; "
                    f"{dp + di} hit(s) on the defender, {ap + ai} on the attacker")
        f["pending"] = [[enemy, live_def, dp, di, "combat"], [side, attackers, ap, ai, "combat"]]

    @staticmethod
    def allocate(s: Position, f: dict[str, Any]) -> None:
        """Hand the next batch of hits to its owner (a child step); nothing when none are left."""
        while f.get("pending"):
            side, ids, pz, inf, why = f["pending"].pop(0)
            if pz + inf:
                s.call("allocate", side=side, units=ids, pz=pz, inf=inf, why=why)
                return


class NavalDefence(Step[Position]):
    """4.1: naval gunfire may add a die to an Allied defence in a coast hex."""

    name = "naval_defence"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"The Germans attack {f['target']}: add naval gunfire to the defence?"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("support", x) for x in naval_for(s, set(f["nations"]))] + [act("decline")]

    def on_support(self, s: Position, f: dict[str, Any], sid: str) -> None:
        s.emit("naval_defence", hex=f["target"], unit=sid, rule=s.rule("4.1"),
               text=f"{supports()[sid].name} supports the defence of {f['target']}")
        s.end(sid)

    def on_decline(self, s: Position, f: dict[str, Any]) -> None:
        s.end(None)


class Allocate(Step[Position]):
    """12.0: the owner puts each hit on a unit; aircraft/panzer hits go to panzers first, infantry hits to infantry.

    Frame: ``side`` (owner), ``units`` (who may be hit), ``pz``/``inf`` (hits of each class left), ``why``."""

    name = "allocate"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self.auto(s, f)

    def candidates(self, s: Position, f: dict[str, Any]) -> list[str]:
        live = [u for u in f["units"] if s.unit(u)["hex"]]
        if f["pz"] > 0:
            pz = [u for u in live if U.is_panzer(u)]
            return pz or [u for u in live if not U.is_panzer(u)]
        return [u for u in live if not U.is_panzer(u)]

    def auto(self, s: Position, f: dict[str, Any]) -> None:
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

    def hit(self, s: Position, f: dict[str, Any], uid: str) -> None:
        if f["pz"] > 0:
            f["pz"] -= 1
        else:
            f["inf"] -= 1
        lose_step(s, uid, f["why"])

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        kind = "panzer/aircraft" if f["pz"] > 0 else "infantry"
        return f"Assign hits ({f['pz']} panzer/aircraft, {f['inf']} infantry): choose the unit for the next {kind} hit"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("hit", u) for u in self.candidates(s, f)]

    def on_hit(self, s: Position, f: dict[str, Any], uid: str) -> None:
        self.hit(s, f, uid)
        self.auto(s, f)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "hit":
            return (f"{s.rule('12.0')}: aircraft and panzer hits fall on panzer units while any are present; "
                    "infantry hits only on infantry")
        return None
