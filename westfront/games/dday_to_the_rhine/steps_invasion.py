"""The invasion phase (6.1, 6.2, 18.4): the Allies choose every landing of the turn, then fight them in order."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Result, Step
from . import units as U
from .board import board
from .invasion import delay, land, plan_landings, targets, zone_effects
from .position import Position


class Invasion(Step[Position]):
    """6.1, 18.4: the Allies choose each army's landing hex (or, 18.4 B, delay the second army); once all
    are chosen the battles are fought, so the easternmost zone (18.4) is known before the first die.

    Frame: ``armies`` (still to choose), ``first`` (the scenario's first month), ``plan`` ([army, hex or
    None for a delay] in the order chosen)."""

    name = "invasion"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        inv = s.mut("inv")
        inv["east"] = None
        inv["pending"] = [x for x in s.g["inv"]["pending"] if x["turn"] != s.turn]
        f["plan"] = []

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        uid = f["armies"][0]
        return f"Invasion: choose the landing hex for {U.udef(uid).name}"

    def can_delay(self, s: Position, f: dict[str, Any]) -> bool:
        """18.4 B: with free invasions the second army may wait for July."""
        g = s.g
        landing = [x for x in f["plan"] if x[1]]
        return g["inv"]["mode"] == "free" and s.turn == 1 and not g["inv"].get("delayed") and len(f["armies"]) == 1 \
            and len(landing) >= 1

    def planned(self, f: dict[str, Any]) -> tuple[int, ...]:
        b = board()
        return tuple(b.hex(lab) for _, lab in f["plan"] if lab)

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        b = board()
        out = [act("land", b.label(i)) for i in targets(s, f["armies"][0], self.planned(f))]
        if self.can_delay(s, f):
            out.append(act("delay"))
        return out

    def on_delay(self, s: Position, f: dict[str, Any]) -> None:
        """18.4 B: the second army lands in July instead."""
        f["plan"].append([f["armies"].pop(0), None])
        self.after(s, f)

    def on_land(self, s: Position, f: dict[str, Any], label: str) -> None:
        """6.2: the army will land at this hex."""
        f["plan"].append([f["armies"].pop(0), label])
        self.after(s, f)

    def after(self, s: Position, f: dict[str, Any]) -> None:
        """Once every army has its orders: 18.4 the easternmost zone, 6.2 the battles in the order chosen,
        then the zone's effects; 6.2 every landing failing (none still to come) ends the game."""
        if f["armies"]:
            return
        plan_landings(s, list(self.planned(f)))
        b = board()
        for uid, lab in f["plan"]:
            if lab:
                land(s, uid, b.hex(lab))
            else:
                delay(s, uid)
        zone_effects(s)
        if not s.on_map("allied") and not s.g["inv"]["pending"]:
            s.finish(Result("german", "sudden death", "the invasion has failed (6.2)", {}))
            return
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "land":
            return (f"{s.rule('6.2')}/18.4: land on an invasion-arrow coast hex (the fixed Normandy hexes in the "
                    "standard game), not one already chosen")
        if a.verb == "delay":
            return f"{s.rule('18.4')} B: only the second army, only with free invasions, only from June to July"
        return None
