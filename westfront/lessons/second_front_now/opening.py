"""Second Front Now!: the sequence of play (5.0), then the examples of sections 2-6 in the rulebook's order."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME

SEQUENCE = Lesson(
    id="sfn-sequence", game=GAME, title="The sequence of play", section="SFN 5.0",
    summary="A game turn is a German player turn and then an Allied one; each has an administrative phase "
            "and a command phase.",
    setup=(("started", {"area": "calais"}),),
    steps=(
        Step("The Allies have chosen the Calais beaches and the German has set up (3.2, 3.4). Every game turn "
             "is one day: the German player turn comes first, then the Allied player turn (5.2).", "SFN 5.2"),
        Step("In his administrative phase the German may, on turn 1 only, launch Operation Blue Point against "
             "the Allied command. Decline it here: we keep the dice out of this lesson.", "SFN 15.7", "decline"),
        Step("Now the German command phase: each command point moves or attacks with one stack (6.0). End the "
             "phase without a command.", "SFN 6.0", "end",
             before=(Check("the German has 3 command points on turn 1", path="cp/german", eq=3),)),
        Step("The Allied administrative phase: the Allied player may plot airborne drops (15.6). Plot none.",
             "SFN 15.6", "done"),
        Step("The Allied command phase. Ending it ends the game turn: one day is marked off (5.3).", "SFN 5.3", "end",
             after=(Check("the game moves on to turn 2", path="turn", eq=2),)),
    ),
    outcome="Turn 2 begins, again with the German player turn.",
)
