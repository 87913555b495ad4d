"""What a lesson is: data. A lesson names a real game and scenario, the set-up operations that place the
pieces as the rulebook's example shows them, and the example's moves, one step each, with the dice the example
fixes and the numbers the rulebook states. The rule text stays in the rulebooks: steps paraphrase and cite."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Check:
    """One number (or fact) the rulebook states, read from the position.

    Exactly one source: ``path`` into the game state ``g`` ("units/g-9ss/steps", "flow/-1/step"; integers index
    lists), ``preview`` (an action whose preview dict is read at ``key``), ``call`` (a method of the state, with
    ``args``), ``legal`` (the legal actions as a sorted list) or ``result`` (the winner, or None). ``eq`` is the
    stated value; ``contains`` instead asks that it be in the value read. ``says`` is the rulebook's claim in
    our words, shown to the player beside the engine's figure."""

    says: str
    path: str | None = None
    preview: str | None = None
    key: str | None = None
    call: str | None = None
    args: tuple[Any, ...] = ()
    legal: bool = False
    result: bool = False
    eq: Any = None
    contains: Any = None


@dataclass(frozen=True)
class Step:
    """One thing the player does (``action``) or, when ``action`` is None, a page to read before going on.

    ``dice`` are the faces the example rolls with this action (fed through the game's RNG, core/rng.py);
    ``before`` is checked on the position the player sees, ``after`` once the action is applied."""

    text: str
    section: str
    action: str | None = None
    hint: str = ""
    dice: tuple[int, ...] = ()
    highlight: tuple[str, ...] = ()
    before: tuple[Check, ...] = ()
    after: tuple[Check, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A rulebook example as a position and a scripted solution.

    ``setup`` is a list of ``(operation, arguments)`` applied to the scenario's opening position (see
    lessons/setup.py and the game's own operations); ``outcome`` is the result the rulebook states."""

    id: str
    game: str
    title: str
    section: str
    summary: str
    steps: tuple[Step, ...]
    outcome: str
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    setup: tuple[tuple[str, dict[str, Any]], ...] = ()
    highlight: tuple[str, ...] = ()
    final: tuple[Check, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The list entry the lobby shows."""
        return {"id": self.id, "game": self.game, "title": self.title, "section": self.section,
                "summary": self.summary, "steps": len(self.steps)}
