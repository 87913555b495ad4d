"""Second Front Now!: the examples of the optional rules (15.5 airborne withdrawal, 15.7 Operation Blue Point)."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, cp, on_map

WITHDRAWAL = Lesson(
    id="sfn-15-5-withdrawal", game=GAME, title="An airborne division withdrawn to rest", section="SFN 15.5",
    summary="The US 101st Airborne, withdrawn on D+26, rests in England: it may be planned to drop again only for "
            "D+56.",
    # reconstructed: the text gives the 101st and D+26 only; it stands in regular supply at 2410
    setup=on_map({"us-101abn": "2410", "g-47": "2412"}, turn=26) + command("german"),
    highlight=("us-101abn",),
    steps=(
        Step("Turn 26 (D+26): the German ends his command phase.", "SFN 5.2", "end"),
        Step("No air strike plotted (15.4).", "SFN 15.4", "later"),
        Step("From turn 25 airborne divisions in regular supply may be withdrawn (15.5): withdraw the 101st.",
             "SFN 15.5", "withdraw us-101abn", highlight=("us-101abn",),
             after=(Check("the 101st is in the England box", path="units/us-101abn/box", eq="england"),
                    Check("withdrawn on D+26", path="units/us-101abn/withdrawn", eq=26))),
        Step("Done. No drop can be planned for it now: a plan is made 2 to 7 turns ahead, and the 101st rests until "
             "D+56, so the first plan is possible on turn 49 (tested).", "SFN 15.5", "done",
             after=(Check("it may still come back over the beaches (15.6)", legal=True,
                          eq=["end", "enter us-101abn"]),)),
    ),
    outcome="Withdrawn on D+26, the 101st rests in England until at least D+56.",
)


def quiet_turn(turn: int, minus: bool) -> tuple[Step, ...]:
    """A turn of Blue Point's aftermath: the German passes; the Allied command points are read."""
    n = 1 if minus else 2
    return (
        Step(f"Turn {turn}: the German ends his command phase.", "SFN 5.2", "end"),
        Step("No airborne drop plotted.", "SFN 15.6", "done",
             after=(cp("allied", n, f"{n} Allied command point{'s' if n > 1 else ''} on turn {turn}"),)),
        Step("End the Allied command phase.", "SFN 5.3", "end"),
    )


BLUE_POINT = Lesson(
    id="sfn-15-7-blue-point", game=GAME, title="Operation Blue Point rolls a nine", section="SFN 15.7",
    summary="The German launches Blue Point and rolls a nine: halved and rounded down, four. The Allies are "
            "paralysed on turn 1 and have one command point less on turns 2, 3 and 4.",
    setup=(("started", {"area": "calais"}),),
    highlight=(),
    steps=(
        Step("At the very start of turn 1 the German launches Blue Point: the 1st and 2nd Parachute Divisions go "
             "to the out-of-supply dead pile for good. The example rolls a nine.", "SFN 15.7", "launch", dice=(9,),
             after=(Check("9 halved, rounded down: 4", path="blue_point/result", eq=4),
                    Check("the 1st Parachute is lost", path="units/g-1fj/box", eq="oos_dead"),
                    Check("and the 2nd", path="units/g-2fj/box", eq="oos_dead"))),
        Step("The German command phase: end it.", "SFN 5.2", "end"),
        Step("No airborne drop plotted.", "SFN 15.6", "done",
             after=(cp("allied", 2, "2 Allied command points on turn 1"),)),
        Step("Chaos day: the Allies may not move, land or attack; they only defend. End the phase.", "SFN 15.7",
             "end", before=(Check("nothing but 'end'", legal=True, eq=["end"]),)),
        *quiet_turn(2, True),
        *quiet_turn(3, True),
        *quiet_turn(4, True),
        Step("Turn 5: do not contest Allied air superiority.", "SFN 15.3", "decline"),
        Step("Italy to the South box: 10th Army HQ.", "SFN 7.4", "transfer g-10a"),
        Step("Do not declare the Riga-Odessa Line.", "SFN 7.6", "decline"),
        Step("No replacements.", "SFN 8.0", "done"),
        Step("End the German command phase.", "SFN 5.2", "end"),
        Step("No air strike plotted.", "SFN 15.4", "later"),
        Step("No airborne drop plotted.", "SFN 15.6", "done"),
        Step("No replacements.", "SFN 8.0", "done",
             after=(cp("allied", 2, "turn 5: back to 2 Allied command points"),)),
    ),
    outcome="A nine, halved to four: chaos on turn 1, one Allied command point less on turns 2, 3 and 4, two again "
            "on turn 5.",
)
