"""Hex geometry and the label schemes the rulebooks print on their maps.

Everything the engine computes happens in *axial* coordinates ``(q, r)``; labels
are only a naming layer. Two label schemes cover the five games:

* ``colrow`` — four digits ``CCRR`` (Second Front Now ``1414``; also used for the
  1944 and Onslaught maps). Flat-topped hexes in columns; the columns with odd
  numbers sit half a hex lower than the even ones, which is what makes 1414's
  neighbours 1313 1314 1413 1415 1513 1514 (SFN 3.4).
* ``letterrow`` — a row of letters and a number (D-Day 3rd ``A1``, ``R34``,
  ``LL44``). Pointy-topped hexes in rows, lettered north to south; the number is
  an axial coordinate that grows westward, so the straight east edge reads
  A1, B1, C2, D2, … W12 (D-Day §6.1) and the grid looks skewed.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

Axial = tuple[int, int]

# Axial directions. For flat-topped grids they point N, NE, SE, S, SW, NW in
# screen terms; for pointy-topped grids E, NE, NW, W, SW, SE. Order only matters
# for stable iteration.
DIRECTIONS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def axial_distance(a: Axial, b: Axial) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_neighbors(a: Axial) -> list[Axial]:
    q, r = a
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_between(a: Axial, b: Axial) -> int:
    """Index into DIRECTIONS of the step from ``a`` to neighbour ``b``."""
    return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))


def axial_ring(center: Axial, radius: int) -> Iterator[Axial]:
    if radius == 0:
        yield center
        return
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    for d in range(6):
        for _ in range(radius):
            yield (q, r)
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]


def axial_line(a: Axial, b: Axial) -> list[Axial]:
    """Hexes on the straight line from a to b (cube lerp with nudging)."""
    n = axial_distance(a, b)
    if n == 0:
        return [a]
    out: list[Axial] = []
    ax, az = a[0] + 1e-6, a[1] + 1e-6
    bx, bz = b[0] + 1e-6, b[1] + 1e-6
    for i in range(n + 1):
        t = i / n
        x = ax + (bx - ax) * t
        z = az + (bz - az) * t
        out.append(_cube_round(x, z))
    return out


def _cube_round(x: float, z: float) -> Axial:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (int(rx), int(rz))


class LabelError(ValueError):
    """A hex label that does not belong to the scheme."""


@dataclass(frozen=True)
class Grid:
    """A label scheme plus the orientation used to draw it.

    ``scheme`` is ``"colrow"`` or ``"letterrow"``. ``orientation`` is fixed by the
    scheme (flat for colrow, pointy for letterrow) but stored for drawing code.
    """

    scheme: Literal["colrow", "letterrow"]

    @property
    def orientation(self) -> Literal["flat", "pointy"]:
        return "flat" if self.scheme == "colrow" else "pointy"

    # ----- labels ---------------------------------------------------------
    def to_axial(self, label: str) -> Axial:
        if self.scheme == "colrow":
            col, row = _parse_colrow(label)
            # odd columns are shoved down: odd-q offset layout
            return (col, row - (col - (col & 1)) // 2)
        row_idx, num = _parse_letterrow(label)
        return (-num, row_idx)

    def label(self, a: Axial) -> str:
        q, r = a
        if self.scheme == "colrow":
            col = q
            row = r + (col - (col & 1)) // 2
            if not (0 <= col <= 99 and 0 <= row <= 99):
                raise LabelError(f"axial {a} has no 4-digit label")
            return f"{col:02d}{row:02d}"
        if r < 1:
            raise LabelError(f"axial {a} has no letter-row label")
        return row_letters(r) + str(-q)

    def is_label(self, text: str) -> bool:
        try:
            self.to_axial(text)
        except LabelError:
            return False
        return True

    # ----- offset coordinates (used for drawing and bitboard slots) --------
    def to_offset(self, a: Axial) -> tuple[int, int]:
        """(col, row) on screen: col grows east, row grows south."""
        q, r = a
        if self.scheme == "colrow":
            return (q, r + (q - (q & 1)) // 2)
        # pointy: x = q + r/2 grows east. Even rows sit half a hex east of odd rows.
        return (q + (r + (r & 1)) // 2, r)

    def center(self, a: Axial, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre for a hex of circumradius ``size`` (y grows south)."""
        q, r = a
        if self.scheme == "colrow":
            return (size * 1.5 * q, size * math.sqrt(3) * (r + q / 2))
        return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)

    def corners(self, a: Axial, size: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.center(a, size)
        start = 0.0 if self.scheme == "colrow" else 30.0
        return [
            (cx + size * math.cos(math.radians(start + 60 * i)), cy + size * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    # ----- convenience on labels ------------------------------------------
    def neighbors(self, label: str) -> list[str]:
        out = []
        for n in axial_neighbors(self.to_axial(label)):
            with contextlib.suppress(LabelError):
                out.append(self.label(n))
        return out

    def distance(self, a: str, b: str) -> int:
        return axial_distance(self.to_axial(a), self.to_axial(b))

    def side_id(self, a: str, b: str) -> str:
        """Canonical id of the hexside between two adjacent hexes: ``"A|B"``."""
        aa, bb = self.to_axial(a), self.to_axial(b)
        if axial_distance(aa, bb) != 1:
            raise LabelError(f"{a} and {b} are not adjacent")
        return f"{a}|{b}" if self._order(aa) <= self._order(bb) else f"{b}|{a}"

    def _order(self, a: Axial) -> tuple[int, int]:
        col, row = self.to_offset(a)
        return (row, col) if self.scheme == "letterrow" else (col, row)


_COLROW = re.compile(r"^(\d{2})(\d{2})$")
_LETTERROW = re.compile(r"^([A-Z]{1,2})(\d{1,3})$")


def _parse_colrow(label: str) -> tuple[int, int]:
    m = _COLROW.match(label)
    if not m:
        raise LabelError(f"{label!r} is not a four-digit hex number such as 1414")
    return int(m.group(1)), int(m.group(2))


def row_letters(index: int) -> str:
    """1 → A, 26 → Z, 27 → AA, 38 → LL (doubled letters, as the D-Day map prints)."""
    if index < 1:
        raise LabelError(f"row index {index} is below A")
    if index <= 26:
        return chr(64 + index)
    if index <= 52:
        return chr(64 + index - 26) * 2
    raise LabelError(f"row index {index} is beyond ZZ")


def row_index(letters: str) -> int:
    if len(letters) == 1:
        return ord(letters) - 64
    if len(letters) == 2 and letters[0] == letters[1]:
        return ord(letters[0]) - 64 + 26
    raise LabelError(f"{letters!r} is not a row name (A…Z, AA…ZZ)")


def _parse_letterrow(label: str) -> tuple[int, int]:
    m = _LETTERROW.match(label)
    if not m:
        raise LabelError(f"{label!r} is not a letter-row hex label such as R34 or LL44")
    return row_index(m.group(1)), int(m.group(2))


COLROW = Grid("colrow")
LETTERROW = Grid("letterrow")


def grid_for(scheme: str) -> Grid:
    if scheme == "colrow":
        return COLROW
    if scheme == "letterrow":
        return LETTERROW
    raise ValueError(f"unknown hex label scheme {scheme!r}; expected 'colrow' or 'letterrow'")
