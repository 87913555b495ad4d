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
        n = s.g["fighters"]
        return f"Tactical air missions ({n} fighter{'' if n == 1 else 's'} available), or done"

    def cad_hexes(self, s: Position) -> list[str]:
        """§11.1: any hex occupied by Allied units (the German moves before it attacks, so not only hexes next to
        German units now), one fighter per hex."""
        out = {s.unit(uid)["hex"] for uid in s.on_continent("allied")}
        return sorted(h for h in out if h is not None and h not in s.g["cad"])

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        r = s.rule("11.1")
        if a.verb == "cad" and a.args:
            h = a.args[0]
            if s.g["fighters"] <= 0:
                return f"{s.rule('11')}: no fighter left this week (those flown on close air support are spent)"
            if h in s.g["cad"]:
                return f"{r}: {h} already has close air defence (one fighter per hex)"
            if s.side_at(h) != "allied" or h not in s.board.m.index or not (s.board.land >> s.board.m.index[h]) & 1:
                return f"{r}: close air defence goes to a hex occupied by Allied units; {h} holds none"
        if a.verb == "interdict" and a.args:
            if s.g["fighters"] <= 0:
                return f"{s.rule('11')}: no fighter left this week"
            uid = a.args[0]
            if uid in s.g["interdicted"]:
                return f"{s.rule('11.2')}: {units()[uid].label} is already interdicted (one fighter per unit)"
            return (f"{s.rule('11.2')}: only a German armoured, armoured infantry or airborne unit on the continent "
                    "(one that could move strategically) is worth interdicting")
        if a.verb == "river" and s.g["fighters"] <= 0:
            return f"{s.rule('11')}: no fighter left this week"
        return None

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
        s.mut("cad")[label] = 1
        s.g["fighters"] -= 1
        s.emit("air", mission="cad", hex=label, rule=s.rule("11.1"), text=f"Close air defence over {label}")

    def on_interdict(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.mut("interdicted").append(uid)
        s.g["fighters"] -= 1
        s.touch_keeping(UNIT_FACTS)  # moves no unit: only what movement may do changes
        s.emit("air", mission="interdict", unit=uid, rule=s.rule("11.2"), text=f"{units()[uid].label} is interdicted")

    def on_river(self, s: Position, f: dict[str, Any]) -> None:
        s.call("hex_choice", player="allied", question="River interdiction over", regions=regions_for(s, self.river_hexes(s)))

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        s.mut("river_interdicted").append(ret)
        s.g["fighters"] -= 1
        s.touch_keeping(UNIT_FACTS)  # moves no unit: only what movement may do changes
        s.emit("air", mission="river", hex=ret, rule=s.rule("11.3"), text=f"River interdiction over {ret}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()
