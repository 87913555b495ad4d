"""Set-up decisions (onslaught 3.0): the Allied player groups the six landing divisions.

Two divisions stand in each of the three landing hexes; which two is the Allied
player's choice. The first decision of the game offers the historical grouping
(as they landed on 6 June: the default the AI and a hurried player take) or a
regrouping, one division at a time, two per landing hex, west to east.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Procedure, Step
from .data import UNITS
from .position import Position


def landing_divisions(s: Position) -> list[str]:
    """The Allied infantry divisions standing in the landing hexes at set-up, in order of the units list."""
    lands = {s.map.label(h) for h in s.board.landing_zone}
    return [u for u in s.on_map("allied") if s.unit(u)["hex"] in lands and UNITS[u].kind == "inf"]


class SetUp(Procedure[Position]):
    """3.0: the set-up decisions, then the first turn."""

    name = "set_up"
    stages = ("allied_grouping", "first_turn")

    def allied_grouping(self, s: Position, f: dict[str, Any]) -> None:
        """3.0: the Allied player may group the landing divisions as he wants."""
        s.call("choice", player="allied", answers=["historical", "regroup"], rule=s.rule("3.0"),
               question="Set-up: keep the historical grouping of the six landing divisions, or regroup them "
                        "(two in each landing hex)?")

    def allied_grouping_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret == "regroup":
            s.call("landing_grouping", units=landing_divisions(s), placed=[])

    def first_turn(self, s: Position, f: dict[str, Any]) -> None:
        s.goto("turn")


class LandingGrouping(Step[Position]):
    """3.0: choose the landing divisions two per landing hex, west to east (``placed`` in hex order)."""

    name = "landing_grouping"

    def hexes(self, s: Position) -> list[str]:
        return [s.map.label(h) for h in s.board.landing_zone]

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        n = len(f["placed"])
        return f"Set-up: choose division {n % 2 + 1} of 2 for the landing hex {self.hexes(s)[n // 2]}"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("assign", u) for u in f["units"] if u not in f["placed"]]

    def on_assign(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["placed"].append(uid)
        if len(f["placed"]) < len(f["units"]):
            return
        hexes = self.hexes(s)
        for i, u in enumerate(f["placed"]):
            s.edit_unit(u)["hex"] = hexes[i // 2]
        s.touch()
        s.emit("grouping", side="allied", rule=s.rule("3.0"),
               text="The Allies regroup their landing divisions: " + "; ".join(
                   f"{h}: {UNITS[f['placed'][2 * i]].name}, {UNITS[f['placed'][2 * i + 1]].name}"
                   for i, h in enumerate(hexes)))
        s.end()


STEPS = (SetUp, LandingGrouping)
