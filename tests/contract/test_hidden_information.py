"""Hidden information (ARCHITECTURE.md §2): what a side may do and is told depends only on what it may see.

A game with hidden information declares, in its package, ``hidden_twins(count)``:
pairs of positions that differ only in what one side cannot see (a phantom and a
real unit exchanged, another card drawn...). That side must be offered the same
legal actions, the same prompt and the same previews in both. Games without the
hook but with hidden information (their AI hooks say ``HIDDEN_INFORMATION``) are
paired by their own ``determinize``: two samples of the truth drawn for the side to
move from what it sees, along a random game. Games with nothing hidden are skipped.
"""

from __future__ import annotations

import random

import pytest

import westfront
from westfront.ai.hooks import hooks_for
from westfront.core.canon import canonical_json
from westfront.games import registry


def determinized_twins(game_id: str, count: int) -> list[tuple[westfront.State, westfront.State, str]]:
    """Pairs of truths the side to move cannot tell apart, sampled by the game's own determinize."""
    hooks = hooks_for(game_id)
    pairs = []
    for seed in range(count):
        s = westfront.load(game_id, seed=seed)
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(20, 120)):
            if s.is_terminal():
                break
            s.apply(rnd.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        side = s.current_player()
        assert side is not None
        a = hooks.determinize(s, side, random.Random(seed * 2 + 1))
        b = hooks.determinize(s, side, random.Random(seed * 2 + 2))
        pairs.append((a, b, side))
    return pairs


def test_what_a_side_cannot_see_does_not_change_its_choices(game_id):
    hook = getattr(registry.module(game_id), "hidden_twins", None)
    if hook is None and not hooks_for(game_id).hidden_information:
        pytest.skip(f"{game_id} hides nothing (no hidden_twins hook, HIDDEN_INFORMATION not set)")
    pairs = hook(3) if hook is not None else determinized_twins(game_id, 4)
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


def crafted_actions(s: westfront.State, side: str, limit: int = 400) -> list[str]:
    """Requests a side could send that name what it sees or might guess: each verb of the decision (and
    the common ones) with each piece name of the game and each id its view shows, and each legal action
    with an argument swapped for one of those names. Deterministic, so both twins get the same list."""
    view = s.view(side)
    shown = sorted({str(u["id"]) for u in view.get("units", ()) if u.get("id") is not None})
    names = shown + sorted(s.piece_ids() - set(shown))
    legal = [str(a) for a in s.legal_actions()]
    verbs = sorted({t.split()[0] for t in legal} | {"move", "attack", "place", "build", "to", "select", "step"})
    rnd = random.Random(len(legal))
    picks = rnd.sample(names, min(len(names), 60))
    out = [f"{v} {n}" for v in verbs for n in picks]
    for t in legal[:20]:
        parts = t.split()
        for i in range(1, len(parts)):
            out += [" ".join([*parts[:i], n, *parts[i + 1:]]) for n in picks[:8]]
    return out[:limit]


def told(s: westfront.State, side: str, text: str) -> str:
    """What ``side`` is told when it sends ``text``: 'legal', or the refusal as the server says it."""
    from westfront.core.errors import IllegalAction
    from westfront.core.refusals import refusal

    try:
        s.parse(text)
    except IllegalAction as e:
        return refusal(s, side, text, e.reason)
    return "legal"


def test_refusals_do_not_depend_on_what_a_side_cannot_see(game_id):
    """Refusal texts are part of what a side is told (issue 38): in positions it cannot tell apart,
    every request it could craft — naming markers, unseen pieces, their hexes — is answered alike."""
    hook = getattr(registry.module(game_id), "hidden_twins", None)
    if hook is None and not hooks_for(game_id).hidden_information:
        pytest.skip(f"{game_id} hides nothing (no hidden_twins hook, HIDDEN_INFORMATION not set)")
    pairs = hook(3) if hook is not None else determinized_twins(game_id, 4)
    differ = []
    for a, b, side in pairs:
        for text in crafted_actions(a, side):
            ta, tb = told(a, side, text), told(b, side, text)
            if ta != tb:
                differ.append((text, ta, tb))
    assert not differ, f"{len(differ)} requests answered differently, e.g. {differ[:3]}"
