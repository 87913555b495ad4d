"""D-Day (3rd Edition): the week's sequence of play, then the rulebook's figures in its order (Figures 3-14) and
the odds examples of Table 9 / §B. Each position is the real map with the figure's units placed where its caption
puts them; where a caption does not give a hex, the placement is reconstructed on the real map so that what the
caption states holds, and the lesson says so. Dice are the example's where it names a result; otherwise a roll
that gives the result the caption describes is chosen and said to be chosen (the rulebook fixes no die there)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.state import State
from ..games.dday_3rd import logistics
from ..games.dday_3rd.data import units
from .format import Check, Lesson, Step
from .setup import register

GAME = "dday-3rd"


def bare(s: State, week: int = 1) -> None:
    """Every unit back in its box (the Allies' in Britain, the German's in the available box), nothing Allied on the
    map: the figure's units are then put on it (as the game's own tests build figures, tests/games/dday_3rd)."""
    g = s.g
    for uid, u in g["units"].items():
        d = units()[uid]
        u.update(hex=None, flipped=False, isolated=False, moved=False, attacked=False, dropped=False, fresh=False,
                 pinned=False, invader=False,
                 box="german_available" if d.side == "german" else ("paris" if d.paris else "britain"))
    g.update(week=week, allied_hexes={}, mulberries={}, invasions=[], entry_points=[], installations={},
             replacement_last={}, landed={"sea": 0, "air": 0, "sectors": {}}, invasion_units=[], flow=[])


def put(s: State, places: dict[str, str], flags: dict[str, Any] | None = None) -> None:
    """The figure's units on their hexes (occupying and controlling them, §4.3), with ``flags`` on each."""
    for uid, hx in places.items():
        s.place(uid, hx)  # type: ignore[attr-defined]
        if flags:
            s.g["units"][uid].update(flags)


def embark(s: State, sector: str, places: dict[str, str]) -> None:
    """Invaders already on their sea invasion hexes, counted against the sector's Table 5 column (§7), as the
    invasion step records a landing."""
    for uid, sea in places.items():
        s.place(uid, sea)  # type: ignore[attr-defined]
        s.g["units"][uid].update(invader=True, fresh=True)
        s.g["invasion_units"].append(uid)
        logistics.count_landing(s, sector, units()[uid], by_air=False)  # type: ignore[arg-type]


register(GAME, {"bare": bare, "put": put, "embark": embark})


def at_phase(stage: str, step: dict[str, Any], phase: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Set-up operations that open the week at ``stage`` (Table 3) with ``step`` begun, so that when it ends the
    week goes on as in play."""
    return (("set", {"path": "phase", "value": phase}),
            ("enter", {"frames": [{"step": "game", "stage": "weeks"}, {"step": "week", "stage": stage}, step]}))


def movement(side: str = "allied") -> tuple[tuple[str, dict[str, Any]], ...]:
    return at_phase(f"{side}_movement", {"step": "movement", "side": side}, f"{side.capitalize()} movement")


def combat(side: str = "allied") -> tuple[tuple[str, dict[str, Any]], ...]:
    return at_phase(f"{side}_combat", {"step": "combat", "side": side, "stage": None}, f"{side.capitalize()} combat")


@dataclass(frozen=True, eq=False)
class Near:
    """A probability the rulebook states as a fraction, compared with the engine's float to 1e-9."""

    value: float

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (int, float)) and abs(other - self.value) < 1e-9

    def __hash__(self) -> int:
        return hash(self.value)


def where(uid: str, hx: str | None, says: str) -> Check:
    return Check(says, path=f"units/{uid}/hex", eq=hx)


def box(uid: str, name: str, says: str) -> Check:
    return Check(says, path=f"units/{uid}/box", eq=name)


def odds(action: str, value: str, says: str) -> Check:
    return Check(says, preview=action, key="odds", eq=value)


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
             "hexside (§4.1). SS 12 AD in Z24 has the Seine on its north-west: Y23 and Z23 are outside its ZOC; "
             "Y24, Z25, AA24 and AA25 are inside.", "D-Day §4.1", highlight=("Z24", "Y23", "Z23", "Y24", "Z25"),
             before=(Check("Y23 is not in German ZOC (the Seine)", call="in_zoc", args=("Y23", "german"), eq=False),
                     Check("Z23 is not in German ZOC (the Seine)", call="in_zoc", args=("Z23", "german"), eq=False),
                     Check("Z25 is in German ZOC", call="in_zoc", args=("Z25", "german"), eq=True))),
        Step("Move CA 2 ID (Allied movement phase, §9). Pick it.", "D-Day §9.1", "move CA-2-ID",
             highlight=("CA-2-ID",)),
        Step("Put it in Z26, two hexes from SS 12 AD: its own ZOC then touches the German one in Z25 only.",
             "D-Day §4.1", "to Z26", highlight=("Z26", "Z25"),
             after=(Check("Z25 is in both zones", call="in_zoc", args=("Z25", "allied"), eq=True),
                    Check("AA25 is in German ZOC only", call="in_zoc", args=("AA25", "allied"), eq=False))),
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

# ---- Table 9: examples of combat odds (§10.2, §B) ------------------------------------------------------------------

# Table 9's eight totals, made by real counters on clear hexes (no town, river or fortification, so no
# multiplier): four German hexes in a row on the map's open ground south of Normandy (reconstructed placement),
# W30 (DE 85 ID + DE 91 ID + DE 271 ID, DF 5 + 3 + 3 = 11), W33 (two static divisions, 2 + 2 = 4), W36 (DE 15 MD,
# 5) and W40 (DE 709 ST, 2); the Allied attackers are put next to them with the factors the table needs.
_TABLE9: dict[str, str] = {
    "DE-85-ID": "W30", "DE-91-ID": "W30", "DE-271-ID": "W30", "US-1-HQA": "V30", "US-3-HQA": "V30",
    "DE-343-STD": "W33", "DE-46-STD": "W33", "US-7-HQA": "V33", "US-2-AD": "V33", "US-1-ID": "V32",
    "US-9-HQA": "V32", "US-3-AD": "W32",
    "DE-15-MD": "W36", "US-82-ABID": "V36", "US-101-ABID": "V36",
    "DE-709-STD": "W40", "US-4-AD": "V40", "US-5-AD": "V40", "US-2-ID": "V39", "US-4-ID": "V39", "US-17-ABID": "W39"}


def _add(uid: str, text: str, af: int, df: int, result: str) -> Step:
    return Step(text, "D-Day §10.2", f"add {uid}", highlight=(uid,),
                after=(Check(f"{af} against {df}", preview="declare", key="totals",
                             eq={"attack": af, "defence": df, "text": f"{af} against {df}"}),
                       odds("declare", result, f"{af} to {df} is {result}")))


TABLE9 = Lesson(
    id="dd3-table9-odds", game=GAME, title="Table 9: combat odds", section="D-Day §10.2",
    summary="Total AF against total DF, rounded down to a column of Table 8: 2 to 11 is 1:6, 1 to 4 is 1:4, 3 to 5 "
            "is 1:2, 6 to 5 is 1:1, 11 to 4 is 2:1, 16 to 4 is 4:1, 14 to 2 and 21 to 2 are 7:1.",
    setup=(("bare", {"week": 12}), ("put", {"places": _TABLE9}), *combat()),
    highlight=("W30", "W33", "W36", "W40"),
    steps=(
        Step("The odds of an attack are the attackers' total AF against the defenders' total DF, rounded down to "
             "the nearest column of the combat table (§10.2): anything better than 6:1 counts as 7:1, anything "
             "worse than 1:6 is not allowed. Each attack below is built to read its odds, then cancelled.",
             "D-Day §10.2"),
        Step("W30 holds DE 85 ID, DE 91 ID and DE 271 ID: DF 5 + 3 + 3 = 11.", "D-Day §10.2", "attack W30",
             highlight=("W30",)),
        Step("One headquarters (AF 1) alone: 1 to 11 is worse than 1:6.", "D-Day §10.2", "add US-1-HQA",
             after=(odds("declare", "1:7 or worse", "1 to 11 is not a permissible attack"),)),
        _add("US-3-HQA", "A second headquarters: 2 to 11.", 2, 11, "1:6"),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("W33: two static divisions, DF 2 + 2 = 4.", "D-Day §10.2", "attack W33", highlight=("W33",)),
        _add("US-7-HQA", "A headquarters: 1 to 4.", 1, 4, "1:4"),
        _add("US-2-AD", "Add US 2 AD (5): 6 to 4 rounds down to 1:1.", 6, 4, "1:1"),
        _add("US-1-ID", "US 1 ID (4): 10 to 4 rounds down to 2:1.", 10, 4, "2:1"),
        _add("US-9-HQA", "Another headquarters: 11 to 4, still 2:1.", 11, 4, "2:1"),
        _add("US-3-AD", "US 3 AD (5): 16 to 4.", 16, 4, "4:1"),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("W36: DE 15 MD, DF 5.", "D-Day §10.2", "attack W36", highlight=("W36",)),
        _add("US-82-ABID", "US 82 ABID (3): 3 to 5.", 3, 5, "1:2"),
        _add("US-101-ABID", "US 101 ABID (3) too: 6 to 5.", 6, 5, "1:1"),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("W40: DE 709 ST, DF 2.", "D-Day §10.2", "attack W40", highlight=("W40",)),
        _add("US-4-AD", "US 4 AD (5) …", 5, 2, "2:1"),
        _add("US-5-AD", "… US 5 AD (5) …", 10, 2, "5:1"),
        _add("US-2-ID", "… US 2 ID (4): 14 to 2 is 7 to 1.", 14, 2, "7:1"),
        _add("US-4-ID", "US 4 ID (4): 18 to 2.", 18, 2, "7:1"),
        _add("US-17-ABID", "US 17 ABID (3): 21 to 2 is still 7:1, the last column (a DE without a roll, §10.4).",
             21, 2, "7:1"),
    ),
    outcome="2:11 is 1:6, 1:4 is 1:4, 3:5 is 1:2, 6:5 is 1:1, 11:4 is 2:1, 16:4 is 4:1, 14:2 and 21:2 are 7:1.",
)

# ---- Figure 14: river interdiction (§11.3) -------------------------------------------------------------------------

# The caption gives no hexes. Reconstructed by a search of the real map for a clear hex with no river side (so the
# German attack would not be doubled, §10.2) that four panzer divisions (SS 1 AD 7, SS 2 AD 7, SS 12 AD 6,
# DE 21 AD 5: 25 AF, 5:1 against BR GD AD's 5) could reach in one week across the rivers, and three river hexes
# whose interdiction stops all of them: BR GD AD at U36, the panzers at U33 and U32, the fighters over T33, U33
# and U32. Without the fighters each of the four reaches T35, U35 or V36 next to U36
# (tests/lessons/test_dday_3rd.py).
_FIG14: dict[str, str] = {"BR-GD-AD": "U36", "SS-1-AD": "U33", "SS-2-AD": "U33", "SS-12-AD": "U32",
                          "DE-21-AD": "U32"}


def _interdict(hx: str, region: str, text: str) -> tuple[Step, ...]:
    return (Step(text, "D-Day §11.3", "river", highlight=(hx,)),
            Step("The area …", "D-Day §11.3", f"region {region}"),
            Step(f"… {hx}.", "D-Day §11.3", f"hex {hx}", highlight=(hx,)))


FIG14 = Lesson(
    id="dd3-fig14-river-interdiction", game=GAME, title="Figure 14: river interdiction", section="D-Day §11.3",
    summary="Three fighters interdict river hexes so that four panzer divisions cannot reach the out-of-supply "
            "BR GD AD, which would otherwise face a 5:1 attack.",
    setup=(("bare", {"week": 20}), ("put", {"places": _FIG14}),
           ("update", {"path": "units/BR-GD-AD", "values": {"flipped": True}}),
           *at_phase("tactical_air", {"step": "tactical_air"}, "Allied tactical air")),
    highlight=("BR-GD-AD", "U36", "SS-1-AD", "SS-2-AD", "SS-12-AD", "DE-21-AD"),
    steps=(
        Step("BR GD AD (U36) is out of supply (§6.3). Four panzer divisions, 7 + 7 + 6 + 5 = 25 AF, could reach "
             "T35, U35 and V36 this German turn and attack its DF 5 at 25 to 5, 5:1 (§10.2). In the tactical air "
             "phase a fighter over a hex with river sides makes any German unit that crosses one of those sides "
             "stop at once (§11.3).", "D-Day §11.3", highlight=("U36", "T35", "U35", "V36")),
        *_interdict("U33", "rows20_cols32", "A river interdiction over U33, where SS 1 AD and SS 2 AD stand: leaving "
                    "it across a river stops them in the first hex."),
        *_interdict("U32", "rows20_cols32", "Another over U32, under SS 12 AD and DE 21 AD."),
        *_interdict("T33", "rows16_cols32", "A third over T33, the crossing to the north."),
        Step("Done: three fighters fly river interdiction; the German turn follows.", "D-Day §11.3", "done",
             before=(Check("three river hexes interdicted", path="river_interdicted", eq=["U33", "U32", "T33"]),
                     Check("three fighters are left", path="fighters", eq=3))),
        Step("German movement: take SS 1 AD.", "D-Day §9.1.1", "move SS-1-AD", highlight=("SS-1-AD",),
             after=(Check("T35 is out of reach", preview="to T35", key="cost", eq=None),
                    Check("U35 is out of reach", preview="to U35", key="cost", eq=None),
                    Check("V36 is out of reach", preview="to V36", key="cost", eq=None))),
        Step("It stays: no hex next to U36 can be reached. The same holds for the other three.", "D-Day §11.3",
             "stay"),
        Step("SS 12 AD from U32:", "D-Day §11.3", "move SS-12-AD", highlight=("SS-12-AD",),
             after=(Check("T35 is out of reach", preview="to T35", key="cost", eq=None),
                    Check("U35 is out of reach", preview="to U35", key="cost", eq=None),
                    Check("V36 is out of reach", preview="to V36", key="cost", eq=None))),
        Step("It stays too. BR GD AD escapes the 5:1 attack this week.", "D-Day §11.3", "stay"),
    ),
    outcome="With U33, U32 and T33 interdicted no panzer division reaches BR GD AD: no 5:1 attack this week.",
)

# ---- §B: the defence multipliers behind the odds (§10.2, Table 1, Table B) ------------------------------------------

# §B's table sorts its odds examples by the attacked hex: clear ×1, a river side crossed only from the opposing bank
# ×2, from both banks ×1, town, mountain or (German) fortification ×2 — and across-river attacks add nothing in those.
# Its cells are printed without their positions, so each case is built here on real hexes (reconstructed): DE 352
# ID on clear ground at W33; SS 17 MD at T28, whose sides to S27 and T27 are the Seine's and whose side to U28 is
# dry; DE 3 ABID in the town U26 behind a river side from T26; DE 91 ID on the mountain hex Q19; DE 346 ST in the
# fortress of Le Havre (R30), across a river from S30 (§10.2: ×3, not cumulative).
_TABLEB: dict[str, str] = {
    "DE-352-ID": "W33", "US-1-ID": "V33", "US-2-ID": "V33",
    "SS-17-MD": "T28", "US-4-ID": "S27", "US-9-ID": "U28",
    "DE-3-ABID": "U26", "US-8-ID": "T26",
    "DE-91-ID": "Q19", "US-5-ID": "P19",
    "DE-346-STD": "R30", "US-26-ID": "S30"}


def _mods(af: int, df: int, result: str, mods: list[str], says: str) -> tuple[Check, ...]:
    return (Check(says, preview="declare", key="modifiers", eq=mods),
            Check(f"{af} against {df}", preview="declare", key="totals",
                  eq={"attack": af, "defence": df, "text": f"{af} against {df}"}),
            odds("declare", result, f"{af} to {df} is {result}"))


def _times(hx: str, k: int) -> str:
    return f"defence in {hx} ×{k} (terrain or river, §10.2)"


TABLEB = Lesson(
    id="dd3-b-terrain-odds", game=GAME, title="§B: terrain and the odds", section="D-Day §B",
    summary="The defender's DF by the attacked hex: ×1 in the clear, ×2 behind a river attacked only from the far "
            "bank (×1 once an attacker stands on its own bank), ×2 in a town or on a mountain (a river adds nothing "
            "there), ×3 in a fortress.",
    setup=(("bare", {"week": 12}), ("put", {"places": _TABLEB}), *combat()),
    highlight=("W33", "T28", "U26", "Q19", "R30"),
    steps=(
        Step("Clear ground: DE 352 ID (DF 4) at W33 …", "D-Day §B", "attack W33", highlight=("W33",)),
        Step("… US 1 ID …", "D-Day §10.2", "add US-1-ID"),
        Step("… and US 2 ID: nothing multiplies the defence.", "D-Day §B", "add US-2-ID",
             after=_mods(8, 4, "2:1", ["attack 8"], "no multiplier in clear terrain")),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("SS 17 MD (DF 4) at T28, behind the Seine from S27.", "D-Day §B", "attack T28", highlight=("T28", "S27")),
        Step("US 4 ID attacks it from across the river only: the DF doubles.", "D-Day §10.2", "add US-4-ID",
             after=_mods(4, 8, "1:2", ["attack 4", _times("T28", 2)], "×2: attacked solely across a river")),
        Step("US 9 ID joins from U28, on T28's own bank: no longer solely across the river, no doubling.",
             "D-Day §10.2", "add US-9-ID", highlight=("U28",),
             after=_mods(8, 4, "2:1", ["attack 8"], "×1: attacked from both banks")),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("DE 3 ABID (DF 4) in the town U26, behind a river side from T26.", "D-Day §B", "attack U26",
             highlight=("U26", "T26")),
        Step("US 8 ID attacks across the river: the town doubles the DF, the river adds nothing (not cumulative).",
             "D-Day §10.2", "add US-8-ID",
             after=_mods(4, 8, "1:2", ["attack 4", _times("U26", 2)], "×2 for the town, not ×4")),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("DE 91 ID (DF 3) on the mountain hex Q19.", "D-Day §B", "attack Q19", highlight=("Q19",)),
        Step("US 5 ID attacks it.", "D-Day §10.2", "add US-5-ID",
             after=_mods(4, 6, "1:2", ["attack 4", _times("Q19", 2)], "×2 on a mountain")),
        Step("Cancel.", "D-Day §10", "cancel"),
        Step("DE 346 ST (DF 2) in the fortress of Le Havre (R30).", "D-Day §10.2", "attack R30", highlight=("R30",)),
        Step("US 26 ID attacks from S30, across a river: a fortress always triples, and only triples.",
             "D-Day §10.2", "add US-26-ID", highlight=("S30",),
             after=_mods(4, 6, "1:2", ["attack 4", _times("R30", 3)], "×3 in a fortress, not ×6")),
    ),
    outcome="Clear ×1; river ×2 only when attacked solely from the far bank; town and mountain ×2 (a river adds "
            "nothing); fortress ×3.",
)

LESSONS: tuple[Lesson, ...] = (SEQUENCE, FIG3, FIG4, FIG5, FIG6, FIG7, FIG8, FIG9, FIG10, FIG11, FIG12, FIG13, FIG14,
                                TABLE9, TABLEB)
