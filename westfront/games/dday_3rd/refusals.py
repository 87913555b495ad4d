"""Why a decision refuses an action it does take in other positions: the rule and the actual cause.

The engine asks a step's ``explain`` only when the action is not in the legal list; these functions answer for
the invasion (§7), the drops (§8), the combat decisions (§10) and the hex choices of deployment (§5.2) and river
interdiction (§11.3). D-Day (3rd Edition) hides nothing, so a reason may name any piece. Each function returns
None when it has nothing specific to say (the engine then gives its generic text)."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from . import combat as C
from . import logistics
from .data import AIRBORNE, HQ, STATIC, tables, units
from .position import Position, other


def _name(uid: str) -> str:
    return units()[uid].label if uid in units() else uid


def _kinds_named(s: Position, uid: str, offered: list[str]) -> str | None:
    """§7/§8/§9.3: identical counters are offered once; a twin of an offered one is told which to name."""
    for o in offered:
        if o != uid and logistics.same_kind(uid, o):
            return f"{_name(uid)} is identical to {_name(o)}, which is offered for it: name {o}"
    return None


# ----- the invasion (§7, Table 5) -----------------------------------------------------------------------------
def invasion(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("7")
    sector = f["sector"]
    if a.verb == "invade":
        if sector is not None:
            return f"{r}: the Allies already invade {logistics.sector_name(sector)} this week; land units, then done"
        return f"{r}: {a.args[0] if a.args else '?'} is not a coastal sector the Allies may invade (the Wadden Sea is not)"
    if a.verb == "pass":
        if sector is not None:
            return f"{r}: the invasion of {logistics.sector_name(sector)} is under way; `done` ends the landing"
        return f"{r}: the week-1 invasion is mandatory; only the second one (weeks 9-16) may be passed"
    if sector is None:
        return f"{r}: choose the coastal sector to invade first"
    if a.verb == "land":
        if f["unit"] is not None:
            return f"{r}: choose the sea invasion hex of {_name(f['unit'])} first (or cancel)"
        return _invader_refusal(s, sector, a.args[0] if a.args else "")
    if a.verb == "at":
        return f"{r}: choose the unit to land first"
    if a.verb == "cancel":
        return f"{r}: no unit is waiting for its sea invasion hex"
    if a.verb == "done":
        if f["unit"] is not None:
            return f"{r}: choose the sea invasion hex of {_name(f['unit'])} first (or cancel)"
        return f"{r}: the week-1 invasion is mandatory: land at least one unit in {logistics.sector_name(sector)}"
    return None


def _invader_refusal(s: Position, sector: str, uid: str) -> str:
    r = s.rule("7")
    if uid not in units() or units()[uid].side != "allied":
        return f"{r}: only Allied units in Britain invade; {uid} is not one"
    d = units()[uid]
    if s.unit(uid)["box"] != "britain":
        return f"{r}: {d.label} is not in Britain"
    if d.type == HQ:
        return f"{r}: headquarters take no part in the first two weeks of an invasion (they land later, §9.3)"
    if d.arrival > s.week:
        return f"{r}: {d.label} is available from week {d.arrival}"
    if s.unit(uid)["moved"]:
        return f"{s.rule('9.4')}: {d.label} sailed back this week; it comes again at a later week"
    cap = tables().caps["sea"]
    if s.g["landed"]["sea"] >= cap:
        return f"{r}: {cap} units have already come by sea this week (Table 7)"
    if not logistics.sector_room(s, sector, d):
        kind = "armoured" if d.table5_class == "A" else \
            "infantry (an airborne unit from the sea counts as infantry)" if d.type == AIRBORNE else "infantry"
        return f"{s.rule('7')}: {logistics.sector_name(sector)}'s Table 5 limit of {kind} units this week is used up"
    if not logistics.invasion_sea_hexes(s, sector):
        return (f"{s.rule('3')}: every sea invasion hex of {logistics.sector_name(sector)} is full: two units each, and "
                "room on the coastal hex they must move into (§7.1)")
    twin = _kinds_named(s, uid, logistics.invasion_candidates(s, sector))
    return f"{r}: {twin}" if twin else f"{r}: {d.label} cannot invade now"


# ----- airborne drops (§8) -------------------------------------------------------------------------------------
def airborne(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("8")
    if a.verb != "drop" or not a.args:
        return None
    uid = a.args[0]
    caps = tables()
    limit = min(caps.airborne["max_drops"], caps.caps["air"])
    if uid not in units() or units()[uid].type != AIRBORNE or units()[uid].side != "allied":
        return f"{r}: only Allied airborne divisions drop; {_name(uid)} is not one"
    if s.unit(uid)["box"] != "britain":
        return f"{r}: {_name(uid)} must start the week in Britain to drop"
    if units()[uid].arrival > s.week:
        return f"{r}: {_name(uid)} is available from week {units()[uid].arrival}"
    if s.unit(uid)["fresh"] or s.unit(uid)["moved"]:
        return f"{r}: {_name(uid)} arrived or sailed back this week; a unit drops at most once a week"
    if s.g["dropped_now"] >= limit:
        return f"{r}: {limit} airborne divisions have already dropped this week (the most in one week)"
    if logistics.room(s) <= 0:
        return f"{s.rule('9.3.1')}: no supply capacity left for another unit on the continent (§6.2)"
    free, inv = logistics.drop_hexes(s)
    if not (free or inv):
        return (f"{r}: no hex is open to a drop: none within 5 hexes of a (non-dropped) Allied unit on the continent "
                "or of this week's invaders, free of German units, mountains, neutral and sea, with room (§3)")
    twin = _kinds_named(s, uid, logistics.drop_candidates(s))
    return f"{r}: {twin}" if twin else None


# ----- German deployment (§5.2) -------------------------------------------------------------------------------
def deploy(s: Position, a: Action) -> str | None:
    r = s.rule("5.2")
    if a.verb != "deploy" or not a.args:
        return None
    uid = a.args[0]
    if uid not in units() or units()[uid].side != "german":
        return f"{r}: only German units deploy; {_name(uid)} is not one"
    if s.unit(uid)["box"] != "german_available":
        return f"{r}: {_name(uid)} is not among the German units still to deploy"
    twin = _kinds_named(s, uid, logistics.representatives(s, s.in_box("german_available")))
    if twin:
        return f"{r}: {twin}"
    return f"{r}: no hex is open to {_name(uid)} (its deployment area is full: §3 stacking)"


# ----- hex choices (deployment §5.2, river interdiction §11.3) ------------------------------------------------
def hex_choice(s: Position, f: dict[str, Any], parent: str | None, verb: str, arg: str) -> str | None:
    """The step that opened the hex choice decides the rule; the two-step mechanics are the kit's."""
    regions: dict[str, list[str]] = f["regions"]
    offered = {h for hs in regions.values() for h in hs}
    if verb == "region":
        return f"{_rule_of(s, parent)}: that region has no hex open here; choose one of the regions offered"
    if verb == "back":
        return f"{_rule_of(s, parent)}: no region is chosen; there is nothing to go back from"
    if verb != "hex":
        return None
    if arg in offered and f.get("region") is not None and arg not in regions.get(f["region"], []):
        return f"{_rule_of(s, parent)}: {arg} is not in the region chosen; go back to choose its region"
    if arg in offered:
        return f"{_rule_of(s, parent)}: choose the region of {arg} first"
    if parent == "deploy":
        return _deploy_refusal(s, f, arg)
    if parent == "tactical_air":
        return _river_refusal(s, arg)
    return None


def _rule_of(s: Position, parent: str | None) -> str:
    return s.rule({"deploy": "5.2", "tactical_air": "11.3", "airborne": "8"}.get(parent or "", "2"))


def _deploy_refusal(s: Position, f: dict[str, Any], label: str) -> str:
    r = s.rule("5.2")
    b = s.board
    m = b.m
    parent = s.g["flow"][-2]
    uid = parent.get("unit")
    if label not in m.index:
        return f"{r}: {label} is not a hex of the map"
    i = m.index[label]
    if not (b.playable >> i) & 1:
        return f"{r}: German units deploy on land in play — {label} is sea, neutral or impassable"
    if uid in units():
        d = units()[uid]
        if d.marked and label not in b.replacement_hexes:
            return f"{r}: {d.label} is marked to deploy on a German replacement hex; {label} is not one"
        if d.type == STATIC and not (b.coastal >> i) & 1:
            return f"{r}: static units deploy on a coastal hex or an in-land port; {label} is neither"
        if not s.can_join(uid, label):
            return f"{s.rule('3')}: {label} has no room for {d.label} (the stacking limit)"
    return f"{r}: {label} is not open to this unit"


def _river_refusal(s: Position, label: str) -> str:
    r = s.rule("11.3")
    if label in s.g["river_interdicted"]:
        return f"{r}: {label}'s rivers are already interdicted this week (one fighter per hex)"
    return f"{r}: {label} has no river hexside to interdict"


# ----- the combat phase (§10) -----------------------------------------------------------------------------------
def plan(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("10")
    side = f["side"]
    if a.verb == "attack" and a.args:
        h = a.args[0]
        if s.side_at(h) != other(side):
            return f"{r}: {h} holds no enemy unit to attack"
        _, hit = C.committed(s, f["combats"])
        if not C.open_units(s, h, hit):
            return f"{r}: every unit in {h} is already attacked by a declared combat (each unit is attacked once)"
        return (f"{r}: no {side.capitalize()} unit that has not attacked or been committed is adjacent to {h} "
                "(across a hexside units may attack over)")
    if a.verb == "withdraw" and a.args:
        return f"{r}: no declared combat {a.args[0]} to withdraw"
    return None


def attack(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("10")
    side = f["side"]
    where = "+".join(f["targets"])
    arg = a.args[0] if a.args else ""
    if a.verb == "add":
        if arg not in units() or s.side_of(arg) != side:
            return f"{r}: only {side.capitalize()} units attack; {_name(arg)} is not one"
        if arg in f["attackers"]:
            return f"{r}: {_name(arg)} is already in this attack"
        u = s.unit(arg)
        if not u["hex"]:
            return f"{r}: {_name(arg)} is not on the map"
        taken, _ = C.committed(s, f["combats"])
        if u["attacked"] or arg in taken:
            return f"{r}: {_name(arg)} has already attacked or is committed to another combat (once per phase)"
        return f"{r}: {_name(arg)} is not adjacent to {where} (every attacker must be adjacent to every target hex)"
    if a.verb == "remove":
        return f"{r}: {_name(arg)} is not one of the attackers of {where}"
    if a.verb == "declare":
        return f"{r}: add at least one attacker before declaring the attack on {where}"
    if a.verb == "air":
        return _air_refusal(s, f, arg)
    if a.verb == "also":
        if f["forced"]:
            return f"{s.rule('7.1')}: invaders attack their coastal hex alone and as a whole"
        if len(f["targets"]) >= 3:
            return f"{r}: this attack already covers three hexes"
        if arg in f["targets"]:
            return f"{r}: {arg} is already a target of this attack"
        if s.side_at(arg) != other(side):
            return f"{r}: {arg} holds no enemy unit"
        if arg in C.owed_invasions(s, side, f["combats"]):
            return f"{s.rule('7.1')}: {arg} is attacked by its invaders as a whole, in their own combat"
        if not f["attackers"]:
            return f"{r}: add the attackers first; a second hex must be adjacent to every one of them"
        return f"{r}: every attacker must be adjacent to {arg} too, and {arg} must hold units not yet attacked"
    if a.verb in ("spare", "include"):
        if f["forced"]:
            return f"{s.rule('7.1')}: invaders attack the German stack in their coastal hex as a whole"
        if a.verb == "spare":
            if arg not in f["defenders"]:
                return f"{r}: {_name(arg)} is not a defender in this attack"
            return f"{r}: {_name(arg)} is the last defender of its hex in this attack; each target keeps one"
        if arg in f["defenders"]:
            return f"{r}: {_name(arg)} is already a defender in this attack"
        return f"{r}: {_name(arg)} is not an unattacked unit in {where}"
    return None


def _air_refusal(s: Position, f: dict[str, Any], kind: str) -> str:
    if f["side"] != "allied":
        return f"{s.rule('10.1')}: only the Allies have air support"
    if f["air"] is not None:
        return f"{s.rule('10.1')}: this attack already has {'close air support' if f['air'] == 'fighter' else 'carpet bombing'}"
    if kind == "fighter":
        return f"{s.rule('10.1.1')}: no fighter left this week"
    if kind != "bomber":
        return f"{s.rule('10.1')}: air support is `air fighter` or `air bomber`"
    rb = s.rule("10.1.2")
    g = s.g
    if g["bombers"] <= 0:
        return f"{rb}: no bomber left"
    if g["cb_used"]:
        return f"{rb}: carpet bombing has already been flown this week (once a week)"
    if g["dropped_now"] or any(inv["week"] == s.week for inv in g["invasions"]):
        return f"{rb}: no carpet bombing in a week with an invasion or an airborne drop"
    if len(f["targets"]) != 1:
        return f"{rb}: carpet bombing supports an attack on a single hex"
    return f"{rb}: carpet bombing goes only to a hex attacked last week; {f['targets'][0]} was not"


def pick(s: Position, f: dict[str, Any], a: Action) -> str | None:
    if a.verb == "resolve":
        ids = ", ".join(str(c["id"]) for c in f["combats"])
        return f"{s.rule('10.4')}: combat {a.args[0] if a.args else '?'} is not waiting; the combats left are {ids}"
    return None


def exchange(s: Position, f: dict[str, Any], a: Action) -> str | None:
    if a.verb == "lose" and a.args:
        names = ", ".join(_name(u) for u in f["units"])
        return f"{s.rule('10.4.1')}: {_name(a.args[0])} does not pay this exchange; the losses come from {names}"
    return None


def retreat(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("10.4.2")
    now = f["units"][0]
    if a.verb == "relinquish":
        return f"{r}: the retreat is already the owner's to choose"
    if a.verb == "retreat" and len(a.args) == 2:
        uid, label = a.args
        if uid != now:
            return f"{r}: {_name(now)} retreats now (one unit at a time, in order)"
        return (f"{r}: {label} is not two hexes from {s.unit(now)['hex']} by a path free of enemy units and ZOC, "
                "sea, neutral and impassable hexes and hexes still to be attacked, or it has no room (§3)")
    return None


def advance(s: Position, f: dict[str, Any], a: Action) -> str | None:
    r = s.rule("10.4.3")
    if a.verb == "advance" and len(a.args) == 2:
        uid, label = a.args
        if uid not in f["units"]:
            return f"{r}: {_name(uid)} did not attack in this combat (or has advanced already)"
        return f"{r}: {_name(uid)} may advance only into {f['hex']} (a vacated, doubled or tripled hex it is adjacent to, with room)"
    return None


def supply(s: Position, f: dict[str, Any], a: Action) -> str | None:
    if a.verb == "supply" and a.args:
        return (f"{s.rule('6.2')}: {_name(a.args[0])} is not a unit the over-capacity choice can serve first (an Allied "
                "unit in range of a supply point, not on a supply point, not chosen before)")
    return None


def place_unit(s: Position, f: dict[str, Any], a: Action) -> str | None:
    if a.verb == "at" and a.args:
        sec = "9.2.1" if f["purpose"] == "replace" else "9.3"
        where = ", ".join(f["hexes"]) or "none"
        return f"{s.rule(sec)}: {_name(f['unit'])} may arrive only at {where}; {a.args[0]} is not open to it"
    return None


__all__ = ["advance", "airborne", "attack", "deploy", "exchange", "hex_choice", "invasion", "pick", "place_unit", "plan",
           "retreat", "supply"]
