"""What a player reads: no internal ids, counters named as printed, refusals with the rule and the cause."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import view
from westfront.games.dday_3rd.data import units
from westfront.testing.kit import new

from .helpers import empty, labels, put, start


def test_counters_are_named_as_printed():
    # D-Day §2.2 (Figures 4, 10): "DE 2 ABREGT", "DE 343 ST"; infantry and armour of one number differ
    assert units()["DE-2-ABREGT"].label == "DE 2 ABREGT"
    assert units()["DE-343-STD"].label == "DE 343 ST"
    assert units()["US-101-ABID"].label == "US 101 ABID"
    assert units()["US-2-ID"].label != units()["US-2-AD"].label


def test_no_internal_ids_in_names_prompts_and_log():
    # D-Day §7: sectors by their names ("North Sea"), hex-choice regions by places, not ids like rows16_cols24
    names = view.labels()["names"]
    assert names["north_sea"] == "North Sea" and names["pas_de_calais"] == "Pas de Calais"
    assert not any("_" in v or "rows" in v for v in names.values())
    s = new("dday-3rd", 1)
    s.apply("invade north_sea")
    assert "North Sea" in s.prompt() and "north_sea" not in s.prompt()
    assert any(e.get("text") == "The Allies invade North Sea" for e in s.log)


def test_one_fighter_is_singular():
    # D-Day §11: "1 fighter available"
    s = empty(week=5)
    put(s, "US-1-ID", "T34")
    s.g["fighters"] = 1
    start(s, "tactical_air")
    assert "1 fighter available" in s.prompt()


def test_odds_preview_shows_close_air_support_and_totals():
    # D-Day §10.1.1, §10.2: the +1 of close air support is shown, with the totals
    s = empty()
    put(s, "DE-711-STD", "T32")
    put(s, "BR-6-ABID", "T33")
    start(s, "combat", side="allied")
    s.apply("attack T32")
    s.apply("add BR-6-ABID")
    p = s.preview("air fighter")
    assert "+1 close air support (§10.1.1)" in p["modifiers"]
    assert p["totals"]["attack"] == units()["BR-6-ABID"].af + 1
    s.apply("air fighter")
    assert "with +1 close air support" in s.prompt()


def test_refusals_name_the_rule_and_the_cause():
    # D-Day §9.2, §9.3.1: land and replace refusals say why
    s = empty(week=1)
    start(s, "movement", side="allied")
    late = next(u for u, d in units().items() if d.side == "allied" and d.arrival > 1)
    with pytest.raises(IllegalAction, match=rf"D-Day 9.3.1: {units()[late].label} is available from week"):
        s.apply(f"land {late}")
    s2 = empty(week=20)
    s2.eliminate("US-1-ID", "test", "9.2")
    s2.g["rp"]["allied"] = 1
    start(s2, "movement", side="allied")
    with pytest.raises(IllegalAction, match=r"D-Day 9.2: US 1 ID costs 4 RP \(its AF\); 1 RP left"):
        s2.apply("replace US-1-ID")
    assert "replace US-1-ID" not in labels(s2.legal_actions())
