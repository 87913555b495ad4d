"""One list per fact (issue 34, "how to add a game"): the registry's `GAMES` is the only list of games.

Titles come from each game's `GameInfo`; the games with a map, and whether each is hex or
point-to-point, come from `geo/specs/<game id>.toml`. `geo` sits below `games` and cannot ask the
registry, so these tests check its convention (package = id with underscores) against the registry.
"""

from __future__ import annotations

import json
from pathlib import Path

from westfront.games import registry
from westfront.geo import render, spec


def test_every_map_spec_names_a_registered_game_and_its_package() -> None:
    for game, pkg in spec.PACKAGES.items():
        assert game in registry.GAMES, f"geo/specs/{game}.toml names no registered game"
        assert registry.GAMES[game] == f"westfront.games.{pkg}"
        assert spec.data_dir(game) == Path(registry.module(game).__file__).parent / "data"


def test_map_kind_comes_from_the_spec_and_matches_the_committed_map() -> None:
    for game in registry.game_ids():
        map_file = Path(registry.module(game).MAP_FILE)
        if game not in spec.PACKAGES:
            continue  # a game drawn by hand (skirmish) has no spec
        schema = json.loads(map_file.read_text())["schema"]
        kind = "p2p" if schema.startswith("westfront-p2p") else "hex"
        assert (game in spec.HEX_GAMES, game in spec.P2P_GAMES) == (kind == "hex", kind == "p2p")


def test_titles_are_each_games_info_title() -> None:
    titles = {g: registry.info(g).title for g in registry.game_ids()}
    assert all(titles.values())
    assert not set(registry.PLANNED_TITLES) & set(titles), "a registered game's title is its GameInfo.title"


def test_render_scale_is_read_from_the_spec() -> None:
    assert render.default_hex_px({"game": "onslaught"}) == 14.0
    assert render.default_hex_px({"game": "dday-to-the-rhine"}) == 22.0
    assert render.default_hex_px({"game": "no-such-game"}) == 16.0
