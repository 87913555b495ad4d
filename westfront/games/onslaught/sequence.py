"""The turn sequence (onslaught 4.0, 5.0, 12.0): Action Step, German Reserve Step, Reinforcement Step.

The Action Step alternates actions: the Allies act first (the Germans, on the
turn of their Bulge counteroffensive), then both players roll a die after every
action and the higher roll takes the next one. A tie, two passes in a row from
both players, or both players out of supply points end it; under the Bulge the
German player may ignore the first tie.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act
from ...core.state import Step
from .tables import SUPPLY, TURNS
from .units import UNITS
from .victory import allied_automatic, final_result, german_automatic

if TYPE_CHECKING:
    from .state import GameState

R = "onslaught"


def check_german_automatic(s: GameState) -> bool:
    r = german_automatic(s)
    if r is not None:
        s.finish(r)
        return True
    return False


class Turn(Step["GameState"]):
    """One game turn; the root of the flow. Stages run in order and the step re-enters itself."""

    name = "turn"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        from .state import turn_label

        s.touch()
        t = s.turn
        s.g["phase"] = "Start of turn"
        s.emit("turn", turn=t, text=turn_label(t), rule=f"{R} 4.0")
        for u in s.in_box("track"):  # 9.1: paratroops due this turn return to the box before the first action
            if s.unit(u).get("back") == t:
                s.unit(u)["box"] = "para"
                s.unit(u).pop("back", None)
                s.emit("para_ready", unit=u, side="allied", rule=f"{R} 9.1",
                       text=f"{UNITS[u].name} returns to the Paratroop box")
        f["stage"] = 0
        if int(TURNS["bulge_first"]) <= t <= int(TURNS["bulge_last"]) and not s.g["bulge"]["used"]:
            s.call("bulge_choice")
            return
        self.resume(s, f, None)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        st = f["stage"]
        f["stage"] += 1
        if st == 0:
            bulge = s.g["bulge"]["turn"] == s.turn
            s.call("action_step", first="german" if bulge else "allied", bulge=bulge)
        elif st == 1:
            if check_german_automatic(s):
                return
            s.call("reserve_step")
        elif st == 2:
            s.call("overstack", sides=["german", "allied"], rule=f"{R} 6.3")
        elif st == 3:
            s.call("reinforcement_step", stage=0)
        else:
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
            s.g["vp"] = r.scores
            s.finish(r)


class BulgeChoice(Step["GameState"]):
    """12.0: from turn 12 to 17, once, the German player may launch his counteroffensive."""

    name = "bulge_choice"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Turn {s.turn}: launch the counteroffensive (Bulge) now? (+{SUPPLY.bulge_bonus} supply, first action)"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("bulge"), act("decline")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        if a.verb == "bulge":
            s.g["bulge"] = {"used": True, "turn": s.turn}
            s.emit("bulge", side="german", rule=f"{R} 12.0",
                   text=f"The Germans launch their counteroffensive on turn {s.turn}")
            s.gain("german", SUPPLY.bulge_bonus, "the counteroffensive", f"{R} 12.0")
        s.end()


class ActionStep(Step["GameState"]):
    """4.0, 5.0: alternate actions decided by die rolls until a tie or two passes."""

    name = "action_step"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.g["phase"] = "Action Step"
        f.update(passed=[], ties=0, waiting=None, last=f["first"])
        s.emit("action_step", first=f["first"], rule=f"{R} 5.0",
               text=f"Action Step: {f['first'].capitalize()} takes the first action")
        s.call("action", side=f["first"])

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        if f["waiting"] == "tie":
            f["waiting"] = None
            if ret == "act":
                f["last"] = "german"
                s.call("action", side="german", rolled=True)
            else:
                self.close(s, "the German player ends the Action Step after the tie")
            return
        if ret == "pass":
            if f["last"] not in f["passed"]:
                f["passed"].append(f["last"])
        else:
            f["passed"] = []
        if check_german_automatic(s):
            return
        if len(f["passed"]) == 2:
            self.close(s, "both players passed")
            return
        sp = s.g["sp"]
        emergency = s.options.get("emergency_supplies") and s.turn == s.last_turn()
        if sp["allied"] == 0 and sp["german"] == 0 and not emergency:
            self.close(s, "both players are out of supply points")
            return
        a = s.roll(6, why="initiative", side="allied", rule=f"{R} 5.0")[0]
        g = s.roll(6, why="initiative", side="german", rule=f"{R} 5.0")[0]
        if a == g:
            if f["bulge"] and f["ties"] == 0:
                f["ties"] = 1
                f["waiting"] = "tie"
                s.emit("tie", allied=a, german=g, rule=f"{R} 12.0",
                       text=f"Tied roll ({a}-{g}): under the counteroffensive the German player may act anyway")
                s.call("bulge_tie")
                return
            self.close(s, f"tied roll ({a}-{g})")
            return
        winner = "allied" if a > g else "german"
        f["last"] = winner
        s.emit("initiative", allied=a, german=g, winner=winner, rule=f"{R} 5.0",
               text=f"Initiative {a}-{g}: {winner.capitalize()} takes the next action")
        s.call("action", side=winner, rolled=True)

    @staticmethod
    def close(s: GameState, why: str) -> None:
        s.emit("action_step_end", rule=f"{R} 5.0", text=f"The Action Step ends: {why}")
        s.end()


class BulgeTie(Step["GameState"]):
    """12.0: the first tie of the counteroffensive turn need not end the Action Step."""

    name = "bulge_tie"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return "First tie of the counteroffensive: take an action, or let the Action Step end?"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        return [act("act"), act("end")]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        s.end(a.verb)


class ReserveStep(Step["GameState"]):
    """4.0: the German player's final strategic moves, one supply point per stack."""

    name = "reserve_step"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        s.g["phase"] = "German Reserve Step"
        if s.g["sp"]["german"] < 1:
            s.emit("reserve_step", side="german", rule=f"{R} 4.0",
                   text="German Reserve Step: no supply points, no strategic moves")
            s.end()
            return
        s.begin_action("german", "reserve")
        s.call("movement_action", side="german", reserve=True)

    def resume(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        s.g["act"] = None
        s.end()


class Overstack(Step["GameState"]):
    """6.3: more than three divisions in a hex at the end of an action or step: the owner removes the excess."""

    name = "overstack"

    def first(self, s: GameState, f: dict[str, Any]) -> tuple[str, int] | None:
        for side in f["sides"]:
            for h, us in sorted(s.occupancy().items()):
                if len(us) > 3 and UNITS[us[0]].side == side:
                    return side, h
        return None

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        if self.first(s, f) is None:
            s.end()

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        got = self.first(s, f)
        assert got is not None
        return got[0]

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        got = self.first(s, f)
        assert got is not None
        return f"More than three divisions at {s.map.label(got[1])}: remove one (it is eliminated)"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        got = self.first(s, f)
        assert got is not None
        return [act("remove", u) for u in s.at(got[1])]

    def apply(self, s: GameState, f: dict[str, Any], a: Action) -> None:
        s.eliminate(a.args[0], "overstacked", f"{R} 6.3")
        if self.first(s, f) is None:
            s.end()


STEPS = (Turn, BulgeChoice, ActionStep, BulgeTie, ReserveStep, Overstack)
