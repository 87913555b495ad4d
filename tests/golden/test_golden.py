"""Golden games: recorded play (random and AI) must replay to the same observations.

Recorded with ``python -m westfront.testing.golden record GAME`` before the
engine's layout changed; behaviour changes on purpose (a rules fix) re-record
the games they alter and say so in the commit. Every recorded game replays to
its result and final observations here; every action's observations (all views,
prompt, legal actions) are compared for a sample by default and for all games
under ``-m slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from westfront.testing import golden

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.json.gz"))
SAMPLE = 4  # games per file checked action by action in the default suite


def _records() -> list[tuple[str, int, dict]]:
    out = []
    for path in FILES:
        for i, rec in enumerate(golden.load(path)):
            out.append((path.name.removesuffix(".json.gz"), i, rec))
    return out


RECORDS = _records()


def test_every_registered_game_has_golden_games():

    recorded = {p.name.removesuffix(".json.gz") for p in FILES}
    # games written after the golden set was recorded are covered by their own tests and fuzz
    assert {"skirmish", "dday-to-the-rhine", "onslaught", "race-to-the-rhine"} <= recorded


@pytest.mark.parametrize("game, i, rec", RECORDS, ids=[f"{g}-{i}" for g, i, _ in RECORDS])
def test_golden_game_replays_to_the_same_result(game, i, rec):
    assert golden.verify_final(rec) is None


def _sampled() -> list[tuple[str, int, dict]]:
    out = []
    for game in sorted({g for g, _, _ in RECORDS}):
        mine = [r for r in RECORDS if r[0] == game]
        step = max(1, len(mine) // SAMPLE)
        out += mine[::step][:SAMPLE] + [r for r in mine if r[2]["agents"] != "random"]
    return out


@pytest.mark.parametrize("game, i, rec", _sampled(), ids=[f"{g}-{i}" for g, i, _ in _sampled()])
def test_golden_game_observations_match_action_by_action(game, i, rec):
    assert golden.verify_game(rec) is None


@pytest.mark.slow
@pytest.mark.parametrize("game, i, rec", RECORDS, ids=[f"{g}-{i}" for g, i, _ in RECORDS])
def test_every_golden_game_action_by_action(game, i, rec):
    assert golden.verify_game(rec) is None
