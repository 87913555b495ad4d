"""Save files: versioned, self-checking, refused whole when anything is wrong.

A save holds both the record (scenario, options, seed, action list) and a cache
of the current position with its hash. Loading checks the format tag, the
version, that the game is registered, and that the cached position hashes to
the stored value; ``verify=True`` also replays the action list from scratch.
"""

from __future__ import annotations

import json
from typing import Any

from .canon import digest
from .errors import SaveError

FORMAT = "westfront-save"
VERSION = 1
MAX_DEPTH = 64  # nesting of a save's position; real games stay below 10
MAX_SEED = 2**256 - 1  # chosen seeds are below 2**63; server secrets are 128 bits and up
MAX_ACTIONS = 200_000
MAX_ACTION_TEXT = 500


def dump_state(game: str, position: dict[str, Any], actions: list[str], to_move: str | None) -> str:
    """The save document of a position (``State.g``) and its record. Takes plain data, not a
    State: the save format sits below the state (state.py imports it; it imports nothing back)."""
    meta = position["meta"]
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "scenario": meta["scenario"],
        "options": meta["options"],
        "seed": meta["seed"],
        "actions": actions,
        "hash": digest(position),
        "to_move": to_move,  # informational (the loader offers this side first); not checked
        "state": position,
    }
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def parse_save(text: str | bytes) -> dict[str, Any]:
    """Check the envelope of a save; raises SaveError with a readable message."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise SaveError(f"not a westfront save: the file is not valid JSON ({e})") from None
    except RecursionError:
        raise SaveError("not a westfront save: the JSON is nested far too deeply") from None
    if _too_deep(doc, MAX_DEPTH):
        raise SaveError(f"not a westfront save: the JSON is nested deeper than {MAX_DEPTH} levels")
    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise SaveError("not a westfront save: it holds text that is not valid Unicode (a lone surrogate)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError("not a westfront save: the 'format' tag is missing or different")
    v = doc.get("version")
    if v != VERSION:
        raise SaveError(f"this save has format version {v!r}; this westfront reads version {VERSION}")
    for key, typ in (("game", str), ("scenario", str), ("options", dict), ("seed", int), ("actions", list),
                     ("hash", str), ("state", dict)):
        if not isinstance(doc.get(key), typ):
            raise SaveError(f"corrupt save: field {key!r} is missing or has the wrong type")
    seed = doc["seed"]
    if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SaveError("corrupt save: 'seed' must be a whole number from 0 to 2**256 - 1")
    for key in ("game", "scenario", "hash"):
        if not 0 < len(doc[key]) <= 64:
            raise SaveError(f"corrupt save: field {key!r} must be 1 to 64 characters")
    if len(doc["actions"]) > MAX_ACTIONS:
        raise SaveError(f"corrupt save: more than {MAX_ACTIONS} actions")
    if not all(isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in doc["actions"]):
        raise SaveError("corrupt save: the action list holds something that is not action text")
    st = doc["state"]
    if st.get("game") != doc["game"] or not isinstance(st.get("flow"), list):
        raise SaveError("corrupt save: the cached position does not belong to this game")
    h = digest(st)
    if h != doc["hash"]:
        raise SaveError("corrupt save: the cached position does not match its checksum")
    meta = st.get("meta", {})
    if (meta.get("scenario"), meta.get("options"), meta.get("seed")) != (doc["scenario"], doc["options"], doc["seed"]):
        raise SaveError("corrupt save: scenario, options or seed disagree with the cached position")
    return doc


def _too_deep(obj: Any, limit: int) -> bool:
    """Whether JSON data nests deeper than ``limit`` (checked without recursion)."""
    todo: list[tuple[Any, int]] = [(obj, 0)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, dict):
            x = list(x.values())
        if isinstance(x, list):
            if d >= limit:
                return True
            todo.extend((y, d + 1) for y in x)
    return False
