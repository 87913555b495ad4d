"""The Onslaught operational plan (issue 21): objectives from the victory conditions (onslaught 13.2, 13.3)."""

from __future__ import annotations

import westfront
from westfront.games.onslaught.ai import _Context, score_actions
from westfront.games.onslaught.data import UNITS
from westfront.games.onslaught.plan import FAR, cover_counts, front, german_scorers, holding, plan
from westfront.games.onslaught.supply import supply_area
from westfront.testing.kit import enter


def sealed_position():
    """Every German off the map but one west of the line; Allied divisions on the line until ZOC covers it."""
    s = westfront.load("onslaught", seed=1)
    b = s.board
    s.g["turn"] = 6
    s.g["captured"] = [s.map.label(p.hex) for p in b.ports if p.fortified]
    german = [u for u in s.on_map("german")]
    for u in german[1:]:
        s.g["units"][u].update(hex=None, box="removed")
    lone = s.map.label(next(h for h in b.hexes if b.offset[h] == (20, 20)))
    s.g["units"][german[0]]["hex"] = lone
    allied = [u for u in UNITS if UNITS[u].side == "allied"]
    s.touch()
    for h in front():
        if cover_counts(s)[h] == 0:
            uid = allied.pop()
            s.g["units"][uid].update(hex=s.map.label(h), box=None)
            s.touch()
    return s, german[0]


def test_a_sealed_victory_line_cuts_the_germans_behind_it_off():
    # onslaught 8.3, 8.4, 13.3: no supply line from the east edge crosses a line of Allied ZOC
    s, lone = sealed_position()
    assert all(n for n in cover_counts(s).values())
    assert not (supply_area(s, "german") >> s.hex_of(lone)) & 1
    assert german_scorers(s) == []
    assert plan(s, "allied").phase == "close"


def test_the_line_includes_the_east_edge_hex_west_of_it():
    # onslaught 8.4: an east-edge hex is a German source wherever it lies
    s = westfront.load("onslaught", seed=1)
    b = s.board
    outside = [h for h in front() if not (b.east_of_vl >> h) & 1]
    assert outside and all((b.east_edge >> h) & 1 for h in outside)


def test_ports_first_while_ashore_then_the_seal():
    # onslaught 8.1: the beaches alone feed the Allies until a port works
    s = westfront.load("onslaught", seed=1)
    p = plan(s, "allied")
    assert p.phase == "lodgement"
    ports = next(o for o in p.objectives if o.name == "ports")
    forts = next(o for o in p.objectives if o.name == "forts")
    assert forts.head == 0 and s.map.index["0418"] in forts.hexes  # Cherbourg: a fortified port (8.4)
    assert ports.head == 0
    rouen = s.map.index["1719"]
    assert rouen not in ports.hexes  # 8.5: Rouen is no use before Le Havre


def test_an_empty_fortified_port_is_an_objective_until_captured():
    # onslaught 8.4: a fortified port never captured feeds the Germans; an Allied division walking in captures it
    s = westfront.load("onslaught", seed=1)
    flushing = s.map.index["2907"]
    for u in s.at(flushing):
        s.g["units"][u].update(hex=None, box="removed")
    s.touch()
    forts = next(o for o in plan(s, "allied").objectives if o.name == "forts")
    assert flushing in forts.hexes
    s.g["captured"] = [*s.g["captured"], "2907"]
    s.touch()
    forts = next(o for o in plan(s, "allied").objectives if o.name == "forts")
    assert flushing not in forts.hexes


def test_a_division_alone_on_the_line_is_not_moved_away():
    # the seal holds only while every stretch stays covered (6.2 ZOC): the heuristic does not activate
    # a division that alone covers part of the line, and prefers ending the Movement action
    s, _ = sealed_position()
    s.g["supply_points"]["allied"] = 30
    s.begin_action("allied", "movement")
    enter(s, {"step": "movement_action", "side": "allied"})
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), score_actions(s, "allied", acts), strict=True))
    alone = [a for a in scores if a.startswith("activate") and len(s.at(s.map.index[a.split()[1]])) == 1
             and holding(plan(s, "allied"), s, s.at(s.map.index[a.split()[1]])[0])]
    assert alone and all(scores[a] < scores["done"] for a in alone)


def test_a_full_stack_that_wants_to_move_goes_first():
    # onslaught 5.2: activating a stack costs one supply point whatever its size, and the Allies run out of
    # points before they run out of stacks: of two stacks equally far from the plan, the fuller moves first
    s, _ = sealed_position()
    spare = [u for u in UNITS if UNITS[u].side == "allied" and s.hex_of(u) is None and UNITS[u].type.full >= 4][:3]
    here = s.map.label(next(h for h in s.board.hexes if s.board.offset[h] == (10, 20)))
    for u in spare:
        s.g["units"][u].update(hex=here, box=None)
    s.touch()
    s.g["supply_points"]["allied"] = 30
    s.begin_action("allied", "movement")
    enter(s, {"step": "movement_action", "side": "allied"})
    acts = [a for a in s.legal_actions() if str(a) == f"activate {here}"]
    full = score_actions(s, "allied", acts)[0]
    for u in spare[1:]:
        s.g["units"][u].update(hex=None, box="removed")
    s.touch()
    lone = score_actions(s, "allied", acts)[0]
    assert full > lone > 0


def _stacks_next_to_germans():
    """The sealed position plus four Allied three-division stacks far west of the line, each with a depleted
    German infantry division next to it in the open."""
    s, _ = sealed_position()
    b = s.board
    allied = [u for u in UNITS if UNITS[u].side == "allied" and s.hex_of(u) is None]
    german = [u for u in UNITS if UNITS[u].side == "german" and s.hex_of(u) is None
              and not UNITS[u].armor]
    p = plan(s, "allied")
    spots: list[int] = []
    for h in b.hexes:
        if (b.land >> h) & 1 and 8 < p.field[h] < FAR and not (b.defensive >> h) & 1 \
                and all((b.land >> j) & 1 and not (b.defensive >> j) & 1 for j in b.land_nbrs[h]) \
                and len(b.land_nbrs[h]) == 6 and all(s.map.distance(h, k) >= 4 for k in spots):
            spots.append(h)
        if len(spots) == 4:
            break
    for h in spots:
        for _ in range(3):
            s.g["units"][allied.pop()].update(hex=s.map.label(h), box=None)
        g = german.pop()
        s.g["units"][g].update(hex=s.map.label(b.land_nbrs[h][0]), box=None, full=False)
    s.touch()
    s.g["supply_points"]["allied"] = 30
    enter(s, {"step": "action", "side": "allied"})
    return s


def test_stacks_held_in_german_zoc_make_the_combat_action_worth_more():
    # onslaught 6.2: a stack in enemy ZOC creeps a hex at a time until combat clears the way, so the Allies
    # choose a Combat action when it frees the march, not another Movement action
    s = _stacks_next_to_germans()
    assert _Context(s, "allied", s.frame()).stuck()[1] == 4
    acts = s.legal_actions()
    scores = dict(zip(map(str, acts), score_actions(s, "allied", acts), strict=True))
    assert scores["combat"] > scores["movement"]
    # with the Germans gone the same stacks are free to march
    for u in s.on_map("german"):
        if s.hex_of(u) in {j for h, us in s.occupancy().items() for j in s.board.land_nbrs[h]}:
            s.g["units"][u].update(hex=None, box="removed")
    s.touch()
    free, held = _Context(s, "allied", s.frame()).stuck()
    assert held == 0 and free >= 4
    # ... and a Movement action is worth more to them than while they were held
    acts = s.legal_actions()
    assert dict(zip(map(str, acts), score_actions(s, "allied", acts), strict=True))["movement"] > scores["movement"]
