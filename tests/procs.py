"""The processes a test started, read from /proc (Linux): no process may outlive its test run."""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    """Running (a zombie has finished: only its exit status is left for its parent)."""
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")


def parent(pid: int) -> int:
    """The parent's pid, -1 when the process is gone."""
    st = _stat(pid)
    return -1 if st is None else st[1]


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid``."""
    parents: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            st = _stat(int(d))
            if st is not None and st[0] not in ("Z", "X"):
                parents[int(d)] = st[1]
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - out
        out |= frontier
    return out


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"
