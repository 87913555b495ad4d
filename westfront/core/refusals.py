"""Refusals tell no secrets: what a side is told when an action is illegal depends only on what it sees.

A refusal is part of what a side learns (ARCHITECTURE.md §2, hidden information). A game's
``explain`` works on the whole truth, so "move hm921" from the Allied seat could answer
"ge-84c is not yours" and unmask a 1944 hidden marker. :func:`refusal` normalises a reason
for the side that asked, generically:

1. Every argument of the action that names a piece whose identity the side may not know
   (:func:`unknown_names`: a piece of the game its view does not show, or an opponent's
   piece it sees only as a hidden marker or fogged stack) is swapped for a name that exists
   nowhere and the action explained again, then the name put back: such a request is
   answered exactly as one naming an unknown piece.
2. If the reason still names such a piece the request did not name itself, the side gets the
   generic refusal (its own prompt and the legal verbs, which the contract keeps equal in
   positions the side cannot tell apart).

A game opts in by listing its pieces in ``State.piece_ids``; the view contract (``units``
with ``id``, ``side`` and the ``hidden`` flag) tells which of them the side sees.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import IllegalAction
from .state import State

UNKNOWN = "zz-unknown"  # a piece name no game uses: what an unknown name is answered with
_WORD = re.compile(r"[\w-]+")


def unknown_names(s: State, side: str | None, view: dict[str, Any] | None = None) -> frozenset[str]:
    """Names an action may use whose referent ``side`` cannot identify (a function of its view only)."""
    ids = s.piece_ids()
    if not ids:
        return frozenset()
    v = s.view(side) if view is None else view
    shown: set[str] = set()
    opaque: set[str] = set()
    for u in v.get("units", ()):
        uid = u.get("id")
        if not isinstance(uid, str):
            continue
        if "hidden" in (u.get("flags") or ()) and u.get("side") != side:
            opaque.add(uid)  # a marker or fogged stack: seen, but not what it is
        else:
            shown.add(uid)
        if isinstance(u.get("unit"), str):
            shown.add(u["unit"])  # the side's own piece under a marker: the view names it
    return frozenset((ids - shown) | opaque)


def generic(s: State, text: str) -> str:
    """The refusal of an action that names nothing known: the side's own prompt and legal verbs."""
    return s.not_legal_reason(text)


def refusal(s: State, side: str | None, text: str, reason: str, view: dict[str, Any] | None = None) -> str:
    """``reason`` (why ``text`` is illegal for ``side``, the side to move) as ``side`` may be told it."""
    names = unknown_names(s, side, view)
    if not names:
        return reason
    tokens = text.split()
    alias = {t: f"{UNKNOWN}{k}" for k, t in enumerate(dict.fromkeys(t for t in tokens[1:] if t in names))}
    if alias:
        swapped = " ".join([tokens[0], *(alias.get(t, t) for t in tokens[1:])])
        try:
            s.parse(swapped)
        except IllegalAction as e:
            reason = e.reason
            for t, a in sorted(alias.items(), key=lambda x: -len(x[1])):
                reason = reason.replace(a, t)
        else:  # cannot happen (no legal action names a piece that does not exist): say nothing specific
            return generic(s, text)
    said = set(_WORD.findall(reason)) & names
    if said - set(tokens):
        return generic(s, text)
    return reason
