"""Fixed-size action indices for a game's legal actions: ``index = verb_slot × L + location_slot``.

Every decision in westfront is one small action ``verb arg…`` (docs/view-contract.md).
Its index is stable across positions, scenarios and seeds:

* **verb slot** (:data:`VERB_SLOTS` of them, a fixed number) — the verb's place in
  :data:`VERBS` (one list for every game, only ever appended to, up to
  :data:`NAMED_VERBS` entries); a verb not in the list, or a verb with arguments
  that are not map locations (``rebuild u-3 half``, ``support naval-wtf``), goes to
  one of the :data:`VERB_BUCKETS` hashed slots after them, keyed by the verb and those
  arguments. Adding a verb to the list moves only that verb; the space keeps its size;
* **location slot** (``L`` of them) — 0 for none; then every hex (or node) of the
  map; then every off-map box; then every unit id the game shows in a starting
  view; then :data:`UNIT_BUCKETS` hashed slots for other units. Of an action's
  arguments the location is the *last hex*, else the last unit, else the last box.
  A unit without a slot of its own (a reinforcement not shown at the start, an
  opaque hidden marker) is located at its hex when it is on the map, else at the
  hashed slot of its id.

Two legal actions can meet on one index (two units of a stack named by hex, a
unit and its destination where only the destination counts). The first, in the
engine's order, keeps the index; the others take the :data:`OVERFLOW` slots at the
end of the space, in order. Every legal action thus has an index, and the mask
marks exactly the legal ones (tests check this for every game).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.actions import Action
from .layout import Layout

VERBS: tuple[str, ...] = (
    # the view contract's common verbs first, then every game's own, in the order they were met
    "move", "to", "attack", "add", "remove", "resolve", "retreat", "advance", "place", "pass", "end", "done",
    "cancel", "at", "via", "build", "decline", "hit", "land", "launch", "motor", "rail", "step", "support",
    "surprise", "activate", "back", "breakthrough", "bulge", "collect", "combat", "drop", "movement", "near",
    "pickup", "rebuild", "refit",
    # race-to-the-rhine
    "take", "trucks", "recon", "airborne", "stop", "fail", "ffi", "truck", "pay", "link", "load", "bottom", "keep",
)
NAMED_VERBS = 64
VERB_BUCKETS = 16
VERB_SLOTS = NAMED_VERBS + VERB_BUCKETS
assert len(VERBS) <= NAMED_VERBS, "VERBS is full: raise NAMED_VERBS (this changes every game's space)"
OVERFLOW = 64
UNIT_BUCKETS = 128
_VERB_SLOT = {v: k for k, v in enumerate(VERBS)}


def verb_slot(key: str) -> int:
    """The slot of a verb key (the verb, plus its non-location arguments if any)."""
    slot = _VERB_SLOT.get(key)
    if slot is not None:
        return slot
    return NAMED_VERBS + zlib.crc32(key.encode()) % VERB_BUCKETS


@dataclass(frozen=True)
class Decoded:
    """What an index stands for (see :meth:`ActionCodec.describe`)."""

    verb: str  # a verb of VERBS, "bucket:<k>", or "overflow"
    location_kind: str  # "none", "location", "box", "unit", "unit_bucket" or "overflow"
    location: str | None  # the hex label / node id, box name or unit id


class ActionCodec:
    """Maps a game's legal actions to indices of ``Discrete(size)`` and back."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.n_verbs = VERB_SLOTS
        self.n_locations = len(layout.locations)
        self.box_base = 1 + self.n_locations
        self.unit_base = self.box_base + len(layout.boxes)
        self.bucket_base = self.unit_base + len(layout.units)
        self.L = self.bucket_base + UNIT_BUCKETS
        self.overflow_base = self.n_verbs * self.L
        self.size = self.overflow_base + OVERFLOW

    def _where(self, arg: str, units: dict[str, dict[str, Any]]) -> tuple[int, int] | None:
        """(priority, location slot) of one argument, or None when it is not a place: 3 hex, 2 unit, 1 box."""
        lay = self.layout
        k = lay.loc_index.get(arg)
        if k is not None:
            return 3, 1 + k
        k = lay.unit_index.get(arg)
        if k is not None:
            return 2, self.unit_base + k
        u = units.get(arg)
        if u is not None:
            if u.get("hex") in lay.loc_index:
                return 2, 1 + lay.loc_index[u["hex"]]
            return 2, self.bucket_base + zlib.crc32(arg.encode()) % UNIT_BUCKETS
        k = lay.box_index.get(arg)
        if k is not None:
            return 1, self.box_base + k
        return None

    def primary(self, a: Action, units: dict[str, dict[str, Any]]) -> int:
        """The index an action asks for (before overflow)."""
        best: tuple[int, int] | None = None
        rest: list[str] = []
        for arg in a.args:
            w = self._where(arg, units)
            if w is None:
                rest.append(arg)
            elif best is None or w[0] >= best[0]:
                best = w
        key = " ".join((a.verb, *rest))
        return verb_slot(key) * self.L + (best[1] if best else 0)

    def encode(self, actions: list[Action], units: dict[str, dict[str, Any]]) -> tuple[np.ndarray, dict[int, Action], int]:
        """The mask over the space, the index → action table, and how many actions found no index."""
        mask = np.zeros(self.size, np.int8)
        table: dict[int, Action] = {}
        spill = 0
        lost = 0
        for a in actions:
            idx = self.primary(a, units)
            if idx in table:
                if spill >= OVERFLOW:
                    lost += 1
                    continue
                idx = self.overflow_base + spill
                spill += 1
            table[idx] = a
            mask[idx] = 1
        return mask, table, lost

    def describe(self, index: int) -> Decoded:
        """The verb and location an index stands for (for learners' features and for people)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0..{self.size - 1}")
        if index >= self.overflow_base:
            return Decoded("overflow", "overflow", None)
        v, loc = divmod(index, self.L)
        verb = VERBS[v] if v < len(VERBS) else f"unused:{v}" if v < NAMED_VERBS else f"bucket:{v - NAMED_VERBS}"
        lay = self.layout
        if loc == 0:
            return Decoded(verb, "none", None)
        if loc < self.box_base:
            return Decoded(verb, "location", lay.locations[loc - 1])
        if loc < self.unit_base:
            return Decoded(verb, "box", lay.boxes[loc - self.box_base])
        if loc < self.bucket_base:
            return Decoded(verb, "unit", lay.units[loc - self.unit_base])
        return Decoded(verb, "unit_bucket", str(loc - self.bucket_base))
