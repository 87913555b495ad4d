"""core.cards (decks in the state's RNG), core.tokens (pools with capacities), core.routes (truck routes)."""

from __future__ import annotations

import random

import pytest

from westfront.core import cards, routes, tokens
from westfront.core.p2p import Graph
from westfront.core.rng import Rng, seed_state


def rng(seed: int = 1) -> Rng:
    return Rng({"rng": seed_state(seed)})


# ----- cards -----------------------------------------------------------------
def test_shuffle_is_deterministic_and_complete():
    a = cards.new_deck(["x", "y", "z", "z"], rng(3))
    b = cards.new_deck(["x", "y", "z", "z"], rng(3))
    assert a == b and sorted(a["draw"]) == ["x", "y", "z", "z"] and a["discard"] == []
    orders = {tuple(cards.new_deck(list("abcdef"), rng(s))["draw"]) for s in range(20)}
    assert len(orders) > 10  # the seed matters


def test_draw_discard_and_reshuffle():
    holder = {"rng": seed_state(5)}
    r = Rng(holder)
    d = cards.new_deck(["a", "b"], r)
    first = cards.draw(d, r)
    second = cards.draw(d, r)
    assert {first, second} == {"a", "b"} and d["draw"] == []
    assert cards.draw(d, r) is None  # nothing left anywhere
    cards.discard(d, first)
    cards.discard(d, second)
    before = holder["rng"]
    third = cards.draw(d, r)  # empty draw pile: the discards are reshuffled
    assert third in ("a", "b") and holder["rng"] != before and len(d["draw"]) == 1 and d["discard"] == []


def test_peek_bottom_remove_public_determinize():
    d: cards.Deck = {"draw": ["a", "b", "c", "d"], "discard": ["e"]}
    assert cards.peek(d, 2) == ["a", "b"] and len(d["draw"]) == 4
    cards.to_bottom(d, "a")
    assert d["draw"] == ["b", "c", "d", "a"]
    assert cards.public(d) == {"draw": 4, "discard": ["e"]}
    assert cards.remove(d, "e") == 1 and cards.remove(d, "zz") == 0
    cards.determinize(d, random.Random(0), known_top=1)
    assert d["draw"][0] == "b" and sorted(d["draw"]) == ["a", "b", "c", "d"]


# ----- tokens ----------------------------------------------------------------
def test_pool_capacity_and_limits():
    card = tokens.empty(["fuel", "ammo", "food"])
    tokens.add(card, "fuel", 4, capacity=6)
    assert tokens.room(card, 6) == 2 and tokens.fits(card, 2, 6) and not tokens.fits(card, 3, 6)
    with pytest.raises(ValueError, match="no room"):
        tokens.add(card, "ammo", 3, capacity=6)
    assert card == {"fuel": 4, "ammo": 0, "food": 0}  # unchanged after a refused add
    tokens.take(card, "fuel", 3)
    with pytest.raises(ValueError):
        tokens.take(card, "fuel", 2)
    assert tokens.take_up_to(card, "fuel", 5) == 1 and tokens.total(card) == 0
    assert tokens.room(card, None) is None and tokens.has({"ammo": 2}, "ammo", 2)


def test_move_is_all_or_nothing():
    bank = {"fuel": 5}
    base = {"fuel": 8}
    with pytest.raises(ValueError):
        tokens.move(bank, base, "fuel", 2, capacity=9)
    assert bank == {"fuel": 5} and base == {"fuel": 8}
    with pytest.raises(ValueError):
        tokens.move(bank, base, "fuel", 6, capacity=20)
    tokens.move(bank, base, "fuel", 1, capacity=9)
    assert bank == {"fuel": 4} and base == {"fuel": 9}


# ----- routes ----------------------------------------------------------------
#  L - B
#  |   |
#  P --+    L - G
G = Graph(["L", "B", "P", "G", "X"], [("L", "B", "road"), ("L", "P", "road"), ("P", "B", "road"),
                                     ("L", "G", "road"), ("G", "X", "road")])


def test_route_grows_as_a_tree_and_skips_blocked_links():
    blocked = {routes.link_key("L", "B")}
    ext = routes.extensions(G, "L", [], blocked)
    assert ext == [("L", "G"), ("L", "P")]  # L-B already holds a truck
    links = [routes.link_key("L", "P")]
    assert ("P", "B") in routes.extensions(G, "L", links, blocked)
    links.append(routes.link_key("P", "B"))
    assert routes.route_spaces("L", links) == ["L", "P", "B"]
    assert routes.path_to("L", links, "B") == ["L", "P", "B"]
    # a loop back to L is never offered; branching from L to G is
    assert routes.extensions(G, "L", links, blocked) == [("L", "G")]
    assert routes.can_add(G, "L", links, "B", "L", blocked) is not None
    assert "in use" in (routes.can_add(G, "L", [], "L", "B", blocked) or "")
    assert routes.can_add(G, "L", links, "L", "G", blocked) is None
    assert routes.can_add(G, "L", links, "G", "X") == "G is not on the route"
    assert routes.can_add(G, "L", [], "L", "G", allowed={"L", "P"}) == "the route may not enter G"
    assert routes.path_to("L", links, "X") is None
    assert routes.ends("B|L") == ("B", "L") and routes.link_key("P", "B") == "B|P"
