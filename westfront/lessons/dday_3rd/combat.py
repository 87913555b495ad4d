"""D-Day 3rd lessons of the combat phase (§10): Figures 7-13."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, Near, box, combat, movement, odds, where

# ---- Figure 7: a combat (§10, §10.2, §10.4.2) --------------------------------------------------------------------

FIG7 = Lesson(
    id="dd3-fig7-combat", game=GAME, title="Figure 7: a combat", section="D-Day §10",
    summary="US 101 ABID, US 1 ID and US 14 AD attack DE 271 ID at 12 to 3, or 4:1; US 14 AD goes round to W35 so "
            "that the German unit has no retreat.",
    # DE 271 ID at X35 with US 101 ABID (Y35) and US 1 ID (Y36) in place and US 14 AD's start at Y37 are
    # reconstructed (the caption names W35, X36 and W34 only; positions as in tests/games/dday_3rd/test_combat.py).
    # The caption fixes no die: the lesson rolls a 2, a DR at 4:1 on the game's Table 8 (rows 2-6 reconstructed,
    # data/tables.toml), so that the retreat rule shows.
    setup=(("bare", {"week": 8}),
           ("put", {"places": {"DE-271-ID": "X35", "US-101-ABID": "Y35", "US-1-ID": "Y36", "US-14-AD": "Y37"}}),
           *movement()),
    highlight=("DE-271-ID", "X35", "W35", "X36", "W34"),
    steps=(
        Step("US 101 ABID and US 1 ID have moved into DE 271 ID's ZOC. Now US 14 AD.", "D-Day §9.1",
             "move US-14-AD", highlight=("US-14-AD", "US-101-ABID", "US-1-ID")),
        Step("It circles round the German unit to W35 (Y37, X37, W36, W35), entering its ZOC only at the end. From "
             "X36 instead it would leave DE 271 ID a way out through W34.", "D-Day §9.1.4", "to W35",
             highlight=("W35", "X36", "W34"),
             before=(Check("the way round costs 3", preview="to W35", key="cost", eq=3),)),
        Step("End the movement phase. Every unit in enemy ZOC must attack and every enemy unit in ZOC must be "
             "attacked (§10).", "D-Day §10", "done"),
        Step("Attack X35 …", "D-Day §10", "attack X35", highlight=("X35",)),
        Step("… with US 101 ABID,", "D-Day §10.2", "add US-101-ABID"),
        Step("US 1 ID", "D-Day §10.2", "add US-1-ID"),
        Step("and US 14 AD.", "D-Day §10.2", "add US-14-AD",
             after=(odds("declare", "4:1", "12 to 3 is 4:1 (§10.2)"),
                    Check("3 + 4 + 5 = 12 against 3", preview="declare", key="totals",
                          eq={"attack": 12, "defence": 3, "text": "12 against 3"}))),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Done planning; the one combat is rolled. A 2 gives Defender Retreat (two hexes, §10.4.2) — but every "
             "hex around X35 is an Allied unit's or in Allied ZOC, so DE 271 ID cannot retreat and is eliminated "
             "(§10.4.2: surrounded units are eliminated).", "D-Day §10.4.2", "done", dice=(2,),
             after=(box("DE-271-ID", "eliminated", "DE 271 ID is eliminated"),)),
    ),
    outcome="12 to 3 is 4:1; surrounded, DE 271 ID cannot retreat and is eliminated.",
)

# ---- Figures 8 and 9: dividing attacks, carpet bombing (§10, §10.1.2) ---------------------------------------------

# The captions name US 2 AD, US 17 ABID, US 13 ABID, DE 91 ID and DE 15 PGD (DE 15 MD, game README reading 21) and
# the odds of both plans (1:3 and 3:1; 2:1, 1:1 and 1:2, DE 91 ID's at 1:2), not the hexes or the other units. With
# the game's counters (DE 91 ID 3-3-3 and US 17 ABID 3-3-4, both reconstructed by type) no placement of the named
# units alone gives both plans: 3 against DE 91 ID is 1:1 unless it is doubled, and doubled (6) with DE 15 MD (5)
# it is 1:4 for US 17 ABID alone. A search of the real map for the smallest addition that gives all five printed
# odds found this one (reconstructed): DE 91 ID in Rouen (S28, a town: ×2), DE 15 MD at R27 and DE 271 ID (3-3-3)
# at Q27; US 17 ABID with the US 12th Army Group HQ (AF 1, §3 allows the third unit) at S27, next to S28 and R27;
# US 2 AD at Q26, next to R27 and Q27 but not S28; US 82 ABID and US 101 ABID at Q28, next to Q27 only; US 13 ABID
# at T26, next to no German unit. Week 41 (US 13 ABID arrives in week 40).
_FIG8: dict[str, str] = {"DE-91-ID": "S28", "DE-15-MD": "R27", "DE-271-ID": "Q27", "US-17-ABID": "S27",
                         "US-12-HQAG": "S27", "US-2-AD": "Q26", "US-82-ABID": "Q28", "US-101-ABID": "Q28",
                         "US-13-ABID": "T26"}
_FIG8_UNITS = ("US-17-ABID", "US-12-HQAG", "US-2-AD", "US-82-ABID", "US-101-ABID", "US-13-ABID", "DE-91-ID",
               "DE-15-MD", "DE-271-ID")


def _three_attacks(first: str, bomber: bool = False) -> tuple[Step, ...]:
    """The blue-dotted plan: 1:2 on Rouen (optionally carpet-bombed), 1:1 on R27, 2:1 on Q27."""
    cb = (Step("Allocate the bomber to this attack: one hex only, attacked last week, no invasion or drop this week "
               "(§10.1.2). The Allies roll twice and keep the better result.", "D-Day §10.1.2", "air bomber",
               after=(Check("with the bomber: a DR in one of two rolls, 11/36, about one third", preview="declare",
                            key="results", eq={"AE": Near(1 / 36), "AR": Near(24 / 36), "DR": Near(11 / 36)}),)),
          ) if bomber else ()
    return (
        Step(first, "D-Day §10", "attack S28", highlight=("S28", "S27")),
        Step("US 17 ABID …", "D-Day §10.2", "add US-17-ABID"),
        Step("… and the headquarters with it.", "D-Day §10.2", "add US-12-HQAG",
             after=(odds("declare", "1:2", "3 + 1 against 3×2 in Rouen is 1:2"),
                    Check("one chance in six of a DR", preview="declare", key="results",
                          eq={"AE": Near(1 / 6), "AR": Near(4 / 6), "DR": Near(1 / 6)}))),
        *cb,
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Then DE 15 PGD in R27 …", "D-Day §10", "attack R27", highlight=("R27", "Q26")),
        Step("… by US 2 AD alone.", "D-Day §10.2", "add US-2-AD", after=(odds("declare", "1:1", "5 against 5 is 1:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Last, Q27 …", "D-Day §10", "attack Q27", highlight=("Q27", "Q28")),
        Step("… by US 82 ABID …", "D-Day §10.2", "add US-82-ABID"),
        Step("… and US 101 ABID.", "D-Day §10.2", "add US-101-ABID",
             after=(odds("declare", "2:1", "3 + 3 against 3 is 2:1"),)),
        Step("Declare it: every engaged unit attacks and every German unit is attacked once.", "D-Day §10", "declare",
             after=(Check("nothing more is required: the plan may be closed", legal=True,
                          eq=["done", "withdraw 1", "withdraw 2", "withdraw 3"]),)),
    )


FIG8 = Lesson(
    id="dd3-fig8-dividing", game=GAME, title="Figure 8: dividing attacks", section="D-Day §10",
    summary="The same engaged units divided two ways: two attacks at 1:3 and 3:1, or three at 1:2, 1:1 and 2:1. "
            "US 2 AD cannot join the attack on DE 91 ID; the unengaged US 13 ABID cannot attack at all.",
    setup=(("bare", {"week": 41}), ("put", {"places": _FIG8}), *combat()),
    highlight=_FIG8_UNITS,
    steps=(
        Step("Every unit in enemy ZOC must attack, every enemy unit in ZOC must be attacked, each once; the attacker "
             "divides the attacks, but all attackers of one attack must be next to every hex it attacks (§10). US 13 "
             "ABID (T26) is in no enemy ZOC: it takes no part.", "D-Day §10", highlight=("US-13-ABID", "T26"),
             before=(Check("the hexes to attack: Q27, R27 and Rouen (S28)", legal=True,
                           eq=["attack Q27", "attack R27", "attack S28", "done"]),
                     Check("US 13 ABID is in no German ZOC", call="in_zoc", args=("T26", "german"), eq=False))),
        Step("The first way (magenta): one attack on Rouen and R27 together. Attack S28 …", "D-Day §10",
             "attack S28", highlight=("S28", "R27"),
             after=(Check("only US 17 ABID and the HQ may attack S28: US 2 AD is not next to it", legal=True,
                          eq=["add US-12-HQAG", "add US-17-ABID", "air fighter", "cancel"]),)),
        Step("… with US 17 ABID …", "D-Day §10.2", "add US-17-ABID"),
        Step("… and the HQ …", "D-Day §10.2", "add US-12-HQAG"),
        Step("… and R27 as a second hex of the same attack.", "D-Day §10", "also R27",
             after=(odds("declare", "1:3", "4 against 3×2 + 5 = 11 is 1:3"),)),
        Step("That leaves Q27 to US 2 AD and the two airborne divisions: 5 + 3 + 3 = 11 against 3, 3:1. Both ways "
             "are legal; this lesson takes the other one. Cancel this attack.", "D-Day §10", "cancel"),
        *_three_attacks("The second way (blue): three attacks. First Rouen (S28) alone."),
    ),
    outcome="Two attacks at 1:3 and 3:1, or three at 1:2, 1:1 and 2:1; US 2 AD never attacks Rouen and US 13 ABID "
            "never attacks.",
)

FIG9 = Lesson(
    id="dd3-fig9-carpet", game=GAME, title="Figure 9: carpet bombing", section="D-Day §10.1.2",
    summary="Figure 8's three attacks, with a bomber on the 1:2 attack against DE 91 ID: the chance of a DR goes "
            "from one in six to about one in three; the two-hex attack could not have had it.",
    # Figure 8's reconstructed position (above); Rouen was attacked last week (the bomber needs it, §10.1.2).
    setup=(("bare", {"week": 41}), ("put", {"places": _FIG8}),
           ("set", {"path": "attacked_last", "value": ["S28"]}), *combat()),
    highlight=_FIG8_UNITS,
    steps=(
        Step("A bomber may support one attack on one hex: not the two-hex attack of Figure 8's first plan. Start it "
             "to see: attack Rouen …", "D-Day §10.1.2", "attack S28", highlight=("S28", "R27")),
        Step("… with US 17 ABID …", "D-Day §10.2", "add US-17-ABID"),
        Step("… and the HQ …", "D-Day §10.2", "add US-12-HQAG"),
        Step("… and R27 as well: now no bomber is offered (the attack spans two hexes).", "D-Day §10.1.2",
             "also R27",
             after=(Check("no 'air bomber' among the choices", legal=True,
                          eq=["air fighter", "cancel", "declare", "remove US-12-HQAG", "remove US-17-ABID"]),)),
        Step("Cancel it and make the three attacks of the second plan.", "D-Day §10", "cancel"),
        *_three_attacks("Rouen alone.", bomber=True),
    ),
    outcome="With the bomber the 1:2 attack on DE 91 ID gives a DR with 11/36 (about one third) instead of 1/6.",
)

# ---- Figure 10: soaking off (§10.2) ---------------------------------------------------------------------------------

FIG10 = Lesson(
    id="dd3-fig10-soak-off", game=GAME, title="Figure 10: soaking off", section="D-Day §10.2",
    summary="US 101 ABID takes on DE 3 ABID and DE 2 ABREGT at 3 to 6 (1:2) so that US 3 AD and US 4 AD can hit "
            "DE 343 ST at 10 to 2 (5:1).",
    # The German hexes (W33, W34, W35) are the caption's; the Allied hexes V33 and V34 are reconstructed next to
    # them (as in tests/games/dday_3rd/test_combat.py). The caption fixes no die: the lesson rolls the likely
    # results it names, a 2 (DE at 5:1 on the game's Table 8) and a 1 (AE at 1:2, row 1 as printed).
    setup=(("bare", {"week": 10}),
           ("put", {"places": {"US-101-ABID": "V33", "US-3-AD": "V34", "US-4-AD": "V34", "DE-3-ABID": "W33",
                               "DE-2-ABREGT": "W34", "DE-343-STD": "W35"}}), *combat()),
    highlight=("US-101-ABID", "US-3-AD", "US-4-AD", "DE-3-ABID", "DE-2-ABREGT", "DE-343-STD"),
    steps=(
        Step("All three German units must be attacked, by units that are next to every hex of their attack (§10). "
             "US 101 ABID 'soaks off' the two strong ones, a poor attack that frees the armour for a good one.",
             "D-Day §10", "attack W33", highlight=("W33", "W34", "V33")),
        Step("US 101 ABID attacks W33 …", "D-Day §10.2", "add US-101-ABID"),
        Step("… and W34 in the same attack.", "D-Day §10", "also W34",
             after=(odds("declare", "1:2", "3 to 6 is 1:2"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("US 3 AD and US 4 AD attack DE 343 ST alone.", "D-Day §10", "attack W35", highlight=("W35", "V34")),
        Step("US 3 AD …", "D-Day §10.2", "add US-3-AD"),
        Step("… and US 4 AD.", "D-Day §10.2", "add US-4-AD", after=(odds("declare", "5:1", "10 to 2 is 5:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Done planning. The Allied player picks the order of the combats (§10.4).", "D-Day §10.4", "done"),
        Step("The 5:1 first: a 2 eliminates DE 343 ST (DE). The soak-off follows and a 1 eliminates US 101 ABID (AE) "
             "— the likely outcome the caption names (it might also have had to retreat).", "D-Day §10.4",
             "resolve 2", dice=(2, 1),
             after=(box("DE-343-STD", "eliminated", "DE 343 ST is eliminated"),
                    box("US-101-ABID", "eliminated", "US 101 ABID is eliminated"))),
    ),
    outcome="DE 343 ST is eliminated at 5:1 and US 101 ABID is lost in the soak-off; in their turn the Germans must "
            "withdraw or attack the armour at poor odds (6 to 13, 1:3, had US 101 ABID stood).",
)

# ---- Figure 11: automatic defeat (§10.3) ---------------------------------------------------------------------------

FIG11 = Lesson(
    id="dd3-fig11-automatic-defeat", game=GAME, title="Figure 11: automatic defeat", section="D-Day §10.3",
    summary="DE 46 ST must attack US 4 ID and US 9 AD at 1 to 8 and is eliminated before any combat; DE 77 ID is "
            "left to attack US 8 ID alone.",
    # Hexes reconstructed (the caption gives none; as in tests/games/dday_3rd/test_combat.py): US 4 ID and US 9 AD
    # at W34, DE 46 ST at W35, US 8 ID at Y37, DE 77 ID at Y38. The caption fixes no die for DE 77 ID's attack:
    # the lesson rolls a 1 (AE at 1:2, Table 8 row 1 as printed). DE 89 ID far off at M19 stands for the rest of
    # the German army (with no German unit left on the continent the Allies would win, §13).
    setup=(("bare", {"week": 14}),
           ("put", {"places": {"US-4-ID": "W34", "US-9-AD": "W34", "DE-46-STD": "W35", "US-8-ID": "Y37",
                               "DE-77-ID": "Y38", "DE-89-ID": "M19"}}), *combat("german")),
    highlight=("DE-46-STD", "US-4-ID", "US-9-AD", "US-8-ID", "DE-77-ID"),
    steps=(
        Step("German combat phase. At first sight US 8 ID looks cut off. But DE 46 ST (W35) is in the ZOC of US 4 ID "
             "and US 9 AD and must attack them (§10).", "D-Day §10", "attack W34", highlight=("W34", "W35")),
        Step("DE 46 ST attacks: 1 against 4 + 4.", "D-Day §10.3", "add DE-46-STD",
             after=(odds("declare", "1:7 or worse", "1 to 8 is worse than 1:6"),)),
        Step("Declare it: an attack at 1:7 or worse is an automatic defeat (§10.3).", "D-Day §10.3", "declare"),
        Step("DE 77 ID attacks US 8 ID.", "D-Day §10", "attack Y37", highlight=("Y37", "Y38")),
        Step("With its 3 against 4.", "D-Day §10.2", "add DE-77-ID", after=(odds("declare", "1:2", "3 to 4 is 1:2"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Done: before any roll DE 46 ST is eliminated (§10.3), then DE 77 ID's attack is rolled: a 1, AE.",
             "D-Day §10.3", "done", dice=(1,),
             after=(box("DE-46-STD", "eliminated", "DE 46 ST is eliminated by automatic defeat"),
                    box("DE-77-ID", "eliminated", "DE 77 ID's attack on US 8 ID alone: AE"),
                    where("US-8-ID", "Y37", "US 8 ID holds"))),
    ),
    outcome="DE 46 ST is eliminated without a roll; DE 77 ID attacks US 8 ID alone.",
)

# ---- Figure 12: an exchange (§10.4.1, §10.4.3) ---------------------------------------------------------------------

FIG12 = Lesson(
    id="dd3-fig12-exchange", game=GAME, title="Figure 12: an exchange at Lille", section="D-Day §10.4.1",
    summary="FR 2 ID, FR 2 AD and FR 5 AD attack DE 85 ID in Lille at 14 to 10 (1:1); EX: the German unit is lost, "
            "the French lose the two armoured divisions (10), and FR 2 ID advances into Lille.",
    # DE 85 ID in Lille (N21) is the caption's; the French hexes M21, N22 and O22 are reconstructed next to it (as
    # in tests/games/dday_3rd/test_combat.py). The caption says EX but gives no die: a 3 is EX at 1:1 on the game's
    # Table 8 (rows 2-6 reconstructed).
    setup=(("bare", {"week": 30}),
           ("put", {"places": {"DE-85-ID": "N21", "FR-2-ID": "M21", "FR-2-AD": "N22", "FR-5-AD": "O22"}}),
           *combat()),
    highlight=("DE-85-ID", "N21", "FR-2-ID", "FR-2-AD", "FR-5-AD"),
    steps=(
        Step("Attack Lille (N21), a town: the defender's DF is doubled (§10.2).", "D-Day §10", "attack N21",
             highlight=("N21",)),
        Step("FR 2 ID (4) …", "D-Day §10.2", "add FR-2-ID"),
        Step("FR 2 AD (5) …", "D-Day §10.2", "add FR-2-AD"),
        Step("… and FR 5 AD (5).", "D-Day §10.2", "add FR-5-AD",
             after=(odds("declare", "1:1", "4 + 5 + 5 = 14 to 2 × 5 = 10 is 1:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Done: the die is rolled. A 3: exchange (EX). The weaker side, here the German with 10 against 14, loses "
             "everything (§10.4.1).", "D-Day §10.4.1", "done", dice=(3,),
             after=(box("DE-85-ID", "eliminated", "DE 85 ID is eliminated"),)),
        Step("The French must lose at least the defender's doubled 10: the two armoured divisions. FR 2 AD …",
             "D-Day §10.4.1", "lose FR-2-AD"),
        Step("… and FR 5 AD.", "D-Day §10.4.1", "lose FR-5-AD",
             after=(box("FR-5-AD", "eliminated", "FR 5 AD is eliminated"),
                    where("FR-2-ID", "M21", "FR 2 ID survives"))),
        Step("The defender was doubled in the town, so the survivor may advance into the vacated hex (§10.4.3).",
             "D-Day §10.4.3", "advance FR-2-ID N21", highlight=("N21",),
             after=(where("FR-2-ID", "N21", "FR 2 ID is in Lille"),)),
    ),
    outcome="14 to 10 is 1:1; EX: DE 85 ID and the two French armoured divisions are eliminated, FR 2 ID takes Lille.",
)

# ---- Figure 13: retreat and advance (§10.4.2, §10.4.3) -------------------------------------------------------------

FIG13 = Lesson(
    id="dd3-fig13-retreat", game=GAME, title="Figure 13: retreat from Vichy", section="D-Day §10.4.2",
    summary="Four German armoured units attack CA 2 ID at Vichy at 24 to 8 (3:1); DR: the Canadians cannot go "
            "through German ZOC, the mountains or an overfull hex and end at JJ30; three Germans advance.",
    # Vichy (HH30), HH29, HH31, II29, II31 and JJ30 are the caption's. The German hexes GG30/GG29 and the two US
    # divisions filling II29 are reconstructed (as in tests/games/dday_3rd/test_combat.py). The caption says DR but
    # gives no die: a 2 is DR at 3:1 on the game's Table 8 (rows 2-6 reconstructed). JJ31 is also open on this map.
    setup=(("bare", {"week": 30}),
           ("put", {"places": {"CA-2-ID": "HH30", "US-1-ID": "II29", "US-2-ID": "II29", "DE-2-AD": "GG30",
                               "DE-15-MD": "GG30", "SS-2-AD": "GG30", "SS-12-AD": "GG29"}}), *combat("german")),
    highlight=("CA-2-ID", "HH30", "HH29", "HH31", "II29", "II31", "JJ30"),
    steps=(
        Step("German combat phase. Attack Vichy (HH30), a town (×2).", "D-Day §10", "attack HH30",
             highlight=("HH30",)),
        Step("DE 2 AD …", "D-Day §10.2", "add DE-2-AD"),
        Step("DE 15 MD …", "D-Day §10.2", "add DE-15-MD"),
        Step("SS 2 AD …", "D-Day §10.2", "add SS-2-AD"),
        Step("… and SS 12 AD.", "D-Day §10.2", "add SS-12-AD",
             after=(odds("declare", "3:1", "24 to 2 × 4 = 8 is 3:1"),)),
        Step("Declare it.", "D-Day §10", "declare"),
        Step("Done: a 2, Defender Retreat. The victor (here the German) retreats the loser two hexes (§10.4.2): not "
             "into or through German ZOC (HH29, HH31), not over the impassable II31, not to end in II29 (two US "
             "divisions already, §3).", "D-Day §10.4.2", "done", dice=(2,),
             highlight=("HH29", "HH31", "II31", "II29"),
             after=(Check("JJ30 is a retreat end", legal=True, contains="retreat CA-2-ID JJ30"),)),
        Step("CA 2 ID retreats to JJ30.", "D-Day §10.4.2", "retreat CA-2-ID JJ30", highlight=("JJ30",),
             after=(where("CA-2-ID", "JJ30", "CA 2 ID ends at JJ30"),)),
        Step("Vichy was doubled, so the attackers may advance (§10.4.3), up to three German units (§3). DE 2 AD …",
             "D-Day §10.4.3", "advance DE-2-AD HH30"),
        Step("… SS 2 AD …", "D-Day §10.4.3", "advance SS-2-AD HH30"),
        Step("… and SS 12 AD.", "D-Day §10.4.3", "advance SS-12-AD HH30",
             after=(Check("three German units hold Vichy", call="at", args=("HH30",),
                          eq=["DE-2-AD", "SS-2-AD", "SS-12-AD"]),)),
    ),
    outcome="24 to 8 is 3:1; the DR sends CA 2 ID to JJ30 and three German units advance into Vichy.",
)
