"""Reinforcement Step decisions (onslaught 8.1, 10.x, 11.x, 14.2): placing reinforcements,
the German free move, replacements and the Allied collection of supply.
The order of the step is :class:`.sequence.ReinforcementStep`."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from ...core.state import Step
from .data import UNITS, replacement_points
from .hexchoice import ZoomedHexChoice
from .movement import can_move
from .position import Position
from .reinforcements import rebuild_cost, refit_cost, reinforcement_hexes, replacement_hexes
from .supply import allied_sources, in_supply, threatened_sources


class Reinforce(ZoomedHexChoice):
    """10.1-10.3: choose a reinforcement, then its hex. Divisions that cannot enter are delayed (Allied),
    lost (German areas A and B) or held for next turn (Germany); delayed ones may also wait (``delay``)."""

    name = "reinforce"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        self.settle(s, f)

    def settle(self, s: Position, f: dict[str, Any]) -> None:
        for uid in list(f["pending"]):
            if reinforcement_hexes(s, uid, f["per_city"]):
                continue
            f["pending"].remove(uid)
            u = UNITS[uid]
            if u.side == "allied":
                s.remove_from_map(uid, "delayed")
                s.emit("delayed", unit=uid, side="allied", rule=s.rule("10.3"),
                       text=f"{u.name} cannot enter: Delayed Reinforcements box")
            elif u.entry in ("A", "B"):
                s.remove_from_map(uid, "removed")
                s.emit("lost", unit=uid, side="german", rule=s.rule("10.2"),
                       text=f"{u.name} cannot enter area {u.entry} in supply and is eliminated permanently")
            else:
                s.emit("held", unit=uid, side="german", rule=s.rule("10.2"),
                       text=f"{u.name} finds no hex in Germany able to take it; it waits for the next turn")
        if not f["pending"]:
            s.end(f["entered"])

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        if f["selected"]:
            return f"Place {UNITS[f['selected']].name}: choose its hex"
        return f"{f['side'].capitalize()} reinforcements: choose a division to place ({len(f['pending'])} left)"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        if f["selected"]:
            cands = bits(reinforcement_hexes(s, f["selected"], f["per_city"]))
            return self.hex_list(s, f, cands, "at") + [act("cancel")]
        out = [act("place", u) for u in f["pending"]]
        out += [act("delay", u) for u in f["pending"] if s.unit(u)["box"] == "delayed"]
        return out

    def on_delay(self, s: Position, f: dict[str, Any], uid: str) -> None:
        """10.3: a division in the Delayed Reinforcements box may enter on any later turn: it may wait."""
        f["pending"].remove(uid)
        s.emit("kept_delayed", unit=uid, side="allied", rule=s.rule("10.3"),
               text=f"{UNITS[uid].name} stays in the Delayed Reinforcements box")
        self.settle(s, f)

    def on_place(self, s: Position, f: dict[str, Any], uid: str) -> None:
        f["selected"] = uid

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        f["selected"] = None
        f["zoom"] = None

    def on_at(self, s: Position, f: dict[str, Any], label: str) -> None:
        uid = f["selected"]
        s.enter(uid, [s.map.index[label]])
        u = UNITS[uid]
        if u.entry == "asterisk" and s.options.get("free_french"):
            f["per_city"][label] = f["per_city"].get(label, 0) + 1
        if u.side == "german" and u.entry in ("A", "B"):
            f["entered"].append(uid)
        rule = {"german": "10.2", "allied": "10.3"}[u.side] if u.entry != "asterisk" else "14.2"
        s.emit("reinforcement", unit=uid, hex=label, side=u.side, rule=s.rule(rule),
               text=f"{u.name} enters at {label}")
        f["pending"].remove(uid)
        f["selected"] = None
        f["zoom"] = None
        self.settle(s, f)


class FreeMove(Step[Position]):
    """10.2: German divisions entering at area A or B move at once, free, normally or strategically."""

    name = "free_move"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        s.begin_action("german", "free")
        if not self.movers(s, f):
            self.close(s)

    def movers(self, s: Position, f: dict[str, Any]) -> list[str]:
        return [u for u in f["units"] if s.unit(u)["hex"] is not None and can_move(s, u, oos=False, bridges=0)]

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "german"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Free move of the divisions that entered from areas A and B (normal or strategic), or done"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("move", u) for u in self.movers(s, f)] + [act("done")]

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        self.close(s)

    def on_move(self, s: Position, f: dict[str, Any], uid: str) -> None:
        s.call("move_unit", unit=uid, oos=False, bridges=0, normal=True, zoom=None)

    def resume(self, s: Position, f: dict[str, Any], ret: Any) -> None:
        if ret:
            f["units"].remove(ret)
        if not self.movers(s, f):
            self.close(s)

    @staticmethod
    def close(s: Position) -> None:
        s.end_action()
        s.end()


class Replace(ZoomedHexChoice):
    """11.1-11.4: spend this turn's replacement points (they do not accumulate)."""

    name = "replace"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        elim = len(s.in_box("eliminated", side))
        points = replacement_points(side, elim)
        s.mut("replacement_points")[side] = points
        s.emit("replacement_points", side=side, amount=points, eliminated=elim, rule=s.rule("11.1"),
               text=f"{side.capitalize()} receives {points} replacement points ({elim} units eliminated)")
        if not self.options(s, f):
            self.close(s, f)

    def options(self, s: Position, f: dict[str, Any]) -> list[Action]:
        side = f["side"]
        points = s.g["replacement_points"][side]
        out = []
        for uid in s.in_box("eliminated", side):
            for level in ("half", "full", "germany"):
                cost = rebuild_cost(uid, level)
                if cost is None or cost > points:
                    continue
                if side == "german" and not replacement_hexes(s, uid, level):
                    continue
                out.append(act("rebuild", uid, level))
        for uid in s.on_map(side):
            if not s.unit(uid)["full"] and refit_cost(uid) <= points and in_supply(s, uid):
                out.append(act("refit", uid))
        return out

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["side"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        side = f["side"]
        if f["selected"]:
            return f"Place the rebuilt {UNITS[f['selected']['unit']].name}"
        return (f"{side.capitalize()} replacements ({s.g['replacement_points'][side]} points): "
                "rebuild or refit a division, or done")

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        sel = f["selected"]
        if sel:
            cands = bits(replacement_hexes(s, sel["unit"], sel["level"]))
            return self.hex_list(s, f, cands, "at") + [act("cancel")]
        return self.options(s, f) + [act("done")]

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        self.close(s, f)

    def on_cancel(self, s: Position, f: dict[str, Any]) -> None:
        f["selected"] = None
        f["zoom"] = None

    def on_refit(self, s: Position, f: dict[str, Any], uid: str) -> None:
        side = f["side"]
        self.spend(s, side, refit_cost(uid))
        s.edit_unit(uid)["full"] = True
        s.emit("refit", unit=uid, side=side, rule=s.rule("11.2"),
               text=f"{UNITS[uid].name} is rebuilt to full strength")
        self.close_if_spent(s, f)

    def on_rebuild(self, s: Position, f: dict[str, Any], uid: str, level: str) -> None:
        side = f["side"]
        if side == "allied" and not replacement_hexes(s, uid, level):
            self.spend(s, side, rebuild_cost(uid, level) or 0)
            s.edit_unit(uid)["full"] = level != "half"
            s.remove_from_map(uid, "delayed")
            s.emit("rebuilt", unit=uid, side=side, rule=s.rule("11.3"),
                   text=f"{UNITS[uid].name} is rebuilt into the Delayed Reinforcements box")
            self.close_if_spent(s, f)
            return
        f["selected"] = {"unit": uid, "level": level}

    def on_at(self, s: Position, f: dict[str, Any], label: str) -> None:
        side = f["side"]
        sel = f["selected"]
        uid, level = sel["unit"], sel["level"]
        self.spend(s, side, rebuild_cost(uid, level) or 0)
        s.edit_unit(uid)["full"] = level != "half"
        s.enter(uid, [s.map.index[label]])
        s.emit("rebuilt", unit=uid, side=side, hex=label, rule=s.rule("11.4" if side == "german" else "11.3"),
               text=f"{UNITS[uid].name} is rebuilt ({'depleted' if level == 'half' else 'full strength'}) "
                    f"at {label}")
        f["selected"] = None
        f["zoom"] = None
        self.close_if_spent(s, f)

    def close_if_spent(self, s: Position, f: dict[str, Any]) -> None:
        if not self.options(s, f):
            self.close(s, f)

    @staticmethod
    def spend(s: Position, side: str, n: int) -> None:
        s.mut("replacement_points")[side] -= n

    @staticmethod
    def close(s: Position, f: dict[str, Any]) -> None:
        side = f["side"]
        left = s.g["replacement_points"][side]
        if left:
            s.emit("replacements_lost", side=side, amount=left, rule=s.rule("11.1"),
                   text=f"{left} unspent replacement point(s) are lost")
        s.mut("replacement_points")[side] = 0
        s.end()

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "rebuild" and a.args and a.args[0] in s.g["units"] and UNITS[a.args[0]].allied_para:
            return f"{s.rule('9.3')}: eliminated paratroop divisions can never be rebuilt"
        if a.verb in ("rebuild", "refit"):
            return f"{s.rule('11.1')}-11.2: not eligible, or it costs more replacement points than are left"
        return None


class Collect(Step[Position]):
    """8.1: the Allies collect from each source they control; they may decline a threatened one (8.7)."""

    name = "collect"

    def begin(self, s: Position, f: dict[str, Any]) -> None:
        if not threatened_sources(s):
            self.collect(s, f)

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return "allied"

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Collect Allied supply: decline any threatened source (the Germans could capture half), or collect"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("decline", lab) for lab in threatened_sources(s) if lab not in f["declined"]] + [act("collect")]

    def on_decline(self, s: Position, f: dict[str, Any], label: str) -> None:
        f["declined"].append(label)
        s.emit("decline", hex=label, side="allied", rule=s.rule("8.1"),
               text=f"The Allies will not collect supply at {label} this turn")

    def on_collect(self, s: Position, f: dict[str, Any]) -> None:
        self.collect(s, f)

    @staticmethod
    def collect(s: Position, f: dict[str, Any]) -> None:
        got = {lab: pts for lab, pts in allied_sources(s).items() if lab not in f["declined"]}
        income = sum(got.values())
        s.g["collected"] = got
        s.g["income"] = income
        s.gain("allied", income, f"{len(got)} supply source(s)", s.rule("8.1"))
        s.end()


STEPS = (Reinforce, FreeMove, Replace, Collect)
