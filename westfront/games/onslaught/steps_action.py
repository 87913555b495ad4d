"""Actions (onslaught 5.0-5.6, 6.x, 9.x): choosing one, activating stacks, moving, paradrops.

An action is a chain of atomic decisions: choose the type, activate a stack
(paying supply), move its divisions one at a time or declare attacks, ``done``.
The German Reserve Step (4.0) reuses the Movement action with strategic
movement only; the German free move after entry (10.2) reuses the unit move.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Step
from .activation import (
    activate,
    activation_cost,
    breakthrough_infantry,
    breakthrough_targets,
    can_attack_somewhere,
    own_stacks,
    pickups,
    stack_use,
)
from .combat import enemy_targets
from .data import PARA_RETURN, STACK_LIMIT, SUPPLY, UNITS, other
from .hexchoice import ZoomedHexChoice
from .movement import Moves, bridge_hexes, can_move, moves
from .position import Position


class ChooseAction(Step[Position]):
    """5.1: Movement, Combat or Breakthrough — or pass."""

    name = "action"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        s.g["phase"] = f"{side.capitalize()} action"
        if s.supply_points(side) == 0:
            if s.options.get("emergency_supplies") and s.turn == s.last_turn() and f.get("rolled"):
                n = SUPPLY.emergency(side)
                s.mut("supply_points")[side] = n
                f["emergency"] = n
                s.emit("emergency_supply", side=side, amount=n, rule=s.rule("14.4"),
                       text=f"{side.capitalize()} receives {n} emergency supply points for this action")
                return
            s.emit("no_supply", side=side, rule=s.rule("4.1"),
                   text=f"{side.capitalize()} wins the action but has no supply points: no action")
            s.end("pass")

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        verbs = [a.verb for a in self.actions(s, f)]  # only the legal ones: no "breakthrough" without one
        listed = ", ".join(verbs[:-1]) + (" or " if len(verbs) > 1 else "") + verbs[-1]
        return f"{f['side'].capitalize()} action ({s.supply_points(f['side'])} supply points): {listed}"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        """5.1-5.5: a type of action only when some stack could act in it (5.2: a supply point is paid only
        for a stack that moves or attacks); choosing one with nothing to do would just be a pass."""
        side = f["side"]
        out = []
        if MovementAction.activations(s, side, reserve=False) or MovementAction.drops(s, side, reserve=False):
            out.append(act("movement"))
        if can_attack_somewhere(s, side) and CombatAction.targets(s, side):
            out.append(act("combat"))
        if BreakthroughAction.options(s, side):
            out.append(act("breakthrough"))
        out.append(act("pass"))
        return out

    def on_pass(self, s: Position, f: dict[str, Any]) -> None:
        s.emit("pass", side=f["side"], rule=s.rule("5.1"), text=f"{f['side'].capitalize()} passes")
        self.close(s, f)
        s.end("pass")

    def on_movement(self, s: Position, f: dict[str, Any]) -> None:
        self.start(s, f, "movement")

    def on_combat(self, s: Position, f: dict[str, Any]) -> None:
        self.start(s, f, "combat")

    def on_breakthrough(self, s: Position, f: dict[str, Any]) -> None:
        self.start(s, f, "breakthrough")

    def start(self, s: Position, f: dict[str, Any], kind: str) -> None:
        s.begin_action(f["side"], kind)
        s.edit_act()["emergency"] = f.get("emergency", 0)
        s.emit("action", side=f["side"], kind=kind, rule=s.rule("5.1"),
               text=f"{f['side'].capitalize()} takes a {kind.capitalize()} action")
        s.call(f"{kind}_action", side=f["side"])

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if not f.get("checked"):  # 6.3: stacking is checked at the end of every action
            f["checked"] = True
            f["result"] = "acted" if ret else "pass"
            s.call("overstack", sides=[f["side"], other(f["side"])], rule=s.rule("6.3"))
            return
        self.close(s, f)
        s.end(f["result"])

    @staticmethod
    def close(s: Position, f: dict[str, Any]) -> None:
        """14.4: unspent emergency points are lost when the action ends."""
        side = f["side"]
        if f.get("emergency") and s.supply_points(side):
            left = s.supply_points(side)
            s.mut("supply_points")[side] = 0
            s.emit("emergency_lost", side=side, amount=left, rule=s.rule("14.4"),
                   text=f"{left} unspent emergency supply point(s) are lost")
        s.end_action()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        side = f["side"]
        if a.verb == "breakthrough":
            if s.supply_points(side) < SUPPLY.breakthrough or not any(UNITS[u].armor for u in s.on_map(side)):
                return f"{s.rule('5.5')}: a Breakthrough action needs armour on the map and two supply points"
            return (f"{s.rule('5.2')}, 5.5: none of your armour stacks could move or attack, so a Breakthrough "
                    "action could only waste supply points")
        if a.verb == "combat":
            if not can_attack_somewhere(s, side):
                return f"{s.rule('5.4')}: no division of yours is next to an enemy division"
            return (f"{s.rule('5.2')}, 5.4: no stack next to an enemy division can be activated "
                    f"({s.supply_points(side)} supply points)")
        if a.verb == "movement":
            return (f"{s.rule('5.2')}, 5.3: none of your stacks could move (or be picked up, 9.1) for the "
                    f"supply points you have ({s.supply_points(side)}), and no paratroops can drop (9.2)")
        return None


class MovementAction(Step[Position]):
    """5.3: activate stacks one at a time (one supply point each); also paradrops (9.2).

    With ``reserve`` set this is the German Reserve Step (4.0, 5.0): strategic movement only.
    """

    name = "movement_action"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        what = "Reserve Step (strategic moves only)" if f.get("reserve") else "Movement action"
        return f"{what}: activate a stack ({s.supply_points(f['side'])} supply points), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        reserve = bool(f.get("reserve"))
        out = [act("activate", s.map.label(h)) for h in self.activations(s, side, reserve)]
        out += [act("drop", u) for u in self.drops(s, side, reserve)]
        out.append(act("done"))
        return out

    @staticmethod
    def activations(s: Position, side: str, reserve: bool) -> list[int]:
        """Hexes of the stacks worth activating: affordable (5.2) and able to do something (5.2, 5.3: a
        point is paid for a stack that moves; 9.1: or an Allied paratroop pick-up; 4.0, 6.4, 8.6: in the
        Reserve Step, a strategic move, so a stack out of supply is never worth it)."""
        points = s.supply_points(side)
        kind = "reserve" if reserve else "movement"
        return [h for h, us in sorted(own_stacks(s, side).items())
                if activation_cost(s, us) <= points and not stack_use(s, side, h, us, kind).nothing]

    @staticmethod
    def drops(s: Position, side: str, reserve: bool) -> list[str]:
        """9.2: Allied paratroops in their box may drop in a Movement action, for one supply point."""
        if side != "allied" or reserve or s.supply_points(side) < SUPPLY.paradrop:
            return []
        return list(s.in_box("para", "allied"))

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end(s.act["acted"])

    def on_drop(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.call("paradrop", unit=uid, zoom=None)

    def on_activate(self, s: Position, f: dict[str, Any], label: str) -> None:
        side = f["side"]
        units = own_stacks(s, side)[s.map.index[label]]
        bridges = bridge_hexes(s, side)
        activate(s, units, f"activate the stack at {label} to move")
        s.call("stack_move", hex=label, units=units, bridges=bridges, strategic_only=bool(f.get("reserve")),
               pickup=side == "allied" and not f.get("reserve"))

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "activate":
            return activate_refusal(s, f["side"], a, "reserve" if f.get("reserve") else "movement")
        if a.verb == "drop":
            return f"{s.rule('9.2')}: only a paratroop division in the Paratroop box can drop, for one supply point"
        return None


def activate_refusal(s: Position, side: str, a: Action, kind: str) -> str:
    """Why ``activate HEX [camp]`` is refused, naming the actual cause (5.2, 5.5, 14.1; 4.0 Reserve Step)."""
    label = a.args[0] if a.args else "?"
    h = s.map.index.get(label)
    armour = kind == "breakthrough"
    what = "armour" if armour else "divisions"
    stack = own_stacks(s, side, armor_only=armour).get(h, []) if h is not None else []
    if not stack:
        return f"{s.rule('5.5' if armour else '5.2')}: no {what} of yours at {label} not yet activated this action"
    if armour and len(a.args) > 1:
        stack = [u for u in stack if UNITS[u].camp in (a.args[1], None)]
    cost = activation_cost(s, stack, breakthrough=armour)
    if cost > s.supply_points(side):
        return (f"{s.rule('5.5' if armour else '5.2')}: activating the {what} at {label} costs {cost} supply "
                f"point(s); you have {s.supply_points(side)}")
    assert h is not None
    use = stack_use(s, side, h, stack, kind)
    if use.nothing:
        return (f"{s.rule('5.2')}, {'5.5' if armour else '4.0' if kind == 'reserve' else '5.3'}: the stack at "
                f"{label} could do nothing, so its supply point(s) would be wasted: {use.why_nothing()}")
    return f"{s.rule('5.5' if armour else '5.2')}: the {what} at {label} cannot be activated that way now"


class StackMove(Step[Position]):
    """6.1: the activated stack's divisions move one at a time, in any order, or stay."""

    name = "stack_move"

    def movable(self, s: Position, f: dict[str, Any]) -> list[str]:
        out = []
        for u in f["units"]:
            if can_move(s, u, oos=u in s.act["out_of_supply"], bridges=f["bridges"], normal=not f["strategic_only"]):
                out.append(u)
        return out

    def pickups(self, s: Position, f: dict[str, Any]) -> list[str]:
        """9.1: a full-strength Allied paratroop division not in enemy ZOC may be picked up."""
        return pickups(s, f["units"]) if f["pickup"] else []

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Stack at {f['hex']}: move a division, or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("move", u) for u in self.movable(s, f)]
        out += [act("pickup", u) for u in self.pickups(s, f)]
        out.append(act("done"))
        return out

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_pickup(self, s: Position, f: dict[str, Any], uid: str) -> None:
        back = s.turn + PARA_RETURN
        s.remove_from_map(uid, "track")
        s.edit_unit(uid)["return_turn"] = back
        s.emit("pickup", unit=uid, back=back, side="allied", rule=s.rule("9.1"),
               text=f"{UNITS[uid].name} is picked up; it returns to the Paratroop box on turn {back}")
        f["units"].remove(uid)
        if not f["units"]:
            s.end()

    def on_move(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.call("move_unit", unit=uid, oos=uid in s.act["out_of_supply"], bridges=f["bridges"],
               normal=not f["strategic_only"], zoom=None)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["units"].remove(ret)
        if not f["units"]:
            s.end()


class MoveUnit(ZoomedHexChoice):
    """Choose one division's destination among its normal and strategic moves (6.1, 6.4, 6.5).

    Frame: ``unit``, ``oos`` (out of supply when activated: one hex, 8.6), ``bridges`` (6.5),
    ``normal`` (False in the Reserve Step: strategic only), ``zoom``."""

    name = "move_unit"

    def mv(self, s: Position, f: dict[str, Any]) -> Moves:
        return moves(s, f["unit"], oos=f["oos"], bridges=f["bridges"], normal=f["normal"])

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return UNITS[f["unit"]].side

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Move {UNITS[f['unit']].name}: choose a destination"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return self.hex_list(s, f, self.mv(s, f).ends(), "to") + [act("cancel")]

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.end(None)

    def on_to(self, s: Position, f: dict[str, Any], label: str) -> None:
        uid = f["unit"]
        mv = self.mv(s, f)
        dest = s.map.index[label]
        path = mv.path(dest)
        mode = mv.mode(dest)
        labels = [s.map.label(h) for h in path]
        s.enter(uid, path[1:])
        s.emit("move", unit=uid, path=labels, cost=mv.cost(dest), mode=mode, hex=label,
               rule=s.rule("6.4") if mode == "strategic" else s.rule("6.1"),
               text=f"{UNITS[uid].name} moves {labels[0]} → {labels[-1]}"
                    + (" (strategic movement)" if mode == "strategic" else ""))
        s.end(uid)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and a.args:
            return (f"{s.rule('6.1')}-6.5: {UNITS[f['unit']].name} cannot reach {a.args[0]} now (movement allowance, "
                    "enemy ZOC, major waterways, strategic distance)")
        return None


class Paradrop(ZoomedHexChoice):
    """9.2: a division in the Paratroop box lands in any hex free of German divisions (one supply point)."""

    name = "paradrop"

    def cands(self, s: Position) -> list[int]:
        return bits(s.board.land & ~s.side_bb("german"))

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Paradrop {UNITS[f['unit']].name}: choose the landing hex"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return self.hex_list(s, f, self.cands(s), "at") + [act("cancel")]

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_at(self, s: Position, f: dict[str, Any], label: str) -> None:
        uid = f["unit"]
        s.pay("allied", SUPPLY.paradrop, f"paradrop of {UNITS[uid].name}", s.rule("9.2"))
        s.enter(uid, [s.map.index[label]])
        a = s.edit_act()
        a["activated"].append(uid)
        a["acted"] = True
        s.emit("paradrop", unit=uid, hex=label, side="allied", rule=s.rule("9.2"),
               text=f"{UNITS[uid].name} drops at {label}")
        s.end()


class CombatAction(Step[Position]):
    """5.4: attack enemy stacks one at a time with adjacent divisions; any number of attacks."""

    name = "combat_action"

    @staticmethod
    def targets(s: Position, side: str) -> list[int]:
        """Enemy stacks next to divisions that have not attacked, already activated or affordable (5.2, 5.4).
        Before a Combat action is chosen (5.1) nothing has attacked or been activated."""
        a = s.pos["action"]
        points = s.supply_points(side)
        attacked = set(a["attacked"] if a is not None else ())
        activated = set(a["activated"] if a is not None else ())
        ready = []
        for us in s.occupancy().values():
            if UNITS[us[0]].side != side:
                continue
            free = [u for u in us if u not in attacked]
            if not free:
                continue
            new = [u for u in us if u not in activated]
            if any(u in activated for u in free) or (new and activation_cost(s, new) <= points):
                ready += free
        return enemy_targets(s, side, ready)

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Combat action ({s.supply_points(f['side'])} supply points): choose an enemy stack to attack, or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("attack", s.map.label(h)) for h in self.targets(s, f["side"])]
        out.append(act("done"))
        return out

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end(s.act["acted"])

    def on_attack(self, s: Position, f: dict[str, Any], label: str) -> None:
        s.call("attack", target=label, attackers=[], pool=None)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "attack":
            return f"{s.rule('5.4')}, 7.0: attack an enemy stack next to divisions that have not attacked this action"
        return None


class BreakthroughAction(Step[Position]):
    """5.5: activate armour stacks one at a time (two supply points each) to move and attack."""

    name = "breakthrough_action"

    @staticmethod
    def options(s: Position, side: str, useful: bool = True) -> list[tuple[int, str | None, list[str]]]:
        """The armour stacks that may be activated: two supply points (5.5), and (``useful``) able to move
        or attack (5.2: the points are paid for a stack that moves or attacks)."""
        out: list[tuple[int, str | None, list[str]]] = []
        if s.supply_points(side) < SUPPLY.breakthrough:
            return out
        for h, armor in sorted(own_stacks(s, side, armor_only=True).items()):
            camps = sorted({c for u in armor if (c := UNITS[u].camp)})
            groups: list[tuple[str | None, list[str]]]
            if s.options.get("allied_cooperation") and len(camps) > 1:
                groups = [(c, [u for u in armor if UNITS[u].camp in (c, None)]) for c in camps]  # 14.1
            else:
                groups = [(None, armor)]
            for c, us in groups:
                if not useful or not stack_use(s, side, h, us, "breakthrough").nothing:
                    out.append((h, c, us))
        return out

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Breakthrough action ({s.supply_points(f['side'])} supply points): activate an armour stack, or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("activate", s.map.label(h), *([c] if c else [])) for h, c, _ in self.options(s, f["side"])]
        out.append(act("done"))
        return out

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end(s.act["acted"])

    def on_activate(self, s: Position, f: dict[str, Any], label: str, camp: str | None = None) -> None:
        side = f["side"]
        h = s.map.index[label]
        armor = next(us for hh, c, us in self.options(s, side) if hh == h and c == camp)
        infantry = breakthrough_infantry(s, h, armor)
        bridges = bridge_hexes(s, side)
        activate(s, armor, f"activate the armour at {label} for breakthrough", breakthrough=True)
        s.call("breakthrough_stack", hex=label, armor=armor, infantry=infantry, order=None, attacked=False,
               moved=[], bridges=bridges)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "activate":
            return activate_refusal(s, f["side"], a, "breakthrough")
        return None


class BreakthroughStack(Step[Position]):
    """5.5: the activated armour moves then attacks, or attacks then moves; one attack (errata)."""

    name = "breakthrough_stack"

    def can_move(self, f: dict[str, Any]) -> bool:
        return (f["order"] in (None, "move") and not f["attacked"]) or (f["order"] == "attack" and f["attacked"])

    def movers(self, s: Position, f: dict[str, Any]) -> list[str]:
        if not self.can_move(f):
            return []
        out = []
        for u in f["armor"]:
            if u in f["moved"] or s.unit(u)["hex"] is None:
                continue
            if can_move(s, u, oos=u in s.act["out_of_supply"], bridges=f["bridges"]):
                out.append(u)
        return out

    def pool(self, s: Position, f: dict[str, Any]) -> list[str]:
        live = [u for u in f["armor"] if s.unit(u)["hex"] is not None]
        if f["order"] is None:  # 14.3: infantry joins only when the armour attacks before moving
            live += [u for u in f["infantry"] if s.unit(u)["hex"] is not None]
        return live

    def targets(self, s: Position, f: dict[str, Any]) -> list[int]:
        if f["attacked"] or f["order"] == "attack":
            return []
        return breakthrough_targets(s, s.act["side"], self.pool(s, f))

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(s.act["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Breakthrough with the armour from {f['hex']}: move, attack, or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("move", u) for u in self.movers(s, f)]
        out += [act("attack", s.map.label(t)) for t in self.targets(s, f)]
        out.append(act("done"))
        return out

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_move(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["pending"] = "move"
        s.call("move_unit", unit=uid, oos=uid in s.act["out_of_supply"], bridges=f["bridges"], normal=True,
               zoom=None)

    def on_attack(self, s: Position, f: dict[str, Any], label: str) -> None:
        f["pending"] = "attack"
        s.call("attack", target=label, attackers=[], pool=self.pool(s, f))

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        what = f.pop("pending", None)
        if what == "move" and ret:
            f["moved"].append(ret)
            f["order"] = f["order"] or "move"
        elif what == "attack" and ret:
            f["attacked"] = True
            f["order"] = f["order"] or "attack"
        if not self.actions(s, f)[:-1]:
            s.end()


class ReserveStep(Step[Position]):
    """4.0: the German player's final strategic moves, one supply point per stack."""

    name = "reserve_step"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        s.g["phase"] = "German Reserve Step"
        if s.supply_points("german") < 1:
            s.emit("reserve_step", side="german", rule=s.rule("4.0"),
                   text="German Reserve Step: no supply points, no strategic moves")
            s.end()
            return
        s.begin_action("german", "reserve")
        s.call("movement_action", side="german", reserve=True)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        s.end_action()
        s.end()


class Overstack(Step[Position]):
    """6.3: more than three divisions in a hex at the end of an action or step: the owner removes the excess."""

    name = "overstack"

    def first(self, s: Position, f: dict[str, Any]) -> tuple[str, int] | None:
        for side in f["sides"]:
            for h, us in sorted(s.occupancy().items()):
                if len(us) > STACK_LIMIT and UNITS[us[0]].side == side:
                    return side, h
        return None

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        if self.first(s, f) is None:
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        got = self.first(s, f)
        assert got is not None
        return got[0]

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        got = self.first(s, f)
        assert got is not None
        return f"More than three divisions at {s.map.label(got[1])}: remove one (it is eliminated)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        got = self.first(s, f)
        assert got is not None
        return [act("remove", u) for u in s.at(got[1])]

    def on_remove(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.eliminate(uid, "overstacked", s.rule("6.3"))
        if self.first(s, f) is None:
            s.end()


STEPS = (ChooseAction, MovementAction, StackMove, MoveUnit, Paradrop, CombatAction, BreakthroughAction,
         BreakthroughStack, ReserveStep, Overstack)
