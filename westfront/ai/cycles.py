"""Loop protection for agents that play atomic decisions: no loops, by construction.

Many games let a player open a sub-decision and back out of it (declare an attack, then
cancel; pick a unit, then choose another; switch a move to strategic and back). A greedy or
searching agent can walk such a loop forever, because each step looks best locally. The guard
follows the agent's walk through one *decision sequence* — the positions its side passes
through between barriers (dice, a reveal, a hand-over: core.state.is_undo_barrier), where
nothing but its own choices changes the position — and:

1. never chooses an action that leads to a position already seen in the sequence, except
   back to one of the positions the walk came through and can back out to (its *path*): a
   sub-decision may be opened and left once, but never entered again. Each position is then
   entered at most once, so every sequence ends (a depth-first walk over finitely many
   positions). The result of an action is found by playing it on a copy; an action that
   rolls dice, reveals something or hands over play ends the sequence and always counts as
   progress, so no die and nothing hidden is looked at;
2. as a second line, remembers which actions it chose from each exact position and tries
   another one when a position comes round again.

Positions are told apart by the game's ``position_key`` (default: the state hash) — or, in a
game with hidden information, by the side's own view, so what the guard remembers is derived
from what the side may see (a position repeats within a sequence exactly when the side's
view does: nothing hidden changes without a barrier). An agent rebuilt from a game's record
replays the sequence into its guard with :meth:`CycleGuard.observe` (westfront.server.ai_minds),
so a fresh agent does not cycle either.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from ..core.actions import Action
from ..core.state import State, canonical_json, is_undo_barrier
from .hooks import hooks_of

RETRIES = 3  # decisions asked again without a looping choice before every candidate is looked ahead


def position_key(state: State, side: str) -> str:
    """The position as ``side``'s loop guard tells positions apart (see the module docstring)."""
    hooks = hooks_of(state)
    if hooks.hidden_information:
        return hashlib.blake2b(canonical_json(state.view(side)).encode(), digest_size=16).hexdigest()
    return hooks.position_key(state)


class CycleGuard:
    """The walk through the current decision sequence, and the actions chosen from each position."""

    def __init__(self, limit: int = 50_000):
        self.limit = limit
        self._tried: dict[str, set[str]] = {}
        self._seen: set[str] = set()  # positions of the current decision sequence
        self._path: list[str] = []  # the positions the walk may back out to, the current one last
        self._next: tuple[str, list[str], str] | None = None  # (game, history, key) where the last action led
        self.refused = 0  # choices refused because they returned to a position already seen

    # ----- the sequence ----------------------------------------------------------
    def enter(self, state: State, side: str) -> str:
        """The key of ``state``, continuing the sequence if the last action led here, else starting one."""
        nxt = self._next
        if nxt is not None and nxt[0] == state.INFO.id and nxt[1] == state.history:
            return nxt[2]  # the position our last action was seen to lead to
        key = position_key(state, side)
        self._seen, self._path, self._next = {key}, [key], None
        return key

    def lead(self, state: State, side: str, action: Action | str) -> tuple[str | None, list[str]]:
        """Where ``action`` leads: the key of the next position of this sequence (None: the sequence
        ends there — a barrier or the end of the game) and the history after it."""
        after = state.clone()
        events = after.apply(action)
        if after.is_terminal() or is_undo_barrier(events, side, after.current_player()):
            return None, after.history
        return position_key(after, side), after.history

    def loops(self, to: str | None) -> bool:
        """Whether moving to ``to`` re-enters a position of this sequence other than by backing out."""
        return to is not None and to in self._seen and to not in self._path

    def record(self, state: State, key: str, action: Action | str, to: str | None, history: list[str]) -> None:
        """``action`` was chosen from ``state`` (key ``key``) and leads to ``to``."""
        if len(self._tried) >= self.limit:
            self._tried.clear()
        self._tried.setdefault(key, set()).add(str(action))
        if to is None:
            self._next = None
            return
        if to in self._path:
            del self._path[self._path.index(to) + 1:]  # backed out to a position the walk came through
        else:
            self._path.append(to)
            self._seen.add(to)
        self._next = (state.INFO.id, history, to)

    # ----- the two lines ------------------------------------------------------------
    def untried(self, key: str, actions: Sequence[Action]) -> list[Action]:
        """The actions not yet chosen from this position (all of them if none are left)."""
        tried = self._tried.get(key)
        if not tried:
            return list(actions)
        return [a for a in actions if str(a) not in tried] or list(actions)

    def observe(self, state: State, side: str, action: Action | str) -> None:
        """``action`` was played from ``state`` for this agent's side: remember it as if chosen here
        (a mind rebuilt from the game's record, westfront.server.ai_minds, catches up this way)."""
        key = self.enter(state, side)
        to, history = self.lead(state, side, action)
        self.record(state, key, action, to, history)

    def choose(self, state: State, side: str, decide: Callable[[list[Action]], Action]) -> Action:
        """The agent's choice (``decide`` among candidates) that neither repeats a choice made from this
        position nor returns to a position of this sequence; see the module docstring."""
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal action to choose from")
        key = self.enter(state, side)
        candidates = self.untried(key, acts)
        action, to, history = self._unlooped(state, side, candidates, decide)
        self.record(state, key, action, to, history)
        return action

    def _unlooped(self, state: State, side: str, candidates: list[Action],
                  decide: Callable[[list[Action]], Action]) -> tuple[Action, str | None, list[str]]:
        """``decide``'s best candidate that does not loop: asked again without a looping choice a few
        times, then among the candidates looked ahead one by one; if every one loops, its first choice."""
        first: tuple[Action, str | None, list[str]] | None = None
        left = list(candidates)
        for _ in range(RETRIES + 1):
            action = left[0] if len(left) == 1 else decide(left)
            to, history = self.lead(state, side, action)
            if first is None:
                first = (action, to, history)
            if not self.loops(to):
                return action, to, history
            self.refused += 1
            left = [a for a in left if str(a) != str(action)]
            if not left:
                return first
        assert first is not None
        ahead = [(a, *self.lead(state, side, a)) for a in left]
        fine = [a for a, to, _ in ahead if not self.loops(to)]
        self.refused += len(ahead) - len(fine)
        if not fine:
            return first
        action = fine[0] if len(fine) == 1 else decide(fine)
        to, history = next((t, h) for a, t, h in ahead if str(a) == str(action))
        return action, to, history


def choose_guarded(guard: CycleGuard, state: State, side: str, decide: Callable[[list[Action]], Action]) -> Action:
    """The agents' shared decision path: ``decide`` picks among the actions that do not loop
    (a lone legal action is played at once, and still followed by the guard)."""
    return guard.choose(state, side, decide)
