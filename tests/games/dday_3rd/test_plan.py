"""The Allied operational plan (issue 21): supply points to hold, threats, east posts, served area, phase."""

from __future__ import annotations

from westfront.games.dday_3rd import ai, plan
from westfront.games.dday_3rd.board import board

from .helpers import empty, put


def mulberry(s, coast, sector="north_sea"):
    s.g["mulberries"][coast] = sector
    s.set_control(coast, "allied")


def test_east_posts_are_the_supply_hexes_across_the_line():
    # D-Day §6.2/§13: a unit on a supply hex is supplied by it; the ones east of the Rhine-Issel line count for §13
    posts = plan.east_posts_all()
    b = board()
    assert {"B5", "C8", "C9", "C2"} <= set(posts)
    assert all((b.east_of_rhine >> b.m.index[h]) & 1 for h in posts)


def test_plan_phases_holds_and_threats():
    s = empty(week=3)
    assert plan.plan(s).phase == "ashore"  # no supply point with range yet
    mulberry(s, "E12")
    put(s, "US-1-ID", "E12")
    p = plan.plan(s)
    assert p.phase == "build" and "E12" in p.keep and p.threats == ()
    assert p.slots == s.board.arrow_by_coast["E12"].capacity - 1
    # D-Day §6.2: a German unit next to the Mulberry shuts it down: it is the first thing to attack
    m = s.board.m
    nb = next(m.label(n) for n in m.nbrs[m.index["E12"]]
              if (s.board.land >> n) & 1 and "river" not in m.side(m.index["E12"], n) and not s.at(m.label(n)))
    put(s, "DE-89-ID", nb)
    p = plan.plan(s)
    assert nb in p.threats
    assert ai.threat_to_supply(s, nb) > 0


def test_a_free_east_post_beats_an_unsupplied_hex():
    # the priors: a unit is worth more on a free east post (supplied there, §6.2) than across the line out of range
    # of the Mulberry (B3 is 9 hexes from E12, range 8)
    s = empty(week=3)
    mulberry(s, "E12")
    put(s, "US-1-ID", "E12")
    put(s, "US-2-ID", "D10")
    b = s.board
    assert (b.east_of_rhine >> b.m.index["B3"]) & 1 and not (plan.plan(s).served >> b.m.index["B3"]) & 1
    assert ai.allied_hex_value(s, "US-2-ID", "C9") > ai.allied_hex_value(s, "US-2-ID", "B3")
