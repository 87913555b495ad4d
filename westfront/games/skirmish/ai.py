"""AI hooks for Skirmish: evaluation and action priors (see westfront.ai.hooks).

Skirmish is won by holding Ostburg (0905) after the last turn or by destroying the
enemy (skirmish 6), so the evaluation weighs Ostburg, surviving steps and how close
each side stands to Ostburg. Attack priors use the same odds as the UI preview
(``GameState.preview``), so the AI never disagrees with the odds a player sees.
Skirmish has no hidden information.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...core.actions import Action
from ...core.combat.odds_crt import total_modifier
from .rules import CRT, DEFENSIVE, GameState, game_map, other

OSTBURG = "0905"
# how good each combat result is for the attacker
RESULT_VALUE = {"AE": -1.0, "AR": -0.4, "EX": 0.1, "DR": 0.4, "DE": 1.0}


def _steps(s: GameState, side: str) -> int:
    return sum(u["steps"] for u in s.units_of(side))


def _closeness(s: GameState, side: str) -> float:
    """Mean of 1/(1+distance to Ostburg) over the side's units."""
    m = s.map
    goal = m.index[OSTBURG]
    units = s.units_of(side)
    if not units:
        return 0.0
    return sum(1.0 / (1 + m.distance(m.index[u["hex"]], goal)) for u in units) / len(units)


def evaluate(state: Any, side: str) -> float:
    """``side``'s prospects in [-1, 1]: Ostburg (more as the end nears), steps, closeness."""
    s: GameState = state
    r = s.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == side else -1.0)
    enemy = other(side)
    own, opp = _steps(s, side), _steps(s, enemy)
    material = (own - opp) / max(1, own + opp)
    progress = s.g["turn"] / s.g["max_turns"]
    ostburg = 1.0 if s.g["control"][OSTBURG] == side else -1.0
    x = 1.5 * material + (0.4 + 0.8 * progress) * ostburg + 0.8 * (_closeness(s, side) - _closeness(s, enemy))
    return math.tanh(x)


def explain(state: Any, side: str) -> dict[str, Any]:
    """The one objective the skirmish agents steer by (issue 21): take or keep Ostburg, destroy the enemy."""
    s: GameState = state
    held = s.g["control"][OSTBURG] == side
    targets = [u["hex"] for u in s.units_of(other(side))]
    return {"side": side, "phase": "hold" if held else "take",
            "text": f"{'Keep' if held else 'Take'} Ostburg ({OSTBURG}) to the last turn; attack at good odds (skirmish 6).",
            "objectives": [{"name": "ostburg", "priority": 0, "count": 1, "hexes": [OSTBURG], "text": "Ostburg"},
                           {"name": "enemy", "priority": 1, "count": len(targets), "hexes": targets,
                            "text": "enemy units to attack"}]}


def features(state: Any, side: str) -> dict[str, float]:
    """What the fitted evaluation learns beyond the generic view features: the objective."""
    s: GameState = state
    ostburg = 1.0 if s.g["control"][OSTBURG] == side else -1.0
    progress = s.g["turn"] / s.g["max_turns"]
    return {"ostburg": ostburg, "ostburg_late": ostburg * progress,
            "closeness": _closeness(s, side) - _closeness(s, other(side))}


def attack_value(s: GameState, target: str, attackers: list[str]) -> float:
    """Expected result of an attack, -1 (attacker eliminated) .. 1 (defender eliminated)."""
    if not attackers:
        return -0.5
    if s.options["combat"] == "odds":
        col, mods = s.odds_of(target, attackers)
        if col is None:
            return -1.0
        dist = CRT.distribution(col, total_modifier(mods))
        return sum(p * RESULT_VALUE.get(res, 0.0) for res, p in dist.items())
    att = sum(s.strength(s.g["units"][a], "att") for a in attackers)
    dfn = sum(s.strength(u, "dfn") for u in s.at(target))
    return (att - dfn) / (att + dfn)


def _hex_value(s: GameState, side: str, label: str) -> float:
    """Ending a move in ``label``: near Ostburg, Ostburg itself, defensive terrain, out of enemy ZOC."""
    i = s.map.index[label]
    v = _place_values()[i]
    if (s.zoc_bb(other(side)) >> i) & 1:
        v -= 0.05
    return v


@cache
def _place_values() -> tuple[float, ...]:
    """The printed part of :func:`_hex_value` per hex (the map is fixed): every move scored asks it per hex."""
    m = game_map()
    goal = m.index[OSTBURG]
    out = []
    for i, lab in enumerate(m.labels):
        v = 0.0
        if lab is not None:
            v = 1.0 / (1 + m.distance(i, goal))
            if lab == OSTBURG:
                v += 1.0
            if m.terrain[i] in DEFENSIVE:
                v += 0.15
        out.append(v)
    return tuple(out)


def score_actions(state: Any, side: str, actions: Sequence[Action]) -> list[float]:
    """Cheap priors for each legal action (roughly -1..1.5)."""
    s: GameState = state
    f = s.frame() or {}
    step = f.get("step")
    out: list[float] = []
    for a in actions:
        v = 0.0
        if a.verb == "move":
            v = 0.3
        elif a.verb == "attack":
            t = a.args[0]
            v = 0.2 + 0.6 * attack_value(s, t, s.eligible_attackers(t))
        elif a.verb == "end":
            v = -0.1
        elif a.verb == "to":
            v = _hex_value(s, side, a.args[0])
        elif step == "attack" and a.verb in ("add", "remove", "resolve", "cancel"):
            now = attack_value(s, f["target"], list(f["attackers"]))
            if a.verb == "add":
                v = 0.2 + attack_value(s, f["target"], [*f["attackers"], a.args[0]]) - now
            elif a.verb == "remove":
                v = attack_value(s, f["target"], [u for u in f["attackers"] if u != a.args[0]]) - now
            elif a.verb == "resolve":
                v = now
            else:
                v = -0.2 - now
        elif a.verb == "cancel":
            v = -0.5
        elif a.verb in ("retreat", "advance"):
            v = _hex_value(s, side, a.args[1]) + (0.2 if a.verb == "advance" else 0.0)
        out.append(v)
    return out
