import pytest

from westfront.core.actions import Action, act


def test_text_round_trip():
    a = act("move", "1st-US-Army", "1414")
    assert str(a) == "move 1st-US-Army 1414"
    assert Action.parse("move 1st-US-Army 1414") == a
    assert Action.parse("  end  ") == Action("end")


@pytest.mark.parametrize("bad", [("move", ("a b",)), ("", ()), ("move", ("",)), ("move", (["x"],)), (None, ()),
                                 ("move\t", ()), ("mové", ())])
def test_bad_tokens_are_refused_even_after_good_ones_were_seen(bad):
    act("move", "ok-unit")  # the token cache must not let anything else through
    with pytest.raises(ValueError):
        Action(bad[0], bad[1])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Action.parse("")
