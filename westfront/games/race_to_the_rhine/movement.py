"""Move Corps: which Corps may move, and which spaces it may enter next (base rules reconstructed, cited)."""

from __future__ import annotations

from .board import static_sets
from .position import Corps, Position


def movable(s: Position, commander: str) -> list[Corps]:
    """Corps that may start a move: not flipped (rttr Logistics Step example) and with Fuel to pay."""
    t = s.tables
    return [c for c in s.corps_of(commander)
            if not c["flipped"] and c["supplies"]["fuel"] >= t.move_cost_fuel]


def fortified_toll(s: Position, sid: str) -> int:
    """Ammo to pay before entering: a Fortified space nobody controls costs 1 (rttr FFI markers - impact on play)."""
    if s.board.has_flag(sid, "fortified") and s.controller(sid) is None:
        return s.tables.fortified_entry_ammo
    return 0


def why_not_enter(s: Position, c: Corps, sid: str) -> str | None:
    """Why the Corps may not step into ``sid`` now; None when it may."""
    g = s.graph
    if sid not in g.index:
        return f"{sid} is not a space"
    if not g.adjacent(c["space"], sid):
        return f"{s.label(sid)} is not next to {s.label(c['space'])}"
    if not s.board.in_area(c["commander"], sid):
        return f"{s.label(sid)} is outside {c['commander']}'s area (Corps move in their commander's area)"
    toll = fortified_toll(s, sid)
    if toll and c["supplies"]["ammo"] < toll:
        return f"{s.label(sid)} is Fortified: entering costs {toll} Ammo"
    return None


def entries(s: Position, c: Corps) -> list[str]:
    """The neighbours ``why_not_enter`` lets the Corps into, in the graph's order, as one set: the links from its
    space inside its commander's area, less the uncontrolled Fortified ones when it lacks the toll's Ammo."""
    g = s.graph
    ok = g.nbr_bits[g.index[c["space"]]] & s.board.areas[c["commander"]].spaces
    if c["supplies"]["ammo"] < s.tables.fortified_entry_ammo:
        ok &= ~(static_sets()["fortified"] & ~s.sets()["control"])
    return g.names(ok)  # type: ignore[no-any-return]
