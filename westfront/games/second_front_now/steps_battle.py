"""A battle on the battle board (SFN 13.1-13.8, 8.5, 15.1, 15.3): every shot is a decision
(who fires at whom) shown with the number it needs; retreats and break-offs cancel one hit."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.combat import fire
from ...core.state import Procedure, Step
from ...core.steps import AdvanceAfterCombat, AttackBuilder
from .combat import hit_number, retreat_hexes, targets
from .data import ALLIED, tables, units
from .plans import mark_done, saf_for
from .position import Position
from .reinforcements import eliminate
from .sequence import optional, storm_raging
from .steps_admin import private
from .steps_command import attack_capable, can_act
from .victory import add_vp


def battle_of(s: Position) -> dict[str, Any]:
    for fr in reversed(s.frames()):
        if fr["step"] == "battle":
            return fr
    raise RuntimeError("no battle in progress")


def alive(s: Position, ids: list[str]) -> list[str]:
    return [u for u in ids if s.u(u)["steps"] > 0]


def names(ids: list[str]) -> str:
    return ", ".join(units()[u].name for u in ids)


class Battle(Procedure[Position]):
    """13.1: deployment, barrage, defensive fire, break-off, offensive fire, retreat, redeployment,
    (retreat execution), advance; then 8.5 blooding."""

    name = "battle"
    stages = ("commit", "reveal", "strategic_air", "strategic_air_choice", "air", "naval", "barrage", "defensive_fire", "break_off", "attacker_cancel",
              "offensive_fire", "retreat_call", "defender_cancel", "redeploy", "retreat", "advance", "blooding")

    def commit(self, s: Position, f: dict[str, Any]) -> None:
        pool = [u for u in s.at(f["origin"]) if can_act(s, u)]
        f["pool"] = pool
        s.call("commit", origin=f["origin"], target=f["target"], side=f["attacker"],
               attackers=[u for u in pool if units()[u].type != "garrison"])

    def commit_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        if not ret:
            return "blooding"  # called off before the battle board: nothing happens
        f["attackers"] = list(ret)
        f["defenders"] = list(s.at(f["target"]))
        f["withheld"] = [u for u in f["pool"] if u not in f["attackers"]]
        for u in f["pool"]:  # 6.3/6.4: the attack command activated the whole stack: its one action
            s.set_fields(u, acted=True)
        f.update(hits=[], extra=False, broke_off=False, retreat=False, lgas=False, ntf=False, saf=0)
        return None

    def reveal(self, s: Position, f: dict[str, Any]) -> None:
        """10.6: the battle board is seen by both players."""
        s.emit("battle", origin=f["origin"], target=f["target"], attackers=list(f["attackers"]), defenders=list(f["defenders"]),
               reveal=True, rule=s.rule("13.1"),
               text=f"Battle for {f['target']}: {names(f['attackers'])} against {names(f['defenders'])}")

    def strategic_air(self, s: Position, f: dict[str, Any]) -> str | None:
        """15.4: a plotted SAF strike on this hex today: 1 fiasco, 2-3 no show, 4-6 +1, 7-9 +2, 10 +3."""
        plan = saf_for(s, f["target"]) if f["attacker"] == ALLIED and optional(s) else None
        if plan is None:
            return "air"
        plan = mark_done(s, "saf", plan)
        f["saf_plotted"] = True
        if storm_raging(s):
            s.emit("saf", hex=f["target"], reveal=True, text="The SAF strike is forfeit: a great storm is raging",
                   rule=s.rule("15.4"))
            return "air"
        roll = s.roll(10, why="strategic air forces", rule=s.rule("15.4"))[0]
        t = tables()["dice"]["saf"]
        if roll <= t["fiasco"]:
            s.emit("saf", hex=f["target"], roll=roll, reveal=True, rule=s.rule("15.4"),
                   text="The SAF strike is a fiasco: the attack is cancelled")
            add_vp(s, tables()["victory"]["saf_fiasco"], "SAF fiasco", "15.4")
            f["cancelled"] = True
            return "blooding"
        if roll <= t["no_show"]:
            s.emit("saf", hex=f["target"], roll=roll, reveal=True, rule=s.rule("15.4"),
                   text="The SAF fails to show up")
            return "strategic_air_choice"
        f["saf"] = 1 if roll <= t["plus1"] else 2 if roll <= t["plus2"] else 3
        s.emit("saf", hex=f["target"], roll=roll, bonus=f["saf"], reveal=True, rule=s.rule("15.4"),
               text=f"The SAF strike goes in: +{f['saf']} for the attackers")
        return "air"

    def strategic_air_choice(self, s: Position, f: dict[str, Any]) -> None:
        s.call("choice", player=ALLIED, question="The SAF did not show up: go ahead with the attack (SFN 15.4)?",
               answers=["proceed", "abandon"], rule=s.rule("15.4"))

    def strategic_air_choice_done(self, s: Position, f: dict[str, Any], ret: str) -> str | None:
        if ret == "abandon":
            f["cancelled"] = True
            return "blooding"
        return None

    def air(self, s: Position, f: dict[str, Any]) -> None:
        """15.3: in a contested period, 1-3 gives local German air superiority (never with an SAF plot)."""
        if not optional(s) or storm_raging(s) or s.g["air_contest"] < s.g["turn"] or f.get("saf_plotted"):
            return
        roll = s.roll(10, why="local German air superiority (1-3)", rule=s.rule("15.3"))[0]
        if roll <= tables()["dice"]["lgas"]:
            f["lgas"] = True
            s.emit("lgas", hex=f["target"], text="The Luftwaffe holds the sky over the battle", rule=s.rule("15.3"))

    def naval(self, s: Position, f: dict[str, Any]) -> None:
        """15.1: once a game turn, naval gun support for Allied units in a coastal battle."""
        if not optional(s) or storm_raging(s) or s.g["ntf_turn"] == s.g["turn"]:
            return
        coastal = (s.b.coastal >> s.b.hex(f["target"])) & 1
        if not coastal:
            return
        s.call("choice", player=ALLIED, question="Use the naval gun support task force in this battle (SFN 15.1)?",
               answers=["naval", "decline"], rule=s.rule("15.1"))

    def naval_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        if ret == "naval":
            f["ntf"] = True
            s.g["ntf_turn"] = s.g["turn"]
            s.emit("ntf", hex=f["target"], text="Naval gun support joins the battle", rule=s.rule("15.1"))

    def barrage(self, s: Position, f: dict[str, Any]) -> None:
        """13.1 step 2: the attacker's artillery fires first; its hits are never cancelled."""
        arty = [u for u in f["attackers"] if units()[u].artillery]
        if arty:
            s.call("fire", phase="barrage", side=f["attacker"], shooters={u: fire.shots(s.u(u)["steps"]) for u in arty},
                   enemies=f["defenders"], hits=[], extra=False)

    def defensive_fire(self, s: Position, f: dict[str, Any]) -> None:
        shooters = {u: fire.shots(s.u(u)["steps"]) for u in alive(s, f["defenders"])}
        if shooters and alive(s, f["attackers"]):
            s.call("fire", phase="defensive", side=f["defender"], shooters=shooters, enemies=f["attackers"], hits=[],
                   extra=False)

    def defensive_fire_done(self, s: Position, f: dict[str, Any], ret: dict[str, Any]) -> None:
        f["hits"], f["extra"] = ret["hits"], ret["extra"]

    def break_off(self, s: Position, f: dict[str, Any]) -> None:
        """13.1 step 4: only after casualties, and not after an extra hit (13.7)."""
        if f["hits"] and not f["extra"]:
            s.call("choice", player=f["attacker"], question="Break off the attack to cancel one hit (SFN 13.1)?",
                   answers=["break_off", "continue"], rule=s.rule("13.1"))

    def break_off_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        f["broke_off"] = ret == "break_off"

    def attacker_cancel(self, s: Position, f: dict[str, Any]) -> None:
        if f["broke_off"]:
            s.call("cancel_hit", side=f["attacker"], hits=list(f["hits"]))

    def offensive_fire(self, s: Position, f: dict[str, Any]) -> None:
        f["hits"], f["extra"] = [], False
        if f["broke_off"]:
            return
        shooters = {u: fire.shots(s.u(u)["steps"]) for u in alive(s, f["attackers"]) if not units()[u].artillery}
        if shooters:
            s.call("fire", phase="offensive", side=f["attacker"], shooters=shooters, enemies=f["defenders"], hits=[],
                   extra=False)

    def offensive_fire_done(self, s: Position, f: dict[str, Any], ret: dict[str, Any]) -> None:
        f["hits"], f["extra"] = ret["hits"], ret["extra"]

    def retreat_call(self, s: Position, f: dict[str, Any]) -> None:
        """13.1 step 6: the defender may retreat after casualties from offensive fire, not after an extra hit."""
        if f["hits"] and not f["extra"]:
            s.call("choice", player=f["defender"], question="Retreat to cancel one hit (SFN 13.6)?",
                   answers=["retreat", "stand"], rule=s.rule("13.6"))

    def retreat_call_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        f["retreat"] = ret == "retreat"

    def defender_cancel(self, s: Position, f: dict[str, Any]) -> None:
        if f["retreat"]:
            s.call("cancel_hit", side=f["defender"], hits=list(f["hits"]))

    def redeploy(self, s: Position, f: dict[str, Any]) -> None:
        """13.1 step 7: the destroyed go to the dead piles (8.4, 4.5)."""
        for uid in f["attackers"] + f["defenders"]:
            if s.u(uid)["steps"] <= 0 and s.u(uid)["hex"]:
                eliminate(s, uid, "destroyed in battle", "13.2")
        f["defenders_all_gone"] = not alive(s, [u for u in f["defenders"] if s.u(u)["hex"]])

    def retreat(self, s: Position, f: dict[str, Any]) -> None:
        survivors = [u for u in f["defenders"] if s.u(u)["hex"] == f["target"]]
        if f["retreat"] and survivors:
            s.call("retreat", side=f["defender"], origin=f["target"], units=survivors,
                   involved=f["attackers"] + f["defenders"], used=[])

    def advance(self, s: Position, f: dict[str, Any]) -> None:
        """13.1 step 9: into the emptied hex, attackers and the units left behind (6.3)."""
        if f["broke_off"] or s.at(f["target"]):
            return
        cand = [u for u in f["attackers"] + f["withheld"]
                if s.u(u)["hex"] == f["origin"] and units()[u].type != "garrison" and s.u(u)["steps"] > 0]
        if cand:
            s.call("advance", side=f["attacker"], hex=f["target"], units=cand, advanced=[])

    def advance_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        f["advanced"] = ret or []

    def blooding(self, s: Position, f: dict[str, Any]) -> None:
        """8.5: untried US units that fought in supply and survived may become blooded."""
        if "attackers" not in f or f.get("cancelled"):
            return
        d = tables()["dice"]
        for uid in f["attackers"] + f["defenders"]:
            ud = units()[uid]
            us = s.u(uid)
            if not ud.untried or us["steps"] <= 0 or us["hex"] is None or us["supply"] == "none":
                continue
            mod = 0
            if uid in f.get("advanced", []):
                mod += d["blooding_advanced"]
            if uid in f["attackers"] and f.get("defenders_all_gone"):
                mod += d["blooding_all_defenders_eliminated"]
            if (uid in f["attackers"] and f["broke_off"]) or (uid in f["defenders"] and f["retreat"]):
                mod += d["blooding_retreated"]
            roll = s.roll(10, why=f"blooding {ud.name} (6-10, {mod:+d})", rule=s.rule("8.5"))[0]
            if roll + mod >= d["blooding_success"]:
                blood(s, uid)


def blood(s: Position, uid: str) -> None:
    """8.5: the blooded two-step division replaces the untried one in its hex."""
    twin = units()[uid].twin
    hx = s.u(uid)["hex"]
    s.to_box(uid, "blooded")
    s.set_fields(uid, steps=units()[uid].steps)
    s.place(twin, hx)  # type: ignore[arg-type]
    old = s.u(uid)
    s.set_fields(twin, steps=units()[twin].steps, acted=old["acted"], supply=old["supply"], landed=old["landed"],
                 replaced=old["replaced"])
    s.touch_fields()  # strength is part of the position: derived facts (reach) change
    s.emit("blooded", unit=uid, blooded=twin, hex=hx, rule=s.rule("8.5"),
           text=f"{units()[uid].name} is blooded: {units()[twin].name} takes its place")


class Commit(AttackBuilder):
    """6.3: the activated stack's units may be held back; at least one non-artillery unit attacks (13.5)."""

    name = "commit"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Attack {f['target']} from {f['origin']}: hold units back (remove) or resolve"

    def eligible(self, s: Position, f: dict[str, Any]) -> list[str]:
        return [u for u in s.at(f["origin"]) if can_act(s, u) and units()[u].type != "garrison"]

    def can_resolve(self, s: Position, f: dict[str, Any]) -> bool:
        return any(attack_capable(u) for u in f["attackers"])

    def can_cancel(self, s: Position, f: dict[str, Any]) -> bool:
        return False  # 10.6: a declared attack may not be called off (13.1 break-off comes later)

    def on_add(self, s: Position, f: dict[str, Any], token: str) -> None:
        super().on_add(s, f, token)
        private(s, f["side"], "commit", unit=token)

    def on_remove(self, s: Position, f: dict[str, Any], token: str) -> None:
        super().on_remove(s, f, token)
        private(s, f["side"], "commit", unit=token)

    def on_resolve(self, s: Position, f: dict[str, Any]) -> None:
        s.end(sorted(f["attackers"]))

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "resolve" and not self.can_resolve(s, f):
            return f"{s.rule('13.5')}: artillery may never attack alone: add a non-artillery unit first"
        if a.verb == "add" and a.args and a.args[0] in units() and units()[a.args[0]].type == "garrison":
            return f"{s.rule('13.8')}: garrison units never attack"
        if a.verb == "cancel":
            return f"{s.rule('10.6')}: a declared attack may not be called off (13.1's break-off comes later)"
        return None


class Fire(Step[Position]):
    """13.2-13.7: the firing player names a shooter and a target for each shot; d10 at or under the
    hit number hits; when every enemy is down, shots may go for an extra hit."""

    name = "fire"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self._maybe_end(s, f)

    def _live_targets(self, s: Position, f: dict[str, Any]) -> list[str]:
        return targets(s, f["enemies"])

    def _shooters(self, f: dict[str, Any]) -> list[str]:
        return [u for u, n in sorted(f["shooters"].items()) if n > 0]

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        b = battle_of(s)
        live = self._live_targets(s, f)
        tg = live or f["enemies"]
        parts = []
        for sh in self._shooters(f):
            n = f["shooters"][sh]
            shots = f"{units()[sh].name} ({n} shot{'s' if n > 1 else ''})"
            parts.append(shots + ": " + ", ".join(f"{units()[t].name} {max(0, hit_number(s, b, sh, t))}" for t in tg))
        what = {"barrage": "Preparatory barrage", "defensive": "Defensive fire", "offensive": "Offensive fire"}[f["phase"]]
        if live:
            extra = " Every shot is fired, even one that needs 0 (SFN 13.2)."
        else:
            extra = " Every enemy unit is down: fire on for an extra hit (SFN 13.7), or stop."
        return (f"{what} at {b['target']}: choose a shooter and a target; it hits on a roll at or under "
                f"the number. " + "; ".join(parts) + "." + extra)

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        live = self._live_targets(s, f)
        if live:
            return [act("fire", sh, t) for sh in self._shooters(f) for t in live]
        out = [act("fire", sh, t) for sh in self._shooters(f) for t in f["enemies"]]
        return out + [act("stop")]

    def on_fire(self, s: Position, f: dict[str, Any], shooter: str, target: str) -> None:
        b = battle_of(s)
        live = self._live_targets(s, f)
        need = hit_number(s, b, shooter, target)
        f["shooters"][shooter] -= 1
        roll = s.roll(10, why=f"{units()[shooter].name} fires at {units()[target].name}: hits on {need} or less",
                      rule=s.rule("13.2"))[0]
        hit = fire.hits(roll, need)
        if hit and not live:
            f["extra"] = True
            s.emit("extra_hit", shooter=shooter, target=target, roll=roll, rule=s.rule("13.7"),
                   text=f"{units()[shooter].name} scores an extra hit: no retreat can cancel a loss")
        elif hit:
            s.set_fields(target, steps=fire.apply_step_loss(s.u(target)["steps"]))
            s.touch_fields()  # strength is part of the position: derived facts (reach) change
            f["hits"].append(target)
            gone = s.u(target)["steps"] == 0
            s.emit("hit", shooter=shooter, target=target, roll=roll, need=need, rule=s.rule("13.2"),
                   text=f"{units()[shooter].name} rolls {roll} (needs {need}): {units()[target].name} "
                        + ("is destroyed" if gone else "loses a step"))
        else:
            s.emit("miss", shooter=shooter, target=target, roll=roll, need=need, rule=s.rule("13.2"),
                   text=f"{units()[shooter].name} rolls {roll} (needs {need}): miss")
        self._maybe_end(s, f)

    def on_stop(self, s: Position, f: dict[str, Any]) -> None:
        s.end({"hits": f["hits"], "extra": f["extra"]})

    def _maybe_end(self, s: Position, f: dict[str, Any]) -> None:
        if not self._shooters(f):
            s.end({"hits": f["hits"], "extra": f["extra"]})

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        live = self._live_targets(s, f)
        if a.verb == "stop" and live:
            return (f"{s.rule('13.2')}: every shot is fired, even one that needs 0; 'stop' is offered only when "
                    f"every enemy unit is down (13.7)")
        if a.verb != "fire" or len(a.args) != 2:
            return None
        shooter, target = a.args
        if shooter not in f["shooters"]:
            return f"{s.rule('13.1')}: {shooter} does not fire in this step"
        if f["shooters"][shooter] <= 0:
            return f"{s.rule('13.2')}: {units()[shooter].name} has fired all its shots"
        if target not in f["enemies"]:
            return f"{s.rule('13.2')}: {target} is not in this battle"
        if live and s.u(target)["steps"] <= 0:
            return (f"{s.rule('13.7')}: {units()[target].name} is destroyed; extra-hit shots come only when every "
                    f"enemy unit is down")
        if live and units()[target].artillery:
            return f"{s.rule('13.5')}: artillery may be targeted only when no front-line unit is left"
        return None


class CancelHit(Step[Position]):
    """13.6: the retreating side cancels one of the hits it just took (its choice)."""

    name = "cancel_hit"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Choose the hit to cancel (SFN 13.6)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("cancel", u) for u in sorted(set(f["hits"]))]

    def on_cancel(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.set_fields(uid, steps=s.u(uid)["steps"] + 1)
        s.touch_fields()
        s.emit("cancel_hit", unit=uid, rule=s.rule("13.6"), text=f"One hit on {units()[uid].name} is cancelled")
        s.end(uid)


class Retreat(Step[Position]):
    """13.6/13.8: each surviving defender retreats one hex; garrisons and the trapped are eliminated."""

    name = "retreat"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self._next(s, f)

    def _next(self, s: Position, f: dict[str, Any]) -> None:
        while f["units"]:
            uid = f["units"][0]
            if units()[uid].type == "garrison":
                f["units"].pop(0)
                eliminate(s, uid, "garrisons never retreat", "13.8")
                continue
            if not retreat_hexes(s, uid, f["origin"], f["involved"], f["used"]):
                f["units"].pop(0)
                eliminate(s, uid, "no retreat possible", "13.6")
                continue
            return
        s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Retreat {units()[f['units'][0]].name} from {f['origin']} (SFN 13.6)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        uid = f["units"][0]
        return [act("retreat", uid, h) for h in retreat_hexes(s, uid, f["origin"], f["involved"], f["used"])]

    def on_retreat(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        s.place(uid, label)
        f["units"].pop(0)
        f["used"].append(label)
        s.emit("retreat", unit=uid, hex=label, text=f"{units()[uid].name} retreats to {label}", rule=s.rule("13.6"))
        self._next(s, f)


class Advance(AdvanceAfterCombat):
    """13.1 step 9: attackers may move into the vacated hex, free of CP and MP."""

    name = "advance"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def ends(self, s: Position, f: dict[str, Any], uid: str) -> list[str]:
        return [f["hex"]] if s.stack_ok(f["hex"], [uid]) else []

    def advance(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        s.place(uid, label)
        s.set_fields(uid, acted=True)
        f["advanced"].append(uid)
        s.emit("advance", unit=uid, hex=label, text=f"{units()[uid].name} advances into {label}", rule=s.rule("13.1"))

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end(list(f["advanced"]))

    def on_advance(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        self.advance(s, f, uid, label)
        f["units"].remove(uid)
        if not f["units"]:
            s.end(list(f["advanced"]))

