"""Rule coverage: which rule sections a game declares and which tests cite them.

A test cites a rule with a comment such as ``# onslaught 7.3`` or
``# D-Day §10.4.2``; the prefixes a game accepts are its ``GameInfo.cite_as``.
A citation of 7.3.1 also counts for 7.3 and 7.0 (the section it belongs to).
A game's sections without a number (Second Front Now!'s ``TRS``, the Turn Record
Sheet) are cited by their id: ``# SFN TRS``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..games import registry

REPO_ROOT = Path(__file__).resolve().parents[2]


def tests_dir() -> Path | None:
    d = REPO_ROOT / "tests"
    return d if d.is_dir() else None


def _norm(sec: str) -> str:
    sec = sec.strip().lstrip("§").rstrip(".")
    parts = sec.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def citations(prefixes: tuple[str, ...], root: Path | None = None,
              named: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    """(section, file, line) for every citation with one of ``prefixes`` under ``root``;
    ``named`` are the game's section ids that are not numbers (cited exactly, e.g. ``TRS``)."""
    root = root or tests_dir()
    if root is None or not prefixes:
        return []
    alt = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    ids = "".join(f"|{re.escape(n)}(?!\\w)" for n in sorted(named, key=len, reverse=True))
    num = r"\d+(?:\.\d+)*[a-z]?"
    # "SFN 13.2/14.2", "1944 11.0, 11.2": numbers listed after a cited one count too
    # (only dotted numbers, so "onslaught 8.3, 8 units" does not cite section 8)
    more = r"(?:\s*(?:,|/|;|&|\band\b|\bor\b)\s*§?\s*\d+\.\d+(?:\.\d+)*[a-z]?(?!\w))*"
    pat = re.compile(rf"(?<![\w-])(?:{alt})\s+§?\s*((?:{num}(?!\w){ids}){more})", re.IGNORECASE)
    canonical = {n.upper(): n for n in named}
    out = []
    for f in sorted(root.rglob("*.py")):
        for ln, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            hash_at = line.find("#")
            if hash_at < 0:
                continue
            for m in pat.finditer(line, hash_at):
                first, *listed = re.split(r"\s*(?:,|/|;|&|\band\b|\bor\b)\s*§?\s*", m.group(1))
                for sec in (canonical.get(first.upper(), first), *listed):
                    out.append((_norm(sec), str(f.relative_to(root.parent)), ln))
    return out


def coverage(game_id: str, root: Path | None = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    mod = registry.module(game_id)
    info = registry.info(game_id)
    sections = list(getattr(mod, "RULE_SECTIONS", ()))
    named = tuple(sid for sid, _, _ in sections if not sid[:1].isdigit())
    cites = citations(info.cite_as, root, named)
    rows = []
    for sid, title, where in sections:
        key = _norm(sid)
        n = sum(1 for c, _, _ in cites if c == key or c.startswith(key + "."))
        rows.append({"id": sid, "title": title, "implemented": where, "tests": n})
    summary: dict[str, Any] = {
        "sections": len(rows),
        "cited": sum(1 for r in rows if r["tests"]),
        "implemented": sum(1 for r in rows if r["implemented"]),
        "citations": len(cites),
        "test_files": len({f for _, f, _ in cites}),
    }
    if (root or tests_dir()) is None:
        summary["note"] = "no tests/ directory next to the package: run from a source checkout to count citations"
    unknown = sorted({c for c, _, _ in cites if not any(c == _norm(s) or c.startswith(_norm(s) + ".") for s, _, _ in sections)})
    if unknown:
        summary["unknown_citations"] = unknown
    return rows, summary
