"""Second Front Now!: the examples of sections 10-12 (stacking, zones of control, movement)."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, command, on_map

STACKING = Lesson(
    id="sfn-10-2-stacking", game=GAME, title="US and Commonwealth stacks; the Free French count as US",
    section="SFN 10.2",
    summary="The Free French 2nd Armored joins the US 1st Infantry in 2109, passing through the British 50th's hex; "
            "it may not stop with the British.",
    # reconstructed: the text names no hexes; 2008, 2108 and 2109 lie behind the Calais beaches, a row apart
    setup=on_map({"fr-2db": "2008", "cw-50": "2108", "us-1": "2109"}, turn=3) + command("allied"),
    highlight=("2008", "2108", "2109"),
    steps=(
        Step("Activate the Free French 2nd Armored in 2008 (one command point, 6.2).", "SFN 6.2", "move 2008",
             highlight=("fr-2db",),
             before=(Check("the French may not join the British 50th in 2108", call="stack_ok",
                           args=("2108", ("fr-2db",)), eq=False),
                     Check("but may join the US 1st in 2109", call="stack_ok", args=("2109", ("fr-2db",)), eq=True))),
        Step("'to 2108' is refused (10.2): US and Commonwealth never end a move together, and the French stack as "
             "US units. Move on to 2109: the way runs through the British hex, which 10.3 allows.", "SFN 10.2",
             "to 2109", highlight=("2108", "2109"),
             before=(Check("2109 costs 2 MP, through 2108", preview="to 2109", key="path", eq=["2008", "2108", "2109"]),),
             after=(Check("the French armour stands with the US 1st in 2109", call="at", args=("2109",),
                          eq=["fr-2db", "us-1"]),)),
    ),
    outcome="The 2nd Armored (F) ends stacked with the US 1st Infantry; it passed through the British hex but could "
            "not stop there.",
)

ZOC_SEA = Lesson(
    id="sfn-11-2-zoc-sea", game=GAME, title="No zone of control across an all-sea hexside", section="SFN 11.2",
    summary="A unit in 2009 exerts no ZOC into 1909: a German strategic move, which may never enter an enemy ZOC, "
            "ends in 1909 beside it.",
    # reconstructed: the text gives 2009 and 1909 only; the US 1st holds 2009 and the 21st Panzer (full strength,
    # movement 3) starts in 2011, out of its ZOC. The Allies landed at Dieppe, so 2009 and 1910 are no beaches.
    setup=on_map({"g-21pz": "2011", "us-1": "2009"}, turn=3, area="dieppe")
    + (("set", {"path": "units/g-21pz/steps", "value": 2}),) + command("german"),
    highlight=("2009", "1909"),
    steps=(
        Step("Give the 21st Panzer in 2011 a strategic move: double movement, but never into an enemy ZOC (12.5).",
             "SFN 12.5", "strategic 2011", highlight=("g-21pz",)),
        Step("2010 is in the US 1st's ZOC, so it is out of reach. 1909 touches 2009 only across the estuary, an "
             "all-sea hexside: no ZOC there. Move to 1909 by 1910.", "SFN 11.2", "to 1909", highlight=("1909", "2010"),
             before=(Check("2010 cannot be reached by a strategic move", preview="to 2010", key="cost", eq=None),
                     Check("1909 can, for 2 MP", preview="to 1909", key="cost", eq=2)),
             after=(Check("the 21st Panzer stands in 1909", path="units/g-21pz/hex", eq="1909"),)),
    ),
    outcome="The 21st Panzer ends its strategic move next to the US unit in 2009: no ZOC crosses the all-sea hexside.",
)

ORLEANS = Lesson(
    id="sfn-11-6-orleans", game=GAME, title="Capturing Orleans by zone of control", section="SFN 11.6",
    summary="The British 50th moves next to Orleans (1525), with no German in or next to it, and takes it; the "
            "German contests it with a ZOC, then moves in to take it back.",
    # reconstructed: the text gives Orleans only; the German units start two hexes off, out of contact, and the
    # second half is the example's contest seen from the German side (the rule is the same for both)
    setup=on_map({"cw-50": "1523", "g-47": "1726", "g-21pz": "1527"}, turn=3)
    + (("set", {"path": "units/g-21pz/steps", "value": 2}),) + command("allied"),
    highlight=("1525",),
    steps=(
        Step("No German unit is in or next to Orleans. Activate the 50th in 1523.", "SFN 11.6", "move 1523",
             highlight=("cw-50",),
             before=(Check("Orleans is German", call="vp", eq=50),)),
        Step("Move next to Orleans, to 1524: its uncontested ZOC captures the city.", "SFN 11.6", "to 1524",
             highlight=("1524", "1525"),
             after=(Check("Orleans is Allied", path="control/1525", eq="allied"),
                    Check("the German loses its 1 VP: 49", call="vp", eq=49))),
        Step("End the Allied command phase; on turn 4 the German moves.", "SFN 5.3", "end"),
        Step("Move the 47th Infantry from 1726 ...", "SFN 11.6", "move 1726", highlight=("g-47",)),
        Step("... to 1626, next to Orleans. Both sides' ZOCs now reach the empty city: contested, it stays Allied.",
             "SFN 11.6", "to 1626", highlight=("1626", "1525"),
             after=(Check("Orleans stays Allied", path="control/1525", eq="allied"),)),
        Step("To take it the German must move in: activate the 21st Panzer in 1527.", "SFN 11.6", "move 1527",
             highlight=("g-21pz",)),
        Step("Into Orleans across the Loire: 1 MP to 1526, 2 into the city (a major river, 12.4).", "SFN 11.6",
             "to 1525", highlight=("1525",),
             before=(Check("3 MP by 1526", preview="to 1525", key="cost", eq=3),),
             after=(Check("Orleans is German again", path="control/1525", eq="german"),
                    Check("50 VP", call="vp", eq=50))),
    ),
    outcome="An uncontested ZOC took Orleans; once contested, only moving in changed its owner.",
)

SEA_HEXSIDE = Lesson(
    id="sfn-12-3-sea-hexside", game=GAME, title="No move across an all-sea hexside", section="SFN 12.3",
    summary="From Le Havre (1012) nobody moves straight to 1013: the way round by 1112 and across the Seine costs "
            "3 MP.",
    # reconstructed: the text gives 1012 and 1013 only; a stack of the reduced 21st Panzer (movement 2) and the
    # full 9th SS (movement 3) stands in Le Havre, its garrison off the map
    setup=on_map({"g-21pz": "1012", "g-9ss": "1012"}, turn=3)
    + (("set", {"path": "units/g-9ss/steps", "value": 2}),) + command("german"),
    highlight=("1012", "1013"),
    steps=(
        Step("Activate the stack in Le Havre (one command point).", "SFN 6.2", "move 1012", highlight=("1012",)),
        Step("1013 is next door, but the hexside is all-sea: 'to 1013' is refused. The stack moves at the slowest "
             "unit's 2 MP (12.2), too few for the way round. Leave the 21st Panzer behind.", "SFN 12.3",
             "without g-21pz", highlight=("g-21pz", "1013"),
             before=(Check("1013 is out of the stack's reach", preview="to 1013", key="cost", eq=None),)),
        Step("The 9th SS alone has 3 MP: 1 to 1112, 2 across the Seine into 1013 (12.4).", "SFN 12.3", "to 1013",
             highlight=("1112", "1013"),
             before=(Check("1013 costs 3 MP by 1112", preview="to 1013", key="path", eq=["1012", "1112", "1013"]),),
             after=(Check("the 9th SS stands in 1013", path="units/g-9ss/hex", eq="1013"),)),
        Step("The 21st Panzer stays in Le Havre.", "SFN 12.1", "done"),
    ),
    outcome="Never straight across: the 9th SS went round by 1112 for 3 MP; the 21st Panzer could not.",
)

ROUEN = Lesson(
    id="sfn-12-4-rouen", game=GAME, title="Crossing the Seine at Rouen", section="SFN 12.4",
    summary="From Rouen (1414) to 1415 costs two MPs: one to enter, one extra for the major river.",
    # reconstructed: the text names no unit; the 9th SS at full strength (movement 3) stands alone in Rouen
    setup=on_map({"g-9ss": "1414"}, turn=3) + (("set", {"path": "units/g-9ss/steps", "value": 2}),)
    + command("german"),
    highlight=("1414", "1415"),
    steps=(
        Step("Activate the 9th SS in Rouen.", "SFN 6.2", "move 1414", highlight=("g-9ss",)),
        Step("Cross the Seine to 1415.", "SFN 12.4", "to 1415", highlight=("1415",),
             before=(Check("1415, across the Seine, costs 2 MP", preview="to 1415", key="cost", eq=2),
                     Check("1514, on the same bank, costs 1", preview="to 1514", key="cost", eq=1)),
             after=(Check("the 9th SS stands in 1415", path="units/g-9ss/hex", eq="1415"),)),
    ),
    outcome="Two MPs: one to enter 1415, one extra for the Seine.",
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
