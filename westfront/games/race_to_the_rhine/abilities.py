"""Commander card abilities (rttr 17) and the advanced game's air strikes (rttr 16), as rules on the position.

Neither text is available: each ability is a reconstruction (tables.toml
[commander_card.*], [air_strikes], with the reasoning). The card in play decides:
Patch-Devers holds Patch until the first Logistics Step, then Devers (rttr 3.1),
so that swap changes his ability.
"""

from __future__ import annotations

from ...core import tokens
from .position import Corps, Position


def move_allowance(s: Position, commander: str) -> int:
    """Spaces one Move may enter: 3, and 4 while the Patch card is in play (Dragoon pursuit)."""
    card = s.commander_card(commander)
    bonus = card.values.get("allowance_bonus", 0) if card.ability == "extra_allowance" else 0
    return s.tables.move_allowance + bonus


def take_one_kind(s: Position, commander: str) -> int:
    """Supplies a Take Supplies of one kind brings: 3, and 4 once Devers commands (Southern line of communication)."""
    card = s.commander_card(commander)
    return card.values["take_one_kind"] if card.ability == "bigger_take" else s.tables.take_one_kind


def airborne_range(s: Position, commander: str) -> int:
    """Links an Airborne drop may reach from a Corps: 2, Montgomery's Market Garden 3."""
    card = s.commander_card(commander)
    return card.values["airborne_range"] if card.ability == "airborne_gamble" else s.tables.airborne_range


def gamble_possible(s: Position, commander: str, sid: str) -> bool:
    """Montgomery may drop on an Axis marker (never on a flagged Victory space: only a Corps crossing takes that)."""
    return (s.has_ability(commander, "airborne_gamble") and sid in s.gg["axis"]
            and not s.board.has_flag(sid, "axis_flag"))


def airborne_strength(s: Position, commander: str) -> int:
    """The Ammo cost Market Garden's paratroops can beat."""
    return s.commander_card(commander).values.get("airborne_strength", 0)


def swap_choices(s: Position, commander: str) -> list[str]:
    """Patton's Corps that may trade 1 Ammo for 1 Fuel now (once per turn; the pool must hold the Fuel)."""
    if not s.ability_free(commander, "swap_ammo_for_fuel") or s.gg["pool"]["fuel"] < 1:
        return []
    return [c["id"] for c in s.corps_of(commander) if c["supplies"]["ammo"] >= 1]


def swap_ammo_for_fuel(s: Position, c: Corps) -> None:
    """1 Ammo from the Corps card back to the pool, 1 Fuel from the pool onto it (the card's total stays)."""
    sup = dict(c["supplies"])
    pool = s.mut("pool")
    tokens.move(sup, pool, "ammo", 1)
    tokens.move(pool, sup, "fuel", 1)
    s.set_fields(c["id"], supplies=sup)
    s.mut("ability_used")[c["commander"]] = True


def can_redraw(s: Position, commander: str) -> bool:
    """Bradley's luck: once per turn he may exchange the Axis card his Corps revealed for the next one."""
    return s.ability_free(commander, "redraw")


def can_air_strike(s: Position, commander: str) -> bool:
    """rttr 16 (advanced game): an Air Strike marker in hand."""
    return s.advanced() and s.gg["air_strikes"].get(commander, 0) > 0


def refill_air_strikes(s: Position) -> int:
    """Spent Air Strike markers come back at the Logistics Step; returns how many."""
    if not s.advanced():
        return 0
    n = s.tables.air_strikes_per_commander
    back = sum(n - v for v in s.gg["air_strikes"].values())
    s.gg["air_strikes"] = dict.fromkeys(s.gg["air_strikes"], n)
    return back
