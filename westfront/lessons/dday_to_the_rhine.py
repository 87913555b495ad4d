"""1944: D-Day to the Rhine: the sequence of play (7.0), then the rulebook's worked examples in its order:
2.0 (the attack into a forest across a river; woods in an enemy ZOC), 3.0/12.1 (step losses), 6.2 (the
Normandy landings' dice), 11.0 (a clear hex in enemy ZOC; the Rhine into enemy ZOC) and 11.2 (motorised moves).

The rulebook's examples name no hexes: every position below is reconstructed on the real map, chosen so that
what the text states holds there (the terrain, river and Rhine hexsides are the map's own), and says so. The
examples fix no dice except where noted; where a lesson rolls, the faces are chosen to show the stated result
(1 aircraft, 2 panzer, 3 infantry, 4-6 blank: core/combat/dice_pool.FACES_1944)."""

from __future__ import annotations

from typing import Any

from ..core.state import State
from .format import Check, Lesson, Step
from .setup import op_enter, register

GAME = "dday-to-the-rhine"
SCENARIO = "quick-start"


def bare(s: State, places: dict[str, Any], turn: int = 3, side: str = "allied", rp: int = 10) -> None:
    """Every unit off the map, then the example's units in their hexes (``uid: hex`` at full strength, or
    ``uid: [hex, sp]``), the month ``turn`` and ``side``'s activation phase with ``rp`` resource points."""
    from ..games.dday_to_the_rhine import units as U

    for u in s.g["units"].values():
        u.update(hex=None, box=U.GONE, moved=False, attacked=None)
    for uid, where in places.items():
        hx, sp = (where, U.max_strength(uid)) if isinstance(where, str) else where
        s.g["units"][uid].update(hex=hx, box=None, strength=sp)
    s.g["turn"] = turn
    s.g["rp"][side] = rp
    s.g["phase"], s.g["phase_side"] = f"{side.title()} activation", side
    s.touch()
    op_enter(s, [{"step": "month", "stage": f"{side}_activation"}, {"step": "activation", "side": side}])


register(GAME, {"bare": bare})


def cost(dest: str, mp: int, says: str) -> Check:
    return Check(says, preview=f"to {dest}", key="cost", eq=mp)


SEQUENCE = Lesson(
    id="d44-sequence", game=GAME, scenario=SCENARIO, title="The sequence of play", section="1944 7.0",
    summary="A monthly turn is the German reinforcement and activation phases, then the Allied RP, "
            "reinforcement and activation phases.",
    steps=(
        Step("The quick start (18.1): the Allies are already ashore in Normandy and the game begins with the "
             "German June turn. Phase 1 is German reinforcements and replacements, paid in resource points "
             "(RP): 4 in June (19.0). Take nothing this time.", "1944 7.0", "done",
             before=(Check("the German has 4 RP in June", path="rp/german", eq=4),)),
        Step("Phase 2, German activation: each RP activates one unit to move, or pays for one attack (10.0). "
             "End the phase without spending.", "1944 7.0", "end",
             after=(Check("the Allied June turn is already played in the quick start: July begins", path="turn",
                          eq=2),
                    Check("the German has 5 RP in July", path="rp/german", eq=5))),
        Step("July: German reinforcements again. Unspent RP are never saved (8.0).", "1944 8.0", "done"),
        Step("German activation: end it.", "1944 7.0", "end",
             after=(Check("Allied RP: 10 from the July track plus port capacity 2 (two beach-heads, 1 each)",
                          path="rp/allied", eq=12),
                    Check("the port capacity counted is 2", path="pc", eq=2))),
        Step("Phase 3, Allied RP, reinforcements and replacements (8.0, 9.0). Place nothing now.", "1944 7.0",
             "done"),
        Step("Phase 4, Allied activation. When the Allied player finishes, the turn marker advances (7.0).",
             "1944 7.0", "end", after=(Check("the game moves on to August", path="turn", eq=3),)),
    ),
    outcome="August begins, again with the German reinforcement phase.",
)

# reconstructed: 1519 (forest, south-west of Orleans) has a river hexside towards 1419 and none towards 1518
FOREST_RIVER = Lesson(
    id="d44-2-0-forest-river", game=GAME, scenario=SCENARIO, title="Attacking into a forest across a river",
    section="1944 2.0",
    summary="An infantry corps attacking a forest hex across a river loses a die for each: 2 - 1 - 1 = no dice, "
            "yet it may join the attack to absorb losses.",
    setup=(("bare", {"places": {"uk-30c": "1419", "uk-2a": "1518", "ge-67c": "1519"}}),),
    highlight=("1519", "1419", "1518"),
    steps=(
        Step("A German corps holds the forest hex 1519; the river runs along its side facing 1419. Declare an "
             "attack on 1519 (one army group attacking costs 1 RP, 10.0).", "1944 12.0", "attack 1519",
             highlight=("1519", "ge-67c")),
        Step("XXX Corps in 1419 rolls 2 dice: -1 because the defender is in a forest, -1 because it attacks "
             "across the river. Terrain effects add up (2.0): it rolls no dice. Add it anyway.", "1944 2.0",
             "add uk-30c", highlight=("uk-30c", "1419"),
             before=(Check("XXX Corps alone would roll 0 dice", preview="add uk-30c", key="dice",
                           eq={"attacker": 0, "defender": 2}),)),
        Step("The 2nd Army in 1518 is not across the river: 3 dice, -1 for the forest (20.0).", "1944 20.0",
             "add uk-2a", highlight=("uk-2a", "1518"),
             before=(Check("with the 2nd Army the attack rolls 2 dice against 2", preview="add uk-2a", key="dice",
                           eq={"attacker": 2, "defender": 2}),)),
        Step("Resolve. Both sides roll at once (12.0). The rulebook fixes no dice: here the Allied dice show "
             "blanks and the German dice an infantry symbol and a blank, one hit on the attackers.",
             "1944 12.0", "resolve", dice=(4, 4, 3, 4),
             after=(Check("the Allied player must place one hit", path="flow/-1/inf", eq=1),)),
        Step("The owner places the hits on his attackers as he likes (12.0): the corps that rolled no dice "
             "absorbs it, which is why it came along (2.0).", "1944 2.0", "hit uk-30c", highlight=("uk-30c",),
             after=(Check("XXX Corps is down to 1 SP", path="units/uk-30c/strength", eq=1),
                    Check("2nd Army keeps its 4 SP", path="units/uk-2a/strength", eq=4))),
    ),
    outcome="The corps rolled no dice but took the hit; the 2nd Army is untouched.",
)

# reconstructed: the Ardennes forest hex 2112 and the clear 2012 both touch 2111 and the German corps in 2013
ARDENNES = {"uk-30c": "2111", "ge-67c": "2013"}

WOODS_ZOC = Lesson(
    id="d44-2-0-woods-zoc", game=GAME, scenario=SCENARIO, title="Woods in an enemy zone of control",
    section="1944 2.0",
    summary="Entering a woods hex in an enemy ZOC costs 2 MP, not 4: the costs in one hex do not add up.",
    setup=(("bare", {"places": ARDENNES}),),
    highlight=("2112", "2013"),
    steps=(
        Step("XXX Corps in 2111 is activated to move (1 RP). It is far from any supply source, so its 5 MP "
             "become 4 (13.0); that does not change the costs.", "1944 11.0", "move uk-30c",
             highlight=("uk-30c",)),
        Step("2112 is Ardennes forest (2 MP) and lies in the ZOC of the German corps in 2013 (2 MP). Only the "
             "higher cost is paid, not the sum (2.0).", "1944 2.0", "to 2112", highlight=("2112", "ge-67c"),
             before=(cost("2112", 2, "woods in enemy ZOC cost 2 MP, not 4"),),
             after=(Check("XXX Corps stands in 2112", path="units/uk-30c/hex", eq="2112"),)),
    ),
    outcome="2 MP for the woods hex in enemy ZOC.",
)

CLEAR_ZOC = Lesson(
    id="d44-11-0-clear-zoc", game=GAME, scenario=SCENARIO, title="A clear hex in an enemy zone of control",
    section="1944 11.0",
    summary="Entering a clear hex in an enemy ZOC costs 2 MP, not 3.",
    setup=(("bare", {"places": ARDENNES}),),
    highlight=("2012", "2013"),
    steps=(
        Step("Activate XXX Corps in 2111 to move (out of supply here: 4 MP, 13.0).", "1944 11.0", "move uk-30c",
             highlight=("uk-30c",),
             after=(cost("2110", 1, "a clear hex out of enemy ZOC costs 1 MP"),)),
        Step("2012 is clear (1 MP) and in the German corps' ZOC (2 MP): the unit pays the higher, 2 MP, not "
             "3 (11.0).", "1944 11.0", "to 2012", highlight=("2012", "ge-67c"),
             before=(cost("2012", 2, "a clear hex in enemy ZOC costs 2 MP, not 3"),),
             after=(Check("XXX Corps stands in 2012", path="units/uk-30c/hex", eq="2012"),)),
    ),
    outcome="2 MP for the clear hex in enemy ZOC.",
)

# reconstructed: the Rhine runs between 2509 (west bank, by Koln) and 2609 (east bank, by Dusseldorf); the
# German corps in 2709 puts 2609 in its ZOC without touching 2509
RHINE = Lesson(
    id="d44-11-0-rhine-zoc", game=GAME, scenario=SCENARIO, title="Across the Rhine into an enemy zone of control",
    section="1944 11.0",
    summary="Crossing a Rhine hexside into a clear hex in enemy ZOC costs 3 MP: 2 for the ZOC plus 1 for the "
            "river.",
    setup=(("bare", {"places": {"uk-30c": "2509", "ge-67c": "2709"}}),),
    highlight=("2509", "2609", "2709"),
    steps=(
        Step("XXX Corps stands on the Rhine's west bank at 2509. Activate it to move (out of supply so far "
             "east: 4 MP, 13.0).", "1944 11.0", "move uk-30c", highlight=("uk-30c",)),
        Step("2609 across the Rhine is clear and in the ZOC of the German corps in 2709: 2 MP for the hex "
             "(the higher of clear and ZOC) plus 1 MP for the Rhine hexside, which is added (2.0, 11.0).",
             "1944 11.0", "to 2609", highlight=("2609", "ge-67c"),
             before=(cost("2609", 3, "the Rhine into a clear hex in enemy ZOC costs 3 MP"),),
             after=(Check("XXX Corps is across the Rhine in 2609", path="units/uk-30c/hex", eq="2609"),)),
    ),
    outcome="3 MP: 2 for the hex in enemy ZOC plus 1 for the Rhine.",
)

# reconstructed: the German 7th Army in Chartres (a minor city, +1 die defending); 1416 and 1516 are clear
STEPS = Lesson(
    id="d44-3-0-step-losses", game=GAME, scenario=SCENARIO, title="Step losses of a four-step army",
    section="1944 3.0",
    summary="Each hit flips or replaces an army to its next lower step: 4, 3, 2, 1, then off the board into "
            "the replacement pool.",
    setup=(("bare", {"places": {"us-1a": "1416", "us-7c": "1516", "ge-7a": "1417"}}),),
    highlight=("1417", "1416", "1516"),
    steps=(
        Step("The US 1st Army (4 SP: 3 dice, 4 steps, 4 MP) and VII Corps attack the German 7th Army in "
             "Chartres. Declare the attack.", "1944 12.0", "attack 1417", highlight=("1417", "ge-7a")),
        Step("Add the 1st Army.", "1944 12.0", "add us-1a", highlight=("us-1a",)),
        Step("Add VII Corps: 5 dice against 4 (the 7th Army's 3, +1 in a city, 20.0).", "1944 20.0", "add us-7c",
             highlight=("us-7c",),
             before=(Check("5 attack dice against 4 defence dice", preview="add us-7c", key="dice",
                           eq={"attacker": 5, "defender": 4}),)),
        Step("Resolve. The rulebook fixes no dice: here every Allied die is blank and all four German dice show "
             "the infantry symbol, four hits on the attackers.", "1944 12.0", "resolve",
             dice=(4, 4, 4, 4, 4, 3, 3, 3, 3),
             after=(Check("four hits to place", path="flow/-1/inf", eq=4),)),
        Step("First hit on the 1st Army: its counter is flipped, 3 of 4 steps (3.0).", "1944 3.0", "hit us-1a",
             highlight=("us-1a",), after=(Check("3/4", path="units/us-1a/strength", eq=3),)),
        Step("Second hit: the replacement counter goes in, 2 of 4 (3.0).", "1944 3.0", "hit us-1a",
             highlight=("us-1a",), after=(Check("2/4", path="units/us-1a/strength", eq=2),)),
        Step("Third hit: the replacement counter is flipped, 1 of 4 (3.0).", "1944 3.0", "hit us-1a",
             highlight=("us-1a",), after=(Check("1/4", path="units/us-1a/strength", eq=1),)),
        Step("Fourth hit: below 1 SP the unit is removed and placed in the replacement pool (3.0, 12.1).",
             "1944 12.1", "hit us-1a", highlight=("us-1a",),
             after=(Check("the 1st Army is off the board", path="units/us-1a/hex", eq=None),
                    Check("it is in the replacement pool", path="units/us-1a/box", eq="pool"))),
    ),
    outcome="4/4, 3/4, 2/4, 1/4, then removed into the replacement pool.",
)

INVASION = Lesson(
    id="d44-6-2-normandy", game=GAME, scenario="campaign", title="The Normandy landings", section="1944 6.2",
    summary="Each landing army rolls 4 dice (3, +1 naval, +1 airborne, -1 coast hexside) against the coast "
            "defender's 2 (1, +1 coast hexside); hits fall at the same time.",
    highlight=("1014", "0913"),
    steps=(
        Step("The campaign opens with the invasion before the German June turn (6.1). Dempsey's 2nd Army "
             "lands on the eastern Normandy hex, held by Coast 716. Its 3 dice, +1 for the Eastern Task Force, "
             "+1 for the British airborne, -1 for attacking across the coast hexside: 4 dice. The coast unit's "
             "1 die +1 for the hexside: 2.", "1944 6.2", "land 1014", highlight=("1014", "uk-2a", "co-716"),
             before=(Check("4 Allied dice against 2 German", preview="land 1014", key="dice",
                           eq={"attacker": 4, "defender": 2}),)),
        Step("Hodges' 1st Army lands on the western hex against LXXXIV Corps at 1 SP: again 4 dice against 2. "
             "Once both armies have their hex the two battles are fought. The rulebook fixes no dice: here each "
             "army rolls one infantry hit, and the defender at 0913 one infantry hit back.", "1944 6.2",
             "land 0913", dice=(3, 4, 4, 4, 4, 4, 3, 4, 4, 4, 3, 4), highlight=("0913", "us-1a", "ge-84c"),
             before=(Check("4 Allied dice against 2 German", preview="land 0913", key="dice",
                           eq={"attacker": 4, "defender": 2}),),
             after=(Check("Coast 716 is eliminated for good (coast units are never replaced)",
                          path="units/co-716/box", eq="gone"),
                    Check("LXXXIV Corps is eliminated into the replacement pool", path="units/ge-84c/box",
                          eq="pool"),
                    Check("hits are simultaneous: the 1st Army lands with 3 of its 4 SP",
                          path="units/us-1a/strength", eq=3),
                    Check("the 1st Army moves into its landing hex", path="units/us-1a/hex", eq="0913"),
                    Check("the 21st Army Group beach-head is at 1014", path="beachheads/21", eq="1014"),
                    Check("the 12th Army Group beach-head is at 0913", path="beachheads/12", eq="0913"),
                    Check("no more Allied action: the German June turn begins", path="flow/-1/side",
                          eq="german"))),
    ),
    outcome="Both landings succeed: two beach-heads, the 1st Army a step down, and the German June turn begins.",
)

MOTOR = Lesson(
    id="d44-11-2-motorized", game=GAME, scenario=SCENARIO, title="Allied motorised movement",
    section="1944 11.2",
    summary="A motorised move goes up to twice the unit's MP in hexes, ignoring terrain: 8 hexes for a 4 MP "
            "army, 10 for Patton's 5 MP 3rd Army.",
    # reconstructed: both armies start on the Normandy beach-heads (always in supply, 13.0), no German near
    setup=(("bare", {"places": {"us-1a": "0913", "us-3a": "1014"}}),),
    highlight=("0913", "1014"),
    steps=(
        Step("The US 1st Army (4 MP) is in supply on its beach-head and no enemy ZOC is near: it may move "
             "motorised (11.1) for the same 1 RP.", "1944 11.1", "motor us-1a", highlight=("us-1a",),
             after=(cost("1518", 8, "8 hexes away costs 8 of its 8 motorised hexes"),
                    Check("1619, 9 hexes away, is out of reach", preview="to 1619", eq={}))),
        Step("Drive to 1518, eight hexes: terrain costs do not count, only hexes (11.2).", "1944 11.2",
             "to 1518", highlight=("1518",),
             after=(Check("the 1st Army is at 1518", path="units/us-1a/hex", eq="1518"),)),
        Step("The 3rd US Army has 5 MP (3.0): motorised, 10 hexes.", "1944 11.2", "motor us-3a",
             highlight=("us-3a",),
             after=(cost("2016", 10, "10 hexes away costs 10"),
                    Check("2116, 11 hexes away, is out of reach", preview="to 2116", eq={}))),
        Step("Drive to 2016, ten hexes east.", "1944 11.2", "to 2016", highlight=("2016",),
             after=(Check("the 3rd Army is at 2016", path="units/us-3a/hex", eq="2016"),)),
    ),
    outcome="4 MP give 8 hexes, 5 MP give 10 hexes of motorised movement.",
)

LESSONS = (SEQUENCE, FOREST_RIVER, WOODS_ZOC, STEPS, INVASION, CLEAR_ZOC, RHINE, MOTOR)
