"""The data files: counter manifest, Table 8 (what survives + the constraints on the reconstruction), Tables 4-7, 9."""

from __future__ import annotations

import pytest

from westfront.games.dday_3rd.data import tables, units, with_crt_rows
from westfront.games.dday_3rd.view import two_roll_best

ORDER = ("AE", "AR", "EX", "DR", "DE")


def col(name: str) -> list[str]:
    crt = tables().crt
    i = crt.columns.index(name)
    return [crt.rows[r][i] for r in range(1, 7)]


def test_counter_manifest_sizes():
    # D-Day §2: 101 Allied and 73 German ground units
    us = units()
    assert sum(1 for d in us.values() if d.side == "allied") == 101
    assert sum(1 for d in us.values() if d.side == "german") == 73


def test_values_printed_in_the_text():
    # D-Day §5.2: the seven marked units and their printed factors
    us = units()
    printed = {"SS-9-AD": (6, 6, 4), "SS-49-MBD": (3, 3, 4), "SS-51-MBD": (3, 3, 4), "DE-3-MD": (5, 5, 4),
               "DE-15-MD": (5, 5, 4), "DE-25-MD": (5, 5, 4), "DE-106-ABD": (2, 2, 4)}
    for uid, (af, df, mf) in printed.items():
        d = us[uid]
        assert (d.af, d.df, d.mf) == (af, df, mf) and d.marked
    assert sum(1 for d in us.values() if d.marked) == 7
    # Figure 12: FR 2 ID AF 4, FR 2 AD and FR 5 AD AF 5, DE 85 ID DF 5; Figure 13: CA 2 ID DF 4
    assert us["FR-2-ID"].af == 4 and us["FR-2-AD"].af == 5 and us["FR-5-AD"].af == 5 and us["DE-85-ID"].df == 5
    assert us["CA-2-ID"].df == 4
    # Figure 13: the four attackers of Vichy total 24 AF
    assert sum(us[u].af for u in ("DE-2-AD", "DE-15-MD", "SS-2-AD", "SS-12-AD")) == 24
    # Figure 10: US 3 AD + US 4 AD = 10 AF; DE 3 ABID + DE 2 ABREGT = 6 DF; DE 343 ST DF 2; airborne AF 3
    assert us["US-3-AD"].af + us["US-4-AD"].af == 10
    assert us["DE-3-ABID"].df + us["DE-2-ABREGT"].df == 6 and us["DE-343-STD"].df == 2 and us["US-101-ABID"].af == 3
    # Figure 7: DE 271 ID DF 3, three attackers 12 AF
    assert us["DE-271-ID"].df == 3 and us["US-101-ABID"].af + us["US-1-ID"].af + us["US-14-AD"].af == 12


def test_every_counter_says_where_its_values_come_from():
    # D-Day §2.2: reconstructed values say so
    for d in units().values():
        assert d.source and ("reconstructed" in d.source or "Figure" in d.source or "§" in d.source), d.id


def test_paris_free_french_are_one_armoured_and_four_infantry():
    # D-Day §9.3.3: one armoured and four infantry divisions
    paris = [d for d in units().values() if d.paris]
    assert sorted(d.type for d in paris) == ["A", "I", "I", "I", "I"]
    assert all(d.arrival == 28 for d in paris)


def test_crt_printed_cells():
    # D-Day §10.4: Table 8 row 1 as printed, row 2 begins AE AE
    crt = tables().crt
    assert crt.columns == ("1:7", "1:6", "1:5", "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1")
    assert crt.rows[1] == ("AE",) * 8 + ("EX", "EX", "DR", "DR", "DE")
    assert crt.rows[2][:2] == ("AE", "AE")
    assert tables().crt_printed[2] == (True, True)


def test_crt_reconstruction_meets_every_constraint_of_the_text():
    # D-Day §10.3: 1:7 is an automatic defeat (all AE)
    assert col("1:7") == ["AE"] * 6
    # D-Day §10.4: at 7:1 the only outcome is DE
    assert col("7:1") == ["DE"] * 6
    # D-Day §10.1.2: at 1:1 roll 1 is AE and roll 5 is DR
    assert col("1:1")[0] == "AE" and col("1:1")[4] == "DR"
    # D-Day §10.4.1 (Figure 12): 1:1 can give an exchange
    assert "EX" in col("1:1")
    # D-Day §10.1.2 (Figure 9): exactly one DR face at 1:2
    assert col("1:2").count("DR") == 1
    # D-Day §10.4.2 (Figure 13): 3:1 can give DR
    assert "DR" in col("3:1")
    # D-Day §10.2 (Figure 10): DE likely at 5:1
    assert col("5:1").count("DE") >= 4
    # D-Day §10.4: AR occurs somewhere
    assert any("AR" in row for row in tables().crt.rows.values())


def test_crt_is_monotone_in_roll_and_odds():
    # D-Day §10.4: the design assumption of the reconstruction (README): never worse with a higher roll or better odds
    crt = tables().crt
    for r in range(1, 7):
        row = [ORDER.index(x) for x in crt.rows[r]]
        assert row == sorted(row), r
    for name in crt.columns:
        c = [ORDER.index(x) for x in col(name)]
        assert c == sorted(c), name


def test_a_printed_table_can_be_swapped_in():
    # D-Day §10.4: a player with the printed Table 8 replaces the reconstructed rows
    rows = {r: ("AE",) * 13 for r in range(1, 7)}
    crt = with_crt_rows(rows)
    assert crt.result("3:1", 4) == "AE" and crt.columns == tables().crt.columns


@pytest.mark.parametrize(("af", "df", "odds"), [(2, 11, "1:6"), (1, 4, "1:4"), (3, 5, "1:2"), (6, 5, "1:1"),
                                                (11, 4, "2:1"), (16, 4, "4:1"), (14, 2, "7:1"), (21, 2, "7:1"),
                                                (13, 2, "6:1")])
def test_table_9_odds(af, df, odds):
    # D-Day §10.2 (Table 9): odds rounded down to a column; above 6:1 is 7:1; 13:2 rounds down to 6:1 (reading 5)
    assert tables().crt.odds(af, df) == odds


def test_odds_worse_than_1_to_6():
    # D-Day §10.3: 1:7 or worse is an automatic defeat (column index 0 or below)
    assert tables().crt.column_index(1, 7) == 0 and tables().crt.column_index(1, 8) == -1


def test_carpet_bombing_two_rolls_at_1_to_2():
    # D-Day §10.1.2 (Figure 9): one DR face in six becomes one chance in three (exactly 11/36)
    assert tables().crt.distribution("1:2")["DR"] == pytest.approx(1 / 6)
    assert two_roll_best("1:2")["DR"] == pytest.approx(11 / 36)


def test_table_4_supply_ranges():
    # D-Day §6.2 (Table 4): 3/2/1 HQs 24/16/8, invasion 8, other 0
    t = tables().supply_range
    assert (t["hq3"], t["hq2"], t["hq1"], t["invasion"], t["other"]) == (24, 16, 8, 8, 0)


def test_table_5_printed_rows_and_reconstructions():
    # D-Day §7 (Table 5): North Sea printed; Pas de Calais 2 A, 7 I, 3 drops (the §7 example)
    sec = tables().sectors
    assert (sec["north_sea"].week1, sec["north_sea"].week2, sec["north_sea"].later) == ((0, 6, 3), (2, 4, 1), 9)
    assert sec["pas_de_calais"].week1 == (2, 7, 3) and sec["pas_de_calais"].week2 == (4, 5, 0)
    assert not sec["north_sea"].reconstructed and sec["normandy"].reconstructed
    # D-Day §7 (Figure 4, §A.5): Normandy takes 6+ infantry by sea and 3 airborne drops
    assert sec["normandy"].week1[1] >= 6 and sec["normandy"].week1[2] >= 3
    # D-Day §8 (Figure 5): the Bay of Biscay allows one airborne drop, at least 3 infantry
    assert sec["bay_of_biscay"].week1[2] == 1 and sec["bay_of_biscay"].week1[1] >= 3
    assert "wadden_sea" not in sec


def test_tables_6_and_7():
    # D-Day §9.2 (Table 6): Allies from week 9, 1 RP per installation; Germany from week 16, 5 RP
    r = tables().replacements
    assert (r["allied_from_week"], r["allied_per_installation"], r["german_from_week"], r["german_per_week"]) == (9, 1, 16, 5)
    # D-Day §9.3.1 (Table 7): at most 12 by sea and 3 by air a week
    assert tables().caps == {"sea": 12, "air": 3}
    # D-Day §8: at most three drops, at most 5 hexes away
    assert tables().airborne == {"max_drops": 3, "max_distance": 5}
