"""Winning the game (onslaught 13.0-13.3).

Automatic victories end the game at once: the Germans win when the Allies have
neither supply points nor a supply source, or no division on the map (13.1);
the Allies win at the end of a turn before turn 20 when no German division is in
supply west of the Rhine (fortified ports aside) and at least 15 Allied
divisions are in supply east of the Victory Line (13.2). Otherwise victory
points decide after turn 20 (13.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.state import PureMemo, Result
from .board import board
from .data import VICTORY, other, victory_level
from .position import Position
from .supply import allied_sources, supply_area


def german_automatic(s: Position) -> Result | None:
    """13.1: no Allied supply points and no Allied supply source, or no Allied division on the map."""
    if not s.on_map("allied"):
        return Result("german", "automatic", "German automatic victory: no Allied division is left on the map",
                      {"turn": s.turn})
    if s.supply_points("allied") == 0 and not allied_sources(s):
        return Result("german", "automatic",
                      "German automatic victory: the Allies have no supply points and no supply source",
                      {"turn": s.turn})
    return None


def german_west_of_rhine(s: Position, *, ignore_fortified_ports: bool) -> list[str]:
    b = s.board
    counts = b.west_of_rhine & supply_area(s, "german")  # in supply (8.6) west of the Rhine (13.3)
    if ignore_fortified_ports:
        counts &= ~b.fortified_ports
    idx = s.map.index
    units = s.g["units"]
    return [u for u in s.on_map("german") if (counts >> idx[units[u]["hex"]]) & 1]


def allied_east_of_line(s: Position) -> list[str]:
    b = s.board
    counts = b.east_of_vl & supply_area(s, "allied")
    idx = s.map.index
    units = s.g["units"]
    return [u for u in s.on_map("allied") if (counts >> idx[units[u]["hex"]]) & 1]


def allied_automatic(s: Position) -> Result | None:
    """13.2, checked at the end of every turn before the last."""
    if german_west_of_rhine(s, ignore_fortified_ports=True):
        return None
    east = allied_east_of_line(s)
    if len(east) >= int(VICTORY["auto_allied_divisions"]):
        return Result("allied", "automatic",
                      f"Allied automatic victory on turn {s.turn}: no German division in supply west of the Rhine "
                      f"and {len(east)} Allied divisions in supply east of the Victory Line", {"turn": s.turn})
    return None


def gap_bonus(s: Position, side: str) -> int:
    """13.3: a path from the east edge to the coast of France outside enemy ZOC is worth 5 (15 if every
    hex is at least three MP from every enemy division)."""
    enemy = other(side)
    return _GAP(s.zoc_bb(enemy), s.near_bb(enemy))  # type: ignore[no-any-return]


def _gap(zoc: int, near: int) -> int:
    """:func:`gap_bonus` from the enemy's ZOC and the hexes near his divisions (the rest is the printed map)."""
    b = board()
    open_ = b.land & ~zoc
    clear = open_ & ~near
    for passable, points in ((clear, int(VICTORY["gap_bonus_clear"])), (open_, int(VICTORY["gap_bonus"]))):
        area = b.dil.flood(b.east_edge & passable, passable)
        if area & b.coast_france:
            return points
    return 0


# a search's evaluations ask for it at every leaf, and the enemy's divisions stand still while one side moves
_GAP = PureMemo(_gap)


@dataclass(frozen=True)
class Score:
    german_divisions: int
    allied_divisions: int
    german_gap: int
    allied_gap: int

    @property
    def german(self) -> int:
        return self.german_divisions + self.german_gap

    @property
    def allied(self) -> int:
        return self.allied_divisions + self.allied_gap


def score(s: Position, gap: bool = True) -> Score:
    """The victory points now; ``gap=False`` leaves out the gap bonus (cheaper, for the AI's evaluation)."""
    return Score(len(german_west_of_rhine(s, ignore_fortified_ports=False)), len(allied_east_of_line(s)),
                 gap_bonus(s, "german") if gap else 0, gap_bonus(s, "allied") if gap else 0)


def _change(x: int, y: int) -> str:
    return f"{y} ({'+' if y > x else '−'}{abs(y - x)})" if y != x else str(y)


def log_score(s: Position) -> None:
    """13.3: write the victory points to the log when they differ from the last ones written, so a
    player can follow the count. The score is a fact of the position (not a tracked total) and costs
    about as much as an action to count, so it is written at the end of the Action Step and of the
    turn, not after every action (the status line shows it at every moment)."""
    sc = score(s)
    now = [sc.allied, sc.german]
    before = s.g.get("logged_vp")
    if before == now:
        return
    s.g["logged_vp"] = now
    if before is None:
        text = f"Victory points: Allies {sc.allied}, Germans {sc.german}"
    else:
        text = f"Victory points: Allies {_change(before[0], now[0])}, Germans {_change(before[1], now[1])}"
    s.emit("vp", allied=sc.allied, german=sc.german, rule=s.rule("13.3"), text=text)


def final_result(s: Position) -> Result:
    """13.3: the side with more victory points wins; the margin sets the level."""
    sc = score(s)
    scores = {"allied": float(sc.allied), "german": float(sc.german)}
    detail = (f"Allies {sc.allied} ({sc.allied_divisions} divisions east of the Victory Line + {sc.allied_gap} gap), "
              f"Germans {sc.german} ({sc.german_divisions} divisions west of the Rhine + {sc.german_gap} gap)")
    if sc.allied == sc.german:
        return Result(None, "draw", f"Draw on victory points after turn {s.turn}: {detail}", scores)
    winner = "allied" if sc.allied > sc.german else "german"
    level = victory_level(abs(sc.allied - sc.german))
    return Result(winner, level, f"{winner.capitalize()} {level} victory on victory points: {detail}", scores)


TRACK_LABEL = "Victory points (13.3)"


def victory_track(s: Position) -> dict[str, float]:
    """Each side's victory points now, for the post-game victory track (westfront.analysis.track)."""
    vp = score(s)
    return {"allied": float(vp.allied), "german": float(vp.german)}
