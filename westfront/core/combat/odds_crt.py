"""Odds combat results tables.

Attack and defence strengths are compared as a ratio and *rounded in the
defender's favour* to a printed column: the chosen column is the largest one
not better than the true ratio. This single rule reproduces D-Day 3rd's
Table 9 (2:11→1:6, 3:5→1:2, 6:5→1:1, 11:4→2:1, 21:2→7:1) and Onslaught 7.0
(14:4→3:1). Die-roll modifiers are summed and the modified roll clamped to the
table's rows (Onslaught 7.1: below 0 is 0, above 6 is 6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def parse_ratio(col: str) -> tuple[int, int]:
    a, _, d = col.partition(":")
    try:
        ra, rd = int(a), int(d)
    except ValueError:
        raise ValueError(f"odds column {col!r} should look like '3:1' or '1:2'") from None
    if ra <= 0 or rd <= 0:
        raise ValueError(f"odds column {col!r} must be positive")
    return ra, rd


@dataclass(frozen=True)
class Modifier:
    amount: int
    reason: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"amount": self.amount, "reason": self.reason, "rule": self.rule}


@dataclass(frozen=True)
class OddsTable:
    """A CRT: ``rows[die] = results per column`` (columns weakest first)."""

    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    below: str | None = None  # result when odds are worse than the first column (None: not allowed)
    source: str = ""

    def __post_init__(self) -> None:
        ratios = [parse_ratio(c) for c in self.columns]
        for (a1, d1), (a2, d2) in zip(ratios, ratios[1:], strict=False):
            if a1 * d2 >= a2 * d1:
                raise ValueError(f"odds columns must increase: {self.columns}")
        for die, row in self.rows.items():
            if len(row) != len(self.columns):
                raise ValueError(f"row {die} has {len(row)} results for {len(self.columns)} columns")

    @property
    def die_min(self) -> int:
        return min(self.rows)

    @property
    def die_max(self) -> int:
        return max(self.rows)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> OddsTable:
        """From a tables.toml section: ``columns = [...]``, ``rows = {"1" = [...], ...}``."""
        rows = {int(k): tuple(v) for k, v in data["rows"].items()}
        return cls(tuple(data["columns"]), rows, data.get("below"), data.get("source", ""))

    def column_index(self, attack: int, defence: int, shift: int = 0) -> int:
        """Index of the column for these strengths; -1 when worse than the first column.

        Better than the last column uses the last column (D-Day 3rd: "odds larger than
        6:1 are treated as 7:1"). ``shift`` moves columns after rounding.
        """
        if defence <= 0:
            idx = len(self.columns) - 1
        elif attack <= 0:
            idx = -1
        else:
            idx = -1
            for i, col in enumerate(self.columns):
                a, d = parse_ratio(col)
                if attack * d >= defence * a:
                    idx = i
                else:
                    break
        if idx == -1:
            return -1
        return max(0, min(len(self.columns) - 1, idx + shift))

    def odds(self, attack: int, defence: int, shift: int = 0) -> str | None:
        i = self.column_index(attack, defence, shift)
        return None if i < 0 else self.columns[i]

    def clamp(self, roll: int) -> int:
        return max(self.die_min, min(self.die_max, roll))

    def result(self, column: str, roll: int) -> str:
        return self.rows[self.clamp(roll)][self.columns.index(column)]

    def distribution(self, column: str, modifier: int = 0, sides: int = 6) -> dict[str, float]:
        """Probability of each result for a fair die 1..sides plus ``modifier``."""
        out: dict[str, float] = {}
        for die in range(1, sides + 1):
            r = self.result(column, die + modifier)
            out[r] = out.get(r, 0.0) + 1.0 / sides
        return out


def total_modifier(mods: Sequence[Modifier]) -> int:
    return sum(m.amount for m in mods)


def ratio_text(attack: int, defence: int) -> str:
    return f"{attack}:{defence}"
