"""Second Front Now! rules fixed in issue 32: the one-hex guarantee, strategic movement of the set-up
landing force, rebuilt German units, and the readings of 6.3/6.4, 10.3 and 6.6."""

from __future__ import annotations

from westfront.testing.kit import enter, legal

from .helpers import bare, started


def command(s, side):
    return enter(s, {"step": "command", "side": side})


def enter_from_box(s, uid, hx, mode="normal"):
    s.apply(f"enter {uid}")
    if s.frame()["step"] == "choice":
        s.apply(mode)
    col = int(hx[:2])
    s.apply(f"region cols{col - col % 4:02d}-{col - col % 4 + 3:02d}")
    s.apply(f"hex {hx}")


def test_entry_hex_spends_the_one_hex_guarantee():
    # SFN 12.4: a unit may move one hex by spending all its MP only at the very start of its move;
    # SFN 7.3: the entry hex is the reinforcement's first hex of movement, so 3123 -> 3024 across the
    # major river (2 MP) is out of reach with the 1 MP an MF-2 unit has left
    s = bare(started("calais"))
    s.g["turn"] = 3
    s.to_box("g-19", "north")
    command(s, "german")
    enter_from_box(s, "g-19", "3123")
    f = s.frame()
    assert f["step"] == "move_stack" and f["mp"] == 1
    assert "to 3024" not in legal(s)
    assert "to 3124" in legal(s)  # no river: 1 MP is enough


def test_one_hex_guarantee_at_the_start_of_a_move():
    # SFN 12.4: the same unit on the map at 3123 may cross into 3024 with its whole allowance
    s = bare(started("calais"), g_19="3123")
    s.g["turn"] = 3
    s.u("g-19")["supply"] = "none"  # OOS: movement value 1 (9.1)
    command(s, "german")
    s.apply("move 3123")
    assert "to 3024" in legal(s)
