"""A test-only game built to trap agents in loops (issue 33).

Two sides, north and south, take ``turns`` turns of one phase each. In its phase a side may
``march`` (progress: up to three times a phase), ``pick`` a column and then ``go`` (progress) or
``cancel`` (back out, nothing changed), switch its movement mode with ``strategic``/``normal`` (a
toggle that changes nothing else, like D-Day's strategic movement switch), or be ``done``. Its
``ai.py`` scores the toggle and the back-out above everything, so a greedy agent without a loop
guard switches modes (or picks and cancels) forever. With the option ``counted`` every toggle is
also counted on the board, so positions never repeat and only the server's watchdog can end the
loop. After the last turn the side that marched more wins.
"""

from __future__ import annotations

from typing import Any

from westfront.core.actions import Action, act
from westfront.core.state import GameInfo, OptionInfo, Result, ScenarioInfo, State, Step, steps_table

SIDES = ("north", "south")
MARCHES = 3  # marches a phase allows

INFO = GameInfo(
    id="loop-toy",
    title="Loop toy (test game)",
    players=SIDES,
    scenarios=(ScenarioInfo("only", "The only scenario"),),
    options=(OptionInfo("turns", "Game length (turns)", "", 2, (1, 2, 3)),
             OptionInfo("counted", "Toggles are counted", "every mode switch changes the position", False)),
    description="A game whose toggle and back-out trap greedy agents in loops.",
    cite_as=("loop",),
)
RULE_SECTIONS = (("1", "Phases, marching, the mode toggle", "tests/ai/loopgame"),)


class Phase(Step["GameState"]):
    name = "phase"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"{f['side']}: march, pick, switch mode ({f['mode']}) or done"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = [act("normal" if f["mode"] == "strategic" else "strategic"), act("pick")]
        if f["marched"] < MARCHES:
            out.append(act("march"))
        return [*out, act("done")]

    def on_strategic(self, s: GameState, f: dict[str, Any]) -> None:
        self._switch(s, f, "strategic")

    def on_normal(self, s: GameState, f: dict[str, Any]) -> None:
        self._switch(s, f, "normal")

    @staticmethod
    def _switch(s: GameState, f: dict[str, Any], mode: str) -> None:
        f["mode"] = mode
        if s.g["meta"]["options"].get("counted"):
            s.g["switches"] += 1

    def on_march(self, s: GameState, f: dict[str, Any]) -> None:
        f["marched"] += 1
        s.g["marches"][f["side"]] += 1

    def on_pick(self, s: GameState, f: dict[str, Any]) -> None:
        s.call("pick", side=f["side"])

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if ret:
            self.on_march(s, f)

    def on_done(self, s: GameState, f: dict[str, Any]) -> None:
        g = s.g
        if f["side"] == SIDES[0]:
            s.goto("phase", side=SIDES[1], mode="normal", marched=0)
            return
        if g["turn"] >= g["meta"]["options"]["turns"]:
            n, so = g["marches"]["north"], g["marches"]["south"]
            winner = "north" if n > so else "south" if so > n else None
            s.finish(Result(winner, "marches", f"marches: north {n}, south {so}", {}))
            return
        g["turn"] += 1
        s.goto("phase", side=SIDES[0], mode="normal", marched=0)


class Pick(Step["GameState"]):
    name = "pick"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "go, or cancel the pick"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("go"), act("cancel")]

    def on_go(self, s: GameState, f: dict[str, Any]) -> None:
        s.end(True)

    def on_cancel(self, s: GameState, f: dict[str, Any]) -> None:
        s.end(False)


class GameState(State):
    STEPS = steps_table(Phase, Pick)
    INFO = INFO
    __slots__ = ()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        self.g.update(turn=1, marches={"north": 0, "south": 0}, switches=0)
        self.call("phase", side=SIDES[0], mode="normal", marched=0)

    def view(self, player: str | None) -> dict[str, Any]:
        f = self.frame() or {}
        return self.base_view(player) | {"turn": self.g["turn"], "marches": dict(self.g["marches"]),
                                         "switches": self.g["switches"], "mode": f.get("mode")}
