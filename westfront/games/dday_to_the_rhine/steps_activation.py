"""Phases 2 and 4 (7.0, 10.0, 11.x): activate units to move or attack, once each per month."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Result, Step
from . import units as U
from .board import EXIT_ZONES, board
from .combat import affordable, targets
from .effects import move_along
from .hidden import disband_actions, handle, public_name, remove_phantom, resolve
from .movement import (
    MANTEUFFEL,
    PHANTOM_MP,
    can_motor_somewhere,
    can_step_somewhere,
    exit_options,
    move_is_free,
    move_reach,
    rail_allowed,
    rail_area_hex,
    rail_area_name,
    rail_destinations,
    rail_terminals,
    route_points,
    unit_mp,
)
from .position import Position
from .supply import in_supply, supply_map
from .victory import exit_wins_now

MOVE_MODES = {"move": "tactical", "motor": "motor", "rail": "rail"}


class Activation(Step[Position]):
    """10.0: the phasing player activates units one at a time (1 RP each) to move or attack, then ends.

    Frame: ``side``."""

    name = "activation"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        s.g["phase_side"] = f["side"]

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"{s.month()}, {f['side'].capitalize()} activation ({s.rp(f['side'])} RP): move or attack, or end"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        """The activation list, piece by piece: the tests of ``may_move``, ``in_supply``, ``unit_mp`` and
        ``may_strategic`` read from one pass over the piece's record (the list is rebuilt after every
        move; the searches behind it, ``can_step_somewhere``/``can_motor_somewhere``, are local facts)."""
        side = f["side"]
        g = s.g
        units, phantoms = g["units"], g["phantoms"]
        out: list[Action] = []
        pieces = s.on_map(side) + ([p for p, v in phantoms.items() if v["hex"]] if side == "german" else [])
        rail = side == "german" and rail_allowed(s)
        b = board()
        index = b.m.index
        area = supply_map(s, side).area
        ezoc = s.enemy_zoc_bb(side)
        rp_ok = s.rp(side) >= 1
        frozen = MANTEUFFEL if s.turn == g["inv"].get("manteuffel_frozen") else None
        surprise = side == "german" and g["rco"]["markers"] > 0
        allied = side == "allied"
        turn2 = s.turn >= 2
        coastal_forts = b.fortress_bb & b.coast_bb
        memo = s.memo
        mps = U.base_mps()
        for pid in sorted(pieces):
            if pid in phantoms:
                h = handle(s, pid)  # 18.5: hidden pieces are named by their markers
                p = phantoms[pid]
                if not p["moved"] and (p.get("free_move") or p.get("paid") or rp_ok) \
                        and can_step_somewhere(s, pid, PHANTOM_MP):
                    out.append(act("move", h))
                continue
            u = units[pid]
            h = u.get("hid") or pid  # ``handle``
            i = index[u["hex"]]
            # in_supply (13.0; 8.0: coastal fortress garrisons are never out of supply)
            supplied = bool((area >> i) & 1) or (not allied and bool((coastal_forts >> i) & 1)
                                                 and s.is_fortress_unit(pid))
            mp = mps[pid]
            paid = bool(u.get("free_move") or u.get("paid")) or rp_ok
            if not u["moved"] and mp and paid:
                # may_move (6.2 / 18.4: not Manteuffel in June); unit_mp: -1 out of supply, +1 RCO (10.0, 16.0)
                if not u["strat"] and pid != frozen:
                    step_mp = mp - (not supplied) + (1 if u["rco"] else 0)
                    if step_mp < 0:
                        step_mp = 0
                    ok = memo.get(("can_step", pid, step_mp, i))  # the memo hits of ``can_step_somewhere``:
                    if ok is None:  # its own fact, then the first-step test it asks first
                        ok = step_mp > 0 and memo.get(("step_open", side, step_mp, i))
                        if not ok:
                            ok = can_step_somewhere(s, pid, step_mp)
                    if ok:
                        out.append(act("move", h))
                # may_strategic (11.1): in supply, out of enemy ZOC, not after an attack that failed
                if (allied or rail) and supplied and u["attacked"] != "held" and not (ezoc >> i) & 1:
                    if allied:
                        ok = memo.get(("can_motor", pid, i))  # as above: ``can_motor_somewhere``'s hits
                        if ok is None:
                            ok = memo.get(("motor_open", i))
                            if not ok:
                                ok = can_motor_somewhere(s, pid)
                        if ok:
                            out.append(act("motor", h))
                    elif turn2 or u.get("free_move"):
                        out.append(act("rail", h))
            if surprise and not u["rco"] and not (u["moved"] and u["attacked"]) and supplied:
                out.append(act("surprise", h))
        # every target has an eligible attacker (the same test picks both), so with 1 RP left each is affordable
        attack = b.hex_actions("attack")
        out += [attack[t] for t in targets(s, side) if rp_ok or affordable(s, side, t)]
        out += disband_actions(s, side)
        out.append(act("end"))
        return out

    def on_end(self, s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        s.emit("phase_end", side=side, text=f"{side.capitalize()} activation ends")
        s.end()

    def on_move(self, s: Position, f: dict[str, Any], token: str) -> None:
        """11.0: a tactical move."""
        s.call("move_unit", unit=resolve(s, token), mode="tactical")

    def on_motor(self, s: Position, f: dict[str, Any], token: str) -> None:
        """11.2: an Allied motorised (strategic) move."""
        s.call("move_unit", unit=resolve(s, token), mode="motor")

    def on_rail(self, s: Position, f: dict[str, Any], token: str) -> None:
        """11.3: the month's German rail move."""
        s.call("move_unit", unit=resolve(s, token), mode="rail")

    def on_attack(self, s: Position, f: dict[str, Any], target: str) -> None:
        s.call("attack", target=target, attackers=[], support={}, side=f["side"])

    def on_surprise(self, s: Position, f: dict[str, Any], token: str) -> None:
        """16.0: an RCO surprise marker gives a unit +1 MP and +1 die this month."""
        uid = resolve(s, token)
        h_public = handle(s, uid)  # 18.5: a hidden unit is named by its marker, never by its id
        s.set_fields(uid, rco=True)
        s.mut("rco")["markers"] -= 1
        s.emit("surprise", unit=h_public, rule=s.rule("16.0"),
               text=f"RCO surprise marker on {public_name(s, uid)}: +1 MP, +1 die")

    def on_disband(self, s: Position, f: dict[str, Any], token: str) -> None:
        remove_phantom(s, resolve(s, token), "disbanded by the German player", public=False)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb in MOVE_MODES and a.args:
            pid = resolve(s, a.args[0])
            if pid not in s.g["units"] and pid not in s.g["phantoms"]:
                return f"{s.rule('10.0')}: there is no unit {pid!r}"
            if s.side_of(pid) != f["side"]:
                return f"{s.rule('10.0')}: {pid} is not yours"
            if s.piece(pid).get("moved"):
                return f"{s.rule('10.0')}: {pid} has already been activated to move this month"
            if s.rp(f["side"]) < 1 and not move_is_free(s, pid):
                return f"{s.rule('10.0')}: activating a unit to move costs 1 RP and you have none left"
            if a.verb == "rail" and not rail_allowed(s):
                return f"{s.rule('11.3')}: one rail move a month, from July"
            if a.verb in ("motor", "rail"):
                return (f"{s.rule('11.1')}: {pid} may not move strategically (it must be in supply, out of enemy "
                        "ZOC, and not have attacked a unit that survived)")
            if pid == MANTEUFFEL:
                return f"{s.rule('6.2')}: Manteuffel's 5th Panzer Army cannot be activated for movement in June"
        if a.verb == "attack" and a.args:
            return (f"{s.rule('12.0')}: only a hex holding an enemy unit next to one of your units that has not "
                    "attacked this month can be attacked, and it costs 1-2 RP")
        return None


class MoveUnit(Step[Position]):
    """Choose where an activated unit goes (tactical, motorised or rail).

    Frame: ``unit``, ``mode`` (tactical/motor/rail), ``supplied``, ``mp``, ``stage`` (rail: "via" then "hex"),
    ``via`` (the rail area chosen), ``left`` (MP or hexes left after exposing a phantom, 18.5)."""

    name = "move_unit"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        uid = f["unit"]
        supplied = s.is_phantom(uid) or in_supply(s, uid)
        f["supplied"] = supplied
        f["mp"] = unit_mp(s, uid, supplied) if f["mode"] == "tactical" else 0
        f["stage"] = "via" if f["mode"] == "rail" else "dest"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return s.side_of(f["unit"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        name = U.udef(f["unit"]).short if f["unit"] in s.g["units"] else f"Phantom {f['unit']}"
        if f["mode"] == "rail":
            if f["stage"] == "via":
                return f"Rail move for {name}: choose the area (nearest city)"
            near = rail_area_hex(f["via"])
            return f"Rail move for {name}: choose the hex near {board().name_of(near) if near is not None else f['via']}"
        if f.get("left") is not None:
            return f"{name} may move on ({f['left']} left): choose a hex or stop"
        oos = "" if f["supplied"] else " (out of supply: -1 MP)"
        return f"Move {name} ({f['mode']}, {f['mp'] if f['mode'] == 'tactical' else 'x2 hexes'}){oos}"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        b = board()
        if f["mode"] == "rail":
            dests = rail_destinations(s, f["unit"])
            groups = rail_terminals(s, dests)
            if f["stage"] == "via":
                out = [act("via", rail_area_name(c)) for c in sorted(groups)]
            else:
                near = rail_area_hex(f["via"])
                out = [act("to", b.label(h)) for h in sorted(groups.get(near, []) if near is not None else [])]
            return [*out, act("cancel")]
        r = move_reach(s, f)
        to = b.hex_actions("to")
        out = [to[h] for h in r.ends]
        through = b.hex_actions("through")
        out += [through[h] for h in route_points(s, f["unit"], r, self.budget(s, f))]
        if f["mode"] == "tactical":
            out += [act("exit", b.label(h)) for h, _ in exit_options(s, f["unit"], r, self.budget(s, f))]
        if f.get("left") is not None:
            out.append(act("stop"))
        else:
            out.append(act("cancel"))  # a started move can always be backed out of
        return out

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_stop(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_via(self, s: Position, f: dict[str, Any], label: str) -> None:
        f["stage"], f["via"] = "hex", label

    def on_to(self, s: Position, f: dict[str, Any], label: str) -> None:
        if f["mode"] == "rail":
            self.pay(s, f)
            self.rail(s, f, board().hex(label))
        else:
            self.move(s, f, label, leaving=False)

    def on_through(self, s: Position, f: dict[str, Any], label: str) -> None:
        """14.0, 11.2, 18.5: the route matters — go to this hex, then move on (or stop) with what is left."""
        self.move(s, f, label, leaving=False, onward=True)

    def on_exit(self, s: Position, f: dict[str, Any], label: str) -> None:
        """17.1: move to an exit-zone hex and leave the map."""
        self.move(s, f, label, leaving=True)

    @staticmethod
    def budget(s: Position, f: dict[str, Any]) -> int:
        """MP (tactical) or hexes (motorised, 11.2) the unit still has for this move."""
        if f.get("left") is not None:
            return int(f["left"])
        return int(f["mp"]) if f["mode"] == "tactical" else 2 * U.base_mp(f["unit"])

    def rail(self, s: Position, f: dict[str, Any], dest: int) -> None:
        """11.3: rail to any reachable destination; it counts as a strategic move."""
        uid = f["unit"]
        s.g["rail_used"] = True
        s.set_fields(uid, strat=True)
        move_along(s, uid, [s.hex_of(uid), dest], s.rule("11.3"), "moves by rail")
        s.end()

    def move(self, s: Position, f: dict[str, Any], label: str, leaving: bool, onward: bool = False) -> None:
        uid = f["unit"]
        budget = self.budget(s, f)
        if f.get("left") is None:
            self.pay(s, f)
        r = move_reach(s, f)
        dest = board().hex(label)
        path = r.path(dest)
        cost = r.cost[dest]
        before = {p for p, v in s.g["phantoms"].items() if v["hex"]}
        how = "motors" if f["mode"] == "motor" else "moves"
        rule = s.rule("11.2") if f["mode"] == "motor" else s.rule("11.0")
        if f["mode"] == "motor":
            s.set_fields(uid, strat=True)
        move_along(s, uid, path, rule, how, cost if f["mode"] == "tactical" else None)
        if leaving:
            self.exit(s, f, dest)
            return
        budget -= cost
        gone = before - {p for p, v in s.g["phantoms"].items() if v["hex"]}
        if budget > 0 and (onward or (s.side_of(uid) == "allied" and gone)):
            f["left"] = budget  # a waypoint, or 18.5: a unit that exposes a phantom may use its remaining MP
            return
        s.end()

    def pay(self, s: Position, f: dict[str, Any]) -> None:
        """10.0: 1 RP per activation unless free; mark the piece and its phantom partner (18.5)."""
        uid = f["unit"]
        s.set_fields(uid, moved=True)
        p = s.piece(uid)
        if not move_is_free(s, uid):
            s.spend(s.side_of(uid), 1)
            partner = p.get("partner")
            if partner and s.piece(partner).get("entered") == s.turn and p.get("entered") == s.turn:
                s.set_fields(partner, paid=True)

    def exit(self, s: Position, f: dict[str, Any], dest: int) -> None:
        """17.1: the army leaves the map for 1 MP from an exit zone, in supply."""
        uid = f["unit"]
        b = board()
        zone = next(k for k in EXIT_ZONES if dest in b.zone(k))
        s.remove_piece(uid, U.EXITED)
        s.forget()
        s.mut("exits")[zone].append(uid)
        s.emit("exit", unit=uid, zone=zone, hex=b.label(dest), rule=s.rule("17.1"),
               text=f"{U.udef(uid).short} exits the map {EXIT_ZONES[zone]}")
        if exit_wins_now(s):
            s.finish(Result("allied", "sudden death",
                            f"{U.udef(uid).short} exits {EXIT_ZONES[zone]} by February 1945 (17.1)", {}))
            return
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "via" and a.args:
            return (f"{s.rule('11.3')}: {a.args[0]} names no rail area now: choose the city nearest the "
                    "destination among those offered (German-held, reachable by rail)")
        if a.verb in ("to", "exit", "through") and a.args:
            return (f"{s.rule('11.0')}: {f['unit']} cannot reach {a.args[0]} (terrain, 2 MP per hex in enemy ZOC, "
                    "+1 MP across the Rhine, no ending on another unit)")
        return None
