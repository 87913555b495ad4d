"""Writing the secret Allied plans (SFN 15.4, 15.6) as atomic decisions: what, where, which day."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.actions import Action, act
from ...core.state import Procedure, Step
from ...core.steps import HexChoice
from .board import board, regions
from .data import ALLIED, units
from .plans import (
    drop_days,
    drop_hexes,
    droppable_units,
    may_plan_saf,
    private_plan_event,
    saf_days,
)
from .position import Position


class PickDay(Step[Position]):
    """A game turn for a plan: two to seven turns ahead (15.4, 15.6)."""

    name = "pick_day"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return ALLIED

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["question"])

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("day", d) for d in f["days"]]

    def on_day(self, s: Position, f: dict[str, Any], day: str) -> None:
        s.end(int(day))


@cache
def _land_labels() -> list[str]:
    """15.4: the land hexes an SAF strike may target, in the map's order (per process; copied by ``regions``)."""
    b = board()
    return [b.label(i) for i in b.map.hexes() if b.enter[i] >= 0]


class PlanSaf(Procedure[Position]):
    """15.4: on an Air turn (or later in its period) the Allies may secretly plot one SAF strike."""

    name = "plan_saf"
    stages = ("ask", "where", "when", "write")

    def ask(self, s: Position, f: dict[str, Any]) -> None:
        if not may_plan_saf(s) or not saf_days(s):
            s.end()
            return
        s.call("choice", player=ALLIED, question="Plot a strategic air strike (SFN 15.4)?",
               answers=["plot", "later"], rule=s.rule("15.4"))

    def ask_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        if ret != "plot":
            s.end()

    def where(self, s: Position, f: dict[str, Any]) -> None:
        land = _land_labels()
        s.call("secret_hex_choice", player=ALLIED, question="Target hex of the strike (SFN 15.4)", regions=regions(land))

    def where_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        f["hex"] = ret
        private_plan_event(s, "plan", kind="saf", hex=ret)

    def when(self, s: Position, f: dict[str, Any]) -> None:
        s.call("pick_day", question=f"Day of the strike on {f['hex']} (SFN 15.4)", days=saf_days(s))

    def when_done(self, s: Position, f: dict[str, Any], ret: int) -> None:
        f["day"] = ret

    def write(self, s: Position, f: dict[str, Any]) -> None:
        s.mut("saf").append({"hex": f["hex"], "turn": f["day"], "written": s.g["turn"]})
        private_plan_event(s, "plan", kind="saf", hex=f["hex"], turn=f["day"], rule=s.rule("15.4"),
                           text=f"SAF strike plotted on {f['hex']} for turn {f['day']}")
        s.emit("plan_written", kind="saf", text="The Allies write a strategic air plan", rule=s.rule("15.4"))


class PlanDrops(Step[Position]):
    """15.6: airborne divisions in England may be plotted to drop, at least two turns ahead."""

    name = "plan_drops"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return ALLIED

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Plot airborne drops (SFN 15.6), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("plan", u) for u in droppable_units(s)] + [act("done")]

    def on_plan(self, s: Position, f: dict[str, Any], uid: str) -> None:
        private_plan_event(s, "plan", kind="drop", unit=uid)
        s.call("plan_drop", unit=uid)

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()


class PlanDrop(Procedure[Position]):
    """15.6: the drop hex (no marsh, city or fortress) and the day."""

    name = "plan_drop"
    stages = ("where", "when", "write")

    def where(self, s: Position, f: dict[str, Any]) -> None:
        s.call("secret_hex_choice", player=ALLIED, question=f"Drop hex for {units()[f['unit']].name} (SFN 15.6)",
               regions=regions(drop_hexes(s)))

    def where_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        f["hex"] = ret
        private_plan_event(s, "plan", kind="drop", hex=ret)

    def when(self, s: Position, f: dict[str, Any]) -> None:
        s.call("pick_day", question=f"Day of the drop on {f['hex']} (SFN 15.6)", days=drop_days(s, f["unit"]))

    def when_done(self, s: Position, f: dict[str, Any], ret: int) -> None:
        f["day"] = ret

    def write(self, s: Position, f: dict[str, Any]) -> None:
        s.mut("drops").append({"unit": f["unit"], "hex": f["hex"], "turn": f["day"], "written": s.g["turn"]})
        private_plan_event(s, "plan", kind="drop", unit=f["unit"], hex=f["hex"], turn=f["day"], rule=s.rule("15.6"),
                           text=f"{units()[f['unit']].name} plotted to drop on {f['hex']} on turn {f['day']}")
        s.emit("plan_written", kind="drop", text="The Allies write an airdrop plan", rule=s.rule("15.6"))


class SecretHexChoice(HexChoice):
    """The kit's two-step hex choice, but the region picked is hidden from the German (10.6, 15.4, 15.6)."""

    name = "secret_hex_choice"

    def on_region(self, s: Any, f: dict[str, Any], region: str) -> None:
        super().on_region(s, f, region)
        private_plan_event(s, "plan_region", region=region)

    def on_back(self, s: Any, f: dict[str, Any]) -> None:
        super().on_back(s, f)
        private_plan_event(s, "plan_region", region=None)
