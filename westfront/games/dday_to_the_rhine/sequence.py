"""The monthly turn as the sequence-of-play chart (7.0), with the checks between phases (8.0, 13.0, 14.0, 17.1).

Month: [invasion] -> [objective card] -> German reinforcements -> German
activation -> end of the German turn (supply losses, liberation, sudden death)
-> Allied RP and reinforcements -> Allied activation -> end of the Allied turn
(supply losses, cities reverting) -> next month, or the end-of-game check after
the last one.
"""

from __future__ import annotations

from typing import Any

from ...core.state import Procedure, Result
from .hidden import draw_objective
from .position import Position
from .upkeep import allied_rp, end_of_turn, german_rp, new_month
from .victory import christmas_won, final_result, last_month


class Month(Procedure[Position]):
    """One monthly turn; each stage is a phase of the 7.0 chart, decisions are child steps."""

    name = "month"
    stages = ("start", "invasion", "objective", "german_reinforcements", "german_activation", "german_turn_end",
              "allied_reinforcements", "allied_activation", "allied_turn_end", "month_end")
    # saves written before stages had names count them 0..9 in this same order
    legacy_stages = stages

    def start(self, s: Position, f: dict[str, Any]) -> None:
        """7.0: a new month clears the markers and brings due reinforcements to the arrival box."""
        new_month(s)

    def invasion(self, s: Position, f: dict[str, Any]) -> None:
        """6.1, 18.4: the landings due this month come before the German turn."""
        g = s.g
        todo = [x for x in g["inv"]["pending"] if x["turn"] == s.turn]
        if todo:
            g["phase"], g["phase_side"] = "Invasion", "allied"
            s.call("invasion", armies=[x["unit"] for x in todo], first=s.turn == g["first"])

    def objective(self, s: Position, f: dict[str, Any]) -> None:
        """18.2: with variable objectives the Allies draw (or choose) their card in September."""
        g = s.g
        if s.options.get("objectives", "off") != "off" and s.turn == 4 and g["objective"] is None \
                and g["victory"] == "standard":
            if s.options["objectives"] == "random":
                draw_objective(s)
            else:
                g["phase"], g["phase_side"] = "Objective card", "allied"
                s.call("objective")

    def german_reinforcements(self, s: Position, f: dict[str, Any]) -> None:
        """7.0 phase 1, 19.0: the German RP for the month, then reinforcements and replacements."""
        g = s.g
        g["phase"], g["phase_side"] = "German reinforcements and replacements", "german"
        s.mut("rp")["german"] = german_rp(s)
        s.emit("rp", side="german", rp=g["rp"]["german"], rule=s.rule("19.0"),
               text=f"German RP for {s.month()}: {g['rp']['german']}")
        s.call("reinforce", side="german")

    def german_activation(self, s: Position, f: dict[str, Any]) -> None:
        """7.0 phase 2: German movement and combat."""
        self.activate(s, "german")

    def german_turn_end(self, s: Position, f: dict[str, Any]) -> None:
        """13.0, 14.0, 17.1: German supply losses and liberation; no Allied unit left is a German win."""
        self.turn_end(s, "german")

    def allied_reinforcements(self, s: Position, f: dict[str, Any]) -> str | None:
        """7.0 phase 3, 8.0: Allied RP (track plus port capacity, at most 24), then reinforcements."""
        g = s.g
        if g["skip_allied_first"] and s.turn == g["first"]:
            return "month_end"  # the scenario begins after the Allied phases of its first month
        total, base, pc = allied_rp(s)
        s.mut("rp")["allied"] = total
        g["pc"] = pc
        g["phase"], g["phase_side"] = "Allied reinforcements and replacements", "allied"
        s.emit("rp", side="allied", rp=total, base=base, pc=pc, rule=s.rule("8.0"),
               text=f"Allied RP for {s.month()}: {base} + port capacity {pc} = {total} (max 24)")
        s.call("reinforce", side="allied")
        return None

    def allied_activation(self, s: Position, f: dict[str, Any]) -> None:
        """7.0 phase 4: Allied movement and combat."""
        self.activate(s, "allied")

    def allied_turn_end(self, s: Position, f: dict[str, Any]) -> None:
        """13.0, 14.0, 18.3: Allied supply losses, cities reverting; Home by Christmas may end the game."""
        self.turn_end(s, "allied")

    def month_end(self, s: Position, f: dict[str, Any]) -> None:
        """17.2: after the last month the victory levels decide; otherwise the next month begins.
        18.2: under Single Thrust the game lasts 9 months, to the end of February."""
        g = s.g
        if s.turn >= last_month(s):
            s.finish(final_result(s))
            return
        g["turn"] += 1
        s.touch()  # supply edges change with the month (13.0)
        s.goto("month")

    @staticmethod
    def activate(s: Position, side: str) -> None:
        s.g["phase"] = f"{side.capitalize()} activation"
        s.call("activation", side=side)

    @staticmethod
    def turn_end(s: Position, side: str) -> None:
        """End of a player turn: 13.0/14.0 clean-up, unused RP lost (8.0), then the sudden-death checks."""
        end_of_turn(s, side)
        s.mut("rp")[side] = 0
        if side == "german" and not s.on_map("allied") and not s.g["inv"]["pending"]:
            # 17.1 (with 18.4 B): a landing still to come means the Allies have not been thrown out yet
            s.finish(Result("german", "sudden death", "no Allied units are on the continent (17.1)", {}))
        elif side == "allied" and s.g["victory"] == "christmas" and christmas_won(s):
            s.finish(Result("allied", "scenario", "an Allied army stands in supply east of the Rhine (18.3)", {}))
