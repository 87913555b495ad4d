"""The Allied heuristic after the stacking fix (issue 30 balance): HQs go where they give a supply point range,
airborne divisions spread over the beaches they can help."""

from __future__ import annotations

from typing import Any

import pytest

from westfront import api
from westfront.ai import get_agent
from westfront.games.dday_3rd import ai, plan
from westfront.games.dday_3rd import combat as C

from .helpers import empty, put


def test_hq_gain_only_where_it_gives_range_and_room():
    # D-Day Table 4: an HQ gives an in-land port range; on a Mulberry (8 -> 16) or a capacity 1-2 point it only
    # takes a place a fed unit could have
    s = empty(week=3)
    s.set_control("L17", "allied")
    assert ai.hq_gain(s, "L17")  # in-land port, capacity 5, no HQ yet
    assert "L17" in ai.hq_targets(s)  # Allied, no German unit near (§6.2)
    assert not ai.hq_gain(s, "C8")  # capacity 1
    s.g["mulberries"]["E12"] = "north_sea"
    assert not ai.hq_gain(s, "E12")
    put(s, "US-12-HQAG", "L17")
    assert not ai.hq_gain(s, "L17")  # one HQ is enough
    assert ai.hq_gain(s, "L17", "US-12-HQAG")  # ...the one already there counts for itself
    assert "L17" not in ai.hq_targets(s)


def test_second_drop_is_worth_less_on_a_hex_already_holding_a_division():
    # D-Day §8 with the §3 stacking limit: two divisions on one hex share one attack and one counter-attack
    s = empty(week=1)
    s.set_control("K20", "allied")
    alone = ai.drop_value(s, "US-101-ABID", "L19")
    put(s, "US-82-ABID", "L19", dropped=True)
    assert ai.drop_value(s, "US-101-ABID", "L19") < alone


def week1_drops(seed: int) -> tuple[list[str], list[str], Any]:
    """Play a heuristic Allied week 1 from the historical set-up up to the movement phase: the drop hexes (§8), the
    German-held coasts the invaders must attack (§7.1) and the position."""
    s = api.load("dday-3rd", seed=seed)
    agent = get_agent("heuristic", seed=seed)
    drops: list[str] = []
    while (s.frame() or {}).get("step") != "movement":
        side = s.current_player()
        assert side == "allied" and s.week == 1
        parent = s.frames()[-2] if len(s.frames()) >= 2 else {}
        a = agent.choose(s, side)
        if a.verb == "hex" and parent.get("step") == "airborne":
            drops.append(a.args[0])
        s.apply(a)
        if (s.frame() or {}).get("step") == "movement":
            break
    b = s.board
    coasts = sorted({b.arrow_by_sea[s.unit(u)["hex"]].coast for u in s.on_map("allied") if s.unit(u)["invader"]
                     and s.side_at(b.arrow_by_sea[s.unit(u)["hex"]].coast) == "german"})
    return drops, coasts, s


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_week1_drops_one_a_hex_on_a_post_or_beside_a_beach_to_take(seed):
    # D-Day §8 (three drops within five hexes of the invaders), §3 stacking, §7.1 (adjacent units may join the
    # attack on a coastal hex), §6.2 (a unit on a supply point east of the line is supplied by standing there).
    # The old plan sent two divisions to one capacity-1 Wadden post (C8, C9): one of them out of supply next week.
    drops, coasts, s = week1_drops(seed)
    assert len(drops) == 3
    assert len(set(drops)) == 3, drops
    for h in drops:
        on_post = h in plan.east_posts_all()
        helps = any(C.adjacent_across(s, h, c) for c in coasts)
        assert on_post or helps, (h, coasts)
    assert sum(1 for h in drops if h in plan.east_posts_all()) <= 1  # capacity 1-2: one division is enough
    assert week1_drops(seed)[0] == drops  # deterministic: same seed, same drops


def test_second_invasion_goes_where_its_mulberries_feed_units_across_the_line():
    # D-Day §7 (a second invasion in weeks 9-16), Table 4 (an invasion hex has range 8), §13 (only supplied units
    # east of the Rhine-Issel line count). A North Sea lodgement holds Den Helder (E12); German armour stands between
    # Amsterdam and Antwerp. The old choice weighed only the German defence and went to the thinner Pas de Calais, whose beaches
    # are 9+ hexes from the line and feed nobody there.
    s = empty(week=9)
    put(s, "US-1-ID", "E12")
    s.g["mulberries"]["E12"] = "north_sea"
    s.set_control("E12", "allied")
    for uid, h in [("DE-2-AD", "G13"), ("DE-116-AD", "I15"), ("DE-130-AD", "J16")]:
        put(s, uid, h)
    assert ai.sector_score(s, "north_sea") > ai.sector_score(s, "pas_de_calais")
    assert ai.east_supply_gain(s, "north_sea") == 16  # F13 to L20, E12 already a Mulberry
    assert ai.east_supply_gain(s, "pas_de_calais") == 0


def lodgement(german: str | None = None) -> Any:
    """A North Sea Mulberry at Den Helder (E12) held by one US division, a German armoured division optionally."""
    s = empty(week=10)
    put(s, "US-1-ID", "E12")
    s.g["mulberries"]["E12"] = "north_sea"
    s.set_control("E12", "allied")
    if german:
        put(s, "DE-2-AD", german)
    return s


def test_the_last_unit_on_a_mulberry_stays_while_a_german_unit_is_within_reach():
    # D-Day §7.2: a German unit that occupies an invasion hex removes its Mulberry (and its range 8, Table 4); the
    # old plan walked the last unit off it to cross the Rhine-Issel line (D10) with German armour four hexes away
    s = lodgement()
    assert ai.allied_hex_value(s, "US-1-ID", "D10") > ai.allied_hex_value(s, "US-1-ID", "E12")  # nobody near: cross
    s = lodgement("I15")
    assert ai.allied_hex_value(s, "US-1-ID", "E12") > ai.allied_hex_value(s, "US-1-ID", "D10")


def test_crossing_is_worth_less_once_ten_and_a_margin_are_across():
    # D-Day §13 counts 10 supplied units east of the line; beyond them (and plan.MARGIN) a crossing adds less than
    # the supply base it leaves
    s = lodgement()
    alone = ai.allied_hex_value(s, "US-1-ID", "D10")
    east = [u for u in s.in_box("britain", "allied") if ai.units()[u].type == "I"][:12]
    for uid, h in zip(east, ["D9", "D8", "E10", "E9", "E8", "F10", "F9", "G11", "G10", "H12", "H11", "I12"], strict=False):
        put(s, uid, h)
    assert ai.allied_hex_value(s, "US-1-ID", "D10") < alone - 0.5
