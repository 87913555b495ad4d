"""The sequence of play (SFN 3.0, 5.2, 5.3) as procedures that read like the chart."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.state import Procedure
from .data import ALLIED, GERMAN, date_label, tables, units
from .plans import droppable_units, drops_today, expire, may_plan_saf
from .position import Position
from .reinforcements import arrivals, beach_hex, is_due
from .supply import check_supply
from .victory import add_vp, final_result, sudden_death, update_control

P = tables()["periods"]


def optional(s: Position) -> bool:
    return bool(s.options.get("optional_rules", True))


def storm_raging(s: Position) -> bool:
    return s.g["storm"]["state"] == "raging"


class Setup(Procedure[Position]):
    """3.1-3.5: the Allied landing area, Dieppe casualties, the German deployment."""

    name = "setup"
    stages = ("landing_area", "land", "dieppe_casualties", "german_deployment")

    def landing_area(self, s: Position, f: dict[str, Any]) -> None:
        s.call("choice", player=ALLIED, question="Choose the invasion area: Calais or Dieppe beaches (SFN 3.2)",
               answers=["calais", "dieppe"], rule=s.rule("3.2"))

    def landing_area_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        s.g["area"] = ret
        s.emit("landing_area", area=ret, text=f"The Allies land in the {ret.capitalize()} area", rule=s.rule("3.2"))

    def land(self, s: Position, f: dict[str, Any]) -> None:
        """3.2: the eight landing divisions go onto their beaches; 3.3 only one area is active.
        They came ashore at set-up, before turn 1, so 12.5's bar on strategic movement in the player
        turn of landing does not touch them on turn 1 (``landed`` stays 0)."""
        for uid, d in units().items():
            if d.setup.startswith("beach:"):
                s.place(uid, beach_hex(uid, s.g["area"]))
        ctl = s.mut("control")
        for i in s.active_beaches():
            ctl[s.b.label(i)] = ALLIED
        s.touch()  # control is part of the position: derived facts (the AI's objectives) change

    def dieppe_casualties(self, s: Position, f: dict[str, Any]) -> None:
        """3.5: landing at Dieppe, the 1st Canadian is reduced on an odd roll."""
        if s.g["area"] != "dieppe":
            return
        roll = s.roll(10, why="1st Canadian at Dieppe: even full strength, odd reduced", rule=s.rule("3.5"))[0]
        if roll % 2:
            s.set_fields("cw-1cdn", steps=1)
            s.touch_fields()  # strength is part of the position: derived facts (reach) change
        s.emit("dieppe", roll=roll, reduced=bool(roll % 2), rule=s.rule("3.5"),
               text=f"1st Canadian lands {'reduced' if roll % 2 else 'at full strength'} (rolled {roll})")

    def german_deployment(self, s: Position, f: dict[str, Any]) -> None:
        s.call("deploy")

    def german_deployment_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        update_control(s)
        s.goto("turn")


class Turn(Procedure[Position]):
    """5.2: the German player turn, then the Allied; 5.3 mark off the day."""

    name = "turn"
    stages = ("start", "german_admin", "german_command", "allied_admin", "allied_command", "end_of_turn")

    def start(self, s: Position, f: dict[str, Any]) -> None:
        t = s.g["turn"]
        s.emit("turn", turn=t, text=f"Game turn {t}: {date_label(t)}")

    def german_admin(self, s: Position, f: dict[str, Any]) -> None:
        s.call("german_admin", side=GERMAN)

    def german_command(self, s: Position, f: dict[str, Any]) -> None:
        s.call("command", side=GERMAN)

    def allied_admin(self, s: Position, f: dict[str, Any]) -> None:
        s.call("allied_admin", side=ALLIED)

    def allied_command(self, s: Position, f: dict[str, Any]) -> None:
        s.call("command", side=ALLIED)

    def end_of_turn(self, s: Position, f: dict[str, Any]) -> str | None:
        """15.2 storm departure; 4.1 the game ends after turn 80."""
        storm_departure(s)
        if s.g["turn"] >= tables()["game"]["last_turn"]:
            s.finish(final_result(s))
            return None
        s.g["turn"] += 1
        return "start"


def storm_departure(s: Position) -> None:
    """15.2: at the end of each storm day it leaves on 1-2, then 1-4, 1-6, 1-8; after day five anyway."""
    st = s.g["storm"]
    if st["state"] != "raging":
        return
    day = st["day"]
    limits = tables()["dice"]["storm_departure"]
    if day >= 5:
        gone = True
    else:
        roll = s.roll(10, why=f"storm departure, day {day}", rule=s.rule("15.2"))[0]
        gone = roll <= limits[day - 1]
    if gone:
        s.g["storm"] = {"state": "none", "day": 0}
        s.emit("storm", state="none", text="The great storm has blown over", rule=s.rule("15.2"))
    else:
        s.mut("storm")["day"] = day + 1


def storm_check(s: Position) -> None:
    """15.2: approach on a 10 (T10 and every fifth turn), then arrival on 1-2, 1-4, 1-6, 1-8."""
    st = s.g["storm"]
    t = s.g["turn"]
    d = tables()["dice"]
    if st["state"] == "approaching":
        day = st["day"]
        roll = s.roll(10, why=f"storm arrival, day {day}", rule=s.rule("15.2"))[0]
        if roll <= d["storm_arrival"][day - 1]:
            s.g["storm"] = {"state": "raging", "day": 1}
            s.emit("storm", state="raging", text="A great storm arrives", rule=s.rule("15.2"))
        elif day >= 4:
            s.g["storm"] = {"state": "none", "day": 0}
            s.emit("storm", state="none", text="The storm changes course", rule=s.rule("15.2"))
        else:
            s.mut("storm")["day"] = day + 1
        return
    if st["state"] == "none" and is_due(t, P["storm_first"]):
        roll = s.roll(10, why="great storm approach (10)", rule=s.rule("15.2"))[0]
        if roll >= d["storm_approach"]:
            s.g["storm"] = {"state": "approaching", "day": 1}
            s.emit("storm", state="approaching", text="A great storm is approaching", rule=s.rule("15.2"))


@cache
def _units_of(side: str) -> tuple[str, ...]:
    """Every unit of ``side``, in table order (per process)."""
    return tuple(u for u, d in units().items() if d.side == side)


def new_player_turn(s: Position, side: str) -> None:
    """6.4: every unit of the side may act again; replacement marks and attacks clear."""
    recs = s.g["units"]
    for uid in _units_of(side):
        us = recs[uid]
        if us["acted"] or us["replaced"]:
            s.set_fields(uid, acted=False, replaced=False)  # a record that changes nothing stays shared
    s.g["attacked"] = []


class GermanAdmin(Procedure[Position]):
    """5.2 I.A: storm, air, reinforcements, replacements, supply."""

    name = "german_admin"
    stages = ("begin_turn", "blue_point", "storm", "air", "reinforcements", "italy", "italy_schedule", "riga_odessa",
              "russia",
              "replacements", "supply", "aerial_supply")

    def begin_turn(self, s: Position, f: dict[str, Any]) -> None:
        new_player_turn(s, GERMAN)

    def blue_point(self, s: Position, f: dict[str, Any]) -> None:
        """15.7: at the very start of turn 1 the German may launch Blue Point."""
        if s.g["turn"] != 1 or not optional(s):
            return
        if not all(s.u(u)["box"] == "south" for u in ("g-1fj", "g-2fj")):
            return
        s.call("choice", player=GERMAN, question="Launch Operation Blue Point (SFN 15.7)?",
               answers=["launch", "decline"], rule=s.rule("15.7"))

    def blue_point_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        if ret != "launch":
            return
        launch_blue_point(s)
        r = sudden_death(s)
        if r:
            s.finish(r)

    def storm(self, s: Position, f: dict[str, Any]) -> None:
        if optional(s):
            storm_check(s)

    def air(self, s: Position, f: dict[str, Any]) -> None:
        """15.3: on air turns the German may contest air superiority for five days (-1 VP)."""
        if optional(s) and is_due(s.g["turn"], P["air_first"]):
            s.call("choice", player=GERMAN, question="Contest Allied air superiority for five days for 1 VP (SFN 15.3)?",
                   answers=["contest", "decline"], rule=s.rule("15.3"))

    def air_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        if ret == "contest":
            s.g["air_contest"] = s.g["turn"] + 4
            add_vp(s, tables()["victory"]["air_contest"], "the Luftwaffe contests the air", "15.3")
            r = sudden_death(s)
            if r:
                s.finish(r)

    def reinforcements(self, s: Position, f: dict[str, Any]) -> None:
        for uid in arrivals(s):
            s.emit("reinforcement", unit=uid, box="north", rule=s.rule("7.1"),
                   text=f"{units()[uid].name} arrives in the North box")

    def italy(self, s: Position, f: dict[str, Any]) -> None:
        """7.4: on every fifth turn from T5 one Italy unit may go to the South box, at full strength.
        With the optional scheduling (7.4) the unit set aside four turns earlier arrives instead."""
        if not is_due(s.g["turn"], P["italy_first"]):
            return
        if s.options.get("italy_scheduling", False):
            for uid in s.in_box("italy_transit"):
                s.to_box(uid, "south")
                s.set_fields(uid, steps=units()[uid].steps, arrived=s.g["turn"])
                s.touch_fields()  # strength is part of the position: derived facts (reach) change
                s.emit("transfer", unit=uid, text=f"{units()[uid].name} arrives from Italy in the South box",
                       rule=s.rule("7.4"))
            return
        if s.in_box("italy"):
            s.call("transfer", side=GERMAN, source="italy", dest="south", count=1)

    def italy_schedule(self, s: Position, f: dict[str, Any]) -> None:
        """7.4 optional: the Italy unit for turn T+4 is set aside now (T1 for T5, T6 for T10, ...)."""
        t = s.g["turn"]
        if s.options.get("italy_scheduling", False) and is_due(t + 4, P["italy_first"]) and s.in_box("italy"):
            s.call("transfer", side=GERMAN, source="italy", dest="italy_transit", count=1)

    def riga_odessa(self, s: Position, f: dict[str, Any]) -> None:
        """7.6: from T5, every fifth turn, the German may declare the Riga-Odessa line (irrevocable)."""
        if not s.g["riga"] and is_due(s.g["turn"], P["riga_first"]):
            s.call("choice", player=GERMAN,
                   question="Declare the Riga-Odessa Line strategy (SFN 7.6; you will then need 31 VP to win)?",
                   answers=["declare", "decline"], rule=s.rule("7.6"))

    def riga_odessa_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        if ret == "declare":
            s.g["riga"] = s.g["turn"]
            for uid in s.in_box("russia"):
                s.to_box(uid, "cup")
            s.emit("riga_odessa", turn=s.g["turn"], rule=s.rule("7.6"),
                   text="The German declares the Riga-Odessa Line: Russian front units go into the cup")

    def russia(self, s: Position, f: dict[str, Any]) -> None:
        """7.6: from 15 turns after the declaration, five units from the cup every fifth turn."""
        r = s.g["riga"]
        t = s.g["turn"]
        if not r or t < r + P["riga_delay"] or (t - r) % P["riga_batch"]:
            return
        cup = s.in_box("cup")
        drawn = []
        for _ in range(min(P["riga_batch"], len(cup))):
            uid = cup.pop(s.rng.below(len(cup)))
            s.to_box(uid, "north")
            s.set_fields(uid, steps=units()[uid].steps, arrived=t)
            s.touch_fields()  # strength is part of the position: derived facts (reach) change
            drawn.append(uid)
        if drawn:
            s.emit("russia", units=drawn, rule=s.rule("7.6"),
                   text="From Russia to the North box: " + ", ".join(units()[u].name for u in drawn))

    def replacements(self, s: Position, f: dict[str, Any]) -> None:
        rp = tables().turn(s.g["turn"]).rp
        s.g["rp"] = {"german": rp["german"]}
        if rp["german"]:
            s.call("replace", side=GERMAN)

    def supply(self, s: Position, f: dict[str, Any]) -> None:
        do_supply_check(s)

    def aerial_supply(self, s: Position, f: dict[str, Any]) -> None:
        offer_aerial_supply(s)


class AlliedAdmin(Procedure[Position]):
    """5.2 II.A: airborne withdrawal, replacements, supply (SAF and drop plans: see README)."""

    name = "allied_admin"
    stages = ("begin_turn", "saf_plan", "withdrawal", "drop_plans", "replacements", "supply", "aerial_supply")

    def begin_turn(self, s: Position, f: dict[str, Any]) -> None:
        new_player_turn(s, ALLIED)
        expire(s)

    def saf_plan(self, s: Position, f: dict[str, Any]) -> None:
        """15.4: plot a strategic air strike on an Air turn (or later in its period)."""
        if optional(s) and may_plan_saf(s):
            s.call("plan_saf")

    def drop_plans(self, s: Position, f: dict[str, Any]) -> None:
        """15.6: plot airdrops for airborne divisions in England."""
        if optional(s) and droppable_units(s):
            s.call("plan_drops")

    def withdrawal(self, s: Position, f: dict[str, Any]) -> None:
        """15.5: from T25 airborne divisions in regular supply may go back to England to rest."""
        if optional(s) and s.g["turn"] >= P["withdrawal_first"] and not storm_raging(s) and withdrawable(s):
            s.call("withdraw", side=ALLIED)

    def replacements(self, s: Position, f: dict[str, Any]) -> None:
        rp = tables().turn(s.g["turn"]).rp
        if optional(s) and storm_raging(s):
            s.g["rp"] = {}
            return
        s.g["rp"] = {"us": rp["us"], "commonwealth": rp["commonwealth"]}
        if rp["us"] or rp["commonwealth"]:
            s.call("replace", side=ALLIED)

    def supply(self, s: Position, f: dict[str, Any]) -> None:
        do_supply_check(s)

    def aerial_supply(self, s: Position, f: dict[str, Any]) -> None:
        offer_aerial_supply(s)


def withdrawable(s: Position) -> list[str]:
    """15.5: airborne units in regular supply on the map, 25 days after any drop."""
    out = []
    for uid in s.on_map(ALLIED):
        us = s.u(uid)
        if units()[uid].airborne and us["supply"] == "regular" and not us["acted"] and \
                (not us["dropped"] or s.g["turn"] - us["dropped"] >= P["continent_days"]):
            out.append(uid)
    return out


def do_supply_check(s: Position) -> None:
    """9.2: both sides' units; aerial supply from the last check lapses."""
    s.g["aerial"] = []
    oos = check_supply(s)
    ger = [u for u in oos if units()[u].side == GERMAN]
    ally = [u for u in oos if units()[u].side == ALLIED]
    s.emit("supply", out_of_supply=ger, allied_out_of_supply=len(ally), rule=s.rule("9.2"),
           text=f"Supply check: {len(ger)} German and {len(ally)} Allied unit(s) out of supply")
    if ally:
        ev: dict[str, object] = {"out_of_supply": ally, "rule": s.rule("9.2"),
                                 "text": "Allied units out of supply: " + ", ".join(units()[u].name for u in ally)}
        if s.options.get("fog_of_war", True):
            ev["visible_to"] = [ALLIED]
        s.emit("supply_allied", **ev)


def offer_aerial_supply(s: Position) -> None:
    """15.8: up to three Allied OOS units; not in storms or turns with an airdrop."""
    if not optional(s) or storm_raging(s):
        return
    turn = s.g["turn"]
    if any(us["dropped"] == turn for us in s.g["units"].values()) or drops_today(s):
        return
    if any(s.u(u)["supply"] == "none" for u in s.on_map(ALLIED)):
        s.call("aerial_supply", side=ALLIED)


def launch_blue_point(s: Position) -> None:
    """15.7: both parachute divisions to the OOS dead pile; half a d10, rounded down."""
    for uid in ("g-1fj", "g-2fj"):
        s.to_box(uid, "oos_dead")
        s.set_fields(uid, steps=0)
        s.touch_fields()  # strength is part of the position: derived facts (reach) change
    roll = s.roll(10, why="Operation Blue Point (halved, rounded down)", rule=s.rule("15.7"))[0]
    result = roll // 2
    s.g["blue_point"] = {"launched": True, "roll": roll, "result": result, "chaos": 1 if result >= 1 else 0,
                         "minus_until": result if result >= 2 else 0}
    if result == 0:
        text = f"Blue Point: rolled {roll}, a fiasco"
    elif result == 1:
        text = f"Blue Point: rolled {roll}: chaos on turn 1"
    else:
        turns = "turn 2" if result == 2 else f"turns 2-{result}"
        text = f"Blue Point: rolled {roll}: chaos on turn 1, one Allied CP less on {turns}"
    s.emit("blue_point", roll=roll, result=result, text=text, rule=s.rule("15.7"))
