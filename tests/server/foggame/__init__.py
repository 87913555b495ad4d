"""A test-only game with hidden information: skirmish under fog of war.

Each side sees enemy units only when they are next to one of its own units, and
the ``move`` events of a side are shown to that side only. The server must keep
all of that away from the other seat (views, logs, action record, replay,
WebSocket pushes, save files). Registered by the server tests' fixtures.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from westfront.games.skirmish import rules as sk

MAP_FILE = sk.MAP_FILE
INFO = replace(sk.INFO, id="fog-skirmish", title="Skirmish under fog of war (test game)", cite_as=("fog",))
RULE_SECTIONS = sk.RULE_SECTIONS


class GameState(sk.GameState):
    INFO = INFO
    __slots__ = ()

    def emit(self, type: str, **fields: Any) -> dict[str, Any]:
        if type == "move":
            fields["visible_to"] = [self.g["units"][fields["unit"]]["side"]]
        return super().emit(type, **fields)

    def view(self, player: str | None) -> dict[str, Any]:
        v = super().view(player)
        m = self.map
        own = [m.index[u["hex"]] for u in self.g["units"].values() if u["hex"] and u["side"] == player]
        near = {n for h in own for n in (h, *m.nbrs[h])}
        v["units"] = [u for u in v["units"]
                      if u["side"] == player or (u["hex"] and m.index[u["hex"]] in near) or not u["hex"]]
        return v


GameState.STEPS = sk.GameState.STEPS
