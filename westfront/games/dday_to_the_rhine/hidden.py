"""Hidden information: phantoms and hidden markers (18.5) and the objective card (18.2).

What the Allied player may not know never reaches him: a hidden German piece
is a numbered marker in his view and in every public event, and the events
that name it carry ``visible_to: ["german"]``. Marker numbers are drawn at
random so their order does not tell the real unit from the phantom. The
objective card lives in ``g["objective"]`` and only the Allied view shows it.

Reconstructed (18.5 does not say when a hidden marker comes off): a hidden
piece is resolved as soon as an Allied unit stands within two hexes of it —
the distance at which 18.5 removes phantoms — and a real unit is also revealed
when it attacks or is attacked.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, act
from ...core.bitboard import bits
from . import units as U
from .board import board
from .position import PHANTOM_IDS, Position

OBJECTIVES = {"single": "Single Thrust", "broad": "Broad Front", "ruhr": "Objective: Ruhr"}


def marker(s: Position, pid: str) -> str | None:
    src = s.g["phantoms"] if pid in s.g["phantoms"] else s.g["units"]
    return src[pid].get("hid")


def public_name(s: Position, uid: str) -> str:
    m = marker(s, uid)
    if m:
        return f"hidden marker {m}"
    return U.udef(uid).short


def say(s: Position, uid: str, type: str, public: str, private: str | None = None, **fields: Any) -> None:
    """Emit an event about a piece, keeping a hidden piece's identity for the German player."""
    m = marker(s, uid)
    if m is None:
        s.emit(type, unit=uid, text=public if private is None else private, **fields)
        return
    s.emit(type, marker=m, text=public, **fields)
    s.emit(type, unit=uid, marker=m, text=private or public, visible_to=["german"], **fields)


def hide(s: Position, pieces: list[str]) -> None:
    """Cover pieces with hidden markers (18.5)."""
    used = {m for m in (marker(s, p) for p in hidden_pieces(s)) if m}
    for pid in pieces:
        while True:  # random marker numbers: their order says nothing about which piece is real
            m = f"hm{100 + s.rng.below(900)}"
            if m not in used:
                break
        used.add(m)
        s.set_fields(pid, hid=m)


def reveal(s: Position, uid: str, why: str) -> None:
    m = s.unit(uid).get("hid")
    if not m:
        return
    s.set_fields(uid, hid=None)
    u = s.unit(uid)
    s.emit("reveal", unit=uid, marker=m, hex=u["hex"], reveal=True, rule=s.rule("18.5"),
           text=f"Hidden marker {m} is {U.udef(uid).short} ({why})")


def remove_phantom(s: Position, pid: str, why: str, public: bool = True) -> None:
    p = s.piece(pid)
    m = p.get("hid")
    hexlab = p["hex"]
    s.shift_phantom(pid, None)
    s.set_fields(pid, hid=None, moved=False, paid=False, over=False, entered=0)
    s.forget()
    if public:
        s.emit("phantom_removed", marker=m, hex=hexlab, reveal=True, rule=s.rule("18.5"),
               text=f"Hidden marker {m} was a phantom and is removed ({why})")
    else:
        s.emit("phantom_removed", marker=m, hex=hexlab, rule=s.rule("18.5"),
               text=f"Hidden marker {m} is removed")


def check_contact(s: Position) -> None:
    """18.5: phantoms within two hexes of an Allied unit vanish; real hidden units there are revealed."""
    pieces = [p for p, v in s.g["phantoms"].items() if v["hex"]] + [
        u for u in s.on_map("german") if s.unit(u).get("hid")]
    if not pieces:
        return
    b = board()
    allied = s.units_bb("allied")
    if not allied:
        return
    for pid in pieces:
        i = s.hex_of(pid)
        if b.within(i, 2) & allied:
            if pid in s.g["phantoms"]:
                remove_phantom(s, pid, "an Allied unit came within two hexes")
            else:
                reveal(s, pid, "an Allied unit came within two hexes")


def check_contact_along(s: Position, path: list[int]) -> None:
    """18.5: an Allied unit moving within two hexes of a hidden piece uncovers it *on the way*, hex by hex
    along the route it actually took (a phantom vanishes, a real unit is revealed)."""
    b = board()
    for i in path:
        near = b.within(i, 2)
        for pid in hidden_pieces(s):
            if not (near >> s.hex_of(pid)) & 1:
                continue
            if pid in s.g["phantoms"]:
                remove_phantom(s, pid, "an Allied unit came within two hexes")
            else:
                reveal(s, pid, "an Allied unit came within two hexes")


def phantom_free(s: Position) -> list[str]:
    return [p for p in PHANTOM_IDS if p in s.g["phantoms"] and not s.g["phantoms"][p]["hex"]]


def far_from_allies(s: Position, i: int) -> bool:
    """18.5: a phantom enters only more than two hexes from any Allied unit."""
    return not (board().within(i, 2) & s.units_bb("allied"))


def hidden_pieces(s: Position) -> list[str]:
    return [p for p, v in s.g["phantoms"].items() if v["hex"]] + [u for u in s.on_map("german") if s.unit(u).get("hid")]


def draw_objective(s: Position) -> None:
    """18.2: the Allied player draws one of the three cards at random, unseen by the German."""
    keys = sorted(OBJECTIVES)
    pick = keys[s.rng.below(len(keys))]
    s.g["objective"] = pick
    s.emit("objective", objective=pick, visible_to=["allied"], rule=s.rule("18.2"),
           text=f"The Allied objective card is {OBJECTIVES[pick]}")
    s.emit("objective_drawn", rule=s.rule("18.2"), text="The Allied player draws an objective card")


def shuffle_cards(s: Position) -> None:
    """18.2 optional: the chosen card is named by its face-down number so the action text hides it."""
    cards = sorted(OBJECTIVES)
    s.rng.shuffle(cards)
    s.g["cards"] = cards


def view_piece(s: Position, pid: str, viewer: str | None) -> dict[str, Any] | None:
    """A hidden piece as the viewer may see it; None when the viewer sees it in full."""
    m = marker(s, pid)
    if viewer == "german" or (m is None and pid not in s.g["phantoms"]):
        return None
    src = s.g["phantoms"] if pid in s.g["phantoms"] else s.g["units"]
    return {"id": m, "side": "german", "hex": src[pid]["hex"], "box": None, "label": "?", "kind": "hidden",
            "factors": "?", "steps": None, "max_steps": None, "flags": ["hidden"]}


def hidden_labels(s: Position) -> list[str]:
    return sorted(m for m in (marker(s, p) for p in hidden_pieces(s)) if m)


def marker_hexes(s: Position) -> list[int]:
    return [s.hex_of(p) for p in hidden_pieces(s)]


def bits_of(bb: int) -> list[int]:
    return bits(bb)


def disband_actions(s: Position, side: str) -> list[Action]:
    """18.5: the German may remove a phantom at any time of his turn."""
    if side != "german":
        return []
    return [act("disband", handle(s, p)) for p, v in sorted(s.g["phantoms"].items()) if v["hex"]]


def handle(s: Position, pid: str) -> str:
    """How actions name a piece: its hidden marker while it has one, so the record stays secret."""
    return marker(s, pid) or pid


def resolve(s: Position, token: str) -> str:
    """The piece an action's argument names (a unit id, a phantom id or a hidden marker)."""
    if token.startswith("hm"):
        for pid in hidden_pieces(s):
            if marker(s, pid) == token:
                return pid
    return token


def phantom_possible(s: Position) -> bool:
    return bool(s.options.get("phantoms")) and not s.g["phantom_used"] and bool(phantom_free(s))


def phantom_hexes(s: Position, uid: str, entries: list[int]) -> list[int]:
    """18.5: the real unit's entry hex or an adjacent entry hex, more than two hexes from the Allies."""
    b = board()
    i = s.hex_of(uid)
    if not far_from_allies(s, i):
        return []
    cands = {i} | {n for n in b.adj[i] if n in set(entries)}
    return sorted(h for h in cands if far_from_allies(s, h))
