"""Paratroops: the Paratroop box, pick-ups, paradrops and replacement (onslaught 9.0-9.3)."""

from __future__ import annotations

from westfront.games.onslaught.combat import enemy_targets
from westfront.games.onslaught.data import UNITS
from westfront.games.onslaught.hexchoice import block_of
from westfront.games.onslaught.movement import moves
from westfront.games.onslaught.reinforcements import rebuild_cost, refit_cost
from westfront.games.onslaught.supply import in_supply

from .helpers import choose, clear, enter, enter_stage, lab, legal, new, open_area, play, put, units, walk


def test_pickup_returns_three_turns_later():
    # onslaught 9.1: a full-strength paratroop division not in enemy ZOC, activated in an Allied Movement
    # action, goes on the turn track three turns ahead (picked up on turn 5: back on turn 8), and returns to
    # the Paratroop box before the first action of that turn
    s = new()
    clear(s)
    c = open_area(3)
    p = put(s, "us-82ab", c)
    s.g["turn"] = 5
    s.touch()
    play(s, "movement", f"activate {lab(c)}")
    assert f"pickup {p}" in legal(s)
    ev = play(s, f"pickup {p}")
    assert s.unit(p)["box"] == "track" and s.unit(p)["return_turn"] == 8
    assert any(e["type"] == "pickup" and e["back"] == 8 for e in ev)
    s8 = new()
    s8.g["turn"] = 8
    s8.g["units"][p].update(hex=None, box="track", return_turn=8)
    enter(s8, {"step": "turn"})
    assert s8.unit(p)["box"] == "para"


def test_no_pickup_when_depleted_or_in_zoc():
    # onslaught 9.1: only at full strength and not in enemy ZOC
    s = new()
    clear(s)
    c = open_area(3)
    p = put(s, "us-82ab", c, full=False)
    q = put(s, "us-101ab", walk(c, 3, 3, 3))
    put(s, units("german", "inf", 1)[0], walk(c, 3, 3, 3, 3))
    play(s, "movement", f"activate {lab(c)}")
    assert f"pickup {p}" not in legal(s)
    play(s, "done", f"activate {s.unit(q)['hex']}")
    assert f"pickup {q}" not in legal(s)


def test_paradrop():
    # onslaught 9.2: during an Allied Movement action each dropping division costs one supply point, lands in
    # any hex free of German divisions, and moves no further that action
    s = new()
    clear(s)
    c = open_area(3)
    g = put(s, units("german", "inf", 1)[0], c)
    for p in ("us-82ab", "us-101ab"):
        s.g["units"][p].update(hex=None, box="para")
    s.touch()
    play(s, "movement")
    assert "drop us-82ab" in legal(s) and "drop us-101ab" in legal(s)
    play(s, "drop us-82ab")
    target = walk(c, 0)
    choose(s, "at", target)
    assert s.g["supply_points"]["allied"] == 11 and s.unit("us-82ab")["hex"] == lab(target)
    play(s, "drop us-101ab")
    acts = legal(s)
    # a German-held hex is never offered, even inside its block

    near = next(a for a in acts if a.startswith("near") and block_of(s, s.map.index[a.split()[1]]) == block_of(s, c))
    play(s, near)
    assert f"at {lab(c)}" not in legal(s)
    play(s, "back")
    choose(s, "at", target)
    assert s.g["supply_points"]["allied"] == 10 and s.unit("us-101ab")["hex"] == lab(target)
    assert f"activate {lab(target)}" not in legal(s)  # dropped divisions are done for this action
    del g


def test_eliminated_paratroops_never_return():
    # onslaught 9.3: an eliminated paratroop division is removed from play; a depleted one may be rebuilt to
    # full strength for two replacement points
    s = new()
    s.eliminate("us-82ab", "test", "onslaught 9.3")
    assert s.unit("us-82ab")["box"] == "removed"
    assert "us-82ab" not in s.in_box("eliminated")

    assert rebuild_cost("us-82ab", "half") is None and rebuild_cost("us-82ab", "full") is None
    assert refit_cost("us-101ab") == 2
    assert UNITS["us-101ab"].allied_para


def test_paratroop_reinforcements_go_to_the_box():
    # onslaught 9.1: paratroop divisions entering as reinforcements are placed in the Paratroop box
    s = new()
    assert UNITS["br-1ab"].turn == 2 and UNITS["br-1ab"].entry == "para"
    s.g["turn"] = 2
    enter_stage(s, {"step": "reinforcement_step", "stage": "allied_reinforcements"})
    assert s.unit("br-1ab")["box"] == "para"


def test_every_division_at_set_up_can_act():
    # onslaught 3.0: every division set up on the map traces supply and can either move or attack an enemy
    # next to it; none is meant to start stuck. The 6th Airborne (east of the Orne, Ranville) links up with
    # Sword across the Orne: it was cut off by a sea hexside, out of supply with only `done` to play.
    s = new()
    intentionally_immobile: set[str] = set()
    stuck = []
    for u in s.on_map():
        side = UNITS[u].side
        can_move = bool(moves(s, u, oos=not in_supply(s, u), bridges=0).ends())
        can_attack = bool(enemy_targets(s, side, [u]))
        if not in_supply(s, u) or not (can_move or can_attack):
            stuck.append(u)
    assert set(stuck) == intentionally_immobile, stuck
    h6 = s.hex_of("br-6ab")
    assert h6 is not None and (h6, s.board.landing_zone[2]) not in s.board.sea_extra
    assert s.map.distance(h6, s.board.landing_zone[2]) == 1  # next to Juno-Sword, east of the Orne
