"""The Command & Action phase (SFN 6.0, 7.3, 12.0): commands one at a time, each paid in CP."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Procedure, Step
from .board import label_rank, land_neighbour_masks, land_neighbours, regions
from .data import ALLIED, GERMAN, tables, units
from .movement import reach_from, why_out_of_reach
from .plans import drops_today, mark_done
from .position import SIDE_BITS, SIDE_NO, Position, command_kinds, opponent
from .reinforcements import eliminate, entry_hexes
from .sequence import storm_raging
from .steps_admin import private
from .victory import allied_cp, german_cp, sudden_death, update_control

CP = tables()["command_points"]


def chaos(s: Position, side: str) -> bool:
    """15.7: on Blue Point chaos day the Allies may not move, land or attack."""
    return side == ALLIED and s.g["blue_point"].get("chaos") == s.g["turn"]


def can_act(s: Position, uid: str) -> bool:
    """6.4, 8.3, 15.6: one action a player turn; not after replacements; not on the turn of a drop."""
    us = s.u(uid)
    d = units()[uid]
    return not us["acted"] and not us["replaced"] and us["dropped"] != s.g["turn"] and d.combat


def movers_at(s: Position, label: str, side: str) -> list[str]:
    return [u for u in s.at(label) if units()[u].side == side and can_act(s, u)]


@cache
def _combat_units(side: str) -> frozenset[str]:
    """The combat units of ``side`` (the only ones a command moves or attacks with)."""
    return frozenset(u for u, (sd, combat, _) in command_kinds().items() if sd == side and combat)


def ready_stacks(s: Position, side: str) -> list[tuple[str, list[str]]]:
    """(hex, ``movers_at`` it) for every hex holding a unit of ``side`` that may act (6.4, 8.3,
    15.6), in hex order: ``can_act`` unrolled over the side's occupied hexes of the kit's placement,
    for the command list."""
    combat = _combat_units(side)
    recs = s.g["units"]
    turn = s.g["turn"]
    p = s._placement()
    at = p.at
    labels = s.b.map.labels
    out = []
    for h in sorted(bits(p.occ[SIDE_NO[side]]), key=label_rank().__getitem__):
        ready = []
        for u in at[h]:
            if u in combat:
                us = recs[u]
                if not us["acted"] and not us["replaced"] and us["dropped"] != turn:
                    ready.append(u)
        if ready:
            out.append((labels[h], ready))
    return out  # type: ignore[return-value]


def attack_targets(s: Position, side: str,
                   ready: list[tuple[str, list[str]]] | None = None) -> list[tuple[str, str]]:
    """6.3/13.1: an adjacent enemy hex, not across an all-sea hexside, not yet attacked this turn;
    the stack needs a non-artillery unit that may attack (13.5, 13.8). ``ready``: ``ready_stacks``
    of ``side`` when the caller has it."""
    m = s.b.map
    hx, labels = m.index, m.labels
    land = land_neighbours()
    near = land_neighbour_masks()
    kinds = command_kinds()
    stacks = s.stacks()
    enemy = opponent(side)
    enemy_bits = SIDE_BITS[enemy]
    enemy_bb = s.side_bb(enemy)  # every hex holding an enemy unit: a stack with none next to it has no target
    attacked = s.g["attacked"]
    out = []
    for lab, ids in ready_stacks(s, side) if ready is None else ready:
        if not near[hx[lab]] & enemy_bb or not any(kinds[u][2] for u in ids):
            continue
        for n in land[hx[lab]]:
            st = stacks.get(n)
            if st is None or not st[3] & enemy_bits:
                continue  # no enemy there (the side of the hex's first unit, as ``occupant``)
            t = labels[n]
            if t is None or t in attacked:
                continue
            out.append((lab, t))
    return out


def attack_capable(uid: str) -> bool:
    d = units()[uid]
    return d.combat and d.type not in ("garrison", "artillery")


def may_drop(s: Position, plan: dict[str, Any]) -> bool:
    """15.6: not onto German units, not in a storm, within stacking limits, still in England."""
    uid, hx = plan["unit"], plan["hex"]
    if s.u(uid)["box"] != "england" or storm_raging(s) or s.occupant(hx) == GERMAN:
        return False
    return s.stack_ok(hx, [uid])


def may_enter_from_box(s: Position, uid: str) -> bool:
    us = s.u(uid)
    d = units()[uid]
    if d.type == "hq" or us["replaced"] or us["acted"]:
        return False
    if d.side == GERMAN:
        return us["box"] in ("north", "south") and us["arrived"] < s.g["turn"]
    if us["box"] != "england" or d.blooded_twin:
        return False
    return not (s.options.get("optional_rules", True) and storm_raging(s))


@cache
def _entry_kinds() -> dict[str, tuple[bool, bool, str, bool]]:
    """Unit id -> (HQ, blooded twin, stacking group, artillery): what the entry list reads of every boxed unit."""
    return {uid: (d.type == "hq", d.blooded_twin, d.group, d.artillery) for uid, d in units().items()}


def entry_actions(s: Position, side: str) -> list[Action]:
    """7.3: an ``enter`` for every unit of ``side`` in its holding boxes that may leave one and has an entry
    hex. Whether it has one depends only on its box (German) or stacking group (Allied) and whether it is
    artillery (``entry_hexes``' key), so each such key is asked once a list."""
    out: list[Action] = []
    recs = s.g["units"]
    turn = s.g["turn"]
    german = side == GERMAN
    if not german and s.options.get("optional_rules", True) and storm_raging(s):
        return out  # 15.2: no landings in a great storm
    kinds = _entry_kinds()
    has: dict[tuple[str, bool], bool] = {}
    for uid in (s.in_box("north", side) + s.in_box("south", side)) if german else s.in_box("england", side):
        # ``may_enter_from_box`` unrolled: the lists hold only units in the right boxes
        hq, twin, group, art = kinds[uid]
        us = recs[uid]
        if hq or us["replaced"] or us["acted"]:
            continue
        if german:
            if us["arrived"] >= turn:
                continue  # 7.1: not on the turn it reached the box
            key = (us["box"], art)
        elif twin:
            continue  # a blooded twin never enters from England (it replaces its untried division, 8.5)
        else:
            key = (group, art)
        ok = has.get(key)
        if ok is None:
            ok = has[key] = bool(entry_hexes(s, uid, False))
        if ok:
            out.append(act("enter", uid))
    return out


class Command(Step[Position]):
    """6.1-6.5: spend command points on move and attack commands until done."""

    name = "command"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        if side == GERMAN:
            cp = german_cp(s)
            why: list[str] = []
        else:
            cp, why = allied_cp(s)
        s.mut("cp")[side] = cp
        s.emit("command_points", side=side, cp=cp, rule=s.rule("6.1"),
               text=f"{side.capitalize()} command points: {cp}" + (f" ({'; '.join(why)})" if why else ""))

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"{f['side'].capitalize()} command phase: {s.g['cp'][f['side']]} CP left (move 1, attack 2), or end"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        cp = s.g["cp"][side]
        out: list[Action] = []
        ready = ready_stacks(s, side)
        if cp >= CP["move"] and not chaos(s, side):
            ezoc = s.zoc_bb(opponent(side))
            hx = s.b.map.index
            recs = s.g["units"]
            turn = s.g["turn"]
            for lab, ids in ready:
                out.append(act("move", lab))
                # may_move_strategically unrolled (12.5): not from an EZOC, supplied overland, not landed today
                if (ezoc >> hx[lab]) & 1:
                    continue
                for u in ids:
                    us = recs[u]
                    if (us["supply"] != "regular" and us["supply"] != "box") or us["landed"] == turn:
                        break
                else:
                    out.append(act("strategic", lab))
            out += entry_actions(s, side)
            if side == GERMAN:
                out += self.box_actions(s)
            else:
                out += [act("drop", p["unit"]) for p in drops_today(s) if may_drop(s, p)]
        if cp >= CP["attack"] and not chaos(s, side):
            out += [act("attack", a, t) for a, t in attack_targets(s, side, ready)]
        out.append(act("end"))
        return out

    def box_actions(self, s: Position) -> list[Action]:
        """12.5: one North<->South move a game turn; 6.6: an HQ from a box to the CP box."""
        out = []
        for uid in s.in_box("north") + s.in_box("south"):
            d = units()[uid]
            us = s.u(uid)
            if d.type == "hq":
                if us["arrived"] < s.g["turn"]:
                    out.append(act("hq", uid))
            elif s.g["shift_turn"] != s.g["turn"] and not us["acted"] and not us["replaced"] \
                    and us["arrived"] < s.g["turn"]:  # 8.3: a rebuilt or restored unit does not move
                out.append(act("shift", uid))
        return out

    def _pay(self, s: Position, f: dict[str, Any], n: int) -> None:
        s.mut("cp")[f["side"]] -= n

    def on_move(self, s: Position, f: dict[str, Any], label: str) -> None:
        self._pay(s, f, CP["move"])
        s.emit("command", side=f["side"], kind="move", hex=label, text=f"Move command at {label}", rule=s.rule("6.2"))
        ids = movers_at(s, label, f["side"])
        s.call("move_stack", side=f["side"], origin=label, pool=ids, group=list(ids), strategic=False, mp=None,
               moved=False)

    def on_strategic(self, s: Position, f: dict[str, Any], label: str) -> None:
        self._pay(s, f, CP["move"])
        s.emit("command", side=f["side"], kind="strategic", hex=label, rule=s.rule("12.5"),
               text=f"Strategic move command at {label}")
        ids = movers_at(s, label, f["side"])
        s.call("move_stack", side=f["side"], origin=label, pool=ids, group=list(ids), strategic=True, mp=None,
               moved=False)

    def on_enter(self, s: Position, f: dict[str, Any], uid: str) -> None:
        self._pay(s, f, CP["box_exit"])
        ev = dict(side=f["side"], kind="enter", unit=uid, rule=s.rule("7.3"), text=f"{units()[uid].name} enters the map")
        if f["side"] == ALLIED:
            private(s, ALLIED, "command", **ev)
            s.emit("command", side=ALLIED, kind="land", text="An Allied unit lands from England", rule=s.rule("7.3"))
        else:
            s.emit("command", **ev)
        s.call("box_entry", side=f["side"], unit=uid)

    def on_drop(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """15.6: one CP a division; in a German ZOC one die, 1-5 a hit; no move or attack that turn."""
        self._pay(s, f, CP["airdrop"])
        plan = mark_done(s, "drops", next(p for p in drops_today(s) if p["unit"] == uid))
        hx = plan["hex"]
        s.place(uid, hx)
        s.set_fields(uid, dropped=s.g["turn"], acted=True, supply="aerial")
        private(s, ALLIED, "drop_unit", unit=uid, hex=hx, text=f"{units()[uid].name} drops on {hx}")
        s.emit("airdrop", hex=hx, reveal=True, text=f"Allied paratroopers drop on {hx}", rule=s.rule("15.6"))
        if (s.zoc_bb(GERMAN) >> s.b.hex(hx)) & 1:
            roll = s.roll(10, why="airdrop into a German ZOC: 1-5 a hit", rule=s.rule("15.6"))[0]
            if roll <= tables()["dice"]["drop_hit"]:
                if s.u(uid)["steps"] > 1:
                    s.set_fields(uid, steps=s.u(uid)["steps"] - 1)
                    s.touch_fields()
                    s.emit("step_loss", hex=hx, text=f"The drop on {hx} is scattered: a step lost", rule=s.rule("15.6"))
                else:
                    eliminate(s, uid, "airdrop into German fire", "15.6")

    def on_shift(self, s: Position, f: dict[str, Any], uid: str) -> None:
        self._pay(s, f, CP["north_south_shift"])
        dest = "south" if s.u(uid)["box"] == "north" else "north"
        s.to_box(uid, dest)
        s.set_fields(uid, acted=True)
        s.g["shift_turn"] = s.g["turn"]
        s.emit("shift", unit=uid, box=dest, text=f"{units()[uid].name} moves to the {dest.capitalize()} box",
               rule=s.rule("12.5"))

    def on_hq(self, s: Position, f: dict[str, Any], uid: str) -> None:
        self._pay(s, f, CP["hq_to_cp_box"])
        s.to_box(uid, "cp")
        s.set_fields(uid, arrived=s.g["turn"])
        s.emit("hq", unit=uid, text=f"{units()[uid].name} joins the German CP box: +1 CP from next turn",
               rule=s.rule("6.6"))

    def on_attack(self, s: Position, f: dict[str, Any], origin: str, target: str) -> None:
        self._pay(s, f, CP["attack"])
        s.mut("attacked").append(target)
        s.emit("command", side=f["side"], kind="attack", hex=origin, target=target, rule=s.rule("6.3"),
               text=f"Attack command: {origin} attacks {target}")
        s.call("battle", attacker=f["side"], defender=opponent(f["side"]), origin=origin, target=target)

    def on_end(self, s: Position, f: dict[str, Any]) -> None:
        s.mut("cp")[f["side"]] = 0
        s.emit("end_phase", side=f["side"], text=f"The {f['side']} player ends his command phase")
        s.end()

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        """After each command: control (11.6), sudden death (4.8-4.9)."""
        update_control(s)
        r = sudden_death(s)
        if r:
            s.finish(r)

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        cp = s.g["cp"][f["side"]]
        if a.verb == "attack" and cp < CP["attack"]:
            return f"{s.rule('6.3')}: an attack costs 2 CP; {cp} left"
        if a.verb in ("move", "strategic", "enter") and cp < CP["move"]:
            return f"{s.rule('6.2')}: no command points left"
        if a.verb in ("move", "attack", "strategic") and chaos(s, f["side"]):
            return f"{s.rule('15.7')}: Blue Point chaos day: the Allies may not move, land or attack"
        if a.verb == "attack" and len(a.args) == 2 and a.args[1] in s.g["attacked"]:
            return f"{s.rule('6.4')}: {a.args[1]} was already attacked this player turn"
        if a.verb in ("move", "strategic", "attack") and a.args:
            return why_no_command(s, f["side"], a)
        if a.verb in ("enter", "shift", "hq") and len(a.args) == 1 and a.args[0] in units():
            return why_not_from_box(s, f["side"], a.verb, a.args[0])
        return None


def unit_cannot_act(s: Position, uid: str) -> str | None:
    """Why a unit may take no command now (6.4, 8.3, 15.6), or None."""
    us = s.u(uid)
    name = units()[uid].name
    if us["replaced"]:
        return f"{s.rule('8.3')}: {name} took replacements this player turn and may not move or attack"
    if us["dropped"] == s.g["turn"]:
        return f"{s.rule('15.6')}: {name} dropped this turn and may not move or attack"
    if us["acted"]:
        return f"{s.rule('6.4')}: {name} has already had its action this player turn"
    return None


def why_no_command(s: Position, side: str, a: Action) -> str | None:
    """The actual reason a move, strategic move or attack command is refused."""
    origin = a.args[0]
    if origin not in s.b.map.index:
        return f"{s.rule('6.2')}: {origin} is not a map hex"
    mine = [u for u in s.at(origin) if units()[u].side == side and units()[u].combat]
    if not mine:
        return f"{s.rule('6.2')}: you have no unit in {origin}"
    ready = movers_at(s, origin, side)
    if not ready:
        return unit_cannot_act(s, mine[0])
    if a.verb == "strategic":
        if (s.zoc_bb(opponent(side)) >> s.b.hex(origin)) & 1:
            return f"{s.rule('12.5')}: a strategic move may not begin in an enemy ZOC"
        for u in ready:
            us = s.u(u)
            if us["landed"] == s.g["turn"]:
                return f"{s.rule('12.5')}: {units()[u].name} landed this player turn: no strategic move"
            if us["supply"] not in ("regular", "box"):
                kind = {"none": "out of supply", "fortress": "on fortress supply", "aerial": "on aerial supply",
                        "coastal": "on coastal supply"}.get(us["supply"], us["supply"])
                return f"{s.rule('12.5')}: {units()[u].name} is {kind}; strategic moves need regular overland supply"
    if a.verb == "attack":
        if not any(attack_capable(u) for u in ready):
            kinds = {units()[u].type for u in ready}
            if kinds == {"garrison"}:
                return f"{s.rule('13.8')}: garrison units never attack"
            if "artillery" in kinds:
                return f"{s.rule('13.5')}: artillery may never attack alone (nor with garrisons only)"
        if len(a.args) == 2:
            target = a.args[1]
            b = s.b
            if target not in b.map.index or b.hex(target) not in b.map.nbrs[b.hex(origin)]:
                return f"{s.rule('13.1')}: {target} is not adjacent to {origin}"
            if "sea" in b.map.side(b.hex(origin), b.hex(target)):
                return f"{s.rule('13.1')}: no attack across the all-sea hexside {origin}|{target}"
            if s.occupant(target) != opponent(side):
                return f"{s.rule('13.1')}: {target} holds no enemy unit"
    return None


def why_not_from_box(s: Position, side: str, verb: str, uid: str) -> str | None:
    """The actual reason a unit may not leave its box (7.1, 7.3, 8.3, 12.5, 15.2) or an HQ may not
    go to the CP box (6.6)."""
    d = units()[uid]
    us = s.u(uid)
    if d.side != side:
        return f"{s.rule('6.2')}: {d.name} is not your unit"
    if verb == "hq":
        if d.type != "hq":
            return f"{s.rule('6.6')}: {d.name} is no headquarters"
        if us["box"] not in ("north", "south"):
            return f"{s.rule('6.6')}: {d.name} is not in the North or South box"
        if us["arrived"] >= s.g["turn"]:
            return f"{s.rule('6.6')}: {d.name} reached its box this game turn; it moves to the CP box from the next"
        return None
    if d.type == "hq":
        return f"{s.rule('6.6')}: a headquarters never enters the map; it goes to the CP box ('hq {uid}')"
    why = unit_cannot_act(s, uid)
    if why:
        return why
    if side == GERMAN:
        if us["box"] not in ("north", "south"):
            return f"{s.rule('7.1')}: {d.name} is not in the North or South box"
        if us["arrived"] >= s.g["turn"]:
            return (f"{s.rule('7.1')}: {d.name} reached the {us['box'].capitalize()} box this game turn; it may "
                    f"leave it from the next turn")
        if verb == "shift" and s.g["shift_turn"] == s.g["turn"]:
            return f"{s.rule('12.5')}: one unit a game turn may move between the North and South boxes"
    else:
        if verb == "shift":
            return f"{s.rule('12.5')}: only German units move between the North and South boxes"
        if us["box"] != "england" or d.blooded_twin:
            return f"{s.rule('7.3')}: {d.name} is not in the England box"
        if s.options.get("optional_rules", True) and storm_raging(s):
            return f"{s.rule('15.2')}: no landings while a great storm rages"
    if verb == "enter" and not entry_hexes(s, uid, False):
        return f"{s.rule('7.3')}: every entry hex for {d.name} is enemy-occupied or full"
    return None


class MoveStack(Step[Position]):
    """6.2/12.2: the activated stack moves together or splits; each group picks a destination."""

    name = "move_stack"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        kind = "Strategic move" if f["strategic"] else "Move"
        names = ", ".join(units()[u].name for u in f["group"]) or "nobody"
        return f"{kind} from {f['origin']}: {names}: choose a destination, change the group, or done"

    def _ends(self, s: Position, f: dict[str, Any]) -> list[str]:
        if not f["group"]:
            return []
        r = reach_from(s, sorted(f["group"]), f["origin"], strategic=f["strategic"], mp=f["mp"])
        labels = s.b.map.labels
        return [labels[h] for h in r.ends]  # type: ignore[misc]

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out = [act("to", h) for h in self._ends(s, f)]
        if len(f["pool"]) > 1:
            out += [act("without", u) for u in f["group"]] + [act("with", u) for u in f["pool"] if u not in f["group"]]
        if not f["moved"] and f["mp"] is None:
            out.append(act("cancel"))
        out.append(act("done"))
        return out

    def on_with(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["group"].append(uid)
        f["group"].sort()
        private(s, f["side"], "group", unit=uid)

    def on_without(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["group"].remove(uid)
        private(s, f["side"], "group", unit=uid)

    def on_to(self, s: Position, f: dict[str, Any], label: str) -> None:
        group = sorted(f["group"])
        r = reach_from(s, group, f["origin"], strategic=f["strategic"], mp=f["mp"])
        dest = s.b.hex(label)
        path = [s.b.label(h) for h in r.path(dest)]
        for uid in group:
            s.place(uid, label)
            s.set_fields(uid, acted=True)
            f["pool"].remove(uid)
        f["moved"] = True
        names = ", ".join(units()[u].name for u in group)
        text = f"{names} move {path[0]} to {path[-1]} ({r.cost[dest]} MP)"
        rule = s.rule("12.5" if f["strategic"] else "12.1")
        if f["side"] == ALLIED and s.options.get("fog_of_war", True):
            private(s, ALLIED, "move", units=group, path=path, cost=r.cost[dest], hex=label, text=text, rule=rule)
            s.emit("stack_move", side=ALLIED, path=path, hex=label, rule=rule,
                   text=f"An Allied stack moves {path[0]} to {path[-1]}")
        else:
            s.emit("move", units=group, path=path, cost=r.cost[dest], hex=label, text=text, rule=rule)
        f["group"] = list(f["pool"])
        if not f["pool"]:
            s.end()

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.mut("cp")[f["side"]] += CP["move"]  # nothing moved: the command was not issued
        s.end()

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and len(a.args) == 1:
            if not f["group"]:
                return f"{s.rule('6.2')}: nobody is left in the group: add a unit with 'with UNIT', or done"
            return why_out_of_reach(s, sorted(f["group"]), f["origin"], a.args[0], strategic=f["strategic"],
                                    mp=f["mp"])
        return None


class BoxEntry(Procedure[Position]):
    """7.3/12.5: a unit leaves its holding box by an entry hex (its first MP) and moves on."""

    name = "box_entry"
    stages = ("choose_mode", "choose_hex", "move_on")

    def choose_mode(self, s: Position, f: dict[str, Any]) -> None:
        uid = f["unit"]
        f["strategic"] = False
        if f["side"] == GERMAN and s.u(uid)["supply"] in ("box", "regular") and entry_hexes(s, uid, True):
            s.call("choice", player=GERMAN, question=f"Enter {units()[uid].name} by normal or strategic movement (SFN 12.5)?",
                   answers=["normal", "strategic"], rule=s.rule("12.5"))

    def choose_mode_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        f["strategic"] = ret == "strategic"

    def choose_hex(self, s: Position, f: dict[str, Any]) -> None:
        hexes = entry_hexes(s, f["unit"], f["strategic"])
        s.call("hex_choice", player=f["side"], question=f"Entry hex for {units()[f['unit']].name} (SFN 7.3)",
               regions=regions(hexes))

    def choose_hex_done(self, s: Position, f: dict[str, Any], ret: str) -> None:
        uid = f["unit"]
        s.place(uid, ret)
        s.set_fields(uid, acted=True, supply="regular")
        if units()[uid].side == ALLIED:
            s.set_fields(uid, landed=s.g["turn"])
            private(s, ALLIED, "land", unit=uid, hex=ret, rule=s.rule("7.3"), text=f"{units()[uid].name} lands at {ret}")
            s.emit("landing", side=ALLIED, hex=ret, text=f"An Allied unit comes ashore at {ret}", rule=s.rule("7.3"))
        else:
            s.emit("enter", unit=uid, hex=ret, text=f"{units()[uid].name} enters at {ret}", rule=s.rule("7.3"))
        f["entry"] = ret

    def move_on(self, s: Position, f: dict[str, Any]) -> None:
        """7.3: the entry hex was the first MP; stop there if it is in an EZOC (11.4)."""
        uid = f["unit"]
        enemy_zoc = s.zoc_bb(opponent(f["side"]))
        if (enemy_zoc >> s.b.hex(f["entry"])) & 1:
            return
        mp = s.mf(uid) * (2 if f["strategic"] else 1) - 1
        if mp <= 0 or not reach_from(s, [uid], f["entry"], strategic=f["strategic"], mp=mp).ends:
            return
        s.call("move_stack", side=f["side"], origin=f["entry"], pool=[uid], group=[uid], strategic=f["strategic"],
               mp=mp, moved=False)
