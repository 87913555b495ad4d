"""Combat against an Axis card: deterministic, pay its cost (base, reconstructed) with the
Patch-Devers FFI help (rttr FFI markers - impact on play, rttr Combat)."""

from __future__ import annotations

from .data import AxisCard
from .position import Corps, Position


def cost(s: Position, card: AxisCard, sid: str) -> tuple[int, int]:
    """(Ammo, Fuel) to beat the card in ``sid``; a Victory space's unit is harder (reconstructed)."""
    extra = s.tables.harder_near_rhine if s.board.has_flag(sid, "victory") else 0
    return card.ammo + extra, card.fuel


def can_pay(c: Corps, ammo: int, fuel: int, bonus: int) -> bool:
    return c["supplies"]["ammo"] + bonus >= ammo and c["supplies"]["fuel"] >= fuel


def ffi_ammo_choices(s: Position, c: Corps, sid: str) -> list[int]:
    """French Corps: how many FFI markers of the space may be discarded for Ammo (one Ammo each,
    no more than the free slots)."""
    if not s.is_french(c):
        return []
    n = min(s.gg["ffi"].get(sid, 0), s.room(c))
    return list(range(1, n + 1))


def ffi_bonus_possible(s: Position, c: Corps, sid: str) -> bool:
    """VI US: discarding FFI markers gives +1 Ammo for a combat in the space (never for the Fortified toll)."""
    return s.is_us_ffi(c) and s.gg["ffi"].get(sid, 0) > 0
