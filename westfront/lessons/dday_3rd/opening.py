"""D-Day 3rd lessons from the sequence of play to movement: §5.3, Figures 3-6 (ZOC, control, the Normandy invasion, airborne drops, ZOC and movement)."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, at_phase, movement, odds, where

# ---- the sequence of play (§5.3, Table 3) ------------------------------------------------------------------------

SEQUENCE = Lesson(
    id="dd3-sequence", game=GAME, title="The sequence of play: one week", section="D-Day §5.3",
    summary="A turn is a week: the Allied phases (supply, invasion, airborne, movement, combat, tactical air, "
            "attrition), then the German ones (isolation, movement, combat, attrition).",
    # Reconstructed position: week 2 after a Normandy landing; US 1 ID holds the invasion hex S33 (a Mulberry,
    # §7.2, so it is supplied, §6.2) and DE 352 ID stands out of contact at W30, so that no phase needs a die.
    setup=(("bare", {"week": 2}), ("put", {"places": {"US-1-ID": "S33", "DE-352-ID": "W30"}}),
           ("set", {"path": "mulberries", "value": {"S33": "normandy"}}),
           ("set", {"path": "invasions", "value": [{"sector": "normandy", "week": 1}]}),
           ("enter", {"frames": [{"step": "game", "stage": "weeks"}, {"step": "week"}]})),
    highlight=("US-1-ID", "DE-352-ID", "S33"),
    steps=(
        Step("Each turn is one week, from 6 June 1944, fifty in all. The Allied faction plays its phases first, "
             "then the German faction (§5.3, Table 3). The Allied supply phase has already run: the fighters are "
             "ready and US 1 ID traces supply to its invasion hex S33 (§6.2). Week 2 is no invasion week (§7: "
             "week 1, then once in weeks 9-16), so the invasion phase passes by itself.", "D-Day §5.3",
             highlight=("US-1-ID", "S33"),
             before=(Check("it is week 2", path="week", eq=2),
                     Check("US 1 ID is in supply (not flipped)", path="units/US-1-ID/flipped", eq=False))),
        Step("The Allied airborne phase: airborne divisions in Britain could drop within five hexes of a unit on "
             "the continent (§8). Make no drop.", "D-Day §8", "done"),
        Step("The Allied movement phase: reinforcements, replacements and moves (§9). Nobody moves this week: end "
             "it. With no unit next to an enemy there is no combat (§10), so the phase passes.", "D-Day §9",
             "done", before=(Check("the phase is the Allied movement", path="phase", eq="Allied movement"),)),
        Step("The Allied tactical air phase: fighters not used for close air support may fly defence or "
             "interdiction missions (§11). Fly none. Allied attrition follows (§12), then the German turn begins "
             "with its isolation (supply) phase.", "D-Day §11", "done",
             before=(Check("six fighters are ready (§6.2)", path="fighters", eq=6),)),
        Step("The German movement phase (§9). End it; again no combat follows. German attrition closes the week "
             "and the victory conditions are checked (§13).", "D-Day §9", "done",
             before=(Check("the phase is the German movement", path="phase", eq="German movement"),)),
    ),
    final=(Check("week 3 has begun", path="week", eq=3),
           Check("it opens with the Allied turn", path="side", eq="allied")),
    outcome="Week 3 begins, again with the Allied supply phase.",
)

# ---- Figure 3: ZOC and control (§4.1, §4.3) -------------------------------------------------------------------------

FIG3 = Lesson(
    id="dd3-fig3-zoc", game=GAME, title="Figure 3: zones of control and control", section="D-Day §4.1",
    summary="SS 12 AD's ZOC stops at the Seine (not Y23, Z23); CA 2 ID's ZOC meets it only in Z25; the empty hexes "
            "in Allied ZOC and free of German ZOC become Allied.",
    # The caption gives SS 12 AD's neighbourhood (Y23, Z23 across the Seine, Z25 shared) but not the hexes:
    # SS 12 AD at Z24 and CA 2 ID at Z26 are reconstructed (as in tests/games/dday_3rd/test_movement.py, with CA 2
    # ID one hex further west): of the hexes two from Z24, Z26 is the one whose ZOC meets SS 12 AD's in Z25 alone.
    setup=(("bare", {"week": 3}), ("put", {"places": {"SS-12-AD": "Z24", "CA-2-ID": "Z28"}}), *movement()),
    highlight=("SS-12-AD", "CA-2-ID", "Z24", "Y23", "Z23", "Z25"),
    steps=(
        Step("Every ground unit exerts a zone of control (ZOC) into the six hexes around it, but not across a river "
             "hexside (§4.1). SS 12 AD in Z24 has the Seine between it and Y23, Z23: those two are outside its ZOC; "
             "Y24, Z25, AA24 and AA25 are inside.", "D-Day §4.1", highlight=("Z24", "Y23", "Z23", "Y24", "Z25"),
             before=(Check("Y23 is not in German ZOC (the Seine)", call="in_zoc", args=("Y23", "german"), eq=False),
                     Check("Z23 is not in German ZOC (the Seine)", call="in_zoc", args=("Z23", "german"), eq=False),
                     Check("Z25 is in German ZOC", call="in_zoc", args=("Z25", "german"), eq=True))),
        Step("Move CA 2 ID (Allied movement phase, §9). Pick it.", "D-Day §9.1", "move CA-2-ID",
             highlight=("CA-2-ID",)),
        Step("Put it in Z26, two hexes from SS 12 AD: its own ZOC then touches the German one in Z25 only.",
             "D-Day §4.1", "to Z26", highlight=("Z26", "Z25"),
             after=(Check("Z25 is in both zones", call="in_zoc", args=("Z25", "allied"), eq=True),
                    Check("AA25 is outside CA 2 ID's ZOC", call="in_zoc", args=("AA25", "allied"), eq=False))),
        Step("End the movement phase. Control (§4.3): a hex belongs to the side whose unit last occupied or passed "
             "through it, or that has it in ZOC while it is free of enemy ZOC. The combat phase opens by applying "
             "this: CA 2 ID's empty ZOC hexes become Allied, except Z25, which SS 12 AD also reaches.", "D-Day §4.3",
             "done", highlight=("Z25", "Y25", "Y26", "Z27", "AA26", "AA27"),
             after=(Check("AA26 is Allied (Allied ZOC, no German ZOC)", call="controller", args=("AA26",),
                          eq="allied"),
                    Check("Y25 is Allied", call="controller", args=("Y25",), eq="allied"),
                    Check("Z25 stays German (the ZOCs overlap)", call="controller", args=("Z25",), eq="german"))),
    ),
    outcome="The two zones meet only in Z25; CA 2 ID controls its other five neighbours, Z25 stays German.",
)

# ---- Figure 4: the Normandy invasion (§7, §8, §10.1.1, §10.2) --------------------------------------------------------

_AIRDROP = "rows16_cols32"  # the region of the hex choice holding T33 and T35 (named by its places in the UI)

FIG4 = Lesson(
    id="dd3-fig4-normandy", game=GAME, title="Figure 4: the Normandy invasion", section="D-Day §7",
    summary="Week 1 from the historical German set-up: six divisions land on Utah, Omaha-Gold and Juno-Sword, "
            "three airborne divisions drop, and the first attacks are declared with close air support.",
    # The real opening (historical deployment, §5.2). US 4 ID, US 9 ID, US 1 ID and BR 50 ID are embarked by the
    # set-up (the invasion step offers one counter of each identical kind, so the caption's own counters are
    # placed); the player embarks the last two and makes the drops. "US 12 ABID" is read as US 82 ABID (game
    # README, reading 21).
    setup=(("play", {"actions": ["invade normandy"]}),
           ("embark", {"sector": "normandy", "places": {"US-4-ID": "Q33", "US-9-ID": "Q33", "US-1-ID": "R33",
                                                         "BR-50-ID": "R33"}})),
    highlight=("Q33", "R33", "R32", "R34", "S33", "S32"),
    steps=(
        Step("Week 1: the Allies must invade (§7) and chose Normandy. Table 5 sets how many armoured, infantry and "
             "airborne divisions the sector takes. US 4 ID and US 9 ID are at sea in Q33, whose arrow points at "
             "Utah (R34); US 1 ID and BR 50 ID in R33 for Omaha-Gold (S33). At most two units per sea hex.",
             "D-Day §7", highlight=("Q33", "R33", "R34", "S33")),
        Step("Embark CA 3 ID for Juno-Sword.", "D-Day §7", "land CA-3-ID", highlight=("R32", "S32")),
        Step("R32's arrow points at S32 (Juno and Sword). The sea east of S32 and west of S30 is no invasion hex.",
             "D-Day §7", "at R32", highlight=("R32", "S32")),
        Step("Embark BR 3 ID too.", "D-Day §7", "land BR-3-ID"),
        Step("Also to R32.", "D-Day §7", "at R32",
             after=(Check("six infantry divisions are at sea", path="landed/sea", eq=6),)),
        Step("Done with the landings; the airborne phase follows (§8).", "D-Day §8", "done"),
        Step("Drop US 82 ABID (the caption's 'US 12 ABID'): within five hexes of a sea invasion hex in week 1 (§8).",
             "D-Day §8", "drop US-82-ABID"),
        Step("Choose the area holding T33 and T35 …", "D-Day §8", f"region {_AIRDROP}"),
        Step("… and T35.", "D-Day §8", "hex T35", highlight=("T35",)),
        Step("US 101 ABID drops to T35 as well.", "D-Day §8", "drop US-101-ABID"),
        Step("Same area …", "D-Day §8", f"region {_AIRDROP}"),
        Step("… T35.", "D-Day §8", "hex T35", highlight=("T35",)),
        Step("BR 6 ABID drops east of the Orne.", "D-Day §8", "drop BR-6-ABID"),
        Step("Same area …", "D-Day §8", f"region {_AIRDROP}"),
        Step("… T33.", "D-Day §8", "hex T33", highlight=("T33",),
             after=(Check("three drops made, the most in a week (§8)", path="dropped_now", eq=3),)),
        Step("End the airborne phase. In the movement phase the invaders first move into their coastal hexes "
             "(§7.1): nobody holds R34, S33 or S32, so they land unopposed and the hexes become invasion hexes "
             "(§7.2).", "D-Day §7.1", "done",
             after=(where("US-4-ID", "R34", "US 4 ID is on Utah (R34)"),
                    where("BR-50-ID", "S33", "BR 50 ID is on Omaha-Gold (S33)"),
                    where("CA-3-ID", "S32", "CA 3 ID is on Juno-Sword (S32)"))),
        Step("Nothing else moves this week (airborne units that dropped may not move, §8). End the movement phase.",
             "D-Day §9", "done",
             after=(Check("the combat plan offers S34, S35, T32, T34 and U33; Le Havre (R30) is not among them "
                          "(not next to S32; no ZOC enters a fortress anyway, §4.1)", legal=True,
                          eq=["attack S34", "attack S35", "attack T32", "attack T34", "attack U33", "done"]),)),
        Step("The red triangles of the figure: first BR 6 ABID against DE 711 ST in T32, across the Orne.",
             "D-Day §10", "attack T32", highlight=("T32", "T33")),
        Step("BR 6 ABID attacks with its 3.", "D-Day §10.2", "add BR-6-ABID",
             after=(odds("declare", "1:2", "without air support: 3 against 2×2 is 1:2"),)),
        Step("Allocate a fighter for close air support: +1 AF (§10.1.1).", "D-Day §10.1.1", "air fighter",
             after=(odds("declare", "1:1", "with close air support: 3+1 against 2×2 is 1:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Now DE 243 ST in S35, attacked by one of the two US airborne divisions in T35.", "D-Day §10",
             "attack S35", highlight=("S35", "T35")),
        Step("US 82 ABID attacks it.", "D-Day §10.2", "add US-82-ABID",
             after=(odds("declare", "1:1", "3 against 2 alone is 1:1"),)),
        Step("Close air support here too.", "D-Day §10.1.1", "air fighter",
             after=(odds("declare", "2:1", "close air support brings it to 2:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("DE 2 ABREGT in S34 must be attacked by the other US airborne division; the Utah divisions need not "
             "attack it (the Vire estuary: no ZOC across a river, §4.1).", "D-Day §10", "attack S34",
             highlight=("S34", "R34")),
        Step("US 101 ABID attacks S34.", "D-Day §10", "add US-101-ABID"),
        Step("Declare it.", "D-Day §10", "declare",
             after=(Check("two fighters flew close air support: four are left", path="fighters", eq=4),)),
    ),
    outcome="T32 is attacked at 1:1 (1:2 without the fighter), S35 at 2:1 with close air support, S34 by the other "
            "US airborne division; Le Havre need not be attacked.",
)

# ---- Figure 5: airborne drops in a second invasion (§8) --------------------------------------------------------------

_BISCAY = "rows24_cols40"  # the hex choice's region holding Y40-AA40

FIG5 = Lesson(
    id="dd3-fig5-airborne", game=GAME, title="Figure 5: airborne drops", section="D-Day §8",
    summary="A second invasion in the Bay of Biscay (one airborne drop allowed, Table 5): BR 6 ABID drops at AA40 "
            "near BR 3 ID, and US 101 ABID at Z40, counting its range from US 94 ID at Rennes.",
    # Week 12, after Normandy in week 1. US 94 ID at X38 (Rennes) is the caption's; the invaders' sea hexes are
    # reconstructed: BR 3 ID at CC42 (arrow to CC41, two hexes from AA40), FR 9 ID and FR 14 ID at FF42. US 82 ABID
    # is put on the continent with US 94 ID so that the drop offers US 101 ABID (the step offers one counter of
    # each identical kind). The two French divisions are embarked by the set-up for the same reason.
    setup=(("bare", {"week": 12}), ("set", {"path": "invasions", "value": [{"sector": "normandy", "week": 1}]}),
           ("put", {"places": {"US-94-ID": "X38", "US-82-ABID": "X38"}}),
           *at_phase("invasion", {"step": "invasion", "mandatory": False, "sector": None, "unit": None},
                     "Allied invasion"),
           ("play", {"actions": ["invade bay_of_biscay"]}),
           ("embark", {"sector": "bay_of_biscay", "places": {"FR-9-ID": "FF42", "FR-14-ID": "FF42"}})),
    highlight=("X38", "CC42", "AA40", "Z40"),
    steps=(
        Step("Week 12: the optional second invasion (weeks 9-16, §7) goes to the Bay of Biscay. FR 9 ID and FR 14 ID "
             "are at sea in FF42. In an invasion week the sector's column of Table 5 caps the airborne drops into "
             "the invasion area, the five hexes around the invaders (§8): one here.", "D-Day §8",
             highlight=("FF42", "X38")),
        Step("Embark BR 3 ID as the third invader.", "D-Day §7", "land BR-3-ID"),
        Step("At CC42, whose arrow points at CC41.", "D-Day §7", "at CC42", highlight=("CC42", "CC41"),
             after=(Check("three infantry divisions invade", path="landed/sectors/bay_of_biscay/I", eq=3),)),
        Step("Done: on to the airborne phase.", "D-Day §8", "done"),
        Step("BR 6 ABID makes the invasion's one drop, counting its five hexes from BR 3 ID.", "D-Day §8",
             "drop BR-6-ABID"),
        Step("The area holding Z40 and AA40 …", "D-Day §8", f"region {_BISCAY}"),
        Step("… AA40, two hexes from BR 3 ID.", "D-Day §8", "hex AA40", highlight=("AA40", "CC42"),
             after=(where("BR-6-ABID", "AA40", "BR 6 ABID is at AA40"),)),
        Step("A drop counted from a unit already on the continent is no part of the invasion's allowance: US 101 "
             "ABID drops counting from US 94 ID in Rennes (X38). (AA40 is within five hexes of US 94 ID too, so the "
             "engine lets either count; the caption counts BR 6 ABID's from BR 3 ID.)", "D-Day §8",
             "drop US-101-ABID", highlight=("US-94-ID", "X38")),
        Step("Same area …", "D-Day §8", f"region {_BISCAY}"),
        Step("… Z40, two hexes from Rennes.", "D-Day §8", "hex Z40", highlight=("Z40", "X38"),
             after=(where("US-101-ABID", "Z40", "US 101 ABID is at Z40"),
                    Check("two drops this week (of at most three, §8)", path="dropped_now", eq=2))),
    ),
    outcome="BR 6 ABID drops at AA40 from the invasion, US 101 ABID at Z40 from US 94 ID: the Bay of Biscay's "
            "limit of one drop is kept.",
)

# ---- Figure 6: enemy ZOC and movement (§9.1.4) -----------------------------------------------------------------------

FIG6 = Lesson(
    id="dd3-fig6-zoc-movement", game=GAME, title="Figure 6: enemy ZOC and movement", section="D-Day §9.1.4",
    summary="US 10 AD, engaged by DE 116 AD, may step into DE 85 ID's ZOC at P22 but not to O21 (same enemy's "
            "ZOC); it reaches P20 only by disengaging through Q21.",
    # The caption's hexes (P21, O20, O21, P22, P20, Q21); DE 85 ID at P23 is reconstructed as the "different enemy"
    # whose ZOC covers P22 (as in tests/games/dday_3rd/test_movement.py); the Scheldt round O21 is on the map.
    setup=(("bare", {"week": 10}),
           ("put", {"places": {"DE-116-AD": "O20", "DE-85-ID": "P23", "US-10-AD": "P21"}}), *movement()),
    highlight=("US-10-AD", "DE-116-AD", "P21", "O21", "P22", "P20", "Q21"),
    steps=(
        Step("US 10 AD in P21 is engaged: it stands in the ZOC of DE 116 AD (O20). A unit may not move from one "
             "hex of an enemy unit's ZOC straight into another hex of the same unit's ZOC (§9.1.4).", "D-Day §9.1.4",
             highlight=("P21", "O20"),
             before=(Check("P21 is in German ZOC", call="in_zoc", args=("P21", "german"), eq=True),
                     Check("O21 is in German ZOC (DE 116 AD's)", call="in_zoc", args=("O21", "german"), eq=True),
                     Check("P22 is in German ZOC (DE 85 ID's)", call="in_zoc", args=("P22", "german"), eq=True))),
        Step("Pick US 10 AD. The hexes offered follow the rule: P22 (a different enemy's ZOC), not O21; P20 by way "
             "of Q21 (out of all German ZOC first, then in again).", "D-Day §9.1.4", "move US-10-AD",
             highlight=("US-10-AD",),
             after=(Check("O21 cannot be entered: still DE 116 AD's ZOC", preview="to O21", key="cost", eq=None),
                    Check("P22 can: one movement point", preview="to P22", key="cost", eq=1),
                    Check("P20 only through Q21", preview="to P20", key="path", eq=["P21", "Q21", "P20"]))),
        Step("Move to P20: US 10 AD disengages at Q21 and reengages at P20, where it must stop (§9.1.4).",
             "D-Day §9.1.4", "to P20", highlight=("Q21", "P20"),
             after=(where("US-10-AD", "P20", "US 10 AD is at P20"),)),
    ),
    outcome="P22 and P20 (via Q21) are open to US 10 AD, O21 is not.",
)
