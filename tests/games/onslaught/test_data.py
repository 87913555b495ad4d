"""Data: counters, the order of battle, the reconstructed Combat Table and the set-up."""

from __future__ import annotations

import collections
import csv
import tomllib

import pytest

import westfront
from westfront.core.combat.odds_crt import OddsTable
from westfront.games.onslaught.board import board
from westfront.games.onslaught.data import CRT, DATA, RESULT_ORDER, TYPES, UNITS, replacement_points, victory_level
from westfront.games.onslaught.setup import landing_hexes, setup_hexes
from westfront.testing.kit import legal, play

from .helpers import new


def test_counter_values_follow_the_rules_examples():
    # onslaught 7.0 (infantry 4, armour 6)
    # onslaught 8.4 diagram (4-4, 6-5, 8-5, 3-3)
    assert (TYPES["allied.inf"].full, TYPES["allied.arm"].full) == (4, 6)
    assert (TYPES["german.inf"].full, TYPES["german.inf"].mp) == (4, 4)
    assert (TYPES["german.pz"].full, TYPES["german.pz"].mp) == (6, 5)
    assert (TYPES["german.sspz"].full, TYPES["german.sspz"].mp) == (8, 5)
    assert (TYPES["german.vg"].full, TYPES["german.vg"].mp) == (3, 3)
    # onslaught 2.3: every counter has a depleted back side, weaker than its front
    for t in TYPES.values():
        assert 0 < t.depleted < t.full


def test_every_row_of_the_order_of_battle_says_where_it_comes_from():
    # onslaught 10.0: the reinforcement schedules are reconstructed; every row carries its source
    lines = [ln for ln in (DATA / "units.csv").read_text().splitlines() if not ln.startswith("#")]
    rows = list(csv.DictReader(lines))
    assert len(rows) == len(UNITS) > 150
    for r in rows:
        assert r["source"].strip(), r["id"]
        assert 0 <= int(r["turn"]) <= 20
    nations = {u.nation for u in UNITS.values()}
    assert {"british", "canadian", "us", "french", "polish", "wehrmacht", "ss", "volksgrenadier"} <= nations


def test_reinforcement_schedule_shape():
    # onslaught 4.1: the German player gets no reinforcements on turn 1; the Allies do
    german_t1 = [u for u in UNITS.values() if u.side == "german" and u.turn == 1]
    allied_t1 = [u for u in UNITS.values() if u.side == "allied" and u.turn == 1]
    assert not german_t1 and allied_t1
    # onslaught 10.1: only German divisions enter from area A; both sides use area B
    assert all(u.side == "german" for u in UNITS.values() if u.entry == "A")
    assert {u.side for u in UNITS.values() if u.entry == "B"} == {"allied", "german"}
    # onslaught 14.2: the French recruits marked with an asterisk are French
    assert all(u.nation == "french" for u in UNITS.values() if u.entry == "asterisk")
    # onslaught 9.1: paratroop reinforcements go to the Paratroop box
    assert all(u.kind == "para" for u in UNITS.values() if u.entry == "para")


def test_tables_file_marks_every_reconstruction():
    raw = tomllib.loads((DATA / "tables.toml").read_text())
    for name, section in raw.items():
        if name == "types":
            for t in section.values():
                assert "source" in t or "reconstructed" in t
        else:
            assert "source" in section or "reconstructed" in section, name


# ----- the reconstructed Combat Table -------------------------------------------------
def test_crt_known_facts():
    # onslaught 7.0: one die; rows clamp to 0..6; the worked example 14 vs 4 is 3:1 and a 4 gives DH
    assert (CRT.die_min, CRT.die_max) == (0, 6)
    assert CRT.odds(14, 4) == "3:1"
    assert CRT.result("3:1", 4) == "DH"
    # onslaught 7.2: exactly the seven results of the rulebook
    assert {r for row in CRT.rows.values() for r in row} == set(RESULT_ORDER)
    # onslaught 7.0: ratios are rounded down to a printed column
    assert CRT.odds(11, 4) == "2:1" and CRT.odds(5, 4) == "1:1" and CRT.odds(7, 16) == "1:3"


def test_crt_is_monotone():
    # onslaught 7.1: raising the roll helps the attacker, so no cell may be worse than the one below it;
    # better odds never give a worse result either
    rank = {r: i for i, r in enumerate(RESULT_ORDER)}
    cols = len(CRT.columns)
    for die in range(0, 7):
        for c in range(cols):
            here = rank[CRT.rows[die][c]]
            if die < 6:
                assert rank[CRT.rows[die + 1][c]] >= here, (die, CRT.columns[c])
            if c < cols - 1:
                assert rank[CRT.rows[die][c + 1]] >= here, (die, CRT.columns[c])


def success(column: str, modifier: int = 0) -> float:
    dist = CRT.distribution(column, modifier)
    return sum(p for r, p in dist.items() if r in ("DR", "HH", "DH", "DE"))


def test_crt_tempo():
    # onslaught 7.0 calibration targets of the reconstruction (see README): an Allied 3:1 attack usually
    # succeeds, even into bocage (onslaught 7.1: -1); 1:1 is a gamble; below 1:2 is desperate
    assert success("3:1") == pytest.approx(5 / 6)
    assert success("3:1", -1) == pytest.approx(4 / 6)
    assert 0.3 <= success("1:1") <= 0.55
    bad = CRT.distribution("1:3")
    assert bad.get("AE", 0) + bad.get("AH", 0) >= 4 / 6
    assert CRT.below == "AE" and CRT.odds(1, 4) is None


def test_fast_lookups_agree_with_the_table():
    # onslaught 7.0: the memoised lookups used by play and the AI give the table's own answers
    from westfront.games.onslaught.data import distribution, odds

    for a in range(0, 40):
        for d in range(1, 20):
            assert odds(a, d) == CRT.odds(a, d), (a, d)
    for col in CRT.columns:
        for mod in range(-5, 3):
            assert distribution(col, mod) == CRT.distribution(col, mod)


def test_printed_table_can_be_swapped_in():
    # onslaught 7.0: the table is data; a printed one with other columns loads the same way
    t = OddsTable.from_data({"columns": ["1:2", "1:1", "2:1"], "rows": {str(d): ["AE", "-", "DE"] for d in range(7)}})
    assert t.result("2:1", 9) == "DE"


def test_replacement_points_and_levels():
    # onslaught 11.1: 2 German, 4 Allied, +1 for every three eliminated (11 eliminated -> +3)
    assert replacement_points("german", 0) == 2 and replacement_points("allied", 0) == 4
    assert replacement_points("allied", 11) == 7 and replacement_points("german", 11) == 5
    assert replacement_points("german", 2) == 2
    # onslaught 13.3: 1-12 marginal, 13-29 decisive, 30+ strategic
    assert [victory_level(n) for n in (1, 12, 13, 29, 30, 55)] == [
        "marginal", "marginal", "decisive", "decisive", "strategic", "strategic"]


# ----- set-up -----------------------------------------------------------------------------
def test_setup_landing_hexes():
    # onslaught 3.0: two Allied infantry divisions in each of the three landing hexes:
    # one Canadian, two American and three British
    lands = landing_hexes()
    assert len(set(lands)) == 3
    where = setup_hexes()
    per_hex = collections.defaultdict(list)
    for uid, h in where.items():
        if h in lands:
            per_hex[h].append(uid)
    assert sorted(len(v) for v in per_hex.values()) == [2, 2, 2]
    nats = collections.Counter(UNITS[u].nation for v in per_hex.values() for u in v)
    assert nats == {"canadian": 1, "us": 2, "british": 3}
    assert all(UNITS[u].kind == "inf" for v in per_hex.values() for u in v)


def test_setup_paratroops_and_german_hexes():
    # onslaught 3.0: three paratroop set-up hexes, two American and one British; one division per other hex
    where = setup_hexes()
    paras = [u for u in where if UNITS[u].side == "allied" and UNITS[u].kind == "para"]
    assert collections.Counter(UNITS[u].nation for u in paras) == {"us": 2, "british": 1}
    assert len({where[u] for u in paras}) == 3
    occupants = collections.defaultdict(set)
    for uid, h in where.items():
        occupants[h].add(UNITS[uid].side)
    assert all(len(sides) == 1 for sides in occupants.values())  # the sides never share a hex
    counts = collections.Counter(where.values())
    assert max(counts.values()) <= 3  # onslaught 6.3
    b = board()
    assert all((b.land >> h) & 1 for h in where.values())


def test_scale_and_turn_calendar():
    # onslaught 1.0: 20 turns of about 15 days each, from the invasion to the Rhine crossings
    from westfront.games.onslaught.data import turn_dates, turn_label

    assert turn_label(1) == "Turn 1 (6 Jun – 20 Jun 1944)"
    first, _ = turn_dates(1)
    _, last = turn_dates(20)
    assert (last - first).days + 1 == 20 * 15 and last.year == 1945 and last.month in (3, 4)
    # onslaught 1.0: each hex is 11 miles across
    assert board().m.spec.grid.hex_km == pytest.approx(17.7, abs=0.1)


def test_starting_supply_and_turn():
    # onslaught 3.0: Allied supply and income markers on 12, German supply on 8, turn 1
    s = new()
    assert s.g["supply_points"] == {"allied": 12, "german": 8} and s.g["income"] == 12 and s.turn == 1
    # onslaught 5.0: the Allied player takes the first action
    assert s.current_player() == "allied"
    v = s.view("german")
    assert v["budgets"]["allied"]["supply"] == 12 and v["turn_label"].startswith("Turn 1 (6 Jun")


def test_every_fortified_hexside_borders_a_fortification():
    # onslaught 7.5: a fortified hexside doubles the defence of a German stack in a fortification hex; a
    # fortified hexside with no fortification hex on either side (the West Wall route straying into the
    # Netherlands, Luxembourg or Lorraine: 4116|4217, 4921|4922…) could never double anything
    b = board()
    lonely = [(b.m.label(x), b.m.label(y)) for x, y in b.fortified_sides
              if not ((b.fortification >> x) & 1 or (b.fortification >> y) & 1)]
    assert not lonely
    assert len(b.fortified_sides) >= 2 * 50  # the West Wall (both directions) and the fortified ports


def test_allied_grouping_is_the_first_decision():
    # onslaught 3.0: two infantry divisions in each landing hex, grouped however the Allied player wants:
    # the first decision offers the historical grouping (the default) or a regrouping, two per hex
    s = westfront.load("onslaught", seed=0)
    assert s.current_player() == "allied" and legal(s) == ["historical", "regroup"]
    before = {u: s.unit(u)["hex"] for u in s.on_map("allied")}
    play(s, "regroup")
    lands = [s.map.label(h) for h in s.board.landing_zone]
    six = [a.split()[1] for a in legal(s)]
    assert len(six) == 6 and all(before[u] in lands for u in six)
    order = ["br-3", "ca-3", "us-1", "br-50", "us-4", "br-51"]  # Canadians and British west, Americans east
    for u in order:
        play(s, f"assign {u}")
    assert s.frame()["step"] == "action"
    for i, u in enumerate(order):
        assert s.unit(u)["hex"] == lands[i // 2]
    assert all(len([u for u in order if s.unit(u)["hex"] == h]) == 2 for h in lands)
    h = westfront.load("onslaught", seed=0)
    play(h, "historical")
    assert {u: h.unit(u)["hex"] for u in h.on_map("allied")} == before  # the default keeps units.csv's


def test_german_set_up_uses_every_type_the_rule_names():
    # onslaught 3.0: German set-up hexes hold paratroop, infantry, volksgrenadier, panzer and SS divisions;
    # the static coast divisions of 6 June 1944 set up on volksgrenadier counters (none did before)
    at_setup = {u.kind for u in UNITS.values() if u.side == "german" and u.turn == 0}
    assert at_setup == {"para", "inf", "vg", "pz", "sspz"}
    for uid in ("de-709", "de-716", "de-711"):  # the static divisions on the invasion coast
        assert UNITS[uid].kind == "vg" and "static" in UNITS[uid].source
    assert UNITS["de-352"].kind == "inf"  # a field division
