"""What the UI and the AI see (docs/view-contract.md): views and previews.

Onslaught has no hidden information: the reinforcement schedules are printed on
the board and both supply tracks are public, so every viewer gets the same
view apart from the prompt.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from .activation import activation_cost, own_stacks, stack_use
from .combat import adjacent_attackers, assess
from .data import SIDES, SUPPLY, UNIT_SIZE, UNITS, turn_label
from .movement import moves
from .position import Position
from .supply import allied_sources, supply_area
from .victory import score

BOXES = {
    "paratroop": {"title": "Paratroop box (9.1)"},
    "turn_track": {"title": "Paratroops on the turn track (9.1)"},
    "delayed": {"title": "Allied Delayed Reinforcements (10.3)"},
    "eliminated": {"title": "Eliminated Units (11.2)"},
    "reinforcements": {"title": "Reinforcements due this turn (10.0)"},
    "removed": {"title": "Removed from play (9.3, 10.2)"},
}
BOX_OF = {"para": "paratroop", "track": "turn_track", "delayed": "delayed", "eliminated": "eliminated",
          "pending": "reinforcements", "removed": "removed"}
COLORS = {"british": "#c8b78a", "canadian": "#c8b78a", "us": "#6b7b3a", "french": "#6b7b3a", "polish": "#8b6b4a",
          "wehrmacht": "#9a9a9a", "ss": "#222222", "volksgrenadier": "#9a9a9a"}


def unit_view(s: Position, uid: str, sup: dict[str, int]) -> dict[str, Any]:
    u = UNITS[uid]
    d = s.unit(uid)
    full = bool(d["full"])
    flags = [] if full else ["reduced"]
    h = s.hex_of(uid)
    if h is not None and not (sup[u.side] >> h) & 1:
        flags.append("oos")
    a = s.pos["action"]
    if a:
        if uid in a["activated"]:
            flags.append("activated")
        if uid in a["attacked"]:
            flags.append("attacked")
    out: dict[str, Any] = {
        "id": uid, "side": u.side, "nation": u.nation, "hex": d["hex"],
        "box": None if d["hex"] else BOX_OF.get(d["box"] or "", d["box"]),
        "label": u.name, "kind": u.kind, "size": UNIT_SIZE, "factors": u.factors(full), "steps": 2 if full else 1, "max_steps": 2,
        "flags": flags, "color": COLORS.get(u.nation, "#888888"),
    }
    if d["box"] == "pending":
        out["arrives"] = u.turn
        out["entry"] = u.entry
    if d["box"] == "track":
        out["returns"] = d.get("return_turn")
    return out


def later(s: Position, uid: str) -> bool:
    """Scheduled for a later turn: listed in the view's ``schedule`` (10.0), not in a box."""
    return s.unit(uid)["box"] == "pending" and UNITS[uid].turn > s.turn


def budgets(s: Position) -> dict[str, dict[str, int]]:
    points = s.g["supply_points"]
    repl = s.g["replacement_points"]
    return {
        "allied": {"supply": points["allied"], "income": s.g["income"], "replacement": repl["allied"],
                   "max_supply": SUPPLY.allied_cap},
        "german": {"supply": points["german"], "replacement": repl["german"], "max_supply": SUPPLY.german_cap},
    }


def status(s: Position, viewer: str | None) -> list[str]:
    sc = score(s)
    lines = [
        f"Victory points now: Allies {sc.allied}, Germans {sc.german}",
        f"Allied supply sources: {', '.join(sorted(allied_sources(s))) or 'none'}",
    ]
    b = s.g["bulge"]
    if b["used"]:
        lines.append(f"German counteroffensive launched on turn {b['turn']}")
    elif s.turn <= 17:
        lines.append("German counteroffensive available on turns 12-17")
    return lines


def markers(s: Position) -> list[dict[str, Any]]:
    out = []
    srcs = allied_sources(s)
    for lab, side in sorted(s.g["control"].items()):
        if lab in srcs:
            out.append({"kind": "supply_source", "hex": lab, "label": str(srcs[lab]), "side": "allied"})
        elif s.map.index[lab] in s.board.port_at:
            out.append({"kind": "control", "hex": lab, "label": side[0].upper(), "side": side})
    for lab in s.g["captured"]:
        out.append({"kind": "captured_fort", "hex": lab, "label": "X", "side": "allied"})
    return out


# the view keeps the short names the UI has always read
ACTION_VIEW_KEYS = {"out_of_supply": "oos", "acted": "any"}


def action_view(s: Position) -> dict[str, Any] | None:
    a = s.pos["action"]
    return None if a is None else {ACTION_VIEW_KEYS.get(k, k): v for k, v in a.items()}


def build_view(s: Position, player: str | None) -> dict[str, Any]:
    v = s.base_view(player)
    sup = {side: supply_area(s, side) for side in SIDES}
    v.update({
        "turn": s.turn, "turn_label": turn_label(s.turn), "max_turns": s.last_turn(),
        "phase": s.g["phase"],
        "budgets": budgets(s),
        "status": status(s, player),
        "units": [unit_view(s, u, sup) for u in UNITS if not later(s, u)],
        "schedule": [{"id": u, "side": UNITS[u].side, "turn": UNITS[u].turn, "entry": UNITS[u].entry,
                      "label": UNITS[u].name, "factors": UNITS[u].factors(True)} for u in UNITS if later(s, u)],
        "markers": markers(s),
        "boxes": BOXES,
        "supply_sources": allied_sources(s),
        "bulge": dict(s.g["bulge"]),
        "action": action_view(s),
    })
    return v


def build_preview(s: Position, action: Action | str) -> dict[str, Any] | None:
    a = Action.parse(action) if isinstance(action, str) else action
    f = s.frame()
    if f is None:
        return None
    m = s.map
    step = f["step"]
    if step == "move_unit" and a.verb == "to" and a.args and a.args[0] in m.index:
        mv = moves(s, f["unit"], oos=f["oos"], bridges=f["bridges"], normal=f["normal"])
        dest = m.index[a.args[0]]
        if dest not in mv.ends():
            return None
        return {"cost": mv.cost(dest), "path": [m.label(h) for h in mv.path(dest)], "mode": mv.mode(dest)}
    if step == "attack" and a.verb in ("resolve", "add", "remove"):
        attackers = list(f["attackers"])
        if a.verb == "add":
            attackers.append(a.args[0])
        elif a.verb == "remove" and a.args[0] in attackers:
            attackers.remove(a.args[0])
        return assess(s, m.index[f["target"]], attackers).to_dict()
    if a.verb == "activate" and a.args and a.args[0] in m.index and s.pos["action"]:
        return activation_preview(s, f, a)
    if a.verb == "attack" and a.args and a.args[0] in m.index and s.pos["action"]:
        target = m.index[a.args[0]]
        side = s.act["side"]
        pool = adjacent_attackers(s, target, side)
        done = set(s.act["attacked"])
        return assess(s, target, [u for u in pool if u not in done]).to_dict()
    return None


def activation_preview(s: Position, f: dict[str, Any], a: Action) -> dict[str, Any]:
    """What activating a stack costs and could do (5.2, 5.3, 5.5): who could move, be picked up or which
    hexes it could attack; ``nothing`` (with ``why``) when it could do nothing, so a point would be wasted
    (such an activation is never offered)."""
    m = s.map
    side = s.act["side"]
    breakthrough = f["step"] == "breakthrough_action"
    h = m.index[a.args[0]]
    stack = own_stacks(s, side, armor_only=breakthrough).get(h, [])
    if len(a.args) > 1:
        stack = [u for u in stack if UNITS[u].camp in (a.args[1], None)]
    out: dict[str, Any] = {"cost": activation_cost(s, stack, breakthrough=breakthrough), "units": stack}
    if not stack:
        return out
    kind = "breakthrough" if breakthrough else "reserve" if f.get("reserve") else "movement"
    use = stack_use(s, side, h, stack, kind)
    out.update({"can_move": list(use.movers), "can_pick_up": list(use.pickups),
                "can_attack": [m.label(t) for t in use.targets], "in_supply": use.supplied,
                "nothing": use.nothing})
    if use.nothing:
        out["why"] = f"{s.rule('5.2')}: this activation could do nothing: {use.why_nothing()}"
    return out


def labels() -> dict[str, Any]:
    """Names for the ids in actions, log texts and prompts (Onslaught hides nothing)."""
    names = {uid: u.name for uid, u in UNITS.items()}
    names |= {k: b["title"] for k, b in BOXES.items()} | {k: BOXES[v]["title"] for k, v in BOX_OF.items()}
    return {"names": names, "actions": {"add": "Add {1} to the attack", "remove": "Take out {1}",
                                        "attack": "Attack {1}", "place": "Place {1}", "drop": "Drop {1}"}}
