"""Names for the ids people would otherwise read: a game's static labels catalog, the
engagement (attack being built or fought) a seat may see on the map, and the hexes each of the
seat's choices concerns when its words name none (``choice_places``).

The catalog (``GameState.labels()``) is the same for every seat and is served once per game,
so views, prompts and legal actions keep their stable ids (and golden digests) while the UI
shows names. The engagement is read from the flow's frames, which follow the kit's
convention (``core/steps.AttackBuilder``: ``target``/``targets`` and ``attackers``), and
only names units the seat's view already shows.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..core.actions import Action
from ..core.state import State
from ..core.steps import AttackBuilder, HexChoice
from ..games import registry


@cache
def labels_catalog(game_id: str) -> dict[str, Any]:
    """``{"names", "patterns", "actions", "help", "players"}`` for ``game_id`` (checked once)."""
    cls = registry.state_class(game_id)
    raw = cls.labels() or {}
    names = {str(k): str(v) for k, v in (raw.get("names") or {}).items() if str(v).strip()}
    patterns = []
    for p in raw.get("patterns") or []:
        re.compile(p["match"])  # a broken pattern fails here, on the server, not in every browser
        patterns.append({"match": str(p["match"]), "name": str(p["name"])})
    actions = {str(k): str(v) for k, v in (raw.get("actions") or {}).items()}
    helps = {str(k): str(v) for k, v in (raw.get("help") or {}).items()}
    players = list(cls.INFO.players)
    for p in players:  # every side has a name ("german" reads "German" in "The german player ends ...")
        names.setdefault(p, cls.side_name(p))
    # plain words that are ids all the same: the sides, and the ids a game declares (``words``:
    # sectors and spaces named by a plain word, "normandy"); running text replaces them too (other
    # words without "_" or a digit are left alone: "pool", "eliminated" stay words)
    words = sorted({*players, *(str(w) for w in raw.get("words") or () if str(w) in names)})
    # static places named by a word in actions ("calais", "normandy"): the hexes the map marks
    places = {str(k): [str(h) for h in v] for k, v in (raw.get("places") or {}).items()}
    return {"game": game_id, "names": names, "patterns": patterns, "actions": actions, "help": helps,
            "players": players, "words": words, "places": places}


def _frame_engagement(f: dict[str, Any]) -> tuple[list[str], list[str]] | None:
    combat = f.get("combat")
    inner: dict[str, Any] = combat if isinstance(combat, dict) else f
    attackers = inner.get("attackers")
    target = inner.get("target", inner.get("targets"))
    if not isinstance(attackers, list) or target is None:
        return None
    targets = [target] if isinstance(target, str) else [t for t in target if isinstance(t, str)]
    return (targets, [a for a in attackers if isinstance(a, str)]) if targets else None


def engagement(s: State, side: str | None, view: dict[str, Any]) -> dict[str, Any] | None:
    """The attack under way as ``side`` may see it: ``{"targets", "attackers", "declared"}`` or None.

    An attack still being built is shown only to the side building it (it is not declared
    yet); once resolved into combat both sides see it. Attackers are named by the view's
    own ids (a hidden piece by its marker); a unit the view does not show is left out."""
    for f in reversed(s.frames()):
        found = _frame_engagement(f)
        if found is None:
            continue
        step = s.STEPS.get(f["step"])
        building = isinstance(step, AttackBuilder)
        if building and step is not None and side != step.player(s, f):
            return None
        targets, attackers = found
        shown: dict[str, str] = {}
        for u in view.get("units") or []:
            if isinstance(u, dict) and u.get("id"):
                shown[str(u.get("unit") or u["id"])] = str(u["id"])
                shown.setdefault(str(u["id"]), str(u["id"]))
        return {"targets": targets, "attackers": [shown[a] for a in attackers if a in shown],
                "declared": not building}
    return None


def choice_places(s: State, actions: list[Action]) -> dict[str, list[str]]:
    """The hexes each of the mover's choices concerns where its words name a region or a numbered
    combat rather than a hex: ``region X`` of the kit's two-step hex choice (its candidate hexes,
    from the frame), ``resolve N`` / ``withdraw N`` (combat N's target hexes, from a frame's
    ``combats`` list of ``{id, targets}``). Only the seat to move is told: these are its choices."""
    frames = s.frames()
    if not frames:
        return {}
    out: dict[str, list[str]] = {}
    top = frames[-1]
    if isinstance(s.STEPS.get(top["step"]), HexChoice):
        regions = top.get("regions") or {}
        for a in actions:
            if a.verb == "region" and a.args and a.args[0] in regions:
                out[str(a)] = [str(h) for h in regions[a.args[0]]]
    combats = next((f["combats"] for f in reversed(frames) if isinstance(f.get("combats"), list)), None)
    if combats:
        by_id = {str(c.get("id")): c.get("targets") or [] for c in combats if isinstance(c, dict)}
        for a in actions:
            if a.verb in ("resolve", "withdraw") and len(a.args) == 1 and a.args[0] in by_id:
                out[str(a)] = [str(h) for h in by_id[a.args[0]]]
    return out
