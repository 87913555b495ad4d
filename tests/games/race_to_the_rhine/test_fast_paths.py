"""Race to the Rhine's fast paths (issue 34) give the answers of the plain rule code they replace, along random games
of every seating."""

from __future__ import annotations

import random

from westfront import api
from westfront.core.p2p import UNREACHABLE
from westfront.games.race_to_the_rhine import axis, ffi, movement
from westfront.games.race_to_the_rhine.board import static_sets

SEATINGS = [(True, 1), (True, 4), (False, 2), (False, 3)]


def _walk(seeds: range = range(3)):
    for pd, n in SEATINGS:
        for seed in seeds:
            s = api.load("race-to-the-rhine", seed=seed, options={"patch_devers": pd, "players": n})
            rnd = random.Random(seed)
            while not s.is_terminal():
                yield s
                acts = s.legal_actions()
                s.apply(acts[rnd.randrange(len(acts))])


def _best_plain(s, commander: str) -> list[str]:
    """rttr Place Axis marker criteria read as one key per candidate (nearest the Victory space, then the Corps,
    then Fortified), as before the tie-break compared them one at a time."""
    cands = axis.candidates(s)
    if not cands:
        return []
    g = s.graph
    to_target = g.distances(g.bb([s.board.areas[commander].victory[0]]))
    corps = g.bb(c["space"] for c in s.gg["corps"].values())
    to_corps = g.distances(corps) if corps else [UNREACHABLE] * len(g)
    big = 10 ** 6

    def key(sid: str) -> tuple[int, int, int]:
        i = g.index[sid]
        return (to_target[i] if to_target[i] != UNREACHABLE else big, to_corps[i] if to_corps[i] != UNREACHABLE else big,
                0 if (static_sets()["fortified"] >> i) & 1 else 1)

    best = min(key(c) for c in cands)
    return [c for c in cands if key(c) == best]


def test_entries_and_axis_tie_break_agree_with_the_plain_rules():
    # rttr 11.1 Move Corps (neighbours in the area, the Fortified toll) and rttr Place Axis marker (criteria)
    seen = 0
    for s in _walk():
        for c in s.gg["corps"].values():
            plain = [n for n in s.graph.neighbours(c["space"]) if movement.why_not_enter(s, c, n) is None]
            assert movement.entries(s, c) == plain
            seen += 1
        for cmd in s.seats:
            assert axis.best_candidates(s, cmd) == _best_plain(s, cmd)
        assert ffi.ffi_moves(s) == _ffi_moves_plain(s)
    assert seen > 1000


def _ffi_moves_plain(s) -> list[tuple[str, str]]:
    """rttr FFI movement read marker by marker: one link, never into a non-Maquis space holding 2 already."""
    limit = s.tables.ffi_non_maquis_limit
    return [(sid, n) for sid in sorted(s.gg["ffi"]) if s.gg["ffi"][sid] for n in s.graph.neighbours(sid)
            if s.board.has_flag(n, "maquis_zone") or s.gg["ffi"].get(n, 0) < limit]
