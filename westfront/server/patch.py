"""View patches: send a seat what changed in its view, not the whole view again.

A 1944 view is about 21 KB and one move changes a few units and lines, so a
client that opts in (``"diff": true`` on an action, ``?diff=1`` on the
websocket) gets ``view_patch`` against the view of the version it already has
(``view_base``) instead of ``view``. A full view is always one ``GET`` away
(the resync).

The patch format is small and JSON-only:

* ``{"v": value}`` — replace with ``value``;
* ``{"s": {key: value}, "d": [key], "p": {key: patch}}`` — a dict: set these
  keys, delete those, patch these;
* ``{"ids": [id, ...], "s": {id: item}, "p": {id: patch}}`` — a list of dicts
  that each have a distinct ``"id"`` (units): the new order of ids, new or
  replaced items, patched items.

``apply(old, diff(old, new)) == new`` for all JSON data (tested).
"""

from __future__ import annotations

from typing import Any


def _id_list(x: Any) -> list[Any] | None:
    """The ids of a list of dicts with distinct hashable ``"id"`` values, else None."""
    if not isinstance(x, list) or not x:
        return None
    ids = []
    for item in x:
        if not isinstance(item, dict) or "id" not in item or not isinstance(item["id"], (str, int)):
            return None
        ids.append(item["id"])
    return ids if len(set(ids)) == len(ids) else None


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """A patch turning ``old`` into ``new`` (None when they are equal)."""
    if old == new and type(old) is type(new):
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        out: dict[str, Any] = {}
        sets = {k: v for k, v in new.items() if k not in old}
        dels = [k for k in old if k not in new]
        subs: dict[str, Any] = {}
        for k, v in new.items():
            if k in old:
                p = diff(old[k], v)
                if p is not None:
                    subs[k] = p
        if sets:
            out["s"] = sets
        if dels:
            out["d"] = dels
        if subs:
            out["p"] = subs
        return out
    old_ids, new_ids = _id_list(old), _id_list(new)
    if old_ids is not None and new_ids is not None:
        before = dict(zip(old_ids, old, strict=True))
        lp: dict[str, Any] = {"ids": new_ids}
        sets, subs = {}, {}
        for i, item in zip(new_ids, new, strict=True):
            if i not in before:
                sets[i] = item
            else:
                p = diff(before[i], item)
                if p is not None:
                    subs[i] = p
        if sets:
            lp["s"] = sets
        if subs:
            lp["p"] = subs
        return lp
    return {"v": new}


def apply(old: Any, patch: dict[str, Any] | None) -> Any:
    """``old`` with ``patch`` applied (a new value; ``old`` is not changed)."""
    if patch is None:
        return old
    if "v" in patch:
        return patch["v"]
    if "ids" in patch:
        before = {item["id"]: item for item in old}
        sets, subs = patch.get("s", {}), patch.get("p", {})
        # JSON object keys are strings: look ids up by their text too
        sets = {str(k): v for k, v in sets.items()}
        subs = {str(k): v for k, v in subs.items()}
        out = []
        for i in patch["ids"]:
            k = str(i)
            if k in sets:
                out.append(sets[k])
            else:
                out.append(apply(before[i], subs.get(k)))
        return out
    new = {k: v for k, v in old.items() if k not in set(patch.get("d", ()))}
    for k, v in patch.get("s", {}).items():
        new[k] = v
    for k, p in patch.get("p", {}).items():
        new[k] = apply(old[k], p)
    return new
