"""Phases 2 and 4 (7.0, 10.0, 11.x): activate units to move or attack, once each per month."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.state import Result, Step
from . import units as U
from .board import EXIT_ZONES, board
from .combat import attack_cost, eligible_attackers
from .effects import move_along
from .hidden import disband_actions, handle, public_name, remove_phantom, resolve
from .movement import (
    can_motor_somewhere,
    can_step_somewhere,
    exit_options,
    in_enemy_zoc,
    motor_reach,
    motor_reach_left,
    rail_destinations,
    rail_terminals,
    tactical_reach,
    unit_mp,
)
from .steps_reinf import cancels_left
from .supply import in_supply
from .victory import exit_wins_now

if TYPE_CHECKING:
    from .game import GameState

MANTEUFFEL = "ge-5pa"


def piece(s: GameState, pid: str) -> dict[str, Any]:
    return s.g["phantoms"][pid] if pid in s.g["phantoms"] else s.g["units"][pid]


def move_is_free(s: GameState, pid: str) -> bool:
    """Free activations: 15.0 Army Group G in September, 16.0 Dietrich, 18.5 a phantom's partner."""
    p = piece(s, pid)
    return bool(p.get("free_move") or p.get("paid"))


def may_move(s: GameState, pid: str) -> bool:
    p = piece(s, pid)
    if p["moved"] or not p["hex"]:
        return False
    if pid not in s.g["phantoms"]:
        if U.base_mp(pid) == 0 or p["strat"]:
            return False
        if pid == MANTEUFFEL and s.turn == s.g["inv"].get("manteuffel_frozen"):
            return False  # 6.2 / 18.4: 5th Panzer Army cannot move in June
    return move_is_free(s, pid) or s.rp(s.side_of(pid)) >= 1


def may_strategic(s: GameState, uid: str) -> bool:
    """11.1: in supply, not in enemy ZOC, and not after an attack that left the enemy standing."""
    u = s.u(uid)
    return not u["moved"] and u["att"] != 2 and U.base_mp(uid) > 0 and in_supply(s, uid) \
        and not in_enemy_zoc(s, uid) and (move_is_free(s, uid) or s.rp(s.side_of(uid)) >= 1)


def rail_allowed(s: GameState) -> bool:
    """11.3: one rail move a month from July (in September also for the entering Army Group G units)."""
    return not s.g["rail_used"] and (s.turn >= 2 or s.turn == s.g["ag_g_turn"])


def targets(s: GameState, side: str) -> list[int]:
    """Enemy-held hexes next to a unit that may still attack (12.0)."""
    b = board()
    out = set()
    enemy = s.units_bb("allied" if side == "german" else "german")
    for uid in s.on_map(side):
        u = s.u(uid)
        if u["att"] or u["strat"] or u["over"]:
            continue
        for n in b.adj[s.hex_of(uid)]:
            if (enemy >> n) & 1:
                out.add(n)
    return sorted(out)


def affordable(s: GameState, side: str, target: int) -> bool:
    att = eligible_attackers(s, target, side)
    return bool(att) and (s.rp(side) >= 1 or any(attack_cost(s, [a]) == 0 for a in att))


class Activation(Step["GameState"]):
    name = "activation"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.g["cancels"] = 0
        s.g["phase_side"] = f["side"]

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"{s.month()}, {f['side'].capitalize()} activation ({s.rp(f['side'])} RP): move or attack, or end"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        out: list[Action] = []
        pieces = s.on_map(side) + ([p for p, v in sorted(s.g["phantoms"].items()) if v["hex"]] if side == "german"
                                   else [])
        rail = side == "german" and rail_allowed(s)
        for pid in sorted(pieces):
            h = handle(s, pid)  # 18.5: hidden pieces are named by their markers
            if may_move(s, pid):
                supplied = pid in s.g["phantoms"] or in_supply(s, pid)
                if can_step_somewhere(s, pid, unit_mp(s, pid, supplied)):
                    out.append(act("move", h))
            if pid in s.g["phantoms"]:
                continue
            if side == "allied" and may_strategic(s, pid) and can_motor_somewhere(s, pid):
                out.append(act("motor", h))
            if rail and may_strategic(s, pid) and (s.turn >= 2 or s.u(pid).get("free_move")):
                out.append(act("rail", h))
            u = s.u(pid)
            if side == "german" and s.g["rco"]["markers"] > 0 and not u["rco"] and not (u["moved"] and u["att"]) \
                    and in_supply(s, pid):
                out.append(act("surprise", h))
        b = board()
        out += [act("attack", b.label(t)) for t in targets(s, side) if affordable(s, side, t)]
        out += disband_actions(s, side)
        out.append(act("end"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        side = f["side"]
        if a.verb == "end":
            s.emit("phase_end", side=side, text=f"{side.capitalize()} activation ends")
            s.end()
        elif a.verb in ("move", "motor", "rail"):
            s.call("move_unit", unit=resolve(s, a.args[0]),
                   mode={"move": "tactical", "motor": "motor", "rail": "rail"}[a.verb])
        elif a.verb == "attack":
            s.call("attack", target=a.args[0], attackers=[], support={}, side=side)
        elif a.verb == "surprise":
            uid = resolve(s, a.args[0])
            h_public = handle(s, uid)  # 18.5: a hidden unit is named by its marker, never by its id
            s.u(uid)["rco"] = True
            s.g["rco"]["markers"] -= 1
            s.emit("surprise", unit=h_public, rule="1944 16.0",
                   text=f"RCO surprise marker on {public_name(s, uid)}: +1 MP, +1 die")
        elif a.verb == "disband":
            remove_phantom(s, resolve(s, a.args[0]), "disbanded by the German player", public=False)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb in ("move", "motor", "rail") and a.args:
            pid = resolve(s, a.args[0])
            if pid not in s.g["units"] and pid not in s.g["phantoms"]:
                return f"1944 10.0: there is no unit {pid!r}"
            if s.side_of(pid) != f["side"]:
                return f"1944 10.0: {pid} is not yours"
            p = piece(s, pid)
            if p.get("moved"):
                return f"1944 10.0: {pid} has already been activated to move this month"
            if s.rp(f["side"]) < 1 and not move_is_free(s, pid):
                return "1944 10.0: activating a unit to move costs 1 RP and you have none left"
            if a.verb == "rail" and not rail_allowed(s):
                return "1944 11.3: one rail move a month, from July"
            if a.verb in ("motor", "rail"):
                return (f"1944 11.1: {pid} may not move strategically (it must be in supply, out of enemy ZOC, "
                        "and not have attacked a unit that survived)")
            if pid == MANTEUFFEL:
                return "1944 6.2: Manteuffel's 5th Panzer Army cannot be activated for movement in June"
        if a.verb == "attack" and a.args:
            return "1944 12.0: only a hex holding an enemy unit next to one of your units that has not attacked " \
                   "this month can be attacked, and it costs 1-2 RP"
        return None


class MoveUnit(Step["GameState"]):
    """Choose where an activated unit goes (tactical, motorised or rail)."""

    name = "move_unit"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        uid = f["unit"]
        supplied = uid in s.g["phantoms"] or in_supply(s, uid)
        f["supplied"] = supplied
        f["mp"] = unit_mp(s, uid, supplied) if f["mode"] == "tactical" else 0
        f["stage"] = "via" if f["mode"] == "rail" else "dest"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return s.side_of(f["unit"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        name = U.udef(f["unit"]).short if f["unit"] in s.g["units"] else f"Phantom {f['unit']}"
        if f["mode"] == "rail":
            return f"Rail move for {name}: choose the " + ("area (nearest city)" if f["stage"] == "via" else "hex")
        if f.get("left") is not None:
            return f"{name} may move on ({f['left']} left): choose a hex or stop"
        oos = "" if f["supplied"] else " (out of supply: -1 MP)"
        return f"Move {name} ({f['mode']}, {f['mp'] if f['mode'] == 'tactical' else 'x2 hexes'}){oos}"

    def reach(self, s: GameState, f: dict[str, Any]) -> Any:
        uid = f["unit"]
        if f["mode"] == "motor":
            return motor_reach_left(s, uid, f["left"]) if f.get("left") is not None else motor_reach(s, uid)
        mp = f["left"] if f.get("left") is not None else f["mp"]
        return tactical_reach(s, uid, mp)

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        b = board()
        if f["mode"] == "rail":
            dests = rail_destinations(s, f["unit"])
            groups = rail_terminals(s, dests)
            if f["stage"] == "via":
                out = [act("via", b.label(c)) for c in sorted(groups)]
            else:
                out = [act("to", b.label(h)) for h in sorted(groups.get(b.hex(f["via"]), []))]
            if cancels_left(s) or not out:
                out.append(act("cancel"))
            return out
        r = self.reach(s, f)
        out = [act("to", b.label(h)) for h in r.ends]
        if f["mode"] == "tactical" and f.get("left") is None:
            out += [act("exit", b.label(h)) for h, _ in exit_options(s, f["unit"], r, f["mp"])]
        if f.get("left") is not None:
            out.append(act("stop"))
        elif cancels_left(s) or not out:
            out.append(act("cancel"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        uid = f["unit"]
        side = s.side_of(uid)
        b = board()
        if a.verb in ("cancel", "stop"):
            if a.verb == "cancel":
                s.g["cancels"] += 1
            s.end()
            return
        if a.verb == "via":
            f["stage"], f["via"] = "hex", a.args[0]
            return
        first = f.get("left") is None
        if first:
            self.pay(s, f)
        if f["mode"] == "rail":
            dest = b.hex(a.args[0])
            s.g["rail_used"] = True
            piece(s, uid)["strat"] = True
            move_along(s, uid, [s.hex_of(uid), dest], "1944 11.3", "moves by rail")
            s.end()
            return
        r = self.reach(s, f)
        dest = b.hex(a.args[0])
        path = r.path(dest)
        cost = r.cost[dest]
        before = {p for p, v in s.g["phantoms"].items() if v["hex"]}
        how = "motors" if f["mode"] == "motor" else "moves"
        rule = "1944 11.2" if f["mode"] == "motor" else "1944 11.0"
        if f["mode"] == "motor":
            piece(s, uid)["strat"] = True
        move_along(s, uid, path, rule, how, cost if f["mode"] == "tactical" else None)
        if a.verb == "exit":
            self.exit(s, f, dest)
            return
        budget = (f["left"] if not first else (f["mp"] if f["mode"] == "tactical" else 2 * U.base_mp(uid))) - cost
        gone = before - {p for p, v in s.g["phantoms"].items() if v["hex"]}
        if side == "allied" and gone and budget > 0:
            f["left"] = budget  # 18.5: a unit that exposes a phantom may use its remaining MP
            return
        s.end()

    def pay(self, s: GameState, f: dict[str, Any]) -> None:
        """10.0: 1 RP per activation unless free; mark the piece and its phantom partner (18.5)."""
        uid = f["unit"]
        p = piece(s, uid)
        p["moved"] = True
        if not move_is_free(s, uid):
            s.spend(s.side_of(uid), 1)
            partner = p.get("partner")
            if partner and piece(s, partner).get("entered") == s.turn and p.get("entered") == s.turn:
                piece(s, partner)["paid"] = True

    def exit(self, s: GameState, f: dict[str, Any], dest: int) -> None:
        """17.1: the army leaves the map for 1 MP from an exit zone, in supply."""
        uid = f["unit"]
        b = board()
        zone = next(k for k in EXIT_ZONES if dest in b.zone(k))
        u = s.u(uid)
        u.update({"hex": None, "box": U.EXITED})
        s.touch()
        s.g["exits"][zone].append(uid)
        s.emit("exit", unit=uid, zone=zone, hex=b.label(dest), rule="1944 17.1",
               text=f"{U.udef(uid).short} exits the map {EXIT_ZONES[zone]}")
        if exit_wins_now(s):
            s.finish(Result("allied", "sudden death",
                            f"{U.udef(uid).short} exits {EXIT_ZONES[zone]} by February 1945 (17.1)", {}))
            return
        s.end()

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb in ("to", "exit") and a.args:
            return (f"1944 11.0: {f['unit']} cannot reach {a.args[0]} (terrain, 2 MP per hex in enemy ZOC, "
                    "+1 MP across the Rhine, no ending on another unit)")
        return None
