"""Paired positions for the hidden-information contract (tests/contract/test_hidden_information.py).

``hidden_twins`` plays random 18.5 games and, at an Allied decision with a hidden
real unit and a phantom on the map, swaps the two pieces (hex and marker): the
Allied view is the same, the truth differs. The contract then checks the Allies
are offered the same actions, prompts and previews in both.
"""

from __future__ import annotations

import random

from ...core.bitboard import bits
from ...core.canon import canonical_json
from . import units as U
from .board import board
from .hidden import hidden_pieces, hide
from .rules import INFO, GameState

SIDE = "allied"  # the side that cannot see the difference


def swap(s: GameState, real: str, phantom: str) -> GameState:
    """The same position with a hidden real unit and a phantom exchanged (hex and marker)."""
    t: GameState = s.clone()  # type: ignore[assignment]
    u, p = t.unit(real), t.piece(phantom)
    (uhex, uhid), (phex, phid) = (u["hex"], u["hid"]), (p["hex"], p["hid"])
    t.move_piece(real, phex)
    t.shift_phantom(phantom, uhex)
    t.set_fields(real, hid=phid)
    t.set_fields(phantom, hid=uhid)
    t.forget()
    return t


def twins_of(s: GameState) -> list[GameState]:
    """Every swap of a hidden real unit with a phantom that leaves the Allied view unchanged."""
    pieces = hidden_pieces(s)
    real = [x for x in pieces if x in s.g["units"] and not s.unit(x).get("pending")]
    ghosts = [x for x in pieces if x in s.g["phantoms"]]
    seen = canonical_json(s.view(SIDE))
    out = []
    for r in real:
        for p in ghosts:
            t = swap(s, r, p)
            if canonical_json(t.view(SIDE)) == seen:
                out.append(t)
    return out


def staged(s: GameState) -> tuple[GameState, GameState] | None:
    """At an Allied activation: a German unit and a phantom put under markers three hexes from an Allied unit
    (just out of contact), so the Allied unit's moves pass their ZOC whichever is real."""
    b = board()
    mover = next((u for u in sorted(s.on_map(SIDE)) if U.base_mp(u) > 0), None)
    real = next((u for u in sorted(s.on_map("german")) if U.base_mp(u) > 0 and not s.unit(u).get("hid")), None)
    phantom = next(iter(sorted(s.g["phantoms"])), None)
    if mover is None or real is None or phantom is None:
        return None
    home = s.hex_of(mover)
    allied = [s.hex_of(u) for u in s.on_map(SIDE) if u != mover]
    occupied = s.occupancy()
    ring = [i for i in bits(b.land_bb) if b.distance(i, home) == 3 and i not in occupied and i not in b.cities
            and all(b.distance(i, a) > 2 for a in allied)]
    for one in ring:
        for two in ring:
            if b.distance(one, two) < 4:
                continue
            t: GameState = s.clone()  # type: ignore[assignment]
            t.move_piece(real, b.label(one))
            t.move_piece(phantom, b.label(two))
            t.set_fields(phantom, moved=False, paid=False, over=False, entered=t.turn)
            hide(t, [real, phantom])
            t.forget()
            twin = swap(t, real, phantom)
            if canonical_json(twin.view(SIDE)) == canonical_json(t.view(SIDE)):
                return t, twin
    return None


def hidden_twins(count: int = 4, seed: int = 0, max_actions: int = 1500) -> list[tuple[GameState, GameState, str]]:
    """Up to ``count`` (position, twin, side) triples: positions ``side`` cannot tell apart. The first is
    staged next to an Allied unit (where a leak through movement would show); the others come from play."""
    options = {o.id: o.default for o in INFO.options} | {"phantoms": True}
    out: list[tuple[GameState, GameState, str]] = []
    s: GameState = GameState.new("quick-start", options, seed)  # type: ignore[assignment]
    rnd = random.Random(seed)
    while not s.is_terminal() and not (s.current_player() == SIDE and (s.frame() or {}).get("step") == "activation"):
        s.apply(rnd.choice(s.legal_actions()))
    first = staged(s) if not s.is_terminal() else None
    if first is not None:
        out.append((*first, SIDE))
    for k in range(seed, seed + 12):
        s = GameState.new("quick-start", options, k)  # type: ignore[assignment]
        rnd = random.Random(k)
        for _ in range(max_actions):
            if s.is_terminal() or len(out) >= count:
                break
            if s.current_player() == SIDE:
                twins = twins_of(s)
                if twins:
                    out.append((s.clone(), twins[0], SIDE))  # type: ignore[arg-type]
                    break
            s.apply(rnd.choice(s.legal_actions()))
        if len(out) >= count:
            break
    return out
