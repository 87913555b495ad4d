"""Victory points, hex control and command points (SFN 4.1-4.9, 6.1, 6.6, 11.6, 15.7)."""

from __future__ import annotations

from functools import cache

from ...core.bitboard import bits
from ...core.state import Result
from .board import board
from .data import ALLIED, GERMAN, tables, units
from .position import GERMAN_BIT, Position
from .supply import traces_to_beach


def controlled_hexes(s: Position) -> list[int]:
    """Hexes whose control matters: VP hexes (4.2) and the active beaches (4.3, 8.2, 9.3)."""
    return list(_controlled(s.g.get("area")))


@cache
def _controlled(area: str | None) -> tuple[int, ...]:
    b = board()
    return tuple(sorted(set(b.vp) | set(b.beaches[area] if area else ()) | set(b.centres)))


@cache
def _controlled_bb(area: str | None) -> int:
    """``_controlled`` as a bitboard, for the control update after every command."""
    return board().map.bb(_controlled(area))


def update_control(s: Position) -> None:
    """11.6: an occupant controls its hex; an empty hex switches to a side whose ZOC is uncontested.

    4.3: the first time the German controls an active beach hex he scores the award once.
    9.3: a fortress the Allies capture gives the German no more supply.
    """
    b = s.b
    ctl = s.g["control"]  # read here; written through s.mut("control") (SHARE_G)
    gz, az = s.zoc_bb("german"), s.zoc_bb("allied")
    changed = False
    stacks = s.stacks()
    labels = b.map.labels
    # only a hex with a unit on it or in exactly one side's ZOC can get a controller (below); in slot
    # order, as ``_controlled`` lists them
    for i in bits(_controlled_bb(s.g.get("area")) & (s.side_bb(GERMAN) | s.side_bb(ALLIED) | (gz ^ az))):
        lab: str = labels[i]  # type: ignore[assignment]
        st = stacks.get(i)  # the occupant: the side of the hex's first unit
        occ = None if st is None else GERMAN if st[3] == GERMAN_BIT else ALLIED
        if occ is None:
            ing, ina = (gz >> i) & 1, (az >> i) & 1
            occ = GERMAN if ing and not ina else ALLIED if ina and not ing else None
        if occ is None or ctl.get(lab) == occ:
            continue
        before = ctl.get(lab, GERMAN)
        ctl = s.mut("control")
        ctl[lab] = occ
        if before != occ:
            changed = True
            s.emit("control", hex=lab, side=occ, text=f"{lab} passes to the {occ} player", rule=s.rule("11.6"))
            if i in b.vp:
                vp_town_event(s, i, occ)
        if occ == ALLIED and (b.fortress >> i) & 1 and lab not in s.g["fortress_lost"]:
            s.mut("fortress_lost").append(lab)
        if occ == GERMAN and i in s.active_beaches() and lab not in s.g["beach_awards"]:
            s.mut("beach_awards").append(lab)
            s.emit("beach_award", hex=lab, text=f"The German captures beach {lab}: +3 VP", rule=s.rule("4.3"))
    if changed:
        s.touch_fields()  # control moves no unit: the placement, stacks and ZOC stay


def vp_town_event(s: Position, i: int, side: str) -> None:
    """4.2: a VP hex changing hands moves the German total by its value; the log says by how much."""
    b = s.b
    value = b.vp[i]
    name = next((str(p.attrs.get("display", p.name)) for p in b.map.places.values()
                 if "vp" in p.attrs and p.hex == b.label(i)), b.label(i))
    amount = value if side == GERMAN else -value
    verb = "regains" if side == GERMAN else "loses"
    s.emit("vp_town", hex=b.label(i), side=side, amount=amount, total=s.vp(), rule=s.rule("4.2"),
           text=f"The German {verb} {name} ({value} VP): German VP {amount:+d}, {s.vp()}")


def add_vp(s: Position, amount: int, why: str, rule: str) -> None:
    s.g["vp_events"] += amount
    s.emit("vp", amount=amount, total=s.vp(), text=f"German VP {amount:+d} ({why}): {s.vp()}", rule=s.rule(rule))


def threshold(s: Position) -> int:
    """4.6-4.7: the German wins with 11 or more, 31 or more after Riga-Odessa."""
    v = tables()["victory"]
    return int(v["german_wins_at_riga_odessa"] if s.g["riga"] else v["german_wins_at"])


def sudden_death(s: Position) -> Result | None:
    """4.8-4.9: zero or less ends it for the Allies, 98 or more for the German."""
    v = tables()["victory"]
    total = s.vp()
    if total <= v["allied_sudden_death_at"]:
        return Result(ALLIED, "decisive", f"the German VP total fell to {total} (SFN 4.8)", {"german_vp": total})
    if total >= v["german_sudden_death_at"]:
        return Result(GERMAN, "decisive", f"the German VP total reached {total} (SFN 4.9)", {"german_vp": total})
    return None


def final_result(s: Position) -> Result:
    """4.6-4.7 at the end of Game Turn 80; no draws."""
    total = s.vp()
    need = threshold(s)
    if total >= need:
        return Result(GERMAN, "marginal", f"German {total} VP after turn 80 (needs {need}, SFN 4.6)", {"german_vp": total})
    return Result(ALLIED, "marginal", f"German only {total} VP after turn 80 (needs {need}, SFN 4.6)", {"german_vp": total})


def german_cp(s: Position) -> int:
    """6.1/6.6: three, plus one for each army HQ that began the turn in the CP box."""
    t = tables()["command_points"]
    hqs = [u for u in s.in_box("cp", GERMAN) if s.u(u)["arrived"] < s.g["turn"]]
    return min(t["german_max"], t["german_base"] + len(hqs))


def allied_cp(s: Position) -> tuple[int, list[str]]:
    """6.1: two; +1 for two of the seven centres inside the line with a path to a beach; +1 for three;
    +1 for a supplied unit across the breakout line. 15.7: Blue Point takes one away."""
    t = tables()["command_points"]
    b = s.b
    why = []
    held = [b.label(i) for i in b.centres_inside
            if s.g["control"].get(b.label(i), GERMAN) == ALLIED and traces_to_beach(s, b.label(i))]
    cp = t["allied_base"]
    if len(held) >= t["allied_centres_for_third"]:
        cp += 1
        why.append(f"{len(held)} centres inside the breakout line")
    if len(held) >= t["allied_centres_for_fourth"]:
        cp += 1
    across = [u for u in s.on_map(ALLIED)
              if s.u(u)["supply"] != "none" and not (b.within_breakout >> b.hex(s.u(u)["hex"])) & 1  # type: ignore[arg-type]
              and units()[u].combat]
    if across:
        cp += 1
        why.append("a supplied unit across the breakout line")
    cp = min(cp, t["allied_max"])
    bp = s.g["blue_point"]
    if bp.get("minus_until", 0) >= s.g["turn"] > 1:
        cp -= 1
        why.append("Blue Point")
    return max(cp, 0), why


TRACK_LABEL = "German VP (SFN 4.2; the German needs 11, or 31 after Riga-Odessa)"


def victory_track(s: Position) -> dict[str, float]:
    """The one VP total of the game (the German's), for the post-game victory track (westfront.analysis.track)."""
    return {GERMAN: float(s.vp())}
