"""D-Day (3rd Edition): the week's sequence of play, then the rulebook's figures in its order (Figures 3-14) and
the odds examples of Table 9 / §B. Each position is the real map with the figure's units placed where its caption
puts them; where a caption does not give a hex, the placement is reconstructed on the real map so that what the
caption states holds, and the lesson says so. Dice are the example's where it names a result; otherwise a roll
that gives the result the caption describes is chosen and said to be chosen (the rulebook fixes no die there)."""

from __future__ import annotations

from ..format import Lesson
from .air import FIG14
from .combat import FIG7, FIG8, FIG9, FIG10, FIG11, FIG12, FIG13
from .odds import TABLE9, TABLEB
from .opening import FIG3, FIG4, FIG5, FIG6, SEQUENCE

# rulebook order: the sequence of play, Figures 3-14, then Table 9 (§10.2) and §B
LESSONS: tuple[Lesson, ...] = (SEQUENCE, FIG3, FIG4, FIG5, FIG6, FIG7, FIG8, FIG9, FIG10, FIG11, FIG12, FIG13, FIG14,
                                TABLE9, TABLEB)
