"""Move Corps: one space at a time (atomic decisions), Pursuit and Axis draws, combat, halts
(base rules reconstructed from the reviews; rttr Movement halted, rttr FFI markers - impact on play)."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.errors import IllegalAction
from ...core.state import Result, Step
from . import abilities, combat, movement
from .position import Corps, Position
from .victory import crossing_win, cut_now, encircled_by, solo_rank


def and_list(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def take_space(s: Position, commander: str, sid: str, medals: int, came_from: str) -> None:
    """Control marker and Medals for the space, encirclement, contact, and the immediate win."""
    before = cut_now(s)
    s.set_control(sid, commander, medals)
    s.add_medals(commander, medals)
    s.emit("control", hex=sid, side=commander, medals=medals,
           text=f"{s.commander_name(commander)} takes {s.label(sid)}"
                + (f" (+{medals} Medal{'s' if medals != 1 else ''})" if medals else ""))
    names = s.graph.names(encircled_by(s, before))
    if names:
        for x in names:
            s.set_control(x, commander, 0)
        who = s.commander_name(commander)
        s.emit("encircled", spaces=names, side=commander, rule=s.rule("4.3 Encirclement"),
               text=f"Encircled: {and_list([s.label(x) for x in names])} {'falls' if len(names) == 1 else 'fall'} "
                    f"to {who} (no Medals)")
    contact = [x for x in (sid, *names) if s.board.has_flag(x, "ffi_contact")]
    if commander == "patch_devers" and contact and not s.gg["contact"]:
        s.gg["contact"] = True
        s.emit("contact", hex=contact[0], side=commander, rule=s.rule("3.3.3 Establishing contact"),
               text="Patch-Devers has established contact with the Resistance")
    if crossing_win(s, commander, sid, came_from):
        level = solo_rank(s, s.gg["round"]) if len(s.seats) == 1 else "decisive"
        s.finish(Result(commander, level, f"{s.commander_name(commander)} crossed the Rhine into {s.label(sid)} with an unbroken chain",
                        {x: float(s.gg["medals"][x]) for x in s.seats}))


class Move(Step[Position]):
    """A Corps moves: 1 Fuel, then up to 3 spaces of its commander's area, ``to`` one at a time, or ``stop``."""

    name = "move"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        c = s.gg["corps"][f["corps"]]
        s.spend(c["id"], "fuel", s.tables.move_cost_fuel)
        f["left"] = abilities.move_allowance(s, c["commander"])  # rttr 17: Patch's Dragoon pursuit adds 1
        f["halted"] = False
        f["ffi_offer"] = False
        s.emit("move_start", unit=c["id"], side=c["commander"], hex=c["space"],
               text=f"{c['id']} spends 1 Fuel to move from {s.label(c['space'])}")

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if s.is_terminal():
            return
        c = s.gg["corps"][f["corps"]]
        if not ret["won"]:
            s.end()
            return
        f["left"] -= 1
        self._after_entry(s, f, c, halts=ret["halts"])

    def _after_entry(self, s: Position, f: dict[str, Any], c: Corps, halts: bool) -> None:
        c = s.gg["corps"][c["id"]]  # the record now (a move or a write after a clone replaced it: core.pieces)
        f["halted"] = halts and f["left"] > 0
        f["ffi_offer"] = bool(combat.ffi_ammo_choices(s, c, c["space"]))
        if halts and f["left"] > 0:
            s.emit("halted", unit=c["id"], rule=s.rule("4.4 Movement halted"),
                   text=f"{c['id']} is halted: spend 1 Fuel to go on ({f['left']} left), or stop")
        elif (halts or f["left"] <= 0) and not f["ffi_offer"]:
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return s.gg["corps"][f["corps"]]["commander"]

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        c = s.gg["corps"][f["corps"]]
        if f["halted"]:
            return f"{c['id']} is halted in {s.label(c['space'])}: continue (1 Fuel) or stop"
        return f"Move {c['id']} from {s.label(c['space'])} ({f['left']} left)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        c = s.gg["corps"][f["corps"]]
        out: list[Action] = []
        if f["ffi_offer"]:
            out += [act("ffi", n) for n in combat.ffi_ammo_choices(s, c, c["space"])]
        if f["halted"]:
            if c["supplies"]["fuel"] >= s.tables.move_cost_fuel:
                out.append(act("continue"))
        elif f["left"] > 0:
            out += [act("to", x) for x in movement.entries(s, c)]
        out.append(act("stop"))
        return out

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and a.args:
            why = movement.why_not_enter(s, s.gg["corps"][f["corps"]], a.args[0])
            return f"{s.rule('11.1 Move Corps')}: {why}" if why else None
        return None

    def on_stop(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_continue(self, s: Position, f: dict[str, Any]) -> None:
        """rttr Movement halted: another Fuel buys the allowance that was left."""
        c = s.gg["corps"][f["corps"]]
        s.spend(c["id"], "fuel", s.tables.move_cost_fuel)
        f["halted"] = False
        s.emit("continue", unit=c["id"], rule=s.rule("4.4 Movement halted"),
               text=f"{c['id']} spends 1 Fuel to go on ({f['left']} left)")

    def on_ffi(self, s: Position, f: dict[str, Any], n: str) -> None:
        """French Corps Support: discard FFI markers of the space for as much Ammo."""
        c = s.gg["corps"][f["corps"]]
        take_ffi_ammo(s, c, int(n))
        f["ffi_offer"] = False
        if f["left"] <= 0 and not f["halted"]:
            s.end()

    def on_to(self, s: Position, f: dict[str, Any], sid: str) -> None:
        c = s.gg["corps"][f["corps"]]
        why = movement.why_not_enter(s, c, sid)
        if why:
            raise IllegalAction(why)
        f["ffi_offer"] = False
        toll = movement.fortified_toll(s, sid)
        if toll:
            s.spend(c["id"], "ammo", toll)
            s.emit("fortified", unit=c["id"], hex=sid, rule=s.rule("3.3.2 FFI markers - impact on play"),
                   text=f"{c['id']} pays {toll} Ammo to enter Fortified {s.label(sid)}")
            c = s.gg["corps"][f["corps"]]  # the record now (a write after a clone replaces it: core.pieces)
        came_from = c["space"]
        if s.controller(sid) is not None:
            s.move_corps(c["id"], sid)
            f["left"] -= 1
            s.emit("enter", unit=c["id"], hex=sid, text=f"{c['id']} enters {s.label(sid)} (controlled: no card)")
            self._after_entry(s, f, c, halts=False)
        elif s.has_axis(sid):
            card = s.draw_card("axis")
            if card is None:  # an empty Axis deck: the unit gives way (reconstructed)
                s.move_corps(c["id"], sid)
                s.remove_axis(sid)
                f["left"] -= 1
                take_space(s, c["commander"], sid, s.board.medals(sid), came_from)
                if not s.is_terminal():
                    self._after_entry(s, f, c, halts=False)
                return
            info = s.tables.axis_cards[card]
            s.emit("draw", deck="axis", card=card, hex=sid, reveal=True, rule=s.rule("11.1 Move Corps"),
                   text=f"{c['id']} meets the {info.name} in {s.label(sid)}")
            s.call("combat", corps=c["id"], space=sid, card=card, bonus=0, air=0, came_from=came_from)
        else:
            self._pursuit(s, f, c, sid, came_from)

    def _pursuit(self, s: Position, f: dict[str, Any], c: Corps, sid: str, came_from: str) -> None:
        deck = c["commander"]
        card = s.draw_card(deck)
        s.move_corps(c["id"], sid)
        f["left"] -= 1
        halts = False
        if card is not None:
            info = s.tables.pursuit_cards[card]
            s.emit("draw", deck=deck, card=card, hex=sid, reveal=True, side=c["commander"], rule=s.rule("11.1 Move Corps"),
                   text=f"{c['id']} enters {s.label(sid)}: Pursuit card {info.name}")
            halts = apply_pursuit(s, f, c, info.effect)
            s.discard_card(deck, card)
        take_space(s, c["commander"], sid, s.board.medals(sid), came_from)
        if not s.is_terminal():
            self._after_entry(s, f, c, halts=halts)


def apply_pursuit(s: Position, f: dict[str, Any], c: Corps, effect: str) -> bool:
    """A Pursuit card's effect (reconstructed, tables.toml); True when it halts the move."""
    c = s.gg["corps"][c["id"]]  # the record now (the move replaced it after a clone: core.pieces)
    if effect == "lose_food" and c["supplies"]["food"] > 0:
        s.spend(c["id"], "food", 1)
    elif effect == "gain_fuel":
        s.give(c["id"], "fuel", 1)
    elif effect == "gain_ammo":
        s.give(c["id"], "ammo", 1)
    elif effect == "medal":
        s.add_medals(c["commander"], 1)
    elif effect == "allowance":
        f["left"] += 1
    elif effect == "red_ball":
        s.give(c["id"], "fuel", 1)
        s.give(c["id"], "food", 1)
    return effect == "halt"


def take_ffi_ammo(s: Position, c: Corps, n: int) -> None:
    have = s.gg["ffi"].get(c["space"], 0)
    if not 1 <= n <= min(have, s.room(c)):
        raise IllegalAction(f"{s.rule('3.3.2 FFI markers - impact on play')}: {n} FFI marker(s) cannot be discarded here")
    s.set_ffi(c["space"], have - n)
    s.give(c["id"], "ammo", n)
    s.emit("ffi_ammo", unit=c["id"], hex=c["space"], n=n, rule=s.rule("3.3.2 FFI markers - impact on play"),
           text=f"{c['id']} discards {n} FFI marker(s) for {n} Ammo")


class Combat(Step[Position]):
    """Pay the Axis card (Ammo, sometimes Fuel) and take the space, or fail: spend what Ammo you can and stay
    (metagames review; reconstructed). Patch-Devers may add FFI Ammo first (rttr Combat); Bradley may exchange
    the card once per turn (rttr 17); in the advanced game an Air Strike lowers the Ammo cost (rttr 16)."""

    name = "combat"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return s.gg["corps"][f["corps"]]["commander"]

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        ammo, fuel = self._cost(s, f)
        owed = max(0, ammo - f["bonus"])
        ffi = " (1 more from the FFI)" if f["bonus"] and ammo else ""
        return (f"{f['corps']} against the {s.tables.axis_cards[f['card']].name} in {s.label(f['space'])}: "
                f"pay {owed} Ammo{ffi}" + (f" and {fuel} Fuel" if fuel else "") + ", or fail")

    def _cost(self, s: Position, f: dict[str, Any]) -> tuple[int, int]:
        """The card's cost in this space, less an Air Strike's reduction (never below 0)."""
        ammo, fuel = combat.cost(s, s.tables.axis_cards[f["card"]], f["space"])
        return max(0, ammo - f.get("air", 0) * s.tables.air_strike_ammo_reduction), fuel

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        c = s.gg["corps"][f["corps"]]
        out = [act("ffi", n) for n in combat.ffi_ammo_choices(s, c, f["space"])]
        if not f["bonus"] and combat.ffi_bonus_possible(s, c, f["space"]):
            out.append(act("ffi-bonus"))
        ammo, fuel = self._cost(s, f)
        if not f.get("air") and ammo - f["bonus"] > 0 and abilities.can_air_strike(s, c["commander"]):
            out.append(act("air-strike"))
        if not f.get("air") and abilities.can_redraw(s, c["commander"]):
            out.append(act("redraw"))
        if combat.can_pay(c, ammo, fuel, f["bonus"]):
            out.append(act("pay"))
        out.append(act("fail"))
        return out

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        cmd = s.gg["corps"][f["corps"]]["commander"]
        if a.verb == "redraw":
            if not s.has_ability(cmd, "redraw"):
                return f"{s.rule('17')}: only Bradley's commander card exchanges an Axis card"
            if s.gg["ability_used"].get(cmd):
                return f"{s.rule('17')}: Bradley's luck is used once per turn"
            return f"{s.rule('17')}: the card cannot be exchanged after an Air Strike was called on it"
        if a.verb == "air-strike":
            if not s.advanced():
                return f"{s.rule('16')}: air strikes belong to the advanced game"
            if not s.gg["air_strikes"].get(cmd):
                return f"{s.rule('16')}: no Air Strike marker left until the next Logistics Step"
            return f"{s.rule('16')}: one Air Strike per combat, and only while Ammo is still owed"
        return None

    def on_redraw(self, s: Position, f: dict[str, Any]) -> None:
        """rttr 17 (Bradley, reconstructed): discard the revealed Axis card and fight the next one."""
        c = s.gg["corps"][f["corps"]]
        s.mut("ability_used")[c["commander"]] = True
        s.discard_card("axis", f["card"])
        card = s.draw_card("axis")
        assert card is not None  # the card just discarded is there to be drawn again at worst
        f["card"] = card
        s.emit("draw", deck="axis", card=card, hex=f["space"], reveal=True, side=c["commander"], rule=s.rule("17"),
               text=f"Bradley's luck: {c['id']} meets the {s.tables.axis_cards[card].name} instead")

    def on_air_strike(self, s: Position, f: dict[str, Any]) -> None:
        """rttr 16 (advanced game, reconstructed): an Air Strike marker lowers this combat's Ammo cost."""
        c = s.gg["corps"][f["corps"]]
        s.mut("air_strikes")[c["commander"]] -= 1
        f["air"] = 1
        s.emit("air_strike", unit=c["id"], hex=f["space"], side=c["commander"], rule=s.rule("16"),
               text=f"Air strike on {s.label(f['space'])}: the Axis unit costs {s.tables.air_strike_ammo_reduction} "
                    f"Ammo less ({s.gg['air_strikes'][c['commander']]} Air Strike(s) left)")

    def on_ffi(self, s: Position, f: dict[str, Any], n: str) -> None:
        """rttr FFI markers - impact on play (French Corps Support), in the space being fought for."""
        c = s.gg["corps"][f["corps"]]
        have = s.gg["ffi"].get(f["space"], 0)
        k = int(n)
        s.set_ffi(f["space"], have - k)
        s.give(c["id"], "ammo", k)
        s.emit("ffi_ammo", unit=c["id"], hex=f["space"], n=k, rule=s.rule("3.3.2 FFI markers - impact on play"),
               text=f"{c['id']} discards {k} FFI marker(s) for {k} Ammo")

    def on_ffi_bonus(self, s: Position, f: dict[str, Any]) -> None:
        """rttr FFI markers - impact on play (U.S. Corps Support): one FFI marker for +1 Ammo in this combat."""
        s.set_ffi(f["space"], s.gg["ffi"][f["space"]] - 1)
        f["bonus"] = 1
        s.emit("ffi_bonus", unit=f["corps"], hex=f["space"], rule=s.rule("3.3.2 FFI markers - impact on play"),
               text=f"{f['corps']} discards an FFI marker: +1 Ammo for this combat")

    def on_pay(self, s: Position, f: dict[str, Any]) -> None:
        c = s.gg["corps"][f["corps"]]
        card = s.tables.axis_cards[f["card"]]
        ammo, fuel = self._cost(s, f)
        spent = max(0, ammo - f["bonus"])
        s.spend(c["id"], "ammo", spent)
        if fuel:
            s.spend(c["id"], "fuel", fuel)
        sid = f["space"]
        s.remove_axis(sid)
        s.move_corps(c["id"], sid)
        s.discard_card("axis", f["card"])
        ffi = " and the FFI's 1" if f["bonus"] and ammo else ""  # rttr 3.3.2: VI US's +1 Ammo from an FFI marker
        s.emit("combat", unit=c["id"], hex=sid, card=f["card"], won=True, rule=s.rule("4.7 Combat"), ammo=spent,
               text=f"{c['id']} beats the {card.name} ({spent} Ammo{ffi}" + (f", {fuel} Fuel" if fuel else "") + ")")
        take_space(s, c["commander"], sid, card.medals + s.board.medals(sid), f["came_from"])
        if not s.is_terminal():
            s.end({"won": True, "halts": card.halts})

    def on_fail(self, s: Position, f: dict[str, Any]) -> None:
        c = s.gg["corps"][f["corps"]]
        ammo, _fuel = self._cost(s, f)
        spent = min(c["supplies"]["ammo"], ammo)
        if spent:
            s.spend(c["id"], "ammo", spent)
        s.discard_card("axis", f["card"])
        s.emit("combat", unit=c["id"], hex=f["space"], card=f["card"], won=False, rule=s.rule("4.7 Combat"),
               text=f"{c['id']} cannot beat the Axis unit in {s.label(f['space'])}: spends {spent} Ammo and stays")
        s.end({"won": False, "halts": True})
