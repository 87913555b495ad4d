"""Skirmish positions as one int array, and the board's static tables, for ``skirmish_legal.pyx``.

A native core would hold the position this way all the time; here it is derived from the engine's
``State`` (not timed) so the compiled list can be checked against ``legal_actions`` position by position.

Layout: ``[zoc rule, step, a, b, c, units, (side | kind << 1, hex, moved, attacked, oos, 0) per unit,
n, list...]`` — ``a, b, c`` per step: phase (side), move_unit (unit), attack (target hex), retreat
(first unit, origin, length), advance (vacated hex); the list is the attackers or the advancing units.
"""

from __future__ import annotations

from array import array
from typing import Any

from westfront.core.movement import PROHIBITED
from westfront.games.skirmish import rules

STEPS = {"phase": 0, "move_unit": 1, "attack": 2, "retreat": 3, "advance": 4}
ZOC = {"stop": 0, "cost2": 1, "engage": 2}
SIDE = {"blue": 0, "red": 1}
KIND = {"inf": 0, "arm": 1}


def unit_ids() -> list[str]:
    """Every unit of both scenarios, in one fixed order (the table order of ``g['units']`` per scenario)."""
    out: list[str] = []
    for sides in rules.SCENARIO_SETUP.values():
        for units in sides.values():
            out.extend(uid for uid, _, _ in units if uid not in out)
    return out


def board_args() -> tuple[Any, ...]:
    """The arguments of ``skirmish_legal.Board``: per hex and per hexside, from the map and the rules' tables."""
    m = rules.game_map()
    enter, side_extra, side_all, _marsh = rules.static_costs()
    sea = rules.sea_sides()
    n = len(m.nbrs)
    extra = [[side_extra.get((h, x), 0) for x in m.nbrs[h]] for h in range(n)]
    whole = [[1 if (h, x) in side_all else 0 for x in m.nbrs[h]] for h in range(n)]
    sea_side = [[1 if (h, x) in sea else 0 for x in m.nbrs[h]] for h in range(n)]
    marsh = [1 if m.terrain[h] == "marsh" else 0 for h in range(n)]
    is_sea = [1 if m.terrain[h] == "sea" else 0 for h in range(n)]
    labels = [lab if lab is not None else "" for lab in m.labels]
    order = sorted(range(n), key=lambda h: labels[h])
    rank = [0] * n
    for r, h in enumerate(order):
        rank[h] = r
    dist = bytes(min(255, m.distance(a, b)) if m.labels[a] and m.labels[b] else 255 for a in range(n) for b in range(n))
    assert all(e == PROHIBITED or e > 0 for e in enter)
    mp_of = (rules.UNIT_TYPES["inf"]["mp"], rules.UNIT_TYPES["arm"]["mp"])
    full = (rules.UNIT_TYPES["inf"]["steps"], rules.UNIT_TYPES["arm"]["steps"])
    return ([list(ns) for ns in m.nbrs], list(enter), extra, whole, sea_side, marsh, is_sea, rank, labels,
            unit_ids(), mp_of, full, dist)


def encode(s: Any, ids: list[str]) -> array:
    """The position ``s`` (a skirmish ``GameState`` at a decision) as the prototype's int array."""
    g = s.g
    m = s.map
    f = s.frame()
    units = g["units"]
    index = {uid: i for i, uid in enumerate(ids)}
    oos = set(g["oos"])
    out = [ZOC[s.options["zoc"]], STEPS[f["step"]], 0, 0, 0, len(ids)]
    step = f["step"]
    lst: list[int] = []
    if step == "phase":
        out[2] = SIDE[f["side"]]
    elif step == "move_unit":
        out[2] = index[f["unit"]]
    elif step == "attack":
        out[2] = m.index[f["target"]]
        lst = [index[a] for a in f["attackers"]]
    elif step == "retreat":
        out[2], out[3], out[4] = index[f["units"][0]], m.index[f["origin"]], f["length"]
    elif step == "advance":
        out[2] = m.index[f["hex"]]
        lst = [index[a] for a in f["units"]]
    for uid in ids:
        u = units.get(uid)
        if u is None:
            out += [0, -1, 0, 0, 0, 0]
            continue
        out += [SIDE[u["side"]] | KIND[u["kind"]] << 1, m.index[u["hex"]] if u["hex"] else -1,
                int(u["moved"]), int(u["attacked"]), int(uid in oos), 0]
    out.append(len(lst))
    out += lst
    return array("i", out)


def as_text(acts: list[tuple[str, ...]]) -> list[str]:
    """The prototype's tuples as the engine's action texts (``str(Action)``)."""
    return [" ".join(a) for a in acts]
