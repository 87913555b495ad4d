"""The command list's fast paths (issue 34) give the answers of the plain rule code they replace.

Each check walks random positions of real games and compares a fast path with a reference that
reads the rules one unit and one hex at a time, as the code did before: the unit index kept up to
date move by move, the per-hex stacking summaries (SFN 10.1-10.2), the ready stacks (6.4, 8.3,
15.6), the attack targets (6.3, 13.1), the move's stacking limits (10.3) and the memoised entry
hexes (7.3).
"""

from __future__ import annotations

import random

from westfront import api
from westfront.core.pieces import build_placement
from westfront.games.second_front_now.data import GERMAN, tables, units
from westfront.games.second_front_now.movement import may_move_strategically, stacking_bbs
from westfront.games.second_front_now.position import Position, opponent
from westfront.games.second_front_now.reinforcements import entry_hexes
from westfront.games.second_front_now.steps_command import (
    attack_capable,
    attack_targets,
    can_act,
    movers_at,
    ready_stacks,
)


def _stack_ok_plain(s: Position, label: str, adding: list[str]) -> bool:
    """SFN 10.1-10.2 read unit by unit: one side, US and Commonwealth apart, 3 + 1 artillery."""
    ids = list(s.at(label)) + [a for a in adding if a not in s.at(label)]
    if not ids:
        return True
    if len({units()[i].side for i in ids}) > 1 or len({units()[i].group for i in ids}) > 1:
        return False
    t = tables()["stacking"]
    arty = sum(1 for i in ids if units()[i].artillery)
    return arty <= t["artillery"] and len(ids) - arty <= t["non_artillery"]


def _attack_targets_plain(s: Position, side: str) -> list[tuple[str, str]]:
    """SFN 6.3/13.1 read hexside by hexside."""
    b = s.b
    out = []
    for lab in sorted(s.index()):
        ids = [u for u in s.at(lab) if units()[u].side == side and can_act(s, u)]
        if not any(attack_capable(u) for u in ids):
            continue
        h = b.hex(lab)
        for n in b.map.nbrs[h]:
            t = b.label(n)
            if t in s.g["attacked"] or "sea" in b.map.side(h, n) or s.occupant(t) != opponent(side):
                continue
            out.append((lab, t))
    return out


def _entry_hexes_plain(s: Position, uid: str, strategic: bool) -> list[str]:
    """SFN 7.3/12.5 read hex by hex: the box's entry hexes or the nationality's active beaches, never
    onto the enemy, strategic entry never into an EZOC, within stacking limits."""
    b = s.b
    d = units()[uid]
    if d.side == GERMAN:
        cand = b.north_entries if s.u(uid)["box"] == "north" else b.south_entries
    else:
        nat = b.beaches_us if d.group == "us" else b.beaches_cw
        cand = tuple(i for i in s.active_beaches() if (nat >> i) & 1)
    out = []
    for i in cand:
        lab = b.label(i)
        occ = s.occupant(lab)
        if occ is not None and occ != d.side:
            continue
        if strategic and (s.zoc_bb(opponent(d.side)) >> i) & 1:
            continue
        if _stack_ok_plain(s, lab, [uid]):
            out.append(lab)
    return sorted(set(out))


def _positions(seeds: range, every: int = 3):
    for seed in seeds:
        s = api.load("second-front-now", seed=seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal() and n < 1500:
            if n % every == 0:
                yield s
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
            n += 1


def test_fast_paths_agree_with_the_plain_rules_on_random_positions():  # SFN 6.3, 6.4, 7.3, 10.1-10.3, 13.1
    checked = {"ready": 0, "attacks": 0, "moves": 0, "entries": 0}
    for s in _positions(range(2)):
        # the placement kept move by move (the kit's) is the one built from the unit table from scratch
        assert s.placement() == build_placement(s.roster(), s.g["units"])
        assert s.index() == {lab: sorted(u for u, us in s.g["units"].items() if us["hex"] == lab)
                             for lab in {us["hex"] for us in s.g["units"].values() if us["hex"]}}
        for side in ("german", "allied"):
            plain = [(lab, movers_at(s, lab, side)) for lab in sorted(s.index())]
            assert ready_stacks(s, side) == [(lab, ids) for lab, ids in plain if ids]
            assert attack_targets(s, side) == _attack_targets_plain(s, side)
            checked["ready"] += 1
            checked["attacks"] += len(_attack_targets_plain(s, side))
            for lab, ids in ready_stacks(s, side)[:4]:
                no_end = 0
                for other in s.index():
                    if other != lab and s.occupant(other) == side and not _stack_ok_plain(s, other, ids):
                        no_end |= 1 << s.b.hex(other)
                assert stacking_bbs(s, ids) == (0, no_end)
                may_move_strategically(s, ids, lab)  # still callable by the AI and the refusals
                checked["moves"] += 1
        boxed = [u for u, us in s.g["units"].items() if us["box"] in ("north", "south", "england")]
        for uid in boxed[:8]:
            for strategic in (False, True):
                assert entry_hexes(s, uid, strategic) == _entry_hexes_plain(s, uid, strategic)
                checked["entries"] += 1
    assert all(checked.values()), checked


def test_the_ai_s_memoised_objectives_and_threats_match_the_plain_reading():  # SFN 4.2-4.3, 11.6
    from westfront.games.second_front_now import ai

    seen = 0
    for s in _positions(range(1), every=7):
        b, ctl, m = s.b, s.g["control"], s.b.map
        assert ai._objectives(s, "allied") == tuple(i for i in b.vp if ctl.get(b.label(i), GERMAN) == GERMAN)
        assert ai._objectives(s, "german") == tuple(
            i for i in list(b.vp) + s.active_beaches() if ctl.get(b.label(i)) == "allied")
        germans = [m.index[s.u(u)["hex"]] for u in s.on_map(GERMAN) if units()[u].combat]
        for i in list(b.vp)[:10]:
            for radius in (2, 3, 4):
                assert ai._threatened(s, i, radius) == any(m.distance(h, i) <= radius for h in germans)
                seen += 1
    assert seen


def test_the_supply_check_writes_what_supply_kind_reads_unit_by_unit():  # SFN 9.1-9.3, 15.6, 15.8
    from westfront.games.second_front_now.supply import check_supply, supply_kind

    seen = set()
    for s in _positions(range(2), every=25):
        c = s.clone()
        out = check_supply(c)  # type: ignore[arg-type]
        for uid, us in s.g["units"].items():
            if us["hex"] is None and us["box"] is None:
                continue
            kind = supply_kind(s, uid)
            assert c.g["units"][uid]["supply"] == kind, uid
            assert (uid in out) == (kind == "none")
            seen.add(kind)
    assert {"regular", "box", "none"} <= seen, seen


def test_the_set_up_options_read_from_the_stack_summaries_match_the_hex_by_hex_rule():  # SFN 3.4, 10.1-10.2
    from westfront.games.second_front_now.data import GERMAN
    from westfront.games.second_front_now.reinforcements import german_setup_options

    def plain(s: Position, uid: str) -> list[str]:
        b = s.b
        code = units()[uid].setup
        if s.g["area"] == "dieppe" and code == "1510":
            return ["1511"]
        c = b.hex(code)
        out = []
        for i in (c, *b.map.nbrs[c]):
            if b.enter[i] < 0 or i in s.active_beaches() or (i != c and "sea" in b.map.side(c, i)):
                continue
            lab = b.label(i)
            if s.occupant(lab) in (None, GERMAN) and _stack_ok_plain(s, lab, [uid]):
                out.append(lab)
        return sorted(out)

    seen = 0
    for area in ("calais", "dieppe"):
        for seed in range(3):
            s = api.load("second-front-now", seed=seed)
            s.apply(area)
            rnd = random.Random(seed)
            while s.frame()["step"] == "deploy":  # type: ignore[index]
                for uid in s.in_box("setup", GERMAN):  # type: ignore[attr-defined]
                    assert german_setup_options(s, uid) == plain(s, uid)  # type: ignore[arg-type]
                    seen += 1
                acts = s.legal_actions()
                s.apply(acts[rnd.randrange(len(acts))])
    assert seen > 500, seen
