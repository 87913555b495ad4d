"""Changes to the position that several phases share: moving, losing steps, control."""

from __future__ import annotations

from . import units as U
from .board import board
from .combat import elimination_box
from .hidden import check_contact, check_contact_along, hidden_pieces, public_name, remove_phantom, reveal, say
from .position import Position
from .units import ordinal


def pass_through(s: Position, uid: str, i: int) -> None:
    """14.0: entering a city takes it; a German unit entering a beach-head destroys it (5.0)."""
    b = board()
    side = s.side_of(uid)
    if uid in s.g["phantoms"]:
        return
    if (i in b.cities or b.place_name.get(i) == "Walcheren") and s.set_control(i, side):
        verb = ("liberates" if b.country[i] != "germany" else "occupies") if side == "allied" else "retakes"
        s.emit("control", hex=b.label(i), side=side, rule=s.rule("14.0"),
               text=f"{public_name(s, uid)} {verb} {b.name_of(i)}")


def enter_hex_end(s: Position, uid: str, i: int) -> None:
    if uid in s.g["phantoms"] or s.side_of(uid) != "german":
        return
    b = board()
    lab = b.label(i)
    for key, h in list(s.g["beachheads"].items()):
        if h == lab:
            del s.mut("beachheads")[key]
            s.forget()
            s.emit("beachhead_lost", hex=lab, rule=s.rule("5.0"),
                   text=f"The {ordinal(key)} Army Group beach-head at {lab} is eliminated")


def move_along(s: Position, uid: str, path: list[int], rule: str, how: str, cost: int | None = None) -> None:
    """Move a piece along ``path`` (start first), applying control changes on the way."""
    b = board()
    labels = [b.label(i) for i in path]
    for i in path[1:]:
        pass_through(s, uid, i)
    if s.side_of(uid) == "allied" and hidden_pieces(s):
        check_contact_along(s, path[1:])
    s.move_piece(uid, labels[-1])
    enter_hex_end(s, uid, path[-1])
    extra = f" ({cost} MP)" if cost is not None else ""
    say(s, uid, "move", f"{public_name(s, uid)} {how} {labels[0]} → {labels[-1]}{extra}",
        f"{U.udef(uid).short if uid not in s.g['phantoms'] else 'Phantom ' + uid} {how} "
        f"{labels[0]} → {labels[-1]}{extra}", path=labels, hex=labels[-1], rule=rule)
    if s.side_of(uid) == "allied" or s.g["phantoms"] or any(s.unit(x).get("hid") for x in s.on_map("german")):
        check_contact(s)


def eliminate(s: Position, uid: str, why: str, rule: str) -> None:
    """Remove a unit to the replacement pool or for good (12.1); a hidden one stays anonymous."""
    if uid in s.g["phantoms"]:
        remove_phantom(s, uid, why, public=False)
        return
    u = s.unit(uid)
    lab = u["hex"]
    box = elimination_box(s, uid)
    fate = "goes into the replacement pool" if box == U.POOL else "is removed from play for good"
    real = f"{U.udef(uid).short} is eliminated ({why}) and {fate}"
    if u.get("hid"):
        say(s, uid, "eliminated", f"Hidden marker {u['hid']} is removed ({why})", real, hex=lab, rule=rule)
    else:
        s.emit("eliminated", unit=uid, side=U.udef(uid).side, hex=lab, box=box, rule=rule, text=real)
    s.remove_piece(uid, box)
    s.set_fields(uid, strength=0, hid=None, rco=False, over=False)
    s.forget()


def lose_step(s: Position, uid: str, why: str, rule: str | None = None) -> None:
    """3.0: each hit flips or replaces the counter one step down; below 1 SP it is eliminated."""
    rule = rule or s.rule("12.0")
    if s.unit(uid).get("hid"):
        reveal(s, uid, "in combat")
    s.set_fields(uid, strength=s.unit(uid)["strength"] - 1)
    u = s.unit(uid)
    if u["strength"] <= 0:
        eliminate(s, uid, why, rule)
    else:
        s.emit("step_loss", unit=uid, hex=u["hex"], strength=u["strength"], rule=rule,
               text=f"{U.udef(uid).short} takes a hit ({why}): {u['strength']}/{U.max_strength(uid)} SP")
