"""Decisions outside the actions: a tied Axis placement (the player to the right) and FFI movement."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from . import ffi
from .position import Position


class AxisTie(Step[Position]):
    """rttr Place Axis marker example: spaces tie on every criterion, the player to the right decides."""

    name = "axis_tie"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["player"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Place {s.commander_name(f['commander'])}'s Axis marker: the spaces tie, choose one"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("place", x) for x in f["spaces"]]

    def on_place(self, s: Position, f: dict[str, Any], sid: str) -> None:
        s.end(sid)


class AxisChoice(Step[Position]):
    """rttr 12 (reconstructed): the Axis reaction may counter-attack a rival's exposed Control marker instead of
    following the aid (SUSD review: Bradley 'bribed Axis troops to cut Patton's overextended supply lines')."""

    name = "axis_choice"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["commander"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return ("Axis reaction: counter-attack a rival's exposed Control marker, or place the Axis marker "
                "by your aid")

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("counter", x) for x in f["spaces"]] + [act("aid")]

    def on_counter(self, s: Position, f: dict[str, Any], sid: str) -> None:
        s.end(sid)

    def on_aid(self, s: Position, f: dict[str, Any]) -> None:
        s.end(None)


class FfiMove(Step[Position]):
    """rttr FFI movement: move one FFI marker one link, or pass."""

    name = "ffi_move"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["commander"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "FFI movement: move one FFI marker to an adjacent space, or pass"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("ffi", a, b) for a, b in ffi.ffi_moves(s)] + [act("pass")]

    def on_ffi(self, s: Position, f: dict[str, Any], a: str, b: str) -> None:
        s.set_ffi(a, s.gg["ffi"][a] - 1)
        s.set_ffi(b, s.gg["ffi"].get(b, 0) + 1)
        s.emit("ffi_move", side="patch_devers", hex=b, rule=s.rule("3.3.1 FFI movement"),
               text=f"An FFI marker moves {s.label(a)} → {s.label(b)}")
        s.end()

    def on_pass(self, s: Position, f: dict[str, Any]) -> None:
        s.end()
