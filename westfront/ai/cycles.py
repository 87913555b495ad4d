"""Loop protection for agents that play atomic decisions.

Many games let a player open a sub-decision and back out of it (declare an attack,
then cancel; pick a unit, then choose another). A greedy or searching agent can walk
such a loop forever, because each step looks best locally. The guard remembers, per
exact position (the game's ``position_key``, by default the state hash), which actions this agent already chose there; when a
position comes round again the agent must try something else. A game position only
repeats exactly through such a loop (the key covers turn, phase and dice state), so
the guard never bans a move that would make progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.actions import Action
from ..core.state import State
from .hooks import hooks_of


class CycleGuard:
    """Actions already chosen from each exact position; forgotten past ``limit`` positions."""

    def __init__(self, limit: int = 50_000):
        self.limit = limit
        self._tried: dict[str, set[str]] = {}

    def fresh(self, state: State, actions: Sequence[Action]) -> tuple[str, list[Action]]:
        """The position key and the actions not yet chosen there (all of them if none are left)."""
        key = hooks_of(state).position_key(state)
        tried = self._tried.get(key)
        if not tried:
            return key, list(actions)
        untried = [a for a in actions if str(a) not in tried]
        return key, untried or list(actions)

    def chose(self, key: str, action: Action | str) -> None:
        if len(self._tried) >= self.limit:
            self._tried.clear()
        self._tried.setdefault(key, set()).add(str(action))

    def observe(self, state: State, action: Action | str) -> None:
        """``action`` was played from ``state`` for this agent's side: remember it as if chosen here
        (a mind rebuilt from the game's record, westfront.server.ai_minds, catches up this way)."""
        self.chose(hooks_of(state).position_key(state), action)


def choose_guarded(guard: CycleGuard, state: State, decide: Callable[[list[Action]], Action]) -> Action:
    """The agents' shared decision path: a lone legal action is played at once; otherwise
    ``decide`` picks among the actions not yet chosen from this exact position."""
    acts = state.legal_actions()
    if not acts:
        raise ValueError("no legal action to choose from")
    if len(acts) == 1:
        return acts[0]
    key, fresh = guard.fresh(state, acts)
    action = fresh[0] if len(fresh) == 1 else decide(fresh)
    guard.chose(key, action)
    return action
