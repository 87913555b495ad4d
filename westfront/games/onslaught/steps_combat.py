"""Combat decisions (onslaught 7.0-7.5): declaring an attack, applying its result,
retreating and advancing. The arithmetic is :mod:`.combat`'s."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Procedure, Step
from ...core.steps import AdvanceAfterCombat, AttackBuilder
from .activation import activate, activation_cost
from .combat import (
    adjacent_attackers,
    advance_ends,
    assess,
    attacking_stacks,
    defenders,
    depletion_rounds,
    retreat_ends,
    stack_value,
)
from .data import CRT, UNITS
from .position import Position


class Attack(AttackBuilder):
    """Choose the attacking divisions one at a time, then resolve (7.0).

    In a Combat action any adjacent division that has not attacked may join; a
    division from a stack not yet activated activates its stack when the attack is
    resolved (one supply point, 5.2/5.4). In a Breakthrough action only the
    activated stack's armour (and, under 14.3, its infantry) may attack (``pool``).
    """

    name = "attack"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        n = len(f["attackers"])
        return f"Attack {f['target']}: add attacking divisions ({n} so far), then resolve"

    def eligible(self, s: Position, f: dict[str, Any]) -> list[str]:
        a = s.act
        side = a["side"]
        target = s.map.index[f["target"]]
        near = adjacent_attackers(s, target, side)
        if f["pool"] is not None:
            pool = set(f["pool"])
            return [u for u in near if u in pool and u not in f["attackers"] and u not in a["attacked"]]
        new_hexes = self.new_hexes(s, f["attackers"])
        budget = s.supply_points(side) - sum(self.hex_cost(s, h) for h in new_hexes)
        out = []
        for u in near:
            if u in f["attackers"] or u in a["attacked"]:
                continue
            if u in a["activated"]:
                out.append(u)
                continue
            h = s.hex_of(u)
            if h in new_hexes or (h is not None and self.hex_cost(s, h) <= budget):
                out.append(u)
        return out

    @staticmethod
    def stack_to_activate(s: Position, h: int) -> list[str]:
        a = s.act
        return [u for u in s.occupancy().get(h, ()) if UNITS[u].side == a["side"] and u not in a["activated"]]

    def hex_cost(self, s: Position, h: int) -> int:
        return activation_cost(s, self.stack_to_activate(s, h))

    def new_hexes(self, s: Position, attackers: list[str]) -> list[int]:
        a = s.act
        out: list[int] = []
        for u in attackers:
            h = s.hex_of(u)
            if u not in a["activated"] and h is not None and h not in out:
                out.append(h)
        return out

    def on_resolve(self, s: Position, f: dict[str, Any]) -> None:
        if f["pool"] is None:  # Combat action: stacks join (and pay) as their divisions attack (5.2, 5.4)
            for h in self.new_hexes(s, f["attackers"]):
                activate(s, self.stack_to_activate(s, h), f"activate the stack at {s.map.label(h)} to attack")
        target = s.map.index[f["target"]]
        attackers = list(f["attackers"])
        act_ = s.edit_act()  # after activate(), which may have copied it
        act_["attacked"].extend(attackers)
        act_["acted"] = True
        defs = defenders(s, target)
        ass = assess(s, target, attackers)
        if ass.column is None:
            roll = None
            result = str(CRT.below)
        else:
            roll = s.roll(6, why=f"attack on {f['target']}", side=act_["side"], rule=s.rule("7.0"))[0]
            result = CRT.result(ass.column, roll + ass.modifier)
        mod = ass.modifier
        s.emit("combat", hex=f["target"], odds=ass.column, attack=ass.attack, defence=ass.defence, roll=roll,
               modifier=mod, modifiers=[m.to_dict() for m in ass.modifiers], result=result,
               attackers=attackers, defenders=defs, rule=s.rule("7.2"),
               text=(f"{act_['side'].capitalize()} attacks {f['target']}: {ass.attack} vs {ass.defence}"
                     f"{' (fortification: doubled)' if ass.doubled else ''} = "
                     f"{ass.column or 'below ' + CRT.columns[0]}"
                     + (f", roll {roll}{mod:+d}" if roll is not None and mod else
                        (f", roll {roll}" if roll is not None else ""))
                     + f": {result}"))
        s.goto("aftermath", target=f["target"], attackers=attackers, defenders=defs, result=result,
               losses=[], breakthrough=f["pool"] is not None)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "add" and a.args:
            uid = a.args[0]
            if uid not in s.g["units"]:
                return f"no division called {uid}"
            if uid in s.act["attacked"]:
                return f"{s.rule('7.0')}: {uid} has already attacked during this action"
            return (f"{s.rule('5.4')}: {uid} must be adjacent to {f['target']}, belong to the acting player "
                    "and be affordable")
        return None


class Aftermath(Procedure[Position]):
    """7.2-7.5: apply a combat result — attacker losses, defender losses, the fortification
    choice, retreats — then advance after combat. Ends with True (an attack was made)."""

    name = "aftermath"
    stages = ("attacker_eliminated", "attacker_halved", "defender_losses", "fortification", "retreat", "advance",
              "finished")
    # saves written before named stages held the index of the stage after the one waiting
    legacy_stages = ("attacker_eliminated", "attacker_eliminated", "attacker_halved", "defender_losses",
                     "fortification", "retreat", "advance")

    def live(self, s: Position, uids: list[str]) -> list[str]:
        return [u for u in uids if s.unit(u)["hex"] is not None]

    def attacker_eliminated(self, s: Position, f: dict[str, Any]) -> None:
        """7.2 AE: every attacking division is eliminated."""
        if f["result"] == "AE":
            for u in self.live(s, f["attackers"]):
                s.eliminate(u, "AE", s.rule("7.2"))

    def attacker_halved(self, s: Position, f: dict[str, Any]) -> None:
        """7.2 AH, HH: the strongest attacking stack is depleted (14.1: one per nation group)."""
        if f["result"] in ("AH", "HH"):
            rounds = depletion_rounds(s, f["attackers"])
            if rounds:
                s.call("deplete_stack", attackers=f["attackers"], rounds=rounds, done=[])

    def defender_losses(self, s: Position, f: dict[str, Any]) -> None:
        """7.2 DE: every defender eliminated; DH, HH: every defender depleted."""
        res = f["result"]
        for u in self.live(s, f["defenders"]):
            if res == "DE":
                s.eliminate(u, "DE", s.rule("7.2"))
            elif res in ("DH", "HH"):
                s.deplete(u, res, s.rule("7.2"))

    def fortification(self, s: Position, f: dict[str, Any]) -> None:
        """7.5: Germans in a fortification may stand on a DR and be depleted instead of retreating."""
        live = self.live(s, f["defenders"])
        if (f["result"] == "DR" and live and UNITS[live[0]].side == "german"
                and (s.board.fortification >> s.map.index[f["target"]]) & 1):
            f["fort_units"] = live
            s.call("choice", player="german", answers=["stand", "retreat"], rule=s.rule("7.5"),
                   question=f"Defender retreat at the fortification {f['target']}: stand and be depleted, or retreat?")

    def fortification_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret == "stand":
            for u in f["fort_units"]:
                s.deplete(u, "stood in the fortification", s.rule("7.5"))
            f["stood"] = True

    def retreat(self, s: Position, f: dict[str, Any]) -> None:
        """7.3: after DR, DH or HH the surviving defenders retreat two hexes."""
        live = [u for u in f["defenders"] if s.unit(u)["hex"] == f["target"]]
        if f["result"] in ("DR", "DH", "HH") and live and not f.get("stood"):
            s.call("retreat", origin=f["target"], units=live, attackers=f["attackers"],
                   halved=f["result"] in ("DH", "HH"))

    def advance(self, s: Position, f: dict[str, Any]) -> None:
        """7.4: surviving attackers may advance into the emptied hex."""
        live = self.live(s, f["attackers"])
        if live and not s.at(s.map.index[f["target"]]):
            s.call("advance", hex=f["target"], units=live)

    def finished(self, s: Position, f: dict[str, Any]) -> None:
        s.end(True)


class DepleteStack(Step[Position]):
    """AH: the attacking stack with the highest strength is depleted; the owner breaks ties (7.2, 14.1)."""

    name = "deplete_stack"

    def candidates(self, s: Position, f: dict[str, Any]) -> list[int]:
        rnd = f["rounds"][0]
        stacks = {h: us for h, us in attacking_stacks(s, f["attackers"]).items() if h not in f["done"]}
        stacks = {h: [u for u in us if s.unit(u)["hex"] is not None] for h, us in stacks.items()}
        scored = {h: stack_value(s, us, rnd["camp"]) for h, us in stacks.items() if us}
        scored = {h: v for h, v in scored.items() if v > 0}
        if not scored:
            return []
        best = max(scored.values())
        return sorted(h for h, v in scored.items() if v == best)

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self.auto(s, f)

    def auto(self, s: Position, f: dict[str, Any]) -> None:
        while f["rounds"]:
            c = self.candidates(s, f)
            if len(c) > 1:
                return
            if c:
                self.hit(s, f, c[0])
            f["rounds"].pop(0)
        s.end()

    def hit(self, s: Position, f: dict[str, Any], h: int) -> None:
        f["done"].append(h)
        for u in attacking_stacks(s, f["attackers"]).get(h, []):
            s.deplete(u, "attacker halved", s.rule("7.2"))

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Attacker halved: choose which of the equally strong attacking stacks is depleted"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("deplete", s.map.label(h)) for h in self.candidates(s, f)]

    def on_deplete(self, s: Position, f: dict[str, Any], label: str) -> None:
        self.hit(s, f, s.map.index[label])
        f["rounds"].pop(0)
        self.auto(s, f)


class Retreat(Step[Position]):
    """7.3: the defender retreats each division two hexes, choosing where.

    A division that can only manage one hex retreats one and is depleted; one that
    cannot retreat at all is depleted (eliminated after a DH, or if already
    depleted). Germans may stop as soon as they enter a fortification (7.5).
    """

    name = "retreat"

    def options(self, s: Position, f: dict[str, Any], uid: str) -> tuple[list[int], bool, dict[int, list[int]]]:
        return retreat_ends(s, uid, f["origin"], f["attackers"])

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self.settle(s, f)

    def settle(self, s: Position, f: dict[str, Any]) -> None:
        """Divisions with nowhere to go are depleted or eliminated at once."""
        for uid in list(f["units"]):
            ends, _, _ = self.options(s, f, uid)
            if not ends:
                f["units"].remove(uid)
                s.emit("no_retreat", unit=uid, hex=f["origin"], rule=s.rule("7.3"),
                       text=f"{UNITS[uid].name} cannot retreat")
                if f["halved"]:
                    s.eliminate(uid, "no retreat after DH", s.rule("7.3"))
                else:
                    s.deplete(uid, "no retreat", s.rule("7.3"))
        if not f["units"]:
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return UNITS[f["units"][0]].side

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        names = ", ".join(UNITS[u].name for u in f["units"])
        return f"Retreat from {f['origin']} ({names}): choose where each division ends"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = []
        for uid in f["units"]:
            ends, _, _ = self.options(s, f, uid)
            out += [act("retreat", uid, s.map.label(h)) for h in ends]
        return out

    def on_retreat(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        _, full, paths = self.options(s, f, uid)
        s.enter(uid, paths[s.map.index[label]])
        if s.pos["action"] is not None:
            s.edit_act()["retreated"].append(uid)
        s.emit("retreat", unit=uid, hex=label, origin=f["origin"], rule=s.rule("7.3"),
               text=f"{UNITS[uid].name} retreats {f['origin']} → {label}" + ("" if full else " (one hex only)"))
        if not full:
            s.deplete(uid, "could retreat only one hex", s.rule("7.3"))
        f["units"].remove(uid)
        self.settle(s, f)


class Advance(AdvanceAfterCombat):
    """7.4: attackers may advance into the emptied hex; armour one hex further. ZOC and waterways are ignored."""

    name = "advance"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return UNITS[f["units"][0]].side

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Advance after combat into {f['hex']} (armour may go one hex further), or done"

    def ends(self, s: Position, f: dict[str, Any], uid: str) -> list[str]:
        return [s.map.label(h) for h in advance_ends(s, uid, s.map.index[f["hex"]])]

    def advance(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        vac = s.map.index[f["hex"]]
        dest = s.map.index[label]
        s.enter(uid, [vac] if dest == vac else [vac, dest])
        s.emit("advance", unit=uid, hex=label, rule=s.rule("7.4"), text=f"{UNITS[uid].name} advances to {label}")


STEPS = (Attack, Aftermath, DepleteStack, Retreat, Advance)
