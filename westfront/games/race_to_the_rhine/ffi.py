"""French Forces of the Interior: FFI movement and establishing contact (rttr FFI movement, rttr Establishing contact)."""

from __future__ import annotations

from .board import static_sets
from .position import Position


def ffi_moves(s: Position) -> list[tuple[str, str]]:
    """One FFI marker one link: never into a non-Maquis space that already holds 2 (no limit in Maquis Zones)."""
    out: list[tuple[str, str]] = []
    ffi = s.gg["ffi"]
    if not ffi:
        return out
    limit = s.tables.ffi_non_maquis_limit
    g = s.graph
    full = 0  # non-Maquis spaces already holding the limit
    for sid, n in ffi.items():
        if n >= limit:
            full |= 1 << g.index[sid]
    full &= ~static_sets()["maquis_zone"]
    ids = g.ids
    for sid in sorted(ffi):
        if not ffi[sid]:
            continue
        out += [(sid, ids[j]) for j in g.nbrs[g.index[sid]] if not full >> j & 1]
    return out


def lose_contact(s: Position) -> list[str]:
    """No Control on Dijon or Langres by the first Logistics Step: one FFI marker leaves every non-Maquis space."""
    hit = []
    for sid in sorted(s.gg["ffi"]):
        if s.gg["ffi"][sid] and not s.board.has_flag(sid, "maquis_zone"):
            s.set_ffi(sid, s.gg["ffi"][sid] - 1)
            hit.append(sid)
    return hit
