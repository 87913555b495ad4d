"""The sequence of play (§5.3, Table 3) as procedures that read like the chart.

Allied turn: Supply, Invasion, Airborne, Movement, Combat, Tactical air, Attrition. German turn: Isolation (its
supply phase), Movement, Combat, Attrition (reading 1). Victory is checked after each faction's turn (§13).
"""

from __future__ import annotations

from typing import Any

from ...core.state import Procedure, Result
from . import logistics, victory
from .board import board
from .position import UNIT_FACTS, Position

WEEK_ONE = "6 June 1944"


def week_label(week: int) -> str:
    """Week n starts 6 June 1944 + 7(n-1) days (§5.3)."""
    months = ((6, 30, "June"), (7, 31, "July"), (8, 31, "August"), (9, 30, "September"), (10, 31, "October"),
              (11, 30, "November"), (12, 31, "December"), (1, 31, "January"), (2, 28, "February"),
              (3, 31, "March"), (4, 30, "April"), (5, 31, "May"))
    day = 6 + 7 * (week - 1)
    year = 1944
    for _, length, name in months:
        if day <= length:
            return f"Week {week} ({day} {name} {year})"
        day -= length
        if name == "December":
            year = 1945
    return f"Week {week}"


class Game(Procedure[Position]):
    """Set-up (§5.1, §5.2), then weeks 1..50."""

    name = "game"
    stages = ("deployment", "weeks")

    def deployment(self, s: Position, f: dict[str, Any]) -> None:
        if s.options.get("deployment") == "free":
            s.g["phase"] = "German deployment"
            s.call("deploy")

    def weeks(self, s: Position, f: dict[str, Any]) -> None:
        s.call("week")


class Week(Procedure[Position]):
    """One turn (a week): the Allied phases, then the German ones (Table 3)."""

    name = "week"
    stages = ("allied_supply", "allied_supply_trace", "invasion", "airborne", "allied_movement", "allied_stacking",
              "allied_combat", "tactical_air", "allied_attrition", "allied_victory", "german_isolation",
              "german_movement", "german_stacking", "german_combat", "german_attrition", "german_victory")

    def allied_supply(self, s: Position, f: dict[str, Any]) -> None:
        """§6.2: fighters refresh, air missions end; the Allied player chooses who a full supply point leaves out."""
        g = s.g
        s.g["side"] = "allied"
        s.g["phase"] = "Allied supply"
        s.emit("week", week=s.week, text=week_label(s.week))
        g["fighters"] = 6
        g["cb_used"] = False
        g["cb_hex"] = None
        g["cad"] = {}
        g["interdicted"] = []
        g["river_interdicted"] = []
        g["attacked_last"] = list(g["attacked_now"])
        g["attacked_now"] = []
        g["dropped_now"] = 0
        g["landed"] = {"sea": 0, "air": 0, "sectors": {}}
        for uid in g["units"]:
            s.set_flags(uid, moved=False, attacked=False, dropped=False, fresh=False, pinned=False)
        g["supply_priority"] = []
        s.touch_keeping(UNIT_FACTS)  # a new week's flags and air; nobody moved
        s.call("surplus")

    def allied_supply_trace(self, s: Position, f: dict[str, Any]) -> None:
        """§6.2/§6.3: supply is traced and applied; §9.3 entry points; §9.2.2 RP; §9.3.3 the Free French."""
        g = s.g
        flipped, isolated = victory.apply_supply(s, "allied")
        s.emit("supply", side="allied", flipped=flipped, isolated=isolated, rule=s.rule("6.2"),
               text=f"Allied supply: {len(flipped)} unit(s) out of supply, {len(isolated)} isolated")
        g["entry_points"] = logistics.entry_points_now(s)
        r = logistics.tables().replacements
        if s.week >= r["allied_from_week"]:
            gain = sum(1 for w in g["installations"].values() if w < s.week) * r["allied_per_installation"]
            if gain:
                s.mut("rp")["allied"] += gain
                s.emit("replacement_points", side="allied", gained=gain, rule=s.rule("9.2.2"),
                       text=f"The Allies gain {gain} RP")
        g["ff_now"] = s.week >= 28 and logistics.france_south_clear(s)
        if g["ff_now"] and not g["ff_raised"]:
            g["ff_raised"] = True
            s.emit("free_french", rule=s.rule("9.3.3"), text="France south of the border is free: the Free French "
                   "units in Paris are available")

    def invasion(self, s: Position, f: dict[str, Any]) -> None:
        """§7: mandatory in week 1, optional once in weeks 9-16."""
        if logistics.may_invade_now(s):
            s.g["phase"] = "Allied invasion"
            s.call("invasion", mandatory=s.week == 1, sector=None, unit=None)

    def airborne(self, s: Position, f: dict[str, Any]) -> None:
        """§8: airborne drops."""
        if logistics.drop_candidates(s) and any(logistics.drop_hexes(s)):
            s.g["phase"] = "Allied airborne"
            s.call("airborne")

    def allied_movement(self, s: Position, f: dict[str, Any]) -> None:
        """§13: the east-of-Rhine count at the start of the movement phase; §7.1 invaders land; §9 movement."""
        s.g["east_at_start"] = victory.supplied_east_of_rhine(s) >= victory.EAST_UNITS
        land_invaders(s)
        s.g["phase"] = "Allied movement"
        s.call("movement", side="allied")

    def allied_stacking(self, s: Position, f: dict[str, Any]) -> None:
        """§9.1.3: the excess of an over-stacked hex is eliminated at the end of movement."""
        s.call("overstack", side="allied")

    def allied_combat(self, s: Position, f: dict[str, Any]) -> None:
        s.zoc_control()
        s.g["phase"] = "Allied combat"
        s.call("combat", side="allied", stage=None)

    def tactical_air(self, s: Position, f: dict[str, Any]) -> None:
        """§11: fighters not spent on CAS fly defence and interdiction missions."""
        s.zoc_control()
        if s.g["fighters"] > 0 and s.on_continent("allied"):
            s.g["phase"] = "Allied tactical air"
            s.call("tactical_air")

    def allied_attrition(self, s: Position, f: dict[str, Any]) -> None:
        s.g["phase"] = "Allied attrition"
        for uid in s.on_map("allied"):
            s.set_flags(uid, invader=False)
        victory.attrition(s, "allied")

    def allied_victory(self, s: Position, f: dict[str, Any]) -> None:
        r = victory.check(s, "allied")
        if r is not None:
            s.finish(r)

    def german_isolation(self, s: Position, f: dict[str, Any]) -> None:
        """Table 3: the German supply phase; §9.2.1: 5 RP a week from week 16."""
        g = s.g
        g["side"] = "german"
        g["phase"] = "German isolation"
        for uid in g["units"]:
            s.set_flags(uid, moved=False, attacked=False)
        flipped, isolated = victory.apply_supply(s, "german")
        s.emit("supply", side="german", flipped=flipped, isolated=isolated, rule=s.rule("6.1"),
               text=f"German isolation: {len(flipped)} unit(s) out of supply, {len(isolated)} isolated")
        r = logistics.tables().replacements
        if s.week >= r["german_from_week"]:
            s.mut("rp")["german"] += r["german_per_week"]
            s.emit("replacement_points", side="german", gained=r["german_per_week"], rule=s.rule("9.2.1"),
                   text=f"Germany gains {r['german_per_week']} RP")

    def german_movement(self, s: Position, f: dict[str, Any]) -> None:
        s.g["phase"] = "German movement"
        s.call("movement", side="german")

    def german_stacking(self, s: Position, f: dict[str, Any]) -> None:
        s.call("overstack", side="german")

    def german_combat(self, s: Position, f: dict[str, Any]) -> None:
        s.zoc_control()
        s.g["phase"] = "German combat"
        s.call("combat", side="german", stage=None)

    def german_attrition(self, s: Position, f: dict[str, Any]) -> None:
        """§12, then §13's second count (end of the German attrition phase)."""
        s.zoc_control()
        s.g["phase"] = "German attrition"
        victory.attrition(s, "german")
        victory.attrition(s, "allied")
        held = s.g["east_at_start"] and victory.supplied_east_of_rhine(s) >= victory.EAST_UNITS
        s.g["east_streak"] = s.g["east_streak"] + 1 if held else 0

    def german_victory(self, s: Position, f: dict[str, Any]) -> None:
        r = victory.check(s, "german")
        if r is not None:
            s.finish(r)
            return
        s.g["week"] += 1
        s.goto("week")


def land_invaders(s: Position) -> None:
    """§7.1: invaders move into their coastal hex if no German unit holds it (then it is an invasion hex, §7.2);
    otherwise they stay at sea and must attack it."""
    b = board()
    for uid in list(s.on_map("allied")):
        u = s.unit(uid)
        arrow = b.arrow_by_sea.get(u["hex"] or "")
        if not u["invader"] or arrow is None:
            continue
        if s.side_at(arrow.coast) == "german":
            continue
        s.place(uid, arrow.coast)
        s.set_flags(uid, moved=True, invader=False)
        s.mut("mulberries")[arrow.coast] = arrow.sector
        s.emit("landing", unit=uid, hex=arrow.coast, rule=s.rule("7.1"),
               text=f"{s.defn(uid).label} lands unopposed at {arrow.coast}")


__all__ = ["Game", "Result", "Week", "land_invaders", "week_label"]
