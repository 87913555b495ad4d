"""AI hooks for Race to the Rhine: an evaluation, cheap priors for every decision, and determinisation.

Any commander seat may be an AI. Values are from ``side``'s point of view. The
priors read only public facts (supplies, markers, the board) — never the order of
a deck, which ``determinize`` re-samples for search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...core import cards
from ...core.actions import Action
from ...core.p2p import UNREACHABLE
from ...core.state import State
from . import movement, plan, supply
from .board import board
from .position import Corps, Position

HIDDEN_INFORMATION = True
AVERAGE_AXIS_AMMO = 2  # what an unseen Axis card costs, about (tables.toml)


def _pos(state: State) -> Position:
    if not isinstance(state, Position):
        raise TypeError("race-to-the-rhine AI hooks need a Race to the Rhine state")
    return state


def determinize(state: State, side: str, rng: random.Random) -> State:
    """A copy with every face-down pile shuffled again: nobody knows the order of a deck, except the top
    Axis cards ``side`` saw with Recon and that are still on top (``recon_known``)."""
    s = state.clone()
    known = s.g.get("recon_known", {})
    for name, deck in sorted(s.mut("decks").items()):  # reshuffled in place: the clone's own decks (State.mut)
        cards.determinize(deck, rng, known.get(side, 0) if name == "axis" else 0)
    return s


def to_goal(s: Position, commander: str) -> list[int]:
    """Links to the commander's nearest Victory space inside his area, entered over a Rhine crossing (cached per
    position). Only that entry wins (rttr How to win the game): a Victory space taken by a road is his, and
    entering it again later is no crossing, so a Victory space he already controls is no goal."""
    got = s.memo.get(("ai_goal", commander))  # asked per Corps and space by the priors: ``cached`` on a miss only
    if got is not None:
        return got  # type: ignore[no-any-return]

    def compute() -> list[int]:
        area = s.board.areas[commander]
        return _to_goal(commander, tuple(v for v in area.victory if s.controller(v) != commander))
    return s.cached(("ai_goal", commander), compute)  # type: ignore[no-any-return]


@cache
def _to_goal(commander: str, open_goals: tuple[str, ...]) -> list[int]:
    """:func:`to_goal` from the Victory spaces he does not control (the board does the rest: once per process
    for each such set; callers only read the list)."""
    b = board()
    g = b.graph
    area = b.areas[commander]
    goals = list(open_goals) or list(area.victory)
    feet = [n for v in goals for n in g.neighbours(v)
            if g.link_kind(n, v) == "rhine_crossing" and b.in_area(commander, n)]
    if not feet:
        return g.distances(g.bb(goals), area.spaces)  # type: ignore[no-any-return]
    d = g.distances(g.bb(feet), area.spaces & ~g.bb(area.victory))
    out = [x + 1 if x >= 0 else UNREACHABLE for x in d]
    for v in goals:
        out[g.index[v]] = 0
    return out


def progress(s: Position, commander: str) -> float:
    """0 at the start, 1 with a Corps on a Victory space: the best Corps' share of the way."""
    d = to_goal(s, commander)
    g = s.graph
    start = min((d[g.index[x]] for x in s.board.areas[commander].start if d[g.index[x]] >= 0), default=15)
    best = min((d[g.index[c["space"]]] for c in s.corps_of(commander) if d[g.index[c["space"]]] >= 0), default=start)
    return max(0.0, 1.0 - best / max(1, start))


def standing(s: Position, commander: str) -> float:
    """Medals plus a share of the race: what the evaluation compares between commanders."""
    supplies = sum(sum(c["supplies"].values()) for c in s.corps_of(commander)) / (6.0 * len(s.corps_of(commander)))
    return s.gg["medals"][commander] + 4.0 * progress(s, commander) + 0.5 * supplies


def evaluate(state: State, side: str) -> float:
    s = _pos(state)
    r = s.result()
    if r is not None:
        if r.winner is None:
            return 0.0
        return 1.0 if r.winner == side else -1.0
    if side not in s.seats:
        return 0.0
    mine = standing(s, side)
    others = [standing(s, c) for c in s.seats if c != side]
    if not others:
        return math.tanh(mine / 10.0)
    return math.tanh((mine - max(others)) / 6.0)


def features(state: State, side: str) -> dict[str, float]:
    """Race facts for the learned evaluation (westfront/ai/learned.py), each the side's lead over its best
    rival: Medals, the best Corps' share of the way to a Victory space, supplies on the Corps (all on the
    open board; the hand-written ``evaluate`` weighs the same three)."""
    s = _pos(state)
    if side not in s.seats:
        return {}

    def supplies(c: str) -> float:
        return sum(sum(x["supplies"].values()) for x in s.corps_of(c)) / (6.0 * max(1, len(s.corps_of(c))))

    rivals = [c for c in s.seats if c != side]
    facts = {"medals": lambda c: float(s.gg["medals"][c]), "progress": lambda c: progress(s, c), "supplies": supplies}
    out = {}
    for name, fn in facts.items():
        mine = fn(side)
        out[f"{name}_lead"] = mine - max((fn(c) for c in rivals), default=0.0)
        out[name] = mine
    return out


def score_actions(state: State, side: str, actions: Sequence[Action]) -> list[float]:
    s = _pos(state)
    f = s.frame()
    if f is None:
        return [0.0] * len(actions)
    ctx = _Context(s, side, f)
    out = []
    for a in actions:
        fn = _SCORERS.get(a.verb, _unknown)
        if fn is _unknown:
            fn = _SCORERS[a.verb] = getattr(_Context, "v_" + a.verb.replace("-", "_"), None)
        if fn is None:
            out.append(0.0)
            continue
        v = fn(ctx, a)
        out.append(v if -1.0 <= v <= 1.0 else -1.0 if v < -1.0 else 1.0)  # max(-1, min(1, v)), NaN -> 1 too
    return out


_unknown = object()
_SCORERS: dict[str, Any] = {}  # verb -> its _Context.v_* function (None: no prior), found once per process
_WANT = {"fuel": 2, "ammo": plan.CROSSING_AMMO, "food": 1}  # what a Corps likes to hold of each kind


class _Context:
    def __init__(self, s: Position, side: str, f: dict[str, Any]):
        self.s = s
        self.side = side
        self.f = f
        self.step = f["step"]
        self._lead: list[Corps | None] = []  # the lead, once asked (one position per scoring)
        self._worst: dict[str, float] = {}  # Corps id -> worst_need, once asked
        self._once: dict[str, Any] = {}  # what every action of one kind asks alike (v_trucks, v_link, v_ffi)

    # ----- helpers --------------------------------------------------------------
    def need(self, c: Corps, kind: str) -> float:
        """How badly a Corps wants one more of ``kind`` (0..1)."""
        have = c["supplies"][kind]
        if kind == "food" and c["flipped"]:
            return 1.0
        want = _WANT[kind]
        return max(0.0, (want - have) / want) if self.s.room(c) > 0 else 0.0

    def lead(self) -> Corps | None:
        """The side's Corps nearest its crossing: supplies go to it first (plan.lead)."""
        if not self._lead:
            self._lead.append(plan.lead(self.s, self.side, to_goal(self.s, self.side)))
        return self._lead[0]

    def weight(self, c: Corps) -> float:
        """The lead Corps' needs count in full, the others' at half: they feed the lead."""
        lead = self.lead()
        return 1.0 if lead is not None and c["id"] == lead["id"] else 0.5

    def worst_need(self, c: Corps) -> float:
        got = self._worst.get(c["id"])
        if got is None:
            got = self._worst[c["id"]] = max(self.need(c, k) for k in ("fuel", "ammo", "food"))
        return got

    def fed_from(self, src: str) -> float:
        """The weighted need of the Corps one Truck Supplies action from ``src`` can load."""
        s = self.s
        return max((self.weight(c) * self.worst_need(c) for c in s.corps_of(self.side)
                    if plan.reaches(s, self.side, src, c["space"])), default=0.0)

    def space_value(self, c: Corps, sid: str) -> float:
        """Entering ``sid`` from where the Corps stands: progress, Medals, cost."""
        s = self.s
        g = s.graph
        d = to_goal(s, c["commander"])
        here, there = d[g.index[c["space"]]], d[g.index[sid]]
        cmd = c["commander"]
        if sid in s.board.areas[cmd].victory and s.controller(sid) != cmd:
            return self.crossing_value(c, sid)
        v = 0.3 * plan.chain_gain(s, cmd, sid)  # a space the chain to the crossing still needs
        if here >= 0 and there >= 0:
            v += 0.2 * (here - there)
        if s.controller(sid) is None:
            v += 0.15 + 0.4 * s.board.medals(sid)
            if s.has_axis(sid):
                ammo = c["supplies"]["ammo"] - movement.fortified_toll(s, sid)
                ffi = s.gg["ffi"].get(sid, 0) if s.is_french(c) else 0
                v += 0.4 if ammo + ffi >= AVERAGE_AXIS_AMMO + 1 else -0.6
                lead = self.lead() if cmd == self.side else None
                if lead is not None and lead["id"] == c["id"] and ammo + ffi - AVERAGE_AXIS_AMMO < plan.CROSSING_AMMO:
                    v -= 0.9  # the lead keeps the Ammo of its crossing: round the Axis unit if it can
        elif s.controller(sid) != cmd:
            v -= 0.05
        return v

    def waits_at_foot(self, c: Corps) -> bool:
        """A Corps at the foot of its crossing that is not ready (chain or Ammo) stays there: Fuel spent
        moving it away is lost to the crossing."""
        s = self.s
        if c["space"] not in plan.feet(s, c["commander"]):
            return False
        goals = [v for v in s.graph.neighbours(c["space"]) if v in s.board.areas[c["commander"]].victory]
        return all(self.crossing_value(c, v) < 0 for v in goals)

    def crossing_value(self, c: Corps, sid: str) -> float:
        """Enter the Victory space only as a crossing that wins: over the Rhine, with the chain unbroken and
        the Ammo the harder unit asks on hand; otherwise wait at the foot (rttr How to win the game)."""
        s = self.s
        if s.graph.link_kind(c["space"], sid) != "rhine_crossing":
            return -1.0  # taken by a road it is lost as a crossing target
        if not plan.chain_intact(s, c["commander"], c["space"]):
            return -1.0  # taken now it would be his without the win, and never a crossing target again
        return 1.0 if self.ready_to_cross(c, sid) else -0.8

    def ready_to_cross(self, c: Corps, sid: str) -> bool:
        """Ammo for an average card of the harder Victory-space unit (FFI help and Bradley's redraw count)."""
        s = self.s
        ammo = c["supplies"]["ammo"] - movement.fortified_toll(s, sid)
        if s.is_french(c):
            ammo += s.gg["ffi"].get(sid, 0)
        elif s.is_us_ffi(c) and s.gg["ffi"].get(sid, 0):
            ammo += 1
        if s.has_ability(c["commander"], "redraw"):
            ammo += 1  # an expensive card can be exchanged
        last_round = s.gg["end_triggered"] or s.gg["axis_supply"] <= len(s.seats)
        fed = any(plan.reaches(s, c["commander"], x, c["space"]) for x in plan.sources(s, c["commander"]))
        # no later chance, or no route can bring more: try the cheaper cards now
        want = plan.CROSSING_AMMO - 1 if last_round or not fed else plan.CROSSING_AMMO
        return not s.has_axis(sid) or ammo >= want

    # ----- the action menu ----------------------------------------------------------
    def v_move(self, a: Action) -> float:
        c = self.s.gg["corps"][a.args[0]]
        if self.waits_at_foot(c):
            return -0.3
        best = max((self.space_value(c, x) for x in movement.entries(self.s, c)), default=-1.0)
        fuel = c["supplies"]["fuel"]
        return 0.35 + 0.5 * best - (0.2 if fuel <= 1 and self.s.gg["turn"] else 0.0)

    def v_take(self, a: Action) -> float:
        """Supplies where a Truck route reaches the lead Corps (a forward depot or port), of the kind it lacks."""
        what, where = a.args[0], a.args[1]
        s = self.s
        mine = s.corps_of(self.side)
        lead = self.lead()
        near = 0.0
        if lead is not None:
            if plan.reaches(s, self.side, where, lead["space"]):
                near = 0.25
            elif s.graph.distance(where, lead["space"]) <= supply.trucks_per_action(s, self.side) + 2:
                near = 0.1  # the nearest it can be for now: a route reaches it once the lead or the level moves
            if near and s.gg["bases"][self.side].get(where, {}).get(what, 0) >= 2:
                near = 0.05  # that source has enough of it already
        if what == "mixed":
            need = sum(self.weight(c) * self.worst_need(c) for c in mine) / len(mine)
            return 0.1 + 0.4 * need + near
        need = sum(self.weight(c) * self.need(c, what) for c in mine) / len(mine)
        stock = sum(b.get(what, 0) for b in s.gg["bases"][self.side].values())
        return 0.15 + 0.6 * need - 0.08 * stock + near

    def v_trucks(self, a: Action) -> float:
        """Trucks when a stocked source can reach a Corps in need and too few are in hand for a full route."""
        s = self.s
        have = s.gg["trucks"][self.side]
        if have >= s.tables.trucks_per_action[s.gg["level"][self.side]]:
            return -0.5
        fed = self._once.get("fed")
        if fed is None:
            fed = self._once["fed"] = max((self.fed_from(src) for src in supply.truck_sources(s, self.side)),
                                          default=0.0)
        return 0.15 + 0.5 * fed + 0.03 * int(a.args[0])

    def v_truck(self, a: Action) -> float:
        """A route from the source that reaches the Corps most in need, the lead first."""
        return -0.3 + 1.0 * self.fed_from(a.args[0])

    def v_recon(self, a: Action) -> float:
        return -0.3

    def v_airborne(self, a: Action) -> float:
        if a.args[0] in self.s.gg["axis"]:  # Market Garden's gamble: most Axis cards cost 2 or less
            return 0.15 + 0.1 * self.s.board.medals(a.args[0])
        return 0.05 + 0.1 * self.s.board.medals(a.args[0])

    def v_swap(self, a: Action) -> float:
        """Patton's trade: worth it when the Corps is short of Fuel and has Ammo to spare."""
        c = self.s.gg["corps"][a.args[0]]
        return 0.3 * self.need(c, "fuel") - 0.3 * self.need(c, "ammo") + (0.1 if c["supplies"]["ammo"] >= 3 else -0.1)

    def v_redraw(self, a: Action) -> float:
        """Bradley's luck: exchange an expensive card (the next one costs about the average)."""
        f = self.f
        card = self.s.tables.axis_cards[f["card"]]
        c = self.s.gg["corps"][f["corps"]]
        unaffordable = c["supplies"]["ammo"] + f["bonus"] < card.ammo
        return 0.2 * (card.ammo - AVERAGE_AXIS_AMMO) + (0.5 if unaffordable else 0.0) - 0.1

    def v_air_strike(self, a: Action) -> float:
        """An Air Strike when the Ammo falls short by about one, or when it saves scarce Ammo."""
        f = self.f
        c = self.s.gg["corps"][f["corps"]]
        card = self.s.tables.axis_cards[f["card"]]
        short = card.ammo - f["bonus"] - c["supplies"]["ammo"]
        return 0.95 if short == 1 else 0.2

    def v_pass(self, a: Action) -> float:
        if self.step == "ffi_move":
            return 0.0
        return -0.6

    # ----- moving ---------------------------------------------------------------------
    def v_to(self, a: Action) -> float:
        c = self.s.gg["corps"][self.f["corps"]]
        return 0.2 + self.space_value(c, a.args[0])

    def v_stop(self, a: Action) -> float:
        if self.step != "move":
            return 0.0
        c = self.s.gg["corps"][self.f["corps"]]
        if self.f.get("halted"):
            return 0.1 if c["supplies"]["fuel"] < 2 else -0.1
        return 0.05

    def v_continue(self, a: Action) -> float:
        c = self.s.gg["corps"][self.f["corps"]]
        return 0.3 if c["supplies"]["fuel"] >= 2 else -0.2

    def v_ffi(self, a: Action) -> float:
        if self.step == "ffi_move":
            return self._ffi_move(a.args[0], a.args[1])
        return 0.5 + 0.05 * int(a.args[0])

    def _ffi_move(self, src: str, dst: str) -> float:
        """Move FFI toward the Axis aid's spaces and the Corps (they protect and feed them)."""
        s = self.s
        prio = s.board.areas["patch_devers"].axis_priority
        g = s.graph
        if "ffi" not in self._once:  # the same for every FFI move of this decision
            mine = s.corps_of("patch_devers")
            waiting = [g.distances(g.bb([c["space"]])) for c in mine if s.is_french(c) and self.waits_at_foot(c)]
            self._once["ffi"] = ({c["space"] for c in mine}, waiting)
        corps, waiting = self._once["ffi"]
        v = 0.0
        for d in waiting:  # French Corps Support: FFI markers are Ammo for a French Corps
            if d[g.index[dst]] < d[g.index[src]]:
                v += 0.5
        if dst in prio and s.controller(dst) == "patch_devers":
            v += 0.4
        if dst in corps:
            v += 0.2
        if s.board.has_flag(src, "maquis_zone") and not s.board.has_flag(dst, "maquis_zone"):
            v += 0.1
        return v - 0.05

    def v_ffi_bonus(self, a: Action) -> float:
        return 0.6

    def v_pay(self, a: Action) -> float:
        return 0.9

    def v_fail(self, a: Action) -> float:
        return -0.9

    # ----- trucks -------------------------------------------------------------------
    def v_link(self, a: Action) -> float:
        s = self.s
        g = s.graph
        if "link" not in self._once:
            needy = [c for c in s.corps_of(self.side) if max(self.need(c, k) for k in ("fuel", "ammo", "food")) > 0]
            self._once["link"] = g.distances(g.bb(c["space"] for c in needy)) if needy else None
        dist = self._once["link"]
        if dist is None:
            return -0.4
        before, after = dist[g.index[a.args[0]]], dist[g.index[a.args[1]]]
        if after == UNREACHABLE or before == UNREACHABLE:
            return -0.4
        return 0.5 if after < before else -0.3

    def v_load(self, a: Action) -> float:
        corps = self.s.gg["corps"].get(a.args[1])
        if corps is None:  # a forward depot: worth it when it is nearer the Corps than the source
            return 0.25
        return 0.2 + 0.7 * self.need(corps, a.args[0])

    def v_done(self, a: Action) -> float:
        return -0.05

    # ----- other decisions ----------------------------------------------------------------
    def v_bottom(self, a: Action) -> float:
        return 0.1 * (self.s.tables.axis_cards[a.args[0]].ammo - 1)

    def v_keep(self, a: Action) -> float:
        return 0.0

    def v_counter(self, a: Action) -> float:
        """A rival's exposed Control marker: hit the leader (or anyone ahead of us), the more Medals the better."""
        s = self.s
        who = s.controller(a.args[0])
        if who is None:
            return 0.0
        if plan.blocker(s, self.side, a.args[0]):
            return 0.8  # his marker cuts every chain of ours to the crossing
        ahead = standing(s, who) - standing(s, self.side)
        return (0.3 + 0.2 * s.gg["control_medals"].get(a.args[0], 0)) if ahead >= 0 else -0.2

    def v_aid(self, a: Action) -> float:
        return 0.1

    def v_place(self, a: Action) -> float:
        """Deciding a tied Axis marker: put it far from one's own Corps."""
        s = self.s
        g = s.graph
        own = g.bb(c["space"] for c in s.corps_of(self.side))
        if not own:
            return 0.0
        d = g.distances(own)[g.index[a.args[0]]]
        return 0.05 * (d if d >= 0 else 10)
