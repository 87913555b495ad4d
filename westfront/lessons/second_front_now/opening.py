"""Second Front Now!: the sequence of play (5.0), then the examples of sections 3-6.4 in the rulebook's order."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, cp, fire, on_map

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


SETUP = Lesson(
    id="sfn-3-4-setup", game=GAME, title="German set-up: LXXXI Corps at Rouen", section="SFN 3.4",
    summary="A German unit with a printed hex sets up in it or next to it: LXXXI Corps in 1414 or 1313, 1314, "
            "1413, 1415, 1513 or 1514. With the Allies at Dieppe, the unit printed for Dieppe (1510) goes to 1511.",
    # the Allies chose Dieppe (3.2; the 3.5 die for the 1st Canadian is the game's); the German units before LXXXI
    # Corps went to their printed hexes, the 348th from Dieppe to 1511
    setup=(("play", {"actions": ["dieppe"]}), ("deploy_printed", {"until": "g-lxxxi"})),
    highlight=("1414",),
    steps=(
        Step("The German is setting up. Dieppe (1510) is now Juno Beach, where no German may start: its 348th "
             "Infantry set up in 1511 (3.4). LXXXI Corps' printed hex is Rouen, 1414: place it next door, in 1313.",
             "SFN 3.4", "place g-lxxxi 1313", highlight=("g-lxxxi", "1313", "1414"),
             before=(Check("the 348th stands in 1511", path="units/g-348/hex", eq="1511"),
                     Check("1414 or one of its six neighbours", legal=True,
                           eq=["place g-lxxxi 1313", "place g-lxxxi 1314", "place g-lxxxi 1413",
                               "place g-lxxxi 1414", "place g-lxxxi 1415", "place g-lxxxi 1513", "place g-lxxxi 1514",
                               "printed"])),
             after=(Check("LXXXI Corps stands in 1313", path="units/g-lxxxi/hex", eq="1313"),)),
        Step("LXXXII Corps to its printed hex.", "SFN 3.4", "printed"),
        Step("LXXXIX Corps to its printed hex: the set-up is done.", "SFN 3.4", "printed",
             after=(Check("the German may now launch Blue Point (15.7)", legal=True, eq=["decline", "launch"]),)),
    ),
    outcome="LXXXI Corps set up beside its printed hex; no German unit stands on the Dieppe beaches.",
)

BEACH_AWARD = Lesson(
    id="sfn-4-3-beach-award", game=GAME, title="A beachhead hex scores once", section="SFN 4.3",
    summary="Sword Beach (2006) changes hands three times: the German scores three VP for the first capture only.",
    options={"beachhead_vp": True},  # 4.3 as printed (the scan shows it struck through in pen; the option keeps it)
    # reconstructed: the text names Sword only; the reduced 21st Panzer (one step) stands in 2105 beside the
    # beach, the 47th Infantry in 2104, two hexes off, and the British 50th in Juno (2007). The 50th's ZOC
    # already holds Calais (2107): the German starts on 49.
    setup=on_map({"g-21pz": "2105", "g-47": "2104", "cw-50": "2007"}, turn=3) + command("german"),
    highlight=("2006",),
    steps=(
        Step("The Allies landed at Calais; Sword Beach (2006) is empty and Allied. Activate the 21st Panzer.",
             "SFN 6.2", "move 2105", highlight=("g-21pz",),
             before=(Check("49 German VP", call="vp", eq=49),)),
        Step("Move into Sword Beach: first change of hands, the German's first capture of it.", "SFN 4.3",
             "to 2006", highlight=("2006",),
             after=(Check("Sword is German", path="control/2006", eq="german"),
                    Check("three VP for the capture: 52", call="vp", eq=52))),
        Step("End the German command phase.", "SFN 5.2", "end"),
        Step("The British 50th attacks Sword from Juno (two command points).", "SFN 6.3", "attack 2007 2006",
             highlight=("cw-50", "2006")),
        Step("Deploy: the 50th alone against the 21st Panzer.", "SFN 13.1", "resolve"),
        Step("No naval gunfire in this lesson (optional 15.1).", "SFN 15.1", "decline"),
        fire("g-21pz", "cw-50", 10, 4, "Defensive fire: the reduced 21st Panzer has one shot (anti-infantry 4) and "
             "rolls a 10. The dice in this lesson are chosen to show the captures."),
        fire("cw-50", "g-21pz", 1, 3, "The 50th (anti-armour 3) rolls a 1: the 21st Panzer is destroyed.",
             "SFN 13.2"),
        Step("Its second shot tries for an extra hit (13.7) and scores it with a 2: no retreat can save anything.",
             "SFN 13.7", "fire cw-50 g-21pz", dice=(2,), highlight=("cw-50",)),
        Step("Do not advance: the 50th's ZOC from Juno is uncontested, and takes the empty beach back (11.6).",
             "SFN 11.6", "done",
             after=(Check("Sword is Allied again: second change of hands", path="control/2006", eq="allied"),
                    Check("the award stays: 52", call="vp", eq=52))),
        Step("End the Allied command phase; turn 4.", "SFN 5.3", "end"),
        Step("The German 47th Infantry from 2104 ...", "SFN 6.2", "move 2104", highlight=("g-47",)),
        Step("... walks into the empty beach by Boulogne: third change of hands.", "SFN 4.3", "to 2006",
             highlight=("2006",),
             after=(Check("Sword is German", path="control/2006", eq="german"),
                    Check("no second award: still 52", call="vp", eq=52),
                    Check("Sword is on the award list once", path="beach_awards", eq=["2006"]))),
    ),
    outcome="Sword changed hands three times; the German scored its three VP once.",
)

CP_LOST = Lesson(
    id="sfn-6-1-cp-lost", game=GAME, title="Command points lost behind the breakout line", section="SFN 6.1",
    summary="The Allied command points drop from 3 to 2 while no Allied unit is across the breakout line, and come "
            "back when one recrosses it.",
    # reconstructed: the text gives the line's examples (1912 within it, 2013 across); the British 50th is the
    # only Allied unit on the map, so the fifth-CP criterion is the only one in play (2 + 1)
    setup=on_map({"cw-50": "2013"}, turn=2) + command("allied"),
    highlight=("2013", "1912"),
    steps=(
        Step("The 50th in 2013 has crossed the breakout line: 2 command points plus 1.", "SFN 6.1", "move 2013",
             highlight=("cw-50", "2013"),
             before=(cp("allied", 3, "3 Allied command points"),)),
        Step("Fall back to 1912, inside the line.", "SFN 6.1", "to 1912", highlight=("1912",)),
        Step("End the Allied command phase.", "SFN 5.3", "end"),
        Step("Turn 3: the German has nothing to do here.", "SFN 5.2", "end",
             after=(cp("allied", 2, "every Allied unit is behind the line: 2 command points"),)),
        Step("Recross the line: the 50th from 1912 ...", "SFN 6.1", "move 1912", highlight=("cw-50",)),
        Step("... back to 2013.", "SFN 6.1", "to 2013", highlight=("2013",)),
        Step("End the Allied command phase.", "SFN 5.3", "end"),
        Step("Turn 4: the German ends his phase.", "SFN 5.2", "end",
             after=(cp("allied", 3, "a supplied unit across the line again: 3 command points"),)),
    ),
    outcome="3, then 2 for the turn spent behind the line, then 3 again once the 50th recrossed it.",
)

WITHHOLD = Lesson(
    id="sfn-6-3-withhold", game=GAME, title="Holding units back from an attack", section="SFN 6.3",
    summary="A German stack of a panzer division, an infantry division and an artillery unit attacks with the "
            "panzers and the artillery; the infantry stays out of reach of the return fire.",
    # reconstructed: the text names no units or hexes; the 21st Panzer (reduced), the 47th Infantry and LXXXI Corps
    # artillery stand in Amiens (2412), the British 50th in 2413. Dice chosen to show a loss on each side.
    setup=on_map({"g-21pz": "2412", "g-47": "2412", "g-lxxxi": "2412", "cw-50": "2413"}, turn=3) + command("german"),
    highlight=("2412", "2413"),
    steps=(
        Step("Attack the 50th in 2413 with the stack in Amiens (two command points).", "SFN 6.3", "attack 2412 2413",
             highlight=("2412", "2413")),
        Step("Hold the 47th Infantry back.", "SFN 6.3", "remove g-47", highlight=("g-47",)),
        Step("Resolve with the panzers and the artillery.", "SFN 13.1", "resolve"),
        fire("g-lxxxi", "cw-50", 3, 5, "The preparatory barrage: the artillery's anti-infantry 5 hits on a 3. The "
             "50th is reduced; no retreat will cancel this loss (13.1).", "SFN 13.1"),
        Step("Defensive fire: the 50th's only target is the 21st Panzer. The artillery sits behind it (13.5) and the "
             "47th is not in the battle. It misses with a 9.", "SFN 6.3", "fire cw-50 g-21pz", dice=(9,),
             highlight=("cw-50", "g-21pz"),
             before=(Check("the 50th may fire only at the 21st Panzer", legal=True, eq=["fire cw-50 g-21pz"]),)),
        fire("g-21pz", "cw-50", 2, 4, "The 21st Panzer (anti-infantry 4) rolls a 2: the reduced 50th is hit again.",
             "SFN 13.2"),
        Step("The Allied player retreats to cancel the last hit (13.6): the barrage's loss stands.", "SFN 13.6",
             "retreat"),
        Step("Cancel the hit on the 50th.", "SFN 13.6", "cancel cw-50"),
        Step("It falls back to 2313.", "SFN 13.6", "retreat cw-50 2313", highlight=("2313",),
             before=(Check("three retreat hexes", legal=True,
                           eq=["retreat cw-50 2313", "retreat cw-50 2414", "retreat cw-50 2513"]),),
             after=(Check("the 50th survives with one step", path="units/cw-50/steps", eq=1),)),
        Step("A unit left behind may still advance (13.1, step 9): the 47th goes in.", "SFN 13.1",
             "advance g-47 2413", highlight=("g-47", "2413")),
        Step("Done advancing.", "SFN 13.1", "done",
             after=(Check("the 47th never fired or was fired at: still two steps", path="units/g-47/steps", eq=2),
                    Check("the 47th stands in 2413", path="units/g-47/hex", eq="2413"))),
    ),
    outcome="The panzers and the artillery fought; the 47th risked nothing and still advanced into 2413.",
)

ONE_ACTION = Lesson(
    id="sfn-6-4-one-action", game=GAME, title="One action per stack per player turn", section="SFN 6.4",
    summary="The 47th Infantry moves next to the British in 2109; with two command points left it may neither "
            "attack nor move again this turn.",
    # reconstructed: the text names no units; the 47th starts in 2211, the 21st Panzer in Amiens (2412), the
    # British 50th in 2109
    setup=on_map({"g-47": "2211", "g-21pz": "2412", "cw-50": "2109"}, turn=3) + command("german"),
    highlight=("2211", "2210", "2109"),
    steps=(
        Step("Move the 47th Infantry (one command point).", "SFN 6.2", "move 2211", highlight=("g-47",)),
        Step("To Abbeville (2210), 2 MP across the Somme (12.4), next to the British 50th.", "SFN 6.4", "to 2210",
             highlight=("2210",),
             after=(cp("german", 2, "2 command points left: enough for an attack"),
                    Check("the 47th has had its action", path="units/g-47/acted", eq=True))),
        Step("'attack 2210 2109' and 'move 2210' are refused (6.4): the 47th moved this turn. Only the 21st Panzer "
             "may still act. End the phase.", "SFN 6.4", "end",
             before=(Check("the 47th is offered nothing", legal=True,
                           eq=["end", "move 2412", "strategic 2412"]),)),
    ),
    outcome="A stack that moved may not attack, nor move again, in the same player turn.",
)
