"""D-Day 3rd lessons on the odds (§10.2): Table 9's totals and §B's defence multipliers."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, combat, odds

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
