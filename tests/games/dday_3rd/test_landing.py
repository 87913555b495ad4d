"""Invasion (§7), airborne drops (§8), reinforcements (§9.3), sea movement (§9.4), replacements (§9.2)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import logistics
from westfront.games.dday_3rd.data import units
from westfront.testing.kit import new

from .helpers import empty, labels, put, start


def land_all(s, kind):
    """Land units of one Table 5 class until the sector refuses; returns how many landed."""
    n = 0
    while True:
        cands = [a for a in labels(s.legal_actions()) if a.startswith("land ")
                 and units()[a.split()[1]].table5_class == kind and units()[a.split()[1]].type != "ABI"]
        if not cands:
            return n
        s.apply(cands[0])
        seas = [a for a in labels(s.legal_actions()) if a.startswith("at ")]
        if not seas:
            s.apply("cancel")
            return n
        s.apply(seas[0])
        n += 1


def test_week_one_invasion_is_mandatory():
    # D-Day §7: the invasion in week 1 is mandatory (no pass); Wadden Sea is not an option
    s = new("dday-3rd", 1)
    acts = labels(s.legal_actions())
    assert s.current_player() == "allied" and "pass" not in acts
    assert "invade wadden_sea" not in acts and "invade normandy" in acts and len(acts) == 7


def test_pas_de_calais_example():
    # D-Day §7: at Pas de Calais two armoured and seven infantry units, and at most three airborne drops
    s = new("dday-3rd", 1)
    s.apply("invade pas_de_calais")
    assert land_all(s, "A") == 2
    assert land_all(s, "I") == 7
    seas = {s.unit(u)["hex"] for u in s.g["invasion_units"]}
    assert all(len(s.at(h)) <= 2 for h in seas)
    # D-Day §7: headquarters may not take part in the first two weeks
    assert not any(units()[a.split()[1]].type == "HQ" for a in labels(s.legal_actions()) if a.startswith("land "))
    s.apply("done")
    assert s.frame()["step"] == "airborne"
    for _ in range(3):
        s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("drop ")))
        while s.frame()["step"] == "hex_choice":
            s.apply(next(a for a in labels(s.legal_actions()) if a.startswith(("hex ", "region "))))
    assert not any(a.startswith("drop ") for a in labels(s.legal_actions()))


def test_at_most_two_units_per_sea_invasion_hex():
    # D-Day §7: no more than two units in each sea invasion hex
    s = new("dday-3rd", 1)
    s.apply("invade normandy")
    for _ in range(2):
        s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("land ")))
        s.apply("at R33")
    s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("land ")))
    assert "at R33" not in labels(s.legal_actions())


def test_invaders_land_unopposed_and_make_invasion_hexes():
    # D-Day §7.1, §7.2: invaders enter an empty coastal hex in the movement phase; it becomes an invasion hex
    s = new("dday-3rd", 1)
    s.apply("invade normandy")
    s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("land ")))
    s.apply("at R32")
    s.apply("done")
    while s.frame()["step"] != "movement":
        s.apply("done")
    uid = s.g["invasion_units"][0]
    assert s.unit(uid)["hex"] == "S32" and "S32" in s.g["mulberries"]


def test_figure_5_airborne_ranges():
    # D-Day §8 (Figure 5): second invasion in the Bay of Biscay allows one drop counted from the invaders; US 101
    # ABID may still drop at Z40, counting from US 94 ID at X38 (Rennes)
    s = empty(week=12)
    s.g["invasions"] = [{"sector": "normandy", "week": 1}, {"sector": "bay_of_biscay", "week": 12}]
    put(s, "US-94-ID", "X38")
    put(s, "BR-3-ID", "CC42", invader=True)
    s.g["invasion_units"] = ["BR-3-ID"]
    s.set_control("X38", "allied")
    free, inv = logistics.drop_hexes(s)
    assert "Z40" in free and ("AA40" in free or "AA40" in inv)
    # D-Day §8: not on mountains, German units, neutral countries or sea; within 5 hexes
    m = s.board.m
    assert all(m.terrain[m.index[h]] == "clear" for h in free + inv)
    assert all(min(m.distance(m.index[h], m.index[a]) for a in ("X38", "CC42")) <= 5 for h in free + inv)


def test_invasion_area_drop_limit():
    # D-Day §8: in the invasion weeks, no more drops into the invasion area than the sector's column allows
    s = empty(week=12)
    s.g["invasions"] = [{"sector": "normandy", "week": 1}, {"sector": "bay_of_biscay", "week": 12}]
    put(s, "BR-3-ID", "CC42", invader=True)
    s.g["invasion_units"] = ["BR-3-ID"]
    free, inv = logistics.drop_hexes(s)
    assert not free and inv
    logistics.count_landing(s, "bay_of_biscay", units()["BR-6-ABID"], by_air=True)
    assert logistics.drop_hexes(s) == ([], [])


def test_three_drops_a_week():
    # D-Day §8: no more than three airborne divisions dropped in a week
    s = empty(week=20)
    s.g["dropped_now"] = 3
    put(s, "US-1-ID", "S33")
    assert logistics.drop_candidates(s) == []


def test_reinforcement_entry_points():
    # D-Day §9.3: invasion hexes, coastal ports held and free of German ZOC, controlled in-land ports; not Emden or
    # Bremen
    s = empty(week=5)
    s.g["mulberries"] = {"S33": "normandy"}
    put(s, "US-1-ID", "Q35")  # Cherbourg, a port
    put(s, "US-2-ID", "B5")  # Emden
    put(s, "US-4-ID", "C2")  # Bremen
    put(s, "US-9-ID", "L17")  # Antwerp (in-land)
    pts = logistics.entry_points_now(s)
    assert {"S33", "Q35", "L17"} <= set(pts) and "B5" not in pts and "C2" not in pts
    # D-Day §9.3.2: an in-land port is controlled only if no German unit is in its perimeter
    put(s, "DE-89-ID", "K18")
    assert "L17" not in logistics.entry_points_now(s)
    # D-Day §9.3: a coastal port in German ZOC is no entry point (Cherbourg is a fortress: no ZOC enters it)
    put(s, "DE-709-STD", "R35")
    assert "Q35" in logistics.entry_points_now(s)
    put(s, "US-8-ID", "TT32")  # Marseille
    assert "TT32" in logistics.entry_points_now(s)
    m = s.board.m
    nb = next(m.label(n) for n in m.nbrs[m.index["TT32"]] if (s.board.playable >> n) & 1
              and not m.side(m.index["TT32"], n) & {"river", "sea"})
    put(s, "DE-244-STD", nb)
    assert "TT32" not in logistics.entry_points_now(s)


def test_amsterdam_perimeter_and_bordeaux():
    # D-Day §9.3.2: Amsterdam's perimeter reaches D10; Bordeaux is an in-land port that can be invaded
    b = empty().board
    assert "D10" in b.inland_by_hex["G13"].perimeter
    assert "LL44" in b.inland_by_hex and "LL44" in b.arrow_by_coast


def test_twelve_by_sea():
    # D-Day §9.3.1: at most 12 units reinforce by sea in a week
    s = empty(week=20)
    s.g["mulberries"] = {"S33": "normandy"}
    s.g["entry_points"] = ["S33"]
    s.set_control("S33", "allied")
    s.g["landed"]["sea"] = 12
    assert logistics.reinforcement_candidates(s) == []


def test_free_french_in_paris():
    # D-Day §9.3.3: from week 28, with France south of the line clear, five Free French units arrive in Paris
    s = empty(week=28)
    s.g["ff_now"] = True
    s.g["mulberries"] = {"S33": "normandy"}
    s.set_control("S33", "allied")
    put(s, "US-1-HQA", "S33")
    put(s, "BR-2-HQA", "S33")
    paris = [u for u in logistics.reinforcement_candidates(s) if units()[u].paris]
    assert paris
    assert set(logistics.landing_hexes(s, paris[0])) == {"U26", "V26", "V27"}
    put(s, "DE-84-ID", "V26")
    assert "V26" not in logistics.landing_hexes(s, paris[0])  # occupied; U26 is across the Marne (no ZOC)
    assert logistics.france_south_clear(s)
    put(s, "DE-271-ID", "X35")
    assert not logistics.france_south_clear(s)


def test_sea_movement_back_to_britain():
    # D-Day §9.4: from an invasion hex, a port free of German ZOC, or a controlled in-land port, back to Britain
    s = empty(week=5)
    s.g["mulberries"] = {"S33": "normandy"}
    put(s, "US-1-ID", "S33")
    put(s, "US-2-ID", "T34")
    assert logistics.may_sail(s, "US-1-ID") and not logistics.may_sail(s, "US-2-ID")
    start(s, "movement", side="allied")
    s.apply("sail US-1-ID")
    assert s.unit("US-1-ID")["box"] == "britain"


def test_capturing_an_installation_and_allied_rp():
    # D-Day §9.2.2: moving through an installation captures it; RP accrue from the week after, from week 9
    s = empty(week=9)
    put(s, "US-1-ID", "N23")
    start(s, "movement", side="allied")
    s.apply("move US-1-ID")
    ends = [a for a in labels(s.legal_actions()) if a.startswith("to ")]
    assert "to N24" in ends
    s.apply("to N24")
    assert s.g["installations"] == {"N24": 9}


def test_replacements_cost_af_and_never_hqs():
    # D-Day §9.2: a replaced unit costs its AF in RP; HQs are never replaced; the Allies only infantry and armour
    s = empty(week=20)
    for u in ("US-1-ID", "US-1-HQA", "US-101-ABID"):
        s.eliminate(u, "test", "9.2")
    s.g["rp"]["allied"] = 3
    assert logistics.replaceable(s, "allied") == []
    s.g["rp"]["allied"] = 4
    assert logistics.replaceable(s, "allied") == ["US-1-ID"]
    start(s, "movement", side="allied")
    s.apply("replace US-1-ID")
    assert s.g["rp"]["allied"] == 0 and s.unit("US-1-ID")["box"] == "britain"


def test_german_replacements_on_replacement_hexes():
    # D-Day §9.2.1: on a German replacement hex not last occupied by the Allies; in Allied ZOC it may not move
    s = empty(week=20)
    s.eliminate("DE-89-ID", "test", "9.2")
    s.g["rp"]["german"] = 5
    hexes = logistics.german_replacement_hexes(s, "DE-89-ID")
    assert set(hexes) == set(s.board.replacement_hexes)
    put(s, "US-1-ID", "I12")
    s.to_box("US-1-ID", "britain")
    assert "I12" not in logistics.german_replacement_hexes(s, "DE-89-ID")
    put(s, "US-2-ID", "K11")
    start(s, "movement", side="german")
    s.apply("replace DE-89-ID")
    s.apply("at K10")
    u = s.unit("DE-89-ID")
    assert u["hex"] == "K10" and u["pinned"] and s.g["rp"]["german"] == 2


def test_illegal_landing_is_refused_with_the_rule():
    # D-Day §9.3.1: a unit that cannot land now is refused, the state unchanged
    s = empty(week=5)
    start(s, "movement", side="allied")
    before = s.hash()
    with pytest.raises(IllegalAction, match="9.3.1"):
        s.apply("land US-1-ID")
    assert s.hash() == before


def test_a_unit_that_ends_its_move_on_an_invasion_hex_may_sail():
    # D-Day §9.4: a unit that ENDS its movement on an invasion hex (or a free port) may sail back to Britain, not
    # only one that has not moved
    s = empty(week=5)
    s.g["mulberries"] = {"S33": "normandy"}
    s.set_control("S33", "allied")
    put(s, "US-1-ID", "T34")
    start(s, "movement", side="allied")
    assert "sail US-1-ID" not in labels(s.legal_actions())
    s.apply("move US-1-ID")
    s.apply("to S33")
    assert s.unit("US-1-ID")["moved"] and "sail US-1-ID" in labels(s.legal_actions())
    s.apply("sail US-1-ID")
    assert s.unit("US-1-ID")["box"] == "britain"
    # D-Day §9.4: it comes back "at some later week", not as a reinforcement this week
    assert "US-1-ID" not in logistics.available_in_britain(s)


def test_a_unit_that_moved_into_an_invasion_hex_in_german_zoc_may_not_sail():
    # D-Day §9.4: a unit that moves into a coastal invasion hex in German ZOC must fight; one that began the phase
    # there may sail regardless of the ZOC
    s = empty(week=5)
    s.g["mulberries"] = {"S33": "normandy"}
    s.set_control("S33", "allied")
    put(s, "US-2-ID", "S33")
    put(s, "US-1-ID", "T34")
    put(s, "DE-352-ID", "T33")
    start(s, "movement", side="allied")
    assert "sail US-2-ID" in labels(s.legal_actions())
    s.apply("move US-1-ID")
    s.apply("to S33")
    assert "sail US-1-ID" not in labels(s.legal_actions())
    before = s.hash()
    with pytest.raises(IllegalAction, match=r"D-Day 9.4: US 1 ID moved into the invasion hex S33, which is in German ZOC"):
        s.apply("sail US-1-ID")
    assert s.hash() == before


def test_sail_refusals_name_the_reason():
    # D-Day §9.4: the refusal names the actual cause: not a port, a port in German ZOC
    s = empty(week=5)
    put(s, "US-1-ID", "T34")
    put(s, "US-2-ID", "TT32")  # a coastal port (not a fortress)
    start(s, "movement", side="allied")
    with pytest.raises(IllegalAction, match=r"D-Day 9.4: .* at T34, which is neither an invasion hex nor a port"):
        s.apply("sail US-1-ID")
    assert "sail US-2-ID" in labels(s.legal_actions())
    m = s.board.m
    german = next(m.label(n) for n in m.nbrs[m.index["TT32"]] if (s.board.land >> n) & 1)
    put(s, "DE-352-ID", german)
    assert s.in_zoc("TT32", "german")
    with pytest.raises(IllegalAction, match=r"D-Day 9.4: the port TT32 is in German ZOC"):
        s.apply("sail US-2-ID")
