"""Set-up (§5), the turn sequence (§5.3), victory (§13), the view, and short random games."""

from __future__ import annotations

import json

from westfront.games.dday_3rd import victory
from westfront.games.dday_3rd.data import units
from westfront.games.dday_3rd.sequence import week_label
from westfront.testing.fuzz import play_random
from westfront.testing.kit import new

from .helpers import empty, labels, put


def test_initial_setup():
    # D-Day §5.1: installations at Boulogne (N24), Rotterdam's V2 site (H12) and Brest (V43); RP 0 for both
    s = new("dday-3rd", 1)
    assert sorted(s.board.m.spec.zones["installations"].hexes) == ["H12", "N24", "V43"]
    assert s.g["rp"] == {"allied": 0, "german": 0} and not s.g["installations"]
    assert all(s.unit(u)["box"] in ("britain", "paris") for u in units() if units()[u].side == "allied")


def test_historical_deployment_obeys_stacking_and_the_marked_units():
    # D-Day §5.2: historical deployment: every German unit on its hex; the seven marked units on replacement hexes
    s = new("dday-3rd", 1)
    assert len(s.on_continent("german")) == 73
    for h, ids in s.index().items():
        assert s.stack_limit_ok(ids), h
    for uid, d in units().items():
        if d.marked:
            assert s.unit(uid)["hex"] in s.board.replacement_hexes
    m = s.board.m
    for uid in s.on_continent("german"):
        i = m.index[s.unit(uid)["hex"]]
        assert (s.board.playable >> i) & 1


def test_free_deployment_two_step_hex_choice():
    # D-Day §5.2: free deployment; static units only on coastal hexes or in-land ports; hexes chosen region first
    s = new("dday-3rd", 1, deployment="free")
    assert s.current_player() == "german" and "done" in labels(s.legal_actions())
    s.apply("deploy DE-709-STD")
    regions = [a for a in labels(s.legal_actions()) if a.startswith("region ")]
    assert regions
    s.apply(regions[0])
    hexes = [a.split()[1] for a in labels(s.legal_actions()) if a.startswith("hex ")]
    m = s.board.m
    assert all((s.board.coastal >> m.index[h]) & 1 for h in hexes)
    s.apply(f"hex {hexes[0]}")
    assert s.unit("DE-709-STD")["hex"] == hexes[0]
    s.apply("deploy SS-9-AD")
    if s.frame()["step"] == "hex_choice":
        opts = [a.split()[1] for a in labels(s.legal_actions()) if a.startswith("hex ")]
        if not opts:
            s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("region ")))
            opts = [a.split()[1] for a in labels(s.legal_actions()) if a.startswith("hex ")]
        assert set(opts) <= set(s.board.replacement_hexes)


def test_week_labels():
    # D-Day §5.3: 50 weeks from 6 June 1944
    assert week_label(1) == "Week 1 (6 June 1944)"
    assert week_label(9) == "Week 9 (1 August 1944)"
    assert week_label(28) == "Week 28 (12 December 1944)"
    assert week_label(50) == "Week 50 (15 May 1945)"


def test_turn_sequence_phases():
    # D-Day §5.3 (Table 3): supply, invasion, airborne, movement, combat, tactical air, attrition; then Germany
    s = new("dday-3rd", 1)
    assert s.g["phase"] == "Allied invasion"
    s.apply("invade brittany")
    assert labels(s.legal_actions())[-1] != "done"  # D-Day §7: week 1's invasion lands at least one unit
    s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("land ")))
    s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("at ")))
    s.apply("done")
    assert s.g["phase"] in ("Allied airborne", "Allied movement")
    seen = []
    while s.g["week"] == 1 and not s.is_terminal():
        if s.g["phase"] not in seen:
            seen.append(s.g["phase"])
        acts = labels(s.legal_actions())
        s.apply("done" if "done" in acts else acts[0])
    order = ["Allied movement", "German movement"]
    assert [p for p in seen if p in order] == order


def test_victory_no_german_units():
    # D-Day §13: the Allies win when no German unit is left on the continent
    s = empty(week=5)
    put(s, "US-1-ID", "S33")
    r = victory.check(s, "allied")
    assert r is not None and r.winner == "allied"


def test_victory_no_allied_units_after_week_9():
    # D-Day §13: Germany wins if no Allied unit is on the continent after week 9 (checked from the end of week 9)
    s = empty(week=8)
    put(s, "DE-89-ID", "N19")
    assert victory.check(s, "german") is None
    s.g["week"] = 9
    r = victory.check(s, "german")
    assert r is not None and r.winner == "german"


def test_victory_week_50():
    # D-Day §13: Germany wins if the Allies have not won by the end of week 50
    s = empty(week=50)
    put(s, "DE-89-ID", "N19")
    put(s, "US-1-ID", "S33")
    assert victory.check(s, "allied") is None
    r = victory.check(s, "german")
    assert r is not None and r.winner == "german"


def test_victory_ten_units_east_of_the_rhine_four_weeks():
    # D-Day §13: 10 supplied Allied units east of the Rhine-Issel line for four consecutive weeks
    s = empty(week=30)
    put(s, "DE-89-ID", "N19")
    m = s.board.m
    east = [m.label(i) for i in range(m.size) if m.labels[i] and (s.board.east_of_rhine >> i) & 1
            and (s.board.playable >> i) & 1][:10]
    for uid, h in zip([u for u in units() if units()[u].side == "allied" and units()[u].type != "HQ"][:10], east,
                      strict=True):
        put(s, uid, h)
    assert victory.supplied_east_of_rhine(s) == 10
    s.g["east_streak"] = 3
    assert victory.check(s, "german") is None
    s.g["east_streak"] = 4
    r = victory.check(s, "german")
    assert r is not None and r.winner == "allied"


def test_view_is_json_and_complete():
    # D-Day §2.2: every counter shows its factors; boxes for Britain, available German units, eliminated
    s = new("dday-3rd", 1)
    v = s.view("allied")
    json.dumps(v)
    assert v["turn_label"].startswith("Week 1") and len(v["units"]) == 174
    assert {"britain", "german_available", "eliminated", "paris"} <= set(v["boxes"])
    assert s.view("allied")["units"] == s.view("german")["units"]


def test_random_games_finish():
    # D-Day §5.3: a random game runs to a result within 50 weeks
    for seed in (11, 12):
        s = play_random("dday-3rd", seed, max_actions=20_000)
        assert s.result() is not None and s.g["week"] <= 50


def test_free_deployment_fuzz_with_save_round_trips():
    # D-Day §5.2: a random game with free German deployment, saves round-tripped along the way
    s = play_random("dday-3rd", 21, options={"deployment": "free"}, max_actions=20_000, deep_every=1500)
    assert s.result() is not None


def test_markers_in_the_view():
    # D-Day §2.2.1: installation, Mulberry, air and control markers are shown and count for no stacking
    s = empty(week=3)
    s.g["mulberries"] = {"S33": "normandy"}
    put(s, "US-1-ID", "S33")
    put(s, "US-2-ID", "S33")
    s.g["cad"] = {"S33": 1}
    v = s.view("german")
    kinds = {(mk["kind"], mk["hex"]) for mk in v["markers"]}
    assert {("mulberry", "S33"), ("cad", "S33"), ("installation", "N24"), ("control", "S33")} <= kinds
    assert v["budgets"]["allied"]["fighters"] == 6 and v["budgets"]["allied"]["bombers"] == 4
    assert s.stack_limit_ok(s.at("S33"))
