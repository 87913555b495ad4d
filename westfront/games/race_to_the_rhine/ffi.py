"""French Forces of the Interior: FFI movement and establishing contact (rttr FFI movement, rttr Establishing contact)."""

from __future__ import annotations

from .position import Position


def ffi_moves(s: Position) -> list[tuple[str, str]]:
    """One FFI marker one link: never into a non-Maquis space that already holds 2 (no limit in Maquis Zones)."""
    out = []
    limit = s.tables.ffi_non_maquis_limit
    for sid in sorted(s.gg["ffi"]):
        if not s.gg["ffi"][sid]:
            continue
        for n in s.graph.neighbours(sid):
            if s.board.has_flag(n, "maquis_zone") or s.gg["ffi"].get(n, 0) < limit:
                out.append((sid, n))
    return out


def lose_contact(s: Position) -> list[str]:
    """No Control on Dijon or Langres by the first Logistics Step: one FFI marker leaves every non-Maquis space."""
    hit = []
    for sid in sorted(s.gg["ffi"]):
        if s.gg["ffi"][sid] and not s.board.has_flag(sid, "maquis_zone"):
            s.set_ffi(sid, s.gg["ffi"][sid] - 1)
            hit.append(sid)
    return hit
