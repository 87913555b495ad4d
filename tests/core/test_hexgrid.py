"""Hex geometry and label schemes."""

import pytest

from westfront.core.hexgrid import (
    COLROW,
    LETTERROW,
    LabelError,
    axial_distance,
    axial_line,
    axial_ring,
    row_index,
    row_letters,
)


def test_sfn_1414_neighbours():
    # SFN 3.4: LXXXI Corps sets up in 1414 or 1313, 1314, 1413, 1415, 1513, 1514
    assert sorted(COLROW.neighbors("1414")) == ["1313", "1314", "1413", "1415", "1513", "1514"]


def test_sfn_all_sea_hexside_examples_are_adjacent():
    # SFN 11.2 (2009 does not project ZOC into 1909) and 12.3 (1012 to 1013): both are real hexsides
    assert COLROW.distance("2009", "1909") == 1
    assert COLROW.distance("1012", "1013") == 1
    assert COLROW.side_id("2009", "1909") == COLROW.side_id("1909", "2009") == "1909|2009"


def test_odd_column_neighbours():
    # odd columns sit half a hex lower: 1313's neighbours in columns 12 and 14 are rows 13 and 14
    assert sorted(COLROW.neighbors("1313")) == ["1213", "1214", "1312", "1314", "1413", "1414"]


def test_dday_east_edge_is_a_straight_column():
    # D-Day §6.1: the German supply edge is A1, B1, C2, ..., W12
    labels = [row_letters(r) + str((r + 1) // 2) for r in range(1, 24)]
    assert labels[:4] == ["A1", "B1", "C2", "D2"] and labels[-1] == "W12"
    cols = {LETTERROW.to_offset(LETTERROW.to_axial(lab))[0] for lab in labels}
    assert len(cols) == 1, "every east-edge hex is in the same screen column"
    # numbers grow westward: within a row, n-1 is the hex to the east
    for lab in ["C2", "K6", "W12"]:
        q, r = LETTERROW.to_axial(lab)
        east = LETTERROW.label((q + 1, r))
        assert LETTERROW.center((q + 1, r))[0] > LETTERROW.center((q, r))[0]
        assert int(east[1:]) == int(lab[1:]) - 1


def test_dday_vichy_retreat_geometry():
    # D-Day §10.4.2, Fig. 13: HH31, HH29 and II31 touch Vichy (HH30); II29 and JJ30 are two hexes away
    n = set(LETTERROW.neighbors("HH30"))
    assert {"HH31", "HH29", "II31"} <= n
    assert LETTERROW.distance("HH30", "II29") == 2
    assert LETTERROW.distance("HH30", "JJ30") == 2


def test_dday_invasion_geometry():
    # D-Day §7, Fig. 4: Omaha/Gold (S33) lies between Utah (R34) and Juno/Sword (S32)
    x = lambda lab: LETTERROW.center(LETTERROW.to_axial(lab))[0]  # noqa: E731
    assert x("R34") < x("S33") < x("S32")
    # Emden (B5) lies west of Bremen (C2); Brest (V43) far west of Paris (U26)
    assert x("B5") < x("C2")
    assert x("V43") < x("U26")


def test_letter_rows():
    assert row_letters(1) == "A" and row_letters(26) == "Z" and row_letters(27) == "AA" and row_letters(38) == "LL"
    assert row_index("LL") == 38 and row_index("A") == 1
    with pytest.raises(LabelError):
        row_index("AB")


@pytest.mark.parametrize("lab", ["A1", "R34", "AA40", "LL44", "W12"])
def test_letterrow_round_trip(lab):
    assert LETTERROW.label(LETTERROW.to_axial(lab)) == lab


@pytest.mark.parametrize("lab", ["0101", "1414", "2009", "3100", "9999"])
def test_colrow_round_trip(lab):
    assert COLROW.label(COLROW.to_axial(lab)) == lab


@pytest.mark.parametrize("bad", ["141", "14a4", "", "A", "1414 "])
def test_bad_colrow_labels(bad):
    with pytest.raises(LabelError):
        COLROW.to_axial(bad)
    assert not COLROW.is_label(bad)


def test_distance_ring_line():
    assert axial_distance((0, 0), (3, -1)) == 3
    assert len(list(axial_ring((0, 0), 2))) == 12
    assert all(axial_distance((0, 0), h) == 2 for h in axial_ring((0, 0), 2))
    line = axial_line((0, 0), (4, -2))
    assert line[0] == (0, 0) and line[-1] == (4, -2) and len(line) == 5
    assert all(axial_distance(a, b) == 1 for a, b in zip(line, line[1:], strict=False))


def test_colrow_distance_matches_neighbours():
    for lab in ["1414", "1313", "0202", "2009"]:
        for n in COLROW.neighbors(lab):
            assert COLROW.distance(lab, n) == 1
    assert COLROW.distance("1414", "1616") == 3


def test_side_id_requires_adjacency():
    with pytest.raises(LabelError):
        COLROW.side_id("1414", "1416")
