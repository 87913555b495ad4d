"""Second Front Now!: the examples of sections 13-14 (combat and fire modifiers), the Abbeville dice as the example
rolls them."""

from __future__ import annotations

from typing import Any

from ..format import Check, Lesson, Step
from .kit import GAME, command, fire, on_map

RIVER_CITY = Lesson(
    id="sfn-14-1-river-city", game=GAME, title="Modifiers add up: across a river into a city", section="SFN 14.1",
    summary="Attacking Paris (2119) across the river from 2120, the British 50th has two -1 modifiers and needs a 2; "
            "the Guards Armoured, -2 twice, are at 0 and cannot hit anything.",
    # reconstructed: the text names no place; Paris is the only city with a (minor) river hexside on the map. The
    # 50th (3-4-3) and the Guards Armoured (4-4-4) attack the German 47th Infantry; the dice are chosen
    setup=on_map({"cw-50": "2120", "cw-gds": "2120", "g-47": "2119"}, turn=3) + command("allied"),
    highlight=("2120", "2119"),
    steps=(
        Step("Attack Paris from 2120 with the 50th and the Guards (two command points).", "SFN 6.3",
             "attack 2120 2119", highlight=("2120", "2119")),
        Step("Both sides deploy.", "SFN 13.1", "resolve"),
        fire("g-47", "cw-50", 9, 4, "Defensive fire is never modified for terrain (14.2): the 47th needs its full 4 "
             "against the 50th, and rolls a 9."),
        fire("g-47", "cw-gds", 8, 3, "Its second shot, at the Guards (anti-armour 3), misses with an 8."),
        Step("The 50th fires: anti-infantry 4, -1 for the city, -1 for the river: a 2 or less. It rolls a 1: the 47th "
             "is reduced.", "SFN 14.1", "fire cw-50 g-47", dice=(1,), highlight=("cw-50", "g-47"),
             before=(Check("the 50th needs a 2", preview="fire cw-50 g-47", key="hit_on", eq=2),
                     Check("two modifiers, -1 each", preview="fire cw-50 g-47", key="modifiers",
                           eq=[{"amount": -1, "reason": "attacking into a city", "rule": "SFN 14.2"},
                               {"amount": -1, "reason": "attacking across a river", "rule": "SFN 14.2"}])),
             after=(Check("the 47th is down to one step", path="units/g-47/steps", eq=1),)),
        Step("Its second shot misses with a 5.", "SFN 14.1", "fire cw-50 g-47", dice=(5,)),
        Step("The Guards: 4, -2 for the city and -2 for the river (armour pays double, 14.2): 0. Even a 1 misses.",
             "SFN 14.1", "fire cw-gds g-47", dice=(1,), highlight=("cw-gds",),
             before=(Check("the Guards are at 0", preview="fire cw-gds g-47", key="hit_on", eq=0),),
             after=(Check("still one step", path="units/g-47/steps", eq=1),)),
        Step("And the second shot, another 1, misses too.", "SFN 14.1", "fire cw-gds g-47", dice=(1,)),
        Step("The German stands in Paris rather than retreat (13.6).", "SFN 13.6", "stand",
             after=(Check("the reduced 47th holds Paris", path="units/g-47/hex", eq="2119"),)),
    ),
    outcome="Across the river into the city: the 50th needed a 2 and hit; the Guards, at 0, could not hit anything.",
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
