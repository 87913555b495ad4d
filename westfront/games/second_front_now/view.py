"""What each seat sees (SFN 10.6 fog of war) and previews of shots and moves."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from .board import board
from .combat import hit_number, modifiers
from .data import ALLIED, GERMAN, POOL_NAMES, date_label, tables, units
from .movement import reach_from
from .position import Position
from .victory import threshold

BOX_TITLES = {
    "england": "England Holding Box", "blooded": "US Blooded Replacement Divisions", "north": "North Holding Box",
    "south": "South Holding Box", "italy": "Italy Holding Box", "russia": "Russia Holding Box",
    "cup": "Riga-Odessa cup", "cp": "German CP Record Box", "dead": "Destroyed Units", "oos_dead": "OOS Dead Pile",
    "later": "Reinforcements (Turn Record Sheet)", "italy_transit": "On the way from Italy", "setup": "Awaiting set-up",
}


def in_battle(s: Position) -> set[str]:
    out: set[str] = set()
    for fr in s.frames():
        if fr["step"] == "battle" and "attackers" in fr:
            out |= set(fr["attackers"]) | set(fr["defenders"])
    return out


def hidden_from(s: Position, viewer: str | None, uid: str, battle: set[str] | None = None) -> bool:
    """10.6: the German never sees what is in an Allied stack or the England box (unless in battle);
    a spectator sees only what both seats see. ``battle``: ``in_battle(s)``, when the caller asks for many units."""
    if not s.options.get("fog_of_war", True) or viewer == ALLIED:
        return False
    if units()[uid].side != ALLIED:
        return False
    us = s.u(uid)
    if not (us["hex"] or us["box"] == "england"):
        return False  # dead piles and the blooded box are public
    return uid not in (in_battle(s) if battle is None else battle)


def unit_view(s: Position, uid: str) -> dict[str, Any]:
    d = units()[uid]
    us = s.u(uid)
    aa, ai, mf = d.values(max(us["steps"], 1))
    flags = []
    if us["acted"]:
        flags.append("moved")
    if us["supply"] == "none":
        flags.append("oos")
    if us["replaced"]:
        flags.append("replaced")
    if 0 < us["steps"] < d.steps:
        flags.append("reduced")
    if d.untried:
        flags.append("untried")
    return {"id": uid, "side": d.side, "hex": us["hex"], "box": us["box"], "label": d.name, "kind": d.type,
            "factors": f"{aa}-{ai}-{mf}" if d.combat else "HQ", "steps": us["steps"], "max_steps": d.steps,
            "nation": d.nation, "flags": flags, "supply": us["supply"], **({"size": d.size} if d.size else {})}


def view(s: Position, player: str | None) -> dict[str, Any]:
    v = s.base_view(player)
    g = s.g
    t = g["turn"]
    units_out = []
    counts: dict[str, int] = {}
    for uid in sorted(g["units"]):
        us = s.u(uid)
        if hidden_from(s, player, uid):
            if us["hex"]:
                counts[us["hex"]] = counts.get(us["hex"], 0) + 1
            continue
        if us["box"] in ("setup", "later") and units()[uid].side == ALLIED:
            continue
        units_out.append(unit_view(s, uid))
    for hx, n in sorted(counts.items()):
        for k in range(n):
            units_out.append({"id": f"allied-{hx}-{k}", "side": ALLIED, "hex": hx, "box": None, "label": "?",
                              "kind": "hidden", "factors": "", "steps": 0, "max_steps": 0, "flags": ["hidden"]})
    status = [f"German VP {s.vp()} (needs {threshold(s)} at the end of turn 80)"]
    if g["area"]:
        status.append(f"Invasion area: {g['area'].capitalize()}")
    if g["storm"]["state"] != "none":
        status.append(f"Great storm: {g['storm']['state']}")
    if g["air_contest"] >= t:
        status.append(f"Luftwaffe contests the air until turn {g['air_contest']}")
    if g["riga"]:
        status.append(f"Riga-Odessa Line declared on turn {g['riga']}")
    bp = g["blue_point"]
    if bp.get("launched"):
        status.append(f"Blue Point: rolled {bp['roll']} (result {bp['result']})")
    if player == ALLIED or not s.options.get("fog_of_war", True):
        status += [f"SAF strike plotted: {p['hex']} on turn {p['turn']}" for p in g["saf"] if not p.get("done")]
        status += [f"Drop plotted: {units()[p['unit']].name} on {p['hex']}, turn {p['turn']}" for p in g["drops"]
                   if not p.get("done")]
    markers = [{"kind": "control", "hex": h, "label": "A" if side == ALLIED else "G", "side": side}
               for h, side in sorted(g["control"].items()) if side == ALLIED]
    markers += [{"kind": "beach", "hex": s.b.label(i), "label": s.b.beach_name.get(i, "beach")}
                for i in s.active_beaches()]
    v.update({
        "turn": t,
        "max_turns": tables()["game"]["last_turn"],
        "turn_label": f"Turn {t} ({date_label(t)})",
        "phase": phase_name(s),
        "budgets": {GERMAN: {"CP": g["cp"].get(GERMAN, 0), "VP": s.vp()},
                    ALLIED: {"CP": g["cp"].get(ALLIED, 0)}},
        "status": status,
        "units": units_out,
        "markers": markers,
        "boxes": {k: {"title": v2} for k, v2 in BOX_TITLES.items()},
        "control": dict(g["control"]),
        "battle": battle_view(s),
    })
    if g["rp"]:
        v["budgets"]["replacements"] = dict(g["rp"])
    return v


def phase_name(s: Position) -> str:
    for fr in reversed(s.frames()):
        if fr["step"] in ("german_admin", "allied_admin"):
            return f"{fr['side'].capitalize()} administrative phase"
        if fr["step"] == "command":
            return f"{fr['side'].capitalize()} command & action phase"
        if fr["step"] == "setup":
            return "Set-up"
    return ""


def battle_view(s: Position) -> dict[str, Any] | None:
    """13.1: the battle board, both sides visible."""
    for fr in reversed(s.frames()):
        if fr["step"] == "battle" and "attackers" in fr:
            return {"origin": fr["origin"], "target": fr["target"], "attacker": fr["attacker"],
                    "attackers": [unit_view(s, u) for u in fr["attackers"]],
                    "defenders": [unit_view(s, u) for u in fr["defenders"]],
                    "lgas": fr.get("lgas", False), "naval": fr.get("ntf", False)}
    return None


def preview(s: Position, action: Action | str) -> dict[str, Any] | None:
    """A shot: the number it needs and its modifiers, before it is rolled; a move: its cost and path."""
    a = Action.parse(action) if isinstance(action, str) else action
    f = s.frame()
    if f is None:
        return None
    if f["step"] == "move_stack" and a.verb == "to" and len(a.args) == 1 and f["group"]:
        r = reach_from(s, sorted(f["group"]), f["origin"], strategic=f["strategic"], mp=f["mp"])
        dest = s.b.hex(a.args[0])
        if dest not in r.cost:
            return None
        return {"cost": r.cost[dest], "path": [s.b.label(h) for h in r.path(dest)]}
    if f["step"] == "fire" and a.verb == "fire" and len(a.args) == 2:
        battle = next(fr for fr in reversed(s.frames()) if fr["step"] == "battle")
        sh, tg = a.args
        need = hit_number(s, battle, sh, tg)
        return {"hit_on": need, "chance": max(0, min(10, need)) / 10,
                "modifiers": [m.to_dict() for m in modifiers(s, battle, sh, tg)]}
    return None


def labels() -> dict[str, Any]:
    """Names for the ids in actions, log texts and prompts (served once, the same for both seats).

    The whole counter mix is public (set-up charts and the Turn Record Sheet, 3.2-3.6); fog of war
    (10.6) hides which Allied counter stands where, and a hidden stack keeps its placeholder ids,
    read as "unidentified Allied unit"."""
    b = board()
    return {
        "names": {uid: d.name for uid, d in units().items()} | dict(BOX_TITLES) | dict(POOL_NAMES),
        # the invasion areas' beaches (SFN 3.2): the map marks them while "Calais or Dieppe?" is asked
        "places": {area: [b.label(h) for h in hexes] for area, hexes in b.beaches.items()},
        "patterns": [{"match": r"^allied-\d{4}-\d+$", "name": "unidentified Allied unit"},
                     {"match": r"^cols(\d\d)-(\d\d)$", "name": "hex columns $1–$2"}],
        "actions": {"add": "Add {1} to the battle", "remove": "Hold back {1}", "fire": "{1} fires at {2}",
                    "hq": "Use HQ {1}", "enter": "Enter {1}", "region": "Hexes in {1}"},
    }
