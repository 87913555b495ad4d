"""Second Front Now!: the examples of section 6 (command points, attack and move commands)."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, cp, fire, on_map

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

SEQUENCING = Lesson(
    id="sfn-6-5-sequencing", game=GAME, title="One command at a time", section="SFN 6.5",
    summary="The German commands the 21st Panzer to attack, resolves the battle, and only then commands the 47th "
            "Infantry to move.",
    # reconstructed: the text names no units; the reduced 21st Panzer in Amiens (2412) attacks the British 50th in
    # 2413, the 47th waits in 2211. The dice are chosen: every shot misses
    setup=on_map({"g-21pz": "2412", "g-47": "2211", "cw-50": "2413"}, turn=3) + command("german"),
    highlight=("2412", "2413", "2211"),
    steps=(
        Step("Command the 21st Panzer to attack the 50th (two command points).", "SFN 6.5", "attack 2412 2413",
             highlight=("g-21pz", "2413")),
        Step("Deploy.", "SFN 13.1", "resolve"),
        Step("The battle must be finished before the next command: now only its shots are offered. The 50th "
             "(anti-armour 3) fires at the 21st Panzer and misses with a 9.", "SFN 6.5", "fire cw-50 g-21pz",
             dice=(9,), highlight=("cw-50", "g-21pz"),
             before=(Check("no other command can start: only the 50th's shot", legal=True,
                           eq=["fire cw-50 g-21pz"]),)),
        Step("Its second shot misses with a 7.", "SFN 13.2", "fire cw-50 g-21pz", dice=(7,)),
        fire("g-21pz", "cw-50", 8, 4, "The 21st Panzer's one shot (anti-infantry 4) misses with an 8. No losses, no "
             "retreat: the battle is over.", "SFN 13.2"),
        Step("Now the next command: move the 47th Infantry (one command point).", "SFN 6.5", "move 2211",
             highlight=("g-47",),
             before=(cp("german", 1, "1 command point left after the attack"),)),
        Step("To 2311.", "SFN 12.1", "to 2311", highlight=("2311",),
             after=(cp("german", 0, "all 3 spent: 2 for the attack, 1 for the move"),
                    Check("the 47th stands in 2311", path="units/g-47/hex", eq="2311"))),
    ),
    outcome="An attack, resolved to its end, then a move by another stack: commands in any order, one at a time.",
)

