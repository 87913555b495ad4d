"""Patrols' rules: INFO, RULE_SECTIONS, the steps and GameState (the recipe's step 2)."""

from __future__ import annotations

from typing import Any

from westfront.core.actions import Action, act
from westfront.core.state import GameInfo, OptionInfo, Result, ScenarioInfo, Step
from westfront.core.steps import game_steps

from .position import MAP_FILE as MAP_FILE
from .position import SIDES, START, Position

INFO = GameInfo(
    id="patrols",
    title="Patrols (the recipe's toy game)",
    players=SIDES,
    scenarios=(ScenarioInfo("patrols", "Patrols", "Two patrols a side."),),
    options=(OptionInfo("turns", "Game length (turns)", "", 12, (8, 12)),),
    description="A toy game written by docs/ARCHITECTURE.md's recipe for adding a game.",
    cite_as=("patrols",),
)

RULE_SECTIONS = (
    ("1", "Sides and turns", "rules.py: Turn"),
    ("2", "Move, fire or pass", "rules.py: Turn.on_move, on_fire, on_pass"),
    ("3", "Victory", "rules.py: Turn.next_side"),
)


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


class Turn(Step[Position]):
    """One side's turn (patrols 1-2)."""

    name = "turn"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"{f['side'].capitalize()}: move, fire or pass (turn {s.g['turn']} of {s.g['max_turns']})"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out: list[Action] = []
        for uid in s.patrols(f["side"]):
            out += [act("move", uid, h) for h in s.empty_land_next_to(uid)]
            out += [act("fire", uid, t) for t in s.enemies_next_to(uid)]
        out.append(act("pass"))
        return out

    def on_move(self, s: Position, f: dict[str, Any], uid: str, label: str) -> None:
        s.move_piece(uid, label)
        s.emit("move", text=f"{uid} moves to {label}", unit=uid, hex=label, rule=s.rule("2"))
        self.next_side(s, f)

    def on_fire(self, s: Position, f: dict[str, Any], uid: str, target: str) -> None:
        (die,) = s.roll(6, why=f"{uid} fires at {target}", side=f["side"], rule=s.rule("2"))
        if die >= 5:
            s.remove_piece(target, "lost")
            s.emit("eliminated", text=f"{target} is eliminated", unit=target, rule=s.rule("2"))
        self.next_side(s, f)

    def on_pass(self, s: Position, f: dict[str, Any]) -> None:
        self.next_side(s, f)

    def next_side(self, s: Position, f: dict[str, Any]) -> None:
        left = {sd: len(s.patrols(sd)) for sd in SIDES}
        if not all(left.values()):
            winner = max(left, key=left.__getitem__)
            s.finish(Result(winner, reason=f"{other(winner).capitalize()} has no patrol left (patrols 3)"))
            return
        if f["side"] == SIDES[1]:
            if s.g["turn"] == s.g["max_turns"]:
                a, b = left[SIDES[0]], left[SIDES[1]]
                winner = None if a == b else SIDES[0] if a > b else SIDES[1]
                s.finish(Result(winner, reason=f"{a} patrols to {b} after the last turn (patrols 3)"))
                return
            s.g["turn"] += 1
        s.goto("turn", side=other(f["side"]))


class GameState(Position):
    INFO = INFO
    STEPS = game_steps(Turn)

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        g = self.g
        g["turn"] = 1
        g["max_turns"] = options["turns"]
        g["units"] = {uid: {"id": uid, "side": sd, "hex": h, "box": None} for sd in SIDES for uid, h in START[sd]}
        self.call("turn", side=SIDES[0])

    def view(self, player: str | None) -> dict[str, Any]:
        v = self.base_view(player)
        v.update({"turn": self.g["turn"], "max_turns": self.g["max_turns"],
                  "units": [dict(u) for u in self.g["units"].values()]})
        return v
