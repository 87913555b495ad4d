"""The Allied tactical air support phase (§11): close air defence, unit interdiction, river interdiction."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from . import movement
from .data import units
from .position import UNIT_FACTS, Position
from .steps_landing import regions_for


class TacticalAir(Step[Position]):
    """``cad HEX`` (+1 DF to an Allied hex, §11.1), ``interdict UNIT`` (no strategic move, §11.2),
    ``river`` then a hex (its river sides stop German movement, §11.3), one fighter each; ``done``."""

    name = "tactical_air"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Tactical air missions ({s.g['fighters']} fighters available), or done"

    def cad_hexes(self, s: Position) -> list[str]:
        b = s.board
        m = b.m
        out: set[str] = set()
        for uid in s.on_continent("allied"):
            h = s.unit(uid)["hex"]
            if h is None or h in s.g["cad"]:
                continue
            if any(s.side_at(m.label(n)) == "german" for n in m.nbrs[m.index[h]]):
                out.add(h)
        return sorted(out)

    def interdict_units(self, s: Position) -> list[str]:
        return [u for u in s.on_continent("german") if u not in s.g["interdicted"]
                and units()[u].type in movement.STRATEGIC_GERMAN_TYPES]

    def river_hexes(self, s: Position) -> list[str]:
        taken = set(s.g["river_interdicted"])
        return [h for h in s.board.river_hexes if h not in taken]

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out: list[Action] = []
        if s.g["fighters"] > 0:
            out += [act("cad", h) for h in self.cad_hexes(s)]
            out += [act("interdict", u) for u in self.interdict_units(s)]
            out.append(act("river"))
        out.append(act("done"))
        return out

    def on_cad(self, s: Position, f: dict[str, Any], label: str) -> None:
        s.g["cad"][label] = 1
        s.g["fighters"] -= 1
        s.emit("air", mission="cad", hex=label, rule=s.rule("11.1"), text=f"Close air defence over {label}")

    def on_interdict(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.g["interdicted"].append(uid)
        s.g["fighters"] -= 1
        s.touch_keeping(UNIT_FACTS)  # moves no unit: only what movement may do changes
        s.emit("air", mission="interdict", unit=uid, rule=s.rule("11.2"), text=f"{units()[uid].label} is interdicted")

    def on_river(self, s: Position, f: dict[str, Any]) -> None:
        s.call("hex_choice", player="allied", question="River interdiction over", regions=regions_for(s, self.river_hexes(s)))

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        s.g["river_interdicted"].append(ret)
        s.g["fighters"] -= 1
        s.touch_keeping(UNIT_FACTS)  # moves no unit: only what movement may do changes
        s.emit("air", mission="river", hex=ret, rule=s.rule("11.3"), text=f"River interdiction over {ret}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()
