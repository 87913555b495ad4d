"""Skirmish's move priors: Ostburg (skirmish 6), cover and enemy ZOC, without a distance per scored hex."""

from __future__ import annotations

import westfront
from westfront.core.mapdata import GameMap
from westfront.games.skirmish import ai
from westfront.games.skirmish.rules import DEFENSIVE


def test_a_destination_is_worth_its_nearness_to_ostburg_its_cover_and_being_out_of_enemy_zoc(monkeypatch):
    # skirmish 6: holding Ostburg wins, so a hex is worth more the nearer it is; issue 34: the printed part is one
    # table (the map is fixed), not a distance per hex scored at every node of a search
    s = westfront.load("skirmish", seed=1)
    m, side = s.map, "blue" if "blue" in s.INFO.players else s.INFO.players[0]
    goal = m.index[ai.OSTBURG]
    zoc = s.zoc_bb(ai.other(side))
    expect = {}
    for i in m.hexes():
        v = 1.0 / (1 + m.distance(i, goal))
        v += 1.0 if m.labels[i] == ai.OSTBURG else 0.0
        v += 0.15 if m.terrain[i] in DEFENSIVE else 0.0
        expect[m.labels[i]] = v - 0.05 if (zoc >> i) & 1 else v
    ai._place_values()  # the table, built once per process
    calls = []
    orig = GameMap.distance
    monkeypatch.setattr(GameMap, "distance", lambda self, a, b: calls.append(1) or orig(self, a, b))
    assert all(ai._hex_value(s, side, lab) == v for lab, v in expect.items())
    assert calls == []
    assert ai._hex_value(s, side, ai.OSTBURG) == max(expect.values())
