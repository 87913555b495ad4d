"""Second Front Now! lessons' set-up operations (registered for the game) and the pieces of script they share."""

from __future__ import annotations

from typing import Any

from ...core.state import State
from ...games.second_front_now.sequence import GermanAdmin
from ...games.second_front_now.victory import update_control
from ..format import Check, Step
from ..setup import register

GAME = "second-front-now"
Setup = tuple[tuple[str, dict[str, Any]], ...]


def started(s: State, area: str = "calais") -> None:
    """Past set-up: the Allies chose ``area`` (3.2), the German set every unit up in its printed hex (3.4)."""
    s.apply(area)
    while s.frame()["step"] == "deploy":  # type: ignore[index]
        legal = [str(a) for a in s.legal_actions()]
        s.apply("printed" if "printed" in legal else legal[0])


def bare(s: State, places: dict[str, str]) -> None:
    """Everyone off the map (the Italy box), then the example's units in their hexes, in regular supply."""
    for us in s.g["units"].values():
        us.update(hex=None, box="italy", acted=False, replaced=False, supply="box")
    for uid, hx in places.items():
        s.place(uid, hx)  # type: ignore[attr-defined]
        s.g["units"][uid]["supply"] = "regular"


def to_box(s: State, unit: str, box: str) -> None:
    s.to_box(unit, box)  # type: ignore[attr-defined]


def settle(s: State) -> None:
    """Hex control as the example's units give it (11.6), before the lesson starts: otherwise the first command
    would also hand over hexes the cleared map left behind, and the VP a lesson reads would move for nothing."""
    update_control(s)  # type: ignore[arg-type]


def riga_declared(s: State, turn: int) -> None:
    """7.6: the German declared the Riga-Odessa Line on ``turn`` (the engine's own declaration: the Russia box
    goes into the cup); the lesson then opens some turns later."""
    now = s.g["turn"]
    s.g["turn"] = turn
    GermanAdmin().riga_odessa_done(s, {}, "declare")  # type: ignore[arg-type]
    s.g["turn"] = now


def deploy_printed(s: State, until: str) -> None:
    """3.4: the German sets up each unit in its printed hex until ``until``'s turn to be placed comes."""
    while s.frame()["step"] == "deploy":  # type: ignore[index]
        legal = [str(a) for a in s.legal_actions()]
        if any(a.split()[1:2] == [until] for a in legal):
            return
        s.apply("printed")


register(GAME, {"started": started, "bare": bare, "to_box": to_box, "settle": settle, "riga_declared": riga_declared,
                "deploy_printed": deploy_printed})


def on_map(places: dict[str, str], turn: int, area: str = "calais") -> Setup:
    """The real set-up, then only the example's units on the map (everyone else in the Italy box) on ``turn``."""
    return (("started", {"area": area}), ("bare", {"places": places}), ("set", {"path": "turn", "value": turn}),
            ("settle", {}))


def command(side: str) -> Setup:
    """Open ``side``'s command phase inside a real game turn (5.2), so that ending it goes on with the turn."""
    stage = f"{side}_command"
    return (("enter", {"frames": [{"step": "turn", "stage": stage}, {"step": "command", "side": side}]}),)


def full(turn: int, area: str = "calais") -> Setup:
    """The whole real set-up (every unit where 3.2-3.6 put it) on ``turn``."""
    return (("started", {"area": area}), ("set", {"path": "turn", "value": turn}))


def turn_start() -> Setup:
    """Begin the game turn from its first step (5.2), the German administrative phase."""
    return (("enter", {"frames": [{"step": "turn", "stage": "start"}]}),)


def cp(side: str, n: int, says: str) -> Check:
    return Check(says, path=f"cp/{side}", eq=n)


def fire(shooter: str, target: str, roll: int, needs: int, text: str, section: str = "SFN 14.2") -> Step:
    return Step(text, section, f"fire {shooter} {target}", dice=(roll,), highlight=(shooter, target),
                before=(Check(f"{shooter} hits {target} on a roll of {needs} or less", preview=f"fire {shooter} {target}",
                              key="hit_on", eq=needs),))
