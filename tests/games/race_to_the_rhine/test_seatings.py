"""The base game and the Patch-Devers expansion: option patch_devers, the seats of each player count, and what
the expansion alone brings (rttr 1 Components 'if playing with Patch-Devers', rttr 10.2, rttr 4.3)."""

from __future__ import annotations

import pytest

from westfront import api
from westfront.core.errors import UnknownGame
from westfront.games.race_to_the_rhine.rules import INFO

from .helpers import game


def test_both_games_and_their_seats():
    # rttr 10.2 (reconstructed, tables.toml seats / seats_base): with Patch-Devers 1-4 players, Patch-Devers always
    # plays; the base game (blurb: 'For 1-3 players') seats Bradley alone, Montgomery and Patton, or all three
    assert game(1).seats == ["patch_devers"]
    assert game(4).seats == ["montgomery", "bradley", "patton", "patch_devers"]
    assert game(1, patch_devers=False).seats == ["bradley"]
    assert game(2, patch_devers=False).seats == ["montgomery", "patton"]
    assert game(3, patch_devers=False).seats == ["montgomery", "bradley", "patton"]
    with pytest.raises(UnknownGame, match="1 to 3 players without Patch-Devers"):
        game(4, patch_devers=False)


def test_the_lobby_and_the_cli_see_the_same_seats():
    # rttr 10.2: GameInfo.seated (server, simulate, tournament) and its seatings (lobby.js) follow both options
    assert INFO.seated({"players": 2}) == ("patch_devers", "patton")  # the expansion is on by default
    assert INFO.seated({"players": 3, "patch_devers": False}) == ("patton", "bradley", "montgomery")
    assert INFO.seated({"players": 1, "patch_devers": "false"}) == ("bradley",)  # CLI text coerced alike
    with pytest.raises(ValueError, match="no seating"):
        INFO.seated({"players": 4, "patch_devers": False})
    d = INFO.to_dict()
    assert {"when": (("patch_devers", False), ("players", 2)), "sides": ("patton", "montgomery")} in d["seatings"]
    for n in (1, 2, 3, 4):
        for pd in (True, False):
            if not pd and n == 4:
                continue
            s = api.load("race-to-the-rhine", None, {"players": n, "patch_devers": pd}, 0)
            assert tuple(sorted(s.g["seats"])) == tuple(sorted(INFO.seated({"players": n, "patch_devers": pd})))


def test_the_base_game_has_no_southern_board():
    # rttr 1 Components: the Patch-Devers board is attached only 'if playing with Patch-Devers': no FFI, no Axis
    # garrison on its Fortified spaces, Karlsruhe no Axis source (rttr 4.3 Encirclement: 'Karlsruhe (if playing
    # with Patch-Devers)')
    s = game(3, patch_devers=False)
    assert s.g["ffi"] == {} and "marseille" not in s.g["axis"] and "belfort" not in s.g["axis"]
    assert not s.has_axis("freiburg")  # off the board
    assert s.graph.names(s.axis_sources()) == ["dusseldorf"]
    t = game(4)
    assert t.graph.names(t.axis_sources()) == ["dusseldorf", "karlsruhe"]
    assert s.on_board() != t.on_board() and t.on_board() == t.graph.all_bits


def test_the_base_game_view_leaves_the_southern_board_out():
    # rttr 1 Components ('if playing with Patch-Devers'): the base game's view names every space of the Patch-Devers
    # side board as out of play (the map hides them); the expansion's view leaves nothing out
    s = game(3, patch_devers=False)
    out = set(s.view("montgomery")["out_of_play"])
    pd_only = {x for x in s.graph.names(s.board.areas["patch_devers"].spaces)
               if not any(s.board.in_area(c, x) for c in ("montgomery", "bradley", "patton"))}
    assert out == pd_only and {"freiburg", "landing_zone", "marseille", "alpes_du_nord"} <= out
    assert not out & {c["space"] for c in s.gg["corps"].values()} and not out & set(s.gg["axis"])
    assert game(4).view("patton")["out_of_play"] == []
