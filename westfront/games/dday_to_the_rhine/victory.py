"""Victory (17.0, 18.2, 18.3): sudden death, the March 1945 levels, cards and short scenarios.

At the end of March the four levels are tested; the highest level reached
wins, and if both sides reach the same level (possible for the two minor
levels) the game is a draw — the rulebook does not rank them, and a draw is
its word for neither side prevailing.
"""

from __future__ import annotations

from typing import Any

from ...core.bitboard import bits
from ...core.state import Result
from . import units as U
from .board import EXIT_ZONES, board
from .hidden import OBJECTIVES
from .position import Position
from .supply import supply_map

SINGLE_THRUST_LAST = 9  # 18.2: Single Thrust is played in 9 monthly turns, June to February


def west_cities(s: Position) -> list[int]:
    """Cities west of the Rhine other than fortress ports (17.2)."""
    b = board()
    return [i for i in bits(b.city_bb & b.west_bb) if not b.cities[i].fortress_port]


def german_supplied_cities(s: Position, hexes: list[int]) -> list[int]:
    """The hexes of ``hexes`` the Germans control (the Allies do not) and supply."""
    held = supply_map(s, "german").sources & ~s.allied_control_bb()  # one bitboard, not a test per city
    return [i for i in hexes if (held >> i) & 1]


def east_german_cities(s: Position) -> list[int]:
    b = board()
    return bits(b.city_bb & b.east_bb & b.germany_bb)


def ruhr_done(s: Position) -> bool:
    """17.2: every Ruhr city is Allied-controlled or out of German supply."""
    sup = supply_map(s, "german").sources
    return all(s.controls("allied", i) or not (sup >> i) & 1 for i in board().ruhr())


def allied_in_east_germany(s: Position) -> bool:
    """17.2: Allied units in Germany east of the Rhine; an army that exited the map went through there and
    counts (so the German Major's first clause cannot hold when the Allies exited)."""
    b = board()
    return bool(s.units_bb("allied") & b.east_bb & b.germany_bb) or any(s.g["exits"].values())


def german_units_west(s: Position) -> list[str]:
    """German units west of the Rhine, not counting fortress-port garrisons."""
    b = board()
    out = []
    for uid in s.on_map("german"):
        i = s.hex_of(uid)
        if not (b.west_bb >> i) & 1:
            continue
        if s.is_fortress_unit(uid) and i in b.cities and b.cities[i].fortress_port:
            continue
        out.append(uid)
    return out


def controls_any(s: Position, side: str, names: tuple[str, ...]) -> bool:
    return any(s.controls(side, board().find(n)) for n in names)


def exits_done(s: Position) -> bool:
    return all(s.g["exits"].get(k) for k in EXIT_ZONES)


def facts(s: Position) -> dict[str, Any]:
    """Everything the end-of-game test looks at (also shown in the view)."""
    east = east_german_cities(s)
    return {
        "german_east_cities": len(german_supplied_cities(s, east)),
        "german_west_cities": len(german_supplied_cities(s, west_cities(s))),
        "allied_in_east_germany": allied_in_east_germany(s),
        "ruhr_done": ruhr_done(s),
        "german_units_west": len(german_units_west(s)),
        "north_city": controls_any(s, "allied", ("Essen", "Munster")),
        "south_city": controls_any(s, "allied", ("Frankfurt", "Stuttgart")),
        "ruhr_controlled": all(s.controls("allied", i) for i in board().ruhr()),
        "exits": {k: len(v) for k, v in s.g["exits"].items()},
    }


def levels(s: Position) -> dict[str, bool]:
    f = facts(s)
    g_major = (not f["allied_in_east_germany"]) or (f["german_east_cities"] >= 6 and f["german_west_cities"] >= 1)
    g_minor = f["german_east_cities"] >= 5 or f["german_west_cities"] >= 1
    a_minor = f["german_west_cities"] == 0 and (f["ruhr_done"] or (f["north_city"] and f["south_city"]))
    a_major = f["german_units_west"] == 0 and f["ruhr_done"] and exits_done(s)
    return {"allied_major": a_major, "german_major": g_major, "allied_minor": a_minor, "german_minor": g_minor}


def standard_result(s: Position) -> Result:
    """17.2 at the end of the March 1945 turn."""
    lv = levels(s)
    scores = {k: float(v) for k, v in facts(s).items() if isinstance(v, int | bool)}
    for level in ("major", "minor"):
        a, g = lv[f"allied_{level}"], lv[f"german_{level}"]
        if a and g:
            return Result(None, level, f"both sides reach a {level} victory: a draw (17.2)", scores)
        if a:
            return Result("allied", level, f"Allied {level} victory (17.2)", scores)
        if g:
            return Result("german", level, f"German {level} victory (17.2)", scores)
    return Result(None, "draw", "neither side fulfils its victory conditions: a draw (17.2)", scores)


def objective_result(s: Position) -> Result:
    """18.2: the Allied card decides; otherwise the German wins by preventing it."""
    card = s.g["objective"]
    f = facts(s)
    won = False
    if card == "broad":
        won = f["german_units_west"] == 0 and f["north_city"] and f["south_city"]
    elif card == "ruhr":
        won = f["german_west_cities"] == 0 and f["ruhr_controlled"]
    name = OBJECTIVES.get(card or "", "no card")
    if won:
        return Result("allied", "objective", f"the Allies achieve their objective, {name} (18.2)", {})
    return Result("german", "objective", f"the Allies fail their objective, {name} (18.2)", {})


def last_month(s: Position) -> int:
    """The month after which the game ends: the scenario's, or February under Single Thrust (18.2)."""
    last = int(s.g["last"])
    if s.g["victory"] == "standard" and s.g.get("objective") == "single":
        return min(last, SINGLE_THRUST_LAST)
    return last


def final_result(s: Position) -> Result:
    kind = s.g["victory"]
    if kind == "christmas":
        return Result("german", "scenario", "no Allied army stands in supply east of the Rhine by November (18.3)", {})
    if kind == "learning":
        return learning_result(s)
    if s.g.get("objective"):
        return objective_result(s)
    return standard_result(s)


def learning_result(s: Position) -> Result:
    """18.3 learning scenario: Antwerp held is a German major, Brussels a minor victory."""
    b = board()
    if s.controls("german", b.find("Antwerp")):
        return Result("german", "major", "the Germans hold Antwerp (18.3)", {})
    if s.controls("german", b.find("Brussels")):
        return Result("german", "minor", "the Germans hold Brussels (18.3)", {})
    return Result("allied", "scenario", "the Allies hold Antwerp and Brussels (18.3)", {})


def christmas_won(s: Position) -> bool:
    """18.3 Home by Christmas: an Allied army in supply east of the Rhine in Germany."""
    b = board()
    area = supply_map(s, "allied").area
    for uid in s.on_map("allied"):
        i = s.hex_of(uid)
        if U.is_army(uid) and (b.east_bb >> i) & 1 and (b.germany_bb >> i) & 1 and (area >> i) & 1:
            return True
    return False


def exit_wins_now(s: Position) -> bool:
    """17.1: an army exited by the end of February wins at once (under Single Thrust too, 18.2)."""
    if s.g["victory"] != "standard" or s.turn > 9:
        return False
    return s.g.get("objective") in (None, "single")
