"""Skirmish rules: the reference game module (see the package docstring)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.combat import dice_pool, fire
from ...core.combat.odds_crt import Modifier, OddsTable, total_modifier
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED, MoveModel, Reach, can_end_anywhere, reach, zoc_of
from ...core.pieces import PIECES, Pieces, Roster
from ...core.retreat import advance_hexes, retreat_options
from ...core.state import GameInfo, OptionInfo, Procedure, Result, ScenarioInfo, Step
from ...core.steps import AdvanceAfterCombat, AttackBuilder, game_steps
from ...core.supply import passable_for_supply, supplied_area

DATA = Path(__file__).parent / "data"
MAP_FILE = DATA / "map.json"
SIDES = ("blue", "red")
STACK_LIMIT = 2

INFO = GameInfo(
    id="skirmish",
    title="Skirmish (built-in test game)",
    players=SIDES,
    scenarios=(
        ScenarioInfo("meeting", "Meeting engagement", "Both sides race for Ostburg."),
        ScenarioInfo("river", "River line", "Red holds the Mittelbach; Blue must cross."),
    ),
    options=(
        OptionInfo("combat", "Combat system", "odds CRT, symbol dice or aimed fire", "odds", ("odds", "dice", "fire")),
        OptionInfo("zoc", "Zone of control", "stop on entry, +2 MP, or engagement", "stop", ("stop", "cost2", "engage")),
        OptionInfo("turns", "Game length (turns)", "", 6, (4, 6, 8)),
    ),
    description="A small non-historical game used to test the engine; also the example game module.",
    cite_as=("skirmish",),
)

# (section, title, where it is implemented) — read by `westfront rules skirmish`
RULE_SECTIONS = (
    ("1", "Sides, turns and sequence", "rules.py: Turn, Phase"),
    ("2", "Movement, terrain and ZOC variants", "rules.py: GameState.move_model, MoveUnit"),
    ("3", "Supply", "rules.py: GameState.supplied_ids"),
    ("4", "Combat: odds, dice and fire", "rules.py: Attack, resolve_odds/dice/fire"),
    ("5", "Retreat and advance", "rules.py: Aftermath, Retreat, Advance"),
    ("6", "Victory", "rules.py: Turn.resume"),
)

CRT = OddsTable(
    columns=("1:2", "1:1", "2:1", "3:1", "4:1"),
    rows={
        1: ("AE", "AE", "AR", "AR", "DR"),
        2: ("AE", "AR", "AR", "DR", "DR"),
        3: ("AR", "AR", "DR", "DR", "DE"),
        4: ("AR", "DR", "DR", "EX", "DE"),
        5: ("DR", "DR", "EX", "DE", "DE"),
        6: ("DR", "EX", "DE", "DE", "DE"),
    },
    below="AE",
    source="skirmish test table (project's own)",
)

TERRAIN_MP = {"clear": 1, "forest": 2, "hill": 2, "marsh": 2}
DEFENSIVE = {"forest", "hill"}

# id, kind, attack, defence, mp, anti-armour, anti-infantry, steps
UNIT_TYPES = {
    "inf": dict(att=4, dfn=4, mp=3, aa=3, ai=5, steps=2),
    "arm": dict(att=6, dfn=3, mp=5, aa=6, ai=4, steps=2),
}
SCENARIO_SETUP = {
    "meeting": {
        "blue": [("b-inf-1", "inf", "0304"), ("b-inf-2", "inf", "0306"), ("b-arm-1", "arm", "0205")],
        "red": [("r-inf-1", "inf", "0905"), ("r-inf-2", "inf", "1004"), ("r-arm-1", "arm", "1106")],
    },
    "river": {
        "blue": [("b-inf-1", "inf", "0504"), ("b-inf-2", "inf", "0506"), ("b-arm-1", "arm", "0405"),
                 ("b-arm-2", "arm", "0407")],
        "red": [("r-inf-1", "inf", "0705"), ("r-inf-2", "inf", "0703"), ("r-arm-1", "arm", "0905")],
    },
}


@cache
def game_map() -> GameMap:
    return load_map(MAP_FILE)


@cache
def static_costs() -> tuple[list[int], dict[tuple[int, int], int], frozenset[tuple[int, int]], int]:
    """Terrain entry costs and hexside rules never change: compute them once."""
    m = game_map()
    enter = [TERRAIN_MP.get(t, PROHIBITED) if lab else PROHIBITED for t, lab in zip(m.terrain, m.labels, strict=True)]
    side_extra = {k: 1 for k, fs in m.side_features.items() if "river" in fs}
    side_extra.update({k: PROHIBITED for k, fs in m.side_features.items() if "sea" in fs})
    side_all = frozenset(k for k, fs in m.side_features.items() if "major_river" in fs)
    return enter, side_extra, side_all, m.terrain_bb("marsh")


@cache
def roster() -> Roster:
    """The position kit's roster: every unit of both scenarios, in the order each scenario's table has them
    (blue's, then red's; the river scenario adds ``b-arm-2``)."""
    ids: list[str] = []
    side: dict[str, str] = {}
    for sides in SCENARIO_SETUP.values():
        for sd, units in sides.items():
            for uid, _, _ in units:
                side[uid] = sd
    for sd in SIDES:
        for sides in SCENARIO_SETUP.values():
            ids.extend(uid for uid, _, _ in sides[sd] if uid not in ids)
    m = game_map()
    return Roster(ids, side.__getitem__, SIDES, m.index, m.size)


_SIDE_NO = {sd: k for k, sd in enumerate(SIDES)}


@cache
def land_bb() -> int:
    m = game_map()
    return m.bb_where(lambda i: m.terrain[i] != "sea")


@cache
def sea_sides() -> frozenset[tuple[int, int]]:
    """Hexsides across sea: no attack, no ZOC, no move over them."""
    return frozenset(k for k, fs in game_map().side_features.items() if "sea" in fs)


def other(side: str) -> str:
    return "red" if side == "blue" else "blue"


# --------------------------------------------------------------------------
# Steps
# --------------------------------------------------------------------------


class Turn(Procedure["GameState"]):
    """skirmish 1: blue's player turn, red's, then the end-of-turn victory check (6)."""

    name = "turn"
    stages = ("start", "blue_turn", "red_turn", "end_of_turn")

    def start(self, s: GameState, f: dict[str, Any]) -> None:
        s.emit("turn", turn=s.g["turn"], text=f"Turn {s.g['turn']}")

    def blue_turn(self, s: GameState, f: dict[str, Any]) -> None:
        s.call("phase", side="blue")

    def blue_turn_done(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        self.wiped_out(s)

    def red_turn(self, s: GameState, f: dict[str, Any]) -> None:
        s.call("phase", side="red")

    def red_turn_done(self, s: GameState, f: dict[str, Any], ret: Any) -> None:
        self.wiped_out(s)

    def end_of_turn(self, s: GameState, f: dict[str, Any]) -> None:
        """skirmish 6: after the last turn whoever holds Ostburg wins."""
        if s.g["turn"] >= s.g["max_turns"]:
            holder = s.g["control"]["0905"]
            s.finish(Result(holder, "marginal", f"{holder} holds Ostburg after turn {s.g['turn']}", {}))
            return
        s.g["turn"] += 1
        s.goto("turn")

    @staticmethod
    def wiped_out(s: GameState) -> None:
        """skirmish 6: a side with no units left loses at once."""
        for side in SIDES:
            if not s.units_of(side):
                s.finish(Result(other(side), "decisive", f"{side} has no units left", {}))
                return


class Phase(Step["GameState"]):
    """One player turn: move and attack with each unit once, in any order."""

    name = "phase"

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        side = f["side"]
        for uid in s.pieces_on_map(side):
            s.set_fields(uid, moved=False, attacked=False)
        supplied = s.supplied_ids(side)
        s.g["oos"] = sorted(uid for uid in s.pieces_on_map(side) if uid not in supplied)
        s.supply_changed()  # out of supply moves 1 MP (reach depends on it)
        s.emit("supply", side=side, out_of_supply=s.g["oos"], rule="skirmish 3",
               text=f"{side}: {len(s.g['oos'])} unit(s) out of supply")

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return f["side"]

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"{f['side'].capitalize()} turn {s.g['turn']}: move or attack with a unit, or end the turn"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        out = []
        for u in s.units_of(f["side"]):
            if not u["moved"] and s.may_move(u["id"]):
                out.append(act("move", u["id"]))
        targets: set[str] = set()
        m = s.map
        enemy = s.side_bb(other(f["side"]))
        sea = sea_sides()
        for u in s.units_of(f["side"]):
            if u["attacked"]:
                continue
            h = m.index[u["hex"]]
            for n in m.nbrs[h]:
                if (enemy >> n) & 1 and (h, n) not in sea:
                    targets.add(m.label(n))
        out.extend(act("attack", t) for t in sorted(targets))
        out.append(act("end"))
        return out

    def on_move(self, s: GameState, f: dict[str, Any], uid: str) -> None:
        s.call("move_unit", unit=uid)

    def on_attack(self, s: GameState, f: dict[str, Any], target: str) -> None:
        s.call("attack", target=target, attackers=[])

    def on_end(self, s: GameState, f: dict[str, Any]) -> None:
        s.emit("end_phase", side=f["side"], text=f"{f['side']} ends the turn")
        s.end()

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "move" and a.args and a.args[0] in s.g["units"]:
            u = s.g["units"][a.args[0]]
            if u["side"] != f["side"]:
                return f"skirmish 2: {a.args[0]} belongs to {u['side']}"
            if u["moved"]:
                return f"skirmish 2: {a.args[0]} has already moved this turn"
            return f"skirmish 2: {a.args[0]} has nowhere to go"
        return None


class MoveUnit(Step["GameState"]):
    name = "move_unit"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return s.g["units"][f["unit"]]["side"]

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Move {f['unit']}: choose a destination"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        r = s.reach_of(f["unit"])
        return [act("to", s.map.label(h)) for h in r.ends] + [act("cancel")]

    def on_to(self, s: GameState, f: dict[str, Any], label: str) -> None:
        u = s.g["units"][f["unit"]]
        r = s.reach_of(f["unit"])
        dest = s.map.hex(label)
        path = [s.map.label(h) for h in r.path(dest)]
        s.emit("move", unit=u["id"], path=path, cost=r.cost[dest], hex=label, rule="skirmish 2",
               text=f"{u['id']} moves {path[0]} → {path[-1]} ({r.cost[dest]} MP)")
        s.place(u["id"], label)
        s.set_fields(u["id"], moved=True)
        s.end()

    def on_cancel(self, s: GameState, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: GameState, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and a.args:
            return f"skirmish 2: {f['unit']} cannot reach {a.args[0]} this turn"
        return None


class Attack(AttackBuilder):
    """skirmish 4: adjacent units that have not attacked join one at a time, then the attack is resolved."""

    name = "attack"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return other(s.at(f["target"])[0]["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Attack {f['target']}: add attackers, then resolve"

    def eligible(self, s: GameState, f: dict[str, Any]) -> list[str]:
        return s.eligible_attackers(f["target"])

    def on_resolve(self, s: GameState, f: dict[str, Any]) -> None:
        for uid in f["attackers"]:
            s.set_fields(uid, attacked=True)
        outcome = RESOLVERS[s.options["combat"]](s, f["target"], list(f["attackers"]))
        s.goto("aftermath", target=f["target"], attackers=list(f["attackers"]), **outcome)


def resolve_odds(s: GameState, target: str, attackers: list[str]) -> dict[str, Any]:
    """skirmish 4 (odds): one d6 on the CRT, modifiers added to the roll."""
    col, mods = s.odds_of(target, attackers)
    defenders = [u["id"] for u in s.at(target)]
    if col is None:
        result = CRT.below or "AE"
        roll = None
    else:
        roll = s.roll(6, why=f"attack on {target}", rule="skirmish 4")[0]
        result = CRT.result(col, roll + total_modifier(mods))
    s.emit("combat", hex=target, odds=col, roll=roll, modifiers=[m.to_dict() for m in mods], result=result,
           attackers=attackers, defenders=defenders, rule="skirmish 4",
           text=f"Attack on {target} at {col or 'below 1:2'}: {result}")
    retreat = 0
    if result == "AE":
        for a in attackers:
            s.lose_step(a, "AE")
    elif result == "AR":
        strongest = max(attackers, key=lambda a: s.strength(s.g["units"][a], "att"))
        s.lose_step(strongest, "AR")
    elif result == "EX":
        for d in defenders:
            s.lose_step(d, "EX")
        s.lose_step(attackers[0], "EX")
    elif result == "DE":
        for d in defenders:
            s.set_fields(d, steps=1)
            s.lose_step(d, "DE")
    elif result == "DR":
        retreat = 2
    return {"retreat": retreat}


def resolve_dice(s: GameState, target: str, attackers: list[str]) -> dict[str, Any]:
    """skirmish 4 (dice): simultaneous symbol-dice pools, terrain costs attacking dice."""
    m = s.map
    t = m.index[target]
    mods = s.attack_modifiers(target, attackers)
    att_entries = [dice_pool.PoolEntry(a, s.strength(s.g["units"][a], "att") // 2, tuple(mods)) for a in attackers]
    defenders = [u["id"] for u in s.at(target)]
    bonus = (Modifier(1, "city", "skirmish 4"),) if "city" in m.features[t] else ()
    def_entries = [dice_pool.PoolEntry(d, s.strength(s.g["units"][d], "dfn") // 2, bonus) for d in defenders]
    a_faces = dice_pool.roll_faces(s.rng, dice_pool.pool_size(att_entries))
    d_faces = dice_pool.roll_faces(s.rng, dice_pool.pool_size(def_entries))
    s.emit("roll", sides=6, faces=a_faces, side="attacker", why=f"attack on {target}", rule="skirmish 4")
    s.emit("roll", sides=6, faces=d_faces, side="defender", why=f"defence of {target}", rule="skirmish 4")

    def kinds(ids: list[str]) -> tuple[bool, bool]:
        ks = {s.g["units"][i]["kind"] for i in ids}
        return "arm" in ks, "inf" in ks

    dp, di = kinds(defenders)
    ap, ai = kinds(attackers)
    on_def = dice_pool.score(a_faces, target_has_panzer=dp, target_has_infantry=di, air_counts=True)
    on_att = dice_pool.score(d_faces, target_has_panzer=ap, target_has_infantry=ai, air_counts=True)
    s.emit("combat", hex=target, attackers=attackers, defenders=defenders, hits_on_defender=on_def.hits,
           hits_on_attacker=on_att.hits, rule="skirmish 4",
           text=f"Attack on {target}: {on_def.hits} hit(s) scored, {on_att.hits} taken")
    for ids, res in ((defenders, on_def), (attackers, on_att)):
        apply_hits(s, ids, "arm", res.hits_on_panzer)
        apply_hits(s, ids, "inf", res.hits_on_infantry)
    survivors = [d for d in defenders if s.g["units"][d]["hex"]]
    return {"retreat": 1 if survivors and on_def.hits > on_att.hits else 0}


def apply_hits(s: GameState, ids: list[str], kind: str, n: int) -> None:
    for _ in range(n):
        live = [i for i in ids if s.g["units"][i]["hex"]]
        pool = [i for i in live if s.g["units"][i]["kind"] == kind] or [
            i for i in live if s.g["units"][i]["kind"] == "inf"]
        if not pool:
            return
        s.lose_step(max(pool, key=lambda i: s.g["units"][i]["steps"]), "hit")


def resolve_fire(s: GameState, target: str, attackers: list[str]) -> dict[str, Any]:
    """skirmish 4 (fire): defenders fire first, then attackers; d10 at or under the value hits."""
    mods = s.attack_modifiers(target, attackers)
    defenders = [u["id"] for u in s.at(target)]

    def volley(shooters: list[str], targets: list[str], modifiers: list[Modifier], label: str) -> int:
        scored = 0
        for sid in shooters:
            su = s.g["units"][sid]
            if not su["hex"]:
                continue
            for _ in range(fire.shots(su["steps"])):
                live = [t for t in targets if s.g["units"][t]["hex"]]
                if not live:
                    return scored
                tgt = max(live, key=lambda t: s.g["units"][t]["steps"])
                tu = s.g["units"][tgt]
                base = UNIT_TYPES[su["kind"]]["aa" if tu["kind"] == "arm" else "ai"]
                value = fire.fire_value(base, modifiers)
                roll = s.roll(10, why=f"{label}: {sid} fires at {tgt} (needs {value} or less)", rule="skirmish 4")[0]
                if fire.hits(roll, value):
                    scored += 1
                    s.lose_step(tgt, "fire")
        return scored

    taken = volley(defenders, attackers, [], "defensive fire")
    scored = volley(attackers, defenders, mods, "offensive fire")
    s.emit("combat", hex=target, attackers=attackers, defenders=defenders, hits_on_defender=scored,
           hits_on_attacker=taken, rule="skirmish 4", text=f"Fire fight at {target}: {scored} hit(s) scored, {taken} taken")
    survivors = [d for d in defenders if s.g["units"][d]["hex"]]
    return {"retreat": 1 if survivors and scored > 0 else 0}


RESOLVERS = {"odds": resolve_odds, "dice": resolve_dice, "fire": resolve_fire}


class Aftermath(Procedure["GameState"]):
    """skirmish 5: the defender retreats, then the attacker may advance."""

    name = "aftermath"
    stages = ("retreat", "advance")
    legacy_stages = ("retreat", "retreat", "advance")

    def retreat(self, s: GameState, f: dict[str, Any]) -> None:
        survivors = [u["id"] for u in s.at(f["target"])]
        if f["retreat"] and survivors:
            s.call("retreat", units=survivors, origin=f["target"], length=f["retreat"], attackers=f["attackers"])

    def advance(self, s: GameState, f: dict[str, Any]) -> None:
        live = [a for a in f["attackers"] if s.g["units"][a]["hex"]]
        if not s.at(f["target"]) and live:
            s.call("advance", hex=f["target"], units=live)


class Retreat(Step["GameState"]):
    name = "retreat"

    def options_for(self, s: GameState, f: dict[str, Any], uid: str) -> list[str]:
        m = s.map
        side = s.g["units"][uid]["side"]
        enemy = s.side_bb(other(side))
        ezoc = s.zoc_bb(other(side))
        own = s.side_bb(side)
        origin = m.index[f["origin"]]

        def may_enter(h: int) -> bool:
            return (m.terrain[h] != "sea" and not (enemy >> h) & 1 and "sea" not in m.side(origin, h)
                    and (not (ezoc >> h) & 1 or bool((own >> h) & 1)))

        def may_end(h: int) -> bool:
            return len(s.pieces_at(h)) < STACK_LIMIT

        opts = retreat_options(m.nbrs, origin, f["length"], may_enter, may_end, m.distance)
        best = opts.get(f["length"]) or opts.get(1) or []
        return sorted({m.label(p[-1]) for p in best})

    def begin(self, s: GameState, f: dict[str, Any]) -> None:
        self._skip_blocked(s, f)

    def _skip_blocked(self, s: GameState, f: dict[str, Any]) -> None:
        while f["units"] and not self.options_for(s, f, f["units"][0]):
            uid = f["units"].pop(0)
            s.emit("no_retreat", unit=uid, text=f"{uid} cannot retreat and is eliminated", rule="skirmish 5")
            s.set_fields(uid, steps=1)
            s.lose_step(uid, "no retreat")
        if not f["units"]:
            s.end()

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return s.g["units"][f["units"][0]]["side"]

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Retreat {f['units'][0]} from {f['origin']}"

    def actions(self, s: GameState, f: dict[str, Any]) -> list[Action]:
        uid = f["units"][0]
        return [act("retreat", uid, h) for h in self.options_for(s, f, uid)]

    def on_retreat(self, s: GameState, f: dict[str, Any], uid: str, hx: str) -> None:
        s.place(uid, hx)
        s.emit("retreat", unit=uid, hex=hx, text=f"{uid} retreats to {hx}", rule="skirmish 5")
        f["units"].pop(0)
        self._skip_blocked(s, f)


class Advance(AdvanceAfterCombat):
    """skirmish 5: into the vacated hex; armour one hex further."""

    name = "advance"

    def player(self, s: GameState, f: dict[str, Any]) -> str:
        return str(s.g["units"][f["units"][0]]["side"])

    def prompt(self, s: GameState, f: dict[str, Any]) -> str:
        return f"Advance after combat into {f['hex']}?"

    def ends(self, s: GameState, f: dict[str, Any], uid: str) -> list[str]:
        m = s.map
        u = s.g["units"][uid]
        enemy = s.side_bb(other(u["side"]))
        extra = 1 if u["kind"] == "arm" else 0
        out = []
        for h in advance_hexes(m.nbrs, m.index[f["hex"]], extra,
                               lambda n: m.terrain[n] != "sea" and not (enemy >> n) & 1):
            lab = m.label(h)
            if lab != u["hex"] and len(s.pieces_at(h)) < STACK_LIMIT:
                out.append(lab)
        return out

    def advance(self, s: GameState, f: dict[str, Any], uid: str, hx: str) -> None:
        s.place(uid, hx)
        s.emit("advance", unit=uid, hex=hx, text=f"{uid} advances to {hx}", rule="skirmish 5")


# --------------------------------------------------------------------------
# The game state (after the steps, so its step table is written in the class)
# --------------------------------------------------------------------------


class GameState(Pieces):
    """Skirmish's position on the position kit (``core.pieces``): the kit keeps where the units are; the
    effects below move them with its vocabulary (``move_piece``, ``remove_piece``, ``set_fields``)."""

    STEPS = game_steps(Turn, Phase, MoveUnit, Attack, Aftermath, Retreat, Advance)
    INFO = INFO
    FLAT_TABLES = ("control",)  # hex -> side: copied with dict.copy on its first write after a clone
    COPY_ON_WRITE = ("units",)  # records of scalars shared by clones: written through the kit (set_fields, moves)
    SHARE_G = True  # clones share g's small tables and the flow: every in-place write through mut() (issue 34)
    SIDE_FACTS = ("zoc", "stacks")  # a side's ZOC and full hexes read only its own units
    __slots__ = ()

    @classmethod
    def roster(cls) -> Roster:
        return roster()

    # ----- setup -----------------------------------------------------------
    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        g = self.g
        g["turn"] = 1
        g["max_turns"] = options["turns"]
        g["units"] = {}
        for side, units in SCENARIO_SETUP[scenario].items():
            for uid, kind, hx in units:
                t = UNIT_TYPES[kind]
                g["units"][uid] = {
                    "id": uid, "side": side, "kind": kind, "hex": hx, "steps": t["steps"],
                    "moved": False, "attacked": False,
                }
        g["control"] = {"0905": "red"}
        g["oos"] = []
        self.call("turn")

    # ----- queries used by steps, views and the AI -------------------------
    @property
    def map(self) -> GameMap:
        return game_map()

    # Derived facts are memoised (State.cached). Where the units are is the kit's placement, moved by the
    # effects below (place, lose_step); the rest is forgotten by the kit's touch of the hexes a move changed
    # (a side's ZOC and full hexes survive the other side's moves: SIDE_FACTS) and when the out-of-supply list
    # changes (Phase.begin). Memo values are ids and numbers, never g's own dicts: clones share the memo.
    def units_of(self, side: str) -> list[dict[str, Any]]:
        p = self.memo.get(PIECES)  # hot: the kit's placement read directly
        if p is None:
            p = self.placement()
        units = self.g["units"]
        return [units[i] for i in p.on_map[_SIDE_NO[side]]]

    def at(self, hx: str) -> list[dict[str, Any]]:
        units = self.g["units"]
        return [units[i] for i in self.pieces_at(self.map.index[hx])]

    def side_bb(self, side: str) -> int:
        p = self.memo.get(PIECES)  # hot: the kit's placement read directly
        if p is None:
            p = self.placement()
        return p.occ[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def zoc_bb(self, of_side: str) -> int:
        """Hexes in the ZOC of ``of_side`` (ZOC does not cross sea hexsides)."""
        m = self.map
        return self.cached(("zoc", of_side), lambda: zoc_of(  # type: ignore[no-any-return]
            m.dilator(["sea"]), self.side_bb(of_side)))

    def strength(self, u: dict[str, Any], key: str) -> int:
        full = UNIT_TYPES[u["kind"]][key]
        return full if u["steps"] == UNIT_TYPES[u["kind"]]["steps"] else (full + 1) // 2

    def supplied_ids(self, side: str) -> set[str]:
        """skirmish 3: trace to the side's edge, friendly units negate enemy ZOC."""
        m = self.map
        own = self.side_bb(side)
        enemy = self.side_bb(other(side))
        land = land_bb()
        passable = passable_for_supply(land, enemy, self.zoc_bb(other(side)), own, negate=True)
        edge = m.bb(m.zone(f"{side}_edge")) & passable
        area = supplied_area(m.dilator(["sea"]), edge, passable)
        return {u["id"] for u in self.units_of(side) if (area >> m.index[u["hex"]]) & 1}

    def move_model(self, u: dict[str, Any]) -> MoveModel:
        m = self.map
        side = u["side"]
        enemy = self.side_bb(other(side))
        ezoc = self.zoc_bb(other(side))
        enter, side_extra, side_all, stop = static_costs()
        start = m.index[u["hex"]]
        full, counts = self.stacks(side)
        if (full >> start) & 1 and counts[start] - 1 < STACK_LIMIT:
            full &= ~(1 << start)  # the mover's own hex is full only with it: not without it
        mp = UNIT_TYPES[u["kind"]]["mp"] if u["id"] not in self.g["oos"] else 1
        model = MoveModel(mp=mp, enter=enter, side_extra=side_extra, side_all=side_all, blocked=enemy,
                          stop=stop, no_end=full)
        rule = self.options["zoc"]
        if rule == "stop":
            model.stop |= ezoc
            model.first_step_forbidden = ezoc if (ezoc >> start) & 1 else 0
        elif rule == "cost2":
            model.zoc, model.zoc_cost = ezoc, 2
        else:  # engage: may not step from one unit's ZOC into the same unit's ZOC
            model.stop |= ezoc
            engaging = m.bb(n for n in m.nbrs[start] if (enemy >> n) & 1)
            model.first_step_forbidden = zoc_of(m.dilator(["sea"]), engaging)
        return model

    def stacks(self, side: str) -> tuple[int, dict[int, int]]:
        """skirmish 2: the side's full hexes (STACK_LIMIT units) and its units per hex."""

        def count() -> tuple[int, dict[int, int]]:
            m = self.map
            counts: dict[int, int] = {}
            for f in self.units_of(side):
                i = m.index[f["hex"]]
                counts[i] = counts.get(i, 0) + 1
            return m.bb(i for i, n in counts.items() if n >= STACK_LIMIT), counts

        return self.cached(("stacks", side), count)  # type: ignore[no-any-return]

    def reach_of(self, uid: str) -> Reach:
        u = self.g["units"][uid]
        return self.cached(("reach", uid), lambda: reach(  # type: ignore[no-any-return]
            self.map.nbrs, self.map.index[u["hex"]], self.move_model(u)))

    def may_move(self, uid: str) -> bool:
        """skirmish 2: whether the unit has any hex to end a move in (usually decided by its first step)."""
        u = self.g["units"][uid]
        return self.cached(("may_move", uid), lambda: can_end_anywhere(  # type: ignore[no-any-return]
            self.map.nbrs, self.map.index[u["hex"]], self.move_model(u)))

    def attack_modifiers(self, target: str, attackers: list[str]) -> list[Modifier]:
        m = self.map
        t = m.index[target]
        mods: list[Modifier] = []
        if m.terrain[t] in DEFENSIVE:
            mods.append(Modifier(-1, f"defender in {m.terrain[t]}", "skirmish 4"))
        if "city" in m.features[t]:
            mods.append(Modifier(-1, "defender in a city", "skirmish 4"))
        if attackers and all("river" in m.side(m.index[self.g["units"][a]["hex"]], t) for a in attackers):
            mods.append(Modifier(-1, "every attacker across a river", "skirmish 4"))
        return mods

    def odds_of(self, target: str, attackers: list[str]) -> tuple[str | None, list[Modifier]]:
        att = sum(self.strength(self.g["units"][a], "att") for a in attackers)
        dfn = sum(self.strength(u, "dfn") for u in self.at(target))
        return CRT.odds(att, dfn), self.attack_modifiers(target, attackers)

    def eligible_attackers(self, target: str) -> list[str]:
        m = self.map
        t = m.index[target]
        defender_side = self.at(target)[0]["side"]
        out = []
        for u in self.units_of(other(defender_side)):
            h = m.index[u["hex"]]
            if not u["attacked"] and t in m.nbrs[h] and "sea" not in m.side(h, t):
                out.append(u["id"])
        return out

    # ----- contract: view and preview ---------------------------------------
    @classmethod
    def labels(cls) -> dict[str, Any]:
        """Names for unit ids in actions, log texts and prompts (every counter is public)."""
        kinds = {"inf": "infantry", "arm": "armour"}
        ids = {uid for sides in SCENARIO_SETUP.values() for units in sides.values() for uid, _, _ in units}
        return {"names": {uid: f"{'Blue' if uid[0] == 'b' else 'Red'} {kinds[uid.split('-')[1]]} {uid.rsplit('-', 1)[1]}"
                          for uid in sorted(ids)}}

    def view(self, player: str | None) -> dict[str, Any]:
        v = self.base_view(player)
        g = self.g
        v.update({
            "turn": g["turn"], "max_turns": g["max_turns"], "turn_label": f"Turn {g['turn']} of {g['max_turns']}",
            "phase": f"{(self.phase_side() or '').capitalize()} player turn",
            "budgets": {},
            "status": [f"Ostburg held by {g['control']['0905']}"],
            "markers": [{"kind": "control", "hex": h, "label": side[0].upper(), "side": side}
                        for h, side in g["control"].items()],
            "boxes": {"eliminated": {"title": "Eliminated"}},
            "units": [self.unit_view(u) for u in g["units"].values()],
            "control": dict(g["control"]),
            "out_of_supply": list(g["oos"]),
        })
        return v

    def unit_view(self, u: dict[str, Any]) -> dict[str, Any]:
        t = UNIT_TYPES[u["kind"]]
        return {
            "id": u["id"], "side": u["side"], "kind": u["kind"], "hex": u["hex"],
            "box": None if u["hex"] else "eliminated",
            "label": u["id"].split("-", 1)[1].upper(),
            "factors": f"{self.strength(u, 'att')}-{self.strength(u, 'dfn')}-{t['mp']}",
            "steps": u["steps"], "max_steps": t["steps"],
            "flags": [f for f in ("moved", "attacked") if u[f]] + (["oos"] if u["id"] in self.g["oos"] else []),
        }

    def phase_side(self) -> str | None:
        for f in reversed(self.frames()):
            if f["step"] == "phase":
                return f["side"]
        return None

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        a = Action.parse(action) if isinstance(action, str) else action
        f = self.frame()
        if f is None:
            return None
        if f["step"] == "move_unit" and a.verb == "to":
            r = self.reach_of(f["unit"])
            dest = self.map.hex(a.args[0])
            if dest not in r.cost:
                return None
            return {"cost": r.cost[dest], "path": [self.map.label(h) for h in r.path(dest)]}
        if f["step"] == "attack" and a.verb in ("resolve", "add", "remove"):
            attackers = list(f["attackers"])
            if a.verb == "add":
                attackers.append(a.args[0])
            elif a.verb == "remove":
                attackers.remove(a.args[0])
            col, mods = self.odds_of(f["target"], attackers)
            return {"odds": col, "modifiers": [m.to_dict() for m in mods],
                    "results": CRT.distribution(col, total_modifier(mods)) if col else {"AE": 1.0}}
        return None

    # ----- effects -----------------------------------------------------------
    def lose_step(self, uid: str, why: str) -> None:
        self.set_fields(uid, steps=fire.apply_step_loss(self.g["units"][uid]["steps"]))
        u = self.g["units"][uid]  # after set_fields: it may have copied the record a clone shares (State.edit)
        if u["steps"] == 0:
            self.emit("eliminated", unit=uid, side=u["side"], hex=u["hex"], text=f"{uid} is eliminated ({why})", rule="skirmish 4")
            self.remove_piece(uid, None)  # no box: an eliminated unit is a record with no hex
        else:
            self.touch(1 << self.map.index[u["hex"]])  # its strength changed on this hex
            self.emit("step_loss", unit=uid, hex=u["hex"], text=f"{uid} loses a step ({why})", rule="skirmish 4")

    def place(self, uid: str, hx: str) -> None:
        """Onto ``hx`` (a move, a retreat, an advance), taking Ostburg if that is where it goes (skirmish 6)."""
        self.move_piece(uid, hx)
        control = self.g["control"]
        if hx in control and control[hx] != (side := self.g["units"][uid]["side"]):
            self.mut("control")[hx] = side  # a clone shares control until it changes (State.mut)

    def supply_changed(self) -> None:
        """The out-of-supply list changed: reach and may-move read it; where the units are, each side's ZOC and
        full hexes do not."""
        self.touch_keeping((PIECES, *((name, sd) for name in self.SIDE_FACTS for sd in SIDES)))


__all__ = ["INFO", "GameState", "bits"]
