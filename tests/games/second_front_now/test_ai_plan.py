"""The Allied operational plan (issue 21) and the battle decisions it steers: checked on small
positions, each against the victory rule it serves."""

from __future__ import annotations

from westfront.core.actions import Action
from westfront.games.second_front_now.ai import score_actions
from westfront.games.second_front_now.combat import retreat_hexes
from westfront.games.second_front_now.exchange import exchange
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


def _command_scores(s, side: str, wanted: tuple[str, ...]) -> dict[str, float]:
    s.g["cp"][side] = 3
    enter(s, {"step": "command", "side": side})
    acts = [a for a in s.legal_actions() if str(a) in wanted]
    assert sorted(map(str, acts)) == sorted(wanted)
    return dict(zip(map(str, acts), score_actions(s, side, acts), strict=True))


def test_reduced_commonwealth_units_do_not_assault_a_fortress():
    # SFN 4.5: each Commonwealth unit eliminated is a German VP; 13.1: the defenders fire first at full
    # value and 14.2 takes 2 off every shot into a fortress, so a stack of one-step divisions (the
    # heuristic's Boulogne attacks of balance round 2) loses one or two of them and hits nothing
    s = bare(started("calais"), cw_50="2006", cw_51="2006", cw_gds="2006", cw_viii="2006",
             g_47="2005", g_49="2005", g_bo="2005")
    for u in ("cw-50", "cw-51", "cw-gds", "cw-viii"):
        s.u(u)["steps"] = 1
    s.g["control"]["2006"] = "allied"
    scores = _command_scores(s, "allied", ("attack 2006 2005", "end"))
    assert scores["attack 2006 2005"] < scores["end"]


def test_a_full_us_stack_still_attacks_a_weak_defender_in_the_open():
    # SFN 13.1/13.2: six shots against one defending shot in clear terrain: the exchange favours the Allies
    s = bare(started("calais"), us_1="2008", us_2="2008", us_3="2008", g_711="2108")
    s.u("g-711")["steps"] = 1
    scores = _command_scores(s, "allied", ("attack 2008 2108", "end"))
    assert scores["attack 2008 2108"] > scores["end"] + 0.5


def test_the_fire_exchange_walks_the_battle_sequence():
    # SFN 13.1: barrage, then defensive fire, then only the surviving attackers fire back (13.2)
    s = bare(started("calais"), cw_50="2006", g_326="2005", g_bo="2005")
    s.u("cw-50")["steps"] = 1
    ex = exchange(s, "2006", "2005", ["cw-50"])
    assert ex.defender_steps == 3
    assert ex.commonwealth_lost > 0.9  # three defensive shots at 4 and 3 against one step
    assert ex.dealt < 0.05  # and almost nothing survives to fire back
    s2 = bare(started("calais"), us_1="2008", us_2="2008", us_3="2008", g_711="2108")
    s2.u("g-711")["steps"] = 1
    ex2 = exchange(s2, "2008", "2108", ["us-1", "us-2", "us-3"])
    assert ex2.commonwealth_lost == 0 and ex2.dealt > 0.9 and ex2.taken < 0.5


def retreat_or_stand(s, side: str, origin: str, target: str, attackers: list[str],
                     defenders: list[str]) -> tuple[float, float]:
    """The AI's scores of retreat and stand for ``side`` after one hit on its first defender (13.6)."""
    attacker = "german" if side == "allied" else "allied"
    enter(s, {"step": "command", "side": attacker},
          {"step": "battle", "attacker": attacker, "defender": side, "origin": origin, "target": target,
           "attackers": attackers, "defenders": defenders, "hits": [defenders[0]], "extra": False},
          {"step": "choice", "player": side, "question": "Retreat?", "answers": ["retreat", "stand"],
           "rule": "SFN 13.6"})
    retreat, stand = score_actions(s, side, [Action("retreat"), Action("stand")])
    return retreat, stand


def test_a_trapped_allied_defender_stands_rather_than_retreat_into_elimination():
    # SFN 13.6 (7): a unit that cannot retreat is eliminated in place, so a retreat to cancel one hit
    # would cost the whole stack; 4.5: each of these Commonwealth units is a German VP
    s = bare(started("calais"), cw_50="2105", cw_51="2105", g_326="2005", g_47="2205", g_711="2106")
    retreat, stand = retreat_or_stand(s, "allied", "2106", "2105", ["g-711"], ["cw-50", "cw-51"])
    assert retreat_hexes(s, "cw-51", "2105", ["g-711", "cw-50", "cw-51"], []) == []
    assert stand > retreat
    # with the hills behind it open (2205 empty) the same defender retreats to cancel the hit
    s2 = bare(started("calais"), cw_50="2105", cw_51="2105", g_711="2106")
    retreat, stand = retreat_or_stand(s2, "allied", "2106", "2105", ["g-711"], ["cw-50", "cw-51"])
    assert retreat > stand


def test_a_german_fortress_garrison_stands_rather_than_retreat_into_elimination():
    # SFN 13.8: garrisons are eliminated in a retreat, so cancelling one hit by retreating would cost the
    # garrison whole (and leave the fortress, 4.2); standing keeps both
    s = bare(started("calais"), g_bo="2005", g_47="2005", us_1="2006")
    retreat, stand = retreat_or_stand(s, "german", "2006", "2005", ["us-1"], ["g-47", "g-bo"])
    assert stand > retreat


def test_invasion_area_chosen_by_what_it_offers():
    # SFN 3.2: the Allies choose Calais or Dieppe; the AI weighs the VP hexes within reach of each
    # area's beaches (4.2) against the German set-up next to them (3.4) and the fortresses (14.2)
    from westfront.games.second_front_now.ai import invasion_area_value, score_actions
    from westfront.testing.kit import new
    s = new("second-front-now", 1)
    acts = s.legal_actions()
    scores = dict(zip((a.verb for a in acts), score_actions(s, "allied", acts), strict=True))
    assert invasion_area_value(s, "calais") > invasion_area_value(s, "dieppe")
    # the two areas are close enough to be played both (the seeded tie-break picks one)
    assert scores["calais"] == scores["dieppe"]
    # a German army massed next to the Calais beaches tips the choice to Dieppe
    from westfront.games.second_front_now.data import units
    army = [u for u, d in units().items() if d.setup in ("RUS", "IT") and d.combat]
    for uid in army:
        s.place(uid, "2204")  # within 4 hexes of the Calais beaches, not of Dieppe's
    assert invasion_area_value(s, "dieppe") > invasion_area_value(s, "calais")
    scores = dict(zip((a.verb for a in acts), score_actions(s, "allied", acts), strict=True))
    assert scores["dieppe"] > scores["calais"]


def test_a_hex_is_scored_by_its_distance_to_the_nearest_objective_read_from_one_table(monkeypatch):
    # SFN 4.2: the side's objectives are the VP hexes it does not hold; a move's prior asks for every hex it
    # reaches how near the nearest one is (issue 34: it took a distance to every objective per hex)
    import westfront
    from westfront.core.mapdata import GameMap
    from westfront.games.second_front_now import ai

    s = westfront.load("second-front-now", seed=1)
    objs = ai._objectives(s, "allied")
    assert objs and not s.g.get("area")
    m = s.b.map
    table = ai._nearest(objs)
    assert all(table[i] == min(m.distance(i, o) for o in objs) for i in m.hexes())
    calls = []
    orig = GameMap.distance
    monkeypatch.setattr(GameMap, "distance", lambda self, a, b: calls.append(1) or orig(self, a, b))
    labels = [m.label(i) for i in list(m.hexes())[::25]]
    values = [ai.hex_value(s, "allied", lab) for lab in labels]
    assert calls == [] and len(set(values)) > 3
