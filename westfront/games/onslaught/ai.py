"""AI hooks for Onslaught: a position evaluation and cheap priors for candidate actions.

The heuristic and MCTS agents (``westfront.ai``) call these for every game that
provides them. Both decide only from what ``view(side)`` shows (Onslaught has no
hidden information) and use the same combat calculator as the UI preview
(:func:`.combat.assess`), so a prior never disagrees with the odds a player sees.

Values are from ``side``'s point of view: positive is good for ``side``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ...core.actions import Action
from ...core.bitboard import bits
from ...core.state import State
from .activation import activation_cost
from .ai_eval import fitted_allied_value, hand_allied_view
from .combat import adjacent_attackers, assess, enemy_hexes_next_to
from .data import UNITS, other
from .movement import bridge_hexes, moves
from .plan import FAR, Plan, cover_counts, front_bb, holding, levels, plan
from .position import Position
from .reinforcements import reinforcement_hexes, replacement_hexes
from .supply import supply_area
from .victory import score

# how good each combat result is for the attacker (expected-value weights)
# an Allied stack that wants to move is worth this much more per extra division in it: the Allies run out of
# supply points long before they run out of stacks to activate (issue 21), so full stacks move first
STACK_BONUS = 0.05
GOOD_ATTACK = 0.3  # an attack expected at least this good (RESULT_VALUE) is one worth a Combat action
ADD_BONUS = 0.2  # an attacker added is worth this beyond the odds it brings (one more division to share the losses)
HELD_WEIGHT = 0.03  # per Allied stack held in German ZOC next to such an attack (6.2)
# A pick opens a sub-decision (a reinforcement, a rebuild or a paradrop, then its hex; a division, then its
# destination; a block of hexes, then a hex). The sub-decision's hexes score at least FOLLOW_FLOOR, above
# ``back`` and ``cancel``, so a pick is followed through; whether to pick at all is judged before, against
# MOVE_BAR (issue 21: the Allies picked and cancelled ~150 reinforcements a game and delayed the rest).
FOLLOW_FLOOR, BACK, CANCEL = -0.9, -0.95, -1.0
MOVE_BAR = -0.3  # a division is picked to move only if its best destination scores above this
PICKED = ("reinforce", "replace", "paradrop", "move_unit")  # the steps that follow a pick

RESULT_VALUE = {"AE": -1.0, "AH": -0.5, "-": -0.1, "DR": 0.35, "HH": 0.25, "DH": 0.7, "DE": 1.0}


def evaluate(state: State, side: str) -> float:
    """The side's prospects in [-1, 1], or the result once the game is over. Each seat judges by the
    evaluation its search was measured to play best with (``ai_eval``): the Allies by the hand-written
    one, the Germans by the fitted one."""
    s = _onslaught(state)
    r = s.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == side else -1.0)
    return hand_allied_view(s) if side == "allied" else -fitted_allied_value(s)


def evaluate_deep(state: State, side: str) -> float:
    """:func:`evaluate` for `hard`'s deeper search: the German seat reads the fit whose fortifications count by
    how late it is (``ai_eval.DEEP_WEIGHTS``: with the flat count, the deeper search drew the divisions back into
    the West Wall too early); the Allied seat is unchanged."""
    s = _onslaught(state)
    if side == "allied" or s.result() is not None:
        return evaluate(s, side)
    return -fitted_allied_value(s, deep=True)


def features(state: State, side: str) -> dict[str, float]:
    """Plan facts for the learned evaluation (westfront/ai/learned.py), signed for ``side``: the victory
    points now (13.3) with the gap bonuses, the share of the Victory Line sealed, fortified ports captured, Allied income."""
    s = _onslaught(state)
    sign = 1.0 if side == "allied" else -1.0
    sc = score(s)
    cover = cover_counts(s)
    forts = bin(s.board.fortified_ports).count("1")
    out = {
        "allied_points": sc.allied_divisions / 40.0,
        "german_points": -sc.german_divisions / 40.0,
        "allied_gap": sc.allied_gap / 15.0,
        "german_gap": -sc.german_gap / 15.0,
        "line_sealed": sum(1 for n in cover.values() if n) / max(1, len(cover)),
        "forts_captured": len(s.g["captured"]) / max(1, forts),
        "allied_income": s.g["income"] / 30.0,
    }
    return {k: sign * v for k, v in out.items()}


def explain(state: State, side: str) -> dict[str, Any]:
    """The plan this side's agents steer by in this position (plan.py); shown to the opponent after the game."""
    return plan(_onslaught(state), side).summary()


def score_actions(state: State, side: str, actions: list[Action]) -> list[float]:
    """Cheap prior scores (roughly -1..1) for each candidate action at the current decision."""
    s = _onslaught(state)
    f = s.frame()
    if f is None:
        return [0.0 for _ in actions]
    ctx = _Context(s, side, f, actions)
    return [ctx.score(a) for a in actions]


def _onslaught(state: State) -> Position:
    if not isinstance(state, Position):
        raise TypeError("onslaught AI hooks need an Onslaught state")
    return state


def expected(results: dict[str, float]) -> float:
    return sum(p * RESULT_VALUE.get(r, 0.0) for r, p in results.items())


class _Context:
    """Per-decision facts shared by the scores of all candidate actions."""

    def __init__(self, s: Position, side: str, f: dict[str, Any], actions: Sequence[Action] = ()):
        self.s = s
        self.side = side
        self.f = f
        self.actions = actions  # the alternatives on offer: what a pick or a cancel is measured against
        self.b = s.board
        self.enemy = other(side)
        self.ncols = self.b.max_col or 1
        self.facts: dict[str, Any] = {}
        self._fns: dict[str, Callable[[Action], float] | None] = {}  # verb -> its v_ method (or None)
        self._hex: tuple[int, int, int] | None = None  # own hexes, enemy ZOC, own supply: read once
        self._ezoc: int | None = None
        self._hex_values: dict[int, float] = {}  # hex_value per hex, once per decision (blocks and hexes ask)

    # ----- positional judgement of a hex -------------------------------------------
    def east(self, h: int) -> float:
        """0 at the west edge, 1 at the east edge."""
        return self.b.offset[h][0] / self.ncols

    def hex_value(self, h: int) -> float:
        """How good it is for ``side`` to end a move in ``h`` (once per hex and decision)."""
        v = self._hex_values.get(h)
        if v is None:
            v = self._hex_values[h] = self._hex_value(h)
        return v

    def enemy_zoc(self) -> int:
        """The enemy's ZOC (6.2), read once per decision."""
        z = self._ezoc
        if z is None:
            z = self._ezoc = self.s.zoc_bb(self.enemy)
        return z

    def _hex_value(self, h: int) -> float:
        s, b = self.s, self.b
        facts = self._hex
        if facts is None:
            facts = self._hex = (s.side_bb(self.side), self.enemy_zoc(), supply_area(s, self.side))
        own, ezoc, area = facts
        if (own >> h) & 1 and s.stack_count(h, self.side) >= 3:  # no division of the side there: none to count
            return -1.0  # a fourth division would be eliminated at the end of the action (6.3)
        enemy_zoc = (ezoc >> h) & 1
        cover = 0.15 if (b.defensive >> h) & 1 else 0.0
        if self.side == "german":
            cover += 0.3 if (b.fortification >> h) & 1 else 0.0
        supplied = 0.0 if (area >> h) & 1 else -0.4
        if self.side == "allied":
            # 13.3: a division scores only east of the Victory Line and in supply
            scores = 0.3 if (b.east_of_vl >> h) & 1 and not supplied else 0.0
            seal = 0.1 if (front_bb() & b.dil.dilate(1 << h)) else 0.0
            return 0.1 * self.east(h) + scores + seal + (0.1 if enemy_zoc else 0.0) + supplied + 0.5 * cover
        west = 0.2 if (b.west_of_rhine >> h) & 1 else 0.0
        return west + cover + supplied - (0.25 if enemy_zoc else 0.0) + 0.2 * (1 - self.east(h))

    # ----- the operational plan (plan.py) -----------------------------------------------
    def fact(self, key: str, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per decision: the facts every candidate action's score shares."""
        if key not in self.facts:
            self.facts[key] = compute()
        return self.facts[key]

    @property
    def plan(self) -> Plan:
        return self.fact("plan", lambda: plan(self.s, self.side))  # type: ignore[no-any-return]

    def wants_to_move(self, uid: str) -> float:
        """How much an Allied division's move serves the plan: far from it and able to get nearer is urgent;
        alone covering part of the sealed front, or with no reachable hex nearer the plan, it stays."""
        return float(self.fact(f"wants {uid}", lambda: self._wants(uid)))

    def _wants(self, uid: str) -> float:
        s = self.s
        h = s.hex_of(uid)
        if h is None:
            return 0.0
        p = self.plan
        d = p.field[h]
        if d >= FAR or d == 0 or self.holding(uid):
            return -0.3
        if "bridges" not in self.facts:
            self.facts["bridges"] = self.f.get("bridges", bridge_hexes(s, self.side))
        oos = uid in s.act["out_of_supply"] if s.pos["action"] else not (supply_area(s, self.side) >> h) & 1
        ends = moves(s, uid, oos=oos, bridges=self.facts["bridges"], normal=True).ends_bb()
        # the nearest destination to the plan: the lowest level of its field that any destination is on
        lv = levels(p.field)
        best = next((k for k in range(min(d, len(lv))) if ends & lv[k]), d)
        if best >= d:
            return -0.3  # nowhere nearer the plan within reach: moving would only shuffle
        return 0.1 + 0.03 * min(d, 10) + 0.04 * min(d - best, 6)

    def destination(self, uid: str, h: int) -> float:
        """An Allied division ending its move in ``h``: hexes gained toward the plan, plus the hex itself."""
        s = self.s
        here = s.hex_of(uid)
        v = self.hex_value(h)
        if here is None or here == h:
            return v
        p = self.plan
        f0, f1 = p.field[here], p.field[h]
        if f0 < FAR and f1 < FAR:
            v += 0.1 * max(-4, min(8, f0 - f1)) + (0.3 if f1 == 0 else 0.0)
        return v - 0.4 * self.holding(uid)

    def holding(self, uid: str) -> int:
        """``plan.holding`` for ``uid``, once per decision (it is the same for every destination)."""
        return int(self.fact(f"holding {uid}", lambda: holding(self.plan, self.s, uid)))

    # ----- one action ---------------------------------------------------------------------
    def score(self, a: Action) -> float:
        verb = a.verb
        if verb in self._fns:
            fn = self._fns[verb]
        else:
            fn = self._fns[verb] = getattr(self, f"v_{verb}", None)
        try:
            return max(-1.0, min(1.0, fn(a))) if fn else 0.0
        except (KeyError, ValueError, AssertionError, IndexError):
            return 0.0

    def best_attack(self) -> float:
        if "best" not in self.facts:
            s = self.s
            best = -1.0
            good = 0
            for t in bits(enemy_hexes_next_to(s, self.side)):
                us = adjacent_attackers(s, t, self.side)
                if us:
                    v = expected(assess(s, t, us).results())
                    best = max(best, v)
                    if v >= GOOD_ATTACK:
                        good |= 1 << t
            self.facts["best"] = best
            self.facts["good"] = good
        return float(self.facts["best"])

    def stuck(self) -> tuple[int, int]:
        """Allied stacks that want to move: (free to march, held in German ZOC next to a German stack worth
        attacking). ZOC is entered but not left (6.2): those moves go a hex at a time until combat clears it."""
        if "stuck" not in self.facts:
            s, b = self.s, self.b
            self.best_attack()
            good = int(self.facts["good"])
            gz = s.zoc_bb("german")
            free = held = 0
            for h, us in s.occupancy().items():
                if UNITS[us[0]].side != "allied" or max(self.wants_to_move(u) for u in us) <= 0:
                    continue
                if (gz >> h) & 1 and good & b.dil.step(1 << h):
                    held += 1
                else:
                    free += 1
            self.facts["stuck"] = (free, held)
        return self.facts["stuck"]  # type: ignore[no-any-return]

    def v_pass(self, a: Action) -> float:
        return -0.3 if self.s.supply_points(self.side) > 0 else 0.0

    def v_combat(self, a: Action) -> float:
        v = 0.2 + 0.6 * self.best_attack()
        if self.side == "allied":  # a Combat action frees the stacks German ZOC holds back (6.2)
            v += min(0.3, HELD_WEIGHT * self.stuck()[1])
        return v

    def v_movement(self, a: Action) -> float:
        if self.side != "allied":
            return 0.25
        # the Allies' plan is mostly a march: a Movement action is worth the stacks that want to move, and
        # a stack held in German ZOC only creeps a hex (6.2)
        free, held = self.stuck()
        return 0.2 + min(0.5, 0.025 * free + 0.01 * held)

    def v_breakthrough(self, a: Action) -> float:
        return 0.1 + 0.4 * self.best_attack()

    def attackers_within_reach(self, t: int, declared: list[str], pool: list[str] | None) -> list[str]:
        """The divisions an attack on ``t`` can still have: ``declared``, then (Breakthrough, 5.5) the rest of
        the ``pool`` next to it, or (Combat, 5.2, 5.4) every division of a stack already activated or
        joining, and then whole new stacks, strongest first, while the supply points pay for them. The same
        set judges the pick of a target and, once it is picked, calling the attack off (``v_cancel``)."""
        s, side = self.s, self.side
        a = s.act
        done, activated = set(a["attacked"]), set(a["activated"])
        out = list(declared)
        near = [u for u in adjacent_attackers(s, t, side) if u not in done and u not in out]
        if pool is not None:
            return out + [u for u in near if u in pool]
        occ = s.occupancy()

        def cost(h: int) -> int:
            return activation_cost(s, [u for u in occ[h] if UNITS[u].side == side and u not in activated])

        joining = {s.hex_of(u) for u in declared if u not in activated}
        budget = s.supply_points(side) - sum(cost(h) for h in joining if h is not None)
        new: dict[int, list[str]] = {}
        for u in near:
            h = s.hex_of(u)
            if u in activated or h in joining:
                out.append(u)
            elif h is not None:
                new.setdefault(h, []).append(u)
        for h, us in sorted(new.items(), key=lambda kv: (-sum(s.strength(u) for u in kv[1]), kv[0])):
            if cost(h) <= budget:
                budget -= cost(h)
                out += us
        return out

    def breakthrough_pool(self) -> list[str] | None:
        """The divisions a Breakthrough attack may use (5.5, 14.3), as the step itself says; None otherwise."""
        if self.f["step"] != "breakthrough_stack":
            return None
        step = type(self.s).STEPS["breakthrough_stack"]
        return step.pool(self.s, self.f)  # type: ignore[attr-defined,no-any-return]

    def v_attack(self, a: Action) -> float:
        s = self.s
        t = s.map.index[a.args[0]]
        us = self.attackers_within_reach(t, [], self.breakthrough_pool())
        if not us:
            return -0.5
        v = expected(assess(s, t, us).results())
        if self.side == "allied" and v > 0:
            b = s.board
            # the plan's targets: a division the German score counts (13.3), one holding the line open,
            # a fortified port still feeding the Germans (8.4)
            counts = (b.west_of_rhine >> t) & 1 and (supply_area(s, "german") >> t) & 1
            v += 0.15 * bool(counts) + 0.15 * bool((front_bb() >> t) & 1) + 0.2 * bool((b.fortified_ports >> t) & 1)
        return v

    def _current(self, attackers: list[str]) -> float:
        return expected(assess(self.s, self.s.map.index[self.f["target"]], attackers).results())

    def declared(self) -> float:
        """The expected result of the attack as declared so far (computed once per decision)."""
        return float(self.fact("declared", lambda: self._current(self.f["attackers"])))

    def v_add(self, a: Action) -> float:
        """What the division adds to the odds, and a bonus; one whose stack would spend supply points meant for
        stronger stacks (outside ``reach``) comes last, or the attack might end up weaker than it was picked for."""
        v = ADD_BONUS + self._current([*self.f["attackers"], a.args[0]]) - self.declared()
        return v if a.args[0] in self.reach() else v - 1.0

    def v_remove(self, a: Action) -> float:
        """What the attack loses without this division, and the bonus its adding was worth: an add then a
        remove of the same division never looks like a gain, so the agents cannot walk the subsets of a
        large attack (it stalled 3 of 80 heuristic games at 50,000 actions, issue 21)."""
        if self.f["step"] == "overstack":  # lose the weakest division
            return -self.s.strength(a.args[0]) / 10.0
        rest = [u for u in self.f["attackers"] if u != a.args[0]]
        return (self._current(rest) if rest else -0.5) - self.declared() - ADD_BONUS

    def v_resolve(self, a: Action) -> float:
        return self.declared()

    def reach(self) -> list[str]:
        """The attackers the attack being declared can still have (``attackers_within_reach``), once per decision."""
        f = self.f
        return self.fact("reach", lambda: self.attackers_within_reach(  # type: ignore[no-any-return]
            self.s.map.index[f["target"]], f["attackers"], f["pool"]))

    def full_attack(self) -> float:
        """The expected result of the attack with all of ``reach``: the best the attack picked can become."""
        def full() -> float:
            reach = self.reach()
            return self._current(reach) if len(reach) > len(self.f["attackers"]) else self.declared()
        return float(self.fact("full", full))

    def v_cancel(self, a: Action) -> float:
        """Backing out of a pick. An attack is called off only if even all the divisions it can still have
        (``reach``) make it bad (7.0; measured by the attackers declared so far, attacks were called off one
        division in and the Combat action wasted). After any other pick (PICKED) a hex is always taken: the pick was judged
        before it was made, and a cancel leads straight back to the same choice."""
        step = self.f["step"]
        if step == "attack" and self.f["attackers"]:
            return -0.2 - max(self.declared(), self.full_attack())
        if step in PICKED:
            return CANCEL
        return -0.3

    def v_back(self, a: Action) -> float:
        """Leaving a block of hexes (hexchoice.py): the block was picked for its best hex, which is on offer."""
        return BACK

    # ----- the hex after a pick -------------------------------------------------------
    def pick_hex(self, h: int, uid: str | None = None) -> float:
        """A hex offered after a pick, never below FOLLOW_FLOOR: the division's destination (``move_unit``,
        or the move of ``uid`` being weighed), or where the reinforcement, rebuilt division or paradrop lands."""
        return max(FOLLOW_FLOOR, self._pick_hex(h, uid))

    def _pick_hex(self, h: int, uid: str | None = None) -> float:
        if self.side != "allied":
            return self.hex_value(h)
        if uid is not None:
            return self.destination(uid, h)
        if self.f["step"] == "move_unit":
            return self.destination(self.f["unit"], h)
        return self.placement(h)

    def candidates(self) -> int:
        """Every hex the current hex choice offers, in all blocks (6.1-6.4, 9.2, 10.1-10.3, 11.3-11.4)."""
        s, f = self.s, self.f
        step = f["step"]
        if step == "move_unit":
            return moves(s, f["unit"], oos=f["oos"], bridges=f["bridges"], normal=f["normal"]).ends_bb()
        if step == "paradrop":
            return s.board.land & ~s.side_bb("german")
        if step == "reinforce":
            return reinforcement_hexes(s, f["selected"], f["per_city"])
        sel = f["selected"]
        return replacement_hexes(s, sel["unit"], sel["level"])

    def block_best(self) -> dict[Any, float]:
        """The best hex score in each block of the current hex choice (computed once per decision)."""
        def compute() -> dict[Any, float]:
            best: dict[Any, float] = {}
            blocks = self.s.board.block
            for e in bits(self.candidates()):
                v, k = self._pick_hex(e), blocks[e]
                if v > best.get(k, -math.inf):
                    best[k] = v
            return best
        return self.fact("blocks", compute)  # type: ignore[no-any-return]

    def worth_moving(self, uid: str) -> bool:
        """Whether ``uid``, picked to move now, has a destination scoring above MOVE_BAR among those
        ``move_unit`` will offer: once picked it goes to the best of them (``v_cancel``)."""
        def compute() -> bool:
            s, f = self.s, self.f
            if f["step"] == "free_move":  # 10.2: the divisions entering at A or B, in supply, no bridges yet
                oos, bridges, normal = False, 0, True
            else:
                oos, bridges, normal = uid in s.act["out_of_supply"], f["bridges"], not f.get("strategic_only")
            ends = moves(s, uid, oos=oos, bridges=bridges, normal=normal).ends_bb()
            return any(self._pick_hex(e, uid) > MOVE_BAR for e in bits(ends))
        return bool(self.fact(f"worth moving {uid}", compute))

    def v_to(self, a: Action) -> float:
        h = self.s.map.index[a.args[0]]
        return self.pick_hex(h)

    def v_near(self, a: Action) -> float:
        """A block of hexes (hexchoice.py): for the Allies its best hex, the same score the hexes inside it
        get; for the Germans the hex that names the block, a cheaper guess (the best inside is no worse, and
        ``back`` scores below every hex, so the pick is followed through either way)."""
        h = self.s.map.index[a.args[0]]
        if self.side != "allied":
            return self.pick_hex(h)
        return max(FOLLOW_FLOOR, self.block_best().get(self.s.board.block[h], -1.0))

    def placement(self, h: int) -> float:
        """A new or dropped Allied division at ``h``: near the plan, and (paradrops, 9.2) onto a gap in the line."""
        d = self.plan.field[h]
        return self.hex_value(h) - 0.03 * min(d, 20) + (0.4 if d == 0 else 0.0)

    def v_at(self, a: Action) -> float:
        return self.pick_hex(self.s.map.index[a.args[0]])

    def v_activate(self, a: Action) -> float:
        s = self.s
        h = s.map.index[a.args[0]]
        front = (self.enemy_zoc() >> h) & 1
        if self.f["step"] == "breakthrough_action":
            return 0.5 if front else 0.3
        if self.side == "allied":
            us = s.at(h)
            w = max((self.wants_to_move(u) for u in us), default=-0.3)
            if w > 0:  # supply points are what runs out (5.2): one point moves a whole stack, fuller first
                w += STACK_BONUS * (len(us) - 1)
            return w + (0.0 if front else 0.1)
        return 0.2 if front else 0.4  # movement: reserves far from the front benefit most

    def v_move(self, a: Action) -> float:
        """A division picked to move (6.1, 6.4, 10.2): only if a destination beats MOVE_BAR, since once
        picked it goes to its best one (``v_cancel``)."""
        uid = a.args[0]
        if not self.worth_moving(uid):
            return -0.5
        if self.side == "allied" and self.f["step"] == "stack_move":
            return 0.2 + self.wants_to_move(uid)
        return 0.3

    def v_done(self, a: Action) -> float:
        step = self.f["step"]
        if step in ("advance",):
            return 0.0
        if step in ("combat_action", "movement_action", "breakthrough_action"):
            return -0.1 if self.s.supply_points(self.side) > 2 else 0.1
        return 0.0

    def v_advance(self, a: Action) -> float:
        h = self.s.map.index[a.args[1]]
        if self.side == "allied":
            return 0.25 + 0.3 * self.destination(a.args[0], h)
        return 0.25 + 0.3 * self.hex_value(h)

    def v_retreat(self, a: Action) -> float:
        if not a.args:
            return -0.2  # the fortification choice: retreating gives up the doubled defence
        return self.hex_value(self.s.map.index[a.args[1]])

    def v_stand(self, a: Action) -> float:
        return 0.3

    def v_deplete(self, a: Action) -> float:
        s = self.s
        h = s.map.index[a.args[0]]
        return -sum(s.strength(u) for u in s.at(h)) / 12.0

    def v_place(self, a: Action) -> float:
        """A reinforcement picked (10.1-10.3): every hex offered is legal for it, in supply and not overstacked."""
        return 0.2

    def v_delay(self, a: Action) -> float:
        """10.3: a delayed division may wait in the box, but one that can enter now is worth more on the map."""
        return -0.5

    def v_rebuild(self, a: Action) -> float:
        u = UNITS[a.args[0]]
        gain = u.type.full if a.args[1] in ("full", "germany") else u.type.depleted
        return 0.2 + gain / 10.0

    def v_refit(self, a: Action) -> float:
        u = UNITS[a.args[0]]
        return 0.3 + (u.type.full - u.type.depleted) / 10.0

    def v_drop(self, a: Action) -> float:
        return 0.35 if self.side == "allied" and self.plan.phase == "seal" else 0.1

    def v_pickup(self, a: Action) -> float:
        return -0.1

    def v_bulge(self, a: Action) -> float:
        return 0.6 if self.s.turn >= 13 else 0.2

    def v_decline(self, a: Action) -> float:
        if a.args:  # an Allied supply source next to the Germans: do not feed them
            h = self.s.map.index[a.args[0]]
            return 0.5 if (self.s.zoc_bb("german") >> h) & 1 else -0.2
        return 0.1

    def v_collect(self, a: Action) -> float:
        return 0.0

    def v_act(self, a: Action) -> float:
        return 0.5 if self.s.supply_points("german") > 0 else -0.2

    def v_end(self, a: Action) -> float:
        return 0.0

    def v_historical(self, a: Action) -> float:
        return 0.5  # 3.0: the historical grouping of the landing divisions is the default

    def v_regroup(self, a: Action) -> float:
        return -0.5
