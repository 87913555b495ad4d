"""The Allied supply phase's one decision (§6.2): which units a supply point over capacity leaves out of supply."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from . import refusals
from .data import units
from .position import UNIT_FACTS, Position
from .supply import allied_assignment, surplus_choices

ORDER_FREE = (*UNIT_FACTS, "allied_sources", "allied_lines", "allied_capacity", "german_supplied")


class Surplus(Step[Position]):
    """``supply UNIT`` serves that unit first (a unit the matching had left out goes in, another goes out, never one
    on a supply point or one chosen before); ``done`` accepts. Offered only when a choice exists."""

    name = "surplus"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        if not surplus_choices(s):
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        out = [units()[u].label for u, src in allied_assignment(s).items() if src is None]
        return (f"Supply points over capacity ({s.rule('6.2')}): out of supply now — {', '.join(out)}. "
                "Choose a unit to supply instead, or done")

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [*(act("supply", u) for u in surplus_choices(s)), act("done")]

    def on_supply(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.g["supply_priority"] = [*s.g["supply_priority"], uid]
        s.touch_keeping(ORDER_FREE)  # the choice changes who is served, not where the units are or the lines
        displaced = [u for u, src in allied_assignment(s).items() if src is None]
        s.emit("supply_choice", unit=uid, rule=s.rule("6.2"),
               text=f"{units()[uid].label} is supplied first; out of supply: "
                    f"{', '.join(units()[u].label for u in displaced) or 'none'}")
        if not surplus_choices(s):
            s.end()

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.supply(s, f, a)


__all__ = ["Surplus"]
