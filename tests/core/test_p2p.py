"""core.p2p: graph queries, distances, floods, chains and cut-off spaces on small boards."""

from __future__ import annotations

import pytest

from westfront.core.p2p import UNREACHABLE, Graph

#   a - b - c - d
#       |       |
#       e - f - g      h (alone)
LINKS = [("a", "b", "road"), ("b", "c", "road"), ("c", "d", "road"), ("b", "e", "road"),
         ("e", "f", "road"), ("f", "g", "road"), ("d", "g", "rhine_crossing")]


@pytest.fixture
def g() -> Graph:
    return Graph(list("abcdefgh"), LINKS)


def test_neighbours_and_kinds(g):
    assert g.neighbours("b") == ["a", "c", "e"]
    assert g.adjacent("d", "g") and not g.adjacent("a", "c")
    assert g.link_kind("g", "d") == "rhine_crossing" and g.link_kind("a", "b") == "road"
    assert g.link_kind("a", "h") is None


def test_sets_round_trip(g):
    bb = g.bb(["a", "g", "h"])
    assert g.names(bb) == ["a", "g", "h"] and g.has(bb, "g") and not g.has(bb, "b")
    assert g.names(g.step(g.bb(["a"]))) == ["b"]


def test_distances(g):
    assert g.distance("a", "g") == 4  # a-b-c-d-g or a-b-e-f-g
    assert g.distance("a", "h") == UNREACHABLE
    d = g.distances(g.bb(["a", "g"]))
    assert d[g.index["d"]] == 1 and d[g.index["c"]] == 2 and d[g.index["h"]] == UNREACHABLE
    # through c only: a to d must go round by e, f, g
    assert g.distance("a", "d", passable=g.bb("abefg")) == 5
    assert g.names(g.within("b", 1)) == ["a", "b", "c", "e"]


def test_flood_and_components(g):
    assert g.names(g.flood(g.bb(["a"]), g.bb("bc"))) == ["a", "b", "c"]
    assert [g.names(c) for c in g.components(g.bb("acdh"))] == [["a"], ["c", "d"], ["h"]]


def test_chains(g):
    # a chain of markers on e, f leads from b to g; one on e alone does not
    assert g.chained("b", g.bb("ef"), g.bb("g"))
    assert not g.chained("b", g.bb("e"), g.bb("g"))
    assert g.chained("f", 0, g.bb("g"))  # a target next door needs no chain
    assert g.chained("g", 0, g.bb("g"))


def test_cut_off(g):
    # uncontrolled region a, c, d, e, f, g (b controlled): a is cut off from the source g
    region = g.bb("acdefgh")
    assert g.names(g.cut_off(region, g.bb("g"))) == ["a", "h"]
    assert g.cut_off(region, 0) == region


def test_from_p2p_document_and_errors():
    doc = {"spaces": [{"id": "x"}, {"id": "y"}], "links": [{"a": "x", "b": "y"}]}
    g = Graph.from_p2p(doc)
    assert g.link_kind("x", "y") == "road" and len(g) == 2
    with pytest.raises(ValueError):
        Graph(["x", "x"], [])
    with pytest.raises(ValueError):
        Graph(["x"], [("x", "x", "road")])


def _bfs(adj: dict[str, set[str]], src: str, allowed: set[str] | None) -> dict[str, int]:
    dist = {src: 0}
    frontier = [src]
    while frontier:
        nxt = []
        for u in frontier:
            if allowed is not None and u != src and u not in allowed:
                continue  # an end, not a way through
            for v in adj[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def test_random_graphs_agree_with_a_plain_bfs():
    import random

    rnd = random.Random(7)
    for _ in range(40):
        n = rnd.randint(2, 40)
        ids = [f"s{i}" for i in range(n)]
        pairs = {tuple(sorted(rnd.sample(ids, 2))) for _ in range(rnd.randint(0, 2 * n))}
        g = Graph(ids, [(a, b, "road") for a, b in pairs])
        adj: dict[str, set[str]] = {i: set() for i in ids}
        for a, b in pairs:
            adj[a].add(b)
            adj[b].add(a)
        allowed = {i for i in ids if rnd.random() < 0.7}
        src = rnd.choice(ids)
        for passable in (None, allowed):
            want = _bfs(adj, src, passable)
            got = g.distances(g.bb([src]), None if passable is None else g.bb(passable))
            assert {ids[i]: d for i, d in enumerate(got) if d != UNREACHABLE} == want
        # cut_off: exactly the region's spaces with no region path to a source
        sources = {i for i in ids if rnd.random() < 0.1}
        cut = set(g.names(g.cut_off(g.bb(allowed), g.bb(sources))))
        sub = {i: adj[i] & allowed for i in allowed}
        reach: set[str] = set()
        for s0 in sources & allowed:
            reach |= set(_bfs(sub, s0, None))
        assert cut == allowed - reach
