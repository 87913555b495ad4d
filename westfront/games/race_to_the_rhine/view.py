"""What each commander sees: everything is public except the order of the decks (and a Recon peek,
which only its event shows to the commander who made it)."""

from __future__ import annotations

from typing import Any

from ...core import cards, tokens
from .board import board
from .data import tables
from .position import Position

ONCE_PER_TURN = ("redraw", "swap_ammo_for_fuel")


def build_view(s: Position, player: str | None) -> dict[str, Any]:
    g = s.gg
    b = s.board
    v = s.base_view(player)
    seats = s.seats
    v.update({
        "turn": g["round"],
        "turn_label": f"Round {g['round']}",
        "phase": f"{b.areas[g['turn']].name}'s turn" if g["turn"] else "",
        "seats": list(seats),
        "budgets": {c: {"medals": g["medals"][c], "level": g["level"][c], "trucks": g["trucks"][c],
                        **({"air_strikes": g["air_strikes"][c]} if s.advanced() else {})} for c in seats},
        "status": status_lines(s),
        "units": [unit_view(s, c) for c in g["corps"].values()],
        "markers": markers(s),
        "boxes": {},
        "commanders": {c: {"name": b.areas[c].name, "color": b.areas[c].color, "main_base": g["main_base"][c],
                           "bases": {k: dict(x) for k, x in g["bases"][c].items()},
                           "victory": list(b.areas[c].victory), "card": card_view(s, c),
                           "air_strikes": g["air_strikes"][c] if s.advanced() else None} for c in seats},
        "pool": dict(g["pool"]),
        "trucks_on": list(g["trucks_on"]),
        "truck_stock": g["truck_stock"],
        "axis_supply": g["axis_supply"],
        "decks": {k: cards.public(d) for k, d in g["decks"].items()},
        "control": dict(g["control"]),
        "ffi": dict(g["ffi"]),
        "commander_card": g["commander_card"] if s.with_patch_devers() else None,
        "out_of_play": out_of_play(s),
    })
    return v


def out_of_play(s: Position) -> list[str]:
    """Spaces the board leaves out: in the base game the Patch-Devers side board (the spaces of no other
    commander's area, rttr Components 'if playing with Patch-Devers'); the map hides them."""
    return s.graph.names(s.graph.all_bits & ~s.on_board())


def card_view(s: Position, commander: str) -> dict[str, str]:
    """The commander card in play and its (reconstructed) ability, rttr 17."""
    card = s.commander_card(commander)
    return {"id": card.id, "name": card.name, "text": card.text}


def unit_view(s: Position, c: Any) -> dict[str, Any]:
    sup = c["supplies"]
    return {
        "id": c["id"], "side": c["commander"], "hex": c["space"], "box": None, "label": c["id"].replace("-", " "),
        "kind": "corps", "factors": f"{sup['fuel']}-{sup['ammo']}-{sup['food']}",  # Fuel-Ammo-Food
        "steps": tokens.total(sup), "max_steps": s.tables.slots, "color": s.board.areas[c["commander"]].color,
        "flags": ["flipped"] if c["flipped"] else [], "supplies": dict(sup),
    }


def markers(s: Position) -> list[dict[str, Any]]:
    g = s.gg
    out: list[dict[str, Any]] = [{"kind": "control", "hex": x, "label": "C", "side": who}
                                 for x, who in sorted(g["control"].items())]
    out += [{"kind": "axis", "hex": x, "label": "A"} for x in g["axis"]]
    out += [{"kind": "ffi", "hex": x, "label": f"FFI {n}"} for x, n in sorted(g["ffi"].items()) if n]
    # a Truck stands on a link: the map draws it along the link (web/js/map.js), in its owner's colour
    out += [{"kind": "truck", "hex": k.split("|")[0], "link": k, "label": "T", "side": g["truck_owner"].get(k)}
            for k in g["trucks_on"]]
    return out


def status_lines(s: Position) -> list[str]:
    g = s.gg
    lines = [f"Axis markers left: {g['axis_supply']}", f"Trucks in the stock: {g['truck_stock']}",
             f"Logistics Steps so far: {g['logistics_steps']}",
             "Medals: " + ", ".join(f"{s.commander_name(c)} {g['medals'][c]}" for c in s.seats)]
    for c in s.seats:
        stocks = "; ".join(f"{s.label(x)} " + " ".join(f"{k[0].upper()}{n}" for k, n in st.items())
                           for x, st in sorted(g["bases"][c].items()) if sum(st.values()))
        lines.append(f"{s.commander_name(c)}: level {g['level'][c]}, {g['trucks'][c]} Truck(s) in hand; "
                     f"supplies: {stocks or 'none'}")
    for c in s.seats:
        card = s.commander_card(c)
        lines.append(f"{s.commander_name(c)} commander card {card.id.capitalize()}, {card.name}: {card.text}"
                     + (" (used this turn)" if g["ability_used"].get(c) and card.ability in ONCE_PER_TURN else ""))
    if s.advanced():
        lines.append("Air Strike markers: " + ", ".join(f"{s.commander_name(c)} {g['air_strikes'][c]}" for c in s.seats))
    if g["end_triggered"]:
        lines.append("The last Axis marker is out: this is the final round")
    if s.with_patch_devers():
        lines.append(f"Patch-Devers commander: {g['commander_card'].capitalize()}; contact with the FFI: "
                     + ("yes" if g["contact"] else "not yet"))
    return lines


def labels() -> dict[str, Any]:
    """Names for the ids in actions, log texts and prompts: commanders, spaces, corps and cards
    (the decks' contents are printed in the rules; only their order is secret)."""
    b = board()
    t = tables()
    names = {c: a.name for c, a in b.areas.items()} | dict(b.names)
    names |= {c: f"{c.replace('-', ' ')} Corps" for a in b.areas.values() for c in a.corps}
    names |= {k: c.name for k, c in t.axis_cards.items()} | {k: c.name for k, c in t.pursuit_cards.items()}
    # a space's id is a plain word ("avranches"): running text names it all the same
    return {"names": names, "words": [c for c in b.names if c.isalpha() and c.islower()],
            "actions": {"ffi": "FFI marker: {1} → {2}", "link": "Link {1} – {2}", "load": "Load {1} for {2}",
                        "take": "Take {1} at {2}", "truck": "Trucks from {1}", "bottom": "Put {1} at the bottom",
                        "airborne": "Airborne landing at {1}", "move": "Move {1}", "to": "To {1}",
                        "place": "Axis marker in {1}"}}
