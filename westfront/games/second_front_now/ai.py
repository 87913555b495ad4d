"""AI hooks for Second Front Now! (see westfront.ai.hooks).

The evaluation is the German VP margin over the bar he must clear (4.6-4.7), plus the steps each
side has left. Priors: attacks by the expected hits of the fire exchange (the same hit numbers the
battle board shows), moves toward the VP hexes the side does not hold, shots at the target most
likely to be hit (and finished). Hidden information (10.6): a German search re-deals the Allied
units it cannot see among the places it sees them in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from ...core.actions import Action
from ...core.state import PureMemo
from .board import board
from .combat import base_value, hit_number, retreat_hexes, terrain_modifiers
from .data import ALLIED, GERMAN, units
from .exchange import exchange
from .movement import reach_from
from .plan import FAR, plan
from .position import Position, opponent
from .steps_command import attack_capable, movers_at
from .victory import threshold
from .view import hidden_from, in_battle

HIDDEN_INFORMATION = True
ACROSS_BONUS = 1.2  # the first supplied Allied unit beyond the breakout line (6.1: +1 CP a turn)
BEACH_GARRISON = 3  # line steps an Allied beach within the German's reach should keep (4.3)
COMMONWEALTH_LOSS = 1.2  # 4.5: a Commonwealth unit lost is a German VP; worth more than a step dealt
ENTER_EARLY, ENTER_LATER, ENTER_MASS = 0.9, 0.55, 20  # 7.3: a landing's worth; past ENTER_MASS steps ashore, one a turn


def _steps(s: Position, side: str) -> int:
    """The side's steps on the map and in the North, South and England boxes (read from the kit's lists)."""
    recs = s.g["units"]
    ids = [*s.on_map(side), *s.in_box("north", side), *s.in_box("south", side), *s.in_box("england", side)]
    return sum(recs[u]["steps"] for u in ids)


def evaluate(state: Any, side: str) -> float:
    s: Position = state
    r = s.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == side else -1.0)
    margin = (s.vp() - threshold(s) + 0.5) / 12.0
    g, a = _steps(s, GERMAN), _steps(s, ALLIED)
    material = (g - a) / max(1, g + a)
    x = margin + 0.8 * material
    return math.tanh(x if side == GERMAN else -x)


def features(state: Any, side: str) -> dict[str, float]:
    """Plan facts for the learned evaluation (westfront/ai/learned.py), signed for ``side``: the German VP
    total against what he needs at the end of turn 80 (4.6-4.7; public, on the status line), alone and
    weighted by how late it is. Material is left to the generic features, which read the side's view
    (under fog of war the other side's steps are not all visible)."""
    s: Position = state
    sign = 1.0 if side == GERMAN else -1.0
    margin = (s.vp() - threshold(s) + 0.5) / 12.0
    late = min(1.0, s.g["turn"] / 80.0)
    return {"vp_margin": sign * margin, "vp_margin_late": sign * margin * late}


def _objectives(s: Position, side: str) -> tuple[int, ...]:
    """The hexes ``side`` wants to take (memoised per position: every scored hex asks)."""
    got = s.memo.get(("objectives", side))
    if got is not None:
        return got  # type: ignore[no-any-return]

    def compute() -> tuple[int, ...]:
        b = s.b
        ctl = s.g["control"]
        if side == ALLIED:
            return tuple(i for i in b.vp if ctl.get(b.label(i), GERMAN) == GERMAN)
        return tuple(i for i in list(b.vp) + s.active_beaches() if ctl.get(b.label(i)) == ALLIED)

    return s.cached(("objectives", side), compute)  # type: ignore[no-any-return]


def allied_hex_value(s: Position, label: str) -> float:
    """The Allied worth of standing in a hex under the plan: nearer the axis objective and the
    others, in supply (9.3), beaches never left empty (4.3), taken VP hexes held when threatened."""
    b = s.b
    i = b.hex(label)
    p = plan(s, ALLIED)
    ctl = s.g["control"]
    v = 0.1 * (20 - min(p.to_axis[i], 20)) + 0.03 * (20 - min(p.to_any[i], 20))
    if i in b.vp:
        v += 0.15 * b.vp[i] if ctl.get(label, GERMAN) == GERMAN else 0.0
    if p.phase == "lodgement" and i in b.centres_inside and ctl.get(label, GERMAN) == GERMAN:
        v += 0.4
    if not (b.within_breakout >> i) & 1 and (p.supplied >> i) & 1:
        # 6.1: a supplied unit beyond the line is one more CP every turn; the first one is worth a detour
        v += 0.3 if p.across else ACROSS_BONUS
    if not (p.supplied >> i) & 1 and not (b.coastal >> i) & 1:
        v -= 0.8  # 9.2: out of supply it can neither move far nor be replaced
    if b.map.terrain[i] in ("forest", "hills", "marsh") or b.map.features[i] & {"city", "fortress"}:
        v += 0.1
    if i in s.active_beaches():
        if s.occupant(label) is None:
            v += 1.5  # 4.3, 9.3: an empty beach is a supply source and 3 VP waiting for the German
        elif _line_steps(s, s.at(label)) < BEACH_GARRISON and _threatened(s, i, 3):
            v += 0.8  # a thin beach garrison within the German's reach: stack up (artillery alone is no garrison)
    if i in b.vp and ctl.get(label) == ALLIED and s.occupant(label) is None and _threatened(s, i, 4):
        v += 0.3 * b.vp[i] + 0.5  # 11.6: an empty town the German walks into is his again
    friends = [u for u in s.at(label) if units()[u].side == ALLIED]
    if friends and _threatened(s, i):
        v += 0.15 * len(friends)  # a lone division is what the German attacks (4.5, 13.6)
    return v


def allied_enter_value(s: Position) -> float:
    """7.3: a landing costs a CP that a move or attack could use. While the beachhead is thin every
    division counts; once ENTER_MASS steps are ashore, one landing a turn keeps the build-up going
    and further CP go to attacks and moves toward the axis first."""
    ashore = s.cached(("allied_ashore",), lambda: sum(
        s.u(u)["steps"] for u in s.on_map(ALLIED) if units()[u].combat))
    if ashore < ENTER_MASS:
        return ENTER_EARLY
    turn = s.g["turn"]
    landed = any(s.u(u)["landed"] == turn for u in s.on_map(ALLIED))
    return ENTER_LATER if landed else ENTER_EARLY


def _line_steps(s: Position, ids: list[str]) -> int:
    """Steps of line (non-artillery) combat units: what holds a hex against an assault (13.6)."""
    return sum(s.u(u)["steps"] for u in ids if units()[u].combat and not units()[u].artillery)


def _threatened(s: Position, i: int, radius: int = 2) -> bool:
    """A German combat unit within ``radius`` hexes could attack or retake the hex (11.6)."""
    m = s.b.map
    return any(m.distance(h, i) <= radius for h in _german_combat_hexes(s))


def _german_combat_hexes(s: Position) -> tuple[int, ...]:
    """The hexes of the German combat units on the map, one per unit in unit order (memoised per
    position: ``_threatened`` asks for every scored hex)."""
    got = s.memo.get("german_combat_hexes")
    if got is not None:
        return got  # type: ignore[no-any-return]
    m = s.b.map
    return s.cached("german_combat_hexes", lambda: tuple(  # type: ignore[no-any-return]
        m.index[s.u(u)["hex"]] for u in s.on_map(GERMAN) if units()[u].combat))  # type: ignore[index]


@cache
def _axial() -> tuple[np.ndarray, np.ndarray]:
    """The map's axial coordinates as arrays (0 where the map has no hex: never asked for)."""
    m = board().map
    q = np.array([a[0] if a is not None else 0 for a in m.axial], dtype=np.int64)
    r = np.array([a[1] if a is not None else 0 for a in m.axial], dtype=np.int64)
    return q, r


def _nearest(objs: tuple[int, ...]) -> list[int]:
    """Per hex, the hex distance to the nearest of ``objs`` (GameMap.distance, for every hex at once)."""
    q, r = _axial()
    o = np.array(objs, dtype=np.int64)
    dq = q[:, None] - q[o][None, :]
    dr = r[:, None] - r[o][None, :]
    return ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).min(axis=1).tolist()  # type: ignore[no-any-return]


# the objectives change only with control, and every move scored asks for every hex it reaches
_NEAREST = PureMemo(_nearest, limit=256)


def hex_value(s: Position, side: str, label: str) -> float:
    if side == ALLIED and s.g.get("area"):
        return allied_hex_value(s, label)
    b = s.b
    i = b.hex(label)
    objs = _objectives(s, side)
    v = 0.0
    if objs:
        d = _NEAREST(objs)[i]  # min over the objectives of the hex distance
        v += 1.0 / (1 + d)
    if i in b.vp:
        v += 0.1 * b.vp[i]
    if b.map.terrain[i] in ("forest", "hills", "marsh") or b.map.features[i] & {"city", "fortress"}:
        v += 0.15
    if side == ALLIED and (b.within_breakout >> i) & 1 == 0:
        v += 0.2
    if side == ALLIED and i in s.active_beaches() and s.occupant(label) is None:
        v += 1.0  # 4.3, 9.3: an empty beach is a supply source and 3 VP waiting for the German
    return v


def move_gain(s: Position, side: str, origin: str, strategic: bool = False) -> float:
    """How much better the best reachable hex is than staying (<= 0: not worth a CP)."""
    ids = movers_at(s, origin, side)
    if not ids:
        return -1.0
    r = reach_from(s, sorted(ids), origin, strategic=strategic)
    here = hex_value(s, side, origin)
    best = max((hex_value(s, side, s.b.label(h)) for h in r.ends), default=here)
    gain = best - here
    if side == ALLIED:
        gain -= leaving_penalty(s, side, origin, sorted(ids))
    return gain if gain > 0.02 else -0.5


def attack_value(s: Position, origin: str, target: str) -> float:
    """Expected hits dealt minus hits taken, per defending step (rough, before the dice)."""
    att = [u for u in s.at(origin) if units()[u].combat and units()[u].type != "garrison"]
    dfn = s.at(target)
    if not att or not dfn:
        return -1.0
    if units()[att[0]].side == ALLIED:
        return allied_attack_value(s, origin, target)
    dealt = 0.0
    for u in att:
        best = max(max(0, base_value(s, u, t) + sum(m.amount for m in terrain_modifiers(s, u, origin, target)))
                   for t in dfn)
        dealt += s.u(u)["steps"] * best / 10
    taken = sum(s.u(d)["steps"] * max(base_value(s, d, t) for t in att) / 10 for d in dfn)
    dsteps = sum(s.u(d)["steps"] for d in dfn)
    bonus = 0.3 if s.b.hex(target) in s.b.vp else 0.0
    value = (dealt - taken) / max(1, dsteps) + bonus + (0.3 if dealt >= dsteps else 0.0)
    if units()[att[0]].side == ALLIED:
        value += allied_attack_bonus(s, origin, target, att, dfn)
    return value


def allied_attackers(s: Position, origin: str) -> list[str]:
    """The units the Allied commit step will send (allied_tactics): the stack's units that may act,
    less its one-step Commonwealth units when a stronger line unit can carry the attack (4.5)."""
    pool = [u for u in movers_at(s, origin, ALLIED) if units()[u].type != "garrison"]
    strong = [u for u in pool if not units()[u].artillery and not weak_commonwealth(s, u)]
    return [u for u in pool if not (strong and weak_commonwealth(s, u))]


def allied_attack_value(s: Position, origin: str, target: str) -> float:
    """The Allied attack by the expected fire exchange (exchange.py): steps dealt against steps
    taken, and every Commonwealth unit expected to die in the defensive fire a German VP (4.5) --
    a bad-odds attack (a fortress, a strong stack, reduced divisions) scores below ending the turn."""
    att = allied_attackers(s, origin)
    if not any(attack_capable(u) for u in att):
        return -1.0
    ex = exchange(s, origin, target, att)
    dsteps = max(1, ex.defender_steps)
    value = (ex.dealt - ex.taken) / dsteps + (0.3 if ex.dealt >= dsteps else 0.0)
    if s.b.hex(target) in s.b.vp and ex.dealt >= 0.6:
        value += 0.3  # one hit makes the German retreat (his heuristic does) and the town changes hands
    value -= COMMONWEALTH_LOSS * ex.commonwealth_lost
    if ex.dealt < ex.taken and ex.dealt < 0.6:
        value -= 0.4  # no hit to speak of in return: the attack only feeds the German VP and replacements
    return value + allied_attack_bonus(s, origin, target, att, s.at(target))


def allied_attack_bonus(s: Position, origin: str, target: str, att: list[str], dfn: list[str]) -> float:
    """The plan's say on an Allied attack: set-piece attacks on the axis, never piecemeal ones.

    A stack of one weak unit trades steps it cannot spare (4.5 for the Commonwealth); a full
    stack against a target on the way to the axis objective (or on it) is what wins VP."""
    p = plan(s, ALLIED)
    b = s.b
    t, o = b.hex(target), b.hex(origin)
    steps = sum(s.u(u)["steps"] for u in att)
    dsteps = sum(s.u(d)["steps"] for d in dfn)
    v = 0.0
    if steps < 3 or steps < dsteps:
        v -= 0.4
    if p.axis is not None and t == p.axis:
        v += 0.5
    elif p.to_axis[t] < p.to_axis[o] or p.to_any[t] == 0:
        v += 0.25
    elif p.to_axis[t] >= FAR:
        v -= 0.2
    if t in b.vp:
        v += 0.05 * b.vp[t]
    if (b.fortress >> t) & 1 and t != p.axis:
        v -= 0.4  # 14.2: a fortress costs a set-piece attack, not a passing one
    if units()[att[0]].group == "commonwealth":
        v -= 0.15  # 4.5: every Commonwealth division lost is a German VP
    return v


def weak_commonwealth(s: Position, uid: str) -> bool:
    """A one-step Commonwealth unit: the next hit eliminates it and scores the German a VP (4.5)."""
    return units()[uid].group == "commonwealth" and s.u(uid)["steps"] <= 1


def trapped(s: Position, battle: dict[str, Any]) -> bool:
    """13.6, 13.8: a defender that would be eliminated by retreating -- a garrison, or a unit with no
    hex to retreat to (enemy units and EZOC all round, the sea behind). Then standing costs only
    the hits taken, retreating costs the units."""
    target = battle["target"]
    involved = battle["attackers"] + battle["defenders"]
    for u in battle["defenders"]:
        if s.u(u)["hex"] != target:
            continue
        if units()[u].type == "garrison" or not retreat_hexes(s, u, target, involved, []):
            return True
    return False


def _battle(s: Position) -> dict[str, Any] | None:
    return next((fr for fr in reversed(s.frames()) if fr["step"] == "battle"), None)


def allied_tactics(s: Position, f: dict[str, Any], a: Action, v: float) -> float:
    """Allied battle decisions that spare the Commonwealth (4.5): hold its one-step units back,
    break off to bring a destroyed one back (13.1)."""
    step = f.get("step")
    if step == "commit" and a.verb in ("add", "remove"):
        uid = a.args[0]
        others = [u for u in f["attackers"] if u != uid and not units()[u].artillery and not weak_commonwealth(s, u)]
        if weak_commonwealth(s, uid) and others:
            return 0.6 if a.verb == "remove" else -0.3
    if step == "choice" and a.verb in ("retreat", "stand"):
        b = _battle(s)
        if b and b.get("defender") == ALLIED and trapped(s, b):
            return 0.0 if a.verb == "retreat" else 0.7  # 13.6: with nowhere to go, a retreat kills the stack
        if b and b.get("defender") == ALLIED:
            i = s.b.hex(b["target"])
            key = i in s.active_beaches() or s.b.vp.get(i, 0) >= 2
            alive = any(s.u(u)["steps"] > 0 for u in b["defenders"])
            if key and alive:  # 4.3: a retreat off a beach hands the German 3 VP when he advances
                return 0.7 if a.verb == "stand" else 0.2
    if step == "choice" and a.verb == "break_off":
        b = _battle(s)
        if b and any(s.u(u)["steps"] == 0 and units()[u].group == "commonwealth" for u in b.get("hits", [])):
            return 0.7
    return v


def _leaving_penalty(s: Position, side: str, f: dict[str, Any]) -> float:
    return leaving_penalty(s, side, f["origin"], f["group"])


def leaving_penalty(s: Position, side: str, origin: str, leaving: list[str]) -> float:
    """Emptying a held beach (4.3: 3 VP to the German) or VP hex costs more than the move gains."""
    i = s.b.hex(origin)
    stay = [u for u in s.at(origin) if u not in leaving]
    if any(units()[u].combat for u in stay):
        if side == ALLIED and i in s.active_beaches() and _threatened(s, i, 3):
            # 4.3: what stays behind must still hold the beach
            return 0.8 if _line_steps(s, stay) < BEACH_GARRISON else 0.0
        return 0.0
    if side == ALLIED and i in s.active_beaches():
        return 2.5  # more than any destination is worth, the first unit beyond the line included
    if side == ALLIED and i in s.b.vp and _threatened(s, i, 4):
        return 0.3 * s.b.vp[i] + 0.4
    if i in s.b.vp:
        return 0.1 * s.b.vp[i] + 0.2
    return 0.0


AREA_REACH = 12  # hexes from the beaches a VP hex still counts for the choice of area (3.2)
AREA_DEFENCE = 4  # German steps this close to the beaches meet the landing force first
AREA_FORTRESS = 3  # a fortress this close is a siege the beachhead must lay (14.2, 4.5)
AREA_MARGIN = 3.0  # areas valued within this much are equal: the agent's seeded tie-break picks one


def invasion_area_value(s: Position, area: str) -> float:
    """3.2: what an invasion area offers before a unit lands: the VP hexes within reach of its
    beaches (nearer worth more, 4.2), less the German steps set up close to them (3.4: the printed
    hexes before the German places, the map after) and the fortresses next to them (14.2: -2/-3 to
    every shot and a garrison that never retreats, where Commonwealth units die for a German VP, 4.5)."""
    b = s.b
    m = b.map
    beaches = b.beaches[area]

    def dist(i: int) -> int:
        return min(m.distance(i, x) for x in beaches)

    value = sum(v / (1 + dist(i) / 4) for i, v in b.vp.items() if dist(i) <= AREA_REACH)
    for uid, us in s.g["units"].items():
        d = units()[uid]
        where = us["hex"] or (d.setup if us["box"] == "setup" and d.setup[:1].isdigit() else None)
        if d.side == GERMAN and d.combat and where and dist(b.hex(where)) <= AREA_DEFENCE:
            value -= 0.1 * us["steps"]
    forts = sum(1 for i in range(len(m.labels)) if (b.fortress >> i) & 1 and dist(i) <= AREA_FORTRESS)
    return value - 1.0 * forts


def area_score(s: Position, area: str) -> float:
    """3.2: the invasion area by what it offers; two areas within AREA_MARGIN score the same, so the
    heuristic's seeded tie-break (and the search) plays both. Measured (README "Balance"): with the
    map's VP, Dieppe and Calais gave the German about the same totals (seeds 200-209), so always
    landing at Calais bought nothing and made every game start alike."""
    values = {a: invasion_area_value(s, a) for a in ("calais", "dieppe")}
    best = max(values.values())
    return 0.5 - 0.02 * max(0.0, best - AREA_MARGIN - values[area])


FIXED = {"launch": 0.6, "decline": 0.3, "contest": 0.2, "declare": 0.1, "naval": 0.8, "continue": 0.4,
         "break_off": 0.2, "retreat": 0.5, "stand": 0.35, "none": 0.0,
         "normal": 0.3, "strategic": 0.4, "resolve": 0.5, "stop": 0.1}


def score_actions(state: Any, side: str, actions: Sequence[Action]) -> list[float]:
    s: Position = state
    f = s.frame() or {}
    step = f.get("step")
    out: list[float] = []
    for a in actions:
        v = FIXED.get(a.verb, 0.0) if step in ("choice", "commit", "fire") or a.verb in FIXED else 0.0
        if step == "command":
            if a.verb == "attack":
                v = 0.4 + attack_value(s, a.args[0], a.args[1])
            elif a.verb == "move":
                v = 0.2 + move_gain(s, side, a.args[0])
            elif a.verb == "strategic":
                v = 0.25 + move_gain(s, side, a.args[0], strategic=True) if side == ALLIED else 0.4
            elif a.verb == "enter":
                v = (allied_enter_value(s) if side == ALLIED else 0.5) + 0.05 * units()[a.args[0]].steps
            elif a.verb == "hq":
                v = 0.9
            elif a.verb == "shift":
                v = -0.3
            elif a.verb == "end":
                v = -0.2
        elif step == "move_stack":
            if a.verb == "to":
                v = 0.3 + hex_value(s, side, a.args[0]) - _leaving_penalty(s, side, f)
                if side == ALLIED:
                    v -= hex_value(s, side, f["origin"])
            elif a.verb == "done":
                v = 0.2 if f["moved"] else -0.6  # a command that moved nobody should be cancelled
            elif a.verb == "cancel":
                v = 0.1
            else:
                v = -0.1
        elif step == "hex_choice":
            if a.verb == "hex":
                v = hex_value(s, side, a.args[0])
        elif step == "fire" and a.verb == "fire":
            battle = next(fr for fr in reversed(s.frames()) if fr["step"] == "battle")
            need = hit_number(s, battle, a.args[0], a.args[1])
            v = need / 10 + (0.2 if s.u(a.args[1])["steps"] == 1 else 0.0)
        elif step == "retreat" and a.verb == "retreat":
            v = hex_value(s, side, a.args[1]) - 0.3 * ((s.zoc_bb(opponent(side)) >> s.b.hex(a.args[1])) & 1)
        elif step == "advance":
            v = 0.6 if a.verb == "advance" else 0.1
            if side == ALLIED and a.verb == "advance":
                # 4.3: an advance that strips a threatened beach hands the German its three VP
                origin = s.u(a.args[0])["hex"]
                v -= leaving_penalty(s, side, origin, [a.args[0]]) if origin else 0.0
        elif step == "cancel_hit":
            v = 0.6 if s.u(a.args[0])["steps"] == 0 else 0.3
            if v > 0.5 and units()[a.args[0]].group == "commonwealth":
                v += 0.2  # 4.5: a destroyed Commonwealth unit saved is a German VP denied
        elif step == "replace":
            if a.verb in ("rebuild", "restore"):
                v = 0.5 if units()[a.args[0]].group != "commonwealth" else 0.05
            else:
                v = 0.1
        elif step == "transfer":
            v = 0.6 + (0.2 if a.verb == "transfer" and units()[a.args[0]].armored else 0.0) if a.verb == "transfer" else 0.0
        elif step == "aerial_supply":
            v = 0.5 if a.verb == "airsupply" else 0.0
        elif step == "withdraw":
            v = 0.1 if a.verb == "done" else 0.0
        elif step == "deploy":
            v = hex_value(s, side, a.args[1]) if a.verb == "place" else 0.0
        elif step == "commit":
            v = 0.5 if a.verb == "resolve" else -0.1
        if step == "choice" and a.verb in ("calais", "dieppe"):
            v = area_score(s, a.verb)
        if side == ALLIED and step in ("commit", "choice"):
            v = allied_tactics(s, f, a, v)
        elif step == "choice" and a.verb in ("retreat", "stand"):
            b = _battle(s)
            if b and b.get("defender") == side and trapped(s, b):
                v = 0.0 if a.verb == "retreat" else 0.7  # 13.6, 13.8: a retreat would eliminate the stack
        out.append(v)
    return out


def determinize(state: Any, side: str, rng: random.Random) -> Any:
    """10.6: the German cannot tell Allied units apart inside stacks or in England; deal them anew.

    What the German sees is the set of Allied units he cannot see (the counter mix less the visible
    ones) and the places holding them (hex counts and the England box). The sample is built from
    those alone: the hidden units are dealt at random over those places and their unseen state is
    reset to a plausible one (full strength, in supply), so two truths he cannot tell apart give the
    same samples. SAF and drop plans are forgotten (15.4, 15.6).
    """
    s: Position = state.clone()
    if side != GERMAN or not s.options.get("fog_of_war", True):
        return s
    s.g["saf"] = []
    s.g["drops"] = []
    battle = in_battle(s)  # the same for every unit: read once, not once per unit
    # only Allied units on the map or in England can be hidden (``hidden_from``); id order, as the table sorted
    hidden = sorted(u for u in [*s.on_map(ALLIED), *s.in_box("england", ALLIED)]
                    if hidden_from(s, GERMAN, u, battle))
    slots = sorted((s.u(u)["hex"] or "", s.u(u)["box"] or "") for u in hidden)
    ids = list(hidden)
    rng.shuffle(ids)
    # a dealt position may break Allied stacking (10.2); the search only needs a plausible one
    s.rewrite_pieces({uid: {"hex": hx or None, "box": box or None, "steps": units()[uid].steps,
                            "supply": "box" if box else "regular", "acted": False, "replaced": False,
                            "landed": 0, "dropped": 0, "withdrawn": 0}
                      for uid, (hx, box) in zip(ids, slots, strict=True)})
    return s

