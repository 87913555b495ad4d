"""Combat (§10): obligations, odds, automatic defeat, results, exchanges, retreats, advances — the figures."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import combat as C
from westfront.testing.dice import forced_dice

from .helpers import empty, labels, put, start


def odds(s, targets, attackers, air=None):
    return C.odds_text(s, {"targets": targets, "attackers": attackers, "air": air})


def test_figure_4_odds_and_obligations():
    # D-Day §10.2 (Figure 4): 3+1 against 2x2 is 1:1 with close air support, 1:2 without (the Orne at T32|T33)
    s = empty()
    put(s, "BR-6-ABID", "T33")
    put(s, "DE-711-STD", "T32")
    assert odds(s, ["T32"], ["BR-6-ABID"], "fighter") == "1:1"
    assert odds(s, ["T32"], ["BR-6-ABID"]) == "1:2"
    # D-Day §10.1.1 (Figure 4): at S35 close air support brings one airborne division to 2:1
    put(s, "US-101-ABID", "T35")
    put(s, "US-82-ABID", "T35")
    put(s, "DE-243-STD", "S35")
    put(s, "DE-2-ABREGT", "S34")
    assert odds(s, ["S35"], ["US-101-ABID"], "fighter") == "2:1"
    assert odds(s, ["S35"], ["US-101-ABID"]) == "1:1"
    # D-Day §4.1 (Figure 4): US 4 ID and US 9 ID at Utah neither can nor need attack S34; nobody need attack Le Havre
    put(s, "US-4-ID", "R34")
    put(s, "US-9-ID", "R34")
    put(s, "CA-3-ID", "S32")
    put(s, "BR-3-ID", "S32")
    put(s, "DE-346-STD", "R30")
    must = set(C.must_attack(s, "allied"))
    assert {"US-101-ABID", "US-82-ABID"} <= must
    assert not must & {"US-4-ID", "US-9-ID", "CA-3-ID", "BR-3-ID"}
    targets = C.must_be_attacked(s, "allied")
    assert "S34" in targets and "S35" in targets and "R30" not in targets


def test_figure_7_surrounded_unit_cannot_retreat():
    # D-Day §10.4.2 (Figure 7): 12 to 3 is 4:1; with US 14 AD at W35 DE 271 ID has no retreat; from X36 it would
    s = empty()
    put(s, "DE-271-ID", "X35")
    put(s, "US-101-ABID", "Y35")
    put(s, "US-1-ID", "Y36")
    put(s, "US-14-AD", "W35")
    assert odds(s, ["X35"], ["US-101-ABID", "US-1-ID", "US-14-AD"]) == "4:1"
    assert C.retreat_ends(s, "DE-271-ID", set()) == []
    put(s, "US-14-AD", "X36")
    ends = C.retreat_ends(s, "DE-271-ID", set())
    m = s.board.m
    assert ends and all(m.distance(m.index["W34"], m.index[h]) == 1 for h in ends)


def test_figure_10_soak_off_odds():
    # D-Day §10.2 (Figure 10): 3 to 6 is 1:2; 10 to 2 is 5:1; the counter-attack 6 to 13 is 1:3
    s = empty()
    put(s, "US-101-ABID", "V33")
    put(s, "DE-3-ABID", "W33")
    put(s, "DE-2-ABREGT", "W34")
    assert odds(s, ["W33", "W34"], ["US-101-ABID"]) == "1:2"
    put(s, "US-3-AD", "V34")
    put(s, "US-4-AD", "V34")
    put(s, "DE-343-STD", "W35")
    assert odds(s, ["W35"], ["US-3-AD", "US-4-AD"]) == "5:1"
    s2 = empty()
    put(s2, "US-101-ABID", "V33")
    put(s2, "US-3-AD", "V34")
    put(s2, "US-4-AD", "V34")
    put(s2, "DE-3-ABID", "W34")
    put(s2, "DE-2-ABREGT", "W34")
    assert odds(s2, ["V33", "V34"], ["DE-3-ABID", "DE-2-ABREGT"]) == "1:3"


def test_figure_11_automatic_defeat():
    # D-Day §10.3 (Figure 11): DE 46 ST must attack US 4 ID and US 9 AD at 1:8 and is eliminated before any combat;
    # DE 77 ID then attacks US 8 ID only
    s = empty()
    put(s, "US-4-ID", "W34")
    put(s, "US-9-AD", "W34")
    put(s, "DE-46-STD", "W35")
    put(s, "US-8-ID", "Y37")
    put(s, "DE-77-ID", "Y38")
    start(s, "combat", side="german")
    assert labels(s.legal_actions())[-1] == "done"
    with forced_dice(s, 6):
        events = s.apply("done")
    kinds = [e["type"] for e in events]
    assert "automatic_defeat" in kinds
    assert s.unit("DE-46-STD")["box"] == "eliminated"
    fights = [e for e in events if e["type"] == "combat"]
    assert len(fights) == 1 and fights[0]["odds"] == "1:2"


def test_figure_12_exchange_and_advance():
    # D-Day §10.4.1 (Figure 12): 4+5+5 = 14 against 2x5 = 10 is 1:1; EX: the German unit is lost, the Allies lose
    # the two armoured divisions (10 factors); the infantry may advance into Lille (doubled in town, §10.4.3)
    s = empty()
    put(s, "DE-85-ID", "N21")
    put(s, "FR-2-ID", "M21")
    put(s, "FR-2-AD", "N22")
    put(s, "FR-5-AD", "O22")
    start(s, "combat", side="allied")
    for a in ("attack N21", "add FR-2-ID", "add FR-2-AD", "add FR-5-AD"):
        s.apply(a)
    assert s.preview("declare")["odds"] == "1:1"
    s.apply("declare")
    with forced_dice(s, 3):  # 1:1 row 3 is EX in the reconstructed table
        s.apply("done")
    assert s.unit("DE-85-ID")["box"] == "eliminated"
    assert s.frame()["step"] == "exchange" and s.current_player() == "allied"
    s.apply("lose FR-2-AD")
    s.apply("lose FR-5-AD")
    assert s.unit("FR-2-ID")["hex"] == "M21"
    assert "advance FR-2-ID N21" in labels(s.legal_actions())
    s.apply("advance FR-2-ID N21")
    assert s.unit("FR-2-ID")["hex"] == "N21"


def test_exchange_ties_lose_everything():
    # D-Day §10.4.1: the lower total loses all (a tie: both, reading 9)
    assert C.exchange_loser(10, 10)[0] == "both"
    assert C.exchange_loser(9, 10)[0] == "attacker"
    assert C.exchange_loser(14, 10)[0] == "defender"


def test_figure_13_retreat_and_advance_into_vichy():
    # D-Day §10.4.2 (Figure 13): 24 to 8 is 3:1; DR; CA 2 ID cannot go through HH31/HH29 (German ZOC), II31
    # (impassable) or end in II29 (stacking): it ends at JJ30 (JJ31 is also open on this map)
    s = empty()
    put(s, "CA-2-ID", "HH30")
    put(s, "US-1-ID", "II29")
    put(s, "US-2-ID", "II29")
    for u in ("DE-2-AD", "DE-15-MD", "SS-2-AD"):
        put(s, u, "GG30")
    put(s, "SS-12-AD", "GG29")
    start(s, "combat", side="german")
    for a in ("attack HH30", "add DE-2-AD", "add DE-15-MD", "add SS-2-AD", "add SS-12-AD"):
        s.apply(a)
    assert s.preview("declare")["odds"] == "3:1"
    s.apply("declare")
    with forced_dice(s, 2):  # 3:1 row 2 is DR
        s.apply("done")
    acts = labels(s.legal_actions())
    assert "retreat CA-2-ID JJ30" in acts and "retreat CA-2-ID II29" not in acts
    assert not any(h in a for a in acts for h in ("HH31", "HH29", "II31"))
    s.apply("retreat CA-2-ID JJ30")
    # D-Day §10.4.3 (Figure 13): the German player may advance three units into Vichy (a town)
    acts = labels(s.legal_actions())
    assert {"advance DE-2-AD HH30", "advance SS-12-AD HH30"} <= set(acts)
    s.apply("advance DE-2-AD HH30")
    s.apply("advance SS-2-AD HH30")
    s.apply("advance SS-12-AD HH30")
    assert len(s.at("HH30")) == 3


def test_no_advance_into_clear_terrain():
    # D-Day §10.4.3: no advance after combat unless the defender was doubled or tripled (or the attack came from sea)
    s = empty()
    put(s, "DE-271-ID", "X35")
    put(s, "US-101-ABID", "Y35")
    put(s, "US-1-ID", "Y36")
    put(s, "US-14-AD", "W35")
    start(s, "combat", side="allied")
    s.apply("done")  # the plan completes itself: all three attack X35
    assert s.frame() is None or s.frame()["step"] != "advance"


def test_seven_to_one_needs_no_roll():
    # D-Day §10.4: at 7:1 the only outcome is DE and no die is rolled
    s = empty()
    put(s, "DE-343-STD", "W35")
    put(s, "US-3-AD", "V34")
    put(s, "US-4-AD", "V34")
    put(s, "US-2-AD", "W34")
    put(s, "US-1-ID", "W34")
    start(s, "combat", side="allied")
    events = s.apply("done")
    assert not [e for e in events if e["type"] == "roll"]
    assert s.unit("DE-343-STD")["box"] == "eliminated"


def test_carpet_bombing_rolls_twice_and_the_allies_choose():
    # D-Day §10.1.2: with a bomber the die is rolled twice; at 1:1 rolls 1 (AE) and 5 (DR) give the choice
    s = empty(week=3)
    put(s, "DE-85-ID", "M19")
    put(s, "US-1-ID", "M18")
    put(s, "US-2-ID", "L18")
    s.g["attacked_last"] = ["M19"]
    start(s, "combat", side="allied")
    s.apply("attack M19")
    s.apply("add US-1-ID")
    s.apply("add US-2-ID")
    assert "air bomber" in labels(s.legal_actions())
    s.apply("air bomber")
    s.apply("declare")
    assert s.g["bombers"] == 3 and s.g["cb_used"]
    with forced_dice(s, 1, 5):
        s.apply("done")
    assert s.frame()["step"] == "choice" and sorted(labels(s.legal_actions())) == ["AE", "DR"]
    s.apply("DR")
    assert s.frame()["step"] == "retreat"


def test_carpet_bombing_needs_a_hex_attacked_last_week():
    # D-Day §10.1.2: the hex must have been attacked by Allied ground units the week before
    s = empty(week=3)
    put(s, "DE-85-ID", "M19")
    put(s, "US-1-ID", "M18")
    start(s, "combat", side="allied")
    s.apply("attack M19")
    s.apply("add US-1-ID")
    assert "air bomber" not in labels(s.legal_actions())
    assert "air fighter" in labels(s.legal_actions())


def test_close_air_defence_adds_one_undoubled():
    # D-Day §11.1: +1 DF to the Allied hex, not doubled or tripled by terrain
    s = empty()
    put(s, "CA-2-ID", "HH30")
    put(s, "SS-12-AD", "GG30")
    c = {"targets": ["HH30"], "attackers": ["SS-12-AD"], "air": None}
    assert C.totals(s, c)["df_total"] == 8
    s.g["cad"] = {"HH30": 1}
    assert C.totals(s, c)["df_total"] == 9


def test_fortification_doubles_only_german_defenders():
    # D-Day §10.2 (Table B): the fortification modifier applies to German units only
    s = empty()
    m = s.board.m
    fort = next(h for h in s.board.m.spec.zones["fortifications"].hexes if "town" not in m.features[m.index[h]]
                and "fortress" not in m.features[m.index[h]] and m.terrain[m.index[h]] == "clear")
    put(s, "DE-89-ID", fort)
    assert C.hex_multiplier(s, fort, []) == 2
    s2 = empty()
    put(s2, "US-1-ID", fort)
    assert C.hex_multiplier(s2, fort, []) == 1


def test_failed_invasion_eliminates_the_sea_attackers():
    # D-Day §7.1: invaders that do not clear their coastal hex are eliminated
    s = empty()
    put(s, "DE-352-ID", "S33")
    put(s, "US-1-ID", "R33", invader=True)
    start(s, "combat", side="allied")
    s.apply("attack S33")
    assert s.frame()["attackers"] == ["US-1-ID"]
    assert "remove US-1-ID" not in labels(s.legal_actions())
    s.apply("declare")
    with forced_dice(s, 3):  # 1:1 row 3: EX — the attacker's 4 is not below 4, both lose everything
        s.apply("done")
    assert s.unit("US-1-ID")["box"] == "eliminated"


def test_successful_invasion_must_advance_and_makes_a_mulberry():
    # D-Day §7.1, §7.2: a cleared coastal hex is entered by the sea attackers and becomes an invasion hex
    s = empty()
    put(s, "DE-716-STD", "S33")
    put(s, "US-1-ID", "R33", invader=True)
    put(s, "BR-50-ID", "R33", invader=True)
    start(s, "combat", side="allied")
    # D-Day §7.1: the invaders' attack is owed: `done` waits until it is declared
    assert "done" not in labels(s.legal_actions())
    s.apply("attack S33")
    assert s.frame()["attackers"] == ["US-1-ID", "BR-50-ID"]
    s.apply("declare")
    with forced_dice(s, 4):  # 4:1 row 4: DE
        s.apply("done")
    assert s.g["mulberries"] == {"S33": "normandy"}
    assert s.unit("US-1-ID")["hex"] == "S33" and s.unit("BR-50-ID")["hex"] == "S33"


def test_no_advance_into_a_clear_hex_after_a_multi_hex_attack():
    # D-Day §10.4.3: advance only into terrain that doubled the defender, never into a clear hex — also when the
    # attack took a town (Lille, N21) and a clear hex (M21) together
    s = empty()
    put(s, "DE-85-ID", "N21")
    put(s, "DE-89-ID", "M21")
    put(s, "US-2-AD", "M20")
    put(s, "US-3-AD", "M20")
    put(s, "US-4-AD", "N22")
    put(s, "US-5-AD", "N22")
    start(s, "combat", side="allied")
    for a in ("attack N21", "add US-2-AD", "add US-3-AD", "add US-4-AD", "add US-5-AD", "also M21"):
        s.apply(a)
    assert s.preview("declare")["odds"] == "1:1"  # 20 against 2x5 + 3
    s.apply("declare")
    with forced_dice(s, 6):  # 1:1 row 6 is DR
        s.apply("done")
    if s.frame()["step"] == "retreat":
        while s.frame()["step"] == "retreat":
            s.apply(labels(s.legal_actions())[0])
    acts = labels(s.legal_actions())
    assert not s.at("N21") and not s.at("M21")
    assert "advance US-2-AD N21" in acts and "advance US-2-AD M21" not in acts


def test_close_air_defence_over_any_allied_hex():
    # D-Day §11.1: close air defence may go to any hex occupied by Allied units, not only those next to a German
    # unit now (the German moves before it attacks); a refusal names the cause
    s = empty(week=5)
    put(s, "US-1-ID", "T34")
    put(s, "US-2-ID", "X38")
    put(s, "DE-352-ID", "T33")
    start(s, "tactical_air")
    acts = labels(s.legal_actions())
    assert "cad T34" in acts and "cad X38" in acts
    with pytest.raises(IllegalAction, match=r"D-Day 11.1: close air defence goes to a hex occupied by Allied units; "
                                            r"T35 holds none"):
        s.apply("cad T35")
    s.apply("cad X38")
    with pytest.raises(IllegalAction, match=r"D-Day 11.1: X38 already has close air defence"):
        s.apply("cad X38")
