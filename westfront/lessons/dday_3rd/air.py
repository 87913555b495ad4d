"""D-Day 3rd lesson of the tactical air phase (§11.3): Figure 14, river interdiction."""

from __future__ import annotations

from ..format import Check, Lesson, Step
from .kit import GAME, at_phase

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
