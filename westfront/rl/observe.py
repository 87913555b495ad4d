"""Observations as NumPy arrays, built from ``view(side)`` and that side's legal actions only.

``planes`` (float32, ``(channels, *grid_shape)``): the layout's static planes
(terrain, hex features, hexside features per direction, zones; for point-to-point
maps node tags and link degrees) followed by the dynamic planes below. Sides are
*relative*: ``side0`` is the viewer, ``side1``… the others in player order, so one
policy can play either side.

``globals`` (float32 vector): turn, phase, whose decision it is, budgets, units in
off-map boxes, victory points when the view gives them, the verbs of the legal
actions (what kind of question is being asked) and the result.

Nothing else is read: a fact the view leaves out cannot reach an observation.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from .actions import ActionCodec
from .layout import HIDDEN_KIND, Layout

PHASE_BUCKETS = 16
FLAGS = ("moved", "attacked", "oos", "reduced")
PLANE_MAX = 1e4
GLOBAL_MAX = 1e6
_NUM = re.compile(r"\d+")


@dataclass(frozen=True)
class ObservationSpec:
    """Names of every plane and global, in order (docs/rl.md prints them per game)."""

    plane_names: tuple[str, ...]
    global_names: tuple[str, ...]


class Observer:
    """Builds one side's observation; the spec is fixed per game."""

    def __init__(self, layout: Layout, codec: ActionCodec):
        self.layout = layout
        self.codec = codec
        P = len(layout.players)
        self.P = P
        self.kinds = (*layout.unit_kinds, HIDDEN_KIND, "other")
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.markers = (*layout.marker_kinds, "other")
        self.marker_index = {k: i for i, k in enumerate(self.markers)}
        per_side = [f"units:{k}" for k in self.kinds] + ["count", "attack", "defence", "movement"] + \
            [f"flag:{f}" for f in FLAGS]
        self.per_side = len(per_side)
        dyn = [f"side{r}:{n}" for r in range(P) for n in per_side]
        owners = [f"side{r}" for r in range(P)] + ["none"]
        dyn += [f"marker:{m}:{o}" for m in self.markers for o in owners]
        dyn += ["legal_target"]
        self.n_dynamic = len(dyn)
        self.marker_base = P * self.per_side
        g = ["turn", "max_turns", "turn_fraction", "my_decision"]
        g += [f"current:side{r}" for r in range(P)] + ["current:none"]
        g += [f"phase:{k}" for k in range(PHASE_BUCKETS)]
        g += [f"budget:side{r}:{b}" for r in range(P) for b in layout.budget_names]
        g += [f"box:side{r}:{b}" for r in range(P) for b in layout.boxes]
        g += [f"vp:side{r}" for r in range(P)]
        g += [f"legal_verb:{codec.describe(v * codec.L).verb}" for v in range(codec.n_verbs)]
        g += ["legal_count", "game_over"] + [f"winner:side{r}" for r in range(P)] + ["draw"]
        self.spec = ObservationSpec((*layout.static_names, *dyn), tuple(g))
        self.n_globals = len(g)
        self.n_planes = len(self.spec.plane_names)

    # ----- helpers -----------------------------------------------------------
    def rel(self, side: Any, viewer: str | None) -> int | None:
        """Relative seat of ``side`` for ``viewer`` (0 = the viewer), None for no side."""
        players = self.layout.players
        if side not in players:
            return None
        k = players.index(side)
        if viewer in players:
            k = (k - players.index(viewer)) % self.P
        return k

    def cell_of(self, where: Any) -> int | None:
        k = self.layout.loc_index.get(where) if isinstance(where, str) else None
        return None if k is None else int(self.layout.cell[k])

    # ----- the observation ---------------------------------------------------
    def observe(self, view: dict[str, Any], viewer: str | None, table: dict[int, Any] | None) -> tuple[np.ndarray, np.ndarray]:
        """``(planes, globals)`` for ``viewer`` from its ``view`` and its index → action table (None when
        it is not the viewer's decision)."""
        lay = self.layout
        P = self.P
        cells = lay.cells
        dyn = np.zeros((self.n_dynamic, cells), np.float32)
        glob = np.zeros(self.n_globals, np.float32)
        box_counts = np.zeros((P, len(lay.boxes)), np.float32)
        for u in view.get("units") or []:
            r = self.rel(u.get("side"), viewer)
            if r is None:
                continue
            steps = u.get("steps")
            weight = float(steps) if isinstance(steps, int | float) and steps > 0 else 1.0
            c = self.cell_of(u.get("hex"))
            if c is None:
                b = lay.box_index.get(u.get("box"))  # type: ignore[arg-type]
                if b is not None:
                    box_counts[r, b] += weight
                continue
            base = r * self.per_side
            kind = u.get("kind")
            ki = self.kind_index.get(kind, len(self.kinds) - 1)  # type: ignore[arg-type]
            dyn[base + ki, c] += weight
            nk = len(self.kinds)
            dyn[base + nk, c] += 1.0
            nums = [int(x) for x in _NUM.findall(str(u.get("factors") or ""))]
            if nums:
                dyn[base + nk + 1, c] += nums[0]
                dyn[base + nk + 2, c] += nums[1] if len(nums) > 1 else nums[0]
                dyn[base + nk + 3, c] = max(dyn[base + nk + 3, c], nums[2] if len(nums) > 2 else 0)
            flags = set(u.get("flags") or ())
            mx = u.get("max_steps")
            if isinstance(mx, int | float) and isinstance(steps, int | float) and steps < mx:
                flags.add("reduced")
            for fi, f in enumerate(FLAGS):
                if f in flags:
                    dyn[base + nk + 4 + fi, c] += 1.0
        owners = P + 1
        for mk in view.get("markers") or []:
            c = self.cell_of(mk.get("hex"))
            if c is None:
                continue
            mi = self.marker_index.get(mk.get("kind"), len(self.markers) - 1)  # type: ignore[arg-type]
            r = self.rel(mk.get("side"), viewer)
            dyn[self.marker_base + mi * owners + (P if r is None else r), c] += 1.0
        # globals
        turn = view.get("turn")
        max_turns = view.get("max_turns")
        if isinstance(turn, int | float):
            glob[0] = turn
        if isinstance(max_turns, int | float):
            glob[1] = max_turns
            if max_turns and isinstance(turn, int | float):
                glob[2] = turn / max_turns
        cur = view.get("current_player")
        glob[3] = 1.0 if viewer is not None and cur == viewer else 0.0
        k = 4
        rc = self.rel(cur, viewer)
        glob[k + (P if rc is None else rc)] = 1.0
        k += P + 1
        phase = view.get("phase")
        if phase:
            glob[k + zlib.crc32(str(phase).encode()) % PHASE_BUCKETS] = 1.0
        k += PHASE_BUCKETS
        nb = len(lay.budget_names)
        for side, per in (view.get("budgets") or {}).items():
            r = self.rel(side, viewer)
            if r is None or not isinstance(per, dict):
                continue
            for j, name in enumerate(lay.budget_names):
                val = per.get(name)
                if isinstance(val, int | float) and not isinstance(val, bool):
                    glob[k + r * nb + j] = val
        k += P * nb
        glob[k:k + box_counts.size] = box_counts.ravel()
        k += box_counts.size
        vp = view.get("vp")
        for side, val in (vp.items() if isinstance(vp, dict) else ()):
            r = self.rel(side, viewer)
            if r is not None and isinstance(val, int | float):
                glob[k + r] = val
        k += P
        if table:
            L = self.codec.L
            legal = dyn[-1]
            for idx in table:
                if idx < self.codec.overflow_base:
                    v, loc = divmod(idx, L)
                    glob[k + v] = 1.0
                    if 1 <= loc <= self.codec.n_locations:
                        legal[lay.cell[loc - 1]] += 1.0
            glob[k + self.codec.n_verbs] = len(table) / 100.0
        k += self.codec.n_verbs + 1
        result = view.get("result")
        if result:
            glob[k] = 1.0
            r = self.rel(result.get("winner"), viewer)
            glob[k + 1 + (P if r is None else r)] = 1.0
        planes = np.concatenate([lay.static_planes.reshape(len(lay.static_names), cells), dyn])
        np.clip(planes, 0.0, PLANE_MAX, out=planes)
        np.clip(glob, -GLOBAL_MAX, GLOBAL_MAX, out=glob)
        return planes.reshape((self.n_planes, *lay.grid_shape)), glob
