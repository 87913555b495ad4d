"""The sequence of play as procedures: rounds of player turns, each turn 1. two actions,
2. FFI movement (Patch-Devers only), 3. Axis reaction (rttr Sequence of play); the Logistics Step
when the last Truck is taken (base, reconstructed; rttr Logistics Step)."""

from __future__ import annotations

from typing import Any

from ...core.state import Procedure, Step
from . import abilities, axis, ffi, supply
from .position import Position
from .victory import medals_result


class Round(Procedure[Position]):
    """Every commander in play takes a turn in turn order; after the round in which the last Axis
    marker was placed, the Medals decide (base, reconstructed: the round is completed)."""

    name = "round"
    stages = ("start", "turns", "end_of_round")

    def start(self, s: Position, f: dict[str, Any]) -> None:
        f["i"] = 0
        s.emit("round", round=s.gg["round"], text=f"Round {s.gg['round']}")

    def turns(self, s: Position, f: dict[str, Any]) -> None:
        s.call("player_turn", commander=s.seats[f["i"]])

    def turns_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        f["i"] += 1
        return "turns" if f["i"] < len(s.seats) else None

    def end_of_round(self, s: Position, f: dict[str, Any]) -> str | None:
        if s.gg["end_triggered"]:
            s.finish(medals_result(s, bool(s.options.get("wacht_am_rhein"))))
            return None
        s.gg["round"] += 1
        return "start"


class PlayerTurn(Procedure[Position]):
    """rttr Sequence of play: 1. take actions (two, base), 2. FFI movement (Patch-Devers only), 3. Axis reaction."""

    name = "player_turn"
    stages = ("start", "action", "logistics", "ffi_movement", "axis_reaction")

    def start(self, s: Position, f: dict[str, Any]) -> None:
        s.gg["turn"] = f["commander"]
        if s.gg["ability_used"].get(f["commander"]) is not False:
            s.mut("ability_used")[f["commander"]] = False  # rttr 17: once-per-turn abilities are open again
        f["actions_left"] = s.tables.actions
        s.emit("turn", side=f["commander"], text=f"{s.board.areas[f['commander']].name}'s turn")

    def action(self, s: Position, f: dict[str, Any]) -> None:
        s.call("action", commander=f["commander"], number=s.tables.actions - f["actions_left"] + 1)

    def action_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        f["actions_left"] -= 1

    def logistics(self, s: Position, f: dict[str, Any]) -> str | None:
        """The Logistics Step follows the action that took the last Truck (brief §6.11)."""
        if s.gg["logistics_due"]:
            s.call("logistics_step")
            return None
        return "action" if f["actions_left"] > 0 else None

    def logistics_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        return "action" if f["actions_left"] > 0 else None

    def ffi_movement(self, s: Position, f: dict[str, Any]) -> None:
        """rttr FFI movement: after the actions, before the Axis reaction, Patch-Devers only."""
        if f["commander"] == "patch_devers" and ffi.ffi_moves(s):
            s.call("ffi_move", commander=f["commander"])

    def axis_reaction(self, s: Position, f: dict[str, Any]) -> None:
        if s.gg["axis_supply"] > 0:
            s.call("axis_reaction", commander=f["commander"])


class LogisticsStep(Procedure[Position]):
    """Trucks return, Logistics Levels rise, Corps eat or flip, Patch-Devers changes card and base,
    and the FFI contact check (rttr Logistics Step, rttr Main Supply Base, rttr Establishing contact)."""

    name = "logistics_step"
    stages = ("trucks_return", "air_strikes", "levels", "food", "patch_devers", "contact", "count")

    def trucks_return(self, s: Position, f: dict[str, Any]) -> None:
        g = s.gg
        back = len(g["trucks_on"]) + sum(g["trucks"].values())
        g["truck_stock"] += back
        g["trucks_on"] = []
        g["truck_owner"] = {}
        g["trucks"] = dict.fromkeys(g["trucks"], 0)
        g["logistics_due"] = False
        s.emit("logistics_step", number=g["logistics_steps"] + 1, rule=s.rule("4.6 Logistics Step"),
               text=f"Logistics Step {g['logistics_steps'] + 1}: {back} Trucks return to the stock")

    def air_strikes(self, s: Position, f: dict[str, Any]) -> None:
        """rttr 16 (advanced game, reconstructed): spent Air Strike markers return with the Trucks."""
        back = abilities.refill_air_strikes(s)
        if back:
            s.emit("air_strikes", n=back, rule=s.rule("16"), text=f"{back} Air Strike marker(s) return to the commanders")

    def levels(self, s: Position, f: dict[str, Any]) -> None:
        for c in s.seats:
            new = supply.next_level(s, c)
            if new != s.gg["level"][c]:
                s.emit("logistics_level", side=c, level=new, rule=s.rule("4.6 Logistics Step"),
                       text=f"{s.commander_name(c)}: Logistics Level {s.gg['level'][c]} → {new}")
            if new != s.gg["level"][c]:
                s.mut("level")[c] = new

    def food(self, s: Position, f: dict[str, Any]) -> None:
        """Each Corps eats (reconstructed amount); without Food it flips and may not move until Food arrives."""
        need = s.tables.logistics_food
        for c in sorted(s.gg["corps"].values(), key=lambda x: x["id"]):
            if c["supplies"]["food"] >= need:
                s.spend(c["id"], "food", need)
            elif not c["flipped"]:
                s.set_fields(c["id"], flipped=True)
                s.emit("flipped", unit=c["id"], side=c["commander"], rule=s.rule("4.6 Logistics Step"),
                       text=f"{c['id']} has no Food and flips to its blank side")

    def patch_devers(self, s: Position, f: dict[str, Any]) -> None:
        g = s.gg
        if not s.with_patch_devers():
            return
        done = g["logistics_steps"] + 1
        if done == 1:
            g["commander_card"] = "devers"
            card = s.commander_card("patch_devers")
            s.emit("commander", side="patch_devers", rule=s.rule("3.1 Logistics Step"),
                   text=f"Devers replaces Patch as commander of the 6th Army Group (ability: {card.name})")
        if done <= 2:
            base = supply.patch_devers_base(done)
            s.mut("main_base")["patch_devers"] = base
            s.stock_for_update("patch_devers", base)
            s.emit("main_base", side="patch_devers", hex=base, rule=s.rule("3.2 Main Supply Base"),
                   text=f"Patch-Devers' Main Supply Base moves to {s.label(base)}")

    def contact(self, s: Position, f: dict[str, Any]) -> None:
        g = s.gg
        if g["logistics_steps"] == 0 and s.with_patch_devers() and not g["contact"]:
            hit = ffi.lose_contact(s)
            s.emit("contact_lost", spaces=hit, rule=s.rule("3.3.3 Establishing contact"),
                   text=f"No contact with the Resistance: an FFI marker leaves {len(hit)} space(s)")

    def count(self, s: Position, f: dict[str, Any]) -> None:
        s.gg["logistics_steps"] += 1


class AxisReaction(Procedure[Position]):
    """rttr Place Axis marker / Counter-attack: walk the aid's priority list, else the placement criteria."""

    name = "axis_reaction"
    stages = ("choose", "walk", "criteria", "clock")

    def choose(self, s: Position, f: dict[str, Any]) -> None:
        """rttr 12 (reconstructed): a rival's exposed Control marker may be counter-attacked instead."""
        targets = axis.rival_targets(s, f["commander"])
        if targets:
            s.call("axis_choice", commander=f["commander"], spaces=targets)

    def choose_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        if ret is None:
            return None
        counter_attack(s, ret, by=f["commander"])
        return "clock"

    def walk(self, s: Position, f: dict[str, Any]) -> str | None:
        target = axis.priority_target(s, f["commander"])
        if target is None:
            return None
        what, sid = target
        if what == "place":
            place(s, f["commander"], sid, "priority space")
        else:
            counter_attack(s, sid)
        return "clock"

    def criteria(self, s: Position, f: dict[str, Any]) -> None:
        best = axis.best_candidates(s, f["commander"])
        if not best:
            s.gg["axis_supply"] -= 1
            s.emit("axis_burned", side=f["commander"], text="No space qualifies for the Axis marker; it leaves the supply")
        elif len(best) == 1:
            place(s, f["commander"], best[0], "placement criteria")
        else:
            s.call("axis_tie", player=s.to_the_right(f["commander"]), commander=f["commander"], spaces=best)

    def criteria_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        place(s, f["commander"], ret, f"tie decided by {s.to_the_right(f['commander'])}")

    def clock(self, s: Position, f: dict[str, Any]) -> None:
        if s.gg["axis_supply"] <= 0 and not s.gg["end_triggered"]:
            s.gg["end_triggered"] = True
            s.emit("end_triggered", text="The last Axis marker is placed: the round is played out, then Medals count",
                   rule=s.rule("4.9 Place Axis marker"))


def place(s: Position, commander: str, sid: str, why: str) -> None:
    s.place_axis(sid)
    s.gg["axis_supply"] -= 1
    s.emit("axis_placed", hex=sid, side=commander, rule=s.rule("4.9 Place Axis marker"),
           text=f"Axis marker placed in {s.label(sid)} ({why}); {s.gg['axis_supply']} left")


def counter_attack(s: Position, sid: str, by: str | None = None) -> None:
    who, medals = s.remove_control(sid)
    if medals:
        s.mut("medals")[who] -= medals
    s.gg["axis_supply"] -= 1
    cause = f" ({s.commander_name(by)}'s Axis reaction)" if by and by != who else ""
    back = f"{medals} Medal{'s' if medals != 1 else ''} return{'s' if medals == 1 else ''}" if medals else "no Medal returns"
    s.emit("counter_attack", hex=sid, side=who, medals=medals, rule=s.rule("4.8 Counter-attack"),
           text=f"Axis counter-attack at {s.label(sid)}{cause}: {s.commander_name(who)}'s Control marker is "
                f"removed and {back}")


STEPS: tuple[type[Step[Any]], ...] = (Round, PlayerTurn, LogisticsStep, AxisReaction)
