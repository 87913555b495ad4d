"""Routes built link by link on a point-to-point board (truck routes, rail lines, convoys).

A route starts at one space and grows one link at a time; it may branch, but
stays a tree: each new link joins a space already on the route to a space not
yet on it (no loops, no second path to a space). Links already taken (by this
route or, through ``blocked``, by earlier routes) cannot be used again, and
``allowed`` limits which spaces the route may enter. Building it link by link
keeps every decision small (a few candidate links, not every possible tree).

Links are written ``"a|b"`` with the two ids in sorted order (:func:`link_key`),
so a set of used links is a plain JSON list.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from .p2p import Graph


def link_key(a: str, b: str) -> str:
    """The canonical name of the link between ``a`` and ``b``."""
    return f"{a}|{b}" if a <= b else f"{b}|{a}"


def ends(key: str) -> tuple[str, str]:
    a, b = key.split("|")
    return a, b


def route_spaces(start: str, links: Iterable[str]) -> list[str]:
    """The spaces a route touches: its start, then each link's new end in building order."""
    out = [start]
    seen = {start}
    for key in links:
        for x in ends(key):
            if x not in seen:
                seen.add(x)
                out.append(x)
    return out


def extensions(g: Graph, start: str, links: Collection[str], blocked: Collection[str] = (),
               allowed: Collection[str] | None = None) -> list[tuple[str, str]]:
    """The links that may be added next, as ``(from, to)``: ``from`` on the route,
    ``to`` not on it and allowed, the link neither on the route nor blocked. Sorted."""
    on = set(route_spaces(start, links))
    out = []
    for a in sorted(on):
        for b in g.neighbours(a):
            if b in on or (allowed is not None and b not in allowed):
                continue
            key = link_key(a, b)
            if key in blocked or key in links:
                continue
            out.append((a, b))
    return sorted(out)


def can_add(g: Graph, start: str, links: Collection[str], a: str, b: str, blocked: Collection[str] = (),
            allowed: Collection[str] | None = None) -> str | None:
    """Why the link ``a``–``b`` (from the route at ``a``) may not be added; None when it may."""
    on = set(route_spaces(start, links))
    if a not in on:
        return f"{a} is not on the route"
    if not g.adjacent(a, b):
        return f"{a} and {b} are not linked"
    if b in on:
        return f"{b} is already on the route (a route may not loop)"
    if allowed is not None and b not in allowed:
        return f"the route may not enter {b}"
    key = link_key(a, b)
    if key in blocked:
        return f"the link {a}–{b} is already in use"
    return None


def path_to(start: str, links: Iterable[str], target: str) -> list[str] | None:
    """The spaces from ``start`` to ``target`` along the route (it is a tree, so there is one path)."""
    parent: dict[str, str | None] = {start: None}
    for key in links:
        a, b = ends(key)
        if a in parent and b not in parent:
            parent[b] = a
        elif b in parent and a not in parent:
            parent[a] = b
    if target not in parent:
        return None
    path = [target]
    while (p := parent[path[-1]]) is not None:
        path.append(p)
    return path[::-1]
