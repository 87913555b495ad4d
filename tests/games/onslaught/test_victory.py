"""Winning the game: automatic victories, victory points, the gap bonus, levels (onslaught 13.0-13.3)."""

from __future__ import annotations

import random

from westfront.core.bitboard import bits
from westfront.games.onslaught.supply import in_supply
from westfront.games.onslaught.victory import allied_automatic, final_result, gap_bonus, german_automatic, score

from .helpers import clear, enter, lab, new, open_area, play, put, units


def test_german_automatic_victory():
    # onslaught 13.1: no Allied supply points and no supply source, or no Allied division on the map
    s = new()
    assert german_automatic(s) is None
    s.g["supply_points"]["allied"] = 0
    s.touch()
    assert german_automatic(s) is None  # the landing hexes are still sources
    for lab_ in s.board.landing_zone:
        s.g["control"][s.map.label(lab_)] = "german"
    s.touch()
    r = german_automatic(s)
    assert r is not None and r.winner == "german" and r.level == "automatic"
    s2 = new()
    clear(s2)
    r = german_automatic(s2)
    assert r is not None and "no Allied division" in r.reason


def test_german_automatic_victory_ends_the_game_at_once():
    # onslaught 13.0
    # onslaught 13.1: the game ends immediately, here after the action that removed the last division
    s = new()
    clear(s)
    only = put(s, units("allied", "inf", 1)[0], open_area(2))
    s.eliminate(only, "test", "onslaught 13.1")
    s.touch()
    play(s, "pass")
    assert s.is_terminal() and s.result().winner == "german"


def east_hexes(s, n):
    b = s.board
    return [h for h in bits(b.east_of_vl & b.land & ~b.fortification)][::5][:n]


def test_allied_automatic_victory():
    # onslaught 13.2: at the end of a turn before turn 20, no German division in supply west of the Rhine
    # (those in fortified ports do not count) and at least 15 Allied divisions in supply east of the Victory Line
    s = new()
    clear(s)
    b = s.board
    allies = units("allied", "inf", 15)
    hexes = east_hexes(s, 15)
    for u, h in zip(allies, hexes, strict=True):
        put(s, u, h)
    s.g["turn"] = 9
    s.touch()
    assert all(in_supply(s, u) for u in allies)  # the landing hexes feed them across an empty map
    r = allied_automatic(s)
    assert r is not None and r.winner == "allied" and r.level == "automatic"
    fort_port = next(p for p in b.ports if p.fortified and (b.west_of_rhine >> p.hex) & 1)
    g = put(s, units("german", "inf", 1)[0], fort_port.hex)
    assert allied_automatic(s) is not None  # a German garrison in a fortified port is ignored
    s.g["units"][g]["hex"] = lab(open_area(2))
    s.touch()
    assert allied_automatic(s) is None  # a German division in supply west of the Rhine
    s.g["units"][g].update(hex=None, box="removed")
    s.g["units"][allies[0]].update(hex=None, box="removed")
    s.touch()
    assert allied_automatic(s) is None  # only 14 east of the line


def test_victory_points_and_levels():
    # onslaught 13.3: one point per German division in supply west of the Rhine and per Allied division in
    # supply east of the Victory Line; the margin sets the level; equal scores are a draw
    s = new()
    sc = score(s)
    assert sc.german_divisions == len([u for u in s.on_map("german")
                                       if (s.board.west_of_rhine >> s.hex_of(u)) & 1 and in_supply(s, u)])
    assert sc.allied_divisions == 0
    r = final_result(s)
    assert r.winner == "german"
    margin = sc.german - sc.allied
    assert r.level == ("strategic" if margin >= 30 else "decisive" if margin >= 13 else "marginal")
    clear(s)
    r = final_result(s)
    assert r.winner is None and r.level == "draw"


def test_gap_bonus():
    # onslaught 13.3: a path from the east edge to the coast of France outside enemy ZOC is worth 5, or 15 if
    # every hex of it is at least three MP from every enemy division; each side earns it once
    s = new()
    clear(s)
    assert gap_bonus(s, "allied") == 15 and gap_bonus(s, "german") == 15  # an empty map: wide open
    b = s.board
    # a German line across the whole map, north to south, closes the Allied path
    col = sorted({s.map.grid.to_offset(s.map.axial[h])[0] for h in bits(b.land)})
    mid = col[len(col) // 2]
    line = [h for h in bits(b.land) if s.map.grid.to_offset(s.map.axial[h])[0] == mid]
    for h, u in zip(line, units("german", "inf", 24) + units("german", "vg", 40), strict=False):
        put(s, u, h)
    assert len(line) <= 64
    assert gap_bonus(s, "allied") == 0
    # every other hex of the line: ZOC still closes it, but open the line once and only the 5 remains
    # (the path passes within two MP of German divisions)
    gap = line[len(line) // 2]
    for h in (gap, *[x for x in line if s.map.distance(x, gap) == 1]):
        for u in s.at(h):
            s.g["units"][u].update(hex=None, box="removed")
    s.touch()
    assert gap_bonus(s, "allied") == 5


def test_the_gap_bonus_is_traced_once_while_the_enemy_stands_still(monkeypatch):
    # onslaught 13.3: the Allied gap bonus depends on where the German divisions stand (their ZOC, the hexes
    # within two MP of them); a search scores it at every leaf, so an Allied move must not trace it again
    from westfront.core.bitboard import Dilator

    s = new()
    clear(s)
    land = bits(s.board.land)
    for h, u in zip(land[len(land) // 2:], units("german", "inf", 12), strict=False):
        put(s, u, h)
    ally = units("allied", "inf", 1)[0]
    put(s, ally, land[0])
    first = gap_bonus(s, "allied")
    floods = []
    orig = Dilator.flood
    monkeypatch.setattr(Dilator, "flood", lambda self, *a: floods.append(1) or orig(self, *a))
    put(s, ally, land[1])  # the Allies moved, the Germans did not
    assert gap_bonus(s, "allied") == first and floods == []
    put(s, units("german", "inf", 12)[0], land[2])  # a German division moved: traced again
    gap_bonus(s, "allied")
    assert floods


def test_game_ends_after_turn_20_with_victory_points():
    # onslaught 13.0
    # onslaught 13.3: after turn 20 the game ends on victory points
    s = new()
    s.g["turn"] = 20
    enter(s, {"step": "turn", "stage": "reinforcements"}, resume=True)
    r = s.result()
    assert s.is_terminal() and r.level in ("marginal", "decisive", "strategic", "draw")
    assert set(r.scores) == {"allied", "german"}


def test_victory_point_changes_are_logged():
    # onslaught 13.3: the log says the victory points whenever they changed (written at the end of each
    # Action Step and turn): the first count in full, later ones with the change on each side
    s = new()
    rng = random.Random(4)
    while len([e for e in s.log if e.get("type") == "vp"]) < 3 and not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    vps = [e for e in s.log if e.get("type") == "vp"]
    assert len(vps) >= 3 and vps[0]["rule"] == "onslaught 13.3"
    assert vps[0]["text"] == f"Victory points: Allies {vps[0]['allied']}, Germans {vps[0]['german']}"
    for before, after in zip(vps, vps[1:], strict=False):
        assert (before["allied"], before["german"]) != (after["allied"], after["german"])  # only changes
        d = after["german"] - before["german"]
        if d:
            assert f"Germans {after['german']} ({'+' if d > 0 else '−'}{abs(d)})" in after["text"]
    last = vps[-1]
    assert s.g["logged_vp"] == [last["allied"], last["german"]]
