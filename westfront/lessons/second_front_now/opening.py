"""Second Front Now!: the sequence of play (5.0), then the examples of sections 2-4 in the rulebook's order."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, fire, on_map

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


SAMPLE_UNIT = Lesson(
    id="sfn-2-5-sample-unit", game=GAME, title="The sample unit: 10th SS Panzer", section="SFN 2.5",
    summary="The rulebook's sample counter, the 10th SS Panzer Division: two steps, 6-6-3 at full strength, set up "
            "in the South box at one step, free to enter play on Game Turn 1.",
    setup=(("started", {"area": "calais"}),),
    highlight=("g-10ss",),
    steps=(
        Step("Turn 1: no Blue Point in this lesson (15.7).", "SFN 15.7", "decline"),
        Step("The 10th SS Panzer starts in the South box with the asterisk's one step (3.4): 6-6-3 when full, its "
             "reduced side (our reconstruction, 2.5 prints only the full one) 5-5-2. Bring it out: one command point "
             "(7.3).",
             "SFN 2.5", "enter g-10ss", highlight=("g-10ss",),
             before=(Check("in the South box", path="units/g-10ss/box", eq="south"),
                     Check("at one step", path="units/g-10ss/steps", eq=1),
                     Check("reduced values 5-5-2", call="values", args=("g-10ss",), eq=(5, 5, 2)))),
        Step("Normal movement.", "SFN 12.5", "normal"),
        Step("Its entry hexes lie on the map's southern edge (7.3); pick the area of 1828.", "SFN 7.3",
             "region cols16-19"),
        Step("Enter at 1828, its first hex of movement.", "SFN 7.3", "hex 1828", highlight=("1828",)),
        Step("One MP is left: stop here.", "SFN 12.1", "done",
             after=(Check("the 10th SS is on the map on turn 1", path="units/g-10ss/hex", eq="1828"),)),
    ),
    outcome="The one-step 10th SS Panzer entered the map on Game Turn 1.",
)

UNTRIED = Lesson(
    id="sfn-2-13-untried", game=GAME, title="An untried US division lands", section="SFN 2.13",
    summary="The US 4th Armored (a boxed number) enters play as its white one-step untried counter from the England "
            "box; its blooded two-step counter waits in the US Blooded Replacement Divisions box.",
    # reconstructed: the map is cleared but for a German unit in Amiens; the 4th Armored (untried) and the British
    # 50th wait in England
    setup=on_map({"g-47": "2412"}, turn=3)
    + (("to_box", {"unit": "us-4armu", "box": "england"}), ("to_box", {"unit": "us-4arm", "box": "blooded"}),
       ("to_box", {"unit": "cw-50", "box": "england"})) + command("allied"),
    highlight=("1910", "2009"),
    steps=(
        Step("The untried 4th Armored, one step, is in England; 'enter us-4arm' (the blooded counter) is refused: it "
             "is not in the England box. Land the untried one (one command point).", "SFN 2.13", "enter us-4armu",
             highlight=("us-4armu",),
             before=(Check("the untried counter has one step", path="units/us-4armu/steps", eq=1),
                     Check("the blooded 4th Armored waits in its box", path="units/us-4arm/box", eq="blooded"))),
        Step("US units land only on Utah (1910) and Omaha (2009) (7.3). Land on Omaha.", "SFN 7.3", "hex 2009",
             highlight=("2009",),
             before=(Check("Utah or Omaha", legal=True, eq=["hex 1910", "hex 2009"]),)),
        Step("Stop on the beach.", "SFN 12.1", "done",
             after=(Check("the untried 4th Armored is ashore", path="units/us-4armu/hex", eq="2009"),)),
    ),
    outcome="The white, one-step 4th Armored came ashore from England; its blooded side stays in its box until it "
            "proves itself in battle (8.5).",
)

ONE_AREA = Lesson(
    id="sfn-3-3-one-area", game=GAME, title="One invasion area: Dieppe", section="SFN 3.3",
    summary="With the Allies ashore at Dieppe, the Calais beaches mean nothing: the German takes Calais's Sword "
            "(2006) for no VP, Dieppe's Sword (1710) for three.",
    # reconstructed: the text gives the two areas only; the 47th Infantry stands beside 2006, the 21st Panzer (full
    # strength) beside 1710, the British 50th on Gold (1611) beside it
    setup=on_map({"g-47": "2105", "g-21pz": "1711", "cw-50": "1611"}, turn=3, area="dieppe")
    + (("set", {"path": "units/g-21pz/steps", "value": 2}),) + command("german"),
    highlight=("2006", "1710"),
    steps=(
        Step("The Allies chose Dieppe (49 VP: Dieppe is theirs, 4.2). Move the 47th from 2105 ...", "SFN 3.3",
             "move 2105", highlight=("g-47",),
             before=(Check("49 German VP", call="vp", eq=49),)),
        Step("... onto 2006, Sword Beach had they landed at Calais.", "SFN 3.3", "to 2006", highlight=("2006",),
             after=(Check("no award: still 49", call="vp", eq=49),)),
        Step("Now the 21st Panzer from 1711 ...", "SFN 4.3", "move 1711", highlight=("g-21pz",)),
        Step("... onto 1710, Sword Beach of the Dieppe area.", "SFN 4.3", "to 1710", highlight=("1710",),
             after=(Check("an active beachhead hex: three VP, 52", call="vp", eq=52),
                    Check("the award list holds 1710 only", path="beach_awards", eq=["1710"]))),
    ),
    outcome="Only the chosen area's beaches count: 2006 gave nothing, 1710 three VP.",
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
