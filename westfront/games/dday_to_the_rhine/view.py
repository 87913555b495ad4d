"""What each player sees (docs/view-contract.md) and previews of moves and attacks.

Hidden pieces reach the Allied player (and spectators) only as numbered
markers; the objective card only reaches the Allied player.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.actions import Action
from ...core.combat.dice_pool import pool_size
from . import units as U
from .board import EXIT_ZONES, INVASION_ZONES, board
from .combat import (
    attacker_entries,
    binomial,
    composition,
    defender_entries,
    defenders,
    per_die_hit,
)
from .data import NATION_NAMES, supports
from .hidden import OBJECTIVES, PHANTOM_IDS, hidden_labels, view_piece
from .invasion import invasion_dice
from .movement import move_reach, rail_area_name
from .position import Position
from .supply import in_supply
from .victory import facts

GROUP_COLORS = {"21": "#b22222", "12": "#2e6b2e", "6": "#1f3a93", "B": "#d4b106", "G": "#555555", "H": "#1f5fbf",
                "F": "#c0392b", "-": "#ffffff"}


@cache
def _printed(uid: str) -> tuple[str, str, str, str, str, int, str, str | None, str]:
    """What the counter says whatever happens to the unit (side, label, name, kind, size, full strength,
    nation, army group, colour): the view asks for every unit on every move, the data never changes."""
    d = U.udef(uid)
    return (d.side, d.short, d.name, d.cls.kind, d.cls.size, U.max_strength(uid), NATION_NAMES.get(d.nation, d.nation),
            d.group if d.group != "-" else None, GROUP_COLORS.get(d.group, "#999999"))


@cache
def _factors(uid: str, strength: int) -> str:
    return U.counter(uid, strength)


def unit_view(s: Position, uid: str, viewer: str | None) -> dict[str, Any]:
    u = s.unit(uid)
    side, label, name, kind, size, max_steps, nation, group, color = _printed(uid)
    strength = u["strength"]
    flags = [f for f, on in (("moved", u["moved"]), ("attacked", bool(u["attacked"])), ("strategic", u["strat"]),
                             ("surprise", u["rco"]), ("over-stacked", u["over"])) if on]
    if u["hex"] and not in_supply(s, uid):
        flags.append("oos")
    if strength and strength < max_steps:
        flags.append("reduced")
    if u.get("hid"):
        flags.append("hidden")
    out = {"id": uid, "side": side, "hex": u["hex"], "box": None if u["hex"] else u["box"], "label": label,
           "name": name, "kind": kind, "size": size, "factors": _factors(uid, max(strength, 1)), "steps": strength,
           "max_steps": max_steps, "nation": nation, "army_group": group, "flags": flags, "color": color}
    if u["box"] == U.SCHEDULED and u.get("due"):
        out["due"] = u["due"]
    return out


def build_view(s: Position, viewer: str | None) -> dict[str, Any]:
    b = board()
    g = s.g
    v = s.base_view(viewer)
    units_out: list[dict[str, Any]] = []
    waiting = 0
    for uid in sorted(g["units"]):
        u = g["units"][uid]
        if viewer != "german" and s.options.get("phantoms") and not u["hex"] and u["box"] in (U.AVAILABLE, U.POOL) \
                and U.udef(uid).side == "german":
            waiting += 1  # 18.5: a unit may leave these boxes under a hidden marker; the Allies see a count
            continue
        if u["hex"] and u.get("hid") and viewer != "german":
            hv = view_piece(s, uid, viewer)
            if hv and not u.get("pending"):  # 18.5: announced together with its phantom
                units_out.append(hv)
            continue
        uv = unit_view(s, uid, viewer)
        if u["hex"] and u.get("hid"):
            uv.update({"id": u["hid"], "unit": uid})  # actions name hidden pieces by marker
        units_out.append(uv)
    for pid in sorted(g["phantoms"]):
        p = g["phantoms"][pid]
        if not p["hex"]:
            if viewer == "german":
                units_out.append({"id": pid, "side": "german", "hex": None, "box": "phantoms", "label": "Phantom",
                                  "kind": "phantom", "factors": "0-0-6", "steps": 0, "max_steps": 0, "flags": []})
            continue
        if viewer == "german":
            units_out.append({"id": p.get("hid") or pid, "unit": pid, "side": "german", "hex": p["hex"], "box": None,
                              "label": "Phantom", "kind": "phantom", "factors": "0-0-6", "steps": 0, "max_steps": 0,
                              "flags": ["hidden"] + (["moved"] if p["moved"] else []), "marker": p.get("hid")})
        else:
            hv = view_piece(s, pid, viewer)
            if hv:
                units_out.append(hv)
    units_out.sort(key=lambda x: (x["hex"] is None, str(x["id"])))
    markers: list[dict[str, Any]] = [{"kind": "control", "hex": h, "label": "A", "side": "allied"}
                                     for h in g["control"]]
    markers += [{"kind": "beachhead", "hex": h, "label": f"BH {k}", "side": "allied"}
                for k, h in sorted(g["beachheads"].items())]
    status = [f"Weather: {'overcast (Allied aircraft miss)' if s.overcast() else 'clear'}",
              f"Allied port capacity: {s.port_capacity()}",
              f"Antwerp {'open' if s.antwerp_open() and s.controls('allied', b.find('Antwerp')) else 'closed'}"]
    if g["rco"]["launched"]:
        status.append(f"RCO launched in {s.month() if g['rco']['launched'] == s.turn else 'turn ' + str(g['rco']['launched'])}"
                      f"; surprise markers left: {g['rco']['markers']}")
    if viewer == "allied" and g["objective"]:
        status.append(f"Objective: {OBJECTIVES[g['objective']]}")
    if waiting:
        status.append(f"German units waiting to enter or be rebuilt (not shown, 18.5): {waiting}")
    if hidden_labels(s) and viewer != "german":
        status.append(f"Hidden German markers: {', '.join(hidden_labels(s))}")
    f = facts(s)
    status.append(f"German cities east of the Rhine in supply: {f['german_east_cities']}; "
                  f"west: {f['german_west_cities']}")
    if viewer is None and (g["phantoms"] or g["cards"] or g["objective"]):
        v["prompt"] = s.waiting_text()  # spectators see no secrets, and prompts may name them
    v.update({
        "turn": s.turn, "turn_label": s.month(), "max_turns": g["last"], "first_turn": g["first"],
        "phase": g.get("phase", ""),
        "budgets": {"german": {"RP": g["rp"]["german"]}, "allied": {"RP": g["rp"]["allied"], "PC": s.port_capacity()}},
        "status": status, "units": units_out, "markers": markers,
        "boxes": {k: {"title": t} for k, t in U.BOX_TITLES.items()} | {"rco": {"title": "RCO forces"}},
        "control": list(g["control"]), "beachheads": dict(g["beachheads"]),
        "support": {sid: {"name": supports()[sid].name, "kind": supports()[sid].kind, "state": st}
                    for sid, st in sorted(g["support"].items())},
        "exits": {k: list(x) for k, x in g["exits"].items()},
        "zones": {k: b.labels(b.zone(k)) for k in (*INVASION_ZONES, *EXIT_ZONES, "from_marseilles")},
        "rail_used": g["rail_used"],
    })
    if viewer == "german" and g["phantoms"]:
        v["phantoms"] = {p: {"hex": x["hex"], "marker": x.get("hid")} for p, x in g["phantoms"].items()}
    if viewer == "allied" and g["cards"]:
        v["cards"] = {str(k + 1): OBJECTIVES[c] for k, c in enumerate(g["cards"])}
    if viewer == "allied":
        v["objective"] = OBJECTIVES.get(g["objective"] or "")
    return v


def build_preview(s: Position, action: Action | str) -> dict[str, Any] | None:
    try:
        return _preview(s, Action.parse(action) if isinstance(action, str) else action)
    except (KeyError, ValueError, IndexError):
        return None  # not a well-formed action for this decision: nothing to preview


def _preview(s: Position, a: Action) -> dict[str, Any] | None:
    f = s.frame()
    if f is None:
        return None
    b = board()
    if f["step"] == "move_unit" and a.verb in ("to", "exit", "through") and f["mode"] != "rail":
        r = move_reach(s, f)
        dest = b.hex(a.args[0])
        if dest not in r.cost:
            return None
        return {"cost": r.cost[dest] + (1 if a.verb == "exit" else 0), "path": [b.label(h) for h in r.path(dest)]}
    if f["step"] == "attack" and a.verb in ("resolve", "add", "remove", "support"):
        attackers = list(f["attackers"])
        sup = dict(f["support"])
        if a.verb == "add":
            attackers.append(a.args[0])
        elif a.verb == "remove" and a.args[0] in attackers:
            attackers.remove(a.args[0])
        elif a.verb == "remove":
            sup = {k: x for k, x in sup.items() if x != a.args[0]}
        elif a.verb == "support":
            sup[supports()[a.args[0]].kind] = a.args[0]
        return attack_preview(s, b.hex(f["target"]), f["side"], attackers, sup)
    if f["step"] == "invasion" and a.verb == "land":
        return landing_preview(s, f["armies"][0], b.hex(a.args[0]))
    if f["step"] == "naval_defence" and a.verb in ("support", "decline"):
        return naval_defence_preview(s, a.args[0] if a.verb == "support" else None)
    return None


def landing_preview(s: Position, uid: str, i: int) -> dict[str, Any]:
    """6.2: the dice of this landing before it is chosen (the army's, +1 naval, +1 airborne, -1 for the coast
    hexside, against the coast units' +1), the numbers the rulebook's count gives."""
    na, nd = invasion_dice(s, uid, s.real_at(i))
    return {"dice": {"attacker": na, "defender": nd}}


def naval_defence_preview(s: Position, naval: str | None) -> dict[str, Any] | None:
    """4.1: the German attack under way as it would be fought with (or without) this naval gunfire:
    the same dice, hit chances and risk of losing the hex as the attacker's own preview."""
    combat = next((fr for fr in reversed(s.frames()) if fr["step"] == "combat"), None)
    if combat is None:
        return None
    attackers = [a for a in combat["attackers"] if s.unit(a)["hex"]]
    return attack_preview(s, board().hex(combat["target"]), combat["side"], attackers, dict(combat["support"]), naval)


def attack_preview(s: Position, target: int, side: str, attackers: list[str], sup: dict[str, Any],
                   naval_defence: str | None = None) -> dict[str, Any]:
    """Dice on each side and the chance of each number of hits (binomial on the custom die)."""
    enemy = "allied" if side == "german" else "german"
    a_entries = attacker_entries(s, target, attackers, {k: x for k, x in sup.items() if k != "bomber"})
    d_entries = defender_entries(s, target, naval_defence)
    na, nd = pool_size(a_entries), pool_size(d_entries)
    defs = defenders(s, target)
    dpz, dinf = composition(s, defs)
    apz, ainf = composition(s, attackers)
    p_a = per_die_hit(s, side, dpz, dinf)
    p_d = per_die_hit(s, enemy, apz, ainf)
    if sup.get("bomber"):
        na += 2
    items = [{"id": e.id, "dice": e.dice, "modifiers": [m.to_dict() for m in e.modifiers], "support": e.support}
             for e in a_entries]
    d_strength = sum(s.unit(d)["strength"] for d in defs)
    dist = binomial(na, p_a)
    return {"dice": {"attacker": na, "defender": nd}, "items": items,
            "hits": {"on_defender": [round(x, 4) for x in dist], "on_attacker": [round(x, 4) for x in
                                                                                binomial(nd, p_d)]},
            "p_destroy": round(sum(dist[d_strength:]) if d_strength <= na else 0.0, 4),
            "expected": {"on_defender": round(na * p_a, 3), "on_attacker": round(nd * p_d, 3)}}


def labels() -> dict[str, Any]:
    """Names for the ids in actions, log texts and prompts (served once, the same for both seats).

    Every counter of the game is public (the set-up and reinforcement charts list them all), so
    naming each id says nothing about where a hidden one stands; hidden markers keep their number."""
    names = {uid: d.short for uid, d in U.units().items()}
    names |= {sid: sp.name for sid, sp in supports().items()}
    names |= {z: z.replace("_", " ").title() for z in INVASION_ZONES}
    names |= dict(EXIT_ZONES) | {"from_marseilles": "From Marseilles"}
    names |= {pid: f"Phantom {pid.rsplit('-', 1)[-1]}" for pid in PHANTOM_IDS}
    names |= dict(U.BOX_TITLES)
    # every rail area's name, those already hyphenated (Saint-Lo) too: the board names each one
    names |= {rail_area_name(i): c.name for i, c in board().cities.items()}
    return {
        "names": names,
        # invasion zones named by a plain word ("brittany") are ids in running text all the same
        "words": [z for z in INVASION_ZONES if z.isalpha()],
        "patterns": [{"match": r"^hm(\d+)$", "name": "hidden marker $1"}],
        "actions": {
            "move": "Move {1} (tactical)",
            "motor": "Motor {1} (strategic)",
            "rail": "Rail {1} (strategic)",
            "surprise": "Surprise marker on {1}",
            "disband": "Remove phantom {1}",
            "support": "Add support: {1}",
            "remove": "Take out {1}",
            "add": "Add {1} to the attack",
            "attack": "Attack {1}",
            "via": "By rail towards {1}",
            "decline": "No naval gunfire",
        },
        "help": {
            "move": "Tactical move, 1 RP: pays each hex's terrain cost in MP, 2 MP for a hex in enemy ZOC, "
                    "+1 MP across the Rhine; may end next to the enemy and attack later this month (11.0).",
            "motor": "Motor move, 1 RP: up to twice the unit's MP in hexes whatever the terrain, but never into or "
                     "through enemy ZOC nor across the Rhine; a unit that motors cannot attack afterwards (11.1, 11.2).",
            "rail": "Rail move, 1 RP, once a month from July: any distance through German-supplied hexes free of "
                    "enemy ZOC; no attack afterwards (11.1, 11.3).",
            "surprise": "RCO surprise marker: +1 MP and +1 die for this unit this month (16.0).",
            "decline": "Defend without naval gunfire; the task force stays available this month (4.1).",
            "support": "Support adds dice: naval gunfire one die in a coast hex, bombers two dice after their "
                       "own roll, airborne one die against a river or fortress hex (4.1).",
        },
    }
