"""What the D-Day 3rd lessons' reconstructed positions rest on, beyond the steps they play (docs/lessons.md)."""

from __future__ import annotations

from westfront import lessons
from westfront.games.dday_3rd import combat as C
from westfront.games.dday_3rd import movement
from westfront.lessons.runner import build

PANZERS = ("SS-1-AD", "SS-2-AD", "SS-12-AD", "DE-21-AD")


def test_figure_14_without_the_fighters_the_panzers_reach_the_guards_at_five_to_one():
    # D-Day §11.3 (Figure 14): had the interdictions not been placed, BR GD AD would face a 5:1 attack
    s = build(lessons.get("dd3-fig14-river-interdiction"))
    assert s.g["river_interdicted"] == []
    m = s.board.m
    around = {m.label(n) for n in m.nbrs[m.index["U36"]]}
    for uid in PANZERS:
        assert set(movement.destinations(s, uid)) & around >= {"T35", "U35", "V36"}, uid
    for uid, hx in zip(PANZERS, ("T35", "T35", "U35", "V36"), strict=True):
        s.place(uid, hx)
    s.touch()
    assert C.odds_text(s, {"targets": ["U36"], "attackers": list(PANZERS), "air": None}) == "5:1"  # 25 to 5


def test_figure_14_each_interdiction_is_needed():
    # D-Day §11.3 (Figure 14): the three fighters are all needed; with any two, some panzer still gets through
    s = build(lessons.get("dd3-fig14-river-interdiction"))
    m = s.board.m
    around = {m.label(n) for n in m.nbrs[m.index["U36"]]}
    for left_out in ("U33", "U32", "T33"):
        s.g["river_interdicted"] = [h for h in ("U33", "U32", "T33") if h != left_out]
        s.touch()
        assert any(set(movement.destinations(s, uid)) & around for uid in PANZERS), left_out


def test_figure_8_plans_use_every_engaged_unit_once():
    # D-Day §10 (Figure 8): the reconstructed position obliges exactly the units the caption's plans use; US 13
    # ABID is in no German ZOC and is not obliged
    s = build(lessons.get("dd3-fig8-dividing"))
    assert set(C.must_attack(s, "allied")) == {"US-17-ABID", "US-12-HQAG", "US-2-AD", "US-82-ABID", "US-101-ABID"}
    assert sorted(C.must_be_attacked(s, "allied")) == ["Q27", "R27", "S28"]
