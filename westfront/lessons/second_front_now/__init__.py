"""Second Front Now!: the sequence of play, then the rulebook's examples in its order: the short "for example"
ones (a move, a refusal or a stated number each), 12.5 strategic movement and the 14.3 combat example at
Abbeville. Positions come from the real set-up (3.0) with the pieces of each example placed as its text gives
them; where the text gives no hex, the placement is reconstructed on the real map and the lesson says so. Dice
are the example's where it rolls them."""

from __future__ import annotations

from ..format import Lesson
from .combat import ABBEVILLE, RIVER_CITY
from .commands import CP_LOST, ONE_ACTION, SEQUENCING, WITHHOLD
from .movement import ORLEANS, ROUEN, SEA_HEXSIDE, STACKING, STRATEGIC, ZOC_SEA
from .opening import BEACH_AWARD, ONE_AREA, SAMPLE_UNIT, SEQUENCE, SETUP, UNTRIED
from .optional import BLUE_POINT, WITHDRAWAL
from .reinforcements import FRENCH_RP, HQ, ITALY_SCHEDULE, RIGA, SS17

# rulebook order: the sequence of play first, then by section
LESSONS: tuple[Lesson, ...] = (
    SEQUENCE, SAMPLE_UNIT, UNTRIED, ONE_AREA, SETUP, BEACH_AWARD,  # 5.0, 2.5, 2.13, 3.3, 3.4, 4.3
    CP_LOST, WITHHOLD, ONE_ACTION, SEQUENCING,  # 6.1, 6.3, 6.4, 6.5
    HQ, SS17, ITALY_SCHEDULE, RIGA, FRENCH_RP,  # 6.6, 7.1, 7.4, 7.6, 8.3
    STACKING, ZOC_SEA, ORLEANS, SEA_HEXSIDE, ROUEN, STRATEGIC,  # 10.2, 11.2, 11.6, 12.3, 12.4, 12.5
    RIVER_CITY, ABBEVILLE,  # 14.1, 14.3
    WITHDRAWAL, BLUE_POINT,  # 15.5, 15.7
)
