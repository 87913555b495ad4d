"""The Reinforcement Step (onslaught 4.0, 8.1, 8.7, 10.x, 11.x, 14.2).

Order: German reinforcements (then the free move of those entering at areas A
and B), Allied reinforcements, German then Allied replacements, supply (German
captures, German income, Allied collection), the end-of-step stacking check.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Step
from ...core.supply import supplied_area
from .hexchoice import handle_zoom, hex_actions
from .movement import moves
from .tables import REPL_COSTS, SUPPLY, replacement_points
from .units import UNITS

if TYPE_CHECKING:
    from .state import GameState

R = "onslaught"
FRENCH_RECRUITS_PER_CITY = 2


class ReinforcementStep(Step["GameState"]):
    name = "reinforcement_step"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.g["phase"] = "Reinforcement Step"
        self.resume(s, f, None)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        st = f["stage"]
        f["stage"] += 1
        t = s.turn
        if st == 0:
            pending = [u for u in s.in_box("pending", "german") if UNITS[u].turn <= t]
            s.emit("reinforcements", side="german", units=pending, rule=f"{R} 10.2",
                   text=f"German reinforcements: {len(pending)} division(s)" if pending
                   else "No German reinforcements this turn")
            s.call("reinforce", side="german", pending=pending, selected=None, zoom=None, entered=[], per_city={})
        elif st == 1:
            if ret:
                s.call("free_move", units=list(ret))
            else:
                self.resume(s, f, None)
        elif st == 2:
            pending = [u for u in s.in_box("pending", "allied") if UNITS[u].turn <= t]
            for u in [u for u in pending if UNITS[u].entry == "para"]:
                pending.remove(u)
                s.remove_from_map(u, "para")
                s.emit("reinforcement", unit=u, side="allied", box="paratroop", rule=f"{R} 9.1",
                       text=f"{UNITS[u].name} arrives in the Paratroop box")
            pending += s.in_box("delayed", "allied")
            s.emit("reinforcements", side="allied", units=pending, rule=f"{R} 10.3",
                   text=f"Allied reinforcements: {len(pending)} division(s)" if pending
                   else "No Allied reinforcements this turn")
            s.call("reinforce", side="allied", pending=pending, selected=None, zoom=None, entered=[], per_city={})
        elif st == 3:
            s.call("replace", side="german", selected=None, zoom=None)
        elif st == 4:
            s.call("replace", side="allied", selected=None, zoom=None)
        elif st == 5:
            capture_supply(s)
            s.gain("german", SUPPLY.german_income, "the standard German allotment", f"{R} 8.1")
            s.call("collect", declined=[])
        elif st == 6:
            s.call("overstack", sides=["german", "allied"], rule=f"{R} 6.3")
        else:
            s.end()


# --------------------------------------------------------------------------
# Reinforcements (10.x, 14.2)
# --------------------------------------------------------------------------
def german_edge_supply(s: GameState) -> int:
    """10.2: German reinforcements must trace supply to the eastern map edge (not to forts or ports)."""
    key = ("edge_sup",)
    got = s._memo.get(key)
    if got is None:
        got = supplied_area(s.board.dil, s.german_source_bb(edge_only=True), s.passable_for("german"))
        s._memo[key] = got
    return got  # type: ignore[no-any-return]


def room(s: GameState, side: str, limit: int = 3) -> int:
    """Hexes holding fewer than ``limit`` of ``side``'s divisions and no enemy."""
    enemy = s.side_bb("german" if side == "allied" else "allied")
    full = 0
    for h, us in s.occupancy().items():
        if len(us) >= limit and UNITS[us[0]].side == side:
            full |= 1 << h
    return s.board.land & ~enemy & ~full


def allied_source_hexes(s: GameState) -> int:
    m = s.map
    return m.bb(m.index[lab] for lab in s.allied_sources() if lab != "B")


def french_recruit_hexes(s: GameState, per_city: dict[str, int]) -> int:
    """14.2: a French city in supply, held or last held by the Allies, more than two MP from any German."""
    b = s.board
    ctrl = s.g["control"]
    out = 0
    for h in bits(b.french_cities & s.supply_area("allied") & ~s.near_bb("german")):
        lab = s.map.label(h)
        if (ctrl.get(lab) == "allied" or s.side_at(h) == "allied") and per_city.get(lab, 0) < FRENCH_RECRUITS_PER_CITY:
            out |= 1 << h
    return out


def reinforcement_hexes(s: GameState, uid: str, per_city: dict[str, int]) -> int:
    u = UNITS[uid]
    b = s.board
    free = room(s, u.side)
    if u.side == "german":
        area = {"A": b.area_a, "B": b.area_b}.get(u.entry, b.germany)
        return area & free & german_edge_supply(s)
    if u.entry == "B":
        return s.southern_france_hexes() & free
    if u.entry == "asterisk" and s.options.get("free_french"):
        return french_recruit_hexes(s, per_city) & free
    return allied_source_hexes(s) & free


class Reinforce(Step["GameState"]):
    """10.1-10.3: choose a reinforcement, then its hex. Divisions that cannot enter are delayed (Allied),
    lost (German areas A and B) or held for next turn (Germany)."""

    name = "reinforce"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self.settle(s, f)

    def settle(self, s: GameState, f: dict[str, Any]) -> None:
        for uid in list(f["pending"]):
            if reinforcement_hexes(s, uid, f["per_city"]):
                continue
            f["pending"].remove(uid)
            u = UNITS[uid]
            if u.side == "allied":
                s.remove_from_map(uid, "delayed")
                s.emit("delayed", unit=uid, side="allied", rule=f"{R} 10.3",
                       text=f"{u.name} cannot enter: Delayed Reinforcements box")
            elif u.entry in ("A", "B"):
                s.remove_from_map(uid, "removed")
                s.emit("lost", unit=uid, side="german", rule=f"{R} 10.2",
                       text=f"{u.name} cannot enter area {u.entry} in supply and is eliminated permanently")
            else:
                s.emit("held", unit=uid, side="german", rule=f"{R} 10.2",
                       text=f"{u.name} finds no hex in Germany able to take it; it waits for the next turn")
        if not f["pending"]:
            s.end(f["entered"])

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        if f["selected"]:
            return f"Place {UNITS[f['selected']].name}: choose its hex"
        return f"{f['side'].capitalize()} reinforcements: choose a division to place ({len(f['pending'])} left)"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        if f["selected"]:
            cands = bits(reinforcement_hexes(s, f["selected"], f["per_city"]))
            return hex_actions(s, f, cands, "at") + [act("cancel")]
        return [act("place", u) for u in f["pending"]]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if handle_zoom(s, f, a):
            return
        if a.verb == "place":
            f["selected"] = a.args[0]
            return
        if a.verb == "cancel":
            f["selected"] = None
            f["zoom"] = None
            return
        uid = f["selected"]
        h = s.map.index[a.args[0]]
        s.enter(uid, [h])
        u = UNITS[uid]
        if u.entry == "asterisk" and s.options.get("free_french"):
            f["per_city"][a.args[0]] = f["per_city"].get(a.args[0], 0) + 1
        if u.side == "german" and u.entry in ("A", "B"):
            f["entered"].append(uid)
        rule = {"german": "10.2", "allied": "10.3"}[u.side] if u.entry != "asterisk" else "14.2"
        s.emit("reinforcement", unit=uid, hex=a.args[0], side=u.side, rule=f"{R} {rule}",
               text=f"{u.name} enters at {a.args[0]}")
        f["pending"].remove(uid)
        f["selected"] = None
        f["zoom"] = None
        self.settle(s, f)


class FreeMove(Step["GameState"]):
    """10.2: German divisions entering at area A or B move at once, free, normally or strategically."""

    name = "free_move"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.begin_action("german", "free")
        if not self.movers(s, f):
            self.close(s)

    def movers(self, s: GameState, f: dict[str, Any]) -> list[str]:
        return [u for u in f["units"] if s.unit(u)["hex"] is not None and moves(s, u, oos=False, bridges=0).ends()]

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "Free move of the divisions that entered from areas A and B (normal or strategic), or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("move", u) for u in self.movers(s, f)] + [act("done")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            self.close(s)
            return
        s.call("move_unit", unit=a.args[0], oos=False, bridges=0, normal=True, zoom=None)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["units"].remove(ret)
        if not self.movers(s, f):
            self.close(s)

    @staticmethod
    def close(s: GameState) -> None:
        s.g["act"] = None
        s.end()


# --------------------------------------------------------------------------
# Replacements (11.x, 9.3)
# --------------------------------------------------------------------------
def rebuild_cost(uid: str, level: str) -> int | None:
    """11.1: cost of bringing an eliminated division back at ``level`` (half / full / germany)."""
    u = UNITS[uid]
    cls = u.type.cls
    if cls == "paratroop":
        return None  # 9.3: eliminated paratroops never return
    if level == "germany":
        return REPL_COSTS["vg_germany_full"] if u.kind == "vg" else None
    return REPL_COSTS.get(f"{cls}_eliminated_{level}")


def refit_cost(uid: str) -> int:
    """11.1: depleted to full strength."""
    return REPL_COSTS[f"{UNITS[uid].type.cls}_half_full"]


def german_replacement_hexes(s: GameState) -> int:
    """11.4: in supply by a line that keeps more than two MP from Allied divisions, and not within two MP of
    an Allied division or an Allied supply source."""
    key = ("grepl",)
    got = s._memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    b = s.board
    near_allied = s.near_bb("allied")
    near_sources = b.within(s.allied_source_bb(), 2)
    passable = s.passable_for("german", extra_block=near_allied)
    area = supplied_area(b.dil, s.german_source_bb() & ~near_allied, passable) | (b.fortification & ~near_allied)
    got = area & room(s, "german") & ~near_allied & ~near_sources
    s._memo[key] = got
    return got


def replacement_hexes(s: GameState, uid: str, level: str) -> int:
    u = UNITS[uid]
    if u.side == "german":
        bb = german_replacement_hexes(s)
        return bb & s.board.germany if level == "germany" else bb
    return allied_source_hexes(s) & room(s, "allied")  # 11.3: like reinforcements, never area B


class Replace(Step["GameState"]):
    """11.1-11.4: spend this turn's replacement points (they do not accumulate)."""

    name = "replace"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        side = f["side"]
        elim = len(s.in_box("eliminated", side))
        rp = replacement_points(side, elim)
        s.g["rp"][side] = rp
        s.emit("replacement_points", side=side, amount=rp, eliminated=elim, rule=f"{R} 11.1",
               text=f"{side.capitalize()} receives {rp} replacement points ({elim} units eliminated)")
        if not self.options(s, f):
            self.close(s, f)

    def options(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        rp = s.g["rp"][side]
        out = []
        for uid in s.in_box("eliminated", side):
            for level in ("half", "full", "germany"):
                cost = rebuild_cost(uid, level)
                if cost is None or cost > rp:
                    continue
                if side == "german" and not replacement_hexes(s, uid, level):
                    continue
                out.append(act("rebuild", uid, level))
        for uid in s.on_map(side):
            if not s.unit(uid)["full"] and refit_cost(uid) <= rp and s.in_supply(uid):
                out.append(act("refit", uid))
        return out

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        side = f["side"]
        if f["selected"]:
            return f"Place the rebuilt {UNITS[f['selected']['unit']].name}"
        return f"{side.capitalize()} replacements ({s.g['rp'][side]} points): rebuild or refit a division, or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        sel = f["selected"]
        if sel:
            cands = bits(replacement_hexes(s, sel["unit"], sel["level"]))
            return hex_actions(s, f, cands, "at") + [act("cancel")]
        return self.options(s, f) + [act("done")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        side = f["side"]
        if handle_zoom(s, f, a):
            return
        if a.verb == "done":
            self.close(s, f)
            return
        if a.verb == "cancel":
            f["selected"] = None
            f["zoom"] = None
            return
        if a.verb == "refit":
            uid = a.args[0]
            self.spend(s, side, refit_cost(uid))
            s.unit(uid)["full"] = True
            s.emit("refit", unit=uid, side=side, rule=f"{R} 11.2",
                   text=f"{UNITS[uid].name} is rebuilt to full strength")
        elif a.verb == "rebuild":
            uid, level = a.args
            if side == "allied" and not replacement_hexes(s, uid, level):
                self.spend(s, side, rebuild_cost(uid, level) or 0)
                s.unit(uid)["full"] = level != "half"
                s.remove_from_map(uid, "delayed")
                s.emit("rebuilt", unit=uid, side=side, rule=f"{R} 11.3",
                       text=f"{UNITS[uid].name} is rebuilt into the Delayed Reinforcements box")
            else:
                f["selected"] = {"unit": uid, "level": level}
                return
        else:
            sel = f["selected"]
            uid, level = sel["unit"], sel["level"]
            self.spend(s, side, rebuild_cost(uid, level) or 0)
            s.unit(uid)["full"] = level != "half"
            s.enter(uid, [s.map.index[a.args[0]]])
            s.emit("rebuilt", unit=uid, side=side, hex=a.args[0], rule=f"{R} 11.4" if side == "german" else f"{R} 11.3",
                   text=f"{UNITS[uid].name} is rebuilt ({'depleted' if level == 'half' else 'full strength'}) "
                        f"at {a.args[0]}")
            f["selected"] = None
            f["zoom"] = None
        if not self.options(s, f):
            self.close(s, f)

    @staticmethod
    def spend(s: GameState, side: str, n: int) -> None:
        s.g["rp"][side] -= n

    @staticmethod
    def close(s: GameState, f: dict[str, Any]) -> None:
        side = f["side"]
        left = s.g["rp"][side]
        if left:
            s.emit("replacements_lost", side=side, amount=left, rule=f"{R} 11.1",
                   text=f"{left} unspent replacement point(s) are lost")
        s.g["rp"][side] = 0
        s.end()

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "rebuild" and a.args and a.args[0] in s.g["units"] and UNITS[a.args[0]].allied_para:
            return f"{R} 9.3: eliminated paratroop divisions can never be rebuilt"
        if a.verb in ("rebuild", "refit"):
            return f"{R} 11.1-11.2: not eligible, or it costs more replacement points than are left"
        return None


# --------------------------------------------------------------------------
# Supply points (8.1, 8.7)
# --------------------------------------------------------------------------
def capture_supply(s: GameState) -> None:
    """8.7: a German division on an Allied source the Allies drew from last turn takes half those points."""
    m = s.map
    for lab, pts in sorted(s.g["collected"].items()):
        if lab == "B" or pts < 1:
            continue
        if s.side_at(m.index[lab]) == "german":
            gain = math.ceil(pts / 2)
            s.g["collected"][lab] = 0
            s.gain("german", gain, f"captured Allied supplies at {lab}", f"{R} 8.7")


def threatened_sources(s: GameState) -> list[str]:
    """Active Allied sources within two MP of a German division: worth declining (8.1)."""
    m = s.map
    near = s.near_bb("german")
    return [lab for lab in sorted(s.allied_sources()) if lab != "B" and (near >> m.index[lab]) & 1]


class Collect(Step["GameState"]):
    """8.1: the Allies collect from each source they control; they may decline a threatened one (8.7)."""

    name = "collect"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        if not threatened_sources(s):
            self.collect(s, f)

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "Collect Allied supply: decline any threatened source (the Germans could capture half), or collect"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("decline", lab) for lab in threatened_sources(s) if lab not in f["declined"]] + [act("collect")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "decline":
            f["declined"].append(a.args[0])
            s.emit("decline", hex=a.args[0], side="allied", rule=f"{R} 8.1",
                   text=f"The Allies will not collect supply at {a.args[0]} this turn")
            return
        self.collect(s, f)

    @staticmethod
    def collect(s: GameState, f: dict[str, Any]) -> None:
        got = {lab: pts for lab, pts in s.allied_sources().items() if lab not in f["declined"]}
        income = sum(got.values())
        s.g["collected"] = got
        s.g["income"] = income
        s.gain("allied", income, f"{len(got)} supply source(s)", f"{R} 8.1")
        s.end()


STEPS = (ReinforcementStep, Reinforce, FreeMove, Replace, Collect)
