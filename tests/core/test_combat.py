"""Combat kits: odds tables, dice pools, aimed fire."""

import random

import pytest

from westfront.core.combat import dice_pool, fire
from westfront.core.combat.odds_crt import Modifier, OddsTable
from westfront.core.rng import Rng, seed_state

DDAY_COLUMNS = ("1:7", "1:6", "1:5", "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1")
DDAY = OddsTable(DDAY_COLUMNS, {d: ("x",) * 13 for d in range(1, 7)})


@pytest.mark.parametrize("att,dfn,odds", [
    (2, 11, "1:6"), (1, 4, "1:4"), (3, 5, "1:2"), (6, 5, "1:1"), (11, 4, "2:1"), (16, 4, "4:1"),
    (14, 2, "7:1"), (21, 2, "7:1"),
])
def test_dday_table_9(att, dfn, odds):
    # D-Day §10.2, Table 9: ratios are rounded down to a printed column; beyond 6:1 is 7:1
    assert DDAY.odds(att, dfn) == odds


def test_dday_figure_examples():
    # D-Day §10.2: Fig. 7 12 vs 3 is 4:1; Fig. 10 3 vs 6 is 1:2, 10 vs 2 is 5:1, 6 vs 13 is 1:3
    assert DDAY.odds(12, 3) == "4:1"
    assert DDAY.odds(3, 6) == "1:2" and DDAY.odds(10, 2) == "5:1" and DDAY.odds(6, 13) == "1:3"


def test_below_the_first_column():
    # D-Day §10.3: odds worse than the table (1:8) are below it
    assert DDAY.column_index(1, 8) == -1 and DDAY.odds(1, 8) is None


def test_onslaught_14_to_4_is_3_to_1_and_clamps():
    # onslaught 7.0: 4 + 4 + 6 = 14 against 4 is 3:1; onslaught 7.1: modified rolls clamp to 0..6
    t = OddsTable(("1:2", "1:1", "2:1", "3:1", "4:1"), {d: (f"r{d}",) * 5 for d in range(0, 7)})
    assert t.odds(4 + 4 + 6, 4) == "3:1"
    assert t.result("3:1", -3) == "r0" and t.result("3:1", 9) == "r6"


def test_column_shift_and_distribution():
    t = OddsTable(("1:1", "2:1", "3:1"), {1: ("A", "B", "C"), 2: ("A", "B", "C"), 3: ("D", "E", "F"),
                                          4: ("D", "E", "F"), 5: ("D", "E", "F"), 6: ("D", "E", "F")})
    assert t.odds(2, 1, shift=1) == "3:1" and t.odds(2, 1, shift=-5) == "1:1"
    dist = t.distribution("2:1", modifier=-1)
    assert dist["B"] == pytest.approx(3 / 6) and dist["E"] == pytest.approx(3 / 6)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        OddsTable(("2:1", "1:1"), {1: ("a", "b")})
    with pytest.raises(ValueError):
        OddsTable(("1:1",), {1: ("a", "b")})


def test_1944_corps_into_forest_across_river_rolls_zero_dice_but_joins():
    # 1944 2.0: a 2-die corps attacking a forest hex across a river rolls 2 - 1 - 1 = 0 dice,
    # but may still join the attack to absorb hits
    corps = dice_pool.PoolEntry("corps", 2, (Modifier(-1, "forest"), Modifier(-1, "river")))
    army = dice_pool.PoolEntry("army", 3, (Modifier(-1, "forest"), Modifier(-1, "river")))
    naval = dice_pool.PoolEntry("naval", 1, support=True)
    assert corps.dice == 0
    assert dice_pool.pool_size([corps, army, naval]) == 2
    assert dice_pool.PoolEntry("x", 1, (Modifier(-3, "a lot"),)).dice == 0  # never negative


def test_1944_symbol_scoring():
    # 1944 12.0/12.1: aircraft and panzer symbols hit panzer units (else infantry); infantry symbols
    # hit infantry only; in overcast weather aircraft miss
    F = dice_pool
    faces = [F.AIRCRAFT, F.PANZER, F.INFANTRY, F.BLANK]
    r = F.score(faces, target_has_panzer=True, target_has_infantry=True, air_counts=True)
    assert (r.hits_on_panzer, r.hits_on_infantry, r.misses) == (2, 1, 1)
    r = F.score(faces, target_has_panzer=False, target_has_infantry=True, air_counts=False)
    assert (r.hits_on_panzer, r.hits_on_infantry, r.misses) == (0, 2, 2)
    r = F.score(faces, target_has_panzer=True, target_has_infantry=False, air_counts=True)
    assert (r.hits_on_panzer, r.hits_on_infantry, r.misses) == (2, 0, 2)


def test_1944_invasion_failure_odds():
    # 1944 6.2: four dice against an infantry coast unit fail 1/16 of the time; both landings ~0.4%
    p = dice_pool.hit_probability(target_has_panzer=False, target_has_infantry=True, air_counts=True)
    assert p == pytest.approx(0.5)
    fail = dice_pool.hits_distribution(4, p)[0]
    assert fail == pytest.approx(1 / 16)
    assert fail**2 == pytest.approx(0.0039, abs=1e-4)
    assert fail > 0.05 and fail**2 < 0.01  # "just over 5 percent", "less than 1 percent"


def test_dice_faces_are_uniform():
    rng = Rng({"rng": seed_state(11)})
    faces = dice_pool.roll_faces(rng, 60000)
    for f in (dice_pool.AIRCRAFT, dice_pool.PANZER, dice_pool.INFANTRY):
        assert faces.count(f) / 60000 == pytest.approx(1 / 6, abs=0.01)
    assert faces.count(dice_pool.BLANK) / 60000 == pytest.approx(0.5, abs=0.01)


def test_sfn_combat_example_fire_values():
    # SFN 14.3 combat example, SFN 13.2/14.2: values, modifiers and which rolls hit
    city = [Modifier(-1, "city")]
    armour_city = [Modifier(-2, "armour into city")]
    assert fire.fire_value(5, city) == 4 and not fire.hits(7, 4)          # artillery misses with 7
    assert fire.hits(4, fire.fire_value(6, []))                           # 9th SS: defensive fire unmodified
    assert not fire.hits(5, fire.fire_value(3, []))                       # 276th needs 3, rolls 5
    g = fire.fire_value(4, armour_city)
    assert g == 2 and fire.shots(2) == 2                                  # Guards: two shots needing 1-2
    assert fire.hits(1, fire.fire_value(3, city))                         # 51st hits with a 1
    assert fire.hits(3, fire.fire_value(4, city))                         # 51st anti-infantry 4-1: a 3 hits
    assert not fire.hits(4, fire.fire_value(4, city))                     # reduced 2nd Cdn misses with 4
    assert fire.apply_step_loss(2) == 1 and fire.apply_step_loss(1) == 0  # SFN 2.12


def test_sfn_zero_value_cannot_hit():
    # SFN 14.1: a value modified to zero or less cannot hit anything
    assert not fire.hits(1, 0) and not fire.hits(1, -2)
    assert fire.hit_chance(0) == 0 and fire.hit_chance(4) == pytest.approx(0.4) and fire.hit_chance(12) == 1


def test_sfn_artillery_targeting():
    # SFN 13.5: artillery may be targeted only when no non-artillery target remains
    assert fire.legal_targets([("inf", False), ("art", True)]) == ["inf"]
    assert fire.legal_targets([("art", True)]) == ["art"]


def test_rng_is_deterministic_and_unbiased():
    a, b = Rng({"rng": seed_state(5)}), Rng({"rng": seed_state(5)})
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    rolls = [a.d10() for _ in range(50000)]
    assert set(rolls) == set(range(1, 11))
    for v in range(1, 11):
        assert rolls.count(v) / 50000 == pytest.approx(0.1, abs=0.01)
    c = Rng({"rng": seed_state(6)})
    assert [c.die() for _ in range(20)] != [Rng({"rng": seed_state(5)}).die() for _ in range(20)]
    seq = list(range(10))
    c.shuffle(seq)
    assert sorted(seq) == list(range(10))
    random.seed(0)
