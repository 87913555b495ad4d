"""Second Front Now!: the sequence of play, then the rulebook's examples in its order (12.5 strategic
movement, the 14.3 combat example at Abbeville). Positions come from the real set-up (3.0) with the pieces
of each example placed as its text gives them; the Abbeville dice are the ones the example rolls."""

from __future__ import annotations

from typing import Any

from ..core.state import State
from .format import Check, Lesson, Step
from .setup import register

GAME = "second-front-now"


def started(s: State, area: str = "calais") -> None:
    """Past set-up: the Allies chose ``area`` (3.2), the German set every unit up in its printed hex (3.4)."""
    s.apply(area)
    while s.frame()["step"] == "deploy":  # type: ignore[index]
        legal = [str(a) for a in s.legal_actions()]
        s.apply("printed" if "printed" in legal else legal[0])


def bare(s: State, places: dict[str, str]) -> None:
    """Everyone off the map (the Italy box), then the example's units in their hexes, in regular supply."""
    for us in s.g["units"].values():
        us.update(hex=None, box="italy", acted=False, replaced=False, supply="box")
    for uid, hx in places.items():
        s.place(uid, hx)  # type: ignore[attr-defined]
        s.g["units"][uid]["supply"] = "regular"


def to_box(s: State, unit: str, box: str) -> None:
    s.to_box(unit, box)  # type: ignore[attr-defined]


register(GAME, {"started": started, "bare": bare, "to_box": to_box})


def fire(shooter: str, target: str, roll: int, needs: int, text: str, section: str = "SFN 14.2") -> Step:
    return Step(text, section, f"fire {shooter} {target}", dice=(roll,), highlight=(shooter, target),
                before=(Check(f"{shooter} hits {target} on a roll of {needs} or less", preview=f"fire {shooter} {target}",
                              key="hit_on", eq=needs),))


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

STRATEGIC = Lesson(
    id="sfn-12-5-strategic", game=GAME, title="Strategic movement from the South box", section="SFN 12.5",
    summary="A panzer grenadier division with movement factor 3 enters at 1828 by strategic movement (6 MP) "
            "and goes on five hexes to 1823.",
    setup=(("started", {"area": "calais"}), ("bare", {"places": {}}), ("to_box", {"unit": "g-3pg", "box": "south"}),
           ("set", {"path": "turn", "value": 3}), ("set", {"path": "cp/german", "value": 3}),
           ("enter", {"frames": [{"step": "command", "side": "german"}]})),
    highlight=("1828", "1823"),
    steps=(
        Step("The German activates the 3rd Panzer Grenadier in the South holding box: one command point, one "
             "unit out of a box (12.5).", "SFN 12.5", "enter g-3pg", highlight=("g-3pg",)),
        Step("Strategic movement doubles the printed movement factor of 3 to 6 (12.5).", "SFN 12.5", "strategic"),
        Step("Entry hexes of the South box lie on the map's southern edge (7.3); pick the area of 1828.",
             "SFN 7.3", "region cols16-19"),
        Step("Entering at 1828 costs one movement point (12.5).", "SFN 12.5", "hex 1828", highlight=("1828",),
             after=(Check("5 movement points are left after entering", path="flow/-1/mp", eq=5),)),
        Step("Five more hexes take the division to 1823.", "SFN 12.5", "to 1823", highlight=("1823",),
             before=(Check("the move to 1823 costs 5 points", preview="to 1823", key="cost", eq=5),),
             after=(Check("3rd Panzer Grenadier stands in 1823", path="units/g-3pg/hex", eq="1823"),)),
    ),
    outcome="The division ends in 1823, six hexes from the box for six strategic movement points.",
)

_ABBEVILLE: dict[str, Any] = {"cw-gds": "2109", "cw-2cdn": "2109", "cw-51": "2109", "cw-i": "2109",
                              "g-9ss": "2210", "g-276": "2210", "cw-43": "2110", "cw-49": "2209",
                              "g-47": "2211", "g-49": "2309"}

ABBEVILLE = Lesson(
    id="sfn-14-3-abbeville", game=GAME, title="The combat example: Abbeville", section="SFN 14.3",
    summary="A Commonwealth stack in 2109 attacks the reduced 9th SS Panzer and 276th Infantry in Abbeville, "
            "roll by roll with the example's dice.",
    setup=(("started", {"area": "calais"}), ("bare", {"places": _ABBEVILLE}),
           ("set", {"path": "units/g-9ss/steps", "value": 1}), ("set", {"path": "units/g-276/steps", "value": 1}),
           ("set", {"path": "turn", "value": 12}), ("set", {"path": "cp/allied", "value": 2}),
           ("enter", {"frames": [{"step": "command", "side": "allied"},
                                 {"step": "battle", "attacker": "allied", "defender": "german", "origin": "2109",
                                  "target": "2210"}]})),
    highlight=("2109", "2210"),
    steps=(
        Step("Two command points activate the stack in 2109 (Guards Armoured, 2nd Canadian, 51st, I Corps "
             "artillery) to attack Abbeville. Both sides put their units in the combat box (13.1).", "SFN 13.1",
             "resolve", highlight=("2109", "2210")),
        fire("cw-i", "g-9ss", 7, 4, "Artillery fires first. Its anti-tank 5 loses 1 for the city: a 4 or less "
             "hits. The example rolls a 7."),
        fire("g-9ss", "cw-2cdn", 4, 6, "Defensive fire is never modified for terrain: the 9th SS needs a 6 or "
             "less and rolls a 4, so the 2nd Canadian flips to its reduced side.", "SFN 13.1"),
        fire("g-276", "cw-51", 5, 3, "The 276th fires at the 51st needing a 3 and misses with a 5.", "SFN 13.4"),
        Step("After a casualty the attacker may break off (13.1, step 4). The example goes on.", "SFN 13.1",
             "continue", before=(Check("break off or continue", legal=True, eq=["break_off", "continue"]),)),
        fire("cw-gds", "g-9ss", 5, 2, "The Guards fire twice at the 9th SS; an armoured unit firing into a city "
             "loses 2, so only a 1 or 2 hits. First roll: 5."),
        Step("Second shot of the Guards: an 8, another miss.", "SFN 14.2", "fire cw-gds g-9ss", dice=(8,),
             highlight=("cw-gds", "g-9ss")),
        fire("cw-51", "g-9ss", 1, 2, "The 51st (3, -1 for the city) rolls a 1: the 9th SS is destroyed.", "SFN 13.4"),
        fire("cw-51", "g-276", 3, 3, "Its other shot (4, -1 for the city) at the 276th rolls a 3: destroyed too.",
             "SFN 13.4"),
        Step("Every defender is down; the reduced 2nd Canadian fires once more for an extra hit (13.7) and "
             "misses with a 4.", "SFN 13.7", "fire cw-2cdn g-276", dice=(4,), highlight=("cw-2cdn", "g-276")),
        Step("No extra hit, so the German may retreat and cancel one hit (13.6).", "SFN 13.6", "retreat",
             before=(Check("retreat or stand", legal=True, eq=["retreat", "stand"]),)),
        Step("He lets the 276th go to the destroyed box and cancels the hit on the 9th SS.", "SFN 13.6",
             "cancel g-9ss", highlight=("g-9ss",)),
        Step("2109, 2110 and 2209 hold British units, 2211 and 2309 German ones: the 9th SS retreats to 2310.",
             "SFN 13.6", "retreat g-9ss 2310", highlight=("2310", "2110", "2209", "2211", "2309"),
             before=(Check("2310 is the only retreat hex", legal=True, eq=["retreat g-9ss 2310"]),),
             after=(Check("the 276th is destroyed", path="units/g-276/box", eq="dead"),
                    Check("the 9th SS stands in 2310", path="units/g-9ss/hex", eq="2310"))),
        Step("The victorious stack may advance into Abbeville (13.1, step 9); the Guards go in.", "SFN 13.1",
             "advance cw-gds 2210", highlight=("cw-gds", "2210")),
        Step("Done advancing.", "SFN 13.1", "done",
             after=(Check("Guards Armoured is in Abbeville", path="units/cw-gds/hex", eq="2210"),)),
    ),
    final=(Check("Abbeville is now Allied", path="control/2210", eq="allied"),),
    outcome="The 276th is destroyed, the reduced 9th SS retreats to 2310, and the Guards take Abbeville.",
)

LESSONS = (SEQUENCE, STRATEGIC, ABBEVILLE)
