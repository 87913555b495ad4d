"""AI hooks for 1944: D-Day to the Rhine (see westfront/ai: evaluate, score_actions, determinize).

Everything here reads only what both players may know — hidden markers count
as an average German unit and the objective card is ignored — so the
evaluation is the same for both seats (antisymmetric) and never leaks secrets.
Priors use the same dice arithmetic as ``preview`` (one custom die hits an
infantry target half the time, a panzer target a third of the time).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...core.actions import Action
from ...core.bitboard import bits
from ...core.state import digest
from . import units as U
from .ai_threat import exit_threat
from .board import EXIT_ZONES, board
from .combat import attacker_entries, composition, defender_entries, eligible_attackers, per_die_hit
from .hidden import OBJECTIVES, hidden_pieces, resolve
from .movement import rail_area_hex
from .plan import FAR, army_exit_distance, plan, summary
from .position import Position
from .supply import compute, in_supply, supply_map

HIDDEN_INFORMATION = True
THREAT_FROM = 12  # hexes from an exit at which the Germans start screening it (two to three Allied moves)
HIDDEN_SP = 1.5  # what an unknown hidden marker is worth (phantoms and weak new units alike)
OUT_OF_SUPPLY = 1.2  # what ending a move out of supply costs (13.0: elimination at the end of the own turn)
SUDDEN_DEATH_LAST = 9  # 17.1: an exit wins at once until February 1945
# The campaign's evaluation: log-odds of an Allied win (tanh(z/2) = 2 P - 1), a logistic fit on 2,872 positions
# of 40 heuristic mirror games (seeds 1000-1039; held-out accuracy 61-66 % against 44 % for the hand weights it
# replaces, which called nearly every late position an Allied win: the 17.2 German major victory needs only an
# Allied army kept out of Germany or the cities held, and the Allies win by the 17.1 exit or not at all).
# ``threat`` is ai_threat.exit_threat: the term a German screen changes at once. Rounded; material kept at the
# first fit's 0.6 (the coefficient is unstable because material follows the turn); exits as before.
SUDDEN_DEATH = {"drive": 4.0, "material": 0.6, "east": 0.3, "out_of_supply": -4.5, "progress": -12.0,
                "threat": 2.0, "bias": 3.0, "exits": 0.8}


def _material(s: Position, side: str) -> float:
    total = 0.0
    for uid in s.on_map(side):
        if s.unit(uid).get("hid"):
            continue
        total += s.unit(uid)["strength"] * (1.5 if U.is_army(uid) else 1.0)
    if side == "german":
        total += HIDDEN_SP * sum(1 for p in hidden_pieces(s) if p in s.g["phantoms"] or s.unit(p).get("hid"))
    return total


def evaluate(state: Any, side: str) -> float:
    """The side's prospects in [-1, 1]: material, cities, the Ruhr, the Rhine, exits and supply.

    In the campaign with the standard victory (17.1/17.2) the weights are fitted (see ``SUDDEN_DEATH``);
    other scenarios keep the hand-set city weights."""
    s: Position = state
    r = s.result()
    if r is not None:
        if r.winner is None:
            return 0.0
        return 1.0 if r.winner == side else -1.0
    b = board()
    ma, mg = _material(s, "allied"), _material(s, "german")
    mat = (ma - mg) / max(ma + mg, 1.0)
    allied_cities = bits(s.allied_control_bb() & b.city_bb)
    east = sum(1 for i in allied_cities if (b.east_bb >> i) & 1 and (b.germany_bb >> i) & 1)
    exits = sum(1 for k in EXIT_ZONES if s.g["exits"].get(k))
    a_units = s.on_map("allied")
    oos = sum(1 for u in a_units if not in_supply(s, u)) / max(1, len(a_units))
    progress = s.turn / 10.0
    near = army_exit_distance(s)
    drive = (1.0 - min(near, 20) / 20.0) if near < FAR else 0.0
    if s.g["victory"] == "standard" and s.options.get("objectives", "off") == "off":
        w = SUDDEN_DEATH
        threat = exit_threat(s) if s.turn <= SUDDEN_DEATH_LAST else 0.0
        x = 0.5 * (w["drive"] * drive * (0.5 + progress) + w["material"] * mat + w["east"] * east
                   + w["out_of_supply"] * oos + w["progress"] * progress + w["threat"] * threat + w["bias"]
                   + w["exits"] * exits)
    else:
        west = sum(1 for i in allied_cities if (b.west_bb >> i) & 1) / max(1, bin(b.city_bb & b.west_bb).count("1"))
        ruhr = sum(1 for i in b.ruhr() if s.controls("allied", i))
        x = (0.6 * drive * (0.5 + progress) + 1.2 * mat + 1.5 * west * (0.5 + progress) + 0.25 * east
             + 0.3 * ruhr + 0.8 * exits - 0.6 * oos - 0.9 * progress)
    if not a_units:
        x -= 2.0
    v = math.tanh(x)
    return v if side == "allied" else -v


def _attack_value(s: Position, side: str, target: int, attackers: list[str]) -> float:
    if not attackers:
        return 0.0
    enemy = "allied" if side == "german" else "german"
    na = sum(e.dice for e in attacker_entries(s, target, attackers, {}))
    nd = sum(e.dice for e in defender_entries(s, target, None))
    dpz, dinf = composition(s, s.real_at(target))
    apz, ainf = composition(s, attackers)
    gain = na * per_die_hit(s, side, dpz, dinf)
    loss = nd * per_die_hit(s, enemy, apz, ainf)
    d_strength = sum(s.unit(d)["strength"] for d in s.real_at(target)) or 1
    return (gain - loss) / d_strength + (0.5 if gain >= d_strength else 0.0)


def score_actions(state: Any, side: str, actions: Sequence[Action]) -> list[float]:
    """Cheap priors, one per action, in units of 'evaluation gained'."""
    s: Position = state
    b = board()
    f = s.frame() or {}
    step = f.get("step")
    out: list[float] = []
    rp = s.rp(side) if side in ("german", "allied") else 0
    moving: _Destinations | None = None  # a unit's move: the facts its destinations share, once per call
    for a in actions:
        v = 0.0
        verb = a.verb
        if verb in _DESTINATION_VERBS and step == "move_unit":
            if moving is None:
                moving = _Destinations(s, side, f["unit"])
            if verb == "stop":
                v = moving.destination(s.hex_of(f["unit"]))
            else:
                i = b.hex(a.args[0])
                if verb == "through":
                    v = moving.destination(i) - 0.05  # a waypoint: worth it only for what it takes
                else:
                    v = moving.destination(i) + (1.5 if verb == "exit" else 0.0)
                v += moving.plan_move(i)
        elif verb in ("end", "done"):
            v = -0.15 if rp > 1 else 0.05
        elif verb == "cancel":
            v = -0.5
        elif verb == "move":
            uid = resolve(s, a.args[0])
            v = 0.1 + (0.2 if uid in s.g["units"] and not in_supply(s, uid) else 0.0)
            if side == "allied":
                v += _allied_activation(s, uid, tactical=True)
        elif verb == "motor":
            v = 0.15
            if side == "allied":
                v += _allied_activation(s, resolve(s, a.args[0]), tactical=False)
        elif verb == "rail":
            v = 0.1
            if side == "german":  # 11.3: rail is how the reserve reaches the threatened exits
                uid = resolve(s, a.args[0])
                far = uid in s.g["units"] and s.g["units"][uid]["hex"] and plan(s, side).to_exit[s.hex_of(uid)] > 6
                v += 0.3 * _threat(s) if far else 0.0
        elif verb == "via" and side == "german":
            c = rail_area_hex(a.args[0])
            v = 0.05 * (6 - min(plan(s, side).to_exit[c], 6)) * _threat(s) if c is not None else 0.0
        elif verb == "attack":
            t = b.hex(a.args[0])
            who = eligible_attackers(s, t, side)
            v = 0.2 + 0.4 * _attack_value(s, side, t, who)
            if side == "allied":
                v += _clears_the_way(s, t, who)
        elif verb == "add" and step == "attack":
            t = b.hex(f["target"])
            dice = attacker_entries(s, t, [resolve(s, a.args[0])], {})[0].dice
            v = 0.1 * dice - (0.2 if dice == 0 else 0.0)
        elif verb == "remove":
            v = -0.1
        elif verb == "resolve" and step == "attack":
            v = 0.3 * _attack_value(s, side, b.hex(f["target"]), list(f["attackers"]))
        elif verb == "support":
            v = 0.3
        elif verb == "decline":
            v = -0.1
        elif verb == "hit":
            u = s.unit(a.args[0])
            v = 0.05 * u["strength"] - (0.3 if u["strength"] == 1 else 0.0)
        elif verb in ("place", "build", "step"):
            v = {"place": 0.3, "build": 0.15, "step": 0.2}[verb]
            if side == "german" and verb != "place" and _threat(s) > 0:
                # under threat of an exit, RP buy units and keep a reserve for moves and attacks
                v -= 0.15 * _threat(s) if verb == "step" else 0.0
                v -= 0.4 if rp <= 5 else 0.0
        elif verb == "at":
            i = b.hex(a.args[0])
            v = 0.1 if i in b.cities else 0.0
            if side == "german":
                v += _screen(s, None, i)
            if s.pieces_bb(side) >> i & 1:
                v -= 0.3  # over-stacked on entry: back to the track at the end of the turn unless it moves (9.1)
        elif verb == "launch":
            v = 0.4
        elif verb == "surprise":
            v = 0.1
        elif verb == "disband":
            v = -0.3
        elif verb == "land":
            v = 0.2 if not s.real_at(b.hex(a.args[0])) else 0.0
        elif verb == "delay":
            v = -0.2
        out.append(v)
    return out


_DESTINATION_VERBS = frozenset(("to", "exit", "through", "stop"))


@cache
def _columns() -> tuple[int, ...]:
    """Each hex's map column (``Board.offset(i)[0]``; 0 where the map has no hex): the priors' eastward pull."""
    b = board()
    return tuple(b.offset(i)[0] if b.m.axial[i] is not None else 0 for i in range(len(b.m.axial)))


class _Destinations:
    """:func:`_destination` and :func:`_plan_move` for every hex one unit's move offers (a ``move_unit``
    decision lists dozens): what they read of the position is looked up once. The same arithmetic in the
    same order, so the scores are the very same floats."""

    def __init__(self, s: Position, side: str, uid: str | None):
        b = board()
        self.s, self.side, self.uid, self.b = s, side, uid, b
        self.cities = b.cities
        self.allied_control = s.allied_control_bb()
        self.area = supply_map(s, side).area
        rec = s.g["units"].get(uid) if uid is not None else None
        self.placed = bool(rec is not None and rec["hex"])  # a unit on the map (not a phantom, not off-map)
        self.here = s.hex_of(uid) if uid is not None and self.placed else -1
        self._plan: Any = None
        self._drive = False  # an army in the plan's exit phase (set with the plan)
        self._cut: tuple[int, int, int, int, int] | None = None  # what _cut_off shares across destinations

    def destination(self, i: int) -> float:
        """:func:`_destination`: ending the move in ``i``."""
        b = self.b
        v = 0.0
        if i in self.cities and bool((self.allied_control >> i) & 1) != (self.side == "allied"):
            v += 0.5  # liberate or occupy a city (14.0)
        if self.side == "allied":
            q = _columns()[i]  # b.offset(i)[0]
            v += 0.01 * q  # eastward
            if (b.east_bb >> i) & 1:
                v += 0.2
        else:
            if b.terrain[i] in ("forest", "mountain", "bocage") or i in self.cities:
                v += 0.15  # defensive terrain (20.0)
        if not (self.area >> i) & 1:
            # 13.0: a unit out of supply at the end of its own turn is eliminated; no gain on the way to an
            # exit is worth that (a cut-off army that drives on instead of falling back into supply dies)
            v -= OUT_OF_SUPPLY
        return v

    def plan_move(self, i: int) -> float:
        return self.advance(i) if self.side == "allied" else self.screen(i)

    def advance(self, i: int) -> float:
        """:func:`_advance` of this unit to ``i``."""
        if not self.placed:
            return 0.0
        s, here = self.s, self.here
        p = self._plan
        if p is None:
            p = self._plan = plan(s, "allied")
            assert self.uid is not None
            self._drive = U.is_army(self.uid) and p.phase == "exit"
        if self._drive:  # the drive, not a detour to a city
            ex = p.to_exit
            gain = ex[here] - ex[i]
            city = 0.35 if i in self.cities and not (self.allied_control >> i) & 1 else 0.0
            return 0.25 * gain + (0.4 if ex[i] <= 1 else 0.0) - city
        fc = p.to_city
        v = 0.0
        if p.phase == "lodgement":
            v -= 0.5 * self.cut_off(i)
        if fc[here] >= FAR:
            return v
        return v + 0.08 * (fc[here] - fc[i]) + (0.3 if fc[i] == 0 else 0.0)

    def cut_off(self, i: int) -> int:
        """:func:`_cut_off` of this unit to ``i``: what every destination shares is read once."""
        base = self._cut
        if base is None:
            s = self.s
            assert self.uid is not None
            own_left, stranded = _cut_off_base(s, self.uid)
            base = self._cut = (own_left, stranded, s.units_bb("allied"), s.enemy_zoc_bb("allied"),
                                supply_map(s, "allied").area)
        own_left, stranded, before, ezoc, area = base
        own = own_left | 1 << i
        # own units matter to supply only where they cancel German ZOC: elsewhere the map is today's
        if own & ezoc == before & ezoc:
            return stranded + (0 if (area >> i) & 1 else 1)
        assert self.uid is not None
        return _cut_off_traced(self.s, self.uid, i, own)

    def screen(self, i: int) -> float:
        """:func:`_screen` of this unit to ``i``."""
        s = self.s
        w = _threat(s)
        if w <= 0 or not self.placed:
            return 0.0
        ex = plan(s, "german").to_exit
        here = self.here
        v = 0.1 * max(-2, min(4, ex[here] - ex[i]))
        others = s.units_bb("german") & ~(1 << here if here >= 0 else 0)
        if ex[i] == 0:
            v += 0.5  # standing on the exit hex itself: an army cannot enter it (11.0)
        elif ex[i] <= 2 and not others & self.b.within(i, 1):
            v += 0.25
        return w * v


def _allied_activation(s: Position, uid: str, tactical: bool) -> float:
    """Which Allied unit to activate, and how: armies within reach of an exit zone move
    tactically (only a tactical move may exit, 17.1); units far from the plan's objective
    motor (11.2 covers twice the hexes), but not where the Rhine stops a motor move."""
    if uid not in s.g["units"] or not s.g["units"][uid]["hex"]:
        return 0.0
    i = s.hex_of(uid)
    p = plan(s, "allied")
    army = U.is_army(uid)
    mp = U.base_mp(uid)
    v = 0.0
    if army and p.phase == "exit":
        d = p.to_exit[i]
        v += 0.1 + 0.4 / (1 + d)  # armies lead the drive on the exits
        if d <= mp:
            return v + (0.9 if tactical else -0.5)
        east = bool((board().east_bb >> i) & 1)
        if not east:
            # west of the Rhine a motor move gets to the river; crossing it is tactical
            return v + (0.1 if tactical and p.to_exit[i] <= 8 else 0.0)
        return v + (0.1 if tactical else 0.0)
    d = p.to_city[i]
    if d == 0:
        return -0.05  # already holding an objective city: keep it unless needed
    return (0.05 if not tactical and d > mp else 0.0) + 0.05 * min(d, 6) / 6


def _clears_the_way(s: Position, t: int, attackers: list[str]) -> float:
    """In the drive on the exits, a German hex in front of an Allied army is worth attacking
    before it moves: a defender destroyed frees the army from its ZOC (10.0: any order)."""
    p = plan(s, "allied")
    if p.phase != "exit":
        return 0.0
    ex = p.to_exit
    if any(U.is_army(u) and not s.piece(u).get("moved") and ex[t] < ex[s.hex_of(u)] for u in attackers):
        return 0.25
    return 0.0


def _plan_move(s: Position, side: str, uid: str, i: int) -> float:
    """The plan's word on a move to ``i``: the Allied advance, or the German screen."""
    return _Destinations(s, side, uid).plan_move(i)


def _threat(s: Position) -> float:
    """How near the Allied drive is to an exit (0 far, 1 at the door): what makes the screen urgent."""
    near = army_exit_distance(s)
    return max(0.0, min(1.0, (THREAT_FROM - near) / 8.0))


def _screen(s: Position, uid: str | None, i: int) -> float:
    """German counter-plan to 17.1: once an Allied army nears the exits, fall back on the exit
    zones and stand in front of them, one unit per stretch (ZOC closes the supply line and
    doubles the cost of the last hexes, 11.0/13.0)."""
    if uid is not None:
        return _Destinations(s, "german", uid).screen(i)
    w = _threat(s)
    if w <= 0:
        return 0.0
    ex = plan(s, "german").to_exit
    v = 0.05 * (6 - min(ex[i], 6))  # a new unit placed (9.1): nearer the exits is better
    others = s.units_bb("german")
    if ex[i] == 0:
        v += 0.5  # standing on the exit hex itself: an army cannot enter it (11.0)
    elif ex[i] <= 2 and not others & board().within(i, 1):
        v += 0.25
    return w * v


def _cut_off(s: Position, uid: str, i: int) -> int:
    """While ashore (no port yet), how many Allied units this move would leave out of supply.

    13.0: supply runs from the beach-heads and German ZOC cuts it unless a friend stands
    there, so one move can strand the whole lodgement (eliminated at the end of the turn,
    and no Allied unit on the continent ends the game, 17.1). The exact answer: the Allied
    supply map traced with the unit moved. A move changes only where Allied units stand
    (German ZOC, control, ports and beach-heads stay), so no copy of the position is needed."""
    return _Destinations(s, "allied", uid).cut_off(i)


def _cut_off_traced(s: Position, uid: str, i: int, own: int) -> int:
    """:func:`_cut_off` where the move changes which German ZOC hexes Allied units cancel: traced again."""
    area = compute(s, "allied", own).area
    units = s.g["units"]
    hexof = board().m.index
    return sum(1 for u in s.on_map("allied") if not (area >> (i if u == uid else hexof[units[u]["hex"]])) & 1)


def _cut_off_base(s: Position, uid: str) -> tuple[int, int]:
    """What :func:`_cut_off` needs for every destination of one unit, once per position: the Allied
    units' hexes without it (its hex stays when a friend shares it), and how many of the others are
    out of supply today (the count when the move re-traces nothing)."""

    def build() -> tuple[int, int]:
        here = s.hex_of(uid)
        units = s.g["units"]
        hexof = board().m.index
        others = [hexof[units[u]["hex"]] for u in s.on_map("allied") if u != uid]
        own = s.units_bb("allied")
        if here not in others:
            own &= ~(1 << here)
        area = supply_map(s, "allied").area
        return own, sum(1 for h in others if not (area >> h) & 1)

    return s.cached(("ai_cut_off", uid), build)  # type: ignore[no-any-return]


def _advance(s: Position, uid: str, i: int) -> float:
    """Progress of an Allied move toward the current plan: hexes nearer the objective."""
    return _Destinations(s, "allied", uid).advance(i)


def _destination(s: Position, side: str, i: int) -> float:
    """Ending a move in ``i``: cities to take or hold (14.0), the east or cover (20.0), supply (13.0)."""
    return _Destinations(s, side, None).destination(i)


def features(state: Any, side: str) -> dict[str, float]:
    """Plan facts for the learned evaluation (westfront/ai/learned.py), signed for ``side``:
    objectives held (cities by region, the Ruhr, exits), the drive on the exit zones, supply."""
    s: Position = state
    b = board()
    sign = 1.0 if side == "allied" else -1.0
    held = s.allied_control_bb() & b.city_bb
    west_all = b.city_bb & b.west_bb
    east_de = b.city_bb & b.east_bb & b.germany_bb
    ruhr = b.ruhr()
    near = army_exit_distance(s)
    allied_units = s.on_map("allied")
    # only Allied supply: counting German units would tell real pieces from phantoms (18.5)
    a_oos = sum(1 for u in allied_units if not in_supply(s, u)) / max(1, len(allied_units))
    ports = bin(s.allied_ports_bb()).count("1")
    out = {
        "west_cities_allied": bin(held & west_all).count("1") / max(1, bin(west_all).count("1")),
        "east_cities_allied": bin(held & east_de).count("1") / max(1, bin(east_de).count("1")),
        "ruhr_allied": sum(1 for i in ruhr if s.controls("allied", i)) / max(1, len(ruhr)),
        "exits": sum(1 for k in EXIT_ZONES if s.g["exits"].get(k)) / len(EXIT_ZONES),
        "exit_drive": (1.0 - min(near, 20) / 20.0) if near < FAR else 0.0,
        "allied_ports": min(ports, 6) / 6.0,
        "allied_supplied": 1.0 - a_oos,
    }
    return {k: sign * v for k, v in out.items()}


def plan_decides(state: Any, side: str) -> bool:
    """The Allied reinforcement step (9.1) is left to the plan: its ``done`` leads straight into the Allied
    activation, where four rollout decisions already advance the armies (the drive term), while a placement's
    rollout is spent on entry hexes. Measured (seed 0, turn 4): ``hard`` valued ``done`` at +0.17 against
    -0.28 for every placement and, three months running, placed nothing and left 9-11 of 20-22 RP unspent
    (8.0: RP are never saved)."""
    s: Position = state
    return side == "allied" and (s.frame() or {}).get("step") == "reinforce"


def explain(state: Any, side: str) -> dict[str, Any]:
    """The plan this side's agents steer by (plan.py), from public facts; shown to the opponent after the game."""
    return summary(plan(state, side))


def position_key(state: Any) -> str:
    """The position for the agents' loop guard (westfront/ai/cycles.py): backing out of a move or an attack
    returns to the same key, so the guard sees declare-then-cancel loops. Old saves' cancel counter is ignored."""
    return digest({k: v for k, v in state.g.items() if k != "cancels"})


def determinize(state: Any, side: str, rng: random.Random) -> Any:
    """A copy consistent with ``side``'s view: hidden markers reshuffled (Allies) or the card redrawn (German)."""
    s: Position = state
    c: Position = s.clone()  # type: ignore[assignment]
    g = c.g
    if side == "allied":
        pieces = [p for p in hidden_pieces(c) if not c.piece(p).get("pending")]
        slots = [(c.piece(p)["hex"], c.piece(p)["hid"]) for p in pieces]
        # canonical order first: the sample must depend on what the Allies see, not on the true assignment
        slots.sort(key=lambda slot: (str(slot[0]), str(slot[1])))
        rng.shuffle(slots)
        # only who stands on the markers' hexes changes: local facts elsewhere (reaches, move tests) stay
        for p, (hx, hid) in zip(pieces, slots, strict=True):
            if c.is_phantom(p):
                c.shift_phantom(p, hx)
            else:
                c.move_piece(p, hx)
            c.set_fields(p, hid=hid)
    elif side == "german" and g.get("objective"):
        g["objective"] = rng.choice(sorted(OBJECTIVES))
        if g.get("cards"):
            g["cards"] = sorted(g["cards"], key=str)  # the true deck order must not leak into the sample
            rng.shuffle(g["cards"])
    return c
