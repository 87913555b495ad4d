"""The combat planner's obligations (§10): split hexes, the river and fortress rider, re-attacks after §10.3."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import combat as C
from westfront.testing.dice import forced_dice

from .helpers import empty, labels, put, start


def combats_of(events):
    return [e for e in events if e["type"] == "declare"]


def test_one_hexs_defenders_may_be_split_between_combats():
    # D-Day §10: the defenders of one hex need not be attacked as a whole; each is attacked once
    s = empty()
    put(s, "DE-91-ID", "X35")
    put(s, "DE-343-STD", "X35")
    put(s, "US-1-ID", "Y35")
    put(s, "US-3-AD", "Y36")
    start(s, "combat", side="allied")
    s.apply("attack X35")
    assert sorted(s.frame()["defenders"]) == ["DE-343-STD", "DE-91-ID"]
    s.apply("add US-3-AD")
    assert {"spare DE-91-ID", "spare DE-343-STD"} <= set(labels(s.legal_actions()))
    assert s.preview("spare DE-91-ID")["odds"] == "2:1"  # 5 against the static division's 2
    s.apply("spare DE-91-ID")
    assert "spare DE-343-STD" not in labels(s.legal_actions())  # one defender is left: nothing more to spare
    assert "include DE-91-ID" in labels(s.legal_actions())
    s.apply("declare")
    assert s.frame()["step"] == "plan" and "attack X35" in labels(s.legal_actions())
    s.apply("attack X35")
    assert s.frame()["defenders"] == ["DE-91-ID"]
    s.apply("add US-1-ID")
    s.apply("declare")
    assert "attack X35" not in labels(s.legal_actions())  # every unit of X35 is now attacked once
    decl = combats_of(s.apply("done"))
    assert [d["defenders"] for d in decl] == [["DE-343-STD"], ["DE-91-ID"]]
    assert s.frame()["step"] == "pick"
    with forced_dice(s, 3):  # 2:1 row 3 is DR
        events = s.apply("resolve 1")
    assert [e["odds"] for e in events if e["type"] == "combat"] == ["2:1"]
    # D-Day §10.4.3: DE 343 ST retreats, but X35 is not vacated (DE 91 ID is still there): no advance
    with forced_dice(s, 6):  # the second combat follows at once: 1:1 row 6 is DR
        events = s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("retreat DE-343-STD")))
    fights = [e for e in events if e["type"] == "combat"]
    assert len(fights) == 1 and fights[0]["odds"] == "1:1"  # US 1 ID's 4 against DE 91 ID alone


def test_invaders_attack_their_coastal_hex_as_a_whole():
    # D-Day §10 (exception): invaders attack every German unit in their coastal hex together: nothing to spare
    s = empty()
    put(s, "DE-352-ID", "S33")
    put(s, "DE-716-STD", "S33")
    put(s, "US-1-ID", "R33", invader=True)
    start(s, "combat", side="allied")
    s.apply("attack S33")
    acts = labels(s.legal_actions())
    assert not [a for a in acts if a.startswith("spare")]
    with pytest.raises(IllegalAction):
        s.apply("spare DE-352-ID")


def test_across_river_attack_obliges_attacks_on_the_whole_opposing_bank():
    # D-Day §10 (river exception): BR 6 ABID may attack T32 across the Orne, but then DE 21 AD at U33, also across
    # a river from T33, must be attacked too
    s = empty()
    put(s, "BR-6-ABID", "T33")
    put(s, "DE-711-STD", "T32")
    put(s, "DE-21-AD", "U33")
    assert C.must_be_attacked(s, "allied") == []  # no ZOC across rivers: nothing is required yet
    start(s, "combat", side="allied")
    s.apply("attack T32")
    s.apply("add BR-6-ABID")
    s.apply("declare")
    assert any("U33" in p for p in C.plan_problems(s, "allied", s.frame()["combats"]))
    assert "still required" in s.prompt()
    with forced_dice(s, 6):
        events = s.apply("done")
    decl = combats_of(events)
    assert len(decl) == 1 and sorted(decl[0]["targets"]) == ["T32", "U33"]


def test_river_rider_uses_other_units_when_it_can():
    # D-Day §10 (river exception): "by some adjacent units" — a second unit on the bank takes the obliged attack
    s = empty()
    put(s, "BR-6-ABID", "T33")
    put(s, "US-82-ABID", "T33")
    put(s, "DE-711-STD", "T32")
    put(s, "DE-21-AD", "U33")
    start(s, "combat", side="allied")
    for a in ("attack T32", "add BR-6-ABID", "declare"):
        s.apply(a)
    decl = combats_of(s.apply("done"))
    assert sorted((d["targets"][0], tuple(d["attackers"])) for d in decl) == [
        ("T32", ("BR-6-ABID",)), ("U33", ("US-82-ABID",))]


def test_river_attack_whose_rider_cannot_be_met_is_withdrawn():
    # D-Day §10 (river exception): BR 6 ABID joins an attack on T32 with US 1 ID (at T31); nobody could then attack
    # U33 (BR 6 ABID is taken and US 1 ID is not adjacent to it): the attack is withdrawn and the plan completed
    # without it (US 1 ID, in T32's ZOC, still attacks alone)
    s = empty()
    put(s, "BR-6-ABID", "T33")
    put(s, "US-1-ID", "T31")
    put(s, "DE-711-STD", "T32")
    put(s, "DE-21-AD", "U33")
    start(s, "combat", side="allied")
    for a in ("attack T32", "add BR-6-ABID", "add US-1-ID", "air fighter", "declare"):
        s.apply(a)
    assert s.g["fighters"] == 5
    with forced_dice(s, 6):
        events = s.apply("done")
    assert [e["type"] for e in events].count("withdrawn") == 1
    assert s.g["fighters"] == 6  # the fighter never flew
    decl = combats_of(events)
    assert len(decl) == 1 and decl[0]["attackers"] == ["US-1-ID"] and decl[0]["targets"] == ["T32"]


def test_attack_out_of_a_fortress_obliges_attacks_on_every_adjacent_enemy():
    # D-Day §10 (fortress exception): units in a fortress need not attack; if one does, every adjacent enemy unit
    # must be attacked (here from Le Havre, R30: R29 and, across the river, S30)
    s = empty()
    put(s, "US-1-ID", "R30")
    put(s, "US-2-ID", "R30")
    put(s, "DE-91-ID", "R29")
    put(s, "DE-343-STD", "S30")
    assert C.must_attack(s, "allied") == []
    start(s, "combat", side="allied")
    for a in ("attack R29", "add US-1-ID", "declare"):
        s.apply(a)
    decl = combats_of(s.apply("done"))
    assert sorted((d["targets"][0], tuple(d["attackers"])) for d in decl) == [
        ("R29", ("US-1-ID",)), ("S30", ("US-2-ID",))]


def test_attack_into_a_fortress_must_take_every_unit_in_it():
    # D-Day §10 (fortress exception): whoever attacks the fortress must see all its units attacked
    s = empty()
    put(s, "DE-346-STD", "R30")
    put(s, "DE-91-ID", "R30")
    put(s, "US-1-ID", "R29")
    start(s, "combat", side="allied")
    for a in ("attack R30", "add US-1-ID", "spare DE-91-ID", "declare"):
        s.apply(a)
    assert any("DE 91" in p or "DE-91" in p for p in C.plan_problems(s, "allied", s.frame()["combats"]))
    with forced_dice(s, 6):
        events = s.apply("done")
    decl = combats_of(events)
    assert len(decl) == 1 and sorted(decl[0]["defenders"]) == ["DE-346-STD", "DE-91-ID"]


def test_defenders_still_in_zoc_after_an_automatic_defeat_must_be_attacked():
    # D-Day §10.3: an automatic defeat is no attack; defenders still in the attacker's ZOC must then be attacked.
    # DE 46 ST attacks US 4 ID + US 9 AD (W34) alone at 1:8 and is lost; DE 77 ID (X34) had declared against US 8 ID
    # (X35) but W34 is in its ZOC too: the plan reopens and W34 is attacked
    s = empty()
    put(s, "US-4-ID", "W34")
    put(s, "US-9-AD", "W34")
    put(s, "DE-46-STD", "W35")
    put(s, "US-8-ID", "X35")
    put(s, "DE-77-ID", "X34")
    start(s, "combat", side="german")
    for a in ("attack W34", "add DE-46-STD", "declare", "attack X35", "add DE-77-ID", "declare"):
        s.apply(a)
    events = s.apply("done")
    kinds = [e["type"] for e in events]
    assert "automatic_defeat" in kinds and "replan" in kinds
    assert s.unit("DE-46-STD")["box"] == "eliminated"
    assert s.frame()["step"] == "plan" and s.current_player() == "german"
    assert any("W34" in p for p in C.plan_problems(s, "german", s.frame()["combats"]))
    with forced_dice(s, 6):
        events = s.apply("done")
    fights = [e for e in events if e["type"] == "combat"]
    assert len(fights) == 1
    decl = combats_of(events)
    assert decl and sorted(decl[-1]["targets"]) == ["W34", "X35"]


def test_no_replan_when_nobody_is_left_in_contact():
    # D-Day §10.3 (Figure 11): after DE 46 ST's automatic defeat nobody else is next to W34: no new attack
    s = empty()
    put(s, "US-4-ID", "W34")
    put(s, "US-9-AD", "W34")
    put(s, "DE-46-STD", "W35")
    start(s, "combat", side="german")
    events = s.apply("done")
    assert "replan" not in [e["type"] for e in events]


def test_carpet_bombing_affects_every_attack_on_its_hex():
    # D-Day §10.1.2: with the hex split between attacks, the one carpet bombing makes each attack on it roll twice
    s = empty(week=3)
    put(s, "DE-91-ID", "X35")
    put(s, "DE-343-STD", "X35")
    put(s, "US-1-ID", "Y35")
    put(s, "US-3-AD", "Y36")
    s.g["attacked_last"] = ["X35"]
    start(s, "combat", side="allied")
    for a in ("attack X35", "add US-3-AD", "spare DE-91-ID", "air bomber", "declare", "attack X35", "add US-1-ID"):
        s.apply(a)
    assert "air bomber" not in labels(s.legal_actions())  # one carpet bombing a week
    assert C.carpet_bombed(s, {"targets": ["X35"], "attackers": ["US-1-ID"], "air": None})
    s.apply("declare")
    s.apply("done")
    with forced_dice(s, 1, 1):  # the second combat (no bomber of its own) rolls twice; the first follows at once
        events = s.apply("resolve 2")
    fights = [e for e in events if e["type"] == "combat"]
    assert fights[0]["combat"] == 2 and fights[0]["roll"] == [1, 1]
    assert [len(e["roll"]) for e in fights] == [2, 2]


def _check_complete(s, side, combats):
    """§10: the plan meets every requirement, every attacker is adjacent to every hex it attacks, once each."""
    taken, hit = C.committed(s, combats)
    assert set(C.must_attack(s, side)) <= taken
    assert C.required_units(s, side, combats) <= hit
    attackers = [a for c in combats for a in c["attackers"]]
    defenders = [d for c in combats for d in C.defenders(s, c)]
    assert len(attackers) == len(set(attackers)) and len(defenders) == len(set(defenders))
    for c in combats:
        assert c["attackers"]
        assert all(C.adjacent_across(s, s.unit(a)["hex"], t) for a in c["attackers"] for t in c["targets"])


def test_a_unit_whose_enemy_nobody_else_can_reach_leaves_a_shared_attack():
    # D-Day §10: every defending unit in ZOC must be attacked. US 1 ID (X36) is engaged by X35 and X37, US 3 AD
    # (Y35) only by X35; both first go against the weaker X35, and nobody else is adjacent to X37: US 1 ID leaves
    # the shared attack to attack DE 91 ID at X37, US 3 AD still attacks X35 (before, X37 was left unattacked)
    s = empty()
    put(s, "DE-343-STD", "X35")
    put(s, "DE-91-ID", "X37")
    put(s, "US-1-ID", "X36")
    put(s, "US-3-AD", "Y35")
    assert C.must_be_attacked(s, "allied") == ["X35", "X37"]
    combats, withdrawn = C.complete_plan(s, "allied", [])
    assert not withdrawn
    assert sorted((c["targets"], c["attackers"]) for c in combats) == [
        (["X35"], ["US-3-AD"]), (["X37"], ["US-1-ID"])]
    _check_complete(s, "allied", combats)


def test_a_declared_multi_hex_attack_that_leaves_a_unit_nothing_to_attack_is_withdrawn():
    # D-Day §10: the attackers of a multi-hex attack must all be adjacent to all its hexes, and every unit in enemy
    # ZOC must attack. US 1 ID alone attacks X35 and X37 together: US 3 AD (Y35), engaged only by X35, cannot join
    # (it is not adjacent to X37) and would fight nobody, so the attack is withdrawn and the plan completed
    s = empty()
    put(s, "DE-343-STD", "X35")
    put(s, "DE-91-ID", "X37")
    put(s, "US-1-ID", "X36")
    put(s, "US-3-AD", "Y35")
    start(s, "combat", side="allied")
    for a in ("attack X35", "add US-1-ID", "also X37", "declare"):
        s.apply(a)
    events = s.apply("done")
    assert [e["type"] for e in events].count("withdrawn") == 1
    decl = combats_of(events)
    assert sorted((d["targets"], d["attackers"]) for d in decl) == [(["X35"], ["US-3-AD"]), (["X37"], ["US-1-ID"])]


def test_a_lone_unit_attacks_every_hex_engaging_it_at_once():
    # D-Day §10: a unit may attack into several hexes (adjacent to all of them); US 1 ID at X36, alone against four
    # German hexes around it, attacks all four in one combat (there is no limit of three hexes)
    s = empty()
    for uid, h in (("DE-343-STD", "W35"), ("DE-91-ID", "X35"), ("DE-352-ID", "Y36"), ("DE-716-STD", "X37")):
        put(s, uid, h)
    put(s, "US-1-ID", "X36")
    combats, _ = C.complete_plan(s, "allied", [])
    assert len(combats) == 1 and sorted(combats[0]["targets"]) == ["W35", "X35", "X37", "Y36"]
    _check_complete(s, "allied", combats)


def test_the_completed_plan_always_meets_every_requirement():
    # D-Day §10 (and its river and fortress exceptions): on random crowded positions, with and without a declared
    # attack, the completed plan attacks with every unit in enemy ZOC and attacks every unit that must be attacked
    import random

    from westfront.games.dday_3rd.data import units

    rnd = random.Random(16)
    region = [f"{c}{n}" for c in ("S", "T", "U", "V", "W", "X", "Y") for n in range(30, 38)]
    allied = [u for u, d in units().items() if d.side == "allied" and not d.paris][:40]
    german = [u for u, d in units().items() if d.side == "german"][:40]
    checked = 0
    for _ in range(120):
        s = empty()
        hexes = [h for h in region if (s.board.playable >> s.board.m.index[h]) & 1]
        rnd.shuffle(hexes)
        for k, h in enumerate(hexes[:rnd.randint(6, 16)]):
            side_units = allied if k % 2 else german
            put(s, side_units[k // 2], h)
        side = rnd.choice(["allied", "german"])
        declared = []
        for uid in s.on_map(side):
            targets = C.enemy_hexes_adjacent(s, s.unit(uid)["hex"], side)
            if targets and rnd.random() < 0.3:
                pick = rnd.sample(targets, min(len(targets), rnd.randint(1, 2)))
                declared.append({"id": len(declared) + 1, "targets": pick, "attackers": [uid],
                                 "defenders": [d for t in pick for d in s.at(t)], "air": None})
                break
        combats, _ = C.complete_plan(s, side, declared)
        _check_complete(s, side, combats)
        checked += 1
    assert checked == 120


def test_invaders_must_attack_a_german_fortress_coast():
    # D-Day §7.1: invaders whose coastal hex holds German units must attack it, even a fortress (no ZOC out of it,
    # §4.1): `done` is refused with the rule and the reason until the attack is declared, and it cannot be cancelled
    s = empty(week=1)
    s.g["invasions"] = [{"sector": "le_havre", "week": 1}]
    arrow = s.board.arrow_by_coast["R30"]  # Le Havre
    put(s, "DE-346-STD", "R30")
    put(s, "US-1-ID", arrow.sea, invader=True, fresh=True)
    s.g["invasion_units"] = ["US-1-ID"]
    start(s, "combat", side="allied", stage=None)
    acts = labels(s.legal_actions())
    assert "done" not in acts and "attack R30" in acts
    before = s.hash()
    with pytest.raises(IllegalAction, match=r"D-Day 7.1: the invaders at sea must attack the German units in R30"):
        s.apply("done")
    assert s.hash() == before
    s.apply("attack R30")
    assert "cancel" not in labels(s.legal_actions()) and "remove US-1-ID" not in labels(s.legal_actions())
    s.apply("declare")
    assert "done" in labels(s.legal_actions())
