"""What the UI draws (docs/view-contract.md): units, markers, boxes, budgets and previews. D-Day has no hidden
information (every counter is open; dice are the only uncertainty), so every side sees the same view."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from . import combat as C
from . import movement, victory
from .board import board
from .data import tables, units
from .position import Position
from .sequence import week_label

BOX_TITLES = {
    "britain": "Allied units available in Britain",
    "german_available": "Available German units",
    "eliminated": "Eliminated",
    "paris": "Free French (Paris, §9.3.3)",
}


def unit_view(s: Position, uid: str) -> dict[str, Any]:
    d = units()[uid]
    u = s.unit(uid)
    flags = [k for k in ("moved", "attacked", "dropped", "pinned", "invader") if u[k]]
    if u["flipped"]:
        flags.append("oos")
    if u["isolated"]:
        flags.append("isolated")
    if uid in s.g["interdicted"]:
        flags.append("interdicted")
    return {
        "id": uid, "side": d.side, "hex": u["hex"], "box": u["box"], "label": f"{d.nation} {d.number}",
        "kind": d.type.lower(), "size": d.size, "nation": d.nation, "factors": f"{s.af(uid)}-{d.df}-{s.mf(uid)}",
        "steps": 1, "max_steps": 1, "flags": flags,
    }


def game_view(s: Position, player: str | None) -> dict[str, Any]:
    v = s.base_view(player)
    g = s.g
    markers: list[dict[str, Any]] = []
    markers += [{"kind": "mulberry", "hex": h, "label": "M", "side": "allied"} for h in g["mulberries"]]
    markers += [{"kind": "installation", "hex": h, "label": "V" if h != "V43" else "U", "side": "german"}
                for h in ("N24", "H12", "V43") if h not in g["installations"]]
    markers += [{"kind": "cad", "hex": h, "label": "CAD", "side": "allied"} for h in g["cad"]]
    markers += [{"kind": "river_interdiction", "hex": h, "label": "RI", "side": "allied"} for h in g["river_interdicted"]]
    markers += [{"kind": "control", "hex": h, "label": "A", "side": "allied"} for h in sorted(g["allied_hexes"])]
    invasions = ", ".join(f"{_place_name(i['sector'])} (week {i['week']})" for i in g["invasions"]) or "none yet"
    v.update({
        "turn": s.week, "max_turns": victory.LAST_WEEK, "turn_label": week_label(s.week),
        "phase": s.phase_name(),
        "budgets": {"allied": {"RP": g["rp"]["allied"], "fighters": g["fighters"], "bombers": g["bombers"]},
                    "german": {"RP": g["rp"]["german"]}},
        "status": [
            f"Invasions: {invasions}",
            f"Supplied Allied units east of the Rhine-Issel line: {victory.supplied_east_of_rhine(s)} "
            f"(streak {g['east_streak']} of {victory.EAST_WEEKS} weeks)",
            f"Installations captured: {', '.join(sorted(g['installations'])) or 'none'}",
        ],
        "units": [unit_view(s, uid) for uid in g["units"] if g["units"][uid]["hex"] or g["units"][uid]["box"]],
        "markers": markers,
        "boxes": {k: {"title": t} for k, t in BOX_TITLES.items()},
    })
    return v


def preview(s: Position, action: Action | str) -> dict[str, Any] | None:
    """Path and cost of a move; odds and result chances of an attack being built."""
    a = Action.parse(action) if isinstance(action, str) else action
    f = s.frame()
    if f is None:
        return None
    m = s.board.m
    if f["step"] == "move_unit" and a.verb == "to" and a.args:
        r = movement.reach_of(s, f["unit"], a.args[0] not in movement.destinations(s, f["unit"], False))
        dest = m.index.get(a.args[0])
        if dest is None or dest not in r.cost:
            return None
        return {"cost": r.cost[dest], "path": [m.label(h) for h in r.path(dest)]}
    if f["step"] == "attack" and a.verb in ("declare", "add", "remove", "air", "also", "spare", "include"):
        attackers = list(f["attackers"])
        targets = list(f["targets"])
        dfn = list(f["defenders"])
        air = f["air"]
        if a.verb == "add":
            attackers.append(a.args[0])
        elif a.verb == "remove" and a.args[0] in attackers:
            attackers.remove(a.args[0])
        elif a.verb == "air":
            air = a.args[0]
        elif a.verb == "also":
            targets.append(a.args[0])
            dfn += C.open_units(s, a.args[0], C.committed(s, f["combats"])[1])
        elif a.verb == "spare" and a.args[0] in dfn:
            dfn.remove(a.args[0])
        elif a.verb == "include":
            dfn.append(a.args[0])
        if not attackers:
            return None
        c = {"targets": targets, "attackers": attackers, "defenders": dfn, "air": air}
        idx = C.odds_index(s, c)
        crt = tables().crt
        t = C.totals(s, c)
        mods = attack_modifiers(s, c, t)
        totals = {"attack": t["af_total"], "defence": t["df_total"],
                  "text": f"{t['af_total']} against {t['df_total']}"}
        if idx <= 0:
            return {"odds": "1:7 or worse", "modifiers": mods, "totals": totals, "results": {"AE": 1.0}}
        dist = crt.distribution(crt.columns[idx])
        if C.carpet_bombed(s, c):
            dist = two_roll_best(crt.columns[idx])
        return {"odds": crt.columns[idx], "modifiers": mods, "totals": totals, "results": dist}
    return None


def attack_modifiers(s: Position, c: dict[str, Any], t: dict[str, Any]) -> list[str]:
    """What changes the plain sums (§10.1.1, §10.1.2, §10.2, §11.1), in words for the odds preview."""
    out = [f"attack {t['af']}" + (" (out-of-supply units at half AF, §6.3)" if any(
        s.unit(a)["flipped"] for a in c["attackers"]) else "")]
    if c.get("air") == "fighter":
        out.append("+1 close air support (§10.1.1)")
    if C.carpet_bombed(s, c):
        out.append("carpet bombing: the better of two rolls (§10.1.2)")
    for h, k in sorted(t["multipliers"].items()):
        if k > 1:
            out.append(f"defence in {h} ×{k} (terrain or river, §10.2)")
    if t["df_total"] > t["df"]:
        out.append(f"+{t['df_total'] - t['df']} close air defence (§11.1)")
    return out


ORDER = ("AE", "AR", "EX", "DR", "DE")


def two_roll_best(col: str) -> dict[str, float]:
    """§10.1.2: with carpet bombing the Allies keep the better of two rolls."""
    crt = tables().crt
    out: dict[str, float] = {}
    for r1 in range(1, 7):
        for r2 in range(1, 7):
            a, b = crt.result(col, r1), crt.result(col, r2)
            best = a if ORDER.index(a) >= ORDER.index(b) else b
            out[best] = out.get(best, 0.0) + 1 / 36
    return out


def _place_name(key: str) -> str:
    """``pas_de_calais`` -> "Pas de Calais" (sector and area keys read as the map names them)."""
    small = {"de", "du", "of", "the", "la", "le"}
    words = key.split("_")
    return " ".join(w if i and w in small else w.capitalize() for i, w in enumerate(words))


def region_title(region: str, labs: list[str]) -> str:
    """A band of hexes named by the places in it ("around Antwerp, Lille (J16–M23)"), not by its id."""
    m = board().m
    places = [m.hex_name[m.index[lab]] for lab in sorted(labs, key=lambda x: (len(x.rstrip("0123456789")), x))]
    named = list(dict.fromkeys(p for p in places if p))
    rows = sorted({lab.rstrip("0123456789") for lab in labs}, key=lambda r: (len(r), r))
    nums = sorted(int(lab[len(lab.rstrip("0123456789")):]) for lab in labs)
    span = f"{rows[0]}{nums[0]}–{rows[-1]}{nums[-1]}"
    return f"around {', '.join(named[:2])} ({span})" if named else f"hexes {span}"


def labels() -> dict[str, Any]:
    """Names for the ids in actions, log texts and prompts (D-Day hides nothing): counters as the
    rulebook names them, coastal sectors, and the bands of hexes a two-step hex choice offers."""
    b = board()
    names = {uid: d.label for uid, d in units().items()} | dict(BOX_TITLES)
    names |= {sec: _place_name(sec) for sec in set(b.sector_of.values())}
    bands: dict[str, list[str]] = {}
    for lab in b.m.labels:
        if lab:
            bands.setdefault(b.region_of(lab), []).append(lab)
    for region, labs in bands.items():
        if region in names:
            continue
        names[region] = region_title(region, labs)
    # sectors and regions named by a plain word ("normandy") are ids in running text all the same
    words = [k for k in names if k.isalpha() and k.islower() and names[k].lower() == k and k not in BOX_TITLES]
    # each coastal sector's hexes: the map marks them while the sector to invade is chosen (§7)
    places: dict[str, list[str]] = {}
    for lab, sec in b.sector_of.items():
        places.setdefault(sec, []).append(lab)
    return {"names": names, "words": words, "places": places, "actions": {"invade": "Invade {1}", "region": "Hexes in {1}", "interdict": "Interdict {1}",
                                        "add": "Add {1} to the attack", "remove": "Take out {1}"}}
