"""One hex choice with a pluggable grouping (core/hexchoice.py, issue 34): the same step base offers named
regions (D-Day 3rd, SFN: ``HexChoice``) or map blocks (Onslaught: ``near HEX``), on a tiny game defined here."""

from __future__ import annotations

from functools import cache
from typing import Any

from westfront.core.actions import Action, act
from westfront.core.hexchoice import GroupedHexes, MapBlocks, Regions, map_blocks
from westfront.core.state import GameInfo, ScenarioInfo, State
from westfront.core.steps import game_steps
from westfront.testing.kit import enter, grid_map, legal, play

INFO = GameInfo("blocks-kit", "Blocks kit", ("a", "b"), (ScenarioInfo("only", "Only"),))


@cache
def board() -> Any:
    return grid_map(14, 14)


class Drop(GroupedHexes):
    """Pick a hex among the frame's candidate slots (``cands``), by 6x6 blocks above 20 candidates."""

    name = "drop"

    def player(self, s: State, f: dict[str, Any]) -> str:
        return "b"

    def grouping(self, s: State, f: dict[str, Any]) -> MapBlocks:
        return map_blocks(board(), 6, 20)

    def actions(self, s: State, f: dict[str, Any]) -> list[Action]:
        return self.hex_list(s, f, f["cands"], "at", "u1") + [act("cancel")]

    def on_at(self, s: State, f: dict[str, Any], uid: str, label: str) -> None:
        s.end(label)


class BlocksState(State):
    INFO = INFO

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        self.call("drop", cands=[], zoom=None)


BlocksState.STEPS = game_steps(Drop)


def test_map_blocks_group_by_six_by_six_and_name_a_block_by_its_middle_candidate():
    m = board()
    s = BlocksState.new("only", {}, 1)
    cands = [m.index[f"{c:02d}{r:02d}"] for c in range(1, 15) for r in range(1, 15) if (c + r) % 3 == 0]
    enter(s, {"step": "drop", "cands": cands, "zoom": None})
    blocks = legal(s)
    assert all(a.startswith("near ") for a in blocks[:-1]) and blocks[-1] == "cancel"
    b = map_blocks(m, 6, 20)
    keys = [b.block[m.index[a.split()[1]]] for a in blocks[:-1]]
    assert keys == sorted(set(keys)) and len(keys) == len({b.block[h] for h in cands})  # one per block, in order
    play(s, blocks[0])
    zoom = s.frame()["zoom"]
    inside = legal(s)
    assert inside[-2:] == ["back", "cancel"]
    assert all(b.block[m.index[a.split()[2]]] == tuple(zoom) for a in inside[:-2])  # only that block's hexes
    assert len(inside) - 2 == sum(1 for h in cands if b.block[h] == tuple(zoom))
    play(s, "back")
    assert s.frame()["zoom"] is None and legal(s) == blocks
    play(s, blocks[1])
    play(s, legal(s)[0])
    assert s.is_terminal()


def test_few_candidates_are_offered_at_once_in_slot_order():
    m = board()
    s = BlocksState.new("only", {}, 1)
    cands = [m.index[x] for x in ("0505", "0101", "1212")]
    enter(s, {"step": "drop", "cands": cands, "zoom": None})
    assert legal(s) == [f"at u1 {m.label(h)}" for h in sorted(cands)] + ["cancel"]


def test_regions_are_the_same_grouping_contract():
    regions = {"south": ["0201", "0202"], "north": ["0101"]}
    g = Regions(2)
    assert not g.direct(regions) and g.labels(regions) == ["0101", "0201", "0202"]
    assert [str(a) for a in g.groups(regions)] == ["region north", "region south"]
    assert g.inside(regions, g.focus("south")) == ["0201", "0202"]
    assert Regions(3).direct(regions) and Regions(0).direct({"only": ["0101", "0102"]})
