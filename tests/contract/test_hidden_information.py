"""Hidden information (ARCHITECTURE.md §2): what a side may do and is told depends only on what it may see.

A game with hidden information declares, in its package, ``hidden_twins(count)``:
pairs of positions that differ only in what one side cannot see (a phantom and a
real unit exchanged, another card drawn...). That side must be offered the same
legal actions, the same prompt and the same previews in both. Games without the
hook have no hidden information to pair and are skipped.
"""

from __future__ import annotations

import pytest

from westfront.core.canon import canonical_json
from westfront.games import registry


def test_what_a_side_cannot_see_does_not_change_its_choices(game_id):
    hook = getattr(registry.module(game_id), "hidden_twins", None)
    if hook is None:
        pytest.skip(f"{game_id} declares no hidden_twins (no hidden information to pair)")
    pairs = hook(3)
    assert pairs, f"{game_id}: hidden_twins found no pair of indistinguishable positions"
    for a, b, side in pairs:
        assert canonical_json(a.view(side)) == canonical_json(b.view(side)), "the pair must look the same"
        assert a.current_player() == b.current_player() == side
        assert a.prompt() == b.prompt()
        acts = a.legal_actions()
        assert acts == b.legal_actions()
        assert [a.preview(x) for x in acts] == [b.preview(x) for x in acts]
        # one step deeper: every first choice opens the same next decision (a move's destinations...)
        for x in acts:
            if x.verb in ("end", "done"):
                continue
            ca, cb = a.clone(), b.clone()
            ea, eb = ca.apply(x), cb.apply(x)
            if any(e.get("type") == "roll" or e.get("reveal") for e in ea + eb):
                continue  # dice or a reveal: the truth may now show, legitimately
            if ca.current_player() == side and cb.current_player() == side:
                assert ca.legal_actions() == cb.legal_actions(), f"after {x}"
                assert ca.prompt() == cb.prompt()
