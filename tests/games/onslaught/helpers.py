"""Building Onslaught positions for rule tests.

Tests start a real game, clear the board and place the divisions a rule needs.
Hexes are found by their properties (clear ground, a Rhine hexside, a
fortification…) rather than by label, so the tests keep working when the
map is rebuilt by the geodata builder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import westfront
from westfront.core.bitboard import bits
from westfront.games.onslaught import GameState
from westfront.games.onslaught.board import board
from westfront.games.onslaught.data import UNITS
from westfront.games.onslaught.hexchoice import block_of
from westfront.testing.kit import enter, legal, play


def new(seed: int = 0, **options) -> GameState:
    s = westfront.load("onslaught", options=options or None, seed=seed)
    assert isinstance(s, GameState)
    s.apply("historical")  # 3.0: the first decision, the grouping of the landing divisions
    return s


def clear(s: GameState, keep: Iterable[str] = (), reinforcements: bool = True) -> GameState:
    """Take every division on the map out of play, except ``keep``; scheduled reinforcements stay
    scheduled unless ``reinforcements`` is False."""
    keep = set(keep)
    for uid, u in s.g["units"].items():
        if uid in keep:
            continue
        if u["box"] != "pending" or not reinforcements:
            u.update(hex=None, box="removed", full=True)
    s.touch()
    return s


def put(s: GameState, uid: str, h: int | str, full: bool = True) -> str:
    lab = h if isinstance(h, str) else s.map.label(h)
    s.g["units"][uid].update(hex=lab, box=None, full=full)
    s.touch()
    return uid


def units(side: str, kind: str, n: int, nation: str | None = None, exclude: Iterable[str] = (),
          late: int = 0) -> list[str]:
    """``n`` division ids of a kind; ``late``: only those arriving on or after that turn."""
    ex = set(exclude)
    out = [u for u, i in UNITS.items() if i.side == side and i.kind == kind and u not in ex
           and (nation is None or i.nation == nation) and i.turn >= late]
    assert len(out) >= n, (side, kind, nation)
    return out[:n]


def land(i: int) -> bool:
    return bool((board().land >> i) & 1)


def plain(i: int) -> bool:
    """Clear French land with no sea, waterway or fortified hexside around it (rivers do not slow movement)."""
    b = board()
    m = b.m
    if not land(i) or m.terrain[i] != "clear" or m.country[i] not in ("FR", "france") or (b.fortification >> i) & 1:
        return False
    for j in m.nbrs[i]:
        if (i, j) in b.sea_extra or (i, j) in b.major_sides or (i, j) in b.fortified_sides:
            return False
    return len(m.nbrs[i]) == 6


def no_river(a: int, c: int) -> bool:
    return (a, c) not in board().river_sides


@cache
def open_areas(radius: int, pred: Callable[[int], bool] = plain) -> tuple[int, ...]:
    """Every hex whose whole neighbourhood of ``radius`` satisfies ``pred`` (the map never changes)."""
    b = board()
    out = []
    for c in bits(b.land):
        ring = b.dil.flood(1 << c, b.land | (1 << c), radius)
        if ring.bit_count() == 1 + 3 * radius * (radius + 1) and all(pred(h) for h in bits(ring)):
            out.append(c)
    return tuple(out)


def open_area(radius: int, pred: Callable[[int], bool] = plain, skip: int = 0) -> int:
    """A hex whose whole neighbourhood of ``radius`` satisfies ``pred`` (the ``skip``-th such hex)."""
    areas = open_areas(radius, pred)
    if skip >= len(areas):
        raise AssertionError("no open area of that size on the map")
    return areas[skip]


def nb(c: int, d: int) -> int:
    """Neighbour of ``c`` in direction d (0..5, the core DIRECTIONS order)."""
    m = board().m
    from westfront.core.hexgrid import DIRECTIONS

    ax = m.axial[c]
    dq, dr = DIRECTIONS[d]
    return m._by_axial[(ax[0] + dq, ax[1] + dr)]


def walk(c: int, *dirs: int) -> int:
    for d in dirs:
        c = nb(c, d)
    return c


def lab(i: int) -> str:
    return board().m.label(i)


def idx(label: str) -> int:
    return board().m.index[label]


def to_action(s: GameState, side: str = "allied") -> GameState:
    """Put the game at ``side``'s choice of action in the Action Step (turn 1 flow)."""
    top = s.frame()
    assert top is not None and top["step"] == "action"
    top["side"] = side
    s.g["action"] = None
    s.touch()
    return s


def first_with(pred: Callable[[int], bool]) -> int:
    for i in bits(board().land):
        if pred(i):
            return i
    raise AssertionError("no such hex")


def side_with(feature: str, pred: Callable[[int, int], bool] = lambda a, b: True) -> tuple[int, int]:
    """An ordered pair of land hexes across a hexside of the given kind."""
    b = board()
    sets = {"rhine": b.rhine_sides, "scheldt": b.scheldt_sides, "river": b.river_sides,
            "fortified": b.fortified_sides, "sea": frozenset(b.sea_extra)}
    for a, c in sorted(sets[feature]):
        if land(a) and land(c) and pred(a, c):
            return a, c
    raise AssertionError(f"no {feature} hexside satisfying the test")


def choose(s: GameState, verb: str, h: int) -> list[dict]:
    """Apply ``verb HEX``, going through the block choice (``near``) when the list is zoomed."""
    text = f"{verb} {lab(h)}"
    acts = legal(s)
    if text in acts:
        return play(s, text)
    for a in acts:
        if a.startswith("near ") and block_of(s, idx(a.split()[1])) == block_of(s, h):
            play(s, a)
            return play(s, text)
    raise AssertionError(f"{text} is not offered")


def quiet_centre(radius: int = 3, skip: int = 0) -> int:
    """An open area whose centre and its neighbours have no river hexsides (combat without modifiers)."""
    b = board()
    found = 0
    for c in open_areas(radius):
        ring = [c, *b.m.nbrs[c]]
        if all(no_river(x, y) for x in ring for y in b.m.nbrs[x]) and all(b.m.terrain[x] == "clear" for x in ring):
            if found == skip:
                return c
            found += 1
    raise AssertionError("no quiet area")


def enter_stage(s: GameState, *frames: dict) -> GameState:
    """Enter ``frames`` (bottom first) with the top procedure starting at its frame's named ``stage``
    rather than its first: the stage before it is resumed as if its child had just ended."""
    top = dict(frames[-1])
    stages = GameState.STEPS[top["step"]].stages  # type: ignore[attr-defined]
    i = stages.index(top["stage"])
    if i == 0:
        return enter(s, *frames[:-1], top)  # type: ignore[return-value]
    top["stage"] = stages[i - 1]
    return enter(s, *frames[:-1], top, resume=True)  # type: ignore[return-value]


def start_turn(t: int, seed: int = 0, **options) -> GameState:
    """A new game moved to the start of turn ``t`` (its Turn step begins: Bulge choice, first action)."""
    s = new(seed=seed, **options)
    s.g["turn"] = t
    return enter(s, {"step": "turn"})  # type: ignore[return-value]
