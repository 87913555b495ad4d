"""Combat (onslaught 7.0-7.5): odds, die-roll modifiers, results, retreat and advance.

:func:`assess` is the one calculator used by resolution, the UI preview and the
AI hooks, so they always agree on odds, modifiers and result chances.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.combat.odds_crt import Modifier, total_modifier
from ...core.retreat import advance_hexes, retreat_options
from ...core.state import Step
from .tables import CRT, MOD, distribution, odds
from .units import UNITS

if TYPE_CHECKING:
    from .state import GameState

R = "onslaught"


@dataclass
class Assessment:
    attack: int
    defence: int
    column: str | None
    modifiers: list[Modifier] = field(default_factory=list)
    doubled: bool = False

    @property
    def modifier(self) -> int:
        return total_modifier(self.modifiers)

    def results(self) -> dict[str, float]:
        if self.column is None:
            return {str(CRT.below): 1.0}
        return dict(distribution(self.column, self.modifier))

    def to_dict(self) -> dict[str, Any]:
        return {"odds": self.column or f"below {CRT.columns[0]}", "attack": self.attack, "defence": self.defence,
                "fortification_doubled": self.doubled,
                "modifiers": [m.to_dict() for m in self.modifiers], "results": self.results()}


def defenders(s: GameState, target: int) -> list[str]:
    return s.at(target)


def counted_defence(s: GameState, target: int) -> int:
    """onslaught 7.3: in a Combat action, divisions that retreated into the hex this action do not count."""
    a = s.g["act"]
    skip = set(a["retreated"]) if a and a["kind"] == "combat" else set()
    return sum(s.strength(u) for u in defenders(s, target) if u not in skip)


def side_kind(s: GameState, frm: int, target: int) -> str:
    b = s.board
    if (frm, target) in b.major_sides:
        return "major"
    if (frm, target) in b.river_sides:
        return "river"
    return "none"


def attacker_supplied(s: GameState, uid: str) -> bool:
    """8.6: traced when its stack was activated; 7.5: always supplied in a fortification (German)."""
    a = s.g["act"]
    if a is not None and uid in a["activated"]:
        if uid not in a["oos"]:
            return True
        h = s.hex_of(uid)
        return UNITS[uid].side == "german" and h is not None and bool((s.board.fortification >> h) & 1)
    return s.in_supply(uid)


def assess(s: GameState, target: int, attackers: list[str]) -> Assessment:
    """Odds column and modifiers for ``attackers`` hitting the stack at ``target`` now."""
    b = s.board
    att = sum(s.strength(u) for u in attackers)
    dfn = counted_defence(s, target)
    defs = defenders(s, target)
    doubled = False
    if (defs and UNITS[defs[0]].side == "german" and (b.fortification >> target) & 1 and attackers
            and all((s.hex_of(u), target) in b.fortified_sides for u in attackers)):
        dfn *= int(MOD["fortification_multiplier"])
        doubled = True
    mods: list[Modifier] = []
    if (b.defensive >> target) & 1:
        mods.append(Modifier(int(MOD["defensive_terrain"]), f"defender in {b.m.terrain[target]}", f"{R} 7.1"))
    if attackers and any(not attacker_supplied(s, u) for u in attackers):
        mods.append(Modifier(int(MOD["attacker_out_of_supply"]), "an attacking division is out of supply",
                             f"{R} 7.1"))
    if defs and not s.stack_in_supply(target, UNITS[defs[0]].side):
        mods.append(Modifier(int(MOD["defender_out_of_supply"]), "the defending stack is out of supply", f"{R} 8.6"))
    if attackers:
        kinds = {side_kind(s, h, target) for u in attackers if (h := s.hex_of(u)) is not None}
        if kinds == {"major"}:
            mods.append(Modifier(int(MOD["major_waterway"]), "every attacker across a major waterway", f"{R} 7.1"))
        elif kinds and "none" not in kinds:
            mods.append(Modifier(int(MOD["river"]), "every attacker across a river", f"{R} 7.1"))
    column = odds(att, dfn) if att > 0 else None
    return Assessment(att, dfn, column, mods, doubled)


def adjacent_attackers(s: GameState, target: int, side: str) -> list[str]:
    """``side``'s divisions next to ``target`` across a land hexside (no attacks across the sea)."""
    b = s.board
    out = []
    for n in b.m.nbrs[target]:
        if (target, n) in b.sea_extra:
            continue
        for u in s.occupancy().get(n, ()):
            if UNITS[u].side == side:
                out.append(u)
    return out


def enemy_targets(s: GameState, side: str, uids: list[str]) -> list[int]:
    """Enemy-held hexes next to any of ``uids``."""
    b = s.board
    enemy = s.side_bb("german" if side == "allied" else "allied")
    out: set[int] = set()
    for u in uids:
        h = s.hex_of(u)
        if h is None:
            continue
        for n in b.m.nbrs[h]:
            if (enemy >> n) & 1 and (h, n) not in b.sea_extra:
                out.add(n)
    return sorted(out)


# --------------------------------------------------------------------------
# Declaring and resolving an attack
# --------------------------------------------------------------------------
class Attack(Step["GameState"]):
    """Choose the attacking divisions one at a time, then resolve (7.0).

    In a Combat action any adjacent division that has not attacked may join; a
    division from a stack not yet activated activates its stack when the attack is
    resolved (one supply point, 5.2/5.4). In a Breakthrough action only the
    activated stack's armour (and, under 14.3, its infantry) may attack.
    """

    name = "attack"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        n = len(f["attackers"])
        return f"Attack {f['target']}: add attacking divisions ({n} so far), then resolve"

    def eligible(self, s: GameState, f: dict[str, Any]) -> list[str]:
        a = s.act
        side = a["side"]
        target = s.map.index[f["target"]]
        near = adjacent_attackers(s, target, side)
        if f["pool"] is not None:
            pool = set(f["pool"])
            return [u for u in near if u in pool and u not in f["attackers"] and u not in a["attacked"]]
        new_hexes = self.new_hexes(s, f["attackers"])
        budget = s.g["sp"][side] - sum(self.hex_cost(s, h) for h in new_hexes)
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
    def stack_to_activate(s: GameState, h: int) -> list[str]:
        a = s.act
        return [u for u in s.occupancy().get(h, ()) if UNITS[u].side == a["side"] and u not in a["activated"]]

    def hex_cost(self, s: GameState, h: int) -> int:
        return s.activation_cost(self.stack_to_activate(s, h))

    def new_hexes(self, s: GameState, attackers: list[str]) -> list[int]:
        a = s.act
        out: list[int] = []
        for u in attackers:
            h = s.hex_of(u)
            if u not in a["activated"] and h is not None and h not in out:
                out.append(h)
        return out

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("add", u) for u in self.eligible(s, f)]
        out += [act("remove", u) for u in f["attackers"]]
        if f["attackers"]:
            out.append(act("resolve"))
        out.append(act("cancel"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "add":
            f["attackers"].append(a.args[0])
        elif a.verb == "remove":
            f["attackers"].remove(a.args[0])
        elif a.verb == "cancel":
            s.end(False)
        else:
            self.resolve(s, f)

    def resolve(self, s: GameState, f: dict[str, Any]) -> None:
        act_ = s.act
        if f["pool"] is None:  # Combat action: stacks join (and pay) as their divisions attack (5.2, 5.4)
            for h in self.new_hexes(s, f["attackers"]):
                s.activate(self.stack_to_activate(s, h), f"activate the stack at {s.map.label(h)} to attack")
        target = s.map.index[f["target"]]
        attackers = list(f["attackers"])
        act_["attacked"].extend(attackers)
        act_["any"] = True
        defs = defenders(s, target)
        ass = assess(s, target, attackers)
        if ass.column is None:
            roll = None
            result = str(CRT.below)
        else:
            roll = s.roll(6, why=f"attack on {f['target']}", side=act_["side"], rule=f"{R} 7.0")[0]
            result = CRT.result(ass.column, roll + ass.modifier)
        mod = ass.modifier
        s.emit("combat", hex=f["target"], odds=ass.column, attack=ass.attack, defence=ass.defence, roll=roll,
               modifier=mod, modifiers=[m.to_dict() for m in ass.modifiers], result=result,
               attackers=attackers, defenders=defs, rule=f"{R} 7.2",
               text=(f"{act_['side'].capitalize()} attacks {f['target']}: {ass.attack} vs {ass.defence}"
                     f"{' (fortification: doubled)' if ass.doubled else ''} = "
                     f"{ass.column or 'below ' + CRT.columns[0]}"
                     + (f", roll {roll}{mod:+d}" if roll is not None and mod else
                        (f", roll {roll}" if roll is not None else ""))
                     + f": {result}"))
        s.goto("aftermath", target=f["target"], attackers=attackers, defenders=defs, result=result, stage=0,
               losses=[], breakthrough=f["pool"] is not None)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "add" and a.args:
            uid = a.args[0]
            if uid not in s.g["units"]:
                return f"no division called {uid}"
            if uid in s.act["attacked"]:
                return f"{R} 7.0: {uid} has already attacked during this action"
            return f"{R} 5.4: {uid} must be adjacent to {f['target']}, belong to the acting player and be affordable"
        return None


# --------------------------------------------------------------------------
# Results (7.2), retreat (7.3), fortifications (7.5), advance (7.4)
# --------------------------------------------------------------------------
def attacking_stacks(s: GameState, attackers: list[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for u in attackers:
        h = s.hex_of(u)
        if h is not None:
            out.setdefault(h, []).append(u)
    return out


def depletion_rounds(s: GameState, attackers: list[str]) -> list[dict[str, Any]]:
    """Which attacking stacks an AH/HH depletes (7.2); 14.1 adds a second, Commonwealth, stack."""
    stacks = attacking_stacks(s, attackers)
    if not stacks:
        return []
    camps = {UNITS[u].camp for u in attackers} - {None}
    if s.options.get("allied_cooperation") and camps == {"cw", "us"}:
        return [{"camp": "us"}, {"camp": "cw"}]
    return [{"camp": None}]


def stack_value(s: GameState, uids: list[str], camp: str | None) -> int:
    return sum(s.strength(u) for u in uids if camp is None or UNITS[u].camp == camp)


class Aftermath(Step["GameState"]):
    """Apply a combat result: attacker losses, defender losses and retreats, then advance."""

    name = "aftermath"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.next_stage(s, f)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        self.next_stage(s, f)

    def next_stage(self, s: GameState, f: dict[str, Any]) -> None:
        res = f["result"]
        target = s.map.index[f["target"]]
        while True:
            st = f["stage"]
            f["stage"] += 1
            if st == 0:  # AE: every attacker eliminated
                if res == "AE":
                    for u in f["attackers"]:
                        if s.unit(u)["hex"] is not None:
                            s.eliminate(u, "AE", f"{R} 7.2")
            elif st == 1:  # AH / HH: the strongest attacking stack is depleted
                if res in ("AH", "HH"):
                    rounds = depletion_rounds(s, f["attackers"])
                    if rounds:
                        s.call("deplete_stack", attackers=f["attackers"], rounds=rounds, done=[])
                        return
            elif st == 2:  # DE / DH
                if res == "DE":
                    for u in f["defenders"]:
                        if s.unit(u)["hex"] is not None:
                            s.eliminate(u, "DE", f"{R} 7.2")
                elif res in ("DH", "HH"):
                    for u in f["defenders"]:
                        if s.unit(u)["hex"] is not None:
                            s.deplete(u, res, f"{R} 7.2")
            elif st == 3:  # DR in a fortification: the German may stand and be depleted (7.5)
                live = [u for u in f["defenders"] if s.unit(u)["hex"] is not None]
                if (res == "DR" and live and UNITS[live[0]].side == "german"
                        and (s.board.fortification >> target) & 1):
                    s.call("fort_choice", target=f["target"], units=live)
                    return
            elif st == 4:  # retreats
                live = [u for u in f["defenders"] if s.unit(u)["hex"] == f["target"]]
                if res in ("DR", "DH", "HH") and live and not f.get("stood"):
                    s.call("retreat", origin=f["target"], units=live, attackers=f["attackers"],
                           halved=res in ("DH", "HH"))
                    return
            elif st == 5:  # advance after combat
                live = [u for u in f["attackers"] if s.unit(u)["hex"] is not None]
                if live and not s.at(target):
                    s.call("advance", hex=f["target"], units=live)
                    return
            else:
                s.end(True)
                return


class DepleteStack(Step["GameState"]):
    """AH: the attacking stack with the highest strength is depleted; the owner breaks ties (7.2, 14.1)."""

    name = "deplete_stack"

    def candidates(self, s: GameState, f: dict[str, Any]) -> list[int]:
        rnd = f["rounds"][0]
        stacks = {h: us for h, us in attacking_stacks(s, f["attackers"]).items() if h not in f["done"]}
        stacks = {h: [u for u in us if s.unit(u)["hex"] is not None] for h, us in stacks.items()}
        scored = {h: stack_value(s, us, rnd["camp"]) for h, us in stacks.items() if us}
        scored = {h: v for h, v in scored.items() if v > 0}
        if not scored:
            return []
        best = max(scored.values())
        return sorted(h for h, v in scored.items() if v == best)

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.auto(s, f)

    def auto(self, s: GameState, f: dict[str, Any]) -> None:
        while f["rounds"]:
            c = self.candidates(s, f)
            if len(c) > 1:
                return
            if c:
                self.hit(s, f, c[0])
            f["rounds"].pop(0)
        s.end()

    def hit(self, s: GameState, f: dict[str, Any], h: int) -> None:
        f["done"].append(h)
        for u in attacking_stacks(s, f["attackers"]).get(h, []):
            s.deplete(u, "attacker halved", f"{R} 7.2")

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "Attacker halved: choose which of the equally strong attacking stacks is depleted"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("deplete", s.map.label(h)) for h in self.candidates(s, f)]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        self.hit(s, f, s.map.index[a.args[0]])
        f["rounds"].pop(0)
        self.auto(s, f)


class FortChoice(Step["GameState"]):
    """7.5: Germans defending a fortification may stand and be depleted instead of retreating."""

    name = "fort_choice"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Defender retreat at the fortification {f['target']}: stand and be depleted, or retreat?"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("stand"), act("retreat")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "stand":
            for u in f["units"]:
                s.deplete(u, "stood in the fortification", f"{R} 7.5")
            parent = s.frames()[-2]
            parent["stood"] = True
        s.end()


class Retreat(Step["GameState"]):
    """7.3: the defender retreats each division two hexes, choosing where.

    Restrictions: never into enemy ZOC unless a friendly division is there, never
    ending next to a division that attacked it. A division that can only manage
    one hex retreats one and is depleted; one that cannot retreat at all is
    depleted (eliminated after a DH, or if already depleted). Germans may stop
    as soon as they enter a fortification (7.5).
    """

    name = "retreat"

    def options(self, s: GameState, f: dict[str, Any], uid: str) -> tuple[list[int], bool, dict[int, list[int]]]:
        """(end hexes, full retreat?, the path to each end) for one division."""
        key = ("retreat", uid, f["origin"], tuple(f["attackers"]))
        got = s._memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        b = s.board
        side = UNITS[uid].side
        enemy_side = "german" if side == "allied" else "allied"
        enemy = s.side_bb(enemy_side)
        ezoc = s.zoc_bb(enemy_side)
        own = s.side_bb(side)
        origin = s.map.index[f["origin"]]
        attackers_at = {s.hex_of(u) for u in f["attackers"] if s.unit(u)["hex"] is not None}
        banned = 0
        for h in attackers_at:
            if h is not None:
                banned |= (1 << h) | b.dil.step(1 << h)

        def may_enter(h: int) -> bool:
            return bool((b.land >> h) & 1) and not (enemy >> h) & 1 and (not (ezoc >> h) & 1 or bool((own >> h) & 1))

        def may_end(h: int) -> bool:
            return not (banned >> h) & 1

        opts = retreat_options(b.land_nbrs, origin, 2, may_enter, may_end, s.map.distance)
        paths = {p[-1]: p for k in (2, 1) for p in opts.get(k, [])}
        full = [p[-1] for p in opts.get(2, [])]
        one = [p[-1] for p in opts.get(1, [])]
        if side == "german":
            forts = [h for h in one if (b.fortification >> h) & 1]
            full += forts
            one = [h for h in one if h not in forts]
        ends = sorted(set(full)) if full else sorted(set(one))
        out = (ends, bool(full), {h: paths[h] for h in ends})
        s._memo[key] = out
        return out

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.settle(s, f)

    def settle(self, s: GameState, f: dict[str, Any]) -> None:
        """Divisions with nowhere to go are depleted or eliminated at once."""
        for uid in list(f["units"]):
            ends, _, _ = self.options(s, f, uid)
            if not ends:
                f["units"].remove(uid)
                s.emit("no_retreat", unit=uid, hex=f["origin"], rule=f"{R} 7.3",
                       text=f"{UNITS[uid].name} cannot retreat")
                if f["halved"]:
                    s.eliminate(uid, "no retreat after DH", f"{R} 7.3")
                else:
                    s.deplete(uid, "no retreat", f"{R} 7.3")
        if not f["units"]:
            s.end()

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return UNITS[f["units"][0]].side

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        names = ", ".join(UNITS[u].name for u in f["units"])
        return f"Retreat from {f['origin']} ({names}): choose where each division ends"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = []
        for uid in f["units"]:
            ends, _, _ = self.options(s, f, uid)
            out += [act("retreat", uid, s.map.label(h)) for h in ends]
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        uid, lab = a.args
        _, full, paths = self.options(s, f, uid)
        s.enter(uid, paths[s.map.index[lab]])
        if s.g["act"] is not None:
            s.act["retreated"].append(uid)
        s.emit("retreat", unit=uid, hex=lab, origin=f["origin"], rule=f"{R} 7.3",
               text=f"{UNITS[uid].name} retreats {f['origin']} → {lab}" + ("" if full else " (one hex only)"))
        if not full:
            s.deplete(uid, "could retreat only one hex", f"{R} 7.3")
        f["units"].remove(uid)
        self.settle(s, f)


class Advance(Step["GameState"]):
    """7.4: attackers may advance into the emptied hex; armour one hex further. ZOC and waterways are ignored."""

    name = "advance"

    def ends(self, s: GameState, uid: str, vacated: int) -> list[int]:
        b = s.board
        enemy = s.side_bb("german" if UNITS[uid].side == "allied" else "allied")

        def ok(n: int) -> bool:
            return bool((b.land >> n) & 1) and not (enemy >> n) & 1

        extra = 1 if UNITS[uid].armor else 0
        here = s.hex_of(uid)
        return [h for h in advance_hexes(b.land_nbrs, vacated, extra, ok) if h != here]

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return UNITS[f["units"][0]].side

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Advance after combat into {f['hex']} (armour may go one hex further), or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        vac = s.map.index[f["hex"]]
        out = []
        for uid in f["units"]:
            out += [act("advance", uid, s.map.label(h)) for h in self.ends(s, uid, vac)]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            s.end()
            return
        uid, lab = a.args
        vac = s.map.index[f["hex"]]
        dest = s.map.index[lab]
        s.enter(uid, [vac] if dest == vac else [vac, dest])
        s.emit("advance", unit=uid, hex=lab, rule=f"{R} 7.4", text=f"{UNITS[uid].name} advances to {lab}")
        f["units"].remove(uid)
        if not f["units"]:
            s.end()


STEPS = (Attack, Aftermath, DepleteStack, FortChoice, Retreat, Advance)
