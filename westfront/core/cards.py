"""Card decks kept inside the state, shuffled and drawn with the game's RNG.

A deck is a JSON-able dict ``{"draw": [...], "discard": [...]}`` of card ids,
top of the draw pile first, so a save, a clone or a replay holds the exact
order. Shuffles use ``State.rng`` (via :class:`~westfront.core.rng.Rng`), so a
game is still reproduced by scenario, options, seed and actions.

The order of the draw pile is hidden information: views show :func:`public`
(counts and the discard pile), a draw is a *reveal* (it ends undo), and a
searching agent re-samples the unseen order with :func:`determinize`. A game
announces a draw with an event ``type="draw"`` carrying ``deck`` and ``card``
(and ``reveal=True``): the search (ai/mcts.py) branches on it as on dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict

from .rng import Rng


class Deck(TypedDict):
    draw: list[str]  # face-down pile, top card first
    discard: list[str]  # face-up pile, most recent last


def new_deck(cards: Iterable[str], rng: Rng) -> Deck:
    """A shuffled deck of ``cards`` (ids may repeat: several copies of one card)."""
    pile = list(cards)
    rng.shuffle(pile)
    return {"draw": pile, "discard": []}


def reshuffle(deck: Deck, rng: Rng) -> None:
    """The discard pile, shuffled, goes under what is left of the draw pile."""
    pile = deck["discard"]
    rng.shuffle(pile)
    deck["draw"].extend(pile)
    deck["discard"] = []


def draw(deck: Deck, rng: Rng) -> str | None:
    """Take the top card (reshuffling the discards when the draw pile is empty); None when both are empty.

    The card is in nobody's pile until :func:`discard` puts it on the discard pile
    (or the game keeps it, removes it…)."""
    if not deck["draw"]:
        if not deck["discard"]:
            return None
        reshuffle(deck, rng)
    return deck["draw"].pop(0)


def discard(deck: Deck, card: str) -> None:
    deck["discard"].append(card)


def peek(deck: Deck, n: int) -> list[str]:
    """The top ``n`` cards without drawing them (a scouting look)."""
    return list(deck["draw"][:n])


def to_bottom(deck: Deck, card: str) -> None:
    """Put a card from the draw pile at its bottom (after a peek)."""
    deck["draw"].remove(card)
    deck["draw"].append(card)


def remove(deck: Deck, card: str, n: int = 1) -> int:
    """Take up to ``n`` copies of ``card`` out of the deck (set-up variants); returns how many."""
    taken = 0
    for pile in (deck["draw"], deck["discard"]):
        while taken < n and card in pile:
            pile.remove(card)
            taken += 1
    return taken


def public(deck: Deck) -> dict[str, Any]:
    """What everyone may see: how many cards are face down, and the discard pile."""
    return {"draw": len(deck["draw"]), "discard": list(deck["discard"])}


def determinize(deck: Deck, rng: Any, known_top: int = 0) -> None:
    """Re-sample the unseen order of the draw pile (for search); the top ``known_top``
    cards (seen by the searching side) stay. ``rng`` is anything with ``shuffle``."""
    head, tail = deck["draw"][:known_top], deck["draw"][known_top:]
    rng.shuffle(tail)
    deck["draw"] = head + tail
