"""Actions (onslaught 5.0-5.6, 6.x, 9.x): choosing one, activating stacks, moving, paradrops.

An action is a chain of atomic decisions: choose the type, activate a stack
(paying supply), move its divisions one at a time or declare attacks, ``done``.
The German Reserve Step (4.0) reuses the Movement action with strategic
movement only; the German free move after entry (10.2) reuses the unit move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Step
from .combat import adjacent_attackers, enemy_targets
from .hexchoice import handle_zoom, hex_actions
from .movement import bridge_hexes, moves, strategic_eligible
from .tables import PARA_RETURN, SUPPLY
from .units import UNITS

if TYPE_CHECKING:
    from .state import GameState

R = "onslaught"


def own_stacks(s: GameState, side: str, *, armor_only: bool = False) -> dict[int, list[str]]:
    """Hex -> own divisions there not yet activated this action."""
    activated = set(s.act["activated"])
    out: dict[int, list[str]] = {}
    for h, us in s.occupancy().items():
        if UNITS[us[0]].side != side:
            continue
        free = [u for u in us if u not in activated and (not armor_only or UNITS[u].armor)]
        if free:
            out[h] = free
    return out


def can_attack_somewhere(s: GameState, side: str) -> bool:
    enemy = s.side_bb("german" if side == "allied" else "allied")
    return bool(s.zoc_bb(side) & enemy)


class ChooseAction(Step["GameState"]):
    """5.1: Movement, Combat or Breakthrough — or pass."""

    name = "action"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        side = f["side"]
        s.g["phase"] = f"{side.capitalize()} action"
        if s.g["sp"][side] == 0:
            if s.options.get("emergency_supplies") and s.turn == s.last_turn() and f.get("rolled"):
                n = SUPPLY.emergency(side)
                s.g["sp"][side] = n
                f["emergency"] = n
                s.emit("emergency_supply", side=side, amount=n, rule=f"{R} 14.4",
                       text=f"{side.capitalize()} receives {n} emergency supply points for this action")
                return
            s.emit("no_supply", side=side, rule=f"{R} 4.1",
                   text=f"{side.capitalize()} wins the action but has no supply points: no action")
            s.end("pass")

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return (f"{f['side'].capitalize()} action ({s.g['sp'][f['side']]} supply points): "
                "movement, combat, breakthrough or pass")

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        sp = s.g["sp"][side]
        out = []
        if s.on_map(side) or (side == "allied" and s.in_box("para")):
            out.append(act("movement"))
        if can_attack_somewhere(s, side):
            out.append(act("combat"))
        if sp >= SUPPLY.breakthrough and any(UNITS[u].armor for u in s.on_map(side)):
            out.append(act("breakthrough"))
        out.append(act("pass"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "pass":
            s.emit("pass", side=f["side"], rule=f"{R} 5.1", text=f"{f['side'].capitalize()} passes")
            self.close(s, f)
            s.end("pass")
            return
        s.begin_action(f["side"], a.verb)
        s.act["emergency"] = f.get("emergency", 0)
        s.emit("action", side=f["side"], kind=a.verb, rule=f"{R} 5.1",
               text=f"{f['side'].capitalize()} takes a {a.verb.capitalize()} action")
        s.call(f"{a.verb}_action", side=f["side"])

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if not f.get("checked"):
            f["checked"] = True
            f["result"] = "acted" if ret else "pass"
            s.call("overstack", sides=[f["side"], "german" if f["side"] == "allied" else "allied"],
                   rule="onslaught 6.3")
            return
        self.close(s, f)
        s.end(f["result"])

    @staticmethod
    def close(s: GameState, f: dict[str, Any]) -> None:
        if f.get("emergency") and s.g["sp"][f["side"]]:
            left = s.g["sp"][f["side"]]
            s.g["sp"][f["side"]] = 0
            s.emit("emergency_lost", side=f["side"], amount=left, rule=f"{R} 14.4",
                   text=f"{left} unspent emergency supply point(s) are lost")
        s.g["act"] = None

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "breakthrough":
            return f"{R} 5.5: a Breakthrough action needs armour on the map and two supply points"
        if a.verb == "combat":
            return f"{R} 5.4: no division of yours is next to an enemy division"
        return None


class MovementAction(Step["GameState"]):
    """5.3: activate stacks one at a time (one supply point each); also paradrops (9.2).

    With ``reserve`` set this is the German Reserve Step (4.0, 5.0): strategic movement only.
    """

    name = "movement_action"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        what = "Reserve Step (strategic moves only)" if f.get("reserve") else "Movement action"
        return f"{what}: activate a stack ({s.g['sp'][f['side']]} supply points), or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        sp = s.g["sp"][side]
        out = []
        for h, us in sorted(own_stacks(s, side).items()):
            if s.activation_cost(us) > sp:
                continue
            if f.get("reserve") and not any(strategic_eligible(s, u) for u in us):
                continue
            out.append(act("activate", s.map.label(h)))
        if side == "allied" and not f.get("reserve") and sp >= SUPPLY.paradrop:
            out += [act("drop", u) for u in s.in_box("para", "allied")]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        side = f["side"]
        if a.verb == "done":
            s.end(s.act["any"])
            return
        if a.verb == "drop":
            s.call("paradrop", unit=a.args[0], zoom=None)
            return
        h = s.map.index[a.args[0]]
        units = own_stacks(s, side)[h]
        bridges = bridge_hexes(s, side)
        s.activate(units, f"activate the stack at {a.args[0]} to move")
        s.call("stack_move", hex=a.args[0], units=units, bridges=bridges, strategic_only=bool(f.get("reserve")),
               pickup=side == "allied" and not f.get("reserve"))

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "activate":
            return (f"{R} 5.2: a stack of your divisions not yet activated this action, and a supply point to "
                    f"pay for it" + (" (Reserve Step: strategic movement only, 6.4)" if f.get("reserve") else ""))
        if a.verb == "drop":
            return f"{R} 9.2: only a paratroop division in the Paratroop box can drop, for one supply point"
        return None


class StackMove(Step["GameState"]):
    """6.1: the activated stack's divisions move one at a time, in any order, or stay."""

    name = "stack_move"

    def movable(self, s: GameState, f: dict[str, Any]) -> list[str]:
        out = []
        for u in f["units"]:
            mv = moves(s, u, oos=u in s.act["oos"], bridges=f["bridges"], normal=not f["strategic_only"])
            if mv.ends():
                out.append(u)
        return out

    def pickups(self, s: GameState, f: dict[str, Any]) -> list[str]:
        """9.1: a full-strength Allied paratroop division not in enemy ZOC may be picked up."""
        if not f["pickup"]:
            return []
        gz = s.zoc_bb("german")
        out = []
        for u in f["units"]:
            h = s.hex_of(u)
            if UNITS[u].allied_para and s.unit(u)["full"] and h is not None and not (gz >> h) & 1:
                out.append(u)
        return out

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Stack at {f['hex']}: move a division, or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("move", u) for u in self.movable(s, f)]
        out += [act("pickup", u) for u in self.pickups(s, f)]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            s.end()
            return
        uid = a.args[0]
        if a.verb == "pickup":
            back = s.turn + PARA_RETURN
            s.remove_from_map(uid, "track")
            s.unit(uid)["back"] = back
            s.emit("pickup", unit=uid, back=back, side="allied", rule=f"{R} 9.1",
                   text=f"{UNITS[uid].name} is picked up; it returns to the Paratroop box on turn {back}")
            f["units"].remove(uid)
            if not f["units"]:
                s.end()
            return
        s.call("move_unit", unit=uid, oos=uid in s.act["oos"], bridges=f["bridges"],
               normal=not f["strategic_only"], zoom=None)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["units"].remove(ret)
        if not f["units"]:
            s.end()


class MoveUnit(Step["GameState"]):
    """Choose one division's destination among its normal and strategic moves (6.1, 6.4, 6.5)."""

    name = "move_unit"

    def mv(self, s: GameState, f: dict[str, Any]) -> Any:
        return moves(s, f["unit"], oos=f["oos"], bridges=f["bridges"], normal=f["normal"])

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return UNITS[f["unit"]].side

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Move {UNITS[f['unit']].name}: choose a destination"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return hex_actions(s, f, self.mv(s, f).ends(), "to") + [act("cancel")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if handle_zoom(s, f, a):
            return
        if a.verb == "cancel":
            s.end(None)
            return
        uid = f["unit"]
        mv = self.mv(s, f)
        dest = s.map.index[a.args[0]]
        path = mv.path(dest)
        mode = mv.mode(dest)
        labels = [s.map.label(h) for h in path]
        s.enter(uid, path[1:])
        s.emit("move", unit=uid, path=labels, cost=mv.cost(dest), mode=mode, hex=a.args[0],
               rule=f"{R} 6.4" if mode == "strategic" else f"{R} 6.1",
               text=f"{UNITS[uid].name} moves {labels[0]} → {labels[-1]}"
                    + (" (strategic movement)" if mode == "strategic" else ""))
        s.end(uid)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and a.args:
            return (f"{R} 6.1-6.5: {UNITS[f['unit']].name} cannot reach {a.args[0]} now (movement allowance, "
                    "enemy ZOC, major waterways, strategic distance)")
        return None


class Paradrop(Step["GameState"]):
    """9.2: a division in the Paratroop box lands in any hex free of German divisions (one supply point)."""

    name = "paradrop"

    def cands(self, s: GameState) -> list[int]:
        return bits(s.board.land & ~s.side_bb("german"))

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Paradrop {UNITS[f['unit']].name}: choose the landing hex"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return hex_actions(s, f, self.cands(s), "at") + [act("cancel")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if handle_zoom(s, f, a):
            return
        if a.verb == "cancel":
            s.end()
            return
        uid = f["unit"]
        s.pay("allied", SUPPLY.paradrop, f"paradrop of {UNITS[uid].name}", f"{R} 9.2")
        s.enter(uid, [s.map.index[a.args[0]]])
        s.act["activated"].append(uid)
        s.act["any"] = True
        s.emit("paradrop", unit=uid, hex=a.args[0], side="allied", rule=f"{R} 9.2",
               text=f"{UNITS[uid].name} drops at {a.args[0]}")
        s.end()


class CombatAction(Step["GameState"]):
    """5.4: attack enemy stacks one at a time with adjacent divisions; any number of attacks."""

    name = "combat_action"

    def targets(self, s: GameState, side: str) -> list[int]:
        a = s.act
        sp = s.g["sp"][side]
        attacked = set(a["attacked"])
        activated = set(a["activated"])
        ready = []
        for us in s.occupancy().values():
            if UNITS[us[0]].side != side:
                continue
            free = [u for u in us if u not in attacked]
            if not free:
                continue
            new = [u for u in us if u not in activated]
            if any(u in activated for u in free) or (new and s.activation_cost(new) <= sp):
                ready += free
        return enemy_targets(s, side, ready)

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Combat action ({s.g['sp'][f['side']]} supply points): choose an enemy stack to attack, or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("attack", s.map.label(h)) for h in self.targets(s, f["side"])]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            s.end(s.act["any"])
            return
        s.call("attack", target=a.args[0], attackers=[], pool=None)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "attack":
            return f"{R} 5.4, 7.0: attack an enemy stack next to divisions that have not attacked this action"
        return None


class BreakthroughAction(Step["GameState"]):
    """5.5: activate armour stacks one at a time (two supply points each) to move and attack."""

    name = "breakthrough_action"

    def options(self, s: GameState, side: str) -> list[tuple[int, str | None, list[str]]]:
        out: list[tuple[int, str | None, list[str]]] = []
        if s.g["sp"][side] < SUPPLY.breakthrough:
            return out
        for h, armor in sorted(own_stacks(s, side, armor_only=True).items()):
            camps = sorted({c for u in armor if (c := UNITS[u].camp)})
            if s.options.get("allied_cooperation") and len(camps) > 1:
                for c in camps:  # 14.1: Commonwealth and US/French armour activate separately
                    out.append((h, c, [u for u in armor if UNITS[u].camp in (c, None)]))
            else:
                out.append((h, None, armor))
        return out

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Breakthrough action ({s.g['sp'][f['side']]} supply points): activate an armour stack, or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("activate", s.map.label(h), *([c] if c else [])) for h, c, _ in self.options(s, f["side"])]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        side = f["side"]
        if a.verb == "done":
            s.end(s.act["any"])
            return
        h = s.map.index[a.args[0]]
        camp = a.args[1] if len(a.args) > 1 else None
        armor = next(us for hh, c, us in self.options(s, side) if hh == h and c == camp)
        infantry: list[str] = []
        if s.options.get("infantry_breakthrough"):
            activated = set(s.act["activated"])
            infantry = [u for u in s.at(h) if not UNITS[u].armor and u not in activated]
        bridges = bridge_hexes(s, side)
        s.activate(armor, f"activate the armour at {a.args[0]} for breakthrough", breakthrough=True)
        s.call("breakthrough_stack", hex=a.args[0], armor=armor, infantry=infantry, order=None, attacked=False,
               moved=[], bridges=bridges)

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "activate":
            return f"{R} 5.5: only armour not yet activated this action, for two supply points"
        return None


class BreakthroughStack(Step["GameState"]):
    """5.5: the activated armour moves then attacks, or attacks then moves; one attack (errata)."""

    name = "breakthrough_stack"

    def can_move(self, f: dict[str, Any]) -> bool:
        return (f["order"] in (None, "move") and not f["attacked"]) or (f["order"] == "attack" and f["attacked"])

    def movers(self, s: GameState, f: dict[str, Any]) -> list[str]:
        if not self.can_move(f):
            return []
        out = []
        for u in f["armor"]:
            if u in f["moved"] or s.unit(u)["hex"] is None:
                continue
            if moves(s, u, oos=u in s.act["oos"], bridges=f["bridges"]).ends():
                out.append(u)
        return out

    def pool(self, s: GameState, f: dict[str, Any]) -> list[str]:
        live = [u for u in f["armor"] if s.unit(u)["hex"] is not None]
        if f["order"] is None:  # 14.3: infantry joins only when the armour attacks before moving
            live += [u for u in f["infantry"] if s.unit(u)["hex"] is not None]
        return live

    def targets(self, s: GameState, f: dict[str, Any]) -> list[int]:
        if f["attacked"] or f["order"] == "attack":
            return []
        side = s.act["side"]
        pool = self.pool(s, f)
        return [t for t in enemy_targets(s, side, pool) if any(u in pool for u in adjacent_attackers(s, t, side))]

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Breakthrough with the armour from {f['hex']}: move, attack, or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("move", u) for u in self.movers(s, f)]
        out += [act("attack", s.map.label(t)) for t in self.targets(s, f)]
        out.append(act("done"))
        return out

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "done":
            s.end()
            return
        if a.verb == "move":
            f["pending"] = "move"
            s.call("move_unit", unit=a.args[0], oos=a.args[0] in s.act["oos"], bridges=f["bridges"], normal=True,
                   zoom=None)
            return
        f["pending"] = "attack"
        s.call("attack", target=a.args[0], attackers=[], pool=self.pool(s, f))

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        what = f.pop("pending", None)
        if what == "move" and ret:
            f["moved"].append(ret)
            f["order"] = f["order"] or "move"
        elif what == "attack" and ret:
            f["attacked"] = True
            f["order"] = f["order"] or "attack"
        if not self.actions(s, f)[:-1]:
            s.end()


STEPS = (ChooseAction, MovementAction, StackMove, MoveUnit, Paradrop, CombatAction, BreakthroughAction,
         BreakthroughStack)
