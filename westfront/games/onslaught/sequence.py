"""The sequence of play (onslaught 4.0, 5.0, 12.0), read like the rulebook's chart.

A turn: the Bulge decision on turns 12-17, the Action Step (alternating actions
decided by die rolls), the German Reserve Step, the stacking check, the
Reinforcement Step, then the end-of-turn victory checks. Each stage is a short
method citing its rule; the decisions are in the ``steps_*`` modules.
"""

from __future__ import annotations

from typing import Any

from ...core.state import Procedure
from .data import SUPPLY, TURNS, UNITS, turn_label
from .position import Position
from .supply import capture_supply
from .victory import allied_automatic, final_result, german_automatic, log_score


def check_german_automatic(s: Position) -> bool:
    """13.1, checked after every action and at the end of the turn; ends the game when it holds."""
    r = german_automatic(s)
    if r is not None:
        s.finish(r)
        return True
    return False


class Turn(Procedure[Position]):
    """4.0: one game turn; the root of the flow, re-entered for the next turn."""

    name = "turn"
    stages = ("start", "bulge", "action_step", "reserve_step", "overstack", "reinforcements", "end_of_turn")
    # saves written before named stages held the index of the stage after the one waiting
    legacy_stages = ("bulge", "action_step", "reserve_step", "overstack", "reinforcements")

    def start(self, s: Position, f: dict[str, Any]) -> None:
        """4.0; 9.1: paratroops due this turn return to the Paratroop box before the first action."""
        s.touch()
        t = s.turn
        s.g["phase"] = "Start of turn"
        s.emit("turn", turn=t, text=turn_label(t), rule=s.rule("4.0"))
        for u in s.in_box("track"):
            if s.unit(u).get("return_turn") == t:
                s.remove_from_map(u, "para")  # the kit keeps the box lists
                s.edit_unit(u).pop("return_turn", None)
                s.emit("para_ready", unit=u, side="allied", rule=s.rule("9.1"),
                       text=f"{UNITS[u].name} returns to the Paratroop box")

    def bulge(self, s: Position, f: dict[str, Any]) -> None:
        """12.0: once, on turns 12-17, the German player may launch his counteroffensive."""
        if int(TURNS["bulge_first"]) <= s.turn <= int(TURNS["bulge_last"]) and not s.g["bulge"]["used"]:
            s.call("choice", player="german", answers=["bulge", "decline"], rule=s.rule("12.0"),
                   question=f"Turn {s.turn}: launch the counteroffensive (Bulge) now? "
                            f"(+{SUPPLY.bulge_bonus} supply, first action)")

    def bulge_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret == "bulge":
            s.g["bulge"] = {"used": True, "turn": s.turn}
            s.emit("bulge", side="german", rule=s.rule("12.0"),
                   text=f"The Germans launch their counteroffensive on turn {s.turn}")
            s.gain("german", SUPPLY.bulge_bonus, "the counteroffensive", s.rule("12.0"))

    def action_step(self, s: Position, f: dict[str, Any]) -> None:
        """5.0: the Allies act first; the Germans on the turn of their counteroffensive (12.0)."""
        bulge = s.g["bulge"]["turn"] == s.turn
        s.call("action_step", first="german" if bulge else "allied", bulge=bulge)

    def reserve_step(self, s: Position, f: dict[str, Any]) -> None:
        """4.0: the German Reserve Step (after the 13.1 check)."""
        if not check_german_automatic(s):
            s.call("reserve_step")

    def overstack(self, s: Position, f: dict[str, Any]) -> None:
        """6.3: stacking is checked at the end of every step."""
        s.call("overstack", sides=["german", "allied"], rule=s.rule("6.3"))

    def reinforcements(self, s: Position, f: dict[str, Any]) -> None:
        """4.0: the Reinforcement Step."""
        s.call("reinforcement_step")

    def end_of_turn(self, s: Position, f: dict[str, Any]) -> None:
        """13.0-13.3: automatic victories, then the next turn or the final count."""
        log_score(s)
        if check_german_automatic(s):
            return
        if s.turn < s.last_turn():
            r = allied_automatic(s)
            if r is not None:
                s.finish(r)
                return
            s.g["turn"] += 1
            s.touch()
            s.goto("turn")
            return
        r = final_result(s)
        s.g["victory_points"] = r.scores
        s.finish(r)


class ActionStep(Procedure[Position]):
    """4.0, 5.0: alternate actions decided by die rolls until a tie, two passes or no supply."""

    name = "action_step"
    stages = ("first_action", "next_action")

    def stage_of(self, f: dict[str, Any]) -> str:
        f.setdefault("stage", "next_action")  # saves from before named stages kept none here
        return super().stage_of(f)

    def first_action(self, s: Position, f: dict[str, Any]) -> None:
        """5.0: the first action needs no roll."""
        s.g["phase"] = "Action Step"
        f.update(passed=[], ties=0, last=f["first"])
        s.emit("action_step", first=f["first"], rule=s.rule("5.0"),
               text=f"Action Step: {f['first'].capitalize()} takes the first action")
        s.call("action", side=f["first"])

    def first_action_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        self.note(f, ret)

    def next_action(self, s: Position, f: dict[str, Any]) -> None:
        """5.0: two passes in a row, no supply points on either side, or a tied roll end the step."""
        if check_german_automatic(s):
            return
        if len(f["passed"]) == 2:
            self.close(s, "both players passed")
            return
        emergency = s.options.get("emergency_supplies") and s.turn == s.last_turn()
        if s.supply_points("allied") == 0 and s.supply_points("german") == 0 and not emergency:
            self.close(s, "both players are out of supply points")
            return
        a = s.roll(6, why="initiative", side="allied", rule=s.rule("5.0"))[0]
        g = s.roll(6, why="initiative", side="german", rule=s.rule("5.0"))[0]
        if a == g:
            if f["bulge"] and f["ties"] == 0:  # 12.0: the first tie of the counteroffensive turn
                f["ties"] = 1
                s.emit("tie", allied=a, german=g, rule=s.rule("12.0"),
                       text=f"Tied roll ({a}-{g}): under the counteroffensive the German player may act anyway")
                s.call("choice", player="german", answers=["act", "end"], rule=s.rule("12.0"),
                       question="First tie of the counteroffensive: take an action, or let the Action Step end?")
                return
            self.close(s, f"tied roll ({a}-{g})")
            return
        winner = "allied" if a > g else "german"
        f["last"] = winner
        s.emit("initiative", allied=a, german=g, winner=winner, rule=s.rule("5.0"),
               text=f"Initiative {a}-{g}: {winner.capitalize()} takes the next action")
        s.call("action", side=winner, rolled=True)

    def next_action_done(self, s: Position, f: dict[str, Any], ret: Any) -> str | None:
        if ret == "act":  # 12.0: the German player acts after the tie
            f["last"] = "german"
            s.call("action", side="german", rolled=True)
            return None
        if ret == "end":
            self.close(s, "the German player ends the Action Step after the tie")
            return None
        self.note(f, ret)
        return "next_action"

    @staticmethod
    def note(f: dict[str, Any], ret: Any) -> None:
        """Passes in a row: an action that did something clears them."""
        if ret == "pass":
            if f["last"] not in f["passed"]:
                f["passed"].append(f["last"])
        else:
            f["passed"] = []

    @staticmethod
    def close(s: Position, why: str) -> None:
        s.emit("action_step_end", rule=s.rule("5.0"), text=f"The Action Step ends: {why}")
        log_score(s)
        s.end()


class ReinforcementStep(Procedure[Position]):
    """4.0: German reinforcements (then the free move of those entering at areas A and B), Allied
    reinforcements, German then Allied replacements, supply (captures, income, collection), stacking."""

    name = "reinforcement_step"
    stages = ("german_reinforcements", "german_free_move", "allied_reinforcements", "german_replacements",
              "allied_replacements", "supply", "stacking")
    # saves written before named stages held the index of the stage after the one waiting
    legacy_stages = ("german_reinforcements", *stages)

    def german_reinforcements(self, s: Position, f: dict[str, Any]) -> None:
        """10.2: German divisions due this turn enter."""
        s.g["phase"] = "Reinforcement Step"
        pending = [u for u in s.in_box("pending", "german") if UNITS[u].turn <= s.turn]
        s.emit("reinforcements", side="german", units=list(pending), rule=s.rule("10.2"),  # not the frame's list
               text=f"German reinforcements: {len(pending)} division(s)" if pending
               else "No German reinforcements this turn")
        s.call("reinforce", side="german", pending=pending, selected=None, zoom=None, entered=[], per_city={})

    def german_reinforcements_done(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        f["entered"] = list(ret or [])

    def german_free_move(self, s: Position, f: dict[str, Any]) -> None:
        """10.2: those that entered at areas A and B move at once, free."""
        if f.get("entered"):
            s.call("free_move", units=list(f["entered"]))

    def allied_reinforcements(self, s: Position, f: dict[str, Any]) -> None:
        """10.3, 9.1: Allied divisions due this turn and the delayed ones; paratroops go to their box."""
        pending = [u for u in s.in_box("pending", "allied") if UNITS[u].turn <= s.turn]
        for u in [u for u in pending if UNITS[u].entry == "para"]:
            pending.remove(u)
            s.remove_from_map(u, "para")
            s.emit("reinforcement", unit=u, side="allied", box="paratroop", rule=s.rule("9.1"),
                   text=f"{UNITS[u].name} arrives in the Paratroop box")
        pending += s.in_box("delayed", "allied")
        s.emit("reinforcements", side="allied", units=list(pending), rule=s.rule("10.3"),  # not the frame's list
               text=f"Allied reinforcements: {len(pending)} division(s)" if pending
               else "No Allied reinforcements this turn")
        s.call("reinforce", side="allied", pending=pending, selected=None, zoom=None, entered=[], per_city={})

    def german_replacements(self, s: Position, f: dict[str, Any]) -> None:
        """11.0: German replacements."""
        s.call("replace", side="german", selected=None, zoom=None)

    def allied_replacements(self, s: Position, f: dict[str, Any]) -> None:
        """11.0: Allied replacements."""
        s.call("replace", side="allied", selected=None, zoom=None)

    def supply(self, s: Position, f: dict[str, Any]) -> None:
        """8.7 captures, 8.1 the German allotment, then the Allied collection."""
        capture_supply(s)
        s.gain("german", SUPPLY.german_income, "the standard German allotment", s.rule("8.1"))
        s.call("collect", declined=[])

    def stacking(self, s: Position, f: dict[str, Any]) -> None:
        """6.3: stacking at the end of the step."""
        s.call("overstack", sides=["german", "allied"], rule=s.rule("6.3"))


STEPS = (Turn, ActionStep, ReinforcementStep)
