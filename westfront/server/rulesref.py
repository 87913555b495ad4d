"""A game's browsable rules reference: each section's title and a summary in the project's
own words (never the rulebook's text), and where the engine implements it.

Titles and places come from the game's ``RULE_SECTIONS``; summaries from its optional
``data/rules_reference.toml`` (``[[section]] id = "7.2" summary = "…"``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ..games import registry


@cache
def rules_reference(game_id: str) -> dict[str, Any]:
    mod = registry.module(game_id)
    info = mod.INFO
    summaries: dict[str, str] = {}
    path = Path(mod.__file__ or "").parent / "data" / "rules_reference.toml"
    if path.exists():
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        summaries = {str(s["id"]): str(s["summary"]) for s in doc.get("section", [])}
    sections = [{"id": str(sec), "title": title, "summary": summaries.get(str(sec)), "implemented_in": where}
                for sec, title, where in getattr(mod, "RULE_SECTIONS", ())]
    return {"game": game_id, "title": info.title, "cite_as": list(info.cite_as), "sections": sections}
