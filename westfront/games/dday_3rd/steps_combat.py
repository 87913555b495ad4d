"""The combat phase (§10): declare every attack first (a planner), remove automatic defeats (§10.3), then resolve
the combats one by one in the attacker's order, each completely (result, exchange, retreats, advance)."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Procedure, Step
from ...core.steps import AdvanceAfterCombat, AttackBuilder
from . import combat as C
from . import refusals
from .data import tables, units
from .position import Position, other


class CombatPhase(Procedure[Position]):
    """§10: plan, automatic defeats, resolution in chosen order, then invaders left at sea are lost (§7.1)."""

    name = "combat"
    stages = ("plan", "automatic_defeats", "next_combat", "wrap_up")

    def plan(self, s: Position, f: dict[str, Any]) -> str | None:
        kept = f.get("combats") or []
        if not kept and not C.must_attack(s, f["side"]) and not C.must_be_attacked(s, f["side"]) \
                and not _any_contact(s, f["side"]):
            f["combats"] = []
            return "wrap_up"
        s.call("plan", side=f["side"], combats=[C.copy_combat(c) for c in kept])  # no list shared between frames
        return None

    def plan_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        f["combats"], withdrawn = C.complete_plan(s, f["side"], ret)
        for c in withdrawn:
            refund_air(s, c)
            s.emit("withdrawn", combat=c["id"], targets=list(c["targets"]), rule=s.rule("10"),
                   text=f"Attack on {'+'.join(c['targets'])} withdrawn: the units its river or fortress attack "
                   "obliges it to fight cannot all be attacked")
        seen: dict[str, Any] = dict(f.get("announced") or {})
        for c in f["combats"]:
            sig = [list(c["targets"]), list(c["attackers"]), C.defenders(s, c)]  # copies: g shares no list
            if seen.get(str(c["id"])) == sig:
                continue
            seen[str(c["id"])] = sig
            names = ", ".join(units()[d].label for d in C.defenders(s, c))
            s.emit("declare", combat=c["id"], targets=list(c["targets"]), attackers=list(c["attackers"]),
                   defenders=C.defenders(s, c), air=c.get("air"), rule=s.rule("10"),
                   text=f"Attack on {'+'.join(c['targets'])} ({names}) by "
                   f"{', '.join(units()[a].label for a in c['attackers'])} at {C.odds_text(s, c)}")
        f["announced"] = seen

    def automatic_defeats(self, s: Position, f: dict[str, Any]) -> str | None:
        """§10.3: at 1:7 or worse the attackers are eliminated before any combat is resolved; an automatic defeat
        is no attack, so defenders still in the side's ZOC must then be attacked (the plan reopens)."""
        keep = []
        defeated = False
        for c in f["combats"]:
            if C.automatic_defeat(s, c):
                defeated = True
                s.emit("automatic_defeat", combat=c["id"], rule=s.rule("10.3"),
                       text=f"Attack on {'+'.join(c['targets'])} at 1:7 or worse: automatic defeat")
                for a in c["attackers"]:
                    s.eliminate(a, "automatic defeat", "10.3")
            else:
                keep.append(c)
        f["combats"] = keep
        if defeated:
            s.zoc_control()
            _, hit = C.committed(s, keep)
            again = sorted(set(C.required_units(s, f["side"], keep)) - hit)
            if again and any(C.enemy_hexes_adjacent(s, s.unit(u)["hex"] or "", other(f["side"])) for u in again):
                s.emit("replan", units=again, rule=s.rule("10.3"),
                       text="Defenders of an automatic defeat are still in ZOC: they must be attacked")
                return "plan"
        return None

    def next_combat(self, s: Position, f: dict[str, Any]) -> str | None:
        if not f["combats"]:
            return "wrap_up"
        if len(f["combats"]) == 1:
            self._battle(s, f, f["combats"][0]["id"])
        else:
            s.call("pick", side=f["side"], combats=f["combats"])
        return None

    def next_combat_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        if isinstance(ret, dict) and "picked" in ret:
            self._battle(s, f, ret["picked"])
            return None
        return "next_combat"

    def _battle(self, s: Position, f: dict[str, Any], cid: int) -> None:
        c = next(c for c in f["combats"] if c["id"] == cid)
        f["combats"].remove(c)
        unresolved = sorted({t for o in f["combats"] for t in o["targets"]})
        s.call("battle", side=f["side"], combat=c, unresolved=unresolved)

    def wrap_up(self, s: Position, f: dict[str, Any]) -> None:
        b = s.board
        for uid in list(s.on_map("allied")):
            if (b.sea >> b.m.index[s.unit(uid)["hex"]]) & 1:  # type: ignore[index]
                s.eliminate(uid, "the invasion hex was not taken", "7.1")
        s.zoc_control()


def refund_air(s: Position, c: dict[str, Any]) -> None:
    """A withdrawn attack gives its air unit back (it never flew)."""
    if c.get("air") == "fighter":
        s.g["fighters"] += 1
    elif c.get("air") == "bomber":
        s.g["bombers"] += 1
        s.g["cb_used"] = False
        s.g["cb_hex"] = None


def _any_contact(s: Position, side: str) -> bool:
    """Whether any voluntary attack is possible (across a river, into or out of a fortress)."""
    return any(C.enemy_hexes_adjacent(s, s.unit(uid)["hex"] or "", side) for uid in s.on_map(side))


class Plan(Step[Position]):
    """Declare attacks: ``attack HEX`` opens an attack; ``withdraw N`` takes one back; ``done`` completes the
    plan with the attacks the rules still require (see combat.complete_plan)."""

    name = "plan"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        todo = C.plan_problems(s, f["side"], f["combats"])
        extra = f" — still required: {'; '.join(todo[:3])}{'…' if len(todo) > 3 else ''}" if todo else ""
        return f"Declare attacks ({len(f['combats'])} declared){extra}, then done"

    def targets(self, s: Position, f: dict[str, Any]) -> list[str]:
        taken, hit = C.committed(s, f["combats"])
        out: set[str] = set()
        for uid in s.on_map(f["side"]):
            if uid in taken or s.unit(uid)["attacked"]:
                continue
            for h in C.enemy_hexes_adjacent(s, s.unit(uid)["hex"], f["side"]):  # type: ignore[arg-type]
                if C.open_units(s, h, hit):
                    out.add(h)
        return sorted(out)

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("attack", h) for h in self.targets(s, f)]
        out += [act("withdraw", c["id"]) for c in f["combats"]]
        if not C.owed_invasions(s, f["side"], f["combats"]):
            out.append(act("done"))
        return out

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "done":
            owed = C.owed_invasions(s, f["side"], f["combats"])
            if owed:
                return (f"{s.rule('7.1')}: the invaders at sea must attack the German units in "
                        f"{', '.join(owed)} (as a whole) — declare `attack {owed[0]}` first; invaders left at sea "
                        "are lost")
        return refusals.plan(s, f, a)

    def on_attack(self, s: Position, f: dict[str, Any], target: str) -> None:
        b = s.board
        forced = []
        arrow = b.arrow_by_coast.get(target)
        if arrow is not None:
            forced = [u for u in s.at(arrow.sea) if s.side_of(u) == f["side"]]
        _, hit = C.committed(s, f["combats"])
        s.call("attack", side=f["side"], targets=[target], attackers=list(forced), forced=forced, air=None,
               defenders=C.open_units(s, target, hit), combats=f["combats"])

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret:
            ret["id"] = C._next_id(f["combats"])
            f["combats"].append(ret)

    def on_withdraw(self, s: Position, f: dict[str, Any], cid: str) -> None:
        for c in f["combats"]:
            if str(c["id"]) == cid:
                refund_air(s, c)
        f["combats"] = [c for c in f["combats"] if str(c["id"]) != cid]

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end(f["combats"])


class Attack(AttackBuilder):
    """Build one attack: ``add``/``remove`` attackers, ``also HEX`` to attack a second adjacent hex together,
    ``spare UNIT``/``include UNIT`` to leave a defender of a target hex to another combat or take it back (§10: one
    hex's defenders may be split; not against invaders, who attack their coastal hex as a whole), ``air fighter``
    (CAS, §10.1.1) or ``air bomber`` (carpet bombing, §10.1.2), then ``declare`` or ``cancel``."""

    name = "attack"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        c = {"targets": f["targets"], "attackers": f["attackers"], "defenders": f["defenders"], "air": f["air"]}
        if f["attackers"]:
            t = C.totals(s, c)
            cas = " with +1 close air support" if f["air"] == "fighter" else ""
            odds = f"{C.odds_text(s, c)} ({t['af_total']} against {t['df_total']}{cas})"
        else:
            odds = "no attackers yet"
        names = ", ".join(units()[d].label for d in f["defenders"])
        return f"Attack {'+'.join(f['targets'])} ({names}): {odds}"

    def eligible(self, s: Position, f: dict[str, Any]) -> list[str]:
        return C.eligible_attackers(s, f["side"], f["targets"], f["combats"])

    def can_resolve(self, s: Position, f: dict[str, Any]) -> bool:
        return False

    def extra_actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out: list[Action] = []
        if f["attackers"]:
            out.append(act("declare"))
        if f["side"] == "allied" and f["air"] is None:
            if s.g["fighters"] > 0:
                out.append(act("air", "fighter"))
            if self.bomber_ok(s, f):
                out.append(act("air", "bomber"))
        if not f["forced"]:
            _, hit = C.committed(s, f["combats"])
            owed = set(C.owed_invasions(s, f["side"], f["combats"]))  # their invaders attack them (§7.1)
            if len(f["targets"]) < 3:
                cands: set[str] = set()
                for a in f["attackers"]:
                    for h in C.enemy_hexes_adjacent(s, s.unit(a)["hex"], f["side"]):  # type: ignore[arg-type]
                        if h not in f["targets"] and h not in owed and C.open_units(s, h, hit) and all(
                                C.adjacent_across(s, s.unit(x)["hex"], h) for x in f["attackers"]):  # type: ignore[arg-type]
                            cands.add(h)
                out += [act("also", h) for h in sorted(cands)]
            out += [act("spare", d) for d in self.spareable(s, f)]
            out += [act("include", u) for t in f["targets"] for u in C.open_units(s, t, hit | set(f["defenders"]))]
        return out

    def spareable(self, s: Position, f: dict[str, Any]) -> list[str]:
        """Defenders that may be left out: each target hex keeps at least one defender in this combat."""
        out = []
        for d in f["defenders"]:
            h = s.unit(d)["hex"]
            if sum(1 for x in f["defenders"] if s.unit(x)["hex"] == h) > 1:
                out.append(d)
        return out

    def on_spare(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["defenders"].remove(uid)

    def on_include(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["defenders"].append(uid)

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        """Invaders attack their coastal hex whatever happens (§7.1): they cannot be removed, nor the attack
        cancelled."""
        return [a for a in super().actions(s, f) if not (a.verb == "remove" and a.args[0] in f["forced"])
                and not (a.verb == "cancel" and f["forced"])]

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if f["forced"] and (a.verb == "cancel" or (a.verb == "remove" and a.args and a.args[0] in f["forced"])):
            return f"{s.rule('7.1')}: the invaders must attack {'+'.join(f['targets'])}; declare the attack"
        return refusals.attack(s, f, a)

    def bomber_ok(self, s: Position, f: dict[str, Any]) -> bool:
        """§10.1.2: a bomber left, none flown this week, no invasion or drop this week, one hex attacked last week."""
        g = s.g
        if g["bombers"] <= 0 or g["cb_used"] or g["dropped_now"] or len(f["targets"]) != 1:
            return False
        if any(inv["week"] == s.week for inv in g["invasions"]):
            return False
        return f["targets"][0] in g["attacked_last"]

    def on_air(self, s: Position, f: dict[str, Any], kind: str) -> None:
        f["air"] = kind

    def on_also(self, s: Position, f: dict[str, Any], target: str) -> None:
        _, hit = C.committed(s, f["combats"])
        f["targets"].append(target)
        f["defenders"].extend(C.open_units(s, target, hit))
        if f["air"] == "bomber":
            f["air"] = None

    def on_declare(self, s: Position, f: dict[str, Any]) -> None:
        if f["air"] == "fighter":
            s.g["fighters"] -= 1
        elif f["air"] == "bomber":
            s.g["bombers"] -= 1
            s.g["cb_used"] = True
            s.g["cb_hex"] = f["targets"][0]
        s.end({"id": 0, "targets": list(f["targets"]), "attackers": list(f["attackers"]),
               "defenders": list(f["defenders"]), "air": f["air"]})


class Pick(Step[Position]):
    """Choose the next combat to resolve (§10.4: the active faction decides the order)."""

    name = "pick"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Resolve which combat next?"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("resolve", c["id"]) for c in f["combats"]]

    def on_resolve(self, s: Position, f: dict[str, Any], cid: str) -> None:
        s.end({"picked": int(cid)})

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.pick(s, f, a)


class Battle(Procedure[Position]):
    """One combat (§10.4): roll (twice with carpet bombing), apply the result, retreats, advance."""

    name = "battle"
    stages = ("roll", "outcome", "retreat", "advance", "close")

    def roll(self, s: Position, f: dict[str, Any]) -> str | None:
        c = f["combat"]
        crt = tables().crt
        t = C.totals(s, c)
        idx = C.odds_index(s, c)
        col = crt.columns[idx]
        f["odds"] = col
        f["doubled"] = t["multiplied"]
        f["totals"] = {"af": t["af"], "df": t["df"], "multipliers": t["multipliers"]}
        f["sea"] = C.from_sea(s, c)
        f["defenders"] = C.defenders(s, c)
        f["vacated"] = list(c["targets"])
        if idx == len(crt.columns) - 1:
            f["result"] = "DE"  # §10.4: no roll at 7:1
            s.emit("combat", combat=c["id"], odds=col, roll=None, result="DE", rule=s.rule("10.4"),
                   text=f"Attack on {'+'.join(c['targets'])} at 7:1: DE without a roll")
            return None
        n = 2 if C.carpet_bombed(s, c) else 1
        rolls = s.roll(6, n, why=f"attack on {'+'.join(c['targets'])} at {col}", side=f["side"], rule=s.rule("10.4"))
        results = [crt.result(col, r) for r in rolls]
        s.emit("combat", combat=c["id"], odds=col, roll=rolls, results=results, rule=s.rule("10.4"),
               text=f"Attack on {'+'.join(c['targets'])} at {col}: rolled {', '.join(map(str, rolls))} → "
                    f"{' / '.join(results)}")
        if len(set(results)) > 1:
            s.call("choice", player="allied", question="Carpet bombing: keep which result?", answers=results,
                   rule=s.rule("10.1.2"))
            return None
        f["result"] = results[0]
        return None

    def roll_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        f["result"] = ret

    def outcome(self, s: Position, f: dict[str, Any]) -> None:
        c = f["combat"]
        res = f["result"]
        side = f["side"]
        f["retreating"] = []
        for a in c["attackers"]:
            if s.unit(a)["hex"]:
                s.set_flags(a, attacked=True)
        if side == "allied":
            s.g["attacked_now"] = sorted(set(s.g["attacked_now"]) | set(c["targets"]))
        if res == "AE":
            for a in c["attackers"]:
                s.eliminate(a, "AE", "10.4")
        elif res == "DE":
            for d in f["defenders"]:
                s.eliminate(d, "DE", "10.4")
        elif res == "AR":
            for a in f["sea"]:
                s.eliminate(a, "cannot retreat into the sea", "10.4.2")
            f["retreating"] = [a for a in c["attackers"] if s.unit(a)["hex"]]
            f["victor"] = other(side)
        elif res == "DR":
            f["retreating"] = list(f["defenders"])
            f["victor"] = side
        elif res == "EX":
            loser, att, dfn = C.exchange_loser(f["totals"]["af"], f["totals"]["df"])
            if loser in ("attacker", "both"):
                for a in c["attackers"]:
                    s.eliminate(a, "EX", "10.4.1")
            if loser in ("defender", "both"):
                for d in f["defenders"]:
                    s.eliminate(d, "EX", "10.4.1")
            if loser == "attacker":
                s.call("exchange", player=other(side), units=list(f["defenders"]), owed=att, lost=0,
                       attackers=list(c["attackers"]), multipliers=f["totals"]["multipliers"])
            elif loser == "defender":
                s.call("exchange", player=side, units=[a for a in c["attackers"] if s.unit(a)["hex"]], owed=dfn,
                       lost=0, attackers=list(c["attackers"]), multipliers={})

    def retreat(self, s: Position, f: dict[str, Any]) -> None:
        units_ = [u for u in f["retreating"] if s.unit(u)["hex"]]
        if units_:
            s.call("retreat", units=units_, victor=f["victor"], chooser=f["victor"],
                   unresolved=f["unresolved"] if f["result"] == "DR" else [])

    def advance(self, s: Position, f: dict[str, Any]) -> None:
        """§10.4.3 and §7.1: into the vacated hexes if the defender was doubled or tripled, or the attack came
        from the sea (then only the sea attackers, and they must)."""
        c = f["combat"]
        cleared = [t for t in c["targets"] if not s.at(t)]
        sea = [a for a in f["sea"] if s.unit(a)["hex"]]
        b = s.board
        if sea:
            coast = b.arrow_by_sea[s.unit(sea[0])["hex"]].coast  # type: ignore[index]
            if coast in cleared:
                for a in sea:
                    s.place(a, coast)
                    s.set_flags(a, invader=False)
                    s.emit("advance", unit=a, hex=coast, rule=s.rule("7.1"),
                           text=f"{units()[a].label} storms ashore at {coast}")
                s.mut("mulberries")[coast] = b.arrow_by_coast[coast].sector
            else:
                for a in sea:
                    s.eliminate(a, "the invasion hex was not taken", "7.1")
            return
        live = [a for a in c["attackers"] if s.unit(a)["hex"]]
        # §10.4.3: only into a vacated hex whose defenders were doubled or tripled — never into a clear hex, also
        # not after an attack on several hexes of which another was doubled
        mult = f["totals"]["multipliers"]
        into = [h for h in cleared if int(mult.get(h, 1)) > 1]
        if into and live:
            s.call("advance", units=live, hex="+".join(into), vacated=into, side=f["side"])

    def close(self, s: Position, f: dict[str, Any]) -> None:
        s.zoc_control()


class Exchange(Step[Position]):
    """§10.4.1: the victor of an exchange gives up units worth at least the loser's total."""

    name = "exchange"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self._auto(s, f)

    def _value(self, s: Position, f: dict[str, Any], uid: str) -> int:
        if uid in f["attackers"]:
            return s.af(uid)
        hx = s.unit(uid)["hex"]
        return units()[uid].df * int(f["multipliers"].get(hx, 1))

    def _auto(self, s: Position, f: dict[str, Any]) -> None:
        live = [u for u in f["units"] if s.unit(u)["hex"]]
        f["units"] = live
        if f["lost"] >= f["owed"] or not live:
            s.end()
            return
        if sum(self._value(s, f, u) for u in live) <= f["owed"] - f["lost"]:
            for u in live:
                s.eliminate(u, "EX", "10.4.1")
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["player"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Exchange: lose units worth {f['owed'] - f['lost']} more factors"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("lose", u) for u in f["units"]]

    def on_lose(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["lost"] += self._value(s, f, uid)
        s.eliminate(uid, "EX", "10.4.1")
        self._auto(s, f)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.exchange(s, f, a)


class Retreat(Step[Position]):
    """§10.4.2: the victor retreats the loser's units two hexes each (or ``relinquish``es to their owner)."""

    name = "retreat"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self._skip(s, f)

    def _skip(self, s: Position, f: dict[str, Any]) -> None:
        while f["units"] and not C.retreat_ends(s, f["units"][0], set(f["unresolved"])):
            uid = f["units"].pop(0)
            if s.unit(uid)["hex"]:
                s.eliminate(uid, "no retreat route", "10.4.2")
        if not f["units"]:
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["chooser"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        uid = f["units"][0]
        return f"Retreat {units()[uid].label} two hexes from {s.unit(uid)['hex']}"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        uid = f["units"][0]
        out = [act("retreat", uid, h) for h in C.retreat_ends(s, uid, set(f["unresolved"]))]
        if f["chooser"] == f["victor"]:
            out.append(act("relinquish"))
        return out

    def on_relinquish(self, s: Position, f: dict[str, Any]) -> None:
        f["chooser"] = other(f["victor"])

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.retreat(s, f, a)

    def on_retreat(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        frm = s.unit(uid)["hex"]
        s.place(uid, label)
        if uid in s.g["interdicted"]:
            s.mut("interdicted").remove(uid)
        s.emit("retreat", unit=uid, hex=label, rule=s.rule("10.4.2"), text=f"{units()[uid].label} retreats {frm} → {label}")
        f["units"].pop(0)
        self._skip(s, f)


class Advance(AdvanceAfterCombat):
    """§10.4.3: attackers may advance into the vacated hexes (stacking observed)."""

    name = "advance"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Advance after combat into {f['hex']}, or done"

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.advance(s, f, a)

    def ends(self, s: Position, f: dict[str, Any], uid: str) -> list[str]:
        return [h for h in C.advance_ends(s, uid, f["vacated"]) if C.adjacent_across(s, s.unit(uid)["hex"], h)]  # type: ignore[arg-type]

    def advance(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        s.place(uid, label)
        if uid in s.g["interdicted"]:
            s.mut("interdicted").remove(uid)
        s.emit("advance", unit=uid, hex=label, rule=s.rule("10.4.3"), text=f"{units()[uid].label} advances to {label}")
