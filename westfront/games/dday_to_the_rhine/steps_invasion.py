"""The invasion phase (6.1, 6.2, 18.4): the Allies land their armies one at a time."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Result, Step
from . import units as U
from .board import board
from .invasion import delay, land, targets, zone_effects
from .position import Position


class Invasion(Step[Position]):
    """6.1, 18.4: the Allies choose each army's landing hex (or, 18.4 B, delay the second army).

    Frame: ``armies`` (still to land), ``first`` (the scenario's first month), ``landed_before``."""

    name = "invasion"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        s.g["inv"]["east"] = None
        s.g["inv"]["pending"] = [x for x in s.g["inv"]["pending"] if x["turn"] != s.turn]

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        uid = f["armies"][0]
        return f"Invasion: choose the landing hex for {U.udef(uid).name}"

    def can_delay(self, s: Position, f: dict[str, Any]) -> bool:
        g = s.g
        return g["inv"]["mode"] == "free" and s.turn == 1 and not g["inv"].get("delayed") and len(f["armies"]) == 1 \
            and f.get("landed_before", 0) >= 1

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        b = board()
        out = [act("land", b.label(i)) for i in targets(s, f["armies"][0])]
        if self.can_delay(s, f):
            out.append(act("delay"))
        return out

    def on_delay(self, s: Position, f: dict[str, Any]) -> None:
        """18.4 B: the second army lands in July instead."""
        delay(s, f["armies"].pop(0))
        self.after(s, f)

    def on_land(self, s: Position, f: dict[str, Any], label: str) -> None:
        """6.2: one amphibious battle for the army's landing hex."""
        land(s, f["armies"].pop(0), board().hex(label))
        f["landed_before"] = f.get("landed_before", 0) + 1
        self.after(s, f)

    def after(self, s: Position, f: dict[str, Any]) -> None:
        """18.4: once every army has landed, the easternmost zone's effects; 6.2: all failed ends the game."""
        if f["armies"]:
            return
        zone_effects(s)
        if not s.on_map("allied") and not s.g["inv"]["pending"]:
            s.finish(Result("german", "sudden death", "the invasion has failed (6.2)", {}))
            return
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "land":
            return f"{s.rule('6.2')}/18.4: land on an invasion-arrow coast hex (the fixed Normandy hexes in the standard game)"
        if a.verb == "delay":
            return f"{s.rule('18.4')} B: only the second army, only with free invasions, only from June to July"
        return None
