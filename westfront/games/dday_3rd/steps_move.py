"""The movement phase (§9): move units, land reinforcements, sail back to Britain, spend replacement points —
in any order, one atomic decision at a time."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from . import logistics, movement, refusals
from .data import units
from .position import Position, other


class Movement(Step[Position]):
    """One faction's movement phase: ``move``/``land``/``sail``/``replace`` in any order, then ``done``."""

    name = "movement"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        side = f["side"]
        return f"{side.capitalize()} movement: move units" + (", land reinforcements" if side == "allied" else "") + \
            f" (RP {s.g['rp'][side]}), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        stayed = f.get("stayed") or ()
        out = [act("move", u) for u in movement.movable(s, side) if u not in stayed]
        if side == "allied":
            out += [act("land", u) for u in logistics.reinforcement_candidates(s)]
            out += [act("sail", u) for u in s.on_map(side) if logistics.may_sail(s, u)]
            out += [act("replace", u) for u in logistics.replaceable(s, side)]
        else:
            out += [act("replace", u) for u in logistics.replaceable(s, side)
                    if logistics.german_replacement_hexes(s, u)]
        out.append(act("done"))
        return out

    def on_move(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.call("move_unit", unit=uid)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if isinstance(ret, dict) and ret.get("stayed"):
            f["stayed"] = [*f.get("stayed", []), ret["stayed"]]  # not offered again this phase

    def on_land(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.call("place_unit", unit=uid, purpose="reinforce", hexes=logistics.landing_hexes(s, uid))

    def on_sail(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """§9.4: back to Britain, available later as a reinforcement."""
        where = s.unit(uid)["hex"]
        s.to_box(uid, "britain")
        s.set_flags(uid, moved=True)
        s.emit("sail", unit=uid, hex=where, rule=s.rule("9.4"), text=f"{units()[uid].label} sails back to Britain")

    def on_replace(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """§9.2: pay the unit's AF in RP; Allied units return to Britain, German ones to a replacement hex."""
        side = f["side"]
        if side == "allied":
            s.mut("rp")["allied"] -= units()[uid].af
            s.to_box(uid, "britain")
            s.emit("replace", unit=uid, side=side, rule=s.rule("9.2.2"),
                   text=f"{units()[uid].label} is rebuilt in Britain ({units()[uid].af} RP)")
            return
        s.call("place_unit", unit=uid, purpose="replace", hexes=logistics.german_replacement_hexes(s, uid))

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "move" and a.args:
            return move_unit_refusal(s, f, a.args[0])
        if a.verb == "sail" and a.args:
            return logistics.sail_refusal(s, a.args[0]) if f["side"] == "allied" else \
                f"{s.rule('9.4')}: only the Allies move by sea"
        if a.verb == "land" and a.args:
            return land_refusal(s, a.args[0])
        if a.verb == "replace" and a.args:
            return replace_refusal(s, f["side"], a.args[0])
        return None


class MoveUnit(Step[Position]):
    """Choose the destination of one unit: every hex a normal move reaches, and those only a strategic move (double
    MF, §9.1.5) reaches, in one list — a move is strategic exactly when its hex needs it, so there is no mode to
    switch (a switch changes nothing on the map, and an agent built afresh for each decision could switch for
    ever). ``stay``: the unit stays where it is this phase (it is not offered again)."""

    name = "move_unit"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return s.side_of(f["unit"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        uid = f["unit"]
        more = " (hexes beyond its MF by strategic movement)" if self.strategic_only(s, uid) else ""
        return f"{units()[uid].label} at {s.unit(uid)['hex']}: move to{more}, or stay"

    @staticmethod
    def strategic_only(s: Position, uid: str) -> list[str]:
        if not movement.may_move_strategically(s, uid):
            return []
        return movement.destinations(s, uid, True)

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        uid = f["unit"]
        out = [act("to", h) for h in movement.destinations(s, uid, False)]
        out += [act("to", h) for h in self.strategic_only(s, uid)]
        out.append(act("stay"))
        return out

    def on_stay(self, s: Position, f: dict[str, Any]) -> None:
        s.end({"stayed": f["unit"]})

    def on_to(self, s: Position, f: dict[str, Any], label: str) -> None:
        uid = f["unit"]
        m = s.board.m
        strategic = label not in movement.destinations(s, uid, False)
        r = movement.reach_of(s, uid, strategic)
        path = [m.label(h) for h in r.path(m.index[label])]
        s.pass_through(uid, path[1:])
        s.place(uid, label)
        s.set_flags(uid, moved=True)
        if uid in s.g["interdicted"]:
            s.mut("interdicted").remove(uid)  # §11.2: the fighter goes home when the unit moves
        s.emit("move", unit=uid, path=path, hex=label, strategic=strategic, rule=s.rule("9.1.5" if strategic else "9.1"),
               text=f"{units()[uid].label} moves {path[0]} → {label}" + (" (strategic)" if strategic else ""))
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "to" and a.args:
            return movement.move_refusal(s, f["unit"], a.args[0])
        return None


class PlaceUnit(Step[Position]):
    """Put a unit from a box on one of a few hexes: reinforcement (§9.3) or German replacement (§9.2.1)."""

    name = "place_unit"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return s.side_of(f["unit"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Where does {units()[f['unit']].label} arrive?"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("at", h) for h in f["hexes"]] + [act("cancel")]

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        s.end()

    def on_at(self, s: Position, f: dict[str, Any], label: str) -> None:
        uid = f["unit"]
        d = units()[uid]
        side = d.side
        s.place(uid, label)
        pinned = s.in_zoc(label, other(side))
        s.set_flags(uid, moved=pinned, pinned=pinned, fresh=side == "allied")
        if f["purpose"] == "replace":
            s.mut("rp")["german"] -= d.af
            s.emit("replace", unit=uid, hex=label, side=side, rule=s.rule("9.2.1"),
                   text=f"{d.label} returns at {label} ({d.af} RP)")
        else:
            sector = s.board.sector_of.get(label) if not d.paris else None
            if sector not in logistics.tables().sectors:
                sector = None
            logistics.count_landing(s, sector, d, by_air=False)
            s.emit("reinforce", unit=uid, hex=label, rule=s.rule("9.3"), text=f"{d.label} lands at {label}")
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        return refusals.place_unit(s, f, a)


def over_stacked(s: Position, side: str) -> list[str]:
    """Hexes where ``side``'s units break the stacking limit (§3), land or sea."""
    return sorted(h for h, ids in s.index().items() if s.side_of(ids[0]) == side and not s.stack_limit_ok(ids))


class Overstack(Step[Position]):
    """§9.1.3: at the end of a movement phase the excess units of an over-stacked hex are eliminated, the owner
    choosing which (``lose UNIT``) until every hex is within the limit (§3)."""

    name = "overstack"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        if not over_stacked(s, f["side"]):
            s.end()

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        hexes = over_stacked(s, f["side"])
        return (f"Stacking (§9.1.3): {', '.join(hexes)} over the limit at the end of movement — choose the units to "
                "eliminate")

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("lose", u) for h in over_stacked(s, f["side"]) for u in s.at(h)]

    def on_lose(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.eliminate(uid, "over the stacking limit at the end of movement", "9.1.3")
        if not over_stacked(s, f["side"]):
            s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "lose" and a.args:
            return (f"{s.rule('9.1.3')}: {a.args[0]} is not in an over-stacked hex; the excess is chosen from "
                    f"{', '.join(over_stacked(s, f['side']))}")
        return None


def _name(uid: str) -> str:
    return units()[uid].label if uid in units() else uid


def move_unit_refusal(s: Position, f: dict[str, Any], uid: str) -> str:
    """Why ``move UNIT`` is refused: the unit's own cause (§8, §9.1, §9.2.1, §9.3, §7.1)."""
    r = s.rule("9.1")
    if uid not in units():
        return f"{r}: there is no unit {uid}"
    u = s.unit(uid)
    name = _name(uid)
    if s.side_of(uid) != f["side"]:
        return f"{r}: {name} is not a {f['side'].capitalize()} unit"
    if not u["hex"] or not (s.board.land >> s.board.m.index[u["hex"]]) & 1:
        return f"{r}: {name} is not on the continent"
    if u["invader"]:
        return f"{s.rule('7.1')}: {name} is invading from the sea and moves only into its coastal hex"
    if u["dropped"]:
        return f"{s.rule('8')}: {name} dropped this week and may not move"
    if u["pinned"]:
        return f"{s.rule('9.3')}: {name} arrived in enemy ZOC this week and may not move"
    if u["moved"]:
        return f"{r}: {name} has already moved this phase"
    if uid in (f.get("stayed") or ()):
        return f"{r}: {name} was told to stay this phase"
    return f"{r}: {name} cannot move now"


def land_refusal(s: Position, uid: str) -> str:
    """Why ``land UNIT`` is refused: the actual limit (§9.3, §9.3.1, §6.2)."""
    r = s.rule("9.3.1")
    sea_cap = logistics.tables().caps["sea"]
    if uid not in units() or s.side_of(uid) != "allied":
        return f"{r}: only Allied units in Britain land as reinforcements"
    d = units()[uid]
    u = s.unit(uid)
    if u["box"] not in ("britain", "paris"):
        return f"{r}: {d.label} is not in Britain"
    if d.paris and not s.g.get("ff_now"):
        return f"{s.rule('9.3.3')}: the Free French in Paris come only from week 28, with France south of the border free"
    if d.arrival > s.week:
        return f"{r}: {d.label} is available from week {d.arrival}"
    if u["moved"]:
        return f"{s.rule('9.4')}: {d.label} sailed back this week; it comes again at a later week"
    if s.g["landed"]["sea"] >= sea_cap:
        return f"{r}: {sea_cap} units have already come by sea this week (Table 7)"
    if logistics.room(s) <= 0:
        return f"{r}: no supply capacity left for another unit on the continent (capacity minus units there, §6.2)"
    return (f"{r}: no entry point takes {d.label} now: each is full (§3), held by or in the ZOC of German units "
            "(§9.3), or its sector's Table 5 limit for this week is used up")


def replace_refusal(s: Position, side: str, uid: str) -> str:
    """Why ``replace UNIT`` is refused (§9.2)."""
    r = s.rule("9.2")
    if uid not in units() or s.side_of(uid) != side:
        return f"{r}: only the side's own eliminated units are replaced"
    d = units()[uid]
    if s.unit(uid)["box"] != "eliminated":
        return f"{r}: {d.label} has not been eliminated"
    if d.type == "HQ":
        return f"{r}: headquarters are never replaced"
    if side == "allied" and not (d.type in ("I", "A") and d.echelon == "D"):
        return f"{s.rule('9.2.2')}: the Allies replace only infantry and armoured divisions"
    if d.af > s.g["rp"][side]:
        return f"{r}: {d.label} costs {d.af} RP (its AF); {s.g['rp'][side]} RP left"
    return f"{s.rule('9.2.1')}: no German replacement hex has room (not last occupied by the Allies, §3)"
