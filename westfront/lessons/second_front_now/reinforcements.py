"""Second Front Now!: the examples of sections 6.6-8 (headquarters, reinforcements, replacements). These play whole
game turns on the real set-up (3.0), so that the holding boxes hold what they would."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, cp, full, on_map, turn_start


def allied_turn(turn: int, drops: bool = True, replace: bool = False, saf: bool = True) -> tuple[Step, ...]:
    """The Allied player turn passed over: no air strike (from turn 5, 15.4), no drop (15.6), no replacements, no
    command."""
    steps = [Step(f"Turn {turn}, the Allied player turn: no air strike plotted.", "SFN 15.4", "later")] if saf else []
    if drops:
        steps.append(Step(f"Turn {turn}, the Allied player turn: no airborne drop plotted." if not saf
                          else "No airborne drop plotted.", "SFN 15.6", "done"))
    if replace:
        steps.append(Step("No replacements.", "SFN 8.0", "done"))
    steps.append(Step("End the Allied command phase.", "SFN 5.3", "end"))
    return tuple(steps)


HQ = Lesson(
    id="sfn-6-6-hq", game=GAME, title="10th Army headquarters: from Italy to the CP box", section="SFN 6.6",
    summary="10th Army HQ comes from Italy to the South box on turn 5, moves to the CP box on turn 6 for one "
            "command point, and gives its extra CP from turn 7.",
    setup=full(turn=5) + turn_start(),
    highlight=(),
    steps=(
        Step("Turn 5 (6 September), the German administrative phase. Do not contest Allied air superiority (15.3).",
             "SFN 15.3", "decline"),
        Step("One Italy unit may come to the South box this turn (7.4): take 10th Army HQ.", "SFN 7.4",
             "transfer g-10a", highlight=("g-10a",),
             after=(Check("10th Army HQ is in the South box", path="units/g-10a/box", eq="south"),)),
        Step("Do not declare the Riga-Odessa Line (7.6).", "SFN 7.6", "decline"),
        Step("No replacements.", "SFN 8.0", "done"),
        Step("The German command phase. 'hq g-10a' is refused: the HQ reached its box this game turn (6.6). End the "
             "phase.", "SFN 6.6", "end",
             before=(cp("german", 3, "3 German command points"),)),
        *allied_turn(5, replace=True),
        Step("Turn 6: pay one command point to move 10th Army HQ into the CP box.", "SFN 6.6", "hq g-10a",
             highlight=("g-10a",),
             before=(cp("german", 3, "still 3 command points on turn 6"),),
             after=(cp("german", 2, "2 left after the HQ's move"),
                    Check("10th Army HQ is in the CP box", path="units/g-10a/box", eq="cp"))),
        Step("No extra command point yet: the turn did not start with the HQ in the box. End the phase.", "SFN 6.6",
             "end"),
        *allied_turn(6),
    ),
    final=(cp("german", 4, "turn 7 starts with the HQ in the CP box: 4 German command points"),),
    outcome="Transferred on turn 5, moved to the CP box on turn 6 for one CP, 10th Army HQ gives a fourth CP from "
            "turn 7.",
)

SS17 = Lesson(
    id="sfn-7-1-17ss", game=GAME, title="A reinforcement: the 17th SS Panzer Grenadier on turn 60", section="SFN 7.1",
    summary="The 17th SS Panzer Grenadier Division arrives in the North box on Game Turn 60 (31 October), may not "
            "enter the map that turn, and enters on turn 61.",
    setup=full(turn=59) + command("allied"),
    highlight=(),
    steps=(
        Step("Turn 59 ends. Turn 60 begins with the storm check (15.2): the lesson rolls a 4, no storm.", "SFN 15.2",
             "end", dice=(4,),
             after=(Check("turn 60", path="turn", eq=60),)),
        Step("Do not contest Allied air superiority.", "SFN 15.3", "decline",
             before=(Check("the 17th SS waits for its turn", path="units/g-17ss/box", eq="later"),),
             after=(Check("the 17th SS is in the North box", path="units/g-17ss/box", eq="north"),)),
        Step("An Italy unit to the South box (7.4): the 15th Panzer Grenadier.", "SFN 7.4", "transfer g-15pg"),
        Step("Do not declare the Riga-Odessa Line.", "SFN 7.6", "decline"),
        Step("No replacements.", "SFN 8.0", "done"),
        Step("'enter g-17ss' is refused: no unit enters the map on the turn it reaches its box (7.1). End the phase.",
             "SFN 7.1", "end", highlight=("g-17ss",)),
        Step("Turn 60, the Allied player turn: no air strike plotted.", "SFN 15.4", "later"),
        Step("No airborne withdrawal (15.5).", "SFN 15.5", "done"),
        Step("No airborne drop plotted.", "SFN 15.6", "done"),
        Step("No replacements.", "SFN 8.0", "done"),
        Step("End the Allied command phase.", "SFN 5.3", "end"),
        Step("Turn 61: one command point brings the 17th SS out of the North box (7.3).", "SFN 7.3", "enter g-17ss",
             highlight=("g-17ss",)),
        Step("Normal movement.", "SFN 12.5", "normal"),
        Step("North box units enter on the eastern edge, 3100 to 2828 (7.3).", "SFN 7.3", "region cols28-31"),
        Step("Enter at 2828: its first hex of movement.", "SFN 7.3", "hex 2828", highlight=("2828",),
             after=(Check("the 17th SS is on the map at 2828", path="units/g-17ss/hex", eq="2828"),)),
        Step("Stop there.", "SFN 12.1", "done"),
    ),
    outcome="Placed in the North box on turn 60, the 17th SS entered the map on turn 61.",
)

ITALY_SCHEDULE = Lesson(
    id="sfn-7-4-italy-schedule", game=GAME, title="Optional: Italy transfers scheduled five days ahead",
    section="SFN 7.4", options={"italy_scheduling": True},
    summary="With the optional scheduling, the German sets aside on turn 1 the Italy unit he will receive in the "
            "South box on turn 5.",
    setup=full(turn=1),
    highlight=(),
    steps=(
        Step("Turn 1: no Blue Point in this lesson (15.7).", "SFN 15.7", "decline"),
        Step("Set aside now the Italy unit for turn 5: 10th Army HQ.", "SFN 7.4", "transfer g-10a",
             highlight=("g-10a",),
             after=(Check("10th Army HQ is on its way from Italy", path="units/g-10a/box", eq="italy_transit"),)),
        Step("End the German command phase.", "SFN 5.2", "end"),
        *allied_turn(1, saf=False),
        *[st for t in (2, 3, 4) for st in (Step(f"Turn {t}: the German ends his command phase.", "SFN 5.2", "end"),
                                           *allied_turn(t, saf=False))],
        Step("Turn 5: do not contest Allied air superiority. No Italy choice is left to make: the unit set aside on "
             "turn 1 arrives.", "SFN 7.4", "decline",
             after=(Check("10th Army HQ is in the South box", path="units/g-10a/box", eq="south"),)),
    ),
    outcome="Chosen on turn 1, 10th Army HQ reached the South box on turn 5.",
)

RIGA = Lesson(
    id="sfn-7-6-riga", game=GAME, title="The Riga-Odessa Line: the first five from Russia", section="SFN 7.6",
    summary="Declared on Game Turn 5, the Riga-Odessa Line brings the first five units from the Russia cup into the "
            "North box on Game Turn 20 (21 September).",
    # the declaration is the engine's own (GermanAdmin.riga_odessa_done) on turn 5; the lesson opens on turn 19
    setup=full(turn=19) + (("riga_declared", {"turn": 5}),) + command("allied"),
    highlight=(),
    steps=(
        Step("The German declared the Riga-Odessa Line on turn 5: the Russia units went into the cup, and he now "
             "needs 31 VP to win (4.7). Turn 19 ends; turn 20 begins with the storm check (the lesson rolls a 4).",
             "SFN 7.6", "end", dice=(4,),
             before=(Check("declared on turn 5", path="riga", eq=5),
                     Check("nothing from Russia in the North box yet", call="in_box", args=("north",),
                           eq=["g-12ss", "g-16lw", "g-18lw", "g-19", "g-719"])),
             after=(Check("turn 20", path="turn", eq=20),)),
        Step("Do not contest Allied air superiority.", "SFN 15.3", "decline"),
        Step("An Italy unit to the South box: the 15th Panzer Grenadier. Then five units are drawn from the cup, "
             "blind (the game's dice), into the North box at full strength.", "SFN 7.6", "transfer g-15pg",
             after=(Check("five more in the North box", call="in_box", args=("north",),
                          eq=["g-106", "g-12ss", "g-16lw", "g-18lw", "g-19", "g-19pz", "g-3pz", "g-6a", "g-719",
                              "g-w"]),
                    Check("the 3rd Panzer arrives at two steps", path="units/g-3pz/steps", eq=2))),
        Step("No replacements.", "SFN 8.0", "done"),
    ),
    outcome="Fifteen turns after the declaration, on turn 20, five units from Russia stand in the North box.",
)

FRENCH_RP = Lesson(
    id="sfn-8-3-french-rp", game=GAME, title="The Free French take US replacements", section="SFN 8.3",
    summary="A US replacement point restores the Free French 2nd Armored; the Commonwealth point goes to the "
            "British 50th, and costs a VP (4.4).",
    # reconstructed: the text names the French 2nd Armored only; it and the British 50th stand reduced near the
    # Calais beaches with one US and one Commonwealth replacement point (turn 5)
    setup=on_map({"fr-2db": "2108", "cw-50": "2107"}, turn=5)
    + (("set", {"path": "units/fr-2db/steps", "value": 1}), ("set", {"path": "units/cw-50/steps", "value": 1}),
       ("set", {"path": "rp", "value": {"us": 1, "commonwealth": 1}}),
       ("enter", {"frames": [{"step": "turn", "stage": "allied_admin"},
                             {"step": "allied_admin", "side": "allied", "stage": "replacements"},
                             {"step": "replace", "side": "allied"}]})),
    highlight=("fr-2db", "cw-50"),
    steps=(
        Step("Restore the Free French 2nd Armored with the US point: minor nationalities use their group's "
             "replacements.", "SFN 8.3", "restore fr-2db", highlight=("fr-2db",),
             before=(Check("49 German VP (the 50th's ZOC holds Calais, 2107)", call="vp", eq=49),),
             after=(Check("the 2nd Armored is back to two steps", path="units/fr-2db/steps", eq=2),
                    Check("the US point is spent, the Commonwealth one is not", path="rp",
                          eq={"us": 0, "commonwealth": 1}),
                    Check("no VP for a US point", call="vp", eq=49))),
        Step("The Commonwealth point can go only to a Commonwealth unit: the 50th.", "SFN 8.3", "restore cw-50",
             highlight=("cw-50",),
             after=(Check("the 50th is back to two steps", path="units/cw-50/steps", eq=2),
                    Check("a Commonwealth replacement gives the German a VP: 50", call="vp", eq=50))),
    ),
    outcome="The French armour took the US point; the Commonwealth point went to the 50th for a German VP.",
)
