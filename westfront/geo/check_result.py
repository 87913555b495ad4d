"""One calibration fact checked against a map (hex or point-to-point)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    what: str
    subject: str
    rule: str
    detail: str

    def __str__(self) -> str:
        mark = "ok " if self.ok else "FAIL"
        return f"{mark} {self.what:8s} {self.subject:28s} {self.detail}  [{self.rule}]"
