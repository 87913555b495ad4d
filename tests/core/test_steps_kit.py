"""The sequence-of-play kit: Procedure stages, handlers named after actions, Choice,
HexChoice, the attack builder and forced dice, on a tiny game defined here."""

from __future__ import annotations

from typing import Any

import pytest

from westfront.core.errors import IllegalAction
from westfront.core.state import GameInfo, Procedure, ScenarioInfo, State, Step
from westfront.core.steps import game_steps
from westfront.testing.dice import forced_dice
from westfront.testing.kit import enter, legal, play

INFO = GameInfo("kit", "kit test", ("a", "b"), (ScenarioInfo("only", "only"),), cite_as=("kit",))


class Day(Procedure["KitState"]):
    name = "day"
    stages = ("dawn", "ask", "count", "dusk")
    legacy_stages = ("dawn", "ask", "count", "dusk")

    def dawn(self, s: KitState, f: dict[str, Any]) -> None:
        s.g["trace"].append("dawn")

    def ask(self, s: KitState, f: dict[str, Any]) -> None:
        s.call("choice", player="a", question="Again?", answers=["yes", "no"], rule="kit 1")

    def ask_done(self, s: KitState, f: dict[str, Any], ret: Any) -> str | None:
        s.g["trace"].append(f"answer {ret}")
        return "ask" if ret == "yes" and s.g["trace"].count("answer yes") < 2 else None

    def count(self, s: KitState, f: dict[str, Any]) -> str | None:
        s.g["trace"].append("count")
        return "dusk"

    def dusk(self, s: KitState, f: dict[str, Any]) -> None:
        s.g["trace"].append("dusk")
        s.call("pick")


class Pick(Step["KitState"]):
    name = "pick"

    def player(self, s: KitState, f: dict[str, Any]) -> str:
        return "b"

    def actions(self, s: KitState, f: dict[str, Any]) -> list:
        from westfront.core.actions import act

        return [act("roll"), act("go-on", "x")]

    def on_roll(self, s: KitState, f: dict[str, Any]) -> None:
        s.g["trace"].append(s.roll(6, why="test")[0])

    def on_go_on(self, s: KitState, f: dict[str, Any], arg: str) -> None:
        s.g["trace"].append(f"go-on {arg}")
        s.end()


class KitState(State):
    INFO = INFO

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        self.g["trace"] = []
        self.call("day")


KitState.STEPS = game_steps(Day, Pick)


def new() -> KitState:
    return KitState.new("only", {}, 1)  # type: ignore[return-value]


def test_stages_run_in_order_and_wait_for_a_decision():
    s = new()
    assert s.g["trace"] == ["dawn"]
    assert s.frames()[0]["stage"] == "ask"  # stored by name, JSON-able
    assert legal(s) == ["yes", "no"] and s.current_player() == "a" and s.prompt() == "Again?"


def test_done_hook_may_repeat_a_stage_and_a_stage_may_skip_ahead():
    s = new()
    play(s, "yes", "yes")
    # ask repeated while the hook said so; count jumped straight to dusk; dusk called a child
    assert s.g["trace"] == ["dawn", "answer yes", "answer yes", "count", "dusk"]
    assert s.frame()["step"] == "pick"


def test_handlers_are_named_after_the_verb():
    s = new()
    play(s, "no", "go-on x")
    assert s.g["trace"][-1] == "go-on x"
    assert s.is_terminal()  # the procedure ended after its last stage


def test_a_save_with_a_numbered_stage_resumes_by_name():
    s = new()
    s.g["flow"][0]["stage"] = 1  # as written before stages had names
    play(s, "no")
    assert s.g["trace"][-2:] == ["count", "dusk"]


def test_illegal_answer_changes_nothing():
    s = new()
    before = s.hash()
    with pytest.raises(IllegalAction):
        s.apply("maybe")
    assert s.hash() == before


def test_forced_dice_choose_the_next_faces():
    s = new()
    play(s, "no")
    with forced_dice(s, 5):
        play(s, "roll")
    assert s.g["trace"][-1] == 5
    with pytest.raises(AssertionError, match="unrolled"), forced_dice(s, 2, 3):
        play(s, "roll")
    with pytest.raises(ValueError, match="between 1 and 6"), forced_dice(s, 9):
        play(s, "roll")


def test_enter_starts_a_chosen_step():
    s = new()
    enter(s, {"step": "day", "stage": "dusk"}, resume=False)
    assert s.g["trace"][-1] == "dawn"  # begin starts a procedure from its first stage
    enter(s, {"step": "pick"})
    assert legal(s) == ["roll", "go-on x"]


def test_hex_choice_goes_region_then_hex_and_back():
    s = new()
    regions = {"north": [f"01{r:02d}" for r in range(1, 20)], "south": [f"02{r:02d}" for r in range(1, 20)]}
    enter(s, {"step": "day", "stage": "dusk"}, {"step": "hex_choice", "player": "b", "question": "Place it",
                                                 "regions": regions, "region": None})
    assert legal(s) == ["region north", "region south"]
    play(s, "region south")
    assert "hex 0205" in legal(s) and "hex 0105" not in legal(s) and legal(s)[-1] == "back"
    events = play(s, "back", "region north", "hex 0103")
    assert s.is_terminal() and not events  # the choice ended, then the day after its last stage


def test_hex_choice_offers_few_hexes_at_once():
    s = new()
    enter(s, {"step": "hex_choice", "player": "b", "question": "Place it", "regions": {"a": ["0101"], "b": ["0202"]}})
    assert legal(s) == ["hex 0101", "hex 0202"]


def test_game_info_opponent_and_rule_citation():
    assert INFO.opponent("a") == "b" and INFO.opponent("b") == "a"
    with pytest.raises(ValueError):
        INFO.opponent("c")
    assert new().rule("7.2") == "kit 7.2"


def test_stage_names_must_be_methods():
    with pytest.raises(TypeError, match="must name a method"):
        type("Bad", (Procedure,), {"name": "bad", "stages": ("begin",)})
