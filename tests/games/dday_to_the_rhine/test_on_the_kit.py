"""1944 on the position kit (core/pieces.py, issue 34): units and phantoms are the kit's pieces; the placement kept
move by move is the one rebuilt from the two tables, and clones share records without a write leaking between
them, along random games with and without phantoms."""

from __future__ import annotations

from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.hidden import hidden_pieces
from westfront.testing.kit import walk_on_the_position_kit

from .helpers import on, position, synthetic_board


def test_kept_placement_and_clones_along_random_games():
    # 1944 9.1/11.0: stacking and ZOC read the kit's index and occupied hexes, so they must match the unit table
    walk_on_the_position_kit("dday-to-the-rhine", seeds=(5,))
    # 18.5: phantoms stand on the map like units (the Allies' blocking hexes and ZOC count them)
    walk_on_the_position_kit("dday-to-the-rhine", seeds=(6,), phantoms=True)


def test_phantoms_are_german_pieces_but_not_units():
    # 1944 18.5: a phantom blocks and projects ZOC for the Allies (they cannot tell it from a hidden unit); for the
    # Germans it is no unit: not in their units on the map nor in their own occupied hexes
    with on(synthetic_board()):
        s = position(turn=3, units={"us-7c": "0205", "ge-7a": "0807"}, options={"phantoms": True})
        s.shift_phantom("ph-1", "0505")
        s.set_fields("ph-1", hid="hm1")
        i = board().hex("0505")
        assert s.at(i) == ["ph-1"] and s.real_at(i) == []
        assert s.on_map("german") == ["ge-7a"] and not (s.units_bb("german") >> i) & 1
        assert (s.pieces_bb("german") >> i) & 1 and (s.blocking_bb("allied") >> i) & 1
        assert (s.enemy_zoc_bb("allied") >> board().hex("0504")) & 1 and not (s.zoc_bb("german") >> i) & 1
        assert hidden_pieces(s) == ["ph-1"]
        assert "box" not in s.g["phantoms"]["ph-1"]  # the save keeps a phantom's record as it was (no box field)
        s.move_piece("ph-1", "0506")  # a move gives it one, as the old put did
        assert s.g["phantoms"]["ph-1"]["box"] is None and s.at(board().hex("0506")) == ["ph-1"]
        s.shift_phantom("ph-1", None)
        assert not s.phantoms_bb() and s.at(i) == []
