"""Steps every game needs, written once: a yes/no (or few-way) choice, two-step
hex picking on a big map, building an attack, and advancing after combat.

The first two are complete steps (:data:`KIT_STEPS`, registered in every game by
``steps_table``); the last two are bases a game subclasses, supplying only what
its rules decide (who may attack, what the attack does; where a unit may advance).
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from .actions import Action, act
from .hexchoice import GroupedHexes, Regions
from .state import State, Step, steps_table


class Choice(Step[State]):
    """A question for one fixed player with a few named answers; ends with the answer.

    ``s.call("choice", player="german", question="Stand and take the hit?",
    answers=["yes", "no"], rule="onslaught 7.5")`` then ``resume(..., ret)`` gets
    ``"yes"`` or ``"no"``. Answers are action verbs, so they are single words.
    """

    name = "choice"

    def player(self, s: State, f: dict[str, Any]) -> str:
        return str(f["player"])

    def prompt(self, s: State, f: dict[str, Any]) -> str:
        return str(f["question"])

    def actions(self, s: State, f: dict[str, Any]) -> list[Action]:
        return [Action(x) for x in f["answers"]]

    def apply(self, s: State, f: dict[str, Any], a: Action) -> None:
        s.end(a.verb)


class HexChoice(GroupedHexes):
    """Pick one hex out of many in two atomic steps: a region, then a hex in it.

    ``s.call("hex_choice", player=..., question=..., regions={"Normandy": ["S32", ...], ...})``
    ends with the chosen hex label. With one region, or few hexes in all
    (``direct`` or fewer), the hexes are offered at once. ``back`` returns to
    the list of regions. Regions are names without spaces (action tokens). The
    grouping is :class:`~westfront.core.hexchoice.Regions`; a step that groups
    its hexes otherwise (map blocks) derives from ``GroupedHexes`` directly.
    """

    name = "hex_choice"
    DIRECT: ClassVar[int] = 24

    def player(self, s: State, f: dict[str, Any]) -> str:
        return str(f["player"])

    def grouping(self, s: State, f: dict[str, Any]) -> Regions:
        return _regions(int(f.get("direct", self.DIRECT)))

    def prompt(self, s: State, f: dict[str, Any]) -> str:
        if f.get("region") is None and not self.grouping(s, f).direct(f["regions"]):
            return f"{f['question']}: choose a region"
        return str(f["question"])

    def actions(self, s: State, f: dict[str, Any]) -> list[Action]:
        return self.hex_list(s, f, f["regions"], "hex")

    def on_hex(self, s: State, f: dict[str, Any], label: str) -> None:
        s.end(label)


@cache
def _regions(limit: int) -> Regions:
    return Regions(limit)


class AttackBuilder(Step[Any]):
    """Build an attack on one target: ``add``/``remove`` attackers, then ``resolve`` or ``cancel``.

    The frame holds ``target`` and ``attackers`` (a list of unit ids). A game
    supplies ``player``, ``eligible`` (who may still join) and ``on_resolve``;
    it may extend ``extra_actions`` (support, options), ``can_resolve`` (costs)
    and ``can_cancel``. ``cancel`` ends the step with ``False``.
    """

    def eligible(self, s: Any, f: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def extra_actions(self, s: Any, f: dict[str, Any]) -> list[Action]:
        return []

    def can_resolve(self, s: Any, f: dict[str, Any]) -> bool:
        return bool(f["attackers"])

    def can_cancel(self, s: Any, f: dict[str, Any]) -> bool:
        return True

    def unit_token(self, s: Any, uid: str) -> str:
        """How an attacker is named in actions (hidden units may go by a marker)."""
        return uid

    def unit_of(self, s: Any, token: str) -> str:
        return token

    def actions(self, s: Any, f: dict[str, Any]) -> list[Action]:
        out = [act("add", self.unit_token(s, u)) for u in self.eligible(s, f) if u not in f["attackers"]]
        out += [act("remove", self.unit_token(s, u)) for u in f["attackers"]]
        out += self.extra_actions(s, f)
        if self.can_resolve(s, f):
            out.append(act("resolve"))
        if self.can_cancel(s, f) or not self.can_resolve(s, f):
            out.append(act("cancel"))
        return out

    def on_add(self, s: Any, f: dict[str, Any], token: str) -> None:
        f["attackers"].append(self.unit_of(s, token))

    def on_remove(self, s: Any, f: dict[str, Any], token: str) -> None:
        f["attackers"].remove(self.unit_of(s, token))

    def on_cancel(self, s: Any, f: dict[str, Any]) -> None:
        s.end(False)


class AdvanceAfterCombat(Step[Any]):
    """Attackers may move into the emptied hex (and beyond, where the game allows), one by one, or ``done``.

    The frame holds ``hex`` (the vacated hex label) and ``units`` (who may
    advance). A game supplies ``ends`` (labels a unit may advance to) and
    ``advance`` (move it, emitting the event).
    """

    def ends(self, s: Any, f: dict[str, Any], uid: str) -> list[str]:
        raise NotImplementedError

    def advance(self, s: Any, f: dict[str, Any], uid: str, label: str) -> None:
        raise NotImplementedError

    def player(self, s: Any, f: dict[str, Any]) -> str:
        raise NotImplementedError

    def prompt(self, s: Any, f: dict[str, Any]) -> str:
        return f"Advance after combat into {f['hex']}, or done"

    def actions(self, s: Any, f: dict[str, Any]) -> list[Action]:
        out = [act("advance", uid, lab) for uid in f["units"] for lab in self.ends(s, f, uid)]
        out.append(act("done"))
        return out

    def on_done(self, s: Any, f: dict[str, Any]) -> None:
        s.end()

    def on_advance(self, s: Any, f: dict[str, Any], uid: str, label: str) -> None:
        self.advance(s, f, uid, label)
        f["units"].remove(uid)
        if not f["units"]:
            s.end()


KIT_STEPS: tuple[type[Step[Any]], ...] = (Choice, HexChoice)


def game_steps(*classes: type[Step[Any]]) -> dict[str, Step[Any]]:
    """A game's step table: its own steps plus the kit's (``choice``, ``hex_choice``)."""
    return steps_table(*KIT_STEPS, *classes)
