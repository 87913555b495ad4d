"""Fire combat (SFN 13.2-14.3, 15.1, 15.3, 15.4, 15.9): the value each shot needs, who may be
targeted, and where a defeated defender may retreat (13.6)."""

from __future__ import annotations

from typing import Any

from ...core.combat import fire
from ...core.combat.odds_crt import Modifier
from ...core.retreat import retreat_options
from .data import ALLIED, GERMAN, units
from .position import Position, opponent

RULE = "SFN"

# 14.2 terrain of the defenders' hex: (non-armoured, armoured)
HEX_TERRAIN = {"forest": (-1, -2), "hills": (-1, -2), "marsh": (-2, -3)}
HEX_FEATURE = {"city": (-1, -2), "fortress": (-2, -3)}


def terrain_modifiers(s: Position, shooter: str, origin: str, target_hex: str) -> list[Modifier]:
    """14.2: only attackers suffer terrain: the defenders' hex and the hexside crossed."""
    b = s.b
    ud = units()[shooter]
    k = 1 if ud.armored else 0
    t = b.hex(target_hex)
    o = b.hex(origin)
    mods: list[Modifier] = []
    terr = b.map.terrain[t]
    if terr in HEX_TERRAIN:
        mods.append(Modifier(HEX_TERRAIN[terr][k], f"attacking into {terr}", f"{RULE} 14.2"))
    for feat, amounts in HEX_FEATURE.items():
        if feat in b.map.features[t]:
            mods.append(Modifier(amounts[k], f"attacking into a {feat}", f"{RULE} 14.2"))
    side = b.map.side(o, t)
    if not ud.artillery:
        if "major_river" in side:
            mods.append(Modifier(-3 if ud.armored else -2, "attacking across a major river", f"{RULE} 14.2"))
        elif "river" in side:
            mods.append(Modifier(-2 if ud.armored else -1, "attacking across a river", f"{RULE} 14.2"))
    if s.options.get("optional_rules", True) and shooter == "cw-79arm":
        mods = [Modifier(min(0, m.amount + 1), m.reason + " (79th Armoured)", f"{RULE} 15.9") for m in mods]
    return [m for m in mods if m.amount]


def modifiers(s: Position, battle: dict[str, Any], shooter: str, target: str) -> list[Modifier]:
    """14.1: every applicable modifier, added to the firing value."""
    fside = units()[shooter].side
    attacking = fside == battle["attacker"]
    mods: list[Modifier] = []
    if attacking:
        mods += terrain_modifiers(s, shooter, battle["origin"], battle["target"])
    sup_s = s.u(shooter)["supply"]
    sup_t = s.u(target)["supply"]
    if sup_s == "none":
        mods.append(Modifier(-1, "firer out of supply", f"{RULE} 14.3"))
    elif sup_t == "none":
        mods.append(Modifier(+1, "target out of supply", f"{RULE} 14.3"))
    if battle.get("ntf") and fside == ALLIED:
        mods.append(Modifier(+1 if attacking else +2, "naval gun support", f"{RULE} 15.1"))
    if battle.get("lgas"):
        mods.append(Modifier(+1 if fside == GERMAN else -1, "local German air superiority", f"{RULE} 15.3"))
    if battle.get("saf") and fside == ALLIED and attacking:
        mods.append(Modifier(int(battle["saf"]), "strategic air support", f"{RULE} 15.4"))
    return mods


def base_value(s: Position, shooter: str, target: str) -> int:
    """13.4: anti-armour against armour, anti-infantry against everything else."""
    aa, ai, _ = s.values(shooter)
    return aa if units()[target].armored else ai


def hit_number(s: Position, battle: dict[str, Any], shooter: str, target: str) -> int:
    """The highest d10 roll that hits (0 or less: cannot hit, 14.1)."""
    return fire.fire_value(base_value(s, shooter, target), modifiers(s, battle, shooter, target))


def targets(s: Position, enemies: list[str]) -> list[str]:
    """13.5: artillery may be targeted only when no non-artillery enemy is left."""
    alive = [(e, units()[e].artillery) for e in enemies if s.u(e)["steps"] > 0]
    return fire.legal_targets(alive)


def retreat_hexes(s: Position, uid: str, origin: str, involved: list[str], used: list[str]) -> list[str]:
    """13.6: one adjacent hex, no all-sea side, no enemy, no EZOC unless an uninvolved friendly
    unit is there, stacking limits, and a friendly-occupied hex only when no empty safe hex exists.
    The walk is ``core.retreat.retreat_options``, one step long; the preference is 13.6's."""
    b = s.b
    side = units()[uid].side
    enemy = opponent(side)
    ezoc = s.zoc_bb(enemy)
    o = b.hex(origin)

    def here(n: int) -> list[str]:
        return [i for i in s.at(b.label(n)) if s.u(i)["steps"] > 0]

    def may_enter(n: int) -> bool:
        if b.enter[n] < 0 or "sea" in b.map.side(o, n):
            return False
        now = here(n)
        return not (now and units()[now[0]].side == enemy) and (not (ezoc >> n) & 1 or any(i not in involved for i in now))

    def may_end(n: int) -> bool:
        return s.stack_ok(b.label(n), [uid])

    empty_safe: list[str] = []
    friendly: list[str] = []
    for (n,) in retreat_options(b.map.nbrs, o, 1, may_enter, may_end).get(1, []):
        lab = b.label(n)
        if (not here(n) or lab in used) and not (ezoc >> n) & 1:
            empty_safe.append(lab)
        else:
            friendly.append(lab)
    return sorted(empty_safe) if empty_safe else sorted(friendly)
