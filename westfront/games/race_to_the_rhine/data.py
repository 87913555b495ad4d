"""Static data of Race to the Rhine: ``data/tables.toml`` read into frozen dataclasses (once per process).

Every number here is either from the expansion text (``source``) or a
reconstruction of the base game (``reconstructed``), as the TOML file says row by row.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
MAP_FILE = DATA / "map.json"
TABLES_FILE = DATA / "tables.toml"
KINDS = ("fuel", "ammo", "food")


@dataclass(frozen=True)
class AxisCard:
    id: str
    name: str
    ammo: int
    fuel: int
    halts: bool
    medals: int
    count: int
    red_ball: bool


@dataclass(frozen=True)
class PursuitCard:
    id: str
    name: str
    effect: str
    count: int
    count_patch_devers: int
    count_red_ball: dict[str, int]


@dataclass(frozen=True)
class CommanderCard:
    """rttr 17: a commander card's ability (reconstructed, tables.toml [commander_card.*])."""

    id: str  # montgomery | bradley | patton | patch | devers
    name: str
    ability: str  # airborne_gamble | redraw | swap_ammo_for_fuel | extra_allowance | bigger_take
    text: str  # what it does, for players (view, rules reference)
    values: dict[str, int]  # the ability's numbers (airborne_range, allowance_bonus, take_one_kind, ...)


@dataclass(frozen=True)
class Tables:
    order: tuple[str, ...]
    seats: dict[int, tuple[str, ...]]  # with Patch-Devers (option patch_devers)
    seats_base: dict[int, tuple[str, ...]]  # the base game (1-3 players)
    french_corps: frozenset[str]
    us_ffi_corps: frozenset[str]
    actions: int
    slots: int
    corps_start: dict[str, int]
    move_allowance: int
    move_cost_fuel: int
    fortified_entry_ammo: int
    logistics_food: int
    trucks_per_action: dict[int, int]
    max_level: int
    start_level: dict[str, int]
    pd_first_step_level: int
    truck_stock_per_commander: int
    truck_stock_base: int
    pool: dict[str, int]
    take_one_kind: int
    take_mixed: int
    base_capacity: int
    port_capacity: int
    base_start: dict[str, int]
    landing_zone_capacity: int
    marseille_capacity: int
    base_901_capacity: int
    markers_per_commander: int
    harder_near_rhine: int
    counter_attack_in_priority_walk: bool
    ffi_non_maquis_limit: int
    wacht_am_rhein_medals: int
    solo_ranks: tuple[tuple[int, str], ...]
    solo_last_rank: str
    airborne_range: int
    airborne_uses: int
    recon_peek: int
    axis_cards: dict[str, AxisCard]
    pursuit_cards: dict[str, PursuitCard]
    commander_cards: dict[str, CommanderCard]
    air_strikes_per_commander: int
    air_strike_ammo_reduction: int


@cache
def tables() -> Tables:
    t: dict[str, Any] = tomllib.loads(TABLES_FILE.read_text(encoding="utf-8"))
    c, lg, sp, ax = t["commanders"], t["logistics"], t["supplies"], t["axis"]
    axis = {
        r["id"]: AxisCard(r["id"], r["name"], int(r["ammo"]), int(r.get("fuel", 0)), bool(r.get("halts", False)),
                          int(r.get("medals", 0)), int(r["count"]), bool(r.get("red_ball", False)))
        for r in t["axis_card"]
    }
    pursuit = {
        r["id"]: PursuitCard(r["id"], r["name"], r["effect"], int(r["count"]),
                             int(r.get("count_patch_devers", r["count"])), dict(r.get("count_red_ball", {})))
        for r in t["pursuit_card"]
    }
    return Tables(
        order=tuple(c["order"]),
        seats={int(k): tuple(v) for k, v in c["seats"].items()},
        seats_base={int(k): tuple(v) for k, v in c["seats_base"].items()},
        french_corps=frozenset(c["french_corps"]),
        us_ffi_corps=frozenset(c["us_ffi_corps"]),
        actions=int(t["turn"]["actions"]),
        slots=int(t["corps"]["slots"]),
        corps_start=dict(t["corps"]["start"]),
        move_allowance=int(t["corps"]["move_allowance"]),
        move_cost_fuel=int(t["corps"]["move_cost_fuel"]),
        fortified_entry_ammo=int(t["corps"]["fortified_entry_ammo"]),
        logistics_food=int(t["corps"]["logistics_food"]),
        trucks_per_action={int(k): int(v) for k, v in lg["trucks_per_action"].items()},
        max_level=int(lg["max_level"]),
        start_level=dict(lg["start_level"]),
        pd_first_step_level=int(lg["patch_devers_first_step_level"]),
        truck_stock_per_commander=int(lg["truck_stock_per_commander"]),
        truck_stock_base=int(lg["truck_stock_base"]),
        pool=dict(sp["pool"]),
        take_one_kind=int(sp["take_one_kind"]),
        take_mixed=int(sp["take_mixed"]),
        base_capacity=int(sp["base_capacity"]),
        port_capacity=int(sp["port_capacity"]),
        base_start=dict(sp["base_start"]),
        landing_zone_capacity=int(sp["landing_zone_capacity"]),
        marseille_capacity=int(sp["marseille_capacity"]),
        base_901_capacity=int(sp["base_901_capacity"]),
        markers_per_commander=int(ax["markers_per_commander"]),
        harder_near_rhine=int(ax["harder_near_rhine"]),
        counter_attack_in_priority_walk=bool(ax["counter_attack_in_priority_walk"]),
        ffi_non_maquis_limit=int(t["ffi"]["non_maquis_limit"]),
        wacht_am_rhein_medals=int(t["victory"]["wacht_am_rhein_medals"]),
        solo_ranks=tuple((int(n), str(title)) for n, title in t["victory"]["solo_ranks"]),
        solo_last_rank=str(t["victory"]["solo_last_rank"]),
        airborne_range=int(t["airborne"]["range"]),
        airborne_uses=int(t["airborne"]["uses"]),
        recon_peek=int(t["recon"]["peek"]),
        axis_cards=axis,
        pursuit_cards=pursuit,
        commander_cards={
            k: CommanderCard(k, str(r["name"]), str(r["ability"]), str(r["text"]),
                             {n: int(v) for n, v in r.items() if isinstance(v, int)})
            for k, r in t["commander_card"].items()
        },
        air_strikes_per_commander=int(t["air_strikes"]["per_commander"]),
        air_strike_ammo_reduction=int(t["air_strikes"]["ammo_reduction"]),
    )


def axis_deck_cards(red_ball: bool) -> list[str]:
    """The Axis deck's card ids (copies repeated); Red Ball Express adds its cards."""
    out: list[str] = []
    for card in tables().axis_cards.values():
        if card.red_ball and not red_ball:
            continue
        out += [card.id] * card.count
    return out


def pursuit_deck_cards(commander: str, red_ball: bool) -> list[str]:
    """A commander's Pursuit deck. rttr Red Ball Express: its cards join and Starving Civilians drop to 1."""
    out: list[str] = []
    for card in tables().pursuit_cards.values():
        n = card.count_patch_devers if commander == "patch_devers" else card.count
        if red_ball:
            n = card.count_red_ball.get(commander, n)
            if card.id == "starving_civilians":
                n = 1
        out += [card.id] * n
    return out
