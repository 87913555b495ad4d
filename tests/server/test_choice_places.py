"""The hexes a choice concerns when its words name none (the board, second pass, item 2): the
server tells the seat to move, so the map can mark them and go there."""

from __future__ import annotations

import random

from westfront import api
from westfront.server.labels import choice_places, labels_catalog


def play_until(game: str, seed: int, want, limit: int = 4000):
    s = api.load(game, None, {}, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        if want(s, [str(a) for a in acts]):
            return s
        s.apply(rng.choice(acts))
    return None


def test_a_region_choice_gives_each_region_s_candidate_hexes():
    # SFN 15.6 / D-Day §8: a drop hex is chosen region first (the kit's two-step hex choice)
    for game in ("second-front-now", "dday-3rd"):
        s = play_until(game, 0, lambda s, acts: any(a.startswith("region ") for a in acts))
        assert s is not None, game
        places = choice_places(s, s.legal_actions())
        regions = [str(a) for a in s.legal_actions() if a.verb == "region"]
        assert set(places) == set(regions)
        f = s.frames()[-1]
        for r in regions:
            assert places[r] == f["regions"][r.split()[1]]


def test_which_combat_next_gives_each_combat_s_target_hexes():
    # D-Day §10: the attacker picks which declared combat to resolve next
    s = None
    for seed in range(3):
        s = play_until("dday-3rd", seed, lambda s, acts: bool(acts) and all(a.startswith("resolve ") for a in acts))
        if s:
            break
    assert s is not None
    places = choice_places(s, s.legal_actions())
    combats = {str(c["id"]): c["targets"] for c in s.frames()[-1]["combats"]}
    assert places == {f"resolve {k}": v for k, v in combats.items()}


def test_places_named_by_a_word_come_from_the_catalog():
    # SFN 3.2: Calais or Dieppe beaches; D-Day §7: the coastal sectors
    sfn = labels_catalog("second-front-now")["places"]
    assert set(sfn) == {"calais", "dieppe"} and all(len(v) == 5 for v in sfn.values())
    dd = labels_catalog("dday-3rd")["places"]
    s = api.load("dday-3rd", None, {}, 1)
    for a in s.legal_actions():
        if a.verb == "invade":
            assert dd[a.args[0]], a
