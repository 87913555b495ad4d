"""The Allied operational plan (issue 21) and the battle decisions it steers: checked on small
positions, each against the victory rule it serves."""

from __future__ import annotations

from westfront.core.actions import Action
from westfront.games.second_front_now.ai import score_actions
from westfront.games.second_front_now.plan import FAR, plan, plan_summary
from westfront.testing.kit import enter

from .helpers import bare, started


def test_lodgement_axis_is_a_centre_inside_the_breakout_line():
    # SFN 6.1: until two, then three centres inside the line trace to a beach, the Allies are short of CP
    s = started("calais")
    p = plan(s, "allied")
    assert p.phase == "lodgement"
    assert p.axis in s.b.centres_inside
    assert plan_summary(s, "allied")["axis"] in ("Montreuil", "Boulogne")  # the centres next to the beaches
    assert min(s.b.map.distance(p.axis, i) for i in s.active_beaches()) <= 1
    # SFN 4.2: every German-held VP hex is an objective, the nearest first
    assert set(s.b.vp) - {i for i in s.b.vp if s.g["control"].get(s.b.label(i)) == "allied"} <= set(p.objectives)
    s2 = started("dieppe")
    assert plan(s2, "allied").axis in s2.b.centres_inside


def test_offensive_axis_once_the_beachhead_earns_its_command_points():
    # SFN 6.1: three centres inside the line with a path to a beach and a supplied unit beyond it
    s = started("calais")
    for lab in ("2107", "2005", "2210"):  # Montreuil, Boulogne, Abbeville
        s.g["control"][lab] = "allied"
    s.place("us-1", "2412")  # Amiens, beyond the line: the VP is his by occupation
    s.u("us-1")["supply"] = "regular"
    s.g["control"]["2412"] = "allied"
    s.touch()
    p = plan(s, "allied")
    assert p.phase == "offensive"
    assert p.axis is not None and p.axis in s.b.vp and p.axis != s.b.hex("2412")
    assert s.g["control"].get(s.b.label(p.axis), "german") == "german"
    assert p.to_axis[p.axis] == 0 and max(p.to_axis) <= FAR


def test_the_allies_never_walk_off_a_lone_beach_garrison():
    # SFN 4.3: an active beach the German takes is three VP to him; the only stack on it stays
    s = bare(started("calais"), us_1="2006", g_326="2412")
    s.g["control"]["2006"] = "allied"
    s.g["cp"]["allied"] = 3
    enter(s, {"step": "command", "side": "allied"})
    acts = [a for a in s.legal_actions() if str(a) in ("move 2006", "end")]
    scores = dict(zip(map(str, acts), score_actions(s, "allied", acts), strict=True))
    assert scores["move 2006"] < scores["end"]


def test_a_one_step_commonwealth_unit_is_held_back_from_an_attack():
    # SFN 4.5: a Commonwealth division eliminated gives the German a VP; 6.3: units may be held back
    s = bare(started("calais"), cw_50="2107", cw_51="2107", g_326="2108")
    s.u("cw-50")["steps"] = 1
    s.g["cp"]["allied"] = 2
    enter(s, {"step": "command", "side": "allied"})
    s.apply("attack 2107 2108")
    assert s.frame()["step"] == "commit"
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), score_actions(s, "allied", acts), strict=True))
    assert scores["remove cw-50"] > max(v for k, v in scores.items() if k != "remove cw-50")


def test_the_allied_defender_of_a_beach_stands():
    # SFN 13.6: a retreat cancels a hit, but off a beach it lets the German advance onto it (4.3)
    s = bare(started("calais"), us_1="2006", g_326="2106")
    s.g["control"]["2006"] = "allied"
    enter(s, {"step": "command", "side": "german"},
          {"step": "battle", "attacker": "german", "defender": "allied", "origin": "2106", "target": "2006",
           "attackers": ["g-326"], "defenders": ["us-1"], "hits": ["us-1"], "extra": False},
          {"step": "choice", "player": "allied", "question": "Retreat?", "answers": ["retreat", "stand"],
           "rule": "SFN 13.6"})
    acts = [Action("retreat"), Action("stand")]
    assert sorted(map(str, s.legal_actions())) == ["retreat", "stand"]
    retreat, stand = score_actions(s, "allied", acts)
    assert stand > retreat
