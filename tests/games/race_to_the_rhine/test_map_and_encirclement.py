"""The reconstructed encirclement effect (rttr 4.3), the Victory spaces across the Rhine (rttr 4.1), the map's
start spaces and ports, Axis-held bases and counter-attacks on rivals (rttr 12) — see data/tables.toml and the
map's provenance.reconstructed for each source."""

from __future__ import annotations

from westfront.core.p2p import UNREACHABLE
from westfront.games.race_to_the_rhine import supply
from westfront.testing.kit import legal, play

from .helpers import axis_top, clear_board, control, game, park, path, put, turn


def test_encirclement_takes_only_the_empty_spaces_of_the_pocket():
    # rttr 4.3 Encirclement, effect reconstructed (tables.toml [encirclement]): Le Mans and Laval are cut off
    # when Patton takes Alençon; the empty Le Mans falls to him without Medals, Laval holding an Axis marker does not
    s = clear_board(game(4))
    control(s, "patton", "mortain", "rennes", "dreux")
    s.g["axis"] = ["laval"]
    put(s, "XX-US", "dreux")
    s.g["decks"]["patton"]["draw"].insert(0, "open_road")
    s.touch()
    turn(s, "patton")
    medals = s.g["medals"]["patton"]
    play(s, "move XX-US", "to alencon")
    ev = [e for e in s.log if e["type"] == "encircled"][-1]
    assert "le_mans" in ev["spaces"] and "laval" not in ev["spaces"]
    assert ev["text"].startswith("Encircled: ") and "to Patton (no Medals)" in ev["text"]
    assert s.controller("le_mans") == "patton" and s.controller("laval") is None and "laval" in s.g["axis"]
    assert s.g["medals"]["patton"] == medals + s.board.medals("alencon")  # the pocket gives no Medal


def test_an_encircled_victory_space_must_be_fought_for():
    # rttr 4.1 How to win example (Patch-Devers 'crossed the Rhine into Freiburg ... defeated the Axis Unit there
    # and placed a Control marker'): even when Freiburg is cut off from Düsseldorf and Karlsruhe it keeps its Axis
    # flag; entering it draws an Axis card, and beating it wins (rttr 4.3: encirclement never takes a Victory space)
    s = clear_board(game(4))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *route, "belfort")
    control(s, "patton", "karlsruhe")  # Freiburg's link to an uncontrolled source is Mulhouse alone now
    put(s, "II-FR", "belfort")
    s.g["decks"]["patch_devers"]["draw"].insert(0, "open_road")
    turn(s, "patch_devers")
    play(s, "move II-FR", "to mulhouse", "stop")
    assert s.controller("mulhouse") == "patch_devers"
    assert s.controller("freiburg") is None and s.has_axis("freiburg")  # cut off, yet not taken
    t = clear_board(game(4))
    control(t, "patch_devers", *route, "mulhouse")
    control(t, "patton", "karlsruhe")
    put(t, "I-FR", "colmar", fuel=2, ammo=3, food=1)
    axis_top(t, "kampfgruppe")
    turn(t, "patch_devers")
    play(t, "move I-FR", "to freiburg")
    assert t.frame()["step"] == "combat"  # an Axis card is drawn: the flag's unit is fought
    play(t, "pay")
    r = t.result()
    assert r is not None and r.winner == "patch_devers" and "crossed the Rhine into Freiburg" in r.reason


def test_remagen_is_no_dead_end_and_is_won_by_crossing():
    # rttr 4.1 / map reconstruction (provenance.reconstructed.east_bank): Remagen links to Düsseldorf on the east
    # bank, so taking Bonn does not cut it off; Bradley crosses from Bonn, beats the flag's unit and wins
    s = clear_board(game(4))
    route = path(s, "paris", "bonn", "bradley")
    control(s, "bradley", *route)
    assert s.controller("remagen") is None and s.has_axis("remagen")
    put(s, "V-US", "bonn", fuel=2, ammo=4, food=1)
    axis_top(s, "kampfgruppe")
    turn(s, "bradley")
    play(s, "move V-US", "to remagen")
    assert s.frame()["step"] == "combat"
    play(s, "pay")
    assert s.result() is not None and s.result().winner == "bradley"


def test_victory_spaces_are_not_dead_ends_and_bradley_starts_nearest():
    # map reconstruction: every Victory space but Mainz has an east-bank link besides its crossings (Mainz's
    # neighbours are fixed by the Place Axis marker example); Bradley starts from Paris, nearest the Rhine
    # (spieletest.at review), with his Main Supply Base there; Cherbourg holds no Axis garrison
    s = game(4)
    g = s.graph
    for sid in ("arnhem", "wesel", "remagen", "freiburg"):
        kinds = {g.link_kind(sid, n) for n in g.neighbours(sid)}
        assert kinds == {"rhine_crossing", "road"}, sid
    dist = {}
    for c, a in s.board.areas.items():
        d = g.distances(g.bb(a.victory), a.spaces)
        dist[c] = min(d[g.index[x]] for x in a.start if d[g.index[x]] != UNREACHABLE)
    assert dist["bradley"] < min(v for c, v in dist.items() if c != "bradley")
    assert s.board.areas["bradley"].start == ("paris",) and s.gg["main_base"]["bradley"] == "paris"
    assert "cherbourg" not in s.g["axis"]


def test_a_channel_port_is_a_supply_point_for_montgomery():
    # reconstructed (tables.toml [supplies].port_capacity; czechboardgamer: Montgomery fights along the coast for
    # additional supply points): Le Havre under his own Control takes supplies and sends trucks; 3 at most
    s = clear_board(game(4))
    turn(s, "montgomery")
    assert not any(a.startswith("take") and a.endswith("le_havre") for a in legal(s))
    control(s, "montgomery", "le_havre")
    assert "take fuel le_havre" in legal(s) and "take mixed le_havre" in legal(s)
    play(s, "take fuel le_havre")
    assert s.stock("montgomery", "le_havre")["fuel"] == 3 and s.base_capacity("montgomery", "le_havre") == 3
    assert "le_havre" in supply.truck_sources(s, "montgomery")
    assert ("fuel", "le_havre") not in supply.take_options(s, "montgomery")  # full


def test_a_base_in_an_axis_held_port_is_closed_until_freed():
    # reconstructed (tables.toml [supplies]): Marseille starts garrisoned (Fortified); as Patch-Devers' Main
    # Supply Base after the first Logistics Step (rttr 3.2) it takes no supplies and sends no trucks until freed
    s = game(4)
    assert "marseille" in s.g["axis"]
    s.g["main_base"]["patch_devers"] = "marseille"
    s.g["bases"]["patch_devers"]["marseille"] = {"fuel": 1, "ammo": 0, "food": 0}
    s.touch()
    assert not [w for _, w in supply.take_options(s, "patch_devers") if w == "marseille"]
    assert "marseille" not in supply.truck_sources(s, "patch_devers")
    control(s, "patch_devers", "marseille")
    assert ("fuel", "marseille") in supply.take_options(s, "patch_devers")
    assert "marseille" in supply.truck_sources(s, "patch_devers")


def test_a_counter_attack_may_hit_a_rivals_exposed_marker():
    # rttr 12 (reconstructed; SUSD review: Bradley 'bribed Axis troops to cut Patton's overextended supply lines'):
    # at his Axis reaction a commander may counter-attack another commander's exposed Control marker (rttr
    # Counter-attack conditions) instead of placing by his aid; the Medal for the space returns
    s = clear_board(game(4))
    control(s, "patton", "nancy")
    s.g["control_medals"]["nancy"] = 1
    s.g["medals"]["patton"] = 3
    park(s, *[c["id"] for c in s.corps_of("patton")])
    turn(s, "bradley")
    play(s, "pass", "pass")
    assert s.frame()["step"] == "axis_choice" and "counter nancy" in legal(s) and "aid" in legal(s)
    supply_before = s.g["axis_supply"]
    play(s, "counter nancy")
    assert s.controller("nancy") is None and s.g["medals"]["patton"] == 2
    assert s.g["axis_supply"] == supply_before - 1
    ev = [e for e in s.log if e["type"] == "counter_attack"][-1]
    assert "(Bradley's Axis reaction)" in ev["text"] and "Patton's Control marker" in ev["text"]
