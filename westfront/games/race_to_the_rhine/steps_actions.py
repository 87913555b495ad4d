"""A commander's action: Move Corps, Take Supplies, Take Trucks, Truck Supplies, Recon, Airborne, or pass
(base actions reconstructed from the reviews, tables.toml; rttr Core action: Truck Supplies)."""

from __future__ import annotations

from typing import Any

from ...core import cards, tokens
from ...core.actions import Action, act
from ...core.routes import can_add, extensions, link_key
from ...core.state import Step
from . import abilities, combat, movement, supply
from .data import KINDS
from .position import Position
from .steps_move import take_space


def airborne_targets(s: Position, commander: str) -> list[str]:
    """Reconstructed Airborne: an empty, uncontrolled, Axis-free space of the area within reach of a Corps.
    Montgomery's Market Garden (rttr 17) reaches 3 links and may also gamble on a space with an Axis marker."""
    t = s.tables
    if s.gg["airborne_used"][commander] >= t.airborne_uses:
        return []
    g = s.graph
    near = 0
    for c in s.corps_of(commander):
        near |= g.within(c["space"], abilities.airborne_range(s, commander))
    sets = s.sets()
    free = ~sets["control"] & ~s.corps_bits()
    ok = near & s.board.areas[commander].spaces & free & ~sets["axis"]
    if s.has_ability(commander, "airborne_gamble"):
        ok |= near & s.board.areas[commander].spaces & free & sets["axis_markers"]
    return [x for x in g.names(ok) if not s.board.has_flag(x, "maquis_zone")
            and (x not in s.gg["axis"] or abilities.gamble_possible(s, commander, x))]


class ChooseAction(Step[Position]):
    name = "action"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["commander"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"{s.board.areas[f['commander']].name}: action {f['number']} of {s.tables.actions}"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        cmd = f["commander"]
        out = [act("move", c["id"]) for c in movement.movable(s, cmd) if movement.entries(s, c)]
        out += [act("take", what, where) for what, where in supply.take_options(s, cmd)]
        if s.gg["truck_stock"] > 0:
            n = min(supply.trucks_per_action(s, cmd), s.gg["truck_stock"])
            out += [act("trucks", k) for k in range(1, n + 1)]
        if s.gg["trucks"][cmd] > 0:
            out += [act("truck", src) for src in supply.truck_sources(s, cmd) if supply.route_useful(s, cmd, src)]
        if s.gg["decks"]["axis"]["draw"]:
            out.append(act("recon"))
        out += [act("airborne", x) for x in airborne_targets(s, cmd)]
        out += [act("swap", cid) for cid in abilities.swap_choices(s, cmd)]
        out.append(act("pass"))
        return out

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        cmd = f["commander"]
        if a.verb == "swap":
            if not s.has_ability(cmd, "swap_ammo_for_fuel"):
                return f"{s.rule('17')}: only Patton's commander card trades Ammo for Fuel"
            if s.gg["ability_used"].get(cmd):
                return f"{s.rule('17')}: Patton trades Ammo for Fuel once per turn"
            return f"{s.rule('17')}: the Corps needs an Ammo to trade and the pool a Fuel"
        if a.verb == "airborne" and s.gg["airborne_used"][cmd] >= s.tables.airborne_uses:
            return f"{s.rule('11.5 Airborne')}: the airborne troops were used already (once per game)"
        if a.verb == "move" and len(a.args) == 1:
            return self._why_not_move(s, cmd, a.args[0])
        if a.verb == "trucks" and len(a.args) == 1 and a.args[0].isdigit():
            return self._why_not_trucks(s, cmd, int(a.args[0]))
        if a.verb == "take" and len(a.args) == 2:
            return self._why_not_take(s, cmd, a.args[0], a.args[1])
        return None

    @staticmethod
    def _why_not_move(s: Position, cmd: str, cid: str) -> str | None:
        c = s.gg["corps"].get(cid)
        if c is None or c["commander"] != cmd:
            return None
        if c["flipped"]:
            return (f"{s.rule('4.6 Logistics Step')}: {cid} is flipped (no Food at the Logistics Step) and cannot "
                    "move until Food is trucked to it")
        if c["supplies"]["fuel"] < s.tables.move_cost_fuel:
            return f"{s.rule('11.1 Move Corps')}: {cid} has no Fuel to begin a move"
        return f"{s.rule('11.1 Move Corps')}: {cid} has no space it may enter from {s.label(c['space'])}"

    @staticmethod
    def _why_not_trucks(s: Position, cmd: str, n: int) -> str | None:
        most = supply.trucks_per_action(s, cmd)
        if n > most:
            return (f"{s.rule('11.3 Take Trucks')}: at Logistics Level {s.gg['level'][cmd]} one action takes at most "
                    f"{most} Truck{'s' if most != 1 else ''}")
        if n > s.gg["truck_stock"]:
            return f"{s.rule('11.3 Take Trucks')}: only {s.gg['truck_stock']} Truck(s) left in the stock"
        return None

    @staticmethod
    def _why_not_take(s: Position, cmd: str, what: str, where: str) -> str | None:
        t = s.tables
        if what not in (*KINDS, "mixed") or where not in s.graph.index:
            return None
        if where == s.gg["main_base"][cmd] and supply.axis_held(s, where):
            return f"{s.rule('11.2 Take Supplies')}: {s.label(where)} is held by the Axis: no supplies land there until it is freed"
        if where not in supply.supply_destinations(s, cmd, what == "mixed"):
            return (f"{s.rule('11.2 Take Supplies')}: {s.label(where)} is not a supply point of yours for this take "
                    "(your Main Supply Base, a port you hold, or with 1 of each a small depot you hold)")
        need = {k: t.take_mixed for k in KINDS} if what == "mixed" else {what: abilities.take_one_kind(s, cmd)}
        short = [k for k, n in need.items() if s.gg["pool"][k] < n]
        if short:
            return f"{s.rule('11.2 Take Supplies')}: the pool is short of {', '.join(short)}"
        cap = s.base_capacity(cmd, where)
        have = tokens.total(s.stock(cmd, where))
        return (f"{s.rule('11.2 Take Supplies')}: {s.label(where)} is full ({have} of {cap} supplies); "
                f"{sum(need.values())} do not fit")

    def on_swap(self, s: Position, f: dict[str, Any], cid: str) -> None:
        """rttr 17 (Patton, reconstructed): 1 Ammo for 1 Fuel on a Corps card, once per turn, no action spent."""
        c = s.gg["corps"][cid]
        abilities.swap_ammo_for_fuel(s, c)
        s.emit("swap", unit=cid, side=f["commander"], rule=s.rule("17"),
               text=f"Patton: {cid} leaves 1 Ammo behind and loads 1 more Fuel")

    def on_move(self, s: Position, f: dict[str, Any], cid: str) -> None:
        s.goto("move", corps=cid)

    def on_take(self, s: Position, f: dict[str, Any], what: str, where: str) -> None:
        got = supply.take_supplies(s, f["commander"], what, where)
        s.emit("take_supplies", side=f["commander"], hex=where, supplies=got, rule=s.rule("11.2 Take Supplies"),
               text=f"{s.commander_name(f['commander'])} takes {', '.join(f'{n} {k.capitalize()}' for k, n in got.items())} "
                    f"to {s.label(where)}")
        s.end()

    def on_trucks(self, s: Position, f: dict[str, Any], n: str) -> None:
        k = int(n)
        g = s.gg
        g["truck_stock"] -= k
        s.mut("trucks")[f["commander"]] += k
        s.emit("take_trucks", side=f["commander"], n=k, rule=s.rule("11.3 Take Trucks"),
               text=f"{s.commander_name(f['commander'])} takes {k} Truck{'s' if k != 1 else ''}; {g['truck_stock']} left in "
                    "the stock")
        if g["truck_stock"] == 0:
            g["logistics_due"] = True
        s.end()

    def on_truck(self, s: Position, f: dict[str, Any], src: str) -> None:
        s.goto("truck_route", commander=f["commander"], start=src, links=[], placed=0)

    def on_recon(self, s: Position, f: dict[str, Any]) -> None:
        top = cards.peek(s.gg["decks"]["axis"], s.tables.recon_peek)
        s.mut("recon_known")[f["commander"]] = len(top)  # what this commander knows of the deck (AI determinize)
        s.emit("recon", side=f["commander"], cards=top, visible_to=[f["commander"]], reveal=True,
               rule=s.rule("11.4 Recon"), text=f"Recon: the next Axis cards are {', '.join(top)}")
        s.emit("recon", side=f["commander"], rule=s.rule("11.4 Recon"), text=f"{s.commander_name(f['commander'])} looks at the Axis deck")
        s.goto("recon", commander=f["commander"], cards=list(top))  # its own list, not the event's

    def on_airborne(self, s: Position, f: dict[str, Any], sid: str) -> None:
        cmd = f["commander"]
        s.mut("airborne_used")[cmd] += 1
        if sid in s.gg["axis"]:
            self._market_garden(s, cmd, sid)
        else:
            s.emit("airborne", side=cmd, hex=sid, rule=s.rule("11.5 Airborne"),
                   text=f"{s.commander_name(cmd)}'s airborne troops seize {s.label(sid)}")
            take_space(s, cmd, sid, s.board.medals(sid), sid)
        if not s.is_terminal():
            s.end()

    def _market_garden(self, s: Position, cmd: str, sid: str) -> None:
        """rttr 17 (Montgomery, reconstructed): the drop meets an Axis card; cheap enough, the space is taken."""
        card = s.draw_card("axis")
        if card is None:  # an empty Axis deck: the unit gives way (as for a Corps, reconstructed)
            s.remove_axis(sid)
            take_space(s, cmd, sid, s.board.medals(sid), sid)
            return
        info = s.tables.axis_cards[card]
        s.emit("draw", deck="axis", card=card, hex=sid, reveal=True, side=cmd, rule=s.rule("17"),
               text=f"Market Garden: the paratroops land on the {info.name} in {s.label(sid)}")
        s.discard_card("axis", card)
        ammo, _fuel = combat.cost(s, info, sid)
        if ammo <= abilities.airborne_strength(s, cmd):
            s.remove_axis(sid)
            s.emit("airborne", side=cmd, hex=sid, won=True, rule=s.rule("17"),
                   text=f"Market Garden succeeds: {s.label(sid)} is taken")
            take_space(s, cmd, sid, info.medals + s.board.medals(sid), sid)
        else:
            s.emit("airborne", side=cmd, hex=sid, won=False, rule=s.rule("17"),
                   text=f"Market Garden fails: the {info.name} holds {s.label(sid)}")

    def on_pass(self, s: Position, f: dict[str, Any]) -> None:
        s.emit("pass", side=f["commander"], text=f"{s.commander_name(f['commander'])} passes an action")
        s.end()


class TruckRoute(Step[Position]):
    """rttr Core action: Truck Supplies: Trucks go on links one by one as a branching route from the source
    (no link already holding a Truck, up to the level's number), supplies are loaded onto Corps on the route."""

    name = "truck_route"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["commander"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return f"Truck supplies from {s.label(f['start'])}: place Trucks on links, load supplies, then done"

    def _can_place(self, s: Position, f: dict[str, Any]) -> bool:
        return f["placed"] < supply.trucks_per_action(s, f["commander"]) and s.gg["trucks"][f["commander"]] > 0

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        out: list[Action] = []
        if self._can_place(s, f):
            allowed = supply.route_allowed(s, f["commander"])
            out += [act("link", a, b) for a, b in extensions(s.graph, f["start"], f["links"], s.gg["trucks_on"], allowed)]
        out += [act("load", k, cid) for k, cid in supply.loadable(s, f["commander"], f["start"], f["links"])]
        out.append(act("done"))
        return out

    def explain(self, s: Position, f: dict[str, Any], a: Action) -> str | None:
        if a.verb == "link" and len(a.args) == 2 and all(x in s.graph.index for x in a.args):
            if not self._can_place(s, f):
                return f"{s.rule('4.5 Core action: Truck Supplies')}: no more Trucks may be placed with this action"
            why = can_add(s.graph, f["start"], f["links"], a.args[0], a.args[1], s.gg["trucks_on"],
                          supply.route_allowed(s, f["commander"]))
            return f"{s.rule('4.5 Core action: Truck Supplies')}: {why}" if why else None
        return None

    def on_link(self, s: Position, f: dict[str, Any], a: str, b: str) -> None:
        key = link_key(a, b)
        f["links"].append(key)
        f["placed"] += 1
        s.mut("trucks")[f["commander"]] -= 1
        s.gg["trucks_on"] = sorted([*s.gg["trucks_on"], key])
        s.mut("truck_owner")[key] = f["commander"]  # no derived fact reads the Trucks: nothing to touch
        s.emit("truck", side=f["commander"], link=key, rule=s.rule("4.5 Core action: Truck Supplies"),
               text=f"Truck placed {s.label(a)} – {s.label(b)}")

    def on_load(self, s: Position, f: dict[str, Any], kind: str, target: str) -> None:
        cmd = f["commander"]
        tokens.take(s.stock_for_update(cmd, f["start"]), kind, 1)
        if target in s.gg["corps"]:
            c = s.gg["corps"][target]
            s.give(target, kind, 1)
            where = f"{target} in {s.label(c['space'])}"
        else:
            tokens.add(s.stock_for_update(cmd, target), kind, 1, s.base_capacity(cmd, target))
            where = f"the depot at {s.label(target)}"
        s.emit("load", side=cmd, unit=target, kind=kind, rule=s.rule("4.5 Core action: Truck Supplies"),
               text=f"1 {kind} trucked from {s.label(f['start'])} to {where}")

    def on_done(self, s: Position, f: dict[str, Any]) -> None:
        s.end()


class Recon(Step[Position]):
    """Reconstructed Recon: having seen the top Axis cards, put one at the bottom or keep the order."""

    name = "recon"

    def player(self, s: Position, f: dict[str, Any]) -> str:
        return str(f["commander"])

    def prompt(self, s: Position, f: dict[str, Any]) -> str:
        return "Recon: put one of the Axis cards you saw at the bottom of the deck, or keep them"

    def actions(self, s: Position, f: dict[str, Any]) -> list[Action]:
        return [act("bottom", c) for c in sorted(set(f["cards"]))] + [act("keep")]

    def on_bottom(self, s: Position, f: dict[str, Any], card: str) -> None:
        cards.to_bottom(s.mut("decks")["axis"], card)
        s.mut("recon_known")[f["commander"]] = 1 if len(f["cards"]) > 1 else 0  # the other card is on top now
        s.emit("recon_bottom", side=f["commander"], rule=s.rule("11.4 Recon"),
               text=f"{s.commander_name(f['commander'])} sends an Axis card to the bottom of the deck")
        s.end()

    def on_keep(self, s: Position, f: dict[str, Any]) -> None:
        s.end()
